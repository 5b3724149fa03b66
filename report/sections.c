/* sections.c - building the report's tables from the model. */
#include "sections.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 64

/* prec < 0: %g; else that many decimals. NaN: "-". */
static void num(char *out, size_t n, double v, int prec)
{
    if (!isfinite(v))
        snprintf(out, n, "-");
    else if (prec < 0)
        snprintf(out, n, "%g", v);
    else
        snprintf(out, n, "%.*f", prec, v);
}

int bdb_section_platforms(const bdb_model *m, bdb_rtable *t)
{
    static const char *const head[] = {"platform", "arch", "cpu", "cores",
                                       "threads", "MHz", "memory GB",
                                       "price USD", "power W", "idle W",
                                       "rent USD/month"};
    bdb_rtable_init(t, 11);
    for (int c = 3; c < 11; c++)
        t->right[c] = 1;
    bdb_rtable_add(t, head);
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_platform *pl = &m->platforms[p];
        char v[8][32], name[96];
        snprintf(name, sizeof name, "%s%s", bdb_model_platform_name(m, p),
                 p == m->baseline ? " (baseline)" : "");
        num(v[0], 32, pl->cores, -1);
        num(v[1], 32, pl->threads, -1);
        num(v[2], 32, pl->freq_mhz, 0);
        num(v[3], 32, pl->memory_gb, -1);
        num(v[4], 32, pl->price_usd, 2);
        num(v[5], 32, pl->power_w, -1);
        num(v[6], 32, pl->idle_power_w, -1);
        num(v[7], 32, pl->rent_usd_month, 2);
        const char *row[] = {name, pl->arch[0] ? pl->arch : "-",
                             pl->cpu[0] ? pl->cpu : "-", v[0], v[1], v[2], v[3],
                             v[4], v[5], v[6], v[7]};
        bdb_rtable_add(t, row);
    }
    return 0;
}

int bdb_section_differs(const bdb_model *m, bdb_rtable *t)
{
    size_t np = m->nplatforms < MAXP ? m->nplatforms : MAXP;
    bdb_rtable_init(t, np + 1);
    const char *head[MAXP + 1] = {"spec"};
    for (size_t p = 0; p < np; p++)
        head[p + 1] = bdb_model_platform_name(m, p);
    bdb_rtable_add(t, head);
    static const char *const names[] = {"arch", "cpu", "cores", "threads",
                                        "clock MHz", "memory GB", "os",
                                        "kernel", "price USD", "power W",
                                        "idle power W", "rent USD/month"};
    for (int f = 0; f < 12; f++) {
        char vals[MAXP][160];
        int differ = 0;
        for (size_t p = 0; p < np; p++) {
            const bdb_platform *pl = &m->platforms[p];
            switch (f) {
            case 0: snprintf(vals[p], 160, "%s", pl->arch); break;
            case 1: snprintf(vals[p], 160, "%s", pl->cpu); break;
            case 2: num(vals[p], 160, pl->cores, -1); break;
            case 3: num(vals[p], 160, pl->threads, -1); break;
            case 4: num(vals[p], 160, pl->freq_mhz, 0); break;
            case 5: num(vals[p], 160, pl->memory_gb, -1); break;
            case 6: snprintf(vals[p], 160, "%s", pl->os); break;
            case 7: snprintf(vals[p], 160, "%s", pl->kernel); break;
            case 8: num(vals[p], 160, pl->price_usd, 2); break;
            case 9: num(vals[p], 160, pl->power_w, -1); break;
            case 10: num(vals[p], 160, pl->idle_power_w, -1); break;
            default: num(vals[p], 160, pl->rent_usd_month, 2); break;
            }
            if (!vals[p][0])
                snprintf(vals[p], 160, "-");
            if (p && strcmp(vals[p], vals[0]) != 0)
                differ = 1;
        }
        if (!differ)
            continue;
        const char *row[MAXP + 1] = {names[f]};
        for (size_t p = 0; p < np; p++)
            row[p + 1] = vals[p];
        bdb_rtable_add(t, row);
    }
    return 0;
}

