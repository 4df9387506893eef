/* The universe guard, tested from C (docs/universe.md).
 *
 * This program links the installed libomnir.so.0 the ordinary way (copy A), builds some
 * objects with it, then loads a deliberately renamed second copy of the core BY PATH
 * (target/universe/libomnir_copy.so, SONAME libomnir_copy.so, built by
 * tests/universe/build-copy.sh from the same static library) with RTLD_LOCAL: copy B. It
 * checks that
 *   - the first use of either copy after both are loaded reports OMNIR_ERROR_DUPLICATE_CORE
 *     with a message naming both files (modes a-first, b-first; and object-first, where copy
 *     B's very first call gets one of A's objects);
 *   - every object of A (context, pass manager, symbol table, operation state, diagnostic
 *     list) handed to B is refused with a message naming A's file, and is still fine in A
 *     afterwards (B read nothing but its magic);
 *   - handles of A handed to B are refused (with A's context, or alone), and a handle whose
 *     copy tag is not A's is refused by A with a message naming the other copy;
 *   - omnir_abi_require reports the duplicate too.
 * Mode "abi" (one copy only) loads a tiny dialect library built twice against the installed
 * header — normally and with -DOMNIR_ABI_VERSION set one above the core's — and checks that registering through the
 * second gives OMNIR_ERROR_ABI_MISMATCH naming both ABI versions, and the first works. It
 * also prints the cost of the guard's check (never asserted).
 *
 * usage: universe_test MODE CORE_PATH COPY_PATH [DIALECT_LIB DIALECT_LIB_ABI2]
 *   MODE: a-first | b-first | object-first | abi */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <omnir/omnir.h>

#include "universe.h"

#define S(str) (str), strlen(str)

/* The functions of one copy of the core that the test uses. */
typedef struct core_api {
    const char *label;
    omnir_status (*context_create)(omnir_context **);
    omnir_status (*context_destroy)(omnir_context *);
    omnir_status (*context_get_allow_unregistered_dialects)(const omnir_context *, bool *);
    omnir_status (*type_parse)(omnir_context *, const char *, size_t, omnir_type *);
    omnir_status (*type_print)(const omnir_context *, omnir_type, omnir_string *);
    omnir_status (*unknown_loc_get)(omnir_context *, omnir_location *);
    omnir_status (*pass_manager_print)(omnir_pass_manager *, omnir_string *);
    omnir_status (*pass_manager_destroy)(omnir_pass_manager *);
    omnir_status (*symbol_table_get_size)(const omnir_context *, omnir_symbol_table *, size_t *);
    omnir_status (*symbol_table_destroy)(omnir_symbol_table *);
    omnir_status (*operation_state_create)(const char *, size_t, omnir_location, omnir_operation_state **);
    omnir_status (*operation_state_destroy)(omnir_operation_state *);
    omnir_status (*diagnostic_list_get_size)(const omnir_diagnostic_list *, size_t *);
    omnir_status (*abi_require)(uint32_t);
    omnir_string (*last_error_message)(void);
    omnir_status (*last_error_status)(void);
    void (*string_free)(omnir_string);
    uint32_t (*copy_tag)(void);
} core_api;

static core_api A, B;
static char core_path[PATH_MAX], copy_path[PATH_MAX];
static void *copy_handle;

/* Copy A: the library this program is linked against. */
static void init_a(void) {
    A.label = "A";
    A.context_create = omnir_context_create;
    A.context_destroy = omnir_context_destroy;
    A.context_get_allow_unregistered_dialects = omnir_context_get_allow_unregistered_dialects;
    A.type_parse = omnir_type_parse;
    A.type_print = omnir_type_print;
    A.unknown_loc_get = omnir_unknown_loc_get;
    A.pass_manager_print = omnir_pass_manager_print;
    A.pass_manager_destroy = omnir_pass_manager_destroy;
    A.symbol_table_get_size = omnir_symbol_table_get_size;
    A.symbol_table_destroy = omnir_symbol_table_destroy;
    A.operation_state_create = omnir_operation_state_create;
    A.operation_state_destroy = omnir_operation_state_destroy;
    A.diagnostic_list_get_size = omnir_diagnostic_list_get_size;
    A.abi_require = omnir_abi_require;
    A.last_error_message = omnir_last_error_message;
    A.last_error_status = omnir_last_error_status;
    A.string_free = omnir_string_free;
    A.copy_tag = omnir_copy_tag;
}

