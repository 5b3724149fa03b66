/* iperf2_text.c - iperf 2 text output, client and server side (-s), with
 * -e, -d/-r, -P, -u and every -f format (see parse_iperf.c). */
#include "iperf_internal.h"
#include "../wrapped.h"
#include "../../common/bdb_scan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

/* Error lines iperf 2 prints between its rows ("connect failed:
 * Connection refused", "read failed: ...", "ERROR: expected reverse
 * connect did not occur", "listener bind failed: ..."). */
static int is_error_line(const char *p, const char *e)
{
    return bdb_contains(p, e, " failed") || bdb_starts_with(p, e, "ERROR") ||
           bdb_starts_with(p, e, "error") || bdb_starts_with(p, e, "WARNING") ||
           bdb_starts_with(p, e, "warning") || bdb_contains(p, e, "refused") ||
           bdb_contains(p, e, "Connection reset");
}

/* A run of identical warning lines ("read failed: Connection refused"
 * printed a hundred times) is one warning and a count. */
typedef struct warn_rep {
    char text[161];
    int line, count;
} warn_rep;

static void rep_flush(bdb_sink *out, warn_rep *w)
{
    if (w->count > 0)
        bdb_sink_warn(out, w->line,
                      "the iperf line '%s' repeats %d more time%s after this "
                      "one",
                      w->text, w->count, w->count == 1 ? "" : "s");
    w->text[0] = '\0';
    w->count = 0;
}

static void rep_warn(bdb_sink *out, warn_rep *w, int line, const char *what,
                     const char *p, const char *e)
{
    char t[161];
    bdb_copy(t, sizeof t, p, e);
    if (w->text[0] && strcmp(t, w->text) == 0) {
        w->count++;
        return;
    }
    rep_flush(out, w);
    bdb_strlcpy(w->text, sizeof w->text, t);
    w->line = line;
    bdb_iperf_warn_line(out, line, what, p, e);
}

/* "TCP window size: 85.3 KByte (default)", "UDP buffer size: 512 KByte
 * (WARNING: requested 256 KByte)": a window asked for with -w (a default
 * one is no parameter). */
static void window_line(const char *q, const char *e, ip_ctx *cx, ip_run *r)
{
    double w;
    const char *req = bdb_find(q, e, "requested");
    if (req) {
        q = req + strlen("requested");
        if (parse_size(&q, e, &w))
            cx->window = r->window = w;
    } else if (!bdb_contains(q, e, "(default)") && parse_size(&q, e, &w)) {
        cx->window = r->window = w;
    }
}

/* "[  1] Sent 17838 datagrams", "[SUM-2] Sent 89487 datagrams": the UDP
 * sender's own count, kept with the stream's (or the sum's) figures. */
static int sent_line(ip_run *r, const ip_br *br, const char *b, const char *e,
                     int line, const ip_ctx *cx)
{
    const char *q = b + strlen("Sent");
    long long n;
    if (!bdb_scan_int(&q, e, &n) || n < 0 ||
        !bdb_scan_lit(&q, e, "datagrams", 1))
        return 0;
    int flow = FLOW_C2S;
    ip_conn *c = br->kind == BR_NUM ? bdb_iperf_conn_find(r, br->id) : NULL;
    (void)cx;
    if (c)
        flow = c->flow;
    long ei = bdb_iperf_ent_get(r, flow, br->id);
    if (ei < 0)
        return BDB_ENOMEM;
    r->ents[ei].have_sent = 1;
    r->ents[ei].sent = (double)n;
    r->ents[ei].sent_line = line;
    return 1;
}

/* "[  2] 0.0000-2.0000 sec  1 datagrams received out-of-order": belongs to
 * the latest line of that stream over the same interval. 2.0.x servers
 * print it with two decimals under a one-decimal stats line ("0.0- 1.0"
 * then "0.00-1.00"), and the last one with the stream's own end ("0.0-10.0
 * sec ... (0.17%)" then "0.00-9.97 sec 59861 datagrams received
 * out-of-order"): the ends agree within that rounding. */
