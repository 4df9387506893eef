/* The C side of the Swift benchmark (swift/Sources/omnir-bench): exactly the same work
 * through the C API, so the two print comparable ns/op figures.
 *
 *   build_reused  create N ops "bench.add" (2 operands: the block's arguments, 1 result i32,
 *                 attribute tag = 7 : i32) through one reused operation state, each inserted
 *                 at the end of the body block of a "bench.func" op;
 *   build_fresh   the same with a fresh state per op (create state, add, create, destroy);
 *   walk          a pre-order walk of the func op and its N ops, the callback counting them.
 * Best of 3 rounds; each round builds into a new func op and erases it afterwards.
 * Output: one "<name> <ns/op>" line per figure.
 * usage: build_walk [N]   (default 100000) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omnir/omnir.h>

#define S(str) (str), strlen(str)
#define OK(call)                                                  \
    do {                                                          \
        if ((call) != OMNIR_OK) {                                 \
            fprintf(stderr, "build_walk: %s failed\n", #call);    \
            exit(1);                                              \
        }                                                         \
    } while (0)

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static omnir_walk_result count_op(void *user_data, omnir_op op) {
    (void)op;
    ++*(long *)user_data;
    return OMNIR_WALK_ADVANCE;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    omnir_context *ctx;
    OK(omnir_context_create(&ctx));
    OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    omnir_location loc;
    OK(omnir_unknown_loc_get(ctx, &loc));
    omnir_type i32;
    OK(omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &i32));
    omnir_attribute tag;
    OK(omnir_integer_attr_get(ctx, i32, 7, &tag));
    omnir_type args[2] = {i32, i32};
    omnir_location locs[2] = {loc, loc};
    double best_reused = 1e300, best_fresh = 1e300, best_walk = 1e300;

    for (int round = 0; round < 3; round++) {
        for (int fresh = 0; fresh < 2; fresh++) {
            /* the func op and its body block */
            omnir_operation_state *fs;
            omnir_op func;
            OK(omnir_operation_state_create(S("bench.func"), loc, &fs));
            OK(omnir_operation_state_set_num_regions(fs, 1));
            OK(omnir_operation_create(ctx, fs, &func));
            OK(omnir_operation_state_destroy(fs));
            omnir_region region;
            OK(omnir_op_get_region(ctx, func, 0, &region));
            omnir_block block;
            OK(omnir_block_create(ctx, args, locs, 2, &block));
            OK(omnir_region_append_block(ctx, region, block));
            omnir_value operands[2];
            OK(omnir_block_get_argument(ctx, block, 0, &operands[0]));
            OK(omnir_block_get_argument(ctx, block, 1, &operands[1]));
            omnir_insertion_point end = {OMNIR_INSERT_BLOCK_END, block, {0, 0, 0}};

            double t0 = now_ns();
            if (!fresh) {
                omnir_operation_state *st;
                OK(omnir_operation_state_create(S("bench.add"), loc, &st));
                OK(omnir_operation_state_add_operands(st, operands, 2));
                OK(omnir_operation_state_add_results(st, &i32, 1));
                OK(omnir_operation_state_add_attribute(st, S("tag"), tag));
                for (long i = 0; i < n; i++) {
                    omnir_op op;
                    OK(omnir_operation_create(ctx, st, &op));
                    OK(omnir_op_insert(ctx, op, end));
                }
                OK(omnir_operation_state_destroy(st));
            } else {
                for (long i = 0; i < n; i++) {
                    omnir_operation_state *st;
                    omnir_op op;
                    OK(omnir_operation_state_create(S("bench.add"), loc, &st));
                    OK(omnir_operation_state_add_operands(st, operands, 2));
                    OK(omnir_operation_state_add_results(st, &i32, 1));
                    OK(omnir_operation_state_add_attribute(st, S("tag"), tag));
                    OK(omnir_operation_create(ctx, st, &op));
                    OK(omnir_operation_state_destroy(st));
                    OK(omnir_op_insert(ctx, op, end));
                }
            }
            double dt = (now_ns() - t0) / (double)n;
            if (fresh) {
                if (dt < best_fresh) best_fresh = dt;
            } else {
                if (dt < best_reused) best_reused = dt;
                long count = 0;
                t0 = now_ns();
                OK(omnir_op_walk(ctx, func, OMNIR_WALK_PRE_ORDER, count_op, &count, NULL));
                dt = (now_ns() - t0) / (double)n;
                if (count != n + 1) {
                    fprintf(stderr, "build_walk: walked %ld ops, expected %ld\n", count, n + 1);
                    return 1;
                }
                if (dt < best_walk) best_walk = dt;
            }
            OK(omnir_op_erase(ctx, func, OMNIR_ERASE_DROP_USES));
        }
    }
    printf("build_reused %.1f\nbuild_fresh %.1f\nwalk %.1f\n", best_reused, best_fresh, best_walk);
    OK(omnir_context_destroy(ctx));
    return 0;
}
