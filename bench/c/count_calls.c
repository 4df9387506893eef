/* Instructions per C API call, for machines too noisy for timings: run one kind of call N
 * times under callgrind, twice with different N, and divide the difference in instructions.
 *   cc -O2 bench/c/count_calls.c $(pkg-config --cflags --libs omnir) -o /tmp/count_calls
 *   bash bench/c/count_calls.sh /tmp/count_calls     (prints instructions per call)
 * usage: count_calls KIND N   with KIND one of: context-get, type-kind, int-attr-same,
 *        int-attr-cycle, int-attr-new, string-attr, op-create (create, insert),
 *        op-create-at (the same in one call) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omnir/omnir.h>

#define OK(call)                                                             \
    do {                                                                     \
        if ((call) != OMNIR_OK) {                                            \
            fprintf(stderr, "count_calls: %s failed\n", #call);              \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

static volatile uint64_t sink;

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: count_calls KIND N\n");
        return 2;
    }
    const char *kind = argv[1];
    long n = atol(argv[2]);
    omnir_context *ctx;
    OK(omnir_context_create(&ctx));
    OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    omnir_type i32, i64, none = {0, 0};
    OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    OK(omnir_integer_type_get(ctx, 64, OMNIR_SIGNEDNESS_SIGNLESS, &i64));
    omnir_attribute a;
    OK(omnir_integer_attr_get(ctx, i32, 7, &a));
    for (long v = 0; v < 1024; v++) OK(omnir_integer_attr_get(ctx, i64, v, &a));
    OK(omnir_string_attr_get(ctx, "hello", 5, none, &a));
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
            omnir_string_attr_get(ctx, "hello", 5, none, &a);
            acc += a.id;
        }
    } else if (!strcmp(kind, "op-create") || !strcmp(kind, "op-create-at")) {
        omnir_location loc;
        OK(omnir_unknown_loc_get(ctx, &loc));
        omnir_type args[2] = {i32, i32};
        omnir_location locs[2] = {loc, loc};
        omnir_block block;
        OK(omnir_block_create(ctx, args, locs, 2, &block));
        omnir_value operands[2];
        OK(omnir_block_get_argument(ctx, block, 0, &operands[0]));
        OK(omnir_block_get_argument(ctx, block, 1, &operands[1]));
        omnir_insertion_point end = {OMNIR_INSERT_BLOCK_END, block, {0}};
        omnir_operation_state *st;
        OK(omnir_operation_state_create("bench.add", 9, loc, &st));
        OK(omnir_operation_state_add_operands(st, operands, 2));
        OK(omnir_operation_state_add_results(st, &i32, 1));
        OK(omnir_operation_state_add_attribute(st, "tag", 3, a));
        bool one_call = !strcmp(kind, "op-create-at");
        for (long i = 0; i < n; i++) {
            omnir_op op;
            if (one_call) {
                OK(omnir_operation_create_at(ctx, st, end, &op));
            } else {
                OK(omnir_operation_create(ctx, st, &op));
                OK(omnir_op_insert(ctx, op, end));
            }
        }
        OK(omnir_operation_state_destroy(st));
    } else {
        fprintf(stderr, "count_calls: unknown kind %s\n", kind);
        return 2;
    }
    sink = acc;
    OK(omnir_context_destroy(ctx));
    return 0;
}
