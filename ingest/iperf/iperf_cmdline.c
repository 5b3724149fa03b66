/* iperf_cmdline.c - the iperf / iperf3 command line a capture holds
 * (`$ iperf3 -c host -P 4 -R -t 5`, `time iperf -c ... -u -b 100M`), read
 * with each tool's own getopt string so that its settings become the
 * parameters of the run that follows.
 *
 * Option strings, from the tools (Debian's binaries and sources):
 *   iperf 2.1.8 (src/Settings.cpp): "146b:c:def:hi:l:mn:o:p:rst:uvw:x:y:z
 *     AB:CDF:H:IL:M:NP:RS:T:UVWXZ:". -l/-w go through byte_atoi (stdio.c:
 *     K/M/G = 2^10/2^20/2^30, k/m/g = 10^3/10^6/10^9); -b ("pps" a packet
 *     rate, "a,b" a mean and a deviation, see below); -Z names the TCP
 *     congestion control; -d dual test, -r tradeoff, -R reverse. In 2.1.8
 *     -b goes through the same 2^10 / 10^3 rule in bits per second: "-b
 *     100M -l 1470" prints "IPG target: 112.15 us" (1470 * 8 / 112.15 us =
 *     104.86 Mbit/s = 100 * 2^20), see samples/iperf/udp.txt. Newer
 *     sources' bitorbyte_atof (uppercase = bytes, x8) is not what 2.1.8
 *     does.
 *   iperf3 3.12 (src/iperf_api.c): "p:f:i:D1VJvsc:ub:t:n:k:l:P:Rw:B:M:N46S:
 *     L:ZO:F:A:T:C:dI:hX:". -l/-w through unit_atoi/unit_atof (units.c:
 *     k and K alike = 1024); -b through unit_atof_rate (k/K = 1000, "N/B"
 *     adds a burst); -Z zero copy, -C congestion control, -O omit seconds,
 *     --bidir both directions at once, -n bytes / -k blocks instead of a
 *     time (iperf2 -n likewise). */
#include "iperf_internal.h"
#include "../cmdline.h"
#include "../../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const tools2[] = {"iperf", "iperf2", "iperf.exe", NULL};
static const char *const tools3[] = {"iperf3", "iperf3.exe", NULL};

static const char *const longs2[] = {
    "bandwidth:", "client:", "dualtest", "enhanced", "format:", "help",
    "interval:", "len:", "print_mss", "num:", "output:", "port:",
    "tradeoff", "server", "time:", "udp", "version", "window:",
    "reportexclude:", "reportstyle:", "realtime", "bind:", "compatibility",
    "daemon", "file_input:", "stdin_input", "listenport:", "mss:",
    "nodelay", "parallel:", "reverse", "tos:", "ttl:", "single_udp",
    "ipv6_domain", "suggest_win_size", "linux-congestion:",
    "tcp-congestion:", "full-duplex", "trip-times", "histograms",
    "isochronous:", "txstart-time:", "sum-only", "bidir", "hide-ips",
    "incr-dstip", "no-connect-sync", "permit-key", "tcp-write-prefetch:",
    NULL};

static const char *const longs3[] = {
    "port:", "format:", "interval:", "daemon", "one-off", "verbose", "json",
    "version", "server", "client:", "udp", "bitrate:", "bandwidth:",
    "time:", "bytes:", "blockcount:", "length:", "parallel:", "reverse",
    "bidir", "window:", "bind:", "set-mss:", "no-delay", "version4",
    "version6", "tos:", "dscp:", "flowlabel:", "zerocopy", "omit:",
    "file:", "affinity:", "title:", "congestion:", "linux-congestion:",
    "debug", "help", "get-server-output", "udp-counters-64bit",
    "repeating-payload", "timestamps", "logfile:", "forceflush", "cport:",
    "fq-rate:", "pacing-timer:", "connect-timeout:", "rcv-timeout:",
    "snd-timeout:", "extra-data:", "username:", "rsa-public-key-path:",
    "dont-fragment", "json-stream", "bind-dev:", "mptcp", "gsro",
    "skip-rx-copy", "cntl-ka", "use-pkcs1-padding", NULL};

typedef struct cmd_walk {
    ip_cmd *cmd;
    bdb_sink *out;
    int line;
    int v3;
} cmd_walk;

/* A number with an optional one-letter suffix, as the tool reads it:
 * kind 'b' byte sizes (iperf2 byte_atoi, iperf3 unit_atof), 'r' rates
 * (iperf2 bitorbyte_atof, iperf3 unit_atof_rate). 0 when it does not read
 * as a plain number with a known suffix. */
static int opt_value(const char *s, int v3, int kind, double *v)
{
    const char *p = s, *e = s + strlen(s);
    double x;
    if (!bdb_scan_number(&p, e, &x, 0) || x < 0)
        return 0;
    double m = 1;
    if (p < e) {
        char c = *p++;
        double k = 1;
        int up = c >= 'A' && c <= 'Z';
        switch (c) {
        case 'k': case 'K': k = 1; break;
        case 'm': case 'M': k = 2; break;
        case 'g': case 'G': k = 3; break;
        case 't': case 'T': k = 4; break;
        default: return 0;
        }
        double base;
        if (v3)
            base = kind == 'b' ? 1024.0 : 1000.0;
        else
            base = up ? 1024.0 : 1000.0;
        for (int i = 0; i < (int)k; i++)
            m *= base;
    }
    /* iperf3 "-b 100M/50" (burst), iperf2 "-b 100M,10M" (deviation) */
    if (p < e && !((kind == 'r') && (*p == '/' || *p == ',')))
        return 0;
    *v = x * m;
    return 1;
}

