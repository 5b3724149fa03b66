/* chart.c - the report's charts drawn with cairo (PNG, SVG, PDF).
 *
 * Three kinds of chart, each filling one 960x540 page:
 * - scores: per category a group of bars, one per non-baseline platform,
 *   the geometric mean of its speedups with the 95% bootstrap interval as
 *   a whisker, and a dashed line at 1.0 where the baseline stands;
 * - sweep: the mean (95% CI error bars) against the swept parameter, one
 *   line per platform, log x when the parameter spans more than 20x;
 * - series: one bar per platform with the mean, its CI and its value in
 *   human units, the speedup vs the reference below the platform's name.
 * The value axes start at zero (bars that do not start at zero mislead)
 * and step in 1, 2 or 5 x 10^k. Missing cells and NaN are never drawn:
 * a platform without a figure keeps its slot and says "no data".
 *
 * Text comes from logs, so it is cleaned before cairo sees it: the toy
 * text API puts the context in an error state on invalid UTF-8, which
 * would lose the whole chart over one bad byte. */
#include "../common/bdb_output.h"
#include "../common/bdb_cleanup.h"
#include "chart.h"
#include "cairo_file.h"
#include "sections.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/bdb_buf.h"
#include "../common/bdb_neutral.h"
#include "../common/bdb_error.h"
#include "../common/bdb_sample.h"
#include "../common/bdb_grow.h"

/* The canvas of the chart being drawn: 960x540 unless the caller asks
 * for another size (benchdb chart --width/--height, the PDF report). The
 * layout constants below are expressions of these. */
static double g_cw = 960.0, g_ch = 540.0;
#define CW g_cw
#define CH g_ch
#define TEXT_MAX 480        /* bytes of one drawn text, before fitting */
#define SLUG_MAX 120
/* pango falls back from the first family to any installed font that has
 * the glyph, so Cyrillic and CJK names render when a font has them
 * (fonts-dejavu-core for Cyrillic, fonts-noto-cjk for CJK). */
#define FONT "DejaVu Sans, Noto Sans CJK SC, sans-serif"
#define PI 3.14159265358979323846

/* The HTML report's colours, with a gold in place of a second orange so
 * that neighbours in the order stay apart. */
static const unsigned char palette[][3] = {
    {0x05, 0x50, 0xae}, {0xbc, 0x4c, 0x00}, {0x11, 0x63, 0x29},
    {0x82, 0x50, 0xdf}, {0xa4, 0x0e, 0x26}, {0x1b, 0x7c, 0x83},
    {0x6e, 0x77, 0x81}, {0xbf, 0x87, 0x00}};
#define NPALETTE (sizeof palette / sizeof palette[0])

void bdb_chart_palette(size_t slot, unsigned char rgb[3])
{
    memcpy(rgb, palette[slot % NPALETTE], 3);
}

/* ---- trace: what was drawn where, for the geometry tests ---------------- */

static bdb_chart_trace *g_trace;
static int g_role = BDB_CHART_ITEM_TEXT;
static double g_value = NAN;

static void trace_add(int kind, const char *txt, double x, double y, double w,
                      double h, double value, size_t slot)
{
    bdb_chart_trace *t = g_trace;
    if (!t)
        return;
    if (t->n == t->cap) {
        bdb_chart_item *it = bdb_grow(t->items, t->n, &t->cap, sizeof *it, 64);
        if (!it) {
            t->failed = 1;
            return;
        }
        t->items = it;
    }
    bdb_chart_item *it = &t->items[t->n++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    snprintf(it->text, sizeof it->text, "%s", txt ? txt : "");
    it->x = x;
    it->y = y;
    it->w = w;
    it->h = h;
    it->value = value;
    it->slot = slot;
}

void bdb_chart_trace_begin(bdb_chart_trace *t)
{
    memset(t, 0, sizeof *t);
    g_trace = t;
}

void bdb_chart_trace_end(void)
{
    g_trace = NULL;
}

void bdb_chart_trace_free(bdb_chart_trace *t)
{
    free(t->items);
    memset(t, 0, sizeof *t);
}

/* ---- platform order: the baseline first ---------------------------------- */

static size_t plat_at(const bdb_model *m, size_t k)
{
    if (k == 0)
        return m->baseline;
    return k <= m->baseline ? k - 1 : k;
}

static void set_slot(cairo_t *cr, size_t slot)
{
    const unsigned char *c = palette[slot % NPALETTE];
    cairo_set_source_rgb(cr, c[0] / 255.0, c[1] / 255.0, c[2] / 255.0);
}

static void set_grey(cairo_t *cr, double g)
{
    cairo_set_source_rgb(cr, g, g, g);
}

/* ---- text ------------------------------------------------------------------ */

/* Whether cairo accepts the code point (its UNICODE_VALID). */
static int cp_ok(unsigned long c)
{
    return c < 0x110000 && (c & 0xFFFFF800UL) != 0xD800 &&
           (c < 0xFDD0 || c > 0xFDEF) && (c & 0xFFFE) != 0xFFFE;
}

/* Copies in to out (n bytes) as valid UTF-8: control characters (but a
 * line feed with keep_lf) become spaces, bytes that start no valid
 * sequence '?', and text that does not fit ends in "...". */
static void clean_text(const char *in, char *out, size_t n, int keep_lf)
{
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    size_t o = 0;
    while (*s && o + 8 < n) {
        unsigned c = *s;
        if (c < 0x80) {
            out[o++] = (c < 0x20 && !(keep_lf && c == '\n')) || c == 0x7f
                           ? ' ' : (char)c;
            s++;
            continue;
        }
        size_t len = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3
                   : c >= 0xf0 && c < 0xf5 ? 4 : 0;
        unsigned long cp = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
        size_t i = 1;
        for (; i < len && (s[i] & 0xc0) == 0x80; i++)
            cp = cp << 6 | (s[i] & 0x3f);
        int ok = len && i == len && cp_ok(cp) &&
                 !(len == 3 && cp < 0x800) && !(len == 4 && cp < 0x10000);
        if (!ok) {
            out[o++] = '?';
            s++;
            continue;
        }
        memcpy(out + o, s, len);
        o += len;
        s += len;
    }
    if (*s) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

static void clean(const char *in, char *out, size_t n)
{
    clean_text(in, out, n, 0);
}

char *bdb_chart_text_dup(const char *s)
{
    size_t n = strlen(s ? s : "") + 9;
    char *out = malloc(n);
    if (out)
        clean_text(s, out, n, 1);
    return out;
}

/* A pango layout of the clean text s in the charts' font at size (in
 * user units, so that it scales with the canvas like the lines do). */
static PangoLayout *layout(cairo_t *cr, const char *s, double size, int bold)
{
    PangoLayout *l = pango_cairo_create_layout(cr);
    PangoFontDescription *fd = pango_font_description_from_string(FONT);
    pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
                                               : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    pango_layout_set_text(l, s, -1);
    return l;
}

/* SVG: when set, text() writes each text as an SVG <text> element here
 * instead of drawing its glyphs (cairo's SVG surface draws glyph
 * outlines: text that cannot be searched, selected or read aloud);
 * svg_with_text puts them into the document. */
static bdb_buf *g_svg_text;

/* The width of s's first n bytes and an ellipsis in layout t. */
static double cut_width(PangoLayout *t, bdb_buf *try, const char *s, size_t n)
{
    bdb_buf_reset(try);
    bdb_buf_append(try, s, n);
    bdb_buf_puts(try, "\xe2\x80\xa6");
    pango_layout_set_text(t, try->data ? try->data : "", -1);
    PangoRectangle ink, log;
    pango_layout_get_extents(t, &ink, &log);
    return log.width / (double)PANGO_SCALE;
}

/* s as pango shows it in maxw: whole, or cut with an ellipsis: the
 * longest start of s (whole characters) that fits with it, found by
 * halving (a width grows with the text): a chart of a lab's thousands of
 * long labels measured each one a character at a time, most of the
 * overview page's time. */
static void shown_text(PangoLayout *l, const char *s, double maxw,
                       bdb_buf *out)
{
    if (maxw <= 0 || !pango_layout_is_ellipsized(l)) {
        bdb_buf_puts(out, s);
        return;
    }
    PangoLayout *t = pango_layout_copy(l);
    pango_layout_set_width(t, -1);
    pango_layout_set_ellipsize(t, PANGO_ELLIPSIZE_NONE);
    bdb_buf try;
    bdb_buf_init(&try);
    /* lo fits (0: the ellipsis alone), hi does not (the whole is cut) */
    size_t lo = 0, hi = strlen(s);
    while (hi - lo > 1) {
        /* a character's start between them, else lo is the answer */
        size_t mid = lo + (hi - lo) / 2;
        while (mid < hi && ((unsigned char)s[mid] & 0xC0) == 0x80)
            mid++;
        if (mid == hi) {
            mid = lo + (hi - lo) / 2;
            while (mid > lo && ((unsigned char)s[mid] & 0xC0) == 0x80)
                mid--;
        }
        if (mid == lo)
            break;
        if (cut_width(t, &try, s, mid) <= maxw)
            lo = mid;
        else
            hi = mid;
    }
    if (lo > 0) {
        bdb_buf_reset(&try);
        bdb_buf_append(&try, s, lo);
        bdb_buf_puts(&try, "\xe2\x80\xa6");
    }
    bdb_buf_puts(out, lo > 0 && try.data ? try.data : "\xe2\x80\xa6");
    bdb_buf_free(&try);
    g_object_unref(t);
}

/* The text at (x, y) (its left end, baseline) as an SVG element in the
 * current transformation and colour. */
static void svg_text(cairo_t *cr, double x, double y, PangoLayout *l,
                     const char *s, double size, int bold, double maxw)
{
    cairo_matrix_t mx;
    cairo_get_matrix(cr, &mx);
    double r = 0, g = 0, b = 0, a = 1;
    cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a);
    bdb_buf *o = g_svg_text;
    bdb_buf_printf(o, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"%s\" "
                   "font-size=\"%.2f\"%s fill=\"rgb(%d,%d,%d)\"%s "
                   "transform=\"matrix(%g %g %g %g %g %g)\" "
                   "xml:space=\"preserve\">", x, y, FONT, size,
                   bold ? " font-weight=\"bold\"" : "", (int)lround(r * 255),
                   (int)lround(g * 255), (int)lround(b * 255),
                   a < 1 ? " fill-opacity=\"0.5\"" : "", mx.xx, mx.yx, mx.xy,
                   mx.yy, mx.x0, mx.y0);
    bdb_buf shown;
    bdb_buf_init(&shown);
    shown_text(l, s, maxw, &shown);
    bdb_neutral_html(o, shown.data ? shown.data : "");
    bdb_buf_free(&shown);
    bdb_buf_puts(o, "</text>\n");
}

/* Draws s with its baseline at y; align 0 left, 0.5 centred, 1 right;
 * maxw > 0 cuts the text to that width with an ellipsis. Returns the
 * width drawn. */
static double text(cairo_t *cr, double x, double y, const char *s, double size,
                   int bold, double align, double maxw)
{
    char buf[TEXT_MAX + 8];
    clean(s, buf, TEXT_MAX);
    PangoLayout *l = layout(cr, buf, size, bold);
    if (maxw > 0) {
        pango_layout_set_width(l, (int)(maxw * PANGO_SCALE));
        pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
    }
    PangoRectangle ink, log;
    pango_layout_get_extents(l, &ink, &log);
    double w = log.width / (double)PANGO_SCALE;
    if (maxw > 0 && w > maxw)
        w = maxw;
    double base = pango_layout_get_baseline(l) / (double)PANGO_SCALE;
    /* a set width makes pango align inside it; draw from the text's own
     * left edge instead */
    double lx = log.x / (double)PANGO_SCALE;
    if (g_svg_text) {
        svg_text(cr, x - align * w, y, l, buf, size, bold, maxw);
    } else {
        cairo_move_to(cr, x - align * w - lx, y - base);
        pango_cairo_show_layout(cr, l);
    }
    if (g_trace) {
        /* the box in device space: the PDF report scales charts */
        double bx = x - align * w, by = y - base, bw = w,
               bh = log.height / (double)PANGO_SCALE;
        cairo_user_to_device(cr, &bx, &by);
        cairo_user_to_device_distance(cr, &bw, &bh);
        const char *shown = pango_layout_get_text(l);
        trace_add(g_role, pango_layout_is_ellipsized(l) ? "" : shown, bx, by,
                  fabs(bw), fabs(bh), g_value, 0);
    }
    cairo_new_path(cr);
    g_object_unref(l);
    return w;
}

/* Width of s as text() would draw it without a limit. */
static double text_width(cairo_t *cr, const char *s, double size, int bold)
{
    char buf[TEXT_MAX + 8];
    clean(s, buf, TEXT_MAX);
    PangoLayout *l = layout(cr, buf, size, bold);
    PangoRectangle log;
    pango_layout_get_extents(l, NULL, &log);
    g_object_unref(l);
    return log.width / (double)PANGO_SCALE;
}

/* The chart title: main cut to fit, then suffix (kept whole). */
static void title(cairo_t *cr, const char *main, const char *suffix)
{
    double sw = suffix ? text_width(cr, suffix, 18, 1) : 0;
    set_grey(cr, 0.1);
    double w = text(cr, 24, 34, main, 18, 1, 0, CW - 48 - sw);
    if (suffix)
        text(cr, 24 + w, 34, suffix, 18, 1, 0, 0);
}

static void subtitle(cairo_t *cr, const char *s)
{
    set_grey(cr, 0.35);
    text(cr, 24, 56, s, 12, 0, 0, CW - 48);
}

/* Draws s rotated to read bottom-up, centred on (x, y). */
static void text_up(cairo_t *cr, double x, double y, const char *s, double size,
                    double maxw)
{
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, -PI / 2);
    text(cr, 0, 0, s, size, 0, 0.5, maxw);
    cairo_restore(cr);
}

