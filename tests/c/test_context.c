/* Contexts, settings, versions, the last-error channel, strings. */
#include "harness.h"

#include <pthread.h>

static void version_numbers(void) {
    uint32_t v = omnir_version();
    CHECK(v >= 100); /* at least 0.1.0 */
    CHECK(omnir_abi_version() == OMNIR_ABI_VERSION);
}

static void create_destroy(void) {
    omnir_context *a = NULL, *b = NULL;
    CHECK_OK(omnir_context_create(&a));
    CHECK_OK(omnir_context_create(&b));
    CHECK(a != NULL && b != NULL && a != b);
    CHECK_OK(omnir_context_destroy(a));
    CHECK_OK(omnir_context_destroy(b));
    CHECK_OK(omnir_context_destroy(NULL)); /* NULL is a no-op */
    CHECK_STATUS(omnir_context_create(NULL), OMNIR_ERROR_NULL_ARGUMENT);
}

static void allow_unregistered(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    bool allow = true;
    CHECK_OK(omnir_context_get_allow_unregistered_dialects(ctx, &allow));
    CHECK(!allow);
    CHECK_OK(omnir_context_set_allow_unregistered_dialects(ctx, true));
    CHECK_OK(omnir_context_get_allow_unregistered_dialects(ctx, &allow));
    CHECK(allow);
    CHECK_STATUS(omnir_context_get_allow_unregistered_dialects(ctx, NULL), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(omnir_context_set_allow_unregistered_dialects(NULL, true), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK_OK(omnir_context_destroy(ctx));
}

static void last_error_channel(void) {
    CHECK_STATUS(omnir_context_create(NULL), OMNIR_ERROR_NULL_ARGUMENT);
    CHECK(omnir_last_error_status() == OMNIR_ERROR_NULL_ARGUMENT);
    omnir_string msg = omnir_last_error_message();
    CHECK(msg.len > 0 && msg.data != NULL && msg.data[msg.len] == '\0'); /* NUL after the text */
    omnir_string_free(msg);
    /* a success clears it */
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    CHECK(omnir_last_error_status() == OMNIR_OK);
    msg = omnir_last_error_message();
    CHECK(msg.len == 0);
    omnir_string_free(msg);
    CHECK_OK(omnir_context_destroy(ctx));
    /* freeing a zeroed string or buffer is a no-op */
    omnir_string zero = {0};
    omnir_string_free(zero);
    omnir_bytes zb = {0};
    omnir_bytes_free(zb);
}

/* The last error is per thread: a failure on another thread does not show here. */
static void *fail_on_thread(void *arg) {
    (void)arg;
    omnir_status st = omnir_context_create(NULL);
    return (void *)(intptr_t)(st == OMNIR_ERROR_NULL_ARGUMENT &&
                              omnir_last_error_status() == OMNIR_ERROR_NULL_ARGUMENT);
}

static void last_error_per_thread(void) {
    omnir_context *ctx = NULL;
    CHECK_OK(omnir_context_create(&ctx));
    pthread_t t;
    void *ok = NULL;
    CHECK(pthread_create(&t, NULL, fail_on_thread, NULL) == 0);
    CHECK(pthread_join(t, &ok) == 0);
    CHECK(ok != NULL);
    CHECK(omnir_last_error_status() == OMNIR_OK);
    CHECK_OK(omnir_context_destroy(ctx));
}

/* One context used from several threads: calls take turns (no undefined behaviour). */
static omnir_context *shared_ctx;
static void *toggle_on_thread(void *arg) {
    intptr_t good = 1;
    for (int i = 0; i < 2000; i++) {
        bool v;
        if (omnir_context_set_allow_unregistered_dialects(shared_ctx, (i & 1) != 0) != OMNIR_OK) good = 0;
        if (omnir_context_get_allow_unregistered_dialects(shared_ctx, &v) != OMNIR_OK) good = 0;
    }
    (void)arg;
    return (void *)good;
}

static void context_from_threads(void) {
    CHECK_OK(omnir_context_create(&shared_ctx));
    pthread_t t[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&t[i], NULL, toggle_on_thread, NULL) == 0);
    for (int i = 0; i < 4; i++) {
        void *good = NULL;
        CHECK(pthread_join(t[i], &good) == 0);
        CHECK(good != NULL);
    }
    CHECK_OK(omnir_context_destroy(shared_ctx));
}

/* A context released from a thread-exit destructor (as a language runtime does when the last
 * reference dies with its thread) runs after the library's thread-locals are gone: the calls
 * still work instead of aborting the process. */
static pthread_key_t exit_key;
static volatile int exit_destroy_status = -1;
static volatile int exit_int_status = -1;

static void destroy_at_thread_exit(void *p) {
    omnir_context *ctx = p;
    omnir_type ty;
    exit_int_status = omnir_integer_type_get(ctx, 32, OMNIR_SIGNEDNESS_SIGNLESS, &ty);
    (void)omnir_context_create(NULL); /* an error with nowhere to record it */
    exit_destroy_status = omnir_context_destroy(ctx);
}

static void *hold_until_exit(void *arg) {
    omnir_context *ctx = NULL;
    (void)arg;
    omnir_type ty;
    if (omnir_context_create(&ctx) != OMNIR_OK) return NULL;
    /* Use the context on this thread first, as a runtime would: the library's thread-locals
     * then exist and are destroyed before the key destructor runs (one first touched only
     * inside a key destructor makes glibc leak its 32-byte destructor record). */
    (void)omnir_context_create(NULL);
    if (omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &ty) != OMNIR_OK) return NULL;
    pthread_setspecific(exit_key, ctx);
    return (void *)1;
}

static void destroy_from_thread_exit(void) {
    CHECK(pthread_key_create(&exit_key, destroy_at_thread_exit) == 0);
    pthread_t t;
    void *ok = NULL;
    CHECK(pthread_create(&t, NULL, hold_until_exit, NULL) == 0);
    CHECK(pthread_join(t, &ok) == 0);
    CHECK(ok != NULL);
    CHECK(exit_int_status == OMNIR_OK);
    CHECK(exit_destroy_status == OMNIR_OK);
    pthread_key_delete(exit_key);
}

void tests_context(void) {
    RUN(version_numbers);
    RUN(create_destroy);
    RUN(allow_unregistered);
    RUN(last_error_channel);
    RUN(last_error_per_thread);
    RUN(context_from_threads);
    RUN(destroy_from_thread_exit);
}
