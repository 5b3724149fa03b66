/* bdb_cleanup.c - files removed when a signal stops the process
 * (bdb_cleanup.h). */
#include "bdb_cleanup.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A copy of each name in static storage: the callers' buffers may be on a
 * stack the handler cannot trust. */
static char paths[BDB_CLEANUP_MAX][BDB_CLEANUP_PATH_MAX];
static volatile sig_atomic_t used[BDB_CLEANUP_MAX];
/* SIGXFSZ: a file size limit (ulimit -f) reached while writing */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ};

static void on_stop_signal(int sig)
{
    for (int i = 0; i < BDB_CLEANUP_MAX; i++)
        if (used[i])
            unlink(paths[i]);       /* async-signal-safe */
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

void bdb_cleanup_add(const char *path)
{
    if (strlen(path) >= BDB_CLEANUP_PATH_MAX)
        return;
    handlers_install();
    for (int i = 0; i < BDB_CLEANUP_MAX; i++) {
        if (used[i])
            continue;
        snprintf(paths[i], sizeof paths[i], "%s", path);
        used[i] = 1;
        return;
    }
}

void bdb_cleanup_drop(const char *path)
{
    for (int i = 0; i < BDB_CLEANUP_MAX; i++)
        if (used[i] && strcmp(paths[i], path) == 0) {
            used[i] = 0;
            return;
        }
}
