/* openssl_trace.c - the per-operation lines of `openssl speed` as points
 * of the trace of the run's figures.
 *
 * speed prints, on stderr, one result per timed operation before its
 * tables (apps/speed.c, print_result() and the public-key loops of 0.9.x
 * to 3.x):
 *   "Doing md5 for 3s on 16 size blocks: 7894478 md5's in 2.99s"
 *   "Doing sha256 ops for 3s on 16 size blocks: 1 sha256 ops in 2.98s"
 *   "Doing 2048 bits private rsa's for 10s: 9119 2048 bits private RSA's
 *    in 10.00s" (0.9.x-1.1.x: "512 bit", 3.5+: "private RSA sign ops")
 *   "... 256 bits ECDSA signs in ...", "... 253-bits ECDH ops in ...",
 *   "... 456 bits Ed448 signs in ...", "... 2048-bits FFDH ops in ...",
 *   "... rsa2048 KEM keygen ops in ...", "... rsa2048 signature sign ops"
 * and under -mr "+DT:name:seconds:length" / "+DTP:bits:op:alg:seconds"
 * then "+R:count:name:seconds" / "+Rn:count:bits[:name]:seconds". A
 * -multi parent prints each child's figures as "Got: +F...: ... from N".
 *
 * Each result is kept until the table row (or -mr "+F" line) of its
 * series is emitted, then given as points of that series' trace: the
 * operations counted ("operations", count) and the time they took
 * ("seconds"); a child's "Got:" line gives its figures, labelled "child
 * N". Under -multi the children's "+R" lines interleave and do not say
 * whose they are: each is matched by its rate (count / seconds) to the
 * child's figure it equals. A result that matches no emitted figure gives
 * no point, and the unread-figure account warns about its line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bdb_grow.h"
#include "../common/bdb_scan.h"
#include "openssl_speed_internal.h"

void bdb_ossl_trace_reset(ossl_ctx *c)
{
    c->npts = 0;
    c->pts_from = 0;
    c->ngot = 0;
    c->dt_name[0] = '\0';
    c->dt_size = 0;
    c->dt_open = 0;
    c->mr_interleaved = 0;
    c->dtp_key[0] = '\0';
    c->dtp_op[0] = '\0';
    c->pending = 0;
}

void bdb_ossl_trace_free(ossl_ctx *c)
{
    free(c->pts);
    free(c->got);
    c->pts = NULL;
    c->got = NULL;
    c->npts = c->pts_cap = c->ngot = c->got_cap = 0;
}

static void lower_copy(char *dst, size_t n, const char *p, const char *end)
{
    bdb_ossl_norm_name(dst, n, p, end);
}

/* The key a public-key result and a table row share: "rsa2048",
 * "dsa2048", "ffdh2048", "ecdsa:256", "ecdh:253", "sm2:256", "ed25519",
 * "kem:rsa2048", "sig:mldsa44". */
void bdb_ossl_pk_key(char *key, size_t n, const char *alg, int bits,
                     const char *table)
{
    if (table && table[0]) {
        snprintf(key, n, "%s:%s", table, alg);
        return;
    }
    static const char *const with_bits[] = {"rsa", "dsa", "ffdh"};
    static const char *const curves[] = {"ecdsa", "ecdh", "sm2"};
    for (size_t i = 0; i < 3; i++)
        if (strcmp(alg, with_bits[i]) == 0) {
            snprintf(key, n, "%s%d", alg, bits);
            return;
        }
    for (size_t i = 0; i < 3; i++) {
        size_t l = strlen(curves[i]);
        if (strncmp(alg, curves[i], l) == 0 &&
            (alg[l] == '\0' || alg[l] == '-')) {
            snprintf(key, n, "%s:%d", curves[i], bits);
            return;
        }
    }
    snprintf(key, n, "%s", alg);
}

