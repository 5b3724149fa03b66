/* cli.h - what the subcommands share: the command table entry, the context
 * the dispatcher prepares, and error/usage helpers (git's builtin.h). */
#ifndef BDB_CLI_H
#define BDB_CLI_H

#include <stdio.h>

#include "../common/bdb_diag.h"
#include "../common/bdb_error.h"
#include "options.h"

struct bdb_store;

/* Exit codes: 0 success, 1 some input failed (the rest was done), 2 usage. */
enum { BDB_EXIT_OK = 0, BDB_EXIT_FAILED = 1, BDB_EXIT_USAGE = 2,
       BDB_EXIT_REGRESSION = 3 /* benchdb check found a regression */ };

enum {
    BDB_CMD_STORE = 1 << 0,  /* the dispatcher opens the database first */
    BDB_CMD_READ = 1 << 1,   /* ... read-only, and only if it exists: a
                                command that only reads creates nothing */
    BDB_CMD_OPEN_LATE = 1 << 2, /* the command opens the database itself
                                (cli_store_open), once it knows it has
                                something to write: import */
};

typedef struct bdb_cli {
    const char *db_path;
    int adopt_db;               /* --adopt-db: BDB_STORE_ADOPT */
    struct bdb_store *store;    /* open when the command has BDB_CMD_STORE */
    const struct bdb_cmd *cmd;
    int argc;                   /* the whole command line, for history */
    char **argv;
} bdb_cli;

/* A word after the command ("platform add"): its own options, and
 * whether it only reads. */
typedef struct bdb_subcmd {
    const char *name;
    const cli_option *options;  /* NULL: the command's own */
    unsigned flags;             /* BDB_CMD_READ: only reads */
} bdb_subcmd;

typedef struct bdb_cmd {
    const char *name;
    int (*fn)(int argc, char **argv, bdb_cli *cli);
    unsigned flags;
    const char *summary;
    const char *usage;      /* `benchdb CMD --help`: synopsis and what it
                               does; the options follow from the table */
    const cli_option *options;  /* what it accepts (NULL: nothing) */
    const bdb_subcmd *subs;     /* its words, ended by a NULL name */
    const char *more;       /* help text after the options */
} bdb_cmd;

/* The command table (commands.c), in the order help lists it. */
const bdb_cmd *cli_commands(size_t *n);
/* The command called name, or NULL. */
const bdb_cmd *cli_command_find(const char *name);
/* The word of cmd called name, or NULL. */
const bdb_subcmd *cli_subcmd_find(const bdb_cmd *cmd, const char *name);
/* "unknown platform command 'x'; known: add, list, ..." with the nearest
 * one; returns BDB_EXIT_USAGE. */
int cli_unknown_subcmd(const bdb_cli *cli, const char *word);

/* Opens the database at cli->db_path into cli->store (read-only: never
 * creating it); from then on cli->db_path is the location as shown, with
 * no password. A missing database is no error when missing_ok (store
 * left NULL). Returns 0 or BDB_EXIT_FAILED after saying why. */
int cli_store_open(bdb_cli *cli, int read_only, int missing_ok);
/* The store's wait notice on a terminal: "waiting for another writer
 * (N s)" rewritten in place each second, the line cleared at the end. */
void cli_wait_notice(double seconds, void *ctx);

