/* bdb_platform.h - a platform: one machine (or one configuration of it)
 * that benchmarks ran on, with what it costs and draws. Shared by ingest
 * (lscpu/uname/cpuinfo, platforms.csv), store and report. */
#ifndef BDB_PLATFORM_H
#define BDB_PLATFORM_H

/* Numbers that are unknown are NaN; texts that are unknown are "". */
typedef struct bdb_platform {
    char name[64];
    char arch[32];          /* canonical: x86_64, aarch64, armv7l, e2k ... */
    char cpu[128];
    double cores, threads, freq_mhz, memory_gb;
    char os[128];
    char kernel[160];
    double price_usd, power_w, idle_power_w, rent_usd_month;
    char notes[512];
    char price_currency[8];   /* "" : the report's currency */
    char price_date[32];      /* when the price was seen, e.g. 2013-06 */
    char price_source[256];   /* where the price was seen */
    double rent_usd_hour;     /* cloud machines priced per hour */
} bdb_platform;

#include <stddef.h>

/* One field of a platform, for code that reads or writes fields by name
 * (path captures, CSV columns, the CLI): adding a field means adding it to
 * the struct and to the table in bdb_platform.c. */
typedef struct bdb_platform_field {
    const char *name;       /* "freq_mhz": CSV column and capture name */
    int is_number;          /* 1: a double (NaN unknown), 0: a char array */
    size_t offset;          /* within bdb_platform */
    size_t size;            /* the char array's size (texts) */
    int whole;              /* numbers: a whole count (cores, threads) */
} bdb_platform_field;

/* All fields, name first; *n receives their count. */
const bdb_platform_field *bdb_platform_fields(size_t *n);
/* The field called name, or NULL. */
const bdb_platform_field *bdb_platform_field_find(const char *name);
/* Sets field f of p from text: numbers must be finite and whole text
 * (a trailing unit as in "2133MHz" is not accepted), texts must fit;
 * arch is made canonical. Returns 0, or -1 with the reason in why. */
int bdb_platform_field_set(bdb_platform *p, const bdb_platform_field *f,
                           const char *text, char *why, size_t whysz);

/* Sets every number to NaN and every text to "". */
void bdb_platform_clear(bdb_platform *p);

/* Canonical architecture name for what uname/lscpu/users write
 * ("arm64" -> "aarch64", "amd64"/"x64" -> "x86_64", "armv7" -> "armv7l",
 * "e2k"/"elbrus" -> "e2k", "i386".."i686" -> "i686"); unknown names are
 * copied lowercased. */
void bdb_platform_canonical_arch(const char *in, char *out, unsigned outsz);

#endif
