/* bdb_buf.c - growable, capped byte buffer. */
#include "bdb_buf.h"
#include "bdb_error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BDB_BUF_DEFAULT_MAX ((size_t)1 << 30)

void bdb_buf_init(bdb_buf *b)
{
    memset(b, 0, sizeof *b);
}

void bdb_buf_free(bdb_buf *b)
{
    if (!b)
        return;
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void bdb_buf_reset(bdb_buf *b)
{
    b->len = 0;
    b->err = 0;
    if (b->data)
        b->data[0] = '\0';
}

static int buf_reserve(bdb_buf *b, size_t extra)
{
    size_t max = b->max ? b->max : BDB_BUF_DEFAULT_MAX;
    if (extra > max || b->len > max - extra)
        return BDB_ERANGE;
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return BDB_OK;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p)
        return BDB_ENOMEM;
    b->data = p;
    b->cap = cap;
    return BDB_OK;
}

int bdb_buf_append(bdb_buf *b, const void *data, size_t n)
{
    if (b->err)
        return b->err;
    int rc = buf_reserve(b, n);
    if (rc)
        return b->err = rc;
    if (n)
        memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
    return BDB_OK;
}

int bdb_buf_puts(bdb_buf *b, const char *s)
{
    return bdb_buf_append(b, s, strlen(s));
}

int bdb_buf_printf(bdb_buf *b, const char *fmt, ...)
{
    if (b->err)
        return b->err;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return b->err = BDB_EUSAGE;
    int rc = buf_reserve(b, (size_t)n);
    if (rc)
        return b->err = rc;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return BDB_OK;
}

char *bdb_buf_detach(bdb_buf *b, size_t *len)
{
    if (!b->data && bdb_buf_append(b, "", 0))
        return NULL;
    char *p = b->data;
    if (len)
        *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}

int bdb_open_regular(const char *path, struct stat *sb, char *msg,
                     size_t msgsz)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(msg, msgsz, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (fstat(fd, sb) != 0 || !S_ISREG(sb->st_mode)) {
        snprintf(msg, msgsz, "not a regular file: not read");
        close(fd);
        return -1;
    }
    return fd;
}

int bdb_buf_read_file(bdb_buf *b, const char *path, char *msg, size_t msgsz)
{
    struct stat sb;
    int fd = bdb_open_regular(path, &sb, msg, msgsz);
    if (fd < 0)
        return BDB_EIO;
    size_t max = b->max ? b->max : BDB_BUF_DEFAULT_MAX;
    if ((unsigned long long)sb.st_size > max) {
        snprintf(msg, msgsz, "the file has %lld bytes, more than the %zu MiB "
                 "benchdb reads from one file", (long long)sb.st_size,
                 max >> 20);
        close(fd);
        return BDB_ERANGE;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
        close(fd);
        return BDB_EIO;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(msg, msgsz, "cannot open: %s", strerror(errno));
        close(fd);
        return BDB_EIO;
    }
    char chunk[65536];
    size_t n;
    int rc = BDB_OK;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        rc = bdb_buf_append(b, chunk, n);
        if (rc) {
            snprintf(msg, msgsz, "cannot read: %s", bdb_strerror(rc));
            break;
        }
    }
    if (!rc && ferror(f)) {
        snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
        rc = BDB_EIO;
    }
    fclose(f);
    if (!rc && !b->data)
        rc = bdb_buf_append(b, "", 0);
    return rc;
}

size_t bdb_ll_text(char num[24], long long v)
{
    char tmp[24], *q = tmp + sizeof tmp;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v
                                 : (unsigned long long)v;
    do {
        *--q = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--q = '-';
    size_t n = (size_t)(tmp + sizeof tmp - q);
    memcpy(num, q, n);
    return n;
}
