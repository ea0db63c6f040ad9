/* masyu/csrc/plugs_sweep.h: one level of the sweep, for one key type (KEY,
 * NAME, HASH defined by plugs.c, which includes this file once per type). */

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

/* Add count src (sw words) to the state key of L, a new state if need be. */
static int NAME(put)(plugs *p, layer *L, KEY key, const uint64_t *src, int sw)
{
    KEY *keys = L->keys;
    size_t h = HASH(key) & (L->tcap - 1);
    for (;;) {
        uint32_t s = L->table[h];
        if (s == 0)
            break;
        if (keys[s - 1] == key) {
            add_count(L->cnt + (size_t)(s - 1) * L->cw, src, sw);
            return 1;
        }
        h = (h + 1) & (L->tcap - 1);
    }
    if (L->n == L->cap || 2 * (L->n + 1) > L->tcap) {  /* grow, then place every key again */
        if (!layer_room(p, L, L->n == L->cap ? 2 * L->cap : L->n + 1, L->cw))
            return 0;
        keys = L->keys;
        for (size_t i = 0; i < L->n; i++) {
            size_t g = HASH(keys[i]) & (L->tcap - 1);
            while (L->table[g])
                g = (g + 1) & (L->tcap - 1);
            L->table[g] = (uint32_t)(i + 1);
        }
        h = HASH(key) & (L->tcap - 1);
        while (L->table[h])
            h = (h + 1) & (L->tcap - 1);
    }
    keys = L->keys;
    keys[L->n] = key;
    uint64_t *d = L->cnt + L->n * (size_t)L->cw;
    memset(d, 0, (size_t)L->cw * 8);
    add_count(d, src, sw);
    L->table[h] = (uint32_t)(++L->n);
    return 1;
}

/* The states of the current layer are taken from the last, and its arrays
 * cut to what is left each time that falls to half of them, so that the
 * layer shrinks as the next one grows: the memory held is about the larger
 * of the two, not their sum. */
static int NAME(step)(plugs *p)
{
    layer *cur = &p->cur, *nx = &p->next;
    int W = p->W, c = p->level % W, cw = cur->cw;
    release(p, cur->table, cur->tcap * 4);  /* not asked again: the next layer has its own */
    cur->table = NULL;
    cur->tcap = 0;
    nx->n = 0;
    if (!layer_room(p, nx, cur->n, sum_words(cur)))
        return PLUGS_ENOMEM;
    const int8_t *mv = p->moves + (size_t)p->level * PLUGS_PAIRS * PLUGS_ENTRY;
    unsigned shift = 3u * (unsigned)c;
    KEY all = (((KEY)1) << (3 * (W + 1))) - 1, clear = ~(((KEY)63) << shift);
    for (size_t i = cur->n; i-- > 0;) {
        KEY key = ((const KEY *)cur->keys)[i];
        unsigned lv = (unsigned)((key >> shift) & 7), uv = (unsigned)((key >> (shift + 3)) & 7);
        const int8_t *m = mv + (lv * 7 + uv) * PLUGS_ENTRY;
        const uint64_t *n = cur->cnt + i * (size_t)cw;
        KEY base = key & clear;
        for (int j = 0; j < m[0]; j++) {
            const int8_t *e = m + 1 + 3 * j;
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
            if (!NAME(put)(p, nx, child, n, cw))
                return PLUGS_ENOMEM;
        }
        if (i <= cur->cap / 2 && cur->cap > CUT_ABOVE)
            layer_cut(p, cur, i);
    }
    cur->n = 0;
    if (nx->cap > CUT_ABOVE)
        layer_cut(p, nx, nx->n);  /* the room past its states back (its table stays) */
    return PLUGS_OK;
}
