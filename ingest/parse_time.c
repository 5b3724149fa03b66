/* parse_time.c - the output of `time` in its many shapes: bash's builtin
 * (any TIMEFORMAT), POSIX `time -p`, GNU time (default, -v, any -f/--format),
 * BusyBox time, zsh's builtin (TIMEFMT), mksh's and tcsh's builtins, and
 * BSD/macOS /usr/bin/time [-l].
 *
 * How the output is read. Every line format is a "time format" (compiled
 * and matched in time_format.c): a sequence of literal text and fields,
 * one format line per output line. Formats come
 * from, in this order of preference:
 *  1. the user: `--time-format FMT` (opts->time_format), a GNU time -f
 *     string; a string with bash-only directives (`%3R`, `%lU`) is read as a
 *     bash TIMEFORMAT, and a "bash:", "gnu:" or "zsh:" prefix forces one;
 *  2. the log: a `/usr/bin/time -f FMT` / `--format=FMT` command line (for
 *     the run that follows it), a `TIMEFORMAT=...` assignment (bash -v,
 *     set -x, a prompt line; it holds until the next one), `TIMEFMT=...` (zsh),
 *     `TIME=...` (GNU time's default format);
 *  3. the formats the tools print by default (below).
 * A block starts where a line matches a format's first line; the following
 * non-blank lines must match the format's next lines. A block cut short (a
 * truncated capture, another run starting) keeps its complete figures and
 * warns at the cut. A line that has all the literal text of a format line
 * but a figure that does not parse (`inf`, `nan`, `-`) is warned about.
 * Other lines are program output and are skipped without a word.
 *
 * Directives, each checked against the tool's source:
 *  - GNU time 1.7/1.9 src/time.c summarize(): %e (seconds, "%ld.%02ld"),
 *    %E ("m:ss.cc", or "h:mm:ss" from one hour on), %U %S (seconds), %P
 *    ("99%", "?%" when elapsed is 0), %M %t %K %D %p %X (KiB: ru_maxrss is
 *    KiB on Linux, the averages go through ptok(), pages*pagesize/1024),
 *    %F %R %W %c %w %I %O %r %s %k (counts), %Z (page size, B), %x (exit
 *    status), %C (the command: the benchmark), %% and the escapes \n \t \\;
 *    an unknown %q prints "?q". The default format is "%Uuser %Ssystem
 *    %Eelapsed %PCPU (%Xavgtext+%Davgdata %Mmaxresident)k\n%Iinputs+%Ooutputs
 *    (%Fmajor+%Rminor)pagefaults %Wswaps" (its manual says "(%Xtext+%Ddata
 *    %Mmax)k": both are read); -p is "real %e\nuser %U\nsys %S";
 *    -v prints one "Label: value" line per field, up to "Exit status".
 *    Before the figures: "Command exited with non-zero status N" (stored as
 *    exit_status, and warned about), "Command terminated by signal N" /
 *    "Command stopped by signal N" (N stored as term_signal / stop_signal,
 *    and warned; the "Exit status: 0" / %x 0 GNU then prints, (status &
 *    0xff00) >> 8 of a killed command, is warned and not stored).
 *    GNU time 1.7 prints a max RSS of 0 where the kernel did not fill
 *    ru_maxrss (Linux before 2.6.32): read as printed when page faults
 *    show that rusage was filled, and warned.
 *  - bash execute_cmd.c print_formatted_time()/mkfmt(): %[p][l]R|E|U|S with
 *    p = 0..6 decimals (default 3), l = "MmSS.FFFs" (minutes are never
 *    folded into hours), %P = CPU percent with two decimals and no '%',
 *    %%; the decimal point is the locale's ("0m1,234s" under de_DE).
 *    Default "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS", posix "real %2R\n...".
 *  - zsh TIMEFMT (default "%J  %U user %S system %P cpu %*E total"): %J is
 *    the job (the benchmark), %E %U %S print "1.23s", with * "1.234", with
 *    m "12ms", with u "12345us"; %P "97%". %M: the zsh manual says KiB,
 *    but zsh 5.9 on Linux prints ru_maxrss / 1024, MiB (checked against GNU
 *    time's %M, samples/time/zsh-v-timefmt-maxrss-mib.txt).
 *  - toybox toys/posix/time.c: "\nreal\t%f\nuser\t%f\nsys\t%f"; -v prints
 *    "Real time (s): %f" ... "Max RSS (KiB): %ld" ... "Involuntary context
 *    switches: %ld" (its order changed between versions: read by label).
 *  - BusyBox miscutils/time.c: "real\t%E\nuser\t%u\nsys\t%T" with
 *    "0m 1.32s" / "1h 2m 03s"; -v as GNU's with that %E; -p as POSIX.
 *  - FreeBSD/macOS usr.bin/time: "%9jd%c%02ld real %9jd%c%02ld user ... sys"
 *    (locale decimal point), -h "1h2m3.45s real", -l then one "%Nld  label"
 *    line per rusage field (read up to the first other line), also after
 *    -p's "real %d.%02d" lines (-lp). ru_maxrss is bytes on macOS (its -l
 *    prints 20-wide numbers since macOS 11, and "instructions retired",
 *    "cycles elapsed", "peak memory footprint"), KiB on
 *    FreeBSD/NetBSD/OpenBSD (10-wide numbers; getrusage(2) of each);
 *    macOS 10.x printed 10 wide in bytes: a max RSS that, as KiB, would
 *    be over 64 times the pages the run faulted in is read as bytes,
 *    with a warning. "Command terminated abnormally." is warned.
 *  - mksh/OpenBSD ksh: "    0m00.10s real     0m00.00s user     0m00.00s
 *    system"; tcsh/csh: "%Uu %Ss %E %P %X+%Dk %I+%Oio %Fpf+%Ww" (KiB).
 *  - fish's `time` (src/timer.cpp print_delta(), fish 3.1 on, and its
 *    Rust port): after a line of underscores, "Executed in  %6.2F %s
 *    fish  external", "   usr time  %6.2F %s  %6.2F %s  %6.2F %s" and
 *    "   sys time ..." (total, the shell's own, its children's: stored as
 *    user/user_fish/user_external and sys/...), units "micros",
 *    "millis", "secs", "mins" (the non-verbose form: one figure a line
 *    and "microseconds" ... "minutes"); %F's decimal point is the
 *    locale's ("8,17 secs").
 *
 * Canonical units: seconds, bytes (KiB * 1024), percent, counts.
 * Benchmark: the block's own command (%C, %J, -v's "Command being timed"),
 * else the user's --benchmark, else the command of a `time CMD` line before
 * the block (shell prompts, bash -v, set -x; trailing redirections cut;
 * it names every run up to the next command line, as a loop prints its
 * command once), else empty so that the ingest layer uses the file's stem. Seed-000
 * scripts write "#N :" before each run: such markers are skipped. Every
 * block is one run; the ingest layer numbers repetitions. */
#include "ingest.h"
#include "cmdline.h"
#include "time_format.h"
#include "wrapped.h"
#include "../common/bdb_scan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* ------------------------------------------------------------------ */
/* The formats the tools print without being told                     */

static const struct {
    int dialect;
    const char *fmt;
    int bsd;
    int zmem;
} builtin_src[] = {
    /* bash default and posix, GNU/BusyBox -p, BusyBox default */
    {D_GNU, "real %e\nuser %U\nsys %S", 1, 0},
    /* the same as authors retype it in notes and posts ("real:
     * 0m12.247s", "Real: 0m5.082s") */
    {D_GNU, "real: %e\nuser: %U\nsys: %S", 0, 0},
    {D_GNU, "Real: %e\nUser: %U\nSys: %S", 0, 0},
    {D_GNU, "Real %e\nUser %U\nSys %S", 0, 0},
    /* GNU time default (1.7 to 1.9) */
    {D_GNU, "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata "
            "%Mmaxresident)k\n%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults "
            "%Wswaps", 0, 0},
    /* the same as GNU time's manual documents it */
    {D_GNU, "%Uuser %Ssystem %Eelapsed %PCPU (%Xtext+%Ddata %Mmax)k\n"
            "%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults %Wswaps", 0, 0},
    /* FreeBSD/macOS default and -h */
    {D_GNU, "%e real %U user %S sys", 1, 0},
    /* zsh default TIMEFMT */
    {D_ZSH, "%J  %U user %S system %P cpu %*E total", 0, 1},
    /* the same without its job: "18.50s user 0.67s system 180% cpu
     * 10.644 total" (authors often paste the figures alone; a job that is
     * a function or a (subshell) can print as nothing) */
    {D_ZSH, "%U user %S system %P cpu %*E total", 0, 1},
    /* mksh / OpenBSD ksh: "    0m00.10s real     0m00.00s user ..." */
    {D_GNU, "%e real %U user %S system", 0, 0},
    /* tcsh / csh default ("%Uu %Ss %E %P %X+%Dk %I+%Oio %Fpf+%Ww") */
    {D_GNU, "%Uu %Ss %E %P %X+%Dk %I+%Oio %Fpf+%Ww", 0, 0},
    /* bash with TIMEFORMAT='real %lR user %lU sys %lS' (a common
     * ~/.bashrc line: the default's three lines on one), and the same
     * with the CPU share after it ("real\t18m29.548s\tuser\t0m0.000s\t
     * sys\t0m0.000s\tpct\t0.00", a dotfile seen in several logs) */
    {D_BASH, "real %lR user %lU sys %lS pct %P", 0, 0},
    {D_BASH, "real %lR user %lU sys %lS", 0, 0},
    /* GNU time's default with its two lines glued into one (a capture
     * whose line break was lost: "...2560maxresident)k0inputs+0outputs
     * (0major+113minor)pagefaults 0swaps") */
    {D_GNU, "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata "
            "%Mmaxresident)k%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults "
            "%Wswaps", 0, 0},
    /* the same joined by a blank (a script that printed the captured
     * stderr with its line breaks turned to spaces: "Time: 17.21user
     * ... 38512maxresident)k 0inputs+0outputs (0major+9245minor)
     * pagefaults 0swaps") */
    {D_GNU, "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata "
            "%Mmaxresident)k %Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults "
            "%Wswaps", 0, 0},
};
#define NBUILTIN (sizeof builtin_src / sizeof builtin_src[0])

/* GNU/BusyBox time -v, in print order. */
typedef struct vfield {
    const char *label;
    int metric;
    double mult;
} vfield;

