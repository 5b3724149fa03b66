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
    if (src->z && src->size <= BDB_STORE_CHUNKED_AT) {
        b->lent = src->z;
        b->zlen = src->zlen;
        return BDB_OK;
    }
    if (src->size > BDB_STORE_CHUNKED_AT)
        return bdb_store_compress_to_file(st, src->raw, src->size, &b->fd,
                                          &b->zlen, &b->pts);
    return bdb_store_compress(st, src->raw, src->size, &b->z, &b->zlen);
}

struct bdb_source_copy {
    bdb_source_bytes bytes;
};

int bdb_source_copy_later(size_t size)
{
    return size > BDB_STORE_CHUNKED_AT;
}

bdb_source_copy *bdb_source_copy_make(const void *raw, size_t size,
                                      char *why, size_t whysz)
{
    bdb_source_copy *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(why, whysz, "out of memory");
        return NULL;
    }
    c->bytes.fd = -1;
    if (bdb_compress_to_file(raw, size, &c->bytes.fd, &c->bytes.zlen,
                             &c->bytes.pts, why, whysz)) {
        bdb_source_copy_free(c);
        return NULL;
    }
    return c;
}

int bdb_store_source_copy_put(bdb_store *st, long long id,
                              const bdb_source_copy *c)
{
    return bdb_source_bytes_put(st, id, &c->bytes);
}

void bdb_source_copy_free(bdb_source_copy *c)
{
    if (!c)
        return;
    bdb_source_bytes_free(&c->bytes);
    free(c);
}

void bdb_source_bytes_free(bdb_source_bytes *b)
{
    free(b->z);
    b->z = NULL;
    b->lent = NULL;
    free(b->pts.v);
    memset(&b->pts, 0, sizeof b->pts);
    if (b->fd >= 0)
        close(b->fd);
    b->fd = -1;
}

const void *bdb_source_bytes_raw(const bdb_source_bytes *b, size_t *n)
{
    *n = b->fd >= 0 ? 0 : b->zlen;
    if (b->lent)
        return b->lent;
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

/* Where the stream may be inflated from afresh (source_points): a window
 * of the source's lines is read from the last point before it. */
static int put_points(bdb_store *st, long long id, const bdb_zpoints *pts)
{
    if (!pts->n)
        return BDB_OK;
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "INSERT INTO source_points(source_id, "
                                  "line, at_byte, at_zbyte) "
                                  "VALUES(?1, ?2, ?3, ?4)",
                              "storing a source's points", 0, &s);
    for (size_t i = 0; !rc && i < pts->n; i++) {
        bdb_stmt_reset(s);
        bdb_bind_int(s, 1, id);
        bdb_bind_int(s, 2, pts->v[i].line);
        bdb_bind_int(s, 3, pts->v[i].at);
        bdb_bind_int(s, 4, pts->v[i].zat);
        rc = bdb_stmt_run(s);
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
    return rc ? rc : put_points(st, id, &b->pts);
}

/* A source stored in pieces, read one piece (one row) at a time: a
 * driver that holds a query's rows in memory holds one megabyte. */
typedef struct piece_reader {
    bdb_store *st;
    long long id, seq;
    bdb_stmt *s;
    size_t skip;        /* bytes of the first piece passed over */
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
    if (r->skip) {
        if (r->skip >= *zn)
            return bdb_store_fail(r->st, BDB_ESTORE, "source %lld: a point "
                                  "lies past its piece", r->id);
        *z = (const char *)*z + r->skip;
        *zn -= r->skip;
        r->skip = 0;
    }
    return BDB_OK;
}

static int piece_reader_open(bdb_store *st, piece_reader *r, long long id,
                             long long seq, size_t skip)
{
    *r = (piece_reader){st, id, seq, NULL, skip};
    return bdb_stmt_prepare(st, "SELECT bytes FROM source_chunks WHERE "
                                "source_id = ?1 AND seq = ?2",
                            "reading a source's pieces", 0, &r->s);
}

static int load_pieces(bdb_store *st, long long id, size_t size,
                       bdb_input *out)
{
    piece_reader r;
    int rc = piece_reader_open(st, &r, id, 0, 0);
    if (!rc)
        rc = bdb_store_uncompress_pieces(st, id, next_piece, &r, size, out);
    return bdb_stmt_finish(r.s, rc);
}

/* Source id's row (s, stepped): its names into out. BDB_OK, or
 * BDB_ENOTFOUND / the step's failure. */
static int source_row(bdb_store *st, long long id, bdb_stmt **s,
                      bdb_stored_source *out, int *chunked)
{
    memset(out, 0, sizeof *out);
    int rc = bdb_stmt_prepare(st, "SELECT s.path, s.tool, s.parser_version, "
                                  "coalesce(p.name, ''), s.options, s.raw, "
                                  "s.size, s.raw_encoding FROM sources s "
                                  "LEFT JOIN platforms p ON p.id = "
                                  "s.platform_id WHERE s.id = ?1",
                              "loading source", BDB_STMT_KEEP, s);
    if (rc)
        return rc;
    bdb_bind_int(*s, 1, id);
    int step = bdb_step(*s);
    if (step == 0)
        return bdb_store_fail(st, BDB_ENOTFOUND, "no source %lld", id);
    if (step < 0)
        return step;
    out->id = id;
    snprintf(out->path, sizeof out->path, "%s", bdb_col_text(*s, 0));
    snprintf(out->tool, sizeof out->tool, "%s", bdb_col_text(*s, 1));
    snprintf(out->parser_version, sizeof out->parser_version, "%s",
             bdb_col_text(*s, 2));
    snprintf(out->platform, sizeof out->platform, "%s", bdb_col_text(*s, 3));
    out->options = strdup(bdb_col_text(*s, 4));
    out->size = (size_t)bdb_col_int(*s, 6);
    *chunked = strcmp(bdb_col_text(*s, 7), "zlib-chunks") == 0;
    if (!out->options)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    return BDB_OK;
}

/* The row's compressed bytes (column 5) inflated into out. */
static int row_bytes(bdb_store *st, bdb_stmt *s, long long id, size_t size,
                     bdb_input *out)
{
    size_t zlen = 0;
    const void *z = bdb_col_blob(s, 5, &zlen);
    if (!z)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory reading "
                              "source %lld", id);
    return bdb_store_uncompress(st, id, z, zlen, size, out);
}

