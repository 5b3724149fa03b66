/* json.c - the whole model as JSON (jansson), with stable keys documented
 * in README.md. Unknown or not computable numbers are null.
 *
 * The document is written as it is made: the keys before "series", then
 * each series dumped on its own and indented to its depth, then the keys
 * after it, so only one series is ever a jansson tree (a whole tree of a
 * million results was 1.4 GB). The bytes are those jansson would write for
 * the whole tree (JSON_INDENT(1): one space per depth, strings never hold
 * a raw newline).
 *
 * Every string goes through str(), which repairs invalid UTF-8 (jansson
 * refuses it, and a refused string would silently drop its series), and
 * every set or append is checked: a document that could not be built
 * whole is an error, never a shorter document. */
#include "render.h"
#include "sections.h"
#include "../common/bdb_utf8.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The first failure while building the document. */
typedef struct jb {
    int failed;
} jb;

static json_t *num(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *str(const char *s)
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
    json_t *j = str(copy);
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
                          "name", str(bdb_model_platform_name(m, p)), "arch",
                          str(pl->arch), "cpu", str(pl->cpu), "cores",
                          num(pl->cores), "threads", num(pl->threads),
                          "freq_mhz", num(pl->freq_mhz), "memory_gb",
                          num(pl->memory_gb), "os", str(pl->os), "kernel",
                          str(pl->kernel), "price_usd", num(pl->price_usd),
                          "power_w", num(pl->power_w), "idle_power_w",
                          num(pl->idle_power_w), "rent_usd_month",
                          num(pl->rent_usd_month), "notes", str(pl->notes),
                          "baseline", p == m->baseline);
    set(b, j, "price_currency", str(pl->price_currency));
    set(b, j, "price_date", str(pl->price_date));
    set(b, j, "price_source", str(pl->price_source));
    set(b, j, "rent_usd_hour", num(pl->rent_usd_hour));
    if (!j)
        b->failed = 1;
    return j;
}

static json_t *cell_json(jb *b, const bdb_model *m, const bdb_rseries *se,
                         size_t p)
{
    const bdb_cell *c = &se->cells[p];
    json_t *values = json_array(), *sources = json_array(), *outliers = json_array();
    for (size_t i = 0; i < c->n; i++) {
        append(b, values, json_real(c->values[i]));
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", c->paths[i], c->lines[i]);
        append(b, sources, str(where));
        if (c->outlier[i])
            append(b, outliers, json_integer((json_int_t)i));
    }
    json_t *j = json_pack(
        "{s:o, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:[oo], s:[ooo], s:o, s:o, "
        "s:o, s:b, s:b, s:I}",
        "platform", str(bdb_model_platform_name(m, p)), "n", (json_int_t)c->n,
        "mean", num(c->sum.mean), "median", num(c->sum.median), "sd",
        num(c->sum.sd), "cv", num(c->sum.cv), "min", num(c->sum.min), "max",
        num(c->sum.max), "mean_ci", num(c->sum.mean_ci_lo),
        num(c->sum.mean_ci_hi), "median_ci", num(c->sum.median_ci_lo),
        num(c->sum.median_ci_hi), num(c->sum.median_ci_level), "values",
        values, "sources", sources, "outliers", outliers, "noisy", c->noisy,
        "warned", c->warned, "merged_files", (json_int_t)c->merged_files);
    if (!j) {
        b->failed = 1;
        return NULL;
    }
    if (c->compared) {
        set(b, j, "comparison",
            json_pack("{s:o, s:[oo], s:{s:o, s:o, s:o, s:o}, s:{s:o, s:o, s:s}, s:s}",
                      "speedup", num(c->speedup), "speedup_ci",
                      num(c->speedup_lo), num(c->speedup_hi), "welch", "t",
                      num(c->welch.t), "df", num(c->welch.df), "p",
                      num(c->tested ? c->welch.p : NAN), "p_adjusted",
                      num(c->tested ? c->p_adj : NAN), "mann_whitney", "u",
                      num(c->mw.u), "p", num(c->mw.p), "method",
                      c->mw.method == BDB_MW_EXACT ? "exact"
                      : c->mw.method == BDB_MW_NORMAL ? "normal" : "none",
                      "verdict", bdb_report_verdict_word(c->verdict)));
    }
    if (c->eff_computed) {
        char miss[200];
        bdb_efficiency_missing_text(c->eff.missing, miss, sizeof miss);
        set(b, j, "efficiency",
            json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
                      "work_rate", num(c->eff.work_rate), "work_unit",
                      str(c->eff.work_unit), "per_watt", num(c->eff.per_watt),
                      "per_usd", num(c->eff.per_dollar), "per_usd_month",
                      num(c->eff.per_dollar_month), "per_usd_tco",
                      num(c->eff.per_tco_dollar), "tco_usd", num(c->eff.tco),
                      "energy_per_unit", num(c->eff.energy_per_unit),
                      "energy_unit", str(c->eff.energy_unit), "tb_per_month",
                      num(c->eff.tb_per_month), "missing", str(miss)));
        if (c->compared)
            set(b, j, "match_baseline",
                json_pack("{s:o, s:o, s:o, s:o}", "count", num(c->match.count),
                          "price_usd", num(c->match.price), "power_w",
                          num(c->match.power_w), "tco_usd", num(c->match.tco)));
    }
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

