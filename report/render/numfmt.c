/* numfmt.c - "%.*g" without printf (see numfmt.h). */
#include "numfmt.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Powers of ten: exact in long double up to 10^27 where it has a 64-bit
 * significand (5^27 < 2^64); elsewhere the error bound below allows for
 * their rounding. */
static const long double pow10l_tab[] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
    1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
    1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};
#define POW_MAX 27

static const uint64_t pow10u[] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000),
    UINT64_C(10000), UINT64_C(100000), UINT64_C(1000000),
    UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
    UINT64_C(10000000000), UINT64_C(100000000000),
    UINT64_C(1000000000000), UINT64_C(10000000000000),
    UINT64_C(100000000000000), UINT64_C(1000000000000000),
    UINT64_C(10000000000000000)};
/* 16: the margin below is 0.0087 there, and xlsx writes "%.16G". */
#define PREC_MAX 16

static int slow(char *out, double v, int prec)
{
    int n = snprintf(out, BDB_FMT_G_MAX, "%.*g", prec, v);
    return n < 0 ? 0 : n >= BDB_FMT_G_MAX ? BDB_FMT_G_MAX - 1 : n;
}

/* a * 10^k in long double, or 0 when k is out of the table. */
static long double scaled(double a, int k)
{
    if (k > POW_MAX || k < -POW_MAX)
        return 0;
    return k >= 0 ? (long double)a * pow10l_tab[k]
                  : (long double)a / pow10l_tab[-k];
}

int bdb_fmt_g(char *out, double v, int prec)
{
    if (prec == 0)
        prec = 1; /* as C's %g */
    if (prec < 0 || prec > PREC_MAX || !isfinite(v))
        return slow(out, v, prec < 0 ? 6 : prec);
    char *p = out;
    if (signbit(v))
        *p++ = '-';
    double a = fabs(v);
    if (a == 0) {
        *p++ = '0';
        *p = '\0';
        return (int)(p - out);
    }
    if (a < DBL_MIN)
        return slow(out, v, prec);
    /* X, the decimal exponent: estimated from the binary one, then set
     * so that the scaled value has prec digits before the point */
    /* frexp's exponent from the bits (a is normal here) */
    uint64_t bits;
    memcpy(&bits, &a, sizeof bits);
    int e2 = (int)((bits >> 52) & 0x7ff) - 1022;
    int x = (int)floor((double)(e2 - 1) * 0.30102999566398120);
    long double lo = (long double)pow10u[prec - 1], hi = (long double)pow10u[prec];
    long double y = scaled(a, prec - 1 - x);
    for (int tries = 0; tries < 2 && y != 0; tries++) {
        if (y < lo)
            x--;
        else if (y >= hi)
            x++;
        else
            break;
        y = scaled(a, prec - 1 - x);
    }
    if (!(y >= lo && y < hi))
        return slow(out, v, prec);
    /* The scaling rounds at most twice (the power and the product or
     * quotient), so y is within hi * LDBL_EPSILON of the exact value;
     * eight times that away from a half, the rounding is decided. */
    long double margin = hi * LDBL_EPSILON * 8;
    if (margin > 0.01L)
        return slow(out, v, prec);
    /* 0 < y < 10^15: the conversion truncates, as floorl would */
    long double fl = (long double)(uint64_t)y, f = y - fl;
    if (fabsl(f - 0.5L) < margin)
        return slow(out, v, prec);
    uint64_t nd = (uint64_t)fl + (f > 0.5L);
    if (nd == pow10u[prec]) { /* 9.99..95 rounds up to the next decade */
        nd = pow10u[prec - 1];
        x++;
    }
    char d[PREC_MAX];
    for (int i = prec - 1; i >= 0; i--) {
        d[i] = (char)('0' + nd % 10);
        nd /= 10;
    }
    int last = prec - 1; /* the last digit kept: trailing zeros go */
    while (last > 0 && d[last] == '0')
        last--;
    if (x < prec && x >= -4) {
        if (x >= 0) {
            memcpy(p, d, (size_t)x + 1);
            p += x + 1;
            if (last > x) {
                *p++ = '.';
                memcpy(p, d + x + 1, (size_t)(last - x));
                p += last - x;
            }
        } else {
            *p++ = '0';
            *p++ = '.';
            for (int i = 0; i < -x - 1; i++)
                *p++ = '0';
            memcpy(p, d, (size_t)last + 1);
            p += last + 1;
        }
    } else {
        *p++ = d[0];
        if (last > 0) {
            *p++ = '.';
            memcpy(p, d + 1, (size_t)last);
            p += last;
        }
        *p++ = 'e';
        *p++ = x < 0 ? '-' : '+';
        int ex = x < 0 ? -x : x;
        if (ex >= 100)
            *p++ = (char)('0' + ex / 100);
        *p++ = (char)('0' + ex / 10 % 10);
        *p++ = (char)('0' + ex % 10);
    }
    *p = '\0';
    return (int)(p - out);
}

int bdb_fmt_f(char *out, size_t size, double v, int decimals)
{
    if (decimals < 0 || decimals > 9 || !isfinite(v) || fabs(v) >= 1e15 ||
        size < BDB_FMT_G_MAX)
        return snprintf(out, size, "%.*f", decimals, v);
    long double y = (long double)fabs(v) * pow10l_tab[decimals];
    /* one rounding (the power is exact), so y is within y * LDBL_EPSILON
     * of the exact value; past 2^53 the integer may not hold it */
    long double margin = (y + 1) * LDBL_EPSILON * 8;
    long double fl = floorl(y), f = y - fl;
    if (y >= 9007199254740992.0L || margin > 0.01L || fabsl(f - 0.5L) < margin)
        return snprintf(out, size, "%.*f", decimals, v);
    uint64_t nd = (uint64_t)fl + (f > 0.5L);
    uint64_t ip = nd / pow10u[decimals], fp = nd % pow10u[decimals];
    char *p = out;
    if (signbit(v))
        *p++ = '-';
    char digits[24];
    int k = 0;
    do {
        digits[k++] = (char)('0' + ip % 10);
        ip /= 10;
    } while (ip);
    while (k)
        *p++ = digits[--k];
    if (decimals) {
        *p++ = '.';
        for (int i = decimals - 1; i >= 0; i--) {
            p[i] = (char)('0' + fp % 10);
            fp /= 10;
        }
        p += decimals;
    }
    *p = '\0';
    return (int)(p - out);
}

void bdb_str_add(char *out, size_t n, size_t *len, const char *s)
{
    if (n == 0)
        return;
    size_t at = *len < n ? *len : n - 1;
    size_t k = strlen(s);
    if (k > n - 1 - at)
        k = n - 1 - at;
    memcpy(out + at, s, k);
    out[at + k] = '\0';
    *len = at + k;
}

int bdb_fmt_u(char *out, unsigned long long v)
{
    char d[24];
    int k = 0;
    do {
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (int i = 0; i < k; i++)
        out[i] = d[k - 1 - i];
    out[k] = '\0';
    return k;
}
