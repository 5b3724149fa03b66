/* test_cli.c - benchdb end to end, as a user runs it: help, exit codes,
 * importing folders twice, bad input in a batch, listing, platforms.csv,
 * path patterns and two imports at once. */
#include "test_util.h"

#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[512];
static char db[600];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    snprintf(db, sizeof db, "%s/b.sqlite", dir);
    return 0;
}

static void write_file(const char *name, const void *data, size_t len)
{
    char path[900];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(data, 1, len, f);
    fclose(f);
}

static void copy_sample(const char *rel, const char *name)
{
    size_t len;
    char *buf = tu_read(rel, &len);
    write_file(name, buf, len);
    free(buf);
}

/* Runs cmd through the shell, its output into out (emptied first);
 * returns its wait status. */
static int shell_output(const char *cmd, bdb_buf *out)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    bdb_buf_reset(out);
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        bdb_buf_append(out, buf, n);
    return pclose(p);
}

static int run(bdb_buf *out, const char *args)
{
    bdb_buf_reset(out);
    return tu_run(out, "--db '%s' %s", db, args);
}

static void cli__help_and_version__exit_zero(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--help"), 0);
    assert_non_null(strstr(out.data, "import"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--version"), 0);
    assert_non_null(strstr(out.data, "benchdb "));
    const char *cmds[] = {"init", "import", "parse", "platform", "list", "reparse",
                          "report", "efficiency", "chart"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "%s --help", cmds[i]), 0);
        assert_non_null(strstr(out.data, "usage: benchdb"));
    }
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "frobnicate"), 2);
    assert_non_null(strstr(out.data, "unknown command"));
    assert_int_equal(run(&out, "import --nonsense x"), 2);
    assert_int_equal(run(&out, "import"), 2);
    assert_int_equal(run(&out, "list things"), 2);
    bdb_buf_free(&out);
}

static void cli__import_folder_twice__second_run_adds_nothing(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    char args[1200];
    snprintf(args, sizeof args, "import '%s'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "1 imported (19 results"));
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "0 imported (0 results"));
    assert_non_null(strstr(out.data, "1 already present"));
    assert_int_equal(run(&out, "list results --format csv --platform x86-A"), 0);
    assert_non_null(strstr(out.data, "platform,tool,benchmark,metric,params,value,unit"));
    assert_non_null(strstr(out.data, "x86-A,tmpfs,tmpfs,read,,3600000000,B/s,higher,1,"));
    assert_non_null(strstr(out.data, "pub.csv:4"));
    assert_null(strstr(out.data, "ARM-FT1500A"));
    assert_int_equal(run(&out, "list series --format json --tool dd"), 0);
    assert_non_null(strstr(out.data, "\"metric\": \"throughput\""));
    assert_int_equal(run(&out, "list sources"), 0);
    assert_non_null(strstr(out.data, "results-csv"));
    bdb_buf_free(&out);
}

static int count_lines_with(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

static void cli__bad_files_in_a_batch__reported_and_the_rest_imported(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    write_file("empty.txt", "", 0);
    write_file("binary.bin", "\x7f" "ELF\0\0\1", 7);
    write_file("unknown.txt", "hello\nthis is no benchmark\n", 27);
    /* A broken copy of a real results CSV: its third row cut short. */
    const char *cut = "platform,tool,benchmark,metric,value,unit\n"
                      "x86-A,tmpfs,tmpfs,read,3.6,GB/s\n"
                      "x86-A,tmpfs,tmp\n";
    write_file("broken-truncated.csv", cut, strlen(cut));
    copy_sample("samples/published/seed-published-figures.csv", "zz-good.csv");
    char args[1200];
    snprintf(args, sizeof args, "import '%s'", dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "empty.txt: empty file"));
    assert_non_null(strstr(out.data, "binary.bin: binary content"));
    assert_non_null(strstr(out.data, "unknown.txt: not the output of any known tool"));
    /* the cut row is a warning at its line, the good row lands */
    assert_non_null(strstr(out.data, "broken-truncated.csv:3: warning:"));
    assert_non_null(strstr(out.data, "2 imported (20 results, 1 warning)"));
    assert_non_null(strstr(out.data, "3 failed"));
    assert_int_equal(run(&out, "list sources --format csv"), 0);
    assert_int_equal(count_lines_with(out.data, "\n") - 1, 2);
    assert_int_equal(run(&out, "list results --format csv"), 0);
    assert_int_equal(count_lines_with(out.data, "\n") - 1, 20);

    /* --strict: the warning fails the file, and nothing of it lands */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/strict.sqlite' import --strict "
                            "'%s/broken-truncated.csv'", dir, dir), 1);
    assert_non_null(strstr(out.data, "broken-truncated.csv:3:"));
    assert_non_null(strstr(out.data, "--strict"));
    assert_non_null(strstr(out.data, "0 imported"));
    bdb_buf_free(&out);
}

static void cli__platform_csv_with_bad_row__skips_it_with_line(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *csv = "name,arch,power_w,price_usd,notes\n"
                      "imx6,armv7l,9,40,\"Freescale i.MX6Q, board + SSD\"\n"
                      "atom,x86_64,lots,52,\n"
                      "d2700,amd64,30,52,seed 000\n";
    write_file("platforms.csv", csv, strlen(csv));
    char args[1200];
    snprintf(args, sizeof args, "platform import '%s/platforms.csv'", dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "platforms.csv:3: column power_w"));
    assert_non_null(strstr(out.data, "2 platforms saved, 1 row skipped"));
    assert_int_equal(run(&out, "platform show d2700"), 0);
    assert_non_null(strstr(out.data, "x86_64"));
    assert_int_equal(run(&out, "platform list --format csv"), 0);
    assert_non_null(strstr(out.data, "\"Freescale i.MX6Q, board + SSD\""));
    assert_int_equal(run(&out, "platform add cubie --arch armhf --price-usd 49 --power-w 10"), 0);
    assert_int_equal(run(&out, "platform add cubie --power-w -3"), 2);
    assert_int_equal(run(&out, "platform show cubie"), 0);
    assert_non_null(strstr(out.data, "armv7l"));
    assert_int_equal(run(&out, "platform show nobody"), 2);
    bdb_buf_free(&out);
}

