/* cmd_traces.c - `benchdb traces`: the stored traces of runs' figures
 * (interval, per-stream and per-thread lines) as lines of text, JSON, or
 * one line chart per trace (throughput over time). The output is bounded:
 * past --max points it stops and says so. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/render/chart.h"
#include "../store/store_traces.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { O_FORMAT = 1, O_OUTPUT, O_SOURCE, O_WHAT, O_MAX };

#define TRACES_MAX_DEFAULT 100000

const cli_option cli_traces_options[] = {
    CLI_OPT_INCLUDE(cli_sel_options),
    {"source", 0, "ID", "only the traces of source ID (benchdb list sources)",
     O_SOURCE, 0, NULL},
    {"what", 0, "Q", "only points of quantity Q (throughput, transfer,\n"
     "cwnd, ...; charts: default throughput)", O_WHAT, 0, NULL},
    {"format", 0, "text|json|png|svg", "the output: a line per point, a\n"
     "JSON array, or one line chart per trace", O_FORMAT, 0, NULL},
    {"output", 'o', "FILE|DIR", "write to FILE (png/svg: into DIR, default\n"
     "./traces) instead of standard output", O_OUTPUT, 0, NULL},
    {"max", 0, "N", "stop after N points (default 100000)", O_MAX, 0, NULL},
    CLI_OPT_END};

typedef struct walk {
    int fmt;                    /* 0 text, 1 json, 2 png, 3 svg */
    const char *what;
    long long max, n;
    int cut;
    FILE *out;
    int err;
    /* the chart being gathered: one trace (source and series) */
    char key[1024], title[1024], subtitle[128], unit[16];
    char **x;
    double *y;
    size_t npts, cap;
    const char *dir;
    size_t charts;
    bdb_diag diag;
} walk;

static void chart_flush(walk *w)
{
    if (!w->npts || w->err)
        goto done;
    bdb_chart_line c = {.title = w->title, .subtitle = w->subtitle,
                        .unit = w->unit, .y_title = w->what,
                        .x_title = "interval (s)", .n = w->npts,
                        .x = (const char *const *)w->x, .y = w->y};
    char slug[121], path[1400];
    const char *parts[] = {w->subtitle, w->title};
    bdb_chart_slug(slug, parts, 2);
    snprintf(path, sizeof path, "%s/%s.%s", w->dir, slug,
             w->fmt == 3 ? "svg" : "png");
    if (bdb_chart_line_file(&c, w->fmt == 3 ? BDB_CHART_SVG : BDB_CHART_PNG,
                            path, &w->diag))
        w->err = BDB_EIO;
    else
        w->charts++;
done:
    for (size_t i = 0; i < w->npts; i++)
        free(w->x[i]);
    w->npts = 0;
}

static int chart_point(walk *w, const bdb_trace_row *r)
{
    char key[1024];
    snprintf(key, sizeof key, "%lld\x1f%s\x1f%s\x1f%s\x1f%s", r->source_id,
             r->tool, r->benchmark, r->metric, r->params);
    if (strcmp(key, w->key) != 0) {
        chart_flush(w);
        snprintf(w->key, sizeof w->key, "%s", key);
        snprintf(w->title, sizeof w->title, "%s %s %s %s", r->tool,
                 r->benchmark, r->metric, r->params);
        snprintf(w->subtitle, sizeof w->subtitle, "source %lld, %s",
                 r->source_id, r->what);
        snprintf(w->unit, sizeof w->unit, "%s", r->unit);
    }
    if (w->npts == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        char **x = realloc(w->x, cap * sizeof *x);
        if (!x)
            return BDB_ENOMEM;
        w->x = x;
        double *y = realloc(w->y, cap * sizeof *y);
        if (!y)
            return BDB_ENOMEM;
        w->y = y;
        w->cap = cap;
    }
    char label[96];
    if (r->start == r->start && r->end == r->end)
        snprintf(label, sizeof label, "%g-%g", r->start, r->end);
    else
        snprintf(label, sizeof label, "#%lld", r->seq);
    if (r->label[0])
        snprintf(label + strlen(label), sizeof label - strlen(label), " %s",
                 r->label);
    if (!(w->x[w->npts] = strdup(label)))
        return BDB_ENOMEM;
    w->y[w->npts++] = r->value;
    return BDB_OK;
}

static void text_point(walk *w, const bdb_trace_row *r)
{
    char se[40] = "", en[40] = "";
    if (r->start == r->start)
        snprintf(se, sizeof se, "%g", r->start);
    if (r->end == r->end)
        snprintf(en, sizeof en, "%g", r->end);
    if (fprintf(w->out, "%lld\t%s\t%s\t%s\t%s\t%d\t%lld\t%s\t%s\t%s\t%s\t"
                        "%.10g\t%s\t%d\n",
                r->source_id, r->tool, r->benchmark, r->metric, r->params,
                r->repetition, r->seq, r->what, r->label, se, en, r->value,
                r->unit, r->line) < 0)
        w->err = errno ? errno : EIO;
}

