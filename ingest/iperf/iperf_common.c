/* iperf_common.c - the model the iperf readers share: runs, streams
 * ("entities") and their observations, the emission of a run's figures,
 * and the reading of the "[ ID] Interval Transfer Bandwidth" data lines
 * that iperf 2 and iperf3 print alike (see parse_iperf.c for what the
 * tools print and iperf_internal.h for the model). */
#include <ctype.h>
#include "iperf_internal.h"
#include "../wrapped.h"
#include "../../common/bdb_scan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A fresh context: nothing known yet (-1), no Server Report pending. */
void bdb_iperf_ctx_reset(ip_ctx *cx)
{
    memset(cx, 0, sizeof *cx);
    cx->window = -1;
    cx->duration_req = -1;
    cx->omit_req = -1;
    cx->block_printed = -1;
    cx->pending_report = -100;
}

void bdb_iperf_run_init(ip_run *r, int v3)
{
    memset(r, 0, sizeof *r);
    r->v3 = v3;
    r->duration_req = -1;
    r->window = -1;
    r->omit_req = -1;
    r->block_printed = -1;
}

void bdb_iperf_run_free(ip_run *r)
{
    for (size_t i = 0; i < r->nents; i++)
        free(r->ents[i].trace_base);
    free(r->ents);
    free(r->obs);
    free(r->conn);
    free(r->tfigs);
    free(r->cts);
    r->cts = NULL;
    r->ncts = r->cap_cts = 0;
    r->tfigs = NULL;
    r->ntfigs = r->cap_tfigs = 0;
    r->ents = NULL;
    r->obs = NULL;
    r->conn = NULL;
    r->nents = r->nobs = r->nconn = 0;
    r->cap_ents = r->cap_obs = r->cap_conn = 0;
}

/* Doubles *cap (from first) for n+1 elements of size sz; 0 or -1. */
static int grow(void **p, size_t *cap, size_t n, size_t sz, size_t first)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : first;
    if (c < *cap || c > ((size_t)-1) / sz)
        return -1;
    void *q = realloc(*p, c * sz);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

long bdb_iperf_ent_find(const ip_run *r, int flow, long id)
{
    for (size_t i = r->nents; i-- > 0;)
        if (r->ents[i].flow == flow && r->ents[i].id == id)
            return (long)i;
    return -1;
}

long bdb_iperf_ent_get(ip_run *r, int flow, long id)
{
    for (size_t i = r->nents; i-- > 0;)
        if (r->ents[i].flow == flow && r->ents[i].id == id)
            return (long)i;
    if (grow((void **)&r->ents, &r->cap_ents, r->nents, sizeof *r->ents, 8))
        return -1;
    ip_ent *e = &r->ents[r->nents];
    memset(e, 0, sizeof *e);
    e->flow = flow;
    e->id = id;
    return (long)r->nents++;
}

ip_obs *bdb_iperf_obs_new(ip_run *r)
{
    if (grow((void **)&r->obs, &r->cap_obs, r->nobs, sizeof *r->obs, 32))
        return NULL;
    ip_obs *o = &r->obs[r->nobs++];
    memset(o, 0, sizeof *o);
    return o;
}

int bdb_iperf_conn_add(ip_run *r, long id, int recv, int flow)
{
    if (grow((void **)&r->conn, &r->cap_conn, r->nconn, sizeof *r->conn, 8))
        return BDB_ENOMEM;
    r->conn[r->nconn].id = id;
    r->conn[r->nconn].recv = recv;
    r->conn[r->nconn].flow = flow;
    r->nconn++;
    return 0;
}

ip_conn *bdb_iperf_conn_find(ip_run *r, long id)
{
    for (size_t i = r->nconn; i-- > 0;)
        if (r->conn[i].id == id)
            return &r->conn[i];
    return NULL;
}

void bdb_iperf_fig_add(ip_figs *fs, bdb_sink *out, int line,
                       const char *metric, double v, const char *unit,
                       bdb_better better)
{
    for (int i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].metric, metric) == 0) {
            fs->f[i].v = v;
            return;
        }
    if (fs->n == IP_MAX_FIGS) {
        if (!fs->full)
            bdb_sink_warn(out, line,
                          "more than %d extra iperf columns on one line: "
                          "'%s' and later ones are not stored",
                          IP_MAX_FIGS, metric);
        fs->full = 1;
        return;
    }
    fs->f[fs->n].metric = metric;
    fs->f[fs->n].v = v;
    fs->f[fs->n].unit = unit;
    fs->f[fs->n].better = better;
    /* a row continued over other lines: the line of its number */
    fs->f[fs->n].line = fs->cont && line != fs->line ? line : 0;
    fs->n++;
}

void bdb_iperf_warn_line(bdb_sink *out, int line, const char *what,
                         const char *p, const char *end)
{
    /* a warning holds 255 characters: the line's first 100 and "..." */
    char t[101];
    size_t n = (size_t)(end - p);
    bdb_copy(t, sizeof t, p, end);
    bdb_sink_warn(out, line, "%s: '%s%s'", what, t, n >= sizeof t ? "..." : "");
}

/* ------------------------------------------------------------------ */
/* Emission                                                            */

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static int add(bdb_sink *out, const bdb_sample *base, const char *metric,
               double v, const char *unit, bdb_better b, int line)
{
    return bdb_sink_add(out, base, metric, v, unit, b, line);
}

/* Metrics both ends print: the sender's copy gets a _sender suffix. */
static int both_sides(const char *metric)
{
    return strcmp(metric, "pps") == 0 || strcmp(metric, "netpwr") == 0;
}

/* A figure's own line (a JSON key's) when known, else its line's. */
static int or_line(int own, int line)
{
    return own ? own : line;
}

static int emit_figs(const ip_figs *fs, int side, const bdb_sample *base,
                     bdb_sink *out)
{
    for (int i = 0; i < fs->n; i++) {
        const ip_fig *f = &fs->f[i];
        char m[BDB_METRIC_MAX];
        if (side == SIDE_SND && both_sides(f->metric))
            snprintf(m, sizeof m, "%s_sender", f->metric);
        else
            snprintf(m, sizeof m, "%s", f->metric);
        int rc = add(out, base, m, f->v, f->unit, f->better,
                     f->line ? f->line : fs->line);
        if (rc)
            return rc;
    }
    return 0;
}

/* 2.1 (ReportOutputs.c, HAVE_TCP_STATS): " (icwnd/mss/irtt=%u/%u/%u)"
 * on a connection's line, the kernel's tcpi_rtt in microseconds after
 * the handshake: the connection's initial_rtt. 1 when read. */
static int irtt_read(ip_run *r, long id, const char *p, const char *e,
                     int line)
{
    const char *at = bdb_find(p, e, "(icwnd/mss/irtt=");
    double cw, mss, us;
    if (!at)
        return 0;
    at += strlen("(icwnd/mss/irtt=");
    if (!bdb_scan_number(&at, e, &cw, 0) || !bdb_scan_lit(&at, e, "/", 0) ||
        !bdb_scan_number(&at, e, &mss, 0) || !bdb_scan_lit(&at, e, "/", 0) ||
        !bdb_scan_number(&at, e, &us, 0) || !bdb_scan_lit(&at, e, ")", 0) ||
        us < 0)
        return 0;
    if (grow((void **)&r->cts, &r->cap_cts, r->ncts, sizeof *r->cts, 8))
        return BDB_ENOMEM;
    r->cts[r->ncts++] = (ip_ct){id, us / 1e6, line, 1, 0};
    return 1;
}

int bdb_iperf_ct_read(ip_run *r, long id, const char *p, const char *e,
                      int line)
{
    if (irtt_read(r, id, p, e, line) < 0)
        return BDB_ENOMEM;
    const char *at = bdb_find(p, e, "(ct=");
    double ms;
    if (!at)
        return 0;
    at += 4;
    if (!bdb_scan_number(&at, e, &ms, 0) || !bdb_scan_lit(&at, e, "ms)", 1) ||
        ms < 0)
        return 0;
    if (grow((void **)&r->cts, &r->cap_cts, r->ncts, sizeof *r->cts, 8))
        return BDB_ENOMEM;
    r->cts[r->ncts++] = (ip_ct){id, ms / 1000.0, line, 0, 0};
    return 1;
}

/* ReportOutputs.c (2.1): "[ CT] final connect times (min/avg/max/stdev)
 * = %0.3f/%0.3f/%0.3f/%0.3f ms (tot/err) = %d/%d", after the [SUM] line
 * of a -P client; tot is the connections asked for (-P), err those that
 * failed (their own lines said so). The stdev is not in ms: 2.1.x prints
 * 1e3 * sqrt(m2 / (cnt - 1)) of times in ms (microseconds: "0.011/0.040/
 * 0.070/41.719 ms" for two connections 0.059 ms apart), other builds
 * print values no spread of min..max allows ("102.553/114.288/121.312/
 * 25.992 ms" for 20): it is not kept, and a note says so. */
int bdb_iperf_ct_final_read(ip_run *r, const char *p, const char *e,
                            int line)
{
    const char *q = bdb_skip_ws(p, e);
    if (!bdb_scan_lit(&q, e, "final connect times", 0))
        return 0;
    const char *eq = bdb_find(q, e, "=");
    if (!eq)
        return 0;
    q = eq + 1;
    double v[4];
    for (int i = 0; i < 4; i++)
        if (!bdb_scan_number(&q, e, &v[i], 0) || v[i] < 0 ||
            (i < 3 && !bdb_scan_lit(&q, e, "/", 0)))
            return 0;
    if (!bdb_scan_lit(&q, e, "ms", 1))
        return 0;
    r->have_ctf = 1;
    r->ctf_line = line;
    for (int i = 0; i < 4; i++)
        r->ctf[i] = v[i] / 1000.0;
    return 1;
}

/* The run's final connect times (min, mean, max), as figures of base's
 * series; the stdev gets a note (see bdb_iperf_ct_final_read). */
static int emit_ct_final(ip_run *r, const bdb_sample *base, bdb_sink *out)
{
    static const char *const names[3] = {
        "connect_time_min", "connect_time_mean", "connect_time_max"};
    int rc = 0;
    for (int i = 0; i < 3 && !rc; i++)
        rc = add(out, base, names[i], r->ctf[i], BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, r->ctf_line);
    /* a figure not read is a warning at its line (issue 21) */
    if (!rc)
        rc = bdb_sink_warn(out, r->ctf_line,
                           "the stdev of the final connect times (%g) is "
                           "not read: iperf 2.1 prints it scaled wrong "
                           "(ReportOutputs.c: 1e3 * sqrt(m2/(n-1)) of "
                           "times in ms)",
                           r->ctf[3] * 1000.0);
    r->have_ctf = 0; /* once, with the first flow's */
    return rc;
}

