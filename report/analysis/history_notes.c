/* history_notes.c - the notes of `benchdb note` on a history: a note on a
 * set goes to that set in every series, a note on a series to the series
 * (or, with a set, to that set of the series). Notes are sorted by set
 * and by series once and looked up by bsearch, so the work follows
 * series x sets, not times the notes. */
#include "history.h"
#include "../common/bdb_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct hnote {
    char *set;              /* "" : none */
    char *series;           /* tool \x1f benchmark \x1f metric \x1f params;
                               "" for a note on a set alone */
    const char *text;       /* in h->texts */
} hnote;

typedef struct note_load {
    bdb_history *h;
    hnote *v;
    size_t n, cap, tcap;
    int oom;
} note_load;

static char *series_key(const char *tool, const char *bench,
                        const char *metric, const char *params)
{
    size_t n = strlen(tool) + strlen(bench) + strlen(metric) + strlen(params);
    char *k = malloc(n + 4);
    if (k)
        snprintf(k, n + 4, "%s\x1f%s\x1f%s\x1f%s", tool, bench, metric, params);
    return k;
}

static int load_one(const bdb_note_row *r, void *ctx)
{
    note_load *l = ctx;
    bdb_history *h = l->h;
    hnote *v = bdb_grow(l->v, l->n, &l->cap, sizeof *v, 16);
    char **t = v ? bdb_grow(h->texts, h->ntexts, &l->tcap, sizeof *t, 16)
                 : NULL;
    if (v)
        l->v = v;
    if (t)
        h->texts = t;
    if (!v || !t || !(h->texts[h->ntexts] = strdup(r->text))) {
        l->oom = 1;
        return -1;
    }
    hnote *x = &l->v[l->n];
    x->text = h->texts[h->ntexts++];
    x->set = strdup(r->set);
    x->series = r->tool[0] ? series_key(r->tool, r->benchmark, r->metric,
                                        r->params)
                           : strdup("");
    if (!x->set || !x->series) {
        free(x->set);
        free(x->series);
        l->oom = 1;
        return -1;
    }
    l->n++;
    return 0;
}

/* By series, then set. */
static int by_key(const void *a, const void *b)
{
    const hnote *p = a, *q = b;
    int c = strcmp(p->series, q->series);
    return c ? c : strcmp(p->set, q->set);
}

/* The first note in v[0..n) whose series and set are not below key's. */
static size_t lower(const hnote *v, size_t n, const hnote *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (by_key(&v[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int push(const char ***list, size_t *n, const char *text)
{
    const char **p = realloc(*list, (*n + 1) * sizeof *p);
    if (!p)
        return -1;
    p[(*n)++] = text;
    *list = p;
    return 0;
}

/* Appends the texts of the notes with series and set into list. */
static int attach(const hnote *v, size_t n, const char *series,
                  const char *set, const char ***list, size_t *count)
{
    hnote key = {(char *)set, (char *)series, NULL};
    for (size_t i = lower(v, n, &key); i < n && by_key(&v[i], &key) == 0; i++)
        if (push(list, count, v[i].text))
            return -1;
    return 0;
}

int bdb_history_notes(bdb_store *st, bdb_history *h, bdb_diag *diag)
{
    note_load l = {h, NULL, 0, 0, h->ntexts, 0};
    int rc = bdb_store_notes_each(st, load_one, &l);
    if (rc)
        bdb_diag_set(diag, rc, 0, "%s", bdb_store_errmsg(st));
    else if (l.oom)
        rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    if (!rc && l.n)
        qsort(l.v, l.n, sizeof *l.v, by_key);
    for (size_t i = 0; !rc && l.n && i < h->n; i++) {
        bdb_hseries *s = &h->s[i];
        char *key = series_key(s->tool, s->benchmark, s->metric, s->params);
        int bad = !key || attach(l.v, l.n, key, "", &s->notes, &s->nnotes);
        for (size_t k = 0; !bad && k < s->n; k++) {
            bdb_hpoint *p = &s->pts[k];
            bad = attach(l.v, l.n, "", p->set, &p->notes, &p->nnotes) ||
                  attach(l.v, l.n, key, p->set, &p->notes, &p->nnotes);
        }
        free(key);
        if (bad)
            rc = bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    }
    for (size_t i = 0; i < l.n; i++) {
        free(l.v[i].set);
        free(l.v[i].series);
    }
    free(l.v);
    return rc;
}
