/*
 * omnir-quant's native addon: Node-API (C, ABI-stable across Node versions) over the quant
 * dialect's C entry points (quant/quant.h). It links libomnir.so.0 and libquant_dialect.so.0
 * by SONAME (RUNPATH $ORIGIN, then $ORIGIN/../omnir), and the dialect library links the C++
 * bridge and libomnir.so.0 by SONAME: libomnir.so.0 is the one the `omnir` package loaded
 * (index.js requires it first; loaded before it, the addon brings the `omnir` package's copy),
 * so the addon calls into the same core as `omnir`.
 *
 * Handles cross as plain data, through the `omnir` package's interop hooks: a context as
 * `ctx.rawPointer` (a BigInt holding the omnir_context *), a type as `type.raw` /
 * `Type.fromRaw(ctx, raw)` (`{context, id}`). Every function throws an Error whose `code` is
 * the C status name on failure (index.js turns it into an omnir.OmnirError).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#define NAPI_VERSION 8
#include <node_api.h>

#include <quant/quant.h>

#include <stdio.h>
#include <string.h>

/* Returns NULL from the calling function if a Node-API call failed (an exception is pending). */
#define NAPI_OK(call)                                                                              \
    do {                                                                                           \
        if ((call) != napi_ok) {                                                                   \
            throw_pending(env, #call);                                                             \
            return NULL;                                                                           \
        }                                                                                          \
    } while (0)

/* Makes sure an exception is pending after a failed Node-API call. */
static void throw_pending(napi_env env, const char *what) {
    bool pending = false;
    if (napi_is_exception_pending(env, &pending) == napi_ok && pending) return;
    const napi_extended_error_info *info = NULL;
    napi_get_last_error_info(env, &info);
    char text[512];
    snprintf(text, sizeof text, "omnir-quant: %s failed: %s", what,
             info && info->error_message ? info->error_message : "unknown Node-API error");
    napi_throw_error(env, NULL, text);
}

static const char *status_name(omnir_status status) {
    switch (status) {
    case OMNIR_OK: return "OMNIR_OK";
    case OMNIR_ERROR_STALE_HANDLE: return "OMNIR_ERROR_STALE_HANDLE";
    case OMNIR_ERROR_INVALID_ARGUMENT: return "OMNIR_ERROR_INVALID_ARGUMENT";
    case OMNIR_ERROR_OUT_OF_RANGE: return "OMNIR_ERROR_OUT_OF_RANGE";
    case OMNIR_ERROR_VERIFICATION_FAILED: return "OMNIR_ERROR_VERIFICATION_FAILED";
    case OMNIR_ERROR_PARSE_FAILED: return "OMNIR_ERROR_PARSE_FAILED";
    case OMNIR_ERROR_NOT_REGISTERED: return "OMNIR_ERROR_NOT_REGISTERED";
    case OMNIR_ERROR_CALLBACK_FAILED: return "OMNIR_ERROR_CALLBACK_FAILED";
    case OMNIR_ERROR_INTERNAL: return "OMNIR_ERROR_INTERNAL";
    case OMNIR_ERROR_NULL_ARGUMENT: return "OMNIR_ERROR_NULL_ARGUMENT";
    case OMNIR_ERROR_WRONG_CONTEXT: return "OMNIR_ERROR_WRONG_CONTEXT";
    case OMNIR_ERROR_DUPLICATE_CORE: return "OMNIR_ERROR_DUPLICATE_CORE";
    case OMNIR_ERROR_ABI_MISMATCH: return "OMNIR_ERROR_ABI_MISMATCH";
    default: return "OMNIR_ERROR_UNKNOWN";
    }
}

/* Throws the dialect's last error and returns false when `status` is a failure. */
static bool check(napi_env env, const char *what, omnir_status status) {
    if (status == OMNIR_OK) return true;
    char text[1024];
    const char *message = quant_last_error_message();
    snprintf(text, sizeof text, "%s: %s", what, message && *message ? message : status_name(status));
    napi_throw_error(env, status_name(status), text);
    return false;
}

static bool get_args(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
    size_t argc = want;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return false;
    if (argc < want) {
        napi_throw_type_error(env, NULL, "omnir-quant: missing arguments");
        return false;
    }
    return true;
}

/* The omnir_context * in `ctx.rawPointer` (a BigInt). */
static bool get_context(napi_env env, napi_value v, omnir_context **out) {
    uint64_t raw = 0;
    bool lossless = false;
    if (napi_get_value_bigint_uint64(env, v, &raw, &lossless) != napi_ok || !lossless || raw == 0) {
        napi_throw_type_error(env, NULL, "omnir-quant: expected ctx.rawPointer (a BigInt)");
        return false;
    }
    *out = (omnir_context *)(uintptr_t)raw;
    return true;
}

static bool get_u32_property(napi_env env, napi_value obj, const char *name, uint32_t *out) {
    napi_value v;
    return napi_get_named_property(env, obj, name, &v) == napi_ok && napi_get_value_uint32(env, v, out) == napi_ok;
}

/* An omnir_type from `type.raw` (`{context, id}`). */
static bool get_type(napi_env env, napi_value v, omnir_type *out) {
    if (!get_u32_property(env, v, "context", &out->context) || !get_u32_property(env, v, "id", &out->id)) {
        napi_throw_type_error(env, NULL, "omnir-quant: expected a type handle {context, id} (type.raw)");
        return false;
    }
    return true;
}

static napi_value make_type(napi_env env, omnir_type t) {
    napi_value obj, context, id;
    NAPI_OK(napi_create_object(env, &obj));
    NAPI_OK(napi_create_uint32(env, t.context, &context));
    NAPI_OK(napi_create_uint32(env, t.id, &id));
    NAPI_OK(napi_set_named_property(env, obj, "context", context));
    NAPI_OK(napi_set_named_property(env, obj, "id", id));
    return obj;
}

/* An int64 as a Number when it is exact, else as a BigInt. */
static napi_value make_int64(napi_env env, int64_t v) {
    napi_value out;
    const int64_t max_safe = ((int64_t)1 << 53) - 1;
    if (v >= -max_safe && v <= max_safe)
        NAPI_OK(napi_create_int64(env, v, &out));
    else
        NAPI_OK(napi_create_bigint_int64(env, v, &out));
    return out;
}

/* register(rawPointer) */
static napi_value js_register(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    omnir_context *ctx;
    if (!get_args(env, info, 1, argv) || !get_context(env, argv[0], &ctx)) return NULL;
    if (!check(env, "quant_register", quant_register(ctx))) return NULL;
    return NULL;
}

/* uniformType(rawPointer, storageRaw, expressedRaw, scale, zeroPoint) -> {context, id} */
static napi_value js_uniform_type(napi_env env, napi_callback_info info) {
    napi_value argv[5];
    omnir_context *ctx;
    omnir_type storage, expressed, out;
    double scale = 0;
    int64_t zero_point = 0;
    napi_valuetype kind;
    if (!get_args(env, info, 5, argv) || !get_context(env, argv[0], &ctx) || !get_type(env, argv[1], &storage) ||
        !get_type(env, argv[2], &expressed))
        return NULL;
    if (napi_get_value_double(env, argv[3], &scale) != napi_ok) {
        napi_throw_type_error(env, NULL, "omnir-quant: scale must be a number");
        return NULL;
    }
    NAPI_OK(napi_typeof(env, argv[4], &kind));
    bool lossless = true;
    napi_status st = kind == napi_bigint ? napi_get_value_bigint_int64(env, argv[4], &zero_point, &lossless)
                                         : napi_get_value_int64(env, argv[4], &zero_point);
    if (st != napi_ok || !lossless) {
        napi_throw_type_error(env, NULL, "omnir-quant: zeroPoint must be an integer (a Number or a BigInt)");
        return NULL;
    }
    if (!check(env, "quant_uniform_type_get", quant_uniform_type_get(ctx, storage, expressed, scale, zero_point, &out)))
        return NULL;
    return make_type(env, out);
}

/* isUniform(rawPointer, typeRaw) -> boolean */
static napi_value js_is_uniform(napi_env env, napi_callback_info info) {
    napi_value argv[2], result;
    omnir_context *ctx;
    omnir_type t;
    bool out = false;
    if (!get_args(env, info, 2, argv) || !get_context(env, argv[0], &ctx) || !get_type(env, argv[1], &t)) return NULL;
    if (!check(env, "quant_type_is_uniform", quant_type_is_uniform(ctx, t, &out))) return NULL;
    NAPI_OK(napi_get_boolean(env, out, &result));
    return result;
}

/* params(rawPointer, typeRaw) -> {storage, expressed, scale, zeroPoint, signed, storageMin, storageMax} */
static napi_value js_params(napi_env env, napi_callback_info info) {
    napi_value argv[2], obj, v;
    omnir_context *ctx;
    omnir_type t, storage, expressed;
    uint32_t flags = 0;
    double scale = 0;
    int64_t zero = 0, lo = 0, hi = 0;
    if (!get_args(env, info, 2, argv) || !get_context(env, argv[0], &ctx) || !get_type(env, argv[1], &t)) return NULL;
    if (!check(env, "quant_uniform_type_get_flags", quant_uniform_type_get_flags(ctx, t, &flags)) ||
        !check(env, "quant_uniform_type_get_storage_type", quant_uniform_type_get_storage_type(ctx, t, &storage)) ||
        !check(env, "quant_uniform_type_get_expressed_type",
               quant_uniform_type_get_expressed_type(ctx, t, &expressed)) ||
        !check(env, "quant_uniform_type_get_scale", quant_uniform_type_get_scale(ctx, t, &scale)) ||
        !check(env, "quant_uniform_type_get_zero_point", quant_uniform_type_get_zero_point(ctx, t, &zero)) ||
        !check(env, "quant_uniform_type_get_storage_type_min", quant_uniform_type_get_storage_type_min(ctx, t, &lo)) ||
        !check(env, "quant_uniform_type_get_storage_type_max", quant_uniform_type_get_storage_type_max(ctx, t, &hi)))
        return NULL;
    NAPI_OK(napi_create_object(env, &obj));
    if (!(v = make_type(env, storage))) return NULL;
    NAPI_OK(napi_set_named_property(env, obj, "storage", v));
    if (!(v = make_type(env, expressed))) return NULL;
    NAPI_OK(napi_set_named_property(env, obj, "expressed", v));
    NAPI_OK(napi_create_double(env, scale, &v));
    NAPI_OK(napi_set_named_property(env, obj, "scale", v));
    if (!(v = make_int64(env, zero))) return NULL;
    NAPI_OK(napi_set_named_property(env, obj, "zeroPoint", v));
    NAPI_OK(napi_get_boolean(env, (flags & QUANT_FLAG_SIGNED) != 0, &v));
    NAPI_OK(napi_set_named_property(env, obj, "signed", v));
    if (!(v = make_int64(env, lo))) return NULL;
    NAPI_OK(napi_set_named_property(env, obj, "storageMin", v));
    if (!(v = make_int64(env, hi))) return NULL;
    NAPI_OK(napi_set_named_property(env, obj, "storageMax", v));
    return obj;
}

static napi_value typeid_value(napi_env env, const char *what, omnir_status (*get)(uint32_t *)) {
    uint32_t id = 0;
    napi_value v;
    if (!check(env, what, get(&id))) return NULL;
    NAPI_OK(napi_create_uint32(env, id, &v));
    return v;
}

/* uniformTypeId() -> number */
static napi_value js_uniform_typeid(napi_env env, napi_callback_info info) {
    (void)info;
    return typeid_value(env, "quant_uniform_typeid", quant_uniform_typeid);
}

/* interfaceTypeId() -> number */
static napi_value js_interface_typeid(napi_env env, napi_callback_info info) {
    (void)info;
    return typeid_value(env, "quant_quantized_type_interface_typeid", quant_quantized_type_interface_typeid);
}

NAPI_MODULE_INIT() {
    napi_property_descriptor props[] = {
        {"register", NULL, js_register, NULL, NULL, NULL, napi_enumerable, NULL},
        {"uniformType", NULL, js_uniform_type, NULL, NULL, NULL, napi_enumerable, NULL},
        {"isUniform", NULL, js_is_uniform, NULL, NULL, NULL, napi_enumerable, NULL},
        {"params", NULL, js_params, NULL, NULL, NULL, napi_enumerable, NULL},
        {"uniformTypeId", NULL, js_uniform_typeid, NULL, NULL, NULL, napi_enumerable, NULL},
        {"interfaceTypeId", NULL, js_interface_typeid, NULL, NULL, NULL, napi_enumerable, NULL},
    };
    NAPI_OK(napi_define_properties(env, exports, sizeof props / sizeof props[0], props));
    return exports;
}
