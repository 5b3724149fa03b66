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

/* Figures a final line carries besides rate, transfer, loss and
 * retransmits (iperf2 -e columns, iperf3 JSON rtt/cwnd). A line holds at
 * most 8 histogram bins and 8 other columns, and a bounceback final line
 * 15 columns and the 13 one-way delays of its "OWD" line, so IP_MAX_FIGS
 * is never reached by real output; bdb_iperf_fig_add warns if it is. */
#define IP_MAX_FIGS 40
typedef struct ip_fig {
    const char *metric; /* a string literal */
    double v;
    const char *unit;
    bdb_better better;
    int line;           /* 0: the line of its figures (JSON: its key's) */
} ip_fig;

typedef struct ip_figs {
    int n, line, full;
    int cont;   /* a row continued over other lines: each figure's line */
    ip_fig f[IP_MAX_FIGS];
} ip_figs;

/* One data line (or one JSON interval / final). */
typedef struct ip_obs {
    size_t ent;
    int side;
    int final;      /* 1 final, -1 interval, 0 iperf2: decided at the end */
    int omitted;
    double start, end, bps;
    int line;
    int bps_col, bytes_col; /* bdb_sample.col of the rate and the transfer
                               in the text's line; 0: unknown */
    int have_bytes;
    double bytes;   /* the Transfer column, in bytes */
    int have_lt, have_jitter;
    double jitter_ms, lost, total, pct;
    int have_retr;
    double retr;
    int have_ooo;   /* iperf2: an out-of-order line for this interval */
    double ooo;
    int ooo_line;   /* the line that said so, when not this one's */
    int have_cwnd;  /* iperf3 text: the Cwnd column of a TCP line */
    double cwnd;    /* bytes */
    int have_dgrams;    /* iperf3 UDP sender: the Total Datagrams column */
    double dgrams;
    size_t tf_at;   /* the line's other figures: run->tfigs[tf_at..+tf_n] */
    int tf_n;
    /* JSON: the lines of the keys, where not line (0: line) */
    int bytes_line, retr_line, cwnd_line, jitter_line, lost_line,
        total_line, pct_line;
    /* text: the cols of jitter, lost, total and loss (0: unknown) */
    int jitter_col, lost_col, total_col, pct_col;
} ip_obs;

typedef struct ip_ent {
    int flow;
    long id;
    int have[2];
    double bps[2], end[2];
    int line[2];
    int bps_col[2], bytes_col[2];   /* bdb_sample.col of each; 0: none */
    int have_bytes[2];
    double bytes[2];
    /* JSON: the lines of the keys, where not line[] (0: line[] / lt_line) */
    int bytes_line[2], jitter_line, lost_line, total_line, pct_line;
    int have_retr, retr_line;
    double retr;
    int have_lt, have_jitter, lt_line;
    double jitter_ms, lost, total, pct;
    int jitter_col, lost_col, total_col, pct_col; /* 0: unknown */
    /* the same columns of a UDP sender's final line (iperf3 >= 3.? prints
     * "0.000 ms  0/171 (0%)  sender": the datagrams it sent, no loss) */
    int have_lt_snd, lt_snd_line;
    double jitter_snd_ms, lost_snd, total_snd, pct_snd;
    /* a row continued over lines: each column's (0: lt_snd_line) */
    int jitter_snd_line, lost_snd_line, total_snd_line, pct_snd_line;
    int have_ooo, ooo_line;
    double ooo;
    int have_sent, sent_line;   /* iperf2 UDP "Sent N datagrams" */
    double sent;
    ip_figs figs[2];            /* per side, of its final line */
    bdb_sample *trace_base;     /* a stream's series as its figures went
                                   out (iperf3 -J: its intervals' trace
                                   follows them), or NULL; the run's */
    /* iperf3 -J sums: the intervals' lowest and highest rates, found as
     * the document was walked (its intervals are not kept as obs) */
    int iv_given, iv_lmin, iv_lmax;
    double iv_vmin, iv_vmax;
} ip_ent;

/* A connection's connect time (iperf2 -e "(ct=0.69 ms)" after its
 * "connected with" or on a line of its own), seconds. */
typedef struct ip_ct {
    long id;
    double s;
    int line;
    int irtt;           /* 2.1's initial RTT ("irtt="), not a connect time */
    int emitted;        /* a figure of some series */
} ip_ct;

