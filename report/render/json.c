/* json.c - the whole model as JSON, with stable keys documented in
 * README.md. Unknown or not computable numbers are null.
 *
 * The document is written as it is made: the keys before "series" and
 * those after it with jansson, the series between them by a writer of
 * its own (below) that makes the bytes jansson would make for them
 * (JSON_INDENT(1): one space per depth, strings never hold a raw
 * newline), one series at a time, handed to the sink as they go.
 *
 * Every string goes through bdb_json_str(), which repairs invalid UTF-8 (jansson
 * refuses it, and a refused string would silently drop its series), and
 * every set or append is checked: a document that could not be built
 * whole is an error, never a shorter document. */
#include "render.h"
#include "sections.h"
#include "../common/bdb_utf8.h"
#include "numfmt.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The first failure while building the document. */
typedef struct jb {
    int failed;
} jb;

json_t *bdb_json_num(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

json_t *bdb_json_str(const char *s)
{
    if (!s)
        s = "";
    if (bdb_utf8_valid(s, strlen(s)))
        return json_string(s);
    char *fixed = bdb_utf8_dup(s);
    json_t *j = fixed ? json_string(fixed) : NULL;
    free(fixed);
    return j;
}

static json_t *strn(const char *s, size_t n)
{
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    memcpy(copy, s, n);
    copy[n] = '\0';
    json_t *j = bdb_json_str(copy);
    free(copy);
    return j;
}

/* The _new calls steal v even when they fail (jansson 2.x). */
static void set(jb *b, json_t *obj, const char *key, json_t *v)
{
    if (json_object_set_new(obj, key, v))
        b->failed = 1;
}

static void append(jb *b, json_t *arr, json_t *v)
{
    if (json_array_append_new(arr, v))
        b->failed = 1;
}

static json_t *platform_json(jb *b, const bdb_model *m, size_t p)
{
    const bdb_platform *pl = &m->platforms[p];
    json_t *j = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
                          "s:o, s:o, s:o, s:o, s:b}",
                          "name", bdb_json_str(bdb_model_platform_name(m, p)), "arch",
                          bdb_json_str(pl->arch), "cpu", bdb_json_str(pl->cpu), "cores",
                          bdb_json_num(pl->cores), "threads", bdb_json_num(pl->threads),
                          "freq_mhz", bdb_json_num(pl->freq_mhz), "memory_gb",
                          bdb_json_num(pl->memory_gb), "os", bdb_json_str(pl->os), "kernel",
                          bdb_json_str(pl->kernel), "price_usd", bdb_json_num(pl->price_usd),
                          "power_w", bdb_json_num(pl->power_w), "idle_power_w",
                          bdb_json_num(pl->idle_power_w), "rent_usd_month",
                          bdb_json_num(pl->rent_usd_month), "notes", bdb_json_str(pl->notes),
                          "baseline", p == m->baseline);
    set(b, j, "price_currency", bdb_json_str(pl->price_currency));
    set(b, j, "price_date", bdb_json_str(pl->price_date));
    set(b, j, "price_source", bdb_json_str(pl->price_source));
    set(b, j, "rent_usd_hour", bdb_json_num(pl->rent_usd_hour));
    if (!j)
        b->failed = 1;
    return j;
}

static json_t *lines_json(jb *b, const char *text)
{
    json_t *a = json_array();
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        append(b, a, strn(p, n));
        p = nl ? nl + 1 : NULL;
    }
    return a;
}

/* ---- the series, written directly ------------------------------------
 *
 * A million results are a hundred thousand cells: as jansson trees
 * (made, dumped, freed) they were a quarter of the report's time. The
 * writer below makes the bytes json_dumps makes with JSON_FLAGS for the
 * same values: an indent of one space per depth, ", " nowhere (",\n" and
 * the indent), ": " after keys, "[]" and "{}" when empty, reals as
 * "%.12g" with ".0" added to a whole number and the exponent's '+' and
 * leading zeros dropped, strings escaped as jansson escapes them. */

