/* parse_iperf.c - iperf 2 and iperf3 output: iperf2 text and its -y C CSV,
 * iperf3 text and its -J JSON. Two parsers share one model: "iperf" (iperf
 * 2.x) and "iperf3"; their sniffers tell the two apart on content.
 *
 * What the tools print
 *   iperf2 (src/ReportOutputs.c, Locale.c): "Client connecting to H, TCP
 *   port N" / "Server listening on UDP port N", "TCP window size: 85.3
 *   KByte (default)", "[  3] local A port P connected with B port Q", a
 *   "[ ID] Interval  Transfer  Bandwidth" header, then per stream
 *   "[  3]  0.0- 1.0 sec  28.6 MBytes   240 Mbits/sec" (2.0.5: %4.1f; 2.0.x
 *   -e: %.2f; 2.1: %.4f). With -i every interval is a line; the final line
 *   of a stream is the one that starts at 0 and comes last. -P adds [SUM]
 *   lines. UDP clients print "Sent N datagrams" and a "Server Report:" with
 *   the receiver's "J ms lost/ total (pct%)"; servers print that on every
 *   line, [SUM] has "lost/total (pct%)" only, "N datagrams received
 *   out-of-order" is a line of its own. -e adds Write/Err, Rtry (TCP
 *   retransmits), Cwnd/RTT, NetPwr; -R marks the stream "[ *1]" and
 *   "(reverse)"; --dualtest runs a listener in the client (its streams
 *   connect to the listening port). -y C prints rows "time,local ip,port,
 *   remote ip,port,id,start-end,bytes,bits_per_second" and for UDP
 *   ",jitter_ms,lost,total,lost_pct,out_of_order" (id -1: the sum).
 *   iperf3 (src/iperf_api.c, iperf_locale.c): "Connecting to host H, port
 *   N", "[  5]   0.00-1.00   sec  2.96 GBytes  25.4 Gbits/sec  3  895
 *   KBytes" intervals ("(omitted)" for -O), a "- - -" rule, then summary
 *   lines ending in "sender" / "receiver" (Retr on TCP sender lines, "J ms
 *   lost/total (pct%)" on UDP), -P adds [SUM], --bidir adds a [TX-C]/[RX-C]
 *   role, -R prints "Reverse mode", -V adds "Starting Test: protocol: TCP,
 *   1 streams, ... 10 second test", "Target Bitrate: N" and "CPU
 *   Utilization: local/sender X% (...), remote/receiver Y% (...)". Windows
 *   builds and old 3.x call the rate column "Bandwidth". -J prints one JSON
 *   object: start.test_start, intervals[].sum (and sum_bidir_reverse),
 *   end.sum_sent/sum_received (+ _bidir_reverse), end.streams[], UDP's
 *   end.sum, end.cpu_utilization_percent.
 *
 * Units (checked in the sources): both tools format with one routine
 * (iperf2 stdio.c byte_snprintf, iperf3 units.c unit_snprintf): lowercase
 * format letters are bits with a factor of 1000 ("Mbits/sec" = 10^6 bit/s,
 * "Kbits" = 10^3 even with a capital K), uppercase are bytes with a factor
 * of 1024 ("MBytes" = 2^20 bytes; "-f M" rates "MBytes/sec" = 2^20 * 8
 * bit/s). CSV and JSON rates are plain bits per second. Jitter is printed in
 * ms (JSON jitter_ms); stored in seconds.
 *
 * Model. Benchmark: "tcp" or "udp". Each run is split into flows by the
 * direction of the data, param direction = client_to_server (the default),
 * or server_to_client (-R, the reverse half of --bidir / --dualtest); both
 * in one run add bidir=1. Params: protocol, streams (of that flow; -V's
 * or JSON's count when printed), duration (the requested seconds when -V /
 * JSON print it, otherwise the final interval's end rounded to a whole
 * second, 0.1 s below 1 s, so that repetitions share a series), window
 * (bytes, only when -w was asked for: "(default)" windows are not
 * parameters; a "WARNING: requested" window is the requested one),
 * target_bandwidth (bit/s: iperf3 -V "Target Bitrate", JSON
 * target_bitrate when > 0). iperf2 CSV rows say nothing about the
 * direction: they get no direction param.
 * Figures of the sum ([SUM], or the only stream) have no stream param;
 * with several streams each stream's figures are repeated with stream=K,
 * K the rank of iperf's [ID] within the flow (1..N; the IDs are socket
 * numbers that change between runs).
 *   throughput (bit/s, higher): the receiver's final figure when the log has
 *     one (iperf3 "receiver" line, iperf2 Server Report or server-side
 *     line), else the sender's (iperf2 TCP clients print only that).
 *   throughput_sender (bit/s, higher): the sender's figure, when both exist.
 *   retransmits (count, lower): iperf3 Retr, iperf2 -e Rtry.
 *   jitter (s, lower), loss (%, lower), lost_datagrams (count, lower),
 *     datagrams (count, neutral), out_of_order (count, lower): UDP, from
 *     the receiver's side.
 *   interval_throughput_min / _max (bit/s, higher): over the interval lines
 *     of the sum (or only stream), omitted (-O) intervals and stub intervals
 *     shorter than half the longest one (iperf3 servers print "2.00-2.00")
 *     left out. Interval lines are never results of their own.
 *   cpu_utilization_local / _remote (%, lower): iperf3 -V / JSON.
 * A run with interval lines but no final line (iperf3 without the
 * sender/receiver summary, iperf2 without the 0.0-N line, JSON without
 * end sums) is an error naming its line: no final figure is invented.
 * Known limit: an iperf2 log cut right after its first -i interval line
 * looks like a complete run (that line starts at 0 like a final one). */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FLOW_C2S = 0, FLOW_S2C = 1, FLOW_NONE = 2, FLOW_PENDING = 3 };
enum { SIDE_SND = 0, SIDE_RCV = 1 };
#define ID_SUM (-1L)
#define IP_MAX_CONN 256

/* One data line (or one JSON interval / final). */
typedef struct ip_obs {
    size_t ent;
    int side;
    int final;      /* 1 final, -1 interval, 0 iperf2: decided at the end */
    int omitted;
    double start, end, bps;
    int line;
    int have_lt, have_jitter;
    double jitter_ms, lost, total, pct;
    int have_retr;
    double retr;
} ip_obs;

typedef struct ip_ent {
    int flow;
    long id;
    int have[2];
    double bps[2], end[2];
    int line[2];
    int have_retr, retr_line;
    double retr;
    int have_lt, have_jitter, lt_line;
    double jitter_ms, lost, total, pct;
    int have_ooo, ooo_line;
    double ooo;
} ip_ent;

typedef struct ip_conn {
    long id;
    int recv;
} ip_conn;

typedef struct ip_run {
    int v3;             /* iperf3 (1) or iperf2 (0) */
    int start_line, first_data_line;
    int udp;
    double duration_req, target_bps, window;
    int streams_req;
    int have_cpu, cpu_line;
    double cpu_local, cpu_remote;
    int bidir, csv;
    ip_ent *ents;
    size_t nents, cap_ents;
    ip_obs *obs;
    size_t nobs, cap_obs;
    int nfinal;
    ip_conn conn[IP_MAX_CONN];
    int nconn;
} ip_run;

/* Context that outlives one run (a server keeps listening). */
typedef struct ip_ctx {
    int client_log, server_log, reverse, listen_port;
    int udp_hint;
    int hdr_retr, hdr_rtry;
    double window;
    double duration_req, target_bps;
    int streams_req;
    long pending_report;  /* iperf2 "Server Report:" for this id */
} ip_ctx;

/* A fresh context: nothing known yet (-1), no Server Report pending. */
static void ctx_reset(ip_ctx *cx)
{
    memset(cx, 0, sizeof *cx);
    cx->window = -1;
    cx->duration_req = -1;
    cx->pending_report = -100;
}

