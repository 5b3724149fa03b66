/* platform_csv.h - reading platforms.csv (libcsv): a header row naming the
 * columns in any order, quoted fields, commas inside notes. */
#ifndef BDB_PLATFORM_CSV_H
#define BDB_PLATFORM_CSV_H

#include <stddef.h>

#include "../common/bdb_diag.h"
#include "../common/bdb_platform.h"

/* Calls row_cb for every good row and bad_cb (with the row's line and the
 * reason) for every bad one; both may stop the walk by returning non-zero.
 * Returns BDB_EPARSE (with diag) when the header is unusable. Recognised
 * columns: name, arch, cpu, cores, threads, freq_mhz, memory_gb, os,
 * kernel, price_usd, power_w, idle_power_w, rent_usd_month, notes,
 * price_currency, price_date, price_source, rent_usd_hour; other columns
 * are ignored. Empty cells are unknown. */
int bdb_platform_csv_read(const char *buf, size_t len,
                          int (*row_cb)(const bdb_platform *p, int line,
                                        void *ctx),
                          int (*bad_cb)(int line, const char *why, void *ctx),
                          void *ctx, bdb_diag *diag);

/* 1 if buf's first line is a platforms.csv header: a "name" column and at
 * least two other known columns. */
int bdb_platform_csv_sniff(const char *buf, size_t len);

#endif
