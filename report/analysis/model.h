/* model.h - the report model: results grouped into series x platforms,
 * with statistics across repetitions, comparisons against a baseline,
 * sweeps, category scores and warnings. Renderers only read it.
 *
 * Everything is built from the store's grouped query (aggregated in SQL);
 * the model runs no SQL itself and parses no logs. */
#ifndef BDB_MODEL_H
#define BDB_MODEL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/bdb_platform.h"
#include "../store/store.h"
#include "efficiency.h"
#include "stats.h"

typedef enum bdb_norm {
    BDB_NORM_NONE = 0,
    BDB_NORM_PER_CORE,
    BDB_NORM_PER_THREAD,
    BDB_NORM_PER_GHZ
} bdb_norm;

typedef enum bdb_correction {
    BDB_CORR_HOLM = 0,
    BDB_CORR_BH
} bdb_correction;

typedef struct bdb_report_opts {
    const char *title;
    const char *baseline;       /* platform name; NULL: the first */
    const char *platforms;      /* comma list, in report order; NULL: all */
    bdb_filter filter;          /* tool, benchmark, metric, params */
    bdb_norm normalize;
    bdb_correction correction;  /* of the p shown (information) */
    double threshold;           /* the verdict's magnitude floor (decide.h;
                                   default 0.05, 0: none) */
    uint64_t seed;              /* bootstrap seed (reproducible reports) */
    size_t resamples;           /* bootstrap resamples (default 2000) */
    double noisy_cv;            /* CV above which a cell is noisy (0.05) */
    int min_platforms;          /* drop series on fewer platforms; 0: 2
                                   when the report has 2 or more platforms */
    bdb_cost_opts cost;         /* efficiency inputs */
    const char *const *ignore;  /* --ignore-param: parameter keys left out
                                   of the series identity; series that
                                   then agree are one (values pooled) */
    size_t nignore;
    const char *sweep;          /* --sweep: the one parameter sweeps are
                                   drawn over; NULL: bdb_model_sweep_keys */
    int no_speedup_ci;          /* 1: the output does not show the speedup
                                   interval (text, md, efficiency, charts),
                                   so no comparison is bootstrapped and
                                   no cell has an interval
                                   (bdb_cell_speedup_lo); scores keep
                                   their intervals. 0 (default): made. */
    size_t max_traces;          /* traces of the report's runs kept
                                   (0: BDB_REPORT_TRACES_DEFAULT) */
    size_t max_trace_points;    /* points kept of each (0:
                                   BDB_REPORT_TRACE_POINTS_DEFAULT) */
} bdb_report_opts;

#define BDB_REPORT_TRACES_DEFAULT 24
#define BDB_REPORT_TRACE_POINTS_DEFAULT 1000

void bdb_report_opts_default(bdb_report_opts *o);

typedef enum bdb_verdict {
    BDB_VERDICT_NONE = 0,       /* baseline, missing, or a neutral metric */
    BDB_VERDICT_BETTER,         /* significantly better than the baseline */
    BDB_VERDICT_WORSE,
    BDB_VERDICT_SAME,           /* no significant difference ("~") */
    BDB_VERDICT_UNTESTED        /* too few repetitions for a test */
} bdb_verdict;

/* One series on one platform: its values with where each came from, and
 * what a report needs of every cell at once (the mean, the comparison,
 * the marks). The rest is made on request from the values, as the model
 * made it: bdb_cell_summary (median, sd, cv, intervals) and
 * bdb_cell_tests (Welch's and Mann-Whitney's tests). A lab's report holds
 * a million cells; 344 bytes each were most of its memory, and 80 still
 * were: the speedup's interval, the corrected p and the mean before
 * --normalize, which most cells of a lab's report (one or two values)
 * do not have or need, are their series' (bdb_cell_speedup_lo/hi,
 * bdb_cell_p_adj, bdb_cell_whole_mean): 48 bytes. The count of outliers
 * (their marks counted: bdb_cell_noutliers) and of merged files (a few
 * cells have one: bdb_cell_merged_files) left it too, and the marks are
 * bits: 32 bytes, half a lab's model. */
