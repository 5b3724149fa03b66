/* rtable.h - a table of strings printed aligned for a terminal or as a
 * GitHub-flavoured Markdown table (pipes escaped). */
#ifndef BDB_RTABLE_H
#define BDB_RTABLE_H

#include <stddef.h>

#include "../common/bdb_arena.h"
#include "../common/bdb_buf.h"

typedef struct bdb_rtable {
    size_t ncols;
    char **cells;   /* row-major; row 0 is the header; the texts are
                       text's */
    size_t nrows, cap;
    unsigned char *right;     /* per column (ncols of them): right-aligned */
    size_t nkey;    /* leading columns that name a row (0 = 1) */
    unsigned char *tone;      /* per row (cap of them): a bdb_tone */
    bdb_arena text; /* the cells' texts, each its own size: a malloc a
                       cell was twice the text of a lab's largest
                       section, on top of its model */
    /* called by the printers (text, fitted text, Markdown) after each
     * row's lines, with the buffer they print into (its last byte a
     * newline): a renderer hands what is printed on to its output there,
     * so that a table of a million rows is not held twice, as cells and
     * as text. NULL: none */
    void (*row_done)(bdb_buf *out, void *ctx);
    void *row_ctx;
} bdb_rtable;

/* How a row stands out where a format can show it (HTML: the row's
 * class); text and Markdown say it in a cell of their own. */
typedef enum bdb_tone {
    BDB_TONE_NONE = 0,
    BDB_TONE_BETTER,
    BDB_TONE_WORSE,
    BDB_TONE_CHANGE
} bdb_tone;

/* 0, or -1 when out of memory (t is then an empty table of no column). */
int bdb_rtable_init(bdb_rtable *t, size_t ncols);
void bdb_rtable_free(bdb_rtable *t);
/* Adds a row; cells beyond ncols are ignored, missing ones are "". */
int bdb_rtable_add(bdb_rtable *t, const char *const *cells);
/* Gives the last row added the tone. */
void bdb_rtable_tone(bdb_rtable *t, bdb_tone tone);
/* The HTML class of a tone ("" for none). */
const char *bdb_tone_class(bdb_tone tone);
int bdb_rtable_text(const bdb_rtable *t, bdb_buf *out, const char *indent);
int bdb_rtable_markdown(const bdb_rtable *t, bdb_buf *out);
/* As bdb_rtable_text when the table fits in width columns; otherwise
 * each row becomes a block: its key columns on one line, then one
 * "header: value" line per other column, so nothing is cut. */
int bdb_rtable_text_fit(const bdb_rtable *t, bdb_buf *out, const char *indent,
                        size_t width);
/* Appends s word-wrapped to maxw columns: its first line goes on from
 * column col, the others start with indent; ends with a newline. Words
 * longer than a line are kept whole. */
void bdb_text_wrap(bdb_buf *out, const char *s, size_t maxw, size_t col,
                   const char *indent);
/* Removes the columns after the key ones whose body cells are all "-" or
 * empty (a table of nothing but dashes says nothing). */
void bdb_rtable_drop_empty_columns(bdb_rtable *t);

#endif
