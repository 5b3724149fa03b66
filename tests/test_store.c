/* test_store.c - the store through its public API: migrations, platforms,
 * atomic per-source import, duplicates, filters and reparse. */
#include "test_util.h"

#include "../import/import.h"
#include "../store/store.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char db_path[512];

static int setup(void **state)
{
    (void)state;
    snprintf(db_path, sizeof db_path, "%s/test.sqlite", tu_tmpdir());
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
}

static void store__database_of_schema_1__upgrades_and_keeps_data(void **state)
{
    (void)state;
    /* tests/fixtures/store/schema-v1.sqlite was made by benchdb at schema
     * version 1 (seed figures imported, platform imx6 added). */
    size_t len;
    char *bytes = tu_read("tests/fixtures/store/schema-v1.sqlite", &len);
    FILE *f = fopen(db_path, "wb");
    assert_non_null(f);
    fwrite(bytes, 1, len, f);
    fclose(f);
    free(bytes);
    bdb_store *st = open_db();
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
    add_sample(&sink, "/a", "requests_per_sec", NAN, "2");
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
    assert_int_equal(bdb_store_source_ids(st, &ids, &n), 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(store__newer_schema__is_refused, setup),
        cmocka_unit_test_setup(store__schema_version__is_the_latest_migration, setup),
        cmocka_unit_test_setup(store__database_of_schema_1__upgrades_and_keeps_data, setup),
        cmocka_unit_test_setup(store__platform_merge__keeps_fields_not_given, setup),
        cmocka_unit_test_setup(store__bad_sample__leaves_nothing_of_the_source, setup),
        cmocka_unit_test_setup(store__unit_conflict_in_a_series__is_refused, setup),
        cmocka_unit_test_setup(import__file_twice__second_time_is_a_no_op, setup),
        cmocka_unit_test_setup(import__reparse__replaces_results_from_stored_bytes, setup),
        cmocka_unit_test_setup(import__sysinfo_beside_logs__fills_the_platform, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
