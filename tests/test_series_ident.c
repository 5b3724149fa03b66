/* test_series_ident.c - a series found by its 64-bit key (schemas/012,
 * store/series_ident.h): the key is what the formula says (checked
 * against Python's hashlib, not against itself), every stored series has
 * its own, an old database migrates with each series' key as the write
 * path computes it, and a key another series already holds (a collision,
 * forced here by a row made to squat on it) leaves the series keyless,
 * found again by its texts, never made twice, also once the squatter is
 * gone. PostgreSQL's side is in test_pg.c. */
#include "test_util.h"
#include "../store/series_ident.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first column of sql's first row on db (writable: some change). */
static long long one(const char *db, const char *sql)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(h, sql, -1, &s, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(h));
    int step = sqlite3_step(s);
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        fail_msg("%s: %s", sql, sqlite3_errmsg(h));
    long long n = step == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
    sqlite3_finalize(s);
    sqlite3_close(h);
    return n;
}

/* Series of db whose key is not the one their texts give (keyless rows
 * aside): 0 when every key is right. */
static long long wrong_keys(const char *db)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT tool, benchmark, metric, "
                                           "params, ident FROM series WHERE "
                                           "ident IS NOT NULL", -1, &s, NULL),
                     SQLITE_OK);
    long long wrong = 0, n = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
        n++;
        if (bdb_series_ident((const char *)sqlite3_column_text(s, 0),
                             (const char *)sqlite3_column_text(s, 1),
                             (const char *)sqlite3_column_text(s, 2),
                             (const char *)sqlite3_column_text(s, 3)) !=
            sqlite3_column_int64(s, 4))
            wrong++;
    }
    sqlite3_finalize(s);
    sqlite3_close(h);
    assert_true(n > 0);
    return wrong;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* A results CSV of one figure of each series of db, into path. */
static void series_csv(const char *db, const char *path)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_prepare_v2(h, "SELECT tool, benchmark, metric, "
                                           "unit, params FROM series", -1, &s,
                                        NULL),
                     SQLITE_OK);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("platform,tool,benchmark,metric,value,unit,parameters,repetition\n",
          f);
    while (sqlite3_step(s) == SQLITE_ROW) {
        fputs("again", f);
        for (int i = 0; i < 5; i++) {
            fprintf(f, ",\"%s\"", (const char *)sqlite3_column_text(s, i));
            if (i == 2)
                fputs(",1", f);
        }
        fputs(",99\n", f);
    }
    sqlite3_finalize(s);
    sqlite3_close(h);
    assert_int_equal(fclose(f), 0);
}

/* The first four bytes of SHA-256 of "tool\x1fbenchmark", then of
 * "tool\x1fbenchmark\x1fparams\x1fmetric", big-endian, signed: Python's
 *   hashlib.sha256(b"fio\x1frandread-4k-0").digest()[:4] +
 *   hashlib.sha256(b"fio\x1frandread-4k-0\x1fblock_size=4096,...\x1fiops")
 *       .digest()[:4]
 * read with struct.unpack(">q", ...); the memo gives the same keys in
 * any order of asking. */
static void series_ident__formula__as_hashlib_gives_it(void **state)
{
    (void)state;
    assert_int_equal(bdb_series_ident("fio", "randread-4k-0", "iops",
                                      "block_size=4096,direction=read,"
                                      "iodepth=32,ioengine=libaio,job=0,"
                                      "numjobs=8,rw=randread"),
                     -213072739704507365LL);
    /* 0xe247f5a25df20992 */
    assert_int_equal(bdb_series_ident("wrk", "/t", "requests_per_sec",
                                      "concurrency=10"),
                     -2141473020081731182LL);
    bdb_ident_memo m;
    memset(&m, 0, sizeof m);
    static const char *const names[][4] = {
        {"wrk", "/t", "requests_per_sec", "concurrency=10"},
        {"wrk", "/t", "latency_avg", "concurrency=10"},
        {"wrk", "/t", "latency_avg", "concurrency=20"},
        {"wrk", "/u", "latency_avg", "concurrency=20"},
        {"ab", "/u", "latency_avg", "concurrency=20"},
        {"wrk", "/t", "requests_per_sec", "concurrency=10"},
    };
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            assert_int_equal(bdb_series_ident_memo(&m, names[i][0],
                                                   names[i][1], names[i][2],
                                                   names[i][3]),
                             bdb_series_ident(names[i][0], names[i][1],
                                              names[i][2], names[i][3]));
    /* a benchmark's series share the high half */
    long long a = bdb_series_ident("wrk", "/t", "requests_per_sec", "c=1");
    long long b = bdb_series_ident("wrk", "/t", "latency_avg", "c=2");
    assert_true((a >> 32) == (b >> 32));
    assert_true(a != b);
}

/* Made-up figures: this is about what the store keeps, not about a
 * tool's output. */
static const char first_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "x,wrk,/t,requests_per_sec,1000,op/s,concurrency=10,1\n"
    "x,wrk,/u,requests_per_sec,700,op/s,concurrency=10,1\n";
static const char second_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "x,wrk,/t,requests_per_sec,1010,op/s,concurrency=10,2\n";
static const char third_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "x,wrk,/t,requests_per_sec,1020,op/s,concurrency=10,3\n"
    "x,wrk,/u,requests_per_sec,710,op/s,concurrency=10,2\n";

#define T_SERIES "tool = 'wrk' AND benchmark = '/t' AND metric = " \
                 "'requests_per_sec' AND params = 'concurrency=10'"

