/* canon.c - canonical parameter names and values (see canon.h). */
#include "canon.h"
#include "../common/bdb_scan.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A number followed by a unit word: the number's end and the word. */
static int number_and_word(const char *text, double *v, const char **word)
{
    char *end;
    if (!isdigit((unsigned char)text[0]) && text[0] != '.')
        return 0;
    *v = strtod(text, &end);
    if (end == text || !isfinite(*v) || *v < 0)
        return 0;
    while (*end == ' ')
        end++;
    *word = end;
    return 1;
}

int bdb_canon_bytes(const char *text, int si_with_b, double *bytes)
{
    double v;
    const char *w;
    if (!number_and_word(text, &v, &w))
        return 0;
    static const struct {
        char letter;
        int power;
    } prefixes[] = {{'k', 1}, {'m', 2}, {'g', 3}, {'t', 4}, {'p', 5}};
    if (!*w || strcasecmp(w, "b") == 0) {
        *bytes = v;
        return 1;
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (tolower((unsigned char)w[0]) != prefixes[i].letter)
            continue;
        const char *rest = w + 1;
        double base;
        if (!*rest || strcmp(rest, "iB") == 0 || strcmp(rest, "ib") == 0)
            base = 1024;
        else if (strcasecmp(rest, "b") == 0)
            base = si_with_b ? 1000 : 1024;
        else
            return 0;
        *bytes = v * pow(base, prefixes[i].power);
        return 1;
    }
    return 0;
}

static int canon_seconds(const char *text, double *s)
{
    double v;
    const char *w;
    if (!number_and_word(text, &v, &w))
        return 0;
    static const struct {
        const char *word;
        double scale;
    } units[] = {{"", 1}, {"s", 1}, {"sec", 1}, {"ms", 1e-3}, {"us", 1e-6},
                 {"m", 60}, {"min", 60}, {"h", 3600}, {"d", 86400}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcasecmp(w, units[i].word) == 0) {
            *s = v * units[i].scale;
            return 1;
        }
    return 0;
}

static int canon_bool(const char *text, int *b)
{
    static const char *const yes[] = {"1", "yes", "on", "true", "y", NULL};
    static const char *const no[] = {"0", "no", "off", "false", "n", NULL};
    for (const char *const *p = yes; *p; p++)
        if (strcasecmp(text, *p) == 0)
            return (*b = 1), 1;
    for (const char *const *p = no; *p; p++)
        if (strcasecmp(text, *p) == 0)
            return (*b = 0), 1;
    return 0;
}

static void put_number(double v, char *out, size_t outsz)
{
    if (v == floor(v) && fabs(v) < 1e15)
        snprintf(out, outsz, "%.0f", v);
    else
        snprintf(out, outsz, "%.15g", v);
}

/* The value in the parameter's form; unchanged text when it is not in a
 * form the parameter knows (the identity keeps what it was given). */
static void canon_value(const bdb_tool *t, const bdb_tool_param *p,
                        const char *value, char *out, size_t outsz)
{
    double v;
    int b;
    char *end;
    switch (p ? p->form : BDB_FORM_TEXT) {
    case BDB_FORM_BYTES:
        if (bdb_canon_bytes(value, t && strcmp(t->name, "dd") == 0, &v)) {
            put_number(v, out, outsz);
            return;
        }
        break;
    case BDB_FORM_INTEGER: {
        long long n = strtoll(value, &end, 10);
        if (end != value && !*end) {
            snprintf(out, outsz, "%lld", n);
            return;
        }
        break;
    }
    case BDB_FORM_SECONDS:
        if (canon_seconds(value, &v)) {
            put_number(v, out, outsz);
            return;
        }
        break;
    case BDB_FORM_BOOL:
        if (canon_bool(value, &b)) {
            snprintf(out, outsz, "%d", b);
            return;
        }
        break;
    case BDB_FORM_URL:
    case BDB_FORM_TEXT:
        break;
    }
    bdb_strlcpy(out, outsz, value);
}

/* scheme://host[:port][/path]: the parts, each "" when absent. */
typedef struct url_parts {
    char host[BDB_PARAM_VALUE_MAX], port[16], path[BDB_PARAM_VALUE_MAX];
} url_parts;

