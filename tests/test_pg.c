/* test_pg.c - the PostgreSQL back-end end to end, against a real server
 * (BDB_TEST_PG_URL, from `sh scripts/pg-test-server.sh start`):
 * - samples/ imported into SQLite and into PostgreSQL give the same
 *   `report --format json` (and text, and result lists);
 * - 8 processes importing overlapping sets into one database store every
 *   file once: the same figures as one serial import, and the files they
 *   say they imported add up to the serial count;
 * - an import killed with SIGKILL leaves each file in or out, whole, and
 *   a second import completes it.
 * Without BDB_TEST_PG_URL the tests say so and are skipped, or fail when
 * CI=true. */
#include "test_util.h"
#include "../report/analysis/compare.h"

#include "../store/store.h"
#include "../store/store_admin.h"
#include "../store/series_ident.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *base_url(void)
{
    const char *u = getenv("BDB_TEST_PG_URL");
    return u && *u ? u : NULL;
}

/* A new empty database on the test server; its URL into out. */
static void fresh_db(const char *what, char *out, size_t n)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "pg_%s", what);
    tu_pg_new_database(base_url(), prefix, out, n);
}

/* Output of benchdb ARGS (stdout only) into a new string. */
static char *output_of(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static char *output_of(const char *fmt, ...)
{
    char args[8192], cmd[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "'%s' %s", BDB_BINARY, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    bdb_buf b;
    bdb_buf_init(&b);
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, p)) > 0)
        bdb_buf_append(&b, chunk, got);
    int st = pclose(p);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        fail_msg("%s exited with %d", cmd, st);
    bdb_buf_puts(&b, "");
    return bdb_buf_detach(&b, NULL);
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* text's lines sorted (the header first), as one string: an order-free
 * view of a list whose order follows import order */
static char *sorted_lines(char *text)
{
    size_t n = 0, cap = 1024;
    char **lines = malloc(cap * sizeof *lines);
    assert_non_null(lines);
    for (char *p = text, *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        if (n == cap) {
            cap *= 2;
            lines = realloc(lines, cap * sizeof *lines);
            assert_non_null(lines);
        }
        lines[n++] = p;
    }
    if (n > 1)
        qsort(lines + 1, n - 1, sizeof *lines, compare_lines);
    bdb_buf b;
    bdb_buf_init(&b);
    for (size_t i = 0; i < n; i++) {
        bdb_buf_puts(&b, lines[i]);
        bdb_buf_puts(&b, "\n");
    }
    free(lines);
    bdb_buf_puts(&b, "");
    return bdb_buf_detach(&b, NULL);
}

/* Removes each line's first CSV field (an id), in place. */
static void drop_first_column(char *text)
{
    char *w = text;
    for (char *p = text; *p;) {
        char *comma = strchr(p, ',');
        char *nl = strchr(p, '\n');
        if (!nl)
            nl = p + strlen(p);
        if (comma && comma < nl)
            p = comma + 1;
        size_t n = (size_t)(nl - p) + (*nl ? 1 : 0);
        memmove(w, p, n);
        w += n;
        p += n;
    }
    *w = '\0';
}

static int need_server(void **state)
{
    (void)state;
    if (base_url())
        return 0;
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0)
        fail_msg("BDB_TEST_PG_URL is not set and CI=true: start a server "
                 "with `sh scripts/pg-test-server.sh start`");
    print_message("no PostgreSQL server (BDB_TEST_PG_URL is not set; "
                  "`sh scripts/pg-test-server.sh start` makes one): skipped\n");
    skip();
    return 0;
}

/* The SQLite import of samples/ every test compares against. */
static char ref_db[700];

static void reference(void)
{
    if (ref_db[0])
        return;
    snprintf(ref_db, sizeof ref_db, "%s/ref.sqlite", tu_tmpdir());
    int rc = tu_run(NULL, "--db '%s' import '%s' >/dev/null", ref_db,
                    tu_path("samples"));
    /* 1: some samples are meant to fail (tools' error outputs) */
    assert_true(rc == 0 || rc == 1);
}

static void pg__samples__report_the_same_as_sqlite(void **state)
{
    if (need_server(state))
        return;
    reference();
    char url[1100];
    fresh_db("e2e", url, sizeof url);
    bdb_buf a, b;
    bdb_buf_init(&a);
    bdb_buf_init(&b);
    int ra = tu_run(&a, "--db '%s' import '%s'", url, tu_path("samples"));
    char sq2[700];
    snprintf(sq2, sizeof sq2, "%s/e2e.sqlite", tu_tmpdir());
    int rb = tu_run(&b, "--db '%s' import '%s'", sq2, tu_path("samples"));
    assert_int_equal(ra, rb);
    /* the same files imported, present, failed, in the same words */
    assert_non_null(strstr(a.data, " imported ("));
    char *last_a = strstr(a.data, " imported (");
    char *last_b = strstr(b.data, " imported (");
    while (strstr(last_a + 1, " imported ("))
        last_a = strstr(last_a + 1, " imported (");
    while (strstr(last_b + 1, " imported ("))
        last_b = strstr(last_b + 1, " imported (");
    assert_string_equal(last_a, last_b);
    static const char *const views[] = {
        "report --format json", "report --format text",
        "report --format csv", "report --format markdown",
        "report --all --format json", "efficiency",
        "list results --format csv", "list series --format csv",
        "platform list --format csv"};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        char *from_pg = output_of("--db '%s' %s", url, views[i]);
        char *from_sq = output_of("--db '%s' %s", sq2, views[i]);
        if (strstr(views[i], "list series")) {
            /* series ids are the databases' own (a failed file uses up
             * PostgreSQL identities, SQLite reuses its rowids) */
            drop_first_column(from_pg);
            drop_first_column(from_sq);
        }
        if (strcmp(from_pg, from_sq) != 0)
            fail_msg("`%s` differs between PostgreSQL and SQLite", views[i]);
        assert_true(strlen(from_pg) > 100);
        free(from_pg);
        free(from_sq);
    }
    bdb_buf_free(&a);
    bdb_buf_free(&b);
}

/* The sample folders (ab, dd, ...), sorted. */
static size_t sample_dirs(char dirs[][256], size_t max)
{
    DIR *d = opendir(tu_path("samples"));
    assert_non_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        if (e->d_name[0] == '.' || strchr(e->d_name, '.'))
            continue;
        snprintf(dirs[n++], 256, "%s", e->d_name);
    }
    closedir(d);
    qsort(dirs, n, 256, (int (*)(const void *, const void *))strcmp);
    return n;
}

