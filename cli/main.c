/* main.c - benchdb's entry point: global options, the command table, and
 * the shared set-up the table's flags ask for (git.c's pattern). */
#include "cli.h"
#include "lifecycle.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#ifndef BDB_VERSION
#define BDB_VERSION "0.0.0"
#endif

/* The --db value, kept; its password in argv overwritten with '*', so
 * that ps, /proc/PID/cmdline and the history of the command line do not
 * show it for the run's whole length. */
static char *kept_location;    /* a root LeakSanitizer sees */

static const char *keep_location(char *arg)
{
    free(kept_location);
    char *kept = kept_location = strdup(arg);
    if (!kept)
        return arg;
    size_t len;
    for (char *p = arg, *pw;
         (pw = (char *)bdb_store_password_span(arg, p, &len)) != NULL;
         p = pw + len)
        memset(pw, '*', len);
    return kept;    /* lives as long as the process */
}

static void print_main_help(void)
{
    printf("usage: benchdb [--db FILE] COMMAND [ARGS]\n\n"
           "Turns raw benchmark logs into a results database and reports.\n\n"
           "Commands:\n");
    size_t n;
    const bdb_cmd *commands = cli_commands(&n);
    for (size_t i = 0; i < n; i++)
        printf("  %-11s %s\n", commands[i].name, commands[i].summary);
    printf("\nOptions:\n");
    cli_options_print(cli_global_options, stdout);
}

/* Checks the command's arguments against its option table (its word's,
 * for "platform add") before anything is opened: a typo is a usage error
 * that creates no database. Sets *read_only when an option says the run
 * only reads (--dry-run). Returns 0 or BDB_EXIT_USAGE. */
static int check_args(bdb_cli *cli, int argc, char **argv, int *read_only)
{
    const bdb_cmd *cmd = cli->cmd;
    const cli_option *table = cmd->options;
    int first = 1;
    if (cmd->subs) {
        if (argc < 2 || argv[1][0] == '-')
            return cli_unknown_subcmd(cli, argc < 2 ? "" : argv[1]);
        const bdb_subcmd *sub = cli_subcmd_find(cmd, argv[1]);
        if (!sub)
            return cli_unknown_subcmd(cli, argv[1]);
        if (sub->flags & BDB_CMD_READ)
            *read_only = 1;
        if (sub->options)
            table = sub->options;
        first = 2;
    }
    if (!table)
        return 0;
    /* on a copy: the parse permutes, and the history keeps the order */
    char **copy = malloc(((size_t)argc + 1) * sizeof *copy);
    if (!copy)
        return 0;   /* the command's own parse says it */
    memcpy(copy, argv, (size_t)argc * sizeof *copy);
    copy[argc] = NULL;
    cli_opts g;
    cli_opts_init(&g, cli, table, argc, copy, first);
    int c;
    while ((c = cli_opts_next(&g)) > 0)
        if (g.opt->flags & CLI_OPT_READ_ONLY)
            *read_only = 1;
    free(copy);
    return c < 0 ? BDB_EXIT_USAGE : 0;
}

static int finish_stdout(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "benchdb: error: cannot write to standard output\n");
        return status ? status : BDB_EXIT_FAILED;
    }
    return status;
}

int main(int argc, char **argv)
{
#if defined(__GLIBC__)
    /* glibc raises its mmap threshold (to up to 32 MB) each time a mapped
     * block is freed, as tables that double free theirs; later blocks
     * below it come from the heap, whose holes are not given back. A fixed
     * threshold keeps the import of an 84 MB fio JSON at 66 MB, not 82. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    /* A file size limit (ulimit -f) makes a write past it fail with EFBIG,
     * which every writer reports ("File too large") and the output writer
     * and the store's transactions recover from; its default signal would
     * kill the process without a word. */
    signal(SIGXFSZ, SIG_IGN);
    /* a writer that waits for another says so on a terminal, each second */
    if (isatty(STDERR_FILENO))
        bdb_store_set_wait_notice(cli_wait_notice, NULL);
    bdb_cli cli = {0};
    const char *env_db = getenv("BENCHDB_DB");
    cli.db_path = env_db && *env_db ? env_db : "benchdb.sqlite";

    cli_opts g;
    cli_opts_init(&g, &cli, cli_global_options, argc, argv, 1);
    g.in_order = 1;     /* what follows the command is the command's */
    int c;
    while ((c = cli_opts_next(&g)) > 0) {
        switch (c) {
        case CLI_G_HELP:
            print_main_help();
            return finish_stdout(BDB_EXIT_OK);
        case CLI_G_VERSION:
            printf("benchdb %s\n", BDB_VERSION);
            return finish_stdout(BDB_EXIT_OK);
        case CLI_G_DB: cli.db_path = keep_location(g.arg); break;
        case CLI_G_ADOPT_DB: cli.adopt_db = 1; break;
        case CLI_G_DB_PASSWORD_FILE: {
            char msg[1200];
            if (bdb_store_password_file(g.arg, msg, sizeof msg))
                return cli_error("%s", msg);
            break;
        }
        default: return cli_opts_unhandled(&g);
        }
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    int i = g.ind;
    if (i >= argc) {
        print_main_help();
        return BDB_EXIT_USAGE;
    }
    const bdb_cmd *cmd = cli_command_find(argv[i]);
    if (!cmd) {
        const char *names[64];
        size_t n = 0, ncmds;
        const bdb_cmd *commands = cli_commands(&ncmds);
        for (size_t k = 0; k < ncmds && n < 64; k++)
            names[n++] = commands[k].name;
        const char *near = cli_suggest(argv[i], names, n);
        if (near)
            return cli_usage_error(NULL, "unknown command '%s'; did you mean "
                                   "'%s'?", argv[i], near);
        return cli_usage_error(NULL, "unknown command '%s'", argv[i]);
    }
    cli.cmd = cmd;

    int cargc = argc - i;
    char **cargv = argv + i;
    for (int k = 1; k < cargc; k++) {
        if (strcmp(cargv[k], "--help") == 0 || strcmp(cargv[k], "-h") == 0) {
            cli_print_help(cmd);
            return finish_stdout(BDB_EXIT_OK);
        }
        if (strcmp(cargv[k], "--") == 0)
            break;
    }
    int read_only = (cmd->flags & BDB_CMD_READ) != 0;
    int dry_run = 0;
    if (check_args(&cli, cargc, cargv, &dry_run))
        return BDB_EXIT_USAGE;
    read_only |= dry_run;
    if ((cmd->flags & BDB_CMD_STORE) && !(cmd->flags & BDB_CMD_OPEN_LATE) &&
        cli_store_open(&cli, read_only, 0))
        return BDB_EXIT_FAILED;
    /* A copy for the history: option parsing splits K=V in place. */
    char **saved = calloc((size_t)argc + 1, sizeof *saved);
    for (int k = 0; saved && k < argc; k++)
        saved[k] = argv[k] ? strdup(argv[k]) : NULL;
    cli.argc = argc;
    cli.argv = saved ? saved : argv;
    int status = cmd->fn(cargc, cargv, &cli);
    bdb_store_close(cli.store);
    for (int k = 0; saved && k < argc; k++)
        free(saved[k]);
    free(saved);
    return finish_stdout(status);
}