static void cli__platforms_csv_among_logs__fills_platforms(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/platforms.csv", "platforms.csv");
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    char args[1200];
    snprintf(args, sizeof args, "import '%s'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "platforms.csv: platforms.csv, 11 platforms"));
    assert_non_null(strstr(out.data, "1 imported (19 results"));
    assert_int_equal(run(&out, "platform show x86-B"), 0);
    assert_non_null(strstr(out.data, "Intel Xeon Silver 4110"));
    /* a bad row fails the file as a whole, naming its line */
    const char *bad = "name,arch,power_w\nok,x86_64,10\nbad,x86_64,ten\n";
    write_file("bad-platforms.csv", bad, strlen(bad));
    snprintf(args, sizeof args, "import '%s/bad-platforms.csv'", dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "bad-platforms.csv:3: column power_w"));
    assert_int_equal(run(&out, "platform show ok"), 2); /* nothing of it landed */
    bdb_buf_free(&out);
}

static void cli__path_pattern__names_platform_and_params(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char sub[700];
    snprintf(sub, sizeof sub, "%s/boardA", dir);
    char cmd[800];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", sub);
    assert_int_equal(system(cmd), 0);
    copy_sample("samples/local/lscpu.txt", "boardA/lscpu.txt");
    const char *csv = "platform,tool,benchmark,metric,value,unit\n"
                      ",gzip,gzip,real,2.5,s\n";
    /* an empty platform cell is refused: the path gives none to rows */
    write_file("boardA/run-4.csv", csv, strlen(csv));
    char args[1200];
    snprintf(args, sizeof args,
             "import --path-pattern '{platform}/run-{threads}.csv' --platform fallback '%s'", dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "run-4.csv:2: "));
    assert_non_null(strstr(out.data, "empty platform"));
    snprintf(args, sizeof args,
             "import --path-pattern '{platform}/{*}.txt' '%s/boardA/lscpu.txt'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "lscpu.txt: lscpu for boardA"));
    assert_int_equal(run(&out, "import --path-pattern '{platform' x"), 2);
    /* several patterns: the first that matches gives the parameters */
    const char *fig = "platform,tool,benchmark,metric,value,unit\n"
                      "boardB,gzip,gzip,real,2.5,s\n";
    write_file("boardA/run-8.csv", fig, strlen(fig));
    snprintf(args, sizeof args,
             "import --path-pattern 'nomatch-{x}.csv' --path-pattern "
             "'{platform}/run-{jobs}.csv' '%s/boardA/run-8.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "list results --format csv --param jobs=8"), 0);
    assert_non_null(strstr(out.data, "boardB,gzip,gzip,real,jobs=8,2.5,s"));
    bdb_buf_free(&out);
}

/* Seed 000's tree: x86_64/@2133/ssl_m4_aes-256-cbc.txt. The arch and the
 * clock describe the machine: with --platform '{arch}@{freq_mhz}' each
 * folder is a platform with those fields, and the series are the same on
 * both, so a report compares them. */
static void cli__platform_template__seed000_tree_gives_two_comparable_platforms(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[1600];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/x86_64/@2133' '%s/armv7l/@996'",
             dir, dir);
    assert_int_equal(system(cmd), 0);
    copy_sample("samples/openssl-speed/seed000-loop-m2-aes-256-cbc.txt",
                "x86_64/@2133/ssl_m2_aes-256-cbc.txt");
    copy_sample("samples/openssl-speed/seed000-loop-m2-aes-256-cbc.txt",
                "armv7l/@996/ssl_m2_aes-256-cbc.txt");
    /* other bytes, or the second copy would be "already present" */
    snprintf(cmd, sizeof cmd, "echo >> '%s/armv7l/@996/ssl_m2_aes-256-cbc.txt'",
             dir);
    assert_int_equal(system(cmd), 0);
    char args[1400];
    snprintf(args, sizeof args,
             "import --tool openssl-speed --path-pattern "
             "'{arch}/@{freq_mhz}/ssl_m{multi}_{benchmark}.txt' "
             "--platform '{arch}@{freq_mhz}' '%s/x86_64' '%s/armv7l'", dir, dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "platform list --format csv"), 0);
    assert_non_null(strstr(out.data, "x86_64@2133,x86_64,,,,2133"));
    assert_non_null(strstr(out.data, "armv7l@996,armv7l,,,,996"));
    assert_int_equal(run(&out, "list results --format csv"), 0);
    assert_null(strstr(out.data, "freq_mhz"));
    assert_non_null(strstr(out.data, "multi=2"));
    assert_int_equal(run(&out, "report --format csv --baseline x86_64@2133"), 0);
    assert_non_null(strstr(out.data, "armv7l@996"));
    /* a template naming something the pattern does not capture */
    snprintf(args, sizeof args,
             "import --tool openssl-speed --path-pattern '{arch}/@{freq_mhz}/{*}.txt' "
             "--platform '{board}' '%s/x86_64'", dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "{board}"));
    bdb_buf_free(&out);
}

/* Seed 003's layout: redis-benchmark --csv -c N > reds-bench-N.csv. The
 * CSV does not say N, so the six files land in one series; the import
 * says so and names the pattern that keeps them apart. */
