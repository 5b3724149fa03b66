/* parse_dd.c - the statistics dd prints when it finishes (or is signalled),
 * and the dd command line that produced them.
 *
 * What dd prints (read in the tools' sources):
 *   GNU coreutils src/dd.c print_stats() + print_xfer_stats():
 *     "%jd+%jd records in\n%jd+%jd records out\n"  (one translated message)
 *     ["%jd truncated record(s)\n"]
 *     >= 8.24: "%jd bytes (%s, %s) copied, %s, %s"  SI and IEC sizes
 *              "%jd bytes (%s) copied, %s, %s"      1000..1023 bytes
 *              "%jd byte(s) copied, %s, %s"         < 1000 bytes
 *     6.0-8.23: "%jd bytes (%s) copied, %g seconds|s, %s/s"
 *     5.x:      "%jd bytes transferred in %g seconds (%.0f bytes/sec)"
 *     The time is "%g s" ("%.0f s" on status=progress lines, which start
 *     with "\r" and are not ended by a newline until the final report);
 *     the rate is "%s/s" from gnulib human_readable() or "Infinity B/s"
 *     ("Infinity" translated) when no time elapsed. SIGUSR1 makes dd print
 *     the same three lines in the middle of a copy.
 *     Words follow the locale (po/: de "Bytes ... kopiert", fr "octets
 *     copiés" with U+00A0 before the word, uk "скопійовано N байтів",
 *     nl, tr, et, hr, ko, zh_CN "字节 ... 已复制，%s，%s", old zh_CN
 *     "记录了1+0 的读入", old ja "1024+0 レコード入力") and so does the
 *     decimal mark ("0,0124598 s, 1,0 GB/s"); bytes are never grouped.
 *   BSD/macOS bin/dd/misc.c summary(): "%ju+%ju records in/out",
 *     "%ju truncated blocks|records", "%ju odd length swab ...",
 *     "%ju bytes transferred in %.6f secs (%.0f bytes/sec)"; FreeBSD's
 *     status=progress lines "  %'ju bytes (...) transferred %.3fs, %s/s"
 *     end in "\r".
 *   illumos: "%llu (%s) bytes transferred in %.6f secs (%s/sec)", its
 *     status=progress updates on lines of their own when stderr is no tty.
 *   BusyBox coreutils/dd.c dd_output_status(): records lines, then (with
 *     FEATURE_DD_THIRD_STATUS_LINE) "%llu bytes (%sB) copied, %f seconds,
 *     %sB/s": make_human_readable_str() glues a 1024-based unit to the
 *     number ("80.0MB" is 80.0 * 2^20). Debian's BusyBox lacks that line.
 *   toybox toys/posix/dd.c status(): records lines, then "%llu bytes (%s)
 *     copied, %llu.%03u s, %s/s", human_readable(HR_SPACE|HR_B): "1 B",
 *     "0.9 K", "12 M" (1024-based, a blank before a bare prefix, one
 *     truncated decimal below 10).
 *
 * Units: human_readable() with human_SI|human_B: kB, MB, GB are powers of
 * 1000, "MiB" (human_base_1024) powers of 1024; the time is seconds. BSD
 * and GNU 5.x print exact bytes/sec. Canonical: B/s, B, s, counts.
 *
 * Metrics of a finished copy: throughput (B/s) = bytes / seconds (GNU's
 * "%g" time has 6 significant digits, more than its 2-3 digit rate; the
 * printed rate is cross-checked: off by more than half its last digit
 * (GNU rounds to nearest: "0.4 kB/s" for 430 B/s), a digit for BusyBox, 1%
 * for exact bytes/sec, is warned about), bytes, elapsed, records_in, records_in_partial,
 * records_out, records_out_partial, truncated_records (when printed),
 * progress_lines (how many status=progress updates preceded it) and
 * intermediate_reports (how many SIGUSR1 reports of the same copy came
 * first).
 *
 * SIGUSR1 (BSD: SIGINFO) reports: a report (records lines + summary)
 * followed, before the next dd command line or "#N :" marker, by another
 * whose byte count and time are both larger is an intermediate report of
 * the same copy, not a finished copy: its figures get the parameter
 * report=intermediate (a series of its own, never a repetition of the
 * finished copy) and the final report counts them in
 * intermediate_reports. A summary with no records lines before it that is
 * followed by a larger one is a progress update on a line of its own
 * (pasted from a terminal, or illumos's "N (290 GiB) bytes transferred in
 * T secs (41 GiB/sec)" lines when stderr is no tty): counted in
 * progress_lines, not a figure. Equal byte counts (a repeated run) are
 * repetitions; so are reports of different commands. Separate runs of
 * growing size with no command line between them cannot be told from one
 * copy's reports and are read as the latter.
 *
 * Parameters come from the dd command line in the log (a prompt line,
 * "time dd", "sudo dd", "+ dd" from set -x, an echo, GNU time's "Command
 * being timed:" after the run, "busybox dd"), read by ingest/cmdline.h,
 * for the reports that follow it (a line with several dd commands, "dd
 * ... && dd ...", gives each finished report the next command's settings): if, of, block_size (bs=), input_block_size (ibs=),
 * output_block_size (obs=) in bytes, count (converted with dd's suffixes:
 * coreutils parse_integer()/xstrtoumax(): c=1 w=2 b=512, k K KiB=1024,
 * kB KB=1000, M MiB=2^20, MB=10^6, ... up to Q, "B" alone = 1, "AxB"
 * multiplies), iflag, oflag, conv, status (as written), and direction:
 * write when if= is /dev/zero, /dev/urandom or /dev/random and of= a
 * file or device; read when of= is /dev/null (none when if= is also one
 * of those generators: nothing is stored); copy when both are files. A
 * command whose count= disagrees with the records dd read, or whose block
 * size times the full records written is not the bytes dd reports, is
 * warned about (the command may not be the one that printed the report).
 *
 * A page that re-flowed dd's lines as prose (several on one line, a
 * summary broken over two) is read in pieces (next_piece()), each
 * figure at the line it is printed on.
 *
 * Errors ("dd: error writing '/dev/sdb': No space left on device", "dd:
 * failed to open ...", translated) are warnings at their line; a partial
 * copy still gives its figures. A cut capture keeps what is complete and
 * warns about the cut. */
#include "ingest.h"
#include "cmdline.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* U+00A0 (French puts one between the number and "octets"). */
static int is_nbsp(const char *p, const char *end)
{
    return end - p >= 2 && (unsigned char)p[0] == 0xC2 &&
           (unsigned char)p[1] == 0xA0;
}

static const char *skip_blank(const char *p, const char *end)
{
    for (;;) {
        if (p < end && (*p == ' ' || *p == '\t'))
            p++;
        else if (is_nbsp(p, end))
            p += 2;
        else
            return p;
    }
}

static void trim(const char **p, const char **end)
{
    *p = skip_blank(*p, *end);
    while (*end > *p && ((*end)[-1] == ' ' || (*end)[-1] == '\t' ||
                         (*end)[-1] == '\r'))
        (*end)--;
}

/* ---- records lines ---------------------------------------------------- */

/* "N+M" with no other digit on the line and only words around it: a
 * records line in any language. *kind: 'i' in, 'o' out, 0 unknown. */
static int records_line(const char *p, const char *end, double *full,
                        double *part, int *kind)
{
    const char *q = p;
    while (q < end && !is_digit(*q))
        q++;
    if (q == end)
        return 0;
    const char *d0 = q;
    while (q < end && is_digit(*q))
        q++;
    if (q == end || *q != '+' || q + 1 == end || !is_digit(q[1]))
        return 0;
    const char *plus = q++;
    const char *d1 = q;
    while (q < end && is_digit(*q))
        q++;
    const char *d1e = q;
    for (const char *r = q; r < end; r++)
        if (is_digit(*r))
            return 0;
    /* text glued to the numbers must not be ASCII ("abc1+2", "1+2x") */
    if ((d0 > p && (is_alpha(d0[-1]) || d0[-1] == '+' || d0[-1] == '=' ||
                    d0[-1] == '-' || d0[-1] == '.')) ||
        (d1e < end && (is_alpha(*d1e) || *d1e == '.' || *d1e == '=')))
        return 0;
    /* words only: no operators, quotes or '=' (shell or prose) */
    for (const char *r = p; r < end; r++)
        if (strchr("=<>|&;$`\"'(){}[]*/\\:", *r))
            return 0;
    if (end - p > 80)
        return 0;
    if (d0 == p && d1e == end)
        return 0;   /* a bare "1+2" */
    const char *n0 = d0, *n1 = d1;
    if (!bdb_scan_number(&n0, plus, full, 0) || n0 != plus ||
        !bdb_scan_number(&n1, d1e, part, 0) || n1 != d1e)
        return 0;
    /* which one, in English and in coreutils' German and French
     * (po/de.po "Datens\xC3\xA4tze ein/aus", po/fr.po "enregistrements
     * lus/\xC3\xA9" "crits"): a records line alone (the other cut off or
     * glued to the command line) is still the one it says */
    static const struct {
        const char *words;
        int kind;
    } kinds[] = {{"records in", 'i'},
                 {"records out", 'o'},
                 {"Datens\xC3\xA4tze ein", 'i'},
                 {"Datens\xC3\xA4tze aus", 'o'},
                 {"enregistrements lus", 'i'},
                 {"enregistrements \xC3\xA9" "crits", 'o'}};
    *kind = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && !*kind; k++)
        if (bdb_contains(p, end, kinds[k].words))
            *kind = kinds[k].kind;
    return 1;
}