static void *sym(const char *name) {
    void *p = dlsym(copy_handle, name);
    if (!p) {
        fprintf(stderr, "universe_test: %s not found in %s: %s\n", name, copy_path, dlerror());
        exit(2);
    }
    return p;
}

/* Copy B: loaded by path, RTLD_LOCAL (its symbols stay out of the global scope). */
static void load_b(void) {
    copy_handle = dlopen(copy_path, RTLD_NOW | RTLD_LOCAL);
    if (!copy_handle) {
        fprintf(stderr, "universe_test: dlopen(%s): %s\n", copy_path, dlerror());
        exit(2);
    }
    B.label = "B";
    *(void **)&B.context_create = sym("omnir_context_create");
    *(void **)&B.context_destroy = sym("omnir_context_destroy");
    *(void **)&B.context_get_allow_unregistered_dialects = sym("omnir_context_get_allow_unregistered_dialects");
    *(void **)&B.type_parse = sym("omnir_type_parse");
    *(void **)&B.type_print = sym("omnir_type_print");
    *(void **)&B.unknown_loc_get = sym("omnir_unknown_loc_get");
    *(void **)&B.pass_manager_print = sym("omnir_pass_manager_print");
    *(void **)&B.pass_manager_destroy = sym("omnir_pass_manager_destroy");
    *(void **)&B.symbol_table_get_size = sym("omnir_symbol_table_get_size");
    *(void **)&B.symbol_table_destroy = sym("omnir_symbol_table_destroy");
    *(void **)&B.operation_state_create = sym("omnir_operation_state_create");
    *(void **)&B.operation_state_destroy = sym("omnir_operation_state_destroy");
    *(void **)&B.diagnostic_list_get_size = sym("omnir_diagnostic_list_get_size");
    *(void **)&B.abi_require = sym("omnir_abi_require");
    *(void **)&B.last_error_message = sym("omnir_last_error_message");
    *(void **)&B.last_error_status = sym("omnir_last_error_status");
    *(void **)&B.string_free = sym("omnir_string_free");
    *(void **)&B.copy_tag = sym("omnir_copy_tag");
}

/* The last error message of a copy (each copy keeps its own, per thread). */
static const char *message(const core_api *c) {
    static char buf[4][2048];
    static int which;
    char *b = buf[which++ & 3];
    omnir_string s = c->last_error_message();
    size_t n = s.len < sizeof buf[0] - 1 ? s.len : sizeof buf[0] - 1;
    if (n) memcpy(b, s.data, n);
    b[n] = '\0';
    c->string_free(s);
    return b;
}

static const char *status_name(omnir_status st) {
    switch (st) {
    case OMNIR_OK: return "OMNIR_OK";
    case OMNIR_ERROR_INVALID_ARGUMENT: return "OMNIR_ERROR_INVALID_ARGUMENT";
    case OMNIR_ERROR_WRONG_CONTEXT: return "OMNIR_ERROR_WRONG_CONTEXT";
    case OMNIR_ERROR_DUPLICATE_CORE: return "OMNIR_ERROR_DUPLICATE_CORE";
    case OMNIR_ERROR_ABI_MISMATCH: return "OMNIR_ERROR_ABI_MISMATCH";
    case OMNIR_ERROR_INTERNAL: return "OMNIR_ERROR_INTERNAL";
    default: return "(another status)";
    }
}

/* The call on copy `c` must fail with `expected`, agree with last_error_status, and leave a
 * message containing every non-NULL needle. */
