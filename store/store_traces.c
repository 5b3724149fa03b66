/* store_traces.c - the traces of runs' figures (store_traces.h), written
 * once over the driver's primitives for every back-end. */
#include "store_traces.h"
#include "store_internal.h"
#include "series_ident.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A source's points go in with the driver's bulk insert, many rows a
 * statement (SQLite) or one COPY (PostgreSQL), when TRACE_ROWS wait and
 * when the source's trace ends: one INSERT a point was 5% of the CPU of
 * an import of small logs. They are the open source's, inside its
 * transaction: a failure still fails the file. */
static const bdb_rows trace_rows = {
    "trace_points(source_id, series_id, repetition, seq, what, label, "
    "t_start, t_end, value, unit, line)", 11, "adding trace points", 0};
#define TRACE_ROWS 256

/* A point waiting: its texts are at offsets of the writer's text. */
typedef struct pending_point {
    long long series_id, seq;
    int repetition, line;
    double start, end, value;
    size_t what, label, unit;
} pending_point;

struct bdb_trace_writer {
    bdb_store *st;
    long long source_id;
    bdb_stmt *find;
    pending_point *rows;        /* TRACE_ROWS at most */
    size_t nrows;
    bdb_buf text;               /* their texts, each NUL-terminated */
    bdb_cell *cells;            /* the rows' cells at a flush */
    /* a series made for a trace with no figure (a cut run), and the
     * store whose parameter rows a copy reads */
    bdb_stmt *set_ins, *item_ins, *series_ins;
    bdb_store *params_from;
    /* the series of the last point: its key and id (0: not stored) */
    char key[BDB_SERIES_KEY_MAX];
    long long series_id;
    long long stored, orphans;
};

int bdb_trace_writer_open(bdb_store *st, long long source_id,
                          bdb_trace_writer **out)
{
    *out = NULL;
    bdb_trace_writer *w = calloc(1, sizeof *w);
    if (!w)
        return bdb_store_fail(st, BDB_ENOMEM, "out of memory for a trace");
    w->st = st;
    w->source_id = source_id;
    bdb_buf_init(&w->text);
    /* opened once per source: its statements are kept prepared */
    const int keep = BDB_STMT_KEEP;
    int rc = bdb_stmt_prepare(st, BDB_SQL_SERIES_FIND,
                              "finding a trace's series", keep, &w->find);
    w->rows = malloc(TRACE_ROWS * sizeof *w->rows);
    w->cells = malloc(TRACE_ROWS * (size_t)trace_rows.ncols * sizeof *w->cells);
    if (!rc && (!w->rows || !w->cells))
        rc = bdb_store_fail(st, BDB_ENOMEM, "out of memory for a trace");
    if (!rc)
        rc = bdb_stmt_prepare(st, "INSERT INTO param_sets(params) VALUES(?1) "
                              "ON CONFLICT(params) DO NOTHING",
                              "adding a trace's parameters", keep, &w->set_ins);
    if (!rc)
        rc = bdb_stmt_prepare(st, "INSERT INTO param_set_items(set_id, key, "
                              "value) SELECT id, ?2, ?3 FROM param_sets WHERE "
                              "params = ?1 ON CONFLICT DO NOTHING",
                              "adding a trace's parameters", keep, &w->item_ins);
    if (!rc)
        /* the point's series is not there (series_of asked): under its
         * key, or without one when that is another series' */
        rc = bdb_stmt_prepare(st, "INSERT INTO series(tool, benchmark, "
                              "metric, params, unit, better, param_set_id, "
                              "ident) SELECT ?1, ?2, ?3, ?4, ?5, ?6, id, "
                              "CASE WHEN EXISTS (SELECT 1 FROM series WHERE "
                              "ident = ?7) THEN NULL ELSE ?7 END FROM "
                              "param_sets WHERE params = ?4",
                              "adding a trace's series", keep, &w->series_ins);
    if (rc) {
        bdb_trace_writer_close(w, rc, NULL, NULL);
        return rc;
    }
    *out = w;
    return BDB_OK;
}

/* A copy's point names its series' parameters by their text alone: the
 * rows come from the store copied from. */
