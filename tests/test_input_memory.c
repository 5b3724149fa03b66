/* test_input_memory.c - large inputs read within a fixed peak-RSS bound
 * (the child's, from wait4): a 200 MB file imported, a dry run of 200,000
 * rows, a 150 MB iperf3 -J document parsed, a fio JSON of 2,400 jobs
 * parsed. Its own program, so that the
 * children are forked from a small parent (a fork's resident pages count
 * in the child's peak until it execs). No timing is asserted. */
#include "test_util.h"

#include "../common/bdb_error.h"
#include "../common/bdb_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define RSS_BOUND_MB 160 /* ASan's shadow memory, a small quarantine */
#else
#define RSS_BOUND_MB 64
#endif

/* 200 MB read once: real rows of the results CSV, each followed by a
 * 100 KB blank line (blank lines are skipped), so that every pass over
 * the bytes (digest, compressed copy, NUL scan, parse) reads 200 MB while
 * the parse and the store stay cheap. Holding the file, as the import
 * did, is 200 MB of resident memory. */
static void input__import_of_a_200_mb_file__stays_within_a_fixed_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024];
    snprintf(csv, sizeof csv, "%s/padded.csv", dir);
    snprintf(db, sizeof db, "%s/padded.sqlite", dir);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    char pad[100 * 1024];
    memset(pad, ' ', sizeof pad);
    for (int i = 0; i < 2000; i++) {
        fprintf(f, "box%d,gzip,gzip,real,%d.%03d,s,threads=%d\n", i % 5,
                1 + i % 7, i % 1000, i % 4);
        assert_int_equal(fwrite(pad, 1, sizeof pad, f), sizeof pad);
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);

    const char *argv[] = {"--db", db, "import", "-q", "--format",
                          "results-csv", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "importing a 200 MB file", NULL, 0, argv);
    /* reparse inflates the stored copy into a temporary file and reads
     * it as the import read the file */
    const char *rargv[] = {"--db", db, "reparse", "--all", NULL};
    tu_run_within(RSS_BOUND_MB, "reparsing a 200 MB source", NULL, 0, rargv);

    /* every row landed, and the stored copy is the file */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv", db), 0);
    assert_non_null(strstr(out.data, ",gzip,gzip,real,threads=3,s,lower,"));
    bdb_store *st = NULL;
    bdb_diag diag;
    bdb_diag_clear(&diag);
    assert_int_equal(bdb_store_open(&st, db, &diag), BDB_OK);
    long long *ids = NULL;
    size_t nids = 0;
    assert_int_equal(bdb_store_source_ids(st, &ids, NULL, &nids), BDB_OK);
    assert_int_equal(nids, 1);
    bdb_stored_source src;
    assert_int_equal(bdb_store_source_load(st, ids[0], &src), BDB_OK);
    struct stat sb;
    assert_int_equal(stat(csv, &sb), 0);
    assert_int_equal(src.size, (size_t)sb.st_size);
    bdb_input in;
    char msg[256];
    assert_int_equal(bdb_input_open(&in, csv, msg, sizeof msg), BDB_OK);
    assert_memory_equal(src.raw, in.data, src.size);
    bdb_input_close(&in);
    free(ids);
    bdb_stored_source_free(&src);
    bdb_store_close(st);
    bdb_buf_free(&out);
    unlink(csv);
}

/* The number after "prefix" in text (a count benchdb printed). */
static long count_after(const char *text, const char *prefix)
{
    const char *p = strstr(text, prefix);
    assert_non_null(p);
    return strtol(p + strlen(prefix), NULL, 10);
}

/* A text log whose tool is detected, not given: detection and the
 * unread-figure account look for JSON objects through the whole file,
 * and that search kept every page it passed (a 200 MB ab log imported
 * in 215 MB). The real keepalive run, 1,000 times, each run followed by
 * a 100 KB blank line (blank lines are skipped), so that every pass
 * reads 100 MB while the parse and the store stay cheap. */
