/* test_xlsx.c - the XLSX workbook renderer: figures derived from prices
 * and power are live formulas over the Platforms and Inputs sheets, their
 * cached results are the model's figures, unknown inputs stay empty, text
 * from logs never becomes a formula, and the charts exist. The workbook is
 * read back with `unzip -p` (the tests skip when unzip is missing). */
#include "test_util.h"

#include "../report/analysis/model.h"
#include "../report/render/render.h"
#include "../report/render/xlsx_rows.h"
#include "../import/import.h"
#include "../store/store.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xlsxwriter.h>




static char dir[512];

static const char *hostile = "=cmd|' /C calc'!A0";

/* Three platforms: two owned boards with power and price, one rented VM
 * without power; a throughput, a lower-is-better time, a sweep of three
 * concurrency values and a benchmark with a hostile name. */
static const char *results_csv =
    "platform,tool,benchmark,metric,value,unit,parameters\n"
    "imx6,ab,/test.htm,requests_per_sec,900,op/s,\n"
    "atom,ab,/test.htm,requests_per_sec,3000,op/s,\n"
    "vm,ab,/test.htm,requests_per_sec,1500,op/s,\n"
    "imx6,gzip,gzip,real,15.0,s,\nimx6,gzip,gzip,real,15.6,s,\n"
    "atom,gzip,gzip,real,6.0,s,\natom,gzip,gzip,real,6.2,s,\n"
    "imx6,ab,/sweep,requests_per_sec,100,op/s,concurrency=1\n"
    "imx6,ab,/sweep,requests_per_sec,500,op/s,concurrency=10\n"
    "imx6,ab,/sweep,requests_per_sec,900,op/s,concurrency=100\n"
    "atom,ab,/sweep,requests_per_sec,300,op/s,concurrency=1\n"
    "atom,ab,/sweep,requests_per_sec,1500,op/s,concurrency=10\n"
    "atom,ab,/sweep,requests_per_sec,2800,op/s,concurrency=100\n"
    "imx6,ab,\"=cmd|' /C calc'!A0\",requests_per_sec,1,op/s,\n"
    "atom,ab,\"=cmd|' /C calc'!A0\",requests_per_sec,2,op/s,\n";

typedef struct fixture {
    bdb_model *m;
    char path[700];
} fixture;

static int have_unzip(void)
{
    return system("command -v unzip >/dev/null 2>&1") == 0;
}

static void put_platform(bdb_store *st, const char *name, double power,
                         double idle, double price, double rent)
{
    bdb_platform p;
    bdb_platform_clear(&p);
    snprintf(p.name, sizeof p.name, "%s", name);
    p.power_w = power;
    p.idle_power_w = idle;
    p.price_usd = price;
    p.rent_usd_month = rent;
    assert_int_equal(bdb_store_platform_put(st, &p, 1), 0);
}

static int setup(void **state)
{
    if (!have_unzip()) {
        *state = NULL;
        return 0;
    }
    fixture *fx = calloc(1, sizeof *fx);
    assert_non_null(fx);
    bdb_store *st = tu_fresh_store(dir, sizeof dir);
    tu_import_text(st, dir, "results.csv", results_csv);
    bdb_diag d;
    put_platform(st, "imx6", 9, NAN, 40, NAN);
    put_platform(st, "atom", 30, 10, 52, NAN);
    put_platform(st, "vm", NAN, NAN, NAN, 20);

    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "atom";
    o.platforms = "atom,imx6,vm"; /* Platforms rows 2, 3, 4 */
    o.min_platforms = 2;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &fx->m, &d))
        fail_msg("model: %s", d.message);
    bdb_store_close(st);

    snprintf(fx->path, sizeof fx->path, "%s/report.xlsx", dir);
    bdb_diag_clear(&d);
    if (bdb_report_render_xlsx(fx->m, NULL, fx->path, &d))
        fail_msg("xlsx: %s", d.message);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    if (fx) {
        bdb_model_free(fx->m);
        free(fx);
    }
    return 0;
}

/* The fixture, or skip when unzip is missing - except in CI (CI=true),
 * where a skip would pass without testing anything. */
static fixture *fx_of(void **state)
{
    if (!*state) {
        const char *ci = getenv("CI");
        if (ci && strcmp(ci, "true") == 0)
            fail_msg("unzip is not installed (apt-get install unzip)");
        print_message("unzip is not installed: skipped (apt-get install unzip)\n");
        skip();
    }
    return *state;
}

/* One part of the zip, as text (empty when the part does not exist). */
static char *part(const fixture *fx, const char *name)
{
    char cmd[1600];
    snprintf(cmd, sizeof cmd, "unzip -p '%s' '%s' 2>/dev/null", fx->path, name);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    bdb_buf b;
    bdb_buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
        bdb_buf_append(&b, chunk, n);
    pclose(p);
    bdb_buf_puts(&b, "");
    return bdb_buf_detach(&b, NULL);
}

/* One cell of a sheet's XML: its formula and cached value, unescaped
 * enough for the tests (&quot; &gt; &lt; &amp;). */
typedef struct xcell {
    int found;
    int has_f, has_v;
    char f[2048];
    char v[256];
} xcell;

