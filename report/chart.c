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
#include "chart.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/bdb_error.h"
#include "../common/bdb_sample.h"

#define CW 960.0
#define CH 540.0
#define TEXT_MAX 240        /* bytes of one drawn text, before fitting */
#define SLUG_MAX 60
#define FONT "sans-serif"
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

/* Copies in to out (n bytes) as valid UTF-8: control characters become
 * spaces, bytes that start no valid sequence '?', and text that does not
 * fit ends in "...". */
static void clean(const char *in, char *out, size_t n)
{
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    size_t o = 0;
    while (*s && o + 8 < n) {
        unsigned c = *s;
        if (c < 0x80) {
            out[o++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
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

static void font(cairo_t *cr, double size, int bold)
{
    cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static double advance(cairo_t *cr, const char *s)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    return e.x_advance;
}

/* Cuts the clean text s (buffer of TEXT_MAX + 8) at a character boundary
 * and appends "..." until it is at most maxw wide in the current font. */
static void fit(cairo_t *cr, char *s, double maxw)
{
    if (maxw <= 0 || advance(cr, s) <= maxw)
        return;
    char tmp[TEXT_MAX + 8];
    size_t len = strlen(s);
    while (len > 0) {
        len--;
        while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
            len--;
        while (len > 0 && s[len - 1] == ' ')
            len--;
        memcpy(tmp, s, len);
        memcpy(tmp + len, "...", 4);
        if (advance(cr, tmp) <= maxw)
            break;
    }
    if (len == 0)
        memcpy(tmp, "...", 4);
    memcpy(s, tmp, strlen(tmp) + 1);
}

/* Draws s with its baseline at y; align 0 left, 0.5 centred, 1 right;
 * maxw > 0 cuts the text to that width. Returns the width drawn. */
static double text(cairo_t *cr, double x, double y, const char *s, double size,
                   int bold, double align, double maxw)
{
    char buf[TEXT_MAX + 8];
    clean(s, buf, TEXT_MAX);
    font(cr, size, bold);
    fit(cr, buf, maxw);
    double w = advance(cr, buf);
    cairo_move_to(cr, x - align * w, y);
    cairo_show_text(cr, buf);
    return w;
}

/* Width of s as text() would draw it without a limit. */
static double text_width(cairo_t *cr, const char *s, double size, int bold)
{
    char buf[TEXT_MAX + 8];
    clean(s, buf, TEXT_MAX);
    font(cr, size, bold);
    return advance(cr, buf);
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
        text(cr, x0 - 8, y + 4, lab, 12, 0, 1, x0 - 14);
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
    return c->present && isfinite(c->sum.mean);
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
        lx += 18 + text(cr, lx + 18, ly, name, 12, 0, 0, 180) + 18;
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
                        "speedup vs baseline (geometric mean)", 22);

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
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!finite_cell(c))
                continue;
            ylo = fmin(ylo, c->sum.mean);
            yhi = fmax(yhi, c->sum.mean);
            if (isfinite(c->sum.mean_ci_lo) && isfinite(c->sum.mean_ci_hi)) {
                ylo = fmin(ylo, c->sum.mean_ci_lo);
                yhi = fmax(yhi, c->sum.mean_ci_hi);
            }
        }
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
    snprintf(buf, sizeof buf, "%s%s%s%s", first->metric, first->unit[0] ? " (" : "",
             first->unit, first->unit[0] ? ")" : "");
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
            if (isfinite(xs[i]) && finite_cell(c))
                whisker(cr, &ya, amap(&xa, xs[i]), c->sum.mean_ci_lo,
                        c->sum.mean_ci_hi, 5);
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
            double px = amap(&xa, xs[i]), py = amap(&ya, c->sum.mean);
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
            cairo_arc(cr, amap(&xa, xs[i]), amap(&ya, c->sum.mean), 4.5, 0, 2 * PI);
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
        text(cr, W_R + 44, ly, lab, 12, 0, 0, CW - W_R - 52);
        ly += 20;
    }
    free(xs);
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
    for (size_t p = 0; p < m->nplatforms; p++) {
        const bdb_cell *c = &se->cells[p];
        if (!finite_cell(c))
            continue;
        ylo = fmin(ylo, c->sum.mean);
        yhi = fmax(yhi, c->sum.mean);
        if (isfinite(c->sum.mean_ci_lo) && isfinite(c->sum.mean_ci_hi)) {
            ylo = fmin(ylo, c->sum.mean_ci_lo);
            yhi = fmax(yhi, c->sum.mean_ci_hi);
        }
    }
    char buf[TEXT_MAX];
    background(cr);
    snprintf(buf, sizeof buf, "%s %s %s", se->tool, se->benchmark, se->metric);
    title(cr, buf, se->better == BDB_LOWER_IS_BETTER ? " (lower is better)" : NULL);
    snprintf(buf, sizeof buf, "%s%sMean of the repetitions with 95%% confidence "
             "interval; speedups vs %s", se->params,
             se->params[0] ? " - " : "", bdb_model_platform_name(m, se->ref));
    subtitle(cr, buf);

    snprintf(buf, sizeof buf, "%s%s%s%s", se->metric, se->unit[0] ? " (" : "",
             se->unit, se->unit[0] ? ")" : "");
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
        text(cr, cx, B_B + 18, bdb_model_platform_name(m, p), fs, 0, 0.5, gw - 6);
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
        double y0 = amap(&ya, 0), y1 = amap(&ya, c->sum.mean);
        set_slot(cr, k);
        cairo_rectangle(cr, cx - bw / 2, fmin(y0, y1), bw, fabs(y0 - y1));
        cairo_fill(cr);
        set_grey(cr, 0.15);
        cairo_set_line_width(cr, 1.5);
        whisker(cr, &ya, cx, c->sum.mean_ci_lo, c->sum.mean_ci_hi, fmin(bw / 4, 8));
        double top = c->sum.mean;
        if (isfinite(c->sum.mean_ci_hi))
            top = fmax(top, c->sum.mean_ci_hi);
        char lab[64];
        bdb_format_value(c->sum.mean, se->unit, lab, sizeof lab);
        set_grey(cr, 0.1);
        text(cr, cx, amap(&ya, fmax(top, 0)) - 6, lab, fs, 0, 0.5, gw - 4);
    }
    frame(cr, B_L, B_T, B_R, B_B);
}

