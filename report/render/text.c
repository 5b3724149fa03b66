/* text.c - the terminal report and the Markdown report: the same tables
 * (sections.c), dressed for a terminal or for GitHub. */
#include "render.h"
#include "../common/bdb_neutral.h"
#include "sections.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dress {
    int md;
    size_t width;   /* text: columns a table may take (0: any) */
    const bdb_render_opts *o;   /* its sink takes each section as it is
                                   made (NULL: out keeps the report) */
    size_t from;    /* out's bytes before it are neutralised */
} dress;

/* After a section (its last byte a newline, so no character to
 * neutralise runs across): neutralises what it added to out and, with a
 * sink, hands out to it once it holds a chunk. A lab's report is a
 * million rows: holding all of its text until the end held its every
 * byte twice over while the buffer grew. */
static void section_done(bdb_buf *out, dress *d)
{
    if (out->len == d->from || out->data[out->len - 1] != '\n')
        return;
    bdb_neutral_terminal(out, d->from);
    bdb_render_flush(d->o, out, 0);
    d->from = out->len;
}

/* A list item whose text may hold names from logs. */
static void item(bdb_buf *out, const dress *d, const char *text)
{
    if (d->md) {
        bdb_buf_puts(out, "- ");
        bdb_neutral_md(out, text, 1);
        bdb_buf_puts(out, "\n");
    } else if (d->width) {
        bdb_buf_puts(out, "  - ");
        bdb_text_wrap(out, text, d->width, 4, "    ");
    } else {
        bdb_buf_printf(out, "  - %s\n", text);
    }
}

/* Lines made by a bullet-taking writer (findings, notes), as items. */
static void items(bdb_buf *out, const dress *d, const bdb_model *m,
                  void (*write)(const bdb_model *, bdb_buf *, const char *),
                  const char *text_bullet)
{
    if (!d->md && !d->width) {
        write(m, out, text_bullet);
        return;
    }
    bdb_buf lines;
    bdb_buf_init(&lines);
    write(m, &lines, "");
    if (lines.err && !out->err)
        out->err = lines.err;
    for (char *p = lines.data; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (*p)
            item(out, d, p);
        p = nl ? nl + 1 : NULL;
    }
    bdb_buf_free(&lines);
}

static void heading(bdb_buf *out, const dress *d, int level, const char *text)
{
    if (d->md) {
        bdb_buf_printf(out, "\n%s ", level == 1 ? "#" : level == 2 ? "##" : "###");
        bdb_neutral_md(out, text, 0);
        bdb_buf_puts(out, "\n\n");
    } else {
        bdb_buf_printf(out, "\n%s\n", text);
        size_t n = strlen(text);
        for (size_t i = 0; i < n; i++)
            bdb_buf_puts(out, level == 1 ? "=" : level == 2 ? "-" : "");
        if (level <= 2)
            bdb_buf_puts(out, "\n");
    }
}

/* After a row of a table: with a sink, what the table printed so far
 * goes on to it once it holds a chunk (as section_done, row by row: the
 * efficiency table of a lab's 1M results is 9 MB of text). */
static void table_row_done(bdb_buf *out, void *ctx)
{
    dress *d = ctx;
    if (d->o && d->o->sink && out->len - d->from >= BDB_RENDER_CHUNK)
        section_done(out, d);
}

static void table(bdb_buf *out, dress *d, bdb_rtable *t)
{
    t->row_done = table_row_done;
    t->row_ctx = d;
    if (d->md)
        bdb_rtable_markdown(t, out);
    else if (d->width)
        bdb_rtable_text_fit(t, out, "  ", d->width);
    else
        bdb_rtable_text(t, out, "  ");
    bdb_rtable_free(t);
    section_done(out, d);
}

/* The missing inputs, each with how to add it; nothing when none. */
static void missing(bdb_buf *out, dress *d, const bdb_model *m)
{
    bdb_buf lines;
    bdb_buf_init(&lines);
    bdb_section_missing_inputs(m, &lines, "");
    if (lines.len) {
        heading(out, d, 3, "Missing inputs");
        for (char *p = lines.data; p && *p;) {
            char *nl = strchr(p, '\n');
            if (nl)
                *nl = '\0';
            /* the prose wraps, the command it ends in stays whole on a
             * line of its own, to be copied */
            char *cmd = strstr(p, ": benchdb ");
            if (*p && cmd && !d->md && d->width) {
                *cmd = '\0';
                bdb_buf_puts(out, "  - ");
                bdb_text_wrap(out, p, d->width, 4, "    ");
                bdb_buf_printf(out, "      %s\n", cmd + 2);
            } else if (*p) {
                item(out, d, p);
            }
            p = nl ? nl + 1 : NULL;
        }
    }
    bdb_buf_free(&lines);
}

