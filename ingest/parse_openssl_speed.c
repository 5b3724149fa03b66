/* parse_openssl_speed.c - `openssl speed` output (OpenSSL 1.0.x, 1.1.x, 3.x
 * and 4.0-dev): the throughput table of ciphers and digests, the public-key
 * tables, -multi (forked children), -mr machine-readable lines, bare table
 * rows kept by scripts (`openssl speed ... | tail -n 1`), sbc-bench's rows
 * with a per-cluster suffix, and the command line that produced the run.
 *
 * Units, from apps/speed.c (print_result(), the show_res: block, do_multi()
 * of 1.0.2, 1.1.1 and 3.x; LibreSSL's usr.bin/openssl/speed.c is 1.0.x's):
 * - A throughput cell is results = count / seconds * block_length, in bytes
 *   per second. The text table prints it as " %11.2fk" of results / 1e3 when
 *   results > 10000, else as " %11.2f " of results itself: so a value with a
 *   'k' suffix is in 1000s of bytes/s (k = 1000, not 1024) and a value
 *   without it is in bytes/s, whatever "The 'numbers' are in 1000s of bytes"
 *   says. -mr "+F:" lines print results with ":%.2f": bytes/s. Emitted as
 *   metric `throughput` in B/s, one sample per block size (param
 *   `block_size`, bytes, read from the "type 16 bytes ..." header, the
 *   "+H:16:64:..." line, a child's "Got: +H:" line or -bytes N of the
 *   command line; a row without any of these, as scripts keep it, uses
 *   speed.c's lengths[]: 16 64 256 1024 8192, plus 16384 when it has 6
 *   columns). A figure speed printed as 0.00 (an algorithm it did not run:
 *   OpenSSL 3 without the legacy provider prints rc4 as a row of 0.00),
 *   inf, nan or a negative number is a warning, never a value.
 * - Public-key tables print, per operation, seconds per operation (the
 *   column with an "s" suffix) and operations per second, one the
 *   reciprocal of the other (1.0.x stores seconds per op and prints 1/x,
 *   1.1.1+ stores ops per second and prints 1/x). Emitted as
 *   `<op>_per_sec` (op/s, higher is better) and `<op>_time` (s, lower is
 *   better) with op in sign, verify, encrypt, decrypt (RSA 3.2+ layout), op
 *   (ECDH, FFDH), keygen, encaps, decaps (KEM and signature tables of 3.5+).
 *   The printed column with fewer significant digits (ECDSA's "0.0000s"
 *   rounds to nothing) is replaced by the reciprocal of the other one. A
 *   failed operation shows as inf (1/0: 1.1.0's "253 bit ecdsa (X25519)
 *   0.0000s 0.0000s inf inf"), or as a negative time and rate (a verify that
 *   failed counts -1 operations: "rsa 512 bits 0.000583s -9.990000s 1715.4
 *   -0.1"): a warning for that operation; the row's other operations stay.
 * - -mr public-key lines ("+F2:" RSA, "+F3:" DSA, "+F4:" ECDSA, "+F5:" ECDH,
 *   "+F6:" EdDSA, "+F7:" SM2, "+F8:" FFDH) carry ops/s since 1.1.1 and
 *   seconds/op before (and in LibreSSL). The run's version line decides;
 *   -mr prints none, so an RSA line decides by itself (signing is always
 *   slower than verifying), an ECDH/FFDH line too (a value and its
 *   reciprocal: the rate comes first since 1.1.1), lines only 1.1.1+ prints
 *   ("+F6:".."+F10:", EdDSA/FFDH "+DTP:") decide for the file, and
 *   otherwise 1.1.1+ is assumed with a warning.
 *
 * Benchmark names: the algorithm as printed, lower-cased, with runs of
 * blanks replaced by '-': "aes-256 cbc" (1.x), "aes-256-cbc" (1.1+) and
 * "AES-256-CBC" (3.x -evp) are all "aes-256-cbc"; "des ede3" is
 * "des-ede3". 1.x prints the -evp row as "evp": the -evp argument of the
 * command line names it when the log keeps the command. Public-key rows:
 * "rsa2048", "dsa2048", "ecdsa-nistp256", "ecdh-nistp256", "ecdh-x25519",
 * "ed25519", "sm2-curvesm2", "ffdh2048"; KEM and signature tables (3.5+)
 * use the printed name with param `table=kem` / `table=sig`.
 *
 * Parameters, set only when the log says so: block_size; cluster (the
 * "(Cortex-A72)", "(Qualcomm Kryo 4XX Silver)" sbc-bench appends to the
 * rows it ran on one CPU cluster; its "(fully parallel)" rows, one per
 * core with all cores busy and no core named, become parallel=1 with a
 * warning; sbc-bench's rows, known by that label or its "sbc-bench v..."
 * and "Executing benchmark ... cluster" lines, are also evp=1 elapsed=1:
 * it runs `openssl speed -elapsed -evp aes-N-cbc` and lower-cases the
 * output, see RunOpenSSLBenchmark() in sbc-bench.sh);
 * multi (the number of forked children the log shows, or -multi N of the
 * command line when the capture does not show them all); elapsed=1 (the
 * "You have chosen to measure elapsed time" line, -elapsed, or -multi,
 * whose children always time in wall-clock: do_multi() sets usertime = 0);
 * evp=1 (-evp: the row named by -evp, a row labelled "evp", or an
 * upper-case 3.x EVP name); and from the command line seconds (-seconds N;
 * the "Doing ... for Ns" lines win when they say otherwise, with a
 * warning), decrypt=1, aead=1 (also from -aead's block sizes 2 31 136 in
 * the header), mb=1, misalign, async_jobs, primes, engine (-engine, or the
 * 'engine "qatengine" set.' line) and provider (-provider, several joined
 * with '+'): an engine or provider is another implementation. -mr
 * changes only the format and is not a parameter. The version line
 * ("OpenSSL 1.1.1f  31 Mar 2020", "version: 3.0.22") gives the tool
 * version; "built on", "options", "compiler" and "CPUINFO" lines describe
 * the build and are not part of a series.
 *
 * -multi: the children's "Got: +F..." lines are per-child partial results;
 * the parent's summary table (the sum over children) is what is imported.
 * Stderr progress lines ("Doing aes-256 cbc for 3s on 16 size blocks: ...",
 * "+DT:", "+R:") give their seconds, the trace of their row's figure
 * (openssl_trace.c) and, when no row gives it (no table, or one cut
 * short), the figure itself (openssl_untabled.c). Error lines between rows
 * ("ECDH failure.", "RSA verify failure", an OpenSSL error stack
 * "40F7...:error:...:unknown group:...", "Unknown algorithm") are warnings
 * at their line. A row that cannot be read is a warning at its line and the
 * rest of the file is still read; a capture cut short keeps every complete
 * figure and warns about the cut. Several runs in one file (a script's
 * "#1 :", "#2 :" markers, or runs concatenated) become repetitions. */
#include "ingest.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bdb_scan.h"
#include "openssl_speed_internal.h"
#include "wrapped.h"
#include "../common/bdb_grow.h"

/* Splits [p, end) at blanks; returns the count, or -1 when there are more
 * than max tokens (such a line is never a table row). */
int bdb_ossl_tokenize(const char *p, const char *end, ossl_tok *t, int max)
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

/* Reads a whole token as a number (possibly negative) with an optional
 * suffix from allowed ("k", "s" or ""). *sfx receives the suffix character
 * (0 for none). "inf"/"nan" (a 1/0 speed.c printed) give NUM_INF, with the
 * suffix read the same way ("infs"). */
int bdb_ossl_tok_number(ossl_tok t, const char *allowed, double *v, char *sfx)
{
    const char *p = t.p;
    *sfx = 0;
    const char *q = p;
    if (q < t.end && *q == '-')
        q++;
    if (t.end - q >= 3 &&
        (bdb_starts_with(q, t.end, "inf") || bdb_starts_with(q, t.end, "nan") ||
         bdb_starts_with(q, t.end, "INF") ||
         bdb_starts_with(q, t.end, "NAN"))) {
        q += 3;
        if (q == t.end)
            return NUM_INF;
        if (q + 1 == t.end && *q && strchr(allowed, *q)) {
            *sfx = *q;
            return NUM_INF;
        }
        return NUM_BAD;
    }
    if (p < t.end && *p == '+')
        return NUM_BAD;
    if (!bdb_scan_number(&p, t.end, v, 0))
        return NUM_BAD;
    if (p == t.end)
        return NUM_OK;
    if (p + 1 == t.end && *p && strchr(allowed, *p)) {
        *sfx = *p;
        return NUM_OK;
    }
    return NUM_BAD;
}

/* A figure of the text throughput table: " %11.2fk" or " %11.2f " (two
 * decimals, possibly negative), or inf/nan. Returns NUM_OK / NUM_INF /
 * NUM_BAD; *is_k says whether it had the 'k'. The two-decimal rule keeps
 * other tools' columns (7-zip's "1249 100 1215") from passing as rows. */
