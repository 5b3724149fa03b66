/* test_robustness.c - bad input never crashes and never half-imports:
 * every real sample, cut at many places and with bytes flipped, goes
 * through detection and every parser. Under the sanitizer build (part of
 * scripts/test.sh) any out-of-bounds read or leak here fails the suite.
 * A parse either succeeds or fails with a message; what reaches the
 * database is checked too: each damaged copy is imported into a store,
 * which afterwards holds either nothing new (no source, no result) or
 * exactly the figures bdb_ingest_buffer reads from those bytes, series by
 * series. A cut log can be a shorter valid one, so nothing else is
 * asserted. Deterministic: a fixed xorshift seed. */
#include "test_util.h"

#include "../import/import.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int parses(const char *buf, size_t len, const char *tool)
{
    bdb_sink sink;
    bdb_diag d;
    bdb_sink_init(&sink);
    bdb_diag_clear(&d);
    bdb_ingest_opts o = {.source_name = "damaged.txt", .tool = tool};
    int rc = bdb_ingest_buffer(buf, len, &o, &sink, NULL, 0, &d);
    if (rc != BDB_OK && !d.message[0])
        fail_msg("a failure without a message (tool %s)", tool ? tool : "-");
    for (size_t i = 0; rc == BDB_OK && i < sink.n; i++)
        if (sink.samples[i].value != sink.samples[i].value) /* NaN */
            fail_msg("a NaN figure (tool %s)", tool ? tool : "-");
    bdb_sink_free(&sink);
    return rc;
}

static void damage_one(const char *rel, size_t *runs)
{
    size_t len;
    char *text = tu_read(rel, &len);
    if (len == 0) {
        free(text);
        return;
    }
    char *copy = malloc(len);
    assert_non_null(copy);
    /* cuts: at 32 random places, each parsed with detection */
    for (int k = 0; k < 32; k++) {
        size_t cut = (size_t)(next() % len);
        memcpy(copy, text, cut);
        parses(copy, cut, NULL);
        (*runs)++;
    }
    /* flips: 16 copies with 1..8 random bytes changed, forced through
     * every parser, so each meets every other tool's damaged output */
    for (int k = 0; k < 16; k++) {
        memcpy(copy, text, len);
        int flips = 1 + (int)(next() % 8);
        for (int f = 0; f < flips; f++)
            copy[next() % len] = (char)(1 + next() % 255);
        for (const bdb_parser *const *p = bdb_parsers(); *p; p++) {
            parses(copy, len, (*p)->name);
            (*runs)++;
        }
    }
    free(copy);
    free(text);
}

typedef struct walk {
    size_t files, runs;
} walk;

static void damage_sample(const char *dir, const char *name, const char *rel,
                          void *ctx)
{
    (void)dir;
    walk *w = ctx;
    size_t n = strlen(name);
    if (n > 9 && !strcmp(name + n - 9, ".expected"))
        return;
    damage_one(rel, &w->runs);
    w->files++;
}

static void robustness__damaged_samples__fail_cleanly_or_parse(void **state)
{
    (void)state;
    walk w = {0, 0};
    tu_each_sample(damage_sample, &w);
    print_message("damaged copies parsed: %zu from %zu files\n", w.runs, w.files);
    assert_true(w.files > 150);
}

/* The store under test and a second connection that counts what is in it
 * (tests may read the SQLite file directly; benchdb's own code may not). */
typedef struct store_walk {
    bdb_store *st;
    sqlite3 *db;
    char dir[700];
    size_t imports, added, failed, present, info;
} store_walk;

static long long count_rows(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    long long n = -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        n = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return n;
}

typedef struct series_count {
    char key[BDB_BENCHMARK_MAX + BDB_PARAMS_TEXT_MAX + 128];
    long long n;
} series_count;

static int series_cmp(const void *a, const void *b)
{
    return strcmp(((const series_count *)a)->key,
                  ((const series_count *)b)->key);
}

