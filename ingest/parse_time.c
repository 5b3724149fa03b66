/* parse_time.c - the output of `time`: bash's builtin, POSIX `time -p`,
 * GNU time (/usr/bin/time, default and -v formats) and BusyBox time.
 *
 * Formats (each checked against the tool's source or manual):
 *  - bash builtin: TIMEFORMAT, default $'\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS'
 *    (bash manual, "TIMEFORMAT"): "real<TAB>0m53.462s". The precision digit
 *    (0..3) changes the decimals ("0m1s", "0m1.3s"); without "l" the value is
 *    plain seconds ("real<TAB>1.309"). Minutes are not folded into hours.
 *    bash prints the locale's decimal point: "0m0,000s" under de_DE.
 *  - POSIX `time -p` (bash, GNU time -p, BusyBox -p): "real 1.37" (seconds).
 *  - BusyBox time (miscutils/time.c): default "real\t%E\nuser\t%u\nsys\t%T"
 *    where %E/%u/%T print "%um %u.%02us" ("0m 1.32s") or, from one hour on,
 *    "%uh %um %02us"; -v prints GNU's long format with the same %E.
 *  - GNU time default: "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata
 *    %Mmaxresident)k\n%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults
 *    %Wswaps"; %E is "m:ss.cc" or "h:mm:ss"; %P is "99%" or "?%" when the
 *    elapsed time is 0. -v prints one "Label: value" line per rusage field
 *    ("Command being timed: \"...\"" ... "Exit status: N"). Before the
 *    figures it may print "Command exited with non-zero status N" or
 *    "Command terminated by signal N" (both warned about).
 *  - GNU/BusyBox "(kbytes)" and "maxresident)k" are kilobytes of 1024 bytes
 *    (GNU time's ptok(): pages * pagesize / 1024; ru_maxrss is in KiB on
 *    Linux). A max RSS of 0 is impossible for a real process (GNU time 1.7's
 *    known bug): it is warned about and not imported.
 *
 * Metrics: real, user, sys (s, lower is better); from GNU/BusyBox time also
 * cpu_percent (%), max_rss, avg_rss, avg_shared_text, avg_unshared_data,
 * avg_stack, avg_total (B), major_page_faults, minor_page_faults,
 * voluntary_context_switches, involuntary_context_switches, swaps (counts,
 * lower is better), fs_inputs, fs_outputs, socket_messages_sent,
 * socket_messages_received, signals_delivered (counts), page_size (B) and
 * exit_status (-v only; a non-zero status is warned about).
 *
 * Benchmark: GNU/BusyBox -v's "Command being timed", else the user's
 * --benchmark, else the command of a "time CMD" / "$ time CMD" line seen
 * before the block (shell transcripts, `bash -v`; its trailing
 * redirections such as ">/dev/null" are dropped), else empty so that the
 * ingest layer uses the file's stem. Seed-000 scripts write "#N :" before
 * each run: such markers are skipped; every block is one repetition.
 * Everything that is not time output (the program's own output, dd's
 * lines in `time dd` logs) is skipped; a block that starts but does not
 * finish (real without user/sys, a -v block without its end, GNU's first
 * line without the second) is an error naming its line. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>


static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* An unsigned number with '.' or ',' as the decimal mark. */
static int scan_num(const char **p, const char *end, double *v)
{
    if (*p >= end || !is_digit(**p))
        return 0;
    return bdb_scan_number(p, end, v, BDB_SCAN_DECIMAL_COMMA);
}

/* A bash/BusyBox/POSIX duration, the whole of [p, end): "0m53.462s",
 * "0m 1.32s", "1h 2m 03s", "1.37", "0m1s". */
static int parse_duration(const char *p, const char *end, double *out)
{
    double a, b, c;
    if (!scan_num(&p, end, &a))
        return 0;
    if (p == end) {
        *out = a;
        return 1;
    }
    if (*p == 's' && p + 1 == end) {
        *out = a;
        return 1;
    }
    if (*p == 'h') {
        p = bdb_skip_blank(p + 1, end);
        if (!scan_num(&p, end, &b) || p >= end || *p != 'm')
            return 0;
        p = bdb_skip_blank(p + 1, end);
        if (!scan_num(&p, end, &c) || p + 1 != end || *p != 's')
            return 0;
        *out = a * 3600 + b * 60 + c;
        return 1;
    }
    if (*p == 'm') {
        p = bdb_skip_blank(p + 1, end);
        if (!scan_num(&p, end, &b) || p + 1 != end || *p != 's')
            return 0;
        *out = a * 60 + b;
        return 1;
    }
    return 0;
}

