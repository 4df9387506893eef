/* Symbols and symbol tables: lookup, uses, renaming, visibility, the cached table. */
#include "harness.h"

static const char SYMBOLS_TEXT[] =
    "\"builtin.module\"() ({\n"
    "  \"test.func\"() {sym_name = \"f\"} : () -> ()\n"
    "  \"test.func\"() {sym_name = \"g\", sym_visibility = \"private\"} : () -> ()\n"
    "  \"test.call\"() {callee = @f} : () -> ()\n"
    "  \"test.call\"() {callee = @f, other = [@g, @f]} : () -> ()\n"
    "}) : () -> ()\n";

typedef struct sym_env {
    omnir_context *ctx;
    omnir_op module, f, g, call1, call2;
} sym_env;

static void sym_init(sym_env *e) {
    CHECK_OK(omnir_context_create(&e->ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(e->ctx, true));
    CHECK_OK(omnir_module_parse(e->ctx, S(SYMBOLS_TEXT), S("sym.mlir"), &e->module));
    omnir_region r;
    omnir_block b;
    omnir_op ops[4];
    size_t n = 0;
    CHECK_OK(omnir_op_get_region(e->ctx, e->module, 0, &r));
    CHECK_OK(omnir_region_get_first_block(e->ctx, r, &b));
    CHECK_OK(omnir_block_get_ops(e->ctx, b, ops, 4, &n));
    CHECK(n == 4);
    e->f = ops[0];
    e->g = ops[1];
    e->call1 = ops[2];
    e->call2 = ops[3];
}

static void sym_free(sym_env *e) {
    CHECK_OK(omnir_op_erase(e->ctx, e->module, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(e->ctx));
}

static void lookup_and_visibility(void) {
    sym_env e;
    sym_init(&e);
    omnir_op found, table;
    bool b;
    CHECK_OK(omnir_op_is_symbol_table(e.ctx, e.module, &b));
    CHECK(b);
    CHECK_OK(omnir_op_get_nearest_symbol_table(e.ctx, e.call1, &table));
    CHECK(omnir_op_equal(table, e.module));
    CHECK_OK(omnir_symbol_lookup_in(e.ctx, e.module, S("g"), &found));
    CHECK(omnir_op_equal(found, e.g));
    CHECK_OK(omnir_symbol_lookup_in(e.ctx, e.module, S("nope"), &found));
    CHECK(omnir_op_is_null(found));
    omnir_attribute callee;
    CHECK_OK(omnir_op_get_attribute(e.ctx, e.call1, S("callee"), &callee));
    CHECK_OK(omnir_symbol_lookup_nearest_from(e.ctx, e.call1, callee, &found));
    CHECK(omnir_op_equal(found, e.f));
    CHECK_OK(omnir_symbol_lookup_ref_in(e.ctx, e.module, callee, &found));
    CHECK(omnir_op_equal(found, e.f));
    CHECK_STR_OUT("g", omnir_op_get_symbol_name, e.ctx, e.g);
    omnir_string none = {0};
    CHECK_OK(omnir_op_get_symbol_name(e.ctx, e.call1, &none));
    CHECK(none.data == NULL); /* not a symbol */
    omnir_visibility vis;
    CHECK_OK(omnir_op_get_symbol_visibility(e.ctx, e.g, &vis));
    CHECK(vis == OMNIR_VISIBILITY_PRIVATE);
    CHECK_OK(omnir_op_get_symbol_visibility(e.ctx, e.f, &vis));
    CHECK(vis == OMNIR_VISIBILITY_PUBLIC);
    CHECK_OK(omnir_op_set_symbol_visibility(e.ctx, e.f, OMNIR_VISIBILITY_NESTED));
    CHECK_OK(omnir_op_get_symbol_visibility(e.ctx, e.f, &vis));
    CHECK(vis == OMNIR_VISIBILITY_NESTED);
    CHECK_STATUS(omnir_op_set_symbol_visibility(e.ctx, e.f, 9), OMNIR_ERROR_INVALID_ARGUMENT);
    /* not a symbol table */
    CHECK_STATUS(omnir_symbol_lookup_in(e.ctx, e.f, S("g"), &found), OMNIR_ERROR_INVALID_ARGUMENT);
    sym_free(&e);
}

static void uses_and_renaming(void) {
    sym_env e;
    sym_init(&e);
    omnir_symbol_target f_target = {"f", 1, {0}};
    omnir_symbol_scope scope = {e.module, {0}};
    omnir_symbol_use uses[8];
    size_t count = 0;
    bool known = false;
    CHECK_OK(omnir_symbol_get_uses(e.ctx, &f_target, scope, uses, 8, &count, &known));
    /* one use per op and distinct reference, as MLIR (its attribute walker skips a
     * reference it has already seen in the same op) */
    CHECK(known && count == 2);
    CHECK(omnir_op_equal(uses[0].user, e.call1) && omnir_op_equal(uses[1].user, e.call2));
    bool empty = true;
    CHECK_OK(omnir_symbol_known_use_empty(e.ctx, &f_target, scope, &empty));
    CHECK(!empty);
    CHECK_OK(omnir_symbol_replace_all_uses(e.ctx, &f_target, S("h"), scope));
    omnir_string s = {0};
    CHECK_OK(omnir_op_print(e.ctx, e.call2, NULL, &s));
    CHECK(strstr(take(s), "{callee = @h, other = [@g, @h]}") != NULL);
    CHECK_OK(omnir_op_set_symbol_name(e.ctx, e.f, S("h")));
    CHECK_STR_OUT("h", omnir_op_get_symbol_name, e.ctx, e.f);
    sym_free(&e);
}

static void symbol_table_object(void) {
    sym_env e;
    sym_init(&e);
    omnir_symbol_table *t = NULL;
    CHECK_OK(omnir_symbol_table_create(e.ctx, e.module, &t));
    size_t n;
    omnir_op found;
    CHECK_OK(omnir_symbol_table_get_size(e.ctx, t, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_symbol_table_lookup(e.ctx, t, S("f"), &found));
    CHECK(omnir_op_equal(found, e.f));
    /* inserting a clone of f: the name is uniqued */
    omnir_op copy;
    CHECK_OK(omnir_op_clone(e.ctx, e.f, &copy));
    omnir_string name = {0};
    CHECK_OK(omnir_symbol_table_insert(e.ctx, t, copy, NULL, &name));
    CHECK_STR(name, "f_0");
    CHECK_OK(omnir_symbol_table_get_size(e.ctx, t, &n));
    CHECK(n == 3);
    CHECK_OK(omnir_symbol_table_rename(e.ctx, t, copy, S("k")));
    CHECK_OK(omnir_symbol_table_lookup(e.ctx, t, S("k"), &found));
    CHECK(omnir_op_equal(found, copy));
    /* renaming onto a taken name is refused and changes nothing */
    CHECK_STATUS(omnir_symbol_table_rename(e.ctx, t, copy, S("g")), OMNIR_ERROR_ALREADY_EXISTS);
    CHECK_OK(omnir_symbol_table_erase(e.ctx, t, copy));
    CHECK_OK(omnir_symbol_table_lookup(e.ctx, t, S("k"), &found));
    CHECK(omnir_op_is_null(found));
    omnir_op got;
    CHECK_OK(omnir_symbol_table_get_op(e.ctx, t, &got));
    CHECK(omnir_op_equal(got, e.module));
    /* a table of one context is refused in another */
    omnir_context *other;
    CHECK_OK(omnir_context_create(&other));
    CHECK_STATUS(omnir_symbol_table_get_size(other, t, &n), OMNIR_ERROR_WRONG_CONTEXT);
    CHECK_OK(omnir_context_destroy(other));
    CHECK_OK(omnir_symbol_table_destroy(t));
    /* a non-symbol-table op cannot make one */
    CHECK_STATUS(omnir_symbol_table_create(e.ctx, e.f, &t), OMNIR_ERROR_INVALID_ARGUMENT);
    sym_free(&e);
}

void tests_symbols(void) {
    RUN(lookup_and_visibility);
    RUN(uses_and_renaming);
    RUN(symbol_table_object);
}
