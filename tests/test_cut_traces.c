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

/* The first 16 lines of samples/iperf/cmdline-tcp-P2-enhanced-i1.txt:
 * its two seconds of intervals, cut before the 0.0000-2.00xx finals. */
#define FULL_RUN "samples/iperf/cmdline-tcp-P2-enhanced-i1.txt"
#define FULL_RUN_CUT_AT 16

static void write_cut_run(void)
{
    size_t len;
    char *text = tu_read(FULL_RUN, &len);
    size_t end = 0;
    for (int n = 0; end < len && n < FULL_RUN_CUT_AT; end++)
        if (text[end] == '\n')
            n++;
    FILE *f = fopen(cut_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, end, f), end);
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
    static int k;
    char name[64], cmd[1024];
    snprintf(name, sizeof name, "bdb_cut_%ld_%d", (long)getpid(), ++k);
    snprintf(cmd, sizeof cmd, "psql '%s' -qAtX -c 'CREATE DATABASE %s' "
             ">/dev/null", base, name);
    if (system(cmd) != 0)
        fail_msg("psql failed: %s", cmd);
    tu_url_with_db(base, name, out, n);
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

typedef struct pt {
    char series[240], what[32], label[32];
    int repetition, line;
    long long seq, source;
    double start, end, value;
} pt;

typedef struct pts {
    pt v[256];
    int n;
} pts;

static int keep_point(const bdb_trace_row *r, void *ctx)
{
    pts *p = ctx;
    if (p->n >= (int)(sizeof p->v / sizeof p->v[0]))
        fail_msg("more trace points than the test keeps");
    pt *x = &p->v[p->n++];
    snprintf(x->series, sizeof x->series, "%s/%s/%s/%s", r->tool,
             r->benchmark, r->metric, r->params);
    snprintf(x->what, sizeof x->what, "%s", r->what);
    snprintf(x->label, sizeof x->label, "%s", r->label);
    x->repetition = r->repetition;
    x->line = r->line;
    x->seq = r->seq;
    x->source = r->source_id;
    x->start = r->start;
    x->end = r->end;
    x->value = r->value;
    return 0;
}

static void points_of(bdb_store *st, long long source, pts *p)
{
    p->n = 0;
    assert_int_equal(bdb_store_traces_each(st, source, NULL, keep_point, p),
                     0);
}

/* Line n (1-based) of the file at path. */
static void line_of(const char *path, int n, char *out, size_t outsz)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    for (int i = 1; fgets(out, (int)outsz, f); i++)
        if (i == n) {
            fclose(f);
            return;
        }
    fclose(f);
    fail_msg("%s has no line %d", path, n);
}

/* "[  2] 0.0000-1.0000 sec   430 MBytes  3.61 Gbits/sec": the stream,
 * the interval, the transfer in bytes and the rate in bit/s. */
static void read_line(const char *line, char *id, double *a, double *b,
                      double *bytes, double *bps)
{
    char unit[16], runit[16];
    double x, y;
    if (sscanf(line, " [%15[^]]] %lf-%lf sec %lf %15s %lf %15s", id, a, b,
               &x, unit, &y, runit) != 7)
        fail_msg("not an interval line: %s", line);
    double k = unit[0] == 'G' ? 1024.0 * 1024 * 1024
               : unit[0] == 'M' ? 1024.0 * 1024 : unit[0] == 'K' ? 1024 : 1;
    double r = runit[0] == 'G' ? 1e9 : runit[0] == 'M' ? 1e6
               : runit[0] == 'K' ? 1e3 : 1;
    *bytes = x * k;
    *bps = y * r;
    char *s = id;
    while (*s == ' ')
        s++;
    memmove(id, s, strlen(s) + 1);
}

/* Every point stands on an interval line of the raw text: its interval,
 * stream, rate and transfer; a stream's point is on its stream=N series,
 * the [SUM]'s on the run's (a run of one stream: the stream's too); in
 * line order, seq 1, 2, ... per series, the run's own repetition 1;
 * interval_lines lines read in all. */
static void check_against_text(const pts *p, const char *path,
                               int interval_lines, int streams)
{
    int lines_seen = 0, last_line = 0;
    char last_series[240] = "";
    long long last_seq = 0;
    for (int i = 0; i < p->n; i++) {
        const pt *x = &p->v[i];
        if (strcmp(x->series, last_series) != 0) {
            snprintf(last_series, sizeof last_series, "%s", x->series);
            last_seq = 0;
            last_line = 0;
        }
        assert_true(x->seq == last_seq + 1);
        last_seq = x->seq;
        assert_true(x->line >= last_line);
        if (x->line != last_line)
            lines_seen++;
        last_line = x->line;
        assert_int_equal(x->repetition, 1);
        char line[512], id[16];
        double a, b, bytes, bps;
        line_of(path, x->line, line, sizeof line);
        read_line(line, id, &a, &b, &bytes, &bps);
        tu_assert_close(x->start, a, 1e-9, "interval start");
        tu_assert_close(x->end, b, 1e-9, "interval end");
        char want[40];
        snprintf(want, sizeof want, strcmp(id, "SUM") ? "stream %s" : "%s",
                 id);
        if (strncmp(x->label, want, strlen(want)) != 0)
            fail_msg("line %d: label '%s', the line's stream is [%s]",
                     x->line, x->label, id);
        if (!strcmp(x->what, "throughput"))
            tu_assert_close(x->value, bps, 1e-9, line);
        if (!strcmp(x->what, "transfer"))
            tu_assert_close(x->value, bytes, 1e-9, line);
        if (strcmp(id, "SUM") != 0 && streams > 1)
            assert_non_null(strstr(x->series, "stream="));
        else
            assert_null(strstr(x->series, "stream="));
    }
    assert_int_equal(lines_seen, interval_lines);
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
    pts *p = calloc(1, sizeof *p);
    for (int k = 0; k < 2; k++) {
        size_t nres = 99;
        long long id = import_as(st, rel[k], "lab", &nres);
        assert_int_equal(nres, 0);
        points_of(st, id, p);
        check_against_text(p, tu_path(rel[k]), lines[k], k == 0 ? 2 : 1);
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

static int same_points(const pts *a, const pts *b)
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
    pts *before = calloc(1, sizeof *before), *after = calloc(1, sizeof *after);
    points_of(st, 0, before);
    assert_int_equal(before->n, 6 * 2);
    int changed = 0;
    bdb_import_result r;
    assert_int_equal(bdb_import_reparse(st, id, 1, &changed, &r), 0);
    assert_int_equal(changed, 1);
    points_of(st, 0, after);
    assert_true(same_points(after, before));
    bdb_store *to = open_at(db2_path);
    bdb_copy_stats cs;
    memset(&cs, 0, sizeof cs);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_copy(st, to, &cs, NULL, NULL, &d), 0);
    points_of(to, 0, after);
    assert_true(same_points(after, before));
    check_against_text(after, tu_path(rel), 6, 2);
    bdb_store_close(to);
    assert_int_equal(bdb_store_source_delete(st, id), 0);
    points_of(st, 0, after);
    assert_int_equal(after->n, 0);
    id = import_as(st, rel, "lab", NULL);
    points_of(st, id, after);
    check_against_text(after, tu_path(rel), 6, 2);
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
    pts *c = calloc(1, sizeof *c), *f = calloc(1, sizeof *f);
    points_of(st, cut, c);
    points_of(st, full, f);
    check_against_text(c, cut_path, 6, 2);
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
    return failed;
}
