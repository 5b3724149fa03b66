/* stats.c - statistics across repetitions for the report engine: summaries,
 * significance tests, p-value corrections, ratios and their bootstrap
 * intervals. Pure computation; see stats.h for every contract.
 *
 * Numerical sources: the incomplete beta continued fraction is the modified
 * Lentz evaluation of Numerical Recipes (2nd ed., 6.4), with log B(a, b)
 * from Stirling's series for large arguments as in R's lbeta; the Student t
 * quantile inverts the t tail computed from it; Mann-Whitney follows R's
 * wilcox.test (exact below 50 without ties, else normal with tie and
 * continuity corrections); Holm/BH follow R's p.adjust. */
#include "stats.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bdb_error.h"

#define STATS_SQRT1_2 0.70710678118654752440

/* ---- distributions --------------------------------------------------- */

/* Continued fraction for I_x(a, b), modified Lentz; y = 1 - x is passed so
 * no precision is lost forming it near x = 1. */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300;
    const double eps = 1e-16;
    double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0, d = 1.0 - qab * x / qap;
    if (fabs(d) < tiny)
        d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 100000; m++) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < eps)
            break;
    }
    return h;
}

/* Remainder of Stirling's series, lgamma(x) - ((x - 1/2) log x - x +
 * log(2 pi) / 2), for x >= 10 (truncation error below 1e-15). */
static double lgamma_corr(double x)
{
    double x2 = 1.0 / (x * x);
    return (1.0 / 12 -
            x2 * (1.0 / 360 - x2 * (1.0 / 1260 - x2 * (1.0 / 1680 -
                                                        x2 / 1188.0)))) /
           x;
}

/* log B(a, b). lgamma(a) + lgamma(b) - lgamma(a + b) cancels badly when an
 * argument is large (Welch's df can be 1e5); the Stirling forms below, as
 * in R's lbeta, keep the relative accuracy. */
static double log_beta(double a, double b)
{
    const double log_sqrt_2pi = 0.918938533204672741780329736406;
    double p = a < b ? a : b, q = a < b ? b : a;
    if (p >= 10.0) {
        double corr = lgamma_corr(p) + lgamma_corr(q) - lgamma_corr(p + q);
        return -0.5 * log(q) + log_sqrt_2pi + corr +
               (p - 0.5) * log(p / (p + q)) + q * log1p(-p / (p + q));
    }
    if (q >= 10.0) {
        double corr = lgamma_corr(q) - lgamma_corr(p + q);
        return lgamma(p) + corr + p - p * log(p + q) +
               (q - 0.5) * log1p(-p / (p + q));
    }
    return lgamma(p) + lgamma(q) - lgamma(p + q);
}

/* I_x(a, b) with y = 1 - x given separately, so callers that know y more
 * precisely than 1 - x (the t tail: y = t^2 / (df + t^2)) keep it. */
static double beta_inc2(double a, double b, double x, double y)
{
    if (x <= 0.0)
        return 0.0;
    if (y <= 0.0)
        return 1.0;
    double lx = x > 0.5 ? log1p(-y) : log(x);
    double ly = y > 0.5 ? log1p(-x) : log(y);
    double bt = exp(a * lx + b * ly - log_beta(a, b));
    if (x < (a + 1.0) / (a + b + 2.0))
        return bt * betacf(a, b, x) / a;
    return 1.0 - bt * betacf(b, a, y) / b;
}

double bdb_stats_beta_inc(double a, double b, double x)
{
    if (isnan(a) || isnan(b) || isnan(x) || a <= 0.0 || b <= 0.0 ||
        x < 0.0 || x > 1.0)
        return NAN;
    return beta_inc2(a, b, x, 1.0 - x);
}

/* P(T > t) for t >= 0, accurate in the far tail (it is never formed as
 * 1 - something small). */
static double t_upper(double t, double df)
{
    if (isinf(t))
        return 0.0;
    double t2 = t * t;
    double x = df / (df + t2), y = t2 / (df + t2);
    return 0.5 * beta_inc2(0.5 * df, 0.5, x, y);
}

double bdb_stats_t_cdf(double t, double df)
{
    if (isnan(t) || isnan(df) || df <= 0.0)
        return NAN;
    if (t >= 0.0)
        return 1.0 - t_upper(t, df);
    return t_upper(-t, df);
}

static double t_pdf(double t, double df)
{
    /* 1 / (sqrt(df) B(df/2, 1/2)) (1 + t^2/df)^(-(df+1)/2) */
    return exp(-0.5 * log(df) - log_beta(0.5 * df, 0.5) -
               0.5 * (df + 1.0) * log1p(t * t / df));
}

double bdb_stats_t_quantile(double p, double df)
{
    if (isnan(p) || isnan(df) || df <= 0.0 || p < 0.0 || p > 1.0)
        return NAN;
    if (p == 0.0)
        return -INFINITY;
    if (p == 1.0)
        return INFINITY;
    if (p == 0.5)
        return 0.0;
    /* Solve P(T > t) = q for t > 0, q the smaller tail. 1 - p is exact for
     * p >= 0.5 (Sterbenz), so nothing is lost for p close to 1. */
    double q = p < 0.5 ? p : 1.0 - p;
    double sign = p < 0.5 ? -1.0 : 1.0;

    /* Bracket: the tail decreases in t. */
    double lo = 0.0, hi = 1.0;
    while (t_upper(hi, df) > q) {
        lo = hi;
        hi *= 2.0;
        if (hi > 1e300)
            return sign * INFINITY;
    }
    /* Newton on f(t) = tail(t) - q, f' = -pdf, kept inside [lo, hi];
     * a step that leaves the bracket becomes a bisection. */
    double t = 0.5 * (lo + hi);
    for (int it = 0; it < 500; it++) {
        double f = t_upper(t, df) - q;
        if (f == 0.0)
            break;
        if (f > 0.0)
            lo = t; /* tail still too large: root is above t */
        else
            hi = t;
        double d = t_pdf(t, df);
        double next = d > 0.0 ? t + f / d : 0.5 * (lo + hi);
        if (!(next > lo && next < hi))
            next = 0.5 * (lo + hi);
        if (fabs(next - t) <= 1e-15 * fabs(next) || hi - lo <= 1e-15 * hi) {
            t = next;
            break;
        }
        t = next;
    }
    return sign * t;
}

double bdb_stats_normal_cdf(double z)
{
    return 0.5 * erfc(-z * STATS_SQRT1_2);
}

/* ---- helpers ---------------------------------------------------------- */

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* Sorts s ascending as qsort with cmp_double does (glibc's is a stable
 * merge sort): a report sorts a few values per cell a hundred thousand
 * times, and qsort's calls through a pointer were a tenth of its time.
 * Insertion sort is stable too, so equal values (0.0 and -0.0) keep the
 * same order. */
static void sort_doubles(double *s, size_t n)
{
    if (n > 32) {
        qsort(s, n, sizeof *s, cmp_double);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        double v = s[i];
        size_t j = i;
        while (j > 0 && s[j - 1] > v) {
            s[j] = s[j - 1];
            j--;
        }
        s[j] = v;
    }
}

