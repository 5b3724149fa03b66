/* test_report.c - the report model and its renderers through the public
 * API: oriented ratios, significance and its absence, sweeps, scores,
 * normalisation, efficiency, and that every format tells the same story
 * and escapes text from logs. The figures come from the seeds' published
 * numbers (samples/published) and from small results CSVs written here
 * with known values. */
#include "test_util.h"

#include "../report/render/chart.h"

#include "../report/analysis/model.h"
#include "../report/render/numfmt.h"
#include "../report/render/render.h"
#include "../import/import.h"
#include "../store/store.h"

#include <float.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



static double match_of(const bdb_model *m, const bdb_cell *c, int what)
{
    bdb_match mt;
    (void)tu_cell_eff(m, c, &mt);
    return what == 0 ? mt.count : what == 1 ? mt.price : mt.power_w;
}

static char dir[512];

#define fresh_store() tu_fresh_store(dir, sizeof dir)
#define import_text(st, name, text) tu_import_text(st, dir, name, text)



static void import_sample(bdb_store *st, const char *rel)
{
    bdb_import_opts o = {0};
    bdb_import_result r;
    if (bdb_import_file(st, tu_path(rel), &o, &r))
        fail_msg("%s: %s", rel, r.diag.message);
}

static bdb_model *build(bdb_store *st, const char *baseline, const char *platforms)
{
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = baseline;
    o.platforms = platforms;
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    return m;
}

static const bdb_rseries *series(const bdb_model *m, const char *bench,
                                 const char *metric, const char *params)
{
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (strcmp(se->benchmark, bench) == 0 && strcmp(se->metric, metric) == 0 &&
            (!params || strcmp(se->params, params) == 0))
            return se;
    }
    fail_msg("no series %s %s", bench, metric);
    return NULL;
}

static size_t platform(const bdb_model *m, const char *name)
{
    for (size_t p = 0; p < m->nplatforms; p++)
        if (strcmp(bdb_model_platform_name(m, p), name) == 0)
            return p;
    fail_msg("no platform %s", name);
    return 0;
}

static int has_missing(const bdb_model *m, const char *needle)
{
    for (size_t i = 0; i < m->nmissing; i++)
        if (strstr(m->missing[i], needle))
            return 1;
    return 0;
}

static void report__seed_figures__ratios_oriented_and_untested(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_sample(st, "samples/published/seed-published-figures.csv");
    bdb_model *m = build(st, "x86-B", "x86-B,ARM-FT1500A");
    assert_string_equal(bdb_model_platform_name(m, m->baseline), "x86-B");
    const bdb_rseries *se = series(m, "sas-disk", "throughput",
                                   "block_size=1048576,count=10240,direction=read,iflag=direct");
    const bdb_cell *arm = &se->cells[platform(m, "ARM-FT1500A")];
    assert_true(arm->compared);
    assert_true(fabs(arm->speedup - 215.0 / 242.0) < 1e-12);
    /* one value on each side: no test, no winner */
    assert_int_equal(arm->verdict, BDB_VERDICT_UNTESTED);
    assert_int_equal(m->nsignificant, 0);
    /* tmpfs has no x86-B figure: not a comparison of these two */
    for (size_t s = 0; s < m->nseries; s++)
        assert_string_not_equal(m->series[s].tool, "tmpfs");
    bdb_model_free(m);

    /* lower is better: Elbrus' 0.4 ms against the Xeon's 5.1 ms is 12.75x */
    m = build(st, "Xeon E5-2603 v4 storage", NULL);
    se = series(m, "seq-read-128k", "latency_mean", NULL);
    const bdb_cell *e = &se->cells[platform(m, "Elbrus 8C storage")];
    assert_true(fabs(e->speedup - 5.1 / 0.4) < 1e-9);
    assert_false(se->headline); /* latencies are shown, not scored */
    bdb_model_free(m);
    bdb_store_close(st);
}

/* A sink that keeps what it is given, counts the writes and remembers
 * the largest; fail_at > 0 makes that write fail. */
typedef struct sink_log {
    bdb_buf all;
    size_t writes, largest;
    size_t fail_at;
} sink_log;

static int sink_keep(void *ctx, const char *data, size_t len)
{
    sink_log *l = ctx;
    l->writes++;
    if (l->fail_at && l->writes == l->fail_at)
        return BDB_EIO;
    if (len > l->largest)
        l->largest = len;
    return bdb_buf_append(&l->all, data, len);
}

typedef int (*renderer)(const bdb_model *, const bdb_render_opts *, bdb_buf *);

/* Empties every base64 chart in an HTML report: cairo numbers the
 * surfaces and glyphs of its SVGs from process-wide counters, so a
 * second rendering in one process has other ids (not other bytes from
 * one process to the next). */
static void strip_charts(bdb_buf *b)
{
    static const char mark[] = "base64,";
    char *w = b->data, *r = b->data, *end = b->data + b->len;
    while (r < end) {
        char *m = strstr(r, mark);
        if (!m) {
            memmove(w, r, (size_t)(end - r));
            w += end - r;
            break;
        }
        m += sizeof mark - 1;
        memmove(w, r, (size_t)(m - r));
        w += m - r;
        r = strchr(m, '"');
        if (!r)
            r = end;
    }
    b->len = (size_t)(w - b->data);
    b->data[b->len] = '\0';
}

/* nseries series on two platforms, reps runs each: html, json and csv
 * reports of megabytes (provenance lists every value). */
static bdb_model *many_series_model_n(bdb_store **stp, int nseries, int reps)
{
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    for (int s = 0; s < nseries; s++)
        for (int p = 0; p < 2; p++)
            for (int r = 0; r < reps; r++)
                bdb_buf_printf(&csv, "%s,wrk,bench%d,requests_per_sec,%d.%d,req/s,"
                               "threads=%d\n", p ? "B" : "A", s % 50,
                               1000 + s + 7 * p + r, r, s / 50);
    assert_int_equal(csv.err, 0);
    bdb_store *st = fresh_store();
    import_text(st, "many.csv", csv.data);
    bdb_buf_free(&csv);
    *stp = st;
    return build(st, "A", NULL);
}

static bdb_model *many_series_model(bdb_store **stp)
{
    return many_series_model_n(stp, 1500, 3);
}

/* The report r writes of m without a sink (whole), then with o's sink
 * (whose sink_log's all is made ready), out holding what was not handed
 * to it. */
static void render_whole_and_sunk(renderer r, const bdb_model *m,
                                  bdb_buf *whole, const bdb_render_opts *o,
                                  bdb_buf *out)
{
    bdb_buf_init(whole);
    assert_int_equal(r(m, NULL, whole), 0);
    assert_int_equal(whole->err, 0);
    bdb_buf_init(&((sink_log *)o->sink->ctx)->all);
    bdb_buf_init(out);
    assert_int_equal(r(m, o, out), 0);
}

/* With a sink, a report reaches it in pieces of about BDB_RENDER_CHUNK
 * (never the whole report at once), and the pieces put together are the
 * bytes the renderer writes without one. */
static void report__sink__gets_the_same_bytes_in_bounded_pieces(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = many_series_model(&st);
    renderer rs[] = {bdb_report_render_html, bdb_report_render_json,
                     bdb_report_render_csv};
    const char *names[] = {"html", "json", "csv"};
    for (size_t i = 0; i < 3; i++) {
        bdb_buf whole, out;
        sink_log l = {.writes = 0};
        bdb_render_sink sink = {sink_keep, &l};
        bdb_render_opts o = {.sink = &sink};
        render_whole_and_sunk(rs[i], m, &whole, &o, &out);
        assert_int_equal(bdb_render_flush(&o, &out, 1), 0);
        assert_int_equal(out.len, 0);
        /* the memory bound: the buffer never grew past a few pieces,
         * though the report is megabytes (without a sink it holds all) */
        if (!(out.cap <= 8 * BDB_RENDER_CHUNK && whole.cap >= whole.len))
            fail_msg("%s: the buffer grew to %zu bytes", names[i], out.cap);
        size_t streamed = l.all.len;
        if (i == 0) {
            strip_charts(&whole);
            strip_charts(&l.all);
        }
        if (!(l.all.len == whole.len && memcmp(l.all.data, whole.data, whole.len) == 0))
            fail_msg("%s: the pieces (%zu bytes) differ from the whole (%zu)",
                     names[i], l.all.len, whole.len);
        /* a report of megabytes in many pieces, none far past the chunk */
        if (!(streamed > 8 * BDB_RENDER_CHUNK && l.writes > 8 &&
              l.largest < 4 * BDB_RENDER_CHUNK))
            fail_msg("%s: %zu bytes in %zu writes, the largest %zu", names[i],
                     streamed, l.writes, l.largest);
        bdb_buf_free(&out);
        bdb_buf_free(&l.all);
        bdb_buf_free(&whole);
    }
    bdb_model_free(m);
    bdb_store_close(st);
}

/* Text and Markdown reach a sink a section at a time (a lab's report
 * held all of its text to the end): the pieces put together are the
 * bytes written without a sink, neutralised alike, and the first of them
 * is written before the report's last section is made. */
