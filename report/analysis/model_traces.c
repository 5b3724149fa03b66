/* model_traces.c - the traces of the report's runs (model.h's
 * bdb_rtraces): the interval, per-stream and per-thread points stored
 * beside the runs' figures. The store lists the runs that have one (a
 * row per run, not per point); the first opts.max_traces of the model's
 * series are kept and their points read, the others only counted, so
 * time follows the runs and memory is bounded by opts.max_traces x
 * opts.max_trace_points whatever the store holds. */
#include "model_parts.h"
#include "model_traces.h"
#include "params_ignore.h"
#include "../store/store_traces.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_strmap.h"

#include <stdlib.h>
#include <string.h>

typedef struct gather {
    bdb_model *m;
    size_t max_traces, max_points;
    bdb_strmap series;          /* the model's series, by name */
    int have_series;
    bdb_trace_run *runs;        /* the store's runs of the kept traces */
    bdb_rtrace *cur;            /* the trace points go to */
    int rc;
} gather;

static void series_name(bdb_buf *b, const char *tool, const char *benchmark,
                        const char *metric, const char *params)
{
    bdb_buf_reset(b);
    bdb_buf_printf(b, "%s\x1f%s\x1f%s\x1f%s", tool, benchmark, metric, params);
}

/* The model's series by name, made at the first trace (a report of runs
 * without traces pays nothing). */
static int index_series(gather *g)
{
    bdb_buf k;
    bdb_buf_init(&k);
    for (size_t s = 0; s < g->m->nseries && !k.err; s++) {
        const bdb_rseries *se = &g->m->series[s];
        series_name(&k, se->tool, se->benchmark, se->metric, se->params);
        if (!k.err && !bdb_strmap_put(&g->series, k.data, NULL))
            k.err = BDB_ENOMEM;
    }
    int rc = k.err;
    bdb_buf_free(&k);
    g->have_series = 1;
    return rc;
}

/* Whether the point's series is one the report shows (with
 * --ignore-param: the series it is pooled into). */
static int in_report(gather *g, const bdb_trace_run *r, int *in)
{
    *in = 0;
    if (!g->have_series) {
        int rc = index_series(g);
        if (rc)
            return rc;
    }
    const bdb_report_opts *o = &g->m->opts;
    char *reduced = o->nignore ? bdb_params_ignore(r->params, o->ignore,
                                                   o->nignore)
                               : NULL;
    if (o->nignore && !reduced)
        return BDB_ENOMEM;
    bdb_buf k;
    bdb_buf_init(&k);
    series_name(&k, r->tool, r->benchmark, r->metric,
                reduced ? reduced : r->params);
    free(reduced);
    int rc = k.err;
    if (!rc)
        *in = bdb_strmap_get(&g->series, k.data) != NULL;
    bdb_buf_free(&k);
    return rc;
}

static int take_run(const bdb_trace_run *r, void *ctx)
{
    gather *g = ctx;
    int in;
    g->rc = in_report(g, r, &in);
    if (g->rc || !in)
        return g->rc ? 1 : 0;
    bdb_rtraces *ts = &g->m->traces;
    if (ts->n >= g->max_traces) {
        if (!ts->left_out++)
            ts->first_left_out = r->source_id;
        return 0;
    }
    bdb_rtrace *v = bdb_grow(ts->v, ts->n, &ts->cap, sizeof *v, 8);
    if (!v) {
        g->rc = BDB_ENOMEM;
        return 1;
    }
    ts->v = v;
    bdb_trace_run *runs = realloc(g->runs, ts->cap * sizeof *runs);
    if (!runs) {
        g->rc = BDB_ENOMEM;
        return 1;
    }
    g->runs = runs;
    runs[ts->n] = *r;   /* its texts are the walk's: not kept */
    bdb_rtrace *t = &v[ts->n];
    memset(t, 0, sizeof *t);
    t->source_id = r->source_id;
    t->repetition = r->repetition;
    t->tool = bdb_model_part_strdup(g->m, r->tool);
    t->benchmark = bdb_model_part_strdup(g->m, r->benchmark);
    t->metric = bdb_model_part_strdup(g->m, r->metric);
    t->params = bdb_model_part_strdup(g->m, r->params);
    t->npoints = (size_t)r->points;
    if (!t->tool || !t->benchmark || !t->metric || !t->params) {
        g->rc = BDB_ENOMEM;
        return 1;
    }
    ts->n++;
    return 0;
}