static void run_init(ip_run *r, int v3)
{
    memset(r, 0, sizeof *r);
    r->v3 = v3;
    r->duration_req = -1;
    r->window = -1;
}

static void run_free(ip_run *r)
{
    free(r->ents);
    free(r->obs);
    r->ents = NULL;
    r->obs = NULL;
}

static long ent_get(ip_run *r, int flow, long id)
{
    for (size_t i = 0; i < r->nents; i++)
        if (r->ents[i].flow == flow && r->ents[i].id == id)
            return (long)i;
    if (r->nents == r->cap_ents) {
        size_t cap = r->cap_ents ? r->cap_ents * 2 : 8;
        if (cap > 4096)
            return -1;
        ip_ent *n = realloc(r->ents, cap * sizeof *n);
        if (!n)
            return -1;
        r->ents = n;
        r->cap_ents = cap;
    }
    ip_ent *e = &r->ents[r->nents];
    memset(e, 0, sizeof *e);
    e->flow = flow;
    e->id = id;
    return (long)r->nents++;
}

static ip_obs *obs_new(ip_run *r)
{
    if (r->nobs == r->cap_obs) {
        size_t cap = r->cap_obs ? r->cap_obs * 2 : 32;
        if (cap > ((size_t)1 << 22))
            return NULL;
        ip_obs *n = realloc(r->obs, cap * sizeof *n);
        if (!n)
            return NULL;
        r->obs = n;
        r->cap_obs = cap;
    }
    ip_obs *o = &r->obs[r->nobs++];
    memset(o, 0, sizeof *o);
    return o;
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

static int emit_ent(const ip_ent *e, const bdb_sample *base, bdb_sink *out)
{
    int rc = 0;
    if (e->have[SIDE_RCV]) {
        rc = add(out, base, "throughput", e->bps[SIDE_RCV], BDB_UNIT_BITS_PER_S,
                 BDB_HIGHER_IS_BETTER, e->line[SIDE_RCV]);
        if (!rc && e->have[SIDE_SND])
            rc = add(out, base, "throughput_sender", e->bps[SIDE_SND],
                     BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER,
                     e->line[SIDE_SND]);
    } else if (e->have[SIDE_SND]) {
        rc = add(out, base, "throughput", e->bps[SIDE_SND], BDB_UNIT_BITS_PER_S,
                 BDB_HIGHER_IS_BETTER, e->line[SIDE_SND]);
    }
    if (!rc && e->have_retr)
        rc = add(out, base, "retransmits", e->retr, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, e->retr_line);
    if (!rc && e->have_jitter)
        rc = add(out, base, "jitter", e->jitter_ms / 1000.0, BDB_UNIT_SECONDS,
                 BDB_LOWER_IS_BETTER, e->lt_line);
    if (!rc && e->have_lt) {
        rc = add(out, base, "loss", e->pct, BDB_UNIT_PERCENT,
                 BDB_LOWER_IS_BETTER, e->lt_line);
        if (!rc)
            rc = add(out, base, "lost_datagrams", e->lost, BDB_UNIT_COUNT,
                     BDB_LOWER_IS_BETTER, e->lt_line);
        if (!rc)
            rc = add(out, base, "datagrams", e->total, BDB_UNIT_COUNT,
                     BDB_NEUTRAL, e->lt_line);
    }
    if (!rc && e->have_ooo)
        rc = add(out, base, "out_of_order", e->ooo, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, e->ooo_line);
    return rc;
}

static void fmt_num(char *dst, size_t n, double v)
{
    snprintf(dst, n, "%.10g", v);
}

/* Interval statistics of entity ei: min and max over the interval lines. */
static int emit_intervals(const ip_run *r, size_t ei, const bdb_sample *base,
                          bdb_sink *out)
{
    double longest = 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        if (o->ent == ei && o->final == -1 && !o->omitted &&
            o->end - o->start > longest)
            longest = o->end - o->start;
    }
    if (longest <= 0)
        return 0;
    int n = 0, lmin = 0, lmax = 0;
    double vmin = 0, vmax = 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        if (o->ent != ei || o->final != -1 || o->omitted ||
            o->end - o->start < longest / 2)
            continue;
        if (!n || o->bps < vmin) {
            vmin = o->bps;
            lmin = o->line;
        }
        if (!n || o->bps > vmax) {
            vmax = o->bps;
            lmax = o->line;
        }
        n++;
    }
    if (!n)
        return 0;
    int rc = add(out, base, "interval_throughput_min", vmin,
                 BDB_UNIT_BITS_PER_S, BDB_HIGHER_IS_BETTER, lmin);
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

