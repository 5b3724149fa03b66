/* history.c - benchdb history (see history.h).
 *
 * Change points: E-divisive means with Student's t-test, sliding windows,
 * a magnitude floor and a merge pass of weak points, as Apache Otava
 * (Hunter) finds them (changepoint.c), on each stretch of sets between
 * marks that start a new baseline (an expected change: a new kernel, a
 * new board), so that a mark is never reported as a change. */
#include "../common/bdb_neutral.h"
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

/* Change points of the sets [from, to) of s. */
static int segment_changes(bdb_hseries *s, size_t from, size_t to,
                           const bdb_cp_opts *o)
{
    size_t n = to - from;
    const double **v = malloc((n ? n : 1) * sizeof *v);
    size_t *cnt = malloc((n ? n : 1) * sizeof *cnt);
    if (!v || !cnt) {
        free(v);
        free(cnt);
        return BDB_ENOMEM;
    }
    for (size_t k = 0; k < n; k++) {
        v[k] = s->pts[from + k].v;
        cnt[k] = s->pts[from + k].s.n;
    }
    bdb_cp *cps = NULL;
    size_t ncp = 0;
    int rc = bdb_changepoints(v, cnt, n, o, &cps, &ncp);
    for (size_t k = 0; !rc && k < ncp; k++) {
        bdb_hpoint *pt = &s->pts[from + cps[k].index];
        pt->change = 1;
        pt->change_p = cps[k].p;
        pt->shift = cps[k].mean_before != 0
                        ? cps[k].mean_after / cps[k].mean_before - 1 : NAN;
        s->nchanges++;
    }
    free(cps);
    free(v);
    free(cnt);
    return rc;
}

/* Each stretch between new-baseline marks on its own. */
static int change_points(bdb_hseries *s, const bdb_cp_opts *o)
{
    size_t from = 0;
    for (size_t k = 1; k <= s->n; k++) {
        if (k < s->n && !s->pts[k].baseline)
            continue;
        int rc = segment_changes(s, from, k, o);
        if (rc)
            return rc;
        from = k;
    }
    return BDB_OK;
}

