/* test_perf_plan.c - the report's queries use indexes: every statement the
 * report model runs against results, with a platform filter, a tool
 * filter, both, or none, is planned (EXPLAIN QUERY PLAN) without a scan of
 * the results table, so a filtered report on a large database reads what
 * it shows and not the whole table. No timings: the plan is the property.
 *
 * The statements are the real ones: an SQLite auto-extension installs a
 * trace hook on the store's own connection, records each statement the
 * model steps (with its bound values, sqlite3_expanded_sql), and the test
 * plans them on a second connection to the same database, made through
 * the public API from real samples.
 *
 * Also here: the report does only the work its output shows (no speedup
 * bootstrap for an output without speedup intervals) and that changes
 * nothing else. */
#include "test_util.h"

#include <jansson.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bdb_error.h"
#include "import.h"
#include "model.h"
#include "render.h"
#include "store.h"

#define MAX_STMTS 64

static char *captured[MAX_STMTS];   /* expanded: with the bound values */
static char *unexpanded[MAX_STMTS]; /* as prepared, to tell statements apart */
static unsigned runs[MAX_STMTS];    /* how many times each was run */
static size_t ncaptured;

static void forget_captured(void)
{
    for (size_t i = 0; i < ncaptured; i++) {
        sqlite3_free(captured[i]);
        free(unexpanded[i]);
    }
    ncaptured = 0;
}

/* Keeps the first expanded text of each distinct statement (the per-series
 * query runs once per series with another id: one plan is enough). */
static int on_trace(unsigned type, void *ctx, void *p, void *x)
{
    (void)ctx;
    (void)x;
    if (type != SQLITE_TRACE_STMT)
        return 0;
    sqlite3_stmt *stmt = p;
    const char *sql = sqlite3_sql(stmt);
    if (!sql || strncmp(sql, "PRAGMA", 6) == 0)
        return 0;
    for (size_t i = 0; i < ncaptured; i++)
        if (strcmp(unexpanded[i], sql) == 0) {
            runs[i]++;
            return 0;
        }
    if (ncaptured == MAX_STMTS)
        fail_msg("more than %d distinct statements", MAX_STMTS);
    captured[ncaptured] = sqlite3_expanded_sql(stmt);
    unexpanded[ncaptured] = strdup(sql);
    runs[ncaptured] = 1;
    if (!captured[ncaptured] || !unexpanded[ncaptured])
        fail_msg("out of memory recording a statement");
    ncaptured++;
    return 0;
}

static int install_trace(sqlite3 *db, char **err,
                         const struct sqlite3_api_routines *api)
{
    (void)err;
    (void)api;
    sqlite3_trace_v2(db, SQLITE_TRACE_STMT, on_trace, NULL);
    return SQLITE_OK;
}

/* A plan line that reads the whole results table: "SCAN r", "SCAN
 * results", with or without an index (a full index scan still visits
 * every result). A SEARCH is bounded by its key. */
static int is_results_scan(const char *detail)
{
    return strncmp(detail, "SCAN r ", 7) == 0 ||
           strcmp(detail, "SCAN r") == 0 ||
           strncmp(detail, "SCAN results", 12) == 0;
}

/* Plans sql on db; returns how many plan lines scan results and puts
 * them, with the statement, into why. */
static int count_results_scans(sqlite3 *db, const char *sql, char *why,
                               size_t whysz)
{
    size_t len = strlen(sql) + 32;
    char *q = malloc(len);
    assert_non_null(q);
    snprintf(q, len, "EXPLAIN QUERY PLAN %s", sql);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(db, q, -1, &s, NULL) != SQLITE_OK)
        fail_msg("cannot plan %s: %s", sql, sqlite3_errmsg(db));
    int scans = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
        const char *detail = (const char *)sqlite3_column_text(s, 3);
        if (detail && is_results_scan(detail)) {
            scans++;
            snprintf(why, whysz, "%s\n  in: %s", detail, sql);
        }
    }
    sqlite3_finalize(s);
    free(q);
    return scans;
}

typedef struct fixture {
    char dir[600];
    char db[700];
} fixture;

/* set: the run set, made with the tag lab=a (NULL: one of the import's
 * own). */
static void import_in(bdb_store *st, const char *rel, const char *platform,
                      const char *set)
{
    bdb_params tags = {0};
    bdb_params_set(&tags, "lab", "%s", "a");
    bdb_import_opts o = {0};
    o.platform = platform;
    o.set = set;
    o.set_tags = set ? &tags : NULL;
    bdb_import_result r;
    if (bdb_import_file(st, tu_path(rel), &o, &r))
        fail_msg("%s: %s", rel, r.diag.message);
}

