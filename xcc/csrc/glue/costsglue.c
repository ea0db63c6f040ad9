/* xcc._costs: the Python face of DLX5's search (csrc/costs/costs.c), engine
   "costs".  Solver(ulink, dlink, top, color, cost, llink, rlink, n1, n, k)
   takes the arrays of xcc/engines/costs/python.py's CostArrays as bytes
   (int32; cost uint64); its methods: run(budget) -> status, solution() ->
   (net cost, options), stats(). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "costs/costs.h"

typedef struct {
  PyObject_HEAD
  costs *s;
  int32_t *sol; /* room for a solution: one option per primary item at most */
} Solver;

static int in_range(const int32_t *a, Py_ssize_t n, int32_t lo, int32_t hi, const char *name) {
  for (Py_ssize_t j = 0; j < n; j++)
    if (a[j] < lo || a[j] > hi) {
      PyErr_Format(PyExc_ValueError, "%s[%zd] = %d out of range", name, j, (int)a[j]);
      return -1;
    }
  return 0;
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kw) {
  const char *b[7];
  Py_ssize_t len[7];
  int n1, n, k;
  if (!PyArg_ParseTuple(args, "y#y#y#y#y#y#y#iii", &b[0], &len[0], &b[1], &len[1], &b[2],
                        &len[2], &b[3], &len[3], &b[4], &len[4], &b[5], &len[5], &b[6], &len[6],
                        &n1, &n, &k))
    return -1;
  Py_ssize_t nodes = len[0] / 4;
  if (n1 < 0 || n < n1 || k < 0 || nodes < n + 2 || nodes > INT32_MAX / 2 || len[0] % 4 ||
      len[1] != len[0] || len[2] != len[0] || len[3] != len[0] || len[4] != 2 * len[0] ||
      len[5] != 4 * ((Py_ssize_t)n + 2) || len[6] != len[5]) {
    PyErr_SetString(PyExc_ValueError, "the arrays differ in length");
    return -1;
  }
  const int32_t *top = (const int32_t *)b[2];
  if (in_range((const int32_t *)b[0], nodes, 0, (int32_t)nodes - 1, "ulink") < 0 ||
      in_range((const int32_t *)b[1], nodes, 0, (int32_t)nodes - 1, "dlink") < 0 ||
      in_range(top, nodes, -(int32_t)nodes, (int32_t)nodes, "top") < 0 ||
      in_range((const int32_t *)b[5], n + 2, 0, n + 1, "llink") < 0 ||
      in_range((const int32_t *)b[6], n + 2, 0, n + 1, "rlink") < 0)
    return -1;
  if (self->s) costs_free(self->s);
  PyMem_Free(self->sol);
  self->s = costs_new((const int32_t *)b[0], (const int32_t *)b[1], top, (const int32_t *)b[3],
                      (const uint64_t *)b[4], (int)nodes, (const int32_t *)b[5],
                      (const int32_t *)b[6], n1, n, k);
  self->sol = PyMem_Malloc((size_t)(n1 + 2) * sizeof(int32_t));
  if (!self->s || !self->sol) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

static void Solver_dealloc(Solver *self) {
  costs_free(self->s);
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

static PyObject *Solver_run(Solver *self, PyObject *arg) {
  unsigned long long budget = PyLong_AsUnsignedLongLong(arg);
  if (PyErr_Occurred() || !ready(self)) return NULL;
  int status;
  Py_BEGIN_ALLOW_THREADS status = costs_run(self->s, budget);
  Py_END_ALLOW_THREADS
  return PyLong_FromLong(status);
}

static PyObject *Solver_solution(Solver *self, PyObject *Py_UNUSED(ignored)) {
  if (!ready(self)) return NULL;
  uint64_t net;
  int n = costs_solution(self->s, self->sol, &net);
  PyObject *t = PyTuple_New(n);
  if (!t) return NULL;
  for (int j = 0; j < n; j++) {
    PyObject *v = PyLong_FromLong(self->sol[j]);
    if (!v) {
      Py_DECREF(t);
      return NULL;
    }
    PyTuple_SET_ITEM(t, j, v);
  }
  return Py_BuildValue("KN", (unsigned long long)net, t);
}

static PyObject *Solver_stats(Solver *self, PyObject *Py_UNUSED(ignored)) {
  if (!ready(self)) return NULL;
  uint64_t st[6];
  costs_stats(self->s, st);
  return Py_BuildValue("KKKKKK", (unsigned long long)st[0], (unsigned long long)st[1],
                       (unsigned long long)st[2], (unsigned long long)st[3],
                       (unsigned long long)st[4], (unsigned long long)st[5]);
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)Solver_run, METH_O, "run(budget) -> status"},
    {"solution", (PyCFunction)Solver_solution, METH_NOARGS,
     "the last solution found: (net cost, options)"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS,
     "(nodes, updates, cleansings, mems, max_level, found)"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "xcc._costs.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DLX5's search (the k cheapest solutions) over CostArrays' arrays",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef costs_module = {PyModuleDef_HEAD_INIT, "_costs",
                                          "DLX5 (exact covering with costs) in C", -1, NULL};

PyMODINIT_FUNC PyInit__costs(void) {
  if (PyType_Ready(&SolverType) < 0) return NULL;
  PyObject *m = PyModule_Create(&costs_module);
  if (!m) return NULL;
  Py_INCREF(&SolverType);
  if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
    Py_DECREF(&SolverType);
    Py_DECREF(m);
    return NULL;
  }
  if (PyModule_AddIntConstant(m, "DONE", COSTS_DONE) < 0 ||
      PyModule_AddIntConstant(m, "FOUND", COSTS_FOUND) < 0 ||
      PyModule_AddIntConstant(m, "PAUSED", COSTS_PAUSED) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
