/* parse_openssl_speed.c - `openssl speed` output (OpenSSL 1.0.x, 1.1.x, 3.x
 * and 4.0-dev): the throughput table of ciphers and digests, the public-key
 * tables, -multi (forked children), -mr machine-readable lines, and bare
 * table rows kept by scripts (`openssl speed ... | tail -n 1`).
 *
 * Units, from apps/speed.c (print_result(), the show_res: block, do_multi()):
 * - A throughput cell is results = count / seconds * block_length, in bytes
 *   per second. The text table prints it as " %11.2fk" of results / 1e3 when
 *   results > 10000, else as " %11.2f " of results itself: so a value with a
 *   'k' suffix is in 1000s of bytes/s (k = 1000, not 1024) and a value
 *   without it is in bytes/s, whatever "The 'numbers' are in 1000s of bytes"
 *   says. -mr "+F:" lines print results with ":%.2f": bytes/s. Emitted as
 *   metric `throughput` in B/s, one sample per block size (param
 *   `block_size`, bytes, read from the "type 16 bytes ..." header, the
 *   "+H:16:64:..." line or a child's "Got: +H:" line; a row without any of
 *   these, as scripts keep it, uses speed.c's lengths[]: 16 64 256 1024 8192,
 *   plus 16384 when it has 6 columns).
 * - Public-key tables print, per operation, seconds per operation (the
 *   column with an "s" suffix) and operations per second, one the
 *   reciprocal of the other (1.0.x stores seconds per op and prints 1/x,
 *   1.1.1+ stores ops per second and prints 1/x). Emitted as
 *   `<op>_per_sec` (op/s, higher is better) and `<op>_time` (s, lower is
 *   better) with op in sign, verify, encrypt, decrypt (RSA 3.2+ layout), op
 *   (ECDH, FFDH), keygen, encaps, decaps (KEM and signature tables of 3.5+).
 *   The printed column with fewer significant digits (ECDSA's "0.0000s"
 *   rounds to nothing) is replaced by the reciprocal of the other one.
 * - -mr public-key lines ("+F2:" RSA, "+F3:" DSA, "+F4:" ECDSA, "+F5:" ECDH,
 *   "+F6:" EdDSA, "+F7:" SM2, "+F8:" FFDH) carry ops/s since 1.1.1 and
 *   seconds/op before. The run's version line decides; -mr prints none, so
 *   an RSA line decides by itself (signing is always slower than verifying),
 *   and otherwise 1.1.1+ is assumed with a warning.
 *
 * Benchmark names: the algorithm as printed, lower-cased, with runs of
 * blanks replaced by '-': "aes-256 cbc" (1.x), "aes-256-cbc" (1.1+) and
 * "AES-256-CBC" (3.x -evp) are all "aes-256-cbc"; "des ede3" is
 * "des-ede3". 1.x prints the -evp row as "evp": the -evp argument of the
 * command line names it when the log keeps the command. Public-key rows:
 * "rsa2048", "dsa2048", "ecdsa-nistp256", "ecdh-nistp256", "ed25519",
 * "sm2-curvesm2", "ffdh2048"; KEM and signature tables (3.5+) use the
 * printed name with param `table=kem` / `table=sig`.
 *
 * Parameters, set only when the log says so: block_size; multi (the -multi
 * N of the command line, or the number of forked children / children that
 * reported); evp=1 (-evp: the row named by -evp, a row labelled "evp", or
 * an upper-case 3.x EVP name); elapsed=1 (the "You have chosen to measure
 * elapsed time" line, -elapsed on the command line, or -multi, whose
 * children always time in wall-clock: do_multi() sets usertime = 0);
 * decrypt=1 (-decrypt). The version line ("OpenSSL 1.1.1f  31 Mar 2020",
 * "version: 3.0.22") gives the tool version; "built on", "options" and
 * "compiler" lines describe the build and are not part of a series.
 *
 * -multi: the children's "Got: +F..." lines are per-child partial results;
 * the parent's summary table (the sum over children) is what is imported.
 * Stderr progress lines ("Doing aes-256 cbc for 3s on 16 size blocks: ...",
 * "+DT:", "+R:") are ignored. An algorithm the build lacks (an "Unknown
 * algorithm" or EVP fetch error, or a row of 0.00 that speed.c prints for
 * an algorithm it did not run) is reported with a warning, never as 0.
 * Several runs in one file (a script's "#1 :", "#2 :" markers, or runs
 * concatenated) become repetitions. */
#include "ingest.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../common/bdb_scan.h"

#define MAX_TOK 48
#define MAX_SIZES 16
#define MAX_KIDS 8

typedef struct tok {
    const char *p, *end;
} tok;

/* Splits [p, end) at blanks; returns the count, or -1 when there are more
 * than max tokens (such a line is never a table row). */
static int tokenize(const char *p, const char *end, tok *t, int max)
{
    int n = 0;
    for (;;) {
        p = bdb_skip_ws(p, end);
        if (p >= end)
            return n;
        if (n == max)
            return -1;
        const char *w;
        size_t len = bdb_scan_word(&p, end, &w);
        t[n].p = w;
        t[n].end = w + len;
        n++;
    }
}

enum { NUM_BAD = 0, NUM_OK, NUM_INF };

/* Reads a whole token as a number with an optional suffix from allowed
 * ("k", "s" or ""). *sfx receives the suffix character (0 for none).
 * "inf"/"nan" (a 1/0 speed.c printed) give NUM_INF. */
static int tok_number(tok t, const char *allowed, double *v, char *sfx)
{
    const char *p = t.p;
    *sfx = 0;
    const char *q = p;
    if (q < t.end && *q == '-')
        q++;
    if (t.end - q >= 3 &&
        (bdb_starts_with(q, t.end, "inf") || bdb_starts_with(q, t.end, "nan") ||
         bdb_starts_with(q, t.end, "INF") || bdb_starts_with(q, t.end, "NAN")))
        return NUM_INF;
    if (p < t.end && (*p == '+' || *p == '-'))
        return NUM_BAD;
    if (!bdb_scan_number(&p, t.end, v, 0))
        return NUM_BAD;
    if (p == t.end)
        return NUM_OK;
    if (p + 1 == t.end && strchr(allowed, *p) && *p) {
        *sfx = *p;
        return NUM_OK;
    }
    return NUM_BAD;
}

