/* collect.h - from command-line arguments to the files an import reads.
 *
 * Folders are walked recursively in name order; each folder is entered
 * once, by device and inode, so symbolic links that loop or lead back up
 * are skipped and said so instead of being followed until a depth limit.
 * Only regular files are read: a FIFO, socket or device named on the
 * command line or met in a folder would block or never end (`/dev/zero`),
 * so it is refused with a message. A folder that cannot be opened is
 * reported with its error and the walk goes on. Hidden entries, README*,
 * *.md, *.sh, *.expected and database files are skipped in folders. */
#ifndef BDB_COLLECT_H
#define BDB_COLLECT_H

#include <stddef.h>

typedef struct bdb_import_list {
    char **paths;
    size_t n, cap;
} bdb_import_list;

typedef struct bdb_collected {
    bdb_import_list files;      /* regular files to import, in order */
    bdb_import_list failed;     /* "PATH: why" for what cannot be read */
    bdb_import_list skipped;    /* "PATH: why" for symlinks not followed */
} bdb_collected;

/* Expands files and folders into c (which the caller zeroes first and
 * frees with bdb_collected_free). Returns BDB_OK, or BDB_ENOMEM: problems
 * with the paths themselves go into c->failed and c->skipped. */
int bdb_import_collect(char *const *args, int nargs, bdb_collected *c);
void bdb_collected_free(bdb_collected *c);

void bdb_import_list_free(bdb_import_list *l);

#endif
