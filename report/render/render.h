/* render.h - the report renderers. Each writes the whole report for a
 * model into a buffer; the CLI decides where it goes. With a sink in the
 * options, HTML, JSON and CSV hand the buffer to it as they go, so the
 * buffer holds a part of the report, never all of it. Text from logs
 * (benchmarks, parameters, platform names, paths) is escaped for the
 * target format. */
#ifndef BDB_RENDER_H
#define BDB_RENDER_H

#include "../common/bdb_buf.h"
#include "compare.h"
#include "history.h"
#include "model.h"
#include "rtable.h"

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

/* ---- compare and check (compare_render.c) ------------------------------ */

typedef enum bdb_cmp_format {
    BDB_CMPF_TEXT = 0, BDB_CMPF_MD, BDB_CMPF_HTML, BDB_CMPF_CSV, BDB_CMPF_JSON
} bdb_cmp_format;

/* The comparison in fmt; text's table fits width columns (0: no limit),
 * wider ones becoming a block per row. */
int bdb_compare_render(const bdb_compare *c, bdb_cmp_format fmt, size_t width,
                       bdb_buf *out);
/* An XLSX workbook (one sheet, numbers as numbers) written to path. */
int bdb_compare_render_xlsx(const bdb_compare *c, const char *path,
                            bdb_diag *diag);
/* "~", "+", "-", "?" or "=" for a verdict. */
const char *bdb_cmp_mark(bdb_cmp_verdict v);

/* ---- history (history_render.c) ----------------------------------------- */

typedef enum bdb_hist_format {
    BDB_HISTF_TEXT = 0, BDB_HISTF_CSV, BDB_HISTF_JSON, BDB_HISTF_HTML
} bdb_hist_format;

/* The history in fmt (HTML with an inline SVG chart per series); text's
 * tables fit width columns (0: no limit). */
int bdb_history_render(const bdb_history *h, bdb_hist_format fmt, size_t width,
                       bdb_buf *out);
/* One chart per series into dir (made if missing): history-NNN-SLUG.png
 * or .svg; svg 0 for PNG. *written receives the count. */
int bdb_history_charts(const bdb_history *h, int svg, const char *dir,
                       size_t *written, bdb_diag *diag);

/* ---- the vocabulary every model's renderers share ---------------------- */

/* HTML: a table (the report's look: class "num" on right-aligned
 * columns, a row's tone as its class), each row flushed to o's sink (o
 * may be NULL); each line of text as an escaped <li>; and the page every
 * HTML output is (templates/report.html with report.css): title, meta
 * line, nav (HTML, may be NULL), footer text, and a body written by body
 * into the page where the template has it. */
void bdb_html_table(bdb_buf *out, const bdb_rtable *t, const bdb_render_opts *o);
void bdb_html_list(bdb_buf *out, const char *text);
typedef struct bdb_html_page_parts {
    const char *title, *meta, *nav, *footer;
    void (*body)(bdb_buf *out, const void *ctx);
    const void *ctx;
} bdb_html_page_parts;
int bdb_html_page(bdb_buf *out, const bdb_html_page_parts *pp);

/* JSON (jansson): text from logs as a string, repaired where it is not
 * UTF-8 (NULL: ""); a number, null when not finite. */
struct json_t;
struct json_t *bdb_json_str(const char *s);
struct json_t *bdb_json_num(double v);
/* Appends the JSON document j (then a newline) to out as every JSON
 * output writes it: indented by 2, reals to 10 digits. BDB_ENOMEM when
 * j is NULL or cannot be written. Takes j. */
int bdb_json_put(bdb_buf *out, struct json_t *j);

/* CSV: ",v" with v to 10 significant digits, or "," when not finite. */
void bdb_csv_number(bdb_buf *out, double v);

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
