/* test_ab.c - the ab importer: the report in its variants (keep-alive, TLS,
 * POST, failures, non-2xx, sweeps of several runs), the -e CSV and -g
 * gnuplot side files, broken input, and sniffing. Values are checked
 * against the real samples in samples/ab/. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, tool, s) tu_parse_ok(rel, tool, s)
#define expect_error(text, line, needle) tu_expect_error(NULL, text, "ab", line, needle)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_ab;


static void ab__html_c10__every_figure_in_canonical_units(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/html-c10.txt", NULL, &s);
    const char *id = "concurrency=10,requests=2000,keepalive=0,path=/index.html,"
                     "document_length=451,port=8080,server=nginx";
    tu_assert_value(&s, "/index.html", "requests_per_sec", id, 19429.93, 1e-12);
    /* [Kbytes/sec] is 1024-based (ab.c: totalread / 1024 / timetaken) */
    tu_assert_value(&s, "/index.html", "transfer_rate", id, 12978.58 * 1024, 1e-12);
    tu_assert_value(&s, "/index.html", "latency_mean", id, 0.000515, 1e-9);
    tu_assert_value(&s, "/index.html", "time_per_request_all", id, 0.000051, 1e-9);
    tu_assert_value(&s, "/index.html", "time_taken", id, 0.103, 1e-12);
    tu_assert_value(&s, "/index.html", "complete_requests", id, 2000, 0);
    tu_assert_value(&s, "/index.html", "failed_requests", id, 0, 0);
    tu_assert_value(&s, "/index.html", "total_transferred", id, 1368000, 0);
    tu_assert_value(&s, "/index.html", "html_transferred", id, 902000, 0);
    tu_assert_value(&s, "/index.html", "document_length", id, 451, 0);
    tu_assert_value(&s, "/index.html", "processing_sd", id, 0.0001, 1e-9);
    tu_assert_value(&s, "/index.html", "total_max", id, 0.001, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_p66", id, 0.001, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_max", id, 0.001, 1e-9);
    const bdb_sample *rps = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_string_equal(rps->unit, "op/s");
    assert_int_equal(rps->line, 32);
    assert_null(bdb_params_get(&rps->params, "host"));
    assert_int_equal(tu_count(&s, NULL), 39);
    assert_int_equal(s.nnotes, 0);
    assert_string_equal(s.tool_version, "2.3");
    bdb_sink_free(&s);
}

static void ab__keepalive__sets_param_and_counts(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/html-keepalive-c10.txt", NULL, &s);
    tu_assert_value(&s, NULL, "keepalive_requests", "keepalive=1,concurrency=10",
                    5000, 0);
    tu_assert_value(&s, NULL, "requests_per_sec", "keepalive=1", 79460.94, 1e-12);
    bdb_sink_free(&s);
}

static void ab__https__tls_protocol_and_cipher_are_params(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/https-jpg-c10.txt", NULL, &s);
    const char *id = "tls_protocol=TLSv1.2,tls_cipher=ECDHE-RSA-AES256-GCM-SHA384,"
                     "port=8443,document_length=102400";
    tu_assert_value(&s, "/test.jpg", "transfer_rate", id, 199629.15 * 1024, 1e-12);
    tu_assert_value(&s, "/test.jpg", "tls_key_bits", id, 2048, 0);
    tu_assert_value(&s, "/test.jpg", "tls_cipher_bits", id, 256, 0);
    tu_assert_value(&s, "/test.jpg", "tls_temp_key_bits", id, 253, 0);
    bdb_sink_free(&s);
}

static void ab__post__body_sent_and_sent_total_rates(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/post-c10.txt", NULL, &s);
    tu_assert_value(&s, "/post", "total_body_sent", NULL, 192000, 0);
    tu_assert_value(&s, "/post", "transfer_rate", NULL, 2559.63 * 1024, 1e-12);
    tu_assert_value(&s, "/post", "transfer_rate_sent", NULL, 3389.31 * 1024, 1e-12);
    tu_assert_value(&s, "/post", "transfer_rate_total", NULL, 5948.94 * 1024, 1e-12);
    bdb_sink_free(&s);
}

