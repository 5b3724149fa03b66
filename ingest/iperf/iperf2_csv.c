/* iperf2_csv.c - iperf 2 -y C (CSV) reports, client and server, TCP and
 * UDP (see parse_iperf.c for the columns).
 *
 * Rows, as ReportOutputs.c prints them (2.0.x and 2.1.x alike for the
 * first two; -e adds columns in 2.1.x; 2.1.9 and later put the UTC
 * offset before an -e row's time, "+0000:20240410120000.123"; 2.2 splits
 * an -e row's interval in two fields, iperf2_csv_columns.c):
 *    9 fields  time,local ip,port,remote ip,port,id,start-end,bytes,bps
 *   14 fields  ... ,jitter_ms,lost,total,lost_pct,out_of_order (UDP)
 *   15 fields  TCP -e sender: ... ,writes,write_errors,retry,cwnd (KBytes,
 *              tcpi_snd_cwnd * mss / 1024; -1 unknown),rtt,rttvar (us)
 *   17 fields  UDP -e: the 14 UDP fields,writes,write_errors,pps
 *   18 fields  TCP -e receiver: ... ,reads,bin1..bin8
 * id -1 is the sum of parallel streams. A UDP client's own row has total
 * -1 (no receiver data). */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void bdb_iperf_obs_csv_udp(ip_obs *o, const double v[5])
{
    if (v[2] < 0)
        return; /* a client's own row: no receiver data */
    o->have_lt = o->have_jitter = 1;
    o->jitter_ms = v[0];
    o->lost = v[1];
    o->total = v[2];
    o->pct = v[3];
    o->have_ooo = 1;
    o->ooo = v[4];
}

static void csv_cb_field(void *s, size_t len, void *ctx)
{
    csv_row *row = ctx;
    if (row->n >= IP_CSV_FIELDS) {
        row->overflow = 1;
        return;
    }
    size_t n = len;
    if (n > IP_CSV_FIELD_MAX - 1) {
        n = IP_CSV_FIELD_MAX - 1;
        row->overflow = 1;
    }
    memcpy(row->f[row->n], s, n);
    row->f[row->n][n] = '\0';
    row->n++;
}

static void csv_cb_record(int c, void *ctx)
{
    (void)c;
    (void)ctx;
}

static int is_csv_stamp(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    if (n != 14)
        return 0;
    if (s[n] == '.') {
        n++;
        while (s[n] >= '0' && s[n] <= '9')
            n++;
    }
    /* -e with a time zone: "20230517134209.123+0000" or "...Z" */
    if (s[n] == '+' || s[n] == '-') {
        n++;
        while (s[n] >= '0' && s[n] <= '9')
            n++;
    } else if (s[n] >= 'A' && s[n] <= 'Z') {
        while (s[n] >= 'A' && s[n] <= 'Z')
            n++;
    }
    return s[n] == '\0';
}

/* Longer than any row iperf prints: not one (and not split). */
#define CSV_ROW_MAX 4096

