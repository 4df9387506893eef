/* The stress tests' watchdog (tests/c/stress.c, tests/cxx/stress.cpp): turns a hang into a
 * failure that says which thread is stuck where. Header-only, C and C++.
 *
 * Each worker thread registers a slot and keeps it current with `watchdog_step` (a label
 * and an iteration). The watchdog thread wakes every 100 ms; past the deadline it prints
 * every slot (worker, kernel tid, iteration, step), then every thread's stack from inside
 * the process (SIGUSR2 sent to each task of /proc/self/task; the handler writes
 * backtrace_symbols_fd), then `gdb -batch -p` (full stacks with Rust frames and arguments)
 * if gdb is installed, and exits with status 3. A fixed iteration count, not a fixed time,
 * decides how much work the test does; the deadline only bounds a hang. */
#ifndef OMNIR_STRESS_WATCHDOG_H
#define OMNIR_STRESS_WATCHDOG_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WATCHDOG_MAX_SLOTS 64

typedef struct watchdog_slot {
    /* Written by the worker; read by the watchdog only once the deadline has passed, for the
     * printout. volatile rather than atomic because the header is shared by C and C++ (C11
     * _Atomic does not compile as C++); aligned word stores do not tear on x86-64/aarch64. */
    volatile const char *step;
    volatile long iteration;
    volatile long tid;
    volatile int used;
    char name[32];
} watchdog_slot;

typedef struct watchdog_state {
    watchdog_slot slots[WATCHDOG_MAX_SLOTS];
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int done;
    int timeout_seconds;
    const char *test_name;
    pthread_t thread;
} watchdog_state;

/* Zero-initialized; watchdog_start initializes the mutex and condition variable. */
static watchdog_state watchdog_g;

static inline long watchdog_gettid(void) { return (long)syscall(SYS_gettid); }

/* A worker's slot: call once on the worker thread, after watchdog_start. */
static inline watchdog_slot *watchdog_register(const char *name) {
    pthread_mutex_lock(&watchdog_g.mutex);
    watchdog_slot *s = NULL;
    for (int i = 0; i < WATCHDOG_MAX_SLOTS; i++) {
        if (!watchdog_g.slots[i].used) {
            s = &watchdog_g.slots[i];
            break;
        }
    }
    if (s) {
        snprintf(s->name, sizeof s->name, "%s", name);
        s->tid = watchdog_gettid();
        s->iteration = 0;
        s->step = "started";
        s->used = 1;
    }
    pthread_mutex_unlock(&watchdog_g.mutex);
    return s;
}

static inline void watchdog_step(watchdog_slot *s, long iteration, const char *step) {
    if (!s) return;
    s->iteration = iteration;
    s->step = step;
}

static inline void watchdog_unregister(watchdog_slot *s) {
    if (!s) return;
    s->step = "finished";
    pthread_mutex_lock(&watchdog_g.mutex);
    s->used = 0;
    pthread_mutex_unlock(&watchdog_g.mutex);
}

static void watchdog_backtrace_handler(int sig) {
    (void)sig;
    /* Not async-signal-safe in general; backtrace() was called once at start so that
     * libgcc is loaded, and the process exits right after these dumps anyway. */
    char head[64];
    int n = snprintf(head, sizeof head, "--- stack of tid %ld (in-process):\n", watchdog_gettid());
    if (write(2, head, (size_t)n) < 0) return;
    void *frames[64];
    int depth = backtrace(frames, 64);
    backtrace_symbols_fd(frames, depth, 2);
}

static void watchdog_dump_and_exit(void) {
    fprintf(stderr, "\n%s: WATCHDOG: not finished after %d s: a hang (deadlock or livelock)\n",
            watchdog_g.test_name, watchdog_g.timeout_seconds);
    for (int i = 0; i < WATCHDOG_MAX_SLOTS; i++) {
        watchdog_slot *s = &watchdog_g.slots[i];
        if (s->used)
            fprintf(stderr, "%s: WATCHDOG: %s (tid %ld) is stuck at iteration %ld in step '%s'\n",
                    watchdog_g.test_name, s->name, s->tid, s->iteration, (const char *)s->step);
    }
    fflush(stderr);
    /* Every thread's stack, from inside the process. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = watchdog_backtrace_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, NULL);
    DIR *dir = opendir("/proc/self/task");
    if (dir) {
        struct dirent *e;
        long me = watchdog_gettid();
        while ((e = readdir(dir)) != NULL) {
            long tid = atol(e->d_name);
            if (tid <= 0 || tid == me) continue;
            syscall(SYS_tgkill, (long)getpid(), tid, SIGUSR2);
            usleep(200 * 1000); /* one stack at a time on stderr */
        }
        closedir(dir);
    }
    /* gdb's view: every frame, Rust ones included. */
    prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
    char pid[32];
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    pid_t child = fork();
    if (child == 0) {
        dup2(2, 1);
        execlp("gdb", "gdb", "-q", "-batch", "-nx", "-p", pid, "-ex", "info threads", "-ex", "thread apply all bt",
               (char *)NULL);
        _exit(127);
    }
    if (child > 0) {
        for (int waited = 0; waited < 600; waited++) { /* at most 60 s */
            int status = 0;
            if (waitpid(child, &status, WNOHANG) == child) {
                if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
                    fprintf(stderr, "%s: WATCHDOG: gdb not available; in-process stacks above\n",
                            watchdog_g.test_name);
                break;
            }
            usleep(100 * 1000);
        }
    }
    fprintf(stderr, "%s: WATCHDOG: FAILED (hang)\n", watchdog_g.test_name);
    fflush(stderr);
    _exit(3);
}

static void *watchdog_main(void *arg) {
    (void)arg;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += watchdog_g.timeout_seconds;
    pthread_mutex_lock(&watchdog_g.mutex);
    while (!watchdog_g.done) {
        if (pthread_cond_timedwait(&watchdog_g.cond, &watchdog_g.mutex, &deadline) != 0) {
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            if (now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec)) {
                pthread_mutex_unlock(&watchdog_g.mutex);
                watchdog_dump_and_exit();
            }
        }
    }
    pthread_mutex_unlock(&watchdog_g.mutex);
    return NULL;
}

/* Starts the watchdog: the test must call watchdog_stop within `timeout_seconds`. */
static inline void watchdog_start(const char *test_name, int timeout_seconds) {
    void *warm[1];
    backtrace(warm, 1); /* loads libgcc now, not inside the signal handler */
    pthread_mutex_init(&watchdog_g.mutex, NULL);
    pthread_cond_init(&watchdog_g.cond, NULL);
    watchdog_g.test_name = test_name;
    watchdog_g.timeout_seconds = timeout_seconds;
    pthread_create(&watchdog_g.thread, NULL, watchdog_main, NULL);
}

static inline void watchdog_stop(void) {
    pthread_mutex_lock(&watchdog_g.mutex);
    watchdog_g.done = 1;
    pthread_cond_signal(&watchdog_g.cond);
    pthread_mutex_unlock(&watchdog_g.mutex);
    pthread_join(watchdog_g.thread, NULL);
}

#endif