static void ooo_line(ip_run *r, const ip_data *d, int line)
{
    for (size_t i = r->nobs; i-- > 0;) {
        ip_obs *o = &r->obs[i];
        if (r->ents[o->ent].id != d->br.id)
            continue;
        if (fabs(o->start - d->start) < 0.051 &&
            fabs(o->end - d->end) < 0.051 + 0.005 * fabs(o->end)) {
            o->have_ooo = 1;
            o->ooo = d->ooo_n;
            o->ooo_line = line;
            if (o->final == 1) {
                ip_ent *en = &r->ents[o->ent];
                en->have_ooo = 1;
                en->ooo = d->ooo_n;
                en->ooo_line = line;
            }
        }
        return;
    }
}

/* A bounceback run's one-way delays (--trip-times, Locale.c
 * report_client_bb_bw_triptime_format), on a line of their own after the
 * stream's line over the same interval: 2.1's "[  1] 0.0000-2.0360 sec
 * OWD Delays (ms) Cnt=20 To=a/b/c/d From=a/b/c/d Asymmetry=a/b/c/d
 * 19550 rps" (the rps repeats the line above), 2.2's "OWD (ms) Cnt=N
 * TX=... RX=... Asymmetry=...". avg/min/max/stdev in ms, kept with the
 * figures of that stream's line. Returns 1 when the line was one (read,
 * or warned when no line of the stream is over its interval), else 0. */
static int owd_line(ip_run *r, const ip_br *br, const char *p, const char *e,
                    int line, bdb_sink *out)
{
    static const struct {
        const char *key;
        const char *metric[4];
    } parts[] = {
        {"To=", {"owd_to_mean", "owd_to_min", "owd_to_max", "owd_to_stdev"}},
        {"TX=", {"owd_to_mean", "owd_to_min", "owd_to_max", "owd_to_stdev"}},
        {"From=",
         {"owd_from_mean", "owd_from_min", "owd_from_max", "owd_from_stdev"}},
        {"RX=",
         {"owd_from_mean", "owd_from_min", "owd_from_max", "owd_from_stdev"}},
        {"Asymmetry=",
         {"owd_asymmetry_mean", "owd_asymmetry_min", "owd_asymmetry_max",
          "owd_asymmetry_stdev"}},
    };
    const char *q = p;
    double a, b, cnt, v;
    if (!bdb_iperf_parse_interval(&q, e, &a, &b))
        return 0;
    if (!bdb_scan_lit(&q, e, "OWD Delays (ms)", 1) &&
        !bdb_scan_lit(&q, e, "OWD (ms)", 1))
        return 0;
    if (!bdb_scan_lit(&q, e, "Cnt=", 1) || !bdb_scan_number(&q, e, &cnt, 0))
        return 0;
    ip_figs fs;
    memset(&fs, 0, sizeof fs);
    fs.line = line;
    bdb_iperf_fig_add(&fs, out, line, "owd_count", cnt, BDB_UNIT_COUNT,
                      BDB_NEUTRAL);
    for (;;) {
        q = bdb_skip_ws(q, e);
        size_t k = 0;
        while (k < sizeof parts / sizeof parts[0] &&
               !bdb_starts_with(q, e, parts[k].key))
            k++;
        if (k == sizeof parts / sizeof parts[0])
            break;
        q += strlen(parts[k].key);
        for (int i = 0; i < 4; i++) {
            if (!bdb_scan_number(&q, e, &v, 0) ||
                (i < 3 && (q >= e || *q++ != '/')))
                return 0;
            bdb_iperf_fig_add(&fs, out, line, parts[k].metric[i], v / 1000.0,
                              BDB_UNIT_SECONDS,
                              i == 3 ? BDB_NEUTRAL : BDB_LOWER_IS_BETTER);
        }
    }
    const char *t = q;
    if (bdb_scan_number(&t, e, &v, 0) && bdb_scan_lit(&t, e, "rps", 1))
        q = t;  /* the rps of the stream's line above, again */
    if (!bdb_is_blank(q, e))
        return 0;
    for (size_t i = r->nobs; i-- > 0;) {
        ip_obs *o = &r->obs[i];
        ip_ent *en = &r->ents[o->ent];
        if (en->id != br->id)
            continue;
        if (fabs(o->start - a) > 0.051 || fabs(o->end - b) > 0.051)
            break;
        for (int f = 0; f < fs.n; f++) {
            bdb_iperf_fig_add(&en->figs[o->side], out, line, fs.f[f].metric,
                              fs.f[f].v, fs.f[f].unit, fs.f[f].better);
            ip_figs *to = &en->figs[o->side];
            for (int g = 0; g < to->n; g++)
                if (strcmp(to->f[g].metric, fs.f[f].metric) == 0)
                    to->f[g].line = line;
        }
        return 1;
    }
    bdb_sink_warn(out, line, "one-way delays (OWD) of stream [%ld] "
                  "over %.4g-%.4g s, which no line of that stream is over: "
                  "not read", br->id, a, b);
    return 1;
}

