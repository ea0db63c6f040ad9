/* What the glue files share (internal to xcc/csrc/glue/: module.c,
 * module_layout.c, module_sat.c, glue.c, quick.c, memoglue.c, dratglue.c,
 * the only files with Python.h).
 *
 * Python twin: none.
 */
#ifndef XCC_GLUE_H
#define XCC_GLUE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

/* A C-contiguous buffer of int32 in native byte order, or -1 with TypeError. */
int xcc_get_int32(PyObject *obj, Py_buffer *view, const char *name);
/* Its number of int32 items. */
Py_ssize_t xcc_length(const Py_buffer *view);
/* views[*got ..] = int32 buffers of objs[0 .. count); *got counts those taken
 * (released by xcc_release_all, also after a failure). */
int xcc_get_all(PyObject *const *objs, Py_buffer *views, const char *const *names, int count,
                int *got);
void xcc_release_all(Py_buffer *views, int got);
/* bytes holding a[0..n) */
PyObject *xcc_int32_bytes(const int32_t *a, size_t n);
/* 1 if lo <= a[j] <= hi for every j < n */
int xcc_in_range(const int32_t *a, Py_ssize_t n, int32_t lo, int32_t hi);

/* module_layout.c: _native.Layout, layout_compact, layout_arrays, parse_dlx */
struct xcc_layout;
typedef struct {
    PyObject_HEAD
    struct xcc_layout *layout;
} LayoutObject;
extern PyTypeObject xcc_LayoutType;
PyObject *xcc_py_layout_compact(PyObject *module, PyObject *args);
PyObject *xcc_py_layout_arrays(PyObject *module, PyObject *args);
/* The layout of DLX2's six link arrays (llink, rlink, up, down, itm, color: any objects
 * with int32 buffers), their lengths and links checked; NULL with a Python error set. */
struct xcc_layout *xcc_layout_from_objects(int n1, int n, PyObject *const objs[6]);
PyObject *xcc_py_parse_dlx(PyObject *module, PyObject *arg);

/* quick.c: _native.quick, the quick path of the xcc command */
PyObject *xcc_py_quick(PyObject *module, PyObject *argv);

/* module_sat.c: _native.cnf and _native.cycle_cuts */
PyObject *xcc_py_cnf(PyObject *module, PyObject *args);
PyObject *xcc_py_cycle_cuts(PyObject *module, PyObject *args);

#endif
