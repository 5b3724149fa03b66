/* test_redis_benchmark.c - the redis-benchmark importer: --csv with and
 * without the >= 6.2 header, the full text report (HdrHistogram summary and
 * the old "<= N milliseconds" form), -q quiet lines with their \r progress,
 * titles with spaces, parentheses and commas, settings from the command
 * line, the tool's error messages, cut and garbled input (warnings, the rest
 * kept), and sniffing. Values are checked against the real samples in
 * samples/redis-benchmark/ (redis-benchmark 7.0.15, see its README.md);
 * versions this machine cannot run (Redis 2.x to 5.x, valkey) are short
 * real excerpts quoted with their source. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define replace(text, from, to) tu_replace(text, from, to)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const bdb_parser bdb_parser_redis_benchmark;

#define DIR_ "samples/redis-benchmark/"

static void parse_ok_text(const char *text, const char *tool, bdb_sink *sink)
{
    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_sink_init(sink);
    int rc = tu_parse_text(text, tool, sink, &diag);
    if (rc != BDB_OK)
        fail_msg("inline: %d: %s", diag.line, diag.message);
}



static const bdb_sample *find_line(const bdb_sink *s, const char *bench,
                                   const char *metric, const char *params)
{
    const bdb_sample *x = tu_find(s, bench, metric, params);
    if (!x)
        fail_msg("no sample %s/%s [%s]", bench, metric, params ? params : "");
    return x;
}

/* ------------------------------------------------------------------ CSV */

static void redis__csv_header_form__every_column_in_canonical_units(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "reds-bench-1.csv", &s);
    /* "SET","15748.03","0.059","0.032","0.063","0.079","0.087","0.191" */
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 15748.03, 1e-12);
    tu_assert_value(&s, "SET", "latency_mean", NULL, 0.059e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_min", NULL, 0.032e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_p50", NULL, 0.063e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_p95", NULL, 0.079e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_p99", NULL, 0.087e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_max", NULL, 0.191e-3, 1e-9);
    tu_assert_value(&s, "INCR", "latency_max", NULL, 2.111e-3, 1e-9);
    tu_assert_value(&s, "GET", "requests_per_sec", NULL, 16806.72, 1e-12);
    assert_int_equal(find_line(&s, "GET", "latency_p99", NULL)->line, 3);
    const bdb_sample *rps = find_line(&s, "INCR", "requests_per_sec", NULL);
    assert_int_equal(rps->line, 4);
    assert_string_equal(rps->unit, BDB_UNIT_OPS_PER_S);
    assert_int_equal(rps->better, BDB_HIGHER_IS_BETTER);
    const bdb_sample *lat = find_line(&s, "INCR", "latency_p50", NULL);
    assert_string_equal(lat->unit, BDB_UNIT_SECONDS);
    assert_int_equal(lat->better, BDB_LOWER_IS_BETTER);
    /* --csv prints no client count: never invented */
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].params.n, 0);
    assert_int_equal(s.n, 21);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void redis__csv_default_tests__titles_with_parentheses(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "csv-default-n2000.csv", &s);
    tu_assert_value(&s, "LPUSH (needed to benchmark LRANGE)", "requests_per_sec",
                    NULL, 68965.52, 1e-12);
    tu_assert_value(&s, "LRANGE_100 (first 100 elements)", "latency_p99", NULL,
                    1.559e-3, 1e-9);
    tu_assert_value(&s, "MSET (10 keys)", "requests_per_sec", NULL, 117647.05,
                    1e-12);
    tu_assert_value(&s, "PING_MBULK", "latency_max", NULL, 0.375e-3, 1e-9);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 20);
    assert_int_equal(s.n, 140);
    bdb_sink_free(&s);
}

/* Redis < 6.2 printed "\"%s\",\"%.2f\"\n" per test and no header: a real
 * --csv run from a GitHub README (an autocomplete service with Jedis, "the
 * benchmark result on my laptop(i5-3337u)"; found with the library's
 * find_string, id 3266175605). No RPUSH, LRANGE_500 says "first 450": the
 * 2.6 .. 3.x test list. */
static const char old_csv[] =
    "\"PING_INLINE\",\"31055.90\"\n"
    "\"PING_BULK\",\"31250.00\"\n"
    "\"SET\",\"29761.90\"\n"
    "\"GET\",\"29498.53\"\n"
    "\"INCR\",\"30395.14\"\n"
    "\"LPUSH\",\"30581.04\"\n"
    "\"LPOP\",\"28571.43\"\n"
    "\"SADD\",\"29325.51\"\n"
    "\"SPOP\",\"31545.74\"\n"
    "\"LPUSH (needed to benchmark LRANGE)\",\"29411.76\"\n"
    "\"LRANGE_100 (first 100 elements)\",\"19801.98\"\n"
    "\"LRANGE_300 (first 300 elements)\",\"10040.16\"\n"
    "\"LRANGE_500 (first 450 elements)\",\"6747.64\"\n"
    "\"LRANGE_600 (first 600 elements)\",\"5830.90\"\n"
    "\"MSET (10 keys)\",\"23923.44\"\n";

static void redis__csv_old_two_columns__rate_only(void **state)
{
    (void)state;
    bdb_sink s;
    assert_true(bdb_parser_redis_benchmark.sniff(old_csv, strlen(old_csv)) >=
                BDB_SNIFF_THRESHOLD);
    parse_ok_text(old_csv, NULL, &s);
    assert_int_equal(s.n, 15);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 15);
    tu_assert_value(&s, "LRANGE_500 (first 450 elements)", "requests_per_sec",
                    NULL, 6747.64, 1e-12);
    tu_assert_value(&s, "MSET (10 keys)", "requests_per_sec", NULL, 23923.44, 1e-12);
    assert_int_equal(find_line(&s, "PING_INLINE", "requests_per_sec", NULL)->line, 1);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* < 6.2's two-column CSV as a sweep keeps it: each run's command echoed,
 * its rows, then the author's INFO figures (not redis-benchmark's).
 * Lines 1-13 of helloWorld-zy/advancedGo redis_benchmark.txt @ b6147d94
 * (bench/corpus held-out-21). The rows are a third of the lines, so they
 * were not enough to name the tool; beside the tool's command line they
 * are. */
static const char csv_sweep[] =
    "redis-benchmark -t get,set -d 10 -r 500000 -n 10000 --csv\n"
    "\"SET\",\"188679.25\"\n"
    "\"GET\",\"200000.00\"\n"
    "\n"
    "keys_count:38382\n"
    "memory_used:4.90M\n"
    "memory_per_key:133B\n"
    "\n"
    "\n"
    "\n"
    "redis-benchmark -t get,set -d 20 -r 500000 -n 10000 --csv\n"
    "\"SET\",\"208333.33\"\n"
    "\"GET\",\"192307.69\"\n";

static void redis__csv_sweep_beside_info_lines__detected_and_read(void **state)
{
    (void)state;
    bdb_sink s;
    tu_text_ok(csv_sweep, NULL, &s);    /* with the unread-figure account */
    static const struct {
        const char *test, *params;
        int line;
    } want[] = {{"SET", "payload_size=10", 2}, {"GET", "payload_size=10", 3},
                {"SET", "payload_size=20", 12}, {"GET", "payload_size=20", 13}};
    assert_int_equal(s.n, 4);
    for (int i = 0; i < 4; i++) {
        const bdb_sample *x =
            find_line(&s, want[i].test, "requests_per_sec", want[i].params);
        assert_non_null(x);
        assert_int_equal(x->line, want[i].line);
        char raw[64];
        tu_text_line(csv_sweep, want[i].line, raw, sizeof raw);
        /* "SET","188679.25": the second field */
        tu_assert_close(x->value, atof(strrchr(raw, ',') + 2), 1e-12, raw);
    }
    /* the commands are settings, not figures; the INFO lines are warned */
    assert_false(tu_has_warning(&s, 1, "not read"));
    assert_false(tu_has_warning(&s, 11, "not read"));
    for (int line = 5; line <= 7; line++)
        assert_true(tu_has_warning(&s, line, "not read"));
    bdb_sink_free(&s);
}

/* The >= 6.2 CSV of valkey-benchmark, pipelined, with its command in a
 * comment line that the source dropped (csv-new-ryzen9600x in the project's
 * reference logs; a README's "Results", found with find_string, id
 * 14006188571): "# redis-benchmark -P 16 -d 1024 --threads 4 -t set,get -n
 * 5000000 -c 200 -r 1000000000000 --csv". */
static const char valkey_csv[] =
    "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
    "\"SET\",\"2217294.75\",\"1.305\",\"0.544\",\"1.191\",\"2.151\",\"2.407\",\"4.431\"\n"
    "\"GET\",\"2497502.50\",\"1.209\",\"0.192\",\"1.167\",\"1.383\",\"2.343\",\"3.711\"\n";

