/* bdb_ranges.c - a growing set of line ranges (see bdb_ranges.h). */
#include "bdb_ranges.h"
#include "bdb_error.h"
#include "bdb_grow.h"

#include <stdlib.h>
#include <string.h>

/* The first range whose end is at least x (rs->n when none). */
static size_t first_ending_at_or_after(const bdb_ranges *rs, long x)
{
    size_t lo = 0, hi = rs->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((long)rs->r[mid][1] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int bdb_ranges_add(bdb_ranges *rs, int from, int to)
{
    if (from <= 0 || to < from)
        return BDB_OK;
    /* the ranges from k to j-1 overlap or touch from..to */
    size_t k = first_ending_at_or_after(rs, (long)from - 1);
    size_t j = k;
    while (j < rs->n && (long)rs->r[j][0] - 1 <= (long)to)
        j++;
    if (j > k) {    /* merged into rs->r[k] */
        if (rs->r[k][0] < from)
            from = rs->r[k][0];
        if (rs->r[j - 1][1] > to)
            to = rs->r[j - 1][1];
        rs->r[k][0] = from;
        rs->r[k][1] = to;
        memmove(rs->r + k + 1, rs->r + j, (rs->n - j) * sizeof *rs->r);
        rs->n -= j - k - 1;
        return BDB_OK;
    }
    int (*r)[2] = bdb_grow(rs->r, rs->n, &rs->cap, sizeof *rs->r, 16);
    if (!r)
        return BDB_ENOMEM;
    rs->r = r;
    memmove(rs->r + k + 1, rs->r + k, (rs->n - k) * sizeof *rs->r);
    rs->r[k][0] = from;
    rs->r[k][1] = to;
    rs->n++;
    return BDB_OK;
}

int bdb_ranges_has(const bdb_ranges *rs, size_t *cursor, int x)
{
    size_t i = *cursor < rs->n ? *cursor : rs->n;
    if (i > 0 && x <= rs->r[i - 1][1])  /* behind the cursor */
        i = first_ending_at_or_after(rs, x);
    else
        while (i < rs->n && rs->r[i][1] < x)
            i++;
    *cursor = i;
    return i < rs->n && rs->r[i][0] <= x;
}

void bdb_ranges_free(bdb_ranges *rs)
{
    free(rs->r);
    rs->r = NULL;
    rs->n = rs->cap = 0;
}
