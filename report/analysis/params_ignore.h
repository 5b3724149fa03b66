/* params_ignore.h - leaving parameters out of a series' identity: what
 * `--ignore-param K` does in compare, check, report, chart and efficiency.
 * Series whose parameters then agree are one series (their values
 * pooled); the commands say which keys they ignored and how many series
 * that pooled. */
#ifndef BDB_PARAMS_IGNORE_H
#define BDB_PARAMS_IGNORE_H

#include <stddef.h>

/* params ("k=v,k=v", in the store's canonical order) without the keys
 * named in keys[0..nkeys), as a new string the caller frees; NULL when out
 * of memory. "" stays "" and no keys give a copy. */
char *bdb_params_ignore(const char *params, const char *const *keys,
                        size_t nkeys);

/* keys[0..nkeys) as "url, port" into out (cut to n, NUL-terminated). */
void bdb_params_ignore_list(const char *const *keys, size_t nkeys, char *out,
                            size_t n);

#endif
