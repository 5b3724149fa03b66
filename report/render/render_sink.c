/* render_sink.c - handing a renderer's buffer to its sink as the report
 * is made, so a report of a million results is never whole in memory. */
#include "render.h"

#include "../common/bdb_error.h"

int bdb_render_flush(const bdb_render_opts *o, bdb_buf *out, int force)
{
    if (!o || !o->sink || !o->sink->write || out->err)
        return out->err;
    if (out->len == 0 || (!force && out->len < BDB_RENDER_CHUNK))
        return BDB_OK;
    int rc = o->sink->write(o->sink->ctx, out->data, out->len);
    /* reset clears err: keep the sink's */
    bdb_buf_reset(out);
    out->err = rc;
    return rc;
}