static void ab__with_failed_requests__keeps_failures(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/failed-nginx-restart-r-c10.txt", NULL, &s);
    tu_assert_value(&s, NULL, "failed_requests", NULL, 1610, 0);
    tu_assert_value(&s, NULL, "failed_connect", NULL, 0, 0);
    tu_assert_value(&s, NULL, "failed_receive", NULL, 583, 0);
    tu_assert_value(&s, NULL, "failed_length", NULL, 589, 0);
    tu_assert_value(&s, NULL, "failed_exceptions", NULL, 438, 0);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 348.12, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "failed_requests", NULL)->better,
                     BDB_LOWER_IS_BETTER);
    assert_true(s.nnotes >= 1);
    assert_int_equal(s.notes[0].line, 29);
    assert_non_null(strstr(s.notes[0].text, "1610"));
    bdb_sink_free(&s);
}

static void ab__non_2xx__kept_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/notfound-c10.txt", NULL, &s);
    tu_assert_value(&s, "/missing.html", "non_2xx_responses", NULL, 1000, 0);
    int found = 0;
    for (size_t i = 0; i < s.nnotes; i++)
        found |= strstr(s.notes[i].text, "not 2xx") != NULL;
    assert_true(found);
    bdb_sink_free(&s);
}

static void ab__sweep_in_one_file__one_run_per_concurrency(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/sweep-c1-c10-c100.txt", NULL, &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 3);
    tu_assert_value(&s, "/index.html", "requests_per_sec",
                    "concurrency=1,keepalive=1,requests=1000", 13812.73, 1e-12);
    tu_assert_value(&s, "/index.html", "requests_per_sec", "concurrency=10",
                    44668.78, 1e-12);
    tu_assert_value(&s, "/index.html", "requests_per_sec", "concurrency=100",
                    41301.83, 1e-12);
    /* ab -d: no percentile table */
    assert_int_equal(tu_count(&s, "latency_p50"), 0);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    bdb_sink_free(&s);
}

static void ab__gzip__only_from_user_param(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/html-gzip-c10.txt", NULL, &s);
    const bdb_sample *r = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_null(bdb_params_get(&r->params, "gzip"));
    tu_assert_value(&s, NULL, "document_length", "document_length=235", 235, 0);
    bdb_sink_free(&s);
}

static void ab__gnuplot_tsv__summarised_not_stored_per_row(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/gnuplot-c10.tsv", NULL, &s);
    assert_true(s.n < 20);
    tu_assert_value(&s, NULL, "complete_requests", NULL, 1000, 0);
    tu_assert_value(&s, NULL, "latency_max", NULL, 0.001, 1e-9);
    /* the same index rule as ab's own table (html-c10-e-g.txt: 50% 0 ms,
     * 90% 1 ms) */
    tu_assert_value(&s, NULL, "latency_p50", NULL, 0, 0);
    tu_assert_value(&s, NULL, "latency_p90", NULL, 0.001, 1e-9);
    bdb_sink_free(&s);
}

static void ab__percentile_csv__standard_percentiles(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok("samples/ab/csv-percentiles.csv", NULL, &s);
    assert_int_equal(s.n, 10);
    tu_assert_value(&s, NULL, "latency_min", NULL, 0.000186, 1e-9);
    tu_assert_value(&s, NULL, "latency_p99", NULL, 0.000854, 1e-9);
    tu_assert_value(&s, NULL, "latency_max", NULL, 0.001349, 1e-9);
    assert_int_equal(tu_find(&s, NULL, "latency_p50", NULL)->line, 52);
    bdb_sink_free(&s);
}


