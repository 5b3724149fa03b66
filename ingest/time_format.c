/* time_format.c - time formats compiled into literal text and fields, and
 * lines matched against them (see time_format.h). The directives of each
 * dialect are described, with their sources, in parse_time.c. */
#include "time_format.h"
#include "../common/bdb_error.h"
#include "../common/bdb_scan.h"
#include "../common/bdb_units.h"

#include <stdlib.h>
#include <string.h>

/* In emission order. */
const metric_def bdb_time_metrics[M_COUNT] = {
    {"real", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"user", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"sys", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"cpu_percent", BDB_UNIT_PERCENT, BDB_NEUTRAL},
    {"avg_shared_text", BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"avg_unshared_data", BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"avg_stack", BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"avg_total", BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"max_rss", BDB_UNIT_BYTES, BDB_LOWER_IS_BETTER},
    {"avg_rss", BDB_UNIT_BYTES, BDB_LOWER_IS_BETTER},
    {"major_page_faults", BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"minor_page_faults", BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"voluntary_context_switches", BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"involuntary_context_switches", BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"swaps", BDB_UNIT_COUNT, BDB_LOWER_IS_BETTER},
    {"fs_inputs", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"fs_outputs", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"socket_messages_sent", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"socket_messages_received", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"signals_delivered", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"page_size", BDB_UNIT_BYTES, BDB_NEUTRAL},
    {"instructions_retired", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"cycles_elapsed", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"peak_memory_footprint", BDB_UNIT_BYTES, BDB_LOWER_IS_BETTER},
    /* fish's time: the shell's own and its child processes' parts */
    {"user_fish", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"user_external", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"sys_fish", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"sys_external", BDB_UNIT_SECONDS, BDB_LOWER_IS_BETTER},
    {"exit_status", BDB_UNIT_COUNT, BDB_NEUTRAL},
    /* GNU/BusyBox "Command terminated by signal N" / "Command stopped by
     * signal N" before the figures: the signal's number */
    {"term_signal", BDB_UNIT_COUNT, BDB_NEUTRAL},
    {"stop_signal", BDB_UNIT_COUNT, BDB_NEUTRAL},
};

/* ------------------------------------------------------------------ */
/* Numbers and durations                                              */

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* [p, e) is exactly an unsigned decimal: digits with at most one '.' or
 * ',' (a locale's decimal point) followed by digits. */
static int span_number(const char *p, const char *e, double *v)
{
    char tmp[64];
    size_t n = 0;
    int digits = 0, mark = 0;
    if (p >= e || !is_digit(*p) || (size_t)(e - p) >= sizeof tmp)
        return 0;
    for (; p < e; p++) {
        if (is_digit(*p)) {
            digits++;
            tmp[n++] = *p;
        } else if ((*p == '.' || *p == ',') && !mark && p + 1 < e &&
                   is_digit(p[1])) {
            mark = 1;
            tmp[n++] = '.';
        } else {
            return 0;
        }
    }
    tmp[n] = '\0';
    char *end;
    *v = bdb_strtod(tmp, &end);
    return digits > 0 && *end == '\0';
}

int bdb_time_int(const char *p, const char *e, double *v)
{
    for (const char *q = p; q < e; q++)
        if (!is_digit(*q))
            return 0;
    return span_number(p, e, v);
}

/* Reads the number at *p (digits, one decimal mark) and advances. */
static int take_number(const char **p, const char *e, double *v)
{
    const char *q = *p;
    while (q < e && is_digit(*q))
        q++;
    if (q < e && (*q == '.' || *q == ',') && q + 1 < e && is_digit(q[1])) {
        q++;
        while (q < e && is_digit(*q))
            q++;
    }
    if (q == *p || !span_number(*p, q, v))
        return 0;
    *p = q;
    return 1;
}

/* A duration, the whole of [p, e), in any shape the tools print: "1.37"
 * (POSIX, GNU %e, bash %R), "0m53.462s" and "0m1s" (bash %lR), "0m 1.32s"
 * and "1h 2m 03s" (BusyBox), "0:01.33" and "1:02:03" (GNU %E, zsh %*E),
 * "1d2h3m4.56s" (FreeBSD -h), "1.23s", "12ms", "12345us" (zsh). */
int bdb_time_duration(const char *p, const char *e, double *out)
{
    double v;
    if (p >= e || !is_digit(*p))
        return 0;
    if (memchr(p, ':', (size_t)(e - p))) {
        double parts[3];
        int n = 0;
        const char *q = p;
        while (n < 3 && take_number(&q, e, &parts[n])) {
            n++;
            if (q < e && *q == ':' && n < 3)
                q++;
            else
                break;
        }
        if (q != e || n < 2)
            return 0;
        *out = n == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2]
                      : parts[0] * 60 + parts[1];
        return 1;
    }
    double total = 0;
    int units = 0;
    const char *q = p;
    static const char order[] = "dhms";
    int last = -1; /* index in order of the last unit seen */
    while (q < e) {
        if (!take_number(&q, e, &v))
            return 0;
        if (q == e) {
            if (units)
                return 0; /* "1m 5": a unit is missing */
            *out = v;
            return 1;
        }
        double mult;
        int idx;
        if (bdb_starts_with(q, e, "ms")) {
            mult = 1e-3, idx = 4, q += 2;
        } else if (bdb_starts_with(q, e, "us")) {
            mult = 1e-6, idx = 4, q += 2;
        } else {
            const char *u = strchr(order, *q);
            if (!u || !*q)
                return 0;
            idx = (int)(u - order);
            mult = idx == 0 ? 86400 : idx == 1 ? 3600 : idx == 2 ? 60 : 1;
            q++;
        }
        if (idx <= last)
            return 0;
        last = idx;
        total += v * mult;
        units++;
        q = bdb_skip_blank(q, e);
    }
    *out = total;
    return units > 0;
}

