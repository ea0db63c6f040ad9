/* Knuth's DLX text format read in one pass, for the common case.
 *
 * Python twin: parse_dlx in xcc/dlxfile.py, the reference, which this
 * follows rule for rule on the texts it takes: lines end at \n, \r or \r\n;
 * a line that is blank or whose first non-blank character is '|' is a
 * comment; the first other line names the primary items, '|', the
 * secondary ones, a primary one possibly with multiplicities `u:v|name`
 * or `v|name` (Knuth's DLX3); each later line is an option, its entries
 * `name` or `name:color`.  Blanks are spaces and tabs.  A cost (DLX5's
 * `$digits` in an option) is the twin's to read: such a token is no item
 * here, so the reader gives up on it, and on an item named so.
 *
 * It takes only what it can read exactly as the twin does and gives up
 * (returns 0) on anything else: a byte outside printable ASCII other than
 * tab, CR and LF, and every error (an unknown or repeated item, a color on
 * a primary item, a bad name or color...).  The caller then runs the twin,
 * which reads the unusual text or names the error and its place; so the
 * errors are the twin's, at the twin's places, by construction.
 *
 * Names are looked up in an open-addressing hash table of offsets into the
 * text; nothing is copied until the caller builds its strings.
 */
#include "dlxread.h"

#include <stdlib.h>
#include <string.h>

/* ---- a table of names (item names, color names) ---------------------------- */

struct names {
    const char *text;
    int32_t *slot; /* index+1 of the name in at[], 0 for an empty slot */
    size_t mask;
    struct xcc_ivec *at; /* offset, length of each name */
};

static uint64_t hash(const char *p, int32_t len)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (int32_t j = 0; j < len; j++)
        h = (h ^ (unsigned char)p[j]) * 1099511628211ull;
    return h;
}

static int names_init(struct names *t, const char *text, struct xcc_ivec *at, size_t expect)
{
    size_t size = 16;
    while (size < 2 * expect + 16)
        size *= 2;
    t->text = text, t->at = at, t->mask = size - 1;
    t->slot = calloc(size, sizeof *t->slot);
    return t->slot != NULL ? 0 : -1;
}

/* The index of the name at text[off..off+len), or -1; *where gets its slot. */
static int32_t names_find(const struct names *t, int32_t off, int32_t len, size_t *where)
{
    const char *p = t->text + off;
    for (size_t j = hash(p, len) & t->mask;; j = (j + 1) & t->mask) {
        int32_t k = t->slot[j] - 1;
        if (k < 0) {
            *where = j;
            return -1;
        }
        if (t->at->a[2 * k + 1] == len && memcmp(t->text + t->at->a[2 * k], p, (size_t)len) == 0)
            return k;
    }
}

static int grow_table(struct names *t)
{
    size_t size = 2 * (t->mask + 1);
    int32_t *slot = calloc(size, sizeof *slot);
    if (slot == NULL)
        return -1;
    free(t->slot);
    t->slot = slot, t->mask = size - 1;
    size_t count = t->at->n / 2;
    for (size_t k = 0; k < count; k++) {
        size_t where;
        names_find(t, t->at->a[2 * k], t->at->a[2 * k + 1], &where);
        t->slot[where] = (int32_t)k + 1;
    }
    return 0;
}

/* Add a name known to be new at slot `where`: its index, or -1. */
static int32_t names_add(struct names *t, int32_t off, int32_t len, size_t where)
{
    int32_t k = (int32_t)(t->at->n / 2);
    if (xcc_ivec_push(t->at, off) < 0 || xcc_ivec_push(t->at, len) < 0)
        return -1;
    t->slot[where] = k + 1;
    if (2 * (size_t)(k + 1) > t->mask && grow_table(t) < 0) /* keep it at most half full */
        return -1;
    return k;
}

/* ---- the reader ---------------------------------------------------------------- */

static int blank(char c)
{
    return c == ' ' || c == '\t';
}

void xcc_dlx_free(struct xcc_dlx *d)
{
    xcc_ivec_free(&d->item_at);
    xcc_ivec_free(&d->color_at);
    xcc_ivec_free(&d->starts);
    xcc_ivec_free(&d->items);
    xcc_ivec_free(&d->colors);
    xcc_ivec_free(&d->lines);
    xcc_ivec_free(&d->bounds);
}

/* A decimal number text[p..q) (p < q, digits only, at most INT32_MAX), or -1. */
static int64_t number(const char *text, size_t p, size_t q)
{
    int64_t v = 0;
    if (p == q)
        return -1;
    for (; p < q; p++) {
        if (text[p] < '0' || text[p] > '9')
            return -1;
        v = 10 * v + (text[p] - '0');
        if (v > INT32_MAX)
            return -1;
    }
    return v;
}

/* Whether text[p..q) is all decimal digits. */
static int digits(const char *text, size_t p, size_t q)
{
    for (; p < q; p++)
        if (text[p] < '0' || text[p] > '9')
            return 0;
    return 1;
}

