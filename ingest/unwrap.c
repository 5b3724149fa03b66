/* unwrap.c - undoes the containers a published log comes in (see
 * unwrap.h), one pass per container, each keeping the map from its
 * lines back to the file's.
 *
 * Order: quoted-printable first (it encodes everything else), then HTML
 * (<pre> blocks, of a page or of a Markdown text whose own lines stay;
 * per-line paragraphs, or entities alone), <br> tags at
 * the ends of lines of a text that is not HTML, Unicode blanks, a
 * terminal's escape sequences, mail quotes, a terminal's ^C echo,
 * Markdown/BBCode/Hugo block markers, Markdown pipe tables, Markdown's
 * backslash escapes (unwrap_lines.c), inline markup, line markers
 * (comment leaders, CI stamps, diff lines, "| " quotes), string
 * literals over several lines and one a line (program source:
 * unwrap_source.c), a report whose line breaks were lost
 * (unwrap_lines.c), trailing comments, uniform indentation, a prefix
 * on each line, lines continued with a trailing backslash
 * (unwrap_joins.c), a shell prompt glued to the first line, and last the interleaved
 * streams of named services (docker compose), taken apart into parts
 * read one at a time (bdb_unwrapped.nparts). A pass runs
 * only when its container is seen in the first BDB_UNWRAP_LOOK bytes of
 * the text it would read. */
#define BDB_UNWRAP_DRIVER
#include "unwrap_pass.h"
#include "unread.h"
#include "../common/bdb_error.h"
#include "../common/bdb_grow.h"
#include "../common/bdb_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A text and its map: line_of NULL means line i is the file's line i. */

static int line_at(const view *v, size_t i)
{
    return v->line_of ? v->line_of[i] : (int)i + 1;
}

static int put_bytes(text *t, const char *p, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *np = realloc(t->p, cap);
        if (!np)
            return BDB_ENOMEM;
        t->p = np;
        t->cap = cap;
    }
    memcpy(t->p + t->len, p, n);
    t->len += n;
    return BDB_OK;
}

/* Ends the current output line; it came from the file's line `from`. */
static int end_line(text *t, int from)
{
    int *m = bdb_grow(t->line_of, t->nlines, &t->lines_cap, sizeof *m, 1024);
    if (!m)
        return BDB_ENOMEM;
    t->line_of = m;
    t->line_of[t->nlines++] = from;
    return put_bytes(t, "\n", 1);
}

/* The next line of v from *pos: [*s, *e) without "\n" (a "\r" before it
 * is kept: the parsers' cursor drops it). 0 at the end. */
static int next_line(const view *v, size_t *pos, const char **s,
                     const char **e)
{
    if (*pos >= v->len)
        return 0;
    *s = v->p + *pos;
    const char *nl = memchr(*s, '\n', v->len - *pos);
    *e = nl ? nl : v->p + v->len;
    *pos = (size_t)(*e - v->p) + (nl ? 1 : 0);
    return 1;
}

static size_t look(const view *v)
{
    return v->len < BDB_UNWRAP_LOOK ? v->len : BDB_UNWRAP_LOOK;
}

/* The helpers for the passes of unwrap_source.c. */
int bdb_uw_line_at(const view *v, size_t i)
{
    return line_at(v, i);
}

int bdb_uw_put(text *t, const char *p, size_t n)
{
    return put_bytes(t, p, n);
}

int bdb_uw_end_line(text *t, int from)
{
    return end_line(t, from);
}

int bdb_uw_next_line(const view *v, size_t *pos, const char **s,
                     const char **e)
{
    return next_line(v, pos, s, e);
}

size_t bdb_uw_look(const view *v)
{
    return look(v);
}

static size_t count_in(const char *p, size_t n, const char *needle, int icase)
{
    size_t k = strlen(needle), c = 0;
    if (k == 0 || k > n)
        return 0;
    /* memchr to each place the first byte (either case) stands */
    char lo = needle[0], up = needle[0];
    if (icase && lo >= 'A' && lo <= 'Z')
        lo = (char)(lo - 'A' + 'a');
    if (icase && up >= 'a' && up <= 'z')
        up = (char)(up - 'a' + 'A');
    const char *q = p, *end = p + n - k + 1;
    while (q < end) {
        const char *h = memchr(q, lo, (size_t)(end - q));
        if (up != lo) {
            const char *u = memchr(q, up, (size_t)((h ? h : end) - q));
            if (u)
                h = u;
        }
        if (!h)
            break;
        if (icase ? strncasecmp(h, needle, k) == 0 : memcmp(h, needle, k) == 0)
            c++;
        q = h + 1;
    }
    return c;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* ---- quoted-printable (RFC 2045 6.7) ---- */

/* RFC 2045 6.7 (5): encoded lines are at most 76 characters; an encoder
 * puts a soft break in the last few columns of a longer one */
#define QP_LINE_MAX 76
#define QP_SOFT_FROM 70

static int is_upper_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

/* How many "=XX" of a byte from 0xA0 stand as the encoder writes them
 * (upper-case hex, RFC 2045 6.7 (1)) and alone: another "=", a blank, a
 * line end or a non-hex character after them. A page's no-break space
 * is "=C2=A0" in UTF-8 and "=A0" in Latin-1, a UTF-8 character starts
 * with "=C2" to "=F4"; a tool's "=" is followed by a decimal ("min=85,"
 * of fio) or a lower-case or decimal size ("bs=4k"), and a hex value
 * ("mask=A0FF") goes on with hex digits. */
static size_t qp_high_escapes(const char *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i + 2 < n; i++) {
        if (p[i] != '=' || p[i + 1] < 'A' || p[i + 1] > 'F' ||
            !is_upper_hex(p[i + 2]))
            continue;
        char next = i + 3 < n ? p[i + 3] : '\n';
        if (hexval(next) < 0)
            c++;
        i += 2;
    }
    return c;
}

static int qp_seen(const view *v)
{
    size_t n = look(v);
    if (count_in(v->p, n, "Content-Transfer-Encoding: quoted-printable", 1))
        return 1;
    /* "=3D" is "=" itself, which every tool's output prints somewhere; a
     * plain log does not write "=3D" twice */
    if (count_in(v->p, n, "=3D", 0) >= 2)
        return 1;
    /* bytes above 0x7F, a mail's no-break spaces ("[=C2=A0 5]=C2=A0=C2=A0
     * 0.00-1.00=C2=A0=C2=A0 sec", "sec=A0=A0 941"): four of them */
    if (qp_high_escapes(v->p, n) >= 4)
        return 1;
    /* A text with no "=" of its own (iperf3's) has no "=3D": its soft
     * breaks tell it. An encoder writes lines of at most 76 characters
     * and breaks one longer with a "=" in the last columns, so that the
     * next line (a quoted line's continuation) lacks its quote marker
     * ("> > ... Lost/To=" / "tal Datagrams"). Two such breaks of quoted
     * lines, and no line longer than 76, are quoted-printable; a mail
     * client that wraps a quote after "key=" quotes the continuation
     * too, and a log hard-wrapped so has lines of any length. A line
     * not quoted breaks so too ("... 437/864 (51=" / "%)  receiver",
     * "Lost/Total Datag=" / "rams"): the same two breaks at most 76
     * characters in a text of no longer line tell it. */
    view w = {v->p, n, NULL};
    size_t pos = 0, longest = 0;
    int soft = 0, pending = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e)) {
        if (e > s && e[-1] == '\r')
            e--;
        size_t k = (size_t)(e - s);
        if (k > longest)
            longest = k;
        if (pending && !is_blank_text(s, e) && *s != '>')
            soft++;
        pending = k >= QP_SOFT_FROM && k <= QP_LINE_MAX && e[-1] == '=';
    }
    return soft >= 2 && longest <= QP_LINE_MAX;
}

/* Records a soft break of the line that starts on the file's line
 * `from`: what follows byte `at` of the output (the tail, once the line
 * ends) is on the file's line `line`. */
static int qp_break(bdb_unwrapped *u, int from, size_t at, int line)
{
    if (u->nbrk == u->brk_cap) {
        size_t cap = u->brk_cap ? u->brk_cap * 2 : 64;
        int *f = realloc(u->brk_from, cap * sizeof *f);
        if (!f)
            return BDB_ENOMEM;
        u->brk_from = f;
        int *l = realloc(u->brk_line, cap * sizeof *l);
        if (!l)
            return BDB_ENOMEM;
        u->brk_line = l;
        size_t *t = realloc(u->brk_tail, cap * sizeof *t);
        if (!t)
            return BDB_ENOMEM;
        u->brk_tail = t;
        u->brk_cap = cap;
    }
    u->brk_from[u->nbrk] = from;
    u->brk_tail[u->nbrk] = at; /* the offset until the line ends */
    u->brk_line[u->nbrk++] = line;
    return BDB_OK;
}

/* The offsets of the breaks since `first` become tails: bytes from the
 * break to the end of the line, which ends at output offset `end`. */
static void qp_tails(bdb_unwrapped *u, size_t first, size_t end)
{
    for (size_t k = first; k < u->nbrk; k++)
        u->brk_tail[k] = end - u->brk_tail[k];
}

int bdb_uw_break(bdb_unwrapped *u, int from, size_t at, int line)
{
    return qp_break(u, from, at, line);
}

/* Ends out's line, joined from the file's line `from` on: the breaks
 * recorded since *first_brk get their tails, and the next line's are
 * the breaks to come. BDB_OK or BDB_ENOMEM. */
static int joined_end(bdb_unwrapped *u, text *out, size_t *first_brk,
                      int from)
{
    qp_tails(u, *first_brk, out->len);
    *first_brk = u->nbrk;
    return end_line(out, from);
}

int bdb_uw_joined_end(bdb_unwrapped *u, text *out, size_t *first_brk,
                      int from)
{
    return joined_end(u, out, first_brk, from);
}

int bdb_uw_drop(bdb_unwrapped *u, int from, size_t tail, const char *p,
                const char *e)
{
    p = skip_blank(p, e);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    if (p == e || !bdb_unread_first_number_line(p, (size_t)(e - p)))
        return BDB_OK;
    bdb_unwrap_drop *d = bdb_grow(u->drops, u->ndrops, &u->drops_cap,
                                  sizeof *d, 16);
    if (!d)
        return BDB_ENOMEM;
    u->drops = d;
    d += u->ndrops++;
    /* on a line joined from several, the piece the text starts in */
    d->line = from;
    size_t best = (size_t)-1;
    for (size_t k = 0; k < u->nbrk; k++)
        if (u->brk_from[k] == from && u->brk_tail[k] >= tail &&
            u->brk_tail[k] < best) {
            best = u->brk_tail[k];
            d->line = u->brk_line[k];
        }
    size_t n = (size_t)(e - p), cut = sizeof d->text - 4;
    if (n < sizeof d->text) {
        memcpy(d->text, p, n);
        d->text[n] = '\0';
        return BDB_OK;
    }
    /* cut at a character's start, "..." after it */
    while (cut > 0 && ((unsigned char)p[cut] & 0xC0) == 0x80)
        cut--;
    memcpy(d->text, p, cut);
    memcpy(d->text + cut, "...", 4);
    return BDB_OK;
}

