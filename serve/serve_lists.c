/* serve_lists.c - the views that list what the store holds: every
 * imported source, one source's stored log with its lines numbered (the
 * figures' lines marked, #L123 highlighted), the change log (benchdb
 * log) and the comparison of two sets, tags or platforms (benchdb
 * compare's table, from its builder and renderer). */
#include "serve_internal.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_utf8.h"
#include "../report/render/render.h"
#include "../report/render/rowset.h"
#include "../store/store_admin.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables of strings (sources, the change log) ------------------------ */

/* The rowset as the page's table (at most the row cap), or as CSV or
 * JSON through the rowset's own printer. link_col: the column whose cell
 * links to link_path?id=<column 0>, or -1. */
static void rowset_out(srv_req *r, const bdb_rowset *rs, const char *stem,
                       int link_col, const char *link_path)
{
    if (r->format == SRV_CSV || r->format == SRV_JSON) {
        char *mem = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&mem, &len);
        int rc = f ? bdb_rowset_print(rs, r->format == SRV_CSV ? BDB_FMT_CSV
                                                              : BDB_FMT_JSON, f)
                   : -1;
        if (f && fclose(f) != 0)
            rc = -1;
        if (rc) {
            srv_fail(r, 500, "cannot write the %s", stem);
        } else {
            char name[96];
            snprintf(name, sizeof name, "benchdb-%s.%s", stem,
                     r->format == SRV_CSV ? "csv" : "json");
            bdb_buf_append(&r->body, mem, len);
            srv_download(r, r->format == SRV_CSV ? "text/csv; charset=utf-8"
                                                 : "application/json", name);
        }
        free(mem);
        return;
    }
    bdb_buf *b = &r->body;
    bdb_buf u;
    bdb_buf_init(&u);
    srv_table_head(b, rs->names, (size_t)rs->ncols);
    size_t shown = 0;
    for (size_t i = 0; i < rs->nrows && shown < r->o->max_rows; i++, shown++) {
        char *const *row = rs->cells + i * (size_t)rs->ncols;
        bdb_buf_puts(b, "<tr>");
        for (int c = 0; c < rs->ncols; c++) {
            bdb_buf_puts(b, rs->numeric[c] ? "<td class=\"num\">" : "<td>");
            if (c == link_col) {
                srv_url(&u, link_path);
                srv_url_arg(&u, "id", row[0]);
                srv_link(b, &u, row[c]);
            } else {
                srv_esc(b, row[c]);
            }
            bdb_buf_puts(b, "</td>");
        }
        bdb_buf_puts(b, "</tr>\n");
    }
    bdb_buf_puts(b, "</table></div>\n");
    if (shown < rs->nrows)
        srv_note(r, 1, "cut: %zu of %zu rows shown (the row cap); download "
                 "the view as CSV for all of them", shown, rs->nrows);
    bdb_buf_free(&u);
}

/* ---- sources ----------------------------------------------------------- */

typedef struct sources_ctx {
    srv_req *r;
    bdb_rowset rs;
} sources_ctx;

