/* test_wrk.c - the wrk/wrk2 importer: thread stats, the latency
 * distribution, binary size units, socket errors, non-2xx/3xx responses,
 * several runs in one file, settings from the command line, Lua output
 * after the report, wrk's error messages, cuts and garbled lines (warnings,
 * the rest kept), wrk2's HdrHistogram blocks, and sniffing. Values are
 * checked against the real samples in samples/wrk/ (wrk 4.1.0, see its
 * README.md); wrk2 and other machines' outputs are short real excerpts
 * quoted with their source. */
#include "test_util.h"
#include "../ingest/unwrap.h"

#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define replace(text, from, to) tu_replace(text, from, to)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_wrk;

#define DIR_ "samples/wrk/"

/* The number of warnings whose text holds needle. */
static int count_notes(const bdb_sink *s, const char *needle)
{
    int n = 0;
    for (size_t i = 0; i < s->nnotes; i++)
        if (!s->notes[i].is_info && strstr(s->notes[i].text, needle))
            n++;
    return n;
}

/* The first warning holding needle; fails when there is none. */
static const bdb_note *note_with(const bdb_sink *s, const char *needle)
{
    for (size_t i = 0; i < s->nnotes; i++)
        if (strstr(s->notes[i].text, needle))
            return &s->notes[i];
    fail_msg("no warning with \"%s\" (%zu warnings)", needle, s->nnotes);
    return NULL;
}

/* -------------------------------------------------- real local samples */

static void wrk__latency_run__every_figure_in_canonical_units(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "html-latency-t2-c10.txt", &s);
    const char *id = "threads=2,concurrency=10,duration=3,scheme=http,"
                     "path=/index.html";
    tu_assert_value(&s, "/index.html", "latency_mean", id, 130.03e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_stdev", id, 94.83e-6, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_max", id, 4.25e-3, 1e-9);
    tu_assert_value(&s, "/index.html", "latency_within_stdev", id, 98.90, 1e-12);
    /* Req/Sec uses metric units: k = 1000 */
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_mean", id, 37.23 * 1000, 1e-12);
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_stdev", id, 690.85, 1e-12);
    tu_assert_value(&s, "/index.html", "thread_requests_per_sec_max", id, 39.44 * 1000, 1e-12);
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
    parse_ok(DIR_ "https-jpg-latency-t2-c10.txt", &s);
    tu_assert_value(&s, "/test.jpg", "bytes_read", "scheme=https",
                    4.46 * 1073741824.0, 1e-12);
    tu_assert_value(&s, "/test.jpg", "transfer_rate", NULL, 1.49 * 1073741824.0, 1e-12);
    tu_assert_value(&s, "/test.jpg", "latency_p75", NULL, 0.86e-3, 1e-9);
    bdb_sink_free(&s);
}

static void wrk__not_found__non_2xx_3xx_kept_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "notfound-t2-c10.txt", &s);
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
    parse_ok(DIR_ "socket-errors-nginx-restart-t2-c10.txt", &s);
    tu_assert_value(&s, NULL, "socket_errors_connect", NULL, 0, 0);
    tu_assert_value(&s, NULL, "socket_errors_read", NULL, 20, 0);
    tu_assert_value(&s, NULL, "socket_errors_write", NULL, 471, 0);
    tu_assert_value(&s, NULL, "socket_errors_timeout", NULL, 0, 0);
    assert_int_equal(s.nnotes, 1);
    assert_non_null(strstr(s.notes[0].text, "write 471"));
    bdb_sink_free(&s);
    /* connect errors: 2000 connections under `ulimit -n 256` */
    parse_ok(DIR_ "socket-errors-ulimit256-t2-c2000.txt", &s);
    tu_assert_value(&s, NULL, "socket_errors_connect", "concurrency=2000", 1751, 0);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=2000", 46682.53, 1e-12);
    assert_int_equal(note_with(&s, "connect 1751")->line, 13);
    bdb_sink_free(&s);
}

static void wrk__two_runs_in_one_file__two_series(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "sweep-c10-c50.txt", &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 2);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=10,duration=2", 64585.52, 1e-12);
    tu_assert_value(&s, NULL, "requests_per_sec", "concurrency=50", 68703.98, 1e-12);
    tu_assert_value(&s, NULL, "latency_mean", "concurrency=50", 0.92e-3, 1e-9);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* ------------------------------------------------------- command lines */

