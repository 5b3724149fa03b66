/* bdb_sha256.h - SHA-256 (FIPS 180-4), the identity of an imported file.
 * Incremental, so that a file is hashed as it streams, never held whole. */
#ifndef BDB_SHA256_H
#define BDB_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct bdb_sha256 {
    uint32_t h[8];
    uint64_t len;           /* bytes hashed so far */
    unsigned char buf[64];  /* a block not complete yet */
    size_t nbuf;
} bdb_sha256;

void bdb_sha256_init(bdb_sha256 *c);
void bdb_sha256_update(bdb_sha256 *c, const void *data, size_t len);
/* Writes the 32 bytes of the digest into digest; c is spent. */
void bdb_sha256_final(bdb_sha256 *c, unsigned char digest[32]);
/* Writes the lowercase hex digest (64 chars + NUL) into hex; c is spent. */
void bdb_sha256_final_hex(bdb_sha256 *c, char hex[65]);

/* The digest of data[0, len) in one call. */
void bdb_sha256_hex(const void *data, size_t len, char hex[65]);

#endif
