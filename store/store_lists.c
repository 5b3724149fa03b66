/* store_lists.c - the warnings of the sources a filter selects and the
 * platforms with a result it selects: written once over the driver's
 * primitives. Both probe for one matching result (an index lookup) per
 * source with warnings, per platform, instead of listing every matching
 * result: the sources with warnings and the platforms are few; without
 * series terms the probe is of the sources' platforms, not the results. */
#include "store_internal.h"

static int filter_has_series_terms(const bdb_filter *f)
{
    return f && (f->tool || f->benchmark || f->metric ||
                 (f->params && f->params->n > 0) || f->series_ids);
}

/* Appends "EXISTS (a result of f whose col is `on`)", or with on NULL
 * "... whose col IS NULL". Without series terms the probe reads
 * source_platforms (a row per source and platform with results, by
 * either index: schemas/011), never the results. With series terms it
 * goes by the selection's series (the series index, whose columns hold
 * the platform and the source) and col is only checked: by col first
 * (the source's index), a source of a lab's million results was read
 * whole, a join to its series per result, to learn whether one is of
 * the series asked. */
static void exists_result(bdb_where *w, const bdb_filter *f, const char *col,
                          const char *on)
{
    int by_series = filter_has_series_terms(f);
    bdb_buf_printf(&w->sql, "EXISTS (SELECT 1 FROM %s r WHERE %sr.%s %s%s",
                   by_series ? "results" : "source_platforms",
                   by_series ? "+" : "", col, on ? "= " : "IS NULL",
                   on ? on : "");
    if (by_series) {
        bdb_buf_puts(&w->sql, " AND r.series_id IN (SELECT s.id FROM series "
                              "s WHERE 1=1");
        bdb_where_series(w, f);
        bdb_buf_puts(&w->sql, ")");
    }
    bdb_where_platforms(w, f);
    /* OFFSET: PostgreSQL keeps the probe a per-row subplan instead of
     * flattening it into a semi-join, which read every result of the
     * selected platforms to list one source's warning (lab 250k: 360 ms
     * -> 12 ms); LIMIT 1 changes nothing to an EXISTS, and SQLite
     * wants it before an OFFSET */
    bdb_buf_puts(&w->sql, " LIMIT 1 OFFSET 0)");
}

typedef struct warning_walk {
    int (*cb)(const bdb_warning_row *, void *);
    void *ctx;
} warning_walk;

static int warning_row(bdb_stmt *s, void *ctx)
{
    warning_walk *w = ctx;
    bdb_warning_row r = {.platform = bdb_col_text(s, 0),
                         .source_path = bdb_col_text(s, 1),
                         .message = bdb_col_text(s, 2),
                         .line = (int)bdb_col_int(s, 3),
                         .source_id = bdb_col_int(s, 4),
                         .is_info = (int)bdb_col_int(s, 5)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_warnings_each(bdb_store *st, const bdb_filter *f,
                      int (*cb)(const bdb_warning_row *, void *), void *ctx)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql,
                 "SELECT coalesce(sp.name, ''), src.path, wn.message, wn.line, "
                 "src.id, CASE WHEN wn.kind = 'info' THEN 1 ELSE 0 END "
                 "FROM source_warnings wn "
                 "JOIN sources src ON src.id = wn.source_id "
                 "LEFT JOIN platforms sp ON sp.id = src.platform_id "
                 "WHERE wn.source_id IN (SELECT ws.source_id FROM "
                 "(SELECT DISTINCT source_id FROM source_warnings) ws WHERE ");
    exists_result(&w, f, "source_id", "ws.source_id");
    bdb_buf_printf(&w.sql, ") ORDER BY src.id, wn.line, wn.%s",
                   st->ops->drv->sql_row_id);
    bdb_stmt *s;
    warning_walk ww = {cb, ctx};
    int rc = bdb_where_prepare(st, &w, "listing warnings", BDB_STMT_MANY, &s);
    return rc ? rc : bdb_stmt_walk(s, warning_row, &ww);
}

int bdb_platform_names_each(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const char *, void *), void *ctx)
{
    /* a server's copy of every cell: a run set's probe per platform read
     * a lab's results of each platform that set has none of */
    int no_copy = 1;
    if (st->means) {
        int rc = bdb_means_platform_names(st, f, cb, ctx, &no_copy);
        if (rc || !no_copy)
            return rc;
    }
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT pname FROM (SELECT p.name AS pname FROM "
                         "platforms p WHERE ");
    exists_result(&w, f, "platform_id", "p.id");
    bdb_buf_puts(&w.sql, " UNION ALL SELECT '' WHERE ");
    exists_result(&w, f, "platform_id", NULL);
    bdb_buf_puts(&w.sql, ") names ORDER BY pname");
    bdb_stmt *s;
    bdb_name_walk nw = {cb, ctx};
    int rc = bdb_where_prepare(st, &w, "listing platforms of results",
                               BDB_STMT_MANY, &s);
    return rc ? rc : bdb_stmt_walk(s, bdb_name_row, &nw);
}
