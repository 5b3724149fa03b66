/* parse_hdparm.c - hdparm's read timings (-T, -t, --direct) and the
 * hdparm command line that asked for them.
 *
 * hdparm.c (time_cache(), time_device(), process_dev(); hdparm 9.x, and the
 * older 5.x wording of LKML-era logs) prints, after a "\n%s:\n" header per
 * device named on the command line (in order; -q drops the header):
 *   " Timing %scached reads:   "  ("O_DIRECT " with --direct)
 *   " Timing %s disk reads"        ("O_DIRECT" or "buffered")
 *     [" (offset %llu GB)"] ": "   (--offset N, N * 2^30 bytes)
 *   then "%3u MB in %5.2f seconds = %6.2f MB/sec\n", or "... kB/sec" below
 *   1 MB/s (= MB / elapsed * 1024). BusyBox's hdparm prints "%5u MB in
 *   %u.%02u seconds = %u kB/s" (KiB/s, m * 1024 * 10^6 / elapsed_us).
 *   (hdparm 5.x: " Timing buffer-cache reads: ... =213.33 MB/sec")
 * TIMING_BUF_MB blocks of TIMING_BUF_BYTES = MB * 1024 * 1024: hdparm's MB
 * is 2^20 bytes and its kB 2^10 bytes. -T reads for 2 s, -t for 3 s or to
 * the end of the device (max_iterations from its size), so a small device
 * or partition gives a short timing ("48 MB in 0.03 seconds"): a timing
 * under 1 s is kept and warned about (the rate comes from a very short
 * sample). The label is printed and flushed before the test runs, so
 * errors printed to stderr (perror: "BLKFLSBUF failed: ...", "read() hit
 * EOF - device too small", "lseek() failed", "HDIO_DRIVE_CMD(...)
 * failed: ...", "SG_IO: bad/missing sense data") land after the label when
 * both streams are captured, and the figures, if the test went on, follow
 * on a later line. Seed 002 quotes the result as "Timing cached reads:
 * 2900.59 MB/sec" (rate only), which is read too.
 *
 * Metrics: throughput (B/s, higher is better) from the printed rate (more
 * precise than MB / the 2-decimal seconds, and cross-checked against them:
 * a mismatch is warned about), bytes (B, the data read in the timed
 * interval) and elapsed (s; both neutral: hdparm reads for a fixed time).
 * Benchmarks: cached_reads, buffered_disk_reads, direct_cached_reads,
 * direct_disk_reads (what -T, -t and --direct asked for).
 *
 * Parameters: device (the "/dev/sda:" header; without one, the only
 * device of the command line), offset (bytes, from "(offset N GB)"),
 * direct=1 for the O_DIRECT timings. The command line ("$ sudo hdparm -tT
 * --direct /dev/sda", set -x's "+ hdparm ...") is read with
 * ingest/cmdline.h the way hdparm's main() reads it (flag letters grouped
 * after one '-', long options, devices); what hdparm printed wins, and a
 * command line that disagrees with it (a device it did not name, -t
 * without a disk timing, --direct without O_DIRECT, another --offset) is
 * warned about.
 *
 * Several devices and repeated runs (seed 000's "#N :" markers, a shell
 * loop) give one sample per timing line; ingest numbers the repetitions.
 * hdparm's errors and lines that do not parse are warnings at their line;
 * a file where nothing was measured fails with the first of them. */
#include "ingest.h"
#include "cmdline.h"
#include "wrapped.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB 1048576.0

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* hdparm's own error messages (perror / fputs in hdparm.c). */
static int is_error_text(const char *p, const char *end)
{
    static const char *const pats[] = {
        "failed", "hit EOF", "Operation not permitted", "No such file",
        "Permission denied", "device too small", "returned", "Inappropriate ioctl",
        "could not", "not supported", "Input/output error",
        "bad/missing sense data", "No medium found"};
    for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++)
        if (bdb_contains(p, end, pats[i]))
            return 1;
    return 0;
}

