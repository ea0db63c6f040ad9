/* tests/c/memo_driver.c: the memo engine's C core (the files of xcc/csrc/memo/) without
 * Python, for tools/sanitize.sh (AddressSanitizer, UBSan, leaks).
 *
 * Reads plans flattened by xcc/engines/memo/native.py (tests/c/memo_differential.py
 * writes them): a count of plans, then per plan its 7 sizes, the 30 arrays
 * (each a length and its numbers), the memory limit and the step budget.
 * For each plan it prints the total (little-endian 64-bit words, hex) and
 * the states per level; in diagram mode also the first solutions by rank
 * and 5 uniform draws from seed 7; "E" when the limit is hit, "X" when the
 * plan is refused.  The Python script compares every line with the twin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memo/memo.h"

static long read_long(FILE *f)
{
    long v;
    if (fscanf(f, "%ld", &v) != 1) {
        fprintf(stderr, "memo_driver: bad input\n");
        exit(2);
    }
    return v;
}

static void print_options(const char *tag, const int32_t *out, int n)
{
    printf("%s", tag);
    for (int j = 0; j < n; j++)
        printf(" %d", out[j]);
    printf("\n");
}

static void run(FILE *f)
{
    int32_t sizes[7];
    for (int j = 0; j < 7; j++)
        sizes[j] = (int32_t)read_long(f);
    int32_t *arrays[MEMO_ARRAYS];
    size_t lens[MEMO_ARRAYS];
    for (int j = 0; j < MEMO_ARRAYS; j++) {
        lens[j] = (size_t)read_long(f);
        arrays[j] = malloc(sizeof(int32_t) * (lens[j] ? lens[j] : 1));
        for (size_t i = 0; i < lens[j]; i++)
            arrays[j][i] = (int32_t)read_long(f);
    }
    size_t limit = (size_t)read_long(f);
    long budget = read_long(f);
    memo_plan p = {0};
    p.levels = sizes[0], p.n1 = sizes[1], p.nsec = sizes[2], p.nverts = sizes[3];
    p.noptions = sizes[4], p.has_cycle = sizes[5], p.diagram = sizes[6];
    const int32_t **fields[MEMO_ARRAYS] = {
        &p.opt_start, &p.opt_item, &p.opt_color, &p.order, &p.own_start, &p.own_opt,
        &p.lay_start, &p.slot_kind, &p.slot_id, &p.slot_word, &p.slot_shift, &p.slot_bits,
        &p.lay_words, &p.root, &p.wv_start, &p.wv, &p.vlast, &p.required, &p.required_later,
        &p.ie_start, &p.ie_color, &p.ie_u, &p.ie_v, &p.wg_start, &p.g_item, &p.g_start,
        &p.s_start, &p.e_item, &p.e_color, &p.g_fresh};
    for (int j = 0; j < MEMO_ARRAYS; j++)
        *fields[j] = arrays[j];
    char why[200];
    memo *m = NULL;
    if (!memo_check(&p, lens, why, sizeof why)) {
        printf("X\n");
        goto done;
    }
    m = memo_new(&p, limit);
    if (m == NULL || memo_error(m)) {
        printf("E\n");
        goto done;
    }
    int status;
    while ((status = memo_step(m, budget)) == MEMO_PAUSED)
        ;
    if (status != MEMO_DONE) {
        printf("E\n");
        goto done;
    }
    int width;
    const uint64_t *total = memo_total(m, &width);
    printf("T");
    for (int j = 0; j < width; j++)
        printf(" %016llx", (unsigned long long)total[j]);
    printf("\nW");
    const size_t *widths = memo_widths(m);
    for (int k = 0; k <= p.levels; k++)
        printf(" %zu", widths[k]);
    printf("\n");
    if (p.diagram) {
        int32_t *out = malloc(sizeof(int32_t) * (size_t)(p.levels + 1) * 5);
        int32_t lens5[5];
        for (uint64_t r = 0; r < 20; r++) {
            int n = memo_unrank(m, &r, 1, out);
            if (n < 0)
                break;
            print_options("U", out, n);
        }
        if (memo_sample(m, 5, 7, out, lens5) == 0)
            for (int i = 0; i < 5; i++)
                print_options("D", out + (size_t)i * (size_t)p.levels, lens5[i]);
        free(out);
    }
done:
    memo_free(m);
    for (int j = 0; j < MEMO_ARRAYS; j++)
        free(arrays[j]);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: memo_driver PLANS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    long n = read_long(f);
    for (long i = 0; i < n; i++) {
        printf("P %ld\n", i);
        run(f);
    }
    fclose(f);
    return 0;
}