/* Decides the final line of each entity, then emits the run's figures. */
static int run_emit(ip_run *r, bdb_sink *out, bdb_diag *diag)
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

    /* Finals. */
    for (size_t ei = 0; ei < r->nents; ei++) {
        ip_ent *e = &r->ents[ei];
        int any_obs = 0;
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
                if (fabs(o->start) < 1e-9) {
                    last_final = last;
                } else {
                    char idt[32];
                    if (e->id == ID_SUM)
                        snprintf(idt, sizeof idt, "SUM");
                    else
                        snprintf(idt, sizeof idt, "%ld", e->id);
                    return bdb_diag_set(
                        diag, BDB_EPARSE, o->line,
                        "iperf stream [%s] has interval lines but no final "
                        "0.0-N line (truncated log?); no figure is invented",
                        idt);
                }
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
            r->nfinal++;
            if (f->have_retr && (!e->have_retr || side == SIDE_SND)) {
                e->have_retr = 1;
                e->retr = f->retr;
                e->retr_line = f->line;
            }
            /* UDP loss comes from the receiver; CSV rows have no side */
            if (f->have_lt && (side == SIDE_RCV || r->csv)) {
                e->have_lt = 1;
                e->have_jitter = f->have_jitter;
                e->jitter_ms = f->jitter_ms;
                e->lost = f->lost;
                e->total = f->total;
                e->pct = f->pct;
                e->lt_line = f->line;
            }
        }
        if (any_obs && !e->have[0] && !e->have[1])
            for (size_t i = 0; i < r->nobs; i++)
                if (r->obs[i].ent == ei)
                    return bdb_diag_set(
                        diag, BDB_EPARSE, r->obs[i].line,
                        "%s run has interval lines but no %s (truncated "
                        "log?); no final figure is invented",
                        r->v3 ? "iperf3" : "iperf",
                        r->v3 ? "sender/receiver summary" : "final 0.0-N line");
    }
    int flows_present[3] = {0, 0, 0};
    for (size_t ei = 0; ei < r->nents; ei++) {
        const ip_ent *e = &r->ents[ei];
        if ((e->have[0] || e->have[1]) && e->flow >= 0 && e->flow < 3)
            flows_present[e->flow] = 1;
    }
    int bidir = r->bidir || (flows_present[FLOW_C2S] && flows_present[FLOW_S2C]);
    int emitted = 0;
    bdb_sample cpu_base;
    int have_cpu_base = 0;
    for (int flow = 0; flow < 3; flow++) {
        if (!flows_present[flow])
            continue;
        long ids[1024];
        size_t nids = 0;
        long top = -1, sum = -1;
        for (size_t ei = 0; ei < r->nents; ei++) {
            const ip_ent *e = &r->ents[ei];
            if (e->flow != flow || (!e->have[0] && !e->have[1]))
                continue;
            if (e->id == ID_SUM)
                sum = (long)ei;
            else if (nids < sizeof ids / sizeof ids[0])
                ids[nids++] = e->id;
        }
        qsort(ids, nids, sizeof ids[0], cmp_long);
        if (sum >= 0)
            top = sum;
        else if (nids == 1)
            top = ent_get(r, flow, ids[0]);
        int udp = r->udp;
        bdb_sample base;
        bdb_sample_init(&base, udp ? "udp" : "tcp");
        bdb_params_set(&base.params, "protocol", "%s", udp ? "udp" : "tcp");
        if (flow == FLOW_C2S)
            bdb_params_set(&base.params, "direction", "client_to_server");
        else if (flow == FLOW_S2C)
            bdb_params_set(&base.params, "direction", "server_to_client");
        if (bidir)
            bdb_params_set(&base.params, "bidir", "1");
        int streams = r->streams_req > 0 ? r->streams_req : (int)nids;
        if (streams > 0)
            bdb_params_set(&base.params, "streams", "%d", streams);
        char num[64];
        double dur = r->duration_req;
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
        if (dur > 0) {
            fmt_num(num, sizeof num, dur);
            bdb_params_set(&base.params, "duration", "%s", num);
        }
        if (r->window > 0)
            bdb_params_set(&base.params, "window", "%.0f", r->window);
        if (r->target_bps > 0)
            bdb_params_set(&base.params, "target_bandwidth", "%.0f",
                           r->target_bps);
        if (!have_cpu_base) {
            cpu_base = base;
            if (bidir)
                bdb_params_del(&cpu_base.params, "direction");
            have_cpu_base = 1;
        }
        if (top >= 0) {
            rc = emit_ent(&r->ents[top], &base, out);
            if (!rc)
                rc = emit_intervals(r, (size_t)top, &base, out);
            if (rc)
                return rc;
            emitted = 1;
        } else if (nids > 1) {
            int line = 0;
            for (size_t ei = 0; ei < r->nents && !line; ei++)
                if (r->ents[ei].flow == flow && r->ents[ei].have[0])
                    line = r->ents[ei].line[0];
            bdb_sink_warn(out, line,
                          "%zu streams but no [SUM] line: only per-stream "
                          "throughput is recorded",
                          nids);
        }
        if (nids > 1) {
            for (size_t k = 0; k < nids; k++) {
                bdb_sample sb = base;
                bdb_params_set(&sb.params, "stream", "%zu", k + 1);
                rc = emit_ent(&r->ents[ent_get(r, flow, ids[k])], &sb, out);
                if (rc)
                    return rc;
                emitted = 1;
            }
        }
    }
    if (emitted && r->have_cpu && have_cpu_base) {
        bdb_params_del(&cpu_base.params, "stream");
        rc = add(out, &cpu_base, "cpu_utilization_local", r->cpu_local,
                 BDB_UNIT_PERCENT, BDB_LOWER_IS_BETTER, r->cpu_line);
        if (!rc)
            rc = add(out, &cpu_base, "cpu_utilization_remote", r->cpu_remote,
                     BDB_UNIT_PERCENT, BDB_LOWER_IS_BETTER, r->cpu_line);
        if (rc)
            return rc;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Text lines                                                          */

/* "[  3]", "[SUM]", "[SUM-2]", "[ *1]", "[ ID]", "[ CT]", "[904]". */
enum { BR_NONE, BR_NUM, BR_SUM, BR_HDR, BR_OTHER };

typedef struct ip_br {
    int kind;
    long id;
    int star;
    int role;   /* -1 none, else FLOW_* of an iperf3 [TX-C]-style role */
} ip_br;

static int parse_bracket(const char **pp, const char *end, ip_br *b)
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

/* "0.0- 1.0 sec": returns 1 and advances past "sec". */
static int parse_interval(const char **pp, const char *end, double *a,
                          double *b)
{
    const char *p = *pp;
    if (!bdb_scan_number(&p, end, a, 0) || *a < 0)
        return 0;
    p = bdb_skip_ws(p, end);
    if (p >= end || *p != '-')
        return 0;
    p++;
    if (!bdb_scan_number(&p, end, b, 0) || *b < 0)
        return 0;
    if (!bdb_scan_lit(&p, end, "sec", 1))
        return 0;
    *pp = p;
    return 1;
}

/* A rate unit such as "Mbits/sec" or "KBytes/sec" in bit/s per unit. */
static int rate_unit(const char *w, const char *we, double *mult)
{
    if (we - w < 4 || !bdb_span_eq(we - 4, we, "/sec"))
        return 0;
    we -= 4;
    double m = 1;
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
    if (bdb_span_eq(w, we, "bits") || bdb_span_eq(w, we, "bit")) {
        for (int i = 0; i < k; i++)
            m *= 1000.0;
    } else if (bdb_span_eq(w, we, "Bytes") || bdb_span_eq(w, we, "Byte")) {
        for (int i = 0; i < k; i++)
            m *= 1024.0;
        m *= 8;
    } else {
        return 0;
    }
    *mult = m;
    return 1;
}

/* A size unit such as "MBytes", "KByte", "Mbits" (transfer column). */
static int size_unit_ok(const char *w, const char *we)
{
    if (w < we && strchr("KkMmGgTtPp", *w))
        w++;
    return bdb_span_eq(w, we, "Bytes") || bdb_span_eq(w, we, "Byte") ||
           bdb_span_eq(w, we, "bits") || bdb_span_eq(w, we, "bit");
}

/* "lost/ total (pct%)" at *pp. */
static int parse_lost_total(const char **pp, const char *end, ip_obs *o)
{
    const char *p = *pp;
    long long lost, total;
    double pct;
    if (!bdb_scan_int(&p, end, &lost) || lost < 0)
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

/* Reads the columns after the rate. Sets *label to SIDE_SND / SIDE_RCV for
 * iperf3 summary lines, -1 otherwise. */
static void parse_rest(const char *p, const char *end, const ip_ctx *cx,
                       int v3, ip_obs *o, int *label)
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
        if (parse_lost_total(&r, z, o)) {
            o->have_jitter = 1;
            o->jitter_ms = j;
            return;
        }
    }
    q = p;
    if (parse_lost_total(&q, z, o))
        return;
    long long a, b;
    if (v3) {
        /* "Retr" column: first integer of TCP lines */
        q = p;
        if (cx->hdr_retr && bdb_scan_int(&q, z, &a) && a >= 0 &&
            (q == z || *q == ' ' || *q == '\t')) {
            o->have_retr = 1;
            o->retr = (double)a;
        }
        return;
    }
    /* iperf2 -e: "Write/Err Rtry ..." */
    q = p;
    if (cx->hdr_rtry && bdb_scan_int(&q, z, &a) && q < z && *q == '/') {
        q++;
        if (bdb_scan_int(&q, z, &b) && bdb_scan_int(&q, z, &a) && a >= 0 &&
            (q == z || *q == ' ' || *q == '\t')) {
            o->have_retr = 1;
            o->retr = (double)a;
        }
    }
}

typedef struct ip_data {
    ip_br br;
    double start, end, bps;
    int ooo;        /* "N datagrams received out-of-order" */
    double ooo_n;
} ip_data;

/* 1: a data line parsed; 0: not a data line; <0: a data line that does not
 * parse (diag set). */
static int parse_data(const char *p, const char *end, int lineno, ip_data *d,
                      const char **rest, bdb_diag *diag)
{
    memset(d, 0, sizeof *d);
    if (!parse_bracket(&p, end, &d->br))
        return 0;
    if (d->br.kind != BR_NUM && d->br.kind != BR_SUM)
        return 0;
    if (!parse_interval(&p, end, &d->start, &d->end))
        return 0;
    double x, m;
    if (!bdb_scan_number(&p, end, &x, 0))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected the transfer after the iperf interval");
    const char *w;
    size_t wl = bdb_scan_word(&p, end, &w);
    if (wl && bdb_span_eq(w, w + wl, "datagrams") &&
        bdb_scan_lit(&p, end, "received out-of-order", 1)) {
        d->ooo = 1;
        d->ooo_n = x;
        *rest = p;
        return 1;
    }
    if (!wl || !size_unit_ok(w, w + wl))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected a size unit (KBytes, MBytes...) after "
                            "the iperf transfer");
    if (!bdb_scan_number(&p, end, &x, 0))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected the bandwidth after the iperf transfer");
    wl = bdb_scan_word(&p, end, &w);
    if (!wl || !rate_unit(w, w + wl, &m))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected a rate unit (Mbits/sec...) after the "
                            "iperf bandwidth");
    d->bps = x * m;
    *rest = p;
    return 1;
}

