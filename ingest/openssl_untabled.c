/* openssl_untabled.c - the figures of `openssl speed` results no table row
 * took: a run whose capture ends (or whose run starts again) after its
 * progress lines, before its table or inside it.
 *
 * Each result ("Doing md5 for 3s on 16 size blocks: 7151396 md5's in
 * 2.99s", "Doing 2048 bits private rsa's for 10s: 1234 2048 bits private
 * RSA's in 9.98s", "+R:566010:md5:0.14", "+R1:2169:1024:0.18" ...) gives
 * the figure its row would print, with the result as its trace:
 * - a cipher or digest: count / seconds x block size in bytes/s
 *   (apps/speed.c, print_result(): results[alg][run_no] = count / d *
 *   lengths[run_no]);
 * - a public-key operation: count / seconds in op/s, and its reciprocal
 *   as the time per operation (the table's two columns; rsa_results[][0]
 *   = d / count ... printed as 1 / x), under the name its row has:
 *   "rsa2048", "dsa2048", "ffdh2048", "ed25519", "ecdh-x25519",
 *   "sm2-curvesm2", KEM and signature names with table=kem/sig. An ECDSA
 *   or ECDH line names the curve's bits only ("256 bits ECDSA signs":
 *   nistp256 or brainpoolP256r1, "163 bits": nistk163 or nistb163): the
 *   curves of those bits the command line names ("ecdsap256": the row's
 *   "ecdsa-nistp256"), in the order speed runs them (NIST P, K, B, then
 *   brainpool r1, t1); with no curve named, a run with as many results
 *   of those bits as speed has curves of them (both 163-bit curves; the
 *   one 192-bit curve; 1.0.x's "bit" lines: no brainpool) names them in
 *   that order; else "ecdsa-256bits"; a result of the same bits and
 *   operation that none of them names (another curve) is a warning, not
 *   a figure.
 *
 * With a table, its rows take their results first (openssl_trace.c); what
 * follows the last result a row took is what a table cut short lost (the
 * table prints its rows in the order the results were measured). When the
 * last row took no result (a 1.0.x "evp" row, named otherwise than its
 * results), which results lost their rows cannot be told: they stay unread
 * and the unread-figure account warns at their lines. Under -multi the
 * children's "Got:" lines are the figures: nothing is made here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openssl_speed_internal.h"
#include "../common/bdb_strmap.h"

/* speed's order of the curves of one size (apps/speed.c ecdsa_choices[],
 * ecdh_choices[]): NIST P, K, B, then brainpool r1 and t1. */
static int curve_rank(const char *name)
{
    const char *dash = strchr(name, '-');
    const char *c = dash ? dash + 1 : name;
    if (strncmp(c, "nistp", 5) == 0)
        return 0;
    if (strncmp(c, "nistk", 5) == 0)
        return 1;
    if (strncmp(c, "nistb", 5) == 0)
        return 2;
    size_t l = strlen(c);
    return l && c[l - 1] == '1' && l >= 2 && c[l - 2] == 't' ? 4 : 3;
}

/* The rank-th (from 0) curve of alg and bits the command line names, in
 * the order speed runs them; NULL when it names no such curve. */