static int params_of(bdb_trace_writer *w, const bdb_sample *s,
                     const char *params, bdb_params *out)
{
    *out = s->params;
    if (!w->params_from || !params[0])
        return BDB_OK;
    bdb_stmt *q;
    int rc = bdb_stmt_prepare(w->params_from, "SELECT i.key, i.value FROM "
                              "param_sets p JOIN param_set_items i ON "
                              "i.set_id = p.id WHERE p.params = ?1",
                              "reading a trace's parameters", 0, &q);
    if (rc)
        return rc;
    bdb_bind_text(q, 1, params);
    int r;
    while ((r = bdb_step(q)) == 1 && !rc)
        rc = bdb_params_set(out, bdb_col_text(q, 0), "%s",
                            bdb_col_text(q, 1))
                 ? bdb_store_fail(w->st, BDB_ERANGE, "a trace's parameters "
                                  "do not fit a set of %d", BDB_MAX_PARAMS)
                 : BDB_OK;
    return bdb_stmt_finish(q, r < 0 ? r : rc);
}

/* A run cut before its figure keeps its trace: its series is made here
 * (the figure's unit and direction are its first point's, whose
 * quantity is the figure's). */
static int series_make(bdb_trace_writer *w, const bdb_sample *s,
                       const char *params)
{
    bdb_params ps;
    int rc = params_of(w, s, params, &ps);
    bdb_stmt_reset(w->set_ins);
    bdb_bind_text(w->set_ins, 1, params);
    if (!rc)
        rc = bdb_stmt_run(w->set_ins);
    bdb_stmt_reset(w->set_ins);
    for (int i = 0; !rc && i < ps.n; i++) {
        bdb_stmt_reset(w->item_ins);
        bdb_bind_text(w->item_ins, 1, params);
        bdb_bind_text(w->item_ins, 2, ps.kv[i].key);
        bdb_bind_text(w->item_ins, 3, ps.kv[i].value);
        rc = bdb_stmt_run(w->item_ins);
        bdb_stmt_reset(w->item_ins);
    }
    if (rc)
        return rc;
    bdb_stmt *q = w->series_ins;
    bdb_stmt_reset(q);
    bdb_bind_text(q, 1, s->tool);
    bdb_bind_text(q, 2, s->benchmark);
    bdb_bind_text(q, 3, s->metric);
    bdb_bind_text(q, 4, params);
    bdb_bind_text(q, 5, s->unit ? s->unit : "");
    bdb_bind_int(q, 6, s->better);
    bdb_bind_int(q, 7, bdb_series_ident(s->tool, s->benchmark, s->metric,
                                        params));
    rc = bdb_stmt_run(q);
    bdb_stmt_reset(q);
    return rc;
}

/* The id of the point's series (0: not in the store). */
static int series_of(bdb_trace_writer *w, const bdb_sample *s)
{
    char params[BDB_PARAMS_TEXT_MAX], key[BDB_SERIES_KEY_MAX];
    bdb_series_key(s, params, sizeof params, key, sizeof key);
    if (w->key[0] && strcmp(key, w->key) == 0)
        return BDB_OK;
    snprintf(w->key, sizeof w->key, "%s", key);
    /* the figures' series are in the write path's cache: a run's points
     * of a series its figure found or made need no query (a query per
     * series was 1% of an import of small logs) */
    w->series_id = bdb_write_series_known(w->st, key);
    if (w->series_id)
        return BDB_OK;
    int flushed = 0, made = 0;
again:
    bdb_stmt_reset(w->find);
    bdb_bind_text(w->find, 1, s->tool);
    bdb_bind_text(w->find, 2, s->benchmark);
    bdb_bind_text(w->find, 3, s->metric);
    bdb_bind_text(w->find, 4, params);
    bdb_bind_int(w->find, 5, bdb_series_ident(s->tool, s->benchmark,
                                              s->metric, params));
    int r = bdb_step(w->find);
    if (r == 0 && !flushed && w->st->ops->drv->series_make) {
        /* a series the back-end makes at its next flush (PostgreSQL's
         * COPY) is not there yet: write what it holds back, ask again */
        bdb_stmt_reset(w->find);
        int rc = bdb_write_flush(w->st, w->source_id);
        if (rc)
            return rc;
        flushed = 1;
        goto again;
    }
    if (r == 1)
        w->series_id = bdb_col_int(w->find, 0);
    bdb_stmt_reset(w->find);
    if (r == 0 && !made && s->repetition > 0 &&
        strcmp(s->trace->what, s->metric) == 0) {
        int rc = series_make(w, s, params);
        if (rc)
            return rc;
        flushed = made = 1;
        goto again;
    }
    if (r == 0)
        w->key[0] = '\0';  /* asked again by the figure's own point */
    return r < 0 ? r : BDB_OK;
}

