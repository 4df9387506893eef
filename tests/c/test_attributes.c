/* Builtin attributes: constructors, kinds, accessors, parse and print, resources. */
#include "harness.h"

static omnir_context *new_ctx(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    return ctx;
}

static const char *attr_str(omnir_context *ctx, omnir_attribute a) {
    omnir_string s = {0};
    if (omnir_attribute_print(ctx, a, &s) != OMNIR_OK) return "<print failed>";
    return take(s);
}

static omnir_attribute_kind kind_of(omnir_context *ctx, omnir_attribute a) {
    omnir_attribute_kind k = (omnir_attribute_kind)999;
    CHECK_OK(omnir_attribute_get_kind(ctx, a, &k));
    return k;
}

static void scalar_attributes(void) {
    omnir_context *ctx = new_ctx();
    omnir_type i32, f64, i128;
    CHECK_OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    CHECK_OK(omnir_integer_type_get(ctx, 128, OMNIR_SIGNEDNESS_SIGNLESS, &i128));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F64, &f64));
    omnir_attribute unit, t, i, f, s, ty, big;
    CHECK_OK(omnir_unit_attr_get(ctx, &unit));
    CHECK_OK(omnir_bool_attr_get(ctx, true, &t));
    CHECK_OK(omnir_integer_attr_get(ctx, i32, -7, &i));
    CHECK_OK(omnir_float_attr_get(ctx, f64, 2.5, &f));
    CHECK_OK(omnir_string_attr_get(ctx, S("hi \"there\""), (omnir_type){0}, &s));
    CHECK_OK(omnir_type_attr_get(ctx, f64, &ty));
    uint64_t words[2] = {1, 1}; /* 2^64 + 1 */
    CHECK_OK(omnir_integer_attr_from_words(ctx, i128, words, 2, &big));
    CHECK(!strcmp(attr_str(ctx, unit), "unit"));
    CHECK(!strcmp(attr_str(ctx, t), "true"));
    CHECK(!strcmp(attr_str(ctx, i), "-7 : i32"));
    CHECK(!strcmp(attr_str(ctx, f), "2.500000e+00 : f64"));
    CHECK(!strcmp(attr_str(ctx, s), "\"hi \\22there\\22\"")); /* MLIR escapes '"' as \22 */
    CHECK(!strcmp(attr_str(ctx, ty), "f64"));
    CHECK(!strcmp(attr_str(ctx, big), "18446744073709551617 : i128"));

    CHECK(kind_of(ctx, unit) == OMNIR_ATTRIBUTE_KIND_UNIT);
    CHECK(kind_of(ctx, i) == OMNIR_ATTRIBUTE_KIND_INTEGER);
    CHECK(kind_of(ctx, f) == OMNIR_ATTRIBUTE_KIND_FLOAT);
    CHECK(kind_of(ctx, s) == OMNIR_ATTRIBUTE_KIND_STRING);
    CHECK(kind_of(ctx, ty) == OMNIR_ATTRIBUTE_KIND_TYPE);

    bool b;
    int64_t v;
    double d;
    size_t n;
    uint64_t w;
    omnir_type at;
    CHECK_OK(omnir_bool_attr_get_value(ctx, t, &b));
    CHECK(b);
    CHECK_OK(omnir_integer_attr_get_int64(ctx, i, &v));
    CHECK(v == -7);
    CHECK_OK(omnir_attribute_get_type(ctx, i, &at));
    CHECK(at.id == i32.id);
    CHECK_OK(omnir_float_attr_get_double(ctx, f, &d));
    CHECK(d == 2.5);
    CHECK_STR_OUT("hi \"there\"", omnir_string_attr_get_value, ctx, s);
    CHECK_OK(omnir_type_attr_get_value(ctx, ty, &at));
    CHECK(at.id == f64.id);
    CHECK_OK(omnir_integer_attr_get_num_words(ctx, big, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_integer_attr_get_word(ctx, big, 1, &w));
    CHECK(w == 1);
    CHECK_STATUS(omnir_integer_attr_get_word(ctx, big, 2, &w), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(omnir_integer_attr_get_int64(ctx, big, &v), OMNIR_ERROR_INVALID_ARGUMENT); /* does not fit */
    CHECK_STATUS(omnir_float_attr_get_double(ctx, i, &d), OMNIR_ERROR_INVALID_ARGUMENT);    /* wrong kind */

    /* uniqued */
    omnir_attribute i2;
    CHECK_OK(omnir_integer_attr_get(ctx, i32, -7, &i2));
    CHECK(i2.id == i.id);
    /* strings may hold any bytes, including NUL */
    omnir_attribute raw;
    CHECK_OK(omnir_string_attr_get(ctx, "a\0b\xff", 4, (omnir_type){0}, &raw));
    omnir_string rs = {0};
    CHECK_OK(omnir_string_attr_get_value(ctx, raw, &rs));
    CHECK(rs.len == 4 && memcmp(rs.data, "a\0b\xff", 4) == 0);
    omnir_string_free(rs);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void container_attributes(void) {
    omnir_context *ctx = new_ctx();
    omnir_type i64;
    CHECK_OK(omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64));
    omnir_attribute one, two, arr, dict, got, sym, flat;
    CHECK_OK(omnir_integer_attr_get(ctx, i64, 1, &one));
    CHECK_OK(omnir_integer_attr_get(ctx, i64, 2, &two));
    omnir_attribute elems[2] = {one, two};
    CHECK_OK(omnir_array_attr_get(ctx, elems, 2, &arr));
    CHECK(!strcmp(attr_str(ctx, arr), "[1, 2]"));
    size_t n;
    CHECK_OK(omnir_array_attr_get_num_elements(ctx, arr, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_array_attr_get_element(ctx, arr, 1, &got));
    CHECK(got.id == two.id);
    CHECK_STATUS(omnir_array_attr_get_element(ctx, arr, 2, &got), OMNIR_ERROR_OUT_OF_RANGE);

    /* dictionaries are sorted by name */
    omnir_named_attribute entries[2] = {{"zeta", 4, one}, {"alpha", 5, arr}};
    CHECK_OK(omnir_dictionary_attr_get(ctx, entries, 2, &dict));
    CHECK(!strcmp(attr_str(ctx, dict), "{alpha = [1, 2], zeta = 1 : i64}"));
    CHECK_OK(omnir_dictionary_attr_get_num_entries(ctx, dict, &n));
    CHECK(n == 2);
    omnir_string name = {0};
    CHECK_OK(omnir_dictionary_attr_get_entry(ctx, dict, 0, &name, &got));
    CHECK_STR(name, "alpha");
    CHECK(got.id == arr.id);
    CHECK_OK(omnir_dictionary_attr_lookup(ctx, dict, S("zeta"), &got));
    CHECK(got.id == one.id);
    CHECK_OK(omnir_dictionary_attr_lookup(ctx, dict, S("nope"), &got));
    CHECK(got.context == 0); /* absent: the zeroed handle */
    omnir_named_attribute dup[2] = {{"a", 1, one}, {"a", 1, two}};
    CHECK_STATUS(omnir_dictionary_attr_get(ctx, dup, 2, &got), OMNIR_ERROR_INVALID_ARGUMENT);

    omnir_string_view nested[1] = {{"inner", 5}};
    CHECK_OK(omnir_symbol_ref_attr_get(ctx, S("outer"), nested, 1, &sym));
    CHECK(!strcmp(attr_str(ctx, sym), "@outer::@inner"));
    CHECK_STR_OUT("outer", omnir_symbol_ref_attr_get_root, ctx, sym);
    CHECK_STR_OUT("inner", omnir_symbol_ref_attr_get_nested, ctx, sym, 0);
    CHECK_OK(omnir_flat_symbol_ref_attr_get(ctx, S("f"), &flat));
    CHECK(!strcmp(attr_str(ctx, flat), "@f"));
    CHECK(kind_of(ctx, flat) == OMNIR_ATTRIBUTE_KIND_SYMBOL_REF);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void dense_attributes(void) {
    omnir_context *ctx = new_ctx();
    omnir_type i32, tensor, f32, vec;
    CHECK_OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    CHECK_OK(omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32));
    int64_t shape[1] = {3};
    CHECK_OK(omnir_ranked_tensor_type_get(ctx, shape, 1, i32, (omnir_attribute){0}, &tensor));
    int32_t data[3] = {1, 2, 3};
    omnir_attribute dense, splat, arr, elem;
    CHECK_OK(omnir_dense_elements_attr_get(ctx, tensor, (const uint8_t *)data, sizeof data, &dense));
    CHECK(!strcmp(attr_str(ctx, dense), "dense<[1, 2, 3]> : tensor<3xi32>"));
    CHECK(kind_of(ctx, dense) == OMNIR_ATTRIBUTE_KIND_DENSE_ELEMENTS);
    size_t n;
    bool is_splat;
    int64_t v;
    CHECK_OK(omnir_dense_elements_attr_get_num_elements(ctx, dense, &n));
    CHECK(n == 3);
    CHECK_OK(omnir_dense_elements_attr_is_splat(ctx, dense, &is_splat));
    CHECK(!is_splat);
    CHECK_OK(omnir_dense_elements_attr_get_int64(ctx, dense, 2, &v));
    CHECK(v == 3);
    CHECK_STATUS(omnir_dense_elements_attr_get_int64(ctx, dense, 3, &v), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_dense_elements_attr_get_element(ctx, dense, 1, &elem));
    CHECK(!strcmp(attr_str(ctx, elem), "2 : i32"));
    omnir_bytes raw = {0};
    CHECK_OK(omnir_dense_elements_attr_get_raw_data(ctx, dense, &raw));
    CHECK(raw.len == sizeof data && memcmp(raw.data, data, sizeof data) == 0);
    omnir_bytes_free(raw);
    /* wrong byte count */
    CHECK_STATUS(omnir_dense_elements_attr_get(ctx, tensor, (const uint8_t *)data, 5, &elem),
                 OMNIR_ERROR_INVALID_ARGUMENT);

    float one = 1.0f;
    int64_t vshape[1] = {4};
    CHECK_OK(omnir_vector_type_get(ctx, vshape, 1, NULL, f32, &vec));
    CHECK_OK(omnir_dense_elements_attr_get(ctx, vec, (const uint8_t *)&one, sizeof one, &splat));
    CHECK_OK(omnir_dense_elements_attr_is_splat(ctx, splat, &is_splat));
    CHECK(is_splat);
    CHECK(!strcmp(attr_str(ctx, splat), "dense<1.000000e+00> : vector<4xf32>"));

    CHECK_OK(omnir_dense_array_attr_get(ctx, i32, (const uint8_t *)data, sizeof data, &arr));
    CHECK(!strcmp(attr_str(ctx, arr), "array<i32: 1, 2, 3>"));
    CHECK(kind_of(ctx, arr) == OMNIR_ATTRIBUTE_KIND_DENSE_ARRAY);
    omnir_type et;
    CHECK_OK(omnir_dense_array_attr_get_element_type(ctx, arr, &et));
    CHECK(et.id == i32.id);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void affine_and_layout(void) {
    omnir_context *ctx = new_ctx();
    omnir_attribute map, id, set, strided;
    CHECK_OK(omnir_attribute_parse(ctx, S("affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>"), &map));
    CHECK(!strcmp(attr_str(ctx, map), "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>"));
    uint32_t dims, syms;
    size_t results;
    bool is_id;
    CHECK_OK(omnir_affine_map_attr_get_num_dims(ctx, map, &dims));
    CHECK_OK(omnir_affine_map_attr_get_num_symbols(ctx, map, &syms));
    CHECK_OK(omnir_affine_map_attr_get_num_results(ctx, map, &results));
    CHECK(dims == 2 && syms == 1 && results == 2);
    CHECK_OK(omnir_affine_map_attr_is_identity(ctx, map, &is_id));
    CHECK(!is_id);
    CHECK_OK(omnir_affine_map_attr_get_identity(ctx, 2, &id));
    CHECK(!strcmp(attr_str(ctx, id), "affine_map<(d0, d1) -> (d0, d1)>"));
    CHECK_OK(omnir_affine_map_attr_is_identity(ctx, id, &is_id));
    CHECK(is_id);
    CHECK_OK(omnir_attribute_parse(ctx, S("affine_set<(d0) : (d0 - 1 >= 0)>"), &set));
    size_t nc;
    CHECK_OK(omnir_integer_set_attr_get_num_constraints(ctx, set, &nc));
    CHECK(nc == 1);
    int64_t strides[2] = {4, 1};
    CHECK_OK(omnir_strided_layout_attr_get(ctx, 8, strides, 2, &strided));
    CHECK(!strcmp(attr_str(ctx, strided), "strided<[4, 1], offset: 8>"));
    int64_t off;
    CHECK_OK(omnir_strided_layout_attr_get_offset(ctx, strided, &off));
    CHECK(off == 8);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void parse_print_roundtrip(void) {
    omnir_context *ctx = new_ctx();
    static const char *texts[] = {
        "unit", "false", "42 : i64", "-1 : i8", "\"str\"", "[]", "{}", "{a, b = 1 : i32}",
        "@sym", "@a::@b::@c", "dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>", "dense<0.000000e+00> : tensor<8xf32>",
        "array<i64>", "array<f32: 1.000000e+00>", "affine_map<() -> (0)>", "f16", "tensor<?xf32>",
        "[1 : i32, \"two\", [unit]]",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        omnir_attribute a, b;
        omnir_status st = omnir_attribute_parse(ctx, S(texts[i]), &a);
        CHECK_MSG(st == OMNIR_OK, texts[i]);
        if (st != OMNIR_OK) continue;
        CHECK_MSG(!strcmp(attr_str(ctx, a), texts[i]), texts[i]);
        CHECK_OK(omnir_attribute_parse(ctx, S(texts[i]), &b));
        CHECK(a.id == b.id);
    }
    omnir_attribute a;
    CHECK_STATUS(omnir_attribute_parse(ctx, S("[1, 2"), &a), OMNIR_ERROR_PARSE_FAILED);
    CHECK_STATUS(omnir_attribute_parse(ctx, S("dense<[1, 2]> : tensor<3xi32>"), &a), OMNIR_ERROR_PARSE_FAILED);
    /* distinct attributes are not uniqued */
    omnir_attribute unit, d1, d2, ref;
    CHECK_OK(omnir_unit_attr_get(ctx, &unit));
    CHECK_OK(omnir_distinct_attr_create(ctx, unit, &d1));
    CHECK_OK(omnir_distinct_attr_create(ctx, unit, &d2));
    CHECK(d1.id != d2.id);
    CHECK_OK(omnir_distinct_attr_get_referenced(ctx, d2, &ref));
    CHECK(ref.id == unit.id);
    CHECK(kind_of(ctx, d1) == OMNIR_ATTRIBUTE_KIND_DISTINCT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void resources(void) {
    omnir_context *ctx = new_ctx();
    const uint8_t blob[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    omnir_string key = {0};
    CHECK_OK(omnir_context_insert_resource(ctx, S("builtin"), S("blob"), blob, sizeof blob, 8, &key));
    CHECK(key.len > 0);
    bool has;
    CHECK_OK(omnir_context_has_resource(ctx, S("builtin"), key.data, key.len, &has));
    CHECK(has);
    omnir_bytes got = {0};
    uint32_t align = 0;
    CHECK_OK(omnir_context_get_resource(ctx, S("builtin"), key.data, key.len, &got, &align));
    CHECK(got.len == 8 && memcmp(got.data, blob, 8) == 0 && align == 8);
    omnir_bytes_free(got);
    omnir_type i8, tensor;
    CHECK_OK(omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &i8));
    int64_t shape[1] = {8};
    CHECK_OK(omnir_ranked_tensor_type_get(ctx, shape, 1, i8, (omnir_attribute){0}, &tensor));
    omnir_attribute res;
    CHECK_OK(omnir_dense_resource_attr_get(ctx, tensor, key.data, key.len, &res));
    CHECK(kind_of(ctx, res) == OMNIR_ATTRIBUTE_KIND_DENSE_RESOURCE_ELEMENTS);
    omnir_string_free(key);
    CHECK_OK(omnir_context_has_resource(ctx, S("builtin"), S("missing"), &has));
    CHECK(!has);
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_attributes(void) {
    RUN(scalar_attributes);
    RUN(container_attributes);
    RUN(dense_attributes);
    RUN(affine_and_layout);
    RUN(parse_print_roundtrip);
    RUN(resources);
}
