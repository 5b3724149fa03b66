/* test_redis_benchmark.c - the redis-benchmark importer: --csv with and
 * without the >= 6.2 header, the full text report (HdrHistogram summary and
 * the old "<= N milliseconds" form), -q quiet lines with their \r progress,
 * titles with spaces, parentheses and commas, parameters, truncated and
 * garbled input, and sniffing. Values are checked against the real samples
 * in samples/redis-benchmark/ (redis-benchmark 7.0.15). Layouts this machine
 * cannot produce (Redis < 6.2) are small fragments built from the printf
 * formats of redis-benchmark.c, or cut from the real samples; they are
 * layouts, not measurements. */
#include "test_util.h"

/* Shorthands over the shared helpers in test_util.h. */
#define parse_ok(rel, s) tu_parse_ok(rel, NULL, s)
#define expect_error(text, line, needle) tu_expect_error(NULL, text, "redis-benchmark", line, needle)
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



/* A malloc'd copy of the first nlines lines of text. */
static char *first_lines(const char *text, int nlines)
{
    const char *p = text;
    for (int i = 0; i < nlines && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    size_t n = p ? (size_t)(p - text) : strlen(text);
    char *out = malloc(n + 1);
    memcpy(out, text, n);
    out[n] = '\0';
    return out;
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

static void redis__csv_old_two_columns__rate_only(void **state)
{
    (void)state;
    /* Redis < 6.2 printed "\"%s\",\"%.2f\"\n" per test and no header: cut
     * the real rows after their second field. */
    size_t len;
    char *good = tu_read(DIR_ "csv-default-n2000.csv", &len);
    char *old = calloc(1, len + 1);
    const char *p = strchr(good, '\n') + 1; /* drop the header */
    size_t o = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        const char *c1 = strstr(p, "\",\"");
        const char *c2 = strstr(c1 + 3, "\",\"");
        o += (size_t)snprintf(old + o, len + 1 - o, "%.*s\"\n",
                              (int)(c2 - p), p);
        p = nl ? nl + 1 : p + strlen(p);
    }
    bdb_sink s;
    assert_true(bdb_parser_redis_benchmark.sniff(old, strlen(old)) >=
                BDB_SNIFF_THRESHOLD);
    parse_ok_text(old, NULL, &s);
    assert_int_equal(s.n, 20);
    assert_int_equal(tu_count(&s, "requests_per_sec"), 20);
    tu_assert_value(&s, "LRANGE_600 (first 600 elements)", "requests_per_sec",
                    NULL, 35714.29, 1e-12);
    assert_int_equal(find_line(&s, "PING_INLINE", "requests_per_sec", NULL)->line, 1);
    bdb_sink_free(&s);
    free(old);
    free(good);
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
    /* the WARNING line before the first report is not part of it */
    assert_int_equal(find_line(&s, "SET", "complete_requests", NULL)->line, 3);
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
 * milliseconds", "%.2f requests per second"), and of 6.0 (multi-thread line,
 * one decimal under 2 ms). Numbers from full-set-get-n20000.txt. */
static const char old_text_layout[] =
    "SET: 52910.05\r====== SET ======\n"
    "  20000 requests completed in 0.19 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "\n"
    "99.93% <= 1 milliseconds\n"
    "100.00% <= 2 milliseconds\n"
    "105820.11 requests per second\n"
    "\n"
    "GET: 50000.00\rGET: 100000.00\r====== GET ======\n"
    "  20000 requests completed in 0.20 seconds\n"
    "  50 parallel clients\n"
    "  3 bytes payload\n"
    "  keep alive: 1\n"
    "  host configuration \"save\": 900 1 300 10 60 10000\n"
    "  host configuration \"appendonly\": no\n"
    "  multi-thread: no\n"
    "\n"
    "0.01% <= 0.1 milliseconds\n"
    "99.60% <= 0.9 milliseconds\n"
    "100.00% <= 1 milliseconds\n"
    "99502.48 requests per second\n"
    "\n";

static void redis__text_old_histogram__rate_without_invented_percentiles(void **state)
{
    (void)state;
    assert_int_equal(bdb_parser_redis_benchmark.sniff(old_text_layout,
                                                      strlen(old_text_layout)),
                     100);
    bdb_sink s;
    parse_ok_text(old_text_layout, NULL, &s);
    tu_assert_value(&s, "SET", "requests_per_sec", "clients=50,keepalive=1",
                    105820.11, 1e-12);
    tu_assert_value(&s, "GET", "requests_per_sec", "payload_size=3", 99502.48,
                    1e-12);
    tu_assert_value(&s, "GET", "time_taken", NULL, 0.20, 1e-12);
    assert_int_equal(find_line(&s, "SET", "requests_per_sec", NULL)->line, 9);
    assert_int_equal(find_line(&s, "GET", "complete_requests", NULL)->line, 12);
    /* the < 6.2 histogram holds no exact percentile */
    assert_int_equal(tu_count(&s, "latency_p50"), 0);
    assert_int_equal(tu_count(&s, "latency_max"), 0);
    assert_int_equal(s.n, 6);
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

/* Quiet lines of Redis < 6.2 ("%s: %.2f requests per second\n", progress
 * "%s: %.2f\r"), with 2.4's titles that hold commas and colons around. */
static const char old_quiet_layout[] =
    "$ redis-benchmark -q -n 20000\n"
    "PING (inline): 12000.00\rPING (inline): 108695.65 requests per second\n"
    "LPUSH (again, in order to bench LRANGE): 107526.88 requests per second\n"
    "LRANGE (first 450 elements): 37453.18 requests per second   \n"
    "\n";

static void redis__quiet_old__titles_with_commas(void **state)
{
    (void)state;
    assert_true(bdb_parser_redis_benchmark.sniff(old_quiet_layout,
                                                 strlen(old_quiet_layout)) >=
                BDB_SNIFF_THRESHOLD);
    bdb_sink s;
    parse_ok_text(old_quiet_layout, NULL, &s);
    tu_assert_value(&s, "PING (inline)", "requests_per_sec", NULL, 108695.65, 1e-12);
    tu_assert_value(&s, "LPUSH (again, in order to bench LRANGE)",
                    "requests_per_sec", NULL, 107526.88, 1e-12);
    tu_assert_value(&s, "LRANGE (first 450 elements)", "requests_per_sec", NULL,
                    37453.18, 1e-12);
    assert_int_equal(s.n, 3);
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

/* ------------------------------------------------------- broken input */

static void redis__server_error_abort__error_names_the_line(void **state)
{
    (void)state;
    size_t len;
    char *t = tu_read("tests/fixtures/redis-benchmark/error-incr-not-integer.txt", &len);
    assert_true(bdb_parser_redis_benchmark.sniff(t, len) >= BDB_SNIFF_THRESHOLD);
    expect_error(t, 2, "Error from server: ERR value is not an integer");
    free(t);
}

static void redis__truncated_text__error_names_the_report(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    /* inside the GET report (its header is line 44) */
    char *a = first_lines(good, 60);
    tu_expect_warning(NULL, a, NULL, 1, 44, "'GET'");
    /* the summary header without its values */
    char *b = first_lines(good, 42);
    expect_error(b, 1, "latency summary");
    /* only the title */
    char *c = first_lines(good, 1);
    expect_error(c, 1, "requests completed");
    /* a new report while one is open */
    char *d = replace(good, "Summary:\n  throughput summary: 105820.11",
                      "Summary:\n====== GET ======\n  throughput summary: 105820.11");
    expect_error(d, 1, "'SET'");
    /* old layout cut before the rate */
    char *e = first_lines(old_text_layout, 8);
    expect_error(e, 1, "requests per second");
    free(a);
    free(b);
    free(c);
    free(d);
    free(e);
    free(good);
}

static void redis__truncated_quiet_and_csv__error_with_line(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "quiet-default-n20000.txt", &len);
    /* the capture stops while SET was running: progress only on line 3 */
    const char *cut = strstr(good, "SET: 106382.98");
    char *q = malloc(len + 1);
    snprintf(q, len + 1, "%.*s", (int)(cut - good), good);
    tu_expect_warning(NULL, q, NULL, 1, 3, "'SET' did not finish");
    free(q);
    free(good);

    good = tu_read(DIR_ "reds-bench-8.csv", &len);
    char *h = first_lines(good, 1);
    expect_error(h, 1, "header without rows");
    /* a row cut inside a field */
    char *r = malloc(len + 1);
    const char *mid = strstr(good, "\"GET\",\"") + 9;
    snprintf(r, len + 1, "%.*s", (int)(mid - good), good);
    tu_expect_warning(NULL, r, NULL, 1, 3, "fields");
    free(h);
    free(r);
    free(good);
}

static void redis__garbled_lines__error_with_line(void **state)
{
    (void)state;
    size_t len;
    char *good = tu_read(DIR_ "full-set-get-n20000.txt", &len);
    char *a = replace(good, "  50 parallel clients", "  fifty parallel clients");
    expect_error(a, 3, "unexpected text");
    char *b = replace(good, "0.246     0.072", "0.246     zero");
    expect_error(b, 43, "latency values");
    char *c = replace(good, "completed in 0.19 seconds", "completed in soon");
    expect_error(c, 2, "requests completed");
    free(a);
    free(b);
    free(c);
    free(good);
    good = tu_read(DIR_ "reds-bench-3.csv", &len);
    char *d = replace(good, "\"76923.08\"", "\"fast\"");
    expect_error(d, 2, "number");
    free(d);
    free(good);
}

static void redis__every_prefix__never_crashes(void **state)
{
    (void)state;
    static const char *const files[] = {
        DIR_ "full-set-get-P16.txt", DIR_ "quiet-set-get-P16.txt",
        DIR_ "csv-set-get-d1024.csv",
        "tests/fixtures/redis-benchmark/error-incr-not-integer.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = tu_read(files[f], &len);
        for (size_t cut = 0; cut <= len; cut++) {
            bdb_sink s;
            bdb_sink_init(&s);
            bdb_diag diag;
            bdb_diag_clear(&diag);
            (void)bdb_parser_redis_benchmark.sniff(text, cut);
            (void)bdb_parser_redis_benchmark.parse(text, cut, NULL, &s, &diag);
            bdb_sink_free(&s);
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



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(redis__csv_header_form__every_column_in_canonical_units),
        cmocka_unit_test(redis__csv_default_tests__titles_with_parentheses),
        cmocka_unit_test(redis__csv_old_two_columns__rate_only),
        cmocka_unit_test(redis__csv_bom_crlf_prompts_two_runs__repetitions),
        cmocka_unit_test(redis__csv_unknown_column__warned_and_skipped),
        cmocka_unit_test(redis__text_7x__summary_table_and_parameters),
        cmocka_unit_test(redis__text_threads_and_keepalive0__parameters),
        cmocka_unit_test(redis__text_sweep__one_series_per_client_count),
        cmocka_unit_test(redis__text_full_default__titles_and_custom_command),
        cmocka_unit_test(redis__text_old_histogram__rate_without_invented_percentiles),
        cmocka_unit_test(redis__quiet_7x__progress_carriage_returns_skipped),
        cmocka_unit_test(redis__quiet_old__titles_with_commas),
        cmocka_unit_test(redis__pipeline_is_not_printed__user_param_kept),
        cmocka_unit_test(redis__version_line__recorded),
        cmocka_unit_test(redis__inf_rate__warned_not_stored),
        cmocka_unit_test(redis__server_error_abort__error_names_the_line),
        cmocka_unit_test(redis__truncated_text__error_names_the_report),
        cmocka_unit_test(redis__truncated_quiet_and_csv__error_with_line),
        cmocka_unit_test(redis__garbled_lines__error_with_line),
        cmocka_unit_test(redis__every_prefix__never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
