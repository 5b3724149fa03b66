/* params_ignore.c - parameters left out of a series' identity
 * (--ignore-param); see params_ignore.h. */
#include "params_ignore.h"

#include <stdio.h>
#include <string.h>

#include "../common/bdb_buf.h"

char *bdb_params_ignore(const char *params, const char *const *keys,
                        size_t nkeys)
{
    bdb_buf b;
    bdb_buf_init(&b);
    for (const char *p = params; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        const char *eq = memchr(p, '=', n);
        size_t kl = eq ? (size_t)(eq - p) : n;
        int drop = 0;
        for (size_t i = 0; i < nkeys; i++)
            drop |= strlen(keys[i]) == kl && strncmp(keys[i], p, kl) == 0;
        if (!drop) {
            if (b.len)
                bdb_buf_puts(&b, ",");
            bdb_buf_append(&b, p, n);
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    if (!b.data)
        bdb_buf_puts(&b, "");
    if (b.err) {
        bdb_buf_free(&b);
        return NULL;
    }
    return bdb_buf_detach(&b, NULL);
}

void bdb_params_ignore_list(const char *const *keys, size_t nkeys, char *out,
                            size_t n)
{
    size_t len = 0;
    if (n)
        out[0] = '\0';
    for (size_t i = 0; i < nkeys && len + 1 < n; i++) {
        int w = snprintf(out + len, n - len, "%s%s", i ? ", " : "", keys[i]);
        if (w < 0)
            break;
        len += (size_t)w < n - len ? (size_t)w : n - len - 1;
    }
}
