/* xlsx.c - the report as an XLSX workbook (libxlsxwriter) for people who
 * want to play with the numbers: the cost inputs and the platforms' prices
 * and power are plain editable cells, and every figure derived from them
 * (speedups, per watt, per dollar, TCO) is a live formula over those cells,
 * so editing a price, a wattage or the kWh price recomputes the workbook.
 * Each formula also carries the model's own figure as its cached result,
 * so viewers that do not recalculate still show the right numbers.
 *
 * Sheets: Inputs, Platforms, Results, Efficiency, Scores (with a column
 * chart), Sweeps (one line chart per sweep), Warnings.
 *
 * Text from logs only ever goes through worksheet_write_string (and charts
 * name their titles by cell reference, never by literal text), so a
 * benchmark called "=cmd|' /C calc'!A0" stays a string. Unknown numbers
 * (NaN) are left empty, never written as numbers.
 *
 * The rows of Results and Efficiency (one per series and platform: the
 * bulk of a large report) are written by xlsx_rows.c, not libxlsxwriter,
 * as the same XML, deflated faster, and spliced into libxlsxwriter's
 * package: the workbook at path is that package with those rows in. */
#include "render.h"
#include "sections.h"
#include "numfmt.h"
#include "xlsx_rows.h"
#include "../common/bdb_cleanup.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xlsxwriter.h>

/* Excel refuses longer strings in a cell. */
#define XL_STR_MAX 32767

/* Columns of the Platforms sheet that formulas refer to. */
enum {
    PL_NAME = 0, PL_BASELINE, PL_ARCH, PL_CPU, PL_CORES, PL_THREADS, PL_MHZ,
    PL_MEMORY, PL_PRICE, PL_CURRENCY, PL_POWER, PL_IDLE, PL_RENT_MONTH,
    PL_RENT_HOUR, PL_NOTES, PL_PRICE_USED, PL_RENT_USED, PL_NCOLS
};

/* Columns of the Results sheet. */
enum {
    RS_TOOL = 0, RS_BENCH, RS_METRIC, RS_PARAMS, RS_UNIT, RS_BETTER,
    RS_CATEGORY, RS_PLATFORM, RS_REF, RS_N, RS_MEAN, RS_MEDIAN, RS_SD, RS_CV,
    RS_MIN, RS_MAX, RS_CI_LO, RS_CI_HI, RS_SPEEDUP, RS_SPEEDUP_LO,
    RS_SPEEDUP_HI, RS_P_ADJ, RS_VERDICT, RS_NOISY, RS_SOURCES, RS_NCOLS
};

/* Columns of the Efficiency sheet. */
enum {
    EF_TOOL = 0, EF_BENCH, EF_METRIC, EF_PARAMS, EF_PLATFORM, EF_MEAN, EF_UNIT,
    EF_RATE, EF_RATE_UNIT, EF_PER_WATT, EF_PER_PRICE, EF_PER_RENT, EF_TCO,
    EF_PER_TCO, EF_ENERGY, EF_ENERGY_UNIT, EF_TB_MONTH, EF_MISSING, EF_NCOLS
};

typedef struct xl {
    lxw_workbook *wb;
    lxw_format *head, *bold, *input, *input_money, *money, *ratio, *pct,
        *general, *sci;
    lxw_error err;          /* the first error of any call */
    const bdb_model *m;
    long *row;              /* Results row of series s, platform p; -1 */
    /* The workbook is written in constant memory: each row goes to disk
     * when the next one starts, so a sheet's rows must come in order.
     * A sheet made in another order (Scores: its blocks to the right)
     * is collected here and written sorted by deferred_write. */
    lxw_worksheet *deferred_ws;
    struct dcell *dcells;
    size_t ndcells, capdcells;
    /* Results and Efficiency: their rows past the header go to
     * xlsx_rows.c's writers, spliced into the package at the end. */
    lxw_worksheet *big_ws[2];
    bdb_xlrows *big[2];
    bdb_xlsst *sst;         /* their shared strings */
    unsigned nsheets;       /* worksheets added so far */
    const char *tmpdir;     /* NULL: $TMPDIR or /tmp */
    char msg[300];          /* an error of our own, with its detail */
} xl;

/* DC_SSTR: text of a column that repeats (a tool, a platform): a shared
 * string in the big sheets, inline elsewhere. */
enum { DC_BLANK, DC_STR, DC_SSTR, DC_NUM, DC_FORMULA_NUM, DC_FORMULA_STR };

typedef struct dcell {
    lxw_row_t r;
    lxw_col_t c;
    int kind;
    size_t seq;             /* order of the call: a later write wins */
    char *text;             /* string or formula (owned) */
    double v;
    lxw_format *f;
} dcell;

static void note(xl *x, lxw_error e)
{
    if (e != LXW_NO_ERROR && x->err == LXW_NO_ERROR)
        x->err = e;
}

/* Sets the title of chart (or of axis) to text. libxlsxwriter reads a
 * name that starts with '=' as a reference: text from logs that does
 * gets a space first, so that it stays text. */
static void chart_name(lxw_chart *chart, lxw_chart_axis *axis,
                       const char *text)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s%s", text[0] == '=' ? " " : "", text);
    if (chart)
        chart_title_set_name(chart, buf);
    else
        chart_axis_set_name(axis, buf);
}

/* A worksheet, numbered as libxlsxwriter names its package entries. */
static lxw_worksheet *add_sheet(xl *x, const char *name)
{
    lxw_worksheet *ws = workbook_add_worksheet(x->wb, name);
    if (ws)
        x->nsheets++;
    else
        note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
    return ws;
}

/* Sends ws's rows past the header to a writer of xlsx_rows.c. */
static void make_big(xl *x, int k, lxw_worksheet *ws)
{
    x->big[k] = bdb_xlrows_new(x->nsheets, x->tmpdir, x->sst);
    if (!x->big[k]) {
        if (!x->msg[0])
            snprintf(x->msg, sizeof x->msg, "xlsx: a temporary file in %s: %s",
                     x->tmpdir ? x->tmpdir : "$TMPDIR", strerror(errno));
        return;
    }
    x->big_ws[k] = ws;
}

/* One cell of a big sheet. */
static void big_out(bdb_xlrows *w, int kind, lxw_row_t r, lxw_col_t c,
                    const char *text, double v, lxw_format *f)
{
    int style = f ? (int)lxw_format_get_xf_index(f) : 0;
    switch (kind) {
    case DC_BLANK: bdb_xlrows_blank(w, r, c, style); break;
    case DC_STR: bdb_xlrows_str(w, r, c, text, style); break;
    case DC_SSTR: bdb_xlrows_sstr(w, r, c, text, style); break;
    case DC_NUM: bdb_xlrows_num(w, r, c, v, style); break;
    case DC_FORMULA_NUM: bdb_xlrows_formula(w, r, c, text, style, v, NULL); break;
    default: bdb_xlrows_formula(w, r, c, text, style, 0, ""); break;
    }
}