/* GNU time's %E: "m:ss.cc" or "h:mm:ss"; BusyBox's is parse_duration's. */
static int parse_elapsed(const char *p, const char *end, double *out)
{
    double parts[3];
    int n = 0;
    const char *q = p;
    while (n < 3) {
        if (!scan_num(&q, end, &parts[n]))
            break;
        n++;
        if (q < end && *q == ':')
            q++;
        else
            break;
    }
    if (q == end && n >= 2) {
        *out = n == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2]
                      : parts[0] * 60 + parts[1];
        return 1;
    }
    return parse_duration(p, end, out);
}

/* If [p, end) is "LABEL<blanks>DURATION", returns 1 with the value. */
static int label_duration(const char *p, const char *end, const char *label,
                          double *v)
{
    size_t n = strlen(label);
    if ((size_t)(end - p) <= n || memcmp(p, label, n) != 0)
        return 0;
    const char *q = bdb_skip_blank(p + n, end);
    if (q == p + n)
        return 0;
    return parse_duration(q, end, v);
}

/* The command of a "time CMD" line ("$ time CMD", "/usr/bin/time -v CMD"),
 * without time's options and trailing redirections. */
static int time_command(const char *p, const char *end, const char **cp,
                        const char **cend)
{
    static const char *const heads[] = {"/usr/bin/time ", "time "};
    const char *start = NULL;
    for (const char *s = p; s < end && !start; s++) {
        int at_prompt = s == p || (s - p >= 2 && s[-1] == ' ' &&
                                   strchr("$#>%{", s[-2]) != NULL);
        if (!at_prompt)
            continue;
        for (size_t i = 0; i < 2 && !start; i++)
            if (bdb_starts_with(s, end, heads[i]))
                start = s + strlen(heads[i]);
    }
    if (!start)
        return 0;
    start = bdb_skip_blank(start, end);
    /* time's own options */
    while (start < end && *start == '-') {
        const char *w;
        size_t n = bdb_scan_word(&start, end, &w);
        start = bdb_skip_blank(start, end);
        if ((n == 2 && (w[1] == 'f' || w[1] == 'o')) ) {
            bdb_scan_word(&start, end, &w);
            start = bdb_skip_blank(start, end);
        }
    }
    /* cut at the first unquoted redirection or command separator */
    const char *q = start;
    char quote = 0;
    const char *stop = end;
    for (; q < end; q++) {
        if (quote) {
            if (*q == quote)
                quote = 0;
            continue;
        }
        if (*q == '"' || *q == '\'') {
            quote = *q;
            continue;
        }
        if (*q == '>' || *q == '<' || *q == ';' || *q == '}' ||
            (*q == '&' && q + 1 < end && q[1] == '&')) {
            stop = q;
            while (stop > start && is_digit(stop[-1]))
                stop--; /* "2>" */
            if (stop > start && stop[-1] == '&')
                stop--; /* "&>" */
            break;
        }
    }
    bdb_trim_blank(&start, &stop);
    if (stop <= start)
        return 0;
    *cp = start;
    *cend = stop;
    return 1;
}

typedef struct vfield {
    const char *label;
    const char *metric;
    double mult;
    const char *unit;
    bdb_better better;
} vfield;

