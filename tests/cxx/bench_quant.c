/*
 * Measures, against the installed omnir and the quant dialect library:
 *   - dialect load time: dlopen("libquant_dialect.so.0") + dlsym + quant_register, in a fresh
 *     process (forked children: the first load of the library, its NEEDED libomnir_cxx.so.0
 *     and libstdc++ relocations included), and quant_register alone into a fresh context;
 *   - the cost of an interface query through the registry: omnir_type_implements on the
 *     dialect's type (C++-defined, MemRefElementTypeInterface) and on a builtin type,
 *     omnir_type_get_interface + a call through the C vtable (C++ virtual method behind it);
 *   - for scale: a type query (omnir_type_get_type_id), building the uniqued type again
 *     (quant_uniform_type_get: C++ entry point, parameters encoded, verifier callback), and
 *     parsing its custom syntax (omnir_type_parse: the C++ parser over the Rust cursor).
 * Prints numbers; asserts nothing but that calls succeed.
 * usage: bench_quant [ITERATIONS]
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <omnir/omnir.h>
#include <quant/quant.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define DIE(...)                                                                                                       \
    do {                                                                                                               \
        fprintf(stderr, __VA_ARGS__);                                                                                  \
        fprintf(stderr, "\n");                                                                                         \
        exit(1);                                                                                                       \
    } while (0)

typedef omnir_status (*register_fn)(omnir_context *);
typedef omnir_status (*get_fn)(omnir_context *, omnir_type, omnir_type, double, int64_t, omnir_type *);

/* In a child: dlopen + dlsym + register; writes the µs (total, dlopen part) to the pipe. With
   `cxx_process`, libstdc++ is loaded first (as in a C++ program). */
static void child_load(int fd, omnir_context *ctx, int cxx_process) {
    if (cxx_process && !dlopen("libstdc++.so.6", RTLD_NOW)) _exit(5);
    double t0 = now_ns();
    void *lib = dlopen("libquant_dialect.so.0", RTLD_NOW);
    if (!lib) _exit(2);
    double t1 = now_ns();
    register_fn reg = (register_fn)dlsym(lib, "quant_register");
    if (!reg || reg(ctx) != OMNIR_OK) _exit(3);
    double us[2] = {(now_ns() - t0) / 1e3, (t1 - t0) / 1e3};
    if (write(fd, us, sizeof us) != sizeof us) _exit(4);
    _exit(0);
}

#define SAMPLES 15