/* A row squats on /t's key before /t is ever stored: /t is made keyless
 * and its figures are its own; the next file's /t finds it; with the
 * squatter gone (its key free again) a third file's /t still finds the
 * keyless row rather than making a second /t under the free key. */
static void series_ident__key_taken__series_kept_keyless(void **state)
{
    (void)state;
    char db[700], csv[700];
    snprintf(db, sizeof db, "%s/collide.sqlite", tu_tmpdir());
    remove(db);
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    long long key = bdb_series_ident("wrk", "/t", "requests_per_sec",
                                     "concurrency=10");
    char sql[400];
    snprintf(sql, sizeof sql, "INSERT INTO series(tool, benchmark, metric, "
                              "params, unit, better, ident) VALUES('wrk', "
                              "'/squatter', 'requests_per_sec', "
                              "'concurrency=10', 'op/s', 1, %lld)", key);
    one(db, sql);
    snprintf(csv, sizeof csv, "%s/collide-1.csv", tu_tmpdir());
    write_file(csv, first_csv);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                                  "'%s'", db, csv), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE " T_SERIES),
                     1);
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE " T_SERIES
                             " AND ident IS NULL"), 1);
    /* /u has its own key */
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE ident IS "
                             "NULL"), 1);
    assert_int_equal(one(db, "SELECT count(*) FROM results r JOIN series s "
                             "ON s.id = r.series_id WHERE s.benchmark = "
                             "'/squatter'"), 0);

    snprintf(csv, sizeof csv, "%s/collide-2.csv", tu_tmpdir());
    write_file(csv, second_csv);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                                  "'%s'", db, csv), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE " T_SERIES),
                     1);

    one(db, "DELETE FROM series WHERE benchmark = '/squatter'");
    snprintf(csv, sizeof csv, "%s/collide-3.csv", tu_tmpdir());
    write_file(csv, third_csv);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                                  "'%s'", db, csv), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE " T_SERIES),
                     1);
    /* its three figures, 1000 + 1010 + 1020, on the one row */
    assert_int_equal(one(db, "SELECT sum(r.value) FROM results r JOIN series "
                             "s ON s.id = r.series_id WHERE s." T_SERIES),
                     3030);
    assert_int_equal(one(db, "SELECT count(*) FROM series WHERE benchmark = "
                             "'/u'"), 1);
    assert_int_equal(wrong_keys(db), 0);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --format csv", db), 0);
    assert_non_null(strstr(out.data, "/t"));
    bdb_buf_free(&out);
}

/* tests/fixtures/store/schema-v1.sqlite (made by benchdb at schema
 * version 1) migrates through 012: every series gets the key the write
 * path gives its texts, the four-text unique index is gone, the key's
 * is there, and importing the same series again makes none twice. */
static void series_ident__old_database__migrates_with_its_keys(void **state)
{
    (void)state;
    char db[700];
    snprintf(db, sizeof db, "%s/v1-ident.sqlite", tu_tmpdir());
    size_t len;
    char *bytes = tu_read("tests/fixtures/store/schema-v1.sqlite", &len);
    FILE *f = fopen(db, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
    long long series = one(db, "SELECT count(*) FROM series");
    assert_true(series > 0);
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    assert_true(one(db, "PRAGMA user_version") >= 12);
    assert_int_equal(one(db, "SELECT count(*) FROM series"), series);
    assert_int_equal(one(db, "SELECT count(ident) FROM series"), series);
    assert_int_equal(wrong_keys(db), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM sqlite_schema WHERE "
                             "tbl_name = 'series' AND name LIKE "
                             "'sqlite_autoindex%'"), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM sqlite_schema WHERE "
                             "name = 'series_by_ident'"), 1);
    /* each of its series again, a figure of each in a CSV: none is
     * made twice */
    char csv[700];
    snprintf(csv, sizeof csv, "%s/v1-again.csv", tu_tmpdir());
    series_csv(db, csv);
    assert_int_equal(tu_run(NULL, "--db '%s' import -q --format results-csv "
                                  "'%s'", db, csv), 0);
    assert_int_equal(one(db, "SELECT count(*) FROM (SELECT 1 FROM series "
                             "GROUP BY tool, benchmark, metric, params "
                             "HAVING count(*) > 1)"), 0);
    /* each figure found its series' row, or made one of the texts the
     * CSV reader gives (it spells dd's "bs" "block_size") */
    long long found = one(db, "SELECT count(DISTINCT series_id) FROM results "
                              "WHERE repetition = 99 AND series_id IN "
                              "(SELECT id FROM series WHERE ident IS NOT "
                              "NULL)");
    assert_true(found > 0);
    assert_int_equal(one(db, "SELECT count(DISTINCT series_id) FROM results "
                             "WHERE repetition = 99"), series);
    assert_int_equal(one(db, "SELECT count(*) FROM series") - series,
                     series - one(db, "SELECT count(*) FROM series s WHERE "
                                      "s.id IN (SELECT series_id FROM results "
                                      "WHERE repetition = 99) AND EXISTS "
                                      "(SELECT 1 FROM results r WHERE "
                                      "r.series_id = s.id AND r.repetition "
                                      "<> 99)"));
    assert_int_equal(wrong_keys(db), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(series_ident__formula__as_hashlib_gives_it),
        cmocka_unit_test(series_ident__key_taken__series_kept_keyless),
        cmocka_unit_test(series_ident__old_database__migrates_with_its_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
