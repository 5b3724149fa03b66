/* cmd_platform.c - `benchdb platform add|list|show|import|rename|merge|
 * delete`. Renames, merges and deletes are one transaction each, recorded
 * in the history. */
#include "cli.h"
#include "lifecycle.h"
#include "table_out.h"
#include "../common/bdb_buf.h"
#include "../common/bdb_platform.h"
#include "../ingest/platform_csv.h"
#include "../store/store.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* Every column, option and cell below comes from the platform field
 * table (common/bdb_platform.c): a new field appears here by itself. */

static void fmt_num(char *out, size_t n, double v)
{
    if (isnan(v))
        out[0] = '\0';
    else
        snprintf(out, n, "%.10g", v);
}

/* Field f of p as text, into out (numbers "%.10g", unknown ""). */
static const char *field_text(const bdb_platform *p,
                              const bdb_platform_field *f, char *out, size_t n)
{
    const char *at = (const char *)p + f->offset;
    if (!f->is_number)
        return at;
    double v;
    memcpy(&v, at, sizeof v);
    fmt_num(out, n, v);
    return out;
}

#define MAX_FIELDS 64

enum { O_FIELD = 1, O_WITH_RESULTS };

/* One option per field of the platform but its name: --freq-mhz sets
 * freq_mhz (a test holds this table to the field table). */
const cli_option cli_platform_add_options[] = {
    {"arch", 0, "A", "architecture (x86_64, aarch64, armv7l, e2k, ...;\n"
     "arm64 and amd64 are made canonical)", O_FIELD, 0, NULL},
    {"cpu", 0, "MODEL", "the CPU model", O_FIELD, 0, NULL},
    {"cores", 0, "N", "physical cores (a whole number)", O_FIELD, 0, NULL},
    {"threads", 0, "N", "hardware threads (a whole number)", O_FIELD, 0, NULL},
    {"freq-mhz", 0, "F", "clock in MHz", O_FIELD, 0, NULL},
    {"memory-gb", 0, "G", "memory in GB", O_FIELD, 0, NULL},
    {"os", 0, "OS", "operating system", O_FIELD, 0, NULL},
    {"kernel", 0, "K", "kernel version", O_FIELD, 0, NULL},
    {"price-usd", 0, "P", "purchase price (USD unless --price-currency)",
     O_FIELD, 0, NULL},
    {"power-w", 0, "W", "power drawn under load, in watts", O_FIELD, 0, NULL},
    {"idle-power-w", 0, "W", "power drawn when idle, in watts", O_FIELD, 0,
     NULL},
    {"rent-usd-month", 0, "R", "rent per month (a cloud or hosted machine)",
     O_FIELD, 0, NULL},
    {"rent-usd-hour", 0, "R", "rent per hour", O_FIELD, 0, NULL},
    {"price-currency", 0, "C", "the currency of the price", O_FIELD, 0, NULL},
    {"price-date", 0, "D", "when the price was quoted", O_FIELD, 0, NULL},
    {"price-source", 0, "TEXT", "where the price comes from", O_FIELD, 0,
     NULL},
    {"notes", 0, "TEXT", "anything else", O_FIELD, 0, NULL},
    CLI_OPT_END};

const cli_option cli_platform_delete_options[] = {
    {"with-results", 0, NULL, "delete its results too (else refused while\n"
     "results use it)", O_WITH_RESULTS, 0, NULL},
    CLI_OPT_END};

