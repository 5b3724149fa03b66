/* sysinfo.h - reading platform facts from `lscpu`, `uname -a` and
 * /proc/cpuinfo outputs kept beside benchmark logs. */
#ifndef BDB_SYSINFO_H
#define BDB_SYSINFO_H

#include <stddef.h>

#include "../common/bdb_platform.h"

/* Which of the three a buffer is: 0 none, else a BDB_SYSINFO_* value. */
enum { BDB_SYSINFO_NONE = 0, BDB_SYSINFO_LSCPU, BDB_SYSINFO_UNAME,
       BDB_SYSINFO_CPUINFO };

int bdb_sysinfo_sniff(const char *buf, size_t len);

/* Fills the fields of p that the buffer states (arch, cpu, cores, threads,
 * freq_mhz, kernel, os); leaves the others as they are. Returns the kind
 * (BDB_SYSINFO_*) or 0 when the buffer is none of them. */
int bdb_sysinfo_parse(const char *buf, size_t len, bdb_platform *p);

#endif
