/* compare_sums.c - benchdb compare's table from the database's per series
 * and platform aggregates (store_means.h: count, sum, sum of squares,
 * min, max and the sums of logarithms) instead of every value: the means,
 * their intervals, the deltas, Welch's t and the verdicts are the same
 * (decide.h's rule from moments); the Mann-Whitney U needs the values and
 * is left out (p NaN). For a page of a lab's million results (benchdb
 * serve): the sums of platform sides come from the copy of every cell's
 * sums a server keeps per data version (store_means.h); `benchdb compare` and
 * the downloads build from the values. */
#include "compare.h"
#include "compare_parts.h"
#include "../store/store_means.h"
#include "../common/bdb_grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The series' names, by id: offsets into one text (a lab's 125,000
 * series were five allocations each). */
typedef struct sname {
    long long id;
    size_t at[5];               /* tool, benchmark, metric, params, unit */
    int better;
} sname;

typedef struct snames {
    sname *v;
    size_t n, cap;
    bdb_buf text;
    size_t hint;                /* the last one found */
    int rc;
} snames;

static int add_sname(const bdb_series_row *r, void *ctx)
{
    snames *ns = ctx;
    sname *g = bdb_grow(ns->v, ns->n, &ns->cap, sizeof *g, 1024);
    if (!g)
        return ns->rc = BDB_ENOMEM;
    ns->v = g;
    sname *x = &ns->v[ns->n++];
    x->id = r->id;
    x->better = r->better;
    return bdb_series_row_keep(&ns->text, x->at, r) ? (ns->rc = BDB_ENOMEM)
                                                     : 0;
}

static const char *sname_text(const snames *ns, const sname *s, int i)
{
    return ns->text.data + s->at[i];
}

/* Rows come in id order: the one after the last found is tried first. */
static const sname *find_sname(snames *ns, long long id)
{
    size_t h = ns->hint;
    if (h < ns->n && ns->v[h].id == id)
        return &ns->v[h];
    if (h + 1 < ns->n && ns->v[h + 1].id == id)
        return &ns->v[ns->hint = h + 1];
    size_t lo = 0, hi = ns->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ns->v[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ns->n && ns->v[lo].id == id) {
        ns->hint = lo;
        return &ns->v[lo];
    }
    return NULL;
}

/* One side's aggregate of a series (and platform, when sides are sets or
 * tags). */
typedef struct cell {
    long long series_id, platform_id;
    long long n;
    double sum, sumsq, min, max, sumln, sumln2;
} cell;

typedef struct cells {
    cell *v;
    size_t n, cap;
    int by_platform;
    snames *series;             /* the selection's: other rows are left out */
    int rc;
} cells;

static int add_cell(const bdb_cell_sums_row *r, void *ctx)
{
    cells *cs = ctx;
    if (!find_sname(cs->series, r->series_id))
        return 0;
    long long pid = cs->by_platform ? r->platform_id : 0;
    if (cs->n && cs->v[cs->n - 1].series_id == r->series_id &&
        cs->v[cs->n - 1].platform_id == pid) {
        /* a platform side that names several (a glob): pooled */
        cell *c = &cs->v[cs->n - 1];
        c->n += r->n;
        c->sum += r->sum;
        c->sumsq += r->sumsq;
        c->sumln += r->sumln;
        c->sumln2 += r->sumln2;
        c->min = r->min < c->min ? r->min : c->min;
        c->max = r->max > c->max ? r->max : c->max;
        return 0;
    }
    cell *g = bdb_grow(cs->v, cs->n, &cs->cap, sizeof *g, 1024);
    if (!g)
        return cs->rc = BDB_ENOMEM;
    cs->v = g;
    cs->v[cs->n++] = (cell){r->series_id, pid, r->n, r->sum, r->sumsq, r->min,
                            r->max, r->sumln, r->sumln2};
    return 0;
}

typedef struct pname {
    long long id;
    char *name;
} pname;

typedef struct pnames {
    pname *v;
    size_t n, cap;
    int rc;
} pnames;

static int add_pname(long long id, const char *name, void *ctx)
{
    pnames *ps = ctx;
    pname *g = bdb_grow(ps->v, ps->n, &ps->cap, sizeof *g, 16);
    if (!g || !(name = strdup(name)))
        return ps->rc = BDB_ENOMEM;
    ps->v = g;
    ps->v[ps->n++] = (pname){id, (char *)name};
    return 0;
}

static const char *platform_name(const pnames *ps, long long id)
{
    for (size_t i = 0; i < ps->n; i++)
        if (ps->v[i].id == id)
            return ps->v[i].name;
    return "";
}

static int cmp_cell(const cell *a, const cell *b)
{
    if (a->series_id != b->series_id)
        return (a->series_id > b->series_id) - (a->series_id < b->series_id);
    return (a->platform_id > b->platform_id) - (a->platform_id < b->platform_id);
}

static void moments_of(const cell *c, bdb_moments *m, bdb_moments *lm)
{
    bdb_moments_from_sums(m, c->n, c->sum, c->sumsq, c->min, c->max);
    bdb_moments_from_sums(lm, c->n, c->sumln, c->sumln2, NAN, NAN);
}

