/* import_internal.h - the steps of one file's import that bdb_import_file
 * runs in a row and the pipeline (pipe.h) splits between a worker thread
 * (read, hash, gunzip, compress, parse: import_record.c) and the writer
 * (the store's part: here). Not for callers outside import/. */
#ifndef BDB_IMPORT_INTERNAL_H
#define BDB_IMPORT_INTERNAL_H

#include "import.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_input.h"
#include "../ingest/ingest.h"
#include "../ingest/path_pattern.h"
#include "../store/store_traces.h"

/* What a file's path and the options make of it before it is read: the
 * path pattern's captures, the platform and benchmark that apply, the
 * parameters given to the parser. Its pointers point into it or into
 * the options: it is filled in place and never copied. */
typedef struct bdb_import_prep {
    bdb_path_match m;
    char expanded[64];          /* a --platform made of captures */
    const char *platform;       /* NULL: none */
    const char *benchmark;      /* NULL: none */
    bdb_params params;
} bdb_import_prep;

/* Clears res (status FAILED, diag naming path) and fills p; an error code
 * with res->diag when the path or the options cannot be used. No I/O. */
int bdb_import_prepare(const char *path, const bdb_import_opts *opts,
                       bdb_import_prep *p, bdb_import_result *res);

/* The SHA-256 of an input, dropping the pages it has hashed. */
void bdb_import_hash(const bdb_input *in, char sha[65]);

/* 1 when [p, p+n) starts with gzip's magic. */
int bdb_import_is_gzip(const char *p, size_t n);

/* Decompresses gzip member(s) in[0..n) into out, in memory within
 * out->max (BDB_ERANGE with msg past it). */
int bdb_import_gunzip_mem(const char *in, size_t n, bdb_buf *out, char *msg,
                          size_t msgsz);

/* The import options as stored with the source (for reparse). */
void bdb_import_options(const bdb_import_opts *opts,
                        const bdb_import_prep *p, bdb_buf *out);

/* The ingest options of the file's parse. */
void bdb_import_ingest_opts(const bdb_import_opts *opts,
                            const bdb_import_prep *p, const char *path,
                            bdb_ingest_opts *out);

/* The consumer of an import's figures: each goes into the open source,
 * and its series is remembered for the merge check. */
typedef struct bdb_import_to_store {
    bdb_store *st;
    long long id;
    const char *platform;       /* the source's */
    bdb_merge_check *merge;     /* NULL, or where the series are staged */
    int rc;                     /* the store's failure, kept */
    bdb_trace_writer *traces;   /* opened by the first trace point */
} bdb_import_to_store;

/* bdb_sink_consumer's take and take_trace into the store. */
int bdb_import_take(void *ctx, const bdb_sample *s);
int bdb_import_take_trace(void *ctx, const bdb_sample *s);

/* Everything after the parse: the trace ended, the source kept or
 * rolled back, a platforms.csv or system information applied instead,
 * the path's platform fields, the merge check, the notes told. rc and d
 * are the parse's; changed (or NULL) says the file changed while it was
 * read; text is the parse's input (needed only when rc is BDB_EUNKNOWN
 * without --tool). Returns the file's code, res filled. */
int bdb_import_finish(bdb_store *st, const char *path,
                      const bdb_import_opts *opts, const bdb_import_prep *p,
                      bdb_import_to_store *ts, bdb_sink *sink, int rc,
                      bdb_diag *d, const char *changed, const char *text,
                      size_t text_len, long long existing, long long id,
                      bdb_import_result *res);

#endif
