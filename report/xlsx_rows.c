/* xlsx_rows.c - a large sheet's rows as sheet XML in a deflate stream,
 * spliced into libxlsxwriter's package (see xlsx_rows.h).
 *
 * The XML is byte for byte what libxlsxwriter 1.1 writes in constant-
 * memory mode for the same calls: inline strings with control characters
 * as _xHHHH_ and xml:space="preserve" when they start or end with
 * whitespace, numbers as "%.16G", formulas without their '=' and with
 * their cached result. Only the compression differs: zlib level 1 (the
 * rows are most of the package; level 6 took 2.5 times as long for a
 * sixth fewer bytes).
 *
 * The rows' deflate stream ends with a sync flush (byte-aligned, no final
 * block), so it can sit between the deflated head of the sheet (also
 * sync-flushed) and its deflated tail (finished): three raw deflate
 * streams in a row are one valid stream, and their CRCs combine
 * (crc32_combine). */
#define _FILE_OFFSET_BITS 64
#include "xlsx_rows.h"
#include "numfmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#define XR_LEVEL 1
#define XR_BUF ((size_t)1 << 18)
#define XR_ZOUT ((size_t)1 << 16)
/* A sheet entry libxlsxwriter wrote holds the header row and the sheet's
 * settings: kilobytes. More means something else wrote rows there. */
#define XR_SHEET_MAX ((size_t)1 << 26)
#define ZIP_MAX 0xFFFFFFFEu /* past it a zip needs zip64 */

struct bdb_xlsst {
    char **str;             /* by index (owned) */
    size_t n, cap;
    uint32_t *slot;         /* open addressing: index + 1, 0 empty */
    size_t nslot;
    uint64_t count;         /* cells that refer to them */
};

bdb_xlsst *bdb_xlsst_new(void)
{
    bdb_xlsst *t = calloc(1, sizeof *t);
    if (t && !(t->slot = calloc(t->nslot = 1024, sizeof *t->slot))) {
        free(t);
        return NULL;
    }
    return t;
}

void bdb_xlsst_free(bdb_xlsst *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->str[i]);
    free(t->str);
    free(t->slot);
    free(t);
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* The index of s, added when new; -1 when out of memory or past the
 * format's 2^31 strings. */
static long long sst_index(bdb_xlsst *t, const char *s)
{
    size_t mask = t->nslot - 1, i = (size_t)hash_str(s) & mask;
    for (; t->slot[i]; i = (i + 1) & mask)
        if (strcmp(t->str[t->slot[i] - 1], s) == 0)
            return (long long)t->slot[i] - 1;
    if (t->n >= 0x7FFFFFFF)
        return -1;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        char **g = realloc(t->str, cap * sizeof *g);
        if (!g)
            return -1;
        t->str = g;
        t->cap = cap;
    }
    char *copy = strdup(s);
    if (!copy)
        return -1;
    t->str[t->n] = copy;
    t->slot[i] = (uint32_t)++t->n;
    if (2 * t->n > t->nslot) { /* rehash at half full */
        size_t ns = 2 * t->nslot;
        uint32_t *sl = calloc(ns, sizeof *sl);
        if (!sl)
            return -1;
        for (size_t k = 0; k < t->n; k++) {
            size_t j = (size_t)hash_str(t->str[k]) & (ns - 1);
            while (sl[j])
                j = (j + 1) & (ns - 1);
            sl[j] = (uint32_t)(k + 1);
        }
        free(t->slot);
        t->slot = sl;
        t->nslot = ns;
    }
    return (long long)t->n - 1;
}

struct bdb_xlrows {
    unsigned sheet_no;
    bdb_xlsst *sst;
    char *tmpdir;           /* where the temporary file went */
    FILE *tmp;
    z_stream z;
    int zinit;
    unsigned char *buf, *zout;
    size_t len;
    uint32_t crc;
    uint64_t usize, csize;
    uint32_t row;       /* the open row, 0: none */
    uint32_t col;       /* the last column written in it */
    int any;            /* a cell was written */
    int done;           /* the stream is flushed */
    uint32_t rmin, rmax, cmin, cmax;
    /* the shared string each of the first columns had last, + 1: rows
     * of one series repeat its texts, found again without hashing */
    uint32_t last[32];
    char err[200];
};

static void fail(bdb_xlrows *w, const char *msg)
{
    if (!w->err[0])
        snprintf(w->err, sizeof w->err, "%s", msg);
}

