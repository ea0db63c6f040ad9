/* The run of Algorithm C (Knuth's DLX2, TAOCP 7.2.2.1), and its setup.
 *
 * Python twin: xcc/engines/dlx/python.py (the run, steps C1-C8, resumable;
 * the replay of a prefix, _replay_prefix and _walk_up, steps R0-R4),
 * on the arrays of xcc/engines/dlx/arrays.py, interleaved as DLX2 keeps
 * them (dlx.h).  The operations on the links are in links.c, the loop guard
 * in guard.c, propagation in lookahead.c and propagate.c.
 *
 * Steps of Algorithm C:
 *   C1 initialize; C2 enter level l (a solution if no active primary item);
 *   C3 choose item i (fewest options, leftmost on ties); C4 cover i;
 *   C5 try x_l (cover/purify the other items of the option); C6 try again
 *   (undo C5, take the next option); C7 backtrack (uncover i); C8 leave
 *   level l.
 * With propagation C5 ends with propagate() and C3 is lookahead(): probes of
 * every option first, then the choice.  xcc_run keeps its place in `state`,
 * so that it can pause when the mem budget is spent and resume.
 *
 * A subproblem (xcc_set_prefix) is replayed beside the loop, in replay_prefix():
 *   R1 enter a level of the prefix (C2, C3, C4); R2 take the prefix's option
 *   there (a lookup: no mems); R3 try it (C5 for that option alone), down to
 *   the prefix's last level, where the loop goes on at C5 with its option;
 *   R4 (in C6) the next option at a level of the prefix is another
 *   subproblem's: the search ends there; R0 (xcc_walk) climb from there to
 *   the level the next prefix shares, then replay the rest of it.
 * Every step is counted as the same step of the search is.
 */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

enum { START, FORWARD, ADVANCE, BACKUP, RECOVER, LEAVE, ROOT_SOLVED, FINISHED, BROKEN, WALK };

/* Step C5's move: the option of node cur covered and purified (then
 * propagated), marks kept for undo_option; -1 if memory ran out. */
static inline int try_option(struct xcc_search *s, struct xcc_guard *g)
{
    if (g != NULL)
        s->guard_mark[s->level] = g->trail.n;
    if (s->prop != NULL)
        s->force_mark[s->level] = s->nforced;
    if (commit(s, s->cur) < 0)
        return -1; /* the guard's memory ran out: the state is lost */
    if (s->prop != NULL && !s->guard_failed && propagate(s) < 0)
        return -1;
    return 0;
}

/* Step C6's undoing of the option tried at the current level (cur): its
 * forced values, its covers, the cycle guard's record since it was chosen.
 * Shared by the search's backtrack and the walk's climb; no mems of its own. */
static void undo_option(struct xcc_search *s, struct xcc_guard *g)
{
    if (s->prop != NULL)
        unforce_to(s, s->force_mark[s->level]);
    uncommit(s, s->cur);
    if (g != NULL) {
        guard_undo_to(g, s->guard_mark[s->level]);
        s->guard_failed = 0;
    }
}

/* ---- the replay of a prefix ------------------------------------------------- */

/* The prefix leaves the search tree at this level: the search is over. */
static int bad_prefix(struct xcc_search *s)
{
    s->bad_level = s->level;
    s->state = BROKEN;
    return XCC_BAD_PREFIX;
}

/* Down the prefix from the current level (its item s->best covered already
 * when `covered`), trying only the prefix's option at each level; 0 at step
 * C5 of its last level, that option about to be tried (state ADVANCE: the
 * subproblem's own first step), else XCC_BAD_PREFIX or XCC_ERROR. */
