/* registry.c - the table of parsers. Order matters only for ties in
 * detection, which are reported rather than broken. */
#include "ingest.h"

#include <string.h>

extern const bdb_parser bdb_parser_ab;
extern const bdb_parser bdb_parser_wrk;
extern const bdb_parser bdb_parser_redis_benchmark;
extern const bdb_parser bdb_parser_fio;
extern const bdb_parser bdb_parser_openssl_speed;
extern const bdb_parser bdb_parser_hdparm;
extern const bdb_parser bdb_parser_dd;
extern const bdb_parser bdb_parser_iperf;
extern const bdb_parser bdb_parser_iperf3;
extern const bdb_parser bdb_parser_time;
extern const bdb_parser bdb_parser_results_csv;

static const bdb_parser *const all_parsers[] = {
    &bdb_parser_ab,    &bdb_parser_wrk,    &bdb_parser_redis_benchmark,
    &bdb_parser_fio,   &bdb_parser_openssl_speed, &bdb_parser_hdparm,
    &bdb_parser_dd,    &bdb_parser_iperf,  &bdb_parser_iperf3,
    &bdb_parser_time,  &bdb_parser_results_csv, NULL};

const bdb_parser *const *bdb_parsers(void)
{
    return all_parsers;
}

const bdb_parser *bdb_parser_find(const char *name)
{
    for (const bdb_parser *const *p = all_parsers; *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}