/* ------------------------------------------------------------------ */
/* Formats                                                            */






void bdb_tfmt_free(tfmt *f)
{
    if (!f)
        return;
    free(f->items);
    free(f->text);
    memset(f, 0, sizeof *f);
}

static int is_blank_char(char c) { return c == ' ' || c == '\t'; }

/* One directive: sets *it (field) and returns the characters consumed
 * after the '%', or 0 when the directive prints nothing we read (the text
 * it prints goes to *lit, *litn). */
static size_t directive(int dialect, const char *s, fitem *it,
                        const char **lit, size_t *litn)
{
    static const struct { char c; int kind, metric; double mult; } gnu[] = {
        {'e', V_DUR, M_REAL, 1}, {'E', V_DUR, M_REAL, 1},
        {'U', V_DUR, M_USER, 1}, {'S', V_DUR, M_SYS, 1},
        {'P', V_PCT, M_CPU, 1}, {'M', V_INT, M_MAX_RSS, 1024},
        {'t', V_INT, M_AVG_RSS, 1024}, {'K', V_INT, M_AVG_TOTAL, 1024},
        {'D', V_INT, M_AVG_DATA, 1024}, {'p', V_INT, M_AVG_STACK, 1024},
        {'X', V_INT, M_AVG_TEXT, 1024}, {'F', V_INT, M_MAJ, 1},
        {'R', V_INT, M_MIN, 1}, {'W', V_INT, M_SWAPS, 1},
        {'c', V_INT, M_ICSW, 1}, {'w', V_INT, M_VCSW, 1},
        {'I', V_INT, M_IN, 1}, {'O', V_INT, M_OUT, 1},
        {'r', V_INT, M_MSGRCV, 1}, {'s', V_INT, M_MSGSND, 1},
        {'k', V_INT, M_SIGNALS, 1}, {'Z', V_INT, M_PAGESIZE, 1},
        {'x', V_INT, M_EXIT, 1}, {'C', V_CMD, -1, 1},
    };
    memset(it, 0, sizeof *it);
    it->field = 1;
    it->metric = -1;
    it->mult = 1;
    *lit = NULL;
    *litn = 0;
    if (dialect == D_BASH) {
        size_t k = 0;
        if (s[k] == '%') {
            *lit = "%";
            *litn = 1;
            return 1;
        }
        if (s[k] == 'P') {
            it->kind = V_NUM;
            it->metric = M_CPU;
            return 1;
        }
        if (is_digit(s[k]))
            k++;
        if (s[k] == 'l')
            k++;
        if (s[k] == 'R' || s[k] == 'E' || s[k] == 'U' || s[k] == 'S') {
            it->kind = V_DUR;
            it->metric = s[k] == 'U' ? M_USER : s[k] == 'S' ? M_SYS : M_REAL;
            return k + 1;
        }
        return 0; /* bash: "invalid format character", nothing printed */
    }
    if (dialect == D_ZSH) {
        size_t k = 0;
        if (s[0] == '%') {
            *lit = "%";
            *litn = 1;
            return 1;
        }
        if (s[0] == 'J') {
            it->kind = V_CMD;
            it->cut = 1;
            return 1;
        }
        if (s[0] == '*' || s[0] == 'm' || s[0] == 'u')
            k++;
        if (s[k] == 'E' || s[k] == 'U' || s[k] == 'S') {
            it->kind = V_DUR;
            it->metric = s[k] == 'U' ? M_USER : s[k] == 'S' ? M_SYS : M_REAL;
            return k + 1;
        }
        if (s[0] == 'P') {
            it->kind = V_PCT;
            it->metric = M_CPU;
            return 1;
        }
        if (s[0] == 'M') {
            it->kind = V_INT;
            it->metric = M_MAX_RSS;
            it->mult = 1024.0 * 1024.0;
            return 1;
        }
        if (s[0] && strchr("WXDKFRIOrskwc", s[0])) {
            for (size_t i = 0; i < sizeof gnu / sizeof gnu[0]; i++)
                if (gnu[i].c == s[0] && s[0] != 'M') {
                    it->kind = gnu[i].kind;
                    it->metric = gnu[i].metric;
                    it->mult = gnu[i].mult;
                }
            return 1;
        }
        if (s[0]) {
            it->kind = V_WORD;
            return 1;
        }
        return 0;
    }
    if (s[0] == '%') {
        *lit = "%";
        *litn = 1;
        return 1;
    }
    for (size_t i = 0; i < sizeof gnu / sizeof gnu[0]; i++) {
        if (gnu[i].c == s[0]) {
            it->kind = gnu[i].kind;
            it->metric = gnu[i].metric;
            it->mult = gnu[i].mult;
            return 1;
        }
    }
    return 0; /* GNU prints "?c": see bdb_tfmt_compile */
}