static void report__sink__text_and_markdown_go_section_by_section(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = many_series_model(&st);
    renderer rs[] = {bdb_report_render_text, bdb_report_render_markdown};
    const char *names[] = {"text", "md"};
    for (size_t i = 0; i < 2; i++) {
        bdb_buf whole, out;
        sink_log l = {.writes = 0};
        bdb_render_sink sink = {sink_keep, &l};
        bdb_render_opts o = {.sink = &sink};
        render_whole_and_sunk(rs[i], m, &whole, &o, &out);
        size_t written = l.all.len;
        assert_int_equal(bdb_render_flush(&o, &out, 1), 0);
        if (!(l.all.len == whole.len &&
              memcmp(l.all.data, whole.data, whole.len) == 0))
            fail_msg("%s: the pieces (%zu bytes) differ from the whole (%zu)",
                     names[i], l.all.len, whole.len);
        /* most of it left before the end, in more than one piece */
        if (!(whole.len > 4 * BDB_RENDER_CHUNK && written > whole.len / 2 &&
              l.writes > 2))
            fail_msg("%s: %zu of %zu bytes in %zu writes before the end",
                     names[i], written, whole.len, l.writes);
        bdb_buf_free(&out);
        bdb_buf_free(&l.all);
        bdb_buf_free(&whole);
    }
    bdb_model_free(m);
    bdb_store_close(st);
}

/* A sink that fails (a full disk) ends the rendering with its error:
 * nothing more is written after it, and the caller sees BDB_EIO. */
static void report__sink__failure_ends_the_report_with_its_error(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = many_series_model(&st);
    renderer rs[] = {bdb_report_render_html, bdb_report_render_json,
                     bdb_report_render_csv};
    for (size_t i = 0; i < 3; i++) {
        sink_log l = {.fail_at = 2};
        bdb_buf_init(&l.all);
        bdb_render_sink sink = {sink_keep, &l};
        bdb_render_opts o = {.sink = &sink};
        bdb_buf out;
        bdb_buf_init(&out);
        int rc = rs[i](m, &o, &out);
        if (!rc)
            rc = out.err;
        if (!rc)
            rc = bdb_render_flush(&o, &out, 1);
        assert_int_equal(rc, BDB_EIO);
        assert_int_equal(l.writes, 2); /* none after the failure */
        bdb_buf_free(&out);
        bdb_buf_free(&l.all);
    }
    bdb_model_free(m);
    bdb_store_close(st);
}

static void check_fmt(double v, int prec)
{
    char want[64], got[BDB_FMT_G_MAX];
    snprintf(want, sizeof want, "%.*g", prec, v);
    int n = bdb_fmt_g(got, v, prec);
    if (strcmp(got, want) != 0 || (size_t)n != strlen(want))
        fail_msg("%%.%dg of %a: got '%s' (%d), printf gives '%s'", prec, v,
                 got, n, want);
}

/* bdb_fmt_g writes printf's bytes: for edge values (zeros, powers of ten
 * and their neighbours, ties, the rounding to the next decade, the
 * switch between fixed and exponent styles, subnormals, infinities,
 * NaN) at every precision, and for 300,000 values of every magnitude
 * (random bit patterns, decimals of a few digits, benchmark-like
 * figures) at the precisions the reports use. */
static void report__fmt_g__writes_what_printf_writes(void **state)
{
    (void)state;
    static const double edges[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 3.5, 0.25, 0.125, 10.0, 100.0,
        1e-4, 1e-5, 9.99995e-5, 0.0001, 0.00009999999999995, 123456.5,
        999999999999.5, 9999999999.5, 99999.5, 0.1, 0.2, 0.3, 1.0 / 3.0,
        2.0 / 3.0, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 1e26, 1e27, 1e28,
        1e300, 1e-300, 1e-310, 5e-324, DBL_MAX, DBL_MIN, -DBL_MAX, 4.35,
        0.000123456789012345, 1234567890123456789.0, 9.5, 95.0, 0.95,
        0.0095, 8.5e-5, 1.25e-7, 2.5e10, 1e11, 1e12, 1e13, 123456789012.0,
        INFINITY, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
        for (int prec = 0; prec <= 17; prec++) {
            check_fmt(edges[i], prec);
            if (isfinite(edges[i]) && edges[i] != 0) {
                check_fmt(nextafter(edges[i], INFINITY), prec);
                check_fmt(nextafter(edges[i], -INFINITY), prec);
            }
        }
    for (int e = -30; e <= 30; e++)
        for (int prec = 1; prec <= 16; prec++) {
            double t = pow(10, e);
            check_fmt(t, prec);
            check_fmt(nextafter(t, 0), prec);
            check_fmt(nextafter(t, INFINITY), prec);
            /* 9.99..95 x 10^e: rounds up to 10^(e+1) or not */
            check_fmt(t * (10.0 - 5.0 * pow(10, 1 - prec)), prec);
        }
    static const int precs[] = {1, 3, 4, 6, 10, 12, 15, 16, 17};
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, 2026);
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = bdb_stats_rng_next(&rng);
        double v;
        memcpy(&v, &bits, sizeof v);
        /* any bit pattern; a magnitude from 1e-20 to 1e30; a decimal
         * of up to six digits; a figure near a benchmark's */
        double mag = ldexp(1.0 + (double)(bits >> 12) * 0x1p-52,
                           (int)(bits % 168) - 66);
        double dec = (double)(int64_t)(bits % 2000001 - 1000000) /
                     pow(10, (double)((bits >> 40) % 8));
        double fig = 1000.0 + (double)(bits % 100000) / 997.0;
        for (size_t k = 0; k < sizeof precs / sizeof *precs; k++) {
            check_fmt(v, precs[k]);
            check_fmt(mag, precs[k]);
            check_fmt(dec, precs[k]);
            check_fmt(fig, precs[k]);
        }
    }
}

static void check_fmt_f(double v, int dec, size_t size)
{
    char want[400], got[400];
    int wn = snprintf(want, size, "%.*f", dec, v);
    int gn = bdb_fmt_f(got, size, v, dec);
    if (gn != wn || strcmp(got, want) != 0)
        fail_msg("%%.%df of %a (room %zu): got '%s' (%d), printf gives '%s' (%d)",
                 dec, v, size, got, gn, want, wn);
}

/* bdb_fmt_f writes and returns what snprintf's %.*f does, cut to the
 * room given as snprintf cuts, for ties (0.125 to two places: printf
 * rounds the exact binary value, half to even), negative values that
 * round to zero ("-0.00"), huge values, and 100,000 figures at 0 to 9
 * places; bdb_fmt_u is %llu; bdb_str_add cuts as snprintf("%s%s"). */
static void report__fmt_f_u_and_str_add__write_what_printf_writes(void **state)
{
    (void)state;
    static const double edges[] = {
        0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005, 2.675, -0.001,
        -0.004, 0.0049999999, 99.995, 999.9995, 1e14, 9.99999999999999e14,
        1e15, 1e20, 1e300, -1e300, DBL_MAX, 5e-324, 123456789.123456789,
        INFINITY, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
        for (int dec = 0; dec <= 10; dec++) {
            check_fmt_f(edges[i], dec, 400);
            check_fmt_f(edges[i], dec, 64);
            check_fmt_f(edges[i], dec, 5);
        }
    bdb_stats_rng rng;
    bdb_stats_rng_seed(&rng, 77);
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = bdb_stats_rng_next(&rng);
        double fig = (double)(int64_t)(bits % 200000001 - 100000000) /
                     pow(10, (double)((bits >> 40) % 9));
        double mag = ldexp(1.0 + (double)(bits >> 12) * 0x1p-52,
                           (int)(bits % 100) - 50);
        for (int dec = 0; dec <= 9; dec++) {
            check_fmt_f(fig, dec, 64);
            check_fmt_f(mag, dec, 64);
        }
    }
    static const unsigned long long us[] = {0, 7, 10, 99, 4294967296ULL,
                                            18446744073709551615ULL};
    for (size_t i = 0; i < sizeof us / sizeof *us; i++) {
        char want[32], got[32];
        snprintf(want, sizeof want, "%llu", us[i]);
        assert_int_equal(bdb_fmt_u(got, us[i]), (int)strlen(want));
        assert_string_equal(got, want);
    }
    for (size_t room = 1; room < 12; room++) {
        char want[16], got[16] = "";
        snprintf(want, room, "%s%s%s", "abc", "", "defgh");
        size_t len = 0;
        bdb_str_add(got, room, &len, "abc");
        bdb_str_add(got, room, &len, "");
        bdb_str_add(got, room, &len, "defgh");
        assert_string_equal(got, want);
        assert_int_equal(len, strlen(want));
    }
}

static const char *repeated_runs =
    "platform,tool,benchmark,metric,value,unit,parameters\n"
    "A,gzip,gzip,real,10.0,s,\nA,gzip,gzip,real,10.2,s,\nA,gzip,gzip,real,9.9,s,\n"
    "A,gzip,gzip,real,10.1,s,\nA,gzip,gzip,real,10.0,s,\n"
    "B,gzip,gzip,real,5.0,s,\nB,gzip,gzip,real,5.1,s,\nB,gzip,gzip,real,4.9,s,\n"
    "B,gzip,gzip,real,5.0,s,\nB,gzip,gzip,real,5.05,s,\n"
    "C,gzip,gzip,real,10.1,s,\nC,gzip,gzip,real,9.8,s,\nC,gzip,gzip,real,10.2,s,\n"
    "C,gzip,gzip,real,10.0,s,\nC,gzip,gzip,real,9.95,s,\n";

