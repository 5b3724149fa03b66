/* pdf.c - the multi-page PDF report: cairo's PDF surface for the pages,
 * pango for every text (wrapped to the column, with font fallback so that
 * Cyrillic and CJK names from platforms.csv render), the charts of
 * chart.c drawn in place. The tables are those of sections.c, laid out
 * with wrapping cells; one that does not fit continues on the next page
 * under its header row again. */
#include "pdf.h"
#include "cairo_file.h"
#include "chart.h"
#include "render.h"
#include "sections.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/bdb_error.h"

#define FONT "DejaVu Sans, Noto Sans CJK SC, sans-serif"
#define MARGIN 48.0
#define CHART_W 720.0
#define PDF_MAX_SERIES_CHARTS 12   /* charts are drawn at this width and scaled down */

typedef struct doc {
    cairo_surface_t *surf;
    cairo_t *cr;
    const bdb_model *m;
    double pw, ph;      /* page size in points */
    double y;           /* where the next block goes */
    int page;           /* pages begun */
    int oom;            /* a part could not be made: out of memory */
} doc;

static double bottom(const doc *d)
{
    return d->ph - MARGIN - 14;
}

static double text_w(const doc *d)
{
    return d->pw - 2 * MARGIN;
}

static PangoLayout *layout(const doc *d, const char *s, double size, int bold,
                           double width)
{
    PangoLayout *l = pango_cairo_create_layout(d->cr);
    PangoFontDescription *fd = pango_font_description_from_string(FONT);
    pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
                                               : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    char *c = bdb_chart_text_dup(s);
    pango_layout_set_text(l, c ? c : "", -1);
    free(c);
    if (width > 0) {
        pango_layout_set_width(l, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    }
    return l;
}

static double layout_h(PangoLayout *l)
{
    int w, h;
    pango_layout_get_size(l, &w, &h);
    return h / (double)PANGO_SCALE;
}

static double layout_w(PangoLayout *l)
{
    int w, h;
    pango_layout_get_size(l, &w, &h);
    return w / (double)PANGO_SCALE;
}

static void grey(const doc *d, double g)
{
    cairo_set_source_rgb(d->cr, g, g, g);
}

static void footer(doc *d)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%d", d->page);
    grey(d, 0.45);
    PangoLayout *l = layout(d, d->m->title, 7.5, 0, text_w(d) - 40);
    pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
    pango_layout_set_wrap(l, PANGO_WRAP_WORD);
    pango_layout_set_height(l, 0);
    cairo_move_to(d->cr, MARGIN, d->ph - MARGIN + 6);
    pango_cairo_show_layout(d->cr, l);
    g_object_unref(l);
    l = layout(d, buf, 7.5, 0, 0);
    cairo_move_to(d->cr, d->pw - MARGIN - layout_w(l), d->ph - MARGIN + 6);
    pango_cairo_show_layout(d->cr, l);
    g_object_unref(l);
}

static void new_page(doc *d)
{
    if (d->page > 0) {
        footer(d);
        cairo_show_page(d->cr);
    }
    d->page++;
    d->y = MARGIN;
}

/* Room for h more points on this page, else a new one. */
static void need(doc *d, double h)
{
    if (d->y + h > bottom(d) && d->y > MARGIN + 1)
        new_page(d);
}

/* A paragraph wrapped to the text width, indented by indent. */
static void para(doc *d, const char *s, double size, int bold, double g,
                 double indent)
{
    PangoLayout *l = layout(d, s, size, bold, text_w(d) - indent);
    double h = layout_h(l);
    need(d, h);
    grey(d, g);
    cairo_move_to(d->cr, MARGIN + indent, d->y);
    pango_cairo_show_layout(d->cr, l);
    g_object_unref(l);
    d->y += h + size * 0.35;
}

static void heading(doc *d, int level, const char *s)
{
    double size = level == 1 ? 17 : level == 2 ? 13 : 11;
    /* a heading never ends a page alone */
    need(d, size * 2 + 60);
    d->y += level == 1 ? 4 : 8;
    para(d, s, size, 1, 0.08, 0);
    d->y += 2;
}

