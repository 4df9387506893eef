/* Builtin types: constructors, kind checks, accessors, parse and print, uniquing, typeids,
 * uniquing from several threads. */
#include "harness.h"

#include <pthread.h>

static omnir_context *new_ctx(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    return ctx;
}

static const char *type_str(omnir_context *ctx, omnir_type t) {
    omnir_string s = {0};
    if (omnir_type_print(ctx, t, &s) != OMNIR_OK) return "<print failed>";
    return take(s);
}

static bool type_eq(omnir_type a, omnir_type b) { return a.context == b.context && a.id == b.id; }

static void scalar_types(void) {
    omnir_context *ctx = new_ctx();
    omnir_type i32, si8, ui64, index, f32, bf16, none, cplx;
    CHECK_OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    CHECK_OK(omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNED, &si8));
    CHECK_OK(omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_UNSIGNED, &ui64));
    CHECK_OK(omnir_index_type_get(ctx, &index));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_BF16, &bf16));
    CHECK_OK(omnir_none_type_get(ctx, &none));
    CHECK_OK(omnir_complex_type_get(ctx, f32, &cplx));
    CHECK(!strcmp(type_str(ctx, i32), "i32"));
    CHECK(!strcmp(type_str(ctx, si8), "si8"));
    CHECK(!strcmp(type_str(ctx, ui64), "ui64"));
    CHECK(!strcmp(type_str(ctx, index), "index"));
    CHECK(!strcmp(type_str(ctx, f32), "f32"));
    CHECK(!strcmp(type_str(ctx, bf16), "bf16"));
    CHECK(!strcmp(type_str(ctx, none), "none"));
    CHECK(!strcmp(type_str(ctx, cplx), "complex<f32>"));

    /* uniqued: the same type is the same handle */
    omnir_type again;
    CHECK_OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &again));
    CHECK(type_eq(i32, again));
    CHECK(!type_eq(i32, si8));

    omnir_type_kind kind;
    CHECK_OK(omnir_type_get_kind(ctx, i32, &kind));
    CHECK(kind == OMNIR_TYPE_KIND_INTEGER);
    CHECK_OK(omnir_type_get_kind(ctx, cplx, &kind));
    CHECK(kind == OMNIR_TYPE_KIND_COMPLEX);
    bool b;
    CHECK_OK(omnir_type_is_integer(ctx, si8, &b));
    CHECK(b);
    CHECK_OK(omnir_type_is_integer(ctx, f32, &b));
    CHECK(!b);
    CHECK_OK(omnir_type_is_float(ctx, bf16, &b));
    CHECK(b);
    CHECK_OK(omnir_type_is_shaped(ctx, f32, &b));
    CHECK(!b);
    uint32_t width;
    CHECK_OK(omnir_integer_type_get_width(ctx, ui64, &width));
    CHECK(width == 64);
    omnir_signedness sg;
    CHECK_OK(omnir_integer_type_get_signedness(ctx, si8, &sg));
    CHECK(sg == OMNIR_SIGNEDNESS_SIGNED);
    omnir_float_kind fk;
    CHECK_OK(omnir_float_type_get_kind(ctx, bf16, &fk));
    CHECK(fk == OMNIR_FLOAT_KIND_BF16);
    CHECK_OK(omnir_type_get_int_or_float_bit_width(ctx, bf16, &width));
    CHECK(width == 16);
    omnir_type elem;
    CHECK_OK(omnir_type_get_element_type(ctx, cplx, &elem));
    CHECK(type_eq(elem, f32));

    /* wrong kind of type for an accessor, bad widths and kinds */
    CHECK_STATUS(omnir_integer_type_get_width(ctx, f32, &width), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_float_type_get_kind(ctx, i32, &fk), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_integer_type_get(ctx, 1u << 25, OMNIR_SIGNEDNESS_SIGNLESS, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_integer_type_get(ctx, 32, 7, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_float_type_get(ctx, 999, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_complex_type_get(ctx, index, &again), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void shaped_types(void) {
    omnir_context *ctx = new_ctx();
    omnir_type f32, i8, t;
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32));
    CHECK_OK(omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &i8));

    int64_t shape[2] = {4, omnir_dynamic_size()};
    CHECK(omnir_dynamic_size() == OMNIR_DYNAMIC);
    CHECK_OK(omnir_ranked_tensor_type_get(ctx, shape, 2, f32, (omnir_attribute){0}, &t));
    CHECK(!strcmp(type_str(ctx, t), "tensor<4x?xf32>"));
    bool b;
    size_t rank;
    int64_t dim;
    uint64_t n;
    CHECK_OK(omnir_type_is_shaped(ctx, t, &b));
    CHECK(b);
    CHECK_OK(omnir_shaped_type_has_rank(ctx, t, &b));
    CHECK(b);
    CHECK_OK(omnir_shaped_type_get_rank(ctx, t, &rank));
    CHECK(rank == 2);
    CHECK_OK(omnir_shaped_type_get_dim(ctx, t, 1, &dim));
    CHECK(dim == OMNIR_DYNAMIC);
    CHECK_STATUS(omnir_shaped_type_get_dim(ctx, t, 2, &dim), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(omnir_shaped_type_get_num_elements(ctx, t, &n), OMNIR_ERROR_INVALID_ARGUMENT); /* dynamic */
    omnir_attribute enc;
    CHECK_OK(omnir_ranked_tensor_type_get_encoding(ctx, t, &enc));
    CHECK(enc.context == 0);

    int64_t vshape[2] = {2, 8};
    bool scalable[2] = {false, true};
    CHECK_OK(omnir_vector_type_get(ctx, vshape, 2, scalable, i8, &t));
    CHECK(!strcmp(type_str(ctx, t), "vector<2x[8]xi8>"));
    CHECK_OK(omnir_vector_type_is_dim_scalable(ctx, t, 1, &b));
    CHECK(b);
    CHECK_OK(omnir_shaped_type_get_num_elements(ctx, t, &n));
    CHECK(n == 16);
    CHECK_STATUS(omnir_vector_type_get(ctx, shape, 2, NULL, i8, &t), OMNIR_ERROR_INVALID_ARGUMENT); /* dynamic dim */

    int64_t mshape[1] = {16};
    CHECK_OK(omnir_memref_type_get(ctx, mshape, 1, f32, (omnir_attribute){0}, (omnir_attribute){0}, &t));
    CHECK(!strcmp(type_str(ctx, t), "memref<16xf32>"));
    omnir_type_kind kind;
    CHECK_OK(omnir_type_get_kind(ctx, t, &kind));
    CHECK(kind == OMNIR_TYPE_KIND_MEMREF);
    omnir_attribute space;
    CHECK_OK(omnir_attribute_parse(ctx, S("1 : i64"), &space));
    CHECK_OK(omnir_memref_type_get(ctx, mshape, 1, f32, (omnir_attribute){0}, space, &t));
    CHECK(!strcmp(type_str(ctx, t), "memref<16xf32, 1>"));
    omnir_attribute got;
    CHECK_OK(omnir_memref_type_get_memory_space(ctx, t, &got));
    CHECK(got.id == space.id);

    CHECK_OK(omnir_unranked_tensor_type_get(ctx, f32, &t));
    CHECK(!strcmp(type_str(ctx, t), "tensor<*xf32>"));
    CHECK_OK(omnir_shaped_type_has_rank(ctx, t, &b));
    CHECK(!b);
    CHECK_STATUS(omnir_shaped_type_get_rank(ctx, t, &rank), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_unranked_memref_type_get(ctx, f32, (omnir_attribute){0}, &t));
    CHECK(!strcmp(type_str(ctx, t), "memref<*xf32>"));

    /* a memref of memrefs is fine, a memref of tensors is not (MemRefElementTypeInterface) */
    omnir_type tensor;
    CHECK_OK(omnir_type_parse(ctx, S("tensor<2xf32>"), &tensor));
    CHECK_STATUS(omnir_memref_type_get(ctx, mshape, 1, tensor, (omnir_attribute){0}, (omnir_attribute){0}, &t),
                 OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void function_tuple_opaque(void) {
    omnir_context *ctx = new_ctx();
    omnir_type i32, f32, fn, tup, t, opaque;
    CHECK_OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32));
    omnir_type ins[2] = {i32, f32};
    CHECK_OK(omnir_function_type_get(ctx, ins, 2, &f32, 1, &fn));
    CHECK(!strcmp(type_str(ctx, fn), "(i32, f32) -> f32"));
    size_t n;
    CHECK_OK(omnir_function_type_get_num_inputs(ctx, fn, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_function_type_get_num_results(ctx, fn, &n));
    CHECK(n == 1);
    CHECK_OK(omnir_function_type_get_input(ctx, fn, 1, &t));
    CHECK(type_eq(t, f32));
    CHECK_OK(omnir_function_type_get_result(ctx, fn, 0, &t));
    CHECK(type_eq(t, f32));
    CHECK_STATUS(omnir_function_type_get_input(ctx, fn, 2, &t), OMNIR_ERROR_OUT_OF_RANGE);

    CHECK_OK(omnir_tuple_type_get(ctx, ins, 2, &tup));
    CHECK(!strcmp(type_str(ctx, tup), "tuple<i32, f32>"));
    CHECK_OK(omnir_tuple_type_get_num_types(ctx, tup, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_tuple_type_get_type(ctx, tup, 0, &t));
    CHECK(type_eq(t, i32));

    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    CHECK_OK(omnir_opaque_type_get(ctx, S("foo"), S("bar<1>"), &opaque));
    CHECK(!strcmp(type_str(ctx, opaque), "!foo.bar<1>"));
    CHECK_STR_OUT("foo", omnir_opaque_type_get_dialect, ctx, opaque);
    CHECK_STR_OUT("bar<1>", omnir_opaque_type_get_data, ctx, opaque);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void parse_print_roundtrip(void) {
    omnir_context *ctx = new_ctx();
    static const char *texts[] = {
        "i1", "si32", "ui8", "index", "f16", "f64", "f8E4M3FN", "complex<f64>", "none",
        "tensor<1x2x?xf32>", "tensor<*xi8>", "vector<4xf32>", "vector<[4]x8xi32>", "memref<2x3xf32>",
        "memref<?xf32, strided<[2], offset: ?>>", "memref<*xf32>", "(i32, i64) -> (f32, f64)", "() -> ()",
        "tuple<>", "tuple<i32, tuple<f32>>",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        omnir_type t, t2;
        omnir_status st = omnir_type_parse(ctx, S(texts[i]), &t);
        CHECK_MSG(st == OMNIR_OK, texts[i]);
        if (st != OMNIR_OK) continue;
        CHECK_MSG(!strcmp(type_str(ctx, t), texts[i]), texts[i]);
        CHECK_OK(omnir_type_parse(ctx, S(texts[i]), &t2));
        CHECK(type_eq(t, t2));
    }
    omnir_type t;
    CHECK_STATUS(omnir_type_parse(ctx, S("tensor<4xf32"), &t), OMNIR_ERROR_PARSE_FAILED);
    CHECK(strstr(last_error(), "error") != NULL);
    CHECK_STATUS(omnir_type_parse(ctx, S("!unknown.type"), &t), OMNIR_ERROR_PARSE_FAILED);
    CHECK_STATUS(omnir_type_parse(ctx, "i3\xff", 3, &t), OMNIR_ERROR_INVALID_UTF8);
    /* (pointer, length): the text need not be NUL-terminated */
    CHECK_OK(omnir_type_parse(ctx, "i16garbage", 3, &t));
    CHECK(!strcmp(type_str(ctx, t), "i16"));
    CHECK_OK(omnir_context_destroy(ctx));
}

static void type_ids_and_contexts(void) {
    omnir_context *a = new_ctx(), *b = new_ctx();
    omnir_type ia, ib;
    CHECK_OK(omnir_integer_type_get(a, 32, OMNIR_SIGNEDNESS_SIGNLESS, &ia));
    CHECK_OK(omnir_integer_type_get(b, 32, OMNIR_SIGNEDNESS_SIGNLESS, &ib));
    CHECK(ia.context != ib.context);
    /* the TypeId is process-wide: the same in both contexts */
    uint32_t ida, idb, byname;
    CHECK_OK(omnir_type_get_type_id(a, ia, &ida));
    CHECK_OK(omnir_type_get_type_id(b, ib, &idb));
    CHECK(ida == idb);
    CHECK_OK(omnir_typeid_get(S("builtin.integer"), &byname));
    CHECK(byname == ida);
    CHECK_STR_OUT("builtin.integer", omnir_typeid_get_name, ida);
    /* a handle from another context is refused */
    omnir_string s = {0};
    CHECK_STATUS(omnir_type_print(a, ib, &s), OMNIR_ERROR_WRONG_CONTEXT);
    CHECK(s.data == NULL);
    omnir_type t;
    CHECK_STATUS(omnir_complex_type_get(a, ib, &t), OMNIR_ERROR_WRONG_CONTEXT);
    /* builtin types implement the memref element type interface (ints, floats, vectors...) */
    uint32_t iface;
    bool b1;
    CHECK_OK(omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &iface));
    CHECK_OK(omnir_type_implements(a, ia, iface, &b1));
    CHECK(b1);
    CHECK_OK(omnir_context_destroy(a));
    CHECK_OK(omnir_context_destroy(b));
}

/* Type uniquing is safe from any thread: four threads build the same types in one context
 * and get the same handles. */
static omnir_context *shared;
static void *make_types(void *arg) {
    uintptr_t ok = 1;
    for (uint32_t w = 1; w <= 200; w++) {
        omnir_type t, tensor;
        int64_t shape[1] = {(int64_t)w};
        if (omnir_integer_type_get(shared, w, OMNIR_SIGNEDNESS_SIGNLESS, &t) != OMNIR_OK) ok = 0;
        if (omnir_ranked_tensor_type_get(shared, shape, 1, t, (omnir_attribute){0}, &tensor) != OMNIR_OK) ok = 0;
        ((omnir_type *)arg)[w - 1] = tensor;
    }
    return (void *)ok;
}

static void uniquing_from_threads(void) {
    shared = new_ctx();
    static omnir_type results[4][200];
    pthread_t th[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&th[i], NULL, make_types, results[i]) == 0);
    for (int i = 0; i < 4; i++) {
        void *ok;
        CHECK(pthread_join(th[i], &ok) == 0);
        CHECK(ok != NULL);
    }
    bool same = true;
    for (int i = 1; i < 4; i++)
        for (int w = 0; w < 200; w++) same = same && type_eq(results[0][w], results[i][w]);
    CHECK(same);
    CHECK(!strcmp(type_str(shared, results[2][99]), "tensor<100xi100>"));
    CHECK_OK(omnir_context_destroy(shared));
}

void tests_types(void) {
    RUN(scalar_types);
    RUN(shaped_types);
    RUN(function_tuple_opaque);
    RUN(parse_print_roundtrip);
    RUN(type_ids_and_contexts);
    RUN(uniquing_from_threads);
}
