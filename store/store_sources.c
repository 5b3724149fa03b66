/* store_sources.c - the imported files as `benchdb source list` shows
 * them, and dating one (copying a database keeps import times); written
 * once over the driver's primitives. */
#include "store_internal.h"

typedef struct source_walk {
    int (*cb)(const bdb_source_row *, void *);
    void *ctx;
} source_walk;

static int source_row(bdb_stmt *s, void *ctx)
{
    source_walk *w = ctx;
    bdb_source_row r = {
        .id = bdb_col_int(s, 0), .path = bdb_col_text(s, 1),
        .sha256 = bdb_col_text(s, 2), .imported_at = bdb_col_text(s, 3),
        .tool = bdb_col_text(s, 4), .tool_version = bdb_col_text(s, 5),
        .parser_version = bdb_col_text(s, 6), .platform = bdb_col_text(s, 7),
        .size = bdb_col_int(s, 8), .nresults = bdb_col_int(s, 9),
        .nwarnings = bdb_col_int(s, 10), .options = bdb_col_text(s, 11),
        .set = bdb_col_text(s, 12)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_store_sources_each(bdb_store *st,
                           int (*cb)(const bdb_source_row *, void *), void *ctx)
{
    source_walk w = {cb, ctx};
    return bdb_sql_walk(st, BDB_SQL_SOURCES, NULL, "listing sources",
                        source_row, &w);
}

typedef struct options_walk {
    int (*cb)(long long, const char *, void *);
    void *ctx;
} options_walk;

static int options_row(bdb_stmt *s, void *ctx)
{
    options_walk *w = ctx;
    return w->cb(bdb_col_int(s, 0), bdb_col_text(s, 1), w->ctx) ? 1 : 0;
}

int bdb_store_source_options_each(bdb_store *st,
                                  int (*cb)(long long id, const char *options,
                                            void *ctx),
                                  void *ctx)
{
    options_walk w = {cb, ctx};
    return bdb_sql_walk(st, "SELECT id, options FROM sources ORDER BY id",
                        NULL, "listing sources' options", options_row, &w);
}

int bdb_store_source_set_imported_at(bdb_store *st, long long id,
                                     const char *imported_at)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "UPDATE sources SET imported_at = ?1 "
                                  "WHERE id = ?2", "dating a source", 0, &s);
    if (rc)
        return rc;
    bdb_bind_text(s, 1, imported_at);
    bdb_bind_int(s, 2, id);
    return bdb_stmt_finish(s, bdb_stmt_run(s));
}
