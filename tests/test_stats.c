/* test_stats.c - the report statistics against independently known values:
 * published examples (R documentation, Wikipedia), closed forms of the t
 * distribution, exact p-values enumerated here by brute force, and p-value
 * corrections worked out by hand. */
#include "test_util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bdb_error.h"
#include "changepoint.h"
#include "decide.h"
#include "stats.h"

#define N_OF(arr) (sizeof(arr) / sizeof((arr)[0]))

static void assert_abs(double got, double want, double abs_tol,
                       const char *what)
{
    if (!(fabs(got - want) <= abs_tol))
        fail_msg("%s: got %.12g, expected %.12g (abs %.1e)", what, got, want,
                 abs_tol);
}

/* R's `sleep` data set (Cushny & Peebles 1905), extra hours of sleep. */
static const double sleep1[] = {0.7, -1.6, -0.2, -1.2, -0.1,
                                3.4, 3.7,  0.8,  0.0,  2.0};
static const double sleep2[] = {1.9, 0.8, 1.1, 0.1, -0.1,
                                4.4, 5.5, 1.6, 4.6, 3.4};

/* ---- distributions --------------------------------------------------- */

/* Two-sided 95% table values t(0.975, df), any statistics text (4 decimals),
 * and the same quantiles to full precision from R's qt(0.975, df),
 * confirmed with mpmath at 30 digits. */
static void stats__t_quantile_975__matches_published_table(void **state)
{
    (void)state;
    static const struct {
        double df, table, full;
    } q[] = {
        {1, 12.7062, 12.706204736174698},
        {2, 4.3027, 4.302652729749464},
        {5, 2.5706, 2.570581835636314},
        {10, 2.2281, 2.228138851986274},
        {30, 2.0423, 2.042272456301238},
    };
    for (size_t i = 0; i < N_OF(q); i++) {
        double t = bdb_stats_t_quantile(0.975, q[i].df);
        assert_abs(t, q[i].table, 5.1e-5, "t table");
        tu_assert_close(t, q[i].full, 1e-9, "t full precision");
        /* symmetry */
        tu_assert_close(bdb_stats_t_quantile(0.025, q[i].df), -q[i].full, 1e-9,
                        "t lower");
    }
}

/* Closed forms of Student's t quantile (e.g. Hill 1970; Wikipedia,
 * "Student's t-distribution", special cases):
 *   df=1 (Cauchy): tan(pi (p - 1/2));   df=2: (2p-1) / sqrt(2 p (1-p));
 *   df=4: a = 4p(1-p), q = cos(acos(sqrt a) / 3) / sqrt a,
 *         t = sign(p - 1/2) 2 sqrt(q - 1). */
static void stats__t_quantile__matches_closed_forms_in_the_tails(void **state)
{
    (void)state;
    static const double ps[] = {0.0005, 0.01, 0.1, 0.3, 0.6,
                                0.9,    0.99, 0.9995, 0.999999};
    for (size_t i = 0; i < N_OF(ps); i++) {
        double p = ps[i];
        tu_assert_close(bdb_stats_t_quantile(p, 1), tan(M_PI * (p - 0.5)), 1e-9,
                        "df=1");
        tu_assert_close(bdb_stats_t_quantile(p, 2),
                        (2 * p - 1) / sqrt(2 * p * (1 - p)), 1e-9, "df=2");
        double a = 4 * p * (1 - p);
        double q = cos(acos(sqrt(a)) / 3) / sqrt(a);
        double t4 = (p < 0.5 ? -2 : 2) * sqrt(q - 1);
        tu_assert_close(bdb_stats_t_quantile(p, 4), t4, 1e-8, "df=4");
    }
    assert_true(bdb_stats_t_quantile(0.5, 7) == 0.0);
    assert_true(isinf(bdb_stats_t_quantile(1.0, 7)));
    assert_true(isnan(bdb_stats_t_quantile(1.5, 7)));
    assert_true(isnan(bdb_stats_t_quantile(0.9, 0)));
    assert_true(isnan(bdb_stats_t_quantile(NAN, 3)));
}

/* Large df: the Cornish-Fisher expansion of the t quantile around the
 * normal one (Abramowitz & Stegun 26.7.5), whose neglected terms are
 * O(df^-4), is exact to double precision at df = 1e5 and 1e6; a naive
 * lgamma(a) + lgamma(b) - lgamma(a+b) loses about 1e-11 there. */
static void stats__t_quantile_large_df__matches_cornish_fisher(void **state)
{
    (void)state;
    const double z = 1.959963984540054; /* Phi^-1(0.975) */
    static const double dfs[] = {1e3, 1e5, 1e6};
    for (size_t i = 0; i < N_OF(dfs); i++) {
        double v = dfs[i];
        double cf = z + (z * z * z + z) / (4 * v) +
                    (5 * pow(z, 5) + 16 * pow(z, 3) + 3 * z) / (96 * v * v) +
                    (3 * pow(z, 7) + 19 * pow(z, 5) + 17 * pow(z, 3) - 15 * z) /
                        (384 * v * v * v);
        tu_assert_close(bdb_stats_t_quantile(0.975, v), cf, 1e-11, "large df");
    }
}

/* CDF closed forms: df=1: 1/2 + atan(t)/pi; df=2: 1/2 + t/(2 sqrt(2+t^2)).
 * Incomplete beta closed forms: I_x(a,1) = x^a, I_x(1,b) = 1-(1-x)^b,
 * I_{1/2}(a,a) = 1/2. */
static void stats__t_cdf_and_beta__match_closed_forms(void **state)
{
    (void)state;
    static const double ts[] = {-50, -3.5, -1, -0.2, 0, 0.4, 2, 7, 300};
    for (size_t i = 0; i < N_OF(ts); i++) {
        double t = ts[i];
        tu_assert_close(bdb_stats_t_cdf(t, 1), 0.5 + atan(t) / M_PI, 1e-11,
                        "cdf df=1");
        tu_assert_close(bdb_stats_t_cdf(t, 2), 0.5 + t / (2 * sqrt(2 + t * t)),
                        1e-11, "cdf df=2");
    }
    /* the far tail keeps its relative precision (no 1 - x cancellation):
     * P(T < -t) for df=2 = 1 / ((s + t) s), s = sqrt(2 + t^2) */
    double t = 1e4, sq = sqrt(2 + t * t);
    tu_assert_close(bdb_stats_t_cdf(-t, 2), 1 / ((sq + t) * sq), 1e-10, "tail");
    tu_assert_close(bdb_stats_beta_inc(3.5, 1, 0.3), pow(0.3, 3.5), 1e-12,
                    "I_x(a,1)");
    tu_assert_close(bdb_stats_beta_inc(1, 4.25, 0.7), 1 - pow(0.3, 4.25), 1e-12,
                    "I_x(1,b)");
    tu_assert_close(bdb_stats_beta_inc(17.5, 17.5, 0.5), 0.5, 1e-12,
                    "I_half(a,a)");
    assert_true(bdb_stats_beta_inc(2, 3, 0) == 0.0);
    assert_true(bdb_stats_beta_inc(2, 3, 1) == 1.0);
    assert_true(isnan(bdb_stats_beta_inc(-1, 3, 0.5)));
    tu_assert_close(bdb_stats_normal_cdf(1.959963984540054), 0.975, 1e-12,
                    "normal");
}

/* ---- summary --------------------------------------------------------- */

/* R: t.test(sleep$extra[1:10]) -> mean 0.75, 95 percent confidence interval
 * -0.5297804 2.0297804; sd(...) = 1.789010 (sum of squares 28.805). Sorted
 * group 1: -1.6 -1.2 -0.2 -0.1 0.0 0.7 0.8 2.0 3.4 3.7, median 0.35; the
 * n=10 median interval is x(2)..x(9). */
static void stats__summarize_sleep_group__matches_r_t_test(void **state)
{
    (void)state;
    bdb_summary s;
    assert_int_equal(bdb_stats_summarize(sleep1, 10, &s), BDB_OK);
    assert_int_equal(s.n, 10);
    tu_assert_close(s.mean, 0.75, 1e-12, "mean");
    tu_assert_close(s.median, 0.35, 1e-12, "median");
    tu_assert_close(s.sd, sqrt(28.805 / 9), 1e-12, "sd");
    tu_assert_close(s.sd, 1.789010, 1e-6, "sd (R)");
    tu_assert_close(s.cv, sqrt(28.805 / 9) / 0.75, 1e-12, "cv");
    tu_assert_close(s.mean_ci_lo, -0.5297804, 1e-6, "mean ci lo");
    tu_assert_close(s.mean_ci_hi, 2.0297804, 1e-7, "mean ci hi");
    assert_true(s.min == -1.6 && s.max == 3.7);
    assert_true(s.median_ci_lo == -1.2);
    assert_true(s.median_ci_hi == 3.4);
}

/* Binomial(n, 1/2) coverage of [x(k), x(n+1-k)] is 1 - 2 P(B <= k-1):
 *   n=10, k=2: 1 - 2*11/1024  = 0.978515625 (k=3 would be 0.890625);
 *   n=11, k=2: 1 - 2*12/2048  = 0.98828125  (k=3: 0.9345703125);
 *   n=20, k=6: 1 - 2*21700/2^20 = 0.958610535 (k=7: 0.884...);
 *   n=6,  k=1: 1 - 2/64 = 0.96875;  n=5, k=1: 0.9375 < 95%, so min..max
 * with its actual level (benchstat asks for >= 6 values). */
static void stats__median_ci__picks_binomial_order_statistics(void **state)
{
    (void)state;
    static const struct {
        size_t n, k;
        double level;
    } c[] = {
        {10, 2, 0.978515625}, {11, 2, 0.98828125},
        {20, 6, 1.0 - 2.0 * 21700.0 / 1048576.0},
        {6, 1, 0.96875},      {5, 1, 0.9375},
        {2, 1, 0.5},
    };
    for (size_t i = 0; i < N_OF(c); i++) {
        /* values 1..n in a scrambled order: x(k) == k */
        double x[32];
        for (size_t j = 0; j < c[i].n; j++)
            x[j] = (double)((j * 7) % c[i].n + 1);
        bdb_summary s;
        assert_int_equal(bdb_stats_summarize(x, c[i].n, &s), BDB_OK);
        if (s.median_ci_lo != (double)c[i].k ||
            s.median_ci_hi != (double)(c[i].n + 1 - c[i].k))
            fail_msg("n=%zu: interval x(%g)..x(%g), expected x(%zu)..x(%zu)",
                     c[i].n, s.median_ci_lo, s.median_ci_hi, c[i].k,
                     c[i].n + 1 - c[i].k);
        tu_assert_close(s.median_ci_level, c[i].level, 1e-12, "level");
        tu_assert_close(s.median, (double)(c[i].n + 1) / 2, 1e-15, "median");
    }
}

