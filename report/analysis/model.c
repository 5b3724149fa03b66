/* model.c - building the report model from the store's grouped results.
 *
 * Decisions a reader should know (also stated in every report):
 * - Statistics are across all results of a series on a platform: every
 *   repetition of every imported file.
 * - The baseline is --baseline, else the first platform. Ratios are
 *   oriented so that > 1 means "better than the baseline" for
 *   higher-is-better and lower-is-better metrics alike.
 * - Verdicts: decide.c's rule, the one compare and check use (the 95%
 *   interval of the ratio, Welch's t on log values, wholly beyond the
 *   threshold); Welch's and Mann-Whitney's p are shown, corrected across
 *   all comparisons of the report with Holm, or Benjamini-Hochberg on
 *   request. With one value on each side there is no decision and the
 *   report says so instead of naming a winner.
 * - Category scores are geometric means of the oriented ratios of the
 *   headline series only: rates (B/s, bit/s, op/s) that are higher-is-
 *   better and durations of whole runs (s, lower-is-better), without
 *   per-thread, spread and extreme figures (stdev, min, max) and without
 *   latency percentiles, which would count one run many times. Missing
 *   cells and zero values are left out and counted. */
#include "../common/bdb_names.h"
#include "../common/bdb_shell.h"
#include "model.h"
#include "decide.h"
#include "../common/bdb_neutral.h"
#include "numfmt.h"
#include "../ingest/tool.h"
#include "../common/bdb_arena.h"
#include "model_traces.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_strmap.h"
#include "params_ignore.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define UNASSIGNED "(unassigned)"

static void join4(char *out, size_t n, const char *a, const char *b,
                  const char *c, const char *d);

void bdb_report_opts_default(bdb_report_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 20261130;
    o->resamples = 2000;
    o->noisy_cv = 0.05;
    o->threshold = BDB_DECIDE_THRESHOLD_DEFAULT;
    bdb_cost_opts_default(&o->cost);
}

const char *bdb_model_category(const char *tool)
{
    return bdb_tool_category(tool);
}

void bdb_model_score_basis(const bdb_model *m, const char *category,
                           char *out, size_t outsz)
{
    if (!outsz)
        return;
    out[0] = '\0';
    if (strcmp(category, "overall") == 0) {
        snprintf(out, outsz, "the figures of every category above");
        return;
    }
    size_t used = 0;
    /* tools in the order their series come; a handful per category */
    bdb_strmap seen = {0};
    for (size_t s = 0; s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        if (!se->headline || strcmp(se->category, category) != 0)
            continue;
        int made = 0;
        if (bdb_strmap_put(&seen, se->tool, &made) && !made)
            continue;
        const bdb_tool *t = bdb_tool_find(se->tool);
        int w = snprintf(out + used, outsz - used, "%s%s: %s",
                         used ? "; " : "", se->tool,
                         t && t->merit_text ? t->merit_text
                                            : "rates and whole-run times");
        if (w < 0 || (size_t)w >= outsz - used) {
            /* the cell is full: say that tools are left out, not cut one
             * mid-word */
            if (outsz > 8) {
                size_t at = used < outsz - 6 ? used : outsz - 6;
                snprintf(out + at, outsz - at, "; ...");
            }
            break;
        }
        used += (size_t)w;
    }
    bdb_strmap_free(&seen);
}

static int contains(const char *s, const char *needle)
{
    return strstr(s, needle) != NULL;
}

/* "_p99", "_p50": a percentile. */
static int has_percentile(const char *metric)
{
    for (const char *p = strstr(metric, "_p"); p; p = strstr(p + 1, "_p"))
        if (p[2] >= '0' && p[2] <= '9')
            return 1;
    return 0;
}

/* A tool without a record of its metrics (a results CSV's own tools):
 * rates that are higher-is-better and whole-run times. */
static int rate_or_run_time(const char *metric, const char *unit, int better)
{
    if (has_percentile(metric) || contains(metric, "stdev") || contains(metric, "_sd") ||
        contains(metric, "thread_") || contains(metric, "_min") ||
        contains(metric, "_max") || contains(metric, "within") ||
        contains(metric, "latency") ||
        strncmp(metric, "min", 3) == 0 || strncmp(metric, "max", 3) == 0)
        return 0;
    if (better > 0 && (strcmp(unit, "B/s") == 0 || strcmp(unit, "bit/s") == 0 ||
                       strcmp(unit, "op/s") == 0))
        return 1;
    if (better < 0 && strcmp(unit, "s") == 0 &&
        (strcmp(metric, "real") == 0 || strcmp(metric, "elapsed") == 0))
        return 1;
    return 0;
}

/* The series counts towards the scores: one figure of merit per run, as
 * the tool's record says (tool.h); a figure the record calls a derived
 * duplicate never counts. */
static int is_headline(const bdb_rseries *se)
{
    const bdb_tool *t = bdb_tool_find(se->tool);
    if (t && t->metrics)
        return bdb_tool_is_merit(t, se->metric, se->params);
    if (bdb_tool_is_derived(t, se->metric))
        return 0;
    return rate_or_run_time(se->metric, se->unit, se->better);
}

const char *bdb_model_platform_name(const bdb_model *m, size_t i)
{
    return m->platforms[i].name[0] ? m->platforms[i].name : UNASSIGNED;
}

/* ---- building -------------------------------------------------------- */

/* One copy of each source's path, shared by every value from that source:
 * a million values come from a handful of files, and a copy per value was
 * a million allocations. Open addressing on the source id. */
typedef struct path_slot {
    long long id;
    char *path;         /* NULL: empty */
} path_slot;

typedef struct path_pool {
    path_slot *slot;
    size_t cap, n;
} path_pool;

/* A cell of two or more differently named files, and their count. */
typedef struct merged_cell {
    const bdb_cell *cell;
    uint32_t files;
} merged_cell;

/* The model with what only model.c sees; bdb_model comes first, so the
 * pointer handed out is the model_impl's. */
typedef struct model_impl {
    bdb_model m;
    /* the series' names and cells and the cells' values, freed together */
    bdb_arena arena;
    path_pool paths;
    /* one copy of each tool, benchmark, metric and unit of the series (the
     * keys; a lab's 125,000 series have a few hundred): four copies a
     * series were a tenth of its report */
    bdb_strmap names;
    /* bdb_stats_summary_consts by n (valid where consts[n].n == n): the
     * t quantile and median rank are the costly part of a summary and
     * depend on n alone */
    bdb_summary_consts *consts;
    size_t nconsts;
    /* the bootstrap of one series at a time: the reference cell's indexes
     * and those of the other cells, their resampled means and scratch */
    bdb_stats_resampling rs_ref, rs_other;
    uint64_t other_seed; /* rs_other's seed, when other_drawn */
    int other_drawn;
    double *boot;
    size_t boot_cap;
    /* exact Mann-Whitney distributions by sizes (they depend on nothing
     * else; making one per comparison was a twentieth of the time) */
    struct {
        size_t na, nb;
        double *dist;
    } mw[16];
    size_t nmw;
    /* per platform: its cost inputs as the cost model sees them
     * (cost_view), whether its missing cost inputs are listed, and the
     * BDB_EFF_MISSING_* bits of its cells' efficiency figures. Efficiency
     * and match figures are made from these on request
     * (bdb_cell_efficiency), not held: 176 bytes a cell. */
    bdb_platform *cost;
    unsigned char *cost_listed;
    unsigned *eff_missing;
    /* the cells whose values come from two or more differently named
     * files (mark_merged), by address: a few cells of a report have one,
     * and a count in every cell was an eighth of a lab's model */
    merged_cell *merged;
    size_t nmerged, cap_merged;
} model_impl;

/* The exact distribution for na against nb if mw_dist made it, else
 * NULL (the test then makes its own). */
static const double *mw_dist_made(const model_impl *impl, size_t na,
                                  size_t nb)
{
    for (size_t i = 0; i < impl->nmw; i++)
        if (impl->mw[i].na == na && impl->mw[i].nb == nb)
            return impl->mw[i].dist;
    return NULL;
}

/* The exact distribution for na against nb, made once; NULL when the
 * exact test does not apply, the cache is full or memory is short (the
 * test then makes its own). */
static const double *mw_dist(model_impl *impl, size_t na, size_t nb)
{
    if (na == 0 || nb == 0 || na >= BDB_STATS_MW_EXACT_LIMIT ||
        nb >= BDB_STATS_MW_EXACT_LIMIT)
        return NULL;
    const double *made = mw_dist_made(impl, na, nb);
    if (made)
        return made;
    if (impl->nmw == sizeof impl->mw / sizeof *impl->mw)
        return NULL;
    double *d = bdb_stats_mw_exact_dist(na, nb);
    if (d) {
        impl->mw[impl->nmw].na = na;
        impl->mw[impl->nmw].nb = nb;
        impl->mw[impl->nmw].dist = d;
        impl->nmw++;
    }
    return d;
}

static size_t path_hash(long long id, size_t cap)
{
    return (size_t)(((uint64_t)id * UINT64_C(0x9e3779b97f4a7c15)) >> 17) &
           (cap - 1);
}

