/* test_options.c - the option tables against what the program does: every
 * option of every command (and of each of its words) is in its --help,
 * is accepted, and reaches a handler; an option no table holds is refused
 * before any database is opened; the help's prose names only options the
 * command has; completion and the manual page hold every option. */
#include "test_util.h"
#include "cli.h"
#include "../common/bdb_platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[512];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "%s", tu_tmpdir());
    return 0;
}

/* The words to type before an option of table: "platform add", or the
 * command alone. */
typedef struct place {
    const bdb_cmd *cmd;
    const char *sub;            /* NULL: the command's own table */
    const cli_option *table;
} place;

typedef void (*place_fn)(const place *p, void *ctx);

/* Calls fn for each command and each of its words with a table of its
 * own (list's words share the command's, so list is walked once with
 * "sources"). */
static void each_place(place_fn fn, void *ctx)
{
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    assert_true(n >= 17);
    for (size_t i = 0; i < n; i++) {
        const bdb_cmd *c = &cmds[i];
        if (!c->subs) {
            place p = {c, NULL, c->options};
            fn(&p, ctx);
            continue;
        }
        int shared = 0;
        for (const bdb_subcmd *s = c->subs; s->name; s++) {
            if (!s->options && shared++)
                continue;
            place p = {c, s->name, s->options ? s->options : c->options};
            fn(&p, ctx);
        }
    }
}

static void words(const place *p, char *out, size_t n)
{
    snprintf(out, n, "%s%s%s", p->cmd->name, p->sub ? " " : "",
             p->sub ? p->sub : "");
}

/* ---- every option is in the help ------------------------------------------ */

typedef struct help_ctx {
    const char *help;
    const char *where;
    size_t checked;
} help_ctx;

static int option_in_help(const cli_option *o, void *ctx_)
{
    help_ctx *ctx = ctx_;
    char want[160];
    snprintf(want, sizeof want, "--%s", o->name);
    if (!strstr(ctx->help, want))
        fail_msg("%s --help does not show %s", ctx->where, want);
    if (o->short_name) {
        snprintf(want, sizeof want, "-%c, --%s", o->short_name, o->name);
        if (!strstr(ctx->help, want))
            fail_msg("%s --help does not show '%s'", ctx->where, want);
    }
    if (!(o->flags & CLI_OPT_ALIAS) && (!o->help || !*o->help))
        fail_msg("%s --%s has no help line", ctx->where, o->name);
    ctx->checked++;
    return 0;
}

static void help_holds_table(const place *p, void *ctx_)
{
    size_t *total = ctx_;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "%s --help", p->cmd->name), 0);
    char where[64];
    words(p, where, sizeof where);
    help_ctx ctx = {out.data, where, 0};
    cli_options_each(p->table, option_in_help, &ctx);
    *total += ctx.checked;
    bdb_buf_free(&out);
}

static void options__every_option_of_every_command__is_in_its_help(void **state)
{
    (void)state;
    size_t total = 0;
    each_place(help_holds_table, &total);
    assert_true(total >= 120);  /* the tables are not empty */
}

/* ---- every option is accepted and handled --------------------------------- */

/* An argument the option's parser takes as one (it may still refuse its
 * value): a choice, K=V, a path under the test's folder, or 1. */
static void sample_arg(const cli_option *o, char *out, size_t n)
{
    const char *a = o->arg;
    if (strchr(a, '=')) {
        snprintf(out, n, "k=v");
    } else if (strstr(a, "FILE") || strstr(a, "DIR") || strstr(a, "LOCATION")) {
        snprintf(out, n, "'%s/out-%s'", dir, o->name);
    } else if (strpbrk(a, "abcdefghijklmnopqrstuvwxyz")) {
        size_t k = strcspn(a, "|");
        snprintf(out, n, "%.*s", (int)k, a);
    } else {
        snprintf(out, n, "1");
    }
}

typedef struct accept_ctx {
    const place *p;
    const char *db;
} accept_ctx;

