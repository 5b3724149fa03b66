/* store_sources.c - the imported files as `benchdb source list` shows
 * them, finding one by its digest, and dating one (copying a database
 * keeps import times); written once over the driver's primitives. */
#include "store_internal.h"
#include "../common/bdb_grow.h"

#include <stdlib.h>

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

int bdb_source_find(bdb_store *st, const char *sha256, long long *id)
{
    bdb_stmt *s;
    *id = 0;
    int rc = bdb_stmt_prepare(st, "SELECT id FROM sources WHERE sha256 = ?1",
                              "looking up source", BDB_STMT_KEEP, &s);
    if (rc)
        return rc;
    bdb_bind_text(s, 1, sha256);
    int r = bdb_step(s);
    if (r == 1)
        *id = bdb_col_int(s, 0);
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}

/* The ids and sizes of every source, grown as they are read. */
typedef struct id_list {
    bdb_store *st;
    long long *ids, *sizes;
    size_t n, cap, cap_sizes;
    int want_sizes;
} id_list;

static int id_row(bdb_stmt *s, void *ctx)
{
    id_list *l = ctx;
    long long *ids = bdb_grow(l->ids, l->n, &l->cap, sizeof *ids, 64);
    if (!ids)
        return bdb_store_fail(l->st, BDB_ENOMEM, "out of memory");
    l->ids = ids;
    if (l->want_sizes) {
        long long *sizes = bdb_grow(l->sizes, l->n, &l->cap_sizes,
                                    sizeof *sizes, 64);
        if (!sizes)
            return bdb_store_fail(l->st, BDB_ENOMEM, "out of memory");
        l->sizes = sizes;
        l->sizes[l->n] = bdb_col_int(s, 1);
    }
    l->ids[l->n++] = bdb_col_int(s, 0);
    return 0;
}

int bdb_source_ids(bdb_store *st, long long **ids, long long **sizes,
                   size_t *n)
{
    id_list l = {.st = st, .want_sizes = sizes != NULL};
    int rc = bdb_sql_walk(st, "SELECT id, size FROM sources ORDER BY id",
                          NULL, "listing sources", id_row, &l);
    if (rc) {
        free(l.ids);
        free(l.sizes);
        l = (id_list){0};
    }
    *ids = l.ids;
    if (sizes)
        *sizes = l.sizes;
    *n = l.n;
    return rc;
}

/* Between source_begin(NULL, id) and source_end: the source becomes the
 * same file read with other options (import --replace): path, platform
 * (the default of the figures put after this), options, and set when
 * given. Opens no transaction of its own: it lands or goes with the
 * source's. */
int bdb_source_revise(bdb_store *st, long long id, const bdb_source_info *src)
{
    const bdb_driver *d = st->ops->drv;
    long long pid = 0;
    int has_set = src->set && *src->set;
    int rc = bdb_write_platform_id(st, src->platform, &pid);
    bdb_stmt *s = NULL;
    if (!rc)
        rc = bdb_stmt_prepare(st, "UPDATE sources SET path = ?1, platform_id "
                                  "= ?2, options = ?3 WHERE id = ?4",
                              "revising source", 0, &s);
    if (!rc) {
        bdb_bind_text(s, 1, src->path);
        if (pid)
            bdb_bind_int(s, 2, pid);
        else
            bdb_bind_text(s, 2, NULL);
        bdb_bind_text(s, 3, src->options ? src->options : "");
        bdb_bind_int(s, 4, id);
        rc = bdb_stmt_finish(s, bdb_stmt_run(s));
    }
    if (!rc && has_set)
        rc = bdb_write_source_set(st, id, src->set, src->set_tags);
    if (!rc && has_set) {   /* the set it left may be empty */
        bdb_write_forget_set(st);
        rc = d->exec(st, BDB_SQL_DROP_EMPTY_SETS);
    }
    if (!rc)
        bdb_write_default_platform(st, src->platform ? src->platform : "");
    return rc;
}

/* ---- a source's figures and notes back into a sink (copying) ---------- */

typedef struct sample_walk {
    bdb_store *st;
    bdb_sink *out;
} sample_walk;

static int sample_row(bdb_stmt *s, void *ctx)
{
    sample_walk *w = ctx;
    return bdb_store_sample_from_row(
        w->st, w->out, bdb_col_text(s, 0), bdb_col_text(s, 1),
        bdb_col_text(s, 2), bdb_col_text(s, 3), bdb_col_text(s, 4),
        (int)bdb_col_int(s, 5), bdb_col_double(s, 6), (int)bdb_col_int(s, 7),
        (int)bdb_col_int(s, 8), bdb_col_text(s, 9));
}

static int note_row(bdb_stmt *s, void *ctx)
{
    sample_walk *w = ctx;
    return bdb_store_note_from_row(w->st, w->out, (int)bdb_col_int(s, 0),
                                   (int)bdb_col_int(s, 1), bdb_col_text(s, 2));
}

/* Walks sql's rows (?1 = id) to row. */
static int walk_source(bdb_store *st, const char *sql, long long id,
                       const char *what, int (*row)(bdb_stmt *, void *),
                       sample_walk *w)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, sql, what, BDB_STMT_MANY, &s);
    if (rc)
        return rc;
    bdb_bind_int(s, 1, id);
    return bdb_stmt_walk(s, row, w);
}

int bdb_source_samples(bdb_store *st, long long id, bdb_sink *out)
{
    const bdb_driver *d = st->ops->drv;
    bdb_buf sql;
    bdb_buf_init(&sql);
    bdb_buf_printf(&sql, "SELECT coalesce(p.name, ''), s.tool, s.benchmark, "
                   "s.metric, s.unit, s.better, r.value, r.repetition, "
                   "r.line, coalesce((%s), '') FROM results r JOIN series s "
                   "ON s.id = r.series_id LEFT JOIN platforms p ON p.id = "
                   "r.platform_id WHERE r.source_id = ?1 ORDER BY r.id",
                   d->sql_params_kv);
    sample_walk w = {st, out};
    int rc = sql.err ? bdb_store_fail(st, BDB_ENOMEM, "out of memory")
                     : walk_source(st, sql.data, id, "reading a source's "
                                   "results", sample_row, &w);
    bdb_buf_reset(&sql);
    bdb_buf_printf(&sql, "SELECT line, CASE WHEN kind = 'info' THEN 1 ELSE 0 "
                   "END, message FROM source_warnings WHERE source_id = ?1 "
                   "ORDER BY %s", d->sql_row_id);
    if (!rc)
        rc = sql.err ? bdb_store_fail(st, BDB_ENOMEM, "out of memory")
                     : walk_source(st, sql.data, id, "reading a source's "
                                   "warnings", note_row, &w);
    bdb_buf_free(&sql);
    return rc;
}
