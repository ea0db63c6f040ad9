/* masyu/csrc/plugs.c: the frontier of plugs (plugs.h).  The layer's keys are
 * the W + 1 plugs of 3 bits, position i at bits 3i, in one 64-bit word up to
 * 20 columns and in 128 bits up to 41 (plugs_sweep.h, compiled once for each
 * key type); the counts are multiword, all of one width per layer, the width
 * of the sum of the layer before (a child's count is at most that sum).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugs.h"

typedef unsigned __int128 u128;

typedef struct {
    size_t n, cap;      /* states, room */
    void *keys;         /* n keys of the sweep's key type */
    uint64_t *cnt;      /* n * cw words */
    int cw;             /* words per count */
    uint32_t *table;    /* open addressing: state + 1, 0 empty */
    size_t tcap;        /* a power of two, at least twice n */
} layer;

struct plugs {
    int W, levels, level, weak, wide;
    int8_t *moves;
    layer cur, next;
    uint64_t *total;    /* strong: the loops closed */
    int tw;
    long long states, width;
    size_t used, peak, limit;
    char error[200];
};

static const int8_t END[8] = {0, 1, 1, 1, 2, 2, 2, 0};

static void *charged(plugs *p, void *old, size_t before, size_t after)
{
    if (after > before && p->used + (after - before) > p->limit) {
        snprintf(p->error, sizeof p->error,
                 "level %d: %zu more bytes (holding %zu) would pass the memory limit of %zu",
                 p->level, after - before, p->used, p->limit);
        return NULL;
    }
    void *q = realloc(old, after ? after : 1);
    if (q == NULL) {
        snprintf(p->error, sizeof p->error, "level %d: the system refused %zu bytes",
                 p->level, after);
        return NULL;
    }
    p->used = p->used - before + after;
    if (p->used > p->peak)
        p->peak = p->used;
    return q;
}

static void release(plugs *p, void *q, size_t bytes)
{
    free(q);
    p->used -= bytes;
}

static size_t key_size(const plugs *p) { return p->wide ? sizeof(u128) : sizeof(uint64_t); }

static void layer_free(plugs *p, layer *L)
{
    release(p, L->keys, L->cap * key_size(p));
    release(p, L->cnt, L->cap * (size_t)L->cw * 8);
    release(p, L->table, L->tcap * 4);
    memset(L, 0, sizeof *L);
}

/* Room for n states of cw words (keeping the first L->n), and a table of at
 * least 2n slots (emptied: the caller fills it again). */
static int layer_room(plugs *p, layer *L, size_t n, int cw)
{
    size_t ks = key_size(p);
    if (n > L->cap || cw != L->cw) {
        size_t cap = L->cap > n ? L->cap : (L->cap ? L->cap : 64);
        while (cap < n)
            cap *= 2;
        void *k = charged(p, L->keys, L->cap * ks, cap * ks);
        if (k == NULL)
            return 0;
        L->keys = k;
        uint64_t *c = charged(p, L->cnt, L->cap * (size_t)L->cw * 8, cap * (size_t)cw * 8);
        if (c == NULL) {  /* keep the keys' room: its charge follows L->cap */
            L->keys = charged(p, L->keys, cap * ks, L->cap * ks);
            return 0;
        }
        L->cnt = c;
        L->cap = cap;
        L->cw = cw;
    }
    size_t t = 16;
    while (t < 2 * n)
        t *= 2;
    if (t != L->tcap) {
        uint32_t *tb = charged(p, L->table, L->tcap * 4, t * 4);
        if (tb == NULL)
            return 0;
        L->table = tb;
        L->tcap = t;
    }
    memset(L->table, 0, L->tcap * 4);
    return 1;
}

