/* store_source_lines.c - a window of a stored source's lines with its
 * figures and notes, for a page that shows a log around one line
 * (benchdb serve): the lines inflated from the source's last point
 * before them (store_source_bytes.c), the figures and notes, all written
 * once over the driver's primitives. */
#include "store_admin.h"
#include "store_internal.h"

#include <string.h>

int bdb_store_source_lines(bdb_store *st, long long id, long long from,
                           long long count, bdb_stored_source *meta,
                           bdb_buf *text, int *more)
{
    *more = 0;
    if (from < 1 || count < 1)
        return bdb_store_fail(st, BDB_EUSAGE, "lines from %lld, %lld of them: "
                              "from 1, at least one", from, count);
    return bdb_source_lines_read(st, id, from, count, meta, text, more);
}

typedef struct figures_walk {
    int (*cb)(const bdb_line_figure *, void *);
    void *ctx;
} figures_walk;

static int figure_row(bdb_stmt *s, void *ctx)
{
    figures_walk *w = ctx;
    bdb_line_figure f = {bdb_col_int(s, 0), bdb_col_text(s, 1),
                         bdb_col_text(s, 2), bdb_col_text(s, 3),
                         bdb_col_double(s, 4)};
    return w->cb(&f, w->ctx) ? 1 : 0;
}

int bdb_store_line_figures_each(bdb_store *st, long long id, long long from,
                                long long to, long long max,
                                int (*cb)(const bdb_line_figure *f, void *ctx),
                                void *ctx)
{
    /* results_by_source_line (schemas/010) finds the window's rows */
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT r.line, s.benchmark, s.metric, "
                              "s.unit, r.value FROM results r JOIN series s "
                              "ON s.id = r.series_id WHERE r.source_id = ?1 "
                              "AND r.line BETWEEN ?2 AND ?3 "
                              "ORDER BY r.line, r.id LIMIT ?4",
                              "reading a source's figures", 0, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, id);
    bdb_bind_int(s, 2, from);
    bdb_bind_int(s, 3, to);
    bdb_bind_int(s, 4, max);
    figures_walk w = {cb, ctx};
    return bdb_stmt_walk(s, figure_row, &w);
}

typedef struct notes_walk {
    int (*cb)(int, int, const char *, void *);
    void *ctx;
} notes_walk;

static int note_row(bdb_stmt *s, void *ctx)
{
    notes_walk *w = ctx;
    return w->cb((int)bdb_col_int(s, 0), (int)bdb_col_int(s, 1),
                 bdb_col_text(s, 2), w->ctx) ? 1 : 0;
}

int bdb_store_source_notes_each(bdb_store *st, long long id, long long max,
                                int (*cb)(int line, int is_info,
                                          const char *text, void *ctx),
                                void *ctx)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT line, CASE WHEN kind = 'info' THEN "
                              "1 ELSE 0 END, message FROM source_warnings "
                              "WHERE source_id = ?1 ORDER BY line LIMIT ?2",
                              "reading a source's notes", 0, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, id);
    bdb_bind_int(s, 2, max);
    notes_walk w = {cb, ctx};
    return bdb_stmt_walk(s, note_row, &w);
}