/* The pool's copy of path for source id (made on first sight), or NULL
 * when out of memory. */
static char *path_intern(path_pool *pl, long long id, const char *path)
{
    if (pl->cap) {
        for (size_t i = path_hash(id, pl->cap); pl->slot[i].path;
             i = (i + 1) & (pl->cap - 1))
            if (pl->slot[i].id == id && strcmp(pl->slot[i].path, path) == 0)
                return pl->slot[i].path;
    }
    if (2 * (pl->n + 1) > pl->cap) {
        size_t cap = pl->cap ? pl->cap * 2 : 64;
        path_slot *slot = calloc(cap, sizeof *slot);
        if (!slot)
            return NULL;
        for (size_t i = 0; i < pl->cap; i++)
            if (pl->slot[i].path) {
                size_t j = path_hash(pl->slot[i].id, cap);
                while (slot[j].path)
                    j = (j + 1) & (cap - 1);
                slot[j] = pl->slot[i];
            }
        free(pl->slot);
        pl->slot = slot;
        pl->cap = cap;
    }
    char *copy = strdup(path ? path : "");
    if (!copy)
        return NULL;
    size_t i = path_hash(id, pl->cap);
    while (pl->slot[i].path)
        i = (i + 1) & (pl->cap - 1);
    pl->slot[i] = (path_slot){id, copy};
    pl->n++;
    return copy;
}

/* The pool's path of source id, or NULL. */
static const char *path_find(const path_pool *pl, long long id)
{
    if (!pl->cap)
        return NULL;
    for (size_t i = path_hash(id, pl->cap); pl->slot[i].path;
         i = (i + 1) & (pl->cap - 1))
        if (pl->slot[i].id == id)
            return pl->slot[i].path;
    return NULL;
}

static void path_pool_free(path_pool *pl)
{
    for (size_t i = 0; i < pl->cap; i++)
        free(pl->slot[i].path);
    free(pl->slot);
}

const char *bdb_cell_path(const bdb_model *m, const bdb_cell *c, size_t i)
{
    const long long *ids = bdb_cell_source_ids(c);
    const char *path = ids && i < c->n ? path_find(&((const model_impl *)m)->paths,
                                                   ids[i])
                                       : NULL;
    return path ? path : "";
}

typedef struct build {
    bdb_model *m;
    bdb_store *st;
    char **seen;
    size_t nseen, capseen;
    long long last_series;
    size_t nrows;       /* store series seen */
    size_t cur;         /* the model series their rows go to */
    bdb_strmap keys;    /* --ignore-param: identity -> series index */
    int rc;
} build;

/* The model's one copy of a series' name part s. */
static char *intern(model_impl *impl, const char *s)
{
    bdb_strmap_entry *e = bdb_strmap_put(&impl->names, s ? s : "", NULL);
    return e ? e->key : NULL;
}

static char *xstrdup(const char *s)
{
    return strdup(s ? s : "");
}

