/* compare.c - benchdb compare and benchdb check (see compare.h). */
#include "compare.h"
#include "decide.h"
#include "params_ignore.h"
#include "../common/bdb_neutral.h"
#include "model.h"
#include "render.h"
#include "runsets.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_utf8.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xlsxwriter.h>

#define ALPHA_DEFAULT 0.05

/* ---- rows ------------------------------------------------------------------- */

static bdb_cmp_row *new_row(bdb_compare *c, const bdb_rgroup *g)
{
    bdb_cmp_row *p = bdb_grow(c->rows, c->n, &c->cap, sizeof *p, 64);
    if (!p)
        return NULL;
    c->rows = p;
    bdb_cmp_row *r = &c->rows[c->n++];
    memset(r, 0, sizeof *r);
    r->tool = strdup(g->tool);
    r->benchmark = strdup(g->benchmark);
    r->metric = strdup(g->metric);
    r->params = strdup(g->params);
    r->unit = strdup(g->unit);
    r->platform = strdup(g->platform);
    r->better = g->better;
    if (!r->tool || !r->benchmark || !r->metric || !r->params || !r->unit ||
        !r->platform)
        return NULL;
    return r;
}

static void decide_opts(const bdb_compare *c, bdb_decide_opts *o)
{
    o->threshold = c->opts.threshold;
    o->level = c->opts.alpha > 0 ? 1 - c->opts.alpha : 0;
}

static void row_stats(bdb_compare *c, bdb_cmp_row *r)
{
    bdb_stats_summarize(r->old_v, r->n_old, &r->old_s);
    bdb_stats_summarize(r->new_v, r->n_new, &r->new_s);
    r->delta = r->old_s.mean != 0 ? r->new_s.mean / r->old_s.mean - 1 : NAN;
    bdb_decide_opts o;
    decide_opts(c, &o);
    if (bdb_decide_two(r->old_v, r->n_old, r->new_v, r->n_new, r->better, &o,
                       &r->dec))
        r->dec.verdict = BDB_DECIDE_UNTESTED;
    /* the interval shown is the one that decides */
    r->delta_lo = isfinite(r->dec.lo) ? r->dec.lo - 1 : NAN;
    r->delta_hi = isfinite(r->dec.hi) ? r->dec.hi - 1 : NAN;
    r->speedup = bdb_stats_speedup(r->old_s.mean, r->new_s.mean, r->better);
    if (bdb_stats_mann_whitney(r->old_v, r->n_old, r->new_v, r->n_new, &r->mw))
        r->mw.status = BDB_TEST_TOO_FEW;
    if (bdb_stats_welch(r->old_v, r->n_old, r->new_v, r->n_new, &r->welch))
        r->welch.status = BDB_TEST_TOO_FEW;
    r->p_mw = r->p_welch = NAN;
}

/* Corrects the p-values across the table, then decides each row. */
static int decide(bdb_compare *c)
{
    double *p = malloc((c->n ? c->n : 1) * sizeof *p);
    size_t *idx = malloc((c->n ? c->n : 1) * sizeof *idx);
    if (!p || !idx) {
        free(p);
        free(idx);
        return BDB_ENOMEM;
    }
    for (int which = 0; which < 2; which++) {
        size_t m = 0;
        for (size_t i = 0; i < c->n; i++) {
            bdb_cmp_row *r = &c->rows[i];
            double pv = which == 0 ? r->mw.p : r->welch.p;
            int ok = which == 0 ? r->mw.status != BDB_TEST_TOO_FEW &&
                                      r->mw.method != BDB_MW_NONE
                                : r->welch.status == BDB_TEST_OK;
            if (ok && isfinite(pv) && pv >= 0 && pv <= 1) {
                p[m] = pv;
                idx[m++] = i;
            }
        }
        if (m && (c->opts.bh ? bdb_stats_bh(p, m, p) : bdb_stats_holm(p, m, p)) == BDB_OK)
            for (size_t k = 0; k < m; k++) {
                if (which == 0)
                    c->rows[idx[k]].p_mw = p[k];
                else
                    c->rows[idx[k]].p_welch = p[k];
            }
    }
    free(p);
    free(idx);
    double *sp = malloc((c->n ? c->n : 1) * sizeof *sp);
    if (!sp)
        return BDB_ENOMEM;
    size_t nsp = 0;
    c->nregressions = c->nimprovements = 0;
    for (size_t i = 0; i < c->n; i++) {
        bdb_cmp_row *r = &c->rows[i];
        static const bdb_cmp_verdict map[] = {
            [BDB_DECIDE_UNTESTED] = BDB_CMP_UNTESTED,
            [BDB_DECIDE_SAME] = BDB_CMP_SAME,
            [BDB_DECIDE_BETTER] = BDB_CMP_BETTER,
            [BDB_DECIDE_WORSE] = BDB_CMP_WORSE,
            [BDB_DECIDE_CHANGED] = BDB_CMP_NEUTRAL};
        r->verdict = map[r->dec.verdict];
        /* the threshold is part of the rule: worse is a regression */
        r->regression = r->verdict == BDB_CMP_WORSE;
        c->nregressions += r->regression;
        c->nimprovements += r->verdict == BDB_CMP_BETTER;
        if (r->better != 0 && isfinite(r->speedup) && r->speedup > 0)
            sp[nsp++] = r->speedup;
    }
    bdb_stats_geomean_ratios(sp, nsp, c->opts.resamples, c->opts.seed, &c->geo);
    free(sp);
    return BDB_OK;
}