static void unescape(char *s)
{
    static const struct { const char *e; char c; } ents[] = {
        {"&quot;", '"'}, {"&gt;", '>'}, {"&lt;", '<'}, {"&apos;", '\''},
        {"&amp;", '&'}};
    char *w = s;
    for (const char *r = s; *r;) {
        size_t i;
        for (i = 0; i < sizeof ents / sizeof ents[0]; i++)
            if (strncmp(r, ents[i].e, strlen(ents[i].e)) == 0)
                break;
        if (i < sizeof ents / sizeof ents[0]) {
            *w++ = ents[i].c;
            r += strlen(ents[i].e);
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
}

static void inner(const char *from, const char *to, const char *open,
                  const char *close, int *has, char *out, size_t n)
{
    const char *a = strstr(from, open);
    *has = 0;
    out[0] = '\0';
    if (!a || a >= to)
        return;
    a = strchr(a, '>');
    if (!a || a >= to || a[-1] == '/') {
        *has = a && a < to; /* <v/> */
        return;
    }
    a++;
    const char *b = strstr(a, close);
    if (!b || b > to)
        return;
    *has = 1;
    snprintf(out, n, "%.*s", (int)(b - a), a);
    unescape(out);
}

static xcell cell(const char *xml, const char *ref)
{
    xcell c;
    memset(&c, 0, sizeof c);
    char key[32];
    snprintf(key, sizeof key, "<c r=\"%s\"", ref);
    const char *s = strstr(xml, key);
    if (!s)
        return c;
    c.found = 1;
    const char *gt = strchr(s, '>');
    assert_non_null(gt);
    if (gt[-1] == '/')
        return c; /* <c r=".." s=".."/>: an empty, formatted cell */
    const char *end = strstr(gt, "</c>");
    assert_non_null(end);
    inner(gt, end, "<f", "</f>", &c.has_f, c.f, sizeof c.f);
    inner(gt, end, "<v", "</v>", &c.has_v, c.v, sizeof c.v);
    return c;
}

static int near(const char *v, double want)
{
    char *end;
    double got = strtod(v, &end);
    if (end == v)
        return 0;
    return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

static const bdb_cell *model_cell(const bdb_model *m, const char *bench,
                                  const char *metric, const char *platform)
{
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (strcmp(se->benchmark, bench) || strcmp(se->metric, metric))
            continue;
        for (size_t p = 0; p < m->nplatforms; p++)
            if (strcmp(bdb_model_platform_name(m, p), platform) == 0)
                return &se->cells[p];
    }
    fail_msg("no cell %s %s %s", bench, metric, platform);
    return NULL;
}

/* The row (1-based, as in A1 references) of the first cell of column col
 * whose cached value is want; 0 when none. */
static int row_with_value(const char *xml, char col, double want, xcell *out)
{
    for (int r = 2; r < 200; r++) {
        char ref[16];
        snprintf(ref, sizeof ref, "%c%d", col, r);
        xcell c = cell(xml, ref);
        if (c.has_v && near(c.v, want)) {
            if (out)
                *out = c;
            return r;
        }
    }
    return 0;
}

static void xlsx__file__is_a_zip_with_the_seven_sheets(void **state)
{
    fixture *fx = fx_of(state);
    FILE *f = fopen(fx->path, "rb");
    assert_non_null(f);
    char magic[2] = {0};
    assert_int_equal(fread(magic, 1, 2, f), 2);
    fclose(f);
    assert_memory_equal(magic, "PK", 2);
    char *wb = part(fx, "xl/workbook.xml");
    const char *names[] = {"Inputs", "Platforms", "Results", "Efficiency",
                           "Scores", "Sweeps", "Warnings"};
    const char *prev = wb;
    for (size_t i = 0; i < 7; i++) {
        char key[64];
        snprintf(key, sizeof key, "<sheet name=\"%s\"", names[i]);
        const char *at = strstr(wb, key);
        if (!at || at < prev)
            fail_msg("sheet %s missing or out of order", names[i]);
        prev = at;
    }
    /* Excel recalculates on opening, so edits elsewhere are reflected. */
    assert_non_null(strstr(wb, "fullCalcOnLoad=\"1\""));
    free(wb);
}

static void xlsx__inputs__are_defined_names_over_editable_cells(void **state)
{
    fixture *fx = fx_of(state);
    char *wb = part(fx, "xl/workbook.xml");
    assert_non_null(strstr(wb, "<definedName name=\"kwh_price\">Inputs!$B$2</definedName>"));
    assert_non_null(strstr(wb, "<definedName name=\"years\">Inputs!$B$4</definedName>"));
    assert_non_null(strstr(wb, "<definedName name=\"utilization\">Inputs!$B$5</definedName>"));
    free(wb);
    char *in = part(fx, "xl/worksheets/sheet1.xml");
    xcell c = cell(in, "B2");
    assert_true(c.has_v && !c.has_f);
    assert_true(near(c.v, fx->m->opts.cost.kwh_price));
    c = cell(in, "B4");
    assert_true(c.has_v && near(c.v, 3.0));
    c = cell(in, "B5");
    assert_true(c.has_v && near(c.v, 1.0));
    free(in);
}

static void xlsx__per_watt__is_a_live_formula_over_platform_power(void **state)
{
    fixture *fx = fx_of(state);
    const bdb_cell *imx = model_cell(fx->m, "/test.htm", "requests_per_sec", "imx6");
    assert_true(fabs(tu_cell_eff(fx->m, imx, NULL).per_watt - 100.0) < 1e-9); /* 900 op/s at 9 W */
    char *ef = part(fx, "xl/worksheets/sheet4.xml");
    /* atom (3000 at 30 W) and imx6 (900 at 9 W) are both 100 op/s/W: one
     * formula must divide by atom's power (Platforms row 2), the other by
     * imx6's (row 3). */
    int seen_atom = 0, seen_imx = 0;
    for (int r = 2; r < 40; r++) {
        char ref[16];
        snprintf(ref, sizeof ref, "J%d", r);
        xcell c = cell(ef, ref);
        if (!c.has_f || !c.has_v || !near(c.v, tu_cell_eff(fx->m, imx, NULL).per_watt))
            continue;
        assert_non_null(strstr(c.f, "Platforms!"));
        seen_atom |= strstr(c.f, "/Platforms!$K$2") != NULL;
        seen_imx |= strstr(c.f, "/Platforms!$K$3") != NULL;
        /* a blank or zero power gives "", not #DIV/0! */
        assert_non_null(strstr(c.f, "ISNUMBER(Platforms!$K$"));
        assert_non_null(strstr(c.f, "IFERROR("));
    }
    assert_true(seen_atom);
    assert_true(seen_imx);
    /* per dollar divides by the price the cost model uses */
    xcell c;
    assert_true(row_with_value(ef, 'K', tu_cell_eff(fx->m, imx, NULL).per_dollar, &c) > 0);
    assert_non_null(strstr(c.f, "/Platforms!$P$3"));
    free(ef);
}

static void xlsx__tco__formula_over_inputs_and_cached_model_figure(void **state)
{
    fixture *fx = fx_of(state);
    const bdb_cell *atom = model_cell(fx->m, "/test.htm", "requests_per_sec", "atom");
    const bdb_cell *vm = model_cell(fx->m, "/test.htm", "requests_per_sec", "vm");
    /* 52 + 30 W * 26298 h / 1000 * 0.15 */
    assert_true(fabs(tu_cell_eff(fx->m, atom, NULL).tco - (52 + 30 * 26298.0 / 1000 * 0.15)) < 1e-9);
    assert_true(fabs(tu_cell_eff(fx->m, vm, NULL).tco - 20 * 12 * 3) < 1e-9); /* rented */
    char *ef = part(fx, "xl/worksheets/sheet4.xml");
    xcell c;
    assert_true(row_with_value(ef, 'M', tu_cell_eff(fx->m, atom, NULL).tco, &c) > 0);
    assert_true(c.has_f);
    assert_non_null(strstr(c.f, "kwh_price"));
    assert_non_null(strstr(c.f, "years"));
    assert_non_null(strstr(c.f, "utilization"));
    assert_non_null(strstr(c.f, "24*365.25"));
    assert_non_null(strstr(c.f, "Platforms!$K$2")); /* atom's power */
    assert_non_null(strstr(c.f, "Platforms!$L$2")); /* and its idle power */
    assert_true(row_with_value(ef, 'M', tu_cell_eff(fx->m, vm, NULL).tco, &c) > 0);
    assert_non_null(strstr(c.f, "Platforms!$Q$4*12*years"));
    /* per TCO dollar is the rate over the TCO cell of its row */
    int r = row_with_value(ef, 'N', tu_cell_eff(fx->m, atom, NULL).per_tco_dollar, &c);
    assert_true(r > 0);
    char want[32];
    snprintf(want, sizeof want, "$H$%d/$M$%d", r, r);
    assert_non_null(strstr(c.f, want));
    free(ef);
}

static void xlsx__unknown_inputs__empty_cells_not_zero(void **state)
{
    fixture *fx = fx_of(state);
    char *pl = part(fx, "xl/worksheets/sheet2.xml");
    /* vm (row 4) has no power, price or idle power: formatted but empty */
    const char *empty[] = {"K4", "L4", "I4", "E4", "L3"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        xcell c = cell(pl, empty[i]);
        if (c.has_v || c.has_f)
            fail_msg("%s is not empty: <f>%s</f> <v>%s</v>", empty[i], c.f, c.v);
    }
    xcell c = cell(pl, "K3"); /* imx6: 9 W */
    assert_true(c.has_v && near(c.v, 9));
    c = cell(pl, "M4"); /* vm's rent */
    assert_true(c.has_v && near(c.v, 20));
    free(pl);

    /* vm's per watt: a formula whose cached result is "", not 0 */
    const bdb_cell *vm = model_cell(fx->m, "/test.htm", "requests_per_sec", "vm");
    assert_true(isnan(tu_cell_eff(fx->m, vm, NULL).per_watt));
    char *ef = part(fx, "xl/worksheets/sheet4.xml");
    int found = 0;
    for (int r = 2; r < 40; r++) {
        char ref[16];
        snprintf(ref, sizeof ref, "J%d", r);
        xcell j = cell(ef, ref);
        if (!j.has_f || !strstr(j.f, "Platforms!$K$4"))
            continue;
        found = 1;
        assert_string_equal(j.v, "");
    }
    assert_true(found);
    assert_null(strstr(ef, "NaN"));
    assert_null(strstr(ef, "nan"));
    free(ef);
}

static void xlsx__speedup__oriented_formula_over_mean_cells(void **state)
{
    fixture *fx = fx_of(state);
    char *rs = part(fx, "xl/worksheets/sheet3.xml");
    /* lower is better: atom 6.1 s, imx6 15.3 s -> 6.1 / 15.3 */
    const bdb_cell *g = model_cell(fx->m, "gzip", "real", "imx6");
    assert_true(fabs(g->speedup - 6.1 / 15.3) < 1e-9);
    xcell c;
    int r = row_with_value(rs, 'S', g->speedup, &c);
    assert_true(r > 0);
    char own[16];
    snprintf(own, sizeof own, "/$K$%d", r);
    assert_non_null(strstr(c.f, own)); /* reference / this row */
    /* higher is better: 900 / 3000 -> this row / reference */
    const bdb_cell *t = model_cell(fx->m, "/test.htm", "requests_per_sec", "imx6");
    r = row_with_value(rs, 'S', t->speedup, &c);
    assert_true(r > 0);
    snprintf(own, sizeof own, "$K$%d/", r);
    assert_non_null(strstr(c.f, own));
    /* the mean it divides is a number cell */
    char ref[16];
    snprintf(ref, sizeof ref, "K%d", r);
    xcell mean = cell(rs, ref);
    assert_true(mean.has_v && !mean.has_f && near(mean.v, 900));
    free(rs);
}

static void xlsx__hostile_benchmark__stays_a_string(void **state)
{
    fixture *fx = fx_of(state);
    /* a string: inline in the sheets libxlsxwriter writes in constant
     * memory (<c t="inlineStr"><is><t>...</t></is></c>), a shared string
     * (<si><t>...</t></si>, cells t="s") in Results and Efficiency */
    char want[64];
    snprintf(want, sizeof want, "<is><t>%s</t></is>", hostile);
    char *sst = part(fx, "xl/sharedStrings.xml");
    unescape(sst);
    char want_si[64];
    snprintf(want_si, sizeof want_si, "<si><t>%s</t></si>", hostile);
    int found = strstr(sst, want_si) != NULL;
    free(sst);
    for (int i = 1; i <= 7; i++) {
        char name[64];
        snprintf(name, sizeof name, "xl/worksheets/sheet%d.xml", i);
        char *x = part(fx, name);
        unescape(x);
        found |= strstr(x, want) != NULL;
        free(x);
    }
    assert_true(found);
    for (int i = 1; i <= 7; i++) {
        char name[64];
        snprintf(name, sizeof name, "xl/worksheets/sheet%d.xml", i);
        char *x = part(fx, name);
        /* no formula anywhere mentions it */
        for (const char *f = strstr(x, "<f>"); f; f = strstr(f + 3, "<f>")) {
            const char *e = strstr(f, "</f>");
            assert_non_null(e);
            char body[2048];
            snprintf(body, sizeof body, "%.*s", (int)(e - f), f);
            assert_null(strstr(body, "cmd"));
        }
        free(x);
    }
}

static void xlsx__charts__scores_columns_and_sweep_lines(void **state)
{
    fixture *fx = fx_of(state);
    assert_int_equal(fx->m->nsweeps, 1);
    assert_true(fx->m->nscores > 0);
    int bars = 0, lines = 0, whiskers = 0;
    for (int i = 1; i <= 6; i++) {
        char name[64];
        snprintf(name, sizeof name, "xl/charts/chart%d.xml", i);
        char *x = part(fx, name);
        if (strstr(x, "<c:barChart>") && strstr(x, "<c:barDir val=\"col\"/>")) {
            bars++;
            assert_non_null(strstr(x, "Scores!$B$2"));
        }
        if (strstr(x, "<c:lineChart>") && strstr(x, "<c:hiLowLines>")) {
            /* a platform's scores with their 95% interval as whiskers */
            whiskers++;
            assert_non_null(strstr(x, "Scores!"));
        } else if (strstr(x, "<c:lineChart>")) {
            lines++;
            /* x = the three concurrency values, y = each platform's mean */
            assert_non_null(strstr(x, "<c:f>Sweeps!$A$4:$A$6</c:f>"));
            assert_non_null(strstr(x, "<c:f>Sweeps!$B$4:$B$6</c:f>"));
            assert_non_null(strstr(x, "<c:f>Sweeps!$C$4:$C$6</c:f>"));
        }
        free(x);
    }
    assert_int_equal(bars, 1);
    assert_int_equal(lines, 1);
    assert_true(whiskers >= 1);
    char *sw = part(fx, "xl/worksheets/sheet6.xml");
    const double xs[] = {1, 10, 100};
    for (int i = 0; i < 3; i++) {
        char ref[8];
        snprintf(ref, sizeof ref, "A%d", 4 + i);
        xcell c = cell(sw, ref);
        assert_true(c.has_v && !c.has_f && near(c.v, xs[i]));
    }
    /* the means are the Results cells, cached */
    xcell c = cell(sw, "C6");
    assert_true(c.has_f && strstr(c.f, "Results!$K$") != NULL);
    assert_true(near(c.v, 900)); /* imx6 at concurrency 100 */
    free(sw);
}

/* Every chart's title and axis titles are text in the chart XML, not
 * only a reference to a cell: LibreOffice 7.4 showed "Chart Title" and
 * "Axis Title" for the references (no cached text). The sweep's title is
 * its label, its axes the swept parameter and the unit. */
static void xlsx__chart_titles__are_text_in_the_chart_xml(void **state)
{
    fixture *fx = fx_of(state);
    const bdb_sweep *sw = &fx->m->sweeps[0];
    int charts = 0, sweep = 0;
    for (int i = 1;; i++) {
        char name[64];
        snprintf(name, sizeof name, "xl/charts/chart%d.xml", i);
        char *x = part(fx, name);
        if (!*x) {
            free(x);
            break;
        }
        charts++;
        size_t titles = 0;
        for (const char *t = x; (t = strstr(t, "<c:title>")); t++) {
            const char *end = strstr(t, "</c:title>");
            assert_non_null(end);
            const char *text = strstr(t, "<a:t>");
            if (!text || text > end)
                fail_msg("%s: a title without text: %.*s", name,
                         (int)(end - t), t);
            titles++;
        }
        assert_true(titles >= 2); /* the chart's and the value axis' */
        if (strstr(x, "<c:lineChart>") && !strstr(x, "<c:hiLowLines>")) {
            char want[320];
            snprintf(want, sizeof want, "<a:t>%s</a:t>", sw->key);
            assert_non_null(strstr(x, want));
            snprintf(want, sizeof want, "<a:t>%s</a:t>", sw->label);
            if (!strstr(x, want))
                fail_msg("%s: no title %s", name, want);
            sweep++;
        }
        free(x);
    }
    assert_true(charts >= 3);
    assert_int_equal(sweep, 1);
}

static void xlsx__scores_charts__anchored_below_every_table(void **state)
{
    fixture *fx = fx_of(state);
    char *sheet = part(fx, "xl/worksheets/sheet5.xml"); /* Scores */
    char *drawing = part(fx, "xl/drawings/drawing1.xml");
    assert_non_null(strstr(sheet, "<c r=\"A1\""));
    long last = 0; /* the last row with a cell, 1-based */
    for (const char *p = sheet; (p = strstr(p, "<row r=\"")); p++)
        last = strtol(p + 8, NULL, 10);
    assert_true(last >= 5);
    int charts = 0;
    for (const char *p = drawing; (p = strstr(p, "<xdr:from>")); p++) {
        const char *r = strstr(p, "<xdr:row>");
        assert_non_null(r);
        long row = strtol(r + 9, NULL, 10); /* 0-based */
        if (row < last)
            fail_msg("a chart starts at row %ld, over the tables (to row %ld)",
                     row + 1, last);
        charts++;
    }
    /* the grouped scores and one with whiskers per scored platform */
    assert_true(charts >= 2);
    free(sheet);
    free(drawing);
}

static void xlsx__sweep_of_microseconds__charted_in_us_not_raw_seconds(void **state)
{
    (void)state;
    if (!have_unzip())
        skip();
    char d2[512];
    bdb_store *st = tu_fresh_store(d2, sizeof d2);
    tu_import_text(st, d2, "lat.csv",
                   "platform,tool,benchmark,metric,value,unit,parameters\n"
                   "A,redis-benchmark,GET,latency_mean,0.000047,s,clients=1\n"
                   "A,redis-benchmark,GET,latency_mean,0.000090,s,clients=10\n"
                   "A,redis-benchmark,GET,latency_mean,0.000400,s,clients=100\n"
                   "B,redis-benchmark,GET,latency_mean,0.000060,s,clients=1\n"
                   "B,redis-benchmark,GET,latency_mean,0.000120,s,clients=10\n"
                   "B,redis-benchmark,GET,latency_mean,0.000500,s,clients=100\n");
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    bdb_store_close(st);
    assert_int_equal(m->nsweeps, 1);
    fixture f2;
    f2.m = m;
    snprintf(f2.path, sizeof f2.path, "%s/lat.xlsx", d2);
    if (bdb_report_render_xlsx(m, NULL, f2.path, &d))
        fail_msg("xlsx: %s", d.message);
    /* Inputs, Platforms, Results, Efficiency, Scores, Sweeps */
    char *names = part(&f2, "xl/workbook.xml");
    assert_non_null(strstr(names, "name=\"Sweeps\" sheetId=\"6\""));
    free(names);
    char *sw = part(&f2, "xl/worksheets/sheet6.xml");
    /* the unit cell the axis title refers to says microseconds (inline:
     * the workbook is written in constant memory) */
    assert_non_null(strstr(sw, "<c r=\"B2\" t=\"inlineStr\"><is><t>\xc2\xb5s</t></is></c>"));
    /* 47 us, as 0.000047 s times 10^6 */
    xcell c = cell(sw, "B4");
    assert_true(c.has_f && strstr(c.f, "*1E+06") != NULL);
    assert_true(near(c.v, 0.000047 * 1e6));
    free(sw);
    bdb_model_free(m);
}

static void xlsx__unwritable_path__fails_with_a_diagnostic(void **state)
{
    fixture *fx = fx_of(state);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_report_render_xlsx(fx->m, NULL,
                                            "/nonexistent-dir/x/report.xlsx", &d),
                     BDB_EIO);
    assert_non_null(strstr(d.message, "/nonexistent-dir/x/report.xlsx"));
}

/* ---- the big sheets' rows (report/render/xlsx_rows.c) ------------------ */

/* A part of the zip at path, as text. */
static char *part_of(const char *path, const char *name)
{
    fixture f;
    snprintf(f.path, sizeof f.path, "%s", path);
    return part(&f, name);
}

/* The same cells through libxlsxwriter and through xlsx_rows.c: the
 * sheet XML is the same, byte for byte, whatever the text holds. */
static void xlsx__big_sheet_rows__same_xml_as_libxlsxwriter(void **state)
{
    (void)state;
    if (!have_unzip())
        skip();
    char d2[512];
    bdb_store_close(tu_fresh_store(d2, sizeof d2));
    static const char *const texts[] = {
        "plain", " leading space", "trailing tab\t", "a&b<c>d \"q\" 'a'",
        "ctl\x01x\x1f\x0d", "line\nfeed", "\xc3\xa9t\xc3\xa9", "=1+1", "x"};
    static const double nums[] = {1.5, -0.0, 1e300, 0.1, 123456789012345678.0,
                                  -2.5e-310, 1.0 / 3};
    char ref[600], pkg[600], out[600];
    snprintf(ref, sizeof ref, "%s/ref.xlsx", d2);
    snprintf(pkg, sizeof pkg, "%s/pkg.xlsx", d2);
    snprintf(out, sizeof out, "%s/out.xlsx", d2);
    for (int pass = 0; pass < 2; pass++) {
        lxw_workbook_options wo = {.constant_memory = LXW_TRUE};
        lxw_workbook *wb = workbook_new_opt(pass ? pkg : ref, &wo);
        assert_non_null(wb);
        lxw_format *f = workbook_add_format(wb);
        format_set_num_format(f, "0.00");
        lxw_worksheet *ws = workbook_add_worksheet(wb, "First");
        worksheet_write_string(ws, 0, 0, "first", NULL);
        ws = workbook_add_worksheet(wb, "S");
        worksheet_write_string(ws, 0, 0, "head", NULL);
        worksheet_write_string(ws, 0, 1, "er", NULL);
        bdb_xlrows *w = pass ? bdb_xlrows_new(2, d2, NULL) : NULL;
        if (pass)
            assert_non_null(w);
        int st = pass ? (int)lxw_format_get_xf_index(f) : 0;
        lxw_row_t r = 1;
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++, r += 2) {
            lxw_col_t c = (lxw_col_t)(i % 3);
            if (pass) {
                bdb_xlrows_str(w, r, c, texts[i], i % 2 ? st : 0);
                bdb_xlrows_num(w, r, c + 2, nums[i % 7], i % 2 ? 0 : st);
                bdb_xlrows_formula(w, r, c + 3, "=A2*2&\"<\"", st, nums[i % 7], NULL);
                bdb_xlrows_formula(w, r, c + 4, "IF(B2>0,\"\",1)", 0, 0, "");
                bdb_xlrows_blank(w, r, c + 5, st);
                bdb_xlrows_blank(w, r, c + 6, 0); /* nothing, as libxlsxwriter */
                bdb_xlrows_str(w, r, c + 7, "", 0);
            } else {
                worksheet_write_string(ws, r, c, texts[i], i % 2 ? f : NULL);
                worksheet_write_number(ws, r, c + 2, nums[i % 7], i % 2 ? NULL : f);
                worksheet_write_formula_num(ws, r, c + 3, "=A2*2&\"<\"", f, nums[i % 7]);
                worksheet_write_formula_str(ws, r, c + 4, "IF(B2>0,\"\",1)", NULL, "");
                worksheet_write_blank(ws, r, c + 5, f);
                worksheet_write_blank(ws, r, c + 6, NULL);
                worksheet_write_string(ws, r, c + 7, "", NULL);
            }
        }
        /* numbers of every kind, as "%.16G" writes them */
        uint64_t x = 88172645463325252ULL;
        for (int i = 0; i < 24000; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            double v;
            memcpy(&v, &x, sizeof v);
            if (i % 3 == 1)
                v = 1000.0 + (double)(x % 1000000) / 997.0;
            else if (i % 3 == 2)
                v = (double)(int64_t)(x % 2000001 - 1000000) / pow(10, (double)(x >> 60));
            if (!isfinite(v))
                v = (double)i;
            lxw_row_t rr = (lxw_row_t)(20 + i / 8);
            if (pass)
                bdb_xlrows_num(w, rr, (lxw_col_t)(i % 8), v, 0);
            else
                worksheet_write_number(ws, rr, (lxw_col_t)(i % 8), v, NULL);
        }
        worksheet_freeze_panes(ws, 1, 0);
        assert_int_equal(workbook_close(wb), LXW_NO_ERROR);
        if (pass) {
            assert_null(bdb_xlrows_error(w));
            char err[300] = "";
            bdb_xlrows *ws1[] = {w};
            if (bdb_xlrows_splice(pkg, out, ws1, 1, NULL, err, sizeof err) != 0)
                fail_msg("splice: %s", err);
            bdb_xlrows_free(w);
        }
    }
    char *a = part_of(ref, "xl/worksheets/sheet2.xml");
    char *b = part_of(out, "xl/worksheets/sheet2.xml");
    assert_non_null(strstr(a, "_x0001_"));
    assert_non_null(strstr(a, "xml:space=\"preserve\""));
    assert_non_null(strstr(a, "<dimension ref=\"A1:H3020\"/>"));
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* every other part as libxlsxwriter wrote it, and a sound zip */
    a = part_of(ref, "xl/worksheets/sheet1.xml");
    b = part_of(out, "xl/worksheets/sheet1.xml");
    assert_string_equal(a, b);
    free(a);
    free(b);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "unzip -tq '%s' >/dev/null 2>&1", out);
    assert_int_equal(system(cmd), 0);
}