/* Two series on five platforms, D with 3 runs and the others with 5 (so
 * the cells' indexes are drawn for 5, then 3, then 5 again), one
 * lower-is-better, one cell holding a zero (no ratio) and one a single
 * run (no spread): the model resamples each cell once per series, and
 * every interval is what the one-comparison bootstrap gives with the
 * series' seed, oriented; the others have none. */
static const char *shared_bootstrap_runs =
    "platform,tool,benchmark,metric,value,unit,parameters\n"
    "A,gzip,gzip,real,10.0,s,\nA,gzip,gzip,real,10.2,s,\nA,gzip,gzip,real,9.9,s,\n"
    "A,gzip,gzip,real,10.1,s,\nA,gzip,gzip,real,10.0,s,\n"
    "B,gzip,gzip,real,5.0,s,\nB,gzip,gzip,real,5.1,s,\nB,gzip,gzip,real,4.9,s,\n"
    "B,gzip,gzip,real,5.0,s,\nB,gzip,gzip,real,5.05,s,\n"
    "C,gzip,gzip,real,10.1,s,\nC,gzip,gzip,real,0,s,\nC,gzip,gzip,real,10.2,s,\n"
    "C,gzip,gzip,real,10.0,s,\nC,gzip,gzip,real,9.95,s,\n"
    "D,gzip,gzip,real,7.0,s,\nD,gzip,gzip,real,7.3,s,\nD,gzip,gzip,real,6.8,s,\n"
    "E,gzip,gzip,real,12.0,s,\nE,gzip,gzip,real,12.5,s,\nE,gzip,gzip,real,11.0,s,\n"
    "E,gzip,gzip,real,12.2,s,\nE,gzip,gzip,real,12.1,s,\n"
    "A,x,x,ops,100,ops/s,\nA,x,x,ops,104,ops/s,\nA,x,x,ops,98,ops/s,\n"
    "B,x,x,ops,120,ops/s,\nB,x,x,ops,119,ops/s,\n"
    "C,x,x,ops,90,ops/s,\n"
    "D,x,x,ops,101,ops/s,\nD,x,x,ops,111,ops/s,\nD,x,x,ops,95,ops/s,\n";

