/* bdb_error.c - message table for enum bdb_err. */
#include "bdb_error.h"

const char *bdb_strerror(int code)
{
    switch (code) {
    case BDB_OK: return "success";
    case BDB_ENOMEM: return "out of memory";
    case BDB_EIO: return "input/output error";
    case BDB_EPARSE: return "parse error";
    case BDB_ESTORE: return "database error";
    case BDB_EUSAGE: return "usage error";
    case BDB_ENOTFOUND: return "not found";
    case BDB_EVERSION: return "unsupported version";
    case BDB_EUNKNOWN: return "unrecognised content";
    case BDB_ERANGE: return "value out of range";
    case BDB_EEXIST: return "already present";
    }
    return "unknown error";
}