static void wrk__prompt_command__agrees_with_printed_settings(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "prompt-latency-t2-c10.txt", &s);
    /* the same parameter names and values as a capture without the
     * command, so both are one series */
    tu_assert_value(&s, "/index.html", "requests_per_sec",
                    "threads=2,concurrency=10,duration=2,path=/index.html",
                    44543.64, 1e-12);
    const bdb_sample *x = tu_find(&s, NULL, "requests_per_sec", NULL);
    /* six settings less the port (environment) */
    assert_int_equal(x->params.n, 5);
    assert_null(bdb_params_get(&x->params, "latency"));
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void wrk__version_flag__version_recorded_run_read(void **state)
{
    (void)state;
    /* wrk -v prints its version and still runs (parse_args: no exit) */
    bdb_sink s;
    parse_ok(DIR_ "version-t2-c10.txt", &s);
    assert_string_equal(s.tool_version, "debian/4.1.0-3+b2");
    tu_assert_value(&s, NULL, "requests_per_sec", "threads=2,duration=1", 47508.58, 1e-12);
    assert_int_equal(s.n, 13);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void wrk__under_time__both_tools_read_no_warning(void **state)
{
    (void)state;
    /* `time wrk ...`: bash's real/user/sys after wrk's report are the time
     * parser's, not Lua output */
    bdb_sink s;
    parse_ok("tests/fixtures/wrk/time-wrk-t2-c10.txt", &s);
    tu_assert_value(&s, "/index.html", "requests_per_sec", "threads=2,duration=1",
                    47722.49, 1e-12);
    assert_non_null(tu_find(&s, NULL, "real", NULL));
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void wrk__header_and_timeout_options__become_parameters(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "header-timeout-t2-c10.txt", &s);
    const bdb_sample *x = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_non_null(x);
    assert_string_equal(bdb_params_get(&x->params, "header"), "Accept-Encoding: gzip");
    /* --timeout 5s, in seconds */
    assert_string_equal(bdb_params_get(&x->params, "timeout"), "5");
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void wrk__command_disagrees__printed_kept_and_warned(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "prompt-latency-t2-c10.txt", &len);
    /* the echoed command says -t4 -c20 -d5s, wrk printed 2, 10, 2s */
    char *a = replace(good, "wrk -t2 -c10 -d2s", "wrk -t4 -c20 -d5s");
    bdb_sink s;
    tu_text_ok(a, NULL, &s);
    const bdb_sample *x = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_string_equal(bdb_params_get(&x->params, "threads"), "2");
    assert_string_equal(bdb_params_get(&x->params, "concurrency"), "10");
    assert_string_equal(bdb_params_get(&x->params, "duration"), "2");
    assert_int_equal(count_notes(&s, "the printed value is kept"), 3);
    assert_int_equal(note_with(&s, "-t 4")->line, 3);
    assert_int_equal(note_with(&s, "-d 5s")->line, 2);
    bdb_sink_free(&s);
    free(a);
    /* -d 90s is printed "Running 2m test" (format_time_s rounds to whole
     * minutes from 51 s on): no disagreement, the printed 120 s is kept */
    char *b = replace(good, "-d2s", "-d 90s");
    char *c = replace(b, "Running 2s test", "Running 2m test");
    tu_text_ok(c, NULL, &s);
    tu_assert_value(&s, NULL, "requests_per_sec", "duration=120", 44543.64, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    free(b);
    free(c);
    free(good);
}

/* wrk2 (github.com/giltene/wrk2, not packaged by Debian) with
 * --u_latency: real output from a README on GitHub ("test_exercise: A
 * simple test exercise for deploying the bookinfo sample application ...
 * benchmarking using wrk2", Istio 1.1 era; found with the library's
 * find_string, id 30736688550), the spectra cut to a few of their rows. The
 * README does not show the command. */
static const char wrk2_u_latency[] =
    "Running 30s test @ http://localhost:30570/api/v1/products\n"
    "  2 threads and 100 connections\n"
    "  Thread calibration: mean lat.: 4187.743ms, rate sampling interval: 15515ms\n"
    "  Thread calibration: mean lat.: 4179.274ms, rate sampling interval: 15499ms\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency    17.42s     5.06s   26.20s    56.72%\n"
    "    Req/Sec   126.00      0.00   126.00    100.00%\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%   17.37s \n"
    " 75.000%   21.81s \n"
    " 90.000%   24.64s \n"
    " 99.000%   26.00s \n"
    " 99.900%   26.18s \n"
    " 99.990%   26.20s \n"
    " 99.999%   26.21s \n"
    "100.000%   26.21s \n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "    8953.855     0.000000            3         1.00\n"
    "   10534.911     0.100000          505         1.11\n"
    "   26214.399     0.999805         5011      5120.00\n"
    "   26214.399     1.000000         5011          inf\n"
    "#[Mean    =    17416.073, StdDeviation   =     5058.621]\n"
    "#[Max     =    26198.016, Total count    =         5011]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "\n"
    "  Latency Distribution (HdrHistogram - Uncorrected Latency (measured "
    "without taking delayed starts into account))\n"
    " 50.000%  379.39ms\n"
    " 75.000%  439.55ms\n"
    " 90.000%  487.17ms\n"
    " 99.000%  644.61ms\n"
    " 99.900%  710.14ms\n"
    " 99.990%  718.85ms\n"
    " 99.999%  729.60ms\n"
    "100.000%  729.60ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "     269.823     0.000000            1         1.00\n"
    "     729.599     1.000000         5011          inf\n"
    "#[Mean    =      396.916, StdDeviation   =       76.441]\n"
    "#[Max     =      729.088, Total count    =         5011]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  7477 requests in 30.00s, 3.86MB read\n"
    "Requests/sec:    249.19\n"
    "Transfer/sec:    131.65KB\n";

static void wrk2__u_latency_and_rate__both_blocks_and_rate_parameter(void **state)
{
    (void)state;
    /* The command line is ours (hand-made, named so): the README does not
     * show it. wrk2 requires -R, which nothing in its output prints. */
    static const char cmd[] =
        "+ wrk -t2 -c100 -d30s -R2k --u_latency http://localhost:30570/api/v1/products\n";
    char *text = malloc(sizeof cmd + sizeof wrk2_u_latency);
    snprintf(text, sizeof cmd + sizeof wrk2_u_latency, "%s%s", cmd, wrk2_u_latency);
    bdb_sink s;
    tu_text_ok(text, NULL, &s);
    free(text);
    /* -R2k: scan_metric, 2 * 1000 requests per second */
    const char *id = "variant=wrk2,rate=2000,threads=2,concurrency=100,duration=30";
    tu_assert_value(&s, NULL, "latency_mean", id, 17.42, 1e-12);
    tu_assert_value(&s, NULL, "latency_p99_9", id, 26.18, 1e-12);
    tu_assert_value(&s, NULL, "latency_p100", id, 26.21, 1e-12);
    tu_assert_value(&s, NULL, "latency_uncorrected_p50", id, 379.39e-3, 1e-12);
    tu_assert_value(&s, NULL, "latency_uncorrected_p99_999", id, 729.60e-3, 1e-12);
    /* spectrum values are milliseconds; only the corrected one is summarised */
    tu_assert_value(&s, NULL, "latency_min", id, 8953.855e-3, 1e-12);
    tu_assert_value(&s, NULL, "latency_samples", id, 5011, 0);
    assert_int_equal(tu_count(&s, "latency_min"), 1);
    assert_int_equal(tu_count(&s, "latency_p50"), 1);
    tu_assert_value(&s, NULL, "transfer_rate", id, 131.65 * 1024, 1e-12);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 12);
    assert_true(tu_has_warning(&s, 20, "numbers not read: 1, 1"));
    assert_true(tu_has_warning(&s, 23, "numbers not read: 10534.911"));
    assert_true(tu_has_warning(&s, 24, "numbers not read: 26214.399"));
    assert_true(tu_has_warning(&s, 47, "numbers not read: 729.088, 5011"));
    assert_true(tu_has_warning(&s, 48, "numbers not read: 27, 2048"));
    assert_int_equal(s.nnotes, 12);
    bdb_sink_free(&s);
    /* without the command: wrk2 all the same, from its calibration lines */
    tu_text_ok(wrk2_u_latency, NULL, &s);
    tu_assert_value(&s, NULL, "latency_uncorrected_p50", "variant=wrk2,duration=30",
                    379.39e-3, 1e-12);
    assert_null(bdb_params_get(&s.samples[0].params, "rate"));
    bdb_sink_free(&s);
}

/* wrk2 where every response was a 404 (PerfKitBenchmarker,
 * https://github.com/GoogleCloudPlatform/PerfKitBenchmarker/blob/master/tests/data/wrk2_output_all_error.txt,
 * spectrum cut to its first and last rows). */
static const char wrk2_pkb_404[] =
    "Running 45s test @ https://www.google.com/this-should-be-a-404\n"
    "  1 threads and 2 connections\n"
    "  Thread calibration: mean lat.: 1.901ms, rate sampling interval: 10ms\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     1.82ms    1.06ms  19.34ms   98.28%\n"
    "    Req/Sec    10.22     38.61   222.00     92.62%\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%    1.76ms\n"
    " 75.000%    2.03ms\n"
    " 90.000%    2.38ms\n"
    " 99.000%    3.17ms\n"
    " 99.900%   19.36ms\n"
    " 99.990%   19.36ms\n"
    " 99.999%   19.36ms\n"
    "100.000%   19.36ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "       0.903     0.000000            1         1.00\n"
    "       1.160     0.100000           35         1.11\n"
    "      19.359     0.997266          348       365.71\n"
    "      19.359     1.000000          348          inf\n"
    "#[Mean    =        1.816, StdDeviation   =        1.060]\n"
    "#[Max     =       19.344, Total count    =          348]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  451 requests in 45.00s, 183.22KB read\n"
    "  Non-2xx or 3xx responses: 451\n"
    "Requests/sec:     10.02\n"
    "Transfer/sec:      4.07KB\n";

/* Only wrk2's distribution blocks, quoted in notes on Istio 1.1.7 with
 * wrk2 --u_latency (github "istio-benchmark" README, found with the
 * library's find_string, id 13919098273): no "Running" line, no Thread
 * Stats, no Requests/sec, the recorded latency in minutes. */
static const char wrk2_dist_only[] =
    "**Corrected** (for [coordinated omission](https://github.com/giltene/wrk2))\n"
    "\n"
    "```\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%    8.65m\n"
    " 75.000%   13.81m\n"
    " 90.000%   17.11m\n"
    " 99.000%   19.29m\n"
    " 99.900%   19.50m\n"
    " 99.990%   19.52m\n"
    " 99.999%   19.54m\n"
    "100.000%   19.54m\n"
    "```\n"
    "\n"
    "**Uncorrected** \n"
    "\n"
    "```\n"
    "  Latency Distribution (HdrHistogram - Uncorrected Latency (measured without taking delayed starts into account))\n"
    " 50.000%    4.08ms\n"
    " 75.000%    4.73ms\n"
    " 90.000%    5.53ms\n"
    " 99.000%   11.69ms\n"
    " 99.900%   16.42ms\n"
    " 99.990%   23.49ms\n"
    " 99.999%   30.69ms\n"
    "100.000%   37.57ms\n"
    "```";

/* A Russian report exported from Word to Markdown (search index id
 * 10258844527, bench/corpus SOURCES.tsv wrk2/ho2-ru-docx-export-blank-
 * lines-backtick-tabs.txt), its lines 198-265 as published: a blank line
 * after every line, each line's indentation set as a code span of blanks
 * ("`  `Thread calibration", "` `50.000%"), tabs after some percentiles,
 * and the second run quoted from its calibration lines on, with no
 * "Running" line and no end ("Requests/sec") to the first run. */
static const char wrk2_word_export[] =
    "`  `Thread calibration: mean lat.: 348.409ms, rate sampling interval: 1350ms\n"  /* 198 */
    "\n"
    "`  `Thread calibration: mean lat.: 347.896ms, rate sampling interval: 1349ms\n"
    "\n"
    "`  `Thread calibration: mean lat.: 349.114ms, rate sampling interval: 1352ms\n"
    "\n"
    "`  `Thread calibration: mean lat.: 348.391ms, rate sampling interval: 1351ms\n"
    "\n"
    "`  `Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "\n"
    "`    `Latency   140.99ms  337.58ms   1.43s    87.36%\n"  /* 208 */
    "\n"
    "`    `Req/Sec   499.70     64.49   786.00     83.33%\n"
    "\n"
    "`  `Latency Distribution (HdrHistogram - Recorded Latency)\n"
    "\n"
    "` `50.000%    1.56ms\n"  /* 214 */
    "\n"
    "` `75.000%    5.39ms\n"
    "\n"
    "` `90.000%  704.00ms\t\n"
    "\n"
    "` `99.000%    1.36s \n"
    "\n"
    "` `99.900%    1.42s \n"
    "\n"
    "` `99.990%    1.43s \n"
    "\n"
    "` `99.999%    1.43s \n"
    "\n"
    "100.000%    1.43s \n"  /* 228 */
    "\n"
    "Отпрофилирование приложения (CPU, alloc и lock) \n"
    "\n"
    "CPU\n"
    "\n"
    "Alloc\n"
    "\n"
    "Lock\n"
    "\n"
    "### **PUT запрос**\n"
    "\n"
    "**Проведение нагрузочного тестирования с помощью wrk соединений на порте 8082**\n"
    "\n"
    "Нагрузочное тестирование было проведено при следующих параметрах :\n"
    "\n"
    "- t (thread) : 4\n"
    "- c (connection) : 128\n"
    "- d (duration) : 1 mn\n"
    "- R (rate) : 2000\n"
    "\n"
    "`  `Thread calibration: mean lat.: 1435.463ms, rate sampling interval: 3837ms\n"  /* 249 */
    "\n"
    "`  `Thread calibration: mean lat.: 1435.195ms, rate sampling interval: 3833ms\n"
    "\n"
    "`  `Thread calibration: mean lat.: 1435.350ms, rate sampling interval: 3835ms\n"
    "\n"
    "`  `Thread calibration: mean lat.: 1161.697ms, rate sampling interval: 3115ms\n"
    "\n"
    "`  `Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "\n"
    "`    `Latency   284.37ms  643.24ms   2.25s    85.48%\n"  /* 259 */
    "\n"
    "`    `Req/Sec   519.78     65.70   750.00     90.20%\n"
    "\n"
    "`  `Latency Distribution (HdrHistogram - Recorded Latency)\n"
    "\n"
    "` `50.000%    4.10ms\n"  /* 265 */;

/* The figure of this metric at this file line, or NULL. */
static const bdb_sample *at_line(const bdb_sink *s, const char *metric,
                                 int line)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->samples[i].metric, metric) == 0 &&
            s->samples[i].line == line && !s->samples[i].trace)
            return &s->samples[i];
    return NULL;
}

