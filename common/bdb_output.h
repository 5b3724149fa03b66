/* bdb_output.h - the one way benchdb writes a file a user named.
 *
 * Reports, workbooks, charts, compare and history outputs are written to
 * a temporary file in the target's folder, flushed to the disk (fsync)
 * and renamed over the target only once complete: a full disk, a quota,
 * `ulimit -f` or a crash leaves the previous output as it was, never a
 * partial one. A device, FIFO or other non-regular target (-o /dev/null,
 * /dev/stdout) is written in place: a rename would put a regular file
 * where the device was. A temporary file is registered with bdb_cleanup,
 * so a signal removes it. */
#ifndef BDB_OUTPUT_H
#define BDB_OUTPUT_H

#include <stddef.h>

/* Puts into tmp the name to write path's bytes to (path itself when it is
 * written in place) and registers it for cleanup. BDB_OK, or BDB_ERANGE
 * with a message in msg when the name does not fit. */
int bdb_output_begin(const char *path, char *tmp, size_t tmpsz, char *msg,
                     size_t msgsz);

/* Ends an output begun with bdb_output_begin: when ok, flushes tmp to the
 * disk and renames it over path (and flushes the folder); else, or when
 * that fails, removes tmp. BDB_OK, or BDB_EIO with a message naming path
 * in msg. ok false is BDB_EIO with msg empty (the caller said why). */
int bdb_output_end(const char *tmp, const char *path, int ok, char *msg,
                   size_t msgsz);

/* Writes len bytes to path whole or not at all (the two above around one
 * write). BDB_OK or BDB_EIO with a message naming path. */
int bdb_output_write(const char *path, const void *data, size_t len,
                     char *msg, size_t msgsz);

#endif
