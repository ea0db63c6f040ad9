/* A forward DRAT checker: every lemma RUP, or else RAT on its first literal,
 * over the clauses present at its step; verified at the first conflict.
 *
 * Python twin: xcc/drat.py (_Checker, check_python).  The steps are the
 * twin's, line for line: the same watch lists in the same order (kept
 * watches stay in place, moved ones go to the end of their new list), the
 * same order of assignments, the same rule for deletions (a clause that is
 * missing, or the reason of a top-level unit, stays: drat-trim's rule), so
 * the reasons, and with them the ignored deletions, are the same.
 *
 * Literal x is coded 2x (x > 0) or -2x+1; val[v] is +1, -1 or 0.  Clauses
 * live in one arena (start, len); a clause of two or more literals is watched
 * by its first two.  A table by an order-free hash of the literals finds the
 * clause a deletion names (the newest alive one with the same literals).
 */
#include "drat.h"

#include <stdlib.h>
#include <string.h>

#include "vec.h"

struct checker {
    int32_t nvars;
    int8_t *val;           /* per variable */
    int32_t *reason;       /* per variable: the clause of a top-level unit, or -1 */
    int32_t *trail;        /* at most nvars entries */
    int32_t ntrail, head;
    struct xcc_ivec *watches; /* per literal code */
    struct xcc_ivec arena;    /* the literals of every clause */
    struct xcc_ivec start, len, alive, next; /* per clause; next: the hash chain */
    int32_t *bucket;       /* per hash slot: the newest clause, or -1 */
    uint32_t mask;
    uint32_t *stamp;       /* per literal code, for comparing clauses */
    uint32_t now;
    struct xcc_ivec scratch; /* a resolvent, a deduplicated step */
    int conflict;
};

static inline uint32_t code(int32_t lit) { return lit > 0 ? 2u * (uint32_t)lit : 2u * (uint32_t)-lit + 1u; }

static inline int value(const struct checker *k, int32_t lit)
{
    int v = k->val[lit > 0 ? lit : -lit];
    return lit > 0 ? v : -v;
}

static inline void assign(struct checker *k, int32_t lit, int32_t reason)
{
    int32_t v = lit > 0 ? lit : -lit;
    k->val[v] = lit > 0 ? 1 : -1;
    k->reason[v] = reason;
    k->trail[k->ntrail++] = lit;
}

static uint32_t hash(const int32_t *a, int32_t n)
{
    uint32_t h = (uint32_t)n * 0x9e3779b9u;
    for (int32_t i = 0; i < n; i++) {
        uint32_t x = code(a[i]) * 0x85ebca6bu;
        x ^= x >> 13;
        h += x * 0xc2b2ae35u;
    }
    return h;
}

/* Unit propagation from trail[head..]: 1, or 0 on a conflict (-1 out of memory). */
static int propagate(struct checker *k)
{
    while (k->head < k->ntrail) {
        int32_t fls = -k->trail[k->head++];
        struct xcc_ivec *ws = &k->watches[code(fls)];
        size_t i = 0, j = 0, n = ws->n;
        while (i < n) {
            int32_t cid = ws->a[i++];
            if (!k->alive.a[cid])
                continue; /* deleted: drop its watch */
            int32_t *c = k->arena.a + k->start.a[cid];
            int32_t m = k->len.a[cid];
            if (c[0] == fls) {
                c[0] = c[1];
                c[1] = fls;
            }
            if (value(k, c[0]) > 0) {
                ws->a[j++] = cid;
                continue;
            }
            int moved = 0;
            for (int32_t q = 2; q < m; q++)
                if (value(k, c[q]) >= 0) {
                    c[1] = c[q];
                    c[q] = fls;
                    if (xcc_ivec_push(&k->watches[code(c[1])], cid) < 0)
                        return -1;
                    moved = 1;
                    break;
                }
            if (moved)
                continue;
            ws->a[j++] = cid;
            if (value(k, c[0]) < 0) {
                while (i < n)
                    ws->a[j++] = ws->a[i++];
                ws->n = j;
                return 0;
            }
            assign(k, c[0], cid);
        }
        ws->n = j;
    }
    return 1;
}

static void undo(struct checker *k, int32_t mark)
{
    while (k->ntrail > mark) {
        int32_t lit = k->trail[--k->ntrail];
        int32_t v = lit > 0 ? lit : -lit;
        k->val[v] = 0;
        k->reason[v] = -1;
    }
    k->head = mark;
}