/* "N truncated record(s)" and its translations (coreutils po/, BSD's
 * "truncated blocks"); German says "ein abgeschnittener Datensatz" for 1. */
static int truncated_line(const char *p, const char *end, double *n)
{
    static const char *const stems[] = {
        "truncated", "abgeschnitten", "tronqu", "afgebroken", "lühendatud",
        "podrezan", "budanan", "\xD0\xBE\xD0\xB1\xD1\x80\xD1\x96\xD0\xB7", /* обріз */
        "\xE6\x88\xAA\xE6\x96\xAD",                                      /* 截断 */
        "\xEC\x9E\x98\xEB\xA6\xB0",                                      /* 잘린 */
    };
    int hit = 0;
    for (size_t i = 0; i < sizeof stems / sizeof stems[0] && !hit; i++)
        hit = bdb_contains(p, end, stems[i]);
    if (!hit || end - p > 80)
        return 0;
    const char *q = p;
    while (q < end && !is_digit(*q))
        q++;
    if (q == end) {
        if (bdb_starts_with(p, end, "ein "))
            return *n = 1, 1;
        return 0;
    }
    return bdb_scan_number(&q, end, n, 0);
}

/* ---- the summary line --------------------------------------------------- */

typedef struct ddsum {
    double bytes, secs, rate; /* rate in B/s, < 0 when not printed */
    int exact_rate;           /* bytes/sec printed as an integer */
    double rate_ulp;          /* B/s of one unit of the rate's last digit */
    int glued;                /* BusyBox: the unit glued to the number;
                                 toybox's bare "K/s" (both a digit off) */
    int infinite;             /* "Infinity B/s": no time elapsed */
    int whole_secs;           /* the time has no fraction ("%.0f s") */
    double secs_ulp;          /* seconds of one unit of the time's last
                                 digit; 0: unknown (an exponent) */
    int toybox;               /* toybox's bare "K/s": its time is printed
                                 with three decimals ("%llu.%03u s") */
    int secs_line, rate_line; /* the file's lines of the time and the rate
                                 when a re-flow put them on a later line
                                 than the bytes; 0: the summary's line */
    int bytes_col, secs_col, rate_col; /* bdb_sample.col of each (a line
                                 unwrapped from several); 0: unknown */
} ddsum;

/* Where parse_summary found the time and the rate, and where it stopped
 * (NULL: not printed). */
typedef struct ddspan {
    const char *bytes, *secs, *rate, *stop;
} ddspan;

