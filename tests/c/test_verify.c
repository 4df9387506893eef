/* Verification from C (structural checks, runtime verifiers, diagnostics with notes), and
 * positive tests of functions the rest of the suite only reached through the misuse matrix:
 * navigation, uses, properties, operand/result groups, interfaces, symbol tables, options,
 * passes and rewrite patterns. Each test also checks that a refused call leaves the IR as
 * it was (printed before and after). */
#include "harness.h"

#include <stdlib.h>

static char *print_copy(omnir_context *ctx, omnir_op op) {
    omnir_string s = {0};
    if (omnir_op_print(ctx, op, NULL, &s) != OMNIR_OK) return NULL;
    char *c = malloc(s.len + 1);
    memcpy(c, s.data, s.len + 1);
    omnir_string_free(s);
    return c;
}

/* ---- diagnostics collected during verification */

typedef struct {
    int count, errors, notes;
    char message[512], note[512];
    uint32_t line, col;
} collected;

static bool collect(void *user_data, omnir_context *ctx, const omnir_diagnostic *d) {
    collected *c = user_data;
    c->count++;
    omnir_severity sev = OMNIR_SEVERITY_NOTE;
    CHECK_OK(omnir_diagnostic_get_severity(d, &sev));
    if (sev == OMNIR_SEVERITY_ERROR) c->errors++;
    const char *m = NULL;
    size_t n = 0;
    CHECK_OK(omnir_diagnostic_get_message(d, &m, &n));
    snprintf(c->message, sizeof c->message, "%.*s", (int)n, m);
    omnir_location loc = {0};
    CHECK_OK(omnir_diagnostic_get_location(d, &loc));
    uint32_t el, ec;
    if (omnir_file_line_col_loc_get_range(ctx, loc, &c->line, &c->col, &el, &ec) != OMNIR_OK) c->line = c->col = 0;
    size_t notes = 0;
    CHECK_OK(omnir_diagnostic_get_num_notes(d, &notes));
    c->notes += (int)notes;
    if (notes > 0) {
        const omnir_diagnostic *note = NULL;
        CHECK_OK(omnir_diagnostic_get_note(d, 0, &note));
        CHECK_OK(omnir_diagnostic_get_message(note, &m, &n));
        snprintf(c->note, sizeof c->note, "%.*s", (int)n, m);
        CHECK_STATUS(omnir_diagnostic_get_note(d, notes, &note), OMNIR_ERROR_OUT_OF_RANGE);
    }
    return true;
}

/* Structural verification of builtin rules: each failure is VERIFICATION_FAILED with an
 * error diagnostic at the op's file:line:col, and verification changes nothing. */
static void structural_errors(void) {
    static const struct {
        const char *text, *needle;
        uint32_t line;
    } cases[] = {
        /* use before definition in an SSA region */
        {"\"v.f\"() ({\n"
         "  \"test.use\"(%0) : (i32) -> ()\n"
         "  %0 = \"test.def\"() : () -> i32\n"
         "  \"test.end\"() : () -> ()\n"
         "}) : () -> ()\n",
         "dominate", 2},
        /* a symbol table with two symbols of one name */
        {"\"builtin.module\"() ({\n"
         "  \"test.sym\"() {sym_name = \"a\"} : () -> ()\n"
         "  \"test.sym\"() {sym_name = \"a\"} : () -> ()\n"
         "}) : () -> ()\n",
         "redefinition", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        omnir_context *ctx = harness_context();
        /* the verifier is run here, not by the parse */
        CHECK_OK(omnir_context_set_verify_after_parse(ctx, false));
        /* v.f: a registered op with one SSA region (an unregistered op's regions are graph
         * regions, as in MLIR, so they have no dominance rule) */
        CHECK_OK(omnir_dialect_register(ctx, S("v"), false));
        omnir_op_definition def;
        memset(&def, 0, sizeof def);
        def.name = "v.f";
        def.name_len = 3;
        def.num_regions = 1;
        def.traits = OMNIR_TRAIT_NO_TERMINATOR;
        CHECK_OK(omnir_dialect_register_operation(ctx, &def));
        collected c = {0};
        uint64_t id = 0;
        CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, collect, &c, NULL, &id));
        omnir_op m = harness_parse(ctx, cases[i].text);
        char *before = print_copy(ctx, m);
        omnir_status st = omnir_op_verify(ctx, m);
        CHECK_MSG(st == OMNIR_ERROR_VERIFICATION_FAILED, cases[i].needle);
        CHECK_MSG(c.errors >= 1, cases[i].needle);
        CHECK_MSG(strstr(c.message, cases[i].needle) != NULL, c.message);
        CHECK_MSG(c.line == cases[i].line, c.message);
        CHECK(omnir_last_error_status() == OMNIR_ERROR_VERIFICATION_FAILED);
        char *after = print_copy(ctx, m);
        CHECK(before && after && strcmp(before, after) == 0);
        free(before);
        free(after);
        CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, id));
        CHECK_OK(omnir_context_destroy(ctx));
    }
}