static int all_finite(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

/* A sorted malloc'd copy (NULL on allocation failure; n must be > 0). */
static double *sorted_copy(const double *x, size_t n)
{
    double *s = malloc(n * sizeof *s);
    if (!s)
        return NULL;
    memcpy(s, x, n * sizeof *s);
    sort_doubles(s, n);
    return s;
}

static double sorted_median(const double *s, size_t n)
{
    if (n % 2)
        return s[n / 2];
    return 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

static double mean_of(const double *x, size_t n)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += x[i];
    return sum / (double)n;
}

/* Sample variance (divisor n - 1), two-pass; n >= 2. */
static double var_of(const double *x, size_t n, double mean)
{
    double ss = 0.0, comp = 0.0;
    for (size_t i = 0; i < n; i++) {
        double d = x[i] - mean;
        ss += d * d;
        comp += d;
    }
    /* The compensation term removes the rounding left in mean. */
    return (ss - comp * comp / (double)n) / (double)(n - 1);
}

/* ---- descriptive summary --------------------------------------------- */

static void summary_nan(bdb_summary *out, size_t n)
{
    out->n = n;
    out->mean = out->median = out->sd = out->cv = NAN;
    out->min = out->max = NAN;
    out->mean_ci_lo = out->mean_ci_hi = NAN;
    out->median_ci_lo = out->median_ci_hi = NAN;
    out->median_ci_level = NAN;
}

/* Largest k (1-based) whose order-statistic interval x(k)..x(n+1-k) covers
 * the median with probability >= level, and that coverage; k = 1 with its
 * (lower) coverage when none reaches level. n >= 1. */
static size_t median_ci_rank(size_t n, double level, double *coverage)
{
    double lfact_n = lgamma((double)n + 1.0);
    double log2n = (double)n * log(2.0);
    double cdf = 0.0; /* P(B <= k - 1) */
    size_t best = 1;
    double best_cov = NAN;
    for (size_t k = 1; 2 * k <= n + 1; k++) {
        double i = (double)(k - 1);
        cdf += exp(lfact_n - lgamma(i + 1.0) - lgamma((double)n - i + 1.0) -
                   log2n);
        double cov = 1.0 - 2.0 * cdf;
        if (k == 1)
            best_cov = cov;
        if (cov < level)
            break;
        best = k;
        best_cov = cov;
    }
    *coverage = best_cov < 0.0 ? 0.0 : best_cov;
    return best;
}

int bdb_stats_summary_consts(size_t n, bdb_summary_consts *c)
{
    if (!c)
        return BDB_EUSAGE;
    c->n = n;
    c->t = NAN;
    c->k = 0;
    c->level = NAN;
    if (n >= 2) {
        c->t = bdb_stats_t_quantile(0.5 + BDB_STATS_CONFIDENCE / 2.0,
                                    (double)(n - 1));
        c->k = median_ci_rank(n, BDB_STATS_CONFIDENCE, &c->level);
    }
    return BDB_OK;
}

int bdb_stats_summarize(const double *x, size_t n, bdb_summary *out)
{
    bdb_summary_consts c;
    bdb_stats_summary_consts(n, &c);
    return bdb_stats_summarize_with(x, n, &c, out);
}

int bdb_stats_summarize_with(const double *x, size_t n,
                             const bdb_summary_consts *c, bdb_summary *out)
{
    if (!out || (!x && n > 0) || !c || c->n != n)
        return BDB_EUSAGE;
    summary_nan(out, n);
    if (n == 0)
        return BDB_OK;
    if (!all_finite(x, n))
        return BDB_ERANGE;
    double *s = sorted_copy(x, n);
    if (!s)
        return BDB_ENOMEM;

    out->min = s[0];
    out->max = s[n - 1];
    out->median = sorted_median(s, n);
    out->mean = mean_of(s, n);
    if (n == 1) {
        out->median_ci_level = 0.0;
        free(s);
        return BDB_OK;
    }
    double var = var_of(s, n, out->mean);
    out->sd = var > 0.0 ? sqrt(var) : 0.0;
    out->cv = out->mean != 0.0 ? out->sd / out->mean : NAN;
    double half = c->t * out->sd / sqrt((double)n);
    out->mean_ci_lo = out->mean - half;
    out->mean_ci_hi = out->mean + half;

    out->median_ci_lo = s[c->k - 1];
    out->median_ci_hi = s[n - c->k];
    out->median_ci_level = c->level;
    free(s);
    return BDB_OK;
}

double bdb_stats_median(const double *x, size_t n)
{
    if (!x || n == 0 || !all_finite(x, n))
        return NAN;
    double *s = sorted_copy(x, n);
    if (!s)
        return NAN;
    double m = sorted_median(s, n);
    free(s);
    return m;
}

int bdb_stats_outliers_mad(const double *x, size_t n, unsigned char *flags,
                           size_t *count)
{
    if (count)
        *count = 0;
    if (n == 0)
        return BDB_OK;
    if (!x || !flags)
        return BDB_EUSAGE;
    memset(flags, 0, n);
    if (!all_finite(x, n))
        return BDB_ERANGE;
    if (n < 3)
        return BDB_OK;
    double *s = sorted_copy(x, n);
    if (!s)
        return BDB_ENOMEM;
    double med = sorted_median(s, n);
    double sum_ad = 0.0;
    for (size_t i = 0; i < n; i++) {
        s[i] = fabs(x[i] - med);
        sum_ad += s[i];
    }
    sort_doubles(s, n);
    double mad = sorted_median(s, n);
    free(s);

    double scale; /* M_i = (x_i - med) / scale */
    if (mad > 0.0)
        scale = mad / 0.6745;
    else if (sum_ad > 0.0)
        scale = 1.253314 * (sum_ad / (double)n);
    else
        return BDB_OK; /* all equal */
    size_t c = 0;
    for (size_t i = 0; i < n; i++) {
        if (fabs(x[i] - med) / scale > BDB_STATS_OUTLIER_Z) {
            flags[i] = 1;
            c++;
        }
    }
    if (count)
        *count = c;
    return BDB_OK;
}

/* ---- two-sample tests ------------------------------------------------ */

/* Welch's test from each side's count, mean and variance. */
static void welch_of(size_t na, double ma, double va, size_t nb, double mb,
                     double vb, bdb_ttest *out, int interval)
{
    out->status = BDB_TEST_TOO_FEW;
    out->t = out->df = out->p = out->diff = NAN;
    out->diff_ci_lo = out->diff_ci_hi = NAN;
    if (na == 0 || nb == 0)
        return;
    out->diff = mb - ma;
    if (na < 2 || nb < 2)
        return;
    if (va < 0.0)
        va = 0.0;
    if (vb < 0.0)
        vb = 0.0;
    double sa = va / (double)na, sb = vb / (double)nb;
    double se2 = sa + sb;
    if (!(se2 > 0.0)) {
        out->status = BDB_TEST_ZERO_VARIANCE;
        return;
    }
    out->status = BDB_TEST_OK;
    double se = sqrt(se2);
    out->t = out->diff / se;
    out->df = se2 * se2 / (sa * sa / (double)(na - 1) +
                           sb * sb / (double)(nb - 1));
    double t2 = out->t * out->t;
    out->p = beta_inc2(0.5 * out->df, 0.5, out->df / (out->df + t2),
                       t2 / (out->df + t2));
    if (!interval)
        return;
    double half = bdb_stats_t_quantile(0.5 + BDB_STATS_CONFIDENCE / 2.0,
                                       out->df) * se;
    out->diff_ci_lo = out->diff - half;
    out->diff_ci_hi = out->diff + half;
}

static int welch(const double *a, size_t na, const double *b, size_t nb,
                 bdb_ttest *out, int interval)
{
    if (!out || (!a && na > 0) || (!b && nb > 0))
        return BDB_EUSAGE;
    welch_of(0, NAN, NAN, 0, NAN, NAN, out, interval);
    if (!all_finite(a, na) || !all_finite(b, nb))
        return BDB_ERANGE;
    if (na == 0 || nb == 0)
        return BDB_OK;
    double ma = mean_of(a, na), mb = mean_of(b, nb);
    double va = na >= 2 ? var_of(a, na, ma) : NAN;
    double vb = nb >= 2 ? var_of(b, nb, mb) : NAN;
    welch_of(na, ma, va, nb, mb, vb, out, interval);
    return BDB_OK;
}

void bdb_stats_welch_moments(const bdb_moments *a, const bdb_moments *b,
                             bdb_ttest *out)
{
    welch_of(a->n, a->mean, a->var, b->n, b->mean, b->var, out, 1);
}

void bdb_stats_summarize_moments(const bdb_moments *m, bdb_summary *out)
{
    summary_nan(out, m->n);
    if (m->n == 0)
        return;
    out->min = m->min;
    out->max = m->max;
    out->mean = m->mean;
    if (m->n == 1) {
        out->median_ci_level = 0.0;
        return;
    }
    out->sd = m->var > 0.0 ? sqrt(m->var) : 0.0;
    out->cv = out->mean != 0.0 ? out->sd / out->mean : NAN;
    double half = bdb_stats_t_quantile(0.975, (double)(m->n - 1)) * out->sd /
                  sqrt((double)m->n);
    out->mean_ci_lo = out->mean - half;
    out->mean_ci_hi = out->mean + half;
}

int bdb_moments_from_sums(bdb_moments *m, long long n, double sum,
                          double sumsq, double min, double max)
{
    memset(m, 0, sizeof *m);
    m->n = n > 0 ? (size_t)n : 0;
    m->mean = m->var = NAN;
    m->min = min;
    m->max = max;
    if (!m->n)
        return BDB_OK;
    if (!isfinite(sum) || !isfinite(sumsq))
        return BDB_ERANGE;
    m->mean = sum / (double)n;
    if (n >= 2) {
        double ss = sumsq - sum * m->mean;
        m->var = ss > 0 ? ss / (double)(n - 1) : 0.0;
    }
    return BDB_OK;
}

int bdb_stats_welch(const double *a, size_t na, const double *b, size_t nb,
                    bdb_ttest *out)
{
    return welch(a, na, b, nb, out, 1);
}

int bdb_stats_welch_test(const double *a, size_t na, const double *b,
                         size_t nb, bdb_ttest *out)
{
    return welch(a, na, b, nb, out, 0);
}

typedef struct ranked {
    double v;
    int from_a;
} ranked;

static int cmp_ranked(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    return (a->v > b->v) - (a->v < b->v);
}

/* Exact null distribution of U_a for sizes m (a) and n (b), no ties:
 * dist[u] = P(U = u), u = 0..m*n. Recurrence on the largest pooled value:
 * it belongs to a with probability i/(i+j) and then beats all j b's,
 *   p(i, j, u) = i/(i+j) p(i-1, j, u-j) + j/(i+j) p(i, j-1, u).
 * Probabilities rather than counts keep every term positive and finite.
 * Returns a malloc'd array or NULL. */
static double *mw_exact_dist(size_t m, size_t n)
{
    size_t w = m * n + 1;
    double *prev = calloc((n + 1) * w, sizeof *prev);
    double *cur = calloc((n + 1) * w, sizeof *cur);
    double *dist = malloc(w * sizeof *dist);
    if (!prev || !cur || !dist) {
        free(prev);
        free(cur);
        free(dist);
        return NULL;
    }
    for (size_t j = 0; j <= n; j++)
        prev[j * w] = 1.0; /* i = 0: U = 0 surely */
    for (size_t i = 1; i <= m; i++) {
        memset(cur, 0, (n + 1) * w * sizeof *cur);
        cur[0] = 1.0; /* j = 0 */
        for (size_t j = 1; j <= n; j++) {
            double pa = (double)i / (double)(i + j), pb = 1.0 - pa;
            double *c = cur + j * w;
            const double *up = prev + j * w;       /* (i-1, j) */
            const double *left = cur + (j - 1) * w; /* (i, j-1) */
            size_t umax = i * j;
            for (size_t u = 0; u <= umax; u++) {
                double v = pb * left[u]; /* left is 0 beyond i*(j-1) */
                if (u >= j)
                    v += pa * up[u - j];
                c[u] = v;
            }
        }
        double *tmp = prev;
        prev = cur;
        cur = tmp;
    }
    memcpy(dist, prev + n * w, w * sizeof *dist);
    free(prev);
    free(cur);
    return dist;
}

double *bdb_stats_mw_exact_dist(size_t m, size_t n)
{
    if (m == 0 || n == 0 || m >= BDB_STATS_MW_EXACT_LIMIT ||
        n >= BDB_STATS_MW_EXACT_LIMIT)
        return NULL;
    return mw_exact_dist(m, n);
}

int bdb_stats_mann_whitney(const double *a, size_t na, const double *b,
                           size_t nb, bdb_utest *out)
{
    return bdb_stats_mann_whitney_dist(a, na, b, nb, NULL, out);
}

int bdb_stats_mann_whitney_dist(const double *a, size_t na, const double *b,
                                size_t nb, const double *dist_given,
                                bdb_utest *out)
{
    if (!out || (!a && na > 0) || (!b && nb > 0))
        return BDB_EUSAGE;
    out->status = BDB_TEST_TOO_FEW;
    out->method = BDB_MW_NONE;
    out->u = out->z = out->p = out->p_min = NAN;
    out->ties = 0;
    if (!all_finite(a, na) || !all_finite(b, nb))
        return BDB_ERANGE;
    if (na == 0 || nb == 0)
        return BDB_OK;

    size_t N = na + nb;
    ranked *r = malloc(N * sizeof *r);
    if (!r)
        return BDB_ENOMEM;
    for (size_t i = 0; i < na; i++)
        r[i] = (ranked){a[i], 1};
    for (size_t i = 0; i < nb; i++)
        r[na + i] = (ranked){b[i], 0};
    if (N > 32) {
        qsort(r, N, sizeof *r, cmp_ranked);
    } else { /* stable, as glibc's qsort (see sort_doubles) */
        for (size_t i = 1; i < N; i++) {
            ranked v = r[i];
            size_t j = i;
            while (j > 0 && r[j - 1].v > v.v) {
                r[j] = r[j - 1];
                j--;
            }
            r[j] = v;
        }
    }

    /* Mid-ranks; tie_sum = sum over tied groups of t^3 - t. */
    double rank_sum_a = 0.0, tie_sum = 0.0;
    size_t tied = 0;
    for (size_t i = 0; i < N;) {
        size_t j = i;
        while (j + 1 < N && r[j + 1].v == r[i].v)
            j++;
        double t = (double)(j - i + 1);
        double midrank = 0.5 * ((double)(i + 1) + (double)(j + 1));
        for (size_t k = i; k <= j; k++)
            if (r[k].from_a)
                rank_sum_a += midrank;
        if (j > i) {
            tie_sum += t * t * t - t;
            tied += j - i + 1;
        }
        i = j + 1;
    }
    int all_equal = r[0].v == r[N - 1].v;
    free(r);

    double dna = (double)na, dnb = (double)nb, dN = (double)N;
    out->u = rank_sum_a - dna * (dna + 1.0) / 2.0;
    out->ties = tied;

    if (all_equal) {
        out->method = BDB_MW_NORMAL;
        out->status = BDB_TEST_ZERO_VARIANCE;
        out->z = 0.0;
        out->p = 1.0;
        out->p_min = 1.0;
        return BDB_OK;
    }

    if (tied == 0 && na < BDB_STATS_MW_EXACT_LIMIT &&
        nb < BDB_STATS_MW_EXACT_LIMIT) {
        double *own = dist_given ? NULL : mw_exact_dist(na, nb);
        const double *dist = dist_given ? dist_given : own;
        if (!dist)
            return BDB_ENOMEM;
        size_t u = (size_t)out->u, umax = na * nb;
        double lower = 0.0, upper = 0.0;
        for (size_t k = 0; k <= umax; k++) {
            if (k <= u)
                lower += dist[k];
            if (k >= u)
                upper += dist[k];
        }
        double p = 2.0 * (lower < upper ? lower : upper);
        out->p = p < 1.0 ? p : 1.0;
        double pm = 2.0 * dist[0];
        out->p_min = pm < 1.0 ? pm : 1.0;
        out->method = BDB_MW_EXACT;
        free(own);
    } else {
        double mu = dna * dnb / 2.0;
        double sigma = sqrt(dna * dnb / 12.0 *
                            ((dN + 1.0) - tie_sum / (dN * (dN - 1.0))));
        double d = out->u - mu;
        double corr = d > 0.0 ? 0.5 : d < 0.0 ? -0.5 : 0.0;
        out->z = (d - corr) / sigma;
        double p = 2.0 * bdb_stats_normal_cdf(-fabs(out->z));
        out->p = p < 1.0 ? p : 1.0;
        double zmin = (mu - 0.5) / sigma;
        double pm = 2.0 * bdb_stats_normal_cdf(-zmin);
        out->p_min = pm < 1.0 ? pm : 1.0;
        out->method = BDB_MW_NORMAL;
    }
    out->status = out->p_min >= BDB_STATS_ALPHA ? BDB_TEST_TOO_FEW
                                                 : BDB_TEST_OK;
    return BDB_OK;
}

/* ---- multiple comparisons -------------------------------------------- */

typedef struct pidx {
    double p;
    size_t i;
} pidx;

static int cmp_pidx(const void *pa, const void *pb)
{
    const pidx *a = pa, *b = pb;
    if (a->p != b->p)
        return (a->p > b->p) - (a->p < b->p);
    return (a->i > b->i) - (a->i < b->i);
}

/* Validated, ascending copy of p with original indexes; *out NULL when
 * n = 0. */
static int sort_pvalues(const double *p, size_t n, double *adj, pidx **out)
{
    *out = NULL;
    if (n == 0)
        return BDB_OK;
    if (!p || !adj)
        return BDB_EUSAGE;
    for (size_t i = 0; i < n; i++)
        if (!(p[i] >= 0.0 && p[i] <= 1.0))
            return BDB_ERANGE;
    pidx *s = malloc(n * sizeof *s);
    if (!s)
        return BDB_ENOMEM;
    for (size_t i = 0; i < n; i++)
        s[i] = (pidx){p[i], i};
    qsort(s, n, sizeof *s, cmp_pidx);
    *out = s;
    return BDB_OK;
}

int bdb_stats_holm(const double *p, size_t n, double *adj)
{
    pidx *s;
    int rc = sort_pvalues(p, n, adj, &s);
    if (rc != BDB_OK || !s)
        return rc;
    double run = 0.0;
    for (size_t k = 0; k < n; k++) {
        double v = (double)(n - k) * s[k].p;
        if (v > 1.0)
            v = 1.0;
        if (v > run)
            run = v;
        adj[s[k].i] = run;
    }
    free(s);
    return BDB_OK;
}

int bdb_stats_bh(const double *p, size_t n, double *adj)
{
    pidx *s;
    int rc = sort_pvalues(p, n, adj, &s);
    if (rc != BDB_OK || !s)
        return rc;
    double run = 1.0;
    for (size_t k = n; k-- > 0;) {
        double v = (double)n / (double)(k + 1) * s[k].p;
        if (v < run)
            run = v;
        adj[s[k].i] = run;
    }
    free(s);
    return BDB_OK;
}

/* ---- ratios and bootstrap -------------------------------------------- */

void bdb_stats_rng_seed(bdb_stats_rng *rng, uint64_t seed)
{
    rng->state = seed;
}

uint64_t bdb_stats_rng_next(bdb_stats_rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t bdb_stats_rng_below(bdb_stats_rng *rng, uint64_t bound)
{
    if (bound == 0)
        return 0;
    /* Reject the top partial block so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t v;
    do {
        v = bdb_stats_rng_next(rng);
    } while (v >= limit);
    return v % bound;
}

/* The draw of bdb_stats_rng_below for one bound, with its constants
 * computed once: the rejection limit, and m = floor((2^64 - 1) / d) for
 * the remainder without a division. q = floor(v * m / 2^64) is the
 * quotient or one less (m >= 2^64 / d - 1, so v * m / 2^64 > v / d - 1),
 * hence v - q * d is the remainder or the remainder plus d: one
 * conditional subtraction makes it exact. A 64-bit division per draw was
 * most of the resampling loop's time. Same draws, same values as
 * bdb_stats_rng_below. */
typedef struct bounded {
    uint64_t bound, limit;
    uint64_t m; /* 0: use the division */
} bounded;

static void bounded_init(bounded *d, uint64_t bound)
{
    d->bound = bound;
    d->limit = UINT64_MAX - UINT64_MAX % bound;
#if defined(__SIZEOF_INT128__)
    d->m = bound > 1 ? UINT64_MAX / bound : 0;
#else
    d->m = 0;
#endif
}

static inline uint64_t bounded_draw(bdb_stats_rng *rng, const bounded *d)
{
    uint64_t v;
    do {
        v = bdb_stats_rng_next(rng);
    } while (v >= d->limit);
#if defined(__SIZEOF_INT128__)
    if (d->m) {
        uint64_t q = (uint64_t)(((unsigned __int128)v * d->m) >> 64);
        uint64_t r = v - q * d->bound;
        return r >= d->bound ? r - d->bound : r;
    }
#endif
    return v % d->bound;
}

/* One resample's mean. Bounds of 2 to 64 (repetitions of one cell) get a
 * loop of their own in which the bound is a constant, so the remainder
 * compiles to a multiply and a shift; the draws and the order of the sum
 * are those of the general loop, so the means are bit for bit the same. */
#define RESAMPLE_CASE(N)                                                    \
    case N: {                                                               \
        const uint64_t lim = UINT64_MAX - UINT64_MAX % (N);                 \
        for (size_t i = 0; i < (N); i++) {                                  \
            uint64_t v;                                                     \
            do {                                                            \
                v = bdb_stats_rng_next(rng);                                \
            } while (v >= lim);                                             \
            sum += x[v % (N)];                                              \
        }                                                                   \
        break;                                                              \
    }

static double resample_mean(bdb_stats_rng *rng, const double *x,
                            const bounded *d)
{
    double sum = 0.0;
    size_t n = (size_t)d->bound;
    switch (n) {
    RESAMPLE_CASE(2)
    RESAMPLE_CASE(3)
    RESAMPLE_CASE(4)
    RESAMPLE_CASE(5)
    RESAMPLE_CASE(6)
    RESAMPLE_CASE(7)
    RESAMPLE_CASE(8)
    RESAMPLE_CASE(9)
    RESAMPLE_CASE(10)
    RESAMPLE_CASE(11)
    RESAMPLE_CASE(12)
    RESAMPLE_CASE(13)
    RESAMPLE_CASE(14)
    RESAMPLE_CASE(15)
    RESAMPLE_CASE(16)
    RESAMPLE_CASE(17)
    RESAMPLE_CASE(18)
    RESAMPLE_CASE(19)
    RESAMPLE_CASE(20)
    RESAMPLE_CASE(21)
    RESAMPLE_CASE(22)
    RESAMPLE_CASE(23)
    RESAMPLE_CASE(24)
    RESAMPLE_CASE(25)
    RESAMPLE_CASE(26)
    RESAMPLE_CASE(27)
    RESAMPLE_CASE(28)
    RESAMPLE_CASE(29)
    RESAMPLE_CASE(30)
    RESAMPLE_CASE(31)
    RESAMPLE_CASE(32)
    RESAMPLE_CASE(33)
    RESAMPLE_CASE(34)
    RESAMPLE_CASE(35)
    RESAMPLE_CASE(36)
    RESAMPLE_CASE(37)
    RESAMPLE_CASE(38)
    RESAMPLE_CASE(39)
    RESAMPLE_CASE(40)
    RESAMPLE_CASE(41)
    RESAMPLE_CASE(42)
    RESAMPLE_CASE(43)
    RESAMPLE_CASE(44)
    RESAMPLE_CASE(45)
    RESAMPLE_CASE(46)
    RESAMPLE_CASE(47)
    RESAMPLE_CASE(48)
    RESAMPLE_CASE(49)
    RESAMPLE_CASE(50)
    RESAMPLE_CASE(51)
    RESAMPLE_CASE(52)
    RESAMPLE_CASE(53)
    RESAMPLE_CASE(54)
    RESAMPLE_CASE(55)
    RESAMPLE_CASE(56)
    RESAMPLE_CASE(57)
    RESAMPLE_CASE(58)
    RESAMPLE_CASE(59)
    RESAMPLE_CASE(60)
    RESAMPLE_CASE(61)
    RESAMPLE_CASE(62)
    RESAMPLE_CASE(63)
    RESAMPLE_CASE(64)
    default:
        for (size_t i = 0; i < n; i++)
            sum += x[bounded_draw(rng, d)];
        break;
    }
    return sum / (double)n;
}

#undef RESAMPLE_CASE

/* Moves the k-th smallest of x[0..n-1] (0-based) to x[k], smaller ones
 * before it and larger ones after (Hoare's selection with a median-of-three
 * pivot). The value at x[k] is the sorted array's x[k], ties included: an
 * order statistic does not depend on how it was found. */
static void select_kth(double *x, size_t n, size_t kk)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, k = (ptrdiff_t)kk;
    while (hi > lo) {
        ptrdiff_t mid = lo + (hi - lo) / 2;
        /* order x[lo], x[mid], x[hi]; the median is the pivot, and the
         * outer two stop both scans inside [lo, hi] */
        if (x[mid] < x[lo]) { double t = x[mid]; x[mid] = x[lo]; x[lo] = t; }
        if (x[hi] < x[lo]) { double t = x[hi]; x[hi] = x[lo]; x[lo] = t; }
        if (x[hi] < x[mid]) { double t = x[hi]; x[hi] = x[mid]; x[mid] = t; }
        double pivot = x[mid];
        ptrdiff_t i = lo, j = hi;
        do {
            while (x[i] < pivot)
                i++;
            while (pivot < x[j])
                j--;
            if (i <= j) {
                double t = x[i];
                x[i] = x[j];
                x[j] = t;
                i++;
                j--;
            }
        } while (i <= j);
        /* now x[lo..j] <= pivot <= x[i..hi], and anything between equals
         * the pivot */
        if (j < k)
            lo = i;
        if (k < i)
            hi = j;
    }
}

/* R's type 7 quantile from the order statistics x(lo) = a and
 * x(lo+1) = b, h = (n - 1) * prob: the formula of a sorted array's
 * quantile, so the result is the same to the last bit. */
static double type7(double a, double b, double h, size_t lo)
{
    return a + (h - (double)lo) * (b - a);
}

/* The two tail quantiles (R's type 7) that sorting x and interpolating
 * between neighbouring order statistics would give, found by selection in
 * O(n): each needs x(lo) and x(lo+1) only. x is reordered. */
static void tail_quantiles_select(double *x, size_t n, double tail,
                                  double *qlo, double *qhi)
{
    double probs[2] = {tail, 1.0 - tail};
    double *outs[2] = {qlo, qhi};
    size_t from = 0; /* x[0..from-1] holds the smallest from values */
    for (int q = 0; q < 2; q++) {
        double h = (double)(n - 1) * probs[q];
        size_t lo = (size_t)floor(h);
        if (lo + 1 >= n) {
            double mx = x[from];
            for (size_t i = from + 1; i < n; i++)
                if (x[i] > mx)
                    mx = x[i];
            *outs[q] = mx;
            continue;
        }
        if (lo < from)
            from = 0; /* not for tail < 0.5; correct anyway */
        select_kth(x + from, n - from, lo - from);
        double b = x[lo + 1];
        for (size_t i = lo + 2; i < n; i++)
            if (x[i] < b)
                b = x[i];
        *outs[q] = type7(x[lo], b, h, lo);
        from = lo + 1;
    }
}

/* select_kth without a branch on the values: Lomuto's partition with
 * the swap always made (x[i] and x[st] trade places; st moves on when
 * the value was below the pivot), so a random order costs no
 * mispredicted jumps, which were most of the time of a selection in a
 * tail of some 80 values. When the k-th is not left of the pivot, the
 * values equal to it are gathered next to it in a second pass, so ties
 * end the search instead of making it quadratic. Same order statistic
 * at x[k], smaller ones before, larger ones after. */
static void select_kth_nobranch(double *x, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (hi > lo) {
        size_t mid = lo + (hi - lo) / 2;
        /* the median of three as the pivot, at x[hi] */
        if (x[mid] < x[lo]) { double t = x[mid]; x[mid] = x[lo]; x[lo] = t; }
        if (x[hi] < x[lo]) { double t = x[hi]; x[hi] = x[lo]; x[lo] = t; }
        if (x[mid] < x[hi]) { double t = x[hi]; x[hi] = x[mid]; x[mid] = t; }
        double pv = x[hi];
        size_t st = lo;
        for (size_t i = lo; i < hi; i++) {
            double v = x[i];
            x[i] = x[st];
            x[st] = v;
            st += v < pv;
        }
        x[hi] = x[st];
        x[st] = pv;
        /* x[lo..st-1] < pv = x[st] <= x[st+1..hi] */
        if (k < st) {
            hi = st - 1;
            continue;
        }
        size_t eq = st + 1;
        for (size_t i = st + 1; i <= hi; i++) {
            double v = x[i];
            x[i] = x[eq];
            x[eq] = v;
            eq += !(pv < v);
        }
        /* x[st..eq-1] == pv < x[eq..hi] */
        if (k < eq)
            return;
        lo = eq;
    }
}

/* The type 7 quantile at h (whose order statistics are x(lo) and
 * x(lo+1) of the whole sample) from a tail t that holds them as its l-th
 * and (l+1)-th smallest (from 0): select on the tail alone. */
static double tail_pick(double *t, size_t nt, size_t l, double h, size_t lo)
{
    select_kth_nobranch(t, nt, l);
    double b = t[l + 1];
    for (size_t i = l + 2; i < nt; i++)
        if (t[i] < b)
            b = t[i];
    return type7(t[l], b, h, lo);
}

/* The same quantiles, usually without touching most of x twice: the
 * values below mean - z sd (and above mean + z sd) are copied to buf
 * (room for n); when there are more of them than the rank sought, the
 * order statistics of the tail are those of the copy, since every value
 * left out is beyond the threshold. z = 1.75 keeps about 4% of a normal
 * shape on each side, enough for a 2.5% tail (the fewer copied, the less
 * to select from); a lighter tail (a skewed shape) tries a smaller z, and
 * what is still short (constant or far skewed values) goes to the full
 * selection. mean and sd only place the thresholds: the quantiles are
 * exact whatever they are. The copy is branch-free: each value is
 * written to both tails and kept where it belongs, since a branch on
 * random data mispredicts often. */
/* How many of x are below tlo and above thi: comparisons summed, a loop
 * the compiler makes of vectors, so a threshold that keeps too few costs
 * little before the copy. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    defined(__GLIBC__) && !defined(BDB_NO_TARGET_CLONES)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static void count_tails(const double *x, size_t n, double tlo, double thi,
                        size_t *nlo, size_t *nhi)
{
    size_t a = 0, b = 0;
    for (size_t i = 0; i < n; i++) {
        a += x[i] < tlo;
        b += x[i] > thi;
    }
    *nlo = a;
    *nhi = b;
}

/* copy_tails from x[i0] on, the low tail's next slot buf[a], the high
 * one's buf[b]. No branch on the values: each is written to the next
 * slot of one tail and kept there only if it belongs (a high value to
 * the high tail, any other to the low one). A value of neither tail
 * means the tails leave a slot free (a < the high tail's start), so
 * its write never lands on a kept value. */
static void copy_tails_from(const double *x, size_t i0, size_t n, double tlo,
                            double thi, double *buf, size_t a, size_t b)
{
    for (size_t i = i0; i < n; i++) {
        double v = x[i];
        size_t h = v > thi, mask = (size_t)0 - h;
        buf[a ^ ((a ^ b) & mask)] = v;
        a += v < tlo;
        b += h;
    }
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && \
    !defined(BDB_NO_TARGET_CLONES)
#include <immintrin.h>
#define BDB_TAILS_AVX512 1

/* copy_tails with AVX-512's compressing stores: eight values compared
 * and the selected ones written packed, two stores per eight values. */
__attribute__((target("avx512f")))
static void copy_tails_avx512(const double *x, size_t n, double tlo,
                              double thi, double *buf, size_t nhi)
{
    __m512d vlo = _mm512_set1_pd(tlo), vhi = _mm512_set1_pd(thi);
    double *lo = buf, *hi = buf + nhi;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d v = _mm512_loadu_pd(x + i);
        __mmask8 ml = _mm512_cmp_pd_mask(v, vlo, _CMP_LT_OQ);
        __mmask8 mh = _mm512_cmp_pd_mask(vhi, v, _CMP_LT_OQ);
        _mm512_mask_compressstoreu_pd(lo, ml, v);
        _mm512_mask_compressstoreu_pd(hi, mh, v);
        lo += __builtin_popcount((unsigned)ml);
        hi += __builtin_popcount((unsigned)mh);
    }
    copy_tails_from(x, i, n, tlo, thi, buf, (size_t)(lo - buf),
                    (size_t)(hi - buf));
}
#endif

/* The values of x below tlo to buf[0..], those above thi to buf[nhi..]
 * (count_tails' counts place them; buf has room for n, and values
 * neither low nor high land only on slots a later one overwrites or
 * past the tails). The order within a tail is of no matter: only order
 * statistics are taken from it. */
static void copy_tails(const double *x, size_t n, double tlo, double thi,
                       double *buf, size_t nhi)
{
#ifdef BDB_TAILS_AVX512
    static int avx512 = -1;
    if (avx512 < 0) {
        /* BDB_STATS_PORTABLE=1 takes the portable loop (the tests check
         * both give the same intervals) */
        const char *env = getenv("BDB_STATS_PORTABLE");
        avx512 = __builtin_cpu_supports("avx512f") && !(env && *env == '1');
    }
    if (avx512) {
        copy_tails_avx512(x, n, tlo, thi, buf, nhi);
        return;
    }
#endif
    copy_tails_from(x, 0, n, tlo, thi, buf, 0, nhi);
}

static void tail_quantiles_ms(double *x, size_t n, double tail, double *buf,
                              double mean, double sd, double *qlo,
                              double *qhi)
{
    double h1 = (double)(n - 1) * tail, h2 = (double)(n - 1) * (1.0 - tail);
    size_t l1 = (size_t)floor(h1), l2 = (size_t)floor(h2);
    if (n < 64 || l2 + 1 >= n || l1 >= l2) {
        tail_quantiles_select(x, n, tail, qlo, qhi);
        return;
    }
    size_t top = n - 1 - l2; /* x(l2) is the top-th largest, from 0 */
    static const double zs[] = {1.75, 1.25, 0.5};
    for (size_t zi = 0; sd > 0.0 && zi < sizeof zs / sizeof *zs; zi++) {
        double tlo = mean - zs[zi] * sd, thi = mean + zs[zi] * sd;
        if (!(tlo < thi))
            break;
        size_t nlo, chi;
        count_tails(x, n, tlo, thi, &nlo, &chi);
        if (nlo < l1 + 2 || chi < top + 2)
            continue;
        size_t nhi = n - chi; /* the high tail goes to buf[nhi..n-1] */
        copy_tails(x, n, tlo, thi, buf, nhi);
        *qlo = tail_pick(buf, nlo, l1, h1, l1);
        /* x(l2) is the (chi - 1 - top)-th of the high tail, from 0 */
        *qhi = tail_pick(buf + nhi, chi, chi - 1 - top, h2, l2);
        return;
    }
    tail_quantiles_select(x, n, tail, qlo, qhi);
}

static void mean_sd(const double *x, size_t n, double *mean, double *sd)
{
    double sum = 0.0, sq = 0.0;
    for (size_t i = 0; i < n; i++) {
        sum += x[i];
        sq += x[i] * x[i];
    }
    *mean = sum / (double)n;
    double var = sq / (double)n - *mean * *mean;
    *sd = var > 0.0 ? sqrt(var) : 0.0;
}

static void tail_quantiles(double *x, size_t n, double tail, double *buf,
                           double *qlo, double *qhi)
{
    double mean = 0.0, sd = 0.0;
    if (n >= 64)
        mean_sd(x, n, &mean, &sd);
    tail_quantiles_ms(x, n, tail, buf, mean, sd, qlo, qhi);
}

void bdb_stats_ratio_seeds(uint64_t seed, uint64_t *seed_a, uint64_t *seed_b)
{
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, seed);
    *seed_a = bdb_stats_rng_next(&rng);
    *seed_b = bdb_stats_rng_next(&rng);
}

/* The draws as the header defines them, one word at a time: the
 * reference, and the way when a word is rejected (the chance is n / 2^32
 * per draw, about once in 400 million for 10 values). */
static void draw_careful(bdb_stats_rng *rng, uint32_t *idx, size_t nd,
                         uint32_t n, uint32_t t)
{
    uint64_t word = 0;
    int half = 0; /* 32-bit halves left in word */
    for (size_t i = 0; i < nd; i++) {
        uint64_t m;
        do {
            if (!half) {
                word = bdb_stats_rng_next(rng);
                half = 2;
            }
            m = (word & UINT32_MAX) * n;
            word >>= 32;
            half--;
        } while ((uint32_t)m < t);
        idx[i] = (uint32_t)(m >> 32);
    }
}

/* The draws of draw_careful when no word is rejected, with no branch but
 * the loop's; returns nonzero when a word was rejected (the indexes are
 * then wrong). Integer arithmetic only, so where the compiler can make a
 * copy for wider vectors (x86-64 with glibc's ifunc: AVX2, AVX-512,
 * which has the 64-bit multiply splitmix64 needs) every copy draws the
 * same indexes; this loop was a third of the bootstrap's time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    defined(__GLIBC__) && !defined(BDB_NO_TARGET_CLONES)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static uint32_t draw_fast(uint64_t seed, uint32_t *idx, size_t nd,
                          uint32_t nn, uint32_t t)
{
    bdb_stats_rng r; /* a local state the vectoriser can follow */
    bdb_stats_rng_seed(&r, seed);
    bdb_stats_rng *rng = &r;
    uint32_t bad = 0;
    size_t i = 0;
    for (; i + 2 <= nd; i += 2) {
        uint64_t w = bdb_stats_rng_next(rng);
        uint64_t m0 = (w & UINT32_MAX) * nn, m1 = (w >> 32) * nn;
        bad |= (uint32_t)((uint32_t)m0 < t) | (uint32_t)((uint32_t)m1 < t);
        idx[i] = (uint32_t)(m0 >> 32);
        idx[i + 1] = (uint32_t)(m1 >> 32);
    }
    if (i < nd) {
        uint64_t m0 = (bdb_stats_rng_next(rng) & UINT32_MAX) * nn;
        bad |= (uint32_t)((uint32_t)m0 < t);
        idx[i] = (uint32_t)(m0 >> 32);
    }
    return bad;
}

