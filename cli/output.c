/* output.c - the command line's side of common/bdb_output: outputs
 * written whole or not at all, their errors printed, and reports
 * streamed to a file (or stdout) as they are made. */
#include "cli.h"
#include "../common/bdb_output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_output_tmp(const char *path, char *out, size_t outsz)
{
    char msg[512];
    if (bdb_output_begin(path, out, outsz, msg, sizeof msg))
        return cli_error("%s", msg);
    return BDB_EXIT_OK;
}

int cli_output_commit(const char *tmp, const char *path, int ok)
{
    char msg[4400];
    if (bdb_output_end(tmp, path, ok, msg, sizeof msg) == BDB_OK)
        return BDB_EXIT_OK;
    if (msg[0])
        cli_error("%s", msg);
    return BDB_EXIT_FAILED;
}

int cli_output_write(const char *path, const void *data, size_t len)
{
    char msg[4400];
    if (bdb_output_write(path, data, len, msg, sizeof msg))
        return cli_error("%s", msg);
    return BDB_EXIT_OK;
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
