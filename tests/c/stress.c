/* Concurrency stress test of the C API (pthreads), run by ci/test-c.sh and, under
 * ThreadSanitizer, by ci/test-tsan.sh.
 *
 * Phase 1: THREADS workers share one context. Phase 2: each worker has a context of its own.
 * Every worker runs ITERS iterations (a fixed count, not a fixed time) of every kind of call:
 * parse, print (checked against the text), walks whose callbacks read and whose callbacks
 * erase, create + insert, verify (passing, and failing with the diagnostic delivered to the
 * worker's own handler, or to a capture that must hold that one diagnostic only), diagnostics emitted to handlers that are attached and detached
 * while others emit, option declarations and nested option scopes (each thread sees only its
 * own), a pass manager running a C pass (which reads the thread's option scope and walks the
 * IR), cse and canonicalize with a C rewrite pattern, and erase. Process-wide lock-wait hooks
 * count the waits (balanced begin/end, tokens handed back on the same thread) while workers
 * add and remove hooks of their own. A watchdog turns a hang into a failure printing which
 * thread is stuck where, and every thread's stack (stress_watchdog.h).
 *
 * Env: OMNIR_STRESS_THREADS (4), OMNIR_STRESS_ITERS (400), OMNIR_STRESS_TIMEOUT (seconds,
 * 300), OMNIR_STRESS_HANG=1 (a worker deadlocks on purpose in a pass: the watchdog test).
 * Prints "stress: ... ok" lines and ends with "N passed, M failed" (CI reads that line). */
#include "stress_watchdog.h"

#include <inttypes.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <omnir/omnir.h>

#define S(str) (str), strlen(str)
#define MAX_THREADS 32

static int threads_n = 4;
static long iters_n = 400;
static bool hang_on_purpose = false;
static atomic_long failures;

/* ---- lock-wait hooks: counted process-wide, tokens checked per thread */

static atomic_long hook_begins, hook_ends, extra_hook_calls;
static _Thread_local uintptr_t hook_pending;
static _Thread_local uintptr_t hook_serial;

static void *count_wait_begin(void *user_data) {
    (void)user_data;
    atomic_fetch_add(&hook_begins, 1);
    /* A token only this thread's end call can match. */
    hook_pending = ((uintptr_t)&hook_serial) ^ ++hook_serial;
    return (void *)hook_pending;
}

static void count_wait_end(void *user_data, void *token) {
    (void)user_data;
    atomic_fetch_add(&hook_ends, 1);
    if ((uintptr_t)token != hook_pending) {
        fprintf(stderr, "stress: FAIL: lock-wait end hook got another token than its begin returned\n");
        atomic_fetch_add(&failures, 1);
    }
}

static void *extra_wait_begin(void *user_data) {
    atomic_fetch_add(&extra_hook_calls, 1);
    return user_data;
}

static void extra_wait_end(void *user_data, void *token) {
    if (token != user_data) {
        fprintf(stderr, "stress: FAIL: extra lock-wait hook: wrong token\n");
        atomic_fetch_add(&failures, 1);
    }
}

/* ---- per-worker state */

typedef struct worker {
    int id;
    omnir_context *ctx;
    watchdog_slot *slot;
    long iteration;
    char tag[32];      /* the file name of this worker's locations: "s<id>.mlir" */
    long fails;
    /* diagnostics handler: only ever written on this worker's own thread (the handler
     * takes only diagnostics located in this worker's file, which only this thread emits) */
    long diags_seen;
    long busy_refusals;
    int64_t expected_level; /* the option value this thread's scope sets */
    /* pass and pattern */
    long pass_runs;
    long pass_level_mismatch;
    long pass_walked;
    uint64_t extra_hooks; /* lock-wait hooks of this worker's own, while added */
    atomic_int frees;
} worker;

