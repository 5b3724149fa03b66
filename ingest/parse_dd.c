/* parse_dd.c - the statistics dd prints when it finishes.
 *
 * Formats (GNU coreutils src/dd.c print_stats()/print_xfer_stats(),
 * BusyBox coreutils/dd.c dd_output_status(), BSD dd's summary()):
 *   N+M records in            full and partial input blocks
 *   N+M records out           (translated in some locales: "64+0
 *                              Datensätze ein", "输入了 64+0 块记录")
 *   [N truncated records]
 *   GNU >= 8.24: "B bytes (SI, IEC) copied, T s, R UNIT/s"
 *   GNU 6.0-8.23: "B bytes (SI) copied, T s|seconds, R UNIT/s"
 *   GNU, B < 1000: "B bytes copied, T s, R UNIT/s" ("1 byte copied")
 *   GNU 5.x: "B bytes transferred in T seconds (R bytes/sec)"
 *   BSD/macOS: "B bytes transferred in T secs (R bytes/sec)"
 *   BusyBox (FEATURE_DD_THIRD_STATUS_LINE): "B bytes (80.0MB) copied,
 *     T seconds, 25.9MB/s" (%f seconds; sizes glued to their number)
 * GNU's words follow the locale (de: "Bytes ... kopiert, 0,15872 s",
 * zh_CN: "字节 ... 已复制，0.033 s，2.0 GB/s", "MB/秒"); numbers may use a
 * decimal comma. status=progress lines are written with a leading "\r" and
 * no newline ("%.0f s"); they are skipped and only the final summary is
 * read. GNU prints "Infinity B/s" when no time elapsed.
 *
 * Units: B is the byte count dd wrote (w_bytes). GNU's human sizes and rates
 * come from gnulib human_readable() with human_SI: kB, MB, GB are powers of
 * 1000 and "MiB" (human_base_1024) powers of 1024; the time is seconds
 * ("%g s"). BusyBox's make_human_readable_str() is 1024-based ("25.9MB/s"
 * means 25.9 * 2^20 B/s). BSD and GNU 5.x print exact bytes/sec.
 *
 * Metrics: throughput (B/s, higher is better) = bytes / seconds: the final
 * summary's time is GNU's "%g" (6 significant digits, trailing zeros
 * dropped, so "0.5 s" is 0.500000 s), BusyBox's and BSD's "%f", so this is
 * more precise than the printed 2-3 digit rate; the printed rate is only
 * cross-checked (a difference over 6%, 1% for exact bytes/sec, is warned
 * about). bytes (B), elapsed (s, lower is better), records_in,
 * records_in_partial, records_out, records_out_partial (counts).
 * A run with records lines but no summary (status=noxfer, BusyBox built
 * without the third status line) gives the record counts and a warning.
 *
 * Benchmark: "dd" (or --benchmark). When the dd command line is in the log
 * ("$ dd if=... of=...", "time dd ...", `bash -v` echo) the next run gets
 * parameters: direction (write when if= is /dev/zero, /dev/urandom or
 * /dev/random; read when of= is /dev/null), block_size (bs= in bytes,
 * with dd's suffixes c w b kB K MB M GB G and KiB...), count (blocks, the
 * same suffixes: "10k" = 10240), iflag, oflag, conv (as written). "dd: ..." error lines are warned about. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static const char *skip_blank(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

static void trim(const char **p, const char **end)
{
    *p = skip_blank(*p, *end);
    while (*end > *p && ((*end)[-1] == ' ' || (*end)[-1] == '\t' ||
                         (*end)[-1] == '\r'))
        (*end)--;
}

/* "N+M" with only non-digits around it: a records line (any language). */
static int records_line(const char *p, const char *end, double *full,
                        double *part)
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
    const char *plus = q;
    q++;
    const char *d1 = q;
    while (q < end && is_digit(*q))
        q++;
    for (const char *r = q; r < end; r++)
        if (is_digit(*r))
            return 0;
    /* text before the numbers must not be ASCII letters glued to them */
    if (d0 > p && ((d0[-1] >= 'a' && d0[-1] <= 'z') ||
                   (d0[-1] >= 'A' && d0[-1] <= 'Z')))
        return 0;
    const char *n0 = d0;
    const char *n1 = d1;
    if (!bdb_scan_number(&n0, plus, full, 0) || n0 != plus ||
        !bdb_scan_number(&n1, q, part, 0) || n1 != q)
        return 0;
    /* the words: English, or any non-ASCII text (translations) */
    if (bdb_contains(p, end, "records in") || bdb_contains(p, end, "records out"))
        return 1;
    for (const char *r = p; r < end; r++)
        if ((unsigned char)*r >= 0x80)
            return 1;
    return 0;
}