static int fig_token(ossl_tok t, double *v, int *is_k)
{
    char sfx;
    int r = bdb_ossl_tok_number(t, "k", v, &sfx);
    *is_k = sfx == 'k';
    if (r != NUM_OK)
        return r;
    const char *e = t.end - (sfx ? 1 : 0);
    if (e - t.p < 4 || e[-3] != '.' || e[-2] < '0' || e[-2] > '9' ||
        e[-1] < '0' || e[-1] > '9')
        return NUM_BAD;
    return NUM_OK;
}

/* Significant digits of a printed number ("0.0000s" has none). */
static int sig_digits(ossl_tok t)
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
void bdb_ossl_norm_name(char *dst, size_t dstsz, const char *p, const char *end)
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

int bdb_ossl_has_upper(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p >= 'A' && *p <= 'Z')
            return 1;
    return 0;
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* "(nistp256)": a parenthesised word. */
static int cluster_token(ossl_tok t)
{
    return t.end - t.p > 2 && t.p[0] == '(' && t.end[-1] == ')';
}

/* The "(label)" sbc-bench appends to a row's figures: a CPU cluster
 * ("(Cortex-A72)", "(Qualcomm Kryo 4XX Silver)") or "(fully parallel)".
 * Returns how many of the n tokens it takes (0: none) and copies its
 * words, single-blank separated, into out (',' and '=' made '_', as they
 * separate parameters). */
static int suffix_label(const ossl_tok *t, int n, char *out, size_t outsz)
{
    if (n < 3 || t[n - 1].end[-1] != ')')
        return 0;
    for (int k = 1; k <= 6 && n - k >= 2; k++) {
        const ossl_tok *s = &t[n - k];
        if (s->p[0] == '(') {
            if (k == 1 && s->end - s->p <= 2)
                return 0;
            size_t o = 0;
            for (int i = n - k; i < n && o + 1 < outsz; i++) {
                const char *a = t[i].p + (i == n - k);
                const char *b = t[i].end - (i == n - 1);
                if (i > n - k && o + 1 < outsz)
                    out[o++] = ' ';
                for (; a < b && o + 1 < outsz; a++)
                    out[o++] = (*a == ',' || *a == '=') ? '_' : *a;
            }
            out[o] = '\0';
            return k;
        }
        if (memchr(s->p, '(', (size_t)(s->end - s->p)) ||
            memchr(s->p, ')', (size_t)(s->end - s->p - (k == 1))))
            return 0;
    }
    return 0;
}


int bdb_ossl_warn(ossl_ctx *c, int line, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return bdb_sink_warn(c->out, line, "%s", text) ? BDB_ENOMEM : 0;
}

void bdb_ossl_run_reset(ossl_run *r)
{
    memset(r, 0, sizeof *r);
}

/* Warns about what the run left unfinished (a header without rows, -multi
 * children without the parent's summary): a capture cut short. */
static int run_finish(ossl_ctx *c)
{
    ossl_run *r = &c->run;
    int rc = bdb_ossl_untabled(c);
    if (rc)
        return rc;
    if (r->nsizes && r->sizes_line && r->header_rows == 0 && !r->sizes_mr)
        rc = bdb_ossl_warn(c, r->sizes_line,
                  "a throughput table header without rows after it (the "
                  "capture ends or was cut here: truncated output?)");
    if (!rc && r->pk && r->pk_rows == 0)
        rc = bdb_ossl_warn(c, r->pk_line,
                  "a public-key table header without rows after it (the "
                  "capture ends or was cut here: truncated output?)");
    if (!rc && r->got_line && r->rows == 0)
        rc = bdb_ossl_warn(c, r->got_line,
                  "the -multi children reported results but the parent's "
                  "summary after them is missing (truncated output?); the "
                  "children's partial figures are not imported");
    return rc;
}

/* A line that starts a run: the previous run ends here when it had rows. */
int bdb_ossl_run_boundary(ossl_ctx *c)
{
    if (c->run.rows == 0 && !c->run.pk && !c->run.nsizes)
        return BDB_OK;
    int rc = run_finish(c);
    if (rc)
        return rc;
    bdb_ossl_run_reset(&c->run);
    bdb_ossl_trace_reset(c);
    return BDB_OK;
}

void bdb_ossl_set_context(ossl_ctx *c)
{
    c->run.context = 1;
    c->any_context = 1;
}

/* The parameters every figure of the run carries; evp is 1 for an -evp
 * throughput row, 0 for another throughput row, -1 for a public-key row.
 * Returns BDB_ENOMEM or 0; a full parameter set is warned about once per
 * run. */
static int base_params(ossl_ctx *c, bdb_sample *s, int evp, const char *cluster,
                       int line)
{
    ossl_run *r = &c->run;
    /* sbc-bench runs `openssl speed -elapsed -evp aes-N-cbc` and lower-
     * cases what it prints (sbc-bench.sh, RunOpenSSLBenchmark()); only it
     * appends a "(cluster)" label to the rows */
    int sbc = c->sbcbench || (cluster && cluster[0]);
    if (sbc && evp >= 0)
        evp = 1;
    int full = 0, rc = 0;
    int multi = r->cmd_multi > r->children ? r->cmd_multi : r->children;
    if (r->per_child) {
        /* one child's figure (bdb_ossl_untabled()): not the -multi
         * run's */
        multi = 0;
        full |= bdb_params_set(&s->params, "parallel", "1") != 0;
        full |= bdb_params_set(&s->params, "elapsed", "1") != 0;
    }
    if (r->cmd_multi > 0 && r->children > r->cmd_multi && !r->multi_warned) {
        r->multi_warned = 1;
        rc = bdb_ossl_warn(c, line,
                  "the command line says -multi %d but the log shows %d "
                  "children; multi=%d is kept",
                  r->cmd_multi, r->children, r->children);
        if (rc)
            return rc;
    }
    if (multi > 0)
        full |= bdb_params_set(&s->params, "multi", "%d", multi) != 0;
    if (r->elapsed || multi > 0 || sbc)
        full |= bdb_params_set(&s->params, "elapsed", "1") != 0;
    if (r->cmd_seconds > 0) {
        int sec = r->printed_seconds > 0 ? r->printed_seconds : r->cmd_seconds;
        full |= bdb_params_set(&s->params, "seconds", "%d", sec) != 0;
    }
    /* -decrypt and -aead change only what the -evp cipher does */
    if (r->decrypt && evp > 0)
        full |= bdb_params_set(&s->params, "decrypt", "1") != 0;
    if ((r->aead || r->aead_header) && evp > 0)
        full |= bdb_params_set(&s->params, "aead", "1") != 0;
    if (r->mb)
        full |= bdb_params_set(&s->params, "mb", "1") != 0;
    if (r->misalign > 0)
        full |= bdb_params_set(&s->params, "misalign", "%d", r->misalign) != 0;
    if (r->async_jobs > 0)
        full |= bdb_params_set(&s->params, "async_jobs", "%d",
                               r->async_jobs) != 0;
    if (r->primes > 0)
        full |= bdb_params_set(&s->params, "primes", "%d", r->primes) != 0;
    if (evp > 0)
        full |= bdb_params_set(&s->params, "evp", "1") != 0;
    /* an engine or provider is another implementation (QAT offload, the
     * FIPS provider): never the same series as the default one */
    if (r->engine[0])
        full |= bdb_params_set(&s->params, "engine", "%s", r->engine) != 0;
    if (r->provider[0])
        full |= bdb_params_set(&s->params, "provider", "%s", r->provider) != 0;
    if (cluster && strcmp(cluster, "fully parallel") == 0) {
        /* one row per core, all cores at once: which core a row is from
         * the log does not say */
        full |= bdb_params_set(&s->params, "parallel", "1") != 0;
        if (!r->parallel_warned) {
            r->parallel_warned = 1;
            rc = bdb_ossl_warn(c, line,
                      "rows labelled \"(fully parallel)\" are one per core, "
                      "all run at once, and do not say which core (cores of "
                      "different kinds pool into one series); imported as "
                      "repetitions with parallel=1");
            if (rc)
                return rc;
        }
    } else if (cluster && cluster[0]) {
        full |= bdb_params_set(&s->params, "cluster", "%s", cluster) != 0;
    }
    if (full && !r->params_warned) {
        /* the set remembers the overflow, so the sink refuses these
         * figures rather than store them without a setting */
        r->params_warned = 1;
        rc = bdb_ossl_warn(c, line,
                  "the settings of this figure do not fit its parameters "
                  "(at most %d, values under %d bytes); figures with them "
                  "are not imported",
                  BDB_MAX_PARAMS, BDB_PARAM_VALUE_MAX);
    }
    return rc;
}