#define FAIL(w, what)                                                                              \
    do {                                                                                           \
        omnir_string m_ = omnir_last_error_message();                                              \
        fprintf(stderr, "stress: FAIL: worker %d iteration %ld: %s (line %d; last error: %.*s)\n", \
                (w)->id, (w)->iteration, (what), __LINE__, (int)m_.len, m_.data ? m_.data : "");   \
        omnir_string_free(m_);                                                                     \
        (w)->fails++;                                                                              \
    } while (0)

#define OK(w, call)                                                                                \
    do {                                                                                           \
        omnir_status st_ = (call);                                                                 \
        if (st_ != OMNIR_OK) FAIL(w, #call);                                                       \
    } while (0)

#define EXPECT(w, cond)                                                                            \
    do {                                                                                           \
        if (!(cond)) FAIL(w, #cond);                                                               \
    } while (0)

/* Yields between steps, so that threads interleave their calls even on two cores. */
static void step(worker *w, const char *what) {
    watchdog_step(w->slot, w->iteration, what);
    sched_yield();
}

static bool location_is_mine(worker *w, omnir_context *ctx, omnir_location loc) {
    omnir_string text = {0};
    bool mine = false;
    if (omnir_location_print(ctx, loc, &text) == OMNIR_OK) {
        char needle[48];
        snprintf(needle, sizeof needle, "\"%s\"", w->tag);
        mine = memmem(text.data, text.len, needle, strlen(needle)) != NULL;
    }
    omnir_string_free(text);
    return mine;
}

static bool handler(void *user_data, omnir_context *ctx, const omnir_diagnostic *d) {
    worker *w = user_data;
    omnir_location loc;
    if (omnir_diagnostic_get_location(d, &loc) != OMNIR_OK || !location_is_mine(w, ctx, loc)) return false;
    w->diags_seen++;
    /* Read-only calls work in a handler; mutating ones are refused. */
    omnir_string r = {0};
    if (omnir_diagnostic_render(ctx, d, &r) != OMNIR_OK || r.len == 0) {
        fprintf(stderr, "stress: FAIL: worker %d: render in handler\n", w->id);
        w->fails++;
    }
    omnir_string_free(r);
    if (omnir_context_set_allow_unregistered_dialects(ctx, true) == OMNIR_ERROR_BUSY) w->busy_refusals++;
    return true;
}

static void free_worker_data(void *user_data) { atomic_fetch_add(&((worker *)user_data)->frees, 1); }

/* ---- walks */

typedef struct walk_state {
    omnir_context *ctx;
    int visited;
    int erased;
    char first[32];
} walk_state;

static omnir_walk_result read_op(void *user_data, omnir_op op) {
    walk_state *s = user_data;
    omnir_string name = {0};
    if (omnir_op_get_name(s->ctx, op, &name) == OMNIR_OK) {
        if (s->visited == 0) snprintf(s->first, sizeof s->first, "%.*s", (int)name.len, name.data);
        s->visited++;
    }
    omnir_string_free(name);
    return OMNIR_WALK_ADVANCE;
}

/* Post-order: erases every op without regions as it is visited. */
static omnir_walk_result erase_leaf(void *user_data, omnir_op op) {
    walk_state *s = user_data;
    size_t regions = 1;
    s->visited++;
    if (omnir_op_get_num_regions(s->ctx, op, &regions) == OMNIR_OK && regions == 0 &&
        omnir_op_erase(s->ctx, op, OMNIR_ERASE_DROP_USES) == OMNIR_OK)
        s->erased++;
    return OMNIR_WALK_ADVANCE;
}

/* ---- the pass and the pattern */

static pthread_mutex_t hang_mutex = PTHREAD_MUTEX_INITIALIZER;

static uint32_t mark_pass(void *user_data, omnir_context *ctx, omnir_op op, const omnir_pass_options *options,
                          omnir_callback_message *message) {
    (void)options;
    worker *w = user_data;
    w->pass_runs++;
    /* The pass runs on the calling thread, so it sees that thread's option scope. */
    int64_t level = -99;
    if (omnir_option_get_int(ctx, S("stress.level"), &level) != OMNIR_OK || level != w->expected_level)
        w->pass_level_mismatch++;
    walk_state s = {.ctx = ctx};
    omnir_walk_result r;
    if (omnir_op_walk(ctx, op, OMNIR_WALK_PRE_ORDER, read_op, &s, &r) == OMNIR_OK) w->pass_walked += s.visited;
    /* Marks the module's first op with the iteration. */
    omnir_region region;
    omnir_block body;
    omnir_op first;
    omnir_type i64;
    omnir_attribute it;
    if (omnir_op_get_region(ctx, op, 0, &region) != OMNIR_OK || omnir_region_get_first_block(ctx, region, &body) ||
        omnir_block_get_first_op(ctx, body, &first) || omnir_integer_type_get(ctx, 64, 0, &i64) ||
        omnir_integer_attr_get(ctx, i64, w->iteration, &it) || omnir_op_set_attribute(ctx, first, S("marked"), it)) {
        omnir_callback_message_set(message, S("mark_pass could not mark"));
        return 1;
    }
    if (hang_on_purpose && w->id == 0 && w->iteration == 2) {
        /* The watchdog's own test: lock a mutex twice, holding the context. */
        watchdog_step(w->slot, w->iteration, "deliberate deadlock in mark_pass");
        pthread_mutex_lock(&hang_mutex);
        pthread_mutex_lock(&hang_mutex);
    }
    return 0;
}

static uint32_t erase_dead(void *user_data, omnir_context *ctx, omnir_op op, bool *applied,
                           omnir_callback_message *message) {
    (void)user_data;
    omnir_value r;
    size_t uses = 1;
    if (omnir_op_get_result(ctx, op, 0, &r) != OMNIR_OK || omnir_value_get_num_uses(ctx, r, &uses) != OMNIR_OK ||
        uses != 0)
        return 0;
    if (omnir_op_erase(ctx, op, OMNIR_ERASE_REQUIRE_NO_USES) != OMNIR_OK) {
        omnir_callback_message_set(message, S("erase_dead could not erase"));
        return 1;
    }
    *applied = true;
    return 0;
}

/* Per-context setup, also done concurrently by the workers on the shared context: every
 * one of these calls must be safe to race with the others. */
static void setup_context(worker *w, omnir_context *ctx) {
    OK(w, omnir_context_set_allow_unregistered_dialects(ctx, true));
    omnir_option_decl d;
    memset(&d, 0, sizeof d);
    d.name = (omnir_string_view){S("stress.level")};
    d.ty.kind = OMNIR_OPTION_INT;
    d.default_value = (omnir_string_view){S("0")};
    OK(w, omnir_option_declare(ctx, &d)); /* idempotent: every worker declares it */
    d.default_value = (omnir_string_view){S("1")};
    EXPECT(w, omnir_option_declare(ctx, &d) == OMNIR_ERROR_ALREADY_EXISTS);
}

/* In the generic form the printer gives it back in (nested values numbered as MLIR does). */
static const char *module_text(char *buf, size_t size, int id, long it) {
    snprintf(buf, size,
             "\"builtin.module\"() ({\n"
             "  %%0 = \"s.const\"() {v = %" PRId64 " : i64} : () -> i64\n"
             "  %%1 = \"s.add\"(%%0, %%0) : (i64, i64) -> i64\n"
             "  %%2 = \"s.dead\"() : () -> i64\n"
             "  \"s.region\"() ({\n"
             "    \"s.leaf\"(%%1) : (i64) -> ()\n"
             "    \"s.leaf\"(%%0) : (i64) -> ()\n"
             "  }) : () -> ()\n"
             "  \"s.fn\"() ({\n"
             "    %%4 = \"s.k\"() : () -> i64\n"
             "    \"s.sink\"(%%4) : (i64) -> ()\n"
             "  }) : () -> ()\n"
             "  \"s.fn\"() ({\n"
             "    %%3 = \"s.k\"() : () -> i64\n"
             "    \"s.sink\"(%%3) : (i64) -> ()\n"
             "  }) : () -> ()\n"
             "  \"s.use\"(%%1) : (i64) -> ()\n"
             "}) : () -> ()\n",
             (int64_t)id * 1000000 + it);
    return buf;
}

static size_t body_size(worker *w, omnir_op module) {
    omnir_region r;
    omnir_block b;
    size_t n = 0;
    OK(w, omnir_op_get_region(w->ctx, module, 0, &r));
    OK(w, omnir_region_get_first_block(w->ctx, r, &b));
    OK(w, omnir_block_get_num_ops(w->ctx, b, &n));
    return n;
}

static void iteration(worker *w, omnir_pass_manager *pm) {
    omnir_context *ctx = w->ctx;
    char text[1024];
    module_text(text, sizeof text, w->id, w->iteration);

    /* A capture open across parse, print, walk and create, which emit nothing: it must stay
     * empty whatever other threads emit on the shared context meanwhile. */
    uint64_t quiet = 0;
    OK(w, omnir_context_begin_diagnostic_capture(ctx, &quiet));

    step(w, "parse");
    omnir_op m = {0};
    if (omnir_module_parse(ctx, S(text), S(w->tag), &m) != OMNIR_OK) {
        FAIL(w, "omnir_module_parse");
        omnir_diagnostic_list *l = NULL;
        if (omnir_context_end_diagnostic_capture(ctx, quiet, &l) == OMNIR_OK) omnir_diagnostic_list_free(l);
        return;
    }

    step(w, "print");
    omnir_string printed = {0};
    /* The input is generic text: compare with the generic form, whatever the default is. */
    omnir_print_flags generic = omnir_print_flags_default();
    generic.generic_form = true;
    OK(w, omnir_op_print(ctx, m, &generic, &printed));
    EXPECT(w, printed.len == strlen(text) && memcmp(printed.data, text, printed.len) == 0);
    omnir_string_free(printed);

    step(w, "walk-read");
    walk_state rs = {.ctx = ctx};
    omnir_walk_result wr = 99;
    OK(w, omnir_op_walk(ctx, m, OMNIR_WALK_PRE_ORDER, read_op, &rs, &wr));
    EXPECT(w, rs.visited == 14 && strcmp(rs.first, "builtin.module") == 0 && wr == OMNIR_WALK_ADVANCE);

    step(w, "create");
    omnir_location loc;
    omnir_type i64;
    omnir_operation_state *state = NULL;
    omnir_op created = {0};
    OK(w, omnir_file_line_col_loc_get(ctx, S(w->tag), (uint32_t)w->iteration + 1, 1, &loc));
    OK(w, omnir_integer_type_get(ctx, 64, 0, &i64));
    OK(w, omnir_operation_state_create(S("s.new"), loc, &state));
    OK(w, omnir_operation_state_add_results(state, &i64, 1));
    OK(w, omnir_operation_create(ctx, state, &created));
    OK(w, omnir_operation_state_destroy(state));
    omnir_region region;
    omnir_block body;
    OK(w, omnir_op_get_region(ctx, m, 0, &region));
    OK(w, omnir_region_get_first_block(ctx, region, &body));
    omnir_insertion_point end = {.kind = OMNIR_INSERT_BLOCK_END, .block = body};
    OK(w, omnir_op_insert(ctx, created, end));
    EXPECT(w, body_size(w, m) == 8);
    omnir_diagnostic_list *quiet_list = NULL;
    size_t quiet_n = 99;
    OK(w, omnir_context_end_diagnostic_capture(ctx, quiet, &quiet_list));
    OK(w, omnir_diagnostic_list_get_size(quiet_list, &quiet_n));
    EXPECT(w, quiet_n == 0);
    OK(w, omnir_diagnostic_list_free(quiet_list));

    step(w, "verify");
    OK(w, omnir_op_verify(ctx, m));
    /* A module with two blocks does not verify; the error goes to this worker's handler. */
    long seen = w->diags_seen;
    omnir_block extra;
    OK(w, omnir_block_create(ctx, NULL, NULL, 0, &extra));
    OK(w, omnir_region_append_block(ctx, region, extra));
    EXPECT(w, omnir_op_verify(ctx, m) == OMNIR_ERROR_VERIFICATION_FAILED);
    EXPECT(w, w->diags_seen == seen + 1);
    /* Again inside a capture: it holds exactly this call's diagnostic, not one that another
     * thread emits on the shared context meanwhile (nor does it take theirs away). */
    uint64_t capture = 0;
    omnir_diagnostic_list *list = NULL;
    size_t captured = 0;
    const omnir_diagnostic *d = NULL;
    omnir_location dloc;
    OK(w, omnir_context_begin_diagnostic_capture(ctx, &capture));
    EXPECT(w, omnir_op_verify(ctx, m) == OMNIR_ERROR_VERIFICATION_FAILED);
    OK(w, omnir_context_end_diagnostic_capture(ctx, capture, &list));
    OK(w, omnir_diagnostic_list_get_size(list, &captured));
    EXPECT(w, captured == 1);
    for (size_t i = 0; i < captured; i++) {
        OK(w, omnir_diagnostic_list_get(list, i, &d));
        OK(w, omnir_diagnostic_get_location(d, &dloc));
        EXPECT(w, location_is_mine(w, ctx, dloc));
    }
    OK(w, omnir_diagnostic_list_free(list));
    EXPECT(w, w->diags_seen == seen + 1); /* captured: not handled again */
    OK(w, omnir_block_erase(ctx, extra));
    OK(w, omnir_op_verify(ctx, m));

    step(w, "diagnostics");
    if (w->iteration % 10 == 0) {
        /* Handlers come and go while other threads emit. */
        uint64_t id;
        OK(w, omnir_context_attach_diagnostic_handler(ctx, handler, w, NULL, &id));
        seen = w->diags_seen;
        OK(w, omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_WARNING, loc, S("stress"), NULL, 0));
        EXPECT(w, w->diags_seen == seen + 1); /* the newest handler took it */
        OK(w, omnir_context_detach_diagnostic_handler(ctx, id));
    }
    seen = w->diags_seen;
    OK(w, omnir_context_emit_diagnostic(ctx, OMNIR_SEVERITY_REMARK, loc, S("stress"), NULL, 0));
    EXPECT(w, w->diags_seen == seen + 1);

    step(w, "options");
    w->expected_level = (int64_t)w->id * 1000 + w->iteration;
    char value[32];
    snprintf(value, sizeof value, "%" PRId64, w->expected_level);
    omnir_option_setting outer_s = {{S("stress.level")}, {S(value)}};
    omnir_option_setting inner_s = {{S("stress.level")}, {S("-1")}};
    uint64_t outer = 0, inner = 0;
    int64_t level = 0;
    OK(w, omnir_option_push_scope(ctx, &outer_s, 1, &outer));
    OK(w, omnir_option_push_scope(ctx, &inner_s, 1, &inner));
    OK(w, omnir_option_get_int(ctx, S("stress.level"), &level));
    EXPECT(w, level == -1);
    EXPECT(w, omnir_option_pop_scope(ctx, outer) == OMNIR_ERROR_INVALID_ARGUMENT); /* not innermost */
    OK(w, omnir_option_pop_scope(ctx, inner));
    OK(w, omnir_option_get_int(ctx, S("stress.level"), &level));
    EXPECT(w, level == w->expected_level);

    step(w, "pass manager");
    long runs = w->pass_runs;
    OK(w, omnir_pass_manager_run(ctx, pm, m));
    EXPECT(w, w->pass_runs == runs + 1);
    OK(w, omnir_option_pop_scope(ctx, outer));
    OK(w, omnir_option_get_int(ctx, S("stress.level"), &level));
    EXPECT(w, level == 0);
    omnir_op first;
    omnir_attribute marked = {0};
    int64_t marked_value = -1;
    OK(w, omnir_block_get_first_op(ctx, body, &first));
    OK(w, omnir_op_get_attribute(ctx, first, S("marked"), &marked));
    OK(w, omnir_integer_attr_get_int64(ctx, marked, &marked_value));
    EXPECT(w, marked_value == w->iteration);
    /* canonicalize erased the unused s.dead (and nothing else: s.new is unknown to it) */
    EXPECT(w, body_size(w, m) == 7);

    step(w, "lock-wait hooks");
    /* Hooks of its own for 10 iterations out of 20: added and removed while others wait. */
    if (w->iteration % 20 == 0) OK(w, omnir_lock_wait_hooks_add(extra_wait_begin, extra_wait_end, w, &w->extra_hooks));
    if (w->iteration % 20 == 10 && w->extra_hooks) {
        OK(w, omnir_lock_wait_hooks_remove(w->extra_hooks));
        w->extra_hooks = 0;
    }

    step(w, "walk-erase");
    walk_state es = {.ctx = ctx};
    OK(w, omnir_op_walk(ctx, m, OMNIR_WALK_POST_ORDER, erase_leaf, &es, NULL));
    /* s.const, s.add, 2 x s.leaf, 2 x (s.k, s.sink), s.use, s.new; the ops with regions stay */
    EXPECT(w, es.erased == 10 && es.visited == 14);
    EXPECT(w, body_size(w, m) == 3);

    step(w, "erase");
    bool live = true;
    OK(w, omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES));
    OK(w, omnir_op_is_live(ctx, m, &live));
    EXPECT(w, !live);
    EXPECT(w, omnir_op_print(ctx, m, NULL, &printed) == OMNIR_ERROR_STALE_HANDLE);
}

