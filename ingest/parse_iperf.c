/* parse_iperf.c - iperf 2 and iperf3 output: iperf2 text and its -y C CSV,
 * iperf3 text and its -J JSON. Two parsers share one model: "iperf" (iperf
 * 2.x) and "iperf3"; their sniffers tell the two apart on content.
 *
 * What the tools print
 * Where the code is: ingest/iperf/ (iperf_internal.h has the model;
 * iperf_common.c, iperf2_text.c, iperf2_csv.c, iperf3_text.c,
 * iperf3_json.c, iperf_cmdline.c); this file sniffs and dispatches.
 *
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
 *   end.sum, end.cpu_utilization_percent. 3.17+ --json-stream prints the
 *   same parts as events, one object a line ({"event":"start","data":
 *   ...}, "interval" each interval, "error", "server_output_json" /
 *   "_text", "end"), read as one document per test (iperf3_json.c).
 *   -J documents after text in one file (a text run then a -J run, a
 *   script's lines first): each part by its reader (iperf3_mixed.c). A
 *   summary row a page re-flowed, its "(0%)  receiver" on the next line,
 *   is read whole, each column at its own line (iperf3_text.c).
 *
 * Units (checked in the sources): both tools format with one routine
 * (iperf2 stdio.c byte_snprintf, iperf3 units.c unit_snprintf): lowercase
 * format letters are bits with a factor of 1000 ("Mbits/sec" = 10^6 bit/s,
 * "Kbits" = 10^3 even with a capital K), uppercase are bytes with a factor
 * of 1024 ("MBytes" = 2^20 bytes; "-f M" rates "MBytes/sec" = 2^20 * 8
 * bit/s). The Transfer column is printed with toupper(format) by iperf2
 * (KBytes under -f k, "Bytes" under -f b) and with 'A' (adaptive bytes)
 * by iperf3; a "Mbits" transfer, should a build print one, is /8. CSV and
 * JSON rates are plain bits per second, CSV/JSON bytes plain bytes.
 * Jitter and -e latency are printed in ms (JSON jitter_ms), RTT in us;
 * all stored in seconds.
 *
 * Model. Benchmark: "tcp" or "udp". Each run is split into flows by the
 * direction of the data, param direction = client_to_server (the default),
 * or server_to_client (-R, the reverse half of --bidir / --dualtest /
 * --tradeoff); both in one run add bidir=1 (an iperf 2 server's dual-test
 * [SUM] adds both directions and has no direction param). Params:
 * protocol, streams (of that flow; -V's or JSON's count when printed,
 * else -P, else the connections printed), duration (the requested seconds
 * when -V / JSON / -t say, otherwise the final interval's end rounded to a
 * whole second, 0.1 s below 1 s; none for -n / -k runs), window (bytes,
 * only when -w was asked for: "(default)" windows are not parameters; a
 * "WARNING: requested" window is the requested one), target_bandwidth
 * (bit/s: iperf3 -V "Target Bitrate", JSON target_bitrate when > 0, -b),
 * omit (-O, JSON omit, -V "omitting N seconds", when > 0), and from the
 * command line only: block_size (-l), bytes (-n), blockcount (-k),
 * tradeoff=1 (-r), zerocopy=1 (iperf3 -Z), congestion (iperf2 -Z, iperf3
 * -C). The command line (iperf_cmdline.c) applies to every run printed
 * after it until the next one; what the run prints wins over it, and a
 * disagreement is a warning at the command line. iperf2 CSV rows say
 * nothing about the direction: without a command line they get none.
 * Figures of the sum ([SUM], or the only stream) have no stream param;
 * with several streams each stream's figures are repeated with stream=K,
 * K the rank of iperf's [ID] among the flow's printed connections (1..N;
 * the IDs are socket numbers that change between runs).
 *   throughput (bit/s, higher): the receiver's final figure when the log has
 *     one (iperf3 "receiver" line, iperf2 Server Report or server-side
 *     line), else the sender's (iperf2 TCP clients print only that).
 *   throughput_sender (bit/s, higher): the sender's figure, when both exist.
 *   transfer / transfer_sender (bytes, neutral): the Transfer column (JSON
 *     and CSV bytes) of the same lines.
 *   retransmits (count, lower): iperf3 Retr, iperf2 -e Rtry.
 *   jitter (s, lower), loss (%, lower), lost_datagrams (count, lower),
 *     datagrams (count, neutral), out_of_order (count, lower): UDP, from
 *     the receiver's side; datagrams_sent (count): "Sent N datagrams".
 *     iperf3's UDP sender line prints the same columns (its jitter and
 *     loss are 0, its total the datagrams it sent): jitter_sender,
 *     loss_sender, lost_datagrams_sender, datagrams_sender. 3.0/3.1's
 *     "[SUM] ... N datagrams received out-of-order" after the summary is
 *     the out_of_order of its last summary line.
 *   iperf2 -e: writes, write_errors, cwnd (bytes, the K of "1151K/48 us"
 *     is 1024 bytes) and cwnd_pkts, inflight (bytes) and inflight_pkts
 *     (2.1's InF(pkts)/Cwnd(pkts)/RTT(var)), connect_time (s, "(ct=0.69
 *     ms)", each connection's), initial_rtt (s, 2.1's "(icwnd/mss/irtt=
 *     14/1448/709)" in us, each connection's), rtt, rtt_var (s), netpwr,
 *     pps (op/s),
 *     reads and reads_bin1..8 (server), latency_mean/min/max/stdev (s, UDP
 *     receivers); pps and netpwr of a sender line get a _sender suffix.
 *     2.2's counts named by the header: Write/Err/Timeo (write_timeouts),
 *     Read/Timeo/Trunc (reads, read_timeouts, read_truncated);
 *     --isochronous: isoch:tx/miss/slip (isoch_frames, _missed,
 *     isoch_slips), Frame:rx/lost (isoch_frames, _lost), Frame-latency
 *     (frame_latency_*), "(cnt/size)" (latency_count, latency_bytes),
 *     "Isoch schedule errors" (isoch_schedule_error_*, s); 2.2's -y C
 *     columns by name (iperf2_csv_columns.c).
 *   iperf3 JSON: cwnd_max, snd_wnd_max (bytes), rtt_mean/min/max (s) of
 *     each stream's sender object.
 *   interval_throughput_min / _max (bit/s, higher): over the interval lines
 *     of the sum (or only stream), omitted (-O) intervals and stub intervals
 *     shorter than half the longest one (iperf3 servers print "2.00-2.00")
 *     left out. Interval lines are never results of their own: each is
 *     a point of the trace of its stream's (or the [SUM]'s) throughput
 *     (iperf_trace.c), given after the run's figures.
 *   cpu_utilization_local / _remote (%, lower): iperf3 -V / JSON (a
 *     server's JSON has no remote figure: 0 is left out), and their
 *     _user / _system parts ("97.2% (1.9%u/95.3%s)", JSON host_user,
 *     host_system, remote_user, remote_system).
 * Trimmed iperf3 quotes: a second summary header, or text other than
 * iperf3's own (-V's congestion lines, an elision "...") between summary
 * lines, starts another run (summaries of several runs quoted under one
 * header with labels between); without any header, a sender line's lone
 * integer before "sender" is the Retr column (a "| tail -n 4"). A zero
 * receiver in a client's JSON is kept (nothing arrived); a server's
 * zeros for the half it did not send are left out.
 * The parser contract: an odd line, an error line ("connect failed: ...",
 * "iperf3: error - ...", "read failed: ..." repeated, counted once), a
 * cut capture (interval lines without a final one, a JSON object cut
 * short) is a warning at its line and every complete figure is kept;
 * nothing is invented. The readers return only memory errors; the ingest
 * layer fails a file with no figure, using the first warning.
 * --get-server-output: the server's copy after "Server output:" (text,
 * up to "iperf Done.", the next test or the client's --bidir [RX-C]
 * lines) is the server's log as iperf_api.c prints it (a -V banner,
 * "Starting Test:", its interval table: a sender's "Total Datagrams"
 * under -u -R, a receiver's jitter and loss; its summary, "(receiver
 * statistics not available)", its CPU line): read as a server log, with
 * the client's settings, its figures under param reporter=server, apart
 * from the client's. A -J client's server_output_json (the server ran
 * -J) is the server's -J document, read as one under reporter=server;
 * its server_output_text (the server without -J) is read as the text
 * copy, every figure at the key's line; --json-stream's server_output_*
 * events are covered, not read.
 * A counter that wrapped: a transfer of 2^63 bytes or more is a byte
 * count that went below zero in iperf's unsigned 64-bit counter, printed
 * as ~2^64 (iperf2 byte_snprintf "16384 PBytes", iperf3 unit_snprintf
 * "16777216 TBytes"): a warning at its line, nothing stored for it; an
 * iperf2 stream whose refused line from 0 came last has no final figure
 * (no interval stands in for it).
 * Known limit: an iperf2 log cut right after its first -i interval line
 * looks like a complete run (that line starts at 0 like a final one). */
