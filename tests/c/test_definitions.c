/* Dialects as data from C: a definition file (tests/definitions/fmtest.irdl.mlir) loaded with
 * omnir_dialect_load_definitions, its ops read and printed in their custom forms and in the
 * generic form, bad definitions (rendered errors at file:line:col, nothing registered), and
 * the hooks a definition names, written in C: a verifier (omnir.verifier) and custom
 * directives (custom<Name>): a typed operand list and a signature that defines a region's
 * entry block arguments. */
#include "harness.h"

#include <stdlib.h>

/* Diagnostics go to a counter, not stderr: the failures below are expected. */
static bool count_diag(void *ud, omnir_context *ctx, const omnir_diagnostic *d) {
    (*(int *)ud)++;
    return true;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    buf[got] = '\0';
    *len = got;
    return buf;
}

/* The suite runs from the repository root (ci/test-c.sh); OMNIR_DEFINITIONS_DIR overrides. */
static char *read_definition(const char *name, size_t *len) {
    const char *dir = getenv("OMNIR_DEFINITIONS_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/definitions", name);
    char *text = read_file(path, len);
    CHECK_MSG(text != NULL, path);
    return text;
}

static const char *print_with(omnir_context *ctx, omnir_op op, bool generic) {
    omnir_print_flags flags = omnir_print_flags_default();
    flags.generic_form = generic;
    omnir_string s = {0};
    if (omnir_op_print(ctx, op, &flags, &s) != OMNIR_OK) return "";
    return take(s);
}

static bool registered(omnir_context *ctx, const char *dialect) {
    bool yes = false;
    CHECK_OK(omnir_dialect_is_registered(ctx, S(dialect), &yes));
    return yes;
}

static const char FMTEST_TEXT[] =
    "module {\n"
    "  fmtest.func @f {\n"
    "    %0 = constant 1 : i32\n"
    "    %1 = add %0, %0 : i32\n"
    "    %2 = cmp slt, %1, %0 : i32\n"
    "    %3 = constant 0 : index\n"
    "    %4 = step %3\n"
    "    %5 = step %3 by 2\n"
    "    return %1 : i32\n"
    "  }\n"
    "}\n";

