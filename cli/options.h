/* options.h - one table per command that both parses its arguments and
 * prints its --help (git's parse-options, Redis' command table): an option
 * the table does not hold is refused, and one it holds is in the help, so
 * the two cannot drift. The shell completion and the man page are made
 * from the same tables (help.c). */
#ifndef BDB_CLI_OPTIONS_H
#define BDB_CLI_OPTIONS_H

#include <stdio.h>

struct bdb_cli;

typedef struct cli_option {
    const char *name;       /* long name without "--"; NULL with include
                               NULL ends the table */
    int short_name;         /* 'o' for -o, or 0 */
    const char *arg;        /* the argument as help names it ("FILE",
                               "text|csv|json": choices, which completion
                               offers); NULL: a flag */
    const char *help;       /* what it does; '\n' starts another line */
    int code;               /* what cli_opts_next returns for it (> 0) */
    unsigned flags;         /* CLI_OPT_* */
    const struct cli_option *include;   /* name NULL: this table's options
                                           are here too (shared groups) */
} cli_option;

enum {
    CLI_OPT_ALIAS = 1 << 0, /* another name of the option before it: help
                               shows both on one line */
    CLI_OPT_READ_ONLY = 1 << 1, /* given, the command only reads: the
                                   database opens read-only (--dry-run) */
};

#define CLI_OPT_INCLUDE(table) {NULL, 0, NULL, NULL, 0, 0, (table)}
#define CLI_OPT_END {NULL, 0, NULL, NULL, 0, 0, NULL}

/* A table with no options, for a word that takes none. */
extern const cli_option cli_no_options[];

/* The parser's state over argv[first..argc). Options and positional
 * arguments may come in any order ("import DIR --platform x"); as getopt
 * does, argv is permuted so that once cli_opts_next returns 0 the
 * positional arguments are argv[ind..argc), in their order. "--" ends the
 * options; "-" is a positional argument. A long option may be given by a
 * unique prefix of its name. */
typedef struct cli_opts {
    struct bdb_cli *cli;    /* for the command's name in messages */
    const cli_option *table;
    int argc;
    char **argv;
    int ind;                /* after the end: the first positional */
    int pos;                /* where the positionals seen so far start */
    char *cluster;          /* the rest of "-qy" while in it */
    int done;               /* past "--" or the last argument */
    int in_order;           /* stop at the first positional argument (the
                               global options, before the command) */
    const cli_option *opt;  /* the option just returned */
    char *arg;              /* its argument, or NULL */
} cli_opts;

void cli_opts_init(cli_opts *g, struct bdb_cli *cli, const cli_option *table,
                   int argc, char **argv, int first);

/* The next option's code (g->opt, g->arg set); 0 at the end (positional
 * arguments from g->ind); -1 after printing a usage error (an unknown
 * option with the nearest known one, a missing or unexpected argument):
 * the command returns BDB_EXIT_USAGE. */
int cli_opts_next(cli_opts *g);

/* For the default case of a command's switch: an option in the table
 * with no case of its own is a bug, said as one. Returns BDB_EXIT_FAILED. */
int cli_opts_unhandled(const cli_opts *g);

/* Calls fn for every option of table, included tables flattened, in
 * order; stops when fn returns non-zero and returns that. */
int cli_options_each(const cli_option *table,
                     int (*fn)(const cli_option *o, void *ctx), void *ctx);

/* 1 when table holds no option (NULL, or only its end). */
int cli_options_empty(const cli_option *table);

/* Prints the table as help lines: "  -o, --output FILE      what it does",
 * aliases joined to the option they name. */
void cli_options_print(const cli_option *table, FILE *out);

#endif
