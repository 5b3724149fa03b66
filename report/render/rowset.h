/* rowset.h - a small table of strings that the list commands fill and then
 * print as an aligned terminal table, CSV (libcsv) or JSON (jansson). */
#ifndef BDB_ROWSET_H
#define BDB_ROWSET_H

#include <stddef.h>
#include <stdio.h>

typedef enum { BDB_FMT_TABLE, BDB_FMT_CSV, BDB_FMT_JSON } bdb_out_format;

typedef struct bdb_rowset {
    int ncols;
    const char *const *names;   /* column names */
    const unsigned char *numeric; /* per column: 1 = number in JSON */
    char **cells;               /* nrows * ncols, owned */
    size_t nrows, cap;
    int err;                    /* a bdb_rowset_add failed: the set is
                                   incomplete and must not be printed */
} bdb_rowset;

/* Parses "table", "csv" or "json"; -1 if none. */
int bdb_out_format_parse(const char *s);

void bdb_rowset_init(bdb_rowset *r, int ncols, const char *const *names,
                     const unsigned char *numeric);
void bdb_rowset_free(bdb_rowset *r);
/* Adds a row of ncols strings (copied); -1 (and r->err set) when out of
 * memory. */
int bdb_rowset_add(bdb_rowset *r, const char *const *cells);
/* Orders the rows within each run of rows that agree in the columns
 * group[0..ngroup-1] by column col in numeric order ("c=2" before
 * "c=10"), stably: the store lists series by their parameters as text.
 * -1 (and r->err set) when out of memory. */
int bdb_rowset_sort_natural(bdb_rowset *r, const int *group, int ngroup,
                            int col);
/* Prints in the format; 0 on success, -1 when the set is incomplete
 * (r->err), out of memory, or the stream has an error. In JSON a numeric
 * column's "" is null and a cell that is not a number stays a string. */
int bdb_rowset_print(const bdb_rowset *r, bdb_out_format fmt, FILE *out);

#endif
