/* A dialect defined in C at run time: a type with a parameter verifier callback that
 * implements MemRefElementTypeInterface with a C method table (and is then accepted by the
 * memref constructor), an external model attached later, an attribute, and operations with
 * constraints, traits, variadic groups and a C verifier. Also: user data ownership. */
#include "harness.h"

/* The method table this test gives MemRefElementTypeInterface (the layout is the
 * implementer's and its users' business: omnir only stores and returns it). */
typedef struct pixel_methods {
    int64_t (*bit_width)(void *user_data, omnir_context *ctx, omnir_type ty);
} pixel_methods;

static int frees;
static void count_free(void *user_data) { frees++; }

static int64_t pixel_bits(void *user_data, omnir_context *ctx, omnir_type ty) {
    omnir_attribute p;
    int64_t v = -1;
    if (omnir_dialect_type_get_param(ctx, ty, 0, &p) == OMNIR_OK) omnir_integer_attr_get_int64(ctx, p, &v);
    return v;
}
static const pixel_methods PIXEL_METHODS = {pixel_bits};

static int param_checks;
static uint32_t check_bits(void *user_data, omnir_context *ctx, const omnir_attribute *params, size_t n,
                           omnir_callback_message *message) {
    param_checks++;
    int64_t bits = 0;
    omnir_status st = n == 1 ? omnir_integer_attr_get_int64(ctx, params[0], &bits) : OMNIR_ERROR_INVALID_ARGUMENT;
    if (st != OMNIR_OK || bits < 1 || bits > 64) {
        omnir_callback_message_set(message, S("pixel bits must be an integer in [1, 64]"));
        return 1;
    }
    return OMNIR_OK;
}

static uint32_t verify_add(void *user_data, omnir_context *ctx, omnir_op op, omnir_callback_message *message) {
    omnir_attribute tag;
    int64_t v = 0;
    if (omnir_op_get_attribute(ctx, op, S("tag"), &tag) == OMNIR_OK && tag.context != 0 &&
        omnir_integer_attr_get_int64(ctx, tag, &v) == OMNIR_OK && v == 13) {
        omnir_callback_message_set(message, S("unlucky tag"));
        return 1;
    }
    return OMNIR_OK;
}

typedef struct dialect_env {
    omnir_context *ctx;
    uint32_t iface, pixel_def, blob_def, color_def;
    omnir_type i64, f32;
    omnir_location loc;
} dialect_env;

static void register_dialect(dialect_env *e) {
    memset(e, 0, sizeof *e);
    CHECK_OK(omnir_context_create(&e->ctx));
    CHECK_OK(omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &e->iface));
    CHECK_OK(omnir_integer_type_get(e->ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &e->i64));
    CHECK_OK(omnir_float_type_get(e->ctx, OMNIR_FLOAT_KIND_F32, &e->f32));
    CHECK_OK(omnir_unknown_loc_get(e->ctx, &e->loc));
    CHECK_OK(omnir_dialect_register(e->ctx, S("cdl"), false));

    omnir_string_view params[1] = {{"bits", 4}};
    omnir_interface_impl impl = {e->iface, &PIXEL_METHODS, (void *)"pixel user data", count_free};
    omnir_type_definition pixel = {0};
    pixel.dialect = "cdl";
    pixel.dialect_len = 3;
    pixel.name = "pixel";
    pixel.name_len = 5;
    pixel.params = params;
    pixel.num_params = 1;
    pixel.verify = check_bits;
    pixel.verify_user_data = (void *)"verify user data";
    pixel.free_verify_user_data = count_free;
    pixel.interfaces = &impl;
    pixel.num_interfaces = 1;
    CHECK_OK(omnir_dialect_register_type(e->ctx, &pixel, &e->pixel_def));
    /* registering the name again fails, and the caller keeps its user data */
    int before = frees;
    uint32_t dup;
    CHECK_STATUS(omnir_dialect_register_type(e->ctx, &pixel, &dup), OMNIR_ERROR_ALREADY_EXISTS);
    CHECK(frees == before);

    omnir_type_definition blob = {0};
    blob.dialect = "cdl";
    blob.dialect_len = 3;
    blob.name = "blob";
    blob.name_len = 4;
    CHECK_OK(omnir_dialect_register_type(e->ctx, &blob, &e->blob_def));

    omnir_attribute_definition color = {0};
    omnir_string_view cparams[3] = {{"r", 1}, {"g", 1}, {"b", 1}};
    color.dialect = "cdl";
    color.dialect_len = 3;
    color.name = "color";
    color.name_len = 5;
    color.params = cparams;
    color.num_params = 3;
    CHECK_OK(omnir_dialect_register_attribute(e->ctx, &color, &e->color_def));
}

