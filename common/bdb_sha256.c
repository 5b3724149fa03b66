/* bdb_sha256.c - a compact SHA-256 (FIPS 180-4). Kept here rather than
 * pulling in libcrypto for one function; checked against the NIST vectors
 * in tests/test_common.c. On x86-64 CPUs with the SHA extensions the
 * blocks go through them (about 4x faster: every imported byte is hashed
 * before anything else happens); elsewhere the portable code below. */
#include "bdb_sha256.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define BDB_SHA_X86 1
#endif

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void block(uint32_t h[8], const unsigned char *p)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5],
             g = h[6], k = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = k + S1 + ch + K[i] + w[i];
        uint32_t S0 = ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22);
        uint32_t mj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + mj;
        k = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

#if BDB_SHA_X86
/* The SHA-NI rounds (the pattern of Intel's white paper "Intel SHA
 * Extensions", 2013): four rounds per step, the message schedule of the
 * next steps computed alongside. */
__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_ni(uint32_t h[8], const unsigned char *p, size_t n)
{
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL,
                                        0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)(const void *)&h[0]);
    __m128i st1 = _mm_loadu_si128((const __m128i *)(const void *)&h[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);          /* CDAB */
    st1 = _mm_shuffle_epi32(st1, 0x1B);          /* EFGH */
    __m128i st0 = _mm_alignr_epi8(tmp, st1, 8);  /* ABEF */
    st1 = _mm_blend_epi16(st1, tmp, 0xF0);       /* CDGH */
    for (; n >= 64; n -= 64, p += 64) {
        __m128i save0 = st0, save1 = st1, w[4], msg;
        for (int i = 0; i < 16; i++) {
            __m128i *cur = &w[i & 3];
            if (i < 4)
                *cur = _mm_shuffle_epi8(
                    _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i)),
                    mask);
            msg = _mm_add_epi32(*cur, _mm_loadu_si128(
                                          (const __m128i *)(const void *)&K[4 * i]));
            st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
            if (i >= 3 && i <= 14) {
                __m128i *next = &w[(i + 1) & 3];
                tmp = _mm_alignr_epi8(*cur, w[(i + 3) & 3], 4);
                *next = _mm_sha256msg2_epu32(_mm_add_epi32(*next, tmp), *cur);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            st0 = _mm_sha256rnds2_epu32(st0, st1, msg);
            if (i >= 1 && i <= 12) {
                __m128i *prev = &w[(i + 3) & 3];
                *prev = _mm_sha256msg1_epu32(*prev, *cur);
            }
        }
        st0 = _mm_add_epi32(st0, save0);
        st1 = _mm_add_epi32(st1, save1);
    }
    tmp = _mm_shuffle_epi32(st0, 0x1B);          /* FEBA */
    st1 = _mm_shuffle_epi32(st1, 0xB1);          /* DCHG */
    st0 = _mm_blend_epi16(tmp, st1, 0xF0);       /* DCBA */
    st1 = _mm_alignr_epi8(st1, tmp, 8);          /* ABEF */
    _mm_storeu_si128((__m128i *)(void *)&h[0], st0);
    _mm_storeu_si128((__m128i *)(void *)&h[4], st1);
}

/* Asked once, by whichever thread hashes first (the import hashes on a
 * worker). */
static int known_ni;
static pthread_once_t ni_once = PTHREAD_ONCE_INIT;

static void ask_ni(void)
{
    /* BDB_SHA256_PORTABLE=1 takes the portable code (the tests check
     * both give the same digests) */
    const char *env = getenv("BDB_SHA256_PORTABLE");
    unsigned a, b, c, d;
    int ok = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_1) &&
             (c & bit_SSSE3);
    ok = ok && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
    known_ni = ok && !(env && *env == '1');
}

static int have_ni(void)
{
    pthread_once(&ni_once, ask_ni);
    return known_ni;
}
#endif

static void blocks(uint32_t h[8], const unsigned char *p, size_t n)
{
#if BDB_SHA_X86
    if (have_ni()) {
        blocks_ni(h, p, n);
        return;
    }
#endif
    for (; n >= 64; n -= 64, p += 64)
        block(h, p);
}

void bdb_sha256_init(bdb_sha256 *c)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                   0x1f83d9ab, 0x5be0cd19};
    memcpy(c->h, iv, sizeof iv);
    c->len = 0;
    c->nbuf = 0;
}

void bdb_sha256_update(bdb_sha256 *c, const void *data, size_t len)
{
    const unsigned char *p = data;
    c->len += len;
    if (c->nbuf) {
        size_t take = 64 - c->nbuf < len ? 64 - c->nbuf : len;
        memcpy(c->buf + c->nbuf, p, take);
        c->nbuf += take;
        p += take;
        len -= take;
        if (c->nbuf < 64)
            return;
        blocks(c->h, c->buf, 64);
        c->nbuf = 0;
    }
    size_t whole = len & ~(size_t)63;
    if (whole)
        blocks(c->h, p, whole);
    memcpy(c->buf, p + whole, len - whole);
    c->nbuf = len - whole;
}

void bdb_sha256_final(bdb_sha256 *c, unsigned char digest[32])
{
    unsigned char tail[128] = {0};
    size_t left = c->nbuf;
    memcpy(tail, c->buf, left);
    tail[left] = 0x80;
    size_t tl = left < 56 ? 64 : 128;
    uint64_t bits = c->len * 8;
    for (int i = 0; i < 8; i++)
        tail[tl - 1 - i] = (unsigned char)(bits >> (8 * i));
    blocks(c->h, tail, tl);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            digest[4 * i + j] = (unsigned char)(c->h[i] >> (24 - 8 * j));
}

void bdb_sha256_final_hex(bdb_sha256 *c, char hex[65])
{
    unsigned char digest[32];
    bdb_sha256_final(c, digest);
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[64] = '\0';
}

void bdb_sha256_hex(const void *data, size_t len, char hex[65])
{
    bdb_sha256 c;
    bdb_sha256_init(&c);
    bdb_sha256_update(&c, data, len);
    bdb_sha256_final_hex(&c, hex);
}