static const vfield vfields[] = {
    {"User time (seconds)", M_USER, 1},
    {"System time (seconds)", M_SYS, 1},
    {"Percent of CPU this job got", M_CPU, 1},
    {"Elapsed (wall clock) time (h:mm:ss or m:ss)", M_REAL, 1},
    {"Average shared text size (kbytes)", M_AVG_TEXT, 1024},
    {"Average unshared data size (kbytes)", M_AVG_DATA, 1024},
    {"Average stack size (kbytes)", M_AVG_STACK, 1024},
    {"Average total size (kbytes)", M_AVG_TOTAL, 1024},
    {"Maximum resident set size (kbytes)", M_MAX_RSS, 1024},
    {"Average resident set size (kbytes)", M_AVG_RSS, 1024},
    {"Major (requiring I/O) page faults", M_MAJ, 1},
    {"Minor (reclaiming a frame) page faults", M_MIN, 1},
    {"Voluntary context switches", M_VCSW, 1},
    {"Involuntary context switches", M_ICSW, 1},
    {"Swaps", M_SWAPS, 1},
    {"File system inputs", M_IN, 1},
    {"File system outputs", M_OUT, 1},
    {"Socket messages sent", M_MSGSND, 1},
    {"Socket messages received", M_MSGRCV, 1},
    {"Signals delivered", M_SIGNALS, 1},
    {"Page size (bytes)", M_PAGESIZE, 1},
    {"Exit status", M_EXIT, 1},
    /* toybox time -v (toys/posix/time.c): "%f" seconds, KiB; its last
     * line is "Involuntary context switches" */
    {"Real time (s)", M_REAL, 1},
    {"User time (s)", M_USER, 1},
    {"System time (s)", M_SYS, 1},
    {"Max RSS (KiB)", M_MAX_RSS, 1024},
    {"Major faults", M_MAJ, 1},
    {"Minor faults", M_MIN, 1},
};
#define VF_TOYBOX 22    /* "Real time (s)": toybox's first line */
#define NVFIELDS (sizeof vfields / sizeof vfields[0])

/* Which -v field [p, e) is ("Label: value"): its index, -2 for "Command
 * being timed", -1 for none; *val gets the value text. */
static int vfield_of(const char *p, const char *e, const char **val)
{
    if (bdb_starts_with(p, e, "Command being timed:")) {
        *val = bdb_skip_blank(p + strlen("Command being timed:"), e);
        return -2;
    }
    /* the first byte first: detection asks this of every line */
    for (size_t i = 0; i < NVFIELDS && p < e; i++) {
        if (*p != vfields[i].label[0])
            continue;
        size_t n = strlen(vfields[i].label);
        if ((size_t)(e - p) > n && memcmp(p, vfields[i].label, n) == 0 &&
            p[n] == ':') {
            *val = bdb_skip_blank(p + n + 1, e);
            return (int)i;
        }
    }
    return -1;
}

/* BSD -l: "<number>  <label>". */
static const struct {
    const char *label;
    int metric;
} bsd_fields[] = {
    {"maximum resident set size", M_MAX_RSS},
    {"average shared memory size", M_AVG_TEXT},
    {"average unshared data size", M_AVG_DATA},
    {"average unshared stack size", M_AVG_STACK},
    {"page reclaims", M_MIN},
    {"page faults", M_MAJ},
    {"swaps", M_SWAPS},
    {"block input operations", M_IN},
    {"block output operations", M_OUT},
    {"messages sent", M_MSGSND},
    {"messages received", M_MSGRCV},
    {"signals received", M_SIGNALS},
    {"voluntary context switches", M_VCSW},
    {"involuntary context switches", M_ICSW},
    {"instructions retired", M_INSN},
    {"cycles elapsed", M_CYCLES},
    {"peak memory footprint", M_FOOTPRINT},
};
#define NBSD (sizeof bsd_fields / sizeof bsd_fields[0])

/* ------------------------------------------------------------------ */
/* The parse                                                          */

typedef struct block {
    int active;
    int kind;            /* 1: format block, 2: -v block, 3: BSD -l lines,
                            4: fish's usr/sys lines to come, 5: zsh
                            memory lines (optional) */
    const tfmt *f;
    int next;            /* next format line expected */
    int start_line;
    double vals[M_COUNT];
    int lines[M_COUNT];
    int cols[M_COUNT];   /* bdb_sample.col of each; 0: unknown */
    int have[M_COUNT];
    char cmd[BDB_BENCHMARK_MAX];
    int macos;           /* BSD -l: macOS (bytes) rather than BSD (KiB) */
    char column[32];     /* side by side: the run's column ("patched") */
    int toybox;          /* -v block of toybox time */
} block;

typedef struct tctx {
    const bdb_parse_opts *opts;
    bdb_sink *out;
    tfmt user;           /* --time-format */
    int has_user;
    tfmt logf;           /* TIMEFORMAT / TIMEFMT in the log */
    int has_logf;
    tfmt cmdf;           /* `time -f FMT` for the next run */
    int has_cmdf;
    tfmt builtin[NBUILTIN];
    char cmd[BDB_BENCHMARK_MAX];   /* from a "time CMD" line */
    int nwarn;                     /* warnings so far */
    int full;                      /* the sink's sample cap was reached */
    double pending_exit;           /* "Command exited with ..." */
    int pending_exit_line;         /* 0: none */
    /* "Command terminated by signal N" (BSD: "... abnormally."): the
     * next block's status figures are no exit status (0: none) */
    int pending_signal_line;
    int pending_signal_metric;     /* M_TERM_SIG, M_STOP_SIG, -1: none */
    double pending_signal;         /* its number */
    block b;
    const char *prev, *prev_end;   /* the last non-blank line */
    int bulleted;                  /* the line is a list item ("- ") */
    char columns[8][32];           /* side by side: the columns' names */
    int ncolumns;
} tctx;

#define MAX_WARNINGS 1000

/* A warning at line; past MAX_WARNINGS, one last warning says so and the
 * rest are counted only (a huge log of near misses must not fail). */
static int twarn(tctx *t, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int twarn(tctx *t, int line, const char *fmt, ...)
{
    if (++t->nwarn > MAX_WARNINGS + 1)
        return BDB_OK;
    if (t->nwarn == MAX_WARNINGS + 1)
        return bdb_sink_warn(t->out, line, "more than %d warnings; the "
                             "others are not listed", MAX_WARNINGS);
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return bdb_sink_warn(t->out, line, "%s", text);
}

static void set_metric(block *b, int m, double v, int line)
{
    if (m < 0 || b->have[m])
        return;
    b->vals[m] = v;
    b->lines[m] = line;
    b->have[m] = 1;
}

static const char *cut_redirections(const char *p, const char *e);

/* Copies a command (a benchmark name) into dst. A command too long for a
 * name (a pipeline, a list of input files) is not cut, which would merge
 * two commands that share their start, nor refused, which would lose the
 * run's figures: it is named by its start and a hash of the whole, and
 * said so. */
static int copy_cmd(tctx *t, char *dst, size_t dstsz, const char *p,
                    const char *e, int line)
{
    /* a sample's benchmark holds BDB_BENCHMARK_MAX - 2 bytes */
    if (!bdb_name_fit(dst, dstsz - 1, p, e))
        return 0;
    return bdb_sink_info(t->out, line, "the timed command is %zu characters "
                         "long; its benchmark is named '%.40s...' (its start "
                         "and a hash of the whole command)", (size_t)(e - p),
                         dst);
}

/* A format line's figures, read from the line raw (each number's column
 * kept: a line unwrapped from several gives each its own). */
static int take_result(tctx *t, block *b, const mres *r, const bdb_line *raw)
{
    int line = raw->no;
    for (int m = 0; m < M_COUNT; m++)
        if (r->have[m] && !b->have[m]) {
            set_metric(b, m, r->vals[m], line);
            b->cols[m] = r->at[m] && r->at[m] >= raw->p &&
                                 r->at[m] < raw->end &&
                                 r->at[m] - raw->p < 65535
                             ? (int)(r->at[m] - raw->p) + 1
                             : 0;
        }
    if (r->cmd && !b->cmd[0]) {
        const char *ce = r->cmd_end;
        if (r->cmd_cut) {
            /* zsh's job text keeps its redirections; drop trailing ones,
             * but not those inside a "( ... )" or "{ ... }" job */
            const char *cut = cut_redirections(r->cmd, r->cmd_end);
            if (!memchr(cut, ')', (size_t)(ce - cut)) &&
                !memchr(cut, '}', (size_t)(ce - cut)))
                ce = cut;
        }
        const char *cp = r->cmd;
        bdb_trim_blank(&cp, &ce);
        return copy_cmd(t, b->cmd, sizeof b->cmd, cp, ce, line);
    }
    return 0;
}

/* Emits the block's figures and clears the per-run state. */
static int emit_block(tctx *t)
{
    block *b = &t->b;
    int rc = 0;
    if (!b->active)
        return 0;
    bdb_sample s;
    bdb_sample_init(&s, NULL);
    if (b->cmd[0])
        bdb_sample_set_benchmark(&s, b->cmd, b->cmd + strlen(b->cmd));
    else if (t->opts && t->opts->benchmark && t->opts->benchmark[0])
        bdb_sample_set_benchmark(&s, t->opts->benchmark,
                                 t->opts->benchmark + strlen(t->opts->benchmark));
    else if (t->cmd[0])
        bdb_sample_set_benchmark(&s, t->cmd, t->cmd + strlen(t->cmd));
    if (b->column[0] &&
        bdb_params_set(&s.params, "column", "%s", b->column) == BDB_ENOMEM)
        return BDB_ENOMEM;
    if (!b->have[M_EXIT] && t->pending_exit_line)
        set_metric(b, M_EXIT, t->pending_exit, t->pending_exit_line);
    if (t->pending_signal_line && t->pending_signal_metric >= 0)
        set_metric(b, t->pending_signal_metric, t->pending_signal,
                   t->pending_signal_line);
    if (b->kind == 3 && !b->macos && b->have[M_MAX_RSS] && b->have[M_MIN]) {
        /* macOS before 11 printed -l "%10ld" too, its ru_maxrss in bytes
         * (Apple's time.c): KiB would be more than 64 times all the 4 KiB
         * pages the run faulted in (FreeBSD's `echo`: 2324 KiB over 139
         * reclaims, 4 times; macOS 10.14's `sleep`: 688128 bytes over
         * 178, read as KiB 966 times) */
        double pages = b->vals[M_MIN] + (b->have[M_MAJ] ? b->vals[M_MAJ] : 0);
        if (pages > 0 && b->vals[M_MAX_RSS] * 1024 > 64 * pages * 4096) {
            b->macos = 1;
            rc = twarn(t, b->lines[M_MAX_RSS], "maximum resident set size "
                       "%.0f is more than 64 times the pages the run "
                       "faulted in if read as KiB (FreeBSD): read as bytes "
                       "(macOS before 11, which printed -l 10 wide)",
                       b->vals[M_MAX_RSS]);
            if (rc)
                return rc;
        }
    }
    for (int m = 0; m < M_COUNT && !rc; m++) {
        if (!b->have[m])
            continue;
        double v = b->vals[m];
        if (m == M_CPU && v < 0)
            continue; /* "?%": elapsed 0 */
        if (b->kind == 3 && !b->macos &&
            (m == M_MAX_RSS || m == M_AVG_TEXT || m == M_AVG_DATA ||
             m == M_AVG_STACK))
            v *= 1024; /* BSD -l: KiB; macOS: bytes */
        if (m == M_MAX_RSS && v == 0) {
            /* no process that ran has no resident set. With page faults
             * counted, the rusage was filled but ru_maxrss not (Linux
             * before 2.6.32, printed by GNU time 1.7): the log says 0,
             * read as printed and said. With none, no rusage at all (a
             * build that prints 0 everywhere): not imported. */
            int rusage = (b->have[M_MIN] && b->vals[M_MIN] > 0) ||
                         (b->have[M_MAJ] && b->vals[M_MAJ] > 0);
            rc = twarn(t, b->lines[m], "maximum resident set size printed as "
                       "0 (%s): %s", rusage ? "a kernel that did not fill "
                       "ru_maxrss, as GNU time 1.7 printed it" : "no rusage",
                       rusage ? "read as printed, not a measurement"
                              : "not imported");
            if (rc || !rusage)
                continue;
        }
        if (m == M_EXIT && t->pending_signal_line) {
            /* GNU time prints WEXITSTATUS() of a killed command: "Exit
             * status: 0" (-v), %x "0" after "Command terminated by signal
             * 15" is no status the command returned */
            rc = twarn(t, b->lines[m], "exit status printed as %.0f after "
                       "the command was terminated by a signal (line %d): "
                       "no status the command returned; not imported",
                       v, t->pending_signal_line);
            if (rc)
                break;
            continue;
        }
        if (m == M_EXIT && v != 0 && !t->pending_exit_line) {
            rc = twarn(t, b->lines[m], "the timed command exited with status "
                       "%.0f", v);
            if (rc)
                break;
        }
        const metric_def *md = &bdb_time_metrics[m];
        t->out->at_col = b->cols[m];
        rc = bdb_sink_add(t->out, &s, md->name, v, md->unit, md->better,
                          b->lines[m]);
        if (rc == BDB_ERANGE) {
            /* the sink's cap: say so and stop reading */
            t->full = 1;
            rc = bdb_sink_warn(t->out, b->lines[m], "the sample limit is "
                               "reached; the rest of the log is not read");
            break;
        }
    }
    memset(b, 0, sizeof *b);
    /* the command of a "time CMD" line names every run until the next
     * command line: a loop prints its command once */
    t->pending_exit_line = 0;
    t->pending_signal_line = 0;
    return rc;
}

static int any_figure(const block *b)
{
    for (int m = 0; m < M_COUNT; m++)
        if (b->have[m])
            return 1;
    return 0;
}

/* The block stops before it is complete: warn at line, keep its figures. */
static int cut_block(tctx *t, int line, const char *what)
{
    /* a first line that held no figure (a format that starts with %C or
     * %J matches any line) was not time output after all */
    if (!any_figure(&t->b)) {
        memset(&t->b, 0, sizeof t->b);
        return 0;
    }
    int rc = twarn(t, line, "time output of line %d is cut short: expected "
                   "%s", t->b.start_line, what);
    return rc ? rc : emit_block(t);
}

/* ---- GNU/BusyBox -v ---- */

static int verbose_line(tctx *t, const bdb_line *ln, int f, const char *val)
{
    block *b = &t->b;
    const char *e = ln->end;
    if (f == -2) {
        const char *q1 = memchr(val, '"', (size_t)(e - val));
        const char *q2 = e;
        if (q1 && q2 - 1 > q1 && q2[-1] == '"')
            return copy_cmd(t, b->cmd, sizeof b->cmd, q1 + 1, q2 - 1, ln->no);
        return copy_cmd(t, b->cmd, sizeof b->cmd, val, e, ln->no);
    }
    double v;
    int ok;
    const vfield *vf = &vfields[f];
    /* an author's note after the figure ("2690476 -> 2GB") */
    for (const char *q = val + 1; q < e; q++)
        if (!bdb_is_blank(q, e) && bdb_is_trailer(q, e)) {
            e = q;
            break;
        }
    if (vf->metric == M_REAL || vf->metric == M_USER || vf->metric == M_SYS)
        ok = bdb_time_duration(val, e, &v);
    else if (vf->metric == M_CPU)
        ok = bdb_tfmt_field_value(V_PCT, val, e, &v);
    else
        ok = bdb_time_int(val, e, &v);
    if (!ok)
        return twarn(t, ln->no, "expected a number after '%s:', found "
                     "'%.*s'", vf->label, (int)(e - val), val);
    set_metric(b, vf->metric, v < 0 ? v : v * vf->mult, ln->no);
    return 0;
}

/* ---- a -v report re-flowed into running text ---- */

/* A mail client that re-flows a quoted `time -v` report runs its lines
 * together and breaks them anywhere between words ("Command being timed:
 * \n>> \"apt-get update\" User time (seconds): 0.01 System time
 * (seconds):\n>> 0.00 Percent of CPU this job got: 6% Elapsed (wall
 * clock) time\n>> (h:mm:ss or m:ss): 0:00.32 ..."): no line is "Label:
 * value" any more. Such a report is read by its labels, GNU time's own
 * (summarize() in time.c): each is found in the running text, its words
 * apart by any white space and, at a line break, the next line's quote
 * marks; its value is the word after its ':', read at the line it stands
 * on. A label that is met again starts the next run. */

static int rf_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Skips white space at p and, after each line break, the next line's
 * quote marks ('>' and blanks); counts the breaks in *nl. */
static const char *rf_gap(const char *p, const char *e, int *nl)
{
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p >= e || *p != '\n')
            return p;
        (*nl)++;
        p++;
        while (p < e && (*p == '>' || *p == ' ' || *p == '\t'))
            p++;
    }
}

