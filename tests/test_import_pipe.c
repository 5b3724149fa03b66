/* test_import_pipe.c - the import's worker threads (import/pipe.h) change
 * nothing but the time: every real sample and fixture imported in one
 * batch with the workers and without (BDB_IMPORT_THREADS=1) gives the
 * same database, ids and times aside, and the same output; so do a
 * second import into the same database (every file already present), a
 * batch mixing gzip files, files past what the worker holds (streamed
 * by the writer) and files that fail, and the next files into it. A
 * file imported alone, parsed on a worker while the writer stores it
 * (import/overlap.h), gives the same too. */
#include "test_util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    return 0;
}

/* Every table's rows in rowid order, one line each; the columns that
 * hold the time of the import read "T". */
static void dump(const char *path, bdb_buf *out)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *tables;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT name FROM sqlite_master "
                                           "WHERE type = 'table' ORDER BY "
                                           "name", -1, &tables, NULL),
                     SQLITE_OK);
    bdb_buf_reset(out);
    while (sqlite3_step(tables) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(tables, 0);
        char sql[300];
        snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", t);
        sqlite3_stmt *q;
        assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &q, NULL), SQLITE_OK);
        bdb_buf_printf(out, "== %s\n", t);
        while (sqlite3_step(q) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(q); c++) {
                const char *name = sqlite3_column_name(q, c);
                int timed = strcmp(name, "imported_at") == 0 ||
                            strcmp(name, "created_at") == 0 ||
                            (strcmp(t, "history") == 0 &&
                             strcmp(name, "at") == 0);
                if (timed) {
                    bdb_buf_puts(out, "|T");
                } else if (sqlite3_column_type(q, c) == SQLITE_BLOB) {
                    const unsigned char *b = sqlite3_column_blob(q, c);
                    int n = sqlite3_column_bytes(q, c);
                    bdb_buf_puts(out, "|x");
                    for (int i = 0; i < n; i++)
                        bdb_buf_printf(out, "%02x", b[i]);
                } else {
                    const unsigned char *v = sqlite3_column_text(q, c);
                    bdb_buf_printf(out, "|%s", v ? (const char *)v : "NULL");
                }
            }
            bdb_buf_puts(out, "\n");
        }
        sqlite3_finalize(q);
    }
    sqlite3_finalize(tables);
    sqlite3_close(h);
    assert_int_equal(out->err, 0);
}

/* Runs the import args with BDB_IMPORT_THREADS=threads (NULL: unset,
 * the default workers) into db; its output (stdout and stderr) into out;
 * returns the exit status. */
static int import_with(const char *threads, const char *db,
                       const char *args, bdb_buf *out)
{
    if (threads)
        setenv("BDB_IMPORT_THREADS", threads, 1);
    else
        unsetenv("BDB_IMPORT_THREADS");
    bdb_buf_reset(out);
    int rc = tu_run(out, "--db '%s' import --set s1 %s", db, args);
    unsetenv("BDB_IMPORT_THREADS");
    return rc;
}

static void same_text(const bdb_buf *a, const bdb_buf *b, const char *what)
{
    if (a->len != b->len || memcmp(a->data, b->data, a->len) != 0) {
        size_t i = 0;
        while (i < a->len && i < b->len && a->data[i] == b->data[i])
            i++;
        size_t from = i > 200 ? i - 200 : 0;
        fprintf(stderr, "%s differ at byte %zu:\n--- one thread:\n%.400s\n"
                "--- worker:\n%.400s\n", what, i, a->data + from,
                b->data + from);
        fail();
    }
}

/* The same import steps into a database made with one thread and one
 * made with BDB_IMPORT_THREADS=threads: each step's output and the
 * databases after it compared. The databases have the same path in turn
 * (the history keeps the command line). */
