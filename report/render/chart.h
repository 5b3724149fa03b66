/* chart.h - PNG, SVG and PDF charts of a report model, drawn with cairo:
 * the category scores, one line chart per sweep and one bar chart per
 * headline series, as separate files or as pages of one PDF report.
 *
 * Every chart is 960x540 by default (pixels for PNG, points for SVG and
 * PDF) on white; text is laid out by pango, which finds a font for
 * Cyrillic and CJK names among those installed. Platforms keep one colour across all charts, the baseline first
 * (bdb_chart_palette). Missing cells and NaN figures are left out: no zero
 * bars, no points, no whiskers. Text from logs is drawn as text, cleaned
 * of control characters and invalid UTF-8 and cut to fit with "...". */
#ifndef BDB_CHART_H
#define BDB_CHART_H

#include <stddef.h>

#include "../common/bdb_buf.h"
#include "../common/bdb_diag.h"
#include "model.h"

typedef enum bdb_chart_format {
    BDB_CHART_PNG = 0,
    BDB_CHART_SVG,
    BDB_CHART_PDF
} bdb_chart_format;

/* The charts. Those of the whole report come first, in this order, in
 * every graphical output:
 *   OVERVIEW    every headline ratio against the reference, grouped by
 *               category with the category's geometric mean, 95% whiskers
 *               and the 1.0 line (log ratio axis); past 120 series,
 *               each category's share of those farthest from 1, the
 *               counts said in the title and the category headers;
 *   SCORES      the category scores as grouped bars;
 *   PER_WATT, PER_USD, PER_TCO  the same rows for the ratio of work per
 *               watt / per dollar / per dollar of ownership;
 *   VS_POWER, VS_PRICE  the overall score of each platform against its
 *               power at load (its price), with lines of equal score per
 *               watt (dollar) and the Pareto front;
 *   MATCH       how many units of each platform match one baseline (from
 *               the overall score) with their price and power;
 * then SWEEP (index: the sweep) and SERIES (index: the series). */
typedef enum bdb_chart_kind {
    BDB_CHART_OVERVIEW = 0,
    BDB_CHART_SCORES,
    BDB_CHART_PER_WATT,
    BDB_CHART_PER_USD,
    BDB_CHART_PER_TCO,
    BDB_CHART_VS_POWER,
    BDB_CHART_VS_PRICE,
    BDB_CHART_MATCH,
    BDB_CHART_SWEEP,
    BDB_CHART_SERIES
} bdb_chart_kind;

/* Size of each chart: width and height in pixels for PNG at 96 dpi,
 * points for SVG and PDF; 0 = 960 wide, 9/16 of that high (taller when
 * an overview's rows need it); dpi (PNG only) scales the pixels. */
typedef struct bdb_chart_opts {
    double width, height, dpi;
} bdb_chart_opts;

/* Whether the model has what chart k (index i) shows. */
int bdb_chart_available(const bdb_model *m, bdb_chart_kind k, size_t i);
/* The height chart k wants at width (the overview grows with its rows). */
double bdb_chart_natural_height(const bdb_model *m, bdb_chart_kind k,
                                double width);
/* Draws chart k (index i) into a cairo context (cairo_t *) over
 * [0, width] x [0, height] of its user space. */
struct _cairo;
void bdb_chart_draw(struct _cairo *cr, const bdb_model *m, bdb_chart_kind k,
                    size_t i, double width, double height);
/* Appends chart k as a standalone SVG document to out (height 0: the
 * natural height). BDB_OK, BDB_ENOMEM, BDB_EIO. */
int bdb_chart_svg(const bdb_model *m, bdb_chart_kind k, size_t i, double width,
                  double height, bdb_buf *out);

/* Writes one file per chart into dir (made if missing, one level):
 *   overview.EXT, efficiency-per-watt.EXT, efficiency-per-usd.EXT,
 *   efficiency-per-tco-usd.EXT, score-vs-power.EXT, score-vs-price.EXT,
 *   units-to-match-baseline.EXT   when the model has what they show;
 *   scores.EXT                    the category scores, as a grouped bar
 *                                 chart of each non-baseline platform's
 *                                 geometric mean of speedups with its 95%
 *                                 interval and a line at 1.0 = baseline;
 *                                 platforms without a score get no bar;
 *                                 only when the model has scores;
 *   sweep-NN-SLUG.EXT             per sweep (NN from 01, in model order):
 *                                 the mean with 95% CI error bars against
 *                                 the sweep parameter (log scale when it
 *                                 spans more than 20x), a line per platform;
 *   series-NNN-SLUG.EXT           per headline series (NNN: the series'
 *                                 index in the model + 1): the mean per
 *                                 platform with 95% CI whiskers, values in
 *                                 human units and the speedup vs the
 *                                 reference under each platform.
 * SLUG is tool, benchmark, metric and then the series' parameters (for a
 * sweep: its key) in lower-case ASCII letters, digits and '-', cut at 60
 * characters, enough for every parameter of the seed samples
 * ("series-004-dd-sas-disk-throughput-bs-1m-count-10240-direction-read-flag-direct");
 * the number keeps names unique. EXT is png, svg or pdf. Existing files
 * of the same name are replaced; other files in dir are left alone.
 * *written (may be NULL) receives the number of files written, also on
 * failure (the files before the one that failed stay).
 * Returns BDB_OK; BDB_EUSAGE for a NULL model or dir or an unknown
 * format; BDB_EIO (diag says which path and why) when dir cannot be made
 * or a file cannot be written; BDB_ENOMEM. */