bdb_xlrows *bdb_xlrows_new(unsigned sheet_no, const char *tmpdir, bdb_xlsst *sst)
{
    bdb_xlrows *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->sheet_no = sheet_no;
    w->sst = sst;
    w->buf = malloc(XR_BUF);
    w->zout = malloc(XR_ZOUT);
    if (!w->buf || !w->zout) {
        bdb_xlrows_free(w);
        errno = ENOMEM;
        return NULL;
    }
    if (deflateInit2(&w->z, XR_LEVEL, Z_DEFLATED, -MAX_WBITS, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        bdb_xlrows_free(w);
        errno = ENOMEM;
        return NULL;
    }
    w->zinit = 1;
    const char *d = tmpdir ? tmpdir : getenv("TMPDIR");
    if (!d || !*d)
        d = "/tmp";
    if (!(w->tmpdir = strdup(d))) {
        bdb_xlrows_free(w);
        errno = ENOMEM;
        return NULL;
    }
    char tmpl[4200];
    int n = snprintf(tmpl, sizeof tmpl, "%s/.benchdb-xlsx-XXXXXX", d);
    int fd = n > 0 && (size_t)n < sizeof tmpl ? mkstemp(tmpl) : -1;
    if (fd < 0) {
        int e = n > 0 && (size_t)n < sizeof tmpl ? errno : ENAMETOOLONG;
        bdb_xlrows_free(w);
        errno = e;
        return NULL;
    }
    unlink(tmpl); /* gone with the process, whatever happens */
    if (!(w->tmp = fdopen(fd, "w+b"))) {
        int e = errno;
        close(fd);
        bdb_xlrows_free(w);
        errno = e;
        return NULL;
    }
    w->crc = crc32(0L, Z_NULL, 0);
    w->rmin = w->cmin = UINT32_MAX;
    return w;
}

void bdb_xlrows_free(bdb_xlrows *w)
{
    if (!w)
        return;
    if (w->zinit)
        deflateEnd(&w->z);
    if (w->tmp)
        fclose(w->tmp);
    free(w->buf);
    free(w->zout);
    free(w->tmpdir);
    free(w);
}

const char *bdb_xlrows_error(const bdb_xlrows *w)
{
    return w && w->err[0] ? w->err : NULL;
}

/* Deflates n bytes at p (flush: Z_NO_FLUSH or Z_SYNC_FLUSH) into tmp. */
static void deflate_out(bdb_xlrows *w, const unsigned char *p, size_t n, int flush)
{
    w->crc = (uint32_t)crc32(w->crc, p, (uInt)n);
    w->usize += n;
    w->z.next_in = (unsigned char *)p;
    w->z.avail_in = (uInt)n;
    do {
        w->z.next_out = w->zout;
        w->z.avail_out = (uInt)XR_ZOUT;
        int rc = deflate(&w->z, flush);
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            fail(w, "deflate failed");
            return;
        }
        size_t got = XR_ZOUT - w->z.avail_out;
        if (got && fwrite(w->zout, 1, got, w->tmp) != got) {
            fail(w, strerror(errno));
            return;
        }
        w->csize += got;
    } while (w->z.avail_out == 0 || w->z.avail_in > 0);
}

static void drain(bdb_xlrows *w)
{
    if (w->len)
        deflate_out(w, w->buf, w->len, Z_NO_FLUSH);
    w->len = 0;
}

