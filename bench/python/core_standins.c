/* The least any Python binding over libomnir.so.0 could spend on the build benchmark's loop:
 * the loop's calls (`create(name, results=..., operands=..., attributes=...)`, `.result`,
 * `attr_get(type, value)`) implemented in plain C against omnir's C API, doing the real IR
 * work (creating and inserting each operation, uniquing each integer attribute, fetching each
 * result handle) and nothing else: no argument checking beyond what keeps it from crashing,
 * no lifetime tracking, no caches keyed by context. Each operation name gets one
 * `omnir_operation_state` on first use; later calls with that name only replace the
 * operands and the attribute values (the benchmark's shapes never change; a real binding
 * has to check that they did not). bench.py builds this against the omnir wheel's own header
 * and library and runs the benchmark's loop on it: the time is the floor under a binding of
 * omnir's current C core, where `standins.c` is the floor under any binding at all.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include <omnir/omnir.h>

static omnir_context *ctx;
static omnir_location loc;
static omnir_insertion_point block_end;

/* Every handle kind the loop passes around, in one object. */
typedef struct {
    PyObject_HEAD
    union {
        omnir_type type;
        omnir_value value;
        omnir_attribute attr;
        omnir_op op;
    } h;
} Handle;

static void handle_dealloc(PyObject *self) { PyObject_Free(self); }

static PyTypeObject HandleType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "omnir_core_standins.Handle",
    .tp_basicsize = sizeof(Handle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = handle_dealloc,
};

static PyObject *failed(const char *what) {
    omnir_string message = omnir_last_error_message();
    PyErr_Format(PyExc_RuntimeError, "%s failed: %.*s", what, (int)message.len, message.data);
    omnir_string_free(message);
    return NULL;
}

static Handle *new_handle(PyTypeObject *type) { return PyObject_New(Handle, type); }

static PyObject *op_result(PyObject *self, void *closure) {
    (void)closure;
    Handle *v = new_handle(&HandleType);
    if (!v) return NULL;
    if (omnir_op_get_result(ctx, ((Handle *)self)->h.op, 0, &v->h.value) != OMNIR_OK) {
        Py_DECREF(v);
        return failed("omnir_op_get_result");
    }
    return (PyObject *)v;
}

static PyGetSetDef op_getset[] = {{"result", op_result, NULL, NULL, NULL}, {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject OpType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "omnir_core_standins.Operation",
    .tp_basicsize = sizeof(Handle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = handle_dealloc,
    .tp_getset = op_getset,
};

#define MAX_ITEMS 8
#define MAX_NAMES 8
static struct {
    PyObject *name; /* the name string object, by identity */
    omnir_operation_state *state;
} states[MAX_NAMES];

/* The handles in a list of Handle objects. */
static int gather(PyObject *list, void *out, size_t size, Py_ssize_t *n) {
    if (!list) {
        *n = 0;
        return 0;
    }
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > MAX_ITEMS) {
        PyErr_SetString(PyExc_TypeError, "expected a short list");
        return -1;
    }
    *n = PyList_GET_SIZE(list);
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *item = PyList_GET_ITEM(list, i);
        if (Py_TYPE(item) != &HandleType) {
            PyErr_SetString(PyExc_TypeError, "expected a handle");
            return -1;
        }
        memcpy((char *)out + (size_t)i * size, &((Handle *)item)->h, size);
    }
    return 0;
}

