/* bdb_input.c - files mapped for one read through (see bdb_input.h). */
#include "bdb_input.h"
#include "bdb_buf.h"
#include "bdb_error.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Pages are dropped a megabyte at a time at least: fewer system calls,
 * and a reader's recent pages stay. */
#define DROP_STEP ((size_t)1 << 20)

struct bdb_input_map {
    int fd;
    char *base;             /* the reservation: the file, then a zero page */
    size_t span;
    size_t len;
    size_t dropped;         /* [0, dropped) was dropped last */
    struct stat st;         /* at open */
    volatile sig_atomic_t cut; /* a page past the file's new end was read */
};

/* Each thread's own mappings: the import reads files on a worker while
 * the main thread maps a large one. A SIGBUS is delivered to the thread
 * that touched the page, whose table the handler then looks in. */
static _Thread_local bdb_input_map *volatile open_maps[BDB_INPUT_MAX_OPEN];
static _Thread_local size_t page_size;
static struct sigaction old_bus;
static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;

static bdb_input_map *map_of(const void *p)
{
    const char *c = p;
    for (int i = 0; i < BDB_INPUT_MAX_OPEN; i++) {
        bdb_input_map *m = open_maps[i];
        if (m && c >= m->base && c < m->base + m->span)
            return m;
    }
    return NULL;
}

/* A page of a mapped file that is no longer there: a zero page takes its
 * place and the input is marked cut. Any other SIGBUS is what it would
 * have been without this handler. */
static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    bdb_input_map *m = si ? map_of(si->si_addr) : NULL;
    if (m && si->si_code != SI_USER) {
        uintptr_t a = (uintptr_t)si->si_addr & ~(uintptr_t)(page_size - 1);
        if (mmap((void *)a, page_size, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            m->cut = 1;
            return;
        }
    }
    if ((old_bus.sa_flags & SA_SIGINFO) && old_bus.sa_sigaction) {
        old_bus.sa_sigaction(sig, si, uc);
        return;
    }
    if (old_bus.sa_handler != SIG_DFL && old_bus.sa_handler != SIG_IGN) {
        old_bus.sa_handler(sig);
        return;
    }
    /* the default action: the fault repeats (or the signal is raised
     * again) once this handler has returned */
    signal(SIGBUS, SIG_DFL);
    raise(SIGBUS);
}

/* Installed on every open unless it is in place already: a program (or a
 * test harness) that set its own SIGBUS handler since keeps getting the
 * signals that are not ours. */
static int set_handler(void)
{
    /* two threads mapping at once must not both install it (the second
     * would keep the first's handler as the one to pass signals on to) */
    pthread_mutex_lock(&handler_lock);
    struct sigaction cur;
    int rc = sigaction(SIGBUS, NULL, &cur) != 0 ? -1 : 0;
    if (!rc && !((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == on_sigbus)) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_sigbus;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGBUS, &sa, &old_bus) != 0)
            rc = -1;
    }
    pthread_mutex_unlock(&handler_lock);
    return rc;
}

/* map_fd's answer when the file system cannot map the file (fd is still
 * open then): it is read instead. */
#define MAP_UNSUPPORTED 1

