/* test_chart.c - the cairo charts: which files are written and what they
 * are called, that a PNG is 960x540 and shows the platforms' colours,
 * that a sweep draws one line per platform, SVG and the multi-page PDF are
 * what they claim, an unwritable directory is an error naming the path,
 * and that missing or NaN figures draw nothing (no zero bars). Models come
 * from a fresh store fed a small results CSV, or are built by hand when
 * the store could never hold the case (NaN means, bytes that are not
 * UTF-8). */
#include "test_util.h"

#include "../report/render/chart.h"
#include "../report/analysis/model.h"
#include "../import/import.h"
#include "../store/store.h"

/* cairo's include directory is private to bdb_report; its headers include
 * each other with quotes, so the prefixed path works. */
#include <cairo.h>

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[512];

#define fresh_store() tu_fresh_store(dir, sizeof dir)
#define import_text(st, name, text) tu_import_text(st, dir, name, text)



/* Three platforms: a concurrency sweep of ab (three runs a point, so
 * there are intervals), gzip times (lower is better) and an openssl rate. */
static const char *results =
    "platform,tool,benchmark,metric,value,unit,parameters\n"
    "A,ab,/,requests_per_sec,100,op/s,concurrency=1;keepalive=0\n"
    "A,ab,/,requests_per_sec,104,op/s,concurrency=1;keepalive=0\n"
    "A,ab,/,requests_per_sec,98,op/s,concurrency=1;keepalive=0\n"
    "A,ab,/,requests_per_sec,500,op/s,concurrency=10;keepalive=0\n"
    "A,ab,/,requests_per_sec,520,op/s,concurrency=10;keepalive=0\n"
    "A,ab,/,requests_per_sec,490,op/s,concurrency=10;keepalive=0\n"
    "A,ab,/,requests_per_sec,900,op/s,concurrency=100;keepalive=0\n"
    "A,ab,/,requests_per_sec,950,op/s,concurrency=100;keepalive=0\n"
    "A,ab,/,requests_per_sec,880,op/s,concurrency=100;keepalive=0\n"
    "B,ab,/,requests_per_sec,50,op/s,concurrency=1;keepalive=0\n"
    "B,ab,/,requests_per_sec,52,op/s,concurrency=1;keepalive=0\n"
    "B,ab,/,requests_per_sec,49,op/s,concurrency=1;keepalive=0\n"
    "B,ab,/,requests_per_sec,200,op/s,concurrency=10;keepalive=0\n"
    "B,ab,/,requests_per_sec,210,op/s,concurrency=10;keepalive=0\n"
    "B,ab,/,requests_per_sec,190,op/s,concurrency=10;keepalive=0\n"
    "B,ab,/,requests_per_sec,300,op/s,concurrency=100;keepalive=0\n"
    "B,ab,/,requests_per_sec,320,op/s,concurrency=100;keepalive=0\n"
    "B,ab,/,requests_per_sec,310,op/s,concurrency=100;keepalive=0\n"
    "C,ab,/,requests_per_sec,150,op/s,concurrency=1;keepalive=0\n"
    "C,ab,/,requests_per_sec,160,op/s,concurrency=1;keepalive=0\n"
    "C,ab,/,requests_per_sec,155,op/s,concurrency=1;keepalive=0\n"
    "C,ab,/,requests_per_sec,700,op/s,concurrency=10;keepalive=0\n"
    "C,ab,/,requests_per_sec,690,op/s,concurrency=10;keepalive=0\n"
    "C,ab,/,requests_per_sec,720,op/s,concurrency=10;keepalive=0\n"
    "C,ab,/,requests_per_sec,1500,op/s,concurrency=100;keepalive=0\n"
    "C,ab,/,requests_per_sec,1450,op/s,concurrency=100;keepalive=0\n"
    "C,ab,/,requests_per_sec,1550,op/s,concurrency=100;keepalive=0\n"
    "A,gzip,gzip,real,10.0,s,\nA,gzip,gzip,real,10.2,s,\nA,gzip,gzip,real,9.9,s,\n"
    "B,gzip,gzip,real,5.0,s,\nB,gzip,gzip,real,5.1,s,\nB,gzip,gzip,real,4.9,s,\n"
    "C,gzip,gzip,real,12.0,s,\nC,gzip,gzip,real,12.4,s,\nC,gzip,gzip,real,11.9,s,\n"
    "A,openssl,aes-256-cbc,throughput,400000000,B/s,\n"
    "A,openssl,aes-256-cbc,throughput,410000000,B/s,\n"
    "B,openssl,aes-256-cbc,throughput,900000000,B/s,\n"
    "B,openssl,aes-256-cbc,throughput,880000000,B/s,\n"
    "C,openssl,aes-256-cbc,throughput,300000000,B/s,\n"
    "C,openssl,aes-256-cbc,throughput,310000000,B/s,\n";

