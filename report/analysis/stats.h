/* stats.h - the statistics the report engine computes across repetitions:
 * descriptive summaries with confidence intervals, MAD outliers, Welch's t
 * and Mann-Whitney U tests, Holm and Benjamini-Hochberg corrections, ratios
 * with bootstrap intervals and geometric means of ratios.
 *
 * Pure functions: no I/O, no SQL, no global state, nothing beyond libm.
 * Functions that can fail return BDB_OK (0) or a negative BDB_E* code from
 * bdb_error.h; a quantity that exists but cannot be computed from the data
 * given (a standard deviation of one value) is NaN, never a made-up number.
 *
 * Input values must be finite: a NaN or an infinity in a sample is refused
 * with BDB_ERANGE (a NaN would silently poison every sort and sum). The one
 * exception is bdb_stats_geomean_ratios, whose contract is to exclude and
 * count unusable ratios. A NULL pointer where data is required (n > 0) is
 * BDB_EUSAGE. */
#ifndef BDB_STATS_H
#define BDB_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Confidence level of every interval this module computes. */
#define BDB_STATS_CONFIDENCE 0.95
/* Significance level used to decide a test "cannot reach significance". */
#define BDB_STATS_ALPHA 0.05
/* Resamples used by the bootstrap functions when the caller passes 0. */
#define BDB_STATS_BOOTSTRAP_DEFAULT 2000
/* Mann-Whitney uses the exact distribution of U when both samples have fewer
 * than this many values and there are no ties (the rule of R's wilcox.test). */
#define BDB_STATS_MW_EXACT_LIMIT 50
/* Iglewicz-Hoaglin cut-off for the modified z-score. */
#define BDB_STATS_OUTLIER_Z 3.5

/* ---- distributions --------------------------------------------------- */

/* Regularized incomplete beta function I_x(a, b), by Lentz's continued
 * fraction (Numerical Recipes' betacf) with the symmetry I_x(a,b) =
 * 1 - I_{1-x}(b,a) so the fraction always converges fast.
 * Returns NaN when a <= 0, b <= 0, x outside [0, 1] or any argument is NaN;
 * 0 at x = 0 and 1 at x = 1. Relative accuracy about 1e-13. */
double bdb_stats_beta_inc(double a, double b, double x);

/* Cumulative distribution function of Student's t with df degrees of
 * freedom (df real, > 0) at t. t may be +-INFINITY (gives 1 or 0).
 * Returns NaN when df <= 0 or an argument is NaN. */
double bdb_stats_t_cdf(double t, double df);

/* Quantile (inverse CDF) of Student's t: the t with t_cdf(t, df) = p.
 * p in (0, 1), df > 0 and real (Welch's df is fractional). Solved by
 * safeguarded Newton/bisection on the tail probability computed with
 * bdb_stats_beta_inc. Relative accuracy (checked against 40-digit mpmath
 * for df 0.3 .. 1e6, p 1e-12 .. 1 - 1e-6) better than 1e-11; beyond
 * df = 1e6 the continued fraction's rounding grows about linearly with df
 * (2e-10 at 1e7, 4e-9 at 1e9), still far inside what any report prints.
 * p = 0 gives -INFINITY, p = 1 +INFINITY; NaN for p outside [0, 1],
 * df <= 0 or NaN arguments. */
double bdb_stats_t_quantile(double p, double df);

/* Standard normal cumulative distribution function (via erfc). */
double bdb_stats_normal_cdf(double z);

/* ---- descriptive summary --------------------------------------------- */

typedef struct bdb_summary {
    size_t n;
    double mean;
    double median;        /* mean of the two middle values when n is even */
    double sd;            /* sample standard deviation (divisor n - 1) */
    double cv;            /* sd / mean; NaN when mean == 0 or sd is NaN */
    double min, max;
    double mean_ci_lo;    /* mean -+ t(0.975, n-1) * sd / sqrt(n) */
    double mean_ci_hi;
    /* Distribution-free interval for the median: order statistics
     * x(k) .. x(n+1-k) (1-based, sorted), with the largest k whose binomial
     * coverage 1 - 2 * P(Bin(n, 1/2) <= k-1) is >= 95%, as Go's benchstat.
     * When even k = 1 (min .. max) covers less than 95% (n <= 5), the
     * interval is min .. max and median_ci_level says how much it covers
     * (n=5: 0.9375, n=2: 0.5). The caller should show that level. */
    double median_ci_lo;
    double median_ci_hi;
    double median_ci_level; /* actual coverage, e.g. 0.978515625 for n=10 */
} bdb_summary;

