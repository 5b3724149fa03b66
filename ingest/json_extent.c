/* json_extent.c - finding whole JSON objects in a buffer (json_extent.h).
 * A lexical scan only: strings, escapes, nesting, and the bytes JSON
 * allows outside strings; the parsers that read JSON check the rest. */
#include "json_extent.h"
#include "../common/bdb_input.h"

#include <string.h>

#define MAX_DEPTH 256   /* deeper than any tool prints: not skipped */
#define DROP_EVERY ((size_t)1 << 20)

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* What a byte is outside strings: 1 a byte JSON allows there (blanks,
 * numbers, true, false, null, ',' and ':'), 2 a quote, 3 an opener, 4 a
 * closer; 0 anything else. A table: the scan runs over every byte of an
 * 84 MB fio JSON. */
static const unsigned char outside[256] = {
    [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1,
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1,
    ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, [','] = 1, [':'] = 1,
    ['-'] = 1, ['+'] = 1, ['.'] = 1, ['e'] = 1, ['E'] = 1, ['t'] = 1,
    ['r'] = 1, ['u'] = 1, ['f'] = 1, ['a'] = 1, ['l'] = 1, ['s'] = 1,
    ['n'] = 1, ['"'] = 2, ['{'] = 3, ['['] = 3, ['}'] = 4, [']'] = 4,
};

/* The end of the object that opens at buf[p] == '{'; 0 when it is not
 * closed in the buffer, or is not JSON. */
static int close_of(const char *buf, size_t len, size_t p, size_t *end)
{
    char stack[MAX_DEPTH];
    size_t depth = 0, said = p;
    for (size_t i = p; i < len; i++) {
        /* the bytes scanned: a mapped file's pages may go (detection
         * would otherwise hold all of an 84 MB JSON in memory at once;
         * the parser maps them back as it reads) */
        if (i - said >= DROP_EVERY) {
            bdb_input_done_before(buf + i);
            said = i;
        }
        char c = buf[i];
        unsigned char k = outside[(unsigned char)c];
        if (k == 1)
            continue;
        if (k == 2) {
            /* a string: to its closing quote, escapes skipped; a raw line
             * end cannot be in one */
            for (i++; i < len && buf[i] != '"'; i++) {
                if (buf[i] == '\\')
                    i++;
                else if (buf[i] == '\n')
                    return 0;
            }
            if (i >= len)
                return 0;
        } else if (k == 3) {
            if (depth == MAX_DEPTH)
                return 0;
            stack[depth++] = c == '{' ? '}' : ']';
        } else if (k == 4) {
            if (depth == 0 || stack[depth - 1] != c)
                return 0;
            if (--depth == 0) {
                *end = i + 1;
                return 1;
            }
        } else {
            return 0;
        }
    }
    return 0;
}

int bdb_json_object_next(const char *buf, size_t len, size_t off,
                         size_t *start, size_t *end)
{
    size_t said = off;
    for (size_t i = off; i < len;) {
        /* a search through a whole text log (detection's, the unread
         * account's) lets a mapped file's pages go behind it */
        if (i - said >= DROP_EVERY) {
            bdb_input_done_before(buf + i);
            said = i;
        }
        size_t p = i;
        while (p < len && (buf[p] == ' ' || buf[p] == '\t'))
            p++;
        if (p < len && buf[p] == '{') {
            size_t q = p + 1;
            while (q < len && blank(buf[q]))
                q++;
            if (q < len && (buf[q] == '"' || buf[q] == '}') &&
                close_of(buf, len, p, end)) {
                *start = p;
                return 1;
            }
        }
        const char *nl = memchr(buf + i, '\n', len - i);
        if (!nl)
            break;
        i = (size_t)(nl - buf) + 1;
    }
    return 0;
}