static int replay_prefix(struct xcc_search *s, int covered)
{
    struct xcc_guard *g = s->guard;
    for (;;) {
        if (!covered) { /* R1: enter a level of the prefix (C2, C3, C4) */
            s->nodes += 1;
            if (s->prop == NULL) {
                s->best = choose(s);
            } else {
                int32_t best = lookahead(s);
                if (best == -2)
                    return XCC_ERROR;
                if (best <= 0)
                    return bad_prefix(s); /* the probes decided this node: no choice */
                s->best = best;
            }
            cover(s, s->best);
        }
        covered = 0;
        /* R2: the prefix's option, from C4's first node (a lookup: no mems) */
        int32_t want = s->prefix[s->level], p;
        oo, p = s->nd[s->best].down;
        while (p != s->best && xcc_option_of(s, p) != want)
            p = s->nd[p].down;
        if (p == s->best)
            return bad_prefix(s);
        s->cur = s->choice[s->level] = p;
        if (s->level == s->nprefix - 1) {
            xcc_counters(s, &s->replay); /* the subproblem's own part starts here */
            s->descending = 0;
            s->state = ADVANCE;
            return 0;
        }
        /* R3: try it (C5 for this option alone) */
        if (try_option(s, g) < 0)
            return XCC_ERROR;
        if (s->guard_failed)
            return bad_prefix(s);
        if (o, s->cl[0].rlink == 0)
            return bad_prefix(s); /* the prefix goes on below a solution */
        s->level += 1;
        if (s->level > s->max_level)
            s->max_level = s->level;
        if (s->level > s->n1) /* impossible: each level covers a primary item */
            return XCC_ERROR;
    }
}

/* ---- the search ------------------------------------------------------------- */

int xcc_run(struct xcc_search *s, uint64_t mem_budget)
{
    struct xcc_guard *g = s->guard;
    uint64_t pause_at = mem_budget ? s->mems + mem_budget : UINT64_MAX;
    if (pause_at < s->mems)
        pause_at = UINT64_MAX;
    s->paused = 0;
    if (s->state == START) { /* C1 */
        if (g != NULL && !g->ok) { /* the edges present from the start break the rule */
            s->state = FINISHED;
            return XCC_DONE;
        }
        s->state = FORWARD;
        if (s->prop != NULL) { /* propagate at the root, before any choice */
            if (propagate(s) < 0)
                return XCC_ERROR;
            if (s->guard_failed || s->cl[0].rlink == 0) {
                if (s->nprefix > 0)
                    return bad_prefix(s); /* no choice at the root at all */
                if (!s->guard_failed && g->closed) { /* solved by propagation alone */
                    s->nodes = s->solutions = 1;
                    s->nchoices = 0;
                    s->state = ROOT_SOLVED;
                    return XCC_SOLUTION;
                }
                s->state = ROOT_SOLVED;
            }
        }
        if (s->nprefix > 0 && s->state == FORWARD) {
            int r = replay_prefix(s, 0); /* R1-R3: to C5 of the prefix's last level */
            if (r != 0)
                return r;
        }
    }
    for (;;) {
        switch (s->state) {
        case FORWARD: /* C2: enter level */
            s->nodes += 1;
            if (s->prop == NULL) {
                s->best = choose(s); /* C3 */
            } else {
                int32_t best = lookahead(s); /* C3, probing the options first */
                if (best == -2)
                    return XCC_ERROR;
                if (best <= 0) { /* the probes decided this node */
                    s->state = LEAVE;
                    if (best == 0 && g->closed) {
                        s->solutions += 1;
                        s->nchoices = s->level;
                        return XCC_SOLUTION;
                    }
                    s->cycle_cuts += 1;
                    continue;
                }
                s->best = best;
            }
            cover(s, s->best); /* C4 */
            oo, s->cur = s->choice[s->level] = s->nd[s->best].down;
            s->state = ADVANCE;
            /* fall through */
        case ADVANCE: /* C5: try the option of node cur */
            if (s->cur == s->best) {
                s->state = BACKUP;
                continue;
            }
            if (s->mems >= pause_at && s->level >= s->nprefix) {
                s->paused = 1; /* a point xcc_split can cut at */
                return XCC_PAUSED;
            }
            if (try_option(s, g) < 0)
                return XCC_ERROR;
            if (s->guard_failed) {
                s->cycle_cuts += 1;
                s->state = RECOVER;
                continue;
            }
            if (o, s->cl[0].rlink == 0) { /* every primary item is covered */
                if (g != NULL && !g->closed) {
                    s->cycle_cuts += 1;
                    s->state = RECOVER;
                    continue;
                }
                s->nodes += 1; /* a solution is a special node of the tree */
                if (s->level + 1 > s->max_level)
                    s->max_level = s->level + 1;
                s->solutions += 1;
                s->nchoices = s->level + 1;
                s->state = RECOVER;
                return XCC_SOLUTION;
            }
            s->level += 1;
            if (s->level > s->max_level)
                s->max_level = s->level;
            if (s->level > s->n1) /* impossible: each level covers a primary item */
                return XCC_ERROR;
            s->state = FORWARD;
            continue;
        case BACKUP: /* C7: backtrack */
            uncover(s, s->best);
            if (s->level == 0) {
                unforce_to(s, 0);
                s->state = FINISHED;
                return XCC_DONE;
            }
            s->level -= 1; /* C8 */
            oo, s->cur = s->choice[s->level], s->best = s->nd[s->cur].itm;
            s->state = RECOVER;
            /* fall through */
        case RECOVER: /* C6: undo the option, try the next */
            undo_option(s, g);
            oo, s->cur = s->choice[s->level] = s->nd[s->cur].down;
            if (s->level < s->nprefix && s->cur != s->best) {
                /* R4: the rest at this level of the prefix is another subproblem's */
                s->state = FINISHED;
                s->walkable = 1; /* xcc_walk can go on from here */
                return XCC_DONE;
            }
            s->state = ADVANCE;
            continue;
        case LEAVE: /* C8 for a node the probes decided */
            if (s->level == 0) {
                unforce_to(s, 0);
                s->state = FINISHED;
                return XCC_DONE;
            }
            s->level -= 1;
            oo, s->cur = s->choice[s->level], s->best = s->nd[s->cur].itm;
            s->state = RECOVER;
            continue;
        case ROOT_SOLVED: /* the root's propagation ended the search */
            unforce_to(s, 0);
            s->state = FINISHED;
            return XCC_DONE;
        case FINISHED:
            return XCC_DONE;
        case BROKEN:
            return XCC_BAD_PREFIX;
        case WALK: /* R0 (xcc_walk): up to the level shared with the new prefix (C7, C8, C6) */
            while (s->level > s->walk_common) {
                uncover(s, s->best);
                s->level -= 1;
                oo, s->cur = s->choice[s->level], s->best = s->nd[s->cur].itm;
                undo_option(s, g);
            }
            s->max_level = s->level; /* as a search started with the prefix has it here */
            {
                int r = replay_prefix(s, 1); /* then the rest of the prefix, from its option here */
                if (r != 0)
                    return r;
            }
            continue;
        default:
            return XCC_ERROR;
        }
    }
}

