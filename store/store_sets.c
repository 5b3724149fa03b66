/* store_sets.c - the run sets as `benchdb source sets` lists them: each
 * with its tags, the span of its imports and its counts, written once
 * over the driver's primitives (only the text aggregate of the tags is
 * the driver's dialect). */
#include "store_internal.h"

#include <stdio.h>

typedef struct set_walk {
    int (*cb)(const bdb_set_row *, void *);
    void *ctx;
} set_walk;

static int set_row(bdb_stmt *s, void *ctx)
{
    set_walk *w = ctx;
    bdb_set_row r = {bdb_col_int(s, 0),  bdb_col_text(s, 1),
                     bdb_col_text(s, 2), bdb_col_text(s, 3),
                     bdb_col_text(s, 4), bdb_col_text(s, 5),
                     bdb_col_int(s, 6),  bdb_col_int(s, 7)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_store_sets_each(bdb_store *st,
                        int (*cb)(const bdb_set_row *, void *), void *ctx)
{
    char sql[1024];
    int n = snprintf(sql, sizeof sql,
                     "SELECT st.id, st.name, st.created_at, coalesce((%s), ''), "
                     "coalesce(min(src.imported_at), ''), "
                     "coalesce(max(src.imported_at), ''), count(src.id), "
                     "(SELECT count(*) FROM results r JOIN sources s2 ON "
                     "s2.id = r.source_id WHERE s2.set_id = st.id) "
                     "FROM sets st LEFT JOIN sources src ON src.set_id = st.id "
                     "GROUP BY st.id ORDER BY st.created_at, st.id",
                     st->ops->drv->sql_set_tags);
    if (n < 0 || (size_t)n >= sizeof sql)
        return bdb_store_fail(st, BDB_ERANGE, "listing sets: the query is "
                              "longer than %zu bytes", sizeof sql);
    set_walk w = {cb, ctx};
    return bdb_sql_walk(st, sql, NULL, "listing sets", set_row, &w);
}
