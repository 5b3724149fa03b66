/* sections.h - the report's tables, built once from the model and then
 * printed by the text and Markdown renderers in their own dress. */
#ifndef BDB_SECTIONS_H
#define BDB_SECTIONS_H

#include "model.h"
#include "render.h"
#include "rtable.h"

int bdb_section_platforms(const bdb_model *m, bdb_rtable *t);
/* Only the specs that differ between the platforms; 0 rows: none differ. */
int bdb_section_differs(const bdb_model *m, bdb_rtable *t);
int bdb_section_scores(const bdb_model *m, bdb_rtable *t);
/* The series of one tool (key series only unless all). */
int bdb_section_tool(const bdb_model *m, const char *tool, int all,
                     bdb_rtable *t);
int bdb_section_sweep(const bdb_model *m, size_t sweep, bdb_rtable *t);
int bdb_section_efficiency(const bdb_model *m, bdb_rtable *t);
int bdb_section_warnings(const bdb_model *m, bdb_rtable *t);

/* The distinct tools of the model in order of first appearance; returns
 * the count (at most max). */
size_t bdb_section_tools(const bdb_model *m, const char **tools, size_t max);

/* "12.3k op/s ±1.2% n=3" (with * when noisy, ! when warned). */
void bdb_section_cell_text(const bdb_rseries *s, const bdb_cell *c, char *out,
                           size_t n);

#endif