/* FNV-1a over a row's identity and figures. */
static uint64_t row_hash(const char *name, const char *cluster,
                         const double *v, int n)
{
    uint64_t h = 1469598103934665603ULL;
    const char *parts[2] = {name, cluster ? cluster : ""};
    for (int k = 0; k < 2; k++) {
        for (const char *p = parts[k]; *p; p++) {
            h ^= (unsigned char)*p;
            h *= 1099511628211ULL;
        }
        h ^= 0x1f;
        h *= 1099511628211ULL;
    }
    for (int i = 0; i < n; i++) {
        long long x = llround(v[i] * 100.0);
        for (int b = 0; b < 8; b++) {
            h ^= (unsigned char)(x >> (8 * b));
            h *= 1099511628211ULL;
        }
    }
    return h;
}

static int seen_has(const ossl_ctx *c, uint64_t h)
{
    for (size_t i = 0; i < c->nseen; i++)
        if (c->seen[i] == h)
            return 1;
    return 0;
}

static int seen_add(ossl_ctx *c, uint64_t h)
{
    if (c->nseen == c->seen_cap) {
        uint64_t *n = bdb_grow(c->seen, c->nseen, &c->seen_cap, sizeof *n, 64);
        if (!n)
            return BDB_ENOMEM;
        c->seen = n;
    }
    c->seen[c->nseen++] = h;
    return 0;
}

/* Emits one throughput row; v in bytes/s, bad[i] set for a figure that is
 * not a measurement (inf, nan, negative), printed as text[i]. */
int bdb_ossl_emit_throughput(ossl_ctx *c, const char *name, int evp,
                             const char *cluster, const double *sizes,
                             const double *v, const int *bad,
                             const ossl_tok *text, int n, int line)
{
    int good = 0, rc;
    for (int i = 0; i < n; i++)
        if (!bad[i] && v[i] > 0)
            good++;
    c->run.rows++;
    c->run.last_row_traced = 0;
    size_t traced = c->traced;
    if (!good) {
        int zeros = 1;
        for (int i = 0; i < n; i++)
            if (bad[i] || v[i] != 0)
                zeros = 0;
        if (zeros)
            return bdb_ossl_warn(c, line,
                        "%s: every figure is 0.00: speed did not run it (the "
                        "build lacks the algorithm, or it failed); not "
                        "imported",
                        name);
        return bdb_ossl_warn(c, line,
                    "%s: no figure of this row is a measurement (expected "
                    "positive figures, found inf, nan, negative or 0.00); "
                    "not imported",
                    name);
    }
    for (int i = 0; i < n; i++) {
        if (bad[i] || !(v[i] > 0)) {
            rc = bdb_ossl_warn(c, line,
                      "%s: the %.0f-byte figure is '%.*s', not a measurement "
                      "(expected a positive number); not imported",
                      name, sizes[i], (int)(text[i].end - text[i].p),
                      text[i].p);
            if (rc)
                return rc;
            continue;
        }
        bdb_sample s;
        bdb_sample_init(&s, name);
        rc = base_params(c, &s, evp, cluster, line);
        if (rc)
            return rc;
        if (bdb_params_set(&s.params, "block_size", "%.0f", sizes[i])) {
            rc = bdb_ossl_warn(c, line,
                               "%s: no room for the block_size parameter; "
                               "figure not imported",
                               name);
            if (rc)
                return rc;
            continue;
        }
        /* the column of its number: a row a "\" break continued (the
         * 16384-bytes column on the next line) gives each figure its
         * own line */
        if (line == c->line_no)
            bdb_sink_col(c->out, c->line_p, c->line_e, text[i].p);
        rc = bdb_sink_add(c->out, &s, "throughput", v[i], BDB_UNIT_BYTES_PER_S,
                          BDB_HIGHER_IS_BETTER, line);
        if (!rc)
            rc = bdb_ossl_trace_cipher(c, &s, name, sizes[i]);
        if (rc)
            return rc;
    }
    c->run.last_row_traced = c->traced > traced;
    return 0;
}

/* Emits rate + time pairs for a public-key row. rate[i] in op/s; what[i]
 * is the printed figure for the warning when rate[i] is not usable. */
int bdb_ossl_emit_pk(ossl_ctx *c, const char *name, const char *table,
                   const char *cluster, const char *const *ops,
                   const double *rate, const char *const *what, int n,
                   int bits, int line)
{
    char key[NAME_BUF];
    bdb_ossl_row_key(key, sizeof key, name, bits, table);
    c->run.rows++;
    c->run.last_row_traced = 0;
    size_t traced = c->traced;
    for (int i = 0; i < n; i++) {
        int rc;
        if (!(rate[i] > 0) || !isfinite(rate[i])) {
            rc = bdb_ossl_warn(c, line,
                      "%s: %s was not measured (printed %s: a failed or "
                      "unmeasured operation); not imported",
                      name, ops[i], what && what[i] ? what[i] : "no rate");
            if (rc)
                return rc;
            continue;
        }
        bdb_sample s;
        bdb_sample_init(&s, name);
        rc = base_params(c, &s, -1, cluster, line);
        if (rc)
            return rc;
        if (table && bdb_params_set(&s.params, "table", "%s", table)) {
            rc = bdb_ossl_warn(c, line,
                               "%s: no room for the table parameter; figure "
                               "not imported",
                               name);
            if (rc)
                return rc;
            continue;
        }
        char metric[BDB_METRIC_MAX];
        snprintf(metric, sizeof metric, "%s_per_sec", ops[i]);
        rc = bdb_sink_add(c->out, &s, metric, rate[i], BDB_UNIT_OPS_PER_S,
                          BDB_HIGHER_IS_BETTER, line);
        snprintf(metric, sizeof metric, "%s_time", ops[i]);
        if (!rc)
            rc = bdb_sink_add(c->out, &s, metric, 1.0 / rate[i],
                              BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER, line);
        snprintf(metric, sizeof metric, "%s_per_sec", ops[i]);
        if (!rc)
            rc = bdb_ossl_trace_pk(c, &s, metric, key, ops[i], bits);
        if (rc)
            return rc;
    }
    c->run.last_row_traced = c->traced > traced;
    return 0;
}

/* ---- version line --------------------------------------------------- */

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
static int version_line(ossl_ctx *c, const char *p, const char *end)
{
    const char *q = p;
    /* LibreSSL's speed (OpenBSD usr.bin/openssl/speed.c) is 1.0.1's: its
     * -mr public-key figures are seconds per operation */
    int libre = bdb_scan_lit(&q, end, "LibreSSL ", 0);
    if (!libre && !bdb_scan_lit(&q, end, "OpenSSL ", 0) &&
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
    int rc = bdb_ossl_run_boundary(c);
    if (rc)
        return rc;
    /* "LibreSSL 3.3.6" whole, never to be read as OpenSSL 3.3.6 */
    bdb_sink_set_version(c->out, libre ? p : w, wend);
    c->run.era = libre ? 1 : version_era(w, wend);
    bdb_ossl_set_context(c);
    return 1;
}

/* ---- tables ------------------------------------------------------------ */

/* "type   16 bytes  64 bytes ..." */
static int cipher_header(ossl_ctx *c, const char *p, const char *end, int line)
{
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    if (n < 3 || !bdb_span_eq(t[0].p, t[0].end, "type"))
        return 0;
    /* speed.c prints each size as "%7d bytes" with no blank before it:
     * from 1000000 on the number is glued to the "bytes" before it
     * ("102400 bytes1048576 bytes2097152 bytes", vendor builds that
     * measure MiB blocks) */
    double sizes[MAX_SIZES];
    int ns = 0;
    const char *q = t[0].end;
    for (;;) {
        q = bdb_skip_ws(q, end);
        if (q >= end)
            break;
        long long v;
        if (*q < '0' || *q > '9' || !bdb_scan_int(&q, end, &v) || v <= 0)
            return 0;
        q = bdb_skip_ws(q, end);
        if (!bdb_starts_with(q, end, "bytes"))
            return 0;
        q += 5;
        if (q < end && *q != ' ' && *q != '\t' && (*q < '0' || *q > '9'))
            return 0;
        if (ns == MAX_SIZES) {
            int rc = bdb_ossl_warn(c, line,
                          "a throughput header with more than %d block "
                          "sizes; this table is not imported",
                          MAX_SIZES);
            return rc ? rc : 1;
        }
        sizes[ns++] = (double)v;
    }
    if (ns == 0)
        return 0;
    ossl_run *r = &c->run;
    if (r->nsizes && r->sizes_line && r->header_rows == 0 && !r->sizes_mr) {
        int rc = bdb_ossl_warn(c, r->sizes_line,
                      "a throughput table header without rows (another "
                      "header follows at line %d)",
                      line);
        if (rc)
            return rc;
    }
    memcpy(r->sizes, sizes, sizeof sizes);
    r->nsizes = ns;
    r->sizes_line = line;
    r->sizes_mr = 0;
    r->header_rows = 0;
    /* aead_lengths_list[] of 3.x speed.c: { 2, 31, 136, 1024, 8K, 16K } */
    r->aead_header = ns >= 3 && sizes[0] == 2 && sizes[1] == 31 &&
                     sizes[2] == 136;
    bdb_ossl_set_context(c);
    return 1;
}

static int token_seq_eq(const ossl_tok *t, int n, const char *const *words)
{
    int i = 0;
    for (; words[i]; i++)
        if (i >= n || !bdb_span_eq(t[i].p, t[i].end, words[i]))
            return 0;
    return i == n;
}

static int pk_header(ossl_ctx *c, const char *p, const char *end, int line)
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
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
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
    ossl_run *r = &c->run;
    if (r->pk && r->pk_rows == 0) {
        int rc = bdb_ossl_warn(c, r->pk_line,
                      "a public-key table header without readable rows "
                      "(another header follows at line %d)",
                      line);
        if (rc)
            return rc;
    }
    r->pk = kind;
    r->pk_line = line;
    r->pk_rows = 0;
    bdb_ossl_set_context(c);
    return 1;
}