/* The end of label at p (its words apart by gaps), or NULL. */
static const char *rf_label(const char *p, const char *e, const char *label,
                            int *nl)
{
    for (const char *l = label; *l; l++) {
        if (*l == ' ') {
            if (p >= e || !rf_space(*p))
                return NULL;
            p = rf_gap(p, e, nl);
        } else if (p < e && *p == *l) {
            p++;
        } else {
            return NULL;
        }
    }
    return p;
}

/* The value word of field f at [v, w): 1 and *out when it reads, a full
 * stop or comma of the prose after it left out. */
static int rf_value(int f, const char *v, const char *w, double *out)
{
    const vfield *vf = &vfields[f];
    for (int pass = 0; pass < 2; pass++) {
        int ok;
        if (vf->metric == M_REAL || vf->metric == M_USER ||
            vf->metric == M_SYS)
            ok = bdb_time_duration(v, w, out);
        else if (vf->metric == M_CPU)
            ok = bdb_tfmt_field_value(V_PCT, v, w, out);
        else
            ok = bdb_time_int(v, w, out);
        if (ok)
            return 1;
        if (w - v < 2 || (w[-1] != '.' && w[-1] != ',' && w[-1] != ';'))
            return 0;
        w--;
    }
    return 0;
}

enum { RF_EXIT = -3, RF_CMD = -2 };

/* The label at p, if any: a -v field's index, RF_CMD, RF_EXIT or -1; *end
 * after it (and its ':'). */
static int rf_field(const char *p, const char *e, const char **end, int *nl)
{
    const char *q;
    int n = 0;
    if ((q = rf_label(p, e, "Command exited with non-zero status", &n))) {
        *end = q;
        *nl = n;
        return RF_EXIT;
    }
    if ((q = rf_label(p, e, "Command being timed", &n)) && q < e &&
        *q == ':') {
        *end = q + 1;
        *nl = n;
        return RF_CMD;
    }
    for (int i = 0; i < VF_TOYBOX; i++) {
        n = 0;
        if (*p == vfields[i].label[0] &&
            (q = rf_label(p, e, vfields[i].label, &n)) && q < e &&
            *q == ':') {
            *end = q + 1;
            *nl = n;
            return i;
        }
    }
    return -1;
}

/* The timed command after "Command being timed:" at v: its quoted text,
 * line breaks and quote marks inside it made one blank. */
static int rf_command(tctx *t, const char *v, const char *e, int line,
                      const char **after, int *nl)
{
    *after = v;
    if (v >= e || *v != '"')
        return 0;
    char cmd[BDB_BENCHMARK_MAX * 2];
    size_t n = 0;
    const char *q = v + 1;
    while (q < e && *q != '"' && n + 1 < sizeof cmd) {
        if (rf_space(*q)) {
            q = rf_gap(q, e, nl);
            cmd[n++] = ' ';
            continue;
        }
        cmd[n++] = *q++;
    }
    if (q >= e || *q != '"')
        return 0;
    *after = q + 1;
    return copy_cmd(t, t->b.cmd, sizeof t->b.cmd, cmd, cmd + n, line);
}

/* Reads the -v labels of [buf, len) as above, or (emit 0, t unused) only
 * counts those the line reader cannot see: not at a line's start, or
 * broken across lines. Returns that count (emit 0), else 0 or an error. */
static int reflowed(tctx *t, const char *buf, size_t len, int emit)
{
    const char *e = buf + len;
    int line = 1, count = 0, rc = 0, said = 0;
    const char *bol = buf; /* the current line's start */
    for (const char *p = buf; p < e && !rc && !(emit && t->full); p++) {
        if (*p == '\n') {
            line++;
            bol = p + 1;
            continue;
        }
        if (p > buf && !rf_space(p[-1]) && p[-1] != '>' && p[-1] != '"')
            continue;
        const char *q;
        int nl = 0;
        int f = rf_field(p, e, &q, &nl);
        if (f == -1)
            continue;
        const char *v = rf_gap(q, e, &nl);
        const char *w = v;
        while (w < e && !rf_space(*w))
            w++;
        const char *lead = bol; /* blanks, quote marks, a list bullet */
        while (lead < p && (*lead == ' ' || *lead == '\t' || *lead == '>' ||
                            ((*lead == '-' || *lead == '*') &&
                             rf_space(lead[1]))))
            lead++;
        int at = line + nl; /* the value's line */
        double val;
        if (f >= 0 && !rf_value(f, v, w, &val))
            continue;
        if (f == RF_EXIT && !bdb_time_int(v, w, &val))
            continue;
        if (lead != p || nl)
            count++;
        if (emit) {
            if (!said && count) {
                said = 1;
                rc = twarn(t, line, "a time -v report re-flowed into "
                           "running text (its labels and values broken "
                           "across lines): read by its labels");
                if (rc)
                    break;
            }
            block *b = &t->b;
            if (b->active &&
                (f == RF_CMD || f == RF_EXIT ||
                 (f >= 0 && b->have[vfields[f].metric])) &&
                any_figure(b))
                rc = emit_block(t);
            if (!rc && !b->active) {
                memset(b, 0, sizeof *b);
                b->active = 1;
                b->kind = 2;
                b->start_line = line;
            }
            if (rc)
                break;
            if (f == RF_EXIT) {
                t->pending_exit = val;
                t->pending_exit_line = at;
                rc = twarn(t, at, "Command exited with non-zero status %.0f",
                           val);
            } else if (f == RF_CMD) {
                rc = rf_command(t, v, e, at, &w, &nl);
            } else {
                set_metric(b, vfields[f].metric,
                           val < 0 ? val : val * vfields[f].mult, at);
            }
        }
        /* go on after the value, on its line */
        for (const char *c = p; c < w; c++)
            if (*c == '\n') {
                line++;
                bol = c + 1;
            }
        p = w - 1;
    }
    if (!emit)
        return count;
    if (!rc && t->b.active && any_figure(&t->b))
        rc = emit_block(t);
    return rc;
}

/* ---- BSD -l ---- */

