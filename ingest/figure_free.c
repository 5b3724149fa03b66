/* figure_free.c - each tool's figure-free lines (see figure_free.h), as
 * POSIX extended regular expressions matched against a line with its
 * surrounding blanks trimmed. They are compiled once, all of them, the
 * first time any tool's lines are asked about. */
#include "figure_free.h"

#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Lines any capture holds: shell prompts and command echoes, set -x's
 * "+", dates, uname, copyright. */
static const char *const shared[] = {
    /* user@host:~$ cmd, # cmd, bash-4.2$ cmd; the word before the sign
     * is not a number: "50%    505" is ab's percentile row, "99.90% <=
     * 1 milliseconds" redis-benchmark's */
    "^([^ ]*@[^ ]*)?([^ ]*[^ 0-9.,][^ ]*)?[$#%>] ",
    /* a prompt glued to a command (cmdline.c unglue_prompt): "$iperf3
     * -c 10.0.0.1", "#fio ...", "user@host:~$time dd ...",
     * "[root@box ~]#sudo ..." */
    "^(\\[[^]]*\\]|([^ ]*@[^ ]*)?[^ ]*)[$#%>](sudo|time|/usr/bin/time|env|nice|taskset|"
    "numactl|ab|ab2|wrk|wrk2|redis-benchmark|fio|openssl|hdparm|dd|iperf|"
    "iperf3)( |$)",
    "^\\[[^]]*\\][$#] ",                /* [root@box tmp]# cmd */
    /* SUSE's "host:/usr/bin # cmd", macOS's "host:dir user$ cmd" */
    "^[^ ]*[:@~][^ ]* ([^ ]*[^ 0-9.,][^ ]*)?[$#%>] ",
    "^\\++ ",                           /* set -x */
    "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? ",
    /* a date alone (date, a log's time stamp line); a CI time stamp
     * before a tool's line is no reason to pass over the line */
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}([ T_][0-9:.,]+)?( ?(Z|[A-Z]{3,5}|[+-][0-9]{2}:?[0-9]{2}))?$",
    "^(Linux|Darwin|FreeBSD) [^ ]+ [0-9]",
    "[Cc]opyright",
    "^Script (started|done) on ",       /* script(1) */
    /* job control: "[1] 1585", "[2]+  Done    CMD" */
    "^\\[[0-9]+\\][-+]? +([0-9]+|Done|Running|Stopped|Exit [0-9]+|Terminated|Killed)( |$)",
    NULL};

/* ab: the banner, the target, progress, the settings it reads as
 * parameters, what -v prints of the exchange and the TLS session, and
 * the -e CSV rows between the percentiles its text report prints (the
 * parser reads those; the rows between are the distribution). */
static const char *const ab[] = {
    "^This is ApacheBench, Version",
    "ApacheBench, Version",
    "^(Completed|Finished) [0-9]+ requests",
    "^Benchmarking .*\\(be patient\\)",
    "^Server (Software|Hostname|Port):",
    "<th[^>]*>Server (Software|Hostname|Port):",
    "<th[^>]*>Concurrency Level:",
    "<th[^>]*>Connection Times",
    "^Concurrency Level:",
    "^SSL handshake failed",
    "^SSL/TLS Protocol:",
    "error:[0-9A-F]+:SSL routines",
    "^(apr_[a-z_]+|WARNING|LOG|INFO):",
    "^(Server|Date|Content-Length|Content-Type|Last-Modified|ETag|Host|User-Agent|Accept|Connection|Accept-Ranges|Keep-Alive):",
    "^HTTP/[0-9.]+ [0-9]+",
    "^(GET|POST|HEAD|PUT) [^ ]+ HTTP/",
    "^<",
    "^(Verify return code|Valid (from|to)|Protocol|Cipher|Session-ID|Master-Key|Timeout|Start Time|TLS session ticket|Public key|Extension Count|Certificate version|Transport Protocol|Cipher Suite)",
    "^[0-9]{1,3},[0-9.]+$",
    "^[0-9a-f]{4} - ",
    "^ab ",
    "^\"?https?://",
    "^C=[0-9]+ : This is ApacheBench",
    NULL};

