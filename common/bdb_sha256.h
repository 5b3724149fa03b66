/* bdb_sha256.h - SHA-256 (FIPS 180-4), the identity of an imported file. */
#ifndef BDB_SHA256_H
#define BDB_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* Writes the lowercase hex digest of data (64 chars + NUL) into hex. */
void bdb_sha256_hex(const void *data, size_t len, char hex[65]);

#endif