int bdb_chart_render_dir(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, const bdb_chart_opts *o,
                         size_t *written, bdb_diag *diag);
/* bdb_chart_render_dir at the default size. */
int bdb_chart_render_all(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, size_t *written, bdb_diag *diag);

/* Writes every chart as a page of one PDF at path: a title page (the
 * report title, the platforms with their colours, the baseline marked,
 * and what follows), then the scores (when there are any), the sweeps and
 * the headline series, in that order. Page count is therefore
 * 1 + the whole-report charts available (overview, scores, efficiency)
 * + nsweeps + number of headline series.
 * Returns BDB_OK, BDB_EUSAGE (NULL model or path), BDB_EIO with the path
 * in diag, BDB_ENOMEM. */
int bdb_chart_render_pdf_report(const bdb_model *m, const char *path,
                                bdb_diag *diag);

/* A line over ordered points that are not a model's (benchdb history: a
 * series over run sets), drawn with the same text, axes and palette as
 * the report's charts: the mean per point joined by a line with its 95%
 * interval as a band, a dashed vertical before a point that is marked
 * (a change point, red; a new baseline, grey) with its text, the first
 * note of a point under it, and the point names slanted under the axis.
 * Every array holds n items; lo, hi, note may be NULL, their items NaN or
 * NULL when a point has none. */
typedef enum bdb_chart_mark {
    BDB_CHART_MARK_NONE = 0,
    BDB_CHART_MARK_CHANGE,
    BDB_CHART_MARK_BASELINE
} bdb_chart_mark;
typedef struct bdb_chart_line {
    const char *title, *subtitle;   /* subtitle may be NULL */
    const char *const *notes;       /* lines under the subtitle */
    size_t nnotes;
    const char *unit, *y_title, *x_title;
    size_t n;
    const char *const *x;           /* the points' names */
    const double *y, *lo, *hi;
    const unsigned char *mark;      /* bdb_chart_mark per point, or NULL */
    const char *const *mark_text;   /* per point, or NULL */
    const char *const *note;        /* per point, or NULL */
} bdb_chart_line;
/* Appends the line chart as a standalone SVG document (texts as <text>)
 * to out; width and height 0: 960x540. BDB_OK, BDB_ENOMEM, BDB_EIO. */
int bdb_chart_line_svg(const bdb_chart_line *c, double width, double height,
                       bdb_buf *out);
/* bdb_chart_line_svg without the XML declaration: an <svg> element to
 * put inside an HTML page. */
int bdb_chart_line_svg_inline(const bdb_chart_line *c, double width,
                              double height, bdb_buf *out);
/* Writes it to path as PNG or SVG at 960x540, whole or not at all.
 * BDB_EIO (diag names path), BDB_ENOMEM. */
int bdb_chart_line_file(const bdb_chart_line *c, bdb_chart_format fmt,
                        const char *path, bdb_diag *diag);
/* The lower-case ASCII slug of parts (letters, digits, '-' between runs
 * of anything else) as chart file names use it, at most 120 characters
 * into out (121 bytes); "chart" when nothing is left. */
void bdb_chart_slug(char *out, const char *const *parts, size_t nparts);

/* s as every drawn text is made before pango sees it (the one cleaner
 * of drawn text): valid UTF-8 that cairo accepts, control characters but
 * line feeds as spaces. The caller frees it; NULL when out of memory. */
char *bdb_chart_text_dup(const char *s);

/* The colour of the platform in position slot of the charts' order
 * (0: the baseline, then the others in model order), as 8-bit RGB.
 * The palette has 8 colours and repeats. */
void bdb_chart_palette(size_t slot, unsigned char rgb[3]);

/* What a chart drew where (device space), for tests of its geometry:
 * every text with its box, the value-axis tick labels with their value,
 * the platform names of legends and bar labels, and every bar with its
 * value and palette slot. Ellipsized texts are recorded with "". */
enum {
    BDB_CHART_ITEM_TEXT = 0,
    BDB_CHART_ITEM_TICK_Y,
    BDB_CHART_ITEM_LEGEND,
    BDB_CHART_ITEM_BAR
};
typedef struct bdb_chart_item {
    int kind;
    char text[160];
    double x, y, w, h;      /* top-left and size */
    double value;           /* tick or bar value; NaN for texts */
    size_t slot;            /* bars: the palette slot */
} bdb_chart_item;
typedef struct bdb_chart_trace {
    bdb_chart_item *items;
    size_t n, cap;
    int failed;             /* an item could not be recorded */
} bdb_chart_trace;
/* Records into t what the charts drawn until bdb_chart_trace_end draw. */
void bdb_chart_trace_begin(bdb_chart_trace *t);
void bdb_chart_trace_end(void);
void bdb_chart_trace_free(bdb_chart_trace *t);

/* Drops pango's font map (and with it its fonts) once the last chart is
 * drawn. cairo's and fontconfig's own caches stay until exit: resetting
 * them while pango 1.50's fontconfig thread may still hold a font aborts
 * (ASan builds tell LeakSanitizer about fontconfig's parser instead). */
void bdb_chart_release_caches(void);

#endif
