/* cli_util.c - printing errors and parsing option values for the CLI. */
#include "cli.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("benchdb: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return BDB_EXIT_FAILED;
}

int cli_store_open(bdb_cli *cli, int read_only, int missing_ok)
{
    static char shown[512];
    bdb_store_mask_location(cli->db_path, shown, sizeof shown);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    if (bdb_store_open_mode(&cli->store, cli->db_path,
                            read_only ? BDB_STORE_READ_ONLY : 0,
                            &diag) != BDB_OK) {
        cli->store = NULL;
        if (missing_ok && diag.code == BDB_ENOTFOUND)
            return 0;
        bdb_diag_set_file(&diag, shown);
        cli_print_diag("", &diag);
        return BDB_EXIT_FAILED;
    }
    cli->db_path = shown;
    return 0;
}

int cli_usage_error(const bdb_cli *cli, const char *fmt, ...)
{
    va_list ap;
    const char *name = cli && cli->cmd ? cli->cmd->name : NULL;
    fprintf(stderr, "benchdb%s%s: ", name ? " " : "", name ? name : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'benchdb %s%s--help'.\n", name ? name : "",
            name ? " " : "");
    return BDB_EXIT_USAGE;
}

void cli_print_diag(const char *prefix, const bdb_diag *d)
{
    char msg[1200];
    bdb_diag_format(d, msg, sizeof msg);
    fprintf(stderr, "benchdb: %s%s\n", prefix ? prefix : "", msg);
}

void cli_print_help(const bdb_cmd *cmd)
{
    fputs(cmd->usage, stdout);
    if (!cli_options_empty(cmd->options)) {
        fputs("\nOptions:\n", stdout);
        cli_options_print(cmd->options, stdout);
    }
    for (const bdb_subcmd *s = cmd->subs; s && s->name; s++) {
        if (cli_options_empty(s->options))
            continue;   /* the command's own, or none */
        printf("\nOptions of '%s %s':\n", cmd->name, s->name);
        cli_options_print(s->options, stdout);
    }
    if (cmd->more) {
        fputc('\n', stdout);
        fputs(cmd->more, stdout);
    }
}

const char *cli_s(long long n)
{
    return n == 1 ? "" : "s";
}

int cli_split_kv(char *arg, char **key, char **value)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return -1;
    *eq = '\0';
    *key = arg;
    *value = eq + 1;
    return 0;
}

int cli_parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_int(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}