/* s matches the comma list of names and globs (NULL: anything). */
static int matches(const char *list, const char *s)
{
    if (!list)
        return 1;
    char one[256];
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        snprintf(one, sizeof one, "%.*s", (int)n, p);
        if (fnmatch(one, s, 0) == 0)
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

static int source_row(const bdb_source_row *s, void *ctx)
{
    sources_ctx *c = ctx;
    const bdb_filter *f = &c->r->f;
    if (!matches(f->tool, s->tool) || !matches(f->platforms, s->platform) ||
        !matches(f->set, s->set))
        return 0;
    char id[24], size[24], nres[24], nwarn[24];
    snprintf(id, sizeof id, "%lld", s->id);
    snprintf(size, sizeof size, "%lld", s->size);
    snprintf(nres, sizeof nres, "%lld", s->nresults);
    snprintf(nwarn, sizeof nwarn, "%lld", s->nwarnings);
    const char *cells[] = {id, s->path, s->tool, s->platform, s->set,
                           s->imported_at, size, nres, nwarn, s->sha256};
    return bdb_rowset_add(&c->rs, cells) ? 1 : 0;
}

void srv_view_sources(srv_req *r)
{
    static const char *const cols[] = {"id", "path", "tool", "platform",
                                       "set", "imported_at", "bytes",
                                       "results", "warnings", "sha256"};
    static const unsigned char num[] = {1, 0, 0, 0, 0, 0, 1, 1, 1, 0};
    sources_ctx c = {r, {0}};
    bdb_rowset_init(&c.rs, 10, cols, num);
    if (bdb_store_sources_each(r->st, source_row, &c) || c.rs.err) {
        bdb_rowset_free(&c.rs);
        return srv_store_failed(r, "listing sources",
                                bdb_store_errmsg(r->st));
    }
    if (r->format == SRV_HTML) {
        srv_page_begin(r, "Sources");
        srv_note(r, 0, "Every imported file (tool=, platform=, set= narrow "
                 "the list). A path opens the stored copy of the log.");
    }
    rowset_out(r, &c.rs, "sources", 1, "/source");
    if (r->format == SRV_HTML)
        srv_page_end(r, 0);
    bdb_rowset_free(&c.rs);
}

/* ---- one source's log -------------------------------------------------- */

typedef struct fig {
    long long line;
    char text[96];
} fig;

typedef struct figs {
    fig *v;
    size_t n, cap;
    int rc;
} figs;

static int take_fig(const bdb_line_figure *lf, void *ctx)
{
    figs *f = ctx;
    fig *grown = bdb_grow(f->v, f->n, &f->cap, sizeof *grown, 64);
    if (!grown)
        return f->rc = BDB_ENOMEM;
    f->v = grown;
    fig *g = &f->v[f->n++];
    g->line = lf->line;
    char v[64];
    bdb_format_value(lf->value, lf->unit, v, sizeof v);
    snprintf(g->text, sizeof g->text, "%.40s %.30s = %.20s", lf->benchmark,
             lf->metric, v);
    return 0;
}

/* One line of a log as text: NUL and other controls but TAB become
 * U+FFFD, bytes that are not UTF-8 too, then HTML-escaped. */
static void log_text(bdb_buf *out, const char *p, size_t n)
{
    bdb_buf t;
    bdb_buf_init(&t);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
            bdb_buf_puts(&t, "\xef\xbf\xbd");
        else
            bdb_buf_append(&t, &p[i], 1);
    }
    if (t.data && !bdb_utf8_valid(t.data, t.len)) {
        char *fixed = bdb_utf8_dup(t.data);
        srv_esc(out, fixed ? fixed : "");
        free(fixed);
    } else {
        srv_esc(out, t.data ? t.data : "");
    }
    bdb_buf_free(&t);
}

/* The window of a log a page shows: lines first to last. */
typedef struct window {
    srv_req *r;
    long long id, first, last, mark;    /* mark: the line asked for, or 0 */
    size_t notes;
    bdb_buf u;
} window;

/* A link to the log's window at line (#L<line> when it is in this one). */
static void line_link(window *w, long long line, const char *text)
{
    if (line >= w->first && line <= w->last) {
        bdb_buf_reset(&w->u);
        bdb_buf_printf(&w->u, "#L%lld", line);
    } else {
        srv_url_line(&w->u, w->id, (int)line);
    }
    srv_link(&w->r->body, &w->u, text);
}

/* A warning or note the parser left, linked to its line. */
static int take_note(int line, int is_info, const char *text, void *ctx)
{
    window *w = ctx;
    bdb_buf *b = &w->r->body;
    if (w->notes++ == 0)
        bdb_buf_puts(b, "<h2>Warnings and notes</h2>\n<ul>\n");
    if (w->notes > w->r->o->max_rows)
        return 1;
    bdb_buf_puts(b, is_info ? "<li>" : "<li class=\"warn\">");
    char where[32];
    snprintf(where, sizeof where, "line %d", line);
    if (line > 0)
        line_link(w, line, where);
    else
        srv_esc(b, "the whole file");
    bdb_buf_puts(b, ": ");
    srv_esc(b, text);
    bdb_buf_puts(b, "</li>\n");
    return 0;
}

/* The lines of text, numbered from w->first, the figures' lines shaded
 * and the line asked for marked. */