int bdb_stats_resampling_draw(bdb_stats_resampling *rs, size_t n,
                              size_t resamples, uint64_t seed)
{
    if (!rs || n == 0 || n > UINT32_MAX)
        return BDB_EUSAGE;
    if (resamples == 0)
        resamples = BDB_STATS_BOOTSTRAP_DEFAULT;
    if (resamples > SIZE_MAX / sizeof *rs->idx / n)
        return BDB_ENOMEM;
    size_t nd = resamples * n;
    if (nd > rs->cap) {
        uint32_t *p = realloc(rs->idx, nd * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        rs->idx = p;
        rs->cap = nd;
    }
    rs->n = n;
    rs->resamples = resamples;
    uint32_t nn = (uint32_t)n;
    uint32_t t = (uint32_t)(-nn) % nn; /* 2^32 mod n */
    /* A rejected word anywhere sends the whole draw to the careful loop,
     * from the seed again, so both ways give the same indexes. */
    if (draw_fast(seed, rs->idx, nd, nn, t)) {
        bdb_stats_rng rng;
        bdb_stats_rng_seed(&rng, seed);
        draw_careful(&rng, rs->idx, nd, nn, t);
    }
    return BDB_OK;
}

void bdb_stats_resampling_free(bdb_stats_resampling *rs)
{
    if (!rs)
        return;
    free(rs->idx);
    rs->idx = NULL;
    rs->cap = rs->n = rs->resamples = 0;
}

/* Resamples side by side: one resample's sum is a chain of dependent
 * additions, several of them keep the adder busy. */
#define MEANS_LANES 8

int bdb_stats_resampled_means(const bdb_stats_resampling *rs, const double *x,
                              double *means)
{
    if (!rs || !means || (!x && rs->n > 0) || (!rs->idx && rs->resamples))
        return BDB_EUSAGE;
    size_t n = rs->n, B = rs->resamples, k = 0;
    const uint32_t *idx = rs->idx;
    double dn = (double)n;
    for (; k + MEANS_LANES <= B; k += MEANS_LANES) {
        double sum[MEANS_LANES] = {0};
        const uint32_t *p = idx + k * n;
        for (size_t i = 0; i < n; i++)
            for (size_t l = 0; l < MEANS_LANES; l++)
                sum[l] += x[p[l * n + i]];
        for (size_t l = 0; l < MEANS_LANES; l++)
            means[k + l] = sum[l] / dn;
    }
    for (; k < B; k++) {
        double sum = 0.0;
        const uint32_t *p = idx + k * n;
        for (size_t i = 0; i < n; i++)
            sum += x[p[i]];
        means[k] = sum / dn;
    }
    return BDB_OK;
}

/* Samples summed side by side by bdb_stats_resampled_means_many: one
 * row of the transposed values is one vector (AVX-512) or two (AVX2). */
#define MANY_LANES 8

/* The sums of one group of MANY_LANES samples, t[j * MANY_LANES + l] the
 * j-th value of sample l (t 64-byte aligned): each lane is its own chain
 * of additions in draw order, so vector lanes give the scalar loop's
 * bits. Four resamples at once: a sum is a chain of dependent adds, four
 * chains keep the adder busy. */
#if defined(__GNUC__)
typedef double many_vec __attribute__((vector_size(MANY_LANES * sizeof(double))));
#endif

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    defined(__GLIBC__) && !defined(BDB_NO_TARGET_CLONES)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static void means_group(const uint32_t *idx, size_t n, size_t B,
                        const double *t, size_t lanes, double *means)
{
    double dn = (double)n;
    size_t k = 0;
#if defined(__GNUC__)
    const many_vec *tv = (const many_vec *)(const void *)t;
    for (; k + 4 <= B; k += 4) {
        many_vec s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
        const uint32_t *p = idx + k * n;
        for (size_t i = 0; i < n; i++) {
            s0 += tv[p[i]];
            s1 += tv[p[n + i]];
            s2 += tv[p[2 * n + i]];
            s3 += tv[p[3 * n + i]];
        }
        for (size_t l = 0; l < lanes; l++) {
            means[l * B + k] = s0[l] / dn;
            means[l * B + k + 1] = s1[l] / dn;
            means[l * B + k + 2] = s2[l] / dn;
            means[l * B + k + 3] = s3[l] / dn;
        }
    }
#endif
    for (; k < B; k++) {
        double sum[MANY_LANES] = {0};
        const uint32_t *p = idx + k * n;
        for (size_t i = 0; i < n; i++) {
            const double *row = t + (size_t)p[i] * MANY_LANES;
            for (size_t l = 0; l < MANY_LANES; l++)
                sum[l] += row[l];
        }
        for (size_t l = 0; l < lanes; l++)
            means[l * B + k] = sum[l] / dn;
    }
}

int bdb_stats_resampled_means_many(const bdb_stats_resampling *rs,
                                   const double *const *xs, size_t m,
                                   double *means)
{
    if (!rs || (!means && m > 0) || (!xs && m > 0) ||
        (!rs->idx && rs->resamples))
        return BDB_EUSAGE;
    size_t n = rs->n, B = rs->resamples;
    for (size_t j = 0; j < m; j++)
        if (!xs[j] && n > 0)
            return BDB_EUSAGE;
    if (m == 0 || B == 0)
        return BDB_OK;
    if (m == 1)
        return bdb_stats_resampled_means(rs, xs[0], means);
    /* 64 values (a cell's repetitions) fit on the stack */
    _Alignas(64) double stack[64 * MANY_LANES];
    double *t = stack;
    if (n > 64) {
        if (n > SIZE_MAX / (MANY_LANES * sizeof *t))
            return BDB_ENOMEM;
        /* a multiple of 64 bytes, as aligned_alloc wants */
        t = aligned_alloc(64, n * MANY_LANES * sizeof *t);
        if (!t)
            return BDB_ENOMEM;
    }
    for (size_t j0 = 0; j0 < m; j0 += MANY_LANES) {
        size_t lanes = m - j0 < MANY_LANES ? m - j0 : MANY_LANES;
        for (size_t i = 0; i < n; i++)
            for (size_t l = 0; l < MANY_LANES; l++)
                t[i * MANY_LANES + l] = l < lanes ? xs[j0 + l][i] : 0.0;
        means_group(rs->idx, n, B, t, lanes, means + j0 * B);
    }
    if (t != stack)
        free(t);
    return BDB_OK;
}

/* r[k] = mb[k] / ma[k], and the mean and sd that place the tail
 * thresholds. The divisions are a loop of their own (vectors of them);
 * the sums run in 8 lanes, since one chain of adds was the loop's pace
 * and the thresholds need no particular rounding. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    defined(__GLIBC__) && !defined(BDB_NO_TARGET_CLONES)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static void ratios_mean_sd(const double *ma, const double *mb, size_t n,
                           double *r, double *mean, double *sd)
{
    for (size_t k = 0; k < n; k++)
        r[k] = mb[k] / ma[k];
    double sum[8] = {0}, sq[8] = {0};
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        for (size_t l = 0; l < 8; l++) {
            sum[l] += r[k + l];
            sq[l] += r[k + l] * r[k + l];
        }
    for (; k < n; k++) {
        sum[0] += r[k];
        sq[0] += r[k] * r[k];
    }
    double s = 0.0, q = 0.0;
    for (size_t l = 0; l < 8; l++) {
        s += sum[l];
        q += sq[l];
    }
    *mean = s / (double)n;
    double var = q / (double)n - *mean * *mean;
    *sd = var > 0.0 ? sqrt(var) : 0.0;
}

int bdb_stats_ratio_interval(const double *ma, const double *mb,
                             size_t resamples, double *scratch, double *lo,
                             double *hi)
{
    if (!lo || !hi)
        return BDB_EUSAGE;
    *lo = *hi = NAN;
    if (resamples == 0)
        return BDB_OK;
    if (!ma || !mb || !scratch)
        return BDB_EUSAGE;
    double mean, sd;
    ratios_mean_sd(ma, mb, resamples, scratch, &mean, &sd);
    tail_quantiles_ms(scratch, resamples, (1.0 - BDB_STATS_CONFIDENCE) / 2.0,
                      scratch + resamples, mean, sd, lo, hi);
    return BDB_OK;
}

int bdb_stats_ratio_bootstrap(const double *a, size_t na, const double *b,
                              size_t nb, size_t resamples, uint64_t seed,
                              bdb_ratio *out)
{
    if (!out || (!a && na > 0) || (!b && nb > 0))
        return BDB_EUSAGE;
    out->ratio = out->ci_lo = out->ci_hi = NAN;
    out->resamples = 0;
    for (size_t i = 0; i < na; i++)
        if (!(isfinite(a[i]) && a[i] > 0.0))
            return BDB_ERANGE;
    for (size_t i = 0; i < nb; i++)
        if (!(isfinite(b[i]) && b[i] > 0.0))
            return BDB_ERANGE;
    if (na == 0 || nb == 0)
        return BDB_OK;
    out->ratio = mean_of(b, nb) / mean_of(a, na);
    if (na < 2 || nb < 2)
        return BDB_OK;
    if (na > UINT32_MAX || nb > UINT32_MAX)
        return BDB_ERANGE;
    if (resamples == 0)
        resamples = BDB_STATS_BOOTSTRAP_DEFAULT;
    if (resamples > SIZE_MAX / (4 * sizeof(double)))
        return BDB_ENOMEM;
    /* the means of a and b, then room for the ratios and the quantiles */
    double *m = malloc(4 * resamples * sizeof *m);
    if (!m)
        return BDB_ENOMEM;
    uint64_t sa, sb;
    bdb_stats_ratio_seeds(seed, &sa, &sb);
    bdb_stats_resampling rs = {0};
    int rc = bdb_stats_resampling_draw(&rs, na, resamples, sa);
    if (!rc)
        rc = bdb_stats_resampled_means(&rs, a, m);
    if (!rc)
        rc = bdb_stats_resampling_draw(&rs, nb, resamples, sb);
    if (!rc)
        rc = bdb_stats_resampled_means(&rs, b, m + resamples);
    if (!rc)
        rc = bdb_stats_ratio_interval(m, m + resamples, resamples,
                                      m + 2 * resamples, &out->ci_lo,
                                      &out->ci_hi);
    bdb_stats_resampling_free(&rs);
    free(m);
    if (rc) {
        out->ci_lo = out->ci_hi = NAN;
        return rc;
    }
    out->resamples = resamples;
    return BDB_OK;
}