/* The parse functions verify what they parse (MLIR's verifyAfterParse): IR that does not
 * verify fails to parse with the verifier's errors, rendered as parse errors in the message
 * and emitted once to the handlers; the IR and the resources are as before. Turned off, the
 * same text parses. */
static void parse_verifies(void) {
    static const char text[] = "\"v.f\"() ({\n"
                               "  \"test.use\"(%0) : (i32) -> ()\n"
                               "  %0 = \"test.def\"() : () -> i32\n"
                               "  \"test.end\"() : () -> ()\n"
                               "}) : () -> ()\n"
                               "{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x0100000001\"\n    }\n  }\n#-}\n";
    omnir_context *ctx = harness_context();
    bool on = false;
    CHECK_OK(omnir_context_get_verify_after_parse(ctx, &on));
    CHECK_MSG(on, "verification after parsing is on by default");
    CHECK_OK(omnir_dialect_register(ctx, S("v"), false));
    omnir_op_definition def;
    memset(&def, 0, sizeof def);
    def.name = "v.f";
    def.name_len = 3;
    def.num_regions = 1;
    def.traits = OMNIR_TRAIT_NO_TERMINATOR;
    CHECK_OK(omnir_dialect_register_operation(ctx, &def));
    omnir_op keep = harness_parse(ctx, "\"test.keep\"() : () -> ()\n");
    char *before = print_copy(ctx, keep);
    collected c = {0};
    uint64_t id = 0;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, collect, &c, NULL, &id));
    omnir_op m = {0};
    CHECK_STATUS(omnir_module_parse(ctx, S(text), S("v.mlir"), &m), OMNIR_ERROR_PARSE_FAILED);
    CHECK(omnir_op_is_null(m));
    const char *msg = last_error();
    CHECK_MSG(strncmp(msg, "v.mlir:2:3: error: operand #0 does not dominate this use\n"
                           "  \"test.use\"(%0) : (i32) -> ()\n"
                           "  ^\n"
                           "v.mlir:3:8: note: operand defined here (op in the same block)\n",
                      strlen("v.mlir:2:3: error: operand #0 does not dominate this use\n"
                             "  \"test.use\"(%0) : (i32) -> ()\n"
                             "  ^\n"
                             "v.mlir:3:8: note: operand defined here (op in the same block)\n")) == 0,
              msg);
    /* emitted once, at the operation's location, with its note */
    CHECK_MSG(c.count == 1 && c.errors == 1 && c.notes == 1, c.message);
    CHECK_MSG(strcmp(c.message, "operand #0 does not dominate this use") == 0, c.message);
    CHECK_MSG(strcmp(c.note, "operand defined here (op in the same block)") == 0, c.note);
    CHECK(c.line == 2 && c.col == 3);
    bool has = true;
    CHECK_OK(omnir_context_has_resource(ctx, S("builtin"), S("blob"), &has));
    CHECK_MSG(!has, "the resources of a text that does not verify are not kept");
    char *after = print_copy(ctx, keep);
    CHECK(before && after && strcmp(before, after) == 0);
    free(after);
    /* the single-operation parse verifies too */
    memset(&c, 0, sizeof c);
    CHECK_STATUS(omnir_op_parse(ctx, S(text), S("v.mlir"), &m), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "v.mlir:2:3: error: operand #0 does not dominate this use") != NULL, last_error());
    CHECK(c.count == 1 && c.errors == 1);

    CHECK_OK(omnir_context_set_verify_after_parse(ctx, false));
    CHECK_OK(omnir_context_get_verify_after_parse(ctx, &on));
    CHECK(!on);
    memset(&c, 0, sizeof c);
    CHECK_OK(omnir_module_parse(ctx, S(text), S("v.mlir"), &m));
    CHECK(c.count == 0);
    CHECK_OK(omnir_context_has_resource(ctx, S("builtin"), S("blob"), &has));
    CHECK(has);
    CHECK_STATUS(omnir_op_verify(ctx, m), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK_MSG(strstr(c.message, "does not dominate") != NULL, c.message);
    after = print_copy(ctx, keep);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, id));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* A diagnostic emitted with notes reaches a handler with the notes attached. */
static void notes_reach_handlers(void) {
    omnir_context *ctx = harness_context();
    collected c = {0};
    uint64_t id = 0;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, collect, &c, NULL, &id));
    omnir_location a = {0}, b = {0};
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("x.mlir"), 4, 5, &a));
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("y.mlir"), 6, 7, &b));
    omnir_diagnostic_note notes[2] = {{b, S("first note")}, {a, S("second note")}};
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_ERROR, a, S("boom"), notes, 2));
    CHECK(c.count == 1 && c.errors == 1 && c.notes == 2);
    CHECK(strcmp(c.message, "boom") == 0 && strcmp(c.note, "first note") == 0);
    CHECK(c.line == 4 && c.col == 5);
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- navigation, uses, properties, groups */