/* The figure of metric at line has the value want; returns it. */
static const bdb_sample *value_at(const bdb_sink *s, const char *metric,
                                  int line, double want)
{
    const bdb_sample *f = at_line(s, metric, line);
    assert_non_null(f);
    tu_assert_close(f->value, want, 1e-9, metric);
    return f;
}

static void wrk2__word_export_code_spans_and_cut_heads__both_runs_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(wrk2_word_export, NULL, &s);
    /* run 1, file line 208 -> 11: "`    `Latency   140.99ms  337.58ms   1.43s" */
    const bdb_sample *f = value_at(&s, "latency_mean", 11, 140.99e-3);
    int rep1 = f->repetition;
    value_at(&s, "latency_max", 11, 1.43);
    /* "` `50.000%    1.56ms" (line 214 -> 17), "100.000%    1.43s " (228 -> 31) */
    value_at(&s, "latency_p50", 17, 1.56e-3);
    value_at(&s, "latency_p100", 31, 1.43);
    /* run 2 starts at its calibration lines (249 -> 52): a new run, whose
     * Latency row (259 -> 62) and p50 (265 -> 68) are its own */
    f = value_at(&s, "latency_mean", 62, 284.37e-3);
    assert_int_not_equal(f->repetition, rep1);
    value_at(&s, "latency_p50", 68, 4.10e-3);
    /* where run 2 starts: a note at its first calibration line */
    assert_true(tu_has_warning(&s, 52, "Thread calibration"));
    bdb_sink_free(&s);
}

/* A post keeping only a run's tail (issue 21): seven spectrum rows
 * without their header, the "#[...]" footer, then wrk's summary. Nothing
 * but the summary line and both rates says wrk: the file is still taken
 * for wrk's, its figures read and the head's lack said. A short public
 * excerpt (Jekyll post, search index id 40130378110; bench/corpus
 * SOURCES.tsv wrk2/ho10-jekyll-post-spectrum-tail-only-*, lines 25-33). */
static const char wrk2_tail_only[] =
    "```\n"
    "      54.239     0.999023          976      1024.00\n"
    "      54.239     1.000000          976          inf\n"
    "#[Mean    =       20.424, StdDeviation   =        3.502]\n"
    "#[Max     =       54.208, Total count    =          976]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  1463 requests in 30.01s, 505.35KB read\n"
    "Requests/sec:     48.76\n"
    "Transfer/sec:     16.84KB\n"
    "```\n";

static void wrk2__tail_only_summary__detected_and_read(void **state)
{
    (void)state;
    assert_true(bdb_parser_wrk.sniff(wrk2_tail_only, strlen(wrk2_tail_only)) >= 50);
    bdb_sink s;
    tu_text_ok(wrk2_tail_only, NULL, &s);
    /* "1463 requests in 30.01s, 505.35KB read" (KB: 1024 bytes) */
    value_at(&s, "complete_requests", 8, 1463);
    value_at(&s, "time_taken", 8, 30.01);
    value_at(&s, "bytes_read", 8, 505.35 * 1024);
    value_at(&s, "requests_per_sec", 9, 48.76);
    value_at(&s, "transfer_rate", 10, 16.84 * 1024);
    assert_true(tu_has_warning(&s, 8, "head is cut"));
    bdb_sink_free(&s);
}

/* Only wrk2's spectrum footer and wrk's "N requests in" line, no rate
 * line: a README's "additional statistics from that run". The file was
 * recognised as no tool's. Public excerpt, lines 40-46 (bench/corpus
 * SOURCES.tsv wrk2/ho11-httpaf-readme-hdr-footer-and-requests-line-only.md,
 * search index id 864922132). */
static const char wrk2_footer_and_requests_only[] =
    "```\n"
    "#[Mean    =       27.719, StdDeviation   =       31.570]\n"
    "#[Max     =      263.424, Total count    =      1312140]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  1709909 requests in 1.00m, 3.33GB read\n"
    "```\n";

static void wrk2__footer_and_requests_line_only__detected_and_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(wrk2_footer_and_requests_only, NULL, &s);
    /* "1709909 requests in 1.00m, 3.33GB read" (m: minutes, GB: 1024^3) */
    value_at(&s, "complete_requests", 6, 1709909);
    value_at(&s, "time_taken", 6, 60);
    value_at(&s, "bytes_read", 6, 3.33 * 1024 * 1024 * 1024);
    assert_true(tu_has_warning(&s, 6, "head is cut"));
    bdb_sink_free(&s);
}

/* "Transfer/sec:     64.51K": the rate's "B" lost (wrk prints "%10sB"
 * after format_binary's K/M/G/T/P prefix, so "K" can only be KB); read
 * with a warning. 3.79MB in 1.00m is 64.7KB/s, which agrees. Public
 * excerpt, lines 19-27 (bench/corpus SOURCES.tsv wrk/ho11-nashar-gah-m1-
 * prompt-date-line-transfer-unit-truncated-k.md, search index id
 * 38302956892). */
static void wrk__transfer_unit_without_its_b__read_and_warned(void **state)
{
    (void)state;
    static const char log[] =
        "projects/nashar_gah [main] $ wrk -t5 -c100 -d60s http://localhost:8080\n"
        "Running 1m test @ http://localhost:8080\n"
        "  5 threads and 100 connections\n"
        "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
        "    Latency     1.44ms  330.79us   4.82ms   94.73%\n"
        "    Req/Sec     6.06k     2.18k    7.54k    90.00%\n"
        "  32805 requests in 1.00m, 3.79MB read\n"
        "Requests/sec:    545.98\n"
        "Transfer/sec:     64.51K\n";
    bdb_sink s;
    tu_text_accounted(log, NULL, &s);
    value_at(&s, "transfer_rate", 9, 64.51 * 1024);
    value_at(&s, "requests_per_sec", 8, 545.98);
    value_at(&s, "bytes_read", 7, 3.79 * 1024 * 1024);
    assert_true(tu_has_warning(&s, 9, "lost its \"B\""));
    bdb_sink_free(&s);
    /* a bare number (bytes? a cut prefix?) stays unread, warned */
    char *bare = tu_replace(log, "64.51K", "64.51");
    tu_text_accounted(bare, NULL, &s);
    assert_null(at_line(&s, "transfer_rate", 9));
    assert_true(tu_has_warning(&s, 9, "expected \"Transfer/sec"));
    bdb_sink_free(&s);
    free(bare);
}

static void wrk2__distribution_blocks_alone__read_and_head_warned(void **state)
{
    (void)state;
    assert_true(bdb_parser_wrk.sniff(wrk2_dist_only, strlen(wrk2_dist_only)) >= 50);
    bdb_sink s;
    tu_text_ok(wrk2_dist_only, NULL, &s);
    /* "m" is minutes in wrk's units.c */
    tu_assert_value(&s, NULL, "latency_p50", "variant=wrk2", 8.65 * 60, 1e-9);
    tu_assert_value(&s, NULL, "latency_p100", "variant=wrk2", 19.54 * 60, 1e-9);
    tu_assert_value(&s, NULL, "latency_uncorrected_p50", "variant=wrk2", 4.08e-3, 1e-12);
    tu_assert_value(&s, NULL, "latency_uncorrected_p100", "variant=wrk2", 37.57e-3, 1e-12);
    assert_int_equal(tu_count(&s, "latency_p99_9"), 1);
    /* what the quote lacks is said, at the block's header line */
    const bdb_note *n = note_with(&s, "its head is cut");
    assert_int_equal(n->line, 4);
    assert_int_equal(count_notes(&s, "cut before"), 1);
    bdb_sink_free(&s);
}

/* Published (search index id 35214003307, notes of an AWS c5.2xlarge):
 * wrk2 runs at three rates, the second and third quoted from their
 * command line with "..." for everything before the percentiles, so the
 * "Latency Distribution" header is cut away. */
static const char wrk2_dist_rows_alone[] =
    "$ wrk --latency -c 8 -t 4 -d 1m -R 200 -s wrk.lua http://localhost:8080/predictor/v1/get-ranking\n"
    "...\n"
    " 50.000%   33.44ms\n"
    " 75.000%   37.38ms\n"
    " 90.000%   41.09ms\n"
    " 99.000%   49.85ms\n"
    " 99.900%   56.42ms\n"
    " 99.990%   60.38ms\n"
    " 99.999%   71.23ms\n"
    "100.000%   71.23ms\n"
    "...\n"
    "  12000 requests in 1.00m, 78.67MB read\n"
    "  Non-2xx or 3xx responses: 1743\n"
    "Requests/sec:    199.96\n"
    "Transfer/sec:      1.31MB\n";

static void wrk2__percentile_rows_without_header__read_from_50(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(wrk2_dist_rows_alone, "wrk", &s);
    /* the distribution starts at 50% in wrk and wrk2 alike */
    tu_assert_value(&s, NULL, "latency_p50", "rate=200", 33.44e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_p99_999", "rate=200", 71.23e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_p100", "rate=200", 71.23e-3, 1e-9);
    assert_int_equal(tu_line_of(&s, "latency_p50", NULL), 3);
    assert_int_equal(tu_line_of(&s, "latency_p100", NULL), 10);
    tu_assert_value(&s, NULL, "requests_per_sec", "rate=200", 199.96, 1e-9);
    assert_int_equal(note_with(&s, "its head is cut")->line, 3);
    bdb_sink_free(&s);
}