/* One cell: written, or kept for deferred_write when ws is deferred. */
static void cell_out(xl *x, lxw_worksheet *ws, int kind, lxw_row_t r,
                     lxw_col_t c, const char *text, double v, lxw_format *f)
{
    if (ws && ws == x->deferred_ws) {
        if (x->ndcells == x->capdcells) {
            size_t cap = x->capdcells ? 2 * x->capdcells : 64;
            dcell *d = realloc(x->dcells, cap * sizeof *d);
            if (!d) {
                note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
                return;
            }
            x->dcells = d;
            x->capdcells = cap;
        }
        char *t = NULL;
        if (text && !(t = strdup(text))) {
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        x->dcells[x->ndcells] = (dcell){r, c, kind, x->ndcells, t, v, f};
        x->ndcells++;
        return;
    }
    for (int k = 0; k < 2; k++)
        if (ws && ws == x->big_ws[k] && r > 0) {
            big_out(x->big[k], kind, r, c, text, v, f);
            return;
        }
    switch (kind) {
    case DC_BLANK: note(x, worksheet_write_blank(ws, r, c, f)); break;
    case DC_STR:
    case DC_SSTR: note(x, worksheet_write_string(ws, r, c, text, f)); break;
    case DC_NUM: note(x, worksheet_write_number(ws, r, c, v, f)); break;
    case DC_FORMULA_NUM:
        note(x, worksheet_write_formula_num(ws, r, c, text, f, v));
        break;
    default: note(x, worksheet_write_formula_str(ws, r, c, text, f, "")); break;
    }
}

static int cmp_dcell(const void *pa, const void *pb)
{
    const dcell *a = pa, *b = pb;
    if (a->r != b->r)
        return a->r < b->r ? -1 : 1;
    if (a->c != b->c)
        return a->c < b->c ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Writes the deferred sheet's cells in row order and stops deferring. */
static void deferred_write(xl *x)
{
    lxw_worksheet *ws = x->deferred_ws;
    x->deferred_ws = NULL;
    if (x->ndcells)
        qsort(x->dcells, x->ndcells, sizeof *x->dcells, cmp_dcell);
    for (size_t i = 0; i < x->ndcells; i++) {
        const dcell *d = &x->dcells[i];
        cell_out(x, ws, d->kind, d->r, d->c, d->text, d->v, d->f);
        free(d->text);
    }
    free(x->dcells);
    x->dcells = NULL;
    x->ndcells = x->capdcells = 0;
}

/* Text, always as a string: never a formula, whatever it starts with;
 * kind DC_STR or DC_SSTR. */
static void put_text(xl *x, int kind, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
                     const char *s, lxw_format *f)
{
    if (!s || !*s) {
        if (f)
            cell_out(x, ws, DC_BLANK, r, c, NULL, 0, f);
        return;
    }
    size_t n = strlen(s);
    if (n <= XL_STR_MAX - 16) {
        cell_out(x, ws, kind, r, c, s, 0, f);
        return;
    }
    /* Cut on a UTF-8 boundary and say so. */
    size_t k = XL_STR_MAX - 16;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    char *t = malloc(k + 8);
    if (!t) {
        note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
        return;
    }
    memcpy(t, s, k);
    memcpy(t + k, " ...", 5);
    cell_out(x, ws, kind, r, c, t, 0, f);
    free(t);
}

static void put_str(xl *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
                    const char *s, lxw_format *f)
{
    put_text(x, DC_STR, ws, r, c, s, f);
}

/* Text of a column that repeats row after row. */
static void put_rep(xl *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
                    const char *s, lxw_format *f)
{
    put_text(x, DC_SSTR, ws, r, c, s, f);
}

/* A number, or an empty (possibly formatted) cell when it is unknown. */
static void put_num(xl *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
                    double v, lxw_format *f)
{
    if (isfinite(v))
        cell_out(x, ws, DC_NUM, r, c, NULL, v, f);
    else if (f)
        cell_out(x, ws, DC_BLANK, r, c, NULL, 0, f);
}

/* A formula whose cached result is the model's figure, or "" when the model
 * has none (so a viewer without recalculation shows an empty cell, not 0). */
static void put_formula(xl *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
                        const char *formula, double cached, lxw_format *f)
{
    if (isfinite(cached))
        cell_out(x, ws, DC_FORMULA_NUM, r, c, formula, cached, f);
    else
        cell_out(x, ws, DC_FORMULA_STR, r, c, formula, 0, f);
}

/* "$K$5" for 0-based (r, c). */
static void absref(char *out, lxw_row_t r, lxw_col_t c)
{
    lxw_rowcol_to_cell_abs(out, r, c, 1, 1);
}

static void header(xl *x, lxw_worksheet *ws, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        put_str(x, ws, 0, (lxw_col_t)i, names[i], x->head);
    worksheet_freeze_panes(ws, 1, 0);
}

static const char *better_word(int better)
{
    return better > 0 ? "higher" : better < 0 ? "lower" : "neutral";
}

/* ---- Inputs ------------------------------------------------------------ */

typedef struct inputs_note {
    xl *x;
    lxw_worksheet *ws;
    lxw_row_t row;
} inputs_note;

/* A line of what the workbook leaves out, on Inputs under "left out". */
static void inputs_note_row(void *ctx, const char *line)
{
    inputs_note *n = ctx;
    if (n->row == 9)
        put_str(n->x, n->ws, n->row, 0, "left out", n->x->bold);
    put_str(n->x, n->ws, n->row++, 1, line, NULL);
}

static void sheet_inputs(xl *x)
{
    const bdb_model *m = x->m;
    lxw_worksheet *ws = add_sheet(x, "Inputs");
    if (!ws)
        return;
    static const char *const head[] = {"input", "value", "what it is"};
    header(x, ws, head, 3);
    const bdb_cost_opts *o = &m->opts.cost;
    const char *cur = o->currency ? o->currency : BDB_EFF_DEFAULT_CURRENCY;
    char what[160];
    put_str(x, ws, 1, 0, "kwh_price", x->bold);
    put_num(x, ws, 1, 1, o->kwh_price, x->input_money);
    snprintf(what, sizeof what, "price of one kWh, in %s", cur);
    put_str(x, ws, 1, 2, what, NULL);
    put_str(x, ws, 2, 0, "currency", x->bold);
    put_str(x, ws, 2, 1, cur, x->input);
    put_str(x, ws, 2, 2, "label of prices, rents and kwh_price (no conversion; "
                         "a platform price in another currency is left out)", NULL);
    put_str(x, ws, 3, 0, "years", x->bold);
    put_num(x, ws, 3, 1, o->years, x->input);
    put_str(x, ws, 3, 2, "ownership period of the TCO (365.25-day years)", NULL);
    put_str(x, ws, 4, 0, "utilization", x->bold);
    put_num(x, ws, 4, 1, o->utilization, x->input);
    put_str(x, ws, 4, 2, "share of time at load power; the rest at idle power "
                         "(load power when idle is unknown)", NULL);

    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = LXW_VALIDATION_TYPE_DECIMAL;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = 0;
    dv.maximum_number = 1;
    note(x, worksheet_data_validation_cell(ws, 4, 1, &dv));

    put_str(x, ws, 6, 0, "report", x->bold);
    put_str(x, ws, 6, 1, m->title, NULL);
    put_str(x, ws, 7, 0, "baseline", x->bold);
    put_str(x, ws, 7, 1, bdb_model_platform_name(m, m->baseline), NULL);
    put_str(x, ws, 8, 0, "edit", x->bold);
    put_str(x, ws, 8, 1, "the shaded cells here and on Platforms; Results and "
                         "Efficiency recompute", NULL);
    /* what the workbook does not hold, one line a row */
    inputs_note nt = {x, ws, 9};
    if (bdb_report_left_out_each(m, "", inputs_note_row, &nt))
        note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);

    note(x, workbook_define_name(x->wb, "kwh_price", "=Inputs!$B$2"));
    note(x, workbook_define_name(x->wb, "currency", "=Inputs!$B$3"));
    note(x, workbook_define_name(x->wb, "years", "=Inputs!$B$4"));
    note(x, workbook_define_name(x->wb, "utilization", "=Inputs!$B$5"));
    worksheet_set_column(ws, 0, 0, 14, NULL);
    worksheet_set_column(ws, 1, 1, 14, NULL);
    worksheet_set_column(ws, 2, 2, 70, NULL);
    worksheet_activate(ws);
}

/* ---- Platforms --------------------------------------------------------- */

static void sheet_platforms(xl *x)
{
    const bdb_model *m = x->m;
    lxw_worksheet *ws = add_sheet(x, "Platforms");
    if (!ws)
        return;
    static const char *const head[PL_NCOLS] = {
        "platform", "baseline", "arch", "cpu", "cores", "threads", "MHz",
        "memory_gb", "price", "price_currency", "power_w", "idle_power_w",
        "rent_usd_month", "rent_usd_hour", "notes", "price used",
        "rent per month used"};
    header(x, ws, head, PL_NCOLS);
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_platform *pl = &m->platforms[p];
        lxw_row_t r = (lxw_row_t)(p + 1);
        put_str(x, ws, r, PL_NAME, bdb_model_platform_name(m, p), x->bold);
        put_str(x, ws, r, PL_BASELINE, p == m->baseline ? "yes" : "", NULL);
        put_str(x, ws, r, PL_ARCH, pl->arch, NULL);
        put_str(x, ws, r, PL_CPU, pl->cpu, NULL);
        put_num(x, ws, r, PL_CORES, pl->cores, x->input);
        put_num(x, ws, r, PL_THREADS, pl->threads, x->input);
        put_num(x, ws, r, PL_MHZ, pl->freq_mhz, x->input);
        put_num(x, ws, r, PL_MEMORY, pl->memory_gb, x->input);
        put_num(x, ws, r, PL_PRICE, pl->price_usd, x->input_money);
        put_str(x, ws, r, PL_CURRENCY, pl->price_currency, x->input);
        put_num(x, ws, r, PL_POWER, pl->power_w, x->input);
        put_num(x, ws, r, PL_IDLE, pl->idle_power_w, x->input);
        put_num(x, ws, r, PL_RENT_MONTH, pl->rent_usd_month, x->input_money);
        put_num(x, ws, r, PL_RENT_HOUR, pl->rent_usd_hour, x->input_money);
        put_str(x, ws, r, PL_NOTES, pl->notes, NULL);

        /* What the cost model uses, as report/analysis/model.c's
         * cost_view: a price in another currency is left out; hourly rent
         * is 730.5 h a month. */
        char price[16], cur[16], rm[16], rh[16], f[512];
        absref(price, r, PL_PRICE);
        absref(cur, r, PL_CURRENCY);
        absref(rm, r, PL_RENT_MONTH);
        absref(rh, r, PL_RENT_HOUR);
        snprintf(f, sizeof f,
                 "=IF(AND(ISNUMBER(%s),OR(%s=\"\",%s=currency)),%s,\"\")",
                 price, cur, cur, price);
        const char *rc = m->opts.cost.currency ? m->opts.cost.currency : "USD";
        double used = pl->price_usd;
        if (pl->price_currency[0] && strcasecmp(pl->price_currency, rc) != 0)
            used = NAN;
        put_formula(x, ws, r, PL_PRICE_USED, f, used, x->money);
        snprintf(f, sizeof f,
                 "=IF(ISNUMBER(%s),%s,IF(AND(ISNUMBER(%s),%s>0),%s*730.5,\"\"))",
                 rm, rm, rh, rh, rh);
        double rent = pl->rent_usd_month;
        if (isnan(rent) && pl->rent_usd_hour > 0)
            rent = pl->rent_usd_hour * 730.5;
        put_formula(x, ws, r, PL_RENT_USED, f, rent, x->money);
    }
    worksheet_set_column(ws, PL_NAME, PL_NAME, 22, NULL);
    worksheet_set_column(ws, PL_BASELINE, PL_ARCH, 9, NULL);
    worksheet_set_column(ws, PL_CPU, PL_CPU, 32, NULL);
    worksheet_set_column(ws, PL_CORES, PL_RENT_HOUR, 11, NULL);
    worksheet_set_column(ws, PL_NOTES, PL_NOTES, 30, NULL);
    worksheet_set_column(ws, PL_PRICE_USED, PL_RENT_USED, 13, NULL);
}

