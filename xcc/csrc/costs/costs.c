/* Costs: the search of Knuth's DLX5, a line-by-line translation of
   xcc/engines/costs/python.py (read it, or dlx5.w, for the steps forward,
   advance, recover, backup, backdown); the mems are charged on the
   statements that pay them, as in dlx5.w.  Sums of costs saturate at INF
   (DLX5's infcost): the Python twin's exact sums are cut at the same places,
   as the cutoff never exceeds INF. */
#include "costs/costs.h"

#include <stdlib.h>
#include <string.h>

#define INF UINT64_MAX
#define MAX_NODES 10000000 /* DLX5's max_nodes: choose's starting "fewest options" */
#define LENTHRESH 10       /* DLX5's lenthresh (xcc/engines/costs/__init__.py) */

enum { FORWARD, ADVANCE, BACKUP, BACKDOWN, RECOVER, OVER };

struct costs {
  int *ulink, *dlink, *top, *color, *llink, *rlink;
  uint64_t *cost;
  int n1, n, k;
  uint64_t *bestcost, cutoff; /* DLX5's heap of the k least net costs, its top */
  int *choice;
  uint64_t *partcost, *thresh0, *thresh;
  int level, cur, best_itm, state, sol_level;
  uint64_t curcost, nextcost, sol_cost;
  uint64_t nodes, updates, cleansings, mems, found;
  int maxl;
};

static void *copy(const void *from, int n, size_t size) {
  void *to = malloc((size_t)(n > 0 ? n : 1) * size);
  if (to && n > 0) memcpy(to, from, (size_t)n * size);
  return to;
}

static uint64_t add(uint64_t a, uint64_t b) { return a > INF - b ? INF : a + b; }

costs *costs_new(const int32_t *ulink, const int32_t *dlink, const int32_t *top,
                 const int32_t *color, const uint64_t *cost, int nnodes, const int32_t *llink,
                 const int32_t *rlink, int n1, int n, int k) {
  costs *s = calloc(1, sizeof(costs));
  if (!s) return NULL;
  s->ulink = copy(ulink, nnodes, sizeof(int)), s->dlink = copy(dlink, nnodes, sizeof(int));
  s->top = copy(top, nnodes, sizeof(int)), s->color = copy(color, nnodes, sizeof(int));
  s->cost = copy(cost, nnodes, sizeof(uint64_t));
  s->llink = copy(llink, n + 2, sizeof(int)), s->rlink = copy(rlink, n + 2, sizeof(int));
  s->bestcost = malloc((size_t)(k + 1) * sizeof(uint64_t));
  s->choice = malloc((size_t)(n1 + 2) * sizeof(int));
  s->partcost = malloc((size_t)(n1 + 2) * sizeof(uint64_t));
  s->thresh0 = malloc((size_t)(n1 + 2) * sizeof(uint64_t));
  s->thresh = malloc((size_t)(n1 + 2) * sizeof(uint64_t));
  if (!s->ulink || !s->dlink || !s->top || !s->color || !s->cost || !s->llink || !s->rlink ||
      !s->bestcost || !s->choice || !s->partcost || !s->thresh0 || !s->thresh) {
    costs_free(s);
    return NULL;
  }
  s->n1 = n1, s->n = n, s->k = k;
  for (int j = 0; j < k; j++) s->bestcost[j] = INF;
  s->bestcost[k] = 0;
  s->mems = (uint64_t)k; /* a mem for each INF put into the heap */
  s->cutoff = INF;
  s->state = FORWARD;
  return s;
}

void costs_free(costs *s) {
  if (!s) return;
  free(s->ulink), free(s->dlink), free(s->top), free(s->color), free(s->cost);
  free(s->llink), free(s->rlink), free(s->bestcost), free(s->choice);
  free(s->partcost), free(s->thresh0), free(s->thresh);
  free(s);
}

/* ---- hide and unhide one option (its other nodes), as DLX5 does inline ---- */

static uint64_t hide_option(costs *s, int rr, uint64_t mems) {
  int *ulink = s->ulink, *dlink = s->dlink, *top = s->top, *color = s->color;
  const int n1 = s->n1;
  for (int nn = rr + 1; nn != rr;) {
    mems++;
    if (color[nn] >= 0) {
      int uu = ulink[nn], dd = dlink[nn], cc = top[nn];
      mems++;
      if (cc <= 0) {
        nn = uu;
        continue;
      }
      dlink[uu] = dd, ulink[dd] = uu, mems += 2;
      s->updates++;
      if (cc <= n1) top[cc]--, mems += 2;
    }
    nn++;
  }
  return mems;
}

