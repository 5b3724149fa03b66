/* test_identity.c - "is this the same measurement?" on real logs made
 * with the real tools (samples/identity/README.md): the JSON and the text
 * output of one fio job, a dd log and a results-CSV row written with dd's
 * own options, ab runs of one page on two hosts; and scores that count one
 * figure of merit per run. Each case runs the benchdb binary as a user
 * does and reads its JSON report. */
#include "test_util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ID_DIR BDB_SOURCE_DIR "/samples/identity/"

static char db[700];

static void fresh_db(const char *name)
{
    snprintf(db, sizeof db, "%s/%s.sqlite", tu_tmpdir(), name);
    remove(db);
}

static int run(bdb_buf *out, const char *args)
{
    bdb_buf_reset(out);
    return tu_run(out, "--db '%s' %s", db, args);
}

static json_t *report_json(void)
{
    bdb_buf out;
    bdb_buf_init(&out);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --format json 2>/dev/null",
                            db), 0);
    json_error_t err;
    json_t *r = json_loadb(out.data, out.len, 0, &err);
    if (!r)
        fail_msg("report JSON: %s", err.text);
    bdb_buf_free(&out);
    return r;
}

/* The series of tool/metric with exactly params, or NULL. */
static json_t *find_series(json_t *r, const char *tool, const char *metric,
                           const char *params)
{
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(r, "series"), i, s) {
        if (!strcmp(json_string_value(json_object_get(s, "tool")), tool) &&
            !strcmp(json_string_value(json_object_get(s, "metric")), metric) &&
            !strcmp(json_string_value(json_object_get(s, "parameters")), params))
            return s;
    }
    return NULL;
}

static size_t platforms_measured(json_t *s)
{
    size_t i, n = 0;
    json_t *c;
    json_array_foreach(json_object_get(s, "cells"), i, c)
        n += json_integer_value(json_object_get(c, "n")) > 0;
    return n;
}

/* How many times needle occurs in text. */
static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* n_used of the category's score of platform, or -1. */
static long long score_n(json_t *r, const char *category, const char *platform)
{
    size_t i;
    json_t *sc;
    json_array_foreach(json_object_get(r, "scores"), i, sc) {
        if (!strcmp(json_string_value(json_object_get(sc, "category")), category) &&
            !strcmp(json_string_value(json_object_get(sc, "platform")), platform))
            return json_integer_value(json_object_get(sc, "n_used"));
    }
    return -1;
}

/* The headline (overview) series of tool in the report. */
static size_t headline_count(json_t *r, const char *tool)
{
    size_t i, n = 0;
    json_t *s;
    json_array_foreach(json_object_get(r, "series"), i, s)
        n += !strcmp(json_string_value(json_object_get(s, "tool")), tool) &&
             json_is_true(json_object_get(s, "headline"));
    return n;
}

/* Seed 001's job (randread 4k, iodepth 32, numjobs 4): JSON on one box,
 * the normal output on another. The JSON echoes direct, runtime and size,
 * which the text never prints: they are kept beside the identity, and the
 * clones' total is the one figure the disk score counts. */
static void identity__fio_json_and_text__one_series_one_score_figure(void **state)
{
    (void)state;
    fresh_db("fio");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import --platform json-box '" ID_DIR
                               "fio-seed001-json.json'"), 0);
    assert_int_equal(run(&out, "import --platform text-box '" ID_DIR
                               "fio-seed001-normal.txt'"), 0);
    json_t *r = report_json();
    const char *total = "block_size=4096,direction=read,iodepth=32,"
                        "ioengine=libaio,numjobs=4,rw=randread";
    json_t *iops = find_series(r, "fio", "iops", total);
    json_t *bw = find_series(r, "fio", "bandwidth", total);
    assert_non_null(iops);
    assert_non_null(bw);
    assert_int_equal(platforms_measured(iops), 2);
    assert_int_equal(platforms_measured(bw), 2);
    /* each clone is a series of both platforms too, but not of merit */
    json_t *clone = find_series(r, "fio", "iops",
                                "block_size=4096,direction=read,iodepth=32,"
                                "ioengine=libaio,job=3,numjobs=4,rw=randread");
    assert_non_null(clone);
    assert_false(json_is_true(json_object_get(clone, "headline")));
    assert_true(json_is_true(json_object_get(iops, "headline")));
    assert_false(json_is_true(json_object_get(bw, "headline")));
    /* one job, one direction (rw=randread): one figure in the disk score
     * and one overview row */
    assert_int_equal(score_n(r, "disk", "text-box"), 1);
    assert_int_equal(headline_count(r, "fio"), 1);
    json_decref(r);
    /* what left the identity is kept with the source */
    assert_int_equal(run(&out, "report --format text --width 300"), 0);
    assert_non_null(strstr(out.data, "direct=1"));
    assert_non_null(strstr(out.data, "size=16777216"));
    bdb_buf_free(&out);
}