/* ---- Results ----------------------------------------------------------- */

static void put_line(bdb_buf *b, int line)
{
    char t[24];
    unsigned long long v = line < 0 ? 0ULL - (unsigned long long)line
                                    : (unsigned long long)line;
    if (line < 0)
        bdb_buf_append(b, "-", 1);
    bdb_buf_append(b, t, (size_t)bdb_fmt_u(t, v));
}

/* Where a cell's values come from: "a.log:2-11,14; b.log:3". Each run
 * of values from one file names it once, its lines as ranges: a cell of
 * a thousand repetitions in one file fits, where a list of every
 * "file:line" passed Excel's 32,767 characters. */
static void sources_text(const bdb_model *m, const bdb_cell *c, bdb_buf *b)
{
    bdb_buf_reset(b);
    const int *lines = bdb_cell_lines(c);
    for (size_t i = 0; i < c->n;) {
        const char *p = bdb_cell_path(m, c, i);
        size_t j = i + 1;
        while (j < c->n) {
            const char *q = bdb_cell_path(m, c, j);
            if (q != p && strcmp(q, p) != 0)
                break;
            j++;
        }
        if (i)
            bdb_buf_append(b, "; ", 2);
        bdb_buf_puts(b, p);
        bdb_buf_append(b, ":", 1);
        for (size_t k = i; k < j;) {
            size_t e = k;
            while (e + 1 < j && lines[e] < INT_MAX && lines[e + 1] == lines[e] + 1)
                e++;
            if (k > i)
                bdb_buf_append(b, ",", 1);
            put_line(b, lines[k]);
            if (e > k) {
                bdb_buf_append(b, "-", 1);
                put_line(b, lines[e]);
            }
            k = e + 1;
        }
        i = j;
    }
}