/* Skips blanks, ",", "，" (U+FF0C), "、" (U+3001). */
static const char *skip_sep(const char *p, const char *end)
{
    for (;;) {
        p = skip_blank(p, end);
        if (p < end && *p == ',')
            p++;
        else if (end - p >= 3 && (unsigned char)p[0] == 0xEF &&
                 (unsigned char)p[1] == 0xBC && (unsigned char)p[2] == 0x8C)
            p += 3;
        else if (end - p >= 3 && (unsigned char)p[0] == 0xE3 &&
                 (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x81)
            p += 3;
        else
            return p;
    }
}

static int time_unit(const char *p, const char *end)
{
    double m;
    if (bdb_units_time(p, end, &m) == 0)
        return m == 1.0;
    return bdb_span_eq(p, end, "\xE7\xA7\x92") ||            /* 秒 */
           bdb_span_eq(p, end, "\xD1\x81") ||                /* с */
           bdb_span_eq(p, end, "\xD1\x81\xD0\xB5\xD0\xBA") || /* сек */
           bdb_span_eq(p, end, "c");                     /* Latin c for с */
}

static const char *word_end(const char *p, const char *end);
static int read_rate(const char **q, const char *end, struct ddsum *s);

/* coreutils before 8.24 printed the time as ", %g seconds, %s/s" (an
 * ngettext pair), translated: "4,82219 seconde", "1,5 Sekunden",
 * "0,2 segundos". A word [w, we) of letters between the time and the
 * rate that ends the line is the locale's word for seconds, whatever
 * the language. */
static int seconds_word_before_rate(const char *w, const char *we,
                                    const char *end)
{
    if (we <= w)
        return 0;
    for (const char *c = w; c < we; c++)
        if (is_digit(*c) || strchr("/()[]=%:.", *c))
            return 0;
    const char *q = skip_sep(we, end);
    if (q == we || q >= end || !is_digit(*q))
        return 0;
    struct ddsum t;
    memset(&t, 0, sizeof t);
    if (!read_rate(&q, end, &t))
        return 0;
    return skip_blank(q, end) == end;
}

/* The end of a unit word: a blank, ',' or a full-width punctuation. */
static const char *word_end(const char *p, const char *end)
{
    while (p < end && *p != ' ' && *p != '\t' && *p != ',' && *p != ')' &&
           !is_nbsp(p, end) &&
           !((unsigned char)*p == 0xEF || (unsigned char)*p == 0xE3))
        p++;
    return p;
}

/* The words for "byte" in dd's translations, to tell a summary that does
 * not parse from an unrelated line that starts with a number. */
static int has_byte_word(const char *p, const char *end)
{
    static const char *const w[] = {
        "byte", "Byte", "octet", "bajt", "bait", "bayt", "bytes",
        "\xD0\xB1\xD0\xB0\xD0\xB9\xD1\x82",             /* байт */
        "\xE5\xAD\x97\xE8\x8A\x82",                     /* 字节 */
        "\xEB\xB0\x94\xEC\x9D\xB4\xED\x8A\xB8",         /* 바이트 */
        "\xE3\x83\x90\xE3\x82\xA4\xE3\x83\x88",         /* バイト */
        "b\xC3\xA1jt", "tavu", "Bajt",                 /* bájt (hu), fi, pl */
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (bdb_contains(p, end, w[i]))
            return 1;
    return 0;
}

/* Reads a rate "R UNIT/s" (or "/秒", "/с") at *q; base for a bare prefix
 * is 1000, 1024 when the unit is glued to the number (BusyBox). */
static int read_rate(const char **q, const char *end, ddsum *s)
{
    double r, mult;
    int bits = 0;
    const char *n0 = *q;
    if (!bdb_scan_number(q, end, &r, BDB_SCAN_DECIMAL_COMMA))
        return 0;
    int decimals = 0;
    for (const char *d = n0; d < *q; d++)
        if (*d == '.' || *d == ',')
            decimals = (int)(*q - d - 1);
    int glued = *q < end && is_alpha(**q);
    const char *u = skip_blank(*q, end);
    const char *slash = memchr(u, '/', (size_t)(end - u));
    if (!slash)
        return 0;
    /* toybox (toys/posix/dd.c status()): human_readable(HR_SPACE|HR_B),
     * "333 B/s", "0.9 K/s", "12 M/s": a bare 1024-based prefix after a
     * blank, the figure truncated to its digits */
    int bare = !glued && slash - u == 1 && strchr("KMGTPE", *u) &&
               bdb_units_prefix(u, slash, 1024, &mult) == 1;
    if (!bare &&
        (bdb_units_size(u, slash, glued ? 1024 : 1000, &mult, &bits) != 0 ||
         bits))
        return 0;
    s->rate = r * mult;
    s->rate_ulp = mult;
    for (int i = 0; i < decimals; i++)
        s->rate_ulp /= 10;
    s->glued = glued || bare;
    s->toybox = bare;
    *q = word_end(slash, end);
    return 1;
}

/* Seconds of one unit of the last digit of the number in [p, end) ("0.003"
 * -> 0.001, "2" -> 1); 0 when it has an exponent. */
static double last_digit_unit(const char *p, const char *end)
{
    double unit = 1;
    int frac = 0;
    for (const char *c = p; c < end; c++) {
        if (*c == 'e' || *c == 'E')
            return 0;
        if (*c == '.' || *c == ',')
            frac = 1;
        else if (frac && is_digit(*c))
            unit /= 10;
    }
    return unit;
}

/* 1 for the punctuation of a command line that no summary has before its
 * number, as strchr("=+-<>|&;$#:/()[]", c) says (NUL included): a switch,
 * not a call per character of every line every file is sniffed by. */
static int command_punct(char c)
{
    switch (c) {
    case '\0': case '=': case '+': case '-': case '<': case '>': case '|':
    case '&': case ';': case '$': case '#': case ':': case '/': case '(':
    case ')': case '[': case ']':
        return 1;
    default:
        return 0;
    }
}

/* Parses a summary line. Returns 1 on success, 0 when the line is not a
 * summary, -1 when it looks like one but does not parse; *at says where
 * its figures were. */
static int summary_at(const char *p, const char *end, ddsum *s, ddspan *at)
{
    const char *q = p;
    memset(s, 0, sizeof *s);
    memset(at, 0, sizeof *at);
    s->rate = -1;
    /* words before the number ("скопійовано 8388608 байтів ..."); no
     * digits, no punctuation of a command line */
    while (q < end && !is_digit(*q)) {
        if (command_punct(*q))
            return 0;
        q++;
    }
    if (q == end || (q > p && is_alpha(q[-1])))
        return 0;
    const char *num = q;
    while (q < end && is_digit(*q))
        q++;
    if (q == end || *q == '.' || *q == ',' || *q == '+' || *q == 'x' ||
        *q == '/' || *q == ':' || *q == '=')
        return 0;
    const char *nq = num;
    if (!bdb_scan_number(&nq, q, &s->bytes, 0) || nq != q)
        return 0;
    at->bytes = num;
    if (num - p > 40)
        return 0;
    int looks = has_byte_word(q, end);
    /* the generic path needs the byte word or the "(...)" sizes */
    const char *after = skip_blank(q, end);
    int sized = looks || (after < end && *after == '(');
    /* GNU 5.x and BSD */
    if (bdb_starts_with(q, end, " bytes transferred in ")) {
        q += strlen(" bytes transferred in ");
        at->secs = q;
        if (!bdb_scan_number(&q, end, &s->secs, 0))
            return -1;
        if (!bdb_scan_lit(&q, end, "secs", 1) && !bdb_scan_lit(&q, end, "seconds", 1))
            return -1;
        if (bdb_scan_lit(&q, end, "(", 1)) {
            at->rate = q;
            if (!bdb_scan_number(&q, end, &s->rate, 0) ||
                !bdb_scan_lit(&q, end, "bytes/sec)", 1))
                return -1;
            s->exact_rate = 1;
        }
        at->stop = q;
        return 1;
    }
    if (!sized)
        return 0;
    /* GNU (any locale), BusyBox: skip words and the "(...)" sizes to the
     * first number followed by a time unit */
    for (;;) {
        while (q < end && !is_digit(*q)) {
            if (*q == '(') {
                const char *c = memchr(q, ')', (size_t)(end - q));
                if (!c)
                    return looks ? -1 : 0;
                q = c + 1;
                continue;
            }
            q++;
        }
        if (q == end)
            return looks ? -1 : 0;
        const char *t0 = q;
        at->secs = q;
        if (!bdb_scan_number(&q, end, &s->secs, BDB_SCAN_DECIMAL_COMMA))
            return looks ? -1 : 0;
        const char *t1 = q;
        const char *u = skip_blank(q, end);
        q = word_end(u, end);
        if (time_unit(u, q) ||
            (looks && u > t1 && seconds_word_before_rate(u, q, end))) {
            s->secs_ulp = last_digit_unit(t0, t1);
            s->whole_secs = !memchr(t0, '.', (size_t)(t1 - t0)) &&
                            !memchr(t0, ',', (size_t)(t1 - t0)) &&
                            !memchr(t0, 'e', (size_t)(t1 - t0));
            break;
        }
        /* "1.017s" (FreeBSD progress): the unit glued to the number */
        if (u == t1 && u < q && *u == 's' && q == u + 1) {
            s->secs_ulp = last_digit_unit(t0, t1);
            s->whole_secs = 0;
            break;
        }
        if (!looks)
            return 0;
    }
    at->stop = q;
    q = skip_sep(q, end);
    if (q == end)
        return 1;       /* no rate printed (an excerpt) */
    if (*q == '(' && q + 1 < end && is_digit(q[1]))
        q++;            /* illumos: "... secs (41 GiB/sec)" */
    if (is_digit(*q)) {
        at->rate = q;
        if (!read_rate(&q, end, s))
            return -1;
        at->stop = q;
        return 1;
    }
    /* "Infinity B/s", "Unendlich B/s" */
    const char *w = word_end(q, end);
    const char *u = skip_blank(w, end);
    if (w > q && bdb_starts_with(u, end, "B/s")) {
        s->infinite = 1;
        at->rate = q;
        at->stop = u + 3;
        return 1;
    }
    return -1;
}

static int parse_summary(const char *p, const char *end, ddsum *s)
{
    ddspan at;
    return summary_at(p, end, s, &at);
}

/* The summary's last two fields alone, "8.12977 s, 132 MB/s": what a
 * benchmark script keeps of dd's summary (`dd ... 2>&1 | tail -1 | cut
 * -d, -f3-`). 1 with the time and rate in *s (bytes unknown: -1). */
static int tail_summary(const char *p, const char *end, ddsum *s)
{
    memset(s, 0, sizeof *s);
    s->bytes = -1;
    s->rate = -1;
    const char *q = p, *t0 = p;
    if (q == end || !is_digit(*q) ||
        !bdb_scan_number(&q, end, &s->secs, BDB_SCAN_DECIMAL_COMMA))
        return 0;
    const char *t1 = q;
    const char *u = skip_blank(q, end);
    q = word_end(u, end);
    if (u == t1 || !time_unit(u, q))
        return 0;
    q = skip_sep(q, end);
    if (q == end || !is_digit(*q) || !read_rate(&q, end, s) ||
        skip_blank(q, end) != end || !(s->secs > 0) || !(s->rate > 0))
        return 0;
    s->secs_ulp = last_digit_unit(t0, t1);
    return 1;
}

/* ---- dd's size operands and the command line ---------------------------- */

/* dd's size operand as coreutils parse_integer() reads it (checked
 * against dd 9.1: "M" alone is 1M, "5Bx2" is 10, "2xkB" is 2000, "1D",
 * "1m", "x2", "2x", "0x10" and "2x3x4" are refused); -1 when dd would refuse it. */
static double dd_size_x(const char *p, const char *end, int allow_x)
{
    static const char letters[] = "bcEGkKMPQRTwYZ";
    const char *q = p;
    double n = 0;
    while (q < end && is_digit(*q)) {
        n = n * 10 + (*q - '0');
        q++;
    }
    if (q == p) {
        if (q >= end || !strchr(letters, *q))
            return -1;
        n = 1; /* xstrtoumax: a suffix alone counts once */
    }
    if (n > 9.3e18)
        return -1; /* dd: "Value too large for defined data type" */
    double mult = 1;
    if (q < end && *q == 'B' && q > p) {
        q++; /* "10B": bytes (dd's own rule, for iflag=count_bytes) */
    } else if (q < end && *q != 'x') {
        if (!strchr(letters, *q))
            return -1;
        char l = *q++;
        double base = 1024;
        if (end - q >= 2 && q[0] == 'i' && q[1] == 'B')
            q += 2;
        else if (q < end && (*q == 'B' || *q == 'D'))
            base = 1000, q++;
        int power = 0;
        switch (l) {
        case 'b': mult = 512; break;
        case 'c': mult = 1; break;
        case 'w': mult = 2; break;
        case 'k': case 'K': power = 1; break;
        case 'M': power = 2; break;
        case 'G': power = 3; break;
        case 'T': power = 4; break;
        case 'P': power = 5; break;
        case 'E': power = 6; break;
        case 'Z': power = 7; break;
        case 'Y': power = 8; break;
        case 'R': power = 9; break;
        case 'Q': power = 10; break;
        default: return -1;
        }
        for (int i = 0; i < power; i++)
            mult *= base;
    }
    n *= mult;
    if (q < end) {
        if (*q != 'x' || !allow_x || (q - p == 1 && *p == '0'))
            return -1; /* "0x10" is refused (a zero multiplier) */
        double rest = dd_size_x(q + 1, end, 0);
        n = rest < 0 ? -1 : n * rest;
    }
    return n > 9.3e18 ? -1 : n;
}

static double dd_size(const char *p, const char *end)
{
    return dd_size_x(p, end, 1);
}

typedef struct ddcmd {
    bdb_params ps;
    int line;
    double count;        /* -1: not given */
    double obs;          /* output block size from bs= or obs=, -1: none */
    int resizes;         /* conv=block/unblock change the output size */
    int count_bytes;     /* iflag=count_bytes */
    int noxfer;          /* status=noxfer or none */
    int busybox;
    char note[256];      /* a warning to give with its first figures */
} ddcmd;

typedef struct cmdctx {
    ddcmd *c;
    bdb_sink *out;
    int line;
    int ops;
    const char *in, *of;
    int bs_seen;
    int rc;
} cmdctx;

static int set_param(cmdctx *x, const char *key, const char *value)
{
    if (strlen(value) >= BDB_PARAM_VALUE_MAX) {
        int rc = bdb_sink_warn(x->out, x->line,
                               "dd operand %s= is longer than %d characters: "
                               "the parameter is cut",
                               key, BDB_PARAM_VALUE_MAX - 1);
        if (rc)
            return rc;
    }
    if (bdb_params_set(&x->c->ps, key, "%s", value) == BDB_ERANGE)
        return bdb_sink_warn(x->out, x->line,
                             "too many parameters (%d): %s= is left out",
                             BDB_MAX_PARAMS, key);
    return 0;
}

static int set_size(cmdctx *x, const char *key, const char *op, const char *v,
                    double *out)
{
    double n = dd_size(v, v + strlen(v));
    if (n < 0) {
        /* dd refuses it too ("invalid number"), unless the shell expanded
         * it ("bs=$((1024*1024))"): said only if the run printed figures,
         * so that dd's own error names a failed run */
        if (!x->c->note[0])
            snprintf(x->c->note, sizeof x->c->note,
                     "dd operand %.20s=%.60s at line %d is not a size dd "
                     "reads (digits with c, w, b, kB, K, MB, M, ... or NxM, "
                     "below 2^63): left out of the parameters",
                     op, v, x->line);
        return 0;
    }
    if (out)
        *out = n;
    char num[64];
    snprintf(num, sizeof num, "%.0f", n);
    return set_param(x, key, num);
}

static int cmd_operand(const char *name, const char *value, void *ctx)
{
    cmdctx *x = ctx;
    if (name[0] || !value)
        return 0; /* --help, --version: nothing to keep */
    const char *eq = strchr(value, '=');
    if (!eq || eq == value)
        return 0;
    const char *v = eq + 1;
    size_t kn = (size_t)(eq - value);
    char key[16];
    if (kn >= sizeof key)
        return 0;
    memcpy(key, value, kn);
    key[kn] = '\0';
    int rc = 0;
    /* if= and of= give the direction; the paths themselves are not
     * parameters: /tmp/x on one machine and /mnt/sd/x on another are the
     * same measurement, and would never compare as two series. */
    if (strcmp(key, "if") == 0) {
        x->in = v;
    } else if (strcmp(key, "of") == 0) {
        x->of = v;
    } else if (strcmp(key, "bs") == 0) {
        x->bs_seen = 1;
        rc = set_size(x, "block_size", key, v, &x->c->obs);
    } else if (strcmp(key, "ibs") == 0) {
        rc = set_size(x, "input_block_size", key, v, NULL);
    } else if (strcmp(key, "obs") == 0) {
        /* bs= wins over obs= wherever it stands */
        double o = -1;
        rc = set_size(x, "output_block_size", key, v, &o);
        if (!x->bs_seen && o > 0)
            x->c->obs = o;
    } else if (strcmp(key, "count") == 0) {
        rc = set_size(x, "count", key, v, &x->c->count);
    } else if (strcmp(key, "iflag") == 0 || strcmp(key, "oflag") == 0 ||
               strcmp(key, "conv") == 0 || strcmp(key, "status") == 0) {
        if (strcmp(key, "iflag") == 0 && strstr(v, "count_bytes"))
            x->c->count_bytes = 1;
        if (strcmp(key, "conv") == 0 && strstr(v, "block"))
            x->c->resizes = 1; /* block, unblock */
        if (strcmp(key, "status") == 0 &&
            (strcmp(v, "noxfer") == 0 || strcmp(v, "none") == 0))
            x->c->noxfer = 1;
        rc = set_param(x, key, v);
    } else if (!(strcmp(key, "skip") == 0 || strcmp(key, "seek") == 0 ||
                 strcmp(key, "cbs") == 0 || strcmp(key, "iseek") == 0 ||
                 strcmp(key, "oseek") == 0 || strcmp(key, "files") == 0 ||
                 strcmp(key, "fillchar") == 0 || strcmp(key, "speed") == 0)) {
        return 0; /* not a dd operand: ignored, not counted */
    }
    x->ops++;
    return rc;
}

static int is_generator(const char *f)
{
    return strcmp(f, "/dev/zero") == 0 || strcmp(f, "/dev/urandom") == 0 ||
           strcmp(f, "/dev/random") == 0;
}

/* Reads a dd command line; 1 when [p, end) is one (filled into *c), 0 when
 * not, or a BDB_E* code. */
static int dd_command(const char *p, const char *end, int line, bdb_sink *out,
                      ddcmd *c)
{
    static const char *const dd_tools[] = {"dd", NULL};
    static const char *const bb_tools[] = {"busybox", NULL};
    bdb_cmdline cl;
    bdb_cmdline view;
    int busybox = 0;
    int rc = bdb_cmdline_parse_line(p, end, dd_tools, &cl);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        rc = bdb_cmdline_parse_line(p, end, bb_tools, &cl);
        if (rc < 0)
            return rc;
        if (rc == 1 && !(cl.argc > 1 && strcmp(cl.argv[1], "dd") == 0)) {
            bdb_cmdline_free(&cl);
            rc = 0;
        }
        busybox = rc == 1;
    }
    if (rc == 0) {
        /* a prompt cmdline.c does not know: "/home # dd ...": retry after
         * a prompt word ("#", "$", "%", ">" alone or ending a word) */
        for (const char *q = p; q < end; q++) {
            if ((*q == '#' || *q == '$' || *q == '%' || *q == '>') &&
                q + 1 < end && q[1] == ' ' && q > p && q[-1] == ' ') {
                return dd_command(q + 1, end, line, out, c);
            }
        }
        return 0;
    }
    view = cl;
    if (busybox) {
        view.argc = cl.argc - 1;
        view.argv = cl.argv + 1;
    }
    memset(c, 0, sizeof *c);
    c->line = line;
    c->count = -1;
    c->obs = -1;
    c->busybox = busybox;
    cmdctx x = {.c = c, .out = out, .line = line};
    rc = bdb_cmdline_getopt(&view, "", NULL, cmd_operand, &x);
    if (rc == 0 && x.ops > 0) {
        const char *dir = NULL;
        int gen = x.in && is_generator(x.in);
        int null_out = x.of && strcmp(x.of, "/dev/null") == 0;
        if (gen && null_out)
            dir = "none";
        else if (null_out)
            dir = "read";
        else if (gen && x.of)
            dir = "write";
        else if (x.in && x.of)
            dir = "copy";
        if (dir)
            rc = set_param(&x, "direction", dir);
    }
    bdb_cmdline_free(&cl);
    if (rc)
        return rc;
    return x.ops > 0;
}

/* ---- runs and reports ---------------------------------------------------- */

/* dd commands one line may hold ("dd ... && dd ..."), beyond the first. */
#define DD_QUEUE 8

typedef struct ddrun {
    int have_in, have_out, have_trunc;
    double in_full, in_part, out_full, out_part, trunc;
    int in_line, out_line, trunc_line;
} ddrun;

typedef struct ddreport {
    int have;
    ddsum s;
    int line;
    ddrun rec;
    ddcmd cmd;
    int progress;      /* progress lines before it (its copy's) */
    int intermediate;  /* SIGUSR1 reports of its copy before it */
    size_t up_at, self; /* its copy's updates: ups[up_at .. self) */
} ddreport;

/* A status=progress update (or a summary, until it is known to be one),
 * kept for the trace of its copy's throughput. */
typedef struct ddup {
    ddsum s;
    int line;
    int skip;          /* a SIGUSR1 report: a figure of its own */
} ddup;

typedef struct ddctx {
    bdb_sink *out;
    const bdb_parse_opts *opts;
    ddcmd cmd;         /* the command of the reports to come (line 0: none) */
    ddcmd queue[DD_QUEUE]; /* more dd commands of the same line, in order */
    int nq, qpos;
    ddrun run;         /* records lines not yet followed by a summary */
    ddreport pend;     /* the last report, until we know whether it is final */
    int progress;      /* progress lines not yet attributed */
    int progress_line;
    ddup *ups;         /* updates and summaries in file order */
    size_t nups, ups_cap, ups_mark; /* ups_mark: the next copy's first */
    int tail_of;       /* the command line a trimmed summary answered */
} ddctx;

static int keep_update(ddctx *x, const ddsum *s, int line)
{
    if (x->nups == x->ups_cap) {
        ddup *g = bdb_grow(x->ups, x->nups, &x->ups_cap, sizeof *g, 16);
        if (!g)
            return BDB_ENOMEM;
        x->ups = g;
    }
    ddup *u = &x->ups[x->nups++];
    u->s = *s;
    u->line = line;
    u->skip = 0;
    return 0;
}

/* The status=progress updates of a finished copy as points of the trace
 * of its throughput: bytes copied, seconds, and the rate dd printed
 * (bytes / seconds when it printed none). */
static int emit_updates(ddctx *x, const bdb_sample *b, const ddreport *r)
{
    int rc = 0;
    for (size_t i = r->up_at; i < r->self && i < x->nups && !rc; i++) {
        const ddup *u = &x->ups[i];
        if (u->skip || u->s.infinite || !(u->s.secs > 0))
            continue;
        bdb_trace t;
        double rate = u->s.rate > 0 ? u->s.rate : u->s.bytes / u->s.secs;
        bdb_trace_set(&t, "bytes", "", NAN, NAN);
        rc = bdb_sink_trace(x->out, b, "throughput", &t, u->s.bytes,
                            BDB_UNIT_BYTES, BDB_NEUTRAL, u->line);
        bdb_trace_set(&t, "elapsed", "", NAN, NAN);
        if (!rc)
            rc = bdb_sink_trace(x->out, b, "throughput", &t, u->s.secs,
                                BDB_UNIT_SECONDS, BDB_NEUTRAL, u->line);
        bdb_trace_set(&t, "throughput", "", NAN, NAN);
        if (!rc)
            rc = bdb_sink_trace(x->out, b, "throughput", &t, rate,
                                BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER,
                                u->line);
    }
    return rc;
}

/* The command's deferred warning, once, when its run gives figures. */
static int cmd_note(ddctx *x, ddcmd *c)
{
    if (!c->note[0])
        return 0;
    int rc = bdb_sink_warn(x->out, c->line, "%s", c->note);
    c->note[0] = '\0';
    if (x->cmd.line == c->line)
        x->cmd.note[0] = '\0';
    return rc;
}

static void base_of(bdb_sample *b, const ddctx *x, const bdb_params *ps)
{
    bdb_sample_init(b, x->opts && x->opts->benchmark && x->opts->benchmark[0]
                           ? x->opts->benchmark : "dd");
    b->params = *ps;
}

static int emit_records(bdb_sink *out, const bdb_sample *b, const ddrun *r)
{
    int rc = 0;
    if (r->have_in) {
        rc = bdb_sink_add(out, b, "records_in", r->in_full, BDB_UNIT_COUNT,
                          BDB_NEUTRAL, r->in_line);
        if (!rc)
            rc = bdb_sink_add(out, b, "records_in_partial", r->in_part,
                              BDB_UNIT_COUNT, BDB_NEUTRAL, r->in_line);
    }
    if (!rc && r->have_out) {
        rc = bdb_sink_add(out, b, "records_out", r->out_full, BDB_UNIT_COUNT,
                          BDB_NEUTRAL, r->out_line);
        if (!rc)
            rc = bdb_sink_add(out, b, "records_out_partial", r->out_part,
                              BDB_UNIT_COUNT, BDB_NEUTRAL, r->out_line);
    }
    if (!rc && r->have_trunc)
        rc = bdb_sink_add(out, b, "truncated_records", r->trunc, BDB_UNIT_COUNT,
                          BDB_NEUTRAL, r->trunc_line);
    return rc;
}

/* The throughput: bytes/seconds, unless the printed rate is the more
 * precise of the two. GNU prints the time with "%g" (six digits: "0.5 s"
 * is 0.500000) and BusyBox with "%f", both finer than their rates; toybox
 * prints three decimals and cuts its rate to a tenth below 10. Over a
 * byte in a millisecond ("1 bytes (1 B) copied, 0.001 s, 0.9 K/s") the
 * time is known to 50% and the rate to 11%. */
static double throughput_of(const ddsum *s)
{
    double tp = s->bytes / s->secs;
    if (s->rate <= 0 || !s->toybox || s->secs_ulp <= 0)
        return tp;
    double rate_err = (s->glued ? 1.0 : 0.5) * s->rate_ulp / s->rate;
    double time_err = 0.5 * s->secs_ulp / s->secs;
    return rate_err < time_err ? s->rate : tp;
}

/* The command line's count= against what dd read, and its block size
 * against the bytes of full output records (bytes < 0: no summary). */
static int check_count(ddctx *x, const ddcmd *c, const ddrun *r, double bytes,
                       int line)
{
    if (!c->line)
        return 0;
    if (c->count >= 0 && !c->count_bytes && r->have_in &&
        r->in_full + r->in_part > c->count)
        return bdb_sink_warn(x->out, r->in_line,
                             "dd read %.0f records but the command line at line "
                             "%d says count=%.0f: that command may not be the "
                             "one that printed this",
                             r->in_full + r->in_part, c->line, c->count);
    if (bytes >= 0 && c->obs > 0 && !c->resizes && r->have_out &&
        r->out_part == 0 && r->out_full * c->obs != bytes)
        return bdb_sink_warn(x->out, line,
                             "dd wrote %.0f full records of %.0f bytes (command "
                             "line at line %d) but reports %.0f bytes: that "
                             "command may not be the one that printed this",
                             r->out_full, c->obs, c->line, bytes);
    return 0;
}

static int emit_report(ddctx *x, ddreport *r, int intermediate)
{
    bdb_sample b;
    int rc;
    base_of(&b, x, &r->cmd.ps);
    if (intermediate &&
        bdb_params_set(&b.params, "report", "intermediate") == BDB_ERANGE &&
        (rc = bdb_sink_warn(x->out, r->line, "too many parameters (%d): "
                            "report=intermediate is left out", BDB_MAX_PARAMS)))
        return rc;
    if ((rc = cmd_note(x, &r->cmd)) != 0)
        return rc;
    if ((rc = emit_records(x->out, &b, &r->rec)) != 0)
        return rc;
    if (!intermediate &&
        (rc = check_count(x, &r->cmd, &r->rec, r->s.bytes, r->line)) != 0)
        return rc;
    const ddsum *s = &r->s;
    if (s->infinite || s->secs <= 0) {
        rc = bdb_sink_warn(x->out, r->line, "dd reports no elapsed time "
                           "(Infinity B/s): no throughput");
    } else if (s->bytes <= 0) {
        /* nothing copied (a read or write error): dd's "0.0 kB/s" is no
         * measure of the device, and a 0 among the run's repetitions
         * would pull its mean down; the run keeps its bytes and time */
        rc = bdb_sink_warn(x->out, r->line, "dd copied 0 bytes: no throughput");
    } else {
        double tp = s->bytes / s->secs;
        x->out->at_col = s->rate > 0 ? s->rate_col : 0;
        rc = bdb_sink_add(x->out, &b, "throughput", throughput_of(s),
                          BDB_UNIT_BYTES_PER_S,
                          BDB_HIGHER_IS_BETTER,
                          s->rate_line ? s->rate_line : r->line);
        if (!rc && !intermediate)
            rc = emit_updates(x, &b, r);
        if (!rc && s->rate > 0) {
            /* GNU rounds bytes/elapsed to the printed digits (0.4 kB/s
             * for 430 B/s), BusyBox to 1/10 of its unit; BSD and GNU 5.x
             * print exact bytes/sec from a time more precise than shown */
            double tol = s->exact_rate ? 0.01 * s->rate
                                       : (s->glued ? 1.0 : 0.5) * s->rate_ulp +
                                             1e-4 * s->rate;
            if (tp - s->rate > tol || s->rate - tp > tol)
                rc = bdb_sink_warn(x->out, s->rate_line ? s->rate_line : r->line,
                                   "printed rate %.6g B/s differs from "
                                   "bytes/seconds %.6g B/s",
                                   s->rate, tp);
        }
    }
    if (!rc) {
        x->out->at_col = s->bytes_col;
        rc = bdb_sink_add(x->out, &b, "bytes", s->bytes, BDB_UNIT_BYTES,
                          BDB_NEUTRAL, r->line);
    }
    if (!rc && !s->infinite)
        x->out->at_col = s->secs_col;
    if (!rc && !s->infinite)
        rc = bdb_sink_add(x->out, &b, "elapsed", s->secs, BDB_UNIT_SECONDS,
                          BDB_LOWER_IS_BETTER,
                          s->secs_line ? s->secs_line : r->line);
    if (!rc && !intermediate && r->progress > 0)
        rc = bdb_sink_add(x->out, &b, "progress_lines", r->progress,
                          BDB_UNIT_COUNT, BDB_NEUTRAL, r->line);
    if (!rc && !intermediate && r->intermediate > 0)
        rc = bdb_sink_add(x->out, &b, "intermediate_reports", r->intermediate,
                          BDB_UNIT_COUNT, BDB_NEUTRAL, r->line);
    return rc;
}

/* A copy has finished: the next command of the same line is next. */
static void advance_cmd(ddctx *x)
{
    if (x->qpos < x->nq)
        x->cmd = x->queue[x->qpos++];
}

static int flush_pending(ddctx *x);
static int flush_records_only(ddctx *x, int at_end);

/* A trimmed summary (tail_summary) after its dd command: the printed
 * rate is the throughput, and the time; no bytes were printed. */
static int on_tail(ddctx *x, const ddsum *s, int line)
{
    int rc = flush_records_only(x, 0);
    if (!rc)
        rc = flush_pending(x);
    if (rc)
        return rc;
    bdb_sample b;
    base_of(&b, x, &x->cmd.ps);
    rc = cmd_note(x, &x->cmd);
    if (!rc)
        rc = bdb_sink_add(x->out, &b, "throughput", s->rate,
                          BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, line);
    if (!rc)
        rc = bdb_sink_add(x->out, &b, "elapsed", s->secs, BDB_UNIT_SECONDS,
                          BDB_LOWER_IS_BETTER, line);
    advance_cmd(x);
    return rc;
}

/* The held report is final: nothing of its copy follows. */
static int flush_pending(ddctx *x)
{
    if (!x->pend.have)
        return 0;
    x->pend.have = 0;
    int rc = emit_report(x, &x->pend, 0);
    advance_cmd(x);
    return rc;
}

/* Records lines with no summary after them. */
static int flush_records_only(ddctx *x, int at_end)
{
    ddrun *r = &x->run;
    if (!r->have_in && !r->have_out)
        return 0;
    int rc = flush_pending(x);
    bdb_sample b;
    base_of(&b, x, &x->cmd.ps);
    if (!rc)
        rc = cmd_note(x, &x->cmd);
    if (!rc)
        rc = emit_records(x->out, &b, r);
    if (!rc)
        rc = check_count(x, &x->cmd, r, -1, 0);
    if (!rc && r->have_in && !r->have_out)
        rc = bdb_sink_warn(x->out, r->in_line,
                           "dd's 'records in' at line %d is not followed by "
                           "'records out' and the summary (truncated log)",
                           r->in_line);
    else if (!rc && (x->cmd.noxfer || x->cmd.busybox))
        rc = bdb_sink_info(x->out, r->out_line,
                           "dd printed its record counts without the transfer "
                           "summary (%s): no throughput",
                           x->cmd.noxfer ? "status=noxfer" :
                           "BusyBox built without the third status line");
    else if (!rc)
        rc = bdb_sink_warn(x->out, r->out_line,
                           "dd printed its record counts without the transfer "
                           "summary 'N bytes (...) copied, T s, R UNIT/s'%s: "
                           "no throughput",
                           at_end ? " (truncated log, status=noxfer or a "
                                    "BusyBox without the third status line?)"
                                  : "");
    memset(r, 0, sizeof *r);
    advance_cmd(x);
    return rc;
}

/* A boundary between copies: a dd command line or a "#N :" marker. Other
 * lines (set -x's "+ kill -USR1 ...", blank lines) are not: SIGUSR1
 * reports of one copy are often separated by them. */
static int boundary(ddctx *x)
{
    int rc = flush_records_only(x, 0);
    if (!rc)
        rc = flush_pending(x);
    return rc;
}

static int on_summary(ddctx *x, const ddsum *s, int line)
{
    int rc;
    ddreport nr;
    memset(&nr, 0, sizeof nr);
    nr.have = 1;
    nr.s = *s;
    nr.line = line;
    nr.rec = x->run;
    nr.progress = x->progress;
    nr.up_at = x->ups_mark;
    rc = keep_update(x, s, line);
    if (rc)
        return rc;
    nr.self = x->nups - 1;
    x->ups_mark = x->nups;
    /* another dd of the same command line is still to come: the held
     * report is that command's final one, not a SIGUSR1 report */
    int more = x->qpos < x->nq;
    memset(&x->run, 0, sizeof x->run);
    x->progress = 0;
    x->progress_line = 0;
    int has_records = nr.rec.have_in || nr.rec.have_out;
    if (x->pend.have) {
        ddreport *o = &x->pend;
        int o_records = o->rec.have_in || o->rec.have_out;
        int grows = !more && s->bytes > o->s.bytes && s->secs > o->s.secs &&
                    !s->infinite && !o->s.infinite;
        if (!o_records && (grows || (!more && o->s.whole_secs && has_records &&
                                     s->bytes >= o->s.bytes))) {
            /* a progress update on a line of its own (pasted from a
             * terminal; illumos prints them with newlines) */
            nr.progress += o->progress + 1;
            nr.intermediate = o->intermediate;
            nr.up_at = o->up_at;
            o->have = 0;
        } else if (o_records && grows) {
            /* a SIGUSR1 (SIGINFO) report of the same copy */
            rc = emit_report(x, o, 1);
            if (rc)
                return rc;
            nr.progress += o->progress;
            nr.up_at = o->up_at;
            if (o->self < x->nups)
                x->ups[o->self].skip = 1;
            nr.intermediate = o->intermediate + 1;
            o->have = 0;
        } else if ((rc = flush_pending(x)) != 0) {
            return rc;
        }
    }
    nr.cmd = x->cmd;
    /* what comes before the held report's updates is given: let it go,
     * so that a long log's updates do not pile up */
    if (nr.up_at > 0 && nr.up_at <= x->nups) {
        memmove(x->ups, x->ups + nr.up_at,
                (x->nups - nr.up_at) * sizeof *x->ups);
        x->nups -= nr.up_at;
        x->ups_mark -= nr.up_at;
        nr.self -= nr.up_at;
        nr.up_at = 0;
    }
    x->pend = nr;
    return 0;
}

/* FreeBSD's status=progress update: "  %'ju bytes (%s, %s) transferred
 * %.3fs, %s/s" (grouped digits). */
static int bsd_progress(const char *p, const char *end)
{
    return bdb_contains(p, end, " bytes (") && bdb_contains(p, end, " transferred ");
}

/* A line holding "\r": status=progress updates. GNU prints "\r" before
 * each update, FreeBSD "\r" after each. Counts the updates; *first and
 * *first_end get the text before the first "\r" when it is not an update
 * (a line of its own with a stray "\r" after it). */
static int progress_segments(ddctx *x, int line, const char *p,
                             const char *end, const char **first,
                             const char **first_end, int *rc)
{
    int n = 0;
    const char *cr = memchr(p, '\r', (size_t)(end - p));
    const char *fp = p, *fe = cr ? cr : end;
    trim(&fp, &fe);
    if (fp < fe && bsd_progress(fp, fe)) {
        n++;
        fp = fe;
    }
    *first = fp, *first_end = fe;
    p = cr ? cr + 1 : end;
    while (p < end) {
        cr = memchr(p, '\r', (size_t)(end - p));
        const char *sp = p, *se = cr ? cr : end;
        trim(&sp, &se);
        ddsum s;
        if (sp < se && parse_summary(sp, se, &s) > 0) {
            n++;
            if (x && !*rc)
                *rc = keep_update(x, &s, line);
        } else if (sp < se && bsd_progress(sp, se)) {
            n++;
        }
        p = cr ? cr + 1 : end;
    }
    return n;
}

/* status=progress updates whose "\r" a terminal copy lost: the last
 * update glued to the final one ("... 3 s, 298 MB/s1306525696 bytes (1,3
 * GB, 1,2 GiB) copied, 3,82763 s, 341 MB/s"). Where the next update
 * starts after a rate's "/s" (blanks allowed), or NULL. */
static const char *glued_update(const char *p, const char *end)
{
    for (const char *q = p; q + 2 < end; q++) {
        if (q[0] != '/' || q[1] != 's')
            continue;
        const char *r = q + 2;
        while (r < end && *r == ' ')
            r++;
        ddsum s;
        if (r < end && *r >= '0' && *r <= '9' && parse_summary(r, end, &s) > 0)
            return r;
    }
    return NULL;
}

/* "dd: ..." or "/usr/bin/dd: ..." (program_name is argv[0]). */
static int dd_message(const char *p, const char *end)
{
    const char *sp = p;
    while (sp < end && *sp != ' ' && *sp != ':')
        sp++;
    if (sp >= end || *sp != ':' || sp + 1 >= end || sp[1] != ' ')
        return 0;
    return (sp - p == 2 && memcmp(p, "dd", 2) == 0) ||
           (sp - p > 3 && memcmp(sp - 3, "/dd", 3) == 0);
}

/* The end of the first command of [p, end): an unquoted ";", "|" or "&"
 * ("&&", "||" too; not the "&" of "2>&1"), or end. */
static const char *command_end(const char *p, const char *end)
{
    char quote = 0;
    for (const char *q = p; q < end; q++) {
        if (quote) {
            if (*q == quote)
                quote = 0;
            else if (*q == '\\' && quote == '"' && q + 1 < end)
                q++;
        } else if (*q == '\'' || *q == '"') {
            quote = *q;
        } else if (*q == '\\' && q + 1 < end) {
            q++;
        } else if (*q == ';' || *q == '|' ||
                   (*q == '&' && !(q > p && (q[-1] == '>' || q[-1] == '<')))) {
            return q;
        }
    }
    return end;
}

/* Queues the dd commands after the first on one line ("dd if=/dev/zero
 * of=f ... && dd if=f of=/dev/null ..."): their reports follow in order. */
static int more_commands(ddctx *x, const char *p, const char *end, int line)
{
    const char *q = p;
    int first = 1;
    while (q < end) {
        while (q < end && (*q == ';' || *q == '|' || *q == '&'))
            q++;
        const char *e = command_end(q, end);
        ddcmd c;
        int cr = dd_command(q, e, line, x->out, &c);
        if (cr < 0)
            return cr;
        if (cr > 0 && first) {
            first = 0; /* the first dd found is x->cmd already */
        } else if (cr > 0 && x->nq < DD_QUEUE) {
            x->queue[x->nq++] = c;
        } else if (cr > 0) {
            return bdb_sink_warn(x->out, line,
                                 "more than %d dd commands on one line: the "
                                 "settings of the rest are not read",
                                 DD_QUEUE + 1);
        }
        q = e;
    }
    return 0;
}

/* The rest of a line that a parallel shell prefixed with its host's name
 * (pdsh and clush print "host: line"; "chunk1: 50+0 records in") when
 * that rest is one of dd's records or summary lines; NULL otherwise ("dd:
 * error reading ..." is dd's own message, never a host's). */
static const char *dd_line_at(const char *r, const char *e)
{
    double a, b;
    int kind;
    ddsum s;
    if (records_line(r, e, &a, &b, &kind) || parse_summary(r, e, &s) > 0)
        return r;
    return NULL;
}

/* The rest of a line where dd's line follows the next shell prompt (two
 * background jobs finishing while the prompt waits: "[vagrant@hw10-proc
 * ~]$ 2048+0 записей получено"); NULL otherwise. */
static const char *after_prompt(const char *p, const char *e)
{
    for (const char *q = p; q + 1 < e && q - p < 120; q++)
        if ((*q == '$' || *q == '#' || *q == '%' || *q == '>') &&
            q[1] == ' ' && q > p && (q[-1] == ']' || q[-1] == '~' ||
                                     q[-1] == ' ' || is_alpha(q[-1]) ||
                                     is_digit(q[-1])))
            return dd_line_at(skip_blank(q + 2, e), e);
    return NULL;
}

static const char *host_prefixed(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && (is_alpha(*q) || is_digit(*q) || *q == '.' ||
                     *q == '-' || *q == '_'))
        q++;
    if (q == p || e - q < 2 || q[0] != ':' || q[1] != ' ' ||
        bdb_span_eq(p, q, "dd"))
        return NULL;
    return dd_line_at(skip_blank(q + 2, e), e);
}