static void cli__differently_named_files_in_one_series__warned_with_a_pattern(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    static const char *const n[] = {"1", "2", "3", "4", "8", "20"};
    char rel[200], name[100], args[1400];
    for (size_t i = 0; i < 6; i++) {
        snprintf(rel, sizeof rel,
                 "samples/redis-benchmark/reds-bench-%s.csv", n[i]);
        snprintf(name, sizeof name, "reds-bench-%s.csv", n[i]);
        copy_sample(rel, name);
    }
    snprintf(args, sizeof args, "import --platform local '%s'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "reds-bench-{1,2,3,4,8,20}.csv: 6 files "
                                     "merged into the same series ("));
    assert_non_null(strstr(out.data, "--path-pattern 'reds-bench-{clients}.csv'"));
    assert_non_null(strstr(out.data, "--repetitions"));

    /* with the pattern, six client counts: no warning, six series */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/patterned.sqlite' import --platform local "
                            "--path-pattern 'reds-bench-{clients}.csv' '%s'",
                            dir, dir), 0);
    assert_null(strstr(out.data, "merged"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/patterned.sqlite' list series --format csv "
                            "--benchmark GET --metric requests_per_sec", dir), 0);
    assert_int_equal(count_lines_with(out.data, "clients="), 6);

    /* the user says they are repetitions: no warning */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/c.sqlite' import --repetitions "
                            "--platform local '%s'", dir, dir), 0);
    assert_null(strstr(out.data, "merged"));
    bdb_buf_free(&out);
}

