/* test_readonly_db.c - databases a reader cannot write around: a read-only
 * folder holding the database with a -wal a killed import left and no
 * -shm, and a writable database file in a read-only folder. Every read
 * sees the newest commit. As root nothing is read-only, so the reads run
 * as nobody (setpriv). */
#include "test_util.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[512];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    char cmd[700];
    snprintf(cmd, sizeof cmd, "chmod 755 '%s'", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

/* Runs a shell command made as printf does; fails the test if it fails. */
static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void sh(const char *fmt, ...)
{
    char cmd[3000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (system(cmd) != 0)
        fail_msg("failed: %s", cmd);
}

/* Runs `benchdb --db db args` as nobody (when root), its output into
 * out; returns the exit status. */
static int run_as_reader(bdb_buf *out, const char *db, const char *args)
{
    const char *as = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 "
                                      "--clear-groups " : "";
    char cmd[3000];
    snprintf(cmd, sizeof cmd, "%s'%s' --db '%s' %s 2>&1", as, BDB_BINARY, db,
             args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    bdb_buf_reset(out);
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        bdb_buf_append(out, buf, n);
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void import_ok(const char *db, const char *rel)
{
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s' import '%s'", db, tu_path(rel)) != 0)
        fail_msg("importing %s: %s", rel, out.data);
    bdb_buf_free(&out);
}

/* A database whose second import sits only in its -wal (as a killed
 * import leaves it), copied with the -wal and without the -shm into the
 * read-only folder ro. A reader's open transaction keeps the second
 * import out of the database file and the -wal from being removed. */
static void database_with_a_wal(const char *db, const char *ro)
{
    import_ok(db, "samples/ab/bin-keepalive-c4.txt");
    sqlite3 *hold;
    assert_int_equal(sqlite3_open_v2(db, &hold, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_exec(hold, "BEGIN; SELECT count(*) FROM sources",
                                  NULL, NULL, NULL), SQLITE_OK);
    import_ok(db, "samples/published/seed-published-figures.csv");
    sh("mkdir -p '%s' && cp '%s' '%s-wal' '%s/'", ro, db, db, ro);
    sqlite3_exec(hold, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(hold);
}

static void lists_both_sources(const char *db, const char *what)
{
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = run_as_reader(&out, db, "list sources");
    if (rc != 0)
        fail_msg("%s: list sources exited %d: %s", what, rc, out.data);
    if (!strstr(out.data, "bin-keepalive-c4.txt") ||
        !strstr(out.data, "seed-published-figures.csv"))
        fail_msg("%s: not the newest commit: %s", what, out.data);
    bdb_buf_reset(&out);
    rc = run_as_reader(&out, db, "list results --format csv");
    if (rc != 0 || !strstr(out.data, "seed-published-figures.csv:"))
        fail_msg("%s: results of the newest commit missing: %s", what,
                 out.data);
    bdb_buf_free(&out);
}

/* Issue 23, item 7: the -wal is read, not ignored as immutable=1 did
 * (which listed the first source only). */
static void readonly__wal_left_without_shm__newest_commit_read(void **state)
{
    (void)state;
    char db[700], ro[700], copy[800];
    snprintf(db, sizeof db, "%s/w.sqlite", dir);
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(copy, sizeof copy, "%s/w.sqlite", ro);
    database_with_a_wal(db, ro);
    struct stat sb;
    assert_int_equal(stat(copy, &sb), 0);
    char wal[900];
    snprintf(wal, sizeof wal, "%s-wal", copy);
    assert_int_equal(stat(wal, &sb), 0);
    assert_true(sb.st_size > 0);
    sh("chmod 444 '%s/'* && chmod 555 '%s'", ro, ro);
    lists_both_sources(copy, "read-only folder with a -wal");
    /* nothing created, the -wal left as it was */
    char shm[900];
    snprintf(shm, sizeof shm, "%s-shm", copy);
    assert_int_not_equal(stat(shm, &sb), 0);
    assert_int_equal(stat(wal, &sb), 0);
    sh("chmod 755 '%s'", ro);
}

/* Issue 23, item 7: a -wal the reader may not read is said, not
 * ignored. */
static void readonly__unreadable_wal__says_newest_changes_unread(void **state)
{
    (void)state;
    char db[700], ro[700], copy[800];
    snprintf(db, sizeof db, "%s/u.sqlite", dir);
    snprintf(ro, sizeof ro, "%s/uro", dir);
    snprintf(copy, sizeof copy, "%s/u.sqlite", ro);
    database_with_a_wal(db, ro);
    sh("chmod 444 '%s/u.sqlite' && chmod 000 '%s/u.sqlite-wal' && "
       "chmod 555 '%s'", ro, ro, ro);
    if (geteuid() != 0 && access(ro, W_OK) == 0)
        fail_msg("cannot make %s read-only", ro);
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = run_as_reader(&out, copy, "list sources");
    sh("chmod 755 '%s'", ro);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out.data, "u.sqlite-wal"));
    assert_non_null(strstr(out.data, "newest changes"));
    assert_null(strstr(out.data, "bin-keepalive-c4.txt"));
    bdb_buf_free(&out);
}

/* Issue 23, item 12: a database file the reader may write, in a folder it
 * may not write (so no -shm can be made), still reads. */
static void readonly__writable_file_in_readonly_folder__reads(void **state)
{
    (void)state;
    char ro[700], db[800];
    snprintf(ro, sizeof ro, "%s/wro", dir);
    snprintf(db, sizeof db, "%s/b.sqlite", ro);
    sh("mkdir -p '%s'", ro);
    import_ok(db, "samples/ab/bin-keepalive-c4.txt");
    import_ok(db, "samples/published/seed-published-figures.csv");
    sh("chmod 666 '%s/b.sqlite' && chmod 555 '%s'", ro, ro);
    lists_both_sources(db, "writable file, read-only folder");
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(run_as_reader(&out, db, "report"), 0);
    assert_non_null(strstr(out.data, "Platforms"));
    bdb_buf_free(&out);
    sh("chmod 755 '%s'", ro);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(readonly__wal_left_without_shm__newest_commit_read, setup),
        cmocka_unit_test_setup(readonly__unreadable_wal__says_newest_changes_unread, setup),
        cmocka_unit_test_setup(readonly__writable_file_in_readonly_folder__reads, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
