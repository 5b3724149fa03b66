/* openssl_mr.c - `openssl speed -mr` lines ("+H:" sizes, "+F:" bytes/s,
 * "+F2:".."+F10:" public-key figures) and the "Got: ..." lines a -multi
 * parent prints of its children's (see parse_openssl_speed.c for the
 * units: "+F:" is bytes/s; public-key lines are ops/s since 1.1.1 and
 * seconds per operation before). */
#include <stdio.h>
#include <string.h>

#include "../common/bdb_scan.h"
#include "openssl_speed_internal.h"

/* Splits at ':' into fields; -1 when there are more than max. */
int bdb_ossl_split_colon(const char *p, const char *end, ossl_tok *f, int max)
{
    int n = 0;
    const char *s = p;
    for (const char *q = p;; q++) {
        if (q == end || *q == ':') {
            if (n == max)
                return -1;
            f[n].p = s;
            f[n].end = q;
            n++;
            s = q + 1;
            if (q == end)
                break;
        }
    }
    return n;
}

/* A number field; inf/nan read as 0 (speed's 1/0), still a field. */
static int field_num(ossl_tok f, double *v)
{
    char s;
    bdb_trim(&f.p, &f.end);
    int r = bdb_ossl_tok_number(f, "", v, &s);
    if (r == NUM_INF)
        *v = 0;
    return r != NUM_BAD;
}

/* "+H:16:64:..." into sizes; 0 when malformed, -1 when more than
 * MAX_SIZES. */
int bdb_ossl_mr_sizes(const char *p, const char *end, double *sizes)
{
    ossl_tok f[MAX_SIZES + 2];
    int n = bdb_ossl_split_colon(p, end, f, MAX_SIZES + 1);
    if (n < 0)
        return -1;
    if (n < 2)
        return 0;
    for (int i = 1; i < n; i++)
        if (!field_num(f[i], &sizes[i - 1]) || sizes[i - 1] <= 0)
            return 0;
    return n - 1;
}

/* "+F:idx:name:v..." values in bytes/s; bad[i] for inf/nan/negative.
 * Returns the number of values, 0 when malformed. */
int bdb_ossl_mr_f(const char *p, const char *end, char *name, size_t namesz,
                double *v, int *bad, int *evp_upper)
{
    ossl_tok f[MAX_SIZES + 4];
    int n = bdb_ossl_split_colon(p, end, f, MAX_SIZES + 3);
    if (n < 4)
        return 0;
    double idx;
    if (!field_num(f[1], &idx))
        return 0;
    bdb_ossl_norm_name(name, namesz, f[2].p, f[2].end);
    *evp_upper = bdb_ossl_has_upper(f[2].p, f[2].end);
    for (int i = 3; i < n; i++) {
        ossl_tok t = f[i];
        char s;
        bdb_trim(&t.p, &t.end);
        int r = bdb_ossl_tok_number(t, "", &v[i - 3], &s);
        if (r == NUM_BAD)
            return 0;
        bad[i - 3] = r == NUM_INF || v[i - 3] < 0;
        if (r == NUM_INF)
            v[i - 3] = 0;
    }
    return n - 3;
}

/* The curves in the index order of speed.c's R_EC_* (1.1.1 and 3.x; the
 * index is the first number of a "+F4:"/"+F5:" line), with their bits to
 * check it against the second. */
static const struct {
    const char *name;
    int bits;
} ec_curves[] = {
    {"secp160r1", 160},       {"nistp192", 192},
    {"nistp224", 224},        {"nistp256", 256},
    {"nistp384", 384},        {"nistp521", 521},
    {"nistk163", 163},        {"nistk233", 233},
    {"nistk283", 283},        {"nistk409", 409},
    {"nistk571", 571},        {"nistb163", 163},
    {"nistb233", 233},        {"nistb283", 283},
    {"nistb409", 409},        {"nistb571", 571},
    {"brainpoolp256r1", 256}, {"brainpoolp256t1", 256},
    {"brainpoolp384r1", 384}, {"brainpoolp384t1", 384},
    {"brainpoolp512r1", 512}, {"brainpoolp512t1", 512},
};

/* More bits than any key or curve openssl speed times (RSA 15360). */
#define BITS_MAX 1000000.0

