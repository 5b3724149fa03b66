/* cmd_init.c - `benchdb init`: the dispatcher already opened (created,
 * migrated) the database; say so. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"

const cli_option cli_init_options[] = {CLI_OPT_END};

int cmd_init(int argc, char **argv, bdb_cli *cli)
{
    cli_opts g;
    cli_opts_init(&g, cli, cli_init_options, argc, argv, 1);
    int c = cli_opts_next(&g);
    if (c > 0)
        return cli_opts_unhandled(&g);
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind < argc)
        return cli_usage_error(cli, "init takes no arguments");
    printf("database %s ready (schema version %d)\n", cli->db_path,
           bdb_store_schema_version_of(cli->store));
    return BDB_EXIT_OK;
}