/* A row's key from its benchmark name and bits (0: not printed). */
void bdb_ossl_row_key(char *key, size_t n, const char *name, int bits,
                      const char *table)
{
    if (table && table[0]) {
        bdb_ossl_pk_key(key, n, name, bits, table);
        return;
    }
    /* "rsa2048" names its bits: the key is the name */
    if (strncmp(name, "rsa", 3) == 0 || strncmp(name, "dsa", 3) == 0 ||
        strncmp(name, "ffdh", 4) == 0) {
        snprintf(key, n, "%s", name);
        return;
    }
    bdb_ossl_pk_key(key, n, name, bits, NULL);
}

static int tok_is(ossl_tok t, const char *s)
{
    return bdb_span_eq(t.p, t.end, s);
}

/* "private"/"public" of RSA (and its 3.5 "sign ops"), "signs", "sign",
 * "verify": the table's operation. */
static const char *pk_op(ossl_tok t)
{
    if (tok_is(t, "private") || tok_is(t, "sign") || tok_is(t, "signs"))
        return "sign";
    if (tok_is(t, "public") || tok_is(t, "verify"))
        return "verify";
    if (tok_is(t, "encrypt"))
        return "encrypt";
    if (tok_is(t, "decrypt"))
        return "decrypt";
    if (tok_is(t, "keygen"))
        return "keygen";
    if (tok_is(t, "encaps"))
        return "encaps";
    if (tok_is(t, "decaps"))
        return "decaps";
    return NULL;
}

/* A whole token as a non-negative-or-negative integer. */
static int tok_int(ossl_tok t, long long *v)
{
    const char *q = t.p;
    return bdb_scan_int(&q, t.end, v) && q == t.end;
}

/* "253-bits" / "160-bit": the bits. */
static int tok_bits_word(ossl_tok t, long long *bits)
{
    const char *q = t.p;
    if (!bdb_scan_int(&q, t.end, bits) || *bits <= 0)
        return 0;
    return bdb_span_eq(q, t.end, "-bits") || bdb_span_eq(q, t.end, "-bit");
}

/* 1 when a bits token is 1.0.x's singular: "bit", "163-bit". */
static int tok_says_bit(ossl_tok t)
{
    return t.end - t.p >= 3 && memcmp(t.end - 3, "bit", 3) == 0;
}