static int platform_add(int argc, char **argv, bdb_cli *cli)
{
    int c;
    cli_opts g;
    cli_opts_init(&g, cli, cli_platform_add_options, argc, argv, 1);
    bdb_platform p;
    bdb_platform_clear(&p);
    while ((c = cli_opts_next(&g)) > 0) {
        char name[40], why[200];
        snprintf(name, sizeof name, "%s", g.opt->name);
        for (char *q = name; *q; q++)
            if (*q == '-')
                *q = '_';
        const bdb_platform_field *f = bdb_platform_field_find(name);
        if (c != O_FIELD || !f)
            return cli_opts_unhandled(&g);
        if (bdb_platform_field_set(&p, f, g.arg, why, sizeof why))
            return cli_usage_error(cli, "--%s: %s", g.opt->name, why);
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    if (g.ind != argc - 1)
        return cli_usage_error(cli, "platform add takes one NAME");
    char why[200];
    if (bdb_platform_field_set(&p, bdb_platform_field_find("name"),
                               argv[g.ind], why, sizeof why))
        return cli_usage_error(cli, "platform %s", why);
    if (bdb_store_batch_begin(cli->store, 0))
        return cli_error("%s", bdb_store_errmsg(cli->store));
    int rc = bdb_store_platform_put(cli->store, &p, 1);
    if (!rc)
        rc = cli_record(cli, "platform '%s' saved", p.name);
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    if (rc)
        return cli_error("%s", bdb_store_errmsg(cli->store));
    cli_line(stdout, "platform %s saved\n", p.name);
    return BDB_EXIT_OK;
}

typedef struct platform_cols {
    const char *names[MAX_FIELDS];
    unsigned char numeric[MAX_FIELDS];
    int n;
} platform_cols;

static void platform_cols_init(platform_cols *pc)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    pc->n = 0;
    for (size_t i = 0; i < nf && i < MAX_FIELDS; i++) {
        pc->names[pc->n] = f[i].name;
        pc->numeric[pc->n++] = (unsigned char)f[i].is_number;
    }
}

static int add_platform_row(const bdb_platform *p, void *ctx)
{
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    char nums[MAX_FIELDS][32];
    const char *cells[MAX_FIELDS];
    for (size_t i = 0; i < nf && i < MAX_FIELDS; i++)
        cells[i] = field_text(p, &f[i], nums[i], sizeof nums[i]);
    /* a failure is kept in the rowset (err), which then refuses to print
     * a list cut short */
    return bdb_rowset_add(ctx, cells);
}

static int platform_list(int argc, char **argv, bdb_cli *cli)
{
    cli_table_args ta;
    int st = cli_table_args_parse(cli, cli_table_options, argc, argv, 1, &ta);
    if (st)
        return st;
    if (ta.first != argc)
        return cli_usage_error(cli, "unexpected argument '%s'", argv[ta.first]);
    platform_cols pc;
    platform_cols_init(&pc);
    bdb_rowset rs;
    bdb_rowset_init(&rs, pc.n, pc.names, pc.numeric);
    int rc = bdb_store_platform_each(cli->store, add_platform_row, &rs);
    if (rc) {
        bdb_rowset_free(&rs);
        return cli_error("%s", bdb_store_errmsg(cli->store));
    }
    int bad = rs.err;
    int prc = bad ? -1 : cli_table_print(&rs, &ta, stdout);
    bdb_rowset_free(&rs);
    if (bad)
        return cli_error("out of memory listing platforms");
    return prc ? cli_error("cannot write the platform list")
               : BDB_EXIT_OK;
}

/* An unknown name is a usage error (exit 2), said once with the known
 * names and the nearest ("no platform named 'x86a'; known: ..."). */
static int unknown_platform(bdb_cli *cli, const char *a, const char *b)
{
    cli_sel s = {0};
    s.f.platforms = a;
    int st = cli_sel_check(cli, &s);
    if (!st && b) {
        s.f.platforms = b;
        st = cli_sel_check(cli, &s);
    }
    if (!st)    /* both are known: the store's own words */
        return cli_error("%s", bdb_store_errmsg(cli->store));
    return BDB_EXIT_USAGE;
}