static bdb_model *build_model(bdb_store **st)
{
    *st = fresh_store();
    import_text(*st, "results.csv", results);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "A";
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(*st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    return m;
}

static size_t headline_count(const bdb_model *m)
{
    size_t n = 0;
    for (size_t s = 0; s < m->nseries; s++)
        n += m->series[s].headline != 0;
    return n;
}

/* The whole-report charts the model has (overview, scores, efficiency,
 * units to match); the fixture has no power or price, so the efficiency
 * ratios and scatters are absent and the overview and units-to-match are
 * there. */
static size_t whole_charts(const bdb_model *m)
{
    size_t n = 0;
    for (int k = BDB_CHART_OVERVIEW; k <= BDB_CHART_MATCH; k++)
        n += bdb_chart_available(m, (bdb_chart_kind)k, 0) != 0;
    return n;
}

/* A fresh directory for output, under the store's. */
static const char *out_dir(const char *name)
{
    static char path[700];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* Files in d whose name ends in ext; fails on a name that is not safe. */
static size_t count_files(const char *d, const char *ext)
{
    DIR *dp = opendir(d);
    assert_non_null(dp);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.')
            continue;
        for (const char *c = e->d_name; *c; c++)
            if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
                  *c == '-' || *c == '.'))
                fail_msg("unsafe file name %s", e->d_name);
        size_t l = strlen(e->d_name), el = strlen(ext);
        if (l > el && strcmp(e->d_name + l - el, ext) == 0)
            n++;
    }
    closedir(dp);
    return n;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    b[n] = '\0';
    fclose(f);
    if (len)
        *len = (size_t)n;
    return b;
}

/* ---- pixels ---------------------------------------------------------------- */

typedef struct image {
    cairo_surface_t *s;
    int w, h, stride;
    const unsigned char *data;
} image;

static image load_png(const char *path)
{
    image im;
    im.s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(im.s))
        fail_msg("%s: %s", path, cairo_status_to_string(cairo_surface_status(im.s)));
    cairo_surface_flush(im.s);
    im.w = cairo_image_surface_get_width(im.s);
    im.h = cairo_image_surface_get_height(im.s);
    im.stride = cairo_image_surface_get_stride(im.s);
    im.data = cairo_image_surface_get_data(im.s);
    return im;
}

static void pixel(const image *im, int x, int y, int rgb[3])
{
    uint32_t v;
    memcpy(&v, im->data + (size_t)y * (size_t)im->stride + (size_t)x * 4, 4);
    rgb[0] = (int)(v >> 16 & 0xff);
    rgb[1] = (int)(v >> 8 & 0xff);
    rgb[2] = (int)(v & 0xff);
}

/* Pixels in [x0,x1) x [y0,y1) within 2 of the colour of palette slot. */
static size_t count_slot(const image *im, size_t slot, int x0, int y0, int x1, int y1)
{
    unsigned char c[3];
    bdb_chart_palette(slot, c);
    size_t n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            int p[3];
            pixel(im, x, y, p);
            if (abs(p[0] - c[0]) <= 2 && abs(p[1] - c[1]) <= 2 && abs(p[2] - c[2]) <= 2)
                n++;
        }
    return n;
}

/* Pixels that are not a grey (antialiased text and grid lines are). */
static size_t count_coloured(const image *im, int x0, int y0, int x1, int y1)
{
    size_t n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            int p[3];
            pixel(im, x, y, p);
            if (abs(p[0] - p[1]) > 8 || abs(p[1] - p[2]) > 8)
                n++;
        }
    return n;
}

static size_t count_distinct(const image *im)
{
    int first[3];
    pixel(im, 0, 0, first);
    size_t n = 0;
    for (int y = 0; y < im->h; y++)
        for (int x = 0; x < im->w; x++) {
            int p[3];
            pixel(im, x, y, p);
            n += p[0] != first[0] || p[1] != first[1] || p[2] != first[2];
        }
    return n;
}

/* ---- tests ------------------------------------------------------------------- */