/* Ends the current format line: trims the blanks at its ends (lines are
 * matched trimmed) and keeps it when it is not empty. */
static int end_fmt_line(tfmt *f)
{
    int first = f->lines[f->nlines];
    if (f->nitems > first) {
        fitem *a = &f->items[first];
        if (!a->field)
            while (a->n && is_blank_char(*a->lit))
                a->lit++, a->n--;
        fitem *z = &f->items[f->nitems - 1];
        if (!z->field)
            while (z->n && is_blank_char(z->lit[z->n - 1]))
                z->n--;
        int w = first;
        for (int r = first; r < f->nitems; r++)
            if (f->items[r].field || f->items[r].n)
                f->items[w++] = f->items[r];
        f->nitems = w;
    }
    if (f->nitems > first) {
        if (f->nlines >= MAX_FMT_LINES)
            return BDB_EPARSE;
        f->nlines++;
    }
    f->lines[f->nlines] = f->nitems;
    return BDB_OK;
}

/* Appends literal text to the current line, merging with a literal that
 * ends just where the storage does. */
static void add_lit(tfmt *f, char **t, const char *s, size_t n)
{
    int first = f->lines[f->nlines];
    fitem *last = f->nitems > first ? &f->items[f->nitems - 1] : NULL;
    memcpy(*t, s, n);
    if (last && !last->field && last->lit + last->n == *t) {
        last->n += n;
    } else {
        fitem *a = &f->items[f->nitems++];
        memset(a, 0, sizeof *a);
        a->lit = *t;
        a->n = n;
        a->metric = -1;
    }
    *t += n;
}

/* GNU time prints a figure and the word after it glued ("%Uuser
 * %Ssystem %Eelapsed %PCPU", "%Iinputs+%Ooutputs"); a page or an author
 * that set a blank between them ("290.59 user 28.05 system 10:44.47
 * elapsed 49%CPU") keeps every figure and word: a literal that starts
 * with a letter right after a figure may have blanks before it. */