static void log_lines(window *w, const bdb_buf *text, const figs *f)
{
    bdb_buf *b = &w->r->body;
    bdb_buf_puts(b, "<pre class=\"log\">");
    const char *p = text->data ? text->data : "", *stop = p + text->len;
    size_t k = 0;
    for (long long line = w->first; p < stop; line++) {
        const char *nl = memchr(p, '\n', (size_t)(stop - p));
        size_t n = (size_t)((nl ? nl : stop) - p);
        if (n && p[n - 1] == '\r')
            n--;
        while (k < f->n && f->v[k].line < line)
            k++;
        int has = k < f->n && f->v[k].line == line;
        const char *cls = line == w->mark ? (has ? "fig hl" : "hl")
                                          : (has ? "fig" : NULL);
        bdb_buf_printf(b, "<span id=\"L%lld\"", line);
        if (cls)
            bdb_buf_printf(b, " class=\"%s\"", cls);
        if (has) {
            bdb_buf_puts(b, " title=\"");
            for (size_t j = k; j < f->n && f->v[j].line == line && j < k + 8; j++) {
                if (j > k)
                    bdb_buf_puts(b, "; ");
                srv_esc(b, f->v[j].text);
            }
            bdb_buf_puts(b, "\"");
        }
        bdb_buf_printf(b, "><a class=\"n\" href=\"#L%lld\">%lld</a>", line, line);
        log_text(b, p, n);
        bdb_buf_puts(b, "</span>");
        p = nl ? nl + 1 : stop;
    }
    bdb_buf_puts(b, "</pre>\n");
}

static void window_link(window *w, long long from, const char *text)
{
    char id[32], num[32];
    snprintf(id, sizeof id, "%lld", w->id);
    snprintf(num, sizeof num, "%lld", from);
    srv_url(&w->u, "/source");
    srv_url_arg(&w->u, "id", id);
    srv_url_arg(&w->u, "from", num);
    srv_link(&w->r->body, &w->u, text);
    bdb_buf_puts(&w->r->body, " ");
}

/* Where the window lies in the log, with links to the windows before and
 * after it and to the whole log (a download). */
static void window_nav(window *w, int more)
{
    bdb_buf *b = &w->r->body;
    bdb_buf_printf(b, "<p class=\"cut\">cut: lines %lld to %lld shown (%d a "
                   "page). ", w->first, w->last, SRV_SOURCE_LINES);
    if (w->first > 1)
        window_link(w, w->first > SRV_SOURCE_LINES ? w->first - SRV_SOURCE_LINES
                                                   : 1, "earlier lines");
    if (more)
        window_link(w, w->last + 1, "later lines");
    char id[32];
    snprintf(id, sizeof id, "%lld", w->id);
    srv_url(&w->u, "/source");
    srv_url_arg(&w->u, "id", id);
    srv_url_arg(&w->u, "format", "csv");
    srv_link(b, &w->u, "the whole log (download)");
    bdb_buf_puts(b, "</p>\n");
    w->r->cut = 1;
}

/* The raw log as the store keeps it (a download). */
static void source_download(srv_req *r, long long id)
{
    bdb_stored_source s;
    memset(&s, 0, sizeof s);
    int rc = bdb_store_source_load(r->st, id, &s);
    if (rc == BDB_ENOTFOUND)
        return srv_fail(r, 404, "no source %lld", id);
    if (rc)
        return srv_store_failed(r, "reading the source", bdb_store_errmsg(r->st));
    bdb_buf_append(&r->body, s.raw, s.size);
    char name[96];
    const char *base = strrchr(s.path, '/');
    snprintf(name, sizeof name, "%.90s", base ? base + 1 : s.path);
    srv_download(r, "text/plain; charset=utf-8", name);
    bdb_stored_source_free(&s);
}

/* A positive number of the query, or 0 when absent; -1 after a 400. */
static long long line_arg(srv_req *r, const char *key)
{
    const char *v = srv_arg(r, key);
    if (!v)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || n < 1 || n > 1000000000000LL) {
        srv_fail(r, 400, "%s=%s: a line number", key, v);
        return -1;
    }
    return n;
}

