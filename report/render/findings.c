/* findings.c - wording shared by the renderers: verdicts, the method notes
 * every report carries, and the few findings a reader wants first. */
#include "decide.h"
#include "render.h"
#include "params_ignore.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bdb_report_is_key_series(const bdb_rseries *s)
{
    if (s->headline)
        return 1;
    static const char *const key[] = {"latency_mean", "latency_p99",
                                      "failed_requests", "non_2xx_responses",
                                      "non_2xx_3xx_responses",
                                      "socket_errors_timeout", NULL};
    for (const char *const *k = key; *k; k++)
        if (strcmp(s->metric, *k) == 0)
            return 1;
    return 0;
}

const char *bdb_report_verdict_word(bdb_verdict v)
{
    switch (v) {
    case BDB_VERDICT_BETTER: return "better";
    case BDB_VERDICT_WORSE: return "worse";
    case BDB_VERDICT_SAME: return "no significant difference";
    case BDB_VERDICT_UNTESTED: return "too few repetitions to test";
    default: return "";
    }
}

void bdb_report_method_notes(const bdb_model *m, bdb_buf *out, const char *b)
{
    bdb_buf_printf(out, "%sRatios are against %s and oriented so that above 1 "
                        "means better, for higher- and lower-is-better metrics "
                        "alike; [lo, hi] is a 95%% bootstrap interval (%zu "
                        "resamples, seed %llu).\n",
                   b, bdb_model_platform_name(m, m->baseline), m->opts.resamples,
                   (unsigned long long)m->opts.seed);
    bdb_buf_printf(out, "%sWhere %s has no figure for a series, its ratios are "
                        "against the first platform that has one, marked "
                        "(ref); such series stay out of the scores.\n",
                   b, bdb_model_platform_name(m, m->baseline));
    bdb_decide_opts o = {.threshold = m->opts.threshold, .level = 0};
    char rule[768];
    bdb_decide_rule_text(&o, rule, sizeof rule);
    bdb_buf_printf(out, "%sVerdicts (the rule of compare and check): %s. "
                        "Welch's t and Mann-Whitney U p are shown as "
                        "information, corrected with %s over %zu "
                        "comparisons.\n",
                   b, rule, m->opts.correction == BDB_CORR_BH
                                ? "Benjamini-Hochberg" : "Holm",
                   m->ncompared);
    bdb_buf_printf(out, "%sScores are geometric means of ratios over headline "
                        "series (rates in B/s, bit/s, op/s and whole-run times), "
                        "never averages of values in different units; series "
                        "missing on either side are left out, zero or "
                        "negative ratios are excluded and counted.\n", b);
    bdb_buf_printf(out, "%sValues are means over all repetitions; CV above "
                        "%.0f%% marks a noisy cell (*), MAD-rule outliers are "
                        "shown, never dropped. Data rates use decimal units "
                        "(1 MB/s = 10^6 B/s). \"n=6 from 6 files\": the "
                        "values come from differently named files, which may "
                        "be different measurements rather than repetitions "
                        "(import them with a --path-pattern that makes the "
                        "difference a parameter, or with --repetitions).\n",
                   b, m->opts.noisy_cv * 100);
    if (m->opts.normalize != BDB_NORM_NONE)
        bdb_buf_printf(out, "%sHeadline values are normalised %s.\n", b,
                       m->opts.normalize == BDB_NORM_PER_CORE ? "per core"
                       : m->opts.normalize == BDB_NORM_PER_THREAD
                           ? "per thread" : "per GHz");
    size_t none = 0;
    for (size_t s = 0; s < m->nseries; s++)
        none += !bdb_efficiency_measures_work(m->series[s].metric,
                                              m->series[s].unit,
                                              m->series[s].better);
    if (none)
        bdb_buf_printf(out, "%sPer watt, per dollar, TCO and energy figures "
                            "are for throughputs and whole-run durations "
                            "only, always of the whole machine (never "
                            "normalised); %zu series (latencies, percentiles, "
                            "per-operation times, counts) have none.\n",
                       b, none);
    bdb_buf_printf(out, "%sEfficiency: energy at %.3f %s/kWh over %.3g years at "
                        "%.0f%% utilisation; missing prices or power are shown "
                        "as missing, never as zero.\n",
                   b, m->opts.cost.kwh_price, m->opts.cost.currency,
                   m->opts.cost.years, m->opts.cost.utilization * 100);
}

void bdb_report_left_out(const bdb_model *m, bdb_buf *out, const char *b)
{
    const bdb_left_out *l = &m->left_out;
    if (l->one_platform)
        bdb_buf_printf(out, "%s%zu series measured on %s are left out; --all "
                            "shows them.\n",
                       b, l->one_platform,
                       l->need <= 2 ? "one platform only"
                                    : "fewer platforms than the report needs");
    if (l->filtered)
        bdb_buf_printf(out, "%s%zu series of these platforms are outside the "
                            "selection (--tool, --benchmark, --metric, --param, "
                            "--set, --tag) and left out; a wider selection "
                            "shows them.\n",
                       b, l->filtered);
    if (m->opts.nignore) {
        char keys[512];
        bdb_params_ignore_list(m->opts.ignore, m->opts.nignore, keys,
                               sizeof keys);
        bdb_buf_printf(out, "%sIgnored parameters (--ignore-param): %s; %zu "
                            "series pooled into others that differ only "
                            "there; without --ignore-param they are shown "
                            "apart.\n",
                       b, keys, l->pooled);
    }
}