/* fio: banners, the job lines whose settings are parameters, the run
 * status heading, and the distributions (IO depths, latency buckets,
 * issued counts) that are no figure of merit. */
static const char *const fio[] = {
    "^fio-[0-9]",
    "^Starting [0-9]+ (process|processes|threads?)",
    "^[^ ]+: \\(g=[0-9]+\\): rw=",
    "^[^ ]+: \\(groupid=[0-9]+, jobs=[0-9]+\\): err=",
    /* the header's "pid=%d: <ctime>" a page wrapped to a line of its own */
    "^pid=[0-9]+: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} ",
    "^All clients: \\(groupid=[0-9]+, jobs=[0-9]+\\): err=",
    "^Run status group [0-9]+",
    "^(IO depths|submit|complete) +:",
    "^>=64=[0-9.]+%$",      /* their last bucket, hard-wrapped alone */
    "^issued( rwts?)? *:",   /* 1.x/2.x "issued    : total=r=" */
    "^latency +: target=",
    "^lat \\((n|u|m)sec\\) +: [0-9]",
    "^Jobs: [0-9]+ \\(",
    "^\"[0-9.]+\" *: *[0-9]+,?$",
    "^[^ ]+: Laying out IO file",
    "^fio: pid=[0-9]+, err=",            /* a job's error, warned apart */
    "^hostname=[^ ,]*, be=[0-9]+, ",    /* --client: the server's banner */
    "^<[^>]+> ",
    "^[0-9];fio-[0-9]",     /* terse beside normal output repeats it */
    NULL};

/* iperf 2: connection and settings lines. */
static const char *const iperf[] = {
    "^\\[ *[0-9*SUMCT]+\\] local .* connected with ",
    /* its tail a page wrapped onto the next line(s): "(sock=3) on
     * 2026-12-01 08:40:45 (UTC)" (not "(ct=...", a figure), the date or
     * the time zone alone */
    "^(\\((sock=[0-9]+|isoch|trip-times|reverse|full-duplex|peer [^)]+|"
    "icwnd/mss/irtt=[0-9/]+)\\) *)+(on( [0-9]{4}-[0-9]{2}-[0-9]{2}"
    "( [0-9:.]+( \\([A-Z]+\\))?)?)?)?$",
    "^(on )?([0-9]{4}-[0-9]{2}-[0-9]{2} )?[0-9]{2}:[0-9]{2}:[0-9.]+ "
    "\\([A-Z]+\\)$",
    "^(Client connecting to|Server listening on) ",
    "^(TCP|UDP) (window|buffer) size:",
    "^(Read|Write) buffer size:",
    "^Sending [0-9]+ byte datagrams",
    "^TOS (set|defaults) to",
    /* --isochronous: the frames asked for (a setting, as -b) */
    "^Isochronous: [0-9.]+ frames/sec mean=",
    "^Period/IPG=[0-9.]+/[0-9.]+ ms$",  /* its end, re-flowed alone */
    "^Event based writes \\(pending queue watermark at [0-9]+ bytes\\)",
    "^\\[ *[0-9]+\\] Server Report:",
    NULL};

/* iperf3: connection and settings lines. */
static const char *const iperf3[] = {
    "^\\[ *[0-9]+\\] local .* connected to ",
    "^Setting UDP block size to [0-9]+$",
    "^Connecting to host ",
    "^Server listening on ",
    "^Accepted connection from ",
    "^iperf [0-9]",
    "^Time: ",
    "^Reverse mode, remote host",
    "^Control connection MSS",
    "^Cookie: ",
    "^TCP MSS:",
    "^Starting Test: protocol:",
    "^Target Bitrate:",
    "^warning: UDP block size",
    "^Linux ",
    /* -J: the settings and connections of "start"; the bounds, socket
     * and omitted flag of an interval or a summary (its interval, read
     * with it); the same parts of the server's copy (--get-server-output,
     * server_output_json) */
    "^json:/(server_output_json/)?start/",
    "^json:/(server_output_json/)?(intervals|end)/.*/"
    "(start|end|seconds|socket|omitted)$",
    NULL};