/* "N imported" of an import's summary line. */
static long imported_count(const char *out)
{
    const char *p = NULL, *q = out;
    while ((q = strstr(q, " imported (")) != NULL)
        p = q++;
    if (!p)
        fail_msg("no summary in:\n%s", out);
    while (p > out && p[-1] >= '0' && p[-1] <= '9')
        p--;
    return strtol(p, NULL, 10);
}

static void pg__eight_importers_at_once__store_every_file_once(void **state)
{
    if (need_server(state))
        return;
    char dirs[64][256];
    size_t nd = sample_dirs(dirs, 64);
    assert_true(nd >= 4);
    char url[1100], serial[1100];
    fresh_db("conc", url, sizeof url);
    fresh_db("serial", serial, sizeof serial);
    /* process i imports three neighbouring folders: every folder is
     * imported by up to three processes at once */
    const char *tmp = tu_tmpdir();
    bdb_buf cmd;
    bdb_buf_init(&cmd);
    char sets[8][2048];
    for (int i = 0; i < 8; i++) {
        sets[i][0] = '\0';
        for (int k = 0; k < 3; k++) {
            size_t len = strlen(sets[i]);
            snprintf(sets[i] + len, sizeof sets[i] - len, " '%s/%s'",
                     tu_path("samples"), dirs[(size_t)(i + k) % nd]);
        }
        bdb_buf_printf(&cmd, "( '%s' --db '%s' import%s > '%s/out%d' 2>&1; "
                       "echo $? > '%s/rc%d' ) &\n", BDB_BINARY, url, sets[i],
                       tmp, i, tmp, i);
    }
    bdb_buf_puts(&cmd, "wait\n");
    assert_int_equal(system(cmd.data), 0);
    bdb_buf_free(&cmd);
    long total = 0;
    for (int i = 0; i < 8; i++) {
        char path[800], rel[64];
        snprintf(path, sizeof path, "%s/rc%d", tmp, i);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        int rc = -1;
        char line[16] = "";
        if (fgets(line, sizeof line, f))
            rc = (int)strtol(line, NULL, 10);
        fclose(f);
        snprintf(rel, sizeof rel, "out%d", i);
        snprintf(path, sizeof path, "%s/%s", tmp, rel);
        f = fopen(path, "r");
        assert_non_null(f);
        bdb_buf out;
        bdb_buf_init(&out);
        char chunk[4096];
        size_t got;
        while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
            bdb_buf_append(&out, chunk, got);
        fclose(f);
        bdb_buf_puts(&out, "");
        /* 1 only for the samples that are meant to fail */
        if (rc != 0 && rc != 1)
            fail_msg("importer %d exited %d:\n%s", i, rc, out.data);
        if (strstr(out.data, "deadlock") || strstr(out.data, "could not") ||
            strstr(out.data, "duplicate key"))
            fail_msg("importer %d met the database:\n%s", i, out.data);
        total += imported_count(out.data);
        bdb_buf_free(&out);
    }
    /* one process, the same sets one after another */
    long serial_total = 0;
    for (int i = 0; i < 8; i++) {
        bdb_buf out;
        bdb_buf_init(&out);
        int rc = tu_run(&out, "--db '%s' import%s", serial, sets[i]);
        assert_true(rc == 0 || rc == 1);
        serial_total += imported_count(out.data);
        bdb_buf_free(&out);
    }
    assert_true(serial_total > 0);
    /* each file was imported by exactly one of the eight */
    assert_int_equal(total, serial_total);
    char *a = output_of("--db '%s' list results --format csv", url);
    char *b = output_of("--db '%s' list results --format csv", serial);
    char *sa = sorted_lines(a), *sb = sorted_lines(b);
    assert_string_equal(sa, sb);
    free(a); free(b); free(sa); free(sb);
    a = output_of("--db '%s' list series --format csv", url);
    b = output_of("--db '%s' list series --format csv", serial);
    /* series ids differ with import order: compare from the tool on */
    drop_first_column(a);
    drop_first_column(b);
    assert_string_equal(a, b);
    free(a); free(b);
}

typedef struct src_count {
    char sha[80];
    long long n;
} src_count;

typedef struct src_counts {
    src_count v[4096];
    size_t n;
} src_counts;

static int count_row(const bdb_source_row *r, void *ctx)
{
    src_counts *c = ctx;
    assert_true(c->n < 4096);
    snprintf(c->v[c->n].sha, sizeof c->v[c->n].sha, "%s", r->sha256);
    c->v[c->n++].n = r->nresults;
    return 0;
}

static void counts_of(const char *loc, src_counts *c)
{
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open_mode(&st, loc, BDB_STORE_READ_ONLY, &d))
        fail_msg("%s: %s", loc, d.message);
    c->n = 0;
    assert_int_equal(bdb_store_sources_each(st, count_row, c), 0);
    bdb_store_close(st);
}

static long long ref_count(const src_counts *ref, const char *sha)
{
    for (size_t i = 0; i < ref->n; i++)
        if (strcmp(ref->v[i].sha, sha) == 0)
            return ref->v[i].n;
    return -1;
}

