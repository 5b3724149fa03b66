/* iperf2_csv_columns.c - the columns after "speed" of iperf 2.2's -y C
 * rows, by name.
 *
 * iperf 2.2.0 and later (src/Locale.c reportCSV_*) print the interval of
 * an enhanced (-e) row as two fields, istart,iend, and a header naming
 * the columns before the first such row, once:
 *   2.2.0 TCP write  ...,bytes,speed,writecnt,writeerr,tcpretry,tcpcwnd,
 *                    tcppcwnd,tcprtt,tcprttvar (cwnd in KBytes, rtt us)
 *         TCP read   ...,readcnt,bin0..bin7
 *         UDP        ...,jitter,errors,datagrams,errpercent,outoforder,
 *                    writecnt,writeerr,pps
 *         bounceback ...,bbcnt,bbavg,bbmin,bbmax,bbstdev,tcpretry,tcpcwnd,
 *                    tcprtt,rps (ms)
 *   2.2.1 adds UDP readcnt,readtimeo,readerrlen or writecnt,writeerr,
 *         writetimeo before pps; --trip-times ttavg,ttmin,ttmax,ttsdev
 *         (ms),ttcnt,ttsize; --isochronous itavg..itsdev (ms, frames);
 *         bounceback tcppcwnd,tcprttvar,txbytes,rxbytes.
 * The header's names are read when the row has as many fields; a row
 * quoted without it is matched to these layouts by its field count and
 * which fields hold a decimal point. A column of no known name, or one
 * that no layout names (2.2.1's three UDP counters without a header),
 * is a warning at its row naming it; -1 is iperf's "unknown". */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>

typedef struct csv_col {
    const char *name, *metric;
    double scale;
    const char *unit;
    bdb_better better;
} csv_col;

static const csv_col cols[] = {
    {"writecnt", "writes", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"writeerr", "write_errors", 1, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"writetimeo", "write_timeouts", 1, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"readcnt", "reads", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"readtimeo", "read_timeouts", 1, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"readerrlen", "read_length_errors", 1, BDB_UNIT_COUNT,
     BDB_LOWER_IS_BETTER},
    {"bin0", "reads_bin1", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin1", "reads_bin2", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin2", "reads_bin3", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin3", "reads_bin4", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin4", "reads_bin5", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin5", "reads_bin6", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin6", "reads_bin7", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bin7", "reads_bin8", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"tcpcwnd", "cwnd", 1024, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"tcppcwnd", "cwnd_pkts", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"tcprtt", "rtt", 1e-6, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"tcprttvar", "rtt_var", 1e-6, BDB_UNIT_SECONDS, BDB_NEUTRAL},
    {"pps", "pps", 1, BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER},
    {"ttavg", "latency_mean", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"ttmin", "latency_min", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"ttmax", "latency_max", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"ttsdev", "latency_stdev", 1e-3, BDB_UNIT_SECONDS, BDB_NEUTRAL},
    {"ttcnt", "latency_count", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"ttsize", "latency_bytes", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"itavg", "frame_latency_mean", 1e-3, BDB_UNIT_SECONDS,
     BDB_LOWER_IS_BETTER},
    {"itmin", "frame_latency_min", 1e-3, BDB_UNIT_SECONDS,
     BDB_LOWER_IS_BETTER},
    {"itmax", "frame_latency_max", 1e-3, BDB_UNIT_SECONDS,
     BDB_LOWER_IS_BETTER},
    {"itsdev", "frame_latency_stdev", 1e-3, BDB_UNIT_SECONDS, BDB_NEUTRAL},
    {"itcnt", "frame_latency_count", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"itsize", "frame_latency_bytes", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"bbcnt", "bounceback_count", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"bbavg", "latency_mean", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"bbmin", "latency_min", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"bbmax", "latency_max", 1e-3, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"bbstdev", "latency_stdev", 1e-3, BDB_UNIT_SECONDS, BDB_NEUTRAL},
    {"txbytes", "tx_bytes", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"rxbytes", "rx_bytes", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"rps", "requests_per_sec", 1, BDB_UNIT_OPS_PER_S,
     BDB_HIGHER_IS_BETTER},
};

/* The layouts of 2.2.0 and 2.2.1 rows quoted without their header,
 * after "speed"; "" a column they do not tell apart. */
static const char *const tcp_write[] = {"writecnt", "writeerr", "tcpretry",
                                        "tcpcwnd", "tcppcwnd", "tcprtt",
                                        "tcprttvar", NULL};
static const char *const tcp_read[] = {"readcnt", "bin0", "bin1", "bin2",
                                       "bin3", "bin4", "bin5", "bin6",
                                       "bin7", NULL};
static const char *const udp_220[] = {"jitter", "errors", "datagrams",
                                      "errpercent", "outoforder",
                                      "writecnt", "writeerr", "pps", NULL};
static const char *const udp_221[] = {"jitter", "errors", "datagrams",
                                      "errpercent", "outoforder", "", "",
                                      "", "pps", NULL};
static const char *const bb_220[] = {"bbcnt", "bbavg", "bbmin", "bbmax",
                                     "bbstdev", "tcpretry", "tcpcwnd",
                                     "tcprtt", "rps", NULL};
static const char *const bb_221[] = {"bbcnt", "bbavg", "bbmin", "bbmax",
                                     "bbstdev", "tcpretry", "tcpcwnd",
                                     "tcppcwnd", "tcprtt", "tcprttvar",
                                     "txbytes", "rxbytes", "rps", NULL};
static const char *const tcp_trip[] = {"ttavg", "ttmin", "ttmax", "ttsdev",
                                       "ttcnt", "ttsize", "readcnt", "bin0",
                                       "bin1", "bin2", "bin3", "bin4",
                                       "bin5", "bin6", "bin7", NULL};
static const char *const udp_trip[] = {"jitter", "errors", "datagrams",
                                       "errpercent", "outoforder", "ttavg",
                                       "ttmin", "ttmax", "ttsdev", "ttcnt",
                                       "ttsize", "readcnt", "readtimeo",
                                       "readerrlen", "pps", NULL};
static const char *const udp_isoch[] = {"jitter", "errors", "datagrams",
                                        "errpercent", "outoforder", "ttavg",
                                        "ttmin", "ttmax", "ttsdev", "itavg",
                                        "itmin", "itmax", "itsdev",
                                        "readcnt", "readtimeo",
                                        "readerrlen", "pps", NULL};

static int has_dot(const csv_row *row, int i)
{
    return i < row->n && strchr(row->f[i], '.') != NULL;
}

/* The names of the m columns after "speed" (field 10) of a row printed
 * without its header, or NULL. */
static const char *const *guess(const csv_row *row, int m)
{
    switch (m) {
    case 7:
        return tcp_write;
    case 8:
        return has_dot(row, 10) ? udp_220 : tcp_read;
    case 9:
        return has_dot(row, 10) ? udp_221 : bb_220;
    case 13:
        return bb_221;
    case 15:
        return has_dot(row, 11) ? tcp_trip : udp_trip;
    case 17:
        return udp_isoch;
    default:
        return NULL;
    }
}

int bdb_iperf2_csv_header(const char *p, const char *e, csv_header *h)
{
    bdb_trim(&p, &e);
    if (!bdb_starts_with(p, e, "time,srcaddress,srcport,dstaddr,dstport,"))
        return 0;
    memset(h, 0, sizeof *h);
    while (p < e && h->n < IP_CSV_FIELDS) {
        const char *c = memchr(p, ',', (size_t)(e - p));
        const char *f = c ? c : e;
        char *name = h->names[h->n++];
        size_t cap = sizeof h->names[0];
        if ((size_t)(f - p) < cap)
            bdb_copy(name, cap, p, f);
        else /* no iperf column is named so long: kept cut, and said */
            snprintf(name, cap, "%.*s...", (int)(cap - 4), p);
        p = c ? c + 1 : e;
    }
    return 1;
}

static const csv_col *col_of(const char *name)
{
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++)
        if (!strcmp(cols[i].name, name))
            return &cols[i];
    return NULL;
}

