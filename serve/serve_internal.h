/* serve_internal.h - what the parts of serve/ share: one request (its
 * query, selection and answer), the page layout and link helpers
 * (serve_page.c), and the views (serve_views.c for the report model's
 * views, serve_lists.c for sources, a source's log, the change log and
 * compare). Only serve/ includes this. */
#ifndef BDB_SERVE_INTERNAL_H
#define BDB_SERVE_INTERNAL_H

#include <stddef.h>
#include <time.h>

#include "serve.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_sample.h"
#include "../report/analysis/model.h"
#include "../report/render/rtable.h"

/* Lines of a stored log a page shows: a window of SRV_SOURCE_AROUND
 * lines either side of the line asked for (line=, marked), or from a line
 * on (from=); links lead to the windows before and after. Only the
 * window is read from the store (store_admin.h's bdb_store_source_lines). */
#define SRV_SOURCE_AROUND 200
#define SRV_SOURCE_LINES (2 * SRV_SOURCE_AROUND + 1)

typedef struct srv_kv {
    char *key, *value;
} srv_kv;

typedef enum srv_format {
    SRV_HTML = 0,   /* the page */
    SRV_CSV,
    SRV_JSON,
    SRV_REPORT      /* the self-contained HTML report file */
} srv_format;

typedef struct srv_req {
    bdb_store *st;
    const bdb_serve_opts *o;
    const char *path;
    srv_kv *args;               /* the query, decoded, in order */
    size_t nargs, cap;
    srv_format format;
    /* the selection, in the CLI's syntax (platform=, tool=, benchmark=,
     * metric=, param=K=V, set=, tag=K=V) */
    bdb_filter f;
    bdb_params params, tags;
    /* the answer */
    int status;                 /* 200 unless a view says otherwise */
    const char *ctype;
    char filename[128];         /* a download's name ("" for a page) */
    bdb_buf body;
    int cut;                    /* the page was cut (row cap): say so */
    struct timespec started;    /* CLOCK_MONOTONIC, for the budget */
} srv_req;

/* ---- the query (serve_page.c) ------------------------------------------ */

/* The first value of key, or NULL. */
const char *srv_arg(const srv_req *r, const char *key);
/* Parses the selection arguments into r->f; 0, or -1 with a message in
 * r->body (a 400 page) for a bad param=/tag= (no '=', too many). */
int srv_selection(srv_req *r);

/* ---- links ------------------------------------------------------------- */

/* Starts a URL in u (emptied): path. */
void srv_url(bdb_buf *u, const char *path);
/* Appends ?key=value or &key=value, the value percent-encoded. */
void srv_url_arg(bdb_buf *u, const char *key, const char *value);
/* Appends the request's selection (platform, tool, benchmark, metric,
 * param, set, tag, baseline, all) but those named in the comma list
 * except. */
void srv_url_selection(bdb_buf *u, const srv_req *r, const char *except);
/* Appends the parameters "k=v,k=v" of a series as param=k=v args. */
void srv_url_params(bdb_buf *u, const char *params);
/* The link to one series' page: its tool, benchmark, metric, parameters,
 * and the request's platform, set and tag selection. */
void srv_url_series(bdb_buf *u, const srv_req *r, const char *tool,
                    const char *benchmark, const char *metric,
                    const char *params);
/* The link to a line of a stored source: /source?id=N&line=L#L<line>,
 * the window around it with it marked (line 0: /source?id=N). */
void srv_url_line(bdb_buf *u, long long source_id, int line);
/* Appends <a href="URL">text</a>, both escaped. */
void srv_link(bdb_buf *out, const bdb_buf *url, const char *text);

/* ---- page layout --------------------------------------------------------- */

/* Escaped HTML text (bdb_neutral_html). */
void srv_esc(bdb_buf *out, const char *s);
/* The page's head, styles, navigation and the selection in force. */
void srv_page_begin(srv_req *r, const char *title);
/* The download links (CSV, JSON, and with report the HTML report) and the
 * page's end. */
void srv_page_end(srv_req *r, int report);
/* A note in the page (class "cut" when the page was cut). */
void srv_note(srv_req *r, int cut, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Opens a table (in a scrolling div) with a header row of names. */
void srv_table_head(bdb_buf *b, const char *const *names, size_t n);
/* An rtable as an HTML table (at most the row cap; says when cut). */
void srv_table(srv_req *r, const bdb_rtable *t);
/* A chart of the model as an <img> of a data: SVG. */
void srv_chart(srv_req *r, const bdb_model *m, int kind, size_t i,
               const char *alt);
/* The <style> and <body> of a whole HTML document a renderer made,
 * appended to the page, each inline <svg> made an <img> of a data: URI
 * (cairo's SVGs reuse glyph ids: inline side by side they would clash). */
void srv_embed(srv_req *r, const bdb_buf *doc);
/* Appends s as base64. */
void srv_base64(bdb_buf *out, const unsigned char *d, size_t n);

/* An error page with status (400, 404, 500, 503). */
void srv_fail(srv_req *r, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* A store or model failure: 503 when the page is past its time budget
 * (the store interrupted it), else 500. */
void srv_store_failed(srv_req *r, const char *what, const char *msg);
/* Seconds since the request began. */
double srv_elapsed(const srv_req *r);
/* A download: content type and file name (CSV, JSON, the report). */
void srv_download(srv_req *r, const char *ctype, const char *name);

/* ---- pages of a long listing (serve_paging.c) ----------------------------- */

/* Series a page of a tool's table holds at most (under --max-rows). */
#define SRV_PAGE_SERIES 200

/* The page= of the query (1 when absent); 0 after a 400 page. */
size_t srv_page_arg(srv_req *r);
/* The ids of the series of page `page` (1-based, `size` a page) of r's
 * selection, in the report's order, into *ids (the caller frees), *n of
 * them; *total: the selection's series. A store error code. */
int srv_page_series(srv_req *r, size_t page, size_t size, long long **ids,
                    size_t *n, size_t *total);
/* "Page N of M" with links to the first, previous, next and last page
 * (nothing when there is one page). */
void srv_page_nav(srv_req *r, const char *path, size_t page, size_t pages,
                  size_t size, size_t total);

/* ---- views --------------------------------------------------------------- */

void srv_view_overview(srv_req *r);
void srv_view_tool(srv_req *r);
void srv_view_series(srv_req *r);
void srv_view_efficiency(srv_req *r);
void srv_view_compare(srv_req *r);
void srv_view_sources(srv_req *r);
void srv_view_source(srv_req *r);
void srv_view_log(srv_req *r);

#endif