static uint64_t unhide_option(costs *s, int rr, uint64_t mems) {
  int *ulink = s->ulink, *dlink = s->dlink, *top = s->top, *color = s->color;
  const int n1 = s->n1;
  for (int nn = rr + 1; nn != rr;) {
    mems++;
    if (color[nn] >= 0) {
      int uu = ulink[nn], dd = dlink[nn], cc = top[nn];
      mems++;
      if (cc <= 0) {
        nn = uu;
        continue;
      }
      dlink[uu] = nn, ulink[dd] = nn, mems += 2;
      if (cc <= n1) top[cc]++, mems += 2;
    }
    nn++;
  }
  return mems;
}

/* ---- cover and uncover, purify and unpurify, below a threshold ---- */

static void cover(costs *s, int c, uint64_t thresh) {
  int *llink = s->llink, *rlink = s->rlink, *dlink = s->dlink;
  const uint64_t *cost = s->cost;
  const int n = s->n;
  int l = llink[c], r = rlink[c];
  uint64_t mems = s->mems + 1;
  rlink[l] = r, llink[r] = l, mems += 2;
  s->updates++;
  int rr = dlink[c];
  mems++;
  while (rr > n) {
    mems++;
    if (cost[rr] >= thresh) break;
    mems = hide_option(s, rr, mems);
    rr = dlink[rr], mems++;
  }
  s->mems = mems;
}

static void uncover(costs *s, int c, uint64_t thresh) {
  int *llink = s->llink, *rlink = s->rlink, *dlink = s->dlink;
  const uint64_t *cost = s->cost;
  const int n = s->n;
  uint64_t mems = s->mems;
  int rr = dlink[c];
  mems++;
  while (rr > n) {
    mems++;
    if (cost[rr] >= thresh) break;
    mems = unhide_option(s, rr, mems);
    rr = dlink[rr], mems++;
  }
  int l = llink[c], r = rlink[c];
  mems++;
  rlink[l] = c, llink[r] = c, mems += 2;
  s->mems = mems;
}

static void purify(costs *s, int p, uint64_t thresh) {
  int *dlink = s->dlink, *top = s->top, *color = s->color;
  const uint64_t *cost = s->cost;
  const int n = s->n;
  int cc = top[p], x = color[p];
  uint64_t mems = s->mems + 1;
  s->cleansings++;
  int rr = dlink[cc];
  mems++;
  while (rr > n) {
    mems++;
    if (cost[rr] >= thresh) break;
    mems++;
    if (color[rr] != x)
      mems = hide_option(s, rr, mems);
    else if (rr != p)
      s->cleansings++, color[rr] = -1, mems++;
    rr = dlink[rr], mems++;
  }
  s->mems = mems;
}

static void unpurify(costs *s, int p, uint64_t thresh) {
  int *dlink = s->dlink, *top = s->top, *color = s->color;
  const uint64_t *cost = s->cost;
  const int n = s->n;
  int cc = top[p], x = color[p];
  uint64_t mems = s->mems + 1;
  int rr = dlink[cc];
  mems++;
  while (rr > n) {
    mems++;
    if (cost[rr] >= thresh) break;
    mems++;
    if (color[rr] < 0)
      color[rr] = x, mems++;
    else if (rr != p)
      mems = unhide_option(s, rr, mems);
    rr = dlink[rr], mems++;
  }
  s->mems = mems;
}

static void commit(costs *s, int x, uint64_t thresh) {
  const int *top = s->top, *color = s->color, *ulink = s->ulink;
  for (int pp = x + 1; pp != x;) {
    int cc = top[pp];
    s->mems++;
    if (cc <= 0) {
      pp = ulink[pp], s->mems++;
      continue;
    }
    if (color[pp] == 0)
      cover(s, cc, thresh);
    else if (color[pp] > 0)
      purify(s, pp, thresh);
    pp++;
  }
}

static void uncommit(costs *s, int x, uint64_t thresh) {
  const int *top = s->top, *color = s->color, *dlink = s->dlink;
  s->mems++; /* DLX5 charges one for fetching the threshold */
  for (int pp = x - 1; pp != x;) {
    int cc = top[pp];
    s->mems++;
    if (cc <= 0) {
      pp = dlink[pp], s->mems++;
      continue;
    }
    if (color[pp] == 0)
      uncover(s, cc, thresh);
    else if (color[pp] > 0)
      unpurify(s, pp, thresh);
    pp--;
  }
}

