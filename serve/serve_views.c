/* serve_views.c - the views made from the report model: the overview
 * (platforms, what differs, scores, the overview chart, findings), one
 * tool's comparison tables with its sweeps, one series (values per
 * platform with intervals, every raw value linked to its log line, its
 * history over run sets) and efficiency. The model, its sections, charts
 * and renderers do the work; this file lays them out and links them. */
#include "serve_internal.h"
#include "../report/render/chart.h"
#include "../report/analysis/model_means.h"
#include "../report/render/render.h"
#include "../report/render/sections.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Series a series page shows at most (each with its history). */
#define SRV_MAX_SERIES_PAGE 50
/* Bootstrap resamples of the overview page's score intervals (the report
 * and the downloads use the report's 2000): a lab's thousands of headline
 * ratios per category made them most of the page's time. */
#define SRV_OVERVIEW_RESAMPLES 250

static const char *nonempty(const char *s)
{
    return s && *s ? s : NULL;
}

/* A number from the query in [lo, hi], else def (and a 400 when it is
 * there but wrong). */
static int num_arg(srv_req *r, const char *key, double lo, double hi,
                   double *v)
{
    const char *s = nonempty(srv_arg(r, key));
    if (!s)
        return 0;
    char *end;
    double x = strtod(s, &end);
    if (*end || !(x >= lo && x <= hi)) {
        srv_fail(r, 400, "%s=%s: a number from %g to %g", key, s, lo, hi);
        return -1;
    }
    *v = x;
    return 0;
}

/* The report options of the request's selection; -1 after an error page. */
static int model_opts(srv_req *r, int all, bdb_report_opts *out)
{
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.title = "benchdb serve";
    o.baseline = nonempty(srv_arg(r, "baseline"));
    o.platforms = r->f.platforms;
    o.filter = r->f;
    o.filter.platforms = NULL;    /* the model picks platforms itself */
    if (all || nonempty(srv_arg(r, "all")))
        o.min_platforms = 1;
    /* a page shows the ratio, not its bootstrap interval (the downloads
     * have it); the scores keep theirs */
    o.no_speedup_ci = r->format == SRV_HTML;
    if (num_arg(r, "kwh_price", 0, 1e6, &o.cost.kwh_price) ||
        num_arg(r, "years", 0.01, 100, &o.cost.years) ||
        num_arg(r, "utilization", 0, 1, &o.cost.utilization))
        return -1;
    *out = o;
    return 0;
}

/* The model of the request's selection; NULL after an error page. */
static bdb_model *build_model(srv_req *r, int all)
{
    bdb_report_opts o;
    if (model_opts(r, all, &o))
        return NULL;
    bdb_model *m = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(r->st, &o, &m, &d)) {
        if (d.code == BDB_ENOTFOUND)
            srv_fail(r, 404, "%s", d.message);
        else
            srv_store_failed(r, "building the report", d.message);
        return NULL;
    }
    return m;
}

/* The model of the request's selection from the store's per-cell means
 * (model_means.h), its scores' intervals from SRV_OVERVIEW_RESAMPLES;
 * -1 after an error page. */
static int means_model(srv_req *r, const char *what, bdb_means_overview *ov)
{
    bdb_report_opts o;
    if (model_opts(r, 0, &o))
        return -1;
    o.resamples = SRV_OVERVIEW_RESAMPLES;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build_means(r->st, &o, ov, &d)) {
        if (d.code == BDB_ENOTFOUND)
            srv_fail(r, 404, "%s", d.message);
        else
            srv_store_failed(r, what, d.message);
        return -1;
    }
    return 0;
}

/* CSV, JSON or the HTML report of the model instead of the page: 1 when
 * it was one of those. */
static int model_download(srv_req *r, const bdb_model *m, const char *stem)
{
    bdb_render_opts ro = {.all_metrics = 1};
    char name[96];
    int rc;
    switch (r->format) {
    case SRV_CSV:
        rc = bdb_report_render_csv(m, &ro, &r->body);
        snprintf(name, sizeof name, "%s.csv", stem);
        srv_download(r, "text/csv; charset=utf-8", name);
        break;
    case SRV_JSON:
        rc = bdb_report_render_json(m, &ro, &r->body);
        snprintf(name, sizeof name, "%s.json", stem);
        srv_download(r, "application/json", name);
        break;
    case SRV_REPORT:
        rc = bdb_report_render_html(m, &ro, &r->body);
        snprintf(name, sizeof name, "%s.html", stem);
        srv_download(r, "text/html; charset=utf-8", name);
        bdb_chart_release_caches();
        break;
    default:
        return 0;
    }
    if (rc)
        srv_fail(r, 500, "cannot render: %s", bdb_strerror(rc));
    return 1;
}