/* Drops every ' spans="..."' (libxlsxwriter writes them only when it
 * holds the whole sheet; they are optional). */
static void drop_spans(char *s)
{
    char *w = s;
    for (const char *r = s; *r;) {
        if (strncmp(r, " spans=\"", 8) == 0) {
            const char *q = strchr(r + 8, '"');
            r = q ? q + 1 : r + strlen(r);
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
}

/* Shared strings: the cells and xl/sharedStrings.xml are libxlsxwriter's
 * own (in its default mode, which holds the whole sheet in memory), and
 * the package declares the part. */
static void xlsx__big_sheet_rows__shared_strings_as_libxlsxwriter_writes_them(void **state)
{
    (void)state;
    if (!have_unzip())
        skip();
    char d2[512];
    bdb_store_close(tu_fresh_store(d2, sizeof d2));
    static const char *const texts[] = {"ab", " lead", "a&b<c>", "ab", "ctl\x02",
                                        "\xc3\xa9", "ab", "tail\n", " lead"};
    char ref[600], pkg[600], out[600];
    snprintf(ref, sizeof ref, "%s/sref.xlsx", d2);
    snprintf(pkg, sizeof pkg, "%s/spkg.xlsx", d2);
    snprintf(out, sizeof out, "%s/sout.xlsx", d2);
    for (int pass = 0; pass < 2; pass++) {
        lxw_workbook_options wo = {.constant_memory = pass ? LXW_TRUE : LXW_FALSE};
        lxw_workbook *wb = workbook_new_opt(pass ? pkg : ref, &wo);
        assert_non_null(wb);
        lxw_worksheet *ws = workbook_add_worksheet(wb, "S");
        /* a number in the header: libxlsxwriter's own strings would
         * need its table too */
        worksheet_write_number(ws, 0, 0, 1, NULL);
        bdb_xlsst *t = pass ? bdb_xlsst_new() : NULL;
        bdb_xlrows *w = pass ? bdb_xlrows_new(1, d2, t) : NULL;
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            if (pass) {
                bdb_xlrows_sstr(w, (uint32_t)(1 + i / 2), (uint32_t)(i % 2), texts[i], 0);
            } else {
                worksheet_write_string(ws, (lxw_row_t)(1 + i / 2), (lxw_col_t)(i % 2),
                                       texts[i], NULL);
            }
        }
        assert_int_equal(workbook_close(wb), LXW_NO_ERROR);
        if (pass) {
            char err[300] = "";
            bdb_xlrows *ws1[] = {w};
            if (bdb_xlrows_splice(pkg, out, ws1, 1, t, err, sizeof err) != 0)
                fail_msg("splice: %s", err);
            bdb_xlrows_free(w);
            bdb_xlsst_free(t);
        }
    }
    char *a = part_of(ref, "xl/sharedStrings.xml");
    char *b = part_of(out, "xl/sharedStrings.xml");
    assert_non_null(strstr(a, "count=\"9\" uniqueCount=\"6\""));
    assert_string_equal(a, b);
    free(a);
    free(b);
    a = part_of(ref, "xl/worksheets/sheet1.xml");
    b = part_of(out, "xl/worksheets/sheet1.xml");
    drop_spans(a);
    assert_non_null(strstr(a, "t=\"s\"><v>5</v>"));
    assert_string_equal(a, b);
    free(a);
    free(b);
    b = part_of(out, "\\[Content_Types\\].xml");
    assert_non_null(strstr(b, "<Override PartName=\"/xl/sharedStrings.xml\" ContentType="
                              "\"application/vnd.openxmlformats-officedocument."
                              "spreadsheetml.sharedStrings+xml\"/></Types>"));
    free(b);
    b = part_of(out, "xl/_rels/workbook.xml.rels");
    a = strstr(b, "relationships/sharedStrings\" Target=\"sharedStrings.xml\"/>");
    assert_non_null(a);
    /* a relationship Id of its own */
    assert_non_null(strstr(b, "<Relationship Id=\"rId4\" Type=\"http://schemas."
                              "openxmlformats.org/officeDocument/2006/relationships/"
                              "sharedStrings\""));
    free(b);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "unzip -tq '%s' >/dev/null 2>&1", out);
    assert_int_equal(system(cmd), 0);
}

