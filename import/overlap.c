/* overlap.c - a large file parsed on a worker thread while the caller's
 * thread stores its figures (overlap.h). */
#include "overlap.h"
#include "pipe.h"
#include "sample_event.h"
#include "../store/store.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A batch holds a few hundred figures (a fio figure with its eight
 * parameters is about 1.5 KB); the parse fills the next ones while the
 * store takes one, and waits when all are full. */
#define OVERLAP_BATCH_BYTES ((size_t)256 << 10)
#define OVERLAP_DEPTH 4

typedef struct batch {
    unsigned char *data;
    size_t used;
    int ready;                  /* filled: the store's to take */
} batch;

struct bdb_overlap {
    batch b[OVERLAP_DEPTH];
    size_t fill;                /* the batch the parse fills (worker) */
    pthread_mutex_t lock;
    pthread_cond_t ready;       /* a batch became ready, or the parse ended */
    pthread_cond_t freed;       /* a batch was taken, or stop */
    int done;                   /* the parse ended */
    int stop;                   /* the store failed: the parse stops */
    bdb_sink_consumer input;
    bdb_refs refs;
    /* the parse's arguments and result */
    const bdb_input *in;
    int not_read;               /* the worker could not borrow in */
    const char *text;
    size_t len;
    bdb_ingest_opts iopts;
    bdb_sink *sink;
    char *tools;
    size_t toolsz;
    bdb_diag *d;
    int parse_rc;
    /* the source's compressed copy, when asked: made on a thread of its
     * own from a mapping of its own, beside the parse and the store */
    const bdb_input *raw;
    bdb_source_copy *copy;
    char copy_why[512];
};

/* The batch being filled is handed to the store and the next one (once
 * free) becomes the one filled. BDB_ESTORE when the store failed. */
static int hand_on(bdb_overlap *ov)
{
    pthread_mutex_lock(&ov->lock);
    ov->b[ov->fill].ready = 1;
    pthread_cond_signal(&ov->ready);
    ov->fill = (ov->fill + 1) % OVERLAP_DEPTH;
    while (ov->b[ov->fill].ready && !ov->stop)
        pthread_cond_wait(&ov->freed, &ov->lock);
    int stop = ov->stop;
    pthread_mutex_unlock(&ov->lock);
    return stop ? BDB_ESTORE : BDB_OK;
}

/* The parse's consumer (on the worker): the event appended to the batch
 * being filled. */
static int put_event(bdb_overlap *ov, const bdb_sample *s)
{
    int copy_ref = s->ref && s->ref->scratch;
    size_t need = bdb_event_size(s, copy_ref);
    batch *b = &ov->b[ov->fill];
    if (b->used && b->used + need > OVERLAP_BATCH_BYTES) {
        int rc = hand_on(ov);
        if (rc)
            return rc;
        b = &ov->b[ov->fill];
    }
    if (need > OVERLAP_BATCH_BYTES)
        return BDB_ERANGE;  /* never: a sample is a few KB */
    bdb_event_pack(b->data + b->used, s, copy_ref);
    b->used += need;
    return BDB_OK;
}

static int take(void *ctx, const bdb_sample *s)
{
    return put_event(ctx, s);
}

static void *worker(void *arg)
{
    bdb_overlap *ov = arg;
    if (ov->in && bdb_input_borrow(ov->in) != 0) {
        ov->not_read = 1;
    } else {
        ov->parse_rc = bdb_ingest_buffer(ov->text, ov->len, &ov->iopts,
                                         ov->sink, ov->tools, ov->toolsz,
                                         ov->d);
        if (ov->in)
            bdb_input_give_back(ov->in);
    }
    pthread_mutex_lock(&ov->lock);
    if (ov->b[ov->fill].used)
        ov->b[ov->fill].ready = 1;
    ov->done = 1;
    pthread_cond_signal(&ov->ready);
    pthread_mutex_unlock(&ov->lock);
    return NULL;
}

/* The source's copy: compressed from a mapping of the file of this
 * thread's own (its pages dropped as it goes, at its own pace). */
static void *compressor(void *arg)
{
    bdb_overlap *ov = arg;
    bdb_input mine;
    if (bdb_input_map_again(ov->raw, &mine, ov->copy_why,
                            sizeof ov->copy_why) == 0)
        ov->copy = bdb_source_copy_make(mine.data, mine.len, ov->copy_why,
                                        sizeof ov->copy_why);
    bdb_input_close(&mine);
    return NULL;
}

/* The batch's events to the store, in order: 0, or 1 once the store
 * failed (the rest are dropped, as the parse would have stopped). */
