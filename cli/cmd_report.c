/* cmd_report.c - `benchdb report` and `benchdb efficiency`: one generic
 * worker parses the selection and cost options and builds the model; the
 * two commands differ only in what they render. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/render/chart.h"
#include "../report/analysis/model.h"
#include "../report/render/pdf.h"
#include "../report/render/render.h"
#include "../report/render/sections.h"

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

enum { O_BASELINE = 1, O_FORMAT, O_OUTPUT, O_TITLE, O_NORMALIZE,
       O_CORRECTION, O_ALL, O_KWH_PRICE, O_CURRENCY, O_YEARS, O_UTILIZATION,
       O_SEED, O_WIDTH, O_HEIGHT, O_DPI, O_PAPER, O_IGNORE, O_SWEEP,
       O_THRESHOLD, O_TRACES };

/* What report, efficiency and chart all take: the selection, the
 * statistics and the costs. */
static const cli_option model_options[] = {
    {"baseline", 0, "NAME", "compare against this platform (default: the first)", O_BASELINE, 0, NULL},
    CLI_OPT_INCLUDE(cli_sel_options),
    {"all", 0, NULL, "also series measured on one platform only, and\n"
     "every metric in text/Markdown (not only key ones)", O_ALL, 0, NULL},
    {"ignore-param", 0, "K", "leave K out of the series identity (repeatable):\n"
     "series that then agree are one, and the output says what it ignored\n"
     "(a host's port, a url; ab -k: keepalive)", O_IGNORE, 0, NULL},
    {"sweep", 0, "K", "draw sweeps over parameter K only (default: the\n"
     "tool's sweepable parameters, the first that varies within a group)",
     O_SWEEP, 0, NULL},
    {"normalize", 0, "core|thread|ghz|none", "divide rates (multiply times) per\ncore, thread or GHz (performance columns only: per watt, per dollar\nand TCO stay the whole machine's)", O_NORMALIZE, 0, NULL},
    {"threshold", 0, "T", "verdict floor, 5% or 0.05: '+'/'-' when the 95%\n"
     "interval of the ratio (Welch's t on logs) lies wholly beyond it, as\n"
     "compare and check decide", O_THRESHOLD, 0, NULL},
    {"correction", 0, "holm|bh", "correction of the p shown (default holm)", O_CORRECTION, 0, NULL},
    {"seed", 0, "N", "bootstrap seed (reports are reproducible)", O_SEED, 0,
     NULL},
    {"kwh-price", 0, "P", "energy price per kWh (default 0.15)", O_KWH_PRICE,
     0, NULL},
    {"currency", 0, "C", "label for prices (default USD)", O_CURRENCY, 0,
     NULL},
    {"years", 0, "N", "ownership period for TCO (default 3)", O_YEARS, 0,
     NULL},
    {"utilization", 0, "U", "share of time at load, 0..1 (default 1)",
     O_UTILIZATION, 0, NULL},
    {"title", 0, "T", "report title", O_TITLE, 0, NULL},
    CLI_OPT_END};

/* The documents: report and efficiency. */
static const cli_option document_options[] = {
    {"output", 'o', "FILE", "write to FILE (written whole, then renamed into\n"
     "place) instead of standard output", O_OUTPUT, 0, NULL},
    {"width", 0, "N", "text: fit N columns (default $COLUMNS, else 100)",
     O_WIDTH, 0, NULL},
    {"paper", 0, "a4|letter", "pdf: the paper size (default a4)", O_PAPER, 0,
     NULL},
    {"traces", 0, "N", "html, json, text, md: show at most N traces of the\n"
     "runs (interval lines; default 24), the rest counted", O_TRACES, 0,
     NULL},
    CLI_OPT_INCLUDE(model_options),
    CLI_OPT_END};