typedef struct bdb_cell {
    double *values;             /* normalised when a normalisation is on;
                                   in one block with each value's source
                                   id, line and outlier mark (MAD rule):
                                   bdb_cell_source_ids, bdb_cell_lines,
                                   bdb_cell_outliers; its path:
                                   bdb_cell_path. Four pointers more a
                                   cell and a path a value were a third of
                                   a lab's report. NULL: no values held */
    double mean;                /* of the values (bdb_cell_summary's);
                                   the mean as measured, before
                                   --normalize, is bdb_cell_whole_mean */
    /* against the reference platform (bdb_rseries.ref) */
    double speedup;             /* > 1: better than the reference; its
                                   interval: bdb_cell_speedup_lo/hi, the
                                   corrected p of Welch's test where it is
                                   tested: bdb_cell_p_adj */
    uint32_t n;                 /* values held (a cell counts them in 32
                                   bits) */
    unsigned present : 1;
    unsigned noisy : 1;         /* cv above opts.noisy_cv */
    unsigned warned : 1;        /* a source of this cell has warnings */
    unsigned compared : 1;
    unsigned tested : 1;        /* Welch's test could be computed */
    unsigned eff_computed : 1;  /* it has efficiency figures (per watt,
                                   per dollar ...): bdb_cell_efficiency */
    unsigned verdict : 3;       /* bdb_verdict */
} bdb_cell;

/* The source ids, lines and outlier marks of the cell's n values (NULL
 * when it holds no values). */
static inline long long *bdb_cell_source_ids(const bdb_cell *c)
{
    return c->values ? (long long *)(void *)(c->values + c->n) : NULL;
}

static inline int *bdb_cell_lines(const bdb_cell *c)
{
    return c->values ? (int *)(void *)(bdb_cell_source_ids(c) + c->n) : NULL;
}

static inline unsigned char *bdb_cell_outliers(const bdb_cell *c)
{
    return c->values ? (unsigned char *)(bdb_cell_lines(c) + c->n) : NULL;
}

/* How many of the cell's values the MAD rule marks as outliers (its
 * marks counted: three or more values can have one). */
static inline uint32_t bdb_cell_noutliers(const bdb_cell *c)
{
    const unsigned char *o = bdb_cell_outliers(c);
    uint32_t k = 0;
    for (uint32_t i = 0; o && c->n >= 3 && i < c->n; i++)
        k += o[i] != 0;
    return k;
}

typedef struct bdb_rseries {
    long long id;
    char *tool, *benchmark, *metric, *params, *unit;
    const char *unit_per;       /* what --normalize made of the values
                                   (" per core", " x cores"), "" when
                                   they are as measured: unit + unit_per
                                   is the label of every performance
                                   figure (bdb_series_unit_label) */
    int better;
    const char *category;
    int headline;               /* counts towards the category scores */
    int sweep;                  /* index into sweeps, or -1 */
    size_t ref;                 /* the platform ratios are against: the
                                   baseline, or when it has no figure the
                                   first platform that has one */
    bdb_cell *cells;            /* one per platform */
    double *ci;                 /* per platform, the 95% bootstrap
                                   interval of its speedup (lo, hi); NULL:
                                   no cell has one (n=1, or the output
                                   shows none) */
    double *padj;               /* per platform, the corrected p of
                                   Welch's test of a tested cell; NULL:
                                   no cell is tested */
    double *whole;              /* per platform, its mean as measured
                                   before --normalize: the whole machine's
                                   figure, which efficiency and matching
                                   use; NULL: the means are as measured */
} bdb_rseries;

/* The speedup interval of cell p of se (NaN, NaN: none). */
static inline double bdb_cell_speedup_lo(const bdb_rseries *se, size_t p)
{
    return se->ci ? se->ci[2 * p] : NAN;
}