static int find_platform(const bdb_model *m, const char *name)
{
    for (size_t i = 0; i < m->nplatforms; i++)
        if (strcmp(m->platforms[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int collect_platform(const char *name, void *ctx)
{
    build *b = ctx;
    if (b->nseen == b->capseen) {
        char **p = bdb_grow(b->seen, b->nseen, &b->capseen, sizeof *p, 16);
        if (!p)
            return b->rc = BDB_ENOMEM;
        b->seen = p;
    }
    if (!(b->seen[b->nseen] = xstrdup(name)))
        return b->rc = BDB_ENOMEM;
    b->nseen++;
    return 0;
}


static int add_platform(bdb_model *m, bdb_store *st, const char *name)
{
    bdb_platform *p = &m->platforms[m->nplatforms];
    bdb_platform_clear(p);
    if (*name) {
        int rc = bdb_store_platform_get(st, name, p);
        if (rc == BDB_ENOTFOUND) {
            bdb_platform_clear(p);
            snprintf(p->name, sizeof p->name, "%s", name);
        } else if (rc) {
            return rc;
        }
    }
    m->nplatforms++;
    return BDB_OK;
}

/* One block of the arena for a cell's n values, source ids, lines and
 * outlier marks, widest first so each is aligned (model.h's accessors
 * find them from values and n): five allocations per cell were a third
 * of a lab's report (a million cells of one or two values). The cell's
 * n is set here. */
static int cell_arrays(model_impl *impl, bdb_cell *c, size_t n)
{
    size_t each = sizeof(double) + sizeof(long long) + sizeof(int) + 1;
    if (n > SIZE_MAX / each)
        return BDB_ENOMEM;
    void *block = bdb_arena_alloc_aligned(&impl->arena, (n ? n : 1) * each,
                                          sizeof(double));
    if (!block)
        return BDB_ENOMEM;
    c->values = block;
    c->n = n;
    return BDB_OK;
}

/* Appends the row's values to the cell (a cell gets a second row when
 * --ignore-param made two series one: its block is made anew, the old one
 * stays in the arena). Each source's path goes to the model's pool. */
static int cell_append(model_impl *impl, bdb_cell *c, const bdb_group_row *r)
{
    size_t had = c->present ? c->n : 0;
    if (r->n > UINT32_MAX - had)
        return BDB_ENOMEM; /* a cell counts its values in 32 bits */
    bdb_cell old = *c;
    if (!had)
        old.values = NULL;
    if (cell_arrays(impl, c, had + r->n))
        return BDB_ENOMEM;
    double *values = c->values;
    long long *ids = bdb_cell_source_ids(c);
    int *lines = bdb_cell_lines(c);
    if (had) {
        memcpy(values, old.values, had * sizeof *values);
        memcpy(ids, bdb_cell_source_ids(&old), had * sizeof *ids);
        memcpy(lines, bdb_cell_lines(&old), had * sizeof *lines);
    }
    for (size_t i = 0; i < r->n; i++) {
        size_t k = had + i;
        values[k] = r->values[i];
        lines[k] = r->lines[i];
        ids[k] = r->source_ids[i];
        if (!path_intern(&impl->paths, r->source_ids[i], r->paths[i]))
            return BDB_ENOMEM;
    }
    c->present = 1;
    return BDB_OK;
}

/* The series a new store series goes to: a new one, or with
 * --ignore-param the one it now equals (counted as pooled). *params gets
 * the identity's parameters (the arena's) for a new series, NULL
 * otherwise. */
static int series_slot(build *b, const bdb_group_row *r, char **params,
                       long *slot)
{
    bdb_model *m = b->m;
    bdb_arena *arena = &((model_impl *)m)->arena;
    *slot = -1;
    *params = NULL;
    if (!m->opts.nignore)
        return (*params = bdb_arena_strdup(arena, r->params)) ? BDB_OK
                                                              : BDB_ENOMEM;
    char *reduced = bdb_params_ignore(r->params, m->opts.ignore,
                                      m->opts.nignore);
    if (!reduced)
        return BDB_ENOMEM;
    bdb_buf k;
    bdb_buf_init(&k);
    bdb_buf_printf(&k, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%d", r->tool,
                   r->benchmark, r->metric, reduced, r->unit, r->better);
    int made = 0;
    bdb_strmap_entry *e = k.err ? NULL : bdb_strmap_put(&b->keys, k.data, &made);
    bdb_buf_free(&k);
    if (!e) {
        free(reduced);
        return BDB_ENOMEM;
    }
    if (!made) {
        *slot = (long)e->value;
        m->left_out.pooled++;
        free(reduced);
        return BDB_OK;
    }
    e->value = (long long)m->nseries;
    *params = bdb_arena_strdup(arena, reduced);
    free(reduced);
    return *params ? BDB_OK : BDB_ENOMEM;
}

static int add_group(const bdb_group_row *r, void *ctx)
{
    build *b = ctx;
    bdb_model *m = b->m;
    int pi = find_platform(m, r->platform);
    if (pi < 0)
        return 0;
    if (b->nrows == 0 || b->last_series != r->series_id) {
        b->nrows++;
        b->last_series = r->series_id;
        m->left_out.selected++;
        char *params;
        long slot;
        if ((b->rc = series_slot(b, r, &params, &slot)))
            return b->rc;
        if (slot >= 0) {
            b->cur = (size_t)slot;
            goto cell;
        }
        if (m->nseries == m->cap_series) {
            bdb_rseries *p = bdb_grow(m->series, m->nseries, &m->cap_series,
                                      sizeof *p, 64);
            if (!p)
                return b->rc = BDB_ENOMEM;
            m->series = p;
        }
        bdb_arena *arena = &((model_impl *)m)->arena;
        bdb_rseries *s = &m->series[m->nseries];
        memset(s, 0, sizeof *s);
        s->cells = bdb_arena_alloc(arena, m->nplatforms * sizeof *s->cells);
        s->id = r->series_id;
        model_impl *impl = (model_impl *)m;
        s->tool = intern(impl, r->tool);
        s->benchmark = intern(impl, r->benchmark);
        s->metric = intern(impl, r->metric);
        s->params = params;
        s->unit = intern(impl, r->unit);
        s->better = r->better;
        s->sweep = -1;
        s->unit_per = "";
        b->cur = m->nseries++;
        if (!s->cells || !s->tool || !s->benchmark || !s->metric ||
            !s->params || !s->unit)
            return b->rc = BDB_ENOMEM;
    }
cell:
    if (cell_append((model_impl *)m, &m->series[b->cur].cells[pi], r))
        return b->rc = BDB_ENOMEM;
    return 0;
}

static int add_warning(const bdb_warning_row *r, void *ctx)
{
    build *b = ctx;
    bdb_model *m = b->m;
    if (m->nwarnings == m->cap_warnings) {
        bdb_rwarning *p = bdb_grow(m->warnings, m->nwarnings, &m->cap_warnings,
                                   sizeof *p, 16);
        if (!p)
            return b->rc = BDB_ENOMEM;
        m->warnings = p;
    }
    bdb_rwarning *w = &m->warnings[m->nwarnings++];
    w->platform = xstrdup(r->platform);
    w->path = xstrdup(r->source_path);
    w->message = xstrdup(r->message);
    w->line = r->line;
    w->is_info = r->is_info;
    w->source_id = r->source_id;
    return (w->platform && w->path && w->message) ? 0 : (b->rc = BDB_ENOMEM);
}

static int cmp_id(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

/* Marks the cells with a value from a source that has warnings: one pass
 * over the values, looking each source up among the warned ones. */
static int mark_warned(bdb_model *m)
{
    long long *ids = malloc((m->nwarnings ? m->nwarnings : 1) * sizeof *ids);
    if (!ids)
        return BDB_ENOMEM;
    size_t n = 0;
    for (size_t i = 0; i < m->nwarnings; i++)
        if (!m->warnings[i].is_info)
            ids[n++] = m->warnings[i].source_id;
    qsort(ids, n, sizeof *ids, cmp_id);
    for (size_t s = 0; n && s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++) {
            bdb_cell *c = &m->series[s].cells[p];
            const long long *cids = bdb_cell_source_ids(c);
            for (size_t i = 0; c->present && !c->warned && i < c->n; i++)
                if (bsearch(&cids[i], ids, n, sizeof *ids, cmp_id))
                    c->warned = 1;
        }
    free(ids);
    return BDB_OK;
}

typedef struct id_list {
    long long *ids;
    size_t n, cap;
} id_list;

/* Sources imported with --repetitions: their differently named files
 * are repetitions by the user's word. */
static int collect_repetition_sources(long long id, const char *options,
                                      void *ctx)
{
    id_list *l = ctx;
    if (!options || !strstr(options, "repetitions=1\n"))
        return 0;
    if (l->n == l->cap) {
        long long *p = bdb_grow(l->ids, l->n, &l->cap, sizeof *p, 64);
        if (!p)
            return 1;
        l->ids = p;
    }
    l->ids[l->n++] = id;
    return 0;
}

/* The id comes first, so cmp_id sorts these by id. */
typedef struct source_name {
    long long id;
    const char *path;
} source_name;

static int cmp_merged(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const merged_cell *)a)->cell;
    uintptr_t y = (uintptr_t)((const merged_cell *)b)->cell;
    return (x > y) - (x < y);
}

/* Notes that cell c's values come from k differently named files. */
static int add_merged(bdb_model *m, const bdb_cell *c, size_t k)
{
    model_impl *impl = (model_impl *)m;
    if (impl->nmerged == impl->cap_merged) {
        merged_cell *p = bdb_grow(impl->merged, impl->nmerged,
                                  &impl->cap_merged, sizeof *p, 16);
        if (!p)
            return BDB_ENOMEM;
        impl->merged = p;
    }
    /* k <= n <= UINT32_MAX */
    impl->merged[impl->nmerged++] = (merged_cell){c, (uint32_t)k};
    return BDB_OK;
}

/* Marks the cells whose values come from two or more files whose names
 * differ in more than a repetition counter (reds-bench-1.csv ...
 * reds-bench-20.csv): their n may count different measurements. */
static int mark_merged(bdb_model *m, bdb_store *st)
{
    id_list rep = {0};
    /* the options alone: a source's counts of results cost a count of
     * its results (a lab's one CSV: a million) */
    int rc = bdb_store_source_options_each(st, collect_repetition_sources,
                                           &rep);
    if (rc) {
        free(rep.ids);
        return rc;
    }
    if (rep.n)
        qsort(rep.ids, rep.n, sizeof *rep.ids, cmp_id);
    for (size_t s = 0; s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++) {
            bdb_cell *c = &m->series[s].cells[p];
            if (!c->present || c->n < 2)
                continue;
            const char **names = malloc(c->n * sizeof *names);
            source_name *src = malloc(c->n * sizeof *src);
            if (!names || !src) {
                free(names);
                free(src);
                free(rep.ids);
                return BDB_ENOMEM;
            }
            /* one name per source: sort by id, take each once */
            for (size_t i = 0; i < c->n; i++)
                src[i] = (source_name){bdb_cell_source_ids(c)[i],
                                       bdb_cell_path(m, c, i)};
            if (c->n > 32) {
                qsort(src, c->n, sizeof *src, cmp_id);
            } else { /* a cell's few: insertion, stable as glibc's qsort */
                for (size_t i = 1; i < c->n; i++) {
                    source_name v = src[i];
                    size_t j = i;
                    while (j > 0 && src[j - 1].id > v.id) {
                        src[j] = src[j - 1];
                        j--;
                    }
                    src[j] = v;
                }
            }
            size_t k = 0;
            for (size_t i = 0; i < c->n; i++)
                if (!(i && src[i].id == src[i - 1].id) &&
                    !(rep.n && bsearch(&src[i].id, rep.ids, rep.n,
                                       sizeof *rep.ids, cmp_id)))
                    names[k++] = src[i].path;
            free(src);
            if (k >= 2) {
                bdb_name_diff d;
                bdb_names_diff(names, k, &d);
                if (!d.repetition && (rc = add_merged(m, c, k))) {
                    free(names);
                    free(rep.ids);
                    return rc;
                }
            }
            free(names);
        }
    free(rep.ids);
    model_impl *impl = (model_impl *)m;
    if (impl->nmerged > 1)
        qsort(impl->merged, impl->nmerged, sizeof *impl->merged,
              cmp_merged);
    return BDB_OK;
}

uint32_t bdb_cell_merged_files(const bdb_model *m, const bdb_cell *c)
{
    const model_impl *impl = (const model_impl *)m;
    merged_cell key = {c, 0};
    const merged_cell *f =
        impl->nmerged ? bsearch(&key, impl->merged, impl->nmerged,
                                sizeof *impl->merged, cmp_merged)
                      : NULL;
    return f ? f->files : 0;
}

static int add_missing(bdb_model *m, const char *text)
{
    for (size_t i = 0; i < m->nmissing; i++)
        if (strcmp(m->missing[i], text) == 0)
            return BDB_OK;
    char **p = realloc(m->missing, (m->nmissing + 1) * sizeof *p);
    if (!p)
        return BDB_ENOMEM;
    m->missing = p;
    if (!(m->missing[m->nmissing] = strdup(text)))
        return BDB_ENOMEM;
    m->nmissing++;
    return BDB_OK;
}

/* Divides rates (multiplies durations) by the platform's cores, threads
 * or GHz; a platform without that figure drops out of the series. */
static int normalise(bdb_model *m, bdb_rseries *s, size_t pi, int *scaled)
{
    bdb_cell *c = &s->cells[pi];
    const bdb_platform *p = &m->platforms[pi];
    *scaled = 0;
    if (m->opts.normalize == BDB_NORM_NONE || !c->present || !s->headline)
        return BDB_OK;
    s->unit_per = bdb_model_norm_label(m->opts.normalize, s->better);
    double k = NAN;
    const char *what = "";
    switch (m->opts.normalize) {
    case BDB_NORM_PER_CORE: k = p->cores; what = "cores"; break;
    case BDB_NORM_PER_THREAD: k = p->threads; what = "threads"; break;
    case BDB_NORM_PER_GHZ: k = p->freq_mhz / 1000.0; what = "freq_mhz"; break;
    default: break;
    }
    if (!(k > 0)) {
        c->present = 0;
        char text[256];
        snprintf(text, sizeof text, "%s of platform %s (needed to normalise)",
                 what, bdb_model_platform_name(m, pi));
        return add_missing(m, text);
    }
    for (size_t i = 0; i < c->n; i++)
        c->values[i] = s->better < 0 ? c->values[i] * k : c->values[i] / k;
    *scaled = 1;
    return BDB_OK;
}

const char *bdb_model_norm_label(bdb_norm norm, int better)
{
    switch (norm) {
    case BDB_NORM_PER_CORE: return better < 0 ? " x cores" : " per core";
    case BDB_NORM_PER_THREAD: return better < 0 ? " x threads" : " per thread";
    case BDB_NORM_PER_GHZ: return better < 0 ? " x GHz" : " per GHz";
    default: return "";
    }
}

void bdb_series_unit_label(const bdb_rseries *se, char *out, size_t n)
{
    join4(out, n, se->unit, se->unit_per ? se->unit_per : "", "", "");
}

void bdb_format_series_value(const bdb_rseries *se, double v, char *out,
                             size_t n)
{
    char num[96];
    bdb_format_value(v, se->unit, num, sizeof num);
    join4(out, n, num, isfinite(v) && se->unit_per ? se->unit_per : "", "",
          "");
}

/* The platform as the cost model sees it: hourly rent as monthly rent
 * (730.5 hours a month), and a price in another currency left out (there
 * is no conversion). Made once per platform, when the model is built. */
static void cost_view(const bdb_model *m, size_t pi, bdb_platform *out)
{
    *out = m->platforms[pi];
    const char *cur = m->opts.cost.currency ? m->opts.cost.currency : "USD";
    if (isnan(out->rent_usd_month) && out->rent_usd_hour > 0)
        out->rent_usd_month = out->rent_usd_hour * 730.5;
    if (out->price_currency[0] && strcasecmp(out->price_currency, cur) != 0 &&
        !isnan(out->price_usd))
        out->price_usd = NAN;
}

/* The first time a cell of platform pi has efficiency figures: says in
 * the missing-inputs list that its price was left out (cost_view). */
static int cost_listed(bdb_model *m, size_t pi)
{
    model_impl *impl = (model_impl *)m;
    if (impl->cost_listed[pi])
        return BDB_OK;
    impl->cost_listed[pi] = 1;
    const bdb_platform *p = &m->platforms[pi];
    const char *cur = m->opts.cost.currency ? m->opts.cost.currency : "USD";
    if (p->price_currency[0] && strcasecmp(p->price_currency, cur) != 0 &&
        !isnan(p->price_usd)) {
        char text[256];
        snprintf(text, sizeof text, "price of %s is in %s, the report in %s "
                                    "(no conversion: give --currency %s)",
                 bdb_model_platform_name(m, pi), p->price_currency, cur,
                 p->price_currency);
        return add_missing(m, text);
    }
    return BDB_OK;
}

void bdb_cell_efficiency(const bdb_model *m, const bdb_rseries *se, size_t p,
                         bdb_efficiency *eff, bdb_match *match)
{
    const model_impl *impl = (const model_impl *)m;
    const bdb_cell *c = &se->cells[p];
    int works = c->present && impl->cost &&
                bdb_efficiency_measures_work(se->metric, se->unit, se->better);
    if (eff) {
        memset(eff, 0, sizeof *eff);
        if (works)
            (void)bdb_efficiency_compute(bdb_cell_whole_mean(se, p), se->unit,
                                         se->better,
                                         &impl->cost[p], &m->opts.cost, eff);
    }
    if (match) {
        memset(match, 0, sizeof *match);
        const bdb_cell *a = &se->cells[se->ref];
        if (works && a->present && p != se->ref)
            bdb_efficiency_match(bdb_cell_whole_mean(se, se->ref),
                                 bdb_cell_whole_mean(se, p), se->unit,
                                 se->better, &impl->cost[p], &m->opts.cost,
                                 match);
    }
}

/* Says, per platform, which cost inputs the efficiency figures lacked. */
static int list_missing_costs(bdb_model *m)
{
    const model_impl *impl = (const model_impl *)m;
    for (size_t p = 0; p < m->nplatforms; p++) {
        unsigned bits = impl->eff_missing[p];
        char text[700], word[400];
        const char *name = bdb_model_platform_name(m, p);
        /* the name is pasted into a shell: one quoted word, whatever it
         * holds */
        bdb_shell_quote(name, word, sizeof word);
        int rc = BDB_OK;
        if (bits & BDB_EFF_MISSING_POWER) {
            snprintf(text, sizeof text, "power_w of %s (per-watt, energy and "
                                        "TCO figures): benchdb platform add "
                                        "%s --power-w W", name, word);
            rc = add_missing(m, text);
        }
        if (!rc && (bits & BDB_EFF_MISSING_PRICE)) {
            snprintf(text, sizeof text, "price_usd or rent of %s (per-dollar "
                                        "and TCO figures): benchdb platform "
                                        "add %s --price-usd P", name, word);
            rc = add_missing(m, text);
        }
        if (rc)
            return rc;
    }
    return BDB_OK;
}

static const bdb_summary_consts *consts_of(bdb_model *m, size_t n)
{
    model_impl *impl = (model_impl *)m;
    if (n >= impl->nconsts) {
        size_t cap = impl->nconsts ? impl->nconsts : 16;
        while (cap <= n)
            cap *= 2;
        bdb_summary_consts *p = realloc(impl->consts, cap * sizeof *p);
        if (!p)
            return NULL;
        for (size_t i = impl->nconsts; i < cap; i++)
            p[i].n = (size_t)-1; /* not computed yet */
        impl->consts = p;
        impl->nconsts = cap;
    }
    if (impl->consts[n].n != n)
        bdb_stats_summary_consts(n, &impl->consts[n]);
    return &impl->consts[n];
}

/* What the cell keeps of its summary: the mean, the noisy mark and the
 * outliers (the rest is bdb_cell_summary's, on request). */
static int cell_stats(bdb_model *m, bdb_cell *c)
{
    const bdb_summary_consts *k = consts_of(m, c->n);
    if (!k)
        return BDB_ENOMEM;
    bdb_summary sum;
    size_t nout = 0;
    int rc = bdb_stats_summarize_with(c->values, c->n, k, &sum);
    if (!rc && c->n >= 3)
        rc = bdb_stats_outliers_mad(c->values, c->n, bdb_cell_outliers(c),
                                    &nout);
    (void)nout; /* the marks say it: bdb_cell_noutliers */
    c->mean = sum.mean;
    c->noisy = c->n >= 2 && isfinite(sum.cv) && fabs(sum.cv) > m->opts.noisy_cv;
    return rc;
}

int bdb_cell_summary(const bdb_model *m, const bdb_cell *c, bdb_summary *out)
{
    const model_impl *impl = (const model_impl *)m;
    bdb_summary_consts own;
    const bdb_summary_consts *k = &own;
    if (c->n < impl->nconsts && impl->consts[c->n].n == c->n)
        k = &impl->consts[c->n];
    else
        bdb_stats_summary_consts(c->n, &own);
    int rc = bdb_stats_summarize_with(c->values, c->n, k, out);
    if (rc) {
        double nan = NAN;
        *out = (bdb_summary){c->n, nan, nan, nan, nan, nan, nan, nan, nan,
                             nan, nan, nan};
    }
    return rc;
}

int bdb_cell_tests(const bdb_model *m, const bdb_rseries *se, size_t p,
                   bdb_ttest *welch, bdb_utest *mw)
{
    const model_impl *impl = (const model_impl *)m;
    const bdb_cell *a = &se->cells[se->ref], *c = &se->cells[p];
    if (welch)
        memset(welch, 0, sizeof *welch);
    if (mw)
        memset(mw, 0, sizeof *mw);
    if (!c->compared)
        return BDB_OK;
    int rc = BDB_OK;
    if (welch)
        rc = bdb_stats_welch_test(a->values, a->n, c->values, c->n, welch);
    if (!rc && mw)
        rc = bdb_stats_mann_whitney_dist(a->values, a->n, c->values, c->n,
                                         mw_dist_made(impl, a->n, c->n), mw);
    return rc;
}

/* The baseline, or the first platform with a figure when it has none. */
static size_t reference(const bdb_model *m, const bdb_rseries *s)
{
    if (s->cells[m->baseline].present)
        return m->baseline;
    for (size_t p = 0; p < m->nplatforms; p++)
        if (s->cells[p].present)
            return p;
    return m->baseline;
}

static int compare(bdb_model *m, bdb_rseries *s, size_t pi)
{
    bdb_cell *a = &s->cells[s->ref], *c = &s->cells[pi];
    if (pi == s->ref || !a->present || !c->present)
        return BDB_OK;
    c->compared = 1;
    c->speedup = bdb_stats_speedup(a->mean, c->mean, s->better);
    /* the interval, where there is one, is speedup_intervals' */
    /* no output shows the interval of the difference: skip its quantile */
    bdb_ttest welch;
    int rc = bdb_stats_welch_test(a->values, a->n, c->values, c->n, &welch);
    if (rc)
        return rc;
    c->tested = welch.status == BDB_TEST_OK && isfinite(welch.p);
    /* the p until correct_p_values corrects it, in the series' array
     * (made by its first tested cell) */
    if (c->tested && !s->padj) {
        s->padj = bdb_arena_alloc_aligned(&((model_impl *)m)->arena,
                                          m->nplatforms * sizeof *s->padj,
                                          sizeof(double));
        if (!s->padj)
            return BDB_ENOMEM;
    }
    if (c->tested)
        s->padj[pi] = welch.p;
    /* Mann-Whitney's test is bdb_cell_tests', when an output shows it:
     * only its exact distribution for these sizes is made here, once */
    (void)mw_dist((model_impl *)m, a->n, c->n);
    return BDB_OK;
}

/* A ratio needs values that are finite and > 0 (0 s of sys time has none)
 * and a bootstrap needs two of them. */
static int bootstrappable(const bdb_cell *c)
{
    if (!c->present || c->n < 2 || c->n > UINT32_MAX)
        return 0;
    for (size_t i = 0; i < c->n; i++)
        if (!(isfinite(c->values[i]) && c->values[i] > 0.0))
            return 0;
    return 1;
}

/* Cells whose resampled means are computed together (their values side
 * by side, one vector add per draw): a bound on the means kept at once. */
#define BOOT_GROUP 64

/* The speedup intervals of one series, each what
 * bdb_stats_ratio_bootstrap(reference, cell, resamples, seed) gives: the
 * reference cell is resampled once with the first derived seed, not once
 * per comparison, and every other cell takes the indexes of the second
 * (drawn once per number of values), as each of those comparisons would
 * alone. Each comparison still pairs independent resamples of its two
 * samples; comparisons in one series share random numbers, as they share
 * the baseline. This was 70% of a report's time. The cells of one number
 * of values are resampled together (bdb_stats_resampled_means_many: the
 * same means, bit for bit, for an eighth of the loads). */
static int speedup_intervals(bdb_model *m, bdb_rseries *se, uint64_t seed)
{
    model_impl *impl = (model_impl *)m;
    const bdb_cell *a = &se->cells[se->ref];
    if (m->opts.no_speedup_ci || !bootstrappable(a))
        return BDB_OK;
    size_t B = m->opts.resamples ? m->opts.resamples
                                 : BDB_STATS_BOOTSTRAP_DEFAULT;
    size_t nboot = 0;
    for (size_t p = 0; p < m->nplatforms; p++)
        nboot += se->cells[p].compared && bootstrappable(&se->cells[p]);
    if (nboot == 0)
        return BDB_OK;
    /* the series' intervals, NaN where a cell has none */
    se->ci = bdb_arena_alloc_aligned(&impl->arena,
                                     2 * m->nplatforms * sizeof *se->ci,
                                     sizeof(double));
    if (!se->ci)
        return BDB_ENOMEM;
    for (size_t i = 0; i < 2 * m->nplatforms; i++)
        se->ci[i] = NAN;
    size_t group = nboot < BOOT_GROUP ? nboot : BOOT_GROUP;
    /* ma, the scratch of the interval (2 B), the group's means */
    if (B > SIZE_MAX / ((3 + BOOT_GROUP) * sizeof(double)))
        return BDB_ENOMEM;
    size_t need = (3 + group) * B;
    if (impl->boot_cap < need) {
        double *nb = realloc(impl->boot, need * sizeof *nb);
        if (!nb)
            return BDB_ENOMEM;
        impl->boot = nb;
        impl->boot_cap = need;
    }
    double *ma = impl->boot, *scratch = ma + B, *mc = scratch + 2 * B;
    uint64_t sa, sb;
    bdb_stats_ratio_seeds(seed, &sa, &sb);
    int rc = bdb_stats_resampling_draw(&impl->rs_ref, a->n, B, sa);
    if (!rc)
        rc = bdb_stats_resampled_means(&impl->rs_ref, a->values, ma);
    /* done[p]: the cell's interval is made (or it has none) */
    unsigned char done_stack[256];
    unsigned char *done = m->nplatforms <= sizeof done_stack
                              ? done_stack
                              : malloc(m->nplatforms);
    if (!done)
        return BDB_ENOMEM;
    for (size_t p = 0; p < m->nplatforms; p++)
        done[p] = !(se->cells[p].compared && bootstrappable(&se->cells[p]));
    size_t cells[BOOT_GROUP];
    const double *xs[BOOT_GROUP];
    for (size_t first = 0; !rc && first < m->nplatforms; first++) {
        if (done[first])
            continue;
        /* every cell left with this cell's number of values, in order */
        size_t n = se->cells[first].n, ng = 0;
        for (size_t p = first; p < m->nplatforms && ng < BOOT_GROUP; p++)
            if (!done[p] && se->cells[p].n == n) {
                cells[ng] = p;
                xs[ng++] = se->cells[p].values;
                done[p] = 1;
            }
        if (impl->rs_other.n != n || impl->rs_other.resamples != B ||
            impl->other_seed != sb || !impl->other_drawn) {
            rc = bdb_stats_resampling_draw(&impl->rs_other, n, B, sb);
            if (rc)
                break;
            impl->other_seed = sb;
            impl->other_drawn = 1;
        }
        rc = bdb_stats_resampled_means_many(&impl->rs_other, xs, ng, mc);
        for (size_t g = 0; !rc && g < ng; g++) {
            double *ci = se->ci + 2 * cells[g];
            rc = bdb_stats_ratio_interval(ma, mc + g * B, B, scratch, &ci[0],
                                          &ci[1]);
            if (!rc)
                bdb_stats_orient_interval(&ci[0], &ci[1], se->better);
        }
    }
    if (done != done_stack)
        free(done);
    return rc;
}

static int correct_p_values(bdb_model *m)
{
    size_t n = 0;
    for (size_t s = 0; s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++)
            n += m->series[s].cells[p].tested;
    double *ps = malloc((n ? n : 1) * sizeof *ps);
    double *adj = malloc((n ? n : 1) * sizeof *adj);
    if (!ps || !adj) {
        free(ps);
        free(adj);
        return BDB_ENOMEM;
    }
    size_t k = 0;
    for (size_t s = 0; s < m->nseries; s++)
        for (size_t p = 0; p < m->nplatforms; p++)
            if (m->series[s].cells[p].tested)
                ps[k++] = m->series[s].padj[p];
    int rc = n == 0 ? BDB_OK
             : m->opts.correction == BDB_CORR_BH ? bdb_stats_bh(ps, n, adj)
                                                 : bdb_stats_holm(ps, n, adj);
    k = 0;
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        bdb_rseries *se = &m->series[s];
        for (size_t p = 0; p < m->nplatforms; p++) {
            bdb_cell *c = &se->cells[p];
            if (!c->compared)
                continue;
            m->ncompared++;
            if (c->tested)
                se->padj[p] = adj[k++];
            if (se->better == 0) {
                c->verdict = BDB_VERDICT_NONE;
                continue;
            }
            const bdb_cell *ref = &se->cells[se->ref];
            bdb_decide_opts o = {.threshold = m->opts.threshold, .level = 0};
            bdb_decide d;
            rc = bdb_decide_two(ref->values, ref->n, c->values, c->n,
                                se->better, &o, &d);
            if (rc)
                break;
            static const bdb_verdict map[] = {
                [BDB_DECIDE_UNTESTED] = BDB_VERDICT_UNTESTED,
                [BDB_DECIDE_SAME] = BDB_VERDICT_SAME,
                [BDB_DECIDE_BETTER] = BDB_VERDICT_BETTER,
                [BDB_DECIDE_WORSE] = BDB_VERDICT_WORSE,
                [BDB_DECIDE_CHANGED] = BDB_VERDICT_NONE};
            c->verdict = map[d.verdict];
            m->nuntested += c->verdict == BDB_VERDICT_UNTESTED;
            m->nsignificant += c->verdict == BDB_VERDICT_BETTER ||
                               c->verdict == BDB_VERDICT_WORSE;
        }
    }
    free(ps);
    free(adj);
    return rc;
}

/* ---- sweeps ----------------------------------------------------------- */

static const char *const sweep_keys[] = {
    "concurrency", "clients", "threads", "block_size", "iodepth", "numjobs",
    "multi", "streams", "pipeline", "payload_size", "freq_mhz", NULL};

/* The tool record's sweepable parameters (its default first); the
 * general list for tools without a record or a list (published rows). */
const char *const *bdb_model_sweep_keys(const char *tool)
{
    const bdb_tool *t = tool ? bdb_tool_find(tool) : NULL;
    return t && t->sweeps ? t->sweeps : sweep_keys;
}

/* The r-th parameter a series whose tool sweeps over keys is tried as a
 * sweep over: --sweep's only, or the tool's list; NULL past the end. */
static const char *sweep_key_at(const bdb_model *m, const char *const *keys,
                                size_t r)
{
    if (m->opts.sweep && *m->opts.sweep)
        return r == 0 ? m->opts.sweep : NULL;
    for (size_t i = 0; i < r; i++)
        if (!keys[i])
            return NULL;
    return keys[r];
}

/* params without key, for grouping series that differ only in key. */
static void params_without(const char *params, const char *key, char *out,
                           size_t n, double *value, int *found)
{
    size_t used = 0;
    *found = 0;
    out[0] = '\0';
    const char *p = params;
    size_t klen = strlen(key);
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
            char *end;
            char tmp[64];
            size_t vl = len - klen - 1 < sizeof tmp - 1 ? len - klen - 1 : sizeof tmp - 1;
            memcpy(tmp, p + klen + 1, vl);
            tmp[vl] = '\0';
            *value = strtod(tmp, &end);
            *found = end != tmp && *end == '\0';
        } else if (used + len + 2 < n) {
            if (used)
                out[used++] = ',';
            memcpy(out + used, p, len);
            used += len;
            out[used] = '\0';
        }
        p += len + (comma ? 1 : 0);
    }
}