static void expect(const core_api *c, omnir_status st, omnir_status expected, const char *what, const char *n1,
                   const char *n2, const char *n3) {
    const char *m = message(c);
    CHECK_MSG(st == expected, "%s on copy %s: got %s, expected %s: %s", what, c->label, status_name(st),
              status_name(expected), m);
    if (st == OMNIR_OK) return;
    CHECK_MSG(c->last_error_status() == st, "%s: last_error_status disagrees", what);
    const char *needles[3] = {n1, n2, n3};
    for (int i = 0; i < 3; i++)
        if (needles[i]) CHECK_MSG(strstr(m, needles[i]) != NULL, "%s: message lacks \"%s\": %s", what, needles[i], m);
    if (getenv("OMNIR_TEST_VERBOSE")) fprintf(stderr, "  %s (copy %s): %s: %s\n", what, c->label, status_name(st), m);
}

/* How many mappings of /proc/self/maps name a file whose name contains `needle`. */
static int mapped_files(const char *needle) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return -1;
    char line[PATH_MAX + 200], seen[8][PATH_MAX];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        char *p = strchr(line, '/');
        if (!p || !strstr(p, needle)) continue;
        p[strcspn(p, "\n")] = '\0';
        bool dup = false;
        for (int i = 0; i < n; i++) dup |= strcmp(seen[i], p) == 0;
        if (!dup && n < 8) strcpy(seen[n++], p);
    }
    fclose(f);
    return n;
}

/* ---- objects of copy A, made before copy B is loaded */

static struct {
    omnir_context *ctx;
    omnir_op module;
    omnir_type i32;
    omnir_location loc;
    omnir_pass_manager *pm;
    omnir_symbol_table *table;
    omnir_operation_state *state;
    omnir_diagnostic_list *diags;
} a;

static void make_a_objects(void) {
    CHECK(omnir_context_create(&a.ctx) == OMNIR_OK);
    CHECK(omnir_context_set_allow_unregistered_dialects(a.ctx, true) == OMNIR_OK);
    const char *text = "\"builtin.module\"() ({\n"
                       "  \"test.func\"() <{sym_name = \"f\"}> ({\n"
                       "  }) : () -> ()\n"
                       "}) : () -> ()\n";
    CHECK_MSG(omnir_module_parse(a.ctx, S(text), S("a.mlir"), &a.module) == OMNIR_OK, "%s", message(&A));
    CHECK(omnir_type_parse(a.ctx, S("i32"), &a.i32) == OMNIR_OK);
    CHECK(omnir_unknown_loc_get(a.ctx, &a.loc) == OMNIR_OK);
    CHECK_MSG(omnir_pass_manager_parse(a.ctx, S("builtin.module(cse)"), &a.pm) == OMNIR_OK, "%s", message(&A));
    CHECK_MSG(omnir_symbol_table_create(a.ctx, a.module, &a.table) == OMNIR_OK, "%s", message(&A));
    CHECK(omnir_operation_state_create(S("test.op"), a.loc, &a.state) == OMNIR_OK);
    uint64_t capture = 0;
    CHECK(omnir_context_begin_diagnostic_capture(a.ctx, &capture) == OMNIR_OK);
    CHECK(omnir_context_end_diagnostic_capture(a.ctx, capture, &a.diags) == OMNIR_OK);
}

/* Everything of A still works in A, and is freed by A. */
static void a_objects_still_fine(void) {
    omnir_string s = {0};
    CHECK_MSG(omnir_type_print(a.ctx, a.i32, &s) == OMNIR_OK, "%s", message(&A));
    CHECK(s.len == 3 && memcmp(s.data, "i32", 3) == 0);
    omnir_string_free(s);
    CHECK_MSG(omnir_pass_manager_print(a.pm, &s) == OMNIR_OK, "%s", message(&A));
    CHECK_MSG(s.len > 0 && strstr(s.data, "cse") != NULL, "pipeline: %s", s.data ? s.data : "");
    omnir_string_free(s);
    size_t n = 99;
    CHECK(omnir_symbol_table_get_size(a.ctx, a.table, &n) == OMNIR_OK && n == 1);
    CHECK(omnir_diagnostic_list_get_size(a.diags, &n) == OMNIR_OK && n == 0);
    bool allow = false;
    CHECK(omnir_context_get_allow_unregistered_dialects(a.ctx, &allow) == OMNIR_OK && allow);
    CHECK(omnir_operation_state_destroy(a.state) == OMNIR_OK);
    CHECK(omnir_diagnostic_list_free(a.diags) == OMNIR_OK);
    CHECK(omnir_symbol_table_destroy(a.table) == OMNIR_OK);
    CHECK(omnir_pass_manager_destroy(a.pm) == OMNIR_OK);
    CHECK(omnir_context_destroy(a.ctx) == OMNIR_OK);
}