static void stats__summarize_edge_cases__n0_n1_constant_ties_nan(void **state)
{
    (void)state;
    bdb_summary s;
    /* n = 0 */
    assert_int_equal(bdb_stats_summarize(NULL, 0, &s), BDB_OK);
    assert_int_equal(s.n, 0);
    assert_true(isnan(s.mean) && isnan(s.median) && isnan(s.min));
    /* n = 1 */
    double one = 4.5;
    assert_int_equal(bdb_stats_summarize(&one, 1, &s), BDB_OK);
    assert_true(s.mean == 4.5 && s.median == 4.5 && s.min == 4.5 &&
                s.max == 4.5);
    assert_true(isnan(s.sd) && isnan(s.cv) && isnan(s.mean_ci_lo) &&
                isnan(s.median_ci_lo));
    assert_true(s.median_ci_level == 0.0);
    /* all equal: zero spread, not NaN */
    double same[] = {3, 3, 3, 3, 3, 3, 3};
    assert_int_equal(bdb_stats_summarize(same, N_OF(same), &s), BDB_OK);
    assert_true(s.sd == 0.0 && s.cv == 0.0);
    assert_true(s.mean_ci_lo == 3.0 && s.mean_ci_hi == 3.0);
    assert_true(s.median_ci_lo == 3.0 && s.median_ci_hi == 3.0);
    /* mean 0: cv not computable */
    double zero_mean[] = {-1, 1, -2, 2};
    assert_int_equal(bdb_stats_summarize(zero_mean, 4, &s), BDB_OK);
    assert_true(isnan(s.cv));
    assert_true(s.median == 0.0);
    /* ties: even n, median of the two middle values */
    double ties[] = {2, 1, 2, 2, 5, 1};
    assert_int_equal(bdb_stats_summarize(ties, 6, &s), BDB_OK);
    assert_true(s.median == 2.0);
    assert_true(s.median_ci_lo == 1.0 && s.median_ci_hi == 5.0);
    /* refused */
    double bad[] = {1, NAN, 3};
    assert_int_equal(bdb_stats_summarize(bad, 3, &s), BDB_ERANGE);
    double inf[] = {1, INFINITY};
    assert_int_equal(bdb_stats_summarize(inf, 2, &s), BDB_ERANGE);
    assert_int_equal(bdb_stats_summarize(NULL, 3, &s), BDB_EUSAGE);
    assert_int_equal(bdb_stats_summarize(same, 3, NULL), BDB_EUSAGE);
    assert_true(bdb_stats_median(ties, 6) == 2.0);
    assert_true(isnan(bdb_stats_median(ties, 0)));
}

/* ---- outliers -------------------------------------------------------- */

/* {-1,-1,0,0,0,1,1,x}: median 0, MAD 1, so M(x) = 0.6745 x. The cut-off
 * 3.5 lies between x = 5.04 (M = 3.3995) and x = 5.34 (M = 3.6018): a rule
 * without the 0.6745 factor or with a cut-off of 3 would flag both. */
static void stats__outliers_mad__uses_modified_z_above_3_5(void **state)
{
    (void)state;
    unsigned char f[8];
    size_t count = 99;
    double in[] = {-1, -1, 0, 0, 5.04, 0, 1, 1};
    assert_int_equal(bdb_stats_outliers_mad(in, 8, f, &count), BDB_OK);
    assert_int_equal(count, 0);
    double out[] = {-1, -1, 0, 0, 5.34, 0, 1, 1};
    assert_int_equal(bdb_stats_outliers_mad(out, 8, f, &count), BDB_OK);
    assert_int_equal(count, 1);
    for (int i = 0; i < 8; i++)
        assert_int_equal(f[i], i == 4);
    /* negative side too */
    double neg[] = {-1, -1, 0, 0, -5.34, 0, 1, 1};
    assert_int_equal(bdb_stats_outliers_mad(neg, 8, f, &count), BDB_OK);
    assert_int_equal(count, 1);
    assert_int_equal(f[4], 1);

    double runs[] = {10, 10.1, 9.9, 10.2, 9.8, 10.0, 15};
    assert_int_equal(bdb_stats_outliers_mad(runs, 7, f, &count), BDB_OK);
    assert_int_equal(count, 1);
    assert_int_equal(f[6], 1);
    assert_int_equal(f[3], 0);
}

/* MAD = 0 falls back to 1.253314 * mean absolute deviation: for
 * {5,5,5,5,9}, MeanAD = 0.8, M(9) = 4 / 1.0026512 = 3.99 > 3.5, while for
 * {5,5,5,6,6}, MeanAD = 0.4, M(6) = 1 / 0.5013256 = 1.99: not an outlier
 * (dividing by the zero MAD would flag every 6). */
static void stats__outliers_mad__edge_cases(void **state)
{
    (void)state;
    unsigned char f[8];
    size_t count = 99;
    double mad0[] = {5, 5, 9, 5, 5};
    assert_int_equal(bdb_stats_outliers_mad(mad0, 5, f, &count), BDB_OK);
    assert_int_equal(count, 1);
    assert_int_equal(f[2], 1);
    double mad0b[] = {6, 5, 5, 6, 5};
    assert_int_equal(bdb_stats_outliers_mad(mad0b, 5, f, &count), BDB_OK);
    assert_int_equal(count, 0);
    double same[] = {7, 7, 7, 7};
    memset(f, 1, sizeof f);
    assert_int_equal(bdb_stats_outliers_mad(same, 4, f, &count), BDB_OK);
    assert_int_equal(count, 0);
    assert_int_equal(f[0] | f[1] | f[2] | f[3], 0);
    double two[] = {1, 1000};
    assert_int_equal(bdb_stats_outliers_mad(two, 2, f, &count), BDB_OK);
    assert_int_equal(count, 0);
    assert_int_equal(bdb_stats_outliers_mad(NULL, 0, NULL, &count), BDB_OK);
    assert_int_equal(count, 0);
    double bad[] = {1, 2, NAN, 4};
    assert_int_equal(bdb_stats_outliers_mad(bad, 4, f, &count), BDB_ERANGE);
}

/* ---- Welch ----------------------------------------------------------- */

/* R: t.test(extra ~ group, data = sleep) (Welch) prints
 *   t = -1.8608, df = 17.776, p-value = 0.07939,
 *   95 percent confidence interval: -3.3654832 0.2054832
 * for group1 - group2; here a = group 2, b = group 1, so diff = b - a. */
