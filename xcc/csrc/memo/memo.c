/* xcc/csrc/memo/memo.c: the memoized search level by level, in C: the
 * driver of the memo core.
 * Python twin: xcc/engines/memo/diagram.py (Build: the layers, count mode
 * and diagram mode).
 *
 * A layer is a hash table of packed keys, nodes numbered in order of first
 * appearance (as the twin's dicts are).  Count mode keeps two layers and a
 * multiword count per state; diagram mode keeps every layer's arcs.
 *
 * The top of the memo core; its calls go one way down (memo.h):
 *   memo.c -> frontier.c (the states of a level; twin frontier.py),
 *             diagram.c (the diagram's paths, ranks and draws)
 *          -> bigs.c (multiword counts) -> memory.c (every allocation
 *             charged against the memory limit first)
 * and none of those calls back up here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memo.h"

/* ---- layers --------------------------------------------------------------- */

enum { PENDING = 64, PREFETCH_KEYS = 8 };  /* the batch of children (flush) */

static inline uint64_t hash_key(const uint64_t *k, int kw)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < kw; i++) {
        h ^= k[i];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    return h;
}

static void layer_free(memo *m, memo_layer *L)
{
    memo_release(m, L->keys, L->cap * (size_t)L->kw * 8);
    memo_release(m, L->counts.w, L->counts.cap * (size_t)L->counts.width * 8);
    memo_release(m, L->table, (L->tmask + 1) * 4);
    memset(L, 0, sizeof *L);
}

static int layer_init(memo *m, memo_layer *L, int kw, int counted)
{
    memset(L, 0, sizeof *L);
    L->kw = kw;
    L->cap = 16;
    L->keys = memo_alloc(m, L->cap * (size_t)kw * 8);
    L->tmask = 63;
    L->table = memo_alloc(m, (L->tmask + 1) * 4);
    L->counts.width = 1;
    if (L->keys == NULL || L->table == NULL)
        return 0;
    memset(L->table, 0, (L->tmask + 1) * 4);
    if (counted && !bigs_resize(m, &L->counts, 0))
        return 0;
    return 1;
}

/* L's table at least `least` slots (a power of two, at least twice the last). */
static int table_grow(memo *m, memo_layer *L, size_t least)
{
    size_t size = 2 * (L->tmask + 1);
    while (size < least)
        size *= 2;
    uint32_t *t = memo_alloc(m, size * 4);
    if (t == NULL)
        return 0;
    memset(t, 0, size * 4);
    for (size_t j = 0; j < L->n; j++) {
        size_t h = hash_key(L->keys + j * (size_t)L->kw, L->kw) & (size - 1);
        while (t[h])
            h = (h + 1) & (size - 1);
        t[h] = (uint32_t)(j + 1);
    }
    memo_release(m, L->table, (L->tmask + 1) * 4);
    L->table = t;
    L->tmask = size - 1;
    return 1;
}

/* The node of `key` (hash `h`, of hash_key) in L, added if new; -1 if out of memory. */
static long layer_find(memo *m, memo_layer *L, const uint64_t *key, uint64_t hash, int counted)
{
    int kw = L->kw;
    size_t h = hash & L->tmask;
    for (;;) {
        uint32_t j = L->table[h];
        if (j == 0)
            break;
        const uint64_t *q = L->keys + (size_t)(j - 1) * kw;
        int w = 0;
        while (w < kw && q[w] == key[w])
            w++;
        if (w == kw)
            return (long)j - 1;
        h = (h + 1) & L->tmask;
    }
    if (L->n >= 0xFFFFFFF0u) {
        snprintf(m->error, sizeof m->error, "level %d: more than 2^32 states", m->level);
        m->status_failed = 1;
        return -1;
    }
    if (L->n == L->cap) {
        uint64_t *q = memo_realloc(m, L->keys, L->cap * (size_t)kw * 8, 2 * L->cap * (size_t)kw * 8);
        if (q == NULL)
            return -1;
        L->keys = q;
        L->cap *= 2;
    }
    if (counted && !bigs_resize(m, &L->counts, L->n + 1))
        return -1;
    memcpy(L->keys + L->n * (size_t)kw, key, (size_t)kw * 8);
    L->table[h] = (uint32_t)(L->n + 1);
    long j = (long)L->n++;
    if (2 * L->n > L->tmask + 1 && !table_grow(m, L, 0))
        return -1;
    return j;
}

