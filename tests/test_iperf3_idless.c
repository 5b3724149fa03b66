/* test_iperf3_idless.c - iperf3 rows quoted without their "[ ID]"
 * column ("Interval  Transfer  Bitrate  Jitter" then "0.00-10.20  sec
 * 44.6 MBytes  36.7 Mbits/sec  0.027 ms"): read under such a header
 * only, the file detected as iperf3 from that shape, a note that the
 * stream id is not given; iperf 2's rows cut the same way are not taken
 * for iperf3's. Figures checked against the raw lines (tu_assert_printed),
 * the conversion written out. */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#define MIB (1024.0 * 1024.0)
#define GIB (1024.0 * 1024.0 * 1024.0)

/* A linux-stable review mail (6.6, Dec 2024) of "net: sparx5: fix FDMA
 * performance issue": two UDP receiver rows under a header trimmed to
 * Jitter, the stream id and the loss columns left out. Public excerpt,
 * search index id 536189728 (the commit message's lines 18-27). */
static const char sparx5[] =
    "Prior to this change, the RX UDP performance was:\n"
    "\n"
    "Interval           Transfer     Bitrate         Jitter\n"
    "0.00-10.20  sec    44.6 MBytes  36.7 Mbits/sec  0.027 ms\n"
    "\n"
    "After this change, the rx UDP performance is:\n"
    "\n"
    "Interval           Transfer     Bitrate         Jitter\n"
    "0.00-9.12   sec    1.01 GBytes  953 Mbits/sec   0.020 ms\n";

static void iperf3_idless__mail_rows__read_with_a_note(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_accounted(sparx5, NULL, &s);
    assert_string_equal(s.samples[0].tool, "iperf3");
    /* 36.7 Mbits/sec = 36.7 * 10^6; 44.6 MBytes = 44.6 * 2^20; 0.027 ms */
    const char *before = "duration=10";
    tu_assert_printed(sparx5, &s, "throughput", before,
                      "0.00-10.20  sec    44.6 MBytes  36.7 Mbits/sec", 36.7e6,
                      1e-12);
    tu_assert_printed(sparx5, &s, "transfer", before, "44.6 MBytes",
                      44.6 * MIB, 1e-12);
    tu_assert_printed(sparx5, &s, "jitter", before, "0.027 ms", 0.027e-3,
                      1e-12);
    /* 953 Mbits/sec; 1.01 GBytes = 1.01 * 2^30; 0.020 ms */
    const char *after = "duration=9";
    tu_assert_printed(sparx5, &s, "throughput", after,
                      "0.00-9.12   sec    1.01 GBytes  953 Mbits/sec", 953e6,
                      1e-12);
    tu_assert_printed(sparx5, &s, "transfer", after, "1.01 GBytes", 1.01 * GIB,
                      1e-12);
    tu_assert_printed(sparx5, &s, "jitter", after, "0.020 ms", 0.020e-3, 1e-12);
    assert_int_equal(s.n, 6);
    assert_int_equal(s.unread_lines, 0);
    /* the stream is not given: said at the first row */
    int noted = 0;
    for (size_t i = 0; i < s.nnotes; i++)
        noted |= s.notes[i].line == 4 &&
                 strstr(s.notes[i].text, "stream id is not given") != NULL;
    assert_true(noted);
    bdb_sink_free(&s);
}

/* Without the header the same rows are a time range in prose: not read
 * as iperf3 (the file is no tool's, its first number named). */
static void iperf3_idless__rows_without_header__not_taken(void **state)
{
    (void)state;
    char *a = tu_replace(sparx5,
                         "Interval           Transfer     Bitrate         "
                         "Jitter\n0.00-10.20",
                         "0.00-10.20");
    char *b = tu_replace(a,
                         "Interval           Transfer     Bitrate         "
                         "Jitter\n0.00-9.12",
                         "0.00-9.12");
    tu_expect_error(NULL, b, NULL, 0, "not the output of any known tool");
    free(a);
    free(b);
}