typedef struct sweep_item {
    size_t series;
    double value;
} sweep_item;

static int cmp_item(const void *a, const void *b)
{
    const sweep_item *x = a, *y = b;
    return x->value < y->value ? -1 : x->value > y->value;
}

/* A series that has the sweep key: its index, value and the rest of its
 * parameters. */
typedef struct sweep_cand {
    size_t series;
    double value;
    const char *key, *tool, *benchmark, *metric;
    char *rest;
} sweep_cand;

static int same_class(const sweep_cand *a, const sweep_cand *b)
{
    return strcmp(a->key, b->key) == 0 && strcmp(a->tool, b->tool) == 0 &&
           strcmp(a->benchmark, b->benchmark) == 0 &&
           strcmp(a->metric, b->metric) == 0 && strcmp(a->rest, b->rest) == 0;
}

/* Same tool, benchmark, metric and other parameters: one sweep; ties in
 * index order, so each class lists its series as the model does. */
static int cmp_cand(const void *x, const void *y)
{
    const sweep_cand *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    if (!c)
        c = strcmp(a->tool, b->tool);
    if (!c)
        c = strcmp(a->benchmark, b->benchmark);
    if (!c)
        c = strcmp(a->metric, b->metric);
    if (!c)
        c = strcmp(a->rest, b->rest);
    if (!c)
        c = (a->series > b->series) - (a->series < b->series);
    return c;
}