static int option_accepted(const cli_option *o, void *ctx_)
{
    accept_ctx *ctx = ctx_;
    char w[64], arg[700] = "";
    words(ctx->p, w, sizeof w);
    if (o->arg)
        sample_arg(o, arg, sizeof arg);
    bdb_buf out;
    bdb_buf_init(&out);
    /* serve would serve until stopped: a stray argument after the
     * option makes it stop at usage, once the option was handled */
    const char *stop = strcmp(ctx->p->cmd->name, "serve") == 0 ? " stray" : "";
    int rc = tu_run(&out, "--db '%s' %s --%s %s%s </dev/null", ctx->db, w,
                    o->name, arg, stop);
    const char *text = out.data ? out.data : "";
    if (strstr(text, "unknown option") || strstr(text, "has no handler") ||
        strstr(text, "needs an argument") || strstr(text, "takes no argument"))
        fail_msg("benchdb %s --%s %s: %s", w, o->name, arg, text);
    assert_true(rc < 128);  /* no crash */
    bdb_buf_free(&out);
    return 0;
}

static void table_accepted(const place *p, void *ctx_)
{
    accept_ctx ctx = {p, ctx_};
    cli_options_each(p->table, option_accepted, &ctx);
}

static void options__every_option__is_accepted_and_handled(void **state)
{
    (void)state;
    char db[700];
    snprintf(db, sizeof db, "%s/empty.sqlite", dir);
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    each_place(table_accepted, db);
}

/* ---- an option no table holds is refused ---------------------------------- */

static void refuses_unknown(const place *p, void *ctx)
{
    (void)ctx;
    char w[64], db[700];
    words(p, w, sizeof w);
    snprintf(db, sizeof db, "%s/never.sqlite", dir);
    bdb_buf out;
    bdb_buf_init(&out);
    int rc = tu_run(&out, "--db '%s' %s --no-such-option x </dev/null", db, w);
    if (rc != 2 || !strstr(out.data, "unknown option '--no-such-option'"))
        fail_msg("benchdb %s --no-such-option: exit %d: %s", w, rc, out.data);
    /* said once, and nothing was opened or made */
    const char *first = strstr(out.data, "unknown option");
    assert_null(strstr(first + 1, "unknown option"));
    struct stat sb;
    if (stat(db, &sb) == 0)
        fail_msg("benchdb %s --no-such-option made %s", w, db);
    bdb_buf_free(&out);
}

