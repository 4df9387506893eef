/*
 * quant: MLIR's quantization dialect, written in C++ against omnir's C++ bridge, shipped as
 * libquant_dialect.so.0 (NEEDED libomnir_cxx.so.0 and libomnir.so.0, never a copy of either).
 *
 * This is its C interface, for packages in other languages (Python, Node, Swift...) that load
 * the library (dlopen with default flags, or link it) and expose its type. Every function
 * returns an omnir_status; on failure, quant_last_error_message() says why (and
 * omnir_last_error_message() too when the failure was the core's own).
 *
 *   quant_register(ctx);                                  // the dialect, into ctx's registry
 *   omnir_type q;
 *   quant_uniform_type_get(ctx, i8, f32, 0.5, 128, &q);   // !quant.uniform<i8:f32, 5.000000e-01:128>
 *   omnir_memref_type_get(ctx, shape, 1, q, none, none, &m);  // accepted: the registry says
 *                                                          // q implements MemRefElementTypeInterface
 *
 * Types: `!quant.uniform<storage[<min:max>]:expressed, scale[:zero_point]>`, as MLIR spells
 * them (`i8`/`u8` storage, scale printed as `5.000000e-01`, zero point omitted when 0).
 * Operations: `quant.qcast` (float -> quantized), `quant.dcast` (quantized -> float),
 * `quant.scast` (storage integer <-> quantized), with MLIR's verifiers.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef QUANT_QUANT_H
#define QUANT_QUANT_H

#include <omnir/omnir.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Exported from libquant_dialect.so (built with -fvisibility=hidden). */
#define QUANT_API __attribute__((visibility("default")))

/** MLIR's QuantizationFlags::Signed: the storage integer is signed. */
#define QUANT_FLAG_SIGNED 1u

/**
 * The method table of the `quant.QuantizedTypeInterface` type interface, as
 * `omnir_type_get_interface(ctx, ty, id, &vtable, &user_data)` returns it for a quantized type
 * (`id` from quant_quantized_type_interface_typeid). Call each method with that user data.
 */
typedef struct quant_quantized_type_vtable {
    /** The storage integer's width in bits (MLIR's getStorageTypeIntegralWidth). */
    uint32_t (*storage_width)(void *user_data, omnir_context *ctx, omnir_type ty);
    /** Whether the storage integer is signed. */
    bool (*is_signed)(void *user_data, omnir_context *ctx, omnir_type ty);
    /** The smallest and largest storage values. */
    int64_t (*storage_min)(void *user_data, omnir_context *ctx, omnir_type ty);
    int64_t (*storage_max)(void *user_data, omnir_context *ctx, omnir_type ty);
    /** The storage type (a signless integer) and the expressed type (a float type). */
    omnir_type (*storage_type)(void *user_data, omnir_context *ctx, omnir_type ty);
    omnir_type (*expressed_type)(void *user_data, omnir_context *ctx, omnir_type ty);
} quant_quantized_type_vtable;

/**
 * Registers the quant dialect (its type, interface and operations) in `ctx`. Idempotent.
 * Starts with omnir's ABI handshake (omnir_check_abi): a library built against another omnir
 * ABI than the loaded core's fails with OMNIR_ERROR_ABI_MISMATCH, a second copy of the core in
 * the process with OMNIR_ERROR_DUPLICATE_CORE.
 */
QUANT_API omnir_status quant_register(omnir_context *ctx);

/** The TypeId of `quant.uniform` (process-wide: equal to omnir_type_get_type_id's answer). */
QUANT_API omnir_status quant_uniform_typeid(uint32_t *out);

/** The TypeId of the `quant.QuantizedTypeInterface` type interface. */
QUANT_API omnir_status quant_quantized_type_interface_typeid(uint32_t *out);

/**
 * `!quant.uniform<storage:expressed, scale:zero_point>` with the storage type's default range.
 * - `storage`: an integer type of 1 to 32 bits; `ui8` makes unsigned storage (`u8`), `i8` and
 *   `si8` signed storage (`i8`). The type keeps the signless integer, as MLIR does.
 * - `expressed`: a float type. `scale`: positive and finite. `zero_point`: any value.
 * Errors: OMNIR_ERROR_NOT_REGISTERED (quant_register first), OMNIR_ERROR_VERIFICATION_FAILED
 * (with MLIR's message: "illegal scale: 0.000000e+00", "storage type must be integral"...).
 */
QUANT_API omnir_status quant_uniform_type_get(omnir_context *ctx, omnir_type storage, omnir_type expressed,
                                              double scale, int64_t zero_point, omnir_type *out);

/** The same with every parameter: QUANT_FLAG_* flags and an explicit storage range. */
QUANT_API omnir_status quant_uniform_type_get_full(omnir_context *ctx, uint32_t flags, omnir_type storage,
                                                   omnir_type expressed, double scale, int64_t zero_point,
                                                   int64_t storage_min, int64_t storage_max, omnir_type *out);

/** Whether `ty` is a `!quant.uniform` type. */
QUANT_API omnir_status quant_type_is_uniform(omnir_context *ctx, omnir_type ty, bool *out);

/* The parameters of a `!quant.uniform` type (OMNIR_ERROR_INVALID_ARGUMENT for another type). */
QUANT_API omnir_status quant_uniform_type_get_flags(omnir_context *ctx, omnir_type ty, uint32_t *out);
QUANT_API omnir_status quant_uniform_type_get_storage_type(omnir_context *ctx, omnir_type ty, omnir_type *out);
QUANT_API omnir_status quant_uniform_type_get_expressed_type(omnir_context *ctx, omnir_type ty, omnir_type *out);
QUANT_API omnir_status quant_uniform_type_get_scale(omnir_context *ctx, omnir_type ty, double *out);
QUANT_API omnir_status quant_uniform_type_get_zero_point(omnir_context *ctx, omnir_type ty, int64_t *out);
QUANT_API omnir_status quant_uniform_type_get_storage_type_min(omnir_context *ctx, omnir_type ty, int64_t *out);
QUANT_API omnir_status quant_uniform_type_get_storage_type_max(omnir_context *ctx, omnir_type ty, int64_t *out);
QUANT_API omnir_status quant_uniform_type_is_signed(omnir_context *ctx, omnir_type ty, bool *out);

/**
 * Why the last failed quant_* call on this thread failed (empty after a success). The text
 * is owned by the library and valid until the next quant_* call on this thread.
 */
QUANT_API const char *quant_last_error_message(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QUANT_QUANT_H */