static void wrk2__hdr_blocks__summarised_with_variant(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(wrk2_pkb_404, NULL, &s);
    tu_assert_value(&s, NULL, "latency_p99_9", "variant=wrk2", 19.36e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_p100", NULL, 19.36e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_min", NULL, 0.903e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_samples", NULL, 348, 0);
    tu_assert_value(&s, NULL, "thread_requests_per_sec_max", NULL, 222, 1e-12);
    tu_assert_value(&s, NULL, "non_2xx_3xx_responses", NULL, 451, 0);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 4.07 * 1024, 1e-12);
    assert_null(bdb_params_get(&s.samples[0].params, "rate"));
    /* the spectrum rows are not stored */
    assert_int_equal(tu_count(&s, "latency_p50"), 1);
    assert_int_equal(s.n, 24);
    bdb_sink_free(&s);
}

/* --------------------------------------- other machines' real outputs */

/* Microsoft VirtualClient's wrk example (UTF-8 BOM, minutes, a bare B):
 * https://github.com/microsoft/VirtualClient/blob/main/src/VirtualClient/VirtualClient.Actions.UnitTests/Examples/Wrk/wrkErrorExample1.txt */
static const char vc_wrk_errors[] =
    "\xEF\xBB\xBFRunning 2m test @ http://10.1.0.15/api_new/10kb\n"
    "  1 threads and 10000 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency   102.45ms   17.10ms 134.53ms   76.19%\n"
    "    Req/Sec     0.67      1.15     2.00     66.67%\n"
    "  21 requests in 2.50m, 6.69KB read\n"
    "  Socket errors: connect 0, read 1645610, write 16, timeout 0\n"
    "  Non-2xx or 3xx responses: 21\n"
    "Requests/sec:      0.14\n"
    "Transfer/sec:      45.63B";

static void wrk__minutes_and_bare_bytes__wrk_units(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(vc_wrk_errors, NULL, &s);
    /* "Running 2m test": 2 * 60 s; "in 2.50m": 2.5 * 60 s */
    tu_assert_value(&s, "/api_new/10kb", "time_taken", "duration=120", 2.50 * 60, 1e-12);
    tu_assert_value(&s, NULL, "bytes_read", NULL, 6.69 * 1024, 1e-12);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 45.63, 1e-12);
    tu_assert_value(&s, NULL, "socket_errors_read", NULL, 1645610, 0);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 0.14, 1e-12);
    assert_null(bdb_params_get(&s.samples[0].params, "port"));
    assert_int_equal(s.nnotes, 2);
    bdb_sink_free(&s);
}

/* A capture with its prompt, latencies in seconds with a trailing blank, and
 * no final newline:
 * https://github.com/mohamedutopios/apache-web-perf/blob/main/1-Apache-HTTPD-rappel/7/resultat1.md */
static const char apacheperf[] =
    "mohamed@mohamed-VirtualBox:~/Documents/wrk$ wrk -t12 -c100 -d30s --latency https://http1.example.com/file1.txt\n"
    "Running 30s test @ https://http1.example.com/file1.txt\n"
    "  12 threads and 100 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency   339.83ms  442.72ms   2.00s    84.66%\n"
    "    Req/Sec    29.39     16.63   108.00     63.20%\n"
    "  Latency Distribution\n"
    "     50%  139.65ms\n"
    "     75%  343.65ms\n"
    "     90%    1.08s \n"
    "     99%    1.84s \n"
    "  7778 requests in 30.10s, 7.61GB read\n"
    "  Socket errors: connect 0, read 59, write 0, timeout 250\n"
    "Requests/sec:    258.39\n"
    "Transfer/sec:    259.01MB";

static void wrk__published_capture_with_prompt__read_whole(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(apacheperf, NULL, &s);
    const char *id = "threads=12,concurrency=100,duration=30,scheme=https,path=/file1.txt";
    tu_assert_value(&s, "/file1.txt", "latency_p90", id, 1.08, 1e-12);
    tu_assert_value(&s, NULL, "latency_max", id, 2.00, 1e-12);
    tu_assert_value(&s, NULL, "bytes_read", id, 7.61 * 1024 * 1024 * 1024, 1e-12);
    tu_assert_value(&s, NULL, "transfer_rate", id, 259.01 * 1024 * 1024, 1e-12);
    tu_assert_value(&s, NULL, "socket_errors_timeout", id, 250, 0);
    assert_int_equal(tu_find(&s, NULL, "transfer_rate", NULL)->line, 15);
    assert_int_equal(s.nnotes, 1); /* the socket errors */
    bdb_sink_free(&s);
}

/* Indentation one blank short, as pasted in a README:
 * https://github.com/vicanso/pingap/blob/main/Benchmark.md */
static const char pingap[] =
    "Running 10s test @ http://127.0.0.1:6200/ping\n"
    " 2 threads and 10 connections\n"
    " Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "   Latency   140.44us  705.01us  16.07ms   98.80%\n"
    "   Req/Sec    65.13k     2.92k   72.33k    85.15%\n"
    " Latency Distribution\n"
    "    50%   73.00us\n"
    "    75%   80.00us\n"
    "    90%   86.00us\n"
    "    99%    1.97ms\n"
    " 1309147 requests in 10.10s, 187.27MB read\n"
    "Requests/sec: 129597.70\n"
    "Transfer/sec:     18.54MB\n";

static void wrk__pasted_with_other_indent__read_whole(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(pingap, NULL, &s);
    tu_assert_value(&s, "/ping", "latency_p50", NULL, 73.00e-6, 1e-12);
    tu_assert_value(&s, NULL, "thread_requests_per_sec_mean", NULL, 65.13 * 1000, 1e-12);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 129597.70, 1e-12);
    assert_int_equal(s.n, 17);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* ------------------------------------------------- Lua script output */

/* PerfKitBenchmarker's done() script appends a CSV block:
 * https://github.com/GoogleCloudPlatform/PerfKitBenchmarker/blob/master/tests/data/wrk_result.txt */
static const char pkb_lua_csv[] =
    "Running 1m test @ http://10.240.0.46/OK\n"
    "  2 threads and 2 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency   218.37us  284.24us  11.60ms   98.94%\n"
    "    Req/Sec     4.83k   470.08     5.55k    76.21%\n"
    "  577297 requests in 1.00m, 143.12MB read\n"
    "Requests/sec:   9605.69\n"
    "Transfer/sec:      2.38MB\n"
    "==CSV==\n"
    "variable,value,unit\n"
    "p5 latency,0.162,ms\n"
    "p50 latency,0.187,ms\n"
    "p90 latency,0.256,ms\n"
    "p99 latency,0.519,ms\n"
    "p99.9 latency,5.196,ms\n"
    "bytes transferred,1.50068e+08,bytes\n"
    "errors,0,n\n"
    "requests,577297,n\n"
    "throughput,9605.69,requests/sec\n";

static void wrk__lua_done_output__wrk_figures_kept_lines_warned(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(pkb_lua_csv, NULL, &s);
    tu_assert_value(&s, "/OK", "requests_per_sec", "duration=60", 9605.69, 1e-12);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 2.38 * 1048576, 1e-12);
    assert_int_equal(s.n, 13);
    const bdb_note *n = note_with(&s, "11 lines after wrk's Transfer/sec");
    assert_int_equal(n->line, 9);
    assert_non_null(strstr(n->text, "==CSV=="));
    bdb_sink_free(&s);
    /* a local run whose done() prints JSON */
    parse_ok(DIR_ "lua-done-json-t2-c10.txt", &s);
    tu_assert_value(&s, NULL, "requests_per_sec", "script=report.lua", 38411.30, 1e-12);
    assert_int_equal(s.n, 13);
    assert_int_equal(note_with(&s, "6 lines after")->line, 10);
    bdb_sink_free(&s);
    /* a Lua syntax error: wrk says so three times and runs anyway */
    parse_ok(DIR_ "lua-syntax-error-t2-c10.txt", &s);
    tu_assert_value(&s, NULL, "requests_per_sec", "script=bad.lua", 51193.46, 1e-12);
    assert_int_equal(count_notes(&s, "unexpected symbol near"), 3);
    assert_int_equal(s.notes[0].line, 2);
    bdb_sink_free(&s);
}

/* ---------------------------------------------- errors, cuts, garbage */

static void wrk__error_only_captures__fail_with_wrks_message(void **state)
{
    (void)state;
    /* detected as wrk (a wrk command and one of wrk's messages) */
    tu_expect_error("tests/fixtures/wrk/error-closed-port.txt", NULL, NULL, 2,
                    "unable to connect to 127.0.0.1:28099 Connection refused");
    tu_expect_error("tests/fixtures/wrk/error-unknown-host.txt", NULL, NULL, 2,
                    "unable to resolve nonexistent.invalid:http");
    tu_expect_error("tests/fixtures/wrk/error-connections-below-threads.txt",
                    NULL, NULL, 2, "number of connections must be >= threads");
    /* killed before its results: the header only */
    tu_expect_error("tests/fixtures/wrk/error-killed-after-1s.txt", NULL, NULL,
                    0, NULL);
    size_t len;
    char *t = tu_read("tests/fixtures/wrk/error-killed-after-1s.txt", &len);
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(bdb_parser_wrk.parse(t, len, NULL, &s, &diag), BDB_OK);
    assert_int_equal(s.n, 0);
    assert_int_equal(note_with(&s, "stops before its results")->line, 2);
    /* the shell's "Killed" line comes first: the file fails with it */
    assert_int_equal(s.notes[0].line, 4);
    assert_non_null(strstr(s.notes[0].text, "wrk was stopped"));
    bdb_sink_free(&s);
    free(t);
}

