/* store_traces.h - the traces of runs' figures (schemas 008_trace_points):
 * the interval, per-stream and per-thread points a parser gives beside a
 * run's figure (bdb_sample.trace), written as they come and read back in
 * order. Written once over the driver's primitives for every back-end. */
#ifndef BDB_STORE_TRACES_H
#define BDB_STORE_TRACES_H

#include "store.h"

/* The points of one source as an import gives them. A point is tied to
 * the result of its series (tool, benchmark, metric, parameters) in the
 * source with its repetition: a parser gives a run's points after its
 * figure, so the series is stored by then; a point whose series has no
 * figure in the store is not kept, and counted in `orphans`. */
typedef struct bdb_trace_writer bdb_trace_writer;

/* Opens a writer for source_id (NULL *out on failure: BDB_ENOMEM or the
 * store's code). */
int bdb_trace_writer_open(bdb_store *st, long long source_id,
                          bdb_trace_writer **out);
/* Stores the trace point s (s->trace set). */
int bdb_trace_writer_put(bdb_trace_writer *w, const bdb_sample *s);
/* Frees w (NULL is fine); *stored and *orphans (may be NULL) get its
 * counts. Returns rc, or the error of finishing. */
int bdb_trace_writer_close(bdb_trace_writer *w, int rc, long long *stored,
                           long long *orphans);

/* Removes the points of source_id (its results are being replaced). */
int bdb_store_traces_drop(bdb_store *st, long long source_id);

typedef struct bdb_trace_row {
    long long source_id;
    const char *tool, *benchmark, *metric, *params;  /* the series */
    int repetition;
    long long seq;
    const char *what, *label;
    double start, end;          /* NaN when the line printed none */
    double value;
    const char *unit;
    int line;
} bdb_trace_row;

/* Walks the points of source_id (0: every source) that match f (its
 * tool, benchmark, metric and parameters; NULL: all), in source, series
 * and sequence order. cb's non-zero return stops the walk. */
int bdb_store_traces_each(bdb_store *st, long long source_id,
                          const bdb_filter *f,
                          int (*cb)(const bdb_trace_row *, void *),
                          void *ctx);

/* A run that has a trace: its source, series and repetition, and how
 * many points it has. */
typedef struct bdb_trace_run {
    long long source_id, series_id;
    int repetition;
    const char *tool, *benchmark, *metric, *params;
    long long points;
} bdb_trace_run;

/* The runs with a trace and a result of f's platforms (and run sets and
 * tags) in their series and repetition, whose series match f: the
 * traces of a report's runs, in source, series and repetition order,
 * each run once (its points are not read). cb's non-zero return stops
 * the walk. */
int bdb_store_trace_runs_each(bdb_store *st, const bdb_filter *f,
                              int (*cb)(const bdb_trace_run *, void *),
                              void *ctx);
/* The first limit points (0: all) of run (its source_id, series_id and
 * repetition), in sequence order; points labelled "restated" (a figure
 * printed again, stored at its own line) are the chart's once already
 * and are left out. */
int bdb_store_trace_run_points(bdb_store *st, const bdb_trace_run *run,
                               long long limit,
                               int (*cb)(const bdb_trace_row *, void *),
                               void *ctx);
/* How many of run's points are of quantity what, and their min, mean
 * and max (NaN when none), summed up by the store ("restated" points
 * left out, as above). */
typedef struct bdb_trace_stats {
    long long n;
    double min, mean, max;
} bdb_trace_stats;
int bdb_store_trace_run_stats(bdb_store *st, const bdb_trace_run *run,
                              const char *what, bdb_trace_stats *out);

/* Copies the points of from's source from_id into to's source to_id,
 * whose figures were copied before (store_copy.c). */
int bdb_store_traces_copy(bdb_store *from, long long from_id, bdb_store *to,
                          long long to_id);

#endif