/* Each line of text as a bulleted paragraph. */
static void bullets(doc *d, const char *text, double size)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = g_strndup(p, n);
        if (*line) {
            char *b = g_strdup_printf("\xe2\x80\xa2 %s", line);
            para(d, b, size, 0, 0.15, 8);
            g_free(b);
        }
        g_free(line);
        p = nl ? nl + 1 : NULL;
    }
}

/* ---- tables ----------------------------------------------------------------- */

#define T_FS 7.5
#define T_PAD 3.0

/* Column c's width with its texts on one line each. */
static double natural_width(doc *d, const bdb_rtable *t, size_t c)
{
    double w = 12;
    for (size_t r = 0; r < t->nrows; r++) {
        PangoLayout *l = layout(d, t->cells[r * t->ncols + c], T_FS, r == 0, 0);
        w = fmax(w, layout_w(l) + 2 * T_PAD + 1);
        g_object_unref(l);
    }
    return w;
}

/* Column widths that fill at most the text width: columns narrower than
 * their share keep their natural width, the others share what is left
 * and wrap. */
static void col_widths(doc *d, const bdb_rtable *t, double *w)
{
    size_t nc = t->ncols;
    double avail = text_w(d);
    for (size_t c = 0; c < nc; c++)
        w[c] = natural_width(d, t, c);
    double total = 0;
    for (size_t c = 0; c < nc; c++)
        total += w[c];
    if (total <= avail)
        return;
    unsigned char *fixed = calloc(nc, 1);
    if (!fixed) {
        for (size_t c = 0; c < nc; c++)
            w[c] = avail / (double)nc;
        return;
    }
    double left = avail;
    size_t nfree = nc;
    for (int changed = 1; changed && nfree;) {
        changed = 0;
        double share = left / (double)nfree;
        for (size_t c = 0; c < nc; c++)
            if (!fixed[c] && w[c] <= share) {
                fixed[c] = 1;
                left -= w[c];
                nfree--;
                changed = 1;
            }
    }
    for (size_t c = 0; c < nc; c++)
        if (!fixed[c])
            w[c] = left / (double)(nfree ? nfree : 1);
    free(fixed);
}

static double row_height(doc *d, const bdb_rtable *t, size_t r, const double *w)
{
    double h = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        PangoLayout *l = layout(d, t->cells[r * t->ncols + c], T_FS, r == 0,
                                w[c] - 2 * T_PAD);
        h = fmax(h, layout_h(l));
        g_object_unref(l);
    }
    return h + 2 * T_PAD;
}

static void draw_row(doc *d, const bdb_rtable *t, size_t r, const double *w,
                     double h, int shade)
{
    double x = MARGIN;
    if (r == 0 || shade) {
        grey(d, r == 0 ? 0.88 : 0.965);
        double tw = 0;
        for (size_t c = 0; c < t->ncols; c++)
            tw += w[c];
        cairo_rectangle(d->cr, MARGIN, d->y, tw, h);
        cairo_fill(d->cr);
    }
    for (size_t c = 0; c < t->ncols; c++) {
        PangoLayout *l = layout(d, t->cells[r * t->ncols + c], T_FS, r == 0,
                                w[c] - 2 * T_PAD);
        if (r > 0 && t->right[c])
            pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
        grey(d, 0.1);
        cairo_move_to(d->cr, x + T_PAD, d->y + T_PAD);
        pango_cairo_show_layout(d->cr, l);
        g_object_unref(l);
        x += w[c];
    }
}

/* The table, broken across pages with its header row repeated. */
static void table_part(doc *d, const bdb_rtable *t)
{
    if (t->nrows == 0 || t->ncols == 0)
        return;
    double *w = calloc(t->ncols, sizeof *w);
    if (!w)
        return;
    col_widths(d, t, w);
    double hh = row_height(d, t, 0, w);
    for (size_t r = 0; r < t->nrows; r++) {
        double h = r ? row_height(d, t, r, w) : hh;
        int top = d->y <= MARGIN + 1;
        if (r == 0 || d->y + h > bottom(d)) {
            if (r == 0)
                need(d, hh + (t->nrows > 1 ? row_height(d, t, 1, w) : 0));
            else
                new_page(d);
            draw_row(d, t, 0, w, hh, 0);
            d->y += hh;
            if (r == 0)
                continue;
        }
        (void)top;
        draw_row(d, t, r, w, h, r % 2 == 0);
        d->y += h;
    }
    d->y += 10;
    free(w);
}

