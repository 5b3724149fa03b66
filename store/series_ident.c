/* series_ident.c - a series' 64-bit identity key (see series_ident.h). */
#include "series_ident.h"
#include "../common/bdb_sha256.h"

#include <stdint.h>
#include <string.h>

long long bdb_series_ident(const char *tool, const char *benchmark,
                           const char *metric, const char *params)
{
    const char *parts[4] = {tool, benchmark, metric, params};
    bdb_sha256 whole, head;
    bdb_sha256_init(&whole);
    for (int i = 0; i < 4; i++) {
        if (i)
            bdb_sha256_update(&whole, "\x1f", 1);
        bdb_sha256_update(&whole, parts[i], strlen(parts[i]));
        if (i == 1)
            head = whole;
    }
    unsigned char h[32], w[32];
    bdb_sha256_final(&head, h);
    bdb_sha256_final(&whole, w);
    uint64_t u = (uint64_t)h[0] << 56 | (uint64_t)h[1] << 48 |
                 (uint64_t)h[2] << 40 | (uint64_t)h[3] << 32 |
                 (uint64_t)w[0] << 24 | (uint64_t)w[1] << 16 |
                 (uint64_t)w[2] << 8 | (uint64_t)w[3];
    return u <= (uint64_t)INT64_MAX ? (long long)u : -(long long)(~u) - 1;
}