static void fmtest_custom_and_generic(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    size_t len = 0;
    char *defs = read_definition("fmtest.irdl.mlir", &len);
    if (!defs) {
        omnir_context_destroy(ctx);
        return;
    }
    CHECK(!registered(ctx, "fmtest"));
    CHECK_OK(omnir_dialect_load_definitions(ctx, defs, len, S("fmtest.irdl.mlir")));
    CHECK(registered(ctx, "fmtest"));
    bool op_known = false;
    CHECK_OK(omnir_dialect_is_operation_registered(ctx, S("fmtest.add"), &op_known));
    CHECK(op_known);

    /* The custom form parses (ops inside fmtest.func need no prefix: its default dialect)
     * and prints back byte for byte, module included. */
    omnir_op m = {0};
    CHECK_OK(omnir_module_parse(ctx, S(FMTEST_TEXT), S("f.mlir"), &m));
    const char *custom = print_with(ctx, m, false);
    CHECK_MSG(!strcmp(custom, FMTEST_TEXT), custom);
    /* The default flags are the custom form. */
    omnir_string dflt = {0};
    CHECK_OK(omnir_op_print(ctx, m, NULL, &dflt));
    CHECK(str_is(dflt, FMTEST_TEXT));
    omnir_string_free(dflt);

    /* The generic form spells every op out, defaults included; it parses back to the same. */
    char generic[4096];
    snprintf(generic, sizeof generic, "%s", print_with(ctx, m, true));
    CHECK_MSG(!strncmp(generic, "\"builtin.module\"() ({\n  \"fmtest.func\"() <{sym_name = \"f\"}> ({\n", 60), generic);
    CHECK_MSG(strstr(generic, "%1 = \"fmtest.add\"(%0, %0) : (i32, i32) -> i32\n") != NULL, generic);
    CHECK_MSG(strstr(generic, "\"fmtest.cmp\"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1") != NULL, generic);
    CHECK_MSG(strstr(generic, "\"fmtest.return\"(%1) : (i32) -> ()") != NULL, generic);
    omnir_op m2 = {0};
    CHECK_OK(omnir_module_parse(ctx, S(generic), S("g.mlir"), &m2));
    CHECK(!strcmp(print_with(ctx, m2, false), FMTEST_TEXT));
    CHECK(!strcmp(print_with(ctx, m2, true), generic));

    /* Constraints of the definition are checked when parsing verifies. */
    int diags = 0;
    uint64_t handler;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, count_diag, &diags, NULL, &handler));
    omnir_op bad = {0};
    CHECK_STATUS(omnir_module_parse(ctx, S("%0 = \"fmtest.add\"() : () -> f32\n"), S("c.mlir"), &bad),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "c.mlir:1:6: error: 'fmtest.add' op") != NULL, last_error());
    CHECK_STATUS(omnir_module_parse(ctx, S("%0 = fmtest.constant 1 : i32\n%1 = fmtest.cmp sle, %0, %0 : i32\n"),
                                    S("e.mlir"), &bad),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "e.mlir:2:") != NULL, last_error());
    CHECK(diags >= 2);
    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, handler));

    CHECK_OK(omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_op_erase(ctx, m2, OMNIR_ERASE_REQUIRE_NO_USES));
    free(defs);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void bad_definitions(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    int diags = 0;
    uint64_t handler;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, count_diag, &diags, NULL, &handler));

    /* An unknown trait: the error points at the operation; nothing of the file registers,
     * not even the dialect or its first, valid operation. */
    const char *trait =
        "irdl.dialect @bad {\n"
        "  irdl.operation @ok {\n"
        "  }\n"
        "  irdl.operation @o attributes {omnir.traits = [\"Nope\"]} {\n"
        "  }\n"
        "}\n";
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S(trait), S("bad.mlir")), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "bad.mlir:4:3: error: unknown trait 'Nope'") != NULL, last_error());
    CHECK(!registered(ctx, "bad"));
    bool known = true;
    CHECK_OK(omnir_dialect_is_operation_registered(ctx, S("bad.ok"), &known));
    CHECK(!known);
    CHECK(diags == 1);

    /* A format that does not compile names the format's problem. */
    const char *format =
        "irdl.dialect @badfmt {\n"
        "  irdl.operation @o attributes {omnir.assembly_format = \"$nope attr-dict\"} {\n"
        "  }\n"
        "}\n";
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S(format), S("fmt.mlir")), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "fmt.mlir:2:3: error: ") != NULL && strstr(last_error(), "nope") != NULL,
              last_error());
    CHECK(!registered(ctx, "badfmt"));

    /* Text that is not IRDL at all is a parse error at its position. */
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S("irdl.dialect @x {\n  irdl.operation\n}\n"), S("syn.mlir")),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "syn.mlir:") != NULL && strstr(last_error(), "error:") != NULL, last_error());
    CHECK(!registered(ctx, "x"));

    /* A dialect already registered: the second load fails and changes nothing. */
    const char *good = "irdl.dialect @good {\n  irdl.operation @o {\n  }\n}\n";
    CHECK_OK(omnir_dialect_load_definitions(ctx, S(good), S("good.mlir")));
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S(good), S("again.mlir")), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "again.mlir:1:1: error: dialect 'good' is already registered") != NULL,
              last_error());
    /* A verifier hook that nobody registered. */
    const char *hook =
        "irdl.dialect @hooked {\n"
        "  irdl.operation @o attributes {omnir.verifier = \"nobody\"} {\n"
        "  }\n"
        "}\n";
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S(hook), S("hook.mlir")), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "hook.mlir:2:3: error: verifier hook 'nobody' is not registered") != NULL,
              last_error());
    CHECK(!registered(ctx, "hooked"));
    /* Arguments are checked like everywhere else. */
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, NULL, 3, S("n.mlir")), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, "\xff", 1, S("u.mlir")), OMNIR_ERROR_INVALID_UTF8);

    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, handler));
    CHECK_OK(omnir_context_destroy(ctx));
}

/* ---- hooks written in C ---- */

