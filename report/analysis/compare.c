/* compare.c - benchdb compare and benchdb check (see compare.h). */
#include "compare.h"
#include "compare_parts.h"
#include "decide.h"
#include "params_ignore.h"
#include "model.h"
#include "runsets.h"
#include "../common/bdb_grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- rows ------------------------------------------------------------------- */

static bdb_cmp_row *new_row(bdb_compare *c, const bdb_rgroup *g)
{
    return bdb_compare_part_row(c, g->tool, g->benchmark, g->metric,
                                g->params, g->unit, g->platform, g->better);
}

bdb_cmp_row *bdb_compare_part_row(bdb_compare *c, const char *tool,
                                  const char *benchmark, const char *metric,
                                  const char *params, const char *unit,
                                  const char *platform, int better)
{
    bdb_cmp_row *p = bdb_grow(c->rows, c->n, &c->cap, sizeof *p, 64);
    if (!p)
        return NULL;
    c->rows = p;
    bdb_cmp_row *r = &c->rows[c->n++];
    memset(r, 0, sizeof *r);
    r->tool = strdup(tool);
    r->benchmark = strdup(benchmark);
    r->metric = strdup(metric);
    r->params = strdup(params);
    r->unit = strdup(unit);
    r->platform = strdup(platform);
    r->better = better;
    if (!r->tool || !r->benchmark || !r->metric || !r->params || !r->unit ||
        !r->platform)
        return NULL;
    return r;
}

void bdb_compare_decide_opts(const bdb_compare *c, bdb_decide_opts *o)
{
    o->threshold = c->opts.threshold;
    o->level = c->opts.alpha > 0 ? 1 - c->opts.alpha : 0;
}

static void row_stats(bdb_compare *c, bdb_cmp_row *r)
{
    bdb_stats_summarize(r->old_v, r->n_old, &r->old_s);
    bdb_stats_summarize(r->new_v, r->n_new, &r->new_s);
    r->delta = r->old_s.mean != 0 ? r->new_s.mean / r->old_s.mean - 1 : NAN;
    bdb_decide_opts o;
    bdb_compare_decide_opts(c, &o);
    if (bdb_decide_two(r->old_v, r->n_old, r->new_v, r->n_new, r->better, &o,
                       &r->dec))
        r->dec.verdict = BDB_DECIDE_UNTESTED;
    /* the interval shown is the one that decides */
    r->delta_lo = isfinite(r->dec.lo) ? r->dec.lo - 1 : NAN;
    r->delta_hi = isfinite(r->dec.hi) ? r->dec.hi - 1 : NAN;
    r->speedup = bdb_stats_speedup(r->old_s.mean, r->new_s.mean, r->better);
    if (bdb_stats_mann_whitney(r->old_v, r->n_old, r->new_v, r->n_new, &r->mw))
        r->mw.status = BDB_TEST_TOO_FEW;
    if (bdb_stats_welch(r->old_v, r->n_old, r->new_v, r->n_new, &r->welch))
        r->welch.status = BDB_TEST_TOO_FEW;
    r->p_mw = r->p_welch = NAN;
}

