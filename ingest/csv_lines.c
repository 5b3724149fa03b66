/* csv_lines.c - libcsv fed line by line (see csv_lines.h). */
#include "csv_lines.h"
#include "../common/bdb_error.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <string.h>

int bdb_csv_feed_lines(const char *buf, size_t len, unsigned char options,
                       void (*field)(void *, size_t, void *),
                       void (*row)(int, void *), void *ctx, int *line,
                       const int *stop, bdb_diag *diag)
{
    struct csv_parser cp;
    if (csv_init(&cp, options) != 0)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    size_t i = bdb_bom_len(buf, len);
    *line = 1;
    int rc = BDB_OK;
    while (i < len && !*stop) {
        const char *nl = memchr(buf + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (buf + i)) + 1 : len - i;
        /* libcsv grows a field by its block size (128 bytes) at a time:
         * a long field (10,000 digits) took a realloc and a copy per 128
         * bytes; a block of the line's length takes one */
        if (n > 128)
            csv_set_blk_size(&cp, n);
        if (csv_parse(&cp, buf + i, n, field, row, ctx) != n) {
            rc = bdb_diag_set(diag, BDB_EPARSE, *line, "%s",
                              csv_strerror(csv_error(&cp)));
            break;
        }
        if (((i + n) >> 20) != (i >> 20))
            bdb_input_done_before(buf + i); /* a mapped file's read pages */
        i += n;
        (*line)++;
    }
    if (!rc && !*stop)
        csv_fini(&cp, field, row, ctx);
    csv_free(&cp);
    return rc;
}