/* Summarizes x[0..n-1] (the order of x does not matter, x is not modified).
 *
 * n = 0: returns BDB_OK with out->n = 0 and every other field NaN.
 * n = 1: mean = median = min = max = x[0]; sd, cv and both intervals NaN,
 *        median_ci_level 0 (one value gives no interval).
 * Zero variance (all values equal, n >= 2): sd = 0, cv = 0 (NaN if the
 *        mean is 0), the mean interval collapses to [mean, mean].
 * Ties are harmless: order statistics are taken from the sorted copy.
 * Returns BDB_EUSAGE if out is NULL or x is NULL with n > 0, BDB_ERANGE if
 * a value is not finite (out is then filled with NaN and n), BDB_ENOMEM if
 * the sorted copy cannot be allocated. */
int bdb_stats_summarize(const double *x, size_t n, bdb_summary *out);

/* What bdb_stats_summarize derives from n alone: t(0.975, n - 1) for the
 * mean's interval and the order-statistic rank k and coverage of the
 * median's (see bdb_summary). A report summarises thousands of cells
 * with the same n, and these are most of a summary's cost. */
typedef struct bdb_summary_consts {
    size_t n;
    double t;       /* NaN for n < 2 */
    size_t k;       /* 0 for n < 2 */
    double level;
} bdb_summary_consts;

/* Fills c for n. Returns BDB_EUSAGE for NULL c. */
int bdb_stats_summary_consts(size_t n, bdb_summary_consts *c);

/* bdb_stats_summarize with the constants of n computed beforehand by
 * bdb_stats_summary_consts(n, c): the same summary, bit for bit.
 * BDB_EUSAGE when c is NULL or made for another n. */
int bdb_stats_summarize_with(const double *x, size_t n,
                             const bdb_summary_consts *c, bdb_summary *out);

/* Median of x[0..n-1] without modifying x; NaN when n = 0, allocation fails
 * or a value is not finite. A convenience for callers that need nothing
 * else. */
double bdb_stats_median(const double *x, size_t n);

/* Outliers by the modified z-score of Iglewicz and Hoaglin (1993):
 *     M_i = 0.6745 * (x_i - median) / MAD,   outlier when |M_i| > 3.5,
 * with MAD the median of |x_i - median| (0.6745 ~ 1/1.4826 makes MAD a
 * consistent estimate of sigma for normal data).
 * When MAD = 0 (more than half the values are equal) the scale falls back to
 * the mean absolute deviation: M_i = (x_i - median) / (1.253314 * MeanAD)
 * (the rule used by IBM SPSS and others), so [5,5,5,5,9] still flags 9.
 * When that is 0 as well (all values equal) nothing is an outlier.
 * flags[i] is set to 1 for an outlier and 0 otherwise; *count (may be
 * NULL) receives how many. n < 3 never flags anything (no majority to
 * compare with) and n = 0 is fine (count 0).
 * Returns BDB_EUSAGE for NULL x or flags with n > 0, BDB_ERANGE for a
 * non-finite value (flags all 0, count 0), BDB_ENOMEM. */
int bdb_stats_outliers_mad(const double *x, size_t n, unsigned char *flags,
                           size_t *count);

/* ---- two-sample tests ------------------------------------------------ */

typedef enum bdb_test_status {
    BDB_TEST_OK = 0,
    /* Not enough data for the test to say anything (see each test). The
     * report should say "too few repetitions for a significance test". */
    BDB_TEST_TOO_FEW = 1,
    /* Both samples have zero variance; the statistic is undefined. */
    BDB_TEST_ZERO_VARIANCE = 2
} bdb_test_status;

typedef struct bdb_ttest {
    bdb_test_status status;
    double t;          /* (mean(b) - mean(a)) / sqrt(va/na + vb/nb) */
    double df;         /* Welch-Satterthwaite degrees of freedom */
    double p;          /* two-sided */
    double diff;       /* mean(b) - mean(a) */
    double diff_ci_lo; /* 95% interval of the difference (Welch) */
    double diff_ci_hi;
} bdb_ttest;

/* A sample told by its count, mean, variance (divisor n - 1; NaN for
 * n < 2), min and max: what a database's aggregates give without the
 * values (n, sum, sum of squares, min, max). */
typedef struct bdb_moments {
    size_t n;
    double mean, var, min, max;
} bdb_moments;