/* The benchmark named by a "Timing ...:" label; NULL when unknown. */
static const char *timing_kind(const char *p, const char *colon, double *offset)
{
    *offset = -1;
    const char *o = bdb_find(p, colon, "(offset ");
    const char *lab_end = o ? o : colon;
    while (lab_end > p && lab_end[-1] == ' ')
        lab_end--;
    if (o) {
        const char *q = o + strlen("(offset ");
        double gb;
        if (bdb_scan_number(&q, colon, &gb, 0))
            *offset = gb * 1073741824.0;
    }
    if (bdb_span_eq(p, lab_end, "cached reads") ||
        bdb_span_eq(p, lab_end, "buffer-cache reads"))
        return "cached_reads";
    if (bdb_span_eq(p, lab_end, "buffered disk reads"))
        return "buffered_disk_reads";
    if (bdb_span_eq(p, lab_end, "O_DIRECT cached reads"))
        return "direct_cached_reads";
    if (bdb_span_eq(p, lab_end, "O_DIRECT disk reads"))
        return "direct_disk_reads";
    return NULL;
}

/* What an hdparm command line asked for. */
typedef struct hcmd {
    int line;          /* 0: no command line seen */
    int t, T, direct;  /* -t, -T, --direct */
    double offset;     /* --offset N in bytes, -1: none */
    bdb_cmdline cl;    /* the devices are the argv words flagged in isdev */
    unsigned char *isdev;
    int ndev;
} hcmd;

typedef struct hctx {
    bdb_sink *out;
    const bdb_parse_opts *opts;
    char device[BDB_PARAM_VALUE_MAX];
    int device_line;   /* the header's line, 0: none */
    hcmd cmd;
    /* a label whose figures have not come yet */
    const char *pending;
    int pending_line;
    double pending_offset;
    char pending_err[160];
    int nfig;
    int old_label;     /* the timing being read has hdparm 5.x's wording */
    /* a timing a mail client re-flowed onto the next line: the joined
     * text's lines (figures() reads them), and where the next line's
     * own text starts after what completed the timing (NULL: none) */
    const bdb_wrapped *joined;
    const char *resume;
    const char *line_start, *line_end; /* the line being read */
} hctx;

static void hcmd_free(hcmd *c)
{
    bdb_cmdline_free(&c->cl);
    free(c->isdev);
    memset(c, 0, sizeof *c);
    c->offset = -1;
}

/* Walks argv as hdparm's main() does: "-" words hold flag letters (some
 * take a number, glued or as the next word), "--name" long options
 * (--offset takes a number), "--" ends flags, other words are devices. */
static int read_command(hcmd *c, int line)
{
    c->line = line;
    c->isdev = calloc((size_t)c->cl.argc + 1, 1);
    if (!c->isdev)
        return BDB_ENOMEM;
    int no_flags = 0;
    for (int i = 1; i < c->cl.argc; i++) {
        const char *a = c->cl.argv[i];
        if (no_flags || a[0] != '-') {
            /* a number after a flag that takes one ("-S 120") */
            if (!no_flags && a[0] && strspn(a, "0123456789") == strlen(a))
                continue;
            c->isdev[i] = 1;
            c->ndev++;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            no_flags = 1;
        } else if (a[1] == '-') {
            if (strcmp(a, "--direct") == 0) {
                c->direct = 1;
            } else if (strcmp(a, "--offset") == 0 && i + 1 < c->cl.argc) {
                const char *v = c->cl.argv[++i];
                const char *q = v, *e = v + strlen(v);
                double gb;
                if (bdb_scan_number(&q, e, &gb, 0) && q == e)
                    c->offset = gb * 1073741824.0;
            }
        } else {
            for (const char *f = a + 1; *f; f++) {
                if (*f == 't')
                    c->t = 1;
                else if (*f == 'T')
                    c->T = 1;
                else if (is_digit(*f))
                    break; /* "-S120": the flag's value */
            }
        }
    }
    return 0;
}

static int cmd_names(const hcmd *c, const char *dev)
{
    for (int i = 1; i < c->cl.argc; i++)
        if (c->isdev[i] && strcmp(c->cl.argv[i], dev) == 0)
            return 1;
    return 0;
}