/* ---- re-flowed lines ----------------------------------------------------- */

/* A page that re-flows a log as prose runs dd's lines together and breaks
 * them anywhere (a German blog's blockquote: "$ sudo dd if=/dev/sde
 * of=./sd.image 1981440+0 Datensätze ein" / "1981440+0 Datensätze aus
 * 1014497280 Bytes (1,0 GB) kopiert, 449,267" / "s, 2,3 MB/s"). The
 * lines are handed out in pieces: a line is cut where one of dd's own
 * lines starts after a blank inside it (a records pair "N+M", or "N" and
 * a byte word), and a summary that a line's end cut ("... kopiert,
 * 449,267", "... copied, 0.38 s,") is joined with the next line when
 * that makes it whole, its time and rate kept at the lines they are
 * printed on. A line that is one of dd's lines as a whole is one piece,
 * as is any other line. */
typedef struct ddpieces {
    bdb_lines it;
    bdb_line ln;          /* the line being handed out */
    const char *p, *e;    /* what is left of it */
    int left;
    int split;            /* the line is cut at dd's inner starts */
    char *join;           /* a summary joined over two lines */
    size_t cap;
    int second_line;      /* the last piece's text from second_at on is */
    const char *second_at; /* on this line (a joined summary; else NULL) */
} ddpieces;

