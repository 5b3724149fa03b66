/* cmd_history.c - `benchdb history`: selected series over run sets in
 * time, as a table (text, csv, json), an HTML page with inline charts, or
 * one cairo PNG/SVG line chart per series; change points marked. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/chart.h"
#include "../report/history.h"

#include <getopt.h>
#include <string.h>

int cmd_history(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        CLI_SEL_LONGOPTS,
        {"format", required_argument, 0, 'f'},
        {"output", required_argument, 0, 'o'},
        {"window", required_argument, 0, 'w'},
        {"alpha", required_argument, 0, 'a'},
        {"threshold", required_argument, 0, 'T'},
        {0, 0, 0, 0}};
    cli_sel sel = {0};
    const char *format = "text", *output = NULL;
    long window = BDB_CP_WINDOW_DEFAULT;
    double alpha = BDB_CP_MAX_P_DEFAULT, threshold = BDB_CP_MAGNITUDE_DEFAULT;
    int c, st = 0;
    optind = 1;
    while (!st && (c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        int got = cli_sel_option(cli, &sel, c, optarg);
        if (got == BDB_EXIT_USAGE)
            st = got;
        if (got)
            continue;
        switch (c) {
        case 'f': format = optarg; break;
        case 'o': output = optarg; break;
        case 'w':
            if (cli_parse_int(optarg, &window) || window < 2 || window > 100000)
                st = cli_usage_error(cli, "--window wants 2 to 100000 sets");
            break;
        case 'T':
            if (cli_parse_fraction(optarg, &threshold))
                st = cli_usage_error(cli, "--threshold wants 5%% or 0.05");
            break;
        case 'a':
            if (cli_parse_double(optarg, &alpha) || !(alpha > 0 && alpha < 1))
                st = cli_usage_error(cli, "--alpha wants a number between 0 "
                                          "and 1");
            break;
        default: st = cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    /* "history SERIES": a bare word selects by benchmark or metric glob */
    if (!st && optind < argc) {
        if (optind + 1 != argc || sel.f.metric)
            st = cli_usage_error(cli, "history takes one SERIES (a metric) or "
                                      "a selection");
        else
            sel.f.metric = argv[optind];
    }
    static const char *const fmts[] = {"text", "csv", "json", "html", "png", "svg"};
    int fi = -1;
    for (int i = 0; i < 6; i++)
        if (strcmp(format, fmts[i]) == 0)
            fi = i;
    if (!st && fi < 0)
        st = cli_usage_error(cli, "--format takes text, csv, json, html, png or svg");
    if (!st)
        st = cli_sel_check(cli, &sel);
    bdb_history *h = NULL;
    if (!st) {
        bdb_diag d;
        bdb_diag_clear(&d);
        bdb_cp_opts o = {.window = (size_t)window, .max_p = alpha,
                         .min_magnitude = threshold};
        if (bdb_history_build(cli->store, &sel.f, &o, &h, &d)) {
            cli_print_diag("history: ", &d);
            st = BDB_EXIT_FAILED;
        }
    }
    if (!st && fi >= 4) {
        bdb_diag d;
        bdb_diag_clear(&d);
        size_t n = 0;
        const char *where = output ? output : "history";
        if (bdb_history_charts(h, fi == 5, where, &n, &d)) {
            cli_print_diag("history: ", &d);
            st = BDB_EXIT_FAILED;
        } else {
            printf("%zu charts written to %s/\n", n, where);
        }
        bdb_chart_release_caches();
    } else if (!st) {
        static const bdb_hist_format map[] = {BDB_HISTF_TEXT, BDB_HISTF_CSV,
                                              BDB_HISTF_JSON, BDB_HISTF_HTML};
        bdb_buf b;
        bdb_buf_init(&b);
        int rc = bdb_history_render(h, map[fi], &b);
        if (fi == 3)
            bdb_chart_release_caches();
        if (rc) {
            st = cli_error("cannot render: %s", bdb_strerror(rc));
        } else if (!output || strcmp(output, "-") == 0) {
            fwrite(b.data ? b.data : "", 1, b.len, stdout);
        } else {
            if (cli_output_write(output, b.data ? b.data : "", b.len))
                st = BDB_EXIT_FAILED;
            else
                fprintf(stderr, "benchdb: written to %s\n", output);
        }
        bdb_buf_free(&b);
    }
    bdb_history_free(h);
    cli_sel_free(&sel);
    return st;
}
