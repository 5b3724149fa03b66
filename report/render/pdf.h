/* pdf.h - the multi-page PDF report (benchdb report --format pdf), drawn
 * with cairo's PDF surface and laid out with pango. */
#ifndef BDB_PDF_H
#define BDB_PDF_H

#include "../common/bdb_diag.h"
#include "model.h"

typedef enum bdb_paper {
    BDB_PAPER_A4 = 0,
    BDB_PAPER_LETTER
} bdb_paper;

typedef struct bdb_pdf_opts {
    bdb_paper paper;
    int all_metrics;    /* every metric in the tool tables, not only key ones */
} bdb_pdf_opts;

/* Writes the report to path: a title page (title wrapped, date,
 * platforms, baseline, findings), the platforms, the overview chart and
 * the scores, one section per tool (its table, its headline series' and
 * sweeps' charts), the efficiency section with its charts, the warnings,
 * how to read the report and a provenance appendix (every figure's
 * file:line). Tables that do not fit a page continue on the next one
 * under their repeated header row. o NULL: A4, key metrics.
 * Returns BDB_OK, BDB_EUSAGE (NULL model or path), BDB_EIO with the path
 * in diag, BDB_ENOMEM. */
int bdb_report_render_pdf(const bdb_model *m, const bdb_pdf_opts *o,
                          const char *path, bdb_diag *diag);

#endif
