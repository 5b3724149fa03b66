/* test_store.c - the store through its public API: migrations, platforms,
 * atomic per-source import, duplicates, filters, reparse, walks that stop,
 * sources that round-trip, and copying between databases.
 *
 * The suite runs against both back-ends. SQLite always; PostgreSQL when
 * BDB_TEST_PG_URL names a server's database (scripts/pg-test-server.sh
 * start prints one): each test then gets a database of its own, made
 * with psql. Without it the PostgreSQL group says so and is skipped, or
 * fails when CI=true, so that CI never passes without it. */
#include "test_util.h"

#include "../import/import.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <dirent.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char db_path[1024];
static int on_pg;   /* the current group is PostgreSQL's */

static int setup(void **state)
{
    (void)state;
    on_pg = 0;
    snprintf(db_path, sizeof db_path, "%s/test.sqlite", tu_tmpdir());
    return 0;
}

/* Runs one SQL statement on the database at url through psql. */
static void psql(const char *url, const char *sql)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -v ON_ERROR_STOP=1 -c \"%s\" "
             ">/dev/null", url, sql);
    if (system(cmd) != 0)
        fail_msg("psql failed: %s", cmd);
}

static int pg_setup(void **state)
{
    (void)state;
    const char *base = getenv("BDB_TEST_PG_URL");
    if (!base || !*base) {
        if (getenv("CI") && strcmp(getenv("CI"), "true") == 0)
            fail_msg("BDB_TEST_PG_URL is not set and CI=true: the "
                     "PostgreSQL back-end must be tested in CI (start a "
                     "server with scripts/pg-test-server.sh start)");
        fail_msg("BDB_TEST_PG_URL is not set");
    }
    static int n;
    char name[64], sql[128];
    snprintf(name, sizeof name, "bdb_store_%ld_%d", (long)getpid(), ++n);
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
    psql(base, sql);
    tu_url_with_db(base, name, db_path, sizeof db_path);
    on_pg = 1;
    return 0;
}

static bdb_store *open_db(void)
{
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open(&st, db_path, &d) != BDB_OK)
        fail_msg("open: %s", d.message);
    return st;
}

static int count_results(const bdb_result_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return 0;
}

static int results_of(bdb_store *st, const bdb_filter *f)
{
    int n = 0;
    assert_int_equal(bdb_store_results_each(st, f, count_results, &n), 0);
    return n;
}

static int count_series(const bdb_series_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return 0;
}

static int count_sources(const bdb_source_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return 0;
}

static int sources_of(bdb_store *st)
{
    int n = 0;
    assert_int_equal(bdb_store_sources_each(st, count_sources, &n), 0);
    return n;
}

static void add_sample(bdb_sink *sink, const char *bench, const char *metric,
                       double v, const char *param)
{
    bdb_sample s;
    bdb_sample_init(&s, bench);
    snprintf(s.tool, sizeof s.tool, "ab");
    if (param)
        bdb_params_set(&s.params, "concurrency", "%s", param);
    s.repetition = 1;
    assert_int_equal(bdb_sink_add(sink, &s, metric, v, BDB_UNIT_OPS_PER_S,
                                  BDB_HIGHER_IS_BETTER, 7), 0);
}

/* A figure the sink would refuse (NaN), handed on without its vetting:
 * the store's own check, as a caller other than the parsers meets it. */
static void add_unvetted(bdb_sink *sink, const char *bench, double v,
                         const char *param)
{
    bdb_sample s;
    bdb_sample_init(&s, bench);
    snprintf(s.tool, sizeof s.tool, "ab");
    bdb_params_set(&s.params, "concurrency", "%s", param);
    snprintf(s.metric, sizeof s.metric, "requests_per_sec");
    s.repetition = 1;
    s.value = v;
    s.unit = BDB_UNIT_OPS_PER_S;
    s.better = BDB_HIGHER_IS_BETTER;
    s.line = 7;
    assert_int_equal(bdb_sink_deliver(sink, &s), 0);
}

static void store__newer_schema__is_refused(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_store_close(st);
    /* PRAGMA user_version lives at offset 60 of the database header. */
    FILE *f = fopen(db_path, "r+b");
    assert_non_null(f);
    unsigned char v[4] = {0, 0, 0, 99};
    fseek(f, 60, SEEK_SET);
    fwrite(v, 1, 4, f);
    fclose(f);
    bdb_diag d;
    bdb_diag_clear(&d);
    st = NULL;
    assert_int_equal(bdb_store_open(&st, db_path, &d), BDB_EVERSION);
    assert_null(st);
    assert_non_null(strstr(d.message, "newer"));
}

/* The pieces of the source_chunks of the SQLite database at db. */
static int pieces_in(const char *db)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT count(*) FROM "
                                        "source_chunks", -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    int n = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(h);
    return n;
}

/* A source past 4 MiB is stored in pieces: it loads back byte for byte,
 * reparses to the same figures, copies whole, and is gone with its
 * source (tu_source_in_pieces_round_trip). */
static void store__large_source__kept_in_pieces_loads_back_whole(void **state)
{
    (void)state;
    char dir[1024], db[1100], copy[1100];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    snprintf(db, sizeof db, "%s/r.sqlite", dir);
    snprintf(copy, sizeof copy, "%s/copy.sqlite", dir);
    bdb_store *to;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&to, copy, &d), BDB_OK);
    long long id = tu_source_in_pieces_round_trip(st, dir, to);
    bdb_store_close(to);
    assert_true(pieces_in(db) >= 3);
    assert_true(pieces_in(copy) >= 3);
    assert_int_equal(bdb_store_source_delete(st, id), BDB_OK);
    bdb_store_close(st);
    assert_int_equal(pieces_in(db), 0);
}

/* A window of a large source's lines is read from the point before it
 * (schemas/010: a full flush about every megabyte, at a line's start),
 * each window the log's own lines, across points and at the end; a
 * source without points (stored before them) gives the same lines read
 * from its start; a small source is cut whole. The real ab run repeated
 * with a number in each copy, so that no two windows are alike. */
static void store__source_lines__window_read_from_its_point(void **state)
{
    (void)state;
    char dir[1024];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    long long ids[2];
    tu_source_windows(st, dir, ids);
    bdb_store_close(st);
    /* its points, then none */
    char db[1100];
    snprintf(db, sizeof db, "%s/r.sqlite", dir);
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT count(*), min(line) FROM "
                                        "source_points", -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_true(sqlite3_column_int(q, 0) >= 5);     /* 6 MiB, 1 MiB apart */
    assert_true(sqlite3_column_int(q, 1) > 1);
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_exec(h, "DELETE FROM source_points", NULL, NULL,
                                  NULL), SQLITE_OK);
    sqlite3_close(h);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, db, &d), BDB_OK);
    tu_source_windows_again(st, ids[0]);
    bdb_store_close(st);
}

static void store__schema_version__is_the_latest_migration(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_store_close(st);
    FILE *f = fopen(db_path, "rb");
    assert_non_null(f);
    unsigned char hdr[64];
    assert_int_equal(fread(hdr, 1, 64, f), 64);
    fclose(f);
    int v = hdr[60] << 24 | hdr[61] << 16 | hdr[62] << 8 | hdr[63];
    assert_int_equal(v, bdb_store_schema_version());
    assert_true(v >= 2);
    st = open_db();
    assert_int_equal(bdb_store_schema_version_of(st), v);
    bdb_store_close(st);
}

/* The database file rel (under the source tree) copied to db_path, and
 * opened (so migrated). */
