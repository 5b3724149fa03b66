/* sysinfo.c - platform facts from lscpu, uname -a and /proc/cpuinfo.
 *
 * lscpu: "Architecture:", "Model name:", "CPU(s):", "Thread(s) per core:",
 * "Core(s) per socket:", "Socket(s):", "CPU max MHz:" (else "CPU MHz:"),
 * once per kind of core on hybrid CPUs (util-linux lscpu-cputype.c prints a
 * "Model name:" section per type, indented since 2.37).
 * uname -a: "Linux HOST RELEASE #N ... MACHINE [PROCESSOR PLATFORM] GNU/Linux".
 * /proc/cpuinfo: "processor : N" blocks with "model name" (x86) or
 * "Hardware"/"CPU part" (ARM), "cpu MHz", "physical id"/"core id".
 *
 * Every number is checked before use: counts are whole numbers >= 1, ids
 * whole numbers >= 0, clocks positive; NaN, inf, negative or oversized
 * values leave the field unknown instead of feeding a cast or a product.
 * A field whose text does not fit its bdb_platform buffer is left unknown
 * rather than cut. */
#include "sysinfo.h"
#include "../common/bdb_scan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int has_line_prefix(const char *buf, size_t len, const char *prefix)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l))
        if (bdb_starts_with(bdb_skip_ws(l.p, l.end), l.end, prefix))
            return 1;
    return 0;
}

static int looks_like_uname(const char *buf, size_t len)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    int lines = 0, hit = 0;
    while (bdb_lines_next(&it, &l)) {
        if (bdb_is_blank(l.p, l.end))
            continue;
        lines++;
        if (bdb_starts_with(l.p, l.end, "Linux ") &&
            (bdb_contains(l.p, l.end, " SMP ") ||
             bdb_contains(l.p, l.end, "GNU/Linux") ||
             bdb_contains(l.p, l.end, " #")))
            hit = 1;
    }
    return hit && lines <= 3;
}

int bdb_sysinfo_sniff(const char *buf, size_t len)
{
    if (has_line_prefix(buf, len, "Architecture:") &&
        (has_line_prefix(buf, len, "CPU(s):") ||
         has_line_prefix(buf, len, "Model name:")))
        return BDB_SYSINFO_LSCPU;
    /* lscpu run on a sysfs dump (util-linux's own tests) has no
     * Architecture line; the topology lines are lscpu's alone */
    if (has_line_prefix(buf, len, "CPU(s):") &&
        has_line_prefix(buf, len, "Thread(s) per core:") &&
        (has_line_prefix(buf, len, "Core(s) per socket:") ||
         has_line_prefix(buf, len, "Core(s) per cluster:")))
        return BDB_SYSINFO_LSCPU;
    if (has_line_prefix(buf, len, "processor\t:") ||
        has_line_prefix(buf, len, "processor :"))
        return BDB_SYSINFO_CPUINFO;
    if (looks_like_uname(buf, len))
        return BDB_SYSINFO_UNAME;
    return BDB_SYSINFO_NONE;
}

/* "Key:   value" -> value span when the line's key is key. Newer lscpu
 * (util-linux 2.37+) indents the lines of each "Model name:" section, so
 * leading blanks are skipped. */
static int kv(const bdb_line *l, const char *key, const char **v,
              const char **vend)
{
    const char *p = bdb_skip_ws(l->p, l->end);
    if (!bdb_starts_with(p, l->end, key))
        return 0;
    p += strlen(key);
    p = bdb_skip_ws(p, l->end);
    if (p >= l->end || *p != ':')
        return 0;
    p++;
    *v = p;
    *vend = l->end;
    bdb_trim(v, vend);
    return 1;
}

/* The whole value as a number, or NaN: "8abc", "-", "nan" and "inf" are
 * not numbers (bdb_scan_number refuses nan and inf). */
static double num(const char *p, const char *end)
{
    double d;
    if (!bdb_scan_number(&p, end, &d, BDB_SCAN_DECIMAL_COMMA) ||
        bdb_skip_ws(p, end) != end)
        return NAN;
    return d;
}

