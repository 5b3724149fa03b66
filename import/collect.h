/* collect.h - from command-line arguments to the files an import reads. */
#ifndef BDB_COLLECT_H
#define BDB_COLLECT_H

#include <stddef.h>

/* Expands files and folders (recursively, sorted, hidden entries and
 * *.expected / README* files skipped) into a list of file paths. The
 * list and its strings are the caller's to free with bdb_import_list_free.
 * Paths that do not exist are returned in missing (same ownership). */
typedef struct bdb_import_list {
    char **paths;
    size_t n, cap;
} bdb_import_list;

int bdb_import_collect(char *const *args, int nargs, bdb_import_list *files,
                       bdb_import_list *missing);
void bdb_import_list_free(bdb_import_list *l);

#endif