/* The connect times of stream id, as figures of base's series. A cut
 * run's too: the connection was made and timed before any data went,
 * the time is printed, not invented (its throughput has no figure, only
 * its trace). */
static int emit_ct(ip_run *r, long id, const bdb_sample *base,
                   bdb_sink *out)
{
    int rc = 0;
    for (size_t i = 0; i < r->ncts && !rc; i++) {
        if (r->cts[i].id != id)
            continue;
        r->cts[i].emitted = 1;
        rc = add(out, base, r->cts[i].irtt ? "initial_rtt" : "connect_time",
                 r->cts[i].s, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                 r->cts[i].line);
    }
    return rc;
}

/* sender_named: the run knows both ends (its sum has both), so a side
 * alone keeps its side's names: iperf3 -J's UDP stream object holds the
 * sender's bytes and rate only (iperf_api.c: bytes_sent, on both ends
 * of the test), which the text of the same run prints on the stream's
 * "sender" line (throughput_sender), its "receiver" line being the
 * plain throughput. */
/* A figure of an entity, or (restated) the same figure printed again
 * where the run's was read (iperf3 JSON: a lone stream's end figures
 * repeat its sum's): a point labelled "restated" of the trace of the
 * figure's series, at its own line, with no interval (as fio's). */
static int put(bdb_sink *out, const bdb_sample *base, int restated,
               const char *metric, double v, const char *unit, bdb_better b,
               int line)
{
    if (!restated)
        return add(out, base, metric, v, unit, b, line);
    bdb_trace t;
    bdb_trace_set(&t, metric, "restated", NAN, NAN);
    return bdb_sink_trace(out, base, metric, &t, v, unit, b, line);
}

static int emit_ent(const ip_ent *e, const bdb_sample *base, int sender_named,
                    int restated, bdb_sink *out)
{
    int rc = 0;
    /* the receiver's figure is the plain one when both ends are known */
    int main_side = e->have[SIDE_RCV] || sender_named ? SIDE_RCV : SIDE_SND;
    /* each with its number's column: a line unwrap joined from several
     * gives it the one it is printed on */
    if (e->have[main_side]) {
        out->at_col = e->bps_col[main_side];
        rc = put(out, base, restated, "throughput", e->bps[main_side],
                 BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER,
                 e->line[main_side]);
        if (!rc && e->have_bytes[main_side])
            out->at_col = e->bytes_line[main_side] ? 0
                                                   : e->bytes_col[main_side];
        if (!rc && e->have_bytes[main_side])
            rc = put(out, base, restated, "transfer", e->bytes[main_side],
                     BDB_UNIT_BYTES, BDB_NEUTRAL,
                     or_line(e->bytes_line[main_side], e->line[main_side]));
    }
    if (!rc && main_side == SIDE_RCV && e->have[SIDE_SND]) {
        out->at_col = e->bps_col[SIDE_SND];
        rc = put(out, base, restated, "throughput_sender", e->bps[SIDE_SND],
                 BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, e->line[SIDE_SND]);
        if (!rc && e->have_bytes[SIDE_SND])
            out->at_col = e->bytes_line[SIDE_SND] ? 0 : e->bytes_col[SIDE_SND];
        if (!rc && e->have_bytes[SIDE_SND])
            rc = put(out, base, restated, "transfer_sender", e->bytes[SIDE_SND],
                     BDB_UNIT_BYTES, BDB_NEUTRAL,
                     or_line(e->bytes_line[SIDE_SND], e->line[SIDE_SND]));
    }
    out->at_col = 0;
    if (!rc && e->have_retr)
        rc = put(out, base, restated, "retransmits", e->retr, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, e->retr_line);
    /* the UDP columns' cols where their lines are not their own */
    out->at_col = e->jitter_line ? 0 : e->jitter_col;
    if (!rc && e->have_jitter)
        rc = put(out, base, restated, "jitter", e->jitter_ms / 1000.0, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, or_line(e->jitter_line, e->lt_line));
    out->at_col = 0;
    if (!rc && e->have_lt) {
        out->at_col = e->pct_line ? 0 : e->pct_col;
        rc = put(out, base, restated, "loss", e->pct, BDB_UNIT_PERCENT,
                 BDB_LOWER_IS_BETTER, or_line(e->pct_line, e->lt_line));
        out->at_col = e->lost_line ? 0 : e->lost_col;
        if (!rc)
            rc = put(out, base, restated, "lost_datagrams", e->lost, BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, or_line(e->lost_line, e->lt_line));
        out->at_col = e->total_line ? 0 : e->total_col;
        if (!rc)
            rc = put(out, base, restated, "datagrams", e->total, BDB_UNIT_COUNT,
                     BDB_NEUTRAL, or_line(e->total_line, e->lt_line));
        out->at_col = 0;
    }
    if (!rc && e->have_lt_snd) {
        rc = put(out, base, restated, "jitter_sender", e->jitter_snd_ms / 1000.0,
                 BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER,
                 or_line(e->jitter_snd_line, e->lt_snd_line));
        if (!rc)
            rc = put(out, base, restated, "loss_sender", e->pct_snd, BDB_UNIT_PERCENT,
                     BDB_LOWER_IS_BETTER,
                     or_line(e->pct_snd_line, e->lt_snd_line));
        if (!rc)
            rc = put(out, base, restated, "lost_datagrams_sender", e->lost_snd,
                     BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER,
                     or_line(e->lost_snd_line, e->lt_snd_line));
        if (!rc)
            rc = put(out, base, restated, "datagrams_sender", e->total_snd,
                     BDB_UNIT_COUNT, BDB_NEUTRAL,
                     or_line(e->total_snd_line, e->lt_snd_line));
    }
    if (!rc && e->have_ooo)
        rc = put(out, base, restated, "out_of_order", e->ooo, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, e->ooo_line);
    if (!rc && e->have_sent)
        rc = put(out, base, restated, "datagrams_sent", e->sent, BDB_UNIT_COUNT,
                 BDB_NEUTRAL, e->sent_line);
    /* a restated entity's own figures (rtt, cwnd) are the run's */
    for (int side = 0; side < 2 && !rc && !restated; side++)
        if (e->have[side])
            rc = emit_figs(&e->figs[side], side, base, out);
    return rc;
}

/* The jitter, lost/total and loss columns of a final line. */
static void take_lt(const ip_obs *f, int *have, double *jitter_ms,
                    double *lost, double *total, double *pct, int *line)
{
    *have = 1;
    *jitter_ms = f->jitter_ms;
    *lost = f->lost;
    *total = f->total;
    *pct = f->pct;
    *line = f->line;
}

/* Interval statistics of entity ei: min and max over the interval lines. */
/* The series an entity's figures went out under, kept for the trace
 * that follows them (iperf3 -J's intervals, walked after the figures). */
static int keep_trace_base(ip_ent *e, const bdb_sample *base)
{
    bdb_sample *keep = malloc(sizeof *keep);
    if (!keep)
        return BDB_ENOMEM;
    bdb_sample_copy(keep, base);
    e->trace_base = keep;
    return BDB_OK;
}

/* The bytes the stream's interval lines carried. */
static double interval_bytes(const ip_run *r, size_t ei)
{
    double sum = 0;
    for (size_t i = 0; i < r->nobs; i++)
        if (r->obs[i].ent == ei && r->obs[i].final == -1 &&
            r->obs[i].have_bytes)
            sum += r->obs[i].bytes;
    return sum;
}

/* The stream's final figures to emit. A server prints a summary row of
 * the side it did not measure with zeros ("0.00 Bytes  0.00 bits/sec"):
 * iperf3 3.x's TCP server its "sender" row, 3.0's UDP server its one
 * row beside the jitter and loss it measured, an interrupted client its
 * "receiver" row, though the intervals carried the stream. A 0 that is
 * no measure of it is warned, not kept. */
static int final_of(const ip_run *r, size_t ei, ip_ent *e, bdb_sink *out)
{
    *e = r->ents[ei];
    for (int side = 0; side < 2; side++) {
        if (!e->have[side] || e->bps[side] != 0 || !e->have_bytes[side] ||
            e->bytes[side] != 0)
            continue;
        double carried = interval_bytes(r, ei);
        if (carried <= 0)
            continue;
        e->have[side] = 0;
        e->have_bytes[side] = 0;
        int rc = bdb_sink_warn(out, e->line[side],
                               "the summary row reports 0 bytes though "
                               "the stream's intervals carried %.0f (the "
                               "row of a side this end did not measure): "
                               "its throughput and transfer are not kept",
                               carried);
        if (rc)
            return rc;
    }
    return 0;
}

static int emit_intervals(const ip_run *r, size_t ei, const bdb_sample *base,
                          bdb_sink *out)
{
    const ip_ent *e = &r->ents[ei];
    if (e->iv_given) {
        int rc = add(out, base, "interval_throughput_min", e->iv_vmin,
                     BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, e->iv_lmin);
        if (!rc)
            rc = add(out, base, "interval_throughput_max", e->iv_vmax,
                     BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, e->iv_lmax);
        return rc;
    }
    double longest = 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        if (o->ent == ei && o->final == -1 && !o->omitted &&
            o->end - o->start > longest)
            longest = o->end - o->start;
    }
    if (longest <= 0)
        return 0;
    int n = 0, lmin = 0, lmax = 0, cmin = 0, cmax = 0;
    double vmin = 0, vmax = 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        if (o->ent != ei || o->final != -1 || o->omitted ||
            o->end - o->start < longest / 2)
            continue;
        if (!n || o->bps < vmin) {
            vmin = o->bps;
            lmin = o->line;
            cmin = o->bps_col;
        }
        if (!n || o->bps > vmax) {
            vmax = o->bps;
            lmax = o->line;
            cmax = o->bps_col;
        }
        n++;
    }
    if (!n)
        return 0;
    out->at_col = cmin;
    int rc = add(out, base, "interval_throughput_min", vmin,
                 BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, lmin);
    if (!rc)
        out->at_col = cmax;
    if (!rc)
        rc = add(out, base, "interval_throughput_max", vmax,
                 BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, lmax);
    return rc;
}

static double nominal_duration(double end)
{
    if (end >= 1)
        return floor(end + 0.5);
    return floor(end * 10 + 0.5) / 10;
}

/* bdb_params_set, warning once per run when the set is full. */
static void pset(bdb_sample *b, bdb_sink *out, int line, int *warned,
                 const char *key, const char *value)
{
    if (bdb_params_set(&b->params, key, "%s", value) == BDB_ERANGE &&
        !*warned) {
        bdb_sink_warn(out, line,
                      "more than %d parameters: iperf setting '%s' is not "
                      "kept",
                      BDB_MAX_PARAMS, key);
        *warned = 1;
    }
}