/* "   1867776  maximum resident set size": the field, or -1. */
static int bsd_line(const bdb_line *raw, double *v, int *width)
{
    const char *p = raw->p, *e = raw->end;
    bdb_trim_blank(&p, &e);
    const char *q = p;
    while (q < e && is_digit(*q))
        q++;
    if (q == p || !bdb_time_int(p, q, v))
        return -1;
    *width = (int)(q - raw->p);
    const char *l = bdb_skip_blank(q, e);
    if (l == q)
        return -1;
    for (size_t i = 0; i < NBSD; i++)
        if (bdb_span_eq(l, e, bsd_fields[i].label))
            return (int)i;
    return -1;
}

/* ---- fish ---- */

/* "9.82 secs" at *p (a unit fish prints, short or long): the seconds,
 * the position after the unit. */
static int fish_duration(const char **p, const char *e, double *v)
{
    static const struct { const char *name; double mult; } units[] = {
        {"microseconds", 1e-6}, {"milliseconds", 1e-3}, {"seconds", 1},
        {"minutes", 60},        {"micros", 1e-6},       {"millis", 1e-3},
        {"secs", 1},            {"mins", 60}};
    const char *q = bdb_skip_blank(*p, e);
    double n;
    if (q >= e || !is_digit(*q) ||
        !bdb_scan_number(&q, e, &n, BDB_SCAN_DECIMAL_COMMA))
        return 0;
    q = bdb_skip_blank(q, e);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t k = strlen(units[i].name);
        if ((size_t)(e - q) >= k && memcmp(q, units[i].name, k) == 0 &&
            (q + k == e || q[k] == ' ' || q[k] == '\t')) {
            *v = n * units[i].mult;
            *p = q + k;
            return 1;
        }
    }
    return 0;
}

/* "Executed in    9.82 secs    fish           external": real. */
static int fish_executed(const char *p, const char *e, double *real)
{
    if (!bdb_starts_with(p, e, "Executed in "))
        return 0;
    const char *q = p + strlen("Executed in ");
    return fish_duration(&q, e, real);
}

/* "usr time    6.51 secs  208.00 micros    6.51 secs" (or the one figure
 * of the non-verbose form) into the block. Returns 1 when the line was
 * the one expected. */
static int fish_cpu_line(block *b, const char *p, const char *e, int line)
{
    int sys = b->have[M_USER];
    const char *lab = sys ? "sys time " : "usr time ";
    if (!bdb_starts_with(p, e, lab))
        return 0;
    const char *q = p + strlen(lab);
    double v[3];
    int n = 0;
    while (n < 3 && fish_duration(&q, e, &v[n]))
        n++;
    if (n == 0 || !bdb_is_blank(q, e))
        return 0;
    static const int metrics[2][3] = {{M_USER, M_USER_FISH, M_USER_EXT},
                                      {M_SYS, M_SYS_FISH, M_SYS_EXT}};
    for (int i = 0; i < n; i++)
        set_metric(b, metrics[sys][i], v[i], line);
    return 1;
}

/* ---- zsh: a dotfile's memory lines ---- */

/* A TIMEFMT many ~/.zshrc files copy (a Stack Overflow answer) follows
 * zsh's default line with labelled lines:
 *     avg shared (code):         %X KB
 *     avg unshared (data/stack): %D KB
 *     total (sum):               %K KB
 *     max memory:                %M MB      (KB where the author is on macOS)
 *     page faults from disk:     %F
 *     other page faults:         %R
 * The log rarely holds the assignment, so the lines are known here. %X,
 * %D and %K are KiB; %M is what zsh prints (ru_maxrss / 1024: MiB on
 * Linux, KiB on macOS), which the label the author chose says. */
static int zsh_memory_line(block *b, const char *p, const char *e, int line)
{
    static const struct { const char *label; int metric; double mult; } zl[] = {
        {"avg shared (code):", M_AVG_TEXT, 1024},
        {"avg unshared (data/stack):", M_AVG_DATA, 1024},
        {"total (sum):", M_AVG_TOTAL, 1024},
        {"max memory:", M_MAX_RSS, 0},
        {"page faults from disk:", M_MAJ, 1},
        {"other page faults:", M_MIN, 1}};
    for (size_t i = 0; i < sizeof zl / sizeof zl[0]; i++) {
        if (!bdb_starts_with(p, e, zl[i].label))
            continue;
        const char *q = bdb_skip_blank(p + strlen(zl[i].label), e);
        const char *d = q;
        while (d < e && is_digit(*d))
            d++;
        double v;
        if (d == q || !bdb_time_int(q, d, &v))
            return 0;
        const char *u = bdb_skip_blank(d, e);
        double mult = zl[i].mult;
        if (mult == 0) /* %M: the unit the author wrote */
            mult = bdb_span_eq(u, e, "MB") ? 1048576.0
                   : bdb_span_eq(u, e, "KB") || bdb_span_eq(u, e, "kB")
                       ? 1024.0 : 0;
        else if (mult == 1024 && !bdb_span_eq(u, e, "KB") &&
                 !bdb_span_eq(u, e, "kB"))
            mult = 0;
        else if (mult == 1 && u != e)
            mult = 0;
        if (mult == 0)
            return 0;
        set_metric(b, zl[i].metric, v * mult, line);
        return 1;
    }
    return 0;
}

/* ---- command lines and assignments ---- */

/* Skips one shell word (quotes kept together); returns its end. */
static const char *shell_word_end(const char *p, const char *e)
{
    char quote = 0;
    for (; p < e; p++) {
        if (quote) {
            if (*p == quote)
                quote = 0;
            else if (*p == '\\' && quote == '"' && p + 1 < e)
                p++;
            continue;
        }
        if (*p == '\'' || *p == '"')
            quote = *p;
        else if (*p == '\\' && p + 1 < e)
            p++;
        else if (*p == ' ' || *p == '\t')
            break;
    }
    return p;
}

/* The timed command in the raw text after "time": time's own options
 * skipped, cut at its redirections. */
static int command_text(const char *p, const char *e, const char **cp,
                        const char **ce)
{
    p = bdb_skip_blank(p, e);
    while (p < e && *p == '-') {
        const char *w = p;
        const char *we = shell_word_end(p, e);
        int takes = (we - w == 2 && (w[1] == 'f' || w[1] == 'o')) ||
                    bdb_span_eq(w, we, "--format") ||
                    bdb_span_eq(w, we, "--output");
        p = bdb_skip_blank(we, e);
        if (takes)
            p = bdb_skip_blank(shell_word_end(p, e), e);
        if (bdb_span_eq(w, we, "--"))
            break;
    }
    const char *start = p, *stop = cut_redirections(p, e);
    bdb_trim_blank(&start, &stop);
    if (stop <= start)
        return 0;
    *cp = start;
    *ce = stop;
    return 1;
}

/* Where the command [p, e) ends: at the first unquoted redirection or
 * separator that ends what time measures (a bash pipeline is timed whole,
 * so '|' stays). */
static const char *cut_redirections(const char *p, const char *e)
{
    const char *start = p, *stop = e;
    char quote = 0;
    for (const char *q = p; q < e; q++) {
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
            (*q == '&' && q + 1 < e && q[1] == '&')) {
            stop = q;
            while (stop > start && is_digit(stop[-1]))
                stop--; /* "2>" */
            if (stop > start && stop[-1] == '&')
                stop--; /* "&>" */
            break;
        }
    }
    return stop;
}

typedef struct topt {
    const char *format;
    int operands;
} topt;

static int time_opt(const char *name, const char *value, void *ctx)
{
    topt *o = ctx;
    if (name[0] == '\0') {
        o->operands++;
        return 0;
    }
    if (o->operands)
        return 0; /* an option of the timed command */
    if ((strcmp(name, "f") == 0 || strcmp(name, "format") == 0) && value)
        o->format = value;
    return 0;
}

/* A "time CMD" line: remembers the command (the benchmark of the next run)
 * and a -f format. Returns 1 when the line was one, 0, or BDB_ENOMEM. */
static int shell_value(const char *p, const char *bufend, char **out,
                       const char **after);

/* `bash -c 'CMD'` (sh, dash, zsh, ksh too): the command line inside. */
static int inner_command(tctx *t, const char *p, const char *e, int line,
                         int depth);

static int command_line_at(tctx *t, const char *p, const char *e, int line,
                           int depth)
{
    static const char *const tools[] = {"time", NULL};
    if (!bdb_contains(p, e, "time"))
        return 0;
    /* a loop or an if on one line: "for i in 1 2 3; do time CMD; done" */
    static const char *const kw[] = {"; do ", "; then ", "; else "};
    for (size_t i = 0; i < 3; i++) {
        const char *k = bdb_find(p, e, kw[i]);
        if (k && bdb_find(k, e, "time"))
            p = k + strlen(kw[i]);
    }
    for (int again = 1; again;) {
        again = 0;
        static const char *const lead[] = {"do ", "then ", "else ", "{ ", "( "};
        for (size_t i = 0; i < 5; i++)
            if (bdb_starts_with(p, e, lead[i])) {
                p = bdb_skip_blank(p + strlen(lead[i]), e);
                again = 1;
            }
    }
    bdb_cmdline c;
    int rc = bdb_cmdline_parse_line(p, e, tools, &c);
    if (rc == 0)
        return inner_command(t, p, e, line, depth);
    if (rc < 0)
        return rc;
    /* GNU time's getopt string ("+af:o:pqvV") and long options */
    static const char *const longs[] = {"append", "format:", "output:",
                                        "portability", "quiet", "verbose",
                                        "version", "help", NULL};
    topt o = {NULL, 0};
    /* GNU's options plus BSD's -l and -h; time_opt never stops the walk */
    rc = bdb_cmdline_getopt(&c, "af:o:pqvVlh", longs, time_opt, &o);
    if (rc) {
        bdb_cmdline_free(&c);
        return rc;
    }
    if (o.operands == 0) {
        bdb_cmdline_free(&c);
        return 0; /* "time" alone, or not a command */
    }
    /* the -f format holds for the runs of this command (a loop prints the
     * command once); a command without -f prints a default format */
    if (t->has_cmdf)
        bdb_tfmt_free(&t->cmdf);
    t->has_cmdf = 0;
    if (o.format) {
        rc = bdb_tfmt_compile(&t->cmdf, D_GNU, o.format,
                              o.format + strlen(o.format));
        if (rc == BDB_ENOMEM) {
            bdb_cmdline_free(&c);
            return rc;
        }
        t->has_cmdf = rc == BDB_OK;
    }
    bdb_cmdline_free(&c);
    t->cmd[0] = '\0';
    /* the text after the first "time" word is the command */
    const char *w = p;
    while (w < e) {
        w = bdb_skip_blank(w, e);
        const char *we = shell_word_end(w, e);
        const char *b = we;
        while (b > w && b[-1] != '/')
            b--;
        if (bdb_span_eq(b, we, "time")) {
            const char *cp, *ce;
            if (!command_text(we, e, &cp, &ce))
                break;
            rc = copy_cmd(t, t->cmd, sizeof t->cmd, cp, ce, line);
            return rc ? rc : 1;
        }
        w = we;
    }
    return 1;
}

static int command_line(tctx *t, const char *p, const char *e, int line)
{
    return command_line_at(t, p, e, line, 0);
}

