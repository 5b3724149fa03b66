/* html.c - one self-contained HTML file (templates/report.html and
 * report.css embedded at build time): no scripts, no fonts, no network;
 * charts are inline SVG. Every figure links to its provenance entry, which
 * lists the file:line of each value. All text from logs is escaped. The
 * body is written into the output as it is made, not built aside and
 * copied. */
#include "chart.h"
#include "render.h"
#include "numfmt.h"
#include "../common/bdb_neutral.h"
#include "sections.h"
#include "../common/bdb_embedded.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef BDB_VERSION
#define BDB_VERSION "0"
#endif

static void esc(bdb_buf *out, const char *s)
{
    bdb_neutral_html(out, s);
}

/* An id made only of [a-z0-9-] from any text. */
static void slug(char *out, size_t n, const char *s)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++) {
        char c = *s;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out[k++] = c;
        else if (c >= 'A' && c <= 'Z')
            out[k++] = (char)(c - 'A' + 'a');
        else if (k && out[k - 1] != '-')
            out[k++] = '-';
    }
    out[k] = '\0';
}

void bdb_html_list(bdb_buf *out, const char *text)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(n < 1000 ? n : 1000), p);
        bdb_buf_puts(out, "<li>");
        esc(out, line);
        bdb_buf_puts(out, "</li>\n");
        p = nl ? nl + 1 : NULL;
    }
}

void bdb_html_table(bdb_buf *out, const bdb_rtable *t, const bdb_render_opts *o)
{
    bdb_buf_puts(out, "<div class=\"scroll\"><table>\n<tr>");
    for (size_t c = 0; c < t->ncols; c++) {
        bdb_buf_puts(out, "<th>");
        esc(out, t->cells[c]);
        bdb_buf_puts(out, "</th>");
    }
    bdb_buf_puts(out, "</tr>\n");
    for (size_t r = 1; r < t->nrows; r++) {
        const char *cls = t->tone ? bdb_tone_class(t->tone[r]) : "";
        if (*cls)
            bdb_buf_printf(out, "<tr class=\"%s\">", cls);
        else
            bdb_buf_puts(out, "<tr>");
        for (size_t c = 0; c < t->ncols; c++) {
            bdb_buf_puts(out, t->right[c] ? "<td class=\"num\">" : "<td>");
            esc(out, t->cells[r * t->ncols + c]);
            bdb_buf_puts(out, "</td>");
        }
        bdb_buf_puts(out, "</tr>\n");
        if (o)
            bdb_render_flush(o, out, 0);
    }
    bdb_buf_puts(out, "</table></div>\n");
}

/* printf's "%zu" and "%.3g" without printf: a report of a million
 * results writes millions of them */
static void put_u(bdb_buf *out, unsigned long long v)
{
    char t[24];
    bdb_buf_append(out, t, (size_t)bdb_fmt_u(t, v));
}

static void put_g(bdb_buf *out, double v, int prec)
{
    char t[BDB_FMT_G_MAX];
    bdb_buf_append(out, t, (size_t)bdb_fmt_g(t, v, prec));
}

/* "<pre>s-p<post>": the id of cell (s, p) */
static void put_cell_id(bdb_buf *out, const char *pre, size_t s, size_t p,
                        const char *post)
{
    bdb_buf_puts(out, pre);
    put_u(out, s);
    bdb_buf_append(out, "-", 1);
    put_u(out, p);
    bdb_buf_puts(out, post);
}

static const char *verdict_class(bdb_verdict v)
{
    switch (v) {
    case BDB_VERDICT_BETTER: return "better";
    case BDB_VERDICT_WORSE: return "worse";
    case BDB_VERDICT_SAME: return "same";
    case BDB_VERDICT_UNTESTED: return "untested";
    default: return "";
    }
}