static void stats__welch_on_r_sleep_data__matches_published_p(void **state)
{
    (void)state;
    bdb_ttest r;
    assert_int_equal(bdb_stats_welch(sleep2, 10, sleep1, 10, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_OK);
    tu_assert_close(r.t, -1.8608, 5e-5, "t");
    tu_assert_close(r.df, 17.776, 5e-5, "df");
    tu_assert_close(r.p, 0.07939, 1e-4, "p");
    tu_assert_close(r.diff, -1.58, 1e-12, "diff");
    tu_assert_close(r.diff_ci_lo, -3.3654832, 1e-7, "ci lo");
    tu_assert_close(r.diff_ci_hi, 0.2054832, 1e-6, "ci hi");
}

/* Wikipedia, "Welch's t-test", Examples 1 and 2 (A1 vs A2; the article
 * prints t to two decimals, df to one, p to three), and an R session quoted
 * on Cross Validated: ts1 = c(11,9,10,11,10,12,9,11,12,9),
 * ts2 = c(11,13,10,13,12,9,11,12,12,11); t.test(ts1, ts2) ->
 * t = -1.8325, df = 17.9, p-value = 0.08356, 95 percent confidence
 * interval -2.1469104 0.1469104. */
static void stats__welch_on_textbook_data__matches_published_p(void **state)
{
    (void)state;
    static const double e1a[] = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                                 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
    static const double e1b[] = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                                 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
    static const double e2a[] = {17.2, 20.9, 22.6, 18.1, 21.7,
                                 21.4, 23.5, 24.2, 14.7, 21.8};
    static const double e2b[] = {21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5,
                                 20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5,
                                 23.6, 21.5, 22.5, 23.5, 21.5, 21.8};
    static const double ts1[] = {11, 9, 10, 11, 10, 12, 9, 11, 12, 9};
    static const double ts2[] = {11, 13, 10, 13, 12, 9, 11, 12, 12, 11};
    static const struct {
        const double *a, *b;
        size_t na, nb;
        double t, df, p;
    } ex[] = {
        {e1a, e1b, N_OF(e1a), N_OF(e1b), -2.46, 25.0, 0.021},
        {e2a, e2b, N_OF(e2a), N_OF(e2b), -1.57, 9.9, 0.149},
        {ts1, ts2, N_OF(ts1), N_OF(ts2), -1.8325, 17.9, 0.08356},
    };
    for (size_t i = 0; i < N_OF(ex); i++) {
        bdb_ttest r;
        /* the article's t is mean(A1) - mean(A2): a = A2, b = A1 */
        assert_int_equal(bdb_stats_welch(ex[i].b, ex[i].nb, ex[i].a, ex[i].na,
                                         &r),
                         BDB_OK);
        assert_abs(r.t, ex[i].t, 0.005, "t");
        assert_abs(r.df, ex[i].df, 0.05, "df");
        assert_abs(r.p, ex[i].p, 0.0005, "p");
    }
    bdb_ttest r;
    assert_int_equal(bdb_stats_welch(ts2, 10, ts1, 10, &r), BDB_OK);
    tu_assert_close(r.t, -1.8325, 5e-5, "R t");
    tu_assert_close(r.p, 0.08356, 1e-4, "R p");
    tu_assert_close(r.diff_ci_lo, -2.1469104, 1e-7, "R ci lo");
    tu_assert_close(r.diff_ci_hi, 0.1469104, 1e-6, "R ci hi");
}

/* a constant, b = {1,2,3}: va = 0, vb = 1, se^2 = 1/3, t = sqrt 3, df = 2
 * exactly, and with the df=2 CDF p = 2 (1/2 - t / (2 sqrt(2 + t^2)))
 * = 1 - sqrt(3/5). */
static void stats__welch_edge_cases__too_few_and_zero_variance(void **state)
{
    (void)state;
    bdb_ttest r;
    double c1[] = {1, 1, 1}, c2[] = {2, 2, 2}, v[] = {1, 2, 3};
    assert_int_equal(bdb_stats_welch(c1, 3, v, 3, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_OK);
    tu_assert_close(r.t, sqrt(3.0), 1e-12, "t");
    tu_assert_close(r.df, 2.0, 1e-12, "df");
    tu_assert_close(r.p, 1 - sqrt(0.6), 1e-10, "p");

    assert_int_equal(bdb_stats_welch(c1, 3, c2, 3, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_ZERO_VARIANCE);
    assert_true(isnan(r.p) && isnan(r.t));
    assert_true(r.diff == 1.0);

    assert_int_equal(bdb_stats_welch(c1, 1, v, 3, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_TOO_FEW);
    assert_true(isnan(r.p));
    assert_true(r.diff == 1.0);
    assert_int_equal(bdb_stats_welch(NULL, 0, v, 3, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_TOO_FEW);
    assert_true(isnan(r.diff));

    double bad[] = {1, NAN};
    assert_int_equal(bdb_stats_welch(bad, 2, v, 3, &r), BDB_ERANGE);
    assert_int_equal(bdb_stats_welch(v, 3, v, 3, NULL), BDB_EUSAGE);
}

/* ---- Mann-Whitney ---------------------------------------------------- */

/* Exact two-sided p by brute force: every way of choosing which na of the
 * N = na + nb pooled ranks belong to a is equally likely under H0; count
 * those whose U is as extreme. Independent of the recurrence in stats.c. */
static double brute_mw_p(const double *a, size_t na, const double *b,
                         size_t nb, double *u_out)
{
    size_t N = na + nb;
    double pool[32];
    memcpy(pool, a, na * sizeof *a);
    memcpy(pool + na, b, nb * sizeof *b);
    double u_obs = 0;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            u_obs += a[i] > b[j];
    double le = 0, ge = 0, total = 0;
    for (uint32_t mask = 0; mask < (1u << N); mask++) {
        size_t bits = 0;
        for (uint32_t m = mask; m; m &= m - 1)
            bits++;
        if (bits != na)
            continue;
        double u = 0;
        for (size_t i = 0; i < N; i++) {
            if (!(mask & (1u << i)))
                continue;
            for (size_t j = 0; j < N; j++)
                if (!(mask & (1u << j)) && pool[i] > pool[j])
                    u++;
        }
        total++;
        le += u <= u_obs;
        ge += u >= u_obs;
    }
    *u_out = u_obs;
    double p = 2 * (le < ge ? le : ge) / total;
    return p < 1 ? p : 1;
}

static void stats__mann_whitney_exact__matches_enumeration(void **state)
{
    (void)state;
    static const size_t sizes[][2] = {{3, 4}, {5, 5}, {2, 7},
                                      {6, 8}, {4, 4}, {7, 3}};
    uint64_t lcg = 12345;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int rep = 0; rep < 4; rep++) {
            double a[16], b[16];
            size_t na = sizes[s][0], nb = sizes[s][1];
            /* distinct values; b shifted by rep so p varies from ~1 down */
            for (size_t i = 0; i < na; i++) {
                lcg = lcg * 6364136223846793005u + 1442695040888963407u;
                a[i] = (double)(lcg >> 40) + 0.25;
            }
            for (size_t i = 0; i < nb; i++) {
                lcg = lcg * 6364136223846793005u + 1442695040888963407u;
                b[i] = (double)(lcg >> 40) + 0.5 + rep * 4e6;
            }
            double u;
            double p = brute_mw_p(a, na, b, nb, &u);
            bdb_utest r;
            assert_int_equal(bdb_stats_mann_whitney(a, na, b, nb, &r), BDB_OK);
            assert_int_equal(r.method, BDB_MW_EXACT);
            assert_true(r.u == u);
            tu_assert_close(r.p, p, 1e-12, "exact p");
        }
    }
}

/* R documentation of wilcox.test (Hollander & Wolfe 1973, p. 69):
 *   x <- c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46)
 *   y <- c(1.15, 0.88, 0.90, 0.74, 1.21)
 *   wilcox.test(x, y, alternative = "g")  ->  W = 35, p-value = 0.1272
 * The exact one-sided p is 382/3003 = 0.12720613, so two-sided
 * 764/3003 = 0.25441225. Sizes 10 and 5 can reach 2/C(15,5) = 2/3003. */
static void stats__mann_whitney_on_r_example__matches_published_p(void **state)
{
    (void)state;
    static const double x[] = {0.80, 0.83, 1.89, 1.04, 1.45,
                               1.38, 1.91, 1.64, 0.73, 1.46};
    static const double y[] = {1.15, 0.88, 0.90, 0.74, 1.21};
    bdb_utest r;
    assert_int_equal(bdb_stats_mann_whitney(x, 10, y, 5, &r), BDB_OK);
    assert_int_equal(r.method, BDB_MW_EXACT);
    assert_int_equal(r.status, BDB_TEST_OK);
    assert_true(r.u == 35.0);
    assert_abs(r.p / 2, 0.1272, 5e-5, "one-sided p (R)");
    tu_assert_close(r.p, 764.0 / 3003.0, 1e-12, "two-sided p");
    tu_assert_close(r.p_min, 2.0 / 3003.0, 1e-12, "p_min");
    /* swapping the samples mirrors U and keeps p */
    assert_int_equal(bdb_stats_mann_whitney(y, 5, x, 10, &r), BDB_OK);
    assert_true(r.u == 50.0 - 35.0);
    tu_assert_close(r.p, 764.0 / 3003.0, 1e-12, "swapped p");
}

/* R: wilcox.test(extra ~ group, data = sleep) -> W = 25.5,
 * p-value = 0.06933 (normal approximation, ties, continuity correction). */
static void stats__mann_whitney_with_ties__matches_r_normal_approx(void **state)
{
    (void)state;
    bdb_utest r;
    assert_int_equal(bdb_stats_mann_whitney(sleep1, 10, sleep2, 10, &r),
                     BDB_OK);
    assert_int_equal(r.method, BDB_MW_NORMAL);
    assert_true(r.u == 25.5);
    assert_true(r.ties > 0);
    tu_assert_close(r.p, 0.06933, 1e-4, "p");
    assert_int_equal(r.status, BDB_TEST_OK);
    /* tied pairs: -0.1, 0.8, 3.4 -> 6 tied values, sum(t^3 - t) = 18;
     * sigma = sqrt(100/12 (21 - 18/380)); the most extreme U = 0 gives
     * z = (50 - 0.5) / sigma */
    assert_int_equal(r.ties, 6);
    double sigma = sqrt(100.0 / 12 * (21 - 18.0 / 380));
    tu_assert_close(r.p_min, 2 * bdb_stats_normal_cdf(-49.5 / sigma), 1e-12,
                    "p_min");

    /* ties force the normal approximation on 3 vs 3: a = {1,2,2},
     * b = {2,3,4}: N = 6, one triple tie, sigma = sqrt(9/12 (7 - 24/30)),
     * p_min = 2 Phi(-(4.5 - 0.5)/sigma) = 0.0636 >= 0.05: too few. */
    double a[] = {1, 2, 2}, b[] = {2, 3, 4};
    assert_int_equal(bdb_stats_mann_whitney(a, 3, b, 3, &r), BDB_OK);
    assert_int_equal(r.method, BDB_MW_NORMAL);
    assert_true(r.u == 1.0);
    sigma = sqrt(9.0 / 12 * (7 - 24.0 / 30));
    tu_assert_close(r.p_min, 2 * bdb_stats_normal_cdf(-4 / sigma), 1e-12,
                    "small p_min");
    assert_true(r.p_min > 0.05);
    assert_int_equal(r.status, BDB_TEST_TOO_FEW);
    tu_assert_close(r.p, 2 * bdb_stats_normal_cdf(-(3.5 - 0.5) / sigma), 1e-12,
                    "small p");
}

/* Smallest two-sided exact p is 2 / C(na + nb, na):
 *   2x2: 1/3, 3x3: 1/10, 3x4: 2/35 = 0.0571 (all >= 0.05: too few);
 *   4x4: 1/35 = 0.0286, 3x5: 1/28 = 0.0357 (a test is possible). */
static void stats__mann_whitney_min_sizes__reports_too_few(void **state)
{
    (void)state;
    static const struct {
        size_t na, nb;
        double pmin;
        int status;
    } c[] = {
        {2, 2, 1.0 / 3, BDB_TEST_TOO_FEW}, {3, 3, 0.1, BDB_TEST_TOO_FEW},
        {3, 4, 2.0 / 35, BDB_TEST_TOO_FEW}, {4, 4, 1.0 / 35, BDB_TEST_OK},
        {3, 5, 1.0 / 28, BDB_TEST_OK},      {1, 1, 1.0, BDB_TEST_TOO_FEW},
    };
    for (size_t i = 0; i < N_OF(c); i++) {
        double a[8], b[8];
        for (size_t j = 0; j < c[i].na; j++)
            a[j] = 1 + (double)j;
        for (size_t j = 0; j < c[i].nb; j++)
            b[j] = 100 + (double)j; /* completely separated */
        bdb_utest r;
        assert_int_equal(bdb_stats_mann_whitney(a, c[i].na, b, c[i].nb, &r),
                         BDB_OK);
        tu_assert_close(r.p_min, c[i].pmin, 1e-12, "p_min");
        /* total separation is the most extreme outcome */
        tu_assert_close(r.p, c[i].pmin, 1e-12, "p at separation");
        assert_int_equal(r.status, c[i].status);
    }
    bdb_utest r;
    double a[] = {1, 2};
    assert_int_equal(bdb_stats_mann_whitney(a, 2, NULL, 0, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_TOO_FEW);
    assert_int_equal(r.method, BDB_MW_NONE);
    assert_true(isnan(r.p));
}

static void stats__mann_whitney_edge_cases__all_equal_large_nan(void **state)
{
    (void)state;
    bdb_utest r;
    double same[] = {4, 4, 4}, same2[] = {4, 4};
    assert_int_equal(bdb_stats_mann_whitney(same, 3, same2, 2, &r), BDB_OK);
    assert_int_equal(r.status, BDB_TEST_ZERO_VARIANCE);
    assert_true(r.p == 1.0 && r.u == 3.0);

    /* 60 vs 60 interleaved, no ties: normal approximation, U = n^2/2 + 30,
     * centred near the middle: z = (30 - 0.5) / sqrt(3600 * 121 / 12). */
    double a[60], b[60];
    for (int i = 0; i < 60; i++) {
        a[i] = 2 * i + 1;
        b[i] = 2 * i;
    }
    assert_int_equal(bdb_stats_mann_whitney(a, 60, b, 60, &r), BDB_OK);
    assert_int_equal(r.method, BDB_MW_NORMAL);
    assert_true(r.u == 1830.0);
    tu_assert_close(r.z, 29.5 / sqrt(3600.0 * 121 / 12), 1e-12, "z");
    tu_assert_close(r.p, 2 * bdb_stats_normal_cdf(-r.z), 1e-12, "p");

    double bad[] = {1, INFINITY};
    assert_int_equal(bdb_stats_mann_whitney(bad, 2, a, 3, &r), BDB_ERANGE);
    assert_int_equal(bdb_stats_mann_whitney(a, 3, a, 3, NULL), BDB_EUSAGE);
}

/* ---- corrections ----------------------------------------------------- */

/* p = (0.01, 0.04, 0.03, 0.005, 0.2), n = 5, by hand:
 * sorted 0.005 0.01 0.03 0.04 0.2 (indexes 3 0 2 1 4)
 * Holm: x(5,4,3,2,1) = 0.025 0.04 0.09 0.08 0.2, running max
 *       0.025 0.04 0.09 0.09 0.2  -> in input order 0.04 0.09 0.09 0.025 0.2
 * BH:   x(5/1..5/5) = 0.025 0.025 0.05 0.05 0.2, running min from the top
 *       0.025 0.025 0.05 0.05 0.2 -> in input order 0.025 0.05 0.05 0.025 0.2
 * (what R's p.adjust(p, "holm") / p.adjust(p, "BH") print). */
static void stats__holm_and_bh__match_hand_computed_values(void **state)
{
    (void)state;
    const double p[] = {0.01, 0.04, 0.03, 0.005, 0.2};
    const double holm[] = {0.04, 0.09, 0.09, 0.025, 0.2};
    const double bh[] = {0.025, 0.05, 0.05, 0.025, 0.2};
    double adj[5];
    assert_int_equal(bdb_stats_holm(p, 5, adj), BDB_OK);
    for (int i = 0; i < 5; i++)
        tu_assert_close(adj[i], holm[i], 1e-12, "holm");
    assert_int_equal(bdb_stats_bh(p, 5, adj), BDB_OK);
    for (int i = 0; i < 5; i++)
        tu_assert_close(adj[i], bh[i], 1e-12, "bh");

    /* capping at 1 and the monotone step: p = (0.6, 0.02, 0.5)
     * Holm: sorted 0.02 0.5 0.6 -> 0.06, min(1, 1.0) = 1, 0.6 -> max 1
     *       -> input order 1 0.06 1
     * BH:   0.02*3 = 0.06, 0.5*3/2 = 0.75, 0.6 -> min from top
     *       0.06 0.6 0.6 -> input order 0.6 0.06 0.6 */
    double q[] = {0.6, 0.02, 0.5};
    assert_int_equal(bdb_stats_holm(q, 3, adj), BDB_OK);
    tu_assert_close(adj[0], 1.0, 1e-12, "holm cap");
    tu_assert_close(adj[1], 0.06, 1e-12, "holm 2");
    tu_assert_close(adj[2], 1.0, 1e-12, "holm 3");
    /* in place */
    assert_int_equal(bdb_stats_bh(q, 3, q), BDB_OK);
    tu_assert_close(q[0], 0.6, 1e-12, "bh 1");
    tu_assert_close(q[1], 0.06, 1e-12, "bh 2");
    tu_assert_close(q[2], 0.6, 1e-12, "bh 3");
}

static void stats__corrections_edge_cases__ties_n0_nan(void **state)
{
    (void)state;
    double adj[4];
    /* ties: Holm (0.01, 0.01, 0.01) -> 0.03 each; BH -> 0.01 each */
    double t[] = {0.01, 0.01, 0.01};
    assert_int_equal(bdb_stats_holm(t, 3, adj), BDB_OK);
    for (int i = 0; i < 3; i++)
        tu_assert_close(adj[i], 0.03, 1e-12, "holm ties");
    assert_int_equal(bdb_stats_bh(t, 3, adj), BDB_OK);
    for (int i = 0; i < 3; i++)
        tu_assert_close(adj[i], 0.01, 1e-12, "bh ties");
    double one = 0.3;
    assert_int_equal(bdb_stats_holm(&one, 1, adj), BDB_OK);
    assert_true(adj[0] == 0.3);
    assert_int_equal(bdb_stats_holm(NULL, 0, NULL), BDB_OK);
    assert_int_equal(bdb_stats_bh(NULL, 0, NULL), BDB_OK);
    adj[0] = 42;
    double bad[] = {0.1, NAN};
    assert_int_equal(bdb_stats_holm(bad, 2, adj), BDB_ERANGE);
    assert_true(adj[0] == 42);
    double big[] = {0.1, 1.5};
    assert_int_equal(bdb_stats_bh(big, 2, adj), BDB_ERANGE);
}

/* ---- ratios ---------------------------------------------------------- */

/* splitmix64 reference output for seed 1234567 (the test vector that
 * accompanies Vigna's splitmix64.c and its ports). */
static void stats__rng_splitmix64__matches_reference_vector(void **state)
{
    (void)state;
    static const uint64_t want[] = {
        UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
        UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
        UINT64_C(16408922859458223821)};
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, 1234567);
    for (size_t i = 0; i < N_OF(want); i++)
        assert_true(bdb_stats_rng_next(&rng) == want[i]);
    /* bounded draws stay in range and reach both ends */
    int seen[3] = {0};
    for (int i = 0; i < 300; i++) {
        uint64_t v = bdb_stats_rng_below(&rng, 3);
        assert_true(v < 3);
        seen[v]++;
    }
    assert_true(seen[0] > 50 && seen[1] > 50 && seen[2] > 50);
}

/* Two samples of 40 with sd/mean = 0.1 each. The delta method gives the
 * ratio's standard error r * sqrt(cv_a^2/na + cv_b^2/nb), so the 95%
 * interval is about r -+ 1.96 * se; the percentile bootstrap should agree
 * within ~15% in width (it would be ~30% narrower if only one sample were
 * resampled). Constant samples give a zero-width interval. */
static void stats__ratio_bootstrap__is_reproducible_and_sized_right(void **state)
{
    (void)state;
    double a[40], b[40];
    /* deterministic, roughly normal spread: a rotated ladder of z-scores */
    for (int i = 0; i < 40; i++) {
        double z = (i - 19.5) / 11.54; /* sd of the ladder ~ 1 */
        a[i] = 100.0 * (1 + 0.1 * z);
        b[(i * 17) % 40] = 150.0 * (1 + 0.1 * z);
    }
    bdb_summary sa, sb;
    assert_int_equal(bdb_stats_summarize(a, 40, &sa), BDB_OK);
    assert_int_equal(bdb_stats_summarize(b, 40, &sb), BDB_OK);
    bdb_ratio r, r2, r3;
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 40, b, 40, 0, 42, &r),
                     BDB_OK);
    assert_int_equal(r.resamples, BDB_STATS_BOOTSTRAP_DEFAULT);
    tu_assert_close(r.ratio, 1.5, 1e-12, "ratio");
    assert_true(r.ci_lo < 1.5 && r.ci_hi > 1.5);
    double se = 1.5 * sqrt(sa.cv * sa.cv / 40 + sb.cv * sb.cv / 40);
    tu_assert_close(r.ci_hi - r.ci_lo, 2 * 1.959964 * se, 0.15, "ci width");
    tu_assert_close(r.ci_lo + r.ci_hi, 3.0, 0.01, "ci roughly centred");

    assert_int_equal(bdb_stats_ratio_bootstrap(a, 40, b, 40, 0, 42, &r2),
                     BDB_OK);
    assert_true(r2.ci_lo == r.ci_lo && r2.ci_hi == r.ci_hi);
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 40, b, 40, 0, 43, &r3),
                     BDB_OK);
    assert_true(r3.ci_lo != r.ci_lo || r3.ci_hi != r.ci_hi);

    /* with many resamples the width settles: the bootstrap standard error
     * carries a factor sqrt((n-1)/n) */
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 40, b, 40, 20000, 5, &r),
                     BDB_OK);
    tu_assert_close(r.ci_hi - r.ci_lo, 2 * 1.959964 * se * sqrt(39.0 / 40), 0.04,
                    "ci width, 20000 resamples");

    double c2[] = {2, 2, 2}, c3[] = {3, 3, 3, 3};
    assert_int_equal(bdb_stats_ratio_bootstrap(c2, 3, c3, 4, 500, 1, &r),
                     BDB_OK);
    assert_true(r.ratio == 1.5 && r.ci_lo == 1.5 && r.ci_hi == 1.5);
    assert_int_equal(r.resamples, 500);
}