/* A "+F2:".."+F10:" line read: its benchmark, bits, operations and
 * rates, and what each printed value is. */
typedef struct mr_pk_line {
    char name[NAME_BUF];
    int bits, nops, nv;
    const char *const *ops;
    double rate[4];
    char what[4][64];       /* the printed figure of each operation */
    double printed[4];      /* the printed values in their order */
    char pwhat[4][32];      /* "sign_per_sec", "op_time" of printed[i] */
    const char *pop[4];     /* the operation of printed[i] */
} mr_pk_line;

/* Reads a "+Fn:" line into *o: 1 read, 0 not one, 2 read but not
 * importable (warned about unless quiet), BDB_ENOMEM. */
static int mr_pk_read(ossl_ctx *c, const char *p, const char *end, int line,
                      int quiet, mr_pk_line *o)
{
    static const char *const ops_sign2[] = {"sign", "verify"};
    static const char *const ops_rsa4[] = {"sign", "verify", "encrypt",
                                           "decrypt"};
    static const char *const ops_op1[] = {"op"};
    ossl_tok f[12];
    long long kind = 0;
    const char *q = p + 2;
    const char *colon = memchr(p, ':', (size_t)(end - p));
    if (!colon || !bdb_scan_int(&q, colon, &kind) || q != colon)
        return 0;
    int n = bdb_ossl_split_colon(p, end, f, 12);
    ossl_run *r = &c->run;
    char *name = o->name;
    const size_t namesz = sizeof o->name;
    double a[6];
    int first = 3, nv, rc;
    double idx, bits;
    if (n < 0 || n < 4 || !field_num(f[1], &idx))
        goto bad;
    if (kind == 9 || kind == 10) {
        rc = quiet ? 0 : bdb_ossl_warn(c, line,
                      "-mr +F%lld lines do not name their algorithm; not "
                      "imported (use the text output)",
                      kind);
        return rc ? rc : 2;
    }
    /* Key sizes and curve indexes are small whole numbers; anything else
     * (2^31, 1e308, nan) is not one to name a benchmark after, nor to
     * index the curve table with. */
    if (!field_num(f[2], &bits) || !(bits >= 1 && bits <= BITS_MAX) ||
        bits != (double)(long)bits)
        goto bad;
    if (kind == 6 || kind == 7) {
        char curve[BDB_BENCHMARK_MAX + 8];
        bdb_ossl_norm_name(curve, sizeof curve, f[3].p, f[3].end);
        if (kind == 6)
            snprintf(name, namesz, "%s", curve);
        else
            snprintf(name, namesz, "sm2-%s", curve);
        first = 4;
    } else if (kind == 2) {
        snprintf(name, namesz, "rsa%.0f", bits);
    } else if (kind == 3) {
        snprintf(name, namesz, "dsa%.0f", bits);
    } else if (kind == 8) {
        snprintf(name, namesz, "ffdh%.0f", bits);
    } else if (kind == 4 || kind == 5) {
        const int ncurves = (int)(sizeof ec_curves / sizeof ec_curves[0]);
        /* compared as a double first: a cast of 2^31 to int is INT_MIN */
        int i = idx >= 0 && idx < ncurves ? (int)idx : -1;
        const char *alg = kind == 4 ? "ecdsa" : "ecdh";
        /* The curve index differs between versions (1.1.1 puts X25519
         * after the binary curves, 3.x after brainpool): the bits decide
         * where they must. */
        if (bits == 253 || bits == 448) {
            snprintf(name, namesz, "%s-x%.0f", alg,
                     bits == 253 ? 25519.0 : 448.0);
        } else if (i < 0 || idx != (double)i || ec_curves[i].bits != bits) {
            rc = quiet ? 0 : bdb_ossl_warn(c, line,
                          "-mr +F%lld line: curve #%.0f of %.0f bits is not "
                          "one this parser can name; not imported",
                          kind, idx, bits);
            return rc ? rc : 2;
        } else {
            snprintf(name, namesz, "%s-%s", alg, ec_curves[i].name);
        }
    } else {
        rc = quiet ? 0 : bdb_ossl_warn(c, line,
                      "-mr \"+F%lld:\" is a kind of line this parser does not "
                      "know (expected +F2 to +F10); not imported",
                      kind);
        return rc ? rc : 2;
    }
    o->bits = (int)bits;
    nv = n - first;
    if (nv < 2 || nv > 4 || nv == 3)
        goto bad;
    for (int i = 0; i < nv; i++)
        if (!field_num(f[first + i], &a[i]))
            goto bad;
    /* Rates (>= 1.1.1) or seconds per op (< 1.1.1)? */
    int era = r->era;
    if (kind == 2 && nv == 4)
        era = 2;
    if (!era && kind == 2 && a[0] != a[1] && a[0] > 0 && a[1] > 0)
        era = a[0] < a[1] ? 2 : 1; /* signing is slower than verifying */
    if (!era && kind >= 6)
        era = 2;
    /* ECDH/FFDH print a value and its reciprocal: (ops/s, s/op) since
     * 1.1.1, (s/op, ops/s) before; an op slower than a second does not
     * occur for them, so the larger one comes first exactly for rates */
    if (!era && (kind == 5 || kind == 8) && nv == 2 && a[0] > 0 && a[1] > 0 &&
        a[0] != a[1])
        era = a[0] > a[1] ? 2 : 1;
    if (!era)
        era = c->mr_era_hint;
    if (!era) {
        era = 2;
        if (!r->era_warned && !quiet) {
            r->era_warned = 1;
            rc = bdb_ossl_warn(c, line,
                          "-mr public-key figures: the log does not say the "
                          "OpenSSL version; read as operations/s (OpenSSL "
                          "1.1.1 and later)");
            if (rc)
                return rc;
        }
    }
    if (kind == 2 && nv == 2 && (r->era == 0))
        r->era = era;
    o->nv = nv;
    if (kind == 5 || kind == 8) {
        /* op: (rate, 1/rate) since 1.1.1, (time, 1/time) before */
        o->ops = ops_op1;
        o->nops = 1;
        if (nv != 2)
            goto bad;
        o->rate[0] = era == 2 ? a[0] : a[1];
        for (int i = 0; i < 2; i++) {
            o->printed[i] = a[i];
            o->pop[i] = "op";
            snprintf(o->pwhat[i], sizeof o->pwhat[i], "%s",
                     (i == 0) == (era == 2) ? "op_per_sec" : "op_time");
        }
    } else {
        o->nops = nv;
        o->ops = nv == 4 ? ops_rsa4 : ops_sign2;
        for (int i = 0; i < nv; i++) {
            o->rate[i] = era == 2 ? a[i] : (a[i] > 0 ? 1.0 / a[i] : 0);
            o->printed[i] = a[i];
            o->pop[i] = o->ops[i];
            snprintf(o->pwhat[i], sizeof o->pwhat[i], "%s_%s", o->ops[i],
                     era == 2 ? "per_sec" : "time");
        }
    }
    for (int i = 0; i < o->nops; i++) {
        ossl_tok fi = f[first + i];
        snprintf(o->what[i], sizeof o->what[i], "%.*s", (int)(fi.end - fi.p),
                 fi.p);
    }
    return 1;
bad:
    rc = quiet ? 0 : bdb_ossl_warn(c, line,
              "malformed -mr line (expected \"+F%lld:index:bits:value:"
              "value\"); not imported",
              kind);
    return rc ? rc : 2;
}

