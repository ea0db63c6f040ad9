/* xcc/csrc/memo/shard.h: one level over a given batch of states (shard.c),
 * for the count spread over workers.  Beside memo.h, not in it: the core's
 * own files do not call it. */
#ifndef XCC_MEMO_SHARD_H
#define XCC_MEMO_SHARD_H

#include "memo.h"

/* The children of a shard: n keys of kw words, each with its parent's index. */
typedef struct {
    uint64_t *keys;
    uint32_t *parent;
    size_t n, cap;
    int kw;
} memo_shard;

/* The children of the n keys of layout k (k < levels), in the order memo_step
 * finds them, into S (charged against m's limit); MEMO_DONE or MEMO_ENOMEM
 * (the reason in memo_error; S is to be released either way). */
int memo_shard_expand(memo *m, int k, const uint64_t *keys, size_t n, memo_shard *S);
void memo_shard_release(memo *m, memo_shard *S);
/* out[j] = 1 if key j of the last layout is a solution. */
void memo_shard_accepts(const memo *m, const uint64_t *keys, size_t n, uint8_t *out);

#endif
