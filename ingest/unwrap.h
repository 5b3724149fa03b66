/* unwrap.h - a log as it was published, back to the tool's own text.
 *
 * Logs reach a lab's archive pasted into web pages, mails and forum posts:
 * inside HTML <pre> with entities (&gt;=64=100.0%) or one <p> a line,
 * with "<br/>" ending each line of a README, retyped into Markdown pipe
 * tables, quoted-printable (=3D, soft line breaks), Markdown fences, BBCode [code]
 * blocks or Hugo shortcodes ({{< output >}}), mail quotes ("> "), with
 * no-break or ideographic spaces, a terminal's "^C" echo glued before a
 * line, indented by a few spaces, or with a shell prompt glued to the
 * first line. bdb_unwrap undoes these once, before detection, for all
 * tools, and keeps for each line of the text it gives the parsers the
 * line of the file it came from, so that provenance (file:line) still
 * points at the file's real line.
 *
 * Nothing is copied unless a container is found: detection looks at the
 * first BDB_UNWRAP_LOOK bytes only, and a plain log (the usual case, and
 * every large fio JSON) costs that look and no memory. CRLF needs no
 * unwrapping: the line cursor (bdb_scan.h) already drops the "\r". */
#ifndef BDB_UNWRAP_H
#define BDB_UNWRAP_H

#include <stddef.h>

#define BDB_UNWRAP_LOOK 65536
#define BDB_UNWRAP_PARTS 17
/* The bytes of a dropped note kept for its warning ("..." when cut). */
#define BDB_UNWRAP_DROP_TEXT 64

/* Text a writer added after a tool's line that unwrapping took off and
 * that holds a number: a trailing comment ("12.3 GB/s  # was 14.1
 * before the patch"). No parser sees it, so ingest warns at its line
 * (a figure not read is a warning, never silence). */
typedef struct bdb_unwrap_drop {
    int line;                           /* the file's line */
    char text[BDB_UNWRAP_DROP_TEXT];    /* its start, blanks trimmed */
} bdb_unwrap_drop;

typedef struct bdb_unwrapped {
    char *text;         /* NULL: the buffer needs no unwrapping */
    size_t len;
    int *line_of;       /* line_of[i - 1]: the file's line of text line i */
    size_t nlines;
    char what[128];     /* what was undone: "HTML <pre>, indentation" */
    /* Interleaved streams (docker compose's "web-1  | " services) are
     * parts of their own: lines part_first[i]..part_last[i] (1-based, of
     * text) are one stream's, to be read apart from the others'. 0: the
     * text is one part. */
    size_t nparts;
    size_t part_first[BDB_UNWRAP_PARTS], part_last[BDB_UNWRAP_PARTS];
    /* Lines joined from several of the file's (quoted-printable soft
     * breaks: "20.00th=3D[=" / "    1],"): break i puts the text of the
     * line that starts on the file's line brk_from[i], from brk_tail[i]
     * bytes before its end on, on the file's line brk_line[i]. Counted
     * from the line's end, the place survives the passes after that take
     * text off a line's start (quotes, indentation, prefixes). Sorted by
     * brk_from. */
    int *brk_from, *brk_line;
    size_t *brk_tail;
    size_t nbrk, brk_cap;
    /* 1: the text outside a page's <pre> blocks was dropped (a view
     * bdb_unwrap_keeping gives whole) */
    int dropped;
    /* the notes with a number taken off lines, in the order they were
     * taken (grown as needed) */
    bdb_unwrap_drop *drops;
    size_t ndrops, drops_cap;
} bdb_unwrapped;

/* Fills *u with the unwrapped text of buf, or leaves u->text NULL when
 * buf is in no container. Returns 0 or BDB_ENOMEM. u is always safe to
 * pass to bdb_unwrap_free. */
int bdb_unwrap(const char *buf, size_t len, bdb_unwrapped *u);

/* As bdb_unwrap, the text outside a page's <pre> blocks kept as well,
 * read as HTML paragraphs (tags stripped, entities decoded, <br> a line
 * break): the view to read when the blocks alone hold no tool's text
 * (a page whose <pre> holds its command and whose <p>s hold the log). */
int bdb_unwrap_keeping(const char *buf, size_t len, bdb_unwrapped *u);

/* The file's line of line `line` of the unwrapped text: line itself when
 * nothing was unwrapped, and 0 (no line) stays 0. */
int bdb_unwrap_line(const bdb_unwrapped *u, int line);

/* The file's line of a figure whose number starts `col` bytes into
 * line `line` (of `len` bytes, its "\n" and a "\r" before it aside) of
 * the unwrapped text: the physical line where the number is printed when
 * the line was joined from several (see brk_from), else
 * bdb_unwrap_line's. */
int bdb_unwrap_line_col(const bdb_unwrapped *u, int line, size_t col,
                        size_t len);

void bdb_unwrap_free(bdb_unwrapped *u);

#endif
