/* unread.c - the unread-figure account (see unread.h). */
#include "unread.h"
#include "figure_free.h"
#include "json_extent.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bdb_line_marks_set(bdb_line_marks *m, int line)
{
    if (line <= 0)
        return BDB_OK;
    size_t byte = (size_t)line / 8;
    if (byte >= m->cap) {
        size_t cap = m->cap ? m->cap : 256;
        while (cap <= byte)
            cap *= 2;
        unsigned char *b = realloc(m->bits, cap);
        if (!b)
            return BDB_ENOMEM;
        memset(b + m->cap, 0, cap - m->cap);
        m->bits = b;
        m->cap = cap;
    }
    m->bits[byte] |= (unsigned char)(1u << (line % 8));
    return BDB_OK;
}

void bdb_line_marks_range(bdb_line_marks *m, int from, int to)
{
    size_t n = sizeof m->ranges / sizeof *m->ranges;
    if (from <= 0 || to < from)
        return;
    if (m->nranges == n) {  /* widen the last: more lines, never fewer */
        if (from < m->ranges[n - 1][0])
            m->ranges[n - 1][0] = from;
        if (to > m->ranges[n - 1][1])
            m->ranges[n - 1][1] = to;
        return;
    }
    m->ranges[m->nranges][0] = from;
    m->ranges[m->nranges++][1] = to;
}

static int marked(const bdb_line_marks *m, int line)
{
    for (size_t i = 0; i < m->nranges; i++)
        if (line >= m->ranges[i][0] && line <= m->ranges[i][1])
            return 1;
    size_t byte = (size_t)line / 8;
    return byte < m->cap && (m->bits[byte] >> (line % 8)) & 1;
}

void bdb_line_marks_free(bdb_line_marks *m)
{
    free(m->bits);
    m->bits = NULL;
    m->cap = 0;
    m->nranges = 0;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The numbers of [p, e), as "12.3, 45, ..." in out (at most a few);
 * returns how many there are. A digit run inside a name ("x86_64",
 * "sha256") is not a number. */
static size_t numbers(const char *p, const char *e, char *out, size_t outsz)
{
    size_t n = 0, used = 0;
    out[0] = '\0';
    for (const char *q = p; q < e;) {
        if (*q == '\x1b') {    /* a terminal's escape: "\e[?2004l" */
            q++;
            while (q < e && !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
                q++;
            q++;
            continue;
        }
        if (!is_digit(*q) || (q > p && (is_word(q[-1]) || is_digit(q[-1])))) {
            q++;
            continue;
        }
        const char *s = q;
        while (q < e && (is_digit(*q) || ((*q == '.' || *q == ',') &&
                                          q + 1 < e && is_digit(q[1]))))
            q++;
        if (s > p && s[-1] == '-' && e - q > 1 && *q == '-' && is_word(q[1]))
            continue;   /* "aes-256-cbc" is a name */
        n++;
        if (n <= 6 && used + (size_t)(q - s) + 8 < outsz) {
            memcpy(out + used, n > 1 ? ", " : "", n > 1 ? 2 : 0);
            used += n > 1 ? 2 : 0;
            memcpy(out + used, s, (size_t)(q - s));
            used += (size_t)(q - s);
            out[used] = '\0';
        } else if (n == 7 && used + 6 < outsz) {
            memcpy(out + used, ", ...", 6);
            used += 5;
        }
    }
    return n;
}

static int declared(const char *const *tools, const char *p, const char *e,
                    int *err)
{
    for (size_t i = 0; tools[i]; i++) {
        int r = bdb_figure_free_line(tools[i], p, e);
        if (r < 0)
            *err = BDB_ENOMEM;
        if (r)
            return 1;
    }
    return 0;
}

int bdb_unread_account(const char *buf, size_t len, const bdb_line_marks *m,
                       const char *const *tools, const char *tools_text,
                       const bdb_unwrapped *u, bdb_sink *out)
{
    bdb_lines it;
    bdb_line ln;
    size_t js = 0, je = 0;
    int has_json = bdb_json_object_next(buf, len, 0, &js, &je);
    int first = 0, err = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        size_t at = (size_t)(ln.p - buf);
        while (has_json && at >= je)
            has_json = bdb_json_object_next(buf, len, je, &js, &je);
        if (has_json && at >= js)
            continue;
        if (marked(m, ln.no))
            continue;
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        char list[160];
        if (p == e || !numbers(p, e, list, sizeof list))
            continue;
        int free_line = declared(tools, p, e, &err);
        if (err)
            return err;
        if (free_line)
            continue;
        int line = bdb_unwrap_line(u, ln.no);
        if (!first)
            first = line;
        if (++out->unread_lines <= BDB_UNREAD_LISTED) {
            int rc = bdb_sink_warn(out, line, "%s: numbers not read: %s",
                                   tools_text, list);
            if (rc)
                return rc;
        }
    }
    if (out->unread_lines > BDB_UNREAD_LISTED)
        return bdb_sink_warn(out, first,
                             "%s: %zu more lines with numbers not read (the "
                             "first %d are listed)",
                             tools_text, out->unread_lines - BDB_UNREAD_LISTED,
                             BDB_UNREAD_LISTED);
    return BDB_OK;
}
