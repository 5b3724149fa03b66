/* bdb_cleanup.h - files to remove if the process is stopped by a signal.
 *
 * Outputs are written to temporary files and renamed into place once
 * whole (cli/output.c), and a workbook is assembled from a package
 * libxlsxwriter writes to a file of its own (report/render/xlsx.c). A process
 * stopped while it writes them (Ctrl-C, kill, a closed terminal, a file
 * size limit) removes the ones registered here, then dies of the signal
 * as it would have. A signal the process ignores (nohup) stays ignored.
 * Up to BDB_CLEANUP_MAX files at once; one past them is not removed. */
#ifndef BDB_CLEANUP_H
#define BDB_CLEANUP_H

#define BDB_CLEANUP_MAX 8
#define BDB_CLEANUP_PATH_MAX 4200

/* Registers path (copied; at most BDB_CLEANUP_PATH_MAX - 1 bytes, a longer
 * one is not registered) and installs the handlers on first use. */
void bdb_cleanup_add(const char *path);
/* Forgets path: call it once the file is gone or renamed. */
void bdb_cleanup_drop(const char *path);

#endif
