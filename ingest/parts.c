/* parts.c - wholes made of parts (see parts.h). */
#include "parts.h"
#include "../common/bdb_error.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bdb_parts_open {
    bdb_sample *whole;      /* the first part less its part key */
    double sum;
    int n, need;            /* parts come, parts wanted (0: unknown) */
    bdb_parts_rule rule;
    char *key;              /* the strmap's copy */
};

void bdb_parts_free(bdb_parts *p)
{
    for (size_t i = 0; i < p->nopen; i++) {
        if (p->open[i])
            free(p->open[i]->whole);
        free(p->open[i]);
    }
    free(p->open);
    bdb_strmap_free(&p->keys);
    memset(p, 0, sizeof *p);
}

static const bdb_tool_metric *rule_of(const bdb_tool *t, const bdb_sample *s)
{
    if (!t || !t->part_key || t->parser_sums_parts ||
        !bdb_params_get(&s->params, t->part_key))
        return NULL;
    const bdb_tool_metric *m = bdb_tool_metric_find(t, s->metric);
    return m && m->parts != BDB_PARTS_NONE ? m : NULL;
}

int bdb_parts_wanted(const bdb_tool *t, const bdb_sample *s)
{
    return rule_of(t, s) != NULL;
}

static size_t sample_bytes(const bdb_sample *s)
{
    return offsetof(bdb_sample, params.kv) +
           (size_t)s->params.n * sizeof s->params.kv[0];
}

/* Emits the whole of o and forgets it. */
static int make(bdb_parts *p, size_t i, bdb_parts_emit emit, void *ctx)
{
    bdb_parts_open *o = p->open[i];
    o->whole->value = o->rule == BDB_PARTS_MEAN ? o->sum / o->n : o->sum;
    int rc = emit(ctx, o->whole);
    bdb_strmap_entry *e = bdb_strmap_get(&p->keys, o->key);
    if (e)
        e->value = -1;
    free(o->whole);
    free(o);
    p->open[i] = NULL;
    return rc;
}

int bdb_parts_take(bdb_parts *p, const bdb_tool *t, const bdb_sample *s,
                   bdb_parts_emit emit, void *ctx)
{
    const bdb_tool_metric *m = rule_of(t, s);
    if (!m)
        return BDB_OK;
    char key[64 + 32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + BDB_PARAMS_TEXT_MAX + 32];
    bdb_params rest;
    bdb_sample_copy_params(&rest, &s->params);
    bdb_params_del(&rest, t->part_key);
    int used = snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s\x1f%d\x1f",
                        s->platform, s->tool, s->benchmark, s->metric,
                        s->repetition);
    if (used < 0 || (size_t)used >= sizeof key)
        return BDB_OK;
    bdb_params_format(&rest, key + used, sizeof key - (size_t)used);
    int made = 0;
    bdb_strmap_entry *e = bdb_strmap_put(&p->keys, key, &made);
    if (!e)
        return BDB_ENOMEM;
    if (e->value < 0)
        return BDB_OK;  /* its whole is made: a part seen twice */
    bdb_parts_open *o;
    if (made) {
        bdb_parts_open **grown = bdb_grow(p->open, p->nopen, &p->cap,
                                          sizeof *p->open, 16);
        o = calloc(1, sizeof *o);
        bdb_sample *w = o ? malloc(sizeof *w) : NULL;
        if (!grown || !o || !w) {
            free(o);
            free(w);
            if (grown)
                p->open = grown;
            return BDB_ENOMEM;
        }
        p->open = grown;
        memcpy(w, s, sample_bytes(s));
        bdb_sample_copy_params(&w->params, &rest);
        w->ref = NULL;
        o->whole = w;
        o->rule = m->parts;
        o->key = e->key;
        const char *need = t->part_count_key
                               ? bdb_params_get(&s->params, t->part_count_key)
                               : NULL;
        o->need = need ? atoi(need) : 0;
        p->open[p->nopen] = o;
        e->value = (long long)++p->nopen;
    }
    o = p->open[e->value - 1];
    o->sum += s->value;
    o->n++;
    if (o->need > 0 && o->n >= o->need)
        return make(p, (size_t)e->value - 1, emit, ctx);
    return BDB_OK;
}

int bdb_parts_flush(bdb_parts *p, bdb_sink *warn_to, bdb_parts_emit emit,
                    void *ctx)
{
    int rc = BDB_OK;
    size_t missing = 0;
    const bdb_parts_open *first = NULL;
    for (size_t i = 0; !rc && i < p->nopen; i++) {
        bdb_parts_open *o = p->open[i];
        if (!o)
            continue;
        if (o->need == 0 && o->n >= 2) {
            rc = make(p, i, emit, ctx);
        } else if (o->need > 0) {
            if (!missing++)
                first = o;
        }
    }
    if (!rc && missing)
        rc = bdb_sink_warn(warn_to, first->whole->line,
                           "%s %s: %d of %d parts (clones) reported, so no "
                           "total is made (%zu total%s missing)",
                           first->whole->benchmark, first->whole->metric,
                           first->n, first->need, missing,
                           missing == 1 ? " is" : "s are");
    bdb_parts_free(p);
    return rc;
}
