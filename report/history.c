/* history.c - benchdb history (see history.h).
 *
 * Change points: a moving-window Mann-Whitney test. For each boundary
 * between two consecutive sets, the values of up to W sets before it are
 * ranked against those of up to W sets after it (Mann-Whitney U, exact for
 * small samples, from stats.c); the p-values of one series are Holm-
 * corrected, and a boundary whose corrected p is below alpha and is the
 * smallest within W boundaries is a change point. This is the two-sample
 * rank statistic that Ross, Tasoulis and Adams use to detect changes in
 * location ("Nonparametric monitoring of data streams for changes in
 * location and scale", Technometrics 53(4), 2011; Pettitt, "A
 * non-parametric approach to the change-point problem", Applied
 * Statistics 28(2), 1979), applied in fixed windows, as the window-based
 * detectors of performance CI do; MongoDB's E-divisive means (Daly et
 * al., "The Use of Change Point Detection to Identify Software
 * Performance Regressions in a Continuous Integration System", ICPE 2020)
 * is the heavier alternative for long, noisy histories. */
#include "../common/bdb_output.h"
#include "../common/bdb_cleanup.h"
#include "history.h"
#include "chart.h"
#include "model.h"
#include "render.h"
#include "runsets.h"
#include "../common/bdb_utf8.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- building ------------------------------------------------------------ */

/* Moves group g's names and sets into series hs (g keeps NULLs). */
static int take_group(bdb_hseries *hs, bdb_rgroup *g)
{
    memset(hs, 0, sizeof *hs);
    hs->tool = g->tool; hs->benchmark = g->benchmark; hs->metric = g->metric;
    hs->params = g->params; hs->unit = g->unit; hs->platform = g->platform;
    g->tool = g->benchmark = g->metric = g->params = g->unit = g->platform =
        NULL;
    hs->better = g->better;
    hs->pts = calloc(g->nsets ? g->nsets : 1, sizeof *hs->pts);
    if (!hs->pts)
        return BDB_ENOMEM;
    for (size_t k = 0; k < g->nsets; k++) {
        bdb_hpoint *pt = &hs->pts[hs->n++];
        bdb_rset *set = &g->sets[k];
        pt->set = set->name;
        pt->created = set->created;
        pt->v = set->v;
        set->name = set->created = NULL;
        set->v = NULL;
        bdb_stats_summarize(pt->v, set->n, &pt->s);
        pt->change_p = NAN;
        pt->shift = NAN;
    }
    return BDB_OK;
}

static int pooled(const bdb_hseries *s, size_t from, size_t to, double **v,
                  size_t *n)
{
    size_t total = 0;
    for (size_t k = from; k < to; k++)
        total += s->pts[k].s.n;
    *v = malloc((total ? total : 1) * sizeof **v);
    if (!*v)
        return -1;
    *n = 0;
    for (size_t k = from; k < to; k++) {
        memcpy(*v + *n, s->pts[k].v, s->pts[k].s.n * sizeof **v);
        *n += s->pts[k].s.n;
    }
    return 0;
}

