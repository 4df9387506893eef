#include "harness.h"

#include <stdlib.h>

int harness_failed_checks = 0;
long harness_checks = 0;
static int passed = 0, failed = 0;
static const char *current = "?";

void harness_fail(const char *file, int line, const char *expr, const char *detail) {
    harness_failed_checks++;
    fprintf(stderr, "FAIL %s (%s:%d): %s%s%s\n", current, file, line, expr, detail ? ": " : "",
            detail ? detail : "");
}

void harness_run(const char *name, test_fn fn) {
    current = name;
    harness_failed_checks = 0;
    fn();
    if (harness_failed_checks == 0) {
        passed++;
        if (getenv("OMNIR_TEST_VERBOSE")) fprintf(stderr, "ok   %s\n", name);
    } else {
        failed++;
    }
}

const char *status_name(omnir_status st) {
    switch (st) {
    case OMNIR_OK: return "OMNIR_OK";
    case OMNIR_ERROR_STALE_HANDLE: return "OMNIR_ERROR_STALE_HANDLE";
    case OMNIR_ERROR_INVALID_ARGUMENT: return "OMNIR_ERROR_INVALID_ARGUMENT";
    case OMNIR_ERROR_OUT_OF_RANGE: return "OMNIR_ERROR_OUT_OF_RANGE";
    case OMNIR_ERROR_STILL_IN_USE: return "OMNIR_ERROR_STILL_IN_USE";
    case OMNIR_ERROR_CYCLE: return "OMNIR_ERROR_CYCLE";
    case OMNIR_ERROR_VERIFICATION_FAILED: return "OMNIR_ERROR_VERIFICATION_FAILED";
    case OMNIR_ERROR_PARSE_FAILED: return "OMNIR_ERROR_PARSE_FAILED";
    case OMNIR_ERROR_NOT_REGISTERED: return "OMNIR_ERROR_NOT_REGISTERED";
    case OMNIR_ERROR_ALREADY_EXISTS: return "OMNIR_ERROR_ALREADY_EXISTS";
    case OMNIR_ERROR_CALLBACK_FAILED: return "OMNIR_ERROR_CALLBACK_FAILED";
    case OMNIR_ERROR_INTERNAL: return "OMNIR_ERROR_INTERNAL";
    case OMNIR_ERROR_NULL_ARGUMENT: return "OMNIR_ERROR_NULL_ARGUMENT";
    case OMNIR_ERROR_INVALID_UTF8: return "OMNIR_ERROR_INVALID_UTF8";
    case OMNIR_ERROR_BUSY: return "OMNIR_ERROR_BUSY";
    case OMNIR_ERROR_WRONG_CONTEXT: return "OMNIR_ERROR_WRONG_CONTEXT";
    case OMNIR_ERROR_DUPLICATE_CORE: return "OMNIR_ERROR_DUPLICATE_CORE";
    case OMNIR_ERROR_ABI_MISMATCH: return "OMNIR_ERROR_ABI_MISMATCH";
    }
    return "(unknown status)";
}

const char *last_error(void) {
    static char buf[1024];
    omnir_string s = omnir_last_error_message();
    size_t n = s.len < sizeof buf - 1 ? s.len : sizeof buf - 1;
    if (n) memcpy(buf, s.data, n);
    buf[n] = '\0';
    omnir_string_free(s);
    return buf;
}

bool str_is(omnir_string s, const char *expected) {
    size_t n = strlen(expected);
    return s.len == n && (n == 0 || memcmp(s.data, expected, n) == 0);
}

const char *take(omnir_string s) {
    static char bufs[4][8192];
    static int which = 0;
    char *buf = bufs[which++ & 3];
    size_t n = s.len < sizeof bufs[0] - 1 ? s.len : sizeof bufs[0] - 1;
    if (n) memcpy(buf, s.data, n);
    buf[n] = '\0';
    omnir_string_free(s);
    return buf;
}

omnir_context *harness_context(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    return ctx;
}

omnir_op harness_parse(omnir_context *ctx, const char *text) {
    omnir_op m = {0};
    CHECK_OK(omnir_module_parse(ctx, S(text), S("v.mlir"), &m));
    return m;
}

omnir_block harness_body(omnir_context *ctx, omnir_op op) {
    omnir_region r = {0};
    omnir_block b = {0};
    CHECK_OK(omnir_op_get_region(ctx, op, 0, &r));
    CHECK_OK(omnir_region_get_first_block(ctx, r, &b));
    return b;
}

omnir_op harness_nth_op(omnir_context *ctx, omnir_block b, size_t n) {
    omnir_op op = {0};
    CHECK_OK(omnir_block_get_first_op(ctx, b, &op));
    for (size_t i = 0; i < n; i++) CHECK_OK(omnir_op_get_next(ctx, op, &op));
    return op;
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    tests_context();
    tests_types();
    tests_attributes();
    tests_locations();
    tests_asm();
    tests_ir();
    tests_symbols();
    tests_verify();
    tests_analysis();
    tests_diagnostics();
    tests_dialects();
    tests_definitions();
    tests_generated();
    tests_misuse();
    fprintf(stderr, "%ld checks\n", harness_checks);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
