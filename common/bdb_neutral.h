/* bdb_neutral.h - text from logs, file names and users made harmless for
 * a terminal and for Markdown: the one neutraliser of each kind.
 *
 * Names, commands and messages in logs are the log writer's text. On a
 * terminal an ESC starts a control sequence (recolouring, moving the
 * cursor, setting the window title), BEL rings, and bidi overrides
 * (U+202E) show text in an order other than its bytes. In Markdown a
 * leading '#' or a newline forges a heading, and '<script>' or
 * '<img onerror>' is raw HTML that GitHub-flavoured renderers may pass. */
#ifndef BDB_NEUTRAL_H
#define BDB_NEUTRAL_H

#include <stddef.h>

#include "bdb_buf.h"

/* Replaces, in b from byte from on, every C0 control but TAB and LF, DEL,
 * C1 controls and the bidi embedding, override and isolate characters
 * (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C) with U+FFFD.
 * Returns BDB_OK or the buffer's error. */
int bdb_neutral_terminal(bdb_buf *b, size_t from);

/* Appends s to out as one piece of a terminal line (a name, a path, a
 * command): as bdb_neutral_terminal, and TAB, CR and LF too, so that a
 * newline in a name cannot forge a line of its own. */
void bdb_neutral_line(bdb_buf *out, const char *s);

/* s as bdb_neutral_line makes it, in a new string the caller frees;
 * NULL when out of memory. */
char *bdb_neutral_line_dup(const char *s);

/* 1 when bdb_neutral_line (keep_tab_lf: bdb_neutral_terminal) would
 * leave s as it is. */
int bdb_neutral_clean(const char *s, int keep_tab_lf);

/* Neutralises s in place without changing its length, for names held in
 * fixed fields: a bidi character becomes U+FFFD (both three bytes), every
 * other control byte of bdb_neutral_line '?' (TAB and LF stay with
 * keep_tab_lf: names stored as given, neutralised when shown). */
void bdb_neutral_inplace(char *s, int keep_tab_lf);

/* Appends s to out as inline Markdown text: characters that open markup
 * (\ ` * _ [ ] < > | ~ & #) are escaped ('_' inside a word is left, it
 * opens nothing), line breaks become spaces; with block_start (the text
 * of a list item) also a leading list marker ("- ", "1. "). */
void bdb_neutral_md(bdb_buf *out, const char *s, int block_start);

/* Appends s to out as HTML text, safe in an element and in a quoted
 * attribute: & < > " ' become entities, a control character other than
 * tab, line feed and carriage return U+FFFD (NULL appends nothing). The
 * one HTML escaper: the report, compare and history pages use it. */
void bdb_neutral_html(bdb_buf *out, const char *s);

#endif