static void options__unknown_option__refused_before_the_database(void **state)
{
    (void)state;
    each_place(refuses_unknown, NULL);
    bdb_buf out;
    bdb_buf_init(&out);
    char db[700];
    snprintf(db, sizeof db, "%s/never.sqlite", dir);
    /* a typo of a command's option: the nearest one, once */
    assert_int_equal(tu_run(&out, "--db '%s' report --formt html", db), 2);
    assert_non_null(strstr(out.data, "did you mean '--format'?"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' platform ad x", db), 2);
    assert_non_null(strstr(out.data, "did you mean 'platform add'?"));
    struct stat sb;
    assert_int_not_equal(stat(db, &sb), 0);
    bdb_buf_free(&out);
}

/* ---- the help's prose names only the command's options -------------------- */

typedef struct names_ctx {
    char **v;
    size_t n;
} names_ctx;

static int add_name(const cli_option *o, void *ctx_)
{
    names_ctx *ctx = ctx_;
    ctx->v = realloc(ctx->v, (ctx->n + 1) * sizeof *ctx->v);
    assert_non_null(ctx->v);
    ctx->v[ctx->n++] = (char *)o->name;
    return 0;
}

static int is_command(const char *word, size_t len)
{
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    for (size_t i = 0; i < n; i++)
        if (strlen(cmds[i].name) == len && strncmp(cmds[i].name, word, len) == 0)
            return 1;
    return 0;
}

/* Every "--word" of text is one of names, or follows a command's name
 * ("benchdb import --set": another command's option). */
static void prose_names_own_options(const bdb_cmd *c, const char *text,
                                    const names_ctx *names)
{
    for (const char *p = text; (p = strstr(p, "--")); p += 2) {
        const char *w = p + 2;
        size_t len = strspn(w, "abcdefghijklmnopqrstuvwxyz-");
        if (!len)
            continue;
        /* the global options (--db, --db-password-file, --help ...) go
         * before any command */
        int ok = 0;
        for (const cli_option *g = cli_global_options; g->name && !ok; g++)
            ok = strlen(g->name) == len && strncmp(g->name, w, len) == 0;
        for (size_t i = 0; i < names->n && !ok; i++)
            ok = strlen(names->v[i]) == len && strncmp(names->v[i], w, len) == 0;
        /* the word before, without punctuation */
        const char *e = p;
        while (e > text && e[-1] == ' ')
            e--;
        const char *b = e;
        while (b > text && b[-1] != ' ' && b[-1] != '\n' && b[-1] != '(')
            b--;
        ok = ok || is_command(b, (size_t)(e - b));
        if (!ok)
            fail_msg("'benchdb %s --help' speaks of --%.*s, which %s does not "
                     "take", c->name, (int)len, w, c->name);
    }
}

static void options__help_prose__names_only_options_the_command_takes(void **state)
{
    (void)state;
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    for (size_t i = 0; i < n; i++) {
        const bdb_cmd *c = &cmds[i];
        names_ctx names = {0};
        cli_options_each(c->options, add_name, &names);
        for (const bdb_subcmd *s = c->subs; s && s->name; s++)
            cli_options_each(s->options, add_name, &names);
        prose_names_own_options(c, c->usage, &names);
        if (c->more)
            prose_names_own_options(c, c->more, &names);
        free(names.v);
    }
}

/* ---- platform add has an option per field --------------------------------- */

static void options__platform_add__has_an_option_per_platform_field(void **state)
{
    (void)state;
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    const bdb_subcmd *add = cli_subcmd_find(cli_command_find("platform"), "add");
    assert_non_null(add);
    for (size_t i = 0; i < nf; i++) {
        if (strcmp(f[i].name, "name") == 0)
            continue;
        char want[64];
        snprintf(want, sizeof want, "%s", f[i].name);
        for (char *q = want; *q; q++)
            if (*q == '_')
                *q = '-';
        int found = 0;
        for (const cli_option *o = add->options; o->name && !found; o++)
            found = strcmp(o->name, want) == 0;
        if (!found)
            fail_msg("platform add has no --%s for the field %s", want,
                     f[i].name);
    }
}

/* ---- completion and the manual page --------------------------------------- */

typedef struct doc_ctx {
    const char *text;
    const char *what;
    int roff;
} doc_ctx;

static int option_in_doc(const cli_option *o, void *ctx_)
{
    doc_ctx *ctx = ctx_;
    char want[200];
    if (ctx->roff) {
        char *w = want + snprintf(want, sizeof want, "\\-\\-");
        for (const char *q = o->name; *q && w < want + sizeof want - 3; q++)
            w += *q == '-' ? snprintf(w, 3, "\\-") : snprintf(w, 2, "%c", *q);
    } else {
        snprintf(want, sizeof want, " --%s ", o->name);
    }
    if (!strstr(ctx->text, want))
        fail_msg("%s lacks %s", ctx->what, want);
    return 0;
}

static void doc_holds_table(const place *p, void *ctx)
{
    cli_options_each(p->table, option_in_doc, ctx);
}

static void options__completion_and_man__hold_every_option(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    assert_int_equal(tu_run(&out, "completion bash"), 0);
    doc_ctx ctx = {out.data, "benchdb completion bash", 0};
    each_place(doc_holds_table, &ctx);
    assert_non_null(strstr(out.data, "complete -o filenames -F _benchdb benchdb"));
    /* the choices of --format complete */
    assert_non_null(strstr(out.data, "'text md html csv json xlsx pdf'"));
    char script[700];
    snprintf(script, sizeof script, "%s/benchdb.bash", dir);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    fwrite(out.data, 1, out.len, f);
    fclose(f);
    char cmd[1600];
    snprintf(cmd, sizeof cmd, "bash -n '%s'", script);
    assert_int_equal(system(cmd), 0);
    /* it completes: the words of platform, the options of report */
    snprintf(cmd, sizeof cmd,
             "bash -c 'source \"%s\"; COMP_WORDS=(benchdb platform \"\"); "
             "COMP_CWORD=2; _benchdb; [ \"${COMPREPLY[*]}\" = \"add list show "
             "import rename merge delete\" ]'", script);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "bash -c 'source \"%s\"; COMP_WORDS=(benchdb report --form); "
             "COMP_CWORD=2; _benchdb; [ \"${COMPREPLY[*]}\" = --format ]'",
             script);
    assert_int_equal(system(cmd), 0);

    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "man"), 0);
    assert_non_null(strstr(out.data, ".TH BENCHDB 1"));
    size_t n;
    const bdb_cmd *cmds = cli_commands(&n);
    for (size_t i = 0; i < n; i++) {
        char want[64];
        snprintf(want, sizeof want, ".SS %s\n", cmds[i].name);
        if (!strstr(out.data, want))
            fail_msg("benchdb man has no section for %s", cmds[i].name);
    }
    doc_ctx man = {out.data, "benchdb man", 1};
    each_place(doc_holds_table, &man);
    bdb_buf_free(&out);
}