/* m from the sums: the variance as (sumsq - sum * mean) / (n - 1), which
 * loses the digits a value's spread shares with its mean (about 16 -
 * 2 * log10(1 / CV) are left: 8 at a CV of 1e-4). BDB_ERANGE for a sum
 * that is not finite. */
int bdb_moments_from_sums(bdb_moments *m, long long n, double sum,
                          double sumsq, double min, double max);
/* bdb_stats_summarize from moments: n, mean, sd, cv, min, max and the
 * mean's interval; the median and its interval NaN (no values). */
void bdb_stats_summarize_moments(const bdb_moments *m, bdb_summary *out);

/* Welch's unequal-variance t-test of a against b, two-sided.
 * The sign convention is b - a (b is the sample compared with baseline a).
 * na < 2 or nb < 2: BDB_OK with status BDB_TEST_TOO_FEW and t, df, p, the
 *   interval NaN (diff is still set when both are non-empty).
 * Both variances zero: status BDB_TEST_ZERO_VARIANCE, t, df, p and the
 *   interval NaN, diff set. One variance zero is fine (df = n - 1 of the
 *   other sample).
 * Returns BDB_EUSAGE (NULL out, or NULL data with n > 0), BDB_ERANGE
 * (non-finite value). */
int bdb_stats_welch(const double *a, size_t na, const double *b, size_t nb,
                    bdb_ttest *out);
/* The same from each side's moments. */
void bdb_stats_welch_moments(const bdb_moments *a, const bdb_moments *b,
                             bdb_ttest *out);

/* bdb_stats_welch without the interval of the difference (diff_ci_lo/hi
 * stay NaN): the same t, df and p, and no t quantile to solve, which was
 * a fifth of a report's time. For callers that show no such interval. */
int bdb_stats_welch_test(const double *a, size_t na, const double *b,
                         size_t nb, bdb_ttest *out);

typedef enum bdb_mw_method {
    BDB_MW_NONE = 0,   /* no test was computed (an empty sample) */
    BDB_MW_EXACT = 1,  /* exact null distribution of U */
    BDB_MW_NORMAL = 2  /* normal approximation, tie and continuity corrected */
} bdb_mw_method;

typedef struct bdb_utest {
    bdb_test_status status;
    bdb_mw_method method;
    /* U of sample a: pairs with a_i > b_j, plus one half per tie. It equals
     * the W that R's wilcox.test(a, b) prints. U of b = na*nb - u. */
    double u;
    double z;      /* normal approximation only (NaN for exact) */
    double p;      /* two-sided */
    /* Smallest two-sided p these sample sizes can produce: exact, 2 / C(na
     * + nb, na); normal, the p of the most extreme U under the same tie
     * corrected variance. When p_min >= BDB_STATS_ALPHA, status is
     * BDB_TEST_TOO_FEW (p is still computed). */
    double p_min;
    size_t ties;   /* values in tied groups (0: no ties) */
} bdb_utest;

/* Mann-Whitney U (Wilcoxon rank-sum) test of a against b, two-sided.
 * Exact when na < 50, nb < 50 and no value occurs twice in the pooled
 * sample: p = min(1, 2 * min(P(U <= u), P(U >= u))) from the recurrence on
 * counts (computed as probabilities, so there is no overflow). Otherwise
 * the normal approximation with the tie-corrected variance and a
 * continuity correction of 0.5 towards the mean (R's wilcox.test with
 * correct = TRUE, so results match R).
 * na = 0 or nb = 0: status TOO_FEW, method NONE, u, z, p, p_min NaN.
 * All pooled values equal (no ranking is possible): status
 *   ZERO_VARIANCE, method NORMAL, p = 1 (no evidence of a difference),
 *   z = 0.
 * Returns BDB_EUSAGE, BDB_ERANGE (non-finite value), BDB_ENOMEM. */
int bdb_stats_mann_whitney(const double *a, size_t na, const double *b,
                           size_t nb, bdb_utest *out);

/* The exact null distribution of U for sizes m and n without ties:
 * dist[u] = P(U = u), u = 0 .. m*n, malloc'd (the caller frees it); NULL
 * when m or n is 0 or not below BDB_STATS_MW_EXACT_LIMIT, or out of
 * memory. It depends on the sizes alone: a report with thousands of
 * comparisons of 10 against 10 values makes it once. */
double *bdb_stats_mw_exact_dist(size_t m, size_t n);

