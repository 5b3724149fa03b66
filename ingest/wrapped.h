/* wrapped.h - a tool's line hard-wrapped in two, read whole.
 *
 * A mail client, a forum or a fixed-width page may break a long line of
 * a tool's output: fio's "io=14" / "25GiB (1530GB), run=...", an openssl
 * speed row whose 16384-bytes column went to the next line, wrk's
 * "Latency" label whose figures follow on the next line. The parser
 * knows when a line of its own is cut (its shape is incomplete) and
 * when the next line continues it; this helper does the rest, the same
 * for every parser: it drops the continuation's quote markers ("> "),
 * joins the pieces with the glue the parser names ("" when the wrap
 * fell inside a token, " " when it fell on a blank), and keeps for each
 * place of the joined text the line it was printed on, so that each
 * figure keeps its own line (bdb_wrapped_line). A token cut by the wrap
 * ("14" / "25GiB") belongs to the continuation's line, where it ends
 * with its unit. */
#ifndef BDB_WRAPPED_H
#define BDB_WRAPPED_H

#include "../common/bdb_buf.h"
#include "../common/bdb_scan.h"

/* continuations joined to one line at most (more are read apart) */
#define BDB_WRAPPED_MAX 8

typedef struct bdb_wrapped {
    bdb_buf text;                      /* the joined line */
    size_t brk_off[BDB_WRAPPED_MAX];   /* from here on, brk_line[i]'s */
    int brk_line[BDB_WRAPPED_MAX];
    int nbrk;
} bdb_wrapped;

void bdb_wrapped_init(bdb_wrapped *w);
void bdb_wrapped_free(bdb_wrapped *w);

/* Starts a joined line with [p, end) (its trailing blanks dropped).
 * BDB_ENOMEM on failure. */
int bdb_wrapped_start(bdb_wrapped *w, const char *p, const char *end);

/* The text of a line that may continue a cut one: [p, end) without the
 * mail quote markers ("> ", "> > ") and the blanks around it; *cend is
 * its end. NULL when nothing is left. */
const char *bdb_wrapped_continuation(const char *p, const char *end,
                                     const char **cend);

/* The line after `it` as a continuation: *peek is `it` past it, *next
 * the line, and the result its text (bdb_wrapped_continuation), NULL at
 * the end of the text or when nothing is left. */
const char *bdb_wrapped_next(const bdb_lines *it, bdb_lines *peek,
                             bdb_line *next, const char **cend);

/* Appends glue then the continuation [c, cend), printed on `line`.
 * With glue "" the token the wrap cut (the letters and digits before the
 * break) moves to the continuation's line. 0, BDB_ENOMEM, or 1 (and
 * nothing appended) when BDB_WRAPPED_MAX continuations are joined
 * already. */
int bdb_wrapped_add(bdb_wrapped *w, const char *glue, const char *c,
                    const char *cend, int line);

/* A line and one continuation: bdb_wrapped_start, bdb_wrapped_add,
 * then the joined text in [*jp, *je). 0 or BDB_ENOMEM. */
int bdb_wrapped_two(bdb_wrapped *w, const char *p, const char *end,
                    const char *glue, const char *c, const char *cend,
                    int line, const char **jp, const char **je);

/* The joined text: [*p, *end). */
void bdb_wrapped_text(const bdb_wrapped *w, const char **p, const char **end);

/* The line the text at `at` was printed on: `line` (the first piece's)
 * when at is before the first break or outside the joined text. */
int bdb_wrapped_line(const bdb_wrapped *w, const char *at, int line);

#endif