int xcc_dlx_parse(const char *text, size_t size, struct xcc_dlx *d)
{
    struct names items = {0}, colors = {0};
    int32_t *in_option = NULL; /* the last option naming each item, for repeats */
    size_t in_room = 0;
    int result = -1;
    memset(d, 0, sizeof *d);
    if (size > INT32_MAX / 2)
        return 0; /* the twin reads it */
    for (size_t j = 0; j < size; j++) {
        unsigned char c = (unsigned char)text[j];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7f)
            return 0; /* unusual characters: the twin's to read */
    }
    if (names_init(&items, text, &d->item_at, size / 64) < 0
        || names_init(&colors, text, &d->color_at, 8) < 0 || xcc_ivec_push(&d->starts, 0) < 0)
        goto done;
    int header = 0;
    int32_t lineno = 0;
    size_t at = 0;
    while (at < size) {
        size_t end = at;
        while (end < size && text[end] != '\n' && text[end] != '\r')
            end++;
        lineno++;
        size_t next = end < size && text[end] == '\r' && end + 1 < size && text[end + 1] == '\n'
                          ? end + 2 : end + 1;
        size_t p = at;
        while (p < end && blank(text[p]))
            p++;
        if (p == end || text[p] == '|') { /* blank or a comment */
            at = next;
            continue;
        }
        if (lineno == INT32_MAX)
            goto fallback;
        if (!header) { /* the item line */
            header = 1;
            int bar = 0;
            while (p < end) {
                size_t q = p;
                while (q < end && !blank(text[q]))
                    q++;
                int32_t off = (int32_t)p, len = (int32_t)(q - p);
                if (len == 1 && text[p] == '|') {
                    if (bar)
                        goto fallback;
                    bar = 1;
                } else {
                    int64_t u = 1, v = 1; /* DLX3's multiplicities: u:v|name or v|name */
                    const char *stroke = memchr(text + p, '|', (size_t)len);
                    if (stroke != NULL) {
                        size_t s = (size_t)(stroke - text);
                        const char *colon = memchr(text + p, ':', s - p);
                        v = number(text, colon ? (size_t)(colon - text) + 1 : p, s);
                        u = colon ? number(text, p, (size_t)(colon - text)) : v;
                        if (bar || u < 0 || v < 1 || u > v)
                            goto fallback; /* the twin names the fault */
                        off = (int32_t)(s + 1), len = (int32_t)(q - s - 1);
                        if (len == 0)
                            goto fallback;
                        d->bounded += u != 1 || v != 1;
                    }
                    if (memchr(text + off, ':', (size_t)len) || memchr(text + off, '|', (size_t)len))
                        goto fallback;
                    if (len > 1 && text[off] == '$' && digits(text, (size_t)off + 1, q))
                        goto fallback; /* a name that reads as a cost ($ and digits): refused */
                    size_t where;
                    if (names_find(&items, off, len, &where) >= 0)
                        goto fallback; /* a repeated name */
                    if (names_add(&items, off, len, where) < 0)
                        goto done;
                    if (!bar && (xcc_ivec_push(&d->bounds, (int32_t)u) < 0
                                 || xcc_ivec_push(&d->bounds, (int32_t)v) < 0))
                        goto done;
                    if (!bar)
                        d->n1++;
                }
                p = q;
                while (p < end && blank(text[p]))
                    p++;
            }
            if (d->n1 == 0)
                goto fallback;
            d->n = (int32_t)(d->item_at.n / 2);
            in_room = (size_t)d->n;
            in_option = malloc(in_room * sizeof *in_option);
            if (in_option == NULL)
                goto done;
            for (size_t i = 0; i < in_room; i++)
                in_option[i] = -1;
            at = next;
            continue;
        }
        /* an option */
        int32_t k = d->m, primary = 0;
        while (p < end) {
            size_t q = p, colon = 0;
            while (q < end && !blank(text[q])) {
                if (text[q] == ':' && !colon)
                    colon = q;
                else if (text[q] == '|')
                    goto fallback; /* '|' in a name or a color */
                q++;
            }
            size_t name_end = colon ? colon : q;
            if (name_end == p)
                goto fallback; /* an empty name */
            size_t where;
            int32_t i = names_find(&items, (int32_t)p, (int32_t)(name_end - p), &where);
            if (i < 0 || in_option[i] == k)
                goto fallback; /* unknown, or twice in this option */
            in_option[i] = k;
            primary |= i < d->n1;
            int32_t code = 0;
            if (colon) {
                if (i < d->n1)
                    goto fallback; /* a color on a primary item */
                size_t c0 = colon + 1;
                if (c0 == q || memchr(text + c0, ':', q - c0))
                    goto fallback; /* an empty color, or a second ':' */
                int32_t c = names_find(&colors, (int32_t)c0, (int32_t)(q - c0), &where);
                if (c < 0 && (c = names_add(&colors, (int32_t)c0, (int32_t)(q - c0), where)) < 0)
                    goto done;
                code = c + 1;
            }
            if (xcc_ivec_push(&d->items, i) < 0 || xcc_ivec_push(&d->colors, code) < 0)
                goto done;
            p = q;
            while (p < end && blank(text[p]))
                p++;
        }
        if (xcc_ivec_push(&d->starts, (int32_t)d->items.n) < 0
            || xcc_ivec_push(&d->lines, lineno) < 0)
            goto done;
        d->m++;
        d->without_primary += !primary;
        at = next;
    }
    if (!header)
        goto fallback; /* no item line */
    result = 1;
    goto done;
fallback:
    result = 0;
done:
    free(items.slot);
    free(colors.slot);
    free(in_option);
    if (result != 1)
        xcc_dlx_free(d);
    return result;
}
