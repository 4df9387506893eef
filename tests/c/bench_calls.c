/* Per-call overhead of omnir's C API from C, printed (never asserted):
 *   - a trivial call (omnir_version: no arguments, no context);
 *   - a trivial context call (a checked getter: context check, lock, out-parameter);
 *   - a type query on a handle (omnir_type_get_kind);
 *   - creating one operation through a reused operation-state builder (2 operands, 1 result,
 *     1 attribute), and inserting it at the end of a block: two calls (create, insert) and
 *     one (omnir_operation_create_at);
 *   - the same with a fresh builder per operation (create state, add, create op, destroy);
 *   - uniquing an integer attribute that exists (one value; 1024 values) and a new one, and
 *     a string attribute that exists.
 * usage: bench_calls [N]   (default 1000000 operations; 10x that for the trivial calls)
 *
 * For machines too noisy for timings, `bench_calls --count KIND N` makes N calls of one kind
 * and nothing else; tests/c/count_calls.sh runs it under callgrind twice and prints the
 * instructions per call. KIND: context-get, type-kind, int-attr-same, int-attr-cycle,
 * int-attr-new, string-attr, op-create (create, insert), op-create-at (the same in one call). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omnir/omnir.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#define S(str) (str), strlen(str)
#define OK(call)                                                             \
    do {                                                                     \
        if ((call) != OMNIR_OK) {                                            \
            fprintf(stderr, "bench: %s failed\n", #call);                    \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

static volatile uint64_t sink;

/* What both op-creation figures build: "bench.add" of the two arguments of a new detached
 * block (2 operands, 1 result, 1 attribute), appended to that block through `state`. */
typedef struct add_setup {
    omnir_location loc;
    omnir_block block;
    omnir_value operands[2];
    omnir_insertion_point end;
    omnir_operation_state *state;
} add_setup;

static add_setup add_setup_make(omnir_context *ctx, omnir_type i32, omnir_attribute tag) {
    add_setup a;
    OK(omnir_unknown_loc_get(ctx, &a.loc));
    omnir_type args[2] = {i32, i32};
    omnir_location locs[2] = {a.loc, a.loc};
    OK(omnir_block_create(ctx, args, locs, 2, &a.block));
    OK(omnir_block_get_argument(ctx, a.block, 0, &a.operands[0]));
    OK(omnir_block_get_argument(ctx, a.block, 1, &a.operands[1]));
    a.end = (omnir_insertion_point){OMNIR_INSERT_BLOCK_END, a.block, {0}};
    OK(omnir_operation_state_create(S("bench.add"), a.loc, &a.state));
    OK(omnir_operation_state_add_operands(a.state, a.operands, 2));
    OK(omnir_operation_state_add_results(a.state, &i32, 1));
    OK(omnir_operation_state_add_attribute(a.state, S("tag"), tag));
    return a;
}