#include "iperf/iperf_internal.h"
#include "cmdline.h"
#include "../common/bdb_scan.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Sniffing                                                            */

/* A JSON document, possibly after a few lines of command (`$ iperf3 -J
 * ...`): the first line that starts with '{' comes before any '[' line. */
static int is_json(const char *buf, size_t len)
{
    size_t i = bdb_bom_len(buf, len);
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf + i, len - i);
    int n = 0;
    while (bdb_lines_next(&it, &l) && n < 10) {
        const char *p = l.p, *e = l.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (*p == '{')
            return 1;
        if (*p == '[')
            return 0;
        n++;
    }
    return 0;
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

/* ---- a file holding runs of both tools -------------------------------- */

static const char *const cmd_tools2[] = {"iperf", "iperf2", "iperf.exe", NULL};
static const char *const cmd_tools3[] = {"iperf3", "iperf3.exe", NULL};

/* 2 or 3 when the line starts a run of iperf 2 or iperf3 (its command
 * line, or the banner the tool prints first: iperf2 "Client connecting
 * to H, TCP port N" / "Server listening on TCP port N", iperf3
 * "Connecting to host H, port N" / "Server listening on N"), else 0. */
static int run_start(const char *p, const char *e)
{
    bdb_trim(&p, &e);
    if (bdb_starts_with(p, e, "Connecting to host ") ||
        bdb_starts_with(p, e, "iperf 3."))
        return 3;
    if (bdb_starts_with(p, e, "Client connecting to ") ||
        bdb_starts_with(p, e, "iperf version 2."))
        return 2;
    if (bdb_starts_with(p, e, "Server listening on ")) {
        const char *q = p + 20;
        if (bdb_starts_with(q, e, "TCP port") || bdb_starts_with(q, e, "UDP port"))
            return 2;
        return q < e && *q >= '0' && *q <= '9' ? 3 : 0;
    }
    /* iperf3's own closing line (iperf_client_api.c), not a command */
    if (!bdb_contains(p, e, "iperf") || bdb_starts_with(p, e, "iperf Done."))
        return 0;
    bdb_cmdline c;
    if (bdb_cmdline_parse_line(p, e, cmd_tools3, &c) == 1) {
        bdb_cmdline_free(&c);
        return 3;
    }
    if (bdb_cmdline_parse_line(p, e, cmd_tools2, &c) == 1) {
        bdb_cmdline_free(&c);
        return 2;
    }
    return 0;
}

