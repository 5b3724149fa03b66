/* iperf3_text.c - iperf3 text output: client, server (-s), -V, -R, -P,
 * --bidir, -u, -O, --get-server-output (see parse_iperf.c). */
#include "iperf_internal.h"
#include "../wrapped.h"
#include "../../common/bdb_scan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
    s = bdb_find(p, e, " byte blocks");
    if (s) {
        const char *c = s;
        while (c > p && c[-1] >= '0' && c[-1] <= '9')
            c--;
        long long v;
        if (c < s && bdb_scan_int(&c, s, &v) && v > 0)
            cx->block_printed = r->block_printed = (double)v;
    }
    s = bdb_find(p, e, "omitting ");
    if (s) {
        const char *c = s + strlen("omitting ");
        double v;
        if (bdb_scan_number(&c, e, &v, 0) && v >= 0)
            cx->omit_req = r->omit_req = v;
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

/* One side of iperf_api.c's -V CPU report, after "local/" or "remote/":
 * "sender 97.2% (1.9%u/95.3%s)"; the parenthesis (user and system parts)
 * is optional. *split is 1 when it was read. */
static int v3_cpu_side(const char *q, const char *e, double *total,
                       double *user, double *sys, int *split)
{
    while (q < e && *q != ' ')
        q++;
    *split = 0;
    if (!bdb_scan_number(&q, e, total, 0) || !bdb_scan_lit(&q, e, "%", 0))
        return 0;
    const char *t = q;
    if (bdb_scan_lit(&t, e, "(", 1) && bdb_scan_number(&t, e, user, 0) &&
        bdb_scan_lit(&t, e, "%u/", 0) && bdb_scan_number(&t, e, sys, 0) &&
        bdb_scan_lit(&t, e, "%s)", 0))
        *split = 1;
    return 1;
}

static int v3_cpu(const char *p, const char *e, ip_run *r, int line)
{
    if (r->have_cpu)
        return 1;
    const char *l = bdb_find(p, e, "local/");
    const char *m = bdb_find(p, e, "remote/");
    if (!l || !m)
        return 0;
    double a, b, lu = 0, ls = 0, ru = 0, rs = 0;
    int lsplit, rsplit;
    if (!v3_cpu_side(l, e, &a, &lu, &ls, &lsplit) ||
        !v3_cpu_side(m, e, &b, &ru, &rs, &rsplit))
        return 0;
    r->have_cpu = 1;
    r->cpu_local = a;
    r->cpu_remote = b;
    r->cpu_line = line;
    if (lsplit && rsplit) {
        r->have_cpu_split = 1;
        r->cpu_local_user = lu;
        r->cpu_local_sys = ls;
        r->cpu_remote_user = ru;
        r->cpu_remote_sys = rs;
    }
    return 1;
}

/* "...", "…", ". . .": an elision mark a quoter put for left-out lines. */
static int elision(const char *p, const char *e)
{
    int dots = 0;
    for (; p < e; p++) {
        if (*p == '.')
            dots++;
        else if ((unsigned char)*p == 0xe2 && e - p >= 3 &&
                 (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0xa6) {
            dots += 3;
            p += 2;
        } else if (*p != ' ' && *p != '\t')
            return 0;
    }
    return dots >= 3;
}

/* What iperf_api.c prints itself between or after summary lines (-V, and
 * --bidir's second direction after the first one's CPU line). */
static int v3_after_summary(const char *p, const char *e)
{
    static const char *const own[] = {"snd_tcp_congestion", "rcv_tcp_congestion",
                                      "Test Complete", "CPU Utilization",
                                      NULL};
    for (const char *const *o = own; *o; o++)
        if (bdb_starts_with(p, e, *o))
            return 1;
    return 0;
}

/* A line of the client's own with a --bidir role ("[  7][RX-C]"):
 * iperf3 (iperf_api.c iperf_print_results) prints the reverse half's
 * summary after the server's output when --get-server-output is given,
 * so such a line ends the server's section. */
static int client_role(const char *p, const char *e)
{
    const char *c = p < e && *p == '[' ? memchr(p, ']', (size_t)(e - p)) : NULL;
    return c && e - c > 5 && c[1] == '[' && c[4] == '-' && c[5] == 'C' &&
           (bdb_starts_with(c + 1, e, "[RX-C") ||
            bdb_starts_with(c + 1, e, "[TX-C"));
}

/* 1 when interval line d starts at 0 and its stream ("[SUM]", "[  5]",
 * the same --bidir role) already has a non-omitted interval that started
 * later: iperf3 counts a test's intervals from 0 once (after -O's
 * omitted ones, which are marked), so the line is another test's. Two
 * lone "0.00-10.00" lines (a server's and a client's quoted apart) stay
 * one test. */
static int restarts(const ip_run *r, const ip_data *d)
{
    /* --bidir tags every data line with its role ("[SUM][TX-C]"): a
     * line with one after lines without (or the other way) is another
     * test's */
    if (r->nobs > 0 && (d->br.role >= 0) != (r->bidir != 0))
        return 1;
    if (fabs(d->start) > 1e-9)
        return 0;
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        const ip_ent *en = &r->ents[o->ent];
        if (o->final < 0 && !o->omitted && o->start > 1e-9 &&
            en->id == d->br.id &&
            (d->br.role < 0 || en->flow == d->br.role))
            return 1;
    }
    return 0;
}

/* The end of a summary row a page moved to a line of its own: "sender"
 * or "receiver" alone, or after the row's last columns ("0/1526 (0%)
 * sender", "(0%)  receiver"). */
static int label_tail(const char *c, const char *ce)
{
    bdb_trim(&c, &ce);
    if (c >= ce || *c == '[')
        return 0;
    static const char *const labels[] = {"sender", "receiver"};
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(labels[i]);
        if ((size_t)(ce - c) < n || memcmp(ce - n, labels[i], n) != 0)
            continue;
        if ((size_t)(ce - c) == n)
            return 1;
        char b = *(ce - n - 1);
        return (b == ' ' || b == '\t') &&
               ((*c >= '0' && *c <= '9') || *c == '(');
    }
    return 0;
}

