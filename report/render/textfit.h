/* textfit.h - fitting a finished text output (compare, check, history,
 * parse's notes) to a terminal's width after it is written: only the
 * lines that are too wide are wrapped. */
#ifndef BDB_TEXTFIT_H
#define BDB_TEXTFIT_H

#include <stddef.h>

#include "../common/bdb_buf.h"

/* Rewraps every line of b from byte from on that is wider than width
 * code points (0: leaves b as it is): at spaces, and inside a word
 * longer than the line after its commas (a parameter list); the rest of
 * a line goes on four columns right of its own indent. A word without a
 * comma that is longer than the line stays whole (cut, it would lie).
 * Aligned columns of lines that fit are untouched. b->err on no memory. */
void bdb_text_fit(bdb_buf *b, size_t from, size_t width);

#endif
