/* cmd_parse.c - `benchdb parse`: show what benchdb reads from a log without
 * touching the database (a dry run, and the way golden files are made). */
#include "cli.h"
#include "../common/bdb_buf.h"
#include "../ingest/ingest.h"

#include <getopt.h>
#include <string.h>

int cmd_parse(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        {"tool", required_argument, 0, 't'},
        {"benchmark", required_argument, 0, 'b'},
        {"param", required_argument, 0, 'p'},
        {"expected", no_argument, 0, 'e'},
        {"time-format", required_argument, 0, 'T'},
        {"summary", required_argument, 0, 'Y'},
        {"metric", required_argument, 0, 'M'},
        {"unit", required_argument, 0, 'U'},
        {0, 0, 0, 0}};
    const char *tool = NULL, *benchmark = NULL, *time_format = NULL;
    bdb_params params = {0};
    bdb_summary_opts summary = {0};
    int expected = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "t:b:p:eT:Y:M:U:", longopts, NULL)) != -1) {
        switch (c) {
        case 't': tool = optarg; break;
        case 'b': benchmark = optarg; break;
        case 'e': expected = 1; break;
        case 'T': time_format = optarg; break;
        case 'Y': summary.pattern = optarg; break;
        case 'M': summary.metric = optarg; break;
        case 'U': summary.unit = optarg; break;
        case 'p': {
            char *k, *v;
            if (cli_split_kv(optarg, &k, &v))
                return cli_usage_error(cli, "--param wants k=v, not '%s'", optarg);
            if (bdb_params_set(&params, k, "%s", v))
                return cli_usage_error(cli, "too many parameters");
            break;
        }
        default: return cli_usage_error(cli, "unknown option");
        }
    }
    if (optind >= argc)
        return cli_usage_error(cli, "no file given");
    if (tool && !bdb_parser_find(tool))
        return cli_usage_error(cli, "unknown tool '%s'", tool);
    if (summary.pattern || summary.metric || summary.unit) {
        char why[200];
        summary.tool = tool;
        if (!summary.pattern)
            return cli_usage_error(cli, "--metric and --unit go with --summary");
        if (bdb_summary_check(&summary, why, sizeof why))
            return cli_usage_error(cli, "--summary: %s", why);
    }

    int status = BDB_EXIT_OK;
    for (int i = optind; i < argc; i++) {
        bdb_buf b;
        char msg[256];
        bdb_buf_init(&b);
        if (bdb_buf_read_file(&b, argv[i], msg, sizeof msg)) {
            cli_error("%s: %s", argv[i], msg);
            status = BDB_EXIT_FAILED;
            continue;
        }
        bdb_sink sink;
        bdb_diag diag;
        char tools[128];
        bdb_sink_init(&sink);
        bdb_diag_clear(&diag);
        bdb_ingest_opts opts = {.source_name = argv[i], .tool = tool,
                                .benchmark = benchmark, .params = &params,
                                .time_format = time_format,
                                .summary = summary.pattern ? &summary : NULL};
        int rc = bdb_ingest_buffer(b.data, b.len, &opts, &sink, tools,
                                   sizeof tools, &diag);
        if (rc) {
            bdb_diag_set_file(&diag, argv[i]);
            cli_print_diag("", &diag);
            status = BDB_EXIT_FAILED;
        } else {
            if (expected) {
                if (tool)
                    printf("# tool: %s\n", tool);
                if (benchmark)
                    printf("# benchmark: %s\n", benchmark);
                for (int k = 0; k < params.n; k++)
                    printf("# param: %s=%s\n", params.kv[k].key,
                           params.kv[k].value);
            } else {
                printf("# %s: %s%s%s, %zu figures\n", argv[i], tools,
                       sink.tool_version[0] ? " " : "", sink.tool_version,
                       sink.n);
            }
            for (size_t k = 0; k < sink.n; k++) {
                char line[2048];
                bdb_sample_format(&sink.samples[k], line, sizeof line);
                puts(line);
            }
            for (size_t k = 0; k < sink.nnotes && !expected; k++)
                printf("# %s: line %d: %s\n",
                       sink.notes[k].is_info ? "note" : "warning",
                       sink.notes[k].line, sink.notes[k].text);
        }
        bdb_sink_free(&sink);
        bdb_buf_free(&b);
    }
    return status;
}
