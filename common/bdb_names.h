/* bdb_names.h - what differs between the names of files whose figures
 * landed in one series.
 *
 * Files named run-1.txt, run-2.txt, run-3.txt are repetitions; files named
 * reds-bench-1.csv, reds-bench-8.csv, reds-bench-20.csv or dd-read.txt and
 * dd-write.txt are different measurements whose setting only the name
 * says. The import warns about the second kind and reports mark the cells,
 * because averaging them as repetitions is wrong. */
#ifndef BDB_NAMES_H
#define BDB_NAMES_H

#include <stddef.h>

typedef struct bdb_name_diff {
    size_t prefix, suffix;  /* bytes all names share at start and end */
    int numeric;            /* every differing part is a whole number */
    int repetition;         /* the names differ only in a repetition
                               counter (see bdb_names_diff) */
} bdb_name_diff;

/* Compares n >= 2 distinct names. The differing part is what lies between
 * the longest common prefix and suffix, widened so that it does not cut a
 * number. It is a repetition counter when every part is a whole number
 * and either the prefix ends in a word that says so (run, rep, try, iter,
 * pass, round, trial, attempt, take, sample, r, #) or the numbers are
 * 1..n or 0..n-1 and the prefix does not end in a setting's name (c, t,
 * n, P, d, bs, qd, clients, threads, ...). */
void bdb_names_diff(const char *const *names, size_t n, bdb_name_diff *d);

/* Writes "reds-bench-{1,2,3,4,8,20}.csv" for the names (sorted by their
 * differing part, numbers numerically) into out; lists longer than out
 * end in ",...}". Uses the base names when the folders agree. */
void bdb_names_brace(const char *const *names, size_t n,
                     const bdb_name_diff *d, char *out, size_t outsz);

/* A --path-pattern that makes the differing part a parameter:
 * "reds-bench-{clients}.csv". The name is read from the word before the
 * number (c: concurrency, t: threads, bs: block_size ...), else setting
 * (the tool's default sweep, from its record; may be NULL), else
 * "variant". */
void bdb_names_suggest_pattern(const char *const *names, size_t n,
                               const bdb_name_diff *d, const char *setting,
                               char *out, size_t outsz);

#endif
