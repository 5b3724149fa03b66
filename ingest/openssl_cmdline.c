/* openssl_cmdline.c - the `openssl speed` command line a capture keeps
 * (after a prompt, sudo, time, set -x's "+", an echo, a time stamp or in a
 * Markdown code span) read as OpenSSL's opt_next() reads it, and the
 * seconds the progress lines announce, for the run's parameters (see
 * parse_openssl_speed.c). */
#include <stdio.h>
#include <string.h>

#include "../common/bdb_scan.h"
#include "cmdline.h"
#include "openssl_speed_internal.h"

/* A positive integer argument, or 0. */
static int int_arg(const char *s)
{
    const char *p = s, *end = s + strlen(s);
    long long v;
    if (!bdb_scan_int(&p, end, &v) || p != end || v <= 0 || v > 100000000)
        return 0;
    return (int)v;
}

/* Options of `openssl speed` that take an argument, from speed_options[]
 * of apps/speed.c (1.1.1 to 3.5); the others are flags. */
static int takes_arg(const char *name)
{
    static const char *const with_arg[] = {
        "multi",  "seconds",  "bytes", "evp",           "hmac",
        "cmac",   "misalign", "async_jobs", "engine",   "primes",
        "rand",   "writerand", "provider-path", "provider", "propquery",
        NULL};
    for (int i = 0; with_arg[i]; i++)
        if (strcmp(name, with_arg[i]) == 0)
            return 1;
    return 0;
}

/* An elliptic-curve algorithm of speed's command line, as its row
 * names it: "ecdsap256" is "ecdsa-nistp256" (256 bits), "ecdhk283"
 * "ecdh-nistk283", "ecdsabrp384r1" "ecdsa-brainpoolp384r1" (apps/speed.c
 * ecdsa_choices[] / ecdh_choices[]); X25519 and X448 are named by their
 * bits already. */
static void curve_operand(ossl_run *r, const char *a)
{
    const char *alg = strncmp(a, "ecdsa", 5) == 0  ? "ecdsa"
                      : strncmp(a, "ecdh", 4) == 0 ? "ecdh"
                                                   : NULL;
    if (!alg)
        return;
    const char *c = a + strlen(alg);
    if (!*c) {
        r->cmd_all_curves = 1;
        return;
    }
    const char *family = NULL;
    if (strncmp(c, "brp", 3) == 0) {
        family = "brainpoolp";
        c += 3;
    } else if (c[0] == 'p' || c[0] == 'k' || c[0] == 'b') {
        family = c[0] == 'p' ? "nistp" : c[0] == 'k' ? "nistk" : "nistb";
        c++;
    } else {
        return;
    }
    int bits = 0;
    const char *d = c;
    while (*d >= '0' && *d <= '9' && bits < 100000)
        bits = bits * 10 + (*d++ - '0');
    if (bits <= 0 || d == c || strlen(d) > 2)
        return;
    char name[sizeof r->cmd_curves[0].name];
    snprintf(name, sizeof name, "%s-%s%s", alg, family, c);
    for (int i = 0; i < r->ncmd_curves; i++)
        if (strcmp(r->cmd_curves[i].name, name) == 0)
            return; /* named twice: speed runs it once */
    if (r->ncmd_curves == OSSL_CMD_CURVES) {
        r->cmd_curves_dropped = 1;
        return;
    }
    memcpy(r->cmd_curves[r->ncmd_curves].name, name, sizeof name);
    r->cmd_curves[r->ncmd_curves++].bits = bits;
}

/* Walks speed's options the way OpenSSL's opt_next() does: "-name",
 * "--name", "-name=value" or "-name value". */
static void speed_options(ossl_run *r, const bdb_cmdline *cmd)
{
    for (int i = 2; i < cmd->argc; i++) {
        const char *a = cmd->argv[i];
        if (a[0] != '-' || !a[1]) {
            curve_operand(r, a); /* an algorithm */
            continue;
        }
        a++;
        if (*a == '-')
            a++;
        char name[64];
        const char *eq = strchr(a, '=');
        size_t nl = eq ? (size_t)(eq - a) : strlen(a);
        if (nl >= sizeof name)
            continue;
        memcpy(name, a, nl);
        name[nl] = '\0';
        const char *val = NULL;
        if (eq)
            val = eq + 1;
        else if (takes_arg(name) && i + 1 < cmd->argc)
            val = cmd->argv[++i];
        if (strcmp(name, "elapsed") == 0)
            r->elapsed = 1;
        else if (strcmp(name, "decrypt") == 0)
            r->decrypt = 1;
        else if (strcmp(name, "aead") == 0)
            r->aead = 1;
        else if (strcmp(name, "mb") == 0)
            r->mb = 1;
        else if (!val)
            continue;
        else if (strcmp(name, "multi") == 0)
            r->cmd_multi = int_arg(val);
        else if (strcmp(name, "seconds") == 0)
            r->cmd_seconds = int_arg(val);
        else if (strcmp(name, "bytes") == 0)
            r->cmd_bytes = int_arg(val);
        else if (strcmp(name, "misalign") == 0)
            r->misalign = int_arg(val);
        else if (strcmp(name, "async_jobs") == 0)
            r->async_jobs = int_arg(val);
        else if (strcmp(name, "primes") == 0)
            r->primes = int_arg(val);
        else if (strcmp(name, "evp") == 0)
            bdb_ossl_norm_name(r->evp, sizeof r->evp, val, val + strlen(val));
        else if (strcmp(name, "engine") == 0)
            snprintf(r->engine, sizeof r->engine, "%s", val);
        else if (strcmp(name, "provider") == 0) {
            size_t l = strlen(r->provider);
            snprintf(r->provider + l, sizeof r->provider - l, "%s%s",
                     l ? "+" : "", val);
        }
    }
}

