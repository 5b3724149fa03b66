/* xlsx_rows.h - the rows of a workbook's large sheets (Results,
 * Efficiency), written as sheet XML straight into a deflate stream, and
 * spliced into the package libxlsxwriter wrote.
 *
 * libxlsxwriter formats every cell with fprintf into a temporary file,
 * copies it into another and deflates it at zlib's default level, with no
 * option for the level: over a million results that was most of the
 * report's time. Here a sheet's rows are written once, as the same XML
 * libxlsxwriter writes for the same calls (inline strings, formulas with
 * their cached results), and deflated at a fast level into an unlinked
 * temporary file; bdb_xlrows_splice (xlsx_package.c) then copies
 * libxlsxwriter's package entry by entry, putting the rows into their
 * sheets. libxlsxwriter
 * still writes everything else (the header row, styles, freeze panes,
 * autofilters, charts), so formats keep libxlsxwriter's style indices. */
#ifndef BDB_XLSX_ROWS_H
#define BDB_XLSX_ROWS_H

#include <stddef.h>
#include <stdint.h>

/* Excel's limits: rows and columns of a sheet, characters of a cell. */
#define BDB_XL_ROWS 1048576u
#define BDB_XL_COLS 16384u

typedef struct bdb_xlrows bdb_xlrows;

/* The package's shared strings (xl/sharedStrings.xml): each distinct text
 * of the columns that repeat (tools, platforms, parameter sets) is
 * written once, and each cell of it is an index. libxlsxwriter's
 * constant-memory mode writes every string inline, where a Results row
 * repeated its series' texts on every platform's row: a quarter of the
 * sheet's bytes. Memory: the distinct texts. NULL when out of memory. */
typedef struct bdb_xlsst bdb_xlsst;
bdb_xlsst *bdb_xlsst_new(void);
void bdb_xlsst_free(bdb_xlsst *t);

/* Rows for the package entry xl/worksheets/sheet<sheet_no>.xml (1-based,
 * libxlsxwriter's numbering: the order the worksheets were added), with
 * its shared strings in sst (NULL: every string inline). The temporary
 * file goes to tmpdir (NULL: $TMPDIR or /tmp). NULL when out of memory
 * or when no temporary file can be made (errno says why). */
bdb_xlrows *bdb_xlrows_new(unsigned sheet_no, const char *tmpdir, bdb_xlsst *sst);
void bdb_xlrows_free(bdb_xlrows *w);

/* Cells, in increasing (row, column) order; rows start at 1 (row 0, the
 * header, is libxlsxwriter's). style is an xf index
 * (lxw_format_get_xf_index) or 0. A cell out of order or past Excel's
 * limits, or a failed write, makes the writer fail: every later call does
 * nothing and bdb_xlrows_error says what happened. */
void bdb_xlrows_str(bdb_xlrows *w, uint32_t row, uint32_t col, const char *s,
                    int style);
/* Text of a repeated column: a shared string (inline without a table). */
void bdb_xlrows_sstr(bdb_xlrows *w, uint32_t row, uint32_t col, const char *s,
                     int style);
void bdb_xlrows_num(bdb_xlrows *w, uint32_t row, uint32_t col, double v,
                    int style);
/* A blank cell that carries a format (style > 0). */
void bdb_xlrows_blank(bdb_xlrows *w, uint32_t row, uint32_t col, int style);
/* A formula (a leading '=' is dropped) with a numeric cached result, or,
 * with str set, a text one. */
void bdb_xlrows_formula(bdb_xlrows *w, uint32_t row, uint32_t col,
                        const char *formula, int style, double v,
                        const char *str);

/* NULL, or what made the writer fail. */
const char *bdb_xlrows_error(const bdb_xlrows *w);

/* Copies the package at in to out, with the rows of each writer put into
 * its sheet (after the rows libxlsxwriter wrote, before </sheetData>) and
 * the sheet's dimension widened to them, and, when sst holds strings,
 * xl/sharedStrings.xml added (with its content type and relationship).
 * Returns 0, or -1 with a message in err. */
int bdb_xlrows_splice(const char *in, const char *out, bdb_xlrows *const *w,
                      size_t nw, const bdb_xlsst *sst, char *err, size_t errn);

#endif
