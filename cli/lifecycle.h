/* lifecycle.h - what the lifecycle commands (forget, source, set, log,
 * compare, check, history) and the selection flags of list/report share:
 * the history record of a change, the selection options with their
 * checks against the database, typo suggestions and tool aliases. */
#ifndef BDB_CLI_LIFECYCLE_H
#define BDB_CLI_LIFECYCLE_H

#include <stddef.h>

#include "cli.h"
#include "../common/bdb_sample.h"
#include "../store/store.h"

/* The command line as history records it: arguments quoted for a shell,
 * and the password of a connection string masked ("postgresql://u:***@",
 * "password=***"). Writes into out (always NUL-terminated; a longer line
 * ends in "..."). */
void cli_masked_command_line(int argc, char **argv, char *out, size_t n);

/* The user to record: getlogin(), else the password entry of the uid,
 * else "uid N". */
void cli_user_name(char *out, size_t n);

/* Appends a history row for the running command (cli->argc/argv). */
int cli_record(bdb_cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Damerau-Levenshtein distance (optimal string alignment: adjacent
 * transpositions count 1, Damerau 1964), case-insensitive. */
size_t cli_edit_distance(const char *a, const char *b);

/* The candidate nearest to word when near enough to be a typo (at most
 * one edit in four characters, and at most 3), else NULL. */
const char *cli_suggest(const char *word, const char *const *candidates,
                        size_t n);

/* The parser name a user's tool name means ("openssl", "openssl speed"
 * -> "openssl-speed"; "iperf2" -> "iperf"; "redis" -> "redis-benchmark"),
 * or name itself when it is already one or unknown. */
const char *cli_tool_alias(const char *name);

/* "tools benchdb reads: ab wrk ... (also: apachebench, ...)": the
 * parsers and the records' aliases, for a refused tool name. */
void cli_print_tools(FILE *f);

/* The parser name nearest to a mistyped tool name (aliases count:
 * "opensl" -> "openssl-speed"), or NULL. */
const char *cli_tool_suggest(const char *word);

/* The selection flags every reading command takes. */
typedef struct cli_sel {
    bdb_filter f;
    bdb_params params, tags;
    char *tool_list;        /* --tool with aliases resolved (owned) */
} cli_sel;

/* The selection options: which series (cli_series_options), and which
 * run sets too (cli_sel_options). */
extern const cli_option cli_series_options[];
extern const cli_option cli_sel_options[];
enum { CLI_O_SEL_PLATFORM = 0x101, CLI_O_SEL_TOOL, CLI_O_SEL_BENCHMARK,
       CLI_O_SEL_METRIC, CLI_O_SEL_PARAM, CLI_O_SEL_SET, CLI_O_SEL_TAG };

/* Handles one code of cli_sel_options: 1 when it was one, 0 when
 * not, or BDB_EXIT_USAGE after printing why. */
int cli_sel_option(bdb_cli *cli, cli_sel *s, int code, const char *arg);

/* cli_opts_next for a command with the selection options: takes those
 * on the way (cli_sel_option) and returns the next option it does not
 * take, 0 at the end, or -1 as cli_opts_next does. When a selection
 * option is refused, *st is BDB_EXIT_USAGE and 0 is returned. */
int cli_sel_next(cli_opts *g, bdb_cli *cli, cli_sel *s, int *st);

/* Checks every name of the selection against the database: a name that
 * matches nothing is "no platform named 'x86a'; known: ..." (with a
 * suggestion when one is near). Returns 0 or BDB_EXIT_USAGE. Also sets
 * s->f.params/tags. */
int cli_sel_check(bdb_cli *cli, cli_sel *s);

void cli_sel_free(cli_sel *s);

/* Prints why a report, comparison or history could not be built, as
 * "benchdb CMD: message" (file:line when the message has one); when
 * nothing matched, says whether the database holds no results yet
 * (import first) or the selection matched none. Returns
 * BDB_EXIT_FAILED. */
int cli_build_error(bdb_cli *cli, const bdb_diag *d);

/* The comma list with each glob replaced by the known names of what it
 * matches (in name order; exact names kept in their place, duplicates
 * dropped) into *out (the caller frees). 0, or BDB_ENOMEM / store error. */
int cli_expand_names(bdb_cli *cli, const char *what, const char *list,
                     char **out);

#endif