static const char HOOKS_DEFS[] =
    "irdl.dialect @ct {\n"
    "  irdl.operation @pack attributes {omnir.assembly_format = \"custom<TypedList>($values, type($values)) "
    "attr-dict\", omnir.verifier = \"ct.nonempty\"} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(values: variadic %0)\n"
    "  }\n"
    "  irdl.operation @fn attributes {omnir.assembly_format = \"$sym_name `` custom<Signature>($function_type, "
    "$body) attr-dict-with-keyword $body\", omnir.traits = [\"Symbol\", \"IsolatedFromAbove\"], "
    "omnir.default_dialect = \"ct\"} {\n"
    "    %s = irdl.any {omnir.constraint = \"SymbolNameAttr\"}\n"
    "    %t = irdl.any {omnir.constraint = \"TypeAttr\"}\n"
    "    %r = irdl.region\n"
    "    irdl.attributes {\"sym_name\" = %s, \"function_type\" = %t}\n"
    "    irdl.regions(body: %r)\n"
    "  }\n"
    "  irdl.operation @add attributes {omnir.assembly_format = \"$lhs `,` $rhs attr-dict `:` type($result)\"} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(lhs: %0, rhs: %0)\n"
    "    irdl.results(result: %0)\n"
    "  }\n"
    "  irdl.operation @return attributes {omnir.assembly_format = \"attr-dict ($operands^ `:` type($operands))?\", "
    "omnir.traits = [\"Terminator\", \"ReturnLike\"]} {\n"
    "    %0 = irdl.any\n"
    "    irdl.operands(operands: variadic %0)\n"
    "  }\n"
    "}\n";

typedef struct hook_counts {
    int verifies, parses, prints, frees;
} hook_counts;

static void count_free(void *ud) { ((hook_counts *)ud)->frees++; }

/* omnir.verifier = "ct.nonempty": an empty pack is refused with the hook's message. */
static uint32_t nonempty(void *ud, omnir_context *ctx, omnir_op op, omnir_callback_message *message) {
    ((hook_counts *)ud)->verifies++;
    size_t n = 0;
    if (omnir_op_get_num_operands(ctx, op, &n) != OMNIR_OK) return 1;
    if (n > 0) return 0;
    omnir_callback_message_set(message, S("needs at least one value"));
    return 1;
}

static bool optional_punct(omnir_directive_parser *p, const char *punct, omnir_status *st) {
    bool found = false;
    *st = omnir_directive_parser_parse_optional_punct(p, S(punct), &found);
    return *st == OMNIR_OK && found;
}

/* custom<TypedList>($values, type($values)): `[%a : i32, %b : f32]`. A failed parser call
 * has reported its error already, so returning non-zero is enough. */
static uint32_t parse_typed_list(void *ud, omnir_context *ctx, omnir_directive_parser *p,
                                 omnir_callback_message *message) {
    ((hook_counts *)ud)->parses++;
    uint32_t kind = 99;
    if (omnir_directive_parser_get_arg_kind(p, 0, &kind) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_OPERANDS ||
        omnir_directive_parser_get_arg_kind(p, 1, &kind) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_TYPES) {
        omnir_callback_message_set(message, S("TypedList needs an operand group and its types"));
        return 1;
    }
    omnir_status st;
    if (omnir_directive_parser_parse_punct(p, S("[")) != OMNIR_OK) return 1;
    if (optional_punct(p, "]", &st)) return 0;
    if (st != OMNIR_OK) return 1;
    do {
        omnir_type t = {0};
        if (omnir_directive_parser_parse_operand(p, 0) != OMNIR_OK ||
            omnir_directive_parser_parse_punct(p, S(":")) != OMNIR_OK ||
            omnir_directive_parser_parse_type(p, &t) != OMNIR_OK || omnir_directive_parser_add_type(p, 1, t) != OMNIR_OK)
            return 1;
    } while (optional_punct(p, ",", &st));
    if (st != OMNIR_OK) return 1;
    return omnir_directive_parser_parse_punct(p, S("]")) != OMNIR_OK;
}

static void print_typed_list(void *ud, omnir_context *ctx, omnir_directive_printer *p) {
    ((hook_counts *)ud)->prints++;
    uint32_t kind = 0;
    size_t n = 0;
    if (omnir_directive_printer_get_arg(p, 0, &kind, &n) != OMNIR_OK) return;
    omnir_directive_printer_write(p, S("["));
    for (size_t i = 0; i < n; i++) {
        omnir_type t = {0};
        if (i > 0) omnir_directive_printer_write(p, S(", "));
        omnir_directive_printer_print_operand(p, 0, i);
        omnir_directive_printer_write(p, S(" : "));
        omnir_directive_printer_get_type(p, 1, i, &t);
        omnir_directive_printer_print_type(p, t);
    }
    omnir_directive_printer_write(p, S("]"));
}

/* custom<Signature>($function_type, $body): `(i32 %a, f32 %b) -> i32`, C style. The names
 * become the body's entry block arguments (parse_argument); the types make the function_type
 * attribute, which the printer reads back. The type comes first because parse_argument takes
 * the argument's type with its name (func.func's `%a: i32` order needs the type afterwards). */