static void tool_link(srv_req *r, const char *tool, const char *text)
{
    bdb_buf u;
    bdb_buf_init(&u);
    srv_url(&u, "/tool");
    srv_url_arg(&u, "tool", tool);
    srv_url_selection(&u, r, "tool,benchmark,metric,param,old,new");
    srv_link(&r->body, &u, text);
    bdb_buf_free(&u);
}

static void list_lines(srv_req *r, const char *text)
{
    bdb_buf_puts(&r->body, "<ul>\n");
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        char *line = strndup(p, n);
        bdb_buf_puts(&r->body, "<li>");
        srv_esc(&r->body, line ? line : "");
        bdb_buf_puts(&r->body, "</li>\n");
        free(line);
        p += n + (p[n] == '\n');
    }
    bdb_buf_puts(&r->body, "</ul>\n");
}

static void section(srv_req *r, int (*make)(const bdb_model *, bdb_rtable *),
                    const bdb_model *m, const char *title, const char *none)
{
    bdb_rtable t;
    if (make(m, &t) == BDB_OK && t.nrows > 1) {
        if (title) {
            bdb_buf_puts(&r->body, "<h2>");
            srv_esc(&r->body, title);
            bdb_buf_puts(&r->body, "</h2>\n");
        }
        srv_table(r, &t);
    } else if (none) {
        srv_note(r, 0, "%s", none);
    }
    bdb_rtable_free(&t);
}

void srv_view_overview(srv_req *r)
{
    if (r->format != SRV_HTML) {
        /* the downloads hold the whole report model */
        bdb_model *m = build_model(r, 0);
        if (m)
            model_download(r, m, "benchdb-overview");
        bdb_model_free(m);
        return;
    }
    /* the page from the store's per-cell means: a lab's million values
     * never leave the database */
    bdb_means_overview ov;
    if (means_model(r, "building the overview", &ov))
        return;
    const bdb_model *m = ov.m;
    srv_page_begin(r, "Overview");
    bdb_buf *b = &r->body;
    bdb_buf_printf(b, "<p class=\"small\">%zu platforms, %lld results, %zu "
                   "series, %zu of them on %s platforms (%zu headline series "
                   "count towards the scores), baseline ", m->nplatforms,
                   ov.nresults, ov.selected, ov.shown,
                   nonempty(srv_arg(r, "all")) ? "one or more" : "two or more",
                   m->nseries);
    srv_esc(b, bdb_model_platform_name(m, m->baseline));
    bdb_buf_puts(b, ". Series measured on one platform only: ");
    bdb_buf u;
    bdb_buf_init(&u);
    srv_url(&u, "/");
    srv_url_selection(&u, r, "all,old,new");
    srv_url_arg(&u, "all", "1");
    srv_link(b, &u, "count them too");
    bdb_buf_puts(b, ".</p>\n");
    section(r, bdb_section_platforms, m, "Platforms", NULL);
    section(r, bdb_section_differs, m, "What differs between them", NULL);
    bdb_buf_puts(b, "<h2>Summary scores</h2>\n");
    srv_chart(r, m, BDB_CHART_SCORES, 0, "category scores");
    section(r, bdb_section_scores, m, NULL,
            "No series is measured on two platforms.");
    bdb_buf_puts(b, "<h2>Overview</h2>\n");
    srv_chart(r, m, BDB_CHART_OVERVIEW, 0, "headline ratios against the baseline");
    srv_note(r, 0, "Ratios of means against the baseline; the scores' "
             "intervals from %d bootstrap resamples (the report's: 2000). "
             "Each tool's and series' page gives the tests, verdicts and "
             "intervals, the report (download below) the findings.",
             SRV_OVERVIEW_RESAMPLES);
    bdb_buf_puts(b, "<h2>Tools</h2>\n<ul>\n");
    for (size_t i = 0; i < ov.ntools; i++) {
        if (!ov.tools[i].nseries)
            continue;
        bdb_buf_puts(b, "<li>");
        tool_link(r, ov.tools[i].tool, ov.tools[i].tool);
        bdb_buf_printf(b, " <span class=\"small\">(%s, %zu series)</span></li>\n",
                       bdb_model_category(ov.tools[i].tool),
                       ov.tools[i].nseries);
    }
    bdb_buf_puts(b, "</ul>\n");
    if (m->nplatforms >= 2) {
        srv_url(&u, "/compare");
        srv_url_selection(&u, r, "platform,old,new");
        char side[80];
        snprintf(side, sizeof side, "platform:%s", bdb_model_platform_name(m, 0));
        srv_url_arg(&u, "old", side);
        snprintf(side, sizeof side, "platform:%s", bdb_model_platform_name(m, 1));
        srv_url_arg(&u, "new", side);
        bdb_buf_puts(b, "<p>");
        srv_link(b, &u, "Compare the first two platforms");
        bdb_buf_puts(b, "</p>\n");
    }
    bdb_buf_free(&u);
    srv_page_end(r, 1);
    bdb_chart_release_caches();
    bdb_means_overview_free(&ov);
}

