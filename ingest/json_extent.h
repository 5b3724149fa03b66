/* json_extent.h - where a buffer holds whole JSON objects (fio's and
 * iperf3's --json output), so that detection need not run the sniffers of
 * text tools over them: no text tool's line can be inside a JSON value. */
#ifndef BDB_JSON_EXTENT_H
#define BDB_JSON_EXTENT_H

#include <stddef.h>

/* The first JSON object at or after off: a '{' first on its line (after
 * blanks), then a '"' or '}' (a key, or nothing: a shell's "{ cmd; }" is
 * not one), holding only JSON outside its strings, closed within the
 * buffer. Sets [*start, *end) and returns 1; returns 0 when there is none
 * (an object cut short, or anything that is not JSON, is none: the text
 * sniffers then read it as they read any text). */
int bdb_json_object_next(const char *buf, size_t len, size_t off,
                         size_t *start, size_t *end);

#endif
