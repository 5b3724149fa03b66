/* test_source_platforms.c - source_platforms (schemas/011): a row per
 * source and platform with results, and how many, kept by the store in
 * the results' own transaction in place of an index of every result by
 * platform. After every change that adds or removes results (imports, a
 * file that fails halfway, reparse, forget, a platform merged, one
 * deleted with its results) its rows are the results' own counts,
 * grouped by source and platform, NULL platform included; an old
 * database migrates with them filled from its results. PostgreSQL's
 * side is in test_pg.c. */
#include "test_util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first column of sql's first row on db. */
static long long count_of(const char *db, const char *sql)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(h, sql, -1, &s, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(h));
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    long long n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(h);
    return n;
}

/* source_platforms against the results: none wrong, none empty; returns
 * how many rows it has. */
static long long assert_counts_hold(const char *db, const char *step)
{
    long long wrong = count_of(db, TU_SQL_SOURCE_PLATFORMS_WRONG);
    if (wrong)
        fail_msg("after %s: %lld (source, platform) pairs of "
                 "source_platforms differ from the results", step, wrong);
    assert_int_equal(count_of(db, "SELECT count(*) FROM source_platforms "
                                  "WHERE results <= 0"), 0);
    return count_of(db, "SELECT count(*) FROM source_platforms");
}

/* source_platforms' rows on platform name. */
static long long rows_on(const char *db, const char *name)
{
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM source_platforms sp "
                              "JOIN platforms p ON p.id = sp.platform_id "
                              "WHERE p.name = '%s'", name);
    return count_of(db, sql);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* Made-up figures: this is about what the store keeps, not about a
 * tool's output. Rows on x and y take turns. */
static const char turns_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "x,wrk,/t,requests_per_sec,1000,op/s,concurrency=10,1\n"
    "y,wrk,/t,requests_per_sec,1500,op/s,concurrency=10,1\n"
    "x,wrk,/t,requests_per_sec,1040,op/s,concurrency=10,2\n"
    "y,wrk,/t,requests_per_sec,1450,op/s,concurrency=10,2\n"
    "x,wrk,/u,requests_per_sec,700,op/s,concurrency=10,1\n";

/* Its second row names /t's series in another unit: the file fails
 * after its first figure was put. */
static const char failing_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "z,wrk,/v,requests_per_sec,10,op/s,concurrency=10,1\n"
    "z,wrk,/t,requests_per_sec,10,B,concurrency=10,3\n";

