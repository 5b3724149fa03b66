/* sections.c - building the report's tables from the model. */
#include "sections.h"
#include "numfmt.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_strmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for one row of a table of np platform columns after nlead
 * leading ones: the row's cell pointers and np texts of width bytes each.
 * 0, or -1 when out of memory (nothing is then held). */
typedef struct prow {
    const char **row;
    char *text;
    size_t width;
} prow;

static int prow_init(prow *r, size_t nlead, size_t np, size_t width)
{
    r->row = calloc(nlead + np + 1, sizeof *r->row);
    r->text = calloc(np ? np : 1, width);
    r->width = width;
    if (r->row && r->text)
        return 0;
    free(r->row);
    free(r->text);
    return -1;
}

static char *prow_cell(const prow *r, size_t p)
{
    return r->text + p * r->width;
}

static void prow_free(prow *r)
{
    free(r->row);
    free(r->text);
}

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
    /* no platform has a price (power, rent): the column goes, and the
     * missing-inputs line says how to add it */
    bdb_rtable_drop_empty_columns(t);
    return 0;
}

int bdb_section_differs(const bdb_model *m, bdb_rtable *t)
{
    size_t np = m->nplatforms;
    prow vr;
    if (bdb_rtable_init(t, np + 1) || prow_init(&vr, 1, np, 160))
        return -1;
    const char **head = vr.row;
    head[0] = "spec";
    for (size_t p = 0; p < np; p++)
        head[p + 1] = bdb_model_platform_name(m, p);
    bdb_rtable_add(t, head);
    static const char *const names[] = {"arch", "cpu", "cores", "threads",
                                        "clock MHz", "memory GB", "os",
                                        "kernel", "price USD", "power W",
                                        "idle power W", "rent USD/month"};
    for (int f = 0; f < 12; f++) {
        int differ = 0;
        for (size_t p = 0; p < np; p++) {
            const bdb_platform *pl = &m->platforms[p];
            char *v = prow_cell(&vr, p), *v0 = prow_cell(&vr, 0);
            switch (f) {
            case 0: snprintf(v, 160, "%s", pl->arch); break;
            case 1: snprintf(v, 160, "%s", pl->cpu); break;
            case 2: num(v, 160, pl->cores, -1); break;
            case 3: num(v, 160, pl->threads, -1); break;
            case 4: num(v, 160, pl->freq_mhz, 0); break;
            case 5: num(v, 160, pl->memory_gb, -1); break;
            case 6: snprintf(v, 160, "%s", pl->os); break;
            case 7: snprintf(v, 160, "%s", pl->kernel); break;
            case 8: num(v, 160, pl->price_usd, 2); break;
            case 9: num(v, 160, pl->power_w, -1); break;
            case 10: num(v, 160, pl->idle_power_w, -1); break;
            default: num(v, 160, pl->rent_usd_month, 2); break;
            }
            if (!v[0])
                snprintf(v, 160, "-");
            if (p && strcmp(v, v0) != 0)
                differ = 1;
        }
        if (!differ)
            continue;
        const char **row = vr.row;
        row[0] = names[f];
        for (size_t p = 0; p < np; p++)
            row[p + 1] = prow_cell(&vr, p);
        bdb_rtable_add(t, row);
    }
    prow_free(&vr);
    return 0;
}