static void redis__csv_valkey_pipelined__with_and_without_its_command(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok_text(valkey_csv, NULL, &s);
    tu_assert_value(&s, "GET", "requests_per_sec", NULL, 2497502.50, 1e-12);
    tu_assert_value(&s, "SET", "latency_p99", NULL, 2.407e-3, 1e-12);
    assert_int_equal(s.samples[0].params.n, 0);
    bdb_sink_free(&s);
    /* with the author's comment line that the excerpt left out ("#" reads
     * as a root prompt) */
    static const char cmd[] = "# redis-benchmark -P 16 -d 1024 --threads 4 -t set,get "
                              "-n 5000000 -c 200 -r 1000000000000 --csv\n";
    char text[1024];
    snprintf(text, sizeof text, "%s%s", cmd, valkey_csv);
    parse_ok_text(text, NULL, &s);
    tu_assert_value(&s, "GET", "requests_per_sec",
                    "pipeline=16,payload_size=1024,threads=4,clients=200,"
                    "keyspace=1000000000000",
                    2497502.50, 1e-12);
    assert_int_equal(s.samples[0].params.n, 5);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void redis__csv_bom_crlf_prompts_two_runs__repetitions(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "reds-bench-2.csv", &len);
    /* as a Windows capture of a session that ran the command twice */
    size_t n = 2 * len + 400;
    char *two = malloc(n);
    char *crlf = malloc(2 * len + 1);
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (good[i] == '\n')
            crlf[o++] = '\r';
        crlf[o++] = good[i];
    }
    crlf[o] = '\0';
    snprintf(two, n,
             "\xEF\xBB\xBF$ redis-benchmark -n 2000 --csv -t get,set,incr -c 2\r\n"
             "%s# again\r\n$ redis-benchmark -n 2000 --csv -t get,set,incr -c 2\r\n%s",
             crlf, crlf);
    bdb_sink s;
    parse_ok_text(two, NULL, &s);
    assert_int_equal(s.n, 42);
    const bdb_sample *a = find_line(&s, "GET", "requests_per_sec", NULL);
    assert_int_equal(a->line, 4);
    assert_int_equal(a->repetition, 1);
    int reps2 = 0;
    for (size_t i = 0; i < s.n; i++)
        reps2 += s.samples[i].repetition == 2;
    assert_int_equal(reps2, 21);
    bdb_sink_free(&s);
    free(two);
    free(crlf);
    free(good);
}

static void redis__csv_unknown_column__warned_and_skipped(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "csv-set-get-d1024.csv", &len);
    char *a = replace(good, "\"max_latency_ms\"", "\"max_latency_ms\",\"extra\"");
    char *b = replace(a, "\"1.071\"", "\"1.071\",\"7\"");
    char *c = replace(b, "\"1.311\"", "\"1.311\",\"8\"");
    bdb_sink s;
    parse_ok_text(c, NULL, &s);
    assert_int_equal(s.n, 14);
    assert_int_equal(s.nnotes, 1);
    assert_non_null(strstr(s.notes[0].text, "extra"));
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
    free(good);
}

/* ------------------------------------------------------------ text form */

static void redis__text_7x__summary_table_and_parameters(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "full-set-get-n20000.txt", &s);
    const char *id = "clients=50,payload_size=3,keepalive=1";
    tu_assert_value(&s, "SET", "requests_per_sec", id, 105820.11, 1e-12);
    tu_assert_value(&s, "SET", "complete_requests", id, 20000, 0);
    tu_assert_value(&s, "SET", "time_taken", id, 0.19, 1e-12);
    tu_assert_value(&s, "GET", "latency_mean", id, 0.246e-3, 1e-9);
    tu_assert_value(&s, "GET", "latency_max", id, 2.759e-3, 1e-9);
    /* the title follows the progress text and a \r on line 1 */
    assert_int_equal(find_line(&s, "SET", "complete_requests", NULL)->line, 2);
    assert_int_equal(find_line(&s, "SET", "requests_per_sec", NULL)->line, 40);
    assert_int_equal(find_line(&s, "SET", "latency_p99", NULL)->line, 43);
    const bdb_sample *x = find_line(&s, "GET", "time_taken", NULL);
    assert_int_equal(x->better, BDB_NEUTRAL);
    assert_null(bdb_params_get(&x->params, "requests"));
    assert_null(bdb_params_get(&x->params, "pipeline"));
    assert_null(bdb_params_get(&x->params, "threads"));
    assert_int_equal(s.n, 18);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void redis__text_threads_and_keepalive0__parameters(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "full-set-get-threads2.txt", &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "threads=2,clients=50",
                    79681.28, 1e-12);
    bdb_sink_free(&s);
    parse_ok(DIR_ "full-set-get-keepalive0.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "keepalive=0", 32258.06, 1e-12);
    /* the WARNING line before the first report is not part of it, and its
     * advice on TCP settings is no warning about the figures */
    assert_int_equal(find_line(&s, "SET", "complete_requests", NULL)->line, 3);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    parse_ok(DIR_ "full-set-get-d1024.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "payload_size=1024",
                    88888.89, 1e-12);
    bdb_sink_free(&s);
}

static void redis__text_sweep__one_series_per_client_count(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "sweep-get-c1-c10-c50.txt", &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "clients=1", 20408.16, 1e-12);
    tu_assert_value(&s, "GET", "requests_per_sec", "clients=10", 60606.06, 1e-12);
    tu_assert_value(&s, "GET", "requests_per_sec", "clients=50", 64516.13, 1e-12);
    tu_assert_value(&s, "GET", "latency_p99", "clients=50", 7.295e-3, 1e-9);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].repetition, 1);
    assert_int_equal(s.n, 27);
    bdb_sink_free(&s);
}

static void redis__text_full_default__titles_and_custom_command(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "full-default-n2000.txt", &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 20);
    assert_non_null(tu_find(&s, "LRANGE_500 (first 500 elements)",
                            "latency_p95", "clients=50"));
    assert_non_null(tu_find(&s, "LPUSH (needed to benchmark LRANGE)",
                            "time_taken", NULL));
    bdb_sink_free(&s);
    parse_ok(DIR_ "full-custom-incr-counter.txt", &s);
    tu_assert_value(&s, "incr counter", "requests_per_sec", NULL, 111111.12, 1e-12);
    bdb_sink_free(&s);
}

/* The report of Redis 2.6 .. 5.0 (showLatencyReport: "%.2f%% <= %d
 * milliseconds", "%.2f requests per second"): a real default run on an
 * Alibaba Cloud ECS instance (Redis 4.x/5.x era; a Chinese blog post in
 * markdown, found with the library's find_string, id 8183693707), its first
 * two reports and the one with 4.x's "LRANGE_500 (first 450 elements)". */
static const char old_text_layout[] =
    "====== PING_INLINE ======\n"
    "  100000 requests completed in 1.22 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "\n"
    "99.96% <= 1 milliseconds\n"
    "100.00% <= 1 milliseconds\n"
    "82169.27 requests per second\n"
    "\n"
    "====== PING_BULK ======\n"
    "  100000 requests completed in 1.50 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "\n"
    "99.91% <= 1 milliseconds\n"
    "99.98% <= 17 milliseconds\n"
    "100.00% <= 17 milliseconds\n"
    "66844.91 requests per second\n"
    "\n"
    "====== LRANGE_500 (first 450 elements) ======\n"
    "  100000 requests completed in 1.40 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "\n"
    "99.83% <= 1 milliseconds\n"
    "99.95% <= 2 milliseconds\n"
    "99.98% <= 3 milliseconds\n"
    "100.00% <= 3 milliseconds\n"
    "71225.07 requests per second\n"
    "\n";