static void cell_html(bdb_buf *out, const bdb_model *m, size_t s, size_t p)
{
    const bdb_rseries *se = &m->series[s];
    const bdb_cell *c = &se->cells[p];
    bdb_buf_puts(out, "<td class=\"num\">");
    if (!c->present) {
        bdb_buf_puts(out, "-</td>");
        return;
    }
    char text[160];
    bdb_section_cell_text(m, se, c, text, sizeof text);
    put_cell_id(out, "<a href=\"#c", s, p, "\">");
    esc(out, text);
    bdb_buf_puts(out, "</a>");
    if (!c->compared && s < m->nseries && p == se->ref && se->ref != m->baseline)
        bdb_buf_puts(out, "<br><span class=\"small\">(ref)</span>");
    if (c->compared) {
        char r[48];
        bdb_format_speedup(c, r, sizeof r);
        bdb_buf_printf(out, "<br><span class=\"%s\" title=\"", verdict_class(c->verdict));
        esc(out, bdb_report_verdict_word(c->verdict));
        bdb_ttest welch;
        bdb_utest mw;
        if (c->tested && bdb_cell_tests(m, se, p, &welch, &mw) == BDB_OK) {
            bdb_buf_puts(out, "; Welch p=");
            put_g(out, welch.p, 3);
            bdb_buf_puts(out, " (adjusted ");
            put_g(out, bdb_cell_p_adj(se, p), 3);
            bdb_buf_puts(out, "); Mann-Whitney p=");
            put_g(out, mw.p, 3);
        } else if (c->tested) {
            out->err = out->err ? out->err : BDB_ENOMEM;
        }
        if (isfinite(bdb_cell_speedup_lo(se, p))) {
            bdb_buf_puts(out, "; 95% CI ");
            put_g(out, bdb_cell_speedup_lo(se, p), 3);
            bdb_buf_puts(out, "-");
            put_g(out, bdb_cell_speedup_hi(se, p), 3);
        }
        bdb_buf_puts(out, "\">");
        esc(out, r);
        bdb_buf_puts(out, "</span>");
    }
    bdb_buf_puts(out, "</td>");
}

static void series_table(bdb_buf *out, const bdb_model *m, const char *tool,
                         int key_only, const bdb_render_opts *o)
{
    bdb_buf_puts(out, "<div class=\"scroll\"><table>\n<tr><th>benchmark</th>"
                      "<th>metric</th><th>parameters</th>");
    for (size_t p = 0; p < m->nplatforms; p++) {
        bdb_buf_puts(out, "<th>");
        esc(out, bdb_model_platform_name(m, p));
        if (p == m->baseline)
            bdb_buf_puts(out, " (baseline)");
        bdb_buf_puts(out, "</th>");
    }
    bdb_buf_puts(out, "</tr>\n");
    size_t *order;
    size_t norder = bdb_section_order(m, tool, key_only ? BDB_SECTION_KEY
                                                        : BDB_SECTION_OTHER,
                                      &order);
    for (size_t i = 0; i < norder; i++) {
        size_t s = order[i];
        const bdb_rseries *se = &m->series[s];
        bdb_buf_puts(out, "<tr><td>");
        esc(out, se->benchmark);
        bdb_buf_puts(out, "</td><td>");
        esc(out, se->metric);
        bdb_buf_puts(out, "</td><td class=\"small\">");
        esc(out, se->params[0] ? se->params : "-");
        bdb_buf_puts(out, "</td>");
        for (size_t p = 0; p < m->nplatforms; p++)
            cell_html(out, m, s, p);
        bdb_buf_puts(out, "</tr>\n");
        bdb_render_flush(o, out, 0);
    }
    free(order);
    bdb_buf_puts(out, "</table></div>\n");
}

/* A cairo chart as an <img> of a data: SVG: each chart is its own
 * document, so the glyph ids cairo gives every SVG cannot clash as they
 * would inline, and the page's CSP allows img-src data:. */
static void chart_img(bdb_buf *out, const bdb_model *m, bdb_chart_kind k,
                      size_t i, const char *alt, const bdb_render_opts *o)
{
    if (!bdb_chart_available(m, k, i))
        return;
    bdb_buf svg;
    bdb_buf_init(&svg);
    if (bdb_chart_svg(m, k, i, 960, 0, &svg) || !svg.len) {
        bdb_buf_free(&svg);
        return;
    }
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    bdb_buf_puts(out, "<figure class=\"chart\"><img alt=\"");
    esc(out, alt);
    bdb_buf_puts(out, "\" src=\"data:image/svg+xml;base64,");
    const unsigned char *d = (const unsigned char *)svg.data;
    char block[4096]; /* 1,024 groups at a time: a chart is megabytes */
    size_t nb = 0;
    for (size_t j = 0; j < svg.len; j += 3) {
        unsigned v = (unsigned)d[j] << 16;
        if (j + 1 < svg.len)
            v |= (unsigned)d[j + 1] << 8;
        if (j + 2 < svg.len)
            v |= d[j + 2];
        block[nb++] = b64[v >> 18 & 63];
        block[nb++] = b64[v >> 12 & 63];
        block[nb++] = j + 1 < svg.len ? b64[v >> 6 & 63] : '=';
        block[nb++] = j + 2 < svg.len ? b64[v & 63] : '=';
        if (nb == sizeof block) {
            bdb_buf_append(out, block, nb);
            nb = 0;
            bdb_render_flush(o, out, 0);
        }
    }
    bdb_buf_append(out, block, nb);
    bdb_buf_puts(out, "\"></figure>\n");
    bdb_buf_free(&svg);
}