/* ---- title page ------------------------------------------------------------- */

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
    set_grey(cr, 0.1);
    text(cr, 48, 170, "Platforms", 16, 1, 0, 0);
    double y = 198;
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

/* ---- output ------------------------------------------------------------------- */

enum kind { K_TITLE, K_SCORES, K_SWEEP, K_SERIES };

static void draw(cairo_t *cr, const bdb_model *m, enum kind k, size_t i,
                 size_t nheadline)
{
    switch (k) {
    case K_TITLE: draw_title_page(cr, m, nheadline); break;
    case K_SCORES: draw_scores(cr, m); break;
    case K_SWEEP: draw_sweep(cr, m, &m->sweeps[i]); break;
    case K_SERIES: draw_series(cr, m, &m->series[i]); break;
    }
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

static int write_one(const bdb_model *m, bdb_chart_format fmt, const char *path,
                     enum kind k, size_t i, bdb_diag *diag)
{
    cairo_surface_t *s;
    if (fmt == BDB_CHART_PNG)
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)CW, (int)CH);
    else if (fmt == BDB_CHART_SVG)
        s = cairo_svg_surface_create(path, CW, CH);
    else
        s = cairo_pdf_surface_create(path, CW, CH);
    cairo_status_t st = cairo_surface_status(s);
    if (st) {
        cairo_surface_destroy(s);
        return status_rc(diag, path, st);
    }
    cairo_t *cr = cairo_create(s);
    draw(cr, m, k, i, 0);
    st = cairo_status(cr);
    cairo_destroy(cr);
    if (!st && fmt == BDB_CHART_PNG) {
        st = cairo_surface_write_to_png(s, path);
    }
    if (!st) {
        cairo_surface_finish(s);
        st = cairo_surface_status(s);
    }
    cairo_surface_destroy(s);
    return st ? status_rc(diag, path, st) : BDB_OK;
}

