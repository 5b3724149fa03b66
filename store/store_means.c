/* store_means.c - the aggregate readers of store_means.h over the
 * driver's primitives, for both back-ends. */
#include "store_means.h"
#include "store_internal.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct names_walk {
    int (*cb)(const bdb_series_row *, void *);
    void *ctx;
} names_walk;

static int has_series_terms(const bdb_filter *f)
{
    return f && ((f->tool && *f->tool) || (f->benchmark && *f->benchmark) ||
                 (f->metric && *f->metric) || (f->params && f->params->n) ||
                 f->series_ids);
}

static int name_row(bdb_stmt *s, void *ctx)
{
    names_walk *w = ctx;
    bdb_series_row r = {bdb_col_int(s, 0), bdb_col_text(s, 1),
                        bdb_col_text(s, 2), bdb_col_text(s, 3),
                        bdb_col_text(s, 4), bdb_col_text(s, 5),
                        (int)bdb_col_int(s, 6), 0, 0};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_store_series_names_each(bdb_store *st, const bdb_filter *f,
                                int (*cb)(const bdb_series_row *r, void *ctx),
                                void *ctx)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT s.id, s.tool, s.benchmark, s.metric, "
                         "s.params, s.unit, s.better FROM series s WHERE 1=1");
    bdb_where_series(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.id");
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "reading series names", BDB_STMT_MANY,
                               &s);
    if (rc)
        return rc;
    names_walk nw = {cb, ctx};
    return bdb_stmt_walk(s, name_row, &nw);
}

typedef struct means_walk {
    int (*cb)(const bdb_cell_mean_row *, void *);
    void *ctx;
} means_walk;

