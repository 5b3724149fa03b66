/* json.c - the whole model as JSON (jansson), with stable keys documented
 * in README.md. Unknown or not computable numbers are null. */
#include "render.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static json_t *num(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *platform_json(const bdb_model *m, size_t p)
{
    const bdb_platform *pl = &m->platforms[p];
    json_t *j = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:s, s:s, s:o, s:o, "
                     "s:o, s:o, s:s, s:b}",
                     "name", bdb_model_platform_name(m, p), "arch", pl->arch,
                     "cpu", pl->cpu, "cores", num(pl->cores), "threads",
                     num(pl->threads), "freq_mhz", num(pl->freq_mhz),
                     "memory_gb", num(pl->memory_gb), "os", pl->os, "kernel",
                     pl->kernel, "price_usd", num(pl->price_usd), "power_w",
                     num(pl->power_w), "idle_power_w", num(pl->idle_power_w),
                     "rent_usd_month", num(pl->rent_usd_month), "notes",
                     pl->notes, "baseline", p == m->baseline);
    if (j) {
        json_object_set_new(j, "price_currency", json_string(pl->price_currency));
        json_object_set_new(j, "price_date", json_string(pl->price_date));
        json_object_set_new(j, "price_source", json_string(pl->price_source));
        json_object_set_new(j, "rent_usd_hour", num(pl->rent_usd_hour));
    }
    return j;
}

static json_t *cell_json(const bdb_model *m, const bdb_rseries *se, size_t p)
{
    const bdb_cell *c = &se->cells[p];
    json_t *values = json_array(), *sources = json_array(), *outliers = json_array();
    for (size_t i = 0; i < c->n; i++) {
        json_array_append_new(values, json_real(c->values[i]));
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", c->paths[i], c->lines[i]);
        json_array_append_new(sources, json_string(where));
        if (c->outlier[i])
            json_array_append_new(outliers, json_integer((json_int_t)i));
    }
    json_t *j = json_pack(
        "{s:s, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:[oo], s:[ooo], s:o, s:o, "
        "s:o, s:b, s:b}",
        "platform", bdb_model_platform_name(m, p), "n", (json_int_t)c->n, "mean",
        num(c->sum.mean), "median", num(c->sum.median), "sd", num(c->sum.sd),
        "cv", num(c->sum.cv), "min", num(c->sum.min), "max", num(c->sum.max),
        "mean_ci", num(c->sum.mean_ci_lo), num(c->sum.mean_ci_hi), "median_ci",
        num(c->sum.median_ci_lo), num(c->sum.median_ci_hi),
        num(c->sum.median_ci_level), "values", values, "sources", sources,
        "outliers", outliers, "noisy", c->noisy, "warned", c->warned);
    if (c->compared) {
        json_object_set_new(
            j, "comparison",
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
        json_object_set_new(
            j, "efficiency",
            json_pack("{s:o, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:s}",
                      "work_rate", num(c->eff.work_rate), "work_unit",
                      c->eff.work_unit, "per_watt", num(c->eff.per_watt),
                      "per_usd", num(c->eff.per_dollar), "per_usd_month",
                      num(c->eff.per_dollar_month), "per_usd_tco",
                      num(c->eff.per_tco_dollar), "tco_usd", num(c->eff.tco),
                      "energy_per_unit", num(c->eff.energy_per_unit),
                      "energy_unit", c->eff.energy_unit, "tb_per_month",
                      num(c->eff.tb_per_month), "missing", miss));
        if (c->compared)
            json_object_set_new(
                j, "match_baseline",
                json_pack("{s:o, s:o, s:o, s:o}", "count", num(c->match.count),
                          "price_usd", num(c->match.price), "power_w",
                          num(c->match.power_w), "tco_usd", num(c->match.tco)));
    }
    return j;
}

static json_t *lines_json(const char *text)
{
    json_t *a = json_array();
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_array_append_new(a, json_stringn(p, n));
        p = nl ? nl + 1 : NULL;
    }
    return a;
}