const cli_option cli_report_options[] = {
    {"format", 0, "text|md|html|csv|json|xlsx|pdf", "the output (xlsx and pdf need -o)", O_FORMAT, 0, NULL},
    CLI_OPT_INCLUDE(document_options),
    CLI_OPT_END};

const cli_option cli_efficiency_options[] = {
    {"format", 0, "text|md|html|csv|json|xlsx|pdf", "text and md: these tables\n"
     "only; the others: the whole report", O_FORMAT, 0, NULL},
    CLI_OPT_INCLUDE(document_options),
    CLI_OPT_END};

const cli_option cli_chart_options[] = {
    {"format", 0, "png|svg|pdf", "one file per chart (png, svg) or one PDF",
     O_FORMAT, 0, NULL},
    {"output", 'o', "DIR|FILE", "png/svg: the folder (default ./charts);\n"
     "pdf: the file (default ./benchdb-charts.pdf)", O_OUTPUT, 0, NULL},
    {"width", 0, "PX", "chart width in pixels (default 960)",
     O_WIDTH, 0, NULL},
    {"height", 0, "PX", "chart height in pixels at 96 dpi", O_HEIGHT, 0,
     NULL},
    {"dpi", 0, "N", "png resolution (default 96): 192 doubles the pixels",
     O_DPI, 0, NULL},
    CLI_OPT_INCLUDE(model_options),
    CLI_OPT_END};