static void xlsx__big_sheet_rows__out_of_order_cell_fails_the_splice(void **state)
{
    (void)state;
    char d2[512];
    bdb_store_close(tu_fresh_store(d2, sizeof d2));
    bdb_xlrows *w = bdb_xlrows_new(1, d2, NULL);
    assert_non_null(w);
    bdb_xlrows_num(w, 2, 1, 1, 0);
    assert_null(bdb_xlrows_error(w));
    bdb_xlrows_num(w, 2, 0, 1, 0); /* left of the last one */
    assert_non_null(bdb_xlrows_error(w));
    bdb_xlrows_num(w, 3, 0, 1, 0); /* and nothing after it */
    char err[300] = "", out[600];
    snprintf(out, sizeof out, "%s/never.xlsx", d2);
    bdb_xlrows *ws1[] = {w};
    assert_int_not_equal(bdb_xlrows_splice("/nonexistent.xlsx", out, ws1, 1, NULL, err,
                                           sizeof err), 0);
    assert_non_null(strstr(err, "out of order"));
    bdb_xlrows_free(w);
    w = bdb_xlrows_new(1, d2, NULL);
    bdb_xlrows_num(w, BDB_XL_ROWS, 0, 1, 0); /* past Excel's last row */
    assert_non_null(strstr(bdb_xlrows_error(w), "out of range"));
    bdb_xlrows_free(w);
}