static void report__speedup_intervals__each_is_the_one_comparison_bootstrap(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "shared.csv", shared_bootstrap_runs);
    bdb_model *m = build(st, "A", "A,B,C,D,E");
    size_t intervals = 0, none = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        const bdb_cell *a = &se->cells[se->ref];
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->compared)
                continue;
            bdb_ratio r;
            int rc = bdb_stats_ratio_bootstrap(a->values, a->n, c->values,
                                               c->n, m->opts.resamples,
                                               m->opts.seed + (uint64_t)s * 7919,
                                               &r);
            if (rc == BDB_ERANGE || isnan(r.ci_lo)) {
                assert_true(isnan(bdb_cell_speedup_lo(se, p)) &&
                            isnan(bdb_cell_speedup_hi(se, p)));
                none++;
                continue;
            }
            assert_int_equal(rc, BDB_OK);
            bdb_stats_orient_interval(&r.ci_lo, &r.ci_hi, se->better);
            double lo = bdb_cell_speedup_lo(se, p), hi = bdb_cell_speedup_hi(se, p);
            if (!(lo == r.ci_lo && hi == r.ci_hi))
                fail_msg("%s on %s: [%a, %a], alone [%a, %a]", se->benchmark,
                         bdb_model_platform_name(m, p), lo, hi, r.ci_lo,
                         r.ci_hi);
            assert_true(lo <= c->speedup && c->speedup <= hi);
            intervals++;
        }
    }
    /* gzip: B, D, E (C has the zero); x: B, D (C has one run) */
    assert_int_equal(intervals, 5);
    assert_int_equal(none, 2);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__repeated_runs__welch_decides_and_says_same(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "runs.csv", repeated_runs);
    bdb_model *m = build(st, "A", NULL);
    const bdb_rseries *se = series(m, "gzip", "real", NULL);
    const bdb_cell *a = &se->cells[platform(m, "A")];
    const bdb_cell *b = &se->cells[platform(m, "B")];
    const bdb_cell *c = &se->cells[platform(m, "C")];
    assert_int_equal(a->n, 5);
    assert_true(fabs(a->mean - 10.04) < 1e-9);
    bdb_summary sum;
    assert_int_equal(bdb_cell_summary(m, a, &sum), 0);
    assert_true(sum.mean == a->mean);
    assert_true(fabs(sum.median - 10.0) < 1e-12);
    /* B takes half the time: twice as good, and clearly so */
    assert_true(fabs(b->speedup - 10.04 / 5.01) < 1e-9);
    assert_int_equal(b->verdict, BDB_VERDICT_BETTER);
    assert_true(bdb_cell_p_adj(se, platform(m, "B")) < 0.001);
    assert_true(bdb_cell_speedup_lo(se, platform(m, "B")) > 1.9 &&
                bdb_cell_speedup_hi(se, platform(m, "B")) < 2.1);
    /* C is A again, give or take noise: no winner */
    assert_int_equal(c->verdict, BDB_VERDICT_SAME);
    assert_true(bdb_cell_p_adj(se, platform(m, "C")) > 0.05);
    assert_int_equal(m->ncompared, 2);
    /* the cpu score of B is its one ratio */
    int found = 0;
    for (size_t i = 0; i < m->nscores; i++)
        if (m->scores[i].platform == platform(m, "B") &&
            strcmp(m->scores[i].category, "cpu") == 0) {
            assert_true(fabs(m->scores[i].g.geomean - 10.04 / 5.01) < 1e-9);
            found = 1;
        }
    assert_true(found);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__concurrency_values__become_one_ordered_sweep(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "sweep.csv",
                "platform,tool,benchmark,metric,value,unit,parameters\n"
                "A,ab,/,requests_per_sec,900,op/s,concurrency=100;keepalive=0\n"
                "A,ab,/,requests_per_sec,100,op/s,concurrency=1;keepalive=0\n"
                "A,ab,/,requests_per_sec,500,op/s,concurrency=10;keepalive=0\n"
                "B,ab,/,requests_per_sec,300,op/s,concurrency=100;keepalive=0\n"
                "B,ab,/,requests_per_sec,50,op/s,concurrency=1;keepalive=0\n"
                "B,ab,/,requests_per_sec,200,op/s,concurrency=10;keepalive=0\n");
    bdb_model *m = build(st, NULL, NULL);
    assert_int_equal(m->nsweeps, 1);
    assert_string_equal(m->sweeps[0].key, "concurrency");
    assert_int_equal(m->sweeps[0].n, 3);
    const char *order[] = {"concurrency=1,keepalive=0", "concurrency=10,keepalive=0",
                           "concurrency=100,keepalive=0"};
    for (int i = 0; i < 3; i++)
        assert_string_equal(m->series[m->sweeps[0].series[i]].params, order[i]);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_html(m, NULL, &out), 0);
    /* the overview first, then the sweep's line chart: cairo SVGs as
     * images (each its own document, so glyph ids cannot clash) */
    const char *ov = strstr(out.data, "<figure class=\"chart\"><img alt=\"headline ratios against the baseline");
    char alt[300];
    snprintf(alt, sizeof alt, "<figure class=\"chart\"><img alt=\"%s\" "
             "src=\"data:image/svg+xml;base64,", m->sweeps[0].label);
    const char *sw = strstr(out.data, alt);
    assert_non_null(ov);
    assert_non_null(sw);
    assert_true(ov < sw);
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__per_core__divides_rates_and_lists_missing(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "rates.csv",
                "platform,tool,benchmark,metric,value,unit\n"
                "four,openssl-speed,aes-128-cbc,throughput,400,MB/s\n"
                "two,openssl-speed,aes-128-cbc,throughput,300,MB/s\n"
                "nocores,openssl-speed,aes-128-cbc,throughput,100,MB/s\n");
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "four");
    p.cores = 4;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    snprintf(p.name, sizeof p.name, "two");
    p.cores = 2;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "four";
    o.normalize = BDB_NORM_PER_CORE;
    bdb_model *m;
    bdb_diag d;
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    const bdb_rseries *se = series(m, "aes-128-cbc", "throughput", NULL);
    assert_true(se->cells[platform(m, "four")].mean == 100e6);
    assert_true(se->cells[platform(m, "two")].mean == 150e6);
    assert_true(fabs(se->cells[platform(m, "two")].speedup - 1.5) < 1e-12);
    assert_false(se->cells[platform(m, "nocores")].present);
    assert_true(has_missing(m, "cores of platform nocores"));
    assert_false(has_missing(m, "cores of platform two"));
    assert_true(has_missing(m, "power_w of two"));
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__nine_and_thirty_watt_boards__per_watt_in_every_format(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "boards.csv",
                "platform,tool,benchmark,metric,value,unit\n"
                "imx6,ab,/test.htm,requests_per_sec,900,op/s\n"
                "atom,ab,/test.htm,requests_per_sec,3000,op/s\n");
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "imx6");
    p.power_w = 9;
    p.price_usd = 40;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    snprintf(p.name, sizeof p.name, "atom");
    p.power_w = 30;
    p.price_usd = 52;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_model *m = build(st, "atom", NULL);
    const bdb_rseries *se = series(m, "/test.htm", "requests_per_sec", NULL);
    const bdb_cell *imx = &se->cells[platform(m, "imx6")];
    const bdb_cell *atom = &se->cells[platform(m, "atom")];
    assert_true(fabs(tu_cell_eff(m, imx, NULL).per_watt - 100.0) < 1e-9);   /* 900 / 9 */
    assert_true(fabs(tu_cell_eff(m, atom, NULL).per_watt - 100.0) < 1e-9);  /* 3000 / 30 */
    assert_true(fabs(tu_cell_eff(m, imx, NULL).per_dollar - 22.5) < 1e-9);  /* 900 / 40 */
    assert_true(fabs(match_of(m, imx, 0) - 4) < 1e-12);       /* ceil(3000/900) */
    assert_true(fabs(match_of(m, imx, 1) - 160) < 1e-9);
    assert_true(fabs(match_of(m, imx, 2) - 36) < 1e-9);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_text(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "100 op/s/W"));
    assert_non_null(strstr(out.data, "4 (160 USD, 36 W)"));
    assert_non_null(strstr(out.data, "0.30x ?"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_efficiency(m, 0, 0, &out), 0);
    assert_non_null(strstr(out.data, "Per watt, per dollar, cost of ownership"));
    assert_non_null(strstr(out.data, "22.5 op/s/USD"));   /* 900 / 40 */
    assert_non_null(strstr(out.data, "Most work per watt:"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_markdown(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "| /test.htm | requests_per_sec |"));
    assert_non_null(strstr(out.data, "0.30x ?"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_csv(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "ab,/test.htm,requests_per_sec,,op/s,higher,web,imx6,0,1,900,"));
    assert_non_null(strstr(out.data, ",0.3,"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_json(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "\"per_watt\": 100.0"));
    assert_non_null(strstr(out.data, "\"speedup\": 0.3"));
    assert_non_null(strstr(out.data, "boards.csv:2"));
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__hourly_rent_and_foreign_price__handled_and_said(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "cloud.csv",
                "platform,tool,benchmark,metric,value,unit\n"
                "vm,redis-benchmark,GET,requests_per_sec,20000,op/s\n"
                "board,redis-benchmark,GET,requests_per_sec,2000,op/s\n");
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "vm");
    p.rent_usd_hour = 0.01;                /* 7.305 USD a month */
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "board");
    p.price_usd = 45;
    snprintf(p.price_currency, sizeof p.price_currency, "EUR");
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_model *m = build(st, "vm", NULL);
    const bdb_rseries *se = series(m, "GET", "requests_per_sec", NULL);
    const bdb_cell *vm = &se->cells[platform(m, "vm")];
    assert_true(fabs(tu_cell_eff(m, vm, NULL).per_dollar_month - 20000 / 7.305) < 1e-9);
    assert_true(fabs(tu_cell_eff(m, vm, NULL).tco - 7.305 * 36) < 1e-9);
    const bdb_cell *board = &se->cells[platform(m, "board")];
    assert_true(isnan(tu_cell_eff(m, board, NULL).per_dollar));
    assert_true(has_missing(m, "price of board is in EUR"));
    assert_false(has_missing(m, "price_usd or rent of vm"));
    assert_true(has_missing(m, "power_w of vm"));
    bdb_model_free(m);
    bdb_store_close(st);
}

/* OWASP's CSV-injection list: = + - @, and a leading TAB or CR. */
static void report__csv_fields__formula_starts_guarded(void **state)
{
    (void)state;
    static const char *const starts[] = {"=1+1", "+1", "-1", "@SUM(A1)",
                                         "\tcmd", "\rcmd"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        bdb_buf b;
        bdb_buf_init(&b);
        bdb_csv_append_field(&b, starts[i], 1);
        const char *v = b.data[0] == '"' ? b.data + 1 : b.data;
        if (v[0] != '\'')
            fail_msg("field %zu not guarded: [%s]", i, b.data);
        bdb_buf_free(&b);
    }
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_csv_append_field(&b, "plain", 1);
    assert_string_equal(b.data, "plain");
    bdb_buf_free(&b);
}

/* The sources of a cell name each value's file and line: with values
 * from two files taken in turn (the writer keeps the last path's escaped
 * form), a name that needs escaping (a quote, a backslash, a control
 * character) and one that is not UTF-8 (repaired to U+FFFD), each source
 * is its own path and line, and the document is what jansson writes. */
static void report__json_sources__each_value_its_own_path_escaped(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    static const char *const names[2] = {"q\"uo\\te\x01.csv", "bad\xff.csv"};
    const char *head = "platform,tool,benchmark,metric,value,unit,parameters\n";
    char text[2][512];
    snprintf(text[0], sizeof text[0],
             "%sA,gzip,gzip,real,10,s,\nA,gzip,gzip,real,11,s,\n"
             "B,gzip,gzip,real,5,s,\n", head);
    snprintf(text[1], sizeof text[1],
             "%sA,gzip,gzip,real,12,s,\nB,gzip,gzip,real,6,s,\n"
             "B,gzip,gzip,real,7,s,\n", head);
    import_text(st, names[0], text[0]);
    import_text(st, names[1], text[1]);
    bdb_model *m = build(st, "A", NULL);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_json(m, NULL, &out), 0);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    if (!root)
        fail_msg("not JSON: %s at %d:%d", err.text, err.line, err.column);
    char *again = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
                                       JSON_REAL_PRECISION(12));
    assert_non_null(again);
    assert_true(out.len == strlen(again) + 1 &&
                memcmp(out.data, again, out.len - 1) == 0);
    /* what each source must say: the path as imported, the bad byte
     * repaired */
    char want[2][600];
    snprintf(want[0], sizeof want[0], "%s/%s", dir, names[0]);
    snprintf(want[1], sizeof want[1], "%s/bad\xef\xbf\xbd.csv", dir);
    json_t *cells = json_object_get(json_array_get(json_object_get(root, "series"), 0),
                                    "cells");
    assert_int_equal(json_array_size(cells), 2);
    size_t seen[2] = {0, 0};
    for (size_t c = 0; c < 2; c++) {
        json_t *src = json_object_get(json_array_get(cells, c), "sources");
        json_t *vals = json_object_get(json_array_get(cells, c), "values");
        assert_int_equal(json_array_size(src), 3);
        for (size_t i = 0; i < 3; i++) {
            const char *sv = json_string_value(json_array_get(src, i));
            double v = json_number_value(json_array_get(vals, i));
            assert_non_null(sv);
            /* file 0 has 10, 11 (A) and 5 (B); file 1 has 12 (A), 6, 7 (B) */
            int f = (v == 12 || v == 6 || v == 7);
            int line = f ? (v == 12 ? 2 : v == 6 ? 3 : 4)
                         : (v == 10 ? 2 : v == 11 ? 3 : 4);
            char exp[1300];
            snprintf(exp, sizeof exp, "%s:%d", want[f], line);
            if (strcmp(sv, exp) != 0)
                fail_msg("value %g: source '%s', want '%s'", v, sv, exp);
            seen[f]++;
        }
    }
    assert_int_equal(seen[0], 3);
    assert_int_equal(seen[1], 3);
    free(again);
    json_decref(root);
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* The series are written without jansson, the rest with it: the whole
 * document is what jansson writes for it (parsed back and dumped with
 * the same flags, byte for byte), with names that need escaping
 * (quotes, backslashes, a tab, a control character, bytes that are not
 * UTF-8, non-ASCII), whole and huge and tiny reals, an outlier, a
 * comparison and efficiency figures. */