static void chart__render_all__one_png_per_score_sweep_and_headline_series(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    /* the fixture has what every kind of chart needs */
    assert_int_equal(m->nsweeps, 1);
    assert_true(m->nscores > 0);
    size_t nh = headline_count(m);
    assert_true(nh >= 5); /* 3 sweep points, gzip, openssl */
    const char *out = out_dir("png");
    size_t written = 99;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_chart_render_all(m, BDB_CHART_PNG, out, &written, &d))
        fail_msg("%s", d.message);
    assert_int_equal(whole_charts(m), 3); /* overview, scores, match */
    assert_int_equal(written, whole_charts(m) + 1 + nh);
    assert_int_equal(count_files(out, ".png"), written);
    char path[800];
    snprintf(path, sizeof path, "%s/scores.png", out);
    free(read_all(path, NULL));
    snprintf(path, sizeof path, "%s/overview.png", out);
    free(read_all(path, NULL));
    snprintf(path, sizeof path, "%s/units-to-match-baseline.png", out);
    free(read_all(path, NULL));
    snprintf(path, sizeof path, "%s/sweep-01-ab-requests-per-sec-concurrency.png", out);
    free(read_all(path, NULL));
    /* rendering again replaces, it does not add */
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_PNG, out, &written, &d), 0);
    assert_int_equal(count_files(out, ".png"), written);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void chart__png__is_960x540_and_shows_the_platform_colours(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    const char *out = out_dir("png");
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_PNG, out, NULL, &d), 0);

    char path[800];
    snprintf(path, sizeof path, "%s/scores.png", out);
    image im = load_png(path);
    assert_int_equal(im.w, 960);
    assert_int_equal(im.h, 540);
    assert_true(count_distinct(&im) > 1000);
    /* B and C have score bars; A is the dashed line at 1.0 */
    assert_true(count_slot(&im, 1, 0, 110, 960, 480) > 500);
    assert_true(count_slot(&im, 2, 0, 110, 960, 480) > 500);
    assert_true(count_slot(&im, 0, 0, 110, 960, 480) > 100);
    cairo_surface_destroy(im.s);

    /* the gzip bar chart: one bar per platform, baseline first */
    size_t gz = m->nseries;
    for (size_t s = 0; s < m->nseries; s++)
        if (strcmp(m->series[s].tool, "gzip") == 0)
            gz = s;
    assert_true(gz < m->nseries);
    snprintf(path, sizeof path, "%s/series-%03zu-gzip-gzip-real.png", out, gz + 1);
    im = load_png(path);
    assert_int_equal(im.w, 960);
    assert_int_equal(im.h, 540);
    for (size_t k = 0; k < 3; k++)
        assert_true(count_slot(&im, k, 96, 80, 930, 460) > 1000);
    assert_int_equal(count_slot(&im, 3, 0, 0, 960, 540), 0);
    /* the baseline's bar is in the leftmost third */
    assert_true(count_slot(&im, 0, 96, 80, 374, 460) > 1000);
    assert_int_equal(count_slot(&im, 0, 374, 80, 930, 460), 0);
    cairo_surface_destroy(im.s);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void chart__sweep__one_line_per_platform_in_png(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    const char *out = out_dir("png");
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_PNG, out, NULL, &d), 0);
    char path[800];
    snprintf(path, sizeof path, "%s/sweep-01-ab-requests-per-sec-concurrency.png", out);
    image im = load_png(path);
    assert_int_equal(im.w, 960);
    assert_int_equal(im.h, 540);
    /* the plot area holds a line in each platform's colour and no other */
    for (size_t k = 0; k < 3; k++)
        assert_true(count_slot(&im, k, 97, 80, 750, 470) > 300);
    assert_int_equal(count_slot(&im, 3, 0, 0, 960, 540), 0);
    /* each platform's colour in the legend too */
    for (size_t k = 0; k < 3; k++)
        assert_true(count_slot(&im, k, 752, 80, 960, 200) > 20);
    cairo_surface_destroy(im.s);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void chart__svg__every_file_is_an_svg_document(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    const char *out = out_dir("svg");
    size_t written = 0;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_SVG, out, &written, &d), 0);
    assert_int_equal(written, whole_charts(m) + m->nsweeps + headline_count(m));
    assert_int_equal(count_files(out, ".svg"), written);
    DIR *dp = opendir(out);
    assert_non_null(dp);
    struct dirent *e;
    size_t seen = 0;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", out, e->d_name);
        char *b = read_all(path, NULL);
        assert_memory_equal(b, "<?xml", 5);
        assert_non_null(strstr(b, "<svg"));
        assert_non_null(strstr(b, "width=\"960"));
        free(b);
        seen++;
    }
    closedir(dp);
    assert_int_equal(seen, written);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* "/Type /Page" objects, not "/Type /Pages". */
static size_t count_pages(const char *pdf, size_t len)
{
    size_t n = 0;
    const char *key = "/Type /Page";
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl <= len; i++)
        if (memcmp(pdf + i, key, kl) == 0 && (i + kl == len || pdf[i + kl] != 's'))
            n++;
    return n;
}