/* Reads a trailing run of numbers (suffix want_sfx) before position *at,
 * walking left; returns how many (stops at max). inf/nan read as 0. */
static int trailing(const ossl_tok *t, int *at, char want_sfx, double *v,
                    ossl_tok *vt, int max)
{
    int k = 0;
    while (*at > 0 && k < max) {
        double x = 0;
        char s;
        int r = bdb_ossl_tok_number(t[*at - 1], want_sfx ? "s" : "", &x, &s);
        if (r == NUM_INF)
            x = 0;
        if (r == NUM_BAD || s != want_sfx)
            break;
        (*at)--;
        k++;
        v[max - k] = x;
        vt[max - k] = t[*at];
    }
    return k;
}

/* "-1 512 bit public RSA's in 9.99s": the tail of a progress line whose
 * "Doing ..." head was cut off by an error stack. */
static int progress_tail(const ossl_tok *t, int n)
{
    if (n < 3 || !bdb_span_eq(t[n - 2].p, t[n - 2].end, "in"))
        return 0;
    double v;
    char s;
    return bdb_ossl_tok_number(t[n - 1], "s", &v, &s) == NUM_OK && s == 's';
}

/* A sentence's full stop an author typed after a row's last figure
 * ("rsa 2048 bits 0.001384s 0.000035s   724.1  28365.8.", Huawei's KAE
 * guide): dropped when what is left is a number with a decimal point of
 * its own (speed prints every figure with one: "%.1f", "%.2fk", "%fs"). */
static void drop_full_stop(ossl_tok *t, int n)
{
    if (n <= 0)
        return;
    ossl_tok *l = &t[n - 1];
    if (l->end - l->p < 4 || l->end[-1] != '.')
        return;
    ossl_tok cut = {l->p, l->end - 1};
    double v;
    char sfx;
    if (memchr(cut.p, '.', (size_t)(cut.end - cut.p)) &&
        bdb_ossl_tok_number(cut, "ks", &v, &sfx) == NUM_OK)
        *l = cut;
}

/* One row of a public-key table; returns 1 if consumed, 0 if the line is
 * not a row of it, BDB_ENOMEM. */
static int pk_row(ossl_ctx *c, const char *p, const char *end, int line,
                  int is_last, int whole_only)
{
    static const char *const ops_sign2[] = {"sign", "verify"};
    static const char *const ops_rsa4[] = {"sign", "verify", "encrypt",
                                           "decrypt"};
    static const char *const ops_op1[] = {"op"};
    static const char *const ops_kem[] = {"keygen", "encaps", "decaps"};
    static const char *const ops_sig3[] = {"keygen", "sign", "verify"};
    ossl_run *r = &c->run;
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
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    if (n <= 0 || progress_tail(t, n))
        return 0;
    drop_full_stop(t, n);
    char cluster[VALUE_BUF] = "";
    n -= suffix_label(t, n, cluster, sizeof cluster);
    double rates[4], times[4];
    ossl_tok rt[4], tt[4];
    int at = n;
    int nr = trailing(t, &at, 0, rates, rt, nops);
    int nt = trailing(t, &at, 's', times, tt, nops);
    if (nr == 0 && nt == 0)
        return 0; /* not a row: ends the table */
    if (whole_only && (nr != nops || nt != nops || at == 0))
        return 0;
    if (nr != nops || nt != nops || at == 0) {
        int rc = bdb_ossl_warn(c, line,
                      "expected a public-key row with %d times (\"0.001s\") "
                      "and %d rates after its name, as announced by the "
                      "header at line %d; row not imported%s",
                      nops, nops, r->pk_line,
                      is_last ? " (the capture ends inside it: truncated "
                                "output)"
                              : "");
        r->pk_rows++;
        return rc ? rc : 1;
    }
    /* the name */
    char name[NAME_BUF];
    const ossl_tok *l = t;
    int nl = at;
    char bits[32] = "";
    int nbits = 0;
    if (nl == 3 && (bdb_span_eq(l[0].p, l[0].end, "rsa") ||
                    bdb_span_eq(l[0].p, l[0].end, "dsa")) &&
        (bdb_span_eq(l[2].p, l[2].end, "bits") ||
         bdb_span_eq(l[2].p, l[2].end, "bit"))) {
        bdb_copy(bits, sizeof bits, l[1].p, l[1].end);
        snprintf(name, sizeof name, "%.3s%s", l[0].p, bits);
        nbits = atoi(bits);
    } else if (nl == 3 && bdb_span_eq(l[2].p, l[2].end, "ffdh")) {
        bdb_copy(bits, sizeof bits, l[0].p, l[0].end);
        snprintf(name, sizeof name, "ffdh%s", bits);
        nbits = atoi(bits);
    } else if (nl == 4 && (bdb_span_eq(l[1].p, l[1].end, "bits") ||
                           bdb_span_eq(l[1].p, l[1].end, "bit")) &&
               cluster_token(l[3])) {
        char alg[64], curve[BDB_BENCHMARK_MAX + 8];
        bdb_copy(bits, sizeof bits, l[0].p, l[0].end);
        nbits = atoi(bits);
        bdb_ossl_norm_name(alg, sizeof alg, l[2].p, l[2].end);
        bdb_ossl_norm_name(curve, sizeof curve, l[3].p + 1, l[3].end - 1);
        if (strcmp(alg, "eddsa") == 0)
            snprintf(name, sizeof name, "%s", curve);
        else
            snprintf(name, sizeof name, "%s-%s", alg, curve);
    } else if (nl == 1 && (r->pk == PK_KEM || r->pk == PK_SIG3)) {
        bdb_ossl_norm_name(name, sizeof name, l[0].p, l[0].end);
    } else {
        int rc = bdb_ossl_warn(c, line,
                      "unrecognised public-key row name (expected \"rsa "
                      "2048 bits\", \"256 bits ecdsa (nistp256)\", \"2048 "
                      "bits ffdh\" or an algorithm name); row not imported");
        r->pk_rows++;
        return rc ? rc : 1;
    }
    /* The more precise of each pair (time is 1/rate exactly). */
    double rate[4];
    char what[4][80];
    const char *whatp[4];
    for (int i = 0; i < nops; i++) {
        int sr = sig_digits(rt[i]), st = sig_digits(tt[i]);
        if ((sr >= 3 || sr >= st) && rates[i] > 0 && isfinite(rates[i]))
            rate[i] = rates[i];
        else if (times[i] > 0 && rates[i] >= 0)
            rate[i] = 1.0 / times[i];
        else
            rate[i] = 0;
        snprintf(what[i], sizeof what[i], "%.*s and %.*s",
                 (int)(tt[i].end - tt[i].p), tt[i].p,
                 (int)(rt[i].end - rt[i].p), rt[i].p);
        whatp[i] = what[i];
    }
    r->pk_rows++;
    int rc = bdb_ossl_emit_pk(c, name, table, cluster, ops, rate, whatp, nops,
                              nbits, line);
    return rc ? rc : 1;
}

/* A throughput row "name v1 v2 ... vN [(cluster)]". Returns 1 if consumed,
 * 0 if not a row, BDB_ENOMEM. is_last: nothing but blanks follows it in
 * the buffer, so a capture cut inside it leaves it short. */