typedef struct ip_conn {
    long id;
    int recv;   /* this side receives the stream's data */
    int flow;   /* FLOW_C2S / FLOW_S2C */
} ip_conn;

/* Settings read from the command line that produced a run
 * (bdb_iperf_cmd_line); 0 / negative: not given. */
typedef struct ip_cmd {
    int have, line;
    int v3;                 /* the command was iperf3 */
    int udp, reverse, bidir, tradeoff, zerocopy;
    int streams;
    double duration, bandwidth, length, window, omit;
    double bytes, blocks;   /* -n / -k: a run by amount, not by time */
    char congestion[48];    /* iperf2 -Z / iperf3 -C */
} ip_cmd;

typedef struct ip_run {
    int v3;             /* iperf3 (1) or iperf2 (0) */
    int start_line, first_data_line;
    int udp;
    double duration_req, target_bps, window, omit_req;
    double block_printed;   /* iperf's own report of its -l, to check */
    double bytes_req, blocks_req;   /* iperf3 JSON test_start bytes/blocks */
    int streams_req;
    int have_cpu, cpu_line;  /* have_cpu 2: the local figure only */
    int cpu_lines[6];        /* JSON: each figure's key (0: cpu_line) */
    double cpu_local, cpu_remote;
    int have_cpu_split;      /* user and system parts of both figures */
    double cpu_local_user, cpu_local_sys, cpu_remote_user, cpu_remote_sys;
    int bidir, csv;
    int json_server;    /* an iperf3 -s -J document (accepted_connection) */
    int json_sums;      /* iperf3 -J: the sums' trace follows the figures */
    /* iperf3 --get-server-output: the server's copy of the test, kept
     * apart from the client's figures with param reporter=server */
    int server_copy;
    /* iperf2: the line from 0 of stream wrapped_id that was refused (a
     * wrapped byte counter): when none of the stream's lines comes after
     * it, it was the final one, and no interval stands in for it */
    int wrapped_line;
    long wrapped_id;
    ip_ent *ents;
    size_t nents, cap_ents;
    ip_obs *obs;
    size_t nobs, cap_obs;
    int nfinal;
    ip_conn *conn;
    size_t nconn, cap_conn;
    ip_cmd cmd;         /* the command line this run came from */
    ip_fig *tfigs;      /* the figures of every data line (iperf 2 -e
                           columns), for the intervals' traces */
    size_t ntfigs, cap_tfigs;
    ip_ct *cts;         /* iperf2 -e connect times, "(ct=0.69 ms)" */
    size_t ncts, cap_cts;
    /* iperf2 2.1 "[ CT] final connect times (min/avg/max/stdev) =
     * a/b/c/d ms": of all the run's connections, seconds */
    int have_ctf, ctf_line;
    double ctf[4];
} ip_run;

/* Context that outlives one run (a server keeps listening). */
typedef struct ip_ctx {
    int client_log, server_log, reverse, listen_port;
    int server_copy;      /* see ip_run.server_copy */
    int server_first;     /* iperf2: a server's log (it accepted first) */
    int udp_hint;
    int hdr_retr, hdr_rtry;
    int hdr_seen;         /* a "[ ID] Interval ..." header was read */
    double window;
    double duration_req, target_bps, omit_req, block_printed;
    int streams_req;
    long pending_report;  /* iperf2 "Server Report:" for this id */
    /* a header hard-wrapped over hdr_cont more lines (a mail's 72
     * columns): its rows are continued over as many lines or fewer */
    int hdr_cont;
    /* while a row continued over other lines is read: the joined text,
     * to give each figure the line its number is printed on */
    const struct bdb_wrapped *wrapped;
    /* otherwise the line being read, [lp, le): its UDP columns' cols
     * (bdb_sample.col), for a line unwrap joined from several */
    const char *lp, *le;
    /* iperf2 -e: what the header says of the counts a row prints as
     * "a/b/c" and "a/b" (IP_GRP_*), and a second latency column
     * ("Frame-latency avg/min/max/stdev", --isochronous --trip-times) */
    int hdr_triple, hdr_pair, hdr_frame_latency;
    int hdr_extra;        /* the header names -e columns after the rate */
} ip_ctx;

enum { IP_GRP_NONE, IP_GRP_ISOCH_TX, IP_GRP_READ_TIMEO_TRUNC,
       IP_GRP_WRITE_ERR_TIMEO, IP_GRP_READ_TIMEO, IP_GRP_FRAMES_RX };