static void split_url(const char *url, url_parts *u)
{
    memset(u, 0, sizeof *u);
    const char *p = strstr(url, "://");
    const char *scheme = url;
    size_t slen = p ? (size_t)(p - url) : 0;
    p = p ? p + 3 : url;
    const char *slash = strchr(p, '/');
    size_t hn = slash ? (size_t)(slash - p) : strlen(p);
    const char *colon = memchr(p, ':', hn);
    if (p[0] == '[') {      /* [::1]:8080 */
        const char *close = memchr(p, ']', hn);
        colon = close && close + 1 < p + hn && close[1] == ':' ? close + 1
                                                               : NULL;
    }
    size_t host_n = colon ? (size_t)(colon - p) : hn;
    snprintf(u->host, sizeof u->host, "%.*s", (int)host_n, p);
    if (colon)
        snprintf(u->port, sizeof u->port, "%.*s",
                 (int)(hn - host_n - 1), colon + 1);
    else if (slen == 5 && strncasecmp(scheme, "https", 5) == 0)
        snprintf(u->port, sizeof u->port, "443");
    else if (slen == 4 && strncasecmp(scheme, "http", 4) == 0)
        snprintf(u->port, sizeof u->port, "80");
    snprintf(u->path, sizeof u->path, "%s", slash ? slash : "/");
}

int bdb_canon_param(const bdb_tool *t, const char *key, const char *value,
                    char *kout, size_t ksz, char *vout, size_t vsz,
                    bdb_param_role *role)
{
    const char *k = key;
    while (*k == '-')
        k++;
    const bdb_tool_param *p = bdb_tool_param_find(t, k);
    *role = p ? p->role : BDB_ROLE_IDENTITY;
    if (p && p->form == BDB_FORM_URL) {
        url_parts u;
        split_url(value, &u);
        snprintf(kout, ksz, "path");
        bdb_strlcpy(vout, vsz, u.path);
        *role = BDB_ROLE_IDENTITY;
        return 1;
    }
    /* copies, not snprintf: its parsing of "%s" was most of this
     * function, called for every parameter of every record */
    bdb_strlcpy(kout, ksz, p ? p->name : k);
    canon_value(t, p, value, vout, vsz);
    return strcmp(kout, key) != 0 || strcmp(vout, value) != 0;
}

static void meta_put(bdb_params *meta, const char *key, const char *value)
{
    if (!meta)
        return;
    const char *have = bdb_params_get(meta, key);
    if (have && strcmp(have, value) == 0)
        return;
    if (have || bdb_params_set(meta, key, "%s", value))
        meta->overflow |= BDB_OVER_PARAMS;
}

int bdb_canon_params(const bdb_tool *t, bdb_params *ps, bdb_params *meta)
{
    bdb_params in;
    bdb_sample_copy_params(&in, ps);
    bdb_params out;
    out.n = 0;
    out.overflow = ps->overflow;
    int changed = 0;
    /* canonical spellings first, so that they win over other spellings */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < in.n; i++) {
            const bdb_param *kv = &in.kv[i];
            char k[BDB_PARAM_KEY_MAX], v[BDB_PARAM_VALUE_MAX];
            bdb_param_role role;
            int c = bdb_canon_param(t, kv->key, kv->value, k, sizeof k, v,
                                    sizeof v, &role);
            int as_written = strcmp(k, kv->key) == 0;
            if (as_written != (pass == 0))
                continue;
            changed |= c;
            const bdb_tool_param *tp = bdb_tool_param_find(t, kv->key);
            if (tp && tp->form == BDB_FORM_URL) {
                url_parts u;
                split_url(kv->value, &u);
                if (u.host[0])
                    meta_put(meta, "host", u.host);
                if (u.port[0])
                    meta_put(meta, "port", u.port);
            }
            if (role != BDB_ROLE_IDENTITY) {
                meta_put(meta, k, v);
                changed = 1;
                continue;
            }
            const char *have = bdb_params_get(&out, k);
            if (have) {
                changed = 1;
                if (strcmp(have, v) != 0)
                    meta_put(meta, kv->key, kv->value);
                continue;
            }
            /* a set that refuses the key marks its overflow: the sink
             * then refuses the figure with a warning */
            (void)bdb_params_set(&out, k, "%s", v);
        }
    }
    if (changed)
        bdb_sample_copy_params(ps, &out);
    return changed;
}