static void provenance(bdb_buf *out, const bdb_model *m,
                       const bdb_render_opts *o)
{
    bdb_buf_puts(out, "<h2 id=\"provenance\">Provenance</h2>\n<p class=\"small\">"
                      "Each figure above is the mean of the values below; each "
                      "value came from the file and line shown.</p>\n"
                      "<div class=\"scroll\"><table>\n<tr><th>figure</th>"
                      "<th>platform</th><th>values (file:line)</th></tr>\n");
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present)
                continue;
            put_cell_id(out, "<tr id=\"c", s, p, "\"><td>");
            esc(out, se->tool);
            bdb_buf_puts(out, " ");
            esc(out, se->benchmark);
            bdb_buf_puts(out, " ");
            esc(out, se->metric);
            if (se->params[0]) {
                bdb_buf_puts(out, " <span class=\"small\">");
                esc(out, se->params);
                bdb_buf_puts(out, "</span>");
            }
            bdb_buf_puts(out, "</td><td>");
            esc(out, bdb_model_platform_name(m, p));
            bdb_buf_puts(out, "</td><td class=\"small\">");
            for (size_t i = 0; i < c->n; i++) {
                char v[96];
                bdb_format_series_value(se, c->values[i], v, sizeof v);
                if (i)
                    bdb_buf_puts(out, "<br>");
                esc(out, v);
                if (bdb_cell_outliers(c)[i])
                    bdb_buf_puts(out, " <span class=\"warn\">(outlier)</span>");
                bdb_buf_puts(out, " &mdash; <code>");
                /* the path whole, however long (a copy into a fixed
                 * buffer cut paths past 1,200 bytes) */
                esc(out, bdb_cell_path(m, c, i));
                bdb_buf_append(out, ":", 1);
                int line = bdb_cell_lines(c)[i];
                if (line < 0)
                    bdb_buf_append(out, "-", 1);
                put_u(out, line < 0 ? 0ULL - (unsigned long long)line
                                    : (unsigned long long)line);
                bdb_buf_puts(out, "</code>");
            }
            bdb_buf_puts(out, "</td></tr>\n");
        }
        bdb_render_flush(o, out, 0);
    }
    bdb_buf_puts(out, "</table></div>\n");
    bdb_rtable t;
    bdb_section_sources(m, 1, &t);
    if (t.nrows > 1) {
        bdb_buf_puts(out, "<h3>Where published figures come from</h3>\n");
        bdb_html_table(out, &t, o);
    }
    bdb_rtable_free(&t);
}

/* One trace's chart: its points of the charted quantity over their
 * intervals, as inline SVG (texts as <text>). */
static int trace_chart(bdb_buf *out, const bdb_model *m, size_t i)
{
    const bdb_rtrace *t = &m->traces.v[i];
    char **x = calloc(t->n ? t->n : 1, sizeof *x);
    double *y = malloc((t->n ? t->n : 1) * sizeof *y);
    size_t n = 0;
    int rc = x && y ? BDB_OK : BDB_ENOMEM;
    for (size_t k = 0; k < t->n && !rc; k++) {
        const bdb_rtrace_point *p = &t->points[k];
        if (strcmp(p->what, t->what) != 0)
            continue;
        char name[160];
        bdb_section_trace_point_name(p, name, sizeof name);
        if (!(x[n] = strdup(name)))
            rc = BDB_ENOMEM;
        else
            y[n++] = p->value;
    }
    if (!rc && n) {
        /* the heading above names the run; the chart, its quantity */
        char head[96];
        snprintf(head, sizeof head, "%s over the run's intervals", t->what);
        bdb_chart_line c = {.title = head, .unit = t->unit,
                            .y_title = t->what, .x_title = "interval (s)",
                            .n = n, .x = (const char *const *)x, .y = y};
        bdb_buf_puts(out, "<figure class=\"chart trace\">");
        rc = bdb_chart_line_svg_inline(&c, 720, 300, out);
        bdb_buf_puts(out, "</figure>\n");
    }
    for (size_t k = 0; x && k < n; k++)
        free(x[k]);
    free(x);
    free(y);
    return rc;
}

