/* options.c - parsing a command's arguments with its option table, and
 * printing the table as help (see options.h). */
#include "options.h"
#include "cli.h"
#include "lifecycle.h"

#include <string.h>

const cli_option cli_no_options[] = {CLI_OPT_END};

int cli_options_each(const cli_option *table,
                     int (*fn)(const cli_option *o, void *ctx), void *ctx)
{
    for (const cli_option *o = table; o && (o->name || o->include); o++) {
        int rc = o->name ? fn(o, ctx) : cli_options_each(o->include, fn, ctx);
        if (rc)
            return rc;
    }
    return 0;
}

static int count_one(const cli_option *o, void *ctx)
{
    (void)o;
    return ++*(int *)ctx > 0;
}

int cli_options_empty(const cli_option *table)
{
    int n = 0;
    cli_options_each(table, count_one, &n);
    return n == 0;
}

void cli_opts_init(cli_opts *g, struct bdb_cli *cli, const cli_option *table,
                   int argc, char **argv, int first)
{
    memset(g, 0, sizeof *g);
    g->cli = cli;
    g->table = table;
    g->argc = argc;
    g->argv = argv;
    g->ind = g->pos = first < argc ? first : argc;
}

/* Moves argv[ind] in front of the positional arguments seen so far. */
static void take(cli_opts *g)
{
    char *t = g->argv[g->ind];
    memmove(&g->argv[g->pos + 1], &g->argv[g->pos],
            (size_t)(g->ind - g->pos) * sizeof *g->argv);
    g->argv[g->pos++] = t;
    g->ind++;
}

typedef struct match {
    const char *name;       /* what was typed, without "--" */
    size_t len;
    const cli_option *exact, *prefix;
    int nprefix;
    const char *cands[128];
    size_t ncands;
} match;

static int match_long(const cli_option *o, void *ctx)
{
    match *m = ctx;
    if (m->ncands < sizeof m->cands / sizeof m->cands[0])
        m->cands[m->ncands++] = o->name;
    if (strlen(o->name) == m->len && strncmp(o->name, m->name, m->len) == 0) {
        m->exact = o;
        return 1;
    }
    if (strncmp(o->name, m->name, m->len) == 0) {
        /* two names of one option are one match */
        if (!m->prefix || m->prefix->code != o->code)
            m->nprefix++;
        if (!m->prefix)
            m->prefix = o;
    }
    return 0;
}

typedef struct short_match {
    int c;
    const cli_option *found;
} short_match;

static int match_short(const cli_option *o, void *ctx)
{
    short_match *m = ctx;
    if (o->short_name && o->short_name == m->c) {
        m->found = o;
        return 1;
    }
    return 0;
}

/* The argument of g->opt: inline (after '=' or in a cluster) or the next
 * element, which is taken whatever it looks like ("--price-usd -5"). */
static int option_arg(cli_opts *g, char *inline_arg, const char *shown)
{
    if (!g->opt->arg) {
        if (inline_arg) {
            cli_usage_error(g->cli, "option '%s' takes no argument", shown);
            return -1;
        }
        g->arg = NULL;
        return g->opt->code;
    }
    if (inline_arg) {
        g->arg = inline_arg;
        return g->opt->code;
    }
    if (g->ind >= g->argc) {
        cli_usage_error(g->cli, "option '%s' needs an argument (%s)", shown,
                        g->opt->arg);
        return -1;
    }
    g->arg = g->argv[g->ind];
    take(g);
    return g->opt->code;
}

static int next_short(cli_opts *g)
{
    short_match m = {(unsigned char)*g->cluster, NULL};
    char shown[3] = {'-', *g->cluster, '\0'};
    g->cluster++;
    cli_options_each(g->table, match_short, &m);
    if (!m.found) {
        g->cluster = NULL;
        cli_usage_error(g->cli, "unknown option '%s'", shown);
        return -1;
    }
    g->opt = m.found;
    char *rest = *g->cluster ? g->cluster : NULL;
    if (m.found->arg)
        g->cluster = NULL;  /* "-oFILE": the rest is the argument */
    else
        rest = NULL;        /* "-qy": the rest are flags */
    return option_arg(g, rest, shown);
}