/* One cell: the figure, linked to its platform on the series' page,
 * and its ratio against the reference with the verdict's class. */
static void cell(srv_req *r, const bdb_model *m, const bdb_rseries *se,
                 size_t p, const bdb_buf *series_url)
{
    const bdb_cell *c = &se->cells[p];
    bdb_buf *b = &r->body;
    bdb_buf_puts(b, "<td class=\"num\">");
    if (!c->present) {
        bdb_buf_puts(b, "-</td>");
        return;
    }
    char text[160];
    bdb_section_cell_text(m, se, c, text, sizeof text);
    bdb_buf u;
    bdb_buf_init(&u);
    bdb_buf_append(&u, series_url->data, series_url->len);
    bdb_buf_printf(&u, "#p-");
    for (const char *q = bdb_model_platform_name(m, p); *q; q++)
        bdb_buf_printf(&u, "%02x", (unsigned char)*q);
    srv_link(b, &u, text);
    bdb_buf_free(&u);
    if (c->compared) {
        char sp[48];
        bdb_format_speedup(c, sp, sizeof sp);
        bdb_buf_puts(b, "<br><span class=\"small\" title=\"");
        srv_esc(b, bdb_report_verdict_word(c->verdict));
        bdb_buf_puts(b, "\">");
        srv_esc(b, sp);
        bdb_buf_puts(b, "</span>");
    }
    bdb_buf_puts(b, "</td>");
}

