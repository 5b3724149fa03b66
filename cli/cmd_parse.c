/* cmd_parse.c - `benchdb parse`: show what benchdb reads from a log without
 * touching the database (a dry run, and the way golden files are made). */
#include "cli.h"
#include "table_out.h"
#include "../common/bdb_input.h"
#include "../ingest/ingest.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Figures are written to a temporary file as they are read (the count
 * that heads them is known only at the end), so memory does not grow
 * with the log: a large fio JSON has hundreds of thousands. */
typedef struct spool {
    FILE *f;
    int err;
    bdb_rowset *rs;     /* a table instead (--format, or a width) */
    int expected;       /* the golden format: no trace points */
} spool;

/* A figure as a row of the table: the columns of the tab-separated
 * lines, the platform a log names last. */
static int table_take(bdb_rowset *rs, const bdb_sample *s)
{
    char line[32], params[BDB_PARAMS_TEXT_MAX], value[32], rep[32];
    snprintf(line, sizeof line, "%d", s->line);
    bdb_params_format(&s->params, params, sizeof params);
    snprintf(value, sizeof value, "%.10g", s->value);
    snprintf(rep, sizeof rep, "%d", s->repetition);
    const char *cells[] = {line, s->tool, s->benchmark, s->metric, params,
                           value, s->unit ? s->unit : "",
                           s->better > 0 ? "higher" : s->better < 0 ? "lower"
                                                                     : "neutral",
                           rep, s->platform};
    return bdb_rowset_add(rs, cells) ? BDB_ENOMEM : BDB_OK;
}

static int spool_take(void *ctx, const bdb_sample *s)
{
    spool *sp = ctx;
    if (sp->rs)
        return table_take(sp->rs, s);
    char line[2048];
    bdb_sample_format(s, line, sizeof line);
    if (fputs(line, sp->f) == EOF || fputc('\n', sp->f) == EOF) {
        sp->err = errno ? errno : EIO;
        return BDB_EIO;
    }
    return BDB_OK;
}

/* A point of a trace: the figure's columns with the point's quantity as
 * its metric, then what it is a point of ("trace of throughput #3 0-1 s
 * stream 5"). Tables and golden files show the run's figures only. */
static int spool_trace(void *ctx, const bdb_sample *s)
{
    spool *sp = ctx;
    if (sp->rs || sp->expected)
        return BDB_OK;
    const bdb_trace *t = s->trace;
    bdb_sample p;
    bdb_sample_copy(&p, s);
    p.platform[0] = '\0';
    snprintf(p.metric, sizeof p.metric, "%s", t->what);
    char line[2048], when[80] = "";
    bdb_sample_format(&p, line, sizeof line);
    if (t->start == t->start && t->end == t->end)
        snprintf(when, sizeof when, " %g-%g s", t->start, t->end);
    if (fprintf(sp->f, "%s\ttrace of %s #%lld%s%s%s\n", line, s->metric,
                t->seq, when, t->label[0] ? " " : "", t->label) < 0) {
        sp->err = errno ? errno : EIO;
        return BDB_EIO;
    }
    return BDB_OK;
}

/* Copies the spooled figures to stdout. */
static int spool_copy(spool *sp)
{
    if (fflush(sp->f) != 0 || fseek(sp->f, 0, SEEK_SET) != 0)
        return -1;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, sp->f)) > 0)
        if (fwrite(chunk, 1, n, stdout) != n)
            return -1;
    return ferror(sp->f) ? -1 : 0;
}