/* Does assigning the negation of a[0..n) propagate to a conflict?  1, 0, -1. */
static int rup(struct checker *k, const int32_t *a, size_t n)
{
    int32_t mark = k->ntrail;
    int conflict = 0;
    for (size_t i = 0; i < n; i++) {
        int v = value(k, a[i]);
        if (v > 0) {
            conflict = 1;
            break;
        }
        if (v == 0)
            assign(k, -a[i], -1);
    }
    if (!conflict) {
        int r = propagate(k);
        if (r < 0)
            return -1;
        conflict = !r;
    }
    undo(k, mark);
    return conflict;
}

/* Is every resolvent on a[0] with a clause present RUP?  1, 0, -1.  a is not
 * in k->scratch (the resolvent is built there). */
static int rat(struct checker *k, const int32_t *a, size_t n)
{
    if (n == 0)
        return 0;
    int32_t neg = -a[0];
    int64_t nc = (int64_t)k->len.n;
    for (int64_t cid = 0; cid < nc; cid++) {
        if (!k->alive.a[cid])
            continue;
        const int32_t *c = k->arena.a + k->start.a[cid];
        int32_t m = k->len.a[cid], has = 0;
        for (int32_t q = 0; q < m; q++)
            if (c[q] == neg)
                has = 1;
        if (!has)
            continue;
        k->scratch.n = 0;
        if (xcc_ivec_reserve(&k->scratch, n + (size_t)m) < 0)
            return -1;
        c = k->arena.a + k->start.a[cid];
        memcpy(k->scratch.a, a, n * sizeof *a);
        k->scratch.n = n;
        for (int32_t q = 0; q < m; q++)
            if (c[q] != neg)
                k->scratch.a[k->scratch.n++] = c[q];
        int r = rup(k, k->scratch.a, k->scratch.n);
        if (r <= 0)
            return r;
    }
    return 1;
}

/* Put a[0..n) (no repeats) in the database.  0, or -1 out of memory. */
static int add(struct checker *k, const int32_t *a, size_t n)
{
    int32_t cid = (int32_t)k->len.n;
    size_t at = k->arena.n;
    if (xcc_ivec_reserve(&k->arena, n) < 0 || xcc_ivec_push(&k->start, (int32_t)at) < 0
        || xcc_ivec_push(&k->len, (int32_t)n) < 0 || xcc_ivec_push(&k->alive, 1) < 0
        || xcc_ivec_push(&k->next, -1) < 0)
        return -1;
    /* the literals not false first (true or free), then the false ones, each in order */
    int32_t *c = k->arena.a + at;
    size_t f = 0;
    for (size_t i = 0; i < n; i++)
        if (value(k, a[i]) >= 0)
            c[f++] = a[i];
    for (size_t i = 0; i < n; i++)
        if (value(k, a[i]) < 0)
            c[f++] = a[i];
    k->arena.n = at + n;
    uint32_t h = hash(c, (int32_t)n) & k->mask;
    k->next.a[cid] = k->bucket[h];
    k->bucket[h] = cid;
    if (n == 0) {
        k->conflict = 1;
        return 0;
    }
    if (n >= 2) {
        if (xcc_ivec_push(&k->watches[code(c[0])], cid) < 0
            || xcc_ivec_push(&k->watches[code(c[1])], cid) < 0)
            return -1;
        c = k->arena.a + at;
        if (value(k, c[1]) >= 0)
            return 0;
    }
    int v = value(k, c[0]);
    if (v < 0)
        k->conflict = 1;
    else if (v == 0) {
        assign(k, c[0], cid);
        int r = propagate(k);
        if (r < 0)
            return -1;
        if (!r)
            k->conflict = 1;
    }
    return 0;
}

/* Take a[0..n) (no repeats) out: 1 deleted, 0 ignored (missing, or a reason). */
static int delete(struct checker *k, const int32_t *a, size_t n)
{
    k->now++;
    for (size_t i = 0; i < n; i++)
        k->stamp[code(a[i])] = k->now;
    uint32_t h = hash(a, (int32_t)n) & k->mask;
    int32_t prev = -1;
    for (int32_t cid = k->bucket[h]; cid >= 0; prev = cid, cid = k->next.a[cid]) {
        if (!k->alive.a[cid] || k->len.a[cid] != (int32_t)n)
            continue;
        const int32_t *c = k->arena.a + k->start.a[cid];
        int same = 1;
        for (size_t i = 0; i < n && same; i++)
            same = k->stamp[code(c[i])] == k->now;
        if (!same)
            continue;
        for (size_t i = 0; i < n; i++)
            if (k->reason[c[i] > 0 ? c[i] : -c[i]] == cid)
                return 0;
        k->alive.a[cid] = 0;
        if (prev < 0) /* unlink: deleted clauses leave the chain */
            k->bucket[h] = k->next.a[cid];
        else
            k->next.a[prev] = k->next.a[cid];
        return 1;
    }
    return 0;
}