/* ---- messages and exit codes ------------------------------------------------ */

static void messages__empty_database_missing_paths_and_bad_values(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char db[700];
    snprintf(db, sizeof db, "%s/m.sqlite", dir);
    /* a path that does not exist makes no database */
    assert_int_equal(tu_run(&out, "--db '%s' import '%s/no/such/logs'", db, dir), 1);
    struct stat sb;
    assert_int_not_equal(stat(db, &sb), 0);
    /* an empty database: the command's own name, and import first */
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    static const char *const cmds[] = {"report", "chart", "efficiency"};
    for (size_t i = 0; i < 3; i++) {
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s", db, cmds[i]), 1);
        char want[64];
        snprintf(want, sizeof want, "benchdb %s: ", cmds[i]);
        assert_non_null(strstr(out.data, want));
        assert_non_null(strstr(out.data, "import logs first"));
        assert_null(strstr(out.data, "<input>"));
    }
    /* platform values: refused with what is wanted */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' platform add p --price-usd -5", db), 2);
    assert_non_null(strstr(out.data, "price_usd wants a number above 0"));
    assert_int_equal(tu_run(NULL, "--db '%s' platform add p --cores 2.5", db), 2);
    assert_int_equal(tu_run(NULL, "--db '%s' platform add p --power-w 0", db), 2);
    assert_int_equal(tu_run(NULL, "--db '%s' platform add p --cores 4", db), 0);
    /* unknown names exit 2 with the known ones */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' platform show q", db), 2);
    assert_non_null(strstr(out.data, "known: p"));
    assert_int_equal(tu_run(NULL, "--db '%s' set tag nope k=v", db), 2);
    /* forget without a terminal counts what it lists */
    char log[700];
    snprintf(log, sizeof log, "%s/pub.csv", dir);
    size_t len;
    char *pub = tu_read("samples/published/seed-published-figures.csv", &len);
    FILE *f = fopen(log, "wb");
    assert_non_null(f);
    fwrite(pub, 1, len, f);
    fclose(f);
    free(pub);
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import '%s'", db, log), 0);
    assert_non_null(strstr(out.data, "1 imported (19 results, 0 warnings)"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' forget '%s' </dev/null", db, log), 2);
    assert_non_null(strstr(out.data, "forget this 1 source"));
    /* --replace: the figures are the replaced file's */
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' import --replace '%s'", db, log), 0);
    assert_non_null(strstr(out.data, "0 imported, 1 replaced (19 results"));
    char said[1100];
    snprintf(said, sizeof said, "replaced %s: ", log);
    assert_non_null(strstr(out.data, said));
    assert_null(strstr(out.data, "imported /"));
    bdb_buf_free(&out);
}

/* The statistics and selection options mean one thing in every command
 * that takes them: the same refusal, exit 2, and a good value taken. */
static void messages__statistics_and_selection_values__one_refusal_each(void **state)
{
    (void)state;
    bdb_buf out;
    bdb_buf_init(&out);
    char db[700];
    snprintf(db, sizeof db, "%s/s.sqlite", dir);
    assert_int_equal(tu_run(NULL, "--db '%s' init", db), 0);
    static const char *const alpha[] = {"compare a b", "check", "history"};
    static const char *const bad_alpha[] = {"0", "1", "-0.1", "x", "0.05x"};
    for (size_t i = 0; i < 3; i++) {
        for (size_t k = 0; k < 5; k++) {
            bdb_buf_reset(&out);
            assert_int_equal(tu_run(&out, "--db '%s' %s --alpha %s", db,
                                    alpha[i], bad_alpha[k]), 2);
            assert_non_null(strstr(out.data,
                                   "--alpha wants a number between 0 and 1"));
        }
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s --threshold 5x%%", db,
                                alpha[i]), 2);
        assert_non_null(strstr(out.data, "--threshold wants 5% or 0.05"));
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s --tag novalue", db,
                                alpha[i]), 2);
        assert_non_null(strstr(out.data, "--tag wants K=V, not 'novalue'"));
        /* a good value is taken: what follows is about the database */
        bdb_buf_reset(&out);
        tu_run(&out, "--db '%s' %s --alpha 0.01 --threshold 5%%", db,
               alpha[i]);
        assert_null(strstr(out.data, "wants"));
    }
    /* the two verdicts' own: the correction and the bootstrap's seed */
    for (size_t i = 0; i < 2; i++) {
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s --correction bonferroni",
                                db, alpha[i]), 2);
        assert_non_null(strstr(out.data, "--correction takes holm or bh"));
        bdb_buf_reset(&out);
        assert_int_equal(tu_run(&out, "--db '%s' %s --seed -1", db, alpha[i]),
                         2);
        assert_non_null(strstr(out.data, "--seed wants a whole number"));
        bdb_buf_reset(&out);
        tu_run(&out, "--db '%s' %s --correction bh --seed 7", db, alpha[i]);
        assert_null(strstr(out.data, "wants"));
        assert_null(strstr(out.data, "takes holm"));
    }
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' report --threshold -1", db), 2);
    assert_non_null(strstr(out.data, "--threshold wants 5% or 0.05"));
    bdb_buf_reset(&out);
    assert_int_equal(tu_run(&out, "--db '%s' traces --param x", db), 2);
    assert_non_null(strstr(out.data, "--param wants K=V, not 'x'"));
    bdb_buf_free(&out);
}

