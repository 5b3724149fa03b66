/* test_fuzz_replay.c - every crash, hang or broken promise the fuzzers
 * ever found stays fixed: each file of tests/fuzz/regressions/<target>/
 * goes through the same function as the libFuzzer target <target>
 * (tests/fuzz/fuzz_targets.c, compiled into this test), so the ordinary
 * gcc build and its ASan/UBSan twin replay them without clang. The
 * targets' own checks are tried on every real sample too, so that a
 * fuzzer report is never a false alarm about real output. */
#include "test_util.h"

#include "fuzz/fuzz_targets.c"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void fuzz__regressions__replay_without_crash(void **state)
{
    (void)state;
    char root[1024];
    snprintf(root, sizeof root, "%s/tests/fuzz/regressions", BDB_SOURCE_DIR);
    DIR *d = opendir(root);
    if (!d)
        fail_msg("no folder %s", root);
    size_t files = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        const bdb_fuzz_target *t = bdb_fuzz_target_named(e->d_name);
        /* a misspelt folder would be replayed by nothing */
        if (!t)
            fail_msg("tests/fuzz/regressions/%s names no fuzz target",
                     e->d_name);
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        DIR *sub = opendir(dir);
        assert_non_null(sub);
        struct dirent *f;
        while ((f = readdir(sub))) {
            if (f->d_name[0] == '.')
                continue;
            char rel[1600];
            snprintf(rel, sizeof rel, "tests/fuzz/regressions/%s/%s",
                     e->d_name, f->d_name);
            size_t len;
            char *data = tu_read(rel, &len);
            print_message("replay %s\n", rel);
            t->fn((const uint8_t *)data, len);
            free(data);
            files++;
        }
        closedir(sub);
    }
    closedir(d);
    print_message("%zu regression inputs replayed\n", files);
    assert_true(files > 0);
}

static void check_sample(const char *dir, const char *name, const char *rel,
                         void *ctx)
{
    size_t *n = ctx;
    size_t len;
    (void)name;
    char *data = tu_read(rel, &len);
    const bdb_fuzz_target *t = bdb_fuzz_target_for_dir(dir);
    if (t)
        t->fn((const uint8_t *)data, len);
    bdb_fuzz_detect((const uint8_t *)data, len);
    if (strcmp(dir, "local") == 0)
        bdb_fuzz_sysinfo((const uint8_t *)data, len);
    free(data);
    (*n)++;
}

static void fuzz__targets_on_real_samples__find_nothing_wrong(void **state)
{
    (void)state;
    size_t n = 0;
    tu_each_sample(check_sample, &n);
    size_t len;
    char *csv = tu_read("samples/platforms.csv", &len);
    bdb_fuzz_platform_csv((const uint8_t *)csv, len);
    free(csv);
    static const char pattern_and_path[] =
        "{platform}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt\n"
        "logs/x86_64/@2133/ssl_m4_aes-256-cbc.txt";
    bdb_fuzz_path_pattern((const uint8_t *)pattern_and_path,
                          sizeof pattern_and_path - 1);
    assert_true(n > 150);
}

/* Inputs no sample holds: nothing, a lone NUL, a path pattern without a
 * path. */
static void fuzz__targets_on_empty_input__return(void **state)
{
    (void)state;
    static const uint8_t nul[1] = {0};
    for (const bdb_fuzz_target *t = bdb_fuzz_targets; t->name; t++) {
        assert_int_equal(t->fn(nul, 0), 0);
        assert_int_equal(t->fn(nul, 1), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fuzz__regressions__replay_without_crash),
        cmocka_unit_test(fuzz__targets_on_real_samples__find_nothing_wrong),
        cmocka_unit_test(fuzz__targets_on_empty_input__return),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