static bdb_store *open_fixture(const char *rel)
{
    size_t len;
    char *bytes = tu_read(rel, &len);
    FILE *f = fopen(db_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
    return open_db();
}

static void store__database_of_schema_1__upgrades_and_keeps_data(void **state)
{
    (void)state;
    /* tests/fixtures/store/schema-v1.sqlite was made by benchdb at schema
     * version 1 (seed figures imported, platform imx6 added). */
    bdb_store *st = open_fixture("tests/fixtures/store/schema-v1.sqlite");
    assert_int_equal(results_of(st, NULL), 19);
    bdb_platform p;
    assert_int_equal(bdb_store_platform_get(st, "imx6", &p), 0);
    assert_true(p.power_w == 9 && p.price_usd == 40);
    assert_true(isnan(p.rent_usd_hour));
    p.rent_usd_hour = 0.02;
    snprintf(p.price_source, sizeof p.price_source, "seed 000");
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    assert_int_equal(bdb_store_platform_get(st, "imx6", &p), 0);
    assert_true(p.rent_usd_hour == 0.02);
    assert_string_equal(p.price_source, "seed 000");
    bdb_store_close(st);
}

static int collect_names(const char *name, void *ctx)
{
    bdb_buf *b = ctx;
    bdb_buf_printf(b, "%s%s", b->len ? "," : "", name);
    return 0;
}

/* The names of what ("param", "param:KEY"), comma-separated. */
static char *names_of(bdb_store *st, const char *what)
{
    bdb_buf b;
    bdb_buf_init(&b);
    assert_int_equal(bdb_store_names_each(st, what, collect_names, &b), 0);
    char *out = strdup(b.data ? b.data : "");
    bdb_buf_free(&b);
    return out;
}

static void assert_names(bdb_store *st, const char *what, const char *want)
{
    char *got = names_of(st, what);
    assert_string_equal(got, want);
    free(got);
}

static int results_with(bdb_store *st, const char *key, const char *value)
{
    bdb_params want = {0};
    assert_int_equal(bdb_params_set(&want, key, "%s", value), 0);
    bdb_filter f = {.params = &want};
    return results_of(st, &f);
}

/* Adds the source "more.txt" (SHA-256 "more"): a figure of the fixtures'
 * series ab /index.html [concurrency=8,server=nginx] on pi4 (210 op/s at
 * line 2) and, with c16, one of concurrency=16 (250 op/s at line 3). */
static void add_more_figures(bdb_store *st, int c16)
{
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_sample smp;
    bdb_sample_init(&smp, "/index.html");
    snprintf(smp.tool, sizeof smp.tool, "ab");
    snprintf(smp.platform, sizeof smp.platform, "pi4");
    bdb_params_set(&smp.params, "concurrency", "8");
    bdb_params_set(&smp.params, "server", "nginx");
    smp.repetition = 2;
    assert_int_equal(bdb_sink_add(&sink, &smp, "requests_per_sec", 210,
                                  BDB_UNIT_OPS_PER_S, BDB_HIGHER_IS_BETTER,
                                  2), 0);
    if (c16) {
        bdb_params_set(&smp.params, "concurrency", "16");
        assert_int_equal(bdb_sink_add(&sink, &smp, "requests_per_sec", 250,
                                      BDB_UNIT_OPS_PER_S,
                                      BDB_HIGHER_IS_BETTER, 3), 0);
    }
    bdb_source_info info = {.path = "more.txt", .sha256 = "more", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    bdb_sink_free(&sink);
}

/* Adds source sha: n figures, one of each series ab /index.html
 * requests_per_sec [k=i] (i = 0..n-1) on pi4, the figure's value
 * 1000 * round + i. */
static void add_numbered_series(bdb_store *st, const char *sha, int n,
                                int round)
{
    bdb_sink sink;
    bdb_sink_init(&sink);
    for (int i = 0; i < n; i++) {
        bdb_sample smp;
        bdb_sample_init(&smp, "/index.html");
        snprintf(smp.tool, sizeof smp.tool, "ab");
        snprintf(smp.platform, sizeof smp.platform, "pi4");
        bdb_params_set(&smp.params, "k", "%d", i);
        assert_int_equal(bdb_sink_add(&sink, &smp, "requests_per_sec",
                                      1000 * round + i, BDB_UNIT_OPS_PER_S,
                                      BDB_HIGHER_IS_BETTER, i + 2), 0);
    }
    bdb_source_info info = {.path = sha, .sha256 = sha, .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    bdb_sink_free(&sink);
}

static long long series_of_store(bdb_store *st)
{
    long long n = -1;
    assert_int_equal(bdb_store_series_count(st, NULL, &n), 0);
    return n;
}

typedef struct value_check {
    int rows, wrong;
} value_check;

/* every figure of series [k=i] is i more than a multiple of 1000 */
static int value_matches_series(const bdb_result_row *r, void *ctx)
{
    value_check *c = ctx;
    int i = -1;
    sscanf(r->params, "k=%d", &i);
    c->rows++;
    if (i < 0 || (long long)r->value % 1000 != i)
        c->wrong++;
    return 0;
}

/* One identity is one series: the same 40 identities from another
 * source, inside a batch, and from another handle (a process with an
 * empty series cache) land in the same 40, each figure in its own. */
static void store__same_identity__one_series_across_sources_and_handles(
    void **state)
{
    (void)state;
    bdb_store *st = open_db();
    add_numbered_series(st, "round1", 40, 1);
    assert_int_equal(series_of_store(st), 40);
    assert_int_equal(bdb_store_batch_begin(st, 0), 0);
    add_numbered_series(st, "round2", 40, 2);
    assert_int_equal(bdb_store_batch_end(st, 1), 0);
    assert_int_equal(series_of_store(st), 40);
    bdb_store_close(st);
    st = open_db();
    add_numbered_series(st, "round3", 40, 3);
    assert_int_equal(series_of_store(st), 40);
    assert_int_equal(results_of(st, NULL), 120);
    assert_int_equal(results_with(st, "k", "7"), 3);
    value_check c = {0};
    assert_int_equal(bdb_store_results_each(st, NULL, value_matches_series,
                                            &c), 0);
    assert_int_equal(c.rows, 120);
    assert_int_equal(c.wrong, 0);
    bdb_store_close(st);
}

static void store__database_of_schema_4__moves_parameters_into_sets(void **state)
{
    (void)state;
    /* tests/fixtures/store/schema-v4.sqlite was made by benchdb at schema
     * version 4, one row per parameter per series in series_params, from
     * tests/fixtures/store/schema-v4.csv: 7 results in 5 series, 3 sets
     * of parameters and one series without any. */
    bdb_store *st = open_fixture("tests/fixtures/store/schema-v4.sqlite");
    assert_int_equal(results_of(st, NULL), 7);
    assert_int_equal(results_with(st, "concurrency", "8"), 2);
    assert_int_equal(results_with(st, "concurrency", "1..4"), 2);
    assert_int_equal(results_with(st, "server", "nginx"), 4);
    assert_int_equal(results_with(st, "threads", "4"), 2);
    assert_int_equal(results_with(st, "threads", "5"), 0);
    assert_names(st, "param", "concurrency,connections,server,threads");
    assert_names(st, "param:concurrency", "1,8");
    /* a figure of a migrated series joins it, a new set is added */
    add_more_figures(st, 1);
    assert_int_equal(results_with(st, "concurrency", "8"), 3);
    assert_int_equal(results_with(st, "concurrency", "16"), 1);
    assert_int_equal(results_with(st, "server", "nginx"), 6);
    assert_names(st, "param:concurrency", "1,16,8");
    bdb_filter fs = {.tool = "ab", .platforms = "pi4"};
    int n = 0;
    assert_int_equal(bdb_store_series_each(st, &fs, count_series, &n), 0);
    assert_int_equal(n, 3);
    bdb_store_close(st);
}

/* the series of a walk, one "tool benchmark metric params unit better
 * nresults" a line, in the walk's order */
static int series_text(const bdb_series_row *r, void *ctx)
{
    char *out = ctx;
    size_t used = strlen(out);
    snprintf(out + used, 2000 - used, "%lld %s %s %s %s %s %d %lld\n", r->id,
             r->tool, r->benchmark, r->metric, r->params, r->unit, r->better,
             r->nresults);
    return 0;
}

static void store__database_of_schema_5__keeps_its_series_and_results(
    void **state)
{
    (void)state;
    /* tests/fixtures/store/schema-v5.sqlite was made by benchdb at schema
     * version 5 (series checked by `better IN (-1, 0, 1)`) from
     * tests/fixtures/store/schema-v4.csv; version 6 rebuilds the series
     * table, whose ids the results and sets refer to */
    bdb_store *st = open_fixture("tests/fixtures/store/schema-v5.sqlite");
    assert_int_equal(results_of(st, NULL), 7);
    assert_int_equal(results_with(st, "concurrency", "8"), 2);
    assert_int_equal(results_with(st, "server", "nginx"), 4);
    assert_names(st, "param", "concurrency,connections,server,threads");
    char text[2000] = "";
    assert_int_equal(bdb_store_series_each(st, NULL, series_text, text), 0);
    assert_string_equal(
        text,
        "1 ab /index.html requests_per_sec concurrency=1,server=nginx op/s 1 2\n"
        "2 ab /index.html requests_per_sec concurrency=8,server=nginx op/s 1 2\n"
        "5 dd write throughput  B/s 1 1\n"
        "4 wrk / latency_avg connections=64,threads=4 s -1 1\n"
        "3 wrk / requests_per_sec connections=64,threads=4 op/s 1 1\n");
    /* a figure of a migrated series joins it; deleting its source still
     * cascades to the results */
    add_more_figures(st, 0);
    assert_int_equal(results_with(st, "concurrency", "8"), 3);
    int n = 0;
    assert_int_equal(bdb_store_series_each(st, NULL, count_series, &n), 0);
    assert_int_equal(n, 5);
    long long id = 0;
    assert_int_equal(bdb_store_source_find(st, "more", &id), 0);
    assert_true(id > 0);
    assert_int_equal(bdb_store_source_delete(st, id), 0);
    assert_int_equal(results_with(st, "concurrency", "8"), 2);
    bdb_store_close(st);
}

typedef struct row_check {
    int n, bad;
    char seen[1000];
} row_check;

/* Line i + 1 has value i, repetition i % 7 + 1 and platform "odd" for an
 * odd i; each line once. */
static int check_row(const bdb_result_row *r, void *ctx)
{
    row_check *c = ctx;
    int i = r->line - 1;
    if (i < 0 || i >= (int)sizeof c->seen || c->seen[i]++ || r->value != i ||
        r->repetition != i % 7 + 1 ||
        strcmp(r->platform, i % 2 ? "odd" : "even") != 0)
        c->bad++;
    c->n++;
    return 0;
}

static void store__figures_past_one_insert_statement__all_land_in_order(void **state)
{
    (void)state;
    /* more rows than one multi-row INSERT takes, and a part statement */
    enum { N = 1000 };
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    for (int i = 0; i < N; i++) {
        bdb_sample smp;
        bdb_sample_init(&smp, "/many");
        snprintf(smp.tool, sizeof smp.tool, "ab");
        snprintf(smp.platform, sizeof smp.platform, i % 2 ? "odd" : "even");
        bdb_params_set(&smp.params, "set", "%d", i % 5);
        smp.repetition = i % 7 + 1;
        assert_int_equal(bdb_sink_add(&sink, &smp, "requests_per_sec", i,
                                      BDB_UNIT_OPS_PER_S,
                                      BDB_HIGHER_IS_BETTER, i + 1), 0);
    }
    bdb_source_info info = {.path = "many.txt", .sha256 = "many", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    bdb_sink_free(&sink);
    row_check c;
    memset(&c, 0, sizeof c);
    assert_int_equal(bdb_store_results_each(st, NULL, check_row, &c), 0);
    assert_int_equal(c.n, N);
    assert_int_equal(c.bad, 0);
    bdb_filter f = {.platforms = "odd"};
    assert_int_equal(results_of(st, &f), N / 2);
    assert_int_equal(results_with(st, "set", "3"), N / 5);
    bdb_store_close(st);
}

static void store__unit_conflict_after_many_figures__leaves_nothing_of_the_source(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    bdb_source_info info = {.path = "x.txt", .sha256 = "first", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    /* 700 good figures (inserted in statements of many rows before the
     * bad one comes), then the first series in another unit */
    bdb_sink_reset(&sink);
    for (int i = 0; i < 700; i++)
        add_sample(&sink, "/b", "requests_per_sec", i, "2");
    add_sample(&sink, "/a", "requests_per_sec", 1, "1");
    sink.samples[sink.n - 1].unit = BDB_UNIT_SECONDS;
    info.sha256 = "second";
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), BDB_ESTORE);
    assert_non_null(strstr(bdb_store_errmsg(st), "in s here"));
    assert_int_equal(sources_of(st), 1);
    assert_int_equal(results_of(st, NULL), 1);
    /* and the handle goes on: the same figures, in the right unit, land */
    sink.samples[sink.n - 1].unit = BDB_UNIT_OPS_PER_S;
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    assert_int_equal(results_of(st, NULL), 702);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

static long long only_source_id(bdb_store *st)
{
    long long *ids = NULL;
    size_t n = 0;
    assert_int_equal(bdb_store_source_ids(st, &ids, NULL, &n), 0);
    assert_int_equal(n, 1);
    long long id = ids[0];
    free(ids);
    return id;
}

/* The series one handle remembers from its last transaction are
 * forgotten when another handle changed the database in between: there
 * a source was deleted and its series swept. */
static void store__series_swept_by_another_handle__is_made_again(void **state)
{
    (void)state;
    for (int batch = 0; batch < 2; batch++) {
        bdb_store *a = open_db(), *b = open_db();
        bdb_sink sink;
        bdb_sink_init(&sink);
        add_sample(&sink, "/swept", "requests_per_sec", 100, "3");
        char sha[32];
        snprintf(sha, sizeof sha, "one%d", batch);
        bdb_source_info info = {.path = "one.txt", .sha256 = sha, .raw = "x",
                                .size = 1, .tool = "ab",
                                .parser_version = "ab:1", .options = ""};
        if (batch)
            assert_int_equal(bdb_store_batch_begin(a, 0), 0);
        assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
        if (batch)
            assert_int_equal(bdb_store_batch_end(a, 1), 0);
        assert_int_equal(bdb_store_source_delete(b, only_source_id(b)), 0);
        assert_int_equal(results_of(b, NULL), 0);
        snprintf(sha, sizeof sha, "two%d", batch);
        if (batch)
            assert_int_equal(bdb_store_batch_begin(a, 0), 0);
        assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
        if (batch)
            assert_int_equal(bdb_store_batch_end(a, 1), 0);
        assert_int_equal(results_of(b, NULL), 1);
        bdb_filter f = {.benchmark = "/swept"};
        int n = 0;
        assert_int_equal(bdb_store_series_each(b, &f, count_series, &n), 0);
        assert_int_equal(n, 1);
        assert_int_equal(bdb_store_source_delete(b, only_source_id(b)), 0);
        bdb_sink_free(&sink);
        bdb_store_close(a);
        bdb_store_close(b);
    }
}

/* A figure each of 400 series of benchmark bench: many index pages. */
static void sink_of_400_series(bdb_sink *sink, const char *bench)
{
    bdb_sink_init(sink);
    char param[16];
    for (int i = 0; i < 400; i++) {
        snprintf(param, sizeof param, "%d", i);
        add_sample(sink, bench, "requests_per_sec", 100 + i, param);
    }
}

/* info's source with sink's figures, in a small batch of its own. */
static void add_in_small_batch(bdb_store *st, const bdb_source_info *info,
                               const bdb_sink *sink)
{
    assert_int_equal(bdb_store_batch_begin(st, BDB_BATCH_SMALL), 0);
    assert_int_equal(bdb_store_add_source(st, info, sink, NULL), 0);
    assert_int_equal(bdb_store_batch_end(st, 1), 0);
}

/* The database holds nsources sources of sink_of_400_series(bench) and
 * nothing else: 400 results each, in 400 series. */
static void assert_sources_of_400(bdb_store *st, const char *bench,
                                  int nsources)
{
    assert_int_equal(results_of(st, NULL), nsources * 400);
    int n = 0;
    assert_int_equal(bdb_store_sources_each(st, count_sources, &n), 0);
    assert_int_equal(n, nsources);
    bdb_filter f = {.benchmark = bench};
    n = 0;
    assert_int_equal(bdb_store_series_each(st, &f, count_series, &n), 0);
    assert_int_equal(n, 400);
}

/* In a batch of small changes (the import's) each source's savepoint
 * keeps its undo copy of the pages in memory. A source given up in the
 * middle of such a batch, after changing pages that earlier sources and
 * earlier batches wrote, rolls back alone: the sources before and after
 * it in the batch land whole. */
static void store__small_batch_source_given_up__rolls_back_alone(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    sink_of_400_series(&sink, "/undo");
    bdb_source_info info = {.path = "a.txt", .sha256 = "a", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    add_in_small_batch(st, &info, &sink);

    assert_int_equal(bdb_store_batch_begin(st, BDB_BATCH_SMALL), 0);
    info.path = "b.txt";
    info.sha256 = "b";
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    info.path = "given-up.txt";
    info.sha256 = "given-up";
    long long id;
    assert_int_equal(bdb_store_source_begin(st, &info, 0, &id), 0);
    for (size_t i = 0; i < sink.n; i++)
        assert_int_equal(bdb_store_source_put(st, id, &sink.samples[i]), 0);
    assert_int_equal(bdb_store_source_end(st, id, "ab", NULL, "ab:1", NULL, 0),
                     0);
    info.path = "c.txt";
    info.sha256 = "c";
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    assert_int_equal(bdb_store_batch_end(st, 1), 0);

    assert_sources_of_400(st, "/undo", 3);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

/* A source's figures, each of value 1000 * file + its number. */
static void sink_of_file(bdb_sink *sink, int file, int n)
{
    bdb_sink_init(sink);
    char param[16];
    for (int k = 0; k < n; k++) {
        snprintf(param, sizeof param, "%d", k);
        add_sample(sink, "/held", "requests_per_sec", 1000.0 * file + k,
                   param);
    }
}

typedef struct held_check {
    int rows, wrong;
    int per_file[16];
    long long source_of[16];
} held_check;

/* Each row's value names its file, whose figures all share one source. */
static int held_row(const bdb_result_row *r, void *ctx)
{
    held_check *c = ctx;
    int file = (int)(r->value / 1000);
    c->rows++;
    if (file < 0 || file >= 16) {
        c->wrong++;
        return 0;
    }
    if (!c->per_file[file]++)
        c->source_of[file] = r->source_id;
    else if (c->source_of[file] != r->source_id)
        c->wrong++;
    return 0;
}

/* In a batch of small files the results of one file are held and go in
 * with those of the next (store_sqlite.c): each file's figures still
 * land whole with their source or not at all. A file given up keeps
 * none, even those handed on before it gave up (300: more than a
 * statement takes), and takes none of the others'; a read or a deletion
 * in the middle of the batch sees every figure held so far; a file of
 * 300 figures lands whole too. */
static void store__small_batch_held_results__land_with_their_file(
    void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_source_info info = {.raw = "x", .size = 1, .tool = "ab",
                            .parser_version = "ab:1", .options = ""};
    char path[32], sha[32];
    long long deleted = 0;
    assert_int_equal(bdb_store_batch_begin(st, BDB_BATCH_SMALL), 0);
    for (int file = 0; file < 12; file++) {
        bdb_sink sink;
        sink_of_file(&sink, file, file == 4 || file == 9 ? 300 : 7);
        snprintf(path, sizeof path, "f%d.txt", file);
        snprintf(sha, sizeof sha, "held%d", file);
        info.path = path;
        info.sha256 = sha;
        long long id = 0;
        if (file == 4) {    /* given up after its figures */
            assert_int_equal(bdb_store_source_begin(st, &info, 0, &id), 0);
            for (size_t i = 0; i < sink.n; i++)
                assert_int_equal(
                    bdb_store_source_put(st, id, &sink.samples[i]), 0);
            assert_int_equal(
                bdb_store_source_end(st, id, "ab", NULL, "ab:1", NULL, 0), 0);
        } else {
            assert_int_equal(bdb_store_add_source(st, &info, &sink, &id), 0);
        }
        if (file == 2)
            deleted = id;
        if (file == 6) {
            /* files 0-6 but 4: every figure is seen */
            assert_int_equal(results_of(st, NULL), 6 * 7);
            assert_int_equal(bdb_store_source_delete(st, deleted), 0);
            assert_int_equal(results_of(st, NULL), 5 * 7);
        }
        bdb_sink_free(&sink);
    }
    assert_int_equal(bdb_store_batch_end(st, 1), 0);
    bdb_store_close(st);

    st = open_db();
    held_check c = {0};
    assert_int_equal(bdb_store_results_each(st, NULL, held_row, &c), 0);
    assert_int_equal(c.wrong, 0);
    assert_int_equal(c.rows, 9 * 7 + 300);
    for (int file = 0; file < 12; file++)
        assert_int_equal(c.per_file[file],
                         file == 2 || file == 4 ? 0 : file == 9 ? 300 : 7);
    assert_int_equal(sources_of(st), 10);
    bdb_store_close(st);
}

/* A unit of 16 characters or more ("requests/second", "transactions/sec"
 * as a caller of the store may name one) is a text like any other: the
 * source lands, and a second source of the same series finds it. */
static void store__long_unit__lands_and_is_found_again(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    bdb_sample s;
    bdb_sample_init(&s, "/long-unit");
    snprintf(s.tool, sizeof s.tool, "ab");
    s.repetition = 1;
    static const char unit[] = "transactions/second";
    assert_int_equal(bdb_sink_add(&sink, &s, "tps", 1234.5, unit,
                                  BDB_HIGHER_IS_BETTER, 3), 0);
    bdb_source_info info = {.path = "u1.txt", .sha256 = "u1", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    int rc = bdb_store_add_source(st, &info, &sink, NULL);
    if (rc)
        fail_msg("first source: %s", bdb_store_errmsg(st));
    info.path = "u2.txt";
    info.sha256 = "u2";
    bdb_store *other = open_db();  /* its cache knows nothing */
    rc = bdb_store_add_source(other, &info, &sink, NULL);
    if (rc)
        fail_msg("second source: %s", bdb_store_errmsg(other));
    bdb_filter f = {.benchmark = "/long-unit"};
    assert_int_equal(results_of(st, &f), 2);
    bdb_store_close(other);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

/* Small batches keep their page cache from one batch to the next (the
 * import's second batch does not read its index pages again). What
 * another handle writes between two of them is seen by the next: its
 * results and series are neither lost nor doubled, and a transaction of
 * its own (a large file's) after small batches lands as well. */
static void store__small_batches__see_writes_between_them(void **state)
{
    (void)state;
    bdb_store *a = open_db(), *b = open_db();
    bdb_sink sink;
    sink_of_400_series(&sink, "/between");
    bdb_source_info info = {.path = "a1.txt", .sha256 = "a1", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    add_in_small_batch(a, &info, &sink);

    /* the other handle adds the same series' results, then takes a's
     * source away: the pages a read in its batch changed under it */
    info.path = "b1.txt";
    info.sha256 = "b1";
    assert_int_equal(bdb_store_add_source(b, &info, &sink, NULL), 0);
    long long a1 = 0;
    assert_int_equal(bdb_store_source_find(b, "a1", &a1), 0);
    assert_true(a1 > 0);
    assert_int_equal(bdb_store_source_delete(b, a1), 0);

    assert_int_equal(bdb_store_batch_begin(a, BDB_BATCH_SMALL), 0);
    info.path = "a2.txt";
    info.sha256 = "a2";
    assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
    assert_int_equal(bdb_store_batch_end(a, 1), 0);
    info.path = "a3.txt";   /* a transaction of its own */
    info.sha256 = "a3";
    assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
    assert_int_equal(bdb_store_batch_begin(a, BDB_BATCH_SMALL), 0);
    info.path = "a4.txt";
    info.sha256 = "a4";
    assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
    assert_int_equal(bdb_store_batch_end(a, 1), 0);

    bdb_store *c = open_db();
    for (int k = 0; k < 2; k++) {
        assert_sources_of_400(k ? c : b, "/between", 4);
    }
    bdb_sink_free(&sink);
    bdb_store_close(a);
    bdb_store_close(b);
    bdb_store_close(c);
}

static int count_benchmark(bdb_store *st, const char *benchmark)
{
    bdb_filter f = {.benchmark = benchmark};
    int n = 0;
    assert_int_equal(bdb_store_series_each(st, &f, count_series, &n), 0);
    return n;
}

/* Rows of the series table named benchmark, results or not (series_each
 * lists only series with results): read from the SQLite file itself; -1
 * on PostgreSQL. */
static int series_rows(const char *benchmark)
{
    if (strstr(db_path, "://"))
        return -1;
    sqlite3 *db;
    sqlite3_stmt *s;
    int n = -2;
    assert_int_equal(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM series "
                                        "WHERE benchmark = ?", -1, &s, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(s, 1, benchmark, -1, SQLITE_STATIC);
    if (sqlite3_step(s) == SQLITE_ROW)
        n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

/* A source re-read (reparse) in a batch or alone: a series it no longer
 * gives, and no other source has, goes when the batch (or its own
 * transaction) ends; one another source still has stays. A series that
 * went is made again, with a new id, when a later file gives it. */
static void store__replaced_source__drops_only_series_left_empty(void **state)
{
    (void)state;
    for (int in_batch = 0; in_batch < 2; in_batch++) {
        bdb_store *st = open_db();
        /* the database is the same file each time round: names of its own */
        char kept_name[16], gone_name[16];
        snprintf(kept_name, sizeof kept_name, "/kept%d", in_batch);
        snprintf(gone_name, sizeof gone_name, "/gone%d", in_batch);
        bdb_sink both, kept;
        bdb_sink_init(&both);
        bdb_sink_init(&kept);
        add_sample(&both, kept_name, "requests_per_sec", 1, "1");
        add_sample(&both, gone_name, "requests_per_sec", 2, "1");
        add_sample(&kept, kept_name, "requests_per_sec", 3, "1");
        int before = results_of(st, NULL);
        char sha[32];
        snprintf(sha, sizeof sha, "a%d", in_batch);
        bdb_source_info info = {.path = "a.txt", .sha256 = sha, .raw = "x",
                                .size = 1, .tool = "ab",
                                .parser_version = "ab:1", .options = ""};
        long long a;
        assert_int_equal(bdb_store_add_source(st, &info, &both, &a), 0);
        snprintf(sha, sizeof sha, "b%d", in_batch);
        info.path = "b.txt";
        assert_int_equal(bdb_store_add_source(st, &info, &kept, NULL), 0);

        if (in_batch)
            assert_int_equal(bdb_store_batch_begin(st, BDB_BATCH_SMALL), 0);
        long long got;
        assert_int_equal(bdb_store_source_begin(st, NULL, a, &got), 0);
        for (size_t i = 0; i < kept.n; i++)
            assert_int_equal(bdb_store_source_put(st, a, &kept.samples[i]), 0);
        assert_int_equal(bdb_store_source_end(st, a, "ab", NULL, "ab:2", NULL,
                                              1), 0);
        if (in_batch)
            assert_int_equal(bdb_store_batch_end(st, 1), 0);
        assert_int_equal(count_benchmark(st, gone_name), 0);
        assert_int_equal(count_benchmark(st, kept_name), 1);
        /* the series row itself is gone, not only its results */
        int rows = series_rows(gone_name);
        if (rows != -1)
            assert_int_equal(rows, 0);
        assert_int_equal(results_of(st, NULL), before + 2);

        /* /gone again, from a new file: a series of its own once more */
        if (in_batch)
            assert_int_equal(bdb_store_batch_begin(st, BDB_BATCH_SMALL), 0);
        snprintf(sha, sizeof sha, "c%d", in_batch);
        info.path = "c.txt";
        assert_int_equal(bdb_store_add_source(st, &info, &both, NULL), 0);
        if (in_batch)
            assert_int_equal(bdb_store_batch_end(st, 1), 0);
        assert_int_equal(count_benchmark(st, gone_name), 1);
        bdb_filter f = {.benchmark = gone_name};
        assert_int_equal(results_of(st, &f), 1);
        assert_int_equal(results_of(st, NULL), before + 4);
        bdb_sink_free(&both);
        bdb_sink_free(&kept);
        bdb_store_close(st);
    }
}

static void store__platform_merge__keeps_fields_not_given(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "imx6");
    p.power_w = 9;
    p.price_usd = 40;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "imx6");
    snprintf(p.arch, sizeof p.arch, "armv7l");
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_platform got;
    assert_int_equal(bdb_store_platform_get(st, "imx6", &got), 0);
    assert_string_equal(got.arch, "armv7l");
    assert_true(got.power_w == 9 && got.price_usd == 40);
    assert_true(isnan(got.cores));
    assert_int_equal(bdb_store_platform_get(st, "nope", &got), BDB_ENOTFOUND);
    bdb_store_close(st);
}

static void store__bad_sample__leaves_nothing_of_the_source(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    add_unvetted(&sink, "/a", NAN, "2");
    bdb_source_info info = {.path = "x.txt", .sha256 = "aa", .raw = "x",
                            .size = 1, .tool = "ab", .tool_version = "",
                            .parser_version = "ab:1", .platform = "p1",
                            .options = ""};
    assert_int_not_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    assert_int_equal(results_of(st, NULL), 0);
    assert_int_equal(sources_of(st), 0);
    bdb_platform p;
    assert_int_equal(bdb_store_platform_get(st, "p1", &p), BDB_ENOTFOUND);

    bdb_sink_reset(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    add_sample(&sink, "/a", "requests_per_sec", 200, "10");
    long long id = 0;
    assert_int_equal(bdb_store_add_source(st, &info, &sink, &id), 0);
    assert_true(id > 0);
    assert_int_equal(results_of(st, NULL), 2);
    /* The same bytes again: refused as present, nothing added. */
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), BDB_EEXIST);
    assert_int_equal(results_of(st, NULL), 2);
    long long found;
    assert_int_equal(bdb_store_source_find(st, "aa", &found), 0);
    assert_true(found == id);

    bdb_params want = {0};
    bdb_params_set(&want, "concurrency", "10");
    bdb_filter f = {.params = &want};
    assert_int_equal(results_of(st, &f), 1);
    bdb_filter g = {.platforms = "p1,p9"};
    assert_int_equal(results_of(st, &g), 2);
    bdb_filter h = {.platforms = "p9"};
    assert_int_equal(results_of(st, &h), 0);
    bdb_filter m = {.metric = "latency_p50"};
    assert_int_equal(results_of(st, &m), 0);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

static void store__unit_conflict_in_a_series__is_refused(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    bdb_source_info info = {.path = "x.txt", .sha256 = "bb", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    sink.samples[0].unit = BDB_UNIT_SECONDS;
    info.sha256 = "cc";
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), BDB_ESTORE);
    assert_non_null(strstr(bdb_store_errmsg(st), "in s here"));
    assert_int_equal(sources_of(st), 1);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

static void import__file_twice__second_time_is_a_no_op(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_import_opts o = {0};
    bdb_import_result r;
    const char *path = tu_path("samples/published/seed-published-figures.csv");
    assert_int_equal(bdb_import_file(st, path, &o, &r), 0);
    assert_int_equal(r.status, BDB_IMPORT_ADDED);
    assert_int_equal(r.nresults, 19);
    assert_int_equal(bdb_import_file(st, path, &o, &r), 0);
    assert_int_equal(r.status, BDB_IMPORT_PRESENT);
    assert_int_equal(results_of(st, NULL), 19);
    bdb_filter f = {.platforms = "x86-B"};
    assert_int_equal(results_of(st, &f), 5);
    bdb_store_close(st);
}

static int sum_values(const bdb_result_row *r, void *ctx)
{
    *(double *)ctx += r->value;
    return 0;
}

static double values_of(bdb_store *st)
{
    double sum = 0;
    assert_int_equal(bdb_store_results_each(st, NULL, sum_values, &sum), 0);
    return sum;
}

static void store__source_replace__puts_new_figures_in_place_or_keeps_the_old(
    void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    add_sample(&sink, "/a", "requests_per_sec", 200, "10");
    bdb_source_info info = {.path = "x.txt", .sha256 = "aa", .raw = "x",
                            .size = 1, .tool = "ab", .tool_version = "",
                            .parser_version = "ab:1", .platform = "p1",
                            .options = ""};
    long long id = 0;
    assert_int_equal(bdb_store_add_source(st, &info, &sink, &id), 0);
    assert_true(values_of(st) == 300);

    bdb_sink_reset(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 42, "1");
    assert_int_equal(bdb_store_source_replace(st, id, "ab", "", "ab:2", &sink),
                     0);
    assert_int_equal(results_of(st, NULL), 1);
    assert_true(values_of(st) == 42);

    /* a figure the store refuses: the replacement fails whole, with the
     * put's message, and the figures before it stay */
    bdb_sink_reset(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 7, "1");
    add_unvetted(&sink, "/a", NAN, "2");
    assert_int_not_equal(
        bdb_store_source_replace(st, id, "ab", "", "ab:3", &sink), 0);
    assert_non_null(strstr(bdb_store_errmsg(st), "not a finite number"));
    assert_int_equal(results_of(st, NULL), 1);
    assert_true(values_of(st) == 42);
    assert_int_equal(sources_of(st), 1);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

static void import__reparse__replaces_results_from_stored_bytes(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_import_opts o = {0};
    bdb_import_result r;
    /* Copy a sample so that the original file can vanish before reparse. */
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/published.csv", tu_tmpdir());
    size_t len;
    char *buf = tu_read("samples/published/seed-published-figures.csv", &len);
    FILE *f = fopen(tmp, "wb");
    fwrite(buf, 1, len, f);
    fclose(f);
    free(buf);
    assert_int_equal(bdb_import_file(st, tmp, &o, &r), 0);
    remove(tmp);
    long long *ids;
    size_t n;
    assert_int_equal(bdb_store_source_ids(st, &ids, NULL, &n), 0);
    assert_int_equal(n, 1);
    int changed = -1;
    assert_int_equal(bdb_import_reparse(st, ids[0], 0, &changed, &r), 0);
    assert_int_equal(changed, 0); /* parser version unchanged */
    assert_int_equal(bdb_import_reparse(st, ids[0], 1, &changed, &r), 0);
    assert_int_equal(changed, 1);
    assert_int_equal(r.nresults, 19);
    assert_int_equal(results_of(st, NULL), 19);
    free(ids);
    bdb_store_close(st);
}

static void import__sysinfo_beside_logs__fills_the_platform(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_import_opts o = {.platform = "local"};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/local/lscpu.txt"), &o, &r), 0);
    assert_int_equal(r.status, BDB_IMPORT_PLATFORM_INFO);
    bdb_platform p;
    assert_int_equal(bdb_store_platform_get(st, "local", &p), 0);
    assert_string_equal(p.arch, "x86_64");
    assert_true(p.cores == 2);
    bdb_import_opts none = {0};
    assert_int_not_equal(bdb_import_file(st, tu_path("samples/local/uname-a.txt"), &none, &r), 0);
    assert_non_null(strstr(r.diag.message, "platform"));
    bdb_store_close(st);
}

/* ---- walks, sources, copies: both back-ends -------------------------- */

static int stop_at_first(const bdb_result_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return 1;
}

static int stop_source(const bdb_source_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return 7;   /* any non-zero: stop */
}

static int stop_group(const bdb_group_row *r, void *ctx)
{
    (void)r;
    (*(int *)ctx)++;
    return -1;  /* negative too: stop, not an error code */
}

static int stop_platform(const bdb_platform *p, void *ctx)
{
    (void)p;
    (*(int *)ctx)++;
    return 1;
}

static void store__callback_nonzero__stops_the_walk_and_is_no_error(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_import_opts o = {0};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/published/seed-published-figures.csv"), &o, &r), 0);
    assert_true(results_of(st, NULL) > 1);
    int n = 0;
    assert_int_equal(bdb_store_results_each(st, NULL, stop_at_first, &n), BDB_OK);
    assert_int_equal(n, 1);
    n = 0;
    assert_int_equal(bdb_store_groups_each(st, NULL, stop_group, &n), BDB_OK);
    assert_int_equal(n, 1);
    n = 0;
    assert_int_equal(bdb_store_platform_each(st, stop_platform, &n), BDB_OK);
    assert_int_equal(n, 1);
    n = 0;
    assert_int_equal(bdb_store_sources_each(st, stop_source, &n), BDB_OK);
    assert_int_equal(n, 1);
    /* the store is usable after a walk that stopped early */
    assert_int_equal(results_of(st, NULL), 19);
    bdb_store_close(st);
}

/* The groups of one series seen by a walk: platform, count, values. */
typedef struct seen_groups {
    int n;
    char platform[4][8];
    size_t count[4];
    double values[4][4];
} seen_groups;

static int see_group(const bdb_group_row *r, void *ctx)
{
    seen_groups *g = ctx;
    assert_true(g->n < 4 && r->n <= 4);
    snprintf(g->platform[g->n], sizeof g->platform[0], "%s", r->platform);
    g->count[g->n] = r->n;
    for (size_t i = 0; i < r->n; i++)
        g->values[g->n][i] = r->values[i];
    g->n++;
    return 0;
}

/* The groups scan is ordered by series alone (store_groups.c): a series'
 * rows that the plan gives out of the results index's order (here: that
 * index swapped for one by value, so SQLite reads them as 1 X, 2 Y, 3 X)
 * still make one group per platform, its values in source order. */
static void store__groups_rows_out_of_index_order__one_group_a_platform(void **state)
{
    (void)state;
    char dir[1024], db[1100];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    const char *head = "platform,tool,benchmark,metric,value,unit,parameters\n";
    char text[256];
    snprintf(text, sizeof text, "%sX,gzip,b,real,3,s,\n", head);
    tu_import_text(st, dir, "a.csv", text);
    snprintf(text, sizeof text, "%sY,gzip,b,real,2,s,\n", head);
    tu_import_text(st, dir, "b.csv", text);
    snprintf(text, sizeof text, "%sX,gzip,b,real,1,s,\n", head);
    tu_import_text(st, dir, "c.csv", text);
    bdb_store_close(st);
    snprintf(db, sizeof db, "%s/r.sqlite", dir);
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "DROP INDEX results_by_series_platform; "
                                  "CREATE INDEX results_by_series_value ON "
                                  "results(series_id, value)",
                                  NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, db, &d), BDB_OK);
    seen_groups g = {0};
    assert_int_equal(bdb_store_groups_each(st, NULL, see_group, &g), BDB_OK);
    bdb_store_close(st);
    assert_int_equal(g.n, 2);
    assert_string_equal(g.platform[0], "X");
    assert_int_equal(g.count[0], 2);
    assert_true(g.values[0][0] == 3.0 && g.values[0][1] == 1.0);
    assert_string_equal(g.platform[1], "Y");
    assert_int_equal(g.count[1], 1);
    assert_true(g.values[1][0] == 2.0);
}

static void store__source_of_megabytes__round_trips_byte_for_byte(void **state)
{
    (void)state;
    /* over the 1 MiB chunk of store_zlib.c, of bytes that do not compress
     * to nothing, NUL and high bytes included; the second past the 4 MiB
     * where a loaded source goes to a temporary file */
    const size_t sizes[] = {(size_t)3 * 1024 * 1024 + 17,
                            (size_t)9 * 1024 * 1024 + 5};
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/big", "requests_per_sec", 1, "1");
    bdb_source_info info;
    bdb_stored_source got;
    long long id;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t size = sizes[k];
        char *raw = malloc(size);
        assert_non_null(raw);
        unsigned x = 12345;
        for (size_t i = 0; i < size; i++) {
            x = x * 1103515245u + 12345u;
            raw[i] = (char)(x >> 16);
        }
        char sha[16];
        snprintf(sha, sizeof sha, "big%zu", k);
        info = (bdb_source_info){.path = "big.bin", .sha256 = sha, .raw = raw,
                                 .size = size, .tool = "ab",
                                 .parser_version = "ab:1", .options = "k=v"};
        assert_int_equal(bdb_store_add_source(st, &info, &sink, &id), 0);
        assert_int_equal(bdb_store_source_load(st, id, &got), 0);
        assert_int_equal(got.size, size);
        assert_memory_equal(got.raw, raw, size);
        assert_int_equal(got.raw[size], '\0');
        assert_string_equal(got.options, "k=v");
        bdb_stored_source_free(&got);
        free(raw);
    }
    /* an empty source too */
    info.sha256 = "empty";
    info.size = 0;
    info.raw = "";
    assert_int_equal(bdb_store_add_source(st, &info, &sink, &id), 0);
    assert_int_equal(bdb_store_source_load(st, id, &got), 0);
    assert_int_equal(got.size, 0);
    bdb_stored_source_free(&got);
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

typedef struct dump {
    bdb_buf b;
} dump;

static int dump_source(const bdb_source_row *r, void *ctx)
{
    bdb_buf_printf(ctx, "%s|%s|%s|%s|%s|%s|%s|%lld|%lld|%lld|%s|%s\n",
                   r->path, r->sha256, r->imported_at, r->tool,
                   r->tool_version, r->parser_version, r->platform, r->size,
                   r->nresults, r->nwarnings, r->options, r->set);
    return 0;
}

static int dump_result(const bdb_result_row *r, void *ctx)
{
    bdb_buf_printf(ctx, "%s|%s|%s|%s|%s|%s|%d|%.17g|%d|%s|%d\n", r->platform,
                   r->tool, r->benchmark, r->metric, r->params, r->unit,
                   r->better, r->value, r->repetition, r->source_path, r->line);
    return 0;
}

static int dump_warning(const bdb_warning_row *r, void *ctx)
{
    bdb_buf_printf(ctx, "%s|%s|%d|%d|%s\n", r->platform, r->source_path,
                   r->line, r->is_info, r->message);
    return 0;
}

static int dump_set(const bdb_set_row *r, void *ctx)
{
    bdb_buf_printf(ctx, "set %s|%s|%s|%s|%lld|%lld\n", r->name, r->tags,
                   r->first_import, r->last_import, r->nsources, r->nresults);
    return 0;
}

static int dump_platform(const bdb_platform *p, void *ctx)
{
    bdb_buf_printf(ctx, "%s|%s|%s|%.17g|%.17g|%s|%.17g\n", p->name, p->arch,
                   p->cpu, p->cores, p->freq_mhz, p->price_source,
                   p->rent_usd_hour);
    return 0;
}

/* Everything a user can read back, as text. */
static char *dump_store(bdb_store *st)
{
    bdb_buf b;
    bdb_buf_init(&b);
    assert_int_equal(bdb_store_platform_each(st, dump_platform, &b), 0);
    assert_int_equal(bdb_store_sources_each(st, dump_source, &b), 0);
    assert_int_equal(bdb_store_results_each(st, NULL, dump_result, &b), 0);
    assert_int_equal(bdb_store_warnings_each(st, NULL, dump_warning, &b), 0);
    assert_int_equal(bdb_store_sets_each(st, dump_set, &b), 0);
    long long *ids;
    size_t n;
    assert_int_equal(bdb_store_source_ids(st, &ids, NULL, &n), 0);
    for (size_t i = 0; i < n; i++) {
        bdb_stored_source s;
        assert_int_equal(bdb_store_source_load(st, ids[i], &s), 0);
        bdb_buf_printf(&b, "raw %zu:", s.size);
        bdb_buf_append(&b, s.raw, s.size);
        bdb_buf_puts(&b, "\n");
        bdb_stored_source_free(&s);
    }
    free(ids);
    assert_int_equal(b.err, 0);
    return bdb_buf_detach(&b, NULL);
}

static bdb_store *open_at(const char *loc)
{
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open(&st, loc, &d) != BDB_OK)
        fail_msg("open %s: %s", loc, d.message);
    return st;
}

static void store__copy__moves_everything_and_again_adds_nothing(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_params tags = {0};
    bdb_params_set(&tags, "kernel", "6.1");
    bdb_import_opts o = {.platform = "box", .set = "march", .set_tags = &tags};
    bdb_import_result r;
    /* figures with parameters, several platforms, a note, a platform with
     * cost details, two run sets, one tagged */
    assert_int_equal(bdb_import_file(st, tu_path("samples/published/seed-published-figures.csv"), &o, &r), 0);
    o.set = "june";
    o.set_tags = NULL;
    assert_int_equal(bdb_import_file(st, tu_path("samples/ab/bin-keepalive-c4.txt"), &o, &r), 0);
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "box");
    snprintf(p.price_source, sizeof p.price_source, "a shop, 2024");
    p.rent_usd_hour = 0.1;
    p.cores = 4;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    char *before = dump_store(st);
    assert_non_null(strstr(before, "set march|kernel=6.1|"));
    assert_non_null(strstr(before, "set june||"));

    /* to a SQLite file and back into a fresh store of this group's kind */
    char mid[700];
    snprintf(mid, sizeof mid, "%s/copy.sqlite", tu_tmpdir());
    bdb_store *m = open_at(mid);
    bdb_copy_stats cs;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_copy(st, m, &cs, NULL, NULL, &d), 0);
    assert_int_equal(cs.sources, 2);
    assert_int_equal(cs.already, 0);
    assert_true(cs.results == 19 + (long long)r.nresults);
    char *in_mid = dump_store(m);
    assert_string_equal(in_mid, before);
    bdb_store_close(st);
    if (on_pg)
        pg_setup(NULL);   /* a new, empty PostgreSQL database */
    else
        snprintf(db_path, sizeof db_path, "%s/back.sqlite", tu_tmpdir());
    bdb_store *back = open_db();
    assert_int_equal(bdb_store_copy(m, back, &cs, NULL, NULL, &d), 0);
    char *after = dump_store(back);
    assert_string_equal(after, before);
    /* run again: everything is there already */
    assert_int_equal(bdb_store_copy(m, back, &cs, NULL, NULL, &d), 0);
    assert_int_equal(cs.sources, 0);
    assert_int_equal(cs.already, 2);
    char *again = dump_store(back);
    assert_string_equal(again, before);
    free(before);
    free(in_mid);
    free(after);
    free(again);
    bdb_store_close(m);
    bdb_store_close(back);
}

/* Parameters go to PostgreSQL as array literals: quotes, backslashes,
 * commas and braces in a value must arrive as they are. */
static void store__odd_parameter_text__is_kept_and_found(void **state)
{
    (void)state;
    static const char *const odd[] = {"a \"b\" \\c,{d} e", "NULL", "", "}{",
                                      "x\ty\nz"};
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        bdb_sample smp;
        bdb_sample_init(&smp, "/odd");
        snprintf(smp.tool, sizeof smp.tool, "ab");
        assert_int_equal(bdb_params_set(&smp.params, "cmd", "%s", odd[i]), 0);
        assert_int_equal(bdb_params_set(&smp.params, "k\"{,}", "%zu", i), 0);
        smp.repetition = 1;
        assert_int_equal(bdb_sink_add(&sink, &smp, "requests_per_sec", 1.5,
                                      BDB_UNIT_OPS_PER_S,
                                      BDB_HIGHER_IS_BETTER, 3), 0);
    }
    bdb_source_info info = {.path = "odd.txt", .sha256 = "odd", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    assert_int_equal(bdb_store_add_source(st, &info, &sink, NULL), 0);
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        bdb_params want = {0};
        bdb_params_set(&want, "cmd", "%s", odd[i]);
        bdb_params_set(&want, "k\"{,}", "%zu", i);
        bdb_filter f = {.params = &want};
        if (results_of(st, &f) != 1)
            fail_msg("parameter '%s' not found as stored", odd[i]);
    }
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

/* A writer's batch must not keep a read snapshot past its commit: when
 * another process writes between two batches, a snapshot kept open (a
 * SELECT stepped to its row and never reset) makes the next BEGIN
 * IMMEDIATE fail with BUSY_SNAPSHOT until the busy timeout, for every
 * later file: the "hang" of four concurrent imports. */
static void store__batch_after_another_handle_wrote__begins_at_once(void **state)
{
    (void)state;
    bdb_store *a = open_db(), *b = open_db();
    bdb_sink one, two, three;
    bdb_sink_init(&one);
    bdb_sink_init(&two);
    bdb_sink_init(&three);
    add_sample(&one, "/a", "requests_per_sec", 100, "1");
    add_sample(&two, "/b", "requests_per_sec", 200, "2");
    add_sample(&three, "/c", "requests_per_sec", 300, "3");
    bdb_source_info i1 = {.path = "1.txt", .sha256 = "one", .raw = "1",
                          .size = 1, .platform = "p", .tool = "ab",
                          .parser_version = "ab:1", .options = ""};
    bdb_source_info i2 = i1, i3 = i1;
    i2.path = "2.txt";
    i2.sha256 = "two";
    i3.path = "3.txt";
    i3.sha256 = "three";
    assert_int_equal(bdb_store_batch_begin(a, 0), 0);
    assert_int_equal(bdb_store_add_source(a, &i1, &one, NULL), 0);
    assert_int_equal(bdb_store_batch_end(a, 1), 0);
    assert_int_equal(bdb_store_add_source(b, &i2, &two, NULL), 0);
    assert_int_equal(bdb_store_batch_begin(a, 0), 0);
    assert_int_equal(bdb_store_add_source(a, &i3, &three, NULL), 0);
    assert_int_equal(bdb_store_batch_end(a, 1), 0);
    assert_int_equal(results_of(b, NULL), 3);
    assert_int_equal(sources_of(a), 3);
    bdb_sink_free(&one);
    bdb_sink_free(&two);
    bdb_sink_free(&three);
    bdb_store_close(a);
    bdb_store_close(b);
}

static void store__mask_location__never_shows_a_password(void **state)
{
    (void)state;
    char out[256];
    bdb_store_mask_location("postgresql://lab:s3cret@db.lab:5432/bench", out,
                            sizeof out);
    assert_string_equal(out, "postgresql://lab:***@db.lab:5432/bench");
    bdb_store_mask_location("postgres://u:p%40ss@h/d?sslmode=require&password=x1",
                            out, sizeof out);
    assert_string_equal(out, "postgres://u:***@h/d?sslmode=require&password=***");
    bdb_store_mask_location("postgresql://h/d?password=abc&sslmode=verify-full",
                            out, sizeof out);
    assert_string_equal(out, "postgresql://h/d?password=***&sslmode=verify-full");
    bdb_store_mask_location("postgresql://lab@h/d", out, sizeof out);
    assert_string_equal(out, "postgresql://lab@h/d");
    bdb_store_mask_location("results/bench.sqlite", out, sizeof out);
    assert_string_equal(out, "results/bench.sqlite");
    /* too long for out: cut after masking, with "..." */
    char small[24];
    bdb_store_mask_location("postgresql://u:secretsecret@host/db", small,
                            sizeof small);
    assert_null(strstr(small, "secret"));
    assert_non_null(strstr(small, "..."));
}

static void store__unknown_scheme__is_refused_by_name(void **state)
{
    (void)state;
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, "mysql://u:pw@h/db", &d), BDB_EUSAGE);
    assert_null(st);
    assert_non_null(strstr(d.message, "no backend"));
    assert_null(strstr(d.message, ":pw@"));
    assert_string_equal(bdb_store_location_scheme("x.sqlite"), "sqlite");
    assert_string_equal(bdb_store_location_scheme("sqlite:x"), "sqlite");
    assert_string_equal(bdb_store_location_scheme("postgres://h/d"), "postgresql");
    assert_string_equal(bdb_store_location_scheme("postgresql://h/d"), "postgresql");
    assert_null(bdb_store_location_scheme("mysql://h/d"));
}

static void cli__copy__sqlite_to_sqlite_reports_the_same(void **state)
{
    (void)state;
    char a[700], b[700];
    snprintf(a, sizeof a, "%s/a.sqlite", tu_tmpdir());
    snprintf(b, sizeof b, "%s/b.sqlite", tu_tmpdir());
    bdb_buf out, ra, rb;
    bdb_buf_init(&out);
    bdb_buf_init(&ra);
    bdb_buf_init(&rb);
    char published[700];   /* tu_path's buffer holds one path at a time */
    snprintf(published, sizeof published, "%s", tu_path("samples/published"));
    assert_int_equal(tu_run(&out, "--db '%s' import '%s' '%s'", a, published,
                            tu_path("samples/ab/bin-keepalive-c4.txt")), 0);
    assert_int_equal(tu_run(&out, "copy --from '%s' --to '%s'", a, b), 0);
    if (!strstr(out.data, "2 sources copied"))
        fail_msg("%s", out.data);
    assert_int_equal(tu_run(&ra, "--db '%s' report --format json", a), 0);
    assert_int_equal(tu_run(&rb, "--db '%s' report --format json", b), 0);
    assert_string_equal(ra.data, rb.data);
    /* usage: both ends, and two different ones */
    assert_int_equal(tu_run(&out, "copy --to '%s'", b), 2);
    assert_int_equal(tu_run(&out, "copy --from '%s' --to '%s'", a, a), 2);
    /* a source that is not a database is named, and nothing is made */
    assert_int_equal(tu_run(&out, "copy --from '%s/none.sqlite' --to '%s/c.sqlite'",
                            tu_tmpdir(), tu_tmpdir()), 1);
    assert_non_null(strstr(out.data, "no database at"));
    bdb_buf_free(&out);
    bdb_buf_free(&ra);
    bdb_buf_free(&rb);
}

/* ---- PostgreSQL only ------------------------------------------------------ */

static void store_pg__newer_schema__is_refused(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_store_close(st);
    psql(db_path, "UPDATE benchdb_meta SET value = '99' WHERE key = 'schema_version'");
    bdb_diag d;
    bdb_diag_clear(&d);
    st = NULL;
    assert_int_equal(bdb_store_open(&st, db_path, &d), BDB_EVERSION);
    assert_null(st);
    assert_non_null(strstr(d.message, "newer"));
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open_mode(&st, db_path, BDB_STORE_READ_ONLY, &d),
                     BDB_EVERSION);
}

static void store_pg__read_only_on_an_empty_database__is_not_found(void **state)
{
    (void)state;
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open_mode(&st, db_path, BDB_STORE_READ_ONLY, &d),
                     BDB_ENOTFOUND);
    assert_non_null(strstr(d.message, "no database at"));
    /* and nothing was created: a write open still migrates from nothing */
    st = open_db();
    assert_int_equal(sources_of(st), 0);
    bdb_store_close(st);
}

static void store_pg__connection_error__shows_no_password(void **state)
{
    (void)state;
    char url[1100];
    tu_url_with_db(getenv("BDB_TEST_PG_URL"), "no_such_db_here", url,
                   sizeof url);
    /* user:password@ form */
    char withpw[1200];
    const char *auth = strstr(url, "://") + 3;
    const char *at = strchr(auth, '@');
    assert_non_null(at);
    snprintf(withpw, sizeof withpw, "%.*s:Hunter2Secret%s",
             (int)(at - url), url, at);
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, withpw, &d), BDB_ESTORE);
    assert_non_null(strstr(d.message, "no_such_db_here"));
    assert_null(strstr(d.message, "Hunter2Secret"));
    assert_non_null(strstr(d.message, ":***@"));
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' list sources", withpw), 1);
    assert_null(strstr(out.data, "Hunter2Secret"));
    bdb_buf_free(&out);
}