/* Notes in cx what the -e header (or a line it was wrapped onto) [p, e)
 * names: its count groups and a frame latency column. */
void bdb_iperf2_header_groups(ip_ctx *cx, const char *p, const char *e);

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
    int have_bytes;
    double bytes;
    int ooo;        /* "N datagrams received out-of-order" */
    double ooo_n;
    int wrapped;    /* refused: a byte counter printed as ~2^64 */
    const char *bytes_at, *bps_at;  /* where the transfer and the rate are
                                       printed (NULL: not read from text) */
} ip_data;

/* A CSV row: iperf prints at most 18 fields of at most ~40 characters
 * (an IPv6 address); longer ones set overflow, which the reader warns
 * about instead of cutting silently. */
#define IP_CSV_FIELDS 32
#define IP_CSV_FIELD_MAX 64
typedef struct csv_row {
    char f[IP_CSV_FIELDS][IP_CSV_FIELD_MAX];
    int n;
    int overflow;
    int split;  /* 2.2's istart,iend in fields 6 and 7 (not "a-b") */
} csv_row;

/* A 2.2 header row, "time,srcaddress,srcport,dstaddr,dstport,..." */
typedef struct csv_header {
    char names[IP_CSV_FIELDS][64]; /* a longer name is cut, ending "..."
                                      (only a warning shows it) */
    int n;
} csv_header;

/* The model (iperf_common.c). */
void bdb_iperf_ctx_reset(ip_ctx *cx);
void bdb_iperf_run_init(ip_run *r, int v3);
void bdb_iperf_run_free(ip_run *r);
long bdb_iperf_ent_get(ip_run *r, int flow, long id);
ip_obs *bdb_iperf_obs_new(ip_run *r);
/* A CSV row's UDP receiver columns (jitter ms, lost, total, lost %, out
 * of order) into o; a client's own row (total -1) has none. */
void bdb_iperf_obs_csv_udp(ip_obs *o, const double v[5]);
/* Emits the run's figures. Entities with interval lines but no final one
 * (a cut log) are warned about and skipped; returns only BDB_ENOMEM-like
 * sink errors. */
int bdb_iperf_run_emit(ip_run *r, bdb_sink *out);
/* Adds a figure to a final line's set (warns at line when it is full). */
/* The columns of d's transfer and rate in the line [lp, le) the obs o
 * was read from (none when d was read from another text: a row the
 * parser joined itself), so that a line unwrap joined from several
 * gives each figure its own. */
void bdb_iperf_obs_cols(ip_obs *o, const ip_data *d, const char *lp,
                        const char *le);
void bdb_iperf_fig_add(ip_figs *fs, bdb_sink *out, int line,
                       const char *metric, double v, const char *unit,
                       bdb_better better);
/* Keeps the figures fs of a data line with its observation o, so that
 * an interval's columns reach its trace (iperf_trace.c); BDB_ENOMEM. */
int bdb_iperf_obs_keep_figs(ip_run *r, ip_obs *o, const ip_figs *fs);
/* The trace of entity ei (iperf_trace.c): each of its interval lines'
 * figures as points of the trace of base's throughput, in line order.
 * Called after the entity's run figures. */
/* Reads "(ct=0.69 ms)" in [p, e) as stream id's connect time (and 2.1's
 * "(icwnd/mss/irtt=14/1448/709)" as its initial RTT); 1 when a connect
 * time was read, 0 when none, BDB_ENOMEM. */
int bdb_iperf_ct_read(ip_run *r, long id, const char *p, const char *e,
                      int line);
/* Reads "final connect times (min/avg/max/stdev) = a/b/c/d ms" (after
 * "[ CT]") into r; 1 when read, 0 when not that line. */
int bdb_iperf_ct_final_read(ip_run *r, const char *p, const char *e,
                            int line);

int bdb_iperf_emit_trace(const ip_run *r, size_t ei, const bdb_sample *base,
                         bdb_sink *out);
/* The points of one interval observation o (its figures: o's columns,
 * then figs) labelled label, as points of the trace of base's
 * throughput (iperf_trace.c). */
int bdb_iperf_emit_obs_trace(const ip_obs *o, const ip_fig *figs, int nfigs,
                             const char *label, const bdb_sample *base,
                             bdb_sink *out);
