/* A tiny harness for the universe-guard tests (tests/universe): CHECK records a failure and
 * goes on; each TEST passes when none of its checks failed; the program ends with exactly
 * "N passed, M failed" (ci/test-universe.sh reads that line). */
#ifndef OMNIR_TEST_UNIVERSE_H
#define OMNIR_TEST_UNIVERSE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int u_passed, u_failed, u_test_failures;
static const char *u_current = "?";

#define CHECK_MSG(cond, ...)                                                        \
    do {                                                                            \
        if (!(cond)) {                                                              \
            u_test_failures++;                                                      \
            fprintf(stderr, "FAIL %s (%s:%d): %s: ", u_current, __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
        }                                                                           \
    } while (0)

#define CHECK(cond) CHECK_MSG(cond, "%s", "")

#define RUN(fn)                                                   \
    do {                                                          \
        u_current = #fn;                                          \
        u_test_failures = 0;                                      \
        fn();                                                     \
        if (u_test_failures == 0) {                               \
            u_passed++;                                           \
            if (getenv("OMNIR_TEST_VERBOSE")) fprintf(stderr, "ok   %s\n", #fn); \
        } else {                                                  \
            u_failed++;                                           \
        }                                                         \
    } while (0)

static inline int u_finish(void) {
    printf("%d passed, %d failed\n", u_passed, u_failed);
    return u_failed == 0 ? 0 : 1;
}

#endif