/* Corrects the p-values across the table, then decides each row. */
int bdb_compare_part_decide(bdb_compare *c)
{
    double *p = malloc((c->n ? c->n : 1) * sizeof *p);
    size_t *idx = malloc((c->n ? c->n : 1) * sizeof *idx);
    if (!p || !idx) {
        free(p);
        free(idx);
        return BDB_ENOMEM;
    }
    for (int which = 0; which < 2; which++) {
        size_t m = 0;
        for (size_t i = 0; i < c->n; i++) {
            bdb_cmp_row *r = &c->rows[i];
            double pv = which == 0 ? r->mw.p : r->welch.p;
            int ok = which == 0 ? r->mw.status != BDB_TEST_TOO_FEW &&
                                      r->mw.method != BDB_MW_NONE
                                : r->welch.status == BDB_TEST_OK;
            if (ok && isfinite(pv) && pv >= 0 && pv <= 1) {
                p[m] = pv;
                idx[m++] = i;
            }
        }
        if (m && (c->opts.bh ? bdb_stats_bh(p, m, p) : bdb_stats_holm(p, m, p)) == BDB_OK)
            for (size_t k = 0; k < m; k++) {
                if (which == 0)
                    c->rows[idx[k]].p_mw = p[k];
                else
                    c->rows[idx[k]].p_welch = p[k];
            }
    }
    free(p);
    free(idx);
    double *sp = malloc((c->n ? c->n : 1) * sizeof *sp);
    if (!sp)
        return BDB_ENOMEM;
    size_t nsp = 0;
    c->nregressions = c->nimprovements = 0;
    for (size_t i = 0; i < c->n; i++) {
        bdb_cmp_row *r = &c->rows[i];
        static const bdb_cmp_verdict map[] = {
            [BDB_DECIDE_UNTESTED] = BDB_CMP_UNTESTED,
            [BDB_DECIDE_SAME] = BDB_CMP_SAME,
            [BDB_DECIDE_BETTER] = BDB_CMP_BETTER,
            [BDB_DECIDE_WORSE] = BDB_CMP_WORSE,
            [BDB_DECIDE_CHANGED] = BDB_CMP_NEUTRAL};
        r->verdict = map[r->dec.verdict];
        /* the threshold is part of the rule: worse is a regression */
        r->regression = r->verdict == BDB_CMP_WORSE;
        c->nregressions += r->regression;
        c->nimprovements += r->verdict == BDB_CMP_BETTER;
        if (r->better != 0 && isfinite(r->speedup) && r->speedup > 0)
            sp[nsp++] = r->speedup;
    }
    bdb_stats_geomean_ratios(sp, nsp, c->opts.resamples, c->opts.seed, &c->geo);
    free(sp);
    return BDB_OK;
}

void bdb_compare_part_label(const bdb_cmp_side *s, char *out, size_t n)
{
    static const char *const kinds[] = {"set", "tag", "platform"};
    snprintf(out, n, "%s %s", kinds[s->kind], s->name);
}

int bdb_compare_part_filter(const bdb_compare_opts *o, const bdb_cmp_side *s,
                       bdb_filter *f, bdb_params *tags, bdb_diag *diag)
{
    *f = o->filter;
    memset(tags, 0, sizeof *tags);
    if (s->kind == BDB_CMP_SET) {
        f->set = s->name;
    } else if (s->kind == BDB_CMP_PLATFORM) {
        f->platforms = s->name;
    } else {
        const char *eq = strchr(s->name, '=');
        if (!eq || eq == s->name)
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "a tag is K=V, not '%s'",
                                s->name);
        memset(tags, 0, sizeof *tags);
        for (int i = 0; o->filter.tags && i < o->filter.tags->n; i++)
            if (bdb_params_set(tags, o->filter.tags->kv[i].key, "%s",
                               o->filter.tags->kv[i].value))
                return bdb_diag_set(diag, BDB_ERANGE, 0, "too many tags");
        char key[BDB_PARAM_KEY_MAX];
        size_t kl = (size_t)(eq - s->name);
        if (kl >= sizeof key)
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "tag key too long: '%s'",
                                s->name);
        memcpy(key, s->name, kl);
        key[kl] = '\0';
        if (bdb_params_set(tags, key, "%s", eq + 1))
            return bdb_diag_set(diag, BDB_ERANGE, 0, "too many tags");
        f->tags = tags;
    }
    return BDB_OK;
}

static int qs_key(const void *a, const void *b)
{
    return strcmp(((const bdb_rgroup *)a)->key, ((const bdb_rgroup *)b)->key);
}

