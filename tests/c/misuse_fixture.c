/* The fixture of the misuse matrix (see misuse.h), the hand-written misuse tests, and the
 * lists of the (function, parameter, dimension) cases where the bad-looking argument is in
 * fact allowed by the documentation (an optional out-parameter, a zeroed handle meaning
 * "none"). */
#include "misuse.h"

#include <stdlib.h>

/* The IR every case runs against: a symbol table with a function-like op whose body has two
 * blocks, a result used by a successor operand, attributes and properties, and a registered op
 * with operands (for the operand/result group queries). */
static const char FIXTURE_TEXT[] =
    "\"builtin.module\"() ({\n"
    "  \"test.func\"() <{sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    %0 = \"test.op\"(%arg0) {attr = 1 : i32} : (i32) -> i32\n"
    "    \"test.br\"(%0)[^bb1] : (i32) -> ()\n"
    "  ^bb1:\n"
    "    %1 = \"builtin.unrealized_conversion_cast\"(%arg0) : (i32) -> i64\n"
    "    \"test.return\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

/* Types and attributes suited to the functions whose names start with the prefix (the
 * longest matching prefix wins); parsed in both contexts. */
typedef struct typed_text {
    const char *prefix, *text;
} typed_text;

static const typed_text TYPED_TYPES[] = {
    {"omnir_float_type_", "f32"},
    {"omnir_function_type_", "(i32) -> i32"},
    {"omnir_tuple_type_", "tuple<i32, f32>"},
    {"omnir_vector_type_", "vector<4xf32>"},
    {"omnir_shaped_type_", "tensor<4x?xf32>"},
    {"omnir_type_get_element_type", "tensor<4xf32>"},
    {"omnir_ranked_tensor_type_", "tensor<4xf32>"},
    {"omnir_memref_type_", "memref<4xf32>"},
    {"omnir_opaque_type_", "!foo.bar"},
    {"omnir_type_get_int_or_float_bit_width", "i32"},
    {"omnir_type_get_interface", "none"}, /* implements interface 0: see setup_dialect */
};
static const typed_text TYPED_ATTRS[] = {
    {"omnir_array_attr_", "[1 : i32, 2 : i32]"},
    {"omnir_dictionary_attr_", "{a = 1 : i32}"},
    {"omnir_dense_elements_attr_", "dense<[1, 2]> : tensor<2xi32>"},
    {"omnir_dense_elements_attr_get_double", "dense<[1.0, 2.0]> : tensor<2xf32>"},
    {"omnir_dense_elements_attr_get_string", "dense<[\"a\"]> : tensor<1x!foo.s>"},
    {"omnir_dense_array_attr_", "array<i32: 1, 2>"},
    {"omnir_affine_map_attr_", "affine_map<(d0) -> (d0 + 1)>"},
    {"omnir_integer_set_attr_", "affine_set<(d0) : (d0 >= 0)>"},
    {"omnir_strided_layout_attr_", "strided<[1]>"},
    {"omnir_symbol_ref_attr_", "@f::@g"},
    {"omnir_flat_symbol_ref_attr_", "@f"},
    {"omnir_symbol_lookup_", "@f"},
    {"omnir_string_attr_", "\"s\""},
    {"omnir_float_attr_", "1.0 : f32"},
    {"omnir_bool_attr_", "true"},
    {"omnir_type_attr_", "i32"},
    {"omnir_opaque_attr_", "#foo.bar"},
    {"omnir_dialect_attr_", "[1 : i32]"}, /* (a placeholder: misuse_attribute gives #mx.a) */
    {"omnir_attribute_get_interface", "unit"}, /* implements interface 0: see setup_dialect */
};

static const char *longest_prefix(const typed_text *table, size_t n, const char *fn, size_t *index) {
    const char *best = NULL;
    size_t fn_len = strlen(fn);
    /* constructors (omnir_vector_type_get, omnir_array_attr_get...) take plain arguments */
    if (fn_len > 4 && strcmp(fn + fn_len - 4, "_get") == 0) return NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(table[i].prefix);
        if (len > best_len && strncmp(fn, table[i].prefix, len) == 0) {
            best = table[i].text;
            best_len = len;
            *index = i;
        }
    }
    return best;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool starts(const char *fn, const char *prefix) { return strncmp(fn, prefix, strlen(prefix)) == 0; }

/* ---- cases where a NULL pointer / zeroed handle / other value is documented as fine */

typedef struct allowed_case {
    const char *fn, *param, *dim;
} allowed_case;

/* dim "*" matches every dimension; param "*" every parameter. */
static const allowed_case ALLOWED_OK[] = {
    /* NULL is a documented no-op for every destroy/free function */
    {"omnir_context_destroy", "ctx", "null"},
    {"omnir_operation_state_destroy", "state", "null"},
    {"omnir_symbol_table_destroy", "table", "null"},
    {"omnir_pass_manager_destroy", "pm", "null"},
    {"omnir_diagnostic_list_free", "list", "null"},
    /* optional flags: NULL means the defaults */
    {"omnir_op_print", "flags", "null"},
    {"omnir_block_print", "flags", "null"},
    {"omnir_value_print", "flags", "null"},
    {"omnir_value_print_as_operand", "flags", "null"},
    /* optional out-parameters ("may be NULL") */
    {"omnir_op_get_attribute_at", "out_name", "null"},
    {"omnir_op_remove_attribute", "removed", "null"},
    {"omnir_op_walk", "result", "null"},
    {"omnir_type_get_interface", "vtable", "null"},
    {"omnir_type_get_interface", "user_data", "null"},
    {"omnir_attribute_get_interface", "vtable", "null"},
    {"omnir_attribute_get_interface", "user_data", "null"},
    {"omnir_op_get_interface", "vtable", "null"},
    {"omnir_op_get_interface", "user_data", "null"},
    /* optional inputs: NULL / the zeroed handle means "none" */
    {"omnir_vector_type_get", "scalable", "null"},
    {"omnir_ranked_tensor_type_get", "encoding", "null_handle"},
    {"omnir_memref_type_get", "layout", "null_handle"},
    {"omnir_memref_type_get", "memory_space", "null_handle"},
    {"omnir_unranked_memref_type_get", "memory_space", "null_handle"},
    {"omnir_string_attr_get", "ty", "null_handle"},
    {"omnir_name_loc_get", "child", "null_handle"},
    {"omnir_fused_loc_get", "metadata", "null_handle"},
    {"omnir_operation_state_set_properties", "properties", "null_handle"},
    {"omnir_op_set_properties", "properties", "null_handle"},
    /* MLIR strings hold any bytes */
    {"omnir_string_attr_get", "data", "invalid_utf8"},
    /* liveness queries exist to be asked about stale handles (the answer is false) */
    {"omnir_op_is_live", "op", "stale"},
    {"omnir_block_is_live", "block", "stale"},
    {"omnir_region_is_live", "region", "stale"},
    {"omnir_value_is_live", "value", "stale"},
    /* the state builder checks only the context serial of a location or properties; a forged
     * id is refused by omnir_operation_create (tested in test_ir.c) */
    {"omnir_operation_state_set_location", "location", "forged"},
    {"omnir_operation_state_set_properties", "properties", "forged"},
    {"omnir_operation_state_set_attribute_value", "value", "forged"},
    /* documented optional: NULL `point` is the end of the body, NULL `out_name` skips the name
     * (@f is already in the body: insert only registers it) */
    {"omnir_symbol_table_insert", "point", "null"},
    {"omnir_symbol_table_insert", "out_name", "null"},
    {"omnir_symbol_table_rename_to_unique", "out_name", "null"},
    /* documented: a NULL target means every symbol use in the scope */
    {"omnir_symbol_get_uses", "target", "null"},
    /* no ctx parameter: the state takes its context from the location (a ctx2 location is
     * simply a state of ctx2); only the hand-written repeat gets this far */
    {"omnir_operation_state_create", "location", "wrong_context"},
};

