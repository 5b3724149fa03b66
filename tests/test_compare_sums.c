/* test_compare_sums.c - benchdb serve's compare page is built from the
 * database's sums (bdb_compare_build_sums): the same rows in the same
 * order, with the same counts, means, intervals, deltas, Welch p, verdicts
 * and geometric mean as benchdb compare's table from every value; the
 * Mann-Whitney p left out. Real openssl runs of two run sets (5 a side,
 * tests/fixtures/lifecycle/openssl-cpulimit) and ab's runs with
 * keep-alive (nginx-keepalive/on, four a side: counts, times, rates;
 * values of 0 among them), compared as sets and as platforms, the
 * platforms also from the sums kept in memory, by glob and for one tool. */
#include "test_util.h"
#include "../report/analysis/compare.h"
#include "../store/store.h"
#include "../store/store_means.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void close_to(double a, double b)
{
    if (isnan(a) && isnan(b))
        return;
    if (!(fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b)) + 1e-12))
        fail_msg("%.17g is not %.17g", a, b);
}

static void same_table(bdb_store *st, bdb_cmp_kind kind, const char *old_name,
                       const char *new_name, const char *tool)
{
    bdb_compare_opts o = {0};
    o.filter.tool = tool;
    o.threshold = -1;
    o.old_side = (bdb_cmp_side){kind, old_name};
    o.new_side = (bdb_cmp_side){kind, new_name};
    bdb_compare *v = NULL, *s = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_compare_build(st, &o, &v, &d))
        fail_msg("%s", d.message);
    assert_int_equal(bdb_compare_build_sums(st, &o, &s, &d), BDB_OK);
    print_message("%zu rows\n", v->n);
    assert_true(v->n >= 10);
    assert_int_equal(s->n, v->n);
    assert_int_equal(s->only_old, v->only_old);
    assert_int_equal(s->only_new, v->only_new);
    assert_int_equal(s->nregressions, v->nregressions);
    assert_int_equal(s->nimprovements, v->nimprovements);
    size_t decided = 0;
    for (size_t i = 0; i < v->n; i++) {
        const bdb_cmp_row *a = &v->rows[i], *b = &s->rows[i];
        assert_string_equal(b->tool, a->tool);
        assert_string_equal(b->benchmark, a->benchmark);
        assert_string_equal(b->metric, a->metric);
        assert_string_equal(b->params, a->params);
        assert_string_equal(b->platform, a->platform);
        assert_int_equal(b->n_old, a->n_old);
        assert_int_equal(b->n_new, a->n_new);
        close_to(b->old_s.mean, a->old_s.mean);
        close_to(b->new_s.mean, a->new_s.mean);
        close_to(b->old_s.sd, a->old_s.sd);
        close_to(b->new_s.mean_ci_lo, a->new_s.mean_ci_lo);
        close_to(b->old_s.min, a->old_s.min);
        close_to(b->new_s.max, a->new_s.max);
        close_to(b->delta, a->delta);
        close_to(b->delta_lo, a->delta_lo);
        close_to(b->delta_hi, a->delta_hi);
        close_to(b->welch.p, a->welch.p);
        close_to(b->p_welch, a->p_welch);
        assert_int_equal(b->verdict, a->verdict);
        assert_true(isnan(b->p_mw));
        assert_null(b->old_v);
        decided += a->verdict == BDB_CMP_BETTER || a->verdict == BDB_CMP_WORSE;
    }
    assert_true(decided > 0);   /* the slowdown is there to be found */
    close_to(s->geo.geomean, v->geo.geomean);
    bdb_compare_free(v);
    bdb_compare_free(s);
}

static int join_name(const char *name, void *ctx)
{
    bdb_buf_printf(ctx, "[%s]", name);
    return 0;
}

static int join_series(const bdb_series_row *r, void *ctx)
{
    bdb_buf_printf(ctx, "%lld|%s|%s|%s|%s|%s|%d\n", r->id, r->tool,
                   r->benchmark, r->metric, r->params, r->unit, r->better);
    return 0;
}

/* The platforms (series 0) or the series' names (1) of f on st. */
static void names_of(bdb_store *st, const bdb_filter *f, int series,
                     bdb_buf *out)
{
    bdb_buf_init(out);
    assert_int_equal(series ? bdb_store_series_names_each(st, f, join_series,
                                                          out)
                            : bdb_store_platform_names_each(st, f, join_name,
                                                            out),
                     BDB_OK);
}

/* The platforms and the series names of f as the database gives them (a
 * store without the copy) and as st gives them (with it). */
static void same_names(bdb_store *st, const char *db, const bdb_filter *f,
                       int some)
{
    bdb_store *plain;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&plain, db, &d), BDB_OK);
    for (int series = 0; series < 2; series++) {
        bdb_buf a, b;
        names_of(plain, f, series, &a);
        names_of(st, f, series, &b);
        assert_string_equal(b.data ? b.data : "", a.data ? a.data : "");
        if (!series)
            assert_true(some ? a.len > 0 : a.len == 0);
        bdb_buf_free(&a);
        bdb_buf_free(&b);
    }
    bdb_store_close(plain);
}

typedef struct named {
    long long id;
    char key[600];
} named;

typedef struct names_list {
    named v[512];
    size_t n;
} names_list;

static int keep_named(const bdb_series_row *r, void *ctx)
{
    names_list *l = ctx;
    assert_true(l->n < 512);
    named *x = &l->v[l->n++];
    x->id = r->id;
    snprintf(x->key, sizeof x->key, "%s\x1f%s\x1f%s\x1f%s", r->tool,
             r->benchmark, r->metric, r->params);
    return 0;
}

static int cmp_named(const void *a, const void *b)
{
    return strcmp(((const named *)a)->key, ((const named *)b)->key);
}