/* The splitmix64 increment (bdb_stats_rng_next): after j outputs the
 * state of a stream seeded with seed is seed + j * GOLDEN. */
#define GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* raw[j] = output pos + j + 1 of the stream seeded with seed, for j <
 * nd; returns nonzero when one of them is at or past limit (the draw
 * rejects it, so the positions after it shift). Each output depends on
 * its position alone, so the loop is one of vectors. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    defined(__GLIBC__) && !defined(BDB_NO_TARGET_CLONES)
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#endif
static int raw_outputs(uint64_t seed, uint64_t pos, uint64_t *raw, size_t nd,
                       uint64_t limit)
{
    uint64_t s = seed + pos * GOLDEN;
    uint64_t bad = 0;
    for (size_t j = 0; j < nd; j++) {
        uint64_t z = s + (uint64_t)(j + 1) * GOLDEN;
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        z ^= z >> 31;
        raw[j] = z;
        bad |= (uint64_t)(z >= limit);
    }
    return bad != 0;
}

/* Resamples side by side in the scores' bootstrap */
#define SCORE_LANES 8
/* Draws of each lane made at once: a block of all lanes stays in the
 * first-level cache, however many ratios a score has */
#define SCORE_BLOCK 512

/* means[k] = resample_mean(stream seeded with seed, x, n) for k <
 * resamples, as one stream drawn in order: bit for bit the serial loop.
 * Past 64 values the draws of SCORE_LANES resamples are made together
 * (their positions are known while no output is rejected, about once in
 * 2^64 / n), SCORE_BLOCK of each lane at a time, and summed side by side,
 * each sum in draw order: the serial loop was one chain of dependent
 * adds. A rejected output sends the rest to the serial loop, from the
 * state it would have there. (All of a batch's draws were held at once,
 * 64 bytes a value, and past 65,536 values a score went back to one lane:
 * a lab's 4M-result report spent a quarter of its time here.) */
