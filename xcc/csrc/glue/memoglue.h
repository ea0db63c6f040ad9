/* xcc/csrc/glue/memoglue.h: registers the Memo type of memoglue.c on xcc._native.
 * Python twin: none (the caller is xcc/engines/memo/native.py). */
#ifndef XCC_MEMOGLUE_H
#define XCC_MEMOGLUE_H
#include <Python.h>
int memo_register(PyObject *module);
#endif