static int number(const char *s, double *v)
{
    const char *p = s, *e = s + strlen(s);
    return bdb_scan_number(&p, e, v, 0) && p == e;
}

void bdb_iperf2_csv_columns(const csv_row *row, const csv_header *h,
                            ip_run *r, ip_obs *o, ip_figs *fs,
                            bdb_sink *out, int line)
{
    int m = row->n - 10;
    const char *const *g = NULL;
    if (m <= 0)
        return;
    if (!h || h->n != row->n)
        g = guess(row, m);
    char left[200]; /* the columns not read, named in the warning */
    size_t used = 0;
    int more = 0;   /* those past what left holds, counted */
    double lt[5];
    int nlt = 0;
    left[0] = '\0';
    for (int i = 0; i < m; i++) {
        const char *name = h && h->n == row->n ? h->names[10 + i]
                           : g ? g[i] : "";
        const char *s = row->f[10 + i];
        double v;
        int num = number(s, &v);
        static const char *const udp[5] = {"jitter", "errors", "datagrams",
                                           "errpercent", "outoforder"};
        int u = -1;
        for (int k = 0; k < 5; k++)
            if (!strcmp(name, udp[k]))
                u = k;
        const csv_col *c = col_of(name);
        if (num && u >= 0) {
            lt[u] = v;
            nlt |= 1 << u;
            continue;
        }
        if (num && !strcmp(name, "tcpretry")) {
            if (v >= 0) {
                o->have_retr = 1;
                o->retr = v;
            }
            continue;
        }
        /* -1: iperf does not know; an rtt of 0 was not measured */
        if (num && c && (v < 0 || (v == 0 && c->scale == 1e-6)))
            continue;
        if (num && c) {
            bdb_iperf_fig_add(fs, out, line, c->metric, v * c->scale, c->unit,
                              c->better);
            continue;
        }
        int k = snprintf(left + used, sizeof left - used, "%s%s=%s",
                         used ? ", " : "", name[0] ? name : "?", s);
        if (k > 0 && (size_t)k < sizeof left - used)
            used += (size_t)k;
        else
            more++;
    }
    /* UDP: jitter (ms), lost, total, lost %, out of order; a client's own
     * row has no receiver data (total -1) */
    if (nlt == 31) {
        r->udp = 1;
        bdb_iperf_obs_csv_udp(o, lt);
    } else if (nlt) {
        bdb_sink_warn(out, line, "iperf CSV row: some UDP columns (jitter, "
                      "errors, datagrams, errpercent, outoforder) are "
                      "missing; the others are not kept");
    }
    if (used || more) {
        left[used] = '\0';
        bdb_sink_warn(out, line, "iperf CSV columns not read (%s): %s%s%.0d%s",
                      g || (h && h->n == row->n)
                          ? "no known name"
                          : "a layout this version's rows do not have",
                      left, more ? (used ? " and " : "") : "", more,
                      more ? " more" : "");
    }
}