static const char NAV_TEXT[] =
    "\"builtin.module\"() ({\n"
    "  \"test.func\"() <{sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    %0 = \"test.op\"(%arg0, %arg0) {a = 1 : i32, b = 2 : i32} : (i32, i32) -> i32\n"
    "    \"test.br\"(%0)[^bb1] : (i32) -> ()\n"
    "  ^bb1(%1: i32):\n"
    "    \"test.use\"(%1, %0) : (i32, i32) -> ()\n"
    "    \"test.br\"(%1)[^bb1] : (i32) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static void navigation(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx, NAV_TEXT);
    omnir_op func = harness_nth_op(ctx, harness_body(ctx, m), 0);
    omnir_region r = {0};
    CHECK_OK(omnir_op_get_region(ctx, func, 0, &r));
    size_t nregions = 0, count = 0, idx = 9;
    CHECK_OK(omnir_op_get_num_regions(ctx, func, &nregions));
    CHECK(nregions == 1);
    CHECK_OK(omnir_region_get_number(ctx, r, &idx));
    CHECK(idx == 0);
    omnir_block blocks[4];
    CHECK_OK(omnir_region_get_blocks(ctx, r, blocks, 4, &count));
    CHECK(count == 2);
    omnir_block first = {0}, last = {0}, next = {0}, prev = {0};
    CHECK_OK(omnir_region_get_first_block(ctx, r, &first));
    CHECK_OK(omnir_region_get_last_block(ctx, r, &last));
    CHECK(omnir_block_equal(first, blocks[0]) && omnir_block_equal(last, blocks[1]));
    CHECK_OK(omnir_block_get_next(ctx, first, &next));
    CHECK(omnir_block_equal(next, last));
    CHECK_OK(omnir_block_get_prev(ctx, last, &prev));
    CHECK(omnir_block_equal(prev, first));
    CHECK_OK(omnir_block_get_next(ctx, last, &next));
    CHECK(omnir_block_is_null(next));
    omnir_region pr = {0};
    omnir_op pop = {0};
    CHECK_OK(omnir_block_get_parent_region(ctx, first, &pr));
    CHECK(omnir_region_equal(pr, r));
    CHECK_OK(omnir_block_get_parent_op(ctx, first, &pop));
    CHECK(omnir_op_equal(pop, func));
    bool live = false;
    CHECK_OK(omnir_region_is_live(ctx, r, &live));
    CHECK(live);
    CHECK(!omnir_region_is_null(r));

    /* successors and predecessors: ^bb1 is reached from ^bb0 and from itself */
    omnir_op br0 = harness_nth_op(ctx, first, 1);
    omnir_block succ = {0};
    CHECK_OK(omnir_op_get_successor(ctx, br0, 0, &succ));
    CHECK(omnir_block_equal(succ, last));
    CHECK_STATUS(omnir_op_get_successor(ctx, br0, 1, &succ), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_block_get_successor(ctx, first, 0, &succ));
    CHECK(omnir_block_equal(succ, last));
    omnir_block_operand preds[4];
    CHECK_OK(omnir_block_get_predecessors(ctx, last, preds, 4, &count));
    CHECK(count == 2);
    /* a too-small buffer reports the count needed */
    CHECK_OK(omnir_block_get_predecessors(ctx, last, preds, 0, &count));
    CHECK(count == 2);

    /* first/last ops, results and operands in bulk */
    omnir_op op = {0}, lastop = {0};
    CHECK_OK(omnir_block_get_first_op(ctx, first, &op));
    CHECK_OK(omnir_block_get_last_op(ctx, first, &lastop));
    CHECK(omnir_op_equal(lastop, br0));
    omnir_value vals[4];
    CHECK_OK(omnir_op_get_operands(ctx, op, vals, 4, &count));
    CHECK(count == 2 && omnir_value_equal(vals[0], vals[1]));
    omnir_value args[2];
    CHECK_OK(omnir_block_get_arguments(ctx, first, args, 2, &count));
    CHECK(count == 1 && omnir_value_equal(args[0], vals[0]));
    CHECK_OK(omnir_op_get_results(ctx, op, vals, 4, &count));
    CHECK(count == 1);
    omnir_value res = vals[0];
    omnir_block owner = {0};
    CHECK_OK(omnir_value_get_parent_block(ctx, res, &owner));
    CHECK(omnir_block_equal(owner, first));
    omnir_location vloc = {0}, oloc = {0};
    CHECK_OK(omnir_value_get_location(ctx, res, &vloc));
    CHECK_OK(omnir_op_get_location(ctx, op, &oloc));
    CHECK(vloc.id == oloc.id);
    CHECK_OK(omnir_value_is_live(ctx, res, &live));
    CHECK(live);

    /* attributes by position */
    size_t nattrs = 0;
    CHECK_OK(omnir_op_get_num_attributes(ctx, op, &nattrs));
    CHECK(nattrs == 2);
    omnir_string name = {0};
    omnir_attribute value = {0};
    CHECK_OK(omnir_op_get_attribute_at(ctx, op, 1, &name, &value));
    CHECK_STR(name, "b");
    CHECK_STATUS(omnir_op_get_attribute_at(ctx, op, 2, &name, &value), OMNIR_ERROR_OUT_OF_RANGE);

    /* groups are those of a registered op's signature; an unregistered op has none */
    omnir_index_range g = {9, 9};
    CHECK_STATUS(omnir_op_get_operand_group(ctx, op, 0, &g), OMNIR_ERROR_NOT_REGISTERED);
    CHECK_OK(omnir_dialect_register(ctx, S("g"), false));
    omnir_value_spec ins[2] = {{S("lhs"), OMNIR_ARITY_SINGLE, {0}}, {S("rest"), OMNIR_ARITY_VARIADIC, {0}}};
    omnir_value_spec outs[1] = {{S("out"), OMNIR_ARITY_SINGLE, {0}}};
    omnir_op_definition gdef;
    memset(&gdef, 0, sizeof gdef);
    gdef.name = "g.op";
    gdef.name_len = 4;
    gdef.operands = ins;
    gdef.num_operands = 2;
    gdef.results = outs;
    gdef.num_results = 1;
    CHECK_OK(omnir_dialect_register_operation(ctx, &gdef));
    omnir_location gl = {0};
    CHECK_OK(omnir_unknown_loc_get(ctx, &gl));
    omnir_operation_state *gs_state = NULL;
    omnir_type i32 = {0};
    CHECK_OK(omnir_integer_type_get(ctx, 32, 0, &i32));
    CHECK_OK(omnir_operation_state_create(S("g.op"), gl, &gs_state));
    omnir_value three[3] = {args[0], args[0], args[0]};
    CHECK_OK(omnir_operation_state_add_operands(gs_state, three, 3));
    CHECK_OK(omnir_operation_state_add_results(gs_state, &i32, 1));
    omnir_insertion_point ip = {OMNIR_INSERT_BEFORE_OP, {0}, op};
    CHECK_OK(omnir_operation_create_at(ctx, gs_state, ip, &op));
    CHECK_OK(omnir_operation_state_destroy(gs_state));
    CHECK_OK(omnir_op_get_operand_group(ctx, op, 1, &g));
    CHECK(g.start == 1 && g.len == 2);
    CHECK_STATUS(omnir_op_get_operand_group(ctx, op, 2, &g), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_op_get_result_group(ctx, op, 0, &g));
    CHECK(g.start == 0 && g.len == 1);
    omnir_index_range gs[4];
    CHECK_OK(omnir_op_get_operand_groups(ctx, op, gs, 4, &count));
    CHECK(count == 2 && gs[0].start == 0 && gs[0].len == 1 && gs[1].len == 2);
    CHECK_OK(omnir_op_get_result_groups(ctx, op, gs, 4, &count));
    CHECK(count == 1);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void uses_and_replacement(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx, NAV_TEXT);
    omnir_op func = harness_nth_op(ctx, harness_body(ctx, m), 0);
    omnir_block entry = harness_body(ctx, func);
    omnir_op op = harness_nth_op(ctx, entry, 0);
    omnir_value arg = {0}, res = {0};
    CHECK_OK(omnir_block_get_argument(ctx, entry, 0, &arg));
    CHECK_OK(omnir_op_get_result(ctx, op, 0, &res));
    omnir_op_operand uses[8];
    size_t count = 0;
    CHECK_OK(omnir_value_get_uses(ctx, res, uses, 8, &count));
    CHECK(count == 2); /* test.br and test.use */
    omnir_op br = harness_nth_op(ctx, entry, 1);
    /* replace every use but the branch's: only test.use now uses %arg0 */
    CHECK_OK(omnir_value_replace_all_uses_except(ctx, res, arg, br));
    CHECK_OK(omnir_value_get_uses(ctx, res, uses, 8, &count));
    CHECK(count == 1 && omnir_op_equal(uses[0].op, br) && uses[0].index == 0);
    /* a value from another context is refused, nothing changes */
    omnir_context *other = harness_context();
    omnir_op m2 = harness_parse(other, NAV_TEXT);
    omnir_value foreign = {0};
    CHECK_OK(omnir_block_get_argument(other, harness_body(other, harness_nth_op(other, harness_body(other, m2), 0)), 0, &foreign));
    char *before = print_copy(ctx, m);
    CHECK_STATUS(omnir_value_replace_all_uses_except(ctx, res, foreign, br), OMNIR_ERROR_WRONG_CONTEXT);
    char *after = print_copy(ctx, m);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    CHECK_OK(omnir_context_destroy(other));
    /* drop the remaining use: the result is unused and the op can be erased */
    CHECK_OK(omnir_value_drop_all_uses(ctx, res));
    size_t n = 9;
    CHECK_OK(omnir_value_get_num_uses(ctx, res, &n));
    CHECK(n == 0);
    CHECK_OK(omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES));
    /* drop_all_references lets a whole function go in any order */
    CHECK_OK(omnir_op_drop_all_references(ctx, func));
    CHECK_OK(omnir_op_erase(ctx, func, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(ctx));
}

