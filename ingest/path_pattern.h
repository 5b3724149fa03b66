/* path_pattern.h - what only a file's path knows.
 *
 * A pattern such as '{arch}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt' is
 * matched against the end of a path, folder by folder. Each {name}
 * captures a non-empty run of characters without '/'. {platform} names
 * the platform and {benchmark} the benchmark; {*} matches without
 * capturing; names of platform fields ({arch}, {freq_mhz}, {cores},
 * {threads}, {cpu}, {memory_gb}, {os}, {kernel}) describe the machine and
 * fill that field of the platform; every other name becomes a parameter
 * of the series.
 *
 * Two captures side by side ('{a}{b}') are refused: nothing says where
 * one ends. Matching memoises failed (pattern, path) positions, so it
 * takes at most O(pattern x path x path) steps, never exponential time. */
#ifndef BDB_PATH_PATTERN_H
#define BDB_PATH_PATTERN_H

#include "../common/bdb_platform.h"
#include "../common/bdb_sample.h"

#define BDB_PATH_MAX_CAPS 16

typedef struct bdb_path_capture {
    char name[BDB_PARAM_KEY_MAX];
    char value[BDB_BENCHMARK_MAX];
} bdb_path_capture;

typedef struct bdb_path_match {
    char platform[64];
    char benchmark[BDB_BENCHMARK_MAX];
    bdb_params params;
    bdb_platform fields;        /* captured platform fields, others unknown */
    int nfields;                /* how many fields were captured */
    int ncaps;                  /* every capture, in pattern order, for */
    bdb_path_capture caps[BDB_PATH_MAX_CAPS]; /* --platform templates */
} bdb_path_match;

/* Checks pattern's syntax: balanced braces, names of [A-Za-z0-9_*], no
 * two captures side by side, at most BDB_PATH_MAX_CAPS names. Returns 0
 * or -1 with a reason in why. */
int bdb_path_pattern_check(const char *pattern, char *why, size_t whysz);

/* Returns 1 and fills m when path ends with something pattern matches,
 * 0 when it does not, -1 when it matches but a capture cannot be used (a
 * value too long for its field, a platform field that is not a number):
 * the reason is in why. */
int bdb_path_pattern_match(const char *pattern, const char *path,
                           bdb_path_match *m, char *why, size_t whysz);

/* Expands a template made of captures ('{arch}@{freq_mhz}') with m's
 * values into out. Returns 0, or -1 with the reason in why (a name the
 * pattern did not capture, a result that does not fit). */
int bdb_path_template_expand(const char *tmpl, const bdb_path_match *m,
                             char *out, size_t outsz, char *why,
                             size_t whysz);

/* 1 when s holds a '{name}' to expand. */
int bdb_path_is_template(const char *s);

#endif