/* dd's size operand: "1M", "8k", "512", "1G", "2x512", "1MB", "1KiB". */
static double dd_size(const char *p, const char *end)
{
    const char *x = memchr(p, 'x', (size_t)(end - p));
    if (x && x > p) {
        double a = dd_size(p, x), b = dd_size(x + 1, end);
        return a < 0 || b < 0 ? -1 : a * b;
    }
    long long n;
    const char *q = p;
    if (q >= end || !is_digit(*q) || !bdb_scan_int(&q, end, &n) || n < 0)
        return -1;
    static const struct { const char *s; double m; } sfx[] = {
        {"", 1}, {"c", 1}, {"w", 2}, {"b", 512},
        {"kB", 1e3}, {"K", 1024}, {"k", 1024}, {"KiB", 1024}, {"kiB", 1024},
        {"MB", 1e6}, {"M", 1048576.0}, {"xM", 1048576.0}, {"MiB", 1048576.0},
        {"GB", 1e9}, {"G", 1073741824.0}, {"GiB", 1073741824.0},
        {"TB", 1e12}, {"T", 1099511627776.0}, {"TiB", 1099511627776.0},
    };
    for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++)
        if (bdb_span_eq(q, end, sfx[i].s))
            return (double)n * sfx[i].m;
    return -1;
}

/* Reads the operands of a dd command line into params; 1 if it is one. */
static int dd_command(const char *p, const char *end, bdb_params *ps)
{
    const char *w;
    size_t n;
    const char *q = p;
    int found = 0;
    /* find the word "dd" (or ".../dd") followed by an operand */
    while ((n = bdb_scan_word(&q, end, &w)) > 0) {
        q = skip_blank(q, end);
        if ((n == 2 && memcmp(w, "dd", 2) == 0) ||
            (n > 3 && memcmp(w + n - 3, "/dd", 3) == 0)) {
            found = 1;
            break;
        }
    }
    if (!found)
        return 0;
    bdb_params tmp;
    memset(&tmp, 0, sizeof tmp);
    int ops = 0;
    const char *in = NULL, *in_end = NULL, *outf = NULL, *out_end = NULL;
    while ((n = bdb_scan_word(&q, end, &w)) > 0) {
        q = skip_blank(q, end);
        const char *we = w + n;
        if (we > w && *(we - 1) == ';') {
            we--;
            q = end; /* "bs=8k count=10k; rm ./output" */
        }
        const char *eq = memchr(w, '=', (size_t)(we - w));
        if (!eq)
            break; /* "|", "2>&1", "&&", ... */
        const char *v = eq + 1;
        if (bdb_span_eq(w, eq, "if")) {
            in = v, in_end = we;
        } else if (bdb_span_eq(w, eq, "of")) {
            outf = v, out_end = we;
        } else if (bdb_span_eq(w, eq, "bs")) {
            double bs = dd_size(v, we);
            if (bs > 0)
                bdb_params_set(&tmp, "block_size", "%.0f", bs);
        } else if (bdb_span_eq(w, eq, "count") && dd_size(v, we) >= 0) {
            bdb_params_set(&tmp, "count", "%.0f", dd_size(v, we));
        } else if (bdb_span_eq(w, eq, "count") || bdb_span_eq(w, eq, "iflag") ||
                   bdb_span_eq(w, eq, "oflag") || bdb_span_eq(w, eq, "conv")) {
            char key[16];
            bdb_copy(key, sizeof key, w, eq);
            bdb_params_set_span(&tmp, key, v, we);
        } else if (!(bdb_span_eq(w, eq, "ibs") || bdb_span_eq(w, eq, "obs") ||
                     bdb_span_eq(w, eq, "skip") || bdb_span_eq(w, eq, "seek") ||
                     bdb_span_eq(w, eq, "status") || bdb_span_eq(w, eq, "cbs") ||
                     bdb_span_eq(w, eq, "iseek") || bdb_span_eq(w, eq, "oseek"))) {
            break;
        }
        ops++;
    }
    if (!ops)
        return 0;
    if (in && (bdb_span_eq(in, in_end, "/dev/zero") ||
               bdb_span_eq(in, in_end, "/dev/urandom") ||
               bdb_span_eq(in, in_end, "/dev/random")))
        bdb_params_set(&tmp, "direction", "write");
    else if (outf && bdb_span_eq(outf, out_end, "/dev/null"))
        bdb_params_set(&tmp, "direction", "read");
    *ps = tmp;
    return 1;
}