static void properties_and_locations(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx, NAV_TEXT);
    omnir_op func = harness_nth_op(ctx, harness_body(ctx, m), 0);
    omnir_attribute props = {0}, name = {0};
    CHECK_OK(omnir_op_get_properties(ctx, func, &props));
    CHECK_STR_OUT("{sym_name = \"f\"}", omnir_attribute_print, ctx, props);
    CHECK_OK(omnir_op_get_inherent_attribute(ctx, func, S("sym_name"), &name));
    CHECK_STR_OUT("\"f\"", omnir_attribute_print, ctx, name);
    omnir_attribute np = {0};
    CHECK_OK(omnir_attribute_parse(ctx, S("{sym_name = \"g\", extra = 3 : i64}"), &np));
    CHECK_OK(omnir_op_set_properties(ctx, func, np));
    CHECK_OK(omnir_op_get_properties(ctx, func, &props));
    CHECK(props.id == np.id);
    omnir_attribute not_dict = {0};
    CHECK_OK(omnir_attribute_parse(ctx, S("3 : i64"), &not_dict));
    /* an unregistered op's properties may be any attribute (MLIR's generic `<...>`) */
    CHECK_OK(omnir_op_set_properties(ctx, func, not_dict));
    CHECK_OK(omnir_op_get_properties(ctx, func, &props));
    CHECK(props.id == not_dict.id);
    /* a stale attribute handle is refused and changes nothing */
    char *before = print_copy(ctx, m);
    omnir_attribute forged = {np.context, 0x7ffffff0u};
    CHECK_STATUS(omnir_op_set_properties(ctx, func, forged), OMNIR_ERROR_INVALID_ARGUMENT);
    char *after = print_copy(ctx, m);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    omnir_location loc = {0}, got = {0};
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("moved.mlir"), 3, 9, &loc));
    CHECK_OK(omnir_op_set_location(ctx, func, loc));
    CHECK_OK(omnir_op_get_location(ctx, func, &got));
    CHECK(got.id == loc.id);
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- interfaces on ops and attributes */

