/* test_iperf.c - the iperf2 ("iperf") and iperf3 importers: text, iperf2's
 * -y C CSV and iperf3's -J JSON; sums and per-stream figures, intervals
 * summarised (never stored), UDP server reports, -e columns, reverse and
 * bidirectional runs, CPU utilisation, truncated and failed runs, several
 * runs in one file, and sniffing (iperf2 and iperf3 told apart). Values
 * are checked against the real samples in samples/iperf/ and
 * samples/iperf3/ (iperf 2.1.8, iperf 3.12 on 127.0.0.1). */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, tool, s) tu_parse_ok(rel, tool, s)
#define text_ok(text, tool, s) tu_text_ok(text, tool, s)
#define replace(text, from, to) tu_replace(text, from, to)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_iperf;
extern const bdb_parser bdb_parser_iperf3;

#define MBIT 1e6
#define GBIT 1e9


static int parse_fails(const char *rel, const char *tool, bdb_diag *diag)
{
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag_clear(diag);
    int rc = tu_parse_file(rel, tool, &s, diag);
    bdb_sink_free(&s);
    return rc;
}


/* ---------------- iperf2 text ---------------- */

static void iperf__tcp_client__final_line_is_the_throughput(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/tcp.txt", NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf");
    tu_assert_value(&s, "tcp", "throughput",
                    "protocol=tcp,direction=client_to_server,streams=1,duration=2",
                    24.9 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 7);
    /* a "(default)" window is not a parameter */
    assert_null(bdb_params_get(&s.samples[0].params, "window"));
    /* "5.80 GBytes": iperf's GBytes are 2^30 bytes */
    tu_assert_value(&s, "tcp", "transfer", NULL, 5.80 * 1024 * 1024 * 1024,
                    1e-12);
    assert_int_equal(tu_line_of(&s, "transfer", NULL), 7);
    /* "(icwnd/mss/irtt=319/32741/32)": 32 us, the connection's */
    tu_assert_value(&s, "tcp", "initial_rtt", NULL, 32e-6, 1e-12);
    assert_int_equal(tu_line_of(&s, "initial_rtt", NULL), 5);
    assert_int_equal(s.n, 3);
    bdb_sink_free(&s);
}

static void iperf__parallel__sum_and_streams_ranked_by_id(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/tcp-P4.txt", NULL, &s);
    const bdb_sample *sum = tu_find(&s, "tcp", "throughput", "streams=4");
    assert_non_null(sum);
    assert_null(bdb_params_get(&sum->params, "stream"));
    assert_true(sum->value == 63.3 * GBIT);
    assert_int_equal(sum->line, 14);
    /* [  1] is stream=1, [  4] is stream=4, whatever order they print in */
    tu_assert_value(&s, "tcp", "throughput", "stream=1", 19.8 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "stream=1"), 11);
    tu_assert_value(&s, "tcp", "throughput", "stream=4", 18.2 * GBIT, 1e-12);
    assert_int_equal(tu_count(&s, "throughput"), 5);
    bdb_sink_free(&s);
}