/* The figures of o that its run's sum does not carry (iperf3 JSON: a lone
 * stream's cwnd, rtt, rttvar, snd_wnd, pmtu), as points of the sum's
 * trace. */
int bdb_iperf_emit_extra_trace(const ip_obs *o, const ip_fig *figs,
                               int nfigs, const char *label,
                               const bdb_sample *base, bdb_sink *out);
/* The figures of o that repeat its run's sum (iperf3 JSON: a lone
 * stream's rate, bytes, retransmits, UDP columns), each at its own key's
 * line, as points labelled "restated" of the sum's trace: read where they
 * are printed, charted once (store_traces.c leaves "restated" out). */
int bdb_iperf_emit_restated_trace(const ip_obs *o, const bdb_sample *base,
                                  bdb_sink *out);
/* The entity of (flow, id), or -1 when the run has none. */
long bdb_iperf_ent_find(const ip_run *r, int flow, long id);
/* Remembers the connection of stream id; BDB_ENOMEM. */
int bdb_iperf_conn_add(ip_run *r, long id, int recv, int flow);
ip_conn *bdb_iperf_conn_find(ip_run *r, long id);

/* If [p, end) runs one of tools (a prompt line, `time iperf3 ...`, an
 * echo), reads its options into *cmd and returns 1; 0 when it is not a
 * command line; BDB_ENOMEM. v3 picks iperf3's or iperf 2's getopt. */
/* 1 when [p, end) is a command line of iperf3 (v3) or iperf 2, 0 when
 * not, BDB_ENOMEM: the test of bdb_iperf_cmd_line, reading nothing. */
int bdb_iperf_is_cmd_line(const char *p, const char *end, int v3);
int bdb_iperf_cmd_line(const char *p, const char *end, int v3, int line,
                       ip_cmd *cmd, bdb_sink *out);
/* A warning with a copy of the line's text (at most 100 characters, the
 * cut said so with "..."), after what. Void: a warning it cannot keep
 * leaves out->nomem set, and ingest fails the parse with BDB_ENOMEM. */
void bdb_iperf_warn_line(bdb_sink *out, int line, const char *what,
                         const char *p, const char *end);

/* Text data lines (iperf_common.c). */
int bdb_iperf_parse_bracket(const char **pp, const char *end, ip_br *b);
int bdb_iperf_parse_interval(const char **pp, const char *end, double *a,
                             double *b);
int bdb_iperf_rate_unit(const char *w, const char *we, double *mult);
int bdb_iperf_parse_lost_total(const char **pp, const char *end, ip_obs *o);
/* Warns a lost count below zero at line: 0 or BDB_E*. */
int bdb_iperf_warn_lost(const ip_obs *o, bdb_sink *out, int line);
void bdb_iperf_parse_rest(const char *p, const char *end, const ip_ctx *cx,
                          int v3, ip_obs *o, int *label, ip_figs *fs,
                          bdb_sink *out, int line);
/* 1: a data line parsed; 0: not a data line; -1: a data line that does
 * not parse (warned at lineno). */
int bdb_iperf_parse_data(const char *p, const char *end, int lineno,
                         ip_data *d, const char **rest, bdb_sink *out);
/* iperf3_idless.c: rows quoted without "[ ID]". 1 when [p, e) is
 * iperf3's header of data columns without "[ ID]" ("Interval Transfer
 * Bitrate Jitter"); *bitrate: its word is "Bitrate" (3.4+), not
 * "Bandwidth". */
int bdb_iperf3_idless_header(const char *p, const char *e, int *bitrate);
/* 1 when [p, e) is a data row without "[ ID]" ("0.00-10.20  sec  44.6
 * MBytes  36.7 Mbits/sec ..."), read into d (stream 0), *rest after its
 * rate; *shape3: iperf3's "%6.2f-%-6.2f sec" spacing. */
int bdb_iperf3_idless_row(const char *p, const char *e, ip_data *d,
                          const char **rest, int *shape3);
/* How many such rows of buf stand under such a header and are iperf3's
 * (its "Bitrate" header or spacing); *rows2: the others. */
int bdb_iperf3_idless_rows(const char *buf, size_t len, int *rows2);
/* 1 when the rest of such a row is a lone jitter ("0.027 ms"; a quoter
 * left the Lost/Total columns out), read into *ms. */