/* "[  1] Isoch schedule errors (mean/min/max/stdev) = 0.214/0.070/3.516/
 * 0.553 ms": an --isochronous client's lateness of its frames against
 * their schedule, after its final line (2.1+ Locale.c
 * report_isochronous_sched_errors): figures of that line, seconds.
 * Returns 1 when the line is one. */
static int isoch_errors_line(ip_run *r, const ip_br *br, const char *p,
                             const char *e, int line, bdb_sink *out)
{
    static const char *const names[4] = {
        "isoch_schedule_error_mean", "isoch_schedule_error_min",
        "isoch_schedule_error_max", "isoch_schedule_error_stdev"};
    const char *q = p;
    double v[4];
    if (!bdb_scan_lit(&q, e, "Isoch schedule errors", 1))
        return 0;
    const char *eq = memchr(q, '=', (size_t)(e - q));
    q = eq ? bdb_skip_ws(eq + 1, e) : e;
    for (int i = 0; i < 4; i++)
        if (!bdb_scan_number(&q, e, &v[i], 0) ||
            (i < 3 && (q >= e || *q++ != '/'))) {
            bdb_iperf_warn_line(out, line, "isochronous schedule errors not "
                                "read", p, e);
            return 1;
        }
    for (size_t i = r->nobs; i-- > 0;) {
        ip_obs *o = &r->obs[i];
        ip_ent *en = &r->ents[o->ent];
        if (en->id != br->id)
            continue;
        for (int k = 0; k < 4; k++) {
            ip_figs *to = &en->figs[o->side];
            bdb_iperf_fig_add(to, out, line, names[k], v[k] / 1000.0,
                              BDB_UNIT_SECONDS,
                              k == 3 ? BDB_NEUTRAL : BDB_LOWER_IS_BETTER);
            for (int g = 0; g < to->n; g++)
                if (strcmp(to->f[g].metric, names[k]) == 0)
                    to->f[g].line = line;
        }
        return 1;
    }
    bdb_sink_warn(out, line, "isochronous schedule errors of stream [%ld], "
                  "which printed no line before: not read", br->id);
    return 1;
}

/* A latency histogram iperf 2.1+ prints after a stream's last line
 * ("[  1] 0.0000-3.0356 sec BB8(f)-PDF: bin(w=100us):cnt(30)=1:26,2:3,5:1
 * (5.00/95.00/99.7%=1/2/5,Outliers=0,obl/obu=0/0)"; "T8-PDF:",
 * "F8(f)-PDF:" for other reports): its bins are not read, and said so.
 * Returns 1 when the line is one. */
static int pdf_line(const char *p, const char *e, int line, bdb_sink *out)
{
    const char *q = p;
    double a, b;
    if (!bdb_iperf_parse_interval(&q, e, &a, &b))
        return 0;
    q = bdb_skip_ws(q, e);
    const char *w = q;
    while (w < e && *w != ' ' && *w != '\t')
        w++;
    if (w - q < 6 || !bdb_span_eq(w - 5, w, "-PDF:"))
        return 0;
    bdb_sink_warn(out, line, "a latency histogram (%.*s): its bins are not "
                  "read", (int)(w - q - 1), q);
    return 1;
}

/* A label a script printed before iperf's line, on the same line ("IPerf
 * TCP hostX <- hostY :  [  4]  0.0-10.0 sec  1.24 GBytes  1.07
 * Gbits/sec"): where iperf's bracket starts after the label's ": ", or
 * NULL. The label is at most 80 bytes of text with no bracket; only a
 * stream's or a sum's data line is taken from it, and the label ends the
 * run before it (a script labels each of its tests). */
