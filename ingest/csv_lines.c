/* csv_lines.c - libcsv fed line by line (see csv_lines.h), and a line
 * without quotes split here instead. */
#include "csv_lines.h"
#include "../common/bdb_error.h"
#include "../common/bdb_input.h"
#include "../common/bdb_scan.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

/* libcsv's state between rows (ROW_NOT_BEGUN in libcsv.c): the line fed
 * last ended its row, no quoted field runs on into the next line. */
#define CSV_AT_ROW_START 0

static int csv_space(char c)
{
    return c == ' ' || c == '\t';
}

/* A whole line [p, p+n) (its '\n' and a '\r' before it excluded) with no
 * quote and no other '\r': its fields as libcsv gives them (spaces and
 * tabs around each cut, each NUL-terminated: CSV_APPEND_NULL), then the
 * row; a line of spaces alone is no row, as in libcsv. scratch holds at
 * least n + 1 bytes. A results CSV of a million rows spent 5% of its
 * import in libcsv's byte-at-a-time state machine. */
static void split_line(const char *p, size_t n, char *scratch,
                       void (*field)(void *, size_t, void *),
                       void (*row)(int, void *), void *ctx, int term)
{
    size_t a = 0;
    while (a < n && csv_space(p[a]))
        a++;
    if (a == n)
        return;
    memcpy(scratch, p, n);
    scratch[n] = '\0';
    size_t at = 0;
    for (;;) {
        char *comma = memchr(scratch + at, ',', n - at);
        size_t end = comma ? (size_t)(comma - scratch) : n;
        size_t b = at;
        while (b < end && csv_space(scratch[b]))
            b++;
        size_t e = end;
        while (e > b && csv_space(scratch[e - 1]))
            e--;
        scratch[e] = '\0';
        field(scratch + b, e - b, ctx);
        if (!comma)
            break;
        at = end + 1;
    }
    row(term, ctx);
}

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
    /* the options benchdb's readers use: the only ones split here */
    int fast = options == CSV_APPEND_NULL;
    char *scratch = NULL;
    size_t scratch_cap = 0;
    while (i < len && !*stop) {
        const char *nl = memchr(buf + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (buf + i)) + 1 : len - i;
        size_t body = nl ? n - 1 : n;
        if (body && buf[i + body - 1] == '\r')
            body--;
        if (fast && cp.pstate == CSV_AT_ROW_START &&
            !memchr(buf + i, '"', body) && !memchr(buf + i, '\r', body)) {
            if (body + 1 > scratch_cap) {
                size_t cap = body + 1 > 256 ? body + 1 : 256;
                char *s = realloc(scratch, cap);
                if (!s) {
                    rc = bdb_diag_set(diag, BDB_ENOMEM, *line, "out of memory");
                    break;
                }
                scratch = s;
                scratch_cap = cap;
            }
            /* a last line without its newline ends its row as csv_fini
             * does */
            split_line(buf + i, body, scratch, field, row, ctx,
                       !nl ? -1 : body + 1 < n ? '\r' : '\n');
        } else {
            /* libcsv grows a field by its block size (128 bytes) at a
             * time: a long field (10,000 digits) took a realloc and a copy
             * per 128 bytes; a block of the line's length takes one */
            if (n > 128)
                csv_set_blk_size(&cp, n);
            if (csv_parse(&cp, buf + i, n, field, row, ctx) != n) {
                rc = bdb_diag_set(diag, BDB_EPARSE, *line, "%s",
                                  csv_strerror(csv_error(&cp)));
                break;
            }
        }
        if (((i + n) >> 20) != (i >> 20))
            bdb_input_done_before(buf + i); /* a mapped file's read pages */
        i += n;
        (*line)++;
    }
    if (!rc && !*stop)
        csv_fini(&cp, field, row, ctx);
    csv_free(&cp);
    free(scratch);
    return rc;
}
