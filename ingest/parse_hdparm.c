/* parse_hdparm.c - hdparm's read timings (-T, -t, --direct).
 *
 * hdparm.c (time_cache(), time_device(), hdparm 9.x; older 5.x wording in
 * LKML-era logs) prints, after a "\n/dev/sda:\n" header per device:
 *   " Timing cached reads:   %3u MB in %5.2f seconds = %6.2f MB/sec"
 *   " Timing buffered disk reads: ..."   (" (offset N GB)" with --offset)
 *   " Timing O_DIRECT cached reads: ..." / " Timing O_DIRECT disk reads: ..."
 *   (hdparm 5.x: " Timing buffer-cache reads: ... =213.33 MB/sec")
 * and "kB/sec" (= MB/elapsed*1024) below 1 MB/s. TIMING_BUF_MB blocks of
 * TIMING_BUF_BYTES = MB * 1024 * 1024: hdparm's MB is 2^20 bytes and its
 * kB 2^10 bytes. The label is printed and flushed before the test runs, so
 * errors printed to stderr (perror: "BLKFLSBUF failed: ...", "read() hit
 * EOF - device too small", "HDIO_DRIVE_CMD(...) failed: ...") land after
 * the label when both streams are captured, and the figures, if the test
 * went on, follow on a later line. Seed 002 quotes the result as
 * "Timing cached reads: 2900.59 MB/sec" (rate only), which is read too.
 *
 * Metrics: throughput (B/s, higher is better) from the printed rate (more
 * precise than MB / the 2-decimal seconds, and cross-checked against them:
 * a mismatch is warned about), bytes (B, the data read in the timed
 * interval) and elapsed (s; both neutral: hdparm reads for a fixed ~2 or 3
 * seconds). Benchmarks: cached_reads, buffered_disk_reads,
 * direct_cached_reads, direct_disk_reads. Parameters: device (from the
 * "/dev/sda:" header) and offset (bytes, from "(offset N GB)", N * 2^30).
 * Several devices and repeated runs (seed 000's "#N :" markers) give one
 * sample per timing line; ingest numbers the repetitions. hdparm's errors
 * are warned about and never imported as figures; a file where nothing was
 * measured is an error naming the first one. */
#include "ingest.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>

#define MIB 1048576.0

static int is_digit(char c) { return c >= '0' && c <= '9'; }




