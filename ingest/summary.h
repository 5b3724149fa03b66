/* summary.h - figures that a script cut out of a tool's output by hand.
 *
 * Seed 000 keeps only `echo -n "C=${C} : "; ab ... | grep "Transfer
 * rate:" | awk '{print $3}'`, which leaves lines like `C=10 : 2881.04`
 * under headers like `Plain HTML` and URLs. `benchdb import --summary
 * 'C={concurrency} : {value}' --tool ab --metric transfer_rate --unit
 * 'Kbytes/sec'` reads them: each line that matches the pattern is one
 * figure of that metric, its captures are parameters, and the lines
 * between them name what follows (a URL becomes the parameter `url`, any
 * other header the parameter `section`). The value is converted from the
 * unit as the tool means it (ab's Kbytes are 1024 bytes). */
#ifndef BDB_SUMMARY_H
#define BDB_SUMMARY_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "../common/bdb_sample.h"

typedef struct bdb_summary_opts {
    const char *pattern;    /* 'C={concurrency} : {value}' */
    const char *tool;       /* whose units: "ab" */
    const char *metric;     /* "transfer_rate" */
    const char *unit;       /* "Kbytes/sec", as the tool prints it */
} bdb_summary_opts;

/* Checks the pattern (one {value}, names of [A-Za-z0-9_], no two
 * captures side by side) and the unit (known for the tool). Returns 0 or
 * -1 with the reason in why. */
int bdb_summary_check(const bdb_summary_opts *o, char *why, size_t whysz);

/* Reads buf into out. Lines that start like the pattern but do not match
 * are warnings. Returns BDB_OK (the caller fails a file with no figure),
 * BDB_EUSAGE for a bad pattern or unit, BDB_ENOMEM. */
int bdb_summary_parse(const char *buf, size_t len, const bdb_summary_opts *o,
                      bdb_sink *out, bdb_diag *diag);

#endif
