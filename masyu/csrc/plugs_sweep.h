/* masyu/csrc/plugs_sweep.h: one level of the sweep, for one key type and one
 * side the next layer grows from (KEY, NAME, HASH, DIR defined by plugs.c,
 * which includes this file four times: DIR +1, the next layer at the buffers'
 * start, and -1, at their end; the functions of a key type alone are made
 * with DIR +1).  State s of the next layer is at next + DIR * s, of the
 * current at cur - DIR * s (next and cur its first state's). */

#if DIR > 0

/* The key of state s of L. */
static inline KEY *NAME(key_at)(const plugs *p, const layer *L, size_t s)
{
    KEY *b = (KEY *)p->keys.base;
    return L->down ? b + p->keys.bytes / sizeof(KEY) - 1 - s : b + s;
}

/* The position of the other end of the path whose end is at q. */
static int NAME(partner)(KEY key, int q, int W)
{
    int step = END[(key >> (3 * q)) & 7] == 1 ? 1 : -1, depth = 0;
    for (int r = q + step; r >= 0 && r <= W; r += step) {
        int e = END[(key >> (3 * r)) & 7];
        if (e == 0)
            continue;
        if ((e == 1) == (step == 1))
            depth++;
        else if (depth == 0)
            return r;
        else
            depth--;
    }
    return q;  /* unreachable: the ends nest */
}

#endif

/* The slot of key (hash hv) in the table: its state's, or the empty one it
 * would take.  A slot whose tag is not the key's is passed over without
 * reading its key (plugs.c, new_table). */
static inline size_t SIDE(slot)(const plugs *p, const KEY *next, KEY key, uint64_t hv)
{
    uint32_t m = p->tmask, tag = (uint32_t)(hv >> 32) & ~m;
    size_t h = hv & m;
    for (;;) {
        uint32_t e = p->table[h];
        if (e == 0 || ((e & ~m) == tag && next[DIR * ((ptrdiff_t)(e & m) - 1)] == key))
            return h;
        h = (h + 1) & m;
    }
}

/* Add count src (sw words) to the state key of the next layer, a new state if
 * need be (room for it made before: SIDE(room)). */
static inline int SIDE(put)(plugs *p, const KEY *next, KEY key, const uint64_t *src, int sw)
{
    uint64_t hv = HASH(key);
    size_t h = SIDE(slot)(p, next, key, hv);
    uint32_t e = p->table[h];
    int cw = p->next.cw;
    if (e != 0)
        return add_count(p->next_cnt + DIR * ((ptrdiff_t)(e & p->tmask) - 1) * cw, cw, src, sw)
               || overflow(p);
    size_t n = p->next.n;
    if (3 * p->tcap <= 4 * (n + 1)) {  /* a table twice as large, every key placed again */
        if (!new_table(p, n + 1))
            return 0;
        uint32_t m = p->tmask;
        for (size_t t = 0; t < n; t++) {
            uint64_t g = HASH(next[DIR * (ptrdiff_t)t]);
            uint32_t tag = (uint32_t)(g >> 32) & ~m;
            g &= m;
            while (p->table[g])
                g = (g + 1) & m;
            p->table[g] = tag | (uint32_t)(t + 1);
        }
        h = SIDE(slot)(p, next, key, hv);
    }
    ((KEY *)next)[DIR * (ptrdiff_t)n] = key;
    uint64_t *d = p->next_cnt + DIR * (ptrdiff_t)n * cw;
    int j = 0;
    for (; j < sw; j++)   /* sw <= cw */
        d[j] = src[j];
    for (; j < cw; j++)
        d[j] = 0;
    p->table[h] = ((uint32_t)(hv >> 32) & ~p->tmask) | (uint32_t)(n + 1);
    p->next.n = n + 1;
    return 1;
}

/* The most states the next layer may hold while `left` states of the current
 * are still to be expanded. */
static size_t SIDE(allowed)(const plugs *p, size_t left)
{
    size_t kb = p->keys.bytes / sizeof(KEY), cb = p->cnt.bytes / 8, cwc = (size_t)p->cur.cw;
    size_t by_keys = kb > left ? kb - left : 0;
    size_t by_cnt = cb > left * cwc ? (cb - left * cwc) / (size_t)p->next.cw : 0;
    return by_keys < by_cnt ? by_keys : by_cnt;
}

/* SIDE(allowed), the buffers grown first if it is under `need` (the origins
 * moved with them): 0 past the memory limit. */
static size_t SIDE(room)(plugs *p, size_t left, size_t need)
{
    size_t most = SIDE(allowed)(p, left);
    if (most >= need)
        return most;
    size_t ks = sizeof(KEY), cwc = (size_t)p->cur.cw, cwn = (size_t)p->next.cw, n = p->next.n;
    size_t kc = left * ks, cc = left * cwc * 8, kn = need * ks, cn = need * cwn * 8;
    int ok = DIR > 0 ? room(p, &p->keys, kn, kc, kc) && room(p, &p->cnt, cn, cc, cc)
                     : room(p, &p->keys, kc, kn, n * ks) && room(p, &p->cnt, cc, cn, n * cwn * 8);
    origins(p);
    return ok ? SIDE(allowed)(p, left) : 0;  /* grown for need: at least so many */
}

/* The states of the current layer are taken from the last, the one nearest
 * the middle of the buffers, and the next layer grows from the other end into
 * the room they leave. */
static int SIDE(step)(plugs *p)
{
    layer *cur = &p->cur;
    int W = p->W, c = p->level % W, cw = cur->cw;
    const int8_t *mv = p->moves + (size_t)p->level * PLUGS_PAIRS * PLUGS_ENTRY;
    unsigned shift = 3u * (unsigned)c;
    KEY all = (((KEY)1) << (3 * (W + 1))) - 1, clear = ~(((KEY)63) << shift);
    size_t most = 0;  /* the next layer's states allowed, for a current layer larger than now */
    for (size_t i = cur->n; i-- > 0;) {
        if (p->next.n + MOST_MOVES > most &&
            (most = SIDE(room)(p, i + 1, p->next.n + MOST_MOVES)) == 0)
            return PLUGS_ENOMEM;
        const KEY *next = p->next_key;
        KEY key = ((const KEY *)p->cur_key)[-DIR * (ptrdiff_t)i];
        unsigned lv = (unsigned)((key >> shift) & 7), uv = (unsigned)((key >> (shift + 3)) & 7);
        const int8_t *m = mv + (lv * 7 + uv) * PLUGS_ENTRY;
        KEY base = key & clear;
        for (int j = 0; j < m[0]; j++) {
            const int8_t *e = m + 1 + 3 * j;
            const uint64_t *n = p->cur_cnt - DIR * (ptrdiff_t)i * cw;  /* kept: left is i + 1 */
            KEY child = base | ((KEY)e[0] << shift) | ((KEY)e[1] << (shift + 3));
            if (e[2] == PLUGS_CLOSE_LOOP) {
                if (base == 0 && !add_total(p, n, cw))
                    return PLUGS_ENOMEM;
                continue;
            }
            if (e[2] != PLUGS_JOIN) {
                int q = NAME(partner)(key, c + (e[2] == PLUGS_FLIP_RIGHT), W);
                KEY v = (child >> (3 * q)) & 7;
                child = (child & ~(((KEY)7) << (3 * q))) | ((v <= 3 ? v + 3 : v - 3) << (3 * q));
            }
            if (c == W - 1)
                child = (child << 3) & all;
            if (!SIDE(put)(p, next, child, n, cw))
                return PLUGS_ENOMEM;
        }
    }
    cur->n = 0;
    return PLUGS_OK;
}