int bdb_section_scores(const bdb_model *m, bdb_rtable *t)
{
    size_t np = m->nplatforms;
    prow hr, cr;
    if (bdb_rtable_init(t, np + 2))
        return -1;
    if (prow_init(&hr, 1, np + 1, 96))
        return -1;
    if (prow_init(&cr, 1, np + 1, 96)) {
        prow_free(&hr);
        return -1;
    }
    const char **head = hr.row;
    head[0] = "category";
    for (size_t p = 0; p < np; p++) {
        snprintf(prow_cell(&hr, p), hr.width, "%s%s", bdb_model_platform_name(m, p),
                 p == m->baseline ? " (baseline)" : "");
        head[p + 1] = prow_cell(&hr, p);
        t->right[p + 1] = 1;
    }
    head[np + 1] = "score uses (one figure of merit per run)";
    bdb_rtable_add(t, head);
    static const char *const cats[] = {"cpu", "crypto", "memory", "disk",
                                       "network", "web", "key-value", "other",
                                       "overall", NULL};
    for (const char *const *c = cats; *c; c++) {
        char basis[512];
        const char **row = cr.row;
        row[0] = *c;
        int any = 0;
        for (size_t p = 0; p < np; p++) {
            char *cell = prow_cell(&cr, p);
            snprintf(cell, cr.width, p == m->baseline ? "1.00x" : "-");
            for (size_t i = 0; i < m->nscores; i++) {
                const bdb_score *s = &m->scores[i];
                if (s->platform != p || strcmp(s->category, *c) != 0)
                    continue;
                any = 1;
                if (isfinite(s->g.ci_lo))
                    snprintf(cell, cr.width, "%.2fx [%.2f, %.2f] n=%zu",
                             s->g.geomean, s->g.ci_lo, s->g.ci_hi, s->g.n_used);
                else
                    snprintf(cell, cr.width, "%.2fx n=%zu",
                             s->g.geomean, s->g.n_used);
            }
            row[p + 1] = cell;
        }
        bdb_model_score_basis(m, *c, basis, sizeof basis);
        row[np + 1] = basis;
        if (any)
            bdb_rtable_add(t, row);
    }
    prow_free(&hr);
    prow_free(&cr);
    return 0;
}

int bdb_section_tools(const bdb_model *m, const char ***tools, size_t *n)
{
    const char **list = NULL;
    size_t cap = 0, k = 0;
    bdb_strmap seen = {0};
    int rc = 0;
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        int made = 0;
        if (!bdb_strmap_put(&seen, m->series[s].tool, &made)) {
            rc = -1;
        } else if (made) {
            const char **p = bdb_grow(list, k, &cap, sizeof *p, 16);
            if (!p)
                rc = -1;
            else
                (list = p)[k++] = m->series[s].tool;
        }
    }
    bdb_strmap_free(&seen);
    if (rc) {
        free(list);
        list = NULL;
        k = 0;
    }
    *tools = list;
    *n = k;
    return rc;
}

void bdb_section_cell_text(const bdb_model *m, const bdb_rseries *s,
                           const bdb_cell *c, char *out, size_t n)
{
    if (!c->present) {
        snprintf(out, n, "-");
        return;
    }
    /* as snprintf("%s ±%.1f%% n=%zu%s%s%s") would, without it: a report
     * writes one per cell */
    char v[96], from[48] = "", num[320], count[24];
    bdb_format_series_value(s, c->mean, v, sizeof v);
    uint32_t merged = bdb_cell_merged_files(m, c);
    if (merged)
        snprintf(from, sizeof from, " from %u files", (unsigned)merged);
    /* the spread of two or more values (short of memory: not shown) */
    double cv = NAN;
    bdb_summary sum;
    if (c->n >= 2 && bdb_cell_summary(m, c, &sum) == BDB_OK)
        cv = sum.cv;
    bdb_fmt_u(count, c->n);
    size_t len = 0;
    if (n)
        out[0] = '\0';
    bdb_str_add(out, n, &len, v);
    if (c->n >= 2 && isfinite(cv)) {
        bdb_fmt_f(num, sizeof num, fabs(cv) * 100, 1);
        bdb_str_add(out, n, &len, " \xc2\xb1");
        bdb_str_add(out, n, &len, num);
        bdb_str_add(out, n, &len, "%");
    }
    bdb_str_add(out, n, &len, " n=");
    bdb_str_add(out, n, &len, count);
    bdb_str_add(out, n, &len, from);
    if (c->n >= 2 && isfinite(cv))
        bdb_str_add(out, n, &len, c->noisy ? "*" : "");
    bdb_str_add(out, n, &len, c->warned ? "!" : "");
}

/* Compares a and b with runs of digits (and a decimal point inside them)
 * taken as numbers: "clients=2" < "clients=20", "bs=4k" < "bs=16k". */
