/* store_source_bytes.c - a source's compressed copy, written once for
 * every back-end over the driver's primitives: made before the source's
 * transaction (in memory, or past 4 MiB in a temporary file), stored in
 * the source's row or in source_chunks a piece at a time, and loaded back
 * by inflating the row's bytes or piece after piece, so no one value and
 * no one buffer holds a large source. */
#include "store_admin.h"
#include "store_internal.h"
#include "../common/bdb_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static size_t piece_bytes = BDB_STORE_CHUNK_BYTES;

void bdb_store_set_piece_bytes(size_t n)
{
    piece_bytes = n ? n : BDB_STORE_CHUNK_BYTES;
}

size_t bdb_store_piece_bytes(void)
{
    return piece_bytes;
}

int bdb_source_bytes_make(bdb_store *st, const bdb_source_info *src,
                          bdb_source_bytes *b)
{
    memset(b, 0, sizeof *b);
    b->fd = -1;
    if (src->size > BDB_STORE_CHUNKED_AT)
        return bdb_store_compress_to_file(st, src->raw, src->size, &b->fd,
                                          &b->zlen, &b->pts);
    return bdb_store_compress(st, src->raw, src->size, &b->z, &b->zlen);
}

void bdb_source_bytes_free(bdb_source_bytes *b)
{
    free(b->z);
    b->z = NULL;
    free(b->pts.v);
    memset(&b->pts, 0, sizeof b->pts);
    if (b->fd >= 0)
        close(b->fd);
    b->fd = -1;
}

const void *bdb_source_bytes_raw(const bdb_source_bytes *b, size_t *n)
{
    *n = b->fd >= 0 ? 0 : b->zlen;
    return b->fd >= 0 || !b->z ? "" : (const void *)b->z;
}

/* The pieces of the temporary file, in order, each one row. */
static int put_pieces(bdb_store *st, long long id, const bdb_source_bytes *b,
                      unsigned char *buf, size_t piece)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "INSERT INTO source_chunks(source_id, seq, "
                                  "bytes) VALUES(?1, ?2, ?3)",
                              "storing a source in pieces", 0, &s);
    size_t off = 0;
    for (long long seq = 0; !rc && off < b->zlen; seq++) {
        size_t n = b->zlen - off < piece ? b->zlen - off : piece;
        ssize_t got = pread(b->fd, buf, n, (off_t)off);
        if (got != (ssize_t)n) {
            rc = bdb_store_fail(st, BDB_EIO, "cannot read back a compressed "
                                "source: %s", got < 0 ? strerror(errno)
                                                      : "short read");
            break;
        }
        bdb_stmt_reset(s);
        bdb_bind_int(s, 1, id);
        bdb_bind_int(s, 2, seq);
        bdb_bind_blob(s, 3, buf, n);
        rc = bdb_stmt_run(s);
        off += n;
    }
    return bdb_stmt_finish(s, rc);
}

int bdb_source_bytes_put(bdb_store *st, long long id,
                         const bdb_source_bytes *b)
{
    if (b->fd < 0)
        return BDB_OK;
    int rc = bdb_sql_exec_ids(st, "UPDATE sources SET raw_encoding = "
                                  "'zlib-chunks' WHERE id = ?1", id, 0, 1,
                              "marking a source stored in pieces");
    if (rc)
        return rc;
    size_t piece = bdb_store_piece_bytes();
    unsigned char *buf = malloc(piece);
    if (!buf)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory for a piece of "
                              "a source (%zu bytes)", piece);
    rc = put_pieces(st, id, b, buf, piece);
    free(buf);
    return rc;
}

/* A source stored in pieces, read one piece (one row) at a time: a
 * driver that holds a query's rows in memory holds one megabyte. */
typedef struct piece_reader {
    bdb_store *st;
    long long id, seq;
    bdb_stmt *s;
} piece_reader;

static int next_piece(void *ctx, const void **z, size_t *zn)
{
    piece_reader *r = ctx;
    *z = NULL;
    *zn = 0;
    bdb_stmt_reset(r->s);
    bdb_bind_int(r->s, 1, r->id);
    bdb_bind_int(r->s, 2, r->seq++);
    int step = bdb_step(r->s);
    if (step <= 0)      /* 0: no more pieces, the end */
        return step;
    *z = bdb_col_blob(r->s, 0, zn);
    if (*zn == 0)       /* an empty piece is not the end */
        return bdb_store_fail(r->st, BDB_ESTORE, "source %lld: an empty "
                              "piece of its stored bytes", r->id);
    return BDB_OK;
}

static int load_pieces(bdb_store *st, long long id, size_t size,
                       bdb_input *out)
{
    piece_reader r = {st, id, 0, NULL};
    int rc = bdb_stmt_prepare(st, "SELECT bytes FROM source_chunks WHERE "
                                  "source_id = ?1 AND seq = ?2",
                              "reading a source's pieces", 0, &r.s);
    if (!rc)
        rc = bdb_store_uncompress_pieces(st, id, next_piece, &r, size, out);
    return bdb_stmt_finish(r.s, rc);
}

int bdb_source_load(bdb_store *st, long long id, bdb_stored_source *out)
{
    memset(out, 0, sizeof *out);
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT s.path, s.tool, s.parser_version, "
                                  "coalesce(p.name, ''), s.options, s.raw, "
                                  "s.size, s.raw_encoding FROM sources s "
                                  "LEFT JOIN platforms p ON p.id = "
                                  "s.platform_id WHERE s.id = ?1",
                              "loading source", BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, id);
    int step = bdb_step(s);
    if (step == 0)
        rc = bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    else if (step < 0)
        rc = step;
    if (!rc) {
        out->id = id;
        snprintf(out->path, sizeof out->path, "%s", bdb_col_text(s, 0));
        snprintf(out->tool, sizeof out->tool, "%s", bdb_col_text(s, 1));
        snprintf(out->parser_version, sizeof out->parser_version, "%s",
                 bdb_col_text(s, 2));
        snprintf(out->platform, sizeof out->platform, "%s",
                 bdb_col_text(s, 3));
        out->options = strdup(bdb_col_text(s, 4));
        out->size = (size_t)bdb_col_int(s, 6);
        size_t zlen = 0;
        const void *z = NULL;
        if (!out->options)
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        else if (strcmp(bdb_col_text(s, 7), "zlib-chunks") == 0)
            rc = load_pieces(st, id, out->size, &out->bytes);
        else if (!(z = bdb_col_blob(s, 5, &zlen)))
            rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory reading "
                                "source %lld", id);
        else
            rc = bdb_store_uncompress(st, id, z, zlen, out->size,
                                      &out->bytes);
        out->raw = out->bytes.data;
    }
    rc = bdb_stmt_finish(s, rc);
    if (rc)
        bdb_stored_source_free(out);
    return rc;
}
