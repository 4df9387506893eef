/* IR through the C API: the operation-state builder, navigation, walks, mutation (insert,
 * move, detach, erase, clone, replace uses), stale handles and the rules that keep a failed
 * mutation from changing anything. */
#include "harness.h"

typedef struct ir_env {
    omnir_context *ctx;
    omnir_location loc;
    omnir_type i32, f32;
    omnir_op module;
    omnir_block top; /* the module's block */
} ir_env;

static char *print_op(omnir_context *ctx, omnir_op op) {
    static char buf[4][8192];
    static int which;
    char *out = buf[which++ & 3];
    omnir_string s = {0};
    /* The texts compared here are generic; asking for that form keeps them independent of
     * the default (builtin.module's custom form). */
    omnir_print_flags generic = omnir_print_flags_default();
    generic.generic_form = true;
    omnir_status st = omnir_op_print(ctx, op, &generic, &s);
    snprintf(out, sizeof buf[0], "%.*s", st == OMNIR_OK ? (int)s.len : 0, st == OMNIR_OK ? (const char *)s.data : "");
    omnir_string_free(s);
    return out;
}

static omnir_op make_op(ir_env *e, const char *name, const omnir_value *operands, size_t n_operands,
                        const omnir_type *results, size_t n_results, size_t n_regions) {
    omnir_operation_state *st = NULL;
    omnir_op op = {0};
    CHECK_OK(omnir_operation_state_create(S(name), e->loc, &st));
    CHECK_OK(omnir_operation_state_add_operands(st, operands, n_operands));
    CHECK_OK(omnir_operation_state_add_results(st, results, n_results));
    CHECK_OK(omnir_operation_state_set_num_regions(st, n_regions));
    CHECK_OK(omnir_operation_create(e->ctx, st, &op));
    CHECK_OK(omnir_operation_state_destroy(st));
    return op;
}

static omnir_insertion_point at_end(omnir_block b) { return (omnir_insertion_point){OMNIR_INSERT_BLOCK_END, b, {0}}; }
static omnir_insertion_point before(omnir_op op) { return (omnir_insertion_point){OMNIR_INSERT_BEFORE_OP, {0}, op}; }