static void pg__import_killed__leaves_each_file_in_or_out(void **state)
{
    if (need_server(state))
        return;
    reference();
    static src_counts ref, got;
    counts_of(ref_db, &ref);
    assert_true(ref.n > 50);
    char url[1100];
    fresh_db("kill", url, sizeof url);
    /* create the schema first, so that the kill falls among the files */
    assert_int_equal(tu_run(NULL, "--db '%s' init >/dev/null", url), 0);
    int killed_midway = 0;
    for (int attempt = 0; attempt < 5 && !killed_midway; attempt++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            execl(BDB_BINARY, BDB_BINARY, "--db", url, "import",
                  tu_path("samples"), (char *)NULL);
            _exit(127);
        }
        /* kill it once some files are in */
        for (int waited = 0; waited < 200; waited++) {
            counts_of(url, &got);
            if (got.n > (size_t)attempt * 5)
                break;
            struct timespec ts = {0, 20 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        counts_of(url, &got);
        killed_midway = WIFSIGNALED(status) && got.n < ref.n;
        /* every file present is whole: as many figures as the serial
         * import gave it */
        for (size_t i = 0; i < got.n; i++) {
            long long want = ref_count(&ref, got.v[i].sha);
            if (want != got.v[i].n)
                fail_msg("source %s has %lld results after the kill, %lld "
                         "when imported alone", got.v[i].sha, got.v[i].n, want);
        }
    }
    if (!killed_midway)
        fail_msg("the import finished before it could be killed five times");
    /* the server is consistent and the rest can be imported */
    int rc = tu_run(NULL, "--db '%s' import '%s' >/dev/null", url,
                    tu_path("samples"));
    assert_true(rc == 0 || rc == 1);
    counts_of(url, &got);
    assert_int_equal(got.n, ref.n);
    for (size_t i = 0; i < got.n; i++)
        assert_true(ref_count(&ref, got.v[i].sha) == got.v[i].n);
    char *a = output_of("--db '%s' list results --format csv", url);
    char *b = output_of("--db '%s' list results --format csv", ref_db);
    char *sa = sorted_lines(a), *sb = sorted_lines(b);
    assert_string_equal(sa, sb);
    free(a); free(b); free(sa); free(sb);
}

/* A file that fails inside the batch (after its savepoint made the run
 * set) takes the set with it; the files after it make it again and land
 * in it, whole. */
static void pg__failed_files_in_a_batch__the_rest_land_in_the_set(void **state)
{
    if (need_server(state))
        return;
    char url[1100], dir[700], path[800];
    fresh_db("batch", url, sizeof url);
    snprintf(dir, sizeof dir, "%s/pgbatch", tu_tmpdir());
    assert_int_equal(mkdir(dir, 0700), 0);
    static const char *const bad[] = {"a-empty.txt", "c-unknown.txt"};
    static const char *const text[] = {"", "hello\nno benchmark here\n"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, bad[i]);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fputs(text[i], f);
        assert_int_equal(fclose(f), 0);
    }
    static const char *const good[][2] = {
        {"samples/published/seed-published-figures.csv", "b-good.csv"},
        {"samples/ab/bin-keepalive-c4.txt", "d-good.txt"}};
    for (int i = 0; i < 2; i++) {
        size_t len;
        char *data = tu_read(good[i][0], &len);
        snprintf(path, sizeof path, "%s/%s", dir, good[i][1]);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(data, 1, len, f), len);
        assert_int_equal(fclose(f), 0);
        free(data);
    }
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import --platform local --set "
                            "run1 '%s'", url, dir), 1);
    assert_non_null(strstr(out.data, "2 imported"));
    assert_non_null(strstr(out.data, "2 failed"));
    char *sets = output_of("--db '%s' list sets --format csv", url);
    assert_non_null(strstr(sets, "\nrun1,"));
    char *srcs = output_of("--db '%s' list sources --format csv", url);
    assert_non_null(strstr(srcs, "b-good.csv"));
    assert_non_null(strstr(srcs, "d-good.txt"));
    /* both sources name the set (the last column) */
    int in_set = 0;
    for (const char *p = srcs; (p = strstr(p, ",run1\n")); p++)
        in_set++;
    assert_int_equal(in_set, 2);
    free(sets);
    free(srcs);
    bdb_buf_free(&out);
}

/* Regression: a filter naming more than 24 platforms was refused on
 * PostgreSQL ("a filter of 31 values is more than the 24 this back-end
 * binds"), and `report` over 30 platforms said only "value out of
 * range": the parameters of a statement had a fixed room of 24. */
static void pg__thirty_platforms_named__report_and_list_them_all(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[800], names[512] = "";
    fresh_db("wide", url, sizeof url);
    snprintf(csv, sizeof csv, "%s/thirty.csv", tu_tmpdir());
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters\n", f);
    for (int i = 1; i <= 30; i++) {
        fprintf(f, "p%02d,gzip,gzip,real,%d.5,s,level=1\n", i, i);
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%sp%02d", i > 1 ? "," : "",
                 i);
    }
    assert_int_equal(fclose(f), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", url, csv), 0);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --format csv --platforms "
                            "'%s' --baseline p01", url, names), 0);
    assert_non_null(strstr(out.data, ",p30,"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list results --format csv "
                            "--platform '%s'", url, names), 0);
    assert_non_null(strstr(out.data, "p30"));
    assert_non_null(strstr(out.data, "30.5"));
    bdb_buf_free(&out);
}

/* Regression: processes that waited for the migration lock read a stale
 * "no benchdb_meta" from their catalog cache and ran 001_init.sql again
 * ("relation already exists"). */
static void pg__first_open_by_eight_at_once__migrates_once(void **state)
{
    if (need_server(state))
        return;
    for (int round = 0; round < 3; round++) {
        char url[1100];
        fresh_db("race", url, sizeof url);
        bdb_buf cmd;
        bdb_buf_init(&cmd);
        const char *tmp = tu_tmpdir();
        for (int i = 0; i < 8; i++)
            bdb_buf_printf(&cmd, "( '%s' --db '%s' init >'%s/init%d' 2>&1 || "
                           "echo FAILED >>'%s/init%d' ) &\n", BDB_BINARY, url,
                           tmp, i, tmp, i);
        bdb_buf_puts(&cmd, "wait\n");
        assert_int_equal(system(cmd.data), 0);
        bdb_buf_free(&cmd);
        for (int i = 0; i < 8; i++) {
            char rel[800];
            snprintf(rel, sizeof rel, "%s/init%d", tmp, i);
            FILE *f = fopen(rel, "r");
            assert_non_null(f);
            char line[2048] = "";
            size_t got = fread(line, 1, sizeof line - 1, f);
            line[got] = '\0';
            fclose(f);
            if (!strstr(line, "ready") || strstr(line, "FAILED"))
                fail_msg("init %d of 8: %s", i, line);
        }
    }
}

static void pg__copy_both_ways__reports_the_same(void **state)
{
    if (need_server(state))
        return;
    reference();
    char url[1100], back[700];
    fresh_db("copy", url, sizeof url);
    snprintf(back, sizeof back, "%s/back.sqlite", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "copy --from '%s' --to '%s'", ref_db, url), 0);
    assert_non_null(strstr(out.data, "0 already present"));
    assert_int_equal(tu_run(&out, "copy --from '%s' --to '%s'", url, back), 0);
    char *r0 = output_of("--db '%s' report --format json", ref_db);
    char *r1 = output_of("--db '%s' report --format json", url);
    char *r2 = output_of("--db '%s' report --format json", back);
    assert_string_equal(r0, r1);
    assert_string_equal(r0, r2);
    /* sources keep their import times and ids in order */
    char *s0 = output_of("--db '%s' list sources --format csv", ref_db);
    char *s2 = output_of("--db '%s' list sources --format csv", back);
    assert_string_equal(s0, s2);
    /* a second copy adds nothing */
    assert_int_equal(tu_run(&out, "copy --from '%s' --to '%s'", ref_db, url), 0);
    assert_non_null(strstr(out.data, " 0 sources copied"));
    free(r0); free(r1); free(r2); free(s0); free(s2);
    bdb_buf_free(&out);
}