/* Limits either hold everything or say so: nothing is cut or dropped. */
static void cli__limits__grow_or_fail_with_a_message(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char args[8000];

    /* 70 platforms in a filter: all 70 are asked for (64 binds before) */
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit\n");
    bdb_buf plist;
    bdb_buf_init(&plist);
    for (int i = 0; i < 70; i++) {
        bdb_buf_printf(&csv, "box%02d,gzip,gzip,real,%d.5,s\n", i, i + 1);
        bdb_buf_printf(&plist, "%sbox%02d", i ? "," : "", i);
    }
    write_file("seventy.csv", csv.data, csv.len);
    snprintf(args, sizeof args, "import '%s/seventy.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    snprintf(args, sizeof args, "list results --format csv --platform %s",
             plist.data);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(count_lines_with(out.data, ",gzip,gzip,real,"), 70);

    /* a 63-byte platform name works everywhere; 64 bytes is refused with
     * a message, never cut (a cut name would drop its results) */
    char name63[64], name64[65];
    memset(name63, 'p', 63);
    name63[63] = '\0';
    memset(name64, 'q', 64);
    name64[64] = '\0';
    snprintf(args, sizeof args, "platform add %s --cores 4", name63);
    assert_int_equal(run(&out, args), 0);
    snprintf(args, sizeof args, "platform add %s --cores 4", name64);
    assert_int_equal(run(&out, args), 2);
    assert_non_null(strstr(out.data, "longer than 63 bytes"));
    copy_sample("samples/time/bash-default-gzip.txt", "t64.txt");
    snprintf(args, sizeof args, "import --platform %s '%s/t64.txt'", name64, dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "longer than 63 bytes"));

    /* two benchmark names of 301 bytes that differ at the end: neither is
     * cut into the other; each figure is refused with a warning */
    char longb[302];
    memset(longb, 'b', 300);
    longb[301] = '\0';
    bdb_buf_reset(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit\n");
    longb[300] = '1';
    bdb_buf_printf(&csv, "box00,gzip,%s,real,1,s\n", longb);
    longb[300] = '2';
    bdb_buf_printf(&csv, "box00,gzip,%s,real,2,s\n", longb);
    bdb_buf_puts(&csv, "box00,gzip,short,real,3,s\n");
    write_file("long.csv", csv.data, csv.len);
    snprintf(args, sizeof args, "import '%s/long.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "long.csv:2: warning:"));
    assert_non_null(strstr(out.data, "benchmark: 301 bytes, more than the 255"));
    assert_non_null(strstr(out.data, "(1 result,"));

    /* invalid UTF-8 in a name is kept, shown with U+FFFD, and the series
     * stays in the JSON report */
    const char *latin1 = "platform,tool,benchmark,metric,value,unit\n"
                         "box00,gzip,caf\xe9,real,4,s\n"
                         "box01,gzip,caf\xe9,real,5,s\n";
    write_file("latin1.csv", latin1, strlen(latin1));
    snprintf(args, sizeof args, "import '%s/latin1.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "report --format json --platforms box00,box01"), 0);
    assert_non_null(strstr(out.data, "\"benchmark\": \"caf\xef\xbf\xbd\""));
    bdb_buf_free(&csv);
    bdb_buf_free(&plist);
    bdb_buf_free(&out);
}

/* Seed 000's hand-grepped `C=10 : 2881.04` lines under section headers,
 * from a real run of its script (tests/fixtures/ab/README.md). */
static void cli__summary_lines__imported_with_sections_and_ab_units(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char args[1400];
    snprintf(args, sizeof args, "import --platform local --summary "
             "'C={concurrency} : {value}' --tool ab --metric transfer_rate "
             "--unit 'Kbytes/sec' '%s/tests/fixtures/ab/"
             "real-seed000-summary-transfer-rate.txt'", BDB_SOURCE_DIR);
    assert_int_equal(run(&out, args), 0);
    assert_non_null(strstr(out.data, "12 results"));
    assert_int_equal(run(&out, "list results --format csv --metric transfer_rate"), 0);
    /* line 4 prints "C=2 : 13484.05": ab's Kbytes are 1024 bytes */
    char want[300];
    snprintf(want, sizeof want, "\"concurrency=2,path=/plain/test.htm,"
             "section=Plain HTML\",%.10g,B/s",
             13484.05 * 1024);
    assert_non_null(strstr(out.data, want));
    /* line 9 "C=4 : 5478.57" under "Gzipped HTML" */
    snprintf(want, sizeof want, "\"concurrency=4,path=/plain/test.htm,"
             "section=Gzipped HTML\",%.10g,B/s",
             5478.57 * 1024);
    assert_non_null(strstr(out.data, want));
    /* a URL line ends the section before it: the jpg has none */
    snprintf(want, sizeof want, "\"concurrency=10,path=/plain/test.jpg\","
             "%.10g,B/s", 476447.88 * 1024);
    assert_non_null(strstr(out.data, want));
    /* the options are kept: reparse --all reads it the same way */
    assert_int_equal(run(&out, "reparse --all"), 0);
    assert_int_equal(run(&out, "list results --format csv --metric transfer_rate"), 0);
    assert_int_equal(count_lines_with(out.data, ",B/s,"), 12);
    /* a pattern without {value} is a usage error */
    assert_int_equal(run(&out, "import --summary 'C={c}' --tool ab --metric m "
                               "--unit s x"), 2);
    assert_non_null(strstr(out.data, "{value}"));
    bdb_buf_free(&out);
}

/* Folders: each walked once (symlink loops skipped and said so), a folder
 * that cannot be opened reported with its error while the rest imports,
 * and nothing but regular files read (a FIFO or /dev/zero would block or
 * never end). */
static void cli__folder_walk__loops_fifos_and_unreadable_folders(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char cmd[8000];
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s/logs/a/b' '%s/logs/locked' && "
             "ln -s .. '%s/logs/a/b/up' && ln -s . '%s/logs/a/self' && "
             "ln -s ../a '%s/logs/a/b/again' && ln -s nowhere '%s/logs/dangling' && "
             "mkfifo '%s/logs/a/pipe' && chmod 755 '%s' '%s/logs' && "
             "chmod 000 '%s/logs/locked'",
             dir, dir, dir, dir, dir, dir, dir, dir, dir, dir);
    assert_int_equal(system(cmd), 0);
    copy_sample("samples/time/bash-default-gzip.txt", "logs/a/b/gzip.txt");
    copy_sample("samples/published/seed-published-figures.csv", "logs/pub.csv");
    /* as root every folder opens: run the import as nobody then */
    const char *as = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 "
                                      "--clear-groups " : "";
    snprintf(cmd, sizeof cmd, "chmod 777 '%s' && chmod 666 '%s' 2>/dev/null; "
             "%s'%s' --db '%s/walk.sqlite' import --platform x '%s/logs' 2>&1",
             dir, db, as, BDB_BINARY, dir, dir);
    int status = shell_output(cmd, &out);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    assert_non_null(strstr(out.data, "logs/locked: cannot open folder: Permission denied"));
    assert_non_null(strstr(out.data, "logs/a/pipe: a FIFO, not a regular file"));
    assert_non_null(strstr(out.data, "logs/dangling: broken symbolic link"));
    assert_non_null(strstr(out.data, "a symbolic link loop"));
    /* the two real files landed, each once */
    assert_non_null(strstr(out.data, "2 imported"));
    assert_null(strstr(out.data, "out of memory"));

    /* named on the command line: refused at once, never opened */
    snprintf(cmd, sizeof cmd, "import '%s/logs/a/pipe' /dev/zero", dir);
    assert_int_equal(run(&out, cmd), 1);
    assert_non_null(strstr(out.data, "pipe: a FIFO, not a regular file"));
    assert_non_null(strstr(out.data, "/dev/zero: a character device"));
    snprintf(cmd, sizeof cmd, "chmod 755 '%s/logs/locked'", dir);
    assert_int_equal(system(cmd), 0);
    bdb_buf_free(&out);
}

/* Text from logs cannot drive a terminal, forge Markdown, or run in the
 * shell of a user who pastes benchdb's advice. (A hand-made results CSV:
 * the hostile names are the point.) */
static void cli__hostile_names__neutralised_in_text_markdown_and_advice(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    const char *csv =
        "platform,tool,benchmark,metric,value,unit\n"
        "\"o'brien; touch /tmp/pwned #\",gzip,\"x\n## forged <script>alert(1)</script>\",real,2,s\n"
        "\"o'brien; touch /tmp/pwned #\",gzip,\"x\n## forged <script>alert(1)</script>\",real,2.1,s\n"
        "\"evil\x1b]0;title\x07\xe2\x80\xaeRTL\",gzip,\"x\n## forged <script>alert(1)</script>\",real,3,s\n"
        "\"evil\x1b]0;title\x07\xe2\x80\xaeRTL\",gzip,\"x\n## forged <script>alert(1)</script>\",real,3.1,s\n";
    write_file("hostile.csv", csv, strlen(csv));
    char args[1400];
    snprintf(args, sizeof args, "import '%s/hostile.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "report"), 0);
    assert_null(strchr(out.data, '\x1b'));
    assert_null(strchr(out.data, '\x07'));
    assert_null(strstr(out.data, "\xe2\x80\xae"));
    /* the advice quotes the name as one shell word */
    assert_non_null(strstr(out.data, "benchdb platform add 'o'\\''brien; "
                                     "touch /tmp/pwned #' --power-w W"));
    assert_int_equal(run(&out, "report --format md"), 0);
    assert_null(strstr(out.data, "\n## forged"));
    assert_null(strstr(out.data, "<script>"));
    assert_non_null(strstr(out.data, "&lt;script&gt;"));
    assert_null(strchr(out.data, '\x1b'));
    /* the advice is one word in Markdown too */
    assert_non_null(strstr(out.data, "'o'\\\\''brien; touch /tmp/pwned \\#'"));
    bdb_buf_free(&out);
}

/* stdout (block-buffered into a pipe or file) and stderr (warnings)
 * into one file keep their lines whole: a 4 KB block once ended inside
 * the summary line, which a merge warning then split. */
static void cli__import_into_one_file__stdout_and_warnings_stay_whole(void **state)
{
    (void)state;
    char whole[700];
    snprintf(whole, sizeof whole, "%s/whole.sqlite", dir);
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = tu_run(&out, "--db '%s' import '%s' '%s'", whole,
                    tu_path("samples/iperf"), tu_path("samples/ab"));
    assert_true(rc == 0 || rc == 1);
    /* the output's lines */
    char **lines = NULL;
    size_t n = 0;
    for (char *p = out.data; p && *p;) {
        char *e = strchr(p, '\n');
        if (e)
            *e = '\0';
        lines = realloc(lines, (n + 1) * sizeof *lines);
        assert_non_null(lines);
        lines[n++] = p;
        p = e ? e + 1 : p + strlen(p);
    }
    size_t imported = 0, checked = 0;
    long summary = -1;
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] >= '0' && lines[i][0] <= '9' &&
            strstr(lines[i], " imported ("))
            summary = strtol(lines[i], NULL, 10);
        if (strncmp(lines[i], "imported ", 9) != 0)
            continue;
        imported++;
        const char *path = lines[i] + 9;
        size_t plen = strcspn(path, ":");
        /* the file's own warnings come right before its line, never
         * another file's (block-buffered stdout put its lines later) */
        for (size_t j = i; j-- > 0;) {
            if (!strstr(lines[j], ": warning: ") && !strstr(lines[j], ": note: "))
                break;
            if (strncmp(lines[j], path, plen) != 0 || lines[j][plen] != ':')
                fail_msg("a warning of another file before '%s':\n%s",
                         lines[i], lines[j]);
            checked++;
        }
    }
    if (summary < 0)
        fail_msg("no whole summary line in %zu bytes", out.len);
    assert_true(summary > 20);
    assert_int_equal((long)imported, summary);
    assert_true(checked > 10);  /* the samples have warnings to order */
    free(lines);
    bdb_buf_free(&out);
}