/* What the result names, from its words between the count and "in". */
static int result_desc(const ossl_tok *d, int n, ossl_result *r)
{
    if (n <= 0)
        return 0;
    /* 3.5+: "rsa2048 KEM keygen ops", "mldsa44 signature sign ops" */
    for (int i = 1; i + 1 < n; i++) {
        const char *table = tok_is(d[i], "KEM")         ? "kem"
                            : tok_is(d[i], "signature") ? "sig"
                                                        : NULL;
        const char *op = table ? pk_op(d[i + 1]) : NULL;
        if (!op)
            continue;
        char name[NAME_BUF];
        lower_copy(name, sizeof name, d[0].p, d[i - 1].end);
        r->kind = OSSL_PK;
        bdb_ossl_pk_key(r->key, sizeof r->key, name, 0, table);
        snprintf(r->op, sizeof r->op, "%s", op);
        return 1;
    }
    long long bits = 0;
    /* "253-bits ECDH ops", "2048-bits FFDH ops" */
    if (n >= 2 && tok_bits_word(d[0], &bits)) {
        char alg[64];
        lower_copy(alg, sizeof alg, d[1].p, d[1].end);
        r->kind = OSSL_PK;
        bdb_ossl_pk_key(r->key, sizeof r->key, alg, (int)bits, NULL);
        snprintf(r->op, sizeof r->op, "op");
        r->says_bit = tok_says_bit(d[0]);
        return 1;
    }
    /* "2048 bits private RSA's", "2048 bits public RSA verify ops",
     * "256 bits ECDSA signs", "456 bits Ed448 verify", "160 bit ECDH ops" */
    if (n >= 3 && tok_int(d[0], &bits) && bits > 0 &&
        (tok_is(d[1], "bits") || tok_is(d[1], "bit"))) {
        const ossl_tok *w = d + 2;
        int nw = n - 2;
        if (nw > 0 && tok_is(w[nw - 1], "ops"))
            nw--;
        const char *op = NULL;
        ossl_tok alg = {0, 0};
        if (nw == 2 && (tok_is(w[0], "private") || tok_is(w[0], "public"))) {
            op = pk_op(w[0]);       /* "private RSA's" */
            alg = w[1];
        } else if (nw == 3 &&
                   (tok_is(w[0], "private") || tok_is(w[0], "public"))) {
            op = pk_op(w[2]);       /* "private RSA sign ops" */
            alg = w[1];
        } else if (nw == 2) {
            op = pk_op(w[1]);       /* "ECDSA signs", "ECDH ops" */
            if (!op && tok_is(w[1], "ops"))
                op = "op";
            alg = w[0];
        } else if (nw == 1) {
            op = "op";              /* "ECDH" after "ops" was dropped */
            alg = w[0];
        }
        if (!op || !alg.p)
            return 0;
        const char *ae = alg.end;
        if (ae - alg.p > 2 && ae[-2] == '\'' && ae[-1] == 's')
            ae -= 2;
        char a[64];
        lower_copy(a, sizeof a, alg.p, ae);
        /* SM2's lines name its curve: "256 bits CurveSM2 signs" */
        if (strcmp(a, "curvesm2") == 0)
            snprintf(a, sizeof a, "sm2");
        r->kind = OSSL_PK;
        bdb_ossl_pk_key(r->key, sizeof r->key, a, (int)bits, NULL);
        snprintf(r->op, sizeof r->op, "%s", op);
        r->says_bit = tok_says_bit(d[1]);
        return 1;
    }
    /* a cipher or digest: "md5's", "aes-256 cbc's", "sha256 ops" */
    const char *e = d[n - 1].end;
    int last = n;
    if (n >= 2 && tok_is(d[n - 1], "ops")) {
        e = d[n - 2].end;
        last = n - 1;
    } else if (e - d[n - 1].p > 2 && e[-2] == '\'' && e[-1] == 's') {
        e -= 2;
    } else {
        return 0;
    }
    if (last <= 0 || e <= d[0].p)
        return 0;
    r->kind = OSSL_CIPHER;
    lower_copy(r->key, sizeof r->key, d[0].p, e);
    r->op[0] = '\0';
    return 1;
}

/* "7894478 md5's in 2.99s": 1 with *r filled (secs < 0 when the line
 * ends at "in", its time wrapped onto the next line), else 0. */
int bdb_ossl_result(const char *p, const char *end, ossl_result *r)
{
    ossl_tok t[MAX_TOK];
    memset(r, 0, sizeof *r);
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    if (n < 3)
        return 0;
    long long count;
    if (!tok_int(t[0], &count))
        return 0;
    r->count = (double)count;
    int in_at;
    if (tok_is(t[n - 1], "in")) {
        r->secs = -1;
        in_at = n - 1;
    } else {
        double v;
        char s;
        if (n < 4 || !tok_is(t[n - 2], "in") ||
            bdb_ossl_tok_number(t[n - 1], "s", &v, &s) != NUM_OK || s != 's')
            return 0;
        r->secs = v;
        in_at = n - 2;
    }
    return result_desc(t + 1, in_at - 1, r);
}

/* A lone "10.14s": the time of a result whose line was wrapped. */
int bdb_ossl_lone_seconds(const char *p, const char *end, double *secs)
{
    ossl_tok t[2];
    char s;
    bdb_trim(&p, &end);
    return bdb_ossl_tokenize(p, end, t, 2) == 1 &&
           bdb_ossl_tok_number(t[0], "s", secs, &s) == NUM_OK && s == 's' &&
           *secs >= 0;
}