static void side_label(const bdb_cmp_side *s, char *out, size_t n)
{
    static const char *const kinds[] = {"set", "tag", "platform"};
    snprintf(out, n, "%s %s", kinds[s->kind], s->name);
}

/* The user's filter narrowed to one side. */
static int side_filter(const bdb_compare_opts *o, const bdb_cmp_side *s,
                       bdb_filter *f, bdb_params *tags, bdb_diag *diag)
{
    *f = o->filter;
    memset(tags, 0, sizeof *tags);
    if (s->kind == BDB_CMP_SET) {
        f->set = s->name;
    } else if (s->kind == BDB_CMP_PLATFORM) {
        f->platforms = s->name;
    } else {
        const char *eq = strchr(s->name, '=');
        if (!eq || eq == s->name)
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "a tag is K=V, not '%s'",
                                s->name);
        memset(tags, 0, sizeof *tags);
        for (int i = 0; o->filter.tags && i < o->filter.tags->n; i++)
            if (bdb_params_set(tags, o->filter.tags->kv[i].key, "%s",
                               o->filter.tags->kv[i].value))
                return bdb_diag_set(diag, BDB_ERANGE, 0, "too many tags");
        char key[BDB_PARAM_KEY_MAX];
        size_t kl = (size_t)(eq - s->name);
        if (kl >= sizeof key)
            return bdb_diag_set(diag, BDB_EUSAGE, 0, "tag key too long: '%s'",
                                s->name);
        memcpy(key, s->name, kl);
        key[kl] = '\0';
        if (bdb_params_set(tags, key, "%s", eq + 1))
            return bdb_diag_set(diag, BDB_ERANGE, 0, "too many tags");
        f->tags = tags;
    }
    return BDB_OK;
}

static int qs_key(const void *a, const void *b)
{
    return strcmp(((const bdb_rgroup *)a)->key, ((const bdb_rgroup *)b)->key);
}