/* An empty --db (an unset variable in --db "$DB") would be SQLite's
 * temporary file, deleted at exit: an import must not report success
 * into it; every command refuses the empty location. */
static void cli__empty_db__refused_never_a_temporary_database(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char imp[2000];
    snprintf(imp, sizeof imp, "import '%s'", tu_path("samples/ab/html-c1.txt"));
    const char *const cmds[] = {imp, "list sources", "report", "init"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        const char *c = cmds[i];
        bdb_buf_reset(&out);
        int rc = tu_run(&out, "--db '' %s", c);
        if (rc == 0)
            fail_msg("--db '' %s succeeded: %s", c, out.data);
        assert_non_null(strstr(out.data, "--db is empty"));
        assert_null(strstr(out.data, "imported"));
        bdb_buf_reset(&out);
        rc = tu_run(&out, "--db 'sqlite:' %s", c);
        assert_true(rc != 0);
        assert_non_null(strstr(out.data, "database location is empty"));
    }
    bdb_buf_free(&out);
}

/* Commands that only read create nothing, and work on a database that
 * cannot be written (a file and folder of another user, a read-only
 * mount). */
static void cli__read_only_commands__never_create_and_read_read_only_files(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char path[1200];
    snprintf(path, sizeof path, "%s/none.sqlite", dir);
    static const char *const reads[] = {"list results", "list sources",
                                        "report", "efficiency", "chart -o x.pdf --format pdf",
                                        "platform list", "platform show x"};
    for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s", path, reads[i]), 1);
        assert_non_null(strstr(out.data, "no database at"));
        assert_non_null(strstr(out.data, "benchdb init"));
        struct stat sb;
        if (stat(path, &sb) == 0)
            fail_msg("'%s' created %s", reads[i], path);
    }

    char ro[1200], cmd[9000];
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", ro);
    assert_int_equal(system(cmd), 0);
    copy_sample("samples/published/seed-published-figures.csv", "ro/pub.csv");
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s/b.sqlite' import '%s/pub.csv'", ro, ro), 0);
    /* as root nothing is read-only: read as nobody then */
    const char *as = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 "
                                      "--clear-groups " : "";
    snprintf(cmd, sizeof cmd, "chmod 755 '%s' && chmod 444 '%s/b.sqlite' && "
             "chmod 555 '%s' && %s'%s' --db '%s/b.sqlite' list results "
             "--format csv 2>&1 && %s'%s' --db '%s/b.sqlite' report 2>&1",
             dir, ro, ro, as, BDB_BINARY, ro, as, BDB_BINARY, ro);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    bdb_buf_reset(&out);
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        bdb_buf_append(&out, buf, n);
    int status = pclose(p);
    snprintf(cmd, sizeof cmd, "chmod 755 '%s'", ro);
    assert_int_equal(system(cmd), 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("reading a read-only database failed: %s", out.data);
    /* 19 results listed, then the report (which cites them again) */
    assert_true(count_lines_with(out.data, "pub.csv:") >= 19);
    assert_non_null(strstr(out.data, "Platforms"));
    bdb_buf_free(&out);
}

static long long sql_count(const char *path, const char *sql)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    long long n = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(h);
    return n;
}

/* Issue 23, item 12: --db naming another program's SQLite database does
 * not get benchdb's tables added unasked; --adopt-db adds them and keeps
 * what was there. */
static void cli__another_programs_database__refused_unless_adopted(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/theirs.sqlite", dir);
    sqlite3 *h;
    assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h, "CREATE TABLE bookmarks(x); INSERT INTO "
                                     "bookmarks VALUES('keep me')",
                                  NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    const char *tables = "SELECT count(*) FROM sqlite_schema WHERE type = "
                         "'table'";
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import '%s'", path,
                            tu_path("samples/ab/bin-keepalive-c4.txt")), 1);
    assert_non_null(strstr(out.data, "not a benchdb database"));
    assert_non_null(strstr(out.data, "--adopt-db"));
    assert_int_equal(sql_count(path, tables), 1);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' init", path), 1);
    assert_int_equal(sql_count(path, tables), 1);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--adopt-db --db '%s' import '%s'", path,
                            tu_path("samples/ab/bin-keepalive-c4.txt")), 0);
    assert_true(sql_count(path, tables) > 1);
    assert_int_equal(sql_count(path, "SELECT count(*) FROM bookmarks WHERE x = "
                                      "'keep me'"), 1);
    /* once adopted it is benchdb's: no option needed any more */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import '%s'", path,
                            tu_path("samples/wrk/bin-latency-t2-c10.txt")), 0);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--help"), 0);
    assert_non_null(strstr(out.data, "--adopt-db"));
    bdb_buf_free(&out);
}

/* A disk that fills up mid-write (here a file size limit) leaves the
 * previous report as it was and no partial or temporary file; so does a
 * report killed while it writes (here by the limit's own signal,
 * SIGXFSZ, which a Ctrl-C or a kill is handled as). */