/* A whole number as "%.0f" (10 Gbit/s stays 10000000000), others %.10g. */
static void pnum(bdb_sample *b, bdb_sink *out, int line, int *warned,
                 const char *key, double v)
{
    char num[64];
    if (v == floor(v) && fabs(v) < 1e18)
        snprintf(num, sizeof num, "%.0f", v);
    else
        snprintf(num, sizeof num, "%.10g", v);
    pset(b, out, line, warned, key, num);
}

static int differs(double a, double b)
{
    return fabs(a - b) > 1e-6 * (fabs(a) > fabs(b) ? fabs(a) : fabs(b));
}

/* The command line's settings against what the run printed: printed ones
 * win, a disagreement is a warning at the command line. */
static void cmd_check(ip_run *r, bdb_sink *out)
{
    const ip_cmd *c = &r->cmd;
    if (!c->have)
        return;
    if (c->udp && !r->udp)
        bdb_sink_warn(out, c->line,
                      "the command line asks for UDP (-u) but the run "
                      "printed TCP results; the printed protocol is kept");
    if (c->streams > 0 && r->streams_req > 0 && c->streams != r->streams_req)
        bdb_sink_warn(out, c->line,
                      "the command line asks for %d streams (-P) but the "
                      "run printed %d; the printed count is kept",
                      c->streams, r->streams_req);
    if (c->duration > 0 && r->duration_req > 0 &&
        differs(c->duration, r->duration_req))
        bdb_sink_warn(out, c->line,
                      "the command line asks for %g s (-t) but the run "
                      "printed %g s; the printed duration is kept",
                      c->duration, r->duration_req);
    if (c->window > 0 && r->window > 0 && differs(c->window, r->window))
        bdb_sink_warn(out, c->line,
                      "the command line asks for a %.0f-byte window (-w) "
                      "but the run printed %.0f; the printed one is kept",
                      c->window, r->window);
    if (c->bandwidth > 0 && r->target_bps > 0 &&
        differs(c->bandwidth, r->target_bps))
        bdb_sink_warn(out, c->line,
                      "the command line asks for %.0f bit/s (-b) but the "
                      "run printed %.0f; the printed target is kept",
                      c->bandwidth, r->target_bps);
    if (c->length > 0 && r->block_printed > 0 &&
        differs(c->length, r->block_printed))
        bdb_sink_warn(out, c->line,
                      "the command line asks for %.0f-byte blocks (-l) but "
                      "the run printed %.0f; the printed size is kept",
                      c->length, r->block_printed);
    if (c->omit > 0 && r->omit_req >= 0 && differs(c->omit, r->omit_req))
        bdb_sink_warn(out, c->line,
                      "the command line asks to omit %g s (-O) but the run "
                      "printed %g s; the printed value is kept",
                      c->omit, r->omit_req);
}