static void sheet_results(xl *x)
{
    const bdb_model *m = x->m;
    lxw_worksheet *ws = add_sheet(x, "Results");
    if (!ws)
        return;
    static const char *const head[RS_NCOLS] = {
        "tool", "benchmark", "metric", "parameters", "unit", "better",
        "category", "platform", "reference", "n", "mean", "median", "sd", "cv",
        "min", "max", "mean CI lo", "mean CI hi", "speedup vs reference",
        "speedup CI lo", "speedup CI hi", "p (Welch, adjusted)", "verdict",
        "noisy", "sources"};
    header(x, ws, head, RS_NCOLS);
    worksheet_freeze_panes(ws, 1, RS_PARAMS);
    make_big(x, 0, ws);

    /* Rows first, so a cell can refer to its reference platform's row
     * whichever comes first. */
    long r = 1;
    for (size_t s = 0; s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++)
            x->row[s * m->nplatforms + p] = m->series[s].cells[p].present ? r++ : -1;

    bdb_buf src;
    bdb_buf_init(&src);
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        long ref_row = x->row[s * m->nplatforms + se->ref];
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present)
                continue;
            lxw_row_t rr = (lxw_row_t)x->row[s * m->nplatforms + p];
            put_rep(x, ws, rr, RS_TOOL, se->tool, NULL);
            put_rep(x, ws, rr, RS_BENCH, se->benchmark, NULL);
            put_rep(x, ws, rr, RS_METRIC, se->metric, NULL);
            put_rep(x, ws, rr, RS_PARAMS, se->params, NULL);
            char ulab[96];
            bdb_series_unit_label(se, ulab, sizeof ulab);
            put_rep(x, ws, rr, RS_UNIT, ulab, NULL);
            put_rep(x, ws, rr, RS_BETTER, better_word(se->better), NULL);
            put_rep(x, ws, rr, RS_CATEGORY, se->category, NULL);
            put_rep(x, ws, rr, RS_PLATFORM, bdb_model_platform_name(m, p), NULL);
            put_rep(x, ws, rr, RS_REF, p == se->ref ? "yes" : "", NULL);
            bdb_summary sum;
            if (bdb_cell_summary(m, c, &sum))
                note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            cell_out(x, ws, DC_NUM, rr, RS_N, NULL, (double)c->n, NULL);
            put_num(x, ws, rr, RS_MEAN, sum.mean, x->general);
            put_num(x, ws, rr, RS_MEDIAN, sum.median, x->general);
            put_num(x, ws, rr, RS_SD, sum.sd, x->general);
            put_num(x, ws, rr, RS_CV, sum.cv, x->pct);
            put_num(x, ws, rr, RS_MIN, sum.min, x->general);
            put_num(x, ws, rr, RS_MAX, sum.max, x->general);
            put_num(x, ws, rr, RS_CI_LO, sum.mean_ci_lo, x->general);
            put_num(x, ws, rr, RS_CI_HI, sum.mean_ci_hi, x->general);
            if (p != se->ref && ref_row >= 0) {
                char me[16], ref[16], f[256];
                absref(me, rr, RS_MEAN);
                absref(ref, (lxw_row_t)ref_row, RS_MEAN);
                /* Oriented so that > 1 is better, as bdb_stats_speedup. */
                snprintf(f, sizeof f,
                         "=IFERROR(IF(AND(ISNUMBER(%s),ISNUMBER(%s),%s>0,%s>0),"
                         "%s/%s,\"\"),\"\")",
                         me, ref, me, ref, se->better < 0 ? ref : me,
                         se->better < 0 ? me : ref);
                put_formula(x, ws, rr, RS_SPEEDUP, f,
                            c->compared ? c->speedup : NAN, x->ratio);
            }
            if (c->compared) {
                put_num(x, ws, rr, RS_SPEEDUP_LO, bdb_cell_speedup_lo(se, p),
                        x->ratio);
                put_num(x, ws, rr, RS_SPEEDUP_HI, bdb_cell_speedup_hi(se, p),
                        x->ratio);
            }
            if (c->tested)
                put_num(x, ws, rr, RS_P_ADJ, bdb_cell_p_adj(se, p), x->sci);
            put_rep(x, ws, rr, RS_VERDICT, bdb_report_verdict_word(c->verdict), NULL);
            put_rep(x, ws, rr, RS_NOISY, c->noisy ? "noisy" : "", NULL);
            sources_text(m, c, &src);
            put_str(x, ws, rr, RS_SOURCES, src.data, NULL);
        }
    }
    bdb_buf_free(&src);
    if (r > 1)
        note(x, worksheet_autofilter(ws, 0, 0, (lxw_row_t)(r - 1), RS_NCOLS - 1));
    worksheet_set_column(ws, RS_TOOL, RS_TOOL, 14, NULL);
    worksheet_set_column(ws, RS_BENCH, RS_BENCH, 24, NULL);
    worksheet_set_column(ws, RS_METRIC, RS_METRIC, 20, NULL);
    worksheet_set_column(ws, RS_PARAMS, RS_PARAMS, 28, NULL);
    worksheet_set_column(ws, RS_UNIT, RS_CATEGORY, 9, NULL);
    worksheet_set_column(ws, RS_PLATFORM, RS_PLATFORM, 20, NULL);
    worksheet_set_column(ws, RS_REF, RS_N, 8, NULL);
    worksheet_set_column(ws, RS_MEAN, RS_CI_HI, 12, NULL);
    worksheet_set_column(ws, RS_SPEEDUP, RS_SPEEDUP, 11, NULL);
    worksheet_set_column(ws, RS_SPEEDUP_LO, RS_P_ADJ, 11, NULL);
    worksheet_set_column(ws, RS_VERDICT, RS_VERDICT, 24, NULL);
    worksheet_set_column(ws, RS_NOISY, RS_NOISY, 7, NULL);
    worksheet_set_column(ws, RS_SOURCES, RS_SOURCES, 50, NULL);
}

/* ---- Efficiency -------------------------------------------------------- */

/* "AND(ISNUMBER(X),X>0)": a usable divisor or cost, as efficiency.c's
 * usable_pos (a blank or text cell is not). */
static void pos(char *out, size_t n, const char *ref)
{
    snprintf(out, n, "AND(ISNUMBER(%s),%s>0)", ref, ref);
}

