/* test_iperf3.c - the iperf3 importer on the variants of samples/iperf3/'s
 * second batch (iperf 3.12 on 127.0.0.1) and on quoted public outputs of
 * versions and builds this machine cannot run (3.1.3 JSON and text, a
 * Windows build, 3.7-3.9 with -O 3): Transfer in bytes, server logs,
 * --get-server-output in text and JSON, UDP loss, --bidir UDP, -f units,
 * JSON rtt/cwnd, command lines as parameters, error lines and cut logs
 * as warnings. Figures are cross-checked against the raw lines without
 * the parser (tu_crosscheck), the conversion written out. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIB 1024.0
#define MIB (1024.0 * 1024.0)
#define GIB (1024.0 * 1024.0 * 1024.0)

/* A copy of text with prefix in front (the caller frees). */
static char *prepend(const char *prefix, const char *text)
{
    size_t a = strlen(prefix), b = strlen(text);
    char *t = malloc(a + b + 1);
    assert_non_null(t);
    memcpy(t, prefix, a);
    memcpy(t + a, text, b + 1);
    return t;
}

/* ---------------- figures against the raw lines ---------------- */

static void iperf3_crosscheck__transfer_rates_and_loss(void **state)
{
    (void)state;
    /* unit_snprintf: Transfer 'A' adaptive bytes (2^10 steps), rates in
     * -f's unit: KBytes/sec = 2^10 * 8 bit/s, Gbits = 10^9 */
    tu_crosscheck("samples/iperf3/tcp-fK.txt", 9, "2.05 GBytes  1076325 KBytes/sec",
                  "tcp", "transfer", 2.05 * GIB);
    tu_crosscheck("samples/iperf3/tcp-fK.txt", 9, "1076325 KBytes/sec", "tcp",
                  "throughput", 1076325 * KIB * 8);
    tu_crosscheck("samples/iperf3/tcp-fK.txt", 8, "1076344 KBytes/sec    9",
                  "tcp", "retransmits", 9);
    tu_crosscheck("samples/iperf3/tcp-fg.txt", 8, "1.10 GBytes  9.48 Gbits/sec",
                  "tcp", "throughput", 9.48e9);
    tu_crosscheck("samples/iperf3/tcp-fm-i05.txt", 9, "1.00 GBytes  8613 Mbits/sec",
                  "tcp", "transfer", 1.00 * GIB);
    /* UDP receiver: jitter ms, lost/total, percent */
    tu_crosscheck("samples/iperf3/udp-loss.txt", 10,
                  "1.46 GBytes  6.29 Gbits/sec  0.013 ms  15423/41635 (37%)",
                  "udp", "transfer", 1.46 * GIB);
    tu_crosscheck("samples/iperf3/udp-loss.txt", 10, "15423/41635 (37%)", "udp",
                  "lost_datagrams", 15423);
    tu_crosscheck("samples/iperf3/udp-loss.txt", 10, "0.013 ms", "udp", "jitter",
                  0.013 / 1000);
    tu_crosscheck("samples/iperf3/udp-loss.txt", 9, "2.33 GBytes  10.0 Gbits/sec",
                  "udp", "transfer_sender", 2.33 * GIB);
    /* the server's own log */
    tu_crosscheck("samples/iperf3/server-udp-loss.txt", 11,
                  "1.46 GBytes  6.29 Gbits/sec  0.013 ms  15423/41635 (37%)",
                  "udp", "loss", 37);
    /* --bidir UDP: the [RX-C] receiver line is the server-to-client flow */
    tu_crosscheck("samples/iperf3/udp-bidir.txt", 14, "23.8 MBytes   100 Mbits/sec  0.007 ms",
                  "udp", "jitter", 0.007 / 1000);
    /* -P 4 -R sum */
    tu_crosscheck("samples/iperf3/cmdline-tcp-P4-R.txt", 31, "1.92 GBytes  8.21 Gbits/sec",
                  "tcp", "transfer", 1.92 * GIB);
}

/* ---------------- server output, --get-server-output ---------------- */

/* --get-server-output (text): the server's copy of the test after
 * "Server output:" is read as the server's figures, under
 * reporter=server, kept apart from the client's (never a second
 * repetition of the client's series). samples/iperf3/
 * tcp-get-server-output.txt: client line 9 "0.00-2.01 sec 1.97 GBytes
 * 8.41 Gbits/sec receiver", server line 20 the same, its intervals
 * 15-17 "9.20 Gbits/sec", "7.69 Gbits/sec", "713 Mbits/sec". */
