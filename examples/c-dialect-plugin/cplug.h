/* cplug: a dialect plugin written in C, built separately against an INSTALLED omnir
 * (pkg-config omnir) and linking libomnir.so.0 by SONAME, never a copy of the core.
 *
 * It loads the dialect `cplug` from its definition file (cplug.irdl.mlir, embedded): one
 * parameterized type, `!cplug.elem<bits>` (bits 8, 16, 32 or 64), to which it attaches
 * MLIR's MemRefElementTypeInterface with a C method table. Any package loaded in the same process (Swift, Python, Rust, C++) can then
 * build `memref<4x!cplug.elem<8>>`, because the interface question is answered by the one
 * registry of the one loaded core.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef CPLUG_H
#define CPLUG_H

#include <stdbool.h>
#include <stdint.h>
#include <omnir/omnir.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define CPLUG_API __attribute__((visibility("default")))
#else
#define CPLUG_API
#endif

/* The method table `!cplug.elem` gives MemRefElementTypeInterface (omnir only stores it and
 * hands it back from omnir_type_get_interface; its layout is this plugin's business). */
typedef struct cplug_elem_methods {
    /* The element's bit width (its `bits` parameter), or -1 on error. */
    int64_t (*bit_width)(void *user_data, omnir_context *ctx, omnir_type ty);
} cplug_elem_methods;

/* Loads the dialect `cplug` (the type `!cplug.elem<bits>`) into `ctx` and attaches its
 * interface. Calling it again on the same context is a no-op. */
CPLUG_API omnir_status cplug_register(omnir_context *ctx);

/* `!cplug.elem<bits>` (bits 8, 16, 32 or 64: the definition's constraint refuses anything
 * else with OMNIR_ERROR_VERIFICATION_FAILED). `cplug_register` must have run on `ctx`. */
CPLUG_API omnir_status cplug_elem_type_get(omnir_context *ctx, int64_t bits, omnir_type *out);

/* The TypeId of `cplug.elem`, as this plugin sees it. */
CPLUG_API omnir_status cplug_elem_typeid(uint32_t *out);

/* The TypeId of builtin.MemRefElementTypeInterface, as this plugin sees it. */
CPLUG_API omnir_status cplug_memref_element_interface_id(uint32_t *out);

/* The method table registered for the interface (to compare with what omnir hands back). */
CPLUG_API const cplug_elem_methods *cplug_methods(void);

/* Asks the registry for `ty`'s MemRefElementTypeInterface implementation and calls its
 * `bit_width` through the table, assuming the `cplug_elem_methods` layout: works for
 * `!cplug.elem` and for any type, from any language, that registered a table of that layout
 * (the Swift tests register one whose method is a Swift closure). OMNIR_ERROR_NOT_REGISTERED
 * when `ty` does not implement the interface or registered no table. */
CPLUG_API omnir_status cplug_element_bit_width(omnir_context *ctx, omnir_type ty, int64_t *out);

/* The absolute path of the libomnir this plugin is bound to (from dladdr on an omnir
 * function), written into `buf` (NUL-terminated, truncated to `len`); 0 on success. */
CPLUG_API int cplug_omnir_path(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
