/* test_cut_traces.c - runs whose log ends before their summary (the
 * client or server was killed, the log was cut): imported with their
 * interval lines as the trace of the series the summary would have had,
 * and no figure. Real iperf 2.1.8 runs killed mid-run, and a real run's
 * log cut before its final lines; each stored point checked against the
 * raw text of its line (read here by hand). reparse, copy and forget
 * keep or drop them whole; a full run of the same series imports after;
 * reports and comparisons show no row without values. On SQLite always,
 * on PostgreSQL when BDB_TEST_PG_URL names a server. */
#include "test_util.h"

#include "../import/import.h"
#include "../report/analysis/compare.h"
#include "../report/analysis/model.h"
#include "../store/store.h"
#include "../store/store_admin.h"
#include "../store/store_traces.h"
#include "../common/bdb_sha256.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char db_path[1024], db2_path[1024], cut_path[1024];
static char *cut_text;      /* the cut run's text, as written */

/* The first 16 lines of samples/iperf/cmdline-tcp-P2-enhanced-i1.txt:
 * its two seconds of intervals, cut before the 0.0000-2.00xx finals. */
#define FULL_RUN "samples/iperf/cmdline-tcp-P2-enhanced-i1.txt"
#define FULL_RUN_CUT_AT 16

static void write_cut_run(void)
{
    size_t len;
    char *text = tu_read(FULL_RUN, &len);
    free(cut_text);
    cut_text = tu_first_lines(text, FULL_RUN_CUT_AT);
    FILE *f = fopen(cut_path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(cut_text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
    free(text);
}

static int setup(void **state)
{
    (void)state;
    const char *dir = tu_tmpdir();
    snprintf(db_path, sizeof db_path, "%s/a.sqlite", dir);
    snprintf(db2_path, sizeof db2_path, "%s/b.sqlite", dir);
    snprintf(cut_path, sizeof cut_path, "%s/cut-run.txt", dir);
    write_cut_run();
    return 0;
}

static void pg_database(const char *base, char *out, size_t n)
{
    tu_pg_new_database(base, "cut", out, n);
}

static int pg_setup(void **state)
{
    setup(state);
    const char *base = getenv("BDB_TEST_PG_URL");
    if (!base || !*base)
        fail_msg("BDB_TEST_PG_URL is not set");
    pg_database(base, db_path, sizeof db_path);
    pg_database(base, db2_path, sizeof db2_path);
    return 0;
}

static bdb_store *open_at(const char *where)
{
    bdb_store *st = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_store_open(&st, where, &d) != BDB_OK)
        fail_msg("open %s: %s", where, d.message);
    return st;
}

/* Imports path (absolute, or rel under the source tree) for platform;
 * returns its source id, and its figures' count in *nresults. */
static long long import_as(bdb_store *st, const char *path,
                           const char *platform, size_t *nresults)
{
    bdb_import_opts o = {.platform = platform};
    bdb_import_result r;
    const char *full = path[0] == '/' ? path : tu_path(path);
    assert_int_equal(bdb_import_file(st, full, &o, &r), 0);
    assert_int_equal(r.status, BDB_IMPORT_ADDED);
    if (nresults)
        *nresults = r.nresults;
    FILE *f = fopen(full, "rb");
    assert_non_null(f);
    char *bytes = malloc(1 << 16);
    size_t len = fread(bytes, 1, 1 << 16, f);
    fclose(f);
    char sha[65];
    bdb_sha256_hex(bytes, len, sha);
    free(bytes);
    long long id = 0;
    assert_int_equal(bdb_store_source_find(st, sha, &id), 0);
    assert_true(id > 0);
    return id;
}

/* The points against the raw text at rel, or of the cut run when rel is
 * NULL (tu_check_iperf_points). */
static void check_against_text(const tu_pts *p, const char *rel,
                               int interval_lines, int streams)
{
    size_t len;
    char *text = rel ? tu_read(rel, &len) : NULL;
    tu_check_iperf_points(p, rel ? text : cut_text, interval_lines, streams);
    free(text);
}

/* iperf 2.1.8 -c -P 2 -i 1 killed after 2 s (6 interval lines) and -u
 * killed after 2 s (2): imported, no figure, the intervals stored; the
 * warning at the first interval line. */
static void cut_runs__imported_with_their_intervals_as_trace(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel[2] = {"tests/fixtures/iperf/cut-tcp-P2-client.txt",
                          "tests/fixtures/iperf/cut-udp-client.txt"};
    const int lines[2] = {6, 2};
    tu_pts *p = calloc(1, sizeof *p);
    for (int k = 0; k < 2; k++) {
        size_t nres = 99;
        long long id = import_as(st, rel[k], "lab", &nres);
        assert_int_equal(nres, 0);
        tu_points_of(st, id, p);
        check_against_text(p, rel[k], lines[k], k == 0 ? 2 : 1);
        bdb_sink s;
        bdb_sink_init(&s);
        bdb_diag d;
        bdb_diag_clear(&d);
        assert_int_equal(tu_parse_file(rel[k], NULL, &s, &d), 0);
        assert_true(tu_has_warning(&s, 8, "summary was never printed"));
        bdb_sink_free(&s);
    }
    free(p);
    bdb_store_close(st);
}

static int same_points(const tu_pts *a, const tu_pts *b)
{
    if (a->n != b->n)
        return 0;
    int same = 0;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++)
            if (!strcmp(a->v[i].series, b->v[j].series) &&
                a->v[i].seq == b->v[j].seq &&
                a->v[i].repetition == b->v[j].repetition &&
                a->v[i].value == b->v[j].value &&
                !strcmp(a->v[i].what, b->v[j].what) &&
                a->v[i].line == b->v[j].line) {
                same++;
                break;
            }
    return same == a->n;
}