/* Maps the open regular file fd of sb's size (not empty); takes fd. */
static int map_fd(bdb_input *in, int fd, const struct stat *sb, char *msg,
                  size_t msgsz)
{
    if ((unsigned long long)sb->st_size > SIZE_MAX / 2) {
        snprintf(msg, msgsz, "the file has %lld bytes, more than this "
                 "machine's address space can map", (long long)sb->st_size);
        close(fd);
        return BDB_ERANGE;
    }
    size_t len = (size_t)sb->st_size;
    size_t span = (len + page_size - 1) / page_size * page_size + page_size;
    int slot = -1;
    for (int i = 0; i < BDB_INPUT_MAX_OPEN && slot < 0; i++)
        if (!open_maps[i])
            slot = i;
    bdb_input_map *m = slot >= 0 ? calloc(1, sizeof *m) : NULL;
    if (!m) {
        if (slot < 0)
            snprintf(msg, msgsz, "more than %d files open at once",
                     BDB_INPUT_MAX_OPEN);
        else
            snprintf(msg, msgsz, "out of memory");
        close(fd);
        return BDB_ENOMEM;
    }
    if (set_handler() != 0) {
        snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
        free(m);
        close(fd);
        return BDB_EIO;
    }
    /* Reserve the file's pages and one more, then put the file over the
     * start: the page after it reads as zeros, so data[len] is NUL. */
    void *base = mmap(NULL, span, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (base == MAP_FAILED ||
        mmap(base, len, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) ==
            MAP_FAILED) {
        int err = errno;
        if (base != MAP_FAILED)
            munmap(base, span);
        free(m);
        if (err != ENOMEM)
            return MAP_UNSUPPORTED; /* a file system that cannot map */
        snprintf(msg, msgsz, "cannot map the file's %zu bytes: %s", len,
                 strerror(err));
        close(fd);
        return BDB_ENOMEM;
    }
    madvise(base, len, MADV_SEQUENTIAL);
    m->fd = fd;
    m->base = base;
    m->span = span;
    m->len = len;
    m->st = *sb;
    open_maps[slot] = m;
    in->map = m;
    in->data = base;
    in->len = len;
    return BDB_OK;
}

/* A small file read whole, at once: a snapshot, so it cannot change under
 * the parse; a size other than fstat's says it changed while read. */
static int read_small(bdb_input *in, int fd, size_t size, char *msg,
                      size_t msgsz)
{
    char *b = malloc(size + 1);
    if (!b) {
        snprintf(msg, msgsz, "out of memory");
        close(fd);
        return BDB_ENOMEM;
    }
    size_t got = 0;
    while (got <= size) {
        /* one byte more than fstat said tells a file that grew */
        ssize_t r = read(fd, b + got, size + 1 - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
            free(b);
            close(fd);
            return BDB_EIO;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (got != size) {
        snprintf(msg, msgsz, "the file changed while it was read (%zu bytes "
                 "when opened, %s%zu read): nothing of it is kept; import it "
                 "again when it is complete", size, got > size ? "more than " : "",
                 got > size ? size : got);
        free(b);
        return BDB_EIO;
    }
    b[size] = '\0';
    in->copy = b;
    in->data = b;
    in->len = size;
    return BDB_OK;
}

/* A file whose size fstat does not tell (/proc/cpuinfo says 0) or that
 * cannot be mapped: read to its end, as the import always did, within
 * bdb_buf's cap. */
static int read_all(bdb_input *in, int fd, char *msg, size_t msgsz)
{
    bdb_buf b;
    bdb_buf_init(&b);
    char chunk[65536];
    int rc = BDB_OK;
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
            rc = BDB_EIO;
            break;
        }
        if (r == 0)
            break;
        if (bdb_buf_append(&b, chunk, (size_t)r)) {
            snprintf(msg, msgsz, "the file holds more than the %d MiB benchdb "
                     "reads from a file it cannot map", 1024);
            rc = BDB_ERANGE;
            break;
        }
    }
    close(fd);
    if (rc) {
        bdb_buf_free(&b);
        return rc;
    }
    if (!b.data) /* empty */
        return BDB_OK;
    in->len = b.len;
    in->copy = bdb_buf_detach(&b, NULL);
    in->data = in->copy;
    return in->copy ? BDB_OK : BDB_ENOMEM;
}

static void input_init(bdb_input *in)
{
    memset(in, 0, sizeof *in);
    in->data = "";
    if (!page_size) {
        long ps = sysconf(_SC_PAGESIZE);
        page_size = ps > 0 ? (size_t)ps : 4096;
    }
}

/* path into in: a size-less file read to its end, one of at most `most`
 * bytes (or BDB_INPUT_READ_MAX when mapping) read whole; a larger one
 * mapped when `map`, else left (1, fd closed). */
static int input_from(bdb_input *in, const char *path, size_t most, int map,
                      char *msg, size_t msgsz)
{
    input_init(in);
    struct stat sb;
    int fd = bdb_open_regular(path, &sb, msg, msgsz);
    if (fd < 0)
        return BDB_EIO;
    if (sb.st_size == 0)
        return read_all(in, fd, msg, msgsz);
    if ((unsigned long long)sb.st_size <= most)
        return read_small(in, fd, (size_t)sb.st_size, msg, msgsz);
    if (!map) {
        close(fd);
        return 1;
    }
    int rc = map_fd(in, fd, &sb, msg, msgsz);
    return rc == MAP_UNSUPPORTED ? read_all(in, fd, msg, msgsz) : rc;
}

int bdb_input_borrow(const bdb_input *in)
{
    if (!in->map)
        return 0;
    if (!page_size) {
        long ps = sysconf(_SC_PAGESIZE);
        page_size = ps > 0 ? (size_t)ps : 4096;
    }
    for (int i = 0; i < BDB_INPUT_MAX_OPEN; i++)
        if (!open_maps[i]) {
            open_maps[i] = in->map;
            return 0;
        }
    return -1;
}

int bdb_input_map_again(const bdb_input *in, bdb_input *out, char *msg,
                        size_t msgsz)
{
    input_init(out);
    if (!in->map) {             /* memory: read where it lies */
        out->data = in->data;
        out->len = in->len;
        return 0;
    }
    int fd = dup(in->map->fd);
    if (fd < 0) {
        snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
        return BDB_EIO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    int rc = map_fd(out, fd, &in->map->st, msg, msgsz);
    if (rc == MAP_UNSUPPORTED) {    /* it was mapped once: not expected */
        close(fd);
        snprintf(msg, msgsz, "cannot map the file again");
        return BDB_EIO;
    }
    return rc;
}

void bdb_input_give_back(const bdb_input *in)
{
    for (int i = 0; in->map && i < BDB_INPUT_MAX_OPEN; i++)
        if (open_maps[i] == in->map)
            open_maps[i] = NULL;
}

int bdb_input_open(bdb_input *in, const char *path, char *msg, size_t msgsz)
{
    return input_from(in, path, BDB_INPUT_READ_MAX, 1, msg, msgsz);
}

int bdb_input_read(bdb_input *in, const char *path, size_t most, char *msg,
                   size_t msgsz)
{
    return input_from(in, path, most, 0, msg, msgsz);
}

int bdb_input_adopt(bdb_input *in, int fd, char *msg, size_t msgsz)
{
    input_init(in);
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        snprintf(msg, msgsz, "cannot read back a temporary file: %s",
                 strerror(errno));
        close(fd);
        return BDB_EIO;
    }
    if (sb.st_size == 0) {
        close(fd);
        return BDB_OK;
    }
    int rc = map_fd(in, fd, &sb, msg, msgsz);
    return rc == MAP_UNSUPPORTED ? read_all(in, fd, msg, msgsz) : rc;
}

int bdb_write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        if (w == 0) {
            errno = EIO;
            return -1;
        }
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

int bdb_input_tmpfile(char *msg, size_t msgsz)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/benchdb-XXXXXX", dir);
    if (n < 0 || (size_t)n >= sizeof path) {
        snprintf(msg, msgsz, "the temporary folder's name is too long");
        return -1;
    }
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(msg, msgsz, "cannot make a temporary file in %s: %s", dir,
                 strerror(errno));
        return -1;
    }
    unlink(path);
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