/* Narrowest a column is drawn: below it a figure with its spread and
 * ratio wraps over more lines than it has words (A4 takes 11 of them:
 * the platforms table is never cut). */
#define T_MIN_COL 44.0

/* The table; one wider than the page (a column per platform, 70 of them)
 * is drawn as several, each with the key columns and the next columns
 * that fit beside them, so that every column keeps a readable width. */
static void table(doc *d, const bdb_rtable *t)
{
    size_t nkey = t->nkey ? t->nkey : 1;
    size_t fit = (size_t)(text_w(d) / T_MIN_COL);
    if (t->ncols <= fit || nkey >= t->ncols) {
        table_part(d, t);
        return;
    }
    /* the key columns keep their width up to half the page; the other
     * columns share the rest at their natural width, at least T_MIN_COL */
    double keyw = 0, otherw = T_MIN_COL;
    for (size_t c = 0; c < nkey; c++)
        keyw += natural_width(d, t, c);
    for (size_t c = nkey; c < t->ncols; c++)
        otherw = fmax(otherw, natural_width(d, t, c));
    double room = text_w(d) - fmin(keyw, text_w(d) / 2);
    size_t per = (size_t)(room / fmin(otherw, room / 2));
    if (per < 1)
        per = 1;
    for (size_t first = nkey; first < t->ncols; first += per) {
        size_t n = t->ncols - first < per ? t->ncols - first : per;
        /* a view: the part's cells point at the table's texts */
        bdb_rtable part = {.ncols = nkey + n, .nrows = t->nrows, .nkey = t->nkey};
        part.cells = malloc(t->nrows * part.ncols * sizeof *part.cells);
        part.right = malloc(part.ncols);
        if (!part.cells || !part.right) {
            free(part.cells);
            free(part.right);
            d->oom = 1;
            return;
        }
        for (size_t c = 0; c < part.ncols; c++) {
            size_t from = c < nkey ? c : first + c - nkey;
            part.right[c] = t->right[from];
            for (size_t r = 0; r < t->nrows; r++)
                part.cells[r * part.ncols + c] = t->cells[r * t->ncols + from];
        }
        table_part(d, &part);
        free(part.cells);
        free(part.right);
    }
}

static void section_table(doc *d, int (*build)(const bdb_model *, bdb_rtable *),
                          const char *title, const char *empty)
{
    bdb_rtable t;
    build(d->m, &t);
    if (t.nrows > 1) {
        if (title)
            heading(d, 3, title);
        table(d, &t);
    } else if (empty) {
        para(d, empty, 9, 0, 0.3, 0);
    }
    bdb_rtable_free(&t);
}

/* ---- charts ----------------------------------------------------------------- */

/* The height chart k takes on the page, scaled to the text width (and
 * down to a page when taller); *scale receives the factor. */
static double chart_height(const doc *d, bdb_chart_kind k, size_t i, double *scale)
{
    double ch = bdb_chart_natural_height(d->m, k, CHART_W);
    double sc = text_w(d) / CHART_W;
    double maxh = bottom(d) - MARGIN - 40; /* room for a heading */
    if (ch * sc > maxh)
        sc = maxh / ch;
    if (scale)
        *scale = sc;
    (void)i;
    return ch * sc;
}

/* A heading that goes to the next page with the chart under it. */
static void heading_over_chart(doc *d, int level, const char *s,
                               bdb_chart_kind k, size_t i)
{
    if (bdb_chart_available(d->m, k, i))
        need(d, chart_height(d, k, i, NULL) + 40);
    heading(d, level, s);
}

static void chart(doc *d, bdb_chart_kind k, size_t i)
{
    if (!bdb_chart_available(d->m, k, i))
        return;
    double ch = bdb_chart_natural_height(d->m, k, CHART_W);
    double scale;
    need(d, chart_height(d, k, i, &scale));
    cairo_save(d->cr);
    cairo_translate(d->cr, MARGIN, d->y);
    cairo_scale(d->cr, scale, scale);
    bdb_chart_draw(d->cr, d->m, k, i, CHART_W, ch);
    cairo_restore(d->cr);
    d->y += ch * scale + 10;
}

