/* cmd_docs.c - `benchdb completion bash` and `benchdb man`: the shell
 * completion script and the manual page, made from the command table and
 * the option tables, so that neither can drift from what the commands
 * accept. */
#include "cli.h"

#include <ctype.h>
#include <string.h>

#ifndef BDB_VERSION
#define BDB_VERSION "0.0.0"
#endif

/* ---- bash completion ----------------------------------------------- */

/* How an option's argument completes: from its choices ("text|csv"), as
 * a file name (FILE, DIR, LOCATION), or not at all (NAME, N). */
static int arg_is_choices(const char *arg)
{
    for (const char *p = arg; *p; p++)
        if (islower((unsigned char)*p))
            return 1;
    return 0;
}

static int arg_is_file(const char *arg)
{
    return strstr(arg, "FILE") || strstr(arg, "DIR") || strstr(arg, "LOCATION");
}

static int put_name(const cli_option *o, void *ctx)
{
    (void)ctx;
    printf(" --%s", o->name);
    if (o->short_name)
        printf(" -%c", o->short_name);
    return 0;
}

static int put_arg_case(const cli_option *o, void *ctx)
{
    (void)ctx;
    if (!o->arg)
        return 0;
    printf("            --%s%s%c) ", o->name, o->short_name ? "|-" : "",
           o->short_name ? o->short_name : ' ');
    if (arg_is_choices(o->arg)) {
        printf("COMPREPLY=($(compgen -W '");
        for (const char *p = o->arg; *p; p++)
            putchar(*p == '|' ? ' ' : *p);
        printf("' -- \"$cur\")); return;;\n");
    } else if (arg_is_file(o->arg)) {
        printf("COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n");
    } else {
        printf("return;;\n");
    }
    return 0;
}

/* The case body for one option table: the options after a '-', the
 * arguments of the option before the cursor. */
static void put_table(const cli_option *table, const char *indent)
{
    printf("%sopts='", indent);
    cli_options_each(table, put_name, NULL);
    printf(" --help'\n%scase $prev in\n", indent);
    cli_options_each(table, put_arg_case, NULL);
    printf("%sesac\n", indent);
}

static void put_completion(void)
{
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    printf("# bash completion for benchdb, made by `benchdb completion bash`\n"
           "# from its option tables. Load it with\n"
           "#   source <(benchdb completion bash)\n"
           "# or save it as /etc/bash_completion.d/benchdb.\n"
           "_benchdb() {\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]}\n"
           "    local prev=${COMP_WORDS[COMP_CWORD-1]}\n"
           "    local i at=0 cmd= sub= opts=\n"
           "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
           "        case ${COMP_WORDS[i]} in\n"
           "            --db) ((i++));;\n"
           "            -*) ;;\n"
           "            *) cmd=${COMP_WORDS[i]}; at=$i; break;;\n"
           "        esac\n"
           "    done\n"
           "    if [[ -z $cmd ]]; then\n");
    printf("        case $prev in\n");
    cli_options_each(cli_global_options, put_arg_case, NULL);
    printf("        esac\n"
           "        COMPREPLY=($(compgen -W '");
    for (size_t i = 0; i < n; i++)
        printf("%s ", cmds[i].name);
    cli_options_each(cli_global_options, put_name, NULL);
    printf("' -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    if ((at + 1 < COMP_CWORD)); then sub=${COMP_WORDS[at+1]}; fi\n"
           "    case $cmd in\n");
    for (size_t i = 0; i < n; i++) {
        const bdb_cmd *c = &cmds[i];
        printf("    %s)\n", c->name);
        if (c->subs) {
            printf("        if [[ -z $sub ]]; then\n"
                   "            COMPREPLY=($(compgen -W '");
            for (const bdb_subcmd *s = c->subs; s->name; s++)
                printf("%s%s", s == c->subs ? "" : " ", s->name);
            printf("' -- \"$cur\")); return\n"
                   "        fi\n"
                   "        case $sub in\n");
            for (const bdb_subcmd *s = c->subs; s->name; s++) {
                printf("        %s)\n", s->name);
                put_table(s->options ? s->options : c->options,
                          "            ");
                printf("            ;;\n");
            }
            printf("        esac\n");
        } else {
            put_table(c->options, "        ");
        }
        printf("        ;;\n");
    }
    printf("    esac\n"
           "    if [[ $cur == -* ]]; then\n"
           "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
           "    else\n"
           "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
           "    fi\n"
           "}\n"
           "complete -o filenames -F _benchdb benchdb\n");
}

int cmd_completion(int argc, char **argv, bdb_cli *cli)
{
    if (argc != 2 || strcmp(argv[1], "bash") != 0)
        return cli_usage_error(cli, "completion takes one shell: bash");
    put_completion();
    return BDB_EXIT_OK;
}

