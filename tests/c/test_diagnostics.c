/* Diagnostics: handlers (C callbacks with user data and a free function), captures,
 * emission with notes, rendering, re-entrancy rules. */
#include "harness.h"

typedef struct seen_diag {
    int calls;
    int frees;
    bool take;
    omnir_severity severity;
    char message[256];
    char location[256];
    size_t notes;
    omnir_status mutate_status;
    char rendered[1024];
} seen_diag;

static bool record(void *user_data, omnir_context *ctx, const omnir_diagnostic *d) {
    seen_diag *s = user_data;
    s->calls++;
    omnir_diagnostic_get_severity(d, &s->severity);
    const char *msg = NULL;
    size_t len = 0;
    if (omnir_diagnostic_get_message(d, &msg, &len) == OMNIR_OK)
        snprintf(s->message, sizeof s->message, "%.*s", (int)len, (const char *)msg);
    omnir_location loc;
    omnir_string text = {0};
    /* read-only calls on the context work from inside the handler */
    if (omnir_diagnostic_get_location(d, &loc) == OMNIR_OK && omnir_location_print(ctx, loc, &text) == OMNIR_OK)
        snprintf(s->location, sizeof s->location, "%.*s", (int)text.len, (const char *)text.data);
    omnir_string_free(text);
    omnir_diagnostic_get_num_notes(d, &s->notes);
    omnir_string r = {0};
    if (omnir_diagnostic_render(ctx, d, &r) == OMNIR_OK)
        snprintf(s->rendered, sizeof s->rendered, "%.*s", (int)r.len, (const char *)r.data);
    omnir_string_free(r);
    /* ...mutating ones are refused */
    s->mutate_status = omnir_context_set_allow_unregistered_dialects(ctx, true);
    return s->take;
}

static void count_free(void *user_data) { ((seen_diag *)user_data)->frees++; }

static void handler_receives_everything(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    seen_diag s = {.take = true};
    uint64_t id;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, record, &s, count_free, &id));
    omnir_location loc, note_loc;
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("d.mlir"), 5, 7, &loc));
    CHECK_OK(omnir_file_line_col_loc_get(ctx, S("d.mlir"), 1, 1, &note_loc));
    omnir_diagnostic_note note = {note_loc, "see here", 8};
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_ERROR, loc, S("it broke"), &note, 1));
    CHECK(s.calls == 1);
    CHECK(s.severity == OMNIR_SEVERITY_ERROR);
    CHECK(!strcmp(s.message, "it broke"));
    CHECK(!strcmp(s.location, "loc(\"d.mlir\":5:7)"));
    CHECK(s.notes == 1);
    CHECK(strstr(s.rendered, "d.mlir:5:7: error: it broke") != NULL);
    CHECK(strstr(s.rendered, "note: see here") != NULL);
    CHECK(s.mutate_status == OMNIR_ERROR_BUSY);
    CHECK_STATUS(omnir_context_emit_diagnostic(ctx, 42, loc, S("x"), NULL, 0), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK(s.calls == 1);
    /* detaching frees the user data exactly once */
    CHECK(s.frees == 0);
    CHECK_OK(omnir_context_detach_diagnostic_handler(ctx, id));
    CHECK(s.frees == 1);
    CHECK_STATUS(omnir_context_detach_diagnostic_handler(ctx, id), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK(s.frees == 1);
    /* destroying the context frees the user data of handlers still attached */
    seen_diag s2 = {.take = true};
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, record, &s2, count_free, &id));
    CHECK_OK(omnir_context_destroy(ctx));
    CHECK(s2.frees == 1);
    /* a failed attach leaves the user data with the caller */
    seen_diag s3 = {0};
    CHECK_STATUS(omnir_context_attach_diagnostic_handler(NULL, record, &s3, count_free, &id), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK(s3.frees == 0);
}

