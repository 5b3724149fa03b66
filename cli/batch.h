/* batch.h - many files in one transaction (import, reparse): each file is
 * a savepoint inside it, so a failed file rolls back alone while the
 * batch pays one commit (and one fsync, one orphan-series sweep). */
#ifndef BDB_CLI_BATCH_H
#define BDB_CLI_BATCH_H

#include <stddef.h>
#include <time.h>

#include "../store/store.h"

/* A batch ends after its share of files or CLI_BATCH_SECONDS, whichever
 * comes first: the time bound keeps other importers' wait short (they
 * wait on the write lock, up to BENCHDB_WAIT_SECONDS). The share starts
 * at CLI_BATCH_FIRST files and doubles with each batch up to
 * CLI_BATCH_FILES: a short import commits early and in steps (a crash
 * loses little of it), a long one pays few commits, each writing the
 * index pages it touched once. At 1 s, 10,000 small logs into a database
 * of 10,000 made 286,157 WAL page writes and 22 syncs; at 4 s (batches
 * then reach CLI_BATCH_FILES), 153,825 and 13. */
#define CLI_BATCH_FIRST 32
#define CLI_BATCH_FILES 4096
#define CLI_BATCH_SECONDS 4.0
/* A file past this size (a gzip file past an eighth of it) is imported
 * alone, in its own transaction, not in a batch: a savepoint keeps a copy
 * of every page the file changes (in memory, in a batch: store_sqlite.c),
 * which for a large file would grow with the file, and one large file
 * gains nothing from sharing a commit. */
#define CLI_BATCH_SOLO_BYTES (256 * 1024)

typedef struct cli_batch {
    int open;
    size_t files;            /* files read in it */
    size_t added, results;   /* what landed in it: undone if it fails */
    size_t limit;            /* its share of files */
    size_t next_limit;       /* the next batch's (0: CLI_BATCH_FIRST) */
    struct timespec start;
} cli_batch;

/* Opens a batch on st (b starts zeroed, then is reused from batch to
 * batch); 0 when none could be opened (each file then commits alone), 1
 * when open. */
int cli_batch_open(bdb_store *st, cli_batch *b);
/* 1 when a file of this many bytes (gzip: its compressed size) is to be
 * imported alone: the caller commits the open batch and opens none. */
int cli_batch_solo(long long bytes, int gzip);
/* 1 when the open batch holds enough files or time to be committed. */
int cli_batch_full(const cli_batch *b);
/* Commits the open batch (if any); BDB_OK or the store's error, in which
 * case nothing of the batch landed. */
int cli_batch_commit(bdb_store *st, cli_batch *b);

#endif
