/* bdb_embedded.h - files compiled into the binary (schemas/, templates/).
 * The tables are generated at build time by cmake/embed.cmake and end with
 * an entry whose name is NULL. */
#ifndef BDB_EMBEDDED_H
#define BDB_EMBEDDED_H

#include <stddef.h>

typedef struct bdb_embedded_file {
    const char *name;   /* file name without folder, e.g. "001_init.sql" */
    const char *data;   /* NUL-terminated contents */
    size_t size;
} bdb_embedded_file;

extern const bdb_embedded_file bdb_embedded_schemas[];
extern const bdb_embedded_file bdb_embedded_templates[];

/* The template called name, or NULL. */
const bdb_embedded_file *bdb_embedded_template(const char *name);

#endif