static int cipher_row(ossl_ctx *c, const char *p, const char *end, int line,
                      int bare_ok, int is_last)
{
    /* sbc-bench's summary quotes rows in Markdown: "* `aes-256-cbc ...`" */
    int quoted = 0;
    if ((bdb_starts_with(p, end, "* `") || bdb_starts_with(p, end, "- `")) &&
        end - p > 4 && end[-1] == '`') {
        p += 3;
        end--;
        quoted = 1;
    }
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    if (n < 2 || !is_alpha(t[0].p[0]))
        return 0;
    drop_full_stop(t, n);
    int cut_last = 0; /* the capture ends inside the last token */
    if (is_last && n >= 3) {
        double x;
        int is_k;
        char sfx;
        ossl_tok l = t[n - 1];
        if (fig_token(l, &x, &is_k) == NUM_BAD &&
            bdb_ossl_tok_number(l, "k", &x, &sfx) == NUM_OK &&
            is_alpha(t[0].p[0])) {
            cut_last = 1; /* "1144324.1" of "1144324.10k" */
            n--;
        } else if (l.end[-1] != ')') {
            /* "(Cortex-A7" or "(Qualcomm Kryo": an open label after a
             * figure */
            for (int k = n - 1; k >= 2 && k >= n - 6; k--) {
                double y;
                int k2;
                if (memchr(t[k].p, ')', (size_t)(t[k].end - t[k].p)))
                    break;
                if (t[k].p[0] != '(')
                    continue;
                if (fig_token(t[k - 1], &y, &k2) != NUM_OK)
                    break;
                int rc = bdb_ossl_warn(c, line,
                              "the capture ends inside this row's cluster "
                              "label '%.*s' (truncated output); row not "
                              "imported",
                              (int)(l.end - t[k].p), t[k].p);
                c->run.rows++;
                return rc ? rc : 1;
            }
        }
    }
    char cluster[VALUE_BUF] = "";
    n -= suffix_label(t, n, cluster, sizeof cluster);
    double v[MAX_TOK];
    int bad[MAX_TOK];
    int nv = 0, has_k = 0, plain_big = 0, last_plain = 0, nbad = 0;
    int at = n;
    while (at > 1) {
        double x = 0;
        int is_k;
        int r = fig_token(t[at - 1], &x, &is_k);
        if (r == NUM_BAD)
            break;
        at--;
        bad[at] = r == NUM_INF || x < 0;
        nbad += bad[at];
        if (is_k) {
            x *= 1000.0; /* " %11.2fk" of results / 1e3 */
            has_k = 1;
        } else if (r == NUM_OK) {
            if (x > 10000)
                plain_big = 1; /* speed.c prints those with 'k' */
            if (at == n - 1)
                last_plain = 1;
        }
        v[at] = x;
        nv++;
    }
    ossl_run *r = &c->run;
    if (nv == 0) {
        /* figures with 'k' but something else after them: a row this
         * parser cannot read, not text around the output */
        int nk = 0;
        for (int i = 1; i < n; i++) {
            double x;
            int is_k;
            if (fig_token(t[i], &x, &is_k) == NUM_OK && is_k)
                nk++;
        }
        /* as many as the header has sizes: wrk's "Req/Sec 5.79k 4.48k
         * 17.64k 53.97%" in the same log is not one */
        int want = r->nsizes && !r->sizes_mr ? r->nsizes : 0;
        if (nk >= 2 && (nk == want || (bare_ok && !want &&
                                       (nk == 5 || nk == 6)))) {
            int rc = bdb_ossl_warn(c, line,
                          "a row of figures this parser cannot read "
                          "(expected a name, one figure per block size and "
                          "at most a \"(cluster)\" after them); not imported");
            r->rows++;
            return rc ? rc : 1;
        }
        return 0;
    }
    const double *sizes = NULL;
    int nsizes = 0, hline = 0;
    static const double std_sizes[] = {16, 64, 256, 1024, 8192, 16384};
    double one_size[1];
    if (r->nsizes && !r->sizes_mr) {
        sizes = r->sizes;
        nsizes = r->nsizes;
        hline = r->sizes_line;
    } else if (r->nkid_sizes) {
        sizes = r->kid_sizes;
        nsizes = r->nkid_sizes;
    } else if (r->cmd_bytes > 0 && nv == 1) {
        one_size[0] = r->cmd_bytes;
        sizes = one_size;
        nsizes = 1;
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
    /* A line of plain numbers is a row only under a header (0.00 rows),
     * and only when it has one figure per block size: speed prints a row
     * without any 'k' only for algorithms it did not run or that stay
     * under 10000 bytes/s, so a shorter one is some other text. */
    if (!has_k && !hline && !r->nkid_sizes && nbad < nv)
        return 0;
    if (!has_k && nv != nsizes)
        return 0;
    char name[NAME_BUF];
    bdb_ossl_norm_name(name, sizeof name, t[0].p, t[at - 1].end);
    int keep = nv; /* figures of the row that are whole */
    if (cut_last) {
        /* the cut token is already left out */
    } else if (has_k && last_plain && is_last) {
        /* the capture stops inside the last figure: "1144324.1" lost its
         * 'k' (and maybe digits) */
        keep = nv - 1;
    } else if (has_k && plain_big) {
        int rc = bdb_ossl_warn(c, line,
                      "%s: a figure above 10000 without its 'k' suffix "
                      "(speed prints those in 1000s with 'k'); row not "
                      "imported",
                      name);
        r->rows++;
        return rc ? rc : 1;
    }
    if (keep != nsizes) {
        if (is_last && keep < nsizes && keep > 0) {
            int rc = bdb_ossl_warn(c, line,
                          "%s: the capture ends inside this row (truncated "
                          "output): %d of its %d figures are complete and "
                          "kept",
                          name, keep, nsizes);
            if (rc)
                return rc;
        } else {
            int rc;
            if (hline)
                rc = bdb_ossl_warn(c, line,
                          "%s: expected %d figures (one per block size of "
                          "the header at line %d), found %d; row not "
                          "imported",
                          name, nsizes, hline, nv);
            else
                rc = bdb_ossl_warn(c, line,
                          "%s: expected %d figures (one per block size), "
                          "found %d; row not imported",
                          name, nsizes, nv);
            r->rows++;
            if (hline)
                r->header_rows++;
            return rc ? rc : 1;
        }
    } else if (keep < nv || cut_last) {
        int rc = bdb_ossl_warn(c, line,
                      "%s: the capture ends inside the last figure "
                      "(truncated output); it is not imported",
                      name);
        if (rc)
            return rc;
    }
    int evp = bdb_ossl_has_upper(t[0].p, t[at - 1].end) ||
              strcmp(name, "evp") == 0 ||
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
            int rc = bdb_ossl_warn(c, line,
                          "the summary row is labelled '%s' but holds the "
                          "sum of the children's '%s' figures; imported as "
                          "%s",
                          name, r->kids[match].name, r->kids[match].name);
            if (rc)
                return rc;
            snprintf(name, sizeof name, "%s", r->kids[match].name);
            evp = evp || r->kids[match].name[0] != '\0';
        }
    }
    uint64_t h = row_hash(name, cluster, v + at, keep);
    if (quoted && seen_has(c, h))
        return 1; /* the same row again, quoted in a summary */
    if (!quoted) {
        int rc = seen_add(c, h);
        if (rc)
            return rc;
    }
    if (hline)
        r->header_rows++;
    int rc = bdb_ossl_emit_throughput(c, name, evp, cluster, sizes, v + at,
                                      bad + at, t + at, keep, line);
    return rc ? rc : 1;
}

/* Lines speed prints when something went wrong: warnings at their line.
 * Returns 1 if the line was one, 0 if not, BDB_ENOMEM. */
