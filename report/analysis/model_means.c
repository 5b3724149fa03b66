/* model_means.c - a model of a whole database from per-cell counts and
 * means (model_means.h). */
#include "model_means.h"
#include "model_parts.h"
#include "../store/store_means.h"
#include "../common/bdb_grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One series of the selection as the names query gave it. */
typedef struct mseries {
    long long id;
    const char *tool;           /* interned (tools are few) */
    bdb_rseries *hl;            /* its model series when headline, else NULL */
    unsigned nplat;             /* model platforms it has results on */
} mseries;

typedef struct mbuild {
    bdb_model *m;
    bdb_means_overview *o;
    mseries *s;
    size_t ns, caps;
    bdb_rseries *hl;            /* headline series, in id order */
    size_t nhl, caphl;
    long long *pid;             /* platform ids by model index */
    size_t cur;                 /* the series of the last means row */
    int rc;
} mbuild;

static const char *intern_tool(mbuild *b, const char *tool)
{
    bdb_means_overview *o = b->o;
    for (size_t i = 0; i < o->ntools; i++)
        if (strcmp(o->tools[i].tool, tool) == 0)
            return o->tools[i].tool;
    size_t cap = o->ntools;
    bdb_means_tool *t = bdb_grow(o->tools, o->ntools, &cap, sizeof *t, 8);
    if (!t)
        return NULL;
    o->tools = t;
    if (!(t[o->ntools].tool = strdup(tool)))
        return NULL;
    t[o->ntools].nseries = 0;
    return o->tools[o->ntools++].tool;
}

static int add_name(const bdb_series_row *r, void *ctx)
{
    mbuild *b = ctx;
    bdb_model *m = b->m;
    if (b->ns == b->caps) {
        mseries *g = bdb_grow(b->s, b->ns, &b->caps, sizeof *g, 1024);
        if (!g)
            return b->rc = BDB_ENOMEM;
        b->s = g;
    }
    mseries *x = &b->s[b->ns];
    memset(x, 0, sizeof *x);
    x->id = r->id;
    if (!(x->tool = intern_tool(b, r->tool)))
        return b->rc = BDB_ENOMEM;
    bdb_rseries probe = {.tool = (char *)r->tool, .benchmark = (char *)r->benchmark,
                         .metric = (char *)r->metric, .params = (char *)r->params,
                         .unit = (char *)r->unit, .better = r->better};
    if (bdb_model_part_is_headline(&probe)) {
        if (b->nhl == b->caphl) {
            bdb_rseries *g = bdb_grow(b->hl, b->nhl, &b->caphl, sizeof *g, 256);
            if (!g)
                return b->rc = BDB_ENOMEM;
            b->hl = g;
        }
        bdb_rseries *se = &b->hl[b->nhl];
        memset(se, 0, sizeof *se);
        se->id = r->id;
        se->tool = bdb_model_part_strdup(m, r->tool);
        se->benchmark = bdb_model_part_strdup(m, r->benchmark);
        se->metric = bdb_model_part_strdup(m, r->metric);
        se->params = bdb_model_part_strdup(m, r->params);
        se->unit = bdb_model_part_strdup(m, r->unit);
        se->better = r->better;
        se->sweep = -1;
        se->unit_per = "";
        se->cells = bdb_model_part_alloc(m, m->nplatforms * sizeof *se->cells);
        if (!se->tool || !se->benchmark || !se->metric || !se->params ||
            !se->unit || !se->cells)
            return b->rc = BDB_ENOMEM;
        x->hl = (bdb_rseries *)(uintptr_t)(b->nhl + 1);   /* index + 1 */
        b->nhl++;
    }
    b->ns++;
    return 0;
}

