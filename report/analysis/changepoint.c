/* changepoint.c - E-divisive means with Student's t-test, sliding
 * windows, weak points and a merge pass (see changepoint.h). */
#include "changepoint.h"
#include "stats.h"
#include "../common/bdb_error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct cp_ctx {
    const double *const *v;
    const size_t *n;
    size_t *pt;         /* the non-empty points, in order */
    double *mean;       /* their means */
    size_t m;
} cp_ctx;

/* Student's two-sample t-test (pooled variance) of the values of points
 * [a, t) against those of [t, b); fills p, the means and the magnitude. */
static void ttest(const cp_ctx *c, size_t a, size_t t, size_t b, bdb_cp *cp)
{
    double s[2] = {0, 0}, ss[2] = {0, 0};
    size_t cnt[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        size_t from = side ? t : a, to = side ? b : t;
        for (size_t k = from; k < to; k++) {
            const double *x = c->v[c->pt[k]];
            for (size_t i = 0; i < c->n[c->pt[k]]; i++)
                s[side] += x[i];
            cnt[side] += c->n[c->pt[k]];
        }
        double mean = s[side] / (double)cnt[side];
        for (size_t k = from; k < to; k++) {
            const double *x = c->v[c->pt[k]];
            for (size_t i = 0; i < c->n[c->pt[k]]; i++)
                ss[side] += (x[i] - mean) * (x[i] - mean);
        }
        s[side] = mean;
    }
    cp->mean_before = s[0];
    cp->mean_after = s[1];
    double fwd = s[0] != 0 ? fabs(s[1] / s[0] - 1) : 0;
    double bwd = s[1] != 0 ? fabs(s[0] / s[1] - 1) : 0;
    cp->magnitude = fwd > bwd ? fwd : bwd;
    double df = (double)cnt[0] + (double)cnt[1] - 2;
    cp->p = 1;
    if (df <= 0)
        return;     /* two values: equal or not, nothing says how far */
    double sp2 = (ss[0] + ss[1]) / df;
    double se = sqrt(sp2 * (1.0 / (double)cnt[0] + 1.0 / (double)cnt[1]));
    double d = fabs(s[1] - s[0]);
    if (se > 0)
        cp->p = 2 * (1 - bdb_stats_t_cdf(d / se, df));
    else
        cp->p = d > 0 ? 0 : 1;
}

/* For each split tau of points [a, b) (a < tau < b), the largest Q-hat
 * between [a, tau) and [tau, kappa) over tau < kappa <= b, into
 * q[tau - a - 1], with distances between the points' means (Matteson and
 * James' statistic, exponent 1, as Otava's PairDistanceCalculator). */
static void split_q(const double *x, size_t a, size_t b, double *q)
{
    double wx = 0;
    for (size_t tau = a + 1; tau < b; tau++) {
        /* within-X distances of [a, tau), grown by x[tau - 1] */
        for (size_t i = a; i + 1 < tau; i++)
            wx += fabs(x[i] - x[tau - 1]);
        double nx = (double)(tau - a), across = 0, wy = 0, best = -INFINITY;
        for (size_t k = tau; k < b; k++) {
            for (size_t i = a; i < tau; i++)
                across += fabs(x[i] - x[k]);
            for (size_t j = tau; j < k; j++)
                wy += fabs(x[j] - x[k]);
            double my = (double)(k - tau + 1), nm = nx + my;
            double qv = 2 / nm * across;
            if (nx > 1)
                qv -= 2 * my / (nm * (nx - 1)) * wx;
            if (my > 1)
                qv -= 2 * nx / (nm * (my - 1)) * wy;
            if (qv > best)
                best = qv;
        }
        q[tau - a - 1] = best;
    }
}

typedef struct cand {
    size_t tau, a, b;
    double q;
} cand;

/* Largest Q-hat first; the earlier split first among equals (numpy's
 * argmax order). */
static int by_q(const void *x, const void *y)
{
    const cand *p = x, *r = y;
    if (p->q != r->q)
        return p->q > r->q ? -1 : 1;
    return p->tau < r->tau ? -1 : p->tau > r->tau;
}

/* Inserts idx into the sorted list (no duplicates). */
static void insert_sorted(size_t *list, size_t *n, size_t idx)
{
    size_t k = 0;
    while (k < *n && list[k] < idx)
        k++;
    if (k < *n && list[k] == idx)
        return;
    memmove(list + k + 1, list + k, (*n - k) * sizeof *list);
    list[k] = idx;
    (*n)++;
}

/* E-divisive on the window [ws, we): the candidates of every segment in
 * order of Q-hat; the first whose t-test has p <= max_p splits its
 * segment, and the search starts again; when none passes, it stops. A
 * candidate that fails is skipped rather than ending the search (Otava's
 * stop_at, unbounded): with three sets high, low, high the best split
 * (after the first) fails, as its right side holds both levels, while the
 * second (before the last) passes and then the first does. The points
 * found go to found (sorted); cands and q have room for the window. */
