/* test_outputs.c - every command that writes a file a user named writes
 * it whole or not at all (common/bdb_output.c), and a file size limit is
 * an error that says so, never a silent death by SIGXFSZ.
 *
 * The attack: on a full disk (or `ulimit -f`) `report --format pdf -o`,
 * `compare -o` (all six formats) and `history -o` exited 1 and left a
 * partial file where the good old output was; `import` was killed by
 * SIGXFSZ (exit 153) without a word. */
#include "test_util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char dir[512], db[700];

static void write_text(const char *name, const char *text)
{
    char path[900];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* Hand-made figures (the outputs are under test, not a parser): two run
 * sets of one platform, so that compare and history have something. */
static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/d.sqlite", dir);
    static const char head[] = "platform,tool,benchmark,metric,value,unit,"
                               "repetition\n";
    char m[512], j[512];
    snprintf(m, sizeof m, "%sA,dd,seq,throughput,100,MB/s,1\nA,dd,seq,throughput,101,MB/s,2\n"
             "A,dd,seq,throughput,102,MB/s,3\nB,dd,seq,throughput,50,MB/s,1\n"
             "B,dd,seq,throughput,52,MB/s,2\n", head);
    snprintf(j, sizeof j, "%sA,dd,seq,throughput,120,MB/s,1\nA,dd,seq,throughput,121,MB/s,2\n"
             "A,dd,seq,throughput,122,MB/s,3\nB,dd,seq,throughput,60,MB/s,1\n"
             "B,dd,seq,throughput,61,MB/s,2\n", head);
    write_text("march.csv", m);
    write_text("june.csv", j);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import --set march '%s/march.csv'",
                            db, dir), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import --set june '%s/june.csv'",
                            db, dir), 0);
    bdb_buf_free(&out);
    /* a WAL reader writes a -shm file, which the limit would refuse
     * first: in rollback mode a reading command writes only its output */
    sqlite3 *s;
    assert_int_equal(sqlite3_open(db, &s), SQLITE_OK);
    assert_int_equal(sqlite3_exec(s, "PRAGMA journal_mode = DELETE", NULL,
                                  NULL, NULL), SQLITE_OK);
    sqlite3_close(s);
    return 0;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    bdb_buf b;
    bdb_buf_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        assert_int_equal(bdb_buf_append(&b, chunk, n), BDB_OK);
    fclose(f);
    *len = b.len;
    return bdb_buf_detach(&b, len);
}

/* Nothing of an output's temporary files is left in dir (or sub). */
static void assert_no_temporary(const char *where, const char *what)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -q -e '\\.tmp-' -e '^\\.benchdb-'",
             where);
    if (system(cmd) == 0)
        fail_msg("%s: a temporary file was left in %s", what, where);
}

/* Runs `benchdb ARGS` with the file size limit at 0 blocks and SIGXFSZ
 * as a shell leaves it (default: kill); expects a plain failure that says
 * "File too large", and target (a file) byte for byte as before. */
static void refused_whole(const char *args, const char *target,
                          const char *tmpdir_to_check)
{
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[4000];
    snprintf(cmd, sizeof cmd, "ulimit -c 0; exec '%s' --db '%s' %s", BDB_BINARY,
             db, args);
    assert_int_equal(tu_run(&out, "--db '%s' %s", db, args), 0);
    size_t before_len, after_len;
    char *before = slurp(target, &before_len);
    assert_true(before_len > 0);
    int status = tu_shell_limited(cmd, 0, &out);
    if (!WIFEXITED(status))
        fail_msg("%s: killed by signal %d (SIGXFSZ is %d), not an error: %s",
                 args, WIFSIGNALED(status) ? WTERMSIG(status) : -1, SIGXFSZ,
                 out.data ? out.data : "");
    if (WEXITSTATUS(status) == 0)
        fail_msg("%s: a failed write exited 0: %s", args, out.data);
    /* cairo (PDF, PNG, SVG) says only that its stream failed */
    if (!strstr(out.data ? out.data : "", "File too large") &&
        !strstr(out.data ? out.data : "", "error while writing"))
        fail_msg("%s: the failed write is not told: %s", args, out.data);
    char *after = slurp(target, &after_len);
    if (after_len != before_len || memcmp(before, after, before_len) != 0)
        fail_msg("%s: %s changed (%zu -> %zu bytes)", args, target,
                 before_len, after_len);
    assert_no_temporary(tmpdir_to_check, args);
    free(before);
    free(after);
    bdb_buf_free(&out);
}

