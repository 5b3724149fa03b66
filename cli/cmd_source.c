/* cmd_source.c - `benchdb source set` (what a source's results belong to,
 * re-derived from the stored bytes) and `benchdb set list|rename|tag` (run
 * sets). Every change is one transaction with its history row. */
#include "cli.h"
#include "lifecycle.h"
#include "rowset.h"
#include "srclist.h"
#include "../import/import.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static int source_set(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 'P'},
        {"param", required_argument, 0, 'p'},
        {"unset-param", required_argument, 0, 'u'},
        {0, 0, 0, 0}};
    const char *platform = NULL;
    bdb_params set = {0};
    const char *unset[BDB_MAX_PARAMS];
    size_t nunset = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'P': platform = optarg; break;
        case 'p': {
            char *k, *v;
            if (cli_split_kv(optarg, &k, &v))
                return cli_usage_error(cli, "--param wants K=V, not '%s'", optarg);
            if (bdb_params_set(&set, k, "%s", v))
                return cli_usage_error(cli, "--param %s: too many parameters, "
                                       "or too long", k);
            break;
        }
        case 'u':
            if (nunset == BDB_MAX_PARAMS)
                return cli_usage_error(cli, "at most %d --unset-param",
                                       BDB_MAX_PARAMS);
            unset[nunset++] = optarg;
            break;
        default: return cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    if (optind >= argc)
        return cli_usage_error(cli, "source set needs a SOURCE (path, SHA-256 "
                                    "prefix or id)");
    if (!platform && !set.n && !nunset)
        return cli_usage_error(cli, "source set needs --platform, --param or "
                                    "--unset-param");
    if (platform && strlen(platform) >= sizeof ((bdb_platform *)0)->name)
        return cli_usage_error(cli, "platform name '%.40s...' is too long",
                               platform);
    cli_srcsel sel = {.names = (const char *const *)argv + optind,
                      .nnames = (size_t)(argc - optind)};
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
        rc = cli_record(cli, "changed %zu sources (%zu results)", list.n, nres);
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
    printf("%zu sources changed\n", n);
    return BDB_EXIT_OK;
}

int cmd_source(int argc, char **argv, bdb_cli *cli)
{
    if (argc < 2)
        return cli_usage_error(cli, "source needs set");
    if (strcmp(argv[1], "set") == 0)
        return source_set(argc - 1, argv + 1, cli);
    static const char *const subs[] = {"set"};
    const char *near = cli_suggest(argv[1], subs, 1);
    if (near)
        fprintf(stderr, "did you mean 'source %s'?\n", near);
    return cli_usage_error(cli, "unknown source command '%s'", argv[1]);
}

/* ---- benchdb set ---------------------------------------------------------- */

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
    static const char *const cols[] = {"set", "created_at", "tags", "sources",
                                       "results", "first_import",
                                       "last_import"};
    static const unsigned char num[] = {0, 0, 0, 1, 1, 0, 0};
    bdb_rowset rs;
    bdb_rowset_init(&rs, 7, cols, num);
    int rc = bdb_store_sets_each(cli->store, set_row, &rs);
    if (!rc)
        bdb_rowset_print(&rs, (bdb_out_format)fmt, stdout);
    bdb_rowset_free(&rs);
    return rc ? cli_error("%s", bdb_store_errmsg(cli->store)) : BDB_EXIT_OK;
}

/* Runs one change and its history row in one transaction. */
static int one_change(bdb_cli *cli, int rc, const char *done)
{
    if (!rc)
        rc = cli_record(cli, "%s", done);
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    if (rc)
        return cli_error("%s", bdb_store_errmsg(cli->store));
    cli_line(stdout, "%s\n", done);
    return BDB_EXIT_OK;
}

/* benchdb note [--set S] [--tool T --benchmark B --metric M
 * [--params P]] TEXT */
int cmd_note(int argc, char **argv, bdb_cli *cli)
{
    const char *set = NULL, *tool = NULL, *bench = NULL, *metric = NULL,
               *params = NULL, *text = NULL;
    static const char *const opts[] = {"--set", "--tool", "--benchmark",
                                       "--metric", "--params"};
    const char **vals[] = {&set, &tool, &bench, &metric, &params};
    for (int i = 1; i < argc; i++) {
        int k = 0;
        while (k < 5 && strcmp(argv[i], opts[k]) != 0)
            k++;
        if (k < 5 && i + 1 < argc)
            *vals[k] = argv[++i];
        else if (k < 5 || argv[i][0] == '-' || text)
            return cli_usage_error(cli, "note takes [--set S] [--tool T "
                                        "--benchmark B --metric M [--params "
                                        "P]] TEXT, not '%s'", argv[i]);
        else
            text = argv[i];
    }
    if (!text || !text[0])
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
    snprintf(done, sizeof done, "%lld note%s added", added,
             added == 1 ? "" : "s");
    return one_change(cli, rc, done);
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
        if (argc != 4)
            return cli_usage_error(cli, "set rename takes OLD NEW");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        snprintf(done, sizeof done, "set '%s' renamed to '%s'", argv[2], argv[3]);
        return one_change(cli, bdb_store_set_rename(cli->store, argv[2], argv[3]),
                          done);
    }
    if (strcmp(sub, "tag") == 0) {
        if (argc < 4)
            return cli_usage_error(cli, "set tag takes SET K=V... or SET --unset K");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        int rc = BDB_OK;
        for (int i = 3; !rc && i < argc; i++) {
            if (strcmp(argv[i], "--unset") == 0 && i + 1 < argc) {
                rc = bdb_store_set_tag(cli->store, argv[2], argv[++i], NULL);
                continue;
            }
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
        return one_change(cli, rc, done);
    }
    if (strcmp(sub, "mark") == 0) {
        int on = argc == 4 && strcmp(argv[3], "--new-baseline") == 0;
        if (argc != 4 || (!on && strcmp(argv[3], "--clear") != 0))
            return cli_usage_error(cli, "set mark takes SET --new-baseline "
                                        "or SET --clear");
        if (bdb_store_batch_begin(cli->store, 0))
            return cli_error("%s", bdb_store_errmsg(cli->store));
        snprintf(done, sizeof done, on ? "set '%s' marked as a new baseline"
                                       : "set '%s' no longer a new baseline",
                 argv[2]);
        return one_change(cli, bdb_store_set_mark(cli->store, argv[2], on),
                          done);
    }
    static const char *const subs[] = {"list", "rename", "tag", "mark"};
    const char *near = cli_suggest(sub, subs, 4);
    if (near)
        fprintf(stderr, "did you mean 'set %s'?\n", near);
    return cli_usage_error(cli, "unknown set command '%s'", sub);
}
