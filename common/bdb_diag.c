/* bdb_diag.c - filling and formatting diagnostics. */
#include "bdb_diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bdb_diag_clear(bdb_diag *d)
{
    if (d)
        memset(d, 0, sizeof *d);
}

int bdb_diag_set(bdb_diag *d, int code, int line, const char *fmt, ...)
{
    if (!d)
        return code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    d->line = line;
    d->code = code;
    return code;
}

void bdb_diag_set_file(bdb_diag *d, const char *file)
{
    if (d && file && !d->file[0])
        snprintf(d->file, sizeof d->file, "%s", file);
}

void bdb_diag_format(const bdb_diag *d, char *out, size_t outsz)
{
    if (!outsz)
        return;
    /* no file: the message alone, never a made-up name in its place */
    if (d->file[0] && d->line > 0)
        snprintf(out, outsz, "%s:%d: %s", d->file, d->line, d->message);
    else if (d->file[0])
        snprintf(out, outsz, "%s: %s", d->file, d->message);
    else if (d->line > 0)
        snprintf(out, outsz, "line %d: %s", d->line, d->message);
    else
        snprintf(out, outsz, "%s", d->message);
}