/* 1 when run r already has a summary line of this stream ("[SUM]",
 * "[  5]"), flow and side: iperf3 prints one per test, so a second one
 * is another test's (pages quoting the "[SUM] ... sender/receiver" pairs
 * of several -P runs one after the other, nothing between). */
static int repeats_final(const ip_run *r, int flow, long id, int side)
{
    for (size_t i = 0; i < r->nobs; i++) {
        const ip_obs *o = &r->obs[i];
        const ip_ent *en = &r->ents[o->ent];
        if (o->final == 1 && o->side == side && en->id == id &&
            en->flow == flow)
            return 1;
    }
    return 0;
}

/* The end of a --get-server-output section that starts at it (past its
 * "Server output:" line): the iterator at the first line that is the
 * client's again ("iperf Done.", the next test's "Connecting to host" or
 * command line, a --bidir [RX-C] line: iperf_api.c prints the reverse
 * half's summary after the server's output). */
static int server_section_end(const bdb_lines *it, bdb_lines *stop)
{
    bdb_lines scan = *it;
    bdb_line l;
    for (;;) {
        *stop = scan;
        if (!bdb_lines_next(&scan, &l))
            return 0;
        const char *p = l.p, *e = l.end;
        bdb_trim(&p, &e);
        if (bdb_starts_with(p, e, "iperf Done.") ||
            bdb_starts_with(p, e, "Connecting to host") ||
            bdb_starts_with(p, e, "Server output:") || client_role(p, e))
            return 0;
        int k = p < e && *p != '[' && *p != '-'
                    ? bdb_iperf_is_cmd_line(p, e, 1) : 0;
        if (k < 0)
            return k;
        if (k > 0)
            return 0;
    }
}

static int text_lines(bdb_lines *it, const ip_run *copy_of,
                      const ip_ctx *copy_cx, int fixed_line, bdb_sink *out);

int bdb_iperf3_text_server_copy(const char *text, size_t len, int line,
                                const ip_run *client, bdb_sink *out)
{
    bdb_lines it;
    bdb_lines_init(&it, text, len);
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    cx.udp_hint = client->udp;
    return text_lines(&it, client, &cx, line > 0 ? line : 1, out);
}

