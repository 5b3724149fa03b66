/* cmd_compare.c - `benchdb compare OLD NEW` (benchstat-style before/after
 * tables in every report format) and `benchdb check` (regressions of the
 * newest set against a baseline; exit 3 when there is one). The work is in
 * report/analysis/compare.c and report/render/compare_render.c; this
 * file parses options and names the sides. */
#include "cli.h"
#include "lifecycle.h"
#include "table_out.h"
#include "../report/render/render.h"
#include "../report/render/textfit.h"

#include <stdlib.h>
#include <string.h>

typedef struct find_ctx {
    const char *name;
    int found;
} find_ctx;

static int find_name(const char *name, void *ctx)
{
    find_ctx *f = ctx;
    if (strcmp(name, f->name) == 0) {
        f->found = 1;
        return 1;
    }
    return 0;
}

static int known(bdb_cli *cli, const char *what, const char *name)
{
    find_ctx f = {name, 0};
    bdb_store_names_each(cli->store, what, find_name, &f);
    return f.found;
}

/* "set:NAME", "tag:K=V", "platform:NAME", or a bare K=V (a tag) or NAME
 * (a set, else a platform). */
static int parse_side(bdb_cli *cli, const char *arg, bdb_cmp_side *s)
{
    if (strncmp(arg, "set:", 4) == 0) {
        s->kind = BDB_CMP_SET;
        s->name = arg + 4;
    } else if (strncmp(arg, "tag:", 4) == 0) {
        s->kind = BDB_CMP_TAG;
        s->name = arg + 4;
    } else if (strncmp(arg, "platform:", 9) == 0) {
        s->kind = BDB_CMP_PLATFORM;
        s->name = arg + 9;
    } else if (strchr(arg, '=')) {
        s->kind = BDB_CMP_TAG;
        s->name = arg;
    } else if (known(cli, "set", arg)) {
        s->kind = BDB_CMP_SET;
        s->name = arg;
    } else if (known(cli, "platform", arg)) {
        s->kind = BDB_CMP_PLATFORM;
        s->name = arg;
    } else {
        cli_sel a = {0}, b = {0};
        fprintf(stderr, "benchdb compare: '%s' is neither a set nor a "
                        "platform\n", arg);
        a.f.set = arg;
        cli_sel_check(cli, &a);
        b.f.platforms = arg;
        cli_sel_check(cli, &b);
        return BDB_EXIT_USAGE;
    }
    cli_sel c = {0};
    if (s->kind == BDB_CMP_SET)
        c.f.set = s->name;
    else if (s->kind == BDB_CMP_PLATFORM)
        c.f.platforms = s->name;
    else {
        char *copy = strdup(s->name), *k, *v;
        if (!copy || cli_split_kv(copy, &k, &v)) {
            free(copy);
            return cli_usage_error(cli, "a tag is K=V, not '%s'", s->name);
        }
        int rc = bdb_params_set(&c.tags, k, "%s", v);
        free(copy);
        if (rc)
            return cli_usage_error(cli, "tag '%s' is too long", s->name);
    }
    return cli_sel_check(cli, &c);
}

enum { F_TEXT, F_MD, F_HTML, F_CSV, F_JSON, F_XLSX };