void srv_view_tool(srv_req *r)
{
    if (!r->f.tool)
        return srv_fail(r, 400, "which tool? /tool?tool=NAME");
    if (r->format != SRV_HTML) {
        /* the downloads hold every series */
        bdb_model *m = build_model(r, 0);
        if (m)
            model_download(r, m, "benchdb-tool");
        bdb_model_free(m);
        return;
    }
    /* a page of the tool's series: the model of those alone */
    size_t page = srv_page_arg(r);
    if (!page)
        return;
    size_t size = r->o->max_rows < SRV_PAGE_SERIES ? r->o->max_rows
                                                   : SRV_PAGE_SERIES;
    long long *ids;
    size_t nids, total;
    int rc = srv_page_series(r, page, size, &ids, &nids, &total);
    if (rc) {
        free(ids);
        return srv_store_failed(r, "listing the series",
                                bdb_store_errmsg(r->st));
    }
    size_t pages = (total + size - 1) / size;
    if (page > 1 && page > pages) {
        free(ids);
        return srv_fail(r, 404, "page %zu: the selection has %zu pages", page,
                        pages);
    }
    /* the page's series by id alone: they are of the selection's series
     * terms already, which with them made the database walk the tool's
     * whole index to check 200 ids */
    bdb_filter keep = r->f;
    r->f.tool = r->f.benchmark = r->f.metric = NULL;
    r->f.params = NULL;
    r->f.series_ids = ids;
    r->f.nseries_ids = nids;
    bdb_model *m = build_model(r, 0);
    r->f = keep;
    free(ids);
    if (!m)
        return;
    char title[160];
    snprintf(title, sizeof title, "Tool %s", r->f.tool);
    srv_page_begin(r, title);
    srv_page_nav(r, "/tool", page, pages, size, total);
    bdb_buf *b = &r->body;
    bdb_buf u;
    bdb_buf_init(&u);
    if (!nonempty(srv_arg(r, "all"))) {
        bdb_buf_puts(b, "<p class=\"small\">Series measured on two platforms "
                        "or more. ");
        srv_url(&u, "/tool");
        srv_url_selection(&u, r, "old,new");
        srv_url_arg(&u, "all", "1");
        srv_link(b, &u, "Every series");
        bdb_buf_puts(b, "</p>\n");
    }
    bdb_buf_puts(b, "<div class=\"scroll\"><table>\n<tr><th>benchmark</th>"
                    "<th>metric</th><th>parameters</th>");
    for (size_t p = 0; p < m->nplatforms; p++) {
        bdb_buf_puts(b, "<th>");
        srv_esc(b, bdb_model_platform_name(m, p));
        bdb_buf_puts(b, p == m->baseline ? " (baseline)</th>" : "</th>");
    }
    bdb_buf_puts(b, "</tr>\n");
    size_t shown = 0;
    for (size_t s = 0; s < m->nseries && shown < r->o->max_rows; s++, shown++) {
        const bdb_rseries *se = &m->series[s];
        srv_url_series(&u, r, se->tool, se->benchmark, se->metric, se->params);
        bdb_buf_puts(b, "<tr><td>");
        srv_link(b, &u, se->benchmark);
        bdb_buf_puts(b, "</td><td>");
        srv_esc(b, se->metric);
        bdb_buf_puts(b, "</td><td class=\"small\">");
        srv_esc(b, se->params[0] ? se->params : "-");
        bdb_buf_puts(b, "</td>");
        for (size_t p = 0; p < m->nplatforms; p++)
            cell(r, m, se, p, &u);
        bdb_buf_puts(b, "</tr>\n");
    }
    bdb_buf_puts(b, "</table></div>\n");
    if (shown < m->nseries)
        srv_note(r, 1, "cut: %zu of %zu series shown (the row cap); narrow "
                 "the selection (benchmark=, metric=, param=)", shown,
                 m->nseries);
    if (pages > 1) {
        r->cut = 1;
        srv_note(r, 1, "cut: this page shows series %zu to %zu of the "
                 "selection's %zu (%zu a page; those on fewer platforms than "
                 "the table needs are left out); the next page has the "
                 "rest, the CSV and JSON downloads every series; sweep "
                 "charts are drawn over the series of this page",
                 (page - 1) * size + 1, (page - 1) * size + nids, total, size);
        srv_page_nav(r, "/tool", page, pages, size, total);
    }
    for (size_t w = 0; w < m->nsweeps && w < 64; w++) {
        bdb_buf_puts(b, "<h3>");
        srv_esc(b, m->sweeps[w].label);
        bdb_buf_puts(b, "</h3>\n");
        srv_chart(r, m, BDB_CHART_SWEEP, w, m->sweeps[w].label);
    }
    if (m->nsweeps > 64)
        srv_note(r, 1, "cut: 64 of %zu sweep charts shown", m->nsweeps);
    bdb_buf_free(&u);
    srv_page_end(r, 1);
    bdb_chart_release_caches();
    bdb_model_free(m);
}

static void fmt_num(char *out, size_t n, double v, const char *unit)
{
    if (isfinite(v))
        bdb_format_value(v, unit, out, n);
    else
        snprintf(out, n, "-");
}

/* Per platform: n, mean, median, sd, CV, the mean's 95% interval, min,
 * max and the ratio against the reference. */