/* Significant digits of a printed number ("0.0000s" has none). */
static int sig_digits(tok t)
{
    int n = 0, lead = 1;
    for (const char *p = t.p; p < t.end; p++) {
        if (*p >= '0' && *p <= '9') {
            if (*p != '0')
                lead = 0;
            if (!lead)
                n++;
        }
    }
    return n;
}

/* Normalised algorithm name: lower case, blanks runs -> '-'. */
static void norm_name(char *dst, size_t dstsz, const char *p, const char *end)
{
    size_t n = 0;
    int pending_dash = 0;
    for (; p < end && n + 2 < dstsz; p++) {
        char c = *p;
        if (c == ' ' || c == '\t') {
            pending_dash = n > 0;
            continue;
        }
        if (pending_dash) {
            dst[n++] = '-';
            pending_dash = 0;
        }
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        dst[n++] = c;
    }
    dst[n] = '\0';
}

static int has_upper(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p >= 'A' && *p <= 'Z')
            return 1;
    return 0;
}

typedef struct kid_sum {
    char name[BDB_BENCHMARK_MAX];
    double v[MAX_SIZES];
    int n;
} kid_sum;

enum pk_kind { PK_NONE = 0, PK_SIGN2, PK_RSA4, PK_OP1, PK_KEM, PK_SIG3 };

typedef struct run_state {
    int multi;           /* -multi N of the command line; 0: unknown */
    int children;        /* highest child number seen + 1 */
    int elapsed, decrypt;
    char evp[BDB_BENCHMARK_MAX]; /* normalised -evp argument */
    int context;         /* saw lines only openssl speed prints */
    int rows;            /* table rows met (imported or skipped) */
    int era;             /* 0 unknown, 1: < 1.1.1, 2: >= 1.1.1 */
    int era_warned;
    double sizes[MAX_SIZES];
    int nsizes, sizes_line, sizes_mr; /* header, its line, from "+H" */
    int header_rows;     /* rows under the current cipher header */
    double kid_sizes[MAX_SIZES];
    int nkid_sizes;
    kid_sum kids[MAX_KIDS];
    int nkids, got_line;
    int pk;              /* current public-key table */
    int pk_line, pk_rows;
} run_state;

typedef struct ctx {
    const bdb_parse_opts *opts;
    bdb_sink *out;
    bdb_diag *diag;
    run_state run;
} ctx;

static void run_reset(run_state *r)
{
    memset(r, 0, sizeof *r);
}

/* Checks that the run ended cleanly (no header without rows). */
static int run_finish(ctx *c)
{
    run_state *r = &c->run;
    if (r->nsizes && r->sizes_line && r->header_rows == 0 && !r->sizes_mr)
        return bdb_diag_set(c->diag, BDB_EPARSE, r->sizes_line,
                            "table header without rows (truncated output?)");
    if (r->pk && r->pk_rows == 0)
        return bdb_diag_set(c->diag, BDB_EPARSE, r->pk_line,
                            "public-key table header without rows "
                            "(truncated output?)");
    if (r->got_line && r->rows == 0)
        return bdb_diag_set(c->diag, BDB_EPARSE, r->got_line,
                            "the -multi children reported results but the "
                            "summary table after them is missing (truncated "
                            "output?)");
    return BDB_OK;
}

/* A line that starts a run: the previous run ends here when it had rows. */
static int run_boundary(ctx *c)
{
    if (c->run.rows == 0 && !c->run.pk && !c->run.nsizes)
        return BDB_OK;
    int rc = run_finish(c);
    if (rc)
        return rc;
    run_reset(&c->run);
    return BDB_OK;
}

static void base_params(const run_state *r, bdb_sample *s, int evp)
{
    if (r->multi > 0)
        bdb_params_set(&s->params, "multi", "%d", r->multi);
    else if (r->children > 0)
        bdb_params_set(&s->params, "multi", "%d", r->children);
    if (r->elapsed || r->multi > 0 || r->children > 0)
        bdb_params_set(&s->params, "elapsed", "1");
    if (r->decrypt)
        bdb_params_set(&s->params, "decrypt", "1");
    if (evp)
        bdb_params_set(&s->params, "evp", "1");
}

/* Emits one throughput row; values in bytes/s. */
static int emit_throughput(ctx *c, const char *name, int evp,
                           const double *sizes, const double *v, int n,
                           int line)
{
    int nonzero = 0;
    for (int i = 0; i < n; i++)
        if (v[i] != 0)
            nonzero = 1;
    c->run.rows++;
    if (!nonzero)
        return bdb_sink_warn(c->out, line,
                             "%s: every figure is 0 (speed did not run it: "
                             "the build lacks the algorithm?); not imported",
                             name);
    for (int i = 0; i < n; i++) {
        bdb_sample s;
        bdb_sample_init(&s, name);
        base_params(&c->run, &s, evp);
        bdb_params_set(&s.params, "block_size", "%.0f", sizes[i]);
        int rc = bdb_sink_add(c->out, &s, "throughput", v[i],
                              BDB_UNIT_BYTES_PER_S, BDB_HIGHER_IS_BETTER, line);
        if (rc)
            return bdb_diag_set(c->diag, rc, line, "too many figures");
    }
    return BDB_OK;
}

