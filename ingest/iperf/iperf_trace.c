/* iperf_trace.c - an iperf run's interval lines as the trace of its
 * series: each interval (and each stream's interval under a [SUM]) gives
 * points of the trace of its entity's throughput, with the interval's
 * start and end, in line order: the rate, the transfer, and the columns
 * the line prints (retransmits, cwnd, jitter, lost/total, loss, datagrams,
 * iperf 2's -e columns). The run's figures stay the summary's. */
#include "iperf_internal.h"
#include "../../common/bdb_grow.h"

#include <stdio.h>
#include <string.h>

int bdb_iperf_obs_keep_figs(ip_run *r, ip_obs *o, const ip_figs *fs)
{
    o->tf_at = r->ntfigs;
    o->tf_n = 0;
    for (int i = 0; i < fs->n; i++) {
        ip_fig *grown = bdb_grow(r->tfigs, r->ntfigs, &r->cap_tfigs,
                                 sizeof *grown, 16);
        if (!grown)
            return BDB_ENOMEM;
        r->tfigs = grown;
        r->tfigs[r->ntfigs++] = fs->f[i];
        o->tf_n++;
    }
    return BDB_OK;
}

typedef struct trace_out {
    bdb_sink *out;
    const bdb_sample *base;
    bdb_trace t;
    int line;
} trace_out;

/* A point at the line of its own (a JSON key's), or the obs's (0). */
static int point_at(trace_out *to, int own, const char *what, double v,
                    const char *unit, bdb_better better)
{
    snprintf(to->t.what, sizeof to->t.what, "%s", what);
    return bdb_sink_trace(to->out, to->base, "throughput", &to->t, v, unit,
                          better, own ? own : to->line);
}

static int point(trace_out *to, const char *what, double v, const char *unit,
                 bdb_better better)
{
    return point_at(to, 0, what, v, unit, better);
}

static int obs_points(const ip_obs *o, const ip_fig *figs, int nfigs,
                      trace_out *to)
{
    /* the rate's and the transfer's columns (a line unwrap joined) */
    to->out->at_col = o->bps_col;
    int rc = point(to, "throughput", o->bps, BDB_UNIT_BITS_PER_S,
                   BDB_HIGHER_IS_BETTER);
    if (!rc && o->have_bytes)
        to->out->at_col = o->bytes_line ? 0 : o->bytes_col;
    if (!rc && o->have_bytes)
        rc = point_at(to, o->bytes_line, "transfer", o->bytes, BDB_UNIT_BYTES,
                      BDB_NEUTRAL);
    to->out->at_col = 0;
    if (!rc && o->have_retr)
        rc = point_at(to, o->retr_line, "retransmits", o->retr,
                      BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER);
    if (!rc && o->have_cwnd)
        rc = point_at(to, o->cwnd_line, "cwnd", o->cwnd, BDB_UNIT_BYTES,
                      BDB_NEUTRAL);
    /* the UDP columns' cols where their lines are not their own */
    to->out->at_col = o->jitter_line ? 0 : o->jitter_col;
    if (!rc && o->have_jitter)
        rc = point_at(to, o->jitter_line, "jitter", o->jitter_ms / 1000.0,
                      BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER);
    if (!rc && o->have_lt) {
        to->out->at_col = o->lost_line ? 0 : o->lost_col;
        rc = point_at(to, o->lost_line, "lost_datagrams", o->lost,
                      BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER);
        to->out->at_col = o->total_line ? 0 : o->total_col;
        if (!rc)
            rc = point_at(to, o->total_line, "datagrams", o->total,
                          BDB_UNIT_COUNT, BDB_NEUTRAL);
        to->out->at_col = o->pct_line ? 0 : o->pct_col;
        if (!rc)
            rc = point_at(to, o->pct_line, "loss", o->pct, BDB_UNIT_PERCENT,
                          BDB_LOWER_IS_BETTER);
    }
    to->out->at_col = 0;
    if (!rc && o->have_dgrams)
        rc = point_at(to, o->total_line, "datagrams", o->dgrams,
                      BDB_UNIT_COUNT, BDB_NEUTRAL);
    if (!rc && o->have_ooo) {
        /* iperf 2 prints it on a line of its own after the interval's */
        int at = to->line;
        if (o->ooo_line)
            to->line = o->ooo_line;
        rc = point(to, "out_of_order", o->ooo, BDB_UNIT_COUNT,
                   BDB_LOWER_IS_BETTER);
        to->line = at;
    }
    for (int i = 0; i < nfigs && !rc; i++)
        rc = point_at(to, figs[i].line, figs[i].metric, figs[i].v,
                      figs[i].unit, figs[i].better);
    return rc;
}

/* A trace's output for the points of one interval line o. */
static void trace_of(trace_out *to, const ip_obs *o, const char *label,
                     const bdb_sample *base, bdb_sink *out)
{
    memset(to, 0, sizeof *to);
    to->out = out;
    to->base = base;
    bdb_trace_set(&to->t, "", label, o->start, o->end);
    to->line = o->line;
}

int bdb_iperf_emit_obs_trace(const ip_obs *o, const ip_fig *figs, int nfigs,
                             const char *label, const bdb_sample *base,
                             bdb_sink *out)
{
    trace_out to;
    trace_of(&to, o, label, base, out);
    return obs_points(o, figs, nfigs, &to);
}

int bdb_iperf_emit_extra_trace(const ip_obs *o, const ip_fig *figs,
                               int nfigs, const char *label,
                               const bdb_sample *base, bdb_sink *out)
{
    trace_out to;
    trace_of(&to, o, label, base, out);
    int rc = BDB_OK;
    /* each at its own key's line (JSON), else the stream's */
    if (o->have_cwnd)
        rc = point_at(&to, o->cwnd_line, "cwnd", o->cwnd, BDB_UNIT_BYTES,
                      BDB_NEUTRAL);
    for (int i = 0; i < nfigs && !rc; i++)
        rc = point_at(&to, figs[i].line, figs[i].metric, figs[i].v,
                      figs[i].unit, figs[i].better);
    return rc;
}

int bdb_iperf_emit_restated_trace(const ip_obs *o, const bdb_sample *base,
                                  bdb_sink *out)
{
    trace_out to;
    trace_of(&to, o, "restated", base, out);
    ip_obs copy = *o;
    copy.have_cwnd = 0; /* the sum lacks it: a point of the sum's own */
    return obs_points(&copy, NULL, 0, &to);
}

int bdb_iperf_emit_trace(const ip_run *r, size_t ei, const bdb_sample *base,
                         bdb_sink *out)
{
    const ip_ent *e = &r->ents[ei];
    trace_out to;
    memset(&to, 0, sizeof to);
    to.out = out;
    to.base = base;
    char label[32];
    int rc = BDB_OK;
    for (size_t i = 0; i < r->nobs && !rc; i++) {
        const ip_obs *o = &r->obs[i];
        if (o->ent != ei || o->final != -1)
            continue;
        if (e->id == ID_SUM)
            snprintf(label, sizeof label, "SUM");
        else
            snprintf(label, sizeof label, "stream %ld", e->id);
        if (o->side == SIDE_RCV && (r->v3 || o->have_lt))
            snprintf(label + strlen(label), sizeof label - strlen(label),
                     " receiver");
        if (o->omitted)
            snprintf(label + strlen(label), sizeof label - strlen(label),
                     " omitted");
        bdb_trace_set(&to.t, "", label, o->start, o->end);
        to.line = o->line;
        rc = obs_points(o, o->tf_n ? &r->tfigs[o->tf_at] : NULL, o->tf_n,
                        &to);
    }
    return rc;
}