static void mark_lax(tfmt *f)
{
    for (int k = 0; k < f->nlines; k++)
        for (int i = f->lines[k] + 1; i < f->lines[k + 1]; i++) {
            fitem *a = &f->items[i], *prev = &f->items[i - 1];
            char c = a->n ? a->lit[0] : 0;
            a->lax = !a->field && prev->field && prev->kind != V_CMD &&
                     prev->kind != V_WORD &&
                     ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
        }
}

/* Compiles the format [fmt, fend) of a dialect into *f. Returns 0,
 * BDB_ENOMEM, or BDB_EPARSE when it has no field or more than
 * MAX_FMT_LINES lines. */
int bdb_tfmt_compile(tfmt *f, int dialect, const char *fmt, const char *fend)
{
    memset(f, 0, sizeof *f);
    size_t len = (size_t)(fend - fmt);
    bdb_copy(f->shown, sizeof f->shown, fmt, fend);
    if (len >= sizeof f->shown)
        memcpy(f->shown + sizeof f->shown - 4, "...", 4); /* messages only */
    f->items = calloc(len + 2, sizeof *f->items);
    f->text = malloc(3 * len + 4);
    char *cooked = malloc(3 * len + 4);
    if (!f->items || !f->text || !cooked) {
        free(cooked);
        bdb_tfmt_free(f);
        return BDB_ENOMEM;
    }
    /* GNU time reads \n, \t and \\ itself; an unknown escape prints
     * "?\c". The shells leave backslashes alone. */
    size_t cn = 0;
    for (const char *s = fmt; s < fend; s++) {
        if (dialect == D_GNU && *s == '\\' && s + 1 < fend) {
            char c = *++s;
            if (c == 'n' || c == 't' || c == '\\') {
                cooked[cn++] = c == 'n' ? '\n' : c == 't' ? '\t' : '\\';
            } else {
                cooked[cn++] = '?';
                cooked[cn++] = '\\';
                cooked[cn++] = c;
            }
        } else {
            cooked[cn++] = *s;
        }
    }
    char *t = f->text;
    int nfields = 0, rc = BDB_OK;
    for (size_t i = 0; i <= cn && !rc; i++) {
        if (i == cn || cooked[i] == '\n') {
            rc = end_fmt_line(f);
            continue;
        }
        if (cooked[i] != '%') {
            add_lit(f, &t, &cooked[i], 1);
            continue;
        }
        if (i + 1 >= cn) {
            /* a '%' at the very end: GNU prints '?', the shells '%' */
            add_lit(f, &t, dialect == D_GNU ? "?" : "%", 1);
            continue;
        }
        char dbuf[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < 3 && i + 1 + k < cn; k++)
            dbuf[k] = cooked[i + 1 + k];
        fitem it;
        const char *lit;
        size_t litn;
        size_t used = directive(dialect, dbuf, &it, &lit, &litn);
        if (used == 0) {
            if (dialect == D_GNU) {
                char q[2] = {'?', dbuf[0]};
                add_lit(f, &t, q, 2);
            }
            i += 1;
            continue;
        }
        i += used;
        if (lit) {
            add_lit(f, &t, lit, litn);
            continue;
        }
        f->items[f->nitems++] = it;
        nfields++;
    }
    free(cooked);
    if (dialect == D_GNU)
        mark_lax(f);
    if (!rc && (nfields == 0 || f->nlines == 0))
        rc = BDB_EPARSE;
    if (rc)
        bdb_tfmt_free(f);
    /* shown on one line in messages */
    for (char *c = f->shown; *c; c++)
        if (*c == '\n' || *c == '\t')
            *c = ' ';
    return rc;
}

/* ------------------------------------------------------------------ */
/* Matching a line against a format line                              */


/* Literal text: a blank in the format matches one or more blanks (tabs,
 * spaces, no-break spaces); other characters match themselves. Returns
 * the position after it, or NULL. */
