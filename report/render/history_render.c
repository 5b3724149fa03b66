/* history_render.c - benchdb history in every format, through the
 * renderers' shared vocabulary: a table per series (rtable) that text
 * fits to the terminal and HTML prints, the report's HTML page, CSV and
 * JSON as the report writes them, and each series as a line chart of
 * chart.c (bdb_chart_line: the report's fonts, axes, palette and SVG
 * <text>), inline in HTML or one file per series. */
#include "render.h"
#include "chart.h"
#include "../common/bdb_neutral.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* "tool benchmark metric [params] on platform", as it is: each format
 * escapes it. */
static void label_of(const bdb_hseries *s, char *out, size_t n)
{
    snprintf(out, n, "%s %s %s%s%s%s%s%s", s->tool, s->benchmark, s->metric,
             s->params[0] ? " [" : "", s->params, s->params[0] ? "]" : "",
             s->platform[0] ? " on " : "", s->platform);
}

static void ci_text(const bdb_summary *m, const char *unit, char *out, size_t n)
{
    char a[64], b[64];
    if (!isfinite(m->mean_ci_lo)) {
        snprintf(out, n, "-");
        return;
    }
    bdb_format_value(m->mean_ci_lo, unit, a, sizeof a);
    bdb_format_value(m->mean_ci_hi, unit, b, sizeof b);
    snprintf(out, n, "%s .. %s", a, b);
}

/* A point's mark: "change point -47.0% (p=0.0001)" or "new baseline". */
static void change_text(const bdb_hpoint *p, char *out, size_t n)
{
    if (p->change)
        snprintf(out, n, "change point %+.1f%% (p=%.3g)", 100 * p->shift,
                 p->change_p);
    else if (p->baseline)
        snprintf(out, n, "new baseline");
    else
        out[0] = '\0';
}

/* The notes of a point joined by " | " into b (reset first). */
static void joined_notes(const bdb_hpoint *p, bdb_buf *b)
{
    bdb_buf_reset(b);
    for (size_t q = 0; q < p->nnotes; q++)
        bdb_buf_printf(b, "%s%s", q ? " | " : "", p->notes[q]);
}

/* Series s as a table: set, n, mean, its 95% interval, the change and
 * the notes; a change point's row has the change tone. */
static int series_table(const bdb_hseries *s, bdb_rtable *t)
{
    if (bdb_rtable_init(t, 6))
        return BDB_ENOMEM;
    t->right[1] = t->right[2] = 1;
    static const char *const head[] = {"set", "n", "mean", "95% CI", "change",
                                       "notes"};
    int rc = bdb_rtable_add(t, head);
    bdb_buf notes;
    bdb_buf_init(&notes);
    for (size_t k = 0; !rc && k < s->n; k++) {
        const bdb_hpoint *p = &s->pts[k];
        char n[32], mean[64], ci[160], ch[96];
        snprintf(n, sizeof n, "%zu", p->s.n);
        bdb_format_value(p->s.mean, s->unit, mean, sizeof mean);
        ci_text(&p->s, s->unit, ci, sizeof ci);
        change_text(p, ch, sizeof ch);
        joined_notes(p, &notes);
        const char *row[] = {p->set, n, mean, ci, ch,
                             notes.data ? notes.data : ""};
        rc = notes.err || bdb_rtable_add(t, row);
        if (!rc && p->change)
            bdb_rtable_tone(t, BDB_TONE_CHANGE);
    }
    bdb_buf_free(&notes);
    if (rc) {
        bdb_rtable_free(t);
        return BDB_ENOMEM;
    }
    t->nkey = 1;
    bdb_rtable_drop_empty_columns(t);
    return BDB_OK;
}

static int render_text(const bdb_history *h, size_t width, bdb_buf *out)
{
    for (size_t i = 0; i < h->n && !out->err; i++) {
        const bdb_hseries *s = &h->s[i];
        char label[2048];
        label_of(s, label, sizeof label);
        bdb_neutral_line(out, label);
        bdb_buf_puts(out, "\n");
        for (size_t q = 0; q < s->nnotes; q++) {
            bdb_buf_puts(out, "  note: ");
            bdb_neutral_line(out, s->notes[q]);
            bdb_buf_puts(out, "\n");
        }
        bdb_rtable t;
        if (series_table(s, &t))
            return BDB_ENOMEM;
        if (width)
            bdb_rtable_text_fit(&t, out, "  ", width);
        else
            bdb_rtable_text(&t, out, "  ");
        bdb_rtable_free(&t);
        bdb_buf_puts(out, "\n");
    }
    char method[512];
    bdb_history_method(h, method, sizeof method);
    bdb_buf_printf(out, "change points: %s\n", method);
    return out->err;
}