int bdb_section_natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        int da = *a >= '0' && *a <= '9', db = *b >= '0' && *b <= '9';
        if (da && db) {
            char *ea, *eb;
            double x = strtod(a, &ea), y = strtod(b, &eb);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return *a ? 1 : *b ? -1 : 0;
}

typedef struct sort_row {
    size_t series, group;
    const char *params;
} sort_row;

static int sort_row_cmp(const void *x, const void *y)
{
    const sort_row *a = x, *b = y;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    int c = bdb_section_natural_cmp(a->params, b->params);
    if (c)
        return c;
    return a->series < b->series ? -1 : a->series > b->series;
}

/* Whether series se of the model is one bdb_section_order lists. */
static int order_wants(const bdb_rseries *se, const char *tool,
                       bdb_section_which which)
{
    if (tool && strcmp(se->tool, tool) != 0)
        return 0;
    int key = bdb_report_is_key_series(se);
    return which == BDB_SECTION_ALL || (which == BDB_SECTION_KEY) == key;
}

size_t bdb_section_order(const bdb_model *m, const char *tool,
                         bdb_section_which which, size_t **out)
{
    *out = NULL;
    size_t n = 0;
    for (size_t s = 0; s < m->nseries; s++)
        n += order_wants(&m->series[s], tool, which);
    sort_row *rows = n ? malloc(n * sizeof *rows) : NULL;
    size_t *idx = n ? malloc(n * sizeof *idx) : NULL;
    if (!rows || !idx) {
        free(rows);
        free(idx);
        return 0;
    }
    size_t k = 0;
    bdb_strmap groups = {0};
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!order_wants(se, tool, which))
            continue;
        /* the group's number is the first row's: one look-up per row
         * (a scan of the earlier rows was quadratic in a lab's 100k
         * series of one tool) */
        size_t lt = strlen(se->tool), lb = strlen(se->benchmark),
               lm = strlen(se->metric);
        char *key = malloc(lt + lb + lm + 3);
        bdb_strmap_entry *e = NULL;
        if (key) {
            memcpy(key, se->tool, lt);
            key[lt] = '\x1f';
            memcpy(key + lt + 1, se->benchmark, lb);
            key[lt + 1 + lb] = '\x1f';
            memcpy(key + lt + lb + 2, se->metric, lm + 1);
            int made = 0;
            e = bdb_strmap_put(&groups, key, &made);
            if (e && made)
                e->value = (long long)k;
            free(key);
        }
        if (!e) {
            bdb_strmap_free(&groups);
            free(rows);
            free(idx);
            return 0;
        }
        rows[k++] = (sort_row){s, (size_t)e->value, se->params};
    }
    bdb_strmap_free(&groups);
    qsort(rows, n, sizeof *rows, sort_row_cmp);
    for (size_t i = 0; i < n; i++)
        idx[i] = rows[i].series;
    free(rows);
    *out = idx;
    return n;
}

int bdb_section_tool(const bdb_model *m, const char *tool, int all,
                     bdb_rtable *t)
{
    size_t np = m->nplatforms;
    /* benchmark, metric, params, then per platform: value (+ ratio) */
    prow cr;
    if (bdb_rtable_init(t, 3 + np) || prow_init(&cr, 3, np, 320))
        return -1;
    const char **head = cr.row;
    head[0] = "benchmark";
    head[1] = "metric";
    head[2] = "parameters";
    for (size_t p = 0; p < np; p++) {
        head[3 + p] = bdb_model_platform_name(m, p);
        t->right[3 + p] = 1;
    }
    bdb_rtable_add(t, head);
    t->nkey = 3;
    size_t *order;
    size_t norder = bdb_section_order(m, tool, all ? BDB_SECTION_ALL
                                                   : BDB_SECTION_KEY, &order);
    for (size_t o = 0; o < norder; o++) {
        const bdb_rseries *se = &m->series[order[o]];
        const char **row = cr.row;
        row[0] = se->benchmark;
        row[1] = se->metric;
        row[2] = se->params[0] ? se->params : "-";
        for (size_t p = 0; p < np; p++) {
            const bdb_cell *c = &se->cells[p];
            char v[120], r[40], *cell = prow_cell(&cr, p);
            bdb_section_cell_text(m, se, c, v, sizeof v);
            if (c->compared) {
                bdb_format_speedup(c, r, sizeof r);
                snprintf(cell, cr.width, "%s  %s", v, r);
            } else if (c->present && p == se->ref && se->ref != m->baseline) {
                snprintf(cell, cr.width, "%s  (ref)", v);
            } else {
                snprintf(cell, cr.width, "%s", v);
            }
            row[3 + p] = cell;
        }
        bdb_rtable_add(t, row);
    }
    free(order);
    prow_free(&cr);
    return 0;
}

