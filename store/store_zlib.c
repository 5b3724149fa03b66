/* store_zlib.c - sources are kept whole and zlib-compressed in either
 * back-end. deflate/inflate run in chunks of at most CHUNK bytes of input
 * at a time, so sizes past what a uLong holds are streamed rather than
 * refused, and a damaged stream is told from a short one. */
#include "store_internal.h"
#include "../common/bdb_input.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define CHUNK ((size_t)1 << 20)
#define SPOOL_WRITE ((size_t)64 << 10)

/* zlib's level 3 (its fast strategy, as 1 and 2): measured on the bench
 * corpora it takes 0.70 s of CPU for the 133 MB results CSV where level 6
 * takes 1.50 s, for 18% more bytes (9.4 MB, not 8.0); on the 84 MB fio
 * JSON 0.53 s against 0.98 s (+22%); on 10,000 small logs 0.46 s against
 * 0.54 s (+8%). Level 1 is barely faster than 3 (0.63 s) and 5-19%
 * larger. The reader inflates any level. */
#define LEVEL 3

/* The window and hash sized to the input: deflate's state for its
 * default (a 32 KB window, a 32K-entry hash: about 268 KB, the hash
 * cleared at each start) costs more than compressing a 5 KB log. A window
 * as large as the input finds every match a larger one would (the hash
 * sized with it keeps its chains as short); the stream stays a plain zlib
 * stream that inflate reads with its default window. */
static void window_for(size_t n, int *bits, int *mem_level)
{
    int b = 9;      /* zlib's smallest for deflate */
    while (b < MAX_WBITS && ((size_t)1 << b) < n + 262)  /* + MIN_LOOKAHEAD */
        b++;
    *bits = b;
    *mem_level = b - 7 < 1 ? 1 : b - 7 > 8 ? 8 : b - 7;
}

int bdb_store_compress(bdb_store *st, const void *data, size_t n,
                       unsigned char **out, size_t *outlen)
{
    char why[128];
    int rc = bdb_compress_source(data, n, out, outlen, why, sizeof why);
    return rc ? bdb_store_fail(st, rc, "%s", why) : BDB_OK;
}

