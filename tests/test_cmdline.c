/* test_cmdline.c - command lines found in captures and their options. */
#include "test_util.h"
#include "../ingest/cmdline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const dd_tools[] = {"dd", NULL};
static const char *const ab_tools[] = {"ab", NULL};

static int parse(const char *line, const char *const *tools, bdb_cmdline *c)
{
    return bdb_cmdline_parse_line(line, line + strlen(line), tools, c);
}

static void assert_argv(const bdb_cmdline *c, const char *const *want)
{
    int n = 0;
    while (want[n])
        n++;
    assert_int_equal(c->argc, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(c->argv[i], want[i]);
}

static void cmdline__prompts_and_wrappers__find_the_tool(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "$ dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "pi@raspberrypi:~ $ sudo dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "[root@centos7 ~]# time dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "root@host:/tmp# /bin/dd if=/dev/zero of=x bs=1M count=100 oflag=direct 2>&1 | tee log",
        "+ taskset -c 0 dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "\tCommand being timed: \"dd if=/dev/zero of=x bs=1M count=100 oflag=direct\"",
        "echo \"dd if=/dev/zero of=x bs=1M count=100 oflag=direct\"",
        "LC_ALL=C dd if=/dev/zero of=x bs=1M count=100 oflag=direct > out.txt",
        "/home # dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "pi@rpi /tmp $ dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "for i in 1 2 3; do dd if=/dev/zero of=x bs=1M count=100 oflag=direct; done",
        "timeout -s KILL 10 stdbuf -oL dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "\xe2\xaf\xaf\xe2\xaf\xaf dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "sudo -u bench nice -n 5 dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        /* a prompt glued to the command, as a copy lost its space */
        "$dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "#dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "user@host:~$time dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
        "[root@box ~]#sudo dd if=/dev/zero of=x bs=1M count=100 oflag=direct",
    };
    static const char *const want[] = {"dd", "if=/dev/zero", "of=x", "bs=1M",
                                       "count=100", "oflag=direct", NULL};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        bdb_cmdline c;
        if (parse(lines[i], dd_tools, &c) != 1)
            fail_msg("not found in: %s", lines[i]);
        assert_argv(&c, want);
        bdb_cmdline_free(&c);
    }
}

static void cmdline__prose_and_other_tools__are_not_commands(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "I ran dd if=/dev/zero of=x bs=1M",
        "100+0 records in",
        "$ add if=x",
        "copied with ddrescue",
        "",
        /* a glued "prompt" only before a tool or a wrapper */
        "$dd2 if=x",
        "#add if=x",
        "echo $dd if=x",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        bdb_cmdline c;
        assert_int_equal(parse(lines[i], dd_tools, &c), 0);
    }
}

static void cmdline__dollar_quote__escapes_decoded(void **state)
{
    (void)state;
    bdb_cmdline c;
    assert_int_equal(parse("/usr/bin/time -f $'%e\\n%M' gzip x",
                           (const char *const[]){"time", NULL}, &c), 1);
    static const char *const want[] = {"time", "-f", "%e\n%M", "gzip", "x", NULL};
    assert_argv(&c, want);
    bdb_cmdline_free(&c);
}

static void cmdline__echo_then_command__second_command_read(void **state)
{
    (void)state;
    bdb_cmdline c;
    assert_int_equal(parse("echo -n \"C=${C} : \"; ab -kc 10 -n 1000 "
                           "'http://127.0.0.1/a b' | grep \"Transfer rate:\"",
                           ab_tools, &c), 1);
    static const char *const want[] = {"ab", "-kc", "10", "-n", "1000",
                                       "http://127.0.0.1/a b", NULL};
    assert_argv(&c, want);
    bdb_cmdline_free(&c);
}

typedef struct seen {
    char text[512];
} seen;

static int record(const char *name, const char *value, void *ctx)
{
    seen *s = ctx;
    size_t n = strlen(s->text);
    snprintf(s->text + n, sizeof s->text - n, "[%s=%s]", name,
             value ? value : "(flag)");
    return 0;
}

static void cmdline__getopt__short_combined_and_long_forms(void **state)
{
    (void)state;
    bdb_cmdline c;
    assert_int_equal(parse("wrk -t4 -c 100 -d10s --latency --timeout=2s "
                           "-s x.lua --rate 500 http://127.0.0.1:8080/",
                           (const char *const[]){"wrk", NULL}, &c), 1);
    static const char *const longs[] = {"latency", "timeout:", "rate:", NULL};
    seen s = {""};
    assert_int_equal(bdb_cmdline_getopt(&c, "t:c:d:s:H:R:", longs, record, &s), 0);
    assert_string_equal(s.text, "[t=4][c=100][d=10s][latency=(flag)]"
                                "[timeout=2s][s=x.lua][rate=500]"
                                "[=http://127.0.0.1:8080/]");
    bdb_cmdline_free(&c);

    assert_int_equal(parse("ab -kc 10 -n1000 -- -x", ab_tools, &c), 1);
    seen t = {""};
    assert_int_equal(bdb_cmdline_getopt(&c, "n:c:kH:", NULL, record, &t), 0);
    assert_string_equal(t.text, "[k=(flag)][c=10][n=1000][=-x]");
    bdb_cmdline_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cmdline__prompts_and_wrappers__find_the_tool),
        cmocka_unit_test(cmdline__prose_and_other_tools__are_not_commands),
        cmocka_unit_test(cmdline__echo_then_command__second_command_read),
        cmocka_unit_test(cmdline__dollar_quote__escapes_decoded),
        cmocka_unit_test(cmdline__getopt__short_combined_and_long_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