static int change_points(bdb_hseries *s, int w, double alpha)
{
    if (s->n < 2)
        return BDB_OK;
    size_t nb = s->n - 1;   /* boundary i sits before point i + 1 */
    double *p = malloc(nb * sizeof *p), *adj = malloc(nb * sizeof *adj);
    size_t *at = malloc(nb * sizeof *at);
    if (!p || !adj || !at) {
        free(p); free(adj); free(at);
        return BDB_ENOMEM;
    }
    size_t m = 0;
    for (size_t i = 1; i < s->n; i++) {
        size_t from = i > (size_t)w ? i - (size_t)w : 0;
        size_t to = i + (size_t)w < s->n ? i + (size_t)w : s->n;
        double *a, *b;
        size_t na, nbv;
        if (pooled(s, from, i, &a, &na) || pooled(s, i, to, &b, &nbv)) {
            free(p); free(adj); free(at);
            return BDB_ENOMEM;
        }
        bdb_utest u;
        if (bdb_stats_mann_whitney(a, na, b, nbv, &u) == BDB_OK &&
            u.method != BDB_MW_NONE && isfinite(u.p)) {
            p[m] = u.p;
            at[m++] = i;
        }
        free(a);
        free(b);
    }
    if (m && bdb_stats_holm(p, m, adj) == BDB_OK) {
        for (size_t k = 0; k < m; k++) {
            if (!(adj[k] < alpha))
                continue;
            int best = 1;
            for (size_t j = 0; j < m; j++)
                if (j != k && (at[j] > at[k] ? at[j] - at[k] : at[k] - at[j]) <
                                  (size_t)w &&
                    (adj[j] < adj[k] || (adj[j] == adj[k] && j < k)))
                    best = 0;
            if (!best)
                continue;
            size_t i = at[k];
            size_t from = i > (size_t)w ? i - (size_t)w : 0;
            size_t to = i + (size_t)w < s->n ? i + (size_t)w : s->n;
            double before = 0, after = 0;
            size_t nbf = 0, naf = 0;
            for (size_t q = from; q < i; q++) {
                before += s->pts[q].s.mean * s->pts[q].s.n;
                nbf += s->pts[q].s.n;
            }
            for (size_t q = i; q < to; q++) {
                after += s->pts[q].s.mean * s->pts[q].s.n;
                naf += s->pts[q].s.n;
            }
            s->pts[i].change = 1;
            s->pts[i].change_p = adj[k];
            s->pts[i].shift = nbf && naf && before != 0
                                  ? (after / naf) / (before / nbf) - 1 : NAN;
            s->nchanges++;
        }
    }
    free(p);
    free(adj);
    free(at);
    return BDB_OK;
}

int bdb_history_build(bdb_store *st, const bdb_filter *f, int window,
                      double alpha, bdb_history **out, bdb_diag *diag)
{
    *out = NULL;
    bdb_history *h = calloc(1, sizeof *h);
    if (!h)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->window = window > 0 ? window : 3;
    h->alpha = alpha > 0 ? alpha : 0.05;
    bdb_rgroups G;
    int rc = bdb_rgroups_collect(st, f, 1, &G, diag);
    if (!rc && G.n && !(h->s = calloc(G.n, sizeof *h->s)))
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->cap = G.n;
    for (size_t i = 0; !rc && i < G.n; i++) {
        bdb_hseries *s = &h->s[h->n++];
        if (take_group(s, &G.g[i]) || change_points(s, h->window, h->alpha))
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    }
    bdb_rgroups_free(&G);
    if (!rc && h->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0, "no results match the selection");
    if (rc) {
        bdb_history_free(h);
        return rc;
    }
    *out = h;
    return BDB_OK;
}

void bdb_history_free(bdb_history *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->n; i++) {
        bdb_hseries *s = &h->s[i];
        for (size_t k = 0; k < s->n; k++) {
            free(s->pts[k].set);
            free(s->pts[k].created);
            free(s->pts[k].v);
        }
        free(s->pts);
        free(s->tool); free(s->benchmark); free(s->metric); free(s->params);
        free(s->unit); free(s->platform);
    }
    free(h->s);
    free(h);
}

/* ---- charts ------------------------------------------------------------------ */

#define CW 960.0
#define CH 540.0

