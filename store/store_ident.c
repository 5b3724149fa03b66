/* store_ident.c - a series' identity key (schemas/011_series_ident.sql),
 * written once for every back-end: the 64-bit integer that stands in the
 * series table for its identity (tool, benchmark, metric, parameters'
 * text), what finds and makes a series by it, and the migration's filling
 * of the keys of the series that were there before it.
 *
 * The key is a hash of the identity, so two identities may share one:
 * a series is stored under the first key free in the window [h, h + 7]
 * of its hash h, and a lookup reads the whole window (one range of the
 * integer index, a row or two) and compares the texts. Reading the whole
 * window, not stopping at the first free key, keeps a series found after
 * the one that once held its own key was swept. */
#include "store_internal.h"
#include "store_admin.h"
#include "../common/bdb_buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* For tests: the hash's bits kept (collisions made on purpose). */
static unsigned long long ident_mask = ~0ull;

void bdb_store_test_ident_mask(unsigned long long mask)
{
    ident_mask = mask ? mask : ~0ull;
}

static uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

/* Eight bytes as a little-endian number, whatever the machine's order:
 * the keys are stored, and a database file moves between machines. */
static uint64_t rd64(const unsigned char *p, size_t n)
{
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

/* MurmurHash3's 64-bit steps over 8-byte blocks (one lane), with its
 * finalizer: every bit of the text reaches every bit of the hash. */
static uint64_t hash64(const unsigned char *p, size_t n)
{
    const uint64_t c1 = 0x87c37b91114253d5ull, c2 = 0x4cf5ad432745937full;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n, k;
    size_t left = n;
    for (; left >= 8; p += 8, left -= 8) {
        k = rotl(rd64(p, 8) * c1, 31) * c2;
        h ^= k;
        h = rotl(h, 27) * 5 + 0x52dce729;
    }
    k = rotl(rd64(p, left) * c1, 31) * c2;
    h ^= k ^ (uint64_t)n;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

/* Two hashes side by side: 32 bits of "tool \x1f benchmark", then 30 of
 * "metric \x1f params". The series of one benchmark (a fio job's, a
 * CSV's rows of one benchmark) have neighbouring keys, so that making
 * them touches a few pages of the key's index: one hash of the whole
 * identity scattered them over all of it, and a 100 MB fio JSON's
 * 916,730 series read and wrote a page each (880k reads, 1M writes; 20 s
 * of CPU where the text index took 11 s). 62 bits: the window's end,
 * hash + 7, is a positive 64-bit integer. This is a stored format:
 * changing it needs a migration that computes the keys again. */
long long bdb_series_ident(const char *key, size_t n)
{
    const unsigned char *p = (const unsigned char *)key;
    const unsigned char *sep = memchr(p, 0x1f, n);
    if (sep)
        sep = memchr(sep + 1, 0x1f, n - (size_t)(sep + 1 - p));
    size_t at = sep ? (size_t)(sep - p) : n;
    uint64_t hi = hash64(p, at) >> 32, lo = hash64(p + at, n - at) >> 34;
    return (long long)(((hi << 30) | lo) & ident_mask);
}

long long bdb_series_ident_of(const char *tool, const char *benchmark,
                              const char *metric, const char *params)
{
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_buf_printf(&b, "%s\x1f%s\x1f%s\x1f%s", tool, benchmark, metric,
                   params);
    long long h = b.err ? -1 : bdb_series_ident(b.data, b.len);
    bdb_buf_free(&b);
    return h;
}

/* ---- finding and making ------------------------------------------------ */

#define SQL_WINDOW                                                           \
    "SELECT id, ident, tool, benchmark, metric, params, unit FROM series "   \
    "WHERE ident BETWEEN ?1 AND ?2"

/* Reads the window of key h: 1 and *id (*unit_there a copy of its unit,
 * when asked) when t's series is there, else 0 with the keys taken in
 * *taken (bit i: h + i); or a BDB_E* code. */
static int window_read(bdb_store *st, char *const *t, long long h,
                       long long *id, char **unit_there, unsigned *taken)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, SQL_WINDOW, "finding series", BDB_STMT_KEEP,
                              &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, h);
    bdb_bind_int(s, 2, h + BDB_IDENT_WINDOW - 1);
    *taken = 0;
    int r, found = 0, err = 0;
    while ((r = bdb_step(s)) == 1) {
        long long at = bdb_col_int(s, 1) - h;
        if (at >= 0 && at < BDB_IDENT_WINDOW)
            *taken |= 1u << at;
        int same = 1;
        for (int i = 0; same && i < 4; i++)
            same = strcmp(bdb_col_text(s, 2 + i), t[i]) == 0;
        if (!same)
            continue;
        found = 1;
        *id = bdb_col_int(s, 0);
        if (unit_there && !(*unit_there = strdup(bdb_col_text(s, 6))))
            err = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
        break;
    }
    if (r < 0)
        err = r;
    rc = bdb_stmt_finish(s, err);
    return rc ? rc : found;
}

int bdb_series_ident_find(bdb_store *st, char *const *texts, long long h,
                          long long *id)
{
    unsigned taken;
    *id = 0;
    return window_read(st, texts, h, id, NULL, &taken);
}

