/* openssl_speed_internal.h - what the three parts of the `openssl speed`
 * importer share (parse_openssl_speed.c: the tables, the run state, the
 * figures and the line dispatch; openssl_cmdline.c: the command line that
 * produced a run and the seconds its progress lines announce;
 * openssl_mr.c: the -mr machine-readable lines and -multi children's
 * "Got:" lines; openssl_trace.c: the per-operation results as trace
 * points; openssl_untabled.c: the figures of results no row took). The
 * units and names they follow are described at the top
 * of parse_openssl_speed.c. */
#ifndef BDB_OPENSSL_SPEED_INTERNAL_H
#define BDB_OPENSSL_SPEED_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ingest.h"

#define MAX_TOK 48
/* speed.c prints 5 (1.0.x) or 6 sizes, -bytes 1, -aead 6; more than this
 * is warned about, never cut silently. */
#define MAX_SIZES 16
/* Distinct algorithms remembered from -multi children, only to check the
 * summary row's label (no figure depends on it). */
#define MAX_KIDS 8
/* Names and labels are read into buffers twice the size a sample keeps,
 * so that one too long stays too long and the sink refuses its figure
 * with a warning naming the limit, instead of storing it under a cut
 * name. */
#define NAME_BUF (2 * BDB_BENCHMARK_MAX)
#define VALUE_BUF (2 * BDB_PARAM_VALUE_MAX)

typedef struct ossl_tok {
    const char *p, *end;
} ossl_tok;

typedef struct ossl_kid_sum {
    char name[NAME_BUF];
    double v[MAX_SIZES];
    int n;
} ossl_kid_sum;

enum pk_kind { PK_NONE = 0, PK_SIGN2, PK_RSA4, PK_OP1, PK_KEM, PK_SIG3 };

/* distinct curves of a command line kept to name results whose progress
 * lines give only their bits: apps/speed.c (1.1.0 to 3.x) offers 22 ECDSA
 * and 22 ECDH curves by name (p160..p521, k163..k571, b163..b571,
 * brp256r1..brp512t1; X25519/X448 are named by bits already), so a real
 * command line never names more than 44; past the limit each result is
 * warned */
#define OSSL_CMD_CURVES 48
#define OSSL_STR_(x) #x
#define OSSL_XSTR_(x) OSSL_STR_(x)
#define OSSL_CMD_CURVES_TEXT OSSL_XSTR_(OSSL_CMD_CURVES)

typedef struct ossl_run {
    /* settings from the command line (0: not given) */
    int cmd_line;
    int cmd_multi, cmd_seconds, cmd_bytes;
    int misalign, async_jobs, primes;
    int elapsed, decrypt, aead, mb;
    char evp[NAME_BUF];  /* normalised -evp argument */
    char engine[VALUE_BUF];   /* -engine, or 'engine "X" set.' */
    char provider[VALUE_BUF]; /* -provider X [-provider Y]: X+Y */
    int aead_header;     /* the header has -aead's sizes 2 31 136 ... */
    /* curves the command line names ("ecdsap256": "ecdsa-nistp256",
     * 256), to name a result whose line gives the bits only */
    struct {
        char name[32];
        int bits;
    } cmd_curves[OSSL_CMD_CURVES];
    int ncmd_curves;
    int cmd_curves_dropped; /* the command line named more than
                               OSSL_CMD_CURVES: the rest are not known */
    int cmd_all_curves;  /* "ecdsa" or "ecdh" alone: every curve runs */
    /* what the run printed */
    int children;        /* highest child number seen + 1 */
    int per_child;       /* figures are one -multi child's (untabled()) */
    int printed_seconds; /* first "Doing ... for Ns" / "+DT:..:N:" */
    int seconds_warned, multi_warned, params_warned, parallel_warned;
    int context;         /* saw lines only openssl speed prints */
    int rows;            /* table rows met (imported or skipped) */
    int era;             /* 0 unknown, 1: < 1.1.1, 2: >= 1.1.1 */
    int era_warned;
    double sizes[MAX_SIZES];
    int nsizes, sizes_line, sizes_mr; /* header, its line, from "+H" */
    int header_rows;     /* rows under the current cipher header */
    double kid_sizes[MAX_SIZES];
    int nkid_sizes;
    ossl_kid_sum kids[MAX_KIDS];
    int nkids, got_line;
    int pk;              /* current public-key table */
    int pk_line, pk_rows;
    int pk_ended;        /* the table that ended last: rows of its shape
                            after text ("... and *without*:") go on it */
    int last_row_traced; /* the last row emitted took a result as its
                            trace (bdb_ossl_untabled()) */
} ossl_run;

/* What a progress result is of (openssl_trace.c). */
enum { OSSL_CIPHER = 1, OSSL_PK = 2 };

