/* unwrap_source.h - the unwrap passes (unwrap.h) for logs kept in a
 * program's source or captured from a terminal, and the text-and-map
 * helpers every pass shares (defined in unwrap.c).
 *
 * A log reaches a lab's archive as a test fixture or a doc comment as
 * often as in a mail: a Rust `const X: &str = "3;fio-3.36;...";`, a JSX
 * `output={`...`}` template literal, a Python """docstring""", a Rust
 * r#"..."# or C++ R"(...)" raw string, Erlang "%% " or Lisp ";; "
 * comments, a terminal's cursor keys echoed into a line ("^[[A^[[A3486014
 * rsa2048 ..."). These passes take the tool's text out of them, keeping
 * for each line the file's line it came from. Internal to ingest/. */
#ifndef BDB_UNWRAP_SOURCE_H
#define BDB_UNWRAP_SOURCE_H

#include <stddef.h>

/* A text being built and its map: line_of[i] is the file's line of line
 * i + 1 (NULL: line i + 1 is the file's line i + 1). */
typedef struct bdb_uw_text {
    char *p;
    size_t len, cap;
    int *line_of;
    size_t nlines, lines_cap;
} bdb_uw_text;

/* A text read by a pass. */
typedef struct bdb_uw_view {
    const char *p;
    size_t len;
    const int *line_of;
} bdb_uw_view;

/* ---- shared helpers (unwrap.c) ---- */

/* The file's line of line i + 1 of v. */
int bdb_uw_line_at(const bdb_uw_view *v, size_t i);
/* Appends n bytes; BDB_OK or BDB_ENOMEM. */
int bdb_uw_put(bdb_uw_text *t, const char *p, size_t n);
/* Ends the current line, which came from the file's line `from`. */
int bdb_uw_end_line(bdb_uw_text *t, int from);
/* The next line of v from *pos as [*s, *e) without "\n"; 0 at the end. */
int bdb_uw_next_line(const bdb_uw_view *v, size_t *pos, const char **s,
                     const char **e);
/* How many bytes of v a pass's detection looks at. */
size_t bdb_uw_look(const bdb_uw_view *v);

struct bdb_unwrapped;

/* Records that the text of the line that starts on the file's line
 * `from`, from byte `at` of t on, is on the file's line `line` (a line
 * joined from several); BDB_OK or BDB_ENOMEM. bdb_uw_joined_end ends t's
 * line begun on the file's line `from`: the breaks recorded since break
 * number *first_brk become their tails (bdb_unwrapped.brk_tail), and
 * *first_brk the next line's first; BDB_OK or BDB_ENOMEM. */
int bdb_uw_break(struct bdb_unwrapped *u, int from, size_t at, int line);
int bdb_uw_joined_end(struct bdb_unwrapped *u, bdb_uw_text *t,
                      size_t *first_brk, int from);

/* Records the text [p, e) a pass took off the line that starts on the
 * file's line `from`, `tail` bytes before its end (its place on a line
 * joined from several, see bdb_uw_break), when the text holds a number
 * (bdb_unwrapped.drops); BDB_OK or BDB_ENOMEM. */
int bdb_uw_drop(struct bdb_unwrapped *u, int from, size_t tail,
                const char *p, const char *e);

/* ---- the passes (unwrap_source.c) ---- */

/* A terminal's escape sequences: ESC [ ... (colours, cursor moves), ESC ]
 * ... BEL (titles), and the same keys echoed in caret notation ("^[[A"). */
int bdb_uw_tty_seen(const bdb_uw_view *v);
int bdb_uw_tty_pass(const bdb_uw_view *v, bdb_uw_text *out);

/* String literals over several lines: Python """ and ''', JavaScript and
 * Go `...`, Rust r"..." and r#"..."#, C++ R"(...)", and a plain "..."
 * that Rust, shell or Erlang let run over lines. The code around the
 * literal goes, its lines stay (escapes decoded in "..." only). */
int bdb_uw_blocks_seen(const bdb_uw_view *v);
int bdb_uw_blocks_pass(const bdb_uw_view *v, bdb_uw_text *out);

/* The text [p, e) of a one-line string literal, its escapes decoded
 * ("\t", "\"", "\\"; a "\n" inside ends a line) and a "\n" at its end
 * dropped: Python's ("21751+0 records in\n" "21750+0 records out\n"),
 * C's, a shell's echo -e. */
int bdb_uw_put_literal(bdb_uw_text *out, const char *p, const char *e,
                       int from);