/* A count of CPUs, cores, sockets or threads: a whole number from 1 to
 * BDB_SYSINFO_MAX_COUNT (far above any machine, low enough that products
 * stay exact), else NaN. */
#define BDB_SYSINFO_MAX_COUNT 1e7
static double count(const char *p, const char *end)
{
    double d = num(p, end);
    if (!(d >= 1 && d <= BDB_SYSINFO_MAX_COUNT) || d != floor(d))
        return NAN;
    return d;
}

/* A clock in MHz: positive and below 1 THz, else NaN. */
static double clock_mhz(const char *p, const char *end)
{
    double d = num(p, end);
    return d > 0 && d < 1e6 ? d : NAN;
}

/* Copies [p, end) into dst only when it fits: a cut CPU name or kernel
 * release would read as a real one, so one that does not fit is left
 * unknown (these readers have no channel for a warning). */
static int copy_whole(char *dst, size_t dstsz, const char *p, const char *end)
{
    if ((size_t)(end - p) >= dstsz)
        return 0;
    bdb_copy(dst, dstsz, p, end);
    return 1;
}

static void set_arch(bdb_platform *pl, const char *p, const char *end)
{
    char tmp[sizeof pl->arch];
    if (p < end && copy_whole(tmp, sizeof tmp, p, end))
        bdb_platform_canonical_arch(tmp, pl->arch, sizeof pl->arch);
}

/* lscpu prints one section per kind of core ("Model name:" starts it:
 * big.LITTLE boards have two), each with its own threads per core, cores
 * per socket (or cluster) and sockets (or clusters); the machine's cores
 * are the sum over the sections. */
/* 1 if one is one of the " + "-separated parts of list. */
static int has_part(const char *list, const char *one)
{
    size_t n = strlen(one);
    for (const char *p = list; *p;) {
        const char *sep = strstr(p, " + ");
        size_t len = sep ? (size_t)(sep - p) : strlen(p);
        if (len == n && memcmp(p, one, n) == 0)
            return 1;
        if (!sep)
            break;
        p = sep + 3;
    }
    return 0;
}

typedef struct lscpu_section {
    double tpc, cps, sockets;
} lscpu_section;

