/* bdb_utf8.c - validating and repairing UTF-8 (see bdb_utf8.h). */
#include "bdb_utf8.h"

#include <stdlib.h>
#include <string.h>

/* Length of the valid sequence at s (at most len bytes), 0 if invalid. */
static size_t seq_len(const unsigned char *s, size_t len)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned min;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    unsigned cp = c & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

int bdb_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = seq_len(p + i, len - i);
        if (!n)
            return 0;
        i += n;
    }
    return 1;
}

size_t bdb_utf8_repair(const char *s, char *out, size_t outsz)
{
    static const char repl[] = "\xef\xbf\xbd";
    const unsigned char *p = (const unsigned char *)s;
    size_t len = strlen(s), need = 0;
    for (size_t i = 0; i < len;) {
        size_t n = seq_len(p + i, len - i);
        const char *piece = n ? s + i : repl;
        size_t pn = n ? n : 3;
        if (need + pn < outsz)
            memcpy(out + need, piece, pn);
        need += pn;
        i += n ? n : 1;
    }
    if (outsz)
        out[need < outsz ? need : outsz - 1] = '\0';
    return need;
}

char *bdb_utf8_dup(const char *s)
{
    size_t need = bdb_utf8_repair(s, NULL, 0);
    char *out = malloc(need + 1);
    if (out)
        bdb_utf8_repair(s, out, need + 1);
    return out;
}