int bdb_iperf3_text_parse(const char *buf, size_t len, bdb_sink *out)
{
    bdb_lines it;
    bdb_lines_init(&it, buf, len);
    int rc = text_lines(&it, NULL, NULL, 0, out);
    if (!rc && out->n == 0 && out->nnotes == 0)
        bdb_sink_warn(out, 0,
                      "no iperf3 result (expected sender/receiver summary "
                      "lines)");
    return rc;
}

/* Reads the lines of it. copy_of: NULL for a log, or the client's run
 * (copy_cx its context) for the server's copy of that test printed
 * after the client's "Server output:" (--get-server-output): the
 * server's log as iperf_api.c prints it (its -V banner, "Starting
 * Test:", interval lines from the server's side, its summary, "(receiver
 * statistics not available)" and CPU line), read as a server's log is,
 * with the client's settings (command line, -V's) unless the server
 * prints its own, its figures under reporter=server. */
static int text_lines(bdb_lines *itp, const ip_run *copy_of,
                      const ip_ctx *copy_cx, int fixed_line, bdb_sink *out)
{
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    ip_run r;
    bdb_iperf_run_init(&r, 1);
    if (copy_of) {
        cx.server_log = cx.server_copy = 1;
        cx.udp_hint = copy_cx->udp_hint || copy_of->udp;
        cx.window = copy_of->window;
        cx.duration_req = copy_of->duration_req;
        cx.target_bps = copy_of->target_bps;
        cx.omit_req = copy_of->omit_req;
        cx.block_printed = copy_of->block_printed;
        cx.streams_req = copy_of->streams_req;
        r.cmd = copy_of->cmd;
        bdb_iperf_new_run(&r, &cx, 0);
    }
    int nruns = 0, rc = 0;
    int after_rule = 0, summary = 0;
    /* an out-of-order count printed before the summary it belongs to
     * (3.2 and later print it ahead of the receiver's row): its line */
    double pend_ooo = 0;
    int pend_ooo_line = 0;
    const char *pend_p = NULL, *pend_e = NULL;
    /* under a header without "[ ID]" (idless); the line is such a row
     * (noid, read into nd, nrest); the note about them given */
    int idless = 0, noid = 0, noid_said = 0;
    ip_data nd;
    const char *nrest = NULL;
    /* other text (a label, a fence, prose) after a run's final lines: a
     * final line after it is another run's, whose head was cut */
    int foreign = 0;
    bdb_lines it = *itp;
    bdb_line ln;
    bdb_wrapped wr;
    bdb_wrapped_init(&wr);
    while (!rc && bdb_lines_next(&it, &ln)) {
        if (fixed_line)
            ln.no = fixed_line;   /* a JSON string's lines: its key's */
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (*p != '[' && *p != '-') {
            ip_cmd cmd;
            int k = bdb_iperf_cmd_line(p, e, 1, ln.no, &cmd, out);
            if (k < 0) {
                rc = k;
                break;
            }
            if (k > 0) {
                bdb_iperf_ctx_reset(&cx);
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                r.cmd = cmd;
                if (cmd.udp)
                    cx.udp_hint = r.udp = 1;
                continue;
            }
        }
        if (!copy_of && bdb_starts_with(p, e, "Server output:")) {
            /* the server's copy of this test: read apart, up to the
             * client's next line */
            bdb_lines stop;
            rc = server_section_end(&it, &stop);
            if (rc)
                break;
            bdb_lines sec = it;
            sec.len = stop.pos;
            rc = text_lines(&sec, &r, &cx, 0, out);
            it.pos = stop.pos;
            it.no = stop.no;
            continue;
        }
        if (bdb_starts_with(p, e, "iperf Done.")) {
            bdb_iperf_ctx_reset(&cx);
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            continue;
        }
        if (copy_of && bdb_starts_with(p, e, "iperf 3") &&
            !bdb_contains(p, e, "sec"))
            continue;   /* the server's version, not the client's */
        if (bdb_starts_with(p, e, "Connecting to host") ||
            bdb_starts_with(p, e, "Server listening on") ||
            bdb_starts_with(p, e, "Accepted connection from") ||
            (bdb_starts_with(p, e, "iperf 3") && !bdb_contains(p, e, "sec"))) {
            int server = p[0] == 'S' || p[0] == 'A';
            if (bdb_iperf_has_data(&r)) {
                bdb_iperf_ctx_reset(&cx);
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
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
        if (bdb_starts_with(p, e, "iperf3: interrupt") &&
            (r.nfinal > 0 || !bdb_iperf_has_data(&r)))
            continue;   /* a server stopped between tests: nothing lost */
        if (bdb_starts_with(p, e, "iperf3: error") ||
            bdb_starts_with(p, e, "iperf3: interrupt") ||
            bdb_starts_with(p, e, "iperf3.exe: error") ||
            bdb_starts_with(p, e, "warning:")) {
            bdb_iperf_warn_line(out, ln.no, "iperf3 reported", p, e);
            continue;
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
            if (!v3_cpu(p, e, &r, ln.no))
                bdb_iperf_warn_line(out, ln.no,
                                    "expected 'CPU Utilization: local/... "
                                    "X%, remote/... Y%'",
                                    p, e);
            continue;
        }
        if (bdb_starts_with(p, e, "- - - -") ||
            bdb_starts_with(p, e, "Test Complete. Summary Results:")) {
            /* -V prints its "Test Complete" after the rule, before the
             * summary's header (iperf_api.c iperf_print_results): a page
             * that left out the intervals keeps it without the rule */
            after_rule = 1;
            continue;
        }
        if (*p != '[') {
            int bitrate;
            if (bdb_iperf3_idless_header(p, e, &bitrate)) {
                /* the header quoted without "[ ID]": its rows are read
                 * (iperf3_idless.c), summaries when all begin at 0 */
                if (r.nfinal > 0) {
                    rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                    if (rc)
                        break;
                }
                idless = 1;
                after_rule = 0;
                summary = bdb_iperf3_idless_summaries(it.buf + it.pos,
                                                      it.buf + it.len);
                cx.hdr_retr = bdb_contains(p, e, " Retr");
                cx.hdr_seen = 1;
                if (bdb_contains(p, e, "Jitter") ||
                    bdb_contains(p, e, "Datagrams"))
                    cx.udp_hint = r.udp = 1;
                continue;
            }
            int shape3;
            noid = idless && bdb_iperf3_idless_row(p, e, &nd, &nrest, &shape3);
            if (noid) {
                if (!noid_said) {
                    noid_said = 1;
                    rc = bdb_sink_info(out, ln.no,
                                       "iperf3 rows quoted without their "
                                       "'[ ID]' column: the stream id is "
                                       "not given");
                    if (rc)
                        break;
                }
                after_rule = 0;
                goto data_row;
            }
            idless = 0;
            if (r.nfinal > 0 && !elision(p, e) && !v3_after_summary(p, e))
                foreign = 1;
            continue;
        }
        idless = noid = 0;
        const char *q = p;
        ip_br br;
        if (!bdb_iperf_parse_bracket(&q, e, &br))
            continue;
        if (br.kind != BR_HDR)
            after_rule = 0;
        if (br.kind == BR_HDR && r.nfinal > 0) {
            /* a second summary header: the summaries of another run
             * (quoted one after the other, the intervals left out) */
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            if (rc)
                break;
        }
        if (br.kind == BR_HDR) {
            /* a header right after the "- - -" rule opens the summary */
            summary = after_rule;
            after_rule = 0;
            cx.hdr_retr = bdb_contains(q, e, " Retr");
            cx.hdr_seen = 1;
            if (bdb_contains(q, e, "Jitter") || bdb_contains(q, e, "Datagrams"))
                cx.udp_hint = r.udp = 1;
            if (br.role == -2)
                r.bidir = 1;
            continue;
        }
        if (br.kind == BR_OTHER)
            continue;
        const char *b = bdb_skip_ws(q, e);
        if (bdb_starts_with(b, e, "(sender statistics not available)") ||
            bdb_starts_with(b, e, "(receiver statistics not available)")) {
            /* iperf_api.c (3.7+): a side the test did not see, in place
             * of its summary line: no figure, the [ID] is no number */
            rc = bdb_sink_cover(out, ln.no, ln.no);
            continue;
        }
        if (bdb_starts_with(b, e, "local ") && bdb_contains(b, e, "connected")) {
            if (bdb_iperf_has_data(&r)) {
                rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
                if (rc)
                    break;
            }
            /* the flow of a connection is known from its data lines only */
            if (br.kind == BR_NUM)
                rc = bdb_iperf_conn_add(&r, br.id, 0, -1);
            continue;
        }
        if (bdb_starts_with(b, e, "Sent ")) {
            /* 3.0 / 3.1 UDP clients: "[  4 ] Sent 996 datagrams" */
            const char *t = b + strlen("Sent ");
            long long n;
            if (bdb_scan_int(&t, e, &n) && n >= 0 &&
                bdb_scan_lit(&t, e, "datagrams", 1)) {
                int fl = br.role >= 0 ? br.role
                         : cx.reverse || (r.cmd.have && r.cmd.reverse)
                             ? FLOW_S2C : FLOW_C2S;
                long ei = bdb_iperf_ent_get(&r, fl, br.id);
                if (ei < 0) {
                    rc = BDB_ENOMEM;
                    break;
                }
                r.ents[ei].have_sent = 1;
                r.ents[ei].sent = (double)n;
                r.ents[ei].sent_line = ln.no;
            }
            continue;
        }
    data_row:;
        ip_data d;
        const char *rest = NULL;
        int k = 1;
        if (noid) {
            d = nd;
            rest = nrest;
        } else {
            k = bdb_iperf_parse_data(p, e, ln.no, &d, &rest, out);
        }
        if (k > 0 && d.ooo) {
            /* 3.0 / 3.1 UDP: "[SUM]  0.0-10.0 sec  1563 datagrams received
             * out-of-order" after the summary (iperf_api.c): the count
             * of the run's last summary line, the receiver's */
            ip_obs *f = NULL;
            for (size_t i = r.nobs; i-- > 0;)
                if (r.obs[i].final == 1) {
                    f = &r.obs[i];
                    break;
                }
            if (f) {
                f->have_ooo = 1;
                f->ooo = d.ooo_n;
                f->ooo_line = ln.no;
            } else if (pend_ooo_line) {
                bdb_iperf_warn_line(out, pend_ooo_line,
                                    "an out-of-order count no summary "
                                    "line took, not read",
                                    pend_p, pend_e);
            }
            if (!f) {
                /* 3.2 and later: before the receiver's summary row */
                pend_ooo = d.ooo_n;
                pend_ooo_line = ln.no;
                pend_p = p;
                pend_e = e;
            }
            continue;
        }
        if (k <= 0)
            continue;
        ip_obs o0;
        memset(&o0, 0, sizeof o0);
        ip_figs fs;
        memset(&fs, 0, sizeof fs);
        int label;
        /* a summary row a page re-flowed: its end ("0/1526 (0%)",
         * "sender") on the next line */
        bdb_lines peek;
        bdb_line nx;
        const char *ce, *c = bdb_wrapped_next(&it, &peek, &nx, &ce);
        ip_data nx_row;
        const char *nx_rest;
        int nx_shape;
        if (c && label_tail(c, ce) &&
            !(noid && bdb_iperf3_idless_row(c, ce, &nx_row, &nx_rest,
                                            &nx_shape))) {
            const char *jp, *je;
            rc = bdb_wrapped_two(&wr, rest, e, " ", c, ce, nx.no, &jp, &je);
            if (rc)
                break;
            cx.wrapped = &wr;
            fs.cont = 1;
            fs.line = ln.no;
            bdb_iperf_parse_rest(jp, je, &cx, 1, &o0, &label, &fs, out,
                                 ln.no);
            cx.wrapped = NULL;
            it = peek;
        } else {
            cx.lp = ln.p;
            cx.le = ln.end;
            bdb_iperf_parse_rest(rest, e, &cx, 1, &o0, &label, &fs, out,
                                 ln.no);
            cx.lp = cx.le = NULL;
        }
        double lone_jitter = 0;
        int have_lone_jitter = noid && !o0.have_jitter &&
                               bdb_iperf3_idless_jitter(rest, e, &lone_jitter);
        if (o0.have_lt)
            r.udp = 1;
        if ((rc = bdb_iperf_warn_lost(&o0, out, ln.no)))
            break;
        /* iperf3 3.0 / 3.1 UDP: one unlabelled summary line, the client's
         * rate with the server's jitter and loss */
        if (label < 0 && summary && fabs(d.start) < 1e-9 && !o0.omitted)
            label = SIDE_RCV;
        if (label >= 0 && foreign && r.nfinal > 0) {
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            if (rc)
                break;
        }
        foreign = 0;
        if (label < 0 && r.nfinal > 0) {
            /* an interval after a summary: the next run (trimmed logs) */
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            if (rc)
                break;
        }
        if (label < 0 && !o0.omitted && restarts(&r, &d)) {
            /* intervals begin again at 0: another test, its summary
             * left out (a page quoting several --logfile excerpts) */
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
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
            flow = cx.reverse || (r.cmd.have && r.cmd.reverse) ? FLOW_S2C
                                                               : FLOW_C2S;
        }
        if (label >= 0 && repeats_final(&r, flow, d.br.id, label)) {
            rc = bdb_iperf_finish_run(&r, &cx, out, ln.no, &nruns);
            if (rc)
                break;
        }
        ip_obs *o;
        rc = bdb_iperf_add_obs(&r, flow, d.br.id, label >= 0 ? label : SIDE_SND,
                               label >= 0 ? 1 : -1, &d, ln.no, &o);
        if (rc)
            break;
        bdb_iperf_obs_cols(o, &d, ln.p, ln.end);
        if (label >= 0)
            r.nfinal++;
        bdb_iperf_copy_line_details(o, &o0);
        if (label >= 0 && pend_ooo_line) {
            o->have_ooo = 1;
            o->ooo = pend_ooo;
            o->ooo_line = pend_ooo_line;
            pend_ooo_line = 0;
        }
        if (have_lone_jitter && label == SIDE_RCV) {
            /* a receiver's jitter without its Lost/Total columns (a
             * quoter left them out): the stream's, as with them */
            ip_ent *en = &r.ents[o->ent];
            en->have_jitter = 1;
            en->jitter_ms = lone_jitter;
            en->jitter_line = ln.no;
        }
    }
    if (!rc && pend_ooo_line)
        bdb_iperf_warn_line(out, pend_ooo_line,
                            "an out-of-order count no summary line took, "
                            "not read",
                            pend_p, pend_e);
    if (!rc)
        rc = bdb_iperf_finish_run(&r, &cx, out, 0, &nruns);
    bdb_iperf_run_free(&r);
    bdb_wrapped_free(&wr);
    *itp = it;
    return rc;
}

/* "385 Mbits/sec    0             sender": a summary row without its
 * "[ID]", Interval and Transfer columns. */
static int headless_row(const char *p, const char *e)
{
    while (p < e && *p == '>')
        p = bdb_skip_ws(p + 1, e);
    bdb_trim(&p, &e);
    double v;
    if (!bdb_scan_number(&p, e, &v, 0))
        return 0;
    p = bdb_skip_ws(p, e);
    const char *u = p;
    while (p < e && *p != ' ' && *p != '\t')
        p++;
    if (p - u < 8 || memcmp(p - 8, "bits/sec", 8) != 0)
        return 0;
    for (;;) {
        p = bdb_skip_ws(p, e);
        if (!bdb_scan_number(&p, e, &v, 0))
            break;
    }
    return bdb_span_eq(p, e, "sender") || bdb_span_eq(p, e, "receiver");
}

int bdb_iperf3_headless_rows(const char *buf, size_t len, int *first,
                             int *last, int *header)
{
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    *first = *last = *header = 0;
    int prev_hdr = 0;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (headless_row(p, e)) {
            if (!*first) {
                *first = ln.no;
                *header = prev_hdr;
            }
            *last = ln.no;
        } else if (!bdb_contains(p, e, "[ ID]") &&
                   (bdb_contains(p, e, "Bitrate") ||
                    bdb_contains(p, e, "Bandwidth"))) {
            prev_hdr = ln.no;
        }
    }
    return *first != 0;
}