static void parse_lscpu(const char *buf, size_t len, bdb_platform *pl)
{
    bdb_lines it;
    bdb_line l;
    double cpus = NAN, max_mhz = NAN, mhz = NAN;
    double cores = 0, tpc = NAN;
    /* lines before the first "Model name:" (s390 prints none) are a
     * section of their own once they state a topology */
    int sections = 0, cores_known = 1, tpc_same = 1, topology = 0;
    lscpu_section sec = {NAN, NAN, NAN};
    char models[sizeof pl->cpu] = "";
    int models_fit = 1;
    bdb_lines_init(&it, buf, len);
    for (int more = 1; more;) {
        more = bdb_lines_next(&it, &l);
        const char *v, *e;
        int new_section = more && kv(&l, "Model name", &v, &e);
        /* close the section before this one */
        if ((new_section || !more) && (sections > 0 || topology)) {
            if (!isnan(sec.cps) && !isnan(sec.sockets))
                cores += sec.cps * sec.sockets;
            else
                cores_known = 0;
            if (!isnan(sec.tpc)) {
                if (!isnan(tpc) && tpc != sec.tpc)
                    tpc_same = 0;
                tpc = sec.tpc;
            }
        }
        if (!more)
            break;
        if (new_section) {
            sections++;
            topology = 0;
            sec.tpc = sec.cps = sec.sockets = NAN;
            /* "Cortex-A55 + Cortex-A76" for two kinds of core */
            if (v == e)
                continue;
            char one[sizeof pl->cpu];
            if (!copy_whole(one, sizeof one, v, e)) {
                models_fit = 0;
                continue;
            }
            if (has_part(models, one))
                continue;
            size_t have = strlen(models);
            if (have + 3 + strlen(one) >= sizeof models) {
                models_fit = 0;
                continue;
            }
            if (have)
                strcat(models, " + ");
            strcat(models, one);
        } else if (kv(&l, "Architecture", &v, &e)) {
            set_arch(pl, v, e);
        } else if (kv(&l, "CPU(s)", &v, &e)) {
            cpus = count(v, e);
        } else if (kv(&l, "Thread(s) per core", &v, &e)) {
            sec.tpc = count(v, e);
            topology = 1;
        } else if (kv(&l, "Core(s) per socket", &v, &e) ||
                   kv(&l, "Core(s) per cluster", &v, &e)) {
            sec.cps = count(v, e);
            topology = 1;
        } else if (kv(&l, "Socket(s)", &v, &e) || kv(&l, "Cluster(s)", &v, &e)) {
            /* ARM boards print "Socket(s): -" and then "Cluster(s): 1" */
            double n = count(v, e);
            if (!isnan(n))
                sec.sockets = n;
        } else if (kv(&l, "CPU max MHz", &v, &e)) {
            double m = clock_mhz(v, e);
            if (!isnan(m) && (isnan(max_mhz) || m > max_mhz))
                max_mhz = m;
        } else if (kv(&l, "CPU MHz", &v, &e)) {
            double m = clock_mhz(v, e);
            if (!isnan(m) && (isnan(mhz) || m > mhz))
                mhz = m;
        }
    }
    if (models[0] && models_fit && (!pl->cpu[0] || strcmp(pl->cpu, "-") == 0))
        bdb_strlcpy(pl->cpu, sizeof pl->cpu, models);
    if (!isnan(cpus))
        pl->threads = cpus;
    /* cores beyond the CPUs the same output counts are not believed */
    if ((sections > 0 || topology) && cores_known && cores >= 1 &&
        (isnan(cpus) || cores <= cpus))
        pl->cores = cores;
    else if (!isnan(cpus) && !isnan(tpc) && tpc_same && cpus / tpc >= 1 &&
             cpus / tpc == floor(cpus / tpc))
        pl->cores = cpus / tpc;
    if (!isnan(max_mhz))
        pl->freq_mhz = max_mhz;
    else if (!isnan(mhz))
        pl->freq_mhz = mhz;
}

static void parse_uname(const char *buf, size_t len, bdb_platform *pl)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        if (!bdb_starts_with(l.p, l.end, "Linux "))
            continue;
        /* words: Linux HOST RELEASE ... ; the machine is the word before
         * "GNU/Linux" after the date (x86_64 x86_64 x86_64 GNU/Linux).
         * Only the first three and the last four words matter, so a line
         * of any length is read whole. */
        enum { TAIL = 4 };
        const char *ws[TAIL], *we[TAIL];
        const char *release = NULL, *release_end = NULL;
        long long n = 0;
        const char *p = l.p;
        for (;;) {
            const char *w;
            size_t wl = bdb_scan_word(&p, l.end, &w);
            if (!wl)
                break;
            if (n == 2) {
                release = w;
                release_end = w + wl;
            }
            ws[n % TAIL] = w;
            we[n % TAIL] = w + wl;
            n++;
        }
#define W(i) ws[(i) % TAIL], we[(i) % TAIL]
        if (release) {
            copy_whole(pl->kernel, sizeof pl->kernel, release, release_end);
            snprintf(pl->os, sizeof pl->os, "Linux");
        }
        long long last = n - 1;
        if (last > 3 && bdb_span_eq(W(last), "GNU/Linux"))
            last--;
        /* uname -a prints machine, processor, hardware platform: the first
         * of the trailing three is the machine. */
        long long machine = last;
        while (machine - 1 > 3 && last - machine < TAIL - 2 &&
               (bdb_span_eq(W(machine), "unknown") ||
                (we[machine % TAIL] - ws[machine % TAIL] ==
                     we[(machine - 1) % TAIL] - ws[(machine - 1) % TAIL] &&
                 memcmp(ws[machine % TAIL], ws[(machine - 1) % TAIL],
                        (size_t)(we[machine % TAIL] - ws[machine % TAIL])) ==
                     0)))
            machine--;
#undef W
        if (n > 3)
            set_arch(pl, ws[machine % TAIL], we[machine % TAIL]);
        return;
    }
}

/* One (physical id, core id) pair per processor block. */
typedef struct core_key {
    long long phys, core;
} core_key;