/* The waiting points into the store. */
static int flush(bdb_trace_writer *w)
{
    if (!w->nrows)
        return BDB_OK;
    if (w->text.err)
        return bdb_store_fail(w->st, BDB_ENOMEM, "out of memory for a trace");
    const char *text = w->text.data;
    bdb_cell *c = w->cells;
    for (size_t i = 0; i < w->nrows; i++, c += trace_rows.ncols) {
        const pending_point *r = &w->rows[i];
        c[0] = (bdb_cell){.type = 'i', .i = w->source_id};
        c[1] = (bdb_cell){.type = 'i', .i = r->series_id};
        c[2] = (bdb_cell){.type = 'i', .i = r->repetition};
        c[3] = (bdb_cell){.type = 'i', .i = r->seq};
        c[4] = (bdb_cell){.type = 't', .t = text + r->what};
        c[5] = (bdb_cell){.type = 't', .t = text + r->label};
        /* a time the line did not print is NULL */
        c[6] = isnan(r->start) ? (bdb_cell){.type = 'n'}
                               : (bdb_cell){.type = 'd', .d = r->start};
        c[7] = isnan(r->end) ? (bdb_cell){.type = 'n'}
                             : (bdb_cell){.type = 'd', .d = r->end};
        c[8] = (bdb_cell){.type = 'd', .d = r->value};
        c[9] = (bdb_cell){.type = 't', .t = text + r->unit};
        c[10] = (bdb_cell){.type = 'i', .i = r->line};
    }
    int rc = w->st->ops->drv->rows_put(w->st, &trace_rows, w->cells,
                                       w->nrows);
    if (!rc)
        w->stored += (long long)w->nrows;
    w->nrows = 0;
    bdb_buf_reset(&w->text);
    return rc;
}

/* Where t lands in the writer's text (NUL-terminated). */
static size_t text_put(bdb_trace_writer *w, const char *t)
{
    size_t at = w->text.len;
    bdb_buf_append(&w->text, t, strlen(t) + 1);
    return at;
}

int bdb_trace_writer_put(bdb_trace_writer *w, const bdb_sample *s)
{
    const bdb_trace *t = s->trace;
    int rc = series_of(w, s);
    if (rc)
        return rc;
    if (!w->series_id || s->repetition <= 0) {
        w->orphans++;
        return BDB_OK;
    }
    if (w->nrows == TRACE_ROWS && (rc = flush(w)))
        return rc;
    pending_point *r = &w->rows[w->nrows++];
    *r = (pending_point){.series_id = w->series_id, .seq = t->seq,
                     .repetition = s->repetition, .line = s->line,
                     .start = t->start, .end = t->end, .value = s->value};
    r->what = text_put(w, t->what);
    r->label = text_put(w, t->label);
    r->unit = text_put(w, s->unit ? s->unit : "");
    return BDB_OK;
}

int bdb_trace_writer_close(bdb_trace_writer *w, int rc, long long *stored,
                           long long *orphans)
{
    if (!w)
        return rc;
    /* a failed source's waiting points go with it */
    if (!rc)
        rc = flush(w);
    if (stored)
        *stored = w->stored;
    if (orphans)
        *orphans = w->orphans;
    rc = bdb_stmt_finish(w->find, rc);
    rc = bdb_stmt_finish(w->set_ins, rc);
    rc = bdb_stmt_finish(w->item_ins, rc);
    rc = bdb_stmt_finish(w->series_ins, rc);
    free(w->rows);
    free(w->cells);
    bdb_buf_free(&w->text);
    free(w);
    return rc;
}

int bdb_store_traces_drop(bdb_store *st, long long source_id)
{
    return bdb_sql_exec_ids(st, "DELETE FROM trace_points WHERE source_id = "
                                "?1", source_id, 0, 1,
                            "removing old trace points");
}

typedef struct trace_walk {
    int (*cb)(const bdb_trace_row *, void *);
    void *ctx;
} trace_walk;

static double col_or_nan(bdb_stmt *s, int i)
{
    return bdb_col_null(s, i) ? NAN : bdb_col_double(s, i);
}

