/* A dialect defined in C at run time: a type with a parameter verifier callback that
 * implements MemRefElementTypeInterface with a C method table (and is then accepted by the
 * memref constructor), an external model attached later, an attribute, and operations with
 * constraints, traits, variadic groups and a C verifier. Also: user data ownership, and a
 * quantization type with its own syntax (`!cq.uniform<i8:f32, 0.5:128>`) parsed and printed
 * by C callbacks. */
#include "harness.h"

#include <stdlib.h>

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

/* ---- custom assembly: `!cq.uniform<storage:expressed, scale:zero_point>` in C */

typedef struct quant_counts {
    int parses, prints;
} quant_counts;

static uint32_t quant_fail(omnir_callback_message *m, size_t at, const char *msg) {
    omnir_callback_message_set(m, S(msg));
    omnir_callback_message_set_offset(m, at);
    return 1;
}

static size_t skip_blanks(const char *t, size_t i) {
    while (t[i] == ' ' || t[i] == '\t' || t[i] == '\n') i++;
    return i;
}

/* The text after the mnemonic, NUL-terminated: `<i8:f32, 0.5:128>`. */
static uint32_t quant_parse(void *user_data, omnir_context *ctx, const char *text, size_t len,
                            omnir_attribute *params, size_t n, omnir_callback_message *m) {
    quant_counts *counts = user_data;
    counts->parses++;
    if (n != 4 || text[len] != '\0') return quant_fail(m, 0, "unexpected call");
    omnir_type types[2];
    size_t i = skip_blanks(text, 0);
    if (text[i] != '<') return quant_fail(m, i, "expected '<'");
    i++;
    for (int k = 0; k < 2; k++) {
        size_t used = 0;
        /* a nested type; on failure `used` is where, and the last error what */
        if (omnir_type_parse_prefix(ctx, text + i, len - i, &types[k], &used) != OMNIR_OK)
            return quant_fail(m, i + used, last_error());
        i = skip_blanks(text, i + used);
        if (text[i] != (k == 0 ? ':' : ',')) return quant_fail(m, i, k == 0 ? "expected ':'" : "expected ','");
        i++;
    }
    char *end;
    double scale = strtod(text + i, &end);
    if (end == text + i) return quant_fail(m, skip_blanks(text, i), "expected scale");
    i = skip_blanks(text, (size_t)(end - text));
    if (text[i] != ':') return quant_fail(m, i, "expected ':'");
    i++;
    long long zp = strtoll(text + i, &end, 10);
    if (end == text + i) return quant_fail(m, skip_blanks(text, i), "expected zero point");
    i = skip_blanks(text, (size_t)(end - text));
    if (text[i] != '>') return quant_fail(m, i, "expected '>'");
    i = skip_blanks(text, i + 1);
    if (i != len) return quant_fail(m, i, "unexpected text after the parameters");
    omnir_type f64, i64;
    if (omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F64, &f64) != OMNIR_OK ||
        omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64) != OMNIR_OK ||
        omnir_type_attr_get(ctx, types[0], &params[0]) != OMNIR_OK ||
        omnir_type_attr_get(ctx, types[1], &params[1]) != OMNIR_OK ||
        omnir_float_attr_get(ctx, f64, scale, &params[2]) != OMNIR_OK ||
        omnir_integer_attr_get(ctx, i64, zp, &params[3]) != OMNIR_OK)
        return quant_fail(m, 0, last_error());
    return OMNIR_OK;
}

static uint32_t quant_print(void *user_data, omnir_context *ctx, const omnir_attribute *p, size_t n,
                            omnir_string_builder *out, omnir_callback_message *m) {
    quant_counts *counts = user_data;
    counts->prints++;
    omnir_type st, et;
    double scale;
    int64_t zp;
    if (n != 4 || omnir_type_attr_get_value(ctx, p[0], &st) != OMNIR_OK ||
        omnir_type_attr_get_value(ctx, p[1], &et) != OMNIR_OK ||
        omnir_float_attr_get_double(ctx, p[2], &scale) != OMNIR_OK ||
        omnir_integer_attr_get_int64(ctx, p[3], &zp) != OMNIR_OK) {
        omnir_callback_message_set(m, S("bad parameters"));
        return 1;
    }
    omnir_string s1 = {0}, s2 = {0};
    omnir_type_print(ctx, st, &s1);
    omnir_type_print(ctx, et, &s2);
    char buf[256];
    /* %e is MLIR's spelling of simple doubles (5.000000e-01) */
    snprintf(buf, sizeof buf, "<%.*s:%.*s, %e:%lld>", (int)s1.len, s1.data, (int)s2.len, s2.data, scale,
             (long long)zp);
    omnir_string_free(s1);
    omnir_string_free(s2);
    return omnir_string_builder_append(out, S(buf));
}

static uint32_t quant_verify(void *user_data, omnir_context *ctx, const omnir_attribute *params, size_t n,
                             omnir_callback_message *message) {
    double scale = 0;
    if (n == 4 && omnir_float_attr_get_double(ctx, params[2], &scale) == OMNIR_OK && scale > 0) return OMNIR_OK;
    omnir_callback_message_set(message, S("scale must be positive"));
    return 1;
}