static void wrk__truncated__complete_figures_kept_and_cut_warned(void **state)
{
    (void)state;
    bdb_sink s;
    /* the first 5 lines of html-latency-t2-c10.txt */
    parse_ok("tests/fixtures/wrk/broken-truncated.txt", &s);
    tu_assert_value(&s, NULL, "latency_mean", NULL, 130.03e-6, 1e-9);
    assert_null(tu_find(&s, NULL, "requests_per_sec", NULL));
    assert_int_equal(s.n, 8);
    assert_int_equal(note_with(&s, "cut before \"N requests in")->line, 1);
    bdb_sink_free(&s);

    size_t len;
    char *good = tu_read(DIR_ "sweep-c10-c50.txt", &len);
    const char *second = strstr(good, "$ wrk -t2 -c50");
    const char *stop = strstr(second, "  Latency Distribution");
    char *cut = malloc(len + 1);
    snprintf(cut, len + 1, "%.*s", (int)(stop - good), good);
    tu_text_ok(cut, NULL, &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 1);
    tu_assert_value(&s, NULL, "latency_mean", "concurrency=50", 0.92e-3, 1e-9);
    assert_int_equal(note_with(&s, "cut before")->line, 16);
    bdb_sink_free(&s);
    free(cut);
    free(good);
}

static void wrk__garbled_lines__warned_rest_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "html-t2-c10.txt", &len);
    bdb_sink s;
    char *a = replace(good, "Latency   235.97us", "Latency   lots");
    tu_text_ok(a, NULL, &s);
    assert_null(tu_find(&s, NULL, "latency_mean", NULL));
    assert_null(tu_find(&s, NULL, "latency_within_stdev", NULL));
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 62832.15, 1e-12);
    assert_int_equal(note_with(&s, "three times")->line, 4);
    bdb_sink_free(&s);
    char *b = replace(good, "  194760 requests", "  Something odd happened\n  194760 requests");
    tu_text_ok(b, NULL, &s);
    assert_int_equal(note_with(&s, "unexpected line")->line, 6);
    assert_non_null(strstr(s.notes[0].text, "Something odd happened"));
    tu_assert_value(&s, NULL, "complete_requests", NULL, 194760, 0);
    bdb_sink_free(&s);
    char *c = replace(good, "41.29MB", "41.29 parsecs");
    tu_text_ok(c, NULL, &s);
    assert_null(tu_find(&s, NULL, "transfer_rate", NULL));
    assert_int_equal(note_with(&s, "Transfer/sec")->line, 8);
    bdb_sink_free(&s);
    /* wrk's SI suffixes on option values: -c 1k is 1000 connections */
    char *e = tu_replace(apacheperf, "-c100", "-c 1k");
    tu_text_ok(e, NULL, &s);
    assert_non_null(note_with(&s, "says -c 1000 but wrk printed 100 connections"));
    bdb_sink_free(&s);
    free(e);
    /* an odd option value in the command: warned, not a parameter */
    char *d = tu_replace(apacheperf, "-t12", "-t$T");
    tu_text_ok(d, NULL, &s);
    assert_int_equal(note_with(&s, "-t $T")->line, 1);
    tu_assert_value(&s, NULL, "requests_per_sec", "threads=12", 258.39, 1e-12);
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
    free(d);
    free(good);
}

/* More odd lines than the sink keeps warnings for (100000): the figures
 * are kept all the same, the file does not fail. */
/* Published with thousands grouped by commas (wrk prints none; the author
 * did), from the README of https://github.com/simongui/octane at
 * e05bfa3bbf35 (20 threads, a 64-deep pipelining Lua script). */
static const char octane[] =
    "Running 1m test @ http://IP:80\n"
    "  20 threads and 256 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     1.45ms    7.30ms 667.25ms   99.09%\n"
    "    Req/Sec     0.91M   168.04k    2.40M    71.13%\n"
    "  Latency Distribution\n"
    "     50%    1.06ms\n"
    "     75%    1.80ms\n"
    "     90%    2.82ms\n"
    "     99%    7.62ms\n"
    "  1,086,106,192 requests in 1.01m, 128.46GB read\n"
    "Requests/sec: 17,886,898.43\n"
    "Transfer/sec:      2.12GB\n";

static void wrk__thousands_grouped__counts_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(octane, NULL, &s);
    /* "1,086,106,192 requests in 1.01m" */
    tu_assert_value(&s, NULL, "complete_requests", NULL, 1086106192.0, 0);
    tu_assert_value(&s, NULL, "time_taken", NULL, 1.01 * 60, 1e-9);
    tu_assert_value(&s, NULL, "bytes_read", NULL, 128.46 * 1024.0 * 1024 * 1024, 1e-6);
    /* "Requests/sec: 17,886,898.43" */
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 17886898.43, 1e-6);
    tu_assert_value(&s, NULL, "thread_requests_per_sec_mean", NULL, 0.91e6, 1e-6);
    assert_int_equal(tu_find(&s, NULL, "requests_per_sec", NULL)->line, 12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* The same report quoted from its Latency row on (the head cut): the
 * figures are read, the cut is warned at the first line. */
static void wrk__head_cut__read_from_latency_row_and_warned(void **state)
{
    (void)state;
    const char *from = strstr(octane, "    Latency     1.45ms");
    assert_non_null(from);
    bdb_sink s;
    tu_text_ok(from, "wrk", &s);
    tu_assert_value(&s, NULL, "latency_mean", NULL, 1.45e-3, 1e-12);
    tu_assert_value(&s, NULL, "latency_max", NULL, 667.25e-3, 1e-12);
    tu_assert_value(&s, NULL, "latency_p99", NULL, 7.62e-3, 1e-12);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 2.12 * 1024.0 * 1024 * 1024, 1e-6);
    assert_int_equal(tu_find(&s, NULL, "latency_mean", NULL)->line, 1);
    assert_int_equal(note_with(&s, "head is cut")->line, 1);
    bdb_sink_free(&s);
}

/* No request completed: wrk prints "-nan%" as the +/- Stdev column. From
 * a comment in Hyperfoil/Hyperfoil test-suite/src/test/java/io/hyperfoil/
 * scenario/WrkScenarioTest.java (original wrk against a 10 s endpoint). */
static const char hyperfoil_nan[] =
    "Running 5s test @ http://localhost:33193/10s\n"
    "  1 threads and 10 connections\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     0.00us    0.00us   0.00us    -nan%\n"
    "    Req/Sec     0.00      0.00     0.00      -nan%\n"
    "  0 requests in 5.02s, 0.00B read\n"
    "Requests/sec:      0.00\n"
    "Transfer/sec:       0.00B\n";

static void wrk__nan_percentage__three_figures_kept_and_warned(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(hyperfoil_nan, NULL, &s);
    tu_assert_value(&s, NULL, "latency_mean", NULL, 0, 0);
    tu_assert_value(&s, NULL, "latency_max", NULL, 0, 0);
    tu_assert_value(&s, NULL, "thread_requests_per_sec_max", NULL, 0, 0);
    assert_null(tu_find(&s, NULL, "latency_within_stdev", NULL));
    assert_null(tu_find(&s, NULL, "thread_requests_per_sec_within_stdev", NULL));
    assert_int_equal(tu_find(&s, NULL, "latency_mean", NULL)->line, 4);
    assert_int_equal(count_notes(&s, "not a number"), 2);
    assert_int_equal(note_with(&s, "not a number")->line, 4);
    assert_int_equal(s.n, 11);
    bdb_sink_free(&s);
}

static void wrk__flood_of_odd_lines__figures_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "html-t2-c10.txt", &len);
    char *t = tu_insert_lines(good, "  194760 requests", "??\n", 100100);
    bdb_sink s;
    tu_text_ok(t, NULL, &s);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 62832.15, 1e-12);
    assert_int_equal(s.n, 13);
    bdb_sink_free(&s);
    free(t);
    free(good);
}

static void wrk__forced_on_other_content__fails(void **state)
{
    (void)state;
    tu_expect_error(NULL, "hello\nworld\n", "wrk", 1, "expected wrk's output");
}

static void wrk__every_prefix__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        DIR_ "socket-errors-nginx-restart-t2-c10.txt",
        DIR_ "lua-syntax-error-t2-c10.txt",
        "tests/fixtures/wrk/error-connections-below-threads.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        for (size_t cut = 0; cut < len; cut += 3) {
            /* an exact-size copy: nothing may read past the buffer */
            char *exact = malloc(cut ? cut : 1);
            memcpy(exact, text, cut);
            bdb_sink s;
            bdb_sink_init(&s);
            bdb_diag diag;
            bdb_diag_clear(&diag);
            (void)bdb_parser_wrk.sniff(exact, cut);
            (void)bdb_parser_wrk.parse(exact, cut, NULL, &s, &diag);
            bdb_sink_free(&s);
            free(exact);
        }
        free(text);
    }
    for (size_t cut = 0; cut < sizeof wrk2_u_latency - 1; cut += 5) {
        bdb_sink s;
        bdb_sink_init(&s);
        bdb_diag diag;
        bdb_diag_clear(&diag);
        (void)bdb_parser_wrk.parse(wrk2_u_latency, cut, NULL, &s, &diag);
        bdb_sink_free(&s);
    }
}

