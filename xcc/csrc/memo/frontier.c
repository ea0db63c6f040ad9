/* xcc/csrc/memo/frontier.c: the states of one level of the memoized search.
 * Python twin: xcc/engines/memo/frontier.py (Work, children, accepts); the
 * same rules in the same order, so both find the same children.
 *
 * Called by the driver (memo.c); calls only the memory (memory.c): memo.h.
 *
 * A state is packed into the key words of its layout: each slot (primary
 * item, secondary item, vertex, closed flag) has a word, a shift and a
 * width, computed by native.py.  The work state is unpacked into arrays
 * indexed by item and vertex; an option's changes go on a trail and are
 * undone after its child is packed, as dancing links undo a cover.
 */
#include <string.h>

#include "memo.h"

static inline uint64_t slot_value(const uint64_t *key, const memo_plan *p, int s)
{
    int bits = p->slot_bits[s];
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    return (key[p->slot_word[s]] >> p->slot_shift[s]) & mask;
}

enum { IX_BUCKETS = 64, IX_ROOM = 1 << 14 };  /* the most buckets, entries of the option index */

/* Layout k cut by kind: out = [start, end of primary, end of secondary,
 * end of vertex, end] (the slots are in that order: memo_check). */
static void cut_layout(const memo_plan *p, int k, int *out)
{
    int s = p->lay_start[k], end = p->lay_start[k + 1];
    out[0] = s;
    for (int kind = SLOT_PRIMARY; kind <= SLOT_VERTEX; kind++) {
        while (s < end && p->slot_kind[s] == kind)
            s++;
        out[kind + 1] = s;
    }
    out[4] = end;
}

/* The slots of a cut layout as runs of one kind in one key word: run r is
 * slots [at[r], at[r+1]) of kind kind[r] in word word[r]; how many runs. */
static int cut_runs(const memo_plan *p, const int *lay, int32_t *at, int32_t *kind, int32_t *word)
{
    int n = 0;
    for (int s = lay[0]; s < lay[4]; s++)
        if (s == lay[0] || p->slot_kind[s] != p->slot_kind[s - 1]
            || p->slot_word[s] != p->slot_word[s - 1]) {
            at[n] = s;
            kind[n] = p->slot_kind[s];
            word[n++] = p->slot_word[s];
        }
    at[n] = lay[4];
    return n;
}