static void stats__ratio_bootstrap_edge_cases(void **state)
{
    (void)state;
    bdb_ratio r;
    double a[] = {2, 4}, one[] = {3}, zero[] = {1, 0}, nan[] = {1, NAN};
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 2, one, 1, 0, 1, &r),
                     BDB_OK);
    assert_true(r.ratio == 1.0);
    assert_true(isnan(r.ci_lo) && isnan(r.ci_hi) && r.resamples == 0);
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 0, one, 1, 0, 1, &r),
                     BDB_OK);
    assert_true(isnan(r.ratio));
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 2, zero, 2, 0, 1, &r),
                     BDB_ERANGE);
    assert_true(isnan(r.ratio));
    assert_int_equal(bdb_stats_ratio_bootstrap(nan, 2, a, 2, 0, 1, &r),
                     BDB_ERANGE);
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 2, a, 2, 0, 1, NULL),
                     BDB_EUSAGE);
}

/* {2, 8}: geometric mean 4. Resamples of two are (2,2) -> 2, (8,8) -> 8 or
 * mixed -> 4 with probabilities 1/4, 1/4, 1/2, so the 2.5% and 97.5%
 * quantiles of 2000 resamples are 2 and 8. */
static void stats__geomean_ratios__excludes_and_counts_unusable(void **state)
{
    (void)state;
    bdb_geomean g;
    double r1[] = {2, 8};
    assert_int_equal(bdb_stats_geomean_ratios(r1, 2, 0, 7, &g), BDB_OK);
    tu_assert_close(g.geomean, 4, 1e-12, "geomean");
    tu_assert_close(g.ci_lo, 2, 1e-12, "lo");
    tu_assert_close(g.ci_hi, 8, 1e-12, "hi");
    assert_int_equal(g.n_used, 2);
    assert_int_equal(g.n_excluded, 0);

    double r2[] = {1, 0, 2, -1, NAN, 4, INFINITY};
    assert_int_equal(bdb_stats_geomean_ratios(r2, 7, 100, 7, &g), BDB_OK);
    tu_assert_close(g.geomean, 2, 1e-12, "geomean with exclusions");
    assert_int_equal(g.n_used, 3);
    assert_int_equal(g.n_excluded, 4);
    assert_int_equal(g.resamples, 100);
    assert_true(g.ci_lo >= 1 - 1e-12 && g.ci_hi <= 4 + 1e-12);

    double r3[] = {0, -2, 5};
    assert_int_equal(bdb_stats_geomean_ratios(r3, 3, 0, 7, &g), BDB_OK);
    tu_assert_close(g.geomean, 5, 1e-12, "single usable");
    assert_true(isnan(g.ci_lo));
    assert_int_equal(g.n_used, 1);
    assert_int_equal(g.n_excluded, 2);

    assert_int_equal(bdb_stats_geomean_ratios(r3, 2, 0, 7, &g), BDB_OK);
    assert_true(isnan(g.geomean));
    assert_int_equal(g.n_excluded, 2);
    assert_int_equal(bdb_stats_geomean_ratios(NULL, 0, 0, 7, &g), BDB_OK);
    assert_int_equal(g.n_used + g.n_excluded, 0);

    double same[] = {1.5, 1.5, 1.5};
    assert_int_equal(bdb_stats_geomean_ratios(same, 3, 0, 7, &g), BDB_OK);
    tu_assert_close(g.ci_lo, 1.5, 1e-12, "const lo");
    tu_assert_close(g.ci_hi, 1.5, 1e-12, "const hi");
}

/* 200 ratios exp(0.3 + l_i), l a shuffled ladder with sd s: the bootstrap
 * distribution of the mean log is close to normal with sd
 * s sqrt((n-1)/n) / sqrt(n), so each end of the interval lies 1.96 of those
 * from the mean log (within Monte Carlo error of 20000 resamples, ~1%). A
 * 90% interval (1.645) or a wrong tail would miss by > 10%. */
static void stats__geomean_bootstrap__matches_normal_theory(void **state)
{
    (void)state;
    double r[200], l[200];
    for (int i = 0; i < 200; i++)
        l[(i * 73) % 200] = 0.1 * (i - 99.5) / 57.73;
    for (int i = 0; i < 200; i++)
        r[i] = exp(0.3 + l[i]);
    bdb_summary s;
    assert_int_equal(bdb_stats_summarize(l, 200, &s), BDB_OK);
    double sdb = s.sd * sqrt(199.0 / 200) / sqrt(200);
    bdb_geomean g;
    assert_int_equal(bdb_stats_geomean_ratios(r, 200, 20000, 11, &g), BDB_OK);
    tu_assert_close(g.geomean, exp(0.3 + s.mean), 1e-12, "geomean");
    tu_assert_close((0.3 + s.mean - log(g.ci_lo)) / sdb, 1.959964, 0.04,
                    "lower end");
    tu_assert_close((log(g.ci_hi) - 0.3 - s.mean) / sdb, 1.959964, 0.04,
                    "upper end");
}

/* ---- bootstrap: selection gives the sorted version's quantiles -------- */

/* The bootstrap as it was before the quantiles were found by selection:
 * resample with the public generator, sort all the resampled statistics,
 * R's type 7 quantile. Written out here so that the faster code is checked
 * against the plain definition, value for value. */
static int cmp_dbl(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

static double ref_quantile(const double *s, size_t n, double prob)
{
    double h = (double)(n - 1) * prob;
    size_t lo = (size_t)floor(h);
    if (lo + 1 >= n)
        return s[n - 1];
    return s[lo] + (h - (double)lo) * (s[lo + 1] - s[lo]);
}

static double ref_resample_mean(bdb_stats_rng *rng, const double *x, size_t n)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += x[bdb_stats_rng_below(rng, n)];
    return sum / (double)n;
}

/* The bootstrap's draw as stats.h defines it, one draw at a time: the
 * next 32-bit half of a splitmix64 output (low half first), multiplied by
 * n; the high word is the index, unless the low word is below 2^32 mod n,
 * when the half is skipped. */
typedef struct ref_stream {
    bdb_stats_rng rng;
    uint64_t word;
    int halves;
    size_t skipped; /* halves rejected */
} ref_stream;