int bdb_section_sweep(const bdb_model *m, size_t w, bdb_rtable *t)
{
    const bdb_sweep *sw = &m->sweeps[w];
    size_t np = m->nplatforms;
    prow cr;
    if (bdb_rtable_init(t, 1 + np) || prow_init(&cr, 1, np, 320))
        return -1;
    const char **head = cr.row;
    head[0] = sw->key;
    for (size_t p = 0; p < np; p++) {
        head[1 + p] = bdb_model_platform_name(m, p);
        t->right[1 + p] = 1;
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
        const char **row = cr.row;
        row[0] = key;
        for (size_t p = 0; p < np; p++) {
            const bdb_cell *c = &se->cells[p];
            char v[120], r[40] = "", *cell = prow_cell(&cr, p);
            bdb_section_cell_text(m, se, c, v, sizeof v);
            if (c->compared)
                bdb_format_speedup(c, r, sizeof r);
            else if (c->present && p == se->ref && se->ref != m->baseline)
                snprintf(r, sizeof r, "(ref)");
            snprintf(cell, cr.width, "%s%s%s", v, r[0] ? "  " : "", r);
            row[1 + p] = cell;
        }
        bdb_rtable_add(t, row);
    }
    prow_free(&cr);
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
            bdb_efficiency eff;
            bdb_match match_of;
            bdb_cell_efficiency(m, se, p, &eff, &match_of);
            const bdb_efficiency *e = &eff;
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
            if (c->compared && isfinite(match_of.count)) {
                char pr[32], pw[32];
                num(pr, sizeof pr, match_of.price, 0);
                num(pw, sizeof pw, match_of.power_w, 0);
                if (isfinite(match_of.price))
                    snprintf(match, sizeof match, "%.0f (%s USD, %s W)",
                             match_of.count, pr, pw);
                else
                    snprintf(match, sizeof match, "%.0f (%s W, price unknown)",
                             match_of.count, pw);
            }
            bdb_efficiency_missing_text(e->missing, miss, sizeof miss);
            const char *row[] = {label, bdb_model_platform_name(m, p), w, d, tco,
                                 en, tb, match, miss[0] ? miss : ""};
            bdb_rtable_add(t, row);
        }
    }
    /* the same inputs missing on every row are said once, under the
     * table (bdb_section_missing_inputs), not 48 times */
    int same = t->nrows > 2;
    for (size_t r = 2; same && r < t->nrows; r++)
        same = strcmp(t->cells[r * t->ncols + 8], t->cells[t->ncols + 8]) == 0;
    for (size_t r = 1; same && r < t->nrows; r++)
        t->cells[r * t->ncols + 8][0] = '\0';
    t->nkey = 2;
    bdb_rtable_drop_empty_columns(t);
    /* only the names left: nothing to show */
    if (t->ncols <= 2) {
        bdb_rtable_free(t);
        bdb_rtable_init(t, 1);
    }
    return 0;
}

/* The platform a log's note belongs to: that of the figure read at its
 * line (a published-figures CSV holds rows of many platforms, imported
 * under one), else the one platform whose figures came from its source,
 * else the one it was imported under. */