static const char *module_str(omnir_context *ctx, const char *text, omnir_status expect) {
    omnir_op module;
    omnir_status st = omnir_module_parse(ctx, text, strlen(text), S("t.mlir"), &module);
    CHECK_MSG(st == expect, last_error());
    if (st != OMNIR_OK) return last_error();
    omnir_string s = {0};
    omnir_print_flags flags = omnir_print_flags_default();
    flags.generic_form = true; /* the texts compared are generic */
    CHECK_OK(omnir_op_print(ctx, module, &flags, &s));
    return take(s);
}

#define QU "!cq.uniform<i8:f32, 5.000000e-01:128>"

static void custom_assembly(void) {
    frees = 0;
    quant_counts counts = {0, 0};
    omnir_context *ctx;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    CHECK_OK(omnir_dialect_register(ctx, S("cq"), false));
    uint32_t iface;
    CHECK_OK(omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &iface));
    omnir_interface_impl impl = {iface, NULL, NULL, NULL};
    omnir_string_view params[4] = {{"storage", 7}, {"expressed", 9}, {"scale", 5}, {"zero_point", 10}};
    omnir_type_definition def = {0};
    def.dialect = "cq";
    def.dialect_len = 2;
    def.name = "uniform";
    def.name_len = 7;
    def.params = params;
    def.num_params = 4;
    def.verify = quant_verify;
    def.interfaces = &impl;
    def.num_interfaces = 1;
    uint32_t uniform;
    CHECK_OK(omnir_dialect_register_type(ctx, &def, &uniform));
    omnir_custom_assembly asm_ = {quant_parse, quant_print, &counts, count_free};
    CHECK_OK(omnir_dialect_set_type_assembly(ctx, uniform, &asm_));
    /* set once; the caller keeps its user data when refused */
    CHECK_STATUS(omnir_dialect_set_type_assembly(ctx, uniform, &asm_), OMNIR_ERROR_ALREADY_EXISTS);
    omnir_custom_assembly half = {quant_parse, NULL, NULL, NULL};
    CHECK_STATUS(omnir_dialect_set_type_assembly(ctx, uniform, &half), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK(frees == 0);

    /* the type's own syntax round-trips byte for byte, nested and in attributes */
    const char *text =
        "\"builtin.module\"() ({\n"
        "  \"test.op\"() ({\n"
        "  ^bb0(%arg0: memref<4x" QU ">):\n"
        "    %0 = \"test.cast\"(%arg0) {q = " QU ", t = [tensor<2x" QU ">]} : (memref<4x" QU ">) -> " QU "\n"
        "  }) : () -> ()\n"
        "}) : () -> ()\n";
    const char *printed = module_str(ctx, text, OMNIR_OK);
    CHECK_MSG(!strcmp(printed, text), printed);
    CHECK(counts.parses > 0 && counts.prints > 0);

    /* other spellings print canonically; the interface answer comes from the registry */
    omnir_type q, q2, mr;
    CHECK_OK(omnir_type_parse(ctx, S("!cq.uniform< i8 : f32 , 0.5 : 128 >"), &q));
    CHECK_OK(omnir_type_parse(ctx, S("!cq<uniform<i8:f32, 5e-1:128>>"), &q2));
    CHECK(q.id == q2.id);
    CHECK_MSG(!strcmp(type_str(ctx, q), QU), type_str(ctx, q));
    int64_t shape[1] = {4};
    CHECK_OK(omnir_memref_type_get(ctx, shape, 1, q, (omnir_attribute){0}, (omnir_attribute){0}, &mr));
    CHECK_MSG(!strcmp(type_str(ctx, mr), "memref<4x" QU ">"), type_str(ctx, mr));

    /* errors from the callback point where it said; nested errors where they happened; the
     * parameters verifier's at the mnemonic */
    const char *e = module_str(ctx, "\"test.op\"() {a = !cq.uniform<i8:f32, 0.5;128>} : () -> ()", OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(!strncmp(e, "t.mlir:1:41: error: expected ':'\n", 33), e);
    e = module_str(ctx, "\"test.op\"() {a = !cq.uniform<i8:complex<i32, 0.5:1>>} : () -> ()", OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(e, "t.mlir:1:44: error: expected '>' in complex type") == e, e);
    e = module_str(ctx, "\"test.op\"() {a = !cq.uniform<i8:f32, -1.0:1>} : () -> ()", OMNIR_ERROR_PARSE_FAILED);
    CHECK_MSG(strstr(e, "t.mlir:1:22: error: invalid 'cq.uniform': scale must be positive") == e, e);

    /* prefix parsing on its own */
    omnir_type t;
    size_t used = 0;
    CHECK_OK(omnir_type_parse_prefix(ctx, S("f32, rest"), &t, &used));
    CHECK(used == 3);
    CHECK_STATUS(omnir_type_parse_prefix(ctx, S("vector<4x"), &t, &used), OMNIR_ERROR_PARSE_FAILED);
    CHECK(used == 8);

    /* the user data is freed once, with the context */
    CHECK_OK(omnir_context_destroy(ctx));
    CHECK(frees == 1);
}

void tests_dialects(void) {
    RUN(custom_assembly);
    RUN(memref_element_interface);
    RUN(operations);
    RUN(two_contexts);
    RUN(verifier_reads_during_parse);
}