/* A results-CSV row spelled as dd's command line (bs=1M) and a real dd
 * log of `bs=1M count=200 conv=fdatasync` are one series. */
static void identity__dd_options_in_csv_and_real_log__one_series(void **state)
{
    (void)state;
    fresh_db("dd");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import '" ID_DIR "dd-published-bs1M.csv'"), 0);
    assert_int_equal(run(&out, "import --platform local '" ID_DIR
                               "dd-write-bs1M-count200.txt'"), 0);
    json_t *r = report_json();
    json_t *s = find_series(r, "dd", "throughput",
                            "block_size=1048576,conv=fdatasync,count=200,"
                            "direction=write");
    assert_non_null(s);
    assert_int_equal(platforms_measured(s), 2);
    json_decref(r);
    bdb_buf_free(&out);
}

/* ab against the same page on two hosts and ports (127.0.0.1:18931,
 * 127.0.0.2:18933): host and port are environment, so the runs compare
 * by default. */
static void identity__ab_same_page_two_hosts__compared_by_default(void **state)
{
    (void)state;
    fresh_db("ab");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import --platform box1 '" ID_DIR
                               "ab-127.0.0.1-c4.txt'"), 0);
    assert_int_equal(run(&out, "import --platform box2 '" ID_DIR
                               "ab-127.0.0.2-c4.txt'"), 0);
    json_t *r = report_json();
    json_t *s = find_series(r, "ab", "requests_per_sec",
                            "concurrency=4,document_length=34,keepalive=0,"
                            "path=/a/index.html,requests=300,"
                            "server=SimpleHTTP");
    assert_non_null(s);
    assert_int_equal(platforms_measured(s), 2);
    /* requests/s counts; the transfer rate restates it */
    assert_int_equal(score_n(r, "web", "box2"), 1);
    json_decref(r);
    bdb_buf_free(&out);
}

/* The seeds' published figures (samples/published): every score figure
 * is one distinct measurement. x86-B against ARM-FT1500A: dd read and
 * write with direct I/O and with fsync (4) and hdparm's cached and
 * buffered reads (2) on disk; iperf's one TCP rate; x86-A: bc-pi's real
 * time and tmpfs read and write. */
static void identity__seed_workflow__one_figure_per_measurement(void **state)
{
    (void)state;
    fresh_db("seeds");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run(&out, "import --path-pattern "
                               "'seed002-{benchmark}@{platform}.txt' '"
                               BDB_SOURCE_DIR "/samples/published' '"
                               BDB_SOURCE_DIR "/samples/time' '"
                               BDB_SOURCE_DIR "/samples/hdparm'"), 0);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --format json "
                                  "--platforms ARM-FT1500A,x86-A,x86-B "
                                  "--baseline ARM-FT1500A 2>/dev/null", db), 0);
    json_error_t err;
    json_t *r = json_loadb(out.data, out.len, 0, &err);
    assert_non_null(r);
    assert_int_equal(score_n(r, "disk", "x86-B"), 6);
    assert_int_equal(score_n(r, "network", "x86-B"), 1);
    assert_int_equal(score_n(r, "cpu", "x86-A"), 1);
    assert_int_equal(score_n(r, "memory", "x86-A"), 2);
    json_decref(r);
    bdb_buf_free(&out);
}

/* --benchmark on a folder of time, dd and fio logs (real samples): time's
 * figures take the name (its benchmark is the timed command); dd and fio
 * name their own and keep them, and their files say the option passed
 * them by. With --summary, a whole ab report among the cut lines is read
 * as ab's, with a note, and the cut lines are named by the tool. */