static void bad_value(cmd_walk *w, const char *opt, const char *value)
{
    bdb_sink_warn(w->out, w->line,
                  "iperf%s -%s '%.60s' on the command line is not a number "
                  "iperf reads; not kept as a parameter",
                  w->v3 ? "3" : "", opt, value);
}

static int on_opt(const char *name, const char *value, void *ctx)
{
    cmd_walk *w = ctx;
    ip_cmd *c = w->cmd;
    double v;
#define IS(s) (strcmp(name, s) == 0)
    if (IS("u") || IS("udp")) {
        c->udp = 1;
    } else if (IS("R") || IS("reverse")) {
        c->reverse = 1;
    } else if (IS("bidir") || (!w->v3 && (IS("d") || IS("dualtest") ||
                                          IS("full-duplex")))) {
        c->bidir = 1;
    } else if (!w->v3 && (IS("r") || IS("tradeoff"))) {
        c->tradeoff = 1;
    } else if (w->v3 && (IS("Z") || IS("zerocopy"))) {
        c->zerocopy = 1;
    } else if ((w->v3 && (IS("C") || IS("congestion") ||
                          IS("linux-congestion"))) ||
               (!w->v3 && (IS("Z") || IS("tcp-congestion") ||
                           IS("linux-congestion")))) {
        if (value)
            bdb_strlcpy(c->congestion, sizeof c->congestion, value);
    } else if (!value) {
        return 0;
    } else if (IS("P") || IS("parallel")) {
        if (opt_value(value, w->v3, 'b', &v) && v >= 1 && v < 1e6 &&
            v == (double)(int)v)
            c->streams = (int)v;
        else
            bad_value(w, name, value);
    } else if (IS("t") || IS("time")) {
        if (opt_value(value, w->v3, 'x', &v) && v > 0 &&
            strcspn(value, "kKmMgGtT") == strlen(value))
            c->duration = v;
        else
            bad_value(w, name, value);
    } else if (IS("b") || IS("bitrate") || IS("bandwidth")) {
        if (!w->v3 && bdb_contains(value, value + strlen(value), "pps"))
            return 0;   /* a packet rate, not a bit rate */
        if (opt_value(value, w->v3, 'r', &v))
            c->bandwidth = v;
        else
            bad_value(w, name, value);
    } else if (IS("l") || IS("len") || IS("length")) {
        if (opt_value(value, w->v3, 'b', &v) && v > 0)
            c->length = v;
        else
            bad_value(w, name, value);
    } else if (IS("w") || IS("window")) {
        if (opt_value(value, w->v3, 'b', &v) && v > 0)
            c->window = v;
        else
            bad_value(w, name, value);
    } else if (IS("n") || IS("num") || IS("bytes")) {
        if (opt_value(value, w->v3, 'b', &v) && v > 0)
            c->bytes = v;
        else
            bad_value(w, name, value);
    } else if (w->v3 && (IS("k") || IS("blockcount"))) {
        if (opt_value(value, 1, 'b', &v) && v > 0)
            c->blocks = v;
        else
            bad_value(w, name, value);
    } else if (w->v3 && (IS("O") || IS("omit"))) {
        if (opt_value(value, 1, 'x', &v) &&
            strcspn(value, "kKmMgGtT") == strlen(value))
            c->omit = v;
        else
            bad_value(w, name, value);
    }
#undef IS
    return 0;
}

int bdb_iperf_is_cmd_line(const char *p, const char *end, int v3)
{
    bdb_cmdline cl;
    int rc = bdb_cmdline_parse_line(p, end, v3 ? tools3 : tools2, &cl);
    if (rc <= 0)
        return rc < 0 ? BDB_ENOMEM : 0;
    bdb_cmdline_free(&cl);
    return 1;
}

int bdb_iperf_cmd_line(const char *p, const char *end, int v3, int line,
                       ip_cmd *cmd, bdb_sink *out)
{
    bdb_cmdline cl;
    int rc = bdb_cmdline_parse_line(p, end, v3 ? tools3 : tools2, &cl);
    if (rc <= 0)
        return rc < 0 ? BDB_ENOMEM : 0;
    memset(cmd, 0, sizeof *cmd);
    cmd->have = 1;
    cmd->line = line;
    cmd->v3 = v3;
    cmd_walk w = {cmd, out, line, v3};
    bdb_cmdline_getopt(&cl,
                       v3 ? "p:f:i:D1VJvsc:ub:t:n:k:l:P:Rw:B:M:N46S:L:ZO:F:"
                            "A:T:C:dI:hX:m"
                          : "146b:c:def:hi:l:mn:o:p:rst:uvw:x:y:zAB:CDF:H:"
                            "IL:M:NP:RS:T:UVWXZ:",
                       v3 ? longs3 : longs2, on_opt, &w);
    bdb_cmdline_free(&cl);
    return 1;
}
