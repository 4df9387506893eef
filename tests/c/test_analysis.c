/* Identifiers, dominance, sparse elements attributes, single-operation parsing and value
 * names from C, the region-count limit, and the message for a handle no omnir made. */
#include "harness.h"

static void identifiers(void) {
    omnir_context *ctx = harness_context(), *other = harness_context();
    omnir_identifier a = {0}, b = {0}, c = {0}, elsewhere = {0};
    CHECK_OK(omnir_identifier_get(ctx, S("test.a"), &a));
    CHECK_OK(omnir_identifier_get(ctx, S("test.a"), &b));
    CHECK_OK(omnir_identifier_get(ctx, S("test.b"), &c));
    CHECK_OK(omnir_identifier_get(other, S("test.a"), &elsewhere));
    CHECK(omnir_identifier_equal(a, b));
    CHECK(!omnir_identifier_equal(a, c));
    CHECK_MSG(!omnir_identifier_equal(a, elsewhere), "identifiers of two contexts differ");
    omnir_string s = {0};
    CHECK_OK(omnir_identifier_str(ctx, c, &s));
    CHECK_STR(s, "test.b");
    omnir_identifier empty = {0};
    CHECK_OK(omnir_identifier_get(ctx, "", 0, &empty));
    CHECK_OK(omnir_identifier_str(ctx, empty, &s));
    CHECK_STR(s, "");

    omnir_op m = harness_parse(ctx, "\"test.a\"() : () -> ()\n\"test.b\"() : () -> ()\n");
    omnir_block body = harness_body(ctx, m);
    omnir_identifier name = {0};
    CHECK_OK(omnir_op_get_name_identifier(ctx, harness_nth_op(ctx, body, 0), &name));
    CHECK(omnir_identifier_equal(name, a));
    CHECK_OK(omnir_op_get_name_identifier(ctx, harness_nth_op(ctx, body, 1), &name));
    CHECK(omnir_identifier_equal(name, c));

    CHECK_STATUS(omnir_identifier_get(ctx, S("\xff"), &name), OMNIR_ERROR_INVALID_UTF8);
    CHECK_STATUS(omnir_identifier_str(ctx, elsewhere, &s), OMNIR_ERROR_WRONG_CONTEXT);
    omnir_identifier forged = a;
    forged.id = 0x7fffffff;
    CHECK_STATUS(omnir_identifier_str(ctx, forged, &s), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_identifier_str(ctx, (omnir_identifier){0}, &s), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(other));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* bb0 branches to bb1 and bb2, which both go to bb3; bb4 is unreachable. */
static const char *CFG =
    "\"builtin.module\"() ({\n"
    "  \"test.func\"() ({\n"
    "  ^bb0(%a: i1):\n"
    "    %0 = \"test.def\"() : () -> i32\n"
    "    \"test.cond_br\"(%a)[^bb1, ^bb2] : (i1) -> ()\n"
    "  ^bb1:\n"
    "    %1 = \"test.use\"(%0) : (i32) -> i32\n"
    "    \"test.br\"()[^bb3] : () -> ()\n"
    "  ^bb2:\n"
    "    \"test.br\"()[^bb3] : () -> ()\n"
    "  ^bb3:\n"
    "    \"test.ret\"() : () -> ()\n"
    "  ^bb4:\n"
    "    \"test.ret\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "  \"test.graph\"() ({\n"
    "    \"test.node\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static void dominance(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx, CFG);
    omnir_op func = harness_nth_op(ctx, harness_body(ctx, m), 0);
    omnir_op graph = harness_nth_op(ctx, harness_body(ctx, m), 1);
    omnir_region region = {0}, graph_region = {0};
    CHECK_OK(omnir_op_get_region(ctx, func, 0, &region));
    CHECK_OK(omnir_op_get_region(ctx, graph, 0, &graph_region));
    omnir_block bb[5];
    for (size_t i = 0; i < 5; i++) CHECK_OK(omnir_region_get_block(ctx, region, i, &bb[i]));

    omnir_block idom = {0};
    CHECK_OK(omnir_block_get_immediate_dominator(ctx, bb[3], &idom));
    CHECK_MSG(omnir_block_equal(idom, bb[0]), "the join block's immediate dominator is the entry");
    CHECK_OK(omnir_block_get_immediate_dominator(ctx, bb[1], &idom));
    CHECK(omnir_block_equal(idom, bb[0]));
    CHECK_OK(omnir_block_get_immediate_dominator(ctx, bb[0], &idom));
    CHECK_MSG(omnir_block_is_null(idom), "the entry block has no immediate dominator");

    bool yes = false;
    CHECK_OK(omnir_block_dominates(ctx, bb[0], bb[3], false, &yes));
    CHECK(yes);
    CHECK_OK(omnir_block_dominates(ctx, bb[1], bb[3], false, &yes));
    CHECK_MSG(!yes, "one arm of a diamond does not dominate the join");
    CHECK_OK(omnir_block_dominates(ctx, bb[2], bb[2], false, &yes));
    CHECK(yes);
    CHECK_OK(omnir_block_dominates(ctx, bb[2], bb[2], true, &yes));
    CHECK_MSG(!yes, "a block does not properly dominate itself");
    CHECK_OK(omnir_block_is_reachable(ctx, bb[3], &yes));
    CHECK(yes);
    CHECK_OK(omnir_block_is_reachable(ctx, bb[4], &yes));
    CHECK(!yes);

    omnir_op def = harness_nth_op(ctx, bb[0], 0), cond_br = harness_nth_op(ctx, bb[0], 1);
    omnir_op use = harness_nth_op(ctx, bb[1], 0), join_ret = harness_nth_op(ctx, bb[3], 0);
    CHECK_OK(omnir_op_dominates(ctx, def, use, false, &yes));
    CHECK(yes);
    CHECK_OK(omnir_op_dominates(ctx, use, def, false, &yes));
    CHECK(!yes);
    CHECK_OK(omnir_op_dominates(ctx, def, def, false, &yes));
    CHECK(yes);
    CHECK_OK(omnir_op_dominates(ctx, def, def, true, &yes));
    CHECK(!yes);
    CHECK_OK(omnir_op_dominates(ctx, func, use, true, &yes));
    CHECK_MSG(yes, "an op properly dominates the ops nested in it");

    omnir_value v0 = {0}, v1 = {0};
    CHECK_OK(omnir_op_get_result(ctx, def, 0, &v0));
    CHECK_OK(omnir_op_get_result(ctx, use, 0, &v1));
    CHECK_OK(omnir_value_dominates_use(ctx, v0, use, &yes));
    CHECK(yes);
    CHECK_OK(omnir_value_dominates_use(ctx, v1, join_ret, &yes));
    CHECK_MSG(!yes, "a value defined in one arm cannot be used at the join");

    CHECK_OK(omnir_op_is_before_in_block(ctx, def, cond_br, &yes));
    CHECK(yes);
    CHECK_OK(omnir_op_is_before_in_block(ctx, cond_br, def, &yes));
    CHECK(!yes);
    CHECK_STATUS(omnir_op_is_before_in_block(ctx, def, use, &yes), OMNIR_ERROR_INVALID_ARGUMENT);

    CHECK_OK(omnir_region_has_ssa_dominance(ctx, region, &yes));
    CHECK_MSG(yes, "a multi-block region has SSA dominance");
    CHECK_OK(omnir_region_has_ssa_dominance(ctx, graph_region, &yes));
    CHECK_MSG(!yes, "the single-block region of an unregistered op is a graph region");

    /* the answers follow the IR as it is now: drop bb2's branch target to bb1 instead */
    CHECK_OK(omnir_op_set_successor(ctx, harness_nth_op(ctx, bb[2], 0), 0, bb[1]));
    CHECK_OK(omnir_block_get_immediate_dominator(ctx, bb[3], &idom));
    CHECK_MSG(omnir_block_equal(idom, bb[1]), "after the edit, every path to bb3 passes bb1");

    CHECK_OK(omnir_op_erase(ctx, use, OMNIR_ERASE_DROP_USES));
    CHECK_STATUS(omnir_op_dominates(ctx, def, use, false, &yes), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_value_dominates_use(ctx, v1, join_ret, &yes), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_block_dominates(ctx, bb[0], bb[1], false, NULL), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void sparse_elements(void) {
    omnir_context *ctx = harness_context();
    const char *text = "sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>";
    omnir_attribute parsed = {0}, indices = {0}, values = {0}, built = {0};
    CHECK_OK(omnir_attribute_parse(ctx, S(text), &parsed));
    omnir_attribute_kind kind = 0;
    CHECK_OK(omnir_attribute_get_kind(ctx, parsed, &kind));
    CHECK(kind == OMNIR_ATTRIBUTE_KIND_SPARSE_ELEMENTS);
    CHECK_OK(omnir_sparse_elements_attr_get_indices(ctx, parsed, &indices));
    CHECK_OK(omnir_sparse_elements_attr_get_values(ctx, parsed, &values));
    omnir_string s = {0};
    CHECK_OK(omnir_attribute_print(ctx, indices, &s));
    CHECK_STR(s, "dense<[[0, 0], [1, 2]]> : tensor<2x2xi64>");
    CHECK_OK(omnir_attribute_print(ctx, values, &s));
    CHECK_STR(s, "dense<[1, 5]> : tensor<2xi32>");
    omnir_type ty = {0};
    CHECK_OK(omnir_attribute_get_type(ctx, parsed, &ty));
    CHECK_OK(omnir_sparse_elements_attr_get(ctx, ty, indices, values, &built));
    CHECK_MSG(built.context == parsed.context && built.id == parsed.id, "built and parsed sparse attributes are one");

    omnir_type small = {0};
    CHECK_OK(omnir_type_parse(ctx, S("tensor<1x1xi32>"), &small));
    CHECK_STATUS(omnir_sparse_elements_attr_get(ctx, small, indices, values, &built), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_MSG(strstr(last_error(), "index") != NULL, last_error());
    CHECK_STATUS(omnir_sparse_elements_attr_get_indices(ctx, values, &built), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void region_limit(void) {
    omnir_context *ctx = harness_context();
    omnir_location loc = {0};
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    omnir_operation_state *state = NULL;
    CHECK_OK(omnir_operation_state_create(S("test.many"), loc, &state));
    CHECK_OK(omnir_operation_state_set_num_regions(state, 3));
    /* a garbage count must fail at once, not exhaust memory at creation */
    CHECK_STATUS(omnir_operation_state_set_num_regions(state, (size_t)1 << 40), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(omnir_operation_state_set_num_regions(state, ((size_t)1 << 20) + 1), OMNIR_ERROR_OUT_OF_RANGE);
    omnir_op op = {0};
    CHECK_OK(omnir_operation_create(ctx, state, &op));
    size_t n = 0;
    CHECK_OK(omnir_op_get_num_regions(ctx, op, &n));
    CHECK_MSG(n == 3, "the refused counts left the state as it was");
    CHECK_OK(omnir_operation_state_destroy(state));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* Namespaces as MLIR's Dialect::isValidNamespace: anything else could not be printed as
 * `!ns.x` and parsed back. */
static void dialect_namespaces(void) {
    omnir_context *ctx = harness_context();
    omnir_type t = {0};
    omnir_attribute a = {0};
    CHECK_OK(omnir_opaque_type_get(ctx, S("ok_1$"), S("x"), &t));
    const char *bad[] = {"", "1x", "a-b", "a.b", "a b"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(omnir_opaque_type_get(ctx, S(bad[i]), S("x"), &t), OMNIR_ERROR_INVALID_ARGUMENT);
        CHECK_MSG(strstr(last_error(), "invalid dialect namespace") != NULL, last_error());
        CHECK_STATUS(omnir_opaque_attr_get(ctx, S(bad[i]), S("x"), (omnir_type){0}, &a), OMNIR_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(omnir_dialect_register(ctx, S(bad[i]), false), OMNIR_ERROR_INVALID_ARGUMENT);
    }
    CHECK_STATUS(omnir_opaque_type_get(ctx, "a\0b", 3, S("x"), &t), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static bool listed(omnir_context *ctx, omnir_status (*num)(const omnir_context *, size_t *),
                   omnir_status (*get)(const omnir_context *, size_t, omnir_string *), const char *name) {
    size_t n = 0;
    bool found = false;
    CHECK_OK(num(ctx, &n));
    omnir_string s = {0};
    for (size_t i = 0; i < n; i++) {
        CHECK_OK(get(ctx, i, &s));
        if (strcmp(take(s), name) == 0) found = true;
    }
    CHECK_STATUS(get(ctx, n, &s), OMNIR_ERROR_OUT_OF_RANGE);
    return found;
}

static void registrations_are_listed(void) {
    omnir_context *ctx = harness_context();
    CHECK(!listed(ctx, omnir_context_get_num_registered_dialects, omnir_context_get_registered_dialect, "lst"));
    CHECK_OK(omnir_dialect_register(ctx, S("lst"), true));
    CHECK(listed(ctx, omnir_context_get_num_registered_dialects, omnir_context_get_registered_dialect, "lst"));
    CHECK(listed(ctx, omnir_context_get_num_registered_dialects, omnir_context_get_registered_dialect, "builtin"));
    CHECK(listed(ctx, omnir_context_get_num_registered_operations, omnir_context_get_registered_operation,
                 "builtin.module"));
    CHECK(listed(ctx, omnir_context_get_num_registered_passes, omnir_context_get_registered_pass, "cse"));

    size_t n = 99;
    CHECK_OK(omnir_context_get_num_resources(ctx, &n));
    CHECK(n == 0);
    const uint8_t blob[4] = {1, 2, 3, 4};
    omnir_string key = {0}, group = {0};
    CHECK_OK(omnir_context_insert_resource(ctx, S("builtin"), S("weights"), blob, sizeof blob, 4, &key));
    omnir_string_free(key);
    CHECK_OK(omnir_context_get_num_resources(ctx, &n));
    CHECK(n == 1);
    CHECK_OK(omnir_context_get_resource_key(ctx, 0, &group, &key));
    CHECK_STR(group, "builtin");
    CHECK_STR(key, "weights");
    CHECK_STATUS(omnir_context_get_resource_key(ctx, 1, &group, &key), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void garbage_handle_message(void) {
    omnir_context *ctx = harness_context();
    omnir_op garbage = {0x00c0ffee, 7, 9};
    bool live = true;
    CHECK_STATUS(omnir_op_is_live(ctx, garbage, &live), OMNIR_ERROR_WRONG_CONTEXT);
    CHECK_MSG(strstr(last_error(), "uninitialised or corrupted") != NULL, last_error());
    CHECK_OK(omnir_context_destroy(ctx));
}

static void parse_one_operation(void) {
    omnir_context *ctx = harness_context();
    omnir_op op = {0};
    CHECK_OK(omnir_op_parse(ctx, S("\"test.a\"() ({\n  \"test.b\"() : () -> ()\n}) : () -> ()\n"), S("one.mlir"), &op));
    omnir_string s = {0};
    CHECK_OK(omnir_op_get_name(ctx, op, &s));
    CHECK_STR(s, "test.a");
    omnir_op parent = {0};
    CHECK_OK(omnir_op_get_parent_op(ctx, op, &parent));
    CHECK_MSG(omnir_op_is_null(parent), "the parsed op is detached, not wrapped in a module");
    /* a module written out is returned as it is */
    omnir_op module = {0};
    CHECK_OK(omnir_op_parse(ctx, S("\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n"), S("m.mlir"), &module));
    CHECK_OK(omnir_op_get_name(ctx, module, &s));
    CHECK_STR(s, "builtin.module");
    CHECK_STATUS(omnir_op_parse(ctx, S("\"test.a\"() : () -> ()\n\"test.b\"() : () -> ()\n"), S("two.mlir"), &op),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "source must contain a single top-level operation, found: 2") != NULL, last_error());
    CHECK_STATUS(omnir_op_parse(ctx, S("// nothing\n"), S("none.mlir"), &op), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "found: 0") != NULL, last_error());
    CHECK_OK(omnir_op_erase(ctx, module, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(ctx));
}

static const char *named(omnir_context *ctx, omnir_value v, bool local) {
    omnir_print_flags flags = omnir_print_flags_default();
    flags.local_scope = local;
    omnir_string s = {0};
    CHECK_OK(omnir_value_print_as_operand(ctx, v, &flags, &s));
    return take(s);
}

static void value_names(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx,
                               "\"builtin.module\"() ({\n"
                               "  \"func.func\"() <{function_type = (i32) -> (), sym_name = \"f\"}> ({\n"
                               "  ^bb0(%x: i32):\n"
                               "    %p:2 = \"test.pair\"(%x) : (i32) -> (i32, i32)\n"
                               "    \"test.br\"(%p#1)[^bb1] : (i32) -> ()\n"
                               "  ^bb1(%y: i32):\n"
                               "    %z = \"test.use\"(%y) : (i32) -> i32\n"
                               "    \"func.return\"() : () -> ()\n"
                               "  }) : () -> ()\n"
                               "}) : () -> ()\n");
    omnir_op func = harness_nth_op(ctx, harness_body(ctx, m), 0);
    omnir_region r = {0};
    omnir_block entry = {0}, second = {0};
    CHECK_OK(omnir_op_get_region(ctx, func, 0, &r));
    CHECK_OK(omnir_region_get_block(ctx, r, 0, &entry));
    CHECK_OK(omnir_region_get_block(ctx, r, 1, &second));
    omnir_value x = {0}, p1 = {0}, y = {0}, z = {0};
    CHECK_OK(omnir_block_get_argument(ctx, entry, 0, &x));
    CHECK_OK(omnir_op_get_result(ctx, harness_nth_op(ctx, entry, 0), 1, &p1));
    CHECK_OK(omnir_block_get_argument(ctx, second, 0, &y));
    CHECK_OK(omnir_op_get_result(ctx, harness_nth_op(ctx, second, 0), 0, &z));
    /* the names the module's printer gives them (the same print shows them) */
    CHECK_MSG(strcmp(named(ctx, x, false), "%arg0") == 0, named(ctx, x, false));
    CHECK_MSG(strcmp(named(ctx, p1, false), "%0#1") == 0, named(ctx, p1, false));
    CHECK_MSG(strcmp(named(ctx, y, false), "%1") == 0, named(ctx, y, false));
    CHECK_MSG(strcmp(named(ctx, z, false), "%2") == 0, named(ctx, z, false));
    omnir_string printed = {0};
    CHECK_OK(omnir_op_print(ctx, m, NULL, &printed));
    CHECK_MSG(strstr(printed.data, "%2 = \"test.use\"(%1)") != NULL, printed.data);
    omnir_string_free(printed);
    /* a block argument of a block in no region has no name */
    omnir_block loose = {0};
    omnir_type i32 = {0};
    omnir_value arg = {0};
    omnir_location unknown = {0};
    CHECK_OK(omnir_type_parse(ctx, S("i32"), &i32));
    CHECK_OK(omnir_unknown_loc_get(ctx, &unknown));
    CHECK_OK(omnir_block_create(ctx, &i32, &unknown, 1, &loose));
    CHECK_OK(omnir_block_get_argument(ctx, loose, 0, &arg));
    CHECK_MSG(strcmp(named(ctx, arg, false), "<<UNKNOWN SSA VALUE>>") == 0, named(ctx, arg, false));
    CHECK_OK(omnir_block_erase(ctx, loose));
    CHECK_STATUS(omnir_value_print_as_operand(ctx, arg, NULL, &printed), OMNIR_ERROR_STALE_HANDLE);
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_analysis(void) {
    RUN(parse_one_operation);
    RUN(value_names);
    RUN(identifiers);
    RUN(dominance);
    RUN(sparse_elements);
    RUN(region_limit);
    RUN(dialect_namespaces);
    RUN(registrations_are_listed);
    RUN(garbage_handle_message);
}
