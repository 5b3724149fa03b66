/* test_wrk.c - the wrk/wrk2 importer: thread stats, the latency
 * distribution, binary size units, socket errors, non-2xx/3xx responses,
 * several runs in one file, wrk2's HdrHistogram blocks, broken input and
 * sniffing. Values are checked against the real samples in samples/wrk/. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define expect_error(text, line, needle) tu_expect_error(NULL, text, "wrk", line, needle)
#define replace(text, from, to) tu_replace(text, from, to)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_wrk;


static void wrk__latency_run__every_figure_in_canonical_units(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/wrk/html-latency-t2-c10.txt", &s);
    const char *id = "threads=2,concurrency=10,duration=3,scheme=http,port=8080,"
                     "path=/index.html";
    tu_assert_value(&s, "/index.html", "latency_mean", id, 130.03e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_stdev", id, 94.83e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_max", id, 4.25e-3, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_within_stdev", id, 98.90, 1e-12);
    /* Req/Sec uses metric units: k = 1000 */
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_mean", id, 37230, 1e-12);
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_stdev", id, 690.85, 1e-12);
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_max", id, 39440, 1e-12);
    tu_assert_value(&s, "/index.html", "latency_p50", id, 122e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_p99", id, 229e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "complete_requests", id, 229734, 0);
    tu_assert_value(&s, "/index.html", "time_taken", id, 3.10, 1e-12);
    /* sizes are binary (units.c: scale 1024) */
    tu_assert_value(&s, "/index.html", "bytes_read", id, 150.95 * 1048576, 1e-12);
    tu_assert_value(&s, "/index.html", "requests_per_sec", id, 74102.41, 1e-12);
    tu_assert_value(&s, "/index.html", "transfer_rate", id, 48.69 * 1048576, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "requests_per_sec", NULL)->line, 12);
    assert_null(bdb_params_get(&s.samples[0].params, "host"));
    assert_int_equal(s.n, 17);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void wrk__https_large_file__gigabytes_are_binary(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/wrk/https-jpg-latency-t2-c10.txt", &s);
    tu_assert_value(&s, "/test.jpg", "bytes_read", "scheme=https,port=8443",
                    4.46 * 1073741824.0, 1e-12);
    tu_assert_value(&s, "/test.jpg", "transfer_rate", NULL, 1.49 * 1073741824.0, 1e-12);
    tu_assert_value(&s, "/test.jpg", "latency_p75", NULL, 0.86e-3, 1e-9);
    bdb_sink_free(&s);
}

static void wrk__not_found__non_2xx_3xx_kept_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/wrk/notfound-t2-c10.txt", &s);
    tu_assert_value(&s, "/missing.html", "non_2xx_3xx_responses", NULL, 315472, 0);
    assert_int_equal(tu_find(&s, NULL, "non_2xx_3xx_responses", NULL)->better,
                     BDB_LOWER_IS_BETTER);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 7);
    bdb_sink_free(&s);
}

static void wrk__socket_errors__kept_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/wrk/socket-errors-nginx-restart-t2-c10.txt", &s);
    tu_assert_value(&s, NULL, "socket_errors_connect", NULL, 0, 0);
    tu_assert_value(&s, NULL, "socket_errors_read", NULL, 20, 0);
    tu_assert_value(&s, NULL, "socket_errors_write", NULL, 471, 0);
    tu_assert_value(&s, NULL, "socket_errors_timeout", NULL, 0, 0);
    assert_int_equal(s.nnotes, 1);
    assert_non_null(strstr(s.notes[0].text, "write 471"));
    bdb_sink_free(&s);
}

static void wrk__two_runs_in_one_file__two_series(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/wrk/sweep-c10-c50.txt", &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 2);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=10,duration=2", 64585.52, 1e-12);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=50", 68703.98, 1e-12);
    tu_assert_value(&s, NULL, "latency_mean", "concurrency=50", 0.92e-3, 1e-9);
    bdb_sink_free(&s);
}

static void wrk__minutes_and_bare_bytes__wrk_units(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/wrk/html-t2-c10.txt", &len);
    char *a = replace(good, "Running 3s test", "Running 1m test");
    char *b = replace(a, "in 3.10s,", "in 1.00m,");
    char *c = replace(b, "41.29MB", "45.63B");
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(tu_parse_text(c, NULL, &s, &diag), BDB_OK);
    tu_assert_value(&s, NULL, "time_taken", "duration=60", 60, 1e-12);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 45.63, 1e-12);
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
    free(good);
}

/* wrk2 is not packaged by Debian, so there is no real wrk2 sample here:
 * this fragment only has wrk2's layout (wrk2's printf formats, HdrHistogram
 * classic spectrum in ms) and is not a measurement. */
