/* masyu/csrc/plugs.c: the frontier of plugs (plugs.h).  The layer's keys are
 * the W + 1 plugs of 3 bits, position i at bits 3i, in one 64-bit word up to
 * 20 columns and in 128 bits up to 41 (plugs_sweep.h, compiled once for each
 * key type); the counts are multiword, all of one width per layer: the width
 * of the largest count of the layer before, FAN_IN_BITS wider (docs/plugs.md,
 * "The counts' width").
 *
 * Memory: the two layers share one buffer of keys and one of counts, the
 * current layer at one end and the next at the other.  The current layer's
 * states are taken from the last, the one nearest the middle, so that the
 * next layer grows into the room they leave: a buffer holds about the larger
 * of the two layers, not their sum, and its pages stay resident from one
 * level to the next (no page is given back and faulted in again each level).
 * Only the next layer has a table.  Every byte is charged against the limit
 * before it is asked of the system.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugs.h"

typedef unsigned __int128 u128;

/* A buffer shared by the two layers: one grows up from base, the other down
 * from base + bytes. */
typedef struct {
    char *base;
    size_t bytes;
} buffer;

typedef struct {
    size_t n;           /* states */
    int cw;             /* words per count */
    int down;           /* state s is the s-th from the buffers' end, not their start */
} layer;

struct plugs {
    int W, levels, level, weak, wide;
    int8_t *moves;
    layer cur, next;
    buffer keys, cnt;
    void *next_key, *cur_key;        /* the first state's key and count of each layer */
    uint64_t *next_cnt, *cur_cnt;    /* (plugs_sweep.h: the others from them, by DIR) */
    uint32_t *table;    /* the next layer's, open addressing (new_table); 0 empty */
    size_t tcap;        /* a power of two, more than 4/3 of the next layer's states */
    uint32_t tmask;     /* tcap - 1: a slot's bits of state + 1; above them, its tag */
    uint64_t *total;    /* strong: the loops closed */
    int tw;
    long long states, width;
    size_t used, peak, limit;
    char error[200];
};

static const int8_t END[8] = {0, 1, 1, 1, 2, 2, 2, 0};

#define SLACK 4           /* a buffer grows by a quarter more than it must */
#define SHRINK_ABOVE (1u << 20) /* bytes: a buffer under it is not shrunk */

/* Resize *q from `before` to `after` bytes, charged: 0 (and the reason in
 * p->error) past the limit or if the system refuses. */
static int charged(plugs *p, void **q, size_t before, size_t after)
{
    if (after > before && p->used + (after - before) > p->limit) {
        snprintf(p->error, sizeof p->error,
                 "level %d: %zu more bytes (holding %zu) would pass the memory limit of %zu",
                 p->level, after - before, p->used, p->limit);
        return 0;
    }
    void *r = realloc(*q, after ? after : 1);
    if (r == NULL) {
        snprintf(p->error, sizeof p->error, "level %d: the system refused %zu bytes",
                 p->level, after);
        return 0;
    }
    *q = r;
    p->used = p->used - before + after;
    if (p->used > p->peak)
        p->peak = p->used;
    return 1;
}

/* Resize b to `bytes` (a multiple of 16), the `top` bytes at its end moved
 * to its new end. */
static int resize(plugs *p, buffer *b, size_t bytes, size_t top)
{
    if (bytes < b->bytes)
        memmove(b->base + bytes - top, b->base + b->bytes - top, top);
    void *q = b->base;
    if (!charged(p, &q, b->bytes, bytes)) {
        if (bytes < b->bytes)  /* put the end back where it was */
            memmove(b->base + b->bytes - top, b->base + bytes - top, top);
        return 0;
    }
    b->base = q;
    if (bytes > b->bytes)
        memmove(b->base + bytes - top, b->base + b->bytes - top, top);
    b->bytes = bytes;
    return 1;
}

static size_t round16(size_t bytes) { return (bytes + 15) & ~(size_t)15; }

/* Room in b for `low` bytes at its start and `high` at its end, the `top` bytes
 * now at its end kept there. */
static int room(plugs *p, buffer *b, size_t low, size_t high, size_t top)
{
    if (low + high <= b->bytes)
        return 1;
    size_t need = low + high;
    return resize(p, b, round16(need + need / SLACK), top);
}

