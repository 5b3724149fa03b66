/* table_out.c - the listing commands' tables, fitted to the terminal (see
 * table_out.h). */
#include "../common/bdb_neutral.h"
#include "table_out.h"
#include "../report/render/rtable.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

const cli_option cli_table_options[] = {
    {"format", 0, "table|csv|json", "table for people (the default), csv or\n"
     "json for scripts (every cell whole)", CLI_O_FORMAT, 0, NULL},
    {"width", 0, "N", "fit the table in N columns (default $COLUMNS,\n"
     "else the terminal's width; into a pipe or a\n"
     "file the cells are whole)", CLI_O_WIDTH, 0, NULL},
    CLI_OPT_END};

const cli_option cli_text_width_options[] = {
    {"width", 0, "N", "text: fit N columns (default $COLUMNS, else the\n"
     "terminal's width; into a pipe or a file, lines\n"
     "whole)", CLI_O_WIDTH, 0, NULL},
    CLI_OPT_END};

int cli_table_option(const bdb_cli *cli, cli_table_args *ta,
                     const cli_opts *g, int code)
{
    if (code == CLI_O_FORMAT) {
        ta->format = bdb_out_format_parse(g->arg);
        if (ta->format < 0)
            return cli_usage_error(cli, "--format takes table, csv or json, "
                                   "not '%s'", g->arg);
        return 1;
    }
    if (code == CLI_O_WIDTH) {
        long v;
        if (cli_parse_int(g->arg, &v) || v < 20 || v > 10000)
            return cli_usage_error(cli, "--width wants a whole number from 20 "
                                   "to 10000, not '%s'", g->arg);
        ta->width = (int)v;
        return 1;
    }
    return 0;
}

int cli_table_args_parse(bdb_cli *cli, const cli_option *table, int argc,
                         char **argv, int first, cli_table_args *ta)
{
    memset(ta, 0, sizeof *ta);
    cli_opts g;
    cli_opts_init(&g, cli, table, argc, argv, first);
    int c;
    while ((c = cli_opts_next(&g)) > 0) {
        int got = cli_table_option(cli, ta, &g, c);
        if (got == BDB_EXIT_USAGE)
            return got;
        if (!got)
            return cli_opts_unhandled(&g);
    }
    if (c < 0)
        return BDB_EXIT_USAGE;
    ta->first = g.ind;
    return 0;
}

int cli_output_width(int given)
{
    if (given > 0)
        return given;
    const char *c = getenv("COLUMNS");
    if (c && *c) {
        char *end;
        long v = strtol(c, &end, 10);
        if (*end == '\0' && v >= 20 && v <= 10000)
            return (int)v;
    }
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col >= 20)
        return ws.ws_col;
    return 0;
}

/* Code points, as the terminal table counts them. */
static size_t text_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

/* The byte offset of code point k of s (or its end). */
static size_t byte_at(const char *s, size_t k)
{
    size_t i = 0;
    for (; s[i] && k; k--)
        for (i++; s[i] && ((unsigned char)s[i] & 0xC0) == 0x80; i++)
            ;
    return i;
}

/* s cut to w code points, its middle replaced by an ellipsis: both the
 * start (a name's family) and the end (a path's file) stay. */
static char *elide(const char *s, size_t w)
{
    size_t n = text_width(s);
    if (n <= w || w < 2)
        return strdup(s);
    size_t head = (w - 1 + 1) / 2, tail = w - 1 - head;
    size_t hb = byte_at(s, head), tb = byte_at(s, n - tail);
    size_t len = strlen(s);
    char *out = malloc(hb + 3 + (len - tb) + 1);
    if (!out)
        return NULL;
    memcpy(out, s, hb);
    memcpy(out + hb, "\xe2\x80\xa6", 3);
    memcpy(out + hb + 3, s + tb, len - tb + 1);
    return out;
}

/* For a row's block, where a value wraps at spaces: a word longer than
 * the line is broken after its commas (a parameter list wraps there),
 * and a piece still too long is cut in the middle. */
static char *soften(const char *v, size_t avail)
{
    if (text_width(v) <= avail || avail < 8)
        return strdup(v);
    bdb_buf b;
    bdb_buf_init(&b);
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, " ,");
        if (p[n] == ',')
            n++;
        char *piece = strndup(p, n);
        char *cut = piece ? elide(piece, avail) : NULL;
        if (cut)
            bdb_buf_puts(&b, cut);
        else
            b.err = BDB_ENOMEM;
        free(piece);
        free(cut);
        p += n;
        if (*p == ' ' || (n && p[-1] == ','))
            bdb_buf_puts(&b, " ");
        while (*p == ' ')
            p++;
    }
    if (b.err) {
        bdb_buf_free(&b);
        return NULL;
    }
    return bdb_buf_detach(&b, NULL);
}

/* narrower, a cut cell says too little: one block per row instead */
enum { MIN_CELL = 16 };

/* Widths that fit: text columns capped at one level, the largest whose
 * total fits (numbers and columns narrower than the cap keep theirs).
 * Returns 0, or -1 when even the narrowest cap does not fit. */
