/* serve_page.c - the parts every page of benchdb serve shares: the query
 * and its selection, links that keep the selection (permalinks), the
 * page's frame (the report's CSS inline, navigation, downloads), tables,
 * charts as data: images, and a renderer's whole HTML document embedded
 * in a page. Text from logs goes through bdb_neutral_html everywhere. */
#include "serve_internal.h"
#include "../common/bdb_embedded.h"
#include "../report/render/chart.h"
#include "../common/bdb_neutral.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the query ------------------------------------------------------------ */

const char *srv_arg(const srv_req *r, const char *key)
{
    for (size_t i = 0; i < r->nargs; i++)
        if (strcmp(r->args[i].key, key) == 0)
            return r->args[i].value;
    return NULL;
}

/* "K=V" into ps; -1 when it is not K=V or does not fit. */
static int put_kv(bdb_params *ps, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return -1;
    char key[BDB_PARAM_KEY_MAX];
    size_t kn = (size_t)(eq - kv);
    if (kn >= sizeof key)
        return -1;
    memcpy(key, kv, kn);
    key[kn] = '\0';
    return bdb_params_set(ps, key, "%s", eq + 1) ? -1 : 0;
}

static const char *nonempty(const char *s)
{
    return s && *s ? s : NULL;
}

int srv_selection(srv_req *r)
{
    memset(&r->f, 0, sizeof r->f);
    r->f.tool = nonempty(srv_arg(r, "tool"));
    r->f.benchmark = nonempty(srv_arg(r, "benchmark"));
    r->f.metric = nonempty(srv_arg(r, "metric"));
    r->f.set = nonempty(srv_arg(r, "set"));
    r->f.platforms = nonempty(srv_arg(r, "platform"));
    for (size_t i = 0; i < r->nargs; i++) {
        const char *k = r->args[i].key, *v = r->args[i].value;
        int is_param = strcmp(k, "param") == 0;
        if ((!is_param && strcmp(k, "tag") != 0) || !*v)
            continue;
        if (put_kv(is_param ? &r->params : &r->tags, v)) {
            srv_fail(r, 400, "%s=%s: a %s is K=V (at most %d, each key "
                     "under %d bytes, each value under %d)", k, v, k,
                     BDB_MAX_PARAMS, BDB_PARAM_KEY_MAX, BDB_PARAM_VALUE_MAX);
            return -1;
        }
    }
    r->f.params = r->params.n ? &r->params : NULL;
    r->f.tags = r->tags.n ? &r->tags : NULL;
    return 0;
}

/* ---- links ---------------------------------------------------------------- */

void srv_url(bdb_buf *u, const char *path)
{
    bdb_buf_reset(u);
    bdb_buf_puts(u, path);
}

/* RFC 3986's unreserved characters stay; everything else is %XX. */
static void pct(bdb_buf *u, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~", *p)) {
            bdb_buf_append(u, p, 1);
        } else {
            char e[3] = {'%', hex[*p >> 4], hex[*p & 15]};
            bdb_buf_append(u, e, 3);
        }
    }
}

void srv_url_arg(bdb_buf *u, const char *key, const char *value)
{
    bdb_buf_puts(u, u->data && strchr(u->data, '?') ? "&" : "?");
    pct(u, key);
    bdb_buf_puts(u, "=");
    pct(u, value);
}

static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, word, n) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

void srv_url_selection(bdb_buf *u, const srv_req *r, const char *except)
{
    static const char *const keys[] = {"platform", "tool", "benchmark",
                                       "metric", "param", "set", "tag",
                                       "baseline", "all", "old", "new"};
    for (size_t i = 0; i < r->nargs; i++)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (strcmp(r->args[i].key, keys[k]) == 0 && *r->args[i].value &&
                !listed(except, keys[k]))
                srv_url_arg(u, keys[k], r->args[i].value);
}

void srv_url_params(bdb_buf *u, const char *params)
{
    /* "k=v,k=v": a value never holds a comma the store would split on */
    for (const char *p = params; p && *p;) {
        size_t len = strcspn(p, ",");
        char kv[BDB_PARAM_KEY_MAX + BDB_PARAM_VALUE_MAX + 2];
        snprintf(kv, sizeof kv, "%.*s", (int)len, p);
        srv_url_arg(u, "param", kv);
        p += len + (p[len] == ',');
    }
}