static uint32_t parse_signature(void *ud, omnir_context *ctx, omnir_directive_parser *p,
                                omnir_callback_message *message) {
    ((hook_counts *)ud)->parses++;
    omnir_type inputs[16], results[1], fty = {0};
    size_t n_inputs = 0, n_results = 0;
    omnir_status st;
    if (omnir_directive_parser_parse_punct(p, S("(")) != OMNIR_OK) return 1;
    if (!optional_punct(p, ")", &st)) {
        if (st != OMNIR_OK) return 1;
        do {
            if (n_inputs == 16) {
                omnir_callback_message_set(message, S("at most 16 arguments"));
                return 1;
            }
            omnir_type t = {0};
            if (omnir_directive_parser_parse_type(p, &t) != OMNIR_OK ||
                omnir_directive_parser_parse_argument(p, 1, t) != OMNIR_OK)
                return 1;
            inputs[n_inputs++] = t;
        } while (optional_punct(p, ",", &st));
        if (st != OMNIR_OK || omnir_directive_parser_parse_punct(p, S(")")) != OMNIR_OK) return 1;
    }
    if (optional_punct(p, "->", &st)) {
        if (omnir_directive_parser_parse_type(p, &results[0]) != OMNIR_OK) return 1;
        n_results = 1;
    } else if (st != OMNIR_OK) {
        return 1;
    }
    omnir_attribute attr = {0};
    if (omnir_function_type_get(ctx, inputs, n_inputs, results, n_results, &fty) != OMNIR_OK ||
        omnir_type_attr_get(ctx, fty, &attr) != OMNIR_OK ||
        omnir_directive_parser_set_attribute(p, 0, attr) != OMNIR_OK) {
        omnir_callback_message_set(message, S("could not build the signature"));
        return 1;
    }
    return 0;
}

static void print_signature(void *ud, omnir_context *ctx, omnir_directive_printer *p) {
    ((hook_counts *)ud)->prints++;
    omnir_attribute attr = {0};
    omnir_type fty = {0}, t = {0};
    size_t n_args = 0, n_inputs = 0, n_results = 0;
    uint32_t kind = 0;
    if (omnir_directive_printer_get_attribute(p, 0, &attr) != OMNIR_OK ||
        omnir_type_attr_get_value(ctx, attr, &fty) != OMNIR_OK ||
        omnir_function_type_get_num_inputs(ctx, fty, &n_inputs) != OMNIR_OK ||
        omnir_function_type_get_num_results(ctx, fty, &n_results) != OMNIR_OK ||
        omnir_directive_printer_get_arg(p, 1, &kind, &n_args) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_REGION)
        return;
    omnir_directive_printer_write(p, S("("));
    for (size_t i = 0; i < n_args && i < n_inputs; i++) {
        if (i > 0) omnir_directive_printer_write(p, S(", "));
        omnir_function_type_get_input(ctx, fty, i, &t);
        omnir_directive_printer_print_type(p, t);
        omnir_directive_printer_write(p, S(" "));
        omnir_directive_printer_print_operand(p, 1, i);
    }
    omnir_directive_printer_write(p, S(")"));
    if (n_results == 1 && omnir_function_type_get_result(ctx, fty, 0, &t) == OMNIR_OK) {
        omnir_directive_printer_write(p, S(" -> "));
        omnir_directive_printer_print_type(p, t);
    }
}

static const char HOOKS_TEXT[] =
    "module {\n"
    "  ct.fn @add(i32 %arg0, i32 %arg1) -> i32 {\n"
    "    %0 = add %arg0, %arg1 : i32\n"
    "    pack [%arg0 : i32, %0 : i32]\n"
    "    return %0 : i32\n"
    "  }\n"
    "  ct.fn @one(i32 %arg0) {\n"
    "    pack [%arg0 : i32] {note}\n"
    "    return\n"
    "  }\n"
    "}\n";

/* An empty pack: parses, but the verifier hook refuses it. */
static const char EMPTY_PACK_TEXT[] =
    "ct.fn @empty() {\n"
    "  pack [] {note}\n"
    "  return\n"
    "}\n";