/* ---- arcs (diagram mode) ---------------------------------------------------- */

static int arcs_push(memo *m, memo_arcs *A, int32_t choice, uint32_t child, int32_t closures)
{
    if (A->narcs == A->cap) {
        size_t cap = A->cap ? 2 * A->cap : 64;
        if (m->p.has_cycle == 2) {
            int32_t *w = memo_realloc(m, A->closures, A->cap * 4, cap * 4);
            if (w == NULL)
                return 0;
            A->closures = w;
        }
        int32_t *c = memo_realloc(m, A->choice, A->cap * 4, cap * 4);
        if (c == NULL)
            return 0;
        A->choice = c;
        uint32_t *d = memo_realloc(m, A->child, A->cap * 4, cap * 4);
        if (d == NULL)
            return 0;
        A->child = d;
        A->cap = cap;
    }
    if (A->closures)
        A->closures[A->narcs] = closures;
    A->choice[A->narcs] = choice;
    A->child[A->narcs++] = child;
    return 1;
}

/* ---- the run ------------------------------------------------------------------ */

#define COPY(field, count)                                                       \
    do {                                                                         \
        size_t bytes_ = sizeof(int32_t) * (size_t)(count);                       \
        int32_t *q_ = memo_alloc(m, bytes_);                                     \
        if (q_ == NULL)                                                          \
            goto fail;                                                           \
        if (bytes_)                                                              \
            memcpy(q_, plan->field, bytes_);                                     \
        m->p.field = q_;                                                         \
    } while (0)

