/* compare_render.c - benchdb compare and check in every format, through
 * the renderers' shared vocabulary: one table (rtable) that text fits to
 * the terminal, Markdown and HTML print; the HTML page of the report
 * (bdb_html_page); CSV fields and numbers, JSON strings and numbers as
 * the report writes them; each format's one escaper. */
#include "render.h"
#include "params_ignore.h"
#include "../common/bdb_neutral.h"
#include "../common/bdb_utf8.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xlsxwriter.h>

#define ALPHA_DEFAULT 0.05

const char *bdb_cmp_mark(bdb_cmp_verdict v)
{
    switch (v) {
    case BDB_CMP_BETTER: return "+";
    case BDB_CMP_WORSE: return "-";
    case BDB_CMP_UNTESTED: return "?";
    case BDB_CMP_NEUTRAL: return "=";
    default: return "~";
    }
}

static const char *verdict_word(const bdb_cmp_row *r)
{
    if (r->regression)
        return "regression";
    switch (r->verdict) {
    case BDB_CMP_BETTER: return "better";
    case BDB_CMP_WORSE: return "worse";
    case BDB_CMP_UNTESTED: return "too few values";
    case BDB_CMP_NEUTRAL: return "changed";
    default: return "no significant change";
    }
}

static void series_label(const bdb_cmp_row *r, char *out, size_t n)
{
    snprintf(out, n, "%s %s %s%s%s%s", r->tool, r->benchmark, r->metric,
             r->params[0] ? " [" : "", r->params, r->params[0] ? "]" : "");
}

/* "19.4k op/s ±2% (n=3)" */
static void mean_pm(const bdb_summary *s, const char *unit, size_t nv,
                    char *out, size_t n)
{
    char v[64];
    bdb_format_value(s->mean, unit, v, sizeof v);
    if (isfinite(s->mean_ci_hi) && s->mean != 0)
        snprintf(out, n, "%s ±%.1f%% (n=%zu)", v,
                 100 * (s->mean_ci_hi - s->mean) / fabs(s->mean), nv);
    else
        snprintf(out, n, "%s (n=%zu)", v, nv);
}

static void delta_text(const bdb_cmp_row *r, char *out, size_t n)
{
    if (!isfinite(r->delta)) {
        snprintf(out, n, "n/a");
        return;
    }
    if (isfinite(r->delta_lo))
        snprintf(out, n, "%+.1f%% [%+.1f%%, %+.1f%%]", 100 * r->delta,
                 100 * r->delta_lo, 100 * r->delta_hi);
    else
        snprintf(out, n, "%+.1f%%", 100 * r->delta);
}

static void p_text(double p, char *out, size_t n)
{
    if (!isfinite(p))
        snprintf(out, n, "-");
    else if (p < 0.001)
        snprintf(out, n, "<0.001");
    else
        snprintf(out, n, "%.3f", p);
}

static void geo_text(const bdb_compare *c, char *out, size_t n)
{
    if (!isfinite(c->geo.geomean)) {
        snprintf(out, n, "geometric mean of the ratios: n/a (no ratio of a "
                 "throughput or time)");
        return;
    }
    int w = snprintf(out, n, "geometric mean of the ratios (> 1: new is "
                     "better): %.3fx", c->geo.geomean);
    if (w > 0 && (size_t)w < n && isfinite(c->geo.ci_lo))
        snprintf(out + w, n - (size_t)w, " [%.3f, %.3f]", c->geo.ci_lo,
                 c->geo.ci_hi);
    size_t len = strlen(out);
    snprintf(out + len, n - len, " over %zu series", c->geo.n_used);
}

/* "1 regression, 2 improvements" */
static void counts_text(const bdb_compare *c, char *out, size_t n)
{
    snprintf(out, n, "%zu regression%s, %zu improvement%s", c->nregressions,
             c->nregressions == 1 ? "" : "s", c->nimprovements,
             c->nimprovements == 1 ? "" : "s");
}

static void put_md(bdb_buf *b, const char *s)
{
    bdb_neutral_md(b, s, 0);
}

/* How to read the table, one line each after bullet, names written by
 * put (the format's escaper: a name from a user or a log never starts a
 * line or markup of its own). */