/* "... port 5001 ..." after "port". */
static int port_after(const char *p, const char *end, const char *lit,
                      long *port)
{
    const char *at = bdb_find(p, end, lit);
    if (!at)
        return 0;
    const char *q = at + strlen(lit);
    long long v;
    if (!bdb_scan_int(&q, end, &v))
        return 0;
    *port = (long)v;
    return 1;
}

/* "16.0 KByte" -> bytes (1024-based). */
static int parse_size(const char **pp, const char *end, double *bytes)
{
    const char *p = *pp;
    double v;
    if (!bdb_scan_number(&p, end, &v, 0))
        return 0;
    const char *w;
    size_t wl = bdb_scan_word(&p, end, &w);
    if (!wl)
        return 0;
    double m = 1;
    const char *u = w, *ue = w + wl;
    while (ue > u && (ue[-1] == ')' || ue[-1] == ','))
        ue--;
    switch (*u) {
    case 'K': m = 1024.0; u++; break;
    case 'M': m = 1048576.0; u++; break;
    case 'G': m = 1073741824.0; u++; break;
    default: break;
    }
    if (!bdb_span_eq(u, ue, "Byte") && !bdb_span_eq(u, ue, "Bytes"))
        return 0;
    *bytes = v * m;
    *pp = p;
    return 1;
}

static int has_data(const ip_run *r)
{
    return r->nobs > 0 || r->nents > 0;
}

static void new_run(ip_run *r, const ip_ctx *cx, int line)
{
    int v3 = r->v3;
    run_free(r);
    run_init(r, v3);
    r->start_line = line;
    r->window = cx->window;
    r->duration_req = cx->duration_req;
    r->target_bps = cx->target_bps;
    r->streams_req = cx->streams_req;
    r->udp = cx->udp_hint;
}

static int finish_run(ip_run *r, const ip_ctx *cx, bdb_sink *out,
                      bdb_diag *diag, int line, int *nruns)
{
    int rc = 0;
    if (has_data(r)) {
        rc = run_emit(r, out, diag);
        (*nruns)++;
    }
    new_run(r, cx, line);
    return rc;
}

static ip_conn *conn_find(ip_run *r, long id)
{
    for (int i = 0; i < r->nconn; i++)
        if (r->conn[i].id == id)
            return &r->conn[i];
    return NULL;
}

static int add_obs(ip_run *r, int flow, long id, int side, int final,
                   const ip_data *d, int line, ip_obs **out)
{
    long ei = ent_get(r, flow, id);
    if (ei < 0)
        return BDB_ENOMEM;
    ip_obs *o = obs_new(r);
    if (!o)
        return BDB_ENOMEM;
    o->ent = (size_t)ei;
    o->side = side;
    o->final = final;
    o->start = d->start;
    o->end = d->end;
    o->bps = d->bps;
    o->line = line;
    if (!r->first_data_line)
        r->first_data_line = line;
    *out = o;
    return 0;
}

/* The per-line details (omitted, loss, jitter, retransmits) a text line
 * carries besides its rate, copied onto the observation it became. */
static void copy_line_details(ip_obs *o, const ip_obs *from)
{
    o->omitted = from->omitted;
    o->have_lt = from->have_lt;
    o->have_jitter = from->have_jitter;
    o->jitter_ms = from->jitter_ms;
    o->lost = from->lost;
    o->total = from->total;
    o->pct = from->pct;
    o->have_retr = from->have_retr;
    o->retr = from->retr;
}

/* ---------------- iperf2 text ---------------- */

static int iperf2_text(const char *buf, size_t len, bdb_sink *out,
                       bdb_diag *diag)
{
    ip_ctx cx;
    ctx_reset(&cx);
    ip_run r;
    run_init(&r, 0);
    int nruns = 0, rc = 0;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (bdb_starts_with(p, e, "Client connecting to") ||
            bdb_starts_with(p, e, "Server listening on")) {
            int client = p[0] == 'C';
            if (has_data(&r)) {
                ctx_reset(&cx);
                rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
                if (rc)
                    break;
            }
            if (client)
                cx.client_log = 1;
            else
                cx.server_log = 1;
            long port;
            if (bdb_contains(p, e, "UDP port"))
                cx.udp_hint = r.udp = 1;
            if (!client && port_after(p, e, " port ", &port))
                cx.listen_port = (int)port;
            continue;
        }
        if (bdb_starts_with(p, e, "TCP window size:")) {
            const char *q = p + strlen("TCP window size:");
            double w;
            const char *req = bdb_find(q, e, "requested");
            if (req) {
                q = req + strlen("requested");
                if (parse_size(&q, e, &w))
                    cx.window = r.window = w;
            } else if (!bdb_contains(q, e, "(default)") && parse_size(&q, e, &w)) {
                cx.window = r.window = w;
            }
            continue;
        }
        if (bdb_contains(p, e, "connect failed") && !has_data(&r)) {
            char t[160];
            bdb_copy(t, sizeof t, p, e);
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no, "iperf failed: %s", t);
            break;
        }
        if (bdb_starts_with(p, e, "iperf version ")) {
            bdb_sink_set_version(out, p + strlen("iperf version "), e);
            continue;
        }
        if (*p != '[')
            continue;
        const char *q = p;
        ip_br br;
        if (!parse_bracket(&q, e, &br))
            continue;
        if (br.kind == BR_HDR) {
            cx.hdr_rtry = bdb_contains(q, e, "Rtry");
            if (bdb_contains(q, e, "Jitter") || bdb_contains(q, e, "PPS"))
                cx.udp_hint = r.udp = 1;
            continue;
        }
        if (br.kind == BR_OTHER)
            continue;
        const char *b = bdb_skip_ws(q, e);
        if (bdb_starts_with(b, e, "local ") && bdb_contains(b, e, "connected")) {
            if (has_data(&r)) {
                rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
                if (rc)
                    break;
            }
            long lport = -1;
            port_after(b, e, " port ", &lport);
            if (r.nconn < IP_MAX_CONN && br.kind == BR_NUM) {
                ip_conn *c = &r.conn[r.nconn++];
                c->id = br.id;
                c->recv = (cx.listen_port > 0 && lport == cx.listen_port) ||
                          (cx.server_log && !cx.client_log) ||
                          bdb_contains(b, e, "(reverse)") || br.star;
            }
            continue;
        }
        if (bdb_starts_with(b, e, "Server Report:")) {
            cx.pending_report = br.id;
            continue;
        }
        if (bdb_starts_with(b, e, "WARNING:")) {
            char t[160];
            bdb_copy(t, sizeof t, b, e);
            bdb_sink_warn(out, ln.no, "%s", t);
            continue;
        }
        ip_data d;
        const char *rest = NULL;
        int k = parse_data(p, e, ln.no, &d, &rest, diag);
        if (k < 0) {
            rc = k;
            break;
        }
        if (k == 0)
            continue;
        if (d.ooo) {
            /* belongs to the receiver's final of that stream */
            for (size_t i = r.nents; i-- > 0;) {
                ip_ent *en = &r.ents[i];
                if (en->id == d.br.id) {
                    en->have_ooo = 1;
                    en->ooo = d.ooo_n;
                    en->ooo_line = ln.no;
                    break;
                }
            }
            continue;
        }
        ip_obs o0;
        memset(&o0, 0, sizeof o0);
        int label;
        parse_rest(rest, e, &cx, 0, &o0, &label);
        if (o0.have_lt)
            r.udp = 1;
        int recv, final = 0, flow;
        if (cx.pending_report == d.br.id) {
            cx.pending_report = -100;
            recv = 1;
            final = 1;
            flow = FLOW_C2S;
        } else {
            ip_conn *c = d.br.kind == BR_NUM ? conn_find(&r, d.br.id) : NULL;
            if (c) {
                recv = c->recv || d.br.star;
            } else if (d.br.kind == BR_SUM && r.nconn > 0) {
                recv = 1;
                for (int i = 0; i < r.nconn; i++)
                    recv &= r.conn[i].recv;
            } else {
                recv = d.br.star || (cx.server_log && !cx.client_log) ||
                       o0.have_jitter;
            }
            flow = recv && cx.client_log ? FLOW_S2C : FLOW_C2S;
        }
        ip_obs *o;
        rc = add_obs(&r, flow, d.br.id, recv ? SIDE_RCV : SIDE_SND, final, &d,
                     ln.no, &o);
        if (rc)
            break;
        copy_line_details(o, &o0);
    }
    if (!rc)
        rc = finish_run(&r, &cx, out, diag, 0, &nruns);
    run_free(&r);
    if (!rc && out->n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0,
                          "no iperf result line (expected '[ ID] Interval "
                          "Transfer Bandwidth' rows)");
    return rc;
}

