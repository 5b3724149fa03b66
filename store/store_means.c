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

typedef struct id_list {
    long long *v;
    size_t n, cap;
} id_list;

static int id_row_keep(bdb_stmt *s, void *ctx);

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

int bdb_series_row_keep(bdb_buf *text, size_t at[5], const bdb_series_row *r)
{
    const char *f[5] = {r->tool, r->benchmark, r->metric, r->params, r->unit};
    for (int i = 0; i < 5; i++) {
        at[i] = text->len;
        bdb_buf_append(text, f[i], strlen(f[i]) + 1);
    }
    return text->err ? -1 : 0;
}

/* The names query of f's series terms (cols after s.id), in id order. */
static int names_query(bdb_store *st, const bdb_filter *f, const char *cols,
                       bdb_stmt **s)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_printf(&w.sql, "SELECT s.id%s FROM series s WHERE 1=1", cols);
    bdb_where_series(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.id");
    return bdb_where_prepare(st, &w, "reading series names", BDB_STMT_MANY,
                             s);
}

static int names_from_db(bdb_store *st, const bdb_filter *f,
                         int (*cb)(const bdb_series_row *r, void *ctx),
                         void *ctx)
{
    bdb_stmt *s;
    int rc = names_query(st, f, ", s.tool, s.benchmark, s.metric, s.params, "
                                "s.unit, s.better", &s);
    if (rc)
        return rc;
    names_walk nw = {cb, ctx};
    return bdb_stmt_walk(s, name_row, &nw);
}

static int has_result_terms(const bdb_filter *f)
{
    return f && ((f->platforms && *f->platforms) || (f->set && *f->set) ||
                 (f->tags && f->tags->n));
}

/* f's series terms, and with result terms (platforms, run sets, tags)
 * only the series that have a result they select: a page of series is of
 * the selection's series, or a run set's series past the first page of
 * the tool's would leave page 1 empty. */
static void where_page_series(bdb_where *w, const bdb_filter *f)
{
    bdb_where_series(w, f);
    if (!has_result_terms(f))
        return;
    bdb_buf_puts(&w->sql, " AND EXISTS (SELECT 1 FROM results r "
                          "WHERE r.series_id = s.id");
    bdb_where_platforms_per_series(w, f);
    bdb_buf_puts(&w->sql, ")");
}

int bdb_store_series_page(bdb_store *st, const bdb_filter *f, size_t offset,
                          size_t limit, long long **ids, size_t *n,
                          size_t *total)
{
    *ids = NULL;
    *n = *total = 0;
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT count(*) FROM series s WHERE 1=1");
    where_page_series(&w, f);
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "counting series", 0, &s);
    if (rc)
        return rc;
    int step = bdb_step(s);
    if (step > 0)
        *total = (size_t)bdb_col_int(s, 0);
    if ((rc = bdb_stmt_finish(s, step < 0 ? step : BDB_OK)))
        return rc;
    /* the selection in its texts' order: a sort of the selected series
     * that keeps only the page's rows (SQLite's sorter for LIMIT; no
     * index gives this order since schemas/012) */
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT s.id FROM series s WHERE 1=1");
    where_page_series(&w, f);
    bdb_buf_printf(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, "
                           "s.params LIMIT %zu OFFSET %zu", limit, offset);
    if ((rc = bdb_where_prepare(st, &w, "listing a page of series",
                                BDB_STMT_MANY, &s)))
        return rc;
    id_list l = {0};
    rc = bdb_stmt_walk(s, id_row_keep, &l);
    if (rc) {
        free(l.v);
        return rc;
    }
    *ids = l.v;
    *n = l.n;
    return BDB_OK;
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

/* The sums of a cell's results (after its series and platform ids). */
#define SUMS_COLS "count(*), sum(r.value), sum(r.value * r.value), " \
                  "min(r.value), max(r.value), coalesce(sum(CASE WHEN " \
                  "r.value > 0 THEN ln(r.value) END), 0), coalesce(sum(" \
                  "CASE WHEN r.value > 0 THEN ln(r.value) * ln(r.value) " \
                  "END), 0)"

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
    int rc = cells_query(st, f, SUMS_COLS, "reading series sums", &s);
    if (rc)
        return rc;
    sums_walk sw = {cb, ctx};
    return bdb_stmt_walk(s, sums_row, &sw);
}