static int qp_pass(const view *v, text *out, bdb_unwrapped *u)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    int open_from = 0;   /* the file's line a soft break continues */
    size_t first_brk = u->nbrk;
    while (next_line(v, &pos, &s, &e)) {
        int from = open_from ? open_from : line_at(v, i);
        /* a continuation: its text is on its own line of the file */
        if (open_from && qp_break(u, from, out->len, line_at(v, i)))
            return BDB_ENOMEM;
        i++;
        if (e > s && e[-1] == '\r')
            e--;
        int soft = 0;
        const char *last = e;
        while (last > s && (last[-1] == ' ' || last[-1] == '\t'))
            last--;
        if (last > s && last[-1] == '=') {
            soft = 1;
            e = last - 1;
        }
        for (const char *p = s; p < e; p++) {
            int hi, lo;
            if (*p == '=' && e - p >= 3 && (hi = hexval(p[1])) >= 0 &&
                (lo = hexval(p[2])) >= 0) {
                char c = (char)(hi * 16 + lo);
                if (c != '\0' && put_bytes(out, &c, 1))
                    return BDB_ENOMEM;
                p += 2;
            } else if (put_bytes(out, p, 1)) {
                return BDB_ENOMEM;
            }
        }
        if (soft) {
            open_from = from;
            continue;
        }
        open_from = 0;
        if (joined_end(u, out, &first_brk, from))
            return BDB_ENOMEM;
    }
    return open_from ? joined_end(u, out, &first_brk, open_from) : BDB_OK;
}

/* ---- HTML: <pre> blocks, entities ---- */

static const struct {
    const char *name;
    const char *text;
} entities[] = {{"gt", ">"},   {"lt", "<"},    {"amp", "&"},
                {"quot", "\""}, {"apos", "'"}, {"nbsp", " "},
                {"#39", "'"},  {"#x27", "'"}};

/* Writes the character of the entity at p (just after '&') and returns
 * its length past the '&', or 0 when p starts no entity. */
static size_t entity(const char *p, const char *e, text *out, int *err)
{
    const char *semi = memchr(p, ';', (size_t)(e - p) < 10 ? (size_t)(e - p) : 10);
    if (!semi)
        return 0;
    size_t n = (size_t)(semi - p);
    for (size_t k = 0; k < sizeof entities / sizeof *entities; k++)
        if (strlen(entities[k].name) == n &&
            memcmp(p, entities[k].name, n) == 0) {
            *err = put_bytes(out, entities[k].text, strlen(entities[k].text));
            return n + 1;
        }
    if (n >= 2 && p[0] == '#') {
        unsigned long cp = 0;
        int hex = p[1] == 'x' || p[1] == 'X';
        for (const char *q = p + 1 + hex; q < semi; q++) {
            int d = hex ? hexval(*q) : (*q >= '0' && *q <= '9' ? *q - '0' : -1);
            if (d < 0 || cp > 0x10FFFF)
                return 0;
            cp = cp * (hex ? 16 : 10) + (unsigned long)d;
        }
        char u[4];
        size_t k;
        if (cp == 0 || cp > 0x10FFFF)
            return 0;
        if (cp < 0x80) {
            u[0] = (char)cp;
            k = 1;
        } else if (cp < 0x800) {
            u[0] = (char)(0xC0 | (cp >> 6));
            u[1] = (char)(0x80 | (cp & 0x3F));
            k = 2;
        } else if (cp < 0x10000) {
            u[0] = (char)(0xE0 | (cp >> 12));
            u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
            u[2] = (char)(0x80 | (cp & 0x3F));
            k = 3;
        } else {
            u[0] = (char)(0xF0 | (cp >> 18));
            u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
            u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
            u[3] = (char)(0x80 | (cp & 0x3F));
            k = 4;
        }
        *err = put_bytes(out, u, k);
        return n + 1;
    }
    return 0;
}

static int starts_tag(const char *p, const char *e, const char *name)
{
    size_t n = strlen(name);
    return (size_t)(e - p) > n && strncasecmp(p, name, n) == 0 &&
           (p[n] == '>' || p[n] == ' ' || p[n] == '\t' || p[n] == '\r' ||
            p[n] == '/' || p + n + 1 == e);
}

/* 1 when [p, e) holds the tag <name ...> or </name>: the name whole, so
 * that "<precursor>" in a usage text is not a <pre>. */
static int has_tag(const char *p, const char *e, const char *name)
{
    for (const char *c = p; c < e && (c = memchr(c, '<', (size_t)(e - c)));
         c++) {
        const char *t = c + 1 < e && c[1] == '/' ? c + 2 : c + 1;
        if (starts_tag(t, e, name))
            return 1;
    }
    return 0;
}

static int pre_seen(const view *v)
{
    size_t n = look(v);
    return has_tag(v->p, v->p + n, "pre") || has_tag(v->p, v->p + n, "xmp");
}

static int entities_seen(const view *v)
{
    size_t n = look(v);
    /* ab -w writes an HTML table of its own, with &nbsp; and &lt; in it:
     * that is the tool's text, which its parser reads */
    if (count_in(v->p, n, "<table", 1) || count_in(v->p, n, "<th", 1))
        return 0;
    return count_in(v->p, n, "&gt;", 0) + count_in(v->p, n, "&lt;", 0) +
               count_in(v->p, n, "&amp;", 0) + count_in(v->p, n, "&quot;", 0) +
               count_in(v->p, n, "&#", 0) >=
           2;
}

/* An excerpt that starts inside a <pre> block: its first tag is a
 * closing one ("...100%  776 (longest request)</code></pre>"). */
static int pre_closed_first(const view *v)
{
    size_t n = look(v);
    for (size_t i = 0; i + 5 <= n; i++)
        if (v->p[i] == '<') {
            if (starts_tag(v->p + i + 1, v->p + n, "pre") ||
                starts_tag(v->p + i + 1, v->p + n, "xmp"))
                return 0;
            if (v->p[i + 1] == '/' &&
                (starts_tag(v->p + i + 2, v->p + n, "pre") ||
                 starts_tag(v->p + i + 2, v->p + n, "xmp")))
                return 1;
        }
    return 0;
}

/* The tags a page wraps each line of a log in, one paragraph a line:
 * "<p>1000000+0 records in</p>". */
static const char *const line_tags[] = {"p", "div", "li", "span", "font",
                                        "code", "tt", "br"};

static int is_line_tag(const char *p, const char *e)
{
    if (p >= e || *p != '<')
        return 0;
    for (size_t k = 0; k < sizeof line_tags / sizeof *line_tags; k++)
        if (starts_tag(p + 1, e, line_tags[k]))
            return 1;
    return 0;
}

/* A <code> block over several lines: a line that starts with "<code>" and
 * does not close it, then, later, a line that ends with "</code>" and does
 * not open one ("    <code>[13:50:01] [root@pepe ~]# ab -n 10000 ..." ...
 * "    100%    102 (longest request)</code>"). */
static int code_block_seen(const view *w)
{
    size_t pos = 0;
    const char *s, *e;
    int open = 0;
    while (next_line(w, &pos, &s, &e)) {
        const char *p = skip_blank(s, e);
        const char *z = e;
        while (z > p && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
            z--;
        size_t n = (size_t)(z - p);
        int opens = n > 6 && strncasecmp(p, "<code>", 6) == 0 &&
                    count_in(p, n, "</code", 1) == 0;
        int closes = n > 7 && strncasecmp(z - 7, "</code>", 7) == 0 &&
                     count_in(p, n, "<code", 1) == 0;
        if (opens)
            open = 1;
        else if (closes && open)
            return 1;
    }
    return 0;
}

/* Lines that are HTML paragraphs: a line tag first, a closing tag or a
 * <br> last; or a <code> block over several lines. ab -w's own table
 * (<tr><th>) is the tool's text. */
static int paragraphs_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    if (count_in(w.p, w.len, "<table", 1) || count_in(w.p, w.len, "<th", 1))
        return 0;
    size_t pos = 0, n = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e) && n < 2) {
        const char *p = skip_blank(s, e);
        const char *z = e;
        while (z > p && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
            z--;
        if (!is_line_tag(p, z) || z[-1] != '>')
            continue;
        const char *lt = z - 1;
        while (lt > p && *lt != '<')
            lt--;
        n += lt > p && (lt[1] == '/' || starts_tag(lt + 1, z, "br"));
    }
    return n >= 2 || code_block_seen(&w);
}

/* A tag at p: "<" then a letter, "/" or "!", closed on its line. */
static const char *tag_end(const char *p, const char *e)
{
    if (e - p < 3 || *p != '<')
        return NULL;
    char c = p[1];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '/' ||
          c == '!'))
        return NULL;
    const char *gt = memchr(p, '>', (size_t)(e - p));
    return gt ? gt + 1 : NULL;
}

/* ---- a text with <pre> blocks in it ---- */

static int is_fence(const char *s, const char *e);

/* The start of a <pre> or <xmp> tag (open: "pre", close: "/pre") at p
 * ('<'). */
static int pre_tag(const char *p, const char *e, int close)
{
    return starts_tag(p + 1, e, close ? "/pre" : "pre") ||
           starts_tag(p + 1, e, close ? "/xmp" : "xmp");
}

/* A tag that makes a page a whole HTML document, never a Markdown text's
 * inline HTML. */
static int document_tag(const char *p, const char *e)
{
    return starts_tag(p + 1, e, "html") || starts_tag(p + 1, e, "body") ||
           starts_tag(p + 1, e, "head") || (e - p > 9 &&
                                             strncasecmp(p + 1, "!doctype", 8) == 0);
}

/* Whether the text outside the <pre> blocks of v is a text of its own,
 * not HTML: a README, a wiki or a Markdown page that writes one command
 * in a <pre> block ("<pre><code>$ curl -L ... | bash</code></pre>") and
 * keeps its logs in Markdown fences, or in plain lines. A page is HTML
 * when it names itself (<html>, <body>, <head>, <!DOCTYPE>), or when a
 * quarter of its non-blank lines outside the blocks hold a tag (<p>
 * paragraphs, <div>s, a theme's markup: an exported blog's prose runs
 * over lines without one). Two fence lines outside the blocks make a
 * Markdown text whatever its tags. */