static const char *after_label(const char *p, const char *e)
{
    for (const char *c = p; c < e && c - p < 80; c++) {
        if (*c == '[' || *c == ']')
            return NULL;
        if (*c != ':' || c + 1 >= e || (c[1] != ' ' && c[1] != '\t'))
            continue;
        const char *b = bdb_skip_ws(c + 1, e), *q = b;
        ip_br br;
        if (b < e && *b == '[' && bdb_iperf_parse_bracket(&q, e, &br) &&
            (br.kind == BR_NUM || br.kind == BR_SUM))
            return b;
        return NULL;
    }
    return NULL;
}

/* Whether data line d of stream id starts another run: the stream's
 * latest line in r (same flow and side) and d both start at 0 and that
 * one ends after d's end less 0.05 s, but not at it. A stream's lines go
 * 0-1, 1-2, ..., then 0-N, the longest last (ReportOutputs.c), so a
 * second 0-start about as long as the first is a new run whose banner and
 * "connected" lines were left out of the quote (two -P 16 blocks of
 * 0.0000-300.01xx lines, "Results of test: window" before "[  4]
 * 0.0-10.0" after "[  4]  0.0-10.7"). Equal ends stay one run, as
 * before (-t 1 -i 1 may print 0.0-1.0 twice). */
static int restarts(const ip_run *r, int flow, long id, int side,
                    const ip_data *d)
{
    if (fabs(d->start) > 1e-9)
        return 0;
    for (size_t i = r->nobs; i-- > 0;) {
        const ip_obs *o = &r->obs[i];
        const ip_ent *en = &r->ents[o->ent];
        if (en->id != id || en->flow != flow || o->side != side)
            continue;
        return fabs(o->start) < 1e-9 && o->end > d->end - 0.051 &&
               o->end != d->end;
    }
    return 0;
}

static int has_csv_rows(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (e - p > 20 && memchr(p, ',', (size_t)(e - p)) &&
            bdb_iperf2_csv_row(p, e, &row))
            return 1;
    }
    return 0;
}

/* A header's column names that a mail or a fixed-width page moved to the
 * next line ("Cwnd/RTT        NetPwr", "cnt=avg/min/max/stdev  Rtry
 * Cwnd(pkts)/RTT(var)   Tx/Rx bytes", "RPS(avg)"): the names iperf 2
 * prints after the rate (Reporter.c / ReportOutputs.c headers of 2.0.x
 * to 2.2), and nothing else but blanks. */
static int header_cont(const char *p, const char *e)
{
    static const char *const names[] = {
        "Write/Err", "Read/Err",  "Reads=Dist", "Rtry",   "Cwnd",
        "RTT",       "NetPwr",    "Jitter",     "Lost/Total", "Datagrams",
        "Latency",   "avg/min/max/stdev",       "PPS",    "pps", "inP",
        "Burst",     "BB",        "cnt=",       "Tx/Rx",  "RPS",
        "Bandwidth", "Transfer",  "Interval",   "Trip-time", "TCP-rtt",
        "Dist(bin=", "InF",       "Retr",       "ms",     "isoch:",
        "Isoch:",    "Frame",     "Read/Timeo", NULL};
    int known = 0;
    while (p < e) {
        p = bdb_skip_ws(p, e);
        if (p >= e)
            break;
        const char *w = p;
        while (p < e && *p != ' ' && *p != '\t')
            p++;
        if (*w >= '0' && *w <= '9')
            return 0;   /* a figure: data, not a header */
        for (const char *const *n = names; *n; n++)
            if (bdb_contains(w, p, *n)) {
                known = 1;
                break;
            }
    }
    return known;
}

/* Whether a line may continue a data row cut by a hard wrap: text that
 * is neither a bracketed iperf line nor blank; the first piece of the
 * continuation starts with a figure ("231K/111 us  5631373",
 * "44171=0.022/..."), later ones may start with the unit a wrap left
 * ("MByte Rx=21.1 MByte  RPS=46006"). */