/* hdparm's own error messages (perror / fputs in hdparm.c). */
static int is_error_text(const char *p, const char *end)
{
    static const char *const pats[] = {
        "failed", "hit EOF", "Operation not permitted", "No such file",
        "Permission denied", "device too small", "returned", "Inappropriate ioctl",
        "could not", "not supported", "Input/output error"};
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

typedef struct hctx {
    bdb_sink *out;
    bdb_diag *diag;
    const bdb_parse_opts *opts;
    char device[BDB_PARAM_VALUE_MAX];
    /* a label whose figures have not come yet */
    const char *pending;
    int pending_line;
    double pending_offset;
    char pending_err[160];
    int first_err_line;
    char first_err[200];
    int nfig;
} hctx;

static int note_error(hctx *h, int line, const char *p, const char *end)
{
    if (!h->first_err_line) {
        h->first_err_line = line;
        bdb_copy(h->first_err, sizeof h->first_err, p, end);
    }
    return bdb_sink_warn(h->out, line, "%.*s", (int)(end - p), p);
}

/* "N MB in T seconds = R MB/sec" or "R MB/sec" at p (whole rest). Returns 1
 * and emits, 0 when the text is not figures, 2 when it starts like figures
 * but is malformed, or a negative BDB_E* code. */
static int figures(hctx *h, const char *kind, double offset, const char *p,
                   const char *end, int line, int label_line)
{
    double mb = -1, secs = -1, rate;
    const char *q = p;
    if (!is_digit(*q) || !bdb_scan_number(&q, end, &rate, 0))
        return 0;
    q = bdb_skip_blank(q, end);
    if (bdb_scan_lit(&q, end, "MB in", 0)) {
        mb = rate;
        if (!bdb_scan_number(&q, end, &secs, 0) ||
            !bdb_scan_lit(&q, end, "seconds", 1) ||
            !bdb_scan_lit(&q, end, "=", 1) ||
            !bdb_scan_number(&q, end, &rate, 0))
            return 2;
        q = bdb_skip_blank(q, end);
    }
    double mult;
    if (bdb_span_eq(q, end, "MB/sec") || bdb_span_eq(q, end, "MB/s"))
        mult = MIB;
    else if (bdb_span_eq(q, end, "kB/sec") || bdb_span_eq(q, end, "KB/sec"))
        mult = 1024.0;
    else
        return 2;
    bdb_sample b;
    bdb_sample_init(&b, kind);
    if (h->device[0])
        bdb_params_set(&b.params, "device", "%s", h->device);
    if (offset >= 0)
        bdb_params_set(&b.params, "offset", "%.0f", offset);
    int rc = bdb_sink_add(h->out, &b, "throughput", rate * mult,
                          BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, line);
    if (!rc && mb >= 0) {
        rc = bdb_sink_add(h->out, &b, "bytes", mb * MIB, BDB_UNIT_BYTES,
                          BDB_NEUTRAL, line);
        if (!rc)
            rc = bdb_sink_add(h->out, &b, "elapsed", secs, BDB_UNIT_SECONDS,
                              BDB_NEUTRAL, line);
        if (!rc && secs > 0) {
            double computed = mb * MIB / secs;
            double tol = 0.006 / secs + 0.01;
            double ratio = computed / (rate * mult);
            if (ratio > 1 + tol || ratio < 1 - tol)
                rc = bdb_sink_warn(h->out, line,
                                   "printed rate %.2f MB/sec differs from %.0f "
                                   "MB / %.2f s",
                                   rate * mult / MIB, mb, secs);
        }
    }
    (void)label_line;
    h->nfig++;
    return rc ? rc : 1;
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
    hctx h;
    memset(&h, 0, sizeof h);
    h.out = out;
    h.diag = diag;
    h.opts = opts;
    bdb_lines it;
    bdb_line ln;
    int rc;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim_blank(&p, &e);
        p = bdb_skip_rep_marker(p, e, NULL);
        if (p == e)
            continue;
        /* "Timing ...:" */
        if (bdb_starts_with(p, e, "Timing ")) {
            if ((rc = fail_pending(&h)) != 0)
                return rc;
            const char *lab = p + strlen("Timing ");
            const char *colon = memchr(lab, ':', (size_t)(e - lab));
            double offset;
            const char *kind = colon ? timing_kind(lab, colon, &offset) : NULL;
            if (!kind)
                return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                    "unknown hdparm timing '%.*s' (expected "
                                    "cached, buffered disk or O_DIRECT reads)",
                                    (int)((colon ? colon : e) - p), p);
            const char *rest = bdb_skip_blank(colon + 1, e);
            if (rest == e) {
                h.pending = kind, h.pending_line = ln.no;
                h.pending_offset = offset, h.pending_err[0] = '\0';
                continue;
            }
            rc = figures(&h, kind, offset, rest, e, ln.no, ln.no);
            if (rc < 0)
                return rc;
            if (rc == 2)
                return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                    "expected 'N MB in T seconds = R MB/sec' "
                                    "after the hdparm timing label");
            if (rc == 0) {
                /* an error printed after the label; figures may follow */
                h.pending = kind, h.pending_line = ln.no;
                h.pending_offset = offset;
                bdb_copy(h.pending_err, sizeof h.pending_err, rest, e);
                if (!h.first_err_line) {
                    h.first_err_line = ln.no;
                    bdb_copy(h.first_err, sizeof h.first_err, rest, e);
                }
            }
            continue;
        }
        /* figures of a pending label */
        if (h.pending && is_digit(*p) && bdb_contains(p, e, "MB in ")) {
            rc = figures(&h, h.pending, h.pending_offset, p, e, ln.no,
                         h.pending_line);
            if (rc == 2)
                return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                    "expected 'N MB in T seconds = R MB/sec'");
            if (rc < 0)
                return rc;
            if (h.pending_err[0])
                bdb_sink_warn(out, h.pending_line, "%s: %s", h.pending,
                              h.pending_err);
            h.pending = NULL;
            continue;
        }
        /* device header "/dev/sda:" or "/dev/vda: Operation not permitted" */
        if (*p == '/') {
            const char *colon = memchr(p, ':', (size_t)(e - p));
            const char *sp = memchr(p, ' ', (size_t)(e - p));
            if (colon && (!sp || colon < sp)) {
                if ((rc = fail_pending(&h)) != 0)
                    return rc;
                bdb_copy(h.device, sizeof h.device, p, colon);
                const char *rest = bdb_skip_blank(colon + 1, e);
                if (rest < e && (rc = note_error(&h, ln.no, p, e)) != 0)
                    return rc;
                continue;
            }
        }
        if (is_error_text(p, e)) {
            if (h.pending && !h.pending_err[0])
                bdb_copy(h.pending_err, sizeof h.pending_err, p, e);
            if (!h.pending && (rc = note_error(&h, ln.no, p, e)) != 0)
                return rc;
            if (h.pending && !h.first_err_line) {
                h.first_err_line = ln.no;
                bdb_copy(h.first_err, sizeof h.first_err, p, e);
            }
            continue;
        }
        /* anything else (prompts, commands, other output) is not ours */
    }
    if ((rc = fail_pending(&h)) != 0)
        return rc;
    if (h.nfig == 0 && h.first_err_line)
        return bdb_diag_set(diag, BDB_EPARSE, h.first_err_line,
                            "hdparm measured nothing: %s", h.first_err);
    return BDB_OK;
}

/* A "Timing ... reads" label where hdparm prints it: at the start of a
 * line (after blanks, a "#N :" marker or a "> " mail quote), not anywhere
 * in prose that mentions hdparm. */
static int sniff(const char *buf, size_t len)
{
    static const char *const labels[] = {
        "Timing cached reads", "Timing buffered disk reads",
        "Timing buffer-cache reads", "Timing O_DIRECT cached reads",
        "Timing O_DIRECT disk reads"};
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *p = bdb_skip_blank(l.p, l.end);
        while (p < l.end && *p == '>')
            p = bdb_skip_blank(p + 1, l.end);
        p = bdb_skip_rep_marker(p, l.end, NULL);
        for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
            if (bdb_starts_with(p, l.end, labels[i]))
                return 95;
    }
    return 0;
}

const bdb_parser bdb_parser_hdparm = {"hdparm", 1, sniff, parse};
