/* The one-pass reader of Knuth's DLX text format (dlxread.c), as the glue
 * (glue/module_layout.c, glue/quick.c) uses it.
 *
 * Python twin: parse_dlx in xcc/dlxfile.py.
 */
#ifndef XCC_DLXREAD_H
#define XCC_DLXREAD_H

#include <stddef.h>
#include <stdint.h>

#include "vec.h"

/* A DLX text read: n items (the first n1 primary), m options.  Names are
 * (offset, length) pairs into the text: item_at for item k at 2k, 2k+1,
 * color_at for color code c >= 1 at 2(c-1), 2(c-1)+1 (codes in order of
 * first appearance).  Option k has entries starts[k]..starts[k+1]-1, entry
 * e naming item items[e] (0-based) with color code colors[e] (0: none),
 * and was read from line lines[k] (1-based).  Options without a primary
 * item are kept (without_primary counts them): dropping them, with a
 * warning, is the caller's.  Primary item k has multiplicities
 * bounds[2k] to bounds[2k+1] (DLX3's `u:v|name`, 1 to 1 when not given);
 * bounded counts the primary items whose bounds are not 1 to 1 (a caller
 * that solves plain XCC only must refuse the text when it is not 0). */
struct xcc_dlx {
    int32_t n1, n, m, without_primary, bounded;
    struct xcc_ivec item_at, color_at, starts, items, colors, lines, bounds;
};

/* Read text[0..size): 1 if read (d filled in: free it with xcc_dlx_free),
 * 0 if the text is not one this reader takes (an error, or an unusual
 * character: the twin must read it), -1 if memory runs out. */
int xcc_dlx_parse(const char *text, size_t size, struct xcc_dlx *d);
void xcc_dlx_free(struct xcc_dlx *d);

#endif
