/* runsets.c - a selection's values by series (and platform) and run set
 * (see runsets.h). */
#include "runsets.h"
#include "../common/bdb_grow.h"

#include <stdlib.h>
#include <string.h>

typedef struct gather {
    bdb_rgroups *gs;
    int by_platform;
    int err;
} gather;

void bdb_rgroup_free(bdb_rgroup *g)
{
    free(g->tool); free(g->benchmark); free(g->metric); free(g->params);
    free(g->unit); free(g->platform); free(g->key);
    for (size_t k = 0; k < g->nsets; k++) {
        free(g->sets[k].name);
        free(g->sets[k].created);
        free(g->sets[k].v);
    }
    free(g->sets);
}

void bdb_rgroups_free(bdb_rgroups *gs)
{
    for (size_t i = 0; i < gs->n; i++)
        bdb_rgroup_free(&gs->g[i]);
    free(gs->g);
    memset(gs, 0, sizeof *gs);
}

int bdb_rset_push(bdb_rset *s, double v)
{
    double *p = bdb_grow(s->v, s->n, &s->cap, sizeof *p, 8);
    if (!p)
        return -1;
    s->v = p;
    s->v[s->n++] = v;
    return 0;
}

int bdb_rgroup_pool(const bdb_rgroup *g, size_t from, size_t to, double **v,
                    size_t *n)
{
    size_t total = 0;
    for (size_t k = from; k < to; k++)
        total += g->sets[k].n;
    *v = malloc((total ? total : 1) * sizeof **v);
    if (!*v)
        return -1;
    *n = 0;
    for (size_t k = from; k < to; k++) {
        memcpy(*v + *n, g->sets[k].v, g->sets[k].n * sizeof **v);
        *n += g->sets[k].n;
    }
    return 0;
}

/* A new group for r's series (and platform plat), or NULL. */
static bdb_rgroup *new_group(bdb_rgroups *gs, const bdb_result_row *r,
                             const char *plat)
{
    bdb_rgroup *p = bdb_grow(gs->g, gs->n, &gs->cap, sizeof *p, 64);
    if (!p)
        return NULL;
    gs->g = p;
    bdb_rgroup *g = &gs->g[gs->n++];
    memset(g, 0, sizeof *g);
    g->series_id = r->series_id;
    g->better = r->better;
    g->tool = strdup(r->tool);
    g->benchmark = strdup(r->benchmark);
    g->metric = strdup(r->metric);
    g->params = strdup(r->params);
    g->unit = strdup(r->unit);
    g->platform = strdup(plat);
    if (!g->tool || !g->benchmark || !g->metric || !g->params || !g->unit ||
        !g->platform)
        return NULL;
    return g;
}

/* g's set of sr, made when new, or NULL. */
static bdb_rset *set_of(bdb_rgroup *g, const bdb_set_result_row *sr)
{
    for (size_t k = g->nsets; k-- > 0;)
        if (g->sets[k].id == sr->set_id)
            return &g->sets[k];
    bdb_rset *p = bdb_grow(g->sets, g->nsets, &g->capsets, sizeof *p, 4);
    if (!p)
        return NULL;
    g->sets = p;
    bdb_rset *s = &g->sets[g->nsets++];
    memset(s, 0, sizeof *s);
    s->id = sr->set_id;
    s->name = strdup(sr->set[0] ? sr->set : "(no set)");
    s->created = strdup(sr->set_created_at);
    return s->name && s->created ? s : NULL;
}

/* Rows arrive by series, platform, set time: each new series (and
 * platform) opens a group, each new set a set of it. */
static int gather_row(const bdb_set_result_row *sr, void *ctx)
{
    gather *ga = ctx;
    bdb_rgroups *gs = ga->gs;
    const bdb_result_row *r = sr->r;
    const char *plat = ga->by_platform ? r->platform : "";
    bdb_rgroup *g = gs->n ? &gs->g[gs->n - 1] : NULL;
    if (!g || g->series_id != r->series_id || strcmp(g->platform, plat) != 0)
        g = new_group(gs, r, plat);
    bdb_rset *s = g ? set_of(g, sr) : NULL;
    if (!s || bdb_rset_push(s, r->value)) {
        ga->err = BDB_ENOMEM;
        return 1;
    }
    return 0;
}

int bdb_rgroups_collect(bdb_store *st, const bdb_filter *f, int by_platform,
                        bdb_rgroups *gs, bdb_diag *diag)
{
    memset(gs, 0, sizeof *gs);
    gather ga = {gs, by_platform, 0};
    int rc = bdb_store_set_results_each(st, f, gather_row, &ga);
    if (!rc && ga.err)
        rc = ga.err;
    if (rc) {
        bdb_diag_set(diag, rc, 0, "%s", rc == BDB_ENOMEM ? "out of memory"
                                                         : bdb_store_errmsg(st));
        bdb_rgroups_free(gs);
    }
    return rc;
}

typedef struct mark_ctx {
    bdb_marks *m;
    int oom;
} mark_ctx;

static int mark_one(const char *set, void *ctx)
{
    mark_ctx *c = ctx;
    bdb_marks *m = c->m;
    char **p = bdb_grow(m->names, m->n, &m->cap, sizeof *p, 16);
    if (p)
        m->names = p;
    if (!p || !(m->names[m->n] = strdup(set))) {
        c->oom = 1;
        return -1;
    }
    m->n++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int bdb_marks_load(bdb_store *st, bdb_marks *m, bdb_diag *diag)
{
    memset(m, 0, sizeof *m);
    mark_ctx c = {m, 0};
    int rc = bdb_store_baselines_each(st, mark_one, &c);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    if (c.oom)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    if (m->n)
        qsort(m->names, m->n, sizeof *m->names, by_name);
    return BDB_OK;
}

int bdb_marks_has(const bdb_marks *m, const char *set)
{
    return m->n && bsearch(&set, m->names, m->n, sizeof *m->names, by_name);
}

void bdb_marks_free(bdb_marks *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->names[i]);
    free(m->names);
    memset(m, 0, sizeof *m);
}