/* The item to branch on (*best) and its usable options (0: back down). */
static int choose(costs *s, uint64_t curcost, int *best) {
  const int *rlink = s->rlink, *dlink = s->dlink, *top = s->top;
  const uint64_t *cost = s->cost;
  const int n = s->n;
  const uint64_t room = s->cutoff - curcost;
  int t = MAX_NODES, best_itm = 0;
  uint64_t tmpcost = 0, mems = s->mems;
  int k = rlink[0];
  mems++;
  while (k != 0) {
    int p = dlink[k];
    mems++;
    if (p == k) { /* an empty list */
      t = 0, best_itm = k;
      break;
    }
    uint64_t mincost = cost[p];
    mems++;
    if (mincost >= room) { /* no usable option */
      t = 0, best_itm = k;
      break;
    }
    int sn = 1;
    p = dlink[p], mems++;
    for (;;) {
      if (p <= n) break;
      mems++;
      if (cost[p] >= room) break;
      if (sn == t) { /* more than t usable options */
        sn = -1;
        break;
      }
      if (sn >= LENTHRESH) {
        sn = top[k], mems++;
        break;
      }
      p = dlink[p], mems++;
      sn++;
    }
    if (sn >= 0 && (sn < t || (sn == t && mincost > tmpcost))) t = sn, best_itm = k, tmpcost = mincost;
    k = rlink[k], mems++;
  }
  s->mems = mems;
  *best = best_itm;
  return t;
}

/* A solution of net cost nextcost: into the heap, lowering the cutoff. */
static void keep(costs *s, uint64_t nextcost) {
  s->found++;
  if (!s->k) return;
  uint64_t *best = s->bestcost;
  int h = 0, hh = 2;
  while (hh <= s->k) {
    s->mems += 2;
    if (best[hh] > best[hh - 1]) {
      if (nextcost < best[hh])
        best[h] = best[hh], h = hh, s->mems++;
      else
        break;
    } else if (nextcost < best[hh - 1])
      best[h] = best[hh - 1], h = hh - 1, s->mems++;
    else
      break;
    hh = h + h + 2;
  }
  best[h] = nextcost, s->mems++;
  s->cutoff = best[0], s->mems++;
}

int costs_run(costs *s, uint64_t budget) {
  const uint64_t pause_at = budget ? s->mems + budget : INF;
  const int *dlink = s->dlink, *top = s->top, *rlink = s->rlink;
  const uint64_t *cost = s->cost;
  int level = s->level, cur = s->cur, best_itm = s->best_itm;
  uint64_t curcost = s->curcost, nextcost = s->nextcost;
  int status;
  for (;;) {
    switch (s->state) {
    case FORWARD:
      if (s->mems >= pause_at) {
        status = COSTS_PAUSED;
        goto out;
      }
      s->nodes++;
      if (choose(s, curcost, &best_itm) == 0) {
        s->state = BACKDOWN;
        break;
      }
      s->partcost[level] = curcost, s->mems++;
      cur = s->choice[level] = dlink[best_itm], s->mems += 2;
      nextcost = add(curcost, cost[cur]), s->mems++;
      s->thresh0[level] = s->cutoff - nextcost, s->mems++;
      cover(s, best_itm, s->thresh0[level]);
      s->state = ADVANCE;
      break;
    case ADVANCE:
      s->thresh[level] = s->cutoff - nextcost, s->mems++;
      commit(s, cur, s->thresh[level]);
      s->mems++;
      if (rlink[0] == 0) { /* a solution (a node of the tree too) */
        s->nodes++;
        if (level + 1 > s->maxl) s->maxl = level + 1;
        keep(s, nextcost);
        s->sol_level = level, s->sol_cost = nextcost;
        s->state = RECOVER;
        status = COSTS_FOUND;
        goto out;
      }
      level++;
      if (level > s->maxl) s->maxl = level;
      curcost = nextcost;
      s->state = FORWARD;
      break;
    case BACKUP:
      s->mems++;
      uncover(s, best_itm, s->thresh0[level]);
      s->state = BACKDOWN;
      break;
    case BACKDOWN:
      if (level == 0) {
        s->state = OVER;
        break;
      }
      level--;
      cur = s->choice[level], best_itm = top[cur], s->mems += 2;
      curcost = s->partcost[level], s->mems++;
      s->state = RECOVER;
      break;
    case RECOVER:
      uncommit(s, cur, s->thresh[level]);
      cur = s->choice[level] = dlink[cur], s->mems += 2;
      if (cur == best_itm) {
        s->state = BACKUP;
        break;
      }
      nextcost = add(curcost, cost[cur]), s->mems++;
      s->state = nextcost >= s->cutoff ? BACKUP : ADVANCE;
      break;
    default: /* OVER */
      status = COSTS_DONE;
      goto out;
    }
  }
out:
  s->level = level, s->cur = cur, s->best_itm = best_itm;
  s->curcost = curcost, s->nextcost = nextcost;
  return status;
}

int costs_solution(const costs *s, int32_t *out, uint64_t *net) {
  const int *top = s->top;
  for (int l = 0; l <= s->sol_level; l++) {
    int x = s->choice[l];
    while (top[x] > 0) x++;
    out[l] = -top[x] - 1;
  }
  *net = s->sol_cost;
  return s->sol_level + 1;
}

void costs_stats(const costs *s, uint64_t out[6]) {
  out[0] = s->nodes, out[1] = s->updates, out[2] = s->cleansings, out[3] = s->mems;
  out[4] = (uint64_t)s->maxl, out[5] = s->found;
}