/* A data line of either tool: "[  5]   0.00-1.00   sec ...". */
static int data_line(const char *p, const char *e)
{
    bdb_trim(&p, &e);
    ip_br br;
    double x, y;
    return p < e && *p == '[' && bdb_iperf_parse_bracket(&p, e, &br) &&
           (br.kind == BR_NUM || br.kind == BR_SUM) &&
           bdb_iperf_parse_interval(&p, e, &x, &y);
}

/* A file that holds runs of both tools (a blog post timing iperf against
 * iperf3) is read by each tool's parser in its own runs only: each line
 * belongs to the run the last run start before it began (the first run's
 * tool for the lines above it). For want (2 or 3), a copy of buf whose
 * other tool's lines are left blank (line numbers stay), or NULL when the
 * file is not so mixed (both tools' runs, each with a data line) or out of
 * memory; then buf is read whole. */
static char *own_runs(const char *buf, size_t len, int want, size_t *olen)
{
    bdb_lines it;
    bdb_line l;
    int first = 0, cur = 0, data[4] = {0};
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        int t = run_start(l.p, l.end);
        if (t) {
            cur = t;
            if (!first)
                first = t;
        } else if (cur && data_line(l.p, l.end)) {
            data[cur] = 1;
        }
    }
    if (!data[2] || !data[3])
        return NULL;
    char *o = malloc(len + 1);
    if (!o)
        return NULL;
    size_t n = 0;
    cur = first;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        int t = run_start(l.p, l.end);
        if (t)
            cur = t;
        if (cur == want) {
            memcpy(o + n, l.p, (size_t)(l.end - l.p));
            n += (size_t)(l.end - l.p);
        }
        o[n++] = '\n';
    }
    *olen = n;
    return o;
}