int frontier_reserve(memo *m)
{
    const memo_plan *p = &m->p;
    size_t longest = 0;
    for (int o = 0; o < p->noptions; o++) {
        size_t len = (size_t)(p->opt_start[o + 1] - p->opt_start[o]);
        if (len > longest)
            longest = len;
    }
    size_t edges = p->has_cycle ? (size_t)p->ie_start[p->nsec] : 0;
    m->trail_cap = longest + 5 * edges + 8;  /* per edge: 2 degrees, 2 mates, closed */
    m->newly = memo_alloc(m, sizeof(int32_t) * 2 * (longest + 1));
    m->changed = memo_alloc(m, sizeof(int32_t) * (longest + 1));
    size_t groups = (size_t)p->wg_start[p->levels + 1], most = 1;
    for (int k = 0; k <= p->levels; k++) {
        size_t g0 = (size_t)p->wg_start[k], g1 = (size_t)p->wg_start[k + 1];
        size_t e = (size_t)(p->s_start[p->g_start[g1]] - p->s_start[p->g_start[g0]]);
        if (e > most)
            most = e;
    }
    m->gi_head = memo_alloc(m, sizeof(int32_t) * ((size_t)p->n1 + (size_t)p->nsec + 1));
    m->gi_next = memo_alloc(m, sizeof(int32_t) * most);
    m->gi_group = memo_alloc(m, sizeof(int32_t) * most);
    m->gi_item = memo_alloc(m, sizeof(int32_t) * most);
    m->fresh = memo_alloc(m, sizeof(int32_t) * (groups + 1));
    m->gstamp = memo_alloc(m, sizeof(uint32_t) * (groups + 1));
    if (!m->changed || !m->gi_head || !m->gi_next || !m->gi_group || !m->gi_item || !m->fresh || !m->gstamp)
        return 0;
    memset(m->gi_head, 0xff, sizeof(int32_t) * ((size_t)p->n1 + (size_t)p->nsec + 1));
    memset(m->gstamp, 0, sizeof(uint32_t) * (groups + 1));
    m->cov = memo_alloc(m, sizeof(int32_t) * ((size_t)p->n1 + 1));
    m->val = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nsec + 1));
    m->deg = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nverts + 1));
    m->mate = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nverts + 1));
    m->vpos = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nverts + 1));
    m->trail_at = memo_alloc(m, sizeof(int32_t *) * m->trail_cap);
    m->trail_old = memo_alloc(m, sizeof(int32_t) * m->trail_cap);
    int words = 1;
    for (int k = 0; k <= p->levels; k++)
        if (p->lay_words[k] > words)
            words = p->lay_words[k];
    m->key = memo_alloc(m, sizeof(uint64_t) * (size_t)words);
    /* runs: at most one per slot, or per kind in each word */
    size_t most_slots = 1;
    for (int k = 0; k <= p->levels; k++)
        if ((size_t)(p->lay_start[k + 1] - p->lay_start[k]) > most_slots)
            most_slots = (size_t)(p->lay_start[k + 1] - p->lay_start[k]);
    m->run_at = memo_alloc(m, sizeof(int32_t) * (most_slots + 2));
    m->run_kind = memo_alloc(m, sizeof(int32_t) * (most_slots + 1));
    m->run_word = memo_alloc(m, sizeof(int32_t) * (most_slots + 1));
    if (!m->run_at || !m->run_kind || !m->run_word)
        return 0;
    m->leave = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nverts + 1));
    m->vtab = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nverts + 2));
    if (!m->vtab)
        return 0;
    /* the option index: at most IX_BUCKETS buckets of a level's options */
    size_t most_own = 1;
    for (int k = 0; k < p->levels; k++)
        if ((size_t)(p->own_start[k + 1] - p->own_start[k]) > most_own)
            most_own = (size_t)(p->own_start[k + 1] - p->own_start[k]);
    m->ix_cap = most_own > IX_ROOM ? most_own : IX_ROOM;
    m->maxc = 0;
    for (int e = 0; e < p->opt_start[p->noptions]; e++)
        if (p->opt_color[e] > m->maxc)
            m->maxc = p->opt_color[e];
    m->ix_start = memo_alloc(m, sizeof(int32_t) * (IX_BUCKETS + 1));
    m->ix_opt = memo_alloc(m, sizeof(int32_t) * m->ix_cap);
    m->sec_mark = memo_alloc(m, sizeof(int32_t) * ((size_t)p->nsec + 1));
    if (!m->ix_start || !m->ix_opt || !m->sec_mark)
        return 0;
    memset(m->sec_mark, 0, sizeof(int32_t) * ((size_t)p->nsec + 1));
    if (!m->leave || !m->cov || !m->val || !m->deg || !m->mate || !m->vpos || !m->trail_at
        || !m->trail_old || !m->key || !m->newly)
        return 0;
    memset(m->cov, 0, sizeof(int32_t) * ((size_t)p->n1 + 1));
    memset(m->val, 0, sizeof(int32_t) * ((size_t)p->nsec + 1));
    memset(m->deg, 0, sizeof(int32_t) * ((size_t)p->nverts + 1));
    memset(m->mate, 0, sizeof(int32_t) * ((size_t)p->nverts + 1));
    return 1;
}

/* The value of secondary item x names an option's color c without a clash:
 * 0 unnamed, 1 named without a color, 1 + c colored c (frontier_apply). */
static int fits(int32_t have, int32_t c) { return have == 0 || (c != 0 && have == 1 + c); }

/* Index the options of level k by the values of the (up to) two secondary
 * items of L_k that most of them name: bucket b = v0 * base1 + v1 lists the
 * options, in level order, that fit values v0 and v1.  A level whose
 * buckets would be too many keeps one bucket, every option. */
