/* store_internal.h - what the store's back-ends share and none of them
 * owns: schema versioning, compression of sources, the series cache, the
 * SQL of filters and platform columns (placeholders in either back-end's
 * style), and the meaning of a callback's return. Only store/ includes
 * this. */
#ifndef BDB_STORE_INTERNAL_H
#define BDB_STORE_INTERNAL_H

#include <stddef.h>

#include "store_backend.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_embedded.h"
#include "../common/bdb_strmap.h"

/* PostgreSQL's migrations (schemas/pg/), embedded by cmake/embed.cmake
 * beside bdb_embedded_schemas (SQLite's). */
extern const bdb_embedded_file bdb_embedded_pg_schemas[];

/* ---- callbacks ----------------------------------------------------------
 * Every *_each walk calls its callback once a row. A non-zero return
 * means "stop here": the walk ends early and returns BDB_OK, since the
 * caller got what it wanted; it is never an error. A callback that fails
 * keeps its own error in its context. BDB_STORE_CB_STOP says so where a
 * back-end tests it. */
#define BDB_STORE_CB_STOP(ret) ((ret) != 0)

/* ---- waiting for a writer ---------------------------------------------- */

/* Who holds the write lock of the SQLite database at db_path ("pid 4242,
 * benchdb"), or "" when that cannot be known (sqlite_lock_holder.c). */
void bdb_sqlite_lock_holder(const char *db_path, char *out, size_t n);
/* The notice bdb_store_set_wait_notice set (NULL: none), and its ctx. */
void (*bdb_store_wait_notice(void **ctx))(double seconds, void *ctx);

/* ---- schema versioning ------------------------------------------------ */

/* The number NNN of a schema file called "NNN_what.sql" (0 if none). */
int bdb_store_schema_number(const char *name);
/* The highest number in a NULL-terminated schema table. */
int bdb_store_schema_latest(const bdb_embedded_file *schemas);

/* What a back-end does for the migration driver; each returns BDB_OK or
 * a BDB_E* code with the handle's message set. */
typedef struct bdb_migrator {
    const bdb_embedded_file *schemas;
    /* the version recorded in the database (0: none, an empty database) */
    int (*get_version)(bdb_store *st, int *version);
    /* begins the migration's transaction, taking the lock that keeps a
     * second process from migrating at the same time */
    int (*begin)(bdb_store *st);
    int (*exec)(bdb_store *st, const char *sql);
    int (*set_version)(bdb_store *st, int version);
    /* commits (commit != 0) or rolls back what begin began */
    int (*end)(bdb_store *st, int commit);
} bdb_migrator;

/* Brings the database to the latest schema: reads its version, refuses a
 * newer one (BDB_EVERSION), and applies the files above it in order in
 * one transaction, reading the version again under the lock (another
 * process may have migrated meanwhile). Errors go to diag. */
int bdb_store_migrate(bdb_store *st, const bdb_migrator *m, bdb_diag *diag);
/* For a read-only open: no migration, but "not a benchdb database",
 * "newer" and "older, run benchdb init" are told apart. */
int bdb_store_check_schema(bdb_store *st, const bdb_migrator *m,
                           bdb_diag *diag);

/* ---- compression of sources -------------------------------------------
 * Sources are stored zlib-compressed (raw_encoding 'zlib'), streamed
 * through deflate/inflate in chunks, so a source of any size (past the
 * 4 GiB a uLong of compress2() may hold) is kept whole. */

/* Compresses [data, data+n) into a new buffer *out (*outlen bytes; the
 * caller frees). BDB_ENOMEM or BDB_ERANGE with the message on st. */
int bdb_store_compress(bdb_store *st, const void *data, size_t n,
                       unsigned char **out, size_t *outlen);
/* Inflates z into out (closed with bdb_input_close), exactly size bytes
 * then a NUL: in memory up to BDB_STORE_SPOOL_AT bytes, else into an
 * unlinked temporary file, mapped. A stream that is damaged or of another
 * size fails with BDB_ESTORE naming source id. */
