/* cmd_reparse.c - `benchdb reparse`: re-read stored sources after a parser
 * changed, from the bytes kept in the database. */
#include "cli.h"
#include "../import/import.h"

#include <stdlib.h>
#include <string.h>

int cmd_reparse(int argc, char **argv, bdb_cli *cli)
{
    int all = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--all") == 0)
            all = 1;
        else
            return cli_usage_error(cli, "unknown argument '%s'", argv[i]);
    }
    long long *ids;
    size_t n;
    if (bdb_store_source_ids(cli->store, &ids, &n))
        return cli_error("%s", bdb_store_errmsg(cli->store));
    size_t changed = 0, same = 0, failed = 0, in_batch = 0;
    /* Sources are re-read in batches of 256 (each its own savepoint):
     * one commit and one orphan-series sweep per batch. */
    int batch = bdb_store_batch_begin(cli->store) == BDB_OK;
    for (size_t i = 0; i < n; i++) {
        bdb_import_result res;
        int did;
        if (batch && i && i % 256 == 0) {
            if (bdb_store_batch_end(cli->store, 1)) {
                cli_error("cannot commit %zu re-read sources (%s); they keep "
                          "their old results", in_batch,
                          bdb_store_errmsg(cli->store));
                changed -= in_batch;
                failed += in_batch;
            }
            in_batch = 0;
            batch = bdb_store_batch_begin(cli->store) == BDB_OK;
        }
        if (bdb_import_reparse(cli->store, ids[i], all, &did, &res)) {
            failed++;
            cli_print_diag("", &res.diag);
        } else if (did) {
            changed++;
            in_batch++;
            printf("reparsed %s: %s, %zu results\n", res.diag.file, res.tools,
                   res.nresults);
        } else {
            same++;
        }
    }
    free(ids);
    if (batch && bdb_store_batch_end(cli->store, 1)) {
        cli_error("cannot commit %zu re-read sources (%s); they keep their "
                  "old results", in_batch, bdb_store_errmsg(cli->store));
        changed -= in_batch;
        failed += in_batch;
    }
    printf("%zu reparsed, %zu unchanged, %zu failed\n", changed, same, failed);
    return failed ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}
