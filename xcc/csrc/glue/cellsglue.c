/* xcc._cells: the Python face of the Dancing Cells search (csrc/cells/cells.c), engine
   "cells".  Solver(set, item, itm, loc, clr, opt, second, bad) takes the
   arrays of xcc/engines/cells/layout.py as int32 bytes; its methods are the
   Run protocol's: run, options, count, batch, stats. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cells/cells.h"

typedef struct {
  PyObject_HEAD
  cells *s;
  int32_t *sol; /* room for a solution: one option per item at most */
} Solver;

static int ints(const char *buf, Py_ssize_t len, const char *name, Py_ssize_t *n) {
  if (len % 4) {
    PyErr_Format(PyExc_ValueError, "%s: not int32 bytes", name);
    return -1;
  }
  *n = len / 4;
  (void)buf;
  return 0;
}

static int in_range(const int32_t *a, Py_ssize_t n, int32_t lo, int32_t hi, const char *name) {
  for (Py_ssize_t j = 0; j < n; j++)
    if (a[j] < lo || a[j] > hi) {
      PyErr_Format(PyExc_ValueError, "%s[%zd] = %d out of range", name, j, (int)a[j]);
      return -1;
    }
  return 0;
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kw) {
  const char *b[6];
  Py_ssize_t len[6], n[6];
  int second, bad;
  static const char *names[6] = {"set", "item", "itm", "loc", "clr", "opt"};
  if (!PyArg_ParseTuple(args, "y#y#y#y#y#y#ip", &b[0], &len[0], &b[1], &len[1], &b[2], &len[2],
                        &b[3], &len[3], &b[4], &len[4], &b[5], &len[5], &second, &bad))
    return -1;
  for (int j = 0; j < 6; j++)
    if (ints(b[j], len[j], names[j], &n[j]) < 0) return -1;
  if (n[3] != n[2] || n[4] != n[2] || n[5] != n[2] || n[2] < 1 || n[2] > INT32_MAX / 4 ||
      n[0] > INT32_MAX / 4 || n[1] > INT32_MAX / 4) {
    PyErr_SetString(PyExc_ValueError, "the node arrays differ in length");
    return -1;
  }
  const int32_t *set = (const int32_t *)b[0], *itm = (const int32_t *)b[2];
  /* set holds nodes, positions in item and sizes: each below both lengths' sum */
  if (in_range(set, n[0], 0, (int32_t)(n[2] + n[1]), "set") < 0 ||
      in_range((const int32_t *)b[1], n[1], 2, (int32_t)n[0], "item") < 0 ||
      in_range(itm, n[2], -(int32_t)n[2], (int32_t)n[0] - 1, "itm") < 0 ||
      in_range((const int32_t *)b[3], n[3], 0, (int32_t)n[0] - 1, "loc") < 0)
    return -1;
  if (self->s) cells_free(self->s);
  PyMem_Free(self->sol);
  self->s = cells_new(set, (int)n[0], (const int32_t *)b[1], (int)n[1], itm,
                      (const int32_t *)b[3], (const int32_t *)b[4], (const int32_t *)b[5],
                      (int)n[2], second, bad);
  self->sol = PyMem_Malloc((size_t)(n[1] + 1) * sizeof(int32_t));
  if (!self->s || !self->sol) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

static void Solver_dealloc(Solver *self) {
  cells_free(self->s);
  PyMem_Free(self->sol);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(Solver *self) {
  if (!self->s) {
    PyErr_SetString(PyExc_RuntimeError, "Solver not initialized");
    return 0;
  }
  return 1;
}

static PyObject *options_of(Solver *self) {
  int n = cells_solution(self->s, self->sol);
  PyObject *t = PyTuple_New(n);
  if (!t) return NULL;
  for (int k = 0; k < n; k++) {
    PyObject *v = PyLong_FromLong(self->sol[k]);
    if (!v) {
      Py_DECREF(t);
      return NULL;
    }
    PyTuple_SET_ITEM(t, k, v);
  }
  return t;
}

static PyObject *Solver_run(Solver *self, PyObject *arg) {
  unsigned long long budget = PyLong_AsUnsignedLongLong(arg);
  if (PyErr_Occurred() || !ready(self)) return NULL;
  int status;
  Py_BEGIN_ALLOW_THREADS status = cells_run(self->s, budget);
  Py_END_ALLOW_THREADS
  if (status < 0) return PyErr_NoMemory();
  return PyLong_FromLong(status);
}

static PyObject *Solver_options(Solver *self, PyObject *Py_UNUSED(ignored)) {
  return ready(self) ? options_of(self) : NULL;
}

static PyObject *Solver_count(Solver *self, PyObject *args) {
  unsigned long long budget, room;
  uint64_t found = 0;
  if (!PyArg_ParseTuple(args, "KK", &budget, &room) || !ready(self)) return NULL;
  int status;
  Py_BEGIN_ALLOW_THREADS status = cells_count(self->s, budget, room ? room : 1, &found);
  Py_END_ALLOW_THREADS
  if (status < 0) return PyErr_NoMemory();
  return Py_BuildValue("iK", status, (unsigned long long)found);
}

static PyObject *Solver_batch(Solver *self, PyObject *args) {
  unsigned long long budget, room;
  if (!PyArg_ParseTuple(args, "KK", &budget, &room) || !ready(self)) return NULL;
  PyObject *out = PyList_New(0);
  if (!out) return NULL;
  uint64_t spent = 0, start = 0, found = 0, st[4];
  cells_stats(self->s, st);
  start = st[2];
  int status;
  for (;;) {
    uint64_t left = 0;
    if (budget) {
      cells_stats(self->s, st);
      spent = st[2] - start;
      if (spent >= budget) {
        status = CELLS_PAUSED;
        break;
      }
      left = budget - spent;
    }
    status = cells_run(self->s, left);
    if (status < 0) {
      Py_DECREF(out);
      return PyErr_NoMemory();
    }
    if (status != CELLS_SOLUTION) break;
    PyObject *t = options_of(self);
    if (!t || PyList_Append(out, t) < 0) {
      Py_XDECREF(t);
      Py_DECREF(out);
      return NULL;
    }
    Py_DECREF(t);
    if (++found >= (room ? room : 1)) break;
  }
  return Py_BuildValue("iN", status, out);
}

static PyObject *Solver_stats(Solver *self, PyObject *Py_UNUSED(ignored)) {
  if (!ready(self)) return NULL;
  uint64_t st[4];
  cells_stats(self->s, st);
  return Py_BuildValue("KKKK", (unsigned long long)st[0], (unsigned long long)st[1],
                       (unsigned long long)st[2], (unsigned long long)st[3]);
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)Solver_run, METH_O, "run(budget) -> status"},
    {"options", (PyCFunction)Solver_options, METH_NOARGS, "the last solution's options"},
    {"count", (PyCFunction)Solver_count, METH_VARARGS, "count(budget, room) -> (status, found)"},
    {"batch", (PyCFunction)Solver_batch, METH_VARARGS,
     "batch(budget, room) -> (status, [options, ...])"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS, "(nodes, updates, mems, max_level)"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "xcc._cells.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A Dancing Cells search (Knuth's SSXCC) over the arrays of layout.py",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef cells_module = {PyModuleDef_HEAD_INIT, "_cells",
                                          "Dancing Cells (SSXCC) in C", -1, NULL};

PyMODINIT_FUNC PyInit__cells(void) {
  if (PyType_Ready(&SolverType) < 0) return NULL;
  PyObject *m = PyModule_Create(&cells_module);
  if (!m) return NULL;
  Py_INCREF(&SolverType);
  if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
    Py_DECREF(&SolverType);
    Py_DECREF(m);
    return NULL;
  }
  if (PyModule_AddIntConstant(m, "DONE", CELLS_DONE) < 0 ||
      PyModule_AddIntConstant(m, "SOLUTION", CELLS_SOLUTION) < 0 ||
      PyModule_AddIntConstant(m, "PAUSED", CELLS_PAUSED) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