int main(int argc, char **argv) {
    long iters = argc > 1 ? atol(argv[1]) : 2000000;
    omnir_context *ctx;
    if (omnir_context_create(&ctx) != OMNIR_OK) DIE("context");

    /* Load time in fresh processes (the library is not loaded in this one yet). */
    double loads[SAMPLES], opens[SAMPLES], loads_cxx[SAMPLES];
    for (int i = 0; i < 2 * SAMPLES; i++) {
        int cxx_process = i >= SAMPLES;
        int fds[2];
        if (pipe(fds)) DIE("pipe");
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            child_load(fds[1], ctx, cxx_process);
        }
        close(fds[1]);
        double us[2] = {-1, -1};
        if (read(fds[0], us, sizeof us) != sizeof us) us[0] = -1;
        close(fds[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || us[0] < 0) DIE("child load failed (%d)", status);
        if (cxx_process) {
            loads_cxx[i - SAMPLES] = us[0];
        } else {
            loads[i] = us[0];
            opens[i] = us[1];
        }
    }
    qsort(loads_cxx, SAMPLES, sizeof loads_cxx[0], cmp_double);
    qsort(loads, SAMPLES, sizeof loads[0], cmp_double);
    qsort(opens, SAMPLES, sizeof opens[0], cmp_double);

    /* This process: load once, then register into fresh contexts. */
    double t0 = now_ns();
    void *lib = dlopen("libquant_dialect.so.0", RTLD_NOW);
    if (!lib) DIE("dlopen: %s", dlerror());
    register_fn reg = (register_fn)dlsym(lib, "quant_register");
    get_fn get = (get_fn)dlsym(lib, "quant_uniform_type_get");
    omnir_status (*iface_id)(uint32_t *) = (omnir_status(*)(uint32_t *))dlsym(lib, "quant_quantized_type_interface_typeid");
    if (!reg || !get || !iface_id || reg(ctx) != OMNIR_OK) DIE("register");
    double first_here = (now_ns() - t0) / 1e3;
    double regs[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
        omnir_context *c;
        omnir_context_create(&c);
        double a = now_ns();
        if (reg(c) != OMNIR_OK) DIE("register again");
        regs[i] = (now_ns() - a) / 1e3;
        omnir_context_destroy(c);
    }
    qsort(regs, SAMPLES, sizeof regs[0], cmp_double);
    double a = now_ns();
    for (int i = 0; i < 1000; i++)
        if (reg(ctx) != OMNIR_OK) DIE("register (loaded)");
    double reg_loaded = (now_ns() - a) / 1000 / 1e3;

    omnir_type i8, f32, q;
    omnir_integer_type_get(ctx, 8, OMNIR_SIGNEDNESS_SIGNLESS, &i8);
    omnir_float_type_get(ctx, OMNIR_FLOAT_KIND_F32, &f32);
    if (get(ctx, i8, f32, 0.5, 128, &q) != OMNIR_OK) DIE("type");
    uint32_t memref_elem = 0, qi = 0;
    omnir_typeid_get("builtin.MemRefElementTypeInterface", 34, &memref_elem);
    iface_id(&qi);

    bool yes = false;
    volatile long sink = 0;
    double best_q = 1e30, best_f = 1e30, best_v = 1e30, best_g = 1e30, best_id = 1e30;
    for (int round = 0; round < 3; round++) {
        a = now_ns();
        for (long i = 0; i < iters; i++) {
            omnir_type_implements(ctx, q, memref_elem, &yes);
            sink += yes;
        }
        double t = (now_ns() - a) / iters;
        if (t < best_q) best_q = t;
        a = now_ns();
        for (long i = 0; i < iters; i++) {
            omnir_type_implements(ctx, f32, memref_elem, &yes);
            sink += yes;
        }
        t = (now_ns() - a) / iters;
        if (t < best_f) best_f = t;
        a = now_ns();
        for (long i = 0; i < iters; i++) {
            const void *vt = NULL;
            void *ud = NULL;
            omnir_type_get_interface(ctx, q, qi, &vt, &ud);
            sink += ((const quant_quantized_type_vtable *)vt)->storage_width(ud, ctx, q);
        }
        t = (now_ns() - a) / iters;
        if (t < best_v) best_v = t;
        a = now_ns();
        for (long i = 0; i < iters; i++) {
            const void *vt = NULL;
            void *ud = NULL;
            omnir_type_get_interface(ctx, q, qi, &vt, &ud);
            sink += (long)(uintptr_t)ud;
        }
        t = (now_ns() - a) / iters;
        if (t < best_g) best_g = t;
        a = now_ns();
        for (long i = 0; i < iters; i++) {
            uint32_t id;
            omnir_type_get_type_id(ctx, q, &id);
            sink += id;
        }
        t = (now_ns() - a) / iters;
        if (t < best_id) best_id = t;
    }
    long n2 = iters / 20;
    a = now_ns();
    for (long i = 0; i < n2; i++) {
        omnir_type t;
        get(ctx, i8, f32, 0.5, 128, &t);
        sink += t.id;
    }
    double t_get = (now_ns() - a) / n2;
    const char *text = "!quant.uniform<i8:f32, 0.5:128>";
    a = now_ns();
    for (long i = 0; i < n2; i++) {
        omnir_type t;
        if (omnir_type_parse(ctx, text, strlen(text), &t) != OMNIR_OK) DIE("parse");
        sink += t.id;
    }
    double t_parse = (now_ns() - a) / n2;
    (void)sink;

    printf("dialect load, fresh process (dlopen libquant_dialect.so.0 + libomnir_cxx.so.0, dlsym, quant_register): "
           "median %.0f us (min %.0f, max %.0f, %d processes; dlopen alone: median %.0f us)\n",
           loads[SAMPLES / 2], loads[0], loads[SAMPLES - 1], SAMPLES, opens[SAMPLES / 2]);
    printf("the same in a process that has libstdc++ loaded already (a C++ program): median %.0f us\n",
           loads_cxx[SAMPLES / 2]);
    printf("dialect load in this process (same, measured once): %.0f us\n", first_here);
    printf("quant_register into a fresh context (library loaded): median %.1f us\n", regs[SAMPLES / 2]);
    printf("quant_register again (already registered: lookups only): %.2f us\n", reg_loaded);
    printf("interface query through the registry, omnir_type_implements(!quant.uniform, MemRefElementTypeInterface): "
           "%.1f ns\n",
           best_q);
    printf("interface query, builtin type (f32, native answer): %.1f ns\n", best_f);
    printf("omnir_type_get_interface (vtable + user data from the registry): %.1f ns\n", best_g);
    printf("omnir_type_get_interface + a C vtable call (a C++ virtual method behind it): %.1f ns\n", best_v);
    printf("type query omnir_type_get_type_id (for scale): %.1f ns\n", best_id);
    printf("quant_uniform_type_get (uniqued hit: encode params, C++ verifier callback): %.0f ns\n", t_get);
    printf("omnir_type_parse of \"%s\" (C++ parser, Rust cursor): %.0f ns\n", text, t_parse);
    omnir_context_destroy(ctx);
    return 0;
}