/* bdb_stats_mann_whitney with dist, when not NULL, made by
 * bdb_stats_mw_exact_dist(na, nb) for these sizes (used only where the
 * exact test applies): the same result, bit for bit. */
int bdb_stats_mann_whitney_dist(const double *a, size_t na, const double *b,
                                size_t nb, const double *dist,
                                bdb_utest *out);

/* ---- multiple comparisons -------------------------------------------- */

/* Holm's step-down adjusted p-values, as R's p.adjust(p, "holm"):
 * with p sorted ascending, adj(i) = max_{j<=i} min(1, (n - j + 1) p(j)).
 * adj[k] corresponds to p[k] (order preserved); adj may be the same array
 * as p. n = 0 does nothing. Ties keep their input order.
 * Returns BDB_EUSAGE (NULL with n > 0), BDB_ERANGE if a p is NaN or outside
 * [0, 1] (adj untouched), BDB_ENOMEM. */
int bdb_stats_holm(const double *p, size_t n, double *adj);

/* Benjamini-Hochberg adjusted p-values (false discovery rate), as R's
 * p.adjust(p, "BH"): with p sorted ascending,
 * adj(i) = min_{j>=i} min(1, n / j * p(j)). Same contract as
 * bdb_stats_holm. */
int bdb_stats_bh(const double *p, size_t n, double *adj);

/* ---- ratios and bootstrap -------------------------------------------- */

/* splitmix64 (Steele, Lea, Flood 2014; Vigna's reference code): a tiny,
 * seedable generator so that every bootstrap is reproducible from its seed
 * on every platform. No rand(). */
typedef struct bdb_stats_rng {
    uint64_t state;
} bdb_stats_rng;

void bdb_stats_rng_seed(bdb_stats_rng *rng, uint64_t seed);
uint64_t bdb_stats_rng_next(bdb_stats_rng *rng);
/* Uniform integer in [0, bound) without modulo bias; bound must be > 0
 * (0 returns 0). */
uint64_t bdb_stats_rng_below(bdb_stats_rng *rng, uint64_t bound);

typedef struct bdb_ratio {
    double ratio;      /* mean(b) / mean(a) */
    double ci_lo;      /* 95% percentile bootstrap interval of the ratio */
    double ci_hi;
    size_t resamples;  /* resamples actually used */
} bdb_ratio;

/* Ratio of means of b to baseline a, with a 95% percentile bootstrap
 * interval: `resamples` times (0: BDB_STATS_BOOTSTRAP_DEFAULT), resample a
 * and b independently with replacement, take mean(b*)/mean(a*); the
 * interval is the 2.5% and 97.5% quantiles (linear interpolation between
 * order statistics, R's type 7) of those ratios.
 * The two samples are resampled from two independent streams: the first
 * two outputs of splitmix64 seeded with seed are the seeds of a's and b's
 * bdb_stats_resampling_draw. Same inputs and seed, same interval; and the
 * same as bdb_stats_resampling_draw + bdb_stats_resampled_means +
 * bdb_stats_ratio_interval with those two seeds, which is how a report
 * resamples each cell once for all its comparisons.
 * Every value must be finite and > 0 (benchmark figures; a ratio of a zero
 * or negative figure means nothing): otherwise BDB_ERANGE with out NaN.
 * na = 0 or nb = 0: BDB_OK, everything NaN, resamples 0.
 * na = 1 or nb = 1: ratio set, interval NaN (one value has no spread to
 * resample), resamples 0. Constant samples give a zero-width interval.
 * The raw ratio is b/a whatever the metric; orient it with
 * bdb_stats_orient / bdb_stats_orient_interval.
 * Returns BDB_EUSAGE, BDB_ERANGE, BDB_ENOMEM. */
int bdb_stats_ratio_bootstrap(const double *a, size_t na, const double *b,
                              size_t nb, size_t resamples, uint64_t seed,
                              bdb_ratio *out);

/* The two seeds bdb_stats_ratio_bootstrap derives from seed: the first
 * (for the baseline a) and second (for b) outputs of splitmix64. */
void bdb_stats_ratio_seeds(uint64_t seed, uint64_t *seed_a, uint64_t *seed_b);

/* Which positions each bootstrap resample takes: resamples x n indexes in
 * [0, n), idx[k * n + i] the i-th draw of resample k. The draws are those
 * of one splitmix64 stream seeded with seed, each 64-bit output giving
 * two 32-bit words (low half first); a word w gives the index
 * floor(w * n / 2^32) unless (w * n) mod 2^32 < 2^32 mod n, when it is
 * skipped (Lemire's multiply-shift with rejection: exactly uniform, no
 * division). The same indexes serve every sample of n values, so a report
 * draws them once per series and role, not once per comparison. */
