/* bdb_iperf2_text_parse.c - iperf 2 text output, client and server side (-s), with
 * -e, -d/-r, -P, -u and every -f format (see parse_iperf.c). */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

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

static ip_conn *conn_find(ip_run *r, long id)
{
    for (int i = 0; i < r->nconn; i++)
        if (r->conn[i].id == id)
            return &r->conn[i];
    return NULL;
}

int bdb_iperf2_text_parse(const char *buf, size_t len, bdb_sink *out,
                          bdb_diag *diag)
{
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    ip_run r;
    bdb_iperf_run_init(&r, 0);
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
            if (bdb_iperf_has_data(&r)) {
                bdb_iperf_ctx_reset(&cx);
                rc = bdb_iperf_finish_run(&r, &cx, out, diag, ln.no, &nruns);
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
        if (bdb_contains(p, e, "connect failed") && !bdb_iperf_has_data(&r)) {
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
        if (!bdb_iperf_parse_bracket(&q, e, &br))
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
            if (bdb_iperf_has_data(&r)) {
                rc = bdb_iperf_finish_run(&r, &cx, out, diag, ln.no, &nruns);
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
        int k = bdb_iperf_parse_data(p, e, ln.no, &d, &rest, diag);
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
        bdb_iperf_parse_rest(rest, e, &cx, 0, &o0, &label);
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
        rc = bdb_iperf_add_obs(&r, flow, d.br.id, recv ? SIDE_RCV : SIDE_SND, final, &d,
                               ln.no, &o);
        if (rc)
            break;
        bdb_iperf_copy_line_details(o, &o0);
    }
    if (!rc)
        rc = bdb_iperf_finish_run(&r, &cx, out, diag, 0, &nruns);
    bdb_iperf_run_free(&r);
    if (!rc && out->n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0,
                          "no iperf result line (expected '[ ID] Interval "
                          "Transfer Bandwidth' rows)");
    return rc;
}