/* The command line's settings against a timing hdparm printed. */
static int check_command(hctx *h, const char *kind, double offset, int line)
{
    const hcmd *c = &h->cmd;
    if (!c->line)
        return 0;
    int direct = strncmp(kind, "direct_", 7) == 0;
    int cached = strstr(kind, "cached") != NULL;
    const char *why[5];
    int n = 0;
    if (direct && !c->direct)
        why[n++] = "an O_DIRECT timing without --direct";
    if (!direct && c->direct)
        why[n++] = "--direct but not an O_DIRECT timing";
    if (cached && !c->T)
        why[n++] = "a cached timing without -T";
    if (!cached && !c->t)
        why[n++] = "a disk timing without -t";
    if (!cached && c->offset >= 0 && offset != c->offset)
        why[n++] = "another --offset than the timing";
    if (!n)
        return 0;
    char what[256] = "";
    for (int i = 0; i < n; i++) {
        size_t used = strlen(what);
        snprintf(what + used, sizeof what - used, "%s%s", i ? "; " : "", why[i]);
    }
    return bdb_sink_warn(h->out, line,
                         "the hdparm command line at line %d disagrees with "
                         "what hdparm printed (%s): it may not be the command "
                         "that printed this",
                         c->line, what);
}

/* The unit at q, ending the line or followed by the markup of a page that
 * quotes it ("61.83 MB/sec`}</Code>" in a JSX template literal,
 * "MB/sec</pre>") or the full stop of a sentence, never by more of a
 * word. */
static int unit_at(const char *q, const char *end, const char *unit)
{
    size_t n = strlen(unit);
    if (!bdb_starts_with(q, end, unit))
        return 0;
    q += n;
    if (q == end || (*q == '.' && bdb_is_trailer(q, end)))
        return 1; /* "= 58.57 MB/sec." ends a sentence */
    /* hdparm ends the line at the unit ("... = %6.2f MB/sec\n"); text
     * after a blank is the writer's note ("= 22.28 MB/sec (this is the
     * value we care for)", "= 8362.37 MB/sec = 1mb => 0.12 ms"):
     * figures() warns the numbers in it */
    if (q < end && (*q == ' ' || *q == '\t'))
        return 1;
    char c = *q;
    return !(is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
             c == '/' || c == '.' || c == ' ' || c == '\t');
}

/* The writer's note after the unit at q ("= 1mb => 0.12 ms"): where it
 * starts when it holds a digit, NULL when the unit ends the line or is
 * followed by markup or a note without a number. */
static const char *note_with_number(const char *q, const char *end)
{
    while (q < end && *q != ' ' && *q != '\t')
        q++;
    const char *n = bdb_skip_blank(q, end);
    return bdb_first_digit(n, end) ? n : NULL;
}

/* Warns the writer's note [note, end) at line: its numbers are not
 * hdparm's. */
static int warn_note(hctx *h, int line, const char *note, const char *end)
{
    return bdb_sink_warn(h->out, line,
                         "numbers in the note after hdparm's rate not "
                         "read: '%.*s'",
                         (int)(end - note > 80 ? 80 : end - note), note);
}

/* The multiplier of a unit that the line's end cut, a proper prefix of
 * hdparm's "MB/sec" or "kB/sec" ("1.21 MB/" on a forum post whose
 * lines were cut at a width), before the line's end or a page's markup;
 * 0 when [q, end) is none. */
static double cut_unit(const char *q, const char *end)
{
    static const struct {
        const char *unit;
        double mult;
    } u[] = {{"MB/sec", MIB}, {"kB/sec", 1024.0}, {"KB/sec", 1024.0}};
    const char *w = q;
    while (w < end && ((*w >= 'a' && *w <= 'z') || (*w >= 'A' && *w <= 'Z') ||
                       *w == '/'))
        w++;
    if (w == q || (w < end && !bdb_is_trailer(w, end)))
        return 0;
    for (size_t i = 0; i < sizeof u / sizeof *u; i++)
        if ((size_t)(w - q) < strlen(u[i].unit) &&
            memcmp(q, u[i].unit, (size_t)(w - q)) == 0)
            return u[i].mult;
    return 0;
}

/* The multiplier of a rate whose unit the line's end cut off whole
 * ("= 1.21"): the one of hdparm's two (MB/sec, kB/sec below 1 MB/s)
 * that agrees with MB / seconds; 0 when neither does. */