static int fit_widths(const bdb_rowset *rs, size_t *w, size_t limit)
{
    size_t nc = (size_t)rs->ncols, fixed = 2 * (nc ? nc - 1 : 0), widest = 0;
    size_t natural[64];
    for (size_t c = 0; c < nc; c++) {
        natural[c] = text_width(rs->names[c]);
        for (size_t r = 0; r < rs->nrows; r++) {
            size_t x = text_width(rs->cells[r * nc + c]);
            if (x > natural[c])
                natural[c] = x;
        }
        if (natural[c] > widest)
            widest = natural[c];
        w[c] = natural[c];
    }
    for (size_t cap = widest; ; cap--) {
        size_t total = fixed;
        for (size_t c = 0; c < nc; c++) {
            int numeric = rs->numeric && rs->numeric[c];
            size_t floor = text_width(rs->names[c]);
            if (floor < MIN_CELL)
                floor = MIN_CELL;
            w[c] = natural[c];
            if (!numeric && w[c] > cap)
                w[c] = cap > floor ? cap : floor < natural[c] ? floor
                                                               : natural[c];
            total += w[c];
        }
        if (total <= limit)
            return 0;
        if (cap <= MIN_CELL)
            return -1;
    }
}

static int emit(bdb_buf *b, FILE *out)
{
    int rc = b->err ? -1 : 0;
    if (!rc && b->len && fwrite(b->data, 1, b->len, out) != b->len)
        rc = -1;
    bdb_buf_free(b);
    return rc || ferror(out) ? -1 : 0;
}

int cli_table_print(const bdb_rowset *rs, const cli_table_args *ta,
                    FILE *out)
{
    if (ta->format != BDB_FMT_TABLE || rs->err || rs->ncols > 64)
        return bdb_rowset_print(rs, (bdb_out_format)ta->format, out);
    size_t limit = (size_t)cli_output_width(ta->width);
    size_t nc = (size_t)rs->ncols, w[64];
    if (!limit || rs->nrows == 0)
        return bdb_rowset_print(rs, BDB_FMT_TABLE, out);
    bdb_rtable t;
    if (bdb_rtable_init(&t, nc))
        return -1;
    for (size_t c = 0; c < nc; c++)
        t.right[c] = rs->numeric && rs->numeric[c];
    int fits = fit_widths(rs, w, limit) == 0, cut = 0;
    /* a block's values start after the longest header (rtable.c) */
    size_t hw = 0;
    for (size_t c = 1; c < nc; c++)
        if (text_width(rs->names[c]) > hw)
            hw = text_width(rs->names[c]);
    size_t avail = limit > hw + 6 ? limit - hw - 6 : 0;
    int rc = bdb_rtable_add(&t, rs->names);
    char *cells[64];
    for (size_t r = 0; !rc && r < rs->nrows; r++) {
        for (size_t c = 0; c < nc; c++) {
            const char *v = rs->cells[r * nc + c];
            cells[c] = fits ? elide(v, w[c]) : soften(v, c ? avail : limit);
            if (!cells[c])
                rc = -1;
            else if (fits && strcmp(cells[c], v) != 0)
                cut = 1;
        }
        if (!rc)
            rc = bdb_rtable_add(&t, (const char *const *)cells);
        for (size_t c = 0; c < nc; c++)
            free(cells[c]);
    }
    bdb_buf b;
    bdb_buf_init(&b);
    /* too many columns to fit even cut: one block per row */
    if (!rc)
        rc = fits ? bdb_rtable_text(&t, &b, "")
                  : bdb_rtable_text_fit(&t, &b, "", limit);
    if (!rc && cut && limit >= 56)
        bdb_buf_printf(&b, "(\xe2\x80\xa6: cut to fit %zu columns; --format csv "
                       "shows all)\n", limit);
    bdb_rtable_free(&t);
    return rc ? (bdb_buf_free(&b), -1) : emit(&b, out);
}

int cli_fields_print(const char *const *names, const char *const *values,
                     size_t n, const cli_table_args *ta, FILE *out)
{
    if (ta->format != BDB_FMT_TABLE) {
        bdb_rowset rs;
        unsigned char numeric[64] = {0};
        bdb_rowset_init(&rs, (int)n, names, numeric);
        int rc = bdb_rowset_add(&rs, values);
        if (!rc)
            rc = bdb_rowset_print(&rs, (bdb_out_format)ta->format, out);
        bdb_rowset_free(&rs);
        return rc;
    }
    size_t key = 0;
    for (size_t i = 0; i < n; i++)
        if (text_width(names[i]) > key)
            key = text_width(names[i]);
    size_t limit = (size_t)cli_output_width(ta->width);
    char indent[80];
    snprintf(indent, sizeof indent, "%*s", (int)(key + 2 < 79 ? key + 2 : 79),
             "");
    bdb_buf b;
    bdb_buf_init(&b);
    for (size_t i = 0; i < n; i++) {
        /* a value from a file or a user: its controls made visible */
        char *v = bdb_neutral_line_dup(values[i] ? values[i] : "");
        if (!v) {
            bdb_buf_free(&b);
            return BDB_ENOMEM;
        }
        bdb_buf_printf(&b, "%-*s  ", (int)key, names[i]);
        if (limit > key + 2 + 10)
            bdb_text_wrap(&b, v, limit, key + 2, indent);
        else
            bdb_buf_printf(&b, "%s\n", v);
        free(v);
    }
    return emit(&b, out);
}