static void hooks_in_c(void) {
    hook_counts counts = {0, 0, 0, 0};
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    int diags = 0;
    uint64_t handler;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, count_diag, &diags, NULL, &handler));

    /* The verifier hook must be there before the definitions that name it. */
    CHECK_STATUS(omnir_dialect_load_definitions(ctx, S(HOOKS_DEFS), S("ct.mlir")), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "ct.mlir:2:3: error: verifier hook 'ct.nonempty' is not registered") != NULL,
              last_error());
    CHECK(!registered(ctx, "ct"));
    CHECK_OK(omnir_verifier_hook_register(ctx, S("ct.nonempty"), nonempty, &counts, NULL));
    CHECK_OK(omnir_dialect_load_definitions(ctx, S(HOOKS_DEFS), S("ct.mlir")));
    /* Directives belong to a registered dialect, so they come after its definitions (and
     * before any text that uses them). */
    CHECK_STATUS(omnir_dialect_register_directive(ctx, S("nodialect"), S("X"), parse_typed_list, print_typed_list,
                                                  &counts, count_free),
                 OMNIR_ERROR_NOT_REGISTERED);
    CHECK_STATUS(omnir_dialect_register_directive(ctx, S("ct"), S("X"), NULL, print_typed_list, &counts, count_free),
                 OMNIR_ERROR_NULL_ARGUMENT);
    CHECK(counts.frees == 0); /* refused: the caller keeps its user data */
    CHECK_OK(omnir_dialect_register_directive(ctx, S("ct"), S("TypedList"), parse_typed_list, print_typed_list,
                                              &counts, count_free));
    CHECK_OK(omnir_dialect_register_directive(ctx, S("ct"), S("Signature"), parse_signature, print_signature,
                                              &counts, count_free));

    /* Custom text round-trips through the C directives; the printer renames %x/%y as MLIR. */
    omnir_op m = {0};
    CHECK_OK(omnir_context_set_verify_after_parse(ctx, false));
    CHECK_OK(omnir_module_parse(ctx, S(HOOKS_TEXT), S("h.mlir"), &m));
    CHECK(counts.parses == 4);
    const char *custom = print_with(ctx, m, false);
    CHECK_MSG(!strcmp(custom, HOOKS_TEXT), custom);
    CHECK(counts.prints == 4);
    char renamed[sizeof HOOKS_TEXT + 16];
    snprintf(renamed, sizeof renamed, "%s", HOOKS_TEXT);
    for (char *at; (at = strstr(renamed, "%arg0")) != NULL;) memcpy(at, "%xxx0", 5);
    omnir_op m_renamed = {0};
    CHECK_OK(omnir_module_parse(ctx, S(renamed), S("r.mlir"), &m_renamed));
    CHECK(!strcmp(print_with(ctx, m_renamed, false), HOOKS_TEXT));

    /* The generic form: the directive's parts as operands, types, the function_type
     * attribute and an entry block label with the arguments. */
    char generic[4096];
    snprintf(generic, sizeof generic, "%s", print_with(ctx, m, true));
    /* Entry block arguments are numbered as mlir-opt does in the generic form: the regions of
     * the module's ops are named last to first, the @add's arguments after @one's %arg0. */
    CHECK_MSG(strstr(generic, "\"ct.fn\"() <{function_type = (i32, i32) -> i32, sym_name = \"add\"}> ({\n"
                              "  ^bb0(%arg1: i32, %arg2: i32):\n") != NULL,
              generic);
    CHECK_MSG(strstr(generic, "\"ct.pack\"(%arg1, %0) : (i32, i32) -> ()") != NULL, generic);
    CHECK_MSG(strstr(generic, "\"ct.fn\"() <{function_type = (i32) -> (), sym_name = \"one\"}> ({\n"
                              "  ^bb0(%arg0: i32):\n") != NULL,
              generic);
    CHECK_MSG(strstr(generic, "\"ct.pack\"(%arg0) {note} : (i32) -> ()") != NULL, generic);
    omnir_op m_generic = {0};
    CHECK_OK(omnir_module_parse(ctx, S(generic), S("g.mlir"), &m_generic));
    CHECK(!strcmp(print_with(ctx, m_generic, false), HOOKS_TEXT));

    /* The verifier hook runs after the definition's own checks: the valid module passes it,
     * the empty pack fails with its message, reported at the op. */
    int before = counts.verifies;
    CHECK_OK(omnir_op_verify(ctx, m));
    CHECK(counts.verifies > before);
    omnir_op m_empty = {0};
    CHECK_OK(omnir_module_parse(ctx, S(EMPTY_PACK_TEXT), S("e.mlir"), &m_empty));
    CHECK(counts.parses == 4 + 4 + 2); /* m, m_renamed (m_generic is generic text), m_empty */
    before = counts.verifies;
    CHECK_STATUS(omnir_op_verify(ctx, m_empty), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK(counts.verifies > before);
    CHECK_MSG(strstr(last_error(), "'ct.pack' op needs at least one value") != NULL, last_error());
    /* An op that fails to verify prints in the generic form, as in MLIR: no directive
     * printer runs. */
    int prints = counts.prints;
    CHECK_MSG(!strcmp(print_with(ctx, m_empty, false),
                      "\"builtin.module\"() ({\n"
                      "  \"ct.fn\"() <{function_type = () -> (), sym_name = \"empty\"}> ({\n"
                      "    \"ct.pack\"() {note} : () -> ()\n"
                      "    \"ct.return\"() : () -> ()\n"
                      "  }) : () -> ()\n"
                      "}) : () -> ()\n"),
              print_with(ctx, m_empty, false));
    CHECK(counts.prints == prints);
    CHECK_OK(omnir_context_set_verify_after_parse(ctx, true));
    omnir_op v = {0};
    CHECK_STATUS(omnir_module_parse(ctx, S("ct.fn @f() {\n  ct.pack []\n  return\n}\n"), S("v.mlir"), &v),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "v.mlir:2:3: error: 'ct.pack' op needs at least one value") != NULL, last_error());

    /* Errors inside a directive point into the text: a parser function's own error, and a
     * message the callback sets. */
    CHECK_STATUS(omnir_module_parse(ctx, S("ct.fn @f(i32 %a) {\n  ct.pack [%a i32]\n  return\n}\n"), S("p.mlir"), &v),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "p.mlir:2:14: error: expected ':'") != NULL, last_error());
    CHECK_STATUS(omnir_module_parse(ctx, S("ct.fn @f(i32 %a) {\n  return %b : i32\n}\n"), S("u.mlir"), &v),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "use of undeclared SSA value name") != NULL, last_error());

    /* Outside their callbacks, parser and printer objects do not exist. */
    CHECK_STATUS(omnir_directive_parser_parse_punct(NULL, S("(")), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(omnir_directive_printer_write(NULL, S("x")), OMNIR_ERROR_NULL_ARGUMENT);

    omnir_op mods[4] = {m, m_renamed, m_generic, m_empty};
    for (int i = 0; i < 4; i++) CHECK_OK(omnir_op_erase(ctx, mods[i], OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, handler));
    CHECK_OK(omnir_context_destroy(ctx));
    /* Both directives shared the one user data; the context freed it once per registration. */
    CHECK(counts.frees == 2);
}

