/* json_extent.c - finding whole JSON objects in a buffer (json_extent.h).
 * A lexical scan only: strings, escapes, nesting, and the bytes JSON
 * allows outside strings; the parsers that read JSON check the rest. */
#include "json_extent.h"

#include <string.h>

#define MAX_DEPTH 256   /* deeper than any tool prints: not skipped */

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A byte JSON allows outside strings: structure, numbers, true, false,
 * null. */
static int json_byte(char c)
{
    if (blank(c) || (c >= '0' && c <= '9'))
        return 1;
    return strchr(",:-+.eEtrufalsn", c) != NULL && c != '\0';
}

/* The end of the object that opens at buf[p] == '{'; 0 when it is not
 * closed in the buffer, or is not JSON. */
static int close_of(const char *buf, size_t len, size_t p, size_t *end)
{
    char stack[MAX_DEPTH];
    size_t depth = 0;
    for (size_t i = p; i < len; i++) {
        char c = buf[i];
        if (c == '"') {
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
        } else if (c == '{' || c == '[') {
            if (depth == MAX_DEPTH)
                return 0;
            stack[depth++] = c == '{' ? '}' : ']';
        } else if (c == '}' || c == ']') {
            if (depth == 0 || stack[depth - 1] != c)
                return 0;
            if (--depth == 0) {
                *end = i + 1;
                return 1;
            }
        } else if (!json_byte(c)) {
            return 0;
        }
    }
    return 0;
}

int bdb_json_object_next(const char *buf, size_t len, size_t off,
                         size_t *start, size_t *end)
{
    for (size_t i = off; i < len;) {
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