/* GNU/BusyBox time -v, in print order. */
static const vfield vfields[] = {
    {"User time (seconds)", "user", 1, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"System time (seconds)", "sys", 1, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"Percent of CPU this job got", "cpu_percent", 1, BDB_UNIT_PERCENT, BDB_NEUTRAL},
    {"Elapsed (wall clock) time (h:mm:ss or m:ss)", "real", 1, BDB_UNIT_SECONDS,
     BDB_LOWER_IS_BETTER},
    {"Average shared text size (kbytes)", "avg_shared_text", 1024, BDB_UNIT_BYTES,
     BDB_NEUTRAL},
    {"Average unshared data size (kbytes)", "avg_unshared_data", 1024,
     BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"Average stack size (kbytes)", "avg_stack", 1024, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"Average total size (kbytes)", "avg_total", 1024, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"Maximum resident set size (kbytes)", "max_rss", 1024, BDB_UNIT_BYTES,
     BDB_LOWER_IS_BETTER},
    {"Average resident set size (kbytes)", "avg_rss", 1024, BDB_UNIT_BYTES,
     BDB_LOWER_IS_BETTER},
    {"Major (requiring I/O) page faults", "major_page_faults", 1, BDB_UNIT_COUNT,
     BDB_LOWER_IS_BETTER},
    {"Minor (reclaiming a frame) page faults", "minor_page_faults", 1,
     BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"Voluntary context switches", "voluntary_context_switches", 1, BDB_UNIT_COUNT,
     BDB_LOWER_IS_BETTER},
    {"Involuntary context switches", "involuntary_context_switches", 1,
     BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"Swaps", "swaps", 1, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"File system inputs", "fs_inputs", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"File system outputs", "fs_outputs", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"Socket messages sent", "socket_messages_sent", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"Socket messages received", "socket_messages_received", 1, BDB_UNIT_COUNT,
     BDB_NEUTRAL},
    {"Signals delivered", "signals_delivered", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"Page size (bytes)", "page_size", 1, BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"Exit status", "exit_status", 1, BDB_UNIT_COUNT, BDB_NEUTRAL},
};
#define NVFIELDS (sizeof vfields / sizeof vfields[0])

/* Which -v field [p, end) is ("Label: value"), or -1; *val gets the value
 * text. "Command being timed" is -2. */
static int vfield_of(const char *p, const char *end, const char **val)
{
    const char *colon = NULL;
    if (bdb_starts_with(p, end, "Command being timed:")) {
        *val = bdb_skip_blank(p + strlen("Command being timed:"), end);
        return -2;
    }
    for (size_t i = 0; i < NVFIELDS; i++) {
        size_t n = strlen(vfields[i].label);
        if ((size_t)(end - p) > n && memcmp(p, vfields[i].label, n) == 0 &&
            p[n] == ':') {
            colon = p + n + 1;
            *val = bdb_skip_blank(colon, end);
            return (int)i;
        }
    }
    return -1;
}

typedef struct tctx {
    const bdb_parse_opts *opts;
    bdb_sink *out;
    bdb_diag *diag;
    char cmd[BDB_BENCHMARK_MAX];   /* from a "time CMD" line */
    int exit_line;                 /* "Command exited with ..." pending */
} tctx;

static void base_sample(tctx *t, bdb_sample *s, const char *explicit_cmd,
                        const char *ce)
{
    bdb_sample_init(s, NULL);
    if (explicit_cmd)
        bdb_sample_set_benchmark(s, explicit_cmd, ce);
    else if (t->opts && t->opts->benchmark && t->opts->benchmark[0])
        bdb_sample_set_benchmark(s, t->opts->benchmark,
                                 t->opts->benchmark + strlen(t->opts->benchmark));
    else if (t->cmd[0])
        bdb_sample_set_benchmark(s, t->cmd, t->cmd + strlen(t->cmd));
    t->cmd[0] = '\0';
    t->exit_line = 0;
}

/* Reads the line after *it's current one, skipping blank lines; returns 0
 * at the end. Content is trimmed and marker-free. */
static int next_content(bdb_lines *it, bdb_line *ln)
{
    while (bdb_lines_next(it, ln)) {
        const char *p = ln->p, *e = ln->end;
        bdb_trim_blank(&p, &e);
        if (p == e)
            continue;
        ln->p = p;
        ln->end = e;
        return 1;
    }
    return 0;
}

static int add(tctx *t, const bdb_sample *b, const char *metric, double v,
               const char *unit, bdb_better better, int line)
{
    return bdb_sink_add(t->out, b, metric, v, unit, better, line);
}