/* A tool page's series (bdb_store_series_page), pages of 7 one after the
 * other: every series of f once, in the report's order (tool, benchmark,
 * metric, parameters, byte by byte), and the count of them. */
static void pages_in_order(bdb_store *st, const bdb_filter *f)
{
    static names_list all;
    all.n = 0;
    assert_int_equal(bdb_store_series_names_each(st, f, keep_named, &all),
                     BDB_OK);
    assert_true(all.n > 7);
    qsort(all.v, all.n, sizeof all.v[0], cmp_named);
    size_t at = 0;
    for (size_t page = 0;; page++) {
        long long *ids = NULL;
        size_t n = 0, total = 0;
        assert_int_equal(bdb_store_series_page(st, f, page * 7, 7, &ids, &n,
                                               &total), BDB_OK);
        assert_int_equal(total, all.n);
        assert_true(n <= 7);
        for (size_t i = 0; i < n; i++, at++)
            assert_int_equal(ids[i], all.v[at].id);
        free(ids);
        if (n < 7)
            break;
    }
    assert_int_equal(at, all.n);
}

/* The runs imported into the databases at db (as run sets on one
 * platform) and db2 (as two platforms), then compared from their values,
 * their sums and the sums a server keeps in memory. */
static void check_both(const char *db, const char *db2)
{
    static const char *const sets[] = {"base", "limited"};
    bdb_buf out;
    bdb_buf_init(&out);
    for (int i = 0; i < 2; i++) {
        char rel[200], files[2048] = "";
        snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/openssl-cpulimit/%s",
                 sets[i]);
        snprintf(files, sizeof files, "'%s'", tu_path(rel));
        /* and ab's runs with keep-alive, the first four in one set, the
         * next four in the other */
        for (int r = 1; r <= 4; r++) {
            size_t at = strlen(files);
            snprintf(rel, sizeof rel, "tests/fixtures/lifecycle/nginx-keepalive/"
                     "on/ab-k-c10-run%d.txt", r + 4 * i);
            snprintf(files + at, sizeof files - at, " '%s'", tu_path(rel));
        }
        /* as sets on one platform, and as two platforms */
        assert_int_equal(tu_run(&out, "--db '%s' import -q --repetitions "
                                      "--platform local --set %s %s", db,
                                sets[i], files), 0);
        assert_int_equal(tu_run(&out, "--db '%s' import -q --repetitions "
                                      "--platform %s %s", db2, sets[i], files),
                         0);
    }
    bdb_buf_free(&out);
    bdb_store *st;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_store_open(&st, db, &d), BDB_OK);
    same_table(st, BDB_CMP_SET, "base", "limited", NULL);
    /* run sets from the copy a server keeps too: each cell's sums per
     * source, a set's side pooled from its sources */
    size_t cells;
    assert_int_equal(bdb_store_means_warm(st, &cells), BDB_OK);
    assert_true(cells > 10);
    same_table(st, BDB_CMP_SET, "base", "limited", NULL);
    same_table(st, BDB_CMP_SET, "base", "limit*", "ab");
    /* the platforms and names of a selection from that copy: as the
     * database's */
    bdb_filter f = {0};
    same_names(st, db, &f, 1);
    f.set = "limited";
    same_names(st, db, &f, 1);
    f.tool = "ab";
    same_names(st, db, &f, 1);
    f.set = "no-such-set";
    same_names(st, db, &f, 0);
    bdb_store_close(st);
    assert_int_equal(bdb_store_open(&st, db2, &d), BDB_OK);
    same_table(st, BDB_CMP_PLATFORM, "base", "limited", NULL);
    /* from the sums a server keeps in memory (bdb_store_means_warm): a
     * platform side as a glob, and one tool's series out of the copy of
     * every series */
    assert_int_equal(bdb_store_means_warm(st, &cells), BDB_OK);
    assert_true(cells > 10);
    same_table(st, BDB_CMP_PLATFORM, "ba*", "limited", "ab");
    same_table(st, BDB_CMP_PLATFORM, "base", "limit?d", NULL);
    bdb_filter g = {0};
    same_names(st, db2, &g, 1);
    g.platforms = "lim*";
    same_names(st, db2, &g, 1);
    g.platforms = NULL;
    g.tool = "openssl*";
    same_names(st, db2, &g, 1);
    g.tool = "no-such-tool";
    same_names(st, db2, &g, 0);
    /* a tool page's series, page after page */
    bdb_filter h = {0};
    pages_in_order(st, &h);
    h.tool = "a?";
    pages_in_order(st, &h);
    bdb_store_close(st);
}

static void compare_sums__sets_and_platforms__same_table_as_from_values(void **state)
{
    (void)state;
    char dir[1024], db[1100], db2[1100];
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    bdb_store_close(st);
    snprintf(db, sizeof db, "%s/r.sqlite", dir);
    snprintf(db2, sizeof db2, "%s/p.sqlite", dir);
    check_both(db, db2);
}

/* The same on PostgreSQL (BDB_TEST_PG_URL; skipped without a server). */
static void compare_sums__on_postgresql__same_table_as_from_values(void **state)
{
    (void)state;
    const char *base = getenv("BDB_TEST_PG_URL");
    if (!base || !*base) {
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("BDB_TEST_PG_URL is not set and CI=true");
        print_message("no PostgreSQL server (BDB_TEST_PG_URL): skipped\n");
        skip();
        return;
    }
    char db[1100], db2[1100];
    tu_pg_new_database(base, "sums_sets", db, sizeof db);
    tu_pg_new_database(base, "sums_plat", db2, sizeof db2);
    check_both(db, db2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compare_sums__sets_and_platforms__same_table_as_from_values),
        cmocka_unit_test(compare_sums__on_postgresql__same_table_as_from_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
