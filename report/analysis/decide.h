/* decide.h - the one two-sample decision rule of benchdb: `compare`,
 * `check` and the verdict cells of `report` all call bdb_decide_two, so
 * the same two groups of values get the same mark everywhere.
 *
 * The rule decides on the size of the change and its uncertainty, not on
 * a rank test's p alone (with 5 runs a side the exact Mann-Whitney p is at
 * least 0.008, and any correction across a table of series makes it
 * unreachable). With the values of the old side a and the new side b:
 *
 *   - on log values (every value > 0), the difference of the means
 *     d = mean(log b) - mean(log a) and its interval at `level` (95%):
 *     Welch's t interval when both sides have 2 values or more; Student's
 *     pooled interval when one side has a single value (that value is
 *     taken to have the other side's spread: df = n - 1 of the other
 *     side); no decision ("?") with one value on each side;
 *   - exp() of the interval is the interval of the ratio new/old (of
 *     geometric means);
 *   - worse ("-") when the whole interval lies beyond the threshold in
 *     the metric's worse direction (higher-is-better: hi < 1 - threshold;
 *     lower-is-better: lo > 1 + threshold), better ("+") likewise in the
 *     other direction, "=" for a neutral metric (a count) whose interval
 *     lies wholly beyond +-threshold, else "~";
 *   - values that are not all > 0 (0 s of system time) have no logarithm:
 *     Welch's interval of the difference of the raw means, divided by the
 *     old mean (no decision when that mean is not > 0).
 *
 * The threshold is the magnitude floor (a change smaller than it is never
 * flagged, however certain) and the interval level the only guard against
 * noise: no correction across series is applied, because the floor
 * already keeps the false alarms of a whole check low (measured by the
 * simulation in tests/test_decide_sim.c, table in the README) while a
 * Bonferroni-widened interval would take most of the power at n = 3..5.
 * Threshold 0 gives a pure significance test (the interval excludes 1). */
#ifndef BDB_DECIDE_H
#define BDB_DECIDE_H

#include <stddef.h>

#include "stats.h"

#define BDB_DECIDE_THRESHOLD_DEFAULT 0.05
#define BDB_DECIDE_LEVEL_DEFAULT 0.95

typedef enum bdb_decision {
    BDB_DECIDE_UNTESTED = 0,    /* "?": one value a side, or no ratio */
    BDB_DECIDE_SAME,            /* "~": not beyond the threshold */
    BDB_DECIDE_BETTER,          /* "+" */
    BDB_DECIDE_WORSE,           /* "-" */
    BDB_DECIDE_CHANGED          /* "=": a neutral metric changed */
} bdb_decision;

typedef enum bdb_decide_method {
    BDB_DECIDE_NONE = 0,
    BDB_DECIDE_WELCH_LOG,       /* Welch on log values */
    BDB_DECIDE_STUDENT_LOG,     /* Student pooled, one side of one value */
    BDB_DECIDE_WELCH_RAW        /* values not all > 0 */
} bdb_decide_method;

typedef struct bdb_decide_opts {
    double threshold;   /* magnitude floor as a fraction; < 0: default */
    double level;       /* interval level in (0, 1); 0: default */
} bdb_decide_opts;

typedef struct bdb_decide {
    bdb_decision verdict;
    bdb_decide_method method;
    double ratio;       /* new/old: of geometric means (log methods) or of
                           means (raw); NaN when none */
    double lo, hi;      /* the interval of ratio at the level; NaN: none */
    double df;          /* degrees of freedom of the interval */
} bdb_decide;

/* Decides b (new) against a (old) for a metric whose direction is better
 * (> 0 higher is better, < 0 lower, 0 neutral). o may be NULL (defaults).
 * Non-finite values: BDB_ERANGE. NULL out or NULL data with n > 0:
 * BDB_EUSAGE. Everything else, including empty sides, is BDB_OK with the
 * verdict saying what could be decided. */
int bdb_decide_two(const double *a, size_t na, const double *b, size_t nb,
                   int better, const bdb_decide_opts *o, bdb_decide *out);
/* The same rule from each side's moments (stats.h) and, for the log
 * methods, the moments of its log values (la, lb; used when both sides'
 * min is > 0, else the raw moments decide): for a page made from a
 * database's aggregates instead of the values. */
int bdb_decide_moments(const bdb_moments *a, const bdb_moments *la,
                       const bdb_moments *b, const bdb_moments *lb,
                       int better, const bdb_decide_opts *o, bdb_decide *out);

/* The rule in one sentence for a legend, with the threshold and level in
 * force: "a change is '+' or '-' when the 95% interval of new/old ...". */
void bdb_decide_rule_text(const bdb_decide_opts *o, char *out, size_t n);

/* "+", "-", "~", "?" or "=". */
const char *bdb_decide_mark(bdb_decision d);

#endif
