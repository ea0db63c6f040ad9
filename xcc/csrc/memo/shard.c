/* xcc/csrc/memo/shard.c: one level of the memo search over a given batch of
 * states (a shard): the step of the level-synchronous count spread over
 * workers (xcc/engines/memo/shards.py; the Dask run: xcc/parallel/levels.py).
 * Python twin: xcc.engines.memo.frontier.children over each state.
 *
 * A shard is a list of packed keys of layout L_k (lay_words[k] words each);
 * its children are the keys of L_{k+1} that memo_step would reach from them,
 * in the same order (state by state, choice by choice), each with the index
 * of its parent.  Nothing is merged here: the caller sums the counts of equal
 * children (they may come from other shards too).
 *
 * Calls one way down, as memo.c does: frontier.c and memory.c.
 */
#include <string.h>

#include "shard.h"

/* Room for one more child in the arrays (doubled when full). */
static int room(memo *m, memo_shard *S, int kw)
{
    if (S->n < S->cap)
        return 1;
    size_t cap = S->cap ? 2 * S->cap : 1024;
    uint64_t *keys = memo_realloc(m, S->keys, S->cap * (size_t)kw * 8, cap * (size_t)kw * 8);
    if (keys == NULL)
        return 0;
    S->keys = keys;
    uint32_t *parent = memo_realloc(m, S->parent, S->cap * 4, cap * 4);
    if (parent == NULL)
        return 0;
    S->parent = parent;
    S->cap = cap;
    return 1;
}

/* The child packed in m->key, reached from state j. */
static int keep(memo *m, memo_shard *S, int kw, size_t j)
{
    if (!room(m, S, kw))
        return 0;
    memcpy(S->keys + S->n * (size_t)kw, m->key, (size_t)kw * 8);
    S->parent[S->n++] = (uint32_t)j;
    return 1;
}

int memo_shard_expand(memo *m, int k, const uint64_t *keys, size_t n, memo_shard *S)
{
    const memo_plan *p = &m->p;
    int kw = p->lay_words[k], kw1 = p->lay_words[k + 1], item = p->order[k];
    memset(S, 0, sizeof *S);
    S->kw = kw1;
    m->level = k;  /* (the memory limit's messages name it) */
    frontier_begin_level(m, k);
    for (size_t j = 0; j < n; j++) {
        frontier_unpack(m, k, keys + j * (size_t)kw);
        if (m->cov[item]) {
            if (frontier_after(m, k) && !keep(m, S, kw1, j))
                return MEMO_ENOMEM;
            continue;
        }
        int nopt;
        const int32_t *opts = frontier_options(m, k, &nopt);
        for (int t = 0; t < nopt; t++) {
            size_t mark = frontier_mark(m);
            if (frontier_apply(m, k, opts[t]) && frontier_after(m, k) && !keep(m, S, kw1, j))
                return MEMO_ENOMEM;
            frontier_undo(m, mark);
        }
    }
    return MEMO_DONE;
}

void memo_shard_release(memo *m, memo_shard *S)
{
    memo_release(m, S->keys, S->cap * (size_t)S->kw * 8);
    memo_release(m, S->parent, S->cap * 4);
    memset(S, 0, sizeof *S);
}

void memo_shard_accepts(const memo *m, const uint64_t *keys, size_t n, uint8_t *out)
{
    int kw = m->p.lay_words[m->p.levels];
    for (size_t j = 0; j < n; j++)
        out[j] = (uint8_t)frontier_accepts(m, keys + j * (size_t)kw);
}
