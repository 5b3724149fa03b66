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
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define RSS_BOUND_MB 160 /* ASan's shadow memory, a small quarantine */
#else
#define RSS_BOUND_MB 96
#endif

#define ROWS 200000

static void memory__large_results_csv__imports_within_a_fixed_bound(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char csv[1024], db[1024];
    snprintf(csv, sizeof csv, "%s/big.csv", dir);
    snprintf(db, sizeof db, "%s/big.sqlite", dir);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    for (int i = 0; i < ROWS; i++)
        fprintf(f, "box%02d,gzip,gzip,real,%d.%03d,s,threads=%d\n", i % 50,
                1 + i % 7, i % 1000, i % 8);
    assert_int_equal(fclose(f), 0);

    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 1);
#if defined(__SANITIZE_ADDRESS__)
        /* ASan keeps 256 MB of freed memory in quarantine by default:
         * a smaller one measures the program, not the sanitizer */
        setenv("ASAN_OPTIONS", "quarantine_size_mb=16:detect_leaks=1", 1);
#endif
        execl(BDB_BINARY, "benchdb", "--db", db, "import", "-q", csv,
              (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage ru;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    long peak_mb = ru.ru_maxrss / 1024;   /* Linux: KiB */
    print_message("peak RSS of the import: %ld MB (bound %d MB)\n", peak_mb,
                  RSS_BOUND_MB);
    if (peak_mb > RSS_BOUND_MB)
        fail_msg("importing %d rows took %ld MB, more than %d MB", ROWS,
                 peak_mb, RSS_BOUND_MB);

    /* every row landed */
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list series --format csv", db), 0);
    assert_non_null(strstr(out.data, ",gzip,gzip,real,threads=7,s,lower,25000,"));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory__large_results_csv__imports_within_a_fixed_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