static int find_series(const mbuild *b, long long id, size_t *at)
{
    if (b->cur != (size_t)-1 && b->cur < b->ns && b->s[b->cur].id == id) {
        *at = b->cur;
        return 1;
    }
    size_t lo = 0, hi = b->ns;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->s[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    *at = lo;
    return lo < b->ns && b->s[lo].id == id;
}

static int add_mean(const bdb_cell_mean_row *r, void *ctx)
{
    mbuild *b = ctx;
    bdb_model *m = b->m;
    size_t at;
    if (!find_series(b, r->series_id, &at))
        return 0;
    if (at != b->cur) {
        b->o->selected++;
        b->cur = at;
    }
    b->o->nresults += r->n;
    size_t p = 0;
    while (p < m->nplatforms && b->pid[p] != r->platform_id)
        p++;
    if (p == m->nplatforms)
        return 0;
    mseries *x = &b->s[at];
    x->nplat++;
    if (x->hl) {
        bdb_cell *c = &b->hl[(uintptr_t)x->hl - 1].cells[p];
        c->present = 1;
        c->n = (size_t)r->n;
        c->mean = r->mean;
    }
    return 0;
}

typedef struct pid_walk {
    bdb_model *m;
    long long *pid;
} pid_walk;

static int add_pid(long long id, const char *name, void *ctx)
{
    pid_walk *w = ctx;
    for (size_t p = 0; p < w->m->nplatforms; p++)
        if (strcmp(w->m->platforms[p].name, name) == 0)
            w->pid[p] = id;
    return 0;
}

static int cmp_series(const void *a, const void *b)
{
    const bdb_rseries *x = a, *y = b;
    int c = strcmp(x->tool, y->tool);
    if (!c)
        c = strcmp(x->benchmark, y->benchmark);
    if (!c)
        c = strcmp(x->metric, y->metric);
    if (!c)
        c = strcmp(x->params, y->params);
    return c;
}

static int cmp_tool(const void *a, const void *b)
{
    return strcmp(((const bdb_means_tool *)a)->tool,
                  ((const bdb_means_tool *)b)->tool);
}

int bdb_model_build_means(bdb_store *st, const bdb_report_opts *opts,
                          bdb_means_overview *out, bdb_diag *diag)
{
    memset(out, 0, sizeof *out);
    bdb_model *m = bdb_model_part_new(opts);
    if (!m)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    out->m = m;
    mbuild b = {.m = m, .o = out, .cur = (size_t)-1};
    int rc = bdb_model_part_platforms(m, st, diag);
    if (!rc && !(b.pid = calloc(m->nplatforms + 1, sizeof *b.pid)))
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    if (!rc) {
        pid_walk pw = {m, b.pid};
        rc = bdb_store_platform_ids_each(st, add_pid, &pw);
        if (!rc) {
            rc = bdb_store_series_names_each(st, &m->opts.filter, add_name, &b);
            if (!rc)
                rc = b.rc;
        }
        if (!rc) {
            /* series the names left out are passed over (find_series) */
            rc = bdb_store_cell_means_memo_each(st, &m->opts.filter, add_mean,
                                                &b);
            if (!rc)
                rc = b.rc;
        }
        if (rc && !diag->message[0])
            bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    }
    int need = m->opts.min_platforms > 0 ? m->opts.min_platforms
                                         : m->nplatforms >= 2 ? 2 : 1;
    for (size_t i = 0; !rc && i < b.ns; i++)
        if ((int)b.s[i].nplat >= need) {
            out->shown++;
            for (size_t t = 0; t < out->ntools; t++)
                if (out->tools[t].tool == b.s[i].tool)
                    out->tools[t].nseries++;
        }
    if (!rc) {
        qsort(b.hl, b.nhl, sizeof *b.hl, cmp_series);
        m->series = b.hl;
        m->nseries = m->cap_series = b.nhl;
        b.hl = NULL;
        m->left_out.selected = out->selected;
        rc = bdb_model_part_finish_means(m);
        if (rc)
            bdb_diag_set(diag, rc, 0, "out of memory");
        qsort(out->tools, out->ntools, sizeof *out->tools, cmp_tool);
    }
    free(b.s);
    free(b.hl);
    free(b.pid);
    if (rc)
        bdb_means_overview_free(out);
    return rc;
}

void bdb_means_overview_free(bdb_means_overview *o)
{
    if (!o)
        return;
    bdb_model_free(o->m);
    for (size_t i = 0; i < o->ntools; i++)
        free(o->tools[i].tool);
    free(o->tools);
    memset(o, 0, sizeof *o);
}