static int platform_show(int argc, char **argv, bdb_cli *cli)
{
    cli_table_args ta;
    int st = cli_table_args_parse(cli, cli_table_options, argc, argv, 1, &ta);
    if (st)
        return st;
    if (argc - ta.first != 1)
        return cli_usage_error(cli, "platform show takes one NAME");
    bdb_platform p;
    const char *name = argv[ta.first];
    int rc = bdb_store_platform_get(cli->store, name, &p);
    if (rc == BDB_ENOTFOUND)
        return unknown_platform(cli, name, NULL);
    if (rc)
        return cli_error("%s", bdb_store_errmsg(cli->store));
    size_t nf;
    const bdb_platform_field *f = bdb_platform_fields(&nf);
    const char *names[MAX_FIELDS], *values[MAX_FIELDS];
    char nums[MAX_FIELDS][32];
    for (size_t i = 0; i < nf && i < MAX_FIELDS; i++) {
        names[i] = f[i].name;
        values[i] = field_text(&p, &f[i], nums[i], sizeof nums[i]);
    }
    if (cli_fields_print(names, values, nf < MAX_FIELDS ? nf : MAX_FIELDS, &ta,
                         stdout))
        return cli_error("cannot print the platform");
    return BDB_EXIT_OK;
}

typedef struct csv_ctx {
    bdb_cli *cli;
    const char *file;
    int saved, bad;
} csv_ctx;

static int csv_row(const bdb_platform *p, int line, void *ctx)
{
    csv_ctx *c = ctx;
    if (bdb_store_platform_put(c->cli->store, p, 1)) {
        cli_line(stderr, "benchdb: %s:%d: %s\n", c->file, line,
                bdb_store_errmsg(c->cli->store));
        c->bad++;
    } else {
        c->saved++;
    }
    return 0;
}

static int csv_bad(int line, const char *why, void *ctx)
{
    csv_ctx *c = ctx;
    cli_line(stderr, "benchdb: %s:%d: %s; row skipped\n", c->file, line, why);
    c->bad++;
    return 0;
}

static int platform_import(int argc, char **argv, bdb_cli *cli)
{
    cli_opts g;
    cli_opts_init(&g, cli, cli_no_options, argc, argv, 1);
    int c = cli_opts_next(&g);
    if (c)
        return c < 0 ? BDB_EXIT_USAGE : cli_opts_unhandled(&g);
    if (argc < 2)
        return cli_usage_error(cli, "platform import takes CSV files");
    int status = BDB_EXIT_OK;
    for (int i = 1; i < argc; i++) {
        bdb_buf b;
        char msg[256];
        bdb_buf_init(&b);
        if (bdb_buf_read_file(&b, argv[i], msg, sizeof msg)) {
            cli_error("%s: %s", argv[i], msg);
            status = BDB_EXIT_FAILED;
            continue;
        }
        csv_ctx ctx = {cli, argv[i], 0, 0};
        bdb_diag d;
        bdb_diag_clear(&d);
        if (bdb_platform_csv_read(b.data, b.len, csv_row, csv_bad, &ctx, &d)) {
            bdb_diag_set_file(&d, argv[i]);
            cli_print_diag("", &d);
            status = BDB_EXIT_FAILED;
        }
        if (ctx.bad)
            status = BDB_EXIT_FAILED;
        printf("%s: %d platform%s saved, %d row%s skipped\n", argv[i],
               ctx.saved, cli_s(ctx.saved), ctx.bad, cli_s(ctx.bad));
        if (ctx.saved && cli_record(cli, "%s: %d platforms saved", argv[i],
                                    ctx.saved))
            cli_error("could not record the change in the history: %s",
                      bdb_store_errmsg(cli->store));
        bdb_buf_free(&b);
    }
    return status;
}