static void redis__text_old_histogram__rate_without_invented_percentiles(void **state)
{
    (void)state;
    assert_int_equal(bdb_parser_redis_benchmark.sniff(old_text_layout,
                                                      strlen(old_text_layout)),
                     100);
    bdb_sink s;
    parse_ok_text(old_text_layout, NULL, &s);
    tu_assert_value(&s, "PING_INLINE", "requests_per_sec", "clients=50,keepalive=1",
                    82169.27, 1e-12);
    tu_assert_value(&s, "PING_BULK", "requests_per_sec", "payload_size=3", 66844.91,
                    1e-12);
    tu_assert_value(&s, "PING_BULK", "time_taken", NULL, 1.50, 1e-12);
    tu_assert_value(&s, "LRANGE_500 (first 450 elements)", "complete_requests",
                    NULL, 100000, 0);
    assert_int_equal(find_line(&s, "PING_INLINE", "requests_per_sec", NULL)->line, 9);
    assert_int_equal(find_line(&s, "PING_BULK", "complete_requests", NULL)->line, 12);
    /* the < 6.2 histogram holds no exact percentile */
    assert_int_equal(tu_count(&s, "latency_p50"), 0);
    assert_int_equal(tu_count(&s, "latency_max"), 0);
    assert_int_equal(s.n, 9);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* Redis 6.0 (decimal buckets under 2 ms, "multi-thread: no", an empty
 * "save"), one client, with the bare command before it: a README of Redis
 * persistence benchmarks on AWS i3.xlarge (found with the library's
 * find_string, id 15200664512), the histogram cut to a few of its rows. */
static const char redis60_c1[] =
    "redis-benchmark -h 10.42.144.10 -t set -n 3000000 -c 1\n"
    "====== SET ======\n"
    "  3000000 requests completed in 1182.69 seconds\n"
    "  1 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "  host configuration \"save\":\n"
    "  host configuration \"appendonly\": yes\n"
    "  multi-thread: no\n"
    "\n"
    "0.00% <= 0.3 milliseconds\n"
    "87.23% <= 0.4 milliseconds\n"
    "99.06% <= 0.5 milliseconds\n"
    "99.92% <= 2 milliseconds\n"
    "100.00% <= 46 milliseconds\n"
    "100.00% <= 47 milliseconds\n"
    "2536.59 requests per second\n";

static void redis__text_60_bare_command__clients_agree(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok_text(redis60_c1, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "clients=1,payload_size=3,keepalive=1",
                    2536.59, 1e-12);
    tu_assert_value(&s, "SET", "time_taken", "clients=1", 1182.69, 1e-12);
    assert_null(bdb_params_get(&s.samples[0].params, "threads"));
    assert_int_equal(s.n, 3);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* `-t set, lpush -n 10000 -q`: the blank after the comma ends -t's value,
 * and redis-benchmark takes "lpush" and all after it as a custom command,
 * so -n and -q are not options and the report is the full one. A real
 * capture from a blog post in Chinese (redis-benchmark 学习和使用; found with
 * find_string, id 43733197754), the histogram cut to a few rows. */
static const char custom_by_accident[] =
    "[root@izwz99gyct1a1rh6iblyucz bin]# ./redis-benchmark -h 127.0.0.1 -p 6379 -t set, lpush -n 10000 -q\n"
    "====== lpush -n 10000 -q ======\n"
    "  100000 requests completed in 1.01 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "  host configuration \"save\": 900 1 300 10 60 10000\n"
    "  host configuration \"appendonly\": no\n"
    "  multi-thread: no\n"
    "\n"
    "0.00% <= 0.2 milliseconds\n"
    "21.79% <= 0.3 milliseconds\n"
    "99.98% <= 6 milliseconds\n"
    "100.00% <= 6 milliseconds\n"
    "99304.87 requests per second\n";

static void redis__title_holding_options__read_whole_no_parameters_from_them(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok_text(custom_by_accident, NULL, &s);
    tu_assert_value(&s, "lpush -n 10000 -q", "requests_per_sec", "clients=50",
                    99304.87, 1e-12);
    tu_assert_value(&s, "lpush -n 10000 -q", "complete_requests", NULL, 100000, 0);
    assert_int_equal(s.samples[0].params.n, 3);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* ------------------------------------------------------------ quiet form */

static void redis__quiet_7x__progress_carriage_returns_skipped(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "quiet-default-n20000.txt", &s);
    tu_assert_value(&s, "PING_INLINE", "requests_per_sec", NULL, 108695.65, 1e-12);
    tu_assert_value(&s, "PING_INLINE", "latency_p50", NULL, 0.239e-3, 1e-9);
    tu_assert_value(&s, "LPUSH (needed to benchmark LRANGE)", "requests_per_sec",
                    NULL, 96618.36, 1e-12);
    tu_assert_value(&s, "MSET (10 keys)", "latency_p50", NULL, 0.271e-3, 1e-9);
    assert_int_equal(find_line(&s, "MSET (10 keys)", "latency_p50", NULL)->line, 20);
    assert_int_equal(s.n, 40);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.samples[i].params.n, 0);
    bdb_sink_free(&s);
    parse_ok(DIR_ "quiet-custom-incr-counter.txt", &s);
    tu_assert_value(&s, "incr counter", "requests_per_sec", NULL, 105263.16, 1e-12);
    bdb_sink_free(&s);
}

/* Quiet lines of Redis 2.4.2 with its command (numactl, a unix socket,
 * -d 256), 2.4's titles with commas and parentheses:
 * https://github.com/redis/redis-doc/blob/849bf62e/topics/benchmarks.md
 * (the list cut after its LRANGE lines). */
static const char old_quiet_layout[] =
    "$ numactl -C 6 ./redis-benchmark -q -n 100000 -s /tmp/redis.sock -d 256\n"
    "PING (inline): 200803.22 requests per second\n"
    "PING: 200803.22 requests per second\n"
    "MSET (10 keys): 78064.01 requests per second\n"
    "SET: 198412.69 requests per second\n"
    "LPUSH (again, in order to bench LRANGE): 200000.00 requests per second\n"
    "LRANGE (first 100 elements): 42123.00 requests per second\n"
    "LRANGE (first 600 elements): 7548.31 requests per second\n";

static void redis__quiet_old__titles_with_commas_and_command_settings(void **state)
{
    (void)state;
    assert_true(bdb_parser_redis_benchmark.sniff(old_quiet_layout,
                                                 strlen(old_quiet_layout)) >=
                BDB_SNIFF_THRESHOLD);
    bdb_sink s;
    parse_ok_text(old_quiet_layout, NULL, &s);
    /* -d 256 and -s from the command line; -q, -n are not parameters */
    const char *id = "payload_size=256,unix_socket=1";
    tu_assert_value(&s, "PING (inline)", "requests_per_sec", id, 200803.22, 1e-12);
    tu_assert_value(&s, "LPUSH (again, in order to bench LRANGE)",
                    "requests_per_sec", id, 200000.00, 1e-12);
    tu_assert_value(&s, "LRANGE (first 600 elements)", "requests_per_sec", id,
                    7548.31, 1e-12);
    assert_int_equal(s.samples[0].params.n, 2);
    assert_int_equal(s.n, 7);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

/* Redis >= 6.2 quiet, pipelined, with its command and a line's trailing
 * blanks: https://github.com/redis/redis-doc/blob/b1ff9ee5/topics/benchmarks.md */
static const char quiet_62_p16[] =
    "$ redis-benchmark -n 1000000 -t set,get -P 16 -q\n"
    "SET: 1536098.25 requests per second, p50=0.479 msec                     \n"
    "GET: 1811594.25 requests per second, p50=0.391 msec\n";

static void redis__quiet_62_pipelined__pipeline_from_the_command(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok_text(quiet_62_p16, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "pipeline=16", 1536098.25, 1e-12);
    /* p50=0.391 msec: 0.391 / 1000 s */
    tu_assert_value(&s, "GET", "latency_p50", "pipeline=16", 0.391 / 1000, 1e-12);
    assert_int_equal(s.n, 4);
    bdb_sink_free(&s);
}

static void redis__pipeline_is_not_printed__user_param_kept(void **state)
{
    (void)state;
    bdb_sink s;
    parse_ok(DIR_ "quiet-set-get-P16.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 1428571.38, 1e-12);
    assert_null(bdb_params_get(&s.samples[0].params, "pipeline"));
    bdb_sink_free(&s);
    /* --param pipeline=16 (the golden file records it) */
    size_t len;
    char *text = tu_read(DIR_ "quiet-set-get-P16.txt", &len);
    bdb_params ps = {0};
    bdb_params_set(&ps, "pipeline", "16");
    bdb_ingest_opts o = {.source_name = "quiet-set-get-P16.txt", .params = &ps};
    bdb_diag diag;
    bdb_diag_clear(&diag);
    bdb_sink_init(&s);
    assert_int_equal(bdb_ingest_buffer(text, len, &o, &s, NULL, 0, &diag), BDB_OK);
    tu_assert_value(&s, "GET", "latency_p50", "pipeline=16", 0.279e-3, 1e-9);
    bdb_sink_free(&s);
    free(text);
}

static void redis__version_line__recorded(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "reds-bench-4.csv", &len);
    size_t n = len + 64;
    char *t = malloc(n);
    snprintf(t, n, "$ redis-benchmark --version\nredis-benchmark 7.0.15\n%s", good);
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(bdb_parser_redis_benchmark.parse(t, strlen(t), NULL, &s, &diag),
                     BDB_OK);
    assert_string_equal(s.tool_version, "7.0.15");
    assert_int_equal(s.n, 21);
    bdb_sink_free(&s);
    free(t);
    free(good);
}

static void redis__inf_rate__warned_not_stored(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "quiet-set-get-P16.txt", &len);
    /* a run shorter than the 1 ms clock prints inf */
    char *a = replace(good, "1538461.50 requests", "inf requests");
    bdb_sink s;
    parse_ok_text(a, NULL, &s);
    assert_null(tu_find(&s, "GET", "requests_per_sec", NULL));
    tu_assert_value(&s, "GET", "latency_p50", NULL, 0.279e-3, 1e-9);
    assert_int_equal(s.nnotes, 1);
    assert_int_equal(s.notes[0].line, 2);
    bdb_sink_free(&s);
    free(a);
    free(good);
}


/* ------------------------------------------------------ command lines */

static void redis__command_lines__settings_become_parameters(void **state)
{
    (void)state;
    bdb_sink s;
    /* -c 1 and -c 50 in one log: two series, not repetitions */
    parse_ok(DIR_ "cmd-quiet-c1-c50-n10000.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "clients=1", 54054.05, 1e-12);
    tu_assert_value(&s, "SET", "requests_per_sec", "clients=50", 83333.34, 1e-12);
    tu_assert_value(&s, "GET", "latency_p50", "clients=50", 0.367e-3, 1e-12);
    for (size_t i = 0; i < s.n; i++) {
        assert_int_equal(s.samples[i].repetition, 1);
        assert_int_equal(s.samples[i].params.n, 1);
    }
    assert_int_equal(s.n, 8);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* the prompt before --csv -c 20 gives what the seed's file names give */
    parse_ok(DIR_ "prompt-csv-c20-n10000.csv", &s);
    tu_assert_value(&s, "LPUSH", "requests_per_sec", "clients=20", 109890.11, 1e-12);
    assert_int_equal(s.n, 28);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    parse_ok(DIR_ "cmd-quiet-P16-n10000.txt", &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "pipeline=16", 833333.31, 1e-12);
    bdb_sink_free(&s);
    parse_ok(DIR_ "cmd-quiet-d1024-n10000.txt", &s);
    tu_assert_value(&s, "SET", "latency_p50", "payload_size=1024", 0.367e-3, 1e-12);
    bdb_sink_free(&s);
    /* --threads 2 and the report's "threads: 2" agree */
    parse_ok(DIR_ "cmd-full-threads2-n10000.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec",
                    "threads=2,clients=50,payload_size=3,keepalive=1", 40000.00, 1e-12);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
}

static void redis__command_disagrees__printed_kept_and_warned(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "cmd-full-threads2-n10000.txt", &len);
    char *a = replace(good, "--threads 2 -n 10000", "--threads 4 -c 20 -d 64 -n 10000");
    bdb_sink s;
    parse_ok_text(a, NULL, &s);
    tu_assert_value(&s, "GET", "requests_per_sec",
                    "threads=2,clients=50,payload_size=3", 39682.54, 1e-12);
    /* one warning per setting, not one per report */
    assert_int_equal(s.nnotes, 3);
    for (size_t i = 0; i < s.nnotes; i++)
        assert_non_null(strstr(s.notes[i].text, "the printed value is kept"));
    assert_int_equal(s.notes[0].line, 3 + 1); /* "50 parallel clients" */
    bdb_sink_free(&s);
    /* -c10 is not an option to redis-benchmark (strcmp, no getopt), and an
     * unexpanded $C is no number: neither becomes a parameter */
    char *b = replace(good, "--threads 2 -n 10000", "-c $C --threads 2 -n 10000");
    parse_ok_text(b, NULL, &s);
    assert_int_equal(s.nnotes, 1);
    assert_non_null(strstr(s.notes[0].text, "-c $C"));
    tu_assert_value(&s, "SET", "requests_per_sec", "clients=50", 40000.00, 1e-12);
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(good);
    /* a custom command: its words are not options */
    good = tu_read(DIR_ "quiet-custom-incr-counter.txt", &len);
    size_t n = len + 128;
    char *c = malloc(n);
    snprintf(c, n, "$ redis-benchmark -q -c 7 incr counter -c 9\n%s", good);
    parse_ok_text(c, NULL, &s);
    tu_assert_value(&s, "incr counter", "requests_per_sec", "clients=7", 105263.16, 1e-12);
    bdb_sink_free(&s);
    free(c);
    free(good);
}

static void redis__cluster__printed_or_derived_cluster_and_threads(void **state)
{
    (void)state;
    bdb_sink s;
    /* the report prints "cluster mode: yes (3 masters)" and "threads: 3" */
    parse_ok(DIR_ "cmd-full-cluster3-n10000.txt", &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "cluster=1,threads=3,clients=50",
                    19531.25, 1e-12);
    /* 25.663 msec p99: 25.663 / 1000 s */
    tu_assert_value(&s, "SET", "latency_p99", "cluster=1", 25.663 / 1000, 1e-12);
    assert_int_equal(s.n, 18);
    assert_int_equal(s.nnotes, 0);
    bdb_sink_free(&s);
    /* quiet and CSV print neither: "Cluster has 3 master nodes:" and no
     * --threads mean one thread per master, as main() does */
    parse_ok(DIR_ "cmd-quiet-cluster3-n10000.txt", &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "cluster=1,threads=3", 17301.04, 1e-12);
    assert_int_equal(s.samples[0].params.n, 2);
    bdb_sink_free(&s);
    parse_ok(DIR_ "cmd-csv-cluster3-c20-n10000.csv", &s);
    tu_assert_value(&s, "SET", "latency_max", "cluster=1,threads=3,clients=20",
                    11.815 / 1000, 1e-12);
    assert_int_equal(s.n, 14);
    bdb_sink_free(&s);
    /* an explicit --threads wins over one per master */
    size_t len;
    char *good = tu_read(DIR_ "cmd-quiet-cluster3-n10000.txt", &len);
    char *a = replace(good, "--cluster -q", "--cluster --threads 2 -q");
    parse_ok_text(a, NULL, &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "cluster=1,threads=2", 17301.04, 1e-12);
    bdb_sink_free(&s);
    free(a);
    free(good);
}

/* ------------------------------------------------------- broken input */

static void redis__error_only_captures__fail_with_the_tools_message(void **state)
{
    (void)state;
    /* detected (the command and the tool's message) and failed with it */
    tu_expect_error("tests/fixtures/redis-benchmark/error-connection-refused.txt",
                    NULL, NULL, 2,
                    "Could not connect to Redis at 127.0.0.1:26399: Connection refused");
    tu_expect_error("tests/fixtures/redis-benchmark/error-maxclients-c20.txt",
                    NULL, NULL, 2, "ERR max number of clients reached");
    tu_expect_error("tests/fixtures/redis-benchmark/error-client-killed-midrun.txt",
                    NULL, NULL, 2, "Error: Server closed the connection");
    tu_expect_error("tests/fixtures/redis-benchmark/error-server-shutdown-midrun.txt",
                    NULL, NULL, 2, "Error: Connection reset by peer");
    tu_expect_error("tests/fixtures/redis-benchmark/error-incr-not-integer.txt",
                    NULL, NULL, 2, "Error from server: ERR value is not an integer");
    /* -c10 is refused (strcmp, no getopt): the message, then the usage
     * text, whose "$ redis-benchmark ..." examples are no commands */
    tu_expect_error("tests/fixtures/redis-benchmark/error-invalid-option-c10.txt",
                    NULL, NULL, 2, "Invalid option \"-c10\" or option argument missing");
    {
        size_t n;
        char *u = tu_read("tests/fixtures/redis-benchmark/error-invalid-option-c10.txt", &n);
        bdb_sink w;
        bdb_sink_init(&w);
        bdb_diag d;
        bdb_diag_clear(&d);
        assert_int_equal(bdb_parser_redis_benchmark.parse(u, n, NULL, &w, &d), BDB_OK);
        assert_int_equal(w.n, 0);
        assert_int_equal(w.nnotes, 1);
        bdb_sink_free(&w);
        free(u);
    }
    /* the unfinished test is named too */
    size_t len;
    char *t = tu_read("tests/fixtures/redis-benchmark/error-client-killed-midrun.txt", &len);
    bdb_sink s;
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(bdb_parser_redis_benchmark.parse(t, len, NULL, &s, &diag), BDB_OK);
    assert_int_equal(s.n, 0);
    assert_non_null(strstr(s.notes[1].text, "'SET' did not finish"));
    assert_int_equal(s.notes[1].line, 2);
    bdb_sink_free(&s);
    free(t);
}

static void redis__error_between_tests__warned_rest_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "quiet-default-n20000.txt", &len);
    /* the maxclients error in place of the SET result: SET gets nothing,
     * the other tests keep theirs */
    const char *set = strstr(good, "SET: 106382.98");
    const char *nl = strchr(set, '\n');
    char *a = malloc(len + 100);
    snprintf(a, len + 100, "%.*sError from server: ERR max number of clients reached%s",
             (int)(set - good), good, nl);
    bdb_sink s;
    parse_ok_text(a, NULL, &s);
    assert_null(tu_find(&s, "SET", "requests_per_sec", NULL));
    tu_assert_value(&s, "GET", "requests_per_sec", NULL, 105820.11, 1e-12);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 19);
    assert_int_equal(s.notes[0].line, 3);
    assert_non_null(strstr(s.notes[0].text, "max number of clients"));
    bdb_sink_free(&s);
    free(a);
    free(good);
}

