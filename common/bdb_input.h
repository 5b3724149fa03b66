/* bdb_input.h - a file's bytes for one read through, without holding them.
 *
 * An imported file is mapped read-only (MAP_PRIVATE) instead of copied:
 * its pages live in the kernel's page cache, and the ones already read are
 * dropped from this process (MADV_DONTNEED) as the reading goes on, so a
 * 1 GB log costs no more resident memory than a small one. Dropping is
 * always safe for such a mapping: a page read again is faulted back in
 * from the page cache, unchanged. Parsers keep their (buf, len) interface.
 *
 * The byte after the file's last one reads as NUL (an anonymous page is
 * mapped behind the file), as with a bdb_buf.
 *
 * A file that another process cuts short while it is mapped would raise
 * SIGBUS on the pages past its new end; bdb_input maps zero pages there
 * instead and remembers it, and bdb_input_changed() then says the file
 * changed while it was read (as it does when its size or time of last
 * change moved). Nothing read from a changed file may be kept.
 *
 * One thread reads few files at once: up to BDB_INPUT_MAX_OPEN inputs
 * may be open at a time in each thread (their mappings are what the
 * SIGBUS handler knows, per thread), and an input is used by the thread
 * that opened it. */
#ifndef BDB_INPUT_H
#define BDB_INPUT_H

#include <stddef.h>

#define BDB_INPUT_MAX_OPEN 8

typedef struct bdb_input_map bdb_input_map;

typedef struct bdb_input {
    const char *data;       /* the file's bytes; data[len] is NUL */
    size_t len;
    bdb_input_map *map;     /* NULL for an empty or a small file */
    char *copy;             /* a small file is read, not mapped */
} bdb_input;

/* Files up to this size are read into memory: for them a mapping costs
 * more system time than it saves (10,000 small logs). */
#define BDB_INPUT_READ_MAX ((size_t)64 << 10)

/* Opens and maps (or reads, when small) a regular file (a FIFO, a device
 * or a folder is refused:
 * "not a regular file: not read"). BDB_EIO / BDB_ENOMEM / BDB_ERANGE with
 * a message for the user in msg. An empty file gives len 0. A file whose
 * size the system does not tell (/proc/cpuinfo) or whose file system
 * cannot map it is read to its end, up to 1 GiB. */
int bdb_input_open(bdb_input *in, const char *path, char *msg, size_t msgsz);

/* bdb_input_open for a file read whole into memory, never mapped: 1
 * (nothing read, fd closed, no message) when it holds more than most
 * bytes. An input read so may be handed to another thread. */
int bdb_input_read(bdb_input *in, const char *path, size_t most, char *msg,
                   size_t msgsz);

/* The same for fd, a temporary file the caller wrote (see
 * bdb_input_tmpfile): the input takes fd and closes it. */
int bdb_input_adopt(bdb_input *in, int fd, char *msg, size_t msgsz);

/* A new temporary file in $TMPDIR (or /tmp), already unlinked, open for
 * reading and writing; -1 with a message. */
int bdb_input_tmpfile(char *msg, size_t msgsz);

/* Writes all n bytes of p to fd (a short write is resumed, EINTR retried):
 * 0, or -1 with errno set. */
int bdb_write_all(int fd, const void *p, size_t n);

/* Another thread reads an input this one opened (the import parses a
 * large file on a worker while its thread stores the figures): it calls
 * bdb_input_borrow before its first read, so that its reads drop pages
 * and a cut file is told as in the opener's thread, and
 * bdb_input_give_back after its last; the opener does not read the input
 * meanwhile. 0, or -1 when the thread has BDB_INPUT_MAX_OPEN inputs open
 * (it must not read this one then). An input that is not mapped needs
 * neither (0). */
int bdb_input_borrow(const bdb_input *in);
void bdb_input_give_back(const bdb_input *in);

/* A second, independent mapping of the file in maps (the same open
 * file, so the same bytes), for another thread to read at its own pace:
 * out is that thread's input (opened, read and closed by it; its pages
 * dropped as it reads). An input in memory is shared as it is (out then
 * owns nothing). BDB_EIO / BDB_ENOMEM with a message. */
int bdb_input_map_again(const bdb_input *in, bdb_input *out, char *msg,
                        size_t msgsz);

/* Unmaps and closes; a zeroed or failed input may be closed too. */
void bdb_input_close(bdb_input *in);

/* Drops the resident pages of whatever input maps p, below p (all of it
 * when p is at or past its end), once at least a megabyte is to drop.
 * Any pointer may be passed: one that no open input maps is ignored (a
 * heap buffer is never touched). Readers call it as they move on. */
void bdb_input_done_before(const void *p);

/* Drops every resident page of the input that maps p (nothing when none
 * does): for callers that do not know how far a reader got. */
void bdb_input_release(const void *p);

/* memchr(buf, c, len) that drops the pages it has looked at when buf is
 * an input's (ingest's scan for a NUL byte reads the whole file). */
const void *bdb_input_memchr(const void *buf, int c, size_t len);

/* 1 (with a message) if the file changed while it was read: cut short
 * under the mapping, or its size or change time moved since it was
 * opened; 0 otherwise. */
int bdb_input_changed(const bdb_input *in, char *msg, size_t msgsz);

#endif
