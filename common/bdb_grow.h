/* bdb_grow.h - room for one more element at the end of a growing array,
 * its capacity doubled when full, with the size checked for overflow. */
#ifndef BDB_GROW_H
#define BDB_GROW_H

#include <stddef.h>

/* The array p (n of its *cap elements of size bytes in use) with room for
 * at least one more: p itself while n < *cap, else p reallocated to twice
 * *cap elements (first when *cap is 0) and *cap updated. NULL when out of
 * memory or when the bytes would not fit a size_t: p and *cap are then
 * untouched and p is still the caller's to free. */
void *bdb_grow(void *p, size_t n, size_t *cap, size_t size, size_t first);

#endif