int bdb_store_uncompress(bdb_store *st, long long id, const void *z,
                         size_t zlen, size_t size, bdb_input *out);
#define BDB_STORE_SPOOL_AT ((size_t)4 << 20)
/* The same, the stream handed out in pieces by next() (*zn = 0 at its
 * end); next's own failure is returned as it is (with its message set). */
int bdb_store_uncompress_pieces(bdb_store *st, long long id,
                                int (*next)(void *ctx, const void **z,
                                            size_t *zn),
                                void *ctx, size_t size, bdb_input *out);
/* A point of a compressed source where inflating may begin afresh (a
 * full flush): the line that begins there (1-based), its byte in the
 * source and its byte in the compressed stream. */
typedef struct bdb_zpoint {
    long long line, at, zat;
} bdb_zpoint;
typedef struct bdb_zpoints {
    bdb_zpoint *v;      /* the caller frees */
    size_t n, cap;
} bdb_zpoints;
/* Points about this many bytes of the source apart (each at the start of
 * a line): reading a window of lines inflates at most about this much.
 * On the 124 MB results CSV of bench/run they cost 0.1% more bytes. */
#define BDB_STORE_POINT_EVERY ((size_t)1 << 20)
/* Compresses [data, data+n) a megabyte of output at a time, each piece
 * handed to put (whose failure stops it and is returned); a mapped
 * file's pages go as they are read. With points, the stream is flushed
 * whole at a line start about every BDB_STORE_POINT_EVERY bytes and each
 * such point added to *points. */
int bdb_store_compress_pieces(bdb_store *st, const void *data, size_t n,
                              int (*put)(void *ctx, const void *z, size_t zn),
                              void *ctx, bdb_zpoints *points);
/* Compresses [data, data+n) into a new unlinked temporary file: *fd (the
 * caller closes it) holds *zlen bytes; points as above (NULL: none). */
int bdb_store_compress_to_file(bdb_store *st, const void *data, size_t n,
                               int *fd, size_t *zlen, bdb_zpoints *points);
/* The same without a store, on any thread: a failure says why in why. */
int bdb_compress_to_file(const void *data, size_t n, int *fd, size_t *zlen,
                         bdb_zpoints *points, char *why, size_t whysz);
/* Inflates the stream next() hands out (*zn = 0 at its end): a zlib
 * stream from its start (raw 0) or raw deflate from a point (raw 1),
 * handing take() at most a megabyte at a time until take returns
 * non-zero or the stream ends. BDB_OK, next's own failure, BDB_ESTORE
 * (damaged, naming source id) or BDB_ENOMEM, the message on st. */
int bdb_store_inflate_each(bdb_store *st, long long id, int raw,
                           int (*next)(void *ctx, const void **z, size_t *zn),
                           void *ctx,
                           int (*take)(void *tctx, const char *p, size_t n),
                           void *tctx);

/* Lines [from, to] of a source cut from its bytes as they come (line is
 * the number of the line the next byte is in): each wanted line with its
 * '\n' appended to out; more is set when a byte follows line to. */
typedef struct bdb_line_cut {
    long long line, from, to;
    bdb_buf *out;
    int more;
} bdb_line_cut;
/* take() for bdb_store_inflate_each: 1 once past line to. */
int bdb_line_cut_take(void *cut, const char *p, size_t n);
/* Sources larger than this are stored in pieces (source_chunks, raw
 * empty, raw_encoding 'zlib-chunks'): no one value holds them, and no
 * update of their row reads them. The pieces are of
 * bdb_store_piece_bytes() (a megabyte; store_admin.h sets it for tests). */
#define BDB_STORE_CHUNKED_AT ((size_t)4 << 20)
#define BDB_STORE_CHUNK_BYTES ((size_t)1 << 20)
size_t bdb_store_piece_bytes(void);

/* ---- a source's stored bytes (store_source_bytes.c) ----------------------
 * Written once for every back-end over the driver's primitives. */

/* The compressed copy of a new source, made before its transaction: in
 * memory (z, zlen), or for a source past BDB_STORE_CHUNKED_AT in an
 * unlinked temporary file (fd >= 0, zlen bytes) to be stored in pieces. */