/* b cut to a quarter more than `need` bytes if it holds more than four times
 * so many (not twice: the layers of a row widen and narrow twofold, and a
 * buffer cut at every narrow one is grown again at the next wide one). */
static void shrink(plugs *p, buffer *b, size_t need, size_t top)
{
    if (b->bytes > SHRINK_ABOVE && b->bytes > 4 * need)
        resize(p, b, round16(need + need / SLACK), top);
}

static size_t key_size(const plugs *p) { return p->wide ? sizeof(u128) : sizeof(uint64_t); }

/* The bytes of L's states at the end of the buffers (0 for a layer at their start). */
static size_t top_keys(const plugs *p, const layer *L) { return L->down ? L->n * key_size(p) : 0; }
static size_t top_cnt(const layer *L) { return L->down ? L->n * (size_t)L->cw * 8 : 0; }

/* State s of L: its count (and its key, in plugs_sweep.h). */
static inline uint64_t *count_at(const plugs *p, const layer *L, size_t s)
{
    uint64_t *b = (uint64_t *)p->cnt.base;
    return L->down ? b + p->cnt.bytes / 8 - (s + 1) * (size_t)L->cw : b + s * (size_t)L->cw;
}

/* Where the first state of each layer is (after the buffers move). */
static void origins(plugs *p)
{
    size_t ks = key_size(p);
    char *kend = p->keys.base + p->keys.bytes - ks;
    p->next_key = p->next.down ? kend : p->keys.base;
    p->cur_key = p->cur.down ? kend : p->keys.base;
    p->next_cnt = count_at(p, &p->next, 0);
    p->cur_cnt = count_at(p, &p->cur, 0);
}

/* An empty table for n states.  A slot holds state + 1 in its low bits (as many
 * as tcap has: the states are fewer) and above them the same bits of the key's
 * hash (bits 32 and up of it, the slot's place taking the low ones): so a probe
 * passes over a slot of another key mostly without reading that key, a cache
 * miss in a large layer. */
static int new_table(plugs *p, size_t n)
{
    size_t t = 16;
    while (3 * t <= 4 * n)
        t *= 2;
    if (t > (size_t)1 << 32) {  /* a slot holds state + 1 in 32 bits */
        snprintf(p->error, sizeof p->error, "level %d: more than %zu states in a layer",
                 p->level, (size_t)3 << 30);
        return 0;
    }
    if (t != p->tcap) {
        void *q = p->table;
        if (!charged(p, &q, p->tcap * 4, t * 4))
            return 0;
        p->table = q;
        p->tcap = t;
        p->tmask = (uint32_t)(t - 1);
    }
    memset(p->table, 0, p->tcap * 4);
    return 1;
}

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

/* dst (dw words) += src (sw <= dw words): 1, or 0 if the sum needs more than
 * dw words (which the width's proof rules out: a check, not a case). */
static inline int add_count(uint64_t *dst, int dw, const uint64_t *src, int sw)
{
    uint64_t carry = 0;
    int j = 0;
    for (; j < sw; j++) {
        uint64_t t = dst[j] + src[j];
        uint64_t c1 = t < src[j];
        dst[j] = t + carry;
        carry = c1 | (dst[j] < t);
    }
    for (; carry && j < dw; j++) {
        dst[j] += 1;
        carry = dst[j] == 0;
    }
    return !carry;
}

static int overflow(plugs *p)
{
    snprintf(p->error, sizeof p->error, "level %d: a count wider than its words (a bug)", p->level);
    return 0;
}

#define MOST_MOVES 3    /* moves of a pair (PLUGS_ENTRY: the number, then 3 moves) */
#define FAN_IN_BITS 13  /* a child's parents: 49 pairs x 3 moves x (42 flips or none) < 2^13 */

/* The words of a count of the next layer: the largest of L's, FAN_IN_BITS wider. */
static int next_words(const plugs *p, const layer *L)
{
    int cw = L->cw, bits = 0;
    const uint64_t *c = L->n == 0 ? NULL : L->down ? count_at(p, L, L->n - 1) : count_at(p, L, 0);
    for (size_t i = 0; i < L->n; i++, c += cw) {  /* the counts in the order they lie */
        int j = cw - 1;
        while (j > 0 && c[j] == 0)
            j--;
        if (64 * j + 64 <= bits)
            continue;
        int b = c[j] ? 64 * j + 64 - __builtin_clzll(c[j]) : 0;
        if (b > bits)
            bits = b;
    }
    return (bits + FAN_IN_BITS + 63) / 64;
}