static double unit_from_figures(double mb, double secs, double rate)
{
    if (mb < 0 || secs <= 0 || rate <= 0)
        return 0;
    double tol = 0.006 / secs + 0.01;
    double mbs = mb / secs;
    if (mbs >= 1.0 && rate / mbs < 1 + tol && rate / mbs > 1 - tol)
        return MIB;
    if (mbs < 1.0 && rate / (mbs * 1024) < 1 + tol &&
        rate / (mbs * 1024) > 1 - tol)
        return 1024.0;
    return 0;
}

/* "N MB in T seconds = R MB/sec" or "R MB/sec" at p (whole rest). Returns 1
 * and emits, 0 when the text is not figures, 2 when it starts like figures
 * but is malformed, or a negative BDB_E* code. */
static int figures(hctx *h, const char *kind, double offset, const char *p,
                   const char *end, int line)
{
    double mb = -1, secs = -1, rate;
    const char *q = p;
    /* hdparm prints "%3u MB in %5.2f seconds = %6.2f MB/sec" and never
     * calls setlocale(): its decimal point is '.' and it groups no digits.
     * Figures retyped by their writer (or a page) come with a decimal
     * comma ("= 992,30 MB/sec") or thousands grouped the writer's way
     * ("= 18 661.44 MB/sec", "18.661,44", "18,661.44", U+00A0/U+202F):
     * neither figure has three decimals, so a '.' before three digits is
     * a group */
    const int dc = BDB_SCAN_DECIMAL_COMMA | BDB_SCAN_GROUPING_LOCALE;
    if (!is_digit(*q) || !bdb_scan_number(&q, end, &rate, dc))
        return 0;
    q = bdb_skip_blank(q, end);
    /* cut: the line's end took the rate's unit or the rate itself */
    const char *cut = NULL;
    const char *secs_at = p, *rate_at = p;
    if (bdb_scan_lit(&q, end, "MB in", 0)) {
        mb = rate;
        secs_at = bdb_skip_blank(q, end);
        if (!bdb_scan_number(&q, end, &secs, dc) ||
            !bdb_scan_lit(&q, end, "seconds", 1))
            return 2;
        if (bdb_scan_lit(&q, end, "=", 1))
            rate_at = bdb_skip_blank(q, end);
        if (rate_at == p || !bdb_scan_number(&q, end, &rate, dc)) {
            if (!bdb_is_trailer(q, end) && !(q < end && *q == '=' &&
                                             bdb_is_trailer(q + 1, end)))
                return 2;
            rate = -1;   /* "6 MB in  4.98 seconds =" and no more */
            cut = q;
        }
        q = bdb_skip_blank(q, end);
    }
    double mult = 0;
    if (cut)
        mult = MIB;
    else if (unit_at(q, end, "MB/sec") || unit_at(q, end, "MB/s"))
        mult = MIB;
    else if (unit_at(q, end, "kB/sec") || unit_at(q, end, "KB/sec") ||
             unit_at(q, end, "kB/s") || unit_at(q, end, "KB/s"))
        mult = 1024.0;  /* BusyBox: "%5u MB in %u.%02u seconds = %u kB/s",
                           m * 1024 * 10^6 / elapsed_us: KiB/s */
    else if ((mult = cut_unit(q, end)) > 0)
        cut = q;
    else if (bdb_is_trailer(q, end) &&
             (mult = unit_from_figures(mb, secs, rate)) > 0)
        cut = q;
    else
        return 2;
    bdb_sample b;
    bdb_sample_init(&b, kind);
    const char *dev = h->device;
    if (!dev[0] && h->cmd.ndev == 1)
        for (int i = 1; i < h->cmd.cl.argc; i++)
            if (h->cmd.isdev[i])
                dev = h->cmd.cl.argv[i];
    int rc = 0;
    if (dev[0] && bdb_params_set(&b.params, "device", "%s", dev) == BDB_ERANGE)
        rc = BDB_ERANGE;
    if (offset >= 0 && bdb_params_set(&b.params, "offset", "%.0f", offset) == BDB_ERANGE)
        rc = BDB_ERANGE;
    if (strncmp(kind, "direct_", 7) == 0 &&
        bdb_params_set(&b.params, "direct", "1") == BDB_ERANGE)
        rc = BDB_ERANGE;
    if (rc)
        return rc; /* three keys never fill a set: a bug, not a log */
    if (rate <= 0 && !(cut && mb >= 0)) {
        rc = bdb_sink_warn(h->out, line,
                           "hdparm printed a rate of %.2f: expected a positive "
                           "'R MB/sec'", rate);
        return rc ? rc : 1;
    }
    if (cut && rate <= 0)
        rc = bdb_sink_warn(h->out, line,
                           "the line ends before hdparm's rate ('%.*s'): "
                           "no throughput",
                           (int)(end - p > 80 ? 80 : end - p), p);
    else if (cut)
        rc = bdb_sink_info(h->out, line,
                           "the line ends inside the rate's unit ('%.*s'): "
                           "read as %s/sec",
                           (int)(end - cut > 16 ? 16 : end - cut), cut,
                           mult == MIB ? "MB" : "kB");
    /* each figure at the line it is printed on (a re-flowed timing's
     * rate on the next line) */
    int rate_line = line, secs_line = line;
    if (h->joined) {
        rate_line = bdb_wrapped_line(h->joined, rate_at, line);
        secs_line = bdb_wrapped_line(h->joined, secs_at, line);
    }
    /* a line unwrapped from several of the file's ("= \" then the
     * rate): each number's column names its own (bdb_sink_col) */
    const char *from = h->joined ? NULL : h->line_start;
    if (!rc && rate > 0) {
        bdb_sink_col(h->out, from, h->line_end, rate_at);
        rc = bdb_sink_add(h->out, &b, "throughput", rate * mult,
                          BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, rate_line);
    }
    if (!rc && mb >= 0) {
        bdb_sink_col(h->out, from, h->line_end, p);
        rc = bdb_sink_add(h->out, &b, "bytes", mb * MIB, BDB_UNIT_BYTES,
                          BDB_NEUTRAL, line);
        if (!rc)
            bdb_sink_col(h->out, from, h->line_end, secs_at);
        if (!rc)
            rc = bdb_sink_add(h->out, &b, "elapsed", secs, BDB_UNIT_SECONDS,
                              BDB_NEUTRAL, secs_line);
        if (!rc && secs > 0 && rate > 0) {
            double computed = mb * MIB / secs;
            double tol = 0.006 / secs + 0.01;
            double ratio = computed / (rate * mult);
            if (ratio > 1 + tol || ratio < 1 - tol)
                rc = bdb_sink_warn(h->out, line,
                                   "printed rate %.2f MB/sec differs from %.0f "
                                   "MB / %.2f s",
                                   rate * mult / MIB, mb, secs);
        }
        /* hdparm 5.x timed a fixed amount ("buffer-cache reads") */
        if (!rc && secs < 1.0 && !h->old_label)
            rc = bdb_sink_warn(h->out, line,
                               "hdparm read only %.0f MB in %.2f s (it reads for "
                               "2-3 s unless the device ends first): the rate "
                               "comes from a very short sample",
                               mb, secs);
    }
    const char *note = cut ? NULL : note_with_number(q, end);
    if (!rc && note)
        rc = warn_note(h, line, note, end);
    if (!rc)
        rc = check_command(h, kind, offset, line);
    h->nfig++;
    return rc ? rc : 1;
}

