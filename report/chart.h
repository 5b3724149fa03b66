/* chart.h - PNG, SVG and PDF charts of a report model, drawn with cairo:
 * the category scores, one line chart per sweep and one bar chart per
 * headline series, as separate files or as pages of one PDF report.
 *
 * Every chart is 960x540 (pixels for PNG, points for SVG and PDF) on
 * white. Platforms keep one colour across all charts, the baseline first
 * (bdb_chart_palette). Missing cells and NaN figures are left out: no zero
 * bars, no points, no whiskers. Text from logs is drawn as text, cleaned
 * of control characters and invalid UTF-8 and cut to fit with "...". */
#ifndef BDB_CHART_H
#define BDB_CHART_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "model.h"

typedef enum bdb_chart_format {
    BDB_CHART_PNG = 0,
    BDB_CHART_SVG,
    BDB_CHART_PDF
} bdb_chart_format;

/* Writes one file per chart into dir (made if missing, one level):
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
 * characters ("series-004-dd-sas-disk-throughput-bs-1m-count-10240-...");
 * the number keeps names unique. EXT is png, svg or pdf. Existing files
 * of the same name are replaced; other files in dir are left alone.
 * *written (may be NULL) receives the number of files written, also on
 * failure (the files before the one that failed stay).
 * Returns BDB_OK; BDB_EUSAGE for a NULL model or dir or an unknown
 * format; BDB_EIO (diag says which path and why) when dir cannot be made
 * or a file cannot be written; BDB_ENOMEM. */
int bdb_chart_render_all(const bdb_model *m, bdb_chart_format fmt,
                         const char *dir, size_t *written, bdb_diag *diag);

/* Writes every chart as a page of one PDF at path: a title page (the
 * report title, the platforms with their colours, the baseline marked,
 * and what follows), then the scores (when there are any), the sweeps and
 * the headline series, in that order. Page count is therefore
 * 1 + (nscores > 0) + nsweeps + number of headline series.
 * Returns BDB_OK, BDB_EUSAGE (NULL model or path), BDB_EIO with the path
 * in diag, BDB_ENOMEM. */
int bdb_chart_render_pdf_report(const bdb_model *m, const char *path,
                                bdb_diag *diag);

/* The colour of the platform in position slot of the charts' order
 * (0: the baseline, then the others in model order), as 8-bit RGB.
 * The palette has 8 colours and repeats. */
void bdb_chart_palette(size_t slot, unsigned char rgb[3]);

/* Frees the font caches cairo and fontconfig keep for the life of the
 * process, so that LeakSanitizer reports only real leaks. Call once, at
 * the end, after the last chart. */
void bdb_chart_release_caches(void);

#endif