int bdb_iperf3_idless_jitter(const char *p, const char *e, double *ms);
/* 1 when every row of the block that [p, e) opens (the text after its
 * header) begins at 0. */
int bdb_iperf3_idless_summaries(const char *p, const char *e);
/* A size such as "25.0 MBytes", "897152 KBytes", "1390 Mbits" (iperf
 * prints transfers in bits with -f b/k/m/g on some versions) in bytes. */
int bdb_iperf_size_value(double x, const char *w, const char *we,
                         double *bytes);
int bdb_iperf_has_data(const ip_run *r);
void bdb_iperf_new_run(ip_run *r, ip_ctx *cx, int line);
int bdb_iperf_finish_run(ip_run *r, ip_ctx *cx, bdb_sink *out, int line,
                         int *nruns);
int bdb_iperf_add_obs(ip_run *r, int flow, long id, int side, int final,
                      const ip_data *d, int line, ip_obs **out);
void bdb_iperf_copy_line_details(ip_obs *o, const ip_obs *from);

/* A row of iperf2's CSV: 14-digit timestamp and an "a-b" interval. A
 * row quoted in something else ("output: `2024...,0`,", a docstring's
 * indentation) is found inside the line: what comes before the timestamp
 * and after the last digit is not part of it. */
int bdb_iperf2_csv_row(const char *p, const char *e, csv_row *row);
/* iperf2_csv_columns.c: 1 when [p, e) is a 2.2 header row (read into
 * *h). */
int bdb_iperf2_csv_header(const char *p, const char *e, csv_header *h);
/* The columns after "speed" of a split (2.2) row, named by h when it has
 * as many, else by the layouts 2.2.0 and 2.2.1 print: UDP's into o (and
 * r->udp), the others as figures in fs; a column not known is a
 * warning at line. */
void bdb_iperf2_csv_columns(const csv_row *row, const csv_header *h,
                            ip_run *r, ip_obs *o, ip_figs *fs,
                            bdb_sink *out, int line);

/* iperf2_csv_pairs.c: which way each CSV row's data flowed (by its
 * connection's ends), and which rows are the other end's report of an
 * earlier one. scan reads the whole file first: with no such pair and one
 * direction only, place gives FLOW_NONE (no direction), as before. */
typedef struct csv_pairs {
    struct csv_conn *c;
    size_t n, cap;
    long server_port;
    int server_log, paired, both_ways, directional;
} csv_pairs;
void bdb_iperf2_csv_pairs_init(csv_pairs *pp);
void bdb_iperf2_csv_pairs_reset(csv_pairs *pp);
void bdb_iperf2_csv_pairs_free(csv_pairs *pp);
int bdb_iperf2_csv_pairs_scan(csv_pairs *pp, const char *buf, size_t len);
int bdb_iperf2_csv_pairs_place(csv_pairs *pp, const csv_row *row, int *flow,
                               int *side, int *report);

/* The readers. Each warns at the line of what it cannot read and goes on;
 * they return non-zero only for BDB_ENOMEM (and sink limits). */
int bdb_iperf2_text_parse(const char *buf, size_t len, bdb_sink *out);
int bdb_iperf2_csv_parse(const char *buf, size_t len, bdb_sink *out);
/* The CSV rows of a file that also holds text output: only the rows are
 * read (the text reader reads the rest and skips them). */
int bdb_iperf2_csv_rows_parse(const char *buf, size_t len, bdb_sink *out);
int bdb_iperf3_text_parse(const char *buf, size_t len, bdb_sink *out);
/* The server's text output a -J client keeps in "server_output_text"
 * (--get-server-output, the server without -J): [text, text + len)
 * read as the text copy after "Server output:" is, with client's
 * settings, every figure at line (the key's: the text is one string). */
int bdb_iperf3_text_server_copy(const char *text, size_t len, int line,
                                const ip_run *client, bdb_sink *out);
int bdb_iperf3_json_parse(const char *buf, size_t len, bdb_sink *out);
/* iperf3_mixed.c: 1 when buf holds an iperf3 -J document or a
 * --json-stream event among other text. */
int bdb_iperf3_has_doc(const char *buf, size_t len);
/* Reads a file of text and iperf3 JSON documents, each part by its
 * reader; *done 0 (and nothing read) when buf holds no document. */
int bdb_iperf3_mixed_parse(const char *buf, size_t len, bdb_sink *out,
                           int *done);

#endif