static void index_options(memo *m, int k)
{
    const memo_plan *p = &m->p;
    int n1 = p->n1, t0 = p->own_start[k], t1 = p->own_start[k + 1];
    int32_t best[2] = {-1, -1}, bestn[2] = {0, 0};
    for (int s = m->lay_cur[1]; s < m->lay_cur[2]; s++)
        m->sec_mark[p->slot_id[s]] = 1;
    /* how many options of the level name each item of L_k (sec_mark - 1) */
    for (int t = t0; t < t1; t++)
        for (int e = p->opt_start[p->own_opt[t]]; e < p->opt_start[p->own_opt[t] + 1]; e++) {
            int32_t i = p->opt_item[e];
            if (i >= n1 && m->sec_mark[i - n1])
                m->sec_mark[i - n1]++;
        }
    /* the two named most (ties: the first in the layout) */
    for (int s = m->lay_cur[1]; s < m->lay_cur[2]; s++) {
        int32_t x = p->slot_id[s], n = m->sec_mark[x] - 1;
        m->sec_mark[x] = 0;
        if (n > bestn[0]) {
            best[1] = best[0];
            bestn[1] = bestn[0];
            best[0] = x;
            bestn[0] = n;
        } else if (n > bestn[1]) {
            best[1] = x;
            bestn[1] = n;
        }
    }
    int32_t values = m->maxc + 2;  /* 0, 1, 1 + c */
    int items = best[0] < 0 ? 0 : best[1] < 0 || values * values > IX_BUCKETS ? 1 : 2;
    if (values > IX_BUCKETS)
        items = 0;
    /* the index's room and the time to build it stay small */
    if (items == 2 && (t1 - t0) * values * values > IX_ROOM)
        items = 1;
    if (items == 1 && (t1 - t0) * values > IX_ROOM)
        items = 0;
    m->ix_item[0] = items > 0 ? best[0] : -1;
    m->ix_item[1] = items > 1 ? best[1] : -1;
    m->ix_base[0] = items > 1 ? values : 1;
    m->ix_base[1] = 1;
    m->ix_buckets = items == 0 ? 1 : items == 1 ? values : values * values;
    int32_t n = 0;
    for (int b = 0; b < m->ix_buckets; b++) {
        int32_t v[2] = {items > 1 ? b / values : b, items > 1 ? b % values : 0};
        m->ix_start[b] = n;
        for (int t = t0; t < t1; t++) {
            int o = p->own_opt[t], ok = 1;
            for (int e = p->opt_start[o]; ok && e < p->opt_start[o + 1]; e++)
                for (int j = 0; j < items; j++)
                    if (p->opt_item[e] == n1 + m->ix_item[j] && !fits(v[j], p->opt_color[e]))
                        ok = 0;
            if (ok)
                m->ix_opt[n++] = o;
        }
    }
    m->ix_start[m->ix_buckets] = n;
}

const int32_t *frontier_options(const memo *m, int k, int *n)
{
    (void)k;  /* indexed by frontier_begin_level */
    int b = 0;
    if (m->ix_item[0] >= 0)
        b = m->val[m->ix_item[0]] * m->ix_base[0] + (m->ix_item[1] >= 0 ? m->val[m->ix_item[1]] : 0);
    *n = m->ix_start[b + 1] - m->ix_start[b];
    return m->ix_opt + m->ix_start[b];
}

void frontier_begin_level(memo *m, int k)
{
    const memo_plan *p = &m->p;
    cut_layout(p, k, m->lay_cur);
    cut_layout(p, k + 1, m->lay_next);
    m->nruns = cut_runs(p, m->lay_next, m->run_at, m->run_kind, m->run_word);
    m->vs_cur = m->lay_cur[2];
    int j = 0;
    for (int s = m->lay_next[2]; s < m->lay_next[3]; s++)
        m->vpos[p->slot_id[s]] = j++;
    m->vtab[0] = m->vtab[1] = 0;  /* values 0 and 1 have no mate: any vertex */
    for (int s = m->lay_cur[2]; s < m->lay_cur[3]; s++)
        m->vtab[2 + s - m->lay_cur[2]] = p->slot_id[s];
    index_options(m, k);
    /* The vertices that leave the work at level k (checked by frontier_after). */
    m->nleave = 0;
    if (p->has_cycle)
        for (int t = p->wv_start[k]; t < p->wv_start[k + 1]; t++)
            if (p->vlast[p->wv[t]] == k)
                m->leave[m->nleave++] = p->wv[t];
    /* The groups of layout k+1: the fresh ones, and for the others, by item. */
    for (int t = 0; t < m->gi_n; t++)
        m->gi_head[m->gi_item[t]] = -1;  /* undo the last level's lists */
    m->gi_n = m->nfresh = 0;
    for (int g = p->wg_start[k + 1]; g < p->wg_start[k + 2]; g++) {
        if (p->g_fresh[g]) {
            m->fresh[m->nfresh++] = g;
            continue;
        }
        for (int e = p->s_start[p->g_start[g]]; e < p->s_start[p->g_start[g + 1]]; e++) {
            int32_t i = p->e_item[e];
            m->gi_group[m->gi_n] = g;
            m->gi_item[m->gi_n] = i;
            m->gi_next[m->gi_n] = m->gi_head[i];
            m->gi_head[i] = m->gi_n++;
        }
    }
}

