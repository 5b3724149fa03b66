/* bdb_embedded_lookup.c - finding an embedded template by name. */
#include "bdb_embedded.h"

#include <string.h>

const bdb_embedded_file *bdb_embedded_template(const char *name)
{
    for (const bdb_embedded_file *f = bdb_embedded_templates; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}