static const char wrk2_layout[] =
    "Running 3s test @ http://127.0.0.1:8080/index.html\n"
    "  2 threads and 10 connections\n"
    "  Thread calibration: mean lat.: 1.000ms, rate sampling interval: 10ms\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     1.00ms    0.50ms   4.00ms   70.00%\n"
    "    Req/Sec     1.00k     0.10k    1.20k    60.00%\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%    1.00ms\n"
    " 75.000%    1.50ms\n"
    " 90.000%    2.00ms\n"
    " 99.000%    3.00ms\n"
    " 99.900%    4.00ms\n"
    " 99.990%    4.00ms\n"
    " 99.999%    4.00ms\n"
    "100.000%    4.00ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "       0.250     0.000000            1         1.00\n"
    "       1.000     0.500000          300         2.00\n"
    "       4.000     1.000000          600          inf\n"
    "#[Mean    =        1.000, StdDeviation   =        0.500]\n"
    "#[Max     =        4.000, Total count    =          600]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "\n"
    "  Latency Distribution (HdrHistogram - Uncorrected Latency (measured "
    "without taking delayed starts into account))\n"
    " 50.000%    0.80ms\n"
    " 75.000%    1.20ms\n"
    " 90.000%    1.60ms\n"
    " 99.000%    2.50ms\n"
    " 99.900%    3.00ms\n"
    " 99.990%    3.00ms\n"
    " 99.999%    3.00ms\n"
    "100.000%    3.00ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "       0.200     0.000000            1         1.00\n"
    "       3.000     1.000000          600          inf\n"
    "#[Mean    =        0.900, StdDeviation   =        0.400]\n"
    "#[Max     =        3.000, Total count    =          600]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  6000 requests in 3.00s, 1.00MB read\n"
    "Requests/sec:   2000.00\n"
    "Transfer/sec:    341.33KB\n";

static void wrk2__hdr_blocks__summarised_with_variant(void **state)
{
    (void)state;
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    int rc = tu_parse_text(wrk2_layout, NULL, &s, &diag);
    if (rc)
        fail_msg("%d: %s", diag.line, diag.message);
    tu_assert_value(&s, NULL, "latency_p99_9", "variant=wrk2", 4e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_p100", NULL, 4e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_uncorrected_p50", NULL, 0.8e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_min", NULL, 0.25e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_samples", NULL, 600, 0);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 341.33 * 1024, 1e-12);
    /* the spectrum rows are not stored */
    assert_int_equal(tu_count(&s, "latency_p50"), 1);
    assert_true(s.n < 40);
    bdb_sink_free(&s);
}


static void wrk__truncated__error_names_the_run_line(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("tests/fixtures/wrk/broken-truncated.txt", &len);
    expect_error(t, 1, "no results");
    free(t);
    char *good = tu_read("samples/wrk/sweep-c10-c50.txt", &len);
    const char *second = strstr(good, "$ wrk -t2 -c50");
    char *cut = malloc(len + 1);
    const char *stop = strstr(second, "Latency Distribution");
    snprintf(cut, len + 1, "%.*s", (int)(stop - good), good);
    /* the first run is kept, the cut second one is a warning */
    tu_expect_warning(NULL, cut, NULL, 1, 16, "no results");
    free(cut);
    free(good);
}

static void wrk__garbled_lines__error_with_line(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/wrk/html-t2-c10.txt", &len);
    char *a = replace(good, "Latency   235.97us", "Latency   lots");
    expect_error(a, 4, "Latency");
    char *b = replace(good, "  194760 requests", "  Something odd happened\n  194760 requests");
    expect_error(b, 6, "unexpected line");
    char *c = replace(good, "41.29MB", "41.29 parsecs");
    expect_error(c, 8, "Transfer/sec");
    free(a);
    free(b);
    free(c);
    free(good);
}

static void wrk__every_prefix__never_crashes(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read("samples/wrk/socket-errors-nginx-restart-t2-c10.txt", &len);
    for (size_t cut = 0; cut < len; cut += 3) {
        bdb_sink s;
        bdb_sink_init(&s);
        bdb_diag diag;
        bdb_diag_clear(&diag);
        (void)bdb_parser_wrk.parse(text, cut, NULL, &s, &diag);
        bdb_sink_free(&s);
    }
    for (size_t cut = 0; cut < sizeof wrk2_layout - 1; cut += 5) {
        bdb_sink s;
        bdb_sink_init(&s);
        bdb_diag diag;
        bdb_diag_clear(&diag);
        (void)bdb_parser_wrk.parse(wrk2_layout, cut, NULL, &s, &diag);
        bdb_sink_free(&s);
    }
    free(text);
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wrk__latency_run__every_figure_in_canonical_units),
        cmocka_unit_test(wrk__https_large_file__gigabytes_are_binary),
        cmocka_unit_test(wrk__not_found__non_2xx_3xx_kept_and_warned),
        cmocka_unit_test(wrk__socket_errors__kept_and_warned),
        cmocka_unit_test(wrk__two_runs_in_one_file__two_series),
        cmocka_unit_test(wrk__minutes_and_bare_bytes__wrk_units),
        cmocka_unit_test(wrk2__hdr_blocks__summarised_with_variant),
        cmocka_unit_test(wrk__truncated__error_names_the_run_line),
        cmocka_unit_test(wrk__garbled_lines__error_with_line),
        cmocka_unit_test(wrk__every_prefix__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