static void series_summary(srv_req *r, const bdb_model *m,
                           const bdb_rseries *se)
{
    bdb_buf *b = &r->body;
    bdb_buf_puts(b, "<div class=\"scroll\"><table>\n<tr><th>platform</th>"
                    "<th>n</th><th>mean</th><th>95% CI of the mean</th>"
                    "<th>median</th><th>sd</th><th>CV</th><th>min</th>"
                    "<th>max</th><th>vs reference</th></tr>\n");
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_cell *c = &se->cells[p];
        if (!c->present)
            continue;
        char mean[64], lo[64], hi[64], med[64], sd[64], mn[64], mx[64],
            cv[32] = "-", sp[48] = "-";
        bdb_summary sum;
        if (bdb_cell_summary(m, c, &sum)) {
            b->err = b->err ? b->err : BDB_ENOMEM; /* the page fails */
            return;
        }
        fmt_num(mean, sizeof mean, sum.mean, se->unit);
        fmt_num(lo, sizeof lo, sum.mean_ci_lo, se->unit);
        fmt_num(hi, sizeof hi, sum.mean_ci_hi, se->unit);
        fmt_num(med, sizeof med, sum.median, se->unit);
        fmt_num(sd, sizeof sd, sum.sd, se->unit);
        fmt_num(mn, sizeof mn, sum.min, se->unit);
        fmt_num(mx, sizeof mx, sum.max, se->unit);
        if (isfinite(sum.cv))
            snprintf(cv, sizeof cv, "%.1f%%%s", 100 * fabs(sum.cv),
                     c->noisy ? " (noisy)" : "");
        if (c->compared)
            bdb_format_speedup(c, sp, sizeof sp);
        else if (p == se->ref)
            snprintf(sp, sizeof sp, "reference");
        bdb_buf_puts(b, "<tr id=\"p-");
        for (const char *q = bdb_model_platform_name(m, p); *q; q++)
            bdb_buf_printf(b, "%02x", (unsigned char)*q);
        bdb_buf_puts(b, "\"><td>");
        srv_esc(b, bdb_model_platform_name(m, p));
        bdb_buf_printf(b, "</td><td class=\"num\">%zu</td>", (size_t)c->n);
        const char *cells[] = {mean, NULL, med, sd, cv, mn, mx, sp};
        for (size_t k = 0; k < sizeof cells / sizeof cells[0]; k++) {
            bdb_buf_puts(b, "<td class=\"num\">");
            if (cells[k]) {
                srv_esc(b, cells[k]);
            } else if (isfinite(sum.mean_ci_lo)) {
                srv_esc(b, lo);
                bdb_buf_puts(b, " .. ");
                srv_esc(b, hi);
            } else {
                bdb_buf_puts(b, "-");
            }
            bdb_buf_puts(b, "</td>");
        }
        bdb_buf_puts(b, "</tr>\n");
    }
    bdb_buf_puts(b, "</table></div>\n");
}

/* Every value with the file:line it came from, linked to that line of the
 * stored log. Returns how many rows it wrote. */
static size_t series_values(srv_req *r, const bdb_model *m,
                            const bdb_rseries *se, size_t budget)
{
    bdb_buf *b = &r->body;
    bdb_buf u;
    bdb_buf_init(&u);
    size_t rows = 0, total = 0;
    bdb_buf_puts(b, "<div class=\"scroll\"><table>\n<tr><th>platform</th>"
                    "<th>value</th><th>from (file:line)</th></tr>\n");
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_cell *c = &se->cells[p];
        for (size_t i = 0; c->present && i < c->n; i++, total++) {
            if (rows >= budget)
                continue;
            rows++;
            char v[64], where[64];
            bdb_format_value(c->values[i], se->unit, v, sizeof v);
            bdb_buf_puts(b, "<tr><td>");
            srv_esc(b, bdb_model_platform_name(m, p));
            bdb_buf_puts(b, "</td><td class=\"num\">");
            srv_esc(b, v);
            if (bdb_cell_outliers(c)[i])
                bdb_buf_puts(b, " <span class=\"warn\">(outlier)</span>");
            bdb_buf_puts(b, "</td><td><code>");
            int line = bdb_cell_lines(c)[i];
            srv_url_line(&u, bdb_cell_source_ids(c)[i], line > 0 ? line : 0);
            bdb_buf_puts(b, "<a href=\"");
            srv_esc(b, u.data);
            bdb_buf_puts(b, "\">");
            srv_esc(b, bdb_cell_path(m, c, i));
            snprintf(where, sizeof where, ":%d", line);
            srv_esc(b, where);
            bdb_buf_puts(b, "</a></code></td></tr>\n");
        }
    }
    bdb_buf_puts(b, "</table></div>\n");
    if (rows < total)
        srv_note(r, 1, "cut: %zu of %zu values shown (the row cap); download "
                 "the view as CSV for all of them", rows, total);
    bdb_buf_free(&u);
    return rows;
}

static void series_history(srv_req *r)
{
    bdb_history *h = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_history_build(r->st, &r->f, NULL, &h, &d)) {
        srv_note(r, 0, "no history: %s", d.message);
        return;
    }
    size_t points = 0;
    for (size_t i = 0; i < h->n; i++)
        points += h->s[i].n;
    if (h->n > SRV_MAX_SERIES_PAGE || points > r->o->max_rows) {
        srv_note(r, 1, "cut: the history of %zu series over %zu sets is more "
                 "than a page shows; narrow the selection", h->n, points);
    } else {
        bdb_buf doc;
        bdb_buf_init(&doc);
        if (bdb_history_render(h, BDB_HISTF_HTML, 0, &doc) == BDB_OK)
            srv_embed(r, &doc);
        bdb_buf_free(&doc);
    }
    bdb_history_free(h);
}