/* "/dev/sda Timing ..." or "/dev/sda: Timing ...": where the timing
 * starts, or NULL. */
static const char *device_before_timing(const char *p, const char *e)
{
    if (p >= e || *p != '/')
        return NULL;
    const char *w = p;
    while (w < e && *w != ' ' && *w != '\t')
        w++;
    const char *rest = bdb_skip_blank(w, e);
    return rest > w && bdb_starts_with(rest, e, "Timing ") ? rest : NULL;
}

/* 1 when [p, end) is a timing's figures whole, ending at hdparm's
 * unit: "N MB in T seconds = R MB/sec" or the rate alone. */
static int figures_whole(const char *p, const char *end)
{
    static const char *const units[] = {"MB/sec", "kB/sec", "KB/sec",
                                        "MB/s",   "kB/s",   "KB/s"};
    /* as figures() reads them: a decimal comma, a writer's groups */
    const int dc = BDB_SCAN_DECIMAL_COMMA | BDB_SCAN_GROUPING_LOCALE;
    const char *q = p;
    double v;
    if (q == end || !is_digit(*q) || !bdb_scan_number(&q, end, &v, dc))
        return 0;
    if (bdb_scan_lit(&q, end, "MB in", 1) &&
        (!bdb_scan_number(&q, end, &v, dc) ||
         !bdb_scan_lit(&q, end, "seconds", 1) ||
         !bdb_scan_lit(&q, end, "=", 1) || !bdb_scan_number(&q, end, &v, dc)))
        return 0;
    q = bdb_skip_blank(q, end);
    for (size_t i = 0; i < sizeof units / sizeof *units; i++)
        if (bdb_span_eq(q, end, units[i]))
            return 1;
    return 0;
}