/* One change and its history row in one transaction. */
static int platform_change(bdb_cli *cli, int op, const char *a, const char *b,
                           int with_results)
{
    long long ns = 0, nr = 0;
    if (bdb_store_batch_begin(cli->store, 0))
        return cli_error("%s", bdb_store_errmsg(cli->store));
    int rc;
    char done[512];
    if (op == 'r') {
        rc = bdb_store_platform_rename(cli->store, a, b);
        snprintf(done, sizeof done, "platform '%s' renamed to '%s'", a, b);
    } else if (op == 'm') {
        rc = bdb_store_platform_usage(cli->store, a, &ns, &nr);
        if (!rc)
            rc = bdb_store_platform_merge(cli->store, a, b);
        snprintf(done, sizeof done, "platform '%s' merged into '%s' (%lld "
                 "sources, %lld results moved)", a, b, ns, nr);
    } else {
        rc = bdb_store_platform_usage(cli->store, a, &ns, &nr);
        if (!rc)
            rc = bdb_store_platform_delete(cli->store, a, with_results);
        snprintf(done, sizeof done, "platform '%s' deleted%s", a,
                 with_results ? " with its results" : "");
        if (with_results && !rc) {
            size_t len = strlen(done);
            snprintf(done + len, sizeof done - len, " (%lld results)", nr);
        }
    }
    if (!rc)
        rc = cli_record(cli, "%s", done);
    if (!rc)
        rc = bdb_store_batch_end(cli->store, 1);
    else
        bdb_store_batch_end(cli->store, 0);
    if (rc == BDB_ENOTFOUND)
        return unknown_platform(cli, a, b);
    if (rc)
        return cli_error("%s", bdb_store_errmsg(cli->store));
    cli_line(stdout, "%s\n", done);
    return BDB_EXIT_OK;
}

int cmd_platform(int argc, char **argv, bdb_cli *cli)
{
    if (argc < 2)
        return cli_usage_error(cli, "platform needs add, list, show, import, "
                                    "rename, merge or delete");
    const char *verb = argv[1];
    if (strcmp(verb, "rename") == 0 || strcmp(verb, "merge") == 0) {
        cli_opts g;
        cli_opts_init(&g, cli, cli_no_options, argc, argv, 2);
        int c = cli_opts_next(&g);
        if (c)
            return c < 0 ? BDB_EXIT_USAGE : cli_opts_unhandled(&g);
    }
    if (strcmp(verb, "rename") == 0) {
        if (argc != 4)
            return cli_usage_error(cli, "platform rename takes OLD NEW");
        if (strlen(argv[3]) >= sizeof ((bdb_platform *)0)->name)
            return cli_usage_error(cli, "platform name '%.40s...' is too long",
                                   argv[3]);
        return platform_change(cli, 'r', argv[2], argv[3], 0);
    }
    if (strcmp(verb, "merge") == 0) {
        if (argc != 5 || strcasecmp(argv[3], "into") != 0)
            return cli_usage_error(cli, "platform merge takes A INTO B");
        return platform_change(cli, 'm', argv[2], argv[4], 0);
    }
    if (strcmp(verb, "delete") == 0) {
        int with = 0, c;
        cli_opts g;
        cli_opts_init(&g, cli, cli_platform_delete_options, argc, argv, 2);
        while ((c = cli_opts_next(&g)) > 0) {
            if (c != O_WITH_RESULTS)
                return cli_opts_unhandled(&g);
            with = 1;
        }
        if (c < 0)
            return BDB_EXIT_USAGE;
        if (argc - g.ind != 1)
            return cli_usage_error(cli, "platform delete takes NAME "
                                        "[--with-results]");
        return platform_change(cli, 'd', argv[g.ind], NULL, with);
    }
    const char *sub = argv[1];
    if (strcmp(sub, "add") == 0)
        return platform_add(argc - 1, argv + 1, cli);
    if (strcmp(sub, "list") == 0)
        return platform_list(argc - 1, argv + 1, cli);
    if (strcmp(sub, "show") == 0)
        return platform_show(argc - 1, argv + 1, cli);
    if (strcmp(sub, "import") == 0)
        return platform_import(argc - 1, argv + 1, cli);
    return cli_unknown_subcmd(cli, sub);
}