static void report__json__is_what_jansson_writes_for_the_same_document(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "odd.csv",
                "platform,tool,benchmark,metric,value,unit,parameters\n"
                "A,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,100,op/s,k=\"v\tw\"\n"
                "A,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,101,op/s,k=\"v\tw\"\n"
                "A,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,99,op/s,k=\"v\tw\"\n"
                "A,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,100,op/s,k=\"v\tw\"\n"
                "A,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,500,op/s,k=\"v\tw\"\n"
                "B \xc2\xb5\xff\x01,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,1e20,op/s,k=\"v\tw\"\n"
                "B \xc2\xb5\xff\x01,ab,\"say \"\"hi\"\"\\now\",requests_per_sec,2e20,op/s,k=\"v\tw\"\n"
                "A,dd,write,time,0.00000015,s,\n"
                "A,dd,write,time,0.00000017,s,\n"
                "B \xc2\xb5\xff\x01,dd,write,time,3,s,\n"
                "B \xc2\xb5\xff\x01,dd,write,time,2.5,s,\n");
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "A");
    p.power_w = 9;
    p.price_usd = 35;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
    bdb_model *m = build(st, "A", NULL);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_json(m, NULL, &out), 0);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    if (!root)
        fail_msg("not JSON: %s at %d:%d", err.text, err.line, err.column);
    char *again = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
                                       JSON_REAL_PRECISION(12));
    assert_non_null(again);
    size_t n = strlen(again);
    if (!(out.len == n + 1 && memcmp(out.data, again, n) == 0 &&
          out.data[n] == '\n')) {
        size_t i = 0;
        while (i < n && i < out.len && out.data[i] == again[i])
            i++;
        fail_msg("differs from jansson's at byte %zu: '%.40s' / '%.40s'", i,
                 out.data + (i > 20 ? i - 20 : 0), again + (i > 20 ? i - 20 : 0));
    }
    /* what the test is about is there */
    assert_non_null(strstr(out.data, "\"say \\\"hi\\\"\\\\now\""));
    assert_non_null(strstr(out.data, "1e20"));
    assert_non_null(strstr(out.data, "\"outliers\": [\n"));
    assert_non_null(strstr(out.data, "\"per_watt\": "));
    free(again);
    json_decref(root);
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__hostile_names__escaped_in_html_and_guarded_in_csv(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "evil.csv",
                "platform,tool,benchmark,metric,value,unit\n"
                "\"<script>alert(1)</script>\",ab,\"=cmd|' /C calc'!A0\",requests_per_sec,1,op/s\n"
                "plain,ab,\"=cmd|' /C calc'!A0\",requests_per_sec,2,op/s\n");
    bdb_model *m = build(st, "plain", NULL);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_html(m, NULL, &out), 0);
    assert_null(strstr(out.data, "<script>"));
    assert_non_null(strstr(out.data, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_null(strstr(out.data, "http://"));
    assert_null(strstr(out.data, "https://"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_csv(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "ab,'=cmd|' /C calc'!A0,"));
    assert_null(strstr(out.data, ",=cmd"));
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__baseline_without_figure__ratio_against_ref_not_scored(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_sample(st, "samples/published/seed-published-figures.csv");
    import_text(st, "zero.csv",
                "platform,tool,benchmark,metric,value,unit\n"
                "x86-A,time,bc-pi,sys,0,s\nARM-FT1500A,time,bc-pi,sys,0.01,s\n"
                "x86-A,time,bc-pi,real,25,s\nARM-FT1500A,time,bc-pi,real,50,s\n");
    bdb_model *m = build(st, "x86-A", "x86-A,x86-B,ARM-FT1500A");
    const bdb_rseries *se = series(m, "tcp", "throughput", NULL);
    /* x86-A has no iperf figure: x86-B is the reference for this series */
    assert_int_equal(se->ref, platform(m, "x86-B"));
    const bdb_cell *arm = &se->cells[platform(m, "ARM-FT1500A")];
    assert_true(fabs(arm->speedup - 9.43 / 9.44) < 1e-12);
    /* a zero on one side: a value, but no ratio interval, and no crash */
    se = series(m, "bc-pi", "sys", NULL);
    assert_true(isnan(se->cells[platform(m, "ARM-FT1500A")].speedup));
    /* scores count only ratios against the baseline: tmpfs 0.5 and 0.6,
     * bc-pi real 0.5; not dd, hdparm or iperf (x86-B references) */
    int found = 0;
    for (size_t i = 0; i < m->nscores; i++)
        if (strcmp(m->scores[i].category, "overall") == 0 &&
            m->scores[i].platform == platform(m, "ARM-FT1500A")) {
            found = 1;
            assert_int_equal(m->scores[i].g.n_used, 3);
            assert_true(fabs(m->scores[i].g.geomean - cbrt(0.5 * 0.6 * 0.5)) < 1e-9);
        }
    assert_true(found);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_text(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "(ref)"));
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* Seed 002's bc pi runs: ARM 53.462, 54.238, 53.671 s; x86-A 25.019,
 * 26.048, 25.134 s (samples/time/seed002-bc-pi@*.txt). Means 53.790333 and
 * 25.400333; ratio 25.400333 / 53.790333 = 0.47221. */
static void report__seed002_bc_pi__every_format_agrees_with_the_logs(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_sample(st, "samples/platforms.csv");
    bdb_import_opts o = {.path_pattern = "seed002-{benchmark}@{platform}.txt"};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/time/seed002-bc-pi@ARM-FT1500A.txt"), &o, &r), 0);
    assert_int_equal(bdb_import_file(st, tu_path("samples/time/seed002-bc-pi@x86-A.txt"), &o, &r), 0);
    bdb_model *m = build(st, "x86-A", NULL);
    const bdb_rseries *se = series(m, "bc-pi", "real", NULL);
    const bdb_cell *arm = &se->cells[platform(m, "ARM-FT1500A")];
    assert_int_equal(arm->n, 3);
    assert_true(fabs(arm->mean - (53.462 + 54.238 + 53.671) / 3) < 1e-9);
    double ratio = (25.019 + 26.048 + 25.134) / (53.462 + 54.238 + 53.671);
    assert_true(fabs(arm->speedup - ratio) < 1e-9);
    assert_int_equal(arm->verdict, BDB_VERDICT_WORSE);   /* 3 runs each: tested */
    /* per watt: 3600/53.790333 runs/h at 35 W (TDP in platforms.csv) */
    assert_true(fabs(tu_cell_eff(m, arm, NULL).per_watt - 3600 / arm->mean / 35) < 1e-9);

    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(bdb_report_render_text(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "53.8 s"));
    assert_non_null(strstr(out.data, "0.47x -"));
    assert_non_null(strstr(out.data, "ARM-FT1500A: 0.47x x86-A overall"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_markdown(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "53.8 s"));
    assert_non_null(strstr(out.data, "0.47x -"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_html(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "53.8 s"));
    assert_non_null(strstr(out.data, "0.47x -"));
    assert_non_null(strstr(out.data, "seed002-bc-pi@ARM-FT1500A.txt:7"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_csv(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "time,bc-pi,real,,s,lower,cpu,ARM-FT1500A,0,3,53.79033333,"));
    assert_non_null(strstr(out.data, ",0.4722"));
    bdb_buf_reset(&out);
    assert_int_equal(bdb_report_render_json(m, NULL, &out), 0);
    assert_non_null(strstr(out.data, "53.7903333333"));
    assert_non_null(strstr(out.data, "\"verdict\": \"worse\""));
    bdb_buf_free(&out);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* samples/ab/notfound-c10.txt is a real run against a 404 path: its
 * non-2xx responses are a warning, and the cells of that source carry it;
 * the cells of a clean run do not. */
static void report__warned_source__marks_its_cells_only(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    bdb_import_opts o = {.platform = "local"};
    bdb_import_result r;
    assert_int_equal(bdb_import_file(st, tu_path("samples/ab/notfound-c10.txt"), &o, &r), 0);
    assert_true(r.nwarnings > 0);
    assert_int_equal(bdb_import_file(st, tu_path("samples/ab/html-c10.txt"), &o, &r), 0);
    bdb_report_opts ro;
    bdb_report_opts_default(&ro);
    ro.min_platforms = 1;
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &ro, &m, &d), 0);
    int warned = 0, clean = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_cell *c = &m->series[s].cells[0];
        if (!c->present)
            continue;
        int from_404 = strstr(bdb_cell_path(m, c, 0), "notfound-c10.txt") != NULL;
        assert_int_equal(c->warned, from_404);
        warned += c->warned;
        clean += !c->warned;
    }
    assert_true(warned > 0 && clean > 0);
    assert_true(m->nwarnings > 0);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void report__bad_selection__says_what_is_wrong(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    bdb_model *m = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), BDB_ENOTFOUND);
    assert_non_null(strstr(d.message, "no results"));
    import_sample(st, "samples/published/seed-published-figures.csv");
    o.baseline = "nobody";
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), BDB_ENOTFOUND);
    assert_non_null(strstr(d.message, "nobody"));
    o.baseline = NULL;
    o.platforms = "x86-A,Elbrus 8C storage";
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), BDB_ENOTFOUND);
    assert_non_null(strstr(d.message, "no series"));
    assert_null(m);
    bdb_store_close(st);
}

/* Every format lists the sources of published figures as sources, under
 * the platform of the figure (not the one the CSV was imported under),
 * and only for figures in the report: with x86-B left out, its rows'
 * notes (csv lines 8, 11, 12 ...) are in no format. */
