/* unwrap_source.c - logs kept in program source or captured from a
 * terminal (see unwrap_source.h): escape sequences, string literals over
 * several lines, declarations before a one-line literal, comment leaders
 * unwrap.c's line markers do not know. */
#include "unwrap_source.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"

#include <string.h>

static const char *blank_end(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

static int ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* 1 when p is a backslash escape's second character. */
static int escaped_at(const char *s, const char *p)
{
    size_t n = 0;
    while (p - n > s && p[-1 - (ptrdiff_t)n] == '\\')
        n++;
    return n & 1;
}

/* ---- a terminal's escape sequences ---- */

/* The length of the escape sequence at p, 0 when none: ESC [ params
 * final (ECMA-48 CSI: colours, cursor moves, erase), ESC ] ... BEL or
 * ESC \ (a title), ESC O x (a cursor key), ESC ( x (a character set),
 * ESC x; in caret notation, as a terminal echoes keys it does not
 * handle, "^[[A", "^[[1;32m", "^[[2K", "^[OA". */
static size_t tty_seq(const char *p, const char *e)
{
    const char *q;
    if (*p == 0x1b) {
        if (e - p < 2)
            return 1;
        if (p[1] == '[') {
            for (q = p + 2; q < e && *q >= 0x30 && *q <= 0x3f; q++)
                ;
            while (q < e && *q >= 0x20 && *q <= 0x2f)
                q++;
            return (size_t)((q < e && *q >= 0x40 && *q <= 0x7e ? q + 1 : q) -
                            p);
        }
        if (p[1] == ']') {
            for (q = p + 2; q < e && *q != 0x07 &&
                            !(*q == 0x1b && q + 1 < e && q[1] == '\\');
                 q++)
                ;
            return (size_t)((q < e ? q + (*q == 0x07 ? 1 : 2) : q) - p);
        }
        if (p[1] == '(' || p[1] == ')' || p[1] == 'O')
            return e - p >= 3 ? 3 : (size_t)(e - p);
        return 2;
    }
    if (e - p >= 4 && p[0] == '^' && p[1] == '[') {
        if (p[2] == 'O' && p[3] >= 'A' && p[3] <= 'D')
            return 4;
        if (p[2] != '[')
            return 0;
        const char *par = q = p + 3;
        while (q < e && ((*q >= '0' && *q <= '9') || *q == ';' || *q == '?'))
            q++;
        /* "^[[a-z]" is a regular expression: a lower-case final only
         * after parameters ("^[[?25l") */
        if (q < e && ((*q >= 'A' && *q <= 'Z') || *q == 'm' || *q == '~' ||
                      (q > par && *q >= 'a' && *q <= 'z')))
            return (size_t)(q + 1 - p);
    }
    return 0;
}

int bdb_uw_tty_seen(const bdb_uw_view *v)
{
    const char *p = v->p, *e = v->p + bdb_uw_look(v);
    for (; p < e; p++)
        if ((*p == 0x1b || *p == '^') && tty_seq(p, e))
            return 1;
    return 0;
}

int bdb_uw_tty_pass(const bdb_uw_view *v, bdb_uw_text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (bdb_uw_next_line(v, &pos, &s, &e)) {
        int from = bdb_uw_line_at(v, i++);
        const char *kept = s;
        for (const char *p = s; p < e;) {
            size_t k = (*p == 0x1b || *p == '^') ? tty_seq(p, e) : 0;
            if (!k) {
                p++;
                continue;
            }
            if (bdb_uw_put(out, kept, (size_t)(p - kept)))
                return BDB_ENOMEM;
            p += k;
            kept = p;
        }
        if (bdb_uw_put(out, kept, (size_t)(e - kept)) ||
            bdb_uw_end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- string literals over several lines ---- */

enum { LIT_TRIPLE, LIT_RAW, LIT_CPP, LIT_BACKTICK, LIT_PLAIN };

typedef struct literal {
    int kind;             /* LIT_* */
    const char *body;     /* the text after it */
    char close[24];       /* what closes it */
    size_t nclose;
} literal;

/* Where close closes a literal in [p, e) (an unescaped one for kinds with
 * escapes), or NULL. */
static const char *find_close(const literal *l, const char *s, const char *p,
                              const char *e)
{
    for (; p + l->nclose <= e; p++)
        if (memcmp(p, l->close, l->nclose) == 0 &&
            ((l->kind != LIT_PLAIN && l->kind != LIT_BACKTICK) ||
             !escaped_at(s, p)))
            return p;
    return NULL;
}

/* A quote that opens a literal of code, not a quote in prose nor a
 * quoted CSV field over lines: a "..." after "=", "(", "[", "{", "+" or
 * "return" (not after a ":": time -v's 'Command being timed: "dd ...'
 * wrapped; not after a "," nor first on its line: a CSV field); a `...`
 * or """ also after a "," or a ":" (a JavaScript object's field, a
 * Python argument) and first on its line. */
static int code_before(const char *s, const char *p, int kind)
{
    while (p > s && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    if (p == s)
        return kind != LIT_PLAIN;
    if ((p[-1] && strchr("=({[+", p[-1])) ||
        (kind != LIT_PLAIN && (p[-1] == ',' || p[-1] == ':')))
        return 1;
    return p - s >= 6 && memcmp(p - 6, "return", 6) == 0 &&
           (p - s == 6 || !ident_char(p[-7]));
}

/* What may follow the literal's close on its line: nothing, or the end of
 * the statement or expression (";", ",", ")", "}", "]", "/>", ".",
 * "+"). */
static int code_after(const char *p, const char *e)
{
    p = blank_end(p, e);
    return p == e || *p == '\r' || (*p && strchr(";,)}]/>.+", *p));
}

/* Sets *l: its kind, the text after its opener, and what closes it:
 * first, then n bytes of delim, then last (0: nothing). */
static void set_literal(literal *l, int kind, const char *body, char first,
                        const char *delim, size_t n, char last)
{
    l->kind = kind;
    l->body = body;
    l->close[0] = first;
    memcpy(l->close + 1, delim, n);
    l->nclose = n + 1;
    if (last)
        l->close[l->nclose++] = last;
}

/* The literal that opens in [s, e) and does not close on that line: *l
 * filled and 1, else 0. Literals that close on their line are skipped. */
static int open_literal(const char *s, const char *e, literal *l)
{
    for (const char *p = s; p < e; p++) {
        /* each kind opens at a quote, a backtick, or the r or R before
         * one (a memset a byte was ~1.5% of an import of small logs) */
        if (*p != '"' && *p != '\'' && *p != '`' && *p != 'r' && *p != 'R')
            continue;
        memset(l, 0, sizeof *l);
        const char *q = p + 1;
        if (e - p >= 3 && (*p == '"' || *p == '\'') && p[1] == *p &&
            p[2] == *p) {
            set_literal(l, LIT_TRIPLE, p + 3, *p, p + 1, 2, 0);
        } else if (*p == 'r' && (p == s || !ident_char(p[-1]))) {
            /* Rust r"...", r#"..."# */
            while (q < e && *q == '#' && q - p < 16)
                q++;
            if (q >= e || *q != '"')
                continue;
            set_literal(l, LIT_RAW, q + 1, '"', p + 1, (size_t)(q - p - 1), 0);
        } else if (*p == 'R' && e - p >= 3 && p[1] == '"' &&
                   (p == s || !ident_char(p[-1]))) {
            /* C++ R"delim(...)delim" */
            q = p + 2;
            while (q < e && q - p < 18 && *q && !strchr(" ()\\\t\"", *q))
                q++;
            if (q >= e || *q != '(')
                continue;
            set_literal(l, LIT_CPP, q + 1, ')', p + 2, (size_t)(q - p - 2),
                        '"');
        } else if (*p == '`') {
            if (p + 1 < e && p[1] == '`') {
                while (p + 1 < e && p[1] == '`')
                    p++;
                continue;   /* a Markdown fence or ``code`` */
            }
            set_literal(l, LIT_BACKTICK, p + 1, '`', p, 0, 0);
        } else if (*p == '"' && !escaped_at(s, p)) {
            set_literal(l, LIT_PLAIN, p + 1, '"', p, 0, 0);
        } else {
            continue;
        }
        const char *c = find_close(l, s, l->body, e);
        if (c) {
            p = c + l->nclose - 1;
            continue;
        }
        if (l->kind != LIT_RAW && l->kind != LIT_CPP &&
            !code_before(s, p, l->kind))
            return 0;
        return 1;
    }
    return 0;
}

/* Lines a literal may run over before its close is looked for no more. */
#define LIT_MAX_LINES 4096
/* Lines all the looks for closes of a text may read: a text of many
 * quotes that close nowhere costs that much and no more. */
#define LIT_BUDGET (1u << 20)

/* The literal opened on the line at *pos of v ([s, e)) closes on a later
 * line: that line's [*cs, *ce) and the close *c, and whether its text
 * holds a digit. 0 when it does not close (within LIT_MAX_LINES, or the
 * lines left in *budget, which it spends). */
static int literal_closes(const bdb_uw_view *v, size_t pos, const literal *l,
                          const char *e, const char **cs, const char **ce,
                          const char **c, int *digit, size_t *budget)
{
    const char *s2, *e2;
    *digit = bdb_first_digit(l->body, e) != NULL;
    for (size_t n = 0; n < LIT_MAX_LINES && *budget > 0 &&
                       bdb_uw_next_line(v, &pos, &s2, &e2);
         n++, --*budget) {
        const char *q = find_close(l, s2, s2, e2);
        if (!q) {
            *digit |= bdb_first_digit(s2, e2) != NULL;
            continue;
        }
        if ((l->kind == LIT_PLAIN || l->kind == LIT_BACKTICK) &&
            !code_after(q + l->nclose, e2))
            return 0;
        *digit |= bdb_first_digit(s2, q) != NULL;
        *cs = s2;
        *ce = e2;
        *c = q;
        return 1;
    }
    return 0;
}

int bdb_uw_blocks_seen(const bdb_uw_view *v)
{
    bdb_uw_view w = {v->p, bdb_uw_look(v), NULL};
    size_t pos = 0, budget = LIT_BUDGET;
    const char *s, *e, *cs, *ce, *c;
    literal l;
    int digit;
    while (bdb_uw_next_line(&w, &pos, &s, &e)) {
        if (!open_literal(s, e, &l) ||
            !literal_closes(&w, pos, &l, e, &cs, &ce, &c, &digit, &budget))
            continue;
        if (digit)
            return 1;
        pos = (size_t)(ce - w.p);   /* past a literal of words alone */
    }
    return 0;
}

/* [p, e) of a "..." literal with its escapes decoded: "\n" ends a line,
 * a "\" at the end continues the line (Rust, shell). */
static int put_decoded(bdb_uw_text *out, const char *p, const char *e,
                       int from)
{
    int rc = BDB_OK;
    for (; p < e && !rc; p++) {
        if (*p != '\\' || p + 1 >= e) {
            if (!(*p == '\\' && p + 1 == e) && !(*p == '\r' && p + 1 == e))
                rc = bdb_uw_put(out, p, 1);
            continue;
        }
        char x = *++p;
        rc = x == 'n'   ? bdb_uw_end_line(out, from)
             : x == 't' ? bdb_uw_put(out, "\t", 1)
             : x == 'r' ? BDB_OK
                        : bdb_uw_put(out, p, 1);
    }
    return rc;
}

int bdb_uw_put_literal(bdb_uw_text *out, const char *p, const char *e,
                       int from)
{
    /* the "\n" (or "\r\n") that ends the literal is the line's own end */
    if (e - p >= 2 && e[-2] == '\\' && e[-1] == 'n' && !escaped_at(p, e - 2)) {
        e -= 2;
        if (e - p >= 2 && e[-2] == '\\' && e[-1] == 'r' &&
            !escaped_at(p, e - 2))
            e -= 2;
    }
    return put_decoded(out, p, e, from);
}

static int put_body(bdb_uw_text *out, const literal *l, const char *p,
                    const char *e, int from)
{
    int rc = l->kind == LIT_PLAIN ? put_decoded(out, p, e, from)
                                  : bdb_uw_put(out, p, (size_t)(e - p));
    return rc ? rc : bdb_uw_end_line(out, from);
}

int bdb_uw_blocks_pass(const bdb_uw_view *v, bdb_uw_text *out)
{
    size_t pos = 0, i = 0, budget = LIT_BUDGET;
    const char *s, *e, *cs, *ce, *c;
    literal l;
    int digit;
    while (bdb_uw_next_line(v, &pos, &s, &e)) {
        int from = bdb_uw_line_at(v, i++);
        if (!open_literal(s, e, &l) ||
            !literal_closes(v, pos, &l, e, &cs, &ce, &c, &digit, &budget)) {
            if (bdb_uw_put(out, s, (size_t)(e - s)) ||
                bdb_uw_end_line(out, from))
                return BDB_ENOMEM;
            continue;
        }
        if (!digit) {
            /* a literal of words alone (a module's docstring) stays as it
             * is, and its close opens nothing */
            for (int more = 1; more;) {
                if (bdb_uw_put(out, s, (size_t)(e - s)) ||
                    bdb_uw_end_line(out, from))
                    return BDB_ENOMEM;
                more = s != cs && bdb_uw_next_line(v, &pos, &s, &e);
                if (more)
                    from = bdb_uw_line_at(v, i++);
            }
            continue;
        }
        /* the code before the literal goes, its first line's text stays */
        if (put_body(out, &l, l.body, e, from))
            return BDB_ENOMEM;
        while (bdb_uw_next_line(v, &pos, &s, &e)) {
            from = bdb_uw_line_at(v, i++);
            if (s == cs) {
                /* the code after the close goes with it */
                if (put_body(out, &l, s, c, from))
                    return BDB_ENOMEM;
                break;
            }
            if (put_body(out, &l, s, e, from))
                return BDB_ENOMEM;
        }
    }
    return BDB_OK;
}

/* ---- declarations before a one-line literal ---- */

const char *bdb_uw_declaration_end(const char *p, const char *e)
{
    if (p >= e || !(ident_char(*p) || *p == '$' || *p == '@') ||
        (*p >= '0' && *p <= '9'))
        return NULL;
    for (const char *q = p; q < e && q - p < 160; q++) {
        if (*q == '=') {
            /* "==", "<=", ">=", "!=" compare */
            if ((q + 1 < e && q[1] == '=') ||
                (q > p && strchr("<>!", q[-1])))
                return NULL;
            return q + 1;
        }
        if (!*q || (!ident_char(*q) && !strchr(" \t.$@:&*<>[]'", *q)))
            return NULL;
    }
    return NULL;
}

/* ---- comment leaders ---- */

/* 1 when p is [e) or a blank (the end of a comment leader). */
static int leader_ends(const char *p, const char *e)
{
    return p >= e || *p == ' ' || *p == '\t' || *p == '\r';
}

/* 1 when the line [p, e) ends with a quote closing a string literal
 * ("' Requests per second: ...',"): a literal, not a comment. */
static int ends_quoted(const char *p, const char *e)
{
    while (e > p && strchr(" \t\r,;)+\\", e[-1]))
        e--;
    return e - p >= 2 && e[-1] == '\'';
}

/* Word leaders: J's "NB.", BASIC's and a batch file's "REM" (any case,
 * "@REM" too), a batch file's "::", APL's lamp, and the openers of a
 * block comment written on each line (C's slash-star, OCaml's "(*",
 * Haskell's "{-"; bdb_uw_block_closer_end takes the closer). */
static size_t word_leader(const char *p, const char *e)
{
    static const char *const words[] = {
        "NB.", "REM", "Rem", "rem", "@REM", "@rem", "::",
        "\xE2\x8D\x9D", /* U+235D APL lamp */
        "/**", "/*", "(*", "{-",
        NULL};
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(e - p) >= n && memcmp(p, words[i], n) == 0 &&
            leader_ends(p + n, e))
            return n;
    }
    return 0;
}

size_t bdb_uw_comment_leader(const char *p, const char *e)
{
    size_t k = 0;
    char c = p < e ? *p : 0;
    if (c == '\'') {
        /* Visual Basic's "'" (and a docstring's lines so marked), not
         * a string literal's opening quote */
        return leader_ends(p + 1, e) && !ends_quoted(p + 1, e) ? 1 : 0;
    }
    if (c != '%' && c != ';' && c != '!')
        return word_leader(p, e);
    while (p + k < e && p[k] == c && k < 4)
        k++;
    /* ";" alone is unwrap.c's own */
    if ((c == ';' && k < 2) || !leader_ends(p + k, e))
        return 0;
    return k;
}

const char *bdb_uw_block_closer_end(const char *lead, const char *s,
                                    const char *e)
{
    const char *close = *lead == '/' ? "*/" : *lead == '(' ? "*)"
                        : *lead == '{' && lead[1] == '-' ? "-}" : NULL;
    const char *q = e;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
        q--;
    if (!close || q - s < 2 || q[-2] != close[0] || q[-1] != close[1])
        return e;
    q -= 2;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
        q--;
    return q;
}

const char *bdb_uw_glued_leader_end(const char *s, const char *e, char leader)
{
    const char *q = e;
    while (q > s && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
        q--;
    if (q - s >= 2 && q[-1] == leader && q[-2] >= '0' && q[-2] <= '9')
        return q - 1;
    return e;
}

/* ---- a tool's line behind a comment leader ---- */

/* A shell's time keyword's and time -p's lines: "real\t0m0.060s",
 * "user 0.03", "sys\t        0m0.018s" (a word, blanks, a figure), GNU
 * time's default "0.00user 0.00system 0:00.01elapsed 0%CPU". */
static int time_line(const char *p, const char *e)
{
    static const char *const words[] = {"real", "user", "sys", NULL};
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(e - p) > n && memcmp(p, words[i], n) == 0 &&
            (p[n] == ' ' || p[n] == '\t')) {
            const char *q = blank_end(p + n, e);
            return q < e && *q >= '0' && *q <= '9';
        }
    }
    const char *q = p;
    while (q < e && ((*q >= '0' && *q <= '9') || *q == '.'))
        q++;
    return q > p && e - q >= 5 && memcmp(q, "user ", 5) == 0;
}

/* redis-benchmark -q's "SET: 86281.27 requests per second" (a name, a
 * colon, a figure). */
static int rps_line(const char *p, const char *e)
{
    const char *c = memchr(p, ':', (size_t)(e - p));
    if (!c || c == p || c - p > 64)
        return 0;
    const char *q = blank_end(c + 1, e);
    if (q >= e || *q < '0' || *q > '9')
        return 0;
    while (q < e && ((*q >= '0' && *q <= '9') || *q == '.'))
        q++;
    return e - q >= 20 && memcmp(q, " requests per second", 20) == 0;
}

int bdb_uw_tool_line(const char *s, const char *e)
{
    const char *p = blank_end(s, e);
    return bdb_uw_tool_line_start(p, e) || time_line(p, e) || rps_line(p, e);
}