static void input__import_of_a_100_mb_detected_ab_log__stays_within_a_fixed_bound(
    void **state)
{
    (void)state;
    const char *sample = "samples/ab/bin-keepalive-c4.txt";
    size_t len;
    char *run = tu_read(sample, &len);
    const char *dir = tu_tmpdir();
    char log[1024], db[1024];
    snprintf(log, sizeof log, "%s/ab-runs.txt", dir);
    snprintf(db, sizeof db, "%s/ab-runs.sqlite", dir);
    FILE *f = fopen(log, "w");
    assert_non_null(f);
    static char pad[100 * 1024];
    memset(pad, ' ', sizeof pad);
    const int runs = 1000;
    for (int i = 0; i < runs; i++) {
        assert_int_equal(fwrite(run, 1, len, f), len);
        assert_int_equal(fwrite(pad, 1, sizeof pad, f), sizeof pad);
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);
    free(run);

    /* what one run gives */
    bdb_buf one;
    bdb_buf_init(&one);
    assert_int_equal(tu_run(&one, "parse '%s'", tu_path(sample)), 0);
    long per_run = count_after(one.data, ": ab 2.3, ");
    assert_true(per_run > 10);

    char out[4096];
    const char *argv[] = {"--db", db, "import", log, NULL};
    tu_run_within(RSS_BOUND_MB, "importing a 100 MB ab log, tool detected",
                  out, sizeof out, argv);
    assert_int_equal(count_after(out, "1 imported ("), per_run * runs);
    const char *pargv[] = {"parse", log, NULL};
    tu_run_within(RSS_BOUND_MB, "parsing a 100 MB ab log, tool detected",
                  out, sizeof out, pargv);
    assert_non_null(strstr(out, ": ab 2.3, "));
    assert_int_equal(count_after(out, ": ab 2.3, "), per_run * runs);
    bdb_buf_free(&one);
    unlink(log);
}

/* import --dry-run counts the figures and the parameters they share as
 * they stream by: 200,000 rows (700 MB when collected) stay small. */
static void input__dry_run_of_200k_rows__stays_within_a_fixed_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024];
    snprintf(csv, sizeof csv, "%s/dry.csv", dir);
    snprintf(db, sizeof db, "%s/dry.sqlite", dir);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    for (int i = 0; i < 200000; i++)
        fprintf(f, "box%d,gzip,gzip,real,%d.%03d,s,threads=%d;level=9\n",
                i % 5, 1 + i % 7, i % 1000, i % 4);
    assert_int_equal(fclose(f), 0);
    char out[4096];
    const char *argv[] = {"--db", db, "import", "--dry-run", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "a dry run of 200,000 rows", out, sizeof out,
                  argv);
    assert_non_null(strstr(out, "results-csv, 200000 figures, platform "
                                "(none), parameters level=9, 0 warnings"));
}

/* An iperf3 -J log of a long run is mostly its "intervals": each one is
 * decoded on its own, and what is kept of it is what the run's interval
 * figures need, so a 150 MB document (the real sample's intervals
 * repeated) parses within a bound of its own, to the same figures (the
 * interval statistics are the same intervals again). The whole document
 * in jansson took about 430 MB; keeping each interval's sum and its
 * observation until the figures went out, 47 MB (28 MB now). */
#if defined(__SANITIZE_ADDRESS__)
#define IPERF3_BOUND_MB RSS_BOUND_MB
#else
#define IPERF3_BOUND_MB 36
#endif

static void input__long_iperf3_json__parses_within_a_fixed_bound(void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read("samples/iperf3/json-tcp-P4.json", &len);
    const char *iv = strstr(text, "\"intervals\"");
    assert_non_null(iv);
    const char *lb = strchr(iv, '[');
    assert_non_null(lb);
    /* the array's end: brackets outside strings (the sample has no
     * brackets in its strings) */
    const char *rb = NULL;
    int depth = 0;
    for (const char *c = lb; *c && !rb; c++) {
        if (*c == '[')
            depth++;
        else if (*c == ']' && --depth == 0)
            rb = c;
    }
    assert_non_null(rb);
    const char *dir = tu_tmpdir();
    char path[1024];
    snprintf(path, sizeof path, "%s/long-iperf3.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, (size_t)(lb + 1 - text), f),
                     (size_t)(lb + 1 - text));
    size_t inner = (size_t)(rb - lb - 1), written = 0;
    for (int k = 0; written < ((size_t)150 << 20); k++) {
        if (k)
            fputc(',', f);
        assert_int_equal(fwrite(lb + 1, 1, inner, f), inner);
        written += inner + 1;
    }
    size_t rest = len - (size_t)(rb - text);
    assert_int_equal(fwrite(rb, 1, rest, f), rest);
    assert_int_equal(fclose(f), 0);
    free(text);

    /* --tool: detection is not what this measures (its sniffers read
     * the whole file) */
    char out[256];
    const char *argv[] = {"parse", "--tool", "iperf3", path, NULL};
    tu_run_within(IPERF3_BOUND_MB, "parsing a 150 MB iperf3 JSON", out,
                  sizeof out, argv);
    assert_non_null(strstr(out, ": iperf3 iperf 3.12, 53 figures"));
    unlink(path);
}