static void cli__output_on_a_full_disk__previous_report_kept_whole(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char args[1400];
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    snprintf(args, sizeof args, "import '%s/pub.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    /* A WAL database makes its reader write a 32 KB -shm file, which the
     * limit would refuse first (the report then failed on "disk I/O
     * error" before writing a byte): in rollback mode a report writes
     * nothing but itself. */
    sqlite3 *sdb;
    assert_int_equal(sqlite3_open(db, &sdb), SQLITE_OK);
    assert_int_equal(sqlite3_exec(sdb, "PRAGMA journal_mode = DELETE", NULL,
                                  NULL, NULL), SQLITE_OK);
    sqlite3_close(sdb);
    static const char *const formats[] = {"html", "json", "md", "xlsx"};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        char target[1200];
        snprintf(target, sizeof target, "%s/out.%s", dir, formats[i]);
        snprintf(args, sizeof args, "report --format %s -o '%s'", formats[i],
                 target);
        assert_int_equal(run(&out, args), 0);
        struct stat before;
        assert_int_equal(stat(target, &before), 0);
        assert_true(before.st_size > 1024);
        for (int killed = 0; killed < 2; killed++) {
            /* 2 blocks of 512 bytes: the write fails with EFBIG (no core
             * file: ulimit -c 0) */
            char cmd[4000];
            snprintf(cmd, sizeof cmd, "%s ulimit -c 0; ulimit -f 2; exec '%s' "
                     "--db '%s' report --format %s -o '%s' 2>&1",
                     killed ? "" : "trap '' XFSZ;", BDB_BINARY, db, formats[i],
                     target);
            int status = shell_output(cmd, &out);
            /* it failed on the report, not on the database */
            if (strstr(out.data ? out.data : "", "disk I/O"))
                fail_msg("%s: the database failed first: %s", formats[i],
                         out.data);
            /* benchdb ignores SIGXFSZ itself: the write fails with EFBIG
             * and says so, whether the shell trapped it or not */
            {
                if (!WIFEXITED(status))
                    fail_msg("%s: killed (status %d), not an error: %s",
                             formats[i], status, out.data);
                if (WEXITSTATUS(status) == 0)
                    fail_msg("%s: a failed write exited 0: %s", formats[i],
                             out.data);
                if (!strstr(out.data ? out.data : "", "File too large"))
                    fail_msg("%s: the failed write is not told: %s",
                             formats[i], out.data);
            }
            struct stat after;
            assert_int_equal(stat(target, &after), 0);
            assert_int_equal(after.st_size, before.st_size);
            assert_int_equal(after.st_mtime, before.st_mtime);
            /* the report's own temporary file, and xlsx's package */
            snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -q -e tmp- "
                     "-e '^\\.benchdb-'", dir);
            if (system(cmd) == 0)
                fail_msg("%s: a temporary file was left in %s%s", formats[i],
                         dir, killed ? " by a killed report" : "");
        }
    }
    /* a device is written in place, never renamed over: -o /dev/null once
     * left a regular file where /dev/null was */
    struct stat dn;
    assert_int_equal(run(&out, "report --format html -o /dev/null"), 0);
    assert_int_equal(stat("/dev/null", &dn), 0);
    assert_true(S_ISCHR(dn.st_mode));
    bdb_buf_free(&out);
}

/* A database with a damaged page: a read that meets it fails, never a
 * shorter list with exit 0. The damage is made on a leaf page of the
 * results table, found with SQLite's dbstat table. */
static void cli__malformed_database__reads_fail_loudly(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char args[1400];
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    bdb_buf csv;
    bdb_buf_init(&csv);
    bdb_buf_puts(&csv, "platform,tool,benchmark,metric,value,unit,parameters\n");
    for (int i = 0; i < 20000; i++)
        bdb_buf_printf(&csv, "box%d,gzip,gzip,real,%d.5,s,threads=%d\n", i % 5,
                       1 + i % 9, i % 4);
    write_file("many.csv", csv.data, csv.len);
    bdb_buf_free(&csv);
    snprintf(args, sizeof args, "import '%s/many.csv' '%s/pub.csv'", dir, dir);
    assert_int_equal(run(&out, args), 0);
    char cmd[4000];
    /* the pages must be in the database file, not in its WAL */
    snprintf(cmd, sizeof cmd, "sqlite3 '%s' 'PRAGMA wal_checkpoint(TRUNCATE)' "
             ">/dev/null", db);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "sqlite3 '%s' \"select pageno from dbstat where "
             "name='results' and pagetype='leaf' limit 1 offset 20\"", db);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    long page = 0;
    char line[64];
    if (fgets(line, sizeof line, p))
        page = strtol(line, NULL, 10);
    pclose(p);
    assert_true(page > 1);
    FILE *f = fopen(db, "r+b");
    assert_non_null(f);
    /* the page's type byte made invalid, its cell pointers junk: cell
     * pointers alone were read as in-range offsets once in ~20 runs, and
     * the damage went unseen */
    assert_int_equal(fseek(f, (page - 1) * 4096, SEEK_SET), 0);
    char junk[208];
    memset(junk, 0xff, sizeof junk);
    assert_int_equal(fwrite(junk, 1, sizeof junk, f), sizeof junk);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(run(&out, "list results --format csv"), 1);
    assert_non_null(strstr(out.data, "malformed"));
    bdb_buf_free(&out);
}