static int inner_command(tctx *t, const char *p, const char *e, int line,
                         int depth)
{
    static const char *const shells[] = {"sh -c ", "bash -c ", "dash -c ",
                                         "zsh -c ", "ksh -c ", "mksh -c "};
    if (depth >= 2)
        return 0;
    for (size_t i = 0; i < sizeof shells / sizeof shells[0]; i++) {
        const char *hit = bdb_find(p, e, shells[i]);
        if (!hit)
            continue;
        char *v = NULL;
        const char *after;
        int rc = shell_value(hit + strlen(shells[i]), e, &v, &after);
        if (rc)
            return rc;
        rc = command_line_at(t, v, v + strlen(v), line, depth + 1);
        free(v);
        return rc;
    }
    return 0;
}

/* Decodes a shell assignment value starting at p (after '='): '...',
 * "...", $'...' (with \n \t \\ \' escapes) or a bare word. A quote left
 * open continues on the next lines (set -x prints newlines inside quotes).
 * Writes the value into out (grown, NUL-terminated); *next_line gets how
 * many more lines were consumed. Returns 0, 1 when no value, BDB_ENOMEM. */
static int shell_value(const char *p, const char *bufend, char **out,
                       const char **after)
{
    size_t cap = 64, n = 0;
    char *v = malloc(cap);
    if (!v)
        return BDB_ENOMEM;
    char quote = 0;
    int ansi = 0;
    const char *limit = bufend;
    const char *first_nl = NULL;  /* in the input */
    size_t first_nl_n = 0;        /* value length there */
    int newlines = 0;
    while (p < limit) {
        char c = *p;
        if (c == '\n' && quote) {
            if (!first_nl) {
                first_nl = p;
                first_nl_n = n;
            }
            if (++newlines > 8)
                break; /* not a quote set -x left open: give up */
        }
        if (!quote) {
            if (c == ' ' || c == '\t' || c == ';' || c == '\n' || c == '\r')
                break;
            if (c == '$' && p + 1 < limit && p[1] == '\'') {
                quote = '\'';
                ansi = 1;
                p += 2;
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                p++;
                continue;
            }
            if (c == '\\' && p + 1 < limit)
                c = *++p;
            p++;
        } else {
            if (c == quote) {
                quote = 0;
                ansi = 0;
                p++;
                continue;
            }
            if (ansi && c == '\\' && p + 1 < limit) {
                char d = p[1];
                c = d == 'n' ? '\n' : d == 't' ? '\t' : d;
                p += 2;
            } else if (quote == '"' && c == '\\' && p + 1 < limit &&
                       strchr("\"\\$`", p[1])) {
                c = p[1];
                p += 2;
            } else {
                p++;
            }
        }
        if (n + 2 > cap) {
            cap *= 2;
            char *nv = realloc(v, cap);
            if (!nv) {
                free(v);
                return BDB_ENOMEM;
            }
            v = nv;
        }
        v[n++] = c;
    }
    if (quote && first_nl) {
        /* never closed: keep the first line only */
        n = first_nl_n;
        p = first_nl;
    }
    v[n] = '\0';
    *out = v;
    *after = p;
    return 0;
}

/* A TIMEFORMAT=, TIMEFMT= or TIME= assignment in [p, e) (the rest of the buffer
 * is bufend, for a quote left open). Returns 1 when one was read. */
static int assignment(tctx *t, const char *p, const char *e,
                      const char *bufend, const char **consumed_to)
{
    /* GNU time reads its default format from $TIME */
    static const struct { const char *name; int dialect; } vars[] = {
        {"TIMEFORMAT=", D_BASH}, {"TIMEFMT=", D_ZSH}, {"TIME=", D_GNU}};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *hit = p;
        size_t vn = strlen(vars[i].name);
        /* the name must start a word: not RUNTIME=, not xTIMEFMT= */
        while ((hit = bdb_find(hit, e, vars[i].name)) != NULL &&
               hit > p && !strchr(" \t;'\"(+", hit[-1]))
            hit += vn;
        if (!hit)
            continue;
        char *val = NULL;
        const char *after;
        int rc = shell_value(hit + strlen(vars[i].name), bufend, &val, &after);
        if (rc)
            return rc;
        if (t->has_logf)
            bdb_tfmt_free(&t->logf);
        t->has_logf = val[0] &&
                      bdb_tfmt_compile(&t->logf, vars[i].dialect, val,
                                       val + strlen(val)) == BDB_OK;
        free(val);
        *consumed_to = after;
        return 1;
    }
    return 0;
}

/* Picks the dialect of a user-given format: a "bash:", "gnu:" or "zsh:"
 * prefix, else bash when a directive has a precision digit or 'l'. */
static int user_dialect(const char **fmt)
{
    static const struct { const char *pfx; int d; } pf[] = {
        {"bash:", D_BASH}, {"gnu:", D_GNU}, {"zsh:", D_ZSH}};
    for (size_t i = 0; i < 3; i++)
        if (strncmp(*fmt, pf[i].pfx, strlen(pf[i].pfx)) == 0) {
            *fmt += strlen(pf[i].pfx);
            return pf[i].d;
        }
    for (const char *s = *fmt; *s; s++) {
        if (*s != '%')
            continue;
        const char *q = s + 1;
        if (is_digit(*q))
            q++;
        if (*q == 'l')
            q++;
        if (q > s + 1 && *q && strchr("RUSE", *q))
            return D_BASH;
        if (*q == '%')
            s++;
    }
    return D_GNU;
}

/* The formats to try for a new block, best first. */
static int candidates(tctx *t, const tfmt **list)
{
    int n = 0;
    if (t->has_user)
        list[n++] = &t->user;
    if (t->has_cmdf)
        list[n++] = &t->cmdf;
    if (t->has_logf)
        list[n++] = &t->logf;
    for (size_t i = 0; i < NBUILTIN; i++)
        list[n++] = &t->builtin[i];
    return n;
}

/* GNU time's "Command exited with non-zero status N" (kept as the next
 * run's exit_status), "Command terminated/stopped by signal N" and BSD's
 * "Command terminated abnormally." (the next run's status figure is then
 * none): warned about. Returns 1 when the line was one, or a BDB_E*
 * code. */
static int status_line(tctx *t, const bdb_line *ln, const char *p,
                       const char *e)
{
    int rc;
    static const char exited[] = "Command exited with non-zero status ";
    if (bdb_starts_with(p, e, exited)) {
        double v;
        const char *q = p + strlen(exited);
        if (bdb_time_int(q, e, &v)) {
            t->pending_exit = v;
            t->pending_exit_line = ln->no;
        }
        rc = twarn(t, ln->no, "%.*s", (int)(e - p), p);
        return rc ? rc : 1;
    }
    /* BSD/macOS usr.bin/time: "Command terminated abnormally." when the
     * command did not exit (a signal), and NetBSD's warnx() form "time:
     * Command terminated abnormally."; no status is printed */
    const char *a = p;
    if (bdb_starts_with(a, e, "time: "))
        a += 6;
    static const char termd[] = "Command terminated by signal ";
    static const char stopd[] = "Command stopped by signal ";
    int term = bdb_starts_with(p, e, termd);
    int stop = !term && bdb_starts_with(p, e, stopd);
    if (term || stop ||
        bdb_starts_with(a, e, "Command terminated abnormally") ||
        bdb_starts_with(a, e, "command terminated abnormally")) {
        /* the signal's number is a figure of the run that follows (GNU
         * time.c summarize(): WTERMSIG / WSTOPSIG, "%d"); the line is
         * still said, as the run did not end by itself */
        double v;
        t->pending_signal_line = ln->no;
        t->pending_signal_metric = -1;
        if ((term || stop) &&
            bdb_time_int(p + (term ? strlen(termd) : strlen(stopd)), e, &v)) {
            t->pending_signal_metric = term ? M_TERM_SIG : M_STOP_SIG;
            t->pending_signal = v;
        }
        rc = twarn(t, ln->no, "%.*s", (int)(e - p), p);
        return rc ? rc : 1;
    }
    return 0;
}

/* Where the copy of format line k that starts at q ends: the start of a
 * next copy after blanks (the first place where [q, z) matches), e when
 * [q, e) matches whole, NULL when q starts no copy. Fills *r. */
static const char *copy_end(const tfmt *f, int k, const char *q,
                            const char *e, mres *r)
{
    for (const char *c = q + 1; c < e; c++) {
        if (!is_digit(*c) || (c[-1] != ' ' && c[-1] != '\t'))
            continue;
        const char *z = c;
        while (z > q && (z[-1] == ' ' || z[-1] == '\t'))
            z--;
        if (bdb_tfmt_match_line(f, k, q, z, r))
            return c;
    }
    return bdb_tfmt_match_line(f, k, q, e, r) ? e : NULL;
}

/* The last line of b's format glued to itself once or more on one line
 * (a comment that lost its line breaks: "...0swaps 0inputs+0outputs
 * (0major+259495minor)pagefaults 0swaps"): the first copy ends b, each
 * later one is another run's line without the lines before it, read with
 * a warning. Returns 1 when the line was such, 0 when not, <0 error. */
static int glued_last_lines(tctx *t, const bdb_line *raw, const char *p,
                            const char *e)
{
    block *b = &t->b;
    const tfmt *f = b->f;
    int k = b->next;
    if (k == 0 || k != f->nlines - 1 || f->bsd)
        return 0;
    mres r;
    const char *s = copy_end(f, k, p, e, &r);
    if (!s || s == e)
        return 0;
    /* every later copy must be whole too */
    for (const char *q = s; q && q < e;) {
        mres x;
        q = copy_end(f, k, q, e, &x);
        if (!q)
            return 0;
    }
    int rc = take_result(t, b, &r, raw);
    if (!rc)
        rc = emit_block(t);
    for (const char *q = s; !rc && q < e;) {
        mres x;
        const char *n = copy_end(f, k, q, e, &x);
        memset(b, 0, sizeof *b);
        b->active = 1;
        b->kind = 1;
        b->f = f;
        b->next = k + 1;
        b->start_line = raw->no;
        rc = twarn(t, raw->no, "time output ('%s', line %d) glued after "
                   "another copy of it, without the line(s) before it: its "
                   "figures are read as another run", f->shown, k + 1);
        if (!rc)
            rc = take_result(t, b, &x, raw);
        if (!rc)
            rc = emit_block(t);
        q = n;
    }
    return rc < 0 ? rc : 1;
}

/* ---- a line hard-wrapped by a mail client or a page ---- */

/* A mail client or a fixed-width page breaks a long line of the output
 * at a blank, the rest on the next line(s), often indented: GNU time's
 * default first line "42.79user 1.07system 0:44.53elapsed 98%CPU
 * (0avgtext+0avgdata" / "  866736maxresident)k" (a git list mail of
 * 2010), or its second line before "0swaps". A line that is no line of
 * a format alone is joined, a blank between, with up to MAX_WRAPS lines
 * after it (none blank), and read when the joined text is one line of
 * the format; each figure keeps the line it is printed on. */
#define MAX_WRAPS 3
/* a report re-filled as a paragraph at a narrow width ("1.33user
 * 0.00system" / "0:01.33elapsed 99%CPU" / ...) takes more: read only when
 * the joined text is the format's lines whole */
#define MAX_WRAPS_WHOLE 6

/* 1 when [p, e) is line k of f cut at one of its blanks. */
static int may_start(const tfmt *f, int k, const char *p, const char *e)
{
    return k < f->nlines && bdb_tfmt_match_prefix(f, k, p, e);
}