/* ---------------- iperf2 -y C ---------------- */

typedef struct csv_row {
    char f[16][64];
    int n;
    int overflow;
} csv_row;

static void csv_cb_field(void *s, size_t len, void *ctx)
{
    csv_row *row = ctx;
    if (row->n >= 16) {
        row->overflow = 1;
        return;
    }
    size_t n = len < 63 ? len : 63;
    memcpy(row->f[row->n], s, n);
    row->f[row->n][n] = '\0';
    row->n++;
}

static void csv_cb_record(int c, void *ctx)
{
    (void)c;
    (void)ctx;
}

static int is_csv_stamp(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    if (n != 14)
        return 0;
    if (s[n] == '.') {
        n++;
        while (s[n] >= '0' && s[n] <= '9')
            n++;
    }
    return s[n] == '\0';
}

static int csv_split(const char *p, const char *e, csv_row *row)
{
    memset(row, 0, sizeof *row);
    struct csv_parser cp;
    if (csv_init(&cp, CSV_APPEND_NULL) != 0)
        return -1;
    size_t n = (size_t)(e - p);
    int ok = csv_parse(&cp, p, n, csv_cb_field, csv_cb_record, row) == n;
    csv_fini(&cp, csv_cb_field, csv_cb_record, row);
    csv_free(&cp);
    return ok ? 0 : -1;
}

/* A row of iperf2's CSV: 14-digit timestamp and an "a-b" interval. */
static int csv_looks_iperf(const char *p, const char *e, csv_row *row)
{
    if (e - p < 20 || !(*p >= '0' && *p <= '9'))
        return 0;
    if (csv_split(p, e, row) != 0 || row->n < 9)
        return 0;
    if (!is_csv_stamp(row->f[0]))
        return 0;
    return strchr(row->f[6], '-') != NULL;
}

static int num_field(const char *s, double *v)
{
    const char *p = s, *e = s + strlen(s);
    return bdb_scan_number(&p, e, v, 0) && p == e;
}

/* The out-of-order count of a UDP row rides in obs.retr until the final
 * row of each id is known (the last row, starting at 0). */
static int csv_finish(ip_run *r, const ip_ctx *cx, bdb_sink *out,
                      bdb_diag *diag, int line, int *nruns)
{
    for (size_t ei = 0; ei < r->nents; ei++) {
        long last = -1;
        for (size_t i = 0; i < r->nobs; i++)
            if (r->obs[i].ent == ei)
                last = (long)i;
        if (last >= 0 && r->obs[last].have_lt &&
            fabs(r->obs[last].start) < 1e-9) {
            r->ents[ei].have_ooo = 1;
            r->ents[ei].ooo = r->obs[last].retr;
            r->ents[ei].ooo_line = r->obs[last].line;
        }
    }
    int rc = finish_run(r, cx, out, diag, line, nruns);
    r->csv = 1;
    return rc;
}

static int iperf2_csv(const char *buf, size_t len, bdb_sink *out,
                      bdb_diag *diag)
{
    ip_ctx cx;
    ctx_reset(&cx);
    ip_run r;
    run_init(&r, 0);
    r.csv = 1;
    int nruns = 0, rc = 0;
    /* per id: did its last row start at 0 */
    long last_id[256];
    int last_zero[256];
    int nlast = 0;
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (!csv_looks_iperf(p, e, &row))
            continue;
        if (row.n != 9 && row.n != 14) {
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "iperf CSV row has %d fields (expected 9 for "
                              "TCP or 14 for UDP)",
                              row.n);
            break;
        }
        ip_data d;
        memset(&d, 0, sizeof d);
        double id, bytes, bps;
        const char *iv = row.f[6], *ive = iv + strlen(iv);
        const char *dash = memchr(iv, '-', (size_t)(ive - iv));
        char a[32], b[32];
        bdb_copy(a, sizeof a, iv, dash);
        bdb_copy(b, sizeof b, dash + 1, ive);
        if (!num_field(row.f[5], &id) || !num_field(a, &d.start) ||
            !num_field(b, &d.end) || !num_field(row.f[7], &bytes) ||
            !num_field(row.f[8], &bps) || bps < 0) {
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "iperf CSV row: expected numbers in the id, "
                              "interval, bytes and bits_per_second fields");
            break;
        }
        d.bps = bps;
        long sid = id < 0 ? ID_SUM : (long)id;
        int zero = fabs(d.start) < 1e-9;
        int slot = -1;
        for (int i = 0; i < nlast; i++)
            if (last_id[i] == sid)
                slot = i;
        if (slot >= 0 && zero && last_zero[slot]) {
            rc = csv_finish(&r, &cx, out, diag, ln.no, &nruns);
            r.csv = 1;
            nlast = 0;
            slot = -1;
            if (rc)
                break;
        }
        if (slot < 0 && nlast < 256) {
            slot = nlast++;
            last_id[slot] = sid;
        }
        if (slot >= 0)
            last_zero[slot] = zero;
        ip_obs *o;
        rc = add_obs(&r, FLOW_NONE, sid, SIDE_SND, 0, &d, ln.no, &o);
        if (rc)
            break;
        if (row.n == 14) {
            r.udp = 1;
            double j, lost, total, pct, ooo;
            if (!num_field(row.f[9], &j) || !num_field(row.f[10], &lost) ||
                !num_field(row.f[11], &total) || !num_field(row.f[12], &pct) ||
                !num_field(row.f[13], &ooo)) {
                rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                  "iperf CSV row: expected numbers in the "
                                  "jitter, lost, total, %% and out-of-order "
                                  "fields");
                break;
            }
            /* a client's own rows have no receiver data: total -1 */
            if (total >= 0) {
                o->have_lt = o->have_jitter = 1;
                o->jitter_ms = j;
                o->lost = lost;
                o->total = total;
                o->pct = pct;
                o->have_retr = 0;
                o->retr = ooo;  /* out-of-order, copied at the end */
                o->omitted = 0;
            }
        }
    }
    if (!rc)
        rc = csv_finish(&r, &cx, out, diag, 0, &nruns);
    run_free(&r);
    if (!rc && out->n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0, "no iperf CSV row");
    return rc;
}

/* ---------------- iperf3 text ---------------- */

static void v3_starting_test(const char *p, const char *e, ip_ctx *cx,
                             ip_run *r)
{
    /* "Starting Test: protocol: TCP, 2 streams, 131072 byte blocks,
     *  omitting 0 seconds, 2 second test, tos 0" */
    const char *q = bdb_find(p, e, "protocol:");
    if (q) {
        q = bdb_skip_ws(q + strlen("protocol:"), e);
        if (bdb_starts_with(q, e, "UDP"))
            cx->udp_hint = r->udp = 1;
    }
    const char *s = bdb_find(p, e, " streams,");
    if (s) {
        const char *c = s;
        while (c > p && c[-1] >= '0' && c[-1] <= '9')
            c--;
        long long v;
        if (c < s && bdb_scan_int(&c, s, &v) && v > 0)
            cx->streams_req = r->streams_req = (int)v;
    }
    s = bdb_find(p, e, " second test");
    if (s) {
        const char *c = s;
        while (c > p && ((c[-1] >= '0' && c[-1] <= '9') || c[-1] == '.'))
            c--;
        double v;
        if (c < s && bdb_scan_number(&c, s, &v, 0) && v > 0)
            cx->duration_req = r->duration_req = v;
    }
}