/* reparse replaces the cut run's points (never doubles or drops them),
 * copy carries them and their series to another database, forget takes
 * them and their series with the source (a new import makes them
 * again). */
static void cut_run__reparse_copy_forget_keep_or_drop_it(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    const char *rel = "tests/fixtures/iperf/cut-tcp-P2-client.txt";
    long long id = import_as(st, rel, "lab", NULL);
    tu_pts *before = calloc(1, sizeof *before), *after = calloc(1, sizeof *after);
    tu_points_of(st, 0, before);
    assert_int_equal(before->n, 6 * 2);
    int changed = 0;
    bdb_import_result r;
    assert_int_equal(bdb_import_reparse(st, id, 1, &changed, &r), 0);
    assert_int_equal(changed, 1);
    tu_points_of(st, 0, after);
    assert_true(same_points(after, before));
    bdb_store *to = open_at(db2_path);
    bdb_copy_stats cs;
    memset(&cs, 0, sizeof cs);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_copy(st, to, &cs, NULL, NULL, &d), 0);
    tu_points_of(to, 0, after);
    assert_true(same_points(after, before));
    check_against_text(after, rel, 6, 2);
    bdb_store_close(to);
    assert_int_equal(bdb_store_source_delete(st, id), 0);
    tu_points_of(st, 0, after);
    assert_int_equal(after->n, 0);
    id = import_as(st, rel, "lab", NULL);
    tu_points_of(st, id, after);
    check_against_text(after, rel, 6, 2);
    free(before);
    free(after);
    bdb_store_close(st);
}

/* A run cut before its finals (platform b) is on the series the full run
 * of the same command has (platform a), imported before or after it; the
 * full run keeps its figures; the report shows no platform b and the
 * comparison of a with b no row: b has no value. */
static void cut_and_full_run__one_series_no_empty_rows(void **state)
{
    (void)state;
    bdb_store *st = open_at(db_path);
    size_t nres = 0;
    long long cut = import_as(st, cut_path, "b", &nres);
    assert_int_equal(nres, 0);
    long long full = import_as(st, FULL_RUN, "a", &nres);
    /* the finals of lines 17-19: throughput, transfer and more of each */
    assert_true(nres > 6);
    tu_pts *c = calloc(1, sizeof *c), *f = calloc(1, sizeof *f);
    tu_points_of(st, cut, c);
    tu_points_of(st, full, f);
    check_against_text(c, NULL, 6, 2);
    /* the same points, of the same series, as the full run's intervals */
    assert_int_equal(c->n, f->n);
    for (int i = 0; i < c->n; i++) {
        assert_string_equal(c->v[i].series, f->v[i].series);
        assert_true(c->v[i].value == f->v[i].value &&
                    c->v[i].line == f->v[i].line);
    }
    bdb_model *m = NULL;
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.min_platforms = 1;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    assert_int_equal(m->nplatforms, 1);
    assert_string_equal(m->platforms[0].name, "a");
    for (size_t i = 0; i < m->nseries; i++)
        assert_true(m->series[i].cells[0].n > 0);
    bdb_model_free(m);
    bdb_compare_opts co;
    memset(&co, 0, sizeof co);
    co.old_side.kind = co.new_side.kind = BDB_CMP_PLATFORM;
    co.old_side.name = "a";
    co.new_side.name = "b";
    co.threshold = -1;
    bdb_compare *cmp = NULL;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_compare_build(st, &co, &cmp, &d), BDB_ENOTFOUND);
    assert_null(cmp);
    free(c);
    free(f);
    bdb_store_close(st);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup(cut_runs__imported_with_their_intervals_as_trace, setup),
        cmocka_unit_test_setup(cut_run__reparse_copy_forget_keep_or_drop_it, setup),
        cmocka_unit_test_setup(cut_and_full_run__one_series_no_empty_rows, setup),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup(cut_runs__imported_with_their_intervals_as_trace, pg_setup),
        cmocka_unit_test_setup(cut_run__reparse_copy_forget_keep_or_drop_it, pg_setup),
        cmocka_unit_test_setup(cut_and_full_run__one_series_no_empty_rows, pg_setup),
    };
    int failed = cmocka_run_group_tests_name("cut traces on SQLite",
                                             sqlite_tests, NULL, NULL);
    const char *pg = getenv("BDB_TEST_PG_URL");
    if (pg && *pg)
        failed += cmocka_run_group_tests_name("cut traces on PostgreSQL",
                                              pg_tests, NULL, NULL);
    else
        printf("[  SKIPPED  ] cut traces on PostgreSQL: BDB_TEST_PG_URL is "
               "not set\n");
    free(cut_text);
    return failed;
}