/* --------------------------------------------- golden cross-checks */

/* Figures of the golden files against the raw text, without the parser;
 * each value is the printed one converted by hand. */
static void wrk__golden_figures__match_the_raw_text(void **state)
{
    (void)state;
    tu_crosscheck(DIR_ "prompt-latency-t2-c10.txt", 5,
                  "Latency     0.91ms    1.57ms  11.64ms   86.23%", NULL,
                  "latency_max", 11.64 / 1000);
    tu_crosscheck(DIR_ "prompt-latency-t2-c10.txt", 6,
                  "Req/Sec    22.46k     6.51k   45.66k    82.50%", NULL,
                  "thread_requests_per_sec_mean", 22.46 * 1000);
    tu_crosscheck(DIR_ "prompt-latency-t2-c10.txt", 8, "50%  112.00us", NULL,
                  "latency_p50", 112.00 / 1e6);
    tu_crosscheck(DIR_ "prompt-latency-t2-c10.txt", 12,
                  "89839 requests in 2.02s, 59.55MB read", NULL, "bytes_read",
                  59.55 * 1024 * 1024);
    tu_crosscheck(DIR_ "prompt-latency-t2-c10.txt", 14,
                  "Transfer/sec:     29.52MB", NULL, "transfer_rate",
                  29.52 * 1024 * 1024);
    tu_crosscheck(DIR_ "socket-errors-ulimit256-t2-c2000.txt", 13,
                  "Socket errors: connect 1751, read 0, write 0, timeout 0",
                  NULL, "socket_errors_connect", 1751);
    tu_crosscheck(DIR_ "socket-errors-ulimit256-t2-c2000.txt", 14,
                  "Requests/sec:  46682.53", "/index.html", "requests_per_sec",
                  46682.53);
    tu_crosscheck(DIR_ "lua-done-json-t2-c10.txt", 7,
                  "77786 requests in 2.03s, 51.56MB read", NULL, "time_taken",
                  2.03);
    tu_crosscheck(DIR_ "https-jpg-latency-t2-c10.txt", 13,
                  "1.49GB", NULL, "transfer_rate", 1.49 * 1024 * 1024 * 1024);
}

static void wrk__sniff__scores(void **state)
{
    (void)state;
    assert_int_equal(bdb_parser_wrk.sniff(apacheperf, strlen(apacheperf)), 100);
    assert_int_equal(bdb_parser_wrk.sniff(pingap, strlen(pingap)), 100);
    size_t len;
    char *t = tu_read("tests/fixtures/wrk/error-closed-port.txt", &len);
    assert_true(bdb_parser_wrk.sniff(t, len) >= BDB_SNIFF_THRESHOLD);
    free(t);
    /* the message alone, without a wrk command, is not enough */
    static const char msg[] = "unable to connect to 127.0.0.1:28099 Connection refused\n";
    assert_true(bdb_parser_wrk.sniff(msg, strlen(msg)) < BDB_SNIFF_THRESHOLD);
    static const char prose[] = "We ran wrk with 2 threads and 10 connections.\n";
    assert_true(bdb_parser_wrk.sniff(prose, strlen(prose)) < BDB_SNIFF_THRESHOLD);
}

/* A Chinese README annotates wrk's lines after their figures (wrk prints
 * "Requests/sec: %9.2Lf\n", "Transfer/sec: %10sB\n"): the figures are
 * read, the notes are not figures, the URL ends before its note. Public
 * excerpt (bench/corpus SOURCES.tsv: wrk/wrk-zh-hystrix-annotated-inline-
 * chinese-indented-4.txt, search index id 295300628), lines 2-3, 5-6,
 * 8, 10, 12-14. */
static void wrk__notes_after_figures__figures_read(void **st)
{
    (void)st;
    static const char log[] =
        "Running 1m test @ http://localhost:8079/api/client/rest/hello/client \xEF\xBC\x88压测时间1分钟\xEF\xBC\x89\n"
        "    12 threads and 400 connections \xEF\xBC\x88共12个测试线程，400个连接\xEF\xBC\x89\n"
        "    Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
        "    Latency    86.06ms  145.27ms   1.67s    92.87%\n"
        "    Req/Sec   243.48    175.65     1.78k    73.99%\n"
        "    80441 requests in 1.00m, 14.92MB read \xEF\xBC\x88""1分钟内共处理完成了80441个请求，读取了14.92MB数据\xEF\xBC\x89\n"
        "    Non-2xx or 3xx responses: 19451 (80441个请求中有19451个未成功)\n"
        "Requests/sec:   1338.55  \xEF\xBC\x88平均每秒处理完成1338.55个请求\xEF\xBC\x89\n"
        "Transfer/sec:    254.31KB \xEF\xBC\x88平均每秒读取数据254.31KB\xEF\xBC\x89\n";
    bdb_sink s;
    tu_text_ok(log, "wrk", &s);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 1338.55, 1e-9);
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 254.31 * 1024, 1e-9);
    tu_assert_value(&s, NULL, "non_2xx_3xx_responses", NULL, 19451, 0);
    assert_int_equal(tu_line_of(&s, "requests_per_sec", NULL), 8);
    assert_non_null(tu_find(&s, "/api/client/rest/hello/client",
                            "requests_per_sec",
                            "path=/api/client/rest/hello/client"));
    assert_false(tu_has_warning(&s, 8, "not read"));
    bdb_sink_free(&s);
}

/* A wrk run kept in a C comment whose line breaks were moved (issue 21):
 * the "Latency" label ends the Thread Stats header's line and its four
 * figures begin the next. The row is read whole, at the figures' line. A
 * short public excerpt (search index id 42524133408, bench/corpus
 * SOURCES.tsv wrk/cpp-comment-lost-linebreaks-reflowed.txt, lines 7-12). */
static const char reflowed_label[] =
    "connections Thread Stats   Avg      Stdev     Max   +/- Stdev Latency\n"
    "0.85ms    1.72ms  37.17ms   91.00%\n"
    "    Req/Sec    34.18k     8.07k   65.92k    77.57%\n"
    "  3419501 requests in 10.09s, 29.97GB read\n"
    "Requests/sec: 338940.14\n"
    "Transfer/sec:      2.97GB\n";

static void wrk__latency_label_wrapped_before_figures__row_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(reflowed_label, NULL, &s);
    tu_assert_value(&s, NULL, "latency_mean", NULL, 0.85e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_stdev", NULL, 1.72e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_max", NULL, 37.17e-3, 1e-9);
    tu_assert_value(&s, NULL, "latency_within_stdev", NULL, 91.0, 1e-12);
    assert_int_equal(tu_line_of(&s, "latency_mean", NULL), 2);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 338940.14, 1e-12);
    /* no line's numbers left unread */
    for (size_t i = 0; i < s.nnotes; i++)
        assert_null(strstr(s.notes[i].text, "not read"));
    bdb_sink_free(&s);
}

/* An early wrk2's calibration lines, a blank between each figure and its
 * unit (the wrk2 README's first example, search index id 780467814):
 * kept as the trace of the run's latency_mean, not warned about. */
typedef struct calib_seen {
    int n;
    double lat[2], iv[2];
} calib_seen;

static int take_calib(void *ctx, const bdb_sample *f)
{
    calib_seen *c = ctx;
    if (f->line < 3 || f->line > 4)
        return 1;
    if (strcmp(f->trace->what, "calibration_latency_mean") == 0)
        c->lat[f->line - 3] = f->value;
    else
        c->iv[f->line - 3] = f->value;
    c->n++;
    return 0;
}

static int drop_figure(void *ctx, const bdb_sample *f)
{
    (void)ctx;
    (void)f;
    return 0;
}

static void wrk2__calibration_usec_msec_after_a_blank__traced(void **state)
{
    (void)state;
    calib_seen c = {0, {0, 0}, {0, 0}};
    bdb_sink_consumer k = {drop_figure, &c, take_calib};
    bdb_sink s;
    bdb_diag d;
    bdb_sink_init(&s);
    s.consumer = &k;
    assert_int_equal(
        tu_parse_text("    Running 30s test @ http://127.0.0.1:80/index.html\n"
                      "      2 threads and 100 connections\n"
                      "      Thread calibration: mean lat.: 9319 usec, rate sampling interval: 21 msec\n"
                      "      Thread calibration: mean lat.: 9332 usec, rate sampling interval: 21 msec\n"
                      "      Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
                      "        Latency     6.18ms    1.84ms  11.31ms   69.23%\n"
                      "        Req/Sec     1.05k     1.11k    2.50k    64.57%\n",
                      NULL, &s, &d),
        BDB_OK);
    assert_int_equal(c.n, 4);
    tu_assert_close(c.lat[0], 9319e-6, 1e-9, "calibration 1");
    tu_assert_close(c.lat[1], 9332e-6, 1e-9, "calibration 2");
    tu_assert_close(c.iv[0], 0.021, 1e-9, "interval 1");
    tu_assert_close(c.iv[1], 0.021, 1e-9, "interval 2");
    assert_false(tu_has_warning(&s, 3, "calibration"));
    s.consumer = NULL;
    bdb_sink_free(&s);
}

