/* srclist.h - choosing stored sources by what a user can name: a path,
 * a SHA-256 prefix, an id, a path glob, or a platform, tool, set and date
 * (for forget and source set). */
#ifndef BDB_CLI_SRCLIST_H
#define BDB_CLI_SRCLIST_H

#include <stddef.h>

#include "cli.h"

typedef struct cli_src {
    long long id, nresults;
    char *path, *sha256, *tool, *platform, *set, *imported_at;
} cli_src;

typedef struct cli_srclist {
    cli_src *v;
    size_t n, cap;
} cli_srclist;

typedef struct cli_srcsel {
    const char *const *names;   /* path, sha prefix (4+ hex), id, or glob */
    size_t nnames;
    const char *platform, *tool, *set;  /* comma lists and globs */
    const char *before;         /* imported before this ISO date/time */
} cli_srcsel;

/* The sources that match every given criterion (and one of the names, when
 * names are given). A name that matches no source is an error (exit 1)
 * naming it; a SHA-256 prefix that matches several sources asks for more
 * digits. Returns 0 or an exit status; list is the caller's to free. */
int cli_srclist_select(bdb_cli *cli, const cli_srcsel *sel, cli_srclist *list);
void cli_srclist_free(cli_srclist *list);

#endif