/* What import and parse both take: how to read the logs. */
const cli_option cli_ingest_options[] = {
    {"tool", 0, "TOOL", "parse every file as TOOL (no detection); with\n"
     "--summary, the tool whose output was cut", CLI_O_TOOL, 0, NULL},
    {"benchmark", 0, "NAME", "benchmark name for figures whose log does not\n"
     "say what was measured, and for the files of\n"
     "--tool's tool (without --tool: time's, whose\n"
     "benchmark is the timed command); other tools\n"
     "keep their own names (dd, fio's jobs ...) and\n"
     "their file gets a note", CLI_O_BENCHMARK, 0, NULL},
    {"param", 0, "K=V", "a parameter the log does not print (repeatable)",
     CLI_O_PARAM, 0, NULL},
    {"time-format", 0, "FMT", "the format the time logs were written with: "
     "GNU\ntime -f/--format (%e %U %S %M %P %x ...), a bash\n"
     "TIMEFORMAT (%3R %lR ...: bash-only directives say\n"
     "it) or zsh TIMEFMT; prefix 'gnu:', 'bash:' or\n"
     "'zsh:' to say which (a bare %R is GNU's minor\n"
     "page faults, 'bash:%R' bash's real time)", CLI_O_TIME_FORMAT, 0, NULL},
    {"summary", 0, "PAT", "lines a script cut out of a tool's output, e.g.\n"
     "'C={concurrency} : {value}' with --tool ab\n"
     "--metric transfer_rate --unit 'Kbytes/sec'\n"
     "(units as the tool means them; header lines\n"
     "between become the parameters url / section;\n"
     "benchmark: {benchmark}, --benchmark or the\n"
     "tool, never the file name); a file that is a\n"
     "tool's whole output is read as such, with a note",
     CLI_O_SUMMARY, 0, NULL},
    {"metric", 0, "M", "the metric of --summary's {value}", CLI_O_METRIC, 0,
     NULL},
    {"unit", 0, "U", "the unit of --summary's {value}", CLI_O_UNIT, 0, NULL},
    CLI_OPT_END};

enum { O_EXPECTED = 1 };

const cli_option cli_parse_options[] = {
    CLI_OPT_INCLUDE(cli_ingest_options),
    CLI_OPT_INCLUDE(cli_table_options),
    {"expected", 0, NULL, "print a golden file for tests (samples/*.expected)",
     O_EXPECTED, 0, NULL},
    CLI_OPT_END};

