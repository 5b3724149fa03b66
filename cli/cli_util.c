/* cli_util.c - printing errors and parsing option values for the CLI. */
#include "cli.h"
#include "../common/bdb_neutral.h"
#include "../report/render/textfit.h"
#include "../store/store.h"
#include "../store/store_admin.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes prefix and the formatted text to f as terminal text: names in
 * it (from logs, file names, platforms.csv, the command line) cannot
 * drive the terminal or forge a line (bdb_neutral_line); a final newline
 * is kept. */
static void put_line(FILE *f, size_t width, const char *prefix,
                     const char *fmt, va_list ap)
{
    bdb_buf out;
    bdb_buf_init(&out);
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n >= 0) {
        char *text = malloc((size_t)n + 1);
        if (text) {
            vsnprintf(text, (size_t)n + 1, fmt, ap);
            int nl = n > 0 && text[n - 1] == '\n';
            if (nl)
                text[n - 1] = '\0';
            bdb_buf_puts(&out, prefix);
            bdb_neutral_line(&out, text);
            if (nl)
                bdb_buf_puts(&out, "\n");
            free(text);
        }
    }
    bdb_text_fit(&out, 0, width);
    /* stdout is buffered in blocks when it is a file: what it holds goes
     * first, so that `benchdb ... > log 2>&1` keeps the lines in order and
     * whole (a 4 KB block could end inside the summary line) */
    if (f == stderr)
        fflush(stdout);
    if (out.data)
        fwrite(out.data, 1, out.len, f);
    bdb_buf_free(&out);
}

void cli_line(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_line(f, 0, "", fmt, ap);
    va_end(ap);
}

void cli_line_fit(FILE *f, int width, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_line(f, width > 0 ? (size_t)width : 0, "", fmt, ap);
    va_end(ap);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_line(stderr, 0, "benchdb: error: ", fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return BDB_EXIT_FAILED;
}

void cli_wait_notice(double seconds, void *ctx)
{
    (void)ctx;
    if (seconds < 0)
        fputs("\r\033[K", stderr);  /* the wait is over: the line goes */
    else
        fprintf(stderr, "\rbenchdb: waiting for another writer (%.0f s)"
                "\033[K", seconds);
    fflush(stderr);
}

int cli_store_open(bdb_cli *cli, int read_only, int missing_ok)
{
    if (!*cli->db_path)     /* an unset variable in --db "$DB" */
        return cli_usage_error(cli, "--db is empty: name a file or a "
                               "postgresql:// URI");
    static char shown[512];
    bdb_store_mask_location(cli->db_path, shown, sizeof shown);
    bdb_diag diag;
    bdb_diag_clear(&diag);
    if (bdb_store_open_mode(&cli->store, cli->db_path,
                            read_only ? BDB_STORE_READ_ONLY
                                      : cli->adopt_db ? BDB_STORE_ADOPT : 0,
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
    put_line(stderr, 0, "", fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'benchdb %s%s--help'.\n", name ? name : "",
            name ? " " : "");
    return BDB_EXIT_USAGE;
}

void cli_print_diag(const char *prefix, const bdb_diag *d)
{
    char msg[1200];
    bdb_diag_format(d, msg, sizeof msg);
    cli_line(stderr, "benchdb: %s%s\n", prefix ? prefix : "", msg);
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

int cli_parse_fraction(const char *s, double *out)
{
    char buf[64];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n + 1);
    int pct = buf[n - 1] == '%';
    if (pct)
        buf[n - 1] = '\0';
    double v;
    if (cli_parse_double(buf, &v) || !(v >= 0))
        return -1;
    *out = pct ? v / 100 : v;
    return 0;
}

int cli_alpha_arg(const bdb_cli *cli, const char *arg, double *out)
{
    double d;
    if (cli_parse_double(arg, &d) || !(d > 0 && d < 1))
        return cli_usage_error(cli, "--alpha wants a number between 0 and 1");
    *out = d;
    return 0;
}

int cli_threshold_arg(const bdb_cli *cli, const char *arg, double *out)
{
    if (cli_parse_fraction(arg, out))
        return cli_usage_error(cli, "--threshold wants 5%% or 0.05");
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

int cli_ignore_add(const bdb_cli *cli, cli_ignore *ig, const char *key)
{
    if (!*key || strchr(key, '=') || strchr(key, ','))
        return cli_usage_error(cli, "--ignore-param takes a parameter name "
                                    "(url, port), not '%s'", key);
    if (ig->n == CLI_IGNORE_MAX)
        return cli_usage_error(cli, "at most %d --ignore-param",
                               CLI_IGNORE_MAX);
    ig->keys[ig->n++] = key;
    return 0;
}
