/* bdb_ranges.h - a growing set of line ranges, kept sorted and merged,
 * with a cursor for lookups that walk the lines in order. */
#ifndef BDB_RANGES_H
#define BDB_RANGES_H

#include <stddef.h>

typedef struct bdb_ranges {
    int (*r)[2];        /* [from, to], inclusive; sorted, disjoint, and
                           never adjacent (touching ranges are merged) */
    size_t n, cap;
} bdb_ranges;

/* Adds from..to (from >= 1, to >= from; other ranges are ignored),
 * merging it with the ranges it overlaps or touches. BDB_ENOMEM on
 * failure (the set is then unchanged). */
int bdb_ranges_add(bdb_ranges *rs, int from, int to);

/* 1 when x lies in a range. *cursor (0 at first) remembers where the last
 * lookup ended, so that lookups of rising x cost O(1) each on average; a
 * lookup behind it searches the set by halves. */
int bdb_ranges_has(const bdb_ranges *rs, size_t *cursor, int x);

void bdb_ranges_free(bdb_ranges *rs);

#endif