/* Removes zeros after the decimal point of the first number in s:
 * "1.00k op/s" -> "1k op/s", "2.50 ms" -> "2.5 ms". */
static void trim_zeros(char *s)
{
    char *dot = strchr(s, '.');
    if (!dot || dot[1] < '0' || dot[1] > '9')
        return;
    char *end = dot + 1;
    while (*end >= '0' && *end <= '9')
        end++;
    char *cut = end;
    while (cut > dot + 1 && cut[-1] == '0')
        cut--;
    if (cut == dot + 1)
        cut = dot;
    memmove(cut, end, strlen(end) + 1);
}

/* ---- axes ------------------------------------------------------------------ */

typedef struct axis {
    double lo, hi;      /* data range shown */
    int log;            /* log10 scale (lo > 0) */
    double p0, p1;      /* device positions of lo and hi */
} axis;

static double amap(const axis *a, double v)
{
    double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                      : (v - a->lo) / (a->hi - a->lo);
    return a->p0 + t * (a->p1 - a->p0);
}

/* 1, 2 or 5 x 10^k, about span / target. */
static double nice_step(double span, int target)
{
    double raw = span / target;
    if (!(raw > 0) || !isfinite(raw))
        return 1;
    double mag = pow(10, floor(log10(raw)));
    double f = raw / mag;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/* A value axis over [lo, hi] that includes zero, with room above for
 * labels, rounded out to whole steps. */
static void value_axis(axis *a, double lo, double hi, double *step)
{
    lo = fmin(lo, 0);
    hi = fmax(hi, 0);
    if (!isfinite(lo) || !isfinite(hi) || hi - lo <= 0) {
        lo = 0;
        hi = 1;
    }
    hi += (hi - lo) * 0.08;
    double st = nice_step(hi - lo, 6);
    a->lo = floor(lo / st) * st;
    a->hi = ceil(hi / st) * st;
    if (!isfinite(a->hi - a->lo) || (a->hi - a->lo) / st > 100) {
        /* only near DBL_MAX: an empty axis beats a runaway tick loop */
        a->lo = 0;
        a->hi = 1;
        st = 0.2;
    }
    a->log = 0;
    *step = st;
}

/* Snaps a device coordinate to a pixel centre for crisp 1-px lines. */
static double snap(double v)
{
    return floor(v) + 0.5;
}

/* Horizontal grid lines and labels of a vertical value axis; x0..x1 is
 * the plot area's width. unit NULL: labels "1.5x". */
static void y_ticks(cairo_t *cr, const axis *a, double step, double x0,
                    double x1, const char *unit)
{
    long nt = lround((a->hi - a->lo) / step);
    for (long i = 0; i <= nt; i++) {
        double v = a->lo + step * (double)i;
        if (fabs(v) < step * 1e-9)
            v = 0;
        double y = snap(amap(a, v));
        set_grey(cr, 0.9);
        cairo_set_line_width(cr, 1);
        cairo_move_to(cr, x0, y);
        cairo_line_to(cr, x1, y);
        cairo_stroke(cr);
        char lab[64];
        if (unit) {
            bdb_format_value(v, unit, lab, sizeof lab);
            trim_zeros(lab);
        } else {
            snprintf(lab, sizeof lab, "%gx", v);
        }
        set_grey(cr, 0.3);
        g_role = BDB_CHART_ITEM_TICK_Y;
        g_value = v;
        text(cr, x0 - 8, y + 4, lab, 12, 0, 1, x0 - 14);
        g_role = BDB_CHART_ITEM_TEXT;
        g_value = NAN;
    }
}

/* The left value axis of a plot [x0, x1] x [top, bottom] over [lo, hi]:
 * grid lines, tick labels in unit (NULL: "1.5x") and the axis label
 * written upwards at label_x. Returns the axis for mapping values. */
static axis left_axis(cairo_t *cr, double lo, double hi, double x0, double x1,
                      double top, double bottom, const char *unit,
                      const char *label, double label_x)
{
    axis ya = {0, 1, 0, bottom, top};
    double step;
    value_axis(&ya, lo, hi, &step);
    ya.p0 = bottom;
    ya.p1 = top;
    y_ticks(cr, &ya, step, x0, x1, unit);
    set_grey(cr, 0.3);
    text_up(cr, label_x, (top + bottom) / 2, label, 13, bottom - top);
    return ya;
}

/* The plot frame: left and bottom axis lines. */
static void frame(cairo_t *cr, double x0, double y0, double x1, double y1)
{
    set_grey(cr, 0.45);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, snap(x0), y0);
    cairo_line_to(cr, snap(x0), snap(y1));
    cairo_line_to(cr, x1, snap(y1));
    cairo_stroke(cr);
}

/* A vertical interval lo..hi at x with caps of half-width cap. */
static void whisker(cairo_t *cr, const axis *ya, double x, double lo, double hi,
                    double cap)
{
    if (!isfinite(lo) || !isfinite(hi))
        return;
    double y0 = amap(ya, lo), y1 = amap(ya, hi);
    cairo_move_to(cr, x, y0);
    cairo_line_to(cr, x, y1);
    cairo_move_to(cr, x - cap, y0);
    cairo_line_to(cr, x + cap, y0);
    cairo_move_to(cr, x - cap, y1);
    cairo_line_to(cr, x + cap, y1);
    cairo_stroke(cr);
}

static void background(cairo_t *cr)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
}

static int finite_cell(const bdb_cell *c)
{
    return c->present && isfinite(c->mean);
}

/* The 95% interval of the cell's mean; NaN (no whisker) when it has none,
 * or when memory is too short to make it. */
static void mean_ci(const bdb_model *m, const bdb_cell *c, double *lo,
                    double *hi)
{
    bdb_summary sum;
    *lo = *hi = NAN;
    if (c->n >= 2 && bdb_cell_summary(m, c, &sum) == BDB_OK) {
        *lo = sum.mean_ci_lo;
        *hi = sum.mean_ci_hi;
    }
}

/* Widens ylo..yhi to the cell's mean and its interval (a cell without a
 * figure: not at all). */
static void widen_to_cell(const bdb_model *m, const bdb_cell *c, double *ylo,
                          double *yhi)
{
    if (!finite_cell(c))
        return;
    double lo, hi;
    mean_ci(m, c, &lo, &hi);
    *ylo = fmin(*ylo, c->mean);
    *yhi = fmax(*yhi, c->mean);
    if (isfinite(lo) && isfinite(hi)) {
        *ylo = fmin(*ylo, lo);
        *yhi = fmax(*yhi, hi);
    }
}

/* A legend entry's swatch: a filled square, or a line with a dot. */
static void swatch(cairo_t *cr, double x, double y, size_t slot, int line)
{
    set_slot(cr, slot);
    if (line) {
        cairo_set_line_width(cr, 2.5);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, x + 22, y);
        cairo_stroke(cr);
        cairo_arc(cr, x + 11, y, 4, 0, 2 * PI);
        cairo_fill(cr);
    } else {
        cairo_rectangle(cr, x, y - 6, 12, 12);
        cairo_fill(cr);
    }
}

/* ---- category scores ------------------------------------------------------ */

#define S_L 90.0
#define S_R (CW - 30.0)
#define S_T 110.0
#define S_B (CH - 60.0)

static void draw_scores(cairo_t *cr, const bdb_model *m)
{
    const char *cats[16];
    size_t ncat = 0;
    double hi = 1;
    for (size_t i = 0; i < m->nscores; i++) {
        const bdb_score *sc = &m->scores[i];
        size_t c = 0;
        while (c < ncat && strcmp(cats[c], sc->category) != 0)
            c++;
        if (c == ncat && ncat < 16)
            cats[ncat++] = sc->category;
        if (isfinite(sc->g.geomean))
            hi = fmax(hi, sc->g.geomean);
        if (isfinite(sc->g.ci_hi))
            hi = fmax(hi, sc->g.ci_hi);
    }
    const char *base = bdb_model_platform_name(m, m->baseline);
    char buf[TEXT_MAX];
    background(cr);
    snprintf(buf, sizeof buf, "Category scores vs %s", base);
    title(cr, buf, NULL);
    subtitle(cr, "Geometric mean of the speedups of the headline series "
                 "(above 1.0: better than the baseline); whiskers: 95% "
                 "bootstrap interval");

    /* bars only for platforms with a score somewhere, in chart order */
    size_t *col = calloc(m->nplatforms ? m->nplatforms : 1, sizeof *col);
    size_t nb = 0;
    for (size_t k = 1; col && k < m->nplatforms; k++) {
        size_t p = plat_at(m, k);
        for (size_t i = 0; i < m->nscores; i++)
            if (m->scores[i].platform == p && isfinite(m->scores[i].g.geomean)) {
                col[p] = ++nb;
                break;
            }
    }

    /* legend in a row under the title */
    double lx = 24, ly = 84;
    for (size_t k = 1; col && k < m->nplatforms; k++) {
        if (!col[plat_at(m, k)])
            continue;
        const char *name = bdb_model_platform_name(m, plat_at(m, k));
        double w = fmin(text_width(cr, name, 12, 0), 180);
        if (lx + 18 + w > CW - 24) {
            lx = 24;
            ly += 16;
            if (ly > S_T - 8)
                break;
        }
        swatch(cr, lx, ly - 4, k, 0);
        set_grey(cr, 0.1);
        g_role = BDB_CHART_ITEM_LEGEND;
        lx += 18 + text(cr, lx + 18, ly, name, 12, 0, 0, 180) + 18;
        g_role = BDB_CHART_ITEM_TEXT;
    }
    if (ly <= S_T - 8) {
        snprintf(buf, sizeof buf, "1.0 = %s (baseline)", base);
        double w = fmin(text_width(cr, buf, 12, 0), 260);
        if (lx + 30 + w > CW - 24) {
            lx = 24;
            ly += 16;
        }
        if (ly <= S_T - 8) {
            set_slot(cr, 0);
            cairo_set_line_width(cr, 2);
            double dash[] = {6, 4};
            cairo_set_dash(cr, dash, 2, 0);
            cairo_move_to(cr, lx, ly - 4);
            cairo_line_to(cr, lx + 24, ly - 4);
            cairo_stroke(cr);
            cairo_set_dash(cr, NULL, 0, 0);
            set_grey(cr, 0.1);
            text(cr, lx + 30, ly, buf, 12, 0, 0, 260);
        }
    }

    axis ya = left_axis(cr, 0, hi, S_L, S_R, S_T, S_B, NULL,
                        "geometric mean of speedups", 22);

    double gw = (S_R - S_L) / (double)(ncat ? ncat : 1);
    double bw = fmin(gw * 0.78 / (double)(nb ? nb : 1), 90);
    for (size_t c = 0; c < ncat; c++) {
        double gx = S_L + gw * (double)c + (gw - bw * (double)nb) / 2;
        set_grey(cr, 0.2);
        text(cr, S_L + gw * ((double)c + 0.5), S_B + 20, cats[c], 13,
             strcmp(cats[c], "overall") == 0, 0.5, gw - 6);
        for (size_t i = 0; i < m->nscores; i++) {
            const bdb_score *sc = &m->scores[i];
            if (strcmp(sc->category, cats[c]) != 0 || !isfinite(sc->g.geomean) ||
                !col || sc->platform >= m->nplatforms || !col[sc->platform])
                continue;
            size_t k = sc->platform < m->baseline ? sc->platform + 1 : sc->platform;
            double x = gx + bw * (double)(col[sc->platform] - 1);
            double y0 = amap(&ya, 0), y1 = amap(&ya, sc->g.geomean);
            set_slot(cr, k);
            cairo_rectangle(cr, x + 1, y1, bw - 2, y0 - y1);
            cairo_fill(cr);
            trace_add(BDB_CHART_ITEM_BAR, bdb_model_platform_name(m, sc->platform),
                      x + 1, y1, bw - 2, y0 - y1, sc->g.geomean, k);
            set_grey(cr, 0.15);
            cairo_set_line_width(cr, 1.5);
            whisker(cr, &ya, x + bw / 2, sc->g.ci_lo, sc->g.ci_hi, fmin(bw / 4, 6));
            double top = isfinite(sc->g.ci_hi) ? fmax(sc->g.geomean, sc->g.ci_hi)
                                               : sc->g.geomean;
            char lab[32];
            snprintf(lab, sizeof lab, "%.2fx", sc->g.geomean);
            if (text_width(cr, lab, 11, 0) <= bw + 6)
                text(cr, x + bw / 2, amap(&ya, top) - 5, lab, 11, 0, 0.5, 0);
        }
    }
    /* the baseline over the bars, so it shows where a bar crosses it */
    set_slot(cr, 0);
    cairo_set_line_width(cr, 2);
    double dash[] = {6, 4};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, S_L, amap(&ya, 1));
    cairo_line_to(cr, S_R, amap(&ya, 1));
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    frame(cr, S_L, S_T, S_R, S_B);
    free(col);
}