/* The traces of the report's runs, a chart each, and what is left out. */
static void traces_html(bdb_buf *out, const bdb_model *m,
                        const bdb_render_opts *o)
{
    const bdb_rtraces *ts = &m->traces;
    if (!ts->n && !ts->left_out)
        return;
    bdb_buf_puts(out, "<h2 id=\"traces\">Traces</h2>\n<p class=\"small\">"
                      "The interval, per-stream and per-thread lines of the "
                      "runs above, in the order of their logs. A run's "
                      "figure is its summary line; these show how it got "
                      "there.</p>\n");
    char title[1200], text[400];
    for (size_t i = 0; i < ts->n && !out->err; i++) {
        bdb_section_trace_title(m, i, title, sizeof title);
        bdb_section_trace_figures(m, i, text, sizeof text);
        bdb_buf_puts(out, "<h3>");
        esc(out, title);
        bdb_buf_puts(out, "</h3>\n<p class=\"small\">");
        esc(out, text);
        bdb_buf_puts(out, "</p>\n");
        int rc = trace_chart(out, m, i);
        if (rc && !out->err)
            out->err = rc;
        bdb_render_flush(o, out, 0);
    }
    bdb_section_traces_left_out(m, text, sizeof text);
    if (text[0]) {
        bdb_buf_puts(out, "<p class=\"warn\">");
        esc(out, text);
        bdb_buf_puts(out, "</p>\n");
    }
}

/* The navigation bar: the sections body() writes, in its order. Made
 * before the body, so that the body can go straight into the output. */
static void nav_html(bdb_buf *nav, const bdb_model *m)
{
    bdb_buf_puts(nav, "<a href=\"#overview\">Overview</a><a href=\"#findings\">Findings</a>"
                      "<a href=\"#platforms\">Platforms</a><a href=\"#scores\">Scores</a>");
    const char **tools;
    size_t ntools;
    if (bdb_section_tools(m, &tools, &ntools) && !nav->err)
        nav->err = BDB_ENOMEM;
    for (size_t i = 0; i < ntools; i++) {
        char id[80];
        slug(id, sizeof id, tools[i]);
        bdb_buf_printf(nav, "<a href=\"#tool-%s\">", id);
        esc(nav, tools[i]);
        bdb_buf_puts(nav, "</a>");
    }
    free(tools);
    if (m->nsweeps)
        bdb_buf_puts(nav, "<a href=\"#sweeps\">Sweeps</a>");
    if (m->traces.n || m->traces.left_out)
        bdb_buf_puts(nav, "<a href=\"#traces\">Traces</a>");
    bdb_buf_puts(nav, "<a href=\"#efficiency\">Efficiency</a>");
    bdb_buf_puts(nav, "<a href=\"#warnings\">Warnings</a><a href=\"#method\">Method</a>"
                      "<a href=\"#provenance\">Provenance</a>");
}

