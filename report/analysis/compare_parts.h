/* compare_parts.h - what compare.c's builders share with compare_sums.c
 * (the comparison from a database's aggregates). Only report/analysis
 * includes this. */
#ifndef BDB_COMPARE_PARTS_H
#define BDB_COMPARE_PARTS_H

#include "compare.h"

/* A new comparison of opts (threshold resolved, sides labelled; NULL
 * when memory is short). */
bdb_compare *bdb_compare_part_new(const bdb_compare_opts *opts);
/* A new row of c with copies of the names (NULL when memory is short). */
bdb_cmp_row *bdb_compare_part_row(bdb_compare *c, const char *tool,
                                  const char *benchmark, const char *metric,
                                  const char *params, const char *unit,
                                  const char *platform, int better);
/* Corrects the p-values across c's rows, then decides each row and
 * counts, with the geometric mean of the ratios. */
int bdb_compare_part_decide(bdb_compare *c);
/* "set NAME", "tag K=V", "platform NAME". */
void bdb_compare_part_label(const bdb_cmp_side *s, char *out, size_t n);
/* The user's filter narrowed to one side (tags: into *tags). */
int bdb_compare_part_filter(const bdb_compare_opts *o, const bdb_cmp_side *s,
                            bdb_filter *f, bdb_params *tags, bdb_diag *diag);

#endif