static uint32_t ref_draw(ref_stream *st, uint32_t n)
{
    uint32_t t = (uint32_t)((UINT64_C(1) << 32) % n);
    for (;;) {
        if (st->halves == 0) {
            st->word = bdb_stats_rng_next(&st->rng);
            st->halves = 2;
        }
        uint64_t m = (st->word & 0xffffffffu) * (uint64_t)n;
        st->word >>= 32;
        st->halves--;
        if ((uint32_t)m >= t)
            return (uint32_t)(m >> 32);
        st->skipped++;
    }
}

/* resamples means of x, in order, from the stream seeded with seed */
static void ref_means(const double *x, size_t n, size_t resamples,
                      uint64_t seed, double *means)
{
    ref_stream st = {.halves = 0};
    bdb_stats_rng_seed(&st.rng, seed);
    for (size_t k = 0; k < resamples; k++) {
        double sum = 0.0;
        for (size_t i = 0; i < n; i++)
            sum += x[ref_draw(&st, (uint32_t)n)];
        means[k] = sum / (double)n;
    }
}

/* a is resampled from the first output of splitmix64(seed), b from the
 * second; every ratio sorted; R's type 7 quantiles */
static void ref_ratio_ci(const double *a, size_t na, const double *b,
                         size_t nb, size_t resamples, uint64_t seed,
                         double *lo, double *hi)
{
    double *ma = test_malloc(resamples * sizeof *ma);
    double *mb = test_malloc(resamples * sizeof *mb);
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, seed);
    uint64_t sa = bdb_stats_rng_next(&rng), sb = bdb_stats_rng_next(&rng);
    ref_means(a, na, resamples, sa, ma);
    ref_means(b, nb, resamples, sb, mb);
    for (size_t k = 0; k < resamples; k++)
        mb[k] /= ma[k];
    qsort(mb, resamples, sizeof *mb, cmp_dbl);
    double tail = (1.0 - BDB_STATS_CONFIDENCE) / 2.0; /* as stats.c has it */
    *lo = ref_quantile(mb, resamples, tail);
    *hi = ref_quantile(mb, resamples, 1.0 - tail);
    test_free(mb);
    test_free(ma);
}

static void ref_geomean_ci(const double *r, size_t n, size_t resamples,
                           uint64_t seed, double *lo, double *hi)
{
    double *logs = test_malloc(n * sizeof *logs);
    double *m = test_malloc(resamples * sizeof *m);
    for (size_t i = 0; i < n; i++)
        logs[i] = log(r[i]);
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, seed);
    for (size_t k = 0; k < resamples; k++)
        m[k] = ref_resample_mean(&rng, logs, n);
    qsort(m, resamples, sizeof *m, cmp_dbl);
    double tail = (1.0 - BDB_STATS_CONFIDENCE) / 2.0;
    *lo = exp(ref_quantile(m, resamples, tail));
    *hi = exp(ref_quantile(m, resamples, 1.0 - tail));
    test_free(m);
    test_free(logs);
}

/* Intervals pinned bit for bit (hex floats): a change in the generator,
 * the draw or the quantile rule shows here even if the reference above
 * changed with it. The ratio intervals were derived apart from this code,
 * by a Python script that implements stats.h's definition (splitmix64,
 * 32-bit halves, Lemire's multiply-shift with rejection, sorted ratios,
 * type 7) in its own integers and floats; the geometric mean's are those
 * of the sort-based implementation, whose draws it still uses. */
static void stats__ratio_bootstrap__pinned_intervals_of_the_sorted_version(void **state)
{
    (void)state;
    double a[10], b[7], l[31];
    for (int i = 0; i < 10; i++)
        a[i] = 1000 + 37 * ((i * 7) % 10) + 0.125 * i;
    for (int i = 0; i < 7; i++)
        b[i] = 1500 - 53 * ((i * 3) % 7) + 0.5 * i;
    for (int i = 0; i < 31; i++)
        l[i] = 0.5 + ((i * 13) % 31) / 20.0;
    bdb_ratio r;
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 10, b, 7, 0, 20261130, &r), BDB_OK);
    assert_true(r.ratio == 0x1.267ba22bd7e9cp+0);
    assert_true(r.ci_lo == 0x1.0f1771888f902p+0);
    assert_true(r.ci_hi == 0x1.3edcd8102dd3cp+0);
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 10, b, 7, 999, 7, &r), BDB_OK);
    assert_true(r.ci_lo == 0x1.0f2a09ab5d216p+0);
    assert_true(r.ci_hi == 0x1.3d5024f2bbaa1p+0);
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 2, b, 2, 3, 1, &r), BDB_OK);
    assert_true(r.ratio == 0x1.41fe629d7be64p+0);
    assert_true(r.ci_lo == 0x1.4414612a7fd79p+0);
    assert_true(r.ci_hi == 0x1.7efc504816f00p+0);
    bdb_geomean g;
    assert_int_equal(bdb_stats_geomean_ratios(l, 31, 0, 20261130, &g), BDB_OK);
    assert_true(g.geomean == 0x1.2970b31d2623ap+0);
    assert_true(g.ci_lo == 0x1.01eb5975b707ap+0);
    assert_true(g.ci_hi == 0x1.55f80d7142735p+0);
}

/* Many seeds, sizes and resample counts, with spread data, heavy ties
 * (two distinct values: selection meets runs of equal pivots), constant
 * data and a far outlier (skewed resamples, whose tails are not where a
 * normal shape would put them): every interval equals the sorted
 * version's exactly. */
static void stats__ratio_bootstrap__selection_equals_sorting_on_fixed_seeds(void **state)
{
    (void)state;
    static const size_t resamples[] = {1, 2, 3, 4, 5, 39, 40, 41, 199, 2000, 2001};
    double a[64], b[64];
    size_t checked = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        bdb_stats_rng gen;
        bdb_stats_rng_seed(&gen, seed * 977);
        size_t na = 2 + (size_t)bdb_stats_rng_below(&gen, 40);
        size_t nb = 2 + (size_t)bdb_stats_rng_below(&gen, 40);
        int kind = (int)(seed % 4); /* spread, two values, constant, outlier */
        for (size_t i = 0; i < na; i++)
            a[i] = kind == 0 ? 100.0 + (double)bdb_stats_rng_below(&gen, 1000) / 7.0
                   : kind == 1 ? 1.0 + (double)bdb_stats_rng_below(&gen, 2)
                   : kind == 2 ? 3.0
                               : (i == 0 ? 1e6 : 1.0 + (double)i / 100.0);
        for (size_t i = 0; i < nb; i++)
            b[i] = kind == 0 ? 80.0 + (double)bdb_stats_rng_below(&gen, 1000) / 3.0
                   : kind == 1 ? 2.0 + (double)bdb_stats_rng_below(&gen, 2)
                   : kind == 2 ? 5.0
                               : (i == 1 ? 1e-3 : 2.0 + (double)i / 50.0);
        for (size_t k = 0; k < N_OF(resamples); k++) {
            bdb_ratio r;
            double lo, hi;
            assert_int_equal(bdb_stats_ratio_bootstrap(a, na, b, nb, resamples[k],
                                                       seed, &r),
                             BDB_OK);
            ref_ratio_ci(a, na, b, nb, resamples[k], seed, &lo, &hi);
            if (!(r.ci_lo == lo && r.ci_hi == hi))
                fail_msg("seed %llu na %zu nb %zu resamples %zu: got [%a, %a], "
                         "sorted gives [%a, %a]",
                         (unsigned long long)seed, na, nb, resamples[k], r.ci_lo,
                         r.ci_hi, lo, hi);
            bdb_geomean g;
            assert_int_equal(bdb_stats_geomean_ratios(b, nb, resamples[k], seed, &g),
                             BDB_OK);
            ref_geomean_ci(b, nb, resamples[k], seed, &lo, &hi);
            if (!(g.ci_lo == lo && g.ci_hi == hi))
                fail_msg("geomean seed %llu n %zu resamples %zu: got [%a, %a], "
                         "sorted gives [%a, %a]",
                         (unsigned long long)seed, nb, resamples[k], g.ci_lo,
                         g.ci_hi, lo, hi);
            checked++;
        }
    }
    assert_int_equal(checked, 60 * N_OF(resamples));
}

/* Ratio and score intervals over seeds, sizes and shapes (spread, two
 * values, two far apart clusters whose resamples all lie in the tails),
 * into out (room for 4 * 48 * 3 doubles). */
static size_t portable_cases(double *out)
{
    static const size_t resamples[] = {64, 2000, 2003};
    double a[40], b[40];
    size_t k = 0;
    for (uint64_t seed = 1; seed <= 48; seed++) {
        bdb_stats_rng gen;
        bdb_stats_rng_seed(&gen, seed * 131);
        size_t na = 2 + (size_t)bdb_stats_rng_below(&gen, 30);
        size_t nb = 2 + (size_t)bdb_stats_rng_below(&gen, 30);
        int kind = (int)(seed % 3);
        for (size_t i = 0; i < na; i++)
            a[i] = kind == 0 ? 100.0 + (double)bdb_stats_rng_below(&gen, 1000) / 7.0
                   : kind == 1 ? 1.0 + (double)bdb_stats_rng_below(&gen, 2)
                               : (i % 2 ? 1.0 : 1000.0);
        for (size_t i = 0; i < nb; i++)
            b[i] = kind == 0 ? 80.0 + (double)bdb_stats_rng_below(&gen, 1000) / 3.0
                   : kind == 1 ? 2.0 + (double)bdb_stats_rng_below(&gen, 2)
                               : 5.0 + (double)(i % 3);
        for (size_t r = 0; r < N_OF(resamples); r++) {
            bdb_ratio q;
            bdb_geomean g;
            if (bdb_stats_ratio_bootstrap(a, na, b, nb, resamples[r], seed, &q) ||
                bdb_stats_geomean_ratios(a, na, resamples[r], seed, &g))
                return 0;
            out[k++] = q.ci_lo;
            out[k++] = q.ci_hi;
            out[k++] = g.ci_lo;
            out[k++] = g.ci_hi;
        }
    }
    return k;
}

/* The tails of the resampled ratios are copied by AVX-512 where the CPU
 * has it and by a portable loop elsewhere (ARM boards): in a fresh
 * process of this program (the choice is made once per process) with
 * BDB_STATS_PORTABLE=1, every interval is the same, bit for bit. */
