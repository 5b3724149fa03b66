/* bdb_diag.h - a diagnostic: where something went wrong and what was expected.
 *
 * Library code never prints. It fills a bdb_diag ("file:line: message") and
 * returns a code; only cli/ decides how to show it. */
#ifndef BDB_DIAG_H
#define BDB_DIAG_H

#include <stddef.h>

typedef struct bdb_diag {
    char file[512];     /* may be empty: the caller fills it in when it knows */
    int line;           /* 1-based; 0 when the problem has no line */
    int code;           /* the BDB_E* code that went with the message */
    char message[512];
} bdb_diag;

/* Clears d (NULL-safe). */
void bdb_diag_clear(bdb_diag *d);

/* Records line and a printf-style message in d (NULL-safe) and returns code,
 * so that parsers can write `return bdb_diag_set(d, BDB_EPARSE, n, "...")`. */
int bdb_diag_set(bdb_diag *d, int code, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Sets the file name if none is set yet (NULL-safe). */
void bdb_diag_set_file(bdb_diag *d, const char *file);

/* Formats d as "file:line: message" into out (always NUL-terminated). */
void bdb_diag_format(const bdb_diag *d, char *out, size_t outsz);

#endif