static pthread_barrier_t start_barrier;

static void *worker_main(void *arg) {
    worker *w = arg;
    char name[32];
    snprintf(name, sizeof name, "worker %d", w->id);
    w->slot = watchdog_register(name);
    step(w, "setup");
    setup_context(w, w->ctx);
    char pass_name[32], pipeline[128];
    snprintf(pass_name, sizeof pass_name, "stress-mark-%d", w->id);
    omnir_pass_registration reg;
    memset(&reg, 0, sizeof reg);
    reg.argument = (omnir_string_view){S(pass_name)};
    reg.run = mark_pass;
    reg.user_data = w;
    reg.free_user_data = free_worker_data;
    OK(w, omnir_pass_register(w->ctx, &reg));
    /* The nested pipeline runs on both s.fn ops: their analyses go to the context's pool. */
    snprintf(pipeline, sizeof pipeline, "builtin.module(%s,cse,canonicalize,s.fn(cse,canonicalize))", pass_name);
    omnir_pass_manager *pm = NULL;
    OK(w, omnir_pass_manager_parse(w->ctx, S(pipeline), &pm));
    OK(w, omnir_pass_manager_enable_verifier(pm, true));
    OK(w, omnir_pass_manager_enable_multithreading(pm, true));
    uint64_t handler_id;
    OK(w, omnir_context_attach_diagnostic_handler(w->ctx, handler, w, free_worker_data, &handler_id));
    pthread_barrier_wait(&start_barrier);
    for (w->iteration = 0; w->iteration < iters_n; w->iteration++) {
        /* Every iteration starts together on every worker: without it, on few cores, one
         * worker may run most of its iterations while the others sleep in the lock's queue,
         * and the threads hardly interleave. */
        step(w, "barrier");
        pthread_barrier_wait(&start_barrier);
        iteration(w, pm);
    }
    step(w, "teardown");
    if (w->extra_hooks) OK(w, omnir_lock_wait_hooks_remove(w->extra_hooks));
    OK(w, omnir_context_detach_diagnostic_handler(w->ctx, handler_id));
    if (pm) OK(w, omnir_pass_manager_destroy(pm));
    watchdog_unregister(w->slot);
    return NULL;
}