void frontier_unpack(memo *m, int k, const uint64_t *key)
{
    (void)k;  /* layout k was cut by frontier_begin_level */
    const memo_plan *p = &m->p;
    const int32_t *word = p->slot_word, *shift = p->slot_shift, *bits = p->slot_bits;
    const int32_t *id = p->slot_id;
    const int *c = m->lay_cur;
    int s = c[0];
    for (; s < c[1]; s++)
        m->cov[id[s]] = (int32_t)((key[word[s]] >> shift[s]) & 1);
    for (; s < c[2]; s++)
        m->val[id[s]] = (int32_t)((key[word[s]] >> shift[s]) & (((uint64_t)1 << bits[s]) - 1));
    int32_t *deg = m->deg, *mate = m->mate;
    const int32_t *vtab = m->vtab;  /* the mate of value >= 2 (without a branch) */
    for (; s < c[3]; s++) {
        int32_t value = (int32_t)((key[word[s]] >> shift[s]) & (((uint64_t)1 << bits[s]) - 1));
        int32_t v = id[s];
        deg[v] = value >= 2 ? 1 : 2 * value;
        mate[v] = vtab[value];  /* read only at degree 1 */
    }
    if (s < c[4])
        m->closed = (int32_t)((key[word[s]] >> shift[s]) & 1);
    m->trail_n = 0;
    m->nchanged = 0;
    m->closures = 0;
}

static inline void set(memo *m, int32_t *at, int32_t value)
{
    m->trail_at[m->trail_n] = at;
    m->trail_old[m->trail_n++] = *at;
    *at = value;
}

size_t frontier_mark(const memo *m) { return m->trail_n; }

void frontier_undo(memo *m, size_t mark)
{
    while (m->trail_n > mark) {
        m->trail_n--;
        *m->trail_at[m->trail_n] = m->trail_old[m->trail_n];
    }
}

/* The cycle closes at level k: nothing else open, every required vertex on it. */
static int close_cycle(memo *m, int k, int32_t u, int32_t v)
{
    const memo_plan *p = &m->p;
    if (p->required_later[k])
        return 0;
    for (int j = p->wv_start[k]; j < p->wv_start[k + 1]; j++) {
        int32_t w = p->wv[j], d = m->deg[w];
        if ((d == 1 && w != u && w != v) || (d == 0 && p->required[w]))
            return 0;
    }
    set(m, &m->closed, 1);
    return 1;
}

/* Edge u-v appears (the rules of xcc.cycle.CycleGuard.add). */
static int add_edge(memo *m, int k, int32_t u, int32_t v)
{
    if (m->closed || u == v)
        return 0;
    int32_t du = m->deg[u], dv = m->deg[v];
    if (du == 2 || dv == 2)
        return 0;
    if (du == 1 && dv == 1 && m->mate[u] == v) {
        if (m->p.has_cycle != 2)
            return close_cycle(m, k, u, v);
        set(m, &m->deg[u], 2);  /* several cycles: one more, the others go on */
        set(m, &m->deg[v], 2);
        set(m, &m->closures, m->closures + 1);
        return 1;
    }
    int32_t a = du ? m->mate[u] : u, b = dv ? m->mate[v] : v;
    set(m, &m->deg[u], du + 1);
    set(m, &m->deg[v], dv + 1);
    set(m, &m->mate[a], b);
    set(m, &m->mate[b], a);
    return 1;
}

int frontier_apply(memo *m, int k, int option)
{
    const memo_plan *p = &m->p;
    int n1 = p->n1, newly = 0;
    int start = p->opt_start[option], end = p->opt_start[option + 1];
    /* One pass, checking and writing: the options the index gives
     * (frontier_options) seldom clash (6% of them on the empty 10x10), and a
     * clash part way is undone by the caller with the rest (frontier_undo). */
    m->nchanged = 0;
    for (int e = start; e < end; e++) {
        int32_t i = p->opt_item[e], c = p->opt_color[e];
        if (i < n1) {
            if (m->cov[i])
                return 0;
            set(m, &m->cov[i], 1);
            m->changed[m->nchanged++] = i;
            continue;
        }
        int32_t x = i - n1, have = m->val[x];
        if (c == 0) {
            if (have)
                return 0;
            set(m, &m->val[x], 1);
            m->changed[m->nchanged++] = i;
        } else if (have == 0) {
            set(m, &m->val[x], 1 + c);
            m->changed[m->nchanged++] = i;
            m->newly[2 * newly] = x;
            m->newly[2 * newly++ + 1] = c;
        } else if (have != 1 + c) {
            return 0;
        }
    }
    if (!p->has_cycle)
        return 1;
    /* The edges of the items this option colors first, in entry order. */
    for (int t = 0; t < newly; t++) {
        int32_t x = m->newly[2 * t], c = m->newly[2 * t + 1];
        for (int j = p->ie_start[x]; j < p->ie_start[x + 1]; j++)
            if (p->ie_color[j] == c && !add_edge(m, k, p->ie_u[j], p->ie_v[j]))
                return 0;
    }
    return 1;
}