static int error_line(ossl_ctx *c, const char *p, const char *end, int line)
{
    const char *alg = bdb_find(p, end, "Algorithm (");
    if (alg && bdb_contains(p, end, ":error:")) {
        alg += 11;
        const char *e = alg;
        while (e < end && *e != ' ' && *e != ')')
            e++;
        char name[96];
        bdb_copy(name, sizeof name, alg, e);
        int rc = bdb_ossl_warn(c, line,
                      "algorithm %s is not available in this build (%s)",
                      name,
                      bdb_contains(p, end, "unsupported") ? "unsupported"
                                                          : "fetch error");
        return rc ? rc : 1;
    }
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    /* "ECDH failure.", "RSA verify failure", "ECDSA sign failure", "ECDH
     * key generation failure.": short lines that end in "failure" */
    int short_failure =
        n > 0 && n <= 6 &&
        (bdb_span_eq(t[n - 1].p, t[n - 1].end, "failure") ||
         bdb_span_eq(t[n - 1].p, t[n - 1].end, "failure.") ||
         bdb_span_eq(t[n - 1].p, t[n - 1].end, "failure!"));
    const char *u = bdb_find(p, end, "Unknown algorithm");
    if (u || short_failure || bdb_starts_with(p, end, "speed: ") ||
        bdb_contains(p, end, ":error:") ||
        bdb_starts_with(p, end, "Couldn't init the context") ||
        bdb_contains(p, end, "is an unknown cipher or digest") ||
        bdb_contains(p, end, " failure.  No ") ||
        bdb_contains(p, end, "computations don't match") ||
        bdb_starts_with(p, end, "Don't understand line '") ||
        bdb_starts_with(p, end, "Unknown type '") ||
        bdb_starts_with(p, end, "Invalid cipher") ||
        bdb_starts_with(p, end, "Invalid digest")) {
        const char *why = "";
        if (u)
            why = " (the build lacks this algorithm)";
        else if (bdb_starts_with(p, end, "Couldn't init the context"))
            why = " (speed could not set up the -evp cipher: the build or "
                  "its loaded providers lack it)";
        int rc = bdb_ossl_warn(c, line, "%.*s%s",
                               (int)(end - p > 300 ? 300 : end - p), p, why);
        return rc ? rc : 1;
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

/* A mark an author put before some rows of a table to point them out
 * ("  >  md5   57078.16k ..." beside "     md4   65025.25k ..." in a
 * comment, "-> rsa 2048 bits 0.000676s ...", "* sha256 ..."): taken off
 * when a row follows it (a name, then figures to the line's end), so the
 * row reads as its neighbours do. */
static int row_mark(const char **p, const char *end)
{
    static const char *const marks[] = {"-->", "==>", "=>", "->", ">>", ">",
                                        "*", "+", "!"};
    const char *q = *p;
    if (q >= end || (end[-1] != 'k' && (end[-1] < '0' || end[-1] > '9')))
        return 0;
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        size_t n = strlen(marks[i]);
        if (!bdb_starts_with(q, end, marks[i]) || q + n >= end ||
            (q[n] != ' ' && q[n] != '\t'))
            continue;
        const char *r = bdb_skip_ws(q + n, end);
        if (r < end && is_alpha(*r)) {
            *p = r;
            return 1;
        }
        return 0;
    }
    return 0;
}

/* A progress line: checks its seconds against -seconds, and warns about a
 * failure it ends with ("Doing 512 bit public rsa's for 10s: RSA verify
 * failure"). */
static int progress_line(ossl_ctx *c, const char *p, const char *end, int line)
{
    ossl_run *r = &c->run;
    int sec = bdb_ossl_progress_seconds(p, end);
    if (sec > 0 && !r->printed_seconds) {
        r->printed_seconds = sec;
        if (r->cmd_seconds > 0 && sec != r->cmd_seconds &&
            !r->seconds_warned) {
            r->seconds_warned = 1;
            int rc = bdb_ossl_warn(c, line,
                          "the command line says -seconds %d but speed ran "
                          "for %ds; seconds=%d is kept",
                          r->cmd_seconds, sec, sec);
            if (rc)
                return rc;
        }
    }
    const char *colon = bdb_find(p, end, "s: ");
    if (bdb_starts_with(p, end, "Doing ") && colon) {
        const char *tail = colon + 3;
        const char *te = end;
        bdb_trim(&tail, &te);
        if (bdb_contains(tail, te, "failure") ||
            bdb_contains(tail, te, "error"))
            return bdb_ossl_warn(c, line, "%.*s",
                                 (int)(end - p > 300 ? 300 : end - p), p);
    }
    return 0;
}

/* What a progress line holds for the trace: a "Doing" line's result (its
 * time maybe wrapped onto the next line, which is then taken), an "+R"
 * result, the "+DT"/"+DTP" line the next "+R" is a result of. */
static int progress_result(ossl_ctx *c, bdb_lines *it, const char *p,
                           const char *end, int line)
{
    if (bdb_starts_with(p, end, "+DT")) {
        bdb_ossl_dt_line(c, p, end);
        return 0;
    }
    if (bdb_starts_with(p, end, "+R")) {
        int r = bdb_ossl_r_line(c, p, end, line);
        return r < 0 ? r : 0;
    }
    if (!bdb_starts_with(p, end, "Doing "))
        return 0;
    bdb_lines peek = *it;
    bdb_line next;
    int has_next = bdb_lines_next(&peek, &next);
    const char *np = has_next ? next.p : NULL, *ne = has_next ? next.end : NULL;
    if (has_next) {
        /* the wrapped line keeps the quoting the unwrapper left ("> ") */
        bdb_trim(&np, &ne);
    }
    int took = 0;
    size_t before = c->npts;
    int rc = bdb_ossl_doing_line(c, p, end, line, np, ne, &took);
    if (!rc && took)
        *it = peek;
    if (!rc && c->npts > before && bdb_ossl_last_point_repeats(c)) {
        /* the run started again before its table was printed: the first
         * one ends here, with the figures its results give */
        ossl_point again = c->pts[--c->npts];
        rc = run_finish(c);
        if (rc)
            return rc;
        bdb_ossl_run_reset(&c->run);
        bdb_ossl_trace_reset(c);
        c->pts[c->npts++] = again;  /* the reset keeps the buffer */
    }
    return rc;
}

/* 1 when only blanks follow pos in the buffer. */
/* SSLeay's public-key rows print times only, no header and no rates:
 * 0.5/0.6 print the private-key operation, "rsa %4d bits %7.3fs"; 0.7.3
 * prints sign and verify, the verify time without its 's' ("rsa  512 bits
 * 0.021s   0.003", Solaris 2.5.1 in 1997), and later SSLeay both with
 * it. Read as sign (and verify) times: rate = 1 / time. Returns 1 if the
 * line was one, 0 if not, BDB_ENOMEM. */
static int ssleay_pk_row(ossl_ctx *c, const char *p, const char *end, int line)
{
    static const char *const ops[] = {"sign", "verify"};
    ossl_tok t[8];
    int n = bdb_ossl_tokenize(p, end, t, 8);
    if (n != 4 && n != 5)
        return 0;
    if (!(bdb_span_eq(t[0].p, t[0].end, "rsa") ||
          bdb_span_eq(t[0].p, t[0].end, "dsa")) ||
        !(bdb_span_eq(t[2].p, t[2].end, "bits") ||
          bdb_span_eq(t[2].p, t[2].end, "bit")))
        return 0;
    const char *q = t[1].p;
    long long bits;
    if (!bdb_scan_int(&q, t[1].end, &bits) || q != t[1].end || bits <= 0 ||
        bits > 1000000)
        return 0;
    double times[2], rate[2];
    char what[2][40];
    const char *whatp[2];
    for (int i = 3; i < n; i++) {
        char sfx;
        /* the first time carries 's'; 0.7.3's second one does not */
        if (bdb_ossl_tok_number(t[i], "s", &times[i - 3], &sfx) != NUM_OK ||
            (i == 3 && sfx != 's'))
            return 0;
        rate[i - 3] = times[i - 3] > 0 ? 1.0 / times[i - 3] : 0;
        snprintf(what[i - 3], sizeof what[i - 3], "%.*s",
                 (int)(t[i].end - t[i].p), t[i].p);
        whatp[i - 3] = what[i - 3];
    }
    char name[NAME_BUF];
    snprintf(name, sizeof name, "%.3s%lld", t[0].p, bits);
    bdb_ossl_set_context(c);
    int rc = bdb_ossl_emit_pk(c, name, NULL, "", ops, rate, whatp, n - 3,
                              (int)bits, line);
    return rc ? rc : 1;
}

/* The tokens of [p, end) that are all throughput figures ("16870.06k",
 * "123.45"): their count, or -1 when another token is among them. */
static int figures_only(const char *p, const char *end, int *has_k)
{
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    *has_k = 0;
    for (int i = 0; i < n; i++) {
        double x;
        int k;
        if (fig_token(t[i], &x, &k) == NUM_BAD)
            return -1;
        *has_k |= k;
    }
    return n;
}

/* A throughput header hard-wrapped by a mail client or a narrow terminal:
 * "type 16 bytes 64 bytes 256 bytes 1024 bytes" and "8192 bytes 16384
 * bytes" on the next line. When the next line holds only "N bytes"
 * pairs, its sizes join the header's and the line is consumed. */
static void header_wrapped(ossl_ctx *c, bdb_lines *it)
{
    bdb_lines peek = *it;
    bdb_line next;
    if (!bdb_lines_next(&peek, &next))
        return;
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(next.p, next.end, t, MAX_TOK);
    ossl_run *r = &c->run;
    if (n < 2 || n % 2 || r->nsizes + n / 2 > MAX_SIZES)
        return;
    double sizes[MAX_SIZES];
    for (int i = 0; i < n; i += 2) {
        const char *q = t[i].p;
        long long v;
        if (!bdb_scan_int(&q, t[i].end, &v) || q != t[i].end || v <= 0 ||
            !bdb_span_eq(t[i + 1].p, t[i + 1].end, "bytes"))
            return;
        sizes[i / 2] = (double)v;
    }
    memcpy(r->sizes + r->nsizes, sizes, sizeof *sizes * (size_t)(n / 2));
    r->nsizes += n / 2;
    *it = peek;
}

/* Reads the line [p, end) joined with its continuation [cp, ce), printed
 * on cline (bdb_wrapped): as a throughput header when is_last < 0, else
 * as a whole public-key row (is_last: the capture ends after it). The
 * reader's result, or BDB_ENOMEM. */
static int read_joined(ossl_ctx *c, const char *p, const char *end,
                       const char *cp, const char *ce, int cline, int line,
                       int is_last)
{
    bdb_wrapped w;
    bdb_wrapped_init(&w);
    const char *jp, *je;
    int rc = bdb_wrapped_two(&w, p, end, " ", cp, ce, cline, &jp, &je);
    if (!rc)
        rc = is_last < 0 ? cipher_header(c, jp, je, line)
                         : pk_row(c, jp, je, line, is_last, 1);
    bdb_wrapped_free(&w);
    return rc;
}

/* A throughput header hard-wrapped inside a pair: "type 16 bytes ...
 * 1024 bytes 8192" and "bytes  16384 bytes" on the next line (a mail
 * quote wrapped at 76 columns). The two are read as one header (joined
 * with a blank, bdb_wrapped) and the next line is consumed. Returns 1 if
 * read, 0 if the line is not such a header, BDB_ENOMEM. */
static int header_cut(ossl_ctx *c, bdb_lines *it, const char *p,
                      const char *end, int line)
{
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    long long v;
    /* n is -1 for a line of more than MAX_TOK tokens */
    if (n < 2 || n % 2)
        return 0;
    const char *q = t[n - 1].p;
    if (!bdb_span_eq(t[0].p, t[0].end, "type") ||
        !bdb_scan_int(&q, t[n - 1].end, &v) || q != t[n - 1].end)
        return 0;
    bdb_lines peek;
    bdb_line next;
    const char *ce, *cp = bdb_wrapped_next(it, &peek, &next, &ce);
    if (!cp || !bdb_starts_with(cp, ce, "bytes"))
        return 0;
    int rc = read_joined(c, p, end, cp, ce, next.no, line, -1);
    if (rc > 0)
        *it = peek;
    return rc;
}

/* A throughput row hard-wrapped the same way: the name and the first
 * figures, then the rest of them alone on the next line ("AES-128-GCM
 * 8856.13k 13820.95k 17375.49k 16826.37k" / "16870.06k 17208.66k"). When
 * the two lines hold one figure per block size of the header, each part
 * is read at its own line and the next line is consumed. Returns 1 if
 * read, 0 if the line is not such a row, BDB_ENOMEM. */
static int row_wrapped(ossl_ctx *c, bdb_lines *it, const char *p,
                       const char *end, int line, int bare_ok)
{
    ossl_run *r = &c->run;
    if (!r->nsizes || r->sizes_mr || r->pk)
        return 0;
    ossl_tok t[MAX_TOK];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    if (n < 2 || !is_alpha(t[0].p[0]))
        return 0;
    int m = 0, k1 = 0;
    while (m < n - 1) {
        double x;
        int k;
        if (fig_token(t[n - 1 - m], &x, &k) == NUM_BAD)
            break;
        k1 |= k;
        m++;
    }
    if (m == 0 || m >= r->nsizes)
        return 0;
    bdb_lines peek = *it;
    bdb_line next;
    if (!bdb_lines_next(&peek, &next))
        return 0;
    int k2;
    const char *np = next.p, *ne = next.end;
    bdb_trim(&np, &ne);
    int rest = figures_only(np, ne, &k2);
    if (rest != r->nsizes - m || !(k1 || k2))
        return 0;
    /* the name with the second line's figures, for the second part */
    char joined[1024];
    int nl = (int)(t[n - m].p - p);
    if (nl + (ne - np) + 2 > (long)sizeof joined)
        return 0;
    snprintf(joined, sizeof joined, "%.*s %.*s", nl, p, (int)(ne - np), np);
    double saved[MAX_SIZES];
    int nsaved = r->nsizes;
    memcpy(saved, r->sizes, sizeof saved);
    r->nsizes = m;
    int rc = cipher_row(c, p, t[n - 1].end, line, bare_ok, 0);
    if (rc >= 0) {
        memmove(r->sizes, saved + m, sizeof *saved * (size_t)(nsaved - m));
        r->nsizes = nsaved - m;
        int rc2 = cipher_row(c, joined, joined + strlen(joined), next.no,
                             bare_ok, 0);
        rc = rc2 < 0 ? rc2 : rc;
    }
    memcpy(r->sizes, saved, sizeof saved);
    r->nsizes = nsaved;
    if (rc < 0)
        return rc;
    *it = peek;
    return 1;
}

static int only_blanks_after(const char *pos, const char *bufend)
{
    for (; pos < bufend; pos++)
        if (*pos != ' ' && *pos != '\t' && *pos != '\r' && *pos != '\n')
            return 0;
    return 1;
}

/* A public-key row hard-wrapped after its times: "rsa 1024 bits
 * 0.000086s 0.000006s" and its rates "11638.9 155734.6" alone on the
 * next line. The two are read as one row (joined with a blank,
 * bdb_wrapped) at the first line, where the row's name and times are,
 * and the next line is consumed. Returns 1 if read, 0 if the line is not
 * such a row, BDB_ENOMEM. */
static int pk_wrapped(ossl_ctx *c, bdb_lines *it, const char *p,
                      const char *end, int line, const char *bufend)
{
    ossl_tok t[MAX_TOK], vt[4];
    double v[4];
    int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
    int at = n;
    if (n <= 0 || progress_tail(t, n) || trailing(t, &at, 0, v, vt, 4))
        return 0;
    int nt = trailing(t, &at, 's', v, vt, 4);
    if (nt == 0 || at == 0)
        return 0;
    bdb_lines peek;
    bdb_line next;
    const char *ce, *cp = bdb_wrapped_next(it, &peek, &next, &ce);
    /* the next line: the rates alone, one per time */
    ossl_tok rt[5];
    int nr = cp ? bdb_ossl_tokenize(cp, ce, rt, 5) : 0, rat = nr;
    if (!cp || nr != nt || trailing(rt, &rat, 0, v, vt, 4) != nt)
        return 0;
    int rc = read_joined(c, p, end, cp, ce, next.no, line,
                         only_blanks_after(next.end, bufend));
    if (rc > 0) {
        *it = peek;
        /* the rates were read with the row, at its first line */
        int rc2 = bdb_sink_cover(c->out, next.no, next.no);
        if (rc2)
            return rc2;
    }
    return rc;
}

static int parse_lines(ossl_ctx *c, const char *buf, size_t len)
{
    int forced = c->opts && c->opts->forced;
    bdb_lines it;
    bdb_line ln;
    bdb_lines_init(&it, buf, len);
    int rc;
    while (bdb_lines_next(&it, &ln)) {
        const char *p = ln.p, *end = ln.end;
        c->line_p = ln.p, c->line_e = ln.end, c->line_no = ln.no;
        bdb_trim(&p, &end);
        int bare_ok = forced;
        if (rep_marker(&p, end)) {
            /* "#N :" + a bare row is seed 000's script layout: the marker
             * makes the row unambiguous even without --tool. */
            bare_ok = 1;
            rc = run_finish(c);
            if (rc)
                return rc;
            bdb_ossl_run_reset(&c->run);
            bdb_ossl_trace_reset(c);
            p = bdb_skip_ws(p, end);
        }
        row_mark(&p, end);
        if (p >= end)
            continue;
        int r = 0;
        if (bdb_starts_with(p, end, "Doing ") ||
            bdb_starts_with(p, end, "+DT") || bdb_starts_with(p, end, "+DN") ||
            bdb_starts_with(p, end, "+R")) {
            /* stderr progress: starts a run when one is complete */
            rc = bdb_ossl_run_boundary(c);
            if (rc)
                return rc;
            bdb_ossl_set_context(c);
            rc = progress_line(c, p, end, ln.no);
            if (rc)
                return rc;
            rc = progress_result(c, &it, p, end, ln.no);
            if (rc)
                return rc;
            continue;
        }
        if ((r = bdb_ossl_result_line(c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (bdb_starts_with(p, end, "sbc-bench v") ||
            bdb_starts_with(p, end, "Executing benchmark twice on cluster") ||
            bdb_starts_with(
                p, end, "Executing benchmark on each cluster individually")) {
            c->sbcbench = 1;
            continue;
        }
        if (bdb_starts_with(p, end, "You have chosen to measure elapsed")) {
            rc = bdb_ossl_run_boundary(c);
            if (rc)
                return rc;
            c->run.elapsed = 1;
            bdb_ossl_set_context(c);
            continue;
        }
        if (bdb_starts_with(p, end, "Forked child ")) {
            if (c->run.rows) {
                rc = bdb_ossl_run_boundary(c);
                if (rc)
                    return rc;
            }
            const char *q = p + 13;
            long long k;
            if (bdb_scan_int(&q, end, &k) && k >= 0 && k < 1000000 &&
                k + 1 > c->run.children)
                c->run.children = (int)(k + 1);
            bdb_ossl_set_context(c);
            continue;
        }
        if (bdb_starts_with(p, end, "Got: ")) {
            if (c->run.rows) {
                rc = bdb_ossl_run_boundary(c);
                if (rc)
                    return rc;
            }
            rc = bdb_ossl_got_line(c, p + 5, end, ln.no);
            if (rc)
                return rc;
            continue;
        }
        if ((r = version_line(c, p, end)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if ((r = bdb_ossl_command_line(c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (bdb_starts_with(p, end, "built on") ||
            bdb_starts_with(p, end, "options:") ||
            bdb_starts_with(p, end, "compiler:") ||
            bdb_starts_with(p, end, "CPUINFO:") ||
            bdb_starts_with(p, end, "platform:")) {
            bdb_ossl_set_context(c);
            continue;
        }
        /* 1.1.1's setup_engine() prints 'engine "X" set.', 3.x's
         * 'Engine "X" set.' */
        if ((bdb_starts_with(p, end, "engine \"") ||
             bdb_starts_with(p, end, "Engine \"")) &&
            bdb_contains(p, end, "\" set.")) {
            /* 'engine "qatengine" set.': the engine the run really used */
            rc =
                bdb_ossl_run_boundary(c); /* it starts a run, as "Doing" does */
            if (rc)
                return rc;
            const char *a = p + 8, *b = bdb_find(a, end, "\" set.");
            char eng[VALUE_BUF];
            bdb_copy(eng, sizeof eng, a, b);
            if (c->run.engine[0] && strcmp(eng, c->run.engine) != 0) {
                rc = bdb_ossl_warn(c, ln.no,
                          "the command line says -engine %s but speed set "
                          "engine %s; engine=%s is kept",
                          c->run.engine, eng, eng);
                if (rc)
                    return rc;
            }
            snprintf(c->run.engine, sizeof c->run.engine, "%s", eng);
            bdb_ossl_set_context(c);
            continue;
        }
        if (bdb_starts_with(p, end, "The 'numbers' are in 1000s")) {
            bdb_ossl_set_context(c);
            continue;
        }
        if (bdb_starts_with(p, end, "+H:")) {
            double sizes[MAX_SIZES];
            int ns = bdb_ossl_mr_sizes(p, end, sizes);
            if (ns <= 0) {
                rc = bdb_ossl_warn(c, ln.no,
                          ns < 0 ? "a -mr \"+H:\" line with more than 16 "
                                   "block sizes; not read"
                                 : "malformed -mr \"+H:\" line (expected "
                                   "block sizes); not read");
                if (rc)
                    return rc;
                continue;
            }
            rc = bdb_ossl_run_boundary(c);
            if (rc)
                return rc;
            memcpy(c->run.sizes, sizes, sizeof sizes);
            c->run.nsizes = ns;
            c->run.sizes_mr = 1;
            c->run.sizes_line = ln.no;
            bdb_ossl_set_context(c);
            continue;
        }
        if (bdb_starts_with(p, end, "+F:")) {
            char name[NAME_BUF];
            double v[MAX_SIZES + 1];
            int bad[MAX_SIZES + 1];
            int upper;
            int nv = bdb_ossl_mr_f(p, end, name, sizeof name, v, bad, &upper);
            const double *sizes =
                c->run.sizes_mr ? c->run.sizes : c->run.kid_sizes;
            int ns = c->run.sizes_mr ? c->run.nsizes : c->run.nkid_sizes;
            static const double std_sizes[] = {16, 64, 256, 1024, 8192, 16384};
            double one_size[1];
            if (ns == 0 && nv == 1 && c->run.cmd_bytes > 0) {
                one_size[0] = c->run.cmd_bytes;
                sizes = one_size;
                ns = 1;
            } else if (ns == 0 && (nv == 5 || nv == 6)) {
                sizes = std_sizes;
                ns = nv;
            }
            bdb_ossl_set_context(c);
            if (nv <= 0 || nv != ns) {
                rc = bdb_ossl_warn(c, ln.no,
                          "malformed -mr \"+F:\" line (expected index:name "
                          "and %d figures, one per block size); not "
                          "imported",
                          ns);
                c->run.rows++;
                if (rc)
                    return rc;
                continue;
            }
            int evp = upper || (c->run.evp[0] && strcmp(name, c->run.evp) == 0);
            if (strcmp(name, "evp") == 0) {
                evp = 1;
                if (c->run.evp[0])
                    snprintf(name, sizeof name, "%s", c->run.evp);
            }
            ossl_tok text[MAX_SIZES + 1];
            ossl_tok f[MAX_SIZES + 4];
            int nf = bdb_ossl_split_colon(p, end, f, MAX_SIZES + 3);
            for (int i = 0; i < nv; i++)
                text[i] = i + 3 < nf ? f[i + 3] : f[0];
            rc = bdb_ossl_emit_throughput(c, name, evp, NULL, sizes, v, bad,
                                          text, nv, ln.no);
            if (rc)
                return rc;
            continue;
        }
        if (bdb_starts_with(p, end, "+F") && p + 2 < end && p[2] >= '0' &&
            p[2] <= '9') {
            r = bdb_ossl_mr_pk(c, p, end, ln.no);
            if (r < 0)
                return r;
            if (r > 0) {
                bdb_ossl_set_context(c);
                continue;
            }
        }
        if ((r = error_line(c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if ((r = cipher_header(c, p, end, ln.no)) != 0 ||
            (r = header_cut(c, &it, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            header_wrapped(c, &it);
            c->run.pk = PK_NONE;
            c->run.pk_ended = PK_NONE;
            continue;
        }
        if ((r = pk_header(c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (c->run.pk &&
            (r = pk_wrapped(c, &it, p, end, ln.no, buf + len)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if (c->run.pk) {
            r = pk_row(c, p, end, ln.no, only_blanks_after(ln.end, buf + len),
                       0);
            if (r < 0)
                return r;
            if (r > 0)
                continue;
            if (c->run.pk_rows) {
                c->run.pk_ended = c->run.pk;
                c->run.pk = PK_NONE; /* the table ended */
            }
        } else if (c->run.pk_ended) {
            /* a whole row of the table that ended, after text that told
             * what changed: the table goes on without its header */
            c->run.pk = c->run.pk_ended;
            r = pk_row(c, p, end, ln.no, only_blanks_after(ln.end, buf + len),
                       1);
            if (r < 0)
                return r;
            if (r > 0)
                continue;
            c->run.pk = PK_NONE;
        }
        if (!c->run.pk && (r = ssleay_pk_row(c, p, end, ln.no)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        if ((r = row_wrapped(c, &it, p, end, ln.no, bare_ok)) != 0) {
            if (r < 0)
                return r;
            continue;
        }
        r = cipher_row(c, p, end, ln.no, bare_ok,
                       only_blanks_after(ln.end, buf + len));
        if (r < 0)
            return r;
        /* anything else is text around the tool's output: skipped */
    }
    return run_finish(c);
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    ossl_ctx c;
    memset(&c, 0, sizeof c);
    c.opts = opts;
    c.out = out;
    c.diag = diag;
    c.mr_era_hint = bdb_ossl_mr_era_hint(buf, len);
    size_t before = out->n;
    int rc = parse_lines(&c, buf, len);
    free(c.seen);
    bdb_ossl_trace_free(&c);
    if (rc == BDB_ERANGE)
        return bdb_diag_set(diag, rc, 0,
                            "too many figures in one file (the sink's cap "
                            "of samples was reached)");
    if (rc)
        return bdb_diag_set(diag, rc, 0, "%s", bdb_strerror(rc));
    if (out->n == before && !c.any_context && opts && opts->forced)
        return bdb_diag_set(diag, BDB_EPARSE, 0,
                            "not openssl speed output (expected a 'type 16 "
                            "bytes ...' table, public-key tables, -mr '+F' "
                            "lines or the rows a script kept)");
    if (out->n == before && out->nnotes == 0)
        return bdb_sink_warn(out, 0,
                             "expected openssl speed figures (a 'type 16 "
                             "bytes ...' table with rows, public-key tables "
                             "or -mr '+F' lines); found none")
                   ? bdb_diag_set(diag, BDB_ENOMEM, 0, "out of memory")
                   : BDB_OK;
    return BDB_OK;
}

/* ---- detection ----------------------------------------------------------- */

/* A row of 5 or 6 "123.45k" figures has a 'k' in each: a line with fewer
 * is not one, and is not tokenised (detection looks at every line). */
static int has_k_figures(const char *p, const char *end)
{
    int n = 0;
    while (n < 5 && p < end && (p = memchr(p, 'k', (size_t)(end - p)))) {
        n++;
        p++;
    }
    return n >= 5;
}

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
            ossl_tok t[MAX_TOK];
            int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
            if (n >= 3 && n % 2 == 1 &&
                bdb_span_eq(t[2].p, t[2].end, "bytes"))
                s = 90;
        } else if (bdb_starts_with(p, end, "Got: +F") ||
                   bdb_starts_with(p, end, "Got: +H:"))
            s = 90;
        else if (bdb_starts_with(p, end, "+H:") ||
                 bdb_starts_with(p, end, "+F:") ||
                 bdb_starts_with(p, end, "+F2:") ||
                 bdb_starts_with(p, end, "+DTP:") ||
                 (bdb_starts_with(p, end, "+DT:") &&
                  bdb_contains(p + 4, end, ":")))
            s = 80; /* "+DT:" too: a -multi child's lines cut before the
                       parent's "Got:" and "+F:" (a capture's head) */
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
                  bdb_starts_with(p, end, "LibreSSL ") ||
                  bdb_starts_with(p, end, "version: ")) &&
                 p + 8 < end)
            version = 1;
        else if (has_k_figures(p, end)) {
            ossl_tok t[MAX_TOK];
            int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
            char label[VALUE_BUF];
            n -= suffix_label(t, n, label, sizeof label);
            int nk = 0;
            for (int i = n - 1; i >= 1; i--) {
                double v;
                char sfx;
                if (bdb_ossl_tok_number(t[i], "k", &v, &sfx) != NUM_OK ||
                    sfx != 'k')
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

const bdb_parser bdb_parser_openssl_speed = {"openssl-speed", 2, sniff,
                                               parse, 0, 0, 0};