static void clean(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        out[k++] = (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s;
    out[k] = '\0';
    char *fixed = bdb_utf8_dup(out);
    if (fixed) {
        snprintf(out, n, "%s", fixed);
        free(fixed);
    }
}

static void label_of(const bdb_hseries *s, char *out, size_t n)
{
    char raw[1024];
    snprintf(raw, sizeof raw, "%s %s %s%s%s%s%s%s", s->tool, s->benchmark,
             s->metric, s->params[0] ? " [" : "", s->params,
             s->params[0] ? "]" : "", s->platform[0] ? " on " : "", s->platform);
    clean(raw, out, n);
}

/* Draws series s: the mean per set joined by a line, the 95% interval of
 * each mean as a band, change points as dashed verticals. */
static void draw(cairo_t *cr, const bdb_hseries *s)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    const double L = 90, R = 60, T = 60, B = 110;
    double pw = CW - L - R, ph = CH - T - B;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < s->n; k++) {
        const bdb_summary *m = &s->pts[k].s;
        double a = isfinite(m->mean_ci_lo) ? m->mean_ci_lo : m->mean;
        double b = isfinite(m->mean_ci_hi) ? m->mean_ci_hi : m->mean;
        if (isfinite(a) && a < lo) lo = a;
        if (isfinite(b) && b > hi) hi = b;
    }
    if (!isfinite(lo)) {
        lo = 0;
        hi = 1;
    }
    if (lo > 0 && lo < hi * 0.5)
        lo = 0;
    if (hi == lo)
        hi = lo + (lo ? fabs(lo) * 0.1 : 1);
    double pad = (hi - lo) * 0.08;
    hi += pad;
    lo = lo == 0 ? 0 : lo - pad;
    char title[1024], text[128];
    label_of(s, title, sizeof title);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 14);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_text_extents_t te;
    char cut[1024];
    snprintf(cut, sizeof cut, "%s", title);
    cairo_text_extents(cr, cut, &te);
    size_t keep = strlen(title);
    while (te.width > CW - 40 && keep > 8) {
        keep--;
        while (keep > 8 && ((unsigned char)title[keep] & 0xC0) == 0x80)
            keep--;     /* never cut inside a UTF-8 sequence */
        snprintf(cut, sizeof cut, "%.*s...", (int)keep, title);
        cairo_text_extents(cr, cut, &te);
    }
    cairo_move_to(cr, 20, 30);
    cairo_show_text(cr, cut);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 11);
    /* axes and y ticks */
    cairo_set_line_width(cr, 1);
    for (int t = 0; t <= 4; t++) {
        double v = lo + (hi - lo) * t / 4, y = T + ph - ph * t / 4;
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_move_to(cr, L, y);
        cairo_line_to(cr, L + pw, y);
        cairo_stroke(cr);
        bdb_format_value(v, s->unit, text, sizeof text);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_text_extents(cr, text, &te);
        cairo_move_to(cr, L - 8 - te.width, y + 4);
        cairo_show_text(cr, text);
    }
    double step = s->n > 1 ? pw / (double)(s->n - 1) : 0;
#define X(k) (s->n > 1 ? L + step * (double)(k) : L + pw / 2)
#define Y(v) (T + ph - ph * ((v) - lo) / (hi - lo))
    unsigned char rgb[3];
    bdb_chart_palette(0, rgb);
    double cr_ = rgb[0] / 255.0, cg = rgb[1] / 255.0, cb = rgb[2] / 255.0;
    /* CI band: upper edge forward, lower edge back */
    int band = 0;
    for (size_t k = 0; k < s->n; k++)
        band |= isfinite(s->pts[k].s.mean_ci_hi);
    if (band && s->n > 1) {
        int started = 0;
        for (size_t k = 0; k < s->n; k++) {
            const bdb_summary *m = &s->pts[k].s;
            double v = isfinite(m->mean_ci_hi) ? m->mean_ci_hi : m->mean;
            if (!started)
                cairo_move_to(cr, X(k), Y(v));
            else
                cairo_line_to(cr, X(k), Y(v));
            started = 1;
        }
        for (size_t k = s->n; k-- > 0;) {
            const bdb_summary *m = &s->pts[k].s;
            double v = isfinite(m->mean_ci_lo) ? m->mean_ci_lo : m->mean;
            cairo_line_to(cr, X(k), Y(v));
        }
        cairo_close_path(cr);
        cairo_set_source_rgba(cr, cr_, cg, cb, 0.2);
        cairo_fill(cr);
    }
    /* change points */
    double dash[] = {5, 4};
    for (size_t k = 0; k < s->n; k++) {
        if (!s->pts[k].change)
            continue;
        double x = s->n > 1 ? (X(k) + X(k - 1)) / 2 : X(k);
        cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
        cairo_set_dash(cr, dash, 2, 0);
        cairo_move_to(cr, x, T);
        cairo_line_to(cr, x, T + ph);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        snprintf(text, sizeof text, "change %+.1f%%", 100 * s->pts[k].shift);
        cairo_move_to(cr, x + 4, T + 12);
        cairo_show_text(cr, text);
    }
    /* the means */
    cairo_set_source_rgb(cr, cr_, cg, cb);
    cairo_set_line_width(cr, 2);
    for (size_t k = 0; k < s->n; k++) {
        if (k == 0)
            cairo_move_to(cr, X(k), Y(s->pts[k].s.mean));
        else
            cairo_line_to(cr, X(k), Y(s->pts[k].s.mean));
    }
    cairo_stroke(cr);
    for (size_t k = 0; k < s->n; k++) {
        cairo_arc(cr, X(k), Y(s->pts[k].s.mean), 3.5, 0, 2 * M_PI);
        cairo_fill(cr);
    }
    /* set names under the axis, slanted */
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    size_t every = s->n > 24 ? (s->n + 23) / 24 : 1;
    for (size_t k = 0; k < s->n; k += every) {
        char name[64];
        clean(s->pts[k].set, name, sizeof name);
        cairo_save(cr);
        cairo_move_to(cr, X(k), T + ph + 14);
        cairo_rotate(cr, M_PI / 6);
        cairo_show_text(cr, name);
        cairo_restore(cr);
    }
