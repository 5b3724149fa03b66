/* cmd_forget.c - `benchdb forget`: remove sources and their results, by
 * path, SHA-256 prefix or id, or by platform, tool, set and date; one
 * transaction for all of them, recorded in the history. */
#include "cli.h"
#include "lifecycle.h"
#include "srclist.h"

#include <fnmatch.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cmd_forget(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 'P'},
        {"tool", required_argument, 0, 't'},
        {"before", required_argument, 0, 'B'},
        {"set", required_argument, 0, 's'},
        {"yes", no_argument, 0, 'y'},
        {"dry-run", no_argument, 0, 'n'},
        {0, 0, 0, 0}};
    cli_srcsel sel = {0};
    int yes = 0, dry = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "yn", longopts, NULL)) != -1) {
        switch (c) {
        case 'P': sel.platform = optarg; break;
        case 't': sel.tool = cli_tool_alias(optarg); break;
        case 'B': sel.before = optarg; break;
        case 's': sel.set = optarg; break;
        case 'y': yes = 1; break;
        case 'n': dry = 1; break;
        default: return cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    sel.names = (const char *const *)argv + optind;
    sel.nnames = (size_t)(argc - optind);
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
        printf("%zu sources, %lld results would be forgotten (dry run: "
               "nothing changed)\n", list.n, nres);
        cli_srclist_free(&list);
        return BDB_EXIT_OK;
    }
    if (!yes) {
        if (!isatty(STDIN_FILENO)) {
            cli_srclist_free(&list);
            return cli_usage_error(cli, "not a terminal to ask on: add --yes "
                                        "to forget these %zu sources", list.n);
        }
        fprintf(stderr, "forget %zu sources and their %lld results? [y/N] ",
                list.n, nres);
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
        rc = cli_record(cli, "forgot %zu sources (%lld results)", list.n, nres);
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    size_t n = list.n;
    cli_srclist_free(&list);
    if (rc)
        return cli_error("nothing forgotten: %s", bdb_store_errmsg(cli->store));
    printf("%zu sources forgotten (%lld results)\n", n, nres);
    return BDB_EXIT_OK;
}
