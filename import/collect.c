/* collect.c - expands the files and folders named on the command line into
 * the sorted list of files to import (see collect.h). */
#include "collect.h"
#include "../common/bdb_error.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int list_add(bdb_import_list *l, const char *path)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **p = realloc(l->paths, cap * sizeof *p);
        if (!p)
            return BDB_ENOMEM;
        l->paths = p;
        l->cap = cap;
    }
    l->paths[l->n] = strdup(path);
    if (!l->paths[l->n])
        return BDB_ENOMEM;
    l->n++;
    return BDB_OK;
}

void bdb_import_list_free(bdb_import_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->paths[i]);
    free(l->paths);
    memset(l, 0, sizeof *l);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int skip_name(const char *name)
{
    size_t n = strlen(name);
    if (name[0] == '.')
        return 1;
    if (strncmp(name, "README", 6) == 0)
        return 1;
    static const char *const tails[] = {".expected", ".md", ".sh", ".sqlite",
                                        ".sqlite-wal", ".sqlite-shm"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        size_t t = strlen(tails[i]);
        if (n > t && strcmp(name + n - t, tails[i]) == 0)
            return 1;
    }
    return 0;
}

static int list_addf(bdb_import_list *l, const char *path, const char *why)
{
    size_t n = strlen(path) + strlen(why) + 3;
    char *msg = malloc(n);
    if (!msg)
        return BDB_ENOMEM;
    snprintf(msg, n, "%s: %s", path, why);
    int rc = list_add(l, msg);
    free(msg);
    return rc;
}

/* The folders entered so far, by device and inode. */
typedef struct visited {
    struct {
        dev_t dev;
        ino_t ino;
    } *v;
    size_t n, cap;
} visited;

static int visit(visited *s, const struct stat *sb)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i].dev == sb->st_dev && s->v[i].ino == sb->st_ino)
            return 0;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        void *p = realloc(s->v, cap * sizeof *s->v);
        if (!p)
            return BDB_ENOMEM;
        s->v = p;
        s->cap = cap;
    }
    s->v[s->n].dev = sb->st_dev;
    s->v[s->n].ino = sb->st_ino;
    s->n++;
    return 1;
}

static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket"
           : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
           : "not a regular file";
}

static int add_entry(const char *path, int named, bdb_collected *c,
                     visited *seen);

static int walk(const char *dir, bdb_collected *c, visited *seen)
{
    DIR *d = opendir(dir);
    if (!d) {
        char why[300];
        snprintf(why, sizeof why, "cannot open folder: %s", strerror(errno));
        return list_addf(&c->failed, dir, why);
    }
    bdb_import_list here = {0};
    struct dirent *e;
    int rc = BDB_OK;
    errno = 0;
    while (!rc && (e = readdir(d))) {
        if (skip_name(e->d_name))
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        if (!path) {
            rc = BDB_ENOMEM;
            break;
        }
        snprintf(path, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
                 e->d_name);
        rc = list_add(&here, path);
        free(path);
        errno = 0;
    }
    if (!rc && errno) {
        char why[300];
        snprintf(why, sizeof why, "cannot list folder: %s", strerror(errno));
        rc = list_addf(&c->failed, dir, why);
    }
    closedir(d);
    if (here.n)
        qsort(here.paths, here.n, sizeof *here.paths, cmp_str);
    for (size_t i = 0; !rc && i < here.n; i++)
        rc = add_entry(here.paths[i], 0, c, seen);
    bdb_import_list_free(&here);
    return rc;
}

/* One path: named on the command line (named) or met in a folder. */
static int add_entry(const char *path, int named, bdb_collected *c,
                     visited *seen)
{
    struct stat sb, lsb;
    if (stat(path, &sb) != 0) {
        char why[300];
        if (errno == ENOENT && lstat(path, &lsb) == 0)
            snprintf(why, sizeof why, "broken symbolic link");
        else if (errno == ENOENT && named)
            snprintf(why, sizeof why, "no such file or folder");
        else
            snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
        return list_addf(&c->failed, path, why);
    }
    if (S_ISDIR(sb.st_mode)) {
        int fresh = visit(seen, &sb);
        if (fresh < 0)
            return fresh;
        if (!fresh)
            return list_addf(&c->skipped, path,
                             "a folder already walked (a symbolic link "
                             "loop or a second way in): skipped");
        return walk(path, c, seen);
    }
    if (!S_ISREG(sb.st_mode)) {
        char why[300];
        snprintf(why, sizeof why, "%s, not a regular file: not read",
                 kind_of(sb.st_mode));
        return list_addf(&c->failed, path, why);
    }
    return list_add(&c->files, path);
}

int bdb_import_collect(char *const *args, int nargs, bdb_collected *c)
{
    visited seen = {0};
    int rc = BDB_OK;
    for (int i = 0; !rc && i < nargs; i++)
        rc = add_entry(args[i], 1, c, &seen);
    free(seen.v);
    return rc;
}

void bdb_collected_free(bdb_collected *c)
{
    bdb_import_list_free(&c->files);
    bdb_import_list_free(&c->failed);
    bdb_import_list_free(&c->skipped);
}