int xcc_count(struct xcc_search *s, uint64_t mem_budget, uint64_t room, uint64_t *found)
{
    uint64_t pause_at = mem_budget ? s->mems + mem_budget : 0;
    if (mem_budget && pause_at < s->mems)
        pause_at = 0; /* no budget then */
    *found = 0;
    for (;;) {
        uint64_t left = 0; /* what is left of the budget (0: none was set) */
        if (pause_at) {
            if (s->mems >= pause_at)
                return XCC_PAUSED;
            left = pause_at - s->mems;
        }
        int status = xcc_run(s, left);
        if (status != XCC_SOLUTION)
            return status;
        if (++*found >= room)
            return XCC_SOLUTION;
    }
}

int32_t xcc_solution(const struct xcc_search *s, int32_t *out)
{
    int32_t k = 0;
    for (int32_t l = 0; l < s->nchoices; l++)
        out[k++] = s->choice[l];
    for (size_t j = 0; j < s->nforced; j++)
        if (s->forced_item[j] == FORCED)
            out[k++] = s->forced_x[j];
    return k;
}

/* ---- subproblems: a choice prefix, its replay, the split of the rest ------- */

int xcc_set_prefix(struct xcc_search *s, int32_t nprefix, const int32_t *prefix)
{
    if (s->state != START || s->nprefix != 0 || nprefix < 0 || nprefix > s->n1)
        return -1;
    for (int32_t l = 0; l < nprefix; l++)
        if (prefix[l] < 0)
            return -1;
    if (nprefix == 0)
        return 0;
    s->prefix = malloc((size_t)nprefix * sizeof *s->prefix);
    if (s->prefix == NULL)
        return -1;
    memcpy(s->prefix, prefix, (size_t)nprefix * sizeof *s->prefix);
    s->nprefix = nprefix;
    s->descending = 1;
    return 0;
}