/* ---- the tests */

static void test_one_copy_before(void) {
    CHECK_MSG(mapped_files("libomnir") == 1, "expected exactly one libomnir mapped before the copy is loaded");
    CHECK_MSG(omnir_abi_require(OMNIR_ABI_VERSION) == OMNIR_OK, "%s", message(&A));
    make_a_objects();
}

static void test_b_create_refused(void) {
    omnir_context *ctx = NULL;
    omnir_status st = B.context_create(&ctx);
    expect(&B, st, OMNIR_ERROR_DUPLICATE_CORE, "context_create", "two copies of omnir", core_path, copy_path);
    CHECK_MSG(ctx == NULL, "no context is made");
    /* again (the cached scan): same answer */
    st = B.context_create(&ctx);
    expect(&B, st, OMNIR_ERROR_DUPLICATE_CORE, "context_create (again)", core_path, copy_path, NULL);
    expect(&B, B.abi_require(OMNIR_ABI_VERSION), OMNIR_ERROR_DUPLICATE_CORE, "abi_require", core_path, copy_path,
           NULL);
}

static void test_a_create_refused(void) {
    /* A created contexts before B arrived; its next creation notices B. */
    omnir_context *ctx = NULL;
    omnir_status st = A.context_create(&ctx);
    expect(&A, st, OMNIR_ERROR_DUPLICATE_CORE, "context_create", "two copies of omnir", core_path, copy_path);
    CHECK_MSG(ctx == NULL, "no context is made");
    expect(&A, A.abi_require(OMNIR_ABI_VERSION), OMNIR_ERROR_DUPLICATE_CORE, "abi_require", core_path, copy_path,
           NULL);
}

static void test_a_objects_refused_by_b(void) {
    bool allow = false;
    expect(&B, B.context_get_allow_unregistered_dialects(a.ctx, &allow), OMNIR_ERROR_DUPLICATE_CORE,
           "context of A", "this context was created by another copy of omnir", core_path, copy_path);
    omnir_type t = {0};
    expect(&B, B.type_parse(a.ctx, S("i64"), &t), OMNIR_ERROR_DUPLICATE_CORE, "type_parse with A's context",
           core_path, NULL, NULL);
    CHECK(t.context == 0);
    omnir_string s = {0};
    expect(&B, B.type_print(a.ctx, a.i32, &s), OMNIR_ERROR_DUPLICATE_CORE, "A's handle with A's context",
           core_path, NULL, NULL);
    CHECK(s.data == NULL);
    omnir_location loc = {0};
    expect(&B, B.unknown_loc_get(a.ctx, &loc), OMNIR_ERROR_DUPLICATE_CORE, "unknown_loc_get with A's context",
           core_path, NULL, NULL);
    /* a handle of A alone (no context argument): the copy tag tells */
    omnir_operation_state *state = NULL;
    expect(&B, B.operation_state_create(S("test.op"), a.loc, &state), OMNIR_ERROR_WRONG_CONTEXT,
           "A's location handle", "made by another copy of omnir", core_path, NULL);
    CHECK(state == NULL);
    /* Both copies have drawn their tags by now (B to check that handle), and the later one
     * skipped the earlier one's: handles tell the copies apart, never by chance alone. */
    CHECK_MSG(A.copy_tag() != 0 && B.copy_tag() != 0 && A.copy_tag() != B.copy_tag(), "copy tags %u and %u",
              A.copy_tag(), B.copy_tag());
    expect(&B, B.pass_manager_print(a.pm, &s), OMNIR_ERROR_DUPLICATE_CORE, "pass manager of A",
           "this pass manager was created by another copy of omnir", core_path, NULL);
    expect(&B, B.pass_manager_destroy(a.pm), OMNIR_ERROR_DUPLICATE_CORE, "destroying A's pass manager",
           "pass manager", core_path, NULL);
    size_t n = 0;
    expect(&B, B.symbol_table_get_size(a.ctx, a.table, &n), OMNIR_ERROR_DUPLICATE_CORE, "symbol table of A",
           core_path, NULL, NULL);
    expect(&B, B.symbol_table_destroy(a.table), OMNIR_ERROR_DUPLICATE_CORE, "destroying A's symbol table",
           "this symbol table was created by another copy of omnir", core_path, NULL);
    expect(&B, B.operation_state_destroy(a.state), OMNIR_ERROR_DUPLICATE_CORE, "destroying A's operation state",
           "this operation state was created by another copy of omnir", core_path, NULL);
    expect(&B, B.diagnostic_list_get_size(a.diags, &n), OMNIR_ERROR_DUPLICATE_CORE, "A's diagnostic list",
           "this diagnostic list was created by another copy of omnir", core_path, NULL);
    expect(&B, B.context_destroy(a.ctx), OMNIR_ERROR_DUPLICATE_CORE, "destroying A's context",
           "this context was created by another copy of omnir", core_path, NULL);
}