int bdb_source_load(bdb_store *st, long long id, bdb_stored_source *out)
{
    bdb_stmt *s = NULL;
    int chunked = 0;
    int rc = source_row(st, id, &s, out, &chunked);
    if (!rc && chunked)
        rc = load_pieces(st, id, out->size, &out->bytes);
    else if (!rc)
        rc = row_bytes(st, s, id, out->size, &out->bytes);
    if (!rc)
        out->raw = out->bytes.data;
    rc = s ? bdb_stmt_finish(s, rc) : rc;
    if (rc)
        bdb_stored_source_free(out);
    return rc;
}

/* The last point at or before line `from` of source id (source_points):
 * its line and compressed byte, else line 1 at byte 0 (the stream's
 * start: a source stored before points were, or a window in its first
 * megabyte). */
static int point_before(bdb_store *st, long long id, long long from,
                        long long *line, long long *zat)
{
    *line = 1;
    *zat = 0;
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT line, at_zbyte FROM source_points "
                                  "WHERE source_id = ?1 AND line <= ?2 "
                                  "ORDER BY line DESC LIMIT 1",
                              "reading a source's points", 0, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, id);
    bdb_bind_int(s, 2, from);
    int step = bdb_step(s);
    if (step > 0) {
        *line = bdb_col_int(s, 0);
        *zat = bdb_col_int(s, 1);
    } else if (step < 0) {
        rc = step;
    }
    return bdb_stmt_finish(s, rc);
}

int bdb_source_lines_read(bdb_store *st, long long id, long long from,
                          long long count, bdb_stored_source *meta,
                          bdb_buf *text, int *more)
{
    *more = 0;
    bdb_stmt *s = NULL;
    int chunked = 0;
    int rc = source_row(st, id, &s, meta, &chunked);
    bdb_line_cut cut = {1, from, from + count - 1, text, 0};
    if (!rc && !chunked) {
        /* at most BDB_STORE_CHUNKED_AT bytes: inflated whole */
        bdb_input whole = {0};
        rc = row_bytes(st, s, id, meta->size, &whole);
        if (!rc)
            bdb_line_cut_take(&cut, whole.data, whole.len);
        bdb_input_close(&whole);
    }
    rc = s ? bdb_stmt_finish(s, rc) : rc;
    long long zat = 0;
    if (!rc && chunked)
        rc = point_before(st, id, from, &cut.line, &zat);
    if (!rc && chunked) {
        /* from the piece holding that byte on, raw deflate from a point */
        long long bytes = (long long)bdb_store_piece_bytes();
        piece_reader r;
        rc = piece_reader_open(st, &r, id, zat / bytes, (size_t)(zat % bytes));
        if (!rc)
            rc = bdb_store_inflate_each(st, id, zat > 0, next_piece, &r,
                                        bdb_line_cut_take, &cut);
        rc = bdb_stmt_finish(r.s, rc);
    }
    *more = cut.more;
    if (!rc && text->err)
        rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    if (rc)
        bdb_stored_source_free(meta);
    return rc;
}
