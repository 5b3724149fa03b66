/* cmd_history.c - `benchdb history`: selected series over run sets in
 * time, as a table (text, csv, json), an HTML page with inline charts, or
 * one PNG/SVG line chart per series; change points marked. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/render/chart.h"
#include "table_out.h"
#include "../report/render/render.h"
#include "../report/render/textfit.h"

#include <string.h>

enum { O_FORMAT = 1, O_OUTPUT, O_WINDOW, O_ALPHA, O_THRESHOLD };

const cli_option cli_history_options[] = {
    CLI_OPT_INCLUDE(cli_sel_options),
    {"format", 0, "text|csv|json|html|png|svg", "the output: a table, a page\n"
     "with charts, or one chart per series", O_FORMAT, 0, NULL},
    {"output", 'o', "FILE|DIR", "write to FILE (png/svg: into DIR, default\n"
     "./history) instead of standard output", O_OUTPUT, 0, NULL},
    {"window", 0, "W", "sets in each sliding window of E-divisive means\n"
     "(default 50)", O_WINDOW, 0, NULL},
    {"alpha", 0, "P", "a change point's Student's t p must be below P\n"
     "(default 0.001; weak points at 10x P first)", O_ALPHA, 0, NULL},
    {"threshold", 0, "T", "a change point changes the mean by more than T\n"
     "(5% or 0.05; default 5%)", O_THRESHOLD, 0, NULL},
    CLI_OPT_INCLUDE(cli_text_width_options),
    CLI_OPT_END};

int cmd_history(int argc, char **argv, bdb_cli *cli)
{
    cli_sel sel = {0};
    const char *format = "text", *output = NULL;
    long window = BDB_CP_WINDOW_DEFAULT;
    double alpha = BDB_CP_MAX_P_DEFAULT, threshold = BDB_CP_MAGNITUDE_DEFAULT;
    int c, st = 0;
    cli_table_args ta = {0};
    cli_opts g;
    cli_opts_init(&g, cli, cli_history_options, argc, argv, 1);
    while (!st && (c = cli_sel_next(&g, cli, &sel, &st)) > 0) {
        switch (c) {
        case O_FORMAT: format = g.arg; break;
        case O_OUTPUT: output = g.arg; break;
        case O_WINDOW:
            if (cli_parse_int(g.arg, &window) || window < 2 || window > 100000)
                st = cli_usage_error(cli, "--window wants 2 to 100000 sets");
            break;
        case O_THRESHOLD:
            st = cli_threshold_arg(cli, g.arg, &threshold);
            break;
        case O_ALPHA:
            st = cli_alpha_arg(cli, g.arg, &alpha);
            break;
        default: {
            int w = cli_table_option(cli, &ta, &g, c);
            st = w == BDB_EXIT_USAGE ? w : !w ? cli_opts_unhandled(&g) : 0;
        }
        }
    }
    if (!st && c < 0)
        st = BDB_EXIT_USAGE;
    /* "history SERIES": a bare word selects by benchmark or metric glob */
    if (!st && g.ind < argc) {
        if (g.ind + 1 != argc || sel.f.metric)
            st = cli_usage_error(cli, "history takes one SERIES (a metric) or "
                                      "a selection");
        else
            sel.f.metric = argv[g.ind];
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
            st = cli_build_error(cli, &d);
        }
    }
    if (!st && fi >= 4) {
        bdb_diag d;
        bdb_diag_clear(&d);
        size_t n = 0;
        const char *where = output ? output : "history";
        if (bdb_history_charts(h, fi == 5, where, &n, &d)) {
            st = cli_build_error(cli, &d);
        } else {
            printf("%zu chart%s written to %s/\n", n, cli_s((long long)n),
                   where);
        }
        bdb_chart_release_caches();
    } else if (!st) {
        static const bdb_hist_format map[] = {BDB_HISTF_TEXT, BDB_HISTF_CSV,
                                              BDB_HISTF_JSON, BDB_HISTF_HTML};
        bdb_buf b;
        bdb_buf_init(&b);
        int to_stdout = !output || strcmp(output, "-") == 0;
        size_t fit = fi == 0 && (to_stdout || ta.width)
                         ? (size_t)cli_output_width(ta.width) : 0;
        int rc = bdb_history_render(h, map[fi], fit, &b);
        if (fi == 3)
            bdb_chart_release_caches();
        if (!rc && fit)
            bdb_text_fit(&b, 0, fit);
        if (!rc && b.err)
            rc = b.err;
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