/* A writer copied redis-benchmark's live progress line alone (a
 * --cluster run with -n 100000000000000, stopped by hand): "SET:
 * rps=72356.9 (overall: 69569.6) avg_msec=0.701 (overall: 0.778)". The
 * file failed whole ("only its progress was printed"). Public excerpt
 * (Chinese README of a LevelDB-backed Redis Cluster store; search index
 * id 24236025016), lines 16-23 of the log. */
static const char PROGRESS_LINE_ALONE[] =
    "$ redis-benchmark -h 192.168.2.122 -p 32680 -t set -n 100000000000000 -c 100 -q -r 100000000000000 -d 1000 --cluster  2>/dev/null\n"
    "Cluster has 3 master nodes:\n"
    "\n"
    "Master 0: 192a168a2a122a32680bbbbbbbbbbbbbbbbbbbbb 192.168.2.122:32680\n"
    "Master 1: 192a168a2a122a32681bbbbbbbbbbbbbbbbbbbbb 192.168.2.122:32681\n"
    "Master 2: 192a168a2a122a32682bbbbbbbbbbbbbbbbbbbbb 192.168.2.122:32682\n"
    "\n"
    "SET: rps=72356.9 (overall: 69569.6) avg_msec=0.701 (overall: 0.778)\n";

static void redis__progress_line_alone__kept_as_cut_runs_trace(void **state)
{
    (void)state;
    assert_true(bdb_parser_redis_benchmark.sniff(PROGRESS_LINE_ALONE,
                                                 strlen(PROGRESS_LINE_ALONE)) >=
                BDB_SNIFF_THRESHOLD);
    bdb_sink s;
    tu_points k;
    tu_parse_points(PROGRESS_LINE_ALONE, NULL, &s, &k);
    /* the four values of line 8 as printed (avg_msec in ms, kept in s) */
    static const tu_point_want want[] = {
        {8, "requests_per_sec", 72356.9},
        {8, "requests_per_sec_overall", 69569.6},
        {8, "latency_mean", 0.701e-3},
        {8, "latency_mean_overall", 0.778e-3}};
    assert_int_equal(k.n, 4);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const double *v = tu_point_at(&k, want[i].line, want[i].what);
        if (!v)
            fail_msg("no point %s", want[i].what);
        tu_assert_close(*v, want[i].v, 1e-12, want[i].what);
    }
    /* said: the test did not finish, and no figure was made up */
    assert_true(tu_has_warning(&s, 8, "'SET' did not finish"));
    assert_true(tu_has_warning(&s, 8, "summary was never printed"));
    bdb_sink_free(&s);
}

/* Before 6.2 the progress update was "%s: %.2f\r" (showThroughput());
 * a page whose CRs became line breaks keeps each update on a line of its
 * own. Public excerpt (a benchmark notes page, 2021; search index id
 * 22166345491): PING_INLINE's updates and result, PING_BULK's first two
 * updates, as a capture cut there holds them. */