static void chart__pdf_report__title_page_then_one_page_per_chart(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    const char *path = out_dir("report.pdf");
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_chart_render_pdf_report(m, path, &d))
        fail_msg("%s", d.message);
    size_t len;
    char *b = read_all(path, &len);
    assert_memory_equal(b, "%PDF", 4);
    assert_int_equal(count_pages(b, len),
                     1 + whole_charts(m) + m->nsweeps + headline_count(m));
    free(b);

    /* single-chart PDFs have one page each */
    const char *out = out_dir("pdf");
    size_t written = 0;
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_PDF, out, &written, &d), 0);
    char one[800];
    snprintf(one, sizeof one, "%s/scores.pdf", out);
    b = read_all(one, &len);
    assert_memory_equal(b, "%PDF", 4);
    assert_int_equal(count_pages(b, len), 1);
    free(b);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void chart__unwritable_dir__eio_naming_the_path(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    /* under a regular file: refused even to root */
    const char *file = out_dir("plain");
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    char bad[800];
    snprintf(bad, sizeof bad, "%s/charts", file);
    size_t written = 99;
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_PNG, bad, &written, &d), BDB_EIO);
    assert_int_equal(written, 0);
    assert_non_null(strstr(d.message, bad));
    /* the file itself as the directory */
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(m, BDB_CHART_SVG, file, &written, &d), BDB_EIO);
    assert_non_null(strstr(d.message, file));

    char pdf[900];
    snprintf(pdf, sizeof pdf, "%s/report.pdf", bad);
    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_pdf_report(m, pdf, &d), BDB_EIO);
    assert_non_null(strstr(d.message, pdf));

    bdb_diag_clear(&d);
    assert_int_equal(bdb_chart_render_all(NULL, BDB_CHART_PNG, file, NULL, &d), BDB_EUSAGE);
    assert_int_equal(bdb_chart_render_all(m, (bdb_chart_format)7, file, NULL, &d),
                     BDB_EUSAGE);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* ---- hand-built models -------------------------------------------------- */

/* Two platforms, one headline series and one category score; the caller
 * fills in the figures. Nothing is heap-allocated. */
typedef struct fake {
    bdb_model m;
    bdb_platform pl[2];
    bdb_rseries se;
    bdb_cell cells[2];
    bdb_score sc;
} fake;

static void fake_init(fake *f, const char *tool, const char *bench)
{
    memset(f, 0, sizeof *f);
    bdb_platform_clear(&f->pl[0]);
    bdb_platform_clear(&f->pl[1]);
    strcpy(f->pl[0].name, "base");
    strcpy(f->pl[1].name, "other");
    f->se.tool = (char *)tool;
    f->se.benchmark = (char *)bench;
    f->se.metric = (char *)"throughput";
    f->se.params = (char *)"";
    f->se.unit = (char *)"B/s";
    f->se.better = 1;
    f->se.category = "disk";
    f->se.headline = 1;
    f->se.sweep = -1;
    f->se.cells = f->cells;
    for (int p = 0; p < 2; p++) {
        f->cells[p].mean = NAN;
        f->cells[p].speedup = NAN;
    }
    f->sc.category = "disk";
    f->sc.platform = 1;
    f->sc.g.geomean = NAN;
    f->sc.g.ci_lo = NAN;
    f->sc.g.ci_hi = NAN;
    f->m.platforms = f->pl;
    f->m.nplatforms = 2;
    f->m.series = &f->se;
    f->m.nseries = 1;
    f->m.scores = &f->sc;
    f->m.nscores = 1;
    snprintf(f->m.title, sizeof f->m.title, "fake");
}

/* Both platforms' cells present, one value each: a and b. */
static void fake_means(fake *f, double a, double b)
{
    f->cells[0].present = f->cells[1].present = 1;
    f->cells[0].n = f->cells[1].n = 1;
    f->cells[0].mean = a;
    f->cells[1].mean = b;
}

static void chart__missing_and_nan_figures__draw_no_bars(void **state)
{
    (void)state;
    fake f;
    fake_init(&f, "dd", "disk");
    f.cells[0].present = 1; /* present with a NaN mean */
    f.cells[0].n = 1;       /* cells[1] is missing */
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    const char *out = out_dir("nan");
    size_t written = 0;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_chart_render_all(&f.m, BDB_CHART_PNG, out, &written, &d))
        fail_msg("%s", d.message);
    assert_int_equal(written, 2);
    char path[800];
    snprintf(path, sizeof path, "%s/series-001-dd-disk-throughput.png", out);
    image im = load_png(path);
    /* the plot area: only greys (grid, axes), no bar, no whisker colour */
    assert_int_equal(count_coloured(&im, 90, 80, 960, 460), 0);
    cairo_surface_destroy(im.s);
    snprintf(path, sizeof path, "%s/scores.png", out);
    im = load_png(path);
    assert_int_equal(count_slot(&im, 1, 0, 110, 960, 540), 0); /* below the legend */
    cairo_surface_destroy(im.s);

    /* the same charts with figures do show bars: the checks above can fail */
    f.cells[0].mean = 100e6;
    f.cells[1].present = 1;
    f.cells[1].n = 1;
    f.cells[1].mean = 50e6;
    f.sc.g.geomean = 0.5;
    assert_int_equal(bdb_chart_render_all(&f.m, BDB_CHART_PNG, out, &written, &d), 0);
    snprintf(path, sizeof path, "%s/series-001-dd-disk-throughput.png", out);
    im = load_png(path);
    assert_true(count_coloured(&im, 90, 80, 960, 460) > 1000);
    cairo_surface_destroy(im.s);
    snprintf(path, sizeof path, "%s/scores.png", out);
    im = load_png(path);
    assert_true(count_slot(&im, 1, 0, 110, 960, 540) > 500);
    cairo_surface_destroy(im.s);
}

