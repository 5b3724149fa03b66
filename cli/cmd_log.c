/* cmd_log.c - `benchdb log`: the history of changes to the database (who,
 * when, which command line, what changed), oldest first. */
#include "cli.h"
#include "table_out.h"
#include "../store/store.h"

#include <string.h>

static int log_row(const bdb_history_row *r, void *ctx)
{
    char id[32];
    snprintf(id, sizeof id, "%lld", r->id);
    const char *cells[] = {id, r->at, r->user, r->summary, r->command};
    return bdb_rowset_add(ctx, cells);
}

const cli_option cli_log_options[] = {
    CLI_OPT_INCLUDE(cli_table_options),
    CLI_OPT_END};

int cmd_log(int argc, char **argv, bdb_cli *cli)
{
    cli_table_args ta;
    int st = cli_table_args_parse(cli, cli_log_options, argc, argv, 1, &ta);
    if (st)
        return st;
    if (ta.first != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[ta.first]);
    static const char *const cols[] = {"id", "at", "user", "change", "command"};
    static const unsigned char num[] = {1, 0, 0, 0, 0};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 5, cols, num);
    int rc = bdb_store_history_each(cli->store, log_row, &rs);
    if (!rc && cli_table_print(&rs, &ta, stdout))
        rc = cli_error("cannot print the history");
    else if (rc)
        rc = cli_error("%s", bdb_store_errmsg(cli->store));
    bdb_rowset_free(&rs);
    return rc ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}