static ossl_point *new_point(ossl_ctx *c)
{
    if (c->npts == c->pts_cap) {
        ossl_point *n =
            bdb_grow(c->pts, c->npts, &c->pts_cap, sizeof *n, 32);
        if (!n)
            return NULL;
        c->pts = n;
    }
    ossl_point *pt = &c->pts[c->npts++];
    memset(pt, 0, sizeof *pt);
    return pt;
}

/* "Doing <what> for Ns[ on L size blocks]: <result>": the block size of a
 * cipher's line, or 0 (a public-key line); -1 when the line is no such
 * line. *res points at what follows the colon. */
static double doing_head(const char *p, const char *end, const char **res,
                         const char **name_end)
{
    const char *q = p + 6, *f = q;
    while ((f = bdb_find(f, end, " for ")) != NULL) {
        const char *s = f + 5;
        long long secs;
        if (bdb_scan_int(&s, end, &secs) && s < end && *s == 's') {
            s++;
            double size = 0;
            if (bdb_starts_with(s, end, " on ")) {
                const char *z = s + 4;
                long long len;
                if (!bdb_scan_int(&z, end, &len) || len <= 0 ||
                    !bdb_starts_with(z, end, " size blocks"))
                    return -1;
                size = (double)len;
                s = z + 12;
            }
            if (s < end && *s == ':') {
                *res = s + 1;
                *name_end = f;
                return size;
            }
            return -1;
        }
        f += 5;
    }
    return -1;
}

int bdb_ossl_doing_line(ossl_ctx *c, const char *p, const char *end,
                        int line, const char *next, const char *next_end,
                        int *took_next)
{
    *took_next = 0;
    const char *res = NULL, *name_end = NULL;
    double size = doing_head(p, end, &res, &name_end);
    if (size < 0)
        return 0;
    const char *re = end;
    bdb_trim(&res, &re);
    c->pending = 0;
    ossl_point pt;
    memset(&pt, 0, sizeof pt);
    pt.size = size;
    pt.line = pt.secs_line = line;
    if (res == re) {
        /* the result follows on a line of its own */
        if (size > 0) {
            const char *ne = name_end;
            if (ne - (p + 6) > 4 && bdb_starts_with(ne - 4, ne, " ops"))
                ne -= 4;
            lower_copy(c->pending_name, sizeof c->pending_name, p + 6, ne);
            c->pending_size = size;
            c->pending = 1;
        }
        return 0;
    }
    if (!bdb_ossl_result(res, re, &pt.r))
        return 0;
    if ((pt.r.kind == OSSL_CIPHER) != (size > 0))
        return 0;
    if (pt.r.secs < 0) {
        double secs;
        if (!next || !bdb_ossl_lone_seconds(next, next_end, &secs))
            return 0;
        pt.r.secs = secs;
        pt.secs_line = line + 1;
        *took_next = 1;
    }
    ossl_point *np = new_point(c);
    if (!np)
        return BDB_ENOMEM;
    *np = pt;
    return 0;
}

int bdb_ossl_last_point_repeats(const ossl_ctx *c)
{
    if (c->npts == 0)
        return 0;
    const ossl_point *last = &c->pts[c->npts - 1];
    if (last->mr || last->r.kind != OSSL_CIPHER)
        return 0;
    for (size_t k = c->pts_from; k + 1 < c->npts; k++) {
        const ossl_point *pt = &c->pts[k];
        if (!pt->used && !pt->mr && pt->r.kind == OSSL_CIPHER &&
            pt->size == last->size && strcmp(pt->r.key, last->r.key) == 0)
            return 1;
    }
    return 0;
}

int bdb_ossl_result_line(ossl_ctx *c, const char *p, const char *end,
                         int line)
{
    ossl_point pt;
    memset(&pt, 0, sizeof pt);
    if (!bdb_ossl_result(p, end, &pt.r) || pt.r.secs < 0)
        return 0;
    if (pt.r.kind == OSSL_CIPHER) {
        /* its block size is its "Doing" line's */
        if (!c->pending || strcmp(c->pending_name, pt.r.key) != 0)
            return 0;
        pt.size = c->pending_size;
    }
    c->pending = 0;
    pt.line = pt.secs_line = line;
    ossl_point *np = new_point(c);
    if (!np)
        return BDB_ENOMEM;
    *np = pt;
    return 1;
}