/* "7894478 md5's in 2.99s": a result of one timed operation. */
typedef struct ossl_result {
    int kind;               /* OSSL_CIPHER, OSSL_PK */
    char key[NAME_BUF];     /* cipher: its name; public key: its key
                               (bdb_ossl_pk_key) */
    char op[16];            /* public key: "sign", "verify", "op" ... */
    double count, secs;     /* secs < 0: on the next line (wrapped) */
    int says_bit;           /* "160 bit ECDSA signs", "163-bit ECDH ops":
                               1.0.x's word (1.1 and 3.x print "bits"),
                               so no brainpool curve is of the run */
} ossl_result;

/* A result kept until the figure it belongs to is emitted. */
typedef struct ossl_point {
    ossl_result r;
    double size;            /* cipher: the block size, 0 when unknown */
    int bits;               /* an "+Rn" line's bits */
    int line, secs_line;
    int mr;                 /* an "+R" line: under -multi any child's */
    int used;
} ossl_point;

/* A -multi child's "Got: +F..." figures. */
typedef struct ossl_got {
    int kind, child, line, n;
    char key[NAME_BUF];     /* cipher name or public-key key */
    double size[MAX_SIZES]; /* cipher: block size of v[i] */
    double v[MAX_SIZES];
    char op[4][16];         /* public key: the operation of v[i] */
    char what[4][32];       /* public key: "sign_per_sec", "op_time" */
    int used[MAX_SIZES];
} ossl_got;

typedef struct ossl_ctx {
    const bdb_parse_opts *opts;
    bdb_sink *out;
    bdb_diag *diag;
    ossl_run run;
    int any_context;     /* some line anywhere was openssl speed's own */
    int sbcbench;        /* an sbc-bench log: its rows are -elapsed -evp */
    int mr_era_hint;     /* 2: the file has -mr lines only 1.1.1+ prints */
    /* the line being read, for its figures' columns (bdb_sink_col) */
    const char *line_p, *line_e;
    int line_no;
    /* Hashes of the rows imported so far, so that sbc-bench's summary,
     * which quotes rows of its table again (* `aes-256-cbc ... (A53)`), is
     * not imported twice. */
    uint64_t *seen;
    size_t nseen, seen_cap;
    /* the run's results and children's figures, for the trace */
    ossl_point *pts;
    size_t npts, pts_cap, pts_from; /* pts_from: before it all are used */
    ossl_got *got;
    size_t ngot, got_cap;
    char dt_name[NAME_BUF];     /* the last "+DT:" line's name and size */
    double dt_size;
    /* a "+DT:" waits for its "+R:"; interleaved: a "+DT:" met another
     * waiting, or an "+R:" none (-multi children writing at once: which
     * "+DT:" an "+R:" answers, so its block size, is unknown) */
    int dt_open, mr_interleaved;
    char dtp_key[NAME_BUF];     /* the last "+DTP:" line's key and op */
    char dtp_op[16];
    size_t traced;              /* results given to a figure so far */
    int pending;                /* a cipher "Doing" line without result */
    char pending_name[NAME_BUF];
    double pending_size;
} ossl_ctx;

/* Numbers of the text: NUM_INF for inf/nan (a 1/0 speed printed). */
enum { NUM_BAD = 0, NUM_OK, NUM_INF };

/* Splits [p, end) at blanks; the count, or -1 when more than max. */
int bdb_ossl_tokenize(const char *p, const char *end, ossl_tok *t, int max);
/* A whole token as a number (possibly negative) with an optional suffix
 * from allowed ("k", "s" or ""); NUM_OK, NUM_INF or NUM_BAD. */
int bdb_ossl_tok_number(ossl_tok t, const char *allowed, double *v, char *sfx);
/* An algorithm name lower-cased, runs of blanks made '-'. */
void bdb_ossl_norm_name(char *dst, size_t dstsz, const char *p,
                        const char *end);
int bdb_ossl_has_upper(const char *p, const char *end);

