/* bdb_utf8.h - text from logs as valid UTF-8.
 *
 * Logs carry whatever bytes a machine printed: Latin-1 names, cut
 * multi-byte characters. benchdb keeps such text, with each byte that is
 * not part of a valid UTF-8 sequence replaced by U+FFFD, so that every
 * output (JSON above all, whose libraries refuse invalid UTF-8) can show
 * it and no name vanishes. */
#ifndef BDB_UTF8_H
#define BDB_UTF8_H

#include <stddef.h>

/* 1 when [s, s+len) is valid UTF-8 (no overlong forms, no surrogates). */
int bdb_utf8_valid(const char *s, size_t len);

/* Writes s with invalid bytes replaced by U+FFFD into out. Returns the
 * length it needs (like snprintf): when that is outsz or more, out holds
 * nothing useful and the caller must not use it as the whole text. */
size_t bdb_utf8_repair(const char *s, char *out, size_t outsz);

/* The same into a new string (NULL when out of memory); the caller frees
 * it. */
char *bdb_utf8_dup(const char *s);

#endif