static void stats__portable_tail_copy__gives_the_same_intervals(void **state)
{
    (void)state;
    enum { N = 4 * 48 * 3 };
    static double here[N], there[N];
    assert_int_equal(portable_cases(here), N);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        if (dup2(fds[1], 1) < 0)
            _exit(126);
        setenv("BDB_STATS_PORTABLE", "1", 1);
        execl("/proc/self/exe", "test_stats", "--portable-cases", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    assert_int_equal(tu_child_bytes(pid, fds[0], there, sizeof there),
                     sizeof there);
    for (size_t i = 0; i < N; i++)
        if (memcmp(&here[i], &there[i], sizeof here[i]) != 0)
            fail_msg("case %zu: %a here, %a portable", i, here[i], there[i]);
}

/* The draw inside the bootstrap replaces the division by a multiply (and
 * bounds up to 64 by constant ones): for bounds past 64, powers of two
 * among them (where floor((2^64 - 1) / d) is one less than 2^64 / d), up
 * to a large sample, it still draws what the division draws; sizes at and
 * past a block of draws (512 a lane) sum what the serial loop sums. */
static void stats__geomean_bootstrap__large_samples_equal_sorting(void **state)
{
    (void)state;
    static const size_t sizes[] = {65, 127, 128, 511, 512, 513, 1000, 1025,
                                   4096, 70000};
    double *r = test_malloc(70000 * sizeof *r);
    for (size_t k = 0; k < N_OF(sizes); k++) {
        size_t n = sizes[k];
        for (size_t i = 0; i < n; i++)
            r[i] = 0.5 + (double)((i * 7919) % n) / (double)n;
        bdb_geomean g;
        double lo, hi;
        assert_int_equal(bdb_stats_geomean_ratios(r, n, 50, 99 + k, &g), BDB_OK);
        ref_geomean_ci(r, n, 50, 99 + k, &lo, &hi);
        if (!(g.ci_lo == lo && g.ci_hi == hi))
            fail_msg("n %zu: got [%a, %a], sorted gives [%a, %a]", n, g.ci_lo,
                     g.ci_hi, lo, hi);
        bdb_ratio rr;
        assert_int_equal(bdb_stats_ratio_bootstrap(r, n, r, n > 100 ? 100 : n,
                                                   300, 5 + k, &rr),
                         BDB_OK);
        ref_ratio_ci(r, n, r, n > 100 ? 100 : n, 300, 5 + k, &lo, &hi);
        assert_true(rr.ci_lo == lo && rr.ci_hi == hi);
    }
    test_free(r);
}

/* The index matrix is the definition's draws, index for index: with 10
 * values (no half rejected: the fast loop's indexes), and with 70,000
 * values over 2.1 million draws, where some halves are rejected (the
 * reference counts them) and the draw is redone the careful way. A
 * second draw into the same resampling reuses its room. */
static void stats__resampling_draw__is_the_defined_draws_fast_and_careful(void **state)
{
    (void)state;
    static const size_t ns[] = {10, 70000};
    static const size_t bs[] = {2000, 30};
    bdb_stats_resampling rs = {0};
    for (size_t c = 0; c < N_OF(ns); c++) {
        size_t n = ns[c], B = bs[c];
        assert_int_equal(bdb_stats_resampling_draw(&rs, n, B, 77 + c), BDB_OK);
        assert_int_equal(rs.n, n);
        assert_int_equal(rs.resamples, B);
        ref_stream st = {.halves = 0};
        bdb_stats_rng_seed(&st.rng, 77 + c);
        for (size_t i = 0; i < n * B; i++) {
            uint32_t want = ref_draw(&st, (uint32_t)n);
            if (rs.idx[i] != want)
                fail_msg("n %zu: draw %zu is %u, the definition gives %u", n,
                         i, rs.idx[i], want);
        }
        if (c == 0)
            assert_int_equal(st.skipped, 0);
        else
            assert_true(st.skipped > 0); /* the careful loop ran */
    }
    assert_int_equal(bdb_stats_resampling_draw(&rs, 0, 10, 1), BDB_EUSAGE);
    assert_int_equal(bdb_stats_resampling_draw(NULL, 3, 10, 1), BDB_EUSAGE);
    /* 0 resamples is the default */
    assert_int_equal(bdb_stats_resampling_draw(&rs, 3, 0, 1), BDB_OK);
    assert_int_equal(rs.resamples, BDB_STATS_BOOTSTRAP_DEFAULT);
    bdb_stats_resampling_free(&rs);
    assert_null(rs.idx);
}

/* Every index of 3 is drawn a third of the time (300,000 draws: the
 * standard error of a share is 0.09%, the tolerance 0.5%), and 2 draws
 * of 2 give every pair: nothing is stuck. */
static void stats__resampling_draw__is_uniform(void **state)
{
    (void)state;
    bdb_stats_resampling rs = {0};
    assert_int_equal(bdb_stats_resampling_draw(&rs, 3, 100000, 5), BDB_OK);
    size_t count[3] = {0};
    for (size_t i = 0; i < 300000; i++) {
        assert_true(rs.idx[i] < 3);
        count[rs.idx[i]]++;
    }
    for (int v = 0; v < 3; v++)
        tu_assert_close((double)count[v] / 300000.0, 1.0 / 3.0, 0.015, "share");
    assert_int_equal(bdb_stats_resampling_draw(&rs, 2, 1000, 6), BDB_OK);
    size_t pairs[4] = {0};
    for (size_t k = 0; k < 1000; k++)
        pairs[rs.idx[2 * k] * 2 + rs.idx[2 * k + 1]]++;
    for (int v = 0; v < 4; v++)
        assert_true(pairs[v] > 180 && pairs[v] < 320);
    bdb_stats_resampling_free(&rs);
}

/* What a report does per series (resample the baseline once, pair its
 * means with each cell's) gives what the one-comparison function gives
 * for the same seed, bit for bit. */
static void stats__ratio_interval__pieces_equal_ratio_bootstrap(void **state)
{
    (void)state;
    double a[12], b[9];
    for (int i = 0; i < 12; i++)
        a[i] = 50.0 + (double)((i * 5) % 12);
    for (int i = 0; i < 9; i++)
        b[i] = 40.0 + 2.0 * (double)((i * 4) % 9);
    uint64_t sa, sb;
    bdb_stats_ratio_seeds(99, &sa, &sb);
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, 99);
    assert_true(sa == bdb_stats_rng_next(&rng));
    assert_true(sb == bdb_stats_rng_next(&rng));
    bdb_stats_resampling ra = {0}, rb = {0};
    double ma[2000], mb[2000], scratch[4000], lo, hi;
    assert_int_equal(bdb_stats_resampling_draw(&ra, 12, 2000, sa), BDB_OK);
    assert_int_equal(bdb_stats_resampling_draw(&rb, 9, 2000, sb), BDB_OK);
    assert_int_equal(bdb_stats_resampled_means(&ra, a, ma), BDB_OK);
    assert_int_equal(bdb_stats_resampled_means(&rb, b, mb), BDB_OK);
    assert_int_equal(bdb_stats_ratio_interval(ma, mb, 2000, scratch, &lo, &hi),
                     BDB_OK);
    bdb_ratio r;
    assert_int_equal(bdb_stats_ratio_bootstrap(a, 12, b, 9, 2000, 99, &r), BDB_OK);
    assert_true(r.ci_lo == lo && r.ci_hi == hi);
    /* the means are those of the drawn values, in draw order */
    for (size_t k = 0; k < 2000; k += 397) {
        double sum = 0.0;
        for (size_t i = 0; i < 9; i++)
            sum += b[rb.idx[k * 9 + i]];
        assert_true(mb[k] == sum / 9.0);
    }
    assert_int_equal(bdb_stats_ratio_interval(ma, mb, 0, scratch, &lo, &hi),
                     BDB_OK);
    assert_true(isnan(lo) && isnan(hi));
    assert_int_equal(bdb_stats_ratio_interval(NULL, mb, 5, scratch, &lo, &hi),
                     BDB_EUSAGE);
    bdb_stats_resampling_free(&ra);
    bdb_stats_resampling_free(&rb);
}

/* Many samples sharing one set of indexes (a series' cells against its
 * baseline) get the means each would get alone, bit for bit: for one
 * sample, a group of 8, groups and a remainder, resample counts that are
 * not a multiple of 4, and more values than fit on the stack. */
static void stats__resampled_means_many__equal_one_at_a_time(void **state)
{
    (void)state;
    static const size_t ns[] = {2, 10, 65, 130};
    static const size_t ms[] = {1, 3, 8, 9, 17};
    static const size_t Bs[] = {1, 7, 2000};
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, 4242);
    for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++) {
        size_t n = ns[ni];
        for (size_t bi = 0; bi < sizeof Bs / sizeof *Bs; bi++) {
            size_t B = Bs[bi];
            bdb_stats_resampling rs = {0};
            assert_int_equal(bdb_stats_resampling_draw(&rs, n, B, 17 + n + B),
                             BDB_OK);
            for (size_t mi = 0; mi < sizeof ms / sizeof *ms; mi++) {
                size_t m = ms[mi];
                double *vals = malloc(m * n * sizeof *vals);
                const double **xs = malloc(m * sizeof *xs);
                double *many = malloc(m * B * sizeof *many);
                double *one = malloc(B * sizeof *one);
                assert_non_null(vals);
                assert_non_null(xs);
                assert_non_null(many);
                assert_non_null(one);
                /* values whose sums round differently in another order */
                for (size_t i = 0; i < m * n; i++)
                    vals[i] = 1.0 + (double)(bdb_stats_rng_next(&rng) >> 11) *
                                        0x1p-30;
                for (size_t j = 0; j < m; j++)
                    xs[j] = vals + j * n;
                assert_int_equal(bdb_stats_resampled_means_many(&rs, xs, m, many),
                                 BDB_OK);
                for (size_t j = 0; j < m; j++) {
                    assert_int_equal(bdb_stats_resampled_means(&rs, xs[j], one),
                                     BDB_OK);
                    assert_memory_equal(one, many + j * B, B * sizeof *one);
                }
                free(vals);
                free(xs);
                free(many);
                free(one);
            }
            bdb_stats_resampling_free(&rs);
        }
    }
    bdb_stats_resampling rs = {0};
    double x[2] = {1.0, 2.0}, out[8];
    const double *xs[2] = {x, NULL};
    assert_int_equal(bdb_stats_resampling_draw(&rs, 2, 4, 1), BDB_OK);
    assert_int_equal(bdb_stats_resampled_means_many(&rs, xs, 2, out),
                     BDB_EUSAGE);
    assert_int_equal(bdb_stats_resampled_means_many(NULL, xs, 1, out),
                     BDB_EUSAGE);
    assert_int_equal(bdb_stats_resampled_means_many(&rs, xs, 0, NULL), BDB_OK);
    bdb_stats_resampling_free(&rs);
}

/* A standard normal draw from the generator (Box-Muller), for the
 * coverage test's samples. */
static double normal_draw(bdb_stats_rng *rng)
{
    double u1 = ((double)(bdb_stats_rng_next(rng) >> 11) + 1.0) * 0x1p-53;
    double u2 = (double)(bdb_stats_rng_next(rng) >> 11) * 0x1p-53;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
}

/* Coverage: samples of 20 from N(100, 10) and N(150, 15), whose true
 * ratio of means is 1.5. Over 500 fixed seeds the 95% interval holds
 * 1.5 about 95% of the time (94.2% here; the percentile interval runs a
 * little short for 20 values), and misses about as often on each side.
 * With only one sample resampled the coverage falls to 82.8% on the same
 * seeds, outside the bounds. The seeds are fixed, so the test gives the
 * same count every run. */
static void stats__ratio_bootstrap__covers_the_true_ratio_about_95_percent(void **state)
{
    (void)state;
    const size_t trials = 500, n = 20;
    size_t covered = 0, below = 0, above = 0;
    for (size_t t = 0; t < trials; t++) {
        bdb_stats_rng gen;
        bdb_stats_rng_seed(&gen, 1000003 * (t + 1));
        double a[20], b[20];
        for (size_t i = 0; i < n; i++) {
            a[i] = 100.0 + 10.0 * normal_draw(&gen);
            b[i] = 150.0 + 15.0 * normal_draw(&gen);
        }
        bdb_ratio r;
        assert_int_equal(bdb_stats_ratio_bootstrap(a, n, b, n, 0, t, &r), BDB_OK);
        if (r.ci_hi < 1.5)
            below++;
        else if (r.ci_lo > 1.5)
            above++;
        else
            covered++;
    }
    double share = (double)covered / (double)trials;
    if (!(share > 0.89 && share < 0.975))
        fail_msg("coverage %.3f (%zu below, %zu above)", share, below, above);
    assert_true(below < trials / 14 && above < trials / 14);
}

static int same_double(double a, double b)
{
    return (isnan(a) && isnan(b)) || a == b;
}

/* A distribution made once for the sizes gives what the test makes for
 * itself, field for field, with and without ties (where the normal
 * approximation does not use it); the sizes it refuses are refused. */
