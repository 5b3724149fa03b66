/* history.c - benchdb history (see history.h).
 *
 * Change points: E-divisive means with Student's t-test, sliding windows,
 * a magnitude floor and a merge pass of weak points, as Apache Otava
 * (Hunter) finds them (changepoint.c), on each stretch of sets between
 * marks that start a new baseline (an expected change: a new kernel, a
 * new board), so that a mark is never reported as a change. */
#include "history.h"
#include "model.h"
#include "runsets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building ------------------------------------------------------------ */

/* Moves group g's names and sets into series hs (g keeps NULLs). */
static int take_group(bdb_hseries *hs, bdb_rgroup *g)
{
    memset(hs, 0, sizeof *hs);
    hs->tool = g->tool; hs->benchmark = g->benchmark; hs->metric = g->metric;
    hs->params = g->params; hs->unit = g->unit; hs->platform = g->platform;
    g->tool = g->benchmark = g->metric = g->params = g->unit = g->platform =
        NULL;
    hs->better = g->better;
    hs->pts = calloc(g->nsets ? g->nsets : 1, sizeof *hs->pts);
    if (!hs->pts)
        return BDB_ENOMEM;
    for (size_t k = 0; k < g->nsets; k++) {
        bdb_hpoint *pt = &hs->pts[hs->n++];
        bdb_rset *set = &g->sets[k];
        pt->set = set->name;
        pt->created = set->created;
        pt->v = set->v;
        set->name = set->created = NULL;
        set->v = NULL;
        bdb_stats_summarize(pt->v, set->n, &pt->s);
        pt->change_p = NAN;
        pt->shift = NAN;
    }
    return BDB_OK;
}

/* Change points of the sets [from, to) of s. */
static int segment_changes(bdb_hseries *s, size_t from, size_t to,
                           const bdb_cp_opts *o)
{
    size_t n = to - from;
    const double **v = malloc((n ? n : 1) * sizeof *v);
    size_t *cnt = malloc((n ? n : 1) * sizeof *cnt);
    if (!v || !cnt) {
        free(v);
        free(cnt);
        return BDB_ENOMEM;
    }
    for (size_t k = 0; k < n; k++) {
        v[k] = s->pts[from + k].v;
        cnt[k] = s->pts[from + k].s.n;
    }
    bdb_cp *cps = NULL;
    size_t ncp = 0;
    int rc = bdb_changepoints(v, cnt, n, o, &cps, &ncp);
    for (size_t k = 0; !rc && k < ncp; k++) {
        bdb_hpoint *pt = &s->pts[from + cps[k].index];
        pt->change = 1;
        pt->change_p = cps[k].p;
        pt->shift = cps[k].mean_before != 0
                        ? cps[k].mean_after / cps[k].mean_before - 1 : NAN;
        s->nchanges++;
    }
    free(cps);
    free(v);
    free(cnt);
    return rc;
}

/* Each stretch between new-baseline marks on its own. */
static int change_points(bdb_hseries *s, const bdb_cp_opts *o)
{
    size_t from = 0;
    for (size_t k = 1; k <= s->n; k++) {
        if (k < s->n && !s->pts[k].baseline)
            continue;
        int rc = segment_changes(s, from, k, o);
        if (rc)
            return rc;
        from = k;
    }
    return BDB_OK;
}

int bdb_history_build(bdb_store *st, const bdb_filter *f,
                      const bdb_cp_opts *o, bdb_history **out,
                      bdb_diag *diag)
{
    *out = NULL;
    bdb_history *h = calloc(1, sizeof *h);
    if (!h)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->cp.window = o && o->window >= 2 ? o->window : BDB_CP_WINDOW_DEFAULT;
    h->cp.max_p = o && o->max_p > 0 ? o->max_p : BDB_CP_MAX_P_DEFAULT;
    h->cp.min_magnitude = o && o->min_magnitude >= 0
                              ? o->min_magnitude : BDB_CP_MAGNITUDE_DEFAULT;
    bdb_rgroups G = {0};
    bdb_marks marks;
    int rc = bdb_marks_load(st, &marks, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, f, 1, &G, diag);
    if (!rc && G.n && !(h->s = calloc(G.n, sizeof *h->s)))
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->cap = G.n;
    for (size_t i = 0; !rc && i < G.n; i++) {
        bdb_hseries *s = &h->s[h->n++];
        if (take_group(s, &G.g[i]))
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
        for (size_t k = 0; !rc && k < s->n; k++)
            s->pts[k].baseline = bdb_marks_has(&marks, s->pts[k].set);
        if (!rc && change_points(s, &h->cp))
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    }
    bdb_rgroups_free(&G);
    bdb_marks_free(&marks);
    if (!rc)
        rc = bdb_history_notes(st, h, diag);
    if (!rc && h->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0, "no results match the selection");
    if (rc) {
        bdb_history_free(h);
        return rc;
    }
    *out = h;
    return BDB_OK;
}

void bdb_history_free(bdb_history *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->n; i++) {
        bdb_hseries *s = &h->s[i];
        for (size_t k = 0; k < s->n; k++) {
            free(s->pts[k].set);
            free(s->pts[k].created);
            free(s->pts[k].v);
            free(s->pts[k].notes);
        }
        free(s->pts);
        free(s->notes);
        free(s->tool); free(s->benchmark); free(s->metric); free(s->params);
        free(s->unit); free(s->platform);
    }
    free(h->s);
    for (size_t i = 0; i < h->ntexts; i++)
        free(h->texts[i]);
    free(h->texts);
    free(h);
}

void bdb_history_method(const bdb_history *h, char *out, size_t n)
{
    snprintf(out, n, "E-divisive means as Apache Otava (Matteson and James "
             "2014; Fleming et al. 2023), Student's t-test on the values of "
             "the sets on each side, sliding windows of %zu sets, weak points "
             "merged until each has p < %.3g and a change above %.3g%%; a set "
             "marked --new-baseline starts a new distribution",
             h->cp.window, h->cp.max_p, 100 * h->cp.min_magnitude);
}