int cmd_parse(int argc, char **argv, bdb_cli *cli)
{
    const char *tool = NULL, *benchmark = NULL, *time_format = NULL;
    bdb_params params = {0};
    bdb_summary_opts summary = {0};
    int expected = 0, formatted = 0, c;
    cli_table_args ta = {0};
    cli_opts g;
    cli_opts_init(&g, cli, cli_parse_options, argc, argv, 1);
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case CLI_O_TOOL: tool = g.arg; break;
        case CLI_O_BENCHMARK: benchmark = g.arg; break;
        case O_EXPECTED: expected = 1; break;
        case CLI_O_TIME_FORMAT: time_format = g.arg; break;
        case CLI_O_SUMMARY: summary.pattern = g.arg; break;
        case CLI_O_METRIC: summary.metric = g.arg; break;
        case CLI_O_UNIT: summary.unit = g.arg; break;
        case CLI_O_PARAM: {
            char *k, *v;
            if (cli_split_kv(g.arg, &k, &v))
                return cli_usage_error(cli, "--param wants k=v, not '%s'", g.arg);
            if (bdb_params_set(&params, k, "%s", v))
                return cli_usage_error(cli, "too many parameters");
            break;
        }
        default: {
            int got = cli_table_option(cli, &ta, &g, c);
            if (got == BDB_EXIT_USAGE)
                return got;
            if (!got)
                return cli_opts_unhandled(&g);
            formatted |= c == CLI_O_FORMAT;
            break;
        }
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    /* the tab-separated lines stream; a table (asked for, or fitted to a
     * width) holds a file's figures until it is printed */
    int table = !expected && (formatted || cli_output_width(ta.width) > 0);
    if (expected && (formatted || ta.width))
        return cli_usage_error(cli, "--expected prints the golden format: "
                               "no --format or --width with it");
    int first = g.ind;
    if (first >= argc)
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
        tool = NULL;    /* the tool names the units, not a parser */
    }

    /* CSV and JSON stay whole: what is said about them goes to stderr */
    FILE *meta = table && ta.format != BDB_FMT_TABLE ? stderr : stdout;
    int fit = table ? cli_output_width(ta.width) : 0;
    int status = BDB_EXIT_OK;
    for (int i = first; i < argc; i++) {
        /* mapped, not copied: the parse drops the pages it has read */
        bdb_input b;
        char msg[256];
        if (bdb_input_open(&b, argv[i], msg, sizeof msg)) {
            cli_error("%s: %s", argv[i], msg);
            bdb_input_close(&b);
            status = BDB_EXIT_FAILED;
            continue;
        }
        static const char *const cols[] = {"line", "tool", "benchmark",
                                           "metric", "parameters", "value",
                                           "unit", "better", "repetition",
                                           "platform"};
        static const unsigned char num[] = {1, 0, 0, 0, 0, 1, 0, 0, 1, 0};
        bdb_rowset rs;
        bdb_rowset_init(&rs, 10, cols, num);
        spool sp = {tmpfile(), 0, table ? &rs : NULL, expected};
        if (!sp.f) {
            cli_error("%s: cannot make a temporary file: %s", argv[i],
                      strerror(errno));
            bdb_input_close(&b);
            status = BDB_EXIT_FAILED;
            continue;
        }
        bdb_sink_consumer to_spool = {spool_take, &sp, spool_trace};
        bdb_sink sink;
        bdb_diag diag;
        char tools[128];
        bdb_sink_init(&sink);
        sink.consumer = &to_spool;
        bdb_diag_clear(&diag);
        bdb_ingest_opts opts = {.source_name = argv[i], .tool = tool,
                                .meta_notes = !expected,
                                .benchmark = benchmark, .params = &params,
                                .time_format = time_format,
                                .unread_account = 1,
                                .summary = summary.pattern ? &summary : NULL};
        int rc = bdb_ingest_buffer(b.data, b.len, &opts, &sink, tools,
                                   sizeof tools, &diag);
        if (!rc && bdb_input_changed(&b, msg, sizeof msg))
            rc = bdb_diag_set(&diag, BDB_EIO, 0, "%s", msg);
        if (sp.err) {
            cli_error("%s: cannot write the figures to a temporary file: %s",
                      argv[i], strerror(sp.err));
            status = BDB_EXIT_FAILED;
        } else if (rc) {
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
                char traced[64] = "";
                if (sink.ntrace)
                    snprintf(traced, sizeof traced, ", %zu trace points",
                             sink.ntrace);
                cli_line_fit(meta, fit, "# %s: %s%s%s, %zu figures%s, %zu "
                             "lines with numbers not read\n", argv[i], tools,
                             sink.tool_version[0] ? " " : "",
                             sink.tool_version, sink.n, traced,
                             sink.unread_lines);
            }
            if (table) {
                if (cli_table_print(&rs, &ta, stdout)) {
                    cli_error("%s: cannot print the figures", argv[i]);
                    status = BDB_EXIT_FAILED;
                }
            } else if (spool_copy(&sp)) {
                cli_error("%s: cannot copy the figures out: %s", argv[i],
                          strerror(errno));
                status = BDB_EXIT_FAILED;
            }
            for (size_t k = 0; k < sink.nnotes && !expected; k++) {
                const bdb_note *n = &sink.notes[k];
                const char *kind = n->is_info ? "note" : "warning";
                if (n->line > 0)
                    cli_line_fit(meta, fit, "# %s: line %d: %s\n", kind,
                                 n->line, n->text);
                else
                    cli_line_fit(meta, fit, "# %s: %s\n", kind, n->text);
            }
        }
        bdb_sink_free(&sink);
        bdb_rowset_free(&rs);
        fclose(sp.f);
        bdb_input_close(&b);
    }
    return status;
}