const char *bdb_section_warning_platform(const bdb_model *m,
                                         const bdb_rwarning *w)
{
    long found = -1;
    int several = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            for (size_t i = 0; c->present && i < c->n; i++) {
                if (bdb_cell_source_ids(c)[i] != w->source_id)
                    continue;
                if (bdb_cell_lines(c)[i] == w->line)
                    return bdb_model_platform_name(m, p);
                if (found >= 0 && (size_t)found != p)
                    several = 1;
                found = (long)p;
            }
        }
    }
    if (found >= 0 && !several)
        return bdb_model_platform_name(m, (size_t)found);
    return w->platform[0] ? w->platform : "-";
}

int bdb_section_warnings(const bdb_model *m, bdb_rtable *t)
{
    static const char *const head[] = {"platform", "where", "warning"};
    bdb_rtable_init(t, 3);
    bdb_rtable_add(t, head);
    t->nkey = 2;
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        if (w->is_info)
            continue;
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", w->path, w->line);
        const char *row[] = {bdb_section_warning_platform(m, w), where,
                             w->message};
        bdb_rtable_add(t, row);
    }
    return 0;
}

/* Whether series se is shown in the tool tables (and so in provenance). */
static int shown(const bdb_rseries *se, int all)
{
    return all || bdb_report_is_key_series(se);
}

int bdb_section_provenance(const bdb_model *m, int all, bdb_rtable *t)
{
    static const char *const head[] = {"figure", "platform", "values (file:line)"};
    bdb_rtable_init(t, 3);
    bdb_rtable_add(t, head);
    t->nkey = 2;
    bdb_buf vals;
    bdb_buf_init(&vals);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!shown(se, all))
            continue;
        char fig[640];
        snprintf(fig, sizeof fig, "%s %s %s%s%s", se->tool, se->benchmark,
                 se->metric, se->params[0] ? " " : "", se->params);
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present)
                continue;
            vals.len = 0;
            if (vals.data)
                vals.data[0] = '\0';
            for (size_t i = 0; i < c->n; i++) {
                char v[96];
                bdb_format_series_value(se, c->values[i], v, sizeof v);
                bdb_buf_printf(&vals, "%s%s%s - %s:%d", i ? "\n" : "", v,
                               bdb_cell_outliers(c)[i] ? " (outlier)" : "",
                               bdb_cell_path(m, c, i), bdb_cell_lines(c)[i]);
            }
            const char *row[] = {fig, bdb_model_platform_name(m, p),
                                 vals.data ? vals.data : ""};
            bdb_rtable_add(t, row);
        }
    }
    bdb_buf_free(&vals);
    return 0;
}

/* Whether a figure shown in the report came from source id at line
 * (line 0: anywhere in it). */
static int source_shown(const bdb_model *m, int all, long long id, int line)
{
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!shown(se, all))
            continue;
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            for (size_t i = 0; c->present && i < c->n; i++)
                if (bdb_cell_source_ids(c)[i] == id &&
                    (!line || bdb_cell_lines(c)[i] == line))
                    return 1;
        }
    }
    return 0;
}

int bdb_section_note_shown(const bdb_model *m, const bdb_rwarning *w)
{
    return source_shown(m, 1, w->source_id, w->line);
}

int bdb_section_sources(const bdb_model *m, int all, bdb_rtable *t)
{
    static const char *const head[] = {"platform", "source", "note"};
    bdb_rtable_init(t, 3);
    bdb_rtable_add(t, head);
    t->nkey = 2;
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        if (!w->is_info || !source_shown(m, all, w->source_id, w->line))
            continue;
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", w->path, w->line);
        const char *row[] = {bdb_section_warning_platform(m, w), where, w->message};
        bdb_rtable_add(t, row);
    }
    return 0;
}