static int store_batch(const batch *b, const bdb_sink_consumer *store)
{
    bdb_sample s;
    bdb_trace t;
    bdb_series_ref ref;
    for (size_t at = 0; at < b->used;) {
        at += bdb_event_unpack(b->data + at, &s, &t, &ref);
        int rc = !s.trace ? store->take(store->ctx, &s)
                 : store->take_trace ? store->take_trace(store->ctx, &s)
                                     : BDB_OK;
        if (rc)
            return 1;
    }
    return 0;
}

int bdb_overlap_wanted(size_t len)
{
    if (bdb_import_workers() == 0)
        return 0;
    /* the tests lower it, to run every fixture through the worker */
    const char *m = getenv("BDB_OVERLAP_MIN_BYTES");
    char *end = NULL;
    unsigned long long min = m && *m ? strtoull(m, &end, 10) : 0;
    if (!end || *end)
        min = BDB_OVERLAP_MIN_BYTES;
    return len >= min;
}

bdb_overlap *bdb_overlap_new(void)
{
    bdb_overlap *ov = calloc(1, sizeof *ov);
    if (!ov)
        return NULL;
    if (pthread_mutex_init(&ov->lock, NULL) != 0) {
        free(ov);
        return NULL;
    }
    if (pthread_cond_init(&ov->ready, NULL) != 0) {
        pthread_mutex_destroy(&ov->lock);
        free(ov);
        return NULL;
    }
    if (pthread_cond_init(&ov->freed, NULL) != 0) {
        pthread_cond_destroy(&ov->ready);
        pthread_mutex_destroy(&ov->lock);
        free(ov);
        return NULL;
    }
    for (size_t k = 0; k < OVERLAP_DEPTH; k++)
        if (!(ov->b[k].data = malloc(OVERLAP_BATCH_BYTES))) {
            bdb_overlap_free(ov);
            return NULL;
        }
    ov->input = (bdb_sink_consumer){take, ov, take};
    return ov;
}

const bdb_sink_consumer *bdb_overlap_input(bdb_overlap *ov)
{
    return &ov->input;
}

void bdb_overlap_copy_source(bdb_overlap *ov, const bdb_input *raw)
{
    ov->raw = raw;
}

bdb_source_copy *bdb_overlap_copy(bdb_overlap *ov, const char **why)
{
    bdb_source_copy *c = ov->copy;
    ov->copy = NULL;
    *why = c ? "" : ov->copy_why[0] ? ov->copy_why : NULL;
    return c;
}

int bdb_overlap_run(bdb_overlap *ov, const bdb_input *in, const char *text,
                    size_t len, const bdb_ingest_opts *iopts, bdb_sink *sink,
                    char *tools, size_t toolsz, bdb_diag *d,
                    const bdb_sink_consumer *store, int *parse_rc)
{
    ov->in = in;
    ov->text = text;
    ov->len = len;
    ov->iopts = *iopts;
    ov->iopts.keep_refs = &ov->refs;
    ov->sink = sink;
    ov->tools = tools;
    ov->toolsz = toolsz;
    ov->d = d;
    pthread_t thread, zthread;
    if (pthread_create(&thread, NULL, worker, ov) != 0)
        return -1;
    /* no thread for the copy: the caller makes it (bdb_overlap_copy) */
    int zthreaded = ov->raw &&
                    pthread_create(&zthread, NULL, compressor, ov) == 0;
    int failed = 0;
    for (size_t next = 0;; next = (next + 1) % OVERLAP_DEPTH) {
        batch *b = &ov->b[next];
        pthread_mutex_lock(&ov->lock);
        while (!b->ready && !ov->done)
            pthread_cond_wait(&ov->ready, &ov->lock);
        int ready = b->ready;
        pthread_mutex_unlock(&ov->lock);
        if (!ready)
            break;      /* the parse ended and every batch is taken */
        if (!failed && store_batch(b, store)) {
            failed = 1;
            pthread_mutex_lock(&ov->lock);
            ov->stop = 1;
            pthread_cond_signal(&ov->freed);
            pthread_mutex_unlock(&ov->lock);
        }
        pthread_mutex_lock(&ov->lock);
        b->used = 0;
        b->ready = 0;
        pthread_cond_signal(&ov->freed);
        pthread_mutex_unlock(&ov->lock);
    }
    pthread_join(thread, NULL);
    if (zthreaded)
        pthread_join(zthread, NULL);
    if (ov->not_read)
        return -1;
    *parse_rc = ov->parse_rc;
    return 0;
}

void bdb_overlap_free(bdb_overlap *ov)
{
    if (!ov)
        return;
    for (size_t k = 0; k < OVERLAP_DEPTH; k++)
        free(ov->b[k].data);
    bdb_refs_free(&ov->refs);
    bdb_source_copy_free(ov->copy);
    pthread_cond_destroy(&ov->freed);
    pthread_cond_destroy(&ov->ready);
    pthread_mutex_destroy(&ov->lock);
    free(ov);
}