/* openssl speed: version and build lines, the -mr protocol's settings,
 * the table heading, -multi's forks, the "Doing ..." announcements that
 * wait for their result. The results ("Doing ...: N md5's in 3.00s",
 * "+R:", a child's "Got: +F:") are trace points, read (openssl_trace.c). */
static const char *const openssl[] = {
    "^(OpenSSL|LibreSSL) [0-9]",
    "^(version|built on|compiler|options|CPUINFO|platform):",
    "^The 'numbers' are in",
    "^type +[0-9]+ bytes",
    "^\\+(DT|DTP|H)[0-9]*:",
    "^Forked child [0-9]+",
    "^Got: \\+H:",
    "^[ 0-9]+ (size blocks|bytes)$",
    "^bytes( +[0-9]+ bytes)+$", /* a heading wrapped inside a pair */
    "^Doing .* for [0-9.]+s[^:]*: *$",
    NULL};

/* redis-benchmark: the settings it prints per test and cluster notes (its
 * live progress is read: redis_progress.h), and its latency distribution
 * (< 6.2: "%.2f%% <= %d milliseconds"; >= 6.2's HdrHistogram blocks:
 * "%3.3f%% <= %.3f milliseconds (cumulative count %lld)"), which the
 * parser checks for form and leaves to the summary (parse_redis_benchmark.c). */
static const char *const redis[] = {
    "^[0-9.]+% <= [0-9.]+ milliseconds",
    "^keep alive: [0-9]+",
    "^[0-9]+ parallel clients",
    "^[0-9]+ bytes payload",
    "^threads: [0-9]+",
    "^multi-thread: ",
    "^node \\[[0-9]+\\] configuration:",
    "^====== .* ======$",
    "^Master [0-9]+: ",
    "^Cluster has [0-9]+ master nodes",
    "^cluster mode: ",
    "^WARNING: ",
    "^host configuration \"save\":",
    /* its command echoed bare (its settings are read as parameters) */
    "^([^ ]*/)?redis-benchmark( |$)",
    NULL};

/* time: the timed commands and the formats they were given. */
static const char *const time_lines[] = {
    "^(time|/usr/bin/time|command:|TIMEFORMAT=|for |dd |gzip |sleep |python)",
    "^Command (being timed|exited with non-zero status)",
    "^#[0-9]+ *:$",
    "\\\\$",
    "^[0-9]+$",
    NULL};

/* wrk: the settings lines, and the Lua script's own output. */
static const char *const wrk[] = {
    "^[0-9]+ threads and [0-9]+ connections",
    "(^|; *)wrk -",                     /* its command, after a ulimit; */
    "^Running [0-9.]+[a-z]* test @ ",
    "^[^ ]+\\.lua: ",
    "^[0-9.]+%,[0-9.]+$",
    NULL};

/* dd: its command lines and its warnings (its status=progress updates
 * are read: the trace of the copy's throughput). */
static const char *const dd[] = {
    "^(time )?dd ",
    "^dd: warning: ",
    NULL};

/* hdparm: the -mr style loop markers a capture prints. */
static const char *const hdparm[] = {
    "^#[0-9]+ *:$",
    "^(hdparm|sudo hdparm) ",
    "^/dev/[^ ]+:$",
    NULL};

/* What a line must hold for a pattern to match it (need_of): a byte it
 * starts with, a run of literal bytes, and one byte of a set. */