/* A row of the two sides' aggregates. */
static void row_stats(bdb_compare *c, bdb_cmp_row *r, const cell *a,
                      const cell *b)
{
    bdb_moments ma, la, mb, lb;
    moments_of(a, &ma, &la);
    moments_of(b, &mb, &lb);
    r->n_old = ma.n;
    r->n_new = mb.n;
    bdb_stats_summarize_moments(&ma, &r->old_s);
    bdb_stats_summarize_moments(&mb, &r->new_s);
    r->delta = r->old_s.mean != 0 ? r->new_s.mean / r->old_s.mean - 1 : NAN;
    bdb_decide_opts o;
    bdb_compare_decide_opts(c, &o);
    if (bdb_decide_moments(&ma, &la, &mb, &lb, r->better, &o, &r->dec))
        r->dec.verdict = BDB_DECIDE_UNTESTED;
    r->delta_lo = isfinite(r->dec.lo) ? r->dec.lo - 1 : NAN;
    r->delta_hi = isfinite(r->dec.hi) ? r->dec.hi - 1 : NAN;
    r->speedup = bdb_stats_speedup(r->old_s.mean, r->new_s.mean, r->better);
    memset(&r->mw, 0, sizeof r->mw);
    r->mw.status = BDB_TEST_TOO_FEW;    /* needs the values */
    r->mw.p = NAN;
    bdb_stats_welch_moments(&ma, &mb, &r->welch);
    r->p_mw = r->p_welch = NAN;
}

static int cmp_row(const void *a, const void *b)
{
    const bdb_cmp_row *x = *(const bdb_cmp_row *const *)a;
    const bdb_cmp_row *y = *(const bdb_cmp_row *const *)b;
    int d = strcmp(x->tool, y->tool);
    if (!d)
        d = strcmp(x->benchmark, y->benchmark);
    if (!d)
        d = strcmp(x->metric, y->metric);
    if (!d)
        d = strcmp(x->params, y->params);
    return d ? d : strcmp(x->platform, y->platform);
}

/* The rows in compare.c's order: tool, benchmark, metric, parameters,
 * platform (field by field: no key made per row). */
static int sort_rows(bdb_compare *c)
{
    bdb_cmp_row **order = malloc((c->n ? c->n : 1) * sizeof *order);
    bdb_cmp_row *sorted = malloc((c->n ? c->n : 1) * sizeof *sorted);
    int rc = order && sorted ? BDB_OK : BDB_ENOMEM;
    if (!rc) {
        for (size_t i = 0; i < c->n; i++)
            order[i] = &c->rows[i];
        qsort(order, c->n, sizeof *order, cmp_row);
        for (size_t i = 0; i < c->n; i++)
            sorted[i] = *order[i];
        memcpy(c->rows, sorted, c->n * sizeof *sorted);
    }
    free(order);
    free(sorted);
    return rc;
}

int bdb_compare_build_sums(bdb_store *st, const bdb_compare_opts *opts,
                           bdb_compare **out, bdb_diag *diag)
{
    if (opts->nignore)      /* pooling by names: from the values */
        return bdb_compare_build(st, opts, out, diag);
    *out = NULL;
    bdb_compare *c = bdb_compare_part_new(opts);
    if (!c)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    int by_platform = opts->old_side.kind != BDB_CMP_PLATFORM;
    bdb_filter fa, fb;
    bdb_params ta, tb;
    snames ns = {0};
    bdb_buf_init(&ns.text);
    cells A = {.by_platform = by_platform, .series = &ns},
          B = {.by_platform = by_platform, .series = &ns};
    pnames ps = {0};
    int rc = bdb_compare_part_filter(opts, &opts->old_side, &fa, &ta, diag);
    if (!rc)
        rc = bdb_compare_part_filter(opts, &opts->new_side, &fb, &tb, diag);
    if (!rc) {
        int src = bdb_store_series_names_each(st, &opts->filter, add_sname,
                                              &ns);
        if (!src)
            src = ns.rc;
        if (!src)
            src = bdb_store_cell_sums_memo_each(st, &fa, add_cell, &A);
        if (!src)
            src = A.rc;
        if (!src)
            src = bdb_store_cell_sums_memo_each(st, &fb, add_cell, &B);
        if (!src)
            src = B.rc;
        if (!src)
            src = bdb_store_platform_ids_each(st, add_pname, &ps);
        if (!src)
            src = ps.rc;
        if (src)
            rc = bdb_diag_set(diag, src, 0, "%s", src == BDB_ENOMEM
                              ? "out of memory" : bdb_store_errmsg(st));
    }
    /* both sides in (series, platform) order: matched in one pass */
    size_t i = 0, j = 0;
    while (!rc && (i < A.n || j < B.n)) {
        int d = i == A.n ? 1 : j == B.n ? -1 : cmp_cell(&A.v[i], &B.v[j]);
        if (d) {
            c->only_old += d < 0;
            c->only_new += d > 0;
            i += d < 0;
            j += d > 0;
            continue;
        }
        /* add_cell kept the selection's series only */
        const sname *s = find_sname(&ns, A.v[i].series_id);
        bdb_cmp_row *r = bdb_compare_part_row(
            c, sname_text(&ns, s, 0), sname_text(&ns, s, 1),
            sname_text(&ns, s, 2), sname_text(&ns, s, 3), sname_text(&ns, s, 4),
            by_platform ? platform_name(&ps, A.v[i].platform_id) : "",
            s->better);
        if (!r)
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
        else
            row_stats(c, r, &A.v[i], &B.v[j]);
        i++;
        j++;
    }
    free(A.v);
    free(B.v);
    free(ns.v);
    bdb_buf_free(&ns.text);
    for (size_t k = 0; k < ps.n; k++)
        free(ps.v[k].name);
    free(ps.v);
    if (!rc && c->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection has values in both %s "
                          "and %s", c->old_label, c->new_label);
    if (!rc && ((rc = sort_rows(c)) || (rc = bdb_compare_part_decide(c))))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (rc) {
        bdb_compare_free(c);
        return rc;
    }
    *out = c;
    return BDB_OK;
}