int bdb_history_build(bdb_store *st, const bdb_filter *f,
                      const bdb_cp_opts *o, bdb_history **out,
                      bdb_diag *diag)
{
    *out = NULL;
    bdb_history *h = calloc(1, sizeof *h);
    if (!h)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->cp.window = o && o->window >= 2 ? o->window : BDB_CP_WINDOW_DEFAULT;
    h->cp.max_p = o && o->max_p > 0 ? o->max_p : BDB_CP_MAX_P_DEFAULT;
    h->cp.min_magnitude = o && o->min_magnitude >= 0
                              ? o->min_magnitude : BDB_CP_MAGNITUDE_DEFAULT;
    bdb_rgroups G = {0};
    bdb_marks marks;
    int rc = bdb_marks_load(st, &marks, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, f, 1, &G, diag);
    if (!rc && G.n && !(h->s = calloc(G.n, sizeof *h->s)))
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    h->cap = G.n;
    for (size_t i = 0; !rc && i < G.n; i++) {
        bdb_hseries *s = &h->s[h->n++];
        if (take_group(s, &G.g[i]))
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
        for (size_t k = 0; !rc && k < s->n; k++)
            s->pts[k].baseline = bdb_marks_has(&marks, s->pts[k].set);
        if (!rc && change_points(s, &h->cp))
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    }
    bdb_rgroups_free(&G);
    bdb_marks_free(&marks);
    if (!rc)
        rc = bdb_history_notes(st, h, diag);
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
            free(s->pts[k].notes);
        }
        free(s->pts);
        free(s->notes);
        free(s->tool); free(s->benchmark); free(s->metric); free(s->params);
        free(s->unit); free(s->platform);
    }
    free(h->s);
    for (size_t i = 0; i < h->ntexts; i++)
        free(h->texts[i]);
    free(h->texts);
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
    /* new baselines (grey, dashed) and notes (a marker and the text of
     * the first, cut to fit, staggered so that neighbours do not meet) */
    for (size_t k = 0; k < s->n; k++) {
        const bdb_hpoint *p = &s->pts[k];
        double x = X(k);
        if (p->baseline) {
            double xb = s->n > 1 && k ? (X(k) + X(k - 1)) / 2 : x;
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
            cairo_set_dash(cr, dash, 2, 0);
            cairo_move_to(cr, xb, T);
            cairo_line_to(cr, xb, T + ph);
            cairo_stroke(cr);
            cairo_set_dash(cr, NULL, 0, 0);
            cairo_move_to(cr, xb + 4, T + 26);
            cairo_show_text(cr, "new baseline");
        }
        if (p->nnotes) {
            char note[64];
            clean(p->notes[0], note, sizeof note);
            size_t ncut = strlen(note);
            if (ncut > 40) {     /* never inside a UTF-8 sequence */
                ncut = 40;
                while (ncut > 0 && ((unsigned char)note[ncut] & 0xC0) == 0x80)
                    ncut--;
                memcpy(note + ncut, "...", 4);
            }
            cairo_set_source_rgb(cr, 0.2, 0.3, 0.6);
            cairo_rectangle(cr, x - 3, T + ph - 6, 6, 6);
            cairo_fill(cr);
            cairo_move_to(cr, x + 4, T + ph - 10 - 12 * (double)(k % 3));
            cairo_show_text(cr, note);
        }
    }
    for (size_t q = 0; q < s->nnotes && q < 2; q++) {
        char note[160];
        clean(s->notes[q], note, sizeof note);
        cairo_set_source_rgb(cr, 0.2, 0.3, 0.6);
        cairo_move_to(cr, 20, 46 + 12 * (double)q);
        cairo_show_text(cr, note);
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

/* How the change points were found, for every output's legend. */
static void method_text(const bdb_history *h, char *out, size_t n)
{
    snprintf(out, n, "E-divisive means as Apache Otava (Matteson and James "
             "2014; Fleming et al. 2023), Student's t-test on the values of "
             "the sets on each side, sliding windows of %zu sets, weak points "
             "merged until each has p < %.3g and a change above %.3g%%; a set "
             "marked --new-baseline starts a new distribution",
             h->cp.window, h->cp.max_p, 100 * h->cp.min_magnitude);
}

static json_t *jtexts(const char *const *t, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, jstr(t[i]));
    return a;
}

