/* cmd_source.c - `benchdb source set` (what a source's results belong to,
 * re-derived from the stored bytes) and `benchdb set list|rename|tag` (run
 * sets). Every change is one transaction with its history row. */
#include "cli.h"
#include "lifecycle.h"
#include "table_out.h"
#include "srclist.h"
#include "../import/import.h"

#include <stdlib.h>
#include <string.h>

enum { O_PLATFORM = 1, O_PARAM, O_UNSET_PARAM, O_UNSET, O_NEW_BASELINE,
       O_CLEAR };

const cli_option cli_source_set_options[] = {
    {"platform", 0, "P", "move the results to platform P", O_PLATFORM, 0,
     NULL},
    {"param", 0, "K=V", "give the results the parameter K=V (repeatable)",
     O_PARAM, 0, NULL},
    {"unset-param", 0, "K", "drop a parameter given at import (--param or a\n"
     "path pattern; repeatable)", O_UNSET_PARAM, 0, NULL},
    CLI_OPT_END};

static int source_set(int argc, char **argv, bdb_cli *cli)
{
    const char *platform = NULL;
    bdb_params set = {0};
    const char *unset[BDB_MAX_PARAMS];
    size_t nunset = 0;
    int c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_source_set_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_PLATFORM: platform = g.arg; break;
        case O_PARAM: {
            char *k, *v;
            if (cli_split_kv(g.arg, &k, &v))
                return cli_usage_error(cli, "--param wants K=V, not '%s'", g.arg);
            if (bdb_params_set(&set, k, "%s", v))
                return cli_usage_error(cli, "--param %s: too many parameters, "
                                       "or too long", k);
            break;
        }
        case O_UNSET_PARAM:
            if (nunset == BDB_MAX_PARAMS)
                return cli_usage_error(cli, "at most %d --unset-param",
                                       BDB_MAX_PARAMS);
            unset[nunset++] = g.arg;
            break;
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind >= argc)
        return cli_usage_error(cli, "source set needs a SOURCE (path, SHA-256 "
                                    "prefix or id)");
    if (!platform && !set.n && !nunset)
        return cli_usage_error(cli, "source set needs --platform, --param or "
                                    "--unset-param");
    if (platform && strlen(platform) >= sizeof ((bdb_platform *)0)->name)
        return cli_usage_error(cli, "platform name '%.40s...' is too long",
                               platform);
    cli_srcsel sel = {.names = (const char *const *)argv + g.ind,
                      .nnames = (size_t)(argc - g.ind)};
    cli_srclist list;
    int st = cli_srclist_select(cli, &sel, &list);
    if (st)
        return st;
    int rc = bdb_store_batch_begin(cli->store, 0);
    size_t nres = 0;
    bdb_import_result res;
    memset(&res, 0, sizeof res);
    for (size_t i = 0; !rc && i < list.n; i++) {
        rc = bdb_import_source_set(cli->store, list.v[i].id, platform, &set,
                                   unset, nunset, &res);
        if (rc) {
            cli_print_diag("", &res.diag);
            break;
        }
        nres += res.nresults;
        cli_line(stdout, "source %lld %s: %s, %zu results%s%s\n", list.v[i].id,
               list.v[i].path, res.tools, res.nresults,
               platform ? " for " : "", platform ? platform : "");
    }
    if (!rc)
        rc = cli_record(cli, "changed %zu source%s (%zu result%s)", list.n,
                        cli_s((long long)list.n), nres, cli_s((long long)nres));
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    size_t n = list.n;
    cli_srclist_free(&list);
    if (rc) {
        if (res.diag.message[0] == '\0')
            cli_error("%s", bdb_store_errmsg(cli->store));
        return cli_error("nothing changed");
    }
    printf("%zu source%s changed\n", n, cli_s((long long)n));
    return BDB_EXIT_OK;
}

int cmd_source(int argc, char **argv, bdb_cli *cli)
{
    if (argc < 2)
        return cli_usage_error(cli, "source needs set");
    if (strcmp(argv[1], "set") == 0)
        return source_set(argc - 1, argv + 1, cli);
    return cli_unknown_subcmd(cli, argv[1]);
}

/* ---- benchdb set ---------------------------------------------------------- */

const cli_option cli_set_tag_options[] = {
    {"unset", 0, "K", "remove the tag K (repeatable)", O_UNSET, 0, NULL},
    CLI_OPT_END};

