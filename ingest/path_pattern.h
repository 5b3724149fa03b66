/* path_pattern.h - parameters that only a file's path knows.
 *
 * A pattern such as '{platform}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt'
 * is matched against the end of a path, folder by folder. Each {name}
 * captures a non-empty run of characters without '/'; {platform} and
 * {benchmark} are special (they name the platform and the benchmark), {*}
 * matches without capturing, and every other name becomes a parameter. */
#ifndef BDB_PATH_PATTERN_H
#define BDB_PATH_PATTERN_H

#include "../common/bdb_sample.h"

typedef struct bdb_path_match {
    char platform[64];
    char benchmark[BDB_BENCHMARK_MAX];
    bdb_params params;
} bdb_path_match;

/* Checks pattern's syntax: balanced braces, names of [A-Za-z0-9_*].
 * Returns 0 or -1 with a reason in why. */
int bdb_path_pattern_check(const char *pattern, char *why, size_t whysz);

/* Returns 1 and fills m when path ends with something pattern matches,
 * 0 when it does not. */
int bdb_path_pattern_match(const char *pattern, const char *path,
                           bdb_path_match *m);

#endif