/* The pieces in source_chunks of the database at url. */
static int pieces_at(const char *url)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -v ON_ERROR_STOP=1 -c "
             "'SELECT count(*) FROM source_chunks'", url);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    int n = -1;
    assert_int_equal(fscanf(p, "%d", &n), 1);
    assert_int_equal(pclose(p), 0);
    return n;
}

/* A source past 4 MiB is stored in pieces on PostgreSQL as on SQLite: it
 * loads back byte for byte, reparses to the same figures, copies whole
 * to SQLite and back, and its pieces go with it. */
static void pg__large_source__kept_in_pieces_loads_back_whole(void **state)
{
    if (need_server(state))
        return;
    char url[1100], back[1100], dir[700];
    fresh_db("pieces", url, sizeof url);
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(back, sizeof back, "%s/pieces.sqlite", dir);
    bdb_store *st, *to;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, url, &d), BDB_OK);
    assert_int_equal(bdb_store_open(&to, back, &d), BDB_OK);
    long long id = tu_source_in_pieces_round_trip(st, dir, to);
    assert_true(pieces_at(url) >= 3);
    /* and back from SQLite's pieces into a new PostgreSQL database */
    char again[1100];
    fresh_db("pieces_back", again, sizeof again);
    bdb_store *pg2;
    assert_int_equal(bdb_store_open(&pg2, again, &d), BDB_OK);
    bdb_copy_stats cs;
    assert_int_equal(bdb_store_copy(to, pg2, &cs, NULL, NULL, &d), BDB_OK);
    assert_int_equal(cs.sources, 1);
    bdb_stored_source a, b;
    assert_int_equal(bdb_store_source_load(st, id, &a), BDB_OK);
    long long *ids = NULL;
    size_t n = 0;
    assert_int_equal(bdb_store_source_ids(pg2, &ids, NULL, &n), BDB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(bdb_store_source_load(pg2, ids[0], &b), BDB_OK);
    assert_int_equal(a.size, b.size);
    assert_memory_equal(a.raw, b.raw, a.size);
    bdb_stored_source_free(&a);
    bdb_stored_source_free(&b);
    free(ids);
    bdb_store_close(pg2);
    bdb_store_close(to);
    assert_int_equal(bdb_store_source_delete(st, id), BDB_OK);
    bdb_store_close(st);
    assert_int_equal(pieces_at(url), 0);
}

/* A file of thousands of series, more figures than one COPY holds: the
 * series made in bulk at each flush (some seen again after a flush, when
 * the cache knows their ids) list and report as SQLite's. */
/* psql's one-value answer to sql on url, as a number. */
static long long psql_count(const char *url, const char *sql)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -v ON_ERROR_STOP=1 -c \"%s\"",
             url, sql);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    long long n = -1;
    if (fscanf(p, "%lld", &n) != 1)
        n = -1;
    assert_int_equal(pclose(p), 0);
    return n;
}

/* A window of a large source's lines on PostgreSQL as on SQLite
 * (schemas/pg/010): read from the point before it, the points kept with
 * the source's pieces, and gone with it. */
static void pg__source_lines__window_read_from_its_point(void **state)
{
    if (need_server(state))
        return;
    char url[1100], dir[700];
    fresh_db("points", url, sizeof url);
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, url, &d), BDB_OK);
    long long ids[2];
    tu_source_windows(st, dir, ids);
    assert_true(psql_count(url, "SELECT count(*) FROM source_points") >= 5);
    assert_true(psql_count(url, "SELECT min(line) FROM source_points") > 1);
    assert_int_equal(bdb_store_source_delete(st, ids[0]), BDB_OK);
    bdb_store_close(st);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM source_points"), 0);
}

/* source_platforms (schemas/pg/012) against the results: no pair of
 * source and platform differs, no row is empty. */
static void assert_source_platforms_hold(const char *url, const char *step)
{
    long long wrong = psql_count(url, TU_SQL_SOURCE_PLATFORMS_WRONG);
    if (wrong)
        fail_msg("after %s: %lld (source, platform) pairs of "
                 "source_platforms differ from the results", step, wrong);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM source_platforms "
                                "WHERE results <= 0"), 0);
}

/* Results' references are kept by the store, not by keys on PostgreSQL
 * (schemas/pg/009), and so are series' and parameter items' references
 * to their parameter set (011): after imports, a reparse, a forget, a
 * platform merge and a platform deleted with its results, no result
 * points at a series, platform or source that is gone, and no series or
 * item at a parameter set that is not there; and source_platforms (012)
 * holds the results' counts after each. */
