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

/* Every figure shown (key series unless all) per platform with its
 * values and their file:line, one per line of the last cell. */
int bdb_section_provenance(const bdb_model *m, int all, bdb_rtable *t);
/* The provenance notes (published figures' sources) of the sources whose
 * figures are in the report: these are sources, not warnings. */
int bdb_section_sources(const bdb_model *m, int all, bdb_rtable *t);
/* Whether the figure a provenance note is about is in the model. */
int bdb_section_note_shown(const bdb_model *m, const bdb_rwarning *w);
/* The traces of the report's runs (model.h's bdb_rtraces). The title
 * of trace i ("iperf3 tcp throughput streams=4, source 7, run 1"); a
 * line of its figures ("10 points of throughput: min 1.2 Gbit/s, mean
 * ..., max ..."), saying when the report keeps fewer points than are
 * stored; and the line saying how many traces were left out and how to
 * see them ("" when none were). */
void bdb_section_trace_title(const bdb_model *m, size_t i, char *out,
                             size_t n);
void bdb_section_trace_figures(const bdb_model *m, size_t i, char *out,
                               size_t n);
/* A point's name under a chart's axis: "1-2", its label after it
 * ("1-2 stream 5"), "#seq" when its line printed no interval. */
void bdb_section_trace_point_name(const bdb_rtrace_point *p, char *out,
                                  size_t n);
void bdb_section_traces_left_out(const bdb_model *m, char *out, size_t n);
/* "title: figures" per trace, then the line of those left out, each
 * line after bullet; nothing when the runs have no trace. */
void bdb_section_traces(const bdb_model *m, bdb_buf *out, const char *bullet);
/* One line per missing input (no price anywhere, no power anywhere, idle
 * power taken as load power, the model's own list), each saying how to
 * add it; nothing when nothing is missing. */
void bdb_section_missing_inputs(const bdb_model *m, bdb_buf *out,
                                const char *bullet);

/* The platform a warning or note belongs to (see sections.c). */
const char *bdb_section_warning_platform(const bdb_model *m,
                                         const bdb_rwarning *w);

/* strcmp with runs of digits compared as numbers ("c=2" < "c=20"). */
int bdb_section_natural_cmp(const char *a, const char *b);

typedef enum {
    BDB_SECTION_KEY,    /* the key series */
    BDB_SECTION_OTHER,  /* the others */
    BDB_SECTION_ALL
} bdb_section_which;

/* The model's series of tool (NULL: every tool) that which says, as every
 * table shows them: grouped by tool, benchmark and metric in their order
 * of first appearance, parameters in numeric order within a group
 * ("clients=2" before "clients=10"). Returns the count; *out (indices
 * into m->series) is the caller's to free, NULL when none or out of
 * memory (then 0). */
size_t bdb_section_order(const bdb_model *m, const char *tool,
                         bdb_section_which which, size_t **out);

/* The distinct tools of the model in order of first appearance: *tools
 * (the caller's to free; NULL when there is none) holds *n of them.
 * 0, or -1 when out of memory. */
int bdb_section_tools(const bdb_model *m, const char ***tools, size_t *n);

/* The terminal report with its tables fitted to width columns (wide
 * ones become stacked blocks, nothing is cut). */
int bdb_report_render_text_width(const bdb_model *m, const bdb_render_opts *o,
                                 size_t width, bdb_buf *out);

/* "12.3k op/s ±1.2% n=3" (with * when noisy, ! when warned). */
void bdb_section_cell_text(const bdb_model *m, const bdb_rseries *s,
                           const bdb_cell *c, char *out, size_t n);

#endif
