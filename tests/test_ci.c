/* test_ci.c - the test scripts cannot pass without testing: scripts/
 * test.sh fails when ctest finds no test (a build folder whose cache has
 * BDB_TESTS=OFF, as scripts/demo.sh leaves it) and, in CI, when a test
 * was skipped; .ci/run says it is CI; scripts/install-deps.sh waits for
 * the dpkg lock. The scripts' pieces run here against stand-ins (an empty
 * build folder, a ctest file whose one test prints cmocka's skip line, a
 * fake apt-get), never the real suite or a real package manager. */
#include "test_util.h"

#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

/* Runs a shell command line; output into out (may be NULL); returns the
 * exit status. */
static int sh(bdb_buf *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int sh(bdb_buf *out, const char *fmt, ...)
{
    char cmd[8192], full[8300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "( %s ) 2>&1", cmd);
    FILE *p = popen(full, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        if (out)
            assert_int_equal(bdb_buf_append(out, buf, n), 0);
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The run_suite function of scripts/test.sh, run on folder dir. */
static int run_suite(bdb_buf *out, const char *dir, const char *ci)
{
    return sh(out,
              "JOBS=1; CI=%s; eval \"$(sed -n '/^run_suite() {/,/^}/p' "
              "'%s/scripts/test.sh')\"; run_suite '%s' CI=%s",
              ci, BDB_SOURCE_DIR, dir, ci);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void ci__ctest_finding_no_test__fails_test_sh(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir(); /* what a BDB_TESTS=OFF build leaves */
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = run_suite(&out, dir, "false");
    assert_int_not_equal(rc, 0);
    assert_non_null(bdb_memfind(out.data, out.len, "found no test"));
    bdb_buf_free(&out);
}

/* A ctest folder whose one test prints cmocka's skip line and exits 0,
 * as a test does that calls skip(). */
static const char *skipping_build(void)
{
    const char *dir = tu_tmpdir();
    char path[800];
    snprintf(path, sizeof path, "%s/CTestTestfile.cmake", dir);
    write_file(path, "add_test(skips \"/bin/echo\" \"[  SKIPPED ] xlsx__fake\")\n");
    return dir;
}

static void ci__skipped_test_in_ci__fails_test_sh(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = run_suite(&out, skipping_build(), "true");
    assert_int_not_equal(rc, 0);
    assert_non_null(bdb_memfind(out.data, out.len, "xlsx__fake"));
    assert_non_null(bdb_memfind(out.data, out.len, "in CI that is a failure"));
    bdb_buf_free(&out);
}

static void ci__skipped_test_locally__passes_and_says_what_to_install(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run_suite(&out, skipping_build(), "false"), 0);
    assert_non_null(bdb_memfind(out.data, out.len, "xlsx__fake"));
    assert_non_null(bdb_memfind(out.data, out.len, "apt-get install"));
    bdb_buf_free(&out);
}

/* .ci/run beside a stand-in scripts/test.sh that prints what it got. */
static void ci__ci_run__exports_ci_true(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char path[800];
    snprintf(path, sizeof path, "%s/.ci", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/scripts", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/scripts/test.sh", dir);
    write_file(path, "echo \"CI=[$CI]\"\n");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(sh(&out, "cp '%s/.ci/run' '%s/.ci/run' && unset CI && "
                              "sh '%s/.ci/run'", BDB_SOURCE_DIR, dir, dir), 0);
    assert_non_null(bdb_memfind(out.data, out.len, "CI=[true]"));
    bdb_buf_free(&out);
}

/* install-deps.sh with a package that is not installed and a fake
 * apt-get (and sudo) first on the PATH, which log their arguments. */
static void ci__install_deps__waits_for_the_dpkg_lock(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    char path[800];
    snprintf(path, sizeof path, "%s/apt-get", dir);
    write_file(path, "#!/bin/sh\necho \"apt-get $*\" >>\"$APT_LOG\"\n");
    assert_int_equal(chmod(path, 0700), 0);
    snprintf(path, sizeof path, "%s/sudo", dir);
    write_file(path, "#!/bin/sh\nexec \"$@\"\n");
    assert_int_equal(chmod(path, 0700), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = sh(&out,
                "APT_LOG='%s/apt.log' PATH='%s':\"$PATH\" "
                "BDB_TEST_PKGS=bdb-no-such-package-for-the-test "
                "sh '%s/scripts/install-deps.sh' && cat '%s/apt.log'",
                dir, dir, BDB_SOURCE_DIR, dir);
    assert_int_equal(rc, 0);
    bdb_buf_append(&out, "", 1);
    const char *update = strstr(out.data, "apt-get -o DPkg::Lock::Timeout=300 update");
    const char *install = strstr(out.data, "apt-get -o DPkg::Lock::Timeout=300 install");
    if (!update || !install)
        fail_msg("apt-get was not told to wait for the lock:\n%s", out.data);
    assert_non_null(strstr(install, "bdb-no-such-package-for-the-test"));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ci__ctest_finding_no_test__fails_test_sh),
        cmocka_unit_test(ci__skipped_test_in_ci__fails_test_sh),
        cmocka_unit_test(ci__skipped_test_locally__passes_and_says_what_to_install),
        cmocka_unit_test(ci__ci_run__exports_ci_true),
        cmocka_unit_test(ci__install_deps__waits_for_the_dpkg_lock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
