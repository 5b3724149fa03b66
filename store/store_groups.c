/* store_groups.c - the results a filter selects grouped by series and
 * platform, as `report` reads them: written once over the driver's
 * primitives. One scan of results joined to their series, ordered by the
 * series: the selected series sorted by their texts (a subquery) and, for
 * each series, the results_by_series_platform index (no result row
 * sorted; a series' few rows
 * are checked, and put, in that index's order here), read a page at a
 * time where a driver would hold them all. Values arrive as doubles, never
 * as lists of text. Memory is one series' results plus one path per
 * source. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* id -> text, open addressing, grown at half load. */
typedef struct id_text {
    long long id;
    char *text;         /* NULL: an empty slot */
} id_text;

typedef struct id_map {
    id_text *slot;
    size_t cap, n;
} id_map;

static size_t id_hash(long long id, size_t cap)
{
    uint64_t h = (uint64_t)id * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(h >> 17) & (cap - 1);
}

static const char *id_map_get(const id_map *m, long long id)
{
    if (!m->cap)
        return NULL;
    for (size_t i = id_hash(id, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (!m->slot[i].text)
            return NULL;
        if (m->slot[i].id == id)
            return m->slot[i].text;
    }
}

static int id_map_put(id_map *m, long long id, const char *text)
{
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        id_text *slot = calloc(cap, sizeof *slot);
        if (!slot)
            return BDB_ENOMEM;
        for (size_t i = 0; i < m->cap; i++)
            if (m->slot[i].text) {
                size_t j = id_hash(m->slot[i].id, cap);
                while (slot[j].text)
                    j = (j + 1) & (cap - 1);
                slot[j] = m->slot[i];
            }
        free(m->slot);
        m->slot = slot;
        m->cap = cap;
    }
    char *copy = strdup(text);
    if (!copy)
        return BDB_ENOMEM;
    size_t i = id_hash(id, m->cap);
    while (m->slot[i].text && m->slot[i].id != id)
        i = (i + 1) & (m->cap - 1);
    if (m->slot[i].text) {
        free(m->slot[i].text);
    } else {
        m->slot[i].id = id;
        m->n++;
    }
    m->slot[i].text = copy;
    return BDB_OK;
}

static void id_map_free(id_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->slot[i].text);
    free(m->slot);
    m->slot = NULL;
    m->cap = m->n = 0;
}

#define NO_PLATFORM LLONG_MIN

/* The results of one series, in the scan's order (platform id, source,
 * repetition, line), as columns. */
typedef struct series_rows {
    size_t n, cap;
    long long *platform_id;     /* NO_PLATFORM for none */
    double *value;
    int *line, *rep;
    long long *source_id;
    const char **path;
} series_rows;

static int series_rows_grow(series_rows *r)
{
    size_t cap = r->cap ? r->cap * 2 : 256;
    long long *pid = realloc(r->platform_id, cap * sizeof *pid);
    if (pid)
        r->platform_id = pid;
    double *v = realloc(r->value, cap * sizeof *v);
    if (v)
        r->value = v;
    int *l = realloc(r->line, cap * sizeof *l);
    if (l)
        r->line = l;
    int *rep = realloc(r->rep, cap * sizeof *rep);
    if (rep)
        r->rep = rep;
    long long *sid = realloc(r->source_id, cap * sizeof *sid);
    if (sid)
        r->source_id = sid;
    const char **path = realloc(r->path, cap * sizeof *path);
    if (path)
        r->path = path;
    if (!pid || !v || !l || !rep || !sid || !path)
        return BDB_ENOMEM;
    r->cap = cap;
    return BDB_OK;
}

static void series_rows_free(series_rows *r)
{
    free(r->platform_id);
    free(r->value);
    free(r->line);
    free(r->rep);
    free(r->source_id);
    free(r->path);
}

/* One result of a series, to put its rows in order. */
typedef struct row_key {
    long long platform_id, source_id;
    int rep, line;
    double value;
    const char *path;
} row_key;

static int cmp_ll(long long a, long long b)
{
    return (a > b) - (a < b);
}

