/* cairo_file.h - a file for cairo's stream surfaces whose every write and
 * final close are checked.
 *
 * cairo's own file surfaces (cairo_pdf_surface_create(path, ...)) close
 * their FILE without looking at fclose's result: a PDF that fits stdio's
 * buffer and fails only at the close (a full disk, a file-size limit)
 * left an empty file and a success. */
#ifndef BDB_CAIRO_FILE_H
#define BDB_CAIRO_FILE_H

#include <cairo.h>
#include <stdio.h>

typedef struct bdb_cairo_file {
    FILE *f;
    int err;                /* the first errno of a write, or 0 */
} bdb_cairo_file;

/* Opens path for writing; 0, or an errno. */
int bdb_cairo_file_open(bdb_cairo_file *cf, const char *path);
/* cairo_write_func_t over a bdb_cairo_file. */
cairo_status_t bdb_cairo_file_write(void *closure, const unsigned char *data,
                                    unsigned int len);
/* Flushes and closes; 0, or the errno of the first failed write, flush
 * or close. */
int bdb_cairo_file_close(bdb_cairo_file *cf);

#endif
