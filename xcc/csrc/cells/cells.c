/* Dancing Cells: the search of Knuth's SSXCC, a line-by-line translation of
   xcc/engines/cells/python.py (read it for the steps S1-S4); the mems are
   charged on the statements that pay them, as in ssxcc.w. */
#include "cells/cells.h"

#include <stdlib.h>
#include <string.h>

enum { FORWARD, CHOOSE, ADVANCE, BACKUP, ABORT, OVER };

struct cells {
  int *set, *item, *itm, *loc, *clr, *opt;
  int second, nitems, bad;
  int active, oactive;
  int *force, forced;
  int *choice, *saved, level, sol_level;
  int *savestack, saveptr, savecap; /* pairs: an item, its size */
  int best, cur_choice, state;
  uint64_t mems, updates, nodes;
  int maxl;
};

#define pos(x) set[(x) - 2]
#define size(x) set[(x) - 1]

static int *copy(const int32_t *from, int n) {
  int *to = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
  if (to && n > 0) memcpy(to, from, (size_t)n * sizeof(int));
  return to;
}

cells *cells_new(const int32_t *set, int setlen, const int32_t *item, int nitems,
                 const int32_t *itm, const int32_t *loc, const int32_t *clr,
                 const int32_t *opt, int nnodes, int second, int bad) {
  cells *s = calloc(1, sizeof(cells));
  if (!s) return NULL;
  s->set = copy(set, setlen), s->item = copy(item, nitems);
  s->itm = copy(itm, nnodes), s->loc = copy(loc, nnodes);
  s->clr = copy(clr, nnodes), s->opt = copy(opt, nnodes);
  s->force = malloc((size_t)(nitems + 1) * sizeof(int));
  s->choice = malloc((size_t)(nitems + 1) * sizeof(int));
  s->saved = calloc((size_t)(nitems + 2), sizeof(int));
  s->savecap = 2 * (nitems + 1) * 8;
  s->savestack = malloc((size_t)s->savecap * sizeof(int));
  if (!s->set || !s->item || !s->itm || !s->loc || !s->clr || !s->opt || !s->force ||
      !s->choice || !s->saved || !s->savestack) {
    cells_free(s);
    return NULL;
  }
  s->second = second, s->nitems = nitems, s->bad = bad;
  s->active = s->oactive = nitems;
  s->state = bad ? OVER : FORWARD;
  return s;
}

void cells_free(cells *s) {
  if (!s) return;
  free(s->set), free(s->item), free(s->itm), free(s->loc), free(s->clr), free(s->opt);
  free(s->force), free(s->choice), free(s->saved), free(s->savestack);
  free(s);
}

/* Hide the options of item c (those without color, if not 0) from the other
   sets; with check, 0 if a primary item is left with none, and an active
   primary item left with one is pushed on force. */
static int hide(cells *s, int c, int color, int check) {
  int *set = s->set, *itm = s->itm, *loc = s->loc, *clr = s->clr;
  const int second = s->second, oactive = s->oactive, active = s->active;
  uint64_t mems = s->mems + 1, updates = s->updates;
  int ok = 1;
  for (int rr = c, end = c + size(c); rr < end; rr++) {
    int tt = set[rr];
    mems++;
    if (color) {
      mems++;
      if (clr[tt] == color) continue;
    }
    for (int nn = tt + 1; nn != tt;) { /* remove option tt from the other sets */
      int uu = itm[nn], vv = loc[nn];
      mems++;
      if (uu < 0) {
        nn += uu;
        continue;
      }
      int pu = pos(uu);
      mems++;
      if (pu < oactive) {
        int ss = size(uu) - 1;
        mems++;
        if (ss <= 1 && check && uu < second && pu < active) {
          if (ss == 0) {
            ok = 0;
            goto out;
          }
          s->force[s->forced++] = uu, mems++;
        }
        int nnp = set[uu + ss];
        size(uu) = ss;
        set[uu + ss] = nn, set[vv] = nnp;
        loc[nn] = uu + ss, loc[nnp] = vv;
        mems += 6, updates++;
      }
      nn++;
    }
  }
out:
  s->mems = mems, s->updates = updates;
  return ok;
}

/* Swap item x out of the active items. */
static void swap_out(cells *s, int x) {
  int *set = s->set, *item = s->item;
  int p = --s->active, pp = pos(x), cc = item[p];
  item[p] = x, item[pp] = cc;
  pos(cc) = pp, pos(x) = p;
  s->mems += 6, s->updates++;
}

static int save_room(cells *s, int more) {
  if (s->saveptr + more <= s->savecap) return 1;
  int cap = 2 * s->savecap + more;
  int *grown = realloc(s->savestack, (size_t)cap * sizeof(int));
  if (!grown) return 0;
  s->savestack = grown, s->savecap = cap;
  return 1;
}