/* "+DT:name:seconds:length" and "+DTP:bits:op:alg:seconds": what the
 * "+R" lines after them are results of (-mr, one process). */
void bdb_ossl_dt_line(ossl_ctx *c, const char *p, const char *end)
{
    ossl_tok f[8];
    int n = bdb_ossl_split_colon(p, end, f, 8);
    double v;
    char s;
    if (n == 4 && tok_is(f[0], "+DT") &&
        bdb_ossl_tok_number(f[3], "", &v, &s) == NUM_OK && v > 0) {
        lower_copy(c->dt_name, sizeof c->dt_name, f[1].p, f[1].end);
        c->dt_size = v;
        c->mr_interleaved |= c->dt_open;
        c->dt_open = 1;
        return;
    }
    long long bits;
    if (n == 5 && tok_is(f[0], "+DTP") && tok_int(f[1], &bits) && bits > 0 &&
        bits <= 1000000) {
        char alg[64];
        lower_copy(alg, sizeof alg, f[3].p, f[3].end);
        bdb_ossl_pk_key(c->dtp_key, sizeof c->dtp_key, alg, (int)bits, NULL);
        const char *op = f[2].p == f[2].end ? "op" : pk_op(f[2]);
        snprintf(c->dtp_op, sizeof c->dtp_op, "%s", op ? op : "");
    }
}

/* "+R:count:name:seconds" (a cipher) or "+Rn:count:bits[:name]:seconds"
 * (a public-key operation): kept as a point; 1 when it is one. */
int bdb_ossl_r_line(ossl_ctx *c, const char *p, const char *end, int line)
{
    ossl_tok f[8];
    int n = bdb_ossl_split_colon(p, end, f, 8);
    long long count, bits = 0;
    double secs;
    char s;
    if (n < 4 || !tok_int(f[1], &count) ||
        bdb_ossl_tok_number(f[n - 1], "", &secs, &s) != NUM_OK || secs < 0)
        return 0;
    ossl_point pt;
    memset(&pt, 0, sizeof pt);
    pt.mr = 1;
    pt.line = pt.secs_line = line;
    pt.r.count = (double)count;
    pt.r.secs = secs;
    if (tok_is(f[0], "+R")) {
        if (n != 4)
            return 0;
        pt.r.kind = OSSL_CIPHER;
        c->mr_interleaved |= !c->dt_open;
        c->dt_open = 0;
        lower_copy(pt.r.key, sizeof pt.r.key, f[2].p, f[2].end);
        if (strcmp(pt.r.key, c->dt_name) == 0)
            pt.size = c->dt_size;
    } else {
        if (!tok_int(f[2], &bits) || bits <= 0 || bits > 1000000 ||
            (n != 4 && n != 5))
            return 0;
        pt.r.kind = OSSL_PK;
        pt.bits = (int)bits;
        snprintf(pt.r.key, sizeof pt.r.key, "%s", c->dtp_key);
        snprintf(pt.r.op, sizeof pt.r.op, "%s", c->dtp_op);
    }
    ossl_point *np = new_point(c);
    if (!np)
        return BDB_ENOMEM;
    *np = pt;
    return 1;
}

/* A -multi child's "Got: +F..." figures, kept for the trace. */
static ossl_got *new_got(ossl_ctx *c)
{
    if (c->ngot == c->got_cap) {
        ossl_got *n = bdb_grow(c->got, c->ngot, &c->got_cap, sizeof *n, 16);
        if (!n)
            return NULL;
        c->got = n;
    }
    ossl_got *g = &c->got[c->ngot++];
    memset(g, 0, sizeof *g);
    return g;
}

