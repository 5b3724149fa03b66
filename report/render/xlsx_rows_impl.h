/* xlsx_rows_impl.h - what xlsx_rows.c (the rows) and xlsx_package.c
 * (the package they are spliced into) share; nothing else includes it. */
#ifndef BDB_XLSX_ROWS_IMPL_H
#define BDB_XLSX_ROWS_IMPL_H

#include "xlsx_rows.h"

#include <stdio.h>
#include <zlib.h>

struct bdb_xlsst {
    char **str;             /* by index (owned) */
    size_t n, cap;
    uint32_t *slot;         /* open addressing: index + 1, 0 empty */
    size_t nslot;
    uint64_t count;         /* cells that refer to them */
};

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

/* "AB12" for 0-based (row, col), as lxw_rowcol_to_cell; the length. */
size_t bdb_xl_cellname(char *out, uint32_t row, uint32_t col);

/* Ends w's rows and its stream (a sync flush: byte-aligned, no final
 * block) and rewinds its file; 0, or -1 with w's error. */
int bdb_xlrows_finish(bdb_xlrows *w);

/* Writes xl/sharedStrings.xml for t into w (a writer of no sheet), as
 * libxlsxwriter's shared_strings.c writes it, and finishes w. */
int bdb_xlrows_sst_xml(bdb_xlrows *w, const bdb_xlsst *t);

#endif