static void chart__hostile_text__drawn_cut_and_cleaned_not_failed(void **state)
{
    (void)state;
    static char longname[3000];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    /* invalid UTF-8, a surrogate, control characters, a cut sequence */
    fake f;
    fake_init(&f, "\xff\xfe\x01tool\xed\xa0\x80\t\xc3", longname);
    fake_means(&f, 1, 2);
    strcpy(f.pl[1].name, "\xe2\x82");
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    bdb_diag d;
    bdb_diag_clear(&d);
    size_t written = 0;
    if (bdb_chart_render_all(&f.m, BDB_CHART_SVG, out_dir("hostile"), &written, &d))
        fail_msg("%s", d.message);
    assert_int_equal(written, 2);
    /* the file name is made safe and bounded */
    char path[4000];
    snprintf(path, sizeof path, "%s/series-001-tool-%.*s.svg", out_dir("hostile"),
             120 - 5, longname);
    free(read_all(path, NULL));
    if (bdb_chart_render_all(&f.m, BDB_CHART_PNG, out_dir("hostile"), &written, &d))
        fail_msg("%s", d.message);
    snprintf(path, sizeof path, "%s/series-001-tool-%.*s.png", out_dir("hostile"),
             120 - 5, longname);
    image im = load_png(path);
    assert_true(count_slot(&im, 0, 96, 80, 930, 460) > 1000);
    assert_true(count_slot(&im, 1, 96, 80, 930, 460) > 1000);
    cairo_surface_destroy(im.s);
    if (bdb_chart_render_pdf_report(&f.m, out_dir("hostile.pdf"), &d))
        fail_msg("%s", d.message);
}

/* ---- geometry, read from what was drawn ----------------------------------- */

static int overlap(const bdb_chart_item *a, const bdb_chart_item *b)
{
    const double e = 0.5;
    return a->x + e < b->x + b->w && b->x + e < a->x + a->w &&
           a->y + e < b->y + b->h && b->y + e < a->y + a->h;
}

/* Tick labels of the value axis in drawing order: values rising, placed
 * higher each time, evenly; no two texts overlap; every platform named
 * in the legend or under its bar. Returns the pixels per unit. */
static double check_layout(const bdb_chart_trace *t, const bdb_model *m,
                           int baseline_in_legend)
{
    assert_false(t->failed);
    double prev_v = -INFINITY, prev_y = INFINITY, step = NAN;
    double y0 = NAN, v0 = NAN, y1 = NAN, v1 = NAN;
    size_t nt = 0;
    for (size_t i = 0; i < t->n; i++) {
        const bdb_chart_item *it = &t->items[i];
        if (it->kind != BDB_CHART_ITEM_TICK_Y)
            continue;
        double yc = it->y + it->h / 2;
        if (!(it->value > prev_v) || !(yc < prev_y))
            fail_msg("tick '%s' (%g at y %.1f) out of order", it->text, it->value, yc);
        /* grid lines snap to pixel centres: 1 px of play */
        if (nt >= 2 && fabs((prev_y - yc) - step) > 1.01)
            fail_msg("tick '%s' not evenly spaced", it->text);
        if (nt >= 1)
            step = prev_y - yc;
        if (nt == 0) {
            y0 = yc;
            v0 = it->value;
        }
        y1 = yc;
        v1 = it->value;
        prev_v = it->value;
        prev_y = yc;
        nt++;
    }
    assert_true(nt >= 3);
    for (size_t i = 0; i < t->n; i++)
        for (size_t j = i + 1; j < t->n; j++) {
            const bdb_chart_item *a = &t->items[i], *b = &t->items[j];
            if (a->kind == BDB_CHART_ITEM_BAR || b->kind == BDB_CHART_ITEM_BAR)
                continue;
            if (overlap(a, b))
                fail_msg("'%s' [%.1f,%.1f %.1fx%.1f] overlaps '%s' [%.1f,%.1f %.1fx%.1f]",
                         a->text, a->x, a->y, a->w, a->h, b->text, b->x, b->y,
                         b->w, b->h);
        }
    for (size_t p = 0; p < m->nplatforms; p++) {
        if (p == m->baseline && !baseline_in_legend)
            continue;
        const char *name = bdb_model_platform_name(m, p);
        int found = 0;
        for (size_t i = 0; i < t->n && !found; i++)
            found = t->items[i].kind == BDB_CHART_ITEM_LEGEND &&
                    strncmp(t->items[i].text, name, strlen(name)) == 0;
        if (!found)
            fail_msg("platform %s is not in the legend", name);
    }
    return (y0 - y1) / (v1 - v0);
}

/* Every rectangle cairo wrote into the SVG as a path "M x y L ... Z":
 * whether one has the box (x, y, w, h). */