typedef struct jw {
    bdb_buf *out;
    int depth;
    int failed;             /* a string could not be repaired */
    size_t count[24];       /* members so far at each open depth */
    /* bytes on their way to out: most pieces are one to a few bytes,
     * and an append each was a tenth of the report's time */
    char stage[8192];
    size_t nstage;
    /* jw_source's last path and its escaped form (without the closing
     * quote) */
    const char *last_path;
    bdb_buf path_esc;
} jw;

static void jw_flush(jw *w)
{
    if (w->nstage)
        bdb_buf_append(w->out, w->stage, w->nstage);
    w->nstage = 0;
}

static void jw_put(jw *w, const char *data, size_t n)
{
    if (n > sizeof w->stage - w->nstage) {
        jw_flush(w);
        if (n > sizeof w->stage) {
            bdb_buf_append(w->out, data, n);
            return;
        }
    }
    memcpy(w->stage + w->nstage, data, n);
    w->nstage += n;
}

static void jw_indent(jw *w, int depth)
{
    static const char spaces[] = "\n                                ";
    size_t n = (size_t)depth;
    jw_put(w, spaces, n < 32 ? n + 1 : 33);
    for (n = n < 32 ? 0 : n - 32; n > 0; n--)
        jw_put(w, " ", 1);
}

static void jw_open(jw *w, char c)
{
    jw_put(w, &c, 1);
    w->depth++;
    if (w->depth < (int)(sizeof w->count / sizeof *w->count))
        w->count[w->depth] = 0;
    else
        w->failed = 1; /* never this deep */
}

static void jw_close(jw *w, char c)
{
    if (w->depth < (int)(sizeof w->count / sizeof *w->count) &&
        w->count[w->depth])
        jw_indent(w, w->depth - 1);
    jw_put(w, &c, 1);
    w->depth--;
}

/* Before an array's next value. */
static void jw_item(jw *w)
{
    if (w->depth < (int)(sizeof w->count / sizeof *w->count) &&
        w->count[w->depth]++)
        jw_put(w, ",", 1);
    jw_indent(w, w->depth);
}

/* jansson's dump_string on valid UTF-8: ", \ and control characters
 * escaped, everything else as it is. */
static void jw_escaped(jw *w, const char *s)
{
    jw_put(w, "\"", 1);
    for (;;) {
        const char *run = s;
        while ((unsigned char)*s >= 0x20 && *s != '"' && *s != '\\')
            s++;
        if (s > run)
            jw_put(w, run, (size_t)(s - run));
        if (!*s)
            break;
        char seq[8];
        switch (*s) {
        case '"': jw_put(w, "\\\"", 2); break;
        case '\\': jw_put(w, "\\\\", 2); break;
        case '\b': jw_put(w, "\\b", 2); break;
        case '\f': jw_put(w, "\\f", 2); break;
        case '\n': jw_put(w, "\\n", 2); break;
        case '\r': jw_put(w, "\\r", 2); break;
        case '\t': jw_put(w, "\\t", 2); break;
        default:
            snprintf(seq, sizeof seq, "\\u%04X", (unsigned)(unsigned char)*s);
            jw_put(w, seq, 6);
        }
        s++;
    }
    jw_put(w, "\"", 1);
}

/* A string from logs, repaired where it is not UTF-8, as bdb_json_str() does. */
static void jw_str(jw *w, const char *s)
{
    if (!s)
        s = "";
    if (bdb_utf8_valid(s, strlen(s))) {
        jw_escaped(w, s);
        return;
    }
    char *fixed = bdb_utf8_dup(s);
    if (!fixed) {
        w->failed = 1;
        return;
    }
    jw_escaped(w, fixed);
    free(fixed);
}

/* Keys are this file's own literals, plain ASCII with nothing to
 * escape: written as they are. */