int bdb_report_render_json(const bdb_model *m, const bdb_render_opts *o,
                           bdb_buf *out)
{
    (void)o;
    json_t *root = json_object();
    json_object_set_new(root, "title", json_string(m->title));
    json_object_set_new(root, "baseline",
                        json_string(bdb_model_platform_name(m, m->baseline)));
    json_object_set_new(
        root, "options",
        json_pack("{s:s, s:s, s:I, s:I, s:f, s:f, s:s, s:f}", "correction",
                  m->opts.correction == BDB_CORR_BH ? "benjamini-hochberg" : "holm",
                  "normalize",
                  m->opts.normalize == BDB_NORM_PER_CORE ? "core"
                  : m->opts.normalize == BDB_NORM_PER_THREAD ? "thread"
                  : m->opts.normalize == BDB_NORM_PER_GHZ ? "ghz" : "none",
                  "seed", (json_int_t)m->opts.seed, "resamples",
                  (json_int_t)m->opts.resamples, "kwh_price",
                  m->opts.cost.kwh_price, "years", m->opts.cost.years,
                  "currency", m->opts.cost.currency ? m->opts.cost.currency : "USD",
                  "utilization", m->opts.cost.utilization));
    json_t *plats = json_array();
    for (size_t p = 0; p < m->nplatforms; p++)
        json_array_append_new(plats, platform_json(m, p));
    json_object_set_new(root, "platforms", plats);
    json_t *scores = json_array();
    for (size_t i = 0; i < m->nscores; i++) {
        const bdb_score *s = &m->scores[i];
        json_array_append_new(
            scores, json_pack("{s:s, s:s, s:o, s:[oo], s:I, s:I}", "category",
                              s->category, "platform",
                              bdb_model_platform_name(m, s->platform), "geomean",
                              num(s->g.geomean), "ci", num(s->g.ci_lo),
                              num(s->g.ci_hi), "n_used", (json_int_t)s->g.n_used,
                              "n_excluded", (json_int_t)s->g.n_excluded));
    }
    json_object_set_new(root, "scores", scores);
    json_t *series = json_array();
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        json_t *cells = json_array();
        for (size_t p = 0; p < m->nplatforms; p++)
            if (se->cells[p].present)
                json_array_append_new(cells, cell_json(m, se, p));
        json_array_append_new(
            series, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:o, s:o}",
                              "tool", se->tool, "benchmark", se->benchmark,
                              "metric", se->metric, "parameters", se->params,
                              "unit", se->unit, "better",
                              se->better > 0 ? "higher"
                              : se->better < 0 ? "lower" : "neutral",
                              "category", se->category, "headline", se->headline,
                              "sweep", se->sweep >= 0 ? json_integer(se->sweep)
                                                      : json_null(),
                              "cells", cells));
    }
    json_object_set_new(root, "series", series);
    json_t *sweeps = json_array();
    for (size_t w = 0; w < m->nsweeps; w++) {
        json_t *idx = json_array();
        for (size_t i = 0; i < m->sweeps[w].n; i++)
            json_array_append_new(idx, json_integer((json_int_t)m->sweeps[w].series[i]));
        json_array_append_new(sweeps, json_pack("{s:s, s:s, s:o}", "key",
                                                m->sweeps[w].key, "label",
                                                m->sweeps[w].label, "series", idx));
    }
    json_object_set_new(root, "sweeps", sweeps);
    json_t *warns = json_array();
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        json_array_append_new(warns, json_pack("{s:s, s:s, s:i, s:s, s:s}",
                                               "platform", w->platform, "source",
                                               w->path, "line", w->line,
                                               "kind", w->is_info ? "info" : "warning",
                                               "message", w->message));
    }
    json_object_set_new(root, "warnings", warns);
    json_t *missing = json_array();
    for (size_t i = 0; i < m->nmissing; i++)
        json_array_append_new(missing, json_string(m->missing[i]));
    json_object_set_new(root, "missing_inputs", missing);
    bdb_buf f;
    bdb_buf_init(&f);
    bdb_report_findings(m, &f, "");
    json_object_set_new(root, "findings", lines_json(f.data));
    bdb_buf_free(&f);
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
    json_decref(root);
    if (!text)
        return BDB_ENOMEM;
    int rc = bdb_buf_puts(out, text);
    if (!rc)
        rc = bdb_buf_puts(out, "\n");
    free(text);
    return rc;
}