/* One row per series and platform: a model past Excel's 1,048,576 rows
 * is refused before anything is written, naming the limit. */
static void xlsx__results_past_excel_rows__refused_naming_the_limit(void **state)
{
    (void)state;
    char d2[512];
    bdb_store_close(tu_fresh_store(d2, sizeof d2));
    enum { NP = 8, NS = 131072 }; /* 1,048,576 cells + the header */
    bdb_cell cells[NP];
    memset(cells, 0, sizeof cells);
    for (int p = 0; p < NP; p++)
        cells[p].present = 1;
    bdb_model m;
    memset(&m, 0, sizeof m);
    m.nplatforms = NP;
    m.nseries = NS;
    m.series = calloc(NS, sizeof *m.series);
    assert_non_null(m.series);
    for (size_t s = 0; s < NS; s++)
        m.series[s].cells = cells; /* all alike: only their count matters */
    char path[600];
    snprintf(path, sizeof path, "%s/big.xlsx", d2);
    bdb_diag d;
    bdb_diag_clear(&d);
    assert_int_equal(bdb_report_render_xlsx(&m, NULL, path, &d), BDB_ERANGE);
    assert_non_null(strstr(d.message, "1048577 rows"));
    assert_non_null(strstr(d.message, "1048576"));
    assert_int_not_equal(access(path, F_OK), 0);
    free(m.series);
}

