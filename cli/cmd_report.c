/* cmd_report.c - `benchdb report` and `benchdb efficiency`: one generic
 * worker parses the selection and cost options and builds the model; the
 * two commands differ only in what they render. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/chart.h"
#include "../report/model.h"
#include "../report/pdf.h"
#include "../report/render.h"
#include "../report/sections.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { OUT_TEXT, OUT_MD, OUT_HTML, OUT_CSV, OUT_JSON, OUT_XLSX, OUT_PNG,
       OUT_SVG, OUT_PDF };

typedef struct report_args {
    bdb_report_opts opts;
    cli_sel sel;                /* --tool ... --set --tag */
    char *platforms;            /* --platforms with globs expanded (owned) */
    int format;
    int all;
    const char *output;
    int width;                  /* text: columns (0: $COLUMNS, else 100) */
    bdb_paper paper;
    bdb_chart_opts chart;       /* chart: size and dpi (0: defaults) */
    cli_ignore ignore;          /* --ignore-param */
} report_args;

enum { RUN_REPORT, RUN_EFFICIENCY, RUN_CHART };

static int parse_args(int argc, char **argv, bdb_cli *cli, report_args *a,
                      int what)
{
    static const struct option longopts[] = {
        {"baseline", required_argument, 0, 'B'},
        {"platforms", required_argument, 0, 'P'},
        {"platform", required_argument, 0, 'P'},
        {"tool", required_argument, 0, 0x102},
        {"benchmark", required_argument, 0, 0x103},
        {"metric", required_argument, 0, 0x104},
        {"param", required_argument, 0, 0x105},
        {"set", required_argument, 0, 0x106},
        {"tag", required_argument, 0, 0x107},
        {"format", required_argument, 0, 'f'},
        {"output", required_argument, 0, 'o'},
        {"title", required_argument, 0, 'T'},
        {"normalize", required_argument, 0, 'n'},
        {"correction", required_argument, 0, 'c'},
        {"threshold", required_argument, 0, 0x120},
        {"all", no_argument, 0, 'a'},
        {"kwh-price", required_argument, 0, 'k'},
        {"currency", required_argument, 0, 'C'},
        {"years", required_argument, 0, 'y'},
        {"utilization", required_argument, 0, 'u'},
        {"seed", required_argument, 0, 's'},
        {"width", required_argument, 0, 'W'},
        {"height", required_argument, 0, 'H'},
        {"dpi", required_argument, 0, 'D'},
        {"paper", required_argument, 0, 'Q'},
        {"ignore-param", required_argument, 0, 'I'},
        {"sweep", required_argument, 0, 'S'},
        {0, 0, 0, 0}};
    int c;
    a->format = -1;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        double d;
        int got = cli_sel_option(cli, &a->sel, c, optarg);
        if (got == BDB_EXIT_USAGE)
            return got;
        if (got)
            continue;
        switch (c) {
        case 'B': a->opts.baseline = optarg; break;
        case 'P': a->opts.platforms = optarg; break;
        case 'T': a->opts.title = optarg; break;
        case 'o': a->output = optarg; break;
        case 'a': a->all = 1; a->opts.min_platforms = 1; break;
        case 'C': a->opts.cost.currency = optarg; break;
        case 'I':
            if (cli_ignore_add(cli, &a->ignore, optarg))
                return BDB_EXIT_USAGE;
            break;
        case 'S':
            if (!*optarg || strchr(optarg, '=') || strchr(optarg, ','))
                return cli_usage_error(cli, "--sweep takes one parameter name "
                                            "(multi, block_size), not '%s'",
                                       optarg);
            a->opts.sweep = optarg;
            break;
        case 'f':
            if (strcmp(optarg, "text") == 0) a->format = OUT_TEXT;
            else if (strcmp(optarg, "md") == 0 || strcmp(optarg, "markdown") == 0) a->format = OUT_MD;
            else if (strcmp(optarg, "html") == 0) a->format = OUT_HTML;
            else if (strcmp(optarg, "csv") == 0) a->format = OUT_CSV;
            else if (strcmp(optarg, "json") == 0) a->format = OUT_JSON;
            else if (strcmp(optarg, "xlsx") == 0) a->format = OUT_XLSX;
            else if (strcmp(optarg, "png") == 0) a->format = OUT_PNG;
            else if (strcmp(optarg, "svg") == 0) a->format = OUT_SVG;
            else if (strcmp(optarg, "pdf") == 0) a->format = OUT_PDF;
            else return cli_usage_error(cli, "unknown --format '%s'", optarg);
            break;
        case 'n':
            if (strcmp(optarg, "core") == 0) a->opts.normalize = BDB_NORM_PER_CORE;
            else if (strcmp(optarg, "thread") == 0) a->opts.normalize = BDB_NORM_PER_THREAD;
            else if (strcmp(optarg, "ghz") == 0) a->opts.normalize = BDB_NORM_PER_GHZ;
            else if (strcmp(optarg, "none") == 0) a->opts.normalize = BDB_NORM_NONE;
            else return cli_usage_error(cli, "--normalize takes core, thread, ghz or none");
            break;
        case 'c':
            if (strcmp(optarg, "holm") == 0) a->opts.correction = BDB_CORR_HOLM;
            else if (strcmp(optarg, "bh") == 0) a->opts.correction = BDB_CORR_BH;
            else return cli_usage_error(cli, "--correction takes holm or bh");
            break;
        case 'k':
            if (cli_parse_double(optarg, &d) || d < 0)
                return cli_usage_error(cli, "--kwh-price wants a number >= 0");
            a->opts.cost.kwh_price = d;
            break;
        case 'y':
            if (cli_parse_double(optarg, &d) || !(d > 0))
                return cli_usage_error(cli, "--years wants a number > 0");
            a->opts.cost.years = d;
            break;
        case 'u':
            if (cli_parse_double(optarg, &d) || d < 0 || d > 1)
                return cli_usage_error(cli, "--utilization wants a number from 0 to 1");
            a->opts.cost.utilization = d;
            break;
        case 'W': case 'H': case 'D': {
            long v;
            long hi = c == 'D' ? 1200 : what == RUN_CHART ? 20000 : 10000;
            if (cli_parse_int(optarg, &v) || v < (c == 'D' ? 24 : what == RUN_CHART ? 200 : 40) || v > hi)
                return cli_usage_error(cli, "--%s wants a whole number from %d to %ld",
                                       c == 'W' ? "width" : c == 'H' ? "height" : "dpi",
                                       c == 'D' ? 24 : what == RUN_CHART ? 200 : 40, hi);
            if (c == 'W' && what != RUN_CHART)
                a->width = (int)v;
            else if (c == 'W')
                a->chart.width = (double)v;
            else if (c == 'H' && what == RUN_CHART)
                a->chart.height = (double)v;
            else if (c == 'D' && what == RUN_CHART)
                a->chart.dpi = (double)v;
            else
                return cli_usage_error(cli, "--%s is for 'benchdb chart'",
                                       c == 'H' ? "height" : "dpi");
            break;
        }
        case 'Q':
            if (strcmp(optarg, "a4") == 0 || strcmp(optarg, "A4") == 0)
                a->paper = BDB_PAPER_A4;
            else if (strcmp(optarg, "letter") == 0)
                a->paper = BDB_PAPER_LETTER;
            else
                return cli_usage_error(cli, "--paper takes a4 or letter");
            break;
        case 0x120:
            if (cli_parse_fraction(optarg, &a->opts.threshold))
                return cli_usage_error(cli, "--threshold wants 5%% or 0.05");
            break;
        case 's': {
            long v;
            if (cli_parse_int(optarg, &v) || v < 0)
                return cli_usage_error(cli, "--seed wants a whole number");
            a->opts.seed = (uint64_t)v;
            break;
        }
        default: return cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    if (optind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[optind]);
    /* Names are checked against the database ("no platform named ...");
     * --platforms keeps its order, with globs expanded in place. */
    a->sel.f.platforms = a->opts.platforms;
    int checked = cli_sel_check(cli, &a->sel);
    if (checked)
        return checked;
    if (a->opts.baseline) {
        cli_sel b = {0};
        b.f.platforms = a->opts.baseline;
        if ((checked = cli_sel_check(cli, &b)))
            return checked;
    }
    /* (a back-end that cannot list names gets the list as given) */
    if (a->opts.platforms)
        cli_expand_names(cli, "platform", a->opts.platforms, &a->platforms);
    if (a->platforms)
        a->opts.platforms = a->platforms;
    a->sel.f.platforms = NULL;  /* the model picks platforms itself */
    a->opts.filter = a->sel.f;
    a->opts.ignore = a->ignore.keys;
    a->opts.nignore = a->ignore.n;
    if (a->format < 0)
        a->format = what == RUN_CHART ? OUT_PNG : OUT_TEXT;
    int chart_format = a->format >= OUT_PNG;
    if (what == RUN_CHART && !chart_format)
        return cli_usage_error(cli, "--format takes png, svg or pdf");
    /* report --format pdf is the multi-page report; png and svg are
     * charts only */
    if (what != RUN_CHART && chart_format && a->format != OUT_PDF)
        return cli_usage_error(cli, "charts come from 'benchdb chart --format %s'",
                               a->format == OUT_PNG ? "png" : "svg");
    if (a->format == OUT_XLSX && (!a->output || strcmp(a->output, "-") == 0))
        return cli_usage_error(cli, "--format xlsx needs -o FILE.xlsx");
    if (what != RUN_CHART && a->format == OUT_PDF &&
        (!a->output || strcmp(a->output, "-") == 0))
        return cli_usage_error(cli, "--format pdf needs -o FILE.pdf");
    return BDB_EXIT_OK;
}

/* The text report's width: --width, else $COLUMNS, else the terminal's,
 * else 100 (a pipe or a file). */
static int text_width(const report_args *a)
{
    if (a->width > 0)
        return a->width;
    const char *c = getenv("COLUMNS");
    if (c && *c) {
        char *end;
        long v = strtol(c, &end, 10);
        if (*end == '\0' && v >= 40 && v <= 10000)
            return (int)v;
    }
    struct winsize ws;
    if (!a->output && isatty(STDOUT_FILENO) &&
        ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        return ws.ws_col;
    return 100;
}

/* benchdb chart: one file per chart into a folder, or one PDF. */
static int write_charts(const report_args *a, const bdb_model *m)
{
    bdb_diag d;
    bdb_diag_clear(&d);
    int rc;
    const char *where;
    size_t n = 0;
    if (a->format == OUT_PDF) {
        where = a->output ? a->output : "benchdb-charts.pdf";
        char tmp[4200];
        if (cli_output_tmp(where, tmp, sizeof tmp))
            return BDB_EXIT_FAILED;
        rc = bdb_chart_render_pdf_report(m, tmp, &d);
        if (cli_output_commit(tmp, where, rc == BDB_OK) && !rc)
            return BDB_EXIT_FAILED;
    } else {
        where = a->output ? a->output : "charts";
        rc = bdb_chart_render_dir(m, a->format == OUT_SVG ? BDB_CHART_SVG
                                                          : BDB_CHART_PNG,
                                  where, &a->chart, &n, &d);
    }
    bdb_chart_release_caches();
    if (rc) {
        cli_print_diag("chart: ", &d);
        return BDB_EXIT_FAILED;
    }
    if (a->format == OUT_PDF)
        printf("charts written to %s\n", where);
    else
        printf("%zu charts written to %s/\n", n, where);
    /* what they leave out (the PDF's title page says it too) */
    bdb_buf left;
    bdb_buf_init(&left);
    bdb_report_left_out(m, &left, "");
    if (left.len)
        fputs(left.data, stdout);
    bdb_buf_free(&left);
    return BDB_EXIT_OK;
}

static int run(int argc, char **argv, bdb_cli *cli, int what)
{
    int efficiency_only = what == RUN_EFFICIENCY;
    report_args a;
    memset(&a, 0, sizeof a);
    bdb_report_opts_default(&a.opts);
    int st = parse_args(argc, argv, cli, &a, what);
    if (st) {
        cli_sel_free(&a.sel);
        free(a.platforms);
        return st;
    }
    /* text and Markdown show no speedup interval: no bootstrap for it
     * (charts draw it, so they keep it) */
    a.opts.no_speedup_ci = what != RUN_CHART &&
                           (a.format == OUT_TEXT || a.format == OUT_MD);
    bdb_model *m;
    bdb_diag d;
    bdb_diag_clear(&d);
    int built = bdb_model_build(cli->store, &a.opts, &m, &d);
    cli_sel_free(&a.sel);
    free(a.platforms);
    a.platforms = NULL;
    a.opts.platforms = NULL;
    if (built) {
        cli_print_diag("report: ", &d);
        return BDB_EXIT_FAILED;
    }
    if (what == RUN_CHART) {
        st = write_charts(&a, m);
        bdb_model_free(m);
        return st;
    }
    bdb_buf b;
    bdb_buf_init(&b);
    bdb_render_opts ro = {.all_metrics = a.all};
    int rc;
    if (a.format == OUT_PDF) {
        bdb_pdf_opts po = {.paper = a.paper, .all_metrics = a.all};
        bdb_diag_clear(&d);
        char tmp[4200];
        if (cli_output_tmp(a.output, tmp, sizeof tmp)) {
            bdb_model_free(m);
            return BDB_EXIT_FAILED;
        }
        rc = bdb_report_render_pdf(m, &po, tmp, &d);
        bdb_model_free(m);
        bdb_chart_release_caches();
        if (cli_output_commit(tmp, a.output, rc == BDB_OK) && !rc)
            return BDB_EXIT_FAILED;
        if (rc) {
            bdb_diag_set_file(&d, a.output);
            cli_print_diag("report: ", &d);
            return BDB_EXIT_FAILED;
        }
        fprintf(stderr, "benchdb: report written to %s\n", a.output);
        return BDB_EXIT_OK;
    }
    /* efficiency as html, csv, json or xlsx is the whole report, whose
     * efficiency section and sheet are the same figures */
    if (efficiency_only && a.format != OUT_TEXT && a.format != OUT_MD)
        efficiency_only = 0;
    if (a.format == OUT_XLSX && !efficiency_only) {
        /* libxlsxwriter writes the file itself: to a temporary name */
        bdb_diag_clear(&d);
        char tmp[4200];
        if (cli_output_tmp(a.output, tmp, sizeof tmp)) {
            bdb_model_free(m);
            return BDB_EXIT_FAILED;
        }
        rc = bdb_report_render_xlsx(m, &ro, tmp, &d);
        bdb_model_free(m);
        if (cli_output_commit(tmp, a.output, rc == BDB_OK) && !rc)
            return BDB_EXIT_FAILED;
        if (rc) {
            bdb_diag_set_file(&d, a.output);
            cli_print_diag("report: ", &d);
            return BDB_EXIT_FAILED;
        }
        fprintf(stderr, "benchdb: report written to %s\n", a.output);
        return BDB_EXIT_OK;
    }
    /* written as it is made: the renderers hand their buffer to the
     * stream as it grows (text and Markdown once, at the end) */
    cli_stream out;
    if (cli_stream_open(&out, a.output)) {
        bdb_model_free(m);
        bdb_buf_free(&b);
        return BDB_EXIT_FAILED;
    }
    bdb_render_sink sink = {cli_stream_write, &out};
    ro.sink = &sink;
    if (efficiency_only) {
        rc = bdb_report_render_efficiency(m, a.format == OUT_MD, &b);
    } else if (a.format == OUT_TEXT) {
        rc = bdb_report_render_text_width(m, &ro, text_width(&a), &b);
    } else {
        switch (a.format) {
        case OUT_MD: rc = bdb_report_render_markdown(m, &ro, &b); break;
        case OUT_HTML: rc = bdb_report_render_html(m, &ro, &b); break;
        case OUT_CSV: rc = bdb_report_render_csv(m, &ro, &b); break;
        case OUT_JSON: rc = bdb_report_render_json(m, &ro, &b); break;
        default: rc = bdb_report_render_text(m, &ro, &b); break;
        }
    }
    /* A renderer's appends that failed are kept in the buffer. */
    if (!rc && b.err)
        rc = b.err;
    if (!rc)
        rc = bdb_render_flush(&ro, &b, 1);
    bdb_model_free(m);
    /* html draws its charts with cairo and pango too */
    bdb_chart_release_caches();
    bdb_buf_free(&b);
    if (rc && !out.err) {
        cli_error("cannot render the report: %s", bdb_strerror(rc));
        cli_stream_close(&out, 0);
        return BDB_EXIT_FAILED;
    }
    /* a failed write is reported by close, and nothing is left there */
    if (cli_stream_close(&out, 1))
        return BDB_EXIT_FAILED;
    if (out.path)
        fprintf(stderr, "benchdb: report written to %s\n", a.output);
    return BDB_EXIT_OK;
}

int cmd_report(int argc, char **argv, bdb_cli *cli)
{
    return run(argc, argv, cli, RUN_REPORT);
}

int cmd_efficiency(int argc, char **argv, bdb_cli *cli)
{
    return run(argc, argv, cli, RUN_EFFICIENCY);
}

int cmd_chart(int argc, char **argv, bdb_cli *cli)
{
    return run(argc, argv, cli, RUN_CHART);
}
