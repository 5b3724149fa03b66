/* unwrap_pass.h - the short names unwrap's passes are written in, for
 * the files that hold passes apart from the driver (unwrap_prefix.c,
 * unwrap_literals.c): the text and view types, blanks and digits, and
 * (outside unwrap.c, which defines them: BDB_UNWRAP_DRIVER) the output
 * and line helpers as calls of their bdb_uw_ names (unwrap_source.h). */
#ifndef BDB_UNWRAP_PASS_H
#define BDB_UNWRAP_PASS_H

#include "unwrap.h"
#include "unwrap_source.h"

#include <stddef.h>

typedef bdb_uw_text text;
typedef bdb_uw_view view;

static inline const char *skip_blank(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* Blanks alone, a "\r" at the end too. */
static inline int is_blank_text(const char *p, const char *e)
{
    p = skip_blank(p, e);
    return p == e || (p + 1 == e && *p == '\r');
}

static inline int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

#ifndef BDB_UNWRAP_DRIVER
static inline int line_at(const view *v, size_t i)
{
    return bdb_uw_line_at(v, i);
}

static inline int put_bytes(text *t, const char *p, size_t n)
{
    return bdb_uw_put(t, p, n);
}

static inline int end_line(text *t, int from)
{
    return bdb_uw_end_line(t, from);
}

static inline int next_line(const view *v, size_t *pos, const char **s,
                            const char **e)
{
    return bdb_uw_next_line(v, pos, s, e);
}

static inline size_t look(const view *v) { return bdb_uw_look(v); }

static inline int qp_break(bdb_unwrapped *u, int from, size_t at, int line)
{
    return bdb_uw_break(u, from, at, line);
}

static inline int joined_end(bdb_unwrapped *u, text *out, size_t *first_brk,
                             int from)
{
    return bdb_uw_joined_end(u, out, first_brk, from);
}
#endif

#endif