void srv_url_series(bdb_buf *u, const srv_req *r, const char *tool,
                    const char *benchmark, const char *metric,
                    const char *params)
{
    srv_url(u, "/series");
    srv_url_arg(u, "tool", tool);
    srv_url_arg(u, "benchmark", benchmark);
    srv_url_arg(u, "metric", metric);
    srv_url_params(u, params);
    srv_url_selection(u, r, "tool,benchmark,metric,param,all,old,new");
}

void srv_url_line(bdb_buf *u, long long source_id, int line)
{
    char id[32];
    snprintf(id, sizeof id, "%lld", source_id);
    srv_url(u, "/source");
    srv_url_arg(u, "id", id);
    if (line > 0) {
        char num[32];
        snprintf(num, sizeof num, "%d", line);
        srv_url_arg(u, "line", num);
        bdb_buf_printf(u, "#L%d", line);
    }
}

void srv_esc(bdb_buf *out, const char *s)
{
    bdb_neutral_html(out, s);
}

void srv_link(bdb_buf *out, const bdb_buf *url, const char *text)
{
    bdb_buf_puts(out, "<a href=\"");
    srv_esc(out, url->data ? url->data : "/");
    bdb_buf_puts(out, "\">");
    srv_esc(out, text);
    bdb_buf_puts(out, "</a>");
}

/* ---- the frame ------------------------------------------------------------ */

/* What serve adds to the report's CSS: the source view's lines, the
 * selection form, notes. */
static const char serve_css[] =
    "nav.top { border-bottom: 1px solid var(--line); padding: .4rem 0; }\n"
    "nav.top b { margin-right: .6rem; }\n"
    "form.sel { display: flex; flex-wrap: wrap; gap: .3rem .6rem; "
    "align-items: end; margin: .5rem 0; font-size: .9em; }\n"
    "form.sel label { display: flex; flex-direction: column; color: var(--muted); }\n"
    "form.sel input { width: 9rem; }\n"
    "p.note { background: var(--head); padding: .4rem .6rem; }\n"
    "p.cut { background: #fff4d6; border-left: 4px solid var(--warn); "
    "padding: .4rem .6rem; }\n"
    "pre.log { font-size: 13px; line-height: 1.35; overflow-x: auto; }\n"
    "pre.log span { display: block; white-space: pre; }\n"
    "pre.log span.fig { background: #eef6ff; }\n"
    "pre.log span:target, pre.log span.hl { background: #ffe08a; outline: 1px solid var(--warn); }\n"
    "pre.log a.n { display: inline-block; width: 5.5em; color: var(--muted); "
    "text-align: right; padding-right: .8em; user-select: none; }\n"
    "p.dl a { margin-right: .8rem; }\n";

static int nav_tool(const char *name, void *ctx)
{
    srv_req *r = ctx;
    bdb_buf u;
    bdb_buf_init(&u);
    srv_url(&u, "/tool");
    srv_url_arg(&u, "tool", name);
    srv_url_selection(&u, r, "tool,benchmark,metric,param,old,new");
    srv_link(&r->body, &u, name);
    bdb_buf_puts(&r->body, " ");
    bdb_buf_free(&u);
    return 0;
}

static void form_field(srv_req *r, const char *name, const char *hint)
{
    bdb_buf *b = &r->body;
    bdb_buf_printf(b, "<label>%s<input name=\"%s\" placeholder=\"", name, name);
    srv_esc(b, hint);
    bdb_buf_puts(b, "\" value=\"");
    srv_esc(b, srv_arg(r, name));
    bdb_buf_puts(b, "\"></label>");
}