typedef struct bdb_source_bytes {
    unsigned char *z;
    const void *lent;   /* the caller's compressed bytes (src->z), not
                           freed here */
    size_t zlen;
    int fd;
    bdb_zpoints pts;    /* past 4 MiB: where inflating may begin afresh
                           (kept in source_points) */
} bdb_source_bytes;

int bdb_source_bytes_make(bdb_store *st, const bdb_source_info *src,
                          bdb_source_bytes *b);
void bdb_source_bytes_free(bdb_source_bytes *b);
/* What the source's row holds as raw: the bytes, or none when they go in
 * pieces. */
const void *bdb_source_bytes_raw(const bdb_source_bytes *b, size_t *n);
/* After source id's row is added: a source kept in a file goes into
 * source_chunks a piece at a time and its row is marked 'zlib-chunks'
 * (nothing to do for one in memory). */
int bdb_source_bytes_put(bdb_store *st, long long id,
                         const bdb_source_bytes *b);
/* store.h's bdb_store_source_find and bdb_store_source_ids
 * (store_sources.c). */
int bdb_source_find(bdb_store *st, const char *sha256, long long *id);
int bdb_source_ids(bdb_store *st, long long **ids, long long **sizes,
                   size_t *n);
/* store.h's bdb_store_source_revise (store_sources.c). */
int bdb_source_revise(bdb_store *st, long long id, const bdb_source_info *src);
/* store_admin.h's bdb_store_source_samples (store_sources.c). */
int bdb_source_samples(bdb_store *st, long long id, bdb_sink *out);
/* store.h's bdb_store_source_load: the row, then its bytes inflated from
 * raw or piece after piece. */
int bdb_source_load(bdb_store *st, long long id, bdb_stored_source *out);
/* store_admin.h's bdb_store_source_lines: the row, then its lines from
 * from on (count of them): a source in pieces inflated from its last
 * point before them (source_points), else from its start. */
int bdb_source_lines_read(bdb_store *st, long long id, long long from,
                          long long count, bdb_stored_source *meta,
                          bdb_buf *text, int *more);

/* ---- the series cache --------------------------------------------------
 * Series ids known in the current transaction, by identity (tool,
 * benchmark, metric, params): with them a figure of a known series costs
 * one INSERT. Emptied whenever a transaction or savepoint rolls back (the
 * series it made are gone) and at a new transaction when another process
 * may have swept series in between (SQLite: PRAGMA data_version changed;
 * PostgreSQL: always); started again past 65,536 series. */
typedef struct bdb_scache_entry {
    char *key;              /* NULL: free slot */
    long long id;
    char *unit;             /* beside key in the cache's blocks */
    unsigned long long hash;    /* of key */
} bdb_scache_entry;

typedef struct bdb_scache_block bdb_scache_block;

typedef struct bdb_scache {
    bdb_scache_entry *slots;
    size_t nslots, used;
    bdb_scache_block *blocks;   /* the keys and units, the newest first:
                                   freed together when the cache starts
                                   again, not one by one */
    size_t block_free;          /* bytes left at the newest's end */
    unsigned long long generation;  /* bumped by each clear: the ids refs
                                       remember are of one generation */
    bdb_strmap sets;                /* parameter set text -> its id */
    /* the series of the figure before (a CSV's rows of one series on
     * each platform follow each other): tool \x1f benchmark \x1f metric
     * \x1f then the parameters' text, its id and unit, of generation
     * last_generation; found by comparing, neither formatted nor hashed */
    char *last_key;
    size_t last_cap, last_names_len;
    long long last_id;
    char last_unit[16];
    unsigned long long last_generation;
    int last_valid;
} bdb_scache;

void bdb_scache_clear(bdb_scache *c);
bdb_scache_entry *bdb_scache_find(bdb_scache *c, const char *key);
/* Remembers key -> (id, unit); a failure only means no caching. */
void bdb_scache_put(bdb_scache *c, const char *key, long long id,
                    const char *unit);
