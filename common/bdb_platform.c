/* bdb_platform.c - platform helpers. */
#include "bdb_platform.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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