/* A records pair "N+M" at q, ended by a blank or the line's end. */
static int records_token(const char *q, const char *e)
{
    const char *r = q;
    while (r < e && is_digit(*r))
        r++;
    if (r == q || r + 1 >= e || *r != '+' || !is_digit(r[1]))
        return 0;
    r++;
    while (r < e && is_digit(*r))
        r++;
    return r == e || *r == ' ' || *r == '\t' || is_nbsp(r, e);
}

/* "N" and a word that is a byte word ("Bytes", "bytes", "octets") at q. */
static int summary_token(const char *q, const char *e)
{
    const char *r = q;
    while (r < e && is_digit(*r))
        r++;
    if (r == q || r == e)
        return 0;
    const char *w = skip_blank(r, e);
    if (w == r)
        return 0;
    /* the word is a byte word, not "512-byte" nor "MBytes" */
    const char *we = word_end(w, e);
    return we - w <= 12 && has_byte_word(w, we) && !is_digit(*w) &&
           !(*w == 'k' || *w == 'K' || *w == 'M' || *w == 'G' || *w == 'T');
}

/* Where one of dd's lines starts inside [p, e), after a blank, or NULL. */
static const char *inner_start(const char *p, const char *e)
{
    for (const char *q = p + 1; q < e; q++)
        if (is_digit(*q) && (q[-1] == ' ' || q[-1] == '\t') &&
            (records_token(q, e) || summary_token(q, e)))
            return q;
    return NULL;
}