static void resample_means_serial_or_fast(uint64_t seed, const double *x,
                                          size_t n, size_t resamples,
                                          double *means)
{
    bounded d;
    bounded_init(&d, n);
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, seed);
    size_t k = 0;
    uint64_t *raw = NULL;
    const size_t lanes = SCORE_LANES;
    size_t blk = n < SCORE_BLOCK ? n : SCORE_BLOCK;
    if (n > 64 && d.m)
        raw = malloc(lanes * blk * sizeof *raw);
    uint64_t pos = 0; /* outputs used so far */
#if defined(__SIZEOF_INT128__)
    while (raw && k + lanes <= resamples) {
        double sum[SCORE_LANES] = {0};
        int bad = 0;
        for (size_t i0 = 0; i0 < n && !bad; i0 += blk) {
            size_t len = n - i0 < blk ? n - i0 : blk;
            for (size_t l = 0; l < lanes && !bad; l++)
                bad = raw_outputs(seed, pos + l * n + i0, raw + l * blk, len,
                                  d.limit);
            if (bad)
                break; /* a rejection: the serial loop from pos */
            for (size_t l = 0; l < lanes; l++) {
                uint64_t *lr = raw + l * blk;
                for (size_t j = 0; j < len; j++) {
                    uint64_t v = lr[j];
                    uint64_t q = (uint64_t)(((unsigned __int128)v * d.m) >> 64);
                    uint64_t r = v - q * d.bound;
                    lr[j] = r >= d.bound ? r - d.bound : r;
                }
            }
            for (size_t i = 0; i < len; i++)
                for (size_t l = 0; l < lanes; l++)
                    sum[l] += x[raw[l * blk + i]];
        }
        if (bad)
            break;
        for (size_t l = 0; l < lanes; l++)
            means[k + l] = sum[l] / (double)n;
        k += lanes;
        pos += lanes * n;
    }
