/* path_pattern.c - matching '{name}' patterns against file paths with
 * backtracking (a capture may be followed by literals that also occur
 * inside it: 'ssl_m{multi}_{benchmark}.txt' on 'ssl_m4_aes-256-cbc.txt'). */
#include "path_pattern.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <string.h>

#define MAX_CAPS 16

typedef struct caps {
    int n;
    char name[MAX_CAPS][BDB_PARAM_KEY_MAX];
    const char *start[MAX_CAPS];
    size_t len[MAX_CAPS];
} caps;

int bdb_path_pattern_check(const char *pattern, char *why, size_t whysz)
{
    int ncaps = 0;
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
            if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= '0' && *c <= '9') || *c == '_' || *c == '*')) {
                snprintf(why, whysz, "bad character '%c' in a name", *c);
                return -1;
            }
        }
        if (++ncaps > MAX_CAPS) {
            snprintf(why, whysz, "more than %d names", MAX_CAPS);
            return -1;
        }
        p = close;
    }
    return 0;
}

static int match_here(const char *pat, const char *s, caps *c)
{
    if (!*pat)
        return *s == '\0';
    if (*pat == '{') {
        const char *close = strchr(pat, '}');
        if (!close || c->n >= MAX_CAPS)
            return 0;
        int slot = c->n++;
        size_t nl = (size_t)(close - pat - 1);
        memcpy(c->name[slot], pat + 1, nl);
        c->name[slot][nl] = '\0';
        /* Try the shortest capture first, so literals bind early. */
        for (size_t len = 1; s[len - 1] && s[len - 1] != '/'; len++) {
            c->start[slot] = s;
            c->len[slot] = len;
            if (match_here(close + 1, s + len, c))
                return 1;
        }
        c->n--;
        return 0;
    }
    if (*pat != *s)
        return 0;
    return match_here(pat + 1, s + 1, c);
}

int bdb_path_pattern_match(const char *pattern, const char *path,
                           bdb_path_match *m)
{
    memset(m, 0, sizeof *m);
    for (const char *start = path; start; ) {
        caps c = {0};
        if (match_here(pattern, start, &c)) {
            for (int i = 0; i < c.n; i++) {
                char value[BDB_PARAM_VALUE_MAX];
                size_t n = c.len[i] < sizeof value - 1 ? c.len[i]
                                                       : sizeof value - 1;
                memcpy(value, c.start[i], n);
                value[n] = '\0';
                if (strcmp(c.name[i], "platform") == 0)
                    bdb_copy(m->platform, sizeof m->platform, value, value + strlen(value));
                else if (strcmp(c.name[i], "benchmark") == 0)
                    bdb_copy(m->benchmark, sizeof m->benchmark, value, value + strlen(value));
                else if (strcmp(c.name[i], "*") != 0)
                    bdb_params_set(&m->params, c.name[i], "%s", value);
            }
            return 1;
        }
        const char *slash = strchr(start, '/');
        start = slash ? slash + 1 : NULL;
    }
    return 0;
}
