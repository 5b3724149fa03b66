/* bdb_scan.h - cursor-style scanning over text that is not NUL-terminated.
 *
 * Parsers read a buffer line by line (bdb_lines) and pick each line apart
 * with helpers that advance a pointer and report failure instead of
 * guessing (curl's tool_getparam habit). No atoi/sscanf/strtok anywhere:
 * numbers go through strtod/strtoll on a bounded copy with end checks. */
#ifndef BDB_SCAN_H
#define BDB_SCAN_H

#include <stddef.h>
#include <string.h>

/* One line of input: text without its "\n" or "\r\n"; no is 1-based. */
typedef struct bdb_line {
    const char *p;
    const char *end;
    int no;
} bdb_line;

/* Iterates the lines of a buffer. A UTF-8 byte-order mark at the start is
 * skipped. A final line without a newline is still a line. */
typedef struct bdb_lines {
    const char *buf;
    size_t len;
    size_t pos;
    int no;
    size_t mb;      /* the megabyte pos was in when the lines behind were
                       last let go (bdb_input_done_before) */
} bdb_lines;

void bdb_lines_init(bdb_lines *it, const char *buf, size_t len);
/* 3 when buf starts with a UTF-8 byte-order mark, else 0. */
size_t bdb_bom_len(const char *buf, size_t len);
/* Returns 1 and fills line, or 0 at the end. */
int bdb_lines_next(bdb_lines *it, bdb_line *line);

/* Flags for bdb_scan_number. */
enum {
    BDB_SCAN_DECIMAL_COMMA = 1 << 0,  /* accept "1,5" as 1.5 (localised output) */
    BDB_SCAN_GROUPING = 1 << 1,       /* accept "1,234,567" thousands groups */
    /* accept thousands grouped as any locale or a writer retyping a
     * figure groups them: by a space, U+00A0, U+202F or U+2009 ("18 661.44",
     * fr "18 661,44"), an apostrophe (de_CH "18'661.44"), a comma
     * ("18,661.44") or a period (de "18.661,44"): groups of three digits
     * after a first of one to three, one separator per number, and then
     * the other of '.' and ',' is the decimal mark. A '.' followed by
     * exactly three digits is read as a group, so this is only for figures
     * the tool never prints with three decimals (%u, %.2f). */
    BDB_SCAN_GROUPING_LOCALE = 1 << 2
};

/* Skips spaces and tabs; returns the new position. */
const char *bdb_skip_ws(const char *p, const char *end);
/* Removes leading and trailing white space (including \r) from [*p, *end). */
void bdb_trim(const char **p, const char **end);
/* Finds the n bytes of needle in [p, end); NULL when absent. */
const char *bdb_find_n(const char *p, const char *end, const char *needle,
                       size_t n);
/* These are inline so that the length of a literal is known when it is
 * compiled: detection and the parsers call them a dozen times a line. */
/* 1 if [p, end) starts with lit. */
static inline int bdb_starts_with(const char *p, const char *end,
                                  const char *lit)
{
    size_t n = strlen(lit);
    return (size_t)(end - p) >= n && memcmp(p, lit, n) == 0;
}
/* The first ASCII digit in [p, end); NULL when there is none. */
static inline const char *bdb_first_digit(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p >= '0' && *p <= '9')
            return p;
    return NULL;
}
/* Finds needle in [p, end); NULL when absent. */
static inline const char *bdb_find(const char *p, const char *end,
                                   const char *needle)
{
    return bdb_find_n(p, end, needle, strlen(needle));
}
/* 1 if [p, end) contains needle. */
static inline int bdb_contains(const char *p, const char *end,
                               const char *needle)
{
    return bdb_find_n(p, end, needle, strlen(needle)) != NULL;
}
/* Finds needle in the whole buffer (for sniffers). */
static inline const char *bdb_memfind(const char *buf, size_t len,
                                      const char *needle)
{
    return bdb_find_n(buf, buf + len, needle, strlen(needle));
}