static void notes(const bdb_compare *c, bdb_buf *b, const char *bullet,
                  void (*put)(bdb_buf *, const char *))
{
    bdb_decide_opts o;
    char rule[768];
    bdb_compare_decide_opts(c, &o);
    bdb_decide_rule_text(&o, rule, sizeof rule);
    bdb_buf_printf(b, "%sdelta: new mean / old mean - 1, with the interval "
                   "that decides; ± is the half width of the mean's 95%% "
                   "Student-t interval\n", bullet);
    bdb_buf_printf(b, "%sverdict: %s%s\n", bullet, rule,
                   c->check ? "; a regression is a '-'" : "");
    bdb_buf_printf(b, "%sp (information, not the verdict): Mann-Whitney U, "
                   "Welch's t beside it, %s-corrected across the %zu row(s)\n",
                   bullet, c->opts.bh ? "Benjamini-Hochberg" : "Holm", c->n);
    if (c->only_old || c->only_new) {
        bdb_buf_printf(b, "%s%zu series only in ", bullet, c->only_old);
        put(b, c->old_label);
        bdb_buf_printf(b, " and %zu only in ", c->only_new);
        put(b, c->new_label);
        bdb_buf_puts(b, " are left out\n");
    }
    if (c->opts.nignore) {
        char keys[512];
        bdb_params_ignore_list(c->opts.ignore, c->opts.nignore, keys,
                               sizeof keys);
        bdb_buf_printf(b, "%signored parameters (--ignore-param): %s; series "
                       "that differ only there are one\n", bullet, keys);
    }
}

/* The comparison as one table: series, platform, (check: the sets),
 * old, new, delta, the two p and the verdict's mark. */
static int compare_table(const bdb_compare *c, bdb_rtable *t)
{
    enum { NCOL = 9 };
    size_t nc = c->check ? NCOL : NCOL - 1;
    if (bdb_rtable_init(t, nc))
        return BDB_ENOMEM;
    t->nkey = 2;
    const char *head[NCOL] = {"series", "platform"};
    size_t k = 2;
    if (c->check)
        head[k++] = "sets";
    static const char *const rest[] = {"old", "new", "delta", "p (MW)",
                                       "p (Welch)", "verdict"};
    for (size_t i = 0; i < 6; i++) {
        t->right[k] = i < 5;
        head[k++] = rest[i];
    }
    int rc = bdb_rtable_add(t, head);
    size_t n = c->shown && c->shown < c->n ? c->shown : c->n;
    for (size_t i = 0; !rc && i < n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        char series[2048], sets[600], o[128], nw[128], d[96], p1[16], p2[16];
        series_label(r, series, sizeof series);
        snprintf(sets, sizeof sets, "%s → %s", r->old_label ? r->old_label : "",
                 r->new_label ? r->new_label : "");
        mean_pm(&r->old_s, r->unit, r->n_old, o, sizeof o);
        mean_pm(&r->new_s, r->unit, r->n_new, nw, sizeof nw);
        delta_text(r, d, sizeof d);
        p_text(r->p_mw, p1, sizeof p1);
        p_text(r->p_welch, p2, sizeof p2);
        const char *row[NCOL] = {series, r->platform[0] ? r->platform : "-"};
        k = 2;
        if (c->check)
            row[k++] = sets;
        const char *cells[] = {o, nw, d, p1, p2,
                               r->regression ? "REGRESSION"
                                             : bdb_cmp_mark(r->verdict)};
        for (size_t j = 0; j < 6; j++)
            row[k++] = cells[j];
        rc = bdb_rtable_add(t, row);
        if (!rc)
            bdb_rtable_tone(t, r->verdict == BDB_CMP_BETTER ? BDB_TONE_BETTER
                               : r->verdict == BDB_CMP_WORSE ? BDB_TONE_WORSE
                               : BDB_TONE_NONE);
    }
    if (rc) {
        bdb_rtable_free(t);
        return BDB_ENOMEM;
    }
    return BDB_OK;
}

