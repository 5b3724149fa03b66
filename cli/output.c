/* output.c - report files are written whole or not at all.
 *
 * A report, workbook or chart PDF is written to a temporary file beside
 * its target and renamed over it only once it is complete, so a full
 * disk, a quota or a crash never leaves a 0-byte or half-written report
 * where the previous good one was. A report stopped by a signal (Ctrl-C,
 * kill, a closed terminal) removes its temporary file on the way out. */
#include "cli.h"

#include <errno.h>
#include <signal.h>
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

/* The temporary files being written now, for the signal handler: a copy
 * of each name in static storage (the callers' buffers may be on a stack
 * the handler cannot trust). Reports write one or two at a time. */
#define PENDING_MAX 4
static char pending[PENDING_MAX][4200];
static volatile sig_atomic_t pending_used[PENDING_MAX];
/* SIGXFSZ: a file size limit (ulimit -f) reached while writing */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ};

static void on_stop_signal(int sig)
{
    for (int i = 0; i < PENDING_MAX; i++)
        if (pending_used[i])
            unlink(pending[i]);     /* async-signal-safe */
    /* then die of it, as without the handler */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void handlers_install(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction old;
        /* a signal the caller ignores (nohup) stays ignored */
        if (sigaction(stop_signals[i], NULL, &old) != 0 ||
            old.sa_handler == SIG_IGN)
            continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_stop_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(stop_signals[i], &sa, NULL);
    }
}

/* Remembers tmp for the handler; past PENDING_MAX at once a stopped
 * report may leave its file (named .NAME.tmp-PID beside the target). */
static void pending_add(const char *tmp)
{
    handlers_install();
    for (int i = 0; i < PENDING_MAX; i++) {
        if (pending_used[i])
            continue;
        snprintf(pending[i], sizeof pending[i], "%s", tmp);
        pending_used[i] = 1;
        return;
    }
}

static void pending_drop(const char *tmp)
{
    for (int i = 0; i < PENDING_MAX; i++)
        if (pending_used[i] && strcmp(pending[i], tmp) == 0) {
            pending_used[i] = 0;
            return;
        }
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
    if (w < 0 || (size_t)w >= outsz || (size_t)w >= sizeof pending[0])
        return cli_error("output path too long: '%s'", path);
    pending_add(out);
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
        pending_drop(tmp);
        return BDB_EXIT_FAILED;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        pending_drop(tmp);
        return cli_error("cannot write '%s': %s", path, strerror(e));
    }
    pending_drop(tmp);
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
