/* runsets.h - a selection's values gathered by series (and platform) and
 * run set, in the store's order (series, platform, set creation time):
 * what compare, check and history read. */
#ifndef BDB_RUNSETS_H
#define BDB_RUNSETS_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "../store/store.h"

/* The values of one series (and platform) in one run set. */
typedef struct bdb_rset {
    long long id;           /* the set's id, 0 for results in none */
    char *name;             /* "(no set)" for results in none */
    char *created;          /* "" for results in none */
    double *v;
    size_t n, cap;
} bdb_rset;

typedef struct bdb_rgroup {
    long long series_id;
    char *tool, *benchmark, *metric, *params, *unit, *platform;
    int better;
    bdb_rset *sets;         /* in order of creation */
    size_t nsets, capsets;
    char *key;              /* the caller's (compare: the identity that
                               matches two sides); freed with the group */
} bdb_rgroup;

typedef struct bdb_rgroups {
    bdb_rgroup *g;
    size_t n, cap;
} bdb_rgroups;

/* Gathers the results of f into gs (emptied first): one group a series,
 * or a series and platform with by_platform ("" platform otherwise). A
 * failure is on diag (gs is then empty). */
int bdb_rgroups_collect(bdb_store *st, const bdb_filter *f, int by_platform,
                        bdb_rgroups *gs, bdb_diag *diag);
void bdb_rgroups_free(bdb_rgroups *gs);
/* Frees what one group holds (not the group itself). */
void bdb_rgroup_free(bdb_rgroup *g);

/* The names of the sets marked as new baselines, sorted for lookups. */
typedef struct bdb_marks {
    char **names;
    size_t n, cap;
} bdb_marks;

int bdb_marks_load(bdb_store *st, bdb_marks *m, bdb_diag *diag);
/* 1 when set is marked. */
int bdb_marks_has(const bdb_marks *m, const char *set);
void bdb_marks_free(bdb_marks *m);

/* Appends v to s: -1 when out of memory. */
int bdb_rset_push(bdb_rset *s, double v);
/* The values of sets [from, to) of g, in a new array *v of *n. */
int bdb_rgroup_pool(const bdb_rgroup *g, size_t from, size_t to, double **v,
                    size_t *n);

#endif