void srv_view_source(srv_req *r)
{
    const char *ids = srv_arg(r, "id");
    char *end;
    long long id = ids ? strtoll(ids, &end, 10) : 0;
    if (!ids || *end || id <= 0)
        return srv_fail(r, 400, "which source? /source?id=N (see /sources)");
    if (r->format != SRV_HTML)
        return source_download(r, id);
    long long from = line_arg(r, "from"), mark = line_arg(r, "line");
    if (from < 0 || mark < 0)
        return;
    /* a window of the log: from=, else around line= */
    window w = {r, id, 1, 0, mark, 0, {0}};
    bdb_buf_init(&w.u);
    if (from)
        w.first = from;
    else if (mark > SRV_SOURCE_AROUND)
        w.first = mark - SRV_SOURCE_AROUND;
    bdb_stored_source s;
    bdb_buf text;
    bdb_buf_init(&text);
    int more = 0;
    int rc = bdb_store_source_lines(r->st, id, w.first, SRV_SOURCE_LINES, &s,
                                    &text, &more);
    if (rc == BDB_ENOTFOUND)
        return srv_fail(r, 404, "no source %lld", id);
    if (rc) {
        bdb_buf_free(&text);
        return srv_store_failed(r, "reading the source", bdb_store_errmsg(r->st));
    }
    long long nlines = 0;
    for (const char *p = text.data; p && (p = memchr(p, '\n', (size_t)(text.data + text.len - p))); p++)
        nlines++;
    if (text.len && text.data[text.len - 1] != '\n')
        nlines++;
    w.last = w.first + nlines - 1;
    figs f = {0};
    int frc = nlines ? bdb_store_line_figures_each(r->st, id, w.first, w.last,
                                                   (long long)r->o->max_rows,
                                                   take_fig, &f)
                     : BDB_OK;
    if (!frc)
        frc = f.rc;
    bdb_buf *b = &r->body;
    srv_page_begin(r, s.path);
    bdb_buf_puts(b, "<p class=\"small\">tool ");
    srv_esc(b, s.tool);
    bdb_buf_puts(b, ", platform ");
    srv_esc(b, s.platform[0] ? s.platform : "-");
    bdb_buf_printf(b, ", %zu bytes, parser ", s.size);
    srv_esc(b, s.parser_version);
    bdb_buf_puts(b, ". The stored copy; lines that gave a figure are "
                    "shaded (hover for it)");
    if (mark)
        bdb_buf_printf(b, ", line %lld marked", mark);
    bdb_buf_puts(b, ".</p>\n");
    if (frc)
        srv_note(r, 0, "the figures of this source cannot be listed: %s",
                 bdb_store_errmsg(r->st));
    if (bdb_store_source_notes_each(r->st, id, (long long)r->o->max_rows + 1,
                                    take_note, &w))
        srv_note(r, 0, "the notes of this source cannot be listed: %s",
                 bdb_store_errmsg(r->st));
    if (w.notes) {
        bdb_buf_puts(b, "</ul>\n");
        if (w.notes > r->o->max_rows)
            srv_note(r, 1, "cut: the first %zu notes shown (the row cap)",
                     r->o->max_rows);
    }
    if (f.n >= r->o->max_rows)
        srv_note(r, 1, "cut: the first %zu figures of these lines shaded (the "
                 "row cap)", r->o->max_rows);
    if (nlines) {
        log_lines(&w, &text, &f);
        if (w.first > 1 || more)
            window_nav(&w, more);
    } else {
        srv_note(r, 1, "cut: the log has no line %lld (it is shorter)",
                 w.first);
        bdb_buf_puts(b, "<p>");
        window_link(&w, 1, "its first lines");
        bdb_buf_puts(b, "</p>\n");
    }
    srv_page_end(r, 0);
    free(f.v);
    bdb_buf_free(&text);
    bdb_buf_free(&w.u);
    bdb_stored_source_free(&s);
}

/* ---- the change log ---------------------------------------------------- */

static int log_row(const bdb_history_row *h, void *ctx)
{
    char id[32];
    snprintf(id, sizeof id, "%lld", h->id);
    const char *cells[] = {id, h->at, h->user, h->summary, h->command};
    return bdb_rowset_add(ctx, cells) ? 1 : 0;
}

