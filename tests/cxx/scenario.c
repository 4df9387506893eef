/*
 * The one-type-universe scenario of issue 8, in C, against the INSTALLED omnir and the quant
 * dialect built on its own (examples/quant-dialect, C++ on libomnir_cxx.so.0):
 *
 * In one process, with default dlopen flags and no preloading: the context comes from the core
 * (this program links libomnir.so.0 only), the dialect library is loaded by its SONAME and
 * registered; its type, made by the dialect's own entry point, is accepted by the core's
 * omnir_memref_type_get; the interface answer comes from the registry; the TypeIds are equal;
 * text in the dialect's custom syntax parses and prints back as MLIR prints it; an op
 * verifier written in C++ reports through a diagnostic; /proc/self/maps lists exactly one
 * libomnir and one libomnir_cxx.
 *
 * usage: scenario [DIALECT_LIBRARY]     (default libquant_dialect.so.0, found through RUNPATH)
 * Prints `N passed, M failed`.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omnir/omnir.h>
#include <quant/quant.h>

static int passed, failed;

#define CHECK(cond, ...)                                                                                   \
    do {                                                                                                   \
        if (cond) {                                                                                        \
            passed++;                                                                                      \
        } else {                                                                                           \
            failed++;                                                                                      \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                                \
            fprintf(stderr, __VA_ARGS__);                                                                  \
            fprintf(stderr, "\n");                                                                         \
        }                                                                                                  \
    } while (0)

#define S(str) (str), strlen(str)

/* The dialect library's entry points, looked up with dlsym. */
static omnir_status (*q_register)(omnir_context *);
static omnir_status (*q_uniform_typeid)(uint32_t *);
static omnir_status (*q_interface_typeid)(uint32_t *);
static omnir_status (*q_uniform_get)(omnir_context *, omnir_type, omnir_type, double, int64_t, omnir_type *);
static omnir_status (*q_uniform_get_full)(omnir_context *, uint32_t, omnir_type, omnir_type, double, int64_t, int64_t,
                                          int64_t, omnir_type *);
static omnir_status (*q_is_uniform)(omnir_context *, omnir_type, bool *);
static omnir_status (*q_get_scale)(omnir_context *, omnir_type, double *);
static omnir_status (*q_get_zero_point)(omnir_context *, omnir_type, int64_t *);
static omnir_status (*q_get_storage)(omnir_context *, omnir_type, omnir_type *);
static omnir_status (*q_is_signed)(omnir_context *, omnir_type, bool *);
static const char *(*q_last_error)(void);

static char *last_error(void) {
    omnir_string s = omnir_last_error_message();
    char *out = strdup(s.data ? s.data : "");
    omnir_string_free(s);
    return out;
}

static char *type_text(omnir_context *ctx, omnir_type t) {
    omnir_string s = {0};
    if (omnir_type_print(ctx, t, &s) != OMNIR_OK) return strdup("<print failed>");
    char *out = strdup(s.data);
    omnir_string_free(s);
    return out;
}

static bool type_eq(omnir_type a, omnir_type b) { return a.context == b.context && a.id == b.id; }

/* Counts the distinct files in /proc/self/maps whose name contains `needle`, keeping the last. */
static int mapped_copies(const char *needle, char *path, size_t path_len) {
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096], seen[16][1024];
    int n = 0;
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        char *p = strchr(line, '/');
        if (!p || !strstr(p, needle)) continue;
        p[strcspn(p, "\n")] = 0;
        int dup = 0;
        for (int i = 0; i < n; i++) dup |= strcmp(seen[i], p) == 0;
        if (!dup && n < 16) {
            snprintf(seen[n++], sizeof seen[0], "%s", p);
            snprintf(path, path_len, "%s", p);
        }
    }
    fclose(f);
    return n;
}

static void *sym(void *lib, const char *name) {
    void *p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "dlsym(%s): %s\n", name, dlerror());
        exit(2);
    }
    return p;
}