static void pg__results_after_every_change__point_at_rows_that_exist(void **state)
{
    if (need_server(state))
        return;
    char url[1100];
    fresh_db("refs", url, sizeof url);
    static const char *const plat[] = {"a", "b", "c", "d"};
    static const char *const dir[] = {"ab", "wrk", "dd", "hdparm"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform %s "
                                "'%s/%s'", url, plat[i], tu_path("samples"),
                                dir[i]), 0);
    long long all = psql_count(url, "SELECT count(*) FROM results");
    long long wrk = psql_count(url, "SELECT count(*) FROM results r JOIN "
                               "series s ON s.id = r.series_id WHERE "
                               "s.tool = 'wrk'");
    assert_true(wrk > 0 && all > wrk);
    assert_source_platforms_hold(url, "importing");
    assert_int_equal(psql_count(url, "SELECT count(*) FROM source_platforms"),
                     psql_count(url, "SELECT count(DISTINCT source_id) FROM "
                                "results"));
    assert_int_equal(tu_run(NULL, "--db '%s' reparse --all", url), 0);
    assert_source_platforms_hold(url, "reparse --all");
    assert_int_equal(tu_run(NULL, "--db '%s' forget --yes --tool wrk", url), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results"), all - wrk);
    assert_source_platforms_hold(url, "forgetting wrk");
    assert_int_equal(tu_run(NULL, "--db '%s' platform merge a INTO c", url), 0);
    assert_source_platforms_hold(url, "merging a into c");
    assert_int_equal(tu_run(NULL, "--db '%s' platform delete d --with-results",
                            url), 0);
    assert_source_platforms_hold(url, "deleting d with its results");
    assert_int_equal(psql_count(url, "SELECT count(*) FROM source_platforms "
                                "sp JOIN platforms p ON p.id = "
                                "sp.platform_id WHERE p.name IN ('a', 'd')"),
                     0);
    assert_true(psql_count(url, "SELECT count(*) FROM results") > 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results r WHERE "
                                "NOT EXISTS (SELECT 1 FROM series s WHERE "
                                "s.id = r.series_id)"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results r WHERE "
                                "NOT EXISTS (SELECT 1 FROM sources s WHERE "
                                "s.id = r.source_id)"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results r WHERE "
                                "r.platform_id IS NOT NULL AND NOT EXISTS "
                                "(SELECT 1 FROM platforms p WHERE p.id = "
                                "r.platform_id)"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM pg_constraint "
                                "WHERE contype = 'f' AND conrelid = "
                                "'results'::regclass"), 0);
    /* parameter sets too (schemas/pg/011) */
    assert_true(psql_count(url, "SELECT count(*) FROM series WHERE "
                           "param_set_id IS NOT NULL") > 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM series s WHERE "
                                "s.param_set_id IS NOT NULL AND NOT EXISTS "
                                "(SELECT 1 FROM param_sets p WHERE p.id = "
                                "s.param_set_id)"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM param_set_items i "
                                "WHERE NOT EXISTS (SELECT 1 FROM param_sets "
                                "p WHERE p.id = i.set_id)"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM pg_constraint "
                                "WHERE contype = 'f' AND conrelid IN "
                                "('series'::regclass, "
                                "'param_set_items'::regclass)"), 0);
}

/* A database of schema 11 (made here as 012 found them: benchdb's own
 * import, then source_platforms dropped, results_by_platform and the
 * results' primary key made again, their ids' cache 1, the version set
 * back) migrates: its source_platforms are its results' counts, results
 * keep two indexes and get their ids' cache, and its report is the one
 * it gave before. */
static void pg__database_of_schema_11__migrates_to_source_platforms(void **state)
{
    if (need_server(state))
        return;
    char url[1100];
    fresh_db("v11", url, sizeof url);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform a '%s/ab'",
                            url, tu_path("samples")), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/time'", url,
                            tu_path("samples")), 0);
    char *before = output_of("--db '%s' report --all --format text", url);
    assert_int_equal(psql_count(url, "DROP INDEX series_by_tool; CREATE "
                                "INDEX series_by_param_set ON "
                                "series(param_set_id); ALTER "
                                "TABLE series DROP COLUMN ident, ADD "
                                "CONSTRAINT "
                                "series_tool_benchmark_metric_params_key "
                                "UNIQUE (tool, benchmark, metric, params); "
                                "SELECT 0"), 0);
    assert_int_equal(psql_count(url, "DROP TABLE source_platforms; CREATE "
                                "INDEX results_by_platform ON "
                                "results(platform_id, series_id); ALTER "
                                "TABLE results ADD PRIMARY KEY (id), ALTER "
                                "COLUMN id SET CACHE 1; UPDATE "
                                "benchdb_meta SET value = '11' WHERE key = "
                                "'schema_version'; SELECT 0"), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM pg_indexes WHERE "
                                "tablename = 'results'"), 4);
    assert_int_equal(tu_run(NULL, "--db '%s' init", url), 0);
    assert_true(psql_count(url, "SELECT value::int FROM benchdb_meta WHERE "
                           "key = 'schema_version'") >= 12);
    assert_source_platforms_hold(url, "migrating");
    assert_int_equal(psql_count(url, "SELECT count(*) FROM source_platforms"),
                     psql_count(url, "SELECT count(DISTINCT source_id) FROM "
                                "results"));
    assert_true(psql_count(url, "SELECT count(*) FROM source_platforms "
                           "WHERE platform_id IS NULL") > 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM pg_indexes WHERE "
                                "tablename = 'results' AND indexname IN "
                                "('results_pkey', 'results_by_platform')"),
                     0);
    /* the results' ids come 1,024 to a session */
    assert_int_equal(psql_count(url, "SELECT cache_size FROM pg_sequences "
                                "WHERE sequencename = 'results_id_seq'"),
                     1024);
    char *after = output_of("--db '%s' report --all --format text", url);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

/* A COPY of results the server refuses (here a CHECK the test adds) fails
 * its file even though benchdb reads the COPY's answer only at the next
 * statement: every file of the batch fails with the COPY's own message,
 * and none of them leaves a source or a result behind. */
static void pg__results_copy_refused__its_file_fails_and_leaves_nothing(void **state)
{
    if (need_server(state))
        return;
    char url[1100];
    fresh_db("refused", url, sizeof url);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/ab'", url,
                            tu_path("samples")), 0);
    long long results = psql_count(url, "SELECT count(*) FROM results");
    long long sources = psql_count(url, "SELECT count(*) FROM sources");
    assert_true(results > 0);
    assert_int_equal(psql_count(url, "ALTER TABLE results ADD CONSTRAINT "
                                "refuse CHECK (source_id < 0) NOT VALID; "
                                "SELECT 0"), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = tu_run(&out, "--db '%s' import '%s/wrk'", url, tu_path("samples"));
    assert_int_not_equal(rc, 0);
    assert_non_null(out.data);
    assert_non_null(strstr(out.data, "adding results"));
    assert_non_null(strstr(out.data, "refuse"));
    assert_null(strstr(out.data, "aborted"));
    bdb_buf_free(&out);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results"), results);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM sources"), sources);
    /* one file alone, in its own transaction */
    bdb_buf_init(&out);
    rc = tu_run(&out, "--db '%s' import '%s/wrk/html-t2-c10.txt'", url,
                tu_path("samples"));
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out.data, "adding results"));
    bdb_buf_free(&out);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results"), results);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM sources"), sources);
}

/* The lines a shell command prints, sorted (sorted_lines, under a
 * header line of its own). */
static char *command_lines(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_buf_puts(&b, "lines\n");
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, p)) > 0)
        bdb_buf_append(&b, chunk, got);
    assert_int_equal(pclose(p), 0);
    bdb_buf_puts(&b, "");
    char *text = bdb_buf_detach(&b, NULL);
    char *sorted = sorted_lines(text);
    free(text);
    return sorted;
}