static void report__published_sources__same_platform_and_rows_in_every_format(void **state)
{
    (void)state;
    char d2[512];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/s.sqlite' import --platform local '%s' '%s'", d2,
               tu_path("samples/published/seed-published-figures.csv"),
               tu_path("samples/platforms.csv")))
        fail_msg("import: %s", out.data);
    const char *sel = "--baseline x86-A --platforms x86-A,ARM-FT1500A";
    bdb_buf text, html;
    bdb_buf_init(&text);
    bdb_buf_init(&html);
    assert_int_equal(tu_run(&text, "--db '%s/s.sqlite' report %s --width 100", d2, sel), 0);
    assert_int_equal(tu_run(&out, "--db '%s/s.sqlite' report %s --format html "
                                  "-o '%s/s.html'", d2, sel, d2), 0);
    char path[800], msg[128];
    snprintf(path, sizeof path, "%s/s.html", d2);
    assert_int_equal(bdb_buf_read_file(&html, path, msg, sizeof msg), 0);
    assert_non_null(strstr(text.data, "Where published figures come from"));
    assert_non_null(strstr(html.data, "Where published figures come from"));
    const char *csv = tu_path("samples/published/seed-published-figures.csv");
    /* line 2 is ARM-FT1500A's tmpfs read, line 4 x86-A's */
    char want[300];
    snprintf(want, sizeof want, "  ARM-FT1500A  %s:2\n", csv);
    assert_non_null(strstr(text.data, want));
    snprintf(want, sizeof want, "<td>ARM-FT1500A</td><td>%s:2</td>", csv);
    assert_non_null(strstr(html.data, want));
    snprintf(want, sizeof want, "<td>x86-A</td><td>%s:4</td>", csv);
    assert_non_null(strstr(html.data, want));
    /* x86-B is not in the report: neither are its sources */
    snprintf(want, sizeof want, "%s:8", csv);
    assert_null(strstr(text.data, want));
    assert_null(strstr(html.data, want));
    /* no note is put on the import's platform */
    assert_null(strstr(text.data, "  local  "));
    assert_null(strstr(html.data, "<td>local</td>"));
    /* they are sources, not warnings */
    assert_non_null(strstr(html.data, "<p>None: no log of these figures had a warning.</p>"));
    assert_non_null(strstr(text.data, "None: no log of these figures had a warning."));

    if (system("command -v ssconvert >/dev/null 2>&1") == 0) {
        assert_int_equal(tu_run(&out, "--db '%s/s.sqlite' report %s --format xlsx "
                                      "-o '%s/s.xlsx'", d2, sel, d2), 0);
        char cmd[2000];
        snprintf(cmd, sizeof cmd, "ssconvert -S -T Gnumeric_stf:stf_assistant "
                 "-O 'format=raw separator=,' '%s/s.xlsx' '%s/s-%%s.csv' >/dev/null 2>&1",
                 d2, d2);
        assert_int_equal(system(cmd), 0);
        bdb_buf w;
        bdb_buf_init(&w);
        snprintf(path, sizeof path, "%s/s-Warnings.csv", d2);
        assert_int_equal(bdb_buf_read_file(&w, path, msg, sizeof msg), 0);
        snprintf(want, sizeof want, "ARM-FT1500A,%s,2,source,", csv);
        assert_non_null(strstr(w.data, want));
        snprintf(want, sizeof want, ",%s,8,", csv);
        assert_null(strstr(w.data, want));
        assert_null(strstr(w.data, "local,"));
        assert_null(strstr(w.data, ",warning,"));
        bdb_buf_free(&w);
    } else {
        fail_msg("ssconvert is missing: apt-get install gnumeric");
    }
    bdb_buf_free(&out);
    bdb_buf_free(&text);
    bdb_buf_free(&html);
}

/* The widest line in characters. A line that is one indented token (a
 * provenance path:line, kept whole so that it can be copied) cannot be
 * wrapped and is not counted: the checkout's path decides its length. */
static size_t widest_line(const char *s)
{
    size_t w = 0;
    while (*s) {
        const char *nl = strchr(s, '\n');
        const char *end = nl ? nl : s + strlen(s);
        const char *t = s;
        while (t < end && *t == ' ')
            t++;
        int one_token = t < end && !memchr(t, ' ', (size_t)(end - t));
        size_t cur = 0;
        for (const char *c = s; c < end; c++)
            cur += ((unsigned char)*c & 0xC0) != 0x80;
        if (!one_token && cur > w)
            w = cur;
        s = nl ? nl + 1 : end;
    }
    return w;
}

/* The text report fits --width, else $COLUMNS, else 100 columns (not a
 * terminal); wide tables become blocks and keep every figure. */
static void report__text__fits_width_columns_or_100(void **state)
{
    (void)state;
    char d2[512];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/w.sqlite' import '%s' '%s'", d2,
               tu_path("samples/published/seed-published-figures.csv"),
               tu_path("samples/platforms.csv")))
        fail_msg("import: %s", out.data);
    const char *sel = "--baseline x86-A --platforms x86-A,x86-B,ARM-FT1500A";
    bdb_buf_reset(&out);
    /* unset COLUMNS: the 100 of a pipe */
    assert_int_equal(tu_run(&out, "--db '%s/w.sqlite' report %s", d2, sel), 0);
    size_t w100 = widest_line(out.data);
    assert_true(w100 <= 100);
    /* the dd figures are all there, in blocks */
    assert_non_null(strstr(out.data, "242 MB/s n=1  (ref)"));
    assert_non_null(strstr(out.data, "175 MB/s n=1  0.87x ?"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/w.sqlite' report %s --width 72", d2, sel), 0);
    assert_true(widest_line(out.data) <= 72);
    assert_non_null(strstr(out.data, "175 MB/s n=1  0.87x ?"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/w.sqlite' report %s --width 400", d2, sel), 0);
    /* wide enough: the tables stay tables, one row a line */
    assert_true(widest_line(out.data) > 100);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/w.sqlite' report %s --width 10", d2, sel), 2);
    bdb_buf_free(&out);
}

/* efficiency takes every format report takes. */
static void report__efficiency_formats__as_report(void **state)
{
    (void)state;
    char d2[512];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/e.sqlite' import '%s' '%s'", d2,
               tu_path("samples/published/seed-published-figures.csv"),
               tu_path("samples/platforms.csv")))
        fail_msg("import: %s", out.data);
    static const char *const fmts[] = {"text", "md", "html", "csv", "json"};
    for (size_t i = 0; i < 5; i++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/e.sqlite' efficiency --baseline x86-A --format %s",
                   d2, fmts[i]))
            fail_msg("efficiency --format %s: %s", fmts[i], out.data);
        assert_true(out.len > 100);
    }
    assert_int_equal(tu_run(&out, "--db '%s/e.sqlite' efficiency --baseline x86-A "
                                  "--format xlsx -o '%s/e.xlsx'", d2, d2), 0);
    assert_int_equal(tu_run(&out, "--db '%s/e.sqlite' efficiency --baseline x86-A "
                                  "--format pdf -o '%s/e.pdf'", d2, d2), 0);
    assert_int_equal(tu_run(&out, "--db '%s/e.sqlite' efficiency --format png", d2), 2);
    bdb_buf_free(&out);
}

/* A database of the ab runs of one page through two URLs
 * (samples/ab/two-urls-box-{a,b}-run{1,2,3}.txt): box-a (4 cores, 10 W,
 * 100 USD) and box-b (2 cores, 20 W, 150 USD); its folder into d2. */
static void two_urls_db(char *d2, size_t n)
{
    snprintf(d2, n, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    static const char *const plats[] = {
        "box-a --cores 4 --power-w 10 --price-usd 100",
        "box-b --cores 2 --power-w 20 --price-usd 150"};
    for (size_t i = 0; i < 2; i++) {
        bdb_buf_reset(&out);
        char box[] = "box-a";
        box[4] = (char)('a' + i);
        /* the boxes' own name for the page, an identity parameter (the
         * port in the URL is environment, by the ab record) */
        if (tu_run(&out, "--db '%s/u.sqlite' import -q --platform %s "
                         "--param site=%c '%s'-%s-run*.txt",
                   d2, box, box[4], tu_path("samples/ab/two-urls"), box) ||
            tu_run(&out, "--db '%s/u.sqlite' platform add %s", d2, plats[i]))
            fail_msg("%s: %s", box, out.data);
    }
    bdb_buf_free(&out);
}

/* benchdb ARGS on the database of two_urls_db, as parsed JSON. */
static json_t *run_json(const char *d2, const char *args)
{
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/u.sqlite' %s --format json", d2, args))
        fail_msg("%s: %s", args, out.data);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    if (!root)
        fail_msg("%s: not JSON (%s): %.200s", args, err.text, out.data);
    bdb_buf_free(&out);
    return root;
}

/* The per-watt figure of metric on platform in an efficiency JSON, NaN
 * when the cell has none; *mean and *unit (may be NULL) get the cell's
 * mean and the series' unit. */
static double json_per_watt(json_t *root, const char *metric,
                            const char *plat, double *mean, const char **unit)
{
    json_t *series = json_object_get(root, "series"), *se;
    size_t i, k;
    json_array_foreach(series, i, se) {
        if (strcmp(json_string_value(json_object_get(se, "metric")), metric))
            continue;
        json_t *cell;
        json_array_foreach(json_object_get(se, "cells"), k, cell) {
            if (strcmp(json_string_value(json_object_get(cell, "platform")),
                       plat))
                continue;
            if (mean)
                *mean = json_real_value(json_object_get(cell, "mean"));
            if (unit)
                *unit = json_string_value(json_object_get(se, "unit"));
            json_t *e = json_object_get(cell, "efficiency");
            return e ? json_number_value(json_object_get(e, "per_watt"))
                     : NAN;
        }
    }
    fail_msg("no %s on %s", metric, plat);
    return NAN;
}

/* Efficiency is for throughputs and whole-run durations only: ab's
 * latencies, percentiles and connection times are no run of their own
 * (they gave runs/h and per-watt figures), and its counts have none.
 * --normalize core changes the performance figures and their unit, never
 * the per-watt figure, which is the whole machine's. */
static void efficiency__json__only_throughputs_and_same_per_watt_per_core(
    void **state)
{
    (void)state;
    char d2[512];
    two_urls_db(d2, sizeof d2);
    json_t *plain = run_json(d2, "efficiency --all");
    json_t *series = json_object_get(plain, "series"), *se;
    size_t i, k, with = 0;
    json_array_foreach(series, i, se) {
        const char *metric = json_string_value(json_object_get(se, "metric"));
        const char *unit = json_string_value(json_object_get(se, "unit"));
        int throughput = strcmp(metric, "requests_per_sec") == 0 ||
                         strncmp(metric, "transfer_rate", 13) == 0;
        json_t *cell;
        json_array_foreach(json_object_get(se, "cells"), k, cell) {
            json_t *e = json_object_get(cell, "efficiency");
            if (e && !throughput)
                fail_msg("%s (%s) has efficiency figures", metric, unit);
            if (!e && throughput)
                fail_msg("%s has no efficiency figures", metric);
            with += e != NULL;
        }
    }
    assert_true(with >= 4); /* requests and transfer rates, both boxes */

    json_t *core = run_json(d2, "efficiency --all --normalize core");
    static const char *const boxes[] = {"box-a", "box-b"};
    static const double cores[] = {4, 2};
    for (size_t b = 0; b < 2; b++) {
        double m1, m4;
        const char *u1, *u4;
        double w1 = json_per_watt(plain, "requests_per_sec", boxes[b], &m1, &u1);
        double w4 = json_per_watt(core, "requests_per_sec", boxes[b], &m4, &u4);
        assert_true(isfinite(w1) && w1 > 0);
        /* the machine's requests/s over the machine's watts, both ways */
        assert_true(w1 == w4);
        assert_true(fabs(m4 * cores[b] - m1) < 1e-9 * m1);
        assert_string_equal(u1, "op/s");
        assert_string_equal(u4, "op/s per core");
    }
    json_decref(plain);
    json_decref(core);
}

/* f's text with every run of white space made one space (pdftotext and
 * ssconvert wrap lines where they like). */
static char *file_flat(const char *path)
{
    bdb_buf b;
    bdb_buf_init(&b);
    char msg[128];
    if (bdb_buf_read_file(&b, path, msg, sizeof msg))
        fail_msg("%s: %s", path, msg);
    size_t w = 0;
    for (size_t i = 0; i < b.len; i++) {
        char c = b.data[i];
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f')
            c = ' ';
        if (c == ' ' && w && b.data[w - 1] == ' ')
            continue;
        b.data[w++] = c;
    }
    b.data[w] = '\0';
    return bdb_buf_detach(&b, NULL);
}

/* The series of the report's platforms that a filter leaves out are
 * counted by the store (one count query), not by listing every series:
 * the count must agree with the rows the unfiltered report shows. */
static size_t json_series_and_filtered(const char *db, const char *filter,
                                       size_t *filtered)
{
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s' report --format json --all --baseline x86-B "
                     "--platforms x86-B,ARM-FT1500A %s", db, filter))
        fail_msg("report %s: %s", filter, out.data);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    if (!root)
        fail_msg("not JSON: %s", err.text);
    size_t n = json_array_size(json_object_get(root, "series"));
    *filtered = (size_t)json_integer_value(
        json_object_get(json_object_get(root, "left_out"), "filtered"));
    json_decref(root);
    bdb_buf_free(&out);
    return n;
}

