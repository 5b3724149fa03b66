/* store.h - the results database, behind a backend-neutral API.
 *
 * The only module that knows SQL. bdb_store_open() picks a backend from the
 * location ("benchdb.sqlite" or "sqlite:path" today; a "postgresql://" URI
 * can be added as another bdb_store_ops table without touching ingest or
 * report). Functions return BDB_OK or a negative BDB_E* code; the text of
 * the last error is on the handle (bdb_store_errmsg), SQLite style. */
#ifndef BDB_STORE_H
#define BDB_STORE_H

#include <stddef.h>

#include "../common/bdb_buf.h"
#include "../common/bdb_diag.h"
#include "../common/bdb_error.h"
#include "../common/bdb_input.h"
#include "../common/bdb_platform.h"
#include "../common/bdb_sample.h"

typedef struct bdb_store bdb_store;

/* The schema version this build reads and writes (PRAGMA user_version). */
int bdb_store_schema_version(void);

/* Opens (creating and migrating as needed) the database at location.
 * A database from a newer benchdb is refused with BDB_EVERSION. */
int bdb_store_open(bdb_store **out, const char *location, bdb_diag *diag);

enum {
    BDB_STORE_READ_ONLY = 1 << 0, /* open for reading: never create, never
                                     migrate, works on a read-only file */
    BDB_STORE_ADOPT = 1 << 1      /* make benchdb's tables in an SQLite
                                     database that already holds other
                                     tables (refused without it) */
};
/* bdb_store_open with flags. Read-only on a location with no database
 * fails with BDB_ENOTFOUND: "no database at PATH (run `benchdb init` or
 * `benchdb import`)". */
int bdb_store_open_mode(bdb_store **out, const char *location, int flags,
                        bdb_diag *diag);
/* NULL-safe. */
void bdb_store_close(bdb_store *st);
/* The message of the last failure on st (never NULL). */
const char *bdb_store_errmsg(const bdb_store *st);

/* ---- platforms ---------------------------------------------------- */



/* Creates the platform or updates it. With merge, only the fields that are
 * set in p (non-NaN, non-empty) change; without, p replaces the row. */
int bdb_store_platform_put(bdb_store *st, const bdb_platform *p, int merge);
/* Merges n platforms in one transaction: all or none. */
int bdb_store_platforms_put(bdb_store *st, const bdb_platform *p, size_t n);
/* BDB_ENOTFOUND when there is no platform called name. */
int bdb_store_platform_get(bdb_store *st, const char *name, bdb_platform *out);
/* Calls cb for every platform in name order; a non-zero return stops. */
int bdb_store_platform_each(bdb_store *st,
                            int (*cb)(const bdb_platform *p, void *ctx),
                            void *ctx);

/* ---- batches ------------------------------------------------------------ */

/* Many files in one transaction: between batch_begin and batch_end every
 * add_source / source_replace / platform put is a savepoint, so a failed
 * file still rolls back alone while the batch pays one commit (one fsync)
 * and keeps its statements and series ids. batch_end(st, 1) commits,
 * batch_end(st, 0) rolls the whole batch back. Other writers wait while a
 * batch is open, so callers keep batches short (the import commits every
 * few hundred files or every second). Closing the store commits an open
 * batch. */
int bdb_store_batch_begin(bdb_store *st, int flags);
/* flags for batch_begin: each change in the batch is small (the caller
 * keeps large files out of it), so the back-end may keep what undoes one
 * change in memory (SQLite: a savepoint's sub-journal) and cache more. */
#define BDB_BATCH_SMALL 1
int bdb_store_batch_end(bdb_store *st, int commit);

/* ---- sources and results --------------------------------------------- */

typedef struct bdb_source_info {
    const char *path;
    const char *sha256;       /* hex digest of the bytes */
    const void *raw;          /* the file's bytes, stored compressed */
    size_t size;
    const char *tool;         /* "fio", or "dd+time" for several */
    const char *tool_version; /* may be "" */
    const char *parser_version;
    const char *platform;     /* platform for samples that name none; may be
                                 NULL (created if unknown) */
    const char *options;      /* the import options, for reparse */
    const char *set;          /* the run set (made if unknown); NULL: none,
                                 or with source_revise the old source's */
    const bdb_params *set_tags; /* tags put on the set (may be NULL) */
    const void *z;            /* NULL, or raw already compressed by
                                 bdb_compress_source (zlen bytes; a source
                                 of at most 4 MiB): stored as it is */
    size_t zlen;
    int copy_later;           /* 1 (a new source that bdb_source_copy_later
                                 says may): source_begin does not compress
                                 raw; bdb_store_source_copy_put stores the
                                 copy before the source ends */
} bdb_source_info;