static const char *match_lit(const char *lit, size_t n, const char *p,
                             const char *e, int *cut)
{
    size_t i = 0;
    while (i < n) {
        if (is_blank_char(lit[i])) {
            const char *q = bdb_skip_blank(p, e);
            if (q == p) {
                /* the text ends where the format has a blank: a line
                 * cut there (bdb_tfmt_match_prefix) */
                if (cut && p == e)
                    *cut = 1;
                return NULL;
            }
            p = q;
            while (i < n && is_blank_char(lit[i]))
                i++;
            continue;
        }
        if (p >= e || *p != lit[i])
            return NULL;
        p++;
        i++;
    }
    return p;
}

int bdb_tfmt_field_value(int kind, const char *p, const char *q, double *v)
{
    switch (kind) {
    case V_DUR:
        return bdb_time_duration(p, q, v);
    case V_NUM:
        return span_number(p, q, v);
    case V_INT:
        return bdb_time_int(p, q, v);
    case V_PCT:
        if (q - p == 2 && p[0] == '?' && p[1] == '%') {
            *v = -1;
            return 1;
        }
        return q - p >= 2 && q[-1] == '%' && span_number(p, q - 1, v);
    case V_CMD:
        return q > p;
    default: /* V_WORD */
        for (const char *c = p; c < q; c++)
            if (*c == ' ' || *c == '\t')
                return 0;
        *v = 0;
        return q > p;
    }
}

/* How far a field of this kind can reach from p. */
static const char *field_reach(int kind, const char *p, const char *e)
{
    const char *q = p;
    if (kind == V_CMD)
        return e;
    while (q < e && q - p < 48) {
        char c = *q;
        int ok = is_digit(c) || c == '.' || c == ',';
        if (kind == V_DUR)
            ok = ok || c == ':' || c == 'd' || c == 'h' || c == 'm' ||
                 c == 's' || c == 'u' || c == ' ';
        else if (kind == V_PCT)
            ok = ok || c == '%' || c == '?';
        else if (kind == V_INT)
            ok = is_digit(c);
        else if (kind == V_WORD)
            ok = c != ' ' && c != '\t';
        if (!ok)
            break;
        q++;
    }
    return q;
}

static int match_items(const fitem *it, int n, const char *p, const char *e,
                       mres *r)
{
    if (--r->budget < 0)
        return 0;
    if (n == 0)
        return p == e;
    if (!it->field) {
        int cut = 0;
        const char *q = match_lit(it->lit, it->n, p, e,
                                  r->prefix ? &cut : NULL);
        if (cut) {
            /* a figure before the cut: a command alone (zsh's %J) is
             * any line */
            for (const fitem *x = r->first; x < it; x++)
                if (x->field && x->kind != V_CMD && x->kind != V_WORD)
                    return 1;
            return 0;
        }
        if (!q && it->lax && p < e && is_blank_char(*p)) {
            const char *b = bdb_skip_blank(p, e);
            q = match_lit(it->lit, it->n, b, e, NULL);
        }
        return q && match_items(it + 1, n - 1, q, e, r);
    }
    for (const char *q = field_reach(it->kind, p, e); q > p; q--) {
        double v = 0;
        if (!bdb_tfmt_field_value(it->kind, p, q, &v))
            continue;
        if (!match_items(it + 1, n - 1, q, e, r))
            continue;
        if (it->kind == V_CMD) {
            r->cmd = p;
            r->cmd_end = q;
            r->cmd_cut = it->cut;
        } else if (it->metric >= 0) {
            /* the first of two directives for one metric (%e and %E) wins:
             * fields are recorded from the last one back */
            r->vals[it->metric] = v < 0 ? v : v * it->mult;
            r->have[it->metric] = 1;
            r->at[it->metric] = p;
        }
        return 1;
    }
    return 0;
}

/* Does [p, e) match line k of f? Fills *r on success. */
static int match_whole(const tfmt *f, int k, const char *p, const char *e,
                       mres *r)
{
    memset(r, 0, sizeof *r);
    r->budget = 200000;
    return match_items(&f->items[f->lines[k]], f->lines[k + 1] - f->lines[k],
                       p, e, r);
}

int bdb_tfmt_match_exact(const tfmt *f, int k, const char *p, const char *e,
                         mres *r)
{
    return match_whole(f, k, p, e, r);
}

#define MAX_JOINED_ITEMS 256