/* ---- sweeps ------------------------------------------------------------------ */

#define W_L 96.0
#define W_R (CW - 210.0)
#define W_T 80.0
#define W_B (CH - 70.0)

/* The value of key in "k=v,k=v" params; NaN when absent or not a number. */
static double param_value(const char *params, const char *key)
{
    size_t kl = strlen(key);
    const char *p = params;
    while (p && *p) {
        if (strncmp(p, key, kl) == 0 && p[kl] == '=') {
            char tmp[64];
            const char *v = p + kl + 1;
            size_t n = strcspn(v, ",");
            if (n == 0 || n >= sizeof tmp)
                return NAN;
            memcpy(tmp, v, n);
            tmp[n] = '\0';
            char *end;
            double d = strtod(tmp, &end);
            return *end == '\0' && isfinite(d) ? d : NAN;
        }
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return NAN;
}

/* A sweep value: block sizes that are whole KiB/MiB/GiB as "4Ki", "1Mi";
 * large decimal counts as "10k", "2.5M"; the rest as they are. */
static void fmt_x(double v, char *out, size_t n)
{
    static const char *const bin[] = {"Ki", "Mi", "Gi", "Ti"};
    static const char *const dec[] = {"", "k", "M", "G", "T"};
    double a = fabs(v);
    int k = -1;
    for (double u = 1024; k < 3 && a >= u && fmod(a, u) == 0; u *= 1024)
        k++;
    if (v == floor(v) && k >= 0) {
        snprintf(out, n, "%g%s", v / pow(1024, k + 1), bin[k]);
        return;
    }
    if (a >= 1e4) {
        int d = 0;
        while (a >= 1000 && d < 4) {
            a /= 1000;
            v /= 1000;
            d++;
        }
        snprintf(out, n, "%.3g%s", v, dec[d]);
        return;
    }
    if (v == floor(v))
        snprintf(out, n, "%.0f", v);
    else
        snprintf(out, n, "%.3g", v);
}

/* x ticks at the sweep's own values, each labelled when its label clears
 * the last one drawn; a long sweep (over 40 points) gets 1/2/5 steps or
 * decades instead. */
static void x_ticks(cairo_t *cr, const axis *xa, const double *xs, size_t n)
{
    double ticks[64];
    size_t nt = 0;
    if (n <= 40) {
        for (size_t i = 0; i < n; i++)
            if (isfinite(xs[i]) && (nt == 0 || xs[i] != ticks[nt - 1]))
                ticks[nt++] = xs[i];
    } else if (xa->log) {
        int d0 = (int)floor(log10(xa->lo)), d1 = (int)ceil(log10(xa->hi));
        static const double mult[] = {1, 2, 5};
        int nm = d1 - d0 <= 3 ? 3 : 1;
        for (int d = d0; d <= d1; d++)
            for (int j = 0; j < nm && nt < 64; j++) {
                double v = mult[j] * pow(10, d);
                if (v >= xa->lo && v <= xa->hi)
                    ticks[nt++] = v;
            }
    } else {
        double st = nice_step(xa->hi - xa->lo, 7);
        for (double v = ceil(xa->lo / st) * st; v <= xa->hi && nt < 64; v += st)
            ticks[nt++] = fabs(v) < st * 1e-9 ? 0 : v;
    }
    double prev_right = -INFINITY;
    for (size_t i = 0; i < nt; i++) {
        double px = snap(amap(xa, ticks[i]));
        set_grey(cr, 0.45);
        cairo_set_line_width(cr, 1);
        cairo_move_to(cr, px, W_B);
        cairo_line_to(cr, px, W_B + 5);
        cairo_stroke(cr);
        char lab[32];
        fmt_x(ticks[i], lab, sizeof lab);
        double w = text_width(cr, lab, 12, 0);
        if (px - w / 2 < prev_right + 8)
            continue;
        set_grey(cr, 0.3);
        text(cr, px, W_B + 19, lab, 12, 0, 0.5, 0);
        prev_right = px + w / 2;
    }
}

static void draw_sweep(cairo_t *cr, const bdb_model *m, const bdb_sweep *sw)
{
    const bdb_rseries *first = &m->series[sw->series[0]];
    double *xs = malloc((sw->n ? sw->n : 1) * sizeof *xs);
    double xmin = INFINITY, xmax = -INFINITY, ylo = 0, yhi = 0;
    for (size_t i = 0; i < sw->n; i++) {
        const bdb_rseries *se = &m->series[sw->series[i]];
        double x = param_value(se->params, sw->key);
        if (xs)
            xs[i] = x;
        if (!isfinite(x))
            continue;
        xmin = fmin(xmin, x);
        xmax = fmax(xmax, x);
        for (size_t p = 0; p < m->nplatforms; p++)
            widen_to_cell(m, &se->cells[p], &ylo, &yhi);
    }
    background(cr);
    title(cr, sw->label, first->better == BDB_LOWER_IS_BETTER
                             ? " (lower is better)" : NULL);
    char buf[TEXT_MAX];
    snprintf(buf, sizeof buf, "Mean of the repetitions with 95%% confidence "
             "interval, by %s; baseline: %s", sw->key,
             bdb_model_platform_name(m, m->baseline));
    subtitle(cr, buf);

    axis xa = {0, 1, 0, W_L + 20, W_R - 20};
    if (isfinite(xmin)) {
        xa.log = xmin > 0 && xmax / xmin > 20;
        xa.lo = xmin;
        xa.hi = xmax > xmin ? xmax : xmin + 1;
        if (xmax <= xmin && !xa.log) {
            xa.lo = xmin - 1;
            xa.hi = xmin + 1;
        }
    }
    char ulab[96];
    bdb_series_unit_label(first, ulab, sizeof ulab);
    snprintf(buf, sizeof buf, "%s%s%s%s", first->metric, ulab[0] ? " (" : "",
             ulab, ulab[0] ? ")" : "");
    axis ya = left_axis(cr, ylo, yhi, W_L, W_R, W_T, W_B, first->unit, buf, 20);
    snprintf(buf, sizeof buf, "%s%s", sw->key, xa.log ? " (log scale)" : "");
    text(cr, (W_L + W_R) / 2, CH - 22, buf, 13, 0, 0.5, W_R - W_L);
    if (xs && isfinite(xmin))
        x_ticks(cr, &xa, xs, sw->n);
    frame(cr, W_L, W_T, W_R, W_B);

    /* the baseline last, so that the line the others are read against is
     * never hidden under them */
    for (size_t k = m->nplatforms; k-- > 0;) {
        size_t p = plat_at(m, k);
        /* error bars, then the line, then the dots over both */
        set_slot(cr, k);
        cairo_set_line_width(cr, 1.5);
        for (size_t i = 0; xs && i < sw->n; i++) {
            const bdb_cell *c = &m->series[sw->series[i]].cells[p];
            double lo, hi;
            if (isfinite(xs[i]) && finite_cell(c)) {
                mean_ci(m, c, &lo, &hi);
                whisker(cr, &ya, amap(&xa, xs[i]), lo, hi, 5);
            }
        }
        cairo_set_line_width(cr, 2.5);
        int open = 0;
        for (size_t i = 0; xs && i < sw->n; i++) {
            const bdb_cell *c = &m->series[sw->series[i]].cells[p];
            if (!isfinite(xs[i]) || !finite_cell(c)) {
                /* a missing point breaks the line rather than bridging it */
                if (open)
                    cairo_stroke(cr);
                open = 0;
                continue;
            }
            double px = amap(&xa, xs[i]), py = amap(&ya, c->mean);
            if (open)
                cairo_line_to(cr, px, py);
            else
                cairo_move_to(cr, px, py);
            open = 1;
        }
        if (open)
            cairo_stroke(cr);
        for (size_t i = 0; xs && i < sw->n; i++) {
            const bdb_cell *c = &m->series[sw->series[i]].cells[p];
            if (!isfinite(xs[i]) || !finite_cell(c))
                continue;
            cairo_arc(cr, amap(&xa, xs[i]), amap(&ya, c->mean), 4.5, 0, 2 * PI);
            cairo_fill(cr);
        }
    }

    double ly = W_T + 8;
    for (size_t k = 0; k < m->nplatforms && ly <= W_B - 10; k++) {
        size_t p = plat_at(m, k);
        int any = 0;
        for (size_t i = 0; xs && i < sw->n && !any; i++)
            any = isfinite(xs[i]) && finite_cell(&m->series[sw->series[i]].cells[p]);
        if (any) {
            swatch(cr, W_R + 16, ly - 4, k, 1);
            set_grey(cr, 0.1);
        } else {
            set_grey(cr, 0.55);
        }
        char lab[TEXT_MAX];
        snprintf(lab, sizeof lab, "%s%s", bdb_model_platform_name(m, p),
                 !any ? " (no data)" : k == 0 ? " (baseline)" : "");
        g_role = BDB_CHART_ITEM_LEGEND;
        text(cr, W_R + 44, ly, lab, 12, 0, 0, CW - W_R - 52);
        g_role = BDB_CHART_ITEM_TEXT;
        ly += 20;
    }
    free(xs);
}

/* ---- a line over ordered points (history) ----------------------------------- */

#define H_L 96.0
#define H_R (CW - 40.0)
#define H_B (CH - 120.0)

static double line_at(const bdb_chart_line *c, size_t k)
{
    return c->n > 1 ? H_L + 20 + (H_R - H_L - 40) * (double)k / (double)(c->n - 1)
                    : (H_L + H_R) / 2;
}

/* A dashed vertical from top to H_B at x with its label, in grey g or
 * red. */
static void line_mark(cairo_t *cr, double x, double top, const char *label,
                      int change, double label_y)
{
    static const double dash[] = {5, 4};
    if (change)
        cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
    else
        set_grey(cr, 0.45);
    cairo_set_line_width(cr, 1.5);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, snap(x), top);
    cairo_line_to(cr, snap(x), H_B);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    if (label && *label)
        text(cr, x + 4, label_y, label, 11, 0, 0, 0);
}