static int svg_has_rect(const char *svg, double x, double y, double w, double h)
{
    for (const char *p = svg; (p = strstr(p, " d=\"M ")); p++) {
        const char *q = p + 4;
        double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
        int n = 0;
        while (*q && *q != '"' && *q != 'Z' && *q != 'C') {
            while (*q == ' ' || *q == 'M' || *q == 'L')
                q++;
            char *end;
            double a = strtod(q, &end);
            if (end == q)
                break;
            double b = strtod(end, &end);
            minx = fmin(minx, a);
            maxx = fmax(maxx, a);
            miny = fmin(miny, b);
            maxy = fmax(maxy, b);
            n++;
            q = end;
        }
        if (n >= 4 && fabs(minx - x) < 0.01 && fabs(miny - y) < 0.01 &&
            fabs(maxx - minx - w) < 0.01 && fabs(maxy - miny - h) < 0.01)
            return 1;
    }
    return 0;
}

static void chart__series_svg__bars_proportional_to_values_against_the_axis(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    size_t s = 0;
    while (s < m->nseries && strcmp(m->series[s].tool, "openssl") != 0)
        s++;
    assert_true(s < m->nseries);
    bdb_chart_trace t;
    bdb_buf svg;
    bdb_buf_init(&svg);
    bdb_chart_trace_begin(&t);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_SERIES, s, 960, 540, &svg), 0);
    bdb_chart_trace_end();
    double k = check_layout(&t, m, 1);
    assert_true(k > 0);
    size_t bars = 0;
    double bottom = NAN;
    for (size_t i = 0; i < t.n; i++) {
        const bdb_chart_item *it = &t.items[i];
        if (it->kind != BDB_CHART_ITEM_BAR)
            continue;
        /* 405, 890 and 305 MB/s: heights in the axis' pixels per unit */
        const bdb_cell *c = NULL;
        for (size_t p = 0; p < m->nplatforms; p++)
            if (strcmp(bdb_model_platform_name(m, p), it->text) == 0)
                c = &m->series[s].cells[p];
        assert_non_null(c);
        assert_true(fabs(it->value - c->mean) < 1e-6 * c->mean);
        if (fabs(it->h - c->mean * k) > 1.0)
            fail_msg("bar of %s is %.2f px high, the axis says %.2f", it->text,
                     it->h, c->mean * k);
        /* all on one zero line */
        if (bars && fabs(it->y + it->h - bottom) > 0.01)
            fail_msg("bar of %s does not start at zero", it->text);
        bottom = it->y + it->h;
        /* and that is what the SVG holds */
        if (!svg_has_rect(svg.data, it->x, it->y, it->w, it->h))
            fail_msg("the SVG has no bar at %.2f,%.2f %.2fx%.2f", it->x, it->y,
                     it->w, it->h);
        bars++;
    }
    assert_int_equal(bars, 3);
    bdb_chart_trace_free(&t);
    bdb_buf_free(&svg);
    bdb_model_free(m);
    bdb_store_close(st);
}

static void chart__scores_and_sweep__ticks_ordered_labels_apart_legend_complete(void **state)
{
    (void)state;
    bdb_store *st;
    bdb_model *m = build_model(&st);
    bdb_chart_trace t;
    bdb_buf svg;
    bdb_buf_init(&svg);
    bdb_chart_trace_begin(&t);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_SCORES, 0, 960, 540, &svg), 0);
    bdb_chart_trace_end();
    double k = check_layout(&t, m, 0);
    for (size_t i = 0; i < t.n; i++)
        if (t.items[i].kind == BDB_CHART_ITEM_BAR &&
            fabs(t.items[i].h - t.items[i].value * k) > 1.0)
            fail_msg("score bar of %s: %.2f px for %.3f", t.items[i].text,
                     t.items[i].h, t.items[i].value);
    bdb_chart_trace_free(&t);

    bdb_buf_reset(&svg);
    bdb_chart_trace_begin(&t);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_SWEEP, 0, 960, 540, &svg), 0);
    bdb_chart_trace_end();
    check_layout(&t, m, 1);
    bdb_chart_trace_free(&t);

    /* a small canvas squeezes, it does not overlap */
    bdb_chart_trace_begin(&t);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_SWEEP, 0, 640, 360, &svg), 0);
    bdb_chart_trace_end();
    check_layout(&t, m, 1);
    bdb_chart_trace_free(&t);
    bdb_buf_free(&svg);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* benchdb chart --width/--height/--dpi: the size in points (CSS pixels)
 * and, for PNG, the pixels per inch; the overview, drawn first, is in
 * the folder with the readable, unique names. */