/* A series' names in the copy: offsets into the copy's text. */
typedef struct name_rec {
    long long id;
    size_t at[5];               /* tool, benchmark, metric, params, unit */
    int better;
} name_rec;

/* A cell's sums over the results of one source. */
typedef struct memo_row {
    bdb_cell_sums_row c;
    long long source_id;
} memo_row;

struct bdb_means_memo {
    char version[256];          /* the data version the rows are of */
    int sums;                   /* 1: v holds every cell's sums */
    memo_row *v;                /* per (series, platform, source), in
                                   that order */
    size_t n, cap;
    int too_many;               /* more than BDB_MEANS_MEMO_CELLS */
    /* every series' names (names: 1 kept, -1 too many or no memory) */
    int names;
    name_rec *nv;
    size_t nn, ncap;
    bdb_buf text;
};

void bdb_means_memo_free(bdb_means_memo *m)
{
    if (!m)
        return;
    free(m->v);
    free(m->nv);
    bdb_buf_free(&m->text);
    free(m);
}

static int keep_sums(bdb_stmt *s, void *ctx)
{
    bdb_means_memo *m = ctx;
    if (m->n == BDB_MEANS_MEMO_CELLS) {
        m->too_many = 1;
        return 1;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 4096;
        memo_row *v = realloc(m->v, cap * sizeof *v);
        if (!v) {
            m->too_many = 1;    /* no copy: each call asks the database */
            return 1;
        }
        m->v = v;
        m->cap = cap;
    }
    memo_row *r = &m->v[m->n++];
    r->c = (bdb_cell_sums_row){bdb_col_int(s, 0), bdb_col_int(s, 1),
                               bdb_col_int(s, 2), bdb_col_double(s, 3),
                               bdb_col_double(s, 4), bdb_col_double(s, 5),
                               bdb_col_double(s, 6), bdb_col_double(s, 7),
                               bdb_col_double(s, 8)};
    r->source_id = bdb_col_int(s, 9);
    return 0;
}

/* Every cell's sums per source: one walk of the covering index
 * results_by_series_platform (series, platform, source, ...), so that a
 * run set's or a tag's side is summed from the copy too (a set is its
 * sources) instead of reading a lab's million results by source. */
static int memo_sums(bdb_store *st, bdb_means_memo *m)
{
    bdb_stmt *s;
    int rc = bdb_stmt_prepare(st, "SELECT r.series_id, "
                              "coalesce(r.platform_id, 0), " SUMS_COLS ", "
                              "r.source_id FROM results r GROUP BY "
                              "r.series_id, r.platform_id, r.source_id "
                              "ORDER BY r.series_id, r.platform_id, "
                              "r.source_id", "reading series sums",
                              BDB_STMT_MANY, &s);
    return rc ? rc : bdb_stmt_walk(s, keep_sums, m);
}

/* st's copy for the current data version (emptied when the version
 * moved on); NULL with BDB_OK when there is no memory for one. */
static int memo_fresh(bdb_store *st, bdb_means_memo **out)
{
    *out = NULL;
    char ver[256];
    int rc = bdb_store_data_version(st, ver, sizeof ver, NULL);
    if (rc)
        return rc;
    bdb_means_memo *m = st->means;
    if (m && strcmp(m->version, ver) == 0) {
        *out = m;
        return BDB_OK;
    }
    bdb_means_memo_free(m);
    st->means = m = calloc(1, sizeof *m);
    if (!m)
        return BDB_OK;
    snprintf(m->version, sizeof m->version, "%s", ver);
    bdb_buf_init(&m->text);
    *out = m;
    return BDB_OK;
}

/* st's copy of every cell's sums for the current data version, made when
 * there is none; NULL with BDB_OK when it cannot be kept. */
static int memo_of(bdb_store *st, bdb_means_memo **out)
{
    bdb_means_memo *m;
    int rc = memo_fresh(st, &m);
    *out = NULL;
    if (rc || !m)
        return rc;
    if (!m->sums) {
        rc = memo_sums(st, m);
        if (rc) {
            free(m->v);
            m->v = NULL;
            m->n = m->cap = 0;
            m->too_many = 0;
            return rc;
        }
        m->sums = 1;
        if (m->too_many) {
            free(m->v);
            m->v = NULL;
            m->n = m->cap = 0;
        }
    }
    *out = m->too_many ? NULL : m;
    return BDB_OK;
}