static void identity__benchmark_on_mixed_folder__renames_only_time(void **state)
{
    (void)state;
    fresh_db("mixed");
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[6000];
    char tmp[600];  /* each fresh_db may make another temporary folder */
    snprintf(tmp, sizeof tmp, "%s", tu_tmpdir());
    snprintf(cmd, sizeof cmd, "rm -rf '%s/mixed' '%s/cut' && "
             "mkdir -p '%s/mixed' '%s/cut' && "
             "cp '%s/samples/time/bash-default-bc-pi.txt' "
             "'%s/samples/dd/gnu-bash-x-write-bs1M-count64.txt' "
             "'%s/samples/identity/fio-seed001-normal.txt' '%s/mixed/' && "
             "cp '%s/tests/fixtures/ab/real-seed000-summary-transfer-rate.txt' "
             "'%s/cut/ab-plain.txt' && "
             "cp '%s/samples/ab/html-c10.txt' '%s/cut/'",
             tmp, tmp, tmp, tmp, BDB_SOURCE_DIR, BDB_SOURCE_DIR,
             BDB_SOURCE_DIR, tmp, BDB_SOURCE_DIR, tmp, BDB_SOURCE_DIR, tmp);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "import --platform local --benchmark bc-pi "
             "'%s/mixed' 2>&1", tmp);
    assert_int_equal(run(&out, cmd), 0);
    assert_non_null(strstr(out.data, "gnu-bash-x-write-bs1M-count64.txt: "
                                     "note: --benchmark 'bc-pi' not applied"));
    assert_non_null(strstr(out.data, "fio-seed001-normal.txt: note: "
                                     "--benchmark 'bc-pi' not applied"));
    assert_null(strstr(out.data, "bash-default-bc-pi.txt: note"));
    /* time's three figures (real, user, sys: lines 3-5) are bc-pi */
    assert_int_equal(run(&out, "list results --format csv --benchmark bc-pi"),
                     0);
    assert_int_equal(count_of(out.data, ",time,bc-pi,"), 3);
    assert_null(strstr(out.data, ",dd,"));
    assert_null(strstr(out.data, ",fio,"));
    /* dd's throughput (line 4 of its log) stays dd's */
    assert_int_equal(run(&out, "list results --format csv --tool dd "
                               "--metric throughput"), 0);
    assert_non_null(strstr(out.data, "local,dd,dd,throughput,"));
    /* --tool dd names dd's files */
    fresh_db("mixed-dd");
    snprintf(cmd, sizeof cmd, "import --platform local --tool dd --benchmark "
             "seq-write '%s/mixed/gnu-bash-x-write-bs1M-count64.txt'", tmp);
    assert_int_equal(run(&out, cmd), 0);
    assert_int_equal(run(&out, "list results --format csv --metric "
                               "throughput"), 0);
    assert_non_null(strstr(out.data, "local,dd,seq-write,throughput,"));

    fresh_db("cut");
    snprintf(cmd, sizeof cmd, "import --platform local --summary "
             "'C={concurrency} : {value}' --tool ab --metric transfer_rate "
             "--unit 'Kbytes/sec' '%s/cut' 2>&1", tmp);
    assert_int_equal(run(&out, cmd), 0);
    assert_non_null(strstr(out.data, "html-c10.txt: note: --summary, --metric "
                                     "and --unit not applied"));
    assert_int_equal(run(&out, "list results --format csv --metric "
                               "transfer_rate"), 0);
    /* the report's own transfer rate, and the 12 cut lines named ab */
    assert_non_null(strstr(out.data, "local,ab,/index.html,transfer_rate,"));
    assert_int_equal(count_of(out.data, "local,ab,ab,"
                                                   "transfer_rate,"), 12);
    bdb_buf_free(&out);
}

/* Seed 003's workflow: redis-benchmark --csv of one client count on two
 * boxes (the same real capture, the second gzip-compressed as archives
 * keep it). One score figure per test: its requests/s, not its six
 * latency columns. The expected count is the CSV's data rows. */