/* A large source's compressed copy made without a store, on any thread:
 * the import's parse worker makes it while the writer stores the
 * figures, rather than the writer before them. */
typedef struct bdb_source_copy bdb_source_copy;

/* 1 when a new source of size bytes may be begun with copy_later (one
 * the store keeps in pieces, past 4 MiB). */
int bdb_source_copy_later(size_t size);

/* raw's size bytes compressed as the store keeps them (into an unlinked
 * temporary file); NULL with why when that fails. */
bdb_source_copy *bdb_source_copy_make(const void *raw, size_t size,
                                      char *why, size_t whysz);

/* Stores c as the compressed copy of source id, begun with copy_later;
 * the source must not have ended. */
int bdb_store_source_copy_put(bdb_store *st, long long id,
                              const bdb_source_copy *c);

/* NULL is fine. */
void bdb_source_copy_free(bdb_source_copy *c);

/* Compresses a source's bytes as the store keeps them, without a store
 * (a worker thread compresses ahead of the writer): into a new buffer
 * *out (*outlen bytes, the caller frees). BDB_ENOMEM with why. */
int bdb_compress_source(const void *data, size_t n, unsigned char **out,
                        size_t *outlen, char *why, size_t whysz);

/* Looks a source up by digest: *id is its id or 0. */
int bdb_store_source_find(bdb_store *st, const char *sha256, long long *id);

/* Stores a source with its samples and warnings in one transaction: all of
 * it lands, or (on any error) nothing does. *source_id may be NULL. */
int bdb_store_add_source(bdb_store *st, const bdb_source_info *src,
                         const bdb_sink *samples, long long *source_id);

/* The same, streamed: source_begin opens the source's transaction (a
 * savepoint in a batch) and adds its row, or with replace_id empties that
 * stored source for a reparse; source_put adds one figure; source_end sets
 * the tool and versions the parse found, stores the notes of notes (its
 * samples are not looked at), and keeps everything (keep) or nothing. A
 * failed begin leaves nothing open; after a failed put call source_end
 * with keep 0. Memory does not grow with the number of figures. */
int bdb_store_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *id);
int bdb_store_source_put(bdb_store *st, long long id, const bdb_sample *s);
int bdb_store_source_end(bdb_store *st, long long id, const char *tool,
                         const char *tool_version, const char *parser_version,
                         const bdb_sink *notes, int keep);

/* A stored source, with its bytes decompressed (the caller frees it with
 * bdb_stored_source_free). A large source is not held in memory: it is
 * inflated into an unlinked temporary file, mapped read-only, whose pages
 * a reader may drop as it goes (bdb_input.h), as an imported file's. */
typedef struct bdb_stored_source {
    long long id;
    char path[1024];
    char tool[64];
    char parser_version[256];
    char platform[64];
    char *options;
    const char *raw;            /* size bytes, then a NUL */
    size_t size;
    bdb_input bytes;            /* what holds raw */
} bdb_stored_source;

void bdb_stored_source_free(bdb_stored_source *s);
/* Ids of all sources in import order (*ids is the caller's to free); with
 * sizes, also each one's stored size in bytes (*sizes likewise). */
int bdb_store_source_ids(bdb_store *st, long long **ids, long long **sizes,
                         size_t *n);
int bdb_store_source_load(bdb_store *st, long long id, bdb_stored_source *out);
/* Replaces a source's results and warnings (reparse), in one transaction. */
int bdb_store_source_replace(bdb_store *st, long long id, const char *tool,
                             const char *tool_version,
                             const char *parser_version,
                             const bdb_sink *samples);

/* ---- queries ------------------------------------------------------------ */

typedef struct bdb_filter {
    const char *platforms;      /* comma-separated names, or NULL */
    const char *tool;
    const char *benchmark;
    const char *metric;
    const bdb_params *params;   /* every key=value must hold */
    /* Appended by the lifecycle work. platforms, tool, benchmark, metric
     * and set take comma lists and shell globs (fnmatch); a param value
     * too, or a numeric range "1..20" ("..20", "4.."). */
    const char *set;            /* run set names, or NULL */
    const bdb_params *tags;     /* set tags: every key=value must hold */
    /* Appended for benchdb serve's pages: only these series (NULL: no
     * such term; n 0 with a list: none), e.g. one page of a tool's. */
    const long long *series_ids;
    size_t nseries_ids;
} bdb_filter;