int bdb_compress_source(const void *data, size_t n, unsigned char **out,
                        size_t *outlen, char *why, size_t whysz)
{
    *out = NULL;
    *outlen = 0;
    z_stream z;
    memset(&z, 0, sizeof z);
    int bits, mem_level;
    window_for(n, &bits, &mem_level);
    if (deflateInit2(&z, LEVEL, Z_DEFLATED, bits, mem_level,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(why, whysz, "cannot start compressing");
        return BDB_ENOMEM;
    }
    size_t cap = n / 4 + 64, len = 0;
    unsigned char *buf = malloc(cap);
    const unsigned char *in = data;
    size_t left = n;
    int zr = Z_OK;
    while (buf && zr != Z_STREAM_END) {
        if (z.avail_in == 0 && left) {
            size_t take = left < CHUNK ? left : CHUNK;
            /* a mapped file's pages already compressed leave memory */
            bdb_input_done_before(in);
            z.next_in = (unsigned char *)(uintptr_t)in;
            z.avail_in = (uInt)take;
            in += take;
            left -= take;
        }
        if (len == cap) {
            size_t ncap = cap * 2;
            unsigned char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        size_t room = cap - len < CHUNK ? cap - len : CHUNK;
        z.next_out = buf + len;
        z.avail_out = (uInt)room;
        zr = deflate(&z, left || z.avail_in ? Z_NO_FLUSH : Z_FINISH);
        len += room - z.avail_out;
        if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
            free(buf);
            deflateEnd(&z);
            snprintf(why, whysz, "cannot compress source");
            return BDB_ENOMEM;
        }
    }
    deflateEnd(&z);
    if (!buf) {
        snprintf(why, whysz, "out of memory compressing a source of %zu "
                 "bytes", n);
        return BDB_ENOMEM;
    }
    *out = buf;
    *outlen = len;
    return BDB_OK;
}

/* The next point after the one at `last` (an offset of data): the start
 * of the first line that begins BDB_STORE_POINT_EVERY bytes or more after
 * it; n when there is none before the end. */
static size_t next_point(const unsigned char *data, size_t n, size_t last)
{
    if (n - last <= BDB_STORE_POINT_EVERY)
        return n;
    const unsigned char *nl = memchr(data + last + BDB_STORE_POINT_EVERY, '\n',
                                     n - last - BDB_STORE_POINT_EVERY);
    return nl && (size_t)(nl + 1 - data) < n ? (size_t)(nl + 1 - data) : n;
}

static long long count_lines(const unsigned char *p, size_t n)
{
    long long k = 0;
    for (const unsigned char *end = p + n;
         (p = memchr(p, '\n', (size_t)(end - p))); p++)
        k++;
    return k;
}

static int add_point(bdb_zpoints *pts, long long line, size_t at, size_t zat)
{
    if (pts->n == pts->cap) {
        size_t cap = pts->cap ? pts->cap * 2 : 64;
        bdb_zpoint *v = realloc(pts->v, cap * sizeof *v);
        if (!v)
            return BDB_ENOMEM;
        pts->v = v;
        pts->cap = cap;
    }
    pts->v[pts->n++] = (bdb_zpoint){line, (long long)at, (long long)zat};
    return BDB_OK;
}

/* bdb_store_compress_pieces without a store: a failure of its own says
 * why in why (put's failure is returned as it is, why left ""). */
static int compress_pieces(const void *data, size_t n,
                           int (*put)(void *ctx, const void *z, size_t zn),
                           void *ctx, bdb_zpoints *points, char *why,
                           size_t whysz)
{
    why[0] = '\0';
    z_stream z;
    memset(&z, 0, sizeof z);
    int bits, mem_level;
    window_for(n, &bits, &mem_level);
    if (deflateInit2(&z, LEVEL, Z_DEFLATED, bits, mem_level,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(why, whysz, "cannot start compressing");
        return BDB_ENOMEM;
    }
    unsigned char *buf = malloc(CHUNK);
    if (!buf) {
        deflateEnd(&z);
        snprintf(why, whysz, "out of memory compressing a source");
        return BDB_ENOMEM;
    }
    const unsigned char *in = data;
    size_t left = n;
    /* the input is handed over up to the next point, where the stream is
     * flushed whole (byte-aligned, no match reaching back past it) */
    /* the next point and its line, counted before deflate reads that
     * stretch: a mapped file's pages are read once, then dropped */
    size_t point = points ? next_point(data, n, 0) : n;
    long long line = 1 + (point < n ? count_lines(data, point) : 0);
    int flushing = 0, zr = Z_OK, rc = BDB_OK;
    z.next_out = buf;
    z.avail_out = (uInt)CHUNK;
    while (!rc && zr != Z_STREAM_END) {
        size_t done = n - left;
        if (z.avail_in == 0 && left && !flushing) {
            size_t take = left < CHUNK ? left : CHUNK;
            if (take > point - done)
                take = point - done;
            /* a mapped file's pages already compressed leave memory */
            bdb_input_done_before(in);
            z.next_in = (unsigned char *)(uintptr_t)in;
            z.avail_in = (uInt)take;
            in += take;
            left -= take;
            flushing = n - left == point && point < n;
        }
        int flush = left || z.avail_in ? Z_NO_FLUSH : Z_FINISH;
        if (flushing && z.avail_in == 0)
            flush = Z_FULL_FLUSH;
        zr = deflate(&z, flush);
        if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
            snprintf(why, whysz, "cannot compress source");
            rc = BDB_ENOMEM;
            break;
        }
        size_t made = CHUNK - z.avail_out;
        int full = z.avail_out == 0;
        if (made && (full || zr == Z_STREAM_END)) {
            rc = put(ctx, buf, made);
            z.next_out = buf;
            z.avail_out = (uInt)CHUNK;
        }
        if (!rc && flush == Z_FULL_FLUSH && !full) {
            /* flushed whole: inflating may begin at total_out */
            if (add_point(points, line, point, (size_t)z.total_out)) {
                snprintf(why, whysz, "out of memory");
                rc = BDB_ENOMEM;
            }
            size_t last = point;
            point = next_point(data, n, last);
            if (point < n)
                line += count_lines((const unsigned char *)data + last,
                                    point - last);
            flushing = 0;
        }
    }
    bdb_input_done_before((const char *)data + n);
    deflateEnd(&z);
    free(buf);
    return rc;
}

int bdb_store_compress_pieces(bdb_store *st, const void *data, size_t n,
                              int (*put)(void *ctx, const void *z, size_t zn),
                              void *ctx, bdb_zpoints *points)
{
    char why[128];
    int rc = compress_pieces(data, n, put, ctx, points, why, sizeof why);
    return rc && why[0] ? bdb_store_fail(st, rc, "%s", why) : rc;
}

typedef struct to_file {
    int fd;
    size_t len;
} to_file;

static int put_file(void *ctx, const void *z, size_t zn)
{
    to_file *t = ctx;
    if (bdb_write_all(t->fd, z, zn))
        return BDB_EIO;
    t->len += zn;
    return BDB_OK;
}

int bdb_compress_to_file(const void *data, size_t n, int *fd, size_t *zlen,
                         bdb_zpoints *points, char *why, size_t whysz)
{
    to_file t = {bdb_input_tmpfile(why, whysz), 0};
    *fd = -1;
    *zlen = 0;
    if (t.fd < 0)
        return BDB_EIO;
    int rc = compress_pieces(data, n, put_file, &t, points, why, whysz);
    if (rc == BDB_EIO)
        snprintf(why, whysz, "cannot write a compressed source to a "
                 "temporary file: %s", strerror(errno));
    if (rc) {
        close(t.fd);
        return rc;
    }
    *fd = t.fd;
    *zlen = t.len;
    return BDB_OK;
}

int bdb_store_compress_to_file(bdb_store *st, const void *data, size_t n,
                               int *fd, size_t *zlen, bdb_zpoints *points)
{
    char why[512];
    int rc = bdb_compress_to_file(data, n, fd, zlen, points, why, sizeof why);
    return rc ? bdb_store_fail(st, rc, "%s", why) : BDB_OK;
}

/* Where inflated bytes go: buf (memory) or fd (a temporary file), through
 * room bytes of buf at a time. */
typedef struct inflated {
    char *buf;
    size_t room;
    int fd;
    size_t got;
} inflated;

/* The next piece of a stream into z once it has used the last one;
 * *eof when next() hands out none. next()'s failure is returned. */
static int feed(z_stream *z, int (*next)(void *ctx, const void **z, size_t *zn),
                void *ctx, int *eof)
{
    if (z->avail_in || *eof)
        return BDB_OK;
    const void *piece = NULL;
    size_t n = 0;
    int rc = next(ctx, &piece, &n);
    if (rc)
        return rc;
    *eof = n == 0;
    z->next_in = (unsigned char *)(uintptr_t)piece;
    z->avail_in = (uInt)n;
    return BDB_OK;
}

/* Inflates the stream next() hands out piece by piece into o: memory,
 * exactly size + 1 bytes of room; or the file, CHUNK bytes at a time.
 * BDB_OK, BDB_EIO (the file), BDB_ESTORE for a stream that is damaged or
 * not size bytes long, or next()'s own failure. */
static int inflate_into(int (*next)(void *ctx, const void **z, size_t *zn),
                        void *ctx, size_t size, inflated *o)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK)
        return BDB_ENOMEM;
    int zr = Z_OK, rc = BDB_OK, eof = 0;
    while (zr != Z_STREAM_END) {
        if ((rc = feed(&z, next, ctx, &eof)))
            break;
        /* one spare byte of room tells "exactly size" from "more" */
        size_t want = size + 1 - o->got;
        size_t at = o->fd < 0 ? o->got : 0;
        size_t room = o->fd < 0 ? want : o->room;
        if (room > CHUNK)
            room = CHUNK;
        if (room > want)
            room = want;
        z.next_out = (unsigned char *)o->buf + at;
        z.avail_out = (uInt)room;
        zr = inflate(&z, Z_NO_FLUSH);
        size_t made = room - z.avail_out;
        if (o->fd >= 0 && made && bdb_write_all(o->fd, o->buf, made)) {
            rc = BDB_EIO;
            break;
        }
        o->got += made;
        if ((zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) ||
            o->got > size ||
            (zr != Z_STREAM_END && z.avail_in == 0 && eof && made == 0))
            break;
    }
    inflateEnd(&z);
    if (!rc && (zr != Z_STREAM_END || o->got != size))
        rc = BDB_ESTORE;
    return rc;
}

