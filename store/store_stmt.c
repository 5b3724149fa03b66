/* store_stmt.c - the small statements every store operation written once
 * runs (store_fix.c, store_history.c, ...): a change with a few
 * parameters, a count, an id by name, a walk over rows. All of them go
 * through the driver's primitives (store_backend.h), so they hold no
 * back-end's dialect. */
#include "store_internal.h"

#include <stdio.h>

int bdb_stmt_prepare(bdb_store *st, const char *sql, const char *what,
                     int flags, bdb_stmt **out)
{
    return st->ops->drv->prepare(st, sql, what, flags, out);
}

int bdb_stmt_finish(bdb_stmt *s, int rc)
{
    return s ? s->drv->finish(s, rc) : rc;
}

int bdb_stmt_run(bdb_stmt *s)
{
    int r = bdb_step(s);
    return r < 0 ? r : BDB_OK;
}

int bdb_sql_exec_texts(bdb_store *st, const char *sql, const char *what,
                       int n, const char *const *v)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, sql, what, 0, &s);
    if (rc)
        return rc;
    for (int i = 0; i < n; i++)
        bdb_bind_text(s, i + 1, v[i]);
    return bdb_stmt_finish(s, bdb_stmt_run(s));
}

int bdb_sql_exec_ids(bdb_store *st, const char *sql, long long a, long long b,
                     int n, const char *what)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, sql, what, 0, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, a);
    if (n > 1)
        bdb_bind_int(s, 2, b);
    return bdb_stmt_finish(s, bdb_stmt_run(s));
}

/* The first column of sql's first row (?1 = the text t, or the number id
 * when t is NULL) as a number; 0 when there is no row. */
static int one_number(bdb_store *st, const char *sql, const char *what,
                      const char *t, long long id, long long *out)
{
    bdb_stmt *s;
    *out = 0;
    int rc = bdb_stmt_prepare(st, sql, what, 0, &s);
    if (rc)
        return rc;
    if (t)
        bdb_bind_text(s, 1, t);
    else
        bdb_bind_int(s, 1, id);
    int r = bdb_step(s);
    if (r == 1)
        *out = bdb_col_int(s, 0);
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}

int bdb_sql_count(bdb_store *st, const char *sql, long long id,
                  long long *out)
{
    return one_number(st, sql, "counting", NULL, id, out);
}

int bdb_sql_id_by_name(bdb_store *st, const char *table, const char *name,
                       long long *id)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT id FROM %s WHERE name = ?1", table);
    return one_number(st, sql, "looking up a name", name, 0, id);
}

int bdb_sql_walk(bdb_store *st, const char *sql, const char *arg,
                 const char *what, int (*row)(bdb_stmt *s, void *ctx),
                 void *ctx)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, sql, what, BDB_STMT_MANY, &s);
    if (rc)
        return rc;
    if (arg)
        bdb_bind_text(s, 1, arg);
    return bdb_stmt_walk(s, row, ctx);
}

int bdb_stmt_walk(bdb_stmt *s, int (*row)(bdb_stmt *s, void *ctx), void *ctx)
{
    int r, rc = BDB_OK;
    while ((r = bdb_step(s)) == 1) {
        int stop = row(s, ctx);
        if (stop < 0)
            rc = stop;
        if (BDB_STORE_CB_STOP(stop))
            break;
    }
    if (r < 0)
        rc = r;
    return bdb_stmt_finish(s, rc);
}

int bdb_where_prepare(bdb_store *st, bdb_where *w, const char *what,
                      int flags, bdb_stmt **out)
{
    *out = NULL;
    int rc = bdb_where_check(st, w);
    if (!rc)
        rc = bdb_stmt_prepare(st, w->sql.data, what, flags, out);
    for (int i = 0; !rc && i < w->nbinds; i++)
        bdb_bind_text(*out, i + 1, w->binds[i]);
    bdb_where_free(w);
    return rc;
}
