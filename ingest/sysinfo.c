/* sysinfo.c - platform facts from lscpu, uname -a and /proc/cpuinfo.
 *
 * lscpu: "Architecture:", "Model name:", "CPU(s):", "Thread(s) per core:",
 * "Core(s) per socket:", "Socket(s):", "CPU max MHz:" (else "CPU MHz:").
 * uname -a: "Linux HOST RELEASE #N ... MACHINE [PROCESSOR PLATFORM] GNU/Linux".
 * /proc/cpuinfo: "processor : N" blocks with "model name" (x86) or
 * "Hardware"/"CPU part" (ARM), "cpu MHz", "physical id"/"core id". */
#include "sysinfo.h"
#include "../common/bdb_scan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int has_line_prefix(const char *buf, size_t len, const char *prefix)
{
    bdb_lines it;
    bdb_line l;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l))
        if (bdb_starts_with(l.p, l.end, prefix))
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
    if (has_line_prefix(buf, len, "processor\t:") ||
        has_line_prefix(buf, len, "processor :"))
        return BDB_SYSINFO_CPUINFO;
    if (looks_like_uname(buf, len))
        return BDB_SYSINFO_UNAME;
    return BDB_SYSINFO_NONE;
}

/* "Key:   value" -> value span when the line's key is key. */
static int kv(const bdb_line *l, const char *key, const char **v,
              const char **vend)
{
    const char *p = l->p;
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

static double num(const char *p, const char *end)
{
    double d;
    return bdb_scan_number(&p, end, &d, BDB_SCAN_DECIMAL_COMMA) ? d : NAN;
}

static void parse_lscpu(const char *buf, size_t len, bdb_platform *pl)
{
    bdb_lines it;
    bdb_line l;
    double cpus = NAN, tpc = NAN, cps = NAN, sockets = NAN, max_mhz = NAN,
           mhz = NAN;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *v, *e;
        if (kv(&l, "Architecture", &v, &e)) {
            char tmp[32];
            bdb_copy(tmp, sizeof tmp, v, e);
            bdb_platform_canonical_arch(tmp, pl->arch, sizeof pl->arch);
        } else if (kv(&l, "Model name", &v, &e)) {
            if (!pl->cpu[0] || strcmp(pl->cpu, "-") == 0)
                bdb_copy(pl->cpu, sizeof pl->cpu, v, e);
        } else if (kv(&l, "CPU(s)", &v, &e)) {
            cpus = num(v, e);
        } else if (kv(&l, "Thread(s) per core", &v, &e)) {
            tpc = num(v, e);
        } else if (kv(&l, "Core(s) per socket", &v, &e) ||
                   kv(&l, "Core(s) per cluster", &v, &e)) {
            cps = num(v, e);
        } else if (kv(&l, "Socket(s)", &v, &e) || kv(&l, "Cluster(s)", &v, &e)) {
            sockets = num(v, e);
        } else if (kv(&l, "CPU max MHz", &v, &e)) {
            max_mhz = num(v, e);
        } else if (kv(&l, "CPU MHz", &v, &e)) {
            mhz = num(v, e);
        }
    }
    if (!isnan(cpus))
        pl->threads = cpus;
    if (!isnan(cps) && !isnan(sockets))
        pl->cores = cps * sockets;
    else if (!isnan(cpus) && !isnan(tpc) && tpc > 0)
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
         * "GNU/Linux" after the date (x86_64 x86_64 x86_64 GNU/Linux). */
        const char *words[64], *ends[64];
        int n = 0;
        const char *p = l.p;
        while (n < 64) {
            const char *w;
            size_t wl = bdb_scan_word(&p, l.end, &w);
            if (!wl)
                break;
            words[n] = w;
            ends[n++] = w + wl;
        }
        if (n >= 3) {
            bdb_copy(pl->kernel, sizeof pl->kernel, words[2], ends[2]);
            snprintf(pl->os, sizeof pl->os, "Linux");
        }
        int last = n - 1;
        if (last > 3 && bdb_span_eq(words[last], ends[last], "GNU/Linux"))
            last--;
        /* uname -a prints machine, processor, hardware platform: the first
         * of the trailing three is the machine. */
        int machine = last;
        while (machine - 1 > 3 &&
               (bdb_span_eq(words[machine], ends[machine], "unknown") ||
                (ends[machine] - words[machine] ==
                     ends[machine - 1] - words[machine - 1] &&
                 memcmp(words[machine], words[machine - 1],
                        (size_t)(ends[machine] - words[machine])) == 0)))
            machine--;
        if (n > 3) {
            char tmp[32];
            bdb_copy(tmp, sizeof tmp, words[machine], ends[machine]);
            bdb_platform_canonical_arch(tmp, pl->arch, sizeof pl->arch);
        }
        return;
    }
}

static void parse_cpuinfo(const char *buf, size_t len, bdb_platform *pl)
{
    bdb_lines it;
    bdb_line l;
    int processors = 0;
    double mhz = NAN;
    char model[128] = "", hardware[128] = "";
    int core_ids[1024];
    int ncores = 0, have_core_ids = 0;
    int phys = 0;
    bdb_lines_init(&it, buf, len);
    while (bdb_lines_next(&it, &l)) {
        const char *v, *e;
        if (kv(&l, "processor", &v, &e)) {
            processors++;
        } else if (kv(&l, "model name", &v, &e) || kv(&l, "Processor", &v, &e)) {
            if (!model[0])
                bdb_copy(model, sizeof model, v, e);
        } else if (kv(&l, "Hardware", &v, &e)) {
            bdb_copy(hardware, sizeof hardware, v, e);
        } else if (kv(&l, "cpu MHz", &v, &e)) {
            double m = num(v, e);
            if (!isnan(m) && (isnan(mhz) || m > mhz))
                mhz = m;
        } else if (kv(&l, "physical id", &v, &e)) {
            phys = (int)num(v, e);
        } else if (kv(&l, "core id", &v, &e)) {
            int id = phys * 4096 + (int)num(v, e);
            have_core_ids = 1;
            int seen = 0;
            for (int i = 0; i < ncores; i++)
                if (core_ids[i] == id)
                    seen = 1;
            if (!seen && ncores < 1024)
                core_ids[ncores++] = id;
        }
    }
    if (processors)
        pl->threads = processors;
    if (have_core_ids)
        pl->cores = ncores;
    else if (processors)
        pl->cores = processors;
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
