/* xcc/csrc/glue/memoglue.c: the Python face of the memoized search
 * (memo/memo.h).
 * Python twin: none; the caller is xcc/engines/memo/native.py.  Only
 * conversion lives here.
 *
 *   Memo(sizes, arrays, limit)
 *       sizes: (levels, n1, nsec, nverts, noptions, has_cycle, diagram);
 *       arrays: the 30 int32 arrays of memo_plan in field order, each as
 *       bytes (native byte order); limit: the memory limit in bytes.
 *       Raises ValueError if the plan is inconsistent, MemoryError if it
 *       does not fit in the limit.
 *   step(budget) -> DONE | PAUSED | ENOMEM   (about budget states; no GIL)
 *   progress() -> (level, states, bytes, peak)
 *   error() -> str or None
 *   total() -> bytes          the count, little-endian (after DONE)
 *   widths() -> [states of L_0, ..., L_levels]
 *   unrank(r) -> (option, ...)  r as little-endian bytes (diagram mode)
 *   sample(k, seed) -> [(option, ...), ...]  (diagram mode)
 *   layer_arcs(k) -> (start, choice, child, closures or None)  layer k's arcs
 *       as bytes of uint32, int32, uint32, int32 (diagram mode)
 *   accept() -> bytes          the last layer's accepting flags (diagram mode)
 *   polynomial(weights) -> (lo, width, bytes)  the solutions of weight lo, lo + 1,
 *       ..., width little-endian words each; weights: one int64 per option as bytes
 *       (at most 2^31 - 1), or None: each arc weighs the cycles it closes
 *       (diagram mode)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "memo/memo.h"
#include "memoglue.h"

typedef struct {
    PyObject_HEAD
    memo *m;
    int busy;
} MemoObject;

static void Memo_dealloc(MemoObject *self)
{
    memo_free(self->m);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Memo_init(MemoObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *sizes, *arrays;
    unsigned long long limit;
    static char *kwlist[] = {"sizes", "arrays", "limit", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!K", kwlist, &PyTuple_Type, &sizes,
                                     &PyTuple_Type, &arrays, &limit))
        return -1;
    memo_plan p;
    memset(&p, 0, sizeof p);
    int32_t *ints[7] = {&p.levels, &p.n1, &p.nsec, &p.nverts, &p.noptions, &p.has_cycle,
                        &p.diagram};
    if (PyTuple_GET_SIZE(sizes) != 7 || PyTuple_GET_SIZE(arrays) != MEMO_ARRAYS) {
        PyErr_SetString(PyExc_ValueError, "Memo: 7 sizes and 30 arrays expected");
        return -1;
    }
    for (int j = 0; j < 7; j++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(sizes, j));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v > INT32_MAX - 2) {
            PyErr_SetString(PyExc_ValueError, "Memo: sizes out of range");
            return -1;
        }
        *ints[j] = (int32_t)v;
    }
    const int32_t **fields[MEMO_ARRAYS] = {
        &p.opt_start, &p.opt_item, &p.opt_color, &p.order, &p.own_start, &p.own_opt,
        &p.lay_start, &p.slot_kind, &p.slot_id, &p.slot_word, &p.slot_shift, &p.slot_bits,
        &p.lay_words, &p.root, &p.wv_start, &p.wv, &p.vlast, &p.required, &p.required_later,
        &p.ie_start, &p.ie_color, &p.ie_u, &p.ie_v, &p.wg_start, &p.g_item, &p.g_start,
        &p.s_start, &p.e_item, &p.e_color, &p.g_fresh};
    size_t lens[MEMO_ARRAYS];
    for (int j = 0; j < MEMO_ARRAYS; j++) {
        PyObject *b = PyTuple_GET_ITEM(arrays, j);
        if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) % 4 != 0) {
            PyErr_Format(PyExc_TypeError, "Memo: array %d must be bytes of int32", j);
            return -1;
        }
        *fields[j] = (const int32_t *)PyBytes_AS_STRING(b);
        lens[j] = (size_t)PyBytes_GET_SIZE(b) / 4;
    }
    char why[200];
    if (!memo_check(&p, lens, why, sizeof why)) {
        PyErr_Format(PyExc_ValueError, "Memo: bad plan (%s)", why);
        return -1;
    }
    memo_free(self->m);
    self->m = memo_new(&p, (size_t)limit);
    if (self->m == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (memo_error(self->m)) {
        PyErr_SetString(PyExc_MemoryError, memo_error(self->m));
        memo_free(self->m);
        self->m = NULL;
        return -1;
    }
    return 0;
}

static int ready(MemoObject *self)
{
    if (self->m == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Memo: not initialized");
        return 0;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Memo: in use by another thread");
        return 0;
    }
    return 1;
}

static PyObject *Memo_step(MemoObject *self, PyObject *arg)
{
    long budget = PyLong_AsLong(arg);
    if (budget == -1 && PyErr_Occurred())
        return NULL;
    if (!ready(self))
        return NULL;
    int status;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = memo_step(self->m, budget);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    return PyLong_FromLong(status);
}

static PyObject *Memo_progress(MemoObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    int level;
    size_t states, bytes, peak;
    memo_progress(self->m, &level, &states, &bytes, &peak);
    return Py_BuildValue("(innn)", level, (Py_ssize_t)states, (Py_ssize_t)bytes,
                         (Py_ssize_t)peak);
}

static PyObject *Memo_error(MemoObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    const char *e = memo_error(self->m);
    if (e == NULL)
        Py_RETURN_NONE;
    return PyUnicode_FromString(e);
}

static PyObject *Memo_total(MemoObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    int width;
    const uint64_t *w = memo_total(self->m, &width);
    if (w == NULL)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)w, (Py_ssize_t)width * 8);
}

static PyObject *Memo_widths(MemoObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    const size_t *w = memo_widths(self->m);
    PyObject *out = PyList_New(self->m->p.levels + 1);
    if (out == NULL)
        return NULL;
    for (int k = 0; k <= self->m->p.levels; k++) {
        PyObject *v = PyLong_FromSize_t(w[k]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, v);
    }
    return out;
}

static PyObject *options_tuple(const int32_t *a, int n)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (int j = 0; j < n; j++) {
        PyObject *v = PyLong_FromLong(a[j]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, j, v);
    }
    return t;
}

static int diagram_ready(MemoObject *self)
{
    if (!ready(self))
        return 0;
    if (!self->m->p.diagram || !self->m->done || self->m->paths == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Memo: no finished diagram");
        return 0;
    }
    return 1;
}

static PyObject *Memo_unrank(MemoObject *self, PyObject *arg)
{
    if (!diagram_ready(self))
        return NULL;
    if (!PyBytes_Check(arg) || PyBytes_GET_SIZE(arg) % 8 != 0 || PyBytes_GET_SIZE(arg) == 0) {
        PyErr_SetString(PyExc_TypeError, "unrank: r as little-endian bytes, 8 per word");
        return NULL;
    }
    int32_t *out = PyMem_Malloc(sizeof(int32_t) * ((size_t)self->m->p.levels + 1));
    if (out == NULL)
        return PyErr_NoMemory();
    int n = memo_unrank(self->m, (const uint64_t *)PyBytes_AS_STRING(arg),
                        (int)(PyBytes_GET_SIZE(arg) / 8), out);
    PyObject *t = n < 0 ? (PyErr_SetString(PyExc_IndexError, "unrank: rank out of range"), NULL)
                        : options_tuple(out, n);
    PyMem_Free(out);
    return t;
}

static PyObject *Memo_sample(MemoObject *self, PyObject *args)
{
    long k;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "lK", &k, &seed))
        return NULL;
    if (!diagram_ready(self))
        return NULL;
    if (k < 0 || k > 100000000) {
        PyErr_SetString(PyExc_ValueError, "sample: k out of range");
        return NULL;
    }
    size_t levels = (size_t)self->m->p.levels + 1;
    int32_t *out = PyMem_Malloc(sizeof(int32_t) * levels * (size_t)(k ? k : 1));
    int32_t *lens = PyMem_Malloc(sizeof(int32_t) * (size_t)(k ? k : 1));
    PyObject *list = NULL;
    if (out == NULL || lens == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (memo_sample(self->m, k, (uint64_t)seed, out, lens) < 0) {
        list = PyList_New(0);
        goto done;
    }
    list = PyList_New(k);
    if (list == NULL)
        goto done;
    for (long i = 0; i < k; i++) {
        PyObject *t = options_tuple(out + (size_t)i * (levels - 1), lens[i]);
        if (t == NULL) {
            Py_CLEAR(list);
            goto done;
        }
        PyList_SET_ITEM(list, i, t);
    }
done:
    PyMem_Free(out);
    PyMem_Free(lens);
    return list;
}

static PyObject *Memo_layer_arcs(MemoObject *self, PyObject *arg)
{
    if (!diagram_ready(self))
        return NULL;
    long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 0 || k >= self->m->p.levels) {
        PyErr_SetString(PyExc_IndexError, "layer_arcs: no such level");
        return NULL;
    }
    size_t n, narcs;
    const uint32_t *start, *child;
    const int32_t *choice, *closures;
    memo_layer_arcs(self->m, (int)k, &n, &narcs, &start, &choice, &child, &closures);
    if (closures == NULL)
        return Py_BuildValue("(y#y#y#O)", (const char *)start, (Py_ssize_t)(4 * (n + 1)),
                             (const char *)choice, (Py_ssize_t)(4 * narcs),
                             (const char *)child, (Py_ssize_t)(4 * narcs), Py_None);
    return Py_BuildValue("(y#y#y#y#)", (const char *)start, (Py_ssize_t)(4 * (n + 1)),
                         (const char *)choice, (Py_ssize_t)(4 * narcs),
                         (const char *)child, (Py_ssize_t)(4 * narcs),
                         (const char *)closures, (Py_ssize_t)(4 * narcs));
}

static PyObject *Memo_accept(MemoObject *self, PyObject *unused)
{
    (void)unused;
    if (!diagram_ready(self))
        return NULL;
    size_t n;
    const uint8_t *a = memo_accept(self->m, &n);
    return PyBytes_FromStringAndSize((const char *)a, (Py_ssize_t)n);
}

static PyObject *Memo_polynomial(MemoObject *self, PyObject *arg)
{
    if (!diagram_ready(self))
        return NULL;
    const int64_t *weights = NULL;
    if (arg != Py_None) {
        if (!PyBytes_Check(arg) || PyBytes_GET_SIZE(arg) != 8 * (Py_ssize_t)self->m->p.noptions) {
            PyErr_SetString(PyExc_TypeError, "polynomial: one int64 weight per option, as bytes");
            return NULL;
        }
        weights = (const int64_t *)PyBytes_AS_STRING(arg);
        for (int32_t o = 0; o < self->m->p.noptions; o++)
            if (weights[o] < 0 || weights[o] > INT32_MAX) {
                PyErr_Format(PyExc_ValueError, "polynomial: weight %lld of option %d out of range",
                             (long long)weights[o], (int)o);
                return NULL;
            }
    }
    int64_t lo;
    size_t len;
    int width;
    const uint64_t *coef;
    if (!memo_polynomial(self->m, weights, &lo, &len, &width, &coef)) {
        PyErr_SetString(PyExc_MemoryError, memo_error(self->m) ? memo_error(self->m) : "out of memory");
        return NULL;
    }
    return Py_BuildValue("(Liy#)", (long long)lo, width, (const char *)coef,
                         (Py_ssize_t)(len * (size_t)width * 8));
}

static PyMethodDef Memo_methods[] = {
    {"polynomial", (PyCFunction)Memo_polynomial, METH_O,
     "polynomial(weights or None) -> (lowest weight, words, coefficients as bytes)"},
    {"layer_arcs", (PyCFunction)Memo_layer_arcs, METH_O, "layer_arcs(k) -> (start, choice, child, closures)"},
    {"accept", (PyCFunction)Memo_accept, METH_NOARGS, "the last layer's accepting flags"},
    {"step", (PyCFunction)Memo_step, METH_O, "step(budget) -> DONE, PAUSED or ENOMEM"},
    {"progress", (PyCFunction)Memo_progress, METH_NOARGS, "(level, states, bytes, peak)"},
    {"error", (PyCFunction)Memo_error, METH_NOARGS, "why the run stopped, or None"},
    {"total", (PyCFunction)Memo_total, METH_NOARGS, "the count as little-endian bytes"},
    {"widths", (PyCFunction)Memo_widths, METH_NOARGS, "states of each layer"},
    {"unrank", (PyCFunction)Memo_unrank, METH_O, "unrank(r) -> the r-th solution's options"},
    {"sample", (PyCFunction)Memo_sample, METH_VARARGS, "sample(k, seed) -> k uniform draws"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xcc._native.Memo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The memoized search of engine memo (see xcc/engines/memo/native.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Memo_init,
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_methods = Memo_methods,
};

static int shard_register(PyObject *module);  /* shard.c's face: at the end of this file */

