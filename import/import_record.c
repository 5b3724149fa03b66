/* import_record.c - one file's import made ahead in memory, and written
 * from it (import_record.h). */
#include "import_record.h"
#include "sample_event.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parse's consumer: each event appended; past the record's bounds the
 * parse is stopped and the file left to be streamed. */
static int record_event(bdb_import_record *r, const bdb_sample *s)
{
    if (r->full)
        return BDB_ERANGE;
    size_t need = bdb_event_size(s, 0);
    /* past BDB_REFS_FULL figures the refs could be the table's one
     * scratch ref, which does not outlive the parse */
    if (r->nevents >= BDB_REFS_FULL || r->used + need > BDB_RECORD_BYTES_MAX) {
        r->full = 1;
        return BDB_ERANGE;
    }
    if (r->used + need > r->cap) {
        size_t cap = r->cap ? r->cap : 16384;
        while (cap < r->used + need)
            cap *= 2;
        unsigned char *e = realloc(r->events, cap);
        if (!e) {
            r->full = 1;    /* streamed, as without the worker */
            return BDB_ERANGE;
        }
        r->events = e;
        r->cap = cap;
    }
    bdb_event_pack(r->events + r->used, s, 0);
    r->used += need;
    r->nevents++;
    return BDB_OK;
}

static int record_take(void *ctx, const bdb_sample *s)
{
    return record_event(ctx, s);
}

/* Stops at the bytes the parse reads: a store's text, or a file kept. */
static void parse(bdb_import_record *r, const bdb_import_opts *opts,
                  const char *text, size_t len)
{
    r->consumer = (bdb_sink_consumer){record_take, r, record_take};
    bdb_sink_init(&r->sink);
    r->sink.consumer = &r->consumer;
    bdb_ingest_opts iopts;
    bdb_import_ingest_opts(opts, &r->prep, r->path, &iopts);
    iopts.keep_refs = &r->refs;
    bdb_diag_clear(&r->d);
    r->parse_rc = bdb_ingest_buffer(text, len, &iopts, &r->sink, r->res.tools,
                                    sizeof r->res.tools, &r->d);
    r->sink.consumer = NULL;
    if (r->full) {
        r->stream = 1;
        return;
    }
    /* the writer looks at a file no tool read again: a platforms.csv or
     * system information */
    if (r->parse_rc == BDB_EUNKNOWN && !opts->tool) {
        r->text = malloc(len + 1);
        if (!r->text) {
            r->stream = 1;
            return;
        }
        memcpy(r->text, text, len);
        r->text[len] = '\0';
        r->text_len = len;
    }
}

/* 1 when the writer said the file's bytes are stored: the rest is not
 * made (the writer checks again when the file's turn comes). */
static int said_present(const bdb_import_ask *ask, bdb_import_record *r)
{
    if (!ask || ask->verdict(ask->ctx, r) != BDB_RECORD_PRESENT)
        return 0;
    r->skipped = 1;
    return 1;
}

void bdb_import_record_read(const char *path, const bdb_import_opts *opts,
                            const bdb_import_ask *ask, bdb_import_record *r)
{
    r->path = path;
    r->rc = bdb_import_prepare(path, opts, &r->prep, &r->res);
    if (r->rc)
        return;
    bdb_input raw;
    char msg[256];
    int rc = bdb_input_read(&raw, path, BDB_RECORD_TEXT_MAX, msg, sizeof msg);
    if (rc == 1) {
        r->stream = 1;
        return;
    }
    if (rc) {
        bdb_input_close(&raw);
        r->rc = bdb_diag_set(&r->res.diag, rc, 0, "%s", msg);
        return;
    }
    bdb_import_hash(&raw, r->sha);
    bdb_params_format(&r->prep.params, r->res.params, sizeof r->res.params);
    r->hashed = 1;
    r->size = raw.len;
    if (ask)
        ask->publish(ask->ctx, r);
    bdb_buf plain;
    bdb_buf_init(&plain);
    const char *text = raw.data;
    size_t len = raw.len;
    if (bdb_import_is_gzip(raw.data, raw.len)) {
        plain.max = BDB_RECORD_TEXT_MAX;
        rc = bdb_import_gunzip_mem(raw.data, raw.len, &plain, msg, sizeof msg);
        if (rc == BDB_ERANGE) {
            /* larger than a record holds: streamed (a larger cap then) */
            r->stream = 1;
        } else if (rc) {
            r->rc = bdb_diag_set(&r->res.diag, rc, 0, "%s", msg);
        } else {
            text = plain.data;
            len = plain.len;
            r->res.gzip = 1;
        }
    }
    if (!r->stream && !r->rc && !said_present(ask, r)) {
        bdb_buf_init(&r->options);
        bdb_import_options(opts, &r->prep, &r->options);
        char why[128];
        /* a failure leaves the store to compress (and say why) */
        if (bdb_compress_source(raw.data, raw.len, &r->z, &r->zlen, why,
                                sizeof why))
            r->stream = 1;
    }
    if (!r->stream && !r->rc && !r->skipped && !said_present(ask, r)) {
        parse(r, opts, text, len);
        if (bdb_input_changed(&raw, msg, sizeof msg))
            snprintf(r->changed, sizeof r->changed, "%s", msg);
    }
    bdb_buf_free(&plain);
    bdb_input_close(&raw);
}

