/* cplug: see cplug.h. */
#define _GNU_SOURCE
#include "cplug.h"

#include <dlfcn.h>
#include <string.h>

#define S(str) (str), strlen(str)

static int64_t elem_bit_width(void *user_data, omnir_context *ctx, omnir_type ty) {
    (void)user_data;
    omnir_attribute p;
    int64_t v = -1;
    if (omnir_dialect_type_get_param(ctx, ty, 0, &p) == OMNIR_OK) omnir_integer_attr_get_int64(ctx, p, &v);
    return v;
}

static const cplug_elem_methods METHODS = {elem_bit_width};

static uint32_t verify_bits(void *user_data, omnir_context *ctx, const omnir_attribute *params, size_t n,
                            omnir_callback_message *message) {
    (void)user_data;
    int64_t bits = 0;
    omnir_status st = n == 1 ? omnir_integer_attr_get_int64(ctx, params[0], &bits) : OMNIR_ERROR_INVALID_ARGUMENT;
    if (st != OMNIR_OK || bits < 1 || bits > 64) {
        omnir_callback_message_set(message, S("cplug.elem bits must be an integer in [1, 64]"));
        return 1;
    }
    return OMNIR_OK;
}

omnir_status cplug_register(omnir_context *ctx) {
    uint32_t def;
    if (omnir_dialect_lookup_type(ctx, S("cplug.elem"), &def) == OMNIR_OK) return OMNIR_OK; /* already there */
    omnir_status st = omnir_dialect_register(ctx, S("cplug"), false);
    if (st != OMNIR_OK) return st;
    uint32_t iface;
    st = omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &iface);
    if (st != OMNIR_OK) return st;

    omnir_string_view params[1] = {{"bits", 4}};
    omnir_interface_impl impl = {iface, &METHODS, NULL, NULL};
    omnir_type_definition elem;
    memset(&elem, 0, sizeof elem);
    elem.dialect = "cplug";
    elem.dialect_len = 5;
    elem.name = "elem";
    elem.name_len = 4;
    elem.params = params;
    elem.num_params = 1;
    elem.verify = verify_bits;
    elem.interfaces = &impl;
    elem.num_interfaces = 1;
    return omnir_dialect_register_type(ctx, &elem, &def);
}

omnir_status cplug_elem_type_get(omnir_context *ctx, int64_t bits, omnir_type *out) {
    uint32_t def;
    omnir_status st = omnir_dialect_lookup_type(ctx, S("cplug.elem"), &def);
    if (st != OMNIR_OK) return st;
    omnir_type i64;
    st = omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64);
    if (st != OMNIR_OK) return st;
    omnir_attribute p;
    st = omnir_integer_attr_get(ctx, i64, bits, &p);
    if (st != OMNIR_OK) return st;
    return omnir_dialect_type_get(ctx, def, &p, 1, out);
}

omnir_status cplug_elem_typeid(uint32_t *out) { return omnir_typeid_get(S("cplug.elem"), out); }

omnir_status cplug_memref_element_interface_id(uint32_t *out) {
    return omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), out);
}

const cplug_elem_methods *cplug_methods(void) { return &METHODS; }

omnir_status cplug_element_bit_width(omnir_context *ctx, omnir_type ty, int64_t *out) {
    if (!out) return OMNIR_ERROR_NULL_ARGUMENT;
    uint32_t iface;
    omnir_status st = omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &iface);
    if (st != OMNIR_OK) return st;
    const void *vtable = NULL;
    void *user_data = NULL;
    st = omnir_type_get_interface(ctx, ty, iface, &vtable, &user_data);
    if (st != OMNIR_OK) return st;
    const cplug_elem_methods *m = vtable;
    if (!m || !m->bit_width) return OMNIR_ERROR_NOT_REGISTERED;
    *out = m->bit_width(user_data, ctx, ty);
    return OMNIR_OK;
}

int cplug_omnir_path(char *buf, size_t len) {
    Dl_info info;
    if (len == 0 || !dladdr((void *)omnir_version, &info) || !info.dli_fname) return 1;
    strncpy(buf, info.dli_fname, len - 1);
    buf[len - 1] = '\0';
    return 0;
}
