/* cairo_file.c - checked files for cairo's stream surfaces (see
 * cairo_file.h). */
#include "cairo_file.h"

#include <errno.h>

int bdb_cairo_file_open(bdb_cairo_file *cf, const char *path)
{
    cf->err = 0;
    cf->f = fopen(path, "wb");
    return cf->f ? 0 : (errno ? errno : EIO);
}

cairo_status_t bdb_cairo_file_write(void *closure, const unsigned char *data,
                                    unsigned int len)
{
    bdb_cairo_file *cf = closure;
    if (cf->err)
        return CAIRO_STATUS_WRITE_ERROR;
    if (fwrite(data, 1, len, cf->f) != len) {
        cf->err = errno ? errno : EIO;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

int bdb_cairo_file_close(bdb_cairo_file *cf)
{
    if (!cf->f)
        return cf->err;
    if (fflush(cf->f) != 0 && !cf->err)
        cf->err = errno ? errno : EIO;
    if (fclose(cf->f) != 0 && !cf->err)
        cf->err = errno ? errno : EIO;
    cf->f = NULL;
    return cf->err;
}