static void draw_line(cairo_t *cr, const void *ctx, double width,
                      double height)
{
    const bdb_chart_line *c = ctx;
    double ow = g_cw, oh = g_ch;
    g_cw = width > 0 ? width : 960;
    g_ch = height > 0 ? height : 540;
    background(cr);
    title(cr, c->title, NULL);
    double top = 80;
    if (c->subtitle)
        subtitle(cr, c->subtitle);
    for (size_t q = 0; q < c->nnotes && q < 2; q++) {
        cairo_set_source_rgb(cr, 0.2, 0.3, 0.6);
        text(cr, 24, 74 + 14 * (double)q, c->notes[q], 11, 0, 0, CW - 48);
        top = 96 + 14 * (double)q;
    }
    double lo = 0, hi = 0;
    for (size_t k = 0; k < c->n; k++) {
        double v[3] = {c->y[k], c->lo ? c->lo[k] : NAN, c->hi ? c->hi[k] : NAN};
        for (int j = 0; j < 3; j++)
            if (isfinite(v[j])) {
                lo = fmin(lo, v[j]);
                hi = fmax(hi, v[j]);
            }
    }
    axis ya = left_axis(cr, lo, hi, H_L, H_R, top, H_B, c->unit, c->y_title,
                        20);
    frame(cr, H_L, top, H_R, H_B);
    if (c->x_title)
        text(cr, (H_L + H_R) / 2, CH - 12, c->x_title, 13, 0, 0.5, H_R - H_L);
    unsigned char rgb[3];
    bdb_chart_palette(0, rgb);
    /* the 95% band: upper edge forward, lower edge back */
    int band = c->n > 1 && c->lo && c->hi;
    for (size_t k = 0; band && k < c->n; k++)
        band = isfinite(c->y[k]);
    if (band) {
        for (size_t k = 0; k < c->n; k++)
            cairo_line_to(cr, line_at(c, k),
                          amap(&ya, isfinite(c->hi[k]) ? c->hi[k] : c->y[k]));
        for (size_t k = c->n; k-- > 0;)
            cairo_line_to(cr, line_at(c, k),
                          amap(&ya, isfinite(c->lo[k]) ? c->lo[k] : c->y[k]));
        cairo_close_path(cr);
        cairo_set_source_rgba(cr, rgb[0] / 255.0, rgb[1] / 255.0,
                              rgb[2] / 255.0, 0.2);
        cairo_fill(cr);
    }
    /* marks between a point and the one before; notes under the points,
     * staggered so that neighbours do not meet */
    for (size_t k = 0; k < c->n; k++) {
        double x = line_at(c, k);
        int mk = c->mark ? c->mark[k] : BDB_CHART_MARK_NONE;
        if (mk != BDB_CHART_MARK_NONE) {
            double xm = k ? (x + line_at(c, k - 1)) / 2 : x;
            line_mark(cr, xm, top, c->mark_text ? c->mark_text[k] : NULL,
                      mk == BDB_CHART_MARK_CHANGE,
                      top + (mk == BDB_CHART_MARK_CHANGE ? 12 : 26));
        }
        if (c->note && c->note[k]) {
            cairo_set_source_rgb(cr, 0.2, 0.3, 0.6);
            cairo_rectangle(cr, x - 3, H_B - 6, 6, 6);
            cairo_fill(cr);
            text(cr, x + 4, H_B - 10 - 12 * (double)(k % 3), c->note[k], 11, 0,
                 0, 240);
        }
    }
    /* the means, a break where one is missing */
    cairo_set_source_rgb(cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
    cairo_set_line_width(cr, 2.5);
    int open = 0;
    for (size_t k = 0; k < c->n; k++) {
        if (!isfinite(c->y[k])) {
            if (open)
                cairo_stroke(cr);
            open = 0;
            continue;
        }
        if (open)
            cairo_line_to(cr, line_at(c, k), amap(&ya, c->y[k]));
        else
            cairo_move_to(cr, line_at(c, k), amap(&ya, c->y[k]));
        open = 1;
    }
    if (open)
        cairo_stroke(cr);
    for (size_t k = 0; k < c->n; k++)
        if (isfinite(c->y[k])) {
            cairo_arc(cr, line_at(c, k), amap(&ya, c->y[k]), 4, 0, 2 * PI);
            cairo_fill(cr);
        }
    /* the point names under the axis, slanted; past 24, every so many */
    size_t every = c->n > 24 ? (c->n + 23) / 24 : 1;
    set_grey(cr, 0.3);
    for (size_t k = 0; k < c->n; k += every) {
        cairo_save(cr);
        cairo_translate(cr, line_at(c, k), H_B + 14);
        cairo_rotate(cr, PI / 6);
        text(cr, 0, 0, c->x[k], 11, 0, 0, 110);
        cairo_restore(cr);
    }
    g_cw = ow;
    g_ch = oh;
}

/* ---- one series --------------------------------------------------------------- */

/* The speedup with its verdict in words short enough for a bar's slot. */
static void speedup_text(const bdb_cell *c, char *out, size_t n)
{
    if (!c->compared || !isfinite(c->speedup)) {
        snprintf(out, n, "not compared");
        return;
    }
    switch (c->verdict) {
    case BDB_VERDICT_BETTER: snprintf(out, n, "%.2fx better", c->speedup); break;
    case BDB_VERDICT_WORSE: snprintf(out, n, "%.2fx worse", c->speedup); break;
    case BDB_VERDICT_SAME: snprintf(out, n, "~%.2fx, no sig. diff.", c->speedup); break;
    case BDB_VERDICT_UNTESTED: snprintf(out, n, "%.2fx, untested", c->speedup); break;
    default: snprintf(out, n, "%.2fx", c->speedup); break;
    }
}

#define B_L 96.0
#define B_R (CW - 30.0)
#define B_T 80.0
#define B_B (CH - 80.0)

static void draw_series(cairo_t *cr, const bdb_model *m, const bdb_rseries *se)
{
    double ylo = 0, yhi = 0;
    for (size_t p = 0; p < m->nplatforms; p++)
        widen_to_cell(m, &se->cells[p], &ylo, &yhi);
    char buf[TEXT_MAX];
    background(cr);
    snprintf(buf, sizeof buf, "%s %s %s", se->tool, se->benchmark, se->metric);
    title(cr, buf, se->better == BDB_LOWER_IS_BETTER ? " (lower is better)" : NULL);
    snprintf(buf, sizeof buf, "%s%sMean of the repetitions with 95%% confidence "
             "interval; speedups vs %s", se->params,
             se->params[0] ? " - " : "", bdb_model_platform_name(m, se->ref));
    subtitle(cr, buf);

    char ulab[96];
    bdb_series_unit_label(se, ulab, sizeof ulab);
    snprintf(buf, sizeof buf, "%s%s%s%s", se->metric, ulab[0] ? " (" : "",
             ulab, ulab[0] ? ")" : "");
    axis ya = left_axis(cr, ylo, yhi, B_L, B_R, B_T, B_B, se->unit, buf, 20);

    size_t np = m->nplatforms ? m->nplatforms : 1;
    double gw = (B_R - B_L) / (double)np;
    double bw = fmin(gw * 0.6, 110);
    double fs = gw >= 90 ? 12 : gw >= 60 ? 10.5 : 9;
    for (size_t k = 0; k < m->nplatforms; k++) {
        size_t p = plat_at(m, k);
        const bdb_cell *c = &se->cells[p];
        double cx = B_L + gw * ((double)k + 0.5);
        set_grey(cr, 0.1);
        g_role = BDB_CHART_ITEM_LEGEND;
        text(cr, cx, B_B + 18, bdb_model_platform_name(m, p), fs, 0, 0.5, gw - 6);
        g_role = BDB_CHART_ITEM_TEXT;
        char sp[64];
        if (!finite_cell(c))
            snprintf(sp, sizeof sp, "no data");
        else if (p == se->ref)
            snprintf(sp, sizeof sp, "reference");
        else
            speedup_text(c, sp, sizeof sp);
        set_grey(cr, 0.4);
        text(cr, cx, B_B + 34, sp, fs, 0, 0.5, gw - 6);
        if (!finite_cell(c))
            continue;
        double y0 = amap(&ya, 0), y1 = amap(&ya, c->mean);
        set_slot(cr, k);
        cairo_rectangle(cr, cx - bw / 2, fmin(y0, y1), bw, fabs(y0 - y1));
        cairo_fill(cr);
        trace_add(BDB_CHART_ITEM_BAR, bdb_model_platform_name(m, p), cx - bw / 2,
                  fmin(y0, y1), bw, fabs(y0 - y1), c->mean, k);
        set_grey(cr, 0.15);
        cairo_set_line_width(cr, 1.5);
        double lo, hi;
        mean_ci(m, c, &lo, &hi);
        whisker(cr, &ya, cx, lo, hi, fmin(bw / 4, 8));
        double top = c->mean;
        if (isfinite(hi))
            top = fmax(top, hi);
        char lab[96];
        bdb_format_series_value(se, c->mean, lab, sizeof lab);
        set_grey(cr, 0.1);
        text(cr, cx, amap(&ya, fmax(top, 0)) - 6, lab, fs, 0, 0.5, gw - 4);
    }
    frame(cr, B_L, B_T, B_R, B_B);
}

/* ---- title page ------------------------------------------------------------- */

typedef struct title_line {
    cairo_t *cr;
    double y;
} title_line;

static void title_page_line(void *ctx, const char *line)
{
    title_line *t = ctx;
    text(t->cr, 48, t->y, line, 12, 0, 0, CW - 96);
    t->y += 18;
}

static void draw_title_page(cairo_t *cr, const bdb_model *m, size_t nheadline)
{
    background(cr);
    set_grey(cr, 0.1);
    text(cr, 48, 90, m->title[0] ? m->title : "benchdb report", 28, 1, 0, CW - 96);
    set_grey(cr, 0.35);
    char buf[TEXT_MAX];
    snprintf(buf, sizeof buf, "%zu platform%s, %zu series; charts: %s%zu sweep%s, "
             "%zu headline series", m->nplatforms, m->nplatforms == 1 ? "" : "s",
             m->nseries, m->nscores ? "category scores, " : "", m->nsweeps,
             m->nsweeps == 1 ? "" : "s", nheadline);
    text(cr, 48, 122, buf, 14, 0, 0, CW - 96);
    /* what the charts leave out, and the option that shows it (a line
     * that cannot be made is no page lost) */
    title_line tl = {cr, 146};
    (void)bdb_report_left_out_each(m, "", title_page_line, &tl);
    double y = tl.y + 24;
    set_grey(cr, 0.1);
    text(cr, 48, y, "Platforms", 16, 1, 0, 0);
    y += 28;
    for (size_t k = 0; k < m->nplatforms; k++) {
        if (y > CH - 40) {
            set_grey(cr, 0.35);
            snprintf(buf, sizeof buf, "... and %zu more", m->nplatforms - k);
            text(cr, 48, y, buf, 13, 0, 0, 0);
            break;
        }
        const bdb_platform *pl = &m->platforms[plat_at(m, k)];
        swatch(cr, 48, y - 5, k, 0);
        set_grey(cr, 0.1);
        char name[96];
        snprintf(name, sizeof name, "%s%s", bdb_model_platform_name(m, plat_at(m, k)),
                 k == 0 ? " (baseline)" : "");
        text(cr, 68, y, name, 13, k == 0, 0, 300);
        char det[TEXT_MAX] = "";
        size_t o = 0;
        if (pl->arch[0])
            o += (size_t)snprintf(det + o, sizeof det - o, "%s", pl->arch);
        if (pl->cpu[0] && o < sizeof det)
            o += (size_t)snprintf(det + o, sizeof det - o, "%s%s", o ? ", " : "", pl->cpu);
        if (isfinite(pl->cores) && o < sizeof det)
            snprintf(det + o, sizeof det - o, "%s%g cores", o ? ", " : "", pl->cores);
        set_grey(cr, 0.35);
        text(cr, 380, y, det, 12, 0, 0, CW - 380 - 48);
        y += 22;
    }
}

/* ---- ratio rows: the overview and the efficiency ratios ----------------------
 *
 * One row per headline series, grouped by category (each group opens with
 * the category's geometric mean), a horizontal bar per non-baseline
 * platform from 1.0 to its ratio on a log axis, so that 2x better and 2x
 * worse are the same length, with its 95% interval. The overview shows the
 * speedups (Phoronix's "result overview"); the efficiency charts the
 * ratio of work per watt, per dollar and per dollar of ownership to the
 * reference's. */

enum rmode { R_SPEEDUP, R_WATT, R_USD, R_TCO };

static double eff_of(const bdb_efficiency *e, enum rmode mode)
{
    return mode == R_WATT ? e->per_watt : mode == R_USD ? e->per_dollar
                                                         : e->per_tco_dollar;
}

/* The ratio of platform p in series se and its interval (NaN: none). */
static int ratio_of(const bdb_model *m, const bdb_rseries *se, size_t p,
                    enum rmode mode,
                    double *r, double *lo, double *hi)
{
    const bdb_cell *c = &se->cells[p];
    if (!c->compared || !isfinite(c->speedup) || !(c->speedup > 0))
        return 0;
    if (mode == R_SPEEDUP) {
        *r = c->speedup;
        *lo = bdb_cell_speedup_lo(se, p);
        *hi = bdb_cell_speedup_hi(se, p);
        return 1;
    }
    const bdb_cell *rc = &se->cells[se->ref];
    if (!c->eff_computed || !rc->eff_computed)
        return 0;
    bdb_efficiency ec, er;
    bdb_cell_efficiency(m, se, p, &ec, NULL);
    bdb_cell_efficiency(m, se, se->ref, &er, NULL);
    double a = eff_of(&ec, mode), b = eff_of(&er, mode);
    if (!isfinite(a) || !isfinite(b) || !(a > 0) || !(b > 0))
        return 0;
    /* work per watt (dollar) is the work rate over a constant, so its
     * ratio is the speedup times a constant, and so is its interval */
    *r = a / b;
    double f = *r / c->speedup;
    *lo = bdb_cell_speedup_lo(se, p) * f;
    *hi = bdb_cell_speedup_hi(se, p) * f;
    return 1;
}

static const char *const rcats[] = {"cpu", "crypto", "memory", "disk", "network",
                                    "web", "key-value", "other", NULL};

/* Series rows a ratio chart draws at most. Past a few hundred rows the
 * chart is unreadable (the bench's million results have 12,500 headline
 * series: a page 690,000 pt tall, an 11 MB SVG, taller than any PNG), so
 * each category keeps its share of the series farthest from the
 * reference (at least O_ROWS_CAT of them); its header says how many it
 * shows of how many, the title says it of the whole, the category's bar
 * is still the geometric mean of all its series, and the tables list
 * every one. */
#define O_ROWS_MAX 120
#define O_ROWS_CAT 5

typedef struct rrow {
    const char *cat;        /* a category's header row ... */
    long series;            /* ... or a series (-1 for a header) */
    size_t shown, total;    /* a header: its series drawn, of all */
    double far;             /* a series: its largest |log ratio| */
} rrow;

static const bdb_model *g_sort_model;

/* The rows of one tool, benchmark and metric around row i: [*lo, *hi). */
static void label_run(const bdb_model *m, const rrow *rows, size_t nr,
                      size_t i, size_t *lo, size_t *hi)
{
    const bdb_rseries *a = &m->series[rows[i].series];
    size_t h = i + 1;
    while (h < nr && rows[h].series >= 0) {
        const bdb_rseries *b = &m->series[rows[h].series];
        if (strcmp(a->tool, b->tool) || strcmp(a->benchmark, b->benchmark) ||
            strcmp(a->metric, b->metric))
            break;
        h++;
    }
    *lo = i;
    *hi = h;
}

/* ",k=v," of every parameter that all rows [lo, hi) share, into out. */
static void label_common(const bdb_model *m, const rrow *rows, size_t lo,
                         size_t hi, bdb_buf *out)
{
    bdb_buf_reset(out);
    bdb_buf_puts(out, ",");
    const char *p = m->series[rows[lo].series].params;
    char pair[512], wrapped[2048];
    while (*p) {
        size_t n = strcspn(p, ",");
        snprintf(pair, sizeof pair, ",%.*s,", (int)(n < 500 ? n : 500), p);
        int all = 1;
        for (size_t r = lo + 1; r < hi && all; r++) {
            snprintf(wrapped, sizeof wrapped, ",%s,",
                     m->series[rows[r].series].params);
            all = strstr(wrapped, pair) != NULL;
        }
        if (all)
            bdb_buf_puts(out, pair + 1);
        p += n + (p[n] == ',');
    }
}

/* params with the pairs that differ within the run (not in common) first:
 * what tells rows apart stays when the label is cut. */
static void label_params(const char *params, const char *common, char *out,
                         size_t n)
{
    size_t o = 0;
    out[0] = '\0';
    char pair[512];
    for (int pass = 0; pass < 2; pass++)
        for (const char *p = params; *p;) {
            size_t k = strcspn(p, ",");
            snprintf(pair, sizeof pair, ",%.*s,", (int)(k < 500 ? k : 500), p);
            int shared = strstr(common, pair) != NULL;
            if (shared == pass && o + k + 2 < n) {
                if (o)
                    out[o++] = ',';
                memcpy(out + o, p, k);
                o += k;
                out[o] = '\0';
            }
            p += k + (p[k] == ',');
        }
}

/* Within a category: by tool, benchmark and metric, then the parameters
 * in numeric order, as the tables are. */
static int rrow_cmp(const void *x, const void *y)
{
    const bdb_rseries *a = &g_sort_model->series[((const rrow *)x)->series];
    const bdb_rseries *b = &g_sort_model->series[((const rrow *)y)->series];
    int c = strcmp(a->tool, b->tool);
    if (!c)
        c = strcmp(a->benchmark, b->benchmark);
    if (!c)
        c = strcmp(a->metric, b->metric);
    if (!c)
        c = bdb_section_natural_cmp(a->params, b->params);
    return c;
}

/* The farthest from 1 first; ties in the tables' order, then by series,
 * so the pick is the same every run. */
static int rrow_far_cmp(const void *x, const void *y)
{
    const rrow *a = x, *b = y;
    if (a->far != b->far)
        return a->far > b->far ? -1 : 1;
    int c = rrow_cmp(x, y);
    if (c)
        return c;
    return (a->series > b->series) - (a->series < b->series);
}

/* The largest |log ratio| of series se over the platforms it compares;
 * returns 0 when it has none. */
static int series_far(const bdb_model *m, const bdb_rseries *se,
                      enum rmode mode, double *far)
{
    int has = 0;
    *far = 0;
    for (size_t p = 0; p < m->nplatforms; p++) {
        double r, lo, hi;
        if (p == se->ref || !ratio_of(m, se, p, mode, &r, &lo, &hi))
            continue;
        has = 1;
        *far = fmax(*far, fabs(log(r)));
    }
    return has;
}

/* The rows in drawing order; returns the count (rows has room for
 * nseries + 8) and *all the series that could have a row. */
static size_t ratio_rows(const bdb_model *m, enum rmode mode, rrow *rows,
                         size_t *all)
{
    size_t ncat = 0;
    while (rcats[ncat])
        ncat++;
    size_t counts[16] = {0}, total = 0;
    double far;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline || !series_far(m, se, mode, &far))
            continue;
        for (size_t c = 0; c < ncat; c++)
            if (strcmp(se->category, rcats[c]) == 0) {
                counts[c]++;
                total++;
                break;
            }
    }
    *all = total;
    size_t n = 0;
    g_sort_model = m;
    for (size_t c = 0; c < ncat; c++) {
        if (!counts[c])
            continue;
        size_t quota = counts[c];
        if (total > O_ROWS_MAX) {
            quota = counts[c] * O_ROWS_MAX / total;
            if (quota < O_ROWS_CAT)
                quota = counts[c] < O_ROWS_CAT ? counts[c] : O_ROWS_CAT;
        }
        size_t head = n++;
        rows[head].cat = rcats[c];
        rows[head].series = -1;
        rows[head].far = 0;
        rows[head].total = counts[c];
        for (size_t s = 0; s < m->nseries; s++) {
            const bdb_rseries *se = &m->series[s];
            if (!se->headline || strcmp(se->category, rcats[c]) != 0 ||
                !series_far(m, se, mode, &far))
                continue;
            rows[n].cat = rcats[c];
            rows[n].series = (long)s;
            rows[n].far = far;
            rows[n].shown = rows[n].total = 0;
            n++;
        }
        if (quota < counts[c]) {
            qsort(rows + head + 1, counts[c], sizeof *rows, rrow_far_cmp);
            n = head + 1 + quota;
        }
        rows[head].shown = quota;
        if (quota > 1)
            qsort(rows + head + 1, quota, sizeof *rows, rrow_cmp);
    }
    return n;
}

