/* figure_free.c - each tool's figure-free lines (see figure_free.h), as
 * POSIX extended regular expressions matched against a line with its
 * surrounding blanks trimmed. They are compiled once, the first time a
 * tool's lines are asked about. */
#include "figure_free.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Lines any capture holds: shell prompts and command echoes, set -x's
 * "+", dates, uname, copyright. */
static const char *const shared[] = {
    "^([^ ]*@[^ ]*)?[^ ]*[$#%>] ",      /* user@host:~$ cmd, # cmd */
    /* a prompt glued to a command (cmdline.c unglue_prompt): "$iperf3
     * -c 10.0.0.1", "#fio ...", "user@host:~$time dd ...",
     * "[root@box ~]#sudo ..." */
    "^(\\[[^]]*\\]|([^ ]*@[^ ]*)?[^ ]*)[$#%>](sudo|time|/usr/bin/time|env|nice|taskset|"
    "numactl|ab|ab2|wrk|wrk2|redis-benchmark|fio|openssl|hdparm|dd|iperf|"
    "iperf3)( |$)",
    "^\\[[^]]*\\][$#] ",                /* [root@box tmp]# cmd */
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
    "^(Client connecting to|Server listening on) ",
    "^(TCP|UDP) (window|buffer) size:",
    "^(Read|Write) buffer size:",
    "^Sending [0-9]+ byte datagrams",
    "^TOS set to",
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
     * with it) */
    "^json:/start/",
    "^json:/(intervals|end)/.*/(start|end|seconds|socket|omitted)$",
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
 * live progress is read: redis_progress.h). */
static const char *const redis[] = {
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

typedef struct tool_lines {
    const char *tool;
    const char *const *patterns;
    regex_t *compiled;      /* NULL until first asked */
    char *first;            /* the first character a pattern's match must
                               start the line with, or 0 */
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

/* The character a line must start with for the pattern to match: the
 * first of "^fio-[0-9]", a literal neither special nor made optional by
 * what follows it; 0 when the pattern does not say one. Most lines asked
 * about start otherwise, and regexec is costly to call (a call per
 * pattern per line was ~3% of an import of small logs). */
static char first_char(const char *pat)
{
    if (pat[0] != '^' || !pat[1] || strchr(".[]()\\*+?{}|^$", pat[1]))
        return 0;
    if (pat[2] && strchr("*?{", pat[2]))
        return 0;
    return pat[1];
}

static int compile(tool_lines *t)
{
    size_t n = 0;
    while (t->patterns[n])
        n++;
    t->compiled = calloc(n ? n : 1, sizeof *t->compiled);
    t->first = calloc(n ? n : 1, 1);
    if (!t->compiled || !t->first) {
        free(t->compiled);
        free(t->first);
        t->compiled = NULL;
        t->first = NULL;
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        t->first[i] = first_char(t->patterns[i]);
        if (regcomp(&t->compiled[i], t->patterns[i], REG_EXTENDED | REG_NOSUB)) {
            /* a pattern of this table that does not compile is a bug the
             * tests catch; without memory, say so */
            for (size_t k = 0; k < i; k++)
                regfree(&t->compiled[k]);
            free(t->compiled);
            free(t->first);
            t->compiled = NULL;
            t->first = NULL;
            return -1;
        }
    }
    t->n = n;
    return 0;
}

static int matches(tool_lines *t, const char *line)
{
    if (!t->compiled && compile(t))
        return -1;
    for (size_t i = 0; i < t->n; i++)
        if ((!t->first[i] || t->first[i] == line[0]) &&
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
