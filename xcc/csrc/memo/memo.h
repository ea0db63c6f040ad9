/* xcc/csrc/memo/memo.h: the memoized search (engine memo) in C.
 * Python twins: xcc/engines/memo/diagram.py (memo.c, diagram.c, and the
 * memory limit of memory.c), xcc/engines/memo/frontier.py (frontier.c); the
 * plan arrays (memo_plan) are the twin of xcc/engines/memo/plan.py's Plan,
 * flattened by xcc/engines/memo/native.py.
 *
 * No Python here: xcc/csrc/glue/memoglue.c is the face.  Every allocation is
 * charged against a memory limit, and a run that would pass it stops with
 * MEMO_ENOMEM before asking the system for the memory.
 *
 * The files of the core call one way down, never back up:
 *   memo.c      the driver: the layers, the run, the door (memo_check)
 *   frontier.c  the states of one level
 *   diagram.c   the diagram's paths, ranks and draws
 *   bigs.c      multiword counts
 *   memory.c    allocation charged against the limit
 * memo.c calls frontier.c, diagram.c, bigs.c and memory.c; diagram.c calls
 * bigs.c and memory.c; frontier.c and bigs.c call memory.c.
 */
#ifndef XCC_MEMO_H
#define XCC_MEMO_H

#include <stddef.h>
#include <stdint.h>

enum { MEMO_DONE = 0, MEMO_PAUSED = 1, MEMO_ENOMEM = 2, MEMO_EINVAL = 3 };
enum { SLOT_PRIMARY = 0, SLOT_SECONDARY = 1, SLOT_VERTEX = 2, SLOT_CLOSED = 3 };
#define MEMO_SKIP (-1)

/* The plan as flat int32 arrays (copied by memo_new; see native.py). */
typedef struct {
    int32_t levels, n1, nsec, nverts, noptions, has_cycle, diagram;  /* has_cycle: 0 none,
        1 one cycle, 2 any number of cycles, each closure counted on its arc */
    const int32_t *opt_start, *opt_item, *opt_color;  /* entries of each option */
    const int32_t *order;                             /* [levels] */
    const int32_t *own_start, *own_opt;               /* [levels+1]: options of level k */
    const int32_t *lay_start;                         /* [levels+2]: slots of L_k */
    const int32_t *slot_kind, *slot_id, *slot_word, *slot_shift, *slot_bits;
    const int32_t *lay_words;                         /* [levels+1] */
    const int32_t *root;                              /* values of L_0's slots */
    const int32_t *wv_start, *wv;                     /* [levels+1]: vertices of W_k */
    const int32_t *vlast, *required, *required_later; /* [nverts] [nverts] [levels] */
    const int32_t *ie_start, *ie_color, *ie_u, *ie_v; /* [nsec+1]: item edges */
    /* lookahead: per layout, watched items, their signatures, their entries */
    const int32_t *wg_start, *g_item, *g_start, *s_start, *e_item, *e_color;
    const int32_t *g_fresh;  /* 1 unless the same group (item, signatures) is in the layout before */
} memo_plan;

#define MEMO_ARRAYS 30

/* Multiword unsigned integers, little-endian 64-bit words, all of one width
 * in an array that widens (re-strides) when an addition carries out. */
typedef struct {
    uint64_t *w;
    size_t n, cap; /* numbers, room */
    int width;     /* words per number */
} bigs;

/* One layer: its distinct states (packed keys) in order of first appearance. */
typedef struct {
    size_t n, cap;
    int kw;              /* key words */
    uint64_t *keys;      /* n * kw */
    bigs counts;         /* count mode: partial solutions reaching each state */
    uint32_t *table;     /* open addressing: node + 1, 0 empty */
    size_t tmask;
} memo_layer;

typedef struct {
    uint32_t *start;     /* [n+1] first arc of each node */
    int32_t *choice;     /* option or MEMO_SKIP */
    uint32_t *child;
    int32_t *closures;   /* has_cycle 2 (several cycles): cycles each arc closes, else NULL */
    size_t n, narcs, cap;
} memo_arcs;

typedef struct memo memo;

/* 1 if every number of the plan is in range (lens: the MEMO_ARRAYS array lengths in
 * field order), else 0 with the reason in why. */
int memo_check(const memo_plan *plan, const size_t *lens, char *why, size_t size);
memo *memo_new(const memo_plan *plan, size_t limit);
void memo_free(memo *m);
/* Work through about `budget` states; MEMO_PAUSED, MEMO_DONE or MEMO_ENOMEM. */
int memo_step(memo *m, long budget);
/* Progress: the level being built, states in the layer being built, bytes held. */
void memo_progress(const memo *m, int *level, size_t *states, size_t *bytes, size_t *peak);
const char *memo_error(const memo *m);
/* After DONE: the count as `*width` little-endian words (owned by m). */
const uint64_t *memo_total(const memo *m, int *width);
const size_t *memo_widths(const memo *m);       /* states of L_0..L_levels */
/* Diagram mode, after DONE: the r-th solution (r given as `rw` words);
 * writes the options (level order, skips left out) to out, returns how many,
 * or -1 if r is out of range. */
int memo_unrank(memo *m, const uint64_t *r, int rw, int32_t *out);
/* Diagram mode: `k` uniform draws from `seed`, each written as for unrank
 * into out[i * levels ...] with its length in lens[i]; -1 if no memory. */