/* ---- successors, integers, strings, argument lists and newlines in C directives ---- */

static const char CS_DEFS[] =
    "irdl.dialect @cs {\n"
    "  irdl.operation @jump attributes {omnir.assembly_format = \"custom<Target>($dest, $weight) attr-dict\", "
    "omnir.successors = [\"dest\"], omnir.traits = [\"Terminator\"], omnir.optional_attributes = [\"weight\"]} {\n"
    "    %w = irdl.any {omnir.constraint = \"I64Attr\"}\n"
    "    irdl.attributes {\"weight\" = %w}\n"
    "  }\n"
    "  irdl.operation @table attributes {omnir.assembly_format = \"custom<Table>($entries, $label) attr-dict\", "
    "omnir.optional_attributes = [\"label\"]} {\n"
    "    %e = irdl.any {omnir.constraint = \"ArrayAttr\"}\n"
    "    %l = irdl.any {omnir.constraint = \"StrAttr\"}\n"
    "    irdl.attributes {\"entries\" = %e, \"label\" = %l}\n"
    "  }\n"
    "  irdl.operation @scope attributes {omnir.assembly_format = \"custom<Args>($body) attr-dict-with-keyword $body\", "
    "omnir.traits = [\"NoTerminator\"]} {\n"
    "    %r = irdl.region\n"
    "    irdl.regions(body: %r)\n"
    "  }\n"
    "}\n";

/* custom<Target>($dest, $weight): `^bb1` or `^bb1 weight 3`. */
static uint32_t parse_target(void *ud, omnir_context *ctx, omnir_directive_parser *p, omnir_callback_message *m) {
    (void)ud;
    uint32_t kind = 0;
    if (omnir_directive_parser_get_arg_kind(p, 0, &kind) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_SUCCESSORS) {
        omnir_callback_message_set(m, S("Target needs a successor"));
        return 1;
    }
    bool at = false;
    if (omnir_directive_parser_at_successor(p, &at) != OMNIR_OK || !at) {
        omnir_callback_message_set(m, S("expected a block name"));
        return 1;
    }
    if (omnir_directive_parser_parse_successor(p, 0) != OMNIR_OK) return 1;
    bool found = false;
    if (omnir_directive_parser_at_keyword(p, S("weight"), &found) != OMNIR_OK) return 1;
    if (!found) return 0;
    if (omnir_directive_parser_parse_keyword(p, S("weight")) != OMNIR_OK) return 1;
    int64_t w = 0;
    if (omnir_directive_parser_parse_optional_integer(p, &w, &found) != OMNIR_OK) return 1;
    if (!found) {
        omnir_callback_message_set(m, S("expected a weight"));
        return 1;
    }
    omnir_type i64 = {0};
    omnir_attribute a = {0};
    if (omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64) != OMNIR_OK ||
        omnir_integer_attr_get(ctx, i64, w, &a) != OMNIR_OK)
        return 1;
    return omnir_directive_parser_set_attribute(p, 1, a) != OMNIR_OK;
}