/* The category's geometric mean of the ratios of p over series against
 * the baseline: the model's score for speedups, computed here for the
 * efficiency ratios (no interval). */
static int cat_ratio(const bdb_model *m, const char *cat, size_t p,
                     enum rmode mode, double *r, double *lo, double *hi)
{
    if (mode == R_SPEEDUP) {
        for (size_t i = 0; i < m->nscores; i++) {
            const bdb_score *sc = &m->scores[i];
            if (sc->platform == p && strcmp(sc->category, cat) == 0 &&
                isfinite(sc->g.geomean) && sc->g.geomean > 0) {
                *r = sc->g.geomean;
                *lo = sc->g.ci_lo;
                *hi = sc->g.ci_hi;
                return 1;
            }
        }
        return 0;
    }
    double sum = 0;
    size_t n = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        double x, a, b;
        if (!se->headline || se->ref != m->baseline ||
            strcmp(se->category, cat) != 0 || !ratio_of(m, se, p, mode, &x, &a, &b))
            continue;
        sum += log(x);
        n++;
    }
    if (!n)
        return 0;
    *r = exp(sum / (double)n);
    *lo = *hi = NAN;
    return 1;
}

/* The rows of the ratio chart, allocated (NULL: no memory); *nr their
 * count, *all the series that could have one. */
static rrow *ratio_rows_alloc(const bdb_model *m, enum rmode mode, size_t *nr,
                              size_t *all)
{
    rrow *rows = calloc(m->nseries + 16, sizeof *rows);
    *nr = *all = 0;
    if (rows)
        *nr = ratio_rows(m, mode, rows, all);
    return rows;
}

static int ratio_chart_has(const bdb_model *m, enum rmode mode)
{
    if (m->nplatforms < 2)
        return 0;
    size_t nr, all;
    rrow *rows = ratio_rows_alloc(m, mode, &nr, &all);
    free(rows);
    return nr > 0;
}

#define O_T 104.0
#define O_ROW_MIN 16.0

/* The height the ratio chart needs at width w for rows of at least
 * O_ROW_MIN. */
static double ratio_chart_height(const bdb_model *m, enum rmode mode)
{
    size_t n, all;
    free(ratio_rows_alloc(m, mode, &n, &all));
    size_t np = m->nplatforms > 1 ? m->nplatforms - 1 : 1;
    double row = fmax(O_ROW_MIN, 7.0 * (double)np + 6);
    return O_T + row * (double)n + 56;
}

static void ratio_label(char *out, size_t n, double v)
{
    if (v >= 100 || v < 0.01)
        snprintf(out, n, "%.3gx", v);
    else
        snprintf(out, n, "%.2fx", v);
}