/* The lock-wait hooks, deterministically: this thread holds the context inside a pass until
 * a second thread, calling into the context, has run the begin hook while it waits. */
static atomic_long hold_waits0;
static pthread_t hold_other;
static bool hold_other_started;

static void *call_into(void *ctx) {
    omnir_location loc;
    return (void *)(uintptr_t)(omnir_unknown_loc_get(ctx, &loc) == OMNIR_OK);
}

/* Started from inside the pass, so that the other thread's call surely finds the context
 * held. */
static uint32_t hold_pass(void *user_data, omnir_context *ctx, omnir_op op, const omnir_pass_options *options,
                          omnir_callback_message *message) {
    (void)op, (void)options, (void)message;
    hold_other_started = pthread_create(&hold_other, NULL, call_into, ctx) == 0;
    for (int ms = 0; ms < 20000 && atomic_load(&hook_begins) == atomic_load(&hold_waits0); ms++) usleep(1000);
    *(bool *)user_data = atomic_load(&hook_begins) != atomic_load(&hold_waits0);
    return 0;
}

static bool hooks_run_on_a_wait(omnir_context *ctx) {
    bool waited = false;
    omnir_pass_registration reg;
    memset(&reg, 0, sizeof reg);
    reg.argument = (omnir_string_view){S("stress-hold")};
    reg.run = hold_pass;
    reg.user_data = &waited;
    omnir_pass_manager *pm = NULL;
    omnir_op m = {0};
    const char *text = "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n";
    void *other_ok = NULL;
    atomic_store(&hold_waits0, atomic_load(&hook_begins));
    hold_other_started = false;
    bool ok = omnir_pass_register(ctx, &reg) == OMNIR_OK && omnir_module_parse(ctx, S(text), S("hold"), &m) == OMNIR_OK &&
              omnir_pass_manager_parse(ctx, S("builtin.module(stress-hold)"), &pm) == OMNIR_OK &&
              omnir_pass_manager_run(ctx, pm, m) == OMNIR_OK;
    if (hold_other_started) ok = pthread_join(hold_other, &other_ok) == 0 && other_ok && ok;
    if (pm) omnir_pass_manager_destroy(pm);
    if (ok) ok = omnir_op_erase(ctx, m, OMNIR_ERASE_REQUIRE_NO_USES) == OMNIR_OK;
    if (!ok || !waited) fprintf(stderr, "stress: FAIL: a thread waiting for a held context did not run the lock-wait hooks\n");
    return ok && waited;
}

