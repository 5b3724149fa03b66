/* csv_lines.h - feeding a buffer to libcsv one line at a time, so that
 * the field and row callbacks always know the 1-based line they are on
 * (diagnostics name file:line). Shared by the CSV readers of benchdb's own
 * formats (platforms.csv, the results CSV). */
#ifndef BDB_CSV_LINES_H
#define BDB_CSV_LINES_H

#include <stddef.h>

#include "../common/bdb_diag.h"

/* Parses buf (after a UTF-8 byte-order mark) with libcsv options, calling
 * field and row with ctx. *line is the line being fed (set to 1 first,
 * then advanced; a row's first field sees the line it starts on). Stops
 * before the next line once *stop is non-zero, and then skips csv_fini.
 * Returns BDB_OK, BDB_ENOMEM, or BDB_EPARSE with libcsv's reason and the
 * line in diag. */
int bdb_csv_feed_lines(const char *buf, size_t len, unsigned char options,
                       void (*field)(void *data, size_t n, void *ctx),
                       void (*row)(int term, void *ctx), void *ctx,
                       int *line, const int *stop, bdb_diag *diag);

#endif