static void draw_ratios(cairo_t *cr, const bdb_model *m, enum rmode mode)
{
    size_t nr, all;
    rrow *rows = ratio_rows_alloc(m, mode, &nr, &all);
    const char *base = bdb_model_platform_name(m, m->baseline);
    static const char *const what[] = {"Overview: every headline result",
                                       "Work per watt", "Work per dollar",
                                       "Work per dollar of ownership (TCO)"};
    char buf[TEXT_MAX];
    background(cr);
    size_t shown = 0;
    for (size_t i = 0; i < nr; i++)
        shown += rows[i].series >= 0;
    if (shown < all)
        snprintf(buf, sizeof buf,
                 "%s: the %zu of %zu headline results farthest from 1, "
                 "relative to %s",
                 mode == R_SPEEDUP ? "Overview" : what[mode], shown, all, base);
    else
        snprintf(buf, sizeof buf, "%s, relative to %s", what[mode], base);
    title(cr, buf, NULL);
    subtitle(cr, mode == R_SPEEDUP
                     ? "Ratio to the reference, above 1 = better (times "
                       "inverted); bold: category geometric mean; whiskers: "
                       "95% interval"
                     : "Work per unit over the reference's, above 1 = more "
                       "efficient; bold: category geometric mean; whiskers: "
                       "95% interval");

    /* the range, always including 1 */
    double lo = 1, hi = 1;
    for (size_t i = 0; i < nr; i++)
        for (size_t p = 0; p < m->nplatforms; p++) {
            double r, a, b;
            int ok = rows[i].series < 0
                         ? cat_ratio(m, rows[i].cat, p, mode, &r, &a, &b)
                         : ratio_of(m, &m->series[rows[i].series], p, mode, &r, &a, &b);
            if (!ok || (rows[i].series >= 0 &&
                        p == m->series[rows[i].series].ref))
                continue;
            lo = fmin(lo, r);
            hi = fmax(hi, r);
            if (isfinite(a) && a > 0)
                lo = fmin(lo, a);
            if (isfinite(b))
                hi = fmax(hi, b);
        }
    /* whole 1-2-5 steps out, a little room for the labels */
    lo /= 1.25;
    hi *= 1.25;
    double L = fmin(CW * 0.44, 440), R = CW - 50, T = O_T, B = CH - 46;
    axis xa = {lo, hi, 1, L, R};

    /* legend: the platforms with a bar, and the reference line */
    double lx = 24, ly = 80;
    for (size_t k = 1; k < m->nplatforms; k++) {
        size_t pk = plat_at(m, k);
        int drawn = 0;
        for (size_t i = 0; i < nr && !drawn; i++) {
            double r, a, b;
            drawn = rows[i].series < 0
                        ? cat_ratio(m, rows[i].cat, pk, mode, &r, &a, &b)
                        : pk != m->series[rows[i].series].ref &&
                              ratio_of(m, &m->series[rows[i].series], pk, mode, &r, &a, &b);
        }
        if (!drawn)
            continue;
        const char *name = bdb_model_platform_name(m, pk);
        double w = fmin(text_width(cr, name, 12, 0), 180);
        if (lx + 18 + w > CW - 24) {
            lx = 24;
            ly += 15;
        }
        swatch(cr, lx, ly - 4, k, 0);
        set_grey(cr, 0.1);
        g_role = BDB_CHART_ITEM_LEGEND;
        lx += 18 + text(cr, lx + 18, ly, name, 12, 0, 0, 180) + 18;
        g_role = BDB_CHART_ITEM_TEXT;
    }
    snprintf(buf, sizeof buf, "1.0 = %s (baseline) or the marked reference", base);
    set_grey(cr, 0.1);
    if (lx + 30 + text_width(cr, buf, 12, 0) > CW - 24) {
        lx = 24;
        ly += 15;
    }
    set_slot(cr, 0);
    cairo_set_line_width(cr, 2);
    double dash[] = {6, 4};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, lx, ly - 4);
    cairo_line_to(cr, lx + 24, ly - 4);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    set_grey(cr, 0.1);
    text(cr, lx + 30, ly, buf, 12, 0, 0, CW - lx - 54);

    /* x ticks: 1-2-5 per decade when few decades, else decades */
    int d0 = (int)floor(log10(lo)), d1 = (int)ceil(log10(hi));
    static const double mult[] = {1, 2, 5, 1.5, 3, 7};
    int nm = d1 - d0 <= 1 ? 6 : d1 - d0 <= 3 ? 3 : 1;
    for (int d = d0; d <= d1; d++)
        for (int j = 0; j < nm; j++) {
            double v = mult[j] * pow(10, d);
            if (v < lo || v > hi)
                continue;
            double px = snap(amap(&xa, v));
            set_grey(cr, 0.9);
            cairo_set_line_width(cr, 1);
            cairo_move_to(cr, px, T);
            cairo_line_to(cr, px, B);
            cairo_stroke(cr);
            char lab[32];
            snprintf(lab, sizeof lab, "%gx", v);
            set_grey(cr, 0.3);
            text(cr, px, B + 16, lab, 11, 0, 0.5, 0);
        }
    set_grey(cr, 0.3);
    text(cr, (L + R) / 2, B + 34, "ratio to the reference (log scale)", 12, 0, 0.5, 0);

    size_t np = m->nplatforms > 1 ? m->nplatforms - 1 : 1;
    double rh = nr ? (B - T) / (double)nr : 20;
    double bh = fmin(rh * 0.8 / (double)np, 14);
    double fs = fmin(12, fmax(8, rh * 0.62));
    double one = amap(&xa, 1);
    size_t run_lo = 0, run_hi = 0;
    bdb_buf common;
    bdb_buf_init(&common);
    for (size_t i = 0; i < nr; i++) {
        double y0 = T + rh * (double)i;
        int header = rows[i].series < 0;
        const bdb_rseries *se = header ? NULL : &m->series[rows[i].series];
        if (header) {
            set_grey(cr, 0.96);
            cairo_rectangle(cr, 8, y0, R - 8, rh);
            cairo_fill(cr);
            int scored = 0;
            for (size_t p = 0; p < m->nplatforms && !scored; p++) {
                double r, a, b;
                scored = p != m->baseline &&
                         cat_ratio(m, rows[i].cat, p, mode, &r, &a, &b);
            }
            int o = snprintf(buf, sizeof buf, scored ? "%s (geometric mean"
                                                     : "%s (no score: no baseline figure",
                             rows[i].cat);
            if (o > 0 && (size_t)o < sizeof buf && rows[i].shown < rows[i].total)
                snprintf(buf + o, sizeof buf - (size_t)o,
                         "%s; %zu of %zu shown",
                         scored ? " of all" : "", rows[i].shown, rows[i].total);
            o = (int)strlen(buf);
            if ((size_t)o + 1 < sizeof buf) {
                buf[o] = ')';
                buf[o + 1] = '\0';
            }
        } else {
            /* the reference before the parameters, which may be cut */
            char vs[128] = "";
            if (se->ref != m->baseline)
                snprintf(vs, sizeof vs, " (vs %s)",
                         bdb_model_platform_name(m, se->ref));
            if (i >= run_hi) {
                label_run(m, rows, nr, i, &run_lo, &run_hi);
                label_common(m, rows, run_lo, run_hi, &common);
            }
            char params[1024];
            label_params(se->params, common.data ? common.data : ",", params,
                         sizeof params);
            /* a long label is cut here and ellipsised by text() */
            if (snprintf(buf, sizeof buf, "%s %s %s%s%s%s", se->tool,
                         se->benchmark, se->metric, vs, params[0] ? " " : "",
                         params) < 0)
                buf[0] = '\0';
        }
        set_grey(cr, 0.1);
        text(cr, header ? 12 : 20, y0 + rh / 2 + fs * 0.35, buf, fs, header, 0,
             L - (header ? 20 : 28));
        size_t slot = 0;
        for (size_t k = 1; k < m->nplatforms; k++) {
            size_t p = plat_at(m, k);
            double r, a, b;
            int ok = header ? cat_ratio(m, rows[i].cat, p, mode, &r, &a, &b)
                            : p != se->ref && ratio_of(m, se, p, mode, &r, &a, &b);
            double by = y0 + (rh - bh * (double)np) / 2 + bh * (double)slot;
            slot++;
            if (!ok)
                continue;
            double x = amap(&xa, r);
            set_slot(cr, k);
            cairo_rectangle(cr, fmin(one, x), by + 1, fabs(x - one), bh - 2);
            cairo_fill(cr);
            if (header) {
                set_grey(cr, 0.1);
                cairo_set_line_width(cr, 1.5);
                cairo_rectangle(cr, fmin(one, x), by + 1, fabs(x - one), bh - 2);
                cairo_stroke(cr);
            }
            double end = x;
            if (isfinite(a) && isfinite(b) && a > 0) {
                double xa0 = amap(&xa, a), xa1 = amap(&xa, b);
                set_grey(cr, 0.15);
                cairo_set_line_width(cr, 1.2);
                double cy = by + bh / 2, ccap = fmin(bh / 2 - 1, 4);
                cairo_move_to(cr, xa0, cy);
                cairo_line_to(cr, xa1, cy);
                cairo_move_to(cr, xa0, cy - ccap);
                cairo_line_to(cr, xa0, cy + ccap);
                cairo_move_to(cr, xa1, cy - ccap);
                cairo_line_to(cr, xa1, cy + ccap);
                cairo_stroke(cr);
                end = r >= 1 ? fmax(x, xa1) : fmin(x, xa0);
            }
            if (bh >= 7) {
                char lab[32];
                ratio_label(lab, sizeof lab, r);
                set_grey(cr, 0.1);
                double lfs = fmin(11, bh + 1);
                text(cr, r >= 1 ? end + 4 : end - 4, by + bh / 2 + lfs * 0.35,
                     lab, lfs, header, r >= 1 ? 0 : 1, 0);
            }
        }
    }
    if (!nr) {
        set_grey(cr, 0.45);
        text(cr, CW / 2, (T + B) / 2, "no headline series measured on two "
             "platforms", 14, 0, 0.5, 0);
    }
    set_slot(cr, 0);
    cairo_set_line_width(cr, 2);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, one, T - 4);
    cairo_line_to(cr, one, B);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    frame(cr, L, T, R, B);
    bdb_buf_free(&common);
    free(rows);
}

/* ---- score against power or price ------------------------------------------ */

static int overall_of(const bdb_model *m, size_t p, double *g, double *lo,
                      double *hi)
{
    if (p == m->baseline) {
        *g = 1;
        *lo = *hi = NAN;
        return 1;
    }
    for (size_t i = 0; i < m->nscores; i++)
        if (m->scores[i].platform == p &&
            strcmp(m->scores[i].category, "overall") == 0 &&
            isfinite(m->scores[i].g.geomean) && m->scores[i].g.geomean > 0) {
            *g = m->scores[i].g.geomean;
            *lo = m->scores[i].g.ci_lo;
            *hi = m->scores[i].g.ci_hi;
            return 1;
        }
    return 0;
}

static double plat_x(const bdb_platform *pl, int price)
{
    double v = price ? pl->price_usd : pl->power_w;
    return isfinite(v) && v > 0 ? v : NAN;
}

static size_t scatter_points(const bdb_model *m, int price)
{
    size_t n = 0;
    for (size_t p = 0; p < m->nplatforms; p++) {
        double g, a, b;
        n += overall_of(m, p, &g, &a, &b) &&
             isfinite(plat_x(&m->platforms[p], price));
    }
    return n;
}