/* Decides the final line of each entity, then emits the run's figures. */
int bdb_iperf_run_emit(ip_run *r, bdb_sink *out)
{
    int rc;
    if (r->nobs == 0 && r->nents == 0)
        return 0;
    /* iperf3 server logs: a run whose summary has only "sender" lines was
     * the server sending (-R on the client). */
    int pend_snd = 0, pend_rcv = 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        if (r->ents[o->ent].flow == FLOW_PENDING && o->final == 1)
            *(o->side == SIDE_SND ? &pend_snd : &pend_rcv) += 1;
    }
    for (size_t i = 0; i < r->nents; i++)
        if (r->ents[i].flow == FLOW_PENDING)
            r->ents[i].flow = pend_snd && !pend_rcv ? FLOW_S2C : FLOW_C2S;
    if (r->cmd.have && r->cmd.reverse && !r->bidir)
        for (size_t i = 0; i < r->nents; i++)
            if (r->ents[i].flow == FLOW_NONE)
                r->ents[i].flow = FLOW_S2C;

    /* Finals. */
    int cut_warned = 0;
    for (size_t ei = 0; ei < r->nents; ei++) {
        ip_ent *e = &r->ents[ei];
        int any_obs = 0, cut_line = 0;
        for (int side = 0; side < 2; side++) {
            long last = -1, last_final = -1;
            for (size_t i = 0; i < r->nobs; i++) {
                ip_obs *o = &r->obs[i];
                if (o->ent != ei || o->side != side)
                    continue;
                any_obs = 1;
                if (o->final == 1)
                    last_final = (long)i;
                if (o->final == 0)
                    last = (long)i;
            }
            if (last_final < 0 && last >= 0) {
                ip_obs *o = &r->obs[last];
                if (r->wrapped_line > o->line && e->id == r->wrapped_id)
                    ; /* its final line was refused: no interval stands in */
                else if (fabs(o->start) < 1e-9)
                    last_final = last;
                else if (!cut_line)
                    cut_line = o->line;
            }
            for (size_t i = 0; i < r->nobs; i++) {
                ip_obs *o = &r->obs[i];
                if (o->ent == ei && o->side == side && o->final == 0)
                    o->final = (long)i == last_final ? 1 : -1;
            }
            if (last_final < 0)
                continue;
            ip_obs *f = &r->obs[last_final];
            e->have[side] = 1;
            e->bps[side] = f->bps;
            e->end[side] = f->end;
            e->line[side] = f->line;
            e->bps_col[side] = f->bps_col;
            e->bytes_col[side] = f->bytes_col;
            e->have_bytes[side] = f->have_bytes;
            e->bytes[side] = f->bytes;
            r->nfinal++;
            if (f->have_retr && (!e->have_retr || side == SIDE_SND)) {
                e->have_retr = 1;
                e->retr = f->retr;
                e->retr_line = f->retr_line ? f->retr_line : f->line;
            }
            /* UDP loss comes from the receiver; CSV rows have no side */
            if (f->have_lt && side == SIDE_SND && !r->csv) {
                take_lt(f, &e->have_lt_snd, &e->jitter_snd_ms, &e->lost_snd,
                        &e->total_snd, &e->pct_snd, &e->lt_snd_line);
                e->jitter_snd_line = f->jitter_line;
                e->lost_snd_line = f->lost_line;
                e->total_snd_line = f->total_line;
                e->pct_snd_line = f->pct_line;
            }
            if (f->have_lt && (side == SIDE_RCV || r->csv)) {
                take_lt(f, &e->have_lt, &e->jitter_ms, &e->lost, &e->total,
                        &e->pct, &e->lt_line);
                e->have_jitter = f->have_jitter;
                e->jitter_col = f->jitter_col;
                e->lost_col = f->lost_col;
                e->total_col = f->total_col;
                e->pct_col = f->pct_col;
                /* a text row continued over lines: each column's own */
                if (f->pct_line) {
                    e->jitter_line = f->jitter_line;
                    e->lost_line = f->lost_line;
                    e->total_line = f->total_line;
                    e->pct_line = f->pct_line;
                }
            }
            if (f->have_ooo && !e->have_ooo) {
                e->have_ooo = 1;
                e->ooo = f->ooo;
                e->ooo_line = f->ooo_line ? f->ooo_line : f->line;
            }
        }
        char idt[32];
        if (e->id == ID_SUM)
            snprintf(idt, sizeof idt, "SUM");
        else
            snprintf(idt, sizeof idt, "%ld", e->id);
        if (cut_line && e->have[0] + e->have[1] > 0) {
            bdb_sink_warn(out, cut_line,
                          "iperf stream [%s]: interval lines after its "
                          "final line (truncated log?)",
                          idt);
        } else if (any_obs && !e->have[0] && !e->have[1]) {
            int line = cut_line;
            for (size_t i = 0; i < r->nobs && !line; i++)
                if (r->obs[i].ent == ei)
                    line = r->obs[i].line;
            if (r->wrapped_line > line && e->id == r->wrapped_id)
                bdb_sink_warn(out, line,
                              "iperf stream [%s]: its final line %d was "
                              "refused (a wrapped byte counter); no final "
                              "figure is invented",
                              idt, r->wrapped_line);
            else if (!cut_warned)
                bdb_sink_warn(
                    out, line,
                    "%s stream [%s] has interval lines but no %s "
                    "(truncated log?); no final figure is invented",
                    r->v3 ? "iperf3" : "iperf", idt,
                    r->v3 ? "sender/receiver summary" : "final 0.0-N line");
            cut_warned = 1;
        }
    }
    /* iperf2 servers print [SUM] on interval lines only: a sum whose
     * "final" line ends well before its streams' finals is the first
     * interval, not the total */
    for (size_t ei = 0; ei < r->nents; ei++) {
        ip_ent *sum = &r->ents[ei];
        if (sum->id != ID_SUM || r->v3)
            continue;
        double send = sum->have[SIDE_RCV] ? sum->end[SIDE_RCV]
                                          : sum->end[SIDE_SND];
        double longest = 0;
        for (size_t k = 0; k < r->nents; k++) {
            const ip_ent *t = &r->ents[k];
            if (t->id == ID_SUM || t->flow != sum->flow)
                continue;
            for (int side = 0; side < 2; side++)
                if (t->have[side] && t->end[side] > longest)
                    longest = t->end[side];
        }
        if ((sum->have[0] || sum->have[1]) && longest > 0 &&
            send < 0.75 * longest) {
            int line = sum->have[SIDE_RCV] ? sum->line[SIDE_RCV]
                                           : sum->line[SIDE_SND];
            bdb_sink_warn(out, line,
                          "iperf [SUM] has no final line (its last line ends "
                          "at %g s, its streams at %g s): no sum is stored",
                          send, longest);
            sum->have[0] = sum->have[1] = 0;
            for (size_t i = 0; i < r->nobs; i++)
                if (r->obs[i].ent == ei && r->obs[i].final == 1)
                    r->obs[i].final = -1;
        }
    }
    cmd_check(r, out);
    int flows_present[3] = {0, 0, 0};
    for (size_t ei = 0; ei < r->nents; ei++) {
        const ip_ent *e = &r->ents[ei];
        if ((e->have[0] || e->have[1]) && e->flow >= 0 && e->flow < 3)
            flows_present[e->flow] = 1;
    }
    /* a flow none of whose streams printed a final line (the client or
     * server was killed, a Windows UDP server): its intervals are the
     * trace of the series its summary would have had, and no figure */
    int flows_cut[3] = {0, 0, 0};
    for (size_t ei = 0; ei < r->nents; ei++) {
        const ip_ent *e = &r->ents[ei];
        if (e->flow >= 0 && e->flow < 3 && !flows_present[e->flow])
            flows_cut[e->flow] = 1;
    }
    int bidir = r->bidir || (flows_present[FLOW_C2S] && flows_present[FLOW_S2C]) ||
                (r->cmd.have && r->cmd.bidir);
    int emitted = 0, pwarn = 0;
    bdb_sample cpu_base;
    int have_cpu_base = 0;
    long *ids = NULL;
    size_t cap_ids = 0;
    rc = 0;
    for (int flow = 0; flow < 3 && !rc; flow++) {
        if (!flows_present[flow] && !flows_cut[flow])
            continue;
        int cut = !flows_present[flow];
        size_t nids = 0;
        long top = -1, sum = -1;
        for (size_t ei = 0; ei < r->nents; ei++) {
            const ip_ent *e = &r->ents[ei];
            if (e->flow != flow || (!cut && !e->have[0] && !e->have[1]))
                continue;
            if (e->id == ID_SUM) {
                sum = (long)ei;
                continue;
            }
            if (grow((void **)&ids, &cap_ids, nids, sizeof *ids, 16)) {
                free(ids);
                return BDB_ENOMEM;
            }
            ids[nids++] = e->id;
        }
        if (nids)
            qsort(ids, nids, sizeof ids[0], cmp_long);
        /* a stream's rank counts the printed connections too, so that a
         * cut log or an unreadable line does not renumber the others */
        long *ranks = NULL;
        size_t nranks = 0, cap_ranks = 0;
        for (size_t i = 0; i < nids + r->nconn; i++) {
            long id;
            if (i < nids)
                id = ids[i];
            else if (r->conn[i - nids].flow == flow ||
                     (r->conn[i - nids].flow < 0 && !bidir))
                id = r->conn[i - nids].id;
            else
                continue;
            int dup = 0;
            for (size_t k = 0; k < nranks && !dup; k++)
                dup = ranks[k] == id;
            if (dup)
                continue;
            if (grow((void **)&ranks, &cap_ranks, nranks, sizeof *ranks, 16)) {
                free(ranks);
                free(ids);
                return BDB_ENOMEM;
            }
            ranks[nranks++] = id;
        }
        if (nranks)
            qsort(ranks, nranks, sizeof ranks[0], cmp_long);
        /* the sum, or the only stream when only one was connected */
        if (sum >= 0)
            top = sum;
        else if (nids == 1 && nranks <= 1)
            top = bdb_iperf_ent_get(r, flow, ids[0]);
        int udp = r->udp;
        const ip_cmd *c = &r->cmd;
        int cl = c->line;
        bdb_sample base;
        bdb_sample_init(&base, udp ? "udp" : "tcp");
        pset(&base, out, cl, &pwarn, "protocol", udp ? "udp" : "tcp");
        if (flow == FLOW_C2S)
            pset(&base, out, cl, &pwarn, "direction", "client_to_server");
        else if (flow == FLOW_S2C)
            pset(&base, out, cl, &pwarn, "direction", "server_to_client");
        if (bidir)
            pset(&base, out, cl, &pwarn, "bidir", "1");
        if (r->server_copy)
            pset(&base, out, cl, &pwarn, "reporter", "server");
        /* a stream whose line was unreadable still counts: its
         * connection was printed */
        size_t nconn = 0;
        for (size_t i = 0; i < r->nconn; i++)
            if (r->conn[i].flow == flow || (r->conn[i].flow < 0 && !bidir))
                nconn++;
        int streams = r->streams_req > 0 ? r->streams_req
                      : c->have && c->streams > 0 && !bidir ? c->streams
                      : (int)(nconn > nids ? nconn : nids);
        if (streams > 0)
            pnum(&base, out, cl, &pwarn, "streams", streams);
        double dur = r->duration_req;
        if (dur <= 0 && c->have && c->duration > 0)
            dur = c->duration;
        if (dur <= 0 && top >= 0) {
            const ip_ent *t = &r->ents[top];
            dur = t->have[SIDE_SND] ? t->end[SIDE_SND] : t->end[SIDE_RCV];
            dur = dur > 0 ? nominal_duration(dur) : -1;
        } else if (dur <= 0) {
            /* no sum: the longest stream */
            for (size_t ei = 0; ei < r->nents; ei++) {
                const ip_ent *t = &r->ents[ei];
                double d = t->have[SIDE_SND] ? t->end[SIDE_SND] : t->end[SIDE_RCV];
                if (t->flow == flow && d > dur)
                    dur = d;
            }
            dur = dur > 0 ? nominal_duration(dur) : -1;
        }
        if (dur > 0)
            pnum(&base, out, cl, &pwarn, "duration", dur);
        double window = r->window > 0 ? r->window
                        : c->have && c->window > 0 ? c->window : -1;
        if (window > 0)
            pnum(&base, out, cl, &pwarn, "window", window);
        double target = r->target_bps > 0 ? r->target_bps
                        : c->have && c->bandwidth > 0 ? c->bandwidth : -1;
        if (target > 0)
            pnum(&base, out, cl, &pwarn, "target_bandwidth", target);
        double omit = r->omit_req > 0 ? r->omit_req
                      : c->have && c->omit > 0 ? c->omit : -1;
        if (omit > 0)
            pnum(&base, out, cl, &pwarn, "omit", omit);
        if (c->have && c->length > 0)
            pnum(&base, out, cl, &pwarn, "block_size", c->length);
        double nbytes = r->bytes_req > 0 ? r->bytes_req
                        : c->have && c->bytes > 0 ? c->bytes : -1;
        if (nbytes > 0)
            pnum(&base, out, cl, &pwarn, "bytes", nbytes);
        double nblocks = r->blocks_req > 0 ? r->blocks_req
                         : c->have && c->blocks > 0 ? c->blocks : -1;
        if (nblocks > 0)
            pnum(&base, out, cl, &pwarn, "blockcount", nblocks);
        /* a run by amount lasts what it lasts: its time is no setting */
        if ((nbytes > 0 || nblocks > 0) && r->duration_req <= 0 &&
            !(c->have && c->duration > 0))
            bdb_params_del(&base.params, "duration");
        if (c->have && c->tradeoff)
            pset(&base, out, cl, &pwarn, "tradeoff", "1");
        if (c->have && c->zerocopy)
            pset(&base, out, cl, &pwarn, "zerocopy", "1");
        if (c->have && c->congestion[0])
            pset(&base, out, cl, &pwarn, "congestion", c->congestion);
        if (!have_cpu_base && !cut) {
            cpu_base = base;
            if (bidir)
                bdb_params_del(&cpu_base.params, "direction");
            have_cpu_base = 1;
        }
        if (top >= 0) {
            ip_ent fin;
            if (!cut)
                rc = final_of(r, (size_t)top, &fin, out);
            if (!rc && !cut)
                rc = emit_ent(&fin, &base, 0, 0, out);
            if (!rc && !cut)
                rc = emit_intervals(r, (size_t)top, &base, out);
            if (!rc)
                rc = bdb_iperf_emit_trace(r, (size_t)top, &base, out);
            if (!rc)
                rc = emit_ct(r, r->ents[top].id, &base, out);
            if (!rc && !cut && r->have_ctf)
                rc = emit_ct_final(r, &base, out);
            if (!rc && r->json_sums && !r->ents[top].trace_base)
                rc = keep_trace_base(&r->ents[top], &base);
            /* one stream under a sum (iperf3 JSON): the stream's own
             * figures (rtt, cwnd) are the run's; those it repeats (rate,
             * bytes, retransmits, the UDP columns) are read where printed,
             * as restated points */
            if (!rc && !cut && top == sum && nids == 1 && nranks <= 1) {
                const ip_ent *one = &r->ents[bdb_iperf_ent_get(r, flow, ids[0])];
                for (int side = 0; side < 2 && !rc; side++)
                    if (one->have[side])
                        rc = emit_figs(&one->figs[side], side, &base, out);
                /* the server's copy (--get-server-output): only what
                 * its sum gave a figure for is restated (a sending
                 * server's stream holds the UDP columns its sum_received
                 * of zeros, left out, does not) */
                ip_ent st = *one;
                if (r->server_copy) {
                    const ip_ent *t = &r->ents[top];
                    st.have_lt &= t->have_lt;
                    st.have_jitter &= t->have_jitter;
                    st.have_lt_snd &= t->have_lt_snd;
                    st.have_ooo &= t->have_ooo;
                    st.have_retr &= t->have_retr;
                    st.have_sent &= t->have_sent;
                }
                if (!rc)
                    rc = emit_ent(&st, &base, 0, 1, out);
            }
            emitted |= !cut;
        } else if (!cut && (nids > 1 || nranks > 1)) {
            int line = 0;
            for (size_t ei = 0; ei < r->nents && !line; ei++)
                if (r->ents[ei].flow == flow && r->ents[ei].have[0])
                    line = r->ents[ei].line[0];
            bdb_sink_warn(out, line,
                          "%zu streams but no [SUM] line: only per-stream "
                          "figures are recorded",
                          nranks > nids ? nranks : nids);
        }
        if (nids > 1 || (nids == 1 && nranks > 1)) {
            for (size_t k = 0; k < nids && !rc; k++) {
                bdb_sample sb = base;
                size_t rank = 0;
                while (rank < nranks && ranks[rank] != ids[k])
                    rank++;
                pnum(&sb, out, cl, &pwarn, "stream", (double)(rank + 1));
                size_t sk = (size_t)bdb_iperf_ent_get(r, flow, ids[k]);
                if (!cut)
                    rc = emit_ent(&r->ents[sk], &sb,
                                  r->v3 && top >= 0 &&
                                      r->ents[top].have[SIDE_SND] &&
                                      r->ents[top].have[SIDE_RCV],
                                  0, out);
                if (!rc)
                    rc = bdb_iperf_emit_trace(r, sk, &sb, out);
                if (!rc && !cut)
                    rc = emit_ct(r, ids[k], &sb, out);
                /* iperf3 -J streams' intervals follow (iperf3_json.c) */
                if (!rc && r->v3 && !r->ents[sk].trace_base)
                    rc = keep_trace_base(&r->ents[sk], &sb);
                emitted |= !cut;
            }
        }
        free(ranks);
    }
    free(ids);
    if (rc)
        return rc;
    /* streams cut before their final line: their intervals are still
     * read, as a trace of a figure the log never printed (the store
     * says it cannot keep them) */
    for (size_t ei = 0; ei < r->nents && !rc; ei++) {
        const ip_ent *e = &r->ents[ei];
        if (e->have[0] || e->have[1] ||
            (e->flow >= 0 && e->flow < 3 && flows_cut[e->flow]))
            continue;
        bdb_sample cut;
        bdb_sample_init(&cut, r->udp ? "udp" : "tcp");
        pset(&cut, out, 0, &pwarn, "protocol", r->udp ? "udp" : "tcp");
        if (e->flow == FLOW_C2S || e->flow == FLOW_S2C)
            pset(&cut, out, 0, &pwarn, "direction",
                 e->flow == FLOW_C2S ? "client_to_server"
                                     : "server_to_client");
        if (r->server_copy)
            pset(&cut, out, 0, &pwarn, "reporter", "server");
        rc = bdb_iperf_emit_trace(r, ei, &cut, out);
    }
    if (rc)
        return rc;
    /* a figure not read is a warning at its line (issue 21): the initial
     * RTT of a connection that carried no data ("tcp connect failed" on
     * a dual test's reverse connection) */
    for (size_t i = 0; i < r->ncts && !rc; i++)
        if (r->cts[i].irtt && !r->cts[i].emitted)
            rc = bdb_sink_warn(out, r->cts[i].line,
                               "the initial RTT of connection [%ld] (irtt=%g "
                               "us) is not read: no data line of that "
                               "connection",
                               r->cts[i].id, r->cts[i].s * 1e6);
    if (rc)
        return rc;
    if (emitted && r->have_cpu && have_cpu_base) {
        bdb_params_del(&cpu_base.params, "stream");
        rc = add(out, &cpu_base, "cpu_utilization_local", r->cpu_local,
                 BDB_UNIT_PERCENT, BDB_LOWER_IS_BETTER,
                 or_line(r->cpu_lines[0], r->cpu_line));
        if (!rc && r->have_cpu == 1)
            rc = add(out, &cpu_base, "cpu_utilization_remote", r->cpu_remote,
                     BDB_UNIT_PERCENT, BDB_LOWER_IS_BETTER,
                     or_line(r->cpu_lines[1], r->cpu_line));
        if (!rc && r->have_cpu_split) {
            static const char *const m[4] = {
                "cpu_utilization_local_user", "cpu_utilization_local_system",
                "cpu_utilization_remote_user", "cpu_utilization_remote_system"};
            const double v[4] = {r->cpu_local_user, r->cpu_local_sys,
                                 r->cpu_remote_user, r->cpu_remote_sys};
            for (int i = 0; !rc && i < (r->have_cpu == 1 ? 4 : 2); i++)
                rc = add(out, &cpu_base, m[i], v[i], BDB_UNIT_PERCENT,
                         BDB_LOWER_IS_BETTER,
                         or_line(r->cpu_lines[2 + i], r->cpu_line));
        }
        if (rc)
            return rc;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Text lines                                                          */

int bdb_iperf_parse_bracket(const char **pp, const char *end, ip_br *b)
{
    const char *p = *pp;
    b->kind = BR_NONE;
    b->id = 0;
    b->star = 0;
    b->role = -1;
    if (p >= end || *p != '[')
        return 0;
    const char *close = memchr(p, ']', (size_t)(end - p));
    if (!close || close - p > 16)
        return 0;
    const char *a = p + 1, *z = close;
    bdb_trim(&a, &z);
    if (a < z && *a == '*') {
        b->star = 1;
        a++;
    }
    long long v;
    const char *q = a;
    if (bdb_span_eq(a, z, "ID")) {
        b->kind = BR_HDR;
    } else if (bdb_starts_with(a, z, "SUM")) {
        b->kind = BR_SUM;
        b->id = ID_SUM;
    } else if (bdb_scan_int(&q, z, &v) && q == z && v >= 0) {
        b->kind = BR_NUM;
        b->id = (long)v;
    } else {
        b->kind = BR_OTHER;
    }
    p = close + 1;
    if (p < end && *p == '[') {
        const char *c2 = memchr(p, ']', (size_t)(end - p));
        if (c2 && c2 - p <= 8) {
            if (bdb_starts_with(p, c2, "[TX-C") || bdb_starts_with(p, c2, "[RX-S"))
                b->role = FLOW_C2S;
            else if (bdb_starts_with(p, c2, "[RX-C") ||
                     bdb_starts_with(p, c2, "[TX-S"))
                b->role = FLOW_S2C;
            else if (bdb_starts_with(p, c2, "[Role"))
                b->role = -2;
            p = c2 + 1;
        }
    }
    *pp = p;
    return 1;
}

/* "0.0- 1.0 sec": returns 1 and advances past "sec". iperf 2.0.5 built
 * single-threaded prints its intervals against a clock gone wrong, as
 * negative epoch-sized bounds ("-1386783776.1--1386783775.1 sec"): read
 * too, as long as the interval ends after it starts (a negative start is
 * never a whole run's final line). */
int bdb_iperf_parse_interval(const char **pp, const char *end, double *a,
                             double *b)
{
    const char *p = *pp;
    if (!bdb_scan_number(&p, end, a, 0))
        return 0;
    p = bdb_skip_ws(p, end);
    if (p >= end || *p != '-')
        return 0;
    p++;
    if (!bdb_scan_number(&p, end, b, 0) || (*a < 0 && *b <= *a) ||
        (*a >= 0 && *b < 0))
        return 0;
    if (!bdb_scan_lit(&p, end, "sec", 1))
        return 0;
    *pp = p;
    return 1;
}

/* "Mbits" / "KBytes" / "bits" at [w, we), as iperf's unit_snprintf and
 * byte_snprintf print a figure's unit: *scale the unit in bits (1000^k,
 * is_bytes 0) or in bytes (1024^k, is_bytes 1) for its SI prefix k. */
static int unit_scale(const char *w, const char *we, double *scale,
                      int *is_bytes)
{
    int k = 0;
    if (w < we) {
        switch (*w) {
        case 'K': case 'k': k = 1; break;
        case 'M': case 'm': k = 2; break;
        case 'G': case 'g': k = 3; break;
        case 'T': case 't': k = 4; break;
        case 'P': case 'p': k = 5; break;
        default: k = 0;
        }
        if (k)
            w++;
    }
    double step;
    if (bdb_span_eq(w, we, "bits") || bdb_span_eq(w, we, "bit"))
        *is_bytes = 0, step = 1000.0;
    else if (bdb_span_eq(w, we, "Bytes") || bdb_span_eq(w, we, "Byte"))
        *is_bytes = 1, step = 1024.0;
    else
        return 0;
    double m = 1;
    for (int i = 0; i < k; i++)
        m *= step;
    *scale = m;
    return 1;
}

/* A rate unit such as "Mbits/sec" or "KBytes/sec" in bit/s per unit. */
int bdb_iperf_rate_unit(const char *w, const char *we, double *mult)
{
    double m;
    int is_bytes;
    if (we - w < 4 || !bdb_span_eq(we - 4, we, "/sec") ||
        !unit_scale(w, we - 4, &m, &is_bytes))
        return 0;
    *mult = is_bytes ? m * 8 : m;
    return 1;
}

/* "lost/ total (pct%)" at *pp. */
int bdb_iperf_parse_lost_total(const char **pp, const char *end, ip_obs *o)
{
    const char *p = *pp;
    long long lost, total;
    double pct;
    /* an interval's count may be below zero (bdb_iperf_warn_lost) */
    if (!bdb_scan_int(&p, end, &lost))
        return 0;
    if (p >= end || *p != '/')
        return 0;
    p++;
    if (!bdb_scan_int(&p, end, &total))
        return 0;
    if (!bdb_scan_lit(&p, end, "(", 1))
        return 0;
    if (!bdb_scan_number(&p, end, &pct, 0))
        return 0;
    if (!bdb_scan_lit(&p, end, "%)", 0))
        return 0;
    o->have_lt = 1;
    o->lost = (double)lost;
    o->total = (double)total;
    o->pct = pct;
    *pp = p;
    return 1;
}

/* A lost count below zero ("-3/32144 (-0.0093%)"): iperf counts a gap in
 * the datagrams' sequence numbers as lost and takes one back when a
 * datagram of the gap arrives late, out of order (iperf_udp.c
 * iperf_udp_recv: "if (sp->cnt_error > 0) sp->cnt_error--"), so an
 * interval whose late datagrams fill an earlier interval's gap prints
 * fewer than none. Read as printed, warned. */
int bdb_iperf_warn_lost(const ip_obs *o, bdb_sink *out, int line)
{
    if (!o->have_lt || o->lost >= 0)
        return BDB_OK;
    return bdb_sink_warn(out, line,
                         "iperf printed %.0f lost of %.0f datagrams: "
                         "datagrams counted lost earlier arrived late, out "
                         "of order; read as printed", o->lost, o->total);
}

/* "(<pkts>)" at *pp. */
static int k_pkts_paren(const char **pp, const char *z, long long *pkts)
{
    const char *q = *pp;
    if (q >= z || *q != '(')
        return 0;
    q++;
    if (!bdb_scan_int(&q, z, pkts) || q >= z || *q != ')')
        return 0;
    *pp = q + 1;
    return 1;
}

/* "<n>K" with an optional "(<pkts>)" at *pp: a size iperf2 -e prints in
 * KBytes and packets; *pkts -1 when not printed. */
static int k_pkts(const char **pp, const char *z, long long *k,
                  long long *pkts)
{
    const char *q = *pp;
    if (!bdb_scan_int(&q, z, k) || q >= z || *q != 'K')
        return 0;
    q++;
    *pkts = -1;
    if (q < z && *q == '(' && !k_pkts_paren(&q, z, pkts))
        return 0;
    *pp = q;
    return 1;
}

/* A size in KBytes and its packets as figures (-1: not printed). */
static void k_pkts_figs(ip_figs *fs, bdb_sink *out, int line,
                        const char *bytes_metric, const char *pkts_metric,
                        long long k, long long pkts)
{
    if (k >= 0)
        bdb_iperf_fig_add(fs, out, line, bytes_metric, (double)k * 1024.0,
                          BDB_UNIT_BYTES, BDB_NEUTRAL);
    if (pkts >= 0)
        bdb_iperf_fig_add(fs, out, line, pkts_metric, (double)pkts,
                          BDB_UNIT_COUNT, BDB_NEUTRAL);
}

/* iperf2 -e's TCP sender column, every form of ReportOutputs.c (2.0.10 to
 * 2.2): "28K/261265 us" (Cwnd/RTT), "2174K/917(1322) us" (Cwnd/RTT(var)),
 * "2174K(1502)/917(1322) us" (Cwnd(pkts)/RTT(var)), 2.1's
 * "22K(16)/24K(17)/56167(15843) us" (InF(pkts)/Cwnd(pkts)/RTT(var)),
 * "NA/917(1322) us" when no cwnd is known, the burst writer's "28K/917"
 * without its unit, 2.2 bounceback's "639K/(10)/13(0) us" (the packets
 * after a slash) and its final line's "-(-)/-(-)" (nothing kept). Sizes in KBytes, RTT and its variance in
 * microseconds. A -1 ("-1K/1346 us": 2.0.x-2.1 print the -1 they keep
 * when the kernel's tcp_info gave no window, where later versions print
 * "NA") is iperf's "not available", as in the CSV columns
 * (iperf2_csv.c): no figure, and a warning at its line, as every number
 * not read gets. */
static int cwnd_rtt(const char **pp, const char *z, ip_figs *fs,
                    bdb_sink *out, int line)
{
    const char *q = *pp;
    long long inf = -1, inf_p = -1, cw = -1, cw_p = -1;
    double rtt, var = -1;
    int have_cw = 0;
    if (z - q >= 9 && memcmp(q, "-(-)/-(-)", 9) == 0 &&
        (z - q == 9 || q[9] == ' ' || q[9] == '\t')) {
        /* a bounceback final line's "not kept over the run" */
        *pp = q + 9;
        return 1;
    }
    if (z - q >= 3 && memcmp(q, "NA/", 3) == 0) {
        q += 2;
    } else {
        if (!k_pkts(&q, z, &cw, &cw_p))
            return 0;
        have_cw = 1;
        if (cw_p < 0 && z - q >= 2 && q[0] == '/' && q[1] == '(') {
            /* 2.2 bounceback's "639K/(10)/13(0) us": the packets after
             * a slash */
            const char *t = q + 1;
            if (!k_pkts_paren(&t, z, &cw_p))
                return 0;
            q = t;
        }
        const char *t = q < z && *q == '/' ? q + 1 : NULL;
        long long w, w_p;
        if (t && k_pkts(&t, z, &w, &w_p)) {
            /* two sizes: in flight, then the window */
            inf = cw;
            inf_p = cw_p;
            cw = w;
            cw_p = w_p;
            q = t;
        }
    }
    if (q >= z || *q != '/')
        return 0;
    q++;
    if (!bdb_scan_number(&q, z, &rtt, 0))
        return 0;
    if (q < z && *q == '(') {
        q++;
        if (!bdb_scan_number(&q, z, &var, 0) || q >= z || *q != ')')
            return 0;
        q++;
    }
    if (!bdb_scan_lit(&q, z, "us", 1) &&
        !(have_cw && (q == z || *q == ' ' || *q == '\t')))
        return 0;
    k_pkts_figs(fs, out, line, "inflight", "inflight_pkts", inf, inf_p);
    k_pkts_figs(fs, out, line, "cwnd", "cwnd_pkts", cw, cw_p);
    if (have_cw && cw < 0)
        bdb_sink_warn(out, line, "Cwnd %lldK is iperf's \"not available\" "
                      "(no window from tcp_info): not read", cw);
    if (rtt > 0)
        bdb_iperf_fig_add(fs, out, line, "rtt", rtt / 1e6, BDB_UNIT_SECONDS,
                          BDB_LOWER_IS_BETTER);
    if (var >= 0)
        bdb_iperf_fig_add(fs, out, line, "rtt_var", var / 1e6,
                          BDB_UNIT_SECONDS, BDB_NEUTRAL);
    *pp = q;
    return 1;
}

/* "0.003/0.001/0.247/0.003 ms": avg/min/max/stdev in ms, stored in
 * seconds as names[0..3]. */
static int stats4(const char **pp, const char *z, ip_figs *fs,
                  bdb_sink *out, int line, const char *const names[4])
{
    const char *q = *pp;
    double v[4];
    for (int i = 0; i < 4; i++) {
        if (!bdb_scan_number(&q, z, &v[i], 0))
            return 0;
        if (i < 3 && (q >= z || *q++ != '/'))
            return 0;
    }
    if (!bdb_scan_lit(&q, z, "ms", 1))
        return 0;
    for (int i = 0; i < 4; i++)
        bdb_iperf_fig_add(fs, out, line, names[i], v[i] / 1000.0,
                          BDB_UNIT_SECONDS,
                          i == 3 ? BDB_NEUTRAL : BDB_LOWER_IS_BETTER);
    *pp = q;
    return 1;
}

/* The latency of iperf2 -e UDP receivers. */
static int latency4(const char **pp, const char *z, ip_figs *fs,
                    bdb_sink *out, int line)
{
    static const char *const names[4] = {"latency_mean", "latency_min",
                                         "latency_max", "latency_stdev"};
    return stats4(pp, z, fs, out, line, names);
}

/* "22811=565:2:1:945:827:10:0:20461": iperf2 -e server reads and their
 * histogram by read size (8 bins of the "Dist bin width" printed above). */
static int reads_dist(const char **pp, const char *z, ip_figs *fs,
                      bdb_sink *out, int line)
{
    static const char *const bins[8] = {
        "reads_bin1", "reads_bin2", "reads_bin3", "reads_bin4",
        "reads_bin5", "reads_bin6", "reads_bin7", "reads_bin8"};
    const char *q = *pp;
    long long n, b[8];
    int nb = 0;
    if (!bdb_scan_int(&q, z, &n) || n < 0 || q >= z || *q != '=')
        return 0;
    q++;
    while (nb < 8 && bdb_scan_int(&q, z, &b[nb])) {
        nb++;
        if (q < z && *q == ':')
            q++;
        else
            break;
    }
    bdb_iperf_fig_add(fs, out, line, "reads", (double)n, BDB_UNIT_COUNT,
                      BDB_NEUTRAL);
    for (int i = 0; i < nb; i++)
        bdb_iperf_fig_add(fs, out, line, bins[i], (double)b[i],
                          BDB_UNIT_COUNT, BDB_NEUTRAL);
    *pp = q;
    return 1;
}

static int at_word_end(const char *q, const char *z)
{
    return q == z || *q == ' ' || *q == '\t';
}

/* iperf2 --bounceback client lines (Locale.c, 2.1 and 2.2), after the
 * rate: "N=avg/min/max/stdev ms", the bounce-backs of the interval and
 * their round-trip times in ms (not the "N=b1:b2:..." of reads), then,
 * built with TCP stats, the retries ("%4d") before the Cwnd/RTT column
 * (cwnd_rtt) and the rest (bounceback_rest). */
static int bounceback(const char **pp, const char *z, ip_obs *o,
                      ip_figs *fs, bdb_sink *out, int line)
{
    const char *q = *pp, *t;
    long long n, r;
    double first;
    if (!bdb_scan_int(&q, z, &n) || n < 0 || q >= z || *q != '=')
        return 0;
    q++;
    t = q;
    if (!bdb_scan_number(&t, z, &first, 0) || t >= z || *t != '/' ||
        !latency4(&q, z, fs, out, line))
        return 0;
    bdb_iperf_fig_add(fs, out, line, "bounceback_count", (double)n,
                      BDB_UNIT_COUNT, BDB_NEUTRAL);
    t = q;
    if (bdb_scan_int(&t, z, &r) && r >= 0 && at_word_end(t, z)) {
        const char *w = bdb_skip_ws(t, z);
        if (!bdb_starts_with(w, z, "rps")) {
            o->have_retr = 1;
            o->retr = (double)r;
            /* a row continued on this line (fs->cont): its own line */
            if (fs->cont && line != fs->line)
                o->retr_line = line;
            q = t;
        }
    }
    *pp = q;
    return 1;
}

/* A bounceback line's columns after Cwnd/RTT: 2.2's "Tx=42.1 MByte
 * Rx=21.1 MByte  RPS=46006" (bytes each way, 1024-based as iperf prints
 * sizes; requests per second) or 2.1's "16103 rps". */
static int bounceback_rest(const char **pp, const char *z, ip_figs *fs,
                           bdb_sink *out, int line)
{
    const char *q = *pp;
    double v, bytes;
    int tx = bdb_starts_with(q, z, "Tx="), rx = bdb_starts_with(q, z, "Rx=");
    if (tx || rx) {
        q += 3;
        const char *w;
        size_t wl;
        if (!bdb_scan_number(&q, z, &v, 0) ||
            !(wl = bdb_scan_word(&q, z, &w)) ||
            !bdb_iperf_size_value(v, w, w + wl, &bytes))
            return 0;
        bdb_iperf_fig_add(fs, out, line, tx ? "tx_bytes" : "rx_bytes", bytes,
                          BDB_UNIT_BYTES, BDB_NEUTRAL);
        *pp = q;
        return 1;
    }
    if (bdb_scan_lit(&q, z, "RPS=", 0)) {
        if (!bdb_scan_number(&q, z, &v, 0) || !at_word_end(q, z))
            return 0;
    } else if (!bdb_scan_number(&q, z, &v, 0) ||
               !bdb_scan_lit(&q, z, "rps", 1) || !at_word_end(q, z)) {
        return 0;
    }
    bdb_iperf_fig_add(fs, out, line, "requests_per_sec", v,
                      BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER);
    *pp = q;
    return 1;
}

/* iperf2's -e columns after the rate (and after jitter/loss on UDP
 * receivers): Write/Err, Rtry, Cwnd/RTT(var), NetPwr on TCP senders;
 * Write/Err, PPS on UDP senders; Reads=Dist on TCP receivers; Latency
 * avg/min/max/stdev, PPS, Rx/inP, NetPwr on UDP receivers. Columns not
 * understood end the scan with a warning. */
/* The line the column at `at` is printed on: `line` but in a row
 * continued over other lines (cx->wrapped). */
static int col_line(const ip_ctx *cx, const char *at, int line)
{
    return cx->wrapped ? bdb_wrapped_line(cx->wrapped, at, line) : line;
}

void bdb_iperf2_header_groups(ip_ctx *cx, const char *p, const char *e)
{
    if (bdb_contains(p, e, "isoch:tx/miss/slip"))
        cx->hdr_triple = IP_GRP_ISOCH_TX;
    else if (bdb_contains(p, e, "Read/Timeo/Trunc"))
        cx->hdr_triple = IP_GRP_READ_TIMEO_TRUNC;
    else if (bdb_contains(p, e, "Write/Err/Timeo"))
        cx->hdr_triple = IP_GRP_WRITE_ERR_TIMEO;
    else if (bdb_contains(p, e, "Read/Timeo"))
        cx->hdr_pair = IP_GRP_READ_TIMEO;
    if (bdb_contains(p, e, "Isoch:rx/lost") ||
        bdb_contains(p, e, "Frame:rx/lost") ||
        bdb_contains(p, e, "Frames/Lost"))
        cx->hdr_pair = IP_GRP_FRAMES_RX;
    if (bdb_contains(p, e, "Frame-latency"))
        cx->hdr_frame_latency = 1;
}

/* Counts a row prints as "a/b/c" or "a/b" (" 61 / 0" for Frame:rx/lost),
 * named by the header (cx->hdr_triple, hdr_pair); 0 when [*pp, z) holds
 * none the header names. */
static int count_group(const char **pp, const char *z, const ip_ctx *cx,
                       ip_figs *fs, bdb_sink *out, int line)
{
    static const struct {
        int grp;
        const char *m[3];
        bdb_better b[3];
    } groups[] = {
        {IP_GRP_ISOCH_TX, {"isoch_frames", "isoch_frames_missed",
                           "isoch_slips"},
         {BDB_NEUTRAL, BDB_LOWER_IS_BETTER, BDB_LOWER_IS_BETTER}},
        {IP_GRP_READ_TIMEO_TRUNC, {"reads", "read_timeouts", "read_truncated"},
         {BDB_NEUTRAL, BDB_LOWER_IS_BETTER, BDB_LOWER_IS_BETTER}},
        {IP_GRP_WRITE_ERR_TIMEO, {"writes", "write_errors", "write_timeouts"},
         {BDB_NEUTRAL, BDB_LOWER_IS_BETTER, BDB_LOWER_IS_BETTER}},
        {IP_GRP_READ_TIMEO, {"reads", "read_timeouts", NULL},
         {BDB_NEUTRAL, BDB_LOWER_IS_BETTER, BDB_NEUTRAL}},
        {IP_GRP_FRAMES_RX, {"isoch_frames", "isoch_frames_lost", NULL},
         {BDB_NEUTRAL, BDB_LOWER_IS_BETTER, BDB_NEUTRAL}},
    };
    const char *q = *pp;
    long long v[3];
    int n = 0;
    while (n < 3 && bdb_scan_int(&q, z, &v[n]) && v[n] >= 0) {
        n++;
        const char *s = bdb_skip_ws(q, z);
        /* "61 / 0": the frames' pair only */
        if (s < z && *s == '/' && (s == q || cx->hdr_pair == IP_GRP_FRAMES_RX))
            q = s + 1;
        else
            break;
    }
    if (n < 2 || !at_word_end(q, z))
        return 0;
    int grp = n == 3 ? cx->hdr_triple : cx->hdr_pair;
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (groups[g].grp != grp || (n == 2) != (groups[g].m[2] == NULL))
            continue;
        for (int i = 0; i < n; i++)
            bdb_iperf_fig_add(fs, out, line, groups[g].m[i], (double)v[i],
                              BDB_UNIT_COUNT, groups[g].b[i]);
        *pp = q;
        return 1;
    }
    return 0;
}