static void sheet_efficiency(xl *x)
{
    const bdb_model *m = x->m;
    lxw_worksheet *ws = add_sheet(x, "Efficiency");
    if (!ws)
        return;
    const char *cur = m->opts.cost.currency ? m->opts.cost.currency
                                            : BDB_EFF_DEFAULT_CURRENCY;
    char h_price[64], h_rent[64], h_tco[64], h_per_tco[64];
    snprintf(h_price, sizeof h_price, "per %s of price", cur);
    snprintf(h_rent, sizeof h_rent, "per %s of rent a month", cur);
    snprintf(h_tco, sizeof h_tco, "TCO (%s, over years)", cur);
    snprintf(h_per_tco, sizeof h_per_tco, "per %s of TCO", cur);
    const char *head[EF_NCOLS] = {
        "tool", "benchmark", "metric", "parameters", "platform", "mean", "unit",
        "work rate", "work unit", "per watt", h_price, h_rent, h_tco, h_per_tco,
        "energy per unit", "energy unit", "TB per month", "missing inputs"};
    header(x, ws, head, EF_NCOLS);
    worksheet_freeze_panes(ws, 1, EF_PARAMS);
    make_big(x, 1, ws);

    lxw_row_t r = 1;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline ||
            !bdb_efficiency_measures_work(se->metric, se->unit, se->better))
            continue;
        int is_time = se->better < 0;
        int is_bits = strcmp(se->unit, "bit/s") == 0;
        int is_data = is_bits || strcmp(se->unit, "B/s") == 0;
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present || !c->eff_computed)
                continue;
            bdb_efficiency eff;
            bdb_cell_efficiency(m, se, p, &eff, NULL);
            const bdb_efficiency *e = &eff;
            lxw_row_t pr = (lxw_row_t)(p + 1); /* the Platforms row */
            char mean[16], rate[16], tco[16], f[2048], f2[512];
            char pw[40], idle[40], price[40], rent[40];
            char ok_pw[128], ok_price[128], ok_rent[128], ok_mean[128], ok_rate[128];
            char ok_tco[128], ok_idle[128];
            absref(mean, r, EF_MEAN);
            absref(rate, r, EF_RATE);
            absref(tco, r, EF_TCO);
            char t[16];
            absref(t, pr, PL_POWER);
            snprintf(pw, sizeof pw, "Platforms!%s", t);
            absref(t, pr, PL_IDLE);
            snprintf(idle, sizeof idle, "Platforms!%s", t);
            absref(t, pr, PL_PRICE_USED);
            snprintf(price, sizeof price, "Platforms!%s", t);
            absref(t, pr, PL_RENT_USED);
            snprintf(rent, sizeof rent, "Platforms!%s", t);
            pos(ok_pw, sizeof ok_pw, pw);
            pos(ok_price, sizeof ok_price, price);
            pos(ok_rent, sizeof ok_rent, rent);
            pos(ok_mean, sizeof ok_mean, mean);
            pos(ok_rate, sizeof ok_rate, rate);
            pos(ok_tco, sizeof ok_tco, tco);
            snprintf(ok_idle, sizeof ok_idle, "AND(ISNUMBER(%s),%s>=0)", idle, idle);

            put_rep(x, ws, r, EF_TOOL, se->tool, NULL);
            put_rep(x, ws, r, EF_BENCH, se->benchmark, NULL);
            put_rep(x, ws, r, EF_METRIC, se->metric, NULL);
            put_rep(x, ws, r, EF_PARAMS, se->params, NULL);
            put_rep(x, ws, r, EF_PLATFORM, bdb_model_platform_name(m, p), NULL);
            char res[16];
            absref(res, (lxw_row_t)x->row[s * m->nplatforms + p], RS_MEAN);
            /* the whole machine's mean: a normalised Results mean is
             * per core, and the machine's watts and dollars are not */
            if (se->unit_per[0]) {
                put_num(x, ws, r, EF_MEAN, bdb_cell_whole_mean(se, p),
                        x->general);
            } else {
                snprintf(f, sizeof f, "=Results!%s", res);
                put_formula(x, ws, r, EF_MEAN, f, c->mean, x->general);
            }
            put_rep(x, ws, r, EF_UNIT, se->unit, NULL);

            /* Work rate: the throughput, or runs per hour of a duration. */
            snprintf(f, sizeof f, "=IFERROR(IF(%s,%s%s,\"\"),\"\")", ok_mean,
                     is_time ? "3600/" : "", mean);
            put_formula(x, ws, r, EF_RATE, f, e->work_rate, x->general);
            put_rep(x, ws, r, EF_RATE_UNIT, e->work_unit, NULL);

            snprintf(f, sizeof f, "=IFERROR(IF(AND(%s,%s),%s/%s,\"\"),\"\")",
                     ok_rate, ok_pw, rate, pw);
            put_formula(x, ws, r, EF_PER_WATT, f, e->per_watt, x->general);
            snprintf(f, sizeof f, "=IFERROR(IF(AND(%s,%s),%s/%s,\"\"),\"\")",
                     ok_rate, ok_price, rate, price);
            put_formula(x, ws, r, EF_PER_PRICE, f, e->per_dollar, x->general);
            snprintf(f, sizeof f, "=IFERROR(IF(AND(%s,%s),%s/%s,\"\"),\"\")",
                     ok_rate, ok_rent, rate, rent);
            put_formula(x, ws, r, EF_PER_RENT, f, e->per_dollar_month, x->general);

            /* TCO as report/analysis/efficiency.c: rent * 12 * years for a
             * rented machine (the rent pays the power); otherwise price +
             * energy, the average power being utilization at load and the
             * rest at idle (load power when idle is unknown). */
            snprintf(f2, sizeof f2,
                     "IF(utilization>=1,%s,utilization*%s+(1-utilization)*"
                     "IF(%s,%s,%s))",
                     pw, pw, ok_idle, idle, pw);
            snprintf(f, sizeof f,
                     "=IFERROR(IF(%s,%s*12*years,IF(AND(%s,%s),%s+%s*24*365.25*"
                     "years/1000*kwh_price,\"\")),\"\")",
                     ok_rent, rent, ok_price, ok_pw, price, f2);
            put_formula(x, ws, r, EF_TCO, f, e->tco, x->money);
            snprintf(f, sizeof f, "=IFERROR(IF(AND(%s,%s),%s/%s,\"\"),\"\")",
                     ok_rate, ok_tco, rate, tco);
            put_formula(x, ws, r, EF_PER_TCO, f, e->per_tco_dollar, x->general);

            /* Energy of one unit of work: J/op, J per 1e9 bytes or bits,
             * J per run of a duration. */
            if (is_time)
                snprintf(f, sizeof f, "=IFERROR(IF(AND(%s,%s),%s*%s,\"\"),\"\")",
                         ok_mean, ok_pw, pw, mean);
            else
                snprintf(f, sizeof f,
                         "=IFERROR(IF(AND(%s,%s),%s/%s%s,\"\"),\"\")", ok_mean,
                         ok_pw, pw, mean, is_data ? "*1E9" : "");
            put_formula(x, ws, r, EF_ENERGY, f, e->energy_per_unit, x->general);
            put_rep(x, ws, r, EF_ENERGY_UNIT, e->energy_unit, NULL);
            if (is_data) {
                snprintf(f, sizeof f,
                         "=IFERROR(IF(%s,%s%s*%.1f/1E12,\"\"),\"\")", ok_mean,
                         mean, is_bits ? "/8" : "", BDB_EFF_SECONDS_PER_MONTH);
                put_formula(x, ws, r, EF_TB_MONTH, f, e->tb_per_month, x->general);
            }
            char miss[200];
            bdb_efficiency_missing_text(e->missing | e->assumed, miss, sizeof miss);
            put_rep(x, ws, r, EF_MISSING, miss, NULL);
            r++;
        }
    }
    if (r > 1)
        note(x, worksheet_autofilter(ws, 0, 0, r - 1, EF_NCOLS - 1));
    else
        put_str(x, ws, 1, 0, "No headline series has efficiency figures.", NULL);
    worksheet_set_column(ws, EF_TOOL, EF_TOOL, 14, NULL);
    worksheet_set_column(ws, EF_BENCH, EF_BENCH, 24, NULL);
    worksheet_set_column(ws, EF_METRIC, EF_METRIC, 18, NULL);
    worksheet_set_column(ws, EF_PARAMS, EF_PARAMS, 24, NULL);
    worksheet_set_column(ws, EF_PLATFORM, EF_PLATFORM, 20, NULL);
    worksheet_set_column(ws, EF_MEAN, EF_ENERGY_UNIT, 13, NULL);
    worksheet_set_column(ws, EF_TB_MONTH, EF_TB_MONTH, 12, NULL);
    worksheet_set_column(ws, EF_MISSING, EF_MISSING, 28, NULL);
}

/* ---- Scores ------------------------------------------------------------ */

static void scores_cells(xl *x, lxw_worksheet *ws);

static void sheet_scores(xl *x)
{
    lxw_worksheet *ws = add_sheet(x, "Scores");
    if (!ws)
        return;
    x->deferred_ws = ws; /* the blocks right of the tables start at row 0 */
    scores_cells(x, ws);
    deferred_write(x);
}

