/* store_means.h - aggregate readers for pages that summarise a whole
 * database (benchdb serve's overview): each series' names without its
 * results, and per series and platform the count and mean of the results a
 * filter selects, computed by the database over its series index instead
 * of every value carried out of it. Written once over the driver's
 * primitives (store_means.c). */
#ifndef BDB_STORE_MEANS_H
#define BDB_STORE_MEANS_H

#include "store.h"

/* The series f's series terms (tool, benchmark, metric, params) select,
 * in id order; nresults and nplatforms are 0 (not counted). A reader that
 * keeps the copy below (bdb_store_means_warm) names them from a copy of
 * every series' names kept with it: the database only says which. */
int bdb_store_series_names_each(bdb_store *st, const bdb_filter *f,
                                int (*cb)(const bdb_series_row *r, void *ctx),
                                void *ctx);

/* Page `offset / limit` of the series f's series terms select (with its
 * platform, run set or tag terms: of those only the series with a result
 * they select), in the report's order (tool, benchmark, metric,
 * parameters): their ids into *ids (the caller frees; *n of them), the
 * selection's count into *total.
 * The database walks its unique series index to the page (benchdb
 * serve's tool pages). */
int bdb_store_series_page(bdb_store *st, const bdb_filter *f, size_t offset,
                          size_t limit, long long **ids, size_t *n,
                          size_t *total);

/* Appends r's five names (tool, benchmark, metric, params, unit), each
 * with its '\0', to text and their offsets into at: many series' names
 * kept in one text. 0, or -1 when out of memory. */
int bdb_series_row_keep(bdb_buf *text, size_t at[5], const bdb_series_row *r);

typedef struct bdb_cell_mean_row {
    long long series_id;
    long long platform_id;      /* 0: results without a platform */
    long long n;
    double mean;
} bdb_cell_mean_row;

/* Per series and platform, the count and mean of the results f selects,
 * in series id then platform id order. */
int bdb_store_cell_means_each(bdb_store *st, const bdb_filter *f,
                              int (*cb)(const bdb_cell_mean_row *r, void *ctx),
                              void *ctx);

/* The same for a reader that serves many pages (benchdb serve's overview
 * and efficiency): the rows come from a copy kept in memory for the
 * database's data version of every cell's sums per source (made by the
 * first such call, or bdb_store_means_warm; at most BDB_MEANS_MEMO_CELLS
 * rows, else each call asks the database); f's platform, run set and tag
 * terms pick the platforms and sources (the database says which), a
 * cell's sources pooled; f's series terms are left to the caller: it may
 * get rows of series they leave out, and must match rows to its series
 * by id. */
int bdb_store_cell_means_memo_each(bdb_store *st, const bdb_filter *f,
                                   int (*cb)(const bdb_cell_mean_row *r,
                                             void *ctx),
                                   void *ctx);
#define BDB_MEANS_MEMO_CELLS ((size_t)4 << 20)
/* Makes that copy now (a server's start), and the copy of every series'
 * names: BDB_OK, or the store's error; *cells: the rows kept (0: too
 * many to keep). With it, bdb_store_platform_names_each answers from the
 * copy too. */
int bdb_store_means_warm(bdb_store *st, size_t *cells);

typedef struct bdb_cell_sums_row {
    long long series_id;
    long long platform_id;      /* 0: results without a platform */
    long long n;
    double sum, sumsq, min, max;
    double sumln, sumln2;       /* of ln(value) over the values > 0 */
} bdb_cell_sums_row;

/* Per series and platform, the count, sum, sum of squares, min and max of
 * the results f selects, and the sums of their logarithms, in series id
 * then platform id order: what a comparison's means, intervals and
 * verdicts need, computed by the database. */
int bdb_store_cell_sums_each(bdb_store *st, const bdb_filter *f,
                             int (*cb)(const bdb_cell_sums_row *r, void *ctx),
                             void *ctx);

/* The same from the copy in memory the means come from (the sums of every
 * cell per source, bdb_store_means_warm): only the platforms and sources
 * f's terms select, in the same order, each cell's sources pooled; f's
 * series terms left to the caller, who must match rows to its series by
 * id. */
int bdb_store_cell_sums_memo_each(bdb_store *st, const bdb_filter *f,
                                  int (*cb)(const bdb_cell_sums_row *r,
                                            void *ctx),
                                  void *ctx);

/* Every platform's id and name, in id order. */
int bdb_store_platform_ids_each(bdb_store *st,
                                int (*cb)(long long id, const char *name,
                                          void *ctx),
                                void *ctx);

/* A reader that serves many pages keeps up to mib MiB of the database's
 * pages in memory (SQLite's page cache: its default 2 MiB made a page of
 * a lab's database read most of its index from the file again); nothing
 * on PostgreSQL, whose server caches. */
int bdb_store_reader_cache(bdb_store *st, long long mib);

#endif
