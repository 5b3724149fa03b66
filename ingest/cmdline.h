/* cmdline.h - the command lines a capture holds, read as a shell would.
 *
 * A log often holds the command that produced it: a shell prompt line
 * (`pi@rpi:~ $ dd if=/dev/zero of=x bs=1M count=100`), `time dd ...`,
 * `sudo ab -n 1000 ...`, an `echo "ab -c 10 ..."`, set -x's `+ wrk ...`,
 * or GNU time's `Command being timed: "dd if=x of=y"`. Parsers read the
 * tool's settings from those lines and turn them into parameters, so two
 * runs with different settings never look like repetitions.
 *
 * Words are split as POSIX sh does for the common cases: '...' and "..."
 * quoting, backslash escapes, and `|`, `;`, `&&`, `||`, `&` ending a
 * command (each command of a `a; b | c` line is looked at). Redirections
 * (`> f`, `2>&1`, `<f`) are dropped with their target. Nothing is
 * expanded: `$C` stays `$C`. */
#ifndef BDB_CMDLINE_H
#define BDB_CMDLINE_H

#include <stddef.h>

typedef struct bdb_cmdline {
    int argc;
    char **argv;    /* argv[0] is the tool's name as listed in tools
                       (the basename of what was typed: /usr/bin/dd -> dd);
                       the strings are owned by the cmdline */
} bdb_cmdline;

/* Looks at the one line [p, end) (no newline) for a command that runs one
 * of tools (NULL-terminated list of names, e.g. {"ab", "ab2", NULL}).
 * Before the tool's word only these may stand: prompt words (ending in
 * `$`, `#`, `%` or `>`, or `+` from set -x), wrappers (sudo, time,
 * /usr/bin/time, env, nice, ionice, taskset, numactl, chrt, stdbuf,
 * nohup, command, exec, timeout, echo) with their options and arguments,
 * and VAR=value assignments; prose before the tool's name means it is not
 * a command. GNU time's `Command being timed: "..."` is unquoted first.
 * Returns 1 and fills *out (free it with bdb_cmdline_free), 0 when the
 * line runs none of the tools, BDB_ENOMEM. */
int bdb_cmdline_parse_line(const char *p, const char *end,
                           const char *const *tools, bdb_cmdline *out);

void bdb_cmdline_free(bdb_cmdline *c);

/* Called for each option of a command line in order: name is the option's
 * letter ("c") for short options or its long name ("clients") for long
 * ones, value its argument or NULL for a flag. Operands (words that are
 * not options, dd's `bs=1M`, ab's URL) come with name "" and the word as
 * value. A non-zero return stops the walk and is returned. */
typedef int (*bdb_cmdopt_fn)(const char *name, const char *value, void *ctx);

/* Walks c's arguments (argv[1..]) the way getopt_long does: optstring as
 * getopt's ("n:c:kH:": a ':' after a letter means it takes an argument,
 * `-c10` and `-c 10` alike, `-kc 10` combined); longs lists the long
 * options, a trailing ':' for those that take an argument ("threads:",
 * "latency"), given as `--threads=4` or `--threads 4`; an unknown long
 * option is passed with its `=value` if it has one. `--` ends options.
 * Returns 0 or the first non-zero return of fn. */
int bdb_cmdline_getopt(const bdb_cmdline *c, const char *optstring,
                       const char *const *longs, bdb_cmdopt_fn fn, void *ctx);

#endif