static int cmp_key(const row_key *x, const row_key *y)
{
    int c = cmp_ll(x->platform_id, y->platform_id);
    if (!c)
        c = cmp_ll(x->source_id, y->source_id);
    if (!c)
        c = cmp_ll(x->rep, y->rep);
    if (!c)
        c = cmp_ll(x->line, y->line);
    if (!c)
        c = (x->value > y->value) - (x->value < y->value);
    return c;
}

static int cmp_row_key(const void *a, const void *b)
{
    return cmp_key(a, b);
}

static row_key key_at(const series_rows *r, size_t i)
{
    return (row_key){r->platform_id[i], r->source_id[i], r->rep[i],
                     r->line[i], r->value[i], r->path[i]};
}

/* Puts one series' rows in (platform id, source, repetition, line, value)
 * order, the order of the results_by_series_platform index: the scan is
 * ordered by series only (a full order made PostgreSQL sort every row
 * again after its per-series index scans), so the rows of a series come
 * in whatever order the plan walks them, which is that index's on both
 * back-ends; rows equal in all of these are alike in all a group shows. */
static int order_rows(series_rows *r)
{
    size_t i = 1;
    while (i < r->n) {
        row_key a = key_at(r, i - 1), b = key_at(r, i);
        if (cmp_key(&a, &b) > 0)
            break;
        i++;
    }
    if (i >= r->n)
        return BDB_OK;
    row_key *k = malloc(r->n * sizeof *k);
    if (!k)
        return BDB_ENOMEM;
    for (i = 0; i < r->n; i++)
        k[i] = key_at(r, i);
    qsort(k, r->n, sizeof *k, cmp_row_key);
    for (i = 0; i < r->n; i++) {
        r->platform_id[i] = k[i].platform_id;
        r->source_id[i] = k[i].source_id;
        r->rep[i] = k[i].rep;
        r->line[i] = k[i].line;
        r->value[i] = k[i].value;
        r->path[i] = k[i].path;
    }
    free(k);
    return BDB_OK;
}

/* One platform's run of rows within a series. */
typedef struct group_run {
    const char *name;
    size_t from, n;
} group_run;

static int cmp_run(const void *a, const void *b)
{
    const group_run *x = a, *y = b;
    return strcmp(x->name, y->name);
}

/* The series being read: its id and columns (copied: a row's texts live
 * only until the next step). */
typedef struct cur_series {
    long long id;
    int better;
    bdb_buf text;       /* tool \0 benchmark \0 metric \0 params \0 unit \0 */
    const char *col[5];
} cur_series;

typedef struct groups_ctx {
    bdb_store *st;
    bdb_stmt *path;
    bdb_stmt *series;   /* the series stream: their texts, once each */
    int series_row;     /* its current row is not taken yet */
    id_map platforms, paths;
    cur_series ser;
    int have_series;
    series_rows r;
    group_run *runs;
    size_t cap_runs;
    int (*cb)(const bdb_group_row *, void *);
    void *ctx;
    int rc;             /* an error of a row's work */
    int stopped;        /* cb asked to stop (or an error stopped the walk) */
} groups_ctx;

static int platform_row(bdb_stmt *s, void *ctx)
{
    groups_ctx *g = ctx;
    if (id_map_put(&g->platforms, bdb_col_int(s, 0), bdb_col_text(s, 1)))
        return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    return 0;
}

static int source_path(groups_ctx *g, long long id, const char **out)
{
    if ((*out = id_map_get(&g->paths, id)))
        return BDB_OK;
    bdb_stmt_reset(g->path);
    bdb_bind_int(g->path, 1, id);
    int step = bdb_step(g->path);
    if (step < 0)
        return step;
    /* the old query replaced the list separator; keep the same text */
    const char *text = step == 1 ? bdb_col_text(g->path, 0) : "";
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    if (!copy)
        return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    for (size_t i = 0; i <= len; i++)
        copy[i] = text[i] == 31 ? '?' : text[i];
    int rc = id_map_put(&g->paths, id, copy);
    free(copy);
    if (rc)
        return bdb_store_fail(g->st, rc, "out of memory");
    *out = id_map_get(&g->paths, id);
    return BDB_OK;
}