/* ---- the report ------------------------------------------------------------- */

static void title_page(doc *d)
{
    const bdb_model *m = d->m;
    d->y = MARGIN + 60;
    para(d, m->title[0] ? m->title : "benchdb report", 24, 1, 0.05, 0);
    char date[64] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d", &tm);
    char *meta = g_strdup_printf("%s \xc2\xb7 %zu platforms \xc2\xb7 %zu series "
                                 "\xc2\xb7 baseline %s \xc2\xb7 made by benchdb",
                                 date, m->nplatforms, m->nseries,
                                 bdb_model_platform_name(m, m->baseline));
    para(d, meta, 11, 0, 0.35, 0);
    g_free(meta);
    d->y += 12;
    heading(d, 2, "Platforms compared");
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_platform *pl = &m->platforms[p];
        char *line = g_strdup_printf("%s%s: %s%s%s", bdb_model_platform_name(m, p),
                                     p == m->baseline ? " (baseline)" : "",
                                     pl->arch[0] ? pl->arch : "arch unknown",
                                     pl->cpu[0] ? ", " : "", pl->cpu);
        para(d, line, 11, p == m->baseline, 0.12, 8);
        g_free(line);
    }
    d->y += 8;
    heading(d, 2, "Findings");
    bdb_buf f;
    bdb_buf_init(&f);
    bdb_report_findings(m, &f, "");
    bullets(d, f.data, 10.5);
    bdb_buf_free(&f);
}

static void tool_sections(doc *d, int all)
{
    const bdb_model *m = d->m;
    const char **tools;
    size_t ntools;
    if (bdb_section_tools(m, &tools, &ntools))
        d->oom = 1;
    for (size_t i = 0; i < ntools; i++) {
        bdb_rtable t;
        bdb_section_tool(m, tools[i], all, &t);
        if (t.nrows <= 1) {
            bdb_rtable_free(&t);
            continue;
        }
        char *title = g_strdup_printf("%s (%s)", tools[i], bdb_model_category(tools[i]));
        heading(d, 2, title);
        g_free(title);
        table(d, &t);
        bdb_rtable_free(&t);
        for (size_t w = 0; w < m->nsweeps; w++) {
            const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
            if (strcmp(first->tool, tools[i]) != 0 ||
                (!all && !bdb_report_is_key_series(first)))
                continue;
            heading_over_chart(d, 3, m->sweeps[w].label, BDB_CHART_SWEEP, w);
            chart(d, BDB_CHART_SWEEP, w);
            bdb_section_sweep(m, w, &t);
            table(d, &t);
            bdb_rtable_free(&t);
        }
        /* a bar chart per headline series while that stays a few pages;
         * beyond, the table and the overview say it and benchdb chart
         * draws them all */
        size_t nh = 0;
        for (size_t s = 0; s < m->nseries; s++)
            nh += strcmp(m->series[s].tool, tools[i]) == 0 && m->series[s].headline;
        if (nh > PDF_MAX_SERIES_CHARTS) {
            char *note = g_strdup_printf("%zu headline series: their bar charts "
                                         "are left out here (see the overview); "
                                         "'benchdb chart' draws one per series.",
                                         nh);
            para(d, note, 9, 0, 0.3, 0);
            g_free(note);
            continue;
        }
        for (size_t s = 0; s < m->nseries; s++)
            if (strcmp(m->series[s].tool, tools[i]) == 0 && m->series[s].headline)
                chart(d, BDB_CHART_SERIES, s);
    }
    free(tools);
}

static int provenance_build(const bdb_model *m, bdb_rtable *t)
{
    return bdb_section_provenance(m, 0, t);
}