typedef struct bdb_result_row {
    const char *platform;       /* "" when unassigned */
    const char *tool, *benchmark, *metric, *params, *unit;
    int better;
    double value;
    int repetition;
    const char *source_path;
    int line;
    long long source_id, series_id;
} bdb_result_row;

typedef struct bdb_series_row {
    long long id;
    const char *tool, *benchmark, *metric, *params, *unit;
    int better;
    long long nresults;
    long long nplatforms;
} bdb_series_row;

typedef struct bdb_source_row {
    long long id;
    const char *path, *sha256, *imported_at, *tool, *tool_version,
        *parser_version, *platform;
    long long size, nresults, nwarnings;
    const char *options;        /* the import options kept for reparse,
                                   one "key=value" a line */
    const char *set;            /* run set name ("" for none) */
} bdb_source_row;

typedef struct bdb_warning_row {
    const char *platform, *source_path, *message;
    int line;
    long long source_id;
    int is_info;        /* provenance note rather than a warning */
} bdb_warning_row;

/* One series on one platform: the values with their provenance in source,
 * repetition and line order (every report cell needs them: medians, MAD
 * outliers, Mann-Whitney, the warned and merged-file marks, file:line
 * links), read from an index that holds them in that order, and their
 * count, mean, min and max. Arrays are valid only during the callback. */
typedef struct bdb_group_row {
    long long series_id;
    const char *tool, *benchmark, *metric, *params, *unit;
    int better;
    const char *platform;       /* "" when unassigned */
    size_t n;
    double mean, min, max;
    const double *values;
    const int *lines;
    const long long *source_ids;
    const char *const *paths;
} bdb_group_row;

/* Groups in series order (tool, benchmark, metric, params), then platform
 * name. */
int bdb_store_groups_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_group_row *r, void *ctx),
                          void *ctx);

/* The distinct platform names ("" when unassigned) of the results that
 * match f, in name order. */
int bdb_store_platform_names_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const char *name, void *ctx),
                                  void *ctx);

int bdb_store_results_each(bdb_store *st, const bdb_filter *f,
                           int (*cb)(const bdb_result_row *r, void *ctx),
                           void *ctx);
int bdb_store_series_each(bdb_store *st, const bdb_filter *f,
                          int (*cb)(const bdb_series_row *r, void *ctx),
                          void *ctx);
/* How many series have a result matching f (the rows series_each would
 * give), counted by the database. */
int bdb_store_series_count(bdb_store *st, const bdb_filter *f, long long *n);
int bdb_store_sources_each(bdb_store *st,
                           int (*cb)(const bdb_source_row *r, void *ctx),
                           void *ctx);
/* Every source's id and import options (as sources_each gives them),
 * without its counts of results and warnings, in import order. */
int bdb_store_source_options_each(bdb_store *st,
                                  int (*cb)(long long id, const char *options,
                                            void *ctx),
                                  void *ctx);
/* Warnings of the sources that have results matching f. */
int bdb_store_warnings_each(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const bdb_warning_row *r, void *ctx),
                            void *ctx);

/* ---- lifecycle: corrections, sets, history ------------------------------ */

/* Appends a row to the history table: who (user), the command line (the
 * caller masks passwords) and what changed. Inside an open batch it is
 * part of the batch's transaction, so a change and its record land
 * together. */
int bdb_store_history_add(bdb_store *st, const char *user,
                          const char *command, const char *summary);

typedef struct bdb_history_row {
    long long id;
    const char *at, *user, *command, *summary;
} bdb_history_row;

/* History in order of id (oldest first). */
int bdb_store_history_each(bdb_store *st,
                           int (*cb)(const bdb_history_row *r, void *ctx),
                           void *ctx);

/* Removes a source with its results and warnings; series left without
 * results go (at once, or at the end of an open batch). BDB_ENOTFOUND when
 * there is no such source. */
int bdb_store_source_delete(bdb_store *st, long long id);

/* Sets a source's platform (NULL: unchanged; "" none) and import options
 * (NULL: unchanged), without touching its results: reparse it after. */
int bdb_store_source_update(bdb_store *st, long long id, const char *platform,
                            const char *options);

/* Only between bdb_store_source_begin(st, NULL, id, ...) and source_end:
 * the stored source becomes the same file read with other options
 * (import --replace): its path, platform (the default platform of the
 * figures put after this call), options and, when src->set is given, its
 * set. It lands or goes with the source's transaction. */
int bdb_store_source_revise(bdb_store *st, long long id,
                            const bdb_source_info *src);

/* Renames platform old to new. BDB_ENOTFOUND: no old; BDB_EEXIST: new is
 * taken (merge instead). */