/* Hands the series read so far to cb as one group per platform, in
 * platform name order; 1 when cb asks to stop. */
static int emit_series(groups_ctx *g)
{
    series_rows *r = &g->r;
    if (order_rows(r))
        return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    size_t nruns = 0;
    for (size_t i = 0; i < r->n;) {
        size_t j = i;
        while (j < r->n && r->platform_id[j] == r->platform_id[i])
            j++;
        if (nruns == g->cap_runs) {
            size_t cap = g->cap_runs ? g->cap_runs * 2 : 16;
            group_run *p = realloc(g->runs, cap * sizeof *p);
            if (!p)
                return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
            g->runs = p;
            g->cap_runs = cap;
        }
        const char *name = r->platform_id[i] != NO_PLATFORM
                               ? id_map_get(&g->platforms, r->platform_id[i])
                               : NULL;
        g->runs[nruns++] = (group_run){name ? name : "", i, j - i};
        i = j;
    }
    if (nruns > 1)
        qsort(g->runs, nruns, sizeof *g->runs, cmp_run);
    const cur_series *s = &g->ser;
    for (size_t k = 0; k < nruns; k++) {
        const group_run *run = &g->runs[k];
        const double *v = r->value + run->from;
        double sum = 0.0, mn = v[0], mx = v[0];
        for (size_t i = 0; i < run->n; i++) {
            sum += v[i];
            mn = v[i] < mn ? v[i] : mn;
            mx = v[i] > mx ? v[i] : mx;
        }
        bdb_group_row row = {
            .series_id = s->id, .tool = s->col[0], .benchmark = s->col[1],
            .metric = s->col[2], .params = s->col[3], .unit = s->col[4],
            .better = s->better, .platform = run->name, .n = run->n,
            .mean = sum / (double)run->n, .min = mn, .max = mx, .values = v,
            .lines = r->line + run->from,
            .source_ids = r->source_id + run->from,
            .paths = (const char *const *)(r->path + run->from)};
        if (g->cb(&row, g->ctx))
            return 1;
    }
    r->n = 0;
    return 0;
}

/* Steps the series stream to series id and takes its columns as the
 * series being read. Both streams walk the series in the same order (of
 * their unique texts), the series stream over every series the filter's
 * series terms select, so it passes only series without a result. */
static int start_series(groups_ctx *g, long long id)
{
    cur_series *c = &g->ser;
    bdb_stmt *s = g->series;
    for (int row = g->series_row;; row = 0) {
        int step = row ? 1 : bdb_step(s);
        if (step < 0)
            return step;
        if (step == 0)
            return bdb_store_fail(g->st, BDB_ESTORE,
                                  "grouping results: series %lld is not "
                                  "where the results say", id);
        if (bdb_col_int(s, 0) == id)
            break;
    }
    g->series_row = 0;
    c->id = id;
    c->better = (int)bdb_col_int(s, 6);
    c->text.len = 0;
    size_t at[5];
    for (int i = 0; i < 5; i++) {
        at[i] = c->text.len;
        const char *t = bdb_col_text(s, i + 1);
        bdb_buf_append(&c->text, t, strlen(t) + 1);
    }
    if (c->text.err || !c->text.data)
        return bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    for (int i = 0; i < 5; i++)
        c->col[i] = c->text.data + at[i];
    g->have_series = 1;
    return BDB_OK;
}

static int result_row(bdb_stmt *s, void *ctx)
{
    groups_ctx *g = ctx;
    long long sid = bdb_col_int(s, 0);
    if (!g->have_series || sid != g->ser.id) {
        int stop = g->have_series ? emit_series(g) : 0;
        if (stop) {
            g->stopped = 1;
            return stop;
        }
        if ((g->rc = start_series(g, sid)))
            return g->rc;
    }
    series_rows *r = &g->r;
    if (r->n == r->cap && series_rows_grow(r))
        return g->rc = bdb_store_fail(g->st, BDB_ENOMEM, "out of memory");
    size_t i = r->n++;
    r->platform_id[i] = bdb_col_null(s, 1) ? NO_PLATFORM : bdb_col_int(s, 1);
    r->value[i] = bdb_col_double(s, 2);
    r->line[i] = (int)bdb_col_int(s, 3);
    r->source_id[i] = bdb_col_int(s, 4);
    r->rep[i] = (int)bdb_col_int(s, 5);
    if ((g->rc = source_path(g, r->source_id[i], &r->path[i])))
        return g->rc;
    return 0;
}

