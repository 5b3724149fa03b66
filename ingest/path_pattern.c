/* path_pattern.c - matching '{name}' patterns against file paths (see
 * path_pattern.h). A capture may be followed by literals that also occur
 * inside it ('ssl_m{multi}_{benchmark}.txt' on 'ssl_m4_aes-256-cbc.txt'),
 * so matching searches; a table of the (pattern, path) positions already
 * known to fail keeps that search polynomial. */
#include "path_pattern.h"
#include "../common/bdb_scan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Capture names that describe the machine rather than the measurement. */
static const char *const platform_captures[] = {
    "arch", "freq_mhz", "cores", "threads", "cpu", "memory_gb", "os",
    "kernel", NULL};

static int valid_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '*';
}

int bdb_path_pattern_check(const char *pattern, char *why, size_t whysz)
{
    int ncaps = 0;
    const char *prev_close = NULL;
    for (const char *p = pattern; *p; p++) {
        if (*p == '}') {
            snprintf(why, whysz, "'}' without '{' at offset %d",
                     (int)(p - pattern));
            return -1;
        }
        if (*p != '{')
            continue;
        const char *close = strchr(p, '}');
        if (!close) {
            snprintf(why, whysz, "'{' without '}' at offset %d",
                     (int)(p - pattern));
            return -1;
        }
        if (close == p + 1 || close - p - 1 >= BDB_PARAM_KEY_MAX) {
            snprintf(why, whysz, "empty or too long name at offset %d",
                     (int)(p - pattern));
            return -1;
        }
        for (const char *c = p + 1; c < close; c++) {
            if (!valid_name_char(*c)) {
                snprintf(why, whysz, "bad character '%c' in a name", *c);
                return -1;
            }
        }
        if (prev_close && prev_close + 1 == p) {
            snprintf(why, whysz, "two captures side by side at offset %d: "
                     "put a literal between them", (int)(p - pattern));
            return -1;
        }
        if (++ncaps > BDB_PATH_MAX_CAPS) {
            snprintf(why, whysz, "more than %d names", BDB_PATH_MAX_CAPS);
            return -1;
        }
        prev_close = close;
        p = close;
    }
    return 0;
}

typedef struct matcher {
    const char *pat, *str;
    size_t plen, slen;
    uint8_t *failed;            /* (plen+1) x (slen+1) bits */
    int n;
    const char *start[BDB_PATH_MAX_CAPS];
    size_t len[BDB_PATH_MAX_CAPS];
    const char *name[BDB_PATH_MAX_CAPS];
    size_t name_len[BDB_PATH_MAX_CAPS];
} matcher;

static int known_failure(const matcher *m, size_t pi, size_t si)
{
    size_t bit = pi * (m->slen + 1) + si;
    return m->failed[bit / 8] >> (bit % 8) & 1;
}

static void mark_failure(matcher *m, size_t pi, size_t si)
{
    size_t bit = pi * (m->slen + 1) + si;
    m->failed[bit / 8] |= (uint8_t)(1u << (bit % 8));
}

/* Does pat[pi..] match str[si..] to its end? The captures made on the way
 * depend only on pi, so a failure at (pi, si) is a failure every time. */
static int match_at(matcher *m, size_t pi, size_t si)
{
    while (pi < m->plen && m->pat[pi] != '{') {
        if (si >= m->slen || m->pat[pi] != m->str[si])
            return 0;
        pi++;
        si++;
    }
    if (pi == m->plen)
        return si == m->slen;
    if (known_failure(m, pi, si))
        return 0;
    const char *close = strchr(m->pat + pi, '}');
    size_t next = (size_t)(close - m->pat) + 1;
    int slot = m->n++;
    m->name[slot] = m->pat + pi + 1;
    m->name_len[slot] = (size_t)(close - m->pat) - pi - 1;
    /* The shortest capture first, so that literals bind early. */
    for (size_t len = 1; si + len <= m->slen && m->str[si + len - 1] != '/';
         len++) {
        m->start[slot] = m->str + si;
        m->len[slot] = len;
        if (match_at(m, next, si + len))
            return 1;
    }
    m->n--;
    mark_failure(m, pi, si);
    return 0;
}

static int is_platform_capture(const char *name)
{
    for (const char *const *p = platform_captures; *p; p++)
        if (strcmp(*p, name) == 0)
            return 1;
    return 0;
}