static int mean_row(bdb_stmt *s, void *ctx)
{
    means_walk *w = ctx;
    bdb_cell_mean_row r = {bdb_col_int(s, 0), bdb_col_int(s, 1),
                           bdb_col_int(s, 2), bdb_col_double(s, 3)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

/* The statement of per series and platform aggregates (cols, after the
 * series and platform ids) of the results f selects, in that order. The
 * series index (series_id, platform_id, ..., value) covers it: no join
 * unless the filter names series terms. */
static int cells_query(bdb_store *st, const bdb_filter *f, const char *cols,
                       const char *what, bdb_stmt **s)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_printf(&w.sql, "SELECT r.series_id, coalesce(r.platform_id, 0), "
                           "%s FROM results r", cols);
    if (has_series_terms(f))
        bdb_buf_puts(&w.sql, " JOIN series s ON s.id = r.series_id");
    bdb_buf_puts(&w.sql, " WHERE 1=1");
    bdb_where_build(&w, f);
    bdb_buf_puts(&w.sql, " GROUP BY r.series_id, r.platform_id "
                         "ORDER BY r.series_id, r.platform_id");
    return bdb_where_prepare(st, &w, what, BDB_STMT_MANY, s);
}

int bdb_store_cell_means_each(bdb_store *st, const bdb_filter *f,
                              int (*cb)(const bdb_cell_mean_row *r, void *ctx),
                              void *ctx)
{
    bdb_stmt *s;
    int rc = cells_query(st, f, "count(*), avg(r.value)",
                         "reading series means", &s);
    if (rc)
        return rc;
    means_walk mw = {cb, ctx};
    return bdb_stmt_walk(s, mean_row, &mw);
}

typedef struct sums_walk {
    int (*cb)(const bdb_cell_sums_row *, void *);
    void *ctx;
} sums_walk;

static int sums_row(bdb_stmt *s, void *ctx)
{
    sums_walk *w = ctx;
    bdb_cell_sums_row r = {bdb_col_int(s, 0), bdb_col_int(s, 1),
                           bdb_col_int(s, 2), bdb_col_double(s, 3),
                           bdb_col_double(s, 4), bdb_col_double(s, 5),
                           bdb_col_double(s, 6), bdb_col_double(s, 7),
                           bdb_col_double(s, 8)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

int bdb_store_cell_sums_each(bdb_store *st, const bdb_filter *f,
                             int (*cb)(const bdb_cell_sums_row *r, void *ctx),
                             void *ctx)
{
    bdb_stmt *s;
    int rc = cells_query(st, f, "count(*), sum(r.value), "
                         "sum(r.value * r.value), min(r.value), max(r.value), "
                         "coalesce(sum(CASE WHEN r.value > 0 THEN "
                         "ln(r.value) END), 0), "
                         "coalesce(sum(CASE WHEN r.value > 0 THEN "
                         "ln(r.value) * ln(r.value) END), 0)",
                         "reading series sums", &s);
    if (rc)
        return rc;
    sums_walk sw = {cb, ctx};
    return bdb_stmt_walk(s, sums_row, &sw);
}

struct bdb_means_memo {
    char version[256];          /* the data version the rows are of */
    bdb_cell_sums_row *v;
    size_t n, cap;
    int too_many;               /* more than BDB_MEANS_MEMO_CELLS */
};

void bdb_means_memo_free(bdb_means_memo *m)
{
    if (!m)
        return;
    free(m->v);
    free(m);
}

static int keep_sums(const bdb_cell_sums_row *r, void *ctx)
{
    bdb_means_memo *m = ctx;
    if (m->n == BDB_MEANS_MEMO_CELLS) {
        m->too_many = 1;
        return 1;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 4096;
        bdb_cell_sums_row *v = realloc(m->v, cap * sizeof *v);
        if (!v) {
            m->too_many = 1;    /* no copy: each call asks the database */
            return 1;
        }
        m->v = v;
        m->cap = cap;
    }
    m->v[m->n++] = *r;
    return 0;
}

/* st's copy of every cell's sums for the current data version, made when
 * there is none; NULL with BDB_OK when it cannot be kept. */
static int memo_of(bdb_store *st, bdb_means_memo **out)
{
    *out = NULL;
    char ver[256];
    int rc = bdb_store_data_version(st, ver, sizeof ver, NULL);
    if (rc)
        return rc;
    bdb_means_memo *m = st->means;
    if (m && strcmp(m->version, ver) == 0) {
        *out = m->too_many ? NULL : m;
        return BDB_OK;
    }
    bdb_means_memo_free(m);
    st->means = m = calloc(1, sizeof *m);
    if (!m)
        return BDB_OK;
    snprintf(m->version, sizeof m->version, "%s", ver);
    rc = bdb_store_cell_sums_each(st, NULL, keep_sums, m);
    if (rc) {
        bdb_means_memo_free(m);
        st->means = NULL;
        return rc;
    }
    if (m->too_many) {
        free(m->v);
        m->v = NULL;
        m->n = m->cap = 0;
    }
    *out = m->too_many ? NULL : m;
    return BDB_OK;
}

static int has_runset_terms(const bdb_filter *f)
{
    return f && ((f->set && *f->set) || (f->tags && f->tags->n));
}

int bdb_store_cell_means_memo_each(bdb_store *st, const bdb_filter *f,
                                   int (*cb)(const bdb_cell_mean_row *r,
                                             void *ctx),
                                   void *ctx)
{
    if (has_runset_terms(f) || (f && f->platforms && *f->platforms))
        return bdb_store_cell_means_each(st, f, cb, ctx);
    bdb_means_memo *m;
    int rc = memo_of(st, &m);
    if (rc)
        return rc;
    if (!m)
        return bdb_store_cell_means_each(st, f, cb, ctx);
    for (size_t i = 0; i < m->n; i++) {
        const bdb_cell_sums_row *c = &m->v[i];
        bdb_cell_mean_row r = {c->series_id, c->platform_id, c->n,
                               c->n ? c->sum / (double)c->n : 0};
        if (cb(&r, ctx))
            break;
    }
    return BDB_OK;
}

int bdb_store_means_warm(bdb_store *st, size_t *cells)
{
    bdb_means_memo *m;
    int rc = memo_of(st, &m);
    *cells = m ? m->n : 0;
    return rc;
}

typedef struct platform_ids {
    long long *v;
    size_t n, cap;
} platform_ids;

static int platform_id_row(bdb_stmt *s, void *ctx)
{
    platform_ids *p = ctx;
    long long *v = bdb_grow(p->v, p->n, &p->cap, sizeof *v, 16);
    if (!v)
        return BDB_ENOMEM;
    p->v = v;
    p->v[p->n++] = bdb_col_int(s, 0);
    return 0;
}

/* The ids of the platforms f's platform term selects (0: results without
 * a platform), by the same SQL as the results' filter, in id order. */
static int platforms_selected(bdb_store *st, const bdb_filter *f,
                              platform_ids *out)
{
    bdb_filter pf = {0};
    pf.platforms = f->platforms;
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT coalesce(r.platform_id, 0) FROM (SELECT id "
                         "AS platform_id FROM platforms UNION ALL SELECT "
                         "NULL) r WHERE 1=1");
    bdb_where_platforms(&w, &pf);
    bdb_buf_puts(&w.sql, " ORDER BY 1");
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "reading platform ids", BDB_STMT_MANY,
                               &s);
    if (rc)
        return rc;
    return bdb_stmt_walk(s, platform_id_row, out);
}

static int cmp_id(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* p's ids come in id order (platforms_selected): a binary search, so
 * that a walk of every cell is not cells x platforms. */
static int has_id(const platform_ids *p, long long id)
{
    return p->n && bsearch(&id, p->v, p->n, sizeof *p->v, cmp_id) != NULL;
}

int bdb_store_cell_sums_memo_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const bdb_cell_sums_row *r,
                                            void *ctx),
                                  void *ctx)
{
    if (has_runset_terms(f))
        return bdb_store_cell_sums_each(st, f, cb, ctx);
    bdb_means_memo *m;
    int rc = memo_of(st, &m);
    if (rc)
        return rc;
    if (!m)
        return bdb_store_cell_sums_each(st, f, cb, ctx);
    platform_ids pl = {0};
    int by_platform = f && f->platforms && *f->platforms;
    if (by_platform && (rc = platforms_selected(st, f, &pl))) {
        free(pl.v);
        return rc;
    }
    for (size_t i = 0; i < m->n; i++)
        if ((!by_platform || has_id(&pl, m->v[i].platform_id)) &&
            cb(&m->v[i], ctx))
            break;
    free(pl.v);
    return BDB_OK;
}

typedef struct ids_walk {
    int (*cb)(long long, const char *, void *);
    void *ctx;
} ids_walk;

static int id_row(bdb_stmt *s, void *ctx)
{
    ids_walk *w = ctx;
    return w->cb(bdb_col_int(s, 0), bdb_col_text(s, 1), w->ctx) ? 1 : 0;
}

int bdb_store_platform_ids_each(bdb_store *st,
                                int (*cb)(long long id, const char *name,
                                          void *ctx),
                                void *ctx)
{
    ids_walk w = {cb, ctx};
    return bdb_sql_walk(st, "SELECT id, name FROM platforms ORDER BY id", NULL,
                        "reading platforms", id_row, &w);
}

int bdb_store_reader_cache(bdb_store *st, long long mib)
{
    if (strcmp(st->ops->scheme, "sqlite") != 0 || mib <= 0)
        return BDB_OK;
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA cache_size = -%lld", mib * 1024);
    return st->ops->drv->exec(st, sql);
}