/* "(60/41667)" after a latency: the count and mean size (bytes) of the
 * bursts it is over (2.1+ "Burst Latency avg/min/max/stdev (cnt/size)"). */
static int cnt_size(const char **pp, const char *z, ip_figs *fs,
                    bdb_sink *out, int line)
{
    const char *q = *pp;
    long long c, b;
    if (q >= z || *q != '(')
        return 0;
    q++;
    if (!bdb_scan_int(&q, z, &c) || q >= z || *q++ != '/' ||
        !bdb_scan_int(&q, z, &b) || q >= z || *q++ != ')' ||
        !at_word_end(q, z))
        return 0;
    bdb_iperf_fig_add(fs, out, line, "latency_count", (double)c,
                      BDB_UNIT_COUNT, BDB_NEUTRAL);
    bdb_iperf_fig_add(fs, out, line, "latency_bytes", (double)b,
                      BDB_UNIT_BYTES, BDB_NEUTRAL);
    *pp = q;
    return 1;
}

/* The frame latency (--isochronous --trip-times): avg/min/max/stdev ms. */
static int frame_latency4(const char **pp, const char *z, ip_figs *fs,
                          bdb_sink *out, int line)
{
    static const char *const names[4] = {
        "frame_latency_mean", "frame_latency_min", "frame_latency_max",
        "frame_latency_stdev"};
    return stats4(pp, z, fs, out, line, names);
}