/* bash / POSIX / BusyBox "real, user, sys" block starting at ln. */
static int parse_triplet(tctx *t, bdb_lines *it, const bdb_line *ln,
                         double real)
{
    static const char *const labels[] = {"user", "sys"};
    double v[2];
    int lines[2];
    for (int k = 0; k < 2; k++) {
        bdb_line nx;
        if (!next_content(it, &nx))
            return bdb_diag_set(t->diag, BDB_EPARSE, ln->no,
                                "time block at line %d is truncated: expected "
                                "a '%s' line after it",
                                ln->no, labels[k]);
        if (!label_duration(nx.p, nx.end, labels[k], &v[k]))
            return bdb_diag_set(t->diag, BDB_EPARSE, nx.no,
                                "expected '%s <duration>' (the time block of "
                                "line %d), found other text",
                                labels[k], ln->no);
        lines[k] = nx.no;
    }
    bdb_sample b;
    base_sample(t, &b, NULL, NULL);
    int rc = add(t, &b, "real", real, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, ln->no);
    if (!rc)
        rc = add(t, &b, "user", v[0], BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, lines[0]);
    if (!rc)
        rc = add(t, &b, "sys", v[1], BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, lines[1]);
    return rc;
}

/* GNU/BusyBox -v block; ln is its first line (Command being timed or a
 * field). */
static int parse_verbose(tctx *t, bdb_lines *it, const bdb_line *first)
{
    double vals[NVFIELDS];
    int lines[NVFIELDS];
    int have[NVFIELDS];
    memset(have, 0, sizeof have);
    const char *cmd = NULL, *cmd_end = NULL;
    char cmdbuf[BDB_BENCHMARK_MAX];
    bdb_line ln = *first;
    int done = 0;
    for (;;) {
        const char *val;
        int f = vfield_of(ln.p, ln.end, &val);
        if (f == -1)
            return bdb_diag_set(t->diag, BDB_EPARSE, ln.no,
                                "unexpected text in the time -v block of line "
                                "%d (expected a 'Label: value' line up to "
                                "'Exit status')",
                                first->no);
        if (f == -2) {
            if (ln.no != first->no)
                return bdb_diag_set(t->diag, BDB_EPARSE, ln.no,
                                    "the time -v block of line %d is "
                                    "truncated (a new block starts here)",
                                    first->no);
            const char *q1 = memchr(val, '"', (size_t)(ln.end - val));
            const char *q2 = ln.end;
            while (q2 > val && q2[-1] != '"')
                q2--;
            if (q1 && q2 - 1 > q1) {
                bdb_copy(cmdbuf, sizeof cmdbuf, q1 + 1, q2 - 1);
            } else {
                bdb_copy(cmdbuf, sizeof cmdbuf, val, ln.end);
            }
            cmd = cmdbuf;
            cmd_end = cmdbuf + strlen(cmdbuf);
        } else {
            double v;
            const char *p = val, *e = ln.end;
            int ok;
            if (f == 3) {
                ok = parse_elapsed(p, e, &v);
            } else if (f == 2) {
                if (bdb_span_eq(p, e, "?%")) {
                    ok = 1;
                    v = -1;
                } else {
                    ok = scan_num(&p, e, &v) && p + 1 == e && *p == '%';
                }
            } else {
                ok = scan_num(&p, e, &v) && p == e;
            }
            if (!ok)
                return bdb_diag_set(t->diag, BDB_EPARSE, ln.no,
                                    "expected a number after '%s:'",
                                    vfields[f].label);
            vals[f] = v;
            lines[f] = ln.no;
            have[f] = 1;
            if (f == (int)NVFIELDS - 1) {
                done = 1;
                break;
            }
        }
        if (!next_content(it, &ln))
            break;
    }
    if (!done)
        return bdb_diag_set(t->diag, BDB_EPARSE, first->no,
                            "the time -v block of line %d is truncated (no "
                            "'Exit status' line)",
                            first->no);
    if (!have[0] || !have[1] || !have[3])
        return bdb_diag_set(t->diag, BDB_EPARSE, first->no,
                            "the time -v block of line %d lacks the user, "
                            "system or elapsed time",
                            first->no);
    bdb_sample b;
    base_sample(t, &b, cmd, cmd_end);
    int rc = 0;
    /* real first, like the other formats */
    static const int order[] = {3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                13, 14, 15, 16, 17, 18, 19, 20, 21};
    for (size_t k = 0; k < NVFIELDS && !rc; k++) {
        int f = order[k];
        if (!have[f])
            continue;
        if (f == 2 && vals[f] < 0)
            continue; /* "?%": elapsed 0 */
        if (f == 8 && vals[f] == 0) {
            rc = bdb_sink_warn(t->out, lines[f],
                               "maximum resident set size printed as 0 "
                               "(a known GNU time 1.7 bug); not imported");
            continue;
        }
        if (f == (int)NVFIELDS - 1 && vals[f] != 0)
            bdb_sink_warn(t->out, lines[f], "the timed command exited with "
                          "status %.0f", vals[f]);
        rc = add(t, &b, vfields[f].metric, vals[f] * vfields[f].mult,
                 vfields[f].unit, vfields[f].better, lines[f]);
    }
    return rc;
}