/* "openssl speed -multi 2 -evp aes-128-cbc ...", after a prompt, sudo,
 * time, set -x's "+", an echo, or a time stamp ("2026-07-14 15:13:21
 * ./apps/openssl speed ..."). Returns 1 when the line is such a command,
 * 0 when not, BDB_ENOMEM. */
int bdb_ossl_command_line(ossl_ctx *c, const char *p, const char *end, int line)
{
    static const char *const tools[] = {"openssl", NULL};
    if (!bdb_contains(p, end, "openssl"))
        return 0;
    bdb_cmdline cmd;
    int r = bdb_cmdline_parse_line(p, end, tools, &cmd);
    if (r == 0) {
        /* a time stamp or other text before the command, or Markdown's
         * `openssl speed ...`: start at the word that ends in "openssl"
         * when "speed" follows it */
        ossl_tok t[MAX_TOK];
        int n = bdb_ossl_tokenize(p, end, t, MAX_TOK);
        for (int i = 0; i + 1 < n; i++) {
            size_t l = (size_t)(t[i].end - t[i].p);
            if (l < 7 || memcmp(t[i].end - 7, "openssl", 7) != 0 ||
                !bdb_span_eq(t[i + 1].p, t[i + 1].end, "speed"))
                continue;
            const char *from = t[i].p, *to = end;
            char before = l > 7 ? t[i].end[-8] : 0;
            if (before == '`') {
                from = t[i].end - 7;
                const char *close = memchr(from, '`', (size_t)(end - from));
                if (close)
                    to = close;
            } else if (i == 0 || (before && before != '/')) {
                continue;
            }
            r = bdb_cmdline_parse_line(from, to, tools, &cmd);
            break;
        }
    }
    if (r < 0)
        return BDB_ENOMEM;
    if (r == 0)
        return 0;
    if (cmd.argc < 2 || strcmp(cmd.argv[1], "speed") != 0) {
        bdb_cmdline_free(&cmd);
        return 0;
    }
    int rc = bdb_ossl_run_boundary(c);
    if (rc) {
        bdb_cmdline_free(&cmd);
        return rc;
    }
    ossl_run *rs = &c->run;
    if (rs->cmd_line) {
        /* a second command before any figure: the first one printed
         * nothing that was kept */
        bdb_ossl_run_reset(rs);
    }
    rs->cmd_line = line;
    speed_options(rs, &cmd);
    bdb_cmdline_free(&cmd);
    bdb_ossl_set_context(c);
    return 1;
}

/* The seconds a progress line announces: "Doing md5 for 3s on 16 size
 * blocks", "Doing 2048 bits private rsa's for 10s", "+DT:md5:3:16",
 * "+DTP:2048:private:rsa:10". 0 when it says none. */
int bdb_ossl_progress_seconds(const char *p, const char *end)
{
    const char *f = bdb_find(p, end, " for ");
    if (bdb_starts_with(p, end, "Doing ") && f) {
        const char *q = f + 5;
        long long s;
        if (bdb_scan_int(&q, end, &s) && q < end && *q == 's' && s > 0 &&
            s < 1000000)
            return (int)s;
        return 0;
    }
    ossl_tok fl[8];
    int n = 0;
    const char *s = p;
    for (const char *q = p; n < 8; q++) {
        if (q == end || *q == ':') {
            fl[n].p = s;
            fl[n].end = q;
            n++;
            s = q + 1;
            if (q == end)
                break;
        }
    }
    int at = -1;
    if (n >= 4 && bdb_span_eq(fl[0].p, fl[0].end, "+DT"))
        at = n - 2;
    else if (n >= 5 && bdb_span_eq(fl[0].p, fl[0].end, "+DTP"))
        at = n - 1;
    if (at < 1)
        return 0;
    const char *q = fl[at].p;
    long long v;
    if (bdb_scan_int(&q, fl[at].end, &v) && q == fl[at].end && v > 0 &&
        v < 1000000)
        return (int)v;
    return 0;
}