static void ab__truncated__error_names_the_run_line(void **state)
{
    (void)state;
    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_sink s;
    bdb_sink_init(&s);
    int rc = tu_parse_file("tests/fixtures/ab/broken-truncated.txt", NULL, &s, &diag);
    assert_int_equal(rc, BDB_EPARSE);
    assert_int_equal(diag.line, 1);
    assert_non_null(strstr(diag.message, "truncated"));
    bdb_sink_free(&s);

    /* a good run followed by a cut one: the good run is kept, the cut is
     * a warning at the second run's line */
    size_t len;
    char *good = tu_read("samples/ab/html-c10.txt", &len);
    char *text = malloc(2 * len + 200);
    /* cut at the end of a line inside the second report's header */
    const char *cut = strstr(good, "Document Path:");
    snprintf(text, 2 * len + 200, "%s%.*s", good, (int)(cut - good), good);
    int second = 1;
    for (size_t i = 0; i < len; i++)
        second += good[i] == '\n';
    tu_expect_warning(NULL, text, NULL, 10, second, "run");
    free(text);
    free(good);
}

static void ab__aborted_run__error_quotes_ab(void **state)
{
    (void)state;
    expect_error("This is ApacheBench, Version 2.3 <$Revision$>\n"
                 "Benchmarking 127.0.0.1 (be patient)\n"
                 "apr_socket_recv: Connection refused (111)\n",
                 1, "Connection refused");
}

static void ab__unknown_line_in_results__error_with_line(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/ab/html-c10.txt", &len);
    const char *at = strstr(good, "Total transferred:");
    assert_non_null(at);
    char *text = malloc(len + 100);
    snprintf(text, len + 100, "%.*sTotal frobnicated:     12 bytes\n%s",
             (int)(at - good), good, at);
    expect_error(text, 30, "unexpected line");
    /* a number that is not one */
    snprintf(text, len + 100, "%.*sTotal transferred:      many bytes\n%s",
             (int)(at - good), good, strchr(at, '\n') + 1);
    expect_error(text, 30, "Total transferred");
    free(text);
    free(good);
}

static void ab__crlf_bom_and_prompt__same_figures(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read("samples/ab/html-c10.txt", &len);
    char *text = malloc(2 * len + 100);
    size_t n = 0;
    n += (size_t)snprintf(text, 100, "\xEF\xBB\xBFuser@host:~$ ab -n 2000 -c 10 URL\r\n");
    for (size_t i = 0; i < len; i++) {
        if (good[i] == '\n')
            text[n++] = '\r';
        text[n++] = good[i];
    }
    text[n] = '\0';
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(tu_parse_text(text, NULL, &s, &diag), BDB_OK);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=10", 19429.93, 1e-12);
    assert_int_equal(tu_find(&s, NULL, "requests_per_sec", NULL)->line, 33);
    assert_int_equal(tu_count(&s, NULL), 39);
    bdb_sink_free(&s);
    free(text);
    free(good);
}

static void ab__every_prefix__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {"samples/ab/post-c10.txt",
                                        "samples/ab/https-jpg-c10.txt",
                                        "samples/ab/csv-percentiles.csv"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        for (size_t cut = 0; cut < len; cut += 7) {
            bdb_sink s;
            bdb_sink_init(&s);
            bdb_diag diag;
            bdb_diag_clear(&diag);
            (void)bdb_parser_ab.parse(text, cut, NULL, &s, &diag);
            bdb_sink_free(&s);
        }
        free(text);
    }
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ab__html_c10__every_figure_in_canonical_units),
        cmocka_unit_test(ab__keepalive__sets_param_and_counts),
        cmocka_unit_test(ab__https__tls_protocol_and_cipher_are_params),
        cmocka_unit_test(ab__post__body_sent_and_sent_total_rates),
        cmocka_unit_test(ab__with_failed_requests__keeps_failures),
        cmocka_unit_test(ab__non_2xx__kept_and_warned),
        cmocka_unit_test(ab__sweep_in_one_file__one_run_per_concurrency),
        cmocka_unit_test(ab__gzip__only_from_user_param),
        cmocka_unit_test(ab__gnuplot_tsv__summarised_not_stored_per_row),
        cmocka_unit_test(ab__percentile_csv__standard_percentiles),
        cmocka_unit_test(ab__truncated__error_names_the_run_line),
        cmocka_unit_test(ab__aborted_run__error_quotes_ab),
        cmocka_unit_test(ab__unknown_line_in_results__error_with_line),
        cmocka_unit_test(ab__crlf_bom_and_prompt__same_figures),
        cmocka_unit_test(ab__every_prefix__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