static void store_pg__same_file_from_two_handles__is_stored_once(void **state)
{
    (void)state;
    bdb_store *a = open_db(), *b = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    bdb_source_info info = {.path = "x.txt", .sha256 = "same", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    /* a stores the file in a batch; b, another connection, is then told
     * it is there (the racing case is test_pg.c's, with 8 processes) */
    assert_int_equal(bdb_store_batch_begin(a, 0), 0);
    assert_int_equal(bdb_store_add_source(a, &info, &sink, NULL), 0);
    assert_int_equal(bdb_store_batch_end(a, 1), 0);
    assert_int_equal(bdb_store_add_source(b, &info, &sink, NULL), BDB_EEXIST);
    assert_int_equal(results_of(b, NULL), 1);
    assert_int_equal(sources_of(a), 1);
    bdb_sink_free(&sink);
    bdb_store_close(a);
    bdb_store_close(b);
}

/* The number of the newest file in schemas/pg: the version a database
 * is upgraded to. */
static int newest_pg_schema(void)
{
    DIR *d = opendir(tu_path("schemas/pg"));
    assert_non_null(d);
    int newest = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        int n;
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".sql") == 0 &&
            sscanf(e->d_name, "%d_", &n) == 1 && n > newest)
            newest = n;
    }
    closedir(d);
    return newest;
}

