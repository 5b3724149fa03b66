/* model_parts.h - the pieces of model.c another builder of a bdb_model
 * uses (model_means.c: the model from the store's per-cell means), so
 * that the platforms, series categories, headline rule, references,
 * ratios and scores are made by the same code as the report's. */
#ifndef BDB_MODEL_PARTS_H
#define BDB_MODEL_PARTS_H

#include "model.h"

/* An empty model of opts (freed with bdb_model_free); NULL: no memory. */
bdb_model *bdb_model_part_new(const bdb_report_opts *opts);
/* The report's platforms and baseline for m->opts (as bdb_model_build
 * chooses them); BDB_ENOTFOUND with diag when nothing matches. */
int bdb_model_part_platforms(bdb_model *m, bdb_store *st, bdb_diag *diag);
/* n zeroed bytes, or a copy of s, that live as long as m. */
void *bdb_model_part_alloc(bdb_model *m, size_t n);
char *bdb_model_part_strdup(bdb_model *m, const char *s);
/* The series counts towards the scores (the tool's record decides). */
int bdb_model_part_is_headline(const bdb_rseries *se);
/* For series whose cells hold only n, mean and present (no values):
 * drops series on fewer platforms than the report needs, sets each
 * series' category, headline mark, reference and its cells' ratios (no
 * tests, no intervals: verdicts stay NONE), picks one figure per run
 * and computes the category scores, as bdb_model_build does. */
int bdb_model_part_finish_means(bdb_model *m);

#endif