/* If *p starts with lit (after optional white space when skip_ws),
 * advances *p past it and returns 1; otherwise leaves *p and returns 0. */
int bdb_scan_lit(const char **p, const char *end, const char *lit, int skip_ws);

/* Reads a decimal number (after white space) with strtod semantics in the C
 * locale ("nan" and "inf" refused). Advances *p and returns 1 on success. */
int bdb_scan_number(const char **p, const char *end, double *out, int flags);

/* strtod(s, end) as the C library gives it, for any s; a plain decimal
 * ("-12.345": sign, at most 15 significant digits and 22 after the
 * point, nothing after) is made without the library's multi-precision
 * path, as one correctly rounded division of two exact doubles. */
double bdb_strtod(const char *s, char **end);
/* A double as a whole number for counters, clamped to the type's range
 * (NaN: 0), so that a huge figure in a log is never undefined behaviour
 * of a cast. */
long long bdb_double_to_ll(double v);
int bdb_double_to_int(double v);

/* Reads a (possibly signed) integer. */
int bdb_scan_int(const char **p, const char *end, long long *out);
/* Reads a run of non-blank characters; returns its length (0: none). */
size_t bdb_scan_word(const char **p, const char *end, const char **word);

/* Skips spaces, tabs and UTF-8 no-break spaces (U+00A0, common in logs
 * pasted from web pages); returns the new position. */
const char *bdb_skip_blank(const char *p, const char *end);
/* Removes blanks as bdb_skip_blank sees them, and \r, from both ends. */
void bdb_trim_blank(const char **p, const char **end);
/* If [p, end) starts with a repetition marker "#N :" (as scripts write
 * with `echo -n "#${I} :"`), returns the position after it and the blanks
 * that follow, and sets *n (may be NULL); otherwise returns p. */
const char *bdb_skip_rep_marker(const char *p, const char *end, long long *n);

/* Copies [p, end) into dst (truncating, always NUL-terminated). */
void bdb_copy(char *dst, size_t dstsz, const char *p, const char *end);
/* Copies the name [p, end) into dst (dstsz > 24 bytes). A name that does
 * not fit is not cut: it is shortened to its start (never inside a UTF-8
 * sequence), " ~" and the 16 hex digits of the FNV-1a hash of the whole
 * name, so that two long names sharing their start stay two names.
 * Returns 1 when shortened, 0 when copied whole. */
int bdb_name_fit(char *dst, size_t dstsz, const char *p, const char *end);
/* Copies the string src into dst (truncating, always NUL-terminated). */
void bdb_strlcpy(char *dst, size_t dstsz, const char *src);
/* Appends n bytes of s to the string of dst that ends at `at`, cut to fit
 * dstsz as snprintf would (always NUL-terminated when dstsz > 0);
 * returns the new end. For keys made per figure or per line, where
 * printf's parsing of its format costs more than the copy. */
size_t bdb_put_at(char *dst, size_t dstsz, size_t at, const char *s, size_t n);
/* 1 if [p, end) equals s exactly. */
static inline int bdb_span_eq(const char *p, const char *end, const char *s)
{
    size_t n = strlen(s);
    return (size_t)(end - p) == n && memcmp(p, s, n) == 0;
}
/* 1 if every byte of [p, end) is blank. */
int bdb_is_blank(const char *p, const char *end);
/* 1 if [p, end), the rest of a line after a figure, holds no more of the
 * tool's text: blanks; or after blanks a comment ("（平均…）",
 * "(Socket错误: ...)", "# note", "// note", "(!)", "** note") or an arrow
 * ("-> 2GB", "<------------", "<==", "<<<", "==>", ">>>"); or a leader of
 * three dashes or more, glued or not ("1--------完成的请求次数"); or glued to the figure,
 * punctuation ending a sentence ("MB/sec.") or the markup of a page that
 * quotes it ("0m1.958s\"/>", "</code>"). A word or a figure is not:
 * "12 requests" and "12k" are more of the tool's text. */
int bdb_is_trailer(const char *p, const char *end);

#endif