static int keep_name(const bdb_series_row *r, void *ctx)
{
    bdb_means_memo *m = ctx;
    if (m->nn == BDB_MEANS_MEMO_CELLS)
        return m->names = -1;
    name_rec *g = bdb_grow(m->nv, m->nn, &m->ncap, sizeof *g, 4096);
    if (!g)
        return m->names = -1;
    m->nv = g;
    name_rec *x = &m->nv[m->nn++];
    x->id = r->id;
    x->better = r->better;
    return bdb_series_row_keep(&m->text, x->at, r) ? (m->names = -1) : 0;
}

/* The copy with every series' names, made when there is none; NULL with
 * BDB_OK when it cannot be kept. */
static int names_memo(bdb_store *st, bdb_means_memo **out)
{
    bdb_means_memo *m;
    int rc = memo_fresh(st, &m);
    *out = NULL;
    if (rc || !m)
        return rc;
    if (!m->names) {
        rc = names_from_db(st, NULL, keep_name, m);
        if (rc || m->names < 0) {
            free(m->nv);
            m->nv = NULL;
            m->nn = m->ncap = 0;
            bdb_buf_free(&m->text);
            bdb_buf_init(&m->text);
            if (rc)
                return rc;
        } else {
            m->names = 1;
        }
    }
    *out = m->names > 0 ? m : NULL;
    return BDB_OK;
}

static int name_of(const bdb_means_memo *m, const name_rec *x,
                   int (*cb)(const bdb_series_row *r, void *ctx), void *ctx)
{
    const char *t = m->text.data;
    bdb_series_row r = {x->id, t + x->at[0], t + x->at[1], t + x->at[2],
                        t + x->at[3], t + x->at[4], x->better, 0, 0};
    return cb(&r, ctx);
}

typedef struct ids_names {
    const bdb_means_memo *m;
    size_t at;                  /* the copy's row to look from */
    int (*cb)(const bdb_series_row *, void *);
    void *ctx;
} ids_names;

/* A series id of the selection, named from the copy (both in id order). */
static int id_name(bdb_stmt *s, void *ctx)
{
    ids_names *w = ctx;
    long long id = bdb_col_int(s, 0);
    size_t lo = w->at, hi = w->m->nn;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (w->m->nv[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    w->at = lo;
    if (lo == w->m->nn || w->m->nv[lo].id != id)
        return 0;       /* not in the copy: cannot be (same version) */
    return name_of(w->m, &w->m->nv[lo], w->cb, w->ctx) ? 1 : 0;
}

int bdb_store_series_names_each(bdb_store *st, const bdb_filter *f,
                                int (*cb)(const bdb_series_row *r, void *ctx),
                                void *ctx)
{
    bdb_means_memo *m = NULL;
    int rc = st->means ? names_memo(st, &m) : BDB_OK;
    if (rc)
        return rc;
    if (!m)
        return names_from_db(st, f, cb, ctx);
    if (!has_series_terms(f)) {
        for (size_t i = 0; i < m->nn; i++)
            if (name_of(m, &m->nv[i], cb, ctx))
                break;
        return BDB_OK;
    }
    /* the database says which series; their names come from the copy */
    bdb_stmt *s;
    if ((rc = names_query(st, f, "", &s)))
        return rc;
    ids_names w = {m, 0, cb, ctx};
    return bdb_stmt_walk(s, id_name, &w);
}

static int has_runset_terms(const bdb_filter *f)
{
    return f && ((f->set && *f->set) || (f->tags && f->tags->n));
}

static int has_platform_terms(const bdb_filter *f)
{
    return f && f->platforms && *f->platforms;
}

static int id_row_keep(bdb_stmt *s, void *ctx)
{
    id_list *p = ctx;
    long long *v = bdb_grow(p->v, p->n, &p->cap, sizeof *v, 16);
    if (!v)
        return BDB_ENOMEM;
    p->v = v;
    p->v[p->n++] = bdb_col_int(s, 0);
    return 0;
}

/* The ids f's platform terms (platforms: ids of platforms, 0 for results
 * without one) or its run set and tag terms (else: ids of sources) select,
 * by the same SQL as the results' filter, in id order. */
static int ids_selected(bdb_store *st, const bdb_filter *f, int platforms,
                        id_list *out)
{
    bdb_filter pf = {0};
    if (platforms) {
        pf.platforms = f->platforms;
    } else {
        pf.set = f->set;
        pf.tags = f->tags;
    }
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, platforms
                 ? "SELECT coalesce(r.platform_id, 0) FROM (SELECT id AS "
                   "platform_id FROM platforms UNION ALL SELECT NULL) r "
                   "WHERE 1=1"
                 : "SELECT r.source_id FROM (SELECT id AS source_id FROM "
                   "sources) r WHERE 1=1");
    bdb_where_platforms(&w, &pf);
    bdb_buf_puts(&w.sql, " ORDER BY 1");
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "reading ids of a selection",
                               BDB_STMT_MANY, &s);
    if (rc)
        return rc;
    return bdb_stmt_walk(s, id_row_keep, out);
}