static void print_target(void *ud, omnir_context *ctx, omnir_directive_printer *p) {
    (void)ud;
    (void)ctx;
    uint32_t kind = 0;
    size_t n = 0;
    if (omnir_directive_printer_get_arg(p, 0, &kind, &n) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_SUCCESSORS || n != 1)
        return;
    omnir_directive_printer_print_successor(p, 0, 0);
    omnir_attribute w = {0};
    if (omnir_directive_printer_get_attribute(p, 1, &w) == OMNIR_OK && w.id != 0) {
        omnir_directive_printer_write(p, S(" weight "));
        omnir_directive_printer_print_attribute_without_type(p, w);
    }
}

/* custom<Table>($entries, $label): an optional "label", then `[` one integer per line `]`. */
static uint32_t parse_table(void *ud, omnir_context *ctx, omnir_directive_parser *p, omnir_callback_message *m) {
    (void)ud;
    omnir_string label = {0};
    bool found = false;
    if (omnir_directive_parser_parse_optional_string(p, &label, &found) != OMNIR_OK) return 1;
    if (found) {
        omnir_attribute la = {0};
        omnir_type untyped = {0};
        omnir_status st = omnir_string_attr_get(ctx, (const char *)label.data, label.len, untyped, &la);
        omnir_string_free(label);
        if (st != OMNIR_OK || omnir_directive_parser_set_attribute(p, 1, la) != OMNIR_OK) return 1;
    } else {
        omnir_string_free(label);
    }
    if (omnir_directive_parser_parse_punct(p, S("[")) != OMNIR_OK) return 1;
    omnir_attribute items[16];
    size_t n = 0;
    omnir_type i64 = {0};
    if (omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64) != OMNIR_OK) return 1;
    omnir_status st;
    do {
        int64_t v = 0;
        if (omnir_directive_parser_parse_optional_integer(p, &v, &found) != OMNIR_OK) return 1;
        if (!found) break;
        if (n == 16) {
            omnir_callback_message_set(m, S("at most 16 entries"));
            return 1;
        }
        if (omnir_integer_attr_get(ctx, i64, v, &items[n++]) != OMNIR_OK) return 1;
    } while (optional_punct(p, ",", &st));
    if (omnir_directive_parser_parse_punct(p, S("]")) != OMNIR_OK) return 1;
    omnir_attribute arr = {0};
    if (omnir_array_attr_get(ctx, items, n, &arr) != OMNIR_OK) return 1;
    return omnir_directive_parser_set_attribute(p, 0, arr) != OMNIR_OK;
}

static void print_table(void *ud, omnir_context *ctx, omnir_directive_printer *p) {
    (void)ud;
    omnir_attribute label = {0}, arr = {0};
    if (omnir_directive_printer_get_attribute(p, 1, &label) == OMNIR_OK && label.id != 0) {
        omnir_directive_printer_print_attribute(p, label);
        omnir_directive_printer_write(p, S(" "));
    }
    if (omnir_directive_printer_get_attribute(p, 0, &arr) != OMNIR_OK) return;
    size_t n = 0;
    omnir_array_attr_get_num_elements(ctx, arr, &n);
    omnir_directive_printer_write(p, S("["));
    for (size_t i = 0; i < n; i++) {
        omnir_attribute e = {0};
        omnir_array_attr_get_element(ctx, arr, i, &e);
        omnir_directive_printer_print_newline(p);
        omnir_directive_printer_write(p, S("  "));
        omnir_directive_printer_print_attribute_without_type(p, e);
        if (i + 1 < n) omnir_directive_printer_write(p, S(","));
    }
    omnir_directive_printer_print_newline(p);
    omnir_directive_printer_write(p, S("]"));
}