int bdb_section_scores(const bdb_model *m, bdb_rtable *t)
{
    size_t np = m->nplatforms < MAXP ? m->nplatforms : MAXP;
    bdb_rtable_init(t, np + 1);
    const char *head[MAXP + 1] = {"category"};
    char names[MAXP][96];
    for (size_t p = 0; p < np; p++) {
        snprintf(names[p], sizeof names[p], "%s%s", bdb_model_platform_name(m, p),
                 p == m->baseline ? " (baseline)" : "");
        head[p + 1] = names[p];
        t->right[p + 1 < 32 ? p + 1 : 31] = 1;
    }
    bdb_rtable_add(t, head);
    static const char *const cats[] = {"cpu", "crypto", "memory", "disk",
                                       "network", "web", "key-value", "other",
                                       "overall", NULL};
    for (const char *const *c = cats; *c; c++) {
        char cells[MAXP][96];
        const char *row[MAXP + 1] = {*c};
        int any = 0;
        for (size_t p = 0; p < np; p++) {
            snprintf(cells[p], sizeof cells[p], p == m->baseline ? "1.00x" : "-");
            for (size_t i = 0; i < m->nscores; i++) {
                const bdb_score *s = &m->scores[i];
                if (s->platform != p || strcmp(s->category, *c) != 0)
                    continue;
                any = 1;
                if (isfinite(s->g.ci_lo))
                    snprintf(cells[p], sizeof cells[p], "%.2fx [%.2f, %.2f] n=%zu",
                             s->g.geomean, s->g.ci_lo, s->g.ci_hi, s->g.n_used);
                else
                    snprintf(cells[p], sizeof cells[p], "%.2fx n=%zu",
                             s->g.geomean, s->g.n_used);
            }
            row[p + 1] = cells[p];
        }
        if (any)
            bdb_rtable_add(t, row);
    }
    return 0;
}

size_t bdb_section_tools(const bdb_model *m, const char **tools, size_t max)
{
    size_t n = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        int seen = 0;
        for (size_t i = 0; i < n; i++)
            seen |= strcmp(tools[i], m->series[s].tool) == 0;
        if (!seen && n < max)
            tools[n++] = m->series[s].tool;
    }
    return n;
}

void bdb_section_cell_text(const bdb_rseries *s, const bdb_cell *c, char *out,
                           size_t n)
{
    if (!c->present) {
        snprintf(out, n, "-");
        return;
    }
    char v[64], from[48] = "";
    bdb_format_value(c->sum.mean, s->unit, v, sizeof v);
    if (c->merged_files)
        snprintf(from, sizeof from, " from %zu files", c->merged_files);
    if (c->n >= 2 && isfinite(c->sum.cv))
        snprintf(out, n, "%s ±%.1f%% n=%zu%s%s%s", v, fabs(c->sum.cv) * 100,
                 c->n, from, c->noisy ? "*" : "", c->warned ? "!" : "");
    else
        snprintf(out, n, "%s n=%zu%s%s", v, c->n, from, c->warned ? "!" : "");
}

int bdb_section_tool(const bdb_model *m, const char *tool, int all,
                     bdb_rtable *t)
{
    size_t np = m->nplatforms < MAXP ? m->nplatforms : MAXP;
    /* benchmark, metric, params, then per platform: value (+ ratio) */
    bdb_rtable_init(t, 3 + np);
    const char *head[MAXP + 3] = {"benchmark", "metric", "parameters"};
    for (size_t p = 0; p < np; p++) {
        head[3 + p] = bdb_model_platform_name(m, p);
        t->right[3 + p < 32 ? 3 + p : 31] = 1;
    }
    bdb_rtable_add(t, head);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (strcmp(se->tool, tool) != 0 || (!all && !bdb_report_is_key_series(se)))
            continue;
        char cells[MAXP][320];
        const char *row[MAXP + 3] = {se->benchmark, se->metric,
                                     se->params[0] ? se->params : "-"};
        for (size_t p = 0; p < np; p++) {
            const bdb_cell *c = &se->cells[p];
            char v[120], r[40];
            bdb_section_cell_text(se, c, v, sizeof v);
            if (c->compared) {
                bdb_format_speedup(c, r, sizeof r);
                snprintf(cells[p], sizeof cells[p], "%s  %s", v, r);
            } else if (c->present && p == se->ref && se->ref != m->baseline) {
                snprintf(cells[p], sizeof cells[p], "%s  (ref)", v);
            } else {
                snprintf(cells[p], sizeof cells[p], "%s", v);
            }
            row[3 + p] = cells[p];
        }
        bdb_rtable_add(t, row);
    }
    return 0;
}