/* wrk in shiki markup (issue 21, class 6): one <span class="line"> per
 * output line, entities, the text in inline spans.
 * VitePress, spans without colours, two code blocks on one physical line
 * ("...Will Glozer</span></span></code></pre></div><p>...<pre ...><code>
 * <span class="line"><span>wrk -t8 ..."), a build chunk read from a public
 * code-search index, id 558391756: */
static const char shiki_plain[] =
    "<span class=\"line\"><span>wrk 4.0.2 [epoll] Copyright (C) 2012 Will Glozer</span></span></code></pre></div><p>看到是4.0.2版本的wrk，使用了epoll。这意味着我们可以用少量的线程来跟被测服务创建大量连接，进行压测。</p><p>做一次简单压测，分析下结果</p><div class=\"language- vp-adaptive-theme\"><button title=\"Copy Code\" class=\"copy\"></button><span class=\"lang\"></span><pre class=\"shiki shiki-themes github-light github-dark vp-code\" tabindex=\"0\"><code><span class=\"line\"><span>wrk -t8 -c200 -d30s --latency  &quot;http://www.bing.com&quot;</span></span>\n"
    "<span class=\"line\"><span></span></span>\n"
    "<span class=\"line\"><span>输出：</span></span>\n"
    "<span class=\"line\"><span>Running 30s test @ http://www.bing.com</span></span>\n"
    "<span class=\"line\"><span>  8 threads and 200 connections</span></span>\n"
    "<span class=\"line\"><span>  Thread Stats   Avg      Stdev     Max   +/- Stdev</span></span>\n"
    "<span class=\"line\"><span>    Latency    46.67ms  215.38ms   1.67s    95.59%</span></span>\n"
    "<span class=\"line\"><span>    Req/Sec     7.91k     1.15k   10.26k    70.77%</span></span>\n"
    "<span class=\"line\"><span>  Latency Distribution</span></span>\n"
    "<span class=\"line\"><span>     50%    2.93ms</span></span>\n"
    "<span class=\"line\"><span>     75%    3.78ms</span></span>\n"
    "<span class=\"line\"><span>     90%    4.73ms</span></span>\n"
    "<span class=\"line\"><span>     99%    1.35s </span></span>\n"
    "<span class=\"line\"><span>  1790465 requests in 30.01s, 684.08MB read</span></span>\n"
    "<span class=\"line\"><span>Requests/sec:  59658.29</span></span>\n"
    "<span class=\"line\"><span>Transfer/sec:     22.79MB</span></span></code></pre></div><p>以上使用8个线程200个连接，对bing首页进行了30秒的压测，并要求在压测结果中输出响应延迟信息。以下对压测结果进行简单注释：</p>\n";

/* VitePress with a colour span per token (--shiki-light/--shiki-dark)
 * and a macOS prompt "host:dir user$ wrk ...", id 37848222601: */
static const char shiki_tokens[] =
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">kldeMacBook-Pro-6:ratelimiter-spring-boot-starter</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> kl</span><span style=\"--shiki-light:#24292E;--shiki-dark:#E1E4E8;\">$ </span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">wrk</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\"> -t16</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\"> -c100</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\"> -d15s</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\"> --latency</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> http://localhost:8080/test/wrk</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">Running</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> 15s</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> test</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> @</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> http://localhost:8080/test/wrk</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">  16</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> threads</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> and</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\"> 100</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> connections</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">  Thread</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> Stats</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">   Avg</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">      Stdev</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">     Max</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">   +/-</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> Stdev</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">    Latency</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">     6.18ms</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">   20.70ms</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> 281.21ms</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">   98.17%</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">    Req/Sec</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">     1.65k</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\">   307.06</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">     2.30k</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">    76.44%</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">  Latency</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> Distribution</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">     50%</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">    3.57ms</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">     75%</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">    4.11ms</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">     90%</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">    5.01ms</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">     99%</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">  115.48ms</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">  389399</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> requests</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> in</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> 15.03s,</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> 43.15MB</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\"> read</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">Requests/sec:</span><span style=\"--shiki-light:#005CC5;--shiki-dark:#79B8FF;\">  25915.91</span></span>\n"
    "<span class=\"line\"><span style=\"--shiki-light:#6F42C1;--shiki-dark:#B392F0;\">Transfer/sec:</span><span style=\"--shiki-light:#032F62;--shiki-dark:#9ECBFF;\">      2.87MB</span></span></code></pre></div><p>压测下，所有流量都过限流器，qps 可以达到 2w+。</p><h3 id=\"_4、版本更新\" tabindex=\"-1\">4、版本更新 <a class=\"header-anchor\" href=\"#_4、版本更新\" aria-label=\"Permalink to &quot;4、版本更新&quot;\"></a></h3>\n";

static void wrk__shiki_span_lines__read_at_file_lines(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(shiki_plain, NULL, &s);
    /* Thread Stats, the 4 percentiles, the summary and the two rates */
    assert_int_equal(s.n, 17);
    const bdb_sample *x = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_non_null(x);
    assert_true(x->value == 59658.29);
    assert_int_equal(x->line, 15);
    x = tu_find(&s, NULL, "latency_p99", NULL);
    assert_non_null(x);
    tu_assert_close(x->value, 1.35, 1e-12, "p99");
    assert_int_equal(x->line, 13);
    x = tu_find(&s, NULL, "complete_requests", NULL);
    assert_non_null(x);
    assert_true(x->value == 1790465);
    x = tu_find(&s, NULL, "latency_mean", "concurrency=200,duration=30,"
                "path=/,scheme=http,threads=8");
    assert_non_null(x);
    tu_assert_close(x->value, 46.67e-3, 1e-12, "latency mean");
    assert_string_equal(s.tool_version, "4.0.2");
    assert_int_equal(count_notes(&s, "numbers not read"), 0);
    bdb_sink_free(&s);
    /* the command of the second block, after the first block's text on
     * the same physical line, is a line of its own, not glued to
     * "Will Glozer" */
    bdb_unwrapped u;
    assert_int_equal(bdb_unwrap(shiki_plain, sizeof shiki_plain - 1, &u), 0);
    assert_non_null(u.text);
    /* u.text is u.len bytes, not a C string */
    char *t = malloc(u.len + 1);
    assert_non_null(t);
    memcpy(t, u.text, u.len);
    t[u.len] = '\0';
    assert_non_null(strstr(t, "Will Glozer\nwrk -t8 -c200"));
    free(t);
    bdb_unwrap_free(&u);

    tu_text_ok(shiki_tokens, NULL, &s);
    assert_int_equal(s.n, 17);
    x = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_non_null(x);
    assert_true(x->value == 25915.91);
    assert_int_equal(x->line, 13);
    x = tu_find(&s, NULL, "thread_requests_per_sec_stdev", NULL);
    assert_non_null(x);
    tu_assert_close(x->value, 307.06, 1e-12, "req/sec stdev");
    assert_int_equal(x->line, 6);
    x = tu_find(&s, NULL, "transfer_rate", NULL);
    assert_non_null(x);
    tu_assert_close(x->value, 2.87 * 1048576, 1e-12, "transfer");
    assert_int_equal(x->line, 14);
    /* the prompt line is a command, no unread figure */
    assert_int_equal(count_notes(&s, "numbers not read"), 0);
    bdb_sink_free(&s);
}

/* DeathStarBench's wrk2 with four URLs (issue 21, held-out-9: the
 * "Overall N requests" line was warned, not read, and the first three
 * "Running" lines were taken for runs cut before their results). Its
 * hotelReservation guide, read from a public code-search index, id
 * 33788386108 (bench/corpus SOURCES.tsv wrk2/ho9-dsb-multi-target-...),
 * lines 3-57 without the calibration and spectrum rows. Its wrk.c (id
 * 53955313745) prints "99%" where wrk prints "Max": stats_percentile(99). */
static const char dsb_multi[] =
    "$ ./wrk -D exp -L -s ../hotelReservation/wrk2/scripts/hotel-reservation/mixed-workload_type_1.lua -t 48 -c 1920 -d 60 -R 60000 http://${NODE_IP}:${NODE_PORT1} http://${NODE_IP}:${NODE_PORT2} http://${NODE_IP}:${NODE_PORT3} http://${NODE_IP}:${NODE_PORT4}\n"
    "\n"
    "Running 1m test @ http://172.16.28.110:31150\n"
    "  48 threads and 1920 connections\n"
    "\n"
    "Running 1m test @ http://172.16.28.110:30685\n"
    "  48 threads and 1920 connections\n"
    "\n"
    "Running 1m test @ http://172.16.28.110:30464\n"
    "  48 threads and 1920 connections\n"
    "\n"
    "Running 1m test @ http://172.16.28.110:30814\n"
    "  48 threads and 1920 connections\n"
    "\n"
    "  Thread calibration: mean lat.: 18.489ms, rate sampling interval: 89ms\n"
    "  Thread calibration: mean lat.: 30.374ms, rate sampling interval: 148ms\n"
    "\n"
    "-----------------------------------------------------------------------\n"
    "---------------------------Overall Statistics--------------------------\n"
    "-----------------------------------------------------------------------\n"
    "  Thread Stats   Avg      Stdev     99%   +/- Stdev\n"
    "    Latency     3.87s     5.35s   17.81s    79.81%\n"
    "    Req/Sec     1.25k   193.94     1.69k    69.83%\n"
    "  Latency Distribution (HdrHistogram - Recorded Overall Latency)\n"
    " 50.000%   90.75ms\n"
    " 99.000%   17.81s\n"
    "100.000%   24.30s\n"
    "-----------------------------------------------------------------------\n"
    "  Overall 12388581 requests in 1.00m, 5.00GB read\n"
    "Requests/sec: 205897.22\n"
    "Transfer/sec:     85.12MB\n";