static const char OLD_PROGRESS_CUT[] =
    "PING_INLINE: 0.00\n"
    "PING_INLINE: 62892.43\n"
    "PING_INLINE: 65564.88\n"
    "PING_INLINE: 67206.39\n"
    "PING_INLINE: 66611.38\n"
    "PING_INLINE: 68685.85\n"
    "PING_INLINE: 70077.09 requests per second\n"
    "PING_BULK: 58597.23\n"
    "PING_BULK: 68776.40\n";

static void redis__old_progress_lines_cut__detected_and_kept_as_trace(void **state)
{
    (void)state;
    /* the updates alone (the capture cut before the first result) are
     * redis-benchmark's: two of one test in a row */
    char *alone = tu_first_lines(OLD_PROGRESS_CUT, 6);
    assert_true(bdb_parser_redis_benchmark.sniff(alone, strlen(alone)) >=
                BDB_SNIFF_THRESHOLD);
    bdb_sink s;
    tu_points k;
    tu_parse_points(alone, NULL, &s, &k);
    assert_int_equal(k.n, 6);
    tu_assert_close(*tu_point_at(&k, 2, "requests_per_sec"), 62892.43, 1e-12,
                    "line 2");
    tu_assert_close(*tu_point_at(&k, 6, "requests_per_sec"), 68685.85, 1e-12,
                    "line 6");
    assert_true(tu_has_warning(&s, 6, "'PING_INLINE' did not finish"));
    bdb_sink_free(&s);
    free(alone);
    /* with PING_INLINE's result: its figure, and PING_BULK's two updates
     * as the cut test's trace */
    tu_parse_points(OLD_PROGRESS_CUT, NULL, &s, &k);
    assert_int_equal(k.n, 8);
    tu_assert_close(*tu_point_at(&k, 8, "requests_per_sec"), 58597.23, 1e-12,
                    "line 8");
    tu_assert_close(*tu_point_at(&k, 9, "requests_per_sec"), 68776.40, 1e-12,
                    "line 9");
    assert_true(tu_has_warning(&s, 9, "'PING_BULK' did not finish"));
    bdb_sink_free(&s);
    bdb_sink r;
    parse_ok_text(OLD_PROGRESS_CUT, NULL, &r);
    tu_assert_value(&r, "PING_INLINE", "requests_per_sec", NULL, 70077.09, 1e-12);
    assert_int_equal(r.n, 1);
    bdb_sink_free(&r);
}

static void redis__truncated_text__complete_figures_kept_and_warned(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    bdb_sink s;
    /* inside the GET report (its header is line 44): SET whole, GET's
     * completed line kept */
    char *a = tu_first_lines(good, 60);
    parse_ok_text(a, NULL, &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 1);
    tu_assert_value(&s, "GET", "complete_requests", NULL, 20000, 0);
    assert_int_equal(s.notes[0].line, 44);
    assert_non_null(strstr(s.notes[0].text, "'GET'"));
    bdb_sink_free(&s);
    /* the summary header without its values: the rate is kept */
    char *b = tu_first_lines(good, 42);
    parse_ok_text(b, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 105820.11, 1e-12);
    assert_null(tu_find(&s, "SET", "latency_p50", NULL));
    assert_non_null(strstr(s.notes[0].text, "latency summary"));
    bdb_sink_free(&s);
    /* only the progress and the title: no figure; the progress printed
     * before the cut ("SET: rps=0.0 (overall: 0.0) ...") is the cut
     * run's trace (keeps_cut_runs), the cut warned */
    char *c = tu_first_lines(good, 1);
    {
        tu_points k;
        tu_parse_points(c, "redis-benchmark", &s, &k);
        assert_int_equal(k.n, 2);
        const double *v = tu_point_at(&k, 1, "requests_per_sec_overall");
        assert_non_null(v);
        assert_true(*v == 0.0);
        assert_true(tu_has_warning(&s, 1, "requests completed"));
        bdb_sink_free(&s);
    }
    /* a new report while one is open: the open one is cut */
    char *d = replace(good, "Summary:\n  throughput summary: 105820.11",
                      "Summary:\n====== GET ======\n  throughput summary: 105820.11");
    parse_ok_text(d, NULL, &s);
    assert_non_null(strstr(s.notes[0].text, "'SET'"));
    tu_assert_value(&s, "SET", "complete_requests", NULL, 20000, 0);
    bdb_sink_free(&s);
    /* old layout cut before the rate: the completed count is kept */
    char *e = tu_first_lines(old_text_layout, 8);
    parse_ok_text(e, NULL, &s);
    tu_assert_value(&s, "PING_INLINE", "complete_requests", NULL, 100000, 0);
    assert_null(tu_find(&s, NULL, "requests_per_sec", NULL));
    assert_int_equal(s.notes[0].line, 1);
    assert_non_null(strstr(s.notes[0].text, "requests per second"));
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
    free(d);
    free(e);
    free(good);
}

static void redis__truncated_quiet_and_csv__warned_rest_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "quiet-default-n20000.txt", &len);
    /* the capture stops while SET was running: progress only on line 3 */
    const char *cut = strstr(good, "SET: 106382.98");
    char *q = malloc(len + 1);
    snprintf(q, len + 1, "%.*s", (int)(cut - good), good);
    bdb_sink s;
    parse_ok_text(q, NULL, &s);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 2);
    assert_int_equal(s.notes[0].line, 3);
    assert_non_null(strstr(s.notes[0].text, "'SET' did not finish"));
    bdb_sink_free(&s);
    free(q);
    free(good);

    good = tu_read(DIR_ "reds-bench-8.csv", &len);
    char *h = tu_first_lines(good, 1);
    tu_expect_error(NULL, h, "redis-benchmark", 1, "header without rows");
    /* a row cut inside a field: the whole rows before it are kept */
    char *r = malloc(len + 1);
    const char *mid = strstr(good, "\"GET\",\"") + 9;
    snprintf(r, len + 1, "%.*s", (int)(mid - good), good);
    parse_ok_text(r, NULL, &s);
    assert_int_equal(s.n, 7);
    assert_int_equal(s.notes[0].line, 3);
    assert_non_null(strstr(s.notes[0].text, "fields"));
    bdb_sink_free(&s);
    free(h);
    free(r);
    free(good);
}

static void redis__garbled_lines__warned_rest_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    bdb_sink s;
    char *a = replace(good, "  50 parallel clients", "  fifty parallel clients");
    parse_ok_text(a, NULL, &s);
    assert_int_equal(s.notes[0].line, 3);
    assert_non_null(strstr(s.notes[0].text, "unexpected text"));
    assert_null(bdb_params_get(&tu_find(&s, "SET", "requests_per_sec", NULL)->params,
                               "clients"));
    tu_assert_value(&s, "GET", "requests_per_sec", "clients=50", 105820.11, 1e-12);
    bdb_sink_free(&s);
    char *b = replace(good, "0.246     0.072", "0.246     zero");
    parse_ok_text(b, NULL, &s);
    assert_int_equal(s.notes[0].line, 43);
    assert_non_null(strstr(s.notes[0].text, "latency values"));
    assert_null(tu_find(&s, "SET", "latency_mean", NULL));
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 105820.11, 1e-12);
    tu_assert_value(&s, "GET", "requests_per_sec", NULL, 105820.11, 1e-12);
    bdb_sink_free(&s);
    char *c = replace(good, "completed in 0.19 seconds", "completed in soon");
    parse_ok_text(c, NULL, &s);
    assert_int_equal(s.notes[0].line, 2);
    assert_non_null(strstr(s.notes[0].text, "requests completed"));
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 105820.11, 1e-12);
    bdb_sink_free(&s);
    free(a);
    free(b);
    free(c);
    free(good);
    good = tu_read(DIR_ "reds-bench-3.csv", &len);
    /* a title longer than a CSV field holds (255 bytes): warned, not cut */
    char longrow[400];
    snprintf(longrow, sizeof longrow, "\"%0300d\",\"1.00\",\"1\",\"1\",\"1\",\"1\",\"1\",\"1\"\n", 7);
    char *e = replace(good, "\"GET\",", longrow);
    parse_ok_text(e, NULL, &s);
    assert_non_null(strstr(s.notes[0].text, "the parser's limits"));
    assert_int_equal(s.notes[0].line, 3);
    assert_int_equal(s.n, 14);
    bdb_sink_free(&s);
    free(e);
    char *d = replace(good, "\"76923.08\"", "\"fast\"");
    parse_ok_text(d, NULL, &s);
    assert_int_equal(s.notes[0].line, 2);
    assert_non_null(strstr(s.notes[0].text, "number"));
    assert_int_equal(s.n, 20); /* the row's latencies are kept */
    bdb_sink_free(&s);
    free(d);
    free(good);
}

/* Issue 10 #11: a line of unexpected text was quoted with "%.60s" from a
 * pointer into the buffer, which reads up to 60 bytes past the line: into
 * the next lines, and past the end of a buffer that is not NUL-terminated
 * (valgrind: uninitialised reads; ASan: heap-buffer-overflow). The
 * message must hold that line only, and the exact-size buffer is read
 * within its bounds (ASan in CI). */