/* A piece that starts with the unit of the row's last number ("0.000" /
 * "ms 10672/...", "22371" / "pps") or with its loss ("(24%)"). */
static int unit_piece(const char *c, const char *ce)
{
    static const char *const units[] = {"ms", "us", "pps", "sec", "pkts",
                                        NULL};
    for (const char *const *u = units; *u; u++) {
        size_t n = strlen(*u);
        if (bdb_starts_with(c, ce, *u) &&
            (c + n == ce || c[n] == ' ' || c[n] == '\t'))
            return 1;
    }
    return *c == '(' && ce - c > 1 && c[1] >= '0' && c[1] <= '9';
}

/* A UDP row cut after its jitter: the row ends "0.811 ms" and the next
 * line starts with its lost/total datagrams ("447069/1275909 (35%)").
 * The reporter prints the two together ("%5.3f ms %4d/%5d (%.2g%%)" of
 * a server's report or a receiver's row), so a mail's hard wrap between
 * them leaves a continuation under any header, or under none. */
static int jitter_cut(const char *rest, const char *e, const char *c,
                      const char *ce)
{
    while (e > rest && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    if (e - rest < 3 || e[-1] != 's' || e[-2] != 'm' ||
        (e[-3] != ' ' && e[-3] != '\t'))
        return 0;
    if (!c || c >= ce || *c < '0' || *c > '9')
        return 0;
    while (c < ce && *c >= '0' && *c <= '9')
        c++;
    return c + 1 < ce && *c == '/' && c[1] >= '0' && c[1] <= '9';
}

static int row_cont(const char *c, const char *ce, int first)
{
    if (!c || c >= ce || *c == '[')
        return 0;
    if (first)
        return unit_piece(c, ce) || (*c >= '0' && *c <= '9') || *c == '-';
    for (const char *q = c; q < ce; q++)
        if ((*q >= '0' && *q <= '9') || *q == '=')
            return !bdb_starts_with(c, ce, "Client connecting") &&
                   !bdb_starts_with(c, ce, "Server listening") &&
                   !bdb_starts_with(c, ce, "TCP window size") &&
                   !bdb_starts_with(c, ce, "------");
    return 0;
}

int bdb_iperf2_text_parse(const char *buf, size_t len, bdb_sink *out)
{
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    ip_run r;
    bdb_iperf_run_init(&r, 0);
    int nruns = 0, rc = 0;
    warn_rep rep = {{0}, 0, 0};
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    /* -y C rows quoted beside text output (a docstring showing both): the
     * CSV reader reads them, this one the rest */
    bdb_wrapped wr;
    bdb_wrapped_init(&wr);
    int csv = has_csv_rows(buf, len);
    if (csv)
        rc = bdb_iperf2_csv_rows_parse(buf, len, out);
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e || (csv && bdb_iperf2_csv_row(p, e, &row)))
            continue;
        ip_cmd cmd;
        /* "iperf version 2.1.8 (...)" reads like a command: it is not */
        int k = *p != '[' && !bdb_starts_with(p, e, "iperf version ")
                    ? bdb_iperf_cmd_line(p, e, 0, ln.no, &cmd, out)
                    : 0;
        if (k < 0) {
            rc = k;
            break;
        }
        if (k > 0) {
            /* a new command: what came before was another run */
            bdb_iperf_ctx_reset(&cx);
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            r.cmd = cmd;
            if (cmd.udp)
                cx.udp_hint = r.udp = 1;
            continue;
        }
        if (bdb_starts_with(p, e, "Client connecting to") ||
            bdb_starts_with(p, e, "Server listening on")) {
            int client = p[0] == 'C';
            if (bdb_iperf_has_data(&r)) {
                /* a server's own tradeoff / dual-test client stays part
                 * of the server's log */
                ip_ctx keep = cx;
                bdb_iperf_ctx_reset(&cx);
                if (keep.server_first) {
                    cx.server_first = 1;
                    cx.server_log = 1;
                    cx.listen_port = keep.listen_port;
                }
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
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
        if (bdb_starts_with(p, e, "TCP window size:") ||
            bdb_starts_with(p, e, "UDP buffer size:")) {
            window_line(p + strlen("TCP window size:"), e, &cx, &r);
            continue;
        }
        if (bdb_starts_with(p, e, "Sending ") && cx.client_log) {
            /* "Sending 1470 byte datagrams": the client's -l */
            const char *q = p + strlen("Sending ");
            long long n;
            if (bdb_scan_int(&q, e, &n) && n > 0 &&
                bdb_scan_lit(&q, e, "byte datagrams", 1))
                cx.block_printed = r.block_printed = (double)n;
            continue;
        }
        if (bdb_starts_with(p, e, "Write buffer size:")) {
            const char *q = p + strlen("Write buffer size:");
            double w;
            if (parse_size(&q, e, &w))
                cx.block_printed = r.block_printed = w;
            continue;
        }
        if (bdb_starts_with(p, e, "iperf version ")) {
            bdb_sink_set_version(out, p + strlen("iperf version "), e);
            continue;
        }
        if (*p != '[') {
            const char *b = after_label(p, e);
            if (b) {
                /* a script's label marks a test of its own */
                p = b;
                if (bdb_iperf_has_data(&r)) {
                    bdb_iperf_ctx_reset(&cx);
                    rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                    if (rc)
                        break;
                }
            }
        }
        if (*p != '[') {
            if (is_error_line(p, e))
                rep_warn(out, &rep, ln.no, "iperf reported", p, e);
            continue;
        }
        const char *q = p;
        ip_br br;
        if (!bdb_iperf_parse_bracket(&q, e, &br))
            continue;
        if (br.kind != BR_NUM && br.kind != BR_SUM &&
            bdb_iperf_ct_final_read(&r, q, e, ln.no))
            continue;
        if (br.kind == BR_HDR) {
            cx.hdr_rtry = bdb_contains(q, e, "Rtry");
            cx.hdr_triple = cx.hdr_pair = cx.hdr_frame_latency = 0;
            bdb_iperf2_header_groups(&cx, q, e);
            /* -e columns after the rate (a row may wrap before them) */
            cx.hdr_extra = bdb_contains(q, e, "Reads=Dist") ||
                           bdb_contains(q, e, "Write/Err") ||
                           bdb_contains(q, e, "Jitter") ||
                           bdb_contains(q, e, "PPS") ||
                           bdb_contains(q, e, "NetPwr");
            if (bdb_contains(q, e, "Jitter") || bdb_contains(q, e, "PPS"))
                cx.udp_hint = r.udp = 1;
            /* the header's names a hard wrap moved to the next lines */
            cx.hdr_cont = 0;
            for (;;) {
                bdb_lines peek;
                bdb_line nx;
                const char *ce, *c = bdb_wrapped_next(&it, &peek, &nx, &ce);
                if (!c || *c == '[' || !header_cont(c, ce) ||
                    cx.hdr_cont + 1 >= BDB_WRAPPED_MAX)
                    break;
                cx.hdr_cont++;
                if (bdb_contains(c, ce, "Rtry"))
                    cx.hdr_rtry = 1;
                bdb_iperf2_header_groups(&cx, c, ce);
                if (bdb_contains(c, ce, "Jitter") || bdb_contains(c, ce, "PPS"))
                    cx.udp_hint = r.udp = 1;
                it = peek;
            }
            continue;
        }
        if (br.kind == BR_OTHER)
            continue;
        const char *b = bdb_skip_ws(q, e);
        if (bdb_starts_with(b, e, "local ") && bdb_contains(b, e, "connected")) {
            if (bdb_iperf_has_data(&r)) {
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                if (rc)
                    break;
            }
            long lport = -1;
            port_after(b, e, " port ", &lport);
            if (br.kind == BR_NUM) {
                /* which way the data of this connection flows: a server
                 * receives on what it accepted and sends on its own
                 * dual-test client; a client sends unless reversed ([ *1],
                 * -R) and receives on its dual-test listener. In a server
                 * log a star marks the server sending. */
                int accepted = (cx.listen_port > 0 && lport == cx.listen_port) ||
                               (cx.server_log && !cx.client_log);
                if (accepted && !cx.client_log)
                    cx.server_first = 1;
                int recv, flow;
                int star = br.star || bdb_contains(b, e, "(reverse)");
                if (cx.server_first) {
                    recv = accepted && !star;
                    flow = recv ? FLOW_C2S : FLOW_S2C;
                } else if (accepted) {
                    recv = 1;
                    flow = FLOW_S2C;
                } else {
                    recv = star;
                    flow = star ? FLOW_S2C : FLOW_C2S;
                }
                rc = bdb_iperf_conn_add(&r, br.id, recv, flow);
                int got = rc ? 0 : bdb_iperf_ct_read(&r, br.id, b, e, ln.no);
                /* a hard wrap moved "(MSS=1448) ... (ct=0.30 ms) on
                 * 2021-07-01 21:01:42 (PDT)" to the next lines */
                bdb_lines peek = it;
                for (int k2 = 0; !rc && !got && k2 < 3; k2++) {
                    bdb_lines p2;
                    bdb_line nx;
                    const char *ce, *c = bdb_wrapped_next(&peek, &p2, &nx, &ce);
                    if (!c || *c == '[')
                        break;
                    got = bdb_iperf_ct_read(&r, br.id, c, ce, nx.no);
                    peek = p2;
                }
                if (got < 0)
                    rc = BDB_ENOMEM;
            }
            continue;
        }
        if (br.kind == BR_NUM && (bdb_starts_with(b, e, "(icwnd") ||
                                  bdb_starts_with(b, e, "(ct="))) {
            /* the end of a "connected with" line on a line of its own
             * (2.1 -e, "[  1]  (icwnd/mss/irtt=14/1448/66504) (ct=66.55
             * ms)"): a new connection, its connect time */
            if (bdb_iperf_has_data(&r)) {
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                if (rc)
                    break;
            }
            if (bdb_iperf_ct_read(&r, br.id, b, e, ln.no) < 0)
                rc = BDB_ENOMEM;
            continue;
        }
        if (bdb_starts_with(b, e, "Server Report:")) {
            cx.pending_report = br.id;
            continue;
        }
        if (bdb_starts_with(b, e, "Sent ")) {
            k = sent_line(&r, &br, b, e, ln.no, &cx);
            if (k < 0)
                rc = k;
            continue;
        }
        if (bdb_starts_with(b, e, "WARNING:") || is_error_line(b, e)) {
            rep_warn(out, &rep, ln.no, "iperf reported", b, e);
            continue;
        }
        /* the schedule errors' figures a page re-flowed to the next line */
        if (bdb_starts_with(b, e, "Isoch schedule errors") && e[-1] == '=') {
            bdb_lines peek;
            bdb_line nx;
            const char *ce, *c = bdb_wrapped_next(&it, &peek, &nx, &ce);
            if (c && *c >= '0' && *c <= '9') {
                const char *jp, *je;
                rc = bdb_wrapped_two(&wr, b, e, " ", c, ce, nx.no, &jp, &je);
                if (rc)
                    break;
                isoch_errors_line(&r, &br, jp, je, nx.no, out);
                /* its own line holds only the stream's id */
                rc = bdb_sink_cover(out, ln.no, ln.no);
                it = peek;
                continue;
            }
        }
        if (owd_line(&r, &br, b, e, ln.no, out) ||
            isoch_errors_line(&r, &br, b, e, ln.no, out) ||
            pdf_line(b, e, ln.no, out))
            continue;
        ip_data d;
        const char *rest = NULL;
        k = bdb_iperf_parse_data(p, e, ln.no, &d, &rest, out);
        if (k < 0 && d.wrapped && fabs(d.start) < 1e-9 && d.end > 0) {
            /* a refused line from 0: the stream's final one, or its
             * first interval; either way no interval is its total */
            r.wrapped_line = ln.no;
            r.wrapped_id = d.br.id;
        }
        if (k <= 0)
            continue;
        if (d.ooo) {
            ooo_line(&r, &d, ln.no);
            continue;
        }
        ip_obs o0;
        memset(&o0, 0, sizeof o0);
        ip_figs fs;
        memset(&fs, 0, sizeof fs);
        fs.line = ln.no;
        int label;
        /* a row of a wrapped header, continued over the next lines (a
         * row longer than its header one more: a UDP receiver's row with
         * all its -e columns) */
        int ncont = 0;
        /* under a header that fit, one line more: a row whose -e columns
         * all went to it (the row ends at its rate), or its last unit */
        int most = cx.hdr_cont ? cx.hdr_cont + 1 : cx.hdr_extra ? 1 : 0;
        for (bdb_lines peek = it;;) {
            bdb_lines p2;
            bdb_line nx;
            const char *ce, *c = bdb_wrapped_next(&peek, &p2, &nx, &ce);
            int jit = ncont == 0 && jitter_cut(rest, e, c, ce);
            if ((ncont >= most && !jit) || !row_cont(c, ce, ncont == 0) ||
                (!cx.hdr_cont && !jit &&
                 (bdb_iperf2_csv_row(c, ce, &row) ||
                  !(bdb_is_blank(rest, e) || unit_piece(c, ce)))))
                break;
            if (!ncont)
                rc = bdb_wrapped_start(&wr, rest, e);
            if (!rc)
                rc = bdb_wrapped_add(&wr, " ", c, ce, nx.no);
            if (rc < 0)
                break;
            rc = 0;
            ncont++;
            peek = p2;
            it = p2;
        }
        if (rc)
            break;
        if (ncont) {
            const char *jp, *je;
            bdb_wrapped_text(&wr, &jp, &je);
            cx.wrapped = &wr;
            fs.cont = 1;
            bdb_iperf_parse_rest(jp, je, &cx, 0, &o0, &label, &fs, out, ln.no);
            cx.wrapped = NULL;
        } else {
            cx.lp = ln.p;
            cx.le = ln.end;
            bdb_iperf_parse_rest(rest, e, &cx, 0, &o0, &label, &fs, out,
                                 ln.no);
            cx.lp = cx.le = NULL;
        }
        if (o0.have_lt)
            r.udp = 1;
        if ((rc = bdb_iperf_warn_lost(&o0, out, ln.no)))
            break;
        int recv, final = 0, flow;
        if (cx.pending_report == d.br.id) {
            cx.pending_report = -100;
            recv = 1;
            final = 1;
            flow = FLOW_C2S;
        } else {
            ip_conn *c =
                d.br.kind == BR_NUM ? bdb_iperf_conn_find(&r, d.br.id) : NULL;
            if (c) {
                recv = c->recv;
                flow = c->flow;
            } else if (d.br.kind == BR_SUM && r.nconn > 0) {
                /* the sum of its streams: of both directions in a dual
                 * test (no direction then) */
                recv = r.conn[0].recv;
                flow = r.conn[0].flow;
                for (size_t i = 1; i < r.nconn; i++)
                    if (r.conn[i].flow != flow) {
                        flow = FLOW_NONE;
                        recv = 0;
                    }
            } else {
                recv = d.br.star || (cx.server_log && !cx.client_log) ||
                       o0.have_jitter;
                flow = recv && cx.client_log ? FLOW_S2C : FLOW_C2S;
            }
        }
        ip_obs *o;
        int side = recv ? SIDE_RCV : SIDE_SND;
        if (!final && restarts(&r, flow, d.br.id, side, &d)) {
            /* a stream's whole-run line longer than this one, which
             * starts at 0 too: this line is another run's */
            bdb_iperf_ctx_reset(&cx);
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            if (rc)
                break;
        }
        rc = bdb_iperf_add_obs(&r, flow, d.br.id, side, final, &d, ln.no, &o);
        if (rc)
            break;
        bdb_iperf_obs_cols(o, &d, ln.p, ln.end);
        bdb_iperf_copy_line_details(o, &o0);
        rc = bdb_iperf_obs_keep_figs(&r, o, &fs);
        if (rc)
            break;
        /* the figures of a stream's latest line: its final one at the end */
        r.ents[o->ent].figs[side] = fs;
    }
    rep_flush(out, &rep);
    bdb_wrapped_free(&wr);
    if (!rc)
        rc = bdb_iperf_finish_run(&r, &cx, out, 0, &nruns);
    bdb_iperf_run_free(&r);
    if (!rc && out->n == 0 && out->nnotes == 0)
        bdb_sink_warn(out, 0,
                      "no iperf result line (expected '[ ID] Interval "
                      "Transfer Bandwidth' rows)");
    return rc;
}
