/* cplug: see cplug.h. */
#define _GNU_SOURCE
#include "cplug.h"
#include "cplug_dialect.h" /* generated from cplug.irdl.mlir by build.sh */

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

/* The definition file, embedded at build time: build.sh passes its path as CPLUG_DEFINITION. */
__asm__(".section .rodata\n"
        "cplug_definition_text:\n"
        ".incbin \"" CPLUG_DEFINITION "\"\n"
        "cplug_definition_end:\n"
        ".previous\n");
extern const char cplug_definition_text[] __attribute__((visibility("hidden")));
extern const char cplug_definition_end[] __attribute__((visibility("hidden")));

omnir_status cplug_register(omnir_context *ctx) {
    uint32_t def, kind, iface;
    if (omnir_dialect_lookup_type(ctx, S("cplug.elem"), &def) == OMNIR_OK) return OMNIR_OK; /* already there */
    omnir_status st = omnir_dialect_load_definitions(ctx, cplug_definition_text,
                                                     (size_t)(cplug_definition_end - cplug_definition_text),
                                                     S("cplug.irdl.mlir"));
    if (st != OMNIR_OK) return st;
    /* The interface with its method table: the one thing the definition cannot say. */
    if ((st = omnir_typeid_get(S("cplug.elem"), &kind)) != OMNIR_OK) return st;
    if ((st = omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &iface)) != OMNIR_OK) return st;
    omnir_interface_impl impl = {iface, &METHODS, NULL, NULL};
    return omnir_context_attach_interface(ctx, kind, &impl);
}

omnir_status cplug_elem_type_get(omnir_context *ctx, int64_t bits, omnir_type *out) {
    omnir_type i64;
    omnir_attribute p;
    omnir_status st = omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64);
    if (st == OMNIR_OK) st = omnir_integer_attr_get(ctx, i64, bits, &p);
    return st == OMNIR_OK ? omnir_cplug_elem_type_get(ctx, p, out) : st;
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
