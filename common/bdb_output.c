/* bdb_output.c - outputs written whole or not at all (see bdb_output.h). */
#include "bdb_output.h"
#include "bdb_cleanup.h"
#include "bdb_error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int in_place(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && !S_ISREG(sb.st_mode);
}

int bdb_output_begin(const char *path, char *tmp, size_t tmpsz, char *msg,
                     size_t msgsz)
{
    int w;
    if (in_place(path)) {
        w = snprintf(tmp, tmpsz, "%s", path);
    } else {
        const char *slash = strrchr(path, '/');
        int dir = slash ? (int)(slash - path + 1) : 0;
        w = snprintf(tmp, tmpsz, "%.*s.%s.tmp-%ld", dir, path,
                     slash ? slash + 1 : path, (long)getpid());
        if (w >= 0 && (size_t)w < tmpsz && (size_t)w < BDB_CLEANUP_PATH_MAX)
            bdb_cleanup_add(tmp);
        else
            w = -1;
    }
    if (w < 0 || (size_t)w >= tmpsz) {
        snprintf(msg, msgsz, "output path too long: '%s'", path);
        return BDB_ERANGE;
    }
    return BDB_OK;
}

/* fsync of a file by name: what the disk refused late (ENOSPC, EIO on
 * NFS) shows here, before the rename makes the file the output. */
static int sync_path(const char *path, int dir)
{
    int fd = open(path, (dir ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0)
        return dir ? 0 : errno;
    int e = fsync(fd) != 0 ? errno : 0;
    close(fd);
    /* a folder that cannot be synced (some file systems) is no error */
    return dir ? 0 : e == EINVAL ? 0 : e;
}

static void drop(const char *tmp)
{
    unlink(tmp);
    /* forgotten by the handler only once gone: a signal in between
     * unlinks a name that no longer exists */
    bdb_cleanup_drop(tmp);
}

int bdb_output_end(const char *tmp, const char *path, int ok, char *msg,
                   size_t msgsz)
{
    if (msgsz)
        msg[0] = '\0';
    if (strcmp(tmp, path) == 0)     /* written in place */
        return ok ? BDB_OK : BDB_EIO;
    if (!ok) {
        drop(tmp);
        return BDB_EIO;
    }
    int e = sync_path(tmp, 0);
    if (!e && rename(tmp, path) != 0)
        e = errno;
    if (e) {
        drop(tmp);
        snprintf(msg, msgsz, "cannot write '%s': %s (nothing written there)",
                 path, strerror(e));
        return BDB_EIO;
    }
    bdb_cleanup_drop(tmp);
    char dir[BDB_CLEANUP_PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path + 1) : 1,
             slash ? path : ".");
    sync_path(dir, 1);
    return BDB_OK;
}

int bdb_output_write(const char *path, const void *data, size_t len,
                     char *msg, size_t msgsz)
{
    char tmp[BDB_CLEANUP_PATH_MAX];
    int rc = bdb_output_begin(path, tmp, sizeof tmp, msg, msgsz);
    if (rc)
        return rc;
    /* in place: "w" on a device opens it, a FIFO blocks until read, as
     * any program writing to it would */
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        int e = errno;
        bdb_output_end(tmp, path, 0, msg, msgsz);
        snprintf(msg, msgsz, "cannot write '%s': %s", path, strerror(e));
        return BDB_EIO;
    }
    size_t w = len ? fwrite(data, 1, len, f) : 0;
    int err = w != len || ferror(f) ? (errno ? errno : EIO) : 0;
    /* fflush and fclose report what the disk refused */
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    if (err) {
        bdb_output_end(tmp, path, 0, msg, msgsz);
        snprintf(msg, msgsz, "cannot write '%s': %s (nothing written there)",
                 path, strerror(err));
        return BDB_EIO;
    }
    return bdb_output_end(tmp, path, 1, msg, msgsz);
}