/* The summary [p, e) at the end of a line, cut there: joined with the
 * next line in pc->join when the join parses whole, its rest left to
 * hand out. Returns 1 joined, 0 not, BDB_ENOMEM. */
static int join_summary(ddpieces *pc, const char *p, const char *e,
                        const char **jp, const char **je)
{
    ddsum s;
    ddspan at;
    int r = summary_at(p, e, &s, &at);
    if (r == 0 || (r > 0 && (s.rate >= 0 || s.infinite || s.exact_rate)))
        return 0;
    bdb_lines peek = pc->it;
    bdb_line nx;
    if (!bdb_lines_next(&peek, &nx))
        return 0;
    const char *np = nx.p, *ne = nx.end;
    trim(&np, &ne);
    if (np == ne || (r > 0 && !is_digit(*np)))
        return 0;
    size_t a = (size_t)(e - p), b = (size_t)(ne - np);
    if (a + b + 2 > pc->cap) {
        char *j = realloc(pc->join, a + b + 2);
        if (!j)
            return BDB_ENOMEM;
        pc->join = j;
        pc->cap = a + b + 2;
    }
    memcpy(pc->join, p, a);
    pc->join[a] = ' ';
    memcpy(pc->join + a + 1, np, b);
    const char *j0 = pc->join, *j1 = pc->join + a + 1, *jend = j1 + b;
    ddsum js;
    if (summary_at(j0, jend, &js, &at) <= 0 || !at.stop || at.stop <= j1 ||
        (js.rate < 0 && !js.infinite))
        return 0;
    pc->it = peek;
    pc->ln = nx;
    pc->p = np + (at.stop - j1);
    pc->e = ne;
    pc->left = 1;
    pc->split = 1;
    pc->second_line = nx.no;
    pc->second_at = j1;
    *jp = j0;
    *je = at.stop;
    return 1;
}