int memo_register(PyObject *module)
{
    if (PyType_Ready(&MemoType) < 0 || shard_register(module) < 0)
        return -1;
    Py_INCREF(&MemoType);
    if (PyModule_AddObject(module, "Memo", (PyObject *)&MemoType) < 0) {
        Py_DECREF(&MemoType);
        return -1;
    }
    if (PyModule_AddIntConstant(module, "MEMO_DONE", MEMO_DONE) < 0
        || PyModule_AddIntConstant(module, "MEMO_PAUSED", MEMO_PAUSED) < 0
        || PyModule_AddIntConstant(module, "MEMO_ENOMEM", MEMO_ENOMEM) < 0)
        return -1;
    return 0;
}

/* ---- one level over a shard (memo/shard.c), for xcc/engines/memo/shards.py ----
 *   memo_expand(memo, k, keys) -> (children, parents)
 *       keys: bytes of uint64 keys of layout k; children: the keys of layout
 *       k+1 reached from them (bytes of uint64), parents: the index of each
 *       one's parent (bytes of uint32).  MemoryError past the memo's limit.
 *   memo_accepts(memo, keys) -> bytes   1 for each key of the last layout
 *       that is a solution, else 0 */
#include "memo/shard.h"

static memo *shard_memo(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &MemoType)) {
        PyErr_SetString(PyExc_TypeError, "expected an xcc._native.Memo");
        return NULL;
    }
    MemoObject *self = (MemoObject *)obj;
    if (!ready(self))
        return NULL;
    if (self->m->p.diagram) {
        PyErr_SetString(PyExc_ValueError, "a shard is expanded by a Memo in count mode");
        return NULL;
    }
    return self->m;
}