static int parse_format(const char *s)
{
    static const char *const names[] = {"text", "md", "html", "csv", "json",
                                        "xlsx"};
    if (strcmp(s, "markdown") == 0)
        return F_MD;
    for (int i = 0; i < 6; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static int emit(const char *output, const bdb_buf *b)
{
    if (!output || strcmp(output, "-") == 0) {
        fwrite(b->data ? b->data : "", 1, b->len, stdout);
        return BDB_EXIT_OK;
    }
    if (cli_output_write(output, b->data ? b->data : "", b->len))
        return BDB_EXIT_FAILED;
    fprintf(stderr, "benchdb: written to %s\n", output);
    return BDB_EXIT_OK;
}

/* width: --width, or 0 (see cli_output_width) */
static int render(const bdb_compare *c, int format, const char *output,
                  int width)
{
    if (format == F_XLSX) {
        bdb_diag d;
        bdb_diag_clear(&d);
        char tmp[4200];
        if (cli_output_tmp(output, tmp, sizeof tmp))
            return BDB_EXIT_FAILED;
        int rc = bdb_compare_render_xlsx(c, tmp, &d);
        if (cli_output_commit(tmp, output, rc == BDB_OK) && !rc)
            return BDB_EXIT_FAILED;
        if (rc) {
            bdb_diag_set_file(&d, output);
            cli_print_diag("", &d);
            return BDB_EXIT_FAILED;
        }
        fprintf(stderr, "benchdb: written to %s\n", output);
        return BDB_EXIT_OK;
    }
    static const bdb_cmp_format map[] = {BDB_CMPF_TEXT, BDB_CMPF_MD,
                                         BDB_CMPF_HTML, BDB_CMPF_CSV,
                                         BDB_CMPF_JSON};
    bdb_buf b;
    bdb_buf_init(&b);
    int to_stdout = !output || strcmp(output, "-") == 0;
    size_t fit = format == F_TEXT && (to_stdout || width)
                     ? (size_t)cli_output_width(width) : 0;
    int rc = bdb_compare_render(c, map[format], fit, &b);
    if (!rc && fit)
        bdb_text_fit(&b, 0, fit);
    if (!rc && b.err)
        rc = b.err;
    int st = rc ? cli_error("cannot render: %s", bdb_strerror(rc))
                : emit(output, &b);
    bdb_buf_free(&b);
    return st;
}

enum { O_FORMAT = 1, O_OUTPUT, O_CORRECTION, O_SEED, O_ALPHA, O_IGNORE,
       O_NEWEST, O_BASELINE, O_LAST, O_THRESHOLD };

/* The statistics both commands take. */
static const cli_option stats_options[] = {
    {"threshold", 0, "T", "the magnitude floor of a verdict, 5% or 0.05\n"
     "(default 5%; 0: none)", O_THRESHOLD, 0, NULL},
    {"alpha", 0, "A", "1 - the level of the interval that decides (default\n"
     "0.05)", O_ALPHA, 0, NULL},
    {"ignore-param", 0, "K", "leave K out of the series identity (repeatable):\n"
     "series that then agree are one, and the output says so (a port, a\n"
     "url; ab -k: keepalive)", O_IGNORE, 0, NULL},
    {"correction", 0, "holm|bh", "correction of the p shown (information;\n"
     "default holm)", O_CORRECTION, 0, NULL},
    {"seed", 0, "N", "bootstrap seed (the output is reproducible)", O_SEED, 0,
     NULL},
    {"output", 'o', "FILE", "write to FILE instead of standard output",
     O_OUTPUT, 0, NULL},
    CLI_OPT_INCLUDE(cli_text_width_options),
    CLI_OPT_END};

const cli_option cli_compare_options[] = {
    CLI_OPT_INCLUDE(cli_sel_options),
    {"format", 0, "text|md|html|csv|json|xlsx", "the output (xlsx needs -o)",
     O_FORMAT, 0, NULL},
    CLI_OPT_INCLUDE(stats_options),
    CLI_OPT_END};

const cli_option cli_check_options[] = {
    {"baseline", 0, "SET", "compare against this run set", O_BASELINE, 0,
     NULL},
    {"last", 0, "N", "compare against the N sets before the newest, pooled\n"
     "(default 1; never across a set marked a new baseline\n"
     "by set mark)", O_LAST, 0, NULL},
    {"set", 0, "NEW", "the set to check (default: the newest)", O_NEWEST, 0,
     NULL},
    {"format", 0, "text|md|json", "md for a pull request, json for scripts",
     O_FORMAT, 0, NULL},
    CLI_OPT_INCLUDE(cli_series_options),
    {"tag", 0, "K=V", "only sets with this tag (repeatable)", CLI_O_SEL_TAG,
     0, NULL},
    CLI_OPT_INCLUDE(stats_options),
    CLI_OPT_END};

/* --correction, --seed and --alpha (stats_options), which compare and
 * check share, into their options' fields: 0 or BDB_EXIT_USAGE. */
static int stats_option(bdb_cli *cli, int c, const char *arg, int *bh,
                        double *alpha, uint64_t *seed)
{
    long l;
    switch (c) {
    case O_CORRECTION:
        if (strcmp(arg, "bh") == 0)
            *bh = 1;
        else if (strcmp(arg, "holm") != 0)
            return cli_usage_error(cli, "--correction takes holm or bh");
        return 0;
    case O_SEED:
        if (cli_parse_int(arg, &l) || l < 0)
            return cli_usage_error(cli, "--seed wants a whole number");
        *seed = (uint64_t)l;
        return 0;
    default:
        return cli_alpha_arg(cli, arg, alpha);
    }
}

int cmd_compare(int argc, char **argv, bdb_cli *cli)
{
    cli_sel sel = {0};
    bdb_compare_opts o = {.threshold = -1};
    cli_ignore ignore = {0};
    int format = F_TEXT, c, st = 0;
    const char *output = NULL;
    cli_table_args ta = {0};
    cli_opts g;
    cli_opts_init(&g, cli, cli_compare_options, argc, argv, 1);
    while (!st && (c = cli_sel_next(&g, cli, &sel, &st)) > 0) {
        switch (c) {
        case O_FORMAT:
            if ((format = parse_format(g.arg)) < 0)
                st = cli_usage_error(cli, "--format takes text, md, html, csv, "
                                          "json or xlsx");
            break;
        case O_OUTPUT: output = g.arg; break;
        case O_THRESHOLD:
            st = cli_threshold_arg(cli, g.arg, &o.threshold);
            break;
        case O_IGNORE: st = cli_ignore_add(cli, &ignore, g.arg); break;
        case O_CORRECTION:
        case O_SEED:
        case O_ALPHA:
            st = stats_option(cli, c, g.arg, &o.bh, &o.alpha, &o.seed);
            break;
        default: {
            int w = cli_table_option(cli, &ta, &g, c);
            st = w == BDB_EXIT_USAGE ? w : !w ? cli_opts_unhandled(&g) : 0;
        }
        }
    }
    if (!st && c < 0)
        st = BDB_EXIT_USAGE;
    if (!st && argc - g.ind != 2)
        st = cli_usage_error(cli, "compare takes OLD NEW (sets, tags K=V or "
                                  "platforms)");
    if (!st && format == F_XLSX && (!output || strcmp(output, "-") == 0))
        st = cli_usage_error(cli, "--format xlsx needs -o FILE.xlsx");
    if (!st)
        st = parse_side(cli, argv[g.ind], &o.old_side);
    if (!st)
        st = parse_side(cli, argv[g.ind + 1], &o.new_side);
    if (!st && o.old_side.kind != o.new_side.kind)
        st = cli_usage_error(cli, "OLD and NEW must be of one kind: two sets, "
                                  "two tags or two platforms");
    if (!st)
        st = cli_sel_check(cli, &sel);
    bdb_compare *cmp = NULL;
    if (!st) {
        o.filter = sel.f;
        o.ignore = ignore.keys;
        o.nignore = ignore.n;
        bdb_diag d;
        bdb_diag_clear(&d);
        if (bdb_compare_build(cli->store, &o, &cmp, &d)) {
            st = cli_build_error(cli, &d);
        }
    }
    if (!st)
        st = render(cmp, format, output, ta.width);
    bdb_compare_free(cmp);
    cli_sel_free(&sel);
    return st;
}

int cmd_check(int argc, char **argv, bdb_cli *cli)
{
    cli_sel sel = {0};
    bdb_check_opts o = {.threshold = -1};
    cli_ignore ignore = {0};
    int format = F_TEXT, c, st = 0;
    const char *output = NULL;
    cli_table_args ta = {0};
    cli_opts g;
    cli_opts_init(&g, cli, cli_check_options, argc, argv, 1);
    while (!st && (c = cli_sel_next(&g, cli, &sel, &st)) > 0) {
        long l;
        switch (c) {
        case O_NEWEST: o.newest = g.arg; break;
        case O_IGNORE: st = cli_ignore_add(cli, &ignore, g.arg); break;
        case O_BASELINE: o.baseline = g.arg; break;
        case O_LAST:
            if (cli_parse_int(g.arg, &l) || l < 1 || l > 100000)
                st = cli_usage_error(cli, "--last wants a number of sets >= 1");
            o.last_n = (int)l;
            break;
        case O_THRESHOLD:
            st = cli_threshold_arg(cli, g.arg, &o.threshold);
            break;
        case O_FORMAT:
            format = parse_format(g.arg);
            if (format != F_TEXT && format != F_MD && format != F_JSON)
                st = cli_usage_error(cli, "--format takes text, md or json");
            break;
        case O_OUTPUT: output = g.arg; break;
        case O_CORRECTION:
        case O_SEED:
        case O_ALPHA:
            st = stats_option(cli, c, g.arg, &o.bh, &o.alpha, &o.seed);
            break;
        default: {
            int w = cli_table_option(cli, &ta, &g, c);
            st = w == BDB_EXIT_USAGE ? w : !w ? cli_opts_unhandled(&g) : 0;
        }
        }
    }
    if (!st && c < 0)
        st = BDB_EXIT_USAGE;
    if (!st && g.ind != argc)
        st = cli_usage_error(cli, "unexpected argument '%s'", argv[g.ind]);
    if (!st && o.baseline && o.last_n)
        st = cli_usage_error(cli, "--baseline and --last are two ways to say "
                                  "the same: give one");
    if (!st) {
        sel.f.set = o.baseline;
        st = cli_sel_check(cli, &sel);
        sel.f.set = o.newest;
        if (!st)
            st = cli_sel_check(cli, &sel);
        sel.f.set = NULL;
    }
    bdb_compare *cmp = NULL;
    if (!st) {
        o.filter = sel.f;
        o.ignore = ignore.keys;
        o.nignore = ignore.n;
        bdb_diag d;
        bdb_diag_clear(&d);
        if (bdb_check_build(cli->store, &o, &cmp, &d)) {
            st = cli_build_error(cli, &d);
        }
    }
    if (!st)
        st = render(cmp, format, output, ta.width);
    if (!st && cmp->nregressions)
        st = BDB_EXIT_REGRESSION;
    bdb_compare_free(cmp);
    cli_sel_free(&sel);
    return st;
}
