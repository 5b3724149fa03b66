/* csv.c - one CSV row per series and platform with every statistic, for
 * spreadsheets and scripts. Fields are quoted only when they must be
 * (libcsv's csv_write); text that a spreadsheet would run as a formula
 * (=, +, -, @, TAB or CR first) is prefixed with a quote. */
#include "render.h"
#include "numfmt.h"
#include "sections.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bdb_csv_append_field(bdb_buf *out, const char *s, int guard)
{
    /* OWASP's list: = + - @ and a leading TAB or CR */
    int g = guard && s[0] && strchr("=+-@\t\r", s[0]) != NULL;
    size_t n = strlen(s) + (size_t)g;
    if (n == 0)
        return;
    char *text = malloc(n + 1);
    if (!text) {
        if (!out->err)
            out->err = BDB_ENOMEM;
        return;
    }
    text[0] = '\'';
    memcpy(text + g, s, n + 1 - (size_t)g);
    if (!strpbrk(text, ",\"\r\n") && text[0] != ' ' && text[n - 1] != ' ') {
        bdb_buf_append(out, text, n);
    } else {
        size_t cap = 2 * n + 3;
        char *q = malloc(cap);
        if (q) {
            size_t w = csv_write(q, cap, text, n);
            bdb_buf_append(out, q, w < cap ? w : cap);
            free(q);
        } else if (!out->err) {
            out->err = BDB_ENOMEM;
        }
    }
    free(text);
}

static void field(bdb_buf *out, const char *s, int first)
{
    if (!first)
        bdb_buf_puts(out, ",");
    bdb_csv_append_field(out, s, 1);
}

void bdb_csv_number(bdb_buf *out, double v)
{
    char t[BDB_FMT_G_MAX + 1] = ",";
    int n = isfinite(v) ? bdb_fmt_g(t + 1, v, 10) : 0;
    bdb_buf_append(out, t, (size_t)n + 1);
}

static void csv_note_row(void *ctx, const char *line)
{
    bdb_csv_append_field(ctx, line, 0);
    bdb_buf_puts(ctx, "\n");
}

int bdb_report_render_csv(const bdb_model *m, const bdb_render_opts *o,
                          bdb_buf *out)
{
    bdb_buf_puts(out,
                 "tool,benchmark,metric,parameters,unit,better,category,"
                 "platform,baseline,n,mean,median,sd,cv,min,max,mean_ci_lo,"
                 "mean_ci_hi,median_ci_lo,median_ci_hi,outliers,noisy,warned,merged_files,"
                 "speedup,speedup_ci_lo,speedup_ci_hi,welch_p,welch_p_adjusted,"
                 "mann_whitney_p,mann_whitney_method,verdict,per_watt,per_usd,"
                 "per_usd_tco,energy_per_unit,energy_unit,tb_per_month,"
                 "units_to_match_baseline\n");
    size_t *order;
    size_t norder = bdb_section_order(m, NULL, BDB_SECTION_ALL, &order);
    if (m->nseries && !order)
        return BDB_ENOMEM;
    for (size_t i = 0; i < norder; i++) {
        const bdb_rseries *se = &m->series[order[i]];
        for (size_t p = 0; p < m->nplatforms; p++) {
            const bdb_cell *c = &se->cells[p];
            if (!c->present)
                continue;
            field(out, se->tool, 1);
            field(out, se->benchmark, 0);
            field(out, se->metric, 0);
            field(out, se->params, 0);
            char ulab[96];
            bdb_series_unit_label(se, ulab, sizeof ulab);
            field(out, ulab, 0);
            field(out, se->better > 0 ? "higher" : se->better < 0 ? "lower"
                                                                   : "neutral", 0);
            field(out, se->category, 0);
            field(out, bdb_model_platform_name(m, p), 0);
            field(out, p == m->baseline ? "1" : "0", 0);
            bdb_summary sum;
            bdb_ttest welch;
            bdb_utest mw;
            int rc = bdb_cell_summary(m, c, &sum);
            if (!rc)
                rc = bdb_cell_tests(m, se, p, &welch, &mw);
            if (rc) {
                free(order);
                return rc;
            }
            bdb_buf_printf(out, ",%zu", (size_t)c->n);
            bdb_csv_number(out, sum.mean);
            bdb_csv_number(out, sum.median);
            bdb_csv_number(out, sum.sd);
            bdb_csv_number(out, sum.cv);
            bdb_csv_number(out, sum.min);
            bdb_csv_number(out, sum.max);
            bdb_csv_number(out, sum.mean_ci_lo);
            bdb_csv_number(out, sum.mean_ci_hi);
            bdb_csv_number(out, sum.median_ci_lo);
            bdb_csv_number(out, sum.median_ci_hi);
            bdb_buf_printf(out, ",%u,%d,%d,%u", (unsigned)bdb_cell_noutliers(c),
                           c->noisy, c->warned,
                           (unsigned)bdb_cell_merged_files(m, c));
            bdb_csv_number(out, c->compared ? c->speedup : NAN);
            bdb_csv_number(out, c->compared ? bdb_cell_speedup_lo(se, p) : NAN);
            bdb_csv_number(out, c->compared ? bdb_cell_speedup_hi(se, p) : NAN);
            bdb_csv_number(out, c->tested ? welch.p : NAN);
            bdb_csv_number(out, bdb_cell_p_adj(se, p));
            bdb_csv_number(out, c->compared ? mw.p : NAN);
            field(out, !c->compared ? ""
                       : mw.method == BDB_MW_EXACT ? "exact"
                       : mw.method == BDB_MW_NORMAL ? "normal" : "", 0);
            field(out, bdb_report_verdict_word(c->verdict), 0);
            bdb_efficiency eff;
            bdb_match match;
            bdb_cell_efficiency(m, se, p, &eff, &match);
            bdb_csv_number(out, c->eff_computed ? eff.per_watt : NAN);
            bdb_csv_number(out, c->eff_computed ? eff.per_dollar : NAN);
            bdb_csv_number(out, c->eff_computed ? eff.per_tco_dollar : NAN);
            bdb_csv_number(out, c->eff_computed ? eff.energy_per_unit : NAN);
            field(out, c->eff_computed && eff.energy_unit ? eff.energy_unit : "", 0);
            bdb_csv_number(out, c->eff_computed ? eff.tb_per_month : NAN);
            bdb_csv_number(out, c->compared ? match.count : NAN);
            bdb_buf_puts(out, "\n");
        }
        if (bdb_render_flush(o, out, 0))
            break;
    }
    free(order);
    /* what the rows leave out: one-field rows after them, "# " first, as
     * a comment to readers that know them and a visible row to those that
     * do not */
    int rc = bdb_report_left_out_each(m, "# ", csv_note_row, out);
    if (rc && !out->err)
        out->err = rc;
    return out->err;
}
