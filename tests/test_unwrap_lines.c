/* test_unwrap_lines.c - a log whose line breaks were lost, read as the
 * plain log is, each figure at the file's real (one) line
 * (ingest/unwrap_lines.c); and a log line retyped into a Markdown table's
 * cell beside a link cell (ingest/unwrap.c's table pass); Markdown's
 * backslash escapes (unwrap_lines.c).
 *
 * The excerpts are quoted from published logs of the corpus
 * (bench/corpus/SOURCES.tsv gives each one's source); every figure the
 * tests expect was read off the quoted text. */
#include "test_util.h"
#include "../ingest/ingest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A PHP script's last line, a "//" comment holding a JSON string in which
 * a whole ab 2.0.40-dev report was flattened: its "\n" escapes kept the
 * breaks around the report, the report's own were lost (search index id
 * 40008773293, line 16 of the file). */
static const char ab_flat[] =
    "$content = curl_exec($ch);\n"
    "\n"
    "// {\"result\":\"Benchmark was done under normal server working "
    "condition.\\nBenchmark of last uploads page. Totaly cached "
    "page.\\n[root@remdex devhppg]# ab -c 100 -n 500 "
    "http://animeonly.org/gallery/lastuploads/ This is ApacheBench, "
    "Version 2.0.40-dev <$Revision: 1.146 $> apache-2.0 Copyright 1996 "
    "Adam Twiss, Zeus Technology Ltd, http://www.zeustech.net/ "
    "Copyright 2006 The Apache Software Foundation, "
    "http://www.apache.org/  Benchmarking animeonly.org (be patient) "
    "Completed 100 requests Completed 200 requests Completed 300 "
    "requests Completed 400 requests Finished 500 requests   Server "
    "Software:        lighttpd/1.4.22 Server Hostname:        "
    "animeonly.org Server Port:            80  Document Path:          "
    "/gallery/lastuploads/ Document Length:        26391 bytes  "
    "Concurrency Level:      100 Time taken for tests:   2.914846 "
    "seconds Complete requests:      500 Failed requests:        0 "
    "Write errors:           0 Total transferred:      13363046 bytes "
    "HTML transferred:       13195500 bytes Requests per second:    "
    "171.54 [#/sec] (mean) Time per request:       582.969 [ms] (mean) "
    "Time per request:       5.830 [ms] (mean, across all concurrent "
    "requests) Transfer rate:          4476.74 [Kbytes/sec] received  "
    "Connection Times (ms)               min  mean[+/-sd] median   max "
    "Connect:        0    0   1.3      0       5 Processing:   159  532 "
    "278.3    471    1856 Waiting:      157  532 278.2    471    1855 "
    "Total:        160  533 278.2    471    1856  Percentage of the "
    "requests served within a certain time (ms)   50%    471   66%    "
    "554   75%    584   80%    608   90%    668   95%   1364   98%   "
    "1751   99%   1793  100%   1856 (longest request)\\nSource "
    "code\\nEarly  verson of source code can be found. It's not fo "
    "production use, because  a lot of part need to change to be "
    "configurable, need install and so  on. But tu get picture of "
    "software it quet usefull. I'm planning during  one month preprate "
    "install for gallery and fix remaining hardcoded  "
    "things.\\n\",\"error\":\"false\"}"
    "\n";

/* The figures read off the quoted line (ab's ms and Kbytes/sec). */
static void ab_figures(const bdb_sink *s, int line)
{
    assert_int_equal(tu_line_of(s, "requests_per_sec", NULL), line);
    tu_assert_value(s, NULL, "requests_per_sec", NULL, 171.54, 1e-9);
    tu_assert_value(s, NULL, "complete_requests", NULL, 500, 0);
    tu_assert_value(s, NULL, "failed_requests", NULL, 0, 0);
    tu_assert_value(s, NULL, "time_taken", NULL, 2.914846, 1e-9);
    tu_assert_value(s, NULL, "latency_mean", NULL, 0.582969, 1e-9);
    tu_assert_value(s, NULL, "time_per_request_all", NULL, 0.005830, 1e-9);
    tu_assert_value(s, NULL, "transfer_rate", NULL, 4476.74 * 1024, 1e-9);
    tu_assert_value(s, NULL, "connect_sd", NULL, 0.0013, 1e-9);
    tu_assert_value(s, NULL, "processing_min", NULL, 0.159, 1e-9);
    tu_assert_value(s, NULL, "waiting_max", NULL, 1.855, 1e-9);
    tu_assert_value(s, NULL, "total_median", NULL, 0.471, 1e-9);
    tu_assert_value(s, NULL, "latency_p66", NULL, 0.554, 1e-9);
    tu_assert_value(s, NULL, "latency_p95", NULL, 1.364, 1e-9);
    tu_assert_value(s, NULL, "latency_max", NULL, 1.856, 1e-9);
    assert_int_equal(tu_count(s, "latency_p50"), 1);
    for (size_t i = 0; i < s->n; i++)
        assert_int_equal(s->samples[i].line, line);
}

