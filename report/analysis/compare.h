/* compare.h - before/after comparisons of run sets, set tags or
 * platforms (benchdb compare, benchstat style) and regression checks
 * (benchdb check), built from the store's results with their sets
 * (rendered by compare_render.c, render.h).
 *
 * Per side the mean with its Student-t 95% interval; the delta of the
 * means with the interval of decide.c's rule, which gives the verdict
 * (the same rule as report's cells); Mann-Whitney U and Welch's t are
 * shown as information, corrected across the table (Holm, or
 * Benjamini-Hochberg); the geometric mean of the oriented ratios (> 1:
 * new is better) ends the table. */
#ifndef BDB_COMPARE_H
#define BDB_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "../common/bdb_buf.h"
#include "../common/bdb_diag.h"
#include "../store/store.h"
#include "decide.h"
#include "stats.h"

typedef enum bdb_cmp_kind {
    BDB_CMP_SET = 0,        /* a run set name */
    BDB_CMP_TAG,            /* "k=v": the sets with this tag */
    BDB_CMP_PLATFORM        /* a platform name */
} bdb_cmp_kind;

typedef struct bdb_cmp_side {
    bdb_cmp_kind kind;
    const char *name;
} bdb_cmp_side;

typedef struct bdb_compare_opts {
    bdb_filter filter;      /* the user's selection */
    bdb_cmp_side old_side, new_side;
    int bh;                 /* 1: Benjamini-Hochberg instead of Holm */
    double alpha;           /* 1 - the decision's interval level; 0: 0.05 */
    uint64_t seed;
    size_t resamples;       /* 0: stats default (the geometric mean) */
    const char *const *ignore;  /* parameter keys left out of the series
                               identity (what changed is a parameter:
                               keepalive=0 vs 1); series that then agree
                               are pooled */
    size_t nignore;
    double threshold;       /* the decision's magnitude floor, a fraction;
                               negative: 0.05; 0: no floor */
} bdb_compare_opts;

typedef enum bdb_cmp_verdict {
    BDB_CMP_SAME = 0,       /* "~": not significant */
    BDB_CMP_BETTER,
    BDB_CMP_WORSE,
    BDB_CMP_UNTESTED,       /* "?": too few values for the test */
    BDB_CMP_NEUTRAL         /* a count or size: changed, neither way */
} bdb_cmp_verdict;

typedef struct bdb_cmp_row {
    char *tool, *benchmark, *metric, *params, *unit, *platform;
    int better;
    char *old_label, *new_label;    /* the sets compared (check) */
    double *old_v, *new_v;
    size_t n_old, n_new;
    bdb_summary old_s, new_s;
    double delta;           /* new mean / old mean - 1, raw */
    double delta_lo, delta_hi; /* the decision's interval of the delta */
    bdb_decide dec;         /* the verdict's rule (decide.h) */
    double speedup;         /* oriented: > 1 new is better */
    bdb_utest mw;
    bdb_ttest welch;
    double p_mw, p_welch;   /* corrected across the table (NaN: none) */
    bdb_cmp_verdict verdict;
    int regression;         /* worse by the rule (check counts them) */
} bdb_cmp_row;

typedef struct bdb_compare {
    bdb_compare_opts opts;
    char old_label[256], new_label[256];
    int check;              /* built by bdb_check_build */
    bdb_cmp_row *rows;
    size_t n, cap;
    size_t only_old, only_new;  /* series on one side only (left out) */
    bdb_geomean geo;        /* of the oriented speedups */
    size_t nregressions, nimprovements;
    size_t shown;           /* rows the table shows (the first); 0: all */
} bdb_compare;

/* Builds the comparison of opts->old_side against opts->new_side for the
 * series of opts->filter. Sets and tags are matched per series and
 * platform; platforms per series. BDB_ENOTFOUND (diag) when no series has
 * values on both sides. */
int bdb_compare_build(bdb_store *st, const bdb_compare_opts *opts,
                      bdb_compare **out, bdb_diag *diag);

/* The same table from the database's aggregates (compare_sums.c): the
 * means, intervals, deltas, Welch's t and verdicts as bdb_compare_build
 * gives them (the variance from sums of squares: see stats.h's
 * bdb_moments_from_sums), no Mann-Whitney U (p NaN) and no values (old_v,
 * new_v NULL). With opts->ignore it is bdb_compare_build. */
int bdb_compare_build_sums(bdb_store *st, const bdb_compare_opts *opts,
                           bdb_compare **out, bdb_diag *diag);

typedef struct bdb_check_opts {
    bdb_filter filter;
    const char *baseline;   /* a set name; NULL: the last_n sets before */
    int last_n;             /* 0: 1 */
    const char *newest;     /* a set name; NULL: each series' newest set */
    double threshold;       /* negative: 0.05; 0: no floor */
    double alpha;           /* 0: 0.05 */
    int bh;
    uint64_t seed;
    const char *const *ignore;  /* as bdb_compare_opts.ignore */
    size_t nignore;
} bdb_check_opts;

/* For each series (and platform) the newest set against the baseline. A
 * series with a single set is left out (counted in only_new). */
int bdb_check_build(bdb_store *st, const bdb_check_opts *opts,
                    bdb_compare **out, bdb_diag *diag);

void bdb_compare_free(bdb_compare *c);

/* The decision rule in force for c (its threshold and level), for the
 * renderers' notes. */
void bdb_compare_decide_opts(const bdb_compare *c, bdb_decide_opts *o);

#endif