/* The series stream: every series the series terms of f select, with
 * its texts, in the order of their texts. */
static int series_stream(bdb_store *st, const bdb_filter *f, bdb_stmt **out)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT s.id, s.tool, s.benchmark, s.metric, "
                         "s.params, s.unit, s.better FROM series s "
                         "WHERE 1=1");
    bdb_where_series(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, s.params");
    return bdb_where_prepare(st, &w, "grouping results",
                             BDB_STMT_MANY | BDB_STMT_BINARY, out);
}

/* Groups in series order, then platform name: the driver's join walks
 * the series in order and each one's results by index, giving numbers
 * alone; each series' texts come once, from a second stream of the
 * series in the same order (the texts on every result row were a third
 * of PostgreSQL's work, formatting and sending them). */
int bdb_groups_each(bdb_store *st, const bdb_filter *f,
                    int (*cb)(const bdb_group_row *, void *), void *ctx)
{
    const bdb_driver *drv = st->ops->drv;
    groups_ctx g = {.st = st, .cb = cb, .ctx = ctx};
    bdb_buf_init(&g.ser.text);
    int rc = bdb_sql_walk(st, "SELECT id, name FROM platforms", NULL,
                          "reading platforms", platform_row, &g);
    if (!rc)
        rc = bdb_stmt_prepare(st, "SELECT path FROM sources WHERE id = ?1",
                              "reading a source's path", 0, &g.path);
    if (!rc)
        rc = series_stream(st, f, &g.series);
    if (!rc) {
        /* first, so that its walk holds the read (PostgreSQL: the
         * transaction whose snapshot both streams share) */
        int step = bdb_step(g.series);
        rc = step < 0 ? step : BDB_OK;
        g.series_row = step == 1;
    }
    bdb_stmt *s = NULL;
    if (!rc) {
        bdb_where w;
        bdb_where_init(&w, drv->style);
        /* the series sorted alone, then each one's results by index (no
         * index gives the series' order: sorting every result row by
         * four texts cost more than the rows) */
        bdb_buf_puts(&w.sql,
                     "SELECT s.id, r.platform_id, r.value, r.line, "
                     "r.source_id, r.repetition FROM (SELECT s.id, s.tool, "
                     "s.benchmark, s.metric, s.params FROM series s "
                     "WHERE 1=1");
        bdb_where_series(&w, f);
        bdb_buf_puts(&w.sql, " ORDER BY s.tool, s.benchmark, s.metric, "
                             "s.params");
        bdb_buf_puts(&w.sql, drv->sql_groups_series_tail);
        bdb_buf_puts(&w.sql, ") s ");
        bdb_buf_puts(&w.sql, drv->sql_groups_results);
        bdb_where_platforms(&w, f);
        bdb_buf_puts(&w.sql, drv->sql_groups_order);
        rc = bdb_where_prepare(st, &w, "grouping results",
                               BDB_STMT_MANY | BDB_STMT_BINARY, &s);
    }
    if (!rc)
        rc = bdb_stmt_walk(s, result_row, &g);
    if (!rc && g.rc)
        rc = g.rc;
    if (!rc && !g.stopped && g.have_series && g.r.n) {
        int last = emit_series(&g);
        rc = last < 0 ? last : BDB_OK;
    }
    bdb_stmt_finish(g.path, BDB_OK);
    rc = bdb_stmt_finish(g.series, rc);
    id_map_free(&g.platforms);
    id_map_free(&g.paths);
    series_rows_free(&g.r);
    bdb_buf_free(&g.ser.text);
    free(g.runs);
    return rc;
}