static void chart__cli_size_and_dpi__png_pixels_follow(void **state)
{
    (void)state;
    bdb_store *st = fresh_store();
    import_text(st, "results.csv", results);
    bdb_store_close(st);
    bdb_buf out;
    bdb_buf_init(&out);
    if (tu_run(&out, "--db '%s/r.sqlite' chart --baseline A -o '%s/sized' "
                     "--width 640 --height 360 --dpi 192", dir, dir))
        fail_msg("chart: %s", out.data);
    char path[800];
    snprintf(path, sizeof path, "%s/sized/overview.png", dir);
    image im = load_png(path);
    /* 640 x 360 at 192 dpi = twice the 96-dpi pixels; the params are in
     * every series name, so concurrency=1, 10 and 100 stay apart */
    assert_int_equal(im.w, 1280);
    assert_int_equal(im.h, 720);
    cairo_surface_destroy(im.s);
    snprintf(path, sizeof path,
             "%s/sized/series-005-openssl-aes-256-cbc-throughput.png", dir);
    im = load_png(path);
    assert_int_equal(im.w, 1280);
    cairo_surface_destroy(im.s);
    snprintf(path, sizeof path,
             "%s/sized/series-002-ab-requests-per-sec-concurrency-10-keepalive-0.png", dir);
    free(read_all(path, NULL));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/r.sqlite' chart -o '%s/x' --height 10",
                            dir, dir), 2);
    bdb_buf_free(&out);
}

/* Past 120 headline series the overview draws the series farthest from
 * the baseline and says so: 300 gzip series (one category) whose B/A
 * ratio grows with the series number; the chart keeps the 120 largest
 * (b180 to b299), its title and the category's header give the counts,
 * and its height is that of 121 rows, not 301. Below the bound every
 * series is drawn, as before. */
static void chart__overview_of_many_series__draws_the_farthest_and_says_so(void **state)
{
    (void)state;
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    for (int i = 0; i < 300; i++) {
        double b = 100.0 * (1.0 + (double)(i + 1) / 100.0);
        bdb_buf_printf(&csv,
                       "A,gzip,b%03d,real,100,s,\nA,gzip,b%03d,real,101,s,\n"
                       "B,gzip,b%03d,real,%.3f,s,\nB,gzip,b%03d,real,%.3f,s,\n",
                       i, i, i, b, i, b + 1.0);
    }
    bdb_store *st = fresh_store();
    import_text(st, "many.csv", csv.data);
    bdb_buf_free(&csv);
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "A";
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    assert_int_equal(headline_count(m), 300);
    assert_true(bdb_chart_available(m, BDB_CHART_OVERVIEW, 0));
    double h = bdb_chart_natural_height(m, BDB_CHART_OVERVIEW, 960);
    /* O_T + 16 per row + 56: a header and 120 series */
    assert_true(fabs(h - (104.0 + 16.0 * 121 + 56.0)) < 1e-9);
    bdb_chart_trace t;
    bdb_buf svg;
    bdb_buf_init(&svg);
    bdb_chart_trace_begin(&t);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_OVERVIEW, 0, 960, 0, &svg), 0);
    bdb_chart_trace_end();
    assert_false(t.failed);
    int title = 0, header = 0, rows = 0;
    for (size_t i = 0; i < t.n; i++) {
        const char *x = t.items[i].text;
        title |= strcmp(x, "Overview: the 120 of 300 headline results farthest "
                           "from 1, relative to A") == 0;
        header |= strstr(x, "(geometric mean of all; 120 of 300 shown)") != NULL;
        if (strncmp(x, "gzip b", 6) == 0) {
            long k = strtol(x + 6, NULL, 10);
            if (k < 180)
                fail_msg("'%s' is drawn, nearer to 1 than those left out", x);
            rows++;
        }
    }
    assert_true(title);
    assert_true(header);
    assert_int_equal(rows, 120);
    bdb_chart_trace_free(&t);
    bdb_buf_free(&svg);
    bdb_model_free(m);
    bdb_store_close(st);

    /* 3 headline series: all drawn, the title as before */
    m = build_model(&st);
    bdb_chart_trace_begin(&t);
    bdb_buf_init(&svg);
    assert_int_equal(bdb_chart_svg(m, BDB_CHART_OVERVIEW, 0, 960, 0, &svg), 0);
    bdb_chart_trace_end();
    title = 0;
    for (size_t i = 0; i < t.n; i++) {
        title |= strcmp(t.items[i].text,
                        "Overview: every headline result, relative to A") == 0;
        assert_null(strstr(t.items[i].text, " shown)"));
    }
    assert_true(title);
    bdb_chart_trace_free(&t);
    bdb_buf_free(&svg);
    bdb_model_free(m);
    bdb_store_close(st);
}

/* The overview's SVG on the demo's data plus seed 003's redis CSVs and
 * seed 001's fio runs: its texts are <text> elements (cairo drew glyph
 * outlines) and no two are equal (seed 002's four dd rows read "dd
 * sas-disk throughput block_size=1048576,conv=fsync,coun..." alike: the
 * parameters that differ now come first). */