static int pre_in_text(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, outside = 0, tagged = 0, fences = 0;
    const char *s, *e;
    int in = pre_closed_first(v);
    while (next_line(&w, &pos, &s, &e)) {
        /* words: a letter or digit outside the blocks and the tags */
        int words = 0, tag = 0;
        if (!in && is_fence(s, e))
            fences++;
        for (const char *p = s; p < e; p++) {
            const char *te;
            if (*p == '<' && !in && document_tag(p, e))
                return 0;
            if (*p == '<' && (pre_tag(p, e, 0) || pre_tag(p, e, 1))) {
                in = pre_tag(p, e, 0);
                const char *gt = memchr(p, '>', (size_t)(e - p));
                p = gt ? gt : e - 1;
            } else if (!in && *p == '<' && (te = tag_end(p, e)) != NULL) {
                tag = 1;
                p = te - 1;
            } else if (!in && ((*p >= '0' && *p <= '9') ||
                               ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'))) {
                words = 1;
            }
        }
        outside += (size_t)(words || tag);
        tagged += (size_t)tag;
    }
    return fences >= 2 || tagged * 4 < outside;
}

enum { HTML_ENTITIES, HTML_PRE, HTML_PARAGRAPHS, HTML_PRE_IN_TEXT,
       HTML_PRE_IN_PAGE };

/* How the <pre> pass reads v: a text's own lines around its blocks stay
 * (pre_in_text); a page's are dropped (u->dropped), or, kept when asked
 * (keep), read as paragraphs. */
static int pre_mode(const view *v, int keep, bdb_unwrapped *u)
{
    if (pre_in_text(v))
        return HTML_PRE_IN_TEXT;
    if (keep)
        return HTML_PRE_IN_PAGE;
    u->dropped = 1;
    return HTML_PRE;
}

/* HTML_PRE: keep only what <pre>/<xmp> blocks hold, tags stripped and <br>
 * a line break; HTML_PRE_IN_TEXT: the same, and the text outside the
 * blocks with its tags, entities decoded, on lines apart from the
 * blocks' (pre_in_text); HTML_PRE_IN_PAGE: the same, the tags outside
 * stripped too and <br> a line break there (a page read as paragraphs);
 * HTML_PARAGRAPHS: every line, its tags stripped, <br> a line break;
 * HTML_ENTITIES: every line, entities decoded. */
static int html_pass(const view *v, text *out, int mode)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    int page = mode == HTML_PRE_IN_PAGE;
    int keep = mode == HTML_PRE_IN_TEXT || page;
    int pre = mode == HTML_PRE || keep;
    int in = !pre || pre_closed_first(v);
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        /* a block closed after text of this line: the next block opened
         * on the same line starts a line of its own ("...Will
         * Glozer</span></span></code></pre></div><p>..</p><div><pre><code>
         * <span class="line"><span>wrk -t8 ...", a page's one-line
         * markup between two code blocks) */
        size_t line_mark = out->len;
        int closed_text = 0;
        for (const char *p = s; p < e;) {
            const char *te;
            if ((mode == HTML_PARAGRAPHS || (page && !in)) &&
                !(pre && pre_tag(p, e, 0)) && (te = tag_end(p, e)) != NULL) {
                if (starts_tag(p + 1, e, "br") && end_line(out, from))
                    return BDB_ENOMEM;
                p = te;
                continue;
            }
            /* a text's own tags outside the blocks stay (keep) */
            if (*p == '<' && pre && (!keep || in || pre_tag(p, e, 0))) {
                const char *gt = memchr(p, '>', (size_t)(e - p));
                if (pre_tag(p, e, 0)) {
                    if (!in && (closed_text || (keep && out->len > line_mark))) {
                        if (end_line(out, from))
                            return BDB_ENOMEM;
                        closed_text = 0;
                        line_mark = out->len;
                    }
                    in = 1;
                } else if (pre_tag(p, e, 1)) {
                    closed_text = in && out->len > line_mark;
                    in = 0;
                    /* the text after the block, on a line of its own */
                    const char *rest = gt ? gt + 1 : e;
                    if (keep && closed_text && !is_blank_text(rest, e)) {
                        if (end_line(out, from))
                            return BDB_ENOMEM;
                        closed_text = 0;
                        line_mark = out->len;
                    }
                }
                else if (in && starts_tag(p + 1, e, "br") && end_line(out, from))
                    return BDB_ENOMEM;
                /* a tag left open at the end of its line ends there */
                p = gt ? gt + 1 : e;
                continue;
            }
            /* the text outside the blocks, kept, has its entities
             * decoded too ("I&#8217;ve") */
            if (!in && !keep) {
                p++;
                continue;
            }
            if (*p == '&' && e - p >= 5 &&
                (memcmp(p, "&#10;", 5) == 0 || memcmp(p, "&#13;", 5) == 0 ||
                 strncasecmp(p, "&#xa;", 5) == 0)) {
                /* an encoded line break (Confluence, JSON-in-HTML exports)
                 * is a line of its own: the text keeps one line per
                 * mapped line */
                if (p[3] != '3' && end_line(out, from))
                    return BDB_ENOMEM;
                p += 5;
                continue;
            }
            if (*p == '&') {
                int err = 0;
                size_t k = entity(p + 1, e, out, &err);
                if (err)
                    return BDB_ENOMEM;
                if (k) {
                    p += 1 + k;
                    continue;
                }
            }
            if (put_bytes(out, p, 1))
                return BDB_ENOMEM;
            p++;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- Unicode blanks ---- */

/* A page's no-break space (U+00A0), the narrow and figure spaces
 * (U+202F, U+2007) a locale or a typesetter puts between digit groups
 * or columns, a thin space (U+2009) and a CJK text's ideographic space
 * (U+3000) stand where the tool printed a space: every tool prints ASCII
 * blanks. So does a Latin-1 page's no-break space, the byte 0xA0 alone
 * (a quoted-printable "=A0" of a mail in ISO-8859-1): alone, where it is
 * no UTF-8 character's last byte. */
static size_t unicode_blank(const char *p, const char *e, const char *s)
{
    const unsigned char *u = (const unsigned char *)p;
    if (e - p >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
        return 2;
    if (e - p >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80)
        return 3;
    if (e - p >= 3 && u[0] == 0xE2 && u[1] == 0x80 &&
        (u[2] == 0xAF || u[2] == 0x87 || u[2] == 0x89))
        return 3;
    if (u[0] == 0xA0) {
        /* a continuation byte: part of a character when a lead byte
         * (0xC2-0xF4) stands within three bytes before it, over
         * continuation bytes only */
        const unsigned char *q = u;
        int back = 0;
        while (q > (const unsigned char *)s && back < 3 &&
               (q[-1] & 0xC0) == 0x80) {
            q--;
            back++;
        }
        if (q > (const unsigned char *)s && q[-1] >= 0xC2 && q[-1] <= 0xF4)
            return 0;
        return 1;
    }
    return 0;
}

static int blanks_seen(const view *v)
{
    size_t n = look(v);
    if (count_in(v->p, n, "\xC2\xA0", 0) + count_in(v->p, n, "\xE3\x80\x80", 0) +
            count_in(v->p, n, "\xE2\x80\xAF", 0) +
            count_in(v->p, n, "\xE2\x80\x87", 0) +
            count_in(v->p, n, "\xE2\x80\x89", 0) >
        0)
        return 1;
    view w = {v->p, n, NULL};
    size_t pos = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e))
        for (const char *p = s; p < e; p++)
            if ((unsigned char)*p == 0xA0 && unicode_blank(p, e, s))
                return 1;
    return 0;
}

/* The first break (sorted by brk_from) of a line starting on the file's
 * line `from` or after it: u->nbrk when none. */
static size_t breaks_from(const bdb_unwrapped *u, int from)
{
    size_t lo = 0, hi = u->nbrk;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (u->brk_from[mid] < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first of the breaks of the line that starts on the file's line
 * `from`, or u->nbrk when it has none. */
static size_t breaks_of(const bdb_unwrapped *u, int from)
{
    size_t lo = breaks_from(u, from);
    return lo < u->nbrk && u->brk_from[lo] == from ? lo : u->nbrk;
}

/* A pass took the n bytes at q off the line ending at e whose breaks
 * start at index b (breaks_of): a break's place, counted from the
 * line's end (brk_tail), moves by the bytes taken after it, so that a
 * figure's column still finds its own line (bdb_unwrap_line_col). */
static void shrink_tails(bdb_unwrapped *u, size_t b, const char *q, size_t n,
                         const char *e)
{
    size_t after = (size_t)(e - (q + n));
    for (size_t k = b; k < u->nbrk && u->brk_from[k] == u->brk_from[b]; k++)
        if (u->brk_tail[k] > after)
            u->brk_tail[k] = u->brk_tail[k] >= after + n ? u->brk_tail[k] - n
                                                         : after;
}

static void sort_breaks(bdb_unwrapped *u);

static int blanks_pass(const view *v, text *out, bdb_unwrapped *u)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    sort_breaks(u);
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        size_t b = u->nbrk ? breaks_of(u, from) : 0;
        for (const char *p = s; p < e;) {
            size_t k = unicode_blank(p, e, s);
            if (put_bytes(out, k ? " " : p, 1))
                return BDB_ENOMEM;
            if (k > 1 && b < u->nbrk)
                shrink_tails(u, b, p, k - 1, e);
            p += k ? k : 1;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- a terminal's ^C echo glued before a line ---- */

/* The end of the "^C" (or "^Z", "^\\") a terminal echoed when the run was
 * stopped, glued before the tool's next line ("^C[  4]  25.00-25.91
 * sec ..."); NULL when [s, e) starts with none or holds nothing after it. */
static const char *interrupt_end(const char *s, const char *e)
{
    const char *p = skip_blank(s, e), *q = p;
    while (e - q >= 2 && q[0] == '^' &&
           (q[1] == 'C' || q[1] == 'Z' || q[1] == '\\'))
        q += 2;
    if (q == p || is_blank_text(q, e))
        return NULL;
    return q;
}

static int interrupt_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e))
        if (interrupt_end(s, e))
            return 1;
    return 0;
}

/* The echo goes, the line's indentation stays. */
static int interrupt_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *q = interrupt_end(s, e);
        const char *p = q ? skip_blank(s, e) : e;
        if (put_bytes(out, s, (size_t)(p - s)) ||
            (q && put_bytes(out, q, (size_t)(e - q))) || end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- mail quotes ---- */

static const char *after_quote(const char *s, const char *e)
{
    const char *p = s;
    /* ">=64=0.0%" after a quote is fio's depth table, not a deeper quote */
    while (p < e && *p == '>' && !(e - p > 1 && p[1] == '=')) {
        p++;
        if (p < e && *p == ' ')
            p++;
    }
    return p;
}

static int quotes_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, quoted = 0, nonblank = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e)) {
        const char *p = s;
        while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p == e)
            continue;
        nonblank++;
        /* "> " or ">" then text; ">=64" is fio's depth table, never a
         * line's start */
        if (*s == '>' && !(e - s > 1 && s[1] == '='))
            quoted++;
    }
    return quoted >= 3 && quoted * 10 >= nonblank * 3;
}

static int quote_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *p = *s == '>' && !(e - s > 1 && s[1] == '=')
                            ? after_quote(s, e) : s;
        if (put_bytes(out, p, (size_t)(e - p)) || end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- Markdown fences, BBCode [code], Hugo shortcodes ---- */

static int is_fence(const char *s, const char *e)
{
    const char *p = skip_blank(s, e);
    return e - p >= 3 && (memcmp(p, "```", 3) == 0 || memcmp(p, "~~~", 3) == 0);
}

/* A fence with a tool's line glued after it ("``` Thread calibration:
 * mean lat.: 1.071ms, rate sampling interval: 10ms"): where the line
 * starts, or NULL for a fence alone or with its info string ("```bash",
 * "```console title=\"run 1\""). Glued output has three words or more
 * and a digit, and none of the quotes or braces of a fence's
 * attributes. */
static const char *glued_after_fence(const char *s, const char *e)
{
    const char *p = skip_blank(s, e);
    char c = *p;
    while (p < e && *p == c)
        p++;
    p = skip_blank(p, e);
    int words = 0, digit = 0;
    for (const char *q = p; q < e; q++) {
        if (*q == '"' || *q == '\'' || *q == '{' || *q == '`')
            return NULL;
        digit |= *q >= '0' && *q <= '9';
        words += (q == p || q[-1] == ' ' || q[-1] == '\t') && *q != ' ' &&
                 *q != '\t';
    }
    return words >= 3 && digit ? p : NULL;
}

/* A line that is a Hugo shortcode alone: "{{< output >}}", "{{< /file >}}",
 * "{{< highlight bash >}}", "{{% note %}}". */
static int is_shortcode(const char *s, const char *e)
{
    const char *p = skip_blank(s, e);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    if (e - p < 6 || p[0] != '{' || p[1] != '{' || (p[2] != '<' && p[2] != '%'))
        return 0;
    return e[-1] == '}' && e[-2] == '}' && e[-3] == (p[2] == '<' ? '>' : '%');
}

/* fenced: whether the look holds a byte a fence or a shortcode is
 * written with ("`", "~", "{"); without one, only BBCode is looked for */
static int blocks_seen(const view *v, int fenced)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, fences = 0;
    const char *s, *e;
    while (fenced && next_line(&w, &pos, &s, &e))
        fences += (size_t)(is_fence(s, e) || is_shortcode(s, e));
    if (fences >= 2)
        return 1;
    return count_in(w.p, w.len, "[code", 1) && count_in(w.p, w.len, "[/code]", 1);
}

/* The BBCode tags [code], [code=...], [/code], [quote...], [/quote] are
 * dropped where they stand; a fence or shortcode line becomes blank. The prose around
 * the blocks stays: a log is often told around its blocks. */