int bdb_tfmt_match_joined(const tfmt *f, int k, int nl, const char *p,
                          const char *e, mres *r)
{
    static const char blank[] = " ";
    if (nl < 1 || k < 0 || k + nl > f->nlines)
        return 0;
    /* cheap first: a last line that ends in text ("0swaps") ends the
     * joined text, as match_items would find after all its figures */
    const fitem *last = &f->items[f->lines[k + nl] - 1];
    if (!last->field && last->n) {
        const char *a = last->lit, *z = last->lit + last->n;
        for (const char *c = a; c < z; c++)
            if (is_blank_char(*c))
                a = c + 1;
        size_t tn = (size_t)(z - a);
        if (tn && ((size_t)(e - p) < tn || memcmp(e - tn, a, tn) != 0))
            return 0;
    }
    if (nl == 1)
        return match_whole(f, k, p, e, r);
    fitem joined[MAX_JOINED_ITEMS];
    int n = 0;
    for (int j = k; j < k + nl; j++) {
        if (n + (f->lines[j + 1] - f->lines[j]) + 1 > MAX_JOINED_ITEMS)
            return 0;
        if (j > k) {
            /* the line break: one or more blanks in the joined text */
            memset(&joined[n], 0, sizeof joined[n]);
            joined[n].lit = blank;
            joined[n].n = 1;
            joined[n].metric = -1;
            n++;
        }
        for (int i = f->lines[j]; i < f->lines[j + 1]; i++)
            joined[n++] = f->items[i];
    }
    memset(r, 0, sizeof *r);
    r->budget = 200000;
    return match_items(joined, n, p, e, r);
}

int bdb_tfmt_match_prefix(const tfmt *f, int k, const char *p,
                          const char *e)
{
    mres r;
    memset(&r, 0, sizeof r);
    r.budget = 200000;
    r.prefix = 1;
    r.first = &f->items[f->lines[k]];
    return p < e && match_items(r.first,
                                f->lines[k + 1] - f->lines[k], p, e, &r);
}

/* The line up to the end of format line k's last word, when the line
 * goes on after a blank: the next line glued on where a page lost the
 * line break ("... 97% cpu 0.094 total ./v2 -o v3 v.v", zsh's line with
 * the command after it). Only a format line that ends in a word of three
 * letters or more ("total", "swaps", "elapsed"), whose word does not
 * come again after it; its first four places are tried. What follows is
 * the caller's to account. */
static int match_before_glued(const tfmt *f, int k, const char *p,
                              const char *e, mres *r)
{
    const fitem *last = &f->items[f->lines[k + 1] - 1];
    if (f->lines[k + 1] - f->lines[k] < 2 || last->field)
        return 0;
    const char *a = last->lit, *z = last->lit + last->n;
    bdb_trim_blank(&a, &z);
    if (z - a < 3 || !((z[-1] >= 'a' && z[-1] <= 'z') ||
                       (z[-1] >= 'A' && z[-1] <= 'Z')))
        return 0;
    char needle[96];
    bdb_copy(needle, sizeof needle, a, z);
    const char *q = p;
    for (int tries = 0; tries < 4; tries++) {
        const char *hit = bdb_find(q, e, needle);
        if (!hit)
            return 0;
        q = hit + (z - a);
        /* the same line again after it is the format printed twice (GNU's
         * second line glued to itself): the caller's to split */
        if (q < e && (*q == ' ' || *q == '\t') && !bdb_is_blank(q, e) &&
            !bdb_find(q, e, needle) && match_whole(f, k, p, q, r)) {
            /* the format's own next line after the blank: the two lines
             * joined by a blank, which a format of one line reads whole
             * (GNU's default: "...maxresident)k 0inputs+0outputs ...") */
            mres next;
            if (k + 1 < f->nlines &&
                match_whole(f, k + 1, bdb_skip_blank(q, e), e, &next))
                return 0;
            return 1;
        }
    }
    return 0;
}

/* The line, else the line without what follows its last figure: a
 * comment, punctuation or markup (bdb_is_trailer: "sys 0m1.958s\"/>" in
 * an XML attribute). The first few places where a trailer could start
 * after a figure's last character are tried. */