static int csv_split(const char *p, const char *e, csv_row *row)
{
    memset(row, 0, sizeof *row);
    struct csv_parser cp;
    if (csv_init(&cp, CSV_APPEND_NULL) != 0)
        return -1;
    size_t n = (size_t)(e - p);
    if (n > 128)
        csv_set_blk_size(&cp, n); /* one realloc, not one per 128 bytes */
    int ok = csv_parse(&cp, p, n, csv_cb_field, csv_cb_record, row) == n;
    csv_fini(&cp, csv_cb_field, csv_cb_record, row);
    csv_free(&cp);
    return ok ? 0 : -1;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Where a row quoted inside a line starts: a 14-digit timestamp and a
 * comma after at most 64 characters of something else that does not end
 * in a letter or digit ("output: `", "> ", "'"); NULL if none. */
static const char *row_start(const char *p, const char *e)
{
    for (const char *s = p; s < e && s - p <= 64; s++) {
        if (!is_digit(*s) || (s > p && (is_digit(s[-1]) ||
                                        (s[-1] >= 'A' && s[-1] <= 'Z') ||
                                        (s[-1] >= 'a' && s[-1] <= 'z'))))
            continue;
        const char *d = s;
        while (d < e && is_digit(*d))
            d++;
        if (d - s == 14 && d < e && (*d == ',' || *d == '.'))
            return s;
    }
    return NULL;
}

static int num_field(const char *s, double *v);

int bdb_iperf2_csv_row(const char *p, const char *e, csv_row *row)
{
    /* a row is a timestamp, two addresses and ports and five numbers; a
     * quote's closing marks after its last number ("0`,") are not a
     * field */
    if (e - p < 20 || e - p > CSV_ROW_MAX)
        return 0;
    /* 2.1.9+ -e: the UTC offset first, strftime's "%z:" ("+0000:",
     * "-0700:"; its sign gone when the rows were taken for a diff's) */
    const char *z = p + (*p == '+' || *p == '-');
    if (e - z > 5 && is_digit(z[0]) && is_digit(z[1]) && is_digit(z[2]) &&
        is_digit(z[3]) && z[4] == ':' && is_digit(z[5]))
        p = z + 5;
    if (!is_digit(*p) && (p = row_start(p, e)) == NULL)
        return 0;
    while (e > p && strchr("`'\"),;]} \t", e[-1]))
        e--;
    /* a row ends in a number: what follows the closing quote of a
     * literal holding it ('...,1"""  # noqa', "...,0`  <- UDP") is not
     * part of it */
    const char *last = e;
    while (last > p && !is_digit(last[-1]))
        last--;
    if (last > p && last < e && strchr("`'\")]}", *last))
        e = last;
    if (e - p < 20)
        return 0;
    if (csv_split(p, e, row) != 0 || row->n < 9)
        return 0;
    if (!is_csv_stamp(row->f[0]))
        return 0;
    if (strchr(row->f[6], '-'))
        return 1;
    /* 2.2 -e: istart,iend, then bytes and speed */
    double v;
    if (row->n < 10 || !num_field(row->f[6], &v) ||
        !num_field(row->f[7], &v) || !num_field(row->f[8], &v) ||
        !num_field(row->f[9], &v))
        return 0;
    row->split = 1;
    return 1;
}

static int num_field(const char *s, double *v)
{
    const char *p = s, *e = s + strlen(s);
    return bdb_scan_number(&p, e, v, 0) && p == e;
}

/* The out-of-order count of a UDP row rides in obs.ooo; the final row of
 * each id (its last, starting at 0) gives it to the stream. */
static int csv_finish(ip_run *r, ip_ctx *cx, bdb_sink *out, int line,
                      int *nruns)
{
    for (size_t ei = 0; ei < r->nents; ei++) {
        long last = -1;
        for (size_t i = 0; i < r->nobs; i++)
            if (r->obs[i].ent == ei)
                last = (long)i;
        if (last >= 0 && r->obs[last].have_ooo &&
            fabs(r->obs[last].start) < 1e-9) {
            r->ents[ei].have_ooo = 1;
            r->ents[ei].ooo = r->obs[last].ooo;
            r->ents[ei].ooo_line = r->obs[last].line;
        }
    }
    return bdb_iperf_finish_run(r, cx, out, line, nruns);
}

/* Reads fields [from, from + n) of row as numbers; 0 if one is not. */
static int num_fields(const csv_row *row, int from, int n, double *v)
{
    for (int i = 0; i < n; i++)
        if (!num_field(row->f[from + i], &v[i]))
            return 0;
    return 1;
}

/* The -e columns of 15-, 17- and 18-field rows. */
static int csv_enhanced(const csv_row *row, ip_figs *fs, ip_obs *o,
                        bdb_sink *out, int line)
{
    static const char *const bins[8] = {
        "reads_bin1", "reads_bin2", "reads_bin3", "reads_bin4",
        "reads_bin5", "reads_bin6", "reads_bin7", "reads_bin8"};
    double v[9];
    if (row->n == 15) {
        if (!num_fields(row, 9, 6, v))
            return 0;
        if (v[0] >= 0) {
            bdb_iperf_fig_add(fs, out, line, "writes", v[0], BDB_UNIT_COUNT,
                              BDB_NEUTRAL);
            bdb_iperf_fig_add(fs, out, line, "write_errors", v[1],
                              BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER);
        }
        if (v[2] >= 0) {
            o->have_retr = 1;
            o->retr = v[2];
        }
        if (v[3] >= 0)
            bdb_iperf_fig_add(fs, out, line, "cwnd", v[3] * 1024.0,
                              BDB_UNIT_BYTES, BDB_NEUTRAL);
        if (v[4] > 0)
            bdb_iperf_fig_add(fs, out, line, "rtt", v[4] / 1e6,
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER);
        if (v[4] > 0 && v[5] > 0)
            bdb_iperf_fig_add(fs, out, line, "rtt_var", v[5] / 1e6,
                              BDB_UNIT_SECONDS, BDB_NEUTRAL);
    } else if (row->n == 17) {
        if (!num_fields(row, 14, 3, v))
            return 0;
        bdb_iperf_fig_add(fs, out, line, "writes", v[0], BDB_UNIT_COUNT,
                          BDB_NEUTRAL);
        bdb_iperf_fig_add(fs, out, line, "write_errors", v[1], BDB_UNIT_COUNT,
                          BDB_LOWER_IS_BETTER);
        bdb_iperf_fig_add(fs, out, line, "pps", v[2], BDB_UNIT_OPS_PER_S,
                          BDB_HIGHER_IS_BETTER);
    } else if (row->n == 18) {
        if (!num_fields(row, 9, 9, v))
            return 0;
        bdb_iperf_fig_add(fs, out, line, "reads", v[0], BDB_UNIT_COUNT,
                          BDB_NEUTRAL);
        for (int i = 0; i < 8; i++)
            bdb_iperf_fig_add(fs, out, line, bins[i], v[1 + i],
                              BDB_UNIT_COUNT, BDB_NEUTRAL);
    }
    return 1;
}

static int read_rows(const char *buf, size_t len, bdb_sink *out,
                     int rows_only)
{
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    ip_run r;
    bdb_iperf_run_init(&r, 0);
    r.csv = 1;
    int nruns = 0, rc = 0;
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    csv_header hdr;
    int have_hdr = 0;
    csv_pairs pairs;
    bdb_iperf2_csv_pairs_init(&pairs);
    rc = bdb_iperf2_csv_pairs_scan(&pairs, buf, len);
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (p == e)
            continue;
        if (!bdb_iperf2_csv_row(p, e, &row)) {
            /* 2.2's names of the -e columns, before the first row */
            if (bdb_iperf2_csv_header(p, e, &hdr)) {
                have_hdr = 1;
                continue;
            }
            /* text between rows ("UDP -- bidirectional", an application's
             * "bw is ..."): the rows before it were another run */
            if (bdb_iperf_has_data(&r)) {
                rc = csv_finish(&r, &cx, out, ln.no, &nruns);
                bdb_iperf2_csv_pairs_reset(&pairs);
                if (rc)
                    break;
            }
            if (rows_only)
                continue;
            ip_cmd cmd;
            int k = bdb_iperf_cmd_line(p, e, 0, ln.no, &cmd, out);
            if (k < 0) {
                rc = k;
            } else if (k > 0) {
                rc = csv_finish(&r, &cx, out, ln.no, &nruns);
                bdb_iperf2_csv_pairs_reset(&pairs);
                r.cmd = cmd;
            } else if (*p >= '0' && *p <= '9' && memchr(p, ',', (size_t)(e - p))) {
                bdb_iperf_warn_line(out, ln.no,
                                    "not an iperf CSV row (expected "
                                    "'time,ip,port,ip,port,id,a-b,bytes,"
                                    "bps...')",
                                    p, e);
            } else if (bdb_contains(p, e, " failed") ||
                       bdb_contains(p, e, "refused") ||
                       bdb_starts_with(p, e, "WARNING") ||
                       bdb_starts_with(p, e, "ERROR")) {
                bdb_iperf_warn_line(out, ln.no, "iperf reported", p, e);
            }
            continue;
        }
        if (row.overflow) {
            bdb_iperf_warn_line(out, ln.no,
                                "iperf CSV row with more than 32 fields or a "
                                "field longer than 63 characters: skipped",
                                p, e);
            continue;
        }
        if (!row.split && row.n != 9 && row.n != 14 && row.n != 15 &&
            row.n != 17 && row.n != 18) {
            char what[120];
            snprintf(what, sizeof what,
                     "iperf CSV row has %d fields (expected 9 or 15 for TCP, "
                     "14 or 17 for UDP, 18 for a TCP receiver): skipped",
                     row.n);
            bdb_iperf_warn_line(out, ln.no, what, p, e);
            continue;
        }
        ip_data d;
        memset(&d, 0, sizeof d);
        double id, bytes, bps;
        const char *iv = row.f[6], *ive = iv + strlen(iv);
        const char *dash = row.split ? ive : memchr(iv, '-', (size_t)(ive - iv));
        char a[32], b[32];
        bdb_copy(a, sizeof a, iv, dash);
        bdb_copy(b, sizeof b, row.split ? row.f[7] : dash + 1,
                 row.split ? row.f[7] + strlen(row.f[7]) : ive);
        int k = row.split; /* fields after the interval move by one */
        if (!num_field(row.f[5], &id) || !num_field(a, &d.start) ||
            !num_field(b, &d.end) || !num_field(row.f[7 + k], &bytes) ||
            !num_field(row.f[8 + k], &bps) || bps < 0 || bytes < 0) {
            bdb_iperf_warn_line(out, ln.no,
                                "iperf CSV row: expected numbers in the id, "
                                "interval, bytes and bits_per_second fields; "
                                "skipped",
                                p, e);
            continue;
        }
        d.bps = bps;
        d.have_bytes = 1;
        d.bytes = bytes;
        long sid = id < 0 ? ID_SUM : (long)id;
        int zero = fabs(d.start) < 1e-9;
        /* a row starting at 0 after a final row of the same id (one that
         * started at 0 too): the next run */
        int flow, side, report;
        rc = bdb_iperf2_csv_pairs_place(&pairs, &row, &flow, &side, &report);
        if (rc)
            break;
        long ei = -1;
        for (size_t i = 0; i < r.nents; i++)
            if (r.ents[i].id == sid && r.ents[i].flow == flow)
                ei = (long)i;
        if (ei >= 0 && zero) {
            int last_zero = 0;
            for (size_t i = r.nobs; i-- > 0;)
                if (r.obs[i].ent == (size_t)ei && r.obs[i].side == side) {
                    last_zero = fabs(r.obs[i].start) < 1e-9;
                    break;
                }
            if (last_zero) {
                rc = csv_finish(&r, &cx, out, ln.no, &nruns);
                if (rc)
                    break;
            }
        }
        int udp = !row.split && (row.n == 14 || row.n == 17);
        double u[5];
        if (udp && !num_fields(&row, 9, 5, u)) {
            bdb_iperf_warn_line(out, ln.no,
                                "iperf CSV row: expected numbers in the "
                                "jitter, lost, total, % and out-of-order "
                                "fields; skipped",
                                p, e);
            continue;
        }
        ip_obs *o;
        rc = bdb_iperf_add_obs(&r, flow, sid, side, report, &d, ln.no, &o);
        if (rc)
            break;
        if (udp) {
            r.udp = 1;
            bdb_iperf_obs_csv_udp(o, u);
        }
        ip_figs fs;
        memset(&fs, 0, sizeof fs);
        fs.line = ln.no;
        if (row.split)
            bdb_iperf2_csv_columns(&row, have_hdr ? &hdr : NULL, &r, o, &fs,
                                   out, ln.no);
        else if (!csv_enhanced(&row, &fs, o, out, ln.no))
            bdb_iperf_warn_line(out, ln.no,
                                "iperf CSV row: expected numbers in the -e "
                                "columns; they are not kept",
                                p, e);
        r.ents[o->ent].figs[side] = fs;
    }
    bdb_iperf2_csv_pairs_free(&pairs);
    if (!rc)
        rc = csv_finish(&r, &cx, out, 0, &nruns);
    bdb_iperf_run_free(&r);
    if (!rc && !rows_only && out->n == 0 && out->nnotes == 0)
        bdb_sink_warn(out, 0, "no iperf CSV row");
    return rc;
}

int bdb_iperf2_csv_parse(const char *buf, size_t len, bdb_sink *out)
{
    return read_rows(buf, len, out, 0);
}

int bdb_iperf2_csv_rows_parse(const char *buf, size_t len, bdb_sink *out)
{
    return read_rows(buf, len, out, 1);
}
