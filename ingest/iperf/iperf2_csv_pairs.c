/* iperf2_csv_pairs.c - which way the data of an iperf 2 -y C row flowed,
 * and which rows are the server's report of another.
 *
 * A CSV row names its connection: local address and port, then remote
 * (ReportOutputs.c, reporter_print_* / CSV). A UDP client prints its own
 * row, then the server's report of the same connection as a row with the
 * two ends swapped and the receiver's jitter and loss; a dual test (-d,
 * -r) adds the rows of the connection the server opened back, whose local
 * port (client side) is the one the client listened on:
 *
 *   ...,192.168.0.8,59608,172.16.60.140,5001,3,0.0-10.0,393577800,314824870
 *   ...,172.16.60.140,5001,192.168.0.8,59608,3,0.0-9.8,...,0.114,539,...
 *   ...,192.168.0.8,5001,172.16.60.140,51402,4,0.0-10.0,...,0.060,3822,...
 *
 * (a public ChromiumOS test fixture, UDP -d). The server's port is the
 * lower port of the first row (iperf listens on 5001 or a -p port below
 * the ephemeral range); a log whose first row is local to that port is a
 * server's. Files with no swapped pair and one direction only keep no
 * direction, as before. */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

#include <stdlib.h>
#include <string.h>

typedef struct csv_conn {
    char end[2][IP_CSV_FIELD_MAX * 2]; /* "ip port" local, remote */
    int flow, side;
} csv_conn;

static void end_key(char *out, size_t n, const char *ip, const char *port)
{
    size_t a = strlen(ip), b = strlen(port);
    if (a + b + 2 > n)
        a = b = 0;
    memcpy(out, ip, a);
    out[a] = ' ';
    memcpy(out + a + 1, port, b);
    out[a + b + 1] = '\0';
}

static long port_of(const char *s)
{
    char *e;
    long v = strtol(s, &e, 10);
    return *s && !*e && v > 0 && v < 65536 ? v : -1;
}

static csv_conn *find(const csv_pairs *pp, const char *l, const char *r)
{
    for (size_t i = pp->n; i-- > 0;)
        if (!strcmp(pp->c[i].end[0], l) && !strcmp(pp->c[i].end[1], r))
            return &pp->c[i];
    return NULL;
}

static int place(csv_pairs *pp, const csv_row *row, int *flow, int *side,
                 int *report)
{
    char l[sizeof pp->c[0].end[0]], r[sizeof pp->c[0].end[0]];
    end_key(l, sizeof l, row->f[1], row->f[2]);
    end_key(r, sizeof r, row->f[3], row->f[4]);
    long lport = port_of(row->f[2]), rport = port_of(row->f[4]);
    *report = 0;
    csv_conn *c = find(pp, r, l);
    if (c) {
        /* the other end's report of a connection seen before */
        *flow = c->flow;
        *side = !c->side;
        *report = 1;
        pp->paired = 1;
        return 0;
    }
    if ((c = find(pp, l, r)) != NULL) {
        *flow = c->flow;
        *side = c->side;
        return 0;
    }
    if (pp->server_port < 0 && lport > 0 && rport > 0) {
        pp->server_port = lport < rport ? lport : rport;
        pp->server_log = lport == pp->server_port;
    }
    int to_server = rport == pp->server_port;
    int at_server = lport == pp->server_port;
    if (pp->server_log) {
        *flow = at_server || !to_server ? FLOW_C2S : FLOW_S2C;
        *side = *flow == FLOW_C2S ? SIDE_RCV : SIDE_SND;
    } else {
        *flow = to_server || !at_server ? FLOW_C2S : FLOW_S2C;
        *side = *flow == FLOW_C2S ? SIDE_SND : SIDE_RCV;
    }
    if (*flow == FLOW_S2C)
        pp->both_ways = 1;
    if (pp->n == pp->cap) {
        size_t cap = pp->cap ? pp->cap * 2 : 8;
        csv_conn *nc = realloc(pp->c, cap * sizeof *nc);
        if (!nc)
            return BDB_ENOMEM;
        pp->c = nc;
        pp->cap = cap;
    }
    c = &pp->c[pp->n++];
    memcpy(c->end[0], l, sizeof l);
    memcpy(c->end[1], r, sizeof r);
    c->flow = *flow;
    c->side = *side;
    return 0;
}

void bdb_iperf2_csv_pairs_init(csv_pairs *pp)
{
    memset(pp, 0, sizeof *pp);
    pp->server_port = -1;
}

void bdb_iperf2_csv_pairs_reset(csv_pairs *pp)
{
    int directional = pp->directional;
    pp->n = 0;
    pp->server_port = -1;
    pp->server_log = pp->paired = pp->both_ways = 0;
    pp->directional = directional;
}

void bdb_iperf2_csv_pairs_free(csv_pairs *pp)
{
    free(pp->c);
    memset(pp, 0, sizeof *pp);
}

int bdb_iperf2_csv_pairs_scan(csv_pairs *pp, const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        int flow, side, report;
        if (p == e || !bdb_iperf2_csv_row(p, e, &row) || row.overflow)
            continue;
        if (place(pp, &row, &flow, &side, &report))
            return BDB_ENOMEM;
    }
    int directional = pp->paired || pp->both_ways;
    bdb_iperf2_csv_pairs_reset(pp);
    pp->directional = directional;
    return 0;
}

int bdb_iperf2_csv_pairs_place(csv_pairs *pp, const csv_row *row, int *flow,
                               int *side, int *report)
{
    if (!pp->directional) {
        *flow = FLOW_NONE;
        *side = SIDE_SND;
        *report = 0;
        return 0;
    }
    return place(pp, row, flow, side, report);
}