static int cmp_set_time(const void *a, const void *b)
{
    const bdb_rset *x = a, *y = b;
    int c = strcmp(x->created, y->created);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Pools src's values into dst set by set: the values of one run set stay
 * one set (check compares sets), a set only src has moves over, and dst's
 * sets stay in order of creation. src's moved sets are emptied. */
static int pool_sets(bdb_rgroup *dst, bdb_rgroup *src)
{
    int moved = 0;
    for (size_t k = 0; k < src->nsets; k++) {
        bdb_rset *s = &src->sets[k], *into = NULL;
        for (size_t j = 0; j < dst->nsets && !into; j++)
            if (dst->sets[j].id == s->id)
                into = &dst->sets[j];
        if (into) {
            for (size_t j = 0; j < s->n; j++)
                if (bdb_rset_push(into, s->v[j]))
                    return BDB_ENOMEM;
            continue;
        }
        bdb_rset *p = bdb_grow(dst->sets, dst->nsets, &dst->capsets,
                               sizeof *p, 4);
        if (!p)
            return BDB_ENOMEM;
        dst->sets = p;
        dst->sets[dst->nsets++] = *s;
        memset(s, 0, sizeof *s);
        moved = 1;
    }
    if (moved)
        qsort(dst->sets, dst->nsets, sizeof *dst->sets, cmp_set_time);
    return BDB_OK;
}

/* Gives every group its matching key, sorts by it, and pools groups that
 * the ignored parameters made equal. */
static int keyed(bdb_rgroups *gs, const char *const *ignore, size_t nignore)
{
    for (size_t i = 0; i < gs->n; i++) {
        bdb_rgroup *g = &gs->g[i];
        char *reduced = bdb_params_ignore(g->params, ignore, nignore);
        if (!reduced)
            return BDB_ENOMEM;
        free(g->params);
        g->params = reduced;
        bdb_buf k;
        bdb_buf_init(&k);
        bdb_buf_printf(&k, "%s\x1f%s\x1f%s\x1f%s\x1f%s", g->tool, g->benchmark,
                       g->metric, g->params, g->platform);
        if (k.err) {
            bdb_buf_free(&k);
            return BDB_ENOMEM;
        }
        g->key = bdb_buf_detach(&k, NULL);
    }
    if (gs->n)
        qsort(gs->g, gs->n, sizeof *gs->g, qs_key);
    size_t w = 0;
    for (size_t i = 0; i < gs->n; i++) {
        if (w && strcmp(gs->g[w - 1].key, gs->g[i].key) == 0) {
            bdb_rgroup *src = &gs->g[i];
            int rc = pool_sets(&gs->g[w - 1], src);
            bdb_rgroup_free(src);   /* the pooled group goes */
            if (rc)
                return rc;
            continue;
        }
        gs->g[w++] = gs->g[i];
    }
    gs->n = w;
    return BDB_OK;
}

bdb_compare *bdb_compare_part_new(const bdb_compare_opts *opts)
{
    bdb_compare *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->opts = *opts;
    if (!(c->opts.threshold >= 0))
        c->opts.threshold = BDB_DECIDE_THRESHOLD_DEFAULT;
    bdb_compare_part_label(&opts->old_side, c->old_label, sizeof c->old_label);
    bdb_compare_part_label(&opts->new_side, c->new_label, sizeof c->new_label);
    return c;
}

int bdb_compare_build(bdb_store *st, const bdb_compare_opts *opts,
                      bdb_compare **out, bdb_diag *diag)
{
    *out = NULL;
    bdb_compare *c = bdb_compare_part_new(opts);
    if (!c)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    int by_platform = opts->old_side.kind != BDB_CMP_PLATFORM;
    bdb_filter fa, fb;
    bdb_params ta, tb;
    bdb_rgroups A = {0}, B = {0};
    int rc = bdb_compare_part_filter(opts, &opts->old_side, &fa, &ta, diag);
    if (!rc)
        rc = bdb_compare_part_filter(opts, &opts->new_side, &fb, &tb, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &fa, by_platform, &A, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &fb, by_platform, &B, diag);
    if (!rc)
        rc = keyed(&A, opts->ignore, opts->nignore);
    if (!rc)
        rc = keyed(&B, opts->ignore, opts->nignore);
    if (!rc) {
        unsigned char *used = calloc(B.n ? B.n : 1, 1);
        if (!used)
            rc = BDB_ENOMEM;
        for (size_t i = 0; !rc && i < A.n; i++) {
            bdb_rgroup *hit =
                B.n ? bsearch(&A.g[i], B.g, B.n, sizeof *B.g, qs_key) : NULL;
            if (!hit) {
                c->only_old++;
                continue;
            }
            used[hit - B.g] = 1;
            bdb_cmp_row *r = new_row(c, &A.g[i]);
            if (!r ||
                bdb_rgroup_pool(&A.g[i], 0, A.g[i].nsets, &r->old_v,
                                &r->n_old) ||
                bdb_rgroup_pool(hit, 0, hit->nsets, &r->new_v, &r->n_new)) {
                rc = BDB_ENOMEM;
                break;
            }
            row_stats(c, r);
        }
        for (size_t i = 0; !rc && i < B.n; i++)
            c->only_new += !used[i];
        free(used);
        if (rc == BDB_ENOMEM)
            bdb_diag_set(diag, rc, 0, "out of memory");
    }
    bdb_rgroups_free(&A);
    bdb_rgroups_free(&B);
    if (!rc && c->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection has values in both %s "
                          "and %s", c->old_label, c->new_label);
    if (!rc && (rc = bdb_compare_part_decide(c)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (rc) {
        bdb_compare_free(c);
        return rc;
    }
    *out = c;
    return BDB_OK;
}

int bdb_check_build(bdb_store *st, const bdb_check_opts *opts,
                    bdb_compare **out, bdb_diag *diag)
{
    *out = NULL;
    bdb_compare *c = calloc(1, sizeof *c);
    if (!c)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    c->check = 1;
    c->opts.filter = opts->filter;
    c->opts.alpha = opts->alpha;
    c->opts.bh = opts->bh;
    c->opts.seed = opts->seed;
    c->opts.threshold = opts->threshold >= 0 ? opts->threshold
                                             : BDB_DECIDE_THRESHOLD_DEFAULT;
    c->opts.ignore = opts->ignore;
    c->opts.nignore = opts->nignore;
    int last_n = opts->last_n > 0 ? opts->last_n : 1;
    if (opts->baseline)
        snprintf(c->old_label, sizeof c->old_label, "set %s", opts->baseline);
    else
        snprintf(c->old_label, sizeof c->old_label, "the %d set%s before",
                 last_n, last_n == 1 ? "" : "s");
    snprintf(c->new_label, sizeof c->new_label, "%s%s",
             opts->newest ? "set " : "the newest set",
             opts->newest ? opts->newest : "");
    bdb_filter f = opts->filter;
    f.set = NULL;   /* the sets are chosen per series below */
    bdb_rgroups G = {0};
    bdb_marks marks;
    int rc = bdb_marks_load(st, &marks, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &f, 1, &G, diag);
    if (!rc && opts->nignore && (rc = keyed(&G, opts->ignore, opts->nignore)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    for (size_t i = 0; !rc && i < G.n; i++) {
        bdb_rgroup *g = &G.g[i];
        size_t newest = g->nsets;   /* sets are in time order */
        if (opts->newest) {
            for (size_t k = 0; k < g->nsets; k++)
                if (strcmp(g->sets[k].name, opts->newest) == 0)
                    newest = k;
        } else if (g->nsets) {
            newest = g->nsets - 1;
        }
        if (newest == g->nsets) {
            c->only_old++;
            continue;
        }
        size_t from, to;
        if (opts->baseline) {
            from = g->nsets;
            for (size_t k = 0; k < g->nsets; k++)
                if (strcmp(g->sets[k].name, opts->baseline) == 0)
                    from = k;
            to = from + 1;
            if (from == g->nsets || from == newest) {
                c->only_new++;
                continue;
            }
        } else {
            if (newest == 0) {
                c->only_new++;
                continue;
            }
            to = newest;
            from = to > (size_t)last_n ? to - (size_t)last_n : 0;
            /* never across a new baseline: a set marked so starts anew */
            size_t mark = 0;
            for (size_t k = 0; k <= newest; k++)
                if (bdb_marks_has(&marks, g->sets[k].name))
                    mark = k;
            if (mark == newest && newest > 0) {
                c->only_new++;
                continue;
            }
            if (mark > from)
                from = mark;
        }
        bdb_cmp_row *r = new_row(c, g);
        if (!r || bdb_rgroup_pool(g, from, to, &r->old_v, &r->n_old) ||
            bdb_rgroup_pool(g, newest, newest + 1, &r->new_v, &r->n_new)) {
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
            break;
        }
        char lab[512];
        if (to - from == 1)
            snprintf(lab, sizeof lab, "%s", g->sets[from].name);
        else
            snprintf(lab, sizeof lab, "%s .. %s (%zu sets)", g->sets[from].name,
                     g->sets[to - 1].name, to - from);
        r->old_label = strdup(lab);
        r->new_label = strdup(g->sets[newest].name);
        if (!r->old_label || !r->new_label) {
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
            break;
        }
        row_stats(c, r);
    }
    bdb_rgroups_free(&G);   /* empty when collecting failed */
    bdb_marks_free(&marks);
    if (!rc && c->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection has a set to check and "
                          "a baseline to check it against (it needs two sets)");
    if (!rc && (rc = bdb_compare_part_decide(c)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (rc) {
        bdb_compare_free(c);
        return rc;
    }
    *out = c;
    return BDB_OK;
}

void bdb_compare_free(bdb_compare *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++) {
        bdb_cmp_row *r = &c->rows[i];
        free(r->tool); free(r->benchmark); free(r->metric); free(r->params);
        free(r->unit); free(r->platform); free(r->old_v); free(r->new_v);
        free(r->old_label); free(r->new_label);
    }
    free(c->rows);
    free(c);
}