static void redis__unexpected_text__quoted_within_its_line(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    char *a = replace(good, "  50 parallel clients", "  fifty parallel clients");
    bdb_sink s;
    parse_ok_text(a, NULL, &s);
    assert_non_null(strstr(s.notes[0].text, "\"fifty parallel clients\""));
    assert_null(strstr(s.notes[0].text, "bytes payload"));
    bdb_sink_free(&s);
    free(a);
    free(good);
    /* the odd line last, in a buffer of exactly its bytes */
    static const char tail[] = "====== SET ======\n  fifty parallel clients";
    size_t n = sizeof tail - 1;
    char *exact = malloc(n);
    memcpy(exact, tail, n);
    bdb_sink_init(&s);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(bdb_parser_redis_benchmark.parse(exact, n, NULL, &s, &diag), BDB_OK);
    assert_true(s.nnotes >= 1);
    assert_non_null(strstr(s.notes[0].text, "\"fifty parallel clients\""));
    bdb_sink_free(&s);
    free(exact);
}

/* More odd lines than the sink keeps warnings for (100000): the figures
 * are kept all the same. */
static void redis__flood_of_odd_lines__figures_kept(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    char *t = tu_insert_lines(good, "  50 parallel clients", "??\n", 100100);
    bdb_sink s;
    parse_ok_text(t, NULL, &s);
    tu_assert_value(&s, "GET", "requests_per_sec", "clients=50", 105820.11, 1e-12);
    assert_int_equal(s.n, 18);
    bdb_sink_free(&s);
    free(t);
    free(good);
}

static void redis__forced_on_other_content__fails(void **state)
{
    (void)state;
    tu_expect_error(NULL, "hello\nworld\n", "redis-benchmark", 1,
                    "expected redis-benchmark's output");
}

/* --------------------------------------------- golden cross-checks */

/* Golden figures against the raw text, without the parser; each value is
 * the printed one converted by hand (milliseconds / 1000 = seconds). */
static void redis__golden_figures__match_the_raw_text(void **state)
{
    (void)state;
    tu_crosscheck(DIR_ "prompt-csv-c20-n10000.csv", 3,
                  "\"SET\",\"88495.58\"", "SET", "requests_per_sec", 88495.58);
    tu_crosscheck(DIR_ "prompt-csv-c20-n10000.csv", 4,
                  "\"0.263\",\"2.327\"", "GET", "latency_p99", 0.263 / 1000);
    tu_crosscheck(DIR_ "cmd-quiet-c1-c50-n10000.txt", 7,
                  "GET: 81967.21 requests per second, p50=0.367 msec", "GET",
                  "latency_p50", 0.367 / 1000);
    tu_crosscheck(DIR_ "cmd-full-threads2-n10000.txt", 54,
                  "throughput summary: 40000.00 requests per second", "SET",
                  "requests_per_sec", 40000.00);
    tu_crosscheck(DIR_ "cmd-full-threads2-n10000.txt", 57,
                  "0.347     0.040     0.191     0.567     3.311    12.495", "SET",
                  "latency_max", 12.495 / 1000);
    tu_crosscheck(DIR_ "cmd-full-threads2-n10000.txt", 3,
                  "10000 requests completed in 0.25 seconds", "SET", "time_taken",
                  0.25);
    tu_crosscheck(DIR_ "cmd-quiet-P16-n10000.txt", 3,
                  "GET: 833333.31 requests per second", "GET", "requests_per_sec",
                  833333.31);
}

static void redis__every_prefix__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        DIR_ "full-set-get-P16.txt", DIR_ "quiet-set-get-P16.txt",
        DIR_ "csv-set-get-d1024.csv", DIR_ "cmd-csv-cluster3-c20-n10000.csv",
        "tests/fixtures/redis-benchmark/error-incr-not-integer.txt",
        "tests/fixtures/redis-benchmark/error-connection-refused.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        for (size_t cut = 0; cut <= len; cut++) {
            /* an exact-size copy: nothing may read past the buffer */
            char *exact = malloc(cut ? cut : 1);
            memcpy(exact, text, cut);
            bdb_sink s;
            bdb_sink_init(&s);
            bdb_diag diag;
            bdb_diag_clear(&diag);
            (void)bdb_parser_redis_benchmark.sniff(exact, cut);
            (void)bdb_parser_redis_benchmark.parse(exact, cut, NULL, &s, &diag);
            bdb_sink_free(&s);
            free(exact);
        }
        /* and every single-byte change to a few bytes that matter */
        static const char subst[] = "\r\n\",: 0.";
        for (size_t i = 0; i < len; i += 7) {
            for (size_t k = 0; k < sizeof subst - 1; k++) {
                char keep = text[i];
                text[i] = subst[k];
                bdb_sink s;
                bdb_sink_init(&s);
                bdb_diag diag;
                bdb_diag_clear(&diag);
                (void)bdb_parser_redis_benchmark.parse(text, len, NULL, &s, &diag);
                bdb_sink_free(&s);
                text[i] = keep;
            }
        }
        free(text);
    }
}

/* ---------------------------------------------------------------- sniff */



/* A report published from its "Summary:" on (the head cut): read under
 * the one test -t names, else under "(no header)", with a warning. The
 * excerpt is public (bench/corpus SOURCES.tsv:
 * redis-benchmark/tcp-server-two-summaries-only.txt, search index id
 * 10646249592), Redis >= 6.2. */
static void redis__summary_only__read_under_the_command_test(void **state)
{
    (void)state;
    static const char *const log =
        " src/redis-benchmark -n 10000 -t ping_mbulk -c 200 -h localhost -p 3000\n"
        "\n"
        "Summary:\n"
        "  throughput summary: 13262.60 requests per second\n"
        "  latency summary (msec):\n"
        "          avg       min       p50       p95       p99       max\n"
        "       14.479     0.016     1.687   156.287   167.167   170.239\n";
    bdb_sink s;
    parse_ok_text(log, "redis-benchmark", &s);
    tu_assert_value(&s, "PING_MBULK", "requests_per_sec", NULL, 13262.60, 1e-12);
    tu_assert_value(&s, "PING_MBULK", "latency_p99", NULL, 167.167e-3, 1e-9);
    assert_int_equal(find_line(&s, "PING_MBULK", "requests_per_sec", NULL)->line, 4);
    assert_int_equal(find_line(&s, "PING_MBULK", "latency_max", NULL)->line, 7);
    int warned = 0;
    for (size_t i = 0; i < s.nnotes; i++)
        warned |= strstr(s.notes[i].text, "starts at its summary") != NULL;
    assert_true(warned);
    bdb_sink_free(&s);
    /* no command: the name says the header is missing */
    parse_ok_text(strchr(log, '\n') + 1, "redis-benchmark", &s);
    tu_assert_value(&s, "(no header)", "requests_per_sec", NULL, 13262.60, 1e-12);
    bdb_sink_free(&s);
}

/* A CSV header glued behind other text, here the opener of a Python
 * string holding the output: found by content and read from its first
 * field. Public excerpt (bench/corpus SOURCES.tsv:
 * redis-benchmark/python-example-output-csv-P.txt, search index id
 * 3008672586), Redis >= 6.2 --csv. */
static void redis__csv_header_glued_behind_text__read_from_its_first_field(void **state)
{
    (void)state;
    static const char *const log =
        "example_output = \"\"\"\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
        "\"SET\",\"484496.16\",\"33.753\",\"14.432\",\"29.839\",\"45.855\",\"74.879\",\"75.711\"\n"
        "\"\"\"\n";
    bdb_sink s;
    parse_ok_text(log, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 484496.16, 1e-12);
    tu_assert_value(&s, "SET", "latency_mean", NULL, 33.753e-3, 1e-9);
    tu_assert_value(&s, "SET", "latency_max", NULL, 75.711e-3, 1e-9);
    assert_int_equal(find_line(&s, "SET", "latency_p99", NULL)->line, 2);
    bdb_sink_free(&s);
}

/* A -d sweep's results retyped into a Markdown table, one run a row: the
 * size, then "N requests completed in T seconds" and "R requests per
 * second" each in a cell, the test in a "###SET" line above. The file
 * failed whole and silently (nothing detected: the command has a typo).
 * Public excerpt (bench/corpus SOURCES.tsv redis-benchmark/
 * ho11-zh-markdown-table-data-size-sweep-typo-command.md, search index id
 * 34838606595). */
static void redis__table_rows__one_report_a_row_named_by_heading_and_label(void **state)
{
    (void)state;
    static const char *const log =
        "```shell\n"
        "edis-benchmark -d n -t get,set\n"
        "```\n"
        "\n"
        "###SET\n"
        "| n    | \xe6\x89\xa7\xe8\xa1\x8c\xe6\xac\xa1\xe6\x95\xb0\xe5\x92\x8c\xe8\x80\x97\xe6\x97\xb6                                   | \xe6\xaf\x8f\xe7\xa7\x92\xe8\xaf\xb7\xe6\xb1\x82\xe6\xac\xa1\xe6\x95\xb0                        |\n"
        "|------|-------------------------------------------|-------------------------------|\n"
        "| 10   | 100000 requests completed in 0.69 seconds | 145772.59 requests per second |\n"
        "| 5000 | 100000 requests completed in 0.72 seconds | 138696.25 requests per second |\n"
        "\n"
        "###GET\n"
        "\n"
        "| n    | \xe6\x89\xa7\xe8\xa1\x8c\xe6\xac\xa1\xe6\x95\xb0\xe5\x92\x8c\xe8\x80\x97\xe6\x97\xb6                                   | \xe6\xaf\x8f\xe7\xa7\x92\xe8\xaf\xb7\xe6\xb1\x82\xe6\xac\xa1\xe6\x95\xb0                        |\n"
        "|------|-------------------------------------------|-------------------------------|\n"
        "| 10   | 100000 requests completed in 0.66 seconds | 151515.14 requests per second |\n"
        "| 5000 | 100000 requests completed in 0.70 seconds | 142247.52 requests per second |\n";
    bdb_sink s;
    tu_text_accounted(log, NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 4);
    assert_int_equal(tu_count(&s, "complete_requests"), 4);
    tu_assert_value(&s, "SET 10", "requests_per_sec", NULL, 145772.59, 1e-12);
    tu_assert_value(&s, "SET 10", "time_taken", NULL, 0.69, 1e-12);
    tu_assert_value(&s, "SET 10", "complete_requests", NULL, 100000, 0);
    tu_assert_value(&s, "SET 5000", "requests_per_sec", NULL, 138696.25, 1e-12);
    tu_assert_value(&s, "SET 5000", "time_taken", NULL, 0.72, 1e-12);
    tu_assert_value(&s, "GET 10", "requests_per_sec", NULL, 151515.14, 1e-12);
    tu_assert_value(&s, "GET 10", "time_taken", NULL, 0.66, 1e-12);
    tu_assert_value(&s, "GET 5000", "requests_per_sec", NULL, 142247.52, 1e-12);
    tu_assert_value(&s, "GET 5000", "time_taken", NULL, 0.70, 1e-12);
    assert_true(tu_has_warning(&s, 8, "table row"));
    bdb_sink_free(&s);
}