#undef X
#undef Y
}

static void slug(const bdb_hseries *s, char *out, size_t n)
{
    char raw[1024];
    snprintf(raw, sizeof raw, "%s-%s-%s-%s-%s", s->tool, s->benchmark,
             s->metric, s->params, s->platform);
    size_t k = 0;
    int dash = 0;
    for (const char *p = raw; *p && k + 1 < n && k < 60; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out[k++] = c;
            dash = 0;
        } else if (!dash && k) {
            out[k++] = '-';
            dash = 1;
        }
    }
    while (k && out[k - 1] == '-')
        k--;
    out[k] = '\0';
}

int bdb_history_charts(const bdb_history *h, int svg, const char *dir,
                       size_t *written, bdb_diag *diag)
{
    if (written)
        *written = 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot make %s: %s", dir,
                            strerror(errno));
    for (size_t i = 0; i < h->n; i++) {
        char name[128], path[4096];
        slug(&h->s[i], name, sizeof name);
        snprintf(path, sizeof path, "%s/history-%03zu-%s.%s", dir, i + 1, name,
                 svg ? "svg" : "png");
        /* whole or not at all (bdb_output) */
        char tmp[BDB_CLEANUP_PATH_MAX], msg[512];
        if (bdb_output_begin(path, tmp, sizeof tmp, msg, sizeof msg))
            return bdb_diag_set(diag, BDB_ERANGE, 0, "%s", msg);
        cairo_surface_t *sf = svg ? cairo_svg_surface_create(tmp, CW, CH)
                                  : cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                                               (int)CW, (int)CH);
        cairo_t *cr = cairo_create(sf);
        draw(cr, &h->s[i]);
        cairo_destroy(cr);
        cairo_status_t cs = CAIRO_STATUS_SUCCESS;
        if (!svg)
            cs = cairo_surface_write_to_png(sf, tmp);
        cairo_surface_finish(sf);
        if (cs == CAIRO_STATUS_SUCCESS)
            cs = cairo_surface_status(sf);
        cairo_surface_destroy(sf);
        if (bdb_output_end(tmp, path, cs == CAIRO_STATUS_SUCCESS, msg,
                           sizeof msg) != BDB_OK) {
            if (cs == CAIRO_STATUS_SUCCESS)
                return bdb_diag_set(diag, BDB_EIO, 0, "%s", msg);
            return bdb_diag_set(diag, BDB_EIO, 0, "cannot write %s: %s", path,
                                cairo_status_to_string(cs));
        }
        if (written)
            (*written)++;
    }
    return BDB_OK;
}

static cairo_status_t to_buf(void *closure, const unsigned char *data,
                             unsigned int len)
{
    return bdb_buf_append(closure, data, len) ? CAIRO_STATUS_WRITE_ERROR
                                              : CAIRO_STATUS_SUCCESS;
}

/* ---- text renderers ---------------------------------------------------- */