int xcc_walk(struct xcc_search *s, int32_t nprefix, const int32_t *prefix)
{
    if (s->state != FINISHED || !s->walkable || nprefix <= 0 || nprefix > s->n1)
        return -1;
    for (int32_t l = 0; l < nprefix; l++)
        if (prefix[l] < 0)
            return -1;
    int32_t c = 0; /* the levels above s->level hold the options of the last prefix */
    while (c < s->level && c < nprefix && xcc_option_of(s, s->choice[c]) == prefix[c])
        c++;
    if (c >= nprefix)
        return -1; /* an ancestor of where the search stands */
    if (nprefix > s->nprefix) {
        int32_t *more = realloc(s->prefix, (size_t)nprefix * sizeof *s->prefix);
        if (more == NULL)
            return -1;
        s->prefix = more;
    }
    memcpy(s->prefix, prefix, (size_t)nprefix * sizeof *s->prefix);
    s->nprefix = nprefix;
    s->walk_common = c;
    s->descending = 1;
    s->walkable = 0;
    s->paused = 0;
    s->state = WALK;
    return 0;
}

int32_t xcc_bad_level(const struct xcc_search *s)
{
    return s->bad_level;
}

int xcc_replayed(const struct xcc_search *s, struct xcc_counters *out)
{
    if (s->nprefix == 0) {
        memset(out, 0, sizeof *out);
        return 1;
    }
    if (s->descending || s->state == START || s->state == BROKEN)
        return 0;
    *out = s->replay;
    return 1;
}

int32_t xcc_split(const struct xcc_search *s, struct xcc_ivec *out)
{
    if (!s->paused || s->state != ADVANCE)
        return -1;
    int32_t made = 0;
    for (int32_t l = s->level; l >= s->nprefix; l--) {
        int32_t item = s->nd[s->choice[l]].itm;
        /* at the deepest level the option about to be tried; above, the next ones */
        int32_t p = l == s->level ? s->choice[l] : s->nd[s->choice[l]].down;
        for (; p != item; p = s->nd[p].down) {
            if (xcc_ivec_reserve(out, (size_t)l + 2) < 0)
                return -2;
            out->a[out->n++] = l + 1;
            for (int32_t j = 0; j < l; j++)
                out->a[out->n++] = xcc_option_of(s, s->choice[j]);
            out->a[out->n++] = xcc_option_of(s, p);
            made++;
        }
    }
    return made;
}

/* ---- setting up and tearing down ------------------------------------------- */

struct xcc_search *xcc_start(const struct xcc_layout *L)
{
    int32_t n1 = L->n1, n = L->n, last_node = L->last_node;
    struct xcc_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->n1 = n1;
    s->n = n;
    s->last_itm = n + 1;
    s->last_node = last_node;
    s->cl = malloc(((size_t)n + 2) * sizeof *s->cl);
    s->nd = malloc((size_t)last_node * sizeof *s->nd);
    s->choice = calloc((size_t)n1 + 1, sizeof *s->choice);
    s->guard_mark = calloc((size_t)n1 + 1, sizeof *s->guard_mark);
    if (!s->cl || !s->nd || !s->choice || !s->guard_mark) {
        xcc_free(s);
        return NULL;
    }
    memcpy(s->cl, L->cl, ((size_t)n + 2) * sizeof *s->cl);
    memcpy(s->nd, L->nd, (size_t)last_node * sizeof *s->nd);
    s->state = START;
    s->bad_level = -1;
    return s;
}

struct xcc_search *xcc_new(int32_t n1, int32_t n, int32_t last_node,
                           const int32_t *llink, const int32_t *rlink,
                           const int32_t *up, const int32_t *down,
                           const int32_t *itm, const int32_t *color)
{
    struct xcc_layout *L = xcc_layout_arrays(n1, n, last_node, llink, rlink, up, down, itm,
                                             color, NULL, 0);
    if (L == NULL)
        return NULL;
    struct xcc_search *s = xcc_start(L);
    xcc_layout_free(L);
    return s;
}