static int render_csv(const bdb_history *h, bdb_buf *out)
{
    bdb_buf_puts(out, "tool,benchmark,metric,parameters,platform,unit,set,"
                      "created_at,n,mean,mean_ci_lo,mean_ci_hi,change,"
                      "change_p,shift,new_baseline,notes\n");
    bdb_buf notes;
    bdb_buf_init(&notes);
    for (size_t i = 0; i < h->n; i++) {
        const bdb_hseries *s = &h->s[i];
        for (size_t k = 0; k < s->n; k++) {
            const bdb_hpoint *p = &s->pts[k];
            const char *texts[] = {s->tool, s->benchmark, s->metric,
                                   s->params, s->platform, s->unit, p->set,
                                   p->created};
            for (size_t q = 0; q < 8; q++) {
                bdb_csv_append_field(out, texts[q], 1);
                bdb_buf_puts(out, ",");
            }
            bdb_buf_printf(out, "%zu", p->s.n);
            bdb_csv_number(out, p->s.mean);
            bdb_csv_number(out, p->s.mean_ci_lo);
            bdb_csv_number(out, p->s.mean_ci_hi);
            bdb_buf_printf(out, ",%d,", p->change);
            if (isfinite(p->change_p))
                bdb_buf_printf(out, "%.6g", p->change_p);
            bdb_buf_puts(out, ",");
            if (isfinite(p->shift))
                bdb_buf_printf(out, "%.6g", p->shift);
            bdb_buf_printf(out, ",%d,", p->baseline);
            joined_notes(p, &notes);
            bdb_csv_append_field(out, notes.data ? notes.data : "", 1);
            bdb_buf_puts(out, "\n");
        }
    }
    if (notes.err)
        out->err = notes.err;
    bdb_buf_free(&notes);
    return out->err;
}

static json_t *jtexts(const char *const *t, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, bdb_json_str(t[i]));
    return a;
}

static int render_json(const bdb_history *h, bdb_buf *out)
{
    json_t *arr = json_array();
    for (size_t i = 0; arr && i < h->n; i++) {
        const bdb_hseries *s = &h->s[i];
        json_t *pts = json_array();
        for (size_t k = 0; pts && k < s->n; k++) {
            const bdb_hpoint *p = &s->pts[k];
            json_t *vals = json_array();
            for (size_t q = 0; vals && q < p->s.n; q++)
                json_array_append_new(vals, bdb_json_num(p->v[q]));
            json_array_append_new(pts, json_pack(
                "{s:o,s:o,s:I,s:o,s:o,s:[o,o],s:b,s:o,s:o,s:o,s:b,s:o}", "set",
                bdb_json_str(p->set), "created_at", bdb_json_str(p->created),
                "n", (json_int_t)p->s.n, "mean", bdb_json_num(p->s.mean),
                "median", bdb_json_num(p->s.median), "mean_ci",
                bdb_json_num(p->s.mean_ci_lo), bdb_json_num(p->s.mean_ci_hi),
                "change", p->change, "change_p", bdb_json_num(p->change_p),
                "shift", bdb_json_num(p->shift), "values", vals,
                "new_baseline", p->baseline, "notes",
                jtexts(p->notes, p->nnotes)));
        }
        json_array_append_new(arr, json_pack(
            "{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:I,s:o,s:o}", "tool",
            bdb_json_str(s->tool), "benchmark", bdb_json_str(s->benchmark),
            "metric", bdb_json_str(s->metric), "parameters",
            bdb_json_str(s->params), "platform", bdb_json_str(s->platform),
            "unit", bdb_json_str(s->unit), "better", s->better,
            "change_points", (json_int_t)s->nchanges, "notes",
            jtexts(s->notes, s->nnotes), "sets", pts));
    }
    char method[512];
    bdb_history_method(h, method, sizeof method);
    return bdb_json_put(out, json_pack("{s:s,s:I,s:f,s:f,s:o}", "method",
                                       method, "window",
                                       (json_int_t)h->cp.window, "max_p",
                                       h->cp.max_p, "min_magnitude",
                                       h->cp.min_magnitude, "series", arr));
}

/* ---- charts ------------------------------------------------------------- */

/* Series s as a line chart; the arrays are the caller's to free with
 * line_free. BDB_ENOMEM. */
typedef struct line_of {
    bdb_chart_line c;
    char title[2048], y_title[300];
    const char **x, **mark_text, **note;
    double *y, *lo, *hi;
    unsigned char *mark;
    char (*change)[96];
} line_of;

static void line_free(line_of *l)
{
    free(l->x);
    free(l->mark_text);
    free(l->note);
    free(l->y);
    free(l->lo);
    free(l->hi);
    free(l->mark);
    free(l->change);
}