/* A class of candidates of one key: where it starts in the sorted list,
 * how many, and its first series (classes become sweeps in that order). */
typedef struct sweep_class {
    size_t from, n, first;
} sweep_class;

static int cmp_class(const void *x, const void *y)
{
    const sweep_class *a = x, *b = y;
    return (a->first > b->first) - (a->first < b->first);
}

/* For each key in order, the series not yet in a sweep that have it fall
 * into classes of equal tool, benchmark, metric and other parameters; a
 * class of three or more is a sweep, in the order of its first series, its
 * series by value. This is what comparing every pair gave, with a sort
 * instead of n^2 string comparisons (12,500 series made that 55% of a
 * report). */
static int find_sweeps(bdb_model *m)
{
    size_t cap = m->nseries ? m->nseries : 1;
    sweep_item *items = malloc(cap * sizeof *items);
    sweep_cand *cand = malloc(cap * sizeof *cand);
    sweep_class *cls = malloc(cap * sizeof *cls);
    /* each series' tool's keys, found once and not once per round */
    const char *const **keys = malloc(cap * sizeof *keys);
    char *rest = malloc(BDB_PARAMS_TEXT_MAX);
    int rc = items && cand && cls && keys && rest ? BDB_OK : BDB_ENOMEM;
    for (size_t s = 0; !rc && s < m->nseries; s++)
        keys[s] = bdb_model_sweep_keys(m->series[s].tool);
    size_t ncand = 0;
    for (size_t round = 0; !rc; round++) {
        ncand = 0;
        int more = 0;
        for (size_t s = 0; !rc && s < m->nseries; s++) {
            bdb_rseries *a = &m->series[s];
            if (a->sweep >= 0)
                continue;
            const char *key = sweep_key_at(m, keys[s], round);
            if (!key)
                continue;
            more = 1;
            double v;
            int found;
            params_without(a->params, key, rest, BDB_PARAMS_TEXT_MAX, &v, &found);
            if (!found)
                continue;
            cand[ncand] = (sweep_cand){s, v, key, a->tool, a->benchmark,
                                       a->metric, strdup(rest)};
            if (!cand[ncand].rest)
                rc = BDB_ENOMEM;
            else
                ncand++;
        }
        if (!rc)
            qsort(cand, ncand, sizeof *cand, cmp_cand);
        size_t ncls = 0;
        for (size_t i = 0; !rc && i < ncand;) {
            size_t j = i + 1;
            while (j < ncand && same_class(&cand[i], &cand[j]))
                j++;
            if (j - i >= 3)
                cls[ncls++] = (sweep_class){i, j - i, cand[i].series};
            i = j;
        }
        if (!rc)
            qsort(cls, ncls, sizeof *cls, cmp_class);
        for (size_t k = 0; !rc && k < ncls; k++) {
            size_t n = cls[k].n;
            for (size_t i = 0; i < n; i++)
                items[i] = (sweep_item){cand[cls[k].from + i].series,
                                        cand[cls[k].from + i].value};
            qsort(items, n, sizeof *items, cmp_item);
            bdb_sweep *sw = realloc(m->sweeps, (m->nsweeps + 1) * sizeof *sw);
            if (!sw) {
                rc = BDB_ENOMEM;
                break;
            }
            m->sweeps = sw;
            bdb_sweep *w = &m->sweeps[m->nsweeps];
            const bdb_rseries *a = &m->series[cls[k].first];
            const char *r = cand[cls[k].from].rest;
            w->key = strdup(cand[cls[k].from].key);
            char label[BDB_PARAMS_TEXT_MAX + 512];
            snprintf(label, sizeof label, "%s %s %s%s%s%s", a->tool, a->benchmark,
                     a->metric, r[0] ? " (" : "", r, r[0] ? ")" : "");
            w->label = strdup(label);
            w->series = malloc(n * sizeof *w->series);
            w->n = n;
            if (!w->key || !w->label || !w->series) {
                free(w->key);
                free(w->label);
                free(w->series);
                rc = BDB_ENOMEM;
                break;
            }
            for (size_t i = 0; i < n; i++) {
                w->series[i] = items[i].series;
                m->series[items[i].series].sweep = (int)m->nsweeps;
            }
            m->nsweeps++;
        }
        for (size_t i = 0; i < ncand; i++)
            free(cand[i].rest);
        ncand = 0;
        if (!more)
            break;
    }
    free(items);
    free(cand);
    free(cls);
    free(keys);
    free(rest);
    return rc;
}

