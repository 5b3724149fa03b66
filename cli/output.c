/* output.c - report files are written whole or not at all.
 *
 * A report, workbook or chart PDF is written to a temporary file beside
 * its target and renamed over it only once it is complete, so a full
 * disk, a quota or a crash never leaves a 0-byte or half-written report
 * where the previous good one was. A report stopped by a signal (Ctrl-C,
 * kill, a closed terminal) removes its temporary file on the way out. */
#include "cli.h"
#include "../common/bdb_cleanup.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Only a regular file (or a new one) is replaced by renaming: -o /dev/null,
 * a FIFO or a terminal is written in place, never renamed over (a rename
 * would put a regular file where the device was). */
static int write_in_place(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && !S_ISREG(sb.st_mode);
}

int cli_output_tmp(const char *path, char *out, size_t outsz)
{
    if (write_in_place(path)) {
        int w = snprintf(out, outsz, "%s", path);
        if (w < 0 || (size_t)w >= outsz)
            return cli_error("output path too long: '%s'", path);
        return BDB_EXIT_OK;
    }
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    int w = snprintf(out, outsz, "%.*s.%s.tmp-%ld", dir, path,
                     slash ? slash + 1 : path, (long)getpid());
    if (w < 0 || (size_t)w >= outsz || (size_t)w >= BDB_CLEANUP_PATH_MAX)
        return cli_error("output path too long: '%s'", path);
    bdb_cleanup_add(out);
    return BDB_EXIT_OK;
}

int cli_output_commit(const char *tmp, const char *path, int ok)
{
    if (strcmp(tmp, path) == 0)     /* written in place */
        return ok ? BDB_EXIT_OK : BDB_EXIT_FAILED;
    /* forgotten by the handler only once gone: a signal in between
     * unlinks a name that no longer exists */
    if (!ok) {
        unlink(tmp);
        bdb_cleanup_drop(tmp);
        return BDB_EXIT_FAILED;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        bdb_cleanup_drop(tmp);
        return cli_error("cannot write '%s': %s", path, strerror(e));
    }
    bdb_cleanup_drop(tmp);
    return BDB_EXIT_OK;
}

int cli_output_write(const char *path, const void *data, size_t len)
{
    char tmp[4200];
    if (cli_output_tmp(path, tmp, sizeof tmp))
        return BDB_EXIT_FAILED;
    /* in place ("w" on a device opens it, a FIFO blocks until read, as
     * any program writing to it would) */
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return cli_error("cannot write '%s': %s", path, strerror(errno));
    size_t w = fwrite(data, 1, len, f);
    int err = ferror(f) ? errno : 0;
    /* fflush and fclose report what the disk refused */
    int closed = fclose(f);
    if (!err && closed != 0)
        err = errno;
    if (w != len || err) {
        cli_error("cannot write '%s': %s (nothing written there)", path,
                  strerror(err ? err : EIO));
        return cli_output_commit(tmp, path, 0);
    }
    return cli_output_commit(tmp, path, 1);
}

int cli_stream_open(cli_stream *s, const char *path)
{
    memset(s, 0, sizeof *s);
    if (!path || strcmp(path, "-") == 0) {
        s->f = stdout;
        return BDB_EXIT_OK;
    }
    s->path = path;
    if (cli_output_tmp(path, s->tmp, sizeof s->tmp))
        return BDB_EXIT_FAILED;
    s->f = fopen(s->tmp, "wb");
    if (!s->f)
        return cli_error("cannot write '%s': %s", path, strerror(errno));
    return BDB_EXIT_OK;
}

int cli_stream_write(void *ctx, const char *data, size_t len)
{
    cli_stream *s = ctx;
    if (s->err)
        return BDB_EIO;
    if (len && fwrite(data, 1, len, s->f) != len) {
        s->err = errno ? errno : EIO;
        return BDB_EIO;
    }
    return BDB_OK;
}

int cli_stream_close(cli_stream *s, int ok)
{
    if (!s->path) { /* stdout: what was written stays written */
        if (fflush(stdout) != 0 && !s->err)
            s->err = errno ? errno : EIO;
        if (s->err)
            return cli_error("cannot write the report: %s", strerror(s->err));
        return ok ? BDB_EXIT_OK : BDB_EXIT_FAILED;
    }
    if (ferror(s->f) && !s->err)
        s->err = errno ? errno : EIO;
    /* fclose reports what the disk refused */
    if (fclose(s->f) != 0 && !s->err)
        s->err = errno ? errno : EIO;
    s->f = NULL;
    if (ok && s->err) {
        cli_error("cannot write '%s': %s (nothing written there)", s->path,
                  strerror(s->err));
        ok = 0;
    }
    return cli_output_commit(s->tmp, s->path, ok);
}