static int trace_row(bdb_stmt *s, void *ctx)
{
    trace_walk *w = ctx;
    bdb_trace_row r = {
        .source_id = bdb_col_int(s, 0), .tool = bdb_col_text(s, 1),
        .benchmark = bdb_col_text(s, 2), .metric = bdb_col_text(s, 3),
        .params = bdb_col_text(s, 4), .repetition = (int)bdb_col_int(s, 5),
        .seq = bdb_col_int(s, 6), .what = bdb_col_text(s, 7),
        .label = bdb_col_text(s, 8), .start = col_or_nan(s, 9),
        .end = col_or_nan(s, 10), .value = bdb_col_double(s, 11),
        .unit = bdb_col_text(s, 12), .line = (int)bdb_col_int(s, 13)};
    return w->cb(&r, w->ctx) ? 1 : 0;
}

/* The walk of bdb_store_traces_each; with run, only the points of that
 * run (its source, series and repetition), by the primary key. */
static int traces_walk(bdb_store *st, long long source_id, const bdb_filter *f,
                       const bdb_trace_run *run, long long limit,
                       int (*cb)(const bdb_trace_row *, void *), void *ctx)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    bdb_buf_puts(&w.sql, "SELECT t.source_id, s.tool, s.benchmark, s.metric, "
                         "s.params, t.repetition, t.seq, t.what, t.label, "
                         "t.t_start, t.t_end, t.value, t.unit, t.line "
                         "FROM trace_points t JOIN series s ON "
                         "s.id = t.series_id WHERE 1=1");
    char cond[192];
    if (run) {
        /* a run's chart: a point restated (printed again elsewhere in
         * the log) is charted once, at its interval's own point */
        snprintf(cond, sizeof cond, " AND t.source_id = %lld AND "
                 "t.series_id = %lld AND t.repetition = %d AND "
                 "t.label <> 'restated'", run->source_id, run->series_id,
                 run->repetition);
        bdb_buf_puts(&w.sql, cond);
    } else if (source_id) {
        snprintf(cond, sizeof cond, " AND t.source_id = %lld", source_id);
        bdb_buf_puts(&w.sql, cond);
    }
    if (f)
        bdb_where_series(&w, f);
    /* a run's points in the primary key's order: no sort */
    bdb_buf_puts(&w.sql, run ? " ORDER BY t.source_id, t.series_id, t.seq"
                             : " ORDER BY t.source_id, s.tool, s.benchmark, "
                               "s.metric, s.params, t.repetition, t.seq");
    if (limit > 0) {
        snprintf(cond, sizeof cond, " LIMIT %lld", limit);
        bdb_buf_puts(&w.sql, cond);
    }
    bdb_stmt *s;
    int rc = bdb_where_prepare(st, &w, "reading trace points", BDB_STMT_MANY,
                               &s);
    if (rc)
        return rc;
    trace_walk tw = {cb, ctx};
    int r;
    while ((r = bdb_step(s)) == 1) {
        int stop = trace_row(s, &tw);
        if (stop)
            break;
    }
    return bdb_stmt_finish(s, r < 0 ? r : BDB_OK);
}

int bdb_store_traces_each(bdb_store *st, long long source_id,
                          const bdb_filter *f,
                          int (*cb)(const bdb_trace_row *, void *),
                          void *ctx)
{
    return traces_walk(st, source_id, f, NULL, 0, cb, ctx);
}