void srv_page_begin(srv_req *r, const char *title)
{
    const bdb_embedded_file *css = bdb_embedded_template("report.css");
    bdb_buf *b = &r->body;
    bdb_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
                    "content=\"width=device-width, initial-scale=1\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\""
                    "default-src 'none'; style-src 'unsafe-inline'; "
                    "img-src data:; form-action 'self'\">\n"
                    "<link rel=\"icon\" href=\"data:,\">\n<title>");
    srv_esc(b, title);
    bdb_buf_puts(b, " - benchdb</title>\n<style>\n");
    bdb_buf_puts(b, css ? css->data : "");
    bdb_buf_puts(b, serve_css);
    bdb_buf_puts(b, "</style>\n</head>\n<body>\n<header>\n<nav class=\"top\">");
    static const char *const pages[][2] = {
        {"/", "Overview"}, {"/efficiency", "Efficiency"},
        {"/compare", "Compare"}, {"/sources", "Sources"}, {"/log", "Change log"}};
    bdb_buf u;
    bdb_buf_init(&u);
    bdb_buf_puts(b, "<b>benchdb</b> ");
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        srv_url(&u, pages[i][0]);
        if (i < 3)
            srv_url_selection(&u, r, i == 2 ? "" : "old,new");
        srv_link(b, &u, pages[i][1]);
        bdb_buf_puts(b, " ");
    }
    bdb_buf_puts(b, "| tools: ");
    bdb_store_names_each(r->st, "tool", nav_tool, r);
    bdb_buf_puts(b, "</nav>\n<h1>");
    srv_esc(b, title);
    bdb_buf_puts(b, "</h1>\n");
    /* the selection, as a form that makes the same permalink */
    bdb_buf_puts(b, "<form class=\"sel\" method=\"get\" action=\"");
    srv_esc(b, r->path);
    bdb_buf_puts(b, "\">");
    form_field(r, "platform", "A,B or glob");
    form_field(r, "tool", "fio");
    form_field(r, "benchmark", "aes-*");
    form_field(r, "metric", "iops");
    form_field(r, "param", "K=V or K=1..20");
    form_field(r, "set", "run set");
    form_field(r, "tag", "K=V");
    form_field(r, "baseline", "platform");
    if (strcmp(r->path, "/compare") == 0) {
        form_field(r, "old", "set:A, platform:P, K=V");
        form_field(r, "new", "set:B");
    }
    bdb_buf_puts(b, "<button>select</button></form>\n</header>\n<main>\n");
    bdb_buf_free(&u);
}

void srv_page_end(srv_req *r, int report)
{
    bdb_buf *b = &r->body;
    bdb_buf u;
    bdb_buf_init(&u);
    bdb_buf_puts(b, "<p class=\"dl small\">Download this view: ");
    static const char *const fmts[][2] = {
        {"csv", "CSV"}, {"json", "JSON"}, {"html", "the HTML report (one file)"}};
    for (int i = 0; i < (report ? 3 : 2); i++) {
        srv_url(&u, r->path);
        for (size_t k = 0; k < r->nargs; k++)
            if (strcmp(r->args[k].key, "format") != 0 &&
                strcmp(r->args[k].key, "key") != 0)
                srv_url_arg(&u, r->args[k].key, r->args[k].value);
        srv_url_arg(&u, "format", fmts[i][0]);
        srv_link(b, &u, fmts[i][1]);
    }
    bdb_buf_puts(b, "</p>\n</main>\n<footer><p class=\"small\">benchdb serve: "
                    "read-only; every figure links to the log line it came "
                    "from.</p></footer>\n</body>\n</html>\n");
    bdb_buf_free(&u);
}

void srv_note(srv_req *r, int cut, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (cut)
        r->cut = 1;
    bdb_buf_puts(&r->body, cut ? "<p class=\"cut\">" : "<p class=\"note\">");
    srv_esc(&r->body, msg);
    bdb_buf_puts(&r->body, "</p>\n");
}

void srv_table_head(bdb_buf *b, const char *const *names, size_t n)
{
    bdb_buf_puts(b, "<div class=\"scroll\"><table>\n<tr>");
    for (size_t c = 0; c < n; c++) {
        bdb_buf_puts(b, "<th>");
        srv_esc(b, names[c]);
        bdb_buf_puts(b, "</th>");
    }
    bdb_buf_puts(b, "</tr>\n");
}

void srv_table(srv_req *r, const bdb_rtable *t)
{
    bdb_buf *b = &r->body;
    srv_table_head(b, (const char *const *)t->cells, t->ncols);
    size_t shown = 0;
    for (size_t row = 1; row < t->nrows && shown < r->o->max_rows; row++, shown++) {
        bdb_buf_puts(b, "<tr>");
        for (size_t c = 0; c < t->ncols; c++) {
            bdb_buf_puts(b, t->right[c] ? "<td class=\"num\">" : "<td>");
            srv_esc(b, t->cells[row * t->ncols + c]);
            bdb_buf_puts(b, "</td>");
        }
        bdb_buf_puts(b, "</tr>\n");
    }
    bdb_buf_puts(b, "</table></div>\n");
    if (t->nrows > 1 && shown < t->nrows - 1)
        srv_note(r, 1, "cut: %zu of %zu rows shown (the row cap); narrow the "
                 "selection, or download the view as CSV", shown, t->nrows - 1);
}

