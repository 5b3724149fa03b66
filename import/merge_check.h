/* merge_check.h - finds figures from differently named files that one
 * import put into the same series on the same platform.
 *
 * Six files reds-bench-1.csv ... reds-bench-20.csv measured six client
 * counts, but redis-benchmark --csv does not print the count: imported
 * as they are, their figures become six "repetitions" of one series. The
 * import cannot know, so it says so, with the --path-pattern that would
 * make the difference a parameter. Names that differ only in a repetition
 * counter (run-1, run-2) are not reported (see common/bdb_names.h). */
#ifndef BDB_MERGE_CHECK_H
#define BDB_MERGE_CHECK_H

#include <stddef.h>

#include "../common/bdb_sample.h"
#include "../common/bdb_strmap.h"

typedef struct bdb_merge_check bdb_merge_check;

typedef struct bdb_merge_warning {
    const char *files;      /* "reds-bench-{1,2,3,4,8,20}.csv" */
    size_t nfiles;
    size_t nseries;         /* series that these files share */
    const char *example;    /* "redis-benchmark GET requests_per_sec on local" */
    const char *pattern;    /* suggested --path-pattern, "" when none */
} bdb_merge_warning;

/* NULL when out of memory. */
bdb_merge_check *bdb_merge_check_new(void);
void bdb_merge_check_free(bdb_merge_check *mc);

/* The identity of a sample's series on its platform, as the check keys
 * it: platform (the sample's, else the file's), tool, benchmark, metric
 * and parameters, separated by \x1f. */
#define BDB_MERGE_KEY_MAX (64 + 32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + \
                           BDB_PARAMS_TEXT_MAX + 8)
void bdb_merge_check_key(const bdb_sample *s, const char *platform,
                         char *key, size_t keysz);

/* Starts a file: forgets what a file that did not land staged. */
void bdb_merge_check_begin(bdb_merge_check *mc);
/* Notes the series of a figure of the file (platform: the file's);
 * several figures of one series are one. BDB_ENOMEM on failure. */
int bdb_merge_check_stage(bdb_merge_check *mc, const bdb_sample *s,
                          const char *platform);
/* Records that the file at path landed with the series staged since
 * bdb_merge_check_begin. BDB_ENOMEM on failure. */
int bdb_merge_check_add(bdb_merge_check *mc, const char *path);

/* Calls fn once per set of files that share series and whose names
 * differ in more than a repetition counter. Returns how many sets it
 * reported, or BDB_ENOMEM. */
int bdb_merge_check_report(bdb_merge_check *mc,
                           void (*fn)(const bdb_merge_warning *w, void *ctx),
                           void *ctx);

#endif