void srv_view_log(srv_req *r)
{
    static const char *const cols[] = {"id", "at", "user", "change", "command"};
    static const unsigned char num[] = {1, 0, 0, 0, 0};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 5, cols, num);
    if (bdb_store_history_each(r->st, log_row, &rs) || rs.err) {
        bdb_rowset_free(&rs);
        return srv_store_failed(r, "reading the change log",
                                bdb_store_errmsg(r->st));
    }
    if (r->format == SRV_HTML) {
        srv_page_begin(r, "Change log");
        srv_note(r, 0, "Every change to the database, oldest first "
                 "(benchdb log): time (UTC), user, what changed and the "
                 "command line, passwords masked.");
    }
    rowset_out(r, &rs, "log", -1, NULL);
    if (r->format == SRV_HTML)
        srv_page_end(r, 0);
    bdb_rowset_free(&rs);
}

/* ---- compare ----------------------------------------------------------- */

/* Bootstrap resamples of the page's geometric mean interval. */
#define SRV_COMPARE_RESAMPLES 100

typedef struct names {
    char **v;
    size_t n, cap;
} names;

static int add_name(const char *name, void *ctx)
{
    names *ns = ctx;
    char **v = bdb_grow(ns->v, ns->n, &ns->cap, sizeof *v, 16);
    if (!v)
        return 1;
    ns->v = v;
    char *copy = strdup(name);
    if (!copy)
        return 1;
    ns->v[ns->n++] = copy;
    return 0;
}

static void names_free(names *ns)
{
    for (size_t i = 0; i < ns->n; i++)
        free(ns->v[i]);
    free(ns->v);
}

static int has_name(const names *ns, const char *s)
{
    for (size_t i = 0; i < ns->n; i++)
        if (strcmp(ns->v[i], s) == 0)
            return 1;
    return 0;
}

/* "set:NAME", "tag:K=V", "platform:NAME", a bare K=V (a tag) or NAME (a
 * set, else a platform), as benchdb compare reads its sides. */
static int side_of(const char *arg, const names *sets, bdb_cmp_side *s)
{
    static const struct { const char *prefix; bdb_cmp_kind kind; } kinds[] = {
        {"set:", BDB_CMP_SET}, {"tag:", BDB_CMP_TAG},
        {"platform:", BDB_CMP_PLATFORM}};
    for (size_t i = 0; i < 3; i++)
        if (strncmp(arg, kinds[i].prefix, strlen(kinds[i].prefix)) == 0) {
            s->kind = kinds[i].kind;
            s->name = arg + strlen(kinds[i].prefix);
            return 0;
        }
    s->kind = strchr(arg, '=') ? BDB_CMP_TAG
              : has_name(sets, arg) ? BDB_CMP_SET : BDB_CMP_PLATFORM;
    s->name = arg;
    return 0;
}

/* "<li>NEW against what</li>", NEW linked to /compare?old=OLD&new=NEW. */
static void compare_item(bdb_buf *b, bdb_buf *u, const char *old_side,
                         const char *new_side, const char *what)
{
    srv_url(u, "/compare");
    srv_url_arg(u, "old", old_side);
    srv_url_arg(u, "new", new_side);
    bdb_buf_puts(b, "<li>");
    srv_link(b, u, new_side);
    bdb_buf_puts(b, " against ");
    srv_esc(b, what);
    bdb_buf_puts(b, "</li>\n");
}

/* Links to comparisons worth making: consecutive sets, then each
 * platform against the first. */
static void compare_links(srv_req *r, const names *sets, const names *plats)
{
    bdb_buf *b = &r->body;
    bdb_buf u;
    bdb_buf_init(&u);
    char o[300], n[300];
    bdb_buf_puts(b, "<h2>Other comparisons</h2>\n<ul>\n");
    size_t shown = 0;
    for (size_t i = 1; i < sets->n && shown < 20; i++, shown++) {
        snprintf(o, sizeof o, "set:%s", sets->v[i - 1]);
        snprintf(n, sizeof n, "set:%s", sets->v[i]);
        compare_item(b, &u, o, n, "its previous set");
    }
    for (size_t i = 1; i < plats->n && shown < 40; i++, shown++) {
        snprintf(o, sizeof o, "platform:%s", plats->v[0]);
        snprintf(n, sizeof n, "platform:%s", plats->v[i]);
        compare_item(b, &u, o, n, o);
    }
    bdb_buf_puts(b, "</ul>\n");
    bdb_buf_free(&u);
}

