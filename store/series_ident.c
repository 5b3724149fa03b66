/* series_ident.c - a series' 64-bit identity key (see series_ident.h). */
#include "series_ident.h"

#include <string.h>

static uint32_t word_of(bdb_sha256 *c)
{
    unsigned char d[32];
    bdb_sha256_final(c, d);
    return (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 | (uint32_t)d[2] << 8 |
           (uint32_t)d[3];
}

/* two's complement, as PostgreSQL's bit(64)::bigint reads it */
static long long key_of(uint32_t high, uint32_t low)
{
    uint64_t u = (uint64_t)high << 32 | low;
    return u <= (uint64_t)INT64_MAX ? (long long)u : -(long long)(~u) - 1;
}

/* m's state and high half for the texts of the shared part. */
static void shared(bdb_ident_memo *m, const char *tool,
                   const char *benchmark, const char *params)
{
    bdb_sha256 head;
    bdb_sha256_init(&head);
    bdb_sha256_update(&head, tool, strlen(tool));
    bdb_sha256_update(&head, "\x1f", 1);
    bdb_sha256_update(&head, benchmark, strlen(benchmark));
    m->state = head;
    m->high = word_of(&head);
    bdb_sha256_update(&m->state, "\x1f", 1);
    bdb_sha256_update(&m->state, params, strlen(params));
    bdb_sha256_update(&m->state, "\x1f", 1);
}

long long bdb_series_ident(const char *tool, const char *benchmark,
                           const char *metric, const char *params)
{
    bdb_ident_memo m;
    shared(&m, tool, benchmark, params);
    bdb_sha256_update(&m.state, metric, strlen(metric));
    return key_of(m.high, word_of(&m.state));
}

long long bdb_series_ident_memo(bdb_ident_memo *m, const char *tool,
                                const char *benchmark, const char *metric,
                                const char *params)
{
    size_t lt = strlen(tool), lb = strlen(benchmark), lp = strlen(params);
    size_t len = lt + lb + lp + 2;
    int same = m->len && m->len == len &&
               memcmp(m->text, tool, lt) == 0 && m->text[lt] == '\x1f' &&
               memcmp(m->text + lt + 1, benchmark, lb) == 0 &&
               m->text[lt + 1 + lb] == '\x1f' &&
               memcmp(m->text + lt + lb + 2, params, lp) == 0;
    if (!same) {
        shared(m, tool, benchmark, params);
        m->len = 0;
        if (len < sizeof m->text) {
            memcpy(m->text, tool, lt);
            m->text[lt] = '\x1f';
            memcpy(m->text + lt + 1, benchmark, lb);
            m->text[lt + 1 + lb] = '\x1f';
            memcpy(m->text + lt + lb + 2, params, lp);
            m->len = len;
        }
    }
    bdb_sha256 c = m->state;
    bdb_sha256_update(&c, metric, strlen(metric));
    return key_of(m->high, word_of(&c));
}