int bdb_ossl_mr_pk(ossl_ctx *c, const char *p, const char *end, int line)
{
    mr_pk_line o;
    memset(&o, 0, sizeof o);
    int rc = mr_pk_read(c, p, end, line, 0, &o);
    if (rc <= 0)
        return rc;
    if (rc == 2) {
        c->run.rows++;
        return 1;
    }
    const char *whatp[4];
    for (int i = 0; i < o.nops; i++)
        whatp[i] = o.what[i];
    rc = bdb_ossl_emit_pk(c, o.name, NULL, NULL, o.ops, o.rate, whatp,
                          o.nops, o.bits, line);
    return rc ? rc : 1;
}

/* "Got: +F:..." from a -multi child: remembered to check the summary. */
int bdb_ossl_got_line(ossl_ctx *c, const char *p, const char *end, int line)
{
    ossl_run *r = &c->run;
    bdb_ossl_set_context(c);
    /* " from N" at the end */
    const char *from = NULL, *s = p;
    while ((s = bdb_find(s, end, " from ")) != NULL) {
        from = s;
        s += 6;
    }
    int child = -1;
    if (from) {
        const char *q = from + 6;
        long long k;
        if (bdb_scan_int(&q, end, &k) && k >= 0 && k < 1000000) {
            child = (int)k;
            if (k + 1 > r->children)
                r->children = (int)(k + 1);
        }
        end = from;
    }
    if (bdb_starts_with(p, end, "+H:")) {
        int ns = bdb_ossl_mr_sizes(p, end, r->kid_sizes);
        if (ns < 0)
            return bdb_ossl_warn(c, line,
                        "a child's \"+H:\" line lists more than %d block "
                        "sizes; not read",
                        MAX_SIZES);
        r->nkid_sizes = ns > 0 ? ns : 0;
    } else if (bdb_starts_with(p, end, "+F:")) {
        char name[NAME_BUF];
        double v[MAX_SIZES + 1];
        int bad[MAX_SIZES + 1];
        int upper;
        int nv = bdb_ossl_mr_f(p, end, name, sizeof name, v, bad, &upper);
        if (nv <= 0 || nv > MAX_SIZES)
            return 0;
        r->got_line = r->got_line ? r->got_line : line;
        if (child >= 0) {
            int rc = bdb_ossl_got_cipher(
                c, child, name, r->nkid_sizes == nv ? r->kid_sizes : NULL,
                v, nv, line);
            if (rc)
                return rc;
        }
        int k = 0;
        for (; k < r->nkids; k++)
            if (strcmp(r->kids[k].name, name) == 0)
                break;
        if (k == r->nkids) {
            if (r->nkids == MAX_KIDS)
                return 0; /* only used to check the summary's label */
            r->nkids++;
            memset(&r->kids[k], 0, sizeof r->kids[k]);
            snprintf(r->kids[k].name, sizeof r->kids[k].name, "%s", name);
            r->kids[k].n = nv;
        }
        if (r->kids[k].n != nv)
            return 0;
        for (int i = 0; i < nv; i++)
            r->kids[k].v[i] += v[i];
    } else if (bdb_starts_with(p, end, "+F") && p + 2 < end && p[2] >= '0' &&
               p[2] <= '9') {
        r->got_line = r->got_line ? r->got_line : line;
        mr_pk_line o;
        memset(&o, 0, sizeof o);
        int rc = mr_pk_read(c, p, end, line, 1, &o);
        if (rc < 0)
            return rc;
        if (rc == 1 && child >= 0) {
            char key[NAME_BUF];
            const char *whats[4];
            for (int i = 0; i < o.nv; i++)
                whats[i] = o.pwhat[i];
            bdb_ossl_row_key(key, sizeof key, o.name, o.bits, NULL);
            return bdb_ossl_got_pk(c, child, key, o.pop, whats, o.printed,
                                   o.nv, line);
        }
    }
    return 0;
}

/* 2 when the buffer holds -mr lines that only OpenSSL 1.1.1 and later
 * print (EdDSA "+F6", SM2 "+F7", FFDH "+F8", KEM/signature "+F9"/"+F10",
 * or their "+DTP" progress lines), so that ECDSA "+F4" lines, which do not
 * say whether they are rates or times, are read as rates without a
 * guess; else 0. */
int bdb_ossl_mr_era_hint(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
        if (bdb_starts_with(p, end, "Got: "))
            p += 5;
        if (bdb_starts_with(p, end, "+F6:") ||
            bdb_starts_with(p, end, "+F7:") ||
            bdb_starts_with(p, end, "+F8:") ||
            bdb_starts_with(p, end, "+F9:") || bdb_starts_with(p, end, "+F10:"))
            return 2;
        if (bdb_starts_with(p, end, "+DTP:") &&
            (bdb_contains(p, end, ":Ed25519:") ||
             bdb_contains(p, end, ":Ed448:") ||
             bdb_contains(p, end, ":ffdh:") || bdb_contains(p, end, ":sm2:")))
            return 2;
    }
    return 0;
}