static void jw_key(jw *w, const char *key)
{
    jw_item(w);
    jw_put(w, "\"", 1);
    jw_put(w, key, strlen(key));
    jw_put(w, "\": ", 3);
}

/* A source "path:line", the path whole however long it is. The cells
 * of one file share its path (the model keeps one copy of each), so the
 * escaped form of the last valid one is kept and reused. */
static void jw_source(jw *w, const char *path, int line)
{
    char num[24];
    size_t nn = 0;
    num[nn++] = ':';
    if (line < 0)
        num[nn++] = '-';
    nn += (size_t)bdb_fmt_u(num + nn, line < 0 ? 0ULL - (unsigned long long)line
                                               : (unsigned long long)line);
    num[nn] = '\0';
    if (!path)
        path = "";
    if (path != w->last_path) {
        size_t pl = strlen(path);
        w->last_path = NULL;
        if (!bdb_utf8_valid(path, pl)) {
            /* repaired with its line, as one string */
            size_t ll = nn;
            char *where = malloc(pl + ll + 1);
            if (!where) {
                w->failed = 1;
                return;
            }
            memcpy(where, path, pl);
            memcpy(where + pl, num, ll + 1);
            jw_str(w, where);
            free(where);
            return;
        }
        /* the escaped path, opening quote included, written aside */
        jw_flush(w);
        bdb_buf *out = w->out;
        bdb_buf_reset(&w->path_esc);
        w->out = &w->path_esc;
        jw_escaped(w, path);
        jw_flush(w);
        w->out = out;
        if (w->path_esc.err || w->path_esc.len < 2) {
            w->failed = 1;
            return;
        }
        w->last_path = path;
    }
    /* without the closing quote */
    jw_put(w, w->path_esc.data, w->path_esc.len - 1);
    jw_put(w, num, nn);
    jw_put(w, "\"", 1);
}

/* A real as jansson's jsonp_dtostr writes it; null when not finite. */
static void jw_real(jw *w, double v)
{
    if (!isfinite(v)) {
        jw_put(w, "null", 4);
        return;
    }
    char t[BDB_FMT_G_MAX + 4];
    int n = bdb_fmt_g(t, v, 12);
    char *e = memchr(t, 'e', (size_t)n);
    if (!e && !memchr(t, '.', (size_t)n)) {
        memcpy(t + n, ".0", 3);
        n += 2;
    } else if (e) {
        /* "1e+20" -> "1e20", "1.5e-07" -> "1.5e-7" */
        char *digits = e + 1 + (e[1] == '-'); /* where the digits go */
        const char *from = e + 1;
        if (*from == '+' || *from == '-')
            from++;
        while (*from == '0' && from[1])
            from++;
        memmove(digits, from, strlen(from) + 1);
        n = (int)strlen(t);
    }
    jw_put(w, t, (size_t)n);
}

static void jw_int(jw *w, long long v)
{
    char t[24];
    size_t n = 0;
    if (v < 0)
        t[n++] = '-';
    n += (size_t)bdb_fmt_u(t + n, v < 0 ? 0ULL - (unsigned long long)v
                                        : (unsigned long long)v);
    jw_put(w, t, n);
}

static void jw_bool(jw *w, int v)
{
    if (v)
        jw_put(w, "true", 4);
    else
        jw_put(w, "false", 5);
}

static void jw_key_real(jw *w, const char *key, double v)
{
    jw_key(w, key);
    jw_real(w, v);
}

static void jw_key_str(jw *w, const char *key, const char *s)
{
    jw_key(w, key);
    jw_str(w, s);
}

static void jw_key_reals(jw *w, const char *key, const double *v, size_t n)
{
    jw_key(w, key);
    jw_open(w, '[');
    for (size_t i = 0; i < n; i++) {
        jw_item(w);
        jw_real(w, v[i]);
    }
    jw_close(w, ']');
}