typedef struct bdb_stats_resampling {
    size_t n, resamples;
    uint32_t *idx;
    size_t cap;         /* room in idx, reused by the next draw */
} bdb_stats_resampling;

/* Draws (or redraws, reusing rs->idx) the indexes for n values. rs must be
 * zeroed before the first draw. n must be 1 .. UINT32_MAX and resamples
 * > 0 (0: BDB_STATS_BOOTSTRAP_DEFAULT). Returns BDB_EUSAGE (NULL rs, n
 * out of range), BDB_ENOMEM. */
int bdb_stats_resampling_draw(bdb_stats_resampling *rs, size_t n,
                              size_t resamples, uint64_t seed);
void bdb_stats_resampling_free(bdb_stats_resampling *rs);

/* means[k] = the mean of x at the indexes of resample k (summed in draw
 * order), for the rs->resamples resamples; x has rs->n values. */
int bdb_stats_resampled_means(const bdb_stats_resampling *rs, const double *x,
                              double *means);

/* The same for m samples of rs->n values each that share the indexes:
 * means[j * rs->resamples + k] is bdb_stats_resampled_means' means[k] of
 * xs[j], bit for bit (each sum in draw order). The values are laid side
 * by side, so one draw feeds every sample's sum with one vector add: a
 * report's cells of one series against its baseline. Returns BDB_EUSAGE
 * for NULL pointers, BDB_ENOMEM. */
int bdb_stats_resampled_means_many(const bdb_stats_resampling *rs,
                                   const double *const *xs, size_t m,
                                   double *means);

/* The 95% percentile interval (R's type 7 quantiles, as above) of the
 * ratios mb[k] / ma[k] of two sets of resampled means; scratch has room
 * for 2 * resamples doubles. resamples 0: NaN. Returns BDB_EUSAGE for NULL
 * pointers. */
int bdb_stats_ratio_interval(const double *ma, const double *mb,
                             size_t resamples, double *scratch, double *lo,
                             double *hi);

typedef struct bdb_geomean {
    double geomean;     /* exp(mean(log r)) over the usable ratios */
    double ci_lo;       /* 95% percentile bootstrap interval */
    double ci_hi;
    size_t n_used;      /* usable ratios: finite and > 0 */
    size_t n_excluded;  /* zero, negative, NaN or infinite ratios */
    size_t resamples;
} bdb_geomean;

/* Geometric mean of ratios (category and overall scores) with a 95%
 * percentile bootstrap interval: resample the usable ratios with
 * replacement `resamples` times (0: default), geometric mean of each
 * resample, quantiles as in bdb_stats_ratio_bootstrap.
 * A ratio that is zero, negative, NaN or infinite has no logarithm: it is
 * excluded and counted in n_excluded, so the report can say "3 of 40
 * ratios could not be used" instead of silently averaging fewer.
 * n_used = 0: geomean and interval NaN. n_used = 1: geomean set, interval
 * NaN. Returns BDB_OK, BDB_EUSAGE (NULL out, NULL r with n > 0),
 * BDB_ENOMEM. */
int bdb_stats_geomean_ratios(const double *r, size_t n, size_t resamples,
                             uint64_t seed, bdb_geomean *out);

/* Orients a raw ratio b/a so that > 1 always means "b is better":
 * better > 0 (BDB_HIGHER_IS_BETTER: throughput, ops/s): ratio unchanged,
 *   the speedup is b/a;
 * better < 0 (BDB_LOWER_IS_BETTER: latency, seconds): 1 / ratio = a/b;
 * better = 0 (BDB_NEUTRAL: counts, sizes): unchanged, it is only a ratio.
 * A non-finite or non-positive ratio gives NaN. */
double bdb_stats_orient(double ratio, int better);

/* The speedup of b over baseline a: bdb_stats_orient(b / a, better).
 * NaN when a or b is not finite or not > 0. */
double bdb_stats_speedup(double a, double b, int better);

/* Orients an interval [*lo, *hi] of a ratio b/a like bdb_stats_orient;
 * for lower-is-better the bounds swap ([1/hi, 1/lo]) so *lo <= *hi still
 * holds. The percentile bootstrap commutes with this monotone map up to the
 * interpolation between order statistics. */
void bdb_stats_orient_interval(double *lo, double *hi, int better);

#endif