int bdb_section_sweep(const bdb_model *m, size_t w, bdb_rtable *t)
{
    const bdb_sweep *sw = &m->sweeps[w];
    size_t np = m->nplatforms < MAXP ? m->nplatforms : MAXP;
    bdb_rtable_init(t, 1 + np);
    const char *head[MAXP + 1] = {sw->key};
    for (size_t p = 0; p < np; p++) {
        head[1 + p] = bdb_model_platform_name(m, p);
        t->right[1 + p < 32 ? 1 + p : 31] = 1;
    }
    t->right[0] = 1;
    bdb_rtable_add(t, head);
    for (size_t i = 0; i < sw->n; i++) {
        const bdb_rseries *se = &m->series[sw->series[i]];
        char key[64] = "";
        const char *kv = strstr(se->params, sw->key);
        while (kv && kv != se->params && kv[-1] != ',')
            kv = strstr(kv + 1, sw->key);
        if (kv) {
            kv += strlen(sw->key) + 1;
            size_t l = strcspn(kv, ",");
            snprintf(key, sizeof key, "%.*s", (int)(l < 60 ? l : 60), kv);
        }
        char cells[MAXP][320];
        const char *row[MAXP + 1] = {key};
        for (size_t p = 0; p < np; p++) {
            const bdb_cell *c = &se->cells[p];
            char v[120], r[40] = "";
            bdb_section_cell_text(se, c, v, sizeof v);
            if (c->compared)
                bdb_format_speedup(c, r, sizeof r);
            else if (c->present && p == se->ref && se->ref != m->baseline)
                snprintf(r, sizeof r, "(ref)");
            snprintf(cells[p], sizeof cells[p], "%s%s%s", v, r[0] ? "  " : "", r);
            row[1 + p] = cells[p];
        }
        bdb_rtable_add(t, row);
    }
    return 0;
}

int bdb_section_efficiency(const bdb_model *m, bdb_rtable *t)
{
    static const char *const head[] = {"series", "platform", "per watt",
                                       "per USD", "per USD of TCO",
                                       "energy per unit", "TB/month",
                                       "units to match the reference", "missing"};
    bdb_rtable_init(t, 9);
    for (int c = 2; c < 8; c++)
        t->right[c] = 1;
    bdb_rtable_add(t, head);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline)
            continue;
        int platforms_with = 0;
        for (size_t p = 0; p < m->nplatforms; p++)
            platforms_with += se->cells[p].present;
        if (platforms_with < 2 && m->nplatforms > 1)
            continue;
        char label[512];
        snprintf(label, sizeof label, "%s %s %s%s%s", se->tool, se->benchmark,
                 se->metric, se->params[0] ? " " : "", se->params);
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present || !c->eff_computed)
                continue;
            const bdb_efficiency *e = &c->eff;
            char w[64], d[64], tco[64], en[64], tb[64], match[96], miss[160];
            char tmp[64];
            bdb_format_value(e->per_watt, "", tmp, sizeof tmp);
            snprintf(w, sizeof w, isfinite(e->per_watt) ? "%s %s/W" : "-", tmp,
                     e->work_unit);
            bdb_format_value(e->per_dollar, "", tmp, sizeof tmp);
            snprintf(d, sizeof d, isfinite(e->per_dollar) ? "%s %s/USD" : "-",
                     tmp, e->work_unit);
            bdb_format_value(e->per_tco_dollar, "", tmp, sizeof tmp);
            snprintf(tco, sizeof tco, isfinite(e->per_tco_dollar) ? "%s %s/USD" : "-",
                     tmp, e->work_unit);
            if (isfinite(e->energy_per_unit))
                snprintf(en, sizeof en, "%.4g %s", e->energy_per_unit, e->energy_unit);
            else
                snprintf(en, sizeof en, "-");
            if (isfinite(e->tb_per_month))
                snprintf(tb, sizeof tb, "%.2f", e->tb_per_month);
            else
                snprintf(tb, sizeof tb, "-");
            snprintf(match, sizeof match, "-");
            if (c->compared && isfinite(c->match.count)) {
                char pr[32], pw[32];
                num(pr, sizeof pr, c->match.price, 0);
                num(pw, sizeof pw, c->match.power_w, 0);
                snprintf(match, sizeof match, "%.0f (%s USD, %s W)",
                         c->match.count, pr, pw);
            }
            bdb_efficiency_missing_text(e->missing, miss, sizeof miss);
            const char *row[] = {label, bdb_model_platform_name(m, p), w, d, tco,
                                 en, tb, match, miss[0] ? miss : ""};
            bdb_rtable_add(t, row);
        }
    }
    return 0;
}

int bdb_section_warnings(const bdb_model *m, bdb_rtable *t)
{
    static const char *const head[] = {"platform", "where", "warning"};
    bdb_rtable_init(t, 3);
    bdb_rtable_add(t, head);
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        if (w->is_info)
            continue;
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", w->path, w->line);
        const char *row[] = {w->platform[0] ? w->platform : "-", where,
                             w->message};
        bdb_rtable_add(t, row);
    }
    return 0;
}