/* A timing a mail client re-flowed onto the next line: [p, end) stops
 * short of hdparm's unit ("... = 83.58" then "MB/sec Timing buffered
 * disk reads: ...", "... 3.12 seconds =" then "14.10 MB/sec on 2.6:")
 * and the next line starts with what completes it, up to the unit. Then
 * w holds the two joined (one blank between, none when the break cut the
 * unit: "MB/" "sec"), *peek is past the next line, *nx is it and *rest
 * its text after the unit. Returns 1 when joined, 0 when not,
 * BDB_ENOMEM. */
static int reflowed(const bdb_lines *it, const char *p, const char *end,
                    bdb_wrapped *w, bdb_lines *peek, bdb_line *nx,
                    const char **rest)
{
    while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    if (p == end || figures_whole(p, end) || end - p > 160)
        return 0;
    const char *ce, *c = bdb_wrapped_next(it, peek, nx, &ce);
    if (!c || !(is_digit(*c) || (*c >= 'A' && *c <= 'z')))
        return 0;
    /* a unit cut in two: "MB/" then "sec" */
    int inword = ((end[-1] >= 'A' && end[-1] <= 'Z') ||
                  (end[-1] >= 'a' && end[-1] <= 'z') || end[-1] == '/') &&
                 *c >= 'A' && *c <= 'z';
    char buf[256];
    const char *t = c;
    for (int tokens = 0; tokens < 6 && t < ce; tokens++) {
        while (t < ce && *t != ' ' && *t != '\t')
            t++;
        for (int g = 0; g < 2; g++) {
            const char *glue = g ? "" : " ";
            if (g && !inword)
                continue;
            int n = snprintf(buf, sizeof buf, "%.*s%s%.*s", (int)(end - p),
                             p, glue, (int)(t - c), c);
            if (n < 0 || (size_t)n >= sizeof buf ||
                !figures_whole(buf, buf + n))
                continue;
            int rc = bdb_wrapped_start(w, p, end);
            if (!rc)
                rc = bdb_wrapped_add(w, glue, c, t, nx->no);
            if (rc)
                return BDB_ENOMEM; /* 1: never after a start */
            *rest = bdb_skip_blank(t, ce);
            return 1;
        }
        t = bdb_skip_blank(t, ce);
    }
    return 0;
}

/* Reads [p, end), a timing's figures, as figures() does, joined with
 * what completes them at the start of the next line when a mail client
 * re-flowed them (reflowed()); the rest of that line is read next
 * (h->resume) when it is hdparm's own (a timing, a device), or is the
 * writer's and its numbers are warned. *it is moved past a line read
 * whole. Returns as figures() does. */
static int figures_reflowed(hctx *h, bdb_lines *it, bdb_wrapped *w,
                            const char *kind, double offset, const char *p,
                            const char *end, int line)
{
    bdb_lines peek;
    bdb_line nx;
    const char *rest = NULL;
    int j = reflowed(it, p, end, w, &peek, &nx, &rest);
    if (j < 0)
        return j;
    if (!j)
        return figures(h, kind, offset, p, end, line);
    const char *jp, *je;
    bdb_wrapped_text(w, &jp, &je);
    h->joined = w;
    int rc = figures(h, kind, offset, jp, je, line);
    h->joined = NULL;
    const char *ne = nx.end;
    while (ne > rest && (ne[-1] == ' ' || ne[-1] == '\t' || ne[-1] == '\r'))
        ne--;
    if (rc != 1 || (rest < ne && (bdb_starts_with(rest, ne, "Timing ") ||
                                  *rest == '/'))) {
        if (rc == 1)
            h->resume = rest;
        return rc;
    }
    *it = peek;
    if (bdb_first_digit(rest, ne)) {
        int wr = warn_note(h, nx.no, rest, ne);
        return wr ? wr : 1;
    }
    return 1;
}