/* Remembers a parameter set's id (bdb_strmap_get(&c->sets, text) finds
 * it); a failure only means no caching. */
void bdb_scache_put_set(bdb_scache *c, const char *params, long long id);
/* The ids smp->ref remembers for this store (owner) in the cache's
 * generation, with the series' unit equal to the sample's: 1, and
 * *series and *platform set; else 0 (no ref, or it knows nothing yet). */
int bdb_scache_ref_ids(const bdb_scache *c, const void *owner,
                       const bdb_sample *smp, long long *series,
                       long long *platform);
/* Makes smp->ref (if any) remember the ids found for it. */
void bdb_scache_ref_keep(const bdb_scache *c, const void *owner,
                         const bdb_sample *smp, long long series,
                         long long platform, const char *unit);
/* The id of smp's series when it is the series bdb_scache_last_keep
 * remembered last (same identity and unit, same generation): 1 and *id
 * set, else 0. Only samples with a ref (from ingest) are compared. */
int bdb_scache_last(const bdb_scache *c, const bdb_sample *smp,
                    long long *id);
/* Remembers smp's series as the last one; a failure only means the next
 * figure is looked up the usual way. */
void bdb_scache_last_keep(bdb_scache *c, const bdb_sample *smp, long long id,
                          const char *unit);
/* The series of a figure: the one before's when it is the same, else
 * find(ctx, smp, id)'s (found or made), then remembered as the last. */
int bdb_scache_series(bdb_scache *c, const bdb_sample *smp, long long *id,
                      int (*find)(void *ctx, const bdb_sample *smp,
                                  long long *id),
                      void *ctx);
/* The cache key of a sample's series, params formatted into params
 * (BDB_PARAMS_TEXT_MAX bytes) on the way. */
void bdb_series_key(const bdb_sample *smp, char *params, size_t paramsz,
                    char *key, size_t keysz);
#define BDB_SERIES_KEY_MAX \
    (32 + BDB_BENCHMARK_MAX + BDB_METRIC_MAX + BDB_PARAMS_TEXT_MAX + 4)

/* The id and unit of the series of texts ?1-?4 (tool, benchmark, metric,
 * params) and key ?5 (series_ident.h): the row that holds the key, when
 * its texts are these, else a row of these texts kept without a key (its
 * key was an earlier series'; schemas/012). */
#define BDB_SQL_SERIES_FIND                                                  \
    "SELECT id, unit FROM series WHERE ident = ?5 AND tool = ?1 AND "       \
    "benchmark = ?2 AND metric = ?3 AND params = ?4 UNION ALL SELECT id, "  \
    "unit FROM series WHERE ident IS NULL AND tool = ?1 AND benchmark = ?2 " \
    "AND metric = ?3 AND params = ?4 LIMIT 1"

/* ---- the write path (store_write.c) -------------------------------------- */

/* st->write made and freed with the handle. */
int bdb_write_open(bdb_store *st);
void bdb_write_close(bdb_store *st);
/* What a driver tells the write path: a transaction (or savepoint) rolled
 * back, so what it made may be gone (series, platforms, the batch's run
 * set); an outer transaction began, after others wrote or not (the
 * series cache stays only when no other connection may have swept). */
void bdb_write_forget(bdb_store *st);
void bdb_write_begun(bdb_store *st, int others_wrote);
/* store.h's bdb_store_source_begin without the trace points' part
 * (store.c); bdb_store_source_put, _end and the batches are
 * store_write.c's. */
int bdb_write_source_begin(bdb_store *st, const bdb_source_info *src,
                           long long replace_id, long long *id);
/* The id of the platform called name, made when new (0 for ""). */
int bdb_write_platform_id(bdb_store *st, const char *name, long long *id);
/* Drops the series left without results: now, or once when the open
 * batch ends. */
int bdb_write_sweep_later(bdb_store *st);
/* Forgets the run set the batch knows exists. */
void bdb_write_forget_set(bdb_store *st);
/* Puts source source_id into run set `set` (made when new) with tags,
 * remembering the set for the batch's next file. */
