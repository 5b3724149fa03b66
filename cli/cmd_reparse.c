/* cmd_reparse.c - `benchdb reparse`: re-read stored sources after a parser
 * changed, from the bytes kept in the database. */
#include "batch.h"
#include "cli.h"
#include "../import/import.h"

#include <stdlib.h>
#include <string.h>

/* Commits the open batch; when that fails, its sources keep their old
 * results: they move from changed to failed. */
static void batch_commit(bdb_cli *cli, cli_batch *b, size_t *changed,
                         size_t *failed)
{
    if (!b->open)
        return;
    size_t n = b->added;
    if (cli_batch_commit(cli->store, b) != BDB_OK) {
        cli_error("cannot commit %zu re-read sources (%s); they keep their "
                  "old results", n, bdb_store_errmsg(cli->store));
        *changed -= n;
        *failed += n;
    }
}

enum { O_ALL = 1 };

const cli_option cli_reparse_options[] = {
    {"all", 0, NULL, "re-read every source, not only those whose parser\n"
     "version changed", O_ALL, 0, NULL},
    CLI_OPT_END};

int cmd_reparse(int argc, char **argv, bdb_cli *cli)
{
    int all = 0, c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_reparse_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        if (c != O_ALL)
            return cli_opts_unhandled(&g);
        all = 1;
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
    long long *ids, *sizes;
    size_t n;
    if (bdb_store_source_ids(cli->store, &ids, &sizes, &n))
        return cli_error("%s", bdb_store_errmsg(cli->store));
    size_t changed = 0, same = 0, failed = 0;
    /* Sources are re-read in batches (batch.h), each its own savepoint:
     * one commit and one orphan-series sweep per batch. */
    cli_batch b = {0};
    for (size_t i = 0; i < n; i++) {
        bdb_import_result res;
        int did;
        /* the stored size is the file's: a stored .gz counts at its
         * compressed size here */
        int solo = cli_batch_solo(sizes[i], 0);
        if (solo || cli_batch_full(&b))
            batch_commit(cli, &b, &changed, &failed);
        if (!b.open && !solo)
            cli_batch_open(cli->store, &b);
        b.files++;
        if (bdb_import_reparse(cli->store, ids[i], all, &did, &res)) {
            failed++;
            cli_print_diag("", &res.diag);
        } else if (did) {
            changed++;
            b.added++;
            printf("reparsed %s: %s, %zu results\n", res.diag.file, res.tools,
                   res.nresults);
        } else {
            same++;
        }
    }
    free(ids);
    free(sizes);
    batch_commit(cli, &b, &changed, &failed);
    printf("%zu reparsed, %zu unchanged, %zu failed\n", changed, same, failed);
    return failed ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}