static int add_total(plugs *p, const uint64_t *src, int sw)
{
    if (sw >= p->tw) {
        void *q = p->total;
        if (!charged(p, &q, (size_t)p->tw * 8, (size_t)(sw + 1) * 8))
            return 0;
        p->total = q;
        memset(p->total + p->tw, 0, (size_t)(sw + 1 - p->tw) * 8);
        p->tw = sw + 1;
    }
    return add_count(p->total, p->tw, src, sw) || overflow(p);
}

#define KEY uint64_t
#define NAME(x) x##_narrow
#define HASH(k) mix(k)
#define DIR 1
#define SIDE(x) x##_narrow_up
#include "plugs_sweep.h"
#undef DIR
#undef SIDE
#define DIR -1
#define SIDE(x) x##_narrow_down
#include "plugs_sweep.h"
#undef DIR
#undef SIDE
#undef KEY
#undef NAME
#undef HASH

#define KEY u128
#define NAME(x) x##_wide
#define HASH(k) mix((uint64_t)(k) ^ mix((uint64_t)((k) >> 64)))
#define DIR 1
#define SIDE(x) x##_wide_up
#include "plugs_sweep.h"
#undef DIR
#undef SIDE
#define DIR -1
#define SIDE(x) x##_wide_down
#include "plugs_sweep.h"
#undef DIR
#undef SIDE
#undef KEY
#undef NAME
#undef HASH

int plugs_moves_fit(int width, int levels, const int8_t *moves)
{
    for (int level = width - 1; level < levels; level += width)  /* nothing leaves the last column */
        for (int pair = 0; pair < PLUGS_PAIRS; pair++) {
            const int8_t *m = moves + ((size_t)level * PLUGS_PAIRS + pair) * PLUGS_ENTRY;
            for (int j = 0; j < m[0]; j++)
                if (m[2 + 3 * j] != 0 && m[3 + 3 * j] != PLUGS_CLOSE_LOOP)
                    return 0;
        }
    return 1;
}

plugs *plugs_new(int width, int levels, int weak, int wide, const int8_t *moves, size_t limit)
{
    if (width < 1 || width > PLUGS_MAX_WIDTH || levels < 0 || !plugs_moves_fit(width, levels, moves))
        return NULL;
    plugs *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->W = width;
    p->levels = levels;
    p->weak = weak;
    p->wide = wide || 3 * (width + 1) > 64;
    p->limit = limit;
    size_t bytes = (size_t)levels * PLUGS_PAIRS * PLUGS_ENTRY;
    p->moves = malloc(bytes ? bytes : 1);
    p->cur.cw = p->next.cw = 1;
    p->next.down = 1;
    if (p->moves == NULL || !room(p, &p->keys, 16, 0, 0) || !room(p, &p->cnt, 16, 0, 0)) {
        plugs_free(p);
        return NULL;
    }
    memcpy(p->moves, moves, bytes);
    memset(p->keys.base, 0, 16);   /* the one state, no plug, counted once */
    *count_at(p, &p->cur, 0) = 1;
    p->cur.n = 1;
    p->states = p->width = 1;
    return p;
}

void plugs_free(plugs *p)
{
    if (p == NULL)
        return;
    free(p->keys.base);
    free(p->cnt.base);
    free(p->table);
    free(p->total);
    free(p->moves);
    free(p);
}

int plugs_step(plugs *p)
{
    if (p->level >= p->levels)
        return PLUGS_OK;
    p->next.n = 0;
    p->next.down = !p->cur.down;
    p->next.cw = next_words(p, &p->cur);
    if (!new_table(p, p->cur.n))
        return PLUGS_ENOMEM;
    origins(p);
    int status = p->wide ? (p->next.down ? step_wide_down(p) : step_wide_up(p))
                         : (p->next.down ? step_narrow_down(p) : step_narrow_up(p));
    if (status != PLUGS_OK)
        return status;
    layer t = p->cur;
    p->cur = p->next;
    p->next = t;
    p->next.n = 0;
    p->level++;
    p->states += (long long)p->cur.n;
    if ((long long)p->cur.n > p->width)
        p->width = (long long)p->cur.n;
    /* the buffers cut to the layer they hold, if they hold much more */
    shrink(p, &p->keys, p->cur.n * key_size(p), top_keys(p, &p->cur));
    shrink(p, &p->cnt, p->cur.n * (size_t)p->cur.cw * 8, top_cnt(&p->cur));
    return PLUGS_OK;
}