/* The sources of a Results row name each file once, its lines as
 * ranges. */
static void xlsx__sources__each_file_once_with_line_ranges(void **state)
{
    (void)state;
    if (!have_unzip())
        skip();
    char d2[512];
    bdb_store *st = tu_fresh_store(d2, sizeof d2);
    tu_import_text(st, d2, "a.csv",
                   "platform,tool,benchmark,metric,value,unit,parameters\n"
                   "A,ab,/x,requests_per_sec,100,op/s,\n"     /* 2 */
                   "A,ab,/x,requests_per_sec,101,op/s,\n"     /* 3 */
                   "A,ab,/x,requests_per_sec,102,op/s,\n"     /* 4 */
                   "A,ab,/y,requests_per_sec,5,op/s,\n"       /* 5 */
                   "A,ab,/x,requests_per_sec,103,op/s,\n"     /* 6 */
                   "B,ab,/x,requests_per_sec,200,op/s,\n"
                   "B,ab,/y,requests_per_sec,6,op/s,\n");
    bdb_report_opts o;
    bdb_report_opts_default(&o);
    o.baseline = "A";
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    if (bdb_model_build(st, &o, &m, &d))
        fail_msg("model: %s", d.message);
    bdb_store_close(st);
    char path[600];
    snprintf(path, sizeof path, "%s/src.xlsx", d2);
    if (bdb_report_render_xlsx(m, NULL, path, &d))
        fail_msg("xlsx: %s", d.message);
    char *x = part_of(path, "xl/worksheets/sheet3.xml");
    char want[1200];
    snprintf(want, sizeof want, "<t>%s/a.csv:2-4,6</t>", d2);
    assert_non_null(strstr(x, want));
    snprintf(want, sizeof want, "<t>%s/a.csv:5</t>", d2);
    assert_non_null(strstr(x, want));
    assert_null(strstr(x, "a.csv:2; "));
    free(x);
    bdb_model_free(m);
}

/* ---- recalculated by gnumeric ------------------------------------------ */