void bdb_input_close(bdb_input *in)
{
    bdb_input_map *m = in->map;
    if (m) {
        for (int i = 0; i < BDB_INPUT_MAX_OPEN; i++)
            if (open_maps[i] == m)
                open_maps[i] = NULL;
        munmap(m->base, m->span);
        close(m->fd);
        free(m);
    }
    free(in->copy);
    memset(in, 0, sizeof *in);
    in->data = "";
}

static void drop(bdb_input_map *m, size_t from, size_t to)
{
    /* madvise fails only on a range that is not mapped: nothing to do */
    if (to > from)
        (void)madvise(m->base + from, to - from, MADV_DONTNEED);
}

void bdb_input_done_before(const void *p)
{
    bdb_input_map *m = p ? map_of(p) : NULL;
    if (!m)
        return;
    size_t off = (size_t)((const char *)p - m->base);
    size_t upto = off >= m->len ? m->len : off & ~(page_size - 1);
    if (upto < m->dropped) {
        /* a new read from further back */
        m->dropped = upto;
        return;
    }
    if (upto - m->dropped < DROP_STEP && upto < m->len)
        return;
    drop(m, m->dropped, upto);
    m->dropped = upto;
}

void bdb_input_release(const void *p)
{
    bdb_input_map *m = p ? map_of(p) : NULL;
    if (!m)
        return;
    drop(m, 0, m->len);
    m->dropped = 0;
}

const void *bdb_input_memchr(const void *buf, int c, size_t len)
{
    if (!map_of(buf))
        return memchr(buf, c, len);
    const char *p = buf;
    while (len) {
        size_t n = len < DROP_STEP ? len : DROP_STEP;
        const char *hit = memchr(p, c, n);
        if (hit)
            return hit;
        p += n;
        len -= n;
        bdb_input_done_before(p);
    }
    return NULL;
}

int bdb_input_changed(const bdb_input *in, char *msg, size_t msgsz)
{
    const bdb_input_map *m = in->map;
    if (!m)
        return 0;
    struct stat now;
    if (m->cut) {
        snprintf(msg, msgsz, "the file was cut short while it was read (it "
                 "had %zu bytes): nothing of it is kept; import it again "
                 "when it is complete", m->len);
        return 1;
    }
    if (fstat(m->fd, &now) != 0) {
        snprintf(msg, msgsz, "cannot read: %s", strerror(errno));
        return 1;
    }
    if (now.st_size != m->st.st_size ||
        now.st_mtim.tv_sec != m->st.st_mtim.tv_sec ||
        now.st_mtim.tv_nsec != m->st.st_mtim.tv_nsec) {
        snprintf(msg, msgsz, "the file changed while it was read (%zu bytes "
                 "when opened, %lld now): nothing of it is kept; import it "
                 "again when it is complete", m->len, (long long)now.st_size);
        return 1;
    }
    return 0;
}