int bdb_write_source_set(bdb_store *st, long long source_id, const char *set,
                         const bdb_params *tags);
/* The default platform of the figures the open source is given next. */
void bdb_write_default_platform(bdb_store *st, const char *name);
/* Writes what the open source holds back (series and rows of the next
 * bulk insert), so that a query sees them. */
int bdb_write_flush(bdb_store *st, long long source_id);
/* The id of the series of cache key key when the series cache knows it
 * made (0: not known, or made only at the next flush). */
long long bdb_write_series_known(bdb_store *st, const char *key);

/* ---- SQL shared by the back-ends ---------------------------------------- */

/* A query's WHERE conditions from a filter (on aliases s: series, p:
 * platforms), with copies of the values to bind in order; the lists
 * grow, so a filter of any size binds all its values. */
typedef struct bdb_where {
    bdb_buf sql;
    char **binds;
    int nbinds, cap;
    int err;            /* the first failure (out of memory) */
    bdb_sql_style style;
} bdb_where;

void bdb_where_init(bdb_where *w, bdb_sql_style style);
/* Appends " AND ..." for every condition of f (NULL: none). */
void bdb_where_build(bdb_where *w, const bdb_filter *f);
/* Its two halves: the series terms (alias s) and the result terms (run
 * sets and tags on r.source_id, platforms on r.platform_id, alias r). */
void bdb_where_series(bdb_where *w, const bdb_filter *f);
void bdb_where_platforms(bdb_where *w, const bdb_filter *f);
/* The result terms for a statement run once per series: the run set and
 * tag terms look up each result's own source, none is a list read again
 * for every series. */
void bdb_where_platforms_per_series(bdb_where *w, const bdb_filter *f);
void bdb_where_free(bdb_where *w);
/* BDB_OK, or the first error of building (out of memory) on st. */
int bdb_where_check(bdb_store *st, const bdb_where *w);

/* Appends to w the query of the results f selects: platform, tool,
 * benchmark, metric, params, unit, better, value, repetition, source
 * path, line, source id, series id, then with_sets the run set's name,
 * creation time and id; ordered by series, platform, (run set,) source,
 * repetition and line (a back-end may append a last tie-breaker). */
void bdb_results_query(bdb_where *w, const bdb_filter *f, int with_sets);

/* store.h's bdb_store_results_each, bdb_store_set_results_each and
 * bdb_store_series_each (store_results.c). */
int bdb_results_each(bdb_store *st, const bdb_filter *f,
                     int (*cb)(const bdb_result_row *, void *), void *ctx);
int bdb_set_results_each(bdb_store *st, const bdb_filter *f,
                         int (*cb)(const bdb_set_result_row *, void *),
                         void *ctx);
int bdb_series_each(bdb_store *st, const bdb_filter *f,
                    int (*cb)(const bdb_series_row *, void *), void *ctx);

/* store.h's bdb_store_warnings_each and bdb_store_platform_names_each
 * (store_lists.c). */
int bdb_warnings_each(bdb_store *st, const bdb_filter *f,
                      int (*cb)(const bdb_warning_row *, void *), void *ctx);
int bdb_platform_names_each(bdb_store *st, const bdb_filter *f,
                            int (*cb)(const char *, void *), void *ctx);

/* store.h's bdb_store_groups_each (store_groups.c). */
int bdb_groups_each(bdb_store *st, const bdb_filter *f,
                    int (*cb)(const bdb_group_row *, void *), void *ctx);

/* Appends to w the query of the series f selects: id, tool, benchmark,
 * metric, params, unit, better, results, platforms; by tool, benchmark,
 * metric and params. */
void bdb_series_query(bdb_where *w, const bdb_filter *f);

/* Appends to w the count of the series bdb_series_query would list. */
void bdb_series_count_query(bdb_where *w, const bdb_filter *f);

/* Every source: id, path, sha256, imported_at, tool, tool_version ("" for
 * none), parser_version, platform, size, results, warnings, options,
 * set; in import order. */