/* tool, benchmark, metric, params -> how many figures, sorted by key. */
static series_count *sink_series(const bdb_sink *sink, size_t *n)
{
    series_count *all = calloc(sink->n ? sink->n : 1, sizeof *all);
    assert_non_null(all);
    for (size_t i = 0; i < sink->n; i++) {
        const bdb_sample *s = &sink->samples[i];
        char params[BDB_PARAMS_TEXT_MAX];
        bdb_params_format(&s->params, params, sizeof params);
        snprintf(all[i].key, sizeof all[i].key, "%s\t%s\t%s\t%s", s->tool,
                 s->benchmark, s->metric, params);
        all[i].n = 1;
    }
    qsort(all, sink->n, sizeof *all, series_cmp);
    size_t k = 0;
    for (size_t i = 0; i < sink->n; i++) {
        if (k && strcmp(all[k - 1].key, all[i].key) == 0)
            all[k - 1].n++;
        else
            all[k++] = all[i];
    }
    *n = k;
    return all;
}

/* The newest source's figures per series, compared with the sink's. */
static void assert_store_holds(sqlite3 *db, const bdb_sink *sink,
                               const char *what)
{
    size_t n;
    series_count *want = sink_series(sink, &n);
    sqlite3_stmt *q;
    const char *sql =
        "SELECT s.tool || char(9) || s.benchmark || char(9) || s.metric || "
        "char(9) || s.params, count(*) FROM results r JOIN series s ON "
        "s.id = r.series_id WHERE r.source_id = (SELECT max(id) FROM sources) "
        "GROUP BY 1 ORDER BY 1";
    if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
        fail_msg("%s", sqlite3_errmsg(db));
    size_t i = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        const char *key = (const char *)sqlite3_column_text(q, 0);
        long long c = sqlite3_column_int64(q, 1);
        if (i >= n || strcmp(key, want[i].key) != 0 || c != want[i].n)
            fail_msg("%s: the store holds %lld of [%s], the parse %lld of [%s]",
                     what, c, key, i < n ? want[i].n : 0,
                     i < n ? want[i].key : "(nothing)");
        i++;
    }
    sqlite3_finalize(q);
    if (i != n)
        fail_msg("%s: the store holds %zu series, the parse %zu", what, i, n);
    free(want);
}

static void import_damaged(store_walk *w, const char *name, const char *buf,
                           size_t len)
{
    char path[1000];
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, len, f), len);
    assert_int_equal(fclose(f), 0);

    long long sources = count_rows(w->db, "SELECT count(*) FROM sources");
    long long results = count_rows(w->db, "SELECT count(*) FROM results");
    long long warnings = count_rows(w->db, "SELECT count(*) FROM source_warnings");
    long long platforms = count_rows(w->db, "SELECT count(*) FROM platforms");

    /* what import hands the parsers, read here the same way */
    bdb_params none;
    memset(&none, 0, sizeof none);
    bdb_sink sink;
    bdb_diag d;
    bdb_sink_init(&sink);
    bdb_diag_clear(&d);
    bdb_ingest_opts io = {.source_name = path, .params = &none};
    int parsed = bdb_ingest_buffer(buf, len, &io, &sink, NULL, 0, &d);

    bdb_import_opts o = {.platform = "damaged"};
    bdb_import_result r;
    int rc = bdb_import_file(w->st, path, &o, &r);
    w->imports++;
    long long now_sources = count_rows(w->db, "SELECT count(*) FROM sources");
    long long now_results = count_rows(w->db, "SELECT count(*) FROM results");
    long long now_warnings = count_rows(w->db, "SELECT count(*) FROM source_warnings");
    switch (r.status) {
    case BDB_IMPORT_ADDED:
        w->added++;
        assert_int_equal(rc, BDB_OK);
        if (parsed != BDB_OK)
            fail_msg("%s: imported although the parse failed: %s", name,
                     d.message);
        assert_int_equal(now_sources, sources + 1);
        assert_int_equal(now_results, results + (long long)sink.n);
        assert_int_equal((size_t)r.nresults, sink.n);
        assert_store_holds(w->db, &sink, name);
        break;
    case BDB_IMPORT_REPLACED:
    case BDB_IMPORT_DRY_RUN:
        fail_msg("%s: an import without --replace or --dry-run said %s", name,
                 r.status == BDB_IMPORT_REPLACED ? "replaced" : "dry run");
        break;
    case BDB_IMPORT_FAILED:
    case BDB_IMPORT_PRESENT:
    case BDB_IMPORT_PLATFORM_INFO:
        if (r.status == BDB_IMPORT_FAILED) {
            w->failed++;
            if (rc == BDB_OK || !r.diag.message[0])
                fail_msg("%s: a failed import without an error and a message",
                         name);
            /* a damaged platforms.csv lands whole or not at all */
            assert_int_equal(count_rows(w->db, "SELECT count(*) FROM platforms"),
                             platforms);
        } else {
            assert_int_equal(rc, BDB_OK);
            w->present += r.status == BDB_IMPORT_PRESENT;
            w->info += r.status == BDB_IMPORT_PLATFORM_INFO;
        }
        /* nothing of the file may remain */
        if (now_sources != sources || now_results != results ||
            now_warnings != warnings)
            fail_msg("%s: status %d changed the store: sources %lld -> %lld, "
                     "results %lld -> %lld, warnings %lld -> %lld",
                     name, (int)r.status, sources, now_sources, results,
                     now_results, warnings, now_warnings);
        break;
    }
    bdb_sink_free(&sink);
    remove(path);
}

