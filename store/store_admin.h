/* store_admin.h - the store's API beyond reading and importing: showing a
 * location without its password, and copying a whole database from one
 * back-end to another (`benchdb copy`). Back-end neutral: it works
 * through the method table (store_backend.h). */
#ifndef BDB_STORE_ADMIN_H
#define BDB_STORE_ADMIN_H

#include <stddef.h>

#include "store.h"

/* Which back-end a location names: "sqlite" for a path or sqlite:path,
 * "postgresql" for postgresql:// and postgres://; NULL for another
 * scheme. */
const char *bdb_store_location_scheme(const char *location);

/* Writes location into out with its password masked: user:secret@host
 * becomes user:***@host and ?password=secret becomes ?password=***.
 * Anything that prints a location (messages, `benchdb init`) prints
 * this. A location longer than out ends in "..." (never an unmasked
 * part). */
void bdb_store_mask_location(const char *location, char *out, size_t n);
/* Where the password in location starts, at from or after (a URI's
 * credentials, even with an unencoded '/'; password= in a URI query or
 * a libpq keyword string), its length in *len; NULL when there is none. */
const char *bdb_store_password_span(const char *location, const char *from,
                                    size_t *len);
/* The PostgreSQL password of the run's connections, read from path
 * (--db-password-file): the file's first line, without its line end.
 * It is given to libpq beside the location (never in it, so never in
 * argv, a file name or a message) and scrubbed from libpq's messages.
 * BDB_EIO / BDB_ERANGE / BDB_EPARSE with a message in msg that names the
 * file, never its bytes. */
#define BDB_STORE_PASSWORD_MAX 255
int bdb_store_password_file(const char *path, char *msg, size_t msgsz);
/* The password bdb_store_password_file read ("" when none). */
const char *bdb_store_given_password(void);

/* A writer that waits for another one's write lock calls fn(seconds,
 * ctx) about once a second from the first second of waiting on, and
 * fn(-1, ctx) when the wait is over (a terminal's line can be cleared).
 * A wait is bounded by BENCHDB_WAIT_SECONDS (30) of wall clock; after it,
 * the error names the holder when the system tells it. One notice for
 * the process; NULL for none. */
void bdb_store_set_wait_notice(void (*fn)(double seconds, void *ctx),
                               void *ctx);

/* 1 when location is a libpq keyword string ("host=... dbname=..."). */
int bdb_store_is_pg_keywords(const char *location);

/* The schema version st's back-end reads and writes (SQLite's numbering
 * for SQLite, schemas/pg's for PostgreSQL): what `benchdb init` should
 * print rather than bdb_store_schema_version(), which is SQLite's. */
int bdb_store_schema_version_of(const bdb_store *st);

/* The location st was opened with, password masked (never NULL). */
const char *bdb_store_shown_location(const bdb_store *st);

/* Fills out (an initialised, empty sink) with source id's stored figures
 * and notes, as a parser emitted them: the same series identity, unit,
 * direction, platform, line and repetition. */
int bdb_store_source_samples(bdb_store *st, long long id, bdb_sink *out);
/* Lines from..from+count-1 of stored source id into text (each with its
 * '\n'; fewer when the log ends first), its row into meta (raw NULL, size
 * set; bdb_stored_source_free frees it), *more set when lines follow. A
 * large source on SQLite is inflated from its last point before from
 * (schemas/010), so the cost follows the lines asked for, not the log;
 * elsewhere the whole is loaded and cut. */
int bdb_store_source_lines(bdb_store *st, long long id, long long from,
                           long long count, bdb_stored_source *meta,
                           bdb_buf *text, int *more);

/* A figure of a source by its line (benchdb serve's log view). */
typedef struct bdb_line_figure {
    long long line;
    const char *benchmark, *metric, *unit;
    double value;
} bdb_line_figure;
/* The figures of source id from lines from to to, by line, at most max;
 * cb's non-zero return stops the walk. */
int bdb_store_line_figures_each(bdb_store *st, long long id, long long from,
                                long long to, long long max,
                                int (*cb)(const bdb_line_figure *f, void *ctx),
                                void *ctx);
/* The warnings and notes of source id (line, 1 for a note, its text), by
 * line, at most max. */
int bdb_store_source_notes_each(bdb_store *st, long long id, long long max,
                                int (*cb)(int line, int is_info,
                                          const char *text, void *ctx),
                                void *ctx);
/* Sets a stored source's import time (text as sources_each gives it). */
int bdb_store_source_set_imported_at(bdb_store *st, long long id,
                                     const char *imported_at);

/* For tests: the size of the pieces a source past 4 MiB is stored in
 * (source_chunks) from now on, in this process; 0 restores the megabyte.
 * A smaller piece makes a few megabytes of real log text, which compress
 * to tens of kilobytes, span many pieces. */
void bdb_store_set_piece_bytes(size_t n);

typedef struct bdb_copy_stats {
    long long platforms;        /* platforms written */
    long long sources;          /* sources copied */
    long long already;          /* sources the target had (same SHA-256) */
    long long results, notes;   /* figures and notes copied */
} bdb_copy_stats;

/* Copies every platform, then every source with its raw bytes, figures,
 * notes, options and import time, from from into to, in import order,
 * each source in one transaction of the target (batched). Sources the
 * target already holds are counted in already and left alone, so a copy
 * that was cut short can be run again. progress, when not NULL, is called
 * after each source. Errors go to diag (naming the source). */
int bdb_store_copy(bdb_store *from, bdb_store *to, bdb_copy_stats *stats,
                   void (*progress)(const bdb_copy_stats *s, void *ctx),
                   void *ctx, bdb_diag *diag);

#endif
