/* xlsx_package.c - copies the package libxlsxwriter wrote, entry by
 * entry, with the rows of xlsx_rows.c's writers put into their sheets and
 * the shared strings added (see xlsx_rows.h).
 *
 * The rows' deflate stream ends with a sync flush (byte-aligned, no final
 * block), so it can sit between the deflated head of the sheet (also
 * sync-flushed) and its deflated tail (finished): three raw deflate
 * streams in a row are one valid stream, and their CRCs combine
 * (crc32_combine). Entries left as they are are copied byte for byte;
 * the zip directory is rewritten with the new offsets. No zip64: a part
 * or a package past 4 GiB fails, naming the limit. */
#define _FILE_OFFSET_BITS 64
#include "xlsx_rows_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define XR_LEVEL 1
#define XR_ZOUT ((size_t)1 << 16)
/* A sheet entry libxlsxwriter wrote holds the header row and the sheet's
 * settings: kilobytes. More means something else wrote rows there. */
#define XR_SHEET_MAX ((size_t)1 << 26)
#define ZIP_MAX 0xFFFFFFFEu /* past it a zip needs zip64 */

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
    size_t rn = bdb_xl_cellname(ref, rmin, cmin);
    if (rmin != rmax || cmin != cmax) {
        ref[rn++] = ':';
        rn += bdb_xl_cellname(ref + rn, rmax, cmax);
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
    int rc = bdb_xlrows_sst_xml(sw, sst) != 0
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
        if (bdb_xlrows_finish(w[i]) != 0)
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