#define SETS_SQL "SELECT p.params || ' ' || i.key || '=' || i.value FROM " \
                 "param_sets p JOIN param_set_items i ON i.set_id = p.id"

/* psql's lines of sql on url, sorted. */
static char *psql_lines(const char *url, const char *sql)
{
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -v ON_ERROR_STOP=1 -c \"%s\"",
             url, sql);
    return command_lines(cmd);
}

/* Parameter sets are promised as files are read and made at each flush,
 * all of them in one statement: the same sets and items as SQLite's,
 * made one at a time. A batch the server refuses (a CHECK the test adds
 * on one file's results) leaves none of the sets its flushes made. */
static void pg__param_sets_made_in_bulk__the_same_as_sqlite(void **state)
{
    if (need_server(state))
        return;
    char url[1100], lite[800], cmd[2400];
    fresh_db("sets", url, sizeof url);
    snprintf(lite, sizeof lite, "%s/sets.sqlite", tu_tmpdir());
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/fio' '%s/wrk'",
                            lite, tu_path("samples"), tu_path("samples")), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/fio'", url,
                            tu_path("samples")), 0);
    char *fio_sets = psql_lines(url, SETS_SQL);
    /* the next source's results are refused: the batch is undone */
    long long next = psql_count(url, "SELECT last_value + 1 FROM "
                                "sources_id_seq");
    char check[256];
    snprintf(check, sizeof check, "ALTER TABLE results ADD CONSTRAINT "
             "refuse CHECK (source_id <> %lld) NOT VALID; SELECT 0", next);
    assert_int_equal(psql_count(url, check), 0);
    assert_int_not_equal(tu_run(NULL, "--db '%s' import -q '%s/wrk' "
                                ">/dev/null 2>&1", url, tu_path("samples")), 0);
    char *after = psql_lines(url, SETS_SQL);
    assert_string_equal(after, fio_sets);
    free(after);
    assert_int_equal(psql_count(url, "ALTER TABLE results DROP CONSTRAINT "
                                "refuse; SELECT 0"), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/wrk'", url,
                            tu_path("samples")), 0);
    char *pg_sets = psql_lines(url, SETS_SQL);
    snprintf(cmd, sizeof cmd, "sqlite3 '%s' \"%s\"", lite, SETS_SQL);
    char *lite_sets = command_lines(cmd);
    assert_true(strlen(pg_sets) > strlen(fio_sets));
    assert_string_equal(pg_sets, lite_sets);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM param_sets p WHERE "
                                "p.params <> '' AND NOT EXISTS (SELECT 1 FROM "
                                "param_set_items i WHERE i.set_id = p.id)"), 0);
    free(fio_sets);
    free(pg_sets);
    free(lite_sets);
}

static void pg__many_series_in_one_file__list_and_report_as_sqlite(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[800], lite[800];
    fresh_db("many", url, sizeof url);
    snprintf(csv, sizeof csv, "%s/many.csv", tu_tmpdir());
    snprintf(lite, sizeof lite, "%s/many.sqlite", tu_tmpdir());
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters,repetition\n",
          f);
    for (int rep = 1; rep <= 2; rep++)
        for (int k = 0; k < (rep == 1 ? 2500 : 300); k++)
            for (int p = 0; p < 4; p++)
                fprintf(f, "p%d,gzip,gzip,real,%d.%d,s,level=%d;block=%d,%d\n",
                        p, 100 + k % 97, p + rep, k % 9, k, rep);
    assert_int_equal(fclose(f), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", url, csv), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", lite, csv), 0);
    char *l0 = output_of("--db '%s' list results --format csv", lite);
    char *l1 = output_of("--db '%s' list results --format csv", url);
    drop_first_column(l0);
    drop_first_column(l1);
    char *s0 = sorted_lines(l0), *s1 = sorted_lines(l1);
    assert_string_equal(s0, s1);
    /* every figure is there: 2,800 series x 4 platforms, and the header */
    size_t lines = 0;
    for (const char *c = s1; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, 1 + (2500 + 300) * 4);
    char *r0 = output_of("--db '%s' report --format csv --platforms "
                         "p0,p1,p2,p3 --baseline p0", lite);
    char *r1 = output_of("--db '%s' report --format csv --platforms "
                         "p0,p1,p2,p3 --baseline p0", url);
    assert_string_equal(r0, r1);
    free(l0); free(l1); free(s0); free(s1); free(r0); free(r1);
    bdb_buf_free(&out);
}

/* A transaction that adds many results is followed by a VACUUM of
 * results (store_pg.c, vacuum_after): right after a large import, the
 * report's groups read each series' results from results_by_series_platform
 * alone, in its order, instead of sorting them from the heap; a small
 * import leaves that to autovacuum. */
static void pg__large_import__vacuumed_for_the_reports_that_follow(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[800];
    fresh_db("vacuum", url, sizeof url);
    static const char *const counts =
        "SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = "
        "'results'";
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/wrk'", url,
                            tu_path("samples")), 0);
    assert_true(psql_count(url, "SELECT count(*) FROM results") > 0);
    assert_int_equal(psql_count(url, counts), 0);
    /* 70,000 figures in one file: 17,500 series x 4 platforms */
    snprintf(csv, sizeof csv, "%s/vacuum.csv", tu_tmpdir());
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters,repetition\n",
          f);
    for (int k = 0; k < 17500; k++)
        for (int p = 0; p < 4; p++)
            fprintf(f, "p%d,gzip,gzip,real,%d.%d,s,level=%d;block=%d,1\n", p,
                    100 + k % 97, p, k % 9, k);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s'", url, csv), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM results r JOIN "
                                "series s ON s.id = r.series_id WHERE "
                                "s.tool = 'gzip'"), 70000);
    assert_int_equal(psql_count(url, counts), 1);
    assert_true(psql_count(url, "SELECT relallvisible FROM pg_class WHERE "
                           "relname = 'results'") > 0);
    /* the report's groups query (store_pg.c, sql_groups_results) */
    char *plan = psql_lines(url, "EXPLAIN (COSTS OFF) SELECT s.id, "
                            "r.platform_id, r.value FROM series s CROSS JOIN "
                            "LATERAL (SELECT * FROM results r WHERE "
                            "r.series_id = s.id ORDER BY r.platform_id, "
                            "r.source_id, r.repetition, r.line, r.value) r "
                            "ORDER BY s.tool, s.benchmark, s.metric, "
                            "s.params");
    if (!strstr(plan, "Index Only Scan using results_by_series_platform"))
        fail_msg("the groups' plan after a large import:\n%s", plan);
    free(plan);
}