memo *memo_new(const memo_plan *plan, size_t limit)
{
    memo *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->limit = limit;
    /* the sizes; the arrays are copied one by one below (until then NULL,
     * so that memo_free after a failure frees only what is ours) */
    m->p.levels = plan->levels;
    m->p.n1 = plan->n1;
    m->p.nsec = plan->nsec;
    m->p.nverts = plan->nverts;
    m->p.noptions = plan->noptions;
    m->p.has_cycle = plan->has_cycle;
    m->p.diagram = plan->diagram;
    int L = plan->levels, nslots = plan->lay_start[L + 1];
    COPY(opt_start, plan->noptions + 1);
    COPY(opt_item, plan->opt_start[plan->noptions]);
    COPY(opt_color, plan->opt_start[plan->noptions]);
    COPY(order, L);
    COPY(own_start, L + 1);
    COPY(own_opt, plan->own_start[L]);
    COPY(lay_start, L + 2);
    COPY(slot_kind, nslots);
    COPY(slot_id, nslots);
    COPY(slot_word, nslots);
    COPY(slot_shift, nslots);
    COPY(slot_bits, nslots);
    COPY(lay_words, L + 1);
    COPY(root, plan->lay_start[1] - plan->lay_start[0]);
    COPY(wv_start, L + 1);
    COPY(wv, plan->wv_start[L]);
    COPY(vlast, plan->nverts);
    COPY(required, plan->nverts);
    COPY(required_later, L);
    COPY(ie_start, plan->nsec + 1);
    COPY(ie_color, plan->ie_start[plan->nsec]);
    COPY(ie_u, plan->ie_start[plan->nsec]);
    COPY(ie_v, plan->ie_start[plan->nsec]);
    COPY(wg_start, L + 2);
    COPY(g_item, plan->wg_start[L + 1]);
    COPY(g_start, plan->wg_start[L + 1] + 1);
    COPY(s_start, plan->g_start[plan->wg_start[L + 1]] + 1);
    COPY(e_item, plan->s_start[plan->g_start[plan->wg_start[L + 1]]]);
    COPY(e_color, plan->s_start[plan->g_start[plan->wg_start[L + 1]]]);
    COPY(g_fresh, plan->wg_start[L + 1]);
    if (!frontier_reserve(m))
        goto fail;
    int words = 1;
    for (int k = 0; k <= L; k++)
        if (plan->lay_words[k] > words)
            words = plan->lay_words[k];
    m->pend_key = memo_alloc(m, sizeof(uint64_t) * (size_t)words * PENDING);
    m->pend_hash = memo_alloc(m, sizeof(uint64_t) * PENDING);
    m->pend_parent = memo_alloc(m, sizeof(size_t) * PENDING);
    m->pend_choice = memo_alloc(m, sizeof(int32_t) * PENDING);
    m->pend_closures = memo_alloc(m, sizeof(int32_t) * PENDING);
    if (!m->pend_key || !m->pend_hash || !m->pend_parent || !m->pend_choice || !m->pend_closures)
        goto fail;
    m->widths = memo_alloc(m, sizeof(size_t) * (size_t)(L + 1));
    if (m->widths == NULL)
        goto fail;
    memset(m->widths, 0, sizeof(size_t) * (size_t)(L + 1));
    if (plan->diagram) {
        m->arcs = memo_alloc(m, sizeof(memo_arcs) * (size_t)(L + 1));
        if (m->arcs == NULL)
            goto fail;
        memset(m->arcs, 0, sizeof(memo_arcs) * (size_t)(L + 1));
    }
    /* L_0: the root alone, reached once. */
    int counted = !plan->diagram;
    if (!layer_init(m, &m->cur, plan->lay_words[0], counted))
        goto fail;
    memset(m->key, 0, sizeof(uint64_t) * (size_t)plan->lay_words[0]);
    for (int s = m->p.lay_start[0]; s < m->p.lay_start[1]; s++)
        m->key[m->p.slot_word[s]] |= (uint64_t)m->p.root[s] << m->p.slot_shift[s];
    if (layer_find(m, &m->cur, m->key, hash_key(m->key, m->cur.kw), counted) < 0)
        goto fail;
    if (counted)
        m->cur.counts.w[0] = 1;
    m->widths[0] = 1;
    return m;
fail:
    m->status_failed = 1;
    if (!m->error[0])
        snprintf(m->error, sizeof m->error, "out of memory setting up the plan");
    return m;  /* the caller reads memo_error and frees */
}

const char *memo_error(const memo *m) { return m->status_failed ? m->error : NULL; }