static void stats__mann_whitney_dist__same_result_as_made_each_time(void **state)
{
    (void)state;
    static const size_t sizes[][2] = {{1, 1}, {2, 3}, {5, 5}, {10, 10}, {10, 7}, {49, 3}};
    for (size_t k = 0; k < N_OF(sizes); k++) {
        size_t na = sizes[k][0], nb = sizes[k][1];
        double *dist = bdb_stats_mw_exact_dist(na, nb);
        assert_non_null(dist);
        for (int ties = 0; ties < 2; ties++) {
            double a[64], b[64];
            for (size_t i = 0; i < na; i++)
                a[i] = ties ? (double)(i % 3) : 1.0 + 0.37 * (double)i;
            for (size_t i = 0; i < nb; i++)
                b[i] = ties ? (double)(i % 2) : 1.1 + 0.41 * (double)i;
            bdb_utest x, y;
            assert_int_equal(bdb_stats_mann_whitney(a, na, b, nb, &x), BDB_OK);
            assert_int_equal(bdb_stats_mann_whitney_dist(a, na, b, nb, dist, &y),
                             BDB_OK);
            assert_int_equal(x.status, y.status);
            assert_int_equal(x.method, y.method);
            assert_int_equal(x.ties, y.ties);
            assert_true(same_double(x.u, y.u) && same_double(x.z, y.z) &&
                        same_double(x.p, y.p) && same_double(x.p_min, y.p_min));
            if (!ties && na > 1)
                assert_int_equal(y.method, BDB_MW_EXACT);
        }
        free(dist);
    }
    assert_null(bdb_stats_mw_exact_dist(0, 3));
    assert_null(bdb_stats_mw_exact_dist(50, 3));
}


/* The per-n constants computed once give the summary computed each time,
 * field for field, for every n up to 300 (odd and even, the n <= 5 cases
 * whose median interval is min..max, n = 0 and 1). */
static void stats__summarize_with__equals_summarize_for_every_n(void **state)
{
    (void)state;
    double x[300];
    for (size_t i = 0; i < 300; i++)
        x[i] = 10.0 + (double)((i * 37) % 101) / 9.0;
    for (size_t n = 0; n <= 300; n++) {
        bdb_summary a, b;
        bdb_summary_consts c;
        assert_int_equal(bdb_stats_summary_consts(n, &c), BDB_OK);
        assert_int_equal(bdb_stats_summarize(x, n, &a), BDB_OK);
        assert_int_equal(bdb_stats_summarize_with(x, n, &c, &b), BDB_OK);
        assert_int_equal(a.n, b.n);
        if (!(same_double(a.mean, b.mean) && same_double(a.median, b.median) &&
              same_double(a.sd, b.sd) && same_double(a.cv, b.cv) &&
              same_double(a.min, b.min) && same_double(a.max, b.max) &&
              same_double(a.mean_ci_lo, b.mean_ci_lo) &&
              same_double(a.mean_ci_hi, b.mean_ci_hi) &&
              same_double(a.median_ci_lo, b.median_ci_lo) &&
              same_double(a.median_ci_hi, b.median_ci_hi) &&
              same_double(a.median_ci_level, b.median_ci_level)))
            fail_msg("n %zu: summaries differ", n);
    }
    /* constants of another n are refused, not misused */
    bdb_summary_consts c;
    bdb_summary out;
    assert_int_equal(bdb_stats_summary_consts(10, &c), BDB_OK);
    assert_int_equal(bdb_stats_summarize_with(x, 11, &c, &out), BDB_EUSAGE);
}

/* Welch's test without the interval: the same statistic, df and p as the
 * full test on R's sleep data (and the interval left NaN). */
static void stats__welch_test__same_p_without_the_interval(void **state)
{
    (void)state;
    bdb_ttest full, lean;
    assert_int_equal(bdb_stats_welch(sleep1, 10, sleep2, 10, &full), BDB_OK);
    assert_int_equal(bdb_stats_welch_test(sleep1, 10, sleep2, 10, &lean), BDB_OK);
    assert_int_equal(lean.status, BDB_TEST_OK);
    assert_true(lean.t == full.t && lean.df == full.df && lean.p == full.p);
    assert_true(lean.diff == full.diff);
    assert_true(isfinite(full.diff_ci_lo));
    assert_true(isnan(lean.diff_ci_lo) && isnan(lean.diff_ci_hi));
}

/* Throughput 100 -> 150 is a 1.5x speedup; latency 10 ms -> 5 ms is 2x
 * (a/b); >1 always means b is better. */
static void stats__orient__makes_above_one_mean_b_is_better(void **state)
{
    (void)state;
    tu_assert_close(bdb_stats_speedup(100, 150, 1), 1.5, 1e-15, "higher");
    tu_assert_close(bdb_stats_speedup(0.010, 0.005, -1), 2.0, 1e-15, "lower");
    tu_assert_close(bdb_stats_speedup(0.010, 0.020, -1), 0.5, 1e-15, "slower");
    tu_assert_close(bdb_stats_speedup(4, 6, 0), 1.5, 1e-15, "neutral");
    tu_assert_close(bdb_stats_orient(0.8, -1), 1.25, 1e-15, "orient");
    assert_true(isnan(bdb_stats_speedup(0, 5, 1)));
    assert_true(isnan(bdb_stats_orient(-1, 1)));
    assert_true(isnan(bdb_stats_orient(NAN, -1)));
    double lo = 0.5, hi = 0.8;
    bdb_stats_orient_interval(&lo, &hi, -1);
    tu_assert_close(lo, 1.25, 1e-15, "lo");
    tu_assert_close(hi, 2.0, 1e-15, "hi");
    lo = 0.5, hi = 0.8;
    bdb_stats_orient_interval(&lo, &hi, 1);
    assert_true(lo == 0.5 && hi == 0.8);
}


/* ---- the decision rule (decide.c) ------------------------------------ */

/* a = 1000 e^u, b = 1000 e^(u + d) with u = -0.02 .. 0.02: the log
 * values have variance 2.5e-4 on both sides, so Welch's se of the
 * difference is sqrt(2 * 2.5e-4 / 5) = 0.01 exactly, df = 8, and the 95%
 * interval of new/old is e^d * e^(+-t) with t = qt(0.975, 8) * 0.01 =
 * 0.02306004135 (2.306004135 from any t table). */
static void fill_logs(double *a, double *b, double d)
{
    static const double u[] = {-0.02, -0.01, 0, 0.01, 0.02};
    for (size_t i = 0; i < 5; i++) {
        a[i] = 1000 * exp(u[i]);
        b[i] = 1000 * exp(u[i] + d);
    }
}

static void decide__welch_on_logs__interval_and_floor(void **state)
{
    (void)state;
    double a[5], b[5];
    bdb_decide r;
    const double h = 2.306004135 * 0.01;
    /* halved throughput: the whole interval beyond -5% */
    fill_logs(a, b, log(0.5));
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.method, BDB_DECIDE_WELCH_LOG);
    tu_assert_close(r.ratio, 0.5, 1e-12, "ratio");
    tu_assert_close(r.df, 8, 1e-9, "df");
    tu_assert_close(r.lo, 0.5 * exp(-h), 1e-8, "lo");
    tu_assert_close(r.hi, 0.5 * exp(h), 1e-8, "hi");
    assert_int_equal(r.verdict, BDB_DECIDE_WORSE);
    /* the same halving of a time is an improvement */
    assert_int_equal(bdb_decide_two(a, 5, b, 5, -1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_BETTER);
    /* a count: changed, neither way */
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 0, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_CHANGED);
    /* -4%: certain (hi = 0.96 e^h = 0.9824 < 1) but under the 5% floor */
    fill_logs(a, b, log(0.96));
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_SAME);
    bdb_decide_opts o = {.threshold = 0, .level = 0};
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, &o, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_WORSE);
    o.threshold = 0.03;     /* hi 0.9824 is not below 0.97 */
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, &o, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_SAME);
    /* +10% of a throughput: lo = 1.1 e^-h = 1.0749 > 1.05 */
    fill_logs(a, b, log(1.1));
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_BETTER);
    /* a 99.99% interval is wider: t(0.99995, 8), about 7.1, gives
     * lo = 1.1 e^-0.071 = 1.02 < 1.05 */
    o.threshold = -1;
    o.level = 0.9999;
    assert_int_equal(bdb_decide_two(a, 5, b, 5, 1, &o, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_SAME);
}

/* One value on one side: Student's pooled interval with the other side's
 * variance, se = sqrt(2.5e-4 (1 + 1/5)) = sqrt(3e-4), df = 4,
 * qt(0.975, 4) = 2.776445105. One value on each side: no decision. */