static void cell_write(jw *w, const bdb_model *m, const bdb_rseries *se,
                       size_t p)
{
    const bdb_cell *c = &se->cells[p];
    bdb_summary sum;
    bdb_ttest welch;
    bdb_utest mw;
    if (bdb_cell_summary(m, c, &sum) || bdb_cell_tests(m, se, p, &welch, &mw))
        w->failed = 1; /* out of memory */
    jw_open(w, '{');
    jw_key_str(w, "platform", bdb_model_platform_name(m, p));
    jw_key(w, "n");
    jw_int(w, (long long)c->n);
    jw_key_real(w, "mean", sum.mean);
    jw_key_real(w, "median", sum.median);
    jw_key_real(w, "sd", sum.sd);
    jw_key_real(w, "cv", sum.cv);
    jw_key_real(w, "min", sum.min);
    jw_key_real(w, "max", sum.max);
    double mci[2] = {sum.mean_ci_lo, sum.mean_ci_hi};
    jw_key_reals(w, "mean_ci", mci, 2);
    double dci[3] = {sum.median_ci_lo, sum.median_ci_hi,
                     sum.median_ci_level};
    jw_key_reals(w, "median_ci", dci, 3);
    jw_key_reals(w, "values", c->values, c->n);
    jw_key(w, "sources");
    jw_open(w, '[');
    for (size_t i = 0; i < c->n && !w->failed; i++) {
        jw_item(w);
        jw_source(w, bdb_cell_path(m, c, i), bdb_cell_lines(c)[i]);
    }
    jw_close(w, ']');
    jw_key(w, "outliers");
    jw_open(w, '[');
    for (size_t i = 0; i < c->n; i++)
        if (bdb_cell_outliers(c)[i]) {
            jw_item(w);
            jw_int(w, (long long)i);
        }
    jw_close(w, ']');
    jw_key(w, "noisy");
    jw_bool(w, c->noisy);
    jw_key(w, "warned");
    jw_bool(w, c->warned);
    jw_key(w, "merged_files");
    jw_int(w, (long long)bdb_cell_merged_files(m, c));
    if (c->compared) {
        jw_key(w, "comparison");
        jw_open(w, '{');
        jw_key_real(w, "speedup", c->speedup);
        double sci[2] = {bdb_cell_speedup_lo(se, p),
                         bdb_cell_speedup_hi(se, p)};
        jw_key_reals(w, "speedup_ci", sci, 2);
        jw_key(w, "welch");
        jw_open(w, '{');
        jw_key_real(w, "t", welch.t);
        jw_key_real(w, "df", welch.df);
        jw_key_real(w, "p", c->tested ? welch.p : NAN);
        jw_key_real(w, "p_adjusted", bdb_cell_p_adj(se, p));
        jw_close(w, '}');
        jw_key(w, "mann_whitney");
        jw_open(w, '{');
        jw_key_real(w, "u", mw.u);
        jw_key_real(w, "p", mw.p);
        jw_key_str(w, "method", mw.method == BDB_MW_EXACT ? "exact"
                                : mw.method == BDB_MW_NORMAL ? "normal"
                                                                : "none");
        jw_close(w, '}');
        jw_key_str(w, "verdict", bdb_report_verdict_word(c->verdict));
        jw_close(w, '}');
    }
    if (c->eff_computed) {
        bdb_efficiency eff;
        bdb_match match;
        bdb_cell_efficiency(m, se, p, &eff, &match);
        char miss[200];
        bdb_efficiency_missing_text(eff.missing, miss, sizeof miss);
        jw_key(w, "efficiency");
        jw_open(w, '{');
        jw_key_real(w, "work_rate", eff.work_rate);
        jw_key_str(w, "work_unit", eff.work_unit);
        jw_key_real(w, "per_watt", eff.per_watt);
        jw_key_real(w, "per_usd", eff.per_dollar);
        jw_key_real(w, "per_usd_month", eff.per_dollar_month);
        jw_key_real(w, "per_usd_tco", eff.per_tco_dollar);
        jw_key_real(w, "tco_usd", eff.tco);
        jw_key_real(w, "energy_per_unit", eff.energy_per_unit);
        jw_key_str(w, "energy_unit", eff.energy_unit);
        jw_key_real(w, "tb_per_month", eff.tb_per_month);
        jw_key_str(w, "missing", miss);
        jw_close(w, '}');
        if (c->compared) {
            jw_key(w, "match_baseline");
            jw_open(w, '{');
            jw_key_real(w, "count", match.count);
            jw_key_real(w, "price_usd", match.price);
            jw_key_real(w, "power_w", match.power_w);
            jw_key_real(w, "tco_usd", match.tco);
            jw_close(w, '}');
        }
    }
    jw_close(w, '}');
}

