/* sample_event.c - figures packed into byte buffers and read back
 * (sample_event.h). */
#include "sample_event.h"

#include <stdint.h>
#include <string.h>

typedef struct event_head {
    uint32_t size;              /* of the event, head included, 8-aligned */
    uint16_t has_trace;
    uint16_t has_ref;           /* 1: a copy of the ref follows */
} event_head;

#define SAMPLE_HEAD (offsetof(bdb_sample, params) + offsetof(bdb_params, kv))

static size_t sample_bytes(const bdb_sample *s)
{
    int n = s->params.n < 0 ? 0 : s->params.n > BDB_MAX_PARAMS
                                      ? BDB_MAX_PARAMS : s->params.n;
    return SAMPLE_HEAD + (size_t)n * sizeof(bdb_param);
}

size_t bdb_event_size(const bdb_sample *s, int copy_ref)
{
    size_t n = sizeof(event_head) + (s->trace ? sizeof(bdb_trace) : 0) +
               (copy_ref ? sizeof(bdb_series_ref) : 0) + sample_bytes(s);
    return (n + 7) & ~(size_t)7;
}

void bdb_event_pack(unsigned char *at, const bdb_sample *s, int copy_ref)
{
    event_head h = {(uint32_t)bdb_event_size(s, copy_ref), s->trace != NULL,
                    (uint16_t)(copy_ref != 0)};
    memcpy(at, &h, sizeof h);
    at += sizeof h;
    if (s->trace) {
        memcpy(at, s->trace, sizeof *s->trace);
        at += sizeof *s->trace;
    }
    if (copy_ref) {
        memcpy(at, s->ref, sizeof *s->ref);
        at += sizeof *s->ref;
    }
    memcpy(at, s, sample_bytes(s));
}

size_t bdb_event_unpack(const unsigned char *p, bdb_sample *s, bdb_trace *t,
                        bdb_series_ref *ref)
{
    event_head h;
    memcpy(&h, p, sizeof h);
    p += sizeof h;
    if (h.has_trace) {
        memcpy(t, p, sizeof *t);
        p += sizeof *t;
    }
    if (h.has_ref) {
        memcpy(ref, p, sizeof *ref);
        p += sizeof *ref;
    }
    memcpy(s, p, SAMPLE_HEAD);
    memcpy(s->params.kv, p + SAMPLE_HEAD,
           (size_t)s->params.n * sizeof(bdb_param));
    s->trace = h.has_trace ? t : NULL;
    if (h.has_ref)
        s->ref = ref;
    return h.size;
}