static void source_platforms__every_change__counts_are_the_results_own(
    void **state)
{
    (void)state;
    char dir[600], db[700], csv[700], bad[700];
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/sp.sqlite", dir);
    snprintf(csv, sizeof csv, "%s/turns.csv", dir);
    snprintf(bad, sizeof bad, "%s/failing.csv", dir);
    write_file(csv, turns_csv);
    write_file(bad, failing_csv);
    static const char *const plat[] = {"a", "b", "c", "d"};
    static const char *const sub[] = {"ab", "wrk", "dd", "hdparm"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform %s "
                                "'%s/%s'", db, plat[i], tu_path("samples"),
                                sub[i]), 0);
    /* and logs of no platform: their results' platform is NULL */
    assert_int_equal(tu_run(NULL, "--db '%s' import -q '%s/time'", db,
                            tu_path("samples")), 0);
    long long sources = count_of(db, "SELECT count(DISTINCT source_id) "
                                     "FROM results");
    long long unplaced = count_of(db, "SELECT count(DISTINCT source_id) "
                                      "FROM results WHERE platform_id IS "
                                      "NULL");
    assert_true(sources > 4 && unplaced > 0);
    /* a log's results are on its one platform (a log of trace points
     * alone has none) */
    assert_int_equal(assert_counts_hold(db, "importing logs"), sources);
    assert_int_equal(count_of(db, "SELECT count(*) FROM source_platforms "
                                  "WHERE platform_id IS NULL"), unplaced);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                            "'%s'", db, csv), 0);
    long long rows = sources + 2;   /* the CSV: a row on x, one on y */
    assert_int_equal(assert_counts_hold(db, "importing a CSV"), rows);
    assert_int_equal(count_of(db, "SELECT sum(results) FROM "
                                  "source_platforms sp JOIN platforms p ON "
                                  "p.id = sp.platform_id WHERE p.name = 'x'"),
                     3);
    /* the failing file leaves neither its figure nor its platform */
    assert_int_not_equal(tu_run(NULL, "--db '%s' import -q --format "
                                "results-csv '%s' '%s/ab'", db, bad,
                                tu_path("samples")), 0);
    assert_int_equal(assert_counts_hold(db, "a failed file"), rows);
    assert_int_equal(rows_on(db, "z"), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' reparse --all", db), 0);
    assert_int_equal(assert_counts_hold(db, "reparse --all"), rows);
    assert_int_equal(tu_run(NULL, "--db '%s' forget --yes --tool ab", db), 0);
    long long left = assert_counts_hold(db, "forgetting ab");
    assert_true(left > 0 && left < rows);
    long long on_b = rows_on(db, "b"), on_c = rows_on(db, "c");
    assert_true(on_b > 0 && on_c > 0);
    assert_int_equal(tu_run(NULL, "--db '%s' platform merge b INTO c", db),
                     0);
    assert_counts_hold(db, "merging b into c");
    assert_int_equal(rows_on(db, "c"), on_b + on_c);
    assert_int_equal(tu_run(NULL, "--db '%s' platform delete x "
                            "--with-results", db), 0);
    assert_counts_hold(db, "deleting x with its results");
    assert_int_equal(count_of(db, "SELECT count(*) FROM results r JOIN "
                                  "platforms p ON p.id = r.platform_id "
                                  "WHERE p.name = 'x'"), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' platform delete y", db), 1);
    assert_non_null(strstr(out.data, "has 2 results"));
    bdb_buf_free(&out);
}

/* tests/fixtures/store/schema-v1.sqlite (19 results of one source on 5
 * platforms, made by benchdb at schema version 1) migrates through 011:
 * its rows of source_platforms are its results' counts, and results have
 * no index by platform left. */
static void source_platforms__old_database__migrates_with_its_counts(
    void **state)
{
    (void)state;
    char db[700];
    snprintf(db, sizeof db, "%s/v1.sqlite", tu_tmpdir());
    size_t len;
    char *bytes = tu_read("tests/fixtures/store/schema-v1.sqlite", &len);
    FILE *f = fopen(db, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
    assert_int_equal(count_of(db, "PRAGMA user_version"), 1);
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    assert_true(count_of(db, "PRAGMA user_version") >= 11);
    assert_int_equal(assert_counts_hold(db, "migrating"), 5);
    assert_int_equal(count_of(db, "SELECT sum(results) FROM "
                                  "source_platforms"), 19);
    assert_int_equal(count_of(db, "SELECT count(*) FROM sqlite_schema WHERE "
                                  "name = 'results_by_platform'"), 0);
}

/* A CSV of many platforms, its rows taking turns among them (made-up
 * figures, as above): each platform's count found by its hash, the
 * table grown past its first slots; then a log on one platform, the
 * slots cleared between the two sources. */
static void source_platforms__csv_of_many_platforms__each_counted(
    void **state)
{
    (void)state;
    char db[700], csv[700];
    snprintf(db, sizeof db, "%s/many.sqlite", tu_tmpdir());
    snprintf(csv, sizeof csv, "%s/many.csv", tu_tmpdir());
    enum { NPLAT = 300, NREP = 3 };
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters,"
          "repetition\n", f);
    for (int r = 1; r <= NREP; r++)
        for (int i = 0; i < NPLAT; i++)
            fprintf(f, "p%03d,wrk,/t,requests_per_sec,%d,op/s,"
                       "concurrency=10,%d\n", i, 1000 + i + r, r);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                            "'%s'", db, csv), 0);
    assert_int_equal(assert_counts_hold(db, "importing the CSV"), NPLAT);
    assert_int_equal(count_of(db, "SELECT count(*) FROM source_platforms "
                                  "WHERE results = 3"), NPLAT);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --platform p007 "
                            "'%s/ab'", db, tu_path("samples")), 0);
    long long logs = count_of(db, "SELECT count(DISTINCT source_id) FROM "
                                  "results") - 1;
    assert_true(logs > 0);
    assert_int_equal(assert_counts_hold(db, "importing logs after it"),
                     NPLAT + logs);
    assert_int_equal(rows_on(db, "p007"), 1 + logs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            source_platforms__every_change__counts_are_the_results_own),
        cmocka_unit_test(
            source_platforms__old_database__migrates_with_its_counts),
        cmocka_unit_test(
            source_platforms__csv_of_many_platforms__each_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
