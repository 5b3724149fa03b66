/* cmd_list.c - `benchdb list sources|series|results` with filters. */
#include "cli.h"
#include "lifecycle.h"
#include "table_out.h"
#include "../store/store.h"

#include <fnmatch.h>
#include <string.h>

static int result_row(const bdb_result_row *r, void *ctx)
{
    char value[64], rep[16], where[1200];
    snprintf(value, sizeof value, "%.10g", r->value);
    snprintf(rep, sizeof rep, "%d", r->repetition);
    snprintf(where, sizeof where, "%s:%d", r->source_path, r->line);
    const char *cells[] = {r->platform, r->tool, r->benchmark, r->metric,
                           r->params, value, r->unit,
                           r->better > 0 ? "higher" : r->better < 0 ? "lower"
                                                                     : "neutral",
                           rep, where};
    return bdb_rowset_add(ctx, cells);
}

static int series_row(const bdb_series_row *r, void *ctx)
{
    char id[32], n[32], np[32];
    snprintf(id, sizeof id, "%lld", r->id);
    snprintf(n, sizeof n, "%lld", r->nresults);
    snprintf(np, sizeof np, "%lld", r->nplatforms);
    const char *cells[] = {id, r->tool, r->benchmark, r->metric, r->params,
                           r->unit, r->better > 0 ? "higher"
                                    : r->better < 0 ? "lower" : "neutral",
                           n, np};
    return bdb_rowset_add(ctx, cells);
}

typedef struct source_ctx {
    bdb_rowset *rs;
    const bdb_filter *f;
} source_ctx;

/* 1 when value is one of the comma list's names or globs. */
static int listed(const char *list, const char *value)
{
    if (!list || !*list || strcmp(list, value) == 0)
        return 1;
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[512];
        if (n < sizeof item) {
            memcpy(item, p, n);
            item[n] = '\0';
            if (fnmatch(item, value, 0) == 0)
                return 1;
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

static int source_row(const bdb_source_row *r, void *ctx_)
{
    source_ctx *sc = ctx_;
    if (!listed(sc->f->platforms, r->platform) || !listed(sc->f->tool, r->tool) ||
        !listed(sc->f->set, r->set ? r->set : ""))
        return 0;
    void *ctx = sc->rs;
    char id[32], size[32], n[32], w[32];
    snprintf(id, sizeof id, "%lld", r->id);
    snprintf(size, sizeof size, "%lld", r->size);
    snprintf(n, sizeof n, "%lld", r->nresults);
    snprintf(w, sizeof w, "%lld", r->nwarnings);
    const char *cells[] = {id, r->path, r->tool, r->tool_version, r->platform,
                           n, w, size, r->sha256, r->imported_at,
                           r->parser_version, r->set ? r->set : ""};
    return bdb_rowset_add(ctx, cells);
}

const cli_option cli_list_options[] = {
    CLI_OPT_INCLUDE(cli_sel_options),
    CLI_OPT_INCLUDE(cli_table_options),
    CLI_OPT_END};

int cmd_list(int argc, char **argv, bdb_cli *cli)
{
    cli_sel sel = {0};
    cli_table_args ta = {0};
    int c;
    if (argc < 2 || argv[1][0] == '-')
        return cli_usage_error(cli, "list needs sources, series, results or sets");
    const char *what = argv[1];
    cli_opts g;
    cli_opts_init(&g, cli, cli_list_options, argc, argv, 2);
    while ((c = cli_opts_next(&g)) > 0) {
        int got = cli_sel_option(cli, &sel, c, g.arg);
        if (!got)
            got = cli_table_option(cli, &ta, &g, c);
        if (got == BDB_EXIT_USAGE) {
            cli_sel_free(&sel);
            return got;
        }
        if (!got) {
            cli_sel_free(&sel);
            return cli_opts_unhandled(&g);
        }
    }
    if (c < 0) {
        cli_sel_free(&sel);
        return BDB_EXIT_USAGE;
    }
    if (g.ind != argc) {
        cli_sel_free(&sel);
        return cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
    }
    int fmt = ta.format;
    int checked = cli_sel_check(cli, &sel);
    if (checked) {
        cli_sel_free(&sel);
        return checked;
    }
    bdb_filter f = sel.f;
    bdb_rowset rs;
    int rc;
    /* both list series by their parameters in numeric order within a
     * tool, benchmark and metric (columns 1-3; the parameters are 4) */
    static const int tool_bench_metric[] = {1, 2, 3};
    int natural = 0;
    if (strcmp(what, "results") == 0) {
        static const char *const cols[] = {"platform", "tool", "benchmark",
                                           "metric", "params", "value", "unit",
                                           "better", "repetition", "source"};
        static const unsigned char num[] = {0, 0, 0, 0, 0, 1, 0, 0, 1, 0};
        bdb_rowset_init(&rs, 10, cols, num);
        rc = bdb_store_results_each(cli->store, &f, result_row, &rs);
        natural = 1;
    } else if (strcmp(what, "series") == 0) {
        static const char *const cols[] = {"id", "tool", "benchmark", "metric",
                                           "params", "unit", "better",
                                           "results", "platforms"};
        static const unsigned char num[] = {1, 0, 0, 0, 0, 0, 0, 1, 1};
        bdb_rowset_init(&rs, 9, cols, num);
        rc = bdb_store_series_each(cli->store, &f, series_row, &rs);
        natural = 1;
    } else if (strcmp(what, "sources") == 0) {
        static const char *const cols[] = {"id", "path", "tool", "version",
                                           "platform", "results", "warnings",
                                           "size", "sha256", "imported_at",
                                           "parsers", "set"};
        static const unsigned char num[] = {1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0};
        bdb_rowset_init(&rs, 12, cols, num);
        /* sources are chosen by platform, tool and set */
        source_ctx sc = {&rs, &f};
        rc = bdb_store_sources_each(cli->store, source_row, &sc);
    } else if (strcmp(what, "sets") == 0) {
        cli_sel_free(&sel);
        char width[16];
        snprintf(width, sizeof width, "%d", cli_output_width(ta.width));
        char *sub[] = {"set", "list", "--format",
                       fmt == BDB_FMT_CSV ? "csv" : fmt == BDB_FMT_JSON ? "json"
                                                                         : "table",
                       "--width", width, NULL};
        return cmd_set(width[0] != '0' ? 6 : 4, sub, cli);
    } else {
        cli_sel_free(&sel);
        return cli_unknown_subcmd(cli, what);
    }
    /* (a failed sort leaves rs incomplete: it is not printed) */
    if (!rc && natural)
        bdb_rowset_sort_natural(&rs, tool_bench_metric, 3, 4);
    if (!rc && cli_table_print(&rs, &ta, stdout)) {
        bdb_rowset_free(&rs);
        cli_sel_free(&sel);
        return cli_error("cannot print the list");
    }
    bdb_rowset_free(&rs);
    cli_sel_free(&sel);
    return rc ? cli_error("%s", bdb_store_errmsg(cli->store)) : BDB_EXIT_OK;
}
