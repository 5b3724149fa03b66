/* test_iperf3_title.c - iperf3 -T/--title: the client prints the title
 * and ":  " before each of its lines (iperf_api.c iperf_printf; the
 * server never does), twice before -V's uname line. The title is free
 * text ("run 1: udp 50M", "host-a:5201"): it is cut, never read as a
 * figure. Real runs of iperf 3.12 on 127.0.0.1 (samples/iperf3/title-*,
 * ninth batch of samples/iperf3/README.md) and a quoted forum excerpt of
 * 3.1.5 whose page collapsed every run of blanks. Figures are checked
 * against the raw lines (tu_assert_printed), the conversion written out. */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#define MIB (1024.0 * 1024.0)
#define GIB (1024.0 * 1024.0 * 1024.0)

/* No figure of s has the value v (a title's digits). */
static void assert_no_value(const bdb_sink *s, double v)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->samples[i].value == v)
            fail_msg("%s = %g at line %d: a title's digits read",
                     s->samples[i].metric, v, s->samples[i].line);
}

/* -T 'run 1: udp 50M' -u -b 50M -P 2: a title holding ": " itself, cut
 * whole; every stream's and [SUM]'s summary read, nothing left unread. */
static void iperf3_title__spaces_and_colon__cut_whole(void **state)
{
    (void)state;
    size_t len;
    const char *rel = "samples/iperf3/title-spaces-colon-udp-P2.txt";
    char *t = tu_read(rel, &len);
    bdb_sink s;
    tu_file_accounted(rel, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* [SUM] receiver: 23.9 MBytes = 23.9 * 2^20, 100 Mbits/sec = 10^8,
     * 0.035 ms, 0/764 (0%) */
    const char *sum = "streams=2,direction=client_to_server";
    tu_assert_printed(t, &s, "throughput", sum,
                      "[SUM]   0.00-2.00   sec  23.9 MBytes   100 Mbits/sec  "
                      "0.035 ms  0/764 (0%)  receiver",
                      100e6, 1e-12);
    tu_assert_printed(t, &s, "transfer", sum, "23.9 MBytes", 23.9 * MIB, 1e-12);
    tu_assert_printed(t, &s, "jitter", sum, "0.035 ms", 0.035e-3, 1e-12);
    tu_assert_printed(t, &s, "datagrams", sum, "0/764 (0%)", 764, 0);
    /* stream [  7]'s receiver: 50.1 Mbits/sec, 0.034 ms */
    tu_assert_printed(t, &s, "jitter", "stream=2",
                      "[  7]   0.00-2.00   sec  11.9 MBytes  50.1 Mbits/sec  "
                      "0.034 ms",
                      0.034e-3, 1e-12);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    assert_no_value(&s, 1);
    assert_no_value(&s, 50);
    bdb_sink_free(&s);
    free(t);
}

/* -T 200 -V (TCP): "200:  200:  Linux ..." and "200:  iperf 3.12" before
 * the "Control connection MSS" line iperf3 prints without the title: the
 * title cut there too, 200 never a figure; the CPU line read. */
static void iperf3_title__verbose_tcp__cpu_read_title_not(void **state)
{
    (void)state;
    size_t len;
    const char *rel = "samples/iperf3/title-200-tcp-verbose.txt";
    char *t = tu_read(rel, &len);
    assert_non_null(strstr(t, "200:  200:  Linux vm"));
    bdb_sink s;
    tu_file_accounted(rel, NULL, &s);
    /* 5.05 GBytes = 5.05 * 2^30, 21.7 Gbits/sec = 21.7 * 10^9 */
    tu_assert_printed(t, &s, "throughput", NULL,
                      "200:  [  5]   0.00-2.00   sec  5.05 GBytes  21.7 "
                      "Gbits/sec                  receiver",
                      21.7e9, 1e-12);
    tu_assert_printed(t, &s, "transfer", NULL, "5.05 GBytes", 5.05 * GIB, 1e-12);
    tu_assert_printed(t, &s, "retransmits", NULL, "21.7 Gbits/sec    0", 0, 0);
    tu_assert_printed(t, &s, "cpu_utilization_local", NULL,
                      "200:  CPU Utilization: local/sender 39.9% "
                      "(0.1%u/39.7%s), remote/receiver 44.5% (1.7%u/42.8%s)",
                      39.9, 1e-12);
    tu_assert_printed(t, &s, "cpu_utilization_remote_system", NULL, "42.8%s",
                      42.8, 1e-12);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    assert_no_value(&s, 200);
    bdb_sink_free(&s);
    free(t);
}

/* 1 when line n (from 1) of t holds needle. */
static int line_has(const char *t, int n, const char *needle)
{
    for (int i = 1; i < n && t; i++)
        if ((t = strchr(t, '\n')))
            t++;
    if (!t)
        return 0;
    size_t len = strcspn(t, "\n");
    char *line = strndup(t, len);
    assert_non_null(line);
    int has = strstr(line, needle) != NULL;
    free(line);
    return has;
}

/* -T 'host-a:5201' --get-server-output: the server's section carries no
 * title (the server prints without one), the client's last two lines
 * after it do: they are cut too, 5201 is not left as an unread number; the
 * server's section is read as its own (reporter=server). */
static void iperf3_title__after_server_output__still_cut(void **state)
{
    (void)state;
    size_t len;
    const char *rel = "samples/iperf3/title-colon-tcp-get-server-output.txt";
    char *t = tu_read(rel, &len);
    bdb_sink s;
    tu_file_accounted(rel, NULL, &s);
    /* line 9: the client's receiver, 4.73 GBytes, 20.3 Gbits/sec; line
     * 20: the server's copy of it, read with reporter=server */
    const bdb_sample *client = NULL, *server = NULL;
    for (size_t i = 0; i < s.n; i++) {
        const bdb_sample *x = &s.samples[i];
        if (strcmp(x->metric, "throughput") != 0)
            continue;
        const char *rep = bdb_params_get(&x->params, "reporter");
        if (!rep && !client)
            client = x;
        else if (rep && strcmp(rep, "server") == 0 && !server)
            server = x;
    }
    assert_non_null(client);
    assert_int_equal(client->line, 9);
    assert_true(line_has(t, 9, "host-a:5201:  [  5]   0.00-2.00   sec  "
                               "4.73 GBytes  20.3 Gbits/sec                  "
                               "receiver"));
    tu_assert_close(client->value, 20.3e9, 1e-12, "client's throughput");
    assert_non_null(server);
    assert_int_equal(server->line, 20);
    tu_assert_close(server->value, 20.3e9, 1e-12, "server's throughput");
    assert_false(tu_has_warning(&s, 22, NULL));
    assert_false(tu_has_warning(&s, 23, NULL));
    assert_no_value(&s, 5201);
    bdb_sink_free(&s);
    free(t);
}

/* iperf 3.1.5 -u -V -T 200 quoted on a forum that collapsed every run of
 * blanks ("200: [ 4] 0.00-10.00 sec ..."), the intervals and the rule
 * left out: "Test Complete. Summary Results:" opens the summary (the
 * unlabelled 3.1 UDP line is the run's result), the Sent and CPU lines
 * are read. Public excerpt, search index id 40662040649 (its lines
 * 11-15; bench/corpus/SOURCES.tsv). */
static void iperf3_title__collapsed_forum_summary__sent_and_cpu_read(void **state)
{
    (void)state;
    static const char t[] =
        "200: Test Complete. Summary Results:\n"
        "200: [ ID] Interval Transfer Bandwidth Jitter Lost/Total Datagrams\n"
        "200: [ 4] 0.00-10.00 sec 59.0 MBytes 49.5 Mbits/sec 0.062 ms "
        "8274/15114 (55%)\n"
        "200: [ 4] Sent 15114 datagrams\n"
        "200: CPU Utilization: local/sender 1.9% (0.2%u/1.7%s), "
        "remote/receiver 0.1% (0.0%u/0.0%s)\n";
    bdb_sink s;
    tu_text_accounted(t, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* 59.0 MBytes = 59 * 2^20; 49.5 Mbits/sec = 49.5 * 10^6 */
    tu_assert_printed(t, &s, "throughput", NULL, "49.5 Mbits/sec", 49.5e6, 1e-12);
    tu_assert_printed(t, &s, "transfer", NULL, "59.0 MBytes", 59 * MIB, 1e-12);
    tu_assert_printed(t, &s, "jitter", NULL, "0.062 ms", 0.062e-3, 1e-12);
    tu_assert_printed(t, &s, "lost_datagrams", NULL, "8274/15114", 8274, 0);
    tu_assert_printed(t, &s, "loss", NULL, "(55%)", 55, 0);
    tu_assert_printed(t, &s, "datagrams_sent", NULL, "Sent 15114 datagrams",
                      15114, 0);
    tu_assert_printed(t, &s, "cpu_utilization_local", NULL, "local/sender 1.9%",
                      1.9, 1e-12);
    tu_assert_printed(t, &s, "cpu_utilization_local_system", NULL, "1.7%s",
                      1.7, 1e-12);
    tu_assert_printed(t, &s, "cpu_utilization_remote", NULL,
                      "remote/receiver 0.1%", 0.1, 1e-12);
    assert_int_equal(s.n, 13);
    assert_int_equal(s.unread_lines, 0);
    assert_no_value(&s, 200);
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iperf3_title__spaces_and_colon__cut_whole),
        cmocka_unit_test(iperf3_title__verbose_tcp__cpu_read_title_not),
        cmocka_unit_test(iperf3_title__after_server_output__still_cut),
        cmocka_unit_test(iperf3_title__collapsed_forum_summary__sent_and_cpu_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