static void detect(const cp_ctx *c, size_t ws, size_t we, double max_p,
                   size_t *found, size_t *nfound, cand *cands, double *q)
{
    *nfound = 0;
    for (;;) {
        size_t nc = 0;
        for (size_t k = 0; k <= *nfound; k++) {
            size_t a = k ? found[k - 1] : ws, b = k < *nfound ? found[k] : we;
            if (b - a < 2)
                continue;
            split_q(c->mean, a, b, q);
            for (size_t tau = a + 1; tau < b; tau++)
                cands[nc++] = (cand){tau, a, b, q[tau - a - 1]};
        }
        qsort(cands, nc, sizeof *cands, by_q);
        size_t k = 0;
        for (; k < nc; k++) {
            bdb_cp cp;
            ttest(c, cands[k].a, cands[k].tau, cands[k].b, &cp);
            if (cp.p <= max_p)
                break;
        }
        if (k == nc)
            return;
        insert_sorted(found, nfound, cands[k].tau);
    }
}

/* The test of weak point k against its neighbours. */
static void retest(const cp_ctx *c, const size_t *at, size_t n, size_t k,
                   bdb_cp *cp)
{
    size_t a = k ? at[k - 1] : 0, b = k + 1 < n ? at[k + 1] : c->m;
    ttest(c, a, at[k], b, cp);
    cp->index = at[k];
}

int bdb_changepoints(const double *const *v, const size_t *n, size_t npts,
                     const bdb_cp_opts *o, bdb_cp **out, size_t *nout)
{
    if (!out || !nout || (npts && (!v || !n)))
        return BDB_EUSAGE;
    *out = NULL;
    *nout = 0;
    size_t window = o && o->window >= 2 ? o->window : BDB_CP_WINDOW_DEFAULT;
    double max_p = o && o->max_p > 0 ? o->max_p : BDB_CP_MAX_P_DEFAULT;
    double floor = o && o->min_magnitude >= 0 ? o->min_magnitude
                                              : BDB_CP_MAGNITUDE_DEFAULT;
    /* Otava's first pass: 10x max_p below 0.05, 2x below 0.5 */
    double weak_p = max_p < 0.05 ? max_p * 10 : max_p < 0.5 ? max_p * 2 : max_p;
    cp_ctx c = {v, n, NULL, NULL, 0};
    for (size_t k = 0; k < npts; k++) {
        if (n[k] && !v[k])
            return BDB_EUSAGE;
        for (size_t i = 0; i < n[k]; i++)
            if (!isfinite(v[k][i]))
                return BDB_ERANGE;
    }
    c.pt = malloc((npts ? npts : 1) * sizeof *c.pt);
    c.mean = malloc((npts ? npts : 1) * sizeof *c.mean);
    size_t *weak = malloc((npts ? npts : 1) * sizeof *weak);
    size_t *found = malloc((npts ? npts : 1) * sizeof *found);
    bdb_cp *cps = malloc((npts ? npts : 1) * sizeof *cps);
    size_t wmax = window < npts ? window : npts;
    cand *cands = malloc((wmax ? wmax : 1) * sizeof *cands);
    double *q = malloc((wmax ? wmax : 1) * sizeof *q);
    if (!c.pt || !c.mean || !weak || !found || !cps || !cands || !q) {
        free(c.pt); free(c.mean); free(weak); free(found); free(cps);
        free(cands); free(q);
        return BDB_ENOMEM;
    }
    for (size_t k = 0; k < npts; k++) {
        if (!n[k])
            continue;
        double s = 0;
        for (size_t i = 0; i < n[k]; i++)
            s += v[k][i];
        c.pt[c.m] = k;
        c.mean[c.m++] = s / (double)n[k];
    }
    /* 1. split: sliding windows, weak points at weak_p */
    size_t nweak = 0, step = window / 2 ? window / 2 : 1;
    for (size_t start = 0; start < c.m;) {
        size_t end = start + window < c.m ? start + window : c.m, nf;
        detect(&c, start, end, weak_p, found, &nf, cands, q);
        for (size_t k = 0; k < nf; k++)
            insert_sorted(weak, &nweak, found[k]);
        size_t last = nf ? found[nf - 1] : 0;
        start = last > start + step ? last : start + step;
    }
    /* 2. merge: drop the weakest and re-test its neighbours */
    size_t ncp = nweak;
    for (size_t k = 0; k < ncp; k++)
        retest(&c, weak, ncp, k, &cps[k]);
    while (ncp) {
        size_t w = 0;
        for (size_t k = 1; k < ncp; k++)
            if (cps[k].p > cps[w].p)
                w = k;
        if (cps[w].p < max_p) {
            w = 0;
            for (size_t k = 1; k < ncp; k++)
                if (cps[k].magnitude < cps[w].magnitude)
                    w = k;
            if (cps[w].magnitude > floor)
                break;
        }
        memmove(weak + w, weak + w + 1, (ncp - w - 1) * sizeof *weak);
        memmove(cps + w, cps + w + 1, (ncp - w - 1) * sizeof *cps);
        ncp--;
        if (w > 0)
            retest(&c, weak, ncp, w - 1, &cps[w - 1]);
        if (w < ncp)
            retest(&c, weak, ncp, w, &cps[w]);
    }
    for (size_t k = 0; k < ncp; k++)
        cps[k].index = c.pt[cps[k].index];
    free(c.pt);
    free(c.mean);
    free(weak);
    free(found);
    free(cands);
    free(q);
    if (ncp == 0) {
        free(cps);
        return BDB_OK;
    }
    *out = cps;
    *nout = ncp;
    return BDB_OK;
}