static int render_text(const bdb_compare *c, bdb_buf *b, int md, size_t width)
{
    bdb_rtable t;
    if (compare_table(c, &t))
        return BDB_ENOMEM;
    const char *what = c->check ? "check" : "compare";
    char counts[128], g[256];
    counts_text(c, counts, sizeof counts);
    geo_text(c, g, sizeof g);
    if (md) {
        bdb_buf_printf(b, "## benchdb %s: ", what);
        bdb_neutral_md(b, c->old_label, 0);
        bdb_buf_puts(b, " → ");
        bdb_neutral_md(b, c->new_label, 0);
        bdb_buf_puts(b, "\n\n");
        if (c->check)
            bdb_buf_printf(b, "**%zu regression%s**, %zu improvement%s.\n\n",
                           c->nregressions, c->nregressions == 1 ? "" : "s",
                           c->nimprovements, c->nimprovements == 1 ? "" : "s");
        bdb_rtable_markdown(&t, b);
        bdb_buf_printf(b, "\n%s\n\n", g);
        notes(c, b, "- ", put_md);
    } else {
        bdb_buf_printf(b, "benchdb %s: old = ", what);
        bdb_neutral_line(b, c->old_label);
        bdb_buf_puts(b, ", new = ");
        bdb_neutral_line(b, c->new_label);
        bdb_buf_puts(b, "\n\n");
        if (width)
            bdb_rtable_text_fit(&t, b, "", width);
        else
            bdb_rtable_text(&t, b, "");
        bdb_buf_printf(b, "\n%s\n", g);
        if (c->check)
            bdb_buf_printf(b, "%s\n", counts);
        bdb_buf_puts(b, "\n");
        notes(c, b, "  ", bdb_neutral_line);
    }
    bdb_rtable_free(&t);
    return b->err;
}

typedef struct html_body {
    const bdb_compare *c;
    const bdb_rtable *t;
} html_body;

static void html_body_of(bdb_buf *out, const void *ctx)
{
    const html_body *hb = ctx;
    char g[256];
    bdb_html_table(out, hb->t, NULL);
    geo_text(hb->c, g, sizeof g);
    bdb_buf_puts(out, "<p>");
    bdb_neutral_html(out, g);
    bdb_buf_puts(out, "</p>\n<h2>How to read this table</h2>\n<ul>\n");
    bdb_buf n;
    bdb_buf_init(&n);
    notes(hb->c, &n, "", bdb_neutral_line);
    bdb_html_list(out, n.data);
    if (n.err)
        out->err = n.err;
    bdb_buf_free(&n);
    bdb_buf_puts(out, "</ul>\n");
}

static int render_html(const bdb_compare *c, bdb_buf *b)
{
    bdb_rtable t;
    if (compare_table(c, &t))
        return BDB_ENOMEM;
    bdb_buf title, meta;
    bdb_buf_init(&title);
    bdb_buf_init(&meta);
    bdb_buf_printf(&title, "benchdb %s: %s → %s", c->check ? "check" : "compare",
                   c->old_label, c->new_label);
    if (c->check) {
        char counts[128];
        counts_text(c, counts, sizeof counts);
        bdb_buf_puts(&meta, counts);
    } else {
        bdb_buf_printf(&meta, "%zu series compared", c->n);
    }
    html_body hb = {c, &t};
    bdb_html_page_parts pp = {
        .title = title.data, .meta = meta.data,
        .footer = "old and new: the mean of each side's repetitions.",
        .body = html_body_of, .ctx = &hb};
    int rc = title.err ? title.err : meta.err;
    if (!rc)
        rc = bdb_html_page(b, &pp);
    bdb_buf_free(&title);
    bdb_buf_free(&meta);
    bdb_rtable_free(&t);
    return rc;
}

