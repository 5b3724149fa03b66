/* store_platforms.c - the platforms (name, arch, CPU, price, power ...):
 * put, merged or whole, read one, list them; written once over the
 * driver's primitives, the columns from the platform field table
 * (store_sql.c builds the statements). */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

#include "../common/bdb_platform.h"

/* The parameters are the platform fields, in table order; an unknown
 * field ("" or NaN) binds NULL, the name never does. */
static void bind_platform(bdb_stmt *s, const bdb_platform *p)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    for (size_t i = 0; i < nf; i++) {
        const char *at = (const char *)p + f[i].offset;
        if (f[i].is_number) {
            double v;
            memcpy(&v, at, sizeof v);
            bdb_bind_double(s, (int)i + 1, v);
        } else {
            int is_name = strcmp(f[i].name, "name") == 0;
            bdb_bind_text(s, (int)i + 1, *at || is_name ? at : NULL);
        }
    }
}

static void read_platform(bdb_stmt *s, bdb_platform *p)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    bdb_platform_clear(p);
    for (size_t i = 0; i < nf; i++) {
        char *at = (char *)p + f[i].offset;
        if (f[i].is_number) {
            double v = bdb_col_double(s, (int)i);
            memcpy(at, &v, sizeof v);
        } else {
            snprintf(at, f[i].size, "%s", bdb_col_text(s, (int)i));
        }
    }
}

static int put_one(bdb_store *st, const bdb_platform *p, int merge)
{
    if (!p->name[0])
        return bdb_store_fail(st, BDB_EUSAGE, "a platform needs a name");
    bdb_buf sql;
    bdb_buf_init(&sql);
    bdb_platform_sql_upsert(&sql, '?', merge);
    bdb_stmt *s = NULL;
    int rc = sql.err || !sql.data
                 ? bdb_store_fail(st, BDB_ENOMEM, "out of memory")
                 : bdb_stmt_prepare(st, sql.data, "saving platform", 0, &s);
    bdb_buf_free(&sql);
    if (rc)
        return rc;
    bind_platform(s, p);
    return bdb_stmt_finish(s, bdb_stmt_run(s));
}

/* n platforms in one transaction (a savepoint in a batch), so that a
 * failure cannot leave a batch's transaction aborted. */
static int put_all(bdb_store *st, const bdb_platform *p, size_t n, int merge)
{
    const bdb_driver *d = st->ops->drv;
    if (d->tx_begin(st))
        return BDB_ESTORE;
    int rc = BDB_OK;
    for (size_t i = 0; !rc && i < n; i++)
        rc = put_one(st, &p[i], merge);
    return d->tx_end(st, rc);
}

int bdb_store_platform_put(bdb_store *st, const bdb_platform *p, int merge)
{
    return put_all(st, p, 1, merge);
}

int bdb_store_platforms_put(bdb_store *st, const bdb_platform *p, size_t n)
{
    return put_all(st, p, n, 1);
}

/* The statement SELECT <platform columns> FROM platforms <tail>. */
static int prepare_select(bdb_store *st, const char *tail, const char *what,
                          int flags, bdb_stmt **s)
{
    bdb_buf b;
    if (bdb_platform_sql_select(st, &b, tail))
        return BDB_ENOMEM;
    int rc = bdb_stmt_prepare(st, b.data, what, flags, s);
    bdb_buf_free(&b);
    return rc;
}

int bdb_store_platform_get(bdb_store *st, const char *name, bdb_platform *out)
{
    bdb_stmt *s;
    int rc = prepare_select(st, "WHERE name = ?1", "reading platform", 0, &s);
    if (rc)
        return rc;
    bdb_bind_text(s, 1, name);
    int r = bdb_step(s);
    if (r == 1)
        read_platform(s, out);
    else if (r == 0)
        r = bdb_store_fail(st, BDB_ENOTFOUND, "no platform called '%s'",
                           name);
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}

int bdb_store_platform_each(bdb_store *st,
                            int (*cb)(const bdb_platform *, void *), void *ctx)
{
    bdb_stmt *s;
    int rc = prepare_select(st, "ORDER BY name", "listing platforms",
                            BDB_STMT_MANY, &s);
    if (rc)
        return rc;
    int r;
    while ((r = bdb_step(s)) == 1) {
        bdb_platform p;
        read_platform(s, &p);
        if (cb(&p, ctx))
            break;
    }
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}
