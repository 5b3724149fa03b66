/* parse_iperf.c - iperf output (not written yet: recognises nothing). */
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
    return bdb_diag_set(diag, BDB_EUNKNOWN, 0, "the iperf parser is not written yet");
}

const bdb_parser bdb_parser_iperf = {"iperf", 0, sniff, parse};

static int sniff_iperf3(const char *buf, size_t len)
{
    (void)buf;
    (void)len;
    return 0;
}

const bdb_parser bdb_parser_iperf3 = {"iperf3", 0, sniff_iperf3, parse};
