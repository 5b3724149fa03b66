/* bdb_units.h - canonical units and the prefix arithmetic parsers share.
 *
 * Canonical units (DESIGN.md): bytes/s for data rates, bits/s for network
 * rates, seconds for durations, operations/s for rates, bytes for sizes,
 * plain counts. Renderers choose human units when printing.
 *
 * Whether a tool's "K"/"M" means 1000 or 1024 is the tool's business and is
 * cited in each parser's header; the parser passes that base here. An
 * explicit binary prefix ("Ki", "MiB") always means 1024. */
#ifndef BDB_UNITS_H
#define BDB_UNITS_H

#include <stddef.h>

#define BDB_UNIT_BYTES_PER_S "B/s"
#define BDB_UNIT_BITS_PER_S "bit/s"
#define BDB_UNIT_SECONDS "s"
#define BDB_UNIT_OPS_PER_S "op/s"
#define BDB_UNIT_BYTES "B"
#define BDB_UNIT_COUNT "count"
#define BDB_UNIT_PERCENT "%"

/* Reads an SI/binary prefix at the start of [p, end): "", "k", "K", "M",
 * "G", "T", "P", each optionally followed by "i" (binary). base (1000 or
 * 1024) is what a bare prefix means for this tool. Returns the number of
 * characters consumed (0 for no prefix) and sets *mult. */
size_t bdb_units_prefix(const char *p, const char *end, int base,
                        double *mult);

/* Converts a duration unit ("ns", "us", "µs", "ms", "s", "sec", "secs",
 * "seconds", "m", "min", "h") to seconds. Returns 0 on success, -1 if
 * the unit is unknown. */
int bdb_units_time(const char *p, const char *end, double *to_seconds);

/* Converts a size or rate unit such as "MB", "MiB", "KBytes", "Mbits",
 * "GB/s", "kB/s", "MB/sec", "B". base is the tool's meaning of a bare
 * prefix. *is_bits is set for "bit"/"bits"/"b" suffixes. A trailing "/s",
 * "/sec" or "ps" is accepted and ignored (the caller knows it is a rate).
 * Returns 0 on success, -1 if the unit is not a size. */
int bdb_units_size(const char *p, const char *end, int base, double *mult,
                   int *is_bits);

#endif