static void render_csv(const bdb_compare *c, bdb_buf *b)
{
    bdb_buf_puts(b, "tool,benchmark,metric,parameters,platform,unit,better,"
                    "old,new,old_n,old_mean,old_ci_lo,old_ci_hi,new_n,new_mean,"
                    "new_ci_lo,new_ci_hi,delta,delta_ci_lo,delta_ci_hi,"
                    "p_mann_whitney,p_welch,verdict,regression\n");
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        const char *texts[] = {r->tool, r->benchmark, r->metric, r->params,
                               r->platform, r->unit};
        for (size_t k = 0; k < 6; k++) {
            bdb_csv_append_field(b, texts[k], 1);
            bdb_buf_puts(b, ",");
        }
        bdb_buf_printf(b, "%d,", r->better);
        bdb_csv_append_field(b, r->old_label ? r->old_label : c->old_label, 1);
        bdb_buf_puts(b, ",");
        bdb_csv_append_field(b, r->new_label ? r->new_label : c->new_label, 1);
        double nums[] = {r->old_s.mean, r->old_s.mean_ci_lo, r->old_s.mean_ci_hi,
                         r->new_s.mean, r->new_s.mean_ci_lo, r->new_s.mean_ci_hi,
                         r->delta, r->delta_lo, r->delta_hi, r->p_mw,
                         r->p_welch};
        bdb_buf_printf(b, ",%zu", r->n_old);
        for (size_t k = 0; k < 11; k++) {
            if (k == 3)
                bdb_buf_printf(b, ",%zu", r->n_new);
            bdb_csv_number(b, nums[k]);
        }
        bdb_buf_printf(b, ",%s,%d\n", verdict_word(r), r->regression);
    }
}

static json_t *jvalues(const double *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, bdb_json_num(v[i]));
    return a;
}

static json_t *jside(const bdb_summary *s, const double *v, size_t n,
                     const char *label)
{
    return json_pack("{s:o,s:I,s:o,s:o,s:[o,o],s:o}", "label",
                     bdb_json_str(label), "n", (json_int_t)n, "mean",
                     bdb_json_num(s->mean), "median", bdb_json_num(s->median),
                     "mean_ci", bdb_json_num(s->mean_ci_lo),
                     bdb_json_num(s->mean_ci_hi), "values", jvalues(v, n));
}

static int render_json(const bdb_compare *c, bdb_buf *b)
{
    json_t *rows = json_array();
    for (size_t i = 0; rows && i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        json_t *row = json_pack(
            "{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:o,s:o,s:{s:o,s:[o,o]},s:o,"
            "s:{s:o,s:o,s:s},s:{s:o,s:o,s:o},s:s,s:s,s:b}",
            "tool", bdb_json_str(r->tool), "benchmark",
            bdb_json_str(r->benchmark), "metric", bdb_json_str(r->metric),
            "parameters", bdb_json_str(r->params), "platform",
            bdb_json_str(r->platform), "unit", bdb_json_str(r->unit), "better",
            r->better, "old",
            jside(&r->old_s, r->old_v, r->n_old,
                  r->old_label ? r->old_label : c->old_label),
            "new", jside(&r->new_s, r->new_v, r->n_new,
                         r->new_label ? r->new_label : c->new_label),
            "delta", "value", bdb_json_num(r->delta), "ci",
            bdb_json_num(r->delta_lo), bdb_json_num(r->delta_hi), "speedup",
            bdb_json_num(r->speedup), "mann_whitney", "u",
            bdb_json_num(r->mw.u), "p_adjusted", bdb_json_num(r->p_mw),
            "method",
            r->mw.method == BDB_MW_EXACT ? "exact"
            : r->mw.method == BDB_MW_NORMAL ? "normal" : "none",
            "welch", "t", bdb_json_num(r->welch.t), "df",
            bdb_json_num(r->welch.df), "p_adjusted", bdb_json_num(r->p_welch),
            "mark", bdb_cmp_mark(r->verdict), "verdict", verdict_word(r),
            "regression", r->regression);
        if (!row || json_array_append_new(rows, row)) {
            json_decref(rows);
            return BDB_ENOMEM;
        }
    }
    json_t *doc = json_pack(
        "{s:s,s:o,s:o,s:{s:s,s:f,s:f},s:o,s:{s:o,s:[o,o],s:I},s:I,s:I,s:I,s:I}",
        "kind", c->check ? "check" : "compare", "old",
        bdb_json_str(c->old_label), "new", bdb_json_str(c->new_label),
        "options", "correction", c->opts.bh ? "bh" : "holm", "alpha",
        c->opts.alpha > 0 ? c->opts.alpha : ALPHA_DEFAULT, "threshold",
        c->opts.threshold, "rows", rows, "geomean", "value",
        bdb_json_num(c->geo.geomean), "ci", bdb_json_num(c->geo.ci_lo),
        bdb_json_num(c->geo.ci_hi), "n", (json_int_t)c->geo.n_used,
        "regressions", (json_int_t)c->nregressions, "improvements",
        (json_int_t)c->nimprovements, "only_old", (json_int_t)c->only_old,
        "only_new", (json_int_t)c->only_new);
    json_t *ign = doc ? json_array() : NULL;
    for (size_t i = 0; ign && i < c->opts.nignore; i++)
        if (json_array_append_new(ign, bdb_json_str(c->opts.ignore[i])))
            break;
    if (!ign || json_object_set_new(doc, "ignored_params", ign)) {
        json_decref(doc);
        return BDB_ENOMEM;
    }
    return bdb_json_put(b, doc);
}

