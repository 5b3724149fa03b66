/* model_traces.h - the traces of the report's runs (model.h's
 * bdb_rtraces), gathered from the store as it walks them. */
#ifndef BDB_MODEL_TRACES_H
#define BDB_MODEL_TRACES_H

#include "model.h"

/* Fills m->traces with the traces of the runs behind m's series (those
 * of its platforms, run sets and tags), the first opts.max_traces kept
 * with at most opts.max_trace_points points each, the rest counted.
 * BDB_OK, BDB_ENOMEM or the store's error. */
int bdb_model_traces_gather(bdb_model *m, bdb_store *st);
/* Frees what bdb_model_traces_gather allocated (the texts are the
 * model's) and empties ts. */
void bdb_model_traces_free(bdb_rtraces *ts);

#endif