/* iperf3 --json-stream (3.17+): a line that opens an event object,
 * {"event":"interval","data":...} (cJSON unformatted; jq puts "event"
 * on a line of its own): 2 for start, interval and end, 1 for the other
 * events (error, server_output_json, server_output_text), else 0. */
static int stream_event_line(const char *p, const char *e)
{
    static const char *const names[] = {"start", "interval", "end", "error",
                                        "server_output_json",
                                        "server_output_text", NULL};
    bdb_trim(&p, &e);
    if (p < e && *p == '{')
        p = bdb_skip_ws(p + 1, e);
    if (!bdb_starts_with(p, e, "\"event\""))
        return 0;
    p = bdb_skip_ws(p + 7, e);
    if (p >= e || *p != ':')
        return 0;
    p = bdb_skip_ws(p + 1, e);
    if (p >= e || *p != '"')
        return 0;
    p++;
    for (int i = 0; names[i]; i++) {
        size_t n = strlen(names[i]);
        if ((size_t)(e - p) > n && !memcmp(p, names[i], n) && p[n] == '"')
            return i < 3 ? 2 : 1;
    }
    return 0;
}

/* The best stream_event_line of the first lines of buf. */
static int stream_events(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    int best = 0, n = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l) && n++ < 200 && best < 2) {
        int k = stream_event_line(l.p, l.end);
        if (k > best)
            best = k;
    }
    return best;
}

static void classify(const char *buf, size_t len, int *s2, int *s3)
{
    int a = 0, b = 0;
    if (is_json(buf, len)) {
        int ev = stream_events(buf, len);
        if (ev == 2)
            b = 100;
        else if (ev == 1)
            b = 90;   /* a failed --json-stream run: "error", "end" {} */
        else if (bdb_memfind(buf, len, "\"test_start\"") &&
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
        writeerr = 0, role = 0, tenths = 0, server3 = 0;
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
        if (*p != '[') {
            if (csv < 3 && memchr(p, ',', (size_t)(e - p)) &&
                bdb_iperf2_csv_row(p, e, &row))
                csv++;
            /* iperf3's server: "Server listening on 5201" (iperf 2
             * names the protocol) and "Accepted connection from H,
             * port N" (iperf_api.c), iperf 2 prints neither */
            else if (*p == 'S' || *p == 'A')
                server3 |= bdb_starts_with(p, e, "Accepted connection from ") ||
                           (bdb_starts_with(p, e, "Server listening on ") &&
                            run_start(p, e) == 3);
            continue;
        }
        const char *q = p;
        ip_br br;
        if (!bdb_iperf_parse_bracket(&q, e, &br))
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
        if (!bdb_iperf_parse_interval(&s, e, &x, &y))
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
        tenths += *dot == '.' && decimals == 1;
    }
    int conn3 = bdb_memfind(buf, len, "Connecting to host ") != NULL;
    /* -V's report_summary (iperf_locale.c), iperf3's own words */
    int done3 = line_starting(buf, len, "iperf Done.") ||
                line_starting(buf, len, "Test Complete. Summary Results:");
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
    if (data && server3 && n3 > 0 && b < 90)
        b = 90;
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
    /* rows quoted without "[ ID]" under such a header (iperf3_idless.c):
     * iperf3's by its "Bitrate" or its "%6.2f-%-6.2f sec"; iperf 2's
     * shape is left alone */
    int rows2 = 0;
    if (b < 60 && data == 0 && bdb_iperf3_idless_rows(buf, len, &rows2) > 0 &&
        rows2 == 0)
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
    /* one result under its header, as a test's log quotes it ("[ ID]
     * Interval       Transfer     Bandwidth", "[  5]  0.0- 1.0 sec  4.00
     * GBytes  34.3 Gbits/sec"): iperf 2's "%4.1f-%4.1f sec" (Locale.c),
     * never iperf3's "%6.2f-%-6.2f" */
    if (tenths && n3 == 0 && bandwidth && a < 55)
        a = 55;
    /* a tail of a capture without banner or header: iperf2's own data
     * lines ("[  5]  8.0- 9.0 sec  18.4 MBytes   154 Mbits/sec"), many of
     * them, and nothing of iperf3 */
    if (n2 >= 4 && n3 == 0 && b == 0 && a < 55)
        a = 55;
    if ((client2 || server2) && a < 50 && b == 0)
        a = 50;
    /* a -J document after text (a text run then a -J run, a script's
     * lines before the document) */
    if (b < 95 && bdb_iperf3_has_doc(buf, len))
        b = 95;
    if (a >= b)
        b = b >= 50 ? 49 : b;
    else
        a = a >= 50 ? 49 : a;
    *s2 = a;
    *s3 = b;
}

/* The score of want's tool (2 or 3), on its own runs of a mixed file. */
static int sniff_tool(const char *buf, size_t len, int want)
{
    int a, b;
    size_t olen;
    char *own = own_runs(buf, len, want, &olen);
    classify(own ? own : buf, own ? olen : len, &a, &b);
    free(own);
    return want == 2 ? a : b;
}

static int sniff(const char *buf, size_t len)
{
    return sniff_tool(buf, len, 2);
}

static int sniff_iperf3(const char *buf, size_t len)
{
    return sniff_tool(buf, len, 3);
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
        if (bdb_iperf2_csv_row(p, e, &row))
            csv++;
        else if (*p == '[' && bdb_contains(p, e, " sec "))
            data++;
    }
    return csv > 0 && data == 0;
}