int main(int argc, char **argv) {
    const char *lib_name = argc > 1 ? argv[1] : "libquant_dialect.so.0";

    /* 1. A context from the core, before the dialect library exists in the process. */
    omnir_context *ctx = NULL;
    CHECK(omnir_context_create(&ctx) == OMNIR_OK, "context");
    char path[1024] = "";
    CHECK(mapped_copies("libomnir_cxx", path, sizeof path) == 0, "the bridge is not loaded before the dialect");

    /* 2. The dialect library, by SONAME, with default flags (RTLD_LOCAL), no preloading. */
    void *lib = dlopen(lib_name, RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "dlopen(%s): %s\n", lib_name, dlerror());
        return 2;
    }
    q_register = (omnir_status(*)(omnir_context *))sym(lib, "quant_register");
    q_uniform_typeid = (omnir_status(*)(uint32_t *))sym(lib, "quant_uniform_typeid");
    q_interface_typeid = (omnir_status(*)(uint32_t *))sym(lib, "quant_quantized_type_interface_typeid");
    q_uniform_get = (omnir_status(*)(omnir_context *, omnir_type, omnir_type, double, int64_t, omnir_type *))sym(
        lib, "quant_uniform_type_get");
    q_uniform_get_full = (omnir_status(*)(omnir_context *, uint32_t, omnir_type, omnir_type, double, int64_t, int64_t,
                                          int64_t, omnir_type *))sym(lib, "quant_uniform_type_get_full");
    q_is_uniform = (omnir_status(*)(omnir_context *, omnir_type, bool *))sym(lib, "quant_type_is_uniform");
    q_get_scale = (omnir_status(*)(omnir_context *, omnir_type, double *))sym(lib, "quant_uniform_type_get_scale");
    q_get_zero_point =
        (omnir_status(*)(omnir_context *, omnir_type, int64_t *))sym(lib, "quant_uniform_type_get_zero_point");
    q_get_storage =
        (omnir_status(*)(omnir_context *, omnir_type, omnir_type *))sym(lib, "quant_uniform_type_get_storage_type");
    q_is_signed = (omnir_status(*)(omnir_context *, omnir_type, bool *))sym(lib, "quant_uniform_type_is_signed");
    q_last_error = (const char *(*)(void))sym(lib, "quant_last_error_message");

    /* Exactly one core and one bridge in the process (the dialect's NEEDED entries resolved to
       the core this program linked). */
    char core_path[1024] = "", bridge_path[1024] = "";
    int cores = mapped_copies("libomnir.so", core_path, sizeof core_path);
    int bridges = mapped_copies("libomnir_cxx.so", bridge_path, sizeof bridge_path);
    CHECK(cores == 1, "/proc/self/maps lists %d libomnir files", cores);
    CHECK(bridges == 1, "/proc/self/maps lists %d libomnir_cxx files", bridges);
    /* ... and the core the dialect library calls is the one this program calls. */
    Dl_info mine, theirs;
    char mine_real[4096] = "", theirs_real[4096] = "";
    void *their_version = dlsym(lib, "omnir_version"); /* resolved through the library's NEEDED */
    CHECK(dladdr((void *)omnir_version, &mine) && their_version && dladdr(their_version, &theirs) &&
              realpath(mine.dli_fname, mine_real) && realpath(theirs.dli_fname, theirs_real) &&
              strcmp(mine_real, theirs_real) == 0 && strcmp(mine_real, core_path) == 0,
          "one core: %s vs %s (maps: %s)", mine_real, theirs_real, core_path);

    /* 3. Register (twice: idempotent). */
    omnir_status st = q_register(ctx);
    CHECK(st == OMNIR_OK, "quant_register: %d %s", st, q_last_error());
    CHECK(q_register(ctx) == OMNIR_OK, "quant_register again: %s", q_last_error());
    bool registered = false;
    omnir_dialect_is_registered(ctx, S("quant"), &registered);
    CHECK(registered, "the core's registry knows the dialect");
    omnir_dialect_is_operation_registered(ctx, S("quant.qcast"), &registered);
    CHECK(registered, "quant.qcast registered");

    /* 4. The type from the dialect's entry point, into the core's memref constructor. */
    omnir_type i8, f32, f16, ui8, none_ty;
    omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &i8);
    omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_UNSIGNED, &ui8);
    omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32);
    omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F16, &f16);
    omnir_none_type_get(ctx, &none_ty);
    omnir_type q = {0};
    st = q_uniform_get(ctx, i8, f32, 0.5, 128, &q);
    CHECK(st == OMNIR_OK, "quant_uniform_type_get: %s", q_last_error());
    char *text = type_text(ctx, q);
    CHECK(strcmp(text, "!quant.uniform<i8:f32, 5.000000e-01:128>") == 0, "printed as MLIR prints it: %s", text);
    free(text);

    int64_t shape[2] = {4, OMNIR_DYNAMIC};
    omnir_type memref = {0};
    omnir_attribute no_attr = {0};
    st = omnir_memref_type_get(ctx, shape, 2, q, no_attr, no_attr, &memref);
    CHECK(st == OMNIR_OK, "omnir_memref_type_get accepts the dialect's type");
    text = type_text(ctx, memref);
    CHECK(strcmp(text, "memref<4x?x!quant.uniform<i8:f32, 5.000000e-01:128>>") == 0, "memref: %s", text);
    free(text);
    omnir_type elem = {0};
    omnir_type_get_element_type(ctx, memref, &elem);
    CHECK(type_eq(elem, q), "the memref's element is the very type");
    /* A type that does not implement the interface is refused, by the same registry. */
    omnir_type tuple;
    omnir_tuple_type_get(ctx, &i8, 1, &tuple);
    CHECK(omnir_memref_type_get(ctx, shape, 1, tuple, no_attr, no_attr, &memref) == OMNIR_ERROR_INVALID_ARGUMENT,
          "a tuple is not a memref element type");

    /* 5. The interface answer comes from the registry. */
    uint32_t memref_elem_iface = 0, q_iface = 0;
    omnir_typeid_get(S("builtin.MemRefElementTypeInterface"), &memref_elem_iface);
    bool yes = false;
    CHECK(omnir_type_implements(ctx, q, memref_elem_iface, &yes) == OMNIR_OK && yes,
          "!quant.uniform implements MemRefElementTypeInterface");
    CHECK(omnir_type_implements(ctx, tuple, memref_elem_iface, &yes) == OMNIR_OK && !yes, "tuple does not");
    CHECK(q_interface_typeid(&q_iface) == OMNIR_OK, "interface typeid");
    CHECK(omnir_type_implements(ctx, q, q_iface, &yes) == OMNIR_OK && yes, "QuantizedTypeInterface");
    CHECK(omnir_type_implements(ctx, f32, q_iface, &yes) == OMNIR_OK && !yes, "f32 is not quantized");
    /* The method table, implemented by C++ virtual methods, called from C. */
    const void *vtable = NULL;
    void *user_data = NULL;
    CHECK(omnir_type_get_interface(ctx, q, q_iface, &vtable, &user_data) == OMNIR_OK && vtable, "vtable");
    if (vtable) {
        const quant_quantized_type_vtable *vt = (const quant_quantized_type_vtable *)vtable;
        CHECK(vt->storage_width(user_data, ctx, q) == 8, "storage width");
        CHECK(vt->is_signed(user_data, ctx, q), "signed");
        CHECK(vt->storage_min(user_data, ctx, q) == -128 && vt->storage_max(user_data, ctx, q) == 127, "range");
        CHECK(type_eq(vt->expressed_type(user_data, ctx, q), f32), "expressed type");
        CHECK(type_eq(vt->storage_type(user_data, ctx, q), i8), "storage type");
    }
    CHECK(omnir_type_get_interface(ctx, q, memref_elem_iface, &vtable, &user_data) == OMNIR_OK && !vtable,
          "a marker interface has no vtable");

    /* 6. TypeIds are equal, however they are obtained. */
    uint32_t from_dialect = 0, from_core = 0, by_name = 0;
    CHECK(q_uniform_typeid(&from_dialect) == OMNIR_OK, "quant_uniform_typeid");
    omnir_type_get_type_id(ctx, q, &from_core);
    omnir_typeid_get(S("quant.uniform"), &by_name);
    CHECK(from_dialect == from_core && from_core == by_name, "typeids %u %u %u", from_dialect, from_core, by_name);

    /* 7. The dialect's custom syntax parses once registered, prints as MLIR prints it, and is
       the same uniqued type as the entry point's. */
    omnir_type parsed = {0};
    const char *src = "!quant.uniform<i8:f32, 0.5:128>";
    st = omnir_type_parse(ctx, S(src), &parsed);
    CHECK(st == OMNIR_OK, "parse %s", src);
    CHECK(type_eq(parsed, q), "the parsed type is the entry point's type");
    struct {
        const char *in, *out;
    } spellings[] = {
        {"!quant.uniform<i8:f32, 0.5:128>", "!quant.uniform<i8:f32, 5.000000e-01:128>"},
        {"!quant.uniform<u8:f32, 0.99872:127>", "!quant.uniform<u8:f32, 9.987200e-01:127>"},
        {"!quant.uniform<i8<-8:7>:f32, 0.99872:127  >", "!quant.uniform<i8<-8:7>:f32, 9.987200e-01:127>"},
        {"!quant.uniform<u8:f32, 2.0e+2>", "!quant.uniform<u8:f32, 2.000000e+02>"},
        {"!quant.uniform<i16:f16, 2.0e-2:-7>", "!quant.uniform<i16:f16, 2.000000e-02:-7>"},
        {"!quant.uniform<u32:f32, 1.0>", "!quant.uniform<u32:f32, 1.000000e+00>"},
        {"!quant<uniform<i8:f32, 0.5:128>>", "!quant.uniform<i8:f32, 5.000000e-01:128>"},
    };
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        omnir_type t = {0};
        st = omnir_type_parse(ctx, S(spellings[i].in), &t);
        char *err = st == OMNIR_OK ? NULL : last_error();
        CHECK(st == OMNIR_OK, "parse %s: %s", spellings[i].in, err ? err : "");
        free(err);
        if (st != OMNIR_OK) continue;
        text = type_text(ctx, t);
        CHECK(strcmp(text, spellings[i].out) == 0, "%s printed %s", spellings[i].in, text);
        free(text);
    }
    omnir_type u8q = {0};
    st = omnir_type_parse(ctx, S("!quant.uniform<u8:f32, 0.99872:127>"), &u8q);
    bool is_signed = true;
    CHECK(st == OMNIR_OK && q_is_signed(ctx, u8q, &is_signed) == OMNIR_OK && !is_signed, "u8 is unsigned");
    omnir_type storage = {0};
    CHECK(q_get_storage(ctx, u8q, &storage) == OMNIR_OK && type_eq(storage, i8), "storage kept as signless i8");
    omnir_type from_ui8 = {0};
    CHECK(q_uniform_get(ctx, ui8, f32, 0.99872, 127, &from_ui8) == OMNIR_OK && type_eq(from_ui8, u8q),
          "ui8 storage from C is !quant.uniform<u8:...>");

    /* A whole module in generic form: round trip, byte for byte. */
    const char *module_src =
        "\"builtin.module\"() ({\n"
        "  \"test.func\"() ({\n"
        "  ^bb0(%arg0: tensor<4xf32>, %arg1: memref<4x!quant.uniform<i8:f32, 5.000000e-01:128>>):\n"
        "    %0 = \"quant.qcast\"(%arg0) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:128>>\n"
        "    %1 = \"quant.scast\"(%0) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:128>>) -> tensor<4xi8>\n"
        "    %2 = \"quant.dcast\"(%0) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:128>>) -> tensor<4xf32>\n"
        "  }) : () -> ()\n"
        "}) : () -> ()\n";
    omnir_context_set_allow_unregistered_dialects(ctx, true);
    omnir_op module = {0};
    st = omnir_module_parse(ctx, S(module_src), S("scenario.mlir"), &module);
    char *perr = st == OMNIR_OK ? NULL : last_error();
    CHECK(st == OMNIR_OK, "module parse: %s", perr ? perr : "");
    free(perr);
    if (st == OMNIR_OK) {
        CHECK(omnir_op_verify(ctx, module) == OMNIR_OK, "the module verifies (C++ op verifiers pass)");
        /* The source is generic text, so the generic form is asked for explicitly. */
        omnir_print_flags generic = omnir_print_flags_default();
        generic.generic_form = true;
        omnir_string printed = {0};
        omnir_op_print(ctx, module, &generic, &printed);
        CHECK(printed.data && strcmp(printed.data, module_src) == 0, "round trip:\n%s", printed.data);
        omnir_string_free(printed);
        /* By default the module prints as upstream's `module {` ... `}`; the quant ops have
         * no assembly format and stay generic inside it. */
        const char *body = strchr(module_src, '\n') + 1;
        size_t body_len = strlen(body) - strlen("}) : () -> ()\n");
        char expected[2048];
        snprintf(expected, sizeof expected, "module {\n%.*s}\n", (int)body_len, body);
        omnir_op_print(ctx, module, NULL, &printed);
        CHECK(printed.data && strcmp(printed.data, expected) == 0, "default form:\n%s", printed.data);
        omnir_string_free(printed);
        omnir_op_erase(ctx, module, OMNIR_ERASE_DROP_USES);
    }

    /* Parse errors of the C++ parser, at their place in the file. */
    struct {
        const char *src, *expect;
    } bad[] = {
        {"\"test.op\"() {a = !quant.uniform<i8:f32, 0.5;128>} : () -> ()", "t.mlir:1:44: error: expected '>'"},
        {"\"test.op\"() {a = !quant.uniform<i8:f32 0.5:128>} : () -> ()", "t.mlir:1:40: error: expected ','"},
        {"\"test.op\"() {a = !quant.uniform<i64:f32, 0.5>} : () -> ()",
         "t.mlir:1:33: error: illegal storage type size: 64"},
        {"\"test.op\"() {a = !quant.uniform<i8<-200:7>:f32, 0.5>} : () -> ()",
         "t.mlir:1:36: error: illegal storage type minimum: -200"},
        {"\"test.op\"() {a = !quant.uniform<i8:i32, 0.5>} : () -> ()",
         "t.mlir:1:36: error: invalid kind of type specified"},
        {"\"test.op\"() {a = !quant.uniform<x8:f32, 0.5>} : () -> ()",
         "t.mlir:1:33: error: illegal storage type prefix"},
        {"\"test.op\"() {a = !quant.uniform<i8:f32, 0.0>} : () -> ()",
         "t.mlir:1:44: error: scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]"},
        {"\"test.op\"() {a = !quant.uniform<i8:f32, 0.5:1:2>} : () -> ()", "t.mlir:1:46: error: expected '>'"},
        {"\"test.op\"() {a = !quant.uniform<i8:f32, 0.5> x} : () -> ()", "t.mlir:1:"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        omnir_op m = {0};
        uint64_t cap = 0;
        omnir_context_begin_diagnostic_capture(ctx, &cap);
        st = omnir_module_parse(ctx, S(bad[i].src), S("t.mlir"), &m);
        char *msg = last_error();
        omnir_diagnostic_list *list = NULL;
        omnir_context_end_diagnostic_capture(ctx, cap, &list);
        omnir_diagnostic_list_free(list);
        CHECK(st == OMNIR_ERROR_PARSE_FAILED && strncmp(msg, bad[i].expect, strlen(bad[i].expect)) == 0,
              "%s\n  expected: %s\n  got: %s", bad[i].src, bad[i].expect, msg);
        free(msg);
    }

    /* The parameters verifier (C++) behind the entry point: MLIR's messages. */
    omnir_type badq = {0};
    st = q_uniform_get(ctx, i8, f32, 0.0, 0, &badq);
    char *msg = last_error();
    CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, "illegal scale: 0.000000e+00") &&
              strstr(q_last_error(), "illegal scale"),
          "scale 0: %d %s / %s", st, msg, q_last_error());
    free(msg);
    st = q_uniform_get(ctx, f32, f32, 0.5, 0, &badq);
    msg = last_error();
    CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, "storage type must be integral"), "storage: %s", msg);
    free(msg);
    st = q_uniform_get(ctx, i8, i8, 0.5, 0, &badq);
    msg = last_error();
    CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, "expressed type must be floating point"),
          "expressed: %s", msg);
    free(msg);
    st = q_uniform_get_full(ctx, QUANT_FLAG_SIGNED, i8, f32, 0.5, 0, -8, 200, &badq);
    msg = last_error();
    CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, "illegal storage min and storage max: (-8:200)"),
          "range: %s", msg);
    free(msg);
    double scale = 0;
    CHECK(q_get_scale(ctx, f32, &scale) == OMNIR_ERROR_INVALID_ARGUMENT && strstr(q_last_error(), "not a !quant"),
          "getter on another type: %s", q_last_error());
    msg = last_error();
    CHECK(msg[0] == 0, "no stale core message: %s", msg);
    free(msg);
    int64_t zp = 0;
    CHECK(q_get_zero_point(ctx, q, &zp) == OMNIR_OK && zp == 128 && q_get_scale(ctx, q, &scale) == OMNIR_OK &&
              scale == 0.5,
          "getters");
    bool isq = false;
    CHECK(q_is_uniform(ctx, q, &isq) == OMNIR_OK && isq && q_is_uniform(ctx, f32, &isq) == OMNIR_OK && !isq,
          "is_uniform");
    CHECK(q_uniform_get(ctx, i8, f32, 0.5, 128, NULL) == OMNIR_ERROR_NULL_ARGUMENT, "NULL out");

    /* 8. An op verifier failure (C++, MLIR's message) surfaces as a diagnostic at the op. */
    const char *invalid =
        "\"test.func\"() ({\n"
        "^bb0(%arg0: tensor<4xf16>):\n"
        "  %0 = \"quant.qcast\"(%arg0) : (tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5:128>>\n"
        "}) : () -> ()\n";
    /* Parsing verifies by default: the C++ verifier runs inside the parse and fails it. */
    st = omnir_module_parse(ctx, S(invalid), S("bad.mlir"), &module);
    msg = last_error();
    CHECK(st == OMNIR_ERROR_PARSE_FAILED &&
              strstr(msg, "bad.mlir:3:8: error: 'quant.qcast' op expressed type in quantized type expected to match "
                          "float type"),
          "parse verifies: %d %s", st, msg);
    free(msg);
    /* The invalid IR is parsed without verifying, to run the verifier below. */
    CHECK(omnir_context_set_verify_after_parse(ctx, false) == OMNIR_OK, "verify_after_parse off");
    st = omnir_module_parse(ctx, S(invalid), S("bad.mlir"), &module);
    CHECK(st == OMNIR_OK, "parse the invalid module");
    if (st == OMNIR_OK) {
        uint64_t cap = 0;
        omnir_context_begin_diagnostic_capture(ctx, &cap);
        st = omnir_op_verify(ctx, module);
        msg = last_error();
        omnir_diagnostic_list *list = NULL;
        omnir_context_end_diagnostic_capture(ctx, cap, &list);
        size_t n = 0;
        omnir_diagnostic_list_get_size(list, &n);
        CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED, "verification fails: %d", st);
        CHECK(n == 1, "one diagnostic, got %zu", n);
        if (n >= 1) {
            const omnir_diagnostic *d = NULL;
            omnir_diagnostic_list_get(list, 0, &d);
            omnir_severity sev = OMNIR_SEVERITY_NOTE;
            omnir_diagnostic_get_severity(d, &sev);
            const char *data = NULL;
            size_t len = 0;
            omnir_diagnostic_get_message(d, &data, &len);
            CHECK(sev == OMNIR_SEVERITY_ERROR, "error severity");
            const char *expect = "'quant.qcast' op expressed type in quantized type expected to match float type";
            CHECK(len == strlen(expect) && memcmp(data, expect, len) == 0, "message: %.*s", (int)len, data);
            omnir_location loc;
            omnir_diagnostic_get_location(d, &loc);
            omnir_string ls = {0};
            omnir_location_print(ctx, loc, &ls);
            CHECK(ls.data && strcmp(ls.data, "loc(\"bad.mlir\":3:8)") == 0, "at the op: %s", ls.data);
            omnir_string_free(ls);
        }
        omnir_diagnostic_list_free(list);
        free(msg);
        omnir_op_erase(ctx, module, OMNIR_ERASE_DROP_USES);
    }
    /* The ODS-style constraints (C++ predicates) and the C++ trait verifier. */
    struct {
        const char *src, *expect;
    } bad_ops[] = {
        {"%0 = \"quant.qcast\"(%arg0) : (tensor<4xi32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>",
         "floating-point or tensor of floating-point values"},
        {"%0 = \"quant.qcast\"(%arg1) : (tensor<2xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>",
         "'quant.qcast' op requires the same shape for all operands and results"},
        {"%0 = \"quant.scast\"(%arg2) : (tensor<4xi16>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>",
         "'quant.scast' op storage type in quantized type expected to match integer type"},
    };
    for (size_t i = 0; i < sizeof bad_ops / sizeof bad_ops[0]; i++) {
        char buf[1024];
        snprintf(buf, sizeof buf,
                 "\"test.func\"() ({\n^bb0(%%arg0: tensor<4xi32>, %%arg1: tensor<2xf32>, %%arg2: tensor<4xi16>):\n"
                 "  %s\n}) : () -> ()\n",
                 bad_ops[i].src);
        st = omnir_module_parse(ctx, S(buf), S("ops.mlir"), &module);
        CHECK(st == OMNIR_OK, "parse %s", bad_ops[i].src);
        if (st != OMNIR_OK) continue;
        uint64_t cap = 0;
        omnir_context_begin_diagnostic_capture(ctx, &cap);
        st = omnir_op_verify(ctx, module);
        msg = last_error();
        omnir_diagnostic_list *list = NULL;
        omnir_context_end_diagnostic_capture(ctx, cap, &list);
        omnir_diagnostic_list_free(list);
        CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, bad_ops[i].expect), "%s\n  expected: %s\n  got: %s",
              bad_ops[i].src, bad_ops[i].expect, msg);
        free(msg);
        omnir_op_erase(ctx, module, OMNIR_ERASE_DROP_USES);
    }
    CHECK(omnir_context_set_verify_after_parse(ctx, true) == OMNIR_OK, "verify_after_parse on");

    /* A second C++ dialect library: the same one bridge and core, one registry for both. */
    void *px = dlopen("libpx_dialect.so.0", RTLD_NOW);
    CHECK(px != NULL, "dlopen libpx_dialect.so.0: %s", px ? "" : dlerror());
    if (px) {
        omnir_status (*px_register)(omnir_context *) = (omnir_status(*)(omnir_context *))sym(px, "px_register");
        omnir_status (*px_get)(omnir_context *, int64_t, omnir_type *) =
            (omnir_status(*)(omnir_context *, int64_t, omnir_type *))sym(px, "px_pixel_type_get");
        CHECK(px_register(ctx) == OMNIR_OK, "px_register");
        omnir_type pixel = {0};
        CHECK(px_get(ctx, 8, &pixel) == OMNIR_OK, "px pixel");
        omnir_type tup2[2] = {q, pixel}, tuple2;
        omnir_tuple_type_get(ctx, tup2, 2, &tuple2);
        text = type_text(ctx, tuple2);
        CHECK(strcmp(text, "tuple<!quant.uniform<i8:f32, 5.000000e-01:128>, !px.pixel<8>>") == 0, "%s", text);
        free(text);
        CHECK(omnir_memref_type_get(ctx, shape, 1, pixel, no_attr, no_attr, &memref) == OMNIR_OK,
              "memref of the other dialect's type");
        st = px_get(ctx, 99, &pixel);
        msg = last_error();
        CHECK(st == OMNIR_ERROR_VERIFICATION_FAILED && strstr(msg, "pixel bits must be in [1, 64], got 99"), "%s", msg);
        free(msg);
        bridges = mapped_copies("libomnir_cxx.so", bridge_path, sizeof bridge_path);
        cores = mapped_copies("libomnir.so", core_path, sizeof core_path);
        CHECK(bridges == 1 && cores == 1, "two C++ dialects, one bridge (%d) and one core (%d)", bridges, cores);
    }

    /* 9. A second context: its own registration, the same TypeIds. */
    omnir_context *ctx2 = NULL;
    omnir_context_create(&ctx2);
    omnir_type q2 = {0}, i8b, f32b;
    omnir_integer_type_get(ctx2, 8, OMNIR_SIGNEDNESS_SIGNLESS, &i8b);
    omnir_float_type_get(ctx2, OMNIR_FLOAT_KIND_F32, &f32b);
    CHECK(q_uniform_get(ctx2, i8b, f32b, 0.5, 128, &q2) == OMNIR_ERROR_NOT_REGISTERED,
          "not registered in a fresh context: %s", q_last_error());
    CHECK(q_register(ctx2) == OMNIR_OK, "register in a second context");
    CHECK(q_uniform_get(ctx2, i8b, f32b, 0.5, 128, &q2) == OMNIR_OK, "type in the second context");
    uint32_t id2 = 0;
    omnir_type_get_type_id(ctx2, q2, &id2);
    CHECK(id2 == from_core, "same TypeId in both contexts");
    CHECK(!type_eq(q2, q), "distinct handles per context");
    omnir_context_destroy(ctx2);

    CHECK(omnir_context_destroy(ctx) == OMNIR_OK, "destroy (frees the C++ models)");
    cores = mapped_copies("libomnir.so", core_path, sizeof core_path);
    bridges = mapped_copies("libomnir_cxx.so", bridge_path, sizeof bridge_path);
    CHECK(cores == 1 && bridges == 1, "still one core (%d) and one bridge (%d)", cores, bridges);
    printf("core:   %s\nbridge: %s\n", core_path, bridge_path);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
