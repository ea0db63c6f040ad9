/* A forward DRAT checker (RUP, then RAT on the first literal), plain C.
 *
 * Python twin: xcc/drat.py (check_python, _Checker): the same steps in the
 * same order, so the verdict, the failing step and the counts are the same.
 */
#ifndef XCC_DRAT_H
#define XCC_DRAT_H

#include <stdint.h>

enum { XCC_DRAT_VERIFIED = 0, XCC_DRAT_REFUTED = 1, XCC_DRAT_NO_CONFLICT = 2 };
enum { XCC_DRAT_ADD = 0, XCC_DRAT_DELETE = 1 };

/* out[0] the failing step (or -1), out[1] lemmas checked, out[2] of them RAT,
 * out[3] deletions done, out[4] deletions ignored.  Clause c of the formula is
 * lits[starts[c] .. starts[c+1]), step s of the proof plits[pstarts[s] ..
 * pstarts[s+1]) of kind kinds[s]; every literal is nonzero, |lit| <= nvars
 * (the glue checks).  Returns an XCC_DRAT_ status, or -1 when out of memory. */
int xcc_drat_check(int32_t nvars, const int32_t *lits, const int32_t *starts, int64_t nclauses,
                   const int32_t *plits, const int32_t *pstarts, const int32_t *kinds,
                   int64_t nsteps, int64_t out[5]);

#endif