static int line_make(const bdb_hseries *s, line_of *l)
{
    memset(l, 0, sizeof *l);
    size_t n = s->n ? s->n : 1;
    l->x = calloc(n, sizeof *l->x);
    l->mark_text = calloc(n, sizeof *l->mark_text);
    l->note = calloc(n, sizeof *l->note);
    l->y = calloc(n, sizeof *l->y);
    l->lo = calloc(n, sizeof *l->lo);
    l->hi = calloc(n, sizeof *l->hi);
    l->mark = calloc(n, 1);
    l->change = calloc(n, sizeof *l->change);
    if (!l->x || !l->mark_text || !l->note || !l->y || !l->lo || !l->hi ||
        !l->mark || !l->change) {
        line_free(l);
        return BDB_ENOMEM;
    }
    for (size_t k = 0; k < s->n; k++) {
        const bdb_hpoint *p = &s->pts[k];
        l->x[k] = p->set;
        l->y[k] = p->s.mean;
        l->lo[k] = p->s.mean_ci_lo;
        l->hi[k] = p->s.mean_ci_hi;
        l->note[k] = p->nnotes ? p->notes[0] : NULL;
        if (p->change) {
            l->mark[k] = BDB_CHART_MARK_CHANGE;
            snprintf(l->change[k], sizeof l->change[k], "change %+.1f%%",
                     100 * p->shift);
            l->mark_text[k] = l->change[k];
        } else if (p->baseline) {
            l->mark[k] = BDB_CHART_MARK_BASELINE;
            l->mark_text[k] = "new baseline";
        }
    }
    label_of(s, l->title, sizeof l->title);
    snprintf(l->y_title, sizeof l->y_title, "%s", s->metric);
    l->c = (bdb_chart_line){
        .title = l->title,
        .subtitle = "Mean of each set's repetitions, its 95% interval as the "
                    "band; dashed: a change point (red) or a new baseline",
        .notes = s->notes, .nnotes = s->nnotes, .unit = s->unit,
        .y_title = l->y_title, .x_title = "run set, in order of creation",
        .n = s->n, .x = l->x, .y = l->y, .lo = l->lo, .hi = l->hi,
        .mark = l->mark, .mark_text = l->mark_text, .note = l->note};
    return BDB_OK;
}

int bdb_history_charts(const bdb_history *h, int svg, const char *dir,
                       size_t *written, bdb_diag *diag)
{
    if (written)
        *written = 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot make %s: %s", dir,
                            strerror(errno));
    for (size_t i = 0; i < h->n; i++) {
        const bdb_hseries *s = &h->s[i];
        const char *parts[] = {s->tool, s->benchmark, s->metric, s->params,
                               s->platform};
        char name[128], path[4096];
        bdb_chart_slug(name, parts, 5);
        snprintf(path, sizeof path, "%s/history-%03zu-%s.%s", dir, i + 1, name,
                 svg ? "svg" : "png");
        line_of l;
        if (line_make(s, &l))
            return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
        int rc = bdb_chart_line_file(&l.c, svg ? BDB_CHART_SVG : BDB_CHART_PNG,
                                     path, diag);
        line_free(&l);
        if (rc)
            return rc;
        if (written)
            (*written)++;
    }
    return BDB_OK;
}

/* ---- HTML ---------------------------------------------------------------- */

static void html_series(bdb_buf *out, const bdb_hseries *s)
{
    line_of l;
    if (line_make(s, &l)) {
        out->err = BDB_ENOMEM;
        return;
    }
    bdb_buf_puts(out, "<h2>");
    bdb_neutral_html(out, l.title);
    bdb_buf_puts(out, "</h2>\n");
    for (size_t q = 0; q < s->nnotes; q++) {
        bdb_buf_puts(out, "<p class=\"note\">note: ");
        bdb_neutral_html(out, s->notes[q]);
        bdb_buf_puts(out, "</p>\n");
    }
    /* the chart inline, without its XML declaration */
    int rc = bdb_chart_line_svg_inline(&l.c, 0, 0, out);
    line_free(&l);
    if (rc) {
        out->err = rc;
        return;
    }
    bdb_buf_puts(out, "\n");
    bdb_rtable t;
    if (series_table(s, &t)) {
        out->err = BDB_ENOMEM;
        return;
    }
    bdb_html_table(out, &t, NULL);
    bdb_rtable_free(&t);
}

static void html_body(bdb_buf *out, const void *ctx)
{
    const bdb_history *h = ctx;
    for (size_t i = 0; i < h->n && !out->err; i++)
        html_series(out, &h->s[i]);
    char method[512];
    bdb_history_method(h, method, sizeof method);
    bdb_buf_puts(out, "<p>Change points: ");
    bdb_neutral_html(out, method);
    bdb_buf_puts(out, ". Bands: 95% interval of each set's mean.</p>\n");
}

static int render_html(const bdb_history *h, bdb_buf *out)
{
    char meta[96];
    size_t sets = 0;
    for (size_t i = 0; i < h->n; i++)
        sets += h->s[i].n;
    snprintf(meta, sizeof meta, "%zu series, %zu points", h->n, sets);
    bdb_html_page_parts pp = {
        .title = "benchdb history", .meta = meta,
        .footer = "Each point: the mean of a run set's repetitions.",
        .body = html_body, .ctx = h};
    return bdb_html_page(out, &pp);
}

int bdb_history_render(const bdb_history *h, bdb_hist_format fmt, size_t width,
                       bdb_buf *out)
{
    switch (fmt) {
    case BDB_HISTF_CSV: return render_csv(h, out);
    case BDB_HISTF_JSON: return render_json(h, out);
    case BDB_HISTF_HTML: return render_html(h, out);
    default: return render_text(h, width, out);
    }
}