static const char *named_curve(const ossl_run *r, const char *alg,
                               size_t alen, int bits, int rank)
{
    const char *list[OSSL_CMD_CURVES] = {0};
    int n = 0;
    for (int i = 0; i < r->ncmd_curves; i++) {
        const char *cn = r->cmd_curves[i].name;
        if (r->cmd_curves[i].bits != bits || strncmp(cn, alg, alen) != 0 ||
            cn[alen] != '-')
            continue;
        int dup = 0;
        for (int j = 0; j < n; j++)
            dup |= strcmp(list[j], cn) == 0;
        if (!dup)
            list[n++] = cn;
    }
    /* insertion sort by speed's order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && curve_rank(list[j]) < curve_rank(list[j - 1]);
             j--) {
            const char *t = list[j];
            list[j] = list[j - 1];
            list[j - 1] = t;
        }
    return rank < n ? list[rank] : NULL;
}

/* The curves a run of every curve times, in its order (apps/speed.c
 * test_curves[] of 1.0.x and 1.1.x, ec_curves[] of 3.x: NIST P, K, B,
 * then 3.x's brainpool r1 and t1), with their bits. */
static const struct {
    int bits;
    int since3;         /* 3.0 and later only */
    const char *name;
} run_curves[] = {
    {160, 0, "secp160r1"},       {192, 0, "nistp192"},
    {224, 0, "nistp224"},        {256, 0, "nistp256"},
    {384, 0, "nistp384"},        {521, 0, "nistp521"},
    {163, 0, "nistk163"},        {233, 0, "nistk233"},
    {283, 0, "nistk283"},        {409, 0, "nistk409"},
    {571, 0, "nistk571"},        {163, 0, "nistb163"},
    {233, 0, "nistb233"},        {283, 0, "nistb283"},
    {409, 0, "nistb409"},        {571, 0, "nistb571"},
    {256, 1, "brainpoolp256r1"}, {256, 1, "brainpoolp256t1"},
    {384, 1, "brainpoolp384r1"}, {384, 1, "brainpoolp384t1"},
    {512, 1, "brainpoolp512r1"}, {512, 1, "brainpoolp512t1"},
};

/* The curve of the rank-th of total results of one operation on curves
 * of these bits, when no command line says which curves ran: told only
 * when the results are as many as the curves of those bits speed has
 * (both 163-bit curves, K then B; the one 192-bit curve), since speed
 * times them in its own order whatever the command line's. A 1.0.x line
 * ("bit") has no brainpool curve beside it. NULL: not told. */
static const char *run_curve(int bits, int v10, int rank, int total)
{
    const char *list[4];
    int n = 0;
    for (size_t i = 0; i < sizeof run_curves / sizeof run_curves[0]; i++)
        if (run_curves[i].bits == bits && !(v10 && run_curves[i].since3) &&
            n < 4)
            list[n++] = run_curves[i].name;
    return n > 0 && total == n && rank >= 0 && rank < n ? list[rank] : NULL;
}

/* The row name and table of a public-key result's key (bdb_ossl_pk_key),
 * and the bits it names (0: none); rank: how many results of the same
 * key and operation came before it in the run, total: how many there
 * are; v10: the line says "bit" (1.0.x). 0 when it cannot be told which
 * row the result is of (a second curve of the same bits that neither the
 * command line nor the count of the results names). */
static int pk_row_name(const ossl_run *r, const char *key, int rank,
                       int total, int v10, char *name, size_t n,
                       const char **table, int *bits)
{
    *table = NULL;
    *bits = 0;
    const char *colon = strchr(key, ':');
    if (!colon) {
        /* "rsa2048", "dsa1024", "ffdh2048", "ed25519", "ed448" */
        snprintf(name, n, "%s", key);
        const char *d = key;
        while (*d && (*d < '0' || *d > '9'))
            d++;
        *bits = atoi(d);
        return rank == 0;
    }
    size_t alen = (size_t)(colon - key);
    if ((alen == 3 && strncmp(key, "kem", 3) == 0) ||
        (alen == 3 && strncmp(key, "sig", 3) == 0)) {
        *table = strncmp(key, "kem", 3) == 0 ? "kem" : "sig";
        snprintf(name, n, "%s", colon + 1);
        return rank == 0;
    }
    *bits = atoi(colon + 1);
    if (alen == 4 && strncmp(key, "ecdh", 4) == 0 &&
        (*bits == 253 || *bits == 448)) {
        snprintf(name, n, "ecdh-x%s", *bits == 253 ? "25519" : "448");
        return rank == 0;
    }
    if (alen == 3 && strncmp(key, "sm2", 3) == 0) {
        snprintf(name, n, "sm2-curvesm2");
        return rank == 0;
    }
    /* the curves of these bits the command line names, in speed's order */
    const char *named = r->cmd_all_curves ? NULL
                                          : named_curve(r, key, alen, *bits,
                                                        rank);
    if (named) {
        snprintf(name, n, "%s", named);
        return 1;
    }
    const char *run = r->cmd_all_curves || r->ncmd_curves == 0
                          ? run_curve(*bits, v10, rank, total)
                          : NULL;
    if (run) {
        snprintf(name, n, "%.*s-%s", (int)alen, key, run);
        return 1;
    }
    snprintf(name, n, "%.*s-%dbits", (int)alen, key, *bits);
    return rank == 0;
}

/* How many results of the same public-key operation came before k in
 * [from, k). */
/* How many public-key results of pt's key and operation (and form: "+R"
 * or "Doing") came before it since the run's first untabled point: each
 * is counted in a hash as the walk passes it, so a run of many progress
 * lines costs one lookup each, not a scan of all earlier points. */
static int pk_rank(bdb_strmap *seen, const ossl_point *pt, int *rank)
{
    char key[NAME_BUF + 48]; /* int, key, op (< 16) and two separators */
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s", pt->mr, pt->r.key, pt->r.op);
    bdb_strmap_entry *e = bdb_strmap_put(seen, key, NULL);
    if (!e)
        return BDB_ENOMEM;
    *rank = (int)e->value++;
    return 0;
}

/* How many results of pt's key and operation the walk from its first
 * untabled point counted (pk_rank's count at its end). */
static int pk_total(const bdb_strmap *seen, const ossl_point *pt)
{
    char key[NAME_BUF + 48];
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s", pt->mr, pt->r.key, pt->r.op);
    const bdb_strmap_entry *e = bdb_strmap_get(seen, key);
    return e ? (int)e->value : 0;
}

static int pk_figure(ossl_ctx *c, size_t k, int rank, int total)
{
    ossl_point pt = c->pts[k];
    char name[NAME_BUF];
    const char *table;
    int bits;
    int told = pk_row_name(&c->run, pt.r.key, rank, total, pt.r.says_bit,
                           name, sizeof name, &table, &bits);
    if (pt.bits > 0)
        bits = pt.bits;
    if (!pt.r.op[0])
        return bdb_ossl_warn(c, pt.line,
                  "%s: the operation of this result is not known (its "
                  "\"+DTP:\" line is missing); not imported",
                  name);
    if (!told)
        return bdb_ossl_warn(c, pt.line,
                  "%s: a second %s result of this run without its table: "
                  "another curve of the same bits, which one neither the "
                  "progress line nor the command line says%s; not imported",
                  name, pt.r.op,
                  c->run.cmd_curves_dropped
                      ? " (the command line names more distinct curves than "
                        "the " OSSL_CMD_CURVES_TEXT " kept: the rest are not "
                        "known)"
                      : "");
    if (c->run.cmd_curves_dropped && strstr(name, "bits")) {
        int rc = bdb_ossl_warn(c, pt.line,
                     "%s: named by its bits only: the command line names "
                     "more distinct curves than the " OSSL_CMD_CURVES_TEXT
                     " kept (OSSL_CMD_CURVES), the rest are not known",
                     name);
        if (rc)
            return rc;
    }
    const char *ops[1] = {pt.r.op};
    double rate = pt.r.count / pt.r.secs;
    char what[64];
    snprintf(what, sizeof what, "%.0f in %.2fs", pt.r.count, pt.r.secs);
    const char *whatp[1] = {what};
    int rows = c->run.rows;
    int rc = bdb_ossl_emit_pk(c, name, table, NULL, ops, &rate, whatp, 1,
                              bits, pt.line);
    c->run.rows = rows;
    return rc;
}

int bdb_ossl_untabled(ossl_ctx *c)
{
    if (c->ngot)
        return 0;
    size_t from = c->pts_from;
    int tabled = c->run.rows > 0;
    if (tabled) {
        /* a table cut short: only results after the last one a row took */
        size_t last = 0;
        int any = 0;
        for (size_t k = 0; k < c->npts; k++)
            if (c->pts[k].used) {
                last = k + 1;
                any = 1;
            }
        if (!any || !c->run.last_row_traced)
            return 0;
        from = last;
    }
    int rc = 0, warned = 0;
    /* -mr's "+R:" results are "Doing" results in machine form; under
     * -multi each is one child's, which of them the lines do not say, and
     * the run's figure is the children's sum the parent never printed:
     * each child's figure is kept as a repetition with parallel=1, as
     * sbc-bench's per-core rows are */
    int multi = c->run.children > 0 || c->run.cmd_multi > 0;
    /* each public-key operation's results counted first: a run's count
     * of a size can name its curves (run_curve) */
    bdb_strmap all = {0};
    for (size_t k = from; k < c->npts && !rc; k++) {
        int ignored;
        if (c->pts[k].r.kind == OSSL_PK)
            rc = pk_rank(&all, &c->pts[k], &ignored);
    }
    bdb_strmap seen = {0};
    for (size_t k = from; k < c->npts && !rc; k++) {
        ossl_point pt = c->pts[k];
        int rank = 0;
        if (pt.r.kind == OSSL_PK && (rc = pk_rank(&seen, &pt, &rank)))
            break;
        if (pt.used || !(pt.r.secs > 0) || !(pt.r.count > 0))
            continue;
        if (pt.r.kind == OSSL_CIPHER && !(pt.size > 0))
            continue;
        if (!warned) {
            warned = 1;
            c->run.per_child = multi && pt.mr;
            /* children writing at once: which "+DT:"/"+DTP:" an "+R" line
             * answers, so its block size or operation, is unknown; the
             * account warns at every "+R" line left unread */
            int mixed = c->run.per_child && c->mr_interleaved;
            rc = bdb_ossl_warn(c, pt.line, mixed
                      ? "the -multi parent's summary is missing and its "
                        "children's \"+DT:\" and \"+R:\" lines interleave: "
                        "which block size each \"+R:\" result is of cannot "
                        "be told; not imported"
                      : c->run.per_child
                      ? "the -multi parent's summary is missing (the capture "
                        "ends after its children's \"+R:\" lines): each "
                        "child's result gives that child's figure, count / "
                        "seconds x block size, kept as a repetition with "
                        "parallel=1 (the run's figure, the children's sum, "
                        "is not known)"
                      : tabled
                      ? "the run's table ends before the figures of these "
                        "progress lines (the capture was cut): each result "
                        "gives the figure its row would print, count / "
                        "seconds (x block size)"
                      : "the run's table is missing (the capture ends, or the "
                        "run starts again, after its progress lines): each "
                        "result gives the figure its row would print, count / "
                        "seconds (x block size)");
            if (rc || mixed)
                break;
        }
        if (multi && pt.mr != c->run.per_child)
            continue;
        if (pt.r.kind == OSSL_PK) {
            rc = pk_figure(c, k, rank, pk_total(&all, &pt));
            continue;
        }
        double v = pt.r.count / pt.r.secs * pt.size;
        int bad = 0;
        ossl_tok text = {NULL, NULL};
        int rows = c->run.rows;
        rc = bdb_ossl_emit_throughput(c, pt.r.key, 0, NULL, &pt.size, &v,
                                      &bad, &text, 1, pt.line);
        c->run.rows = rows;
    }
    bdb_strmap_free(&seen);
    bdb_strmap_free(&all);
    return rc;
}