static void iperf3__get_server_output_text__server_copy_apart(void **state)
{
    (void)state;
    bdb_sink s;
    tu_file_accounted("samples/iperf3/tcp-get-server-output.txt", NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    for (size_t i = 0; i < s.n; i++) {
        assert_int_equal(s.samples[i].repetition, 1);
        int server = bdb_params_get(&s.samples[i].params, "reporter") != NULL;
        /* "Server output:" is line 11 */
        assert_true(server ? s.samples[i].line > 11 : s.samples[i].line < 11);
    }
    assert_int_equal(tu_line_of(&s, "throughput", "reporter=server"), 20);
    tu_assert_value(&s, "tcp", "throughput", "reporter=server", 8.41e9, 1e-12);
    tu_assert_value(&s, "tcp", "transfer", "reporter=server", 1.97 * GIB, 1e-12);
    /* the 2.00-2.01 stub is left out of the interval figures */
    tu_assert_value(&s, "tcp", "interval_throughput_min", "reporter=server",
                    7.69e9, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", "reporter=server",
                    9.20e9, 1e-12);
    bdb_sink_free(&s);
    tu_file_accounted("samples/iperf3/udp-get-server-output.txt", NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    /* client line 9 and server line 19 both print "0.010 ms" */
    assert_int_equal(tu_count(&s, "jitter"), 2);
    tu_assert_value(&s, "udp", "jitter", NULL, 0.010 / 1000, 1e-12);
    tu_assert_value(&s, "udp", "jitter", "reporter=server", 0.010 / 1000, 1e-12);
    bdb_sink_free(&s);
}

/* -u -R --get-server-output against `iperf3 -s -1 -V` (samples/iperf3/
 * README.md, fifth batch): the server is the sender; its copy holds
 * "Starting Test: protocol: UDP, ...", a sender interval table "[ ID]
 * Interval Transfer Bitrate Total Datagrams" (lines 21-23: "1.22 MBytes
 * 10.2 Mbits/sec 39", "1.19 MBytes 9.96 Mbits/sec 38" twice), "Test
 * Complete. Summary Results:", the sender line 27 "3.59 MBytes 10.0
 * Mbits/sec 0.000 ms 0/115 (0%) sender", "[  5] (receiver statistics
 * not available)" and line 29 "CPU Utilization: local/sender 3.0%
 * (3.0%u/0.0%s), remote/receiver 0.0% (0.0%u/0.0%s)". The same shape
 * as a published 3.5+ WireGuard run (search index id 20785541101) whose
 * 105 server figures were warned, not read. */
/* An interval whose lost count is below zero (held-out-17): iperf
 * counts a gap in the sequence numbers as lost and takes one back when a
 * datagram of it arrives late (iperf_udp.c), so the 8-10 s row printed
 * "-3/32144 (-0.0093%)". Its figures were left silently. A published
 * iperf 3.7 run over a 5G UE simulator (public code-search index id
 * 32793844236, lines 49-70, verbatim). */
static const char udp_negative_lost[] =
    "vboxuser@Ubunt:~/manageUE$ iperf3 -c 10.45.0.1 -u -B 10.45.0.2 -b 180M -t 20 -i 2 -R\n"
    "Connecting to host 10.45.0.1, port 5201\n"
    "Reverse mode, remote host 10.45.0.1 is sending\n"
    "[  5] local 10.45.0.2 port 38358 connected to 10.45.0.1 port 5201\n"
    "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
    "[  5]   0.00-2.00   sec  43.0 MBytes   180 Mbits/sec  0.083 ms  556/32741 (1.7%)  \n"
    "[  5]   2.00-4.00   sec  42.9 MBytes   180 Mbits/sec  0.123 ms  0/32148 (0%)  \n"
    "[  5]   4.00-6.00   sec  42.6 MBytes   179 Mbits/sec  0.130 ms  214/32127 (0.67%)  \n"
    "[  5]   6.00-8.00   sec  42.9 MBytes   180 Mbits/sec  0.324 ms  7/32149 (0.022%)  \n"
    "[  5]   8.00-10.00  sec  42.9 MBytes   180 Mbits/sec  0.076 ms  -3/32144 (-0.0093%)  \n"
    "[  5]  10.00-12.00  sec  42.7 MBytes   179 Mbits/sec  0.048 ms  191/32164 (0.59%)  \n"
    "[  5]  12.00-14.00  sec  42.7 MBytes   179 Mbits/sec  0.151 ms  104/32092 (0.32%)  \n"
    "[  5]  14.00-16.00  sec  42.8 MBytes   180 Mbits/sec  0.055 ms  105/32189 (0.33%)  \n"
    "[  5]  16.00-18.00  sec  42.9 MBytes   180 Mbits/sec  0.045 ms  0/32164 (0%)  \n"
    "[  5]  18.00-20.00  sec  42.9 MBytes   180 Mbits/sec  0.080 ms  0/32127 (0%)  \n"
    "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
    "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
    "[  5]   0.00-20.06  sec   430 MBytes   180 Mbits/sec  0.000 ms  0/322381 (0%)  sender\n"
    "[SUM]  0.0-20.1 sec  3409 datagrams received out-of-order\n"
    "[  5]   0.00-20.00  sec   428 MBytes   180 Mbits/sec  0.080 ms  1174/322045 (0.36%)  receiver\n"
    "\n"
    "iperf Done.\n"
;

static void iperf3__udp_interval_lost_below_zero__read_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_accounted(udp_negative_lost, NULL, &s);
    const char *at = strstr(udp_negative_lost, "-3/32144 (-0.0093%)");
    assert_non_null(at);
    int row = 1;
    for (const char *c = udp_negative_lost; c < at; c++)
        row += *c == '\n';
    assert_int_equal(row, 10);
    assert_true(tu_has_warning(&s, row, "-3 lost of 32144 datagrams"));
    assert_int_equal(s.unread_lines, 0);
    /* the receiver's summary, after it, is read as printed */
    const char *rcv = "direction=server_to_client";
    tu_assert_value(&s, "udp", "lost_datagrams", rcv, 1174, 0);
    tu_assert_value(&s, "udp", "datagrams", rcv, 322045, 0);
    bdb_sink_free(&s);
}

static void iperf3__get_server_output_udp_reverse__server_sender_read(void **state)
{
    (void)state;
    const char *f = "samples/iperf3/udp-reverse-get-server-output-server-V.txt";
    bdb_sink s;
    tu_file_accounted(f, NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    const char *sv = "direction=server_to_client,reporter=server";
    tu_crosscheck(f, 27, "3.59 MBytes  10.0 Mbits/sec  0.000 ms  0/115 (0%)  sender",
                  "udp", "transfer", 3.59 * MIB);
    tu_assert_value(&s, "udp", "throughput", sv, 10.0e6, 1e-12);
    tu_assert_value(&s, "udp", "transfer", sv, 3.59 * MIB, 1e-12);
    tu_assert_value(&s, "udp", "datagrams_sender", sv, 115, 0);
    assert_int_equal(tu_line_of(&s, "datagrams_sender", sv), 27);
    tu_assert_value(&s, "udp", "cpu_utilization_local", "reporter=server", 3.0, 1e-12);
    tu_assert_value(&s, "udp", "cpu_utilization_local_user", "reporter=server",
                    3.0, 1e-12);
    assert_int_equal(tu_line_of(&s, "cpu_utilization_remote", "reporter=server"), 29);
    /* the server's -V says 3 s and "Target Bitrate: 10000000" */
    assert_non_null(tu_find(&s, "udp", "throughput",
                            "duration=3,reporter=server,target_bandwidth=10000000"));
    /* the client's own figures stay as they were: line 11 */
    const bdb_sample *c = tu_find(&s, "udp", "jitter", "direction=server_to_client");
    assert_non_null(c);
    assert_null(bdb_params_get(&c->params, "reporter"));
    assert_int_equal(c->line, 11);
    tu_assert_close(c->value, 0.020 / 1000, 1e-12, "client jitter");
    bdb_sink_free(&s);
    /* the sender intervals: transfer, rate and the datagram count */
    char *t = tu_read(f, NULL);
    tu_points k;
    tu_parse_points(t, "iperf3", &s, &k);
    static const tu_point_want want[] = {
        {21, "throughput", 10.2e6}, {21, "transfer", 1.22 * MIB},
        {21, "datagrams", 39}, {22, "throughput", 9.96e6},
        {22, "datagrams", 38}, {23, "transfer", 1.19 * MIB},
        {23, "datagrams", 38}};
    tu_assert_points(&k, want, sizeof want / sizeof want[0]);
    bdb_sink_free(&s);
    free(t);
}

/* --bidir and -R with --get-server-output (fifth batch): the server's
 * [RX-S]/[TX-S] lines give both directions under reporter=server, the
 * client's [RX-C] summary after the server's copy stays the client's.
 * udp-bidir-get-server-output.txt line 25 "[  5][RX-S] 0.00-2.00 sec
 * 2.41 MBytes 10.1 Mbits/sec 0.130 ms 0/77 (0%) receiver", line 26
 * "[  6][TX-S] ... 0.000 ms 0/77 (0%) sender", line 29 "[  7][RX-C] ...
 * 0.125 ms 0/77 (0%) receiver"; tcp-reverse-get-server-output.txt line
 * 21 "[  5] 0.00-2.00 sec 2.24 GBytes 9.61 Gbits/sec 22 sender". */
static void iperf3__get_server_output_bidir_and_reverse__both_sides(void **state)
{
    (void)state;
    bdb_sink s;
    tu_file_accounted("samples/iperf3/udp-bidir-get-server-output.txt", NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    tu_assert_value(&s, "udp", "jitter", "direction=client_to_server,reporter=server",
                    0.130 / 1000, 1e-12);
    assert_int_equal(tu_line_of(&s, "jitter",
                                "direction=client_to_server,reporter=server"), 25);
    tu_assert_value(&s, "udp", "datagrams_sender",
                    "direction=server_to_client,reporter=server", 77, 0);
    assert_int_equal(tu_line_of(&s, "datagrams_sender",
                                "direction=server_to_client,reporter=server"), 26);
    const bdb_sample *c = tu_find(&s, "udp", "jitter", "direction=server_to_client");
    assert_non_null(c);
    assert_null(bdb_params_get(&c->params, "reporter"));
    assert_int_equal(c->line, 29);
    tu_assert_close(c->value, 0.125 / 1000, 1e-12, "client [RX-C] jitter");
    bdb_sink_free(&s);
    tu_file_accounted("samples/iperf3/tcp-reverse-get-server-output.txt", NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    tu_crosscheck("samples/iperf3/tcp-reverse-get-server-output.txt", 21,
                  "2.24 GBytes  9.61 Gbits/sec   22", "tcp", "retransmits", 22);
    tu_assert_value(&s, "tcp", "retransmits",
                    "direction=server_to_client,reporter=server", 22, 0);
    tu_assert_value(&s, "tcp", "throughput",
                    "direction=server_to_client,reporter=server", 9.61e9, 1e-12);
    bdb_sink_free(&s);
}
/* -J --get-server-output against `iperf3 -s -1 -J` (samples/iperf3/
 * README.md, fifth batch): the server's whole -J document is the
 * client's "server_output_json" (line 157), read as a server's document
 * under reporter=server: its end.sum_sent (line 274 "bits_per_second":
 * 10090808.380958475, line 273 "bytes": 2523136) and its CPU (line 294
 * "host_total": 1.83037693847036); its sum_received of zeros (no packet:
 * the server only sent, -R) and remote CPU of 0 give nothing; its
 * "start" is figure-free as the client's. */
static void iperf3__get_server_output_json_object__server_document_read(void **state)
{
    (void)state;
    const char *f = "samples/iperf3/json-udp-reverse-get-server-output-server-J.json";
    bdb_sink s;
    tu_file_accounted(f, NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    const char *sv = "direction=server_to_client,reporter=server";
    tu_crosscheck(f, 274, "\"bits_per_second\":\t10090808.380958475", "udp",
                  "throughput", 10090808.380958475);
    tu_assert_value(&s, "udp", "throughput", sv, 10090808.380958475, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", sv), 274);
    tu_assert_value(&s, "udp", "transfer", sv, 2523136, 0);
    tu_assert_value(&s, "udp", "cpu_utilization_local", "reporter=server",
                    1.83037693847036, 1e-12);
    assert_null(tu_find(&s, "udp", "jitter", "reporter=server"));
    assert_null(tu_find(&s, "udp", "cpu_utilization_remote", "reporter=server"));
    /* the client's receiver (line 141) is still the client's */
    const bdb_sample *c = tu_find(&s, "udp", "throughput", "direction=server_to_client");
    assert_non_null(c);
    assert_null(bdb_params_get(&c->params, "reporter"));
    assert_int_equal(c->line, 141);
    bdb_sink_free(&s);
}

static void iperf3__get_server_output_json__top_level_end_lines(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/json-tcp-get-server-output.json", NULL, &s);
    /* end.sum_received is at line 130 (its "bits_per_second" at 135),
     * server_output_text at 149 */
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 135);
    tu_assert_value(&s, "tcp", "transfer", NULL, 2072248320.0, 0);
    tu_assert_value(&s, "tcp", "transfer_sender", NULL, 2073559040.0, 0);
    /* server_output_text (line 149, the server without -J): its text
     * read as the text copy is, every figure at the key's line: the
     * server's "0.00-2.00 sec 1.93 GBytes 8.28 Gbits/sec receiver" */
    assert_int_equal(tu_count(&s, "throughput"), 2);
    const bdb_sample *c = tu_find(&s, "tcp", "throughput", NULL);
    assert_null(bdb_params_get(&c->params, "reporter"));
    tu_crosscheck("samples/iperf3/json-tcp-get-server-output.json", 149,
                  "sec  1.93 GBytes  8.28 Gbits/sec                  receiver",
                  "tcp", "throughput", 8.28e9);
    tu_assert_value(&s, "tcp", "throughput", "reporter=server", 8.28e9, 1e-12);
    tu_assert_value(&s, "tcp", "transfer", "reporter=server", 1.93 * GIB, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "reporter=server"), 149);
    /* the 2.00-2.00 stub is no interval figure */
    tu_assert_value(&s, "tcp", "interval_throughput_min", "reporter=server",
                    8.15e9, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__server_json__unsent_half_and_unknown_cpu_left_out(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/json-server-P2.json", NULL, &s);
    /* the server only received: its sum_sent is all zeros */
    assert_null(tu_find(&s, NULL, "throughput_sender", NULL));
    tu_assert_value(&s, "tcp", "throughput", "streams=2", 9467065110.0, 1e-9);
    assert_null(tu_find(&s, NULL, "cpu_utilization_remote", NULL));
    assert_non_null(tu_find(&s, NULL, "cpu_utilization_local", NULL));
    /* the kill left an "error" key after a complete run: a warning */
    assert_true(tu_has_warning(&s, 0, "interrupt - the server has terminated"));
    bdb_sink_free(&s);
}

static void iperf3__server_log_udp_bidir__roles_give_directions(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/server-udp-bidir.txt", NULL, &s);
    /* [RX-S]: the server received the client's datagrams */
    tu_assert_value(&s, "udp", "jitter", "bidir=1,direction=client_to_server",
                    0.110 / 1000, 1e-12);
    tu_assert_value(&s, "udp", "throughput", "bidir=1,direction=server_to_client",
                    100e6, 1e-12);
    /* a server killed between tests loses nothing: no warning */
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* ---------------- JSON ---------------- */

static void iperf3__json_rtt_and_cwnd__from_the_sender_stream(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/json-tcp.json", NULL, &s);
    /* "max_snd_cwnd": 2881252 bytes, "mean_rtt": 98 us */
    tu_assert_value(&s, "tcp", "cwnd_max", NULL, 2881252, 0);
    tu_assert_value(&s, "tcp", "rtt_mean", NULL, 98e-6, 1e-12);
    tu_assert_value(&s, "tcp", "rtt_max", NULL, 126e-6, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__json_omit__omit_parameter_and_intervals_left_out(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/json-tcp-omit1.json", NULL, &s);
    const bdb_sample *x = tu_find(&s, "tcp", "throughput", "omit=1");
    assert_non_null(x);
    /* the omitted interval (line 63) is not the minimum or maximum */
    assert_true(tu_line_of(&s, "interval_throughput_min", NULL) != 63);
    assert_true(tu_line_of(&s, "interval_throughput_max", NULL) != 63);
    bdb_sink_free(&s);
}

static void iperf3__json_udp_parallel__streams_and_sum(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/json-udp-P2.json", NULL, &s);
    assert_non_null(tu_find(&s, "udp", "loss", "streams=2"));
    assert_non_null(tu_find(&s, "udp", "jitter", "stream=2"));
    assert_non_null(tu_find(&s, "udp", "transfer_sender", "stream=1"));
    bdb_sink_free(&s);
}

/* iperf3 -J's stream object of a UDP run ("udp": {...}) holds the
 * sender's bytes and rate (iperf_api.c writes bytes_sent and its rate on
 * both ends) beside the receiver's jitter and loss; the text of the same
 * command prints them on the stream's "sender" line. They meet under the
 * text's names (issue 19's rule, issue 21): throughput_sender per
 * stream, and no plain throughput, which is the receiver's (JSON prints
 * no receiver rate per stream). Before, the sender's rate went out as
 * the stream's plain throughput, the text's receiver figure. */
static void iperf3__json_udp_stream__sender_rate_named_as_text(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/iperf3/json-udp-P2.json", &len);
    bdb_sink js, ts;
    tu_parse_ok("samples/iperf3/json-udp-P2.json", NULL, &js);
    tu_parse_ok("samples/iperf3/udp-P2.txt", NULL, &ts);
    for (int k = 1; k <= 2; k++) {
        char sel[32];
        snprintf(sel, sizeof sel, "stream=%d", k);
        const bdb_sample *x = tu_find(&js, "udp", "throughput_sender", sel);
        assert_non_null(x);
        /* the figure is the stream object's "bits_per_second" line */
        char line[160];
        tu_text_line(raw, x->line, line, sizeof line);
        const char *b = strstr(line, "\"bits_per_second\":");
        assert_non_null(b);
        tu_assert_close(x->value, strtod(b + 18, NULL), 1e-9, line);
        assert_null(tu_find(&js, "udp", "throughput", sel));
        /* the text's stream has the same series, sender and receiver */
        assert_non_null(tu_find(&ts, "udp", "throughput_sender", sel));
        assert_non_null(tu_find(&ts, "udp", "throughput", sel));
        assert_non_null(tu_find(&ts, "udp", "jitter", sel));
        assert_non_null(tu_find(&js, "udp", "jitter", sel));
    }
    /* the sums keep both ends, as before */
    assert_non_null(tu_find(&js, "udp", "throughput", "streams=2"));
    assert_non_null(tu_find(&js, "udp", "throughput_sender", "streams=2"));
    bdb_sink_free(&js);
    bdb_sink_free(&ts);
    free(raw);
}

/* iperf 3.1.3 JSON (UDP, -k 10000): one end.sum, no sum_sent/received.
 * https://github.com/0-complexity/selfhealing/blob/7e112cab35078ec08f1ccd0be32a7a51ab42a97b/specs/healthchecks/node-network-performance.md */
static const char json_3_1_3[] =
    "{\n"
    "\t\"start\":\t{\n"
    "\t\t\"connected\":\t[{\n"
    "\t\t\t\t\"socket\":\t4,\n"
    "\t\t\t\t\"local_host\":\t\"192.168.16.240\",\n"
    "\t\t\t\t\"local_port\":\t60667,\n"
    "\t\t\t\t\"remote_host\":\t\"10.101.106.254\",\n"
    "\t\t\t\t\"remote_port\":\t5201\n"
    "\t\t\t}],\n"
    "\t\t\"version\":\t\"iperf 3.1.3\",\n"
    "\t\t\"system_info\":\t\"Linux delandtj-Desktop 4.7.2-1-ARCH #1 SMP PREEMPT Sat Aug 20 23:02:56 CEST 2016 x86_64\",\n"
    "\t\t\"timestamp\":\t{\n"
    "\t\t\t\"time\":\t\"Tue, 06 Sep 2016 11:45:58 GMT\",\n"
    "\t\t\t\"timesecs\":\t1473162358\n"
    "\t\t},\n"
    "\t\t\"connecting_to\":\t{\n"
    "\t\t\t\"host\":\t\"10.101.106.254\",\n"
    "\t\t\t\"port\":\t5201\n"
    "\t\t},\n"
    "\t\t\"cookie\":\t\"delandtj-Desktop.1473162358.163449.3\",\n"
    "\t\t\"test_start\":\t{\n"
    "\t\t\t\"protocol\":\t\"UDP\",\n"
    "\t\t\t\"num_streams\":\t1,\n"
    "\t\t\t\"blksize\":\t8192,\n"
    "\t\t\t\"omit\":\t0,\n"
    "\t\t\t\"duration\":\t0,\n"
    "\t\t\t\"bytes\":\t0,\n"
    "\t\t\t\"blocks\":\t10000,\n"
    "\t\t\t\"reverse\":\t0\n"
    "\t\t}\n"
    "\t},\n"
    "\t\"intervals\":\t[{\n"
    "\t\t\t\"streams\":\t[{\n"
    "\t\t\t\t\t\"socket\":\t4,\n"
    "\t\t\t\t\t\"start\":\t0,\n"
    "\t\t\t\t\t\"end\":\t0.785134,\n"
    "\t\t\t\t\t\"seconds\":\t0.785134,\n"
    "\t\t\t\t\t\"bytes\":\t81920000,\n"
    "\t\t\t\t\t\"bits_per_second\":\t834711189.017002,\n"
    "\t\t\t\t\t\"packets\":\t10000,\n"
    "\t\t\t\t\t\"omitted\":\tfalse\n"
    "\t\t\t\t}],\n"
    "\t\t\t\"sum\":\t{\n"
    "\t\t\t\t\"start\":\t0,\n"
    "\t\t\t\t\"end\":\t0.785134,\n"
    "\t\t\t\t\"seconds\":\t0.785134,\n"
    "\t\t\t\t\"bytes\":\t81920000,\n"
    "\t\t\t\t\"bits_per_second\":\t834711189.017002,\n"
    "\t\t\t\t\"packets\":\t10000,\n"
    "\t\t\t\t\"omitted\":\tfalse\n"
    "\t\t\t}\n"
    "\t\t}],\n"
    "\t\"end\":\t{\n"
    "\t\t\"streams\":\t[{\n"
    "\t\t\t\t\"udp\":\t{\n"
    "\t\t\t\t\t\"socket\":\t4,\n"
    "\t\t\t\t\t\"start\":\t0,\n"
    "\t\t\t\t\t\"end\":\t0.785134,\n"
    "\t\t\t\t\t\"seconds\":\t0.785134,\n"
    "\t\t\t\t\t\"bytes\":\t81920000,\n"
    "\t\t\t\t\t\"bits_per_second\":\t834711189.017002,\n"
    "\t\t\t\t\t\"jitter_ms\":\t0.092000,\n"
    "\t\t\t\t\t\"lost_packets\":\t69,\n"
    "\t\t\t\t\t\"packets\":\t9996,\n"
    "\t\t\t\t\t\"lost_percent\":\t0.690276,\n"
    "\t\t\t\t\t\"out_of_order\":\t0\n"
    "\t\t\t\t}\n"
    "\t\t\t}],\n"
    "\t\t\"sum\":\t{\n"
    "\t\t\t\"start\":\t0,\n"
    "\t\t\t\"end\":\t0.785134,\n"
    "\t\t\t\"seconds\":\t0.785134,\n"
    "\t\t\t\"bytes\":\t81920000,\n"
    "\t\t\t\"bits_per_second\":\t834711189.017002,\n"
    "\t\t\t\"jitter_ms\":\t0.092000,\n"
    "\t\t\t\"lost_packets\":\t69,\n"
    "\t\t\t\"packets\":\t9996,\n"
    "\t\t\t\"lost_percent\":\t0.690276\n"
    "\t\t},\n"
    "\t\t\"cpu_utilization_percent\":\t{\n"
    "\t\t\t\"host_total\":\t17.769540,\n"
    "\t\t\t\"host_user\":\t1.931197,\n"
    "\t\t\t\"host_system\":\t15.836373,\n"
    "\t\t\t\"remote_total\":\t0.136453,\n"
    "\t\t\t\"remote_user\":\t0,\n"
    "\t\t\t\"remote_system\":\t0.133847\n"
    "\t\t}\n"
    "\t}\n"
    "}\n";

static void iperf3__json_3_1_udp_sum__quoted_output(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(json_3_1_3, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* -k 10000 blocks: a run by amount, no duration parameter */
    const char *id = "protocol=udp,streams=1,blockcount=10000";
    tu_assert_value(&s, "udp", "throughput", id, 834711189.017002, 1e-12);
    tu_assert_value(&s, "udp", "transfer", id, 81920000, 0);
    tu_assert_value(&s, "udp", "loss", id, 0.690276, 1e-12);
    tu_assert_value(&s, "udp", "jitter", id, 0.092 / 1000, 1e-12);
    tu_assert_value(&s, "udp", "lost_datagrams", id, 69, 0);
    assert_null(bdb_params_get(&tu_find(&s, "udp", "throughput", NULL)->params,
                               "duration"));
    tu_assert_value(&s, "udp", "cpu_utilization_remote", NULL, 0.136453, 1e-12);
    bdb_sink_free(&s);
}

/* iperf 3.0/3.1 text (UDP): "[  4 ]" brackets, a "Bandwidth" header, one
 * unlabelled summary line and "Sent N datagrams"; same source as above. */
static const char text_3_1[] =
    "iperf3 -c 10.101.106.254 -u -k 1000 -b 100M\n"
    "Connecting to host 10.101.106.254, port 5201\n"
    "[  4 ] local 192.168.16.240 port 35249 connected to 10.101.106.254 port 5201\n"
    "[ ID ] Interval           Transfer     Bandwidth       Total Datagrams\n"
    "[  4 ]   0.00-0.70   sec  7.81 MBytes  93.2 Mbits/sec  1000  \n"
    "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
    "[ ID ] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
    "[  4 ]   0.00-0.70   sec  7.81 MBytes  93.2 Mbits/sec  0.093 ms  102/996 (10%)  \n"
    "[  4 ] Sent 996 datagrams\n";

static void iperf3__old_text_unlabelled_udp_summary__quoted_output(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(text_3_1, "iperf3", &s);
    /* line 8: 7.81 MBytes, 93.2 Mbits/sec, 0.093 ms, 102/996 (10%) */
    tu_assert_value(&s, "udp", "throughput", "blockcount=1000", 93.2e6, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 8);
    tu_assert_value(&s, "udp", "transfer", NULL, 7.81 * MIB, 1e-12);
    tu_assert_value(&s, "udp", "loss", NULL, 10, 0);
    tu_assert_value(&s, "udp", "datagrams_sent", NULL, 996, 0);
    /* -b 100M on the command line: unit_atof_rate, 10^6 */
    tu_assert_value(&s, "udp", "throughput", "target_bandwidth=100000000",
                    93.2e6, 1e-12);
    bdb_sink_free(&s);
}

/* A Windows build (iperf3.exe, "Bandwidth" header, no Retr column), its
 * first connection lines and summary, as a Windows console saves them
 * (CRLF) after the prompt. Source of the lines:
 * https://github.com/GoogleCloudPlatform/PerfKitBenchmarker,
 * tests/windows_packages/iperf3_test.py. */
static const char windows_p5[] =
    "C:\\iperf>iperf3.exe -c 127.0.0.1 -P 5 -t 3\r\n"
    "Connecting to host 127.0.0.1, port 5201\r\n"
    "[  4] local 127.0.0.1 port 53966 connected to 127.0.0.1 port 5201\r\n"
    "[  6] local 127.0.0.1 port 53967 connected to 127.0.0.1 port 5201\r\n"
    "[  8] local 127.0.0.1 port 53968 connected to 127.0.0.1 port 5201\r\n"
    "[ 10] local 127.0.0.1 port 53969 connected to 127.0.0.1 port 5201\r\n"
    "[ 12] local 127.0.0.1 port 53970 connected to 127.0.0.1 port 5201\r\n"
    "[ ID] Interval           Transfer     Bandwidth\r\n"
    "[ ID] Interval           Transfer     Bandwidth\r\n"
    "[  4]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  sender\r\n"
    "[  4]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  receiver\r\n"
    "[  6]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  sender\r\n"
    "[  6]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  receiver\r\n"
    "[  8]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  sender\r\n"
    "[  8]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  receiver\r\n"
    "[ 10]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  sender\r\n"
    "[ 10]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  receiver\r\n"
    "[ 12]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  sender\r\n"
    "[ 12]   0.00-3.01   sec   335 MBytes   935 Mbits/sec                  receiver\r\n"
    "[SUM]   0.00-3.01   sec  1.64 GBytes  4670 Mbits/sec                  sender\r\n"
    "[SUM]   0.00-3.01   sec  1.64 GBytes  4670 Mbits/sec                  receiver\r\n"
    "\r\n"
    "iperf Done.\r\n";

static void iperf3__windows_build_crlf__quoted_output(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(windows_p5, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* [SUM] receiver: 4670 Mbits/sec = 4670 * 10^6; 1.64 GBytes = 1.64 * 2^30 */
    const char *id = "protocol=tcp,streams=5,duration=3";
    tu_assert_value(&s, "tcp", "throughput", id, 4670e6, 1e-12);
    tu_assert_value(&s, "tcp", "transfer", id, 1.64 * GIB, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", "stream=5", 935e6, 1e-12);
    tu_assert_value(&s, "tcp", "transfer", "stream=5", 335 * MIB, 1e-12);
    assert_null(tu_find(&s, NULL, "retransmits", NULL));
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 1);
    assert_true(tu_has_warning(&s, 1, "numbers not read: 127.0.0.1, 5, 3"));
    assert_int_equal(s.nnotes, 1);
    bdb_sink_free(&s);
}

/* iperf 3.7-3.9 with -O 3: "(omitted)" intervals, times restarting.
 * https://github.com/kfirtoledo/CloudPilot_Project, results/host-London_ibm/
 * target-us-west-2_aws/proxy-europe-west2_gcp/time-27-07-2021_14-54/
 * bw_host_proxy_forwarding.res (at 64b2bb8). */
static const char omit_3[] =
    "Connecting to host 34.142.72.41, port 5200\n"
    "[  5] local 10.84.2.4 port 46894 connected to 34.142.72.41 port 5200\n"
    "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
    "[  5]   0.00-1.00   sec  3.32 MBytes  27.9 Mbits/sec    0    847 KBytes       (omitted)\n"
    "[  5]   1.00-2.00   sec  11.2 MBytes  94.4 Mbits/sec    0   4.04 MBytes       (omitted)\n"
    "[  5]   2.00-3.00   sec  13.8 MBytes   115 Mbits/sec    0   4.04 MBytes       (omitted)\n"
    "[  5]   0.00-1.00   sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   1.00-2.00   sec  11.2 MBytes  94.4 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   2.00-3.00   sec  13.8 MBytes   115 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   3.00-4.00   sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   4.00-5.00   sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   5.00-6.00   sec  12.5 MBytes   105 Mbits/sec    9   4.04 MBytes       \n"
    "[  5]   6.00-7.00   sec  13.8 MBytes   115 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   7.00-8.00   sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   8.00-9.00   sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "[  5]   9.00-10.00  sec  12.5 MBytes   105 Mbits/sec    0   4.04 MBytes       \n"
    "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
    "[ ID] Interval           Transfer     Bitrate         Retr\n"
    "[  5]   0.00-10.00  sec   126 MBytes   106 Mbits/sec    9             sender\n"
    "[  5]   0.00-10.16  sec   128 MBytes   106 Mbits/sec                  receiver\n"
    "\n"
    "iperf Done.\n";

static void iperf3__omit_3__omitted_intervals_not_results(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(omit_3, NULL, &s);
    /* the omitted 1-2 s interval (27.9 Mbits/sec, line 4) is no minimum */
    tu_assert_value(&s, "tcp", "interval_throughput_min", NULL, 94.4e6, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", NULL, 106e6, 1e-12);
    tu_assert_value(&s, "tcp", "transfer", NULL, 128 * MIB, 1e-12);
    tu_assert_value(&s, "tcp", "transfer_sender", NULL, 126 * MIB, 1e-12);
    bdb_sink_free(&s);
}

/* ---------------- command lines ---------------- */

static void iperf3__command_line__P_R_u_b_l_w_O_Z_bidir_become_parameters(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/cmdline-tcp-P4-R.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput",
                    "direction=server_to_client,streams=4,duration=2", 8.21e9,
                    1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);

    tu_parse_ok("samples/iperf3/cmdline-udp-O1.txt", NULL, &s);
    /* -b 50M: 50 * 10^6 (unit_atof_rate); -l 1200; -w 256K: 256 * 2^10
     * (unit_atof); -O 1 */
    tu_assert_value(&s, "udp", "throughput",
                    "protocol=udp,target_bandwidth=50000000,block_size=1200,"
                    "window=262144,omit=1,duration=2",
                    50e6, 1e-12);
    bdb_sink_free(&s);

    tu_parse_ok("samples/iperf3/cmdline-tcp-bidir-Z.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput",
                    "bidir=1,zerocopy=1,direction=server_to_client", 2.05e9,
                    1e-12);
    bdb_sink_free(&s);
}

static void iperf3__two_commands_two_runs__different_series(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/cmdline-2runs.txt", NULL, &s);
    const bdb_sample *a = tu_find(&s, "tcp", "throughput", "streams=1");
    const bdb_sample *b = tu_find(&s, "tcp", "throughput", "streams=2");
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(a->repetition, 1);
    assert_int_equal(b->repetition, 1);
    assert_int_equal(a->line, 9);
    assert_int_equal(b->line, 27);
    bdb_sink_free(&s);
}

static void iperf3__command_line_disagrees_with_verbose__warned(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf3/tcp-verbose.txt", &len);
    /* the -V run printed "1 streams" and "2 second test" */
    char *text = prepend("$ iperf3 -c 127.0.0.1 -p 5201 -t 5 -P 1 -V\n", good);
    bdb_sink s;
    tu_text_ok(text, "iperf3", &s);
    assert_true(tu_has_warning(&s, 1, "-t"));
    assert_non_null(tu_find(&s, "tcp", "throughput", "duration=2"));
    bdb_sink_free(&s);
    free(text);
    free(good);
}

static void iperf3__json_after_command_line__still_json(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf3/json-tcp-reverse.json", &len);
    char *text = prepend("user@host:~$ iperf3 -c 127.0.0.1 -p 5201 -t 2 -J -R -w 1M\n",
                         good);
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* -w 1M = 2^20 (the JSON's sock_bufsize is 0: not printed) */
    assert_non_null(tu_find(&s, "tcp", "throughput",
                            "direction=server_to_client,window=1048576"));
    bdb_sink_free(&s);
    free(text);
    free(good);
}

/* ---------------- errors and cut logs ---------------- */

static void iperf3__error_between_rows__warned_figures_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf3/tcp-P4.txt", &len);
    char *bad = tu_replace(good, "iperf Done.",
                           "iperf3: error - control socket has closed unexpectedly");
    bdb_sink s;
    tu_text_ok(bad, NULL, &s);
    assert_true(tu_has_warning(&s, 0, "control socket has closed"));
    assert_non_null(tu_find(&s, "tcp", "throughput", "streams=4"));
    bdb_sink_free(&s);
    free(bad);
    free(good);
}

static void iperf3__cut_json_after_a_complete_object__first_kept(void **state)
{
    (void)state;
    size_t len;
    char *one = tu_read("samples/iperf3/json-tcp.json", &len);
    /* two -J runs appended to one file, the second cut after 40 bytes */
    char *two = malloc(2 * len + 2);
    assert_non_null(two);
    memcpy(two, one, len);
    memcpy(two + len, one, 40);
    two[len + 40] = '\0';
    bdb_sink s;
    tu_text_ok(two, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 1);
    assert_true(tu_has_warning(&s, 0, "does not parse"));
    bdb_sink_free(&s);
    free(two);
    free(one);
}

static void iperf3__udp_loss__warning_line_and_receiver_figures(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/udp-loss.txt", NULL, &s);
    assert_true(tu_has_warning(&s, 1, "UDP block size 60000 exceeds TCP MSS"));
    tu_assert_value(&s, "udp", "loss", NULL, 37, 0);
    tu_assert_value(&s, "udp", "throughput", NULL, 6.29e9, 1e-12);
    tu_assert_value(&s, "udp", "throughput_sender", NULL, 10.0e9, 1e-12);
    bdb_sink_free(&s);
}

/* -V's CPU line and -J's cpu_utilization_percent carry user and system
 * parts (iperf_api.c: "local/%s %.1f%% (%.1f%%u/%.1f%%s)"). */
static void iperf3__cpu_user_and_system__text_and_json(void **state)
{
    (void)state;
    tu_crosscheck("samples/iperf3/tcp-verbose.txt", 18, "(1.0%u/95.7%s)", "tcp",
                  "cpu_utilization_local_user", 1.0);
    tu_crosscheck("samples/iperf3/tcp-verbose.txt", 18, "(1.0%u/95.7%s)", "tcp",
                  "cpu_utilization_local_system", 95.7);
    tu_crosscheck("samples/iperf3/tcp-verbose.txt", 18, "(2.6%u/42.7%s)", "tcp",
                  "cpu_utilization_remote_user", 2.6);
    tu_crosscheck("samples/iperf3/tcp-verbose.txt", 18, "(2.6%u/42.7%s)", "tcp",
                  "cpu_utilization_remote_system", 42.7);
    /* line 140: "host_user": 0.574006313370292, each at its own key */
    tu_crosscheck("samples/iperf3/json-tcp.json", 140, "\"host_user\"",
                  "tcp", "cpu_utilization_local_user", 0.574006313370292);
    tu_crosscheck("samples/iperf3/json-tcp.json", 144, "\"remote_system\"",
                  "tcp", "cpu_utilization_remote_system", 47.990354740738745);
}

/* Summaries of several runs quoted one after the other under one header,
 * each after a label (-P 1, then -P 4), the intervals left out. From a
 * GOST/BBR tunnel write-up (search-index id 4600813434, see
 * bench/corpus/SOURCES.tsv). */
static const char labelled_summaries[] =
    "[ ID] Interval           Transfer     Bitrate         Retr\n"
    "P1\n"
    "[  5]   0.00-30.00  sec   529 MBytes   148 Mbits/sec   63             sender\n"
    "[  5]   0.00-30.16  sec   519 MBytes   144 Mbits/sec                  receiver\n"
    "P4\n"
    "[SUM]   0.00-30.00  sec  1.96 GBytes   561 Mbits/sec  210             sender\n"
    "[SUM]   0.00-30.16  sec  1.92 GBytes   548 Mbits/sec                  receiver\n";

static void iperf3__summaries_after_labels__one_run_each(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(labelled_summaries, "iperf3", &s);
    /* line 3: 148 Mbits/sec, 63 retransmits; line 4: 144 Mbits/sec */
    tu_assert_value(&s, "tcp", "throughput_sender", NULL, 148e6, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", NULL, 144e6, 1e-12);
    assert_int_equal(tu_line_of(&s, "retransmits", NULL), 3);
    /* line 6-7: the second run's SUM, 561 / 548 Mbits/sec, 210 */
    int n = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (strcmp(s.samples[i].metric, "throughput") == 0 &&
            s.samples[i].line == 7) {
            assert_true(s.samples[i].value == 548e6);
            n++;
        }
        if (strcmp(s.samples[i].metric, "retransmits") == 0 &&
            s.samples[i].line == 6) {
            assert_true(s.samples[i].value == 210);
            n++;
        }
    }
    assert_int_equal(n, 2);
    bdb_sink_free(&s);
}

/* A UDP sender's summary prints jitter and loss columns too, its count the
 * datagrams it sent. nokia/moler, moler/cmd/unix/iperf3.py
 * (COMMAND_OUTPUT_udp_client_params). */
static const char udp_sender_line[] =
    "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
    "[  5]   0.00-6.00   sec  3.59 MBytes  5020 Kbits/sec  0.000 ms  0/171 (0%)  sender\n"
    "[  5]   0.00-6.04   sec  3.59 MBytes  4984 Kbits/sec  0.046 ms  0/171 (0%)  receiver\n";

static void iperf3__udp_sender_summary__its_columns_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(udp_sender_line, "iperf3", &s);
    tu_assert_value(&s, "udp", "datagrams_sender", NULL, 171, 0);
    tu_assert_value(&s, "udp", "jitter_sender", NULL, 0, 0);
    tu_assert_value(&s, "udp", "lost_datagrams_sender", NULL, 0, 0);
    assert_int_equal(tu_line_of(&s, "datagrams_sender", NULL), 2);
    /* the receiver's line stays the plain figures: 0.046 ms, 171 */
    tu_assert_value(&s, "udp", "jitter", NULL, 0.046e-3, 1e-12);
    assert_int_equal(tu_line_of(&s, "datagrams", NULL), 3);
    bdb_sink_free(&s);
}

/* "| tail -n 4": no header, the sender's lone Retr column (search-index
 * id 70930289883, a traffic-shaping lesson). */
static const char tail_n4[] =
    "[  5]   0.00-8.00   sec  5.50 MBytes  5.77 Mbits/sec  208             sender\n"
    "[  5]   0.00-8.02   sec  4.12 MBytes  4.31 Mbits/sec                  receiver\n"
    "\n"
    "iperf Done.\n";

static void iperf3__tail_without_header__retransmits_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(tail_n4, "iperf3", &s);
    tu_assert_value(&s, "tcp", "retransmits", NULL, 208, 0);
    assert_int_equal(tu_line_of(&s, "retransmits", NULL), 1);
    tu_assert_value(&s, "tcp", "throughput", NULL, 4.31e6, 1e-12);
    bdb_sink_free(&s);
}

/* 3.0 / 3.1 UDP -R: the out-of-order count after the summary (search-index
 * id 24196175830, an OpenStack QoS test page, indented 4 in the page). */
/* A -J result re-indented in a README, its intervals cut to the first
 * with the comma left before the "]" (issue 21: the file failed whole),
 * set after a heading in an unclosed fence. The elision is skipped and
 * every figure names its own key's line (a page is matched line by line:
 * "bytes" and "bits_per_second" are lines apart). A short public excerpt
 * (iperf3-statuspage README, iperf 3.16, read from a public code-search
 * index, id 35679620805; lines 1-5, 15, 39-43, 47-48 and 67-79 (the
 * first interval's sum), 104-105 and 138-161 of the kept part, the
 * first interval's "streams" left out). */
static const char json_elided[] =
    "## Example Response\n"
    "\n"
    "```json\n"
    "{\n"
    "  \"start\": {\n"
    "    \"version\": \"iperf 3.16\",\n"
    "    \"test_start\": {\n"
    "      \"protocol\": \"TCP\",\n"
    "      \"num_streams\": 1,\n"
    "      \"blksize\": 131072,\n"
    "      \"omit\": 0,\n"
    "      \"duration\": 10\n"
    "    }\n"
    "  },\n"
    "  \"intervals\": [\n"
    "    {\n"
    "      \"sum\": {\n"
    "        \"start\": 0,\n"
    "        \"end\": 1.001128,\n"
    "        \"seconds\": 1.00112795829773,\n"
    "        \"bytes\": 8758493184,\n"
    "        \"bits_per_second\": 69989000797.8003,\n"
    "        \"retransmits\": 0,\n"
    "        \"omitted\": false,\n"
    "        \"sender\": true\n"
    "      }\n"
    "    },\n"
    "  ],\n"
    "  \"end\": {\n"
    "    \"sum_sent\": {\n"
    "      \"start\": 0,\n"
    "      \"end\": 10.000691,\n"
    "      \"seconds\": 10.000691,\n"
    "      \"bytes\": 86734274560,\n"
    "      \"bits_per_second\": 69382625308.5912,\n"
    "      \"retransmits\": 0,\n"
    "      \"sender\": true\n"
    "    },\n"
    "    \"sum_received\": {\n"
    "      \"start\": 0,\n"
    "      \"end\": 10.000862,\n"
    "      \"seconds\": 10.000862,\n"
    "      \"bytes\": 86734274560,\n"
    "      \"bits_per_second\": 69381438967.961,\n"
    "      \"sender\": true\n"
    "    },\n"
    "    \"cpu_utilization_percent\": {\n"
    "      \"host_total\": 102.507701117166,\n"
    "      \"host_user\": 0.8030118769529,\n"
    "      \"host_system\": 101.704689240213,\n"
    "      \"remote_total\": 75.6893571812466,\n"
    "      \"remote_user\": 3.12445661004662,\n"
    "      \"remote_system\": 72.5648905720749\n"
    "    },\n"
    "    \"sender_tcp_congestion\": \"cubic\",\n"
    "    \"receiver_tcp_congestion\": \"cubic\"\n"
    "  }\n"
    "}\n";

static void iperf3__json_elided_trailing_comma__read_each_at_its_key(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(json_elided, NULL, &s);
    const char *id = "protocol=tcp,direction=client_to_server,streams=1";
    tu_assert_value(&s, "tcp", "throughput", id, 69381438967.961, 1e-15);
    assert_int_equal(tu_line_of(&s, "throughput", id), 44);
    tu_assert_value(&s, "tcp", "transfer", id, 86734274560.0, 0);
    assert_int_equal(tu_line_of(&s, "transfer", id), 43);
    tu_assert_value(&s, "tcp", "throughput_sender", id, 69382625308.5912, 1e-15);
    assert_int_equal(tu_line_of(&s, "throughput_sender", id), 35);
    assert_int_equal(tu_line_of(&s, "retransmits", id), 36);
    tu_assert_value(&s, "tcp", "cpu_utilization_remote_system", id,
                    72.5648905720749, 1e-15);
    assert_int_equal(tu_line_of(&s, "cpu_utilization_remote_system", id), 53);
    bdb_sink_free(&s);
}

typedef struct key_points {
    char **lines;
    size_t nlines;
    int checked, wrong;
} key_points;

static int kp_take(void *ctx, const bdb_sample *x)
{
    (void)ctx;
    (void)x;
    return 0;
}

/* Each interval point of a -J run stands at its own key's line. */
static int kp_trace(void *ctx, const bdb_sample *x)
{
    static const char *const keys[][2] = {
        {"throughput", "\"bits_per_second\""}, {"transfer", "\"bytes\""},
        {"retransmits", "\"retransmits\""}, {"cwnd", "\"snd_cwnd\""},
        {"rtt", "\"rtt\""}, {"rttvar", "\"rttvar\""},
        {"snd_wnd", "\"snd_wnd\""}, {"pmtu", "\"pmtu\""}};
    key_points *kp = ctx;
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        if (strcmp(x->trace->what, keys[k][0]) != 0)
            continue;
        kp->checked++;
        if (x->line <= 0 || (size_t)x->line > kp->nlines ||
            !strstr(kp->lines[x->line - 1], keys[k][1]))
            kp->wrong++;
    }
    return 0;
}

/* -J intervals (issue 21): the points of the sums' and the streams'
 * traces named the "sum" or "socket" line; a log quoted in a page is
 * matched line by line, so each now names its own key's line. A real
 * run (samples/iperf3/json-tcp-P2.json, iperf 3.12, two streams). */
static void iperf3__json_interval_points__each_at_its_key(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/iperf3/json-tcp-P2.json", &len);
    key_points kp;
    memset(&kp, 0, sizeof kp);
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    memcpy(copy, raw, len + 1);
    for (char *q = copy; *q; q++)
        kp.nlines += *q == '\n';
    kp.lines = calloc(kp.nlines + 1, sizeof *kp.lines);
    assert_non_null(kp.lines);
    size_t n = 0;
    for (char *q = copy; n < kp.nlines; n++) {
        char *nl = strchr(q, '\n');
        kp.lines[n] = q;
        *nl = '\0';
        q = nl + 1;
    }
    bdb_sink_consumer c = {kp_take, &kp, kp_trace};
    bdb_sink s;
    bdb_sink_init(&s);
    s.consumer = &c;
    bdb_ingest_opts opts = {.source_name = "json-tcp-P2"};
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_ingest_buffer(raw, len, &opts, &s, NULL, 0, &d),
                     BDB_OK);
    assert_true(kp.checked > 20);
    assert_int_equal(kp.wrong, 0);
    bdb_sink_free(&s);
    free(kp.lines);
    free(copy);
    free(raw);
}

static const char udp_ooo[] =
    "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
    "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
    "[  4]   0.00-10.00  sec  2.88 GBytes  301999 KBytes/sec  0.023 ms  1563/377500 (0.41%)  \n"
    "[  4] Sent 377500 datagrams\n"
    "[SUM]  0.0-10.0 sec  1563 datagrams received out-of-order\n";

static void iperf3__udp_out_of_order_line__count_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(udp_ooo, "iperf3", &s);
    tu_assert_value(&s, "udp", "out_of_order", NULL, 1563, 0);
    assert_int_equal(tu_line_of(&s, "out_of_order", NULL), 5);
    tu_assert_value(&s, "udp", "lost_datagrams", NULL, 1563, 0);
    tu_assert_value(&s, "udp", "datagrams_sent", NULL, 377500, 0);
    bdb_sink_free(&s);
}

/* A lone stream's interval keys the sum lacks (snd_cwnd, snd_wnd, rtt,
 * rttvar, pmtu) are points at their own lines, not at the stream's
 * bits_per_second (issue 21: three published 3.6/3.9 -n 10K results and
 * a tab-indented EKS one read them one line off). samples/iperf3/
 * json-tcp.json lines 46-52: "bits_per_second": 25342960551.089306,
 * "retransmits": 2, "snd_cwnd": 2881252, "snd_wnd": 32965632, "rtt": 126,
 * "rttvar": 152, "pmtu": 65535. */
static void iperf3__json_lone_stream_columns__each_at_its_key(void **state)
{
    (void)state;
    char *t = tu_read("samples/iperf3/json-tcp.json", NULL);
    assert_non_null(t);
    tu_points k;
    bdb_sink s;
    tu_parse_points(t, "iperf3", &s, &k);
    static const tu_point_want want[] = {{48, "cwnd", 2881252}, {49, "snd_wnd", 32965632},
                {50, "rtt", 126e-6}, {51, "rttvar", 152e-6},
                {52, "pmtu", 65535}};
    tu_assert_points(&k, want, sizeof want / sizeof want[0]);
    bdb_sink_free(&s);
    free(t);
}

/* iperf3 --timestamps writes strftime's "%c " (TIMESTAMP_FORMAT in
 * iperf_api.c) before every line: "Mon Dec  7 05:41:34 2026 [SUM][TX-C]
 * ...". Such a log is found to be iperf3's and read as the plain one
 * (issue 21: one failed whole). Real sample (samples/iperf3/README.md):
 * iperf 3.12, `-t 3 -i 1 -P 2 --bidir -b 100M --timestamps`; line 34:
 * "[SUM][TX-C]   0.00-3.00   sec  71.8 MBytes   201 Mbits/sec ...
 * receiver", line 40: "[SUM][RX-C] ... 71.8 MBytes   201 Mbits/sec ...
 * receiver". */
static void iperf3__timestamps_prefix__detected_and_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("samples/iperf3/tcp-bidir-P2-timestamps.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "direction=client_to_server",
                    201e6, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "direction=client_to_server"),
                     34);
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client",
                    201e6, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "direction=server_to_client"),
                     40);
    tu_assert_value(&s, "tcp", "transfer", "direction=client_to_server",
                    71.8 * MIB, 1e-12);
    bdb_sink_free(&s);
}

/* A README quoting lines picked from --timestamp --logfile logs, each
 * block tab-indented in a fence inside a Markdown list, no summary: every
 * interval is a point at its own line; the --bidir block (roles) and a
 * block whose intervals begin again at 0 are other tests than the first.
 * Public excerpt (search index id 63104255117, its lines 6-10 and 30-35,
 * the tabs kept). */
static void iperf3__timestamped_interval_excerpts__points_per_test(void **state)
{
    (void)state;
    static const char t[] =
        "- **Log output**:\n"
        "\t```\n"
        "\tThu Mar 13 10:04:31 2025 [SUM]   0.00-1.01   sec   277 MBytes  2.30 Gbits/sec                  \n"
        "\tThu Mar 13 10:04:32 2025 [SUM]   1.01-2.01   sec   284 MBytes  2.38 Gbits/sec                  \n"
        "\tThu Mar 13 10:04:33 2025 [SUM]   2.01-3.01   sec   283 MBytes  2.37 Gbits/sec    \n"
        "\t```\n"
        "- **Log output**: \n"
        "\t```\n"
        "\tMon Mar 10 18:47:06 2025 [SUM]   0.00-10.00  sec  2.76 GBytes  2368 Mbits/sec                  \n"
        "\tMon Mar 10 18:47:16 2025 [SUM]  10.00-20.02  sec  2.61 GBytes  2236 Mbits/sec                  \n"
        "\t```\n"
        "- **Log output**: \n"
        "\t```\n"
        "\tMon Mar 24 19:57:33 2025 [SUM][TX-C] 4530.00-4531.00 sec   138 MBytes  1.16 Gbits/sec                  \n"
        "\tMon Mar 24 20:10:00 2025 [SUM][RX-C] 5277.00-5278.00 sec   113 MBytes   945 Mbits/sec       \n"
        "\t```\n";
    bdb_sink s;
    tu_points k;
    tu_parse_points(t, NULL, &s, &k);
    static const tu_point_want want[] = {
        {3, "throughput", 2.30e9},  {4, "throughput", 2.38e9},
        {5, "throughput", 2.37e9},  {9, "throughput", 2368e6},
        {10, "throughput", 2236e6}, {14, "throughput", 1.16e9},
        {15, "throughput", 945e6}};
    tu_assert_points(&k, want, sizeof want / sizeof want[0]);
    /* no summary: warned, no run figure invented */
    assert_true(tu_has_warning(&s, 3, "no sender/receiver summary"));
    assert_true(tu_has_warning(&s, 9, "no sender/receiver summary"));
    assert_true(tu_has_warning(&s, 14, "no sender/receiver summary"));
    bdb_sink_free(&s);
}

/* A page that collapsed blanks glued the Retr column to the rate's unit
 * ("343 Mbits/sec0 sender", issue 21): the unit ends at its "/sec" and
 * the retransmits are read. A short public excerpt (a Chinese vxlan
 * note, read from a public code-search index, id 16152693540, its
 * lines 23-26, indentation kept). */
static void iperf3__retr_glued_to_rate_unit__both_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok("    [ ID] Interval   Transfer Bandwidth   Retr\n"
               "    [  4]   0.00-10.00  sec   409 MBytes   343 Mbits/sec0 sender\n"
               "    [  4]   0.00-10.00  sec   405 MBytes   340 Mbits/sec  receiver\n",
               "iperf3", &s);
    tu_assert_value(&s, "tcp", "throughput_sender", NULL, 343e6, 0);
    tu_assert_value(&s, "tcp", "retransmits", NULL, 0, 0);
    assert_int_equal(tu_line_of(&s, "retransmits", NULL), 2);
    tu_assert_value(&s, "tcp", "throughput", NULL, 340e6, 0);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* Summaries only, the interval rows deleted (issue 21): a run closed by
 * "iperf Done." then a -P 64 "[SUM]" pair after a label (iperf3's
 * closing line is no iperf2 command: the pair is iperf3's), and two
 * "[SUM]" pairs of two -P runs with only a blank line between (one
 * sender/receiver pair per test: the second pair is another test's). A
 * short public excerpt (search index id 39774612599, Azure Firewall
 * notes, bench/corpus SOURCES.tsv iperf3/ho10-azure-firewall-md-*,
 * lines 37-48, 75-78 and 81-86). */
static const char sum_pairs_only[] =
    "[ ID] Interval           Transfer     Bandwidth       Retr\n"
    "[  4]   0.00-10.00  sec  6.66 GBytes  5.72 Gbits/sec    0             sender\n"
    "[  4]   0.00-10.00  sec  6.65 GBytes  5.72 Gbits/sec                  receiver\n"
    "\n"
    "iperf Done.\n"
    "```\n"
    "64 parallel flows (-P64): (DS4_v2 with AN)\n"
    "\n"
    "```\n"
    "[SUM]   0.00-10.00  sec  6.73 GBytes  5.78 Gbits/sec    0             sender\n"
    "[SUM]   0.00-10.00  sec  6.66 GBytes  5.72 Gbits/sec                  receiver\n"
    "```\n"
    "root@spoke1-vm:~# iperf3 -P 128 -c 10.77.0.2\n"
    "[SUM]   0.00-10.00  sec  2.92 GBytes  2.51 Gbits/sec  1144             sender\n"
    "[SUM]   0.00-10.00  sec  2.78 GBytes  2.39 Gbits/sec                  receiver\n"
    "```\n"
    "#spoke to spoke over VXLAN : 64 flows : DS5_v2 with AN\n"
    "[SUM]   0.00-10.00  sec  2.17 GBytes  1.87 Gbits/sec  500             sender\n"
    "[SUM]   0.00-10.00  sec  2.03 GBytes  1.74 Gbits/sec                  receiver\n"
    "\n"
    "[SUM]   0.00-10.00  sec  2.26 GBytes  1.94 Gbits/sec  1814             sender\n"
    "[SUM]   0.00-10.00  sec  2.13 GBytes  1.83 Gbits/sec                  receiver\n";

/* The figure of metric at line, or fails. */
static double value_at(const bdb_sink *s, const char *metric, int line)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->samples[i].line == line &&
            strcmp(s->samples[i].metric, metric) == 0)
            return s->samples[i].value;
    fail_msg("no %s at line %d", metric, line);
    return 0;
}

static void iperf3__sum_pairs_only__each_pair_a_run(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(sum_pairs_only, "iperf3", &s);
    /* "5.78 Gbits/sec    0  sender", "5.72 Gbits/sec  receiver" */
    assert_true(value_at(&s, "throughput_sender", 10) == 5.78e9);
    assert_true(value_at(&s, "retransmits", 10) == 0);
    assert_true(value_at(&s, "throughput", 11) == 5.72e9);
    tu_assert_close(value_at(&s, "transfer", 11), 6.66 * 1073741824.0, 1e-12,
                    "6.66 GBytes");
    /* the -P 128 run after its command: "2.51 Gbits/sec  1144  sender" */
    assert_true(value_at(&s, "throughput_sender", 14) == 2.51e9);
    assert_true(value_at(&s, "retransmits", 14) == 1144);
    assert_true(value_at(&s, "throughput", 15) == 2.39e9);
    /* "1.87 Gbits/sec  500  sender" / "1.74 Gbits/sec  receiver", then
     * "1.94 Gbits/sec  1814  sender" / "1.83 Gbits/sec  receiver" */
    assert_true(value_at(&s, "throughput_sender", 18) == 1.87e9);
    assert_true(value_at(&s, "retransmits", 18) == 500);
    assert_true(value_at(&s, "throughput", 19) == 1.74e9);
    assert_true(value_at(&s, "throughput_sender", 21) == 1.94e9);
    assert_true(value_at(&s, "retransmits", 21) == 1814);
    assert_true(value_at(&s, "throughput", 22) == 1.83e9);
    /* no number of the summary lines is left unread but line 17's "64"
     * (an import warns it, the unread-figure account) */
    for (int l = 10; l <= 22; l++)
        if (l != 17)
            assert_false(tu_has_warning(&s, l, ""));
    assert_true(tu_has_warning(&s, 17, "numbers not read: 64"));
    assert_true(tu_has_warning(&s, 7, "numbers not read: 64"));
    assert_int_equal(s.unread_lines, 2);
    bdb_sink_free(&s);
}

/* An iperf3 UDP summary quoted twice in a mail, then quoted-printable
 * encoded: its soft breaks ("Lost/To=" / "tal Datagrams", "62/864 =" /
 * "(7.2%)  receiver") leave continuations without their "> > ", and the
 * text has no "=3D" (iperf3 prints no "="). Issue 21: the soft breaks
 * tell the encoding; each row is read whole, each figure at the line
 * it is printed on. A short
 * public excerpt (search index id 41001629268, bench/corpus SOURCES.tsv
 * iperf3/mail-qp-double-quoted-udp-then-tcp.txt, lines 10-18). */
static const char qp_no_3d[] =
    "> > [  5]   9.00-10.00  sec   123 KBytes  1.01 Mbits/sec  87\n"
    "> > - - - - - - - - - - - - - - - - - - - - - - - - -\n"
    "> > [ ID] Interval           Transfer     Bitrate         Jitter    Lost/To=\n"
    "tal Datagrams\n"
    "> > [  5]   0.00-10.00  sec  1.19 MBytes  1.00 Mbits/sec  0.000 ms  0/864 (=\n"
    "0%)  sender\n"
    "> > [  5]   0.00-10.05  sec  1.11 MBytes   925 Kbits/sec  0.045 ms  62/864 =\n"
    "(7.2%)  receiver\n"
    "> > iperf Done.\n";

static void iperf3__qp_soft_breaks_without_3d__udp_summary_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(qp_no_3d, NULL, &s);
    tu_assert_value(&s, NULL, "jitter", NULL, 0.045e-3, 1e-9);
    tu_assert_value(&s, NULL, "loss", NULL, 7.2, 1e-12);
    tu_assert_value(&s, NULL, "lost_datagrams", NULL, 62, 0);
    tu_assert_value(&s, NULL, "datagrams", NULL, 864, 0);
    tu_assert_value(&s, NULL, "throughput", NULL, 925e3, 1e-12);
    /* the receiver's row starts at line 7; its "(7.2%)" is printed on
     * line 8, and read there */
    assert_int_equal(tu_line_of(&s, "lost_datagrams", NULL), 7);
    assert_int_equal(tu_line_of(&s, "loss", NULL), 8);
    tu_assert_value(&s, NULL, "loss_sender", NULL, 0, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* The same encoding in a mail that quotes nothing: iperf3's receiver
 * rows are 77 characters and more, so the encoder breaks each in the
 * loss percent ("437/864 (51=" / "%)  receiver"); the lines are not
 * quoted, so only the soft breaks of lines at most 76 long tell the
 * encoding. A short public excerpt (search index id 41228668322,
 * bench/corpus SOURCES.tsv iperf3/ho11-netdev-qp-pacing-timer-udp-
 * receiver-lines-percent-split-by-soft-break.txt, lines 8-13). */
static const char qp_unquoted_percent[] =
    "# iperf3 -c 192.168.1.1 -u -b1M --pacing-timer 1000\n"
    "[  5]   0.00-10.04  sec   604 KBytes   493 Kbits/sec  0.062 ms  437/864 (51=\n"
    "%)  receiver\n"
    "# iperf3 -c 192.168.1.1 -u -b1M --pacing-timer 10000\n"
    "[  5]   0.00-10.05  sec   581 KBytes   474 Kbits/sec  0.102 ms  452/863 (52=\n"
    "%)  receiver\n";

/* The figure of this metric read at this line of the file. */
static double qp_value_at(const bdb_sink *s, const char *metric, int line)
{
    for (size_t k = 0; k < s->n; k++)
        if (s->samples[k].line == line &&
            strcmp(s->samples[k].metric, metric) == 0)
            return s->samples[k].value;
    fail_msg("no %s at line %d", metric, line);
    return 0;
}

static void iperf3__qp_unquoted_soft_break_in_percent__read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_accounted(qp_unquoted_percent, NULL, &s);
    assert_int_equal(tu_count(&s, "loss"), 2);
    /* each row at its first line of the file: 2 and 5 */
    tu_assert_close(qp_value_at(&s, "loss", 2), 51, 1e-12, "loss 1");
    tu_assert_close(qp_value_at(&s, "lost_datagrams", 2), 437, 0, "lost 1");
    tu_assert_close(qp_value_at(&s, "datagrams", 2), 864, 0, "total 1");
    tu_assert_close(qp_value_at(&s, "jitter", 2), 0.062e-3, 1e-9, "jitter 1");
    tu_assert_close(qp_value_at(&s, "throughput", 2), 493e3, 1e-12, "rate 1");
    tu_assert_close(qp_value_at(&s, "loss", 5), 52, 1e-12, "loss 2");
    tu_assert_close(qp_value_at(&s, "lost_datagrams", 5), 452, 0, "lost 2");
    tu_assert_close(qp_value_at(&s, "datagrams", 5), 863, 0, "total 2");
    tu_assert_close(qp_value_at(&s, "jitter", 5), 0.102e-3, 1e-9, "jitter 2");
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
}

/* iperf3's two summary rows kept by a review without their [ID],
 * Interval and Transfer columns, under the end of the header only
 * ("Bitrate  Retr"). Issue 21: no tool reads them (a rate without its
 * interval), and the error names their lines, not just the first
 * number. A short public excerpt (search index id 45270944934,
 * bench/corpus SOURCES.tsv iperf3/wifi-review-two-rows-no-interval.txt,
 * lines 3-7). */
static void iperf3__rows_cut_from_their_columns__error_names_the_lines(void **state)
{
    (void)state;
    tu_expect_error(NULL,
                    "```\n"
                    "Bitrate         Retr\n"
                    "385 Mbits/sec    0             sender\n"
                    "385 Mbits/sec                  receiver\n"
                    "```\n",
                    NULL, 0, "lines 3-4 are iperf3 sender/receiver rows");
}

/* ---------------- --json-stream (3.17+) ---------------- */

/* iperf3 --json-stream prints one object a line ({"event":"start"},
 * one "interval" each interval, "end"): the run's figures come from the
 * end event, the intervals are their trace, at their own lines, and the
 * start event's settings are read without a warning. Real runs of iperf
 * 3.17.1 built from its source (samples/iperf3/README.md, seventh
 * batch); each figure is checked against the raw line, not the parser. */
static void iperf3__json_stream__end_figures_and_interval_trace(void **state)
{
    (void)state;
    /* end event (line 4): sum_received, sum_sent, retransmits */
    tu_crosscheck("samples/iperf3/json-stream-tcp.jsonl", 4,
                  "\"bytes\":5037490176,\"bits_per_second\":20120966391.429951",
                  "tcp", "throughput", 20120966391.429951);
    tu_crosscheck("samples/iperf3/json-stream-tcp.jsonl", 4,
                  "\"bytes\":5037359104,\"bits_per_second\":20128613365.473415,"
                  "\"retransmits\":13",
                  "tcp", "throughput_sender", 20128613365.473415);
    tu_crosscheck("samples/iperf3/json-stream-tcp.jsonl", 4,
                  "\"retransmits\":13,\"sender\":true}", "tcp", "retransmits",
                  13);
    tu_crosscheck("samples/iperf3/json-stream-tcp.jsonl", 4, "\"mean_rtt\":53",
                  "tcp", "rtt_mean", 53e-6);
    /* UDP: the receiver's jitter and datagrams */
    tu_crosscheck("samples/iperf3/json-stream-udp.jsonl", 4,
                  "\"bits_per_second\":99958956.111505359,"
                  "\"jitter_ms\":0.012178639026682835,\"lost_packets\":0,"
                  "\"packets\":763",
                  "udp", "jitter", 0.012178639026682835e-3);
    tu_crosscheck("samples/iperf3/json-stream-udp.jsonl", 4,
                  "\"bits_per_second\":99958956.111505359", "udp",
                  "throughput", 99958956.111505359);
    tu_crosscheck("samples/iperf3/json-stream-udp.jsonl", 4, "\"packets\":763",
                  "udp", "datagrams", 763);
    /* -P 2: the sum and each stream */
    tu_crosscheck("samples/iperf3/json-stream-tcp-P2.jsonl", 4,
                  "\"bytes\":8982364160,\"bits_per_second\":35897597522.199051",
                  "tcp", "throughput", 35897597522.199051);
    /* --bidir: the reverse half's receiver */
    tu_crosscheck("samples/iperf3/json-stream-tcp-bidir.jsonl", 4,
                  "\"sum_received_bidir_reverse\":{\"start\":0,\"end\":2.002029,"
                  "\"seconds\":2.002029,\"bytes\":4752408576,"
                  "\"bits_per_second\":18990368575.080582",
                  "tcp", "throughput", 18990368575.080582);
    /* the intervals: points at their lines, each stream's of -P 2 too */
    size_t len;
    char *t = tu_read("samples/iperf3/json-stream-tcp-P2.jsonl", &len);
    bdb_sink s;
    tu_points k;
    tu_parse_points(t, NULL, &s, &k);
    static const tu_point_want want[] = {
        {2, "throughput", 25886537703.3058},
        {2, "transfer", 3239706624},
        {2, "retransmits", 4},
        {3, "throughput", 45942555773.597717}};
    tu_assert_points(&k, want, sizeof want / sizeof want[0]);
    /* stream 5's first interval: its own rate and cwnd */
    const double *v = tu_point_at(&k, 2, "cwnd");
    assert_non_null(v);
    assert_true(tu_point_at(&k, 2, "throughput") != NULL);
    bdb_sink_free(&s);
    free(t);
    tu_file_accounted("samples/iperf3/json-stream-tcp-P2.jsonl", NULL, &s);
    assert_int_equal(tu_count_warnings(&s), 0);
    tu_assert_value(&s, "tcp", "throughput", "stream=1", 17720935708.0, 1e-9);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* The server's --json-stream (its "start" has accepted_connection): the
 * sum_sent of the half it did not send is zeros, no figure; the client's
 * --get-server-output adds a server_output_text event: the server's
 * text output, read as -J's member of that name is (reporter=server, at
 * the event's line). A client with no server: the "error" event, then an
 * empty "end", is the error. Real iperf 3.17.1 runs (samples/iperf3). */
static void iperf3__json_stream__server_side_and_server_output(void **state)
{
    (void)state;
    bdb_sink s;
    tu_file_accounted("samples/iperf3/json-stream-server-tcp.jsonl", NULL, &s);
    assert_null(tu_find(&s, NULL, "throughput_sender", NULL));
    tu_crosscheck("samples/iperf3/json-stream-server-tcp.jsonl", 5,
                  "\"bytes\":5894832128,\"bits_per_second\":23567968751.061985",
                  "tcp", "throughput", 23567968751.061985);
    assert_null(tu_find(&s, NULL, "cpu_utilization_remote", NULL));
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
    tu_file_accounted("samples/iperf3/json-stream-tcp-get-server-output.jsonl", NULL,
                &s);
    /* one run: the client's figures at the end event (line 5), the
     * server's receiver from its text at line 4: "6.32 GBytes  27.1
     * Gbits/sec receiver", intervals 23.8 and 30.5 Gbits/sec */
    assert_int_equal(tu_count(&s, "throughput"), 2);
    const bdb_sample *srv = tu_find(&s, NULL, "throughput", "reporter=server");
    assert_non_null(srv);
    assert_int_equal(srv->line, 4);
    tu_assert_close(srv->value, 27.1e9, 1e-12, "server's throughput");
    tu_assert_value(&s, "tcp", "transfer", "reporter=server",
                    6.32 * 1024.0 * 1024 * 1024, 1e-9);
    tu_assert_value(&s, "tcp", "interval_throughput_min", "reporter=server",
                    23.8e9, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", "reporter=server",
                    30.5e9, 1e-12);
    for (size_t i = 0; i < s.n; i++)
        if (s.samples[i].line == 5)
            assert_null(bdb_params_get(&s.samples[i].params, "reporter"));
    tu_crosscheck("samples/iperf3/json-stream-tcp-get-server-output.jsonl", 5,
                  "\"bytes\":6784679936,\"bits_per_second\":27124709831.3721,"
                  "\"retransmits\":18",
                  "tcp", "throughput_sender", 27124709831.3721);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);
    tu_expect_error("tests/fixtures/iperf3/broken-json-stream-connection-refused.jsonl",
                    NULL, NULL, 1, "unable to connect to server");
}

/* text with prefix before each of its lines, head before them and tail
 * after them (the caller frees). */
static char *wrap_lines(const char *head, const char *prefix,
                        const char *text, const char *tail)
{
    size_t n = strlen(head) + strlen(tail) + 1, lines = 0;
    for (const char *q = text; *q; q++)
        lines += *q == '\n';
    n += strlen(text) + (lines + 1) * strlen(prefix);
    char *o = malloc(n), *w = o;
    assert_non_null(o);
    w += sprintf(w, "%s", head);
    for (const char *q = text; *q;) {
        const char *nl = strchr(q, '\n');
        size_t l = nl ? (size_t)(nl - q) + 1 : strlen(q);
        w += sprintf(w, "%s%.*s", prefix, (int)l, q);
        q += l;
    }
    sprintf(w, "%s", tail);
    return o;
}

/* The same events as pages quote them: in a Markdown fence, as a mail
 * quote, after CI timestamps, after the command line: the same figures
 * at the same events' lines, nothing left unread. */
static void iperf3__json_stream_wrapped__same_figures(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("samples/iperf3/json-stream-udp.jsonl", &len);
    static const char *const wraps[][3] = {
        {"```json\n", "", "```\n"},
        {"", "> > ", ""},
        {"", "2026-12-07T12:00:00.1234567Z ", ""},
        {"$ iperf3 -c 127.0.0.1 -p 15471 -t 2 -u -b 100M --json-stream\n", "",
         ""}};
    for (size_t i = 0; i < sizeof wraps / sizeof wraps[0]; i++) {
        char *text = wrap_lines(wraps[i][0], wraps[i][1], t, wraps[i][2]);
        int first = wraps[i][0][0] ? 1 : 0;
        bdb_sink s;
        tu_text_accounted(text, NULL, &s);
        tu_assert_value(&s, "udp", "throughput", NULL, 99958956.111505359,
                        1e-12);
        tu_assert_value(&s, "udp", "jitter", NULL, 0.012178639026682835e-3,
                        1e-12);
        tu_assert_value(&s, "udp", "datagrams", NULL, 763, 0);
        assert_int_equal(tu_line_of(&s, "throughput", NULL), 4 + first);
        assert_int_equal(s.unread_lines, 0);
        bdb_sink_free(&s);
        free(text);
    }
    free(t);
}

/* A README quoting one "interval" event of each of six tests, each in
 * its own fence under a title, no "start" and no "end": each is a test
 * of its own (time goes back, or its sum's side, streams or --bidir sum
 * change), its intervals are points at their lines and the missing end
 * is warned. Public excerpt (search index id 13553917071, OpenMobile-
 * NetworkToolkit docs, iperf3 --json-stream; its lines 28-42, the first
 * five of the six fences). */
static void iperf3__json_stream_interval_excerpts__a_test_each(void **state)
{
    (void)state;
    static const char t[] =
        "TCP UL Single Stream\n"
        "```json\n"
        "{\"event\":\"interval\",\"data\":{\"streams\":[{\"socket\":5,\"start\":0,\"end\":1.001069,\"seconds\":1.0010689496994019,\"bytes\":3994157056,\"bits_per_second\":31919136496.636753,\"retransmits\":0,\"snd_cwnd\":1506109,\"snd_wnd\":6192128,\"rtt\":59,\"rttvar\":14,\"pmtu\":65535,\"omitted\":false,\"sender\":true}],\"sum\":{\"start\":0,\"end\":1.001069,\"seconds\":1.0010689496994019,\"bytes\":3994157056,\"bits_per_second\":31919136496.636753,\"retransmits\":0,\"omitted\":false,\"sender\":true}}}\n"
        "```\n"
        "TCP DL Single Stream\n"
        "```JSON\n"
        "{\"event\":\"interval\",\"data\":{\"streams\":[{\"socket\":5,\"start\":0,\"end\":1.000363,\"seconds\":1.0003629922866821,\"bytes\":3878158336,\"bits_per_second\":31014008842.011257,\"omitted\":false,\"sender\":false}],\"sum\":{\"start\":0,\"end\":1.000363,\"seconds\":1.0003629922866821,\"bytes\":3878158336,\"bits_per_second\":31014008842.011257,\"omitted\":false,\"sender\":false}}}\n"
        "```\n"
        "TCP BIDIR Single Stream\n"
        "```json\n"
        "{\"event\":\"interval\",\"data\":{\"streams\":[{\"socket\":5,\"start\":0,\"end\":1.000228,\"seconds\":1.0002280473709106,\"bytes\":3935043584,\"bits_per_second\":31473171298.031265,\"retransmits\":0,\"snd_cwnd\":1309660,\"snd_wnd\":6192128,\"rtt\":34,\"rttvar\":2,\"pmtu\":65535,\"omitted\":false,\"sender\":true},{\"socket\":7,\"start\":0,\"end\":1.025515,\"seconds\":1.0255149602890015,\"bytes\":3690070016,\"bits_per_second\":28786084329.458031,\"omitted\":false,\"sender\":false}],\"sum\":{\"start\":0,\"end\":1.000228,\"seconds\":1.0002280473709106,\"bytes\":3935043584,\"bits_per_second\":31473171298.031265,\"retransmits\":0,\"omitted\":false,\"sender\":true},\"sum_bidir_reverse\":{\"start\":0,\"end\":1.000228,\"seconds\":1.0002280473709106,\"bytes\":3690070016,\"bits_per_second\":29513829576.759514,\"omitted\":false,\"sender\":false}}}\n"
        "```\n"
        "\n"
        "UDP UL Single Stream\n"
        "```json\n"
        "{\"event\":\"interval\",\"data\":{\"streams\":[{\"socket\":5,\"start\":0,\"end\":1.000097,\"seconds\":1.0000970363616943,\"bytes\":135168,\"bits_per_second\":1081239.0804935072,\"packets\":8,\"omitted\":false,\"sender\":true}],\"sum\":{\"start\":0,\"end\":1.000097,\"seconds\":1.0000970363616943,\"bytes\":135168,\"bits_per_second\":1081239.0804935072,\"packets\":8,\"omitted\":false,\"sender\":true}}}\n"
        "```\n"
        "\n"
        "UDP DL Single Stream\n"
        "```json\n"
        "{\"event\":\"interval\",\"data\":{\"streams\":[{\"socket\":5,\"start\":1.00107,\"end\":2.001073,\"seconds\":1.0000029802322388,\"bytes\":135168,\"bits_per_second\":1081340.7773533543,\"jitter_ms\":0.023491129322622144,\"lost_packets\":0,\"packets\":8,\"lost_percent\":0,\"omitted\":false,\"sender\":false}],\"sum\":{\"start\":1.00107,\"end\":2.001073,\"seconds\":1.0000029802322388,\"bytes\":135168,\"bits_per_second\":1081340.7773533543,\"jitter_ms\":0.023491129322622144,\"lost_packets\":0,\"packets\":8,\"lost_percent\":0,\"omitted\":false,\"sender\":false}}}\n"
        "```\n";
    bdb_sink s;
    tu_points k;
    tu_parse_points(t, NULL, &s, &k);
    static const tu_point_want want[] = {
        {3, "throughput", 31919136496.636753}, {3, "cwnd", 1506109},
        {7, "throughput", 31014008842.011257},
        {11, "throughput", 31473171298.031265},
        {16, "throughput", 1081239.0804935072}, {16, "datagrams", 8},
        {21, "throughput", 1081340.7773533543},
        {21, "jitter", 0.023491129322622144e-3}, {21, "lost_datagrams", 0}};
    tu_assert_points(&k, want, sizeof want / sizeof want[0]);
    /* the --bidir interval's sum_bidir_reverse, on the same line */
    int rev = 0;
    for (int i = 0; i < k.n; i++)
        rev += k.p[i].line == 11 && !strcmp(k.p[i].what, "throughput") &&
               k.p[i].v == 29513829576.759514;
    assert_int_equal(rev, 1);
    /* five tests, each warned: no end event, no figure invented */
    static const int tests[] = {3, 7, 11, 16, 21};
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        assert_true(tu_has_warning(&s, tests[i], "no \"end\" event"));
    bdb_sink_free(&s);
    tu_text_accounted(t, NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* ---------------- JSON after text, wrapped [SUM] rows ---------------- */

/* The figure of metric at line in s, or NULL. */
static const bdb_sample *at_line(const bdb_sink *s, const char *metric,
                                 int line)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->samples[i].line == line &&
            !strcmp(s->samples[i].metric, metric))
            return &s->samples[i];
    return NULL;
}

/* iperf3 -J output after text output in one file (real runs of iperf
 * 3.12, samples/iperf3 eighth batch): a text run, then a -J run of the
 * same test, each after its command line: both runs are read, the
 * text's figures at its lines, the JSON's at its keys; a script's line
 * before a -J document does not hide the document. Figures against the
 * raw text. */
static void iperf3__json_after_text__both_runs_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_file_accounted("samples/iperf3/text-then-json-tcp.txt", NULL, &s);
    /* line 10: "[  5]   0.00-2.01   sec  2.64 GBytes  11.3 Gbits/sec
     * receiver"; line 148: "bits_per_second": 2758634029.5913787 */
    const bdb_sample *t = at_line(&s, "throughput", 10);
    assert_non_null(t);
    tu_assert_close(t->value, 11.3e9, 1e-12, "text receiver");
    const bdb_sample *j = at_line(&s, "throughput", 148);
    assert_non_null(j);
    tu_assert_close(j->value, 2758634029.5913787, 1e-12, "JSON receiver");
    assert_int_equal(tu_count(&s, "throughput"), 2);
    /* line 9's Retr and the JSON's sum_sent retransmits */
    const bdb_sample *r = at_line(&s, "retransmits", 9);
    assert_non_null(r);
    assert_true(r->value == 3);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
    tu_file_accounted("samples/iperf3/preamble-then-json-udp.txt", NULL, &s);
    assert_int_equal(tu_count(&s, "jitter"), 1);
    assert_int_equal(tu_count(&s, "throughput"), 1);
    assert_int_equal(s.unread_lines, 0);
    bdb_sink_free(&s);
}

/* The line number of the last line of text that starts with prefix. */
static int last_line_starting(const char *text, const char *prefix)
{
    int line = 1, found = 0;
    for (const char *q = text; *q;) {
        if (!strncmp(q, prefix, strlen(prefix)))
            found = line;
        const char *nl = strchr(q, '\n');
        if (!nl)
            break;
        q = nl + 1;
        line++;
    }
    return found;
}

/* iperf3 UDP -P 2's summary rows are 85 to 88 columns: a page that
 * re-flows them at 80 moves their label ("sender") to a line of its
 * own, at 72 their loss too ("(0%)  receiver"). A real run
 * (samples/iperf3/udp-P2.txt) re-flowed by the test: each row is read
 * whole, the same figures as the log as printed, each column at the
 * line it went to, nothing left unread. */
static void iperf3__udp_sum_rows_reflowed__read_whole(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("samples/iperf3/udp-P2.txt", &len);
    bdb_sink a;
    tu_text_accounted(t, "iperf3", &a);
    static const char *const metrics[] = {
        "throughput", "transfer", "jitter", "loss", "lost_datagrams",
        "datagrams", "throughput_sender", "transfer_sender",
        "datagrams_sender", "loss_sender"};
    static const size_t widths[] = {80, 72};
    for (size_t w = 0; w < 2; w++) {
        char *r = tu_reflow(t, widths[w]);
        assert_non_null(strstr(r, w ? "0/1526\n(0%)  receiver"
                                    : "0/1526 (0%) \nreceiver"));
        bdb_sink b;
        tu_text_accounted(r, "iperf3", &b);
        for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; i++) {
            const bdb_sample *x = tu_find(&a, NULL, metrics[i], NULL);
            const bdb_sample *y = tu_find(&b, NULL, metrics[i], NULL);
            assert_non_null(x);
            assert_non_null(y);
            tu_assert_close(y->value, x->value, 0, metrics[i]);
        }
        assert_int_equal(b.n, a.n);
        assert_int_equal(b.unread_lines, 0);
        if (w) /* the [SUM] receiver's loss, on its own line at 72 */
            assert_int_equal(tu_line_of(&b, "loss", NULL),
                             last_line_starting(r, "(0%)  receiver"));
        bdb_sink_free(&b);
        free(r);
    }
    bdb_sink_free(&a);
    free(t);
}