static int v3_cpu(const char *p, const char *e, ip_run *r, int line)
{
    if (r->have_cpu)
        return 1;
    const char *l = bdb_find(p, e, "local/");
    const char *m = bdb_find(p, e, "remote/");
    if (!l || !m)
        return 0;
    double a, b;
    const char *q = l;
    while (q < e && *q != ' ')
        q++;
    if (!bdb_scan_number(&q, e, &a, 0) || !bdb_scan_lit(&q, e, "%", 0))
        return 0;
    q = m;
    while (q < e && *q != ' ')
        q++;
    if (!bdb_scan_number(&q, e, &b, 0) || !bdb_scan_lit(&q, e, "%", 0))
        return 0;
    r->have_cpu = 1;
    r->cpu_local = a;
    r->cpu_remote = b;
    r->cpu_line = line;
    return 1;
}

static int iperf3_text(const char *buf, size_t len, bdb_sink *out,
                       bdb_diag *diag)
{
    ip_ctx cx;
    ctx_reset(&cx);
    ip_run r;
    run_init(&r, 1);
    int nruns = 0, rc = 0;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (bdb_starts_with(p, e, "Connecting to host") ||
            bdb_starts_with(p, e, "Server listening on") ||
            bdb_starts_with(p, e, "Accepted connection from") ||
            (bdb_starts_with(p, e, "iperf 3") && !bdb_contains(p, e, "sec"))) {
            int server = p[0] == 'S' || p[0] == 'A';
            if (has_data(&r)) {
                ctx_reset(&cx);
                rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
                if (rc)
                    break;
            }
            if (bdb_starts_with(p, e, "iperf 3"))
                bdb_sink_set_version(out, p, e);
            else if (server)
                cx.server_log = 1;
            else
                cx.client_log = 1;
            continue;
        }
        if (bdb_starts_with(p, e, "iperf3: error") ||
            bdb_starts_with(p, e, "iperf3: interrupt")) {
            char t[200];
            bdb_copy(t, sizeof t, p, e);
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "iperf3 stopped: %s", t);
            break;
        }
        if (bdb_starts_with(p, e, "Reverse mode")) {
            cx.reverse = 1;
            continue;
        }
        if (bdb_starts_with(p, e, "Starting Test:")) {
            v3_starting_test(p, e, &cx, &r);
            continue;
        }
        if (bdb_starts_with(p, e, "Target Bitrate:")) {
            const char *q = p + strlen("Target Bitrate:");
            double v;
            if (bdb_scan_number(&q, e, &v, 0))
                cx.target_bps = r.target_bps = v;
            continue;
        }
        if (bdb_starts_with(p, e, "CPU Utilization:")) {
            if (!v3_cpu(p, e, &r, ln.no)) {
                rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                  "expected 'CPU Utilization: local/... X%%, "
                                  "remote/... Y%%'");
                break;
            }
            continue;
        }
        if (bdb_starts_with(p, e, "iperf Done.")) {
            ctx_reset(&cx);
            rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
            continue;
        }
        if (*p != '[')
            continue;
        const char *q = p;
        ip_br br;
        if (!parse_bracket(&q, e, &br))
            continue;
        if (br.kind == BR_HDR) {
            cx.hdr_retr = bdb_contains(q, e, " Retr");
            if (bdb_contains(q, e, "Jitter") || bdb_contains(q, e, "Datagrams"))
                cx.udp_hint = r.udp = 1;
            if (br.role == -2)
                r.bidir = 1;
            continue;
        }
        if (br.kind == BR_OTHER)
            continue;
        const char *b = bdb_skip_ws(q, e);
        if (bdb_starts_with(b, e, "local ") && bdb_contains(b, e, "connected")) {
            if (has_data(&r)) {
                rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
                if (rc)
                    break;
            }
            continue;
        }
        ip_data d;
        const char *rest = NULL;
        int k = parse_data(p, e, ln.no, &d, &rest, diag);
        if (k < 0) {
            rc = k;
            break;
        }
        if (k == 0 || d.ooo)
            continue;
        ip_obs o0;
        memset(&o0, 0, sizeof o0);
        int label;
        parse_rest(rest, e, &cx, 1, &o0, &label);
        if (o0.have_lt)
            r.udp = 1;
        if (label < 0 && r.nfinal > 0) {
            /* an interval after a summary: the next run (trimmed logs) */
            rc = finish_run(&r, &cx, out, diag, ln.no, &nruns);
            if (rc)
                break;
        }
        int flow;
        if (d.br.role >= 0) {
            flow = d.br.role;
            r.bidir = 1;
        } else if (cx.server_log && !cx.client_log) {
            flow = FLOW_PENDING;
        } else {
            flow = cx.reverse ? FLOW_S2C : FLOW_C2S;
        }
        ip_obs *o;
        rc = add_obs(&r, flow, d.br.id, label >= 0 ? label : SIDE_SND,
                     label >= 0 ? 1 : -1, &d, ln.no, &o);
        if (rc)
            break;
        if (label >= 0)
            r.nfinal++;
        copy_line_details(o, &o0);
    }
    if (!rc)
        rc = finish_run(&r, &cx, out, diag, 0, &nruns);
    run_free(&r);
    if (!rc && out->n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0,
                          "no iperf3 result (expected sender/receiver "
                          "summary lines)");
    return rc;
}

/* ---------------- iperf3 -J ---------------- */

static int line_at(const char *buf, size_t off)
{
    int n = 1;
    for (size_t i = 0; i < off; i++)
        if (buf[i] == '\n')
            n++;
    return n;
}

/* Offset of "key": after from within [0, lim), or lim. */
static size_t key_at(const char *buf, size_t from, size_t lim, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    if (from >= lim)
        return lim;
    const char *f = bdb_find(buf + from, buf + lim, pat);
    return f ? (size_t)(f - buf) : lim;
}

static int jnum(json_t *o, const char *k, double *v)
{
    json_t *x = json_object_get(o, k);
    if (!json_is_number(x))
        return 0;
    *v = json_number_value(x);
    return 1;
}

static int jflow(json_t *o, int dflt)
{
    json_t *s = json_object_get(o, "sender");
    if (json_is_boolean(s))
        return json_is_true(s) ? FLOW_C2S : FLOW_S2C;
    return dflt;
}

static int j_final(ip_run *r, json_t *o, long id, int side, int flow,
                   int line, int udp_stats)
{
    if (!json_is_object(o))
        return 0;
    double bps, v;
    if (!jnum(o, "bits_per_second", &bps))
        return 0;
    long ei = ent_get(r, flow, id);
    if (ei < 0)
        return BDB_ENOMEM;
    ip_ent *e = &r->ents[ei];
    e->have[side] = 1;
    e->bps[side] = bps;
    e->end[side] = jnum(o, "end", &v) ? v : 0;
    e->line[side] = line;
    if (jnum(o, "retransmits", &v)) {
        e->have_retr = 1;
        e->retr = v;
        e->retr_line = line;
    }
    if (udp_stats) {
        double j, lost, total, pct;
        if (jnum(o, "lost_packets", &lost) && jnum(o, "packets", &total) &&
            jnum(o, "lost_percent", &pct)) {
            e->have_lt = 1;
            e->lost = lost;
            e->total = total;
            e->pct = pct;
            e->lt_line = line;
            if (jnum(o, "jitter_ms", &j)) {
                e->have_jitter = 1;
                e->jitter_ms = j;
            }
        }
        if (jnum(o, "out_of_order", &v)) {
            e->have_ooo = 1;
            e->ooo = v;
            e->ooo_line = line;
        }
    }
    r->nfinal++;
    return 0;
}