int xcc_set_cycle(struct xcc_search *s, int32_t nverts, int32_t nsecondary,
                  const int32_t *edge_start, const int32_t *edge_color,
                  const int32_t *edge_u, const int32_t *edge_v,
                  int32_t npresent, const int32_t *present,
                  int32_t nrequired, const int32_t *required)
{
    if (s->state != START || s->guard != NULL || nsecondary != s->n - s->n1)
        return -1;
    s->guard = guard_new(nverts, nsecondary, edge_start, edge_color, edge_u, edge_v,
                         npresent, present, nrequired, required);
    return s->guard != NULL ? 0 : -1;
}

int xcc_set_propagation(struct xcc_search *s, int32_t ncuts, const int32_t *cut_start,
                        const int32_t *cut_edge)
{
    struct xcc_guard *g = s->guard;
    if (s->state != START || g == NULL || s->prop != NULL)
        return -1;
    int32_t nsec = s->n - s->n1;
    struct xcc_prop *p = calloc(1, sizeof *p);
    if (p == NULL)
        return -1;
    if (xcc_prop_init(p, g, ncuts, cut_start, cut_edge) < 0) {
        xcc_prop_free(p);
        return -1;
    }
    /* the colors each secondary item takes in the options: two of them make
     * "absent" mean "the other color" */
    uint8_t *ncolors = calloc((size_t)nsec + 1, 1);
    /* each item is covered or purified at most once on a path, each option
     * taken out at most once (there are fewer options than nodes) */
    size_t room = (size_t)s->n + (size_t)s->last_node + 1;
    s->forced_item = malloc(room * sizeof *s->forced_item);
    s->forced_x = malloc(room * sizeof *s->forced_x);
    s->pass_items = malloc(((size_t)s->n1 + 1) * sizeof *s->pass_items);
    s->failed_nodes = malloc((size_t)s->last_node * sizeof *s->failed_nodes);
    s->force_mark = calloc((size_t)s->n1 + 1, sizeof *s->force_mark);
    if (!ncolors || guard_track_items(g) < 0 || !s->forced_item || !s->forced_x
        || !s->force_mark || !s->pass_items || !s->failed_nodes) {
        free(ncolors);
        xcc_prop_free(p);
        return -1; /* what was allocated is freed by xcc_free */
    }
    for (int32_t q = s->last_itm + 1; q < s->last_node; q++) {
        int32_t i = s->nd[q].itm - (s->n1 + 1), c = s->nd[q].color;
        if (i < 0 || c <= 0 || c == p->color_a[i] || c == p->color_b[i] || ncolors[i] > 2)
            continue;
        if (ncolors[i] == 0)
            p->color_a[i] = c;
        else if (ncolors[i] == 1)
            p->color_b[i] = c;
        ncolors[i]++;
    }
    for (int32_t i = 0; i < nsec; i++) {
        if (ncolors[i] != 2) {
            p->color_a[i] = p->color_b[i] = 0;
        } else if (p->color_b[i] < p->color_a[i]) {
            int32_t t = p->color_a[i];
            p->color_a[i] = p->color_b[i], p->color_b[i] = t;
        }
    }
    free(ncolors);
    s->prop = p;
    return 0;
}

void xcc_counters(const struct xcc_search *s, struct xcc_counters *out)
{
    out->solutions = s->solutions, out->nodes = s->nodes, out->updates = s->updates;
    out->cleansings = s->cleansings, out->mems = s->mems, out->cycle_cuts = s->cycle_cuts;
    out->forced = s->forced, out->probes = s->probes, out->max_level = s->max_level;
}

void xcc_free(struct xcc_search *s)
{
    if (s == NULL)
        return;
    free(s->cl);
    free(s->nd);
    free(s->choice);
    free(s->guard_mark);
    free(s->force_mark);
    free(s->forced_item);
    free(s->forced_x);
    free(s->pass_items);
    free(s->failed_nodes);
    free(s->prefix);
    xcc_prop_free(s->prop);
    guard_free(s->guard);
    free(s);
}
