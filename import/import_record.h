/* import_record.h - one file's import made ahead, in memory, by a thread
 * that has no store: read, hashed, gunzipped, its bytes compressed as the
 * store keeps them, parsed into a list of its figures and trace points
 * with their series refs and the file's notes. The writer then does what
 * bdb_import_file does with the store, in the same order, from the
 * record: the same rows, ids, checks, messages and result.
 *
 * A record is bounded: a file of more than BDB_RECORD_TEXT_MAX bytes (or
 * whose text is), or whose figures take more than BDB_RECORD_BYTES_MAX
 * bytes or BDB_REFS_FULL figures, is not made ahead (stream is set) and
 * the writer imports it the way bdb_import_file does, streamed. */
#ifndef BDB_IMPORT_RECORD_H
#define BDB_IMPORT_RECORD_H

#include "import_internal.h"
#include "../common/bdb_refs.h"

#define BDB_RECORD_TEXT_MAX ((size_t)2 << 20)
#define BDB_RECORD_BYTES_MAX ((size_t)2 << 20)

typedef struct bdb_import_record {
    const char *path;
    int stream;                 /* 1: not made ahead; import it streamed */
    int rc;                     /* a failure before the store's part */
    int hashed;                 /* the digest is known (a failure after it
                                   is said once the store has not got the
                                   bytes already) */
    bdb_import_result res;      /* as far as the reading went */
    bdb_import_prep prep;
    char sha[65];
    size_t size;                /* of the file's bytes */
    unsigned char *z;           /* the bytes compressed */
    size_t zlen;
    bdb_buf options;            /* as stored with the source */
    int parse_rc;
    bdb_diag d;                 /* the parse's */
    bdb_sink sink;              /* its notes, counts and version */
    bdb_refs refs;              /* the series refs of the figures */
    bdb_sink_consumer consumer; /* the sink's, while the parse runs */
    unsigned char *events;      /* figures and trace points, in order */
    size_t nevents, used, cap;
    int full;                   /* the figures outgrew the record */
    char changed[256];          /* "" or: the file changed while read */
    char *text;                 /* kept for a file no tool read (a
                                   platforms.csv, lscpu's output) */
    size_t text_len;
    int verdict;                /* the writer's answer to whether its
                                   digest is stored: BDB_RECORD_* */
    int skipped;                /* stored: not parsed */
} bdb_import_record;

#define BDB_RECORD_UNKNOWN 0
#define BDB_RECORD_ABSENT 1
#define BDB_RECORD_PRESENT 2

/* How a worker asks the writer whether a file's bytes are stored already
 * (a file imported again is not parsed): publish tells the digest once
 * it is known; verdict is the answer so far (BDB_RECORD_*), looked at
 * before the costly steps. NULL: never asked. */
typedef struct bdb_import_ask {
    void (*publish)(void *ctx, bdb_import_record *r);
    int (*verdict)(void *ctx, bdb_import_record *r);
    void *ctx;
} bdb_import_ask;

/* Makes r for the file at path (r zeroed, or cleared). Never touches a
 * store; thread-safe against another thread's store work. */
void bdb_import_record_read(const char *path, const bdb_import_opts *opts,
                            const bdb_import_ask *ask, bdb_import_record *r);

/* Does with st what bdb_import_file(st, r->path, opts, res) does, from
 * the record (or, when r->stream, calls it). opts as for the read, and
 * neither dry_run nor replace. */
int bdb_import_record_write(bdb_store *st, bdb_import_record *r,
                            const bdb_import_opts *opts,
                            bdb_import_result *res);

/* Frees what r holds of its file and zeroes it, ready for the next
 * (its buffers kept); bdb_import_record_free frees everything. */
void bdb_import_record_clear(bdb_import_record *r);
void bdb_import_record_free(bdb_import_record *r);

#endif