void memo_free(memo *m)
{
    if (m == NULL)
        return;
    /* The process frees what it allocated; the counters need no upkeep. */
    free((void *)m->p.opt_start); free((void *)m->p.opt_item); free((void *)m->p.opt_color);
    free((void *)m->p.order); free((void *)m->p.own_start); free((void *)m->p.own_opt);
    free((void *)m->p.lay_start); free((void *)m->p.slot_kind); free((void *)m->p.slot_id);
    free((void *)m->p.slot_word); free((void *)m->p.slot_shift); free((void *)m->p.slot_bits);
    free((void *)m->p.lay_words); free((void *)m->p.root); free((void *)m->p.wv_start);
    free((void *)m->p.wv); free((void *)m->p.vlast); free((void *)m->p.required);
    free((void *)m->p.required_later); free((void *)m->p.ie_start);
    free((void *)m->p.ie_color); free((void *)m->p.ie_u); free((void *)m->p.ie_v);
    free((void *)m->p.wg_start); free((void *)m->p.g_item); free((void *)m->p.g_start);
    free((void *)m->p.s_start); free((void *)m->p.e_item); free((void *)m->p.e_color);
    free((void *)m->p.g_fresh); free(m->changed); free(m->gi_head); free(m->gi_next);
    free(m->gi_group); free(m->gi_item); free(m->fresh); free(m->gstamp);
    free(m->cov); free(m->val); free(m->deg); free(m->mate); free(m->vpos);
    free(m->trail_at); free(m->trail_old); free(m->key); free(m->newly); free(m->leave); free(m->vtab);
    free(m->ix_start); free(m->ix_opt); free(m->sec_mark);
    free(m->run_at); free(m->run_kind); free(m->run_word);
    free(m->pend_key); free(m->pend_hash); free(m->pend_parent); free(m->pend_choice);
    free(m->pend_closures);
    free(m->cur.keys); free(m->cur.counts.w); free(m->cur.table);
    free(m->next.keys); free(m->next.counts.w); free(m->next.table);
    free(m->widths); free(m->total.w); free(m->accept); free(m->poly);
    if (m->arcs) {
        for (int k = 0; k <= m->p.levels; k++) {
            free(m->arcs[k].start); free(m->arcs[k].choice); free(m->arcs[k].child);
            free(m->arcs[k].closures);
        }
        free(m->arcs);
    }
    if (m->paths) {
        for (int k = 0; k <= m->p.levels; k++)
            free(m->paths[k].w);
        free(m->paths);
    }
    free(m);
}

/* The children found wait in a batch of PENDING keys, their table slots
 * fetched ahead (__builtin_prefetch), and are looked up in the order found
 * (so nodes are still numbered in order of first appearance): a layer's
 * table and keys are larger than the caches, and a lookup's time is the
 * fetch of the slot and of the key it names. */
static int flush(memo *m)
{
    memo_layer *L = &m->next;
    int counted = !m->p.diagram, kw = L->kw, n = m->npend;
    for (int i = 0; i < n; i++) {
        if (i + PREFETCH_KEYS < n) {  /* the key named by a later child's slot */
            uint32_t j = L->table[m->pend_hash[i + PREFETCH_KEYS] & L->tmask];
            if (j)
                __builtin_prefetch(L->keys + (size_t)(j - 1) * kw);
        }
        long j = layer_find(m, L, m->pend_key + (size_t)i * kw, m->pend_hash[i], counted);
        if (j < 0)
            return 0;
        size_t parent = m->pend_parent[i];
        if (counted) {
            if (!bigs_add(m, &L->counts, (size_t)j,
                          m->cur.counts.w + parent * (size_t)m->cur.counts.width,
                          m->cur.counts.width))
                return 0;
        } else if (!arcs_push(m, &m->arcs[m->level], m->pend_choice[i], (uint32_t)j,
                              m->pend_closures[i])) {
            return 0;
        }
    }
    m->npend = 0;
    return 1;
}

/* One child of the node being processed (its key in m->key): into the batch. */
static int reach(memo *m, int32_t choice, size_t parent)
{
    int kw = m->next.kw, i = m->npend++;
    uint64_t h = hash_key(m->key, kw);
    memcpy(m->pend_key + (size_t)i * kw, m->key, (size_t)kw * 8);
    m->pend_hash[i] = h;
    m->pend_parent[i] = parent;
    m->pend_choice[i] = choice;
    m->pend_closures[i] = m->closures;  /* read now: the batch is flushed later */
    __builtin_prefetch(m->next.table + (h & m->next.tmask));
    return m->npend < PENDING || flush(m);
}