static void html_text(bdb_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': bdb_buf_puts(b, "&lt;"); break;
        case '>': bdb_buf_puts(b, "&gt;"); break;
        case '&': bdb_buf_puts(b, "&amp;"); break;
        case '"': bdb_buf_puts(b, "&quot;"); break;
        default:
            if ((unsigned char)*s < 0x20)
                bdb_buf_puts(b, " ");
            else
                bdb_buf_append(b, s, 1);
        }
    }
}

static void ci_text(const bdb_summary *m, const char *unit, char *out, size_t n)
{
    char a[64], b[64];
    if (!isfinite(m->mean_ci_lo)) {
        snprintf(out, n, "-");
        return;
    }
    bdb_format_value(m->mean_ci_lo, unit, a, sizeof a);
    bdb_format_value(m->mean_ci_hi, unit, b, sizeof b);
    snprintf(out, n, "%s .. %s", a, b);
}

static json_t *jnum(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *jstr(const char *s)
{
    char *fixed = bdb_utf8_dup(s ? s : "");
    json_t *j = json_string(fixed ? fixed : "");
    free(fixed);
    return j;
}

static int render_json(const bdb_history *h, bdb_buf *out)
{
    json_t *arr = json_array();
    for (size_t i = 0; arr && i < h->n; i++) {
        const bdb_hseries *s = &h->s[i];
        json_t *pts = json_array();
        for (size_t k = 0; pts && k < s->n; k++) {
            const bdb_hpoint *p = &s->pts[k];
            json_t *vals = json_array();
            for (size_t q = 0; vals && q < p->s.n; q++)
                json_array_append_new(vals, jnum(p->v[q]));
            json_array_append_new(pts, json_pack(
                "{s:o,s:o,s:I,s:o,s:o,s:[o,o],s:b,s:o,s:o,s:o}", "set",
                jstr(p->set), "created_at", jstr(p->created), "n",
                (json_int_t)p->s.n, "mean", jnum(p->s.mean), "median",
                jnum(p->s.median), "mean_ci", jnum(p->s.mean_ci_lo),
                jnum(p->s.mean_ci_hi), "change", p->change, "change_p",
                jnum(p->change_p), "shift", jnum(p->shift), "values", vals));
        }
        json_array_append_new(arr, json_pack(
            "{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:I,s:o}", "tool", jstr(s->tool),
            "benchmark", jstr(s->benchmark), "metric", jstr(s->metric),
            "parameters", jstr(s->params), "platform", jstr(s->platform),
            "unit", jstr(s->unit), "better", s->better, "change_points",
            (json_int_t)s->nchanges, "sets", pts));
    }
    json_t *doc = json_pack("{s:s,s:i,s:f,s:o}", "method",
                            "moving-window Mann-Whitney, Holm per series",
                            "window", h->window, "alpha", h->alpha, "series",
                            arr);
    if (!doc)
        return BDB_ENOMEM;
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (!text)
        return BDB_ENOMEM;
    bdb_buf_puts(out, text);
    bdb_buf_puts(out, "\n");
    free(text);
    return out->err;
}

int bdb_history_render(const bdb_history *h, bdb_hist_format fmt, bdb_buf *out)
{
    if (fmt == BDB_HISTF_JSON)
        return render_json(h, out);
    if (fmt == BDB_HISTF_CSV)
        bdb_buf_puts(out, "tool,benchmark,metric,parameters,platform,unit,set,"
                          "created_at,n,mean,mean_ci_lo,mean_ci_hi,change,"
                          "change_p,shift\n");
    if (fmt == BDB_HISTF_HTML)
        bdb_buf_puts(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                          "<title>benchdb history</title><style>body{font-family:"
                          "sans-serif;margin:2em}table{border-collapse:collapse}"
                          "td,th{border:1px solid #ccc;padding:3px 6px}"
                          "tr.change td{background:#fde2c8}</style></head><body>"
                          "<h1>benchdb history</h1>\n");
    for (size_t i = 0; i < h->n; i++) {
        const bdb_hseries *s = &h->s[i];
        char label[1024];
        label_of(s, label, sizeof label);
        if (fmt == BDB_HISTF_TEXT)
            bdb_buf_printf(out, "%s\n", label);
        if (fmt == BDB_HISTF_HTML) {
            bdb_buf_puts(out, "<h2>");
            html_text(out, label);
            bdb_buf_puts(out, "</h2>\n");
            cairo_surface_t *sf = cairo_svg_surface_create_for_stream(to_buf, out,
                                                                      CW, CH);
            cairo_t *cr = cairo_create(sf);
            size_t before = out->len;
            draw(cr, s);
            cairo_destroy(cr);
            cairo_surface_finish(sf);
            cairo_surface_destroy(sf);
            /* cairo's SVG starts with an XML declaration: drop it inline */
            if (out->len > before && strncmp(out->data + before, "<?xml", 5) == 0) {
                char *gt = strstr(out->data + before, "?>");
                if (gt) {
                    size_t cut = (size_t)(gt + 2 - (out->data + before));
                    memmove(out->data + before, out->data + before + cut,
                            out->len - before - cut + 1);
                    out->len -= cut;
                }
            }
            bdb_buf_puts(out, "\n<table><tr><th>set</th><th>n</th><th>mean</th>"
                              "<th>95% CI</th><th>change</th></tr>\n");
        }
        for (size_t k = 0; k < s->n; k++) {
            const bdb_hpoint *p = &s->pts[k];
            char mean[64], ci[160], ch[96] = "";
            bdb_format_value(p->s.mean, s->unit, mean, sizeof mean);
            ci_text(&p->s, s->unit, ci, sizeof ci);
            if (p->change)
                snprintf(ch, sizeof ch, "change point %+.1f%% (p=%.3g)",
                         100 * p->shift, p->change_p);
            char set[256];
            clean(p->set, set, sizeof set);
            if (fmt == BDB_HISTF_TEXT) {
                bdb_buf_printf(out, "  %-24s n=%-4zu %-14s [%s]  %s\n", set,
                               p->s.n, mean, ci, ch);
            } else if (fmt == BDB_HISTF_HTML) {
                bdb_buf_printf(out, "<tr%s><td>", p->change ? " class=\"change\"" : "");
                html_text(out, p->set);
                bdb_buf_printf(out, "</td><td>%zu</td><td>", p->s.n);
                html_text(out, mean);
                bdb_buf_puts(out, "</td><td>");
                html_text(out, ci);
                bdb_buf_puts(out, "</td><td>");
                html_text(out, ch);
                bdb_buf_puts(out, "</td></tr>\n");
            } else {
                const char *texts[] = {s->tool, s->benchmark, s->metric,
                                       s->params, s->platform, s->unit, p->set,
                                       p->created};
                for (size_t q = 0; q < 8; q++) {
                    bdb_csv_append_field(out, texts[q], 1);
                    bdb_buf_puts(out, ",");
                }
                bdb_buf_printf(out, "%zu", p->s.n);
                double nums[] = {p->s.mean, p->s.mean_ci_lo, p->s.mean_ci_hi};
                for (size_t q = 0; q < 3; q++)
                    if (isfinite(nums[q]))
                        bdb_buf_printf(out, ",%.10g", nums[q]);
                    else
                        bdb_buf_puts(out, ",");
                bdb_buf_printf(out, ",%d,", p->change);
                if (isfinite(p->change_p))
                    bdb_buf_printf(out, "%.6g", p->change_p);
                bdb_buf_puts(out, ",");
                if (isfinite(p->shift))
                    bdb_buf_printf(out, "%.6g", p->shift);
                bdb_buf_puts(out, "\n");
            }
        }
        if (fmt == BDB_HISTF_HTML)
            bdb_buf_puts(out, "</table>\n");
        if (fmt == BDB_HISTF_TEXT)
            bdb_buf_puts(out, "\n");
    }
    if (fmt == BDB_HISTF_TEXT)
        bdb_buf_printf(out, "change points: moving-window Mann-Whitney test, "
                       "%d sets each side, Holm per series, alpha %.3g\n",
                       h->window, h->alpha);
    if (fmt == BDB_HISTF_HTML)
        bdb_buf_printf(out, "<p>Change points: moving-window Mann-Whitney "
                       "test, %d sets each side, Holm per series, alpha "
                       "%.3g. Bands: 95%% interval of each set's mean.</p>"
                       "</body></html>\n", h->window, h->alpha);
    return out->err;
}
