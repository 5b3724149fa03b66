/* pipe.c - a worker thread reads and parses ahead, the caller writes
 * (pipe.h). */
#include "pipe.h"
#include "import_record.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_FREE, SLOT_FILLING, SLOT_READY };

typedef struct pipe_slot {
    bdb_import_record rec;
    size_t index;               /* the file it holds, when READY */
    int state;
} pipe_slot;

struct bdb_import_pipe {
    const char *const *paths;
    size_t n;
    const bdb_import_opts *opts;
    pipe_slot slots[BDB_PIPE_DEPTH];
    pthread_mutex_t lock;
    pthread_cond_t ready;       /* a slot became READY */
    pthread_cond_t freed;       /* a slot became FREE, or stop */
    int stop;
    pthread_t thread;
};

static void *worker(void *arg)
{
    bdb_import_pipe *p = arg;
    for (size_t i = 0; i < p->n; i++) {
        pipe_slot *s = &p->slots[i % BDB_PIPE_DEPTH];
        pthread_mutex_lock(&p->lock);
        while (s->state != SLOT_FREE && !p->stop)
            pthread_cond_wait(&p->freed, &p->lock);
        int stop = p->stop;
        if (!stop)
            s->state = SLOT_FILLING;
        pthread_mutex_unlock(&p->lock);
        if (stop)
            break;
        bdb_import_record_read(p->paths[i], p->opts, &s->rec);
        pthread_mutex_lock(&p->lock);
        s->index = i;
        s->state = SLOT_READY;
        pthread_cond_signal(&p->ready);
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}

/* BDB_IMPORT_THREADS=1: one thread (the tests' reference); unset or
 * anything else: the worker. */
static int worker_wanted(void)
{
    const char *e = getenv("BDB_IMPORT_THREADS");
    return !(e && strcmp(e, "1") == 0);
}

bdb_import_pipe *bdb_import_pipe_start(const char *const *paths, size_t n,
                                       const bdb_import_opts *opts)
{
    if (n < 2 || opts->dry_run || opts->replace || !worker_wanted())
        return NULL;
    bdb_import_pipe *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->paths = paths;
    p->n = n;
    p->opts = opts;
    if (pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p);
        return NULL;
    }
    if (pthread_cond_init(&p->ready, NULL) != 0) {
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    if (pthread_cond_init(&p->freed, NULL) != 0) {
        pthread_cond_destroy(&p->ready);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    if (pthread_create(&p->thread, NULL, worker, p) != 0) {
        pthread_cond_destroy(&p->freed);
        pthread_cond_destroy(&p->ready);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    return p;
}

int bdb_import_pipe_file(bdb_import_pipe *p, bdb_store *st, size_t i,
                         bdb_import_result *res)
{
    pipe_slot *s = &p->slots[i % BDB_PIPE_DEPTH];
    pthread_mutex_lock(&p->lock);
    while (s->state != SLOT_READY)
        pthread_cond_wait(&p->ready, &p->lock);
    pthread_mutex_unlock(&p->lock);
    /* the worker fills the slots in order and waits for this one to be
     * freed before its next file: it holds file i */
    int rc = s->index == i
                 ? bdb_import_record_write(st, &s->rec, p->opts, res)
                 : bdb_import_file(st, p->paths[i], p->opts, res);
    bdb_import_record_clear(&s->rec);
    pthread_mutex_lock(&p->lock);
    s->state = SLOT_FREE;
    pthread_cond_signal(&p->freed);
    pthread_mutex_unlock(&p->lock);
    return rc;
}

void bdb_import_pipe_free(bdb_import_pipe *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->freed);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    for (size_t k = 0; k < BDB_PIPE_DEPTH; k++)
        bdb_import_record_clear(&p->slots[k].rec);
    pthread_cond_destroy(&p->freed);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