static int take_captures(const matcher *mt, bdb_path_match *m, char *why,
                         size_t whysz)
{
    for (int i = 0; i < mt->n; i++) {
        char name[BDB_PARAM_KEY_MAX];
        bdb_copy(name, sizeof name, mt->name[i], mt->name[i] + mt->name_len[i]);
        if (strcmp(name, "*") == 0)
            continue;
        if (mt->len[i] >= BDB_BENCHMARK_MAX) {
            snprintf(why, whysz, "{%s} captures %zu bytes, more than %d",
                     name, mt->len[i], BDB_BENCHMARK_MAX - 1);
            return -1;
        }
        bdb_path_capture *c = &m->caps[m->ncaps++];
        memcpy(c->name, name, sizeof c->name);
        bdb_copy(c->value, sizeof c->value, mt->start[i],
                 mt->start[i] + mt->len[i]);
        if (strcmp(name, "platform") == 0) {
            if (strlen(c->value) >= sizeof m->platform) {
                snprintf(why, whysz, "{platform} captures '%.40s...', longer "
                         "than %zu bytes", c->value, sizeof m->platform - 1);
                return -1;
            }
            memcpy(m->platform, c->value, strlen(c->value) + 1);
        } else if (strcmp(name, "benchmark") == 0) {
            memcpy(m->benchmark, c->value, strlen(c->value) + 1);
        } else if (is_platform_capture(name)) {
            if (bdb_platform_field_set(&m->fields,
                                       bdb_platform_field_find(name),
                                       c->value, why, whysz))
                return -1;
            m->nfields++;
        } else if (bdb_params_set(&m->params, name, "%s", c->value)) {
            snprintf(why, whysz, "{%s}: %s", name,
                     bdb_overflow_text(m->params.overflow));
            return -1;
        }
    }
    return 0;
}

int bdb_path_pattern_match(const char *pattern, const char *path,
                           bdb_path_match *m, char *why, size_t whysz)
{
    memset(m, 0, sizeof *m);
    bdb_platform_clear(&m->fields);
    matcher mt = {.pat = pattern, .plen = strlen(pattern)};
    size_t bytes = 0;
    for (const char *start = path; start;) {
        mt.str = start;
        mt.slen = strlen(start);
        size_t need = ((mt.plen + 1) * (mt.slen + 1) + 7) / 8;
        if (need > bytes) {
            uint8_t *f = realloc(mt.failed, need);
            if (!f) {
                free(mt.failed);
                snprintf(why, whysz, "out of memory matching the path pattern");
                return -1;
            }
            mt.failed = f;
            bytes = need;
        }
        memset(mt.failed, 0, need);
        mt.n = 0;
        if (match_at(&mt, 0, 0)) {
            int rc = take_captures(&mt, m, why, whysz);
            free(mt.failed);
            return rc ? -1 : 1;
        }
        const char *slash = strchr(start, '/');
        start = slash ? slash + 1 : NULL;
    }
    free(mt.failed);
    return 0;
}

int bdb_path_is_template(const char *s)
{
    const char *open = s ? strchr(s, '{') : NULL;
    return open && strchr(open, '}') != NULL;
}

int bdb_path_template_expand(const char *tmpl, const bdb_path_match *m,
                             char *out, size_t outsz, char *why,
                             size_t whysz)
{
    size_t used = 0;
    for (const char *p = tmpl; *p;) {
        const char *piece = p, *piece_end;
        size_t n;
        if (*p == '{' && strchr(p, '}')) {
            const char *close = strchr(p, '}');
            char name[BDB_PARAM_KEY_MAX];
            bdb_copy(name, sizeof name, p + 1, close);
            const char *value = NULL;
            for (int i = 0; i < m->ncaps && !value; i++)
                if (strcmp(m->caps[i].name, name) == 0)
                    value = m->caps[i].value;
            if (!value) {
                snprintf(why, whysz, "--platform '%s' uses {%s}, which the "
                         "path pattern did not capture", tmpl, name);
                return -1;
            }
            piece = value;
            piece_end = value + strlen(value);
            p = close + 1;
        } else {
            piece_end = p + 1;
            p++;
        }
        n = (size_t)(piece_end - piece);
        if (used + n >= outsz) {
            snprintf(why, whysz, "--platform '%s' expands to more than %zu "
                     "bytes", tmpl, outsz - 1);
            return -1;
        }
        memcpy(out + used, piece, n);
        used += n;
    }
    out[used] = '\0';
    return 0;
}