static void chart__overview_svg__real_text_and_distinct_row_labels(void **state)
{
    (void)state;
    char d2[512], cmd[2048];
    snprintf(d2, sizeof d2, "%s", tu_tmpdir());
    snprintf(cmd, sizeof cmd, "sh '%s/scripts/demo-import.sh' '%s' '%s/o.sqlite'",
             BDB_SOURCE_DIR, BDB_BINARY, d2);
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_shell_limited(cmd, -1, &out), 0);
    if (tu_run(&out, "--db '%s/o.sqlite' import --platform local '%s' '%s'", d2,
               tu_path("samples/identity/fio-seed001-json.json"),
               BDB_SOURCE_DIR "/samples/identity/fio-seed001-normal.txt") > 1)
        fail_msg("import: %s", out.data);
    static const char *const sel[] = {"", "--all"};
    for (size_t k = 0; k < 2; k++) {
        bdb_buf_reset(&out);
        if (tu_run(&out, "--db '%s/o.sqlite' chart --format svg %s -o '%s/svg%zu'",
                   d2, sel[k], d2, k))
            fail_msg("chart: %s", out.data);
        char path[700];
        snprintf(path, sizeof path, "%s/svg%zu/overview.svg", d2, k);
        bdb_buf svg;
        bdb_buf_init(&svg);
        char msg[256];
        assert_int_equal(bdb_buf_read_file(&svg, path, msg, sizeof msg), 0);
        char texts[64][256];
        size_t n = 0, rows = 0;
        for (const char *t = svg.data; (t = strstr(t, "<text ")); t++) {
            const char *b = strchr(t, '>'), *e = b ? strstr(b, "</text>") : NULL;
            assert_non_null(e);
            assert_true(n < 64);
            snprintf(texts[n], sizeof texts[n], "%.*s", (int)(e - b - 1), b + 1);
            for (size_t j = 0; j < n; j++)
                if (strcmp(texts[j], texts[n]) == 0)
                    fail_msg("two texts read \"%s\"", texts[n]);
            rows += strncmp(texts[n], "dd sas-disk", 11) == 0;
            n++;
        }
        assert_true(n >= 10);
        assert_int_equal(rows, 4);
        bdb_buf_free(&svg);
    }
    bdb_buf_free(&out);
}

/* A label too long for the overview's row is cut to a start of it with an
 * ellipsis: whole characters (two-byte ones among them), as much of it as
 * fits, found by halving the length (not one character at a time). */
static void chart__overview_long_label__cut_at_a_character_with_ellipsis(void **state)
{
    (void)state;
    static char longname[1200];
    size_t n = 0;
    while (n + 3 < sizeof longname) {   /* "a\u00e9" again and again */
        longname[n++] = 'a';
        longname[n++] = (char)0xc3;
        longname[n++] = (char)0xa9;
    }
    longname[n] = '\0';
    fake f;
    fake_init(&f, "dd", longname);
    fake_means(&f, 100e6, 50e6);
    f.cells[1].compared = 1;
    f.cells[1].speedup = 0.5;
    /* no interval: f.se.ci is NULL */
    f.sc.g.geomean = 0.5;
    bdb_buf svg;
    bdb_buf_init(&svg);
    assert_int_equal(bdb_chart_svg(&f.m, BDB_CHART_OVERVIEW, 0, 960, 0, &svg),
                     BDB_OK);
    const char *t = strstr(svg.data, ">dd a");
    assert_non_null(t);
    t++;
    const char *e = strstr(t, "</text>");
    assert_non_null(e);
    size_t len = (size_t)(e - t);
    /* ends with the ellipsis, a start of the label before it, cut
     * between characters, and not to nothing */
    assert_true(len > 3 && memcmp(e - 3, "\xe2\x80\xa6", 3) == 0);
    size_t kept = len - 3;
    assert_true(kept > 20 && kept < 3 + n);
    assert_memory_equal(t, "dd ", 3);
    assert_memory_equal(t + 3, longname, kept - 3);
    assert_true((kept - 3) % 3 == 0 || (kept - 3) % 3 == 1);
    bdb_buf_free(&svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chart__overview_svg__real_text_and_distinct_row_labels),
        cmocka_unit_test(chart__render_all__one_png_per_score_sweep_and_headline_series),
        cmocka_unit_test(chart__png__is_960x540_and_shows_the_platform_colours),
        cmocka_unit_test(chart__sweep__one_line_per_platform_in_png),
        cmocka_unit_test(chart__svg__every_file_is_an_svg_document),
        cmocka_unit_test(chart__pdf_report__title_page_then_one_page_per_chart),
        cmocka_unit_test(chart__unwritable_dir__eio_naming_the_path),
        cmocka_unit_test(chart__missing_and_nan_figures__draw_no_bars),
        cmocka_unit_test(chart__hostile_text__drawn_cut_and_cleaned_not_failed),
        cmocka_unit_test(chart__overview_long_label__cut_at_a_character_with_ellipsis),
        cmocka_unit_test(chart__series_svg__bars_proportional_to_values_against_the_axis),
        cmocka_unit_test(chart__scores_and_sweep__ticks_ordered_labels_apart_legend_complete),
        cmocka_unit_test(chart__cli_size_and_dpi__png_pixels_follow),
        cmocka_unit_test(chart__overview_of_many_series__draws_the_farthest_and_says_so),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    bdb_chart_release_caches(); /* so LeakSanitizer sees only real leaks */
    return failed;
}
