/* import.h - the import pipeline: files on disk -> ingest -> store.
 *
 * Reads each file, skips bytes already imported (by SHA-256), detects and
 * parses with ingest/, and hands the samples to the store in one
 * transaction. lscpu / uname -a / /proc/cpuinfo outputs fill in the
 * platform instead. Nothing here prints: each file's outcome comes back in
 * a bdb_import_result for the caller to report. */
#ifndef BDB_IMPORT_H
#define BDB_IMPORT_H

#include <stddef.h>

#include "../store/store.h"
#include "collect.h"
#include "merge_check.h"
#include "../ingest/summary.h"

/* Called for each warning of an imported file: what could not be read at
 * path:line (line 0: the whole file). */
typedef void (*bdb_import_warn_fn)(const char *path, int line,
                                   const char *text, void *ctx);

typedef struct bdb_import_opts {
    const char *platform;       /* default platform; a {platform} that the
                                   path pattern captures wins over it */
    const char *tool;           /* NULL: detect */
    const char *benchmark;      /* default; {benchmark} in the path wins */
    const bdb_params *params;   /* user --param values (win over the path's) */
    const char *path_pattern;   /* NULL: none */
    const char *const *more_patterns; /* further patterns, tried in order
                                   after path_pattern; NULL-terminated */
    const char *time_format;    /* GNU time -f format of the logs, or NULL */
    int strict;                 /* 1: a warning fails the file */
    const bdb_summary_opts *summary; /* hand-grepped summaries, or NULL */
    bdb_import_warn_fn warn;    /* NULL: warnings are only counted */
    void *warn_ctx;
    bdb_merge_check *merge;     /* NULL, or records each added file's
                                   series to find differently named files
                                   merged into one series */
    int repetitions;            /* 1: the user says files of the batch are
                                   repetitions (kept with the source) */
} bdb_import_opts;

typedef enum bdb_import_status {
    BDB_IMPORT_ADDED = 0,
    BDB_IMPORT_PRESENT,         /* the same bytes were imported before */
    BDB_IMPORT_PLATFORM_INFO,   /* lscpu/uname/cpuinfo applied to a platform */
    BDB_IMPORT_FAILED
} bdb_import_status;

typedef struct bdb_import_result {
    bdb_import_status status;
    size_t nresults;
    size_t nwarnings;
    char tools[128];            /* "fio", "dd+time" */
    char platform[64];
    bdb_diag diag;              /* when FAILED: file:line: what was expected */
} bdb_import_result;

/* Imports one file. Returns BDB_OK when the file was handled (added,
 * present or platform info) and the error code when it failed (details in
 * res->diag, the database unchanged for that file). */
int bdb_import_file(bdb_store *st, const char *path,
                    const bdb_import_opts *opts, bdb_import_result *res);


/* Re-reads stored source id with the current parsers and replaces its
 * results when the parser version changed (or always with force).
 * *changed says whether it did. */
int bdb_import_reparse(bdb_store *st, long long id, int force, int *changed,
                       bdb_import_result *res);

#endif