static void iperf2_columns(const char *q, const char *z, const ip_ctx *cx,
                           ip_obs *o, ip_figs *fs, bdb_sink *out, int line)
{
    int latencies = 0;
    long long a, b;
    const char *t = q;
    int rtry_next = 0;
    if (bounceback(&t, z, o, fs, out, col_line(cx, t, line))) {
        q = t;
        goto rest;
    }
    /* Write/Err */
    if (bdb_scan_int(&t, z, &a) && t < z && *t == '/') {
        t++;
        if (bdb_scan_int(&t, z, &b) && at_word_end(t, z)) {
            int at = col_line(cx, q, line);
            bdb_iperf_fig_add(fs, out, at, "writes", (double)a,
                              BDB_UNIT_COUNT, BDB_NEUTRAL);
            bdb_iperf_fig_add(fs, out, at, "write_errors", (double)b,
                              BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER);
            q = t;
            rtry_next = cx->hdr_rtry;
        }
    }
    if (rtry_next) {
        t = q;
        if (bdb_scan_int(&t, z, &a) && a >= 0 && at_word_end(t, z)) {
            o->have_retr = 1;
            o->retr = (double)a;
            q = t;
        }
    }
    t = q;
    if (reads_dist(&t, z, fs, out, col_line(cx, t, line)))
        q = t;
rest:
    for (;;) {
        q = bdb_skip_ws(q, z);
        if (q >= z)
            return;
        t = q;
        double v;
        int at = col_line(cx, q, line);
        if (cwnd_rtt(&t, z, fs, out, at)) {
            q = t;
            continue;
        }
        /* a second latency is the frames' (Frame-latency) */
        t = q;
        if (latencies && cx->hdr_frame_latency
                ? frame_latency4(&t, z, fs, out, at)
                : latency4(&t, z, fs, out, at)) {
            latencies++;
            q = t;
            continue;
        }
        t = q;
        if (cnt_size(&t, z, fs, out, at) ||
            count_group(&t, z, cx, fs, out, at) ||
            reads_dist(&t, z, fs, out, at)) {
            q = t;
            continue;
        }
        t = q;
        if (bdb_scan_number(&t, z, &v, 0) && bdb_scan_lit(&t, z, "pps", 1) &&
            at_word_end(t, z)) {
            bdb_iperf_fig_add(fs, out, at, "pps", v, BDB_UNIT_OPS_PER_S,
                              BDB_HIGHER_IS_BETTER);
            q = t;
            continue;
        }
        t = q;
        if (bounceback_rest(&t, z, fs, out, at)) {
            q = t;
            continue;
        }
        /* "22368/0(0) pkts": packets received / in progress, kept out */
        t = q;
        const char *w;
        size_t wl = bdb_scan_word(&t, z, &w);
        const char *t2 = t;
        const char *w2;
        size_t wl2 = bdb_scan_word(&t2, z, &w2);
        if (wl && memchr(w, '/', wl) && wl2 && bdb_span_eq(w2, w2 + wl2, "pkts")) {
            q = t2;
            continue;
        }
        /* inP, "1.40 KByte": bytes in progress (2.1 UDP receivers, Little's
         * law over the latency), 1024-based like iperf's other sizes */
        t = q;
        if (bdb_scan_number(&t, z, &v, 0)) {
            const char *u;
            size_t ul = bdb_scan_word(&t, z, &u);
            double m = ul == 4 && !memcmp(u, "Byte", 4)    ? 1.0
                       : ul == 5 && !memcmp(u, "KByte", 5) ? 1024.0
                       : ul == 5 && !memcmp(u, "MByte", 5) ? 1048576.0
                       : ul == 5 && !memcmp(u, "GByte", 5) ? 1073741824.0
                                                          : 0;
            if (m > 0 && at_word_end(t, z)) {
                bdb_iperf_fig_add(fs, out, at, "in_progress", v * m,
                                  BDB_UNIT_BYTES, BDB_NEUTRAL);
                q = t;
                continue;
            }
        }
        t = q;
        if (bdb_scan_number(&t, z, &v, 0) && at_word_end(t, z)) {
            /* NetPwr: throughput / RTT, iperf's own figure of merit */
            bdb_iperf_fig_add(fs, out, at, "netpwr", v, BDB_UNIT_COUNT,
                              BDB_HIGHER_IS_BETTER);
            q = t;
            continue;
        }
        if (bdb_span_eq(q, z, "(omitted)"))
            return;
        /* a capture script's marker ("#####"): no word, no figure */
        int marker = 1;
        for (const char *c = q; c < z && marker; c++)
            marker = ispunct((unsigned char)*c) || *c == ' ' || *c == '\t';
        if (marker)
            return;
        bdb_iperf_warn_line(out, at,
                            "iperf column not understood (the rest of the "
                            "line is skipped)",
                            q, z);
        return;
    }
}

