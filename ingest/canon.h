/* canon.h - canonical parameters: the one door every parameter goes
 * through on its way into a series (parsed logs of every format, results
 * CSV rows, --param, path-pattern captures), so that the tool's own
 * spellings and benchdb's meet: `bs=1M`, `-b 1M` and `block_size=1048576`
 * are one parameter with one value, and fio's JSON and text outputs of
 * one job are one series.
 *
 * What the tool's record (tool.h) says decides: a key spelled the tool's
 * way (`bs`, `-c`, `P`; leading dashes dropped) becomes its canonical name;
 * a value takes the parameter's form (sizes in bytes, durations in
 * seconds, whole numbers, 0/1); a url splits into host and port
 * (environment) and path (identity); parameters whose role is environment
 * (host, port, paths, devices) or metadata (settings not every format
 * prints) leave the identity and are kept beside it. */
#ifndef BDB_CANON_H
#define BDB_CANON_H

#include <stddef.h>

#include "../common/bdb_sample.h"
#include "tool.h"

/* One parameter: the canonical key and value of key=value for tool t (t
 * may be NULL: only the forms every tool shares), and its role. A url
 * yields its path here (role identity; "" when it has none) and its host
 * and port through bdb_canon_params. Returns 1 when key or value
 * changed, 0 when they are canonical already. */
int bdb_canon_param(const bdb_tool *t, const char *key, const char *value,
                    char *kout, size_t ksz, char *vout, size_t vsz,
                    bdb_param_role *role);

/* A whole set, in place: keys and values canonical; parameters that are
 * not identity move to meta (may be NULL: they are then only removed). A
 * key given twice under two spellings keeps the canonical spelling's
 * value; the other goes to meta under the key as written when the values
 * differ. Returns 1 when ps changed, 0 when not. meta->overflow is set
 * when meta could not hold what moved (the caller warns). */
int bdb_canon_params(const bdb_tool *t, bdb_params *ps, bdb_params *meta);

/* A size as tools write it ("1M", "4k", "64KiB", "1.5G", "4096B") in
 * bytes; si_with_b: "kB", "MB" are powers of 1000 (GNU dd) rather than
 * of 1024 (fio, iperf). Returns 0 when text is not a size. */
int bdb_canon_bytes(const char *text, int si_with_b, double *bytes);

#endif