/* The work state packed into m->key for layout k+1: run by run (slots of
 * one kind in one key word: frontier_begin_level), each gathered in a
 * register and or-ed into its word. */
static void pack(memo *m, int k)
{
    const memo_plan *p = &m->p;
    const int32_t *shift = p->slot_shift, *id = p->slot_id;
    const int32_t *deg = m->deg, *mate = m->mate, *vpos = m->vpos;
    uint64_t *key = m->key;
    for (int32_t z = 0; z < p->lay_words[k]; z++)
        key[z] = 0;
    for (int r = 0; r < m->nruns; r++) {
        int s = m->run_at[r], end = m->run_at[r + 1];
        uint64_t acc = 0;
        switch (m->run_kind[r]) {
        case SLOT_PRIMARY:
            for (; s < end; s++)
                acc |= (uint64_t)m->cov[id[s]] << shift[s];
            break;
        case SLOT_SECONDARY:
            for (; s < end; s++)
                acc |= (uint64_t)m->val[id[s]] << shift[s];
            break;
        case SLOT_VERTEX:
            if (m->closed)  /* a closed cycle: every vertex 0 */
                break;
            for (; s < end; s++) {  /* mate[v] is a vertex, read or not: no branch */
                int32_t v = id[s], d = deg[v];
                uint64_t at = 2 + (uint64_t)vpos[mate[v]];
                acc |= (d == 1 ? at : (uint64_t)(d >> 1)) << shift[s];
            }
            break;
        default:  /* SLOT_CLOSED */
            acc = (uint64_t)m->closed << shift[s];
        }
        key[m->run_word[r]] |= acc;
    }
}

/* Group g agrees with the work state: its item is covered, or one of its
 * signatures agrees (twin: Work.agrees, one group). */
static int group_agrees(const memo *m, int g)
{
    const memo_plan *p = &m->p;
    int n1 = p->n1;
    if (m->cov[p->g_item[g]])
        return 1;
    for (int s = p->g_start[g]; s < p->g_start[g + 1]; s++) {
        int e = p->s_start[s];
        for (; e < p->s_start[s + 1]; e++) {
            int32_t i = p->e_item[e], c = p->e_color[e];
            if (i < n1) {
                if (m->cov[i])
                    break;
            } else {
                int32_t have = m->val[i - n1];
                if (have && (c == 0 || have != 1 + c))
                    break;
            }
        }
        if (e == p->s_start[s + 1])
            return 1;
    }
    return 0;
}

/* Every watched group of layout k agrees (twin: Work.agrees).  Only the
 * fresh groups and those naming an item the option changed are checked: the
 * others agreed with the parent state, and their items kept their values. */
static int agrees(memo *m, int k)
{
    (void)k;  /* the lists were built for layout k by frontier_begin_level */
    for (int t = 0; t < m->nfresh; t++)
        if (!group_agrees(m, m->fresh[t]))
            return 0;
    if (++m->tick == 0) {
        memset(m->gstamp, 0, sizeof(uint32_t) * ((size_t)m->p.wg_start[m->p.levels + 1] + 1));
        m->tick = 1;
    }
    for (int c = 0; c < m->nchanged; c++)
        for (int32_t t = m->gi_head[m->changed[c]]; t >= 0; t = m->gi_next[t]) {
            int32_t g = m->gi_group[t];
            if (m->gstamp[g] == m->tick)
                continue;
            m->gstamp[g] = m->tick;
            if (!group_agrees(m, g))
                return 0;
        }
    return 1;
}

int frontier_after(memo *m, int k)
{
    const memo_plan *p = &m->p;
    if (!m->closed) {
        for (int t = 0; t < m->nleave; t++) {
            int32_t w = m->leave[t], d = m->deg[w];
            if (d == 1 || (d == 0 && p->required[w]))
                return 0;
        }
    }
    if (!agrees(m, k + 1))
        return 0;
    pack(m, k + 1);
    return 1;
}

int frontier_accepts(const memo *m, const uint64_t *key)
{
    const memo_plan *p = &m->p;
    if (!p->has_cycle || p->has_cycle == 2)
        return 1;
    return (int)slot_value(key, p, p->lay_start[p->levels + 1] - 1);  /* the closed flag */
}