static bool allowed(const char *fn, const char *param, const char *dim) {
    for (size_t i = 0; i < sizeof ALLOWED_OK / sizeof ALLOWED_OK[0]; i++) {
        const allowed_case *a = &ALLOWED_OK[i];
        if (strcmp(a->fn, fn) == 0 && (strcmp(a->param, "*") == 0 || strcmp(a->param, param) == 0) &&
            (strcmp(a->dim, "*") == 0 || strcmp(a->dim, dim) == 0))
            return true;
    }
    return false;
}

/* ---- cases whose exact error code is not the dimension's usual one (expected_for) */

typedef struct expected_case {
    const char *fn, *param, *dim;
    omnir_status status;
    const char *why;
} expected_case;

/* Every entry names the code asserted and why. "masked" entries: the generated call passes
 * an argument the fixture cannot replace (the generator gives every string the empty
 * (pointer, length) "x", 0 and every by-value struct {0}), and the API refuses that argument
 * first; misuse_masked_cases() below repeats those cases with valid arguments. */
static const expected_case EXPECTED[] = {
    /* (b) the API's more specific code, as documented */
    {"omnir_type_get_interface", "ty", "wrong_kind", OMNIR_ERROR_NOT_REGISTERED,
     "a type that does not implement the interface is NOT_REGISTERED (documented)"},
    {"omnir_attribute_get_interface", "attr", "wrong_kind", OMNIR_ERROR_NOT_REGISTERED,
     "an attribute that does not implement the interface is NOT_REGISTERED (documented)"},
    /* (b) objects that exist only during a callback: outside one, the object is refused first */
    {"omnir_callback_message_set", "text", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live callback message outside a callback: the message is refused before the text"},
    {"omnir_callback_message_set", "text", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live callback message outside a callback: the message is refused before the text"},
    {"omnir_pass_options_get", "name", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live pass options outside a running pass: the options are refused before the name"},
    {"omnir_pass_options_get", "name", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live pass options outside a running pass: the options are refused before the name"},
    {"omnir_pass_options_get", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live pass options outside a running pass: the options are refused before out"},
    {"omnir_directive_parser_parse_optional_operand", "found", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_keyword", "keyword", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_keyword", "keyword", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_argument", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_at_operand", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_keyword", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_keyword", "found", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_punct", "punct", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_punct", "punct", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_punct", "punct", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_punct", "punct", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_punct", "found", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_type", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_attribute", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_add_type", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_set_attribute", "attr", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_get_arg_kind", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_write", "text", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_write", "text", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_get_arg", "kind", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_get_arg", "count", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_operand", "index", "out_of_range", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_get_type", "index", "out_of_range", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_get_type", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_get_attribute", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_type", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_attribute", "attr", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_at_successor", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_integer", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_integer", "found", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_string", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_optional_string", "found", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_argument_list", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_parse_argument_list", "count", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_successor", "index", "out_of_range", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_optional_location", "index", "out_of_range", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_printer_print_attribute_without_type", "attr", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive printer outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_set_argument_type", "index", "out_of_range", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_set_argument_type", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_at_keyword", "keyword", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_at_keyword", "keyword", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    {"omnir_directive_parser_at_keyword", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "no live directive parser outside a custom directive's callback: it is refused first"},
    /* masked: empty resource group/key ("must not be empty") */
    {"omnir_context_get_resource", "out_data", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_context_get_resource", "out_alignment", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_context_has_resource", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_context_insert_resource", "data", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_context_insert_resource", "out_key", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_context_set_resource", "data", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty group/key"},
    {"omnir_dense_resource_attr_get", "ctx", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty key"},
    {"omnir_dense_resource_attr_get", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty key"},
    {"omnir_dense_resource_attr_get", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty key"},
    /* masked: empty names, looked up ("'' is not registered") or refused ("must not be empty") */
    {"omnir_dialect_get_allow_unknown_operations", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: dialect ''"},
    {"omnir_dialect_lookup_attribute", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: attribute ''"},
    {"omnir_dialect_lookup_type", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: type ''"},
    {"omnir_option_get_bool", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: option ''"},
    {"omnir_option_get_int", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: option ''"},
    {"omnir_option_get_float", "out", "null", OMNIR_ERROR_NOT_REGISTERED, "masked: option ''"},
    {"omnir_op_set_attribute", "op", "stale", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty attribute name"},
    {"omnir_op_set_attribute", "value", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty attribute name"},
    {"omnir_operation_state_add_attribute", "value", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "masked: empty attribute name"},
    {"omnir_operation_state_create", "location", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT,
     "masked: empty operation name"},
    {"omnir_opaque_attr_get", "ctx", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty dialect"},
    {"omnir_opaque_attr_get", "ty", "wrong_context", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty dialect"},
    {"omnir_opaque_attr_get", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty dialect"},
    {"omnir_opaque_type_get", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty dialect"},
    {"omnir_symbol_table_rename", "symbol", "stale", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty new name"},
    {"omnir_typeid_get", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: empty name"},
    /* masked: a zeroed by-value struct (insertion point: "null block handle"; symbol scope:
     * "needs an operation or a region") */
    {"omnir_op_insert", "op", "stale", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed insertion point"},
    {"omnir_op_move", "op", "stale", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed insertion point"},
    {"omnir_symbol_get_uses", "target", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed scope (checked before target)"},
    {"omnir_symbol_get_uses", "items", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed scope"},
    {"omnir_symbol_known_use_empty", "target", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "masked: zeroed scope (checked before target)"},
    {"omnir_symbol_known_use_empty", "out", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed scope"},
    {"omnir_symbol_replace_all_uses", "target", "null", OMNIR_ERROR_INVALID_ARGUMENT,
     "masked: zeroed scope (checked before target)"},
    {"omnir_symbol_replace_all_uses", "new_name", "null", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed scope"},
    {"omnir_symbol_replace_all_uses", "new_name", "invalid_utf8", OMNIR_ERROR_INVALID_ARGUMENT, "masked: zeroed scope"},
};
static bool expected_used[COUNT(EXPECTED)];

/* The entry of EXPECTED for the case, or NULL. */
static const expected_case *expected_entry(const char *fn, const char *param, const char *dim, size_t *index) {
    for (size_t i = 0; i < COUNT(EXPECTED); i++)
        if (!strcmp(EXPECTED[i].fn, fn) && !strcmp(EXPECTED[i].param, param) && !strcmp(EXPECTED[i].dim, dim)) {
            *index = i;
            return &EXPECTED[i];
        }
    return NULL;
}

/* Cases not run at all (none today; e.g. a function whose misuse cannot be detected). */
static const allowed_case SKIPPED[] = {
    {"", "", ""}, /* placeholder */
};

static bool skipped(const char *fn, const char *param, const char *dim) {
    for (size_t i = 0; i < sizeof SKIPPED / sizeof SKIPPED[0]; i++)
        if (strcmp(SKIPPED[i].fn, fn) == 0 && strcmp(SKIPPED[i].param, param) == 0 &&
            (strcmp(SKIPPED[i].dim, "*") == 0 || strcmp(SKIPPED[i].dim, dim) == 0))
            return true;
    return false;
}

/* ---- scratch memory */

#define SCRATCH_SLOT 1024
static union {
    max_align_t align;
    unsigned char bytes[16 * SCRATCH_SLOT];
} scratch;

void *misuse_scratch(int param) { return scratch.bytes + (size_t)(param % 16) * SCRATCH_SLOT; }

void misuse_release(const char *type, void *slot) {
    if (!strcmp(type, "omnir_string *")) omnir_string_free(*(omnir_string *)slot);
    else if (!strcmp(type, "omnir_bytes *")) omnir_bytes_free(*(omnir_bytes *)slot);
    else if (!strcmp(type, "omnir_context **")) omnir_context_destroy(*(omnir_context **)slot);
    else if (!strcmp(type, "omnir_operation_state **")) omnir_operation_state_destroy(*(omnir_operation_state **)slot);
    else if (!strcmp(type, "omnir_symbol_table **")) omnir_symbol_table_destroy(*(omnir_symbol_table **)slot);
    else if (!strcmp(type, "omnir_pass_manager **")) omnir_pass_manager_destroy(*(omnir_pass_manager **)slot);
    else if (!strcmp(type, "omnir_diagnostic_list **")) omnir_diagnostic_list_free(*(omnir_diagnostic_list **)slot);
}

/* ---- building the fixture */

static bool fx_ok;
#define FX(call)                                                                            \
    do {                                                                                    \
        omnir_status s_ = (call);                                                           \
        if (s_ != OMNIR_OK) {                                                               \
            fprintf(stderr, "misuse fixture: %s failed: %s: %s\n", #call, status_name(s_), \
                    last_error());                                                          \
            fx_ok = false;                                                                  \
            return;                                                                         \
        }                                                                                   \
    } while (0)

static char *print_op(omnir_context *ctx, omnir_op op) {
    omnir_string s = {0};
    if (omnir_op_print(ctx, op, NULL, &s) != OMNIR_OK) return NULL;
    char *copy = malloc(s.len + 1);
    memcpy(copy, s.data, s.len);
    copy[s.len] = '\0';
    omnir_string_free(s);
    return copy;
}

typedef struct parsed_ir {
    omnir_op module, func, op, br, cast, ret;
    omnir_region region;
    omnir_block block, module_block;
    omnir_value value;
    omnir_type type;
    omnir_attribute attribute;
    omnir_location location;
} parsed_ir;

static void parse_fixture(omnir_context *ctx, parsed_ir *ir) {
    FX(omnir_context_set_allow_unregistered_dialects(ctx, true));
    FX(omnir_module_parse(ctx, S(FIXTURE_TEXT), S("fixture.mlir"), &ir->module));
    omnir_region body;
    FX(omnir_op_get_region(ctx, ir->module, 0, &body));
    FX(omnir_region_get_first_block(ctx, body, &ir->module_block));
    FX(omnir_block_get_first_op(ctx, ir->module_block, &ir->func));
    FX(omnir_op_get_region(ctx, ir->func, 0, &ir->region));
    FX(omnir_region_get_first_block(ctx, ir->region, &ir->block));
    FX(omnir_block_get_first_op(ctx, ir->block, &ir->op));
    FX(omnir_op_get_next(ctx, ir->op, &ir->br));
    omnir_block exit;
    FX(omnir_block_get_next(ctx, ir->block, &exit));
    FX(omnir_block_get_first_op(ctx, exit, &ir->cast));
    FX(omnir_block_get_last_op(ctx, exit, &ir->ret));
    FX(omnir_op_get_result(ctx, ir->op, 0, &ir->value));
    FX(omnir_value_get_type(ctx, ir->value, &ir->type));
    FX(omnir_op_get_attribute(ctx, ir->op, S("attr"), &ir->attribute));
    FX(omnir_op_get_location(ctx, ir->op, &ir->location));
}

static void fixture_teardown(misuse_fixture *fx) {
    if (fx->diagnostic_list) omnir_diagnostic_list_free(fx->diagnostic_list);
    if (fx->symbol_table) omnir_symbol_table_destroy(fx->symbol_table);
    if (fx->pass_manager) omnir_pass_manager_destroy(fx->pass_manager);
    if (fx->state) omnir_operation_state_destroy(fx->state);
    omnir_context_destroy(fx->ctx);
    omnir_context_destroy(fx->ctx2);
    free(fx->baseline);
    free(fx->baseline2);
    fx->ctx = fx->ctx2 = NULL;
    fx->state = NULL;
    fx->symbol_table = NULL;
    fx->pass_manager = NULL;
    fx->diagnostic_list = NULL;
    fx->diagnostic = NULL;
    fx->baseline = fx->baseline2 = NULL;
}

/* In context number `c`: a dialect `mx` with a type `!mx.t` and an attribute `#mx.a` of one
 * parameter each, an instance of each (definition id 0, which the generated
 * omnir_dialect_definition_* cases pass, names the first type and attribute definitions of
 * the context: `!mx.t` and `#mx.a` when no shipped dialect is loaded yet, as here; the check
 * below makes sure id 0 names a definition of each kind), and
 * an implementation of interface 0 (the id the generated *_get_interface cases pass)
 * attached to the kinds misuse_type/misuse_attribute/misuse_op give those functions. */
static void setup_dialect(misuse_fixture *fx, int c, omnir_context *ctx, const parsed_ir *ir) {
    omnir_string_view params[1] = {{"p", 1}};
    omnir_type_definition def = {0};
    def.dialect = "mx";
    def.dialect_len = 2;
    def.name = "t";
    def.name_len = 1;
    def.params = params;
    def.num_params = 1;
    uint32_t type_def = 0, attr_def = 0;
    FX(omnir_dialect_register(ctx, S("mx"), false));
    FX(omnir_dialect_register_type(ctx, &def, &type_def));
    def.name = "a";
    FX(omnir_dialect_register_attribute(ctx, &def, &attr_def));
    size_t n0_type = 0, n0_attr = 0;
    if (omnir_dialect_definition_get_num_params(ctx, 0, false, &n0_type) != OMNIR_OK ||
        omnir_dialect_definition_get_num_params(ctx, 0, true, &n0_attr) != OMNIR_OK) {
        fprintf(stderr, "misuse fixture: definition id 0 is not a type and an attribute definition "
                        "(!mx.t has id %u, #mx.a %u)\n",
                (unsigned)type_def, (unsigned)attr_def);
        fx_ok = false;
        return;
    }
    FX(omnir_dialect_type_get(ctx, type_def, &ir->attribute, 1, &fx->dialect_types[c]));
    FX(omnir_dialect_attr_get(ctx, attr_def, &ir->attribute, 1, &fx->dialect_attrs[c]));
    static const uint8_t blob[4] = {1, 2, 3, 4}; /* the resource mx/k */
    FX(omnir_context_set_resource(ctx, S("mx"), S("k"), blob, sizeof blob, 4));

    omnir_interface_impl marker = {0, NULL, NULL, NULL};
    omnir_type none;
    omnir_attribute unit;
    uint32_t kind;
    FX(omnir_none_type_get(ctx, &none));
    FX(omnir_type_get_type_id(ctx, none, &kind));
    FX(omnir_context_attach_interface(ctx, kind, &marker));
    FX(omnir_unit_attr_get(ctx, &unit));
    FX(omnir_attribute_get_type_id(ctx, unit, &kind));
    FX(omnir_context_attach_interface(ctx, kind, &marker));
    FX(omnir_typeid_get(S("test.return"), &kind));
    FX(omnir_context_attach_interface(ctx, kind, &marker));
}

static void fixture_setup(misuse_fixture *fx) {
    fx_ok = true;
    FX(omnir_context_create(&fx->ctx));
    FX(omnir_context_create(&fx->ctx2));

    parsed_ir a, b;
    parse_fixture(fx->ctx, &a);
    if (!fx_ok) return;
    parse_fixture(fx->ctx2, &b);
    if (!fx_ok) return;
    fx->module = a.module;
    fx->op = a.op;
    fx->block = a.block;
    fx->region = a.region;
    fx->value = a.value;
    fx->type = a.type;
    fx->attribute = a.attribute;
    fx->location = a.location;
    fx->module2 = b.module;
    fx->other_op = b.op;
    fx->other_block = b.block;
    fx->other_region = b.region;
    fx->other_value = b.value;
    fx->other_type = b.type;
    fx->other_attribute = b.attribute;
    fx->other_location = b.location;
    FX(omnir_identifier_get(fx->ctx, S("test.ident"), &fx->identifier));
    FX(omnir_identifier_get(fx->ctx2, S("test.ident"), &fx->other_identifier));
    fx->stale_identifier = (omnir_identifier){fx->identifier.context, 0x7ffffff0u};

    /* stale handles: an op with a region holding a block, created detached, then erased */
    omnir_operation_state *st = NULL;
    FX(omnir_operation_state_create(S("test.doomed"), a.location, &st));
    FX(omnir_operation_state_add_results(st, &a.type, 1));
    FX(omnir_operation_state_set_num_regions(st, 1));
    omnir_status s1 = omnir_operation_create(fx->ctx, st, &fx->stale_op);
    omnir_operation_state_destroy(st);
    FX(s1);
    FX(omnir_op_get_result(fx->ctx, fx->stale_op, 0, &fx->stale_value));
    FX(omnir_op_get_region(fx->ctx, fx->stale_op, 0, &fx->stale_region));
    FX(omnir_block_create(fx->ctx, NULL, NULL, 0, &fx->stale_block));
    FX(omnir_region_append_block(fx->ctx, fx->stale_region, fx->stale_block));
    FX(omnir_op_erase(fx->ctx, fx->stale_op, OMNIR_ERASE_REQUIRE_NO_USES));
    /* forged: the right context serial, an id no type/attribute has */
    fx->stale_type = (omnir_type){a.type.context, 0x7ffffff0u};
    fx->stale_attribute = (omnir_attribute){a.attribute.context, 0x7ffffff0u};
    fx->stale_location = (omnir_location){a.location.context, 0x7ffffff0u};

    /* opaque objects */
    FX(omnir_operation_state_create(S("test.state"), a.location, &fx->state));
    /* one attribute, so that omnir_operation_state_set_attribute_value has an index 0 */
    FX(omnir_operation_state_add_attribute(fx->state, S("a"), a.attribute));
    FX(omnir_symbol_table_create(fx->ctx, a.module, &fx->symbol_table));
    FX(omnir_pass_manager_parse(fx->ctx, S("builtin.module(cse)"), &fx->pass_manager));
    uint64_t capture = 0;
    FX(omnir_context_begin_diagnostic_capture(fx->ctx, &capture));
    /* with a note, so that omnir_diagnostic_get_note has an index 0 */
    omnir_diagnostic_note note = {a.location, "note", 4};
    FX(omnir_context_emit_diagnostic(fx->ctx, OMNIR_SEVERITY_WARNING, a.location, S("fixture"), &note, 1));
    FX(omnir_context_end_diagnostic_capture(fx->ctx, capture, &fx->diagnostic_list));
    FX(omnir_diagnostic_list_get(fx->diagnostic_list, 0, &fx->diagnostic));

    /* typed handles, in both contexts */
    omnir_context *ctxs[2] = {fx->ctx, fx->ctx2};
    parsed_ir *irs[2] = {&a, &b};
    for (int c = 0; c < 2; c++) {
        for (size_t i = 0; i < COUNT(TYPED_TYPES); i++)
            FX(omnir_type_parse(ctxs[c], S(TYPED_TYPES[i].text), &fx->types[c][i]));
        for (size_t i = 0; i < COUNT(TYPED_ATTRS); i++)
            FX(omnir_attribute_parse(ctxs[c], S(TYPED_ATTRS[i].text), &fx->attrs[c][i]));
        omnir_location base = irs[c]->location, other;
        FX(omnir_file_line_col_loc_get(ctxs[c], S("other.mlir"), 7, 8, &other));
        omnir_location pair[2] = {base, other};
        FX(omnir_fused_loc_get(ctxs[c], pair, 2, (omnir_attribute){0}, &fx->locs[c][0]));
        FX(omnir_name_loc_get(ctxs[c], S("name"), base, &fx->locs[c][1]));
        FX(omnir_call_site_loc_get(ctxs[c], base, other, &fx->locs[c][2]));
        fx->funcs[c] = irs[c]->func;
        fx->branches[c] = irs[c]->br;
        fx->returns[c] = irs[c]->ret;
        fx->casts[c] = irs[c]->cast;
        fx->module_blocks[c] = irs[c]->module_block;
        setup_dialect(fx, c, ctxs[c], irs[c]);
        if (!fx_ok) return;
        omnir_block next;
        FX(omnir_block_get_next(ctxs[c], irs[c]->block, &next));
        fx->succ_blocks[c] = next;
    }
    fx->flags = omnir_print_flags_default();
    fx->point = (omnir_insertion_point){OMNIR_INSERT_BLOCK_END, a.module_block, {0}};
    fx->target = (omnir_symbol_target){"f", 1, {0}};

    fx->baseline = print_op(fx->ctx, fx->module);
    fx->baseline2 = print_op(fx->ctx2, fx->module2);
    if (!fx->baseline || !fx->baseline2) fx_ok = false;
}

/* Functions of a symbol table that take one of its symbols. */
static const char *const TABLE_SYMBOL_FUNCTIONS[] = {"omnir_symbol_table_insert", "omnir_symbol_table_erase",
                                                     "omnir_symbol_table_remove", "omnir_symbol_table_rename",
                                                     "omnir_symbol_table_rename_to_unique"};

omnir_op misuse_op(misuse_fixture *fx, const char *fn, bool other) {
    int c = other ? 1 : 0;
    for (size_t i = 0; i < COUNT(TABLE_SYMBOL_FUNCTIONS); i++)
        if (!strcmp(fn, TABLE_SYMBOL_FUNCTIONS[i])) return fx->funcs[c];
    /* an op with a region, one with a successor, one with interface 0 attached */
    if (!strcmp(fn, "omnir_op_get_region")) return fx->funcs[c];
    if (!strcmp(fn, "omnir_op_get_successor") || !strcmp(fn, "omnir_op_set_successor")) return fx->branches[c];
    if (!strcmp(fn, "omnir_op_get_interface")) return fx->returns[c];
    /* a registered op with operands and results for the operand/result group queries */
    if (starts(fn, "omnir_op_get_operand_group") || starts(fn, "omnir_op_get_result_group")) return fx->casts[c];
    if (starts(fn, "omnir_symbol_") || starts(fn, "omnir_op_is_symbol_table") ||
        starts(fn, "omnir_op_get_nearest_symbol_table") || starts(fn, "omnir_symbol_table_"))
        return other ? fx->module2 : fx->module;
    if (starts(fn, "omnir_op_get_symbol_") || starts(fn, "omnir_op_set_symbol_"))
        return fx->funcs[other ? 1 : 0];
    return other ? fx->other_op : fx->op;
}

omnir_block misuse_block(misuse_fixture *fx, const char *fn, bool other) {
    if (starts(fn, "omnir_block_get_predecessor")) return fx->succ_blocks[other ? 1 : 0];
    return other ? fx->other_block : fx->block;
}

omnir_region misuse_region(misuse_fixture *fx, const char *fn, bool other) {
    return other ? fx->other_region : fx->region;
}

omnir_value misuse_value(misuse_fixture *fx, const char *fn, bool other) {
    return other ? fx->other_value : fx->value;
}

omnir_type misuse_type(misuse_fixture *fx, const char *fn, bool other) {
    size_t i = 0;
    if (starts(fn, "omnir_dialect_type_") && strcmp(fn, "omnir_dialect_type_get") != 0)
        return fx->dialect_types[other ? 1 : 0];
    if (longest_prefix(TYPED_TYPES, COUNT(TYPED_TYPES), fn, &i)) return fx->types[other ? 1 : 0][i];
    return other ? fx->other_type : fx->type;
}

omnir_attribute misuse_attribute(misuse_fixture *fx, const char *fn, bool other) {
    size_t i = 0;
    if (starts(fn, "omnir_dialect_attr_") && strcmp(fn, "omnir_dialect_attr_get") != 0)
        return fx->dialect_attrs[other ? 1 : 0];
    if (longest_prefix(TYPED_ATTRS, COUNT(TYPED_ATTRS), fn, &i)) return fx->attrs[other ? 1 : 0][i];
    return other ? fx->other_attribute : fx->attribute;
}

omnir_location misuse_location(misuse_fixture *fx, const char *fn, bool other) {
    int c = other ? 1 : 0;
    if (starts(fn, "omnir_fused_loc_get_")) return fx->locs[c][0];
    if (starts(fn, "omnir_name_loc_get_")) return fx->locs[c][1];
    if (starts(fn, "omnir_call_site_loc_get_")) return fx->locs[c][2];
    return other ? fx->other_location : fx->location;
}

omnir_identifier misuse_identifier(misuse_fixture *fx, const char *fn, bool other) {
    (void)fn;
    return other ? fx->other_identifier : fx->identifier;
}

/* ---- wrong kinds */

static const char *const LOCATION_ACCESSORS[] = {"omnir_fused_loc_get_", "omnir_name_loc_get_",
                                                 "omnir_call_site_loc_get_", "omnir_file_line_col_loc_get_"};
static const char *const TABLE_FUNCTIONS[] = {"omnir_symbol_lookup_in", "omnir_symbol_lookup_ref_in",
                                              "omnir_symbol_table_create"};

bool misuse_applies(misuse_fixture *fx, bool applies) {
    if (!applies) fx->not_applicable++;
    return applies;
}

bool misuse_wrong_kind_applies(const char *fn, const char *param, const char *handle) {
    size_t i;
    if (!strcmp(handle, "type"))
        return longest_prefix(TYPED_TYPES, COUNT(TYPED_TYPES), fn, &i) != NULL ||
               (starts(fn, "omnir_dialect_type_") && strcmp(fn, "omnir_dialect_type_get") != 0);
    if (!strcmp(handle, "attribute")) return longest_prefix(TYPED_ATTRS, COUNT(TYPED_ATTRS), fn, &i) != NULL;
    if (!strcmp(handle, "location")) {
        for (i = 0; i < COUNT(LOCATION_ACCESSORS); i++)
            if (starts(fn, LOCATION_ACCESSORS[i])) return true;
        return false;
    }
    if (!strcmp(handle, "op")) {
        for (i = 0; i < COUNT(TABLE_FUNCTIONS); i++)
            if (!strcmp(fn, TABLE_FUNCTIONS[i])) return true;
        return false;
    }
    return false;
}

omnir_op misuse_wrong_op(misuse_fixture *fx, const char *fn) { return fx->op; /* not a symbol table */ }

omnir_type misuse_wrong_type(misuse_fixture *fx, const char *fn) {
    /* a function type, unless the function wants one: then i32 */
    return starts(fn, "omnir_function_type_") ? fx->type : misuse_type(fx, "omnir_function_type_x", false);
}

omnir_attribute misuse_wrong_attribute(misuse_fixture *fx, const char *fn) {
    /* a string attribute, unless the function wants one: then an integer */
    return starts(fn, "omnir_string_attr_") ? fx->attribute : misuse_attribute(fx, "omnir_string_attr_x", false);
}

omnir_location misuse_wrong_location(misuse_fixture *fx, const char *fn) {
    /* a file:line:col location, unless the function wants one: then a fused one */
    return starts(fn, "omnir_file_line_col_loc_get_") ? fx->locs[0][0] : fx->location;
}

static omnir_walk_result walk_advance(void *user_data, omnir_op op) { return OMNIR_WALK_ADVANCE; }
static bool handler_keep(void *user_data, omnir_context *ctx, const omnir_diagnostic *d) { return true; }
static bool type_true(void *user_data, omnir_context *ctx, omnir_type ty) { return true; }
static bool attr_true(void *user_data, omnir_context *ctx, omnir_attribute a) { return true; }
static uint32_t op_verify_ok(void *user_data, omnir_context *ctx, omnir_op op, omnir_callback_message *m) {
    return 0;
}
static uint32_t params_verify_ok(void *user_data, omnir_context *ctx, const omnir_attribute *params, size_t n,
                                 omnir_callback_message *m) {
    return 0;
}
static void free_nothing(void *user_data) {}

void *misuse_callback(misuse_fixture *fx, const char *type_name) {
    /* (data pointers to functions: POSIX guarantees the round trip) */
    union {
        void *p;
        void (*f)(void);
    } u;
    u.f = NULL;
    if (!strcmp(type_name, "omnir_walk_callback")) u.f = (void (*)(void))walk_advance;
    if (!strcmp(type_name, "omnir_diagnostic_handler_fn")) u.f = (void (*)(void))handler_keep;
    if (!strcmp(type_name, "omnir_type_predicate_fn")) u.f = (void (*)(void))type_true;
    if (!strcmp(type_name, "omnir_attribute_predicate_fn")) u.f = (void (*)(void))attr_true;
    if (!strcmp(type_name, "omnir_op_verify_fn")) u.f = (void (*)(void))op_verify_ok;
    if (!strcmp(type_name, "omnir_params_verify_fn")) u.f = (void (*)(void))params_verify_ok;
    if (!strcmp(type_name, "omnir_free_user_data_fn")) u.f = (void (*)(void))free_nothing;
    return u.p;
}

void *misuse_object(misuse_fixture *fx, const char *type_name) {
    if (strcmp(type_name, "omnir_print_flags") == 0) return &fx->flags;
    if (strcmp(type_name, "omnir_value") == 0) return &fx->value;
    if (strcmp(type_name, "omnir_type") == 0) return &fx->type;
    if (strcmp(type_name, "omnir_attribute") == 0) return &fx->attribute;
    if (strcmp(type_name, "omnir_location") == 0) return &fx->location;
    if (strcmp(type_name, "omnir_block") == 0) return &fx->block;
    if (strcmp(type_name, "omnir_operation_state") == 0) return fx->state;
    if (strcmp(type_name, "omnir_symbol_table") == 0) return fx->symbol_table;
    if (strcmp(type_name, "omnir_pass_manager") == 0) return fx->pass_manager;
    if (strcmp(type_name, "omnir_diagnostic_list") == 0) return fx->diagnostic_list;
    if (strcmp(type_name, "omnir_diagnostic") == 0) return (void *)fx->diagnostic;
    if (strcmp(type_name, "omnir_insertion_point") == 0) return &fx->point;
    if (strcmp(type_name, "omnir_symbol_target") == 0) return &fx->target;
    return misuse_scratch(15); /* e.g. omnir_callback_message: only valid inside a callback */
}

/* ---- running a case */

bool misuse_begin(misuse_fixture *fx, const char *fn, const char *param, const char *dim) {
    fx->fn = fn;
    fx->param = param;
    fx->dim = dim;
    if (skipped(fn, param, dim)) {
        fx->skipped++;
        return false;
    }
    memset(scratch.bytes, 0, sizeof scratch.bytes);
    /* input arrays the generated call passes in scratch memory, where zeros are not valid */
    if (!strcmp(fn, "omnir_symbol_table_rename_to_unique")) /* others: another live table */
        *(omnir_symbol_table **)misuse_scratch(3) = fx->symbol_table;
    fx->cases++;
    return true;
}

static void misuse_fail(misuse_fixture *fx, const char *what) {
    char detail[1400];
    snprintf(detail, sizeof detail, "%s(%s = %s): %s", fx->fn, fx->param, fx->dim, what);
    harness_fail(__FILE__, __LINE__, "misuse", detail);
    fx->failures++;
}

static void check_unchanged(misuse_fixture *fx) {
    char *now = print_op(fx->ctx, fx->module);
    char *now2 = print_op(fx->ctx2, fx->module2);
    harness_checks++;
    if (!now || strcmp(now, fx->baseline) != 0) misuse_fail(fx, "the IR changed (ctx)");
    if (!now2 || strcmp(now2, fx->baseline2) != 0) misuse_fail(fx, "the IR changed (ctx2)");
    free(now);
    free(now2);
}

/* The error each dimension should produce when the other arguments are valid. */
static omnir_status expected_for(const char *dim) {
    if (!strcmp(dim, "null")) return OMNIR_ERROR_NULL_ARGUMENT;
    if (!strcmp(dim, "null_handle")) return OMNIR_ERROR_INVALID_ARGUMENT;
    if (!strcmp(dim, "stale")) return OMNIR_ERROR_STALE_HANDLE;
    if (!strcmp(dim, "forged")) return OMNIR_ERROR_INVALID_ARGUMENT;
    if (!strcmp(dim, "wrong_context")) return OMNIR_ERROR_WRONG_CONTEXT;
    if (!strcmp(dim, "invalid_utf8")) return OMNIR_ERROR_INVALID_UTF8;
    if (!strcmp(dim, "out_of_range")) return OMNIR_ERROR_OUT_OF_RANGE;
    if (!strcmp(dim, "wrong_kind")) return OMNIR_ERROR_INVALID_ARGUMENT;
    return OMNIR_OK;
}

void misuse_end_status(misuse_fixture *fx, omnir_status st) {
    harness_checks++;
    if (st == OMNIR_OK) {
        if (allowed(fx->fn, fx->param, fx->dim)) {
            fx->accepted++;
            if (fx->hand_written) { /* queries: the IR must not have changed, keep the fixture */
                check_unchanged(fx);
                return;
            }
            /* a documented success may change the fixture: start again from scratch */
            fixture_teardown(fx);
            fixture_setup(fx);
            if (!fx_ok) misuse_fail(fx, "could not rebuild the fixture");
            return;
        }
        misuse_fail(fx, "accepted (returned OMNIR_OK)");
        return;
    }
    if (st > OMNIR_ERROR_WRONG_CONTEXT) misuse_fail(fx, "returned an unknown status code");
    if (st == OMNIR_ERROR_INTERNAL) {
        char d[1100];
        snprintf(d, sizeof d, "internal error (a caught panic): %s", last_error());
        misuse_fail(fx, d);
    }
    if (omnir_last_error_status() != st) misuse_fail(fx, "omnir_last_error_status() disagrees");
    if (last_error()[0] == '\0') misuse_fail(fx, "no error message");
    /* the exact code: the dimension's, or the one EXPECTED gives this case (not for the
     * hand-written repeats of masked cases, which must give the dimension's) */
    omnir_status expected = expected_for(fx->dim);
    size_t index = 0;
    const expected_case *entry = fx->hand_written ? NULL : expected_entry(fx->fn, fx->param, fx->dim, &index);
    if (entry) {
        expected = entry->status;
        expected_used[index] = true;
    }
    if (st == expected) {
        fx->precise++;
        if (entry) fx->specific++;
    } else {
        char d[1400];
        fx->other_error++;
        snprintf(d, sizeof d, "returned %s, expected %s%s%s%s: %s", status_name(st), status_name(expected),
                 entry ? " (EXPECTED: " : "", entry ? entry->why : "", entry ? ")" : "", last_error());
        misuse_fail(fx, d);
    }
    check_unchanged(fx);
}

void misuse_end_other(misuse_fixture *fx) {
    fx->precise++;
    check_unchanged(fx);
}

/* ---- the masked cases again, with valid strings and structs */

/* Runs a hand-written case: `call` with the one bad argument `param` = `dim`. */
#define HAND_CASE(fx, fn_, param_, dim_, call)                \
    do {                                                     \
        (fx)->fn = fn_;                                      \
        (fx)->param = param_;                                \
        (fx)->dim = dim_;                                    \
        (fx)->hand_written = true;                           \
        (fx)->hand_cases++;                                  \
        memset(scratch.bytes, 0, sizeof scratch.bytes);      \
        misuse_end_status((fx), (call));                     \
        (fx)->hand_written = false;                          \
    } while (0)

/* The EXPECTED cases marked "masked", called with a non-empty name / a valid insertion point
 * or symbol scope, so that the argument under test is the only bad one. */
static void misuse_masked_cases(misuse_fixture *fx) {
    omnir_context *ctx = fx->ctx;
    omnir_type tensor = misuse_type(fx, "omnir_ranked_tensor_type_x", false);
    omnir_type tensor2 = misuse_type(fx, "omnir_ranked_tensor_type_x", true);
    omnir_attribute attr = fx->attribute, attr2 = fx->other_attribute;
    omnir_insertion_point end = fx->point;
    omnir_symbol_scope scope = {fx->module, {0}};
    omnir_symbol_use uses[4];
    size_t count = 0;
    bool flag = false;
    uint32_t u32 = 0;
    omnir_bytes bytes = {0};
    omnir_string str = {0};
    omnir_attribute out_attr;
    omnir_type out_type;
    omnir_operation_state *state = NULL;
    static const uint8_t data[4] = {1, 2, 3, 4};
    (void)bytes;
    (void)str;

    HAND_CASE(fx, "omnir_context_get_resource", "out_data", "null",
              omnir_context_get_resource(ctx, S("mx"), S("k"), NULL, &u32));
    HAND_CASE(fx, "omnir_context_get_resource", "out_alignment", "null",
              omnir_context_get_resource(ctx, S("mx"), S("k"), &bytes, NULL));
    HAND_CASE(fx, "omnir_context_has_resource", "out", "null", omnir_context_has_resource(ctx, S("mx"), S("k"), NULL));
    HAND_CASE(fx, "omnir_context_insert_resource", "data", "null",
              omnir_context_insert_resource(ctx, S("mx"), S("n"), NULL, 1, 1, &str));
    HAND_CASE(fx, "omnir_context_insert_resource", "out_key", "null",
              omnir_context_insert_resource(ctx, S("mx"), S("n"), data, sizeof data, 1, NULL));
    HAND_CASE(fx, "omnir_context_set_resource", "data", "null",
              omnir_context_set_resource(ctx, S("mx"), S("n"), NULL, 1, 1));
    HAND_CASE(fx, "omnir_dense_resource_attr_get", "ctx", "null",
              omnir_dense_resource_attr_get(NULL, tensor, S("k"), &out_attr));
    HAND_CASE(fx, "omnir_dense_resource_attr_get", "ctx", "wrong_context",
              omnir_dense_resource_attr_get(fx->ctx2, tensor, S("k"), &out_attr));
    HAND_CASE(fx, "omnir_dense_resource_attr_get", "ty", "wrong_context",
              omnir_dense_resource_attr_get(ctx, tensor2, S("k"), &out_attr));
    HAND_CASE(fx, "omnir_dense_resource_attr_get", "out", "null",
              omnir_dense_resource_attr_get(ctx, tensor, S("k"), NULL));
    HAND_CASE(fx, "omnir_dialect_get_allow_unknown_operations", "out", "null",
              omnir_dialect_get_allow_unknown_operations(ctx, S("mx"), NULL));
    HAND_CASE(fx, "omnir_dialect_lookup_attribute", "out", "null", omnir_dialect_lookup_attribute(ctx, S("mx.a"), NULL));
    HAND_CASE(fx, "omnir_dialect_lookup_type", "out", "null", omnir_dialect_lookup_type(ctx, S("mx.t"), NULL));
    HAND_CASE(fx, "omnir_op_set_attribute", "op", "stale", omnir_op_set_attribute(ctx, fx->stale_op, S("b"), attr));
    HAND_CASE(fx, "omnir_op_set_attribute", "value", "wrong_context", omnir_op_set_attribute(ctx, fx->op, S("b"), attr2));
    HAND_CASE(fx, "omnir_operation_state_add_attribute", "value", "wrong_context",
              omnir_operation_state_add_attribute(fx->state, S("b"), attr2));
    HAND_CASE(fx, "omnir_opaque_attr_get", "ctx", "null",
              omnir_opaque_attr_get(NULL, S("foo"), S("bar"), fx->type, &out_attr));
    HAND_CASE(fx, "omnir_opaque_attr_get", "ctx", "wrong_context",
              omnir_opaque_attr_get(fx->ctx2, S("foo"), S("bar"), fx->type, &out_attr));
    HAND_CASE(fx, "omnir_opaque_attr_get", "ty", "wrong_context",
              omnir_opaque_attr_get(ctx, S("foo"), S("bar"), fx->other_type, &out_attr));
    HAND_CASE(fx, "omnir_opaque_attr_get", "out", "null", omnir_opaque_attr_get(ctx, S("foo"), S("bar"), fx->type, NULL));
    HAND_CASE(fx, "omnir_opaque_type_get", "ctx", "null", omnir_opaque_type_get(NULL, S("foo"), S("bar"), &out_type));
    HAND_CASE(fx, "omnir_opaque_type_get", "out", "null", omnir_opaque_type_get(ctx, S("foo"), S("bar"), NULL));
    HAND_CASE(fx, "omnir_symbol_table_rename", "symbol", "stale",
              omnir_symbol_table_rename(ctx, fx->symbol_table, fx->stale_op, S("g")));
    HAND_CASE(fx, "omnir_typeid_get", "out", "null", omnir_typeid_get(S("mx.t"), NULL));
    HAND_CASE(fx, "omnir_op_insert", "op", "stale", omnir_op_insert(ctx, fx->stale_op, end));
    HAND_CASE(fx, "omnir_op_move", "op", "stale", omnir_op_move(ctx, fx->stale_op, end));
    HAND_CASE(fx, "omnir_symbol_get_uses", "target", "null",
              omnir_symbol_get_uses(ctx, NULL, scope, uses, COUNT(uses), &count, &flag));
    /* (not omnir_symbol_get_uses(items = NULL, capacity 1): with no use to write, a NULL
     * buffer is accepted, see fill_buffer in core/src/api/ir.rs) */
    HAND_CASE(fx, "omnir_symbol_known_use_empty", "target", "null", omnir_symbol_known_use_empty(ctx, NULL, scope, &flag));
    HAND_CASE(fx, "omnir_symbol_known_use_empty", "out", "null",
              omnir_symbol_known_use_empty(ctx, &fx->target, scope, NULL));
    HAND_CASE(fx, "omnir_symbol_replace_all_uses", "target", "null",
              omnir_symbol_replace_all_uses(ctx, NULL, S("g"), scope));
    HAND_CASE(fx, "omnir_symbol_replace_all_uses", "new_name", "null",
              omnir_symbol_replace_all_uses(ctx, &fx->target, NULL, 1, scope));
    HAND_CASE(fx, "omnir_symbol_replace_all_uses", "new_name", "invalid_utf8",
              omnir_symbol_replace_all_uses(ctx, &fx->target, "\xff\xfe", 2, scope));
    /* last: with a valid name it creates a state, which would then need destroying */
    HAND_CASE(fx, "omnir_operation_state_create", "location", "wrong_context",
              omnir_operation_state_create(S("test.x"), fx->other_location, &state));
    if (state) omnir_operation_state_destroy(state);
}

/* ---- the tests */

static void misuse_matrix(void) {
    misuse_fixture fx;
    memset(&fx, 0, sizeof fx);
    fixture_setup(&fx);
    CHECK_MSG(fx_ok, "the misuse fixture could not be built");
    if (!fx_ok) {
        fixture_teardown(&fx);
        return;
    }
    misuse_run_generated(&fx);
    misuse_masked_cases(&fx);
    for (size_t i = 0; i < COUNT(EXPECTED); i++)
        if (!expected_used[i])
            fprintf(stderr, "misuse matrix: note: EXPECTED names %s(%s = %s), which no case ran\n", EXPECTED[i].fn,
                    EXPECTED[i].param, EXPECTED[i].dim);
    fprintf(stderr,
            "misuse matrix: %zu functions in the header (%zu take a pointer, handle, string or index), %zu cases run (%zu skipped, %zu not applicable): %zu "
            "with the expected error code (%zu of them an EXPECTED code), %zu with another error code, %zu documented successes, "
            "%zu failures; %zu hand-written repeats of masked cases\n",
            misuse_generated_function_count, misuse_generated_covered_count, fx.cases, fx.skipped, fx.not_applicable, fx.precise,
            fx.specific, fx.other_error, fx.accepted, fx.failures, fx.hand_cases);
    CHECK(fx.cases + fx.skipped + fx.not_applicable == misuse_generated_case_count);
    CHECK(fx.other_error == 0 && fx.failures == 0);
    fixture_teardown(&fx);
}

void tests_misuse(void) { RUN(misuse_matrix); }