static int core_key_cmp(const void *a, const void *b)
{
    const core_key *x = a, *y = b;
    if (x->phys != y->phys)
        return x->phys < y->phys ? -1 : 1;
    return x->core < y->core ? -1 : x->core > y->core;
}

/* An id from cpuinfo: a whole number from 0 to 2^31, else -1 (the kernel
 * prints unsigned ints; "nan" or "-3" are not ids). */
static long long cpu_id(const char *p, const char *end)
{
    double d = num(p, end);
    if (!(d >= 0 && d <= 2147483648.0) || d != floor(d))
        return -1;
    return (long long)d;
}

static void parse_cpuinfo(const char *buf, size_t len, bdb_platform *pl)
{
    bdb_lines it;
    bdb_line l;
    size_t processors = 0;
    double mhz = NAN;
    char model[sizeof pl->cpu] = "", hardware[sizeof pl->cpu] = "";
    int model_set = 0;
    /* The pairs are counted once at the end (sorted), so that neither a
     * big machine nor a long file is cut or slowed down. */
    core_key *keys = NULL;
    size_t nkeys = 0, cap = 0;
    int ids_ok = 1;
    long long phys = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *v, *e;
        if (kv(&l, "processor", &v, &e)) {
            processors++;
            phys = 0; /* ARM blocks have no physical id */
        } else if (kv(&l, "model name", &v, &e) || kv(&l, "Processor", &v, &e)) {
            if (!model_set) {
                model_set = 1;
                if (!copy_whole(model, sizeof model, v, e))
                    model[0] = '\0';
            }
        } else if (kv(&l, "Hardware", &v, &e)) {
            if (!copy_whole(hardware, sizeof hardware, v, e))
                hardware[0] = '\0';
        } else if (kv(&l, "cpu MHz", &v, &e)) {
            double m = clock_mhz(v, e);
            if (!isnan(m) && (isnan(mhz) || m > mhz))
                mhz = m;
        } else if (kv(&l, "physical id", &v, &e)) {
            phys = cpu_id(v, e);
            if (phys < 0)
                ids_ok = 0;
        } else if (kv(&l, "core id", &v, &e)) {
            long long core = cpu_id(v, e);
            if (core < 0 || phys < 0) {
                ids_ok = 0;
                continue;
            }
            if (nkeys == cap) {
                size_t ncap = cap ? cap * 2 : 64;
                core_key *k = realloc(keys, ncap * sizeof *k);
                if (!k) {
                    ids_ok = 0; /* cores stay unknown rather than short */
                    break;
                }
                keys = k;
                cap = ncap;
            }
            keys[nkeys].phys = phys;
            keys[nkeys].core = core;
            nkeys++;
        }
    }
    size_t ncores = 0;
    if (nkeys) {
        qsort(keys, nkeys, sizeof *keys, core_key_cmp);
        for (size_t i = 0; i < nkeys; i++)
            if (i == 0 || core_key_cmp(&keys[i - 1], &keys[i]) != 0)
                ncores++;
    }
    free(keys);
    if (processors)
        pl->threads = (double)processors;
    /* a core id without a processor line is not a core of this output */
    if (nkeys && ids_ok && ncores <= processors)
        pl->cores = (double)ncores;
    else if (!nkeys && ids_ok && processors)
        pl->cores = (double)processors;
    if (!isnan(mhz))
        pl->freq_mhz = mhz;
    if (model[0])
        snprintf(pl->cpu, sizeof pl->cpu, "%s", model);
    else if (hardware[0])
        snprintf(pl->cpu, sizeof pl->cpu, "%s", hardware);
}

int bdb_sysinfo_parse(const char *buf, size_t len, bdb_platform *p)
{
    int kind = bdb_sysinfo_sniff(buf, len);
    switch (kind) {
    case BDB_SYSINFO_LSCPU: parse_lscpu(buf, len, p); break;
    case BDB_SYSINFO_UNAME: parse_uname(buf, len, p); break;
    case BDB_SYSINFO_CPUINFO: parse_cpuinfo(buf, len, p); break;
    default: break;
    }
    return kind;
}