static int begin_level(memo *m)
{
    int k = m->level;
    if (!layer_init(m, &m->next, m->p.lay_words[k + 1], !m->p.diagram))
        return 0;
    /* The next layer is about as wide as this one: its table sized at once
     * (not rehashed a dozen times as it fills), when that leaves half the
     * limit free; else it grows as it fills. */
    if (2 * m->cur.n > m->next.tmask + 1 && m->used + 16 * m->cur.n <= m->limit / 2
        && !table_grow(m, &m->next, 2 * m->cur.n))
        return 0;
    frontier_begin_level(m, k);
    if (m->p.diagram) {
        memo_arcs *A = &m->arcs[k];
        A->n = m->cur.n;
        A->start = memo_alloc(m, 4 * (m->cur.n + 1));
        if (A->start == NULL)
            return 0;
    }
    return 1;
}

static int finish(memo *m)
{
    memo_layer *L = &m->cur;
    if (m->p.diagram) {
        m->accept = memo_alloc(m, L->n + 1);
        if (m->accept == NULL)
            return 0;
        for (size_t j = 0; j < L->n; j++)
            m->accept[j] = (uint8_t)frontier_accepts(m, L->keys + j * (size_t)L->kw);
        size_t n = L->n;
        layer_free(m, L);
        L->n = n;
        return diagram_paths(m);
    }
    m->total.width = 1;
    if (!bigs_resize(m, &m->total, 1))
        return 0;
    for (size_t j = 0; j < L->n; j++)
        if (frontier_accepts(m, L->keys + j * (size_t)L->kw)
            && !bigs_add(m, &m->total, 0, L->counts.w + j * (size_t)L->counts.width,
                         L->counts.width))
            return 0;
    layer_free(m, L);
    return 1;
}

int memo_step(memo *m, long budget)
{
    if (m->status_failed)
        return MEMO_ENOMEM;
    const memo_plan *p = &m->p;
    while (!m->done) {
        int k = m->level;
        if (k == p->levels) {
            if (!finish(m))
                return MEMO_ENOMEM;
            m->done = 1;
            break;
        }
        if (m->cursor == 0 && m->next.keys == NULL && !begin_level(m))
            return MEMO_ENOMEM;
        int item = p->order[k];
        for (; m->cursor < m->cur.n; m->cursor++) {
            if (budget-- <= 0)
                return flush(m) ? MEMO_PAUSED : MEMO_ENOMEM;
            size_t j = m->cursor;
            if (p->diagram)  /* every child waiting in the batch becomes one arc */
                m->arcs[k].start[j] = (uint32_t)(m->arcs[k].narcs + (size_t)m->npend);
            frontier_unpack(m, k, m->cur.keys + j * (size_t)m->cur.kw);
            if (m->cov[item]) {
                if (frontier_after(m, k) && !reach(m, MEMO_SKIP, j))
                    return MEMO_ENOMEM;
                continue;
            }
            int nopt;
            const int32_t *opts = frontier_options(m, k, &nopt);
            for (int t = 0; t < nopt; t++) {
                int o = opts[t];
                size_t mark = frontier_mark(m);
                if (frontier_apply(m, k, o) && frontier_after(m, k) && !reach(m, o, j))
                    return MEMO_ENOMEM;
                frontier_undo(m, mark);
            }
        }
        if (!flush(m))
            return MEMO_ENOMEM;
        if (p->diagram) {
            m->arcs[k].start[m->cur.n] = (uint32_t)m->arcs[k].narcs;
            if (m->arcs[k].narcs > 0xFFFFFFF0u) {
                snprintf(m->error, sizeof m->error, "level %d: more than 2^32 arcs", k);
                m->status_failed = 1;
                return MEMO_ENOMEM;
            }
        }
        layer_free(m, &m->cur);
        m->cur = m->next;
        memset(&m->next, 0, sizeof m->next);
        m->cursor = 0;
        m->level = k + 1;
        m->widths[k + 1] = m->cur.n;
    }
    return MEMO_DONE;
}

void memo_progress(const memo *m, int *level, size_t *states, size_t *bytes, size_t *peak)
{
    *level = m->level;
    *states = m->next.n;
    *bytes = m->used;
    *peak = m->peak;
}