/* Cut the arrays of L to its first n states (their memory back to the system). */
#define CUT_ABOVE (1u << 20) /* states: smaller layers are not cut (the cuts cost page faults) */
static void layer_cut(plugs *p, layer *L, size_t n)
{
    size_t ks = key_size(p), w = (size_t)L->cw * 8;
    void *k = realloc(L->keys, n * ks ? n * ks : 1);
    uint64_t *c = realloc(L->cnt, n * w ? n * w : 1);
    if (k != NULL)
        L->keys = k;
    if (c != NULL)
        L->cnt = c;
    if (k != NULL && c != NULL) {
        p->used -= (L->cap - n) * (ks + w);
        L->cap = n;
        L->n = n;
    }
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

/* dst (cw words) += src (sw <= cw words); no carry out (the width is the sum's). */
static inline void add_count(uint64_t *dst, const uint64_t *src, int sw)
{
    uint64_t carry = 0;
    int j = 0;
    for (; j < sw; j++) {
        uint64_t t = dst[j] + src[j];
        uint64_t c1 = t < src[j];
        dst[j] = t + carry;
        carry = c1 | (dst[j] < t);
    }
    for (; carry; j++) {
        dst[j] += 1;
        carry = dst[j] == 0;
    }
}

/* The words of the sum of the current layer's counts: the next layer's width. */
static int sum_words(const layer *L)
{
    int w = L->cw + 1;
    uint64_t acc[w];
    memset(acc, 0, sizeof acc);
    for (size_t i = 0; i < L->n; i++)
        add_count(acc, L->cnt + i * (size_t)L->cw, L->cw);
    while (w > 1 && acc[w - 1] == 0)
        w--;
    return w;
}

static int add_total(plugs *p, const uint64_t *src, int sw)
{
    int need = (sw > p->tw ? sw : p->tw) + 1;
    if (need > p->tw) {
        uint64_t *t = charged(p, p->total, (size_t)p->tw * 8, (size_t)need * 8);
        if (t == NULL)
            return 0;
        memset(t + p->tw, 0, (size_t)(need - p->tw) * 8);
        p->total = t;
        p->tw = need;
    }
    add_count(p->total, src, sw);
    return 1;
}

#define KEY uint64_t
#define NAME(x) x##_narrow
#define HASH(k) mix(k)
#include "plugs_sweep.h"
#undef KEY
#undef NAME
#undef HASH

#define KEY u128
#define NAME(x) x##_wide
#define HASH(k) mix((uint64_t)(k) ^ mix((uint64_t)((k) >> 64)))
#include "plugs_sweep.h"
#undef KEY
#undef NAME
#undef HASH

plugs *plugs_new(int width, int levels, int weak, int wide, const int8_t *moves, size_t limit)
{
    if (width < 1 || width > PLUGS_MAX_WIDTH || levels < 0)
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
    if (p->moves == NULL || !layer_room(p, &p->cur, 1, 1)) {
        plugs_free(p);
        return NULL;
    }
    memcpy(p->moves, moves, bytes);
    if (p->wide)
        ((u128 *)p->cur.keys)[0] = 0;
    else
        ((uint64_t *)p->cur.keys)[0] = 0;
    p->cur.cnt[0] = 1;
    p->cur.n = 1;
    p->states = p->width = 1;
    return p;
}

void plugs_free(plugs *p)
{
    if (p == NULL)
        return;
    layer_free(p, &p->cur);
    layer_free(p, &p->next);
    free(p->total);
    free(p->moves);
    free(p);
}

int plugs_step(plugs *p)
{
    if (p->level >= p->levels)
        return PLUGS_OK;
    int status = p->wide ? step_wide(p) : step_narrow(p);
    if (status != PLUGS_OK)
        return status;
    layer t = p->cur;
    p->cur = p->next;
    p->next = t;
    p->level++;
    p->states += (long long)p->cur.n;
    if ((long long)p->cur.n > p->width)
        p->width = (long long)p->cur.n;
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

const uint64_t *plugs_total(plugs *p, int *words)
{
    static const uint64_t zero = 0;
    if (!p->weak) {
        *words = p->tw;
        return p->tw ? p->total : (*words = 1, &zero);
    }
    for (size_t i = 0; i < p->cur.n; i++) {  /* the state with no plug */
        int none = p->wide ? ((u128 *)p->cur.keys)[i] == 0 : ((uint64_t *)p->cur.keys)[i] == 0;
        if (none) {
            *words = p->cur.cw;
            return p->cur.cnt + i * (size_t)p->cur.cw;
        }
    }
    *words = 1;
    return &zero;
}

const char *plugs_error(const plugs *p) { return p->error; }

size_t plugs_layer_size(const plugs *p) { return p->cur.n; }

int plugs_layer_words(const plugs *p) { return p->cur.cw; }

void plugs_layer(const plugs *p, uint64_t *keys, uint64_t *cnt)
{
    const layer *L = &p->cur;
    for (size_t i = 0; i < L->n; i++) {
        if (p->wide) {
            u128 k = ((const u128 *)L->keys)[i];
            keys[2 * i] = (uint64_t)k;
            keys[2 * i + 1] = (uint64_t)(k >> 64);
        } else {
            keys[2 * i] = ((const uint64_t *)L->keys)[i];
            keys[2 * i + 1] = 0;
        }
    }
    memcpy(cnt, L->cnt, L->n * (size_t)L->cw * 8);
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
        uint64_t lo = keys[2 * i], hi = keys[2 * i + 1];
        if (bits < 64 ? (hi != 0 || lo >> bits != 0) : (bits < 128 && hi >> (bits - 64) != 0))
            return -1;
    }
    layer *L = &p->cur;
    L->n = 0;
    if (!layer_room(p, L, n, cw))
        return PLUGS_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        if (p->wide)
            ((u128 *)L->keys)[i] = (u128)keys[2 * i] | (u128)keys[2 * i + 1] << 64;
        else
            ((uint64_t *)L->keys)[i] = keys[2 * i];
    }
    memcpy(L->cnt, cnt, n * (size_t)cw * 8);
    L->n = n;
    if (tw > 0) {
        uint64_t *t = charged(p, p->total, (size_t)p->tw * 8, (size_t)tw * 8);
        if (t == NULL)
            return PLUGS_ENOMEM;
        memcpy(t, total, (size_t)tw * 8);
        p->total = t;
        p->tw = tw;
    }
    p->level = level;
    p->states = states;
    p->width = width;
    return PLUGS_OK;
}