/* Records a warning at line; BDB_ENOMEM when even that fails, else 0. */
int bdb_ossl_warn(ossl_ctx *c, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void bdb_ossl_run_reset(ossl_run *r);
/* A line that starts a run: the previous one ends when it had rows. */
int bdb_ossl_run_boundary(ossl_ctx *c);
/* The line is openssl speed's own: bare rows after it are rows. */
void bdb_ossl_set_context(ossl_ctx *c);

/* One throughput row, v in bytes/s; bad[i] marks inf, nan or negative
 * figures, printed as text[i]. */
int bdb_ossl_emit_throughput(ossl_ctx *c, const char *name, int evp,
                             const char *cluster, const double *sizes,
                             const double *v, const int *bad,
                             const ossl_tok *text, int n, int line);
/* Rate + time pairs of a public-key row, rate[i] in op/s; what[i] is the
 * printed figure for the warning when rate[i] is no measurement. */
int bdb_ossl_emit_pk(ossl_ctx *c, const char *name, const char *table,
                     const char *cluster, const char *const *ops,
                     const double *rate, const char *const *what, int n,
                     int bits, int line);

/* openssl_cmdline.c */
/* An `openssl speed ...` command line: 1 (its settings are the run's), 0
 * when the line is none, BDB_ENOMEM. */
int bdb_ossl_command_line(ossl_ctx *c, const char *p, const char *end,
                          int line);
/* The seconds a progress line ("Doing ... for 3s", "+DT:", "+DTP:")
 * announces; 0 when none. */
int bdb_ossl_progress_seconds(const char *p, const char *end);

/* openssl_mr.c */
/* Splits at ':' into fields; -1 when there are more than max. */
int bdb_ossl_split_colon(const char *p, const char *end, ossl_tok *f, int max);
/* "+H:16:64:..." into sizes: their count, 0 when malformed, -1 when more
 * than MAX_SIZES. */
int bdb_ossl_mr_sizes(const char *p, const char *end, double *sizes);
/* "+F:idx:name:v..." (bytes/s): the number of values, 0 when malformed. */
int bdb_ossl_mr_f(const char *p, const char *end, char *name, size_t namesz,
                  double *v, int *bad, int *evp_upper);
/* A "+F2:" .. "+F10:" public-key line: 1 consumed, 0 not one, BDB_ENOMEM. */
int bdb_ossl_mr_pk(ossl_ctx *c, const char *p, const char *end, int line);
/* A -multi child's "Got: ..." line (after "Got: "); 0 or BDB_ENOMEM. */
int bdb_ossl_got_line(ossl_ctx *c, const char *p, const char *end, int line);
/* 2 when the buffer holds -mr lines only 1.1.1 and later print. */
int bdb_ossl_mr_era_hint(const char *buf, size_t len);

/* openssl_untabled.c */
/* The results no table row took (a run cut before its table or inside
 * it) as the figures their rows would print; 0 or BDB_ENOMEM. */
int bdb_ossl_untabled(ossl_ctx *c);

/* openssl_trace.c */
void bdb_ossl_trace_reset(ossl_ctx *c);
void bdb_ossl_trace_free(ossl_ctx *c);
/* The key a public-key result and its row share, from the algorithm
 * ("rsa", "ecdsa", "ed25519", a KEM's name), its bits and its table
 * ("kem", "sig" or NULL). */
void bdb_ossl_pk_key(char *key, size_t n, const char *alg, int bits,
                     const char *table);
/* The same from a row's benchmark name ("ecdsa-nistp256") and bits. */
void bdb_ossl_row_key(char *key, size_t n, const char *name, int bits,
                      const char *table);
/* "N name's in T s" into *r: 1 when it is one. */
int bdb_ossl_result(const char *p, const char *end, ossl_result *r);
/* A lone "10.14s" line. */
int bdb_ossl_lone_seconds(const char *p, const char *end, double *secs);
/* A "Doing ..." line's result kept (next: the line after it, NULL at the
 * end; *took_next when its time was there); 0 or BDB_ENOMEM. */
int bdb_ossl_doing_line(ossl_ctx *c, const char *p, const char *end,
                        int line, const char *next, const char *next_end,
                        int *took_next);
/* 1 when the last result kept (a cipher's) repeats an earlier one of the
 * run not yet given to a figure: the run started again before its table. */
int bdb_ossl_last_point_repeats(const ossl_ctx *c);
/* A result on a line of its own: 1 when kept, 0 not one, BDB_ENOMEM. */
int bdb_ossl_result_line(ossl_ctx *c, const char *p, const char *end,
                         int line);
void bdb_ossl_dt_line(ossl_ctx *c, const char *p, const char *end);
/* An "+R" line: 1 when kept, 0 not one, BDB_ENOMEM. */
int bdb_ossl_r_line(ossl_ctx *c, const char *p, const char *end, int line);
int bdb_ossl_got_cipher(ossl_ctx *c, int child, const char *name,
                        const double *sizes, const double *v, int n,
                        int line);
int bdb_ossl_got_pk(ossl_ctx *c, int child, const char *key,
                    const char *const *ops, const char *const *whats,
                    const double *v, int n, int line);
/* The trace points of the figure just emitted from base. */
int bdb_ossl_trace_cipher(ossl_ctx *c, const bdb_sample *base,
                          const char *name, double size);
int bdb_ossl_trace_pk(ossl_ctx *c, const bdb_sample *base, const char *metric,
                      const char *key, const char *op, int bits);

#endif