/* The events into the store, in the parse's order, as the parse would
 * have handed them on: the first refusal stops them. */
static int replay(bdb_import_record *r, bdb_import_to_store *ts)
{
    bdb_sample s;
    bdb_trace t;
    bdb_series_ref unused;
    for (size_t at = 0; at < r->used;) {
        at += bdb_event_unpack(r->events + at, &s, &t, &unused);
        int rc = s.trace ? bdb_import_take_trace(ts, &s)
                         : bdb_import_take(ts, &s);
        if (rc)
            return rc == BDB_ENOMEM ? rc : BDB_ESTORE;
    }
    return BDB_OK;
}

int bdb_import_record_write(bdb_store *st, bdb_import_record *r,
                            const bdb_import_opts *opts,
                            bdb_import_result *res)
{
    if (r->stream)
        return bdb_import_file(st, r->path, opts, res);
    *res = r->res;
    if (!r->hashed)
        return r->rc;
    long long existing = 0;
    int rc = BDB_OK;
    /* the writer said the bytes were not stored when the worker asked;
     * stored since (the same bytes earlier in the batch), source_begin
     * says so: the lookup is not made twice */
    if (r->verdict != BDB_RECORD_ABSENT || r->rc || r->skipped)
        rc = bdb_store_source_find(st, r->sha, &existing);
    if (rc)
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));
    res->present = existing != 0;
    if (existing) {
        res->status = BDB_IMPORT_PRESENT;
        return BDB_OK;
    }
    if (r->skipped)     /* forgotten meanwhile: read it after all */
        return bdb_import_file(st, r->path, opts, res);
    if (r->rc)
        return r->rc;

    const char *platform = r->prep.platform;
    bdb_source_info info = {.path = r->path, .sha256 = r->sha,
                            .size = r->size, .platform = platform,
                            .options = r->options.data, .set = opts->set,
                            .set_tags = opts->set_tags, .z = r->z,
                            .zlen = r->zlen};
    long long id = 0;
    rc = r->options.err ? r->options.err
                        : bdb_store_source_begin(st, &info, 0, &id);
    if (rc == BDB_EEXIST) {
        res->status = BDB_IMPORT_PRESENT;
        res->present = 1;
        return BDB_OK;
    }
    if (rc)
        return bdb_diag_set(&res->diag, rc, 0, "%s", bdb_store_errmsg(st));

    bdb_import_to_store ts = {.st = st, .id = id,
                              .platform = platform ? platform : "",
                              .merge = opts->repetitions ? NULL : opts->merge};
    if (ts.merge)
        bdb_merge_check_begin(ts.merge);
    rc = replay(r, &ts);
    if (!rc)
        rc = r->parse_rc;
    return bdb_import_finish(st, r->path, opts, &r->prep, &ts, &r->sink, rc,
                             &r->d, r->changed[0] ? r->changed : NULL,
                             r->text, r->text_len, existing, id, res);
}

void bdb_import_record_clear(bdb_import_record *r)
{
    free(r->z);
    bdb_buf_free(&r->options);
    bdb_sink_free(&r->sink);
    bdb_refs_free(&r->refs);
    free(r->text);
    /* the events' buffer stays for the next file: a malloc and a free of
     * it per file, across threads, made glibc trim the arenas (a TLB
     * shootdown each) */
    unsigned char *events = r->events;
    size_t cap = r->cap;
    memset(r, 0, sizeof *r);
    r->events = events;
    r->cap = cap;
}

void bdb_import_record_free(bdb_import_record *r)
{
    bdb_import_record_clear(r);
    free(r->events);
    memset(r, 0, sizeof *r);
}
