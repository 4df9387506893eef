/* MLIR text: parsing modules (generic form), printing with flags, round trips, errors. */
#include "harness.h"

#include <stdlib.h>

static const char MODULE_TEXT[] =
    "\"builtin.module\"() ({\n"
    "  %0 = \"test.constant\"() {value = 42 : i32} : () -> i32\n"
    "  %1:2 = \"test.pair\"(%0) : (i32) -> (i32, f32)\n"
    "  \"test.region\"() ({\n"
    "    \"test.use\"(%1#1) : (f32) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static const char MODULE_CUSTOM_TEXT[] =
    "module {\n"
    "  %0 = \"test.constant\"() {value = 42 : i32} : () -> i32\n"
    "  %1:2 = \"test.pair\"(%0) : (i32) -> (i32, f32)\n"
    "  \"test.region\"() ({\n"
    "    \"test.use\"(%1#1) : (f32) -> ()\n"
    "  }) : () -> ()\n"
    "}\n";

static char *print(omnir_context *ctx, omnir_op op, const omnir_print_flags *flags) {
    static char buf[2][8192];
    static int which;
    char *out = buf[which++ & 1];
    omnir_string s = {0};
    out[0] = '\0';
    if (omnir_op_print(ctx, op, flags, &s) == OMNIR_OK)
        snprintf(out, sizeof buf[0], "%.*s", (int)s.len, (const char *)s.data);
    omnir_string_free(s);
    return out;
}

static bool quiet(void *ud, omnir_context *ctx, const omnir_diagnostic *d) {
    (*(int *)ud)++;
    return true;
}

static void roundtrip(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    omnir_op m;
    CHECK_OK(omnir_module_parse(ctx, S(MODULE_TEXT), S("mod.mlir"), &m));
    /* The generic form is asked for, so this holds whatever form is the default. */
    omnir_print_flags generic = omnir_print_flags_default();
    generic.generic_form = true;
    CHECK_MSG(!strcmp(print(ctx, m, &generic), MODULE_TEXT), print(ctx, m, &generic));
    /* By default builtin.module prints in its custom form, byte for byte as iree-opt prints
     * this input; the unregistered ops inside stay generic. */
    CHECK_MSG(!strcmp(print(ctx, m, NULL), MODULE_CUSTOM_TEXT), print(ctx, m, NULL));
    /* print -> parse -> print is a fixed point, in either form */
    char first[8192];
    snprintf(first, sizeof first, "%s", print(ctx, m, NULL));
    omnir_op m2;
    CHECK_OK(omnir_module_parse(ctx, S(first), S("again.mlir"), &m2));
    CHECK(!strcmp(print(ctx, m2, NULL), first));
    CHECK(!strcmp(print(ctx, m2, &generic), MODULE_TEXT));
    /* locations come from the file name */
    omnir_print_flags flags = omnir_print_flags_default();
    flags.debug_info = true;
    CHECK(strstr(print(ctx, m, &flags), "loc(\"mod.mlir\":2:") != NULL);
    /* top-level ops that are not a module get wrapped in one */
    omnir_op m3;
    CHECK_OK(omnir_module_parse(ctx, S("\"test.a\"() : () -> ()\n\"test.b\"() : () -> ()\n"), S(""), &m3));
    CHECK_STR_OUT("builtin.module", omnir_op_get_name, ctx, m3);
    omnir_region r;
    size_t n;
    omnir_block b;
    CHECK_OK(omnir_op_get_region(ctx, m3, 0, &r));
    CHECK_OK(omnir_region_get_first_block(ctx, r, &b));
    CHECK_OK(omnir_block_get_num_ops(ctx, b, &n));
    CHECK(n == 2);
    /* the custom form of builtin.module is accepted too */
    omnir_op m4;
    CHECK_OK(omnir_module_parse(ctx, S("module {\n  \"test.a\"() : () -> ()\n}\n"), S("c.mlir"), &m4));
    CHECK(!strcmp(print(ctx, m4, NULL), "module {\n  \"test.a\"() : () -> ()\n}\n"));
    /* elision of large elements */
    omnir_op m5;
    CHECK_OK(omnir_module_parse(ctx, S("\"test.c\"() {v = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> ()\n"), S(""), &m5));
    flags = omnir_print_flags_default();
    flags.elide_elements_larger_than = 2;
    CHECK(strstr(print(ctx, m5, &flags), "dense<[1, 2, 3, 4]>") == NULL);
    CHECK(strstr(print(ctx, m5, NULL), "dense<[1, 2, 3, 4]>") != NULL);
    omnir_op mods[5] = {m, m2, m3, m4, m5};
    for (int i = 0; i < 5; i++) CHECK_OK(omnir_op_erase(ctx, mods[i], OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(ctx));
}

static void parse_errors(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    int seen = 0;
    uint64_t handler;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, quiet, &seen, NULL, &handler));
    omnir_op m;
    /* unregistered dialects are refused unless allowed */
    CHECK_STATUS(omnir_module_parse(ctx, S("\"test.a\"() : () -> ()\n"), S("u.mlir"), &m), OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(last_error(), "u.mlir:1:") != NULL, last_error());
    CHECK(seen == 1);
    /* malformed text: rendered error with file:line:col, one diagnostic per error */
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    CHECK_STATUS(omnir_module_parse(ctx, S("\"test.a\"() : () -> (\n"), S("bad.mlir"), &m), OMNIR_ERROR_PARSE_FAILED);
    CHECK(strstr(last_error(), "bad.mlir:") != NULL && strstr(last_error(), "error") != NULL);
    CHECK(seen == 2);
    /* use of an undefined value */
    CHECK_STATUS(omnir_module_parse(ctx, S("\"test.a\"(%x) : (i32) -> ()\n"), S("v.mlir"), &m), OMNIR_ERROR_PARSE_FAILED);
    CHECK(strstr(last_error(), "%x") != NULL);
    /* invalid UTF-8 */
    CHECK_STATUS(omnir_module_parse(ctx, "\"t\xff\"() : () -> ()", 17, S(""), &m),
                 OMNIR_ERROR_INVALID_UTF8);
    /* not NUL-terminated: only `len` bytes are read */
    const char text[] = "\"test.a\"() : () -> ()\nGARBAGE";
    CHECK_OK(omnir_module_parse(ctx, text, strlen(text) - 7, S(""), &m));
    CHECK_OK(omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    /* deep nesting does not overflow the stack (parse, print, verify, erase) */
    enum { DEPTH = 20000 };
    size_t cap = DEPTH * 40 + 100;
    char *deep = malloc(cap), *p = deep;
    for (int i = 0; i < DEPTH; i++) p += sprintf(p, "\"t.r\"() ({\n");
    for (int i = 0; i < DEPTH; i++) p += sprintf(p, "}) : () -> ()\n");
    CHECK_OK(omnir_module_parse(ctx, deep, (size_t)(p - deep), S("deep.mlir"), &m));
    omnir_string s = {0};
    CHECK_OK(omnir_op_print(ctx, m, NULL, &s));
    CHECK(s.len > (size_t)DEPTH * 10);
    omnir_string_free(s);
    CHECK_OK(omnir_op_verify(ctx, m));
    CHECK_OK(omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    free(deep);
    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, handler));
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_asm(void) {
    RUN(roundtrip);
    RUN(parse_errors);
}