static omnir_type make_pixel(dialect_env *e, int64_t bits, omnir_status expect) {
    omnir_attribute p;
    omnir_type t = {0};
    CHECK_OK(omnir_integer_attr_get(e->ctx, e->i64, bits, &p));
    CHECK_STATUS(omnir_dialect_type_get(e->ctx, e->pixel_def, &p, 1, &t), expect);
    return t;
}

static const char *type_str(omnir_context *ctx, omnir_type t) {
    omnir_string s = {0};
    if (omnir_type_print(ctx, t, &s) != OMNIR_OK) return "<print failed>";
    return take(s);
}

static void memref_element_interface(void) {
    dialect_env e;
    frees = 0;
    register_dialect(&e);
    bool b;
    CHECK_OK(omnir_dialect_is_registered(e.ctx, S("cdl"), &b));
    CHECK(b);
    uint32_t def;
    CHECK_OK(omnir_dialect_lookup_type(e.ctx, S("cdl.pixel"), &def));
    CHECK(def == e.pixel_def);
    size_t np;
    CHECK_OK(omnir_dialect_definition_get_num_params(e.ctx, e.pixel_def, false, &np));
    CHECK(np == 1);
    CHECK_STR_OUT("bits", omnir_dialect_definition_get_param_name, e.ctx, e.pixel_def, false, 0);

    omnir_type px = make_pixel(&e, 8, OMNIR_OK);
    CHECK(param_checks > 0);
    CHECK_MSG(!strcmp(type_str(e.ctx, px), "!cdl.pixel<8>") || !strcmp(type_str(e.ctx, px), "!cdl.pixel<8 : i64>"),
              type_str(e.ctx, px));
    omnir_type_kind kind;
    CHECK_OK(omnir_type_get_kind(e.ctx, px, &kind));
    CHECK(kind == OMNIR_TYPE_KIND_DIALECT);
    /* the C parameter verifier refuses bad parameters, with its message */
    make_pixel(&e, 100, OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK(strstr(last_error(), "pixel bits must be an integer in [1, 64]") != NULL);

    /* the registry answers the interface question for the memref constructor */
    CHECK_OK(omnir_type_implements(e.ctx, px, e.iface, &b));
    CHECK(b);
    int64_t shape[2] = {4, 4};
    omnir_type memref;
    CHECK_OK(omnir_memref_type_get(e.ctx, shape, 2, px, (omnir_attribute){0}, (omnir_attribute){0}, &memref));
    CHECK(strstr(type_str(e.ctx, memref), "memref<4x4x!cdl.pixel<8") != NULL);
    /* the C method table and user data come back, and the method works */
    const void *vtable = NULL;
    void *ud = NULL;
    CHECK_OK(omnir_type_get_interface(e.ctx, px, e.iface, &vtable, &ud));
    CHECK(vtable == &PIXEL_METHODS);
    CHECK(ud != NULL && !strcmp((const char *)ud, "pixel user data"));
    CHECK(((const pixel_methods *)vtable)->bit_width(ud, e.ctx, px) == 8);

    /* a dialect type without the interface is refused by the memref constructor... */
    omnir_type blob;
    CHECK_OK(omnir_dialect_type_get(e.ctx, e.blob_def, NULL, 0, &blob));
    CHECK_STATUS(omnir_memref_type_get(e.ctx, shape, 2, blob, (omnir_attribute){0}, (omnir_attribute){0}, &memref),
                 OMNIR_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(omnir_type_get_interface(e.ctx, blob, e.iface, &vtable, &ud), OMNIR_ERROR_NOT_REGISTERED);
    /* ...until an external model is attached to its kind */
    uint32_t blob_kind;
    CHECK_OK(omnir_typeid_get(S("cdl.blob"), &blob_kind));
    omnir_interface_impl model = {e.iface, NULL, NULL, count_free};
    CHECK_OK(omnir_context_attach_interface(e.ctx, blob_kind, &model));
    CHECK_OK(omnir_memref_type_get(e.ctx, shape, 2, blob, (omnir_attribute){0}, (omnir_attribute){0}, &memref));
    CHECK(!strcmp(type_str(e.ctx, memref), "memref<4x4x!cdl.blob>"));

    /* the TypeId is the process-wide one for the name */
    uint32_t tid, by_name;
    CHECK_OK(omnir_type_get_type_id(e.ctx, px, &tid));
    CHECK_OK(omnir_typeid_get(S("cdl.pixel"), &by_name));
    CHECK(tid == by_name);

    /* dialect attribute */
    omnir_attribute rgb[3], color;
    for (int i = 0; i < 3; i++) CHECK_OK(omnir_integer_attr_get(e.ctx, e.i64, i * 100, &rgb[i]));
    CHECK_OK(omnir_dialect_attr_get(e.ctx, e.color_def, rgb, 3, &color));
    size_t n;
    CHECK_OK(omnir_dialect_attr_get_num_params(e.ctx, color, &n));
    CHECK(n == 3);
    CHECK_STATUS(omnir_dialect_attr_get(e.ctx, e.color_def, rgb, 2, &color), OMNIR_ERROR_INVALID_ARGUMENT);

    /* every piece of user data given with a successful registration is freed exactly once,
     * when the context goes */
    CHECK(frees == 0);
    CHECK_OK(omnir_context_destroy(e.ctx));
    CHECK(frees == 3); /* pixel interface, pixel verifier, blob external model */
}

static omnir_op make_op(dialect_env *e, const char *name, const omnir_value *operands, size_t n, omnir_type result,
                        const char *attr, omnir_attribute value) {
    omnir_operation_state *st;
    omnir_op op = {0};
    CHECK_OK(omnir_operation_state_create(S(name), e->loc, &st));
    CHECK_OK(omnir_operation_state_add_operands(st, operands, n));
    if (result.context) CHECK_OK(omnir_operation_state_add_results(st, &result, 1));
    if (attr) CHECK_OK(omnir_operation_state_add_attribute(st, S(attr), value));
    CHECK_OK(omnir_operation_create(e->ctx, st, &op));
    CHECK_OK(omnir_operation_state_destroy(st));
    return op;
}

static void operations(void) {
    dialect_env e;
    frees = 0;
    register_dialect(&e);
    omnir_value_spec operands[2] = {
        {"lhs", 3, OMNIR_ARITY_SINGLE, {.kind = OMNIR_TYPE_CONSTRAINT_ANY_INTEGER}},
        {"rhs", 3, OMNIR_ARITY_SINGLE, {.kind = OMNIR_TYPE_CONSTRAINT_ANY_INTEGER}},
    };
    omnir_value_spec result = {"out", 3, OMNIR_ARITY_SINGLE, {.kind = OMNIR_TYPE_CONSTRAINT_ANY_INTEGER}};
    omnir_attribute_spec tag = {"tag", 3, true, {.kind = OMNIR_ATTR_CONSTRAINT_INTEGER}};
    omnir_op_definition add = {0};
    add.name = "cdl.add";
    add.name_len = 7;
    add.operands = operands;
    add.num_operands = 2;
    add.results = &result;
    add.num_results = 1;
    add.attributes = &tag;
    add.num_attributes = 1;
    add.traits = OMNIR_TRAIT_PURE | OMNIR_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE | OMNIR_TRAIT_COMMUTATIVE;
    add.verify = verify_add;
    add.verify_user_data = (void *)"add verifier";
    add.free_verify_user_data = count_free;
    CHECK_OK(omnir_dialect_register_operation(e.ctx, &add));
    CHECK_STATUS(omnir_dialect_register_operation(e.ctx, &add), OMNIR_ERROR_ALREADY_EXISTS);
    bool b;
    CHECK_OK(omnir_dialect_is_operation_registered(e.ctx, S("cdl.add"), &b));
    CHECK(b);

    omnir_value_spec pack_operands[2] = {
        {"head", 4, OMNIR_ARITY_SINGLE, {.kind = OMNIR_TYPE_CONSTRAINT_ANY}},
        {"rest", 4, OMNIR_ARITY_VARIADIC, {.kind = OMNIR_TYPE_CONSTRAINT_ANY}},
    };
    omnir_op_definition pack = {0};
    pack.name = "cdl.pack";
    pack.name_len = 8;
    pack.operands = pack_operands;
    pack.num_operands = 2;
    CHECK_OK(omnir_dialect_register_operation(e.ctx, &pack));
    /* an op of an unregistered dialect cannot be registered */
    pack.name = "nodialect.op";
    pack.name_len = 12;
    CHECK(omnir_dialect_register_operation(e.ctx, &pack) != OMNIR_OK);

    /* build: two integer sources (unregistered ops of the dialect are refused by the
     * verifier, so the sources are cdl.pack-free casts) */
    omnir_op src1 = make_op(&e, "builtin.unrealized_conversion_cast", NULL, 0, e.i64, NULL, (omnir_attribute){0});
    omnir_op src2 = make_op(&e, "builtin.unrealized_conversion_cast", NULL, 0, e.f32, NULL, (omnir_attribute){0});
    omnir_value a, f;
    CHECK_OK(omnir_op_get_result(e.ctx, src1, 0, &a));
    CHECK_OK(omnir_op_get_result(e.ctx, src2, 0, &f));
    omnir_value aa[2] = {a, a}, af[2] = {a, f};
    omnir_attribute seven, thirteen;
    CHECK_OK(omnir_integer_attr_get(e.ctx, e.i64, 7, &seven));
    CHECK_OK(omnir_integer_attr_get(e.ctx, e.i64, 13, &thirteen));

    omnir_op good = make_op(&e, "cdl.add", aa, 2, e.i64, "tag", seven);
    CHECK_OK(omnir_op_is_registered(e.ctx, good, &b));
    CHECK(b);
    omnir_op bad_type = make_op(&e, "cdl.add", af, 2, e.i64, NULL, (omnir_attribute){0});
    omnir_op bad_tag = make_op(&e, "cdl.add", aa, 2, e.i64, "tag", thirteen);

    /* quiet: collect the diagnostics instead of printing them */
    uint64_t cap;
    omnir_diagnostic_list *list;
    CHECK_OK(omnir_context_begin_diagnostic_capture(e.ctx, &cap));
    CHECK_OK(omnir_op_verify(e.ctx, src1));
    CHECK_OK(omnir_op_verify(e.ctx, good));
    CHECK_STATUS(omnir_op_verify(e.ctx, bad_type), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK_MSG(strstr(last_error(), "'cdl.add' op") != NULL, last_error());
    CHECK_STATUS(omnir_op_verify(e.ctx, bad_tag), OMNIR_ERROR_VERIFICATION_FAILED);
    CHECK_MSG(strstr(last_error(), "unlucky tag") != NULL, last_error());
    CHECK_OK(omnir_context_end_diagnostic_capture(e.ctx, cap, &list));
    size_t n;
    CHECK_OK(omnir_diagnostic_list_get_size(list, &n));
    CHECK(n == 2);
    CHECK_OK(omnir_diagnostic_list_free(list));

    /* operand groups of a variadic op */
    omnir_value three[3] = {a, f, a};
    omnir_op p = make_op(&e, "cdl.pack", three, 3, (omnir_type){0}, NULL, (omnir_attribute){0});
    omnir_index_range groups[2];
    CHECK_OK(omnir_op_get_operand_groups(e.ctx, p, groups, 2, &n));
    CHECK(n == 2 && groups[0].start == 0 && groups[0].len == 1 && groups[1].start == 1 && groups[1].len == 2);
    omnir_index_range g;
    CHECK_OK(omnir_op_get_operand_group(e.ctx, p, 1, &g));
    CHECK(g.start == 1 && g.len == 2);
    CHECK_STATUS(omnir_op_get_operand_group(e.ctx, p, 2, &g), OMNIR_ERROR_OUT_OF_RANGE);

    omnir_op all[6] = {good, bad_type, bad_tag, p, src1, src2};
    for (int i = 0; i < 6; i++) CHECK_OK(omnir_op_erase(e.ctx, all[i], OMNIR_ERASE_DROP_USES));
    CHECK_OK(omnir_context_destroy(e.ctx));
    CHECK(frees == 3); /* pixel interface + verifier, add verifier */
}

/* Two contexts, one process: the same dialect registered in both gives the same TypeIds,
 * and a type of one context is refused by the other. */
static void two_contexts(void) {
    dialect_env a, b;
    frees = 0;
    register_dialect(&a);
    register_dialect(&b);
    omnir_type pa = make_pixel(&a, 16, OMNIR_OK), pb = make_pixel(&b, 16, OMNIR_OK);
    uint32_t ta, tb;
    CHECK_OK(omnir_type_get_type_id(a.ctx, pa, &ta));
    CHECK_OK(omnir_type_get_type_id(b.ctx, pb, &tb));
    CHECK(ta == tb);
    int64_t shape[1] = {2};
    omnir_type m;
    CHECK_STATUS(omnir_memref_type_get(a.ctx, shape, 1, pb, (omnir_attribute){0}, (omnir_attribute){0}, &m),
                 OMNIR_ERROR_WRONG_CONTEXT);
    CHECK_OK(omnir_context_destroy(a.ctx));
    CHECK_OK(omnir_context_destroy(b.ctx));
    CHECK(frees == 4);
}


/* A parameters verifier that reads its context while the parser holds it exclusively
 * (omnir_module_parse builds `!cdl.marker`): reads succeed, mutations are BUSY. */
typedef struct reentry_log {
    omnir_type i64;
    int calls;
    bool printed_ok, uniqued_ok;
    omnir_status mutate, destroy;
} reentry_log;

static uint32_t reading_verifier(void *user_data, omnir_context *ctx, const omnir_attribute *params, size_t n,
                                 omnir_callback_message *message) {
    reentry_log *log = user_data;
    log->calls++;
    omnir_string s = {0};
    log->printed_ok = omnir_type_print(ctx, log->i64, &s) == OMNIR_OK && str_is(s, "i64");
    omnir_string_free(s);
    omnir_type t;
    log->uniqued_ok = omnir_integer_type_get(ctx, 3, OMNIR_SIGNEDNESS_SIGNLESS, &t) == OMNIR_OK;
    log->mutate = omnir_context_set_allow_unregistered_dialects(ctx, false);
    log->destroy = omnir_context_destroy(ctx);
    return OMNIR_OK;
}

static void verifier_reads_during_parse(void) {
    dialect_env e;
    frees = 0;
    register_dialect(&e);
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(e.ctx, true));
    reentry_log log = {e.i64, 0, false, false, OMNIR_OK, OMNIR_OK};
    omnir_type_definition marker = {0};
    marker.dialect = "cdl";
    marker.dialect_len = 3;
    marker.name = "marker";
    marker.name_len = 6;
    marker.verify = reading_verifier;
    marker.verify_user_data = &log;
    uint32_t def;
    CHECK_OK(omnir_dialect_register_type(e.ctx, &marker, &def));
    const char *text = "\"test.make\"() : () -> !cdl.marker";
    omnir_op module;
    CHECK_OK(omnir_module_parse(e.ctx, text, strlen(text), S("reentry.mlir"), &module));
    CHECK(log.calls >= 1);
    CHECK(log.printed_ok);
    CHECK(log.uniqued_ok);
    CHECK(log.mutate == OMNIR_ERROR_BUSY);
    CHECK(log.destroy == OMNIR_ERROR_BUSY);
    bool allow = false;
    CHECK_OK(omnir_context_get_allow_unregistered_dialects(e.ctx, &allow));
    CHECK(allow); /* the refused mutation changed nothing */
    CHECK_OK(omnir_op_erase(e.ctx, module, OMNIR_ERASE_REQUIRE_NO_USES));
    CHECK_OK(omnir_context_destroy(e.ctx));
}

void tests_dialects(void) {
    RUN(memref_element_interface);
    RUN(operations);
    RUN(two_contexts);
    RUN(verifier_reads_during_parse);
}