static int j_interval(ip_run *r, json_t *o, int flow, int line)
{
    double bps, st, en;
    if (!json_is_object(o) || !jnum(o, "bits_per_second", &bps) ||
        !jnum(o, "start", &st) || !jnum(o, "end", &en))
        return 0;
    long ei = ent_get(r, flow, ID_SUM);
    if (ei < 0)
        return BDB_ENOMEM;
    ip_obs *ob = obs_new(r);
    if (!ob)
        return BDB_ENOMEM;
    ob->ent = (size_t)ei;
    ob->final = -1;
    ob->start = st;
    ob->end = en;
    ob->bps = bps;
    ob->line = line;
    ob->omitted = json_is_true(json_object_get(o, "omitted"));
    return 0;
}

static int iperf3_json_one(json_t *root, const char *buf, size_t off,
                           size_t lim, bdb_sink *out, bdb_diag *diag)
{
    int base_line = line_at(buf, off);
    if (!json_is_object(root))
        return bdb_diag_set(diag, BDB_EPARSE, base_line,
                            "iperf3 JSON: expected an object");
    json_t *start = json_object_get(root, "start");
    json_t *end = json_object_get(root, "end");
    json_t *err = json_object_get(root, "error");
    ip_run r;
    run_init(&r, 1);
    int rc = 0;
    json_t *ver = json_object_get(start, "version");
    if (json_is_string(ver)) {
        const char *s = json_string_value(ver);
        bdb_sink_set_version(out, s, s + strlen(s));
    }
    json_t *ts = json_object_get(start, "test_start");
    double v;
    int reverse = 0;
    if (json_is_object(ts)) {
        json_t *proto = json_object_get(ts, "protocol");
        if (json_is_string(proto) && strcmp(json_string_value(proto), "UDP") == 0)
            r.udp = 1;
        if (jnum(ts, "num_streams", &v) && v > 0)
            r.streams_req = (int)v;
        if (jnum(ts, "duration", &v) && v > 0)
            r.duration_req = v;
        if (jnum(ts, "target_bitrate", &v) && v > 0)
            r.target_bps = v;
        if (jnum(ts, "reverse", &v) && v != 0)
            reverse = 1;
        if (jnum(ts, "bidir", &v) && v != 0)
            r.bidir = 1;
    }
    if (jnum(start, "sock_bufsize", &v) && v > 0)
        r.window = v;
    int dflt = reverse ? FLOW_S2C : FLOW_C2S;
    if (json_is_object(json_object_get(end, "sum_sent_bidir_reverse")) ||
        json_is_object(json_object_get(end, "sum_received_bidir_reverse")))
        r.bidir = 1;
    size_t end_off = lim;
    /* the top-level "end" is the last "end": { in the object */
    for (size_t o = key_at(buf, off, lim, "end"); o < lim;
         o = key_at(buf, o + 1, lim, "end")) {
        const char *q = buf + o + 5;
        q = bdb_skip_ws(q, buf + lim);
        while (q < buf + lim && (*q == ':' || *q == ' ' || *q == '\t' ||
                                 *q == '\n' || *q == '\r'))
            q++;
        if (q < buf + lim && *q == '{')
            end_off = o;
    }
    int end_line = line_at(buf, end_off < lim ? end_off : off);
    json_t *sent = json_object_get(end, "sum_sent");
    json_t *recv = json_object_get(end, "sum_received");
    json_t *usum = json_object_get(end, "sum");
    if (!json_is_object(end) || (!json_is_object(sent) && !json_is_object(recv) &&
                                 !json_is_object(usum))) {
        run_free(&r);
        if (json_is_string(err))
            return bdb_diag_set(diag, BDB_EPARSE, base_line,
                                "iperf3 reported an error: %.200s",
                                json_string_value(err));
        return bdb_diag_set(diag, BDB_EPARSE, end_line,
                            "iperf3 JSON has no end.sum_sent/sum_received "
                            "(interrupted run?); no final figure is invented");
    }
    int l_sent = line_at(buf, key_at(buf, end_off, lim, "sum_sent"));
    int l_recv = line_at(buf, key_at(buf, end_off, lim, "sum_received"));
    if (json_is_object(sent) || json_is_object(recv)) {
        rc = j_final(&r, sent, ID_SUM, SIDE_SND, dflt, l_sent, 0);
        if (!rc)
            rc = j_final(&r, recv, ID_SUM, SIDE_RCV, dflt, l_recv, r.udp);
    } else {
        /* old iperf3 UDP: one "sum" with the sender's rate and the
         * receiver's loss */
        rc = j_final(&r, usum, ID_SUM, SIDE_SND, dflt,
                     line_at(buf, key_at(buf, end_off, lim, "sum")), 1);
    }
    json_t *bs = json_object_get(end, "sum_sent_bidir_reverse");
    json_t *br = json_object_get(end, "sum_received_bidir_reverse");
    if (!rc && (json_is_object(bs) || json_is_object(br))) {
        r.bidir = 1;
        rc = j_final(&r, bs, ID_SUM, SIDE_SND, FLOW_S2C,
                     line_at(buf, key_at(buf, end_off, lim,
                                         "sum_sent_bidir_reverse")), 0);
        if (!rc)
            rc = j_final(&r, br, ID_SUM, SIDE_RCV, FLOW_S2C,
                         line_at(buf, key_at(buf, end_off, lim,
                                             "sum_received_bidir_reverse")),
                         r.udp);
    }
    /* per stream */
    json_t *streams = json_object_get(end, "streams");
    int l_streams = line_at(buf, key_at(buf, end_off, lim, "streams"));
    size_t i;
    json_t *st;
    json_array_foreach(streams, i, st) {
        if (rc)
            break;
        json_t *s = json_object_get(st, "sender");
        json_t *c = json_object_get(st, "receiver");
        json_t *u = json_object_get(st, "udp");
        json_t *any = json_is_object(s) ? s : json_is_object(c) ? c : u;
        if (!json_is_object(any) || !jnum(any, "socket", &v))
            continue;
        long id = (long)v;
        /* in --bidir runs a stream's "sender" flag says whether the client
         * sends on it; elsewhere the flags are not consistent (UDP's
         * sum_received says false in a client-sending run) */
        int flow = r.bidir ? jflow(any, dflt) : dflt;
        if (json_is_object(u)) {
            rc = j_final(&r, u, id, SIDE_SND, flow, l_streams, 1);
        } else {
            rc = j_final(&r, s, id, SIDE_SND, flow, l_streams, 0);
            if (!rc)
                rc = j_final(&r, c, id, SIDE_RCV, flow, l_streams, 0);
        }
    }
    json_t *cpu = json_object_get(end, "cpu_utilization_percent");
    double hl, rm;
    if (json_is_object(cpu) && jnum(cpu, "host_total", &hl) &&
        jnum(cpu, "remote_total", &rm)) {
        r.have_cpu = 1;
        r.cpu_local = hl;
        r.cpu_remote = rm;
        r.cpu_line = line_at(buf, key_at(buf, end_off, lim,
                                         "cpu_utilization_percent"));
    }
    /* intervals */
    json_t *ivs = json_object_get(root, "intervals");
    size_t pos = key_at(buf, off, lim, "intervals");
    /* count lines incrementally: a long -J run has thousands of intervals */
    size_t counted = pos < lim ? pos : off;
    int cline = line_at(buf, counted);
    json_t *iv;
    json_array_foreach(ivs, i, iv) {
        if (rc)
            break;
        size_t at = key_at(buf, pos, lim, "sum");
        if (at < lim) {
            for (; counted < at; counted++)
                if (buf[counted] == '\n')
                    cline++;
            pos = at + 1;
        }
        int line = cline;
        rc = j_interval(&r, json_object_get(iv, "sum"), dflt, line);
        if (!rc)
            rc = j_interval(&r, json_object_get(iv, "sum_bidir_reverse"),
                            FLOW_S2C, line);
    }
    if (!rc)
        rc = run_emit(&r, out, diag);
    run_free(&r);
    return rc;
}