static json_t *series_json(jb *b, const bdb_model *m, const bdb_rseries *se)
{
    json_t *cells = json_array();
    for (size_t p = 0; p < m->nplatforms; p++)
        if (se->cells[p].present)
            append(b, cells, cell_json(b, m, se, p));
    json_t *j = json_pack(
        "{s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:b, s:o, s:o}", "tool",
        str(se->tool), "benchmark", str(se->benchmark), "metric",
        str(se->metric), "parameters", str(se->params), "unit", str(se->unit),
        "better", se->better > 0 ? "higher" : se->better < 0 ? "lower" : "neutral",
        "category", se->category, "headline", se->headline, "sweep",
        se->sweep >= 0 ? json_integer(se->sweep) : json_null(), "cells", cells);
    if (!j)
        b->failed = 1;
    return j;
}

#define JSON_FLAGS (JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12))

/* Appends text with depth spaces after each newline: a value dumped at
 * depth 0, written where it sits at that depth. */
static int put_indented(bdb_buf *out, const char *text, int depth)
{
    static const char spaces[] = "        ";
    const char *p = text;
    int rc = BDB_OK;
    while (!rc && *p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        rc = bdb_buf_append(out, p, n);
        for (int d = depth; !rc && nl && d > 0; d -= 8)
            rc = bdb_buf_append(out, spaces, d < 8 ? (size_t)d : 8);
        p += n;
    }
    return rc;
}

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
    set(&b, root, "title", str(m->title));
    set(&b, root, "baseline", str(bdb_model_platform_name(m, m->baseline)));
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
                  str(m->opts.cost.currency ? m->opts.cost.currency : "USD"),
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
                         str(bdb_model_platform_name(m, s->platform)),
                         "geomean", num(s->g.geomean), "ci", num(s->g.ci_lo),
                         num(s->g.ci_hi), "n_used", (json_int_t)s->g.n_used,
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
        rc = bdb_buf_puts(out, m->nseries ? ",\n \"series\": [" : ",\n \"series\": []");
    /* each series as it is made, at depth 2 inside the array */
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        json_t *j = series_json(&b, m, &m->series[s]);
        char *text = j && !b.failed ? json_dumps(j, JSON_FLAGS) : NULL;
        json_decref(j);
        if (!text)
            return BDB_ENOMEM;
        rc = bdb_buf_puts(out, s ? ",\n  " : "\n  ");
        if (!rc)
            rc = put_indented(out, text, 2);
        free(text);
        if (!rc)
            rc = bdb_render_flush(o, out, 0);
    }
    if (!rc && m->nseries)
        rc = bdb_buf_puts(out, "\n ]");
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
                                     str(m->sweeps[w].key), "label",
                                     str(m->sweeps[w].label), "series", idx));
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
                         str(bdb_section_warning_platform(m, w)), "source",
                         str(w->path), "line",
                         w->line, "kind", w->is_info ? "info" : "warning",
                         "message", str(w->message)));
    }
    set(&b, tail, "warnings", warns);
    json_t *missing = json_array();
    for (size_t i = 0; i < m->nmissing; i++)
        append(&b, missing, str(m->missing[i]));
    set(&b, tail, "missing_inputs", missing);
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