/* a[0..n) once each, in order of first appearance, into k->scratch. */
static int dedupe(struct checker *k, const int32_t *a, size_t n)
{
    k->now++;
    k->scratch.n = 0;
    if (xcc_ivec_reserve(&k->scratch, n) < 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (k->stamp[code(a[i])] != k->now) {
            k->stamp[code(a[i])] = k->now;
            k->scratch.a[k->scratch.n++] = a[i];
        }
    return 0;
}

static void release(struct checker *k)
{
    if (k->watches)
        for (size_t i = 0; i < 2 * (size_t)k->nvars + 2; i++)
            xcc_ivec_free(&k->watches[i]);
    free(k->watches);
    free(k->val);
    free(k->reason);
    free(k->trail);
    free(k->bucket);
    free(k->stamp);
    xcc_ivec_free(&k->arena);
    xcc_ivec_free(&k->start);
    xcc_ivec_free(&k->len);
    xcc_ivec_free(&k->alive);
    xcc_ivec_free(&k->next);
    xcc_ivec_free(&k->scratch);
}

int xcc_drat_check(int32_t nvars, const int32_t *lits, const int32_t *starts, int64_t nclauses,
                   const int32_t *plits, const int32_t *pstarts, const int32_t *kinds,
                   int64_t nsteps, int64_t out[5])
{
    struct checker k = {0};
    struct xcc_ivec step = {0};
    int status = -1;
    size_t ncodes = 2 * (size_t)nvars + 2;
    uint64_t slots = 1024;
    while (slots < (uint64_t)(nclauses + nsteps) * 2 && slots < (1u << 24))
        slots <<= 1;
    k.nvars = nvars;
    k.mask = (uint32_t)(slots - 1);
    k.val = calloc((size_t)nvars + 1, 1);
    k.reason = malloc(((size_t)nvars + 1) * sizeof *k.reason);
    k.trail = malloc(((size_t)nvars + 1) * sizeof *k.trail);
    k.watches = calloc(ncodes, sizeof *k.watches);
    k.stamp = calloc(ncodes, sizeof *k.stamp);
    k.bucket = malloc(slots * sizeof *k.bucket);
    if (!k.val || !k.reason || !k.trail || !k.watches || !k.stamp || !k.bucket)
        goto done;
    for (int32_t v = 0; v <= nvars; v++)
        k.reason[v] = -1;
    for (uint64_t s = 0; s < slots; s++)
        k.bucket[s] = -1;
    out[0] = -1;
    out[1] = out[2] = out[3] = out[4] = 0;
    for (int64_t c = 0; c < nclauses && !k.conflict; c++) {
        if (dedupe(&k, lits + starts[c], (size_t)(starts[c + 1] - starts[c])) < 0)
            goto done;
        if (add(&k, k.scratch.a, k.scratch.n) < 0) /* add copies into its arena */
            goto done;
    }
    if (k.conflict) {
        status = XCC_DRAT_VERIFIED;
        goto done;
    }
    for (int64_t s = 0; s < nsteps; s++) {
        if (dedupe(&k, plits + pstarts[s], (size_t)(pstarts[s + 1] - pstarts[s])) < 0)
            goto fail;
        step.n = 0;
        if (xcc_ivec_reserve(&step, k.scratch.n) < 0)
            goto fail;
        if (k.scratch.n > 0) /* the empty clause: nothing to copy (and step.a may be NULL) */
            memcpy(step.a, k.scratch.a, k.scratch.n * sizeof *step.a);
        step.n = k.scratch.n;
        if (kinds[s] == XCC_DRAT_DELETE) {
            out[delete(&k, step.a, step.n) ? 3 : 4]++;
            continue;
        }
        out[1]++;
        int r = rup(&k, step.a, step.n);
        if (r < 0)
            goto fail;
        if (!r) {
            r = rat(&k, step.a, step.n);
            if (r < 0)
                goto fail;
            if (!r) {
                out[0] = s;
                status = XCC_DRAT_REFUTED;
                goto fail;
            }
            out[2]++;
        }
        if (add(&k, step.a, step.n) < 0)
            goto fail;
        if (k.conflict) {
            status = XCC_DRAT_VERIFIED;
            goto fail;
        }
    }
    status = XCC_DRAT_NO_CONFLICT;
fail:
done:
    xcc_ivec_free(&step);
    release(&k);
    return status;
}