/* One stream in memory, handed out CHUNK bytes at a time (an avail_in
 * is a uInt). */
typedef struct whole {
    const unsigned char *p;
    size_t left;
} whole;

static int next_of_whole(void *ctx, const void **z, size_t *zn)
{
    whole *w = ctx;
    size_t take = w->left < CHUNK ? w->left : CHUNK;
    *z = w->p;
    *zn = take;
    w->p += take;
    w->left -= take;
    return BDB_OK;
}

int bdb_store_uncompress(bdb_store *st, long long id, const void *zdata,
                         size_t zlen, size_t size, bdb_input *out)
{
    whole w = {zdata, zlen};
    return bdb_store_uncompress_pieces(st, id, next_of_whole, &w, size, out);
}

int bdb_store_uncompress_pieces(bdb_store *st, long long id,
                                int (*next)(void *ctx, const void **z,
                                            size_t *zn),
                                void *ctx, size_t size, bdb_input *out)
{
    memset(out, 0, sizeof *out);
    out->data = "";
    inflated o = {.fd = -1};
    int spool = size > BDB_STORE_SPOOL_AT;
    char msg[256] = "";
    if (spool) {
        o.fd = bdb_input_tmpfile(msg, sizeof msg);
        if (o.fd < 0)
            return bdb_store_fail(st, BDB_EIO, "source %lld: %s", id, msg);
        /* written 64 KB at a time: the page cache keeps a megabyte's
         * write as one large folio, which the parse's reads then map
         * whole and dropping a megabyte behind does not fully unmap
         * (a 200 MB source reparsed in 114 MB, 1 MB writes; 27 MB) */
        o.room = SPOOL_WRITE;
    }
    o.buf = size + 1 > size ? malloc(spool ? CHUNK : size + 1) : NULL;
    if (!o.buf) {
        if (o.fd >= 0)
            close(o.fd);
        return bdb_store_fail(st, BDB_ENOMEM,
                              "out of memory for source %lld (%zu bytes)", id,
                              size);
    }
    int rc = inflate_into(next, ctx, size, &o);
    if (rc == BDB_EIO)
        snprintf(msg, sizeof msg, "cannot write it to a temporary file: %s",
                 strerror(errno));
    if (spool) {
        free(o.buf);
        if (!rc)
            return bdb_input_adopt(out, o.fd, msg, sizeof msg)
                       ? bdb_store_fail(st, BDB_EIO, "source %lld: %s", id, msg)
                       : BDB_OK;
        close(o.fd);
    } else if (!rc) {
        o.buf[size] = '\0';
        out->copy = o.buf;
        out->data = o.buf;
        out->len = size;
        return BDB_OK;
    } else {
        free(o.buf);
    }
    if (rc == BDB_ENOMEM)
        return bdb_store_fail(st, rc, "cannot start decompressing");
    if (rc == BDB_EIO)
        return bdb_store_fail(st, rc, "source %lld: %s", id, msg);
    return bdb_store_fail(st, BDB_ESTORE, "source %lld: stored bytes are "
                          "damaged", id);
}

