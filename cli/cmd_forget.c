/* cmd_forget.c - `benchdb forget`: remove sources and their results, by
 * path, SHA-256 prefix or id, or by platform, tool, set and date; one
 * transaction for all of them, recorded in the history. */
#include "cli.h"
#include "lifecycle.h"
#include "srclist.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { O_PLATFORM = 1, O_TOOL, O_BEFORE, O_SET, O_YES, O_DRY_RUN };

const cli_option cli_forget_options[] = {
    {"platform", 0, "P[,P]", "sources measured on these platforms", O_PLATFORM,
     0, NULL},
    {"tool", 0, "T[,T]", "sources of these tools", O_TOOL, 0, NULL},
    {"set", 0, "S[,S]", "sources of these run sets", O_SET, 0, NULL},
    {"before", 0, "DATE", "sources imported before an ISO date (2026-06-01)",
     O_BEFORE, 0, NULL},
    {"yes", 'y', NULL, "do not ask", O_YES, 0, NULL},
    {"dry-run", 'n', NULL, "only print what would go", O_DRY_RUN,
     CLI_OPT_READ_ONLY, NULL},
    CLI_OPT_END};

int cmd_forget(int argc, char **argv, bdb_cli *cli)
{
    cli_srcsel sel = {0};
    int yes = 0, dry = 0, c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_forget_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_PLATFORM: sel.platform = g.arg; break;
        case O_TOOL: sel.tool = cli_tool_alias(g.arg); break;
        case O_BEFORE: sel.before = g.arg; break;
        case O_SET: sel.set = g.arg; break;
        case O_YES: yes = 1; break;
        case O_DRY_RUN: dry = 1; break;
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    sel.names = (const char *const *)argv + g.ind;
    sel.nnames = (size_t)(argc - g.ind);
    if (!sel.nnames && !sel.platform && !sel.tool && !sel.before && !sel.set)
        return cli_usage_error(cli, "name the sources to forget (path, SHA-256 "
                                    "prefix or id) or select them with "
                                    "--platform, --tool, --set or --before");
    cli_srclist list;
    int st = cli_srclist_select(cli, &sel, &list);
    if (st)
        return st;
    if (!list.n) {
        cli_srclist_free(&list);
        printf("no source matches; nothing forgotten\n");
        return BDB_EXIT_OK;
    }
    long long nres = 0;
    for (size_t i = 0; i < list.n; i++) {
        nres += list.v[i].nresults;
        printf("%s source %lld %s (%s, %s, %lld results)\n",
               dry ? "would forget" : "forget", list.v[i].id, list.v[i].path,
               list.v[i].tool, list.v[i].platform[0] ? list.v[i].platform
                                                      : "no platform",
               list.v[i].nresults);
    }
    if (dry) {
        printf("%zu source%s, %lld result%s would be forgotten (dry run: "
               "nothing changed)\n", list.n, cli_s((long long)list.n), nres,
               cli_s(nres));
        cli_srclist_free(&list);
        return BDB_EXIT_OK;
    }
    if (!yes) {
        if (!isatty(STDIN_FILENO)) {
            size_t n = list.n;
            cli_srclist_free(&list);
            return cli_usage_error(cli, "not a terminal to ask on: add --yes "
                                        "to forget %s %zu source%s",
                                   n == 1 ? "this" : "these", n,
                                   cli_s((long long)n));
        }
        fprintf(stderr, "forget %zu source%s and their %lld result%s? [y/N] ",
                list.n, cli_s((long long)list.n), nres, cli_s(nres));
        char answer[16] = "";
        if (!fgets(answer, sizeof answer, stdin) ||
            (answer[0] != 'y' && answer[0] != 'Y')) {
            cli_srclist_free(&list);
            printf("nothing forgotten\n");
            return BDB_EXIT_OK;
        }
    }
    int rc = bdb_store_batch_begin(cli->store, 0);
    for (size_t i = 0; !rc && i < list.n; i++)
        rc = bdb_store_source_delete(cli->store, list.v[i].id);
    if (!rc)
        rc = cli_record(cli, "forgot %zu source%s (%lld result%s)", list.n,
                        cli_s((long long)list.n), nres, cli_s(nres));
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    size_t n = list.n;
    cli_srclist_free(&list);
    if (rc)
        return cli_error("nothing forgotten: %s", bdb_store_errmsg(cli->store));
    printf("%zu source%s forgotten (%lld result%s)\n", n, cli_s((long long)n),
           nres, cli_s(nres));
    return BDB_EXIT_OK;
}
