/* pipe.h - the import of a list of files on two cores or more: worker
 * threads read and parse the next files ahead (import_record.h) while the
 * caller's thread writes each into the store in the list's order, exactly
 * as bdb_import_file would (the same rows, ids, messages and results).
 *
 * At most BDB_PIPE_DEPTH files are made ahead, each bounded (a large one
 * is left to the writer, streamed), so memory does not grow with the
 * list. BDB_IMPORT_THREADS=N in the environment runs N threads in all
 * (N - 1 workers, at most BDB_PIPE_WORKERS); 1 turns the workers off
 * (bdb_import_pipe_start returns NULL; the caller imports each file
 * itself): the tests compare both. */
#ifndef BDB_IMPORT_PIPE_H
#define BDB_IMPORT_PIPE_H

#include "import.h"

#define BDB_PIPE_DEPTH 8
#define BDB_PIPE_WORKERS 2

typedef struct bdb_import_pipe bdb_import_pipe;

/* The worker threads BDB_IMPORT_THREADS asks for beside the writer: N - 1
 * (at most BDB_PIPE_WORKERS); unset or not a number, BDB_PIPE_WORKERS; 0
 * when it is 1 (the tests' reference: no thread but the caller's).
 * overlap.c reads it too, so one value turns both off. */
int bdb_import_workers(void);

/* Starts the workers on paths[0..n) with opts (both kept, unchanged, until
 * bdb_import_pipe_free), for the writer's store st (which the workers
 * never touch: the writer tells them which files it holds already). NULL when the workers are off, when the import
 * does not suit it (a dry run, --replace, fewer than two files), or when
 * it cannot start: the caller then calls bdb_import_file. */
bdb_import_pipe *bdb_import_pipe_start(const char *const *paths, size_t n,
                                       const bdb_import_opts *opts,
                                       bdb_store *st);

/* The size in bytes of paths[i] as a worker read it, waiting for it;
 * -1 when it did not (a file left to the writer, or one it could not
 * read). Called before bdb_import_pipe_file of the same i. */
long long bdb_import_pipe_size(bdb_import_pipe *p, size_t i);

/* bdb_import_file(st, paths[i], opts, res) from a worker's record.
 * Called for i = 0, 1, 2, ... in order (the caller may stop early). */
int bdb_import_pipe_file(bdb_import_pipe *p, bdb_store *st, size_t i,
                         bdb_import_result *res);

/* Stops the workers (files they made ahead are dropped) and frees p; NULL
 * is fine. */
void bdb_import_pipe_free(bdb_import_pipe *p);

#endif