static void iperf__intervals__summarised_not_stored(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/tcp-i1.txt", NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 1);
    tu_assert_value(&s, "tcp", "throughput", "duration=3", 27.7 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 10);
    tu_assert_value(&s, "tcp", "interval_throughput_min", NULL, 27.5 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", NULL, 28.2 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "interval_throughput_max", NULL), 8);
    tu_assert_value(&s, "tcp", "transfer", NULL, 9.73 * 1024 * 1024 * 1024,
                    1e-12);
    /* and line 5's "irtt=20" (us) */
    tu_assert_value(&s, "tcp", "initial_rtt", NULL, 20e-6, 1e-12);
    assert_int_equal(s.n, 5);
    bdb_sink_free(&s);
}

static void iperf__enhanced__retransmits_from_rtry(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/tcp-enhanced.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", NULL, 34.6 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "retransmits", NULL, 46, 0);
    assert_int_equal(tu_find(&s, NULL, "retransmits", NULL)->better,
                     BDB_LOWER_IS_BETTER);
    bdb_sink_free(&s);

    parse_ok("samples/iperf/tcp-enhanced-P4-i1.txt", NULL, &s);
    const bdb_sample *sum = tu_find(&s, "tcp", "retransmits", "streams=4");
    assert_null(bdb_params_get(&sum->params, "stream"));
    assert_true(sum->value == 29);
    tu_assert_value(&s, "tcp", "throughput", "streams=4", 69.2 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "retransmits", "stream=2", 15, 0);
    tu_assert_value(&s, "tcp", "interval_throughput_min", NULL, 64.9 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", NULL, 73.6 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf__reverse__server_to_client(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/tcp-reverse.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client,duration=1",
                    31.6 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf__udp_server_report__receiver_figures(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/udp.txt", NULL, &s);
    const char *id = "protocol=udp,direction=client_to_server,streams=1";
    tu_assert_value(&s, "udp", "throughput", id, 105 * MBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 12);       /* report */
    assert_int_equal(tu_line_of(&s, "throughput_sender", NULL), 8); /* client */
    tu_assert_value(&s, "udp", "jitter", id, 0, 0);
    tu_assert_value(&s, "udp", "lost_datagrams", id, 0, 0);
    tu_assert_value(&s, "udp", "datagrams", id, 17837, 0);
    tu_assert_value(&s, "udp", "loss", id, 0, 0);
    bdb_sink_free(&s);

    parse_ok("samples/iperf/udp-enhanced.txt", NULL, &s);
    tu_assert_value(&s, "udp", "jitter", NULL, 0.004e-3, 1e-9);
    assert_string_equal(tu_find(&s, NULL, "jitter", NULL)->unit, "s");
    bdb_sink_free(&s);
}

static void iperf__udp_parallel_client__reports_per_stream(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/udp-P2.txt", NULL, &s);
    /* the sum has only the sender's [SUM] line */
    tu_assert_value(&s, "udp", "throughput", "streams=2", 210 * MBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "streams=2"), 13);
    tu_assert_value(&s, "udp", "loss", "stream=1", 0.0056, 1e-12);
    tu_assert_value(&s, "udp", "lost_datagrams", "stream=1", 1, 0);
    tu_assert_value(&s, "udp", "loss", "stream=2", 0, 0);
    bdb_sink_free(&s);
}

static void iperf__udp_server_log__sum_loss_and_jitter(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/udp-server-P2.txt", NULL, &s);
    const bdb_sample *sum = tu_find(&s, "udp", "loss", "streams=2");
    assert_null(bdb_params_get(&sum->params, "stream"));
    assert_true(sum->value == 0.0028);
    tu_assert_value(&s, "udp", "datagrams", "streams=2", 35674, 0);
    tu_assert_value(&s, "udp", "throughput", "streams=2", 210 * MBIT, 1e-12);
    /* [SUM] prints no jitter, the streams do */
    assert_int_equal(tu_count(&s, "jitter"), 2);
    tu_assert_value(&s, "udp", "jitter", "stream=1", 0.001e-3, 1e-9);
    tu_assert_value(&s, "udp", "loss", "stream=2", 0.0056, 1e-12);
    assert_null(tu_find(&s, NULL, "throughput_sender", NULL));
    bdb_sink_free(&s);

    parse_ok("samples/iperf/udp-server-enhanced-i1.txt", NULL, &s);
    tu_assert_value(&s, "udp", "datagrams", NULL, 17836, 0);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 10);
    tu_assert_value(&s, "udp", "interval_throughput_min", NULL, 105 * MBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf__rate_units__bits_1000_bytes_1024(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf/tcp.txt", &len);
    /* -f k: "Kbits/sec" is 1000 bit/s even with a capital K */
    char *k = replace(good, "24.9 Gbits/sec", "24900000 Kbits/sec");
    /* -f M: "MBytes/sec" is 2^20 bytes/s */
    char *m = replace(good, "24.9 Gbits/sec", "2968 MBytes/sec");
    bdb_sink s;
    text_ok(k, NULL, &s);
    tu_assert_value(&s, NULL, "throughput", NULL, 24.9e9, 1e-12);
    bdb_sink_free(&s);
    text_ok(m, NULL, &s);
    tu_assert_value(&s, NULL, "throughput", NULL, 2968.0 * 1048576 * 8, 1e-12);
    bdb_sink_free(&s);
    free(k);
    free(m);
    free(good);
}

static void iperf__window_requested__is_a_parameter(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf/tcp.txt", &len);
    char *w = replace(good, "16.0 KByte (default)",
                      " 512 KByte (WARNING: requested  256 KByte)");
    bdb_sink s;
    text_ok(w, NULL, &s);
    tu_assert_value(&s, NULL, "throughput", "window=262144", 24.9e9, 1e-12);
    bdb_sink_free(&s);
    free(w);
    free(good);
}

static void iperf__classic_layout_crlf_bom_prompts__same_figures(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf/tcp-i1.txt", &len);
    /* 2.0.5's "%4.1f-%4.1f sec" columns, CRLF, a BOM and shell prompts */
    char *a = replace(good, "0.0000-1.0000 sec", " 0.0- 1.0 sec");
    char *b = replace(a, "1.0000-2.0000 sec", " 1.0- 2.0 sec");
    char *c = replace(b, "2.0000-3.0000 sec", " 2.0- 3.0 sec");
    char *d = replace(c, "0.0000-3.0155 sec", " 0.0- 3.0 sec");
    size_t n = strlen(d);
    char *crlf = malloc(2 * n + 64);
    size_t o = 0;
    const char *head = "\xEF\xBB\xBFuser@host:~$ iperf -c 127.0.0.1 -i 1\r\n";
    memcpy(crlf, head, strlen(head));
    o += strlen(head);
    for (size_t i = 0; i < n; i++) {
        if (d[i] == '\n')
            crlf[o++] = '\r';
        crlf[o++] = d[i];
    }
    memcpy(crlf + o, "user@host:~$ \r\n", 16);
    bdb_sink s;
    text_ok(crlf, NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "duration=3", 27.7e9, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 11);
    tu_assert_value(&s, "tcp", "interval_throughput_min", NULL, 27.5e9, 1e-12);
    assert_int_equal(tu_count(&s, "throughput"), 1);
    bdb_sink_free(&s);
    free(crlf);
    free(a);
    free(b);
    free(c);
    free(d);
    free(good);
}

static void iperf__two_runs_in_one_file__two_repetitions(void **state)
{
    (void)state;
    size_t l1, l2;
    char *a = tu_read("samples/iperf/tcp-enhanced-P4-i1.txt", &l1);
    char *b = tu_read("samples/iperf/tcp-enhanced-P4-i1.txt", &l2);
    char *both = malloc(l1 + l2 + 1);
    memcpy(both, a, l1);
    memcpy(both + l1, b, l2 + 1);
    bdb_sink s;
    text_ok(both, NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 10);
    int reps = 0;
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.samples[i].metric, "throughput") == 0 &&
            !bdb_params_get(&s.samples[i].params, "stream")) {
            reps++;
            assert_int_equal(s.samples[i].repetition, reps);
        }
    assert_int_equal(reps, 2);
    bdb_sink_free(&s);
    free(both);
    free(a);
    free(b);
}

/* ---------------- iperf2 -y C ---------------- */

static void iperf__csv__exact_bits_per_second(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/csv-tcp.csv", NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf");
    tu_assert_value(&s, "tcp", "throughput", "protocol=tcp,streams=1,duration=2",
                    31945799568.0, 0);
    /* CSV rows do not say which way the data went */
    assert_null(bdb_params_get(&s.samples[0].params, "direction"));
    bdb_sink_free(&s);

    parse_ok("samples/iperf/csv-tcp-enhanced.csv", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", NULL, 33222768020.0, 0);
    bdb_sink_free(&s);
}

static void iperf__csv_parallel_without_sum__streams_and_warning(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/csv-tcp-P4.csv", NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 4);
    tu_assert_value(&s, "tcp", "throughput", "stream=1,streams=4", 17103046954.0, 0);
    tu_assert_value(&s, "tcp", "throughput", "stream=4", 17249366913.0, 0);
    assert_int_equal(s.nnotes, 1);
    assert_non_null(strstr(s.notes[0].text, "no [SUM]"));
    bdb_sink_free(&s);

    parse_ok("samples/iperf/csv-tcp-P2-i1.csv", NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    tu_assert_value(&s, "tcp", "throughput", "stream=1", 33458017904.0, 0);
    assert_int_equal(tu_line_of(&s, "throughput", "stream=2"), 6);
    bdb_sink_free(&s);
}

static void iperf__csv_udp__server_rows_have_loss_client_rows_not(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf/csv-udp-server-P2.csv", NULL, &s);
    tu_assert_value(&s, "udp", "out_of_order", "stream=1", 1, 0);
    tu_assert_value(&s, "udp", "lost_datagrams", "stream=2", 1, 0);
    tu_assert_value(&s, "udp", "loss", "stream=2", 0.006, 1e-12);
    tu_assert_value(&s, "udp", "datagrams", "stream=2", 17837, 0);
    tu_assert_value(&s, "udp", "throughput", "stream=2", 104881343, 0);
    bdb_sink_free(&s);

    /* a client's own row has total -1: no receiver data */
    parse_ok("samples/iperf/csv-udp.csv", NULL, &s);
    tu_assert_value(&s, "udp", "throughput", NULL, 104870646, 0);
    assert_null(tu_find(&s, NULL, "jitter", NULL));
    assert_null(tu_find(&s, NULL, "loss", NULL));
    bdb_sink_free(&s);

    parse_ok("samples/iperf/csv-udp-P2-i1.csv", NULL, &s);
    assert_int_equal(tu_count(&s, "throughput"), 2);
    tu_assert_value(&s, "udp", "throughput", "stream=2", 104870653, 0);
    bdb_sink_free(&s);
}

static void iperf__csv_bad_row__warned_and_the_other_rows_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf/csv-tcp-P4.csv", &len);
    char *bad = replace(good, ",17103046954", ",17103046954,extra");
    bdb_sink s;
    text_ok(bad, "iperf", &s);
    assert_true(tu_has_warning(&s, 3, "10 fields"));
    /* rows 1, 2 and 4 are kept: ids 4, 3 and 2 */
    assert_int_equal(tu_count(&s, "throughput"), 3);
    tu_assert_value(&s, NULL, "throughput", "stream=3", 17249366913.0, 0);
    tu_assert_value(&s, NULL, "transfer", "stream=3", 4339138620.0, 0);
    bdb_sink_free(&s);
    free(bad);
    free(good);
}

/* ---------------- iperf2 errors ---------------- */

/* A run killed before its final line: no figure is invented, its three
 * interval lines (7-9) are the trace of its series, 2 points a line (the
 * rate and the transfer), and the warnings say so at its lines. */
static void iperf__truncated__intervals_kept_as_trace_no_figure(void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("tests/fixtures/iperf/broken-truncated-no-final.txt", NULL,
                &s);
    /* the one figure is what the connection printed before any data:
     * "(icwnd/mss/irtt=319/32741/20)", as a connect time would be */
    assert_int_equal(s.n, 1);
    assert_string_equal(s.samples[0].metric, "initial_rtt");
    assert_int_equal(s.samples[0].line, 5);
    assert_int_equal(s.ntrace, 3 * 2);
    assert_true(tu_has_warning(&s, 9, "no final"));
    assert_true(tu_has_warning(&s, 7, "summary was never printed"));
    assert_true(tu_has_warning(&s, 7, "6 interval points are kept"));
    bdb_sink_free(&s);
}

static void iperf__connect_failed__error_names_the_line(void **state)
{
    (void)state;
    bdb_diag d;
    assert_int_equal(parse_fails("tests/fixtures/iperf/broken-connection-refused.txt",
                                 NULL, &d),
                     BDB_EPARSE);
    assert_int_equal(d.line, 1);
    assert_non_null(strstr(d.message, "connect failed"));
}

static void iperf__garbled_rate__warned_at_its_line_rest_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/iperf/tcp-P4.txt", &len);
    char *bad = replace(good, "12.6 Gbits/sec", "12.6 Gbitz/sec");
    bdb_sink s;
    text_ok(bad, NULL, &s);
    assert_true(tu_has_warning(&s, 12, "rate unit"));
    /* the [SUM] and the three other streams stay */
    tu_assert_value(&s, "tcp", "throughput", "streams=4", 63.3 * GBIT, 1e-12);
    assert_int_equal(tu_count(&s, "throughput"), 4);
    bdb_sink_free(&s);
    free(bad);
    free(good);
}