/* Emits rate + time pairs for a public-key row. rate[i] in op/s. */
static int emit_pk(ctx *c, const char *name, const char *table,
                   const char *const *ops, const double *rate, int n, int line)
{
    c->run.rows++;
    for (int i = 0; i < n; i++) {
        if (!(rate[i] > 0) || !isfinite(rate[i])) {
            int rc = bdb_sink_warn(c->out, line,
                                   "%s: %s was not measured (rate %g); not "
                                   "imported",
                                   name, ops[i], rate[i]);
            if (rc)
                return rc;
            continue;
        }
        bdb_sample s;
        bdb_sample_init(&s, name);
        base_params(&c->run, &s, 0);
        if (table)
            bdb_params_set(&s.params, "table", "%s", table);
        char metric[BDB_METRIC_MAX];
        snprintf(metric, sizeof metric, "%s_per_sec", ops[i]);
        int rc = bdb_sink_add(c->out, &s, metric, rate[i], BDB_UNIT_OPS_PER_S,
                              BDB_HIGHER_IS_BETTER, line);
        snprintf(metric, sizeof metric, "%s_time", ops[i]);
        if (!rc)
            rc = bdb_sink_add(c->out, &s, metric, 1.0 / rate[i],
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
        if (rc)
            return bdb_diag_set(c->diag, rc, line, "too many figures");
    }
    return BDB_OK;
}

/* ---- version and command line ---------------------------------------- */

/* "1.1.1f", "3.0.22", "1.0.2k-fips": 1 for < 1.1.1, 2 for later, 0 ?. */
static int version_era(const char *p, const char *end)
{
    long long maj = 0, min = 0, pat = 0;
    if (!bdb_scan_int(&p, end, &maj) || maj < 0)
        return 0;
    if (maj >= 3)
        return 2;
    if (!bdb_scan_lit(&p, end, ".", 0) || !bdb_scan_int(&p, end, &min) ||
        min < 0)
        return 0;
    if (!bdb_scan_lit(&p, end, ".", 0) || !bdb_scan_int(&p, end, &pat) ||
        pat < 0)
        return 0;
    if (maj > 1 || min > 1 || (min == 1 && pat >= 1))
        return 2;
    return 1;
}

/* "OpenSSL 1.1.1f  31 Mar 2020", "OpenSSL 1.1.0l, built on ...",
 * "version: 3.0.22". Returns 1 when the line is a version line. */
static int version_line(ctx *c, const char *p, const char *end)
{
    const char *q = p;
    if (!bdb_scan_lit(&q, end, "OpenSSL ", 0) &&
        !bdb_scan_lit(&q, end, "version: ", 0))
        return 0;
    q = bdb_skip_ws(q, end);
    if (q >= end || *q < '0' || *q > '9')
        return 0;
    const char *w;
    size_t len = bdb_scan_word(&q, end, &w);
    const char *wend = w + len;
    if (wend > w && wend[-1] == ',')
        wend--;
    int rc = run_boundary(c);
    if (rc)
        return rc;
    bdb_sink_set_version(c->out, w, wend);
    c->run.era = version_era(w, wend);
    c->run.context = 1;
    return 1;
}

/* "openssl speed -multi 2 -evp aes-128-cbc ...", possibly after a prompt or
 * a time stamp. Returns 1 when the line is such a command. */
static int command_line(ctx *c, const char *p, const char *end)
{
    tok t[MAX_TOK];
    int n = tokenize(p, end, t, MAX_TOK);
    if (n < 0)
        n = MAX_TOK;
    int at = -1;
    for (int i = 0; i + 1 < n; i++) {
        size_t l = (size_t)(t[i].end - t[i].p);
        if (l >= 7 && memcmp(t[i].end - 7, "openssl", 7) == 0 &&
            bdb_span_eq(t[i + 1].p, t[i + 1].end, "speed")) {
            at = i + 2;
            break;
        }
    }
    if (at < 0)
        return 0;
    int rc = run_boundary(c);
    if (rc)
        return rc;
    run_state *r = &c->run;
    r->context = 1;
    for (int i = at; i < n; i++) {
        if (bdb_span_eq(t[i].p, t[i].end, "-elapsed"))
            r->elapsed = 1;
        else if (bdb_span_eq(t[i].p, t[i].end, "-decrypt"))
            r->decrypt = 1;
        else if (bdb_span_eq(t[i].p, t[i].end, "-multi") && i + 1 < n) {
            const char *q = t[i + 1].p;
            long long m;
            if (bdb_scan_int(&q, t[i + 1].end, &m) && q == t[i + 1].end &&
                m > 0 && m < 1000000)
                r->multi = (int)m;
            i++;
        } else if (bdb_span_eq(t[i].p, t[i].end, "-evp") && i + 1 < n) {
            norm_name(r->evp, sizeof r->evp, t[i + 1].p, t[i + 1].end);
            i++;
        }
    }
    return 1;
}

/* ---- tables ------------------------------------------------------------ */

/* "type   16 bytes  64 bytes ..." */
static int cipher_header(ctx *c, const char *p, const char *end, int line)
{
    tok t[MAX_TOK];
    int n = tokenize(p, end, t, MAX_TOK);
    if (n < 3 || !bdb_span_eq(t[0].p, t[0].end, "type") || (n - 1) % 2 != 0)
        return 0;
    double sizes[MAX_SIZES];
    int ns = 0;
    for (int i = 1; i + 1 < n; i += 2) {
        const char *q = t[i].p;
        long long v;
        if (!bdb_scan_int(&q, t[i].end, &v) || q != t[i].end || v <= 0 ||
            !bdb_span_eq(t[i + 1].p, t[i + 1].end, "bytes") ||
            ns == MAX_SIZES)
            return 0;
        sizes[ns++] = (double)v;
    }
    run_state *r = &c->run;
    if (r->nsizes && r->sizes_line && r->header_rows == 0 && !r->sizes_mr)
        return bdb_diag_set(c->diag, BDB_EPARSE, r->sizes_line,
                             "table header without rows (truncated output?)");
    memcpy(r->sizes, sizes, sizeof sizes);
    r->nsizes = ns;
    r->sizes_line = line;
    r->sizes_mr = 0;
    r->header_rows = 0;
    r->context = 1;
    return 1;
}

static int token_seq_eq(const tok *t, int n, const char *const *words)
{
    int i = 0;
    for (; words[i]; i++)
        if (i >= n || !bdb_span_eq(t[i].p, t[i].end, words[i]))
            return 0;
    return i == n;
}

static int pk_header(ctx *c, const char *p, const char *end, int line)
{
    static const char *const sign2[] = {"sign", "verify", "sign/s",
                                        "verify/s", NULL};
    static const char *const rsa4[] = {"sign",   "verify",   "encrypt",
                                       "decrypt", "sign/s",  "verify/s",
                                       "encr./s", "decr./s", NULL};
    static const char *const op1[] = {"op", "op/s", NULL};
    static const char *const kem[] = {"keygen",    "encaps",   "decaps",
                                      "keygens/s", "encaps/s", "decaps/s",
                                      NULL};
    static const char *const sig3[] = {"keygen",    "signs",  "verify",
                                       "keygens/s", "sign/s", "verify/s",
                                       NULL};
    tok t[MAX_TOK];
    int n = tokenize(p, end, t, MAX_TOK);
    int kind = PK_NONE;
    if (n <= 0)
        return 0;
    if (token_seq_eq(t, n, sign2))
        kind = PK_SIGN2;
    else if (token_seq_eq(t, n, rsa4))
        kind = PK_RSA4;
    else if (token_seq_eq(t, n, op1))
        kind = PK_OP1;
    else if (token_seq_eq(t, n, kem))
        kind = PK_KEM;
    else if (token_seq_eq(t, n, sig3))
        kind = PK_SIG3;
    if (kind == PK_NONE)
        return 0;
    run_state *r = &c->run;
    if (r->pk && r->pk_rows == 0)
        return bdb_diag_set(c->diag, BDB_EPARSE, r->pk_line,
                             "public-key table header without rows "
                             "(truncated output?)");
    r->pk = kind;
    r->pk_line = line;
    r->pk_rows = 0;
    r->context = 1;
    return 1;
}

/* Reads a trailing run of numbers (suffix sfx) before position *at,
 * walking left; returns how many (stops at max). */
static int trailing(const tok *t, int *at, char want_sfx, double *v, tok *vt,
                    int max, int *inf)
{
    int k = 0;
    while (*at > 0 && k < max) {
        double x;
        char s;
        int r = tok_number(t[*at - 1], want_sfx ? "s" : "", &x, &s);
        if (r == NUM_INF) {
            /* "infs"/"inf": a 1/0 for an operation that was not run */
            *inf = 1;
            x = 0;
        } else if (r != NUM_OK || s != want_sfx) {
            break;
        }
        (*at)--;
        k++;
        v[max - k] = x;
        vt[max - k] = t[*at];
    }
    return k;
}

/* One row of a public-key table; returns 1 if consumed, 0 if the line is
 * not a row of it, negative on error. */
static int pk_row(ctx *c, const char *p, const char *end, int line)
{
    static const char *const ops_sign2[] = {"sign", "verify"};
    static const char *const ops_rsa4[] = {"sign", "verify", "encrypt",
                                           "decrypt"};
    static const char *const ops_op1[] = {"op"};
    static const char *const ops_kem[] = {"keygen", "encaps", "decaps"};
    static const char *const ops_sig3[] = {"keygen", "sign", "verify"};
    run_state *r = &c->run;
    const char *const *ops;
    int nops;
    const char *table = NULL;
    switch (r->pk) {
    case PK_SIGN2: ops = ops_sign2; nops = 2; break;
    case PK_RSA4: ops = ops_rsa4; nops = 4; break;
    case PK_OP1: ops = ops_op1; nops = 1; break;
    case PK_KEM: ops = ops_kem; nops = 3; table = "kem"; break;
    case PK_SIG3: ops = ops_sig3; nops = 3; table = "sig"; break;
    default: return 0;
    }
    tok t[MAX_TOK];
    int n = tokenize(p, end, t, MAX_TOK);
    if (n <= 0)
        return 0;
    double rates[4], times[4];
    tok rt[4], tt[4];
    int at = n, inf = 0;
    int nr = trailing(t, &at, 0, rates, rt, nops, &inf);
    int nt = trailing(t, &at, 's', times, tt, nops, &inf);
    if (nr == 0 && nt == 0)
        return 0; /* not a row: ends the table */
    if (nr != nops || nt != nops || at == 0)
        return bdb_diag_set(c->diag, BDB_EPARSE, line,
                             "expected a public-key row with %d times "
                             "(\"0.001s\") and %d rates after its name, as "
                             "announced by the header at line %d",
                             nops, nops, r->pk_line);
    /* the name */
    char name[BDB_BENCHMARK_MAX];
    const tok *l = t;
    int nl = at;
    char bits[32] = "";
    if (nl == 3 && (bdb_span_eq(l[0].p, l[0].end, "rsa") ||
                    bdb_span_eq(l[0].p, l[0].end, "dsa")) &&
        (bdb_span_eq(l[2].p, l[2].end, "bits") ||
         bdb_span_eq(l[2].p, l[2].end, "bit"))) {
        bdb_copy(bits, sizeof bits, l[1].p, l[1].end);
        snprintf(name, sizeof name, "%.3s%s", l[0].p, bits);
    } else if (nl == 3 && bdb_span_eq(l[2].p, l[2].end, "ffdh")) {
        bdb_copy(bits, sizeof bits, l[0].p, l[0].end);
        snprintf(name, sizeof name, "ffdh%s", bits);
    } else if (nl == 4 && (bdb_span_eq(l[1].p, l[1].end, "bits") ||
                           bdb_span_eq(l[1].p, l[1].end, "bit")) &&
               l[3].end - l[3].p > 2 && l[3].p[0] == '(' &&
               l[3].end[-1] == ')') {
        char alg[32], curve[96];
        norm_name(alg, sizeof alg, l[2].p, l[2].end);
        norm_name(curve, sizeof curve, l[3].p + 1, l[3].end - 1);
        if (strcmp(alg, "eddsa") == 0)
            snprintf(name, sizeof name, "%s", curve);
        else
            snprintf(name, sizeof name, "%s-%s", alg, curve);
    } else if (nl == 1 && (r->pk == PK_KEM || r->pk == PK_SIG3)) {
        norm_name(name, sizeof name, l[0].p, l[0].end);
    } else {
        return bdb_diag_set(c->diag, BDB_EPARSE, line,
                             "unrecognised public-key row name (expected "
                             "\"rsa 2048 bits\", \"256 bits ecdsa "
                             "(nistp256)\" or an algorithm name)");
    }
    /* The more precise of each pair (time is 1/rate exactly). */
    double rate[4];
    for (int i = 0; i < nops; i++) {
        int sr = sig_digits(rt[i]), st = sig_digits(tt[i]);
        if ((sr >= 3 || sr >= st) && rates[i] > 0)
            rate[i] = rates[i];
        else if (times[i] > 0)
            rate[i] = 1.0 / times[i];
        else
            rate[i] = 0;
    }
    r->pk_rows++;
    int rc = emit_pk(c, name, table, ops, rate, nops, line);
    return rc ? rc : 1;
}

/* A throughput row "name v1 v2 ... vN" (values with or without 'k').
 * Returns 1 if consumed, 0 if not a row, negative on error. */
static int cipher_row(ctx *c, const char *p, const char *end, int line,
                      int bare_ok, int last_unterminated)
{
    tok t[MAX_TOK];
    int n = tokenize(p, end, t, MAX_TOK);
    if (n < 2)
        return 0;
    double v[MAX_TOK];
    int nv = 0, has_k = 0, plain_big = 0, last_plain = 0;
    int at = n;
    while (at > 1) {
        double x;
        char s;
        if (tok_number(t[at - 1], "k", &x, &s) != NUM_OK)
            break;
        if (s == 'k') {
            x *= 1000.0; /* " %11.2fk" of results / 1e3 */
            has_k = 1;
        } else {
            if (x > 10000)
                plain_big = 1; /* speed.c prints those with 'k' */
            if (at == n)
                last_plain = 1;
        }
        at--;
        v[at] = x;
        nv++;
    }
    if (nv == 0)
        return 0;
    run_state *r = &c->run;
    const double *sizes = NULL;
    int nsizes = 0, hline = 0;
    static const double std_sizes[] = {16, 64, 256, 1024, 8192, 16384};
    if (r->nsizes && !r->sizes_mr) {
        sizes = r->sizes;
        nsizes = r->nsizes;
        hline = r->sizes_line;
    } else if (r->nkid_sizes) {
        sizes = r->kid_sizes;
        nsizes = r->nkid_sizes;
    } else if (bare_ok || r->context) {
        if (nv != 5 && nv != 6)
            return 0;
        sizes = std_sizes;
        nsizes = nv;
    } else {
        return 0;
    }
    if (!bare_ok && !r->context)
        return 0;
    /* A line of plain numbers is a row only under a header (0.00 rows). */
    if (!has_k && !hline && !r->nkid_sizes)
        return 0;
    if (nv != nsizes) {
        if (!has_k && nv < 2)
            return 0;
        if (hline)
            return bdb_diag_set(c->diag, BDB_EPARSE, line,
                                 "expected %d figures (one per block size of "
                                 "the header at line %d), found %d",
                                 nsizes, hline, nv);
        return bdb_diag_set(c->diag, BDB_EPARSE, line,
                             "expected %d figures (one per block size), "
                             "found %d",
                             nsizes, nv);
    }
    if (has_k && (plain_big || (last_plain && last_unterminated)))
        return bdb_diag_set(c->diag, BDB_EPARSE, line,
                            "a figure without its 'k' suffix (speed prints "
                            "values above 10000 bytes/s in 1000s with 'k'): "
                            "truncated row?");
    char name[BDB_BENCHMARK_MAX];
    norm_name(name, sizeof name, t[0].p, t[at - 1].end);
    int evp = has_upper(t[0].p, t[at - 1].end) || strcmp(name, "evp") == 0 ||
              (r->evp[0] && strcmp(name, r->evp) == 0);
    if (strcmp(name, "evp") == 0 && r->evp[0])
        snprintf(name, sizeof name, "%s", r->evp);
    /* -multi summary rows: check the label against the children's sums
     * (3.0.0-beta printed a digest name over an EVP cipher's figures). */
    if (r->nkids && !hline) {
        int match = -1, same = 0;
        for (int k = 0; k < r->nkids; k++) {
            if (strcmp(r->kids[k].name, name) == 0)
                same = 1;
            if (r->kids[k].n != nv)
                continue;
            int ok = 1;
            for (int i = 0; i < nv && ok; i++) {
                double want = r->kids[k].v[i], tol = fabs(want) * 1e-6 + 10;
                if (fabs(v[at + i] - want) > tol)
                    ok = 0;
            }
            if (ok)
                match = match == -1 ? k : -2;
        }
        if (!same && match >= 0) {
            int rc = bdb_sink_warn(c->out, line,
                                   "the summary row is labelled '%s' but "
                                   "holds the sum of the children's '%s' "
                                   "figures; imported as %s",
                                   name, r->kids[match].name,
                                   r->kids[match].name);
            if (rc)
                return rc;
            snprintf(name, sizeof name, "%s", r->kids[match].name);
            evp = evp || r->kids[match].name[0] != '\0';
        }
    }
    if (hline)
        r->header_rows++;
    int rc = emit_throughput(c, name, evp, sizes, v + at, nv, line);
    return rc ? rc : 1;
}

/* ---- machine-readable lines --------------------------------------------- */

/* Splits at ':' into fields. */
static int split_colon(const char *p, const char *end, tok *f, int max)
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

static int field_num(tok f, double *v)
{
    char s;
    bdb_trim(&f.p, &f.end);
    return tok_number(f, "", v, &s) == NUM_OK;
}

/* "+H:16:64:..." into sizes. */
static int mr_sizes(const char *p, const char *end, double *sizes)
{
    tok f[MAX_SIZES + 2];
    int n = split_colon(p, end, f, MAX_SIZES + 2);
    if (n < 2)
        return 0;
    for (int i = 1; i < n; i++)
        if (!field_num(f[i], &sizes[i - 1]) || sizes[i - 1] <= 0)
            return 0;
    return n - 1;
}

/* "+F:idx:name:v..." values in bytes/s. */
static int mr_f(const char *p, const char *end, char *name, size_t namesz,
                double *v, int *evp_upper)
{
    tok f[MAX_SIZES + 4];
    int n = split_colon(p, end, f, MAX_SIZES + 4);
    if (n < 4)
        return 0;
    double idx;
    if (!field_num(f[1], &idx))
        return 0;
    norm_name(name, namesz, f[2].p, f[2].end);
    *evp_upper = has_upper(f[2].p, f[2].end);
    for (int i = 3; i < n; i++)
        if (!field_num(f[i], &v[i - 3]))
            return 0;
    return n - 3;
}

static const struct {
    const char *name;
    int bits;
} ec_curves[] = {
    {"secp160r1", 160},       {"nistp192", 192},        {"nistp224", 224},
    {"nistp256", 256},        {"nistp384", 384},        {"nistp521", 521},
    {"nistk163", 163},        {"nistk233", 233},        {"nistk283", 283},
    {"nistk409", 409},        {"nistk571", 571},        {"nistb163", 163},
    {"nistb233", 233},        {"nistb283", 283},        {"nistb409", 409},
    {"nistb571", 571},        {"brainpoolp256r1", 256}, {"brainpoolp256t1", 256},
    {"brainpoolp384r1", 384}, {"brainpoolp384t1", 384}, {"brainpoolp512r1", 512},
    {"brainpoolp512t1", 512},
};

static int mr_pk(ctx *c, const char *p, const char *end, int line)
{
    static const char *const ops_sign2[] = {"sign", "verify"};
    static const char *const ops_rsa4[] = {"sign", "verify", "encrypt",
                                           "decrypt"};
    static const char *const ops_op1[] = {"op"};
    tok f[12];
    int n = split_colon(p, end, f, 12);
    if (n < 0)
        return bdb_diag_set(c->diag, BDB_EPARSE, line,
                             "too many fields in a -mr line");
    long long kind = 0;
    const char *q = p + 2;
    if (!bdb_scan_int(&q, f[0].end, &kind) || q != f[0].end)
        return 0;
    run_state *r = &c->run;
    char name[BDB_BENCHMARK_MAX];
    double a[6];
    int first = 3, nv;
    double idx, bits;
    if (n < 4 || !field_num(f[1], &idx))
        goto bad;
    if (kind == 9 || kind == 10) {
        int rc = bdb_sink_warn(c->out, line,
                               "-mr +F%lld lines do not name their algorithm; "
                               "not imported (use the text output)",
                               kind);
        r->rows++;
        return rc ? rc : 1;
    }
    if (!field_num(f[2], &bits))
        goto bad;
    if (kind == 6 || kind == 7) {
        char curve[96];
        norm_name(curve, sizeof curve, f[3].p, f[3].end);
        if (kind == 6)
            snprintf(name, sizeof name, "%s", curve);
        else
            snprintf(name, sizeof name, "sm2-%s", curve);
        first = 4;
    } else if (kind == 2) {
        snprintf(name, sizeof name, "rsa%.0f", bits);
    } else if (kind == 3) {
        snprintf(name, sizeof name, "dsa%.0f", bits);
    } else if (kind == 8) {
        snprintf(name, sizeof name, "ffdh%.0f", bits);
    } else if (kind == 4 || kind == 5) {
        int i = (int)idx;
        if (idx < 0 || i >= (int)(sizeof ec_curves / sizeof ec_curves[0]) ||
            ec_curves[i].bits != (int)bits) {
            int rc = bdb_sink_warn(c->out, line,
                                   "-mr +F%lld line: curve #%d of %.0f bits "
                                   "is not one this parser can name; not "
                                   "imported",
                                   kind, i, bits);
            r->rows++;
            return rc ? rc : 1;
        }
        snprintf(name, sizeof name, "%s-%s", kind == 4 ? "ecdsa" : "ecdh",
                 ec_curves[i].name);
    } else {
        return 0;
    }
    nv = n - first;
    if (nv < 2 || nv > 4)
        goto bad;
    for (int i = 0; i < nv; i++)
        if (!field_num(f[first + i], &a[i]))
            goto bad;
    /* Rates (>= 1.1.1) or seconds per op (< 1.1.1)? */
    int era = r->era;
    if (kind == 2 && nv == 4)
        era = 2;
    if (!era && kind == 2 && a[0] != a[1])
        era = a[0] < a[1] ? 2 : 1; /* signing is slower than verifying */
    if (!era && kind >= 6)
        era = 2;
    if (!era) {
        era = 2;
        if (!r->era_warned) {
            r->era_warned = 1;
            int rc = bdb_sink_warn(c->out, line,
                                   "-mr public-key figures: the log does not "
                                   "say the OpenSSL version; read as "
                                   "operations/s (OpenSSL 1.1.1 and later)");
            if (rc)
                return rc;
        }
    }
    if (kind == 2 && nv == 2 && (r->era == 0))
        r->era = era;
    double rate[4];
    const char *const *ops;
    int nops;
    if (kind == 5 || kind == 8) {
        /* op: (rate, 1/rate) since 1.1.1, (time, 1/time) before */
        ops = ops_op1;
        nops = 1;
        if (nv != 2)
            goto bad;
        rate[0] = era == 2 ? a[0] : a[1];
    } else {
        nops = nv;
        ops = nv == 4 ? ops_rsa4 : ops_sign2;
        if (nv == 3)
            goto bad;
        for (int i = 0; i < nv; i++)
            rate[i] = era == 2 ? a[i] : (a[i] > 0 ? 1.0 / a[i] : 0);
    }
    int rc = emit_pk(c, name, NULL, ops, rate, nops, line);
    return rc ? rc : 1;
bad:
    return bdb_diag_set(c->diag, BDB_EPARSE, line,
                         "malformed -mr line (expected \"+F%lld:index:bits:"
                         "value:value\")",
                         kind);
}

/* "Got: +F:..." from a -multi child: remembered to check the summary. */
static void got_line(ctx *c, const char *p, const char *end, int line)
{
    run_state *r = &c->run;
    r->context = 1;
    /* " from N" at the end */
    const char *from = NULL, *s = p;
    while ((s = bdb_find(s, end, " from ")) != NULL) {
        from = s;
        s += 6;
    }
    if (from) {
        const char *q = from + 6;
        long long k;
        if (bdb_scan_int(&q, end, &k) && k >= 0 && k < 1000000 &&
            k + 1 > r->children)
            r->children = (int)(k + 1);
        end = from;
    }
    if (bdb_starts_with(p, end, "+H:")) {
        int ns = mr_sizes(p, end, r->kid_sizes);
        r->nkid_sizes = ns > 0 ? ns : 0;
    } else if (bdb_starts_with(p, end, "+F:")) {
        char name[BDB_BENCHMARK_MAX];
        double v[MAX_SIZES + 1];
        int upper;
        int nv = mr_f(p, end, name, sizeof name, v, &upper);
        if (nv <= 0 || nv > MAX_SIZES)
            return;
        r->got_line = r->got_line ? r->got_line : line;
        int k = 0;
        for (; k < r->nkids; k++)
            if (strcmp(r->kids[k].name, name) == 0)
                break;
        if (k == r->nkids) {
            if (r->nkids == MAX_KIDS)
                return;
            r->nkids++;
            memset(&r->kids[k], 0, sizeof r->kids[k]);
            snprintf(r->kids[k].name, sizeof r->kids[k].name, "%s", name);
            r->kids[k].n = nv;
        }
        if (r->kids[k].n != nv)
            return;
        for (int i = 0; i < nv; i++)
            r->kids[k].v[i] += v[i];
    } else if (bdb_starts_with(p, end, "+F")) {
        r->got_line = r->got_line ? r->got_line : line;
    }
}

/* Warnings for algorithms the build lacks; returns 1 if the line was one. */
static int error_line(ctx *c, const char *p, const char *end, int line)
{
    const char *alg = bdb_find(p, end, "Algorithm (");
    if (alg && bdb_contains(p, end, ":error:")) {
        alg += 11;
        const char *e = alg;
        while (e < end && *e != ' ' && *e != ')')
            e++;
        char name[96];
        bdb_copy(name, sizeof name, alg, e);
        return bdb_sink_warn(c->out, line,
                             "algorithm %s is not available in this build "
                             "(%s)",
                             name,
                             bdb_contains(p, end, "unsupported")
                                 ? "unsupported"
                                 : "fetch error") ? BDB_ENOMEM : 1;
    }
    const char *u = bdb_find(p, end, "Unknown algorithm");
    if (u || bdb_starts_with(p, end, "speed: ") ||
        bdb_contains(p, end, ":error:") ||
        bdb_starts_with(p, end, "Couldn't init the context") ||
        bdb_contains(p, end, "is an unknown cipher or digest") ||
        bdb_contains(p, end, " failure.  No ")) {
        char text[200];
        bdb_copy(text, sizeof text, p, end);
        return bdb_sink_warn(c->out, line, "%s%s", text,
                             u ? " (the build lacks this algorithm)" : "")
                   ? BDB_ENOMEM
                   : 1;
    }
    return 0;
}

/* "#3 :" at the start of a line: a script's repetition marker. */
static int rep_marker(const char **p, const char *end)
{
    const char *q = *p;
    if (q >= end || *q != '#')
        return 0;
    q++;
    long long n;
    if (!bdb_scan_int(&q, end, &n) || n < 0)
        return 0;
    q = bdb_skip_ws(q, end);
    if (q >= end || *q != ':')
        return 0;
    *p = q + 1;
    return 1;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.opts = opts;
    c.out = out;
    c.diag = diag;
    int forced = opts && opts->forced;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    int rc;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
        int bare_ok = forced;
        if (rep_marker(&p, end)) {
            /* "#N :" + a bare row is seed 000's script layout: the marker
             * makes the row unambiguous even without --tool. */
            bare_ok = 1;
            rc = run_finish(&c);
            if (rc)
                return rc;
            run_reset(&c.run);
            p = bdb_skip_ws(p, end);
        }
        if (p >= end)
            continue;
        int r = 0;
        if (bdb_starts_with(p, end, "Doing ") ||
            bdb_starts_with(p, end, "+DT") || bdb_starts_with(p, end, "+DN") ||
            bdb_starts_with(p, end, "+R")) {
            /* stderr progress: starts a run when one is complete */
            rc = run_boundary(&c);
            if (rc)
                return rc;
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "You have chosen to measure elapsed")) {
            rc = run_boundary(&c);
            if (rc)
                return rc;
            c.run.elapsed = 1;
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "Forked child ")) {
            if (c.run.rows) {
                rc = run_boundary(&c);
                if (rc)
                    return rc;
            }
            const char *q = p + 13;
            long long k;
            if (bdb_scan_int(&q, end, &k) && k >= 0 && k < 1000000 &&
                k + 1 > c.run.children)
                c.run.children = (int)(k + 1);
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "Got: ")) {
            if (c.run.rows) {
                rc = run_boundary(&c);
                if (rc)
                    return rc;
            }
            got_line(&c, p + 5, end, ln.no);
            continue;
        }
        if ((r = version_line(&c, p, end)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if ((r = command_line(&c, p, end)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (bdb_starts_with(p, end, "built on") ||
            bdb_starts_with(p, end, "options:") ||
            bdb_starts_with(p, end, "compiler:") ||
            bdb_starts_with(p, end, "CPUINFO:") ||
            bdb_starts_with(p, end, "platform:")) {
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "The 'numbers' are in 1000s")) {
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "+H:")) {
            double sizes[MAX_SIZES];
            int ns = mr_sizes(p, end, sizes);
            if (ns <= 0)
                return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                    "malformed -mr \"+H:\" line (expected "
                                    "block sizes)");
            rc = run_boundary(&c);
            if (rc)
                return rc;
            memcpy(c.run.sizes, sizes, sizeof sizes);
            c.run.nsizes = ns;
            c.run.sizes_mr = 1;
            c.run.sizes_line = ln.no;
            c.run.context = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "+F:")) {
            char name[BDB_BENCHMARK_MAX];
            double v[MAX_SIZES + 1];
            int upper;
            int nv = mr_f(p, end, name, sizeof name, v, &upper);
            const double *sizes = c.run.sizes_mr ? c.run.sizes : c.run.kid_sizes;
            int ns = c.run.sizes_mr ? c.run.nsizes : c.run.nkid_sizes;
            static const double std_sizes[] = {16, 64, 256, 1024, 8192, 16384};
            if (ns == 0 && (nv == 5 || nv == 6)) {
                sizes = std_sizes;
                ns = nv;
            }
            if (nv <= 0 || nv != ns)
                return bdb_diag_set(diag, BDB_EPARSE, ln.no,
                                    "malformed -mr \"+F:\" line (expected "
                                    "index:name and %d figures)",
                                    ns);
            int evp = upper || (c.run.evp[0] && strcmp(name, c.run.evp) == 0);
            if (strcmp(name, "evp") == 0) {
                evp = 1;
                if (c.run.evp[0])
                    snprintf(name, sizeof name, "%s", c.run.evp);
            }
            c.run.context = 1;
            rc = emit_throughput(&c, name, evp, sizes, v, nv, ln.no);
            if (rc)
                return rc;
            continue;
        }
        if (bdb_starts_with(p, end, "+F") && p + 2 < end && p[2] >= '0' &&
            p[2] <= '9') {
            r = mr_pk(&c, p, end, ln.no);
            if (r < 0)
                return r;
            if (r > 0) {
                c.run.context = 1;
                continue;
            }
        }
        if ((r = error_line(&c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if ((r = cipher_header(&c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            c.run.pk = PK_NONE;
            continue;
        }
        if ((r = pk_header(&c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (c.run.pk) {
            r = pk_row(&c, p, end, ln.no);
            if (r < 0)
                return r;
            if (r > 0)
                continue;
            if (c.run.pk_rows)
                c.run.pk = PK_NONE; /* the table ended */
        }
        r = cipher_row(&c, p, end, ln.no, bare_ok,
                       ln.end == buf + len && len > 0 && buf[len - 1] != '\n');
        if (r < 0)
            return r;
        /* anything else is text around the tool's output: skipped */
    }
    return run_finish(&c);
}

/* ---- detection ----------------------------------------------------------- */

static int sniff(const char *buf, size_t len)
{
    int score = 0;
    int version = 0, k_row = 0, marker_rows = 0, nonblank = 0;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    int scanned = 0;
    while (bdb_lines_next(&it, &ln) && scanned++ < 20000) {
        const char *p = ln.p, *end = ln.end;
        bdb_trim(&p, &end);
        int s = 0;
        if (p < end)
            nonblank++;
        const char *after_marker = p;
        int marked = rep_marker(&after_marker, end);
        if (bdb_starts_with(p, end, "The 'numbers' are in 1000s of bytes"))
            s = 95;
        else if (bdb_starts_with(p, end, "type ") &&
                 bdb_contains(p, end, " bytes")) {
            tok t[MAX_TOK];
            int n = tokenize(p, end, t, MAX_TOK);
            if (n >= 3 && n % 2 == 1 &&
                bdb_span_eq(t[2].p, t[2].end, "bytes"))
                s = 90;
        } else if (bdb_starts_with(p, end, "Got: +F") ||
                   bdb_starts_with(p, end, "Got: +H:"))
            s = 90;
        else if (bdb_starts_with(p, end, "+H:") ||
                 bdb_starts_with(p, end, "+F:") ||
                 bdb_starts_with(p, end, "+F2:") ||
                 bdb_starts_with(p, end, "+DTP:"))
            s = 80;
        else if (bdb_starts_with(p, end, "Doing ") &&
                 (bdb_contains(p, end, " size blocks:") ||
                  bdb_contains(p, end, " rsa's for ") ||
                  bdb_contains(p, end, " dsa's for ") ||
                  bdb_contains(p, end, " ecdsa's for ")))
            s = 85;
        else if (bdb_contains(p, end, "sign    verify") &&
                 bdb_contains(p, end, "sign/s verify/s"))
            s = 90;
        else if (bdb_contains(p, end, "keygens/s"))
            s = 85;
        else if (bdb_starts_with(p, end, "openssl speed") ||
                 bdb_contains(p, end, "$ openssl speed") ||
                 bdb_contains(p, end, "# openssl speed") ||
                 bdb_starts_with(p, end, "speed: Unknown algorithm"))
            s = 75; /* a command line or speed's own error, not prose */
        else if (bdb_starts_with(p, end, "You have chosen to measure elapsed"))
            s = 90;
        else if ((bdb_starts_with(p, end, "OpenSSL ") ||
                  bdb_starts_with(p, end, "version: ")) &&
                 p + 8 < end)
            version = 1;
        else {
            tok t[MAX_TOK];
            int n = tokenize(p, end, t, MAX_TOK);
            int nk = 0;
            for (int i = n - 1; i >= 1; i--) {
                double v;
                char sfx;
                if (tok_number(t[i], "k", &v, &sfx) != NUM_OK || sfx != 'k')
                    break;
                nk++;
            }
            if (nk >= 5 && nk <= 6) {
                k_row = 1;
                marker_rows += marked;
            }
        }
        if (s > score)
            score = s;
        if (score >= 95)
            break;
    }
    if (version && k_row && score < 75)
        score = 75;
    /* Nothing but "#N :" + bare table rows: seed 000's script output. */
    if (marker_rows > 0 && marker_rows == nonblank && score < 70)
        score = 70;
    return score;
}

const bdb_parser bdb_parser_openssl_speed = {"openssl-speed", 1, sniff, parse};