/* Prints "benchdb: error: ..." to stderr and returns BDB_EXIT_FAILED. */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Prints "benchdb CMD: ..." and a hint to stderr; returns BDB_EXIT_USAGE. */
int cli_usage_error(const bdb_cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints a diagnostic as "benchdb: file:line: message" to stderr. */
void cli_print_diag(const char *prefix, const bdb_diag *d);
/* Prints the command's help to stdout: its usage text, its options from
 * its table (and each word's), then the rest. */
void cli_print_help(const bdb_cmd *cmd);

/* printf to f as terminal text: every control, newline (but a final one)
 * and bidi override in what fmt's arguments bring becomes U+FFFD. For
 * lines that carry names from logs, file names or users. */
void cli_line(FILE *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The same, wrapped to width columns when it is wider (0: never). */
void cli_line_fit(FILE *f, int width, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* "s" unless n is 1: "%zu source%s", n, cli_s(n). */
const char *cli_s(long long n);

/* Parses "k=v" into key/value (in place); 0 on success. */
int cli_split_kv(char *arg, char **key, char **value);

/* Outputs written whole or not at all (output.c): a temporary name beside
 * path; renaming it over path when ok (else removing it); and both for a
 * buffer. Each returns a BDB_EXIT_* code and prints its error. */
int cli_output_tmp(const char *path, char *out, size_t outsz);
int cli_output_commit(const char *tmp, const char *path, int ok);
int cli_output_write(const char *path, const void *data, size_t len);
/* An output written as it is made (output.c): to a temporary name beside
 * path, renamed over it by cli_stream_close when ok and complete, else
 * removed; NULL or "-" is stdout. cli_stream_write is a report sink's
 * write (ctx: the cli_stream), BDB_EIO once a write failed. open and
 * close return a BDB_EXIT_* code and print their error. */
typedef struct cli_stream {
    FILE *f;
    const char *path;   /* NULL: stdout */
    char tmp[4200];
    int err;            /* errno of the first failed write */
} cli_stream;
int cli_stream_open(cli_stream *s, const char *path);
int cli_stream_write(void *ctx, const char *data, size_t len);
int cli_stream_close(cli_stream *s, int ok);
/* --ignore-param K, repeatable: compare, check, report, chart and
 * efficiency gather the keys the same way (at most BDB_MAX_PARAMS, as
 * many as a series has). */
#define CLI_IGNORE_MAX 16
typedef struct cli_ignore {
    const char *keys[CLI_IGNORE_MAX];
    size_t n;
} cli_ignore;
/* Adds key; a usage error (BDB_EXIT_USAGE) past the limit or for an empty
 * key, else 0. */
int cli_ignore_add(const bdb_cli *cli, cli_ignore *ig, const char *key);
#define CLI_IGNORE_HELP \
    "  --ignore-param K       leave K out of the series identity (repeatable):\n" \
    "                         series that then agree are one, and the\n" \
    "                         output says what it ignored (a host's port, a\n" \
    "                         url; ab -k: keepalive)\n"

/* Strict number parsing for options; 0 on success. */
int cli_parse_double(const char *s, double *out);
/* "5%" or "0.05" (>= 0) as the fraction 0.05. */
int cli_parse_fraction(const char *s, double *out);
int cli_parse_int(const char *s, long *out);
/* The statistics options' arguments, parsed or refused with the usage
 * message every command gives: --alpha (strictly between 0 and 1) and
 * --threshold (5% or 0.05). 0 or BDB_EXIT_USAGE. */
int cli_alpha_arg(const bdb_cli *cli, const char *arg, double *out);
int cli_threshold_arg(const bdb_cli *cli, const char *arg, double *out);

/* The options before the command (commands.c). */
extern const cli_option cli_global_options[];
enum { CLI_G_DB = 1, CLI_G_HELP, CLI_G_VERSION, CLI_G_ADOPT_DB,
       CLI_G_DB_PASSWORD_FILE };

/* The option tables, beside their handlers in cmd_<name>.c. */
extern const cli_option cli_import_options[];
extern const cli_option cli_parse_options[];
extern const cli_option cli_init_options[];
extern const cli_option cli_copy_options[];
extern const cli_option cli_reparse_options[];
extern const cli_option cli_forget_options[];
extern const cli_option cli_log_options[];
extern const cli_option cli_list_options[];
extern const cli_option cli_platform_add_options[];
extern const cli_option cli_platform_delete_options[];
extern const cli_option cli_source_set_options[];
extern const cli_option cli_set_tag_options[];
extern const cli_option cli_set_mark_options[];
extern const cli_option cli_note_options[];
extern const cli_option cli_serve_options[];
extern const cli_option cli_report_options[];
extern const cli_option cli_efficiency_options[];
extern const cli_option cli_chart_options[];
extern const cli_option cli_compare_options[];
extern const cli_option cli_check_options[];
extern const cli_option cli_history_options[];
extern const cli_option cli_traces_options[];
/* how to read logs: import and parse */
extern const cli_option cli_ingest_options[];
enum { CLI_O_TOOL = 0x200, CLI_O_BENCHMARK, CLI_O_PARAM, CLI_O_TIME_FORMAT,
       CLI_O_SUMMARY, CLI_O_METRIC, CLI_O_UNIT };

int cmd_init(int argc, char **argv, bdb_cli *cli);
int cmd_import(int argc, char **argv, bdb_cli *cli);
int cmd_parse(int argc, char **argv, bdb_cli *cli);
int cmd_platform(int argc, char **argv, bdb_cli *cli);
int cmd_list(int argc, char **argv, bdb_cli *cli);
int cmd_reparse(int argc, char **argv, bdb_cli *cli);
int cmd_report(int argc, char **argv, bdb_cli *cli);
int cmd_efficiency(int argc, char **argv, bdb_cli *cli);
int cmd_chart(int argc, char **argv, bdb_cli *cli);
int cmd_forget(int argc, char **argv, bdb_cli *cli);
int cmd_source(int argc, char **argv, bdb_cli *cli);
int cmd_set(int argc, char **argv, bdb_cli *cli);
int cmd_note(int argc, char **argv, bdb_cli *cli);
int cmd_serve(int argc, char **argv, bdb_cli *cli);
int cmd_log(int argc, char **argv, bdb_cli *cli);
int cmd_compare(int argc, char **argv, bdb_cli *cli);
int cmd_check(int argc, char **argv, bdb_cli *cli);
int cmd_history(int argc, char **argv, bdb_cli *cli);
int cmd_traces(int argc, char **argv, bdb_cli *cli);
int cmd_copy(int argc, char **argv, bdb_cli *cli);
int cmd_completion(int argc, char **argv, bdb_cli *cli);
int cmd_man(int argc, char **argv, bdb_cli *cli);

#endif