int bdb_store_trace_runs_each(bdb_store *st, const bdb_filter *f,
                              int (*cb)(const bdb_trace_run *, void *),
                              void *ctx)
{
    bdb_where w;
    bdb_where_init(&w, st->ops->drv->style);
    /* a group per run, made from the points alone; whether it has a
     * result of f's platforms is asked once per run, through the source's
     * results (+: not through the series', which a lab's runs of one
     * benchmark make long) */
    /* points labelled "restated" are a figure printed again (fio's
     * normal,terse and json,normal): no trace to chart */
    bdb_buf_puts(&w.sql, "SELECT t.source_id, s.id, t.repetition, s.tool, "
                         "s.benchmark, s.metric, s.params, t.n FROM "
                         "(SELECT source_id, series_id, repetition, "
                         "count(*) AS n FROM trace_points WHERE label <> "
                         "'restated' GROUP BY "
                         "source_id, series_id, repetition) t JOIN series s "
                         "ON s.id = t.series_id WHERE EXISTS (SELECT 1 FROM "
                         "results r WHERE r.source_id = t.source_id AND "
                         "+r.series_id = t.series_id AND r.repetition = "
                         "t.repetition");
    bdb_where_platforms_per_series(&w, f);
    bdb_buf_puts(&w.sql, ")");
    bdb_where_series(&w, f);
    bdb_buf_puts(&w.sql, " ORDER BY t.source_id, s.tool, s.benchmark, "
                         "s.metric, s.params, t.repetition");
    bdb_stmt *q;
    int rc = bdb_where_prepare(st, &w, "reading the runs' traces",
                               BDB_STMT_MANY, &q);
    if (rc)
        return rc;
    int r;
    while ((r = bdb_step(q)) == 1) {
        bdb_trace_run run = {
            .source_id = bdb_col_int(q, 0), .series_id = bdb_col_int(q, 1),
            .repetition = (int)bdb_col_int(q, 2), .tool = bdb_col_text(q, 3),
            .benchmark = bdb_col_text(q, 4), .metric = bdb_col_text(q, 5),
            .params = bdb_col_text(q, 6), .points = bdb_col_int(q, 7)};
        if (cb(&run, ctx))
            break;
    }
    return bdb_stmt_finish(q, r < 0 ? r : BDB_OK);
}

int bdb_store_trace_run_points(bdb_store *st, const bdb_trace_run *run,
                               long long limit,
                               int (*cb)(const bdb_trace_row *, void *),
                               void *ctx)
{
    return traces_walk(st, 0, NULL, run, limit, cb, ctx);
}

int bdb_store_trace_run_stats(bdb_store *st, const bdb_trace_run *run,
                              const char *what, bdb_trace_stats *out)
{
    memset(out, 0, sizeof *out);
    char sql[320];
    snprintf(sql, sizeof sql, "SELECT count(*), min(value), avg(value), "
             "max(value) FROM trace_points WHERE source_id = %lld AND "
             "series_id = %lld AND repetition = %d AND what = ?1 AND "
             "label <> 'restated'",
             run->source_id, run->series_id, run->repetition);
    bdb_stmt *q;
    int rc = bdb_stmt_prepare(st, sql, "summing up a trace", 0, &q);
    if (rc)
        return rc;
    bdb_bind_text(q, 1, what);
    int r = bdb_step(q);
    if (r == 1) {
        out->n = bdb_col_int(q, 0);
        out->min = col_or_nan(q, 1);
        out->mean = col_or_nan(q, 2);
        out->max = col_or_nan(q, 3);
    }
    return bdb_stmt_finish(q, r < 0 ? r : BDB_OK);
}

typedef struct trace_copy {
    bdb_store *to;
    long long to_id;
    bdb_trace_writer *w;
    int rc;
} trace_copy;

static int copy_row(const bdb_trace_row *r, void *ctx)
{
    trace_copy *c = ctx;
    bdb_sample s;
    bdb_trace t;
    bdb_sample_init(&s, r->benchmark);
    snprintf(s.tool, sizeof s.tool, "%s", r->tool);
    snprintf(s.metric, sizeof s.metric, "%s", r->metric);
    /* the series' parameter text as stored: the writer keys on it */
    bdb_series_ref ref;
    char names[sizeof s.tool + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + 8];
    int n = snprintf(names, sizeof names, "%s\x1f%s\x1f%s\x1f", r->tool,
                     r->benchmark, r->metric);
    memset(&ref, 0, sizeof ref);
    ref.names = names;
    ref.names_len = (unsigned short)(n > 0 ? n : 0);
    ref.params = r->params;
    s.ref = &ref;
    bdb_trace_set(&t, r->what, r->label, r->start, r->end);
    t.seq = r->seq;
    s.trace = &t;
    s.value = r->value;
    s.unit = r->unit;
    s.line = r->line;
    s.repetition = r->repetition;
    c->rc = bdb_trace_writer_put(c->w, &s);
    return c->rc ? 1 : 0;
}

int bdb_store_traces_copy(bdb_store *from, long long from_id, bdb_store *to,
                          long long to_id)
{
    trace_copy c = {to, to_id, NULL, 0};
    int rc = bdb_trace_writer_open(to, to_id, &c.w);
    if (rc)
        return rc;
    c.w->params_from = from;
    rc = bdb_store_traces_each(from, from_id, NULL, copy_row, &c);
    if (!rc)
        rc = c.rc;
    return bdb_trace_writer_close(c.w, rc, NULL, NULL);
}