static void import_as(bdb_store *st, const char *rel, const char *platform)
{
    import_in(st, rel, platform, NULL);
}

/* Three platforms, two tools, real samples (the same bytes cannot be
 * imported twice, so each platform gets other files of the tool). */
static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    bdb_store *st = tu_fresh_store(fx->dir, sizeof fx->dir);
    snprintf(fx->db, sizeof fx->db, "%s/r.sqlite", fx->dir);
    import_in(st, "samples/ab/html-c1.txt", "arm", "lab-a");
    import_in(st, "samples/ab/bin-keepalive-c4.txt", "x86", "lab-a");
    import_as(st, "samples/ab/failed-nginx-restart-r-c10.txt", "atom");
    import_in(st, "samples/wrk/bin-latency-t2-c10.txt", "arm", "lab-a");
    import_as(st, "samples/wrk/html-latency-t2-c10.txt", "x86");
    bdb_store_close(st);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    free(*state);
    forget_captured();
    return 0;
}

/* Builds the report model with the filter while recording the store's
 * statements; returns how many series it holds. */
static size_t record_report(const fixture *fx, const bdb_filter *filter)
{
    forget_captured();
    sqlite3_auto_extension((void (*)(void))install_trace);
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open_mode(&st, fx->db, BDB_STORE_READ_ONLY, &d),
                     BDB_OK);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.platforms = filter->platforms;
    o.filter = *filter;
    o.min_platforms = 1;
    bdb_model *m = NULL;
    int rc = bdb_model_build(st, &o, &m, &d);
    if (rc)
        fail_msg("report model: %s", d.message);
    size_t n = m->nseries;
    assert_true(n > 0);
    bdb_model_free(m);
    bdb_store_close(st);
    sqlite3_reset_auto_extension();
    return n;
}

/* Builds the report model with the filter while recording the store's
 * statements; then checks the plan of each one that reads results. */
static void check_plans(const fixture *fx, const char *platforms,
                        const char *tool)
{
    bdb_filter f = {.platforms = platforms, .tool = tool};
    record_report(fx, &f);

    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(fx->db, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    size_t on_results = 0;
    for (size_t i = 0; i < ncaptured; i++) {
        /* the platform names and the warnings probe source_platforms,
         * a row per source and platform with results (schemas/011),
         * by alias r too: its scans are caught alike */
        if (!strstr(captured[i], "results") &&
            !strstr(captured[i], "source_platforms"))
            continue;
        on_results++;
        char why[4096] = "";
        if (count_results_scans(db, captured[i], why, sizeof why))
            fail_msg("platforms %s, tool %s: a report query scans results: %s",
                     platforms ? platforms : "(all)", tool ? tool : "(all)",
                     why);
    }
    /* the hook saw the report's queries: groups, platform names, warnings
     * (on results or source_platforms) */
    if (on_results < 3)
        fail_msg("only %zu statements on results were recorded", on_results);
    sqlite3_close(db);
}

/* Plans sql on db; returns how many of its subqueries do not depend on
 * the outer row (SQLite runs such a one once per execution of sql) and
 * puts the last, with the statement, into why. */
static int count_uncorrelated_subqueries(sqlite3 *db, const char *sql,
                                         char *why, size_t whysz)
{
    size_t len = strlen(sql) + 32;
    char *q = malloc(len);
    assert_non_null(q);
    snprintf(q, len, "EXPLAIN QUERY PLAN %s", sql);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(db, q, -1, &s, NULL) != SQLITE_OK)
        fail_msg("cannot plan %s: %s", sql, sqlite3_errmsg(db));
    int n = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
        const char *detail = (const char *)sqlite3_column_text(s, 3);
        if (detail && strstr(detail, "SUBQUERY") &&
            !strstr(detail, "CORRELATED")) {
            n++;
            snprintf(why, whysz, "%s\n  in: %s", detail, sql);
        }
    }
    sqlite3_finalize(s);
    free(q);
    return n;
}

/* Issue 23, item 8: `report --set` (and `efficiency --set`, which builds
 * the same model) ran the set's subquery, every source of the set, once
 * per series: 1.3 s became 68.5 s on 94k series. A statement the model
 * runs once per series holds no work that does not depend on the series;
 * since the groups come from one ordered scan (store_groups.c), the model
 * runs no statement per series at all. */
