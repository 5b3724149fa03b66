/* bdb_buf.h - a growable byte buffer with a hard cap.
 *
 * Renderers build their output here; the cap keeps a runaway input from
 * eating all memory (appends past it fail with BDB_ERANGE). */
#ifndef BDB_BUF_H
#define BDB_BUF_H

#include <stddef.h>

typedef struct bdb_buf {
    char *data;     /* always NUL-terminated when non-NULL */
    size_t len;
    size_t cap;
    size_t max;     /* 0 means the default cap (1 GiB) */
    int err;        /* the first failure of an append (BDB_E*), kept:
                       later appends do nothing, so that a writer can
                       append freely and check once at the end */
} bdb_buf;

void bdb_buf_init(bdb_buf *b);
void bdb_buf_free(bdb_buf *b);
void bdb_buf_reset(bdb_buf *b);
int bdb_buf_append(bdb_buf *b, const void *data, size_t n);
/* v in decimal into num (no '\0'; 20 bytes at most): its length. As
 * snprintf's "%lld", at a fraction of its cost (a figure's line of
 * `parse`, a COPY row). */
size_t bdb_ll_text(char num[24], long long v);
int bdb_buf_puts(bdb_buf *b, const char *s);
int bdb_buf_printf(bdb_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hands the data to the caller (who frees it) and resets b. */
char *bdb_buf_detach(bdb_buf *b, size_t *len);

struct stat;
/* Opens path for reading if it is a regular file (O_NONBLOCK, so that a
 * FIFO put where a file was cannot block the open) and fills *sb: the
 * descriptor, or -1 with the reason in msg. */
int bdb_open_regular(const char *path, struct stat *sb, char *msg,
                     size_t msgsz);

/* Reads a whole file into b; returns BDB_EIO with errno text in msg. */
int bdb_buf_read_file(bdb_buf *b, const char *path, char *msg, size_t msgsz);

#endif