static void put(bdb_xlrows *w, const char *s, size_t n)
{
    if (w->len + n > XR_BUF) {
        drain(w);
        if (n > XR_BUF) { /* a long string: straight through */
            deflate_out(w, (const unsigned char *)s, n, Z_NO_FLUSH);
            return;
        }
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

static void puts_(bdb_xlrows *w, const char *s)
{
    put(w, s, strlen(s));
}

static size_t utoa(char *out, uint32_t v)
{
    char t[12];
    size_t n = 0;
    do
        t[n++] = (char)('0' + v % 10);
    while ((v /= 10));
    for (size_t i = 0; i < n; i++)
        out[i] = t[n - 1 - i];
    out[n] = '\0';
    return n;
}

/* "AB12" for 0-based (row, col), as lxw_rowcol_to_cell. */
static size_t cellname(char *out, uint32_t row, uint32_t col)
{
    char t[8];
    size_t n = 0;
    uint32_t c = col + 1;
    while (c) {
        uint32_t r = (c - 1) % 26;
        t[n++] = (char)('A' + r);
        c = (c - 1) / 26;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = t[n - 1 - i];
    return n + utoa(out + n, row + 1);
}

/* Opens "<c r="X9"" [s=".."] for a cell in order; 0 when refused. */
static int cell_open(bdb_xlrows *w, uint32_t row, uint32_t col, int style)
{
    if (w->err[0] || w->done)
        return 0;
    if (row < 1 || row >= BDB_XL_ROWS || col >= BDB_XL_COLS) {
        fail(w, "Worksheet row or column index out of range");
        return 0;
    }
    if (row < w->row || (row == w->row && col <= w->col)) {
        fail(w, "sheet cells written out of order");
        return 0;
    }
    char t[48];
    if (row != w->row) {
        if (w->row)
            puts_(w, "</row>");
        memcpy(t, "<row r=\"", 8);
        size_t n = 8 + utoa(t + 8, row + 1);
        memcpy(t + n, "\">", 2);
        put(w, t, n + 2);
        w->row = row;
    }
    w->col = col;
    w->any = 1;
    if (row < w->rmin)
        w->rmin = row;
    if (row > w->rmax)
        w->rmax = row;
    if (col < w->cmin)
        w->cmin = col;
    if (col > w->cmax)
        w->cmax = col;
    memcpy(t, "<c r=\"", 6);
    size_t n = 6 + cellname(t + 6, row, col);
    t[n++] = '"';
    if (style > 0) {
        memcpy(t + n, " s=\"", 4);
        n += 4;
        n += utoa(t + n, (uint32_t)style);
        t[n++] = '"';
    }
    put(w, t, n);
    return 1;
}

/* s with & < > escaped; with ctl, control characters (but tab and line
 * feed) as _xHHHH_ first, as worksheet_write_string does. */
static void put_escaped(bdb_xlrows *w, const char *s, int ctl)
{
    const char *run = s;
    for (const char *p = s;; p++) {
        unsigned char c = (unsigned char)*p;
        const char *rep = NULL;
        char hex[8];
        if (c == '\0')
            break;
        if (c == '&')
            rep = "&amp;";
        else if (c == '<')
            rep = "&lt;";
        else if (c == '>')
            rep = "&gt;";
        else if (ctl && c < 0x20 && c != '\t' && c != '\n') {
            static const char dig[] = "0123456789ABCDEF";
            memcpy(hex, "_x00", 4);
            hex[4] = dig[c >> 4];
            hex[5] = dig[c & 15];
            hex[6] = '_';
            hex[7] = '\0';
            rep = hex;
        }
        if (!rep)
            continue;
        put(w, run, (size_t)(p - run));
        puts_(w, rep);
        run = p + 1;
    }
    puts_(w, run);
}

void bdb_xlrows_str(bdb_xlrows *w, uint32_t row, uint32_t col, const char *s,
                    int style)
{
    if (!s || !*s) {
        if (style > 0)
            bdb_xlrows_blank(w, row, col, style);
        return;
    }
    if (!cell_open(w, row, col, style))
        return;
    /* libxlsxwriter tests the escaped text with isspace: of what can
     * remain at its ends, space, tab and line feed. */
    size_t n = strlen(s);
    int ws = s[0] == ' ' || s[0] == '\t' || s[0] == '\n' || s[n - 1] == ' ' ||
             s[n - 1] == '\t' || s[n - 1] == '\n';
    puts_(w, ws ? " t=\"inlineStr\"><is><t xml:space=\"preserve\">"
                : " t=\"inlineStr\"><is><t>");
    put_escaped(w, s, 1);
    puts_(w, "</t></is></c>");
}

void bdb_xlrows_sstr(bdb_xlrows *w, uint32_t row, uint32_t col, const char *s,
                     int style)
{
    if (!w->sst || !s || !*s) {
        bdb_xlrows_str(w, row, col, s, style);
        return;
    }
    uint32_t *last = col < 32 ? &w->last[col] : NULL;
    long long k = last && *last && strcmp(w->sst->str[*last - 1], s) == 0
                      ? (long long)*last - 1
                      : sst_index(w->sst, s);
    if (last && k >= 0)
        *last = (uint32_t)k + 1;
    if (k < 0) {
        fail(w, "out of memory for the shared strings");
        return;
    }
    if (!cell_open(w, row, col, style))
        return;
    char t[32];
    memcpy(t, " t=\"s\"><v>", 10);
    size_t n = 10 + utoa(t + 10, (uint32_t)k);
    memcpy(t + n, "</v></c>", 8);
    put(w, t, n + 8);
    w->sst->count++;
}

/* A shared string, as libxlsxwriter's shared_strings.c writes it. */
static void put_si(bdb_xlrows *w, const char *s)
{
    size_t n = strlen(s);
    int ws = n && (s[0] == ' ' || s[0] == '\t' || s[0] == '\n' || s[n - 1] == ' ' ||
                   s[n - 1] == '\t' || s[n - 1] == '\n');
    puts_(w, ws ? "<si><t xml:space=\"preserve\">" : "<si><t>");
    put_escaped(w, s, 1);
    puts_(w, "</t></si>");
}

/* "%.16G": bdb_fmt_g's "%.16g" in capitals ("1E+300", "INF"). */
static void put_dbl(bdb_xlrows *w, double v)
{
    char t[BDB_FMT_G_MAX];
    int n = bdb_fmt_g(t, v, 16);
    if (n <= 0 || (size_t)n >= sizeof t) {
        fail(w, "number formatting failed");
        return;
    }
    for (int i = 0; i < n; i++)
        if (t[i] >= 'a' && t[i] <= 'z')
            t[i] = (char)(t[i] - 'a' + 'A');
    put(w, t, (size_t)n);
}

void bdb_xlrows_num(bdb_xlrows *w, uint32_t row, uint32_t col, double v,
                    int style)
{
    if (!cell_open(w, row, col, style))
        return;
    puts_(w, "><v>");
    put_dbl(w, v);
    puts_(w, "</v></c>");
}

void bdb_xlrows_blank(bdb_xlrows *w, uint32_t row, uint32_t col, int style)
{
    if (style <= 0) /* libxlsxwriter ignores a blank without a format */
        return;
    if (cell_open(w, row, col, style))
        puts_(w, "/>");
}

void bdb_xlrows_formula(bdb_xlrows *w, uint32_t row, uint32_t col,
                        const char *formula, int style, double v,
                        const char *str)
{
    if (!formula) {
        fail(w, "no formula");
        return;
    }
    if (!cell_open(w, row, col, style))
        return;
    puts_(w, str ? " t=\"str\"><f>" : "><f>");
    put_escaped(w, formula[0] == '=' ? formula + 1 : formula, 0);
    puts_(w, "</f><v>");
    if (str)
        put_escaped(w, str, 0);
    else
        put_dbl(w, v);
    puts_(w, "</v></c>");
}

/* Ends the rows and the stream (sync flush) and rewinds the file. */
static int finish(bdb_xlrows *w)
{
    if (!w->done && !w->err[0]) {
        if (w->row)
            puts_(w, "</row>");
        drain(w);
        deflate_out(w, (const unsigned char *)"", 0, Z_SYNC_FLUSH);
        w->done = 1;
        if (!w->err[0] && (fflush(w->tmp) != 0 || fseeko(w->tmp, 0, SEEK_SET) != 0))
            fail(w, strerror(errno));
    }
    return w->err[0] ? -1 : 0;
}

/* ---- the package ------------------------------------------------------- */

static uint32_t rd16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void wr16(unsigned char *p, uint32_t v) { p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); }
static void wr32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16); p[3] = (unsigned char)(v >> 24);
}