static void json_point(walk *w, const bdb_trace_row *r)
{
    json_t *o = json_pack(
        "{s:I, s:s, s:s, s:s, s:s, s:i, s:I, s:s, s:s, s:o, s:o, s:f, s:s, "
        "s:i}",
        "source_id", (json_int_t)r->source_id, "tool", r->tool, "benchmark",
        r->benchmark, "metric", r->metric, "params", r->params, "repetition",
        r->repetition, "seq", (json_int_t)r->seq, "what", r->what, "label",
        r->label, "start", r->start == r->start ? json_real(r->start)
                                                : json_null(),
        "end", r->end == r->end ? json_real(r->end) : json_null(), "value",
        r->value, "unit", r->unit, "line", r->line);
    char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
    if (!s || fprintf(w->out, "%s\n  %s", w->n > 1 ? "," : "", s) < 0)
        w->err = s ? (errno ? errno : EIO) : ENOMEM;
    free(s);
    json_decref(o);
}

static int take(const bdb_trace_row *r, void *ctx)
{
    walk *w = ctx;
    if (w->what && strcmp(r->what, w->what) != 0)
        return 0;
    if (w->n >= w->max) {
        w->cut = 1;
        return 1;
    }
    w->n++;
    if (w->fmt >= 2) {
        if (chart_point(w, r))
            w->err = ENOMEM;
    } else if (w->fmt == 1) {
        json_point(w, r);
    } else {
        text_point(w, r);
    }
    return w->err ? 1 : 0;
}

int cmd_traces(int argc, char **argv, bdb_cli *cli)
{
    cli_sel sel = {0};
    const char *format = "text", *output = NULL;
    walk w;
    memset(&w, 0, sizeof w);
    w.max = TRACES_MAX_DEFAULT;
    long long source = 0;
    int c, st = 0;
    cli_opts g;
    cli_opts_init(&g, cli, cli_traces_options, argc, argv, 1);
    while (!st && (c = cli_sel_next(&g, cli, &sel, &st)) > 0) {
        long v;
        switch (c) {
        case O_FORMAT: format = g.arg; break;
        case O_OUTPUT: output = g.arg; break;
        case O_WHAT: w.what = g.arg; break;
        case O_SOURCE:
            if (cli_parse_int(g.arg, &v) || v <= 0)
                st = cli_usage_error(cli, "--source wants a source id");
            source = v;
            break;
        case O_MAX:
            if (cli_parse_int(g.arg, &v) || v <= 0)
                st = cli_usage_error(cli, "--max wants a positive count");
            w.max = v;
            break;
        default:
            st = cli_opts_unhandled(&g);
        }
    }
    if (!st && c < 0)
        st = BDB_EXIT_USAGE;
    static const char *const fmts[] = {"text", "json", "png", "svg"};
    w.fmt = -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(format, fmts[i]) == 0)
            w.fmt = i;
    if (!st && w.fmt < 0)
        st = cli_usage_error(cli, "--format takes text, json, png or svg");
    if (!st && g.ind < argc)
        st = cli_usage_error(cli, "traces takes options only");
    if (!st)
        st = cli_sel_check(cli, &sel);
    if (st) {
        cli_sel_free(&sel);
        return st;
    }
    int to_file = w.fmt < 2 && output && strcmp(output, "-") != 0;
    w.out = to_file ? fopen(output, "w") : stdout;
    if (!w.out) {
        cli_sel_free(&sel);
        return cli_error("%s: %s", output, strerror(errno));
    }
    if (w.fmt >= 2) {
        if (!w.what)
            w.what = "throughput";
        w.dir = output ? output : "traces";
        if (mkdir(w.dir, 0777) != 0 && errno != EEXIST) {
            cli_sel_free(&sel);
            return cli_error("%s: %s", w.dir, strerror(errno));
        }
    }
    if (w.fmt == 0)
        fputs("# source\ttool\tbenchmark\tmetric\tparams\trepetition\tseq\t"
              "what\tlabel\tstart\tend\tvalue\tunit\tline\n", w.out);
    if (w.fmt == 1)
        fputs("[", w.out);
    int rc = bdb_store_traces_each(cli->store, source, &sel.f, take, &w);
    if (!rc && w.fmt >= 2)
        chart_flush(&w);
    if (w.fmt == 1)
        fputs("\n]\n", w.out);
    if (to_file && fclose(w.out) != 0 && !w.err)
        w.err = errno ? errno : EIO;
    free(w.x);
    free(w.y);
    if (w.fmt >= 2)
        bdb_chart_release_caches();
    if (rc) {
        st = cli_error("reading traces: %s", bdb_store_errmsg(cli->store));
    } else if (w.diag.message[0]) {
        st = cli_error("%s", w.diag.message);
    } else if (w.err) {
        st = cli_error("writing traces: %s", strerror(w.err));
    } else {
        if (w.fmt >= 2)
            printf("%zu chart%s written to %s/\n", w.charts,
                   cli_s((long long)w.charts), w.dir);
        if (w.cut)
            fprintf(stderr, "benchdb: traces: stopped at %lld points (--max "
                            "%lld); more are stored\n", w.max, w.max);
    }
    cli_sel_free(&sel);
    return st;
}