void plugs_limit(plugs *p, size_t limit) { p->limit = limit; }

void plugs_counters(const plugs *p, long long out[7])
{
    out[0] = p->levels;
    out[1] = p->level;
    out[2] = p->states;
    out[3] = p->width;
    out[4] = (long long)p->used;
    out[5] = (long long)p->peak;
    out[6] = (long long)p->cur.n;
}

/* Is state s of the current layer the one with no plug? */
static int no_plug(const plugs *p, size_t s)
{
    return p->wide ? *key_at_wide(p, &p->cur, s) == 0 : *key_at_narrow(p, &p->cur, s) == 0;
}

const uint64_t *plugs_total(plugs *p, int *words)
{
    static const uint64_t zero = 0;
    if (!p->weak) {
        *words = p->tw;
        return p->tw ? p->total : (*words = 1, &zero);
    }
    for (size_t i = 0; i < p->cur.n; i++)
        if (no_plug(p, i)) {
            *words = p->cur.cw;
            return count_at(p, &p->cur, i);
        }
    *words = 1;
    return &zero;
}

const char *plugs_error(const plugs *p) { return p->error; }

size_t plugs_layer_size(const plugs *p) { return p->cur.n; }

int plugs_layer_words(const plugs *p) { return p->cur.cw; }

/* x as little-endian (the kept files' order) or back, whatever the host's. */
static inline uint64_t le64(uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(x);
#else
    return x;
#endif
}

void plugs_layer(const plugs *p, uint64_t *keys, uint64_t *cnt)
{
    const layer *L = &p->cur;
    for (size_t i = 0; i < L->n; i++) {
        u128 k = p->wide ? *key_at_wide(p, L, i) : *key_at_narrow(p, L, i);
        keys[2 * i] = le64((uint64_t)k);
        keys[2 * i + 1] = le64((uint64_t)(k >> 64));
        const uint64_t *c = count_at(p, L, i);
        for (int j = 0; j < L->cw; j++)
            cnt[i * (size_t)L->cw + j] = le64(c[j]);
    }
}

const uint64_t *plugs_closed(const plugs *p, int *words)
{
    *words = p->tw;
    return p->total;
}

int plugs_restore(plugs *p, int level, size_t n, int cw, const uint64_t *keys,
                  const uint64_t *cnt, int tw, const uint64_t *total, long long states,
                  long long width)
{
    int bits = 3 * (p->W + 1);
    if (level < 0 || level > p->levels || cw < 1 || tw < 0)
        return -1;
    for (size_t i = 0; i < n; i++) {  /* every key within the frontier's W + 1 plugs */
        uint64_t lo = le64(keys[2 * i]), hi = le64(keys[2 * i + 1]);
        if (bits < 64 ? (hi != 0 || lo >> bits != 0) : (bits < 128 && hi >> (bits - 64) != 0))
            return -1;
    }
    layer *L = &p->cur;
    L->n = 0;
    L->down = 0;
    L->cw = cw;
    p->next.down = 1;
    if (!room(p, &p->keys, n * key_size(p), 0, 0) || !room(p, &p->cnt, n * (size_t)cw * 8, 0, 0))
        return PLUGS_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        uint64_t lo = le64(keys[2 * i]), hi = le64(keys[2 * i + 1]);
        if (p->wide)
            *key_at_wide(p, L, i) = (u128)lo | (u128)hi << 64;
        else
            *key_at_narrow(p, L, i) = lo;
        uint64_t *c = count_at(p, L, i);
        for (int j = 0; j < cw; j++)
            c[j] = le64(cnt[i * (size_t)cw + j]);
    }
    L->n = n;
    if (tw > 0) {
        void *q = p->total;
        if (!charged(p, &q, (size_t)p->tw * 8, (size_t)tw * 8))
            return PLUGS_ENOMEM;
        p->total = q;
        for (int i = 0; i < tw; i++)
            p->total[i] = le64(total[i]);
        p->tw = tw;
    }
    p->level = level;
    p->states = states;
    p->width = width;
    return PLUGS_OK;
}