static void env_init(ir_env *e) {
    memset(e, 0, sizeof *e);
    CHECK_OK(omnir_context_create(&e->ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(e->ctx, true));
    CHECK_OK(omnir_file_line_col_loc_get(e->ctx, S("ir.c"), 1, 1, &e->loc));
    CHECK_OK(omnir_integer_type_get(e->ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &e->i32));
    CHECK_OK(omnir_float_type_get(e->ctx, OMNIR_FLOAT_KIND_F32, &e->f32));
    e->module = make_op(e, "builtin.module", NULL, 0, NULL, 0, 1);
    omnir_region body;
    CHECK_OK(omnir_op_get_region(e->ctx, e->module, 0, &body));
    CHECK_OK(omnir_block_create(e->ctx, NULL, NULL, 0, &e->top));
    CHECK_OK(omnir_region_append_block(e->ctx, body, e->top));
}

static void env_free(ir_env *e) {
    /* erasing the detached module frees it; the context frees anything left */
    CHECK_OK(omnir_op_erase(e->ctx, e->module, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(e->ctx));
}

/* func(%a: i32, %b: i32) { %0 = add %a, %b; ret %0 } inside the module */
typedef struct func_ir {
    omnir_op func, add, ret;
    omnir_block entry;
    omnir_value a, b, sum;
} func_ir;

static func_ir build_func(ir_env *e) {
    func_ir f;
    f.func = make_op(e, "test.func", NULL, 0, NULL, 0, 1);
    CHECK_OK(omnir_op_insert(e->ctx, f.func, at_end(e->top)));
    omnir_region r;
    CHECK_OK(omnir_op_get_region(e->ctx, f.func, 0, &r));
    omnir_type args[2] = {e->i32, e->i32};
    omnir_location locs[2] = {e->loc, e->loc};
    CHECK_OK(omnir_block_create(e->ctx, args, locs, 2, &f.entry));
    CHECK_OK(omnir_region_append_block(e->ctx, r, f.entry));
    CHECK_OK(omnir_block_get_argument(e->ctx, f.entry, 0, &f.a));
    CHECK_OK(omnir_block_get_argument(e->ctx, f.entry, 1, &f.b));
    omnir_value ab[2] = {f.a, f.b};
    f.add = make_op(e, "test.add", ab, 2, &e->i32, 1, 0);
    CHECK_OK(omnir_op_insert(e->ctx, f.add, at_end(f.entry)));
    CHECK_OK(omnir_op_get_result(e->ctx, f.add, 0, &f.sum));
    f.ret = make_op(e, "test.ret", &f.sum, 1, NULL, 0, 0);
    CHECK_OK(omnir_op_insert(e->ctx, f.ret, at_end(f.entry)));
    return f;
}

static const char FUNC_TEXT[] =
    "\"builtin.module\"() ({\n"
    "  \"test.func\"() ({\n"
    "  ^bb0(%arg0: i32, %arg1: i32):\n"
    "    %0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32\n"
    "    \"test.ret\"(%0) : (i32) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static void build_and_print(void) {
    ir_env e;
    env_init(&e);
    func_ir f = build_func(&e);
    CHECK_MSG(!strcmp(print_op(e.ctx, e.module), FUNC_TEXT), print_op(e.ctx, e.module));
    /* The default is upstream's: `module {` (as iree-opt prints FUNC_TEXT), the unregistered
     * ops inside in the generic form. */
    omnir_string dflt = {0};
    CHECK_OK(omnir_op_print(e.ctx, e.module, NULL, &dflt));
    CHECK_MSG(!strcmp(take(dflt), "module {\n"
                                  "  \"test.func\"() ({\n"
                                  "  ^bb0(%arg0: i32, %arg1: i32):\n"
                                  "    %0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32\n"
                                  "    \"test.ret\"(%0) : (i32) -> ()\n"
                                  "  }) : () -> ()\n"
                                  "}\n"),
              "module printed wrong by default");
    /* a nested op prints alone */
    CHECK(!strcmp(print_op(e.ctx, f.add), "%0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32"));
    /* a block and a value print as MLIR's Block::print and Value::print */
    omnir_string text = {0};
    CHECK_OK(omnir_block_print(e.ctx, f.entry, NULL, &text));
    CHECK_MSG(!strcmp(take(text), "^bb0(%arg0: i32, %arg1: i32):\n  %0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32\n"
                                  "  \"test.ret\"(%0) : (i32) -> ()\n"),
              "block printed wrong");
    CHECK_OK(omnir_value_print(e.ctx, f.sum, NULL, &text));
    CHECK(!strcmp(take(text), "%0 = \"test.add\"(%arg0, %arg1) : (i32, i32) -> i32"));
    CHECK_OK(omnir_value_print(e.ctx, f.b, NULL, &text));
    CHECK(!strcmp(take(text), "<block argument> of type 'i32' at index: 1"));
    /* debug info */
    omnir_print_flags flags = omnir_print_flags_default();
    flags.debug_info = true;
    omnir_string s = {0};
    CHECK_OK(omnir_op_print(e.ctx, f.ret, &flags, &s));
    CHECK(strstr(take(s), "loc(\"ir.c\":1:1)") != NULL);
    /* Ops without an assembly format print in the generic form either way. */
    flags = omnir_print_flags_default();
    flags.generic_form = true;
    CHECK_OK(omnir_op_print(e.ctx, f.ret, &flags, &s));
    CHECK(strstr(take(s), "\"test.ret\"") != NULL);
    env_free(&e);
}

static void navigate(void) {
    ir_env e;
    env_init(&e);
    func_ir f = build_func(&e);
    omnir_op op;
    omnir_block blk;
    omnir_region reg;
    size_t n;
    bool b;
    CHECK_STR_OUT("test.add", omnir_op_get_name, e.ctx, f.add);
    CHECK_OK(omnir_op_get_parent_block(e.ctx, f.add, &blk));
    CHECK(omnir_block_equal(blk, f.entry));
    CHECK_OK(omnir_op_get_parent_op(e.ctx, f.add, &op));
    CHECK(omnir_op_equal(op, f.func));
    CHECK_OK(omnir_op_get_root(e.ctx, f.add, &op));
    CHECK(omnir_op_equal(op, e.module));
    CHECK_OK(omnir_op_get_parent_op(e.ctx, e.module, &op));
    CHECK(omnir_op_is_null(op)); /* top level: none */
    CHECK_OK(omnir_op_get_next(e.ctx, f.add, &op));
    CHECK(omnir_op_equal(op, f.ret));
    CHECK_OK(omnir_op_get_next(e.ctx, f.ret, &op));
    CHECK(omnir_op_is_null(op));
    CHECK_OK(omnir_op_get_prev(e.ctx, f.ret, &op));
    CHECK(omnir_op_equal(op, f.add));
    CHECK_OK(omnir_op_is_ancestor(e.ctx, e.module, f.add, &b));
    CHECK(b);
    CHECK_OK(omnir_op_is_ancestor(e.ctx, f.add, e.module, &b));
    CHECK(!b);
    CHECK_OK(omnir_op_get_parent_region(e.ctx, f.add, &reg));
    CHECK_OK(omnir_region_get_parent_op(e.ctx, reg, &op));
    CHECK(omnir_op_equal(op, f.func));
    CHECK_OK(omnir_region_get_num_blocks(e.ctx, reg, &n));
    CHECK(n == 1);
    CHECK_OK(omnir_block_get_num_ops(e.ctx, f.entry, &n));
    CHECK(n == 2);
    omnir_op ops[4];
    CHECK_OK(omnir_block_get_ops(e.ctx, f.entry, ops, 4, &n));
    CHECK(n == 2 && omnir_op_equal(ops[0], f.add) && omnir_op_equal(ops[1], f.ret));
    CHECK_OK(omnir_block_get_ops(e.ctx, f.entry, NULL, 0, &n)); /* size query */
    CHECK(n == 2);

    /* operands, results, values, uses */
    omnir_value v;
    CHECK_OK(omnir_op_get_num_operands(e.ctx, f.add, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_op_get_operand(e.ctx, f.add, 1, &v));
    CHECK(omnir_value_equal(v, f.b));
    CHECK_STATUS(omnir_op_get_operand(e.ctx, f.add, 2, &v), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_value_is_block_argument(e.ctx, f.a, &b));
    CHECK(b);
    CHECK_OK(omnir_value_is_op_result(e.ctx, f.sum, &b));
    CHECK(b);
    CHECK_OK(omnir_value_get_defining_op(e.ctx, f.sum, &op));
    CHECK(omnir_op_equal(op, f.add));
    CHECK_OK(omnir_value_get_defining_op(e.ctx, f.a, &op));
    CHECK(omnir_op_is_null(op));
    CHECK_OK(omnir_value_get_owner_block(e.ctx, f.b, &blk));
    CHECK(omnir_block_equal(blk, f.entry));
    uint32_t num;
    CHECK_OK(omnir_value_get_number(e.ctx, f.b, &num));
    CHECK(num == 1);
    omnir_type t;
    CHECK_OK(omnir_value_get_type(e.ctx, f.sum, &t));
    CHECK(t.id == e.i32.id);
    CHECK_OK(omnir_value_get_num_uses(e.ctx, f.sum, &n));
    CHECK(n == 1);
    omnir_op_operand use;
    CHECK_OK(omnir_value_get_use(e.ctx, f.sum, 0, &use));
    CHECK(omnir_op_equal(use.op, f.ret) && use.index == 0);
    env_free(&e);
}

typedef struct walk_log {
    char names[32][32];
    int n;
    int stop_after;
    omnir_context *ctx;
} walk_log;

static omnir_walk_result log_op(void *user_data, omnir_op op) {
    walk_log *log = user_data;
    omnir_string s = {0};
    /* read-only calls are allowed from inside the callback */
    if (omnir_op_get_name(log->ctx, op, &s) == OMNIR_OK && log->n < 32) {
        snprintf(log->names[log->n], sizeof log->names[0], "%.*s", (int)s.len, (const char *)s.data);
        log->n++;
    }
    omnir_string_free(s);
    if (log->stop_after && log->n >= log->stop_after) return OMNIR_WALK_INTERRUPT;
    return OMNIR_WALK_ADVANCE;
}

/* The callback may change the IR, as MLIR's walk allows. */
static omnir_walk_result mark_op(void *user_data, omnir_op op) {
    walk_log *log = user_data;
    omnir_attribute unit;
    if (omnir_unit_attr_get(log->ctx, &unit) == OMNIR_OK && omnir_op_set_attribute(log->ctx, op, S("x"), unit) == OMNIR_OK)
        log->n++;
    return OMNIR_WALK_ADVANCE;
}

/* Post-order: erases the op it is given when it has no regions. */
static omnir_walk_result erase_leaves(void *user_data, omnir_op op) {
    walk_log *log = user_data;
    size_t regions = 1;
    if (omnir_op_get_num_regions(log->ctx, op, &regions) == OMNIR_OK && regions == 0 &&
        omnir_op_erase(log->ctx, op, OMNIR_ERASE_DROP_USES) == OMNIR_OK)
        log->n++;
    return OMNIR_WALK_ADVANCE;
}

static omnir_walk_result bad_result(void *user_data, omnir_op op) { return (omnir_walk_result)77; }

static void walk(void) {
    ir_env e;
    env_init(&e);
    func_ir f = build_func(&e);
    walk_log log = {.ctx = e.ctx};
    omnir_walk_result r;
    CHECK_OK(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_PRE_ORDER, log_op, &log, &r));
    CHECK(r == OMNIR_WALK_ADVANCE);
    CHECK(log.n == 4 && !strcmp(log.names[0], "builtin.module") && !strcmp(log.names[1], "test.func") &&
          !strcmp(log.names[3], "test.ret"));
    memset(&log, 0, sizeof log);
    log.ctx = e.ctx;
    CHECK_OK(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_POST_ORDER, log_op, &log, &r));
    CHECK(log.n == 4 && !strcmp(log.names[0], "test.add") && !strcmp(log.names[3], "builtin.module"));
    memset(&log, 0, sizeof log);
    log.ctx = e.ctx;
    log.stop_after = 2;
    CHECK_OK(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_PRE_ORDER, log_op, &log, &r));
    CHECK(r == OMNIR_WALK_INTERRUPT && log.n == 2);

    memset(&log, 0, sizeof log);
    log.ctx = e.ctx;
    CHECK_OK(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_PRE_ORDER, mark_op, &log, NULL));
    CHECK(log.n == 4);
    omnir_attribute x;
    omnir_op all[4] = {e.module, f.func, f.add, f.ret};
    for (int i = 0; i < 4; i++) {
        CHECK_OK(omnir_op_get_attribute(e.ctx, all[i], S("x"), &x));
        CHECK(x.id != 0); /* zeroed: no such attribute */
    }
    memset(&log, 0, sizeof log);
    log.ctx = e.ctx;
    CHECK_OK(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_POST_ORDER, erase_leaves, &log, NULL));
    CHECK(log.n == 2); /* test.add and test.ret, each erased when visited */
    size_t left = 9;
    CHECK_OK(omnir_block_get_num_ops(e.ctx, f.entry, &left));
    CHECK(left == 0);
    CHECK_STATUS(omnir_op_walk(e.ctx, e.module, OMNIR_WALK_PRE_ORDER, bad_result, NULL, NULL),
                 OMNIR_ERROR_CALLBACK_FAILED);
    CHECK_STATUS(omnir_op_walk(e.ctx, e.module, 9, log_op, &log, NULL), OMNIR_ERROR_INVALID_ARGUMENT);
    env_free(&e);
}