static int fail_pending(hctx *h)
{
    if (!h->pending)
        return 0;
    int rc = bdb_sink_warn(h->out, h->pending_line,
                           "%s%s%s: no result%s%s", h->pending,
                           h->device[0] ? " on " : "", h->device,
                           h->pending_err[0] ? ": " : "", h->pending_err);
    h->pending = NULL;
    return rc;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    static const char *const tools[] = {"hdparm", NULL};
    hctx h;
    memset(&h, 0, sizeof h);
    h.out = out;
    h.opts = opts;
    h.cmd.offset = -1;
    bdb_lines it;
    bdb_line ln;
    int rc = 0;
    (void)diag;
    bdb_wrapped w;
    bdb_wrapped_init(&w);
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        h.line_start = ln.p, h.line_end = ln.end;
        /* the rest of a line whose start completed a re-flowed timing */
        if (h.resume && h.resume >= p && h.resume <= e)
            p = h.resume;
        h.resume = NULL;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        /* a device and its timing on one line: a table row ("| /dev/sda |
         * Timing buffered disk reads: ... |", its pipes gone) or a post
         * that joined hdparm's header and line ("/dev/sda: Timing ...") */
        const char *timing = device_before_timing(p, e);
        if (timing) {
            const char *de = p;
            while (de < timing && *de != ' ' && *de != '\t')
                de++;
            if (de > p && de[-1] == ':')
                de--;
            if ((rc = fail_pending(&h)) != 0)
                break;
            bdb_copy(h.device, sizeof h.device, p, de);
            h.device_line = ln.no;
            p = timing;
        }
        /* "Timing ...:" */
        if (bdb_starts_with(p, e, "Timing ")) {
            if ((rc = fail_pending(&h)) != 0)
                break;
            const char *lab = p + strlen("Timing ");
            const char *colon = memchr(lab, ':', (size_t)(e - lab));
            double offset;
            const char *kind = colon ? timing_kind(lab, colon, &offset) : NULL;
            if (!kind) {
                rc = bdb_sink_warn(out, ln.no,
                                   "unknown hdparm timing '%.*s' (expected "
                                   "cached, buffered disk or O_DIRECT reads)",
                                   (int)((colon ? colon : e) - p), p);
                continue;
            }
            h.old_label = bdb_starts_with(lab, colon, "buffer-cache");
            const char *rest = bdb_skip_blank(colon + 1, e);
            if (rest == e) {
                h.pending = kind, h.pending_line = ln.no;
                h.pending_offset = offset, h.pending_err[0] = '\0';
                continue;
            }
            rc = figures_reflowed(&h, &it, &w, kind, offset, rest, e, ln.no);
            if (rc == 2)
                rc = bdb_sink_warn(out, ln.no,
                                   "expected 'N MB in T seconds = R MB/sec' "
                                   "after the hdparm timing label");
            else if (rc == 0) {
                /* an error printed after the label; figures may follow */
                h.pending = kind, h.pending_line = ln.no;
                h.pending_offset = offset;
                bdb_copy(h.pending_err, sizeof h.pending_err, rest, e);
            }
            if (rc > 0)
                rc = 0;
            continue;
        }
        /* figures of a pending label */
        if (h.pending && is_digit(*p) && bdb_contains(p, e, "MB in ")) {
            const char *kind = h.pending;
            h.pending = NULL;
            rc = figures_reflowed(&h, &it, &w, kind, h.pending_offset, p, e,
                                  ln.no);
            if (rc == 2)
                rc = bdb_sink_warn(out, ln.no,
                                   "expected 'N MB in T seconds = R MB/sec'");
            else if (rc > 0 && h.pending_err[0])
                rc = bdb_sink_warn(out, h.pending_line, "%s: %s", kind,
                                   h.pending_err);
            if (rc > 0)
                rc = 0;
            continue;
        }
        /* device header "/dev/sda:" or "/dev/vda: Operation not permitted" */
        if (*p == '/') {
            const char *colon = memchr(p, ':', (size_t)(e - p));
            const char *sp = memchr(p, ' ', (size_t)(e - p));
            if (colon && (!sp || colon < sp)) {
                if ((rc = fail_pending(&h)) != 0)
                    break;
                bdb_copy(h.device, sizeof h.device, p, colon);
                if ((size_t)(colon - p) >= sizeof h.device)
                    rc = bdb_sink_warn(out, ln.no, "device name longer than %zu "
                                       "characters: cut", sizeof h.device - 1);
                h.device_line = ln.no;
                const char *rest = bdb_skip_blank(colon + 1, e);
                if (!rc && rest < e)
                    rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
                else if (!rc && h.cmd.line && h.cmd.ndev && !cmd_names(&h.cmd, h.device))
                    rc = bdb_sink_warn(out, ln.no,
                                       "hdparm's header names %s, which the "
                                       "command line at line %d does not",
                                       h.device, h.cmd.line);
                continue;
            }
        }
        if (is_error_text(p, e)) {
            if (h.pending && !h.pending_err[0])
                bdb_copy(h.pending_err, sizeof h.pending_err, p, e);
            else if (!h.pending)
                rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
            continue;
        }
        /* an hdparm command line: its settings for the runs after it */
        bdb_cmdline cl;
        int cr = bdb_cmdline_parse_line(p, e, tools, &cl);
        if (cr < 0) {
            rc = cr;
            break;
        }
        if (cr > 0) {
            if ((rc = fail_pending(&h)) != 0) {
                bdb_cmdline_free(&cl);
                break;
            }
            hcmd_free(&h.cmd);
            h.cmd.cl = cl;
            rc = read_command(&h.cmd, ln.no);
            h.device[0] = '\0';
            h.device_line = 0;
        }
        /* anything else (prompts, other commands and output) is not ours */
    }
    if (!rc)
        rc = fail_pending(&h);
    hcmd_free(&h.cmd);
    bdb_wrapped_free(&w);
    return rc;
}

