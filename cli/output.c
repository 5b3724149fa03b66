/* output.c - report files are written whole or not at all.
 *
 * A report, workbook or chart PDF is written to a temporary file beside
 * its target and renamed over it only once it is complete, so a full
 * disk, a quota or a crash never leaves a 0-byte or half-written report
 * where the previous good one was. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cli_output_tmp(const char *path, char *out, size_t outsz)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    int w = snprintf(out, outsz, "%.*s.%s.tmp-%ld", dir, path,
                     slash ? slash + 1 : path, (long)getpid());
    if (w < 0 || (size_t)w >= outsz)
        return cli_error("output path too long: '%s'", path);
    return BDB_EXIT_OK;
}

int cli_output_commit(const char *tmp, const char *path, int ok)
{
    if (!ok) {
        unlink(tmp);
        return BDB_EXIT_FAILED;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return cli_error("cannot write '%s': %s", path, strerror(e));
    }
    return BDB_EXIT_OK;
}

int cli_output_write(const char *path, const void *data, size_t len)
{
    char tmp[4200];
    if (cli_output_tmp(path, tmp, sizeof tmp))
        return BDB_EXIT_FAILED;
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