/* One series, as an item of the array at depth 1 (its keys at depth 3). */
static void series_write(jw *w, const bdb_model *m, const bdb_rseries *se)
{
    jw_item(w);
    jw_open(w, '{');
    jw_key_str(w, "tool", se->tool);
    jw_key_str(w, "benchmark", se->benchmark);
    jw_key_str(w, "metric", se->metric);
    jw_key_str(w, "parameters", se->params);
    char ulab[96];
    bdb_series_unit_label(se, ulab, sizeof ulab);
    jw_key_str(w, "unit", ulab);
    jw_key_str(w, "better", se->better > 0   ? "higher"
                            : se->better < 0 ? "lower"
                                             : "neutral");
    jw_key_str(w, "category", se->category);
    jw_key(w, "headline");
    jw_bool(w, se->headline);
    jw_key(w, "sweep");
    if (se->sweep >= 0)
        jw_int(w, se->sweep);
    else
        jw_put(w, "null", 4);
    jw_key(w, "cells");
    jw_open(w, '[');
    for (size_t p = 0; p < m->nplatforms; p++)
        if (se->cells[p].present) {
            jw_item(w);
            cell_write(w, m, se, p);
        }
    jw_close(w, ']');
    jw_close(w, '}');
}

static void jw_key_int(jw *w, const char *key, long long v)
{
    jw_key(w, key);
    jw_int(w, v);
}

/* The traces of the report's runs (model.h's bdb_rtraces), as the value
 * of "traces" at depth 1: those kept with their points, and how many
 * were left out and where to see them. */
static void traces_write(jw *w, const bdb_model *m, const bdb_render_opts *o)
{
    const bdb_rtraces *ts = &m->traces;
    jw_open(w, '{');
    jw_key_int(w, "shown", (long long)ts->n);
    jw_key_int(w, "left_out", (long long)ts->left_out);
    jw_key(w, "first_left_out_source");
    if (ts->left_out)
        jw_int(w, ts->first_left_out);
    else
        jw_put(w, "null", 4);
    jw_key_str(w, "shown_by", "benchdb traces --source ID");
    jw_key(w, "items");
    jw_open(w, '[');
    for (size_t i = 0; i < ts->n; i++) {
        const bdb_rtrace *t = &ts->v[i];
        jw_item(w);
        jw_open(w, '{');
        jw_key_int(w, "source_id", t->source_id);
        jw_key_str(w, "tool", t->tool);
        jw_key_str(w, "benchmark", t->benchmark);
        jw_key_str(w, "metric", t->metric);
        jw_key_str(w, "parameters", t->params);
        jw_key_int(w, "repetition", t->repetition);
        jw_key_str(w, "what", t->what);
        jw_key_str(w, "unit", t->unit);
        jw_key_int(w, "n", (long long)t->nwhat);
        jw_key_real(w, "min", t->min);
        jw_key_real(w, "mean", t->mean);
        jw_key_real(w, "max", t->max);
        jw_key_int(w, "points_stored", (long long)t->npoints);
        jw_key_int(w, "points_left_out", (long long)(t->npoints - t->n));
        jw_key(w, "points");
        jw_open(w, '[');
        for (size_t k = 0; k < t->n; k++) {
            const bdb_rtrace_point *p = &t->points[k];
            jw_item(w);
            jw_open(w, '{');
            jw_key_int(w, "seq", p->seq);
            jw_key_real(w, "start", p->start);
            jw_key_real(w, "end", p->end);
            jw_key_str(w, "label", p->label);
            jw_key_str(w, "what", p->what);
            jw_key_real(w, "value", p->value);
            jw_key_str(w, "unit", p->unit);
            jw_key_int(w, "line", p->line);
            jw_close(w, '}');
            if (w->nstage > sizeof w->stage / 2) {
                jw_flush(w);
                bdb_render_flush(o, w->out, 0);
            }
        }
        jw_close(w, ']');
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_close(w, '}');
}

int bdb_json_put(bdb_buf *out, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(10))
                   : NULL;
    json_decref(j);
    if (!text)
        return BDB_ENOMEM;
    bdb_buf_puts(out, text);
    bdb_buf_puts(out, "\n");
    free(text);
    return out->err;
}

