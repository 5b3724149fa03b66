/* iperf_common.c - the model the iperf readers share: runs, streams
 * ("entities") and their observations, the emission of a run's figures,
 * and the reading of the "[ ID] Interval Transfer Bandwidth" data lines
 * that iperf 2 and iperf3 print alike (see parse_iperf.c for what the
 * tools print and iperf_internal.h for the model). */
#include "iperf_internal.h"
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
    cx->pending_report = -100;
}

void bdb_iperf_run_init(ip_run *r, int v3)
{
    memset(r, 0, sizeof *r);
    r->v3 = v3;
    r->duration_req = -1;
    r->window = -1;
}

void bdb_iperf_run_free(ip_run *r)
{
    free(r->ents);
    free(r->obs);
    r->ents = NULL;
    r->obs = NULL;
}

long bdb_iperf_ent_get(ip_run *r, int flow, long id)
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

ip_obs *bdb_iperf_obs_new(ip_run *r)
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
int bdb_iperf_run_emit(ip_run *r, bdb_sink *out, bdb_diag *diag)
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
            top = bdb_iperf_ent_get(r, flow, ids[0]);
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
                rc = emit_ent(&r->ents[bdb_iperf_ent_get(r, flow, ids[k])], &sb, out);
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

/* "0.0- 1.0 sec": returns 1 and advances past "sec". */
int bdb_iperf_parse_interval(const char **pp, const char *end, double *a,
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
int bdb_iperf_rate_unit(const char *w, const char *we, double *mult)
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
int bdb_iperf_size_unit_ok(const char *w, const char *we)
{
    if (w < we && strchr("KkMmGgTtPp", *w))
        w++;
    return bdb_span_eq(w, we, "Bytes") || bdb_span_eq(w, we, "Byte") ||
           bdb_span_eq(w, we, "bits") || bdb_span_eq(w, we, "bit");
}

/* "lost/ total (pct%)" at *pp. */
int bdb_iperf_parse_lost_total(const char **pp, const char *end, ip_obs *o)
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
void bdb_iperf_parse_rest(const char *p, const char *end, const ip_ctx *cx,
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
        if (bdb_iperf_parse_lost_total(&r, z, o)) {
            o->have_jitter = 1;
            o->jitter_ms = j;
            return;
        }
    }
    q = p;
    if (bdb_iperf_parse_lost_total(&q, z, o))
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

/* 1: a data line parsed; 0: not a data line; <0: a data line that does not
 * parse (diag set). */
int bdb_iperf_parse_data(const char *p, const char *end, int lineno, ip_data *d,
                         const char **rest, bdb_diag *diag)
{
    memset(d, 0, sizeof *d);
    if (!bdb_iperf_parse_bracket(&p, end, &d->br))
        return 0;
    if (d->br.kind != BR_NUM && d->br.kind != BR_SUM)
        return 0;
    if (!bdb_iperf_parse_interval(&p, end, &d->start, &d->end))
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
    if (!wl || !bdb_iperf_size_unit_ok(w, w + wl))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected a size unit (KBytes, MBytes...) after "
                            "the iperf transfer");
    if (!bdb_scan_number(&p, end, &x, 0))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected the bandwidth after the iperf transfer");
    wl = bdb_scan_word(&p, end, &w);
    if (!wl || !bdb_iperf_rate_unit(w, w + wl, &m))
        return bdb_diag_set(diag, BDB_EPARSE, lineno,
                            "expected a rate unit (Mbits/sec...) after the "
                            "iperf bandwidth");
    d->bps = x * m;
    *rest = p;
    return 1;
}

int bdb_iperf_has_data(const ip_run *r)
{
    return r->nobs > 0 || r->nents > 0;
}

void bdb_iperf_new_run(ip_run *r, const ip_ctx *cx, int line)
{
    int v3 = r->v3;
    bdb_iperf_run_free(r);
    bdb_iperf_run_init(r, v3);
    r->start_line = line;
    r->window = cx->window;
    r->duration_req = cx->duration_req;
    r->target_bps = cx->target_bps;
    r->streams_req = cx->streams_req;
    r->udp = cx->udp_hint;
}

int bdb_iperf_finish_run(ip_run *r, const ip_ctx *cx, bdb_sink *out,
                         bdb_diag *diag, int line, int *nruns)
{
    int rc = 0;
    if (bdb_iperf_has_data(r)) {
        rc = bdb_iperf_run_emit(r, out, diag);
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
    o->line = line;
    if (!r->first_data_line)
        r->first_data_line = line;
    *out = o;
    return 0;
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
    o->have_retr = from->have_retr;
    o->retr = from->retr;
}