#define NEED_MAX 32
#define STARTS_MAX 320
typedef struct need {
    char first[NEED_MAX];   /* "" when the pattern says none */
    /* the texts a line must start with one of, each NUL-terminated, an
     * empty one last; "" when the pattern says none */
    char starts[STARTS_MAX];
    char lit[NEED_MAX];     /* "" when the pattern says none */
    char set[NEED_MAX];     /* "" when the pattern says none */
} need;

typedef struct tool_lines {
    const char *tool;
    const char *const *patterns;
    regex_t *compiled;      /* NULL until first asked */
    need *needs;
    size_t n;
    int failed;
} tool_lines;

static tool_lines tables[] = {
    {"*", shared, NULL, NULL, 0, 0},
    {"ab", ab, NULL, NULL, 0, 0},
    {"fio", fio, NULL, NULL, 0, 0},
    {"iperf", iperf, NULL, NULL, 0, 0},
    {"iperf3", iperf3, NULL, NULL, 0, 0},
    {"openssl-speed", openssl, NULL, NULL, 0, 0},
    {"redis-benchmark", redis, NULL, NULL, 0, 0},
    {"time", time_lines, NULL, NULL, 0, 0},
    {"wrk", wrk, NULL, NULL, 0, 0},
    {"dd", dd, NULL, NULL, 0, 0},
    {"hdparm", hdparm, NULL, NULL, 0, 0},
};

/* The end of the bracket expression that opens at p ("[^]]", "[$#%>]");
 * its members into set (NUL-terminated) when it is a list of single
 * bytes and ranges that fits, else set[0] = 0. */
static const char *bracket(const char *p, char *set)
{
    const char *q = p + 1;
    int negated = *q == '^', fits = !negated;
    size_t n = 0;
    q += negated;
    if (*q == ']')
        q++;    /* a "]" first is a member */
    while (*q && *q != ']') {
        if (*q == '[') {
            fits = 0;   /* a class ("[:digit:]") */
            const char *c = strchr(q + 2, ']');
            q = c ? c + 1 : q + 1;
            continue;
        }
        q++;
    }
    if (fits) {
        for (const char *m = p + 1; m < q && n + 1 < NEED_MAX; m++) {
            if (m + 2 < q && m[1] == '-') {
                for (int c = (unsigned char)m[0];
                     c <= (unsigned char)m[2] && n + 1 < NEED_MAX; c++)
                    set[n++] = (char)c;
                m += 2;
            } else {
                set[n++] = *m;
            }
        }
        fits = n + 1 < NEED_MAX && !memchr(set, '\0', n);
    }
    set[fits ? n : 0] = '\0';
    return *q ? q + 1 : q;
}

/* The quantifier at p ("*", "+", "?", "{2}", "{2,}"): its end, p when
 * there is none; *optional when it allows no repetition at all. */
static const char *quantifier(const char *p, int *optional)
{
    *optional = 0;
    if (*p == '*' || *p == '?') {
        *optional = 1;
        return p + 1;
    }
    if (*p == '+')
        return p + 1;
    if (*p == '{') {
        const char *c = strchr(p, '}');
        *optional = p[1] == '0' || p[1] == ',';
        return c ? c + 1 : p + 1;
    }
    return p;
}

/* The literal byte at p that is no operator ("\\[" is "["), into *c:
 * its end, or NULL when p is an operator. */
static const char *literal_at(const char *p, char *c)
{
    if (*p == '\\' && p[1]) {
        *c = p[1];
        return p + 2;
    }
    if (!*p || strchr(".[]()*+?{}|^$", *p))
        return NULL;
    *c = *p;
    return p + 1;
}

/* The literal text at p up to the first operator, without a byte made
 * optional by one ("^Valid (from|to)" gives "Valid "), into out (at
 * most room - 1 bytes and a NUL): its length, 0 when there is none. */