void bdb_section_missing_inputs(const bdb_model *m, bdb_buf *out,
                                const char *bullet)
{
    size_t price = 0, power = 0, idle = 0;
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_platform *pl = &m->platforms[p];
        price += isfinite(pl->price_usd) || isfinite(pl->rent_usd_month);
        power += isfinite(pl->power_w);
        idle += isfinite(pl->power_w) && !isfinite(pl->idle_power_w);
    }
    if (!price)
        bdb_buf_printf(out, "%sNo platform has a price or a rent, so there is "
                            "no work per dollar or cost of ownership: add "
                            "price_usd or rent_usd_month columns to "
                            "platforms.csv and 'benchdb platform import' it, "
                            "or one platform at a time as below.\n", bullet);
    if (!power)
        bdb_buf_printf(out, "%sNo platform has a power figure, so there is no "
                            "work per watt or energy per unit: add power_w "
                            "(and idle_power_w) columns to platforms.csv and "
                            "'benchdb platform import' it, or one platform at "
                            "a time as below.\n", bullet);
    if (idle && m->opts.cost.utilization < 1)
        bdb_buf_printf(out, "%s%zu platform%s no idle power: the energy cost "
                            "takes the load power for the idle time too "
                            "(idle_power_w=power_w), an upper bound.\n",
                       bullet, idle, idle == 1 ? " has" : "s have");
    for (size_t i = 0; i < m->nmissing; i++)
        bdb_buf_printf(out, "%s%s\n", bullet, m->missing[i]);
}

void bdb_section_trace_title(const bdb_model *m, size_t i, char *out,
                             size_t n)
{
    const bdb_rtrace *t = &m->traces.v[i];
    snprintf(out, n, "%s %s %s%s%s, source %lld, run %d", t->tool,
             t->benchmark, t->metric, t->params[0] ? " " : "", t->params,
             t->source_id, t->repetition);
}

void bdb_section_trace_figures(const bdb_model *m, size_t i, char *out,
                               size_t n)
{
    const bdb_rtrace *t = &m->traces.v[i];
    char lo[64], mean[64], hi[64];
    bdb_format_value(t->min, t->unit, lo, sizeof lo);
    bdb_format_value(t->mean, t->unit, mean, sizeof mean);
    bdb_format_value(t->max, t->unit, hi, sizeof hi);
    int k = snprintf(out, n, "%zu point%s of %s: min %s, mean %s, max %s",
                     t->nwhat, t->nwhat == 1 ? "" : "s", t->what, lo, mean,
                     hi);
    if (k > 0 && (size_t)k < n && t->n < t->npoints)
        snprintf(out + k, n - (size_t)k, " (the report keeps the first %zu "
                 "of its %zu stored points: benchdb traces --source %lld "
                 "lists them all)", t->n, t->npoints, t->source_id);
}

void bdb_section_trace_point_name(const bdb_rtrace_point *p, char *out,
                                  size_t n)
{
    int k;
    if (isfinite(p->start) && isfinite(p->end))
        k = snprintf(out, n, "%g-%g", p->start, p->end);
    else
        k = snprintf(out, n, "#%lld", p->seq);
    if (k > 0 && (size_t)k < n && p->label[0])
        snprintf(out + k, n - (size_t)k, " %s", p->label);
}

void bdb_section_traces_left_out(const bdb_model *m, char *out, size_t n)
{
    const bdb_rtraces *ts = &m->traces;
    if (!ts->left_out) {
        if (n)
            out[0] = '\0';
        return;
    }
    snprintf(out, n, "%zu more trace%s of these runs %s not shown (the "
             "report keeps %zu): benchdb traces --source ID shows a source's "
             "(the first left out is source %lld), --format svg charts them",
             ts->left_out, ts->left_out == 1 ? "" : "s",
             ts->left_out == 1 ? "is" : "are", ts->n, ts->first_left_out);
}

void bdb_section_traces(const bdb_model *m, bdb_buf *out, const char *bullet)
{
    char title[1200], figs[400];
    for (size_t i = 0; i < m->traces.n; i++) {
        bdb_section_trace_title(m, i, title, sizeof title);
        bdb_section_trace_figures(m, i, figs, sizeof figs);
        bdb_buf_printf(out, "%s%s: %s\n", bullet, title, figs);
    }
    bdb_section_traces_left_out(m, figs, sizeof figs);
    if (figs[0])
        bdb_buf_printf(out, "%s%s\n", bullet, figs);
}