static int next_long(cli_opts *g, char *a)
{
    match m;
    memset(&m, 0, sizeof m);
    m.name = a + 2;
    char *eq = strchr(a, '=');
    m.len = eq ? (size_t)(eq - m.name) : strlen(m.name);
    cli_options_each(g->table, match_long, &m);
    char shown[160];
    snprintf(shown, sizeof shown, "--%.*s", (int)(m.len < 120 ? m.len : 120),
             m.name);
    g->opt = m.exact ? m.exact : m.nprefix == 1 ? m.prefix : NULL;
    if (!g->opt && m.nprefix > 1) {
        cli_usage_error(g->cli, "option '%s' is ambiguous (--%s or another)",
                        shown, m.prefix->name);
        return -1;
    }
    if (!g->opt) {
        char word[128];
        snprintf(word, sizeof word, "%.*s", (int)(m.len < 127 ? m.len : 127),
                 m.name);
        const char *near = cli_suggest(word, m.cands, m.ncands);
        if (near)
            cli_usage_error(g->cli, "unknown option '%s'; did you mean '--%s'?",
                            shown, near);
        else
            cli_usage_error(g->cli, "unknown option '%s'", shown);
        return -1;
    }
    return option_arg(g, eq ? eq + 1 : NULL, shown);
}

int cli_opts_next(cli_opts *g)
{
    g->opt = NULL;
    g->arg = NULL;
    if (g->done) {
        g->ind = g->pos;
        return 0;
    }
    if (g->cluster && *g->cluster)
        return next_short(g);
    g->cluster = NULL;
    while (g->ind < g->argc) {
        char *a = g->argv[g->ind];
        if (strcmp(a, "--") == 0) {
            take(g);        /* the rest are positional */
            g->done = 1;
            break;
        }
        if (a[0] != '-' || a[1] == '\0') {
            if (g->in_order)
                break;
            g->ind++;       /* positional: stays where it is for now */
            continue;
        }
        take(g);
        if (a[1] == '-')
            return next_long(g, a);
        g->cluster = a + 1;
        return next_short(g);
    }
    g->done = 1;
    g->ind = g->pos;
    return 0;
}

int cli_opts_unhandled(const cli_opts *g)
{
    return cli_error("internal error: option '--%s' has no handler",
                     g->opt ? g->opt->name : "?");
}

/* ---- help ------------------------------------------------------------- */

enum { HELP_COLUMN = 25 };

typedef struct help_line {
    FILE *out;
    char left[256];
    size_t len;
    const char *help;
    int code;
} help_line;

static void flush_line(help_line *h)
{
    if (!h->len)
        return;
    FILE *out = h->out;
    fputs(h->left, out);
    const char *p = h->help ? h->help : "";
    int col = (int)h->len;
    if (col + 1 > HELP_COLUMN && *p) {
        fputc('\n', out);
        col = 0;
    }
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(out, "%*s%.*s\n", HELP_COLUMN - col, "", (int)n, p);
        col = 0;
        p = nl ? nl + 1 : p + n;
    }
    if (!h->help || !*h->help)
        fputc('\n', out);
    h->len = 0;
}

static int print_option(const cli_option *o, void *ctx)
{
    help_line *h = ctx;
    if ((o->flags & CLI_OPT_ALIAS) && h->len && o->code == h->code) {
        /* "--platform, --platforms P": the argument once, at the end */
        const char *arg = strrchr(h->left, ' ');
        char tail[128] = "";
        if (o->arg && arg && arg > h->left + 2 && arg[1] != '-') {
            snprintf(tail, sizeof tail, "%s", arg);
            h->len = (size_t)(arg - h->left);
        }
        h->len += (size_t)snprintf(h->left + h->len, sizeof h->left - h->len,
                                   ", --%s%s", o->name, tail);
        if (h->len >= sizeof h->left)
            h->len = sizeof h->left - 1;
        return 0;
    }
    flush_line(h);
    char shortname[8] = "";
    if (o->short_name)
        snprintf(shortname, sizeof shortname, "-%c, ", o->short_name);
    int n = snprintf(h->left, sizeof h->left, "  %s--%s%s%s", shortname,
                     o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    h->len = n < 0 ? 0 : (size_t)n < sizeof h->left ? (size_t)n
                                                    : sizeof h->left - 1;
    h->help = o->help;
    h->code = o->code;
    return 0;
}

void cli_options_print(const cli_option *table, FILE *out)
{
    help_line h;
    memset(&h, 0, sizeof h);
    h.out = out;
    cli_options_each(table, print_option, &h);
    flush_line(&h);
}