int cells_run(cells *s, uint64_t budget) {
  int *set = s->set, *item = s->item, *itm = s->itm, *loc = s->loc, *clr = s->clr;
  const int second = s->second;
  int *choice = s->choice, *saved = s->saved, *force = s->force;
  int level = s->level, best = s->best, cur_choice = s->cur_choice, cur_node;
  int forced_move;
  const uint64_t pause_at = budget ? s->mems + budget : UINT64_MAX;
  int status = CELLS_DONE;

  switch (s->state) {
  case FORWARD: goto forward;
  case CHOOSE: goto choose;
  case ADVANCE: goto advance;
  case BACKUP: goto backup;
  case ABORT: goto abort_;
  default: return CELLS_DONE;
  }

forward: /* S1 */
  s->nodes++;
  forced_move = 0;
  while (s->forced) { /* a forced move pending */
    best = force[--s->forced];
    s->mems += 2;
    if (pos(best) < s->active) {
      forced_move = 1;
      break;
    }
  }
  if (forced_move) goto start;
  if (s->mems >= pause_at) {
    s->state = CHOOSE, status = CELLS_PAUSED;
    goto leave;
  }
choose: {
    int t = INT32_MAX;
    uint64_t mems = s->mems;
    for (int k = 0, active = s->active; k < active; k++) {
      int x = item[k];
      mems++;
      if (x < second) {
        int sz = size(x);
        mems++;
        if (sz <= 1) {
          if (sz == 1) force[s->forced++] = x, mems++;
        } else if (sz < t) best = x, t = sz;
        else if (sz == t && x < best) best = x;
      }
    }
    s->mems = mems;
    forced_move = 0;
    if (s->forced) {
      best = force[--s->forced], s->mems++;
      forced_move = 1;
    } else if (t == INT32_MAX) { /* no primary item left: a solution */
      s->sol_level = level;
      s->state = BACKUP, status = CELLS_SOLUTION;
      goto leave;
    }
  }
start: /* S2 */
  swap_out(s, best);
  s->oactive = s->active;
  hide(s, best, 0, 0);
  cur_choice = best;
  if (forced_move) {
    saved[level + 1] = s->saveptr, s->mems++;
  } else {
    int active = s->active;
    if (!save_room(s, 2 * active)) {
      status = -1;
      goto leave;
    }
    int *st = s->savestack + s->saveptr;
    for (int p = 0; p < active; p++) st[2 * p] = item[p], st[2 * p + 1] = size(item[p]);
    saved[level + 1] = s->saveptr += 2 * active;
    s->mems += 3 * (uint64_t)active + 1;
  }

advance: /* S3 */
  cur_node = choice[level] = set[cur_choice];
  s->mems += 2;
  { /* swap out the other items of cur_node */
    int p = s->oactive = s->active;
    for (int q = cur_node + 1; q != cur_node;) {
      int c = itm[q];
      s->mems++;
      if (c < 0) {
        q += c;
        continue;
      }
      int pp = pos(c);
      s->mems++;
      if (pp < p) {
        int cc = item[--p];
        item[p] = c, item[pp] = cc;
        pos(cc) = pp, pos(c) = p;
        s->mems += 5, s->updates++;
      }
      q++;
    }
    s->active = p;
  }
  for (int q = cur_node + 1; q != cur_node;) { /* hide their other options, or abort */
    int cc = itm[q], ok = 1;
    s->mems++;
    if (cc < 0) {
      q += cc;
      continue;
    }
    if (cc < second) ok = hide(s, cc, 0, 1);
    else { /* nothing to do if cc is purified already */
      s->mems++;
      if (pos(cc) < s->oactive) {
        s->mems++;
        ok = hide(s, cc, clr[q], 1);
      }
    }
    if (!ok) {
      s->forced = 0;
      goto abort_;
    }
    q++;
  }
  if (++level > s->maxl) s->maxl = level;
  goto forward;

backup: /* S4 */
  if (level == 0) {
    s->state = OVER, status = CELLS_DONE;
    goto leave;
  }
  level--;
  cur_node = choice[level];
  best = itm[cur_node], cur_choice = loc[cur_node];
  s->mems += 2;
abort_:
  s->mems++;
  if (cur_choice + 1 >= best + size(best)) goto backup;
  { /* restore the active sizes saved at this level */
    int top = saved[level + 1], bottom = saved[level];
    const int *st = s->savestack;
    s->active = (top - bottom) / 2;
    for (int p = bottom; p < top; p += 2) size(st[p]) = st[p + 1];
    s->saveptr = top;
    s->mems += 2 + 2 * (uint64_t)s->active;
  }
  cur_choice++;
  goto advance;

leave:
  s->level = level, s->best = best, s->cur_choice = cur_choice;
  return status;
}

int cells_count(cells *s, uint64_t budget, uint64_t room, uint64_t *found) {
  const uint64_t pause_at = budget ? s->mems + budget : 0;
  *found = 0;
  for (;;) {
    uint64_t left = 0;
    if (budget) {
      if (s->mems >= pause_at) return CELLS_PAUSED;
      left = pause_at - s->mems;
    }
    int status = cells_run(s, left);
    if (status != CELLS_SOLUTION) return status;
    if (++*found >= room) return CELLS_SOLUTION;
  }
}

int cells_levels(const cells *s) { return s->sol_level; }

int cells_solution(const cells *s, int32_t *out) {
  for (int k = 0; k < s->sol_level; k++) out[k] = s->opt[s->choice[k]];
  return s->sol_level;
}

void cells_stats(const cells *s, uint64_t out[4]) {
  out[0] = s->nodes, out[1] = s->updates, out[2] = s->mems, out[3] = (uint64_t)s->maxl;
}