static int have_ssconvert(void)
{
    return system("command -v ssconvert >/dev/null 2>&1") == 0;
}

/* Output of a shell command (fails on a non-zero exit). */
static char *sh_out(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    bdb_buf b;
    bdb_buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
        bdb_buf_append(&b, chunk, n);
    int st = pclose(p);
    if (st != 0)
        fail_msg("'%s' failed (%d)", cmd, st);
    bdb_buf_puts(&b, "");
    return bdb_buf_detach(&b, NULL);
}

/* Recalculates book with gnumeric and writes one raw-valued CSV per
 * sheet, prefix-SHEET.csv. */
static void recalc(const char *book, const char *prefix)
{
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "ssconvert --recalc -S -T Gnumeric_stf:stf_assistant "
             "-O 'format=raw separator=, quoting-mode=auto' '%s' '%s-%%s.csv' 2>&1",
             book, prefix);
    free(sh_out(cmd));
}

static char *sheet_csv(const char *prefix, const char *sheet)
{
    char path[1200];
    snprintf(path, sizeof path, "%s-%s.csv", prefix, sheet);
    char cmd[1300];
    snprintf(cmd, sizeof cmd, "cat '%s'", path);
    return sh_out(cmd);
}

/* Field col of row row (0-based) of CSV text into out; 0 when there is
 * no such field. Quotes as gnumeric writes them ("" inside quotes). */