/* A filtered query's values reach PostgreSQL intact (the driver copies
 * what it binds; the filter's copies are freed before a cursor's first
 * step): benchdb serve's compare table from sums, narrowed by tool and a
 * parameter, has the rows SQLite's has. */
static void pg__filtered_sums__bound_values_survive_the_cursor(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[800], lite[800];
    fresh_db("sums", url, sizeof url);
    snprintf(csv, sizeof csv, "%s/sums.csv", tu_tmpdir());
    snprintf(lite, sizeof lite, "%s/sums.sqlite", tu_tmpdir());
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters,repetition\n",
          f);
    for (int rep = 1; rep <= 3; rep++)
        for (int k = 0; k < 40; k++)
            for (int p = 0; p < 2; p++)
                fprintf(f, "p%d,%s,b%d,real,%d.%d,s,level=%d,%d\n", p,
                        k % 2 ? "gzip" : "xz", k, 100 + k + p * 7, rep, k % 4,
                        rep);
    assert_int_equal(fclose(f), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", url, csv), 0);
    assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", lite, csv), 0);
    bdb_buf_free(&out);
    size_t rows[2];
    const char *dbs[2] = {lite, url};
    for (int i = 0; i < 2; i++) {
        bdb_store *st;
        bdb_diag d;
        bdb_diag_clear(&d);
        assert_int_equal(bdb_store_open(&st, dbs[i], &d), BDB_OK);
        bdb_params ps = {0};
        assert_int_equal(bdb_params_set(&ps, "level", "1"), 0);
        bdb_compare_opts o = {0};
        o.threshold = -1;
        o.filter.tool = "gzip";
        o.filter.params = &ps;
        o.old_side = (bdb_cmp_side){BDB_CMP_PLATFORM, "p0"};
        o.new_side = (bdb_cmp_side){BDB_CMP_PLATFORM, "p1"};
        bdb_compare *c = NULL;
        if (bdb_compare_build_sums(st, &o, &c, &d))
            fail_msg("%s: %s", i ? "PostgreSQL" : "SQLite", d.message);
        rows[i] = c->n;
        for (size_t k = 0; k < c->n; k++) {
            assert_string_equal(c->rows[k].tool, "gzip");
            assert_string_equal(c->rows[k].params, "level=1");
            assert_int_equal(c->rows[k].n_old, 3);
        }
        bdb_compare_free(c);
        bdb_store_close(st);
    }
    assert_int_equal(rows[0], 10);  /* k = 1, 5, ..., 37 */
    assert_int_equal(rows[1], rows[0]);
}

/* Every group a report reads, as text: series, platform, figures and
 * where each value came from. */
static int group_text(const bdb_group_row *r, void *ctx)
{
    bdb_buf *b = ctx;
    bdb_buf_printf(b, "%s|%s|%s|%s|%s|%d|%s|%zu|%.17g|%.17g|%.17g:", r->tool,
                   r->benchmark, r->metric, r->params, r->unit, r->better,
                   r->platform, r->n, r->mean, r->min, r->max);
    for (size_t i = 0; i < r->n; i++)
        bdb_buf_printf(b, " %.17g@%s:%d", r->values[i],
                       strrchr(r->paths[i], '/') + 1, r->lines[i]);
    bdb_buf_puts(b, "\n");
    return 0;
}

static char *groups_of(const char *db, const bdb_filter *f)
{
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, db, &d), BDB_OK);
    bdb_buf b;
    bdb_buf_init(&b);
    assert_int_equal(bdb_store_groups_each(st, f, group_text, &b), BDB_OK);
    bdb_store_close(st);
    bdb_buf_puts(&b, "");
    assert_non_null(b.data);
    return bdb_buf_detach(&b, NULL);
}

/* The groups (store_groups.c, one implementation over both drivers) are
 * the same on PostgreSQL as on SQLite: series in order, platforms by
 * name whatever their ids (zeta is made first), values in source and
 * repetition order, with and without a filter. */
static void pg__groups__the_same_as_sqlite(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[800], lite[800];
    fresh_db("groups", url, sizeof url);
    snprintf(lite, sizeof lite, "%s/groups.sqlite", tu_tmpdir());
    const char *plat[3] = {"zeta", "alpha", "mid"};
    bdb_buf out;
    bdb_buf_init(&out);
    for (int file = 0; file < 2; file++) {
        snprintf(csv, sizeof csv, "%s/groups%d.csv", tu_tmpdir(), file);
        FILE *f = fopen(csv, "w");
        assert_non_null(f);
        fputs("platform,tool,benchmark,metric,value,unit,parameters,"
              "repetition\n", f);
        for (int rep = 3; rep >= 1; rep--)
            for (int k = 0; k < 30; k++)
                for (int p = 0; p < 3; p++)
                    fprintf(f, "%s,%s,b%d,real,%.9f,s,level=%d,%d\n", plat[p],
                            k % 2 ? "gzip" : "xz", k % 7,
                            1.0 / (k + p + rep + 3 * file), k, rep);
        assert_int_equal(fclose(f), 0);
        assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", url, csv), 0);
        assert_int_equal(tu_run(&out, "--db '%s' import -q '%s'", lite, csv), 0);
    }
    bdb_buf_free(&out);
    bdb_filter none = {0}, some = {.tool = "gzip", .platforms = "zeta,alpha"};
    const bdb_filter *filters[2] = {&none, &some};
    for (int i = 0; i < 2; i++) {
        char *g0 = groups_of(lite, filters[i]), *g1 = groups_of(url, filters[i]);
        assert_string_equal(g0, g1);
        size_t lines = 0;
        for (const char *c = g1; *c; c++)
            lines += *c == '\n';
        assert_int_equal(lines, i ? 15 * 2 : 30 * 3);
        /* time is lower-better: an int4 -1 read from binary pages */
        assert_non_null(strstr(g1, "|s|-1|"));
        /* alpha before zeta within the first series */
        const char *a = strstr(g1, "|alpha|"), *z = strstr(g1, "|zeta|");
        assert_true(a && z && a < z);
        free(g0);
        free(g1);
    }
}

/* A database of schema 12 (made here as 013 found them: benchdb's own
 * imports, whose keys are the write path's, kept aside; then the key
 * dropped, the four-text unique constraint made again, the version set
 * back) migrates: every series gets back the key benchdb's C code gave
 * it (013 computes it in SQL: the two must agree byte for byte), the
 * unique constraint goes, and the report is the one it gave before. */