/* Reads the columns after the rate. Sets *label to SIDE_SND / SIDE_RCV for
 * iperf3 summary lines, -1 otherwise. Extra iperf2 -e columns go to fs. */
/* iperf3's Cwnd column after Retr: "3.18 MBytes" on an interval line. */
static int v3_cwnd(const char *q, const char *z, ip_obs *o)
{
    double x, bytes;
    q = bdb_skip_ws(q, z);
    if (!bdb_scan_number(&q, z, &x, 0))
        return 0;
    q = bdb_skip_ws(q, z);
    const char *w = q;
    while (q < z && *q != ' ' && *q != '\t')
        q++;
    if (q == w || !bdb_iperf_size_value(x, w, q, &bytes))
        return 0;
    q = bdb_skip_ws(q, z);
    if (q != z && !bdb_starts_with(q, z, "(omitted)"))
        return 0;
    o->have_cwnd = 1;
    o->cwnd = bytes;
    return 1;
}

static int col_in(const char *lp, const char *le, const char *q);

/* In a row continued over lines (cx->wrapped), the lines of its jitter
 * (at j, NULL: none) and of lost, total and loss in [lt, lte); in a line
 * of the text (cx->lp), their cols. */
static void lt_lines(const ip_ctx *cx, const char *j, const char *lt,
                     const char *lte, ip_obs *o, int line)
{
    lt = bdb_skip_ws(lt, lte);
    const char *slash = memchr(lt, '/', (size_t)(lte - lt));
    const char *paren = slash ? memchr(slash, '(', (size_t)(lte - slash))
                              : NULL;
    if (!cx->wrapped) {
        o->jitter_col = j ? col_in(cx->lp, cx->le, j) : 0;
        o->lost_col = col_in(cx->lp, cx->le, lt);
        o->total_col = slash ? col_in(cx->lp, cx->le, slash + 1) : 0;
        o->pct_col = paren ? col_in(cx->lp, cx->le, paren + 1) : 0;
        return;
    }
    if (j)
        o->jitter_line = col_line(cx, j, line);
    o->lost_line = col_line(cx, lt, line);
    o->total_line = slash ? col_line(cx, slash + 1, line) : o->lost_line;
    o->pct_line = paren ? col_line(cx, paren + 1, line) : o->total_line;
}