static void mutate(void) {
    ir_env e;
    env_init(&e);
    func_ir f = build_func(&e);
    char saved[8192];

    /* attributes */
    omnir_attribute seven, got;
    bool removed;
    CHECK_OK(omnir_integer_attr_get(e.ctx, e.i32, 7, &seven));
    CHECK_OK(omnir_op_set_attribute(e.ctx, f.add, S("tag"), seven));
    CHECK_OK(omnir_op_get_attribute(e.ctx, f.add, S("tag"), &got));
    CHECK(got.id == seven.id);
    CHECK(strstr(print_op(e.ctx, f.add), "{tag = 7 : i32}") != NULL);
    CHECK_OK(omnir_op_remove_attribute(e.ctx, f.add, S("tag"), &removed));
    CHECK(removed);
    CHECK_OK(omnir_op_remove_attribute(e.ctx, f.add, S("tag"), &removed));
    CHECK(!removed);

    /* operands */
    CHECK_OK(omnir_op_set_operand(e.ctx, f.add, 1, f.a));
    CHECK(strstr(print_op(e.ctx, f.add), "(%arg0, %arg0)") != NULL);
    omnir_value swapped[2] = {f.b, f.a};
    CHECK_OK(omnir_op_set_operands(e.ctx, f.add, swapped, 2));
    CHECK(strstr(print_op(e.ctx, f.add), "(%arg1, %arg0)") != NULL);

    /* a new constant, moved before the add, then replacing every use of %arg0 */
    omnir_op cst = make_op(&e, "test.constant", NULL, 0, &e.i32, 1, 0);
    CHECK_OK(omnir_op_insert(e.ctx, cst, before(f.add)));
    omnir_value c;
    CHECK_OK(omnir_op_get_result(e.ctx, cst, 0, &c));
    CHECK_OK(omnir_value_replace_all_uses_with(e.ctx, f.a, c));
    CHECK(strstr(print_op(e.ctx, f.add), "(%arg1, %0)") != NULL);

    /* erasing a used op is refused and changes nothing */
    snprintf(saved, sizeof saved, "%s", print_op(e.ctx, e.module));
    CHECK_STATUS(omnir_op_erase(e.ctx, cst, OMNIR_ERASE_REQUIRE_NO_USES), OMNIR_ERROR_STILL_IN_USE);
    CHECK(!strcmp(print_op(e.ctx, e.module), saved));
    /* inserting an op into itself, or an attached op, is refused and changes nothing */
    omnir_region fr;
    CHECK_OK(omnir_op_get_region(e.ctx, f.func, 0, &fr));
    CHECK_STATUS(omnir_op_insert(e.ctx, f.func, at_end(f.entry)), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_op_move(e.ctx, f.func, at_end(f.entry)), OMNIR_ERROR_CYCLE);
    CHECK(!strcmp(print_op(e.ctx, e.module), saved));
    /* wrong number of replacement values */
    CHECK_STATUS(omnir_op_replace_all_uses_with(e.ctx, cst, NULL, 0), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK(!strcmp(print_op(e.ctx, e.module), saved));

    /* detach and re-insert at the end */
    CHECK_OK(omnir_op_move(e.ctx, cst, at_end(e.top)));
    CHECK_OK(omnir_op_detach(e.ctx, cst));
    omnir_block parent;
    CHECK_OK(omnir_op_get_parent_block(e.ctx, cst, &parent));
    CHECK(omnir_block_is_null(parent));
    CHECK_OK(omnir_op_insert(e.ctx, cst, before(f.add)));

    /* erase with DROP_USES: the user's operand becomes null; then the stale handle */
    CHECK_OK(omnir_op_erase(e.ctx, cst, OMNIR_ERASE_DROP_USES));
    omnir_value dropped;
    CHECK_OK(omnir_op_get_operand(e.ctx, f.add, 1, &dropped));
    CHECK(omnir_value_is_null(dropped));
    bool live = true;
    CHECK_OK(omnir_op_is_live(e.ctx, cst, &live));
    CHECK(!live);
    omnir_string s = {0};
    CHECK_STATUS(omnir_op_get_name(e.ctx, cst, &s), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_op_erase(e.ctx, cst, OMNIR_ERASE_DROP_USES), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_value_get_type(e.ctx, c, &(omnir_type){0}), OMNIR_ERROR_STALE_HANDLE);
    CHECK_OK(omnir_op_set_operand(e.ctx, f.add, 1, f.b));

    /* block arguments */
    omnir_value extra;
    size_t n;
    CHECK_OK(omnir_block_add_argument(e.ctx, f.entry, e.f32, e.loc, &extra));
    CHECK_OK(omnir_block_get_num_arguments(e.ctx, f.entry, &n));
    CHECK(n == 3);
    CHECK_STATUS(omnir_block_erase_argument(e.ctx, f.entry, 1), OMNIR_ERROR_STILL_IN_USE); /* %arg1 is used */
    CHECK_OK(omnir_block_erase_argument(e.ctx, f.entry, 2));
    CHECK_STATUS(omnir_block_erase_argument(e.ctx, f.entry, 5), OMNIR_ERROR_OUT_OF_RANGE);
    CHECK_OK(omnir_value_set_type(e.ctx, f.sum, e.f32));
    CHECK(strstr(print_op(e.ctx, f.add), "-> f32") != NULL);
    env_free(&e);
}

static void clone_and_erase(void) {
    ir_env e;
    env_init(&e);
    func_ir f = build_func(&e);
    omnir_op copy;
    CHECK_OK(omnir_op_clone(e.ctx, f.func, &copy));
    CHECK(!omnir_op_equal(copy, f.func));
    CHECK_OK(omnir_op_insert(e.ctx, copy, at_end(e.top)));
    /* a clone of the whole module prints exactly like it */
    omnir_op module_copy;
    char original[8192];
    snprintf(original, sizeof original, "%s", print_op(e.ctx, e.module));
    CHECK_OK(omnir_op_clone(e.ctx, e.module, &module_copy));
    CHECK(!strcmp(print_op(e.ctx, module_copy), original));
    CHECK_OK(omnir_op_erase(e.ctx, module_copy, OMNIR_ERASE_REQUIRE_NO_USES));
    size_t n;
    CHECK_OK(omnir_block_get_num_ops(e.ctx, e.top, &n));
    CHECK(n == 2);
    /* erasing the original: every handle into it becomes stale, the copy is untouched */
    CHECK_OK(omnir_op_erase(e.ctx, f.func, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_STATUS(omnir_block_get_num_ops(e.ctx, f.entry, &n), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_value_get_num_uses(e.ctx, f.a, &n), OMNIR_ERROR_STALE_HANDLE);
    CHECK_STATUS(omnir_op_get_num_operands(e.ctx, f.add, &n), OMNIR_ERROR_STALE_HANDLE);
    bool live = true;
    CHECK_OK(omnir_block_is_live(e.ctx, f.entry, &live));
    CHECK(!live);
    CHECK_OK(omnir_block_get_num_ops(e.ctx, e.top, &n));
    CHECK(n == 1);
    /* a module built, dropped and rebuilt many times: memory stays flat (valgrind checks
     * that nothing leaks) */
    for (int i = 0; i < 200; i++) {
        omnir_op c2;
        CHECK_OK(omnir_op_clone(e.ctx, e.module, &c2));
        CHECK_OK(omnir_op_erase(e.ctx, c2, OMNIR_ERASE_REQUIRE_NO_USES));
    }
    env_free(&e);
}

static void blocks_and_successors(void) {
    ir_env e;
    env_init(&e);
    omnir_op fn = make_op(&e, "test.func", NULL, 0, NULL, 0, 1);
    CHECK_OK(omnir_op_insert(e.ctx, fn, at_end(e.top)));
    omnir_region r;
    CHECK_OK(omnir_op_get_region(e.ctx, fn, 0, &r));
    omnir_block b0, b1, b2, got;
    CHECK_OK(omnir_block_create(e.ctx, NULL, NULL, 0, &b0));
    CHECK_OK(omnir_block_create(e.ctx, &e.i32, &e.loc, 1, &b2));
    CHECK_OK(omnir_block_create(e.ctx, NULL, NULL, 0, &b1));
    CHECK_OK(omnir_region_append_block(e.ctx, r, b0));
    CHECK_OK(omnir_region_append_block(e.ctx, r, b2));
    CHECK_OK(omnir_region_insert_block_before(e.ctx, r, b2, b1));
    CHECK_OK(omnir_region_get_block(e.ctx, r, 1, &got));
    CHECK(omnir_block_equal(got, b1));
    /* a branch from b0 to b1 and b2 */
    omnir_op cst = make_op(&e, "test.constant", NULL, 0, &e.i32, 1, 0);
    CHECK_OK(omnir_op_insert(e.ctx, cst, at_end(b0)));
    omnir_value c;
    CHECK_OK(omnir_op_get_result(e.ctx, cst, 0, &c));
    omnir_operation_state *st;
    omnir_op br;
    omnir_block succ[2] = {b1, b2};
    CHECK_OK(omnir_operation_state_create(S("test.cond_br"), e.loc, &st));
    CHECK_OK(omnir_operation_state_add_operands(st, &c, 1));
    CHECK_OK(omnir_operation_state_add_successors(st, succ, 2));
    CHECK_OK(omnir_operation_create(e.ctx, st, &br));
    CHECK_OK(omnir_operation_state_destroy(st));
    CHECK_OK(omnir_op_insert(e.ctx, br, at_end(b0)));
    size_t n;
    CHECK_OK(omnir_op_get_num_successors(e.ctx, br, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_block_get_num_predecessors(e.ctx, b2, &n));
    CHECK(n == 1);
    omnir_block_operand pred;
    CHECK_OK(omnir_block_get_predecessor(e.ctx, b2, 0, &pred));
    CHECK(omnir_op_equal(pred.op, br) && pred.index == 1);
    CHECK_OK(omnir_block_get_num_successors(e.ctx, b0, &n));
    CHECK(n == 2);
    CHECK(strstr(print_op(e.ctx, fn), "\"test.cond_br\"(%0)[^bb1, ^bb2] : (i32) -> ()") != NULL);
    /* a block with predecessors cannot be detached or erased */
    char saved[8192];
    snprintf(saved, sizeof saved, "%s", print_op(e.ctx, e.module));
    CHECK_STATUS(omnir_block_detach(e.ctx, b2), OMNIR_ERROR_STILL_IN_USE);
    CHECK_STATUS(omnir_block_erase(e.ctx, b1), OMNIR_ERROR_STILL_IN_USE);
    CHECK(!strcmp(print_op(e.ctx, e.module), saved));
    CHECK_OK(omnir_op_set_successor(e.ctx, br, 0, b2));
    CHECK_OK(omnir_block_erase(e.ctx, b1));
    CHECK_OK(omnir_region_get_num_blocks(e.ctx, r, &n));
    CHECK(n == 2);
    env_free(&e);
}

static void builder_rules(void) {
    ir_env e;
    env_init(&e);
    omnir_context *other;
    CHECK_OK(omnir_context_create(&other));
    omnir_type other_i32;
    CHECK_OK(omnir_integer_type_get(other, 32, OMNIR_SIGNEDNESS_SIGNLESS, &other_i32));
    omnir_operation_state *st = NULL;
    omnir_op op;
    CHECK_OK(omnir_operation_state_create(S("test.op"), e.loc, &st));
    /* a handle of another context is refused when added, and nothing is added */
    CHECK_STATUS(omnir_operation_state_add_results(st, &other_i32, 1), OMNIR_ERROR_WRONG_CONTEXT);
    CHECK_OK(omnir_operation_create(e.ctx, st, &op));
    size_t n;
    CHECK_OK(omnir_op_get_num_results(e.ctx, op, &n));
    CHECK(n == 0);
    /* a state creates any number of ops; creating in another context is refused */
    CHECK_STATUS(omnir_operation_create(other, st, &op), OMNIR_ERROR_WRONG_CONTEXT);
    /* a forged location is caught at create time */
    omnir_location forged = {e.loc.context, 0x7ffffff0u};
    CHECK_OK(omnir_operation_state_set_location(st, forged));
    CHECK_STATUS(omnir_operation_create(e.ctx, st, &op), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_operation_state_set_location(st, e.loc));
    CHECK_STATUS(omnir_operation_state_add_attribute(st, S("a"), (omnir_attribute){0}),
                 OMNIR_ERROR_INVALID_ARGUMENT); /* a zeroed attribute is refused */
    omnir_attribute props;
    CHECK_OK(omnir_attribute_parse(e.ctx, S("{p = 1 : i32}"), &props));
    CHECK_OK(omnir_operation_state_set_properties(st, props));
    CHECK_OK(omnir_operation_create(e.ctx, st, &op));
    CHECK(strstr(print_op(e.ctx, op), "<{p = 1 : i32}>") != NULL);
    CHECK_OK(omnir_op_erase(e.ctx, op, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_operation_state_destroy(st));
    CHECK_STATUS(omnir_operation_state_create(S(""), e.loc, &st), OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_OK(omnir_context_destroy(other));
    env_free(&e);
}

/* omnir_operation_create_at creates and inserts in one call; a bad point creates nothing.
 * omnir_operation_state_set_attribute_value changes one value and keeps the name. */
static void create_at_and_attribute_values(void) {
    ir_env e;
    env_init(&e);
    omnir_operation_state *st = NULL;
    omnir_attribute one, two;
    CHECK_OK(omnir_attribute_parse(e.ctx, S("1 : i32"), &one));
    CHECK_OK(omnir_attribute_parse(e.ctx, S("2 : i32"), &two));
    CHECK_OK(omnir_operation_state_create(S("test.const"), e.loc, &st));
    CHECK_OK(omnir_operation_state_add_results(st, &e.i32, 1));
    CHECK_OK(omnir_operation_state_add_attribute(st, S("value"), one));
    omnir_op c1, c2;
    CHECK_OK(omnir_operation_create_at(e.ctx, st, at_end(e.top), &c1));
    CHECK_OK(omnir_operation_state_set_attribute_value(st, 0, two));
    CHECK_OK(omnir_operation_create_at(e.ctx, st, before(c1), &c2));
    CHECK(strstr(print_op(e.ctx, e.module),
                 "%0 = \"test.const\"() {value = 2 : i32} : () -> i32\n"
                 "  %1 = \"test.const\"() {value = 1 : i32} : () -> i32") != NULL);
    omnir_block parent;
    CHECK_OK(omnir_op_get_parent_block(e.ctx, c2, &parent));
    CHECK(parent.index == e.top.index);
    /* out of range, or another context's attribute: an error, and the state is unchanged */
    CHECK_STATUS(omnir_operation_state_set_attribute_value(st, 1, one), OMNIR_ERROR_OUT_OF_RANGE);
    omnir_context *other;
    CHECK_OK(omnir_context_create(&other));
    omnir_attribute foreign;
    CHECK_OK(omnir_attribute_parse(other, S("3 : i32"), &foreign));
    CHECK_STATUS(omnir_operation_state_set_attribute_value(st, 0, foreign), OMNIR_ERROR_WRONG_CONTEXT);
    CHECK_OK(omnir_context_destroy(other));
    /* a bad point (a detached op, a stale block) creates nothing: the IR prints the same */
    char saved[8192];
    snprintf(saved, sizeof saved, "%s", print_op(e.ctx, e.module));
    omnir_op detached = make_op(&e, "test.detached", NULL, 0, NULL, 0, 0);
    CHECK_STATUS(omnir_operation_create_at(e.ctx, st, before(detached), &c1), OMNIR_ERROR_INVALID_ARGUMENT);
    omnir_block gone;
    CHECK_OK(omnir_block_create(e.ctx, NULL, NULL, 0, &gone));
    CHECK_OK(omnir_block_erase(e.ctx, gone));
    CHECK_STATUS(omnir_operation_create_at(e.ctx, st, at_end(gone), &c1), OMNIR_ERROR_STALE_HANDLE);
    CHECK(!strcmp(print_op(e.ctx, e.module), saved));
    size_t live = 0;
    CHECK_OK(omnir_block_get_num_ops(e.ctx, e.top, &live));
    CHECK(live == 2);
    /* the state still works after the failures, with the value set last */
    CHECK_OK(omnir_operation_create_at(e.ctx, st, at_end(e.top), &c1));
    CHECK(strstr(print_op(e.ctx, c1), "{value = 2 : i32}") != NULL);
    CHECK_OK(omnir_op_erase(e.ctx, detached, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_operation_state_destroy(st));
    env_free(&e);
}

void tests_ir(void) {
    RUN(build_and_print);
    RUN(navigate);
    RUN(walk);
    RUN(mutate);
    RUN(clone_and_erase);
    RUN(blocks_and_successors);
    RUN(builder_rules);
    RUN(create_at_and_attribute_values);
}