static int block_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *glued = is_fence(s, e) ? glued_after_fence(s, e) : NULL;
        if (glued) {
            s = glued;
        } else if (is_fence(s, e) || is_shortcode(s, e)) {
            if (end_line(out, from))
                return BDB_ENOMEM;
            continue;
        }
        for (const char *p = s; p < e;) {
            if (*p == '[' && (starts_tag(p + 1, e, "code") ||
                              starts_tag(p + 1, e, "/code") ||
                              starts_tag(p + 1, e, "quote") ||
                              starts_tag(p + 1, e, "/quote") ||
                              (e - p > 5 && strncasecmp(p + 1, "code=", 5) == 0))) {
                const char *rb = memchr(p, ']', (size_t)(e - p));
                if (rb) {
                    p = rb + 1;
                    continue;
                }
            }
            if (put_bytes(out, p, 1))
                return BDB_ENOMEM;
            p++;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- <br> tags ending the lines of a text that is not HTML ---- */

/* A README or wiki that keeps a log's lines apart with "<br/>" at their
 * ends ("Complete requests:      1000<br/>", "  50%      4 <br/>"), or
 * inside a Markdown table's cells ("|  4<br/>  |"), and no other HTML. */

/* The length of a <br>, <br/> or <br /> tag at p, or 0. */
static size_t br_tag(const char *p, const char *e)
{
    if (e - p < 4 || p[0] != '<' || strncasecmp(p + 1, "br", 2) != 0)
        return 0;
    const char *q = skip_blank(p + 3, e);
    if (q < e && *q == '/')
        q++;
    return q < e && *q == '>' ? (size_t)(q + 1 - p) : 0;
}

/* 1 when only blanks, "\r" and table pipes follow q on its line. */
static int only_pipes_after(const char *q, const char *e)
{
    for (; q < e; q++)
        if (*q != ' ' && *q != '\t' && *q != '\r' && *q != '|')
            return 0;
    return 1;
}

static int br_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, n = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e) && n < 2)
        for (const char *p = s;
             p < e && (p = memchr(p, '<', (size_t)(e - p))); p++) {
            size_t k = br_tag(p, e);
            if (k && only_pipes_after(p + k, e)) {
                n++;
                break;
            }
        }
    return n >= 2;
}

/* A tag with only blanks or pipes after it goes (a space takes its place
 * in a cell); one with text after it breaks the line, as HTML would. */
static int br_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        for (const char *p = s; p < e;) {
            size_t k = *p == '<' ? br_tag(p, e) : 0;
            if (!k) {
                if (put_bytes(out, p, 1))
                    return BDB_ENOMEM;
                p++;
                continue;
            }
            p += k;
            if (only_pipes_after(p, e) ? put_bytes(out, " ", 1)
                                       : end_line(out, from))
                return BDB_ENOMEM;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- Markdown pipe tables ---- */

/* An author retypes a log's lines into a Markdown table, one line a cell
 * ("| Timing cached reads:   6992 MB in  2.00 seconds = 3498.29 MB/sec |")
 * or a row of figures cut into cells ("Connect    |    0 |   2   1.3  |").
 * A table is a separator row ("|----|", "---|:---:|") with the rows that
 * hold a pipe around it; its pipes become blanks, so that each row reads
 * as the tool's line, and the separator a blank line. */

/* "|---|---|", "-----|:----:|": dashes, colons, pipes and blanks only,
 * with a pipe and three dashes. */
static int is_table_rule(const char *s, const char *e)
{
    int pipes = 0, dashes = 0;
    for (const char *p = s; p < e; p++) {
        if (*p == '|')
            pipes++;
        else if (*p == '-')
            dashes++;
        else if (*p != ':' && *p != ' ' && *p != '\t' && *p != '\r')
            return 0;
    }
    return pipes && dashes >= 3;
}

static int has_pipe(const char *s, const char *e)
{
    return e > s && memchr(s, '|', (size_t)(e - s)) != NULL;
}

static int tables_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0;
    const char *s, *e;
    int prev_pipe = 0;
    while (next_line(&w, &pos, &s, &e)) {
        if (prev_pipe && is_table_rule(s, e))
            return 1;
        prev_pipe = has_pipe(s, e);
    }
    return 0;
}

/* A cell that is a link alone: "https://i.imgur.com/AoExg0s.png",
 * "![shot](x.png)", "[log](https://...)", or empty. */
static int link_cell(const char *s, const char *e)
{
    s = skip_blank(s, e);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    if (s == e)
        return 1;
    if (*s == '!' && e - s > 1 && s[1] == '[')
        s++;
    if (*s == '[') {
        const char *m = memchr(s, ']', (size_t)(e - s));
        return m && m + 1 < e && m[1] == '(' && e[-1] == ')';
    }
    if ((size_t)(e - s) < 8 || (strncmp(s, "http://", 7) != 0 &&
                                strncmp(s, "https://", 8) != 0))
        return 0;
    for (const char *p = s; p < e; p++)
        if (*p == ' ' || *p == '\t')
            return 0;
    return 1;
}

/* The end of a table row [s, e) without its last cells that are links
 * alone: an author's screenshot or source beside a log line retyped
 * into a cell ("| neofetch  0.06s user ... 0.106 total | https://...png
 * |") is no part of the line, which ends where the tool's did. A row
 * whose every cell is a link keeps them. */
static const char *row_end(const char *s, const char *e)
{
    const char *end = e;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (end > s && end[-1] == '|')
        end--;
    const char *keep = e;
    for (;;) {
        const char *bar = end;
        while (bar > s && bar[-1] != '|')
            bar--;
        if (bar == s || !link_cell(bar, end))
            break;
        /* the cell before is the row's first: nothing but links */
        const char *prev = bar - 1;
        if (is_blank_text(s, prev))
            break;
        keep = prev;
        end = prev;
    }
    return keep;
}

/* A table row [s, e), its pipes blanks. A cell past the first that
 * starts one of the tools' lines ("| X1 Carbon 10th gen | read: IOPS=357k,
 * BW=1395MiB/s ... |", "| sda | Timing cached reads: ... |") is that
 * line retyped, the cells before it the author's label for it: it starts
 * a line of its own (the same file line), so that the tool's line reads
 * as the tool printed it and the label is a line apart, read or warned
 * as any other. */
static int put_row(text *out, const char *s, const char *e, int from)
{
    int text_before = 0;
    for (const char *p = s; p < e; p++) {
        if (*p != '|') {
            if (*p != ' ' && *p != '\t' && *p != '\r')
                text_before = 1;
            if (put_bytes(out, p, 1))
                return BDB_ENOMEM;
            continue;
        }
        const char *c = p + 1, *ce = c;
        while (ce < e && *ce != '|')
            ce++;
        if (text_before && bdb_uw_tool_line_start(c, ce)) {
            if (end_line(out, from))
                return BDB_ENOMEM;
            text_before = 0;
        }
        if (put_bytes(out, " ", 1))
            return BDB_ENOMEM;
    }
    return end_line(out, from);
}

static int table_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    /* the header row is the line before a rule: kept until the next line
     * says whether it was one */
    const char *hs = NULL, *he = NULL;
    int hfrom = 0, in_table = 0;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        int rule = is_table_rule(s, e);
        if (hs) {
            int header = rule;
            for (const char *p = hs; p < he; p++)
                if (put_bytes(out, header && *p == '|' ? " " : p, 1))
                    return BDB_ENOMEM;
            if (end_line(out, hfrom))
                return BDB_ENOMEM;
            hs = NULL;
        }
        if (rule) {
            in_table = 1;
            if (end_line(out, from))
                return BDB_ENOMEM;
            continue;
        }
        if (in_table && !has_pipe(s, e))
            in_table = 0;
        if (!in_table && has_pipe(s, e)) {
            hs = s, he = e, hfrom = from;
            continue;
        }
        if (in_table) {
            if (put_row(out, s, row_end(s, e), from))
                return BDB_ENOMEM;
            continue;
        }
        if (put_bytes(out, s, (size_t)(e - s)) || end_line(out, from))
            return BDB_ENOMEM;
    }
    if (hs && (put_bytes(out, hs, (size_t)(he - hs)) || end_line(out, hfrom)))
        return BDB_ENOMEM;
    return BDB_OK;
}

/* ---- inline markup: BBCode, Markdown emphasis, inline code lines ---- */

/* Forum posts colour and embolden the figure they care about:
 * "327.13 s, **[COLOR=#FF0000]196 MB/s[/COLOR]**". */
static const char *const inline_tags[] = {"b", "i", "u", "s", "color",
                                          "size", "font", "highlight"};

/* The length of an inline BBCode tag at p ("[b]", "[/color]",
 * "[COLOR=\"#FF0000\"]"), or 0. */
static size_t inline_tag(const char *p, const char *e)
{
    if (p >= e || *p != '[')
        return 0;
    const char *q = p + 1;
    if (q < e && *q == '/')
        q++;
    for (size_t i = 0; i < sizeof inline_tags / sizeof *inline_tags; i++) {
        size_t n = strlen(inline_tags[i]);
        if ((size_t)(e - q) <= n || strncasecmp(q, inline_tags[i], n) != 0)
            continue;
        const char *r = q + n;
        if (*r == ']')
            return (size_t)(r + 1 - p);
        if (*r != '=' || q != p + 1)
            continue;
        const char *rb = memchr(r, ']', (size_t)(e - r));
        if (rb && rb - r <= 40)
            return (size_t)(rb + 1 - p);
    }
    return 0;
}

/* "**" around text that holds a digit, on one line */
static int emphasis_on_line(const char *s, const char *e)
{
    const char *a = NULL;
    for (const char *p = s;
         p + 1 < e && (p = memchr(p, '*', (size_t)(e - 1 - p))); p++) {
        if (p[1] != '*')
            continue;
        if (!a) {
            a = p;
            p++;
            continue;
        }
        for (const char *q = a + 2; q < p; q++)
            if (*q >= '0' && *q <= '9')
                return 1;
        a = NULL;
        p++;
    }
    return 0;
}

/* A "**" that opens bold right before a figure and is the line's only
 * one: its closer was lost or mistyped ("113.364 s, **9.5 MB/s()*").
 * Where it is, or NULL. */
static const char *lone_emphasis_opener(const char *s, const char *e)
{
    const char *found = NULL;
    for (const char *p = s;
         p + 1 < e && (p = memchr(p, '*', (size_t)(e - 1 - p))); p++) {
        if (p[1] != '*')
            continue;
        if (found)
            return NULL; /* a pair: emphasis_on_line's */
        found = p;
        p++;
    }
    if (!found || e - found < 3 || found[2] < '0' || found[2] > '9')
        return NULL;
    if (found > s && found[-1] != ' ' && found[-1] != '\t' &&
        found[-1] != ',')
        return NULL;
    return found;
}

/* A whole line set as inline code: "``READ: bw=9924KiB/s ...``"
 * (reStructuredText inline literal) or "`...`" (Markdown code span),
 * holding a digit and no backtick inside. Returns the number of
 * backticks at each end (1 or 2), 0 when the line is not one; *in and
 * *in_end get the text between them. */
static int literal_line(const char *s, const char *e, const char **in,
                        const char **in_end)
{
    const char *p = skip_blank(s, e);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    int n = 0;
    while (n < 3 && p + n < e && p[n] == '`')
        n++;
    if (n < 1 || n > 2 || e - p < 2 * n + 1)
        return 0;
    const char *a = p + n, *b = e - n;
    for (int k = 0; k < n; k++)
        if (b[k] != '`')
            return 0;
    int digit = 0;
    for (const char *q = a; q < b; q++) {
        if (*q == '`')
            return 0;
        digit |= *q >= '0' && *q <= '9';
    }
    if (!digit || *a == ' ' || b[-1] == ' ')
        return 0;
    *in = a;
    *in_end = b;
    return n;
}