static void pg__database_of_schema_12__migrates_to_series_keys(void **state)
{
    if (need_server(state))
        return;
    char url[1100];
    fresh_db("v12", url, sizeof url);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform a '%s/fio' "
                                  "'%s/ab' '%s/wrk' '%s/openssl-speed'", url,
                            tu_path("samples"), tu_path("samples"),
                            tu_path("samples"), tu_path("samples")), 0);
    char *before = output_of("--db '%s' report --all --format text", url);
    long long series = psql_count(url, "SELECT count(*) FROM series");
    assert_true(series > 100);
    assert_int_equal(psql_count(url, "CREATE TABLE keep AS SELECT id, ident "
                                "FROM series; DROP INDEX series_by_tool; "
                                "CREATE INDEX series_by_param_set ON "
                                "series(param_set_id); "
                                "ALTER TABLE series DROP COLUMN ident, ADD "
                                "CONSTRAINT "
                                "series_tool_benchmark_metric_params_key "
                                "UNIQUE (tool, benchmark, metric, params); "
                                "UPDATE benchdb_meta SET value = '12' WHERE "
                                "key = 'schema_version'; SELECT 0"), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' init", url), 0);
    assert_true(psql_count(url, "SELECT value::int FROM benchdb_meta WHERE "
                           "key = 'schema_version'") >= 13);
    assert_int_equal(psql_count(url, "SELECT count(ident) FROM series"),
                     series);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM series s JOIN keep "
                                "k ON k.id = s.id WHERE s.ident = k.ident"),
                     series);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM pg_constraint "
                                "WHERE conname = "
                                "'series_tool_benchmark_metric_params_key'"),
                     0);
    char *after = output_of("--db '%s' report --all --format text", url);
    assert_string_equal(before, after);
    free(before);
    free(after);
    /* the same files again: every series found, none made twice */
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform b '%s/fio' "
                                  "'%s/wrk'", url, tu_path("samples"),
                            tu_path("samples")), 0);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM series"), series);
}

/* Made-up figures: this is about what the store keeps. */
static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

#define PG_T_SERIES "tool = 'wrk' AND benchmark = '/t' AND metric = " \
                    "'requests_per_sec' AND params = 'concurrency=10'"

/* As test_series_ident.c on SQLite: a row squats on /t's key; /t is made
 * keyless (in the bulk statement's fallback), found again by the next
 * file, and still found once the squatter is gone. */
static void pg__key_taken__series_kept_keyless(void **state)
{
    if (need_server(state))
        return;
    char url[1100], csv[700], sql[600];
    fresh_db("collide", url, sizeof url);
    assert_int_equal(tu_run(NULL, "--db '%s' init", url), 0);
    snprintf(sql, sizeof sql, "INSERT INTO series(tool, benchmark, metric, "
                              "params, unit, better, ident) VALUES('wrk', "
                              "'/squatter', 'requests_per_sec', "
                              "'concurrency=10', 'op/s', 1, %lld); SELECT 0",
             bdb_series_ident("wrk", "/t", "requests_per_sec",
                              "concurrency=10"));
    assert_int_equal(psql_count(url, sql), 0);
    static const char *const files[] = {
        "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
        "x,wrk,/t,requests_per_sec,1000,op/s,concurrency=10,1\n"
        "x,wrk,/u,requests_per_sec,700,op/s,concurrency=10,1\n",
        "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
        "x,wrk,/t,requests_per_sec,1010,op/s,concurrency=10,2\n",
        "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
        "x,wrk,/t,requests_per_sec,1020,op/s,concurrency=10,3\n"
        "x,wrk,/u,requests_per_sec,710,op/s,concurrency=10,2\n",
    };
    for (int i = 0; i < 3; i++) {
        if (i == 2)
            assert_int_equal(psql_count(url, "DELETE FROM series WHERE "
                                        "benchmark = '/squatter'; SELECT 0"),
                             0);
        snprintf(csv, sizeof csv, "%s/pg-collide-%d.csv", tu_tmpdir(), i);
        write_text(csv, files[i]);
        assert_int_equal(tu_run(NULL, "--db '%s' import -q --format "
                                      "results-csv '%s'", url, csv), 0);
        assert_int_equal(psql_count(url, "SELECT count(*) FROM series WHERE "
                                    PG_T_SERIES " AND ident IS NULL"), 1);
        assert_int_equal(psql_count(url, "SELECT count(*) FROM series WHERE "
                                    PG_T_SERIES), 1);
    }
    assert_int_equal(psql_count(url, "SELECT sum(r.value)::bigint FROM "
                                "results r JOIN series s ON s.id = "
                                "r.series_id WHERE s." PG_T_SERIES),
                     3030);
    assert_int_equal(psql_count(url, "SELECT count(*) FROM series WHERE "
                                "benchmark = '/u' AND ident IS NOT NULL"), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pg__samples__report_the_same_as_sqlite),
        cmocka_unit_test(pg__eight_importers_at_once__store_every_file_once),
        cmocka_unit_test(pg__import_killed__leaves_each_file_in_or_out),
        cmocka_unit_test(pg__copy_both_ways__reports_the_same),
        cmocka_unit_test(pg__first_open_by_eight_at_once__migrates_once),
        cmocka_unit_test(pg__failed_files_in_a_batch__the_rest_land_in_the_set),
        cmocka_unit_test(pg__thirty_platforms_named__report_and_list_them_all),
        cmocka_unit_test(pg__many_series_in_one_file__list_and_report_as_sqlite),
        cmocka_unit_test(pg__results_copy_refused__its_file_fails_and_leaves_nothing),
        cmocka_unit_test(pg__param_sets_made_in_bulk__the_same_as_sqlite),
        cmocka_unit_test(pg__results_after_every_change__point_at_rows_that_exist),
        cmocka_unit_test(pg__database_of_schema_11__migrates_to_source_platforms),
        cmocka_unit_test(pg__large_source__kept_in_pieces_loads_back_whole),
        cmocka_unit_test(pg__source_lines__window_read_from_its_point),
        cmocka_unit_test(pg__filtered_sums__bound_values_survive_the_cursor),
        cmocka_unit_test(pg__groups__the_same_as_sqlite),
        cmocka_unit_test(pg__large_import__vacuumed_for_the_reports_that_follow),
        cmocka_unit_test(pg__database_of_schema_12__migrates_to_series_keys),
        cmocka_unit_test(pg__key_taken__series_kept_keyless),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