static void report__tool_filter__counts_the_series_it_leaves_out(void **state)
{
    (void)state;
    char db[600];
    snprintf(db, sizeof db, "%s/f.sqlite", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s' import '%s'", db,
               tu_path("samples/published/seed-published-figures.csv")))
        fail_msg("import: %s", out.data);
    bdb_buf_free(&out);
    size_t filtered, all = json_series_and_filtered(db, "", &filtered);
    assert_int_equal(filtered, 0);
    /* dd and iperf are measured on x86-B (iperf's chelsio NIC on x86-B
     * alone, which --all shows); fio and tmpfs are not */
    static const char *const tools[] = {"dd", "iperf"};
    size_t sum = 0;
    for (size_t i = 0; i < 2; i++) {
        char f[64];
        snprintf(f, sizeof f, "--tool %s", tools[i]);
        size_t n = json_series_and_filtered(db, f, &filtered);
        assert_true(n > 0);
        assert_int_equal(n + filtered, all);
        sum += n;
    }
    /* fio's two series are shown by --all against ARM-FT1500A */
    assert_int_equal(sum + 2, all);
}

/* tmpfs is measured on ARM-FT1500A and x86-A, not on x86-B, and iperf's
 * chelsio NIC on x86-B alone: a report of x86-B against ARM-FT1500A leaves
 * those three series out, and every format
 * says so and names --all (they vanished without a word). */
static void report__one_platform_series__every_format_says_so_and_names_all(
    void **state)
{
    (void)state;
    char d2[512];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/l.sqlite' import '%s'", d2,
               tu_path("samples/published/seed-published-figures.csv")))
        fail_msg("import: %s", out.data);
    const char *sel = "--baseline x86-B --platforms x86-B,ARM-FT1500A";
    const char *say = "3 series measured on one platform only are left out; "
                      "--all shows them.";
    static const char *const streams[] = {"report --format text",
                                          "report --format md",
                                          "report --format html",
                                          "report --format csv",
                                          "report --format json",
                                          "efficiency --format text",
                                          "efficiency --format md",
                                          "chart --format svg -o"};
    for (size_t i = 0; i < sizeof streams / sizeof *streams; i++) {
        bdb_buf_reset(&out);
        int chart = strncmp(streams[i], "chart", 5) == 0;
        /* (text: one line a finding; charts: the image's width) */
        if (tu_run(&out, "--db '%s/l.sqlite' %s %s%s%s%s --width 400", d2,
                   streams[i], chart ? "'" : "", chart ? d2 : "",
                   chart ? "/charts' " : "", sel))
            fail_msg("%s: %s", streams[i], out.data);
        if (!strstr(out.data, say))
            fail_msg("%s does not say what it left out:\n%.3000s", streams[i],
                     out.data);
    }
    /* JSON says it as numbers too */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/l.sqlite' report --format json %s",
                            d2, sel), 0);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    assert_non_null(root);
    json_t *lo = json_object_get(root, "left_out");
    assert_int_equal(json_integer_value(json_object_get(lo, "one_platform")), 3);
    assert_string_equal(json_string_value(json_object_get(lo, "shown_by")),
                        "--all");
    json_decref(root);
    /* --all shows them, and then nothing is left out */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/l.sqlite' report --all %s", d2, sel), 0);
    assert_null(strstr(out.data, "left out;"));
    assert_non_null(strstr(out.data, "tmpfs"));

    /* the files: PDF report and chart PDF (pdftotext), XLSX (ssconvert) */
    static const char *const files[] = {"report --format pdf -o",
                                        "chart --format pdf -o",
                                        "report --format xlsx -o"};
    static const char *const names[] = {"r.pdf", "c.pdf", "r.xlsx"};
    for (size_t i = 0; i < 3; i++) {
        char path[800], cmd[2000];
        snprintf(path, sizeof path, "%s/%s", d2, names[i]);
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/l.sqlite' %s '%s' %s", d2, files[i], path, sel))
            fail_msg("%s: %s", files[i], out.data);
        if (i < 2)
            snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 '%s' '%s.txt'",
                     path, path);
        else
            snprintf(cmd, sizeof cmd,
                     "ssconvert -S -T Gnumeric_stf:stf_assistant -O "
                     "'format=raw separator=,' '%s' '%s-%%s.csv' >/dev/null 2>&1",
                     path, path);
        if (system(cmd) != 0)
            fail_msg("%s failed (pdftotext: poppler-utils, ssconvert: gnumeric)",
                     cmd);
        char txt[900];
        snprintf(txt, sizeof txt, i < 2 ? "%s.txt" : "%s-Inputs.csv", path);
        char *flat = file_flat(txt);
        if (!strstr(flat, say))
            fail_msg("%s does not say what it left out: %.2000s", names[i], flat);
        free(flat);
    }
    bdb_buf_free(&out);
}

/* ab runs of one page through two URLs (ports 18081 and 18082) on two
 * boxes are two series each until --ignore-param site makes them one:
 * report, chart and efficiency take it, and say what they ignored. */
static void report__ignore_param_port__two_boxes_compare_and_it_is_said(
    void **state)
{
    (void)state;
    char d2[512];
    two_urls_db(d2, sizeof d2);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s/u.sqlite' report", d2), 1);
    assert_non_null(strstr(out.data, "--ignore-param"));
    json_t *root = run_json(d2, "report --ignore-param site");
    double a = NAN, b = NAN;
    json_per_watt(root, "requests_per_sec", "box-a", &a, NULL);
    json_per_watt(root, "requests_per_sec", "box-b", &b, NULL);
    /* box-a's three runs: 775.58, 658.34, 840.54 requests/s; box-b's
     * 577.98, 623.05, 833.20 (line 24 of each run file) */
    assert_true(fabs(a - (775.58 + 658.34 + 840.54) / 3) < 1e-9);
    assert_true(fabs(b - (577.98 + 623.05 + 833.20) / 3) < 1e-9);
    json_t *se = json_array_get(json_object_get(root, "series"), 0);
    assert_null(strstr(json_string_value(json_object_get(se, "parameters")),
                       "site="));
    json_t *lo = json_object_get(root, "left_out");
    /* 39 series a box, each pooled with the other box's */
    assert_int_equal(json_integer_value(json_object_get(lo, "pooled")), 39);
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(lo, "ignored_params"), 0)),
                        "site");
    json_decref(root);
    const char *said = "Ignored parameters (--ignore-param): site; 39 series "
                       "pooled";
    static const char *const cmds[] = {"report", "efficiency", "chart -o"};
    for (size_t i = 0; i < 3; i++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/u.sqlite' %s%s%s%s --ignore-param site "
                         "--width 400", d2, cmds[i], i == 2 ? " '" : "",
                   i == 2 ? d2 : "", i == 2 ? "/c'" : ""))
            fail_msg("%s: %s", cmds[i], out.data);
        if (!strstr(out.data, said))
            fail_msg("%s does not say what it ignored: %.3000s", cmds[i],
                     out.data);
    }
    assert_int_equal(tu_run(&out, "--db '%s/u.sqlite' report --ignore-param "
                                  "port=1", d2), 2);
    bdb_buf_free(&out);
}