/* custom<Args>($body): `(%a, %b) : i32`, the body's entry block arguments, all of one type. */
static uint32_t parse_args(void *ud, omnir_context *ctx, omnir_directive_parser *p, omnir_callback_message *m) {
    (void)ud;
    (void)ctx;
    (void)m;
    size_t n = 0;
    omnir_type none = {0}, t = {0};
    if (omnir_directive_parser_parse_argument_list(p, 0, none, &n) != OMNIR_OK) return 1;
    if (omnir_directive_parser_parse_punct(p, S(":")) != OMNIR_OK || omnir_directive_parser_parse_type(p, &t) != OMNIR_OK)
        return 1;
    for (size_t i = 0; i < n; i++)
        if (omnir_directive_parser_set_argument_type(p, 0, i, t) != OMNIR_OK) return 1;
    return 0;
}

static void print_args(void *ud, omnir_context *ctx, omnir_directive_printer *p) {
    (void)ud;
    uint32_t kind = 0;
    size_t n = 0;
    omnir_type t = {0};
    if (omnir_directive_printer_get_arg(p, 0, &kind, &n) != OMNIR_OK || kind != OMNIR_DIRECTIVE_ARG_REGION) return;
    omnir_directive_printer_write(p, S("("));
    for (size_t i = 0; i < n; i++) {
        if (i > 0) omnir_directive_printer_write(p, S(", "));
        omnir_directive_printer_print_operand(p, 0, i);
        omnir_directive_printer_print_optional_location(p, 0, i);
    }
    omnir_directive_printer_write(p, S(") : "));
    if (n > 0 && omnir_directive_printer_get_type(p, 0, 0, &t) == OMNIR_OK) omnir_directive_printer_print_type(p, t);
    (void)ctx;
}

static const char CS_TEXT[] =
    "module {\n"
    "  cs.scope (%arg0, %arg1) : i32 {\n"
    "    cs.table \"primes\" [\n"
    "      2,\n"
    "      3\n"
    "    ]\n"
    "    cs.table [\n"
    "    ]\n"
    "    \"test.region\"() ({\n"
    "      cs.jump ^bb1 weight 3\n"
    "    ^bb1:  // 2 preds: ^bb0, ^bb1\n"
    "      cs.jump ^bb1\n"
    "    }) : () -> ()\n"
    "  }\n"
    "}\n";

static void successor_and_integer_directives_in_c(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    CHECK_OK(omnir_dialect_load_definitions(ctx, S(CS_DEFS), S("cs.mlir")));
    CHECK_OK(omnir_dialect_register_directive(ctx, S("cs"), S("Target"), parse_target, print_target, NULL, NULL));
    CHECK_OK(omnir_dialect_register_directive(ctx, S("cs"), S("Table"), parse_table, print_table, NULL, NULL));
    CHECK_OK(omnir_dialect_register_directive(ctx, S("cs"), S("Args"), parse_args, print_args, NULL, NULL));
    omnir_op m = {0};
    CHECK_OK(omnir_module_parse(ctx, S(CS_TEXT), S("cs.mlir"), &m));
    CHECK_MSG(!strcmp(print_with(ctx, m, false), CS_TEXT), print_with(ctx, m, false));
    /* What the directives read: a successor operand, an i64 weight, the table's entries
     * and label, and two i32 arguments of the scope's body. */
    const char *generic = print_with(ctx, m, true);
    CHECK_MSG(strstr(generic, "\"cs.jump\"()[^bb1] <{weight = 3 : i64}> : () -> ()") != NULL, generic);
    CHECK_MSG(strstr(generic, "<{entries = [2, 3], label = \"primes\"}>") != NULL, generic);
    CHECK_MSG(strstr(generic, "^bb0(%arg0: i32, %arg1: i32):") != NULL, generic);
    /* Errors from the new calls point into the text. */
    omnir_op bad = {0};
    CHECK_STATUS(omnir_module_parse(ctx, S("\"test.r\"() ({\n  cs.jump 3\n}) : () -> ()\n"), S("j.mlir"), &bad),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "j.mlir:2:") != NULL && strstr(last_error(), "expected a block name") != NULL,
              last_error());
    CHECK_STATUS(omnir_module_parse(ctx, S("cs.table [99999999999999999999]\n"), S("t.mlir"), &bad),
                 OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "t.mlir:1:") != NULL, last_error());
    CHECK_OK(omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_definitions(void) {
    RUN(fmtest_custom_and_generic);
    RUN(bad_definitions);
    RUN(hooks_in_c);
    RUN(successor_and_integer_directives_in_c);
}