typedef struct zent {
    const unsigned char *cd;    /* its central directory record */
    size_t cdlen;
    uint64_t lho, end;          /* its local header, the next one */
    uint32_t crc, csize, usize;
    int method, flag;
    char name[256];
} zent;

static int errf(char *err, size_t n, const char *what, const char *detail)
{
    snprintf(err, n, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return -1;
}

/* Reads n bytes at off. */
static int rd_at(FILE *f, uint64_t off, void *p, size_t n)
{
    return fseeko(f, (off_t)off, SEEK_SET) == 0 && fread(p, 1, n, f) == n ? 0 : -1;
}

static int copy_span(FILE *in, FILE *out, uint64_t off, uint64_t n, unsigned char *b)
{
    if (fseeko(in, (off_t)off, SEEK_SET) != 0)
        return -1;
    while (n) {
        size_t k = n < XR_ZOUT ? (size_t)n : XR_ZOUT;
        if (fread(b, 1, k, in) != k || fwrite(b, 1, k, out) != k)
            return -1;
        n -= k;
    }
    return 0;
}

/* One raw deflate stream of p (sync-flushed, or finished with fin). */
static unsigned char *deflate_mem(const char *p, size_t n, int fin, size_t *outn)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, XR_LEVEL, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&z, (uLong)n) + 16;
    unsigned char *o = malloc(cap);
    if (!o) {
        deflateEnd(&z);
        return NULL;
    }
    z.next_in = (unsigned char *)p;
    z.avail_in = (uInt)n;
    z.next_out = o;
    z.avail_out = (uInt)cap;
    int rc = deflate(&z, fin ? Z_FINISH : Z_SYNC_FLUSH);
    *outn = cap - z.avail_out;
    deflateEnd(&z);
    if (fin ? rc != Z_STREAM_END : rc != Z_OK) {
        free(o);
        return NULL;
    }
    return o;
}

/* (row, col) of "AB12"; -1 when it is not a cell name. */
static int parse_cell(const char *s, size_t n, uint32_t *row, uint32_t *col)
{
    size_t i = 0;
    uint32_t c = 0, r = 0;
    while (i < n && s[i] >= 'A' && s[i] <= 'Z' && c < BDB_XL_COLS)
        c = c * 26 + (uint32_t)(s[i++] - 'A' + 1);
    if (!c || i == n)
        return -1;
    while (i < n && s[i] >= '0' && s[i] <= '9' && r <= BDB_XL_ROWS)
        r = r * 10 + (uint32_t)(s[i++] - '0');
    if (i != n || !r)
        return -1;
    *row = r - 1;
    *col = c - 1;
    return 0;
}

/* The sheet XML orig with w's rows: head (through the dimension and the
 * rows already there) and tail (from </sheetData>), built in *head and
 * *tail (malloc'ed). */
static int split_sheet(const char *orig, size_t n, const bdb_xlrows *w,
                       char **head, size_t *headn, const char **tail,
                       size_t *tailn, char *err, size_t errn)
{
    const char *end = orig + n;
    const char *empty = strstr(orig, "<sheetData/>");
    const char *close = empty ? NULL : strstr(orig, "</sheetData>");
    if (!empty && !close)
        return errf(err, errn, "xlsx: a sheet without <sheetData>", NULL);
    uint32_t rmin = w->rmin, rmax = w->rmax, cmin = w->cmin, cmax = w->cmax;
    const char *dim = strstr(orig, "<dimension ref=\"");
    const char *dimv = dim ? dim + 16 : NULL;
    const char *dime = dimv ? strstr(dimv, "\"/>") : NULL;
    if (!dime || dime > (empty ? empty : close))
        return errf(err, errn, "xlsx: a sheet without <dimension>", NULL);
    if (!empty) { /* libxlsxwriter's own cells count too */
        const char *colon = memchr(dimv, ':', (size_t)(dime - dimv));
        uint32_t r0, c0, r1, c1;
        if (parse_cell(dimv, (size_t)((colon ? colon : dime) - dimv), &r0, &c0) != 0 ||
            (colon ? parse_cell(colon + 1, (size_t)(dime - colon - 1), &r1, &c1)
                   : (r1 = r0, c1 = c0, 0)) != 0)
            return errf(err, errn, "xlsx: a sheet dimension not understood", NULL);
        rmin = r0 < rmin ? r0 : rmin;
        cmin = c0 < cmin ? c0 : cmin;
        rmax = r1 > rmax ? r1 : rmax;
        cmax = c1 > cmax ? c1 : cmax;
    }
    char ref[40];
    size_t rn = cellname(ref, rmin, cmin);
    if (rmin != rmax || cmin != cmax) {
        ref[rn++] = ':';
        rn += cellname(ref + rn, rmax, cmax);
    }
    const char *cut = empty ? empty : close;
    size_t pre = (size_t)(dimv - orig), mid = (size_t)(cut - dime);
    size_t hn = pre + rn + mid + (empty ? 11 : 0);
    char *h = malloc(hn + 1);
    if (!h)
        return errf(err, errn, "xlsx: out of memory", NULL);
    memcpy(h, orig, pre);
    memcpy(h + pre, ref, rn);
    memcpy(h + pre + rn, dime, mid);
    if (empty)
        memcpy(h + pre + rn + mid, "<sheetData>", 11);
    *head = h;
    *headn = hn;
    if (empty) {
        /* "</sheetData>" then what followed "<sheetData/>": the tail is
         * built by the caller from these two pieces. */
        *tail = empty + 12;
        *tailn = (size_t)(end - (empty + 12));
    } else {
        *tail = close;
        *tailn = (size_t)(end - close);
    }
    return empty ? 1 : 0;
}