/* A database that cannot be written gives one error for the batch. As
 * root nothing is read-only: run as nobody then. */
static void messages__read_only_database__one_error_for_a_batch(void **state)
{
    (void)state;
    char ro[700], cmd[4000];
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(cmd, sizeof cmd, "chmod 755 '%s' && mkdir -p '%s' && chmod 777 '%s'",
             dir, ro, ro);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(tu_run(NULL, "--db '%s/b.sqlite' init", ro), 0);
    const char *as = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 "
                                      "--clear-groups " : "";
    snprintf(cmd, sizeof cmd, "chmod 444 '%s/b.sqlite' && %s'%s' --db "
             "'%s/b.sqlite' import '%s/samples/dd' 2>&1", ro, as, BDB_BINARY,
             ro, BDB_SOURCE_DIR);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    bdb_buf out;
    bdb_buf_init(&out);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        bdb_buf_append(&out, buf, n);
    pclose(p);
    size_t errors = 0;
    for (const char *q = out.data; q && (q = strstr(q, "readonly")); q++)
        errors++;
    if (errors != 1)
        fail_msg("%zu errors for a read-only database: %s", errors, out.data);
    assert_non_null(strstr(out.data, "nothing imported"));
    bdb_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(options__every_option_of_every_command__is_in_its_help, setup),
        cmocka_unit_test_setup(options__every_option__is_accepted_and_handled, setup),
        cmocka_unit_test_setup(options__unknown_option__refused_before_the_database, setup),
        cmocka_unit_test_setup(messages__statistics_and_selection_values__one_refusal_each, setup),
        cmocka_unit_test_setup(options__help_prose__names_only_options_the_command_takes, setup),
        cmocka_unit_test_setup(options__platform_add__has_an_option_per_platform_field, setup),
        cmocka_unit_test_setup(options__completion_and_man__hold_every_option, setup),
        cmocka_unit_test_setup(messages__empty_database_missing_paths_and_bad_values, setup),
        cmocka_unit_test_setup(messages__read_only_database__one_error_for_a_batch, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
