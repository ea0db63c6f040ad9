/* masyu/csrc/plugs.h: the frontier of plugs, cell by cell (masyu._plugs).
 * Python twin: masyu/plugs.py (Plugs, which the tests hold to the same states
 * at every level and the same counts); the proof: docs/plugs.md.
 *
 * No Python here: plugsmodule.c is the face.  The rules of Masyu are not here
 * either: the moves of every level come from masyu.plugs.moves, a table per
 * level giving, for each pair of plugs (left, up) at the cell, the plugs the
 * cell leaves and what else happens.  This file only applies them to a layer
 * of states, merging equal keys in an open-addressing table and adding their
 * counts as multiword integers.  Every allocation is charged against a
 * memory limit; a level that would pass it stops with PLUGS_ENOMEM before
 * asking the system for the memory.
 */
#ifndef MASYU_PLUGS_H
#define MASYU_PLUGS_H

#include <stddef.h>
#include <stdint.h>

enum { PLUGS_OK = 0, PLUGS_ENOMEM = 1 };
enum { PLUGS_JOIN = 0, PLUGS_FLIP_RIGHT = 1, PLUGS_FLIP_LEFT = 2, PLUGS_CLOSE_LOOP = 3 };
#define PLUGS_PAIRS 49   /* (left, up): 7 x 7 plug codes */
#define PLUGS_ENTRY 10   /* per pair: the number of moves, then (down, right, op) x 3 */
#define PLUGS_MAX_WIDTH 41 /* columns: W + 1 plugs of 3 bits in 128 bits */

typedef struct plugs plugs;

/* A sweep of `levels` cells, `width` columns across, the moves of each level
 * as levels * PLUGS_PAIRS * PLUGS_ENTRY bytes (copied); NULL if out of memory.
 * Keys of 128 bits past 20 columns, or if `wide` (the tests' way to run them
 * on small boards). */
plugs *plugs_new(int width, int levels, int weak, int wide, const int8_t *moves, size_t limit);
/* 1 if the moves leave nothing past the last column (the counts' width rests on
 * it: docs/plugs.md); plugs_new refuses moves that do not. */
int plugs_moves_fit(int width, int levels, const int8_t *moves);
void plugs_free(plugs *p);
/* Sweep the next cell: PLUGS_OK, or PLUGS_ENOMEM (plugs_error says where; the
 * sweep can then only be freed). */
int plugs_step(plugs *p);
/* levels, level, states, width, bytes, peak_bytes, layer (the states now) */
void plugs_counters(const plugs *p, long long out[7]);
/* A new memory limit (the sweep that won a race gets the whole of it). */
void plugs_limit(plugs *p, size_t limit);
/* The count once every level is swept: little-endian words, *words of them. */
const uint64_t *plugs_total(plugs *p, int *words);
const char *plugs_error(const plugs *p);
/* The current layer, to be kept (a count stopped half-way): its n states, the
 * keys as two little-endian words each (low, high) into keys[2n], the counts
 * of *cw words each into cnt (room for n * plugs_layer_words(p) words). */
size_t plugs_layer_size(const plugs *p);
int plugs_layer_words(const plugs *p);
void plugs_layer(const plugs *p, uint64_t *keys, uint64_t *cnt);
/* The loops closed so far (strong counts), *words little-endian words. */
const uint64_t *plugs_closed(const plugs *p, int *words);
/* Go on from a kept layer at `level` (the states and width so far, the loops
 * closed so far as tw words): PLUGS_OK, PLUGS_ENOMEM (the memory limit), or
 * -1 (a key wider than the sweep's frontier, a level out of range). */
int plugs_restore(plugs *p, int level, size_t n, int cw, const uint64_t *keys,
                  const uint64_t *cnt, int tw, const uint64_t *total, long long states,
                  long long width);

#endif