static void scores_cells(xl *x, lxw_worksheet *ws)
{
    const bdb_model *m = x->m;
    put_str(x, ws, 0, 0, "category", x->head);
    for (size_t p = 0; p < m->nplatforms; p++)
        put_str(x, ws, 0, (lxw_col_t)(p + 1), bdb_model_platform_name(m, p), x->head);
    worksheet_freeze_panes(ws, 1, 1);
    static const char *const cats[] = {"cpu", "crypto", "memory", "disk",
                                       "network", "web", "key-value", "other",
                                       "overall", NULL};
    lxw_row_t r = 1;
    for (const char *const *c = cats; *c; c++) {
        int any = 0;
        for (size_t i = 0; i < m->nscores; i++)
            any |= strcmp(m->scores[i].category, *c) == 0;
        if (!any)
            continue;
        put_str(x, ws, r, 0, *c, x->bold);
        for (size_t p = 0; p < m->nplatforms; p++) {
            double g = p == m->baseline ? 1.0 : NAN;
            for (size_t i = 0; i < m->nscores; i++)
                if (m->scores[i].platform == p &&
                    strcmp(m->scores[i].category, *c) == 0)
                    g = m->scores[i].g.geomean;
            put_num(x, ws, r, (lxw_col_t)(p + 1), g, x->ratio);
        }
        r++;
    }
    lxw_row_t last = r - 1;

    /* The intervals behind the bars, one row per score. */
    lxw_row_t d = r + 1;
    static const char *const dh[] = {"category", "platform", "geomean",
                                     "CI lo", "CI hi", "ratios used",
                                     "ratios excluded"};
    for (int i = 0; i < 7; i++)
        put_str(x, ws, d, (lxw_col_t)i, dh[i], x->head);
    for (size_t i = 0; i < m->nscores; i++) {
        const bdb_score *s = &m->scores[i];
        lxw_row_t rr = d + 1 + (lxw_row_t)i;
        put_str(x, ws, rr, 0, s->category, NULL);
        put_str(x, ws, rr, 1, bdb_model_platform_name(m, s->platform), NULL);
        put_num(x, ws, rr, 2, s->g.geomean, x->ratio);
        put_num(x, ws, rr, 3, s->g.ci_lo, x->ratio);
        put_num(x, ws, rr, 4, s->g.ci_hi, x->ratio);
        put_num(x, ws, rr, 5, (double)s->g.n_used, NULL);
        put_num(x, ws, rr, 6, (double)s->g.n_excluded, NULL);
    }
    worksheet_set_column(ws, 0, 0, 14, NULL);
    worksheet_set_column(ws, 1, (lxw_col_t)(m->nplatforms > 6 ? m->nplatforms : 6),
                         14, NULL);

    if (last < 1)
        return;
    /* Per non-baseline platform: its scores with their intervals in a
     * block right of the tables, and a chart of them below every table
     * (a chart anchored over cells hides them). libxlsxwriter 1.1 has no
     * custom error bars, so the interval is the high-low line of two
     * invisible line series (CI lo, CI hi) over the columns. */
    lxw_col_t base = (lxw_col_t)(m->nplatforms + 2 > 8 ? m->nplatforms + 2 : 8);
    lxw_row_t below = (d + 1 + (lxw_row_t)m->nscores > r ? d + 1 + (lxw_row_t)m->nscores : r) + 2;
    lxw_chart *ch = workbook_add_chart(x->wb, LXW_CHART_COLUMN);
    if (!ch) {
        note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
        return;
    }
    chart_title_set_name(ch, "Scores: geometric mean of ratios to the baseline");
    chart_axis_set_name(ch->y_axis, "ratio (> 1: better)");
    chart_axis_set_num_format(ch->y_axis, "0.0\"x\"");
    for (size_t p = 0; p < m->nplatforms; p++) {
        lxw_chart_series *se = chart_add_series(ch, NULL, NULL);
        if (!se) {
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        lxw_col_t col = (lxw_col_t)(p + 1);
        chart_series_set_categories(se, "Scores", 1, 0, last, 0);
        chart_series_set_values(se, "Scores", 1, col, last, col);
        chart_series_set_name_range(se, "Scores", 0, col);
    }
    lxw_chart_options gco = {.x_scale = 1.3, .y_scale = 1.2};
    note(x, worksheet_insert_chart_opt(ws, below, 0, ch, &gco));
    size_t k = 0;
    for (size_t p = 0; p < m->nplatforms; p++) {
        if (p == m->baseline)
            continue;
        int any = 0;
        for (size_t i = 0; i < m->nscores; i++)
            any |= m->scores[i].platform == p && isfinite(m->scores[i].g.geomean);
        if (!any)
            continue;
        lxw_col_t c0 = (lxw_col_t)(base + 5 * k);
        char head[160];
        snprintf(head, sizeof head, "%s vs %s", bdb_model_platform_name(m, p),
                 bdb_model_platform_name(m, m->baseline));
        put_str(x, ws, 0, c0, head, x->head);
        put_str(x, ws, 0, c0 + 1, "score", x->head);
        put_str(x, ws, 0, c0 + 2, "CI lo", x->head);
        put_str(x, ws, 0, c0 + 3, "CI hi", x->head);
        lxw_row_t rr = 1;
        for (const char *const *c = cats; *c; c++) {
            int in = 0;
            for (size_t i = 0; i < m->nscores; i++)
                in |= strcmp(m->scores[i].category, *c) == 0;
            if (!in)
                continue;
            put_str(x, ws, rr, c0, *c, NULL);
            for (size_t i = 0; i < m->nscores; i++) {
                const bdb_score *sc = &m->scores[i];
                if (sc->platform != p || strcmp(sc->category, *c) != 0)
                    continue;
                char ref[16], f[64];
                absref(ref, rr, (lxw_col_t)(p + 1));
                snprintf(f, sizeof f, "=%s", ref);
                put_formula(x, ws, rr, c0 + 1, f, sc->g.geomean, x->ratio);
                put_num(x, ws, rr, c0 + 2, sc->g.ci_lo, x->ratio);
                put_num(x, ws, rr, c0 + 3, sc->g.ci_hi, x->ratio);
            }
            rr++;
        }
        worksheet_set_column(ws, c0, c0, 22, NULL);
        lxw_chart *ci = workbook_add_chart(x->wb, LXW_CHART_LINE);
        if (!ci) {
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        chart_name(ci, NULL, head);
        chart_axis_set_name(ci->y_axis, "geometric mean of ratios (1 = baseline)");
        chart_axis_set_num_format(ci->y_axis, "0.0\"x\"");
        lxw_chart_series *se = chart_add_series(ci, NULL, NULL);
        lxw_chart_series *lo = chart_add_series(ci, NULL, NULL);
        lxw_chart_series *hi = chart_add_series(ci, NULL, NULL);
        if (!se || !lo || !hi) {
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        lxw_chart_line none = {.none = LXW_TRUE};
        lxw_chart_series *ss[] = {se, lo, hi};
        for (int j = 0; j < 3; j++) {
            chart_series_set_categories(ss[j], "Scores", 1, c0, rr - 1, c0);
            chart_series_set_values(ss[j], "Scores", 1, (lxw_col_t)(c0 + 1 + j),
                                    rr - 1, (lxw_col_t)(c0 + 1 + j));
            chart_series_set_name_range(ss[j], "Scores", 0, (lxw_col_t)(c0 + 1 + j));
            chart_series_set_line(ss[j], &none);
            chart_series_set_marker_type(ss[j], j ? LXW_CHART_MARKER_SHORT_DASH
                                                  : LXW_CHART_MARKER_CIRCLE);
            chart_series_set_marker_size(ss[j], j ? 9 : 8);
        }
        lxw_chart_line whisker = {.color = LXW_COLOR_BLACK, .width = 1.5};
        chart_set_high_low_lines(ci, &whisker);
        lxw_chart_options co = {.x_scale = 1.3, .y_scale = 1.2};
        note(x, worksheet_insert_chart_opt(ws, below + (lxw_row_t)(20 * (k + 1)), 0,
                                           ci, &co));
        k++;
    }
}

/* ---- Sweeps ------------------------------------------------------------ */

/* The value of key in "k=v,k=v" (as bdb_section_sweep). */
static void sweep_value(const char *params, const char *key, char *out, size_t n)
{
    out[0] = '\0';
    size_t kl = strlen(key);
    for (const char *kv = params; kv && *kv;) {
        if (strncmp(kv, key, kl) == 0 && kv[kl] == '=') {
            kv += kl + 1;
            size_t l = strcspn(kv, ",");
            snprintf(out, n, "%.*s", (int)(l < n - 1 ? l : n - 1), kv);
            return;
        }
        kv = strchr(kv, ',');
        if (kv)
            kv++;
    }
}

/* A unit for a chart axis that keeps the numbers readable (no
 * 0.000047 s, no 9440000000 bit/s): the factor the canonical values are
 * multiplied by and the unit's name after it. Values up to 4 digits stay
 * as they are. */
static double human_scale(const char *unit, double maxabs, char *label, size_t n)
{
    static const struct { double f; const char *p; } dec[] = {
        {1e-12, "T"}, {1e-9, "G"}, {1e-6, "M"}, {1e-3, "k"}};
    if (strcmp(unit, "s") == 0) {
        double f = maxabs < 1e-6 ? 1e9 : maxabs < 1e-3 ? 1e6 : maxabs < 1 ? 1e3 : 1;
        snprintf(label, n, "%s", f == 1e9 ? "ns" : f == 1e6 ? "\xc2\xb5s"
                                 : f == 1e3 ? "ms" : "s");
        return f;
    }
    if (!(maxabs >= 1e4)) {
        snprintf(label, n, "%s", unit);
        return 1;
    }
    for (size_t i = 0; i < sizeof dec / sizeof dec[0]; i++)
        if (maxabs * dec[i].f >= 1) {
            /* "MB/s", "Gbit/s", "k op/s" */
            int glue = strncmp(unit, "B", 1) == 0 || strncmp(unit, "bit", 3) == 0;
            snprintf(label, n, "%s%s%s", dec[i].p, glue ? "" : " ", unit);
            return dec[i].f;
        }
    snprintf(label, n, "%s", unit);
    return 1;
}

static void sheet_sweeps(xl *x)
{
    const bdb_model *m = x->m;
    if (!m->nsweeps)
        return;
    lxw_worksheet *ws = add_sheet(x, "Sweeps");
    if (!ws)
        return;
    worksheet_set_column(ws, 0, 0, 16, NULL);
    worksheet_set_column(ws, 1, (lxw_col_t)m->nplatforms, 14, NULL);
    lxw_row_t r0 = 0;
    for (size_t w = 0; w < m->nsweeps; w++) {
        const bdb_sweep *sw = &m->sweeps[w];
        if (!sw->n)
            continue;
        const bdb_rseries *first = &m->series[sw->series[0]];
        double maxabs = 0;
        for (size_t i = 0; i < sw->n; i++)
            for (size_t p = 0; p < m->nplatforms; p++) {
                const bdb_cell *c = &m->series[sw->series[i]].cells[p];
                if (c->present && isfinite(c->mean))
                    maxabs = fmax(maxabs, fabs(c->mean));
            }
        char hunit[96];
        double factor = human_scale(first->unit, maxabs, hunit, sizeof hunit);
        if (first->unit_per[0]) /* "k op/s per core" */
            snprintf(hunit + strlen(hunit), sizeof hunit - strlen(hunit),
                     "%s", first->unit_per);
        put_str(x, ws, r0, 0, sw->label, x->bold);
        put_str(x, ws, r0 + 1, 0, "mean, unit", NULL);
        put_str(x, ws, r0 + 1, 1, hunit, NULL);
        put_str(x, ws, r0 + 2, 0, sw->key, x->head);
        for (size_t p = 0; p < m->nplatforms; p++)
            put_str(x, ws, r0 + 2, (lxw_col_t)(p + 1),
                    bdb_model_platform_name(m, p), x->head);
        lxw_row_t d0 = r0 + 3, d1 = d0 + (lxw_row_t)sw->n - 1;
        int *has = calloc(m->nplatforms ? m->nplatforms : 1, sizeof *has);
        if (!has) {
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        for (size_t i = 0; i < sw->n; i++) {
            size_t s = sw->series[i];
            const bdb_rseries *se = &m->series[s];
            char v[64];
            sweep_value(se->params, sw->key, v, sizeof v);
            char *end;
            double xv = strtod(v, &end);
            if (v[0] && !*end && isfinite(xv))
                note(x, worksheet_write_number(ws, d0 + (lxw_row_t)i, 0, xv, x->bold));
            else
                put_str(x, ws, d0 + (lxw_row_t)i, 0, v, x->bold);
            for (size_t p = 0; p < m->nplatforms; p++) {
                const bdb_cell *c = &se->cells[p];
                long rr = x->row[s * m->nplatforms + p];
                if (!c->present || rr < 0 || !isfinite(c->mean))
                    continue;
                char ref[16], f[64];
                absref(ref, (lxw_row_t)rr, RS_MEAN);
                if (factor == 1)
                    snprintf(f, sizeof f, "=Results!%s", ref);
                else
                    snprintf(f, sizeof f, "=Results!%s*%.0E", ref, factor);
                put_formula(x, ws, d0 + (lxw_row_t)i, (lxw_col_t)(p + 1), f,
                            c->mean * factor, x->general);
                has[p] = 1;
            }
        }
        lxw_chart *ch = workbook_add_chart(x->wb, LXW_CHART_LINE);
        if (!ch) {
            free(has);
            note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
            return;
        }
        /* titles as text: LibreOffice draws a reference to a cell as
         * its placeholder "Chart Title" */
        chart_name(ch, NULL, sw->label);
        chart_name(NULL, ch->x_axis, sw->key);
        chart_name(NULL, ch->y_axis, hunit);
        for (size_t p = 0; p < m->nplatforms; p++) {
            if (!has[p])
                continue;
            lxw_chart_series *se = chart_add_series(ch, NULL, NULL);
            if (!se)
                break;
            lxw_col_t col = (lxw_col_t)(p + 1);
            chart_series_set_categories(se, "Sweeps", d0, 0, d1, 0);
            chart_series_set_values(se, "Sweeps", d0, col, d1, col);
            chart_series_set_name_range(se, "Sweeps", r0 + 2, col);
            chart_series_set_marker_type(se, LXW_CHART_MARKER_CIRCLE);
        }
        free(has);
        note(x, worksheet_insert_chart(ws, r0, (lxw_col_t)(m->nplatforms + 2), ch));
        /* Room for the chart (15 rows) before the next block. */
        lxw_row_t used = (lxw_row_t)sw->n + 4;
        r0 += used > 17 ? used : 17;
    }
}

/* ---- Warnings ---------------------------------------------------------- */

static void sheet_warnings(xl *x)
{
    const bdb_model *m = x->m;
    lxw_worksheet *ws = add_sheet(x, "Warnings");
    if (!ws)
        return;
    static const char *const head[] = {"platform", "source", "line", "kind",
                                       "message"};
    header(x, ws, head, 5);
    /* The same rows as every other format: the logs' warnings under the
     * platform of the figure they concern, then the sources of published
     * figures (notes, not warnings), then the missing inputs. */
    lxw_row_t r = 1;
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        if (w->is_info)
            continue;
        put_str(x, ws, r, 0, bdb_section_warning_platform(m, w), NULL);
        put_str(x, ws, r, 1, w->path, NULL);
        if (w->line > 0)
            note(x, worksheet_write_number(ws, r, 2, w->line, NULL));
        put_str(x, ws, r, 3, "warning", NULL);
        put_str(x, ws, r, 4, w->message, NULL);
        r++;
    }
    for (size_t i = 0; i < m->nwarnings; i++) {
        const bdb_rwarning *w = &m->warnings[i];
        if (!w->is_info || !bdb_section_note_shown(m, w))
            continue;
        put_str(x, ws, r, 0, bdb_section_warning_platform(m, w), NULL);
        put_str(x, ws, r, 1, w->path, NULL);
        if (w->line > 0)
            note(x, worksheet_write_number(ws, r, 2, w->line, NULL));
        put_str(x, ws, r, 3, "source", NULL);
        put_str(x, ws, r, 4, w->message, NULL);
        r++;
    }
    bdb_buf miss;
    bdb_buf_init(&miss);
    bdb_section_missing_inputs(m, &miss, "");
    for (char *p = miss.data; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (*p) {
            put_str(x, ws, r, 3, "missing input", NULL);
            put_str(x, ws, r, 4, p, NULL);
            r++;
        }
        p = nl ? nl + 1 : NULL;
    }
    bdb_buf_free(&miss);
    if (r > 1)
        note(x, worksheet_autofilter(ws, 0, 0, r - 1, 4));
    worksheet_set_column(ws, 0, 0, 20, NULL);
    worksheet_set_column(ws, 1, 1, 40, NULL);
    worksheet_set_column(ws, 2, 3, 10, NULL);
    worksheet_set_column(ws, 4, 4, 80, NULL);
}

/* ---- the workbook ------------------------------------------------------ */

static lxw_format *fmt(xl *x, const char *num, int bold, uint32_t bg)
{
    lxw_format *f = workbook_add_format(x->wb);
    if (!f) {
        note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
        return NULL;
    }
    if (num)
        format_set_num_format(f, num);
    if (bold)
        format_set_bold(f);
    if (bg) {
        format_set_bg_color(f, bg);
        format_set_pattern(f, LXW_PATTERN_SOLID);
    }
    return f;
}

/* Rows the Results sheet needs: its header and one per present cell. */
static size_t results_rows(const bdb_model *m)
{
    size_t n = 1;
    for (size_t s = 0; s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++)
            n += m->series[s].cells[p].present != 0;
    return n;
}

int bdb_report_render_xlsx(const bdb_model *m, const bdb_render_opts *o,
                           const char *path, bdb_diag *diag)
{
    (void)o;
    if (!m || !path)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "xlsx: no model or no path");
    /* One row per series and platform: past Excel's sheet, say so before
     * any work (Efficiency has fewer rows, the other sheets far fewer). */
    size_t need = results_rows(m);
    if (need > BDB_XL_ROWS)
        return bdb_diag_set(diag, BDB_ERANGE, 0,
                            "xlsx: the Results sheet would need %zu rows (one per "
                            "series and platform) and a sheet holds at most %u; "
                            "narrow the report (--platforms, --tool, --benchmark) "
                            "or use --format csv",
                            need, BDB_XL_ROWS);
    /* Try the path first: libxlsxwriter only finds out at workbook_close
     * and then prints to stderr, and library code does not print. */
    FILE *probe = fopen(path, "wb");
    if (!probe)
        return bdb_diag_set(diag, BDB_EIO, 0, "%s: %s", path, strerror(errno));
    fclose(probe);
    xl x = {0};
    x.m = m;
    x.row = malloc((m->nseries * m->nplatforms + 1) * sizeof *x.row);
    if (!x.row)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "xlsx: out of memory");
    /* constant memory: rows go to a temporary file as they are made (a
     * million results were 450 MB of cells); rows must come in order.
     * The temporary files go beside the workbook, not to /tmp, which is
     * often memory itself (tmpfs). */
    char dir[4096];
    const char *slash = strrchr(path, '/');
    int dn = slash ? (int)(slash - path) : 0;
    int dw = snprintf(dir, sizeof dir, "%.*s", dn ? dn : 1,
                      slash ? (dn ? path : "/") : ".");
    struct stat sb; /* a device (-o /dev/null) keeps them in /tmp */
    int beside = dw > 0 && (size_t)dw < sizeof dir &&
                 !(stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) &&
                 access(dir, W_OK) == 0;
    x.tmpdir = beside ? dir : NULL;
    /* libxlsxwriter writes its package to a temporary file; the workbook
     * at path is that package with the big sheets' rows put in. */
    const char *td = x.tmpdir ? x.tmpdir : getenv("TMPDIR");
    if (!td || !*td)
        td = "/tmp";
    char pkg[4200];
    int pn = snprintf(pkg, sizeof pkg, "%s/.benchdb-xlsx-XXXXXX", td);
    int pfd = pn > 0 && (size_t)pn < sizeof pkg ? mkstemp(pkg) : -1;
    if (pfd < 0) {
        int e = errno;
        free(x.row);
        remove(path);
        return bdb_diag_set(diag, BDB_EIO, 0, "xlsx: a temporary file in %s: %s", td,
                            strerror(e));
    }
    close(pfd);
    bdb_cleanup_add(pkg);   /* a stopped report leaves no package behind */
    lxw_workbook_options wo = {.constant_memory = LXW_TRUE, .tmpdir = (char *)x.tmpdir};
    x.sst = bdb_xlsst_new();
    x.wb = x.sst ? workbook_new_opt(pkg, &wo) : NULL;
    if (!x.wb) {
        bdb_xlsst_free(x.sst);
        free(x.row);
        unlink(pkg);
        bdb_cleanup_drop(pkg);
        remove(path);
        return bdb_diag_set(diag, BDB_EIO, 0, "%s: cannot start the workbook", path);
    }
    x.head = fmt(&x, NULL, 1, 0xDDE4EE);
    if (x.head)
        format_set_bottom(x.head, LXW_BORDER_THIN);
    x.bold = fmt(&x, NULL, 1, 0);
    x.input = fmt(&x, NULL, 0, 0xFFF2CC);
    x.input_money = fmt(&x, "#,##0.00##", 0, 0xFFF2CC);
    x.money = fmt(&x, "#,##0.00", 0, 0);
    x.ratio = fmt(&x, "0.00\"x\"", 0, 0);
    x.pct = fmt(&x, "0.0%", 0, 0);
    x.general = NULL; /* General: as many digits as the number needs */
    x.sci = fmt(&x, "0.00E+00", 0, 0);

    char title[256], comments[] = "benchdb report";
    snprintf(title, sizeof title, "%s", m->title);
    lxw_doc_properties props = {.title = title, .comments = comments};
    note(&x, workbook_set_properties(x.wb, &props));

    sheet_inputs(&x);
    sheet_platforms(&x);
    sheet_results(&x);
    sheet_efficiency(&x);
    sheet_scores(&x);
    sheet_sweeps(&x);
    sheet_warnings(&x);

    lxw_error build_err = x.err;
    lxw_error close_err = workbook_close(x.wb);
    free(x.row);
    for (int k = 0; k < 2 && !x.msg[0]; k++)
        if (x.big[k] && bdb_xlrows_error(x.big[k]))
            snprintf(x.msg, sizeof x.msg, "xlsx: %s", bdb_xlrows_error(x.big[k]));
    lxw_error e = build_err != LXW_NO_ERROR ? build_err : close_err;
    if (e == LXW_NO_ERROR && !x.msg[0]) {
        bdb_xlrows *ws[2];
        size_t nw = 0;
        for (int k = 0; k < 2; k++)
            if (x.big[k])
                ws[nw++] = x.big[k];
        char err[300];
        if (bdb_xlrows_splice(pkg, path, ws, nw, x.sst, err, sizeof err) != 0)
            snprintf(x.msg, sizeof x.msg, "%s", err);
    }
    for (int k = 0; k < 2; k++)
        bdb_xlrows_free(x.big[k]);
    bdb_xlsst_free(x.sst);
    unlink(pkg);
    bdb_cleanup_drop(pkg);
    if (e != LXW_NO_ERROR || x.msg[0]) {
        remove(path); /* no half-written workbook left behind */
        if (e != LXW_NO_ERROR)
            return bdb_diag_set(diag, BDB_EIO, 0, "%s: %s", path, lxw_strerror(e));
        return bdb_diag_set(diag, BDB_EIO, 0, "%s: %s", path, x.msg);
    }
    return BDB_OK;
}