/* check pools the series --ignore-param makes one, set by set: box-a's
 * runs as set "before" and box-b's as "after" on one platform are one
 * series in two sets, not two series of one set each. */
static void check__ignore_param_port__checks_the_pooled_series(void **state)
{
    (void)state;
    char d2[512];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/k.sqlite' import -q --set before --platform box "
                     "--param site=a '%s'-box-a-run*.txt", d2, tu_path("samples/ab/two-urls")) ||
        tu_run(&out, "--db '%s/k.sqlite' import -q --set after --platform box "
                     "--param site=b '%s'-box-b-run*.txt", d2, tu_path("samples/ab/two-urls")))
        fail_msg("import: %s", out.data);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/k.sqlite' check --metric "
                                  "requests_per_sec", d2), 1);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/k.sqlite' check --metric "
                                  "requests_per_sec --ignore-param site "
                                  "--format json", d2), 0);
    json_error_t err;
    json_t *root = json_loads(out.data, 0, &err);
    if (!root)
        fail_msg("not JSON: %s", out.data);
    json_t *rows = json_object_get(root, "rows");
    assert_int_equal(json_array_size(rows), 1);
    assert_string_equal(json_string_value(json_array_get(
                            json_object_get(root, "ignored_params"), 0)),
                        "site");
    json_decref(root);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/k.sqlite' check --metric "
                                  "requests_per_sec --ignore-param site", d2), 0);
    assert_non_null(strstr(out.data, "ignored parameters (--ignore-param): site"));
    bdb_buf_free(&out);
}

/* Seed 000 sweeps openssl over multi; benchdb drew block_size. The
 * default is the tool record's first sweep (multi for openssl speed);
 * --sweep chooses another. A finding names the parameters of the series
 * it cites. */
static void report__sweep_option__chooses_the_axis_and_findings_name_params(
    void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    static const int bs[] = {16, 64, 16384}, mu[] = {1, 2, 4};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double x = 100.0 * (i + 1) * mu[j];
            /* Y is 0.9x X everywhere but at 16384 bytes, 4 processes */
            double y = x * (i == 2 && j == 2 ? 0.76 : 0.9);
            bdb_buf_printf(&csv, "X,openssl-speed,aes-256-cbc,throughput,%g,MB/s,"
                                 "block_size=%d;multi=%d\n"
                                 "Y,openssl-speed,aes-256-cbc,throughput,%g,MB/s,"
                                 "block_size=%d;multi=%d\n",
                           x, bs[i], mu[j], y, bs[i], mu[j]);
        }
    import_text(st, "ssl.csv", csv.data);
    bdb_buf_free(&csv);
    bdb_model *m = build(st, "X", NULL);
    assert_int_equal(m->nsweeps, 3);
    for (size_t w = 0; w < m->nsweeps; w++) {
        assert_string_equal(m->sweeps[w].key, "multi");
        const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
        assert_non_null(strstr(first->params, "multi=1"));
    }
    bdb_buf out;
    bdb_buf_init(&out);
    bdb_report_findings(m, &out, "");
    if (!strstr(out.data, "furthest apart on openssl-speed aes-256-cbc "
                          "throughput at block_size=16384, multi=4: 0.76x"))
        fail_msg("findings: %s", out.data);
    bdb_model_free(m);

    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "X";
    o.sweep = "block_size";
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
    assert_int_equal(m->nsweeps, 3);
    for (size_t w = 0; w < m->nsweeps; w++) {
        assert_string_equal(m->sweeps[w].key, "block_size");
        const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
        assert_non_null(strstr(first->params, "block_size=16,"));
    }
    bdb_model_free(m);
    bdb_buf_free(&out);
    bdb_store_close(st);
}

/* A parameter that does not vary is never a sweep: wrk's duration stays
 * put in every series, so asking for it draws nothing; in /n concurrency
 * stays put while threads go 1, 2, 4, so the default (concurrency first)
 * passes to threads there, and in /c threads stay put. */
static void report__constant_parameter__never_a_sweep(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    static const int c[] = {1, 10, 100}, t[] = {1, 2, 4};
    for (int i = 0; i < 3; i++)
        for (int p = 0; p < 2; p++)
            bdb_buf_printf(&csv,
                           "%s,wrk,/c,requests_per_sec,%d,op/s,concurrency=%d;"
                           "duration=10;threads=2\n"
                           "%s,wrk,/n,requests_per_sec,%d,op/s,concurrency=10;"
                           "duration=10;threads=%d\n",
                           p ? "B" : "A", (100 - 10 * p) * (i + 1), c[i],
                           p ? "B" : "A", (200 - 20 * p) * (i + 1), t[i]);
    import_text(st, "constant.csv", csv.data);
    bdb_buf_free(&csv);
    bdb_model *m = build(st, "A", NULL);
    assert_int_equal(m->nsweeps, 2);
    for (size_t w = 0; w < m->nsweeps; w++) {
        const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
        assert_string_equal(m->sweeps[w].key,
                            strcmp(first->benchmark, "/c") == 0 ? "concurrency"
                                                                : "threads");
    }
    bdb_model_free(m);
    static const char *const asked[] = {"duration", "threads"};
    for (int k = 0; k < 2; k++) {
        bdb_report_opts o;
        bdb_report_opts_default(&o);
        o.baseline = "A";
        o.sweep = asked[k];
        bdb_diag d;
        bdb_diag_clear(&d);
        assert_int_equal(bdb_model_build(st, &o, &m, &d), 0);
        /* duration never varies; threads vary only in /n */
        assert_int_equal(m->nsweeps, k == 0 ? 0 : 1);
        for (size_t w = 0; w < m->nsweeps; w++) {
            const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
            assert_string_equal(first->benchmark, "/n");
        }
        bdb_model_free(m);
    }
    bdb_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(report__published_sources__same_platform_and_rows_in_every_format),
        cmocka_unit_test(report__text__fits_width_columns_or_100),
        cmocka_unit_test(report__efficiency_formats__as_report),
        cmocka_unit_test(report__seed_figures__ratios_oriented_and_untested),
        cmocka_unit_test(report__repeated_runs__welch_decides_and_says_same),
        cmocka_unit_test(report__speedup_intervals__each_is_the_one_comparison_bootstrap),
        cmocka_unit_test(report__fmt_g__writes_what_printf_writes),
        cmocka_unit_test(report__fmt_f_u_and_str_add__write_what_printf_writes),
        cmocka_unit_test(report__sink__gets_the_same_bytes_in_bounded_pieces),
        cmocka_unit_test(report__sink__text_and_markdown_go_section_by_section),
        cmocka_unit_test(report__sink__failure_ends_the_report_with_its_error),
        cmocka_unit_test(report__concurrency_values__become_one_ordered_sweep),
        cmocka_unit_test(report__constant_parameter__never_a_sweep),
        cmocka_unit_test(report__per_core__divides_rates_and_lists_missing),
        cmocka_unit_test(report__nine_and_thirty_watt_boards__per_watt_in_every_format),
        cmocka_unit_test(report__hourly_rent_and_foreign_price__handled_and_said),
        cmocka_unit_test(report__hostile_names__escaped_in_html_and_guarded_in_csv),
        cmocka_unit_test(report__json__is_what_jansson_writes_for_the_same_document),
        cmocka_unit_test(report__json_sources__each_value_its_own_path_escaped),
        cmocka_unit_test(report__csv_fields__formula_starts_guarded),
        cmocka_unit_test(report__baseline_without_figure__ratio_against_ref_not_scored),
        cmocka_unit_test(report__seed002_bc_pi__every_format_agrees_with_the_logs),
        cmocka_unit_test(report__warned_source__marks_its_cells_only),
        cmocka_unit_test(report__bad_selection__says_what_is_wrong),
        cmocka_unit_test(efficiency__json__only_throughputs_and_same_per_watt_per_core),
        cmocka_unit_test(report__one_platform_series__every_format_says_so_and_names_all),
        cmocka_unit_test(report__tool_filter__counts_the_series_it_leaves_out),
        cmocka_unit_test(report__ignore_param_port__two_boxes_compare_and_it_is_said),
        cmocka_unit_test(check__ignore_param_port__checks_the_pooled_series),
        cmocka_unit_test(report__sweep_option__chooses_the_axis_and_findings_name_params),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    bdb_chart_release_caches(); /* the HTML charts' fonts: only real leaks left */
    return failed;
}