int bdb_compare_render(const bdb_compare *c, bdb_cmp_format fmt, size_t width,
                       bdb_buf *out)
{
    switch (fmt) {
    case BDB_CMPF_MD: return render_text(c, out, 1, 0);
    case BDB_CMPF_HTML: return render_html(c, out);
    case BDB_CMPF_CSV: render_csv(c, out); return out->err;
    case BDB_CMPF_JSON: return render_json(c, out);
    default: return render_text(c, out, 0, width);
    }
}

int bdb_compare_render_xlsx(const bdb_compare *c, const char *path,
                            bdb_diag *diag)
{
    lxw_workbook_options wo = {.constant_memory = LXW_FALSE,
                               .tmpdir = NULL, .use_zip64 = LXW_FALSE};
    lxw_workbook *wb = workbook_new_opt(path, &wo);
    if (!wb)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot create %s", path);
    lxw_worksheet *ws = workbook_add_worksheet(wb, c->check ? "Check" : "Compare");
    lxw_format *bold = workbook_add_format(wb);
    format_set_bold(bold);
    lxw_format *pct = workbook_add_format(wb);
    format_set_num_format(pct, "0.0%");
    static const char *const head[] = {
        "tool", "benchmark", "metric", "parameters", "platform", "unit",
        "old", "new", "old n", "old mean", "old ci lo", "old ci hi", "new n",
        "new mean", "new ci lo", "new ci hi", "delta", "delta ci lo",
        "delta ci hi", "p (Mann-Whitney)", "p (Welch)", "verdict"};
    for (lxw_col_t k = 0; k < 22; k++)
        worksheet_write_string(ws, 0, k, head[k], bold);
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        lxw_row_t row = (lxw_row_t)(i + 1);
        const char *texts[] = {r->tool, r->benchmark, r->metric, r->params,
                               r->platform, r->unit,
                               r->old_label ? r->old_label : c->old_label,
                               r->new_label ? r->new_label : c->new_label};
        for (lxw_col_t k = 0; k < 8; k++) {
            /* Text from logs is text, never a formula. */
            char *fixed = bdb_utf8_dup(texts[k]);
            worksheet_write_string(ws, row, k, fixed ? fixed : "", NULL);
            free(fixed);
        }
        double nums[] = {(double)r->n_old, r->old_s.mean, r->old_s.mean_ci_lo,
                         r->old_s.mean_ci_hi, (double)r->n_new, r->new_s.mean,
                         r->new_s.mean_ci_lo, r->new_s.mean_ci_hi, r->delta,
                         r->delta_lo, r->delta_hi, r->p_mw, r->p_welch};
        for (lxw_col_t k = 0; k < 13; k++)
            if (isfinite(nums[k]))
                worksheet_write_number(ws, row, (lxw_col_t)(8 + k), nums[k],
                                       k >= 8 && k <= 10 ? pct : NULL);
        worksheet_write_string(ws, row, 21, verdict_word(r), NULL);
    }
    char g[256];
    geo_text(c, g, sizeof g);
    worksheet_write_string(ws, (lxw_row_t)(c->n + 2), 0, g, NULL);
    lxw_error e = workbook_close(wb);
    if (e != LXW_NO_ERROR)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write %s: %s", path,
                            lxw_strerror(e));
    return BDB_OK;
}
