/* stub */
#include "cli.h"
int cmd_compare(int argc, char **argv, bdb_cli *cli) { (void)argc; (void)argv; return cli_usage_error(cli, "todo"); }
int cmd_check(int argc, char **argv, bdb_cli *cli) { (void)argc; (void)argv; return cli_usage_error(cli, "todo"); }
int cmd_history(int argc, char **argv, bdb_cli *cli) { (void)argc; (void)argv; return cli_usage_error(cli, "todo"); }