static void decide__one_value_a_side__pooled_or_untested(void **state)
{
    (void)state;
    double a[5], b[5];
    bdb_decide r;
    fill_logs(a, b, log(0.5));
    double one = 1000;
    assert_int_equal(bdb_decide_two(&one, 1, b, 5, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.method, BDB_DECIDE_STUDENT_LOG);
    tu_assert_close(r.df, 4, 1e-12, "df");
    double h = 2.776445105 * sqrt(3e-4);
    tu_assert_close(r.lo, 0.5 * exp(-h), 1e-8, "lo");
    tu_assert_close(r.hi, 0.5 * exp(h), 1e-8, "hi");
    assert_int_equal(r.verdict, BDB_DECIDE_WORSE);
    /* the new side alone: the same interval, reversed roles */
    assert_int_equal(bdb_decide_two(a, 5, &b[2], 1, 1, NULL, &r), BDB_OK);
    tu_assert_close(r.hi, 0.5 * exp(h), 1e-8, "hi, one new value");
    assert_int_equal(r.verdict, BDB_DECIDE_WORSE);
    double x = 1000, y = 500;
    assert_int_equal(bdb_decide_two(&x, 1, &y, 1, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_UNTESTED);
    tu_assert_close(r.ratio, 0.5, 1e-12, "ratio of one value each");
    assert_true(isnan(r.lo) && isnan(r.hi));
    assert_int_equal(bdb_decide_two(&x, 1, NULL, 0, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_UNTESTED);
    assert_true(isnan(r.ratio));
}

/* Zeros have no logarithm: Welch on the raw values, relative to the old
 * mean. a = 1,2,3 (mean 2, var 1), b = 0,0,0: se = sqrt(1/3), df = 2,
 * qt(0.975, 2) = 4.302652730; the interval of new/old is
 * 1 + (-2 -+ 4.302652730 sqrt(1/3)) / 2 = [-1.242, 1.242]: its upper end
 * is above 0.95, so it is not decided worse. */
static void decide__zeros_and_constants__raw_welch_and_exact_intervals(void **state)
{
    (void)state;
    const double a[] = {1, 2, 3}, zeros[] = {0, 0, 0};
    bdb_decide r;
    assert_int_equal(bdb_decide_two(a, 3, zeros, 3, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.method, BDB_DECIDE_WELCH_RAW);
    tu_assert_close(r.df, 2, 1e-12, "df");
    double h = 4.302652730 * sqrt(1.0 / 3);
    tu_assert_close(r.hi, 1 + (-2 + h) / 2, 1e-8, "hi");
    tu_assert_close(r.lo, 1 + (-2 - h) / 2, 1e-8, "lo");
    assert_int_equal(r.verdict, BDB_DECIDE_SAME);
    /* an old side of zeros has no ratio */
    assert_int_equal(bdb_decide_two(zeros, 3, a, 3, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_UNTESTED);
    /* both sides constant: the interval is the point, decided by it */
    const double ten[] = {10, 10}, five[] = {5, 5};
    assert_int_equal(bdb_decide_two(ten, 2, five, 2, 1, NULL, &r), BDB_OK);
    tu_assert_close(r.lo, 0.5, 1e-12, "constant lo");
    tu_assert_close(r.hi, 0.5, 1e-12, "constant hi");
    assert_int_equal(r.verdict, BDB_DECIDE_WORSE);
    assert_int_equal(bdb_decide_two(ten, 2, ten, 2, 1, NULL, &r), BDB_OK);
    assert_int_equal(r.verdict, BDB_DECIDE_SAME);
    /* refused input */
    const double bad[] = {1, NAN};
    assert_int_equal(bdb_decide_two(bad, 2, a, 3, 1, NULL, &r), BDB_ERANGE);
    assert_int_equal(bdb_decide_two(NULL, 2, a, 3, 1, NULL, &r), BDB_EUSAGE);
    assert_int_equal(bdb_decide_two(a, 3, a, 3, 1, NULL, NULL), BDB_EUSAGE);
    char text[512];
    bdb_decide_rule_text(NULL, text, sizeof text);
    assert_non_null(strstr(text, "95% interval"));
    assert_non_null(strstr(text, "beyond 5%"));
    assert_string_equal(bdb_decide_mark(BDB_DECIDE_WORSE), "-");
    assert_string_equal(bdb_decide_mark(BDB_DECIDE_UNTESTED), "?");
}

/* ---- change points (changepoint.c) ----------------------------------- */

static void one_value_points(const double *x, size_t n, const double **v,
                             size_t *cnt)
{
    for (size_t k = 0; k < n; k++) {
        v[k] = &x[k];
        cnt[k] = 1;
    }
}

/* The history: ten sets of one run, GET op/s halved at the sixth
 * (17.3k .. 16.4k, then 8.23k .. 9.43k); and a flat one. */
static void changepoint__one_run_per_set_step__found_at_the_sixth(void **state)
{
    (void)state;
    const double step[] = {17300, 17000, 17900, 16800, 16400,
                           8230, 8870, 9060, 9350, 9430};
    const double flat[] = {17300, 17000, 17900, 16800, 16400,
                           17100, 17500, 16900, 17200, 17000};
    const double *v[10];
    size_t cnt[10], n;
    bdb_cp *cp;
    one_value_points(step, 10, v, cnt);
    assert_int_equal(bdb_changepoints(v, cnt, 10, NULL, &cp, &n), BDB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(cp[0].index, 5);
    tu_assert_close(cp[0].mean_before, 17080, 1e-12, "mean before");
    tu_assert_close(cp[0].mean_after, 8988, 1e-12, "mean after");
    tu_assert_close(cp[0].magnitude, 17080.0 / 8988 - 1, 1e-12, "magnitude");
    assert_true(cp[0].p < 1e-6);
    free(cp);
    one_value_points(flat, 10, v, cnt);
    assert_int_equal(bdb_changepoints(v, cnt, 10, NULL, &cp, &n), BDB_OK);
    assert_int_equal(n, 0);
    assert_null(cp);
}

/* Student's t of 1,2,3 against 7,8,9: pooled variance 1, se =
 * sqrt(2/3), t = 6 / 0.8165 = 7.348, df 4: p = 0.00183 (2 * (1 -
 * pt(7.348469, 4)), by the closed form of the t CDF at df 4). It is
 * above max_p 0.001, so no point; at max_p 0.01 it is one. */
static void changepoint__t_test_p__decides_against_max_p(void **state)
{
    (void)state;
    const double x[] = {1, 2, 3, 7, 8, 9};
    const double *v[6];
    size_t cnt[6], n;
    bdb_cp *cp;
    one_value_points(x, 6, v, cnt);
    assert_int_equal(bdb_changepoints(v, cnt, 6, NULL, &cp, &n), BDB_OK);
    assert_int_equal(n, 0);
    bdb_cp_opts o = {.window = 0, .max_p = 0.01, .min_magnitude = -1};
    assert_int_equal(bdb_changepoints(v, cnt, 6, &o, &cp, &n), BDB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(cp[0].index, 3);
    /* closed form at df 4: P(T <= t) = 1/2 + x(1 + ... ) with
     * x = t / sqrt(4 + t^2): F = 1/2 + x (3 - x^2) / 4 */
    double t = 6 / sqrt(2.0 / 3), xx = t / sqrt(4 + t * t);
    double p = 2 * (1 - (0.5 + xx * (3 - xx * xx) / 4));
    tu_assert_close(cp[0].p, p, 1e-9, "p");
    free(cp);
}

/* Several values per set all count: three sets of 3 runs before and
 * after a 10% drop, with 1% noise; the floor keeps a 3% step out. */
static void changepoint__sets_of_several_runs_and_the_floor(void **state)
{
    (void)state;
    double vals[8][3];
    const double *v[8];
    size_t cnt[8], n;
    static const double noise[] = {-0.01, 0, 0.01};
    for (size_t k = 0; k < 8; k++) {
        for (size_t i = 0; i < 3; i++)
            vals[k][i] = (k < 4 ? 100 : 90) * (1 + noise[(i + k) % 3]);
        v[k] = vals[k];
        cnt[k] = 3;
    }
    bdb_cp *cp;
    assert_int_equal(bdb_changepoints(v, cnt, 8, NULL, &cp, &n), BDB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(cp[0].index, 4);
    tu_assert_close(cp[0].mean_after / cp[0].mean_before, 0.9, 1e-12, "shift");
    free(cp);
    for (size_t k = 4; k < 8; k++)
        for (size_t i = 0; i < 3; i++)
            vals[k][i] = 97 * (1 + noise[(i + k) % 3]);
    assert_int_equal(bdb_changepoints(v, cnt, 8, NULL, &cp, &n), BDB_OK);
    assert_int_equal(n, 0);
    bdb_cp_opts o = {.window = 0, .max_p = 0, .min_magnitude = 0};
    assert_int_equal(bdb_changepoints(v, cnt, 8, &o, &cp, &n), BDB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(cp[0].index, 4);
    free(cp);
}

/* Two steps in a long history seen through windows of 20 sets: 120
 * points at 100, 130 from the 50th, back to 100 from the 95th, with a
 * +-1% pattern of noise; an empty point is skipped. */
static void changepoint__windows_find_each_step_of_a_long_history(void **state)
{
    (void)state;
    double x[120];
    const double *v[120];
    size_t cnt[120], n;
    for (size_t k = 0; k < 120; k++)
        x[k] = (k >= 50 && k < 95 ? 130 : 100) * (1 + 0.01 * (double)((k * 7) % 3) - 0.01);
    one_value_points(x, 120, v, cnt);
    cnt[10] = 0;
    bdb_cp_opts o = {.window = 20, .max_p = 0, .min_magnitude = -1};
    bdb_cp *cp;
    assert_int_equal(bdb_changepoints(v, cnt, 120, &o, &cp, &n), BDB_OK);
    assert_int_equal(n, 2);
    assert_int_equal(cp[0].index, 50);
    assert_int_equal(cp[1].index, 95);
    free(cp);
    x[3] = NAN;
    assert_int_equal(bdb_changepoints(v, cnt, 120, &o, &cp, &n), BDB_ERANGE);
    assert_int_equal(bdb_changepoints(NULL, cnt, 120, &o, &cp, &n), BDB_EUSAGE);
    assert_int_equal(bdb_changepoints(v, cnt, 0, &o, &cp, &n), BDB_OK);
    assert_int_equal(n, 0);
}

/* test_stats --portable-cases: portable_cases' doubles on stdout (the
 * child of stats__portable_tail_copy__gives_the_same_intervals). */
static int print_portable_cases(void)
{
    static double out[4 * 48 * 3];
    size_t k = portable_cases(out);
    if (k != N_OF(out))
        return 1;
    return fwrite(out, sizeof out, 1, stdout) == 1 && fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--portable-cases") == 0)
        return print_portable_cases();

    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stats__t_quantile_975__matches_published_table),
        cmocka_unit_test(stats__t_quantile__matches_closed_forms_in_the_tails),
        cmocka_unit_test(stats__t_quantile_large_df__matches_cornish_fisher),
        cmocka_unit_test(stats__t_cdf_and_beta__match_closed_forms),
        cmocka_unit_test(stats__summarize_sleep_group__matches_r_t_test),
        cmocka_unit_test(stats__median_ci__picks_binomial_order_statistics),
        cmocka_unit_test(stats__summarize_edge_cases__n0_n1_constant_ties_nan),
        cmocka_unit_test(stats__outliers_mad__uses_modified_z_above_3_5),
        cmocka_unit_test(stats__outliers_mad__edge_cases),
        cmocka_unit_test(stats__welch_on_r_sleep_data__matches_published_p),
        cmocka_unit_test(stats__welch_on_textbook_data__matches_published_p),
        cmocka_unit_test(stats__welch_edge_cases__too_few_and_zero_variance),
        cmocka_unit_test(stats__mann_whitney_exact__matches_enumeration),
        cmocka_unit_test(stats__mann_whitney_on_r_example__matches_published_p),
        cmocka_unit_test(stats__mann_whitney_with_ties__matches_r_normal_approx),
        cmocka_unit_test(stats__mann_whitney_min_sizes__reports_too_few),
        cmocka_unit_test(stats__mann_whitney_edge_cases__all_equal_large_nan),
        cmocka_unit_test(stats__holm_and_bh__match_hand_computed_values),
        cmocka_unit_test(stats__corrections_edge_cases__ties_n0_nan),
        cmocka_unit_test(stats__rng_splitmix64__matches_reference_vector),
        cmocka_unit_test(stats__ratio_bootstrap__is_reproducible_and_sized_right),
        cmocka_unit_test(stats__ratio_bootstrap_edge_cases),
        cmocka_unit_test(stats__geomean_ratios__excludes_and_counts_unusable),
        cmocka_unit_test(stats__geomean_bootstrap__matches_normal_theory),
        cmocka_unit_test(stats__ratio_bootstrap__pinned_intervals_of_the_sorted_version),
        cmocka_unit_test(stats__ratio_bootstrap__selection_equals_sorting_on_fixed_seeds),
        cmocka_unit_test(stats__geomean_bootstrap__large_samples_equal_sorting),
        cmocka_unit_test(stats__resampling_draw__is_the_defined_draws_fast_and_careful),
        cmocka_unit_test(stats__resampling_draw__is_uniform),
        cmocka_unit_test(stats__ratio_interval__pieces_equal_ratio_bootstrap),
        cmocka_unit_test(stats__resampled_means_many__equal_one_at_a_time),
        cmocka_unit_test(stats__portable_tail_copy__gives_the_same_intervals),
        cmocka_unit_test(stats__ratio_bootstrap__covers_the_true_ratio_about_95_percent),
        cmocka_unit_test(stats__mann_whitney_dist__same_result_as_made_each_time),
        cmocka_unit_test(stats__summarize_with__equals_summarize_for_every_n),
        cmocka_unit_test(stats__welch_test__same_p_without_the_interval),
        cmocka_unit_test(stats__orient__makes_above_one_mean_b_is_better),
        cmocka_unit_test(decide__welch_on_logs__interval_and_floor),
        cmocka_unit_test(decide__one_value_a_side__pooled_or_untested),
        cmocka_unit_test(decide__zeros_and_constants__raw_welch_and_exact_intervals),
        cmocka_unit_test(changepoint__one_run_per_set_step__found_at_the_sixth),
        cmocka_unit_test(changepoint__t_test_p__decides_against_max_p),
        cmocka_unit_test(changepoint__sets_of_several_runs_and_the_floor),
        cmocka_unit_test(changepoint__windows_find_each_step_of_a_long_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
