/* numfmt.h - printf's "%.*g" for the reports' numbers, without printf.
 *
 * A report of a million results writes some ten million numbers, and
 * glibc formats each with multi-precision arithmetic: that was a fifth
 * of a CSV report's time. bdb_fmt_g writes the same bytes. */
#ifndef BDB_NUMFMT_H
#define BDB_NUMFMT_H

#include <stddef.h>

/* Room bdb_fmt_g needs: "-1.2345678901234567e-308" and the NUL. */
#define BDB_FMT_G_MAX 32

/* Writes what snprintf(out, BDB_FMT_G_MAX, "%.*g", prec, v) writes in
 * the C locale, byte for byte, and returns its length. The digits come
 * from one scaling in long double arithmetic; when the scaled value lies
 * too near a rounding boundary for its error bound to decide (about one
 * number in 100,000 here), for precisions past 16, infinities, NaN and
 * subnormal magnitudes, snprintf itself writes them. */
int bdb_fmt_g(char *out, double v, int prec);

/* What snprintf(out, size, "%.*f", decimals, v) writes and returns
 * (a huge value is cut to size as snprintf cuts it): without snprintf
 * for 0 to 9 decimals and magnitudes below 10^15 when size is at least
 * BDB_FMT_G_MAX; the others, and undecidable roundings, by snprintf. */
int bdb_fmt_f(char *out, size_t size, double v, int decimals);

/* Writes v in decimal ("%llu") into out (room for 21 bytes); returns
 * the length. */
int bdb_fmt_u(char *out, unsigned long long v);

/* Appends s to the string of length *len in out (room n), cut at n - 1
 * bytes as snprintf cuts, and keeps *len; out stays terminated. For the
 * short labels a report puts together, without snprintf's "%s". */
void bdb_str_add(char *out, size_t n, size_t *len, const char *s);

#endif