/* A custom command with a 463-byte argument: its "====== T ======"
 * title (476 bytes) is longer than a benchmark name, and its figures were
 * not stored (a cut name could merge two tests). The title is now its
 * start and a hash of the whole. Public excerpt, Redis 5.0.7 (bench/corpus
 * SOURCES.tsv redis-benchmark/ho11-zh-quicklist-study-5.0.7-long-custom-
 * command-headers-debug-object.md, search index id 23691773517), its
 * histogram rows 3 to 17 left out. */
#define QL_TITLE \
    "lpush mylist str len: 463. Redis is not a plain key-value store, it is actually a data structures server, supporting different kinds of values. What this means is that, while in traditional key-value stores you associated string keys to string values, in Redis the value is not limited to a simple string, but can also hold more complex data structures. The following is the list of all the data structures supported by Redis, which will be covered separately in this tutorial"
static void redis__title_longer_than_a_name__shortened_figures_kept(void **state)
{
    (void)state;
    static const char *const log =
        "====== " QL_TITLE " ======\n"
        "  1000000 requests completed in 14.27 seconds\n"
        "  50 parallel clients\n"
        "  3 bytes payload\n"
        "  keep alive: 1\n"
        "\n"
        "97.91% <= 1 milliseconds\n"
        "99.61% <= 2 milliseconds\n"
        "100.00% <= 28 milliseconds\n"
        "100.00% <= 28 milliseconds\n"
        "70081.99 requests per second\n";
    bdb_sink s;
    tu_text_accounted(log, NULL, &s);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 1);
    tu_assert_value(&s, NULL, "requests_per_sec", NULL, 70081.99, 1e-12);
    tu_assert_value(&s, NULL, "complete_requests", NULL, 1000000, 0);
    tu_assert_value(&s, NULL, "time_taken", NULL, 14.27, 1e-12);
    const bdb_sample *x = tu_find(&s, NULL, "requests_per_sec", NULL);
    assert_non_null(x);
    assert_true(strlen(x->benchmark) < BDB_BENCHMARK_MAX);
    assert_memory_equal(x->benchmark, "lpush mylist str len: 463. Redis", 32);
    assert_non_null(strstr(x->benchmark, " ~"));
    assert_true(tu_has_warning(&s, 1, "longer than a benchmark name"));
    /* another title with the same start stays another test */
    char *other = tu_replace(log, "this tutorial", "this tutorial!");
    bdb_sink s2;
    tu_text_accounted(other, NULL, &s2);
    const bdb_sample *y = tu_find(&s2, NULL, "requests_per_sec", NULL);
    assert_non_null(y);
    assert_string_not_equal(x->benchmark, y->benchmark);
    bdb_sink_free(&s2);
    free(other);
    bdb_sink_free(&s);
}
#undef QL_TITLE

/* A README kept only the figures of two runs: "Set" and "Get" stand where
 * "====== SET ======" was, the client lines are cut and the histogram has
 * "..." for rows left out. The file failed whole (no header: nothing
 * recognised). Public excerpt, the whole file (pika README, bench/corpus
 * SOURCES.tsv redis-benchmark/ho3-pika-billion-requests-elided-no-header.md,
 * search index id 2518933746). */
static void redis__reports_without_header__read_under_the_title_above(void **state)
{
    (void)state;
    static const char *const log =
        "### test result\n"
        "``` \n"
        "Set\n"
        "1000000000 requests completed in 11890.80 seconds\n"
        "18.09% <= 1 milliseconds\n"
        "93.32% <= 2 milliseconds\n"
        "99.71% <= 3 milliseconds\n"
        "99.86% <= 4 milliseconds\n"
        "99.92% <= 5 milliseconds\n"
        "99.94% <= 6 milliseconds\n"
        "99.96% <= 7 milliseconds\n"
        "99.97% <= 8 milliseconds\n"
        "99.97% <= 9 milliseconds\n"
        "99.98% <= 10 milliseconds\n"
        "99.98% <= 11 milliseconds\n"
        "99.99% <= 12 milliseconds\n"
        "...\n"
        "100.00% <= 19 milliseconds\n"
        "...\n"
        "100.00% <= 137 milliseconds\n"
        "\n"
        "84098.66 requests per second\n"
        "```\n"
        " \n"
        "```\n"
        "Get\n"
        "1000000000 requests completed in 9063.05 seconds\n"
        "84.97% <= 1 milliseconds\n"
        "99.76% <= 2 milliseconds\n"
        "99.99% <= 3 milliseconds\n"
        "100.00% <= 4 milliseconds\n"
        "...\n"
        "100.00% <= 33 milliseconds\n"
        "\n"
        "110338.10 requests per second\n"
        "```\n";
    bdb_sink s;
    parse_ok_text(log, NULL, &s);
    /* the figures as printed, at their lines, under the title above */
    tu_assert_value(&s, "Set", "complete_requests", NULL, 1000000000, 0);
    tu_assert_value(&s, "Set", "time_taken", NULL, 11890.80, 1e-12);
    tu_assert_value(&s, "Set", "requests_per_sec", NULL, 84098.66, 1e-12);
    assert_int_equal(find_line(&s, "Set", "time_taken", NULL)->line, 4);
    assert_int_equal(find_line(&s, "Set", "requests_per_sec", NULL)->line, 22);
    tu_assert_value(&s, "Get", "complete_requests", NULL, 1000000000, 0);
    tu_assert_value(&s, "Get", "time_taken", NULL, 9063.05, 1e-12);
    tu_assert_value(&s, "Get", "requests_per_sec", NULL, 110338.10, 1e-12);
    assert_int_equal(find_line(&s, "Get", "requests_per_sec", NULL)->line, 35);
    /* said, at the line each report starts */
    assert_true(tu_has_warning(&s, 4, "header"));
    assert_true(tu_has_warning(&s, 27, "header"));
    bdb_sink_free(&s);
}

/* A README left with a git merge conflict: its HEAD side is the output
 * with every line break lost, one line of 2,984 characters ("keep alive:
 * 199.94% <= 1 milliseconds99.97% <= 2 milliseconds ... 8
 * milliseconds170183.80 requests per second====== REDE.PUSH ======  ...").
 * Nothing of it was read, silently. Public excerpt: the conflict's first
 * two lines, the second cut before its third test (bench/corpus
 * SOURCES.tsv redis-benchmark/ho3-rede-module-merge-conflict-glued-and-
 * clean.md, search index id 24200117257). */
static void redis__report_with_line_breaks_lost__every_test_read(void **state)
{
    (void)state;
    static const char *const log =
        "<<<<<<< HEAD\n"
        "# Redis-Benchmark Resultsthe code used to generate these results is av"
        "ailable in [`src/redis-benchmark.c`](../src/redis-benchmark.c)```$ ./r"
        "edis-benchmark -t rede -n 1000000====== REDE.PUSH ======  1000000 requ"
        "ests completed in 5.88 seconds  50 parallel clients  3 bytes payload  "
        "keep alive: 199.94% <= 1 milliseconds99.97% <= 2 milliseconds99.98% <="
        " 3 milliseconds99.98% <= 4 milliseconds99.98% <= 5 milliseconds99.99% "
        "<= 6 milliseconds99.99% <= 7 milliseconds100.00% <= 8 milliseconds100."
        "00% <= 8 milliseconds170183.80 requests per second====== REDE.PUSH ==="
        "===  1000000 requests completed in 5.97 seconds  50 parallel clients  "
        "3 bytes payload  keep alive: 199.91% <= 1 milliseconds99.97% <= 2 mill"
        "iseconds99.97% <= 3 milliseconds99.99% <= 4 milliseconds99.99% <= 5 mi"
        "lliseconds100.00% <= 6 milliseconds100.00% <= 7 milliseconds100.00% <="
        " 8 milliseconds100.00% <= 8 milliseconds167532.25 requests per second"
        "\n";
    bdb_sink s;
    parse_ok_text(log, NULL, &s);
    /* two tests of one title: two repetitions, in order, all at line 2 */
    static const double want[2][3] = {{1000000, 5.88, 170183.80},
                                      {1000000, 5.97, 167532.25}};
    static const char *const metric[3] = {"complete_requests", "time_taken",
                                          "requests_per_sec"};
    for (int m = 0; m < 3; m++) {
        int k = 0;
        for (size_t i = 0; i < s.n; i++) {
            const bdb_sample *f = &s.samples[i];
            if (strcmp(f->metric, metric[m]) != 0)
                continue;
            assert_true(k < 2);
            assert_string_equal(f->benchmark, "REDE.PUSH");
            assert_int_equal(f->line, 2);
            tu_assert_close(f->value, want[k][m], 1e-12, metric[m]);
            k++;
        }
        assert_int_equal(k, 2);
    }
    /* the printed settings are the runs' parameters */
    const bdb_sample *f = tu_find(&s, "REDE.PUSH", "requests_per_sec",
                                  "clients=50,payload_size=3,keepalive=1");
    assert_non_null(f);
    bdb_sink_free(&s);
}