static void cli__json_list_and_reparse__round_trip(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    char args[1200];
    snprintf(args, sizeof args, "import '%s/pub.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "list results --format json --tool dd"), 0);
    json_error_t err;
    json_t *rows = json_loads(out.data, 0, &err);
    assert_non_null(rows);
    assert_int_equal(json_array_size(rows), 8);
    json_t *first = json_array_get(rows, 0);
    assert_true(json_is_number(json_object_get(first, "value")));
    assert_string_equal(json_string_value(json_object_get(first, "unit")), "B/s");
    json_decref(rows);
    /* the original file can go: reparse works from the stored bytes */
    snprintf(args, sizeof args, "%s/pub.csv", dir);
    assert_int_equal(remove(args), 0);
    assert_int_equal(run(&out, "reparse"), 0);
    assert_non_null(strstr(out.data, "0 reparsed, 1 unchanged, 0 failed"));
    assert_int_equal(run(&out, "reparse --all"), 0);
    assert_non_null(strstr(out.data, "1 reparsed, 0 unchanged, 0 failed"));
    assert_int_equal(run(&out, "list results --format csv"), 0);
    assert_int_equal(count_lines_with(out.data, "\n") - 1, 19);
    assert_int_equal(run(&out, "reparse --bogus"), 2);
    bdb_buf_free(&out);
}

/* import and reparse account for every number they do not read: a
 * warning at its file:line (iperf3's CPU Utilization line of a real
 * --bidir -V run), kept through reparse; lines that carry no figure
 * (iperf3 -V's Cookie, fio's "Laying out IO file") give none. */
static void cli__import_and_reparse__warn_at_each_unread_line(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/iperf3/tcp-bidir-P2-verbose.txt", "bidir.txt");
    copy_sample("samples/iperf3/tcp-verbose.txt", "verbose.txt");
    copy_sample("samples/fio/normal-randread-4k-j1-qd1-nsec-ksuffix.txt", "fio.txt");
    char args[2400];
    snprintf(args, sizeof args, "import --platform x '%s/bidir.txt' "
                                "'%s/verbose.txt' '%s/fio.txt'", dir, dir, dir);
    assert_int_equal(run(&out, args), 0);
    if (!strstr(out.data, "bidir.txt:37: warning: iperf3: numbers not read: "
                          "59.7, 1.8, 58.0, 68.3"))
        fail_msg("no warning at bidir.txt:37: %s", out.data);
    assert_null(strstr(out.data, "verbose.txt:6:"));
    assert_null(strstr(out.data, "fio.txt:4:"));
    /* the count per file, where there is one (the interval lines are
     * read as traces: line 37 is left) */
    assert_non_null(strstr(out.data, "1 line with numbers not read\n"));
    assert_non_null(strstr(out.data, "verbose.txt: iperf3, 13 results for x\n"));
    assert_int_equal(run(&out, "reparse --all"), 0);
    assert_non_null(strstr(out.data, "3 reparsed"));
    assert_int_equal(run(&out, "report --format json -o -"), 0);
    json_error_t err;
    json_t *r = json_loads(out.data, 0, &err);
    assert_non_null(r);
    json_t *ws = json_object_get(r, "warnings");
    int found = 0;
    for (size_t i = 0; i < json_array_size(ws); i++) {
        json_t *w = json_array_get(ws, i);
        const char *msg = json_string_value(json_object_get(w, "message"));
        const char *src = json_string_value(json_object_get(w, "source"));
        found |= json_integer_value(json_object_get(w, "line")) == 37 && msg &&
                 src && strstr(src, "bidir.txt") &&
                 strstr(msg, "numbers not read: 59.7");
    }
    json_decref(r);
    assert_true(found);
    bdb_buf_free(&out);
}

/* reparse --all re-reads sources in batches, each source a savepoint: one
 * whose stored bytes cannot be read, or that fails after its results were
 * deleted, fails alone and keeps its results; the others in the same
 * batch are re-read and committed. */
static void cli__reparse_all_with_a_damaged_source__the_rest_are_reparsed(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/published/seed-published-figures.csv", "a-pub.csv");
    copy_sample("samples/ab/bin-keepalive-c4.txt", "b-ab.txt");
    copy_sample("samples/wrk/bin-latency-t2-c10.txt", "c-wrk.txt");
    char args[1800];
    snprintf(args, sizeof args, "import --platform local '%s/a-pub.csv' "
             "'%s/b-ab.txt' '%s/c-wrk.txt'", dir, dir, dir);
    assert_int_equal(run(&out, args), 0);
    assert_int_equal(run(&out, "list results --format csv"), 0);
    int before = count_lines_with(out.data, "\n");
    assert_true(before > 20);
    /* the ab source's kept bytes are damaged, and the wrk source is said
     * to be dd's: reading it fails after its old results were deleted, in
     * its savepoint */
    sqlite3 *sdb;
    assert_int_equal(sqlite3_open(db, &sdb), SQLITE_OK);
    assert_int_equal(sqlite3_exec(sdb, "UPDATE sources SET raw = x'00' WHERE "
                                  "path LIKE '%b-ab.txt'", NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_changes(sdb), 1);
    assert_int_equal(sqlite3_exec(sdb, "UPDATE sources SET options = "
                                  "'tool=dd' || char(10) WHERE path LIKE "
                                  "'%c-wrk.txt'", NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_changes(sdb), 1);
    sqlite3_close(sdb);
    assert_int_equal(run(&out, "reparse --all"), 1);
    assert_non_null(strstr(out.data, "1 reparsed, 0 unchanged, 2 failed"));
    assert_non_null(strstr(out.data, "reparsed "));
    assert_non_null(strstr(out.data, "a-pub.csv"));
    /* nothing was lost: the failed source kept its results, the others
     * have theirs again */
    assert_int_equal(run(&out, "list results --format csv"), 0);
    assert_int_equal(count_lines_with(out.data, "\n"), before);
    assert_non_null(strstr(out.data, "b-ab.txt"));
    assert_non_null(strstr(out.data, "c-wrk.txt"));
    bdb_buf_free(&out);
}

static void cli__report_chart_xlsx__write_their_files(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/published/seed-published-figures.csv", "pub.csv");
    char args[1400];
    snprintf(args, sizeof args, "import '%s/pub.csv'", dir);
    assert_int_equal(run(&out, args), 0);
    const char *sel = "--baseline x86-B --platforms x86-B,ARM-FT1500A";
    snprintf(args, sizeof args, "chart %s -o '%s/charts'", sel, dir);
    assert_int_equal(run(&out, args), 0);
    /* overview, scores, 4 dd, iperf, units to match the baseline */
    assert_non_null(strstr(out.data, "8 charts written to"));
    snprintf(args, sizeof args, "%s/charts/scores.png", dir);
    size_t len;
    FILE *f = fopen(args, "rb");
    assert_non_null(f);
    unsigned char magic[8];
    len = fread(magic, 1, 8, f);
    fclose(f);
    assert_int_equal(len, 8);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
    snprintf(args, sizeof args, "chart %s --format pdf -o '%s/c.pdf'", sel, dir);
    assert_int_equal(run(&out, args), 0);
    snprintf(args, sizeof args, "report %s --format xlsx -o '%s/r.xlsx'", sel, dir);
    assert_int_equal(run(&out, args), 0);
    snprintf(args, sizeof args, "%s/r.xlsx", dir);
    f = fopen(args, "rb");
    assert_non_null(f);
    len = fread(magic, 1, 2, f);
    fclose(f);
    assert_memory_equal(magic, "PK", 2);
    assert_int_equal(run(&out, "report --format xlsx"), 2);
    assert_int_equal(run(&out, "chart --format html"), 2);
    assert_int_equal(run(&out, "efficiency --format bogus"), 2);
    snprintf(args, sizeof args, "chart %s -o '%s/pub.csv/x'", sel, dir);
    assert_int_equal(run(&out, args), 1);
    assert_non_null(strstr(out.data, "pub.csv/x"));
    bdb_buf_free(&out);
}

static void cli__two_imports_at_once__both_succeed(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    copy_sample("samples/published/seed-published-figures.csv", "a.csv");
    const char *other = "platform,tool,benchmark,metric,value,unit\n"
                        "x86-A,tmpfs,tmpfs,read,3.5,GB/s\n";
    write_file("b.csv", other, strlen(other));
    char cmd[4000];
    snprintf(cmd, sizeof cmd,
             "'%s' --db '%s' import '%s/a.csv' >/dev/null 2>&1 & p=$!; "
             "'%s' --db '%s' import '%s/b.csv' >/dev/null 2>&1; b=$?; "
             "wait $p; a=$?; test $a -eq 0 -a $b -eq 0",
             BDB_BINARY, db, dir, BDB_BINARY, db, dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(run(&out, "list sources --format csv"), 0);
    assert_int_equal(count_lines_with(out.data, "\n") - 1, 2);
    bdb_buf_free(&out);
}

static void cli__help__lists_the_lifecycle_commands(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "--help"), 0);
    const char *cmds[] = {"forget", "source", "set", "log", "compare", "check",
                          "history"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char needle[32];
        snprintf(needle, sizeof needle, "\n  %s ", cmds[i]);
        assert_non_null(strstr(out.data, needle));
    }
    /* two imports in one second are two sets */
    copy_sample("samples/ab/html-c1.txt", "a.txt");
    copy_sample("samples/ab/html-c10.txt", "b.txt");
    char a[900], b[900];
    snprintf(a, sizeof a, "import '%s/a.txt'", dir);
    snprintf(b, sizeof b, "import '%s/b.txt'", dir);
    assert_int_equal(run(&out, a), 0);
    assert_int_equal(run(&out, b), 0);
    assert_int_equal(run(&out, "set list --format json"), 0);
    json_error_t e;
    json_t *j = json_loads(out.data, 0, &e);
    assert_non_null(j);
    assert_int_equal(json_array_size(j), 2);
    const char *s1 = json_string_value(json_object_get(json_array_get(j, 0), "set"));
    const char *s2 = json_string_value(json_object_get(json_array_get(j, 1), "set"));
    assert_string_not_equal(s1, s2);
    if (strncmp(s1, s2, strlen(s1)) == 0)   /* the same second */
        assert_string_equal(s2 + strlen(s1), "-2");
    json_decref(j);
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(cli__help_and_version__exit_zero, setup),
        cmocka_unit_test_setup(cli__import_folder_twice__second_run_adds_nothing, setup),
        cmocka_unit_test_setup(cli__bad_files_in_a_batch__reported_and_the_rest_imported, setup),
        cmocka_unit_test_setup(cli__platform_csv_with_bad_row__skips_it_with_line, setup),
        cmocka_unit_test_setup(cli__platforms_csv_among_logs__fills_platforms, setup),
        cmocka_unit_test_setup(cli__path_pattern__names_platform_and_params, setup),
        cmocka_unit_test_setup(cli__platform_template__seed000_tree_gives_two_comparable_platforms, setup),
        cmocka_unit_test_setup(cli__differently_named_files_in_one_series__warned_with_a_pattern, setup),
        cmocka_unit_test_setup(cli__limits__grow_or_fail_with_a_message, setup),
        cmocka_unit_test_setup(cli__summary_lines__imported_with_sections_and_ab_units, setup),
        cmocka_unit_test_setup(cli__folder_walk__loops_fifos_and_unreadable_folders, setup),
        cmocka_unit_test_setup(cli__hostile_names__neutralised_in_text_markdown_and_advice, setup),
        cmocka_unit_test_setup(cli__empty_db__refused_never_a_temporary_database, setup),
        cmocka_unit_test_setup(cli__import_into_one_file__stdout_and_warnings_stay_whole, setup),
        cmocka_unit_test_setup(cli__read_only_commands__never_create_and_read_read_only_files, setup),
        cmocka_unit_test_setup(cli__another_programs_database__refused_unless_adopted, setup),
        cmocka_unit_test_setup(cli__output_on_a_full_disk__previous_report_kept_whole, setup),
        cmocka_unit_test_setup(cli__malformed_database__reads_fail_loudly, setup),
        cmocka_unit_test_setup(cli__json_list_and_reparse__round_trip, setup),
        cmocka_unit_test_setup(cli__reparse_all_with_a_damaged_source__the_rest_are_reparsed, setup),
        cmocka_unit_test_setup(cli__report_chart_xlsx__write_their_files, setup),
        cmocka_unit_test_setup(cli__two_imports_at_once__both_succeed, setup),
        cmocka_unit_test_setup(cli__help__lists_the_lifecycle_commands, setup),
        cmocka_unit_test_setup(cli__import_and_reparse__warn_at_each_unread_line, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