const cli_option cli_set_mark_options[] = {
    {"new-baseline", 0, NULL, "a change at this set is expected (a new\n"
     "kernel, a new board): history and check start a new distribution\n"
     "there", O_NEW_BASELINE, 0, NULL},
    {"clear", 0, NULL, "remove the mark", O_CLEAR, 0, NULL},
    CLI_OPT_END};

static int set_row(const bdb_set_row *r, void *ctx)
{
    char ns[32], nr[32];
    snprintf(ns, sizeof ns, "%lld", r->nsources);
    snprintf(nr, sizeof nr, "%lld", r->nresults);
    const char *cells[] = {r->name, r->created_at, r->tags, ns, nr,
                           r->first_import, r->last_import};
    return bdb_rowset_add(ctx, cells);
}

static int set_list(int argc, char **argv, bdb_cli *cli)
{
    cli_table_args ta;
    int st = cli_table_args_parse(cli, cli_table_options, argc, argv, 1, &ta);
    if (st)
        return st;
    if (ta.first != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[ta.first]);
    static const char *const cols[] = {"set", "created_at", "tags", "sources",
                                       "results", "first_import",
                                       "last_import"};
    static const unsigned char num[] = {0, 0, 0, 1, 1, 0, 0};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 7, cols, num);
    int rc = bdb_store_sets_each(cli->store, set_row, &rs);
    if (rc)
        rc = cli_error("%s", bdb_store_errmsg(cli->store));
    else if (cli_table_print(&rs, &ta, stdout))
        rc = cli_error("cannot print the sets");
    bdb_rowset_free(&rs);
    return rc ? BDB_EXIT_FAILED : BDB_EXIT_OK;
}

/* Runs one change and its history row in one transaction. */
static int one_change(bdb_cli *cli, int rc, const char *set, const char *done)
{
    if (!rc)
        rc = cli_record(cli, "%s", done);
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    if (rc == BDB_ENOTFOUND) {
        /* an unknown set is a usage error, said with the known ones */
        cli_sel sel = {0};
        sel.f.set = set;
        if (cli_sel_check(cli, &sel))
            return BDB_EXIT_USAGE;
    }
    if (rc)
        return cli_error("%s", bdb_store_errmsg(cli->store));
    cli_line(stdout, "%s\n", done);
    return BDB_EXIT_OK;
}

enum { O_NOTE_SET = 1, O_NOTE_TOOL, O_NOTE_BENCHMARK, O_NOTE_METRIC,
       O_NOTE_PARAMS };

const cli_option cli_note_options[] = {
    {"set", 0, "SET", "the note is on this run set", O_NOTE_SET, 0, NULL},
    {"tool", 0, "T", "with --benchmark and --metric: the note is on these\n"
     "series", O_NOTE_TOOL, 0, NULL},
    {"benchmark", 0, "B", "the series' benchmark", O_NOTE_BENCHMARK, 0, NULL},
    {"metric", 0, "M", "the series' metric", O_NOTE_METRIC, 0, NULL},
    {"params", 0, "K=V,...", "only the series with these parameters (as list\n"
     "series prints them)", O_NOTE_PARAMS, 0, NULL},
    CLI_OPT_END};

/* benchdb note [--set S] [--tool T --benchmark B --metric M
 * [--params P]] TEXT */
int cmd_note(int argc, char **argv, bdb_cli *cli)
{
    const char *set = NULL, *tool = NULL, *bench = NULL, *metric = NULL,
               *params = NULL, *text = NULL;
    cli_opts g;
    int c;
    cli_opts_init(&g, cli, cli_note_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case O_NOTE_SET: set = g.arg; break;
        case O_NOTE_TOOL: tool = g.arg; break;
        case O_NOTE_BENCHMARK: bench = g.arg; break;
        case O_NOTE_METRIC: metric = g.arg; break;
        case O_NOTE_PARAMS: params = g.arg; break;
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind + 1 != argc)
        return cli_usage_error(cli, "note takes [--set S] [--tool T "
                                    "--benchmark B --metric M [--params P]] "
                                    "TEXT");
    text = argv[g.ind];
    if (!text[0])
        return cli_usage_error(cli, "note needs a TEXT");
    if ((tool || bench || metric || params) && !(tool && bench && metric))
        return cli_usage_error(cli, "a series is --tool, --benchmark and "
                                    "--metric together");
    if (!set && !tool)
        return cli_usage_error(cli, "a note is on a set (--set), a series "
                                    "(--tool --benchmark --metric) or both");
    if (bdb_store_batch_begin(cli->store, 0))
        return cli_error("%s", bdb_store_errmsg(cli->store));
    long long added = 0;
    int rc = bdb_store_note_add(cli->store, set, tool, bench, metric, params,
                                text, &added);
    char done[512];
    snprintf(done, sizeof done, "%lld note%s added", added, cli_s(added));
    return one_change(cli, rc, set, done);
}