/* The bytes of entry e (a small part: a sheet without its rows, the
 * content types, the relationships), NUL-terminated, in *outp. */
static int read_entry(FILE *in, const zent *e, char **outp, size_t *outn,
                      char *err, size_t errn)
{
    unsigned char lh[30];
    if (rd_at(in, e->lho, lh, 30) != 0 || rd32(lh) != 0x04034b50)
        return errf(err, errn, "xlsx: a package entry cannot be read", e->name);
    if (e->method != Z_DEFLATED || e->usize > XR_SHEET_MAX)
        return errf(err, errn, "xlsx: a package entry not as expected", e->name);
    uint64_t data = e->lho + 30 + rd16(lh + 26) + rd16(lh + 28);
    int rc = -1;
    unsigned char *cz = malloc(e->csize ? e->csize : 1);
    char *orig = malloc((size_t)e->usize + 1);
    if (!cz || !orig) {
        errf(err, errn, "xlsx: out of memory", NULL);
        goto out;
    }
    if (rd_at(in, data, cz, e->csize) != 0) {
        errf(err, errn, "xlsx: a package entry cannot be read", e->name);
        goto out;
    }
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) {
        errf(err, errn, "xlsx: out of memory", NULL);
        goto out;
    }
    z.next_in = cz;
    z.avail_in = e->csize;
    z.next_out = (unsigned char *)orig;
    z.avail_out = e->usize + 1;
    int zr = inflate(&z, Z_FINISH);
    size_t on = (size_t)e->usize + 1 - z.avail_out;
    inflateEnd(&z);
    if (zr != Z_STREAM_END || on != e->usize ||
        (uint32_t)crc32(crc32(0L, Z_NULL, 0), (unsigned char *)orig, (uInt)on) != e->crc) {
        errf(err, errn, "xlsx: a package entry is damaged", e->name);
        goto out;
    }
    orig[on] = '\0';
    *outp = orig;
    *outn = on;
    orig = NULL;
    rc = 0;
out:
    free(cz);
    free(orig);
    return rc;
}

/* Writes the entry name: head, the rows' stream (none when rows is NULL)
 * and tail, as one deflate stream, after a local header made from lh0
 * (NULL: a fresh one dated as date_time). fix: its CRC and sizes. */
static int write_entry(FILE *out, const unsigned char *lh0, uint32_t date_time,
                       const char *name, const char *head, size_t hn,
                       bdb_xlrows *rows, const char *tail, size_t tn,
                       uint32_t fix[3], unsigned char *b, char *err, size_t errn)
{
    size_t zhn, ztn;
    unsigned char *zh = deflate_mem(head, hn, 0, &zhn), *zt = NULL;
    if (!zh || !(zt = deflate_mem(tail, tn, 1, &ztn))) {
        free(zh);
        return errf(err, errn, "xlsx: deflate failed", NULL);
    }
    uint64_t rc_ = rows ? rows->csize : 0, ru = rows ? rows->usize : 0;
    uint64_t cs = zhn + rc_ + ztn, us = hn + ru + tn;
    int rc = -1;
    if (cs > ZIP_MAX || us > ZIP_MAX) {
        errf(err, errn, "xlsx: a part over 4 GiB does not fit the zip format "
                        "without zip64", name);
        goto out;
    }
    uint32_t c = (uint32_t)crc32(crc32(0L, Z_NULL, 0), (const unsigned char *)head, (uInt)hn);
    if (rows)
        c = (uint32_t)crc32_combine(c, rows->crc, (z_off_t)rows->usize);
    c = (uint32_t)crc32_combine(c, (uint32_t)crc32(crc32(0L, Z_NULL, 0),
                                                   (const unsigned char *)tail, (uInt)tn),
                                (z_off_t)tn);
    unsigned char lh[30];
    if (lh0) {
        memcpy(lh, lh0, 30);
    } else {
        memset(lh, 0, 30);
        wr32(lh, 0x04034b50);
        wr16(lh + 4, 20);
        wr32(lh + 10, date_time);
    }
    size_t nl = strlen(name);
    wr16(lh + 6, rd16(lh + 6) & ~8u); /* sizes here, no data descriptor */
    wr16(lh + 8, Z_DEFLATED);
    wr32(lh + 14, c);
    wr32(lh + 18, (uint32_t)cs);
    wr32(lh + 22, (uint32_t)us);
    wr16(lh + 26, (uint32_t)nl);
    wr16(lh + 28, 0);
    if (fwrite(lh, 1, 30, out) != 30 || fwrite(name, 1, nl, out) != nl ||
        fwrite(zh, 1, zhn, out) != zhn ||
        (rows && copy_span(rows->tmp, out, 0, rows->csize, b) != 0) ||
        fwrite(zt, 1, ztn, out) != ztn) {
        errf(err, errn, "xlsx: writing the workbook", strerror(errno));
        goto out;
    }
    fix[0] = c;
    fix[1] = (uint32_t)cs;
    fix[2] = (uint32_t)us;
    rc = 0;
out:
    free(zh);
    free(zt);
    return rc;
}

