/* unread.h - the unread-figure account: no silent miss.
 *
 * While parsers run, ingest marks each line a figure came from. After
 * them, every line of the text that holds a number, gave no figure, and
 * is not declared figure-free by the tools that read the file
 * (figure_free.h) is a warning naming its line and the numbers on it. A
 * gap in a parser then shows on any log, without an expected-figures
 * file. Inside a JSON document (fio's and iperf3's --json, a script's
 * JSON line) only number values count, and a line is read when a figure
 * came from it or from the object it is in (JSON parsers give a figure
 * the line of its object); a tool declares the parts of its documents
 * that carry no figure by path ("json:/start/..."). */
#ifndef BDB_UNREAD_H
#define BDB_UNREAD_H

#include <stddef.h>

#include "../common/bdb_sample.h"
#include "unwrap.h"

/* One bit per line of the text: a figure came from it. */
typedef struct bdb_line_marks {
    unsigned char *bits;
    size_t cap;         /* bytes */
    bdb_ranges ranges;  /* whole ranges: a parser's (bdb_sink_cover) */
} bdb_line_marks;

/* Marks line (1-based; 0 and less are ignored). BDB_ENOMEM on failure. */
int bdb_line_marks_set(bdb_line_marks *m, int line);
/* Marks lines from..to, as a range (a parser's bdb_sink_cover).
 * BDB_ENOMEM on failure. */
int bdb_line_marks_range(bdb_line_marks *m, int from, int to);
void bdb_line_marks_free(bdb_line_marks *m);

/* Lines listed one by one in a file; past them, one warning counts the
 * rest. */
#define BDB_UNREAD_LISTED 200

/* Warns in out about each unread line of [buf, len) (the text the
 * parsers read; u maps its lines to the file's, may be NULL), naming the
 * tools (a NULL-terminated list) in the message, and counts them in
 * out->unread_lines. Returns 0 or BDB_ENOMEM. */
int bdb_unread_account(const char *buf, size_t len, const bdb_line_marks *m,
                       const char *const *tools, const char *tools_text,
                       const bdb_unwrapped *u, bdb_sink *out);

/* Warns in out, at its line, about each note with a number that
 * unwrapping took off a tool's line (u->drops: "# was 14.1 before"; u
 * may be NULL), the first BDB_UNREAD_LISTED one by one and the rest
 * counted, and counts their lines in out->unread_lines, but for those
 * a warning from out's note `since` on (bdb_unread_account's) counted
 * already. Returns 0 or BDB_ENOMEM. */
int bdb_unread_drops(const bdb_unwrapped *u, size_t since, bdb_sink *out);

/* The first line (1-based) of [buf, len) holding a number as the account
 * counts one (not a digit inside a name: "iperf3", "x86_64",
 * "aes-256-cbc"), 0 for none: where a file no tool read has its first
 * figure. */
int bdb_unread_first_number_line(const char *buf, size_t len);

#endif
