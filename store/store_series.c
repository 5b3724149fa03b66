/* store_series.c - what the store tells of series as a whole, written
 * once over the driver's primitives: how many a filter selects. */
#include "store_internal.h"
#include "store_admin.h"

#include <stdlib.h>
#include <string.h>

int bdb_store_series_count(bdb_store *st, const bdb_filter *f, long long *n)
{
    *n = 0;
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_series_count_query(&w, f);
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "counting series", 0, &s);
    if (rc)
        return rc;
    int r = bdb_step(s);
    if (r == 1)
        *n = bdb_col_int(s, 0);
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}

/* ---- a series' identity and key ------------------------------------------ */

/* Tests make keys collide by keeping this many bits (store_admin.h). */
static int key_bits = 64;

void bdb_store_set_series_key_bits(int bits)
{
    key_bits = bits > 0 && bits < 64 ? bits : 64;
}

static unsigned long long key_feed(unsigned long long h, const char *p,
                                   size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

/* FNV-1a's last bytes move only its low bits: mixed (MurmurHash3's
 * finaliser) so that every bit of the key depends on every byte. */
static unsigned long long key_end(unsigned long long h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return key_bits < 64 ? h & ((1ull << key_bits) - 1) : h;
}

#define KEY_START 1469598103934665603ull

unsigned long long bdb_series_key_text(const char *ident)
{
    return key_end(key_feed(KEY_START, ident, strlen(ident)));
}

unsigned long long bdb_series_key_of(const char *tool, const char *benchmark,
                                     const char *metric, const char *params)
{
    const char *part[4] = {tool, benchmark, metric, params};
    unsigned long long h = KEY_START;
    for (int i = 0; i < 4; i++) {
        h = key_feed(h, part[i], strlen(part[i]));
        if (i < 3)
            h = key_feed(h, "\x1f", 1);
    }
    return key_end(h);
}

/* Appends [p, p+n) to out at *used if it fits (size bytes, NUL kept). */
static void ident_put(char *out, size_t size, size_t *used, const char *p,
                      size_t n)
{
    if (*used + n >= size)
        n = *used < size ? size - 1 - *used : 0;
    memcpy(out + *used, p, n);
    *used += n;
    out[*used] = '\0';
}

unsigned long long bdb_series_ident(const bdb_sample *smp, char *params,
                                    size_t paramsz, char *ident,
                                    size_t identsz)
{
    size_t used = 0;
    ident[0] = '\0';
    if (smp->ref) {     /* formatted once already, by ingest */
        const bdb_series_ref *r = smp->ref;
        size_t pn = strlen(r->params);
        size_t cut = pn < paramsz ? pn : paramsz - 1;
        memcpy(params, r->params, cut);
        params[cut] = '\0';
        ident_put(ident, identsz, &used, r->names + r->series_at,
                  (size_t)(r->names_len - r->series_at));
        ident_put(ident, identsz, &used, r->params, pn);
    } else {
        bdb_params_format(&smp->params, params, paramsz);
        const char *part[4] = {smp->tool, smp->benchmark, smp->metric, params};
        for (int i = 0; i < 4; i++) {
            ident_put(ident, identsz, &used, part[i], strlen(part[i]));
            if (i < 3)
                ident_put(ident, identsz, &used, "\x1f", 1);
        }
    }
    return key_end(key_feed(KEY_START, ident, used));
}

int bdb_series_key_migration(const char *name)
{
    return strstr(name, "_series_key.") != NULL;
}

/* The series without a key, a page at a time (ids above the last page's):
 * each page read whole, then its keys written. */
#define KEYS_PAGE 4096

int bdb_series_keys_fill(bdb_store *st)
{
    bdb_stmt *sel = NULL, *upd = NULL;
    int rc = bdb_stmt_prepare(st, "SELECT id, tool, benchmark, metric, params "
                              "FROM series WHERE id > ?1 AND key IS NULL "
                              "ORDER BY id LIMIT 4096", "reading series' "
                              "names for their keys", 0, &sel);
    if (!rc)
        rc = bdb_stmt_prepare(st, "UPDATE series SET key = ?1 WHERE id = ?2",
                              "giving series their keys", 0, &upd);
    long long *ids = rc ? NULL : malloc(KEYS_PAGE * sizeof *ids);
    unsigned long long *keys = rc ? NULL : malloc(KEYS_PAGE * sizeof *keys);
    if (!rc && (!ids || !keys))
        rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory");
    long long after = 0;
    while (!rc) {
        size_t n = 0;
        bdb_stmt_reset(sel);
        bdb_bind_int(sel, 1, after);
        int r;
        while ((r = bdb_step(sel)) == 1 && n < KEYS_PAGE) {
            ids[n] = bdb_col_int(sel, 0);
            keys[n++] = bdb_series_key_of(bdb_col_text(sel, 1),
                                          bdb_col_text(sel, 2),
                                          bdb_col_text(sel, 3),
                                          bdb_col_text(sel, 4));
        }
        if (r < 0) {
            rc = r;
            break;
        }
        bdb_stmt_reset(sel);
        for (size_t i = 0; !rc && i < n; i++) {
            bdb_stmt_reset(upd);
            bdb_bind_int(upd, 1, (long long)keys[i]);
            bdb_bind_int(upd, 2, ids[i]);
            rc = bdb_stmt_run(upd);
        }
        if (n < KEYS_PAGE)
            break;
        after = ids[n - 1];
    }
    free(ids);
    free(keys);
    bdb_stmt_finish(upd, BDB_OK);
    return bdb_stmt_finish(sel, rc);
}