/* GNU time's default two lines. p points at the first figure ("1.33user"). */
static int parse_gnu_default(tctx *t, bdb_lines *it, const bdb_line *ln,
                             const char *p)
{
    const char *e = ln->end;
    double user, sys, elapsed, cpu = -1, text, data, rss;
    const char *q;
    if (!scan_num(&p, e, &user) || !bdb_scan_lit(&p, e, "user ", 0) ||
        !scan_num(&p, e, &sys) || !bdb_scan_lit(&p, e, "system ", 0))
        return 0;
    q = bdb_find(p, e, "elapsed ");
    if (!q || !parse_elapsed(p, q, &elapsed))
        goto bad;
    p = q + strlen("elapsed ");
    if (bdb_scan_lit(&p, e, "?%CPU", 0)) {
        cpu = -1;
    } else if (!scan_num(&p, e, &cpu) || !bdb_scan_lit(&p, e, "%CPU", 0)) {
        goto bad;
    }
    if (!bdb_scan_lit(&p, e, "(", 1) || !scan_num(&p, e, &text) ||
        !bdb_scan_lit(&p, e, "avgtext+", 0) || !scan_num(&p, e, &data) ||
        !bdb_scan_lit(&p, e, "avgdata ", 0) || !scan_num(&p, e, &rss) ||
        !bdb_scan_lit(&p, e, "maxresident)k", 0))
        goto bad;

    bdb_line l2;
    double in, outb, maj, min, swaps;
    if (!next_content(it, &l2))
        return bdb_diag_set(t->diag, BDB_EPARSE, ln->no,
                            "GNU time output at line %d is truncated: "
                            "expected the '...inputs+...outputs' line",
                            ln->no);
    p = l2.p;
    e = l2.end;
    if (!scan_num(&p, e, &in) || !bdb_scan_lit(&p, e, "inputs+", 0) ||
        !scan_num(&p, e, &outb) || !bdb_scan_lit(&p, e, "outputs", 0) ||
        !bdb_scan_lit(&p, e, "(", 1) || !scan_num(&p, e, &maj) ||
        !bdb_scan_lit(&p, e, "major+", 0) || !scan_num(&p, e, &min) ||
        !bdb_scan_lit(&p, e, "minor)pagefaults", 0) ||
        !scan_num((p = bdb_skip_blank(p, e), &p), e, &swaps) ||
        !bdb_scan_lit(&p, e, "swaps", 0))
        return bdb_diag_set(t->diag, BDB_EPARSE, l2.no,
                            "expected GNU time's 'Ninputs+Noutputs "
                            "(Nmajor+Nminor)pagefaults Nswaps' line");

    bdb_sample b;
    base_sample(t, &b, NULL, NULL);
    int rc = add(t, &b, "real", elapsed, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, ln->no);
    if (!rc)
        rc = add(t, &b, "user", user, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, ln->no);
    if (!rc)
        rc = add(t, &b, "sys", sys, BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, ln->no);
    if (!rc && cpu >= 0)
        rc = add(t, &b, "cpu_percent", cpu, BDB_UNIT_PERCENT, BDB_NEUTRAL, ln->no);
    if (!rc)
        rc = add(t, &b, "avg_shared_text", text * 1024, BDB_UNIT_BYTES,
                 BDB_NEUTRAL, ln->no);
    if (!rc)
        rc = add(t, &b, "avg_unshared_data", data * 1024, BDB_UNIT_BYTES,
                 BDB_NEUTRAL, ln->no);
    if (!rc) {
        if (rss == 0)
            rc = bdb_sink_warn(t->out, ln->no,
                               "maximum resident set size printed as 0 (a "
                               "known GNU time 1.7 bug); not imported");
        else
            rc = add(t, &b, "max_rss", rss * 1024, BDB_UNIT_BYTES,
                     BDB_LOWER_IS_BETTER, ln->no);
    }
    if (!rc)
        rc = add(t, &b, "fs_inputs", in, BDB_UNIT_COUNT, BDB_NEUTRAL, l2.no);
    if (!rc)
        rc = add(t, &b, "fs_outputs", outb, BDB_UNIT_COUNT, BDB_NEUTRAL, l2.no);
    if (!rc)
        rc = add(t, &b, "major_page_faults", maj, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, l2.no);
    if (!rc)
        rc = add(t, &b, "minor_page_faults", min, BDB_UNIT_COUNT,
                 BDB_LOWER_IS_BETTER, l2.no);
    if (!rc)
        rc = add(t, &b, "swaps", swaps, BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER, l2.no);
    return rc ? rc : 1;
bad:
    return bdb_diag_set(t->diag, BDB_EPARSE, ln->no,
                        "expected GNU time's 'Nuser Nsystem M:SS.CCelapsed "
                        "N%%CPU (Navgtext+Navgdata Nmaxresident)k' line");
}

