"""One module read in custom and in generic syntax, phase by phase, in process
(bench/src/bin/text_phases.rs): seconds of parse, verify and print (median of RUNS, a fresh
context per run), MB/s of input and ns per op, then custom against generic per op and per
byte, and the cost of building the same IR with no text (a clone), which both forms pay. Shared by bench/custom/run.sh and bench/everyday/run.sh; asserts nothing.

usage: forms.py TEXT_PHASES CUSTOM_FILE GENERIC_FILE RUNS [--irdl-file DEFS]"""
import os, subprocess, sys


def phases(tool, path, runs, extra):
    out = subprocess.run([tool, path, "--runs", str(runs), *extra], check=True, capture_output=True, text=True).stdout
    return {k: float(v) for k, v in (line.split() for line in out.splitlines())}


def main():
    tool, custom, generic, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    extra = sys.argv[5:]
    c = phases(tool, custom, runs, extra)
    g = phases(tool, generic, runs, extra + ["--generic"])
    if c["ops"] != g["ops"]:
        sys.exit(f"the two forms hold different modules: {c['ops']:.0f} and {g['ops']:.0f} ops")
    n = c["ops"]
    print(f"in process, median of {runs} runs: {n:.0f} ops; custom {c['input_bytes']/1e6:.1f} MB, generic {g['input_bytes']/1e6:.1f} MB")
    print(f"{'phase':8} {'custom s':>9} {'MB/s':>6} {'ns/op':>6}   {'generic s':>9} {'MB/s':>6} {'ns/op':>6}   {'per op':>6} {'per byte':>8}")
    for phase, size_key in [("parse", "input_bytes"), ("verify", None), ("print", "output_bytes")]:
        cs, gs = c[f"{phase}_s"], g[f"{phase}_s"]
        cb = c[size_key] if size_key else c["input_bytes"]
        gb = g[size_key] if size_key else g["input_bytes"]
        per_op = cs / gs
        per_byte = (cs / cb) / (gs / gb)
        print(f"{phase:8} {cs:9.3f} {cb/1e6/cs:6.1f} {cs*1e9/n:6.0f}   {gs:9.3f} {gb/1e6/gs:6.1f} {gs*1e9/n:6.0f}   {per_op:5.2f}x {per_byte:7.2f}x")
    print("(per op / per byte: the custom form's time against the generic form's, for the same ops / the same bytes)")
    floor = c["clone_s"]
    print(f"the same IR built with no text (a clone of the module): {floor:.3f} s, {floor*1e9/n:.0f} ns/op;"
          f" per-byte parity would need the custom parse at {g['parse_s']*c['input_bytes']/g['input_bytes']*1e9/n:.0f} ns/op")


if __name__ == "__main__":
    main()