/* ---- one figure of merit per run --------------------------------------- */

/* A figure of merit that the run states at several values of one setting
 * (openssl speed's block sizes): the score takes the one at the largest. */
typedef struct pick_item {
    const bdb_rseries *se;
    size_t series;
    double value;
    char *rest;         /* the parameters less the setting */
} pick_item;

static int cmp_pick(const void *x, const void *y)
{
    const pick_item *a = x, *b = y;
    const bdb_rseries *sa = a->se, *sb = b->se;
    int c = strcmp(sa->tool, sb->tool);
    if (!c)
        c = strcmp(sa->benchmark, sb->benchmark);
    if (!c)
        c = strcmp(sa->metric, sb->metric);
    if (!c)
        c = strcmp(a->rest, b->rest);
    if (!c)
        c = (a->value < b->value) - (a->value > b->value);
    return c;
}

static int one_figure_per_run(bdb_model *m)
{
    pick_item *items = malloc((m->nseries ? m->nseries : 1) * sizeof *items);
    if (!items)
        return BDB_ENOMEM;
    size_t n = 0;
    int rc = BDB_OK;
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        const bdb_rseries *se = &m->series[s];
        const bdb_tool *t = se->headline ? bdb_tool_find(se->tool) : NULL;
        if (!t || !t->merit_pick_max)
            continue;
        size_t len = strlen(se->params) + 1;
        char *rest = malloc(len);
        if (!rest) {
            rc = BDB_ENOMEM;
            break;
        }
        double v = 0;
        int found = 0;
        params_without(se->params, t->merit_pick_max, rest, len, &v, &found);
        if (!found) {
            free(rest);
            continue;
        }
        items[n++] = (pick_item){se, s, v, rest};
    }
    if (!rc) {
        qsort(items, n, sizeof *items, cmp_pick);
        for (size_t i = 1; i < n; i++) {
            const bdb_rseries *a = &m->series[items[i - 1].series];
            const bdb_rseries *b = &m->series[items[i].series];
            if (!strcmp(a->tool, b->tool) && !strcmp(a->benchmark, b->benchmark) &&
                !strcmp(a->metric, b->metric) &&
                !strcmp(items[i - 1].rest, items[i].rest))
                m->series[items[i].series].headline = 0;
        }
    }
    for (size_t i = 0; i < n; i++)
        free(items[i].rest);
    free(items);
    return rc;
}

/* ---- scores --------------------------------------------------------------- */

static const char *const categories[] = {"cpu", "crypto", "memory", "disk",
                                         "network", "web", "key-value",
                                         "other", "overall", NULL};

static int compute_scores(bdb_model *m)
{
    size_t ncat = 0;
    while (categories[ncat])
        ncat++;
    m->scores = calloc(ncat * m->nplatforms, sizeof *m->scores);
    double *r = malloc((m->nseries ? m->nseries : 1) * sizeof *r);
    if (!m->scores || !r) {
        free(r);
        return BDB_ENOMEM;
    }
    int rc = BDB_OK;
    for (size_t ci = 0; !rc && ci < ncat; ci++) {
        const char *cat = categories[ci];
        for (size_t p = 0; !rc && p < m->nplatforms; p++) {
            if (p == m->baseline)
                continue;
            size_t n = 0;
            for (size_t s = 0; s < m->nseries; s++) {
                const bdb_rseries *se = &m->series[s];
                if (!se->headline || se->ref != m->baseline ||
                    (strcmp(cat, "overall") != 0 &&
                     strcmp(cat, se->category) != 0))
                    continue;
                const bdb_cell *c = &se->cells[p];
                if (c->compared)
                    r[n++] = c->speedup;
            }
            if (n == 0)
                continue;
            bdb_score *sc = &m->scores[m->nscores++];
            sc->category = cat;
            sc->platform = p;
            rc = bdb_stats_geomean_ratios(r, n, m->opts.resamples,
                                          m->opts.seed + ci * 131 + p, &sc->g);
        }
    }
    free(r);
    return rc;
}