static size_t literal_run(const char *p, char *out, size_t room)
{
    size_t n = 0;
    char c;
    int optional;
    const char *e;
    while (n + 1 < room && (e = literal_at(p, &c))) {
        const char *q = quantifier(e, &optional);
        if (optional)
            break;
        out[n++] = c;
        if (q != e)
            break;  /* "x+": what follows may come after more x */
        p = e;
    }
    out[n] = '\0';
    return n;
}

/* The texts a line must start with one of for the anchored pattern to
 * match: its literal run ("^Run status group "), or each alternative's
 * of a group first ("^(Verify return code|Valid (from|to)|...)"). */
static void starts_of(const char *pat, char *starts)
{
    size_t used = 0;
    memset(starts, 0, STARTS_MAX);
    if (pat[0] != '^')
        return;
    const char *p = pat + 1;
    if (*p != '(') {
        literal_run(p, starts, STARTS_MAX - 1);
        return;
    }
    int depth = 0, alt_start = 0, optional;
    char set[NEED_MAX];
    const char *after = NULL;
    for (const char *q = p; *q; q++) {
        if (alt_start) {
            size_t n = literal_run(q, starts + used, STARTS_MAX - 1 - used);
            if (n == 0) {   /* an alternative that says none */
                memset(starts, 0, STARTS_MAX);
                return;
            }
            used += n + 1;
            alt_start = 0;
        }
        if (*q == '\\' && q[1]) {
            q++;
        } else if (*q == '[') {
            q = bracket(q, set) - 1;
        } else if (*q == '(') {
            alt_start = ++depth == 1;
        } else if (*q == '|' && depth == 1) {
            alt_start = 1;
        } else if (*q == ')' && --depth == 0) {
            after = q + 1;
            break;
        }
    }
    quantifier(after ? after : p, &optional);
    if (!after || optional)
        memset(starts, 0, STARTS_MAX);
}

/* 1 when line starts with one of starts (or starts says none). */
static int starts_ok(const char *starts, const char *line)
{
    if (!starts[0])
        return 1;
    for (const char *t = starts; *t; t += strlen(t) + 1)
        if (strncmp(line, t, strlen(t)) == 0)
            return 1;
    return 0;
}

/* The bytes a line must start with for the anchored pattern to match:
 * its bracket's ("^[0-9]+$"), else the first bytes of its starts (a
 * cheap test before the texts are compared). Most lines asked about
 * start otherwise, and regexec is costly to call (a call per pattern per
 * line was ~3% of an import of small logs). */
static void firsts_of(const char *pat, const char *starts, char *first)
{
    size_t n = 0;
    int optional;
    first[0] = '\0';
    if (pat[0] == '^' && pat[1] == '[') {
        char set[NEED_MAX];
        quantifier(bracket(pat + 1, set), &optional);
        if (!optional)
            memcpy(first, set, strlen(set) + 1);
        return;
    }
    for (const char *t = starts; *t; t += strlen(t) + 1) {
        if (memchr(first, *t, n))
            continue;
        if (n + 1 >= NEED_MAX) {
            first[0] = '\0';   /* too many to say */
            return;
        }
        first[n++] = *t;
        first[n] = '\0';
    }
}

/* What every line a pattern matches holds, read from the pattern's
 * top level (an alternation there: nothing): the longest run of
 * literal bytes and the smallest bracket set that must appear. A line
 * without them is not given to regexec (a call per pattern per line of
 * each file's numbers was ~3% of an import of small logs). */