typedef struct ddsum {
    double bytes, secs, rate; /* rate in B/s, < 0 when not printed */
    int exact_rate;           /* bytes/sec printed as an integer */
} ddsum;

/* Is the text at p a separator between figures: blanks, ",", "，", "、"? */
static const char *skip_sep(const char *p, const char *end)
{
    for (;;) {
        p = skip_blank(p, end);
        if (p < end && *p == ',')
            p++;
        else if (end - p >= 3 && (unsigned char)p[0] == 0xEF &&
                 (unsigned char)p[1] == 0xBC && (unsigned char)p[2] == 0x8C)
            p += 3; /* full-width comma */
        else if (end - p >= 3 && (unsigned char)p[0] == 0xE3 &&
                 (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x81)
            p += 3; /* ideographic comma */
        else
            return p;
    }
}

static int time_unit(const char *p, const char *end)
{
    double m;
    if (bdb_units_time(p, end, &m) == 0)
        return m == 1.0;
    return bdb_span_eq(p, end, "\xE7\xA7\x92") ||        /* 秒 */
           bdb_span_eq(p, end, "\xD1\x81") ||            /* с */
           bdb_span_eq(p, end, "\xD1\x81\xD0\xB5\xD0\xBA"); /* сек */
}

/* Parses a summary line. Returns 1 on success, 0 when the line is not a
 * summary, -1 when it looks like one but does not parse. */
static int parse_summary(const char *p, const char *end, ddsum *s)
{
    const char *q = p;
    memset(s, 0, sizeof *s);
    s->rate = -1;
    if (q >= end || !is_digit(*q))
        return 0;
    if (!bdb_scan_number(&q, end, &s->bytes, 0) || q == end || is_digit(*q) ||
        *q == '.' || *q == ',')
        return 0;
    int looks = bdb_contains(p, end, "bytes") || bdb_contains(p, end, "byte ") ||
                bdb_contains(p, end, "Bytes") || bdb_contains(p, end, "copied") ||
                bdb_contains(p, end, "\xE5\xAD\x97\xE8\x8A\x82"); /* 字节 */
    /* GNU 5.x and BSD */
    const char *t = bdb_find(q, end, " bytes transferred in ");
    if (t == q) {
        q = t + strlen(" bytes transferred in ");
        if (!bdb_scan_number(&q, end, &s->secs, 0))
            return -1;
        if (!bdb_scan_lit(&q, end, "secs", 1) && !bdb_scan_lit(&q, end, "seconds", 1))
            return -1;
        if (bdb_scan_lit(&q, end, "(", 1)) {
            if (!bdb_scan_number(&q, end, &s->rate, 0) ||
                !bdb_scan_lit(&q, end, "bytes/sec)", 1))
                return -1;
            s->exact_rate = 1;
        }
        return 1;
    }
    /* GNU (any locale) and BusyBox: skip words and the "(...)" sizes */
    int glued = 0;
    while (q < end && !is_digit(*q)) {
        if (*q == '(') {
            const char *c = memchr(q, ')', (size_t)(end - q));
            if (!c)
                return looks ? -1 : 0;
            /* BusyBox glues the unit: "(80.0MB)" */
            for (const char *r = q + 1; r + 1 < c; r++)
                if (is_digit(*r) && ((r[1] >= 'A' && r[1] <= 'Z') ||
                                     (r[1] >= 'a' && r[1] <= 'z')))
                    glued = 1;
            q = c + 1;
            continue;
        }
        q++;
    }
    if (q == end)
        return looks ? -1 : 0;
    if (!bdb_scan_number(&q, end, &s->secs, BDB_SCAN_DECIMAL_COMMA))
        return looks ? -1 : 0;
    q = skip_blank(q, end);
    const char *u = q;
    while (q < end && *q != ' ' && *q != ',' && *q != '\t' &&
           !((unsigned char)*q == 0xEF || (unsigned char)*q == 0xE3))
        q++;
    if (!time_unit(u, q))
        return looks ? -1 : 0;
    q = skip_sep(q, end);
    if (q < end && is_digit(*q)) {
        double r, mult;
        int bits = 0;
        if (!bdb_scan_number(&q, end, &r, BDB_SCAN_DECIMAL_COMMA))
            return -1;
        if (q < end && *q != ' ')
            glued = 1;
        q = skip_blank(q, end);
        const char *slash = memchr(q, '/', (size_t)(end - q));
        if (!slash || bdb_units_size(q, slash, glued ? 1024 : 1000, &mult, &bits) != 0 ||
            bits)
            return -1;
        s->rate = r * mult;
    }
    return 1;
}

typedef struct ddrun {
    int have_in, have_out;
    double in_full, in_part, out_full, out_part;
    int in_line, out_line;
    int any_records_line;
} ddrun;

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
    return rc;
}