/* Entry e with w's rows put into its sheet. */
static int write_sheet(FILE *in, FILE *out, const zent *e, bdb_xlrows *w,
                       uint32_t fix[3], unsigned char *b, char *err, size_t errn)
{
    char *orig = NULL, *head = NULL, *tailbuf = NULL;
    size_t on;
    unsigned char lh[30];
    if (read_entry(in, e, &orig, &on, err, errn) != 0)
        return -1;
    int rc = -1;
    if (rd_at(in, e->lho, lh, 30) != 0) {
        errf(err, errn, "xlsx: a package entry cannot be read", e->name);
        goto out;
    }
    size_t hn, tn;
    const char *tail;
    int empty = split_sheet(orig, on, w, &head, &hn, &tail, &tn, err, errn);
    if (empty < 0)
        goto out;
    if (empty) {
        if (!(tailbuf = malloc(tn + 12))) {
            errf(err, errn, "xlsx: out of memory", NULL);
            goto out;
        }
        memcpy(tailbuf, "</sheetData>", 12);
        memcpy(tailbuf + 12, tail, tn);
        tail = tailbuf;
        tn += 12;
    }
    rc = write_entry(out, lh, 0, e->name, head, hn, w, tail, tn, fix, b, err, errn);
out:
    free(orig);
    free(head);
    free(tailbuf);
    return rc;
}

/* Entry e with add put before its closing tag close (the content types'
 * </Types>, the relationships' </Relationships>). With rel, add is the
 * rest of a <Relationship after an Id not taken yet. */
static int write_with(FILE *in, FILE *out, const zent *e, const char *close,
                      const char *add, int rel, uint32_t fix[3], unsigned char *b,
                      char *err, size_t errn)
{
    char *orig = NULL;
    size_t on;
    unsigned char lh[30];
    if (read_entry(in, e, &orig, &on, err, errn) != 0)
        return -1;
    int rc = -1;
    char *head = NULL;
    const char *at = strstr(orig, close);
    if (!at || rd_at(in, e->lho, lh, 30) != 0) {
        errf(err, errn, "xlsx: a package part not as expected", e->name);
        goto out;
    }
    unsigned long id = 0;
    for (const char *p = orig; rel && (p = strstr(p, "Id=\"rId")); p += 7)
        id = strtoul(p + 7, NULL, 10) > id ? strtoul(p + 7, NULL, 10) : id;
    size_t pre = (size_t)(at - orig), an = strlen(add) + 64;
    if (!(head = malloc(pre + an))) {
        errf(err, errn, "xlsx: out of memory", NULL);
        goto out;
    }
    memcpy(head, orig, pre);
    int k = rel ? snprintf(head + pre, an, "<Relationship Id=\"rId%lu\"%s", id + 1, add)
                : snprintf(head + pre, an, "%s", add);
    if (k < 0 || (size_t)k >= an) {
        errf(err, errn, "xlsx: a package part not as expected", e->name);
        goto out;
    }
    rc = write_entry(out, lh, 0, e->name, head, pre + (size_t)k, NULL, at,
                     on - pre, fix, b, err, errn);
out:
    free(orig);
    free(head);
    return rc;
}

static int cmp_lho(const void *a, const void *b)
{
    const zent *x = *(const zent *const *)a, *y = *(const zent *const *)b;
    return x->lho < y->lho ? -1 : x->lho > y->lho;
}

#define CT_SST "<Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"" \
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/>"
#define REL_SST " Type=\"http://schemas.openxmlformats.org/" \
    "officeDocument/2006/relationships/sharedStrings\" Target=\"sharedStrings.xml\"/>"