static int csv_field(const char *csv, size_t row, size_t col, char *out, size_t n)
{
    const char *p = csv;
    size_t r = 0, c = 0, o = 0;
    int q = 0;
    out[0] = '\0';
    for (; *p; p++) {
        if (q) {
            if (*p == '"' && p[1] == '"') {
                if (r == row && c == col && o + 1 < n)
                    out[o++] = '"';
                p++;
            } else if (*p == '"') {
                q = 0;
            } else if (r == row && c == col && o + 1 < n) {
                out[o++] = *p;
            }
            continue;
        }
        if (*p == '"') {
            q = 1;
        } else if (*p == ',') {
            if (r == row && c == col)
                break;
            c++;
        } else if (*p == '\n') {
            if (r == row)
                break;
            r++;
            c = 0;
        } else if (*p != '\r' && r == row && c == col && o + 1 < n) {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
    return r == row && c == col;
}

static size_t csv_rows(const char *csv)
{
    size_t n = 0;
    int q = 0;
    for (const char *p = csv; *p; p++) {
        if (*p == '"')
            q = !q;
        else if (*p == '\n' && !q)
            n++;
    }
    return n;
}

/* The model's series and platform of an Efficiency or Results row. */
static const bdb_cell *cell_of(const bdb_model *m, const char *csv, size_t row,
                               size_t platform_col, const bdb_rseries **se_out)
{
    char tool[128], bench[128], metric[128], params[256], plat[128];
    csv_field(csv, row, 0, tool, sizeof tool);
    csv_field(csv, row, 1, bench, sizeof bench);
    csv_field(csv, row, 2, metric, sizeof metric);
    csv_field(csv, row, 3, params, sizeof params);
    csv_field(csv, row, platform_col, plat, sizeof plat);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (strcmp(se->tool, tool) || strcmp(se->benchmark, bench) ||
            strcmp(se->metric, metric) || strcmp(se->params, params))
            continue;
        for (size_t p = 0; p < m->nplatforms; p++)
            if (strcmp(bdb_model_platform_name(m, p), plat) == 0) {
                *se_out = se;
                return &se->cells[p];
            }
    }
    fail_msg("row %zu (%s %s %s %s %s) is not in the model", row, tool, bench,
             metric, params, plat);
    return NULL;
}

/* The recalculated field equals want (relative 1e-9), or is empty when
 * want is NaN. Returns 1 when a number was compared. */
static int same_number(const char *csv, size_t row, size_t col, double want,
                       const char *what)
{
    char f[128];
    csv_field(csv, row, col, f, sizeof f);
    if (!isfinite(want)) {
        if (f[0])
            fail_msg("%s, row %zu: '%s' where the model has none", what, row, f);
        return 0;
    }
    char *end;
    double got = strtod(f, &end);
    if (!f[0] || *end)
        fail_msg("%s, row %zu: '%s' is not %.17g", what, row, f, want);
    if (fabs(got - want) > 1e-9 * fmax(1, fabs(want)))
        fail_msg("%s, row %zu: gnumeric computes %.17g, the report %.17g", what,
                 row, got, want);
    return 1;
}

static void xlsx__recalculated_by_gnumeric__every_formula_matches_the_report(void **state)
{
    fixture *fx = fx_of(state);
    if (!have_ssconvert())
        fail_msg("ssconvert is missing: apt-get install gnumeric");
    char prefix[800];
    snprintf(prefix, sizeof prefix, "%s/recalc", dir);
    recalc(fx->path, prefix);
    const bdb_model *m = fx->m;

    /* the text report prints the same per-watt figures */
    bdb_buf text;
    bdb_buf_init(&text);
    assert_int_equal(bdb_report_render_text(m, NULL, &text), 0);

    char *ef = sheet_csv(prefix, "Efficiency");
    size_t rows = csv_rows(ef), compared = 0, tco = 0;
    for (size_t r = 1; r < rows; r++) {
        const bdb_rseries *se;
        const bdb_cell *c = cell_of(m, ef, r, 4, &se);
        bdb_efficiency ce = tu_cell_eff(m, c, NULL);
        const bdb_efficiency *e = &ce;
        compared += same_number(ef, r, 9, e->per_watt, "per watt");
        compared += same_number(ef, r, 10, e->per_dollar, "per dollar of price");
        compared += same_number(ef, r, 11, e->per_dollar_month, "per dollar of rent");
        tco += same_number(ef, r, 12, e->tco, "TCO");
        compared += same_number(ef, r, 13, e->per_tco_dollar, "per dollar of TCO");
        compared += same_number(ef, r, 14, e->energy_per_unit, "energy per unit");
        if (isfinite(e->per_watt)) {
            char v[64], w[96];
            bdb_format_value(e->per_watt, "", v, sizeof v);
            snprintf(w, sizeof w, "%s %s/W", v, e->work_unit);
            if (!strstr(text.data, w))
                fail_msg("the text report lacks %s", w);
        }
    }
    /* imx6, atom and vm each have a TCO in both of ab's headline series
     * and atom and imx6 in gzip's */
    assert_true(tco >= 6);
    assert_true(compared >= 15);
    free(ef);
    bdb_buf_free(&text);

    char *rs = sheet_csv(prefix, "Results");
    rows = csv_rows(rs);
    size_t ratios = 0;
    for (size_t r = 1; r < rows; r++) {
        const bdb_rseries *se;
        const bdb_cell *c = cell_of(m, rs, r, 7, &se);
        ratios += same_number(rs, r, 18, c->compared ? c->speedup : NAN, "speedup");
    }
    assert_true(ratios >= 4);
    free(rs);
}

/* Replaces the value of the numeric cell (row, col) of sheet in a
 * gnumeric XML document with v. */
static char *set_cell(char *xml, const char *sheet, int row, int col, double v)
{
    char name[128], cell[128];
    snprintf(name, sizeof name, "<gnm:Name>%s</gnm:Name>", sheet);
    char *sh = strstr(xml, name);
    assert_non_null(sh);
    snprintf(cell, sizeof cell, "<gnm:Cell Row=\"%d\" Col=\"%d\" ValueType=\"40\">",
             row, col);
    char *at = strstr(sh, cell);
    if (!at)
        fail_msg("no numeric cell R%dC%d on %s", row, col, sheet);
    char *val = at + strlen(cell), *end = strstr(val, "</gnm:Cell>");
    assert_non_null(end);
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_buf_append(&b, xml, (size_t)(val - xml));
    bdb_buf_printf(&b, "%.17g", v);
    bdb_buf_puts(&b, end);
    free(xml);
    return bdb_buf_detach(&b, NULL);
}

/* The 0-based row of a platform on the Platforms sheet of the XML. */
static int platform_row(const char *xml, const char *name)
{
    const char *sh = strstr(xml, "<gnm:Name>Platforms</gnm:Name>");
    assert_non_null(sh);
    char pat[128];
    snprintf(pat, sizeof pat, "Col=\"0\" ValueType=\"60\">%s</gnm:Cell>", name);
    const char *at = strstr(sh, pat);
    assert_non_null(at);
    while (at > sh && strncmp(at, "Row=\"", 5) != 0)
        at--;
    return (int)strtol(at + 5, NULL, 10);
}

static double input_value(const char *inputs_csv, const char *name)
{
    char f[64];
    for (size_t r = 1; csv_field(inputs_csv, r, 0, f, sizeof f); r++)
        if (strcmp(f, name) == 0) {
            csv_field(inputs_csv, r, 1, f, sizeof f);
            return strtod(f, NULL);
        }
    fail_msg("no input %s", name);
    return NAN;
}

static void xlsx__edited_power_and_kwh_price__dependents_recalculate(void **state)
{
    fixture *fx = fx_of(state);
    if (!have_ssconvert())
        fail_msg("ssconvert is missing: apt-get install gnumeric");
    char gn[800], cmd[3000];
    snprintf(gn, sizeof gn, "%s/edit.gnumeric", dir);
    snprintf(cmd, sizeof cmd, "ssconvert '%s' '%s' >/dev/null 2>&1 && gzip -dc '%s'",
             fx->path, gn, gn);
    char *xml = sh_out(cmd);
    /* a reader doubles the kWh price and finds imx6 draws 12 W, not 9 */
    xml = set_cell(xml, "Inputs", 1, 1, 0.30);
    xml = set_cell(xml, "Platforms", platform_row(xml, "imx6"), 10, 12);
    snprintf(gn, sizeof gn, "%s/edited.gnumeric", dir);
    FILE *f = fopen(gn, "wb");
    assert_non_null(f);
    fputs(xml, f);
    assert_int_equal(fclose(f), 0);
    free(xml);
    char prefix[800];
    snprintf(prefix, sizeof prefix, "%s/edited", dir);
    recalc(gn, prefix);

    char *in = sheet_csv(prefix, "Inputs");
    assert_true(fabs(input_value(in, "kwh_price") - 0.30) < 1e-12);
    double years = input_value(in, "years"), u = input_value(in, "utilization");
    free(in);
    /* by hand: energy = average W * hours in the years / 1000 * price */
    double hours = 24 * 365.25 * years;
    double tco_imx6 = 40 + (u * 12 + (1 - u) * 12) * hours / 1000 * 0.30;
    double tco_atom = 52 + (u * 30 + (1 - u) * 10) * hours / 1000 * 0.30;
    double tco_vm = 20 * 12 * years;
    char *ef = sheet_csv(prefix, "Efficiency");
    size_t rows = csv_rows(ef), checked = 0;
    for (size_t r = 1; r < rows; r++) {
        char plat[32], bench[64];
        csv_field(ef, r, 4, plat, sizeof plat);
        csv_field(ef, r, 1, bench, sizeof bench);
        if (strcmp(bench, "/test.htm") != 0)
            continue;
        double rate = strcmp(plat, "imx6") == 0 ? 900 : strcmp(plat, "atom") == 0
                                                           ? 3000 : 1500;
        double tco = strcmp(plat, "imx6") == 0 ? tco_imx6
                   : strcmp(plat, "atom") == 0 ? tco_atom : tco_vm;
        same_number(ef, r, 12, tco, "edited TCO");
        same_number(ef, r, 13, rate / tco, "edited per dollar of TCO");
        if (strcmp(plat, "imx6") == 0) {
            same_number(ef, r, 9, 900.0 / 12, "edited per watt");
            same_number(ef, r, 14, 12.0 / 900, "edited energy per request");
        }
        checked++;
    }
    assert_int_equal(checked, 3);
    free(ef);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xlsx__file__is_a_zip_with_the_seven_sheets),
        cmocka_unit_test(xlsx__inputs__are_defined_names_over_editable_cells),
        cmocka_unit_test(xlsx__per_watt__is_a_live_formula_over_platform_power),
        cmocka_unit_test(xlsx__tco__formula_over_inputs_and_cached_model_figure),
        cmocka_unit_test(xlsx__unknown_inputs__empty_cells_not_zero),
        cmocka_unit_test(xlsx__speedup__oriented_formula_over_mean_cells),
        cmocka_unit_test(xlsx__hostile_benchmark__stays_a_string),
        cmocka_unit_test(xlsx__charts__scores_columns_and_sweep_lines),
        cmocka_unit_test(xlsx__unwritable_path__fails_with_a_diagnostic),
        cmocka_unit_test(xlsx__chart_titles__are_text_in_the_chart_xml),
        cmocka_unit_test(xlsx__scores_charts__anchored_below_every_table),
        cmocka_unit_test(xlsx__sweep_of_microseconds__charted_in_us_not_raw_seconds),
        cmocka_unit_test(xlsx__recalculated_by_gnumeric__every_formula_matches_the_report),
        cmocka_unit_test(xlsx__edited_power_and_kwh_price__dependents_recalculate),
        cmocka_unit_test(xlsx__big_sheet_rows__same_xml_as_libxlsxwriter),
        cmocka_unit_test(xlsx__big_sheet_rows__shared_strings_as_libxlsxwriter_writes_them),
        cmocka_unit_test(xlsx__big_sheet_rows__out_of_order_cell_fails_the_splice),
        cmocka_unit_test(xlsx__results_past_excel_rows__refused_naming_the_limit),
        cmocka_unit_test(xlsx__sources__each_file_once_with_line_ranges),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
