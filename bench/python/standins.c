/* Stand-ins that do no work, for measuring what CPython itself costs in the build benchmark's
 * loop body: `create(name, results=..., operands=..., attributes=...)` returns a new object
 * whose `.result` is a new object, and `attr_get(type, value)` returns a new object, as a
 * binding must. No IR is made. bench.py builds this with the interpreter's headers and runs
 * the benchmark's loop against it: the time is the floor under any binding's build figure.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
    PyObject_HEAD
    Py_ssize_t tag;
} Handle;

static void handle_dealloc(PyObject *self) { PyObject_Free(self); }

static PyTypeObject ValueType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "omnir_standins.Value",
    .tp_basicsize = sizeof(Handle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = handle_dealloc,
};

static PyObject *new_handle(PyTypeObject *type, Py_ssize_t tag) {
    Handle *h = PyObject_New(Handle, type);
    if (h) h->tag = tag;
    return (PyObject *)h;
}

static PyObject *op_result(PyObject *self, void *closure) {
    (void)closure;
    return new_handle(&ValueType, ((Handle *)self)->tag);
}

static PyGetSetDef op_getset[] = {{"result", op_result, NULL, NULL, NULL}, {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject OpType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "omnir_standins.Operation",
    .tp_basicsize = sizeof(Handle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = handle_dealloc,
    .tp_getset = op_getset,
};

static PyObject *create(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    (void)module;
    (void)args;
    return new_handle(&OpType, nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0));
}

static PyObject *attr_get(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    (void)args;
    return new_handle(&ValueType, nargs);
}

static PyMethodDef methods[] = {
    {"create", (PyCFunction)(void (*)(void))create, METH_FASTCALL | METH_KEYWORDS, NULL},
    {"attr_get", (PyCFunction)(void (*)(void))attr_get, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "omnir_standins", NULL, -1, methods,
                                        NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit_omnir_standins(void) {
    if (PyType_Ready(&ValueType) < 0 || PyType_Ready(&OpType) < 0) return NULL;
    return PyModule_Create(&module_def);
}