static int cmp_set_time(const void *a, const void *b)
{
    const bdb_rset *x = a, *y = b;
    int c = strcmp(x->created, y->created);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Pools src's values into dst set by set: the values of one run set stay
 * one set (check compares sets), a set only src has moves over, and dst's
 * sets stay in order of creation. src's moved sets are emptied. */
static int pool_sets(bdb_rgroup *dst, bdb_rgroup *src)
{
    int moved = 0;
    for (size_t k = 0; k < src->nsets; k++) {
        bdb_rset *s = &src->sets[k], *into = NULL;
        for (size_t j = 0; j < dst->nsets && !into; j++)
            if (dst->sets[j].id == s->id)
                into = &dst->sets[j];
        if (into) {
            for (size_t j = 0; j < s->n; j++)
                if (bdb_rset_push(into, s->v[j]))
                    return BDB_ENOMEM;
            continue;
        }
        bdb_rset *p = bdb_grow(dst->sets, dst->nsets, &dst->capsets,
                               sizeof *p, 4);
        if (!p)
            return BDB_ENOMEM;
        dst->sets = p;
        dst->sets[dst->nsets++] = *s;
        memset(s, 0, sizeof *s);
        moved = 1;
    }
    if (moved)
        qsort(dst->sets, dst->nsets, sizeof *dst->sets, cmp_set_time);
    return BDB_OK;
}

/* Gives every group its matching key, sorts by it, and pools groups that
 * the ignored parameters made equal. */
static int keyed(bdb_rgroups *gs, const char *const *ignore, size_t nignore)
{
    for (size_t i = 0; i < gs->n; i++) {
        bdb_rgroup *g = &gs->g[i];
        char *reduced = bdb_params_ignore(g->params, ignore, nignore);
        if (!reduced)
            return BDB_ENOMEM;
        free(g->params);
        g->params = reduced;
        bdb_buf k;
        bdb_buf_init(&k);
        bdb_buf_printf(&k, "%s\x1f%s\x1f%s\x1f%s\x1f%s", g->tool, g->benchmark,
                       g->metric, g->params, g->platform);
        if (k.err) {
            bdb_buf_free(&k);
            return BDB_ENOMEM;
        }
        g->key = bdb_buf_detach(&k, NULL);
    }
    if (gs->n)
        qsort(gs->g, gs->n, sizeof *gs->g, qs_key);
    size_t w = 0;
    for (size_t i = 0; i < gs->n; i++) {
        if (w && strcmp(gs->g[w - 1].key, gs->g[i].key) == 0) {
            bdb_rgroup *src = &gs->g[i];
            int rc = pool_sets(&gs->g[w - 1], src);
            bdb_rgroup_free(src);   /* the pooled group goes */
            if (rc)
                return rc;
            continue;
        }
        gs->g[w++] = gs->g[i];
    }
    gs->n = w;
    return BDB_OK;
}

int bdb_compare_build(bdb_store *st, const bdb_compare_opts *opts,
                      bdb_compare **out, bdb_diag *diag)
{
    *out = NULL;
    bdb_compare *c = calloc(1, sizeof *c);
    if (!c)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    c->opts = *opts;
    if (!(c->opts.threshold >= 0))
        c->opts.threshold = BDB_DECIDE_THRESHOLD_DEFAULT;
    side_label(&opts->old_side, c->old_label, sizeof c->old_label);
    side_label(&opts->new_side, c->new_label, sizeof c->new_label);
    int by_platform = opts->old_side.kind != BDB_CMP_PLATFORM;
    bdb_filter fa, fb;
    bdb_params ta, tb;
    bdb_rgroups A = {0}, B = {0};
    int rc = side_filter(opts, &opts->old_side, &fa, &ta, diag);
    if (!rc)
        rc = side_filter(opts, &opts->new_side, &fb, &tb, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &fa, by_platform, &A, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &fb, by_platform, &B, diag);
    if (!rc)
        rc = keyed(&A, opts->ignore, opts->nignore);
    if (!rc)
        rc = keyed(&B, opts->ignore, opts->nignore);
    if (!rc) {
        unsigned char *used = calloc(B.n ? B.n : 1, 1);
        if (!used)
            rc = BDB_ENOMEM;
        for (size_t i = 0; !rc && i < A.n; i++) {
            bdb_rgroup *hit =
                B.n ? bsearch(&A.g[i], B.g, B.n, sizeof *B.g, qs_key) : NULL;
            if (!hit) {
                c->only_old++;
                continue;
            }
            used[hit - B.g] = 1;
            bdb_cmp_row *r = new_row(c, &A.g[i]);
            if (!r ||
                bdb_rgroup_pool(&A.g[i], 0, A.g[i].nsets, &r->old_v,
                                &r->n_old) ||
                bdb_rgroup_pool(hit, 0, hit->nsets, &r->new_v, &r->n_new)) {
                rc = BDB_ENOMEM;
                break;
            }
            row_stats(c, r);
        }
        for (size_t i = 0; !rc && i < B.n; i++)
            c->only_new += !used[i];
        free(used);
        if (rc == BDB_ENOMEM)
            bdb_diag_set(diag, rc, 0, "out of memory");
    }
    bdb_rgroups_free(&A);
    bdb_rgroups_free(&B);
    if (!rc && c->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection has values in both %s "
                          "and %s", c->old_label, c->new_label);
    if (!rc && (rc = decide(c)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (rc) {
        bdb_compare_free(c);
        return rc;
    }
    *out = c;
    return BDB_OK;
}

int bdb_check_build(bdb_store *st, const bdb_check_opts *opts,
                    bdb_compare **out, bdb_diag *diag)
{
    *out = NULL;
    bdb_compare *c = calloc(1, sizeof *c);
    if (!c)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    c->check = 1;
    c->opts.filter = opts->filter;
    c->opts.alpha = opts->alpha;
    c->opts.bh = opts->bh;
    c->opts.seed = opts->seed;
    c->opts.threshold = opts->threshold >= 0 ? opts->threshold
                                             : BDB_DECIDE_THRESHOLD_DEFAULT;
    c->opts.ignore = opts->ignore;
    c->opts.nignore = opts->nignore;
    int last_n = opts->last_n > 0 ? opts->last_n : 1;
    if (opts->baseline)
        snprintf(c->old_label, sizeof c->old_label, "set %s", opts->baseline);
    else
        snprintf(c->old_label, sizeof c->old_label, "the %d set%s before",
                 last_n, last_n == 1 ? "" : "s");
    snprintf(c->new_label, sizeof c->new_label, "%s%s",
             opts->newest ? "set " : "the newest set",
             opts->newest ? opts->newest : "");
    bdb_filter f = opts->filter;
    f.set = NULL;   /* the sets are chosen per series below */
    bdb_rgroups G = {0};
    bdb_marks marks;
    int rc = bdb_marks_load(st, &marks, diag);
    if (!rc)
        rc = bdb_rgroups_collect(st, &f, 1, &G, diag);
    if (!rc && opts->nignore && (rc = keyed(&G, opts->ignore, opts->nignore)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    for (size_t i = 0; !rc && i < G.n; i++) {
        bdb_rgroup *g = &G.g[i];
        size_t newest = g->nsets;   /* sets are in time order */
        if (opts->newest) {
            for (size_t k = 0; k < g->nsets; k++)
                if (strcmp(g->sets[k].name, opts->newest) == 0)
                    newest = k;
        } else if (g->nsets) {
            newest = g->nsets - 1;
        }
        if (newest == g->nsets) {
            c->only_old++;
            continue;
        }
        size_t from, to;
        if (opts->baseline) {
            from = g->nsets;
            for (size_t k = 0; k < g->nsets; k++)
                if (strcmp(g->sets[k].name, opts->baseline) == 0)
                    from = k;
            to = from + 1;
            if (from == g->nsets || from == newest) {
                c->only_new++;
                continue;
            }
        } else {
            if (newest == 0) {
                c->only_new++;
                continue;
            }
            to = newest;
            from = to > (size_t)last_n ? to - (size_t)last_n : 0;
            /* never across a new baseline: a set marked so starts anew */
            size_t mark = 0;
            for (size_t k = 0; k <= newest; k++)
                if (bdb_marks_has(&marks, g->sets[k].name))
                    mark = k;
            if (mark == newest && newest > 0) {
                c->only_new++;
                continue;
            }
            if (mark > from)
                from = mark;
        }
        bdb_cmp_row *r = new_row(c, g);
        if (!r || bdb_rgroup_pool(g, from, to, &r->old_v, &r->n_old) ||
            bdb_rgroup_pool(g, newest, newest + 1, &r->new_v, &r->n_new)) {
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
            break;
        }
        char lab[512];
        if (to - from == 1)
            snprintf(lab, sizeof lab, "%s", g->sets[from].name);
        else
            snprintf(lab, sizeof lab, "%s .. %s (%zu sets)", g->sets[from].name,
                     g->sets[to - 1].name, to - from);
        r->old_label = strdup(lab);
        r->new_label = strdup(g->sets[newest].name);
        if (!r->old_label || !r->new_label) {
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
            break;
        }
        row_stats(c, r);
    }
    bdb_rgroups_free(&G);   /* empty when collecting failed */
    bdb_marks_free(&marks);
    if (!rc && c->n == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection has a set to check and "
                          "a baseline to check it against (it needs two sets)");
    if (!rc && (rc = decide(c)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (rc) {
        bdb_compare_free(c);
        return rc;
    }
    *out = c;
    return BDB_OK;
}

void bdb_compare_free(bdb_compare *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++) {
        bdb_cmp_row *r = &c->rows[i];
        free(r->tool); free(r->benchmark); free(r->metric); free(r->params);
        free(r->unit); free(r->platform); free(r->old_v); free(r->new_v);
        free(r->old_label); free(r->new_label);
    }
    free(c->rows);
    free(c);
}

/* ---- rendering ------------------------------------------------------------------ */

const char *bdb_cmp_mark(bdb_cmp_verdict v)
{
    switch (v) {
    case BDB_CMP_BETTER: return "+";
    case BDB_CMP_WORSE: return "-";
    case BDB_CMP_UNTESTED: return "?";
    case BDB_CMP_NEUTRAL: return "=";
    default: return "~";
    }
}

static const char *verdict_word(const bdb_cmp_row *r)
{
    if (r->regression)
        return "regression";
    switch (r->verdict) {
    case BDB_CMP_BETTER: return "better";
    case BDB_CMP_WORSE: return "worse";
    case BDB_CMP_UNTESTED: return "too few values";
    case BDB_CMP_NEUTRAL: return "changed";
    default: return "no significant change";
    }
}

static void series_label(const bdb_cmp_row *r, char *out, size_t n)
{
    snprintf(out, n, "%s %s %s%s%s%s", r->tool, r->benchmark, r->metric,
             r->params[0] ? " [" : "", r->params, r->params[0] ? "]" : "");
}

/* "19.4k op/s ±2%" */
static void mean_pm(const bdb_summary *s, const char *unit, char *out, size_t n)
{
    char v[64];
    bdb_format_value(s->mean, unit, v, sizeof v);
    if (isfinite(s->mean_ci_hi) && s->mean != 0)
        snprintf(out, n, "%s ±%.1f%%", v,
                 100 * (s->mean_ci_hi - s->mean) / fabs(s->mean));
    else
        snprintf(out, n, "%s", v);
}

static void delta_text(const bdb_cmp_row *r, char *out, size_t n)
{
    if (!isfinite(r->delta)) {
        snprintf(out, n, "n/a");
        return;
    }
    if (isfinite(r->delta_lo))
        snprintf(out, n, "%+.1f%% [%+.1f%%, %+.1f%%]", 100 * r->delta,
                 100 * r->delta_lo, 100 * r->delta_hi);
    else
        snprintf(out, n, "%+.1f%%", 100 * r->delta);
}

static void p_text(double p, char *out, size_t n)
{
    if (!isfinite(p))
        snprintf(out, n, "-");
    else if (p < 0.001)
        snprintf(out, n, "<0.001");
    else
        snprintf(out, n, "%.3f", p);
}

/* How a name from a log, a file or a user is written: one piece of a
 * terminal line, inline Markdown, or as it is (HTML: bdb_neutral_html). */
enum { NAME_TEXT, NAME_MD, NAME_RAW };

static void put_name(bdb_buf *b, const char *s, int kind)
{
    if (kind == NAME_TEXT)
        bdb_neutral_line(b, s);
    else if (kind == NAME_MD)
        bdb_neutral_md(b, s, 0);
    else
        bdb_buf_puts(b, s);
}


static void geo_text(const bdb_compare *c, char *out, size_t n)
{
    if (!isfinite(c->geo.geomean)) {
        snprintf(out, n, "geometric mean of the ratios: n/a (no ratio of a "
                 "throughput or time)");
        return;
    }
    int w = snprintf(out, n, "geometric mean of the ratios (> 1: new is "
                     "better): %.3fx", c->geo.geomean);
    if (w > 0 && (size_t)w < n && isfinite(c->geo.ci_lo))
        snprintf(out + w, n - (size_t)w, " [%.3f, %.3f]", c->geo.ci_lo,
                 c->geo.ci_hi);
    size_t len = strlen(out);
    snprintf(out + len, n - len, " over %zu series", c->geo.n_used);
}

static void notes(const bdb_compare *c, bdb_buf *b, const char *bullet,
                  int kind)
{
    bdb_decide_opts o;
    char rule[768];
    decide_opts(c, &o);
    bdb_decide_rule_text(&o, rule, sizeof rule);
    bdb_buf_printf(b, "%sdelta: new mean / old mean - 1, with the interval "
                   "that decides; ± is the half width of the mean's 95%% "
                   "Student-t interval\n", bullet);
    bdb_buf_printf(b, "%sverdict: %s%s\n", bullet, rule,
                   c->check ? "; a regression is a '-'" : "");
    bdb_buf_printf(b, "%sp (information, not the verdict): Mann-Whitney U, "
                   "Welch's t beside it, %s-corrected across the %zu row(s)\n",
                   bullet, c->opts.bh ? "Benjamini-Hochberg" : "Holm", c->n);
    if (c->only_old || c->only_new) {
        bdb_buf_printf(b, "%s%zu series only in ", bullet, c->only_old);
        put_name(b, c->old_label, kind);
        bdb_buf_printf(b, " and %zu only in ", c->only_new);
        put_name(b, c->new_label, kind);
        bdb_buf_puts(b, " are left out\n");
    }
    if (c->opts.nignore) {
        char keys[512];
        bdb_params_ignore_list(c->opts.ignore, c->opts.nignore, keys,
                               sizeof keys);
        bdb_buf_printf(b, "%signored parameters (--ignore-param): %s; series "
                       "that differ only there are one\n", bullet, keys);
    }
}

static void render_text(const bdb_compare *c, bdb_buf *b, int md)
{
    char o[96], nw[96], d[96], p1[16], p2[16], g[256];
    if (md) {
        bdb_buf_printf(b, "## benchdb %s: ", c->check ? "check" : "compare");
        put_name(b, c->old_label, NAME_MD);
        bdb_buf_puts(b, " → ");
        put_name(b, c->new_label, NAME_MD);
        bdb_buf_puts(b, "\n\n");
        if (c->check)
            bdb_buf_printf(b, "**%zu regression%s**, %zu improvement%s.\n\n",
                           c->nregressions, c->nregressions == 1 ? "" : "s",
                           c->nimprovements, c->nimprovements == 1 ? "" : "s");
        bdb_buf_printf(b, "| series | platform |%s old | new | delta | p (MW) "
                       "| p (Welch) | |\n|---|---|%s---:|---:|---:|---:|---:|:-:|\n",
                       c->check ? " sets |" : "", c->check ? "---|" : "");
    } else {
        bdb_buf_printf(b, "benchdb %s: old = ", c->check ? "check" : "compare");
        put_name(b, c->old_label, NAME_TEXT);
        bdb_buf_puts(b, ", new = ");
        put_name(b, c->new_label, NAME_TEXT);
        bdb_buf_puts(b, "\n\n");
    }
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        char raw[2048];
        series_label(r, raw, sizeof raw);
        mean_pm(&r->old_s, r->unit, o, sizeof o);
        mean_pm(&r->new_s, r->unit, nw, sizeof nw);
        delta_text(r, d, sizeof d);
        p_text(r->p_mw, p1, sizeof p1);
        p_text(r->p_welch, p2, sizeof p2);
        const char *mark = r->regression ? "REGRESSION" : bdb_cmp_mark(r->verdict);
        if (md) {
            bdb_buf_puts(b, "| ");
            put_name(b, raw, NAME_MD);
            bdb_buf_puts(b, " | ");
            put_name(b, r->platform[0] ? r->platform : "-", NAME_MD);
            if (c->check) {
                bdb_buf_puts(b, " | ");
                put_name(b, r->old_label ? r->old_label : "", NAME_MD);
                bdb_buf_puts(b, " → ");
                put_name(b, r->new_label ? r->new_label : "", NAME_MD);
            }
            bdb_buf_printf(b, " | %s (n=%zu) | %s (n=%zu) | %s | %s | %s | %s |\n",
                           o, r->n_old, nw, r->n_new, d, p1, p2,
                           r->regression ? "**regression**" : mark);
        } else {
            put_name(b, raw, NAME_TEXT);
            if (r->platform[0]) {
                bdb_buf_puts(b, " on ");
                put_name(b, r->platform, NAME_TEXT);
            }
            bdb_buf_puts(b, "\n");
            if (c->check) {
                bdb_buf_puts(b, "    sets ");
                put_name(b, r->old_label ? r->old_label : "", NAME_TEXT);
                bdb_buf_puts(b, " -> ");
                put_name(b, r->new_label ? r->new_label : "", NAME_TEXT);
                bdb_buf_puts(b, "\n");
            }
            bdb_buf_printf(b, "    old %-24s n=%-4zu new %-24s n=%-4zu\n", o,
                           r->n_old, nw, r->n_new);
            bdb_buf_printf(b, "    delta %-34s p=%s (Welch %s)  %s\n", d, p1,
                           p2, mark);
        }
    }
    geo_text(c, g, sizeof g);
    bdb_buf_printf(b, "\n%s%s\n", md ? "" : "", g);
    if (c->check && !md)
        bdb_buf_printf(b, "%zu regression%s, %zu improvement%s\n",
                       c->nregressions, c->nregressions == 1 ? "" : "s",
                       c->nimprovements, c->nimprovements == 1 ? "" : "s");
    bdb_buf_puts(b, "\n");
    notes(c, b, md ? "- " : "  ", md ? NAME_MD : NAME_TEXT);
}

static void render_csv(const bdb_compare *c, bdb_buf *b)
{
    bdb_buf_puts(b, "tool,benchmark,metric,parameters,platform,unit,better,"
                    "old,new,old_n,old_mean,old_ci_lo,old_ci_hi,new_n,new_mean,"
                    "new_ci_lo,new_ci_hi,delta,delta_ci_lo,delta_ci_hi,"
                    "p_mann_whitney,p_welch,verdict,regression\n");
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        const char *texts[] = {r->tool, r->benchmark, r->metric, r->params,
                               r->platform, r->unit};
        for (size_t k = 0; k < 6; k++) {
            bdb_csv_append_field(b, texts[k], 1);
            bdb_buf_puts(b, ",");
        }
        bdb_buf_printf(b, "%d,", r->better);
        bdb_csv_append_field(b, r->old_label ? r->old_label : c->old_label, 1);
        bdb_buf_puts(b, ",");
        bdb_csv_append_field(b, r->new_label ? r->new_label : c->new_label, 1);
        double nums[] = {r->old_s.mean, r->old_s.mean_ci_lo, r->old_s.mean_ci_hi,
                         r->new_s.mean, r->new_s.mean_ci_lo, r->new_s.mean_ci_hi,
                         r->delta, r->delta_lo, r->delta_hi, r->p_mw,
                         r->p_welch};
        bdb_buf_printf(b, ",%zu", r->n_old);
        for (size_t k = 0; k < 11; k++) {
            if (k == 3)
                bdb_buf_printf(b, ",%zu", r->n_new);
            if (isfinite(nums[k]))
                bdb_buf_printf(b, ",%.10g", nums[k]);
            else
                bdb_buf_puts(b, ",");
        }
        bdb_buf_printf(b, ",%s,%d\n", verdict_word(r), r->regression);
    }
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

static json_t *jvalues(const double *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, jnum(v[i]));
    return a;
}

static json_t *jside(const bdb_summary *s, const double *v, size_t n,
                     const char *label)
{
    return json_pack("{s:o,s:I,s:o,s:o,s:[o,o],s:o}", "label", jstr(label),
                     "n", (json_int_t)n, "mean", jnum(s->mean), "median",
                     jnum(s->median), "mean_ci", jnum(s->mean_ci_lo),
                     jnum(s->mean_ci_hi), "values", jvalues(v, n));
}

static int render_json(const bdb_compare *c, bdb_buf *b)
{
    json_t *rows = json_array();
    for (size_t i = 0; rows && i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        json_t *row = json_pack(
            "{s:o,s:o,s:o,s:o,s:o,s:o,s:i,s:o,s:o,s:{s:o,s:[o,o]},s:o,"
            "s:{s:o,s:o,s:s},s:{s:o,s:o,s:o},s:s,s:s,s:b}",
            "tool", jstr(r->tool), "benchmark", jstr(r->benchmark), "metric",
            jstr(r->metric), "parameters", jstr(r->params), "platform",
            jstr(r->platform), "unit", jstr(r->unit), "better", r->better,
            "old", jside(&r->old_s, r->old_v, r->n_old,
                         r->old_label ? r->old_label : c->old_label),
            "new", jside(&r->new_s, r->new_v, r->n_new,
                         r->new_label ? r->new_label : c->new_label),
            "delta", "value", jnum(r->delta), "ci", jnum(r->delta_lo),
            jnum(r->delta_hi), "speedup", jnum(r->speedup), "mann_whitney",
            "u", jnum(r->mw.u), "p_adjusted", jnum(r->p_mw), "method",
            r->mw.method == BDB_MW_EXACT ? "exact"
            : r->mw.method == BDB_MW_NORMAL ? "normal" : "none",
            "welch", "t", jnum(r->welch.t), "df", jnum(r->welch.df),
            "p_adjusted", jnum(r->p_welch), "mark", bdb_cmp_mark(r->verdict),
            "verdict", verdict_word(r), "regression", r->regression);
        if (!row || json_array_append_new(rows, row)) {
            json_decref(rows);
            return BDB_ENOMEM;
        }
    }
    json_t *doc = json_pack(
        "{s:s,s:o,s:o,s:{s:s,s:f,s:f},s:o,s:{s:o,s:[o,o],s:I},s:I,s:I,s:I,s:I}",
        "kind", c->check ? "check" : "compare", "old", jstr(c->old_label),
        "new", jstr(c->new_label), "options", "correction",
        c->opts.bh ? "bh" : "holm", "alpha",
        c->opts.alpha > 0 ? c->opts.alpha : ALPHA_DEFAULT, "threshold",
        c->opts.threshold, "rows", rows, "geomean", "value",
        jnum(c->geo.geomean), "ci", jnum(c->geo.ci_lo), jnum(c->geo.ci_hi),
        "n", (json_int_t)c->geo.n_used, "regressions",
        (json_int_t)c->nregressions, "improvements",
        (json_int_t)c->nimprovements, "only_old", (json_int_t)c->only_old,
        "only_new", (json_int_t)c->only_new);
    json_t *ign = doc ? json_array() : NULL;
    for (size_t i = 0; ign && i < c->opts.nignore; i++)
        if (json_array_append_new(ign, jstr(c->opts.ignore[i])))
            break;
    if (!ign || json_object_set_new(doc, "ignored_params", ign)) {
        json_decref(doc);
        return BDB_ENOMEM;
    }
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (!text)
        return BDB_ENOMEM;
    bdb_buf_puts(b, text);
    bdb_buf_puts(b, "\n");
    free(text);
    return BDB_OK;
}

static void render_html(const bdb_compare *c, bdb_buf *b)
{
    char o[96], nw[96], d[96], p1[16], p2[16], g[256];
    bdb_buf_puts(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                    "<title>benchdb compare</title><style>"
                    "body{font-family:sans-serif;margin:2em}"
                    "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
                    "padding:3px 6px}td.n{text-align:right}"
                    "tr.better td.m{background:#d4f4d4}"
                    "tr.worse td.m{background:#f8d0d0}"
                    "</style></head><body>\n<h1>benchdb ");
    bdb_buf_puts(b, c->check ? "check" : "compare");
    bdb_buf_puts(b, ": ");
    bdb_neutral_html(b, c->old_label);
    bdb_buf_puts(b, " &rarr; ");
    bdb_neutral_html(b, c->new_label);
    bdb_buf_puts(b, "</h1>\n<table><tr><th>series</th><th>platform</th>"
                    "<th>old</th><th>new</th><th>delta</th><th>p (MW)</th>"
                    "<th>p (Welch)</th><th></th></tr>\n");
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        char raw[2048];
        series_label(r, raw, sizeof raw);
        mean_pm(&r->old_s, r->unit, o, sizeof o);
        mean_pm(&r->new_s, r->unit, nw, sizeof nw);
        delta_text(r, d, sizeof d);
        p_text(r->p_mw, p1, sizeof p1);
        p_text(r->p_welch, p2, sizeof p2);
        bdb_buf_printf(b, "<tr class=\"%s\"><td>",
                       r->verdict == BDB_CMP_BETTER ? "better"
                       : r->verdict == BDB_CMP_WORSE ? "worse" : "same");
        bdb_neutral_html(b, raw);
        bdb_buf_puts(b, "</td><td>");
        bdb_neutral_html(b, r->platform);
        bdb_buf_puts(b, "</td><td class=\"n\">");
        bdb_neutral_html(b, o);
        bdb_buf_printf(b, " (n=%zu)</td><td class=\"n\">", r->n_old);
        bdb_neutral_html(b, nw);
        bdb_buf_printf(b, " (n=%zu)</td><td class=\"n\">", r->n_new);
        bdb_neutral_html(b, d);
        bdb_buf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
                       "<td class=\"m\">", p1, p2);
        bdb_neutral_html(b, r->regression ? "regression" : bdb_cmp_mark(r->verdict));
        bdb_buf_puts(b, "</td></tr>\n");
    }
    geo_text(c, g, sizeof g);
    bdb_buf_puts(b, "</table>\n<p>");
    bdb_neutral_html(b, g);
    bdb_buf_puts(b, "</p>\n<pre>");
    bdb_buf n;
    bdb_buf_init(&n);
    notes(c, &n, "- ", NAME_RAW);
    bdb_neutral_html(b, n.data ? n.data : "");
    bdb_buf_free(&n);
    bdb_buf_puts(b, "</pre>\n</body></html>\n");
}

int bdb_compare_render(const bdb_compare *c, bdb_cmp_format fmt, bdb_buf *out)
{
    switch (fmt) {
    case BDB_CMPF_MD: render_text(c, out, 1); break;
    case BDB_CMPF_HTML: render_html(c, out); break;
    case BDB_CMPF_CSV: render_csv(c, out); break;
    case BDB_CMPF_JSON: return render_json(c, out);
    default: render_text(c, out, 0); break;
    }
    return out->err;
}

int bdb_compare_render_xlsx(const bdb_compare *c, const char *path,
                            bdb_diag *diag)
{
    lxw_workbook_options wo = {.constant_memory = LXW_FALSE,
                               .tmpdir = NULL, .use_zip64 = LXW_FALSE};
    lxw_workbook *wb = workbook_new_opt(path, &wo);
    if (!wb)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot create %s", path);
    lxw_worksheet *ws = workbook_add_worksheet(wb, c->check ? "Check" : "Compare");
    lxw_format *bold = workbook_add_format(wb);
    format_set_bold(bold);
    lxw_format *pct = workbook_add_format(wb);
    format_set_num_format(pct, "0.0%");
    static const char *const head[] = {
        "tool", "benchmark", "metric", "parameters", "platform", "unit",
        "old", "new", "old n", "old mean", "old ci lo", "old ci hi", "new n",
        "new mean", "new ci lo", "new ci hi", "delta", "delta ci lo",
        "delta ci hi", "p (Mann-Whitney)", "p (Welch)", "verdict"};
    for (lxw_col_t k = 0; k < 22; k++)
        worksheet_write_string(ws, 0, k, head[k], bold);
    for (size_t i = 0; i < c->n; i++) {
        const bdb_cmp_row *r = &c->rows[i];
        lxw_row_t row = (lxw_row_t)(i + 1);
        const char *texts[] = {r->tool, r->benchmark, r->metric, r->params,
                               r->platform, r->unit,
                               r->old_label ? r->old_label : c->old_label,
                               r->new_label ? r->new_label : c->new_label};
        for (lxw_col_t k = 0; k < 8; k++) {
            /* Text from logs is text, never a formula. */
            char *fixed = bdb_utf8_dup(texts[k]);
            worksheet_write_string(ws, row, k, fixed ? fixed : "", NULL);
            free(fixed);
        }
        double nums[] = {(double)r->n_old, r->old_s.mean, r->old_s.mean_ci_lo,
                         r->old_s.mean_ci_hi, (double)r->n_new, r->new_s.mean,
                         r->new_s.mean_ci_lo, r->new_s.mean_ci_hi, r->delta,
                         r->delta_lo, r->delta_hi, r->p_mw, r->p_welch};
        for (lxw_col_t k = 0; k < 13; k++)
            if (isfinite(nums[k]))
                worksheet_write_number(ws, row, (lxw_col_t)(8 + k), nums[k],
                                       k >= 8 && k <= 10 ? pct : NULL);
        worksheet_write_string(ws, row, 21, verdict_word(r), NULL);
    }
    char g[256];
    geo_text(c, g, sizeof g);
    worksheet_write_string(ws, (lxw_row_t)(c->n + 2), 0, g, NULL);
    lxw_error e = workbook_close(wb);
    if (e != LXW_NO_ERROR)
        return bdb_diag_set(diag, BDB_EIO, 0, "cannot write %s: %s", path,
                            lxw_strerror(e));
    return BDB_OK;
}