/* A point's mark: "change point -47.0% (p=0.0001)" or "new baseline". */
static void change_text(const bdb_hpoint *p, char *out, size_t n)
{
    if (p->change)
        snprintf(out, n, "change point %+.1f%% (p=%.3g)", 100 * p->shift,
                 p->change_p);
    else if (p->baseline)
        snprintf(out, n, "new baseline");
    else
        out[0] = '\0';
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
                "{s:o,s:o,s:I,s:o,s:o,s:[o,o],s:b,s:o,s:o,s:o,s:b,s:o}", "set",
                jstr(p->set), "created_at", jstr(p->created), "n",
                (json_int_t)p->s.n, "mean", jnum(p->s.mean), "median",
                jnum(p->s.median), "mean_ci", jnum(p->s.mean_ci_lo),
                jnum(p->s.mean_ci_hi), "change", p->change, "change_p",
                jnum(p->change_p), "shift", jnum(p->shift), "values", vals,
                "new_baseline", p->baseline, "notes",
                jtexts(p->notes, p->nnotes)));
        }
        json_array_append_new(arr, json_pack(
            "{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:I,s:o,s:o}", "tool", jstr(s->tool),
            "benchmark", jstr(s->benchmark), "metric", jstr(s->metric),
            "parameters", jstr(s->params), "platform", jstr(s->platform),
            "unit", jstr(s->unit), "better", s->better, "change_points",
            (json_int_t)s->nchanges, "notes", jtexts(s->notes, s->nnotes),
            "sets", pts));
    }
    char method[512];
    method_text(h, method, sizeof method);
    json_t *doc = json_pack("{s:s,s:I,s:f,s:f,s:o}", "method", method,
                            "window", (json_int_t)h->cp.window, "max_p",
                            h->cp.max_p, "min_magnitude", h->cp.min_magnitude,
                            "series", arr);
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
                          "change_p,shift,new_baseline,notes\n");
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
        if (fmt == BDB_HISTF_TEXT) {
            bdb_buf_printf(out, "%s\n", label);
            for (size_t q = 0; q < s->nnotes; q++) {
                char note[1024];
                clean(s->notes[q], note, sizeof note);
                bdb_buf_printf(out, "  note: %s\n", note);
            }
        }
        if (fmt == BDB_HISTF_HTML) {
            bdb_buf_puts(out, "<h2>");
            bdb_neutral_html(out, label);
            bdb_buf_puts(out, "</h2>\n");
            for (size_t q = 0; q < s->nnotes; q++) {
                bdb_buf_puts(out, "<p class=\"note\">note: ");
                bdb_neutral_html(out, s->notes[q]);
                bdb_buf_puts(out, "</p>\n");
            }
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
                              "<th>95% CI</th><th>change</th><th>notes</th>"
                              "</tr>\n");
        }
        for (size_t k = 0; k < s->n; k++) {
            const bdb_hpoint *p = &s->pts[k];
            char mean[64], ci[160], ch[96];
            bdb_format_value(p->s.mean, s->unit, mean, sizeof mean);
            ci_text(&p->s, s->unit, ci, sizeof ci);
            change_text(p, ch, sizeof ch);
            char set[256];
            clean(p->set, set, sizeof set);
            if (fmt == BDB_HISTF_TEXT) {
                bdb_buf_printf(out, "  %-24s n=%-4zu %-14s [%s]  %s\n", set,
                               p->s.n, mean, ci, ch);
                for (size_t q = 0; q < p->nnotes; q++) {
                    char note[1024];
                    clean(p->notes[q], note, sizeof note);
                    bdb_buf_printf(out, "      note: %s\n", note);
                }
            } else if (fmt == BDB_HISTF_HTML) {
                bdb_buf_printf(out, "<tr%s><td>", p->change ? " class=\"change\"" : "");
                bdb_neutral_html(out, p->set);
                bdb_buf_printf(out, "</td><td>%zu</td><td>", p->s.n);
                bdb_neutral_html(out, mean);
                bdb_buf_puts(out, "</td><td>");
                bdb_neutral_html(out, ci);
                bdb_buf_puts(out, "</td><td>");
                bdb_neutral_html(out, ch);
                bdb_buf_puts(out, "</td><td>");
                for (size_t q = 0; q < p->nnotes; q++) {
                    if (q)
                        bdb_buf_puts(out, "<br>");
                    bdb_neutral_html(out, p->notes[q]);
                }
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
                bdb_buf_printf(out, ",%d,", p->baseline);
                bdb_buf notes;
                bdb_buf_init(&notes);
                for (size_t q = 0; q < p->nnotes; q++)
                    bdb_buf_printf(&notes, "%s%s", q ? " | " : "", p->notes[q]);
                bdb_csv_append_field(out, notes.data ? notes.data : "", 1);
                if (notes.err)
                    out->err = notes.err;
                bdb_buf_free(&notes);
                bdb_buf_puts(out, "\n");
            }
        }
        if (fmt == BDB_HISTF_HTML)
            bdb_buf_puts(out, "</table>\n");
        if (fmt == BDB_HISTF_TEXT)
            bdb_buf_puts(out, "\n");
    }
    char method[512];
    method_text(h, method, sizeof method);
    if (fmt == BDB_HISTF_TEXT)
        bdb_buf_printf(out, "change points: %s\n", method);
    if (fmt == BDB_HISTF_HTML) {
        bdb_buf_puts(out, "<p>Change points: ");
        bdb_neutral_html(out, method);
        bdb_buf_puts(out, ". Bands: 95% interval of each set's mean.</p>"
                          "</body></html>\n");
    }
    return out->err;
}