int cmd_set(int argc, char **argv, bdb_cli *cli)
{
    if (argc < 2)
        return cli_usage_error(cli, "set needs list, rename or tag");
    const char *sub = argv[1];
    if (strcmp(sub, "list") == 0)
        return set_list(argc - 1, argv + 1, cli);
    char done[1024];
    if (strcmp(sub, "rename") == 0) {
        cli_opts g;
        cli_opts_init(&g, cli, cli_no_options, argc, argv, 2);
        int c = cli_opts_next(&g);
        if (c)
            return c < 0 ? BDB_EXIT_USAGE : cli_opts_unhandled(&g);
        if (argc != 4)
            return cli_usage_error(cli, "set rename takes OLD NEW");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        snprintf(done, sizeof done, "set '%s' renamed to '%s'", argv[2], argv[3]);
        return one_change(cli, bdb_store_set_rename(cli->store, argv[2], argv[3]),
                          argv[2], done);
    }
    if (strcmp(sub, "tag") == 0) {
        const char *unset[BDB_MAX_PARAMS];
        size_t nunset = 0;
        cli_opts g;
        int c;
        cli_opts_init(&g, cli, cli_set_tag_options, argc, argv, 2);
        while ((c = cli_opts_next(&g)) > 0) {
            if (c != O_UNSET)
                return cli_opts_unhandled(&g);
            if (nunset == BDB_MAX_PARAMS)
                return cli_usage_error(cli, "at most %d --unset",
                                       BDB_MAX_PARAMS);
            unset[nunset++] = g.arg;
        }
        if (c < 0)
            return BDB_EXIT_USAGE;
        argv += g.ind - 2;
        argc -= g.ind - 2;
        if (argc < 3 || (argc < 4 && !nunset))
            return cli_usage_error(cli, "set tag takes SET K=V... or SET --unset K");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        int rc = BDB_OK;
        for (size_t i = 0; !rc && i < nunset; i++)
            rc = bdb_store_set_tag(cli->store, argv[2], unset[i], NULL);
        for (int i = 3; !rc && i < argc; i++) {
            char *copy = strdup(argv[i]), *k, *v;
            if (!copy || cli_split_kv(copy, &k, &v)) {
                free(copy);
                bdb_store_batch_end(cli->store, 0);
                return cli_usage_error(cli, "a tag is K=V, not '%s'", argv[i]);
            }
            rc = bdb_store_set_tag(cli->store, argv[2], k, v);
            free(copy);
        }
        snprintf(done, sizeof done, "set '%s' tagged", argv[2]);
        return one_change(cli, rc, argv[2], done);
    }
    if (strcmp(sub, "mark") == 0) {
        cli_opts g;
        int c, on = -1;
        cli_opts_init(&g, cli, cli_set_mark_options, argc, argv, 2);
        while ((c = cli_opts_next(&g)) > 0) {
            if (c == O_NEW_BASELINE)
                on = 1;
            else if (c == O_CLEAR)
                on = 0;
            else
                return cli_opts_unhandled(&g);
        }
        if (c < 0)
            return BDB_EXIT_USAGE;
        argv += g.ind - 2;
        argc -= g.ind - 2;
        if (argc != 3 || on < 0)
            return cli_usage_error(cli, "set mark takes SET --new-baseline "
                                        "or SET --clear");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        snprintf(done, sizeof done, on ? "set '%s' marked as a new baseline"
                                       : "set '%s' no longer a new baseline",
                 argv[2]);
        return one_change(cli, bdb_store_set_mark(cli->store, argv[2], on),
                          argv[2], done);
    }
    return cli_unknown_subcmd(cli, sub);
}