/* ---- the manual page ---------------------------------------------------- */

/* Text for roff: backslashes and hyphens escaped, a line that would start
 * with a control character ('.' or '\'') made plain. */
static void roff_text(const char *s, size_t n)
{
    int line_start = 1;
    for (size_t i = 0; i < n && s[i]; i++) {
        char ch = s[i];
        if (line_start && (ch == '.' || ch == '\''))
            fputs("\\&", stdout);
        if (ch == '\\')
            fputs("\\e", stdout);
        else if (ch == '-')
            fputs("\\-", stdout);
        else
            putchar(ch);
        line_start = ch == '\n';
    }
}

static void roff(const char *s)
{
    roff_text(s, strlen(s));
}

typedef struct man_ctx {
    int code;       /* the option being written, for its aliases */
} man_ctx;

static int put_man_option(const cli_option *o, void *ctx)
{
    man_ctx *m = ctx;
    if ((o->flags & CLI_OPT_ALIAS) && o->code == m->code) {
        fputs(", \\fB\\-\\-", stdout);
        roff(o->name);
        fputs("\\fR", stdout);
        return 0;
    }
    if (m->code)
        putchar('\n');
    m->code = o->code;
    fputs(".TP\n", stdout);
    if (o->short_name)
        printf("\\fB\\-%c\\fR, ", o->short_name);
    fputs("\\fB\\-\\-", stdout);
    roff(o->name);
    fputs("\\fR", stdout);
    if (o->arg) {
        fputs(" \\fI", stdout);
        roff(o->arg);
        fputs("\\fR", stdout);
    }
    /* the help follows the name line; its breaks become spaces */
    putchar('\n');
    for (const char *p = o->help ? o->help : ""; *p; p++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        roff_text(p, len);
        if (!nl)
            break;
        putchar(' ');
        p = nl;
    }
    return 0;
}

static void put_man_options(const cli_option *table)
{
    man_ctx m = {0};
    cli_options_each(table, put_man_option, &m);
    if (m.code)
        putchar('\n');
}

static void put_man(void)
{
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    printf(".\\\" benchdb(1), made by `benchdb man` from the option tables\n"
           ".TH BENCHDB 1 \"\" \"benchdb %s\" \"User Commands\"\n"
           ".SH NAME\n"
           "benchdb \\- benchmark logs into a results database and reports\n"
           ".SH SYNOPSIS\n"
           ".B benchdb\n"
           "[\\fB\\-\\-db\\fR \\fIFILE\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] "
           "[\\fIARGS\\fR]\n"
           ".SH DESCRIPTION\n"
           "benchdb reads raw logs of ab, wrk, redis\\-benchmark, fio, openssl "
           "speed, hdparm, dd, iperf, iperf3 and time into a results database "
           "(SQLite, or PostgreSQL) and writes comparison reports: text, "
           "Markdown, HTML, CSV, JSON, XLSX, PDF and charts.\n"
           ".SH OPTIONS\n", BDB_VERSION);
    put_man_options(cli_global_options);
    printf(".SH COMMANDS\n");
    for (size_t i = 0; i < n; i++) {
        const bdb_cmd *c = &cmds[i];
        printf(".SS %s\n", c->name);
        roff(c->summary);
        printf("\n.PP\n.nf\n");
        roff(c->usage);
        printf(".fi\n");
        if (!cli_options_empty(c->options)) {
            printf(".PP\nOptions:\n");
            put_man_options(c->options);
        }
        for (const bdb_subcmd *s = c->subs; s && s->name; s++) {
            if (cli_options_empty(s->options))
                continue;
            printf(".PP\nOptions of \\fB%s %s\\fR:\n", c->name, s->name);
            put_man_options(s->options);
        }
        if (c->more) {
            printf(".PP\n.nf\n");
            roff(c->more);
            printf(".fi\n");
        }
    }
    printf(".SH ENVIRONMENT\n"
           ".TP\n.B BENCHDB_DB\nthe database when \\fB\\-\\-db\\fR is not "
           "given\n"
           ".TP\n.B COLUMNS\nthe width tables and the text report fit\n"
           ".TP\n.B BDB_IMPORT_THREADS\nthe threads \\fBimport\\fR runs "
           "(default 3: two read and parse ahead of the one that writes; "
           "1: one thread)\n"
           ".SH EXIT STATUS\n"
           "0 success, 1 some input failed (the rest was done), 2 usage "
           "error, 3 \\fBcheck\\fR found a regression.\n");
}

int cmd_man(int argc, char **argv, bdb_cli *cli)
{
    (void)argv;
    if (argc != 1)
        return cli_usage_error(cli, "man takes no arguments");
    put_man();
    return BDB_EXIT_OK;
}