static void body(bdb_buf *out, const bdb_model *m, const bdb_render_opts *o)
{
    bdb_rtable t;
    bdb_buf_puts(out, "<h2 id=\"overview\">Overview</h2>\n");
    chart_img(out, m, BDB_CHART_OVERVIEW, 0, "headline ratios against the baseline", o);
    bdb_buf_puts(out, "<h2 id=\"findings\">Findings</h2>\n<ul class=\"findings\">\n");
    bdb_buf f;
    bdb_buf_init(&f);
    bdb_report_findings(m, &f, "");
    bdb_html_list(out, f.data);
    bdb_buf_free(&f);
    bdb_buf_puts(out, "</ul>\n<h2 id=\"platforms\">Platforms</h2>\n");
    bdb_section_platforms(m, &t);
    bdb_html_table(out, &t, o);
    bdb_rtable_free(&t);
    bdb_section_differs(m, &t);
    if (t.nrows > 1) {
        bdb_buf_puts(out, "<h3>What differs between these platforms</h3>\n");
        bdb_html_table(out, &t, o);
    }
    bdb_rtable_free(&t);
    bdb_buf_puts(out, "<h2 id=\"scores\">Summary scores</h2>\n<p class=\"small\">"
                      "Geometric mean of ratios against the baseline over "
                      "headline series, with a 95% bootstrap interval and the "
                      "number of series behind it.</p>\n");
    chart_img(out, m, BDB_CHART_SCORES, 0, "category scores", o);
    bdb_section_scores(m, &t);
    if (t.nrows > 1)
        bdb_html_table(out, &t, o);
    else
        bdb_buf_puts(out, "<p>No series is measured on two platforms.</p>\n");
    bdb_rtable_free(&t);

    const char **tools;
    size_t ntools;
    if (bdb_section_tools(m, &tools, &ntools) && !out->err)
        out->err = BDB_ENOMEM;
    for (size_t i = 0; i < ntools; i++) {
        char id[80];
        slug(id, sizeof id, tools[i]);
        bdb_buf_printf(out, "<h2 id=\"tool-%s\">", id);
        esc(out, tools[i]);
        bdb_buf_printf(out, " <span class=\"small\">(%s)</span></h2>\n",
                       bdb_model_category(tools[i]));
        size_t key = 0, other = 0;
        for (size_t s = 0; s < m->nseries; s++)
            if (strcmp(m->series[s].tool, tools[i]) == 0) {
                if (bdb_report_is_key_series(&m->series[s]))
                    key++;
                else
                    other++;
            }
        if (key)
            series_table(out, m, tools[i], 1, o);
        size_t nh = 0;
        for (size_t s = 0; s < m->nseries; s++)
            nh += strcmp(m->series[s].tool, tools[i]) == 0 && m->series[s].headline;
        if (nh && nh <= 12) {
            bdb_buf_puts(out, "<details><summary>bar charts</summary>\n");
            for (size_t s = 0; s < m->nseries; s++)
                if (strcmp(m->series[s].tool, tools[i]) == 0 && m->series[s].headline)
                    chart_img(out, m, BDB_CHART_SERIES, s, m->series[s].benchmark, o);
            bdb_buf_puts(out, "</details>\n");
        }
        if (other) {
            bdb_buf_printf(out, "<details><summary>%zu more metrics</summary>\n", other);
            series_table(out, m, tools[i], 0, o);
            bdb_buf_puts(out, "</details>\n");
        }
        bdb_render_flush(o, out, 0);
    }
    free(tools);
    if (m->nsweeps) {
        bdb_buf_puts(out, "<h2 id=\"sweeps\">Sweeps</h2>\n");
        for (size_t w = 0; w < m->nsweeps; w++) {
            const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
            int key = bdb_report_is_key_series(first);
            if (!key)
                bdb_buf_puts(out, "<details><summary>");
            bdb_buf_puts(out, key ? "<h3>" : "");
            esc(out, m->sweeps[w].label);
            bdb_buf_puts(out, key ? "</h3>\n" : "</summary>\n");
            chart_img(out, m, BDB_CHART_SWEEP, w, m->sweeps[w].label, o);
            bdb_section_sweep(m, w, &t);
            bdb_html_table(out, &t, o);
            bdb_rtable_free(&t);
            if (!key)
                bdb_buf_puts(out, "</details>\n");
            bdb_render_flush(o, out, 0);
        }
    }
    traces_html(out, m, o);
    bdb_section_efficiency(m, &t);
    bdb_buf_puts(out, "<h2 id=\"efficiency\">Efficiency</h2>\n");
    if (t.nrows > 1)
        bdb_html_table(out, &t, o);
    else
        bdb_buf_puts(out, "<p>No headline series has efficiency inputs.</p>\n");
    bdb_rtable_free(&t);
    bdb_buf miss;
    bdb_buf_init(&miss);
    bdb_section_missing_inputs(m, &miss, "");
    if (miss.len) {
        bdb_buf_puts(out, "<h3>Missing inputs</h3>\n<ul>\n");
        bdb_html_list(out, miss.data);
        bdb_buf_puts(out, "</ul>\n");
    }
    bdb_buf_free(&miss);
    static const bdb_chart_kind eff[] = {BDB_CHART_PER_WATT, BDB_CHART_PER_USD,
                                         BDB_CHART_PER_TCO, BDB_CHART_VS_POWER,
                                         BDB_CHART_VS_PRICE, BDB_CHART_MATCH};
    for (size_t k = 0; k < sizeof eff / sizeof eff[0]; k++)
        chart_img(out, m, eff[k], 0, "efficiency", o);
    bdb_section_warnings(m, &t);
    bdb_buf_puts(out, "<h2 id=\"warnings\">Warnings</h2>\n");
    if (t.nrows > 1)
        bdb_html_table(out, &t, o);
    else
        bdb_buf_puts(out, "<p>None: no log of these figures had a warning.</p>\n");
    bdb_rtable_free(&t);
    bdb_buf_puts(out, "<h2 id=\"method\">How to read this report</h2>\n<ul>\n");
    bdb_buf notes;
    bdb_buf_init(&notes);
    bdb_report_method_notes(m, &notes, "");
    bdb_html_list(out, notes.data);
    bdb_buf_free(&notes);
    bdb_buf_puts(out, "</ul>\n");
    provenance(out, m, o);
}