/* A fio --output-format=json of thousands of jobs: the document keeps a
 * compact record per job (not its 4.5 KB working entry) and each series
 * past the first 16,384 a 16-byte record (not a 150-byte ref). The file
 * is the real 8-clone sample's "jobs" repeated 300 times under other job
 * names, in two documents (a repeated run): 2,400 jobs, 105,000 series
 * each measured twice. Before, its parse took about twice this bound. */
#if defined(__SANITIZE_ADDRESS__)
#define FIO_RSS_BOUND_MB 160
#else
#define FIO_RSS_BOUND_MB 40
#endif

static void input__fio_json_of_2400_jobs__parses_within_a_fixed_bound(
    void **state)
{
    (void)state;
    size_t len;
    char *text = tu_read("samples/fio/json-randread-4k-j8-qd32.json", &len);
    const char *jobs = strstr(text, "\"jobs\" : [");
    assert_non_null(jobs);
    const char *lb = strchr(jobs, '[') + 1;
    const char *rb = strstr(lb, "\n  ]");
    assert_non_null(rb);
    static const char name[] = "\"jobname\" : \"randread-4k\"";
    const char *dir = tu_tmpdir();
    char path[1024];
    snprintf(path, sizeof path, "%s/many-jobs-fio.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int run = 0; run < 2; run++) {
        assert_int_equal(fwrite(text, 1, (size_t)(lb - text), f),
                         (size_t)(lb - text));
        for (int c = 0; c < 300; c++) {
            if (c)
                fputc(',', f);
            const char *p = lb;
            for (const char *q; (q = strstr(p, name)) && q < rb;
                 p = q + sizeof name - 1) {
                fwrite(p, 1, (size_t)(q - p), f);
                fprintf(f, "\"jobname\" : \"randread-4k-%d\"", c);
            }
            fwrite(p, 1, (size_t)(rb - p), f);
        }
        size_t rest = len - (size_t)(rb - text);
        assert_int_equal(fwrite(rb, 1, rest, f), rest);
    }
    assert_int_equal(fclose(f), 0);
    free(text);

    /* its output (~40 MB) is read here, after the child's peak */
    size_t outsz = (size_t)64 << 20;
    char *out = malloc(outsz);
    assert_non_null(out);
    const char *argv[] = {"parse", "--tool", "fio", path, NULL};
    tu_run_within(FIO_RSS_BOUND_MB, "parsing a fio JSON of 2,400 jobs", out,
                  outsz, argv);
    /* every figure, each series twice: repetitions 1 and 2 */
    assert_true(strlen(out) < outsz - 1);   /* all of it */
    size_t rep[4] = {0};
    for (const char *l = out; l && *l;) {
        const char *eol = strchr(l, '\n');
        const char *end = eol ? eol : l + strlen(l), *tab = end;
        while (tab > l && tab[-1] != '\t')
            tab--;  /* the last field: the repetition */
        if (*l != '#')
            rep[end - tab == 1 && (*tab == '1' || *tab == '2') ? *tab - '0'
                                                                : 3]++;
        l = eol ? eol + 1 : NULL;
    }
    assert_true(rep[1] > 100000);
    assert_int_equal(rep[2], rep[1]);
    assert_int_equal(rep[0] + rep[3], 0);
    /* the last clone of the last job is still clone 7 of 8 */
    /* (direct, runtime and size are kept beside the identity) */
    assert_non_null(strstr(out, "\trandread-4k-299\tiops\tblock_size=4096,"
                                "direction=read,iodepth=32,"
                                "ioengine=libaio,job=7,numjobs=8,"));
    free(out);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(input__dry_run_of_200k_rows__stays_within_a_fixed_bound),
        cmocka_unit_test(input__long_iperf3_json__parses_within_a_fixed_bound),
        cmocka_unit_test(input__fio_json_of_2400_jobs__parses_within_a_fixed_bound),
        cmocka_unit_test(input__import_of_a_100_mb_detected_ab_log__stays_within_a_fixed_bound),
        /* last: it loads the 200 MB stored copy into this process */
        cmocka_unit_test(input__import_of_a_200_mb_file__stays_within_a_fixed_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