static void body(doc *d, int all)
{
    const bdb_model *m = d->m;
    new_page(d);
    title_page(d);

    new_page(d);
    heading(d, 1, "Platforms");
    section_table(d, bdb_section_platforms, NULL, NULL);
    section_table(d, bdb_section_differs, "What differs between these platforms", NULL);

    heading_over_chart(d, 1, "Overview", BDB_CHART_OVERVIEW, 0);
    chart(d, BDB_CHART_OVERVIEW, 0);
    chart(d, BDB_CHART_SCORES, 0);
    section_table(d, bdb_section_scores, "Summary scores (geometric mean of ratios)",
                  "No series is measured on the baseline and another platform, "
                  "so there are no scores.");

    new_page(d);
    heading(d, 1, "Results by tool");
    tool_sections(d, all);

    new_page(d);
    heading(d, 1, "Efficiency");
    bdb_rtable t;
    bdb_section_efficiency(m, &t);
    if (t.nrows > 1)
        table(d, &t);
    bdb_rtable_free(&t);
    bdb_buf miss;
    bdb_buf_init(&miss);
    bdb_section_missing_inputs(m, &miss, "");
    if (miss.len)
        bullets(d, miss.data, 9);
    bdb_buf_free(&miss);
    static const bdb_chart_kind eff[] = {BDB_CHART_PER_WATT, BDB_CHART_PER_USD,
                                         BDB_CHART_PER_TCO, BDB_CHART_VS_POWER,
                                         BDB_CHART_VS_PRICE, BDB_CHART_MATCH};
    for (size_t k = 0; k < sizeof eff / sizeof eff[0]; k++)
        chart(d, eff[k], 0);

    heading(d, 1, "Warnings");
    section_table(d, bdb_section_warnings, NULL, "None: no log had a warning.");

    heading(d, 1, "How to read this report");
    bdb_buf notes;
    bdb_buf_init(&notes);
    bdb_report_method_notes(m, &notes, "");
    bullets(d, notes.data, 9);
    bdb_buf_free(&notes);

    new_page(d);
    heading(d, 1, "Provenance");
    para(d, "Each figure of the report is the mean of the values below; each "
            "value came from the file and line shown.", 9, 0, 0.3, 0);
    section_table(d, provenance_build, NULL, NULL);
    bdb_section_sources(m, all, &t);
    if (t.nrows > 1) {
        heading(d, 2, "Where published figures come from");
        table(d, &t);
    }
    bdb_rtable_free(&t);
    footer(d);
    cairo_show_page(d->cr);
}

int bdb_report_render_pdf(const bdb_model *m, const bdb_pdf_opts *o,
                          const char *path, bdb_diag *diag)
{
    if (!m || !path || !*path)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "a PDF report needs a model and a path");
    doc d;
    memset(&d, 0, sizeof d);
    d.m = m;
    if (o && o->paper == BDB_PAPER_LETTER) {
        d.pw = 612;
        d.ph = 792;
    } else {
        d.pw = 595.276;
        d.ph = 841.89;
    }
    bdb_cairo_file cf;
    int err = bdb_cairo_file_open(&cf, path);
    if (err)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            strerror(err));
    d.surf = cairo_pdf_surface_create_for_stream(bdb_cairo_file_write, &cf,
                                                 d.pw, d.ph);
    cairo_status_t st = cairo_surface_status(d.surf);
    if (st) {
        cairo_surface_destroy(d.surf);
        bdb_cairo_file_close(&cf);
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            cairo_status_to_string(st));
    }
    cairo_pdf_surface_set_metadata(d.surf, CAIRO_PDF_METADATA_CREATOR, "benchdb");
    char *title = bdb_chart_text_dup(m->title);
    cairo_pdf_surface_set_metadata(d.surf, CAIRO_PDF_METADATA_TITLE,
                                   title ? title : "");
    free(title);
    d.cr = cairo_create(d.surf);
    body(&d, o && o->all_metrics);
    st = cairo_status(d.cr);
    if (!st && d.oom)
        st = CAIRO_STATUS_NO_MEMORY;
    cairo_destroy(d.cr);
    if (!st) {
        cairo_surface_finish(d.surf);
        st = cairo_surface_status(d.surf);
    }
    cairo_surface_destroy(d.surf);
    err = bdb_cairo_file_close(&cf);
    if (st == CAIRO_STATUS_NO_MEMORY)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory drawing '%s'", path);
    if (st)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            cairo_status_to_string(st));
    if (err)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            strerror(err));
    return BDB_OK;
}