static inline double bdb_cell_speedup_hi(const bdb_rseries *se, size_t p)
{
    return se->ci ? se->ci[2 * p + 1] : NAN;
}

/* The corrected p of Welch's test of cell p of se (NaN when it is not
 * tested). */
static inline double bdb_cell_p_adj(const bdb_rseries *se, size_t p)
{
    return se->padj && se->cells[p].tested ? se->padj[p] : NAN;
}

/* The mean of cell p of se as measured, before --normalize. */
static inline double bdb_cell_whole_mean(const bdb_rseries *se, size_t p)
{
    return se->whole ? se->whole[p] : se->cells[p].mean;
}

/* Series that differ only in one numeric parameter, in its order. */
typedef struct bdb_sweep {
    char *key;                  /* "concurrency" */
    char *label;                /* tool benchmark metric + the fixed params */
    size_t *series;
    size_t n;
} bdb_sweep;

typedef struct bdb_score {
    const char *category;       /* "web", ..., "overall" */
    size_t platform;
    bdb_geomean g;
} bdb_score;

typedef struct bdb_rwarning {
    char *platform, *path, *message;
    int line;
    int is_info;
    long long source_id;
} bdb_rwarning;

/* What the report does not show, and why: every renderer says it
 * (bdb_report_left_out). */
typedef struct bdb_left_out {
    size_t selected;            /* store series of the selection on the
                                   report's platforms */
    size_t one_platform;        /* measured on fewer platforms than the
                                   report needs (--all shows them) */
    size_t filtered;            /* series of the report's platforms outside
                                   --tool/--benchmark/--metric/--param/
                                   --set/--tag (0 when nothing narrows) */
    size_t pooled;              /* store series pooled into another by
                                   --ignore-param */
    int need;                   /* the platforms a series needs (2; 1 with
                                   --all) */
} bdb_left_out;

/* One point of a trace (store_traces.h): an interval, per-stream or
 * per-thread line of a run, in the order of its log. */
typedef struct bdb_rtrace_point {
    long long seq;
    double start, end;          /* NaN when the line printed none */
    double value;
    const char *what, *label, *unit;
    int line;
} bdb_rtrace_point;

/* The trace of one run's figure: a source's points of one series and
 * repetition. `what` is the quantity charted (its first point's:
 * throughput for iperf, the calibration mean for wrk2), its figures
 * over every point of it; points holds the first n points of every
 * quantity, at most opts.max_trace_points (npoints: all of them). */
typedef struct bdb_rtrace {
    long long source_id;
    const char *tool, *benchmark, *metric, *params;
    int repetition;
    const char *what, *unit;
    size_t nwhat;               /* points of `what` */
    double min, max, mean;      /* of the points of `what` */
    size_t npoints;             /* points stored, every quantity */
    bdb_rtrace_point *points;
    size_t n, cap;
} bdb_rtrace;

/* The traces of the runs in the report: the first opts.max_traces in
 * source and series order; the others counted, never held. */
typedef struct bdb_rtraces {
    bdb_rtrace *v;
    size_t n, cap;
    size_t left_out;            /* traces not kept */
    long long first_left_out;   /* the source of the first (0: none) */
} bdb_rtraces;

typedef struct bdb_model {
    bdb_report_opts opts;
    char title[256];
    bdb_platform *platforms;
    size_t nplatforms;
    size_t baseline;
    bdb_rseries *series;
    size_t nseries, cap_series;
    bdb_sweep *sweeps;
    size_t nsweeps;
    bdb_score *scores;
    size_t nscores;
    bdb_rwarning *warnings;
    size_t nwarnings, cap_warnings;
    size_t ncompared, nsignificant, nuntested;
    char **missing;             /* inputs missing for normalisation etc. */
    size_t nmissing;
    bdb_left_out left_out;
    bdb_rtraces traces;
} bdb_model;

