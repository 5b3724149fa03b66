/* bdb_units.c - prefix and unit arithmetic for the parsers. */
#include "bdb_units.h"
#include "bdb_scan.h"

#include <string.h>

size_t bdb_units_prefix(const char *p, const char *end, int base, double *mult)
{
    static const char letters[] = "kKMGTPE";
    *mult = 1.0;
    if (p >= end)
        return 0;
    const char *hit = strchr(letters, *p);
    if (!hit || *p == '\0')
        return 0;
    int power = (*p == 'k' || *p == 'K') ? 1 : (int)(hit - letters);
    size_t used = 1;
    double b = base;
    if (p + 1 < end && p[1] == 'i') {
        b = 1024.0;
        used = 2;
    }
    double m = 1.0;
    for (int i = 0; i < power; i++)
        m *= b;
    *mult = m;
    return used;
}

int bdb_units_time(const char *p, const char *end, double *to_seconds)
{
    static const struct { const char *name; double secs; } table[] = {
        {"ns", 1e-9}, {"nsec", 1e-9}, {"us", 1e-6}, {"usec", 1e-6},
        {"\xC2\xB5s", 1e-6}, {"\xCE\xBCs", 1e-6}, {"ms", 1e-3},
        {"msec", 1e-3}, {"s", 1.0}, {"sec", 1.0}, {"secs", 1.0},
        {"second", 1.0}, {"seconds", 1.0}, {"m", 60.0}, {"min", 60.0},
        {"mins", 60.0}, {"minutes", 60.0}, {"h", 3600.0}, {"hr", 3600.0},
        {"hours", 3600.0},
    };
    bdb_trim(&p, &end);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (bdb_span_eq(p, end, table[i].name)) {
            *to_seconds = table[i].secs;
            return 0;
        }
    }
    return -1;
}

int bdb_units_size(const char *p, const char *end, int base, double *mult,
                   int *is_bits)
{
    static const char *const rate_tails[] = {"/sec", "/s", "ps", "/second"};
    bdb_trim(&p, &end);
    for (size_t i = 0; i < sizeof rate_tails / sizeof rate_tails[0]; i++) {
        size_t n = strlen(rate_tails[i]);
        if ((size_t)(end - p) > n && memcmp(end - n, rate_tails[i], n) == 0) {
            end -= n;
            break;
        }
    }
    double m;
    size_t used = bdb_units_prefix(p, end, base, &m);
    const char *s = p + used;
    static const char *const byte_words[] = {"B", "Byte", "Bytes", "byte",
                                             "bytes"};
    static const char *const bit_words[] = {"b", "bit", "bits", "Bit", "Bits"};
    for (size_t i = 0; i < sizeof byte_words / sizeof byte_words[0]; i++) {
        if (bdb_span_eq(s, end, byte_words[i])) {
            *mult = m;
            *is_bits = 0;
            return 0;
        }
    }
    for (size_t i = 0; i < sizeof bit_words / sizeof bit_words[0]; i++) {
        if (bdb_span_eq(s, end, bit_words[i])) {
            *mult = m;
            *is_bits = 1;
            return 0;
        }
    }
    return -1;
}