/* Where GNU time's "<num>user <num>system " starts in the line, or NULL. */
static const char *gnu_default_start(const char *p, const char *end)
{
    const char *u = bdb_find(p, end, "user ");
    if (!u || !bdb_find(u, end, "system ") || !bdb_find(u, end, "elapsed"))
        return NULL;
    const char *s = u;
    while (s > p && (is_digit(s[-1]) || s[-1] == '.' || s[-1] == ','))
        s--;
    if (s == u || (s > p && s[-1] != ' ' && s[-1] != ':' && s[-1] != '\t'))
        return NULL;
    return s;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    tctx t;
    memset(&t, 0, sizeof t);
    t.opts = opts;
    t.out = out;
    t.diag = diag;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        bdb_line cur = {p, e, ln.no};
        double v;
        const char *val, *g;
        int rc, f;
        if (label_duration(p, e, "real", &v)) {
            rc = parse_triplet(&t, &it, &cur, v);
            if (rc)
                return rc;
        } else if ((f = vfield_of(p, e, &val)) == -2 || f == 0) {
            rc = parse_verbose(&t, &it, &cur);
            if (rc)
                return rc;
        } else if ((g = gnu_default_start(p, e)) != NULL) {
            rc = parse_gnu_default(&t, &it, &cur, g);
            if (rc < 0)
                return rc;
        } else if (bdb_starts_with(p, e, "Command exited with non-zero status") ||
                   bdb_starts_with(p, e, "Command terminated by signal")) {
            rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
            if (rc)
                return rc;
        } else {
            const char *cp, *ce;
            if (time_command(p, e, &cp, &ce))
                bdb_copy(t.cmd, sizeof t.cmd, cp, ce);
        }
    }
    return BDB_OK;
}

/* Looks for a "real" line followed by "user" and "sys" lines, GNU's default
 * line, or -v labels. */
static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    int state = 0; /* 1: after real, 2: after user */
    int vlabels = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        double v;
        const char *val;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        if (label_duration(p, e, "real", &v)) {
            state = 1;
            continue;
        }
        if (state == 1 && label_duration(p, e, "user", &v)) {
            state = 2;
            continue;
        }
        if (state == 2 && label_duration(p, e, "sys", &v))
            return 90;
        state = 0;
        if (gnu_default_start(p, e) && bdb_find(p, e, "maxresident)k"))
            return 90;
        int f = vfield_of(p, e, &val);
        if (f == -2 || f == 3)
            vlabels += 2;
        else if (f >= 0)
            vlabels++;
        if (vlabels >= 4)
            return 90;
    }
    return 0;
}

const bdb_parser bdb_parser_time = {"time", 1, sniff, parse};