int bdb_store_inflate_each(bdb_store *st, long long id, int raw,
                           int (*next)(void *ctx, const void **z, size_t *zn),
                           void *ctx,
                           int (*take)(void *tctx, const char *p, size_t n),
                           void *tctx)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, raw ? -MAX_WBITS : MAX_WBITS) != Z_OK)
        return bdb_store_fail(st, BDB_ENOMEM, "cannot start decompressing");
    unsigned char *buf = malloc(CHUNK);
    int zr = Z_OK, rc = buf ? BDB_OK : BDB_ENOMEM, eof = 0, stop = 0;
    while (!rc && !stop && zr != Z_STREAM_END) {
        if ((rc = feed(&z, next, ctx, &eof)))
            break;
        z.next_out = buf;
        z.avail_out = (uInt)CHUNK;
        zr = inflate(&z, Z_NO_FLUSH);
        size_t made = CHUNK - z.avail_out;
        if (made)
            stop = take(tctx, (const char *)buf, made);
        if ((zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) ||
            (zr != Z_STREAM_END && z.avail_in == 0 && eof && made == 0)) {
            rc = BDB_ESTORE;
            break;
        }
    }
    inflateEnd(&z);
    free(buf);
    if (rc == BDB_ENOMEM)
        return bdb_store_fail(st, rc, "out of memory reading source %lld", id);
    if (rc == BDB_ESTORE)
        return bdb_store_fail(st, rc, "source %lld: stored bytes are damaged",
                              id);
    return rc;
}

int bdb_line_cut_take(void *ctx, const char *p, size_t n)
{
    bdb_line_cut *c = ctx;
    const char *end = p + n;
    while (p < end) {
        if (c->line > c->to) {
            c->more = 1;
            return 1;
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl + 1 : end;
        if (c->line >= c->from)
            bdb_buf_append(c->out, p, (size_t)(stop - p));
        c->line += nl != NULL;
        p = stop;
    }
    return 0;
}