static void compare_steps(const char *const *steps, size_t nsteps,
                          size_t min_lines, const char *threads)
{
    char db[700], one[700], two[700];
    snprintf(db, sizeof db, "%s/pipe.sqlite", dir);
    snprintf(one, sizeof one, "%s/one.sqlite", dir);
    snprintf(two, sizeof two, "%s/two.sqlite", dir);
    unlink(one);
    unlink(two);
    bdb_buf out1, out2, d1, d2;
    bdb_buf_init(&out1);
    bdb_buf_init(&out2);
    bdb_buf_init(&d1);
    bdb_buf_init(&d2);
    for (size_t s = 0; s < nsteps; s++) {
        /* one thread, kept as one.sqlite */
        if (s)
            assert_int_equal(rename(one, db), 0);
        else
            unlink(db);
        int rc1 = import_with("1", db, steps[s], &out1);
        assert_int_equal(rename(db, one), 0);
        /* the worker, kept as two.sqlite */
        if (s)
            assert_int_equal(rename(two, db), 0);
        else
            unlink(db);
        int rc2 = import_with(threads, db, steps[s], &out2);
        assert_int_equal(rename(db, two), 0);
        assert_int_equal(rc1, rc2);
        same_text(&out1, &out2, "the outputs");
        size_t lines = 0;
        for (size_t i = 0; i < out1.len; i++)
            lines += out1.data[i] == '\n';
        if (lines < min_lines)
            fail_msg("step %zu printed %zu lines, not %zu or more:\n%.2000s",
                     s, lines, min_lines, out1.data ? out1.data : "");
        dump(one, &d1);
        dump(two, &d2);
        same_text(&d1, &d2, "the databases");
    }
    bdb_buf_free(&out1);
    bdb_buf_free(&out2);
    bdb_buf_free(&d1);
    bdb_buf_free(&d2);
    unlink(one);
    unlink(two);
}

/* Every sample and fixture in one batch, then again (all present). */
static void test_samples_and_fixtures(void **state)
{
    (void)state;
    char samples[1000], args[2400];
    snprintf(samples, sizeof samples, "%s", tu_path("samples"));
    snprintf(args, sizeof args, "'%s' '%s'", samples,
             tu_path("tests/fixtures"));
    const char *steps[] = {args, args};
    /* 500+ files: a line for each, the first time imported, failed or
     * platform info, the second time already present */
    compare_steps(steps, 2, 500, NULL);
}

/* rel's bytes into name under the test's folder, again and again until
 * at least at_least bytes are written (0: once). */
static void copy_to(const char *rel, const char *name, size_t at_least)
{
    size_t len;
    char *buf = tu_read(rel, &len);
    char path[900];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    size_t written = 0;
    do {
        assert_int_equal(fwrite(buf, 1, len, f), len);
        written += len;
    } while (written < at_least);
    assert_int_equal(fclose(f), 0);
    free(buf);
}

/* A batch the worker does not hold all of: gzip files (one whose text is
 * past what a record holds), a log past it (a tool's log appended run
 * after run: the real file's bytes again and again), a file that fails,
 * lscpu's output; then more files into the
 * same database. */
static void test_mixed_batch(void **state)
{
    (void)state;
    char mkdir_cmd[2400];
    snprintf(mkdir_cmd, sizeof mkdir_cmd, "rm -rf '%s/mix' '%s/more' && "
             "mkdir -p '%s/mix' '%s/more'", dir, dir, dir, dir);
    assert_int_equal(system(mkdir_cmd), 0);
    copy_to("samples/fio/client-normal-randread-4k.txt", "mix/a-fio.txt", 0);
    copy_to("samples/iperf3/json-tcp-P2.json", "mix/b-iperf3.json", 0);
    copy_to("samples/wrk/bin-latency-t2-c10.txt", "mix/c-wrk.txt", 0);
    /* 3 MB: past BDB_RECORD_TEXT_MAX (2 MB), streamed */
    copy_to("samples/dd/busybox-bash-x-write-bs1M-count16.txt",
            "mix/d-dd-appended.txt", (size_t)3 << 20);
    copy_to("samples/ab/bin-keepalive-c4.txt", "mix/e-ab.txt", 0);
    copy_to("samples/dd/busybox-bash-x-write-bs1M-count16.txt",
            "mix/f-dd-appended.txt", (size_t)3 << 20);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "gzip -c '%s/mix/f-dd-appended.txt' > "
             "'%s/mix/f-dd-appended.txt.gz' && rm '%s/mix/f-dd-appended.txt' "
             "&& gzip -c '%s/mix/a-fio.txt' > '%s/mix/g-fio.txt.gz' && "
             "printf 'no tool printed this\\n' > '%s/mix/h-unknown.txt' && "
             "cp '%s' '%s/mix/i-lscpu.txt' && cp '%s/mix/c-wrk.txt' "
             "'%s/mix/j-wrk-again.txt'",
             dir, dir, dir, dir, dir, dir,
             tu_path("samples/local/lscpu.txt"), dir, dir, dir);
    assert_int_equal(system(cmd), 0);
    copy_to("samples/redis-benchmark/cmd-csv-cluster3-c20-n10000.csv",
            "more/k-redis.csv", 0);
    copy_to("samples/hdparm/bash-x-T-only-loop1.txt", "more/l-hdparm.txt", 0);
    copy_to("samples/wrk/header-timeout-t2-c10.txt", "more/m-wrk.txt", 0);
    char mix[1000], more[1000];
    snprintf(mix, sizeof mix, "--platform p1 '%s/mix'", dir);
    snprintf(more, sizeof more, "--platform p1 '%s/more' '%s/mix'", dir, dir);
    const char *steps[] = {mix, more};
    compare_steps(steps, 2, 8, NULL);
    /* one worker beside the writer */
    compare_steps(steps, 2, 8, "2");
}