static PyObject *shard_expand(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *obj;
    int k;
    Py_buffer keys;
    if (!PyArg_ParseTuple(args, "Oiy*", &obj, &k, &keys))
        return NULL;
    PyObject *out = NULL;
    memo *m = shard_memo(obj);
    if (m == NULL)
        goto done;
    if (k < 0 || k >= m->p.levels) {
        PyErr_SetString(PyExc_IndexError, "memo_expand: no such level");
        goto done;
    }
    size_t kw = (size_t)m->p.lay_words[k], n = (size_t)keys.len / (8 * kw);
    if ((size_t)keys.len != n * 8 * kw || n >= 0xFFFFFFF0u) {
        PyErr_SetString(PyExc_ValueError, "memo_expand: keys of the layout's words expected "
                                          "(fewer than 2^32)");
        goto done;
    }
    memo_shard S;
    int status;
    MemoObject *self = (MemoObject *)obj;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = memo_shard_expand(m, k, (const uint64_t *)keys.buf, n, &S);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (status == MEMO_DONE)
        out = Py_BuildValue("(y#y#)", (const char *)S.keys, (Py_ssize_t)(S.n * (size_t)S.kw * 8),
                            (const char *)S.parent, (Py_ssize_t)(S.n * 4));
    else
        PyErr_SetString(PyExc_MemoryError, memo_error(m) ? memo_error(m) : "out of memory");
    memo_shard_release(m, &S);
done:
    PyBuffer_Release(&keys);
    return out;
}

static PyObject *shard_accepts(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *obj;
    Py_buffer keys;
    if (!PyArg_ParseTuple(args, "Oy*", &obj, &keys))
        return NULL;
    PyObject *out = NULL;
    memo *m = shard_memo(obj);
    if (m == NULL)
        goto done;
    size_t kw = (size_t)m->p.lay_words[m->p.levels], n = (size_t)keys.len / (8 * kw);
    if ((size_t)keys.len != n * 8 * kw) {
        PyErr_SetString(PyExc_ValueError, "memo_accepts: keys of the last layout expected");
        goto done;
    }
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (out != NULL)
        memo_shard_accepts(m, (const uint64_t *)keys.buf, n, (uint8_t *)PyBytes_AS_STRING(out));
done:
    PyBuffer_Release(&keys);
    return out;
}

static PyMethodDef shard_functions[] = {
    {"memo_expand", shard_expand, METH_VARARGS, "memo_expand(memo, k, keys) -> (children, parents)"},
    {"memo_accepts", shard_accepts, METH_VARARGS, "memo_accepts(memo, keys) -> flags"},
    {NULL, NULL, 0, NULL}};

static int shard_register(PyObject *module) { return PyModule_AddFunctions(module, shard_functions); }
