/* time_format.h - the time formats parse_time.c reads: the metrics a
 * time output can hold, and a format (a GNU time -f string, a bash
 * TIMEFORMAT, a zsh TIMEFMT) compiled into literal text and fields that
 * lines of a log are matched against. Private to ingest/. */
#ifndef BDB_TIME_FORMAT_H
#define BDB_TIME_FORMAT_H

#include <stddef.h>

#include "../common/bdb_sample.h"

/* The figures a time output can hold, in emission order. */
enum {
    M_REAL, M_USER, M_SYS, M_CPU, M_AVG_TEXT, M_AVG_DATA, M_AVG_STACK,
    M_AVG_TOTAL, M_MAX_RSS, M_AVG_RSS, M_MAJ, M_MIN, M_VCSW, M_ICSW,
    M_SWAPS, M_IN, M_OUT, M_MSGSND, M_MSGRCV, M_SIGNALS, M_PAGESIZE,
    M_INSN, M_CYCLES, M_FOOTPRINT, M_USER_FISH, M_USER_EXT, M_SYS_FISH,
    M_SYS_EXT, M_EXIT, M_TERM_SIG, M_STOP_SIG, M_COUNT
};

typedef struct metric_def {
    const char *name;
    const char *unit;
    bdb_better better;
} metric_def;

/* name, canonical unit and direction of each M_* */
extern const metric_def bdb_time_metrics[M_COUNT];

enum vkind {
    V_DUR,   /* a duration in seconds */
    V_NUM,   /* a decimal number */
    V_INT,   /* digits */
    V_PCT,   /* "99%", or "?%" (no figure) */
    V_CMD,   /* the command: the benchmark */
    V_WORD   /* a figure this parser does not store */
};

typedef struct fitem {
    int field;          /* 0: literal text [lit, lit + n) */
    const char *lit;
    size_t n;
    int kind;           /* enum vkind */
    int metric;         /* M_*, or -1 */
    double mult;        /* to the canonical unit */
    int cut;            /* V_CMD: drop trailing redirections (zsh %J) */
    int lax;            /* literal: blanks may come before it (GNU's
                           "%Uuser" printed "290.59 user") */
} fitem;

typedef struct tfmt {
    fitem *items;
    int nitems;
    int lines[64];      /* first item of each non-empty line; lines[n] ends */
    int nlines;
    char *text;         /* literal storage */
    int bsd;            /* BSD: -l rusage lines may follow */
    int zmem;           /* zsh: a dotfile's memory lines may follow */
    char shown[96];     /* the format as given, for messages */
} tfmt;

/* How a format string is read: GNU time's -f, bash's TIMEFORMAT, zsh's
 * TIMEFMT. */
enum dialect { D_GNU, D_BASH, D_ZSH };
#define MAX_FMT_LINES 63

/* What a matched line held. */
typedef struct mres {
    double vals[M_COUNT];
    int have[M_COUNT];
    const char *at[M_COUNT]; /* where each figure starts in the line */
    const char *cmd, *cmd_end;
    int cmd_cut;
    long budget;
    int prefix; /* a match may end at a blank of the format (a cut line) */
    const fitem *first; /* with prefix: the line's first item */
} mres;

/* Compiles the format [fmt, fend) of a dialect into *f (free it with
 * bdb_tfmt_free). Returns 0, BDB_ENOMEM, or BDB_EPARSE when it has no
 * field or more than MAX_FMT_LINES lines. */
int bdb_tfmt_compile(tfmt *f, int dialect, const char *fmt, const char *fend);
void bdb_tfmt_free(tfmt *f);

/* Does the trimmed line [p, e) match line k of f? Fills *r. */
int bdb_tfmt_match_line(const tfmt *f, int k, const char *p, const char *e,
                        mres *r);
/* [p, e) is line k of f, all of it (no trailer, nothing glued after). */
int bdb_tfmt_match_exact(const tfmt *f, int k, const char *p, const char *e,
                         mres *r);
/* [p, e) is the nl lines of f from line k joined by blanks, all of it
 * (a report whose line breaks a page or a mail client moved). */
int bdb_tfmt_match_joined(const tfmt *f, int k, int nl, const char *p,
                          const char *e, mres *r);
/* The first line of f matched at a later start of [p, e), for time output
 * glued to program output that ended without a newline. */
int bdb_tfmt_match_glued(const tfmt *f, const char *p, const char *e, mres *r);
/* [p, e) is line k of f cut at one of the format's blanks, the rest
 * left out: the first piece of a line a mail client wrapped. */
int bdb_tfmt_match_prefix(const tfmt *f, int k, const char *p,
                          const char *e);
/* [p, e) has the literal text of line k of f but a figure that does not
 * parse (or, for a line of figures only, as many number-like words). */
int bdb_tfmt_near_miss(const tfmt *f, int k, const char *p, const char *e);

/* A duration in any shape the tools print ("1.37", "0m1,234s", "0m 1.32s",
 * "1:02:03", "1d2h3m4.56s", "12ms"), the whole of [p, e), in seconds. */
int bdb_time_duration(const char *p, const char *e, double *out);
/* Digits only, the whole of [p, e). */
int bdb_time_int(const char *p, const char *e, double *v);
/* A field's value, the whole of [p, q); V_PCT's "?%" gives -1. */
int bdb_tfmt_field_value(int kind, const char *p, const char *q, double *v);

#endif