/* A Markdown code span inside a line: one backtick (not part of a run of
 * them: a fence or a double-backtick literal is not one), text without a
 * backtick, one backtick, on the same line. Word and Google Docs exports
 * set a line's indentation as a span of blanks ("`  `Thread calibration:
 * ...", "` `50.000%    1.56ms"), and writers set a figure as one
 * ("Requests/sec: `4047.73`": one word holding a digit, or words with
 * the line going on after them: "`1076366 requests in 30.06s`, 285.37MB
 * read"; a span holding blanks between words that ends the line quotes
 * a line, as sbc-bench's "* `aes-256-cbc ...`" list, and stays for the
 * tool's parser). Returns the span's end
 * (after the closing backtick) when the span at p is one of these two,
 * else NULL; *in and *in_end get the text between the backticks. */
static const char *code_span(const char *s, const char *p, const char *e,
                             const char **in, const char **in_end)
{
    if (p >= e || *p != '`' || (p > s && p[-1] == '`') ||
        (p + 1 < e && p[1] == '`'))
        return NULL;
    const char *q = memchr(p + 1, '`', (size_t)(e - p - 1));
    if (!q || q == p + 1 || (q + 1 < e && q[1] == '`'))
        return NULL;
    int blank = 1, digit = 0, blanks = 0;
    for (const char *r = p + 1; r < q; r++) {
        int b = *r == ' ' || *r == '\t';
        blank &= b;
        blanks |= b;
        digit |= *r >= '0' && *r <= '9';
    }
    if (!blank && !digit)
        return NULL;
    if (!blank && blanks) {
        /* words in a span with the tool's line going on after it, a
         * comma then more figures ("- `1076366 requests in 30.06s`,
         * 285.37MB read"): the writer set part of the line as code.
         * Elsewhere such a span quotes a line or a command. */
        const char *r = q + 1;
        while (r < e && (*r == ' ' || *r == '\t'))
            r++;
        int more = 0;
        if (r < e && *r == ',')
            for (const char *c = r + 1; c < e && !more; c++)
                more = *c >= '0' && *c <= '9';
        if (!more)
            return NULL;
    }
    *in = p + 1;
    *in_end = q;
    return q + 1;
}

/* A stray backtick closing a figure line: "[  3]  0.0-10.0 sec  16384
 * PBytes  14751 Pbits/sec`", a writer's code span or fence whose other
 * end is elsewhere. The line's only backtick, last (blanks may follow),
 * right after a character that is neither a blank nor a backtick, on a
 * line holding a digit. Returns where the backtick is, else NULL. */
static const char *stray_tick(const char *s, const char *e)
{
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    if (e - s < 2 || e[-1] != '`' || e[-2] == '`' || e[-2] == ' ' ||
        e[-2] == '\t' || memchr(s, '`', (size_t)(e - 1 - s)))
        return NULL;
    return bdb_first_digit(s, e - 1) ? e - 1 : NULL;
}

static int spans_on_line(const char *s, const char *e)
{
    const char *a, *b;
    /* a span opens at a backquote: memchr finds each (a call per byte
     * was ~1% of an import of small logs) */
    for (const char *p = s; p < e && (p = memchr(p, '`', (size_t)(e - p)));
         p++)
        if (code_span(s, p, e, &a, &b))
            return 1;
    return 0;
}

static int inline_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0;
    const char *s, *e, *a, *b;
    while (next_line(&w, &pos, &s, &e)) {
        if (emphasis_on_line(s, e) || lone_emphasis_opener(s, e) ||
            literal_line(s, e, &a, &b) || spans_on_line(s, e) ||
            stray_tick(s, e))
            return 1;
        for (const char *p = s;
             p < e && (p = memchr(p, '[', (size_t)(e - p))); p++)
            if (p + 1 < e && p[1] == '/' && inline_tag(p, e))
                return 1;
    }
    return 0;
}

/* Drops the inline BBCode tags, the backticks around a line set as
 * inline code, a stray one ending a figure line (stray_tick) and those
 * around the code spans code_span() takes (their text
 * stays, blanks too), and the "**" pairs of lines where they embolden a
 * figure, or a line's only "**" opening bold before a figure; a space
 * takes a tag's place where it would glue a figure to the word before it
 * ("s,**74.7" reads "s, 74.7"). */