/* The point's own text: the trace's when it is the same (most are). */
static const char *text_of(bdb_model *m, const char *s, const char *same)
{
    return strcmp(s, same) == 0 ? same : bdb_model_part_strdup(m, s);
}

static int add_point(gather *g, const bdb_trace_row *r)
{
    bdb_rtrace *t = g->cur;
    if (!t->what) {
        /* the charted quantity: the first point's */
        t->what = bdb_model_part_strdup(g->m, r->what);
        t->unit = bdb_model_part_strdup(g->m, r->unit);
        if (!t->what || !t->unit)
            return BDB_ENOMEM;
    }
    bdb_rtrace_point *p = bdb_grow(t->points, t->n, &t->cap, sizeof *p, 16);
    if (!p)
        return BDB_ENOMEM;
    t->points = p;
    p = &p[t->n];
    p->seq = r->seq;
    p->start = r->start;
    p->end = r->end;
    p->value = r->value;
    p->line = r->line;
    p->what = text_of(g->m, r->what, t->what);
    p->unit = text_of(g->m, r->unit, t->unit);
    p->label = bdb_model_part_strdup(g->m, r->label);
    if (!p->what || !p->unit || !p->label)
        return BDB_ENOMEM;
    t->n++;
    return BDB_OK;
}

static int take_point(const bdb_trace_row *r, void *ctx)
{
    gather *g = ctx;
    g->rc = add_point(g, r);
    return g->rc ? 1 : 0;
}

int bdb_model_traces_gather(bdb_model *m, bdb_store *st)
{
    gather g;
    memset(&g, 0, sizeof g);
    g.m = m;
    g.max_traces = m->opts.max_traces ? m->opts.max_traces
                                      : BDB_REPORT_TRACES_DEFAULT;
    g.max_points = m->opts.max_trace_points ? m->opts.max_trace_points
                                            : BDB_REPORT_TRACE_POINTS_DEFAULT;
    bdb_filter f = m->opts.filter;
    f.platforms = m->opts.platforms;
    int rc = bdb_store_trace_runs_each(st, &f, take_run, &g);
    if (!rc)
        rc = g.rc;
    /* the kept runs' first points and their figures, once the walk of
     * the runs is done */
    for (size_t i = 0; !rc && i < m->traces.n; i++) {
        bdb_rtrace *t = &m->traces.v[i];
        g.cur = t;
        rc = bdb_store_trace_run_points(st, &g.runs[i],
                                        (long long)g.max_points, take_point,
                                        &g);
        if (!rc)
            rc = g.rc;
        if (!rc && !t->what) {
            /* its points went between the two reads (a forget) */
            t->what = t->unit = "";
        }
        bdb_trace_stats ts;
        if (!rc)
            rc = bdb_store_trace_run_stats(st, &g.runs[i], t->what, &ts);
        if (!rc) {
            t->nwhat = (size_t)ts.n;
            t->min = ts.min;
            t->mean = ts.mean;
            t->max = ts.max;
        }
    }
    free(g.runs);
    bdb_strmap_free(&g.series);
    return rc;
}

void bdb_model_traces_free(bdb_rtraces *ts)
{
    for (size_t i = 0; i < ts->n; i++)
        free(ts->v[i].points);
    free(ts->v);
    memset(ts, 0, sizeof *ts);
}