static PyObject *create(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    (void)module;
    if (nargs != 1 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "create(name, *, results, operands, attributes)");
        return NULL;
    }
    PyObject *results = NULL, *operands = NULL, *attributes = NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
        if (!k) return NULL;
        PyObject *v = args[nargs + i];
        if (!strcmp(k, "results")) results = v;
        else if (!strcmp(k, "operands")) operands = v;
        else if (!strcmp(k, "attributes")) attributes = v;
    }
    omnir_type types[MAX_ITEMS];
    omnir_value values[MAX_ITEMS];
    Py_ssize_t ntypes, nvalues;
    if (gather(results, types, sizeof(omnir_type), &ntypes) < 0) return NULL;
    if (gather(operands, values, sizeof(omnir_value), &nvalues) < 0) return NULL;
    if (attributes && !PyDict_Check(attributes)) {
        PyErr_SetString(PyExc_TypeError, "attributes must be a dict");
        return NULL;
    }

    int slot = 0;
    while (slot < MAX_NAMES && states[slot].name && states[slot].name != args[0]) slot++;
    if (slot == MAX_NAMES) {
        PyErr_SetString(PyExc_RuntimeError, "too many operation names");
        return NULL;
    }
    omnir_operation_state *state = states[slot].state;
    Py_ssize_t pos = 0, index = 0;
    PyObject *key, *value;
    if (!state) {
        Py_ssize_t len;
        const char *name = PyUnicode_AsUTF8AndSize(args[0], &len);
        if (!name) return NULL;
        if (omnir_operation_state_create(name, (size_t)len, loc, &state) != OMNIR_OK)
            return failed("omnir_operation_state_create");
        if (omnir_operation_state_add_results(state, types, (size_t)ntypes) != OMNIR_OK)
            return failed("omnir_operation_state_add_results");
        while (attributes && PyDict_Next(attributes, &pos, &key, &value)) {
            const char *k = PyUnicode_AsUTF8AndSize(key, &len);
            if (!k) return NULL;
            if (omnir_operation_state_add_attribute(state, k, (size_t)len, ((Handle *)value)->h.attr) != OMNIR_OK)
                return failed("omnir_operation_state_add_attribute");
        }
        Py_INCREF(args[0]);
        states[slot].name = args[0];
        states[slot].state = state;
    } else {
        while (attributes && PyDict_Next(attributes, &pos, &key, &value)) {
            if (omnir_operation_state_set_attribute_value(state, (size_t)index++, ((Handle *)value)->h.attr) != OMNIR_OK)
                return failed("omnir_operation_state_set_attribute_value");
        }
    }
    if (omnir_operation_state_set_operands(state, values, (size_t)nvalues) != OMNIR_OK)
        return failed("omnir_operation_state_set_operands");
    Handle *op = new_handle(&OpType);
    if (!op) return NULL;
    if (omnir_operation_create_at(ctx, state, block_end, &op->h.op) != OMNIR_OK) {
        Py_DECREF(op);
        return failed("omnir_operation_create_at");
    }
    return (PyObject *)op;
}

static PyObject *attr_get(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2 || Py_TYPE(args[0]) != &HandleType) {
        PyErr_SetString(PyExc_TypeError, "attr_get(type, value)");
        return NULL;
    }
    long long v = PyLong_AsLongLong(args[1]);
    if (v == -1 && PyErr_Occurred()) return NULL;
    Handle *a = new_handle(&HandleType);
    if (!a) return NULL;
    if (omnir_integer_attr_get(ctx, ((Handle *)args[0])->h.type, v, &a->h.attr) != OMNIR_OK) {
        Py_DECREF(a);
        return failed("omnir_integer_attr_get");
    }
    return (PyObject *)a;
}

/* A fresh context with i32 and a detached block holding one i32 argument; returns
 * (i32, the argument). Operations are appended to that block. */
static PyObject *begin(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    if (ctx) {
        PyErr_SetString(PyExc_RuntimeError, "begin() twice");
        return NULL;
    }
    omnir_block block;
    Handle *i32 = new_handle(&HandleType), *arg = new_handle(&HandleType);
    if (!i32 || !arg) return NULL;
    if (omnir_context_create(&ctx) != OMNIR_OK || omnir_context_set_allow_unregistered_dialects(ctx, true) != OMNIR_OK
        || omnir_unknown_loc_get(ctx, &loc) != OMNIR_OK
        || omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32->h.type) != OMNIR_OK
        || omnir_block_create(ctx, &i32->h.type, &loc, 1, &block) != OMNIR_OK
        || omnir_block_get_argument(ctx, block, 0, &arg->h.value) != OMNIR_OK)
        return failed("setting up");
    block_end = (omnir_insertion_point){OMNIR_INSERT_BLOCK_END, block, {0, 0, 0}};
    return Py_BuildValue("(NN)", i32, arg);
}

/* How many operations the block holds (bench.py checks that the loop built them all). */
static PyObject *num_ops(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    size_t n;
    if (omnir_block_get_num_ops(ctx, block_end.block, &n) != OMNIR_OK) return failed("omnir_block_get_num_ops");
    return PyLong_FromSize_t(n);
}

static PyMethodDef methods[] = {
    {"create", (PyCFunction)(void (*)(void))create, METH_FASTCALL | METH_KEYWORDS, NULL},
    {"attr_get", (PyCFunction)(void (*)(void))attr_get, METH_FASTCALL, NULL},
    {"begin", begin, METH_NOARGS, NULL},
    {"num_ops", num_ops, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "omnir_core_standins", NULL, -1, methods,
                                        NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit_omnir_core_standins(void) {
    if (PyType_Ready(&HandleType) < 0 || PyType_Ready(&OpType) < 0) return NULL;
    return PyModule_Create(&module_def);
}