static int inline_pass(const view *v, text *out)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *a, *b;
        if (literal_line(s, e, &a, &b)) {
            s = a;  /* the line the markup holds, as the tool printed it */
            e = b;
        } else if ((a = stray_tick(s, e)) != NULL) {
            e = a;  /* the line without the writer's backtick */
        }
        int stars = emphasis_on_line(s, e);
        const char *lone = stars ? NULL : lone_emphasis_opener(s, e);
        int dropped = 0;
        const char *line_s = s;
        for (const char *p = s; p < e;) {
            const char *in, *in_end, *after = code_span(line_s, p, e, &in, &in_end);
            if (after) {
                /* "Requests/sec:`4047.73`": a blank keeps the figure apart */
                if (out->len && out->p[out->len - 1] != ' ' &&
                    out->p[out->len - 1] != '\t' && out->p[out->len - 1] != '\n' &&
                    *in != ' ' && *in != '\t' && put_bytes(out, " ", 1))
                    return BDB_ENOMEM;
                if (put_bytes(out, in, (size_t)(in_end - in)))
                    return BDB_ENOMEM;
                p = after;
                dropped = 0;
                continue;
            }
            size_t n = inline_tag(p, e);
            if (!n && ((stars && p + 1 < e && p[0] == '*' && p[1] == '*') ||
                       p == lone))
                n = 2;
            if (n) {
                p += n;
                dropped = 1;
                continue;
            }
            if (dropped && out->len && out->p[out->len - 1] == ',' &&
                *p != ' ' && put_bytes(out, " ", 1))
                return BDB_ENOMEM;
            dropped = 0;
            if (put_bytes(out, p, 1))
                return BDB_ENOMEM;
            p++;
        }
        if (end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- line markers: comment leaders, CI timestamps, diff lines ---- */

/* A log pasted into code or a CI page carries a marker before each of its
 * lines: a comment leader ("# ", "#~ ", "// ", " * ", "-- ", "; "), a
 * mail quote inside a longer mail ("> ", "| "), a CI runner's timestamp
 * ("2022-11-28T12:54:24.3287989Z "), a diff's "+"/"-". A marker is
 * dropped where at least two lines in a row (blank lines between them
 * allowed) carry the same one at the same indentation: one line alone is
 * more likely a root prompt ("# hdparm -t /dev/sda") or a Markdown title
 * than a wrapper. */
enum { MK_NONE, MK_TEXT, MK_STAMP, MK_DIFF, MK_CONTEXT };

typedef struct marked {
    const char *s, *e;   /* the line, without "\n" */
    int from;
    int kind;            /* MK_* */
    size_t indent;       /* spaces and tabs before the marker */
    size_t len;          /* the marker's bytes (with one blank after it) */
    size_t key;          /* the marker's own bytes, without that blank */
} marked;


/* n digits at p (before e). */
static int digits(const char *p, const char *e, int n)
{
    if (e - p < n)
        return 0;
    for (int k = 0; k < n; k++)
        if (!is_digit(p[k]))
            return 0;
    return 1;
}

/* 1 when the three bytes at p are one of `names` (three-letter names,
 * one after the other). */
static int name3(const char *p, const char *e, const char *names)
{
    if (e - p < 3)
        return 0;
    for (const char *n = names; *n; n += 3)
        if (memcmp(p, n, 3) == 0)
            return 1;
    return 0;
}

static const char months3[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

/* The length of a ctime-like time stamp at p: strftime's "%c" in the C
 * locale, "Mon Dec  7 05:41:34 2026" (what iperf3 --timestamps writes
 * before every line by default, iperf_api.c TIMESTAMP_FORMAT "%c "),
 * date(1)'s "Mon Dec  7 05:41:34 UTC 2026", and glibc en_US's "%c",
 * "Mon 07 Dec 2026 05:41:34 AM UTC"; 0 when none. */
static size_t ctime_len(const char *p, const char *e)
{
    const char *q = p;
    if (!name3(q, e, "MonTueWedThuFriSatSun") || e - q < 20 || q[3] != ' ')
        return 0;
    q += 4;
    int day_first = 0;
    if (name3(q, e, months3) && q[3] == ' ') {
        q += 4;
        if (*q == ' ')
            q++;
        if (!digits(q, e, 1))
            return 0;
        q += 1 + digits(q + 1, e, 1);
    } else if (digits(q, e, 2) && e - q > 12 && q[2] == ' ' &&
               name3(q + 3, e, months3) && q[6] == ' ' && digits(q + 7, e, 4) &&
               q[11] == ' ') {
        q += 12;
        day_first = 1;
    } else {
        return 0;
    }
    if (q >= e || *q != ' ')
        return 0;
    q += *q == ' ';
    if (!(digits(q, e, 2) && e - q >= 8 && q[2] == ':' && digits(q + 3, e, 2) &&
          q[5] == ':' && digits(q + 6, e, 2)))
        return 0;
    q += 8;
    if (day_first && e - q >= 3 && q[0] == ' ' &&
        (q[1] == 'A' || q[1] == 'P') && q[2] == 'M')
        q += 3;
    /* a zone ("UTC", "CEST") before date(1)'s year or after en_US's time */
    const char *z = q;
    if (z < e && *z == ' ') {
        z++;
        const char *a = z;
        while (z < e && *z >= 'A' && *z <= 'Z' && z - a < 6)
            z++;
        if (z - a >= 2 && (z == e || *z == ' ' || *z == '\t' || *z == '\r'))
            q = z;
    }
    if (!day_first) {
        if (!(e - q >= 5 && q[0] == ' ' && digits(q + 1, e, 4)))
            return 0;
        q += 5;
    }
    /* ab -g's gnuplot rows start with one too, a column before a tab:
     * data, not a prefix */
    if (q < e && *q != ' ' && *q != '\r')
        return 0;
    return (size_t)(q - p);
}

/* The length of a timestamp at p: ISO 8601 "2022-11-28T12:54:24.33Z",
 * "2022-11-28 12:54:24,123 +0000", or a bracketed one ("[12:54:24]",
 * "[2022-11-28T12:54:24Z]"), or a ctime-like one (ctime_len); 0 when
 * none. */
static size_t stamp_len(const char *p, const char *e)
{
    size_t c = ctime_len(p, e);
    if (c)
        return c;
    const char *q = p;
    int br = q < e && *q == '[';
    q += br;
    const char *date = q;
    if (digits(q, e, 4) && e - q > 10 && q[4] == '-' && digits(q + 5, e, 2) &&
        q[7] == '-' && digits(q + 8, e, 2) && (q[10] == 'T' || q[10] == ' '))
        q += 11;
    if (!(digits(q, e, 2) && e - q >= 8 && q[2] == ':' && digits(q + 3, e, 2) &&
          q[5] == ':' && digits(q + 6, e, 2)))
        return 0;
    if (q == date && !br)
        return 0;   /* a bare "12:54:24" is too common a value */
    q += 8;
    if (q < e && (*q == '.' || *q == ',') && q + 1 < e && is_digit(q[1])) {
        q++;
        while (q < e && is_digit(*q))
            q++;
    }
    if (q < e && *q == 'Z')
        q++;
    else if (q + 5 <= e && (*q == '+' || *q == '-') && digits(q + 1, e, 2))
        q += 3 + (q[3] == ':') + (digits(q + 3 + (q[3] == ':'), e, 2) ? 2 : 0);
    if (br) {
        if (q >= e || *q != ']')
            return 0;
        q++;
    }
    if (q < e && *q != ' ' && *q != '\t' && *q != '\r')
        return 0;
    return (size_t)(q - p);
}

/* openssl speed -mr's own lines: "+DT:md5:16:3", "+F:1:md5:...", "+R:" */
static int openssl_mr(const char *p, const char *e)
{
    const char *q = p + 1;
    if (q >= e || *q < 'A' || *q > 'Z')
        return 0;
    while (q < e && ((*q >= 'A' && *q <= 'Z') || is_digit(*q)))
        q++;
    return q < e && *q == ':';
}

/* fio's percentile rows: "     |  1.00th=[  620],  5.00th=[  652]," */
static int fio_percentiles(const char *p, const char *e)
{
    for (const char *q = p; q + 4 <= e; q++)
        if (q[0] == 't' && q[1] == 'h' && q[2] == '=' && q[3] == '[')
            return 1;
    return 0;
}

/* openssl speed -multi's own child marker after a "#": "1 :aes-256-cbc",
 * "2 :". */
static int multi_child(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && is_digit(*q))
        q++;
    if (q == p)
        return 0;
    while (q < e && *q == ' ')
        q++;
    return q < e && *q == ':';
}

/* ctest's test number before each line of the test's output under -V
 * and --output-on-failure ("8: [  5]  0.0- 1.0 sec  4.00 GBytes  34.3
 * Gbits/sec"; cmCTestRunTest::CheckOutput writes GetIndex() << ": " <<
 * line), at the line's start: its length with the ":", 0 when none. Not
 * openssl speed -multi's "1 :aes" (a blank before the ":"). */
static size_t ctest_index(const char *p, const char *e)
{
    const char *q = p;
    while (q < e && is_digit(*q) && q - p < 6)
        q++;
    if (q == p || q - p > 5 || q >= e || *q != ':')
        return 0;
    q++;
    return q == e || *q == ' ' || *q == '\t' || *q == '\r'
               ? (size_t)(q - p)
               : 0;
}

/* HdrHistogram's footer that wrk2 prints after "#": "[Mean    =",
 * "[Max     =", "[Buckets =" (a word, blanks, "="). */
static int hdr_footer(const char *p, const char *e)
{
    const char *q = p + 1;
    if (p >= e || *p != '[')
        return 0;
    while (q < e && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
        q++;
    if (q == p + 1)
        return 0;
    while (q < e && *q == ' ')
        q++;
    return q < e && *q == '=';
}

/* A tool's line glued to a "--" or ";" comment leader with no blank
 * between them ("--1024+0 records in", ";/dev/sda:", "--Timing cached
 * reads"): a figure, a path or a capitalised label, not an option
 * ("--offset", "--rw=read") or a rule ("----"). `sep`: a byte that must
 * not recur on the line (';': a CSV row ";1;2;3" is a row, not a
 * comment). */
static int glued_text(const char *p, const char *e, char sep)
{
    if (p >= e || !(is_digit(*p) || *p == '/' || (*p >= 'A' && *p <= 'Z')))
        return 0;
    if (sep && memchr(p, sep, (size_t)(e - p)))
        return 0;
    return 1;
}

static void mark_line(marked *m)
{
    const char *s = m->s, *e = m->e, *p = s;
    m->kind = MK_NONE;
    /* a diff's markers come first, at the line's start; its hunk
     * header ("@@ -1,3 +1,4 @@") opens a run of them and stays */
    if (e - p >= 3 && memcmp(p, "@@ ", 3) == 0) {
        m->kind = MK_DIFF;
        m->indent = m->len = 0;
        m->key = 1;
        return;
    }
    if (p < e && (*p == '+' || *p == '-') &&
        !(p + 1 < e && (p[1] == '+' || p[1] == '-')) && !openssl_mr(p, e) &&
        !(p + 2 < e && p[1] == ' ' && p[2] == '-')) {
        m->kind = MK_DIFF;
        m->indent = 0;
        m->key = m->len = 1;
        return;
    }
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    size_t k = 0;
    if (p < e && *p == '#') {
        if (p + 1 < e && p[1] == '~')
            k = 2;
        else {
            while (p + k < e && p[k] == '#')
                k++;
            /* wrk2's "#[Mean    =", openssl speed -multi's "#1 :aes";
             * a comment glued to a figure ("#1024+0 records in") or to
             * iperf's "[  5]" is a marker */
            if (p + k < e && (hdr_footer(p + k, e) || multi_child(p + k, e)))
                k = 0;
        }
    } else if (e - p >= 2 && p[0] == '/' && p[1] == '/') {
        k = 2;
        while (p + k < e && p[k] == '/')
            k++;
    } else if (e - p >= 2 && p[0] == '-' && p[1] == '-' &&
               (e - p == 2 || p[2] == ' ' || p[2] == '\t' || p[2] == '\r' ||
                glued_text(p + 2, e, 0))) {
        k = 2;
    } else if (p < e && (*p == '*' || *p == ';') &&
               (e - p == 1 || p[1] == ' ' || p[1] == '\r' ||
                (*p == ';' && glued_text(p + 1, e, ';')))) {
        k = 1;
    } else if (p > s && e - p > 2 && *p == '-' && p[1] == ' ' && p[2] != '-') {
        /* an indented Markdown list item ("  - Real: 0m5.082s"); at the
         * line's start "- " is a diff's, above */
        k = 1;
    } else if (p < e && *p == '>' && !(e - p > 1 && p[1] == '=')) {
        k = 1;
    } else if (p < e && *p == '|' &&
               (e - p == 1 || p[1] == ' ' || p[1] == '\t' || p[1] == '\r') &&
               !fio_percentiles(p, e)) {
        /* the "| " some mail clients quote with (a Markdown table's
         * pipes are gone by now); fio's own percentile rows start with
         * "|" too */
        k = 1;
    } else if (p == s && (k = ctest_index(p, e)) > 0) {
        /* ctest's "8: ", after a comment's leader went or alone */
    } else if ((k = bdb_uw_comment_leader(p, e)) > 0) {
        /* Erlang's "%% " (unwrap_source.c) */
    } else if ((p == s || ctime_len(p, e)) && (k = stamp_len(p, e)) > 0) {
        /* a ctime-like stamp may stand indented, as a page quotes an
         * iperf3 --timestamps log: its weekday and month names are no
         * tool's figure */
        m->kind = MK_STAMP;
    }
    if (!k) {
        /* a diff's context line; blank lines join any run */
        if (s < e && *s == ' ' && skip_blank(s, e) < e &&
            !(skip_blank(s, e) + 1 == e && e[-1] == '\r'))
            m->kind = MK_CONTEXT;
        return;
    }
    if (m->kind == MK_NONE)
        m->kind = MK_TEXT;
    m->indent = (size_t)(p - s);
    m->key = k;
    m->len = k + (p + k < e && (p[k] == ' ' || p[k] == '\t'));
}

static int same_marker(const marked *a, const marked *b)
{
    if (a->kind != b->kind || a->indent != b->indent)
        return 0;
    if (a->kind == MK_STAMP || a->kind == MK_DIFF)
        return 1;
    return a->key == b->key &&
           memcmp(a->s + a->indent, b->s + b->indent, a->key) == 0;
}

/* 1 when m's marker is ctest's test number (ctest_index). */
static int ctest_marked(const marked *m)
{
    return m->kind == MK_TEXT && is_digit(m->s[m->indent]);
}

/* 1 when ctest's "N: " of m is followed by the line as the test printed
 * it: one blank, then a byte not a blank, or nothing. iperf3 -T's title
 * ("200:  Connecting to host ...", iperf_printf's "%s:  ") always has
 * two: a run of such lines is the title's, for the prefix pass. */
static int ctest_one_blank(const marked *m)
{
    const char *p = m->s + m->indent + m->key;
    return p >= m->e || *p == '\r' ||
           (*p == ' ' && (p + 1 >= m->e || (p[1] != ' ' && p[1] != '\t')));
}

/* A comment leader's line alone whose rest is a line a tool prints: a
 * script's "# 1073741792 bytes (1.1 GB, 1.0 GiB) copied, 12.9828 s, 82.7
 * MB/s" after the command that printed it, its other lines commands
 * (held-out-15). Its leader goes too. */
static int commented_tool_line(const marked *m)
{
    /* a marker in the marker ("# 8: [  5] ..."): the next round of the
     * pass takes the inner one */
    marked in = *m;
    for (int depth = 0; in.kind == MK_TEXT && depth < 3; depth++) {
        if (ctest_marked(&in) && !ctest_one_blank(&in))
            return 0;
        const char *rest = in.s + in.indent + in.len;
        if (rest >= in.e)
            return 0;
        if (bdb_uw_tool_line(rest, in.e))
            return 1;
        in = (marked){.s = rest, .e = in.e};
        mark_line(&in);
    }
    return 0;
}

/* Marks in strip[] the lines whose marker goes: runs of lines with the
 * same marker (blank lines and, in a diff, context lines between them)
 * holding at least two marked lines, and a marked line alone whose rest
 * is a tool's (commented_tool_line). Returns how many lines lose one. */
static size_t find_runs(marked *l, size_t n, unsigned char *strip)
{
    size_t total = 0;
    for (size_t i = 0; i < n;) {
        if (l[i].kind == MK_NONE || l[i].kind == MK_CONTEXT) {
            i++;
            continue;
        }
        size_t j = i + 1, count = 1, last = i, plus = *l[i].s != '-';
        int ctest = ctest_marked(&l[i]), one = ctest && ctest_one_blank(&l[i]);
        while (j < n) {
            if (l[j].kind != MK_NONE && l[j].kind != MK_CONTEXT &&
                same_marker(&l[i], &l[j])) {
                count++;
                plus += *l[j].s != '-';
                one |= ctest && ctest_one_blank(&l[j]);
                last = j;
            } else if (!(is_blank_text(l[j].s, l[j].e) ||
                         (l[i].kind == MK_DIFF && l[j].kind == MK_CONTEXT))) {
                break;
            }
            j++;
        }
        /* a diff adds lines: "- " alone is a Markdown list; ctest's
         * number before lines every one of which has two blanks after
         * it is iperf3's title (ctest_one_blank) */
        if (count >= 2 && (l[i].kind != MK_DIFF || plus) && (!ctest || one))
            for (size_t k = i; k <= last; k++)
                if (l[k].kind != MK_NONE && (l[k].kind != MK_CONTEXT ||
                                             l[i].kind == MK_DIFF) &&
                    (l[k].kind == MK_CONTEXT || same_marker(&l[i], &l[k]))) {
                    strip[k] = 1;
                    total++;
                }
        if (count == 1 && commented_tool_line(&l[i])) {
            strip[i] = 1;
            total++;
        }
        i = last + 1;
    }
    return total;
}

static int mark_view(const view *v, size_t upto, marked **out, size_t *n)
{
    view w = {v->p, upto, v->line_of};
    size_t pos = 0, cap = 0;
    const char *s, *e;
    *out = NULL;
    *n = 0;
    while (next_line(&w, &pos, &s, &e)) {
        marked *m = bdb_grow(*out, *n, &cap, sizeof **out, 256);
        if (!m) {
            free(*out);
            *out = NULL;
            return BDB_ENOMEM;
        }
        *out = m;
        m[*n] = (marked){.s = s, .e = e, .from = line_at(v, *n)};
        mark_line(&m[*n]);
        (*n)++;
    }
    return BDB_OK;
}

/* -1 out of memory, else whether a run of markers is in the look. */
static int markers_seen(const view *v)
{
    marked *l;
    size_t n;
    if (mark_view(v, look(v), &l, &n))
        return -1;
    unsigned char *strip = calloc(n ? n : 1, 1);
    if (!strip) {
        free(l);
        return -1;
    }
    size_t k = find_runs(l, n, strip);
    free(strip);
    free(l);
    return k > 0;
}

static int marker_pass(const view *v, text *out)
{
    marked *l;
    size_t n;
    if (mark_view(v, v->len, &l, &n))
        return BDB_ENOMEM;
    unsigned char *strip = calloc(n ? n : 1, 1);
    if (!strip) {
        free(l);
        return BDB_ENOMEM;
    }
    find_runs(l, n, strip);
    int rc = BDB_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        const char *p = l[i].s, *e = l[i].e;
        if (strip[i]) {
            if (l[i].kind == MK_CONTEXT)
                p++;
            else
                p += l[i].indent + l[i].len;
            /* "199#": the "#" that closed a commented block */
            if (l[i].kind == MK_TEXT && l[i].key == 1 &&
                l[i].s[l[i].indent] == '#')
                e = bdb_uw_glued_leader_end(p, e, '#');
            /* C's block comment opened and closed on each line, "real
             * 0m16.053s" between them (index id 46187686295) */
            if (l[i].kind == MK_TEXT)
                e = bdb_uw_block_closer_end(l[i].s + l[i].indent, p, e);
        }
        rc = put_bytes(out, p, (size_t)(e - p));
        if (!rc)
            rc = end_line(out, l[i].from);
    }
    free(strip);
    free(l);
    return rc;
}

/* ---- comments after the text of a line ---- */

/* A root shell's prompt before its command: one word naming the host or
 * the directory ("linux-rmw4:/usr/local/bin # ./openssl speed ...",
 * SUSE's default; "root@host:~ # ", "[root@host ~] # " has its blank
 * inside brackets), then "#" and a blank: the "#" of [s, e) at hash
 * after the first word [s, blank) is the prompt's, not a comment's. */
static int root_prompt(const char *s, const char *blank, const char *hash,
                       const char *e)
{
    const char *w = skip_blank(s, blank);
    if (w == blank || hash + 1 >= e || (hash[1] != ' ' && hash[1] != '\t'))
        return 0;
    int host = 0;
    for (const char *c = w; c < blank; c++) {
        if (*c == ' ' || *c == '\t')
            return 0;
        host |= *c == ':' || *c == '@' || *c == '~';
    }
    return host || blank[-1] == ']';
}

/* The length of an arrow a writer typed after a tool's line to point at
 * a figure, at q and followed by a blank or the line's end: "<------------"
 * (ab's "Failed requests:        0 <------------", held-out-12), "<==",
 * "<- best", "<<<", "-->", "==>", ">>>", or a mark: "(!)", "** note";
 * 0 when q holds none. None of the
 * tools prints one: redis-benchmark's "99.90% <= 1 milliseconds" has a
 * one-character "<=", which is no arrow here, nor are "->" and ">>". An
 * arrow with a digit after it on the line is no note: it may stand inside
 * a label before the figures ("IPerf TCP hostX <- hostY :  [  4]
 * 0.0-10.0 sec  1.24 GBytes ...", a wrapper script's, held-out-5). */
static size_t note_arrow(const char *q, const char *e)
{
    const char *a = q;
    if (*a == '(') {
        /* the writer's "(!)", "(!!)" */
        const char *bang = ++a;
        while (a < e && *a == '!')
            a++;
        if (a == bang || a == e || *a != ')')
            return 0;
        a++;
    } else if (*a == '*') {
        /* "** note", "**": not Markdown's bold, glued to its words */
        while (a < e && *a == '*')
            a++;
        if (a - q < 2)
            return 0;
    } else if (*a == '<') {
        const char *shaft = ++a;
        while (a < e && (*a == '-' || *a == '='))
            a++;
        if (a == shaft) {
            while (a < e && *a == '<')
                a++;
            if (a - q < 3)
                return 0;
        } else if (a - shaft < 2 && *shaft != '-') {
            return 0;
        }
    } else if (*a == '>') {
        while (a < e && *a == '>')
            a++;
        if (a - q < 3)
            return 0;
    } else {
        while (a < e && (*a == '-' || *a == '='))
            a++;
        if (a - q < 2 || a == e || *a != '>')
            return 0;
        a++;
    }
    if (a < e && *a != ' ' && *a != '\t' && *a != '\r')
        return 0;
    return bdb_first_digit(a, e) ? 0 : (size_t)(a - q);
}

/* 1 when the "#" at q is a number's sign, not a comment's: iperf3
 * 3.16's "Server listening on 5201 (test #1)", the kernel build of
 * uname's "Linux host 3.10.0-327.el7.x86_64 #1 SMP Thu Nov 19 ..." or
 * "#5.15.137-6~deb11 SMP". A writer's note glued to a number ("#10w
 * requests", "#100 clients") is a comment. */
static int number_sign(const char *q, const char *e)
{
    const char *d = q + 1;
    while (d < e && (is_digit(*d) || (*d == '.' && d > q + 1)))
        d++;
    if (d == q + 1)
        return 0;
    if (d < e && *d == ')')
        return 1;
    while (d < e && *d != ' ' && *d != '\t' && d - q < 40)
        d++;    /* "#5.15.137-6~deb11" */
    return (e - d > 4 && memcmp(d, " SMP", 4) == 0) ||
           (e - d > 8 && memcmp(d, " PREEMPT", 8) == 0);
}

/* Where a comment starts after the text of [s, e): blanks, then "#" or
 * "//" ("Time taken for tests: 0.273 seconds  ##time spent") or a
 * writer's arrow (note_arrow); NULL when there is none. A "#" or "//"
 * inside a word ("[#/sec]", "http://") is the text's own, and so is a
 * number sign (number_sign). */
static const char *trailing_comment(const char *s, const char *e)
{
    const char *p = skip_blank(s, e);
    if (p == e)
        return NULL;
    int quoted = *p == '"';
    for (p++; p < e; p++) {
        /* a "#" in a quoted string is the string's ("SMP #1" in JSON) */
        if (*p == '"')
            quoted = !quoted;
        if (quoted || (*p != ' ' && *p != '\t') || p + 1 >= e)
            continue;
        const char *q = skip_blank(p, e);
        if (q < e && *q == '#' && root_prompt(s, p, q, e)) {
            p = q;
            continue;
        }
        if (q < e && ((*q == '#' && !(q + 1 < e && q[1] == '[') &&
                       !number_sign(q, e)) ||
                      (e - q >= 2 && q[0] == '/' && q[1] == '/') ||
                      note_arrow(q, e)))
            return p;
        p = q - 1;
    }
    return NULL;
}

static int trailing_seen(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, n = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e) && n < 2) {
        const char *c = trailing_comment(s, e);
        if (!c)
            continue;
        /* one is enough when it is plainly a note: "##", an arrow, or
         * words in another script ("# 平均", a tool prints ASCII) */
        c = skip_blank(c, e);
        if (note_arrow(c, e)) {
            n += 2;
            continue;
        }
        const char *t = skip_blank(c + (*c == '#' ? 1 : 2), e);
        n += (c + 1 < e && c[0] == '#' && c[1] == '#') ||
                     (t < e && (unsigned char)*t >= 0x80)
                 ? 2
                 : 1;
    }
    return n >= 2;
}