static int iperf3_json(const char *buf, size_t len, bdb_sink *out,
                       bdb_diag *diag)
{
    size_t off = bdb_bom_len(buf, len);
    int n = 0;
    while (off < len) {
        while (off < len && (buf[off] == ' ' || buf[off] == '\t' ||
                             buf[off] == '\r' || buf[off] == '\n'))
            off++;
        if (off >= len)
            break;
        if (buf[off] != '{') {
            if (n > 0)
                return bdb_diag_set(diag, BDB_EPARSE, line_at(buf, off),
                                    "unexpected text after the iperf3 JSON "
                                    "object");
            return bdb_diag_set(diag, BDB_EPARSE, line_at(buf, off),
                                "expected an iperf3 -J JSON object");
        }
        json_error_t jerr;
        json_t *root = json_loadb(buf + off, len - off,
                                  JSON_DISABLE_EOF_CHECK, &jerr);
        if (!root)
            return bdb_diag_set(diag, BDB_EPARSE,
                                line_at(buf, off) + (jerr.line > 0 ? jerr.line - 1 : 0),
                                "iperf3 JSON does not parse (truncated?): %s",
                                jerr.text);
        size_t used = (size_t)jerr.position;
        if (used == 0 || off + used > len)
            used = len - off;
        int rc = iperf3_json_one(root, buf, off, off + used, out, diag);
        json_decref(root);
        if (rc)
            return rc;
        off += used;
        n++;
    }
    if (n == 0)
        return bdb_diag_set(diag, BDB_EPARSE, 0, "empty iperf3 JSON");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Sniffing                                                            */

static int is_json(const char *buf, size_t len)
{
    size_t i = 0;
    if (len >= 3 && (unsigned char)buf[0] == 0xEF)
        i = 3;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
                       buf[i] == '\n'))
        i++;
    return i < len && buf[i] == '{';
}

/* Scores for iperf2 (*s2) and iperf3 (*s3); at most one reaches 50. */
/* 1 if a line of buf starts (after blanks) with prefix: where iperf prints
 * its own messages, unlike prose that mentions them. */
static int line_starting(const char *buf, size_t len, const char *prefix)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l))
        if (bdb_starts_with(bdb_skip_blank(l.p, l.end), l.end, prefix))
            return 1;
    return 0;
}

static void classify(const char *buf, size_t len, int *s2, int *s3)
{
    int a = 0, b = 0;
    if (is_json(buf, len)) {
        if (bdb_memfind(buf, len, "\"test_start\"") &&
            (bdb_memfind(buf, len, "\"intervals\"") ||
             bdb_memfind(buf, len, "\"end\"")))
            b = 100;
        else if (bdb_memfind(buf, len, "\"start\"") &&
                 bdb_memfind(buf, len, "\"intervals\"") &&
                 bdb_memfind(buf, len, "\"end\""))
            b = 90;  /* a failed run: no test_start, an "error" */
        *s2 = 0;
        *s3 = b;
        return;
    }
    int n2 = 0, n3 = 0, labelled = 0, csv = 0, bitrate = 0, bandwidth = 0,
        writeerr = 0, role = 0;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    int lines = 0;
    csv_row row;
    while (bdb_lines_next(&it, &ln) && lines++ < 20000) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (*p >= '0' && *p <= '9') {
            if (csv < 3 && csv_looks_iperf(p, e, &row))
                csv++;
            continue;
        }
        if (*p != '[')
            continue;
        const char *q = p;
        ip_br br;
        if (!parse_bracket(&q, e, &br))
            continue;
        if (br.kind == BR_HDR) {
            if (bdb_contains(q, e, "Bitrate"))
                bitrate = 1;
            if (bdb_contains(q, e, "Bandwidth"))
                bandwidth = 1;
            if (bdb_contains(q, e, "Write/Err"))
                writeerr = 1;
            if (br.role == -2)
                role = 1;
            continue;
        }
        if (br.kind != BR_NUM && br.kind != BR_SUM)
            continue;
        const char *s = q;
        double x, y;
        if (!parse_interval(&s, e, &x, &y))
            continue;
        /* spacing before "sec": iperf3 pads the end to 6 columns */
        const char *sec = s - 3;
        int spaces = 0;
        while (sec - spaces - 1 > q && sec[-spaces - 1] == ' ')
            spaces++;
        const char *dot = sec - spaces - 1;
        int decimals = 0;
        while (dot > q && *dot >= '0' && *dot <= '9') {
            dot--;
            decimals++;
        }
        const char *z = e;
        if ((z - p > 7 && bdb_span_eq(z - 7, z, " sender")) ||
            (z - p > 9 && bdb_span_eq(z - 9, z, " receiver")))
            labelled++;
        if (*dot == '.' && decimals == 2 && (spaces >= 2 || br.role >= 0))
            n3++;
        else
            n2++;
    }
    int conn3 = bdb_memfind(buf, len, "Connecting to host ") != NULL;
    int done3 = line_starting(buf, len, "iperf Done.");
    int ver3 = bdb_memfind(buf, len, "iperf 3.") != NULL;
    int client2 = bdb_memfind(buf, len, "Client connecting to ") != NULL;
    int server2 = bdb_memfind(buf, len, "Server listening on TCP port") ||
                  bdb_memfind(buf, len, "Server listening on UDP port");
    int report2 = bdb_memfind(buf, len, "Server Report:") != NULL;
    int ver2 = bdb_memfind(buf, len, "iperf version 2.") != NULL;
    int err3 = bdb_memfind(buf, len, "iperf3: error - ") != NULL;
    int data = n2 + n3;
    if (data && conn3)
        b = 95;
    if (done3 && b < 90)
        b = 90;
    if ((labelled || role) && b < 90)
        b = 90;
    if (bitrate && data && b < 85)
        b = 85;
    if (ver3 && data && b < 70)
        b = 70;
    if (n3 >= 2 && n2 == 0 && b < 60)
        b = 60;
    if (err3 && b < 60)
        b = 60;
    if ((client2 || server2) && data)
        a = 95;
    if ((report2 || writeerr) && data && a < 90)
        a = 90;
    if (csv && a < 90)
        a = 90;
    if (ver2 && data && a < 80)
        a = 80;
    if (n2 >= 2 && n3 == 0 && bandwidth && a < 60)
        a = 60;
    if ((client2 || server2) && a < 50 && b == 0)
        a = 50;
    if (a >= b)
        b = b >= 50 ? 49 : b;
    else
        a = a >= 50 ? 49 : a;
    *s2 = a;
    *s3 = b;
}

static int sniff(const char *buf, size_t len)
{
    int a, b;
    classify(buf, len, &a, &b);
    return a;
}

static int sniff_iperf3(const char *buf, size_t len)
{
    int a, b;
    classify(buf, len, &a, &b);
    return b;
}

static int looks_csv(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    bdb_lines_init(&it, buf, len);
    int data = 0, csv = 0;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (csv_looks_iperf(p, e, &row))
            csv++;
        else if (*p == '[' && bdb_contains(p, e, " sec "))
            data++;
    }
    return csv > 0 && data == 0;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    if (looks_csv(buf, len))
        return iperf2_csv(buf, len, out, diag);
    return iperf2_text(buf, len, out, diag);
}

static int parse_iperf3(const char *buf, size_t len, const bdb_parse_opts *opts,
                        bdb_sink *out, bdb_diag *diag)
{
    (void)opts;
    if (is_json(buf, len))
        return iperf3_json(buf, len, out, diag);
    return iperf3_text(buf, len, out, diag);
}

const bdb_parser bdb_parser_iperf = {"iperf", 1, sniff, parse};
const bdb_parser bdb_parser_iperf3 = {"iperf3", 1, sniff_iperf3, parse_iperf3};