static void wrk2__deathstarbench_several_urls__one_run_overall_read(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_ok(dsb_multi, NULL, &s);
    tu_assert_printed(dsb_multi, &s, "complete_requests", "targets=4",
                      "Overall 12388581 requests", 12388581, 0);
    tu_assert_printed(dsb_multi, &s, "time_taken", NULL, "in 1.00m", 60, 0);
    tu_assert_printed(dsb_multi, &s, "bytes_read", NULL, "5.00GB read",
                      5.0 * 1073741824.0, 1e-12);
    tu_assert_printed(dsb_multi, &s, "requests_per_sec", "rate=60000",
                      "Requests/sec: 205897.22", 205897.22, 1e-12);
    /* the "99%" column is the 99th percentile, not a maximum */
    tu_assert_printed(dsb_multi, &s, "latency_stats_p99", NULL, "17.81s",
                      17.81, 1e-12);
    tu_assert_printed(dsb_multi, &s, "thread_requests_per_sec_p99", NULL,
                      "1.69k", 1690, 1e-12);
    assert_null(tu_find(&s, NULL, "latency_max", NULL));
    /* one run of four URLs, none cut before its results */
    assert_int_equal(tu_count(&s, "requests_per_sec"), 1);
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 1);
    assert_true(tu_has_warning(&s, 21, "numbers not read: 99"));
    assert_int_equal(tu_count_warnings(&s), 1);
    bdb_sink_free(&s);
}

/* One URL: DeathStarBench's wrk2 prints its block under "Test Results @
 * URL" (print_separate_histograms). A multiparty-lb note, read from a
 * public code-search index, id 30367870474 (bench/corpus SOURCES.tsv
 * wrk2/ho9-deathstarbench-fork-...), lines 1-3, 56-69 and 129-133. */
static const char dsb_one[] =
    "twaheed2@ocean3:~/go/src/multiparty-lb$ wrk2/wrk -D exp -t50 -c50 -d30s -L -S -s wrk2/mixed_workload_hotel_reservation.lua http://$CLUSTER_IP:$INGRESS_PORT -R8000\n"
    "Running 30s test @ http://192.168.59.100:32094\n"
    "  50 threads and 50 connections\n"
    "\n"
    "-----------------------------------------------------------------------\n"
    "Test Results @ http://192.168.59.100:32094 \n"
    "  Thread Stats   Avg      Stdev     99%   +/- Stdev\n"
    "    Latency    19.56s     5.81s   29.57s    58.53%\n"
    "    Req/Sec     1.14      0.35     2.00    100.00%\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%   19.43s \n"
    " 75.000%   24.74s \n"
    " 90.000%   27.66s \n"
    " 99.000%   29.57s \n"
    " 99.900%   29.67s \n"
    " 99.990%   29.69s \n"
    " 99.999%   29.69s \n"
    "100.000%   29.69s \n"
    "-----------------------------------------------------------------------\n"
    "  2478 requests in 30.00s, 0.99MB read\n"
    "  Non-2xx or 3xx responses: 1\n"
    "Requests/sec:     82.60  \n"
    "Transfer/sec:     33.81KB\n";

static void wrk2__deathstarbench_test_results_block__read_silently(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_ok(dsb_one, NULL, &s);
    tu_assert_printed(dsb_one, &s, "latency_stats_p99", "rate=8000",
                      "29.57s    58.53%", 29.57, 1e-12);
    tu_assert_printed(dsb_one, &s, "complete_requests", "threads=50",
                      "2478 requests", 2478, 0);
    assert_null(tu_find(&s, NULL, "latency_max", NULL));
    assert_null(tu_find(&s, NULL, "complete_requests", "targets=1"));
    /* only the non-2xx count is said; "Test Results @" is wrk2's own */
    /* an import (the unread-figure account) warns each line whose
     * numbers no figure reads: */
    assert_int_equal(s.unread_lines, 2);
    assert_true(tu_has_warning(&s, 6, "numbers not read: 192.168.59.100"));
    assert_true(tu_has_warning(&s, 7, "numbers not read: 99"));
    assert_int_equal(tu_count_warnings(&s), 3);
    assert_true(tu_has_warning(&s, 21, "status of 400"));
    bdb_sink_free(&s);
}

/* A writer set part of wrk's line as Markdown code, the line going on
 * after the span: "- `1076366 requests in 30.06s`, 285.37MB read".
 * Lines 8-15 of a NestJS benchmark's notes (search index id 197748311,
 * bench/corpus held-out-21). */
static const char nest_span[] =
    "- 8 threads and 1000 connections    \n"
    "    - `endpoint : /api`\n"
    "    - Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    - Latency    39.17ms  108.59ms   1.74s    98.02%\n"
    "    - Req/Sec     4.61k   620.89     8.76k    88.20%\n"
    "    - `1076366 requests in 30.06s`, 285.37MB read\n"
    "    - Requests/sec:  `35807.29`\n"
    "    - Transfer/sec:      9.49MB\n";

static void wrk__code_span_inside_the_requests_line__read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(nest_span, NULL, &s);
    const bdb_sample *n = tu_find(&s, NULL, "complete_requests", NULL);
    const bdb_sample *t = tu_find(&s, NULL, "time_taken", NULL);
    const bdb_sample *rps = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_non_null(n);
    assert_non_null(t);
    assert_non_null(rps);
    assert_int_equal(n->line, 6);
    assert_int_equal(t->line, 6);
    tu_assert_close(n->value, 1076366, 1e-12, "requests");
    tu_assert_close(t->value, 30.06, 1e-12, "seconds");
    tu_assert_close(rps->value, 35807.29, 1e-12, "Requests/sec");
    const bdb_sample *b = tu_find(&s, NULL, "bytes_read", NULL);
    assert_non_null(b);
    tu_assert_close(b->value, 285.37 * 1024 * 1024, 1e-12, "285.37MB");
    assert_false(tu_has_warning(&s, 6, "not read"));
    assert_false(tu_has_warning(&s, 6, "unexpected line"));
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wrk__notes_after_figures__figures_read),
        cmocka_unit_test(wrk__latency_label_wrapped_before_figures__row_read),
        cmocka_unit_test(wrk__latency_run__every_figure_in_canonical_units),
        cmocka_unit_test(wrk__https_large_file__gigabytes_are_binary),
        cmocka_unit_test(wrk__not_found__non_2xx_3xx_kept_and_warned),
        cmocka_unit_test(wrk__socket_errors__kept_and_warned),
        cmocka_unit_test(wrk__two_runs_in_one_file__two_series),
        cmocka_unit_test(wrk__prompt_command__agrees_with_printed_settings),
        cmocka_unit_test(wrk__version_flag__version_recorded_run_read),
        cmocka_unit_test(wrk__under_time__both_tools_read_no_warning),
        cmocka_unit_test(wrk__header_and_timeout_options__become_parameters),
        cmocka_unit_test(wrk__command_disagrees__printed_kept_and_warned),
        cmocka_unit_test(wrk2__u_latency_and_rate__both_blocks_and_rate_parameter),
        cmocka_unit_test(wrk2__hdr_blocks__summarised_with_variant),
        cmocka_unit_test(wrk2__distribution_blocks_alone__read_and_head_warned),
        cmocka_unit_test(wrk__minutes_and_bare_bytes__wrk_units),
        cmocka_unit_test(wrk2__word_export_code_spans_and_cut_heads__both_runs_read),
        cmocka_unit_test(wrk__published_capture_with_prompt__read_whole),
        cmocka_unit_test(wrk__pasted_with_other_indent__read_whole),
        cmocka_unit_test(wrk__lua_done_output__wrk_figures_kept_lines_warned),
        cmocka_unit_test(wrk__error_only_captures__fail_with_wrks_message),
        cmocka_unit_test(wrk__truncated__complete_figures_kept_and_cut_warned),
        cmocka_unit_test(wrk__garbled_lines__warned_rest_kept),
        cmocka_unit_test(wrk__flood_of_odd_lines__figures_kept),
        cmocka_unit_test(wrk__thousands_grouped__counts_read),
        cmocka_unit_test(wrk__head_cut__read_from_latency_row_and_warned),
        cmocka_unit_test(wrk__nan_percentage__three_figures_kept_and_warned),
        cmocka_unit_test(wrk__forced_on_other_content__fails),
        cmocka_unit_test(wrk__every_prefix__never_crashes),
        cmocka_unit_test(wrk__golden_figures__match_the_raw_text),
        cmocka_unit_test(wrk__sniff__scores),
        cmocka_unit_test(wrk2__calibration_usec_msec_after_a_blank__traced),
        cmocka_unit_test(wrk2__percentile_rows_without_header__read_from_50),
        cmocka_unit_test(wrk__shiki_span_lines__read_at_file_lines),
        cmocka_unit_test(wrk2__deathstarbench_several_urls__one_run_overall_read),
        cmocka_unit_test(wrk2__deathstarbench_test_results_block__read_silently),
        cmocka_unit_test(wrk2__tail_only_summary__detected_and_read),
        cmocka_unit_test(wrk__transfer_unit_without_its_b__read_and_warned),
        cmocka_unit_test(wrk2__footer_and_requests_line_only__detected_and_read),
        cmocka_unit_test(wrk__code_span_inside_the_requests_line__read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