/* An iperf3 3.0-era UDP server log: "Server listening on 5201" and
 * "Accepted connection from ..." (iperf3's words; iperf 2 says "Server
 * listening on UDP port 5001"), rows under a "Bandwidth" header without
 * sender/receiver words, and iperf 2-like "[SUM]  0.0-187.0 sec  907
 * datagrams received out-of-order" at the end. That one row of one
 * decimal left the file to no tool: it failed whole (issue 21,
 * held-out-19). A short public excerpt: tinoslr/Thesis txtfiles/
 * 40mWi.txt @ f7eebd19, its lines 1-8 and 1100-1106 (bench/corpus
 * SOURCES.tsv iperf3/ho19-b-thesis-wifi-3.0-era-*). */
static void iperf3__server_banner_and_sum_out_of_order__detected(void **state)
{
    (void)state;
    static const char t[] =
        "-----------------------------------------------------------\n"
        "Server listening on 5201\n"
        "-----------------------------------------------------------\n"
        "Accepted connection from 192.168.178.170, port 52294\n"
        "[  6] local 192.168.178.117 port 5201 connected to 192.168.178.170 port 56875\n"
        "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
        "[  6]   0.00-1.00   sec  1.18 MBytes  9.85 Mbits/sec  0.642 ms  0/845 (0%)  \n"
        "[  6]   1.00-2.00   sec  1.41 MBytes  11.8 Mbits/sec  1.065 ms  0/1015 (0%)  \n"
        "[  6] 186.00-187.01 sec   961 KBytes  7.84 Mbits/sec  1.847 ms  0/674 (0%)  \n"
        "[  6] 186.00-187.01 sec   961 KBytes  7.84 Mbits/sec  1.847 ms  0/674 (0%)  \n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
        "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
        "[  6]   0.00-187.01 sec  0.00 Bytes  0.00 bits/sec  1.607 ms  1672/111971 (1.5%)  \n"
        "[SUM]  0.0-187.0 sec  907 datagrams received out-of-order\n"
        "iperf3: the client has terminated\n"
    ;
    bdb_sink s;
    tu_text_ok(t, NULL, &s);
    const bdb_sample *x = tu_find(&s, "udp", "lost_datagrams", NULL);
    assert_non_null(x);
    assert_string_equal(x->tool, "iperf3");
    assert_int_equal(x->line, 13);
    assert_true(x->value == 1672);
    tu_assert_value(&s, "udp", "datagrams", NULL, 111971, 0);
    tu_assert_value(&s, "udp", "loss", NULL, 1.5, 1e-12);
    tu_assert_value(&s, "udp", "jitter", NULL, 1.607e-3, 1e-9);
    tu_assert_value(&s, "udp", "out_of_order", NULL, 907, 0);
    assert_int_equal(tu_line_of(&s, "out_of_order", NULL), 14);
    /* "0.00 Bytes  0.00 bits/sec" over 187 s whose intervals carried
     * 4.7 MB: 3.0's server prints the bytes it sent; no 0 throughput */
    assert_null(tu_find(&s, "udp", "throughput", NULL));
    assert_null(tu_find(&s, "udp", "transfer", NULL));
    assert_true(tu_has_warning(&s, 13, "reports 0 bytes though"));
    bdb_sink_free(&s);
}