#endif
    free(raw);
    rng.state = seed + pos * GOLDEN;
    for (; k < resamples; k++)
        means[k] = resample_mean(&rng, x, &d);
}

int bdb_stats_geomean_ratios(const double *r, size_t n, size_t resamples,
                             uint64_t seed, bdb_geomean *out)
{
    if (!out || (!r && n > 0))
        return BDB_EUSAGE;
    out->geomean = out->ci_lo = out->ci_hi = NAN;
    out->n_used = out->n_excluded = out->resamples = 0;
    if (n == 0)
        return BDB_OK;
    double *logs = malloc(n * sizeof *logs);
    if (!logs)
        return BDB_ENOMEM;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        if (isfinite(r[i]) && r[i] > 0.0)
            logs[used++] = log(r[i]);
    }
    out->n_used = used;
    out->n_excluded = n - used;
    if (used == 0) {
        free(logs);
        return BDB_OK;
    }
    out->geomean = exp(mean_of(logs, used));
    if (used < 2) {
        free(logs);
        return BDB_OK;
    }
    if (resamples == 0)
        resamples = BDB_STATS_BOOTSTRAP_DEFAULT;
    double *m = resamples <= SIZE_MAX / (2 * sizeof(double))
                    ? malloc(2 * resamples * sizeof *m)
                    : NULL;
    if (!m) {
        free(logs);
        return BDB_ENOMEM;
    }
    resample_means_serial_or_fast(seed, logs, used, resamples, m);
    double qlo, qhi;
    tail_quantiles(m, resamples, (1.0 - BDB_STATS_CONFIDENCE) / 2.0,
                   m + resamples, &qlo, &qhi);
    out->ci_lo = exp(qlo);
    out->ci_hi = exp(qhi);
    out->resamples = resamples;
    free(m);
    free(logs);
    return BDB_OK;
}

double bdb_stats_orient(double ratio, int better)
{
    if (!(isfinite(ratio) && ratio > 0.0))
        return NAN;
    return better < 0 ? 1.0 / ratio : ratio;
}

double bdb_stats_speedup(double a, double b, int better)
{
    if (!(isfinite(a) && a > 0.0 && isfinite(b) && b > 0.0))
        return NAN;
    return bdb_stats_orient(b / a, better);
}

void bdb_stats_orient_interval(double *lo, double *hi, int better)
{
    double l = bdb_stats_orient(*lo, better), h = bdb_stats_orient(*hi, better);
    if (better < 0) {
        *lo = h;
        *hi = l;
    } else {
        *lo = l;
        *hi = h;
    }
}
