/* figure_free.h - the lines each tool prints that carry numbers but no
 * figure: banners, versions, dates, command echoes, copyright, the
 * parameter lines its parser reads settings from. The unread-figure
 * account (unread.h) does not warn about them.
 *
 * One table per tool, in figure_free.c, kept apart from the parsers so
 * that it can move into the tool's record. */
#ifndef BDB_FIGURE_FREE_H
#define BDB_FIGURE_FREE_H

#include <stddef.h>

/* 1 when [p, end) (one line, no newline) is a line that tool, or any
 * tool, declares figure-free. Returns 0 for an unknown tool's lines but
 * the shared ones. -1 when the patterns cannot be compiled (out of
 * memory). */
int bdb_figure_free_line(const char *tool, const char *p, const char *end);

#endif