/* Builds the model. BDB_ENOTFOUND (with diag) when the selection has no
 * results or the baseline is unknown. *out is the caller's to free. */
int bdb_model_build(bdb_store *st, const bdb_report_opts *opts,
                    bdb_model **out, bdb_diag *diag);
void bdb_model_free(bdb_model *m);

/* The efficiency figures of cell p of se (per watt, per dollar ...) and
 * how many of its machines match one of the reference platform's: made on
 * request from the cell's whole mean and the platform's costs, as the
 * model made them (a million cells held 176 bytes of them each). Zeroed
 * where the cell has none (a match needs a reference other than p). Either
 * pointer may be NULL. */
void bdb_cell_efficiency(const bdb_model *m, const bdb_rseries *se, size_t p,
                         bdb_efficiency *eff, bdb_match *match);

/* The statistics of cell c across its values (bdb_stats_summarize's,
 * bit for bit what the model computed). A cell without values gives
 * n = 0 and NaN. BDB_ENOMEM (every figure NaN) when memory is short. */
int bdb_cell_summary(const bdb_model *m, const bdb_cell *c, bdb_summary *out);

/* Welch's t-test (without the interval of the difference) and the
 * Mann-Whitney test of cell p of se against the reference cell, as the
 * model decided with them; zeroed when the cell is not compared. Either
 * pointer may be NULL. BDB_OK, or the tests' error (BDB_ENOMEM). */
int bdb_cell_tests(const bdb_model *m, const bdb_rseries *se, size_t p,
                   bdb_ttest *welch, bdb_utest *mw);

/* >= 2: the values of cell c (one of m's) come from this many
 * differently named files, which may be different measurements; 0: not
 * so. */
uint32_t bdb_cell_merged_files(const bdb_model *m, const bdb_cell *c);

/* The path of the source value i of cell c came from ("" when unknown):
 * one copy per source, kept by the model. */
const char *bdb_cell_path(const bdb_model *m, const bdb_cell *c, size_t i);

/* Platform display name ("(unassigned)" for results without one). */
const char *bdb_model_platform_name(const bdb_model *m, size_t i);

/* The category of a tool ("web", "key-value", "disk", "network", "crypto",
 * "cpu", "memory", "other"). */
const char *bdb_model_category(const char *tool);

/* What a category's score uses, from the records of the tools whose
 * series count in it: "fio: IOPS for blocks under 64 KiB ...; dd:
 * throughput" ("every category's figures" for "overall"). Writes "" when
 * no series counts. */
void bdb_model_score_basis(const bdb_model *m, const char *category,
                           char *out, size_t outsz);
/* The parameters a series of tool is swept over when --sweep does not
 * say, in the order they are tried (a series joins the first sweep it
 * fits). NULL-terminated, static. */
const char *const *bdb_model_sweep_keys(const char *tool);

/* Human formatting of a value in a canonical unit: "12.3 MB/s",
 * "4.56 ms", "1.2 Gbit/s", "12.3k op/s". */
void bdb_format_value(double v, const char *unit, char *out, size_t n);

/* What --normalize does to a unit: " per core" for rates, " x cores"
 * for durations (they are multiplied), "" for BDB_NORM_NONE. Static. */
const char *bdb_model_norm_label(bdb_norm norm, int better);

/* The unit of a series' performance figures as a reader sees it:
 * "op/s", or "op/s per core" when normalised. Efficiency figures never
 * take it: they are always the whole machine's. */
void bdb_series_unit_label(const bdb_rseries *se, char *out, size_t n);

/* bdb_format_value of v in the series' unit, with its normalisation:
 * "1.2k op/s per core". */
void bdb_format_series_value(const bdb_rseries *se, double v, char *out,
                             size_t n);

/* "1.52x" / "~1.02x" / "0.48x" with the verdict's mark. */
void bdb_format_speedup(const bdb_cell *c, char *out, size_t n);

#endif