static void pieces_init(ddpieces *pc, const char *buf, size_t len)
{
    memset(pc, 0, sizeof *pc);
    bdb_lines_init(&pc->it, buf, len);
}

/* The text before a line's first cut [s, e) is dd's own or its command:
 * nothing, a records pair, or a dd command with its operands ("$ sudo
 * dd if=/dev/sde of=./sd.image"). Prose that quotes dd's lines ("dd
 * prints 1024+0 records in, ..."), a host's or a prompt's prefix are
 * not cut (the latter are read as such). */
static int head_ok(const char *s, const char *e)
{
    double a, b;
    int kind;
    if (s == e || records_line(s, e, &a, &b, &kind))
        return 1;
    static const char *const ops[] = {"if=", "of=", "bs=", "count="};
    if (!(bdb_starts_with(s, e, "dd ") || bdb_contains(s, e, " dd ")))
        return 0;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (bdb_contains(s, e, ops[i]))
            return 1;
    return 0;
}

/* Where the line [s, end) is to be cut: the first inner start whose
 * piece is one of dd's lines, when the line as a whole is none and what
 * is before it is dd's (head_ok); NULL. */
static const char *first_cut(const char *s, const char *end)
{
    double a, b;
    int kind;
    ddsum sum;
    ddspan at;
    /* no inner start, no cut: looked for first, it spares most lines the
     * two parses of the whole line (pure, so the order changes nothing) */
    const char *first = s == end ? NULL : inner_start(s, end);
    if (!first || records_line(s, end, &a, &b, &kind) ||
        parse_summary(s, end, &sum) > 0)
        return NULL;
    for (const char *q = first; q; q = inner_start(q, end)) {
        const char *qe = inner_start(q, end);
        qe = qe ? qe : end;
        const char *x = qe;
        while (x > q && (x[-1] == ' ' || x[-1] == '\t'))
            x--;
        if (records_line(q, x, &a, &b, &kind) || parse_summary(q, x, &sum) > 0 ||
            (qe == end && summary_at(q, end, &sum, &at) < 0)) {
            const char *he = q;
            while (he > s && (he[-1] == ' ' || he[-1] == '\t'))
                he--;
            return head_ok(s, he) ? q : NULL;
        }
    }
    return NULL;
}

/* The next piece, trimmed, in [*p, *e) at line *no. Returns 1, 0 at the
 * end, BDB_ENOMEM. */
static int next_piece(ddpieces *pc, const char **p, const char **e, int *no)
{
    pc->second_at = NULL;
    if (!pc->left) {
        if (!bdb_lines_next(&pc->it, &pc->ln))
            return 0;
        pc->p = pc->ln.p;
        pc->e = pc->ln.end;
        trim(&pc->p, &pc->e);
        pc->split = 0;
        const char *cut = first_cut(pc->p, pc->e);
        if (cut) {
            /* the text before the cut is a piece of its own */
            const char *he = cut;
            while (he > pc->p && (he[-1] == ' ' || he[-1] == '\t'))
                he--;
            pc->split = 1;
            *no = pc->ln.no;
            if (he > pc->p) {
                *p = pc->p, *e = he;
                pc->p = cut;
                pc->left = 1;
                return 1;
            }
        }
    }
    pc->left = 0;
    const char *s = pc->p, *end = pc->e;
    *no = pc->ln.no;
    const char *next = pc->split ? inner_start(s, end) : NULL;
    if (next) {
        /* a piece ends where the next of dd's lines starts */
        const char *x = next;
        while (x > s && (x[-1] == ' ' || x[-1] == '\t'))
            x--;
        pc->p = next;
        pc->left = 1;
        *p = s, *e = x;
        return 1;
    }
    int j = join_summary(pc, s, end, p, e);
    if (j < 0)
        return j;
    if (j == 0)
        *p = s, *e = end;
    return 1;
}

/* The file's line of a figure at q in the last piece, which is on line
 * `no`. */
/* bdb_sample.col of a number at q on the line [line, end); 0 for none. */
static int col_of(const char *line, const char *end, const char *q)
{
    return q && q >= line && q < end && end - line < 65535
               ? (int)(q - line) + 1
               : 0;
}