/* xl/sharedStrings.xml, as libxlsxwriter writes it, at the end of out. */
static int write_sst(FILE *out, const bdb_xlsst *sst, const zent *like,
                     const char *tmpdir, uint32_t fix[3], unsigned char *b,
                     char *err, size_t errn)
{
    bdb_xlrows *sw = bdb_xlrows_new(0, tmpdir, NULL);
    if (!sw)
        return errf(err, errn, "xlsx: a temporary file", strerror(errno));
    char t[200];
    snprintf(t, sizeof t,
             "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
             "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
             "count=\"%llu\" uniqueCount=\"%zu\">",
             (unsigned long long)sst->count, sst->n);
    puts_(sw, t);
    for (size_t i = 0; i < sst->n; i++)
        put_si(sw, sst->str[i]);
    puts_(sw, "</sst>");
    int rc = finish(sw) != 0
                 ? errf(err, errn, "xlsx: shared strings", sw->err)
                 : write_entry(out, NULL, rd32(like->cd + 12), "xl/sharedStrings.xml",
                               "", 0, sw, "", 0, fix, b, err, errn);
    bdb_xlrows_free(sw);
    return rc;
}

int bdb_xlrows_splice(const char *inpath, const char *outpath,
                      bdb_xlrows *const *w, size_t nw, const bdb_xlsst *sst,
                      char *err, size_t errn)
{
    for (size_t i = 0; i < nw; i++) {
        if (finish(w[i]) != 0)
            return errf(err, errn, "xlsx", w[i]->err);
    }
    int with_sst = sst && sst->n > 0;
    int rc = -1;
    FILE *in = fopen(inpath, "rb"), *out = NULL;
    unsigned char *cd = NULL, *b = malloc(XR_ZOUT);
    zent *ents = NULL;
    zent **byoff = NULL;
    uint64_t *newlho = NULL;
    uint32_t (*fix)[3] = NULL;
    int *rewritten = NULL;
    unsigned char tailb[65557];
    if (!in || !b) {
        errf(err, errn, "xlsx: reading the package", strerror(errno));
        goto out;
    }
    if (fseeko(in, 0, SEEK_END) != 0) {
        errf(err, errn, "xlsx: reading the package", strerror(errno));
        goto out;
    }
    off_t size = ftello(in);
    size_t tl = size < (off_t)sizeof tailb ? (size_t)size : sizeof tailb;
    if (size < 22 || rd_at(in, (uint64_t)size - tl, tailb, tl) != 0) {
        errf(err, errn, "xlsx: the package is cut short", NULL);
        goto out;
    }
    const unsigned char *eocd = NULL;
    for (size_t i = tl - 22 + 1; i-- > 0;)
        if (rd32(tailb + i) == 0x06054b50 && i + 22 + rd16(tailb + i + 20) == tl) {
            eocd = tailb + i;
            break;
        }
    if (!eocd) {
        errf(err, errn, "xlsx: the package has no zip directory", NULL);
        goto out;
    }
    size_t eocdlen = tl - (size_t)(eocd - tailb);
    uint32_t count = rd16(eocd + 10), cdsize = rd32(eocd + 12), cdoff = rd32(eocd + 16);
    if (rd16(eocd + 8) != count || count == 0 || count >= 0xFFFE ||
        cdoff == 0xFFFFFFFFu || (uint64_t)cdoff + cdsize > (uint64_t)size) {
        errf(err, errn, "xlsx: a zip64 or damaged package", NULL);
        goto out;
    }
    cd = malloc(cdsize ? cdsize : 1);
    ents = calloc(count, sizeof *ents);
    byoff = calloc(count, sizeof *byoff);
    newlho = calloc(count + 1, sizeof *newlho);
    fix = calloc(count + 1, sizeof *fix);
    rewritten = calloc(count, sizeof *rewritten);
    if (!cd || !ents || !byoff || !newlho || !fix || !rewritten) {
        errf(err, errn, "xlsx: out of memory", NULL);
        goto out;
    }
    if (rd_at(in, cdoff, cd, cdsize) != 0) {
        errf(err, errn, "xlsx: the package is cut short", NULL);
        goto out;
    }
    size_t at = 0;
    for (uint32_t i = 0; i < count; i++) {
        zent *e = &ents[i];
        if (at + 46 > cdsize || rd32(cd + at) != 0x02014b50) {
            errf(err, errn, "xlsx: a damaged zip directory", NULL);
            goto out;
        }
        const unsigned char *r = cd + at;
        size_t nl = rd16(r + 28), len = 46 + nl + rd16(r + 30) + rd16(r + 32);
        if (at + len > cdsize) {
            errf(err, errn, "xlsx: a damaged zip directory", NULL);
            goto out;
        }
        e->cd = r;
        e->cdlen = len;
        e->flag = (int)rd16(r + 8);
        e->method = (int)rd16(r + 10);
        e->crc = rd32(r + 16);
        e->csize = rd32(r + 20);
        e->usize = rd32(r + 24);
        e->lho = rd32(r + 42);
        if (e->csize == 0xFFFFFFFFu || e->usize == 0xFFFFFFFFu || e->lho == 0xFFFFFFFFu ||
            e->lho >= cdoff) {
            errf(err, errn, "xlsx: a zip64 or damaged package", NULL);
            goto out;
        }
        snprintf(e->name, sizeof e->name, "%.*s", (int)(nl < 255 ? nl : 255), (const char *)r + 46);
        if (with_sst && strcmp(e->name, "xl/sharedStrings.xml") == 0) {
            errf(err, errn, "xlsx: the package has shared strings already", NULL);
            goto out;
        }
        byoff[i] = e;
        at += len;
    }
    qsort(byoff, count, sizeof *byoff, cmp_lho);
    for (uint32_t i = 0; i < count; i++)
        byoff[i]->end = i + 1 < count ? byoff[i + 1]->lho : cdoff;

    if (!(out = fopen(outpath, "wb"))) {
        errf(err, errn, outpath, strerror(errno));
        goto out;
    }
    size_t used = 0, want = 0;
    for (size_t k = 0; k < nw; k++)
        want += w[k]->any;
    int ct_done = 0, rel_done = 0;
    for (uint32_t i = 0; i <= count; i++) {
        off_t pos = ftello(out);
        if (pos < 0 || (uint64_t)pos > ZIP_MAX) {
            errf(err, errn, "xlsx: a workbook over 4 GiB does not fit the zip "
                            "format without zip64", NULL);
            goto out;
        }
        newlho[i] = (uint64_t)pos;
        if (i == count) { /* the shared strings, last */
            if (with_sst && write_sst(out, sst, &ents[0], nw ? w[0]->tmpdir : NULL, fix[i], b, err, errn) != 0)
                goto out;
            break;
        }
        zent *e = &ents[i];
        bdb_xlrows *sw = NULL;
        for (size_t k = 0; k < nw; k++) {
            char nm[64];
            snprintf(nm, sizeof nm, "xl/worksheets/sheet%u.xml", w[k]->sheet_no);
            if (w[k]->any && strcmp(nm, e->name) == 0)
                sw = w[k];
        }
        int r;
        if (sw) {
            r = write_sheet(in, out, e, sw, fix[i], b, err, errn);
            used++;
        } else if (with_sst && strcmp(e->name, "[Content_Types].xml") == 0) {
            r = write_with(in, out, e, "</Types>", CT_SST, 0, fix[i], b, err, errn);
            ct_done = 1;
        } else if (with_sst && strcmp(e->name, "xl/_rels/workbook.xml.rels") == 0) {
            r = write_with(in, out, e, "</Relationships>", REL_SST, 1, fix[i], b, err, errn);
            rel_done = 1;
        } else {
            r = copy_span(in, out, e->lho, e->end - e->lho, b) != 0
                    ? errf(err, errn, "xlsx: writing the workbook", strerror(errno))
                    : 1;
        }
        if (r < 0)
            goto out;
        rewritten[i] = r == 0;
    }
    if (used != want || (with_sst && (!ct_done || !rel_done))) {
        errf(err, errn, "xlsx: a part is missing from the package", NULL);
        goto out;
    }
    off_t newcd = ftello(out);
    uint64_t newcdsize = cdsize;
    if (with_sst)
        newcdsize += 46 + strlen("xl/sharedStrings.xml");
    if (newcd < 0 || (uint64_t)newcd + newcdsize > ZIP_MAX) {
        errf(err, errn, "xlsx: a workbook over 4 GiB does not fit the zip "
                        "format without zip64", NULL);
        goto out;
    }
    for (uint32_t i = 0; i <= count; i++) {
        unsigned char r[46];
        const char *name = i < count ? NULL : "xl/sharedStrings.xml";
        if (i == count && !with_sst)
            break;
        memcpy(r, ents[i < count ? i : 0].cd, 46);
        wr32(r + 42, (uint32_t)newlho[i]);
        if (i == count || rewritten[i]) {
            wr16(r + 8, rd16(r + 8) & ~8u);
            wr16(r + 10, Z_DEFLATED);
            wr32(r + 16, fix[i][0]);
            wr32(r + 20, fix[i][1]);
            wr32(r + 24, fix[i][2]);
        }
        size_t rest = i < count ? ents[i].cdlen - 46 : strlen(name);
        if (i == count) {
            wr16(r + 28, (uint32_t)rest);
            wr16(r + 30, 0);
            wr16(r + 32, 0);
        }
        if (fwrite(r, 1, 46, out) != 46 ||
            fwrite(i < count ? (const void *)(ents[i].cd + 46) : (const void *)name, 1,
                   rest, out) != rest) {
            errf(err, errn, "xlsx: writing the workbook", strerror(errno));
            goto out;
        }
    }
    unsigned char ed[65557];
    memcpy(ed, eocd, eocdlen);
    uint32_t nent = count + (with_sst ? 1u : 0u);
    wr16(ed + 8, nent);
    wr16(ed + 10, nent);
    wr32(ed + 12, (uint32_t)newcdsize);
    wr32(ed + 16, (uint32_t)newcd);
    if (fwrite(ed, 1, eocdlen, out) != eocdlen) {
        errf(err, errn, "xlsx: writing the workbook", strerror(errno));
        goto out;
    }
    rc = 0;
out:
    if (out && fclose(out) != 0 && rc == 0) {
        errf(err, errn, "xlsx: writing the workbook", strerror(errno));
        rc = -1;
    }
    if (in)
        fclose(in);
    free(cd);
    free(ents);
    free(byoff);
    free(newlho);
    free(fix);
    free(rewritten);
    free(b);
    return rc;
}