const uint64_t *memo_total(const memo *m, int *width)
{
    if (m->p.diagram) {
        *width = m->paths ? m->paths[0].width : 0;
        return m->paths ? m->paths[0].w : NULL;
    }
    *width = m->total.width;
    return m->total.w;
}

const size_t *memo_widths(const memo *m) { return m->widths; }

/* ---- the door: a plan whose numbers are all in range ------------------------ */

#define BAD(...)                                                                 \
    do {                                                                         \
        snprintf(why, size, __VA_ARGS__);                                        \
        return 0;                                                                \
    } while (0)

static int rising(const int32_t *a, int n, int32_t first)
{
    if (a[0] != first)
        return 0;
    for (int i = 0; i < n; i++)
        if (a[i + 1] < a[i])
            return 0;
    return 1;
}

int memo_check(const memo_plan *p, const size_t *lens, char *why, size_t size)
{
    int L = p->levels;
    if (L < 0 || p->n1 < 0 || p->nsec < 0 || p->nverts < 0 || p->noptions < 0)
        BAD("negative sizes");
    if (p->has_cycle < 0 || p->has_cycle > 2)
        BAD("has_cycle");
    /* lengths in field order (memo_plan) */
    size_t want[MEMO_ARRAYS];
    want[0] = (size_t)p->noptions + 1;
    if (lens[0] != want[0] || !rising(p->opt_start, p->noptions, 0))
        BAD("opt_start");
    size_t entries = (size_t)p->opt_start[p->noptions];
    want[1] = want[2] = entries;
    want[3] = (size_t)L;
    want[4] = (size_t)L + 1;
    if (lens[4] != want[4] || !rising(p->own_start, L, 0))
        BAD("own_start");
    want[5] = (size_t)p->own_start[L];
    want[6] = (size_t)L + 2;
    if (lens[6] != want[6] || !rising(p->lay_start, L + 1, 0))
        BAD("lay_start");
    size_t slots = (size_t)p->lay_start[L + 1];
    for (int f = 7; f <= 11; f++)
        want[f] = slots;
    want[12] = (size_t)L + 1;
    want[13] = (size_t)(p->lay_start[1] - p->lay_start[0]);
    want[14] = (size_t)L + 1;
    if (lens[14] != want[14] || !rising(p->wv_start, L, 0))
        BAD("wv_start");
    want[15] = (size_t)p->wv_start[L];
    want[16] = want[17] = (size_t)p->nverts;
    want[18] = (size_t)L;
    want[19] = (size_t)p->nsec + 1;
    if (lens[19] != want[19] || !rising(p->ie_start, p->nsec, 0))
        BAD("ie_start");
    want[20] = want[21] = want[22] = (size_t)p->ie_start[p->nsec];
    want[23] = (size_t)L + 2;
    if (lens[23] != want[23] || !rising(p->wg_start, L + 1, 0))
        BAD("wg_start");
    size_t groups = (size_t)p->wg_start[L + 1];
    want[24] = groups;
    want[25] = groups + 1;
    if (lens[25] != want[25] || !rising(p->g_start, (int)groups, 0))
        BAD("g_start");
    size_t sigs = (size_t)p->g_start[groups];
    want[26] = sigs + 1;
    if (lens[26] != want[26] || !rising(p->s_start, (int)sigs, 0))
        BAD("s_start");
    want[27] = want[28] = (size_t)p->s_start[sigs];
    want[29] = groups;
    for (int f = 0; f < MEMO_ARRAYS; f++)
        if (lens[f] != want[f])
            BAD("array %d: %zu entries, expected %zu", f, lens[f], want[f]);
    int n = p->n1 + p->nsec;
    for (size_t e = 0; e < entries; e++)
        if (p->opt_item[e] < 0 || p->opt_item[e] >= n || p->opt_color[e] < 0
            || (p->opt_item[e] < p->n1 && p->opt_color[e] != 0))
            BAD("option entry %zu", e);
    for (int k = 0; k < L; k++)
        if (p->order[k] < 0 || p->order[k] >= p->n1)
            BAD("order[%d]", k);
    for (int t = 0; t < p->own_start[L]; t++)
        if (p->own_opt[t] < 0 || p->own_opt[t] >= p->noptions)
            BAD("own_opt[%d]", t);
    int32_t maxc = 0;
    for (size_t e = 0; e < entries; e++)
        if (p->opt_color[e] > maxc)
            maxc = p->opt_color[e];
    for (int k = 0; k <= L; k++) {
        if (p->lay_words[k] < 1 || p->lay_words[k] > 1 << 16)
            BAD("lay_words[%d]", k);
        int vertices = 0, closed = 0;
        for (int s = p->lay_start[k]; s < p->lay_start[k + 1]; s++)
            vertices += p->slot_kind[s] == SLOT_VERTEX;
        for (int s = p->lay_start[k]; s < p->lay_start[k + 1]; s++) {
            int kind = p->slot_kind[s], id = p->slot_id[s], bits = p->slot_bits[s];
            /* kinds and key words rise (frontier.c packs a loop per kind, a word at a time) */
            if (s > p->lay_start[k] && (kind < p->slot_kind[s - 1] || p->slot_word[s] < p->slot_word[s - 1]))
                BAD("slots of layout %d out of order", k);
            int limit = kind == SLOT_PRIMARY ? p->n1 : kind == SLOT_SECONDARY ? p->nsec
                      : kind == SLOT_VERTEX ? p->nverts : 1;
            if (kind < 0 || kind > SLOT_CLOSED || id < 0 || id >= limit || bits < 1 || bits > 32
                || p->slot_word[s] < 0 || p->slot_word[s] >= p->lay_words[k]
                || p->slot_shift[s] < 0 || p->slot_shift[s] + bits > 64)
                BAD("slot %d of layout %d", s, k);
            if (kind == SLOT_CLOSED && (!p->has_cycle || s != p->lay_start[k + 1] - 1))
                BAD("closed flag misplaced in layout %d", k);
            closed += kind == SLOT_CLOSED;
            /* the widest value a slot may be asked to hold */
            uint64_t most = kind == SLOT_VERTEX ? (uint64_t)vertices + 1
                          : kind == SLOT_SECONDARY ? (uint64_t)maxc + 1 : 1;
            if (bits < 32 && most >= ((uint64_t)1 << bits))
                BAD("slot %d of layout %d too narrow", s, k);
        }
        if (p->has_cycle && closed != 1)
            BAD("layout %d has no closed flag", k);
    }
    for (int s = 0; s < p->lay_start[1] - p->lay_start[0]; s++)
        if (p->root[s] < 0 || (p->slot_bits[s] < 32 && p->root[s] >= 1 << p->slot_bits[s]))
            BAD("root value %d", s);
    for (int j = 0; j < p->wv_start[L]; j++)
        if (p->wv[j] < 0 || p->wv[j] >= p->nverts)
            BAD("wv[%d]", j);
    for (int j = 0; j < p->ie_start[p->nsec]; j++)
        if (p->ie_u[j] < 0 || p->ie_u[j] >= p->nverts || p->ie_v[j] < 0
            || p->ie_v[j] >= p->nverts || p->ie_color[j] < 1)
            BAD("item edge %d", j);
    if (!p->has_cycle && (p->nverts || p->ie_start[p->nsec]))
        BAD("vertices without a cycle");
    for (size_t g = 0; g < groups; g++)
        if (p->g_item[g] < 0 || p->g_item[g] >= p->n1)
            BAD("watched item %zu", g);
    for (int e = 0; e < p->s_start[sigs]; e++)
        if (p->e_item[e] < 0 || p->e_item[e] >= n || p->e_color[e] < 0)
            BAD("signature entry %d", e);
    return 1;
}