int bdb_report_left_out_each(const bdb_model *m, const char *bullet,
                             void (*line)(void *ctx, const char *text),
                             void *ctx)
{
    bdb_buf left;
    bdb_buf_init(&left);
    bdb_report_left_out(m, &left, bullet);
    for (char *l = left.data, *nl; !left.err && l && *l; l = nl) {
        nl = strchr(l, '\n');
        if (nl)
            *nl++ = '\0';
        line(ctx, l);
    }
    int rc = left.err ? BDB_ENOMEM : BDB_OK;
    bdb_buf_free(&left);
    return rc;
}

static const bdb_score *score_of(const bdb_model *m, const char *cat, size_t p)
{
    for (size_t i = 0; i < m->nscores; i++)
        if (m->scores[i].platform == p && strcmp(m->scores[i].category, cat) == 0)
            return &m->scores[i];
    return NULL;
}

void bdb_report_findings(const bdb_model *m, bdb_buf *out, const char *b)
{
    const char *base = bdb_model_platform_name(m, m->baseline);
    int any = 0;
    for (size_t p = 0; p < m->nplatforms; p++) {
        if (p == m->baseline)
            continue;
        const bdb_score *sc = score_of(m, "overall", p);
        if (!sc || !isfinite(sc->g.geomean))
            continue;
        /* The series where p is furthest from the baseline. */
        const bdb_rseries *best = NULL;
        double far = 0;
        for (size_t s = 0; s < m->nseries; s++) {
            const bdb_rseries *se = &m->series[s];
            const bdb_cell *c = &se->cells[p];
            if (!se->headline || !c->compared || !isfinite(c->speedup) ||
                se->ref != m->baseline)
                continue;
            double d = fabs(log(c->speedup));
            if (!best || d > far) {
                best = se;
                far = d;
            }
        }
        bdb_buf_printf(out, "%s%s: %.2fx %s overall (geometric mean of %zu "
                            "headline series)", b,
                       bdb_model_platform_name(m, p), sc->g.geomean, base,
                       sc->g.n_used);
        if (best) {
            bdb_buf_printf(out, "; furthest apart on %s %s %s", best->tool,
                           best->benchmark, best->metric);
            /* at which parameters: "at block_size=16384, multi=4" */
            for (const char *q = best->params; *q;) {
                size_t n = strcspn(q, ",");
                bdb_buf_printf(out, "%s%.*s", q == best->params ? " at " : ", ",
                               (int)n, q);
                q += n + (q[n] == ',');
            }
            bdb_buf_printf(out, ": %.2fx", best->cells[p].speedup);
        }
        bdb_buf_puts(out, ".\n");
        any = 1;
    }
    /* Per watt and per dollar: the platform that leads most often. */
    size_t nplat = m->nplatforms;
    for (int kind = 0; kind < 2 && nplat > 1; kind++) {
        size_t *wins = calloc(nplat, sizeof *wins);
        if (!wins) {
            if (!out->err)
                out->err = BDB_ENOMEM;
            return;
        }
        size_t series_with = 0;
        for (size_t s = 0; s < m->nseries; s++) {
            const bdb_rseries *se = &m->series[s];
            if (!se->headline)
                continue;
            int lead = -1, have = 0;
            double top = -1;
            for (size_t p = 0; p < nplat; p++) {
                const bdb_cell *c = &se->cells[p];
                if (!c->present || !c->eff_computed)
                    continue;
                bdb_efficiency eff;
                bdb_cell_efficiency(m, se, p, &eff, NULL);
                double v = kind == 0 ? eff.per_watt : eff.per_tco_dollar;
                if (!isfinite(v))
                    continue;
                have++;
                if (v > top) {
                    top = v;
                    lead = (int)p;
                }
            }
            if (have >= 2 && lead >= 0) {
                wins[lead]++;
                series_with++;
            }
        }
        size_t leader = 0;
        for (size_t p = 1; p < nplat; p++)
            if (wins[p] > wins[leader])
                leader = p;
        if (!series_with) {
            bdb_buf_printf(out, "%sMost work per %s: cannot say, fewer than two "
                                "platforms of any headline series have %s "
                                "(see Missing inputs).\n",
                           b, kind == 0 ? "watt" : "dollar of ownership",
                           kind == 0 ? "a power figure" : "a price or rent");
            any = 1;
        } else {
            bdb_buf_printf(out, "%sMost work per %s: %s, in %zu of %zu headline "
                                "series where two or more platforms have %s.\n",
                           b, kind == 0 ? "watt" : "dollar of ownership",
                           bdb_model_platform_name(m, leader), wins[leader],
                           series_with, kind == 0 ? "power figures"
                                                  : "price or rent figures");
            any = 1;
        }
        free(wins);
    }
    size_t before = out->len;
    bdb_report_left_out(m, out, b);
    any |= out->len > before;
    size_t warned = 0;
    for (size_t i = 0; i < m->nwarnings; i++)
        warned += !m->warnings[i].is_info;
    if (warned) {
        bdb_buf_printf(out, "%s%zu warnings from the logs (failed requests, "
                            "socket errors, missing algorithms ...) affect the "
                            "figures marked !; see Warnings.\n", b, warned);
        any = 1;
    }
    if (!any)
        bdb_buf_printf(out, "%sNo comparison: the selection has no series "
                            "measured on two platforms.\n", b);
}
