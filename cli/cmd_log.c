/* cmd_log.c - `benchdb log`: the history of changes to the database (who,
 * when, which command line, what changed), oldest first. */
#include "cli.h"
#include "rowset.h"
#include "../store/store.h"

#include <string.h>

static int log_row(const bdb_history_row *r, void *ctx)
{
    char id[32];
    snprintf(id, sizeof id, "%lld", r->id);
    const char *cells[] = {id, r->at, r->user, r->summary, r->command};
    return bdb_rowset_add(ctx, cells);
}

int cmd_log(int argc, char **argv, bdb_cli *cli)
{
    int fmt = BDB_FMT_TABLE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
            fmt = bdb_out_format_parse(argv[++i]);
        else if (strncmp(argv[i], "--format=", 9) == 0)
            fmt = bdb_out_format_parse(argv[i] + 9);
        else
            return cli_usage_error(cli, "unknown argument '%s'", argv[i]);
        if (fmt < 0)
            return cli_usage_error(cli, "--format takes table, csv or json");
    }
    static const char *const cols[] = {"id", "at", "user", "change", "command"};
    static const unsigned char num[] = {1, 0, 0, 0, 0};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 5, cols, num);
    int rc = bdb_store_history_each(cli->store, log_row, &rs);
    if (!rc)
        bdb_rowset_print(&rs, (bdb_out_format)fmt, stdout);
    bdb_rowset_free(&rs);
    return rc ? cli_error("%s", bdb_store_errmsg(cli->store)) : BDB_EXIT_OK;
}
