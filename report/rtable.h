/* rtable.h - a table of strings printed aligned for a terminal or as a
 * GitHub-flavoured Markdown table (pipes escaped). */
#ifndef BDB_RTABLE_H
#define BDB_RTABLE_H

#include <stddef.h>

#include "../common/bdb_buf.h"

typedef struct bdb_rtable {
    size_t ncols;
    char **cells;   /* row-major; row 0 is the header */
    size_t nrows, cap;
    unsigned char right[32];  /* per column: right-aligned */
} bdb_rtable;

int bdb_rtable_init(bdb_rtable *t, size_t ncols);
void bdb_rtable_free(bdb_rtable *t);
/* Adds a row; cells beyond ncols are ignored, missing ones are "". */
int bdb_rtable_add(bdb_rtable *t, const char *const *cells);
int bdb_rtable_text(const bdb_rtable *t, bdb_buf *out, const char *indent);
int bdb_rtable_markdown(const bdb_rtable *t, bdb_buf *out);

#endif