void srv_view_series(srv_req *r)
{
    bdb_model *m = build_model(r, 1);
    if (!m || model_download(r, m, "benchdb-series")) {
        bdb_model_free(m);
        return;
    }
    srv_page_begin(r, "Series");
    bdb_buf *b = &r->body;
    size_t rows = 0, shown = 0;
    for (size_t s = 0; s < m->nseries && shown < SRV_MAX_SERIES_PAGE; s++) {
        const bdb_rseries *se = &m->series[s];
        shown++;
        bdb_buf_puts(b, "<h2>");
        srv_esc(b, se->tool);
        bdb_buf_puts(b, " ");
        srv_esc(b, se->benchmark);
        bdb_buf_puts(b, " ");
        srv_esc(b, se->metric);
        if (se->params[0]) {
            bdb_buf_puts(b, " <span class=\"small\">");
            srv_esc(b, se->params);
            bdb_buf_puts(b, "</span>");
        }
        bdb_buf_printf(b, "</h2>\n<p class=\"small\">unit %s, %s is better, "
                       "category %s</p>\n", se->unit,
                       se->better > 0 ? "higher" : se->better < 0 ? "lower"
                                                                  : "neither",
                       se->category);
        series_summary(r, m, se);
        if (m->nplatforms >= 2)
            srv_chart(r, m, BDB_CHART_SERIES, s, se->benchmark);
        bdb_buf_puts(b, "<h3>Values</h3>\n");
        rows += series_values(r, m, se, rows < r->o->max_rows
                                            ? r->o->max_rows - rows : 0);
    }
    if (shown < m->nseries)
        srv_note(r, 1, "cut: %zu of %zu series shown; narrow the selection "
                 "(benchmark=, metric=, param=)", shown, m->nseries);
    bdb_buf_puts(b, "<h2>History over run sets</h2>\n");
    series_history(r);
    srv_page_end(r, 1);
    bdb_chart_release_caches();
    bdb_model_free(m);
}

void srv_view_efficiency(srv_req *r)
{
    if (r->format != SRV_HTML) {
        /* the downloads hold the whole report model */
        bdb_model *m = build_model(r, 0);
        if (m)
            model_download(r, m, "benchdb-efficiency");
        bdb_model_free(m);
        return;
    }
    /* the page from the store's per-cell means, as the overview: the
     * efficiency figures divide a headline cell's mean by its platform's
     * cost */
    bdb_means_overview ov;
    if (means_model(r, "building the efficiency view", &ov))
        return;
    const bdb_model *m = ov.m;
    srv_page_begin(r, "Efficiency");
    bdb_buf *b = &r->body;
    const bdb_cost_opts *c = &m->opts.cost;
    srv_note(r, 0, "Inputs: %g %s per kWh, %g years, utilization %g "
             "(query: kwh_price=, years=, utilization=); price and power "
             "per platform come from the platforms table; the charts' score "
             "intervals from %d bootstrap resamples (the report's: 2000).",
             c->kwh_price, c->currency ? c->currency : "USD", c->years,
             c->utilization, SRV_OVERVIEW_RESAMPLES);
    section(r, bdb_section_platforms, m, "Platforms", NULL);
    section(r, bdb_section_efficiency, m, "Per watt, per dollar, TCO",
            "No headline series has efficiency inputs.");
    bdb_buf miss;
    bdb_buf_init(&miss);
    bdb_section_missing_inputs(m, &miss, "");
    if (miss.len) {
        bdb_buf_puts(b, "<h3>Missing inputs</h3>\n");
        list_lines(r, miss.data);
    }
    bdb_buf_free(&miss);
    static const int eff[] = {BDB_CHART_PER_WATT, BDB_CHART_PER_USD,
                              BDB_CHART_PER_TCO, BDB_CHART_VS_POWER,
                              BDB_CHART_VS_PRICE, BDB_CHART_MATCH};
    for (size_t k = 0; k < sizeof eff / sizeof eff[0]; k++)
        srv_chart(r, m, eff[k], 0, "efficiency");
    srv_page_end(r, 1);
    bdb_chart_release_caches();
    bdb_means_overview_free(&ov);
}