int bdb_ossl_got_cipher(ossl_ctx *c, int child, const char *name,
                        const double *sizes, const double *v, int n, int line)
{
    if (n <= 0 || n > MAX_SIZES)
        return 0;
    ossl_got *g = new_got(c);
    if (!g)
        return BDB_ENOMEM;
    g->kind = OSSL_CIPHER;
    g->child = child;
    g->line = line;
    g->n = n;
    snprintf(g->key, sizeof g->key, "%s", name);
    /* a child without "+H:" ran speed.c's lengths[] */
    static const double std_sizes[] = {16, 64, 256, 1024, 8192, 16384};
    for (int i = 0; i < n; i++) {
        g->size[i] = sizes ? sizes[i] : n <= 6 ? std_sizes[i] : 0;
        g->v[i] = v[i];
    }
    return 0;
}

int bdb_ossl_got_pk(ossl_ctx *c, int child, const char *key,
                    const char *const *ops, const char *const *whats,
                    const double *v, int n, int line)
{
    if (n <= 0 || n > 4)
        return 0;
    ossl_got *g = new_got(c);
    if (!g)
        return BDB_ENOMEM;
    g->kind = OSSL_PK;
    g->child = child;
    g->line = line;
    g->n = n;
    snprintf(g->key, sizeof g->key, "%s", key);
    for (int i = 0; i < n; i++) {
        g->v[i] = v[i];
        snprintf(g->op[i], sizeof g->op[i], "%s", ops[i]);
        snprintf(g->what[i], sizeof g->what[i], "%s", whats[i]);
    }
    return 0;
}

typedef struct trace_to {
    ossl_ctx *c;
    const bdb_sample *base;
    const char *metric;
} trace_to;

static int point(trace_to *to, const char *what, const char *label,
                 double v, const char *unit, bdb_better better, int line)
{
    bdb_trace t;
    bdb_trace_set(&t, what, label, NAN, NAN);
    return bdb_sink_trace(to->c->out, to->base, to->metric, &t, v, unit,
                          better, line);
}

static int result_points(trace_to *to, const ossl_point *pt, int child)
{
    char label[32] = "";
    if (child >= 0)
        snprintf(label, sizeof label, "child %d", child);
    to->c->traced++;
    int rc = point(to, "operations", label, pt->r.count, BDB_UNIT_COUNT,
                   BDB_NEUTRAL, pt->line);
    if (!rc)
        rc = point(to, "seconds", label, pt->r.secs, BDB_UNIT_SECONDS,
                   BDB_NEUTRAL, pt->secs_line);
    return rc;
}

/* Past the results already given (in a run read in order, all before the
 * next figure's), so that a long run is not walked again per figure. */
static void skip_used(ossl_ctx *c)
{
    while (c->pts_from < c->npts && c->pts[c->pts_from].used)
        c->pts_from++;
}

/* A result that can be a point: its printed time, even "0.00s" (an
 * engine did the work and the process used no CPU time the clock counts:
 * "12051 aes-128-cbc's in 0.00s", 0.9.8 with cryptodev) is what speed
 * measured. Under -multi a result is matched to its child by its rate, so
 * there it needs a time above 0. */
static int timed(const ossl_point *pt, int children)
{
    return pt->mr && children ? pt->r.secs > 0 : pt->r.secs >= 0;
}

static int close_to(double a, double b, double rel)
{
    return fabs(a - b) <= rel * fabs(b);
}