static void need_of(const char *pat, need *nd)
{
    char run[NEED_MAX], set[NEED_MAX];
    size_t nrun = 0, best = 0, bestset = NEED_MAX;
    memset(nd, 0, sizeof *nd);
    for (const char *p = pat; *p;) {
        int optional;
        if (*p == '|') {
            memset(nd, 0, sizeof *nd);
            return;
        }
        if (*p == '(') {
            int depth = 0;
            for (; *p; p++) {
                if (*p == '\\' && p[1]) {
                    p++;
                } else if (*p == '[') {
                    p = bracket(p, set) - 1;
                } else if (*p == '(') {
                    depth++;
                } else if (*p == ')' && --depth == 0) {
                    p++;
                    break;
                }
            }
            p = quantifier(p, &optional);
            nrun = 0;
            continue;
        }
        if (*p == '[') {
            p = bracket(p, set);
            const char *q = quantifier(p, &optional);
            size_t n = strlen(set);
            if (q == p && n && n < bestset) {
                bestset = n;
                memcpy(nd->set, set, n + 1);
            }
            p = q;
            nrun = 0;
            continue;
        }
        if (*p == '.' || *p == '^' || *p == '$') {
            p = quantifier(p + 1, &optional);
            nrun = 0;
            continue;
        }
        char c = *p;
        if (c == '\\' && p[1])
            c = *++p;
        p++;
        const char *q = quantifier(p, &optional);
        if (optional) {
            p = q;
            nrun = 0;
            continue;
        }
        if (nrun + 1 < NEED_MAX)
            run[nrun++] = c;
        if (nrun > best) {
            best = nrun;
            memcpy(nd->lit, run, nrun);
            nd->lit[nrun] = '\0';
        }
        if (q != p) {   /* "x+": more x may come before what follows */
            p = q;
            nrun = 0;
        }
    }
}

static int compile(tool_lines *t)
{
    size_t n = 0;
    while (t->patterns[n])
        n++;
    t->compiled = calloc(n ? n : 1, sizeof *t->compiled);
    t->needs = calloc(n ? n : 1, sizeof *t->needs);
    if (!t->compiled || !t->needs) {
        free(t->compiled);
        free(t->needs);
        t->compiled = NULL;
        t->needs = NULL;
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        need_of(t->patterns[i], &t->needs[i]);
        starts_of(t->patterns[i], t->needs[i].starts);
        firsts_of(t->patterns[i], t->needs[i].starts, t->needs[i].first);
        if (regcomp(&t->compiled[i], t->patterns[i], REG_EXTENDED | REG_NOSUB)) {
            /* a pattern of this table that does not compile is a bug the
             * tests catch; without memory, say so */
            for (size_t k = 0; k < i; k++)
                regfree(&t->compiled[k]);
            free(t->compiled);
            free(t->needs);
            t->compiled = NULL;
            t->needs = NULL;
            return -1;
        }
    }
    t->n = n;
    return 0;
}

/* Every table is compiled once, by whichever thread asks first (the
 * import parses on a worker while the main thread may read a file of
 * its own); a table that failed (out of memory) stays failed. */
static pthread_once_t compiled_once = PTHREAD_ONCE_INIT;

static void compile_all(void)
{
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
        tables[i].failed = compile(&tables[i]) != 0;
}

static int matches(tool_lines *t, const char *line)
{
    pthread_once(&compiled_once, compile_all);
    if (t->failed)
        return -1;
    for (size_t i = 0; i < t->n; i++)
        if ((!t->needs[i].first[0] ||
             (line[0] && strchr(t->needs[i].first, line[0]))) &&
            starts_ok(t->needs[i].starts, line) &&
            (!t->needs[i].lit[0] || strstr(line, t->needs[i].lit)) &&
            (!t->needs[i].set[0] || strpbrk(line, t->needs[i].set)) &&
            regexec(&t->compiled[i], line, 0, NULL, 0) == 0)
            return 1;
    return 0;
}

int bdb_figure_free_line(const char *tool, const char *p, const char *end)
{
    char line[1024];
    size_t n = (size_t)(end - p) < sizeof line - 1 ? (size_t)(end - p)
                                                   : sizeof line - 1;
    memcpy(line, p, n);
    line[n] = '\0';
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        if (strcmp(tables[i].tool, "*") != 0 &&
            strcmp(tables[i].tool, tool) != 0)
            continue;
        int r = matches(&tables[i], line);
        if (r)
            return r;
    }
    return 0;
}