static void store_pg__database_of_schema_1__upgrades_and_keeps_data(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_import_opts o = {0};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/published/seed-published-figures.csv"), &o, &r), 0);
    bdb_store_close(st);
    /* back to what schemas/pg/001_init.sql made: 013's series keys go
     * and the unique texts are back; 012's source platforms
     * go and the results' primary key is back; 010's source points and
     * its index by line, 008's source pieces, 007's trace points and
     * 006's notes and marks go, 005's parameter sets back into one row
     * per parameter per series */
    psql(db_path, "DROP INDEX series_by_tool; "
                  "ALTER TABLE series DROP COLUMN ident, ADD CONSTRAINT "
                  "series_tool_benchmark_metric_params_key UNIQUE (tool, "
                  "benchmark, metric, params)");
    psql(db_path, "DROP TABLE source_platforms; "
                  "ALTER TABLE results ADD PRIMARY KEY (id)");
    psql(db_path, "DROP TABLE source_points; "
                  "DROP INDEX results_by_source_line; "
                  "CREATE INDEX results_by_source ON results(source_id)");
    psql(db_path, "DROP TABLE source_chunks; DROP TABLE trace_points; "
                  "DROP TABLE notes; "
                  "ALTER TABLE sets DROP COLUMN new_baseline");
    psql(db_path, "CREATE TABLE series_params (series_id bigint NOT NULL "
                  "REFERENCES series(id) ON DELETE CASCADE, key text NOT NULL, "
                  "value text NOT NULL, PRIMARY KEY (series_id, key)); "
                  "CREATE INDEX series_params_by_key ON series_params(key, value); "
                  "INSERT INTO series_params SELECT s.id, i.key, i.value FROM "
                  "series s JOIN param_set_items i ON i.set_id = s.param_set_id; "
                  "ALTER TABLE series DROP COLUMN param_set_id; "
                  "DROP TABLE param_set_items; DROP TABLE param_sets");
    psql(db_path, "DROP TABLE history; ALTER TABLE sources DROP COLUMN set_id; "
                  "DROP TABLE set_tags; DROP TABLE sets; "
                  "DROP INDEX results_by_series_platform; "
                  "CREATE INDEX results_by_series ON results(series_id, platform_id); "
                  "UPDATE benchdb_meta SET value = '1' WHERE key = 'schema_version'");
    bdb_diag d;
    bdb_diag_clear(&d);
    st = NULL;
    /* a reader asks for an upgrade and changes nothing */
    assert_int_equal(bdb_store_open_mode(&st, db_path, BDB_STORE_READ_ONLY, &d),
                     BDB_EVERSION);
    assert_non_null(strstr(d.message, "older"));
    st = open_db();
    assert_int_equal(results_of(st, NULL), 19);
    bdb_store_close(st);
    /* 1/count(*) fails when an index of 003 is missing, or when 012
     * left source_platforms empty */
    psql(db_path, "SELECT 1 / count(*) FROM pg_indexes WHERE indexname = "
                  "'results_by_series_platform'");
    psql(db_path, "SELECT 1 / count(*) FROM source_platforms");
    /* ... and 1/0 when 012 left the index by platform, or the results'
     * primary key */
    psql(db_path, "SELECT 1 / CASE WHEN count(*) = 0 THEN 1 ELSE 0 END "
                  "FROM pg_indexes WHERE indexname IN "
                  "('results_by_platform', 'results_pkey')");
    /* ... or 013's key of every series, and its unique index */
    psql(db_path, "SELECT 1 / CASE WHEN count(ident) = count(*) THEN 1 "
                  "ELSE 0 END FROM series");
    psql(db_path, "SELECT 1 / count(*) FROM pg_indexes WHERE indexname = "
                  "'series_by_ident'");
    /* ... or 010's */
    psql(db_path, "SELECT 1 / count(*) FROM pg_indexes WHERE indexname = "
                  "'results_by_source_line'");
    char sql[200];
    st = open_db();
    snprintf(sql, sizeof sql, "SELECT 1 / count(*) FROM benchdb_meta WHERE "
             "key = 'schema_version' AND value = '%d'",
             bdb_store_schema_version_of(st));
    assert_int_equal(bdb_store_schema_version_of(st), newest_pg_schema());
    /* 005 moved the parameters into sets that filters read */
    assert_int_equal(results_with(st, "nic", "intel-10gbe"), 2);
    assert_int_equal(results_with(st, "direction", "read"),
                     results_with(st, "direction", "r*"));
    assert_true(results_with(st, "direction", "read") > 0);
    bdb_store_close(st);
    psql(db_path, sql);
    /* 004 put the sources imported before sets into a set of their day */
    psql(db_path, "SELECT 1 / count(*) FROM sources s JOIN sets t ON "
                  "t.id = s.set_id AND t.name = substr(s.imported_at, 1, 10)");
}

