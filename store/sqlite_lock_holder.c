/* sqlite_lock_holder.c - who holds an SQLite database's write lock, for
 * the message of a writer that waited too long. In WAL mode SQLite's unix
 * VFS takes the write lock as a POSIX lock on byte 120 of the "-shm" file
 * (UNIX_SHM_BASE + WAL_WRITE_LOCK). Linux lists every such lock, with its
 * process, in /proc/locks: the file is only stat()ed, never opened, since
 * closing any descriptor of it would drop this process's own SQLite locks
 * on it. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#define WAL_WRITE_LOCK_BYTE 120

void bdb_sqlite_lock_holder(const char *db_path, char *out, size_t n)
{
    out[0] = '\0';
    if (!db_path || !*db_path || !n)
        return;
    char shm[4200];
    struct stat sb;
    if ((size_t)snprintf(shm, sizeof shm, "%s-shm", db_path) >= sizeof shm ||
        stat(shm, &sb) != 0)
        return;
    FILE *f = fopen("/proc/locks", "r");
    if (!f)
        return;
    char line[256];
    long pid = 0;
    while (!pid && fgets(line, sizeof line, f)) {
        char kind[16], mode[16], rw[16];
        long who;
        unsigned maj, min;
        unsigned long long ino, start;
        /* "1: POSIX  ADVISORY  WRITE 4242 fd:01:1234 120 120"; a waiter's
         * line has "->" after the number and is left out */
        const char *p = strchr(line, ':');
        if (!p || strstr(line, "->") ||
            sscanf(p + 1, "%15s %15s %15s %ld %x:%x:%llu %llu", kind, mode,
                   rw, &who, &maj, &min, &ino, &start) != 8)
            continue;
        if (strcmp(kind, "POSIX") == 0 && strcmp(rw, "WRITE") == 0 &&
            ino == (unsigned long long)sb.st_ino &&
            maj == major(sb.st_dev) && min == minor(sb.st_dev) &&
            start == WAL_WRITE_LOCK_BYTE)
            pid = who;
    }
    fclose(f);
    if (pid <= 0)
        return;
    char comm[64] = "", path[64];
    snprintf(path, sizeof path, "/proc/%ld/comm", pid);
    FILE *c = fopen(path, "r");
    if (c) {
        if (!fgets(comm, sizeof comm, c))
            comm[0] = '\0';
        fclose(c);
        comm[strcspn(comm, "\n")] = '\0';
    }
    if (*comm)
        snprintf(out, n, "pid %ld, %s", pid, comm);
    else
        snprintf(out, n, "pid %ld", pid);
}