static void outputs__size_limit__previous_file_kept_and_error_told(void **state)
{
    (void)state;
    char args[2000], target[1200];
    static const char *const cmp[] = {"text", "md", "html", "csv", "json", "xlsx"};
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++) {
        snprintf(target, sizeof target, "%s/compare.%s", dir, cmp[i]);
        snprintf(args, sizeof args, "compare march june --format %s -o '%s'",
                 cmp[i], target);
        refused_whole(args, target, dir);
    }
    static const char *const hist[] = {"text", "csv", "json", "html"};
    for (size_t i = 0; i < sizeof hist / sizeof hist[0]; i++) {
        snprintf(target, sizeof target, "%s/history.%s", dir, hist[i]);
        snprintf(args, sizeof args, "history --format %s -o '%s'", hist[i],
                 target);
        refused_whole(args, target, dir);
    }
    static const char *const rep[] = {"text", "md", "html", "csv", "json",
                                      "xlsx", "pdf"};
    for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++) {
        snprintf(target, sizeof target, "%s/report.%s", dir, rep[i]);
        snprintf(args, sizeof args, "report --format %s -o '%s'", rep[i],
                 target);
        refused_whole(args, target, dir);
    }
    snprintf(target, sizeof target, "%s/efficiency.md", dir);
    snprintf(args, sizeof args, "efficiency --format md -o '%s'", target);
    refused_whole(args, target, dir);
    snprintf(target, sizeof target, "%s/charts.pdf", dir);
    snprintf(args, sizeof args, "chart --format pdf -o '%s'", target);
    refused_whole(args, target, dir);
    /* one file per chart into a folder: each one whole */
    char folder[1000];
    snprintf(folder, sizeof folder, "%s/charts", dir);
    snprintf(target, sizeof target, "%s/series-001-dd-seq-throughput.png", folder);
    snprintf(args, sizeof args, "chart --format png -o '%s'", folder);
    refused_whole(args, target, folder);
    snprintf(folder, sizeof folder, "%s/hist", dir);
    snprintf(target, sizeof target, "%s/history-001-dd-seq-throughput-a.svg", folder);
    snprintf(args, sizeof args, "history --format svg -o '%s'", folder);
    refused_whole(args, target, folder);
}

static void outputs__import_past_the_size_limit__an_error_not_sigxfsz(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[3000];
    /* 800 blocks of 512 bytes: the schema fits, the samples do not */
    snprintf(cmd, sizeof cmd, "ulimit -c 0; exec '%s' --db '%s/new.sqlite' "
             "import '%s/samples/fio'", BDB_BINARY, dir, BDB_SOURCE_DIR);
    int status = tu_shell_limited(cmd, 800, &out);
    if (!WIFEXITED(status))
        fail_msg("import killed by signal %d, not an error: %s",
                 WIFSIGNALED(status) ? WTERMSIG(status) : -1,
                 out.data ? out.data : "");
    assert_int_equal(WEXITSTATUS(status), 1);
    if (!strstr(out.data ? out.data : "", "benchdb: "))
        fail_msg("the failed import said nothing: %s", out.data);
    /* and the database is whole: it opens and lists what landed */
    assert_int_equal(tu_run(&out, "--db '%s/new.sqlite' list sources", dir), 0);
    bdb_buf_free(&out);
}

/* A device is written in place, never renamed over. */
static void outputs__device_target__written_in_place(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    struct stat dn;
    assert_int_equal(tu_run(&out, "--db '%s' compare march june --format json "
                                  "-o /dev/null", db), 0);
    assert_int_equal(tu_run(&out, "--db '%s' history --format csv -o /dev/null",
                            db), 0);
    assert_int_equal(stat("/dev/null", &dn), 0);
    assert_true(S_ISCHR(dn.st_mode));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(outputs__size_limit__previous_file_kept_and_error_told),
        cmocka_unit_test(outputs__import_past_the_size_limit__an_error_not_sigxfsz),
        cmocka_unit_test(outputs__device_target__written_in_place),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
