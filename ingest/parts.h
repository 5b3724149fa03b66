/* parts.h - the figure of a whole run made from the figures of its parts:
 * fio's clones (numjobs=4 prints job=0..3 without --group_reporting)
 * become the job's total, as the tool record says (tool.h: part_key,
 * part_count_key and each metric's parts rule: the sum of IOPS and
 * bandwidth, the mean of mean latencies). The parts stay as they are;
 * the whole is one more series, without the part key, and it is the one
 * a score counts.
 *
 * A whole is made when all its parts have come (the part count says how
 * many), so memory holds only the wholes still open, not the file's. */
#ifndef BDB_PARTS_H
#define BDB_PARTS_H

#include "../common/bdb_sample.h"
#include "../common/bdb_strmap.h"
#include "tool.h"

typedef struct bdb_parts_open bdb_parts_open;

typedef struct bdb_parts {
    bdb_strmap keys;        /* whole's key -> index + 1 into open; -1: made */
    bdb_parts_open **open;
    size_t nopen, cap;
} bdb_parts;

/* Receives a whole; it may change the sample. */
typedef int (*bdb_parts_emit)(void *ctx, bdb_sample *whole);

/* A zeroed bdb_parts is empty and ready. */
void bdb_parts_free(bdb_parts *p);

/* 1 when t makes wholes of metric's parts and s is a part. */
int bdb_parts_wanted(const bdb_tool *t, const bdb_sample *s);

/* Adds a part (numbered: its repetition is set); emits the whole when its
 * last part has come. BDB_OK or the emitter's code or BDB_ENOMEM. */
int bdb_parts_take(bdb_parts *p, const bdb_tool *t, const bdb_sample *s,
                   bdb_parts_emit emit, void *ctx);

/* The end of a parser's figures: wholes whose part count is not known
 * are emitted from the parts that came (two or more); wholes that miss
 * parts are not made, and a warning in warn_to says which. Empties p. */
int bdb_parts_flush(bdb_parts *p, bdb_sink *warn_to, bdb_parts_emit emit,
                    void *ctx);

#endif
