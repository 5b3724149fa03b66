/* unwrap_joins.c - lines an author hard-wrapped with a trailing
 * backslash (see unwrap_source.h).
 *
 * A docs page or a mail keeps a tool's long lines under its width by
 * breaking them the way a shell command is broken: a "\" at the end, the
 * rest on the next line, with or without blanks before it. A fio 3.19
 * report on a how-to page: "  WRITE: bw=39.3MiB/s (41.2MB/s),
 * 39.3MiB/s-39.3MiB/s (41.2MB/s-41.2MB/s), \" then "io=2411MiB (2528MB),
 * run=61288-61288msec", its bw line's "stdev=8856.09, samples=118" on a
 * line of its own, a disk's stats over three lines, one of them broken
 * right after "in_queue=87239968,\" before " util=81.29%". Any tool's
 * line may be broken so, and a shell command too (joining it is what the
 * shell does). The parsers read the tool's one line: the pieces are
 * joined with one blank, the backslash and the blanks around the break
 * dropped, and where each piece starts is recorded (bdb_unwrapped's
 * breaks), so that a figure keeps the file's line it is printed on and
 * the joined line is at the first of them.
 *
 * A backslash continues its line only where a blank or a comma stands
 * before it (a command's " \", a list's ",\") and text before those;
 * and only when the next line is not blank, not a fence, and starts none
 * of the tools' own lines (unwrap_lines.c's labels: a Markdown hard
 * break "\" after each line of a report leaves the lines apart). A
 * path's "C:\" or "dir\", an escaped "\\", a lone "\" line stay as they
 * are, and so does a JSON document. */
#include "unwrap_source.h"
#include "unwrap.h"
#include "../common/bdb_error.h"

#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The end of the text of [s, e) before a backslash that continues it
 * on the next line, or NULL when the line does not end with one. */
static const char *continued_end(const char *s, const char *e)
{
    const char *t = e;
    while (t > s && (is_blank(t[-1]) || t[-1] == '\r'))
        t--;
    if (t - s < 2 || t[-1] != '\\')
        return NULL;
    const char *b = t - 1; /* the backslash */
    if (!is_blank(b[-1]) && b[-1] != ',')
        return NULL;
    while (b > s && is_blank(b[-1]))
        b--;
    return b > s ? b : NULL;
}

/* 1 when the line [s, e) can be the rest of a continued line. */
static int continues(const char *s, const char *e)
{
    const char *p = s;
    while (p < e && is_blank(*p))
        p++;
    if (p == e || (p + 1 == e && *p == '\r'))
        return 0;
    if (e - p >= 3 && (memcmp(p, "```", 3) == 0 || memcmp(p, "~~~", 3) == 0))
        return 0;
    return !bdb_uw_tool_line_start(s, e);
}

static int is_json(const bdb_uw_view *v)
{
    const char *p = v->p, *e = v->p + v->len;
    while (p < e && (is_blank(*p) || *p == '\n' || *p == '\r'))
        p++;
    return p < e && (*p == '{' || *p == '[');
}

int bdb_uw_continued_seen(const bdb_uw_view *v)
{
    if (is_json(v))
        return 0;
    bdb_uw_view w = {v->p, bdb_uw_look(v), NULL};
    size_t pos = 0;
    const char *s, *e;
    int open = 0;
    while (bdb_uw_next_line(&w, &pos, &s, &e)) {
        if (open && continues(s, e))
            return 1;
        open = continued_end(s, e) != NULL;
    }
    return 0;
}

int bdb_uw_continued_pass(const bdb_uw_view *v, bdb_uw_text *out,
                          bdb_unwrapped *u)
{
    size_t pos = 0, i = 0, first_brk = u->nbrk;
    const char *s, *e;
    int open_from = 0; /* the file's line the joined line started on */
    while (bdb_uw_next_line(v, &pos, &s, &e)) {
        int line = bdb_uw_line_at(v, i++);
        const char *p = s;
        if (open_from) {
            /* the rest: its text is on its own line of the file */
            while (p < e && is_blank(*p))
                p++;
            if (bdb_uw_put(out, " ", 1) ||
                bdb_uw_break(u, open_from, out->len, line))
                return BDB_ENOMEM;
        }
        const char *k = continued_end(p, e), *ns, *ne;
        size_t peek = pos;
        int join = k && bdb_uw_next_line(v, &peek, &ns, &ne) &&
                   continues(ns, ne);
        if (bdb_uw_put(out, p, (size_t)((join ? k : e) - p)))
            return BDB_ENOMEM;
        if (join) {
            if (!open_from)
                open_from = line;
            continue;
        }
        if (bdb_uw_joined_end(u, out, &first_brk,
                              open_from ? open_from : line))
            return BDB_ENOMEM;
        open_from = 0;
    }
    return BDB_OK;
}