void srv_base64(bdb_buf *out, const unsigned char *d, size_t n)
{
    static const char b64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char block[4096];
    size_t nb = 0;
    for (size_t j = 0; j < n; j += 3) {
        unsigned v = (unsigned)d[j] << 16;
        if (j + 1 < n)
            v |= (unsigned)d[j + 1] << 8;
        if (j + 2 < n)
            v |= d[j + 2];
        block[nb++] = b64[v >> 18 & 63];
        block[nb++] = b64[v >> 12 & 63];
        block[nb++] = j + 1 < n ? b64[v >> 6 & 63] : '=';
        block[nb++] = j + 2 < n ? b64[v & 63] : '=';
        if (nb == sizeof block) {
            bdb_buf_append(out, block, nb);
            nb = 0;
        }
    }
    bdb_buf_append(out, block, nb);
}

static void svg_img(bdb_buf *out, const char *svg, size_t n, const char *alt)
{
    bdb_buf_puts(out, "<figure class=\"chart\"><img alt=\"");
    srv_esc(out, alt);
    bdb_buf_puts(out, "\" src=\"data:image/svg+xml;base64,");
    srv_base64(out, (const unsigned char *)svg, n);
    bdb_buf_puts(out, "\"></figure>\n");
}

void srv_chart(srv_req *r, const bdb_model *m, int kind, size_t i,
               const char *alt)
{
    if (!bdb_chart_available(m, (bdb_chart_kind)kind, i))
        return;
    bdb_buf svg;
    bdb_buf_init(&svg);
    if (!bdb_chart_svg(m, (bdb_chart_kind)kind, i, 960, 0, &svg) && svg.len)
        svg_img(&r->body, svg.data, svg.len, alt);
    bdb_buf_free(&svg);
}

/* The text between <tag ...> and </tag> in doc, or NULL. */
static const char *inside(const char *doc, const char *tag, size_t *len)
{
    char open[32], close[32];
    snprintf(open, sizeof open, "<%s", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    const char *p = strstr(doc, open);
    const char *gt = p ? strchr(p, '>') : NULL;
    const char *end = gt ? strstr(gt, close) : NULL;
    if (!end)
        return NULL;
    *len = (size_t)(end - gt - 1);
    return gt + 1;
}

void srv_embed(srv_req *r, const bdb_buf *doc)
{
    if (!doc->data)
        return;
    size_t n;
    const char *style = inside(doc->data, "style", &n);
    if (style) {
        /* a <style> in the body is valid HTML and applies to the page */
        bdb_buf_puts(&r->body, "<style>");
        bdb_buf_append(&r->body, style, n);
        bdb_buf_puts(&r->body, "</style>\n");
    }
    const char *body = inside(doc->data, "body", &n);
    if (!body)
        return;
    const char *end = body + n;
    for (const char *p = body; p < end;) {
        const char *svg = strstr(p, "<svg");
        if (!svg || svg >= end) {
            bdb_buf_append(&r->body, p, (size_t)(end - p));
            break;
        }
        bdb_buf_append(&r->body, p, (size_t)(svg - p));
        const char *close = strstr(svg, "</svg>");
        if (!close || close >= end)
            break;
        close += 6;
        /* a standalone document needs its namespace declared */
        bdb_buf doc1;
        bdb_buf_init(&doc1);
        bdb_buf_puts(&doc1, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        bdb_buf_append(&doc1, svg, (size_t)(close - svg));
        svg_img(&r->body, doc1.data, doc1.len, "chart");
        bdb_buf_free(&doc1);
        p = close;
    }
}

void srv_fail(srv_req *r, int status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bdb_buf_reset(&r->body);
    r->status = status;
    r->ctype = "text/html; charset=utf-8";
    r->filename[0] = '\0';
    r->format = SRV_HTML;
    srv_page_begin(r, status == 404 ? "Not found" : status == 503
                                                        ? "Cut: over the time budget"
                                                        : "Error");
    bdb_buf_puts(&r->body, status == 503 ? "<p class=\"cut\">" : "<p class=\"note\">");
    srv_esc(&r->body, msg);
    bdb_buf_puts(&r->body, "</p>\n</main></body></html>\n");
}

double srv_elapsed(const srv_req *r)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - r->started.tv_sec) +
           (double)(now.tv_nsec - r->started.tv_nsec) / 1e9;
}

void srv_store_failed(srv_req *r, const char *what, const char *msg)
{
    if (srv_elapsed(r) >= r->o->budget_s)
        srv_fail(r, 503, "cut: %s took longer than the page's time budget "
                 "(%g s, serve --budget); narrow the selection (%s)", what,
                 r->o->budget_s, msg);
    else
        srv_fail(r, 500, "%s: %s", what, msg);
}

void srv_download(srv_req *r, const char *ctype, const char *name)
{
    r->ctype = ctype;
    snprintf(r->filename, sizeof r->filename, "%s", name);
}
