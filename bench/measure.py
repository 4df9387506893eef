"""Times a command line as a whole process: the median (and range) of several runs and the
peak RSS of the largest run, read per process with wait4. Shared by the benchmark scripts."""
import os, statistics, subprocess, sys, time


def measure(cmd, path, runs):
    """Runs `cmd path -o /dev/null` `runs` times; returns (median s, min s, max s, peak RSS KiB)."""
    times, rss = [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd + [path, "-o", os.devnull], stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        dt = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(cmd)} {path} failed:\n{err.decode()[:2000]}")
        times.append(dt)
        rss = max(rss, usage.ru_maxrss)
    return statistics.median(times), min(times), max(times), rss
