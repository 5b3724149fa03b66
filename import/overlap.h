/* overlap.h - one large file's figures stored while the file is still
 * being parsed: the parse (bdb_ingest_buffer) runs on a worker thread and
 * hands its figures and trace points, in batches, to the caller's thread,
 * which gives each to the store's consumer in the parse's order. The
 * store sees the same calls with the same samples as when the parse calls
 * it directly, so the rows, ids and messages are the same; the wall clock
 * of a file whose store takes longer than its parse becomes about the
 * store's alone.
 *
 * A figure's series ref (bdb_sample.ref) is handed on as the parse made
 * it: one of the file's first BDB_REFS_FULL series by its address (they
 * never move; the store writes only its own fields of it, the parse only
 * its own), the table's scratch ref (overwritten by the next figure) as a
 * copy. The refs are kept until bdb_overlap_free, past the parse.
 *
 * A new source's compressed copy may be made meanwhile on a third thread
 * (bdb_overlap_copy_source), from a mapping of its own.
 *
 * Memory: at most OVERLAP_DEPTH batches of OVERLAP_BATCH_BYTES, whatever
 * the file's size. A store failure stops the handing on (the figures
 * after it are dropped, as the parse stops at it when it calls the store
 * itself) and the parse at its next batch. */
#ifndef BDB_IMPORT_OVERLAP_H
#define BDB_IMPORT_OVERLAP_H

#include "../common/bdb_input.h"
#include "../common/bdb_refs.h"
#include "../common/bdb_sample.h"
#include "../store/store.h"
#include "../ingest/ingest.h"

#include <stddef.h>

/* A text smaller than this is parsed by the caller: the worker's start
 * and the copies are not worth it (the small logs have import/pipe.c). */
#define BDB_OVERLAP_MIN_BYTES ((size_t)4 << 20)

typedef struct bdb_overlap bdb_overlap;

/* 1 when a text of len bytes is to be parsed on a worker: large enough
 * (BDB_OVERLAP_MIN_BYTES, or as many bytes as that variable in the
 * environment says: the tests run small files through the worker), and
 * the workers not turned off (BDB_IMPORT_THREADS=1, the tests' reference,
 * as for import/pipe.c). */
int bdb_overlap_wanted(size_t len);

/* A new one, or NULL when out of memory (the caller parses itself). */
bdb_overlap *bdb_overlap_new(void);

/* The consumer the parse's sink is to hand its figures to (on the
 * worker; it may be wrapped). Valid until bdb_overlap_free. */
const bdb_sink_consumer *bdb_overlap_input(bdb_overlap *ov);

/* During bdb_overlap_run a thread of its own compresses the bytes of
 * raw (the file whose copy the store keeps) as the store keeps them
 * (bdb_source_copy_make), from a mapping of its own (bdb_input_map_again),
 * beside the parse and the store. Called before bdb_overlap_run. */
void bdb_overlap_copy_source(bdb_overlap *ov, const bdb_input *raw);

/* After bdb_overlap_run: the copy (the caller frees it), or NULL with
 * *why saying what failed, or NULL with *why NULL when none was made
 * (no thread could start: the caller makes it). */
bdb_source_copy *bdb_overlap_copy(bdb_overlap *ov, const char **why);

/* Runs bdb_ingest_buffer(text, len, iopts, sink, tools, toolsz, d) on a
 * worker thread (iopts->keep_refs must be NULL: the refs are kept in ov)
 * and hands what reaches bdb_overlap_input to store->take (figures) and
 * store->take_trace (trace points) on this thread. in is the input text
 * lies in (NULL: memory), lent to the worker for the parse
 * (bdb_input_borrow); this thread must not read it meanwhile. Returns 0
 * with the parse's code in *parse_rc, or -1 when no thread could start
 * or read in: nothing was parsed, and the caller parses itself. */
int bdb_overlap_run(bdb_overlap *ov, const bdb_input *in, const char *text,
                    size_t len, const bdb_ingest_opts *iopts, bdb_sink *sink,
                    char *tools, size_t toolsz, bdb_diag *d,
                    const bdb_sink_consumer *store, int *parse_rc);

/* Frees ov and the file's refs (once the store is done with the file's
 * samples: after the source ended). NULL is fine. */
void bdb_overlap_free(bdb_overlap *ov);

#endif