/* Readers return only memory and sink-limit errors; a forced parse (--tool)
 * of content with no iperf mark at all says so instead of a warning. */
static int finish(int rc, int forced, int score, bdb_sink *out,
                  bdb_diag *diag, const char *tool)
{
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s: %s", tool, bdb_strerror(rc));
    if (forced && score == 0 && out->n == 0 && out->nnotes == 0)
        return bdb_diag_set(diag, BDB_EPARSE, 0,
                            "not %s output (expected '[ ID] Interval "
                            "Transfer Bandwidth' rows%s)",
                            tool,
                            strcmp(tool, "iperf") == 0 ? " or -y C CSV rows"
                                                       : " or -J JSON");
    return 0;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    int rc;
    size_t olen;
    char *own = own_runs(buf, len, 2, &olen);
    if (own) {
        buf = own;
        len = olen;
    }
    if (looks_csv(buf, len))
        rc = bdb_iperf2_csv_parse(buf, len, out);
    else
        rc = bdb_iperf2_text_parse(buf, len, out);
    rc = finish(rc, opts && opts->forced, sniff(buf, len), out, diag,
                "iperf");
    free(own);
    return rc;
}

static int parse_iperf3(const char *buf, size_t len, const bdb_parse_opts *opts,
                        bdb_sink *out, bdb_diag *diag)
{
    int rc;
    size_t olen;
    char *own = own_runs(buf, len, 3, &olen);
    if (own) {
        buf = own;
        len = olen;
    }
    int mixed = 0;
    if (is_json(buf, len))
        rc = bdb_iperf3_json_parse(buf, len, out);
    else if ((rc = bdb_iperf3_mixed_parse(buf, len, out, &mixed)) == 0 &&
             !mixed)
        rc = bdb_iperf3_text_parse(buf, len, out);
    rc = finish(rc, opts && opts->forced, sniff_iperf3(buf, len), out, diag,
                "iperf3");
    free(own);
    return rc;
}

const bdb_parser bdb_parser_iperf = {"iperf", 4, sniff, parse, 0, 0, 1};
const bdb_parser bdb_parser_iperf3 = {"iperf3", 4, sniff_iperf3,
                                        parse_iperf3, 1, 0, 1};