static void draw_scatter(cairo_t *cr, const bdb_model *m, int price)
{
    const char *base = bdb_model_platform_name(m, m->baseline);
    char buf[TEXT_MAX];
    background(cr);
    snprintf(buf, sizeof buf, "Overall score against %s",
             price ? "purchase price" : "power at load");
    title(cr, buf, NULL);
    snprintf(buf, sizeof buf, "Overall score (%s = 1), 95%% interval; dashed: "
             "equal score per %s; grey: the Pareto front (ringed)", base,
             price ? "dollar" : "watt");
    subtitle(cr, buf);
    double L = 96, R = CW - 210, T = 80, B = CH - 64;
    double xmax = 0, ymax = 1;
    for (size_t p = 0; p < m->nplatforms; p++) {
        double g, a, b, x = plat_x(&m->platforms[p], price);
        if (!isfinite(x) || !overall_of(m, p, &g, &a, &b))
            continue;
        xmax = fmax(xmax, x);
        ymax = fmax(ymax, isfinite(b) ? fmax(g, b) : g);
    }
    axis ya = left_axis(cr, 0, ymax, L, R, T, B, NULL,
                        "overall score (ratio to the baseline)", 20);
    axis xa = {0, 1, 0, L, R};
    double step;
    value_axis(&xa, 0, xmax, &step);
    xa.p0 = L;
    xa.p1 = R;
    long nt = lround((xa.hi - xa.lo) / step);
    for (long i = 0; i <= nt; i++) {
        double v = xa.lo + step * (double)i;
        double px = snap(amap(&xa, v));
        set_grey(cr, 0.9);
        cairo_set_line_width(cr, 1);
        cairo_move_to(cr, px, T);
        cairo_line_to(cr, px, B);
        cairo_stroke(cr);
        char lab[48];
        snprintf(lab, sizeof lab, price ? "%g USD" : "%g W", v);
        set_grey(cr, 0.3);
        text(cr, px, B + 17, lab, 11, 0, 0.5, 0);
    }
    set_grey(cr, 0.3);
    text(cr, (L + R) / 2, B + 38, price ? "purchase price (USD)" : "power at load (W)",
         13, 0, 0.5, 0);
    cairo_save(cr);
    cairo_rectangle(cr, L, T, R - L, B - T);
    cairo_clip(cr);
    /* equal-efficiency lines through the origin */
    for (size_t k = 0; k < m->nplatforms; k++) {
        size_t p = plat_at(m, k);
        double g, a, b, x = plat_x(&m->platforms[p], price);
        if (!isfinite(x) || !overall_of(m, p, &g, &a, &b))
            continue;
        double slope = g / x, xe = fmin(xa.hi, ya.hi / slope);
        set_slot(cr, k);
        cairo_set_line_width(cr, 1);
        double dash[] = {5, 4};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_move_to(cr, amap(&xa, 0), amap(&ya, 0));
        cairo_line_to(cr, amap(&xa, xe), amap(&ya, slope * xe));
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
    /* the Pareto front: no other platform scores higher for less */
    size_t np = m->nplatforms;
    size_t *ord = calloc(np ? np : 1, sizeof *ord);
    size_t nf = 0;
    for (size_t p = 0; ord && p < np; p++) {
        double g, a, b, x = plat_x(&m->platforms[p], price);
        if (!isfinite(x) || !overall_of(m, p, &g, &a, &b))
            continue;
        int dominated = 0;
        for (size_t q = 0; q < np && !dominated; q++) {
            double g2, a2, b2, x2 = plat_x(&m->platforms[q], price);
            if (q == p || !isfinite(x2) || !overall_of(m, q, &g2, &a2, &b2))
                continue;
            dominated = x2 <= x && g2 >= g && (x2 < x || g2 > g);
        }
        if (dominated)
            continue;
        size_t j = nf++;
        while (j > 0 && plat_x(&m->platforms[ord[j - 1]], price) > x) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = p;
    }
    if (nf >= 2) {
        set_grey(cr, 0.55);
        cairo_set_line_width(cr, 3);
        for (size_t j = 0; j < nf; j++) {
            double g = NAN, a = NAN, b = NAN, x = plat_x(&m->platforms[ord[j]], price);
            overall_of(m, ord[j], &g, &a, &b);
            if (j)
                cairo_line_to(cr, amap(&xa, x), amap(&ya, g));
            else
                cairo_move_to(cr, amap(&xa, x), amap(&ya, g));
        }
        cairo_stroke(cr);
    }
    cairo_restore(cr);
    for (size_t k = 0; k < m->nplatforms; k++) {
        size_t p = plat_at(m, k);
        double g, a, b, x = plat_x(&m->platforms[p], price);
        if (!isfinite(x) || !overall_of(m, p, &g, &a, &b))
            continue;
        double px = amap(&xa, x), py = amap(&ya, g);
        set_grey(cr, 0.15);
        cairo_set_line_width(cr, 1.5);
        whisker(cr, &ya, px, a, b, 5);
        set_slot(cr, k);
        cairo_arc(cr, px, py, 6, 0, 2 * PI);
        cairo_fill(cr);
        int front = 0;
        for (size_t j = 0; j < nf; j++)
            front |= ord[j] == p;
        if (front) {
            set_grey(cr, 0.1);
            cairo_set_line_width(cr, 1.5);
            cairo_arc(cr, px, py, 9, 0, 2 * PI);
            cairo_stroke(cr);
        }
    }
    free(ord);
    /* legend */
    double ly = T + 8;
    for (size_t k = 0; k < m->nplatforms && ly <= B - 10; k++) {
        size_t p = plat_at(m, k);
        double g, a, b, x = plat_x(&m->platforms[p], price);
        int ok = isfinite(x) && overall_of(m, p, &g, &a, &b);
        char lab[TEXT_MAX];
        if (ok) {
            swatch(cr, R + 16, ly - 4, k, 0);
            set_grey(cr, 0.1);
            snprintf(lab, sizeof lab, "%s: %.2f at %g %s", bdb_model_platform_name(m, p),
                     g, x, price ? "USD" : "W");
        } else {
            set_grey(cr, 0.55);
            snprintf(lab, sizeof lab, "%s (no %s)", bdb_model_platform_name(m, p),
                     isfinite(x) ? "score" : price ? "price" : "power");
        }
        text(cr, R + 34, ly, lab, 11, 0, 0, CW - R - 40);
        ly += 18;
    }
    frame(cr, L, T, R, B);
}

/* ---- units to match the baseline --------------------------------------------- */

static int match_has(const bdb_model *m)
{
    for (size_t p = 0; p < m->nplatforms; p++) {
        double g, a, b;
        if (p != m->baseline && overall_of(m, p, &g, &a, &b))
            return 1;
    }
    return 0;
}

static void draw_match(cairo_t *cr, const bdb_model *m)
{
    const char *base = bdb_model_platform_name(m, m->baseline);
    char buf[TEXT_MAX];
    background(cr);
    snprintf(buf, sizeof buf, "Units needed to match one %s", base);
    title(cr, buf, NULL);
    subtitle(cr, "Whole units of each platform whose overall score adds up to "
                 "the baseline's (1 / score, rounded up), with what they cost "
                 "and draw at load");
    double L = 96, R = CW - 30, T = 80, B = CH - 80;
    double hi = 1;
    size_t np = m->nplatforms ? m->nplatforms : 1;
    for (size_t p = 0; p < m->nplatforms; p++) {
        double g, a, b;
        if (overall_of(m, p, &g, &a, &b))
            hi = fmax(hi, ceil(1 / g - 1e-9));
    }
    /* whole units: integer ticks */
    double top = fmax(2, ceil(hi * 1.15));
    double step = top <= 10 ? 1 : nice_step(top, 6);
    top = ceil(top / step) * step;
    axis ya = {0, top, 0, B, T};
    y_ticks(cr, &ya, step, L, R, "");
    set_grey(cr, 0.3);
    text_up(cr, 20, (T + B) / 2, "units", 13, B - T);
    double gw = (R - L) / (double)np, bw = fmin(gw * 0.55, 120);
    for (size_t k = 0; k < m->nplatforms; k++) {
        size_t p = plat_at(m, k);
        const bdb_platform *pl = &m->platforms[p];
        double cx = L + gw * ((double)k + 0.5), g, a, b;
        set_grey(cr, 0.1);
        snprintf(buf, sizeof buf, "%s%s", bdb_model_platform_name(m, p),
                 k == 0 ? " (baseline)" : "");
        text(cr, cx, B + 18, buf, 12, 0, 0.5, gw - 6);
        if (!overall_of(m, p, &g, &a, &b)) {
            set_grey(cr, 0.5);
            text(cr, cx, B + 34, "no overall score", 11, 0, 0.5, gw - 6);
            continue;
        }
        double units = fmax(1, ceil(1 / g - 1e-9));
        double y0 = amap(&ya, 0), y1 = amap(&ya, units);
        set_slot(cr, k);
        cairo_rectangle(cr, cx - bw / 2, y1, bw, y0 - y1);
        cairo_fill(cr);
        char pr[48], pw[48];
        if (isfinite(pl->price_usd))
            snprintf(pr, sizeof pr, "%.0f USD", units * pl->price_usd);
        else
            snprintf(pr, sizeof pr, "price unknown");
        if (isfinite(pl->power_w))
            snprintf(pw, sizeof pw, "%.0f W", units * pl->power_w);
        else
            snprintf(pw, sizeof pw, "power unknown");
        snprintf(buf, sizeof buf, "%.0f unit%s (score %.2f)", units,
                 units == 1 ? "" : "s", g);
        set_grey(cr, 0.1);
        text(cr, cx, y1 - 22, buf, 12, 1, 0.5, gw - 4);
        snprintf(buf, sizeof buf, "%s, %s", pr, pw);
        text(cr, cx, y1 - 7, buf, 11, 0, 0.5, gw - 4);
    }
    frame(cr, L, T, R, B);
}

/* ---- output ------------------------------------------------------------------- */

int bdb_chart_available(const bdb_model *m, bdb_chart_kind k, size_t i)
{
    if (!m)
        return 0;
    switch (k) {
    case BDB_CHART_OVERVIEW: return ratio_chart_has(m, R_SPEEDUP);
    case BDB_CHART_SCORES: return m->nscores > 0;
    case BDB_CHART_SWEEP: return i < m->nsweeps && m->sweeps[i].n > 0;
    case BDB_CHART_SERIES: return i < m->nseries && m->series[i].headline;
    case BDB_CHART_PER_WATT: return ratio_chart_has(m, R_WATT);
    case BDB_CHART_PER_USD: return ratio_chart_has(m, R_USD);
    case BDB_CHART_PER_TCO: return ratio_chart_has(m, R_TCO);
    case BDB_CHART_VS_POWER: return scatter_points(m, 0) >= 2;
    case BDB_CHART_VS_PRICE: return scatter_points(m, 1) >= 2;
    case BDB_CHART_MATCH: return match_has(m);
    }
    return 0;
}

double bdb_chart_natural_height(const bdb_model *m, bdb_chart_kind k,
                                double width)
{
    double h = width * 9.0 / 16.0;
    switch (k) {
    case BDB_CHART_OVERVIEW: return fmax(h, ratio_chart_height(m, R_SPEEDUP));
    case BDB_CHART_PER_WATT: return fmax(h, ratio_chart_height(m, R_WATT));
    case BDB_CHART_PER_USD: return fmax(h, ratio_chart_height(m, R_USD));
    case BDB_CHART_PER_TCO: return fmax(h, ratio_chart_height(m, R_TCO));
    default: return h;
    }
}

void bdb_chart_draw(struct _cairo *cr, const bdb_model *m, bdb_chart_kind k,
                    size_t i, double width, double height)
{
    double ow = g_cw, oh = g_ch;
    g_cw = width > 0 ? width : 960;
    g_ch = height > 0 ? height : 540;
    cairo_save(cr);
    /* the background paints the clip: only the chart's box, not the page
     * it is drawn on */
    cairo_rectangle(cr, 0, 0, g_cw, g_ch);
    cairo_clip(cr);
    switch (k) {
    case BDB_CHART_OVERVIEW: draw_ratios(cr, m, R_SPEEDUP); break;
    case BDB_CHART_SCORES: draw_scores(cr, m); break;
    case BDB_CHART_SWEEP: draw_sweep(cr, m, &m->sweeps[i]); break;
    case BDB_CHART_SERIES: draw_series(cr, m, &m->series[i]); break;
    case BDB_CHART_PER_WATT: draw_ratios(cr, m, R_WATT); break;
    case BDB_CHART_PER_USD: draw_ratios(cr, m, R_USD); break;
    case BDB_CHART_PER_TCO: draw_ratios(cr, m, R_TCO); break;
    case BDB_CHART_VS_POWER: draw_scatter(cr, m, 0); break;
    case BDB_CHART_VS_PRICE: draw_scatter(cr, m, 1); break;
    case BDB_CHART_MATCH: draw_match(cr, m); break;
    }
    cairo_restore(cr);
    g_cw = ow;
    g_ch = oh;
}

static int io_error(bdb_diag *diag, const char *path, cairo_status_t st)
{
    return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                        cairo_status_to_string(st));
}

static int status_rc(bdb_diag *diag, const char *path, cairo_status_t st)
{
    if (st == CAIRO_STATUS_NO_MEMORY)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory drawing '%s'", path);
    return io_error(diag, path, st);
}

