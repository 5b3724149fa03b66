/* cmd_compare.c - `benchdb compare OLD NEW` (benchstat-style before/after
 * tables in every report format) and `benchdb check` (regressions of the
 * newest set against a baseline; exit 3 when there is one). The work is in
 * report/compare.c; this file parses options and names the sides. */
#include "cli.h"
#include "lifecycle.h"
#include "../report/compare.h"

#include <getopt.h>
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

static int render(const bdb_compare *c, int format, const char *output)
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
    int rc = bdb_compare_render(c, map[format], &b);
    int st = rc ? cli_error("cannot render: %s", bdb_strerror(rc))
                : emit(output, &b);
    bdb_buf_free(&b);
    return st;
}

int cmd_compare(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        CLI_SEL_LONGOPTS,
        {"format", required_argument, 0, 'f'},
        {"output", required_argument, 0, 'o'},
        {"correction", required_argument, 0, 'c'},
        {"seed", required_argument, 0, 'S'},
        {"alpha", required_argument, 0, 'a'},
        {"ignore-param", required_argument, 0, 'I'},
        {"threshold", required_argument, 0, 'T'},
        {0, 0, 0, 0}};
    cli_sel sel = {0};
    bdb_compare_opts o = {.threshold = -1};
    cli_ignore ignore = {0};
    int format = F_TEXT, c, st = 0;
    const char *output = NULL;
    optind = 1;
    while (!st && (c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        int got = cli_sel_option(cli, &sel, c, optarg);
        if (got == BDB_EXIT_USAGE)
            st = got;
        if (got)
            continue;
        double d;
        long l;
        switch (c) {
        case 'f':
            if ((format = parse_format(optarg)) < 0)
                st = cli_usage_error(cli, "--format takes text, md, html, csv, "
                                          "json or xlsx");
            break;
        case 'o': output = optarg; break;
        case 'T':
            if (cli_parse_fraction(optarg, &o.threshold))
                st = cli_usage_error(cli, "--threshold wants 5%% or 0.05");
            break;
        case 'I': st = cli_ignore_add(cli, &ignore, optarg); break;
        case 'c':
            if (strcmp(optarg, "bh") == 0)
                o.bh = 1;
            else if (strcmp(optarg, "holm") != 0)
                st = cli_usage_error(cli, "--correction takes holm or bh");
            break;
        case 'S':
            if (cli_parse_int(optarg, &l) || l < 0)
                st = cli_usage_error(cli, "--seed wants a whole number");
            o.seed = (uint64_t)l;
            break;
        case 'a':
            if (cli_parse_double(optarg, &d) || !(d > 0 && d < 1))
                st = cli_usage_error(cli, "--alpha wants a number between 0 "
                                          "and 1");
            o.alpha = d;
            break;
        default: st = cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    if (!st && argc - optind != 2)
        st = cli_usage_error(cli, "compare takes OLD NEW (sets, tags K=V or "
                                  "platforms)");
    if (!st && format == F_XLSX && (!output || strcmp(output, "-") == 0))
        st = cli_usage_error(cli, "--format xlsx needs -o FILE.xlsx");
    if (!st)
        st = parse_side(cli, argv[optind], &o.old_side);
    if (!st)
        st = parse_side(cli, argv[optind + 1], &o.new_side);
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
            cli_print_diag("compare: ", &d);
            st = BDB_EXIT_FAILED;
        }
    }
    if (!st)
        st = render(cmp, format, output);
    bdb_compare_free(cmp);
    cli_sel_free(&sel);
    return st;
}

int cmd_check(int argc, char **argv, bdb_cli *cli)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 0x101},
        {"platforms", required_argument, 0, 0x101},
        {"tool", required_argument, 0, 0x102},
        {"benchmark", required_argument, 0, 0x103},
        {"metric", required_argument, 0, 0x104},
        {"param", required_argument, 0, 0x105},
        {"set", required_argument, 0, 'N'},
        {"tag", required_argument, 0, 0x107},
        {"baseline", required_argument, 0, 'B'},
        {"last", required_argument, 0, 'L'},
        {"threshold", required_argument, 0, 'T'},
        {"format", required_argument, 0, 'f'},
        {"output", required_argument, 0, 'o'},
        {"correction", required_argument, 0, 'c'},
        {"alpha", required_argument, 0, 'a'},
        {"seed", required_argument, 0, 'S'},
        {"ignore-param", required_argument, 0, 'I'},
        {0, 0, 0, 0}};
    cli_sel sel = {0};
    bdb_check_opts o = {.threshold = -1};
    cli_ignore ignore = {0};
    int format = F_TEXT, c, st = 0;
    const char *output = NULL;
    optind = 1;
    while (!st && (c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        int got = cli_sel_option(cli, &sel, c, optarg);
        if (got == BDB_EXIT_USAGE)
            st = got;
        if (got)
            continue;
        double d;
        long l;
        switch (c) {
        case 'N': o.newest = optarg; break;
        case 'I': st = cli_ignore_add(cli, &ignore, optarg); break;
        case 'B': o.baseline = optarg; break;
        case 'L':
            if (cli_parse_int(optarg, &l) || l < 1 || l > 100000)
                st = cli_usage_error(cli, "--last wants a number of sets >= 1");
            o.last_n = (int)l;
            break;
        case 'T':
            if (cli_parse_fraction(optarg, &o.threshold))
                st = cli_usage_error(cli, "--threshold wants 5%% or 0.05");
            break;
        case 'f':
            format = parse_format(optarg);
            if (format != F_TEXT && format != F_MD && format != F_JSON)
                st = cli_usage_error(cli, "--format takes text, md or json");
            break;
        case 'o': output = optarg; break;
        case 'c':
            if (strcmp(optarg, "bh") == 0)
                o.bh = 1;
            else if (strcmp(optarg, "holm") != 0)
                st = cli_usage_error(cli, "--correction takes holm or bh");
            break;
        case 'a':
            if (cli_parse_double(optarg, &d) || !(d > 0 && d < 1))
                st = cli_usage_error(cli, "--alpha wants a number between 0 "
                                          "and 1");
            o.alpha = d;
            break;
        case 'S':
            if (cli_parse_int(optarg, &l) || l < 0)
                st = cli_usage_error(cli, "--seed wants a whole number");
            o.seed = (uint64_t)l;
            break;
        default: st = cli_unknown_option(cli, argc, argv, longopts);
        }
    }
    if (!st && optind != argc)
        st = cli_usage_error(cli, "unexpected argument '%s'", argv[optind]);
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
            cli_print_diag("check: ", &d);
            st = BDB_EXIT_FAILED;
        }
    }
    if (!st)
        st = render(cmp, format, output);
    if (!st && cmp->nregressions)
        st = BDB_EXIT_REGRESSION;
    bdb_compare_free(cmp);
    cli_sel_free(&sel);
    return st;
}