void srv_view_compare(srv_req *r)
{
    names sets = {0}, plats = {0};
    if (bdb_store_names_each(r->st, "set", add_name, &sets) ||
        bdb_store_names_each(r->st, "platform", add_name, &plats)) {
        names_free(&sets);
        names_free(&plats);
        return srv_store_failed(r, "listing sets and platforms",
                                bdb_store_errmsg(r->st));
    }
    const char *olds = srv_arg(r, "old"), *news = srv_arg(r, "new");
    char defo[300] = "", defn[300] = "";
    if ((!olds || !*olds) && (!news || !*news)) {
        /* the two newest sets, else the first two platforms */
        if (sets.n >= 2) {
            snprintf(defo, sizeof defo, "set:%s", sets.v[sets.n - 2]);
            snprintf(defn, sizeof defn, "set:%s", sets.v[sets.n - 1]);
        } else if (plats.n >= 2) {
            snprintf(defo, sizeof defo, "platform:%s", plats.v[0]);
            snprintf(defn, sizeof defn, "platform:%s", plats.v[1]);
        }
        olds = defo;
        news = defn;
    }
    bdb_compare_opts o = {0};
    o.filter = r->f;
    /* the geometric mean's interval on the page from fewer resamples than
     * the downloads' 2000: over a lab's 125,000 rows those were most of
     * the page's time (1.3 s) */
    if (r->format == SRV_HTML)
        o.resamples = SRV_COMPARE_RESAMPLES;
    side_of(olds ? olds : "", &sets, &o.old_side);
    side_of(news ? news : "", &sets, &o.new_side);
    bdb_compare *c = NULL;
    bdb_diag d;
    bdb_diag_clear(&d);
    int rc = BDB_ENOTFOUND;
    if (!*o.old_side.name || !*o.new_side.name)
        snprintf(d.message, sizeof d.message, "nothing to compare: old= and "
                 "new= name two sets, tags or platforms");
    else if (r->format == SRV_HTML)    /* from the database's sums */
        rc = bdb_compare_build_sums(r->st, &o, &c, &d);
    else
        rc = bdb_compare_build(r->st, &o, &c, &d);
    if (rc == BDB_OK && r->format != SRV_HTML) {
        int csv = r->format == SRV_CSV;
        if (bdb_compare_render(c, csv ? BDB_CMPF_CSV : BDB_CMPF_JSON, 0, &r->body))
            srv_fail(r, 500, "cannot render the comparison");
        else
            srv_download(r, csv ? "text/csv; charset=utf-8" : "application/json",
                         csv ? "benchdb-compare.csv" : "benchdb-compare.json");
    } else if (rc && (rc != BDB_ENOTFOUND || r->format != SRV_HTML)) {
        if (rc == BDB_ENOTFOUND)
            srv_fail(r, 404, "%s", d.message);
        else
            srv_store_failed(r, "comparing", d.message);
    } else {
        srv_page_begin(r, "Compare");
        if (rc) {
            srv_note(r, 0, "%s", d.message);
        } else {
            bdb_buf doc;
            bdb_buf_init(&doc);
            c->shown = r->o->max_rows;
            if (bdb_compare_render(c, BDB_CMPF_HTML, 0, &doc) == BDB_OK)
                srv_embed(r, &doc);
            bdb_buf_free(&doc);
            if (c->n > c->shown)
                srv_note(r, 1, "cut: the first %zu of %zu rows shown (the "
                         "row cap); the counts and the geometric mean are of "
                         "all of them, the CSV and JSON downloads have every "
                         "row", c->shown, c->n);
            srv_note(r, 0, "This page is made from the database's sums "
                     "(count, sum, sum of squares, min, max per series); "
                     "the Mann-Whitney p needs every value and is in the "
                     "downloads, as the geometric mean's interval from 2000 "
                     "resamples (this page: %d).", SRV_COMPARE_RESAMPLES);
        }
        compare_links(r, &sets, &plats);
        if (rc)     /* nothing to download */
            bdb_buf_puts(&r->body, "</main></body></html>\n");
        else
            srv_page_end(r, 0);
    }
    bdb_compare_free(c);
    names_free(&sets);
    names_free(&plats);
}