static void test_foreign_tag_refused_by_a(void) {
    /* B can make no context (and so no handle) while A is loaded; a handle whose copy tag is
     * not A's stands for one (the top byte of the serial is the copy's tag). */
    omnir_type t = a.i32;
    t.context ^= 0x80000000u;
    omnir_string s = {0};
    expect(&A, A.type_print(a.ctx, t, &s), OMNIR_ERROR_WRONG_CONTEXT, "a handle of another copy",
           "made by another copy of omnir", copy_path, NULL);
    CHECK(s.data == NULL);
}

static void test_a_still_fine(void) { a_objects_still_fine(); }

static void test_after_unload(void) {
    /* dlclose may or may not unmap the copy (a Rust library that registered thread-local
     * destructors stays loaded): whatever the loader did, A's verdict follows it. */
    dlclose(copy_handle);
    copy_handle = NULL;
    int copies = mapped_files("libomnir");
    omnir_context *ctx = NULL;
    omnir_status st = omnir_context_create(&ctx);
    if (copies == 1) {
        CHECK_MSG(st == OMNIR_OK, "the copy is gone, contexts can be made again: %s", message(&A));
    } else {
        CHECK_MSG(st == OMNIR_ERROR_DUPLICATE_CORE, "the copy is still mapped: still refused");
    }
    fprintf(stderr, "universe: after dlclose the copy is %s; omnir_context_create: %s\n",
            copies == 1 ? "unmapped" : "still mapped", status_name(st));
    if (ctx) omnir_context_destroy(ctx);
}

/* ---- the ABI handshake */

typedef omnir_status (*register_fn)(omnir_context *);
typedef uint32_t (*abi_fn)(void);

static void *load_dialect(const char *path, register_fn *reg, abi_fn *abi) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CHECK_MSG(h != NULL, "dlopen(%s): %s", path, dlerror());
    if (!h) return NULL;
    *(void **)reg = dlsym(h, "universe_dialect_register");
    *(void **)abi = dlsym(h, "universe_dialect_header_abi");
    CHECK(*reg != NULL && *abi != NULL);
    return h;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void bench_guard(void) {
    /* the guard's check when nothing was loaded since the last scan, and a context's cost */
    const int n = 20000;
    omnir_abi_require(OMNIR_ABI_VERSION);
    double t0 = now_ns();
    for (int i = 0; i < n; i++) omnir_abi_require(OMNIR_ABI_VERSION);
    double t1 = now_ns();
    const int m = 2000;
    double t2 = now_ns();
    for (int i = 0; i < m; i++) {
        omnir_context *c = NULL;
        omnir_context_create(&c);
        omnir_context_destroy(c);
    }
    double t3 = now_ns();
    printf("bench: guard check (omnir_abi_require, cached scan): %.0f ns; context create+destroy: %.0f ns\n",
           (t1 - t0) / n, (t3 - t2) / m);
}

static const char *dialect_lib, *dialect_lib_abi2;

static int count_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)info;
    (void)size;
    ++*(int *)data;
    return 0;
}