int bdb_series_ident_make(bdb_store *st, const bdb_new_series *n,
                          long long set_id, long long *id, char **unit_there)
{
    *id = 0;
    *unit_there = NULL;
    /* another import may take a free key between the read and the insert:
     * the window is read again, a few times */
    for (int attempt = 0; attempt < 2 * BDB_IDENT_WINDOW; attempt++) {
        unsigned taken;
        int r = window_read(st, n->text, n->ident, id, unit_there, &taken);
        if (r != 0)
            return r < 0 ? r : BDB_OK;
        int at = 0;
        while (at < BDB_IDENT_WINDOW && (taken >> at & 1))
            at++;
        if (at == BDB_IDENT_WINDOW)
            return bdb_store_fail(st, BDB_ESTORE, "line %d: %d series share "
                                  "the identity key of %s %s %s", n->line,
                                  BDB_IDENT_WINDOW, n->text[0], n->text[1],
                                  n->text[2]);
        bdb_stmt *s;
        int rc = bdb_stmt_prepare(st, "INSERT INTO series(tool, benchmark, "
                                      "metric, params, unit, better, "
                                      "param_set_id, ident) VALUES(?1,?2,?3,"
                                      "?4,?5,?6,?7,?8) ON CONFLICT(ident) DO "
                                      "NOTHING RETURNING id",
                                  "adding series", BDB_STMT_KEEP, &s);
        if (rc)
            return rc;
        for (int i = 0; i < 5; i++)
            bdb_bind_text_ref(s, i + 1, n->text[i]);
        bdb_bind_int(s, 6, n->better);
        bdb_bind_int(s, 7, set_id);
        bdb_bind_int(s, 8, n->ident + at);
        r = bdb_step(s);
        if (r == 1)
            *id = bdb_col_int(s, 0);
        if ((rc = bdb_stmt_finish(s, r < 0 ? r : BDB_OK)))
            return rc;
        if (*id)
            return BDB_OK;      /* new: its unit is ours */
    }
    return bdb_store_fail(st, BDB_ESTORE, "series of line %d vanished",
                          n->line);
}

/* ---- the migration's keys ---------------------------------------------- */

typedef struct ident_row {
    long long h, id;
} ident_row;

typedef struct ident_fill {
    bdb_store *st;
    ident_row *v;
    size_t n, cap;
    bdb_buf key;
} ident_fill;

static int fill_row(bdb_stmt *s, void *ctx)
{
    ident_fill *f = ctx;
    if (f->n == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 1024;
        ident_row *v = realloc(f->v, cap * sizeof *v);
        if (!v)
            return -bdb_store_fail(f->st, BDB_ENOMEM, "out of memory");
        f->v = v;
        f->cap = cap;
    }
    f->key.len = 0;
    bdb_buf_printf(&f->key, "%s\x1f%s\x1f%s\x1f%s", bdb_col_text(s, 1),
                   bdb_col_text(s, 2), bdb_col_text(s, 3),
                   bdb_col_text(s, 4));
    if (f->key.err)
        return -bdb_store_fail(f->st, BDB_ENOMEM, "out of memory");
    f->v[f->n++] = (ident_row){bdb_series_ident(f->key.data, f->key.len),
                               bdb_col_int(s, 0)};
    return 0;
}

static int by_hash(const void *a, const void *b)
{
    const ident_row *x = a, *y = b;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static const bdb_rows fill_rows = {"series_ident_fill(id, ident)", 2,
                                   "keying series"};

/* Before schemas/011: the key of every stored series (their identities
 * are distinct, so a key taken is the next one's in the window) into
 * the temporary table series_ident_fill(id, ident) the migration reads. */
int bdb_series_ident_fill(bdb_store *st)
{
    int rc = st->ops->drv->exec(st, "CREATE TEMP TABLE series_ident_fill("
                                    "id bigint PRIMARY KEY, "
                                    "ident bigint NOT NULL)");
    if (rc)
        return rc;
    ident_fill f = {st, NULL, 0, 0, {0}};
    bdb_buf_init(&f.key);
    /* all at once, not a page at a time: PostgreSQL's pages are read in
     * a transaction of their own, and this one is the migration's */
    bdb_stmt *s;
    rc = bdb_stmt_prepare(st, "SELECT id, tool, benchmark, metric, params "
                              "FROM series", "keying series", 0, &s);
    if (!rc)
        rc = bdb_stmt_walk(s, fill_row, &f);
    bdb_buf_free(&f.key);
    if (!rc && f.n)
        qsort(f.v, f.n, sizeof *f.v, by_hash);
    long long last = -1;
    size_t most = st->ops->drv->rows_batch;
    bdb_cell *cells = f.n ? malloc((most < f.n ? most : f.n) * 2 *
                                   sizeof *cells)
                          : NULL;
    if (!rc && f.n && !cells)
        rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    size_t used = 0;
    for (size_t i = 0; !rc && i < f.n; i++) {
        long long k = f.v[i].h > last ? f.v[i].h : last + 1;
        if (k - f.v[i].h >= BDB_IDENT_WINDOW) {
            rc = bdb_store_fail(st, BDB_ESTORE, "%d series share an "
                                "identity key", BDB_IDENT_WINDOW);
            break;
        }
        last = k;
        cells[used * 2] = (bdb_cell){.type = 'i', .i = f.v[i].id};
        cells[used * 2 + 1] = (bdb_cell){.type = 'i', .i = k};
        if (++used == most || i + 1 == f.n) {
            rc = st->ops->drv->rows_put(st, &fill_rows, cells, used);
            used = 0;
        }
    }
    free(cells);
    free(f.v);
    return rc;
}
