/* model_traces.c - the traces of the report's runs (model.h's
 * bdb_rtraces): the interval, per-stream and per-thread points stored
 * beside the runs' figures, gathered as the store walks them. Memory is
 * bounded by opts.max_traces x opts.max_trace_points whatever the store
 * holds: past the cap, traces are counted and points summarised, never
 * kept. */
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
    bdb_buf key, next;          /* the current trace's identity */
    bdb_rtrace *cur;            /* the trace its points go to, or NULL */
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
static int in_report(gather *g, const bdb_trace_row *r, int *in)
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

static int start_trace(gather *g, const bdb_trace_row *r)
{
    g->cur = NULL;
    int in;
    int rc = in_report(g, r, &in);
    if (rc || !in)
        return rc;
    bdb_rtraces *ts = &g->m->traces;
    if (ts->n >= g->max_traces) {
        if (!ts->left_out++)
            ts->first_left_out = r->source_id;
        return BDB_OK;
    }
    bdb_rtrace *v = bdb_grow(ts->v, ts->n, &ts->cap, sizeof *v, 8);
    if (!v)
        return BDB_ENOMEM;
    ts->v = v;
    bdb_rtrace *t = &v[ts->n];
    memset(t, 0, sizeof *t);
    t->source_id = r->source_id;
    t->repetition = r->repetition;
    t->tool = bdb_model_part_strdup(g->m, r->tool);
    t->benchmark = bdb_model_part_strdup(g->m, r->benchmark);
    t->metric = bdb_model_part_strdup(g->m, r->metric);
    t->params = bdb_model_part_strdup(g->m, r->params);
    t->what = bdb_model_part_strdup(g->m, r->what);
    t->unit = bdb_model_part_strdup(g->m, r->unit);
    if (!t->tool || !t->benchmark || !t->metric || !t->params || !t->what ||
        !t->unit)
        return BDB_ENOMEM;
    ts->n++;
    g->cur = t;
    return BDB_OK;
}

/* The point's own text: the trace's when it is the same (most are). */
static const char *text_of(bdb_model *m, const char *s, const char *same)
{
    return strcmp(s, same) == 0 ? same : bdb_model_part_strdup(m, s);
}

static int add_point(gather *g, const bdb_trace_row *r)
{
    bdb_rtrace *t = g->cur;
    t->npoints++;
    if (strcmp(r->what, t->what) == 0) {
        if (!t->nwhat || r->value < t->min)
            t->min = r->value;
        if (!t->nwhat || r->value > t->max)
            t->max = r->value;
        /* a running mean: no sum to overflow */
        t->nwhat++;
        t->mean += (r->value - t->mean) / (double)t->nwhat;
    }
    if (t->n >= g->max_points)
        return BDB_OK;
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

static int take(const bdb_trace_row *r, void *ctx)
{
    gather *g = ctx;
    bdb_buf_reset(&g->next);
    bdb_buf_printf(&g->next, "%lld\x1f%d\x1f", r->source_id, r->repetition);
    bdb_buf_puts(&g->next, r->tool);
    bdb_buf_printf(&g->next, "\x1f%s\x1f%s\x1f%s", r->benchmark, r->metric,
                   r->params);
    if (g->next.err) {
        g->rc = g->next.err;
        return 1;
    }
    if (!g->key.data || strcmp(g->key.data, g->next.data) != 0) {
        bdb_buf swap = g->key;
        g->key = g->next;
        g->next = swap;
        g->rc = start_trace(g, r);
    }
    if (!g->rc && g->cur)
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
    bdb_buf_init(&g.key);
    bdb_buf_init(&g.next);
    bdb_filter f = m->opts.filter;
    f.platforms = m->opts.platforms;
    int rc = bdb_store_traces_of_results(st, &f, take, &g);
    if (!rc)
        rc = g.rc;
    bdb_buf_free(&g.key);
    bdb_buf_free(&g.next);
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