static void lost_breaks__ab_report_in_a_json_string__every_figure_at_its_line(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_ok(ab_flat, NULL, &s);
    ab_figures(&s, 3);
    assert_int_equal(s.n, 40);
    bdb_sink_free(&s);
}

/* The same report with nothing at all between some labels and the text
 * before them ("500Failed", "receivedConnection"): cut there too. */
static void lost_breaks__labels_glued_to_figures__cut_and_read(void **st)
{
    (void)st;
    char *a = tu_replace(ab_flat, "500 Failed requests:", "500Failed requests:");
    char *b = tu_replace(a, "received  Connection Times",
                         "receivedConnection Times");
    char *c = tu_replace(b, "(mean) Time per request:", "(mean)Time per request:");
    bdb_sink s;
    tu_text_ok(c, NULL, &s);
    ab_figures(&s, 3);
    assert_int_equal(s.n, 40);
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
}

/* Prose that names a label or two on a long line is no flattened log. */
static void lost_breaks__prose_with_two_labels__left_alone(void **st)
{
    (void)st;
    tu_expect_error(NULL,
                    "The Requests per second: line and the Time per request: "
                    "line of ab are what we compare across the 12 servers "
                    "of the lab, nothing else.\n",
                    NULL, 0, NULL);
}

/* zsh's `time` lines retyped into a Markdown table's cells, a screenshot
 * link in the next column (CrabFetch's README, search index id
 * 5744821429): the link cells are no part of the lines. */
static void table_cells__zsh_time_lines_beside_link_cells__read(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_ok(
        "All benchmarks were done via the zsh implemented `time` keyword, "
        "with as similar configs as possible.\n"
        "\n"
        "| **Fetcher**   | **Time Ran**                                           | **Image**                       |\n"
        "| ------------- | ------------------------------------------------------ | ------------------------------- |\n"
        "| NeoFetch      | neofetch  0.06s user 0.04s system 92% cpu 0.106 total  | https://i.imgur.com/AoExg0s.png |\n"
        "| FastFetch     | fastfetch  0.04s user 0.01s system 98% cpu 0.051 total | https://i.imgur.com/Q9csdAo.png |\n"
        "| **CrabFetch** | crabfetch  0.00s user 0.00s system 92% cpu 0.003 total | https://i.imgur.com/iuQGqiz.png |\n",
        NULL, &s);
    assert_int_equal(tu_count(&s, "real"), 3);
    assert_int_equal(tu_count(&s, "user"), 3);
    int want_line[] = {5, 6, 7};
    double want_real[] = {0.106, 0.051, 0.003}, want_user[] = {0.06, 0.04, 0};
    double want_sys[] = {0.04, 0.01, 0}, want_cpu[] = {92, 98, 92};
    for (int k = 0; k < 3; k++) {
        int seen = 0;
        for (size_t i = 0; i < s.n; i++) {
            const bdb_sample *f = &s.samples[i];
            if (f->line != want_line[k])
                continue;
            seen++;
            double want = strcmp(f->metric, "real") == 0   ? want_real[k]
                          : strcmp(f->metric, "user") == 0 ? want_user[k]
                          : strcmp(f->metric, "sys") == 0  ? want_sys[k]
                                                           : want_cpu[k];
            assert_true(f->value > want - 1e-9 && f->value < want + 1e-9);
        }
        assert_int_equal(seen, 4);
    }
    bdb_sink_free(&s);
}

/* An ab 1.3d report copied into a Chinese blog (2008; search index id
 * 39896661559, its lines 3-62): U+3000 full-width spaces as indent and
 * padding, every line ending in two spaces, an editor's Markdown escapes
 * ("\[ms\]", "\[url\]"), values wrapped onto the next line, and a forum
 * watermark ("bitsCN.Com") between the percentile table's heading and
 * its rows. The escapes go (unwrap_lines.c), the table goes on past the
 * watermark, and the row whose digits a space split ("706 9") is warned
 * about, not read. Lines below are the excerpt's (file line - 2). */