/* ---- entry points -------------------------------------------------------- */

static int choose_platforms(bdb_model *m, bdb_store *st, build *b,
                            bdb_diag *diag)
{
    int rc = bdb_store_platform_names_each(st, &m->opts.filter,
                                           collect_platform, b);
    if (!rc)
        rc = b->rc;
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    if (b->nseen == 0)
        return bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                            "no results match the selection");
    size_t cap = b->nseen + 64;
    m->platforms = calloc(cap, sizeof *m->platforms);
    if (!m->platforms)
        return BDB_ENOMEM;
    if (m->opts.platforms && *m->opts.platforms) {
        char *list = strdup(m->opts.platforms);
        if (!list)
            return BDB_ENOMEM;
        char *save = NULL;
        for (char *t = strtok_r(list, ",", &save); !rc && t && m->nplatforms < cap;
             t = strtok_r(NULL, ",", &save)) {
            int have = 0;
            for (size_t i = 0; i < b->nseen; i++)
                have |= strcmp(b->seen[i], t) == 0;
            if (!have)
                rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                                  "platform '%s' has no results in the "
                                  "selection", t);
            else if (find_platform(m, t) < 0 && (rc = add_platform(m, st, t)))
                rc = bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
        }
        free(list);
        if (rc)
            return rc;
    } else {
        for (size_t i = 0; i < b->nseen; i++)
            if ((rc = add_platform(m, st, b->seen[i])))
                return bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    }
    m->baseline = 0;
    if (m->opts.baseline) {
        int bi = find_platform(m, m->opts.baseline);
        if (bi < 0)
            return bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                                "baseline '%s' has no results in the selection",
                                m->opts.baseline);
        /* The baseline is shown first. */
        bdb_platform tmp = m->platforms[bi];
        memmove(&m->platforms[1], &m->platforms[0], (size_t)bi * sizeof tmp);
        m->platforms[0] = tmp;
    }
    return BDB_OK;
}

/* A comparison report shows series measured on at least min_platforms. */
static void drop_lonely_series(bdb_model *m)
{
    int need = m->opts.min_platforms;
    if (need <= 0)
        need = m->nplatforms >= 2 ? 2 : 1;
    m->left_out.need = need;
    size_t kept = 0;
    for (size_t s = 0; s < m->nseries; s++) {
        bdb_rseries *se = &m->series[s];
        int have = 0;
        for (size_t p = 0; p < m->nplatforms; p++)
            have += se->cells[p].present;
        if (have >= need) {
            m->series[kept++] = *se;
        } else {
            m->left_out.one_platform++; /* its memory is the arena's */
        }
    }
    m->nseries = kept;
}

/* The series of the report's platforms that the selection leaves out:
 * counted by the store, only when something narrows. */
static int count_filtered(bdb_model *m, bdb_store *st)
{
    const bdb_filter *f = &m->opts.filter;
    if (!f->tool && !f->benchmark && !f->metric && !f->set &&
        !(f->params && f->params->n) && !(f->tags && f->tags->n))
        return BDB_OK;
    bdb_filter all = {0};
    all.platforms = m->opts.platforms;
    long long n = 0;
    int rc = bdb_store_series_count(st, &all, &n);
    if (rc)
        return rc;
    size_t sel = m->left_out.selected;
    m->left_out.filtered = n > (long long)sel ? (size_t)n - sel : 0;
    return BDB_OK;
}

/* Names from logs, files and users are shown, never obeyed: once the
 * model is built (names no longer matched), their controls, newlines and
 * bidi overrides are neutralised in place for every renderer, so that no
 * report line can be forged or a terminal driven by a name. */
static void neutralise_names(bdb_model *m)
{
    for (size_t p = 0; p < m->nplatforms; p++)
        bdb_neutral_inplace(m->platforms[p].name, 0);
    for (size_t s = 0; s < m->nseries; s++) {
        bdb_rseries *se = &m->series[s];
        char *parts[] = {se->tool, se->benchmark, se->metric, se->params,
                         se->unit};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
            if (parts[i])
                bdb_neutral_inplace(parts[i], 0);
    }
    for (size_t w = 0; w < m->nsweeps; w++)
        if (m->sweeps[w].label)
            bdb_neutral_inplace(m->sweeps[w].label, 0);
    for (size_t w = 0; w < m->nwarnings; w++) {
        bdb_rwarning *x = &m->warnings[w];
        char *parts[] = {x->platform, x->path, x->message};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
            if (parts[i])
                bdb_neutral_inplace(parts[i], 0);
    }
    bdb_neutral_inplace(m->title, 0);
}

/* Each platform's costs as the efficiency figures read them. */
static int cost_views(bdb_model *m)
{
    model_impl *impl = (model_impl *)m;
    size_t np = m->nplatforms ? m->nplatforms : 1;
    impl->cost = malloc(np * sizeof *impl->cost);
    impl->cost_listed = calloc(np, 1);
    impl->eff_missing = calloc(np, sizeof *impl->eff_missing);
    if (!impl->cost || !impl->cost_listed || !impl->eff_missing)
        return BDB_ENOMEM;
    for (size_t p = 0; p < m->nplatforms; p++)
        cost_view(m, p, &impl->cost[p]);
    return BDB_OK;
}

/* A series' efficiency figures per platform (from the whole means), and what
 * they lacked. */
static int series_efficiency(bdb_model *m, bdb_rseries *se)
{
    model_impl *impl = (model_impl *)m;
    for (size_t p = 0; p < m->nplatforms; p++) {
        bdb_cell *c = &se->cells[p];
        if (!c->present ||
            !bdb_efficiency_measures_work(se->metric, se->unit, se->better))
            continue;
        int rc = cost_listed(m, p);
        if (rc)
            return rc;
        bdb_efficiency eff;
        if (bdb_efficiency_compute(bdb_cell_whole_mean(se, p), se->unit,
                                   se->better,
                                   &impl->cost[p], &m->opts.cost,
                                   &eff) == BDB_OK) {
            c->eff_computed = 1;
            impl->eff_missing[p] |= eff.missing;
        }
    }
    return BDB_OK;
}

/* The series' means as measured, before --normalize scaled cell p of
 * it: those of the cells before p, as they are (none was scaled). */
static int keep_whole_means(bdb_model *m, bdb_rseries *se, size_t p)
{
    se->whole = bdb_arena_alloc_aligned(&((model_impl *)m)->arena,
                                        m->nplatforms * sizeof *se->whole,
                                        sizeof(double));
    if (!se->whole)
        return BDB_ENOMEM;
    for (size_t q = 0; q < p; q++)
        se->whole[q] = se->cells[q].mean;
    return BDB_OK;
}

int bdb_model_build(bdb_store *st, const bdb_report_opts *opts,
                    bdb_model **out, bdb_diag *diag)
{
    *out = NULL;
    model_impl *impl = calloc(1, sizeof *impl);
    bdb_model *m = impl ? &impl->m : NULL;
    if (!m)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    m->opts = *opts;
    snprintf(m->title, sizeof m->title, "%s",
             opts->title ? opts->title : "benchdb report");
    m->opts.title = m->title;
    build b = {.m = m, .st = st, .last_series = -1};
    int rc = choose_platforms(m, st, &b, diag);
    for (size_t i = 0; i < b.nseen; i++)
        free(b.seen[i]);
    free(b.seen);
    if (!rc) {
        rc = bdb_store_groups_each(st, &m->opts.filter, add_group, &b);
        if (!rc)
            rc = b.rc;
        if (rc)
            bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    }
    bdb_strmap_free(&b.keys);
    if (!rc && (rc = cost_views(m)))
        bdb_diag_set(diag, rc, 0, "out of memory");
    if (!rc && (rc = count_filtered(m, st)))
        bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    if (!rc)
        drop_lonely_series(m);
    if (!rc && m->nseries == 0)
        rc = bdb_diag_set(diag, BDB_ENOTFOUND, 0,
                          "no series of the selection is measured on %d or "
                          "more of its platforms (use --all to show series "
                          "of one platform, or --ignore-param K when they "
                          "differ only in parameter K)",
                          m->opts.min_platforms ? m->opts.min_platforms : 2);
    for (size_t s = 0; !rc && s < m->nseries; s++) {
        bdb_rseries *se = &m->series[s];
        se->category = bdb_model_category(se->tool);
        se->headline = is_headline(se);
        for (size_t p = 0; !rc && p < m->nplatforms; p++) {
            bdb_cell *c = &se->cells[p];
            /* the whole machine's mean first: efficiency divides what the
             * machine does by what the machine costs, normalised or not */
            if (c->present)
                rc = cell_stats(m, c);
            double whole = c->mean;
            int scaled = 0;
            if (!rc)
                rc = normalise(m, se, p, &scaled);
            if (!rc && scaled && !se->whole)
                rc = keep_whole_means(m, se, p);
            if (se->whole)
                se->whole[p] = whole;
            if (!rc && scaled)
                rc = cell_stats(m, c);
        }
        se->ref = reference(m, se);
        for (size_t p = 0; !rc && p < m->nplatforms; p++)
            rc = compare(m, se, p);
        if (!rc)
            rc = speedup_intervals(m, se, m->opts.seed + (uint64_t)s * 7919);
        if (!rc)
            rc = series_efficiency(m, se);
    }
    if (!rc)
        rc = list_missing_costs(m);
    if (!rc)
        rc = correct_p_values(m);
    if (!rc)
        rc = find_sweeps(m);
    if (!rc)
        rc = one_figure_per_run(m);
    if (!rc)
        rc = compute_scores(m);
    if (!rc) {
        /* Warnings of the report's platforms only. */
        bdb_filter wf = m->opts.filter;
        wf.platforms = m->opts.platforms;
        rc = bdb_store_warnings_each(st, &wf, add_warning, &b);
        if (!rc)
            rc = b.rc;
        if (!rc)
            rc = mark_warned(m);
        if (!rc)
            rc = mark_merged(m, st);
    }
    if (!rc)
        rc = bdb_model_traces_gather(m, st);
    if (rc) {
        if (!diag->message[0]) {
            const char *why = bdb_store_errmsg(st);   /* the store's words */
            bdb_diag_set(diag, rc, 0, "%s",
                         why && *why ? why : bdb_strerror(rc));
        }
        bdb_model_free(m);
        return rc;
    }
    neutralise_names(m);
    *out = m;
    return BDB_OK;
}

