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

static int walk(const char *dir, bdb_import_list *files, int depth)
{
    if (depth > 64)
        return BDB_OK;
    DIR *d = opendir(dir);
    if (!d)
        return BDB_EIO;
    bdb_import_list here = {0};
    struct dirent *e;
    int rc = BDB_OK;
    while (!rc && (e = readdir(d)))
        if (!skip_name(e->d_name)) {
            char path[4096];
            snprintf(path, sizeof path, "%s%s%s", dir,
                     dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
            rc = list_add(&here, path);
        }
    closedir(d);
    if (here.n)
        qsort(here.paths, here.n, sizeof *here.paths, cmp_str);
    for (size_t i = 0; !rc && i < here.n; i++) {
        struct stat sb;
        if (stat(here.paths[i], &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode))
            rc = walk(here.paths[i], files, depth + 1);
        else if (S_ISREG(sb.st_mode))
            rc = list_add(files, here.paths[i]);
    }
    bdb_import_list_free(&here);
    return rc;
}

int bdb_import_collect(char *const *args, int nargs, bdb_import_list *files,
                       bdb_import_list *missing)
{
    for (int i = 0; i < nargs; i++) {
        struct stat sb;
        int rc;
        if (stat(args[i], &sb) != 0)
            rc = list_add(missing, args[i]);
        else if (S_ISDIR(sb.st_mode))
            rc = walk(args[i], files, 0);
        else
            rc = list_add(files, args[i]);
        if (rc)
            return rc;
    }
    return BDB_OK;
}