static void base_of(bdb_sample *b, const bdb_parse_opts *opts,
                    const bdb_params *ps)
{
    bdb_sample_init(b, opts && opts->benchmark && opts->benchmark[0]
                           ? opts->benchmark : "dd");
    b->params = *ps;
}

/* Records without a summary: status=noxfer or a BusyBox without the third
 * status line. */
static int flush_records_only(bdb_sink *out, const bdb_parse_opts *opts,
                              const bdb_params *ps, ddrun *r)
{
    if (!r->have_in && !r->have_out)
        return 0;
    bdb_sample b;
    base_of(&b, opts, ps);
    int rc = emit_records(out, &b, r);
    if (!rc)
        rc = bdb_sink_warn(out, r->have_out ? r->out_line : r->in_line,
                           "dd printed its record counts without the "
                           "transfer summary (status=noxfer?): no "
                           "throughput");
    memset(r, 0, sizeof *r);
    return rc;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    bdb_lines it;
    bdb_line ln;
    bdb_params ps;
    ddrun run;
    int rc, progress_line = 0, summaries = 0;
    memset(&ps, 0, sizeof ps);
    memset(&run, 0, sizeof run);
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        trim(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        if (memchr(p, '\r', (size_t)(e - p)) || (ln.p < e && *ln.p == '\r')) {
            progress_line = ln.no; /* status=progress: not the result */
            continue;
        }
        double full, part;
        if (records_line(p, e, &full, &part)) {
            int is_out = bdb_contains(p, e, "records out") ||
                         (!bdb_contains(p, e, "records in") && run.have_in &&
                          !run.have_out);
            if (!is_out && (run.have_in || run.have_out)) {
                rc = flush_records_only(out, opts, &ps, &run);
                if (rc)
                    return rc;
            }
            if (is_out) {
                progress_line = 0;
                run.have_out = 1, run.out_full = full, run.out_part = part;
                run.out_line = ln.no;
            } else {
                run.have_in = 1, run.in_full = full, run.in_part = part;
                run.in_line = ln.no;
            }
            continue;
        }
        ddsum s;
        int sr = parse_summary(p, e, &s);
        if (sr < 0)
            return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                "expected dd's summary 'N bytes (...) copied, "
                                "T s, R UNIT/s' or 'N bytes transferred in T "
                                "secs (R bytes/sec)'");
        if (sr > 0) {
            bdb_sample b;
            base_of(&b, opts, &ps);
            rc = emit_records(out, &b, &run);
            memset(&run, 0, sizeof run);
            progress_line = 0;
            summaries++;
            double computed = s.secs > 0 ? s.bytes / s.secs : -1;
            double tp = computed;
            if (!rc && tp > 0)
                rc = bdb_sink_add(out, &b, "throughput", tp,
                                  BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, ln.no);
            else if (!rc && s.bytes > 0)
                rc = bdb_sink_warn(out, ln.no, "dd reports no elapsed time "
                                   "(Infinity B/s): no throughput");
            if (!rc)
                rc = bdb_sink_add(out, &b, "bytes", s.bytes, BDB_UNIT_BYTES,
                                  BDB_NEUTRAL, ln.no);
            if (!rc)
                rc = bdb_sink_add(out, &b, "elapsed", s.secs, BDB_UNIT_SECONDS,
                                  BDB_LOWER_IS_BETTER, ln.no);
            if (!rc && computed > 0 && s.rate > 0) {
                double ratio = computed / s.rate;
                double tol = s.exact_rate ? 0.01 : 0.06;
                if (ratio > 1 + tol || ratio < 1 - tol)
                    rc = bdb_sink_warn(out, ln.no,
                                       "printed rate %.6g B/s differs from "
                                       "bytes/seconds %.6g B/s",
                                       s.rate, computed);
            }
            if (rc)
                return rc;
            continue;
        }
        if (bdb_starts_with(p, e, "dd: ")) {
            rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
            if (rc)
                return rc;
            continue;
        }
        if (bdb_contains(p, e, " truncated record")) {
            rc = bdb_sink_warn(out, ln.no, "%.*s", (int)(e - p), p);
            if (rc)
                return rc;
            continue;
        }
        bdb_params cmd;
        if (dd_command(p, e, &cmd)) {
            rc = flush_records_only(out, opts, &ps, &run);
            if (rc)
                return rc;
            ps = cmd;
        }
    }
    if (run.have_in && !run.have_out)
        return bdb_diag_set(diag, BDB_EPARSE, run.in_line,
                            "dd output is truncated: 'records in' at line %d "
                            "without 'records out'",
                            run.in_line);
    rc = flush_records_only(out, opts, &ps, &run);
    if (rc)
        return rc;
    if (progress_line)
        return bdb_diag_set(diag, BDB_EPARSE, progress_line,
                            "dd's status=progress output at line %d is not "
                            "followed by the final summary (truncated log)",
                            progress_line);
    (void)summaries;
    return BDB_OK;
}

static int sniff(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    int prev_records = 0, score = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        double a, b;
        trim(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        if (records_line(p, e, &a, &b)) {
            if (prev_records && score < 80)
                score = 80;
            prev_records = 1;
            continue;
        }
        ddsum s;
        if (!memchr(p, '\r', (size_t)(e - p)) && parse_summary(p, e, &s) > 0 &&
            (prev_records || bdb_contains(p, e, "copied") ||
             bdb_contains(p, e, "bytes transferred in ")))
            return 95;
        prev_records = 0;
    }
    return score;
}

const bdb_parser bdb_parser_dd = {"dd", 1, sniff, parse};
