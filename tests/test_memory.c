/* test_memory.c - importing a large valid file stays within a fixed
 * memory bound: figures stream from the parser into the store, so memory
 * follows the number of series, not the number of figures.
 *
 * The file is a results CSV (benchdb's own format for published figures)
 * of 200,000 rows: before streaming, each figure cost ~7 KB held twice,
 * about 2.8 GB here. The bound is the child's peak RSS (getrusage), not a
 * time: no timing is asserted. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define RSS_BOUND_MB 160 /* ASan's shadow memory, a small quarantine */
#else
#define RSS_BOUND_MB 96
#endif

#define ROWS 200000

/* Writes a results CSV of ROWS rows whose values start at offset (two
 * offsets: two files of the same series, other bytes). */
static void write_csv(const char *path, int offset)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    for (int i = 0; i < ROWS; i++)
        fprintf(f, "box%02d,gzip,gzip,real,%d.%03d,s,threads=%d\n", i % 50,
                1 + i % 7, (i + offset) % 1000, i % 8);
    assert_int_equal(fclose(f), 0);
}

static void memory__large_results_csv__imports_within_a_fixed_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024];
    snprintf(csv, sizeof csv, "%s/big.csv", dir);
    snprintf(db, sizeof db, "%s/big.sqlite", dir);
    write_csv(csv, 0);
    const char *argv[] = {"--db", db, "import", "-q", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "importing 200,000 rows", NULL, 0, argv);

    /* every row landed */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv", db), 0);
    assert_non_null(strstr(out.data, ",gzip,gzip,real,threads=7,s,lower,25000,"));
    bdb_buf_free(&out);
}

/* Files of one import share a transaction, each in a savepoint whose copy
 * of the pages it changes is kept in memory. A large file among small
 * ones, into a database that holds the same series, changes pages all
 * over it: inside the batch that copy was 170 MB here. A large file is
 * imported alone, without a savepoint, and stays within the bound; so is
 * a large source that reparse reads again. */
static void memory__large_file_among_small_ones__stays_within_the_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], csv2[1024], small[1024], db[1024];
    snprintf(csv, sizeof csv, "%s/first.csv", dir);
    snprintf(csv2, sizeof csv2, "%s/second.csv", dir);
    snprintf(small, sizeof small, "%s", tu_path("samples/ab/bin-keepalive-c4.txt"));
    snprintf(db, sizeof db, "%s/many.sqlite", dir);
    write_csv(csv, 0);
    write_csv(csv2, 500);
    const char *first[] = {"--db", db, "import", "-q", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "importing 200,000 rows", NULL, 0, first);
    const char *more[] = {"--db", db, "import", "-q", small, csv2, NULL};
    tu_run_within(RSS_BOUND_MB, "importing a small log and 200,000 more rows",
                  NULL, 0, more);
    const char *again[] = {"--db", db, "reparse", "--all", NULL};
    tu_run_within(RSS_BOUND_MB, "reparse --all of them", NULL, 0, again);

    /* both large files landed whole, and the small one */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv", db), 0);
    assert_non_null(strstr(out.data, ",gzip,gzip,real,threads=7,s,lower,50000,"));
    assert_non_null(strstr(out.data, ",ab,"));
    bdb_buf_free(&out);
}

/* `copy` held every figure of a source before writing it: a 1M-result
 * source took 3.4 GB, these 200,000 rows 700 MB. The figures now stream
 * from the source store into the target's transaction. */
static void memory__copy_of_a_large_source__stays_within_the_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024], to[1024];
    snprintf(csv, sizeof csv, "%s/one.csv", dir);
    snprintf(db, sizeof db, "%s/from.sqlite", dir);
    snprintf(to, sizeof to, "%s/to.sqlite", dir);
    write_csv(csv, 0);
    const char *import[] = {"--db", db, "import", "-q", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "importing 200,000 rows", NULL, 0, import);
    const char *copy[] = {"copy", "--from", db, "--to", to, NULL};
    tu_run_within(RSS_BOUND_MB, "copying a source of 200,000 rows", NULL, 0,
                  copy);

    /* every row landed, with its series */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv", to), 0);
    assert_non_null(strstr(out.data, ",gzip,gzip,real,threads=7,s,lower,25000,"));
    bdb_buf_free(&out);
}

/* A lab's shape: many series of one result each (every fio job, every
 * file its own series), here 6,250 series x 8 platforms. A report holds
 * a cell per series and platform; 344 bytes each, with copies of table
 * cells 256 bytes each, took this one to 165 MB (49 MB now). */
#if defined(__SANITIZE_ADDRESS__)
#define REPORT_BOUND_MB 200 /* ASan: 105 MB here, with its quarantine */
#else
#define REPORT_BOUND_MB 96
#endif

static void memory__lab_shaped_report__stays_within_a_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024], txt[1024];
    snprintf(csv, sizeof csv, "%s/lab.csv", dir);
    snprintf(db, sizeof db, "%s/lab.sqlite", dir);
    snprintf(txt, sizeof txt, "%s/lab.txt", dir);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    for (int i = 0; i < 50000; i++)
        fprintf(f, "p%d,gzip,gzip,real,%d.%03d,s,file=f%d\n", i % 8,
                1 + i / 8 % 7, i * 7 % 1000, i / 8);
    assert_int_equal(fclose(f), 0);
    const char *imp[] = {"--db", db, "import", "-q", csv, NULL};
    tu_run_within(RSS_BOUND_MB, "importing 50,000 rows", NULL, 0, imp);
    const char *rep[] = {"--db", db, "report", "-o", txt, NULL};
    tu_run_within(REPORT_BOUND_MB, "a report of 6,250 series x 8 platforms",
                  NULL, 0, rep);

    /* the report is whole: the last series on the last platform */
    bdb_buf out;
    bdb_buf_init(&out);
    char msg[256];
    assert_int_equal(bdb_buf_read_file(&out, txt, msg, sizeof msg), 0);
    assert_non_null(strstr(out.data, "file=f6249"));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory__large_results_csv__imports_within_a_fixed_bound),
        cmocka_unit_test(memory__large_file_among_small_ones__stays_within_the_bound),
        cmocka_unit_test(memory__copy_of_a_large_source__stays_within_the_bound),
        cmocka_unit_test(memory__lab_shaped_report__stays_within_a_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