/* The same with a >= 6.2 report (a real 7.0.15 run made here,
 * samples/redis-benchmark/full-set-get-n20000.txt): its text as a
 * terminal shows it (each line from its last carriage return on), then
 * every line break lost, as a page that loses them prints it. The
 * headings, "(cumulative count N)" rows and the summary table (names and
 * values blanks apart) are cut where the tool broke its lines: the
 * figures are those of the text with its line breaks, all at line 1. */
static void redis__7x_report_with_line_breaks_lost__same_figures(void **state)
{
    (void)state;
    size_t len;
    char *raw = tu_read("samples/redis-benchmark/full-set-get-n20000.txt", &len);
    char *glued = malloc(len + 2);
    assert_non_null(glued);
    size_t ng = 0;
    for (const char *l = raw; l < raw + len;) {
        const char *nl = memchr(l, '\n', (size_t)(raw + len - l));
        const char *e = nl ? nl : raw + len;
        /* the line as shown: from its last carriage return on */
        const char *from = l;
        for (const char *c = l; c < e; c++)
            if (*c == '\r')
                from = c + 1;
        memcpy(glued + ng, from, (size_t)(e - from));
        ng += (size_t)(e - from);
        l = e + 1;
    }
    glued[ng++] = '\n';
    glued[ng] = '\0';
    /* the same lines with their breaks, to compare with */
    bdb_sink want, got;
    parse_ok_text(glued, NULL, &got);
    tu_parse_ok("samples/redis-benchmark/full-set-get-n20000.txt", NULL, &want);
    assert_true(want.n >= 18);
    assert_int_equal(got.n, want.n);
    for (size_t i = 0; i < want.n; i++) {
        const bdb_sample *w = &want.samples[i];
        int found = 0;
        for (size_t k = 0; k < got.n && !found; k++) {
            const bdb_sample *g = &got.samples[k];
            found = strcmp(g->benchmark, w->benchmark) == 0 &&
                    strcmp(g->metric, w->metric) == 0 &&
                    g->value == w->value && g->line == 1;
        }
        if (!found)
            fail_msg("%s %s %g not read from the glued line", w->benchmark,
                     w->metric, w->value);
    }
    /* and against the raw text */
    const char *ts = strstr(raw, "throughput summary: ");
    assert_non_null(ts);
    tu_assert_value(&got, "SET", "requests_per_sec", NULL,
                    strtod(ts + 20, NULL), 1e-12);
    assert_int_equal(tu_count_warnings(&got), 0);
    bdb_sink_free(&want);
    bdb_sink_free(&got);
    free(glued);
    free(raw);
}

/* A writer's note glued after a report line's figures (issue 21,
 * held-out-13): "1000000 requests completed in 26.71 seconds -> ..."
 * and "37443.37 requests per second -> RPS도 증가" made both lines
 * warnings and the report "cut". redis-benchmark.c (5.0.8,
 * showLatencyReport) ends each of those lines at "seconds" and "requests
 * per second". A Korean blog post exported to Jekyll, public code-search
 * index id 23515297882 (bench/corpus SOURCES.tsv
 * redis-benchmark/ho13-ko-blogger-rps-meaning-...), lines 42-51. */
static void redis__note_after_figures__read_and_numbers_warned(void **state)
{
    (void)state;
    static const char log[] =
        "    $ redis-benchmark -d 70 -r 1000000 -n 1000000 -c 2 -t set\n"
        "    ====== SET ======\n"
        "    1000000 requests completed in 26.71 seconds -> \xeb\x8f\x99\xec\x9d"
        "\xbc\xed\x95\x9c \xea\xb1\xb4\xec\x88\x98\xeb\xa5\xbc client\xea"
        "\xb0\x80 \xeb\x82\x98\xeb\x88\xa0\xec\x84\x9c \xeb\x8d\x94 \xeb"
        "\xb9\xa8\xeb\xa6\xac \xec\xb2\x98\xeb\xa6\xac\xed\x95\xa8\n"
        "    2 parallel clients\n"
        "    70 bytes payload\n"
        "    keep alive: 1\n"
        "\n"
        "    100.00% <= 1 milliseconds\n"
        "    100.00% <= 1 milliseconds\n"
        "    37443.37 requests per second -> RPS\xeb\x8f\x84 \xec\xa6\x9d"
        "\xea\xb0\x80\n";
    bdb_sink s;
    tu_text_accounted(log, NULL, &s);
    tu_assert_printed(log, &s, "complete_requests", NULL,
                      "1000000 requests completed", 1000000, 0);
    tu_assert_printed(log, &s, "time_taken", NULL, "26.71 seconds", 26.71,
                      1e-12);
    tu_assert_printed(log, &s, "requests_per_sec", "clients=2",
                      "37443.37 requests per second", 37443.37, 1e-12);
    assert_int_equal(tu_line_of(&s, "requests_per_sec", NULL), 10);
    assert_int_equal(s.unread_lines, 0);
    assert_int_equal(tu_count_warnings(&s), 0);
    bdb_sink_free(&s);

    /* a note holding a number is said at its line, its number not read
     * (writers' notes hold figures: "# 70% faster!" after a -q line in
     * id 41779201453); the same real lines with such a note put in */
    char *noted = replace(log, "-> RPS", "<-- 2.3x of -c 1, RPS");
    tu_text_accounted(noted, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", NULL, 37443.37, 1e-12);
    assert_true(tu_has_warning(&s, 10, "2.3x of -c 1"));
    assert_int_equal(tu_count_warnings(&s), 1);
    bdb_sink_free(&s);
    free(noted);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(redis__7x_report_with_line_breaks_lost__same_figures),
        cmocka_unit_test(redis__report_with_line_breaks_lost__every_test_read),
        cmocka_unit_test(redis__reports_without_header__read_under_the_title_above),
        cmocka_unit_test(redis__title_longer_than_a_name__shortened_figures_kept),
        cmocka_unit_test(redis__table_rows__one_report_a_row_named_by_heading_and_label),
        cmocka_unit_test(redis__summary_only__read_under_the_command_test),
        cmocka_unit_test(redis__csv_header_glued_behind_text__read_from_its_first_field),
        cmocka_unit_test(redis__csv_header_form__every_column_in_canonical_units),
        cmocka_unit_test(redis__csv_default_tests__titles_with_parentheses),
        cmocka_unit_test(redis__csv_old_two_columns__rate_only),
        cmocka_unit_test(redis__csv_sweep_beside_info_lines__detected_and_read),
        cmocka_unit_test(redis__csv_bom_crlf_prompts_two_runs__repetitions),
        cmocka_unit_test(redis__csv_unknown_column__warned_and_skipped),
        cmocka_unit_test(redis__text_7x__summary_table_and_parameters),
        cmocka_unit_test(redis__text_threads_and_keepalive0__parameters),
        cmocka_unit_test(redis__text_sweep__one_series_per_client_count),
        cmocka_unit_test(redis__text_full_default__titles_and_custom_command),
        cmocka_unit_test(redis__text_old_histogram__rate_without_invented_percentiles),
        cmocka_unit_test(redis__text_60_bare_command__clients_agree),
        cmocka_unit_test(redis__title_holding_options__read_whole_no_parameters_from_them),
        cmocka_unit_test(redis__quiet_7x__progress_carriage_returns_skipped),
        cmocka_unit_test(redis__quiet_old__titles_with_commas_and_command_settings),
        cmocka_unit_test(redis__quiet_62_pipelined__pipeline_from_the_command),
        cmocka_unit_test(redis__csv_valkey_pipelined__with_and_without_its_command),
        cmocka_unit_test(redis__pipeline_is_not_printed__user_param_kept),
        cmocka_unit_test(redis__version_line__recorded),
        cmocka_unit_test(redis__inf_rate__warned_not_stored),
        cmocka_unit_test(redis__command_lines__settings_become_parameters),
        cmocka_unit_test(redis__command_disagrees__printed_kept_and_warned),
        cmocka_unit_test(redis__cluster__printed_or_derived_cluster_and_threads),
        cmocka_unit_test(redis__error_only_captures__fail_with_the_tools_message),
        cmocka_unit_test(redis__error_between_tests__warned_rest_kept),
        cmocka_unit_test(redis__truncated_text__complete_figures_kept_and_warned),
        cmocka_unit_test(redis__progress_line_alone__kept_as_cut_runs_trace),
        cmocka_unit_test(redis__old_progress_lines_cut__detected_and_kept_as_trace),
        cmocka_unit_test(redis__truncated_quiet_and_csv__warned_rest_kept),
        cmocka_unit_test(redis__garbled_lines__warned_rest_kept),
        cmocka_unit_test(redis__unexpected_text__quoted_within_its_line),
        cmocka_unit_test(redis__flood_of_odd_lines__figures_kept),
        cmocka_unit_test(redis__forced_on_other_content__fails),
        cmocka_unit_test(redis__golden_figures__match_the_raw_text),
        cmocka_unit_test(redis__note_after_figures__read_and_numbers_warned),
        cmocka_unit_test(redis__every_prefix__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