static const char ab_escaped[] =
        "　　This is ApacheBench, Version 1.3d <$Revision: 1.2 $> apache-1.3  \n"
        "　　Copyright (c) 1996 Adam Twiss, Zeus Technology Ltd,  \n"
        "　　\\[url\\]http://www.zeustech.net/\\[/url\\]  \n"
        "　　Copyright (c) 1998-2001 The Apache Group, \\[url\\]http://www.apache.org/\\[/url\\]  \n"
        "　　  \n"
        "　　Benchmarking localhost (be patient).....done  \n"
        "　　Server Software:　　　  \n"
        "　　Apache/1.3.23　　　　　　　　　　　　　　　　　　  \n"
        "　　Server Hostname:　　　　localhost  \n"
        "　　Server  \n"
        "　　Port:　　　　　 BBS.bitsCN.com网管论坛  \n"
        "　　80  \n"
        "　　  \n"
        "　　Document Path:　　　　  \n"
        "　　/phpMan.php/man/kill/1  \n"
        "　　Document Length:　　　　4655 bytes  \n"
        "　　  \n"
        "　　Concurrency Level:　　　5  \n"
        "　　Time taken for tests:　 63.164 seconds  \n"
        "　　Complete requests:　　　50  \n"
        "　　Failed requests:　　　　0  \n"
        "　　Broken pipe errors:　　 0  \n"
        "　　Total transferred:　　　245900 bytes  \n"
        "　　HTML transferred:　　　 232750 bytes  \n"
        "　　Requests per second:　　0.79 \\[#/sec\\] (mean)  \n"
        "　　Time per request:　　　 6316.40 \\[ms\\]  \n"
        "　　(mean)  \n"
        "　　Time per request:　　　 1263.28 \\[ms\\]  \n"
        "　　(mean, across all concurrent requests)  \n"
        "　　Transfer rate:　　　　  \n"
        "　　3.89 \\[Kbytes/sec\\] received  \n"
        "　　  \n"
        "　　Connnection Times (ms)  \n"
        "　　　　　　　　  \n"
        "　　min　mean\\[+/-sd\\] median　 max  \n"
        "　　Connect:　　　　0　  \n"
        "　　29　106.1　　　0　 553  \n"
        "　　Processing:　2942　6016  \n"
        "　　1845.4　 6227 10796  \n"
        "　　  \n"
        "　　Waiting:　　  \n"
        "　　2941　5999 1850.7　 6226 10795  \n"
        "　　  \n"
        "　　Total:　　　  \n"
        "　　2942　6045 1825.9　 6227 10796  \n"
        "　　  \n"
        "　　Percentage of the requests served within a certain time (ms)\n"
        "\n"
        "bitsCN.Com\n"
        "\n"
        "  \n"
        "　　　50%　 6227  \n"
        "　　　66%　 706 9  \n"
        "　　　75%　 7190  \n"
        "　　　80%　 7474  \n"
        "　　　90%　 8195  \n"
        "　　　95%　 8898  \n"
        "　　　98%　 9721  \n"
        "　　　99%　10796  \n"
        "　　100%　10796 (last request)  \n";

static void md_escapes__ab_1_3d_blog_copy__brackets_read_rows_past_watermark(void **st)
{
    (void)st;
    bdb_sink s;
    tu_text_ok(ab_escaped, NULL, &s);
    tu_assert_value(&s, NULL, "latency_mean", NULL, 6.31640, 1e-9);
    assert_int_equal(tu_line_of(&s, "latency_mean", NULL), 26);
    tu_assert_value(&s, NULL, "time_per_request_all", NULL, 1.26328, 1e-9);
    /* ab 1.3d printed bytes per ms: "Kbytes" of 1000 (parse_ab.c) */
    tu_assert_value(&s, NULL, "transfer_rate", NULL, 3.89 * 1000, 1e-9);
    tu_assert_value(&s, NULL, "latency_p50", NULL, 6.227, 1e-9);
    assert_int_equal(tu_line_of(&s, "latency_p50", NULL), 52);
    tu_assert_value(&s, NULL, "latency_p99", NULL, 10.796, 1e-9);
    tu_assert_value(&s, NULL, "latency_max", NULL, 10.796, 1e-9);
    assert_int_equal(tu_line_of(&s, "latency_max", NULL), 60);
    assert_null(tu_find(&s, NULL, "latency_p66", NULL));
    assert_true(tu_has_warning(&s, 53, "706 9"));
    assert_true(tu_has_warning(&s, 49, "bitsCN.Com"));
    bdb_sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lost_breaks__ab_report_in_a_json_string__every_figure_at_its_line),
        cmocka_unit_test(lost_breaks__labels_glued_to_figures__cut_and_read),
        cmocka_unit_test(lost_breaks__prose_with_two_labels__left_alone),
        cmocka_unit_test(table_cells__zsh_time_lines_beside_link_cells__read),
        cmocka_unit_test(md_escapes__ab_1_3d_blog_copy__brackets_read_rows_past_watermark),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
