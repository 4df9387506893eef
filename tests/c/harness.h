/* A minimal test harness for the omnir C suite: CHECK* macros record failures and keep
 * going; each TEST passes when none of its checks failed. The runner prints one line per
 * failed check and ends with exactly "N passed, M failed" (CI reads that line). */
#ifndef OMNIR_TEST_HARNESS_H
#define OMNIR_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <omnir/omnir.h>

typedef void (*test_fn)(void);

extern int harness_failed_checks; /* failed checks of the current test */
extern long harness_checks;       /* all checks so far */

void harness_fail(const char *file, int line, const char *expr, const char *detail);
void harness_run(const char *name, test_fn fn);
const char *status_name(omnir_status st);
/* The last error message on this thread, copied into a static buffer. */
const char *last_error(void);

#define RUN(fn) harness_run(#fn, fn)

#define CHECK(cond)                                                  \
    do {                                                             \
        harness_checks++;                                            \
        if (!(cond)) harness_fail(__FILE__, __LINE__, #cond, NULL); \
    } while (0)

#define CHECK_MSG(cond, detail)                                        \
    do {                                                               \
        harness_checks++;                                              \
        if (!(cond)) harness_fail(__FILE__, __LINE__, #cond, (detail)); \
    } while (0)

/* The call must succeed; on failure the last error's message is printed. */
#define CHECK_OK(call)                                                      \
    do {                                                                    \
        omnir_status st_ = (call);                                          \
        harness_checks++;                                                   \
        if (st_ != OMNIR_OK) {                                              \
            char d_[600];                                                   \
            snprintf(d_, sizeof d_, "%s: %s", status_name(st_), last_error()); \
            harness_fail(__FILE__, __LINE__, #call, d_);                    \
        }                                                                   \
    } while (0)

/* The call must fail with `expected`, leave a message, and agree with
 * omnir_last_error_status. */
#define CHECK_STATUS(call, expected)                                                  \
    do {                                                                              \
        omnir_status st_ = (call);                                                    \
        harness_checks++;                                                             \
        if (st_ != (expected)) {                                                      \
            char d_[600];                                                             \
            snprintf(d_, sizeof d_, "got %s, expected %s (%s)", status_name(st_),     \
                     status_name(expected), st_ == OMNIR_OK ? "" : last_error());     \
            harness_fail(__FILE__, __LINE__, #call, d_);                              \
        } else if (st_ != OMNIR_OK) {                                                 \
            if (omnir_last_error_status() != st_)                                     \
                harness_fail(__FILE__, __LINE__, #call, "last_error_status disagrees"); \
            if (last_error()[0] == '\0')                                              \
                harness_fail(__FILE__, __LINE__, #call, "empty error message");       \
        }                                                                             \
    } while (0)

/* Shared IR helpers (each checks its calls): a context that allows unregistered dialects; a
 * module parsed from text (as "v.mlir"); the entry block of an op's first region; the n-th
 * op of a block. */
omnir_context *harness_context(void);
omnir_op harness_parse(omnir_context *ctx, const char *text);
omnir_block harness_body(omnir_context *ctx, omnir_op op);
omnir_op harness_nth_op(omnir_context *ctx, omnir_block b, size_t n);

/* (pointer, length) of a string literal or C string, for omnir's string arguments. */
#define S(str) (str), strlen(str)

/* Whether an omnir_string equals a C string; and take an omnir_string into a static
 * buffer (freeing it). */
bool str_is(omnir_string s, const char *expected);
const char *take(omnir_string s);

#define CHECK_STR(s_expr, expected)                                             \
    do {                                                                        \
        omnir_string s_ = (s_expr);                                             \
        harness_checks++;                                                       \
        if (!str_is(s_, (expected))) {                                          \
            char d_[2200];                                                      \
            snprintf(d_, sizeof d_, "got \"%.*s\", expected \"%s\"",            \
                     (int)(s_.len > 1000 ? 1000 : s_.len), s_.data ? s_.data : "", (expected)); \
            harness_fail(__FILE__, __LINE__, #s_expr, d_);                      \
        }                                                                       \
        omnir_string_free(s_);                                                  \
    } while (0)

/* Calls fn(args..., &string) and checks it succeeds with the expected text (the string out
 * must be the last parameter). */
#define CHECK_STR_OUT(expected, fn, ...)                                                      \
    do {                                                                                      \
        omnir_string o_ = {0};                                                                \
        omnir_status so_ = fn(__VA_ARGS__, &o_);                                              \
        harness_checks++;                                                                     \
        if (so_ != OMNIR_OK) {                                                                \
            char d_[700];                                                                     \
            snprintf(d_, sizeof d_, "%s: %s", status_name(so_), last_error());                \
            harness_fail(__FILE__, __LINE__, #fn, d_);                                        \
        } else if (!str_is(o_, (expected))) {                                                 \
            char d_[2200];                                                                    \
            snprintf(d_, sizeof d_, "got \"%.*s\", expected \"%s\"", (int)(o_.len > 1000 ? 1000 : o_.len), \
                     o_.data ? o_.data : "", (expected));                       \
            harness_fail(__FILE__, __LINE__, #fn, d_);                                        \
        }                                                                                     \
        omnir_string_free(o_);                                                                \
    } while (0)

/* The groups of tests, one per file. */
void tests_context(void);
void tests_types(void);
void tests_attributes(void);
void tests_locations(void);
void tests_asm(void);
void tests_ir(void);
void tests_symbols(void);
void tests_verify(void);
void tests_analysis(void);
void tests_diagnostics(void);
void tests_dialects(void);
void tests_definitions(void);
void tests_generated(void);
void tests_misuse(void);

#endif
