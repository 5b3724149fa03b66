/* render.h - the report renderers. Each writes the whole report for a
 * model into a buffer; the CLI decides where it goes. With a sink in the
 * options, HTML, JSON and CSV hand the buffer to it as they go, so the
 * buffer holds a part of the report, never all of it. Text from logs
 * (benchmarks, parameters, platform names, paths) is escaped for the
 * target format. */
#ifndef BDB_RENDER_H
#define BDB_RENDER_H

#include "../common/bdb_buf.h"
#include "model.h"

/* Where a report's bytes go as they are made: write takes len bytes and
 * returns BDB_OK, or an error code (BDB_EIO) that ends the rendering. */
typedef struct bdb_render_sink {
    int (*write)(void *ctx, const char *data, size_t len);
    void *ctx;
} bdb_render_sink;

typedef struct bdb_render_opts {
    int all_metrics;    /* text/md: every metric, not only the key ones */
    const bdb_render_sink *sink; /* NULL: the whole report stays in out */
} bdb_render_opts;

/* Bytes a renderer keeps before it hands them to the sink. */
#define BDB_RENDER_CHUNK ((size_t)1 << 16)

/* At a point where what out holds is final: with a sink in o and at
 * least BDB_RENDER_CHUNK bytes in out (any with force), writes them to
 * the sink and empties out. A sink's failure is kept in out->err, so the
 * renderer's later appends do nothing and its caller sees it. Returns
 * out->err (BDB_OK when there is no sink). */
int bdb_render_flush(const bdb_render_opts *o, bdb_buf *out, int force);

int bdb_report_render_text(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out);
int bdb_report_render_markdown(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out);
int bdb_report_render_csv(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out);
int bdb_report_render_json(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out);
int bdb_report_render_html(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out);
/* The XLSX workbook is written straight to path (libxlsxwriter writes a
 * zip file, not a buffer); BDB_EIO with diag when it cannot be written. */
int bdb_report_render_xlsx(const bdb_model *m, const bdb_render_opts *o,
                           const char *path, bdb_diag *diag);

/* `benchdb efficiency`: the platforms, the efficiency table, the missing
 * inputs, how to read it and the findings, as text or (markdown) GFM. */
int bdb_report_render_efficiency(const bdb_model *m, int markdown,
                                 size_t width, bdb_buf *out);

/* Appends s to out as one CSV field, quoted (by libcsv) only when it must
 * be. With guard, text a spreadsheet would run as a formula (=, +, -, @
 * first) is prefixed with a quote. */
void bdb_csv_append_field(bdb_buf *out, const char *s, int guard);

/* Whether text and Markdown show a series by default: its headline
 * figures, mean/p99 latency and failure counts. */
int bdb_report_is_key_series(const bdb_rseries *s);

/* Shared wording. */
const char *bdb_report_verdict_word(bdb_verdict v);
void bdb_report_method_notes(const bdb_model *m, bdb_buf *out, const char *bullet);
/* What the report leaves out and why (series of one platform, outside the
 * selection, pooled by --ignore-param), each line naming the option that
 * shows them; nothing when nothing is left out. The findings end with it,
 * so every format that shows findings says it. */
void bdb_report_left_out(const bdb_model *m, bdb_buf *out, const char *bullet);
/* Calls line(ctx, text) for each line of bdb_report_left_out (text
 * without its newline), for formats that place lines themselves (csv
 * rows, xlsx cells, a chart page). BDB_ENOMEM when the text could not be
 * made, else BDB_OK. */
int bdb_report_left_out_each(const bdb_model *m, const char *bullet,
                             void (*line)(void *ctx, const char *text),
                             void *ctx);
/* The three or four findings a reader wants first, one per line. */
void bdb_report_findings(const bdb_model *m, bdb_buf *out, const char *bullet);

#endif