int bdb_store_platform_rename(bdb_store *st, const char *old_name,
                              const char *new_name);
/* Moves every source and result of platform from onto into, fills into's
 * empty fields from from, and removes from. Both must exist. */
int bdb_store_platform_merge(bdb_store *st, const char *from,
                             const char *into);
/* How many sources and results use the platform. */
int bdb_store_platform_usage(bdb_store *st, const char *name,
                             long long *nsources, long long *nresults);
/* Removes a platform. Refused (BDB_EEXIST) while results use it unless
 * with_results: then its results go too, and sources left with no results
 * go. */
int bdb_store_platform_delete(bdb_store *st, const char *name,
                              int with_results);

typedef struct bdb_set_row {
    long long id;
    const char *name, *created_at;
    const char *tags;           /* "k=v,k=v" in key order */
    const char *first_import, *last_import;
    long long nsources, nresults;
} bdb_set_row;

/* Sets in order of creation (created_at, then id). */
int bdb_store_sets_each(bdb_store *st,
                        int (*cb)(const bdb_set_row *r, void *ctx), void *ctx);
/* BDB_ENOTFOUND: no set old; BDB_EEXIST: new is taken. */
int bdb_store_set_rename(bdb_store *st, const char *old_name,
                         const char *new_name);
/* Sets (or with value NULL removes) a tag of a set. */
int bdb_store_set_tag(bdb_store *st, const char *set, const char *key,
                      const char *value);

/* Marks (new_baseline 1) or unmarks a set as a new baseline: an expected
 * change from which history and check start a new distribution.
 * BDB_ENOTFOUND: no such set. */
int bdb_store_set_mark(bdb_store *st, const char *set, int new_baseline);
/* The names of the sets marked as new baselines, oldest first. */
int bdb_store_baselines_each(bdb_store *st,
                             int (*cb)(const char *set, void *ctx), void *ctx);

/* A note: on a set (tool ""), on a series (set ""), or on a series at a
 * set. Strings are "" when absent. */
typedef struct bdb_note_row {
    const char *set, *tool, *benchmark, *metric, *params, *text;
} bdb_note_row;

/* Adds text as a note on set (NULL: none) and, when tool is not NULL, on
 * every series of that tool, benchmark and metric (and params, when not
 * NULL: its canonical "k=v,k=v"). *added receives how many notes were
 * made. BDB_ENOTFOUND: no such set or series. */
int bdb_store_note_add(bdb_store *st, const char *set, const char *tool,
                       const char *benchmark, const char *metric,
                       const char *params, const char *text,
                       long long *added);
/* Every note, in the order they were made. */
int bdb_store_notes_each(bdb_store *st,
                         int (*cb)(const bdb_note_row *r, void *ctx),
                         void *ctx);

/* The distinct values of one column of the series or platforms that have
 * results ("platform", "tool", "benchmark", "metric", "set", or a
 * parameter's key as "param:KEY"), in order: for "no platform named 'x';
 * known: ..." messages. */
int bdb_store_names_each(bdb_store *st, const char *what,
                         int (*cb)(const char *name, void *ctx), void *ctx);

/* A result row with its run set (for compare, check and history). */
typedef struct bdb_set_result_row {
    const bdb_result_row *r;
    const char *set;            /* "" when none */
    const char *set_created_at; /* "" when none */
    long long set_id;
} bdb_set_result_row;

/* Results matching f with their set, ordered by series, platform, set
 * creation time, source, repetition. */
int bdb_store_set_results_each(bdb_store *st, const bdb_filter *f,
                               int (*cb)(const bdb_set_result_row *r,
                                         void *ctx),
                               void *ctx);

/* ---- serving readers (method table version 7) ---------------------- */

/* A token (at most n - 1 characters, NUL-terminated) that changes
 * whenever data committed to the database changes, by this or any other
 * connection, so that a reader can tell a page it made is still current
 * (HTTP ETag); *changed_at (may be NULL) receives when it last changed as
 * Unix seconds, or 0 when the back-end cannot say. SQLite: the size and
 * modification time of the database file and its -wal (PRAGMA
 * data_version only counts other connections' commits, and only for this
 * connection); PostgreSQL: the server's transaction snapshot, which moves
 * with every commit. */
int bdb_store_data_version(bdb_store *st, char *out, size_t n,
                           long long *changed_at);

/* Every statement from now on fails (BDB_ESTORE, "interrupted: ...")
 * once seconds have passed since this call; 0 lifts the limit. For a
 * reader with a time budget (a page of benchdb serve). */
int bdb_store_time_limit(bdb_store *st, double seconds);

#endif