/* iperf3 3.7+ prints a UDP receiver's out-of-order count ("[SUM]
 * 0.0-300.0 sec  17 datagrams received out-of-order") before its
 * summary row, where 3.0 printed it after: it was warned as "before any
 * summary line, not read" (issue 21, held-out-19). Now held for the
 * summary row that follows. A short public excerpt: tinoslr/Thesis
 * txtfiles/15m.txt @ f7eebd19, its lines 1-8 and 306-311 (bench/corpus
 * SOURCES.tsv iperf3/ho19-b-thesis-5g-udp-server-*). */
static void iperf3__out_of_order_before_its_summary__read(void **state)
{
    (void)state;
    static const char t[] =
        "-----------------------------------------------------------\n"
        "Server listening on 5002 (test #1)\n"
        "-----------------------------------------------------------\n"
        "Accepted connection from 192.168.192.4, port 49006\n"
        "[  6] local 192.168.96.100 port 5002 connected to 192.168.192.4 port 45460\n"
        "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
        "[  6]   0.00-1.00   sec  8.01 MBytes  67.2 Mbits/sec  0.049 ms  0/5801 (0%)  \n"
        "[  6]   1.00-2.00   sec  22.7 MBytes   191 Mbits/sec  0.109 ms  0/16452 (0%)  \n"
        "[  6] 299.00-300.00 sec  27.6 MBytes   231 Mbits/sec  0.054 ms  0/19956 (0%)  \n"
        "[  6] 300.00-300.03 sec   836 KBytes   230 Mbits/sec  0.055 ms  0/591 (0%)  \n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
        "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
        "[SUM]  0.0-300.0 sec  17 datagrams received out-of-order\n"
        "[  6]   0.00-300.03 sec  7.67 GBytes   220 Mbits/sec  0.055 ms  32753/5719589 (0.57%)  receiver\n"
    ;
    bdb_sink s;
    tu_text_ok(t, "iperf3", &s);
    tu_assert_value(&s, "udp", "out_of_order", NULL, 17, 0);
    assert_int_equal(tu_line_of(&s, "out_of_order", NULL), 13);
    tu_assert_value(&s, "udp", "lost_datagrams", NULL, 32753, 0);
    assert_int_equal(tu_line_of(&s, "lost_datagrams", NULL), 14);
    assert_false(tu_has_warning(&s, 13, ""));
    bdb_sink_free(&s);
    /* with no summary after it, it is warned at its line */
    char *cut = tu_replace(t, strstr(t, "[  6]   0.00-300.03"), "");
    tu_text_ok(cut, "iperf3", &s);
    free(cut);
    assert_null(tu_find(&s, NULL, "out_of_order", NULL));
    assert_true(tu_has_warning(&s, 13, "out-of-order count no summary"));
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iperf3_crosscheck__transfer_rates_and_loss),
        cmocka_unit_test(iperf3__qp_soft_breaks_without_3d__udp_summary_read),
        cmocka_unit_test(iperf3__server_banner_and_sum_out_of_order__detected),
        cmocka_unit_test(iperf3__out_of_order_before_its_summary__read),
        cmocka_unit_test(iperf3__qp_unquoted_soft_break_in_percent__read),
        cmocka_unit_test(iperf3__rows_cut_from_their_columns__error_names_the_lines),
        cmocka_unit_test(iperf3__get_server_output_text__server_copy_apart),
        cmocka_unit_test(iperf3__get_server_output_udp_reverse__server_sender_read),
        cmocka_unit_test(iperf3__udp_interval_lost_below_zero__read_and_warned),
        cmocka_unit_test(iperf3__get_server_output_bidir_and_reverse__both_sides),
        cmocka_unit_test(iperf3__get_server_output_json_object__server_document_read),
        cmocka_unit_test(iperf3__get_server_output_json__top_level_end_lines),
        cmocka_unit_test(iperf3__server_json__unsent_half_and_unknown_cpu_left_out),
        cmocka_unit_test(iperf3__server_log_udp_bidir__roles_give_directions),
        cmocka_unit_test(iperf3__json_rtt_and_cwnd__from_the_sender_stream),
        cmocka_unit_test(iperf3__json_omit__omit_parameter_and_intervals_left_out),
        cmocka_unit_test(iperf3__json_udp_parallel__streams_and_sum),
        cmocka_unit_test(iperf3__json_udp_stream__sender_rate_named_as_text),
        cmocka_unit_test(iperf3__json_3_1_udp_sum__quoted_output),
        cmocka_unit_test(iperf3__old_text_unlabelled_udp_summary__quoted_output),
        cmocka_unit_test(iperf3__windows_build_crlf__quoted_output),
        cmocka_unit_test(iperf3__omit_3__omitted_intervals_not_results),
        cmocka_unit_test(iperf3__command_line__P_R_u_b_l_w_O_Z_bidir_become_parameters),
        cmocka_unit_test(iperf3__two_commands_two_runs__different_series),
        cmocka_unit_test(iperf3__command_line_disagrees_with_verbose__warned),
        cmocka_unit_test(iperf3__json_after_command_line__still_json),
        cmocka_unit_test(iperf3__error_between_rows__warned_figures_kept),
        cmocka_unit_test(iperf3__cut_json_after_a_complete_object__first_kept),
        cmocka_unit_test(iperf3__udp_loss__warning_line_and_receiver_figures),
        cmocka_unit_test(iperf3__cpu_user_and_system__text_and_json),
        cmocka_unit_test(iperf3__summaries_after_labels__one_run_each),
        cmocka_unit_test(iperf3__udp_sender_summary__its_columns_read),
        cmocka_unit_test(iperf3__tail_without_header__retransmits_read),
        cmocka_unit_test(iperf3__udp_out_of_order_line__count_read),
        cmocka_unit_test(iperf3__json_elided_trailing_comma__read_each_at_its_key),
        cmocka_unit_test(iperf3__json_interval_points__each_at_its_key),
        cmocka_unit_test(iperf3__json_lone_stream_columns__each_at_its_key),
        cmocka_unit_test(iperf3__retr_glued_to_rate_unit__both_read),
        cmocka_unit_test(iperf3__sum_pairs_only__each_pair_a_run),
        cmocka_unit_test(iperf3__timestamps_prefix__detected_and_read),
        cmocka_unit_test(iperf3__timestamped_interval_excerpts__points_per_test),
        cmocka_unit_test(iperf3__json_stream__end_figures_and_interval_trace),
        cmocka_unit_test(iperf3__json_stream__server_side_and_server_output),
        cmocka_unit_test(iperf3__json_stream_wrapped__same_figures),
        cmocka_unit_test(iperf3__json_stream_interval_excerpts__a_test_each),
        cmocka_unit_test(iperf3__json_after_text__both_runs_read),
        cmocka_unit_test(iperf3__udp_sum_rows_reflowed__read_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