#define BDB_SQL_SOURCES                                                      \
    "SELECT src.id, src.path, src.sha256, src.imported_at, src.tool, "       \
    "coalesce(src.tool_version, ''), src.parser_version, "                   \
    "coalesce(p.name, ''), src.size, "                                       \
    "(SELECT count(*) FROM results r WHERE r.source_id = src.id), "          \
    "(SELECT count(*) FROM source_warnings w WHERE w.source_id = src.id "    \
    "AND w.kind = 'warning'), src.options, coalesce(st.name, '') "           \
    "FROM sources src LEFT JOIN platforms p ON p.id = src.platform_id "      \
    "LEFT JOIN sets st ON st.id = src.set_id ORDER BY src.id"

/* The platform columns in field-table order ("name, arch, ..."). */
void bdb_platform_sql_columns(bdb_buf *b);
/* SELECT <the platform columns> FROM platforms <tail>, into b (which it
 * initialises): BDB_OK, or BDB_ENOMEM with the message on st (b freed). */
int bdb_platform_sql_select(bdb_store *st, bdb_buf *b, const char *tail);
/* INSERT INTO platforms(...) VALUES(params 1..n) ON CONFLICT(name) DO
 * UPDATE ...: with merge only the fields given (non-NULL) change. The
 * parameters are the fields in field-table order. */
void bdb_platform_sql_upsert(bdb_buf *b, bdb_sql_style style, int merge);

/* Drops the run sets left without sources (their tags go with them). */
#define BDB_SQL_DROP_EMPTY_SETS                                              \
    "DELETE FROM sets WHERE NOT EXISTS (SELECT 1 FROM sources "              \
    "WHERE sources.set_id = sets.id)"

/* sql with every placeholder ?N written as style ('$' turns ?1 into
 * $1), for the statements written once for both back-ends; a '?' not
 * followed by a digit (a regular expression's in a filter PostgreSQL's
 * bdb_where wrote) stays. A failure (out of memory) is left in out->err. */
void bdb_sql_restyle(bdb_buf *out, bdb_sql_style style, const char *sql);

/* ---- statements over the driver's primitives (store_stmt.c) ------------- */

static inline void bdb_bind_int(bdb_stmt *s, int i, long long v)
{
    s->drv->bind_int(s, i, v);
}
static inline void bdb_bind_double(bdb_stmt *s, int i, double v)
{
    s->drv->bind_double(s, i, v);
}
static inline void bdb_bind_text(bdb_stmt *s, int i, const char *t)
{
    s->drv->bind_text(s, i, t);
}
/* t (not NULL) lives until s's reset or finish: a driver may bind it
 * without a copy. */
static inline void bdb_bind_text_ref(bdb_stmt *s, int i, const char *t)
{
    if (s->drv->bind_text_ref)
        s->drv->bind_text_ref(s, i, t);
    else
        s->drv->bind_text(s, i, t);
}
static inline void bdb_bind_blob(bdb_stmt *s, int i, const void *p, size_t n)
{
    s->drv->bind_blob(s, i, p, n);
}
static inline int bdb_step(bdb_stmt *s)
{
    return s->drv->step(s);
}
static inline int bdb_col_null(bdb_stmt *s, int i)
{
    return s->drv->column_null(s, i);
}
static inline long long bdb_col_int(bdb_stmt *s, int i)
{
    return s->drv->column_int(s, i);
}
static inline double bdb_col_double(bdb_stmt *s, int i)
{
    return s->drv->column_double(s, i);
}
static inline const char *bdb_col_text(bdb_stmt *s, int i)
{
    return s->drv->column_text(s, i);
}
static inline const void *bdb_col_blob(bdb_stmt *s, int i, size_t *n)
{
    return s->drv->column_blob(s, i, n);
}
static inline void bdb_stmt_reset(bdb_stmt *s)
{
    s->drv->reset(s);
}

/* st's driver's prepare. */
int bdb_stmt_prepare(bdb_store *st, const char *sql, const char *what,
                     int flags, bdb_stmt **out);
/* Frees s (NULL is fine): rc, or when rc is BDB_OK the error of ending
 * its walk. */