static cairo_status_t to_buf(void *closure, const unsigned char *data,
                             unsigned int len)
{
    return bdb_buf_append(closure, (const char *)data, len)
               ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

/* What draws one chart into a context of its size: a model's chart, or
 * a line of points (bdb_chart_line). */
typedef struct painter {
    void (*draw)(cairo_t *cr, const void *ctx, double width, double height);
    const void *ctx;
} painter;

typedef struct model_chart {
    const bdb_model *m;
    bdb_chart_kind k;
    size_t i;
} model_chart;

static void paint_model(cairo_t *cr, const void *ctx, double width,
                        double height)
{
    const model_chart *mc = ctx;
    bdb_chart_draw(cr, mc->m, mc->k, mc->i, width, height);
}

/* The chart as an SVG document appended to out, its texts as <text>
 * elements after the drawing (so on top of it, as they were drawn). */
static cairo_status_t svg_with_text(const painter *pt, double width,
                                    double height, bdb_buf *out)
{
    size_t from = out->len;
    bdb_buf texts;
    bdb_buf_init(&texts);
    cairo_surface_t *s = cairo_svg_surface_create_for_stream(to_buf, out, width,
                                                             height);
    cairo_t *cr = cairo_create(s);
    g_svg_text = &texts;
    pt->draw(cr, pt->ctx, width, height);
    g_svg_text = NULL;
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(s);
    if (!st)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (!st && (texts.err || out->err))
        st = CAIRO_STATUS_NO_MEMORY;
    if (!st) {
        /* before the document's last </svg> */
        char *end = NULL;
        for (char *p = out->data + from; (p = strstr(p, "</svg>")); p++)
            end = p;
        if (!end) {
            st = CAIRO_STATUS_WRITE_ERROR;
        } else {
            size_t at = (size_t)(end - out->data);
            bdb_buf tail;
            bdb_buf_init(&tail);
            bdb_buf_append(&tail, out->data + at, out->len - at);
            out->len = at;
            bdb_buf_append(out, texts.data ? texts.data : "", texts.len);
            bdb_buf_append(out, tail.data, tail.len);
            if (tail.err || out->err)
                st = CAIRO_STATUS_NO_MEMORY;
            bdb_buf_free(&tail);
        }
    }
    bdb_buf_free(&texts);
    return st;
}

static int svg_rc(cairo_status_t st)
{
    return st == CAIRO_STATUS_NO_MEMORY ? BDB_ENOMEM : st ? BDB_EIO : BDB_OK;
}

int bdb_chart_svg(const bdb_model *m, bdb_chart_kind k, size_t i, double width,
                  double height, bdb_buf *out)
{
    if (width <= 0)
        width = 960;
    if (height <= 0)
        height = bdb_chart_natural_height(m, k, width);
    model_chart mc = {m, k, i};
    painter pt = {paint_model, &mc};
    return svg_rc(svg_with_text(&pt, width, height, out));
}

int bdb_chart_line_svg(const bdb_chart_line *c, double width, double height,
                       bdb_buf *out)
{
    painter pt = {draw_line, c};
    return svg_rc(svg_with_text(&pt, width > 0 ? width : 960,
                                height > 0 ? height : 540, out));
}

int bdb_chart_line_svg_inline(const bdb_chart_line *c, double width,
                              double height, bdb_buf *out)
{
    size_t before = out->len;
    int rc = bdb_chart_line_svg(c, width, height, out);
    if (rc || out->len <= before ||
        strncmp(out->data + before, "<?xml", 5) != 0)
        return rc;
    char *gt = strstr(out->data + before, "?>");
    if (gt) {
        size_t cut = (size_t)(gt + 2 - (out->data + before));
        memmove(out->data + before, out->data + before + cut,
                out->len - before - cut + 1);
        out->len -= cut;
    }
    return BDB_OK;
}

/* Draws the chart of w x h (PNG: scaled by scale) into the file file;
 * messages name path, the output it becomes. */
static int draw_file(const painter *pt, bdb_chart_format fmt,
                     const char *file, const char *path, double w, double h,
                     double scale, bdb_diag *diag)
{
    if (fmt == BDB_CHART_SVG) {
        bdb_buf svg;
        bdb_buf_init(&svg);
        cairo_status_t sst = svg_with_text(pt, w, h, &svg);
        FILE *f = sst ? NULL : fopen(file, "wb");
        if (!sst && (!f || fwrite(svg.data, 1, svg.len, f) != svg.len))
            sst = CAIRO_STATUS_WRITE_ERROR;
        if (f && fclose(f) != 0 && !sst)
            sst = CAIRO_STATUS_WRITE_ERROR;
        bdb_buf_free(&svg);
        return sst ? status_rc(diag, path, sst) : BDB_OK;
    }
    cairo_surface_t *s;
    if (fmt == BDB_CHART_PNG)
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w * scale),
                                       (int)ceil(h * scale));
    else
        s = cairo_pdf_surface_create(file, w, h);
    cairo_status_t st = cairo_surface_status(s);
    if (st) {
        cairo_surface_destroy(s);
        return status_rc(diag, path, st);
    }
    cairo_t *cr = cairo_create(s);
    if (fmt == BDB_CHART_PNG)
        cairo_scale(cr, scale, scale);
    pt->draw(cr, pt->ctx, w, h);
    st = cairo_status(cr);
    cairo_destroy(cr);
    if (!st && fmt == BDB_CHART_PNG) {
        st = cairo_surface_write_to_png(s, file);
    }
    if (!st) {
        cairo_surface_finish(s);
        st = cairo_surface_status(s);
    }
    cairo_surface_destroy(s);
    return st ? status_rc(diag, path, st) : BDB_OK;
}

/* One chart file, written whole or not at all (bdb_output). */
static int write_painted(const painter *pt, bdb_chart_format fmt,
                         const char *path, double w, double h, double scale,
                         bdb_diag *diag)
{
    char tmp[BDB_CLEANUP_PATH_MAX], msg[512];
    int rc = bdb_output_begin(path, tmp, sizeof tmp, msg, sizeof msg);
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s", msg);
    rc = draw_file(pt, fmt, tmp, path, w, h, scale, diag);
    if (bdb_output_end(tmp, path, rc == BDB_OK, msg, sizeof msg) && !rc)
        rc = bdb_diag_set(diag, BDB_EIO, 0, "%s", msg);
    return rc;
}

int bdb_chart_line_file(const bdb_chart_line *c, bdb_chart_format fmt,
                        const char *path, bdb_diag *diag)
{
    painter pt = {draw_line, c};
    return write_painted(&pt, fmt, path, 960, 540, 1, diag);
}

/* Chart k (i) of the model as a file at path. */
static int write_one(const bdb_model *m, bdb_chart_format fmt, const char *path,
                     bdb_chart_kind k, size_t i, const bdb_chart_opts *o,
                     bdb_diag *diag)
{
    double w = o && o->width > 0 ? o->width : 960;
    double h = o && o->height > 0 ? o->height
             : fmax(w * 9.0 / 16.0, bdb_chart_natural_height(m, k, w));
    double scale = o && o->dpi > 0 ? o->dpi / 96.0 : 1;
    model_chart mc = {m, k, i};
    painter pt = {paint_model, &mc};
    return write_painted(&pt, fmt, path, w, h, scale, diag);
}

/* Lower-case ASCII letters and digits of the parts, '-' between runs of
 * anything else, at most SLUG_MAX characters; "chart" if nothing is left. */
void bdb_chart_slug(char *out, const char *const *parts, size_t nparts)
{
    size_t o = 0;
    int dash = 0;
    for (size_t i = 0; i < nparts; i++) {
        for (const char *s = parts[i]; *s && o < SLUG_MAX; s++) {
            char c = *s;
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (dash && o > 0 && o < SLUG_MAX - 1)
                    out[o++] = '-';
                dash = 0;
                if (o < SLUG_MAX)
                    out[o++] = c;
            } else {
                dash = 1;
            }
        }
        dash = 1;
    }
    out[o] = '\0';
    if (o == 0)
        strcpy(out, "chart");
}

static int ensure_dir(const char *dir, bdb_diag *diag)
{
    struct stat sb;
    if (stat(dir, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return BDB_OK;
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write into '%s': not a directory", dir);
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot make directory '%s': %s", dir,
                            strerror(errno));
    return BDB_OK;
}

int bdb_chart_render_dir(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, const bdb_chart_opts *o,
                         size_t *written, bdb_diag *diag)
{
    if (written)
        *written = 0;
    if (!m || !dir || !*dir)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "charts need a model and a directory");
    static const char *const ext[] = {"png", "svg", "pdf"};
    if (fmt != BDB_CHART_PNG && fmt != BDB_CHART_SVG && fmt != BDB_CHART_PDF)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "unknown chart format %d", (int)fmt);
    int rc = ensure_dir(dir, diag);
    if (rc)
        return rc;
    size_t dl = strlen(dir);
    const char *sep = dir[dl - 1] == '/' ? "" : "/";
    size_t cap = dl + SLUG_MAX + 64, n = 0;
    char *path = malloc(cap);
    if (!path)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    char sl[SLUG_MAX + 1];
    /* the overview first, then the scores and the efficiency charts */
    static const struct { bdb_chart_kind k; const char *name; } fixed[] = {
        {BDB_CHART_OVERVIEW, "overview"}, {BDB_CHART_SCORES, "scores"},
        {BDB_CHART_PER_WATT, "efficiency-per-watt"},
        {BDB_CHART_PER_USD, "efficiency-per-usd"},
        {BDB_CHART_PER_TCO, "efficiency-per-tco-usd"},
        {BDB_CHART_VS_POWER, "score-vs-power"},
        {BDB_CHART_VS_PRICE, "score-vs-price"},
        {BDB_CHART_MATCH, "units-to-match-baseline"}};
    for (size_t f = 0; !rc && f < sizeof fixed / sizeof fixed[0]; f++) {
        if (!bdb_chart_available(m, fixed[f].k, 0))
            continue;
        snprintf(path, cap, "%s%s%s.%s", dir, sep, fixed[f].name, ext[fmt]);
        rc = write_one(m, fmt, path, fixed[f].k, 0, o, diag);
        n += !rc;
    }
    for (size_t w = 0; !rc && w < m->nsweeps; w++) {
        const bdb_rseries *se = &m->series[m->sweeps[w].series[0]];
        const char *parts[] = {se->tool, se->benchmark, se->metric, m->sweeps[w].key};
        bdb_chart_slug(sl, parts, 4);
        snprintf(path, cap, "%s%ssweep-%02zu-%s.%s", dir, sep, w + 1, sl, ext[fmt]);
        rc = write_one(m, fmt, path, BDB_CHART_SWEEP, w, o, diag);
        n += !rc;
    }
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline)
            continue;
        const char *parts[] = {se->tool, se->benchmark, se->metric, se->params};
        bdb_chart_slug(sl, parts, 4);
        snprintf(path, cap, "%s%sseries-%03zu-%s.%s", dir, sep, s + 1, sl, ext[fmt]);
        rc = write_one(m, fmt, path, BDB_CHART_SERIES, s, o, diag);
        n += !rc;
    }
    free(path);
    if (written)
        *written = n;
    return rc;
}

int bdb_chart_render_all(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, size_t *written, bdb_diag *diag)
{
    return bdb_chart_render_dir(m, fmt, dir, NULL, written, diag);
}

int bdb_chart_render_pdf_report(const bdb_model *m, const char *path,
                                bdb_diag *diag)
{
    if (!m || !path || !*path)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "a PDF report needs a model and a path");
    size_t nheadline = 0;
    for (size_t s = 0; s < m->nseries; s++)
        nheadline += m->series[s].headline != 0;
    bdb_cairo_file cf;
    int err = bdb_cairo_file_open(&cf, path);
    if (err)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            strerror(err));
    cairo_surface_t *surf =
        cairo_pdf_surface_create_for_stream(bdb_cairo_file_write, &cf, CW, CH);
    cairo_status_t st = cairo_surface_status(surf);
    if (st) {
        cairo_surface_destroy(surf);
        bdb_cairo_file_close(&cf);
        return status_rc(diag, path, st);
    }
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "benchdb");
    cairo_t *cr = cairo_create(surf);
    draw_title_page(cr, m, nheadline);
    cairo_show_page(cr);
    static const bdb_chart_kind fixed[] = {
        BDB_CHART_OVERVIEW, BDB_CHART_SCORES, BDB_CHART_PER_WATT,
        BDB_CHART_PER_USD, BDB_CHART_PER_TCO, BDB_CHART_VS_POWER,
        BDB_CHART_VS_PRICE, BDB_CHART_MATCH};
    for (size_t f = 0; f < sizeof fixed / sizeof fixed[0]; f++) {
        if (!bdb_chart_available(m, fixed[f], 0))
            continue;
        double h = bdb_chart_natural_height(m, fixed[f], 960);
        cairo_pdf_surface_set_size(surf, 960, h);
        bdb_chart_draw(cr, m, fixed[f], 0, 960, h);
        cairo_show_page(cr);
    }
    cairo_pdf_surface_set_size(surf, 960, 540);
    for (size_t w = 0; w < m->nsweeps && !cairo_status(cr); w++) {
        bdb_chart_draw(cr, m, BDB_CHART_SWEEP, w, 960, 540);
        cairo_show_page(cr);
    }
    for (size_t s = 0; s < m->nseries && !cairo_status(cr); s++) {
        if (!m->series[s].headline)
            continue;
        bdb_chart_draw(cr, m, BDB_CHART_SERIES, s, 960, 540);
        cairo_show_page(cr);
    }
    st = cairo_status(cr);
    cairo_destroy(cr);
    if (!st) {
        cairo_surface_finish(surf);
        st = cairo_surface_status(surf);
    }
    cairo_surface_destroy(surf);
    err = bdb_cairo_file_close(&cf);
    if (err && st != CAIRO_STATUS_NO_MEMORY)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write '%s': %s", path,
                            strerror(err));
    return st ? status_rc(diag, path, st) : BDB_OK;
}

#if defined(__SANITIZE_ADDRESS__)
#define BDB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BDB_ASAN 1
#endif
#endif

#ifdef BDB_ASAN
/* fontconfig 2.14 leaks what its config parser allocates unless FcFini
 * runs, and FcFini (or cairo's reset of its font caches) is not safe
 * while pango 1.50's own fontconfig thread may still hold fonts: it
 * aborts now and then. LeakSanitizer is told instead (its documented
 * hook), for fontconfig's frames only. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so.1\n";
}
#endif

void bdb_chart_release_caches(void)
{
    pango_cairo_font_map_set_default(NULL);
}