/* Runs the workers; `shared` gives them one context, otherwise one each. Returns 0 if
 * every check held. */
static int run_phase(const char *phase, bool shared) {
    worker workers[MAX_THREADS];
    pthread_t tids[MAX_THREADS];
    memset(workers, 0, sizeof workers);
    omnir_context *shared_ctx = NULL;
    if (shared && (omnir_context_create(&shared_ctx) != OMNIR_OK ||
                   omnir_context_set_pass_threads(shared_ctx, 2) != OMNIR_OK ||
                   omnir_rewrite_pattern_register(shared_ctx, S("stress.erase-dead"), S("s.dead"), 1, erase_dead, NULL,
                                                  NULL) != OMNIR_OK)) {
        fprintf(stderr, "stress: FAIL: %s: shared context setup\n", phase);
        return 1;
    }
    long fails = 0;
    if (shared && !hooks_run_on_a_wait(shared_ctx)) fails++;
    long begins0 = atomic_load(&hook_begins);
    pthread_barrier_init(&start_barrier, NULL, (unsigned)threads_n);
    for (int i = 0; i < threads_n; i++) {
        worker *w = &workers[i];
        w->id = i;
        snprintf(w->tag, sizeof w->tag, "s%d.mlir", i);
        if (shared) {
            w->ctx = shared_ctx;
        } else if (omnir_context_create(&w->ctx) != OMNIR_OK || omnir_context_set_pass_threads(w->ctx, 2) != OMNIR_OK ||
                   omnir_rewrite_pattern_register(w->ctx, S("stress.erase-dead"), S("s.dead"), 1, erase_dead, NULL,
                                                  NULL) != OMNIR_OK) {
            fprintf(stderr, "stress: FAIL: %s: context setup\n", phase);
            return 1;
        }
        pthread_create(&tids[i], NULL, worker_main, w);
    }
    for (int i = 0; i < threads_n; i++) pthread_join(tids[i], NULL);
    pthread_barrier_destroy(&start_barrier);
    /* Destroying a context frees its passes' user data (the handler's went on detach). */
    for (int i = 0; i < threads_n; i++) {
        worker *w = &workers[i];
        if (!shared && omnir_context_destroy(w->ctx) != OMNIR_OK) FAIL(w, "context destroy");
    }
    if (shared && omnir_context_destroy(shared_ctx) != OMNIR_OK) {
        fprintf(stderr, "stress: FAIL: %s: context destroy\n", phase);
        return 1;
    }
    long diags = 0, runs = 0, walked = 0;
    for (int i = 0; i < threads_n; i++) {
        worker *w = &workers[i];
        /* per iteration: the failing verify, the remark, and every 10th a warning */
        long want_diags = 2 * iters_n + (iters_n + 9) / 10;
        if (w->diags_seen != want_diags) {
            fprintf(stderr, "stress: FAIL: %s: worker %d saw %ld diagnostics, expected %ld\n", phase, i, w->diags_seen,
                    want_diags);
            w->fails++;
        }
        if (w->busy_refusals != w->diags_seen) FAIL(w, "a mutating call from a handler was not refused with BUSY");
        if (w->pass_runs != iters_n || w->pass_level_mismatch != 0) {
            fprintf(stderr, "stress: FAIL: %s: worker %d: %ld pass runs (expected %ld), %ld saw another option value\n",
                    phase, i, w->pass_runs, iters_n, w->pass_level_mismatch);
            w->fails++;
        }
        if (atomic_load(&w->frees) != 2) FAIL(w, "user data not freed exactly once per registration");
        fails += w->fails;
        diags += w->diags_seen;
        runs += w->pass_runs;
        walked += w->pass_walked;
    }
    long waits = atomic_load(&hook_begins) - begins0;
    if (atomic_load(&hook_begins) != atomic_load(&hook_ends)) {
        fprintf(stderr, "stress: FAIL: %s: lock-wait hooks unbalanced: %ld begins, %ld ends\n", phase,
                atomic_load(&hook_begins), atomic_load(&hook_ends));
        fails++;
    }
    printf("stress: %s: %d threads x %ld iterations: %ld diagnostics handled, %ld pass runs (%ld ops walked in "
           "passes), %ld lock waits: %s\n",
           phase, threads_n, iters_n, diags, runs, walked, waits, fails ? "FAILED" : "ok");
    atomic_fetch_add(&failures, fails);
    return fails ? 1 : 0;
}