static int cmp_id(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The ids come in id order (ids_selected): a binary search, so that a
 * walk of every cell is not cells x ids. */
static int has_id(const id_list *p, long long id)
{
    return p->n && bsearch(&id, p->v, p->n, sizeof *p->v, cmp_id) != NULL;
}

/* The cells of the copy f's platform, run set and tag terms select, each
 * the sums over its sources that the terms keep; f's series terms are
 * left to the caller. 1: no copy (the caller asks the database). */
/* The first row of the copy at or after series id, from row `from`. */
static size_t memo_seek(const bdb_means_memo *m, size_t from, long long id)
{
    /* a dense selection's next series is most often the next row's */
    if (from == m->n || m->v[from].c.series_id >= id)
        return from;
    if (from + 1 < m->n && m->v[from + 1].c.series_id >= id)
        return from + 1;
    size_t lo = from, hi = m->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->v[mid].c.series_id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

typedef struct memo_pick {
    const id_list *pl, *src;    /* NULL: every platform, every source */
    int (*cb)(const bdb_cell_sums_row *r, void *ctx);
    void *ctx;
} memo_pick;

/* Rows [lo, hi) of the copy the pick keeps, each cell's sources pooled,
 * to its callback; 1 when it said stop. */
static int memo_rows(const bdb_means_memo *m, size_t lo, size_t hi,
                     const memo_pick *pk)
{
    bdb_cell_sums_row c;
    int have = 0;
    for (size_t i = lo; i < hi; i++) {
        const memo_row *r = &m->v[i];
        if ((pk->pl && !has_id(pk->pl, r->c.platform_id)) ||
            (pk->src && !has_id(pk->src, r->source_id)))
            continue;
        if (have && r->c.series_id == c.series_id &&
            r->c.platform_id == c.platform_id) {
            /* the same cell from another source: pooled */
            c.n += r->c.n;
            c.sum += r->c.sum;
            c.sumsq += r->c.sumsq;
            c.sumln += r->c.sumln;
            c.sumln2 += r->c.sumln2;
            c.min = r->c.min < c.min ? r->c.min : c.min;
            c.max = r->c.max > c.max ? r->c.max : c.max;
            continue;
        }
        if (have && pk->cb(&c, pk->ctx))
            return 1;
        c = r->c;
        have = 1;
    }
    return have && pk->cb(&c, pk->ctx);
}

/* The cells of the copy f's platform, run set and tag terms select, each
 * the sums over its sources that the terms keep; f's series terms are
 * left to the caller, but with series (their ids in order; NULL: every
 * series) only their rows are walked, each series found by halving.
 * *no_copy 1: there is no copy (the caller asks the database). */
static int memo_walk(bdb_store *st, const bdb_filter *f,
                     const id_list *series,
                     int (*cb)(const bdb_cell_sums_row *r, void *ctx),
                     void *ctx, int *no_copy)
{
    bdb_means_memo *m;
    *no_copy = 0;
    int rc = memo_of(st, &m);
    if (rc)
        return rc;
    if (!m) {
        *no_copy = 1;
        return BDB_OK;
    }
    id_list pl = {0}, src = {0};
    int by_platform = has_platform_terms(f), by_source = has_runset_terms(f);
    if (by_platform)
        rc = ids_selected(st, f, 1, &pl);
    if (!rc && by_source)
        rc = ids_selected(st, f, 0, &src);
    memo_pick pk = {by_platform ? &pl : NULL, by_source ? &src : NULL, cb,
                    ctx};
    if (!rc && !series) {
        memo_rows(m, 0, m->n, &pk);
    } else if (!rc) {
        size_t at = 0;
        for (size_t k = 0; k < series->n; k++) {
            size_t lo = memo_seek(m, at, series->v[k]);
            size_t hi = lo;
            while (hi < m->n && m->v[hi].c.series_id == series->v[k])
                hi++;
            at = hi;
            if (memo_rows(m, lo, hi, &pk))
                break;
        }
    }
    free(pl.v);
    free(src.v);
    return rc;
}

typedef struct mean_of_sums {
    int (*cb)(const bdb_cell_mean_row *, void *);
    void *ctx;
} mean_of_sums;

static int mean_of(const bdb_cell_sums_row *c, void *ctx)
{
    mean_of_sums *w = ctx;
    bdb_cell_mean_row r = {c->series_id, c->platform_id, c->n,
                           c->n ? c->sum / (double)c->n : 0};
    return w->cb(&r, w->ctx);
}

int bdb_store_cell_means_memo_each(bdb_store *st, const bdb_filter *f,
                                   int (*cb)(const bdb_cell_mean_row *r,
                                             void *ctx),
                                   void *ctx)
{
    mean_of_sums w = {cb, ctx};
    int no_copy;
    int rc = memo_walk(st, f, NULL, mean_of, &w, &no_copy);
    if (!rc && no_copy)
        rc = bdb_store_cell_means_each(st, f, cb, ctx);
    return rc;
}

int bdb_store_means_warm(bdb_store *st, size_t *cells)
{
    bdb_means_memo *m;
    int rc = memo_of(st, &m);
    *cells = m ? m->n : 0;
    if (!rc)
        rc = names_memo(st, &m);
    return rc;
}

int bdb_store_cell_sums_memo_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const bdb_cell_sums_row *r,
                                            void *ctx),
                                  void *ctx)
{
    int no_copy;
    int rc = memo_walk(st, f, NULL, cb, ctx, &no_copy);
    if (!rc && no_copy)
        rc = bdb_store_cell_sums_each(st, f, cb, ctx);
    return rc;
}

