/* test_decide_sim.c - false alarms and power of check's decision rule
 * (decide.c) and of history's change points (changepoint.c), measured by
 * simulation on the empirical noise of real runs kept in samples/.
 *
 * Noise: each group of repetitions of one command under one condition
 * (redis-benchmark before, after and flat, samples/redis-benchmark/
 * regression-*; ab, fio, openssl speed and GNU time, samples/<tool>/noise-*) is parsed, and
 * each headline series (requests/s, IOPS, bytes/s, elapsed seconds) gives
 * its relative residuals v / mean - 1. A draw picks a series, then values
 * 1000 (1 + r) with r drawn from its residuals by the smoothed bootstrap
 * (see draw); the new side is made worse by a shift (a throughput times
 * 1 - shift, a time divided by it).
 *
 * Measured: the share of comparisons check calls a regression, at n = 1,
 * 3, 5, 10 a side and shifts 0, 5, 10, 20, 50%; the share of checks of
 * every headline series at once with any false alarm (A/A); and for
 * history, the share of ten one-run sets with the step at the sixth where
 * exactly that change point is found, and of flat ones with any. Targets
 * (issue 20): A/A false alarms <= 5% at the default threshold (each
 * comparison, and a whole check of every series); >= 95% of a 20% shift
 * found at n = 5 on series as quiet as the (CV <= 7%; noisier
 * ones are in the README's table), and of a 50% shift on all; >= 95% of a
 * 50% step found in a one-run history of ten sets, <= 5% of flat ones with
 * a change point. A fixed seed makes the run deterministic.
 *
 * `test_decide_sim --table N` prints the README's table with N trials a
 * cell. */
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bdb_error.h"
#include "changepoint.h"
#include "decide.h"
#include "stats.h"

#define MAX_POOLS 64
#define MAX_VALUES 16

typedef struct pool {
    char name[600];
    double r[MAX_VALUES];
    size_t n;
    int better;
    double h, shrink;   /* the smoothed bootstrap's bandwidth and scale */
} pool;

static pool pools[MAX_POOLS];
static size_t npools;

static const struct {
    const char *group, *tool, *stem;   /* files: stem-<i>.<ext> */
    int width, count;
    const char *ext;
    const char *metrics;               /* headline metrics, '|' around */
} groups[] = {
    {"redis before", NULL, "samples/redis-benchmark/regression-before", 1, 5, "csv",
     "|requests_per_sec|"},
    {"redis after", NULL, "samples/redis-benchmark/regression-after", 1, 5, "csv",
     "|requests_per_sec|"},
    {"redis flat", NULL, "samples/redis-benchmark/regression-flat", 2, 10, "csv",
     "|requests_per_sec|"},
    {"ab", NULL, "samples/ab/noise", 1, 5, "txt",
     "|requests_per_sec|transfer_rate|"},
    {"fio", NULL, "samples/fio/noise", 1, 5, "txt",
     "|iops|bandwidth|"},
    {"openssl", "openssl-speed", "samples/openssl-speed/noise", 1, 5,
     "txt", "|throughput|"},
    {"time", "time", "samples/time/noise", 1, 5, "txt",
     "|real|"},
};

static pool *pool_of(const char *name, int better)
{
    for (size_t i = 0; i < npools; i++)
        if (strcmp(pools[i].name, name) == 0)
            return &pools[i];
    if (npools == MAX_POOLS)
        fail_msg("more than %d noise series", MAX_POOLS);
    pool *p = &pools[npools++];
    snprintf(p->name, sizeof p->name, "%s", name);
    p->better = better;
    return p;
}

/* Parses every group and turns each headline series into residuals. */
static void load_pools(void)
{
    npools = 0;
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        size_t first = npools;
        for (int i = 1; i <= groups[g].count; i++) {
            char rel[256], key[600];
            snprintf(rel, sizeof rel, "%s-%0*d.%s", groups[g].stem,
                     groups[g].width, i, groups[g].ext);
            bdb_sink s;
            tu_parse_ok(rel, groups[g].tool, &s);
            for (size_t k = 0; k < s.n; k++) {
                const bdb_sample *x = &s.samples[k];
                char m[80];
                snprintf(m, sizeof m, "|%s|", x->metric);
                if (!strstr(groups[g].metrics, m))
                    continue;
                snprintf(key, sizeof key, "%s %s %s", groups[g].group,
                         x->benchmark, x->metric);
                pool *p = pool_of(key, x->better > 0 ? 1 : -1);
                if (p->n == MAX_VALUES)
                    fail_msg("%s: more than %d values", key, MAX_VALUES);
                p->r[p->n++] = x->value;
            }
            bdb_sink_free(&s);
        }
        if (npools == first)
            fail_msg("%s: no headline figure", groups[g].group);
        for (size_t k = first; k < npools; k++) {
            pool *p = &pools[k];
            if (p->n != (size_t)groups[g].count)
                fail_msg("%s: %zu values from %d files", p->name, p->n,
                         groups[g].count);
            double mean = 0;
            for (size_t i = 0; i < p->n; i++)
                mean += p->r[i] / (double)p->n;
            double var = 0;
            for (size_t i = 0; i < p->n; i++) {
                p->r[i] = p->r[i] / mean - 1;
                var += p->r[i] * p->r[i] / (double)(p->n - 1);
            }
            /* Silverman's bandwidth; the scale keeps the variance */
            p->h = 1.06 * sqrt(var) * pow((double)p->n, -0.2);
            p->shrink = var > 0 ? 1 / sqrt(1 + p->h * p->h / var) : 1;
        }
    }
}

