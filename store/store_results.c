/* store_results.c - the results and the series a filter selects, as
 * `list`, `report` and `serve` read them: written once over the driver's
 * primitives, the rows read a page at a time where a driver would hold
 * them all. */
#include "store_internal.h"

/* A walk of rows to one of the callbacks. */
typedef struct row_walk {
    int (*results)(const bdb_result_row *, void *);
    int (*set_results)(const bdb_set_result_row *, void *);
    int (*series)(const bdb_series_row *, void *);
    void *ctx;
} row_walk;

/* A row of bdb_results_query: its first 13 columns, then with its run
 * set the three after. */
static int result_row(bdb_stmt *s, void *ctx)
{
    row_walk *w = ctx;
    bdb_result_row r = {
        .platform = bdb_col_text(s, 0), .tool = bdb_col_text(s, 1),
        .benchmark = bdb_col_text(s, 2), .metric = bdb_col_text(s, 3),
        .params = bdb_col_text(s, 4), .unit = bdb_col_text(s, 5),
        .better = (int)bdb_col_int(s, 6), .value = bdb_col_double(s, 7),
        .repetition = (int)bdb_col_int(s, 8),
        .source_path = bdb_col_text(s, 9), .line = (int)bdb_col_int(s, 10),
        .source_id = bdb_col_int(s, 11), .series_id = bdb_col_int(s, 12)};
    if (!w->set_results)
        return w->results(&r, w->ctx) ? 1 : 0;
    bdb_set_result_row sr = {&r, bdb_col_text(s, 13), bdb_col_text(s, 14),
                             bdb_col_int(s, 15)};
    return w->set_results(&sr, w->ctx) ? 1 : 0;
}

static int results_walk(bdb_store *st, const bdb_filter *f, row_walk *rw,
                        const char *what)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_results_query(&w, f, rw->set_results != NULL);
    bdb_buf_puts(&w.sql, st->ops->drv->sql_results_tail);
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, what, BDB_STMT_MANY, &s);
    return rc ? rc : bdb_stmt_walk(s, result_row, rw);
}

int bdb_results_each(bdb_store *st, const bdb_filter *f,
                     int (*cb)(const bdb_result_row *, void *), void *ctx)
{
    row_walk rw = {.results = cb, .ctx = ctx};
    return results_walk(st, f, &rw, "listing results");
}

int bdb_set_results_each(bdb_store *st, const bdb_filter *f,
                         int (*cb)(const bdb_set_result_row *, void *),
                         void *ctx)
{
    row_walk rw = {.set_results = cb, .ctx = ctx};
    return results_walk(st, f, &rw, "listing results by set");
}

static int series_row(bdb_stmt *s, void *ctx)
{
    row_walk *w = ctx;
    bdb_series_row r = {
        .id = bdb_col_int(s, 0), .tool = bdb_col_text(s, 1),
        .benchmark = bdb_col_text(s, 2), .metric = bdb_col_text(s, 3),
        .params = bdb_col_text(s, 4), .unit = bdb_col_text(s, 5),
        .better = (int)bdb_col_int(s, 6), .nresults = bdb_col_int(s, 7),
        .nplatforms = bdb_col_int(s, 8)};
    return w->series(&r, w->ctx) ? 1 : 0;
}

int bdb_series_each(bdb_store *st, const bdb_filter *f,
                    int (*cb)(const bdb_series_row *, void *), void *ctx)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_series_query(&w, f);
    bdb_stmt *s;
    row_walk rw = {.series = cb, .ctx = ctx};
    int rc = bdb_where_prepare(st, &w, "listing series", BDB_STMT_MANY, &s);
    return rc ? rc : bdb_stmt_walk(s, series_row, &rw);
}