/* The comments go; one that holds a number is recorded (bdb_uw_drop),
 * for ingest to warn about. */
static int trailing_pass(const view *v, text *out, bdb_unwrapped *u)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    sort_breaks(u);
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *c = trailing_comment(s, e);
        if (c && bdb_uw_drop(u, from, (size_t)(e - c), c, e))
            return BDB_ENOMEM;
        size_t b = c && u->nbrk ? breaks_of(u, from) : u->nbrk;
        if (b < u->nbrk)
            shrink_tails(u, b, c, (size_t)(e - c), e);
        if (put_bytes(out, s, (size_t)((c ? c : e) - s)) ||
            end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- uniform indentation ---- */

/* The spaces every non-blank line of the look starts with (tabs are the
 * tools' own: GNU time -v indents with one). */
static size_t common_indent(const view *v)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, least = (size_t)-1;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e)) {
        const char *p = s;
        while (p < e && *p == ' ')
            p++;
        const char *q = skip_blank(p, e);
        if (q == e || (q + 1 == e && *q == '\r'))
            continue;
        if ((size_t)(p - s) < least)
            least = (size_t)(p - s);
        if (least == 0)
            break;  /* a line at the margin: none is common */
    }
    return least == (size_t)-1 ? 0 : least;
}

static int indent_pass(const view *v, text *out, size_t indent)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i++);
        const char *p = s;
        while (p < e && *p == ' ' && (size_t)(p - s) < indent)
            p++;
        if (put_bytes(out, p, (size_t)(e - p)) || end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- a shell prompt glued to the first line ---- */

/* The end of a prompt at the start of [s, e): "user@host:~$ ",
 * "[root@box tmp]# ", "$ ", "# "; NULL when there is none. */
static const char *prompt_end(const char *s, const char *e)
{
    const char *p = s;
    if (p < e && *p == '[') {
        const char *rb = memchr(p, ']', (size_t)(e - p));
        if (!rb || rb - p > 80)
            return NULL;
        p = rb + 1;
    } else {
        int at = 0;
        while (p < e && *p != ' ' && *p != '$' && *p != '#' && p - s < 80) {
            at |= *p == '@';
            p++;
        }
        if (p != s && !at)
            return NULL;
    }
    if (p < e && (*p == '$' || *p == '#') && p + 1 < e && p[1] == ' ')
        return p + 2;
    return NULL;
}

/* A command after a prompt is the capture's own (the parsers read its
 * options); output glued to a prompt is not. A command starts with a
 * path or a word a capture runs. */
static int is_command(const char *p, const char *e)
{
    static const char *const words[] = {
        "ab", "wrk", "wrk2", "redis-benchmark", "fio", "openssl", "hdparm",
        "dd", "iperf", "iperf3", "time", "sudo", "busybox", "taskset",
        "numactl", "env", "nice", "chrt", "for", "while", "bash", "sh",
        "echo", "cat", "TIMEFORMAT", "export", "LANG", "LC_ALL", "/usr/bin/time"};
    const char *w = p;
    while (w < e && *w != ' ' && *w != '\t' && *w != '\r' && *w != '=')
        w++;
    if (w == p)
        return 1;
    if (*p == '.' || *p == '/' || *p == '~')
        return 1;
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (strlen(words[k]) == (size_t)(w - p) && memcmp(p, words[k], (size_t)(w - p)) == 0)
            return 1;
    return 0;
}

/* The first non-blank line's prompt when output follows it, else NULL. */
static const char *glued_prompt(const view *v, size_t *at_line)
{
    view w = {v->p, look(v), NULL};
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(&w, &pos, &s, &e)) {
        const char *q = skip_blank(s, e);
        if (q == e || (q + 1 == e && *q == '\r')) {
            i++;
            continue;
        }
        const char *pe = prompt_end(s, e);
        if (!pe || skip_blank(pe, e) == e || is_command(skip_blank(pe, e), e))
            return NULL;
        *at_line = i;
        return pe;
    }
    return NULL;
}

static int prompt_pass(const view *v, text *out, size_t at_line)
{
    size_t pos = 0, i = 0;
    const char *s, *e;
    while (next_line(v, &pos, &s, &e)) {
        int from = line_at(v, i);
        const char *p = i++ == at_line ? prompt_end(s, e) : s;
        if (put_bytes(out, p, (size_t)(e - p)) || end_line(out, from))
            return BDB_ENOMEM;
    }
    return BDB_OK;
}

/* ---- driving the passes ---- */

static void note(bdb_unwrapped *u, const char *what)
{
    size_t used = strlen(u->what);
    snprintf(u->what + used, sizeof u->what - used, "%s%s", used ? ", " : "",
             what);
}

/* Replaces the current text with out; the previous one is freed. */
static void adopt(bdb_unwrapped *u, text *out, view *cur)
{
    free(u->text);
    free(u->line_of);
    u->text = out->p ? out->p : calloc(1, 1);
    u->len = out->len;
    u->line_of = out->line_of;
    u->nlines = out->nlines;
    *cur = (view){u->text, u->len, u->line_of};
    memset(out, 0, sizeof *out);
}

