/* wrapped.c - a tool's line hard-wrapped in two, read whole (see
 * wrapped.h). */
#include "wrapped.h"
#include "../common/bdb_error.h"

#include <stdint.h>

void bdb_wrapped_init(bdb_wrapped *w)
{
    bdb_buf_init(&w->text);
    w->nbrk = 0;
}

void bdb_wrapped_free(bdb_wrapped *w)
{
    bdb_buf_free(&w->text);
    w->nbrk = 0;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

int bdb_wrapped_start(bdb_wrapped *w, const char *p, const char *end)
{
    while (end > p && is_blank(end[-1]))
        end--;
    bdb_buf_reset(&w->text);
    w->nbrk = 0;
    /* never empty: bdb_wrapped_text gives a valid pointer */
    int rc = bdb_buf_append(&w->text, p, (size_t)(end - p));
    return rc ? rc : bdb_buf_append(&w->text, "", 0);
}

const char *bdb_wrapped_continuation(const char *p, const char *end,
                                     const char **cend)
{
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (p < end && *p == '>' && (p + 1 == end || p[1] == ' '))
            p++;
        else
            break;
    }
    while (end > p && is_blank(end[-1]))
        end--;
    *cend = end;
    return p < end ? p : NULL;
}

const char *bdb_wrapped_next(const bdb_lines *it, bdb_lines *peek,
                             bdb_line *next, const char **cend)
{
    *peek = *it;
    if (!bdb_lines_next(peek, next))
        return NULL;
    return bdb_wrapped_continuation(next->p, next->end, cend);
}

static int is_word(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z') || c == '.';
}

int bdb_wrapped_add(bdb_wrapped *w, const char *glue, const char *c,
                    const char *cend, int line)
{
    if (w->nbrk >= BDB_WRAPPED_MAX)
        return 1;
    size_t off = w->text.len;
    if (!*glue) {
        /* the token the wrap cut is printed whole on the continuation's
         * line: its figure is read there */
        const char *d = w->text.data;
        size_t floor = w->nbrk ? w->brk_off[w->nbrk - 1] : 0;
        while (off > floor && is_word(d[off - 1]))
            off--;
    }
    int rc = bdb_buf_puts(&w->text, glue);
    if (!rc)
        rc = bdb_buf_append(&w->text, c, (size_t)(cend - c));
    if (rc)
        return rc;
    w->brk_off[w->nbrk] = *glue ? off + 1 : off;
    w->brk_line[w->nbrk++] = line;
    return BDB_OK;
}

void bdb_wrapped_text(const bdb_wrapped *w, const char **p, const char **end)
{
    *p = w->text.data;
    *end = w->text.data + w->text.len;
}

int bdb_wrapped_two(bdb_wrapped *w, const char *p, const char *end,
                    const char *glue, const char *c, const char *cend,
                    int line, const char **jp, const char **je)
{
    int rc = bdb_wrapped_start(w, p, end);
    if (!rc)
        rc = bdb_wrapped_add(w, glue, c, cend, line);
    if (rc)
        return rc < 0 ? rc : BDB_ENOMEM; /* 1: never after a start */
    bdb_wrapped_text(w, jp, je);
    return BDB_OK;
}

int bdb_wrapped_line(const bdb_wrapped *w, const char *at, int line)
{
    uintptr_t a = (uintptr_t)at, base = (uintptr_t)w->text.data;
    if (!at || !w->nbrk || a < base || a >= base + w->text.len)
        return line;
    for (int i = w->nbrk - 1; i >= 0; i--)
        if (a - base >= w->brk_off[i])
            return w->brk_line[i];
    return line;
}