static void test_abi_handshake(void) {
    omnir_context *ctx = NULL;
    CHECK(omnir_context_create(&ctx) == OMNIR_OK);
    register_fn reg2 = NULL, reg1 = NULL;
    abi_fn abi2 = NULL, abi1 = NULL;
    void *h2 = load_dialect(dialect_lib_abi2, &reg2, &abi2);
    void *h1 = load_dialect(dialect_lib, &reg1, &abi1);
    if (!h1 || !h2 || !reg1 || !reg2) return;
    {
        /* the first check after objects were loaded scans the process again */
        double t0 = now_ns();
        omnir_status st0 = omnir_abi_require(OMNIR_ABI_VERSION);
        double t1 = now_ns();
        CHECK(st0 == OMNIR_OK);
        int objects = 0;
        dl_iterate_phdr(count_object, &objects);
        printf("bench: guard full scan after a dlopen (%d loaded objects): %.0f ns\n", objects, t1 - t0);
    }
    CHECK_MSG(abi2() == OMNIR_ABI_VERSION + 1 && abi1() == OMNIR_ABI_VERSION, "built with ABI %u and %u", abi2(), abi1());
    CHECK(omnir_abi_version() == OMNIR_ABI_VERSION);

    /* built against a newer header: a clear error, nothing registered */
    char v2[64], v1[64];
    snprintf(v2, sizeof v2, "ABI version %u", abi2());
    snprintf(v1, sizeof v1, "provides ABI version %u", omnir_abi_version());
    expect(&A, reg2(ctx), OMNIR_ERROR_ABI_MISMATCH, "register (header ABI 2)", v2, v1, core_path);
    bool registered = true;
    CHECK(omnir_dialect_is_registered(ctx, S("udemo"), &registered) == OMNIR_OK && !registered);

    /* the same library built against the installed header registers fine */
    omnir_status st = reg1(ctx);
    CHECK_MSG(st == OMNIR_OK, "register (header ABI %u): %s: %s", abi1(), status_name(st), message(&A));
    CHECK(omnir_dialect_is_registered(ctx, S("udemo"), &registered) == OMNIR_OK && registered);

    /* omnir_abi_require directly, with an older version */
    expect(&A, omnir_abi_require(0), OMNIR_ERROR_ABI_MISMATCH, "abi_require(0)", "ABI version 0", v1, NULL);
    CHECK(omnir_context_destroy(ctx) == OMNIR_OK);
    dlclose(h1);
    dlclose(h2);
    CHECK_MSG(mapped_files("libomnir") == 1, "the dialect libraries share the one libomnir");
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s a-first|b-first|object-first|abi CORE_PATH COPY_PATH [DIALECT DIALECT_ABI2]\n",
                argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    if (!realpath(argv[2], core_path) || !realpath(argv[3], copy_path)) {
        fprintf(stderr, "universe_test: cannot resolve %s or %s\n", argv[2], argv[3]);
        return 2;
    }
    init_a();
    if (strcmp(mode, "abi") == 0) {
        if (argc < 6) return 2;
        dialect_lib = argv[4];
        dialect_lib_abi2 = argv[5];
        bench_guard();
        RUN(test_abi_handshake);
        return u_finish();
    }
    RUN(test_one_copy_before);
    load_b();
    CHECK_MSG(mapped_files("libomnir") == 2, "both copies are mapped");
    if (strcmp(mode, "b-first") == 0) {
        RUN(test_b_create_refused);
        RUN(test_a_create_refused);
        RUN(test_a_objects_refused_by_b);
    } else if (strcmp(mode, "a-first") == 0) {
        RUN(test_a_create_refused);
        RUN(test_b_create_refused);
        RUN(test_a_objects_refused_by_b);
    } else if (strcmp(mode, "object-first") == 0) {
        RUN(test_a_objects_refused_by_b);
        RUN(test_b_create_refused);
        RUN(test_a_create_refused);
    } else {
        fprintf(stderr, "universe_test: unknown mode %s\n", mode);
        return 2;
    }
    RUN(test_foreign_tag_refused_by_a);
    RUN(test_a_still_fine);
    RUN(test_after_unload);
    return u_finish();
}