static void store_pg__platform_put_inside_an_open_source__commits_with_it(void **state)
{
    (void)state;
    bdb_store *st = open_db();
    bdb_sink sink;
    bdb_sink_init(&sink);
    add_sample(&sink, "/a", "requests_per_sec", 100, "1");
    bdb_source_info info = {.path = "x.txt", .sha256 = "nested", .raw = "x",
                            .size = 1, .tool = "ab", .parser_version = "ab:1",
                            .options = ""};
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "inner");
    for (int keep = 0; keep <= 1; keep++) {
        long long id;
        assert_int_equal(bdb_store_source_begin(st, &info, 0, &id), 0);
        assert_int_equal(bdb_store_source_put(st, id, &sink.samples[0]), 0);
        /* a savepoint within the source's transaction, not a COMMIT of it */
        assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
        assert_int_equal(bdb_store_source_end(st, id, "ab", "", "ab:1", &sink,
                                              keep), 0);
        bdb_platform got;
        assert_int_equal(bdb_store_platform_get(st, "inner", &got),
                         keep ? BDB_OK : BDB_ENOTFOUND);
        assert_int_equal(sources_of(st), keep);
        assert_int_equal(results_of(st, NULL), keep);
    }
    bdb_sink_free(&sink);
    bdb_store_close(st);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup(store__newer_schema__is_refused, setup),
        cmocka_unit_test_setup(store__schema_version__is_the_latest_migration, setup),
        cmocka_unit_test(store__large_source__kept_in_pieces_loads_back_whole),
        cmocka_unit_test(store__source_lines__window_read_from_its_point),
        cmocka_unit_test_setup(store__database_of_schema_1__upgrades_and_keeps_data, setup),
        cmocka_unit_test_setup(store__database_of_schema_4__moves_parameters_into_sets, setup),
        cmocka_unit_test_setup(store__same_identity__one_series_across_sources_and_handles, setup),
        cmocka_unit_test_setup(store__database_of_schema_5__keeps_its_series_and_results, setup),
        cmocka_unit_test_setup(store__platform_merge__keeps_fields_not_given, setup),
        cmocka_unit_test_setup(store__bad_sample__leaves_nothing_of_the_source, setup),
        cmocka_unit_test_setup(store__unit_conflict_in_a_series__is_refused, setup),
        cmocka_unit_test_setup(store__figures_past_one_insert_statement__all_land_in_order, setup),
        cmocka_unit_test_setup(store__series_swept_by_another_handle__is_made_again, setup),
        cmocka_unit_test_setup(store__unit_conflict_after_many_figures__leaves_nothing_of_the_source, setup),
        cmocka_unit_test_setup(import__file_twice__second_time_is_a_no_op, setup),
        cmocka_unit_test_setup(import__reparse__replaces_results_from_stored_bytes, setup),
        cmocka_unit_test_setup(store__source_replace__puts_new_figures_in_place_or_keeps_the_old, setup),
        cmocka_unit_test_setup(import__sysinfo_beside_logs__fills_the_platform, setup),
        cmocka_unit_test_setup(store__callback_nonzero__stops_the_walk_and_is_no_error, setup),
        cmocka_unit_test_setup(store__groups_rows_out_of_index_order__one_group_a_platform, setup),
        cmocka_unit_test_setup(store__source_of_megabytes__round_trips_byte_for_byte, setup),
        cmocka_unit_test_setup(store__copy__moves_everything_and_again_adds_nothing, setup),
        cmocka_unit_test_setup(store__odd_parameter_text__is_kept_and_found, setup),
        cmocka_unit_test_setup(store__batch_after_another_handle_wrote__begins_at_once, setup),
        cmocka_unit_test_setup(store__small_batch_source_given_up__rolls_back_alone, setup),
        cmocka_unit_test_setup(store__small_batches__see_writes_between_them, setup),
        cmocka_unit_test_setup(store__small_batch_held_results__land_with_their_file, setup),
        cmocka_unit_test_setup(store__long_unit__lands_and_is_found_again, setup),
        cmocka_unit_test_setup(store__replaced_source__drops_only_series_left_empty, setup),
        cmocka_unit_test(store__mask_location__never_shows_a_password),
        cmocka_unit_test(cli__copy__sqlite_to_sqlite_reports_the_same),
        cmocka_unit_test(store__unknown_scheme__is_refused_by_name),
    };
    /* the same tests, less the three that read SQLite's file header or a
     * SQLite fixture, plus PostgreSQL's own */
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup(store__platform_merge__keeps_fields_not_given, pg_setup),
        cmocka_unit_test_setup(store__bad_sample__leaves_nothing_of_the_source, pg_setup),
        cmocka_unit_test_setup(store__unit_conflict_in_a_series__is_refused, pg_setup),
        cmocka_unit_test_setup(store__figures_past_one_insert_statement__all_land_in_order, pg_setup),
        cmocka_unit_test_setup(store__series_swept_by_another_handle__is_made_again, pg_setup),
        cmocka_unit_test_setup(store__unit_conflict_after_many_figures__leaves_nothing_of_the_source, pg_setup),
        cmocka_unit_test_setup(import__file_twice__second_time_is_a_no_op, pg_setup),
        cmocka_unit_test_setup(import__reparse__replaces_results_from_stored_bytes, pg_setup),
        cmocka_unit_test_setup(store__source_replace__puts_new_figures_in_place_or_keeps_the_old, pg_setup),
        cmocka_unit_test_setup(import__sysinfo_beside_logs__fills_the_platform, pg_setup),
        cmocka_unit_test_setup(store__callback_nonzero__stops_the_walk_and_is_no_error, pg_setup),
        cmocka_unit_test_setup(store__source_of_megabytes__round_trips_byte_for_byte, pg_setup),
        cmocka_unit_test_setup(store__copy__moves_everything_and_again_adds_nothing, pg_setup),
        cmocka_unit_test_setup(store__odd_parameter_text__is_kept_and_found, pg_setup),
        cmocka_unit_test_setup(store__batch_after_another_handle_wrote__begins_at_once, pg_setup),
        cmocka_unit_test_setup(store__small_batch_source_given_up__rolls_back_alone, pg_setup),
        cmocka_unit_test_setup(store__small_batches__see_writes_between_them, pg_setup),
        cmocka_unit_test_setup(store__small_batch_held_results__land_with_their_file, pg_setup),
        cmocka_unit_test_setup(store__long_unit__lands_and_is_found_again, pg_setup),
        cmocka_unit_test_setup(store__replaced_source__drops_only_series_left_empty, pg_setup),
        cmocka_unit_test_setup(store_pg__newer_schema__is_refused, pg_setup),
        cmocka_unit_test_setup(store_pg__database_of_schema_1__upgrades_and_keeps_data, pg_setup),
        cmocka_unit_test_setup(store__same_identity__one_series_across_sources_and_handles, pg_setup),
        cmocka_unit_test_setup(store_pg__read_only_on_an_empty_database__is_not_found, pg_setup),
        cmocka_unit_test_setup(store_pg__connection_error__shows_no_password, pg_setup),
        cmocka_unit_test_setup(store_pg__same_file_from_two_handles__is_stored_once, pg_setup),
        cmocka_unit_test_setup(store_pg__platform_put_inside_an_open_source__commits_with_it, pg_setup),
    };
    int failed = cmocka_run_group_tests_name("store on SQLite", sqlite_tests,
                                             NULL, NULL);
    const char *pg = getenv("BDB_TEST_PG_URL");
    if (pg && *pg) {
        failed += cmocka_run_group_tests_name("store on PostgreSQL", pg_tests,
                                              NULL, NULL);
    } else {
        const char *ci = getenv("CI");
        int in_ci = ci && strcmp(ci, "true") == 0;
        printf("[  %s  ] store on PostgreSQL: BDB_TEST_PG_URL is not set (start "
               "a server with `sh scripts/pg-test-server.sh start`)%s\n",
               in_ci ? "FAILED " : "SKIPPED",
               in_ci ? "; CI=true needs it" : "");
        if (in_ci)
            failed++;
    }
    return failed ? 1 : 0;
}