void bdb_model_free(bdb_model *m)
{
    if (!m)
        return;
    free(m->series);
    for (size_t i = 0; i < m->nsweeps; i++) {
        free(m->sweeps[i].key);
        free(m->sweeps[i].label);
        free(m->sweeps[i].series);
    }
    free(m->sweeps);
    free(m->scores);
    for (size_t i = 0; i < m->nwarnings; i++) {
        free(m->warnings[i].platform);
        free(m->warnings[i].path);
        free(m->warnings[i].message);
    }
    free(m->warnings);
    bdb_model_traces_free(&m->traces);
    for (size_t i = 0; i < m->nmissing; i++)
        free(m->missing[i]);
    free(m->missing);
    free(m->platforms);
    model_impl *impl = (model_impl *)m;
    bdb_arena_free(&impl->arena);
    path_pool_free(&impl->paths);
    bdb_strmap_free(&impl->names);
    free(impl->cost);
    free(impl->cost_listed);
    free(impl->eff_missing);
    free(impl->merged);
    free(impl->consts);
    for (size_t i = 0; i < impl->nmw; i++)
        free(impl->mw[i].dist);
    bdb_stats_resampling_free(&impl->rs_ref);
    bdb_stats_resampling_free(&impl->rs_other);
    free(impl->boot);
    free(impl);
}

/* ---- formatting ----------------------------------------------------------- */

/* Three significant digits or so: 123, 12.3, 1.23 (bdb_fmt_f is
 * printf's %.Nf without printf: a report formats a million of these). */
static void fmt3(double v, char *out, size_t n)
{
    double a = fabs(v);
    bdb_fmt_f(out, n, v, a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : 2);
}

/* out = a b c d, cut to n as snprintf("%s%s%s%s") would */
static void join4(char *out, size_t n, const char *a, const char *b,
                  const char *c, const char *d)
{
    size_t len = 0;
    if (n)
        out[0] = '\0';
    bdb_str_add(out, n, &len, a);
    bdb_str_add(out, n, &len, b);
    bdb_str_add(out, n, &len, c);
    bdb_str_add(out, n, &len, d);
}

void bdb_format_value(double v, const char *unit, char *out, size_t n)
{
    static const char *const si[] = {"", "k", "M", "G", "T", "P"};
    char num[64]; /* %.0f of a huge value is cut here, as it always was */
    if (!isfinite(v)) {
        join4(out, n, "-", "", "", "");
        return;
    }
    if (strcmp(unit, "s") == 0) {
        double a = fabs(v);
        if (a != 0 && a < 1e-6) {
            fmt3(v * 1e9, num, sizeof num);
            join4(out, n, num, " ns", "", "");
        } else if (a != 0 && a < 1e-3) {
            fmt3(v * 1e6, num, sizeof num);
            join4(out, n, num, " us", "", "");
        } else if (a != 0 && a < 1) {
            fmt3(v * 1e3, num, sizeof num);
            join4(out, n, num, " ms", "", "");
        } else {
            fmt3(v, num, sizeof num);
            join4(out, n, num, " s", "", "");
        }
        return;
    }
    if (strcmp(unit, "%") == 0) {
        char wide[320]; /* %.1f of DBL_MAX whole: out alone cuts it */
        bdb_fmt_f(wide, sizeof wide, v, 1);
        join4(out, n, wide, "%", "", "");
        return;
    }
    if (strcmp(unit, "count") == 0) {
        if (v == floor(v) && fabs(v) < 1e15)
            bdb_fmt_f(num, sizeof num, v, 0);
        else
            bdb_fmt_g(num, v, 4);
        join4(out, n, num, "", "", "");
        return;
    }
    int k = 0;
    double x = v;
    while (fabs(x) >= 1000 && k < 5) {
        x /= 1000;
        k++;
    }
    fmt3(x, num, sizeof num);
    if (strcmp(unit, "op/s") == 0)
        join4(out, n, num, si[k], " op/s", "");
    else if (strcmp(unit, "B/s") == 0)
        join4(out, n, num, " ", si[k], "B/s");
    else if (strcmp(unit, "bit/s") == 0)
        join4(out, n, num, " ", si[k], "bit/s");
    else if (strcmp(unit, "B") == 0)
        join4(out, n, num, " ", si[k], "B");
    else {
        join4(out, n, num, si[k], *unit ? " " : "", unit);
    }
}

void bdb_format_speedup(const bdb_cell *c, char *out, size_t n)
{
    if (!c->compared || !isfinite(c->speedup)) {
        join4(out, n, "-", "", "", "");
        return;
    }
    char num[320]; /* %.2f of DBL_MAX whole: out alone cuts it */
    bdb_fmt_f(num, sizeof num, c->speedup, 2);
    switch (c->verdict) {
    case BDB_VERDICT_BETTER: join4(out, n, num, "x +", "", ""); break;
    case BDB_VERDICT_WORSE: join4(out, n, num, "x -", "", ""); break;
    case BDB_VERDICT_SAME: join4(out, n, "~", num, "x", ""); break;
    case BDB_VERDICT_UNTESTED: join4(out, n, num, "x ?", "", ""); break;
    default: join4(out, n, num, "x", "", ""); break;
    }
}

/* ---- parts for other builders (model_parts.h) ----------------------------- */

bdb_model *bdb_model_part_new(const bdb_report_opts *opts)
{
    model_impl *impl = calloc(1, sizeof *impl);
    if (!impl)
        return NULL;
    bdb_model *m = &impl->m;
    m->opts = *opts;
    snprintf(m->title, sizeof m->title, "%s",
             opts->title ? opts->title : "benchdb report");
    m->opts.title = m->title;
    return m;
}

int bdb_model_part_platforms(bdb_model *m, bdb_store *st, bdb_diag *diag)
{
    build b = {.m = m, .st = st, .last_series = -1};
    int rc = choose_platforms(m, st, &b, diag);
    for (size_t i = 0; i < b.nseen; i++)
        free(b.seen[i]);
    free(b.seen);
    return rc;
}

void *bdb_model_part_alloc(bdb_model *m, size_t n)
{
    return bdb_arena_alloc(&((model_impl *)m)->arena, n ? n : 1);
}

char *bdb_model_part_strdup(bdb_model *m, const char *s)
{
    return bdb_arena_strdup(&((model_impl *)m)->arena, s ? s : "");
}

int bdb_model_part_is_headline(const bdb_rseries *se)
{
    return is_headline(se);
}

int bdb_model_part_finish_means(bdb_model *m)
{
    drop_lonely_series(m);
    for (size_t s = 0; s < m->nseries; s++) {
        bdb_rseries *se = &m->series[s];
        se->category = bdb_model_category(se->tool);
        se->headline = is_headline(se);
        se->ref = reference(m, se);
        for (size_t p = 0; p < m->nplatforms; p++) {
            bdb_cell *a = &se->cells[se->ref], *c = &se->cells[p];
            if (p == se->ref || !a->present || !c->present)
                continue;
            c->compared = 1;
            c->speedup = bdb_stats_speedup(a->mean, c->mean, se->better);
        }
    }
    int rc = cost_views(m);
    for (size_t s = 0; !rc && s < m->nseries; s++)
        rc = series_efficiency(m, &m->series[s]);
    if (!rc)
        rc = list_missing_costs(m);
    if (!rc)
        rc = one_figure_per_run(m);
    if (!rc)
        rc = compute_scores(m);
    if (!rc)
        neutralise_names(m);
    return rc;
}