typedef struct {
    int64_t (*weight)(void *user_data);
} weight_vtable;
static int64_t weight_of(void *user_data) { return *(const int64_t *)user_data; }
static const weight_vtable WEIGHT = {weight_of};
static int64_t seven = 7, eleven = 11;

static void interfaces(void) {
    omnir_context *ctx = harness_context();
    uint32_t iface = 0, op_kind = 0, attr_kind = 0;
    CHECK_OK(omnir_typeid_get(S("ctest.WeightInterface"), &iface));
    CHECK_OK(omnir_dialect_register(ctx, S("w"), false));
    omnir_interface_impl on_op = {iface, &WEIGHT, &seven, NULL};
    omnir_op_definition def;
    memset(&def, 0, sizeof def);
    def.name = "w.op";
    def.name_len = 4;
    def.interfaces = &on_op;
    def.num_interfaces = 1;
    CHECK_OK(omnir_dialect_register_operation(ctx, &def));
    /* w.other is not an op of w, which does not allow unknown ops: the IR does not verify,
     * and need not for what is tested here */
    CHECK_OK(omnir_context_set_verify_after_parse(ctx, false));
    omnir_op m = harness_parse(ctx, "\"w.op\"() : () -> ()\n\"w.other\"() : () -> ()\n");
    omnir_block b = harness_body(ctx, m);
    omnir_op op = harness_nth_op(ctx, b, 0);
    bool yes = false;
    CHECK_OK(omnir_op_implements_interface(ctx, op, iface, &yes));
    CHECK(yes);
    const void *vt = NULL;
    void *ud = NULL;
    CHECK_OK(omnir_op_get_interface(ctx, op, iface, &vt, &ud));
    CHECK(vt == &WEIGHT && ((const weight_vtable *)vt)->weight(ud) == 7);

    /* attach the interface to a builtin attribute kind after the fact */
    CHECK_OK(omnir_typeid_get(S("#builtin.string"), &attr_kind));
    omnir_interface_impl on_attr = {iface, &WEIGHT, &eleven, NULL};
    CHECK_OK(omnir_context_attach_interface(ctx, attr_kind, &on_attr));
    omnir_attribute s = {0}, i = {0};
    CHECK_OK(omnir_attribute_parse(ctx, S("\"hello\""), &s));
    CHECK_OK(omnir_attribute_parse(ctx, S("1 : i32"), &i));
    uint32_t tid = 0;
    CHECK_OK(omnir_attribute_get_type_id(ctx, s, &tid));
    CHECK(tid == attr_kind);
    CHECK_OK(omnir_attribute_implements(ctx, s, iface, &yes));
    CHECK(yes);
    CHECK_OK(omnir_attribute_implements(ctx, i, iface, &yes));
    CHECK(!yes);
    vt = NULL;
    CHECK_OK(omnir_attribute_get_interface(ctx, s, iface, &vt, &ud));
    CHECK(vt == &WEIGHT && ((const weight_vtable *)vt)->weight(ud) == 11);
    (void)op_kind;
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- symbol tables: remove and rename_to_unique */

static void symbol_table_remove_and_unique(void) {
    omnir_context *ctx = harness_context();
    omnir_op m = harness_parse(ctx,
                       "\"builtin.module\"() ({\n"
                       "  \"test.sym\"() {sym_name = \"a\"} : () -> ()\n"
                       "  \"test.sym\"() {sym_name = \"b\"} : () -> ()\n"
                       "  \"test.ref\"() {to = @a} : () -> ()\n"
                       "}) : () -> ()\n");
    omnir_symbol_table *t = NULL;
    CHECK_OK(omnir_symbol_table_create(ctx, m, &t));
    omnir_op a = {0}, b = {0}, found = {0};
    CHECK_OK(omnir_symbol_table_lookup(ctx, t, S("a"), &a));
    CHECK_OK(omnir_symbol_table_lookup(ctx, t, S("b"), &b));
    omnir_string unique = {0};
    CHECK_OK(omnir_symbol_table_rename_to_unique(ctx, t, a, NULL, 0, &unique));
    CHECK_STR(unique, "a_0");
    CHECK_OK(omnir_symbol_table_lookup(ctx, t, S("a_0"), &found));
    CHECK(omnir_op_equal(found, a));
    omnir_op ref = harness_nth_op(ctx, harness_body(ctx, m), 2);
    omnir_attribute to = {0};
    CHECK_OK(omnir_op_get_attribute(ctx, ref, S("to"), &to));
    CHECK_STR_OUT("@a_0", omnir_attribute_print, ctx, to);
    /* remove detaches: the caller owns b, the table forgets it */
    size_t n = 0;
    CHECK_OK(omnir_symbol_table_remove(ctx, t, b));
    CHECK_OK(omnir_symbol_table_get_size(ctx, t, &n));
    CHECK(n == 1);
    omnir_op parent = {0};
    CHECK_OK(omnir_op_get_parent_op(ctx, b, &parent));
    CHECK(omnir_op_is_null(parent));
    /* removing it twice is refused, the IR is unchanged */
    char *before = print_copy(ctx, m);
    omnir_status st = omnir_symbol_table_remove(ctx, t, b);
    CHECK(st != OMNIR_OK);
    char *after = print_copy(ctx, m);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    CHECK_OK(omnir_op_erase(ctx, b, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_symbol_table_destroy(t));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- options */

static omnir_option_decl option_decl(const char *name, omnir_option_kind kind, const char *default_value) {
    omnir_option_decl d;
    memset(&d, 0, sizeof d);
    d.name = (omnir_string_view){name, strlen(name)};
    d.ty.kind = kind;
    d.default_value = (omnir_string_view){default_value, strlen(default_value)};
    return d;
}

static void options(void) {
    omnir_context *ctx = harness_context(), *ctx2 = harness_context();
    omnir_option_decl d = option_decl("ctest.limit", OMNIR_OPTION_INT, "3");
    d.help = (omnir_string_view){S("a limit")};
    CHECK_OK(omnir_option_declare(ctx, &d));
    CHECK_OK(omnir_option_declare(ctx, &d)); /* the same declaration again: fine */
    omnir_option_decl clash = d;
    clash.ty.kind = OMNIR_OPTION_BOOL;
    clash.default_value = (omnir_string_view){S("false")};
    CHECK_STATUS(omnir_option_declare(ctx, &clash), OMNIR_ERROR_ALREADY_EXISTS); /* another type */
    /* The same type with another default: refused too, naming both defaults (it used to be
     * accepted with the new default silently ignored); the first declaration stays. */
    omnir_option_decl other_default = d;
    other_default.default_value = (omnir_string_view){S("4")};
    CHECK_STATUS(omnir_option_declare(ctx, &other_default), OMNIR_ERROR_ALREADY_EXISTS);
    CHECK_MSG(strstr(last_error(), "ctest.limit") && strstr(last_error(), "'3'") && strstr(last_error(), "'4'"),
              last_error());
    omnir_option_decl other_help = d;
    other_help.help = (omnir_string_view){S("another help")};
    CHECK_OK(omnir_option_declare(ctx, &other_help)); /* same type and default: still fine */
    omnir_option_kind kind = 99, elem = 99;
    CHECK_OK(omnir_option_get_kind(ctx, S("ctest.limit"), &kind, &elem));
    CHECK(kind == OMNIR_OPTION_INT);
    int64_t v = 0;
    CHECK_OK(omnir_option_get_int(ctx, S("ctest.limit"), &v));
    CHECK(v == 3);
    CHECK_OK(omnir_option_set(ctx, S("ctest.limit"), S("5")));
    CHECK_STATUS(omnir_option_set(ctx, S("ctest.limit"), S("five")), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_option_get_int(ctx, S("ctest.limit"), &v));
    CHECK(v == 5);
    /* scopes nest and restore */
    omnir_option_setting s1 = {{S("ctest.limit")}, {S("8")}};
    uint64_t scope = 0;
    CHECK_OK(omnir_option_push_scope(ctx, &s1, 1, &scope));
    CHECK_STR_OUT("8", omnir_option_get, ctx, S("ctest.limit"));
    CHECK_OK(omnir_option_pop_scope(ctx, scope));
    CHECK_OK(omnir_option_get_int(ctx, S("ctest.limit"), &v));
    CHECK(v == 5);
    CHECK_OK(omnir_option_reset(ctx, S("ctest.limit")));
    CHECK_OK(omnir_option_get_int(ctx, S("ctest.limit"), &v));
    CHECK(v == 3);
    /* another context does not see it */
    CHECK(omnir_option_get_int(ctx2, S("ctest.limit"), &v) != OMNIR_OK);
    omnir_option_decl fd = option_decl("ctest.ratio", OMNIR_OPTION_FLOAT, "0.5");
    CHECK_OK(omnir_option_declare(ctx, &fd));
    double f = 0;
    CHECK_OK(omnir_option_get_float(ctx, S("ctest.ratio"), &f));
    CHECK(f == 0.5);
    omnir_option_decl bd = option_decl("ctest.flag", OMNIR_OPTION_BOOL, "true");
    CHECK_OK(omnir_option_declare(ctx, &bd));
    bool flag = false;
    CHECK_OK(omnir_option_get_bool(ctx, S("ctest.flag"), &flag));
    CHECK(flag);
    CHECK_OK(omnir_context_destroy(ctx2));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- passes */

typedef struct {
    int runs;
    bool fail;
    char seen_option[64];
} pass_state;

/* Renames every test.old to test.new (by rebuilding it), or fails after changing the IR. */
static uint32_t rename_pass(void *user_data, omnir_context *ctx, omnir_op op, const omnir_pass_options *options,
                            omnir_callback_message *message) {
    pass_state *p = user_data;
    p->runs++;
    omnir_string opt = {0};
    if (omnir_pass_options_get(options, S("tag"), &opt) == OMNIR_OK) {
        snprintf(p->seen_option, sizeof p->seen_option, "%s", opt.data);
        omnir_string_free(opt);
    }
    omnir_attribute unit = {0};
    omnir_unit_attr_get(ctx, &unit);
    omnir_block b = harness_body(ctx, op);
    omnir_op first = {0};
    omnir_block_get_first_op(ctx, b, &first);
    omnir_op_set_attribute(ctx, first, S("touched"), unit);
    if (p->fail) {
        omnir_callback_message_set(message, S("the pass refuses"));
        return 1;
    }
    return 0;
}

static void passes(void) {
    omnir_context *ctx = harness_context();
    pass_state ps = {0};
    omnir_option_decl tag = option_decl("tag", OMNIR_OPTION_STRING, "none");
    omnir_pass_registration reg;
    memset(&reg, 0, sizeof reg);
    reg.argument = (omnir_string_view){S("ctest-touch")};
    reg.description = (omnir_string_view){S("marks the first op")};
    reg.options = &tag;
    reg.num_options = 1;
    reg.run = rename_pass;
    reg.user_data = &ps;
    CHECK_OK(omnir_pass_register(ctx, &reg));
    omnir_op m = harness_parse(ctx,
                       "\"builtin.module\"() ({\n"
                       "  %0 = \"test.a\"() : () -> i32\n"
                       "  %1 = \"test.a\"() : () -> i32\n"
                       "  \"test.use\"(%0) : (i32) -> ()\n"
                       "}) : () -> ()\n");
    omnir_pass_manager *pm = NULL;
    CHECK_STATUS(omnir_pass_manager_parse(ctx, S("builtin.module(no-such-pass)"), &pm), OMNIR_ERROR_NOT_REGISTERED);
    CHECK(pm == NULL);
    CHECK_OK(omnir_pass_manager_parse(ctx, S("builtin.module(ctest-touch{tag=x},cse)"), &pm));
    omnir_string text = {0};
    CHECK_OK(omnir_pass_manager_print(pm, &text));
    CHECK_MSG(strstr(text.data, "ctest-touch") != NULL, text.data);
    omnir_string_free(text);
    CHECK_OK(omnir_pass_manager_enable_verifier(pm, true));
    CHECK_OK(omnir_pass_manager_enable_multithreading(pm, false));
    CHECK_OK(omnir_pass_manager_enable_timing(pm, true));
    omnir_ir_printing pr;
    memset(&pr, 0, sizeof pr);
    pr.after_all = true;
    pr.flags = omnir_print_flags_default();
    CHECK_OK(omnir_pass_manager_enable_ir_printing(pm, &pr));
    CHECK_OK(omnir_pass_manager_run(ctx, pm, m));
    CHECK(ps.runs == 1 && strcmp(ps.seen_option, "x") == 0);
    char *after = print_copy(ctx, m);
    CHECK_MSG(after && strstr(after, "touched") != NULL, after);
    free(after);
    CHECK_OK(omnir_pass_manager_take_output(pm, &text));
    CHECK_MSG(strstr(text.data, "IR Dump After") != NULL, text.data);
    omnir_string_free(text);
    CHECK_OK(omnir_pass_manager_get_timing_report(pm, true, &text));
    CHECK(text.len > 0);
    omnir_string_free(text);
    CHECK_OK(omnir_pass_manager_destroy(pm));

    /* a failing pass: an error naming the pass and its message. (What the pass changed
     * before failing stays changed, as in MLIR; the header does not say so yet.) */
    ps.fail = true;
    CHECK_OK(omnir_pass_manager_parse(ctx, S("builtin.module(ctest-touch)"), &pm));
    omnir_status st = omnir_pass_manager_run(ctx, pm, m);
    CHECK_MSG(st == OMNIR_ERROR_CALLBACK_FAILED || st == OMNIR_ERROR_VERIFICATION_FAILED, status_name(st));
    CHECK_MSG(strstr(last_error(), "the pass refuses") != NULL, last_error());
    CHECK_OK(omnir_pass_manager_destroy(pm));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* A rewrite pattern run by canonicalize: erases unused test.dead ops. */
static uint32_t erase_dead(void *user_data, omnir_context *ctx, omnir_op op, bool *applied,
                           omnir_callback_message *message) {
    omnir_value r = {0};
    size_t n = 1;
    if (omnir_op_get_result(ctx, op, 0, &r) != OMNIR_OK) return 0;
    if (omnir_value_get_num_uses(ctx, r, &n) != OMNIR_OK || n != 0) return 0;
    if (omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES) != OMNIR_OK) {
        omnir_callback_message_set(message, S("could not erase"));
        return 1;
    }
    *applied = true;
    return 0;
}

static void rewrite_patterns(void) {
    omnir_context *ctx = harness_context();
    CHECK_OK(omnir_rewrite_pattern_register(ctx, S("ctest.erase-dead"), S("test.dead"), 1, erase_dead, NULL, NULL));
    CHECK(omnir_rewrite_pattern_register(ctx, S("ctest.erase-dead"), S("test.dead"), 1, erase_dead, NULL, NULL) !=
          OMNIR_OK);
    omnir_op m = harness_parse(ctx,
                       "\"builtin.module\"() ({\n"
                       "  %0 = \"test.dead\"() : () -> i32\n"
                       "  %1 = \"test.dead\"() : () -> i32\n"
                       "  \"test.use\"(%1) : (i32) -> ()\n"
                       "}) : () -> ()\n");
    omnir_pass_manager *pm = NULL;
    CHECK_OK(omnir_pass_manager_parse(ctx, S("builtin.module(canonicalize)"), &pm));
    CHECK_OK(omnir_pass_manager_run(ctx, pm, m));
    size_t n = 0;
    CHECK_OK(omnir_block_get_num_ops(ctx, harness_body(ctx, m), &n));
    CHECK_MSG(n == 2, "one test.dead erased, the used one kept");
    CHECK_OK(omnir_pass_manager_destroy(pm));
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_verify(void) {
    RUN(structural_errors);
    RUN(parse_verifies);
    RUN(notes_reach_handlers);
    RUN(navigation);
    RUN(uses_and_replacement);
    RUN(properties_and_locations);
    RUN(interfaces);
    RUN(symbol_table_remove_and_unique);
    RUN(options);
    RUN(passes);
    RUN(rewrite_patterns);
}