static int parse_args(int argc, char **argv, bdb_cli *cli, report_args *a,
                      int what)
{
    int c;
    a->format = -1;
    cli_opts g;
    cli_opts_init(&g, cli, what == RUN_CHART ? cli_chart_options
                           : what == RUN_EFFICIENCY ? cli_efficiency_options
                                                    : cli_report_options,
                  argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        double d;
        if (c == CLI_O_SEL_PLATFORM) {
            a->opts.platforms = g.arg;  /* in this order */
            continue;
        }
        int got = cli_sel_option(cli, &a->sel, c, g.arg);
        if (got == BDB_EXIT_USAGE)
            return got;
        if (got)
            continue;
        switch (c) {
        case O_BASELINE: a->opts.baseline = g.arg; break;
        case O_TRACES: {
            long v;
            if (cli_parse_int(g.arg, &v) || v <= 0)
                return cli_usage_error(cli, "--traces wants a positive "
                                            "count");
            a->opts.max_traces = (size_t)v;
            break;
        }
        case O_TITLE: a->opts.title = g.arg; break;
        case O_OUTPUT: a->output = g.arg; break;
        case O_ALL: a->all = 1; a->opts.min_platforms = 1; break;
        case O_CURRENCY: a->opts.cost.currency = g.arg; break;
        case O_IGNORE:
            if (cli_ignore_add(cli, &a->ignore, g.arg))
                return BDB_EXIT_USAGE;
            break;
        case O_SWEEP:
            if (!*g.arg || strchr(g.arg, '=') || strchr(g.arg, ','))
                return cli_usage_error(cli, "--sweep takes one parameter name "
                                            "(multi, block_size), not '%s'",
                                       g.arg);
            a->opts.sweep = g.arg;
            break;
        case O_FORMAT:
            if (strcmp(g.arg, "text") == 0) a->format = OUT_TEXT;
            else if (strcmp(g.arg, "md") == 0 || strcmp(g.arg, "markdown") == 0) a->format = OUT_MD;
            else if (strcmp(g.arg, "html") == 0) a->format = OUT_HTML;
            else if (strcmp(g.arg, "csv") == 0) a->format = OUT_CSV;
            else if (strcmp(g.arg, "json") == 0) a->format = OUT_JSON;
            else if (strcmp(g.arg, "xlsx") == 0) a->format = OUT_XLSX;
            else if (strcmp(g.arg, "png") == 0) a->format = OUT_PNG;
            else if (strcmp(g.arg, "svg") == 0) a->format = OUT_SVG;
            else if (strcmp(g.arg, "pdf") == 0) a->format = OUT_PDF;
            else return cli_usage_error(cli, "unknown --format '%s'", g.arg);
            break;
        case O_NORMALIZE:
            if (strcmp(g.arg, "core") == 0) a->opts.normalize = BDB_NORM_PER_CORE;
            else if (strcmp(g.arg, "thread") == 0) a->opts.normalize = BDB_NORM_PER_THREAD;
            else if (strcmp(g.arg, "ghz") == 0) a->opts.normalize = BDB_NORM_PER_GHZ;
            else if (strcmp(g.arg, "none") == 0) a->opts.normalize = BDB_NORM_NONE;
            else return cli_usage_error(cli, "--normalize takes core, thread, ghz or none");
            break;
        case O_CORRECTION:
            if (strcmp(g.arg, "holm") == 0) a->opts.correction = BDB_CORR_HOLM;
            else if (strcmp(g.arg, "bh") == 0) a->opts.correction = BDB_CORR_BH;
            else return cli_usage_error(cli, "--correction takes holm or bh");
            break;
        case O_KWH_PRICE:
            if (cli_parse_double(g.arg, &d) || d < 0)
                return cli_usage_error(cli, "--kwh-price wants a number >= 0");
            a->opts.cost.kwh_price = d;
            break;
        case O_YEARS:
            if (cli_parse_double(g.arg, &d) || !(d > 0))
                return cli_usage_error(cli, "--years wants a number > 0");
            a->opts.cost.years = d;
            break;
        case O_UTILIZATION:
            if (cli_parse_double(g.arg, &d) || d < 0 || d > 1)
                return cli_usage_error(cli, "--utilization wants a number from 0 to 1");
            a->opts.cost.utilization = d;
            break;
        case O_WIDTH: case O_HEIGHT: case O_DPI: {
            long v;
            int chart = what == RUN_CHART;
            long lo = c == O_DPI ? 24 : chart ? 200 : 40;
            long hi = c == O_DPI ? 1200 : chart ? 20000 : 10000;
            if (cli_parse_int(g.arg, &v) || v < lo || v > hi)
                return cli_usage_error(cli, "--%s wants a whole number from "
                                       "%ld to %ld", g.opt->name, lo, hi);
            if (c == O_WIDTH && !chart)
                a->width = (int)v;
            else if (c == O_WIDTH)
                a->chart.width = (double)v;
            else if (c == O_HEIGHT)
                a->chart.height = (double)v;
            else
                a->chart.dpi = (double)v;
            break;
        }
        case O_PAPER:
            if (strcmp(g.arg, "a4") == 0 || strcmp(g.arg, "A4") == 0)
                a->paper = BDB_PAPER_A4;
            else if (strcmp(g.arg, "letter") == 0)
                a->paper = BDB_PAPER_LETTER;
            else
                return cli_usage_error(cli, "--paper takes a4 or letter");
            break;
        case O_THRESHOLD:
            if (cli_threshold_arg(cli, g.arg, &a->opts.threshold))
                return BDB_EXIT_USAGE;
            break;
        case O_SEED: {
            long v;
            if (cli_parse_int(g.arg, &v) || v < 0)
                return cli_usage_error(cli, "--seed wants a whole number");
            a->opts.seed = (uint64_t)v;
            break;
        }
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
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
static int write_charts(bdb_cli *cli, const report_args *a, const bdb_model *m)
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
        return cli_build_error(cli, &d);
    }
    if (a->format == OUT_PDF)
        printf("charts written to %s\n", where);
    else
        printf("%zu chart%s written to %s/\n", n, cli_s((long long)n), where);
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
        return cli_build_error(cli, &d);
    }
    if (what == RUN_CHART) {
        st = write_charts(cli, &a, m);
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
            return cli_build_error(cli, &d);
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
            return cli_build_error(cli, &d);
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
        rc = bdb_report_render_efficiency(m, a.format == OUT_MD,
                                          text_width(&a), &b);
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
