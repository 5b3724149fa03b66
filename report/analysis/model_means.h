/* model_means.h - the report model of a whole database from the store's
 * per-series-and-platform counts and means (store_means.h) instead of
 * every value: its platforms, its headline series with their ratios
 * against the baseline, and the category scores, made by the same code
 * as bdb_model_build's (model_parts.h); plus how many series each tool
 * has on enough platforms. What it leaves out: values, tests, intervals
 * of the ratios, sweeps, warnings and efficiency. For a page that
 * summarises a lab's million results (benchdb serve's overview). */
#ifndef BDB_MODEL_MEANS_H
#define BDB_MODEL_MEANS_H

#include "model.h"

typedef struct bdb_means_tool {
    char *tool;
    size_t nseries;             /* on as many platforms as the report needs */
} bdb_means_tool;

typedef struct bdb_means_overview {
    bdb_model *m;               /* series: the headline ones only */
    size_t selected;            /* series with a result in the selection */
    size_t shown;               /* of them, on enough platforms */
    long long nresults;         /* results of the selection */
    bdb_means_tool *tools;      /* by name */
    size_t ntools;
} bdb_means_overview;

/* Builds it for opts (platforms, baseline, filter, min_platforms; the
 * other options as bdb_model_build reads them). BDB_ENOTFOUND with diag
 * when the selection has no results or the baseline is unknown. */
int bdb_model_build_means(bdb_store *st, const bdb_report_opts *opts,
                          bdb_means_overview *out, bdb_diag *diag);
void bdb_means_overview_free(bdb_means_overview *o);

#endif