/* Joins [p, e) with the lines after *it in w until the text is line k of
 * one of the n formats of list: 1 then, that format's index in *which,
 * *r its figures and *after the lines past the joined ones; 0 when none
 * matches, <0 error. */
static int join_wrapped(const bdb_lines *it, const char *p, const char *e,
                        const tfmt *const *list, int n, int k,
                        bdb_wrapped *w, mres *r, bdb_lines *after,
                        int *which, int *span)
{
    /* only a line cut at a blank of a format line is joined: the
     * formats are tried on the line alone first, and only those */
    bdb_lines peek0;
    bdb_line nx0;
    const char *ce0;
    if (!bdb_wrapped_next(it, &peek0, &nx0, &ce0))
        return 0; /* nothing after it to join */
    unsigned cut = 0;
    for (int i = 0; i < n && i < 32; i++)
        if (may_start(list[i], k, p, e))
            cut |= 1u << i;
    if (!cut)
        return 0;
    /* the joined text read whole first, as format line k or as lines k
     * and after joined by blanks: a report whose line breaks all moved
     * ("...44%CPU" / "(0avgtext+0avgdata ...)k 0inputs+11112outputs" /
     * "(0major+...)pagefaults 0swaps") is its lines joined, where its
     * first line alone would leave the figures after ")k" unread */
    for (int exact = 1; exact >= 0; exact--) {
        bdb_wrapped_free(w);
        bdb_wrapped_init(w);
        if (bdb_wrapped_start(w, p, e))
            return BDB_ENOMEM;
        bdb_lines cur = *it;
        for (int j = 0; j < (exact ? MAX_WRAPS_WHOLE : MAX_WRAPS); j++) {
            bdb_lines peek;
            bdb_line nx;
            const char *ce;
            const char *c = bdb_wrapped_next(&cur, &peek, &nx, &ce);
            if (!c)
                break;
            int rc = bdb_wrapped_add(w, " ", c, ce, nx.no);
            if (rc == 1)
                break;
            if (rc)
                return rc;
            cur = peek;
            const char *jp, *je;
            bdb_wrapped_text(w, &jp, &je);
            for (int i = 0; i < n && i < 32; i++) {
                if (!(cut >> i & 1))
                    continue;
                for (int nl = 1; exact && k + nl <= list[i]->nlines; nl++)
                    if (bdb_tfmt_match_joined(list[i], k, nl, jp, je, r)) {
                        *which = i;
                        *after = cur;
                        *span = nl;
                        return 1;
                    }
                if (!exact && bdb_tfmt_match_line(list[i], k, jp, je, r)) {
                    *which = i;
                    *after = cur;
                    *span = 1;
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* Takes the figures of a joined line, each at the line it is printed on
 * (raw: the first piece's), then the rest of r (take_result). */
static int take_wrapped(tctx *t, block *b, const mres *r,
                        const bdb_wrapped *w, const bdb_line *raw)
{
    for (int m = 0; m < M_COUNT; m++)
        if (r->have[m])
            set_metric(b, m, r->vals[m],
                       bdb_wrapped_line(w, r->at[m], raw->no));
    return take_result(t, b, r, raw);
}

/* Runs one line through the open block; returns 1 when consumed, 0 when
 * the block is closed and the line still has to be looked at, <0 error. */
static int continue_block(tctx *t, bdb_lines *it, const bdb_line *raw,
                          const char *p, const char *e)
{
    block *b = &t->b;
    int rc;
    if (b->kind == 1) {
        mres r;
        if (bdb_tfmt_match_line(b->f, b->next, p, e, &r)) {
            rc = take_result(t, b, &r, raw);
            if (rc)
                return rc;
            if (++b->next == b->f->nlines) {
                if (b->f->bsd) {
                    b->kind = 3;
                    return 1;
                }
                rc = emit_block(t);
                return rc ? rc : 1;
            }
            return 1;
        }
        rc = glued_last_lines(t, raw, p, e);
        if (rc)
            return rc;
        if (zsh_memory_line(b, p, e, raw->no)) {
            /* a TIMEFMT from the log whose memory line did not expand
             * as written ("%M '$MAX_MEMORY_UNITS'"): the known lines
             * carry on */
            b->kind = 5;
            return 1;
        }
        bdb_wrapped w;
        bdb_wrapped_init(&w);
        bdb_lines after;
        int which, span;
        const tfmt *f = b->f;
        rc = join_wrapped(it, p, e, &f, 1, b->next, &w, &r, &after, &which,
                          &span);
        if (rc == 1) {
            rc = take_wrapped(t, b, &r, &w, raw);
            *it = after;
            b->next += span;
            if (!rc && b->next == b->f->nlines)
                rc = b->f->bsd ? (b->kind = 3, 0) : emit_block(t);
            bdb_wrapped_free(&w);
            return rc ? rc : 1;
        }
        bdb_wrapped_free(&w);
        if (rc)
            return rc;
        char what[160];
        snprintf(what, sizeof what, "line %d of the time format '%s' here",
                 b->next + 1, b->f->shown);
        rc = cut_block(t, raw->no, what);
        return rc ? rc : 0;
    }
    if (b->kind == 2) {
        const char *val;
        int f = vfield_of(p, e, &val);
        const char *colon = memchr(p, ':', (size_t)(e - p));
        if (f == -1 && colon && *p >= 'A' && *p <= 'Z' && colon + 1 < e &&
            is_digit(*bdb_skip_blank(colon + 1, e))) {
            /* a field a newer GNU time may print: keep the block going */
            rc = twarn(t, raw->no, "unknown time -v field '%.*s'; not "
                       "imported", (int)(colon - p), p);
            return rc ? rc : 1;
        }
        if (f == -1 && t->bulleted && !colon && e - p <= 24 && !bdb_first_digit(p, e) &&
            b->have[M_USER] + b->have[M_SYS] + b->have[M_REAL] > 0) {
            /* an author's heading between the lines, as a list groups
             * them ("- Time", "- CPU", "- Memory") */
            return 1;
        }
        if (f == -2 || f < 0 || f == VF_TOYBOX) {
            rc = cut_block(t, raw->no, b->toybox ? "more 'Label: value' "
                           "lines of toybox time -v up to 'Involuntary "
                           "context switches'" : "more 'Label: value' lines "
                           "of time -v up to 'Exit status'");
            return rc ? rc : 0;
        }
        rc = verbose_line(t, raw, f, val);
        if (rc)
            return rc;
        if (vfields[f].metric == M_EXIT ||
            (b->toybox && vfields[f].metric == M_ICSW)) {
            rc = emit_block(t);
            return rc ? rc : 1;
        }
        return 1;
    }
    if (b->kind == 5) {
        if (zsh_memory_line(b, p, e, raw->no))
            return 1;
        rc = emit_block(t);
        return rc ? rc : 0;
    }
    if (b->kind == 4) {
        if (fish_cpu_line(b, p, e, raw->no)) {
            if (!b->have[M_SYS])
                return 1;
            rc = emit_block(t);
            return rc ? rc : 1;
        }
        rc = cut_block(t, raw->no, b->have[M_USER] ? "fish's 'sys time' line"
                                                    : "fish's 'usr time' line");
        return rc ? rc : 0;
    }
    /* kind 3: BSD -l lines, optional */
    double v;
    int width;
    int f = bsd_line(raw, &v, &width);
    if (f >= 0) {
        set_metric(b, bsd_fields[f].metric, v, raw->no);
        if (bsd_fields[f].metric >= M_INSN || width >= 20)
            b->macos = 1;
        return 1;
    }
    rc = emit_block(t);
    return rc ? rc : 0;
}

static int line_kind(tctx *t, bdb_lines *it, const bdb_line *raw,
                     const char *p, const char *e, const char *bufend);

#define MAX_CONTINUED 64

/* A command line continued with backslashes over the next lines, as
 * `bash -v` echoes a script:
 *     /usr/bin/time \
 *         --format="..." \
 *         CMD
 * The lines are joined; they are consumed only when they hold a time
 * command. Returns 1, 0 or a BDB_E* code. */
static int continued_command(tctx *t, bdb_lines *it, const bdb_line *raw,
                             const char *p, const char *e)
{
    size_t cap = (size_t)(e - p) + 256, n = 0;
    char *s = malloc(cap);
    if (!s)
        return BDB_ENOMEM;
    bdb_lines peek = *it;
    const char *a = p, *z = e;
    int rc = 0;
    for (int k = 0;; k++) {
        int more = z > a && z[-1] == '\\';
        if (more)
            z--;
        size_t need = n + (size_t)(z - a) + 2;
        if (need > cap) {
            cap = need * 2;
            char *ns = realloc(s, cap);
            if (!ns) {
                free(s);
                return BDB_ENOMEM;
            }
            s = ns;
        }
        memcpy(s + n, a, (size_t)(z - a));
        n += (size_t)(z - a);
        s[n++] = ' ';
        bdb_line nx;
        if (!more || k >= MAX_CONTINUED || !bdb_lines_next(&peek, &nx))
            break;
        a = nx.p;
        z = nx.end;
        bdb_trim_blank(&a, &z);
    }
    s[n] = '\0';
    rc = command_line(t, s, s + n, raw->no);
    free(s);
    if (rc == 1)
        *it = peek; /* the continued lines were the command */
    return rc;
}

static int handle_line(tctx *t, bdb_lines *it, const bdb_line *raw,
                       const char *p, const char *e, const char *bufend)
{
    int rc = line_kind(t, it, raw, p, e, bufend);
    t->prev = p;
    t->prev_end = e;
    /* GNU prints its status line just before the figures: a status line
     * that no block follows belongs to no run */
    if (t->pending_exit_line && t->pending_exit_line != raw->no &&
        !t->b.active)
        t->pending_exit_line = 0;
    if (t->pending_signal_line && t->pending_signal_line != raw->no &&
        !t->b.active)
        t->pending_signal_line = 0;
    return rc;
}

/* After a label an author put before a time output, one word and a
 * colon then blanks ("Ext2:    real ..."): where the output starts; NULL
 * when [p, e) starts with no label. */
static const char *after_label(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && q - p < 40 && *q != ' ' && *q != '\t' && *q != ':')
        q++;
    if (q == p || q + 1 >= e || *q != ':' || (q[1] != ' ' && q[1] != '\t'))
        return NULL;
    return bdb_skip_blank(q + 1, e);
}

/* ---- runs side by side ---- */

#define MAX_COLUMNS 8

/* A line of "label duration" pairs only ("real\t0m1.455s\treal\t
 * 0m1.355s"): the durations, how many (0 when the line is not one). */
static int label_columns(const char *p, const char *e, const char *label,
                         double *v)
{
    size_t ln = strlen(label);
    int n = 0;
    for (const char *q = bdb_skip_blank(p, e); q < e; q = bdb_skip_blank(q, e)) {
        if ((size_t)(e - q) <= ln || memcmp(q, label, ln) != 0 ||
            (q[ln] != ' ' && q[ln] != '\t'))
            return 0;
        q = bdb_skip_blank(q + ln, e);
        const char *d = q;
        while (d < e && *d != ' ' && *d != '\t')
            d++;
        if (n == MAX_COLUMNS || !bdb_time_duration(q, d, &v[n]))
            return 0;
        n++;
        q = d;
    }
    return n;
}

/* bash's three lines for k runs side by side, as a mail compares them:
 *         orig            patched
 *     real    0m1.455s    real    0m1.355s
 *     user    0m0.206s    user    0m0.219s
 *     sys     0m0.855s    sys     0m0.807s
 * Each column is a run; a line of k words above names the columns
 * (parameter column), else they are numbered. Returns 1 when the lines
 * were such, 0, or a BDB_E* code. */
static int side_by_side(tctx *t, bdb_lines *it, const bdb_line *raw,
                        const char *p, const char *e)
{
    double v[3][MAX_COLUMNS];
    int line[3] = {raw->no, 0, 0};
    int k = label_columns(p, e, "real", v[0]);
    if (k < 2)
        return 0;
    bdb_lines peek = *it;
    static const char *const next[2] = {"user", "sys"};
    for (int r = 0; r < 2; r++) {
        bdb_line nx;
        const char *a = NULL, *z = NULL;
        while (bdb_lines_next(&peek, &nx)) {
            a = nx.p, z = nx.end;
            bdb_trim_blank(&a, &z);
            if (a < z)
                break;
        }
        if (!a || a == z || label_columns(a, z, next[r], v[r + 1]) != k)
            return 0;
        line[r + 1] = nx.no;
    }
    *it = peek;
    /* the column names: a line of k words without figures above */
    const char *name[MAX_COLUMNS], *name_end[MAX_COLUMNS];
    int nn = 0, digits = 0;
    for (const char *q = t->prev ? bdb_skip_blank(t->prev, t->prev_end) : NULL;
         q && q < t->prev_end && nn <= k; q = bdb_skip_blank(q, t->prev_end)) {
        const char *w = q;
        while (q < t->prev_end && *q != ' ' && *q != '\t') {
            digits |= is_digit(*q);
            q++;
        }
        if (nn < MAX_COLUMNS)
            name[nn] = w, name_end[nn] = q;
        nn++;
    }
    int named = nn == k && !digits;
    if (named) {
        /* they name the columns of the groups below too */
        for (int c = 0; c < k; c++)
            bdb_copy(t->columns[c], sizeof t->columns[c], name[c], name_end[c]);
        t->ncolumns = k;
    }
    int rc = 0;
    for (int c = 0; c < k && !rc; c++) {
        memset(&t->b, 0, sizeof t->b);
        t->b.active = 1;
        t->b.kind = 1;
        t->b.start_line = raw->no;
        set_metric(&t->b, M_REAL, v[0][c], line[0]);
        set_metric(&t->b, M_USER, v[1][c], line[1]);
        set_metric(&t->b, M_SYS, v[2][c], line[2]);
        if (t->ncolumns == k)
            bdb_strlcpy(t->b.column, sizeof t->b.column, t->columns[c]);
        else
            snprintf(t->b.column, sizeof t->b.column, "%d", c + 1);
        rc = emit_block(t);
    }
    return rc ? rc : 1;
}

/* The first line of a format wrapped over the lines after raw
 * (join_wrapped): opens its block. 1 when it was, 0 when not, <0 error. */
static int wrapped_start(tctx *t, bdb_lines *it, const bdb_line *raw,
                         const char *p, const char *e,
                         const tfmt *const *list, int n)
{
    bdb_wrapped w;
    bdb_wrapped_init(&w);
    bdb_lines after;
    mres r;
    int which, span;
    int rc = join_wrapped(it, p, e, list, n, 0, &w, &r, &after, &which,
                          &span);
    if (rc == 1) {
        block *b = &t->b;
        memset(b, 0, sizeof *b);
        b->active = 1;
        b->kind = 1;
        b->f = list[which];
        b->start_line = raw->no;
        b->next = span;
        *it = after;
        rc = take_wrapped(t, b, &r, &w, raw);
        if (!rc && b->next == b->f->nlines) {
            if (b->f->bsd || b->f->zmem)
                b->kind = b->f->bsd ? 3 : 5;
            else
                rc = emit_block(t);
        }
        rc = rc ? rc : 1;
    }
    bdb_wrapped_free(&w);
    return rc;
}

/* The same glued to program output before it on its line, the report
 * re-flowed from there ("> MBit/sec) 14.74user 22.92system 4:26.91elapsed
 * 14%CPU" / "> (0avgtext+0avgdata 0maxresident)k 0inputs+0outputs" /
 * "> (912major+1430minor)pagefaults 0swaps": dbench's line ran into the
 * report in a 2001 linux-kernel mail). Only formats whose first line
 * starts with a figure then a word ("%Uuser", "%e real"), and only where
 * that word stands in the line after a figure: the figure's start is
 * tried, the first MAX_GLUED_STARTS such places. */
#define MAX_GLUED_STARTS 8

static int glued_wrapped_start(tctx *t, bdb_lines *it, const bdb_line *raw,
                               const char *p, const char *e,
                               const tfmt *const *list, int n)
{
    const tfmt *sub[NBUILTIN + 3];
    char words[NBUILTIN + 3][32];
    int nsub = 0;
    for (int i = 0; i < n && nsub < (int)(NBUILTIN + 3); i++) {
        const tfmt *f = list[i];
        const fitem *a = &f->items[f->lines[0]];
        if (f->lines[1] - f->lines[0] < 2 || !a[0].field ||
            a[0].kind == V_CMD || a[0].kind == V_WORD || a[1].field)
            continue;
        const char *w = a[1].lit, *z = a[1].lit + a[1].n;
        bdb_trim_blank(&w, &z);
        const char *y = w;
        while (y < z && *y != ' ' && *y != '\t')
            y++;
        if (y - w < 3 || (size_t)(y - w) >= sizeof words[0])
            continue;
        bdb_copy(words[nsub], sizeof words[0], w, y);
        if (!bdb_contains(p, e, words[nsub]))
            continue;
        sub[nsub++] = f;
    }
    const char *tried[MAX_GLUED_STARTS];
    int ntried = 0;
    for (int i = 0; i < nsub && ntried < MAX_GLUED_STARTS; i++) {
        size_t wn = strlen(words[i]);
        for (const char *q = p; q < e && ntried < MAX_GLUED_STARTS;) {
            const char *hit = bdb_find(q, e, words[i]);
            if (!hit)
                break;
            q = hit + wn;
            /* back over the blanks a page may set, then the figure */
            const char *s = hit;
            while (s > p && (s[-1] == ' ' || s[-1] == '\t'))
                s--;
            const char *fe = s;
            while (s > p && (is_digit(s[-1]) || strchr(".,:hms", s[-1])))
                s--;
            while (s < fe && !is_digit(*s))
                s++;
            if (s == fe || s == p || is_digit(s[-1]) ||
                (s[-1] >= 'a' && s[-1] <= 'z') ||
                (s[-1] >= 'A' && s[-1] <= 'Z'))
                continue;
            int seen = 0;
            for (int k = 0; k < ntried; k++)
                seen |= tried[k] == s;
            if (seen)
                continue;
            tried[ntried++] = s;
            int rc = wrapped_start(t, it, raw, s, e, sub, nsub);
            if (rc)
                return rc;
        }
    }
    return 0;
}

static int line_kind(tctx *t, bdb_lines *it, const bdb_line *raw,
                     const char *p, const char *e, const char *bufend)
{
    int rc;
    if (t->b.active) {
        rc = continue_block(t, it, raw, p, e);
        if (rc)
            return rc < 0 ? rc : 0;
    }
    rc = status_line(t, raw, p, e);
    if (rc)
        return rc < 0 ? rc : 0;
    const char *val;
    int f = vfield_of(p, e, &val);
    if (f == -2 || f == 0 || f == VF_TOYBOX) {
        memset(&t->b, 0, sizeof t->b);
        t->b.active = 1;
        t->b.kind = 2;
        t->b.toybox = f == VF_TOYBOX;
        t->b.start_line = raw->no;
        return verbose_line(t, raw, f, val);
    }
    if (f >= 0) {
        /* an excerpt of a -v block ("Elapsed (wall clock) time ...: 3:22.03"
         * / "Maximum resident set size (kbytes): 43856" quoted in a
         * mail): its figures are read, and the missing start said */
        memset(&t->b, 0, sizeof t->b);
        t->b.active = 1;
        t->b.kind = 2;
        t->b.toybox = f > VF_TOYBOX;
        t->b.start_line = raw->no;
        rc = twarn(t, raw->no, "a time -v block without its first lines "
                   "(it starts at '%s'); the lines that are there are read",
                   vfields[f].label);
        return rc ? rc : verbose_line(t, raw, f, val);
    }
    rc = side_by_side(t, it, raw, p, e);
    if (rc)
        return rc < 0 ? rc : 0;
    double real;
    if (fish_executed(p, e, &real)) {
        memset(&t->b, 0, sizeof t->b);
        t->b.active = 1;
        t->b.kind = 4;
        t->b.start_line = raw->no;
        set_metric(&t->b, M_REAL, real, raw->no);
        return 0;
    }
    const char *to = e;
    rc = assignment(t, p, e, bufend, &to);
    if (rc < 0)
        return rc;
    if (rc && to > e) {
        /* a quote left open spans lines: skip the lines it took */
        while (it->pos < (size_t)(to - it->buf) && it->pos < it->len) {
            bdb_line skip;
            if (!bdb_lines_next(it, &skip))
                break;
        }
        return 0;
    }
    int assigned = rc;
    /* `bash -c 'TIMEFORMAT=%3R; time CMD'` holds both */
    if (e[-1] == '\\' && bdb_contains(p, e, "time"))
        rc = continued_command(t, it, raw, p, e);
    else
        rc = command_line(t, p, e, raw->no);
    if (rc || assigned)
        return rc < 0 ? rc : 0;
    const tfmt *list[NBUILTIN + 3];
    int n = candidates(t, list);
    /* at the line start, then glued to program output before it, then
     * after an author's label ("Ext2:    real    0m3.823s user ...") */
    const char *labelled = after_label(p, e);
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < n && (pass < 2 || labelled); i++) {
            mres r;
            if (pass == 0   ? !bdb_tfmt_match_line(list[i], 0, p, e, &r)
                : pass == 1 ? !bdb_tfmt_match_glued(list[i], p, e, &r)
                            : !bdb_tfmt_match_line(list[i], 0, labelled, e, &r))
                continue;
            memset(&t->b, 0, sizeof t->b);
            t->b.active = 1;
            t->b.kind = 1;
            t->b.f = list[i];
            t->b.start_line = raw->no;
            rc = take_result(t, &t->b, &r, raw);
            if (rc)
                return rc;
            t->b.next = 1;
            if (list[i]->nlines == 1) {
                if (list[i]->bsd || list[i]->zmem) {
                    t->b.kind = list[i]->bsd ? 3 : 5;
                    return 0;
                }
                return emit_block(t);
            }
            return 0;
        }
    }
    rc = wrapped_start(t, it, raw, p, e, list, n);
    if (rc)
        return rc < 0 ? rc : 0;
    rc = glued_wrapped_start(t, it, raw, p, e, list, n);
    if (rc)
        return rc < 0 ? rc : 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < list[i]->nlines; k++) {
            mres r;
            if (k > 0 && bdb_tfmt_match_line(list[i], k, p, e, &r))
                return twarn(t, raw->no, "time output ('%s', line %d) "
                             "without the line(s) before it; not imported",
                             list[i]->shown, k + 1);
            if (bdb_tfmt_near_miss(list[i], k, p, e))
                return twarn(t, raw->no, "expected time output ('%s', line "
                             "%d) but a figure does not parse",
                             list[i]->shown, k + 1);
        }
    }
    return 0;
}

/* A Markdown list bullet ("- ", "* ") an author set before a line of the
 * output ("    - User time (seconds): 2201.12"): time prints none. */
static const char *skip_bullet(const char *p, const char *e)
{
    if (e - p > 2 && (*p == '-' || *p == '*') && (p[1] == ' ' || p[1] == '\t'))
        return bdb_skip_blank(p + 2, e);
    return p;
}

static void ctx_free(tctx *t)
{
    bdb_tfmt_free(&t->user);
    bdb_tfmt_free(&t->logf);
    bdb_tfmt_free(&t->cmdf);
    for (size_t i = 0; i < NBUILTIN; i++)
        bdb_tfmt_free(&t->builtin[i]);
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    tctx *t = calloc(1, sizeof *t);
    if (!t)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    t->opts = opts;
    t->out = out;
    int rc = 0;
    for (size_t i = 0; i < NBUILTIN && !rc; i++) {
        const char *s = builtin_src[i].fmt;
        rc = bdb_tfmt_compile(&t->builtin[i], builtin_src[i].dialect, s,
                              s + strlen(s));
        t->builtin[i].bsd = builtin_src[i].bsd;
        t->builtin[i].zmem = builtin_src[i].zmem;
    }
    if (!rc && opts && opts->time_format && opts->time_format[0]) {
        const char *fmt = opts->time_format;
        int d = user_dialect(&fmt);
        int crc = bdb_tfmt_compile(&t->user, d, fmt, fmt + strlen(fmt));
        if (crc == BDB_ENOMEM)
            rc = crc;
        else if (crc)
            rc = bdb_sink_warn(out, 0, "the time format '%s' has no figure "
                               "to read (or more than %d lines); ignored",
                               opts->time_format, MAX_FMT_LINES);
        else
            t->has_user = 1;
    }
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    const char *bufend = buf + len;
    if (!rc && !t->has_user && reflowed(t, buf, len, 0) >= 3) {
        /* a -v report re-flowed by a mail client: no line of it is
         * whole, so it is read by its labels instead of line by line */
        rc = reflowed(t, buf, len, 1);
        it.pos = it.len;
    }
    while (!rc && !t->full && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        const char *before = p;
        p = skip_bullet(p, e);
        t->bulleted = p != before;
        if (p == e)
            continue;
        rc = handle_line(t, &it, &ln, p, e, bufend);
    }
    if (!rc && !t->full && t->b.active) {
        if (t->b.kind == 3 || t->b.kind == 5)
            rc = emit_block(t);
        else if (t->b.kind == 2)
            rc = cut_block(t, ln.no, "more 'Label: value' lines of time -v "
                           "up to 'Exit status' (the log ends)");
        else if (t->b.kind == 4)
            rc = cut_block(t, ln.no, "fish's 'usr time' and 'sys time' lines "
                           "(the log ends)");
        else {
            char what[160];
            snprintf(what, sizeof what, "line %d of the time format '%s' "
                     "(the log ends)", t->b.next + 1, t->b.f->shown);
            rc = cut_block(t, ln.no, what);
        }
    }
    if (!rc && out->n == 0 && t->has_user)
        rc = twarn(t, 0, "no line matches the time format '%s'", t->user.shown);
    else if (!rc && out->n == 0 && (t->has_logf || t->has_cmdf))
        rc = twarn(t, 0, "no line matches the time format '%s' given in the "
                   "log", t->has_cmdf ? t->cmdf.shown : t->logf.shown);
    ctx_free(t);
    free(t);
    if (rc == BDB_ENOMEM)
        return bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory");
    return rc;
}

/* A duration that is the rest of the line, or followed by a trailer (a
 * comment, punctuation, markup: "0m1.958s\"/>"). */
static int duration_rest(const char *p, const char *e, double *v)
{
    if (bdb_time_duration(p, e, v))
        return 1;
    for (const char *q = p + 1; q < e; q++)
        if (bdb_is_trailer(q, e) && !bdb_is_blank(q, e))
            return bdb_time_duration(p, q, v);
    return 0;
}

/* [p, sp) is the label w as bash prints it ("real") or as authors
 * retype it ("real:", "Real", "Real:"). */
static int time_label(const char *p, const char *sp, const char *w)
{
    size_t n = strlen(w);
    if (sp > p && sp[-1] == ':')
        sp--;
    if ((size_t)(sp - p) != n || (*p != w[0] && *p != w[0] - 'a' + 'A'))
        return 0;
    return memcmp(p + 1, w + 1, n - 1) == 0;
}

/* The word w between blanks (spaces or tabs) somewhere in [p, e). */
static int blank_word(const char *p, const char *e, const char *w)
{
    size_t n = strlen(w);
    for (const char *q = p + 1; q + n < e; q++)
        if ((q[-1] == ' ' || q[-1] == '\t') && memcmp(q, w, n) == 0 &&
            (q[n] == ' ' || q[n] == '\t'))
            return 1;
    return 0;
}

/* Looks for a "real" line followed by "user" and "sys" lines, GNU's default
 * line, -v labels, BSD's one line, zsh's default, or a TIMEFORMAT / time -f
 * line with a line of figures after it. */
static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    int state = 0; /* 1: after real, 2: after user, 3: after fish's
                      "Executed in", 4: after real lines side by side */
    int lone_real = 0; /* a bash "real NmS.FFFs" line with no user line */
    const char *real_line = NULL, *real_end = NULL;
    int vlabels = 0;
    int fmt_seen = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        double v;
        const char *val;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        p = skip_bullet(p, e);
        if (p == e)
            continue;
        const char *sp = p;
        while (sp < e && bdb_skip_blank(sp, e) == sp)
            sp++;
        const char *vs = bdb_skip_blank(sp, e);
        if (time_label(p, sp, "real") && vs > sp && duration_rest(vs, e, &v)) {
            state = 1;
            real_line = vs;
            real_end = e;
            continue;
        }
        if (state == 1 && time_label(p, sp, "user") && vs > sp &&
            duration_rest(vs, e, &v)) {
            state = 2;
            continue;
        }
        if (state == 2 && time_label(p, sp, "sys") && vs > sp &&
            duration_rest(vs, e, &v))
            return 90;
        if (state == 1 && lone_real < 60)
            lone_real = 60; /* "real\t0m4.057s" quoted alone, bash's form */
        if (state == 3 && bdb_starts_with(p, e, "usr time "))
            return 90; /* fish */
        double cols[MAX_COLUMNS];
        if (state == 4 && label_columns(p, e, "user", cols) >= 2)
            return 90; /* runs side by side */
        if (label_columns(p, e, "real", cols) >= 2) {
            state = 4;
            continue;
        }
        state = fish_executed(p, e, &v) ? 3 : 0;
        if (state)
            continue;
        /* the cheap tests first (a byte, the line's end): this runs on
         * every line of every file detection looks at */
        size_t n = (size_t)(e - p);
        if (memchr(p, ')', n) &&
            (bdb_contains(p, e, "maxresident)k") || bdb_contains(p, e, "max)k"))) {
            if (bdb_contains(p, e, "elapsed"))
                return 90;
            fmt_seen = 1; /* GNU's first line wrapped (join_wrapped) */
        }
        const char *lb = after_label(p, e);
        if (((sp - p == 4 && bdb_span_eq(p, sp, "real")) ||
             (lb && bdb_starts_with(lb, e, "real "))) &&
            blank_word(p, e, "user") && blank_word(p, e, "sys"))
            return 80;  /* TIMEFORMAT='real %lR user %lU sys %lS', or
                           bash's default with its line breaks lost
                           ("real\t0m1.702s\tuser\t0m1.680s\tsys\t...") */
        if (is_digit(*p) && e - p > 4 && bdb_span_eq(e - 4, e, " sys") &&
            bdb_contains(p, e, " real ") && bdb_contains(p, e, " user "))
            return 80;
        if (e - p > 6 && bdb_span_eq(e - 6, e, " total") &&
            blank_word(p, e, "user") && blank_word(p, e, "system") &&
            blank_word(p, e, "cpu"))
            return 80; /* zsh, any blanks ("%J   %U  user %S system ...") */
        if (memchr(p, '%', n) && bdb_contains(p, e, " total ") &&
            blank_word(p, e, "user") && blank_word(p, e, "system") &&
            blank_word(p, e, "cpu"))
            fmt_seen = 1; /* zsh's, the next line glued on after "total"
                             (a page lost the break): the trial decides */
        if ((e - p > 7 && bdb_span_eq(e - 7, e, " system") &&
             bdb_contains(p, e, " real ")) ||
            (memchr(p, '+', n) && bdb_contains(p, e, "pf+") &&
             bdb_contains(p, e, "io ")))
            fmt_seen = 1; /* mksh, tcsh: the trial parse below decides */
        else if ((memchr(p, '=', n) && bdb_contains(p, e, "TIME") &&
                  (bdb_contains(p, e, "TIMEFORMAT=") ||
                   bdb_contains(p, e, "TIMEFMT=") || bdb_contains(p, e, "TIME="))) ||
                 (memchr(p, '%', n) &&
                  (bdb_contains(p, e, "-f ") || bdb_contains(p, e, "--format"))))
            fmt_seen = 1;
        int f = vfield_of(p, e, &val);
        if (f == -2 || f == 3 || f == VF_TOYBOX)
            vlabels += 2;
        else if (f >= 0)
            vlabels++;
        if (vlabels >= 4)
            return 90;
    }
    /* a -v report re-flowed into a paragraph: no line of it is whole,
     * but its "(seconds)" and "(kbytes)" labels are */
    size_t look = len < ((size_t)1 << 20) ? len : (size_t)1 << 20;
    if ((bdb_memfind(buf, look, "(seconds):") ||
         bdb_memfind(buf, look, "(kbytes):")) &&
        reflowed(NULL, buf, look, 0) >= 4)
        return 70;
    if (state == 1 && lone_real < 60)
        lone_real = 60;
    /* only bash's own "0m4.057s" form: a "real 4.06" alone is anyone's */
    if (lone_real && real_line && real_end - real_line > 3 &&
        real_end[-1] == 's' && memchr(real_line, 'm', (size_t)(real_end - real_line)))
        return lone_real;
    if (fmt_seen) {
        /* the log names its format: does it hold output in it? */
        bdb_sink s;
        bdb_diag d;
        bdb_sink_init(&s);
        bdb_diag_clear(&d);
        int rc = parse(buf, len, NULL, &s, &d);
        size_t n = s.n;
        bdb_sink_free(&s);
        if (rc == BDB_OK && n > 0)
            return 70;
    }
    return 0;
}

const bdb_parser bdb_parser_time = {"time", 2, sniff, parse, 0, 0, 0};
