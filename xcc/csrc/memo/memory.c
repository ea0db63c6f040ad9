/* xcc/csrc/memo/memory.c: the memo engine's memory, every allocation
 * charged against the limit before the system is asked.
 * Python twin: MemoryLimit and Build._charge in xcc/engines/memo/diagram.py
 * (the twin charges STATE_BYTES per stored state; this file the bytes it
 * holds, the peak too).
 *
 * The bottom of the memo core: it calls nothing of the others.  The files
 * above it, one way down (memo.h):
 *   memo.c -> frontier.c, diagram.c -> bigs.c -> memory.c
 */
#include <stdio.h>
#include <stdlib.h>

#include "memo.h"

static void over_limit(memo *m, size_t bytes)
{
    if (!m->status_failed)
        snprintf(m->error, sizeof m->error,
                 "level %d: %zu more bytes (holding %zu) would pass the memory limit of %zu",
                 m->level, bytes, m->used, m->limit);
    m->status_failed = 1;
}

void *memo_alloc(memo *m, size_t bytes)
{
    if (bytes == 0)
        bytes = 1;
    if (m->used + bytes > m->limit) {
        over_limit(m, bytes);
        return NULL;
    }
    void *p = malloc(bytes);
    if (p == NULL) {
        over_limit(m, bytes);
        return NULL;
    }
    m->used += bytes;
    if (m->used > m->peak)
        m->peak = m->used;
    return p;
}

void *memo_realloc(memo *m, void *p, size_t old, size_t bytes)
{
    if (bytes > old && m->used + (bytes - old) > m->limit) {
        over_limit(m, bytes - old);
        return NULL;
    }
    void *q = realloc(p, bytes ? bytes : 1);
    if (q == NULL) {
        over_limit(m, bytes);
        return NULL;
    }
    m->used = m->used - old + bytes;
    if (m->used > m->peak)
        m->peak = m->used;
    return q;
}

void memo_release(memo *m, void *p, size_t bytes)
{
    if (p == NULL)
        return;
    free(p);
    m->used -= bytes ? bytes : 1;
}