static void handler_order_and_fallthrough(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    seen_diag older = {.take = true}, newer = {.take = false};
    uint64_t id1, id2;
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, record, &older, NULL, &id1));
    CHECK_OK(omnir_context_attach_diagnostic_handler(ctx, record, &newer, NULL, &id2));
    omnir_location loc;
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_WARNING, loc, S("w"), NULL, 0));
    /* newest first; it declines, so the older one gets it too */
    CHECK(newer.calls == 1 && older.calls == 1);
    newer.take = true;
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_REMARK, loc, S("r"), NULL, 0));
    CHECK(newer.calls == 2 && older.calls == 1);
    CHECK(newer.severity == OMNIR_SEVERITY_REMARK);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void captures(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    omnir_location loc;
    CHECK_OK(omnir_unknown_loc_get(ctx, &loc));
    uint64_t outer, inner;
    CHECK_OK(omnir_context_begin_diagnostic_capture(ctx, &outer));
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_ERROR, loc, S("one"), NULL, 0));
    CHECK_OK(omnir_context_begin_diagnostic_capture(ctx, &inner));
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_WARNING, loc, S("two"), NULL, 0));
    omnir_diagnostic_list *list_inner = NULL, *list_outer = NULL;
    CHECK_OK(omnir_context_end_diagnostic_capture(ctx, inner, &list_inner));
    CHECK_OK(omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_NOTE, loc, S("three"), NULL, 0));
    CHECK_OK(omnir_context_end_diagnostic_capture(ctx, outer, &list_outer));
    size_t n;
    CHECK_OK(omnir_diagnostic_list_get_size(list_inner, &n));
    CHECK(n == 1);
    CHECK_OK(omnir_diagnostic_list_get_size(list_outer, &n));
    CHECK(n == 2);
    const omnir_diagnostic *d;
    CHECK_OK(omnir_diagnostic_list_get(list_outer, 1, &d));
    const char *msg;
    size_t len;
    CHECK_OK(omnir_diagnostic_get_message(d, &msg, &len));
    CHECK(len == 5 && !memcmp(msg, "three", 5));
    CHECK_STATUS(omnir_diagnostic_list_get(list_outer, 2, &d), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_diagnostic_list_free(list_inner));
    CHECK_OK(omnir_diagnostic_list_free(list_outer));
    CHECK_STATUS(omnir_context_end_diagnostic_capture(ctx, outer, &list_outer), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

/* Verifier failures arrive as diagnostics at the offending op. */
static void verifier_diagnostics(void) {
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    /* the verifier is run below, not by the parse */
    CHECK_OK(omnir_context_set_verify_after_parse(ctx, false));
    omnir_op m;
    /* a module with an operand */
    CHECK_OK(omnir_module_parse(ctx,
                                S("\"builtin.module\"() ({\n"
                                  "  %0 = \"test.def\"() : () -> i32\n"
                                  "  \"builtin.module\"(%0) ({\n"
                                  "  ^bb0:\n"
                                  "  }) : (i32) -> ()\n"
                                  "}) : () -> ()\n"),
                                S("dom.mlir"), &m));
    uint64_t cap;
    omnir_diagnostic_list *list = NULL;
    CHECK_OK(omnir_context_begin_diagnostic_capture(ctx, &cap));
    CHECK_STATUS(omnir_op_verify(ctx, m), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK_OK(omnir_context_end_diagnostic_capture(ctx, cap, &list));
    size_t n = 0;
    CHECK_OK(omnir_diagnostic_list_get_size(list, &n));
    CHECK(n >= 1);
    const omnir_diagnostic *d;
    CHECK_OK(omnir_diagnostic_list_get(list, 0, &d));
    omnir_string r = {0};
    CHECK_OK(omnir_diagnostic_render(ctx, d, &r));
    const char *text = take(r);
    CHECK_MSG(strstr(text, "dom.mlir:3:3: error: 'builtin.module' op requires zero operands") != NULL, text);
    CHECK_OK(omnir_diagnostic_list_free(list));
    CHECK_OK(omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(ctx));
}

void tests_diagnostics(void) {
    RUN(handler_receives_everything);
    RUN(handler_order_and_fallthrough);
    RUN(captures);
    RUN(verifier_diagnostics);
}
