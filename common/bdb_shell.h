/* bdb_shell.h - shell words that benchdb prints for a user to paste.
 *
 * Advice such as `benchdb platform add 'NAME' --power-w W` carries names
 * from logs and CSV files; pasted into a shell, a quote inside NAME would
 * end the word and run the rest. Every such word goes through here. */
#ifndef BDB_SHELL_H
#define BDB_SHELL_H

#include <stddef.h>

/* Writes word as one POSIX sh word into out: unchanged when it is made
 * only of [A-Za-z0-9@%+=:,./_-] and not empty, else in single quotes with
 * each ' written as '\''. Returns the length it needs (like snprintf). */
size_t bdb_shell_quote(const char *word, char *out, size_t outsz);

#endif