#define JSON_FLAGS (JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12))

/* Dumps obj (which has at least one key) without its closing brace
 * ("{\n \"k\": v,\n ... v"), or with open, without its opening one. */
static int put_object_part(bdb_buf *out, json_t *obj, int head)
{
    char *text = json_dumps(obj, JSON_FLAGS);
    if (!text)
        return BDB_ENOMEM;
    size_t n = strlen(text);
    int rc;
    if (head) /* drop the final "\n}" */
        rc = n >= 2 ? bdb_buf_append(out, text, n - 2) : BDB_ENOMEM;
    else /* drop the leading "{\n" */
        rc = n >= 2 ? bdb_buf_append(out, text + 2, n - 2) : BDB_ENOMEM;
    free(text);
    return rc;
}

int bdb_report_render_json(const bdb_model *m, const bdb_render_opts *o,
                           bdb_buf *out)
{
    jb b = {0};
    json_t *root = json_object();
    set(&b, root, "title", bdb_json_str(m->title));
    set(&b, root, "baseline", bdb_json_str(bdb_model_platform_name(m, m->baseline)));
    set(&b, root, "options",
        json_pack("{s:s, s:s, s:I, s:I, s:f, s:f, s:o, s:f}", "correction",
                  m->opts.correction == BDB_CORR_BH ? "benjamini-hochberg" : "holm",
                  "normalize",
                  m->opts.normalize == BDB_NORM_PER_CORE ? "core"
                  : m->opts.normalize == BDB_NORM_PER_THREAD ? "thread"
                  : m->opts.normalize == BDB_NORM_PER_GHZ ? "ghz" : "none",
                  "seed", (json_int_t)m->opts.seed, "resamples",
                  (json_int_t)m->opts.resamples, "kwh_price",
                  m->opts.cost.kwh_price, "years", m->opts.cost.years,
                  "currency",
                  bdb_json_str(m->opts.cost.currency ? m->opts.cost.currency : "USD"),
                  "utilization", m->opts.cost.utilization));
    json_t *plats = json_array();
    for (size_t p = 0; p < m->nplatforms; p++)
        append(&b, plats, platform_json(&b, m, p));
    set(&b, root, "platforms", plats);
    json_t *scores = json_array();
    for (size_t i = 0; i < m->nscores; i++) {
        const bdb_score *s = &m->scores[i];
        append(&b, scores,
               json_pack("{s:s, s:o, s:o, s:[oo], s:I, s:I}", "category",
                         s->category, "platform",
                         bdb_json_str(bdb_model_platform_name(m, s->platform)),
                         "geomean", bdb_json_num(s->g.geomean), "ci", bdb_json_num(s->g.ci_lo),
                         bdb_json_num(s->g.ci_hi), "n_used", (json_int_t)s->g.n_used,
                         "n_excluded", (json_int_t)s->g.n_excluded));
    }
    set(&b, root, "scores", scores);
    if (b.failed) {
        json_decref(root);
        return BDB_ENOMEM;
    }
    /* the keys before "series" */
    int rc = put_object_part(out, root, 1);
    json_decref(root);
    if (!rc)
        rc = bdb_buf_puts(out, ",\n \"series\": ");
    /* each series as it is made, at depth 2 inside the array */
    jw *sw = calloc(1, sizeof *sw);
    if (!sw)
        return BDB_ENOMEM;
    sw->out = out;
    bdb_buf_init(&sw->path_esc);
    sw->depth = 1; /* inside the document's object */
    jw_open(sw, '[');
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        series_write(sw, m, &m->series[s]);
        jw_flush(sw);
        rc = sw->failed ? BDB_ENOMEM : out->err;
        if (!rc)
            rc = bdb_render_flush(o, out, 0);
    }
    if (!rc) {
        jw_close(sw, ']');
        jw_put(sw, ",\n \"traces\": ", 13);
        traces_write(sw, m, o);
        jw_flush(sw);
        rc = sw->failed ? BDB_ENOMEM : out->err;
    }
    bdb_buf_free(&sw->path_esc);
    free(sw);
    if (!rc)
        rc = out->err;
    if (rc)
        return rc;

    /* the keys after it */
    json_t *tail = json_object();
    json_t *sweeps = json_array();
    for (size_t w = 0; w < m->nsweeps; w++) {
        json_t *idx = json_array();
        for (size_t i = 0; i < m->sweeps[w].n; i++)
            append(&b, idx, json_integer((json_int_t)m->sweeps[w].series[i]));
        append(&b, sweeps, json_pack("{s:o, s:o, s:o}", "key",
                                     bdb_json_str(m->sweeps[w].key), "label",
                                     bdb_json_str(m->sweeps[w].label), "series", idx));
    }
    set(&b, tail, "sweeps", sweeps);
    json_t *warns = json_array();
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        /* as in every format: a note under the platform of its figure,
         * and provenance notes only for figures in the report */
        if (w->is_info && !bdb_section_note_shown(m, w))
            continue;
        append(&b, warns,
               json_pack("{s:o, s:o, s:i, s:s, s:o}", "platform",
                         bdb_json_str(bdb_section_warning_platform(m, w)), "source",
                         bdb_json_str(w->path), "line",
                         w->line, "kind", w->is_info ? "info" : "warning",
                         "message", bdb_json_str(w->message)));
    }
    set(&b, tail, "warnings", warns);
    json_t *missing = json_array();
    for (size_t i = 0; i < m->nmissing; i++)
        append(&b, missing, bdb_json_str(m->missing[i]));
    set(&b, tail, "missing_inputs", missing);
    json_t *ign = json_array();
    for (size_t i = 0; i < m->opts.nignore; i++)
        append(&b, ign, bdb_json_str(m->opts.ignore[i]));
    set(&b, tail, "left_out",
        json_pack("{s:I, s:I, s:I, s:o, s:s}", "one_platform",
                  (json_int_t)m->left_out.one_platform, "filtered",
                  (json_int_t)m->left_out.filtered, "pooled",
                  (json_int_t)m->left_out.pooled, "ignored_params", ign,
                  "shown_by", "--all"));
    bdb_buf f;
    bdb_buf_init(&f);
    bdb_report_findings(m, &f, "");
    if (f.err)
        b.failed = 1;
    set(&b, tail, "findings", lines_json(&b, f.data));
    bdb_buf_free(&f);
    if (b.failed) {
        json_decref(tail);
        return BDB_ENOMEM;
    }
    rc = bdb_buf_puts(out, ",\n");
    if (!rc)
        rc = put_object_part(out, tail, 0);
    json_decref(tail);
    if (!rc)
        rc = bdb_buf_puts(out, "\n");
    return rc;
}