/* The end of a declaration before a string literal at p: "const
 * FIO_TERSE: &str =", "static const char *out[] =", "my $x =", "out :=",
 * "self.log ="; the byte after its "=", or NULL when [p, e) does not
 * start with one. */
const char *bdb_uw_declaration_end(const char *p, const char *e);

/* The length of a comment leader at p that unwrap.c's line markers do not
 * know themselves: Erlang's, TeX's and MATLAB's "%", "%%", "%%%", Lisp's
 * and assembly's ";;", ";;;", Fortran's "!", J's "NB.", BASIC's and a
 * batch file's "REM" (any case) and "::", Visual Basic's "'" (not on a
 * line a quote closes: a string literal), APL's lamp, a block comment's
 * opener on each line (C's slash-star, "(*", "{-"), each followed by a
 * blank or the line's end; 0 when none. */
size_t bdb_uw_comment_leader(const char *p, const char *e);

/* The end of [s, e), a line whose leader at lead went, without the
 * closer of a block comment that leader opened, and the blanks before
 * it (C's star-slash, "*)" after "(*", "-}" after "{-"); e when there
 * is none. */
const char *bdb_uw_block_closer_end(const char *lead, const char *s,
                                    const char *e);

/* The end of [s, e) without a comment leader glued after its last figure
 * ("Total:  114  160  28.0  172  199#", the closing "#" of a commented
 * block); e when there is none. */
const char *bdb_uw_glued_leader_end(const char *s, const char *e,
                                    char leader);

/* A log whose line breaks were lost (unwrap_lines.c): a line holding
 * three of the tools' own line starts or more past its start is cut
 * before each, every piece kept at the file's line. */
int bdb_uw_lost_breaks_seen(const bdb_uw_view *v);
int bdb_uw_lost_breaks_pass(const bdb_uw_view *v, bdb_uw_text *out);

/* Markdown's backslash escapes of "[", "]", "*", "_", "#" (an editor's
 * "\[ms\]"), when two lines hold an escaped "\[ ... \]" (unwrap_lines.c). */
int bdb_uw_md_escapes_seen(const bdb_uw_view *v);
int bdb_uw_md_escapes_pass(const bdb_uw_view *v, bdb_uw_text *out);

/* 1 when the line [s, e) starts, after blanks and mail quotes, with one
 * of the tools' own line starts (unwrap_lines.c's labels: "Run status
 * group", "Requests per second:", "16+0 records in") or an iperf
 * stream's "[  5]". */
int bdb_uw_tool_line_start(const char *s, const char *e);

/* 1 when the line [s, e) is one some tool prints, after blanks:
 * bdb_uw_tool_line_start's, a shell's time keyword's "real\t0m0.060s"
 * (time -p's, GNU time's default "0.00user 0.00system ..."), or
 * redis-benchmark -q's "SET: 86281.27 requests per second". A comment
 * leader before such a line goes even when the lines around it have
 * none (unwrap.c's line markers). */
int bdb_uw_tool_line(const char *s, const char *e);

/* Lines an author hard-wrapped with a trailing backslash (unwrap_joins.c):
 * "   bw (  KiB/s): min=16406, max=66802, per=100.00%, avg=41176.64, \"
 * then "stdev=8856.09, samples=118", joined into the tool's one line,
 * each figure kept at the file's line it is printed on. */
int bdb_uw_continued_seen(const bdb_uw_view *v);
int bdb_uw_continued_pass(const bdb_uw_view *v, bdb_uw_text *out,
                          struct bdb_unwrapped *u);

/* unwrap_prefix.c: a constant prefix before each line of a tool's output
 * (the prefix pass), and streams interleaved behind their names (docker
 * compose, kubectl --prefix: the demux pass, which records the streams
 * as parts of u). */
int bdb_uw_prefixes_seen(const bdb_uw_view *v);
int bdb_uw_prefix_pass(const bdb_uw_view *v, bdb_uw_text *out);
int bdb_uw_demux_seen(const bdb_uw_view *v);
int bdb_uw_demux_pass(const bdb_uw_view *v, bdb_uw_text *out,
                      struct bdb_unwrapped *u);

/* unwrap_literals.c: a log in one string literal with its newlines
 * escaped (the escapes pass), or one literal a line (the literals pass,
 * which records where a line was joined in u). */
int bdb_uw_escapes_seen(const bdb_uw_view *v);
int bdb_uw_escapes_pass(const bdb_uw_view *v, bdb_uw_text *out);
int bdb_uw_literals_seen(const bdb_uw_view *v);
int bdb_uw_literals_pass(const bdb_uw_view *v, bdb_uw_text *out,
                         struct bdb_unwrapped *u);

#endif