typedef struct present {
    long long pid[64];          /* the platform ids seen */
    size_t n;
    int many;                   /* more platforms than pid holds */
} present;

static int see_platform(const bdb_cell_sums_row *r, void *ctx)
{
    present *p = ctx;
    for (size_t i = 0; i < p->n; i++)
        if (p->pid[i] == r->platform_id)
            return 0;
    if (p->n == sizeof p->pid / sizeof p->pid[0])
        return p->many = 1;
    p->pid[p->n++] = r->platform_id;
    return 0;
}

typedef struct pname_list {
    const present *p;
    char **v;
    size_t n, cap;
    int rc;
} pname_list;

static int keep_pname(long long id, const char *name, void *ctx)
{
    pname_list *l = ctx;
    int seen = 0;
    for (size_t i = 0; i < l->p->n && !seen; i++)
        seen = l->p->pid[i] == id;
    if (!seen)
        return 0;
    char **v = bdb_grow(l->v, l->n, &l->cap, sizeof *v, 16);
    if (!v || !(name = strdup(name)))
        return l->rc = BDB_ENOMEM;
    l->v = v;
    l->v[l->n++] = (char *)name;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int bdb_means_platform_names(bdb_store *st, const bdb_filter *f,
                             int (*cb)(const char *, void *), void *ctx,
                             int *no_copy)
{
    id_list series = {0};
    present p = {0};
    int rc = BDB_OK, by_series = has_series_terms(f);
    if (by_series) {
        bdb_stmt *s;
        rc = names_query(st, f, "", &s);
        if (!rc)
            rc = bdb_stmt_walk(s, id_row_keep, &series);
    }
    if (!rc)
        rc = memo_walk(st, f, by_series ? &series : NULL, see_platform, &p,
                       no_copy);
    free(series.v);
    if (rc || *no_copy || p.many) {
        *no_copy = !rc;     /* too many platforms: the database's way */
        return rc;
    }
    pname_list l = {&p, NULL, 0, 0, 0};
    rc = bdb_store_platform_ids_each(st, keep_pname, &l);
    if (!rc)
        rc = l.rc;
    if (!rc)    /* results without a platform: the name "" */
        rc = keep_pname(0, "", &l) ? l.rc : BDB_OK;
    if (!rc) {
        if (l.n)
            qsort(l.v, l.n, sizeof *l.v, cmp_str);
        for (size_t i = 0; i < l.n; i++)
            if (cb(l.v[i], ctx))
                break;
    }
    for (size_t i = 0; i < l.n; i++)
        free(l.v[i]);
    free(l.v);
    return rc;
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