static long env_long(const char *name, long fallback) {
    const char *v = getenv(name);
    return v && *v ? atol(v) : fallback;
}

int main(void) {
    threads_n = (int)env_long("OMNIR_STRESS_THREADS", 4);
    if (threads_n < 1 || threads_n > MAX_THREADS) threads_n = 4;
    iters_n = env_long("OMNIR_STRESS_ITERS", 400);
    hang_on_purpose = env_long("OMNIR_STRESS_HANG", 0) != 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    watchdog_start("stress", (int)env_long("OMNIR_STRESS_TIMEOUT", 300));
    uint64_t hooks;
    if (omnir_lock_wait_hooks_add(count_wait_begin, count_wait_end, NULL, &hooks) != OMNIR_OK) {
        fprintf(stderr, "stress: FAIL: lock-wait hooks\n");
        return 1;
    }
    int passed = 0, failed = 0;
    if (run_phase("one shared context", true) == 0) passed++; else failed++;
    if (run_phase("a context per thread", false) == 0) passed++; else failed++;
    if (omnir_lock_wait_hooks_remove(hooks) != OMNIR_OK) failed++;
    watchdog_stop();
    if (atomic_load(&failures) && !failed) failed++;
    printf("stress: extra hooks called %ld times\n", atomic_load(&extra_hook_calls));
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
