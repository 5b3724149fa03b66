/* sample_event.h - a figure or a trace point, as a parse handed it on,
 * packed into a byte buffer and read back: how import_record.c keeps a
 * small file's figures for the writer and overlap.c hands a large file's
 * from the parse's thread to the store's.
 *
 * An event is a head, the point's bdb_trace (trace points), a copy of
 * the series ref (when asked: a ref that will not outlive the parse),
 * then the sample up to its last used parameter (most of a sample's
 * 3.5 KB are empty parameter slots), 8-aligned. */
#ifndef BDB_IMPORT_SAMPLE_EVENT_H
#define BDB_IMPORT_SAMPLE_EVENT_H

#include "../common/bdb_sample.h"

#include <stddef.h>

/* The bytes the event of s takes; copy_ref: the series ref is copied
 * into it (s->ref must then be set). */
size_t bdb_event_size(const bdb_sample *s, int copy_ref);

/* Packs s into at, which has bdb_event_size(s, copy_ref) bytes. */
void bdb_event_pack(unsigned char *at, const bdb_sample *s, int copy_ref);

/* Reads the event at p back into *s: its trace into *t (s->trace set to
 * t, or NULL), its ref copy into *ref (s->ref set to ref) when it has
 * one. Returns the event's size, the step to the next one. */
size_t bdb_event_unpack(const unsigned char *p, bdb_sample *s, bdb_trace *t,
                        bdb_series_ref *ref);

#endif
