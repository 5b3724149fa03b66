/* bdb_shell.c - quoting words for sh (see bdb_shell.h). */
#include "bdb_shell.h"

#include <string.h>

static int plain(const char *w)
{
    if (!*w)
        return 0;
    for (const char *c = w; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9') || strchr("@%+=:,./_-", *c)))
            return 0;
    return 1;
}

size_t bdb_shell_quote(const char *word, char *out, size_t outsz)
{
    size_t need = 0;
#define PUT(ch)                                                              \
    do {                                                                     \
        if (need + 1 < outsz)                                                \
            out[need] = (ch);                                                \
        need++;                                                              \
    } while (0)
    if (plain(word)) {
        for (const char *c = word; *c; c++)
            PUT(*c);
    } else {
        PUT('\'');
        for (const char *c = word; *c; c++) {
            if (*c == '\'') {
                PUT('\'');
                PUT('\\');
                PUT('\'');
                PUT('\'');
            } else {
                PUT(*c);
            }
        }
        PUT('\'');
    }
#undef PUT
    if (outsz)
        out[need < outsz ? need : outsz - 1] = '\0';
    return need;
}
