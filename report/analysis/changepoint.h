/* changepoint.h - change points in a series of sets (benchdb history):
 * E-divisive means in the form Apache Otava (formerly DataStax Hunter)
 * uses (Fleming et al., "Hunter: Using Change Point Detection to Hunt for
 * Performance Regressions", ICPE 2023, arXiv 2301.03034; the divisive
 * statistic of Matteson and James, "A Nonparametric Approach for Multiple
 * Change Point Analysis of Multivariate Data", JASA 2014):
 *
 *   1. split: sliding windows of `window` points (half a window apart);
 *      in each, the point that maximises the E-divisive statistic Q-hat
 *      (distances |x_i - x_j| between the points' means, exponent 1) is a
 *      candidate; Student's two-sample t-test of the values before and
 *      after it (within the segment it splits) replaces the permutation
 *      test; significant at 10x max_p (the "weak" points) it is kept and
 *      the segment split again, until a candidate fails;
 *   2. merge: the weak points are re-tested against their neighbours
 *      (the values between the previous and the next point), and the
 *      weakest is dropped - the one with the largest p while any p is
 *      above max_p, then the one with the smallest relative change while
 *      any is below min_magnitude - and its neighbours re-tested, until
 *      every point left has p <= max_p and a change above the floor.
 *
 * A point is a set: its candidates come from the sets' means, so a set
 * of one run and a set of ten weigh alike in finding where a change is,
 * and the t-test pools every value of the sets on each side, so several
 * runs per set give it more power. One run per set works (the t-test
 * then has the sets themselves as its sample). Otava recomputes the two
 * points after a dropped one; here the points on either side of it are,
 * which are the two whose segments changed. */
#ifndef BDB_CHANGEPOINT_H
#define BDB_CHANGEPOINT_H

#include <stddef.h>

#define BDB_CP_WINDOW_DEFAULT 50
#define BDB_CP_MAX_P_DEFAULT 0.001
#define BDB_CP_MAGNITUDE_DEFAULT 0.05

typedef struct bdb_cp_opts {
    size_t window;          /* sliding window in points; 0: 50 (>= 2) */
    double max_p;           /* 0: 0.001 */
    double min_magnitude;   /* relative change floor; < 0: 0.05 */
} bdb_cp_opts;

typedef struct bdb_cp {
    size_t index;           /* the first point of the new level */
    double p;               /* Student's t, two-sided, against neighbours */
    double mean_before, mean_after;   /* of the values on each side */
    double magnitude;       /* max(|after/before - 1|, |before/after - 1|) */
} bdb_cp;

/* Finds the change points of npts points, point k holding n[k] values
 * v[k][0 .. n[k] - 1] (a point with no value is skipped). *out (malloc'd,
 * the caller frees it; NULL when none) receives them in index order,
 * *nout their count. Returns BDB_OK, BDB_EUSAGE (NULL pointers),
 * BDB_ERANGE (a value that is not finite), BDB_ENOMEM. */
int bdb_changepoints(const double *const *v, const size_t *n, size_t npts,
                     const bdb_cp_opts *o, bdb_cp **out, size_t *nout);

#endif