int memo_sample(memo *m, long k, uint64_t seed, int32_t *out, int32_t *lens);
/* Diagram mode, after DONE: the number of solutions of each total weight
 * (twin: xcc/engines/memo/poly.py's polynomial).  An arc weighs
 * weights[option] (a skip 0) or, without weights (NULL), the cycles it
 * closes.  The coefficients of weights *lo, *lo + 1, ... (*len of them,
 * *width little-endian words each; owned by m) in *coef; 0 if out of memory. */
int memo_polynomial(memo *m, const int64_t *weights, int64_t *lo, size_t *len, int *width,
                    const uint64_t **coef);

/* Internal, shared by the files of the core (above). */
struct memo {
    memo_plan p;              /* copies, owned */
    size_t limit, used, peak;
    char error[256];
    int status_failed;
    /* the work state (frontier.c) */
    int32_t *cov, *val, *deg, *mate, closed;
    int32_t closures;         /* has_cycle 2: cycles the option being applied closed */
    int32_t **trail_at, *trail_old;
    size_t trail_n, trail_cap;
    int32_t *vpos;            /* vertex -> position in the layout being packed */
    int vs_cur;               /* the first vertex slot of L_k */
    /* the level's two layouts cut by kind once (slots are ordered primary,
     * secondary, vertex, closed: memo_check), so unpack and pack run a loop
     * per kind: [start, end of primary, of secondary, of vertex, end] */
    int lay_cur[5], lay_next[5];
    /* L_{k+1} cut into runs of slots of one kind in one key word (pack
     * gathers a run in a register without looking at words): run r is
     * slots [run_at[r], run_at[r+1]) of kind run_kind[r] in word run_word[r] */
    int32_t *run_at, *run_kind, *run_word, nruns;
    int32_t *leave, nleave;   /* the vertices of W_k whose last level is k */
    int32_t *vtab;            /* [2 + j]: the vertex of L_k's j-th vertex slot */
    /* the options of level k indexed by the values of up to two secondary
     * items of L_k that they name (frontier_options): bucket b lists, in
     * level order, the options that do not clash with those values */
    int32_t ix_item[2], ix_base[2], ix_buckets, *ix_start, *ix_opt, *sec_mark, maxc;
    size_t ix_cap;
    int32_t *newly;           /* (item, color) pairs an option colors first */
    int32_t *changed, nchanged; /* items (primary i, secondary n1 + x) the option set */
    /* lookahead, incremental: the groups to check are the fresh ones and those
     * naming a changed item (a group that the parent passed still passes) */
    int32_t *gi_head, *gi_next, *gi_group, *gi_item, gi_n, *fresh, nfresh;
    uint32_t *gstamp, tick;
    uint64_t *key;            /* the child key being packed */
    /* the layers (memo.c) */
    int level;
    size_t cursor;
    memo_layer cur, next;
    /* children waiting for their lookup in next (memo.c: flush) */
    uint64_t *pend_key, *pend_hash;
    size_t *pend_parent;
    int32_t *pend_choice, *pend_closures;  /* its option; the cycles it closed (has_cycle 2) */
    int npend;
    size_t *widths;
    bigs total;
    int done;
    /* the diagram (diagram.c) */
    memo_arcs *arcs;          /* [levels] */
    uint8_t *accept;          /* of the last layer */
    bigs *paths;              /* [levels+1] */
    /* the counts by weight (diagram.c: memo_polynomial): coefficients of
     * weights poly_lo.., poly_width words each */
    uint64_t *poly;
    size_t poly_len;
    int64_t poly_lo;
    int poly_width;
};

/* memory.c: every allocation charged against m->limit (NULL, with the
 * reason in m->error, if it would pass it). */
void *memo_alloc(memo *m, size_t bytes);
void *memo_realloc(memo *m, void *p, size_t old, size_t bytes);
void memo_release(memo *m, void *p, size_t bytes);

/* bigs.c: multiword counts (0 if out of memory). */
int bigs_resize(memo *m, bigs *b, size_t n);
int bigs_widen(memo *m, bigs *b, int width);
int bigs_add(memo *m, bigs *dst, size_t i, const uint64_t *src, int sw);

/* frontier.c: the states of one level. */
void frontier_unpack(memo *m, int k, const uint64_t *key);
void frontier_begin_level(memo *m, int k);
/* The options of level k that may fit the unpacked state, in level order
 * (the others clash); *n of them. */
const int32_t *frontier_options(const memo *m, int k, int *n);
int frontier_apply(memo *m, int k, int option);  /* 1 ok, 0 clash */
int frontier_after(memo *m, int k);              /* packs m->key for L_{k+1}; 0 dead */
size_t frontier_mark(const memo *m);
void frontier_undo(memo *m, size_t mark);
int frontier_accepts(const memo *m, const uint64_t *key);  /* a key of L_levels */
int frontier_reserve(memo *m);

/* diagram.c: the paths below every node (after the last layer). */
int diagram_paths(memo *m);
/* Diagram mode, after DONE: layer k's nodes and arcs (closures NULL unless
 * has_cycle 2), and the last layer's accepting flags (its length in *n). */
void memo_layer_arcs(const memo *m, int k, size_t *n, size_t *narcs, const uint32_t **start,
                     const int32_t **choice, const uint32_t **child, const int32_t **closures);
const uint8_t *memo_accept(const memo *m, size_t *n);

#endif
