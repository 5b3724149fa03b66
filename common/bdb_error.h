/* bdb_error.h - the one error enum of benchdb and its message table.
 *
 * Every public function returns BDB_OK (0) or a negative BDB_E* code; the
 * detail a user needs (file, line, what was expected) travels separately in a
 * bdb_diag the caller passes in, or on a handle (bdb_store_errmsg). */
#ifndef BDB_ERROR_H
#define BDB_ERROR_H

enum bdb_err {
    BDB_OK = 0,
    BDB_ENOMEM = -1,   /* out of memory */
    BDB_EIO = -2,      /* reading or writing a file failed */
    BDB_EPARSE = -3,   /* input did not have the expected shape */
    BDB_ESTORE = -4,   /* the database refused an operation */
    BDB_EUSAGE = -5,   /* the caller asked for something impossible */
    BDB_ENOTFOUND = -6,/* a named thing does not exist */
    BDB_EVERSION = -7, /* a database or file from another benchdb version */
    BDB_EUNKNOWN = -8, /* content that no parser recognises */
    BDB_ERANGE = -9,   /* a number out of range, or a buffer cap reached */
    BDB_EEXIST = -10   /* the thing is already there (an imported file) */
};

/* Returns a static, lowercase description of code (never NULL). */
const char *bdb_strerror(int code);

#endif
