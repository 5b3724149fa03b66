/* batch.c - the batch policy shared by import and reparse (batch.h). */
#include "batch.h"

#include <stdlib.h>

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

int cli_batch_open(bdb_store *st, cli_batch *b)
{
    size_t limit = b->next_limit ? b->next_limit : CLI_BATCH_FIRST;
    *b = (cli_batch){.limit = limit,
                     .next_limit = limit * 2 > CLI_BATCH_FILES
                                       ? CLI_BATCH_FILES : limit * 2};
    if (!st || bdb_store_batch_begin(st, BDB_BATCH_SMALL) != BDB_OK)
        return 0;
    b->open = 1;
    clock_gettime(CLOCK_MONOTONIC, &b->start);
    return 1;
}

/* BENCHDB_BATCH_FILES=N (1 to CLI_BATCH_FILES) caps a batch at N files:
 * smaller batches for a database many importers share, and for the crash
 * test, which must see commits between its kills. */
static size_t batch_files(void)
{
    static size_t n;
    if (!n) {
        const char *e = getenv("BENCHDB_BATCH_FILES");
        char *end = NULL;
        long long v = e && *e ? strtoll(e, &end, 10) : 0;
        n = end && *end == '\0' && v >= 1 && v <= CLI_BATCH_FILES
                ? (size_t)v
                : CLI_BATCH_FILES;
    }
    return n;
}

int cli_batch_solo(long long bytes, int gzip)
{
    return bytes > (gzip ? CLI_BATCH_SOLO_BYTES / 8 : CLI_BATCH_SOLO_BYTES);
}

int cli_batch_full(const cli_batch *b)
{
    size_t cap = batch_files();
    return b->open && (b->files >= (b->limit < cap ? b->limit : cap) ||
                       seconds_since(&b->start) >= CLI_BATCH_SECONDS);
}

int cli_batch_commit(bdb_store *st, cli_batch *b)
{
    if (!b->open)
        return BDB_OK;
    b->open = 0;
    return bdb_store_batch_end(st, 1);
}