enum {
    PASS_QP, PASS_PRE, PASS_PARAGRAPHS, PASS_ENTITIES, PASS_ESCAPES,
    PASS_BR, PASS_BLANKS, PASS_TTY, PASS_QUOTES, PASS_INTERRUPT, PASS_BLOCKS,
    PASS_TABLES, PASS_MD_ESCAPES,
    PASS_INLINE, PASS_MARKERS, PASS_SOURCE_BLOCKS, PASS_LITERALS,
    PASS_LOST_BREAKS, PASS_TRAILING, PASS_INDENT, PASS_PREFIX, PASS_CONTINUED,
    PASS_PROMPT, PASS_DEMUX
};

/* The bytes the look of v holds. A container is marked by bytes of its
 * own ("<", "&", "|", "`", ESC ...) that a plain log mostly lacks: a pass
 * whose marks are not there is not looked for (each look reads the text
 * line by line: the looks were ~9% of an import of small logs). */
static void bytes_in(const view *v, unsigned char has[256])
{
    memset(has, 0, 256);
    const unsigned char *p = (const unsigned char *)v->p;
    const unsigned char *e = p + look(v);
    for (; p < e; p++)
        has[*p] = 1;
}

static int any_of(const unsigned char has[256], const char *set)
{
    for (; *set; set++)
        if (has[(unsigned char)*set])
            return 1;
    return 0;
}

/* Whether the look of v holds the two bytes of pair in a row. */
static int has_pair(const view *v, const unsigned char has[256],
                    const char *pair)
{
    return has[(unsigned char)pair[0]] && has[(unsigned char)pair[1]] &&
           bdb_find_n(v->p, v->p + look(v), pair, 2) != NULL;
}

/* demux_seen of cur, looked for once while cur stays (the prefix pass
 * asks too): a service's line holds a "|" after its name, or is
 * "[pod/NAME/CONTAINER] ". *demux: -1 until looked for. */
static int demux_cached(const view *cur, const unsigned char has[256],
                        int *demux)
{
    if (*demux < 0)
        *demux = has['|'] || (has['['] && has[']'] && has['/'])
                     ? bdb_uw_demux_seen(cur)
                     : 0;
    return *demux;
}

/* The breaks in brk_from order (bdb_unwrap_line_col searches them):
 * quoted-printable's and the literals' are each recorded in order, but
 * one after the other. Stable: a line's breaks keep their order. */
static void sort_breaks(bdb_unwrapped *u)
{
    for (size_t k = 1; k < u->nbrk; k++) {
        int from = u->brk_from[k], line = u->brk_line[k];
        size_t tail = u->brk_tail[k], j = k;
        for (; j > 0 && u->brk_from[j - 1] > from; j--) {
            u->brk_from[j] = u->brk_from[j - 1];
            u->brk_line[j] = u->brk_line[j - 1];
            u->brk_tail[j] = u->brk_tail[j - 1];
        }
        u->brk_from[j] = from;
        u->brk_line[j] = line;
        u->brk_tail[j] = tail;
    }
}

/* keep: the text outside a page's <pre> blocks is kept too, read as
 * HTML paragraphs (bdb_unwrap_keeping). */
static int unwrap(const char *buf, size_t len, int keep, bdb_unwrapped *u)
{
    memset(u, 0, sizeof *u);
    view cur = {buf, len, NULL};
    static const char *const names[] = {
        "quoted-printable", "HTML <pre>", "HTML paragraphs", "HTML entities",
        "an escaped string literal", "<br> line ends", "Unicode blanks",
        "terminal escapes", "mail quotes", "a terminal's ^C echo",
        "Markdown/BBCode/Hugo blocks", "Markdown tables",
        "Markdown escapes", "inline markup",
        "line markers", "literals over several lines", "string literals",
        "lost line breaks", "trailing comments", "indentation", "a prefix on each line",
        "lines continued with \\", "a shell prompt", "interleaved named streams"};
    int marker_rounds = 0;
    /* what the look of cur holds; the streams seen in it (-1: not looked
     * for since cur last changed) */
    unsigned char has[256];
    bytes_in(&cur, has);
    int demux = -1;
    for (int pass = PASS_QP; pass <= PASS_DEMUX; pass++) {
        size_t indent = 0, at_line = 0;
        /* each pass looks only where the bytes its container is written
         * with are there (the seen function needs them) */
        int seen = pass == PASS_QP        ? qp_seen(&cur)
                   : pass == PASS_PRE     ? has['<'] && pre_seen(&cur)
                   : pass == PASS_PARAGRAPHS ? has['<'] &&
                                                   !strstr(u->what, "HTML") &&
                                                   paragraphs_seen(&cur)
                   : pass == PASS_ENTITIES ? has['&'] &&
                                                 !strstr(u->what, "HTML") &&
                                                 entities_seen(&cur)
                   : pass == PASS_ESCAPES ? has['\\'] && bdb_uw_escapes_seen(&cur)
                   : pass == PASS_BR ? has['<'] &&
                                           !strstr(u->what, "HTML <pre>") &&
                                           !strstr(u->what, "HTML paragraphs") &&
                                           br_seen(&cur)
                   : pass == PASS_BLANKS  ? any_of(has, "\xC2\xE2\xE3\xA0") &&
                                                blanks_seen(&cur)
                   : pass == PASS_TTY     ? any_of(has, "\x1b^") &&
                                                bdb_uw_tty_seen(&cur)
                   : pass == PASS_INTERRUPT ? has['^'] && interrupt_seen(&cur)
                   : pass == PASS_QUOTES  ? has['>'] && quotes_seen(&cur)
                   : pass == PASS_BLOCKS  ? any_of(has, "`~{[") &&
                                                blocks_seen(&cur,
                                                            any_of(has, "`~{"))
                   : pass == PASS_TABLES  ? has['|'] && tables_seen(&cur)
                   : pass == PASS_MD_ESCAPES ? has['\\'] &&
                                                   bdb_uw_md_escapes_seen(&cur)
                   : pass == PASS_INLINE  ? (any_of(has, "*`") ||
                                                 has_pair(&cur, has, "[/")) &&
                                                inline_seen(&cur)
                   : pass == PASS_MARKERS ? markers_seen(&cur)
                   : pass == PASS_SOURCE_BLOCKS ? any_of(has, "\"'`") &&
                                                      bdb_uw_blocks_seen(&cur)
                   : pass == PASS_LITERALS ? any_of(has, "\"'") &&
                                                 bdb_uw_literals_seen(&cur)
                   : pass == PASS_LOST_BREAKS ? bdb_uw_lost_breaks_seen(&cur)
                   : pass == PASS_TRAILING ? (has['#'] || has['<'] ||
                                                  has['>'] || has['!'] ||
                                                  has['*'] ||
                                                  has_pair(&cur, has, "//")) &&
                                                 trailing_seen(&cur)
                   : pass == PASS_INDENT  ? (indent = common_indent(&cur)) >= 2
                   : pass == PASS_PREFIX  ? demux_cached(&cur, has, &demux) == 0 &&
                                                bdb_uw_prefixes_seen(&cur)
                   : pass == PASS_CONTINUED ? has['\\'] &&
                                                  demux_cached(&cur, has, &demux) == 0 &&
                                                  bdb_uw_continued_seen(&cur)
                   : pass == PASS_PROMPT  ? glued_prompt(&cur, &at_line) != NULL
                                          : demux_cached(&cur, has, &demux);
        if (seen < 0) {
            bdb_unwrap_free(u);
            return BDB_ENOMEM;
        }
        if (!seen)
            continue;
        text out = {0};
        int rc = pass == PASS_QP         ? qp_pass(&cur, &out, u)
                 : pass == PASS_PRE      ? html_pass(&cur, &out,
                                                     pre_mode(&cur, keep, u))
                 : pass == PASS_PARAGRAPHS ? html_pass(&cur, &out, HTML_PARAGRAPHS)
                 : pass == PASS_ENTITIES ? html_pass(&cur, &out, HTML_ENTITIES)
                 : pass == PASS_ESCAPES  ? bdb_uw_escapes_pass(&cur, &out)
                 : pass == PASS_BR       ? br_pass(&cur, &out)
                 : pass == PASS_BLANKS   ? blanks_pass(&cur, &out, u)
                 : pass == PASS_TTY      ? bdb_uw_tty_pass(&cur, &out)
                 : pass == PASS_INTERRUPT ? interrupt_pass(&cur, &out)
                 : pass == PASS_QUOTES   ? quote_pass(&cur, &out)
                 : pass == PASS_BLOCKS   ? block_pass(&cur, &out)
                 : pass == PASS_TABLES   ? table_pass(&cur, &out)
                 : pass == PASS_MD_ESCAPES ? bdb_uw_md_escapes_pass(&cur, &out)
                 : pass == PASS_INLINE   ? inline_pass(&cur, &out)
                 : pass == PASS_MARKERS  ? marker_pass(&cur, &out)
                 : pass == PASS_SOURCE_BLOCKS ? bdb_uw_blocks_pass(&cur, &out)
                 : pass == PASS_LITERALS ? bdb_uw_literals_pass(&cur, &out, u)
                 : pass == PASS_LOST_BREAKS ? bdb_uw_lost_breaks_pass(&cur, &out)
                 : pass == PASS_TRAILING ? trailing_pass(&cur, &out, u)
                 : pass == PASS_INDENT   ? indent_pass(&cur, &out, indent)
                 : pass == PASS_PREFIX   ? bdb_uw_prefix_pass(&cur, &out)
                 : pass == PASS_CONTINUED ? bdb_uw_continued_pass(&cur, &out, u)
                 : pass == PASS_PROMPT   ? prompt_pass(&cur, &out, at_line)
                                         : bdb_uw_demux_pass(&cur, &out, u);
        if (rc) {
            free(out.p);
            free(out.line_of);
            bdb_unwrap_free(u);
            return rc;
        }
        adopt(u, &out, &cur);
        if (!u->text) {
            bdb_unwrap_free(u);
            return BDB_ENOMEM;
        }
        bytes_in(&cur, has);
        demux = -1;
        if (!strstr(u->what, names[pass]))
            note(u, names[pass]);
        /* markers in markers ("# > ", "// #"): once more, a few times */
        if (pass == PASS_MARKERS && ++marker_rounds < 4)
            pass--;
    }
    sort_breaks(u);
    return BDB_OK;
}

int bdb_unwrap(const char *buf, size_t len, bdb_unwrapped *u)
{
    return unwrap(buf, len, 0, u);
}

int bdb_unwrap_keeping(const char *buf, size_t len, bdb_unwrapped *u)
{
    return unwrap(buf, len, 1, u);
}

int bdb_unwrap_line(const bdb_unwrapped *u, int line)
{
    if (!u || !u->text || line <= 0)
        return line;
    if ((size_t)line > u->nlines)
        return u->nlines ? u->line_of[u->nlines - 1] : line;
    return u->line_of[line - 1];
}

int bdb_unwrap_line_col(const bdb_unwrapped *u, int line, size_t col,
                        size_t len)
{
    int from = bdb_unwrap_line(u, line);
    if (!u || !u->nbrk || line <= 0 || col > len)
        return from;
    size_t lo = breaks_from(u, from);
    /* the last break before the number: the smallest tail that still
     * holds it */
    size_t tail = len - col, best = (size_t)-1;
    int at = from;
    for (size_t k = lo; k < u->nbrk && u->brk_from[k] == from; k++)
        if (u->brk_tail[k] >= tail && u->brk_tail[k] < best &&
            u->brk_tail[k] <= len) {
            best = u->brk_tail[k];
            at = u->brk_line[k];
        }
    return at;
}

void bdb_unwrap_free(bdb_unwrapped *u)
{
    free(u->text);
    free(u->line_of);
    free(u->brk_from);
    free(u->brk_line);
    free(u->brk_tail);
    free(u->drops);
    memset(u, 0, sizeof *u);
}