int bdb_tfmt_match_line(const tfmt *f, int k, const char *p, const char *e,
                        mres *r)
{
    if (match_whole(f, k, p, e, r))
        return 1;
    int tries = 0;
    for (const char *q = p + 1; q < e && tries < 4; q++) {
        char c = q[-1];
        if (!(is_digit(c) || (c >= 'a' && c <= 'z') || c == '%') ||
            !bdb_is_trailer(q, e) || bdb_is_blank(q, e))
            continue;
        tries++;
        if (match_whole(f, k, p, q, r))
            return 1;
    }
    return match_before_glued(f, k, p, e, r);
}

/* Time output glued to program output that ended without a newline
 * ("done0.00user 0.00system ..."): the first format line matched from a
 * later start, where a figure begins after a non-digit. Only formats whose
 * first line starts with a figure and has literal text to look for. */
int bdb_tfmt_match_glued(const tfmt *f, const char *p, const char *e, mres *r)
{
    const fitem *it = &f->items[f->lines[0]];
    int n = f->lines[1] - f->lines[0];
    if (!it[0].field || it[0].kind == V_CMD || it[0].kind == V_WORD)
        return 0;
    const char *anchor = NULL;
    size_t an = 0;
    for (int i = 0; i < n && !anchor; i++) {
        if (it[i].field)
            continue;
        const char *a = it[i].lit, *z = it[i].lit + it[i].n;
        bdb_trim_blank(&a, &z);
        if (z - a >= 3) {
            anchor = a;
            an = (size_t)(z - a);
        }
    }
    if (!anchor)
        return 0; /* "%e %M": any number in the text would do */
    /* quoted in prose or code: "...0swaps\"", '...', `...` */
    while (e > p && (e[-1] == '"' || e[-1] == '\'' || e[-1] == '`'))
        e--;
    char needle[96];
    bdb_copy(needle, sizeof needle, anchor, anchor + an);
    if (!bdb_find(p, e, needle))
        return 0;
    /* the time text ends the line: look at its last 1 KiB, 64 starts */
    const char *from = e - p > 1024 ? e - 1024 : p + 1;
    int tries = 0;
    for (const char *s = from; s < e && tries < 64; s++) {
        if (!is_digit(*s) || is_digit(s[-1]) || s[-1] == '.' || s[-1] == ',')
            continue;
        tries++;
        if (bdb_tfmt_match_line(f, 0, s, e, r))
            return 1;
    }
    return 0;
}

/* A near miss: the line has every non-blank literal of format line k, in
 * order and starting where the format starts, but did not match (a figure
 * printed as "inf", "-", "nan"). For a format line of figures only, a line
 * of as many number-like words as the format has fields. */
int bdb_tfmt_near_miss(const tfmt *f, int k, const char *p, const char *e)
{
    const fitem *it = &f->items[f->lines[k]];
    int n = f->lines[k + 1] - f->lines[k];
    int lits = 0, fields = 0;
    const char *q = p;
    for (int i = 0; i < n; i++) {
        if (it[i].field) {
            fields++;
            continue;
        }
        const char *a = it[i].lit, *z = it[i].lit + it[i].n;
        bdb_trim_blank(&a, &z);
        if (a == z)
            continue;
        lits++;
        char needle[96];
        bdb_copy(needle, sizeof needle, a, z);
        const char *hit = bdb_find(q, e, needle);
        if (!hit || (i == 0 && hit != p))
            return 0;
        q = hit + (z - a);
    }
    if (lits)
        return 1;
    /* figures only: as many words, each digits/punctuation or nan/inf */
    int words = 0;
    for (q = p; q < e;) {
        q = bdb_skip_blank(q, e);
        if (q >= e)
            break;
        const char *w = q;
        while (q < e && *q != ' ' && *q != '\t')
            q++;
        int ok = 1;
        for (const char *c = w; c < q; c++)
            if (!(is_digit(*c) || strchr(".,:%?-+", *c)))
                ok = 0;
        if (!ok && !(q - w == 3 && (bdb_starts_with(w, q, "nan") ||
                                    bdb_starts_with(w, q, "inf") ||
                                    bdb_starts_with(w, q, "NaN"))))
            return 0;
        words++;
    }
    return words == fields;
}