int bdb_stmt_finish(bdb_stmt *s, int rc);
/* Steps a statement that returns no row (or whose rows are not wanted). */
int bdb_stmt_run(bdb_stmt *s);

/* Runs sql with n text parameters v (a NULL binds NULL). */
int bdb_sql_exec_texts(bdb_store *st, const char *sql, const char *what,
                       int n, const char *const *v);
/* Runs sql with ?1 = a and, when n is 2, ?2 = b. */
int bdb_sql_exec_ids(bdb_store *st, const char *sql, long long a, long long b,
                     int n, const char *what);
/* The one number sql (?1 = id) gives, 0 when it gives no row. */
int bdb_sql_count(bdb_store *st, const char *sql, long long id,
                  long long *out);
/* The id of table's row called name (0: none). */
int bdb_sql_id_by_name(bdb_store *st, const char *table, const char *name,
                       long long *id);
/* The statement of a filtered query w (built in the driver's style, by
 * bdb_where_init(w, st->ops->drv->style): placeholders and dialect),
 * its values bound; frees w. */
int bdb_where_prepare(bdb_store *st, bdb_where *w, const char *what,
                      int flags, bdb_stmt **out);
/* Steps prepared statement s through row until it stops, then finishes
 * s; returns the first error (a row's negative code or the step's). */
int bdb_stmt_walk(bdb_stmt *s, int (*row)(bdb_stmt *s, void *ctx), void *ctx);
/* Walks the rows of sql (with ?1 = arg when arg is set, read a page at a
 * time): row(s, ctx) once a row; its non-zero return stops the walk (a
 * negative one is an error and the walk's result). */
int bdb_sql_walk(bdb_store *st, const char *sql, const char *arg,
                 const char *what, int (*row)(bdb_stmt *s, void *ctx),
                 void *ctx);

/* A walk of names: each row's first column to cb (store_names.c). */
typedef struct bdb_name_walk {
    int (*cb)(const char *, void *);
    void *ctx;
} bdb_name_walk;
int bdb_name_row(bdb_stmt *s, void *ctx);

/* The operations of the same names (store.h), over st->ops->drv. */
int bdb_fix_platform_rename(bdb_store *st, const char *old_name,
                            const char *new_name);
int bdb_fix_platform_merge(bdb_store *st, const char *from, const char *into);
int bdb_fix_platform_usage(bdb_store *st, const char *name,
                           long long *nsources, long long *nresults);
int bdb_fix_platform_delete(bdb_store *st, const char *name,
                            int with_results);
int bdb_fix_source_delete(bdb_store *st, long long id);
int bdb_fix_source_update(bdb_store *st, long long id, const char *platform,
                          const char *options);
int bdb_fix_set_rename(bdb_store *st, const char *old_name,
                       const char *new_name);
int bdb_fix_set_tag(bdb_store *st, const char *set, const char *key,
                    const char *value);
/* store.h's bdb_store_set_mark and bdb_store_note_add, for every
 * back-end with fix primitives. */
int bdb_fix_set_mark(bdb_store *st, const char *set, int new_baseline);
int bdb_fix_note_add(bdb_store *st, const char *set, const char *tool,
                     const char *benchmark, const char *metric,
                     const char *params, const char *text, long long *added);

/* ---- rows back into samples (copying a database) ------------------------ */

/* Emits one stored figure into out. params_kv is the series' parameters
 * as key \x1f value pairs separated by \x1e (sorted by key), unit any
 * stored unit (kept in a table of interned names for the process's
 * life: there are a handful). A figure the sink would refuse (a name
 * too long) fails, never vanishes. */
int bdb_store_sample_from_row(bdb_store *st, bdb_sink *out,
                              const char *platform, const char *tool,
                              const char *benchmark, const char *metric,
                              const char *unit, int better, double value,
                              int repetition, int line, const char *params_kv);
/* Emits one stored note (warning, or info when is_info). */
int bdb_store_note_from_row(bdb_store *st, bdb_sink *out, int line,
                            int is_info, const char *text);

#endif
