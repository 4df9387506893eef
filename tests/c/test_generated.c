/* The generated C dialect headers (omnir/dialects/<d>.h, from omnir-gen): static inline
 * builders and accessors over the C API. Builds func + arith + scf + memref (the module the
 * Python, Node and C++ tests build) and compares the print with
 * tests/generated/func_arith_scf_memref.txt; accessors, segment sizes, enum
 * macros, and errors that keep their message. */
#include "harness.h"

#include <omnir/dialects/arith.h>
#include <omnir/dialects/cf.h>
#include <omnir/dialects/func.h>
#include <omnir/dialects/gpu.h>
#include <omnir/dialects/llvm.h>
#include <omnir/dialects/memref.h>
#include <omnir/dialects/scf.h>

#ifndef OMNIR_GENERATED_EXPECTED
#define OMNIR_GENERATED_EXPECTED "tests/generated/func_arith_scf_memref.txt"
#endif

/* The module every language's generated API builds, as upstream prints it (read from
 * OMNIR_GENERATED_EXPECTED, relative to the repository, where ci/test-c.sh runs). */
static const char *expected_module(void) {
    static char text[4096];
    FILE *f = fopen(OMNIR_GENERATED_EXPECTED, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    return text;
}

static omnir_type type_of(omnir_context *ctx, const char *text) {
    omnir_type t = {0};
    CHECK_OK(omnir_type_parse(ctx, S(text), &t));
    return t;
}

static omnir_attribute attr_of(omnir_context *ctx, const char *text) {
    omnir_attribute a = {0};
    CHECK_OK(omnir_attribute_parse(ctx, S(text), &a));
    return a;
}

static omnir_value result0(omnir_context *ctx, omnir_op op) {
    omnir_value v = {0};
    CHECK_OK(omnir_op_get_result(ctx, op, 0, &v));
    return v;
}

static omnir_value arg(omnir_context *ctx, omnir_block b, size_t i) {
    omnir_value v = {0};
    CHECK_OK(omnir_block_get_argument(ctx, b, i, &v));
    return v;
}

/* A new block with arguments of `types`, appended to region 0 of `op`. */
static omnir_block new_block(omnir_context *ctx, omnir_op op, const omnir_type *types, size_t n) {
    omnir_location locs[4];
    omnir_region r = {0};
    omnir_block b = {0};
    size_t i;
    for (i = 0; i < n; ++i)
        CHECK_OK(omnir_unknown_loc_get(ctx, &locs[i]));
    CHECK_OK(omnir_op_get_region(ctx, op, 0, &r));
    CHECK_OK(omnir_block_create(ctx, types, locs, n, &b));
    CHECK_OK(omnir_region_append_block(ctx, r, b));
    return b;
}

static omnir_insertion_point at_end(omnir_block b) {
    omnir_insertion_point ip = {0};
    ip.kind = OMNIR_INSERT_BLOCK_END;
    ip.block = b;
    return ip;
}

static void builds_the_module_upstream_prints(void) {
    omnir_context *ctx = harness_context();
    omnir_location loc;
    omnir_op module = harness_parse(ctx, "module {}");
    omnir_type i32 = type_of(ctx, "i32"), index = type_of(ctx, "index"), buf = type_of(ctx, "memref<16xf32>");
    omnir_type inputs[3], fn_type = {0};
    omnir_attribute name = {0}, type_attr = {0}, none = {0};
    omnir_op fn = {0}, add = {0}, cmp = {0}, sel = {0}, c0 = {0}, c4 = {0}, c1 = {0}, loop = {0}, load = {0};
    omnir_op mul = {0}, op = {0};
    omnir_insertion_point ip;
    omnir_block entry, body;
    omnir_value a, b, mem, v = {0};
    omnir_index_range range = {0};
    omnir_attribute predicate = {0};
    omnir_string text = {0};
    omnir_print_flags flags = omnir_print_flags_default();
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    inputs[0] = i32, inputs[1] = i32, inputs[2] = buf;
    CHECK_OK(omnir_function_type_get(ctx, inputs, 3, &i32, 1, &fn_type));
    CHECK_OK(omnir_string_attr_get(ctx, S("f"), (omnir_type){0}, &name));
    CHECK_OK(omnir_type_attr_get(ctx, fn_type, &type_attr));

    ip = at_end(harness_body(ctx, module));
    CHECK_OK(omnir_func_func_create(ctx, loc, &ip, name, type_attr, none, none, none, none, &fn));
    entry = new_block(ctx, fn, inputs, 3);
    a = arg(ctx, entry, 0), b = arg(ctx, entry, 1), mem = arg(ctx, entry, 2);
    ip = at_end(entry);
    CHECK_OK(omnir_arith_addi_create(ctx, loc, &ip, a, b, attr_of(ctx, "#arith.overflow<nsw>"), &add));
    CHECK_OK(omnir_integer_attr_get(ctx, type_of(ctx, "i64"), OMNIR_ARITH_CMPIPREDICATE_SLT, &predicate));
    CHECK_OK(omnir_arith_cmpi_create(ctx, loc, &ip, predicate, result0(ctx, add), b, &cmp));
    CHECK_OK(omnir_arith_select_create(ctx, loc, &ip, result0(ctx, cmp), result0(ctx, add), b, &sel));
    CHECK_OK(omnir_arith_constant_create(ctx, loc, &ip, attr_of(ctx, "0 : index"), &c0));
    CHECK_OK(omnir_arith_constant_create(ctx, loc, &ip, attr_of(ctx, "4 : index"), &c4));
    CHECK_OK(omnir_arith_constant_create(ctx, loc, &ip, attr_of(ctx, "1 : index"), &c1));
    v = result0(ctx, sel);
    CHECK_OK(omnir_scf_for_create(ctx, loc, &ip, &i32, 1, result0(ctx, c0), result0(ctx, c4), result0(ctx, c1), &v, 1,
                                  none, &loop));
    {
        omnir_type body_types[2];
        omnir_value index_arg, iter;
        body_types[0] = index, body_types[1] = i32;
        body = new_block(ctx, loop, body_types, 2);
        index_arg = arg(ctx, body, 0), iter = arg(ctx, body, 1);
        ip = at_end(body);
        CHECK_OK(omnir_memref_load_create(ctx, loc, &ip, mem, &index_arg, 1, none, none, &load));
        v = result0(ctx, c0);
        CHECK_OK(omnir_memref_store_create(ctx, loc, &ip, result0(ctx, load), mem, &v, 1, none, none, &op));
        CHECK_OK(omnir_arith_muli_create(ctx, loc, &ip, iter, a, none, &mul));
        v = result0(ctx, mul);
        CHECK_OK(omnir_scf_yield_create(ctx, loc, &ip, &v, 1, &op));
    }
    ip = at_end(entry);
    v = result0(ctx, loop);
    CHECK_OK(omnir_func_return_create(ctx, loc, &ip, &v, 1, &op));

    CHECK_OK(omnir_op_verify(ctx, module));
    CHECK_OK(omnir_op_print(ctx, module, &flags, &text));
    CHECK(expected_module()[0] != '\0');
    CHECK_STR(text, expected_module());

    /* Accessors. */
    CHECK_OK(omnir_arith_addi_get_lhs(ctx, add, &v));
    CHECK(omnir_value_equal(v, a));
    CHECK_OK(omnir_arith_cmpi_get_predicate(ctx, cmp, &predicate));
    {
        int64_t p = -1;
        CHECK_OK(omnir_integer_attr_get_int64(ctx, predicate, &p));
        CHECK(p == OMNIR_ARITH_CMPIPREDICATE_SLT);
    }
    CHECK_OK(omnir_scf_for_get_initArgs(ctx, loop, &range));
    CHECK(range.start == 3 && range.len == 1);
    CHECK(omnir_arith_addi_isa(ctx, add) && !omnir_arith_addi_isa(ctx, cmp));
    CHECK_OK(omnir_context_destroy(ctx));
}

static void segment_sizes_and_optional_groups(void) {
    omnir_context *ctx = harness_context();
    omnir_location loc;
    omnir_op module = harness_parse(ctx, "func.func @g(%c: i1, %x: i32) {\n  return\n}\n");
    omnir_op fn = harness_nth_op(ctx, harness_body(ctx, module), 0);
    omnir_block entry = harness_body(ctx, fn), yes, no;
    omnir_op br = {0}, ret = {0};
    omnir_insertion_point ip;
    omnir_value c = arg(ctx, entry, 0), x = arg(ctx, entry, 1), v = {0};
    omnir_type i32 = type_of(ctx, "i32");
    omnir_attribute sizes = {0}, none = {0};
    omnir_index_range range = {0};
    omnir_string text = {0};
    omnir_print_flags flags = omnir_print_flags_default();
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    yes = new_block(ctx, fn, &i32, 1);
    no = new_block(ctx, fn, NULL, 0);
    CHECK_OK(omnir_op_erase(ctx, harness_nth_op(ctx, entry, 0), OMNIR_ERASE_DROP_USES));
    ip = at_end(entry);
    CHECK_OK(omnir_cf_cond_br_create(ctx, loc, &ip, c, &x, 1, NULL, 0, none, yes, no, &br));
    ip = at_end(yes);
    CHECK_OK(omnir_func_return_create(ctx, loc, &ip, NULL, 0, &ret));
    ip = at_end(no);
    CHECK_OK(omnir_func_return_create(ctx, loc, &ip, NULL, 0, &ret));
    CHECK_OK(omnir_op_verify(ctx, module));
    CHECK_OK(omnir_op_get_inherent_attribute(ctx, br, S("operandSegmentSizes"), &sizes));
    CHECK_STR_OUT("array<i32: 1, 1, 0>", omnir_attribute_print, ctx, sizes);
    CHECK_OK(omnir_cf_cond_br_get_falseDestOperands(ctx, br, &range));
    CHECK(range.len == 0);
    CHECK_OK(omnir_cf_cond_br_get_condition(ctx, br, &v));
    CHECK(omnir_value_equal(v, c));
    flags.generic_form = true;
    CHECK_OK(omnir_op_print(ctx, br, &flags, &text));
    CHECK(strstr(text.data, "<{operandSegmentSizes = array<i32: 1, 1, 0>}>") != NULL);
    omnir_string_free(text);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void errors_keep_their_message(void) {
    omnir_context *ctx = harness_context();
    omnir_location loc;
    omnir_op op = {0};
    omnir_value null_value = {0};
    omnir_attribute none = {0};
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    /* A required operand left null: the core refuses it, nothing is created, and destroying
     * the builder's state afterwards leaves the message. */
    CHECK_STATUS(omnir_arith_addi_create(ctx, loc, NULL, null_value, null_value, none, &op), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "null value") != NULL);
    CHECK(omnir_op_is_null(op));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* Type and attribute kinds: built from parameters, recognized, read back; a shipped
 * dialect's kind loads its dialect; parameters its definition refuses are an error. */
static void kinds_build_and_read_back(void) {
    omnir_context *ctx = harness_context();
    omnir_type token, ptr, f32;
    omnir_attribute space, read;
    omnir_string text;
    int64_t n = 0;
    CHECK_OK(omnir_gpu_async_token_type_get(ctx, &token));
    CHECK_OK(omnir_type_print(ctx, token, &text));
    CHECK(strcmp(text.data, "!gpu.async.token") == 0);
    omnir_string_free(text);
    CHECK(omnir_gpu_async_token_type_isa(ctx, token));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32));
    CHECK(!omnir_gpu_async_token_type_isa(ctx, f32));

    space = attr_of(ctx, "3 : i64");
    CHECK_OK(omnir_llvm_ptr_type_get(ctx, space, &ptr));
    CHECK_OK(omnir_type_print(ctx, ptr, &text));
    CHECK(strcmp(text.data, "!llvm.ptr<3>") == 0);
    omnir_string_free(text);
    CHECK(omnir_llvm_ptr_type_isa(ctx, ptr) && !omnir_llvm_ptr_type_isa(ctx, token));
    CHECK_OK(omnir_llvm_ptr_type_get_addr_space(ctx, ptr, &read));
    CHECK_OK(omnir_integer_attr_get_int64(ctx, read, &n));
    CHECK(n == 3);
    /* A string where the definition says I64Attr. */
    CHECK_STATUS(omnir_llvm_ptr_type_get(ctx, attr_of(ctx, "\"three\""), &ptr), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK(strstr(last_error(), "does not satisfy the constraint") != NULL);

    CHECK(omnir_arith_fastmath_attr_isa(ctx, attr_of(ctx, "#arith.fastmath<fast>")));
    CHECK(!omnir_arith_fastmath_attr_isa(ctx, attr_of(ctx, "#arith.overflow<nsw>")));
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_generated(void) {
    RUN(builds_the_module_upstream_prints);
    RUN(segment_sizes_and_optional_groups);
    RUN(errors_keep_their_message);
    RUN(kinds_build_and_read_back);
}