/* Lower-case ASCII letters and digits of the parts, '-' between runs of
 * anything else, at most SLUG_MAX characters; "chart" if nothing is left. */
static void slug(char *out, const char *const *parts, size_t nparts)
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

int bdb_chart_render_all(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, size_t *written, bdb_diag *diag)
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
    char *path = malloc(dl + SLUG_MAX + 64);
    if (!path)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    size_t cap = dl + SLUG_MAX + 64, n = 0;
    char sl[SLUG_MAX + 1];
    if (m->nscores) {
        snprintf(path, cap, "%s%sscores.%s", dir, sep, ext[fmt]);
        rc = write_one(m, fmt, path, K_SCORES, 0, diag);
        n += !rc;
    }
    for (size_t w = 0; !rc && w < m->nsweeps; w++) {
        const bdb_rseries *se = &m->series[m->sweeps[w].series[0]];
        const char *parts[] = {se->tool, se->benchmark, se->metric, m->sweeps[w].key};
        slug(sl, parts, 4);
        snprintf(path, cap, "%s%ssweep-%02zu-%s.%s", dir, sep, w + 1, sl, ext[fmt]);
        rc = write_one(m, fmt, path, K_SWEEP, w, diag);
        n += !rc;
    }
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline)
            continue;
        const char *parts[] = {se->tool, se->benchmark, se->metric, se->params};
        slug(sl, parts, 4);
        snprintf(path, cap, "%s%sseries-%03zu-%s.%s", dir, sep, s + 1, sl, ext[fmt]);
        rc = write_one(m, fmt, path, K_SERIES, s, diag);
        n += !rc;
    }
    free(path);
    if (written)
        *written = n;
    return rc;
}

int bdb_chart_render_pdf_report(const bdb_model *m, const char *path,
                                bdb_diag *diag)
{
    if (!m || !path || !*path)
        return bdb_diag_set(diag, BDB_EUSAGE, 0, "a PDF report needs a model and a path");
    size_t nheadline = 0;
    for (size_t s = 0; s < m->nseries; s++)
        nheadline += m->series[s].headline != 0;
    cairo_surface_t *surf = cairo_pdf_surface_create(path, CW, CH);
    cairo_status_t st = cairo_surface_status(surf);
    if (st) {
        cairo_surface_destroy(surf);
        return status_rc(diag, path, st);
    }
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "benchdb");
    cairo_t *cr = cairo_create(surf);
    draw(cr, m, K_TITLE, 0, nheadline);
    cairo_show_page(cr);
    if (m->nscores) {
        draw(cr, m, K_SCORES, 0, 0);
        cairo_show_page(cr);
    }
    for (size_t w = 0; w < m->nsweeps && !cairo_status(cr); w++) {
        draw(cr, m, K_SWEEP, w, 0);
        cairo_show_page(cr);
    }
    for (size_t s = 0; s < m->nseries && !cairo_status(cr); s++) {
        if (!m->series[s].headline)
            continue;
        draw(cr, m, K_SERIES, s, 0);
        cairo_show_page(cr);
    }
    st = cairo_status(cr);
    cairo_destroy(cr);
    if (!st) {
        cairo_surface_finish(surf);
        st = cairo_surface_status(surf);
    }
    cairo_surface_destroy(surf);
    return st ? status_rc(diag, path, st) : BDB_OK;
}

void bdb_chart_release_caches(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}