static int piece_line(const ddpieces *pc, const char *q, int no)
{
    return pc->second_at && q && q >= pc->second_at ? pc->second_line : no;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    ddctx x;
    ddpieces pc;
    bdb_line ln;
    int rc = 0, got;
    char host[64] = "";     /* the first pdsh/clush host prefix */
    int hosts_warned = 0;
    memset(&x, 0, sizeof x);
    ln.no = 0;
    x.out = out;
    x.opts = opts;
    x.cmd.count = -1;
    x.cmd.obs = -1;
    pieces_init(&pc, buf, len);
    const char *p, *e;
    while (!rc && (got = next_piece(&pc, &p, &e, &ln.no)) > 0) {
        const char *m = bdb_skip_rep_marker(p, e, NULL);
        if (m != p) {
            rc = boundary(&x);
            p = m;
        }
        if (rc)
            break;
        if (p == e)
            continue;
        const char *hp = host_prefixed(p, e);
        if (hp) {
            if (!host[0])
                bdb_copy(host, sizeof host, p, memchr(p, ':', (size_t)(e - p)));
            else if (!hosts_warned &&
                     !bdb_span_eq(p, memchr(p, ':', (size_t)(e - p)), host)) {
                hosts_warned = 1;
                rc = bdb_sink_warn(out, ln.no,
                                   "dd's lines of several hosts (\"%s:\", "
                                   "\"%.*s\") are read as one stream; split "
                                   "the log per host to keep them apart",
                                   host, (int)((const char *)memchr(p, ':', (size_t)(e - p)) - p), p);
                if (rc)
                    break;
            }
            p = hp;
        } else if ((hp = after_prompt(p, e)) != NULL) {
            p = hp;
        }
        if (memchr(p, '\r', (size_t)(e - p))) {
            int n = progress_segments(&x, ln.no, p, e, &p, &e, &rc);
            if (rc)
                break;
            if (n > 0) {
                x.progress += n;
                x.progress_line = ln.no;
            }
            if (p == e)
                continue;
        }
        /* updates glued on one line are all progress updates: the
         * final summary follows its records lines on a line of its own
         * (dd.c prints a newline after the progress line first) */
        const char *g;
        int glued = 0;
        while (!rc && (g = glued_update(p, e)) != NULL) {
            ddsum us;
            const char *ue = g;
            trim(&p, &ue);
            if (parse_summary(p, ue, &us) <= 0)
                break;
            rc = keep_update(&x, &us, ln.no);
            x.progress++;
            x.progress_line = ln.no;
            p = g;
            glued++;
        }
        if (!rc && glued) {
            ddsum us;
            if (parse_summary(p, e, &us) > 0) {
                rc = keep_update(&x, &us, ln.no);
                x.progress++;
                continue;
            }
        }
        if (rc)
            break;
        double full, part;
        int kind;
        if (records_line(p, e, &full, &part, &kind)) {
            int is_out = kind == 'o' ||
                         (kind == 0 && x.run.have_in && !x.run.have_out);
            if (!is_out && (x.run.have_in || x.run.have_out))
                rc = flush_records_only(&x, 0);
            if (is_out) {
                x.run.have_out = 1, x.run.out_full = full, x.run.out_part = part;
                x.run.out_line = ln.no;
            } else {
                x.run.have_in = 1, x.run.in_full = full, x.run.in_part = part;
                x.run.in_line = ln.no;
            }
            continue;
        }
        double tr;
        if ((x.run.have_in || x.run.have_out) && truncated_line(p, e, &tr)) {
            x.run.have_trunc = 1, x.run.trunc = tr, x.run.trunc_line = ln.no;
            continue;
        }
        if (bdb_contains(p, e, " odd length swab ")) {
            rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
            continue;
        }
        ddsum s;
        ddspan at;
        /* one trimmed summary a command, right after it (no records
         * or report of its copy between) */
        if (x.cmd.line && x.cmd.line != x.tail_of && !x.run.have_in &&
            !x.run.have_out && !x.pend.have && tail_summary(p, e, &s)) {
            x.tail_of = x.cmd.line;
            rc = on_tail(&x, &s, ln.no);
            continue;
        }
        int sr = summary_at(p, e, &s, &at);
        if (sr > 0 && pc.second_at) {
            s.secs_line = piece_line(&pc, at.secs, ln.no);
            s.rate_line = piece_line(&pc, at.rate, ln.no);
        } else if (sr > 0 && p >= pc.ln.p && p <= pc.ln.end) {
            /* each number's column in the text's line (one the unwrap
             * joined from several of the file's: ingest finds its own) */
            s.bytes_col = col_of(pc.ln.p, pc.ln.end, at.bytes);
            s.secs_col = col_of(pc.ln.p, pc.ln.end, at.secs);
            s.rate_col = col_of(pc.ln.p, pc.ln.end, at.rate);
        }
        if (sr < 0) {
            rc = bdb_sink_warn(out, ln.no,
                               "expected dd's summary 'N bytes (...) copied, T "
                               "s, R UNIT/s' or 'N bytes transferred in T secs "
                               "(R bytes/sec)': '%.*s'",
                               (int)(e - p > 120 ? 120 : e - p), p);
            continue;
        }
        if (sr > 0) {
            rc = on_summary(&x, &s, ln.no);
            continue;
        }
        if (dd_message(p, e)) {
            /* the ingest layer prefixes "dd: " itself */
            const char *msg = memchr(p, ':', (size_t)(e - p)) + 2;
            rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - msg), msg);
            continue;
        }
        ddcmd c;
        int cr = dd_command(p, e, ln.no, out, &c);
        if (cr < 0) {
            rc = cr;
            break;
        }
        if (cr > 0 && bdb_starts_with(p, e, "Command being timed:")) {
            /* GNU time prints the command after the run it timed */
            if (x.pend.have && !x.pend.cmd.line)
                x.pend.cmd = c;
            else if ((x.run.have_in || x.run.have_out) && !x.cmd.line)
                x.cmd = c;
            continue;
        }
        if (cr > 0) {
            rc = boundary(&x);
            x.cmd = c;
            x.nq = x.qpos = 0;
            if (!rc)
                rc = more_commands(&x, p, e, ln.no);
        }
    }
    if (!rc && got < 0)
        rc = got;
    free(pc.join);
    if (!rc)
        rc = flush_records_only(&x, 1);
    if (!rc)
        rc = flush_pending(&x);
    if (!rc && x.progress > 0)
        rc = bdb_sink_warn(out, x.progress_line,
                           "dd's status=progress output at line %d is not "
                           "followed by the final summary (truncated log): "
                           "%d progress update%s not kept as figures",
                           x.progress_line, x.progress,
                           x.progress == 1 ? "" : "s");
    free(x.ups);
    if (rc == BDB_ERANGE)
        return bdb_diag_set(diag, rc, ln.no, "too many figures");
    return rc;
}

/* 1 when [p, end) runs dd (a prompt before it is fine). */
static int is_dd_command(const char *p, const char *end)
{
    static const char *const dd_tools[] = {"dd", NULL};
    const char *ap = after_prompt(p, end);
    bdb_cmdline cl;
    if (bdb_cmdline_parse_line(ap ? ap : p, end, dd_tools, &cl) != 1)
        return 0;
    bdb_cmdline_free(&cl);
    return 1;
}

/* dd's own lines where dd prints them: a records pair, a summary, a
 * status=progress update, or an error message of dd (so that a log where
 * dd failed is read and fails with dd's message, not "unknown tool"). */
static int sniff(const char *buf, size_t len)
{
    static const char *const errors[] = {
        "failed to open", "error writing", "error reading", "invalid number",
        "unrecognized operand", "Invalid argument", "No space left",
        "cannot skip", "cannot seek", "can't open", "invalid argument"};
    ddpieces pc;
    const char *p, *e;
    int no, prev_records = 0, prev_cmd = 0, score = 0;
    pieces_init(&pc, buf, len);
    while (next_piece(&pc, &p, &e, &no) > 0) {
        double a, b;
        int kind;
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        const char *hp = host_prefixed(p, e);
        if (hp)
            p = hp;
        ddsum s;
        if (memchr(p, '\r', (size_t)(e - p))) {
            int no_rc = 0;
            if (progress_segments(NULL, 0, p, e, &p, &e, &no_rc) > 0 &&
                score < 70)
                score = 70;
            if (p == e) {
                prev_records = 0;
                continue;
            }
        }
        if (records_line(p, e, &a, &b, &kind)) {
            if (prev_records && score < 80)
                score = 80;
            else if (kind == 'i' && score < 60)
                score = 60;
            prev_records = 1;
            continue;
        }
        if (parse_summary(p, e, &s) > 0 &&
            (prev_records || bdb_contains(p, e, "copied") ||
             bdb_contains(p, e, "bytes transferred in "))) {
            free(pc.join);
            return 95;
        }
        if (dd_message(p, e) && score < 60)
            for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
                if (bdb_contains(p, e, errors[i]))
                    score = 60;
        /* a script's trimmed summary right after its dd command */
        if (prev_cmd && score < 75 && tail_summary(p, e, &s))
            score = 75;
        prev_cmd = is_dd_command(p, e);
        prev_records = 0;
    }
    free(pc.join);
    return score;
}

const bdb_parser bdb_parser_dd = {"dd", 2, sniff, parse, 0, 0, 0};
