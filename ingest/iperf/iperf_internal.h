/* iperf_internal.h - what the parts of the iperf importers share
 * (parse_iperf.c: sniffing and dispatch; iperf_common.c: the model, the
 * emission and the text data lines; bdb_iperf2_text_parse.c, bdb_iperf2_csv_parse.c,
 * bdb_iperf3_text_parse.c, bdb_iperf3_json_parse.c: one reader each).
 *
 * A reader collects a run: entities (one per flow and stream id, ID_SUM
 * for [SUM]) with observations (one per data line, interval or final);
 * bdb_iperf_run_emit then picks each entity's final figures and emits
 * the run's samples. */
#ifndef BDB_IPERF_INTERNAL_H
#define BDB_IPERF_INTERNAL_H

#include "../ingest.h"

enum { FLOW_C2S = 0, FLOW_S2C = 1, FLOW_NONE = 2, FLOW_PENDING = 3 };
enum { SIDE_SND = 0, SIDE_RCV = 1 };
#define ID_SUM (-1L)
#define IP_MAX_CONN 256

/* One data line (or one JSON interval / final). */
typedef struct ip_obs {
    size_t ent;
    int side;
    int final;      /* 1 final, -1 interval, 0 iperf2: decided at the end */
    int omitted;
    double start, end, bps;
    int line;
    int have_lt, have_jitter;
    double jitter_ms, lost, total, pct;
    int have_retr;
    double retr;
} ip_obs;

typedef struct ip_ent {
    int flow;
    long id;
    int have[2];
    double bps[2], end[2];
    int line[2];
    int have_retr, retr_line;
    double retr;
    int have_lt, have_jitter, lt_line;
    double jitter_ms, lost, total, pct;
    int have_ooo, ooo_line;
    double ooo;
} ip_ent;

typedef struct ip_conn {
    long id;
    int recv;
} ip_conn;

typedef struct ip_run {
    int v3;             /* iperf3 (1) or iperf2 (0) */
    int start_line, first_data_line;
    int udp;
    double duration_req, target_bps, window;
    int streams_req;
    int have_cpu, cpu_line;
    double cpu_local, cpu_remote;
    int bidir, csv;
    ip_ent *ents;
    size_t nents, cap_ents;
    ip_obs *obs;
    size_t nobs, cap_obs;
    int nfinal;
    ip_conn conn[IP_MAX_CONN];
    int nconn;
} ip_run;

/* Context that outlives one run (a server keeps listening). */
typedef struct ip_ctx {
    int client_log, server_log, reverse, listen_port;
    int udp_hint;
    int hdr_retr, hdr_rtry;
    double window;
    double duration_req, target_bps;
    int streams_req;
    long pending_report;  /* iperf2 "Server Report:" for this id */
} ip_ctx;

/* "[  3]", "[SUM]", "[SUM-2]", "[ *1]", "[ ID]", "[ CT]", "[904]". */
enum { BR_NONE, BR_NUM, BR_SUM, BR_HDR, BR_OTHER };

typedef struct ip_br {
    int kind;
    long id;
    int star;
    int role;   /* -1 none, else FLOW_* of an iperf3 [TX-C]-style role */
} ip_br;

typedef struct ip_data {
    ip_br br;
    double start, end, bps;
    int ooo;        /* "N datagrams received out-of-order" */
    double ooo_n;
} ip_data;

typedef struct csv_row {
    char f[16][64];
    int n;
    int overflow;
} csv_row;

/* The model (iperf_common.c). */
void bdb_iperf_ctx_reset(ip_ctx *cx);
void bdb_iperf_run_init(ip_run *r, int v3);
void bdb_iperf_run_free(ip_run *r);
long bdb_iperf_ent_get(ip_run *r, int flow, long id);
ip_obs *bdb_iperf_obs_new(ip_run *r);
int bdb_iperf_run_emit(ip_run *r, bdb_sink *out, bdb_diag *diag);

/* Text data lines (iperf_common.c). */
int bdb_iperf_parse_bracket(const char **pp, const char *end, ip_br *b);
int bdb_iperf_parse_interval(const char **pp, const char *end, double *a,
                             double *b);
int bdb_iperf_rate_unit(const char *w, const char *we, double *mult);
int bdb_iperf_size_unit_ok(const char *w, const char *we);
int bdb_iperf_parse_lost_total(const char **pp, const char *end, ip_obs *o);
void bdb_iperf_parse_rest(const char *p, const char *end, const ip_ctx *cx,
                          int v3, ip_obs *o, int *label);
int bdb_iperf_parse_data(const char *p, const char *end, int lineno,
                         ip_data *d, const char **rest, bdb_diag *diag);
int bdb_iperf_has_data(const ip_run *r);
void bdb_iperf_new_run(ip_run *r, const ip_ctx *cx, int line);
int bdb_iperf_finish_run(ip_run *r, const ip_ctx *cx, bdb_sink *out,
                         bdb_diag *diag, int line, int *nruns);
int bdb_iperf_add_obs(ip_run *r, int flow, long id, int side, int final,
                      const ip_data *d, int line, ip_obs **out);
void bdb_iperf_copy_line_details(ip_obs *o, const ip_obs *from);

/* A row of iperf2's CSV: 14-digit timestamp and an "a-b" interval. */
int bdb_iperf2_csv_row(const char *p, const char *e, csv_row *row);

/* The readers. */
int bdb_iperf2_text_parse(const char *buf, size_t len, bdb_sink *out,
                          bdb_diag *diag);
int bdb_iperf2_csv_parse(const char *buf, size_t len, bdb_sink *out,
                         bdb_diag *diag);
int bdb_iperf3_text_parse(const char *buf, size_t len, bdb_sink *out,
                          bdb_diag *diag);
int bdb_iperf3_json_parse(const char *buf, size_t len, bdb_sink *out,
                          bdb_diag *diag);

#endif
