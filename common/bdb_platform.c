/* bdb_platform.c - platform helpers. */
#include "bdb_platform.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT(f) {#f, 0, offsetof(bdb_platform, f), sizeof(((bdb_platform *)0)->f), 0}
#define NUMBER(f) {#f, 1, offsetof(bdb_platform, f), sizeof(double), 0}
#define COUNT(f) {#f, 1, offsetof(bdb_platform, f), sizeof(double), 1}

/* Every number is above 0: a platform with 0 cores or drawing 0 W would
 * divide the efficiency figures by zero; unknown is left out, not 0. */
static const bdb_platform_field fields[] = {
    TEXT(name), TEXT(arch), TEXT(cpu), COUNT(cores), COUNT(threads),
    NUMBER(freq_mhz), NUMBER(memory_gb), TEXT(os), TEXT(kernel),
    NUMBER(price_usd), NUMBER(power_w), NUMBER(idle_power_w),
    NUMBER(rent_usd_month), TEXT(notes), TEXT(price_currency),
    TEXT(price_date), TEXT(price_source), NUMBER(rent_usd_hour),
};

const bdb_platform_field *bdb_platform_fields(size_t *n)
{
    *n = sizeof fields / sizeof fields[0];
    return fields;
}

const bdb_platform_field *bdb_platform_field_find(const char *name)
{
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(fields[i].name, name) == 0)
            return &fields[i];
    return NULL;
}

int bdb_platform_field_set(bdb_platform *p, const bdb_platform_field *f,
                           const char *text, char *why, size_t whysz)
{
    char *at = (char *)p + f->offset;
    if (f->is_number) {
        char *end;
        errno = 0;
        double v = strtod(text, &end);
        if (end == text || *end || errno == ERANGE || !isfinite(v)) {
            snprintf(why, whysz, "%s '%s' is not a number", f->name, text);
            return -1;
        }
        if (!(v > 0) || (f->whole && v != floor(v))) {
            snprintf(why, whysz, "%s wants a %snumber above 0, not '%s'",
                     f->name, f->whole ? "whole " : "", text);
            return -1;
        }
        memcpy(at, &v, sizeof v);
        return 0;
    }
    if (strlen(text) >= f->size) {
        snprintf(why, whysz, "%s '%.40s...' is longer than %zu bytes",
                 f->name, text, f->size - 1);
        return -1;
    }
    if (strcmp(f->name, "arch") == 0)
        bdb_platform_canonical_arch(text, at, (unsigned)f->size);
    else
        memcpy(at, text, strlen(text) + 1);
    return 0;
}

void bdb_platform_clear(bdb_platform *p)
{
    memset(p, 0, sizeof *p);
    p->cores = p->threads = p->freq_mhz = p->memory_gb = NAN;
    p->price_usd = p->power_w = p->idle_power_w = p->rent_usd_month = NAN;
    p->rent_usd_hour = NAN;
}

void bdb_platform_canonical_arch(const char *in, char *out, unsigned outsz)
{
    static const struct { const char *alias, *canon; } table[] = {
        {"arm64", "aarch64"}, {"aarch64", "aarch64"}, {"armv8", "aarch64"},
        {"amd64", "x86_64"}, {"x86-64", "x86_64"}, {"x64", "x86_64"},
        {"x86_64", "x86_64"}, {"armv7", "armv7l"}, {"armv7l", "armv7l"},
        {"armhf", "armv7l"}, {"armv6", "armv6l"}, {"armv6l", "armv6l"},
        {"e2k", "e2k"}, {"elbrus", "e2k"}, {"i386", "i686"}, {"i486", "i686"},
        {"i586", "i686"}, {"i686", "i686"}, {"x86", "i686"},
        {"riscv64", "riscv64"}, {"ppc64le", "ppc64le"}, {"ppc64", "ppc64"},
    };
    char low[64];
    size_t n = 0;
    for (; in && in[n] && n < sizeof low - 1; n++)
        low[n] = (char)tolower((unsigned char)in[n]);
    low[n] = '\0';
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(low, table[i].alias) == 0) {
            snprintf(out, outsz, "%s", table[i].canon);
            return;
        }
    }
    snprintf(out, outsz, "%s", low);
}