/* `--count KIND N`: N calls of one kind and nothing else (see the top comment). */
static int count_mode(const char *kind, long n) {
    omnir_context *ctx;
    OK(omnir_context_create(&ctx));
    OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    omnir_type i32, i64, none = {0, 0};
    OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    OK(omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64));
    omnir_attribute a;
    OK(omnir_integer_attr_get(ctx, i32, 7, &a));
    for (long v = 0; v < 1024; v++) OK(omnir_integer_attr_get(ctx, i64, v, &a));
    OK(omnir_string_attr_get(ctx, S("hello"), none, &a));
    uint64_t acc = 0;
    if (!strcmp(kind, "context-get")) {
        bool v = false;
        for (long i = 0; i < n; i++) omnir_context_get_allow_unregistered_dialects(ctx, &v);
        acc = v;
    } else if (!strcmp(kind, "type-kind")) {
        omnir_type_kind k = 0;
        for (long i = 0; i < n; i++) omnir_type_get_kind(ctx, i32, &k);
        acc = k;
    } else if (!strcmp(kind, "int-attr-same")) {
        for (long i = 0; i < n; i++) {
            omnir_integer_attr_get(ctx, i32, 7, &a);
            acc += a.id;
        }
    } else if (!strcmp(kind, "int-attr-cycle")) {
        for (long i = 0; i < n; i++) {
            omnir_integer_attr_get(ctx, i64, i & 1023, &a);
            acc += a.id;
        }
    } else if (!strcmp(kind, "int-attr-new")) {
        for (long i = 0; i < n; i++) {
            omnir_integer_attr_get(ctx, i64, (1L << 40) + i, &a);
            acc += a.id;
        }
    } else if (!strcmp(kind, "string-attr")) {
        for (long i = 0; i < n; i++) {
            omnir_string_attr_get(ctx, S("hello"), none, &a);
            acc += a.id;
        }
    } else if (!strcmp(kind, "op-create") || !strcmp(kind, "op-create-at")) {
        add_setup setup = add_setup_make(ctx, i32, a);
        bool one_call = !strcmp(kind, "op-create-at");
        for (long i = 0; i < n; i++) {
            omnir_op op;
            if (one_call) {
                OK(omnir_operation_create_at(ctx, setup.state, setup.end, &op));
            } else {
                OK(omnir_operation_create(ctx, setup.state, &op));
                OK(omnir_op_insert(ctx, op, setup.end));
            }
        }
        OK(omnir_operation_state_destroy(setup.state));
    } else {
        fprintf(stderr, "bench: unknown kind %s\n", kind);
        return 2;
    }
    sink = acc;
    OK(omnir_context_destroy(ctx));
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--count")) return count_mode(argv[2], atol(argv[3]));
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    long calls = n * 10;
    omnir_context *ctx;
    OK(omnir_context_create(&ctx));
    OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    double best;

    best = 1e300;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_ns();
        uint64_t acc = 0;
        for (long i = 0; i < calls; i++) acc += omnir_version();
        double dt = (now_ns() - t0) / (double)calls;
        sink = acc;
        if (dt < best) best = dt;
    }
    printf("bench: trivial call (omnir_version): %.1f ns/call\n", best);

    best = 1e300;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_ns();
        bool v = false;
        for (long i = 0; i < calls; i++) omnir_context_get_allow_unregistered_dialects(ctx, &v);
        double dt = (now_ns() - t0) / (double)calls;
        sink = v;
        if (dt < best) best = dt;
    }
    printf("bench: trivial context call (omnir_context_get_allow_unregistered_dialects): %.1f ns/call\n", best);

    omnir_type i32;
    OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    best = 1e300;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_ns();
        omnir_type_kind k = 0;
        for (long i = 0; i < calls; i++) omnir_type_get_kind(ctx, i32, &k);
        double dt = (now_ns() - t0) / (double)calls;
        sink = k;
        if (dt < best) best = dt;
    }
    printf("bench: type query (omnir_type_get_kind): %.1f ns/call\n", best);

    /* op creation: into one block, two operands (block arguments), one result, one attribute */
    omnir_attribute attr;
    OK(omnir_integer_attr_get(ctx, i32, 7, &attr));
    best = 1e300;
    double best_fresh = 1e300, best_at = 1e300;
    for (int rep = 0; rep < 3; rep++) {
        add_setup setup = add_setup_make(ctx, i32, attr);
        double t0 = now_ns();
        for (long i = 0; i < n; i++) {
            omnir_op op;
            OK(omnir_operation_create(ctx, setup.state, &op));
            OK(omnir_op_insert(ctx, op, setup.end));
        }
        double dt = (now_ns() - t0) / (double)n;
        if (dt < best) best = dt;
        t0 = now_ns();
        for (long i = 0; i < n; i++) {
            omnir_op op;
            OK(omnir_operation_create_at(ctx, setup.state, setup.end, &op));
        }
        dt = (now_ns() - t0) / (double)n;
        if (dt < best_at) best_at = dt;
        OK(omnir_operation_state_destroy(setup.state));

        long m = n / 4;
        t0 = now_ns();
        for (long i = 0; i < m; i++) {
            omnir_operation_state *s2;
            omnir_op op;
            OK(omnir_operation_state_create(S("bench.add"), setup.loc, &s2));
            OK(omnir_operation_state_add_operands(s2, setup.operands, 2));
            OK(omnir_operation_state_add_results(s2, &i32, 1));
            OK(omnir_operation_state_add_attribute(s2, S("tag"), attr));
            OK(omnir_operation_create(ctx, s2, &op));
            OK(omnir_operation_state_destroy(s2));
            OK(omnir_op_insert(ctx, op, setup.end));
        }
        dt = (now_ns() - t0) / (double)m;
        if (dt < best_fresh) best_fresh = dt;
        /* drop everything built in this round */
        OK(omnir_block_erase(ctx, setup.block));
    }
    printf("bench: create one operation through the builder + insert (reused state): %.1f ns/op\n", best);
    printf("bench: the same in one call (omnir_operation_create_at): %.1f ns/op\n", best_at);
    printf("bench: create one operation through the builder + insert (fresh state each op): %.1f ns/op\n", best_fresh);

    omnir_type i64;
    OK(omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64));
    for (long v = 0; v < 1024; v++) OK(omnir_integer_attr_get(ctx, i64, v, &attr));
    const char *attr_kinds[4] = {"an integer attribute, existing (one value)", "an integer attribute, existing (1024 values)",
                                 "an integer attribute, new values", "a string attribute, existing"};
    long next_new = 1L << 40;
    for (int kind = 0; kind < 4; kind++) {
        best = 1e300;
        for (int rep = 0; rep < 3; rep++) {
            uint64_t acc = 0;
            double t0 = now_ns();
            for (long i = 0; i < n; i++) {
                if (kind == 0) omnir_integer_attr_get(ctx, i32, 7, &attr);
                else if (kind == 1) omnir_integer_attr_get(ctx, i64, i & 1023, &attr);
                else if (kind == 2) omnir_integer_attr_get(ctx, i64, next_new++, &attr);
                else omnir_string_attr_get(ctx, S("hello"), (omnir_type){0, 0}, &attr);
                acc += attr.id;
            }
            double dt = (now_ns() - t0) / (double)n;
            sink = acc;
            if (dt < best) best = dt;
        }
        printf("bench: unique %s: %.1f ns/call\n", attr_kinds[kind], best);
    }
    OK(omnir_context_destroy(ctx));
    return 0;
}
