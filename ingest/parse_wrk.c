/* parse_wrk.c - wrk output (not written yet: recognises nothing). */
#include "ingest.h"

static int sniff(const char *buf, size_t len)
{
    (void)buf;
    (void)len;
    return 0;
}

static int parse(const char *buf, size_t len, const bdb_parse_opts *opts,
                 bdb_sink *out, bdb_diag *diag)
{
    (void)buf;
    (void)len;
    (void)opts;
    (void)out;
    return bdb_diag_set(diag, BDB_EUNKNOWN, 0, "the wrk parser is not written yet");
}

const bdb_parser bdb_parser_wrk = {"wrk", 0, sniff, parse};