/* A "Timing ... reads" label where hdparm prints it: at the start of a
 * line (after blanks, a "#N :" marker or a "> " mail quote), not anywhere
 * in prose that mentions hdparm. Or an hdparm -t/-T command line followed
 * by hdparm's error for a device ("/dev/vda: Operation not permitted"),
 * so that a run that measured nothing fails with hdparm's message. */
static int sniff(const char *buf, size_t len)
{
    static const char *const labels[] = {
        "Timing cached reads", "Timing buffered disk reads",
        "Timing buffer-cache reads", "Timing O_DIRECT cached reads",
        "Timing O_DIRECT disk reads"};
    static const char *const tools[] = {"hdparm", NULL};
    bdb_lines it;
    bdb_line l;
    int timing_cmd = 0, score = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *p = bdb_skip_blank(l.p, l.end);
        const char *e = l.end;
        while (p < e && *p == '>')
            p = bdb_skip_blank(p + 1, e);
        p = bdb_skip_rep_marker(p, e, NULL);
        const char *timing = device_before_timing(p, e);
        if (timing)
            p = timing;
        for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
            if (bdb_starts_with(p, e, labels[i]))
                return 95;
        if (bdb_contains(p, e, "hdparm")) {
            bdb_cmdline cl;
            if (bdb_cmdline_parse_line(p, e, tools, &cl) == 1) {
                hcmd c;
                memset(&c, 0, sizeof c);
                c.cl = cl;
                timing_cmd = read_command(&c, 1) == 0 && (c.t || c.T);
                hcmd_free(&c);
            }
            continue;
        }
        if (timing_cmd && *p == '/' && is_error_text(p, e))
            score = 60;
    }
    return score;
}

const bdb_parser bdb_parser_hdparm = {"hdparm", 2, sniff, parse, 0, 0, 0};