/* One file imported alone, its parse on a worker while the writer
 * stores its figures (import/overlap.h) whatever its size
 * (BDB_OVERLAP_MIN_BYTES=0), against one thread. */
static void compare_alone(const char *args)
{
    setenv("BDB_OVERLAP_MIN_BYTES", "0", 1);
    const char *steps[] = {args};
    compare_steps(steps, 1, 1, NULL);
    unsetenv("BDB_OVERLAP_MIN_BYTES");
}

/* Every fio and iperf3 sample (iperf3's intervals are trace points) and
 * every fixture, each imported alone through the worker. */
static void test_overlap_each_file(void **state)
{
    (void)state;
    char cmd[3000];
    snprintf(cmd, sizeof cmd, "find '%s/samples/fio' '%s/samples/iperf3' "
             "'%s/tests/fixtures' -type f | sort", BDB_SOURCE_DIR,
             BDB_SOURCE_DIR, BDB_SOURCE_DIR);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[2000], args[2100];
    size_t n = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        snprintf(args, sizeof args, "--platform p1 '%s'", line);
        compare_alone(args);
        n++;
    }
    assert_int_equal(pclose(p), 0);
    assert_true(n > 200);
}

/* A fio JSON of 800 jobs, 51,000 series, 4.9 MB: past the refs the
 * parse keeps (BDB_REFS_FULL), whose figures reach the writer with a
 * copy of the table's scratch ref, and past what a source's row holds
 * (4 MiB), whose compressed copy a third thread makes meanwhile
 * (bdb_source_copy_make). Made as bench/gen.py fio makes its 14,380 jobs:
 * the real samples/fio/json-randread-4k-j8-qd32.json's eight jobs again
 * and again, each group of eight renamed (randread-4k-0, -1, ...). */
static void test_overlap_many_series(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read("samples/fio/json-randread-4k-j8-qd32.json", &len);
    const char *open_at = strstr(text, "  \"jobs\" : [\n");
    assert_non_null(open_at);
    size_t start = (size_t)(open_at - text) + strlen("  \"jobs\" : [\n");
    const char *close_at = strstr(text + start, "\n  ]");
    assert_non_null(close_at);
    size_t end = (size_t)(close_at - text);
    static const char name[] = "\"jobname\" : \"randread-4k\",";
    char path[900];
    snprintf(path, sizeof path, "%s/many-jobs.json", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, start, f), start);
    size_t renamed = 0;
    for (int k = 0; k < 100; k++) {
        if (k)
            assert_true(fputs(",\n", f) >= 0);
        for (size_t i = start; i < end;) {
            const char *hit = strstr(text + i, name);
            size_t upto = hit && (size_t)(hit - text) < end
                              ? (size_t)(hit - text) : end;
            assert_int_equal(fwrite(text + i, 1, upto - i, f), upto - i);
            if (upto == end)
                break;
            assert_true(fprintf(f, "\"jobname\" : \"randread-4k-%d\",",
                                k) > 0);
            renamed++;
            i = upto + strlen(name);
        }
    }
    assert_int_equal(fwrite(text + end, 1, len - end, f), len - end);
    assert_int_equal(fclose(f), 0);
    free(text);
    assert_int_equal(renamed, 800);
    char args[1000];
    snprintf(args, sizeof args, "--platform p1 '%s'", path);
    compare_alone(args);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_samples_and_fixtures, setup),
        cmocka_unit_test_setup(test_mixed_batch, setup),
        cmocka_unit_test_setup(test_overlap_each_file, setup),
        cmocka_unit_test_setup(test_overlap_many_series, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