static bdb_stats_rng rng;

/* A standard normal deviate (Box-Muller on two uniforms in (0, 1)). */
static double normal(void)
{
    double u = ((double)(bdb_stats_rng_next(&rng) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(bdb_stats_rng_next(&rng) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* n values of pool p times factor: the smoothed bootstrap (Efron and
 * Tibshirani, An Introduction to the Bootstrap, 1993, 16.5), a residual
 * drawn with replacement plus a normal kernel of Silverman's bandwidth,
 * scaled back to the residuals' variance. Five runs drawn plainly would
 * repeat values, and repeated values make spreads of zero that no real
 * run has (a t-test then calls any difference certain). */
static void draw(const pool *p, double *x, size_t n, double factor)
{
    for (size_t i = 0; i < n; i++) {
        double r = p->r[bdb_stats_rng_below(&rng, p->n)] + p->h * normal();
        x[i] = 1000 * (1 + p->shrink * r) * factor;
    }
}

/* The worse side of a shift: throughput times 1 - shift, time over it. */
static double worse(const pool *p, double shift)
{
    return p->better > 0 ? 1 - shift : 1 / (1 - shift);
}

/* Share of comparisons of n against n values called a regression, over
 * every series (only < 0) or series only. */
static double check_rate_of(long only, size_t n, double shift, size_t trials)
{
    double a[16], b[16];
    size_t hits = 0;
    for (size_t t = 0; t < trials; t++) {
        const pool *p = &pools[only < 0 ? t % npools : (size_t)only];
        draw(p, a, n, 1);
        draw(p, b, n, worse(p, shift));
        bdb_decide d;
        assert_int_equal(bdb_decide_two(a, n, b, n, p->better, NULL, &d),
                         BDB_OK);
        hits += d.verdict == BDB_DECIDE_WORSE;
    }
    return (double)hits / (double)trials;
}

static double check_rate(size_t n, double shift, size_t trials)
{
    return check_rate_of(-1, n, shift, trials);
}

/* The residuals' coefficient of variation of pool p. */
static double cv_of(const pool *p)
{
    double v = 0;
    for (size_t i = 0; i < p->n; i++)
        v += p->r[i] * p->r[i] / (double)(p->n - 1);
    return sqrt(v);
}

/* Share of A/A checks of every series at once with any regression. */
static double check_family_rate(size_t n, size_t trials)
{
    double a[16], b[16];
    size_t hits = 0;
    for (size_t t = 0; t < trials; t++) {
        int any = 0;
        for (size_t k = 0; k < npools; k++) {
            draw(&pools[k], a, n, 1);
            draw(&pools[k], b, n, 1);
            bdb_decide d;
            assert_int_equal(bdb_decide_two(a, n, b, n, pools[k].better,
                                            NULL, &d), BDB_OK);
            any |= d.verdict == BDB_DECIDE_WORSE;
        }
        hits += any;
    }
    return (double)hits / (double)trials;
}

/* History of ten one-run sets, the step at the sixth: with shift > 0 the
 * share where the change points are exactly {5}; with shift 0 the share
 * with any change point. */
static bdb_cp_opts hist_opts = {0, 0, -1};

static double history_rate(double shift, size_t trials)
{
    double x[10];
    const double *v[10];
    size_t cnt[10];
    size_t hits = 0;
    for (size_t t = 0; t < trials; t++) {
        const pool *p = &pools[t % npools];
        draw(p, x, 5, 1);
        draw(p, x + 5, 5, worse(p, shift));
        for (size_t k = 0; k < 10; k++) {
            v[k] = &x[k];
            cnt[k] = 1;
        }
        bdb_cp *cp;
        size_t ncp;
        assert_int_equal(bdb_changepoints(v, cnt, 10, &hist_opts, &cp, &ncp), BDB_OK);
        if (shift > 0)
            hits += ncp == 1 && cp[0].index == 5;
        else
            hits += ncp > 0;
        free(cp);
    }
    return (double)hits / (double)trials;
}

static const size_t sizes[] = {1, 3, 5, 10};
static const double shifts[] = {0, 0.05, 0.10, 0.20, 0.50};

/* name with '|' made safe for a Markdown table (in a static buffer). */
static const char *md_name(const char *name)
{
    static char out[1200];
    size_t k = 0;
    for (; *name && k + 3 < sizeof out; name++) {
        if (*name == '|')
            out[k++] = '\\';
        out[k++] = *name;
    }
    out[k] = '\0';
    return out;
}

static void print_table(size_t trials)
{
    printf("noise: %zu headline series of real runs\n\n", npools);
    printf("check: share of comparisons flagged as a regression (%zu trials "
           "a cell)\n\n| n per side | 0%% (A/A) | 5%% | 10%% | 20%% | 50%% |\n"
           "|---|---|---|---|---|---|\n", trials);
    for (size_t i = 0; i < 4; i++) {
        printf("| %zu |", sizes[i]);
        for (size_t k = 0; k < 5; k++)
            printf(" %.1f%% |", 100 * check_rate(sizes[i], shifts[k], trials));
        printf("\n");
    }
    printf("\nper series, n = 5 a side: CV of the runs, A/A false alarms, "
           "20%% and 50%% found\n\n| series | CV | 0%% | 20%% | 50%% |\n"
           "|---|---|---|---|---|\n");
    for (size_t k = 0; k < npools; k++)
        printf("| %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n",
               md_name(pools[k].name),
               100 * cv_of(&pools[k]),
               100 * check_rate_of((long)k, 5, 0, trials),
               100 * check_rate_of((long)k, 5, 0.20, trials),
               100 * check_rate_of((long)k, 5, 0.50, trials));
    printf("\ncheck of all %zu series at once, A/A: any false alarm in",
           npools);
    for (size_t i = 0; i < 4; i++)
        printf(" %.1f%% (n=%zu)%s", 100 * check_family_rate(sizes[i],
                                                           trials / 10),
               sizes[i], i < 3 ? "," : "\n");
    printf("\nhistory, ten one-run sets, step at the sixth: exactly that "
           "change point found (0%%: any change point)\n\n| 0%% | 5%% | 10%% "
           "| 20%% | 50%% |\n|---|---|---|---|---|\n|");
    for (size_t k = 0; k < 5; k++)
        printf(" %.1f%% |", 100 * history_rate(shifts[k], trials));
    printf("\n");
}

static void sim__decision_and_change_points__meet_the_targets(void **state)
{
    (void)state;
    const size_t trials = 2000;
    bdb_stats_rng_seed(&rng, 20261205);
    double aa[4];
    for (size_t i = 0; i < 4; i++) {
        aa[i] = check_rate(sizes[i], 0, trials);
        printf("A/A n=%zu: %.2f%%\n", sizes[i], 100 * aa[i]);
        assert_true(aa[i] <= 0.05);
    }
    double family = check_family_rate(5, trials / 4);
    printf("A/A check of %zu series at n=5: %.2f%%\n", npools, 100 * family);
    assert_true(family <= 0.05);
    /* power where the runs are as quiet as the (CV 4.1% and
     * 6.6%): the noisier series here (fio, time and some redis runs on a
     * loaded 2-core machine, CV 8-15%) cannot show a 20% change beyond a
     * 5% floor in five runs, and their rates are in the README's table */
    size_t quiet = 0;
    for (size_t k = 0; k < npools; k++) {
        if (cv_of(&pools[k]) > 0.07)
            continue;
        quiet++;
        double power = check_rate_of((long)k, 5, 0.20, trials / 2);
        printf("20%% at n=5, %s (CV %.1f%%): %.2f%%\n", pools[k].name,
               100 * cv_of(&pools[k]), 100 * power);
        assert_true(power >= 0.95);
    }
    assert_true(quiet >= 5);
    double all = check_rate(5, 0.50, trials);
    printf("50%% at n=5, every series: %.2f%%\n", 100 * all);
    assert_true(all >= 0.95);
    double flat = history_rate(0, trials);
    printf("history flat: %.2f%% with a change point\n", 100 * flat);
    assert_true(flat <= 0.05);
    double step = history_rate(0.50, trials);
    printf("history 50%% step: %.2f%% found at the sixth\n", 100 * step);
    assert_true(step >= 0.95);
}

static int setup(void **state)
{
    (void)state;
    load_pools();
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--history-p") == 0) {
        load_pools();
        bdb_stats_rng_seed(&rng, 20261205);
        hist_opts.max_p = strtod(argv[2], NULL);
        size_t trials = (size_t)strtoul(argv[3], NULL, 10);
        for (size_t k = 0; k < 5; k++)
            printf(" %.1f%%", 100 * history_rate(shifts[k], trials));
        printf("\n");
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--table") == 0) {
        load_pools();
        bdb_stats_rng_seed(&rng, 20261205);
        print_table((size_t)strtoul(argv[2], NULL, 10));
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sim__decision_and_change_points__meet_the_targets),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
