/* xlsx_rows.c - a large sheet's rows as sheet XML in a deflate stream,
 * spliced into libxlsxwriter's package (see xlsx_rows.h).
 *
 * The XML is byte for byte what libxlsxwriter 1.1 writes in constant-
 * memory mode for the same calls: inline strings with control characters
 * as _xHHHH_ and xml:space="preserve" when they start or end with
 * whitespace, numbers as "%.16G", formulas without their '=' and with
 * their cached result; the texts of repeated columns as shared strings,
 * as libxlsxwriter writes them when it holds the sheet in memory. Only
 * the compression differs: zlib level 1 (the rows are most of the
 * package; level 6 took 2.5 times as long for a sixth fewer bytes).
 * xlsx_package.c puts the stream into the package. */
#define _FILE_OFFSET_BITS 64
#include "xlsx_rows_impl.h"
#include "numfmt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define XR_LEVEL 1
#define XR_BUF ((size_t)1 << 18)
#define XR_ZOUT ((size_t)1 << 16)

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

size_t bdb_xl_cellname(char *out, uint32_t row, uint32_t col)
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
    size_t n = 6 + bdb_xl_cellname(t + 6, row, col);
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

int bdb_xlrows_finish(bdb_xlrows *w)
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

int bdb_xlrows_sst_xml(bdb_xlrows *w, const bdb_xlsst *t)
{
    char head[200];
    snprintf(head, sizeof head,
             "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
             "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
             "count=\"%llu\" uniqueCount=\"%zu\">",
             (unsigned long long)t->count, t->n);
    puts_(w, head);
    for (size_t i = 0; i < t->n; i++)
        put_si(w, t->str[i]);
    puts_(w, "</sst>");
    return bdb_xlrows_finish(w);
}