static void store_damage_sample(const char *dir, const char *name,
                                const char *rel, void *ctx)
{
    (void)dir;
    store_walk *w = ctx;
    size_t n = strlen(name);
    if (n > 9 && !strcmp(name + n - 9, ".expected"))
        return;
    size_t len;
    char *text = tu_read(rel, &len);
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    char fname[400];
    /* the whole file, two cuts, two bit-flipped copies and the whole file
     * once more: enough to meet
     * every parser's failure paths while the suite stays within budget */
    int whole_added = 0;
    for (int k = 0; k < 6; k++) {
        size_t clen = len;
        memcpy(copy, text, len);
        /* k == 5: the whole file again, under another name: already there */
        if (k == 1 || k == 2) {
            clen = len ? (size_t)(next() % len) : 0;
        } else if ((k == 3 || k == 4) && len) {
            int flips = 1 + (int)(next() % 8);
            for (int f = 0; f < flips; f++)
                copy[next() % len] = (char)(1 + next() % 255);
        }
        /* the name keeps the sample's, for path-derived names */
        snprintf(fname, sizeof fname, "d%d-%s", k, name);
        size_t present = w->present, added = w->added;
        import_damaged(w, fname, copy, clen);
        if (k == 0)
            whole_added = w->added == added + 1;
        if (k == 5 && whole_added && w->present != present + 1)
            fail_msg("%s: the same bytes twice were not 'already present'", rel);
    }
    free(copy);
    free(text);
}

static void robustness__damaged_samples__import_whole_or_not_at_all(void **state)
{
    (void)state;
    store_walk w;
    memset(&w, 0, sizeof w);
    w.st = tu_fresh_store(w.dir, sizeof w.dir);
    char db[800];
    snprintf(db, sizeof db, "%s/r.sqlite", w.dir);
    assert_int_equal(sqlite3_open_v2(db, &w.db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_busy_timeout(w.db, 10000);
    tu_each_sample(store_damage_sample, &w);
    print_message("damaged imports: %zu (%zu added, %zu failed, %zu already "
                  "present, %zu platform info)\n", w.imports, w.added,
                  w.failed, w.present, w.info);
    sqlite3_close(w.db);
    bdb_store_close(w.st);
    /* both outcomes were met, or the test proved nothing */
    assert_true(w.added > 100);
    assert_true(w.failed > 20);
    assert_true(w.present > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robustness__damaged_samples__fail_cleanly_or_parse),
        cmocka_unit_test(robustness__damaged_samples__import_whole_or_not_at_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