static int render(const bdb_model *m, const bdb_render_opts *o, bdb_buf *out,
                  dress *d)
{
    bdb_rtable t;
    int all = o && o->all_metrics;
    if (d->md) {
        bdb_buf_puts(out, "# ");
        bdb_neutral_md(out, m->title, 0);
        bdb_buf_puts(out, "\n");
    } else {
        heading(out, d, 1, m->title);
    }

    heading(out, d, 2, "Platforms");
    bdb_section_platforms(m, &t);
    table(out, d, &t);

    bdb_section_differs(m, &t);
    if (t.nrows > 1) {
        heading(out, d, 3, "What differs between these platforms");
        table(out, d, &t);
    } else {
        bdb_rtable_free(&t);
    }

    bdb_section_scores(m, &t);
    if (t.nrows > 1) {
        heading(out, d, 2, "Summary scores (geometric mean of ratios)");
        table(out, d, &t);
    } else {
        bdb_rtable_free(&t);
    }

    const char **tools;
    size_t ntools;
    if (bdb_section_tools(m, &tools, &ntools) && !out->err)
        out->err = BDB_ENOMEM;
    for (size_t i = 0; i < ntools; i++) {
        char title[128];
        snprintf(title, sizeof title, "%s (%s)", tools[i],
                 bdb_model_category(tools[i]));
        bdb_section_tool(m, tools[i], all, &t);
        if (t.nrows > 1) {
            heading(out, d, 2, title);
            table(out, d, &t);
        } else {
            bdb_rtable_free(&t);
        }
    }
    free(tools);

    if (m->nsweeps) {
        heading(out, d, 2, "Sweeps");
        for (size_t w = 0; w < m->nsweeps; w++) {
            const bdb_rseries *first = &m->series[m->sweeps[w].series[0]];
            if (!all && !bdb_report_is_key_series(first))
                continue;
            heading(out, d, 3, m->sweeps[w].label);
            bdb_section_sweep(m, w, &t);
            table(out, d, &t);
        }
    }

    bdb_section_efficiency(m, &t);
    heading(out, d, 2, "Efficiency: per watt, per dollar, cost of ownership");
    if (t.nrows > 1)
        table(out, d, &t);
    else
        bdb_rtable_free(&t);
    missing(out, d, m);

    bdb_section_warnings(m, &t);
    heading(out, d, 2, "Warnings");
    if (t.nrows > 1) {
        table(out, d, &t);
    } else {
        bdb_rtable_free(&t);
        item(out, d, "None: no log of these figures had a warning.");
    }

    if (m->traces.n || m->traces.left_out) {
        heading(out, d, 2, "Traces (interval, stream and thread lines)");
        items(out, d, m, bdb_section_traces, "  - ");
    }

    bdb_section_sources(m, all, &t);
    if (t.nrows > 1) {
        heading(out, d, 2, "Where published figures come from");
        table(out, d, &t);
    } else {
        bdb_rtable_free(&t);
    }

    heading(out, d, 2, "How to read this report");
    items(out, d, m, bdb_report_method_notes, "  - ");
    heading(out, d, 2, "Findings");
    items(out, d, m, bdb_report_findings, "  * ");
    return BDB_OK;
}

int bdb_report_render_efficiency(const bdb_model *m, int markdown,
                                 size_t width, bdb_buf *out)
{
    dress d = {markdown, markdown ? 0 : width, NULL, out->len};
    bdb_rtable t;
    char title[320];
    snprintf(title, sizeof title, "%s: efficiency", m->title);
    if (d.md) {
        bdb_buf_puts(out, "# ");
        bdb_neutral_md(out, title, 0);
        bdb_buf_puts(out, "\n");
    } else {
        heading(out, &d, 1, title);
    }
    heading(out, &d, 2, "Platforms");
    bdb_section_platforms(m, &t);
    table(out, &d, &t);
    heading(out, &d, 2, "Per watt, per dollar, cost of ownership");
    bdb_section_efficiency(m, &t);
    if (t.nrows > 1)
        table(out, &d, &t);
    else
        bdb_rtable_free(&t);
    missing(out, &d, m);
    heading(out, &d, 2, "How to read this report");
    items(out, &d, m, bdb_report_method_notes, "  - ");
    heading(out, &d, 2, "Findings");
    items(out, &d, m, bdb_report_findings, "  * ");
    return bdb_neutral_terminal(out, 0);
}

int bdb_report_render_text(const bdb_model *m, const bdb_render_opts *o,
                           bdb_buf *out)
{
    dress d = {0, 0, o, out->len};
    int rc = render(m, o, out, &d);
    return rc ? rc : bdb_neutral_terminal(out, d.from);
}

int bdb_report_render_text_width(const bdb_model *m, const bdb_render_opts *o,
                                 size_t width, bdb_buf *out)
{
    dress d = {0, width, o, out->len};
    int rc = render(m, o, out, &d);
    return rc ? rc : bdb_neutral_terminal(out, d.from);
}

int bdb_report_render_markdown(const bdb_model *m, const bdb_render_opts *o,
                               bdb_buf *out)
{
    dress d = {1, 0, o, out->len};
    int rc = render(m, o, out, &d);
    return rc ? rc : bdb_neutral_terminal(out, d.from);
}
