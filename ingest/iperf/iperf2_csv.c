/* bdb_iperf2_csv_parse.c - iperf 2 -y C (CSV) reports, client and server, TCP and
 * UDP (see parse_iperf.c for the columns). */
#include "iperf_internal.h"
#include "../../common/bdb_scan.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void csv_cb_field(void *s, size_t len, void *ctx)
{
    csv_row *row = ctx;
    if (row->n >= 16) {
        row->overflow = 1;
        return;
    }
    size_t n = len < 63 ? len : 63;
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
    return s[n] == '\0';
}

static int csv_split(const char *p, const char *e, csv_row *row)
{
    memset(row, 0, sizeof *row);
    struct csv_parser cp;
    if (csv_init(&cp, CSV_APPEND_NULL) != 0)
        return -1;
    size_t n = (size_t)(e - p);
    int ok = csv_parse(&cp, p, n, csv_cb_field, csv_cb_record, row) == n;
    csv_fini(&cp, csv_cb_field, csv_cb_record, row);
    csv_free(&cp);
    return ok ? 0 : -1;
}

/* A row of iperf2's CSV: 14-digit timestamp and an "a-b" interval. */
int bdb_iperf2_csv_row(const char *p, const char *e, csv_row *row)
{
    if (e - p < 20 || !(*p >= '0' && *p <= '9'))
        return 0;
    if (csv_split(p, e, row) != 0 || row->n < 9)
        return 0;
    if (!is_csv_stamp(row->f[0]))
        return 0;
    return strchr(row->f[6], '-') != NULL;
}

static int num_field(const char *s, double *v)
{
    const char *p = s, *e = s + strlen(s);
    return bdb_scan_number(&p, e, v, 0) && p == e;
}

/* The out-of-order count of a UDP row rides in obs.retr until the final
 * row of each id is known (the last row, starting at 0). */
static int csv_finish(ip_run *r, const ip_ctx *cx, bdb_sink *out,
                      bdb_diag *diag, int line, int *nruns)
{
    for (size_t ei = 0; ei < r->nents; ei++) {
        long last = -1;
        for (size_t i = 0; i < r->nobs; i++)
            if (r->obs[i].ent == ei)
                last = (long)i;
        if (last >= 0 && r->obs[last].have_lt &&
            fabs(r->obs[last].start) < 1e-9) {
            r->ents[ei].have_ooo = 1;
            r->ents[ei].ooo = r->obs[last].retr;
            r->ents[ei].ooo_line = r->obs[last].line;
        }
    }
    int rc = bdb_iperf_finish_run(r, cx, out, diag, line, nruns);
    r->csv = 1;
    return rc;
}

int bdb_iperf2_csv_parse(const char *buf, size_t len, bdb_sink *out,
                         bdb_diag *diag)
{
    ip_ctx cx;
    bdb_iperf_ctx_reset(&cx);
    ip_run r;
    bdb_iperf_run_init(&r, 0);
    r.csv = 1;
    int nruns = 0, rc = 0;
    /* per id: did its last row start at 0 */
    long last_id[256];
    int last_zero[256];
    int nlast = 0;
    bdb_lines it;
    bdb_line ln;
    csv_row row;
    bdb_lines_init(&it, buf, len);
    while (!rc && bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *e = ln.end;
        bdb_trim(&p, &e);
        if (!bdb_iperf2_csv_row(p, e, &row))
            continue;
        if (row.n != 9 && row.n != 14) {
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "iperf CSV row has %d fields (expected 9 for "
                              "TCP or 14 for UDP)",
                              row.n);
            break;
        }
        ip_data d;
        memset(&d, 0, sizeof d);
        double id, bytes, bps;
        const char *iv = row.f[6], *ive = iv + strlen(iv);
        const char *dash = memchr(iv, '-', (size_t)(ive - iv));
        char a[32], b[32];
        bdb_copy(a, sizeof a, iv, dash);
        bdb_copy(b, sizeof b, dash + 1, ive);
        if (!num_field(row.f[5], &id) || !num_field(a, &d.start) ||
            !num_field(b, &d.end) || !num_field(row.f[7], &bytes) ||
            !num_field(row.f[8], &bps) || bps < 0) {
            rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                              "iperf CSV row: expected numbers in the id, "
                              "interval, bytes and bits_per_second fields");
            break;
        }
        d.bps = bps;
        long sid = id < 0 ? ID_SUM : (long)id;
        int zero = fabs(d.start) < 1e-9;
        int slot = -1;
        for (int i = 0; i < nlast; i++)
            if (last_id[i] == sid)
                slot = i;
        if (slot >= 0 && zero && last_zero[slot]) {
            rc = csv_finish(&r, &cx, out, diag, ln.no, &nruns);
            r.csv = 1;
            nlast = 0;
            slot = -1;
            if (rc)
                break;
        }
        if (slot < 0 && nlast < 256) {
            slot = nlast++;
            last_id[slot] = sid;
        }
        if (slot >= 0)
            last_zero[slot] = zero;
        ip_obs *o;
        rc = bdb_iperf_add_obs(&r, FLOW_NONE, sid, SIDE_SND, 0, &d, ln.no, &o);
        if (rc)
            break;
        if (row.n == 14) {
            r.udp = 1;
            double j, lost, total, pct, ooo;
            if (!num_field(row.f[9], &j) || !num_field(row.f[10], &lost) ||
                !num_field(row.f[11], &total) || !num_field(row.f[12], &pct) ||
                !num_field(row.f[13], &ooo)) {
                rc = bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                  "iperf CSV row: expected numbers in the "
                                  "jitter, lost, total, %% and out-of-order "
                                  "fields");
                break;
            }
            /* a client's own rows have no receiver data: total -1 */
            if (total >= 0) {
                o->have_lt = o->have_jitter = 1;
                o->jitter_ms = j;
                o->lost = lost;
                o->total = total;
                o->pct = pct;
                o->have_retr = 0;
                o->retr = ooo;  /* out-of-order, copied at the end */
                o->omitted = 0;
            }
        }
    }
    if (!rc)
        rc = csv_finish(&r, &cx, out, diag, 0, &nruns);
    bdb_iperf_run_free(&r);
    if (!rc && out->n == 0)
        rc = bdb_diag_set(diag, BDB_EPARSE, 0, "no iperf CSV row");
    return rc;
}
