/* history.h - a series over run sets in time (benchdb history): per set
 * n, mean and its 95% interval; change points found by E-divisive means
 * with Student's t-test (changepoint.h, as Apache Otava); rendered by
 * history_render.c (render.h). */
#ifndef BDB_HISTORY_H
#define BDB_HISTORY_H

#include <stddef.h>

#include "../common/bdb_buf.h"
#include "../common/bdb_diag.h"
#include "../store/store.h"
#include "changepoint.h"
#include "stats.h"

typedef struct bdb_hpoint {
    char *set, *created;
    double *v;
    bdb_summary s;
    int change;             /* a change point: this set starts a new level */
    double change_p;        /* its t-test p (NaN when none) */
    double shift;           /* mean after / mean before - 1 at a change */
    int baseline;           /* marked --new-baseline: a new distribution
                               starts here, never a change point */
    const char **notes;     /* benchdb note on this set (or on the series
                               at it); the texts are the history's */
    size_t nnotes;
} bdb_hpoint;

typedef struct bdb_hseries {
    char *tool, *benchmark, *metric, *params, *unit, *platform;
    int better;
    bdb_hpoint *pts;
    size_t n;
    size_t nchanges;
    const char **notes;     /* notes on the series at no set */
    size_t nnotes;
} bdb_hseries;

typedef struct bdb_history {
    bdb_hseries *s;
    size_t n, cap;
    bdb_cp_opts cp;         /* the change point options in force */
    char **texts;           /* every note's text, owned here */
    size_t ntexts;
} bdb_history;

/* Builds the history of every series (and platform) of f, sets in order of
 * creation, with change points by o (NULL: defaults). BDB_ENOTFOUND when
 * nothing matches. */
int bdb_history_build(bdb_store *st, const bdb_filter *f,
                      const bdb_cp_opts *o, bdb_history **out,
                      bdb_diag *diag);
void bdb_history_free(bdb_history *h);

/* Attaches the notes of the store (benchdb note) to the sets and series
 * of h (history_notes.c). */
int bdb_history_notes(bdb_store *st, bdb_history *h, bdb_diag *diag);

/* How the change points were found (E-divisive means, the window, the
 * floors in force), for every output's legend. */
void bdb_history_method(const bdb_history *h, char *out, size_t n);

#endif
