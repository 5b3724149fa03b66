/* cmd_init.c - `benchdb init`: the dispatcher already opened (created,
 * migrated) the database; say so. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"

int cmd_init(int argc, char **argv, bdb_cli *cli)
{
    (void)argv;
    if (argc > 1)
        return cli_usage_error(cli, "init takes no arguments");
    printf("database %s ready (schema version %d)\n", cli->db_path,
           bdb_store_schema_version_of(cli->store));
    return BDB_EXIT_OK;
}