int bdb_html_page(bdb_buf *out, const bdb_html_page_parts *pp)
{
    const bdb_embedded_file *tpl = bdb_embedded_template("report.html");
    const bdb_embedded_file *css = bdb_embedded_template("report.css");
    if (!tpl || !css)
        return BDB_ENOTFOUND;
    const char *p = tpl->data;
    int rc = BDB_OK;
    while (*p && !rc) {
        const char *open = strstr(p, "{{");
        if (!open) {
            rc = bdb_buf_puts(out, p);
            break;
        }
        bdb_buf_append(out, p, (size_t)(open - p));
        const char *close = strstr(open, "}}");
        if (!close)
            break;
        size_t n = (size_t)(close - open - 2);
        if (n == 5 && strncmp(open + 2, "title", 5) == 0)
            esc(out, pp->title);
        else if (n == 3 && strncmp(open + 2, "css", 3) == 0)
            bdb_buf_puts(out, css->data);
        else if (n == 4 && strncmp(open + 2, "body", 4) == 0)
            pp->body(out, pp->ctx);
        else if (n == 3 && strncmp(open + 2, "nav", 3) == 0)
            bdb_buf_puts(out, pp->nav ? pp->nav : "");
        else if (n == 4 && strncmp(open + 2, "meta", 4) == 0)
            bdb_buf_puts(out, pp->meta ? pp->meta : "");
        else if (n == 6 && strncmp(open + 2, "footer", 6) == 0)
            esc(out, pp->footer ? pp->footer : "");
        else if (n == 7 && strncmp(open + 2, "version", 7) == 0)
            bdb_buf_puts(out, BDB_VERSION);
        p = close + 2;
    }
    return rc ? rc : out->err;
}

typedef struct report_page {
    const bdb_model *m;
    const bdb_render_opts *o;
} report_page;

static void report_body(bdb_buf *out, const void *ctx)
{
    const report_page *rp = ctx;
    body(out, rp->m, rp->o);
}

int bdb_report_render_html(const bdb_model *m, const bdb_render_opts *o,
                           bdb_buf *out)
{
    /* the small parts first; the body is written into out where the
     * template has it, as it is made (no second copy of the report) */
    bdb_buf nav, meta;
    bdb_buf_init(&nav);
    bdb_buf_init(&meta);
    nav_html(&nav, m);
    bdb_buf_printf(&meta, "%zu platforms, %zu series, baseline ", m->nplatforms,
                   m->nseries);
    esc(&meta, bdb_model_platform_name(m, m->baseline));
    int rc = nav.err ? nav.err : meta.err;
    report_page rp = {m, o};
    bdb_html_page_parts pp = {
        .title = m->title, .meta = meta.data, .nav = nav.data,
        .footer = "Every figure links to the log lines it came from "
                  "(Provenance).",
        .body = report_body, .ctx = &rp};
    if (!rc)
        rc = bdb_html_page(out, &pp);
    bdb_buf_free(&nav);
    bdb_buf_free(&meta);
    return rc;
}