/* ---------------- iperf3 text ---------------- */

static void iperf3__tcp__receiver_sender_and_retransmits(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/tcp.txt", NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    const char *id = "protocol=tcp,direction=client_to_server,streams=1,duration=2";
    tu_assert_value(&s, "tcp", "throughput", id, 24.8 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 9);        /* receiver */
    tu_assert_value(&s, "tcp", "throughput_sender", id, 24.8 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput_sender", NULL), 8); /* sender */
    tu_assert_value(&s, "tcp", "retransmits", id, 3, 0);
    tu_assert_value(&s, "tcp", "interval_throughput_min", id, 24.2 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", id, 25.4 * GBIT, 1e-12);
    /* "5.78 GBytes" on both summary lines */
    tu_assert_value(&s, "tcp", "transfer", id, 5.78 * 1024 * 1024 * 1024, 1e-12);
    tu_assert_value(&s, "tcp", "transfer_sender", id, 5.78 * 1024 * 1024 * 1024,
                    1e-12);
    assert_int_equal(s.n, 7);
    bdb_sink_free(&s);
}

static void iperf3__parallel__sum_and_ranked_streams(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/tcp-P4.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "streams=4", 24.9 * GBIT, 1e-12);
    assert_int_equal(tu_line_of(&s, "throughput", "streams=4"), 29);
    tu_assert_value(&s, "tcp", "retransmits", "streams=4", 6, 0);
    /* [ 12] is the 4th stream */
    tu_assert_value(&s, "tcp", "throughput", "stream=4", 6.11 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "retransmits", "stream=4", 2, 0);
    tu_assert_value(&s, "tcp", "retransmits", "stream=3", 3, 0);
    tu_assert_value(&s, "tcp", "interval_throughput_max", NULL, 25.0 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__reverse_and_bidir__direction_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/tcp-reverse.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client",
                    26.5 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "retransmits", "direction=server_to_client", 4, 0);
    assert_null(tu_find(&s, NULL, "throughput", "direction=client_to_server"));
    bdb_sink_free(&s);

    parse_ok("samples/iperf3/tcp-bidir.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "bidir=1,direction=client_to_server",
                    16.1 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", "bidir=1,direction=server_to_client",
                    12.4 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "retransmits", "direction=client_to_server", 16, 0);
    tu_assert_value(&s, "tcp", "interval_throughput_min",
                    "direction=server_to_client", 12.3 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__verbose__cpu_streams_duration_target(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/tcp-verbose.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "cpu_utilization_local", "duration=2", 96.7, 1e-12);
    tu_assert_value(&s, "tcp", "cpu_utilization_remote", NULL, 45.4, 1e-12);
    assert_int_equal(tu_line_of(&s, "cpu_utilization_local", NULL), 18);
    assert_string_equal(s.tool_version, "iperf 3.12");
    bdb_sink_free(&s);

    parse_ok("samples/iperf3/udp-verbose.txt", NULL, &s);
    tu_assert_value(&s, "udp", "throughput", "target_bandwidth=100000000",
                    100 * MBIT, 1e-12);
    tu_assert_value(&s, "udp", "jitter", NULL, 0.006e-3, 1e-9);
    bdb_sink_free(&s);

    /* bidir: the CPU figures belong to the run, not to one direction */
    parse_ok("samples/iperf3/tcp-bidir-P2-verbose.txt", NULL, &s);
    const bdb_sample *cpu = tu_find(&s, NULL, "cpu_utilization_local", "bidir=1");
    assert_non_null(cpu);
    assert_null(bdb_params_get(&cpu->params, "direction"));
    assert_true(cpu->value == 59.7);
    assert_int_equal(tu_count(&s, "cpu_utilization_local"), 1);
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client,streams=2",
                    16.5 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "throughput_sender",
                    "direction=server_to_client,stream=1", 8.27 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__udp__jitter_and_loss_from_receiver(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/udp.txt", NULL, &s);
    tu_assert_value(&s, "udp", "jitter", "protocol=udp", 0.012e-3, 1e-9);
    assert_int_equal(tu_line_of(&s, "jitter", NULL), 9);
    tu_assert_value(&s, "udp", "datagrams", NULL, 763, 0);
    tu_assert_value(&s, "udp", "loss", NULL, 0, 0);
    tu_assert_value(&s, "udp", "interval_throughput_min", NULL, 99.9 * MBIT, 1e-12);
    bdb_sink_free(&s);

    parse_ok("samples/iperf3/udp-P2-reverse.txt", NULL, &s);
    tu_assert_value(&s, "udp", "jitter", "direction=server_to_client,streams=2",
                    0.009e-3, 1e-9);
    tu_assert_value(&s, "udp", "datagrams", "streams=2", 1526, 0);
    tu_assert_value(&s, "udp", "jitter", "stream=2", 0.007e-3, 1e-9);
    bdb_sink_free(&s);
}

static void iperf3__omitted_intervals__left_out_of_min_max(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/tcp-omit1.txt", NULL, &s);
    /* the "(omitted)" line has 34.3 Gbits/sec */
    tu_assert_value(&s, "tcp", "interval_throughput_min", NULL, 36.9 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "interval_throughput_max", NULL, 37.1 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", NULL, 37.0 * GBIT, 1e-12);
    bdb_sink_free(&s);
}

static void iperf3__server_log__three_runs_and_stub_interval(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/server-3tests.txt", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "direction=client_to_server,streams=1",
                    24.8 * GBIT, 1e-12);
    tu_assert_value(&s, "tcp", "throughput", "streams=4", 24.9 * GBIT, 1e-12);
    /* the server printed only "sender" for the client's -R run */
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client",
                    26.5 * GBIT, 1e-12);
    /* "2.00-2.00 sec ... 130 Gbits/sec" stubs are not intervals */
    tu_assert_value(&s, "tcp", "interval_throughput_max", "streams=4",
                    24.9 * GBIT, 1e-12);
    assert_null(tu_find(&s, NULL, "throughput_sender", NULL));
    bdb_sink_free(&s);
}

/* iperf3 -P 4 cut after two intervals: no figure; lines 7-10 and 13-16
 * (4 streams: rate, transfer, Retr, Cwnd) and 11, 17 ([SUM]: rate,
 * transfer, Retr) are the trace, 4 * 8 + 3 * 2 points. */
static void iperf3__truncated_without_summary__trace_no_invented_figure(
    void **state)
{
    (void)state;
    bdb_sink s;
    tu_parse_ok("tests/fixtures/iperf3/broken-truncated-no-summary.txt",
                NULL, &s);
    assert_int_equal(s.n, 0);
    assert_int_equal(s.ntrace, 4 * 8 + 3 * 2);
    assert_true(tu_has_warning(&s, 7, "no sender/receiver summary"));
    assert_true(tu_has_warning(&s, 7, "summary was never printed"));
    bdb_sink_free(&s);
}

static void iperf3__error_line__error(void **state)
{
    (void)state;
    bdb_diag d;
    assert_int_equal(
        parse_fails("tests/fixtures/iperf3/broken-connection-refused.txt", NULL, &d),
        BDB_EPARSE);
    assert_int_equal(d.line, 1);
    assert_non_null(strstr(d.message, "unable to connect"));
}

/* ---------------- iperf3 -J ---------------- */

static void iperf3__json__exact_figures(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/json-tcp.json", NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    const char *id = "protocol=tcp,direction=client_to_server,streams=1,duration=2";
    tu_assert_value(&s, "tcp", "throughput", id, 25593364529.58845, 1e-15);
    tu_assert_value(&s, "tcp", "throughput_sender", id, 25635940616.32601, 1e-15);
    tu_assert_value(&s, "tcp", "retransmits", id, 2, 0);
    tu_assert_value(&s, "tcp", "cpu_utilization_local", id, 45.64224135132692, 1e-15);
    tu_assert_value(&s, "tcp", "cpu_utilization_remote", id, 50.1508568850723, 1e-15);
    tu_assert_value(&s, "tcp", "interval_throughput_min", id, 25342960551.089306, 1e-15);
    /* each figure at its own key: "bits_per_second" of sum_received
     * (line 135) and of sum_sent (126), "bytes" (134), "retransmits"
     * (127), "host_total" (139) */
    assert_int_equal(tu_line_of(&s, "throughput", NULL), 135);
    assert_int_equal(tu_line_of(&s, "throughput_sender", NULL), 126);
    assert_int_equal(tu_line_of(&s, "transfer", NULL), 134);
    assert_int_equal(tu_line_of(&s, "retransmits", NULL), 127);
    assert_int_equal(tu_line_of(&s, "cpu_utilization_local", NULL), 139);
    assert_string_equal(s.tool_version, "iperf 3.12");
    bdb_sink_free(&s);

    parse_ok("samples/iperf3/json-tcp-P4.json", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "streams=4", 29256026006.029835, 1e-15);
    tu_assert_value(&s, "tcp", "throughput", "stream=1", 7329724280.52216, 1e-15);
    tu_assert_value(&s, "tcp", "throughput_sender", "stream=4", 7300532086, 1e-9);
    assert_int_equal(tu_count(&s, "throughput"), 5);
    bdb_sink_free(&s);
}

static void iperf3__json_reverse_bidir_udp__directions(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/iperf3/json-tcp-reverse.json", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "direction=server_to_client",
                    37590323866.81813, 1e-15);
    tu_assert_value(&s, "tcp", "retransmits", NULL, 37, 0);
    assert_null(tu_find(&s, NULL, "throughput", "direction=client_to_server"));
    bdb_sink_free(&s);

    parse_ok("samples/iperf3/json-tcp-bidir.json", NULL, &s);
    tu_assert_value(&s, "tcp", "throughput", "bidir=1,direction=client_to_server",
                    22548150845.97621, 1e-15);
    tu_assert_value(&s, "tcp", "throughput", "bidir=1,direction=server_to_client",
                    9981604514.804895, 1e-15);
    tu_assert_value(&s, "tcp", "interval_throughput_min",
                    "direction=server_to_client", 7125692785.238538, 1e-15);
    bdb_sink_free(&s);

    /* UDP's sum_received says "sender": false in a normal run: still one
     * client-to-server flow */
    parse_ok("samples/iperf3/json-udp.json", NULL, &s);
    tu_assert_value(&s, "udp", "throughput",
                    "direction=client_to_server,target_bandwidth=100000000",
                    99998736.1162773, 1e-15);
    tu_assert_value(&s, "udp", "jitter", NULL, 0.006176475969656043e-3, 1e-12);
    tu_assert_value(&s, "udp", "datagrams", NULL, 763, 0);
    assert_null(tu_find(&s, NULL, "throughput", "bidir=1"));
    assert_null(tu_find(&s, NULL, "throughput", "direction=server_to_client"));
    bdb_sink_free(&s);
}

static void iperf3__json_truncated_or_failed__error(void **state)
{
    (void)state;
    bdb_diag d;
    assert_int_equal(parse_fails("tests/fixtures/iperf3/broken-truncated.json", NULL, &d),
                     BDB_EPARSE);
    assert_true(d.line >= 60);
    assert_non_null(strstr(d.message, "does not parse"));

    assert_int_equal(
        parse_fails("tests/fixtures/iperf3/broken-connection-refused.json", NULL, &d),
        BDB_EPARSE);
    assert_non_null(strstr(d.message, "unable to connect"));

    /* intervals but an empty "end": an interrupted run, warned; its
     * intervals are the trace of the figures it never printed (as the
     * text's intervals without a summary), no figure is invented */
    size_t len;
    char *good = tu_read("samples/iperf3/json-tcp.json", &len);
    char *end = strstr(good, "\t\"end\":\t{\n\t\t\"streams\"");
    assert_non_null(end);
    static const char empty_end[] = "\t\"end\":\t{\n\t}\n}\n";
    memcpy(end, empty_end, sizeof empty_end);
    bdb_sink s;
    tu_text_ok(good, NULL, &s);
    assert_int_equal(s.n, 0);
    assert_true(s.ntrace > 0);
    assert_true(tu_has_warning(&s, 94, "no end.sum_sent")); /* "end" */
    bdb_sink_free(&s);
    free(good);
}

/* ---------------- robustness and sniffing ---------------- */

static void iperf__every_prefix__never_crashes(void **state)
{
    (void)state;
    const char *files[] = {"samples/iperf/udp-P2.txt",
                           "samples/iperf/csv-udp-P2-i1.csv",
                           "samples/iperf3/tcp-bidir-P2-verbose.txt",
                           "samples/iperf3/json-tcp-bidir.json"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        for (size_t cut = 0; cut <= len; cut += 7) {
            const bdb_parser *ps[2] = {&bdb_parser_iperf, &bdb_parser_iperf3};
            for (int k = 0; k < 2; k++) {
                bdb_sink s;
                bdb_sink_init(&s);
                bdb_diag d;
                bdb_diag_clear(&d);
                bdb_parse_opts o = {0};
                (void)ps[k]->sniff(text, cut);
                (void)ps[k]->parse(text, cut, &o, &s, &d);
                bdb_sink_free(&s);
            }
        }
        free(text);
    }
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iperf__tcp_client__final_line_is_the_throughput),
        cmocka_unit_test(iperf__parallel__sum_and_streams_ranked_by_id),
        cmocka_unit_test(iperf__intervals__summarised_not_stored),
        cmocka_unit_test(iperf__enhanced__retransmits_from_rtry),
        cmocka_unit_test(iperf__reverse__server_to_client),
        cmocka_unit_test(iperf__udp_server_report__receiver_figures),
        cmocka_unit_test(iperf__udp_parallel_client__reports_per_stream),
        cmocka_unit_test(iperf__udp_server_log__sum_loss_and_jitter),
        cmocka_unit_test(iperf__rate_units__bits_1000_bytes_1024),
        cmocka_unit_test(iperf__window_requested__is_a_parameter),
        cmocka_unit_test(iperf__classic_layout_crlf_bom_prompts__same_figures),
        cmocka_unit_test(iperf__two_runs_in_one_file__two_repetitions),
        cmocka_unit_test(iperf__csv__exact_bits_per_second),
        cmocka_unit_test(iperf__csv_parallel_without_sum__streams_and_warning),
        cmocka_unit_test(iperf__csv_udp__server_rows_have_loss_client_rows_not),
        cmocka_unit_test(iperf__csv_bad_row__warned_and_the_other_rows_kept),
        cmocka_unit_test(iperf__truncated__intervals_kept_as_trace_no_figure),
        cmocka_unit_test(iperf__connect_failed__error_names_the_line),
        cmocka_unit_test(iperf__garbled_rate__warned_at_its_line_rest_kept),
        cmocka_unit_test(iperf3__tcp__receiver_sender_and_retransmits),
        cmocka_unit_test(iperf3__parallel__sum_and_ranked_streams),
        cmocka_unit_test(iperf3__reverse_and_bidir__direction_param),
        cmocka_unit_test(iperf3__verbose__cpu_streams_duration_target),
        cmocka_unit_test(iperf3__udp__jitter_and_loss_from_receiver),
        cmocka_unit_test(iperf3__omitted_intervals__left_out_of_min_max),
        cmocka_unit_test(iperf3__server_log__three_runs_and_stub_interval),
        cmocka_unit_test(iperf3__truncated_without_summary__trace_no_invented_figure),
        cmocka_unit_test(iperf3__error_line__error),
        cmocka_unit_test(iperf3__json__exact_figures),
        cmocka_unit_test(iperf3__json_reverse_bidir_udp__directions),
        cmocka_unit_test(iperf3__json_truncated_or_failed__error),
        cmocka_unit_test(iperf__every_prefix__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