static void identity__seed003_redis_csv__one_figure_per_test(void **state)
{
    (void)state;
    fresh_db("seed003");
    bdb_buf out;
    bdb_buf_init(&out);
    size_t len;
    char *raw = tu_read("samples/redis-benchmark/csv-default-n2000.csv", &len);
    size_t tests = 0;
    for (const char *p = raw; (p = strstr(p, "\n\"")); p++)
        tests++;
    free(raw);
    assert_int_equal(tests, 20);
    char tmp[600], cmd[3000];
    snprintf(tmp, sizeof tmp, "%s", tu_tmpdir());
    snprintf(cmd, sizeof cmd, "gzip -c '%s/samples/redis-benchmark/"
             "csv-default-n2000.csv' > '%s/reds-bench-20.csv.gz'",
             BDB_SOURCE_DIR, tmp);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(run(&out, "import --platform pi --param clients=20 '"
                               BDB_SOURCE_DIR "/samples/redis-benchmark/"
                               "csv-default-n2000.csv'"), 0);
    snprintf(cmd, sizeof cmd, "import --platform x86 --param clients=20 "
             "'%s/reds-bench-20.csv.gz'", tmp);
    assert_int_equal(run(&out, cmd), 0);
    json_t *r = report_json();
    assert_int_equal(score_n(r, "key-value", "x86"), (long long)tests);
    assert_int_equal(headline_count(r, "redis-benchmark"), tests);
    json_decref(r);
    bdb_buf_free(&out);
}

/* Seed 000's openssl workflow: the script's `#N :` rows of one cipher at
 * -multi 2, kept as ssl_m2_<cipher>.txt per platform (the second box's
 * as the archive's .gz of the same capture). Each row's figures are the
 * block sizes: that many series, drawn as a sweep, and one score figure
 * per cipher. The counts come from the raw rows. */
static void identity__seed000_openssl_tree__one_figure_per_cipher(void **state)
{
    (void)state;
    fresh_db("seed000");
    bdb_buf out;
    bdb_buf_init(&out);
    const char *rel = "samples/openssl-speed/seed000-loop-m2-aes-256-cbc.txt";
    size_t len;
    char *raw = tu_read(rel, &len);
    /* the first row: "#1 :<cipher>" and its figures, each ending in k */
    const char *row = strstr(raw, ":") + 1, *end = strchr(row, '\n');
    size_t sizes = 0;
    for (const char *p = row; p < end; p++)
        sizes += *p == 'k' && (p[1] == ' ' || p[1] == '\n');
    size_t ciphers = 0;
    char first[64] = "";
    for (const char *p = raw; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        const char *c = strstr(p, ":") + 1;
        size_t n = strcspn(c, " ");
        if (n < sizeof first && (!first[0] || strncmp(first, c, n) != 0)) {
            memcpy(first, c, n);
            first[n] = '\0';
            ciphers++;
        }
    }
    free(raw);
    assert_int_equal(sizes, 6);
    assert_int_equal(ciphers, 1);
    char tmp[600], cmd[8000];
    snprintf(tmp, sizeof tmp, "%s", tu_tmpdir());
    snprintf(cmd, sizeof cmd, "rm -rf '%s/ssl' && mkdir -p '%s/ssl/x86' "
             "'%s/ssl/arm' && cp '%s/%s' '%s/ssl/x86/ssl_m2_%s.txt' && "
             "gzip -c '%s/%s' > '%s/ssl/arm/ssl_m2_%s.txt.gz'", tmp, tmp, tmp,
             BDB_SOURCE_DIR, rel, tmp, first, BDB_SOURCE_DIR, rel, tmp, first);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "import --tool openssl-speed --platform "
             "'{platform}' --param elapsed=1 --path-pattern "
             "'{platform}/ssl_m{multi}_{benchmark}.txt' --path-pattern "
             "'{platform}/ssl_m{multi}_{benchmark}.txt.gz' '%s/ssl'", tmp);
    assert_int_equal(run(&out, cmd), 0);
    json_t *r = report_json();
    assert_int_equal(json_array_size(json_object_get(r, "series")), sizes);
    assert_int_equal(score_n(r, "crypto", "x86"), (long long)ciphers);
    assert_int_equal(headline_count(r, "openssl-speed"), ciphers);
    json_decref(r);
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identity__fio_json_and_text__one_series_one_score_figure),
        cmocka_unit_test(identity__dd_options_in_csv_and_real_log__one_series),
        cmocka_unit_test(identity__ab_same_page_two_hosts__compared_by_default),
        cmocka_unit_test(identity__seed_workflow__one_figure_per_measurement),
        cmocka_unit_test(identity__benchmark_on_mixed_folder__renames_only_time),
        cmocka_unit_test(identity__seed003_redis_csv__one_figure_per_test),
        cmocka_unit_test(identity__seed000_openssl_tree__one_figure_per_cipher),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