int bdb_ossl_trace_cipher(ossl_ctx *c, const bdb_sample *base,
                          const char *name, double size)
{
    trace_to to = {c, base, "throughput"};
    int children = 0, rc = 0;
    for (size_t k = 0; k < c->ngot && !rc; k++) {
        ossl_got *g = &c->got[k];
        if (g->kind != OSSL_CIPHER || strcmp(g->key, name) != 0)
            continue;
        children = 1;
        for (int i = 0; i < g->n && !rc; i++) {
            if (g->size[i] != size || g->used[i])
                continue;
            g->used[i] = 1;
            char label[32];
            snprintf(label, sizeof label, "child %d", g->child);
            rc = point(&to, "throughput", label, g->v[i],
                       BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, g->line);
        }
    }
    for (size_t k = c->pts_from; k < c->npts && !rc; k++) {
        ossl_point *pt = &c->pts[k];
        if (pt->used || pt->r.kind != OSSL_CIPHER ||
            strcmp(pt->r.key, name) != 0 || !timed(pt, children))
            continue;
        int child = -1;
        if (pt->mr && children) {
            /* whose: the child whose figure at this size is its rate */
            double rate = pt->r.count / pt->r.secs * size;
            for (size_t j = 0; j < c->ngot && child < 0; j++) {
                const ossl_got *g = &c->got[j];
                if (g->kind != OSSL_CIPHER || strcmp(g->key, name) != 0)
                    continue;
                for (int i = 0; i < g->n; i++)
                    if (g->size[i] == size && close_to(rate, g->v[i], 1e-6))
                        child = g->child;
            }
            if (child < 0)
                continue;
        } else if (pt->size != size) {
            continue;
        }
        pt->used = 1;
        rc = result_points(&to, pt, child);
        if (child < 0)
            break;  /* one process: one result per figure */
    }
    skip_used(c);
    return rc;
}

int bdb_ossl_trace_pk(ossl_ctx *c, const bdb_sample *base, const char *metric,
                      const char *key, const char *op, int bits)
{
    trace_to to = {c, base, metric};
    int children = 0, rc = 0;
    for (size_t k = 0; k < c->ngot && !rc; k++) {
        ossl_got *g = &c->got[k];
        if (g->kind != OSSL_PK || strcmp(g->key, key) != 0)
            continue;
        children = 1;
        for (int i = 0; i < g->n && !rc; i++) {
            if (strcmp(g->op[i], op) != 0 || g->used[i])
                continue;
            g->used[i] = 1;
            char label[32];
            snprintf(label, sizeof label, "child %d", g->child);
            int per_sec = strstr(g->what[i], "_per_sec") != NULL;
            rc = point(&to, g->what[i], label, g->v[i],
                       per_sec ? BDB_UNIT_OPS_PER_S : BDB_UNIT_SECONDS,
                       per_sec ? BDB_HIGHER_IS_BETTER : BDB_LOWER_IS_BETTER,
                       g->line);
        }
    }
    for (size_t k = c->pts_from; k < c->npts && !rc; k++) {
        ossl_point *pt = &c->pts[k];
        if (pt->used || pt->r.kind != OSSL_PK || !timed(pt, children))
            continue;
        int child = -1;
        if (pt->mr && children) {
            /* whose and which operation: the child's rate it equals (the
             * printed time has 2 decimals: within 1%, the closest) */
            if (pt->bits != bits)
                continue;
            double rate = pt->r.count / pt->r.secs, best = 0.01;
            for (size_t j = 0; j < c->ngot; j++) {
                const ossl_got *g = &c->got[j];
                if (g->kind != OSSL_PK || strcmp(g->key, key) != 0)
                    continue;
                for (int i = 0; i < g->n; i++) {
                    if (strcmp(g->op[i], op) != 0 ||
                        !strstr(g->what[i], "_per_sec") || !(g->v[i] > 0))
                        continue;
                    double err = fabs(rate / g->v[i] - 1.0);
                    if (err <= best) {
                        best = err;
                        child = g->child;
                    }
                }
            }
            if (child < 0)
                continue;
        } else if (strcmp(pt->r.key, key) != 0 || strcmp(pt->r.op, op) != 0) {
            continue;
        }
        pt->used = 1;
        rc = result_points(&to, pt, child);
        if (child < 0)
            break;  /* one process: one result per figure; the next row
                       of the same key (nistk163, nistb163) takes the next */
    }
    skip_used(c);
    return rc;
}
