/* store_series.c - what the store tells of series as a whole, written
 * once over the driver's primitives: how many a filter selects. */
#include "store_internal.h"

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