/* Each line of text that starts with "[" loses its first 6 bytes ("[ ID]
 * ", "[  5] "), as a quoter cuts the column (the caller frees). */
static char *without_id_column(const char *text)
{
    char *o = malloc(strlen(text) + 1);
    assert_non_null(o);
    char *w = o;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        size_t skip = *p == '[' && n > 6 ? 6 : 0;
        memcpy(w, p + skip, n - skip);
        w += n - skip;
        p += n;
    }
    *w = '\0';
    return o;
}

/* A real run (samples/iperf3/udp.txt, iperf 3.12 on 127.0.0.1) with its
 * "[ ID]" column cut: the same summary figures, at the same lines, as
 * the run as printed; the labelled rows stay sender and receiver. */
static void iperf3_idless__real_run_cut__same_summary(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("samples/iperf3/udp.txt", &len);
    char *c = without_id_column(t);
    assert_non_null(strstr(c, "\n  0.00-2.00   sec  23.8 MBytes   100 Mbits/sec"
                              "  0.012 ms  0/763 (0%)  receiver\n"));
    bdb_sink a, b;
    tu_text_accounted(t, NULL, &a);
    tu_text_accounted(c, NULL, &b);
    static const char *const metrics[] = {
        "throughput", "transfer", "jitter", "loss", "lost_datagrams",
        "datagrams", "throughput_sender", "transfer_sender"};
    for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; i++) {
        const bdb_sample *x = tu_find(&a, NULL, metrics[i], NULL);
        const bdb_sample *y = tu_find(&b, NULL, metrics[i], NULL);
        assert_non_null(x);
        assert_non_null(y);
        tu_assert_close(y->value, x->value, 0, metrics[i]);
        assert_int_equal(y->line, x->line);
    }
    /* line 9: 0.012 ms, 0/763 (0%) receiver */
    tu_assert_printed(c, &b, "jitter", NULL, "0.012 ms  0/763 (0%)  receiver",
                      0.012e-3, 1e-12);
    /* the connection line cut too ("local 127.0.0.1 port 60238
     * connected ..."): its numbers (addresses, ports) warned, the only
     * line so */
    assert_int_equal(b.unread_lines, 1);
    assert_true(tu_has_warning(&b, 2, "numbers not read"));
    bdb_sink_free(&a);
    bdb_sink_free(&b);
    free(c);
    free(t);
}

/* iperf 2.1's rows cut the same way ("Interval       Transfer
 * Bandwidth", "0.0000-2.0060 sec ..."; samples/iperf/tcp.txt, a real run
 * on 127.0.0.1): iperf 2's spacing and word, not taken for iperf3. */
static void iperf3_idless__iperf2_rows_cut__not_iperf3(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("samples/iperf/tcp.txt", &len);
    assert_non_null(strstr(t, "[ ID] Interval       Transfer     Bandwidth\n"));
    char *c = without_id_column(t);
    /* its banner kept, the file stays iperf 2's; without the banner lines
     * (the dashes and "Client connecting to ...") it is no iperf3 */
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    int rc = tu_parse_text(c, NULL, &s, &d);
    for (size_t i = 0; rc == 0 && i < s.n; i++)
        assert_string_not_equal(s.samples[i].tool, "iperf3");
    bdb_sink_free(&s);
    const char *from = strstr(c, "Interval       Transfer");
    assert_non_null(from);
    bdb_sink_init(&s);
    rc = tu_parse_text(from, NULL, &s, &d);
    for (size_t i = 0; rc == 0 && i < s.n; i++)
        assert_string_not_equal(s.samples[i].tool, "iperf3");
    bdb_sink_free(&s);
    free(c);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iperf3_idless__mail_rows__read_with_a_note),
        cmocka_unit_test(iperf3_idless__rows_without_header__not_taken),
        cmocka_unit_test(iperf3_idless__real_run_cut__same_summary),
        cmocka_unit_test(iperf3_idless__iperf2_rows_cut__not_iperf3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
