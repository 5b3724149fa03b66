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
    bdb_import_warn_fn note;    /* NULL, or told each option that was not
                                   applied to a file (--benchmark to
                                   another tool's output) */
    void *warn_ctx;             /* for both */
    bdb_merge_check *merge;     /* NULL, or records each added file's
                                   series to find differently named files
                                   merged into one series */
    int repetitions;            /* 1: the user says files of the batch are
                                   repetitions (kept with the source) */
    /* lifecycle */
    const char *set;            /* run set of the imported sources (made if
                                   unknown); NULL: none (the CLI always
                                   names one) */
    const bdb_params *set_tags; /* tags put on the set, or NULL */
    int replace;                /* 1: a file already present is read again
                                   with these options and replaces the old
                                   source (its set kept unless set given
                                   with replace_set) */
    int replace_set;            /* with replace: move it to set */
    int dry_run;                /* 1: parse and report, write nothing; st
                                   may then be NULL (no database) */
} bdb_import_opts;

typedef enum bdb_import_status {
    BDB_IMPORT_ADDED = 0,
    BDB_IMPORT_PRESENT,         /* the same bytes were imported before */
    BDB_IMPORT_PLATFORM_INFO,   /* lscpu/uname/cpuinfo applied to a platform */
    BDB_IMPORT_FAILED,
    BDB_IMPORT_REPLACED,        /* present, read again and replaced */
    BDB_IMPORT_DRY_RUN          /* parsed only (opts.dry_run) */
} bdb_import_status;

typedef struct bdb_import_result {
    bdb_import_status status;
    size_t nresults;
    size_t nwarnings;
    size_t nunread;             /* of them, lines with numbers not read */
    char tools[128];            /* "fio", "dd+time" */
    char platform[64];
    bdb_diag diag;              /* when FAILED: file:line: what was expected */
    char params[BDB_PARAMS_TEXT_MAX]; /* the parameters given to the parser
                                   (--param and path captures), "k=v,..." */
    int present;                /* the bytes were in the database already
                                   (dry run and replace say so) */
    int gzip;                   /* the file was gzip-compressed */
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

/* Changes what a stored source's results belong to, from its stored
 * bytes, like reparse: platform (NULL: unchanged, "" none), parameters
 * set (k=v, win over the stored ones) and unset (keys dropped). In one
 * transaction (a savepoint inside an open batch). */
int bdb_import_source_set(bdb_store *st, long long id, const char *platform,
                          const bdb_params *set, const char *const *unset,
                          size_t nunset, bdb_import_result *res);

/* When buf holds a gzip stream (RFC 1952 magic 1f 8b), replaces its
 * content by the decompressed bytes and returns 1; 0 when it is not gzip;
 * a negative BDB_E* code with msg when the stream is damaged or
 * decompresses beyond the buffer's cap (1 GiB). */
int bdb_import_gunzip(bdb_buf *buf, char *msg, size_t msgsz);

#endif