static void perf_plan__set_filter__no_per_series_subquery(void **state)
{
    const fixture *fx = *state;
    bdb_params tags = {0};
    bdb_params_set(&tags, "lab", "%s", "a");
    const bdb_filter filters[] = {{.set = "lab-a"}, {.tags = &tags},
                                  {.set = "lab-a", .tool = "ab"}};
    for (size_t k = 0; k < sizeof filters / sizeof filters[0]; k++) {
        size_t nseries = record_report(fx, &filters[k]);
        assert_true(nseries >= 2);
        sqlite3 *db;
        assert_int_equal(sqlite3_open_v2(fx->db, &db, SQLITE_OPEN_READONLY,
                                         NULL), SQLITE_OK);
        size_t per_series = 0;
        for (size_t i = 0; i < ncaptured; i++) {
            if (runs[i] < nseries)
                continue;
            per_series++;
            char why[4096] = "";
            if (count_uncorrelated_subqueries(db, captured[i], why, sizeof why))
                fail_msg("filter %zu: a statement run %u times for %zu series "
                         "repeats a subquery: %s", k, runs[i], nseries, why);
        }
        /* the groups are one scan, not a statement per series */
        assert_int_equal(per_series, 0);
        sqlite3_close(db);
    }
}

/* The check can fail: a statement with the set terms as they were. */
static void perf_plan__subquery_checker__flags_a_set_subquery(void **state)
{
    const fixture *fx = *state;
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(fx->db, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    char why[4096];
    assert_true(count_uncorrelated_subqueries(
                    db,
                    "SELECT r.value FROM results r WHERE r.source_id IN "
                    "(SELECT fs.id FROM sources fs JOIN sets fst ON fst.id = "
                    "fs.set_id WHERE fst.name = 'lab-a') AND r.series_id = 1",
                    why, sizeof why) > 0);
    assert_int_equal(count_uncorrelated_subqueries(
                         db,
                         "SELECT r.value FROM results r WHERE EXISTS (SELECT 1 "
                         "FROM sources fs JOIN sets fst ON fst.id = fs.set_id "
                         "WHERE fs.id = r.source_id AND fst.name = 'lab-a') "
                         "AND r.series_id = 1",
                         why, sizeof why), 0);
    sqlite3_close(db);
}

static void perf_plan__platform_filter__searches_results_by_index(void **state)
{
    check_plans(*state, "arm,x86", NULL);
}

static void perf_plan__tool_filter__searches_results_by_index(void **state)
{
    check_plans(*state, NULL, "ab");
}

static void perf_plan__platform_and_tool_filter__searches_results_by_index(void **state)
{
    check_plans(*state, "x86,atom", "ab");
}

static void perf_plan__no_filter__searches_results_by_index(void **state)
{
    check_plans(*state, NULL, NULL);
}

/* The check itself can fail: the pre-003 way of filtering by platform
 * name, and a plain scan, are both caught. */
static void perf_plan__checker__flags_a_scan_of_results(void **state)
{
    const fixture *fx = *state;
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(fx->db, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    char why[4096];
    assert_true(count_results_scans(
                    db,
                    "SELECT DISTINCT coalesce(p.name, '') FROM results r "
                    "JOIN series s ON s.id = r.series_id LEFT JOIN platforms p "
                    "ON p.id = r.platform_id WHERE coalesce(p.name, '') IN "
                    "('arm', 'x86')",
                    why, sizeof why) > 0);
    assert_true(count_results_scans(db, "SELECT sum(value) FROM results",
                                    why, sizeof why) > 0);
    assert_int_equal(count_results_scans(db, "SELECT value FROM results "
                                             "WHERE series_id = 1",
                                         why, sizeof why),
                     0);
    sqlite3_close(db);
}

/* Three repetitions on each of two platforms (made-up numbers: this is
 * about the model's work, not about a tool's output). */
static const char reps_csv[] =
    "platform,tool,benchmark,metric,value,unit,parameters,repetition\n"
    "a,wrk,/,requests_per_sec,1000,op/s,concurrency=10,1\n"
    "a,wrk,/,requests_per_sec,1040,op/s,concurrency=10,2\n"
    "a,wrk,/,requests_per_sec,980,op/s,concurrency=10,3\n"
    "b,wrk,/,requests_per_sec,1500,op/s,concurrency=10,1\n"
    "b,wrk,/,requests_per_sec,1450,op/s,concurrency=10,2\n"
    "b,wrk,/,requests_per_sec,1580,op/s,concurrency=10,3\n"
    "a,wrk,/x,requests_per_sec,700,op/s,concurrency=10,1\n"
    "a,wrk,/x,requests_per_sec,720,op/s,concurrency=10,2\n"
    "a,wrk,/x,requests_per_sec,690,op/s,concurrency=10,3\n"
    "b,wrk,/x,requests_per_sec,800,op/s,concurrency=10,1\n"
    "b,wrk,/x,requests_per_sec,830,op/s,concurrency=10,2\n"
    "b,wrk,/x,requests_per_sec,790,op/s,concurrency=10,3\n";

static bdb_model *build_reps(bdb_store *st, int no_ci)
{
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "a";
    o.no_speedup_ci = no_ci;
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    return m;
}

static void perf_plan__no_speedup_ci__skips_only_the_speedup_bootstrap(void **state)
{
    (void)state;
    char dir[600];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    tu_import_text(st, dir, "reps.csv", reps_csv);
    bdb_model *full = build_reps(st, 0), *lean = build_reps(st, 1);
    assert_int_equal(full->nseries, 2);
    assert_int_equal(lean->nseries, 2);
    const bdb_rseries *fser = &full->series[0], *lser = &lean->series[0];
    const bdb_cell *f = &fser->cells[1], *l = &lser->cells[1];
    assert_true(f->compared && l->compared);
    /* shown by outputs with intervals: a real interval around the ratio */
    assert_true(isfinite(bdb_cell_speedup_lo(fser, 1)) &&
                isfinite(bdb_cell_speedup_hi(fser, 1)));
    assert_true(bdb_cell_speedup_lo(fser, 1) < f->speedup &&
                f->speedup < bdb_cell_speedup_hi(fser, 1));
    /* not computed for the others, nor held */
    assert_true(isnan(bdb_cell_speedup_lo(lser, 1)) &&
                isnan(bdb_cell_speedup_hi(lser, 1)));
    assert_null(lser->ci);
    /* everything else is the same */
    assert_true(l->speedup == f->speedup);
    bdb_ttest fw, lw;
    bdb_utest fm, lm;
    assert_int_equal(bdb_cell_tests(full, &full->series[0], 1, &fw, &fm), 0);
    assert_int_equal(bdb_cell_tests(lean, &lean->series[0], 1, &lw, &lm), 0);
    assert_true(lw.p == fw.p &&
                bdb_cell_p_adj(lser, 1) == bdb_cell_p_adj(fser, 1));
    assert_true(lm.p == fm.p);
    assert_int_equal(l->verdict, f->verdict);
    bdb_summary fs, ls;
    assert_int_equal(bdb_cell_summary(full, f, &fs), 0);
    assert_int_equal(bdb_cell_summary(lean, l, &ls), 0);
    assert_true(l->mean == f->mean && ls.mean == fs.mean && ls.median == fs.median);
    assert_true(ls.median_ci_lo == fs.median_ci_lo);
    assert_int_equal(lean->nscores, full->nscores);
    assert_true(full->nscores > 0);
    for (size_t i = 0; i < full->nscores; i++) {
        assert_true(lean->scores[i].g.geomean == full->scores[i].g.geomean);
        /* scores are shown with their interval everywhere */
        assert_true(isfinite(full->scores[i].g.ci_lo));
        assert_true(lean->scores[i].g.ci_lo == full->scores[i].g.ci_lo);
        assert_true(lean->scores[i].g.ci_hi == full->scores[i].g.ci_hi);
    }
    bdb_model_free(full);
    bdb_model_free(lean);
    bdb_store_close(st);
}

/* The JSON report is written series by series; its bytes are those of
 * the whole document dumped at once (parsed back and dumped again with the
 * renderer's flags, the text does not change): separators, indentation
 * and key order included. */
static void perf_plan__json_written_by_series__equals_the_whole_dump(void **state)
{
    (void)state;
    char dir[600];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    tu_import_text(st, dir, "reps.csv", reps_csv);
    bdb_model *m = build_reps(st, 0);
    assert_true(m->nseries >= 2);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_json(m, NULL, &out), BDB_OK);
    json_error_t err;
    json_t *doc = json_loads(out.data, 0, &err);
    if (!doc)
        fail_msg("not JSON: %s at line %d", err.text, err.line);
    assert_int_equal(json_array_size(json_object_get(doc, "series")), m->nseries);
    char *again = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
                                      JSON_REAL_PRECISION(12));
    assert_non_null(again);
    size_t n = strlen(again);
    assert_int_equal(out.len, n + 1);
    assert_memory_equal(out.data, again, n);
    assert_int_equal(out.data[n], '\n');
    free(again);
    json_decref(doc);
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* Sweeps are found by sorting series into classes instead of comparing
 * every pair; what they are must not change: two classes of the same
 * benchmark (keepalive 0 and 1) interleaved in series order, a class of
 * two that is no sweep, a second key (threads) taking only series the
 * first left over, sweeps in the order of their first series, each by
 * value. */
static void perf_plan__sweeps__classes_order_and_leftovers(void **state)
{
    (void)state;
    char dir[600];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    static const char csv[] =
        "platform,tool,benchmark,metric,value,unit,parameters\n"
        "a,wrk,/,rps,1,op/s,concurrency=100;keepalive=1\n"
        "b,wrk,/,rps,2,op/s,concurrency=100;keepalive=1\n"
        "a,wrk,/,rps,1,op/s,concurrency=10;keepalive=0\n"
        "b,wrk,/,rps,2,op/s,concurrency=10;keepalive=0\n"
        "a,wrk,/,rps,1,op/s,concurrency=1;keepalive=1\n"
        "b,wrk,/,rps,2,op/s,concurrency=1;keepalive=1\n"
        "a,wrk,/,rps,1,op/s,concurrency=50;keepalive=0\n"
        "b,wrk,/,rps,2,op/s,concurrency=50;keepalive=0\n"
        "a,wrk,/,rps,1,op/s,concurrency=20;keepalive=1\n"
        "b,wrk,/,rps,2,op/s,concurrency=20;keepalive=1\n"
        "a,wrk,/,rps,1,op/s,concurrency=5;keepalive=0\n"
        "b,wrk,/,rps,2,op/s,concurrency=5;keepalive=0\n"
        "a,wrk,/x,rps,1,op/s,concurrency=1\n"
        "b,wrk,/x,rps,2,op/s,concurrency=1\n"
        "a,wrk,/x,rps,1,op/s,concurrency=2\n"
        "b,wrk,/x,rps,2,op/s,concurrency=2\n"
        "a,time,t,real,1,s,threads=4\n"
        "b,time,t,real,2,s,threads=4\n"
        "a,time,t,real,1,s,threads=1\n"
        "b,time,t,real,2,s,threads=1\n"
        "a,time,t,real,1,s,threads=2\n"
        "b,time,t,real,2,s,threads=2\n";
    tu_import_text(st, dir, "sweeps.csv", csv);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "a";
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    assert_int_equal(m->nsweeps, 3);
    /* series are in (tool, benchmark, metric, params) order: the
     * concurrency=1;keepalive=1 series comes first, so its class first */
    static const char *const want[3][3] = {
        {"concurrency=1,keepalive=1", "concurrency=20,keepalive=1",
         "concurrency=100,keepalive=1"},
        {"concurrency=5,keepalive=0", "concurrency=10,keepalive=0",
         "concurrency=50,keepalive=0"},
        {"threads=1", "threads=2", "threads=4"}};
    static const char *const keys[3] = {"concurrency", "concurrency", "threads"};
    for (size_t w = 0; w < 3; w++) {
        assert_string_equal(m->sweeps[w].key, keys[w]);
        assert_int_equal(m->sweeps[w].n, 3);
        for (size_t i = 0; i < 3; i++)
            assert_string_equal(m->series[m->sweeps[w].series[i]].params, want[w][i]);
    }
    assert_string_equal(m->sweeps[0].label, "wrk / rps (keepalive=1)");
    assert_string_equal(m->sweeps[1].label, "wrk / rps (keepalive=0)");
    /* the two /x series are no sweep */
    for (size_t s = 0; s < m->nseries; s++)
        if (strcmp(m->series[s].benchmark, "/x") == 0)
            assert_int_equal(m->series[s].sweep, -1);
    bdb_model_free(m);
    bdb_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perf_plan__platform_filter__searches_results_by_index),
        cmocka_unit_test(perf_plan__tool_filter__searches_results_by_index),
        cmocka_unit_test(perf_plan__platform_and_tool_filter__searches_results_by_index),
        cmocka_unit_test(perf_plan__no_filter__searches_results_by_index),
        cmocka_unit_test(perf_plan__checker__flags_a_scan_of_results),
        cmocka_unit_test(perf_plan__set_filter__no_per_series_subquery),
        cmocka_unit_test(perf_plan__subquery_checker__flags_a_set_subquery),
        cmocka_unit_test(perf_plan__no_speedup_ci__skips_only_the_speedup_bootstrap),
        cmocka_unit_test(perf_plan__json_written_by_series__equals_the_whole_dump),
        cmocka_unit_test(perf_plan__sweeps__classes_order_and_leftovers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