void bdb_iperf_parse_rest(const char *p, const char *end, const ip_ctx *cx,
                          int v3, ip_obs *o, int *label, ip_figs *fs,
                          bdb_sink *out, int line)
{
    *label = -1;
    const char *z = end;
    bdb_trim(&p, &z);
    if (z - p >= 6 && bdb_span_eq(z - 6, z, "sender") &&
        (z - p == 6 || z[-7] == ' ' || z[-7] == '\t'))
        *label = SIDE_SND;
    else if (z - p >= 8 && bdb_span_eq(z - 8, z, "receiver") &&
             (z - p == 8 || z[-9] == ' ' || z[-9] == '\t'))
        *label = SIDE_RCV;
    if (bdb_contains(p, z, "(omitted)"))
        o->omitted = 1;
    /* UDP: "J ms lost/total (pct%)" or "lost/total (pct%)" */
    const char *q = p;
    double j;
    if (bdb_scan_number(&q, z, &j, 0) && bdb_scan_lit(&q, z, "ms", 1)) {
        const char *r = q;
        if (bdb_iperf_parse_lost_total(&r, z, o)) {
            o->have_jitter = 1;
            o->jitter_ms = j;
            lt_lines(cx, p, q, r, o, line);
            if (!v3)
                iperf2_columns(r, z, cx, o, fs, out, line);
            return;
        }
    }
    q = p;
    if (bdb_iperf_parse_lost_total(&q, z, o)) {
        lt_lines(cx, NULL, p, q, o, line);
        if (!v3)
            iperf2_columns(q, z, cx, o, fs, out, line);
        return;
    }
    long long a;
    if (v3) {
        /* "Retr" column: first integer of TCP lines. Without the header
         * (a "| tail" of the output), a sender summary's lone integer
         * before its label is still that column: iperf_locale.c prints
         * nothing else there (report_bw_retrans_format) */
        q = p;
        int lone = !cx->hdr_seen && *label == SIDE_SND &&
                   bdb_scan_int(&q, z, &a) &&
                   bdb_skip_ws(q, z) == z - 6;
        q = p;
        if ((cx->hdr_retr || lone) && bdb_scan_int(&q, z, &a) && a >= 0 &&
            at_word_end(q, z)) {
            o->have_retr = 1;
            o->retr = (double)a;
            v3_cwnd(q, z, o);
        } else if (!cx->hdr_seen && *label < 0 && bdb_scan_int(&q, z, &a) &&
                   a >= 0 && at_word_end(q, z) && v3_cwnd(q, z, o)) {
            /* no header (a tail of the output): "N  1.63 MBytes" after
             * the rate is Retr and Cwnd, which nothing else prints */
            o->have_retr = 1;
            o->retr = (double)a;
        } else if (q = p, !cx->hdr_retr && *label < 0 &&
                   bdb_scan_int(&q, z, &a) && a >= 0 &&
                   bdb_skip_ws(q, z) == z) {
            /* a UDP sender's interval: its Total Datagrams column */
            o->have_dgrams = 1;
            o->dgrams = (double)a;
        }
        return;
    }
    iperf2_columns(p, z, cx, o, fs, out, line);
}

/* "MBytes" / "KByte" / "Bytes" (2^10 steps) or "Mbits" / "Kbits" / "bits"
 * (10^3 steps, /8): the Transfer column as byte_snprintf / unit_snprintf
 * print it. */
int bdb_iperf_size_value(double x, const char *w, const char *we,
                         double *bytes)
{
    double m;
    int is_bytes;
    if (!unit_scale(w, we, &m, &is_bytes))
        return 0;
    *bytes = x * (is_bytes ? m : m / 8);
    return 1;
}

int bdb_iperf_parse_data(const char *p, const char *end, int lineno,
                         ip_data *d, const char **rest, bdb_sink *out)
{
    const char *line0 = p;
    memset(d, 0, sizeof *d);
    if (!bdb_iperf_parse_bracket(&p, end, &d->br))
        return 0;
    if (d->br.kind != BR_NUM && d->br.kind != BR_SUM)
        return 0;
    if (!bdb_iperf_parse_interval(&p, end, &d->start, &d->end))
        return 0;
    double x, m;
    const char *why;
    d->bytes_at = bdb_skip_blank(p, end);
    if (!bdb_scan_number(&p, end, &x, 0)) {
        why = "expected the transfer after the iperf interval";
        goto bad;
    }
    const char *w;
    size_t wl = bdb_scan_word(&p, end, &w);
    /* "out-of-orde", "out-of-o": a quote cut at the end of the line */
    const char *oo = p;
    if (wl && bdb_span_eq(w, w + wl, "datagrams") &&
        bdb_scan_lit(&oo, end, "received out-of", 1) && end - oo >= 2 &&
        end - oo <= 6 && memcmp(oo, "-order", (size_t)(end - oo)) == 0) {
        d->ooo = 1;
        d->ooo_n = x;
        *rest = end;
        return 1;
    }
    if (wl && bdb_span_eq(w, w + wl, "datagrams") &&
        bdb_scan_lit(&p, end, "received out-of-order", 1)) {
        d->ooo = 1;
        d->ooo_n = x;
        *rest = p;
        return 1;
    }
    if (!wl || !bdb_iperf_size_value(x, w, w + wl, &d->bytes)) {
        why = "expected a size unit (KBytes, MBytes...) after the iperf "
              "transfer";
        goto bad;
    }
    d->have_bytes = 1;
    if (d->bytes >= 9223372036854775808.0) {
        /* 2^63 bytes or more: no transfer, a byte count that went below
         * zero in iperf's unsigned 64-bit counter (max_size_t / iperf3's
         * iperf_size_t) and printed as ~2^64: iperf 2's byte_snprintf
         * "16384 PBytes" (2^64 / 2^50), iperf3's unit_snprintf "16777216
         * TBytes" (2^64 / 2^40); its rate (bytes * 8 / seconds) is as
         * wrong */
        bdb_sink_warn(out, lineno,
                      "iperf printed a transfer of %.4g bytes (about 2^64): "
                      "a byte counter that wrapped below zero (unsigned "
                      "underflow), not a measurement; nothing is stored for "
                      "this line",
                      d->bytes);
        d->wrapped = 1;
        return -1;
    }
    d->bps_at = bdb_skip_blank(p, end);
    if (!bdb_scan_number(&p, end, &x, 0)) {
        why = "expected the bandwidth after the iperf transfer";
        goto bad;
    }
    wl = bdb_scan_word(&p, end, &w);
    /* a page that collapsed the blanks glued the next column to the unit
     * ("11.9 Gbits/sec1 sender"), a capture script its marker ("58.7
     * Mbits/sec#####"): the unit ends at its "/sec" */
    const char *sec = wl > 4 ? bdb_find(w, w + wl, "/sec") : NULL;
    if (sec && sec + 4 < w + wl &&
        (isdigit((unsigned char)sec[4]) || ispunct((unsigned char)sec[4]))) {
        wl = (size_t)(sec + 4 - w);
        p = sec + 4;
    }
    if (!wl || !bdb_iperf_rate_unit(w, w + wl, &m)) {
        why = "expected a rate unit (Mbits/sec...) after the iperf bandwidth";
        goto bad;
    }
    d->bps = x * m;
    *rest = p;
    return 1;
bad:
    bdb_iperf_warn_line(out, lineno, why, line0, end);
    return -1;
}

int bdb_iperf_has_data(const ip_run *r)
{
    return r->nobs > 0 || r->nents > 0;
}

void bdb_iperf_new_run(ip_run *r, ip_ctx *cx, int line)
{
    /* the command line stays with every run it printed (a tradeoff's two
     * halves, a server's clients) until the next command line */
    int v3 = r->v3, csv = r->csv;
    ip_cmd cmd = r->cmd;
    bdb_iperf_run_free(r);
    bdb_iperf_run_init(r, v3);
    r->csv = csv;
    r->cmd = cmd;
    r->start_line = line;
    r->window = cx->window;
    r->duration_req = cx->duration_req;
    r->target_bps = cx->target_bps;
    r->omit_req = cx->omit_req;
    r->block_printed = cx->block_printed;
    r->streams_req = cx->streams_req;
    r->udp = cx->udp_hint;
    r->server_copy = cx->server_copy;
}

int bdb_iperf_finish_run(ip_run *r, ip_ctx *cx, bdb_sink *out, int line,
                         int *nruns)
{
    int rc = 0;
    if (bdb_iperf_has_data(r)) {
        rc = bdb_iperf_run_emit(r, out);
        (*nruns)++;
    }
    bdb_iperf_new_run(r, cx, line);
    return rc;
}

int bdb_iperf_add_obs(ip_run *r, int flow, long id, int side, int final,
                      const ip_data *d, int line, ip_obs **out)
{
    long ei = bdb_iperf_ent_get(r, flow, id);
    if (ei < 0)
        return BDB_ENOMEM;
    ip_obs *o = bdb_iperf_obs_new(r);
    if (!o)
        return BDB_ENOMEM;
    o->ent = (size_t)ei;
    o->side = side;
    o->final = final;
    o->start = d->start;
    o->end = d->end;
    o->bps = d->bps;
    o->have_bytes = d->have_bytes;
    o->bytes = d->bytes;
    o->line = line;
    if (!r->first_data_line)
        r->first_data_line = line;
    *out = o;
    return 0;
}

static int col_in(const char *lp, const char *le, const char *q)
{
    return lp && q && q >= lp && q < le && le - lp < 65535
               ? (int)(q - lp) + 1
               : 0;
}

void bdb_iperf_obs_cols(ip_obs *o, const ip_data *d, const char *lp,
                        const char *le)
{
    o->bps_col = col_in(lp, le, d->bps_at);
    o->bytes_col = col_in(lp, le, d->bytes_at);
}

/* The per-line details (omitted, loss, jitter, retransmits) a text line
 * carries besides its rate, copied onto the observation it became. */
void bdb_iperf_copy_line_details(ip_obs *o, const ip_obs *from)
{
    o->omitted = from->omitted;
    o->have_lt = from->have_lt;
    o->have_jitter = from->have_jitter;
    o->jitter_ms = from->jitter_ms;
    o->lost = from->lost;
    o->total = from->total;
    o->pct = from->pct;
    o->jitter_col = from->jitter_col;
    o->lost_col = from->lost_col;
    o->total_col = from->total_col;
    o->pct_col = from->pct_col;
    if (from->pct_line) {   /* a row continued over lines */
        o->jitter_line = from->jitter_line;
        o->lost_line = from->lost_line;
        o->total_line = from->total_line;
        o->pct_line = from->pct_line;
    }
    o->have_retr = from->have_retr;
    o->retr = from->retr;
    if (from->retr_line)
        o->retr_line = from->retr_line;
    o->have_cwnd = from->have_cwnd;
    o->cwnd = from->cwnd;
    o->have_dgrams = from->have_dgrams;
    o->dgrams = from->dgrams;
}
