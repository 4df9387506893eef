'use strict';
// Benchmarks of the Node package, printed (never asserted): build 100k operations with
// Operation.create under an insertion point, walk them with a callback, parse and print the
// 100k-op file of ../../../shared/bench/gen_mlir.py — the work of the Python package's
// benchmark (issue "Python package") and of upstream MLIR's Python bindings
// (../shared/bench/peers/mlir_python.py), op for op. Figures: ns per operation, best and
// median of the runs.
//
// Beside them, the Python package's figures for the same work when available:
// bench/python/bench.py (the Python package's own benchmark) when it exists, else
// node/bench/python_same_work.py, with a Python that imports omnir ($OMNIR_PYTHON, or a
// virtualenv under target/ that has the package installed). The goal: Node no worse than
// 1.5x Python.
//
// usage: node bench/bench.js [--runs N] [--file FILE] [--no-python]

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const omnir = require('..');

const repo = path.join(__dirname, '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : dflt;
};
const RUNS = Number(opt('--runs', 5));
const BUILD = 100000;

function benchFile() {
  const given = opt('--file');
  if (given) return given;
  const dir = path.join(repo, 'target', 'bench-node');
  const file = path.join(dir, 'ops100k.mlir');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const gen = path.join(repo, '..', 'shared', 'bench', 'gen_mlir.py');
    execFileSync('python3', [gen, '--ops', '100000', '-o', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return file;
}

const now = () => Number(process.hrtime.bigint()) / 1e9;

function buildAndWalk() {
  const { Context, Location, IntegerType, Module, InsertionPoint, Operation, StringAttr, TypeAttr, FunctionType,
    IntegerAttr, WalkResult } = omnir;
  const ctx = new Context();
  return Location.unknown(ctx).run(() => {
    const t0 = now();
    const i32 = IntegerType.get(32);
    const module = Module.create();
    const f = Operation.create({
      name: 'func.func', regions: 1, ip: new InsertionPoint(module.body),
      attributes: { sym_name: StringAttr.get('big'), function_type: TypeAttr.get(FunctionType.get([i32], [i32])) },
    });
    const block = f.getRegion(0).appendBlock([i32]);
    let last = block.getArgument(0);
    new InsertionPoint(block).run(() => {
      for (let k = 0; k < BUILD / 2; k++) {
        const c = Operation.create({ name: 'arith.constant', results: [i32], attributes: { value: IntegerAttr.get(i32, k) } });
        const ad = Operation.create({ name: 'arith.addi', results: [i32], operands: [c.result, last] });
        last = ad.result;
      }
      Operation.create({ name: 'func.return', operands: [last] });
    });
    const t1 = now();
    let n = 0;
    module.operation.walk(() => {
      n++;
      return WalkResult.ADVANCE;
    });
    const t2 = now();
    return [t1 - t0, t2 - t1, n];
  });
}

function parseAndPrint(text) {
  const ctx = new omnir.Context();
  const t0 = now();
  const m = omnir.Module.parse(text, ctx);
  const t1 = now();
  const s = m.toString();
  const t2 = now();
  return [t1 - t0, t2 - t1, s.length];
}

const best = (xs) => Math.min(...xs);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

function pythonFigures(file) {
  if (args.includes('--no-python')) return [null, 'skipped (--no-python)'];
  const candidates = [];
  if (process.env.OMNIR_PYTHON) candidates.push(process.env.OMNIR_PYTHON);
  const venvs = path.join(repo, 'target');
  for (const d of ['python-venv/test', 'python-venv/bench', 'python-venv', 'venv']) {
    candidates.push(path.join(venvs, d, 'bin', 'python'));
  }
  const python = candidates.find((p) => {
    try {
      execFileSync(p, ['-c', 'import omnir'], { stdio: 'ignore', cwd: '/' });
      return true;
    } catch {
      return false;
    }
  });
  if (!python) return [null, 'no Python with the omnir package found (set OMNIR_PYTHON)'];
  const own = path.join(repo, 'bench', 'python', 'bench.py');
  if (fs.existsSync(own)) {
    // The Python package's own benchmark: asked for JSON of the same work when it offers it.
    try {
      const out = execFileSync(python, [own, '--json', '--file', file, '--runs', String(RUNS)],
        { encoding: 'utf8', cwd: '/', stdio: ['ignore', 'pipe', 'ignore'] });
      const j = JSON.parse(out.trim().split('\n').pop());
      if (j.build && j.walk && j.parse && j.print) return [j, `bench/python/bench.py (${python})`];
    } catch {
      // not in the JSON shape this script reads: use the same-work script below
    }
  }
  const out = execFileSync(python, [path.join(__dirname, 'python_same_work.py'), file, String(RUNS)],
    { encoding: 'utf8', cwd: '/' });
  const note = fs.existsSync(own) ? 'node/bench/python_same_work.py (bench/python/bench.py gives no JSON)'
    : 'node/bench/python_same_work.py (bench/python/bench.py does not exist yet)';
  return [JSON.parse(out.trim().split('\n').pop()), `${note}, with ${python}`];
}

function main() {
  const file = benchFile();
  const text = fs.readFileSync(file, 'utf8');
  const b = [];
  const p = [];
  buildAndWalk(); // warm-up (JIT)
  parseAndPrint(text);
  for (let r = 0; r < RUNS; r++) {
    b.push(buildAndWalk());
    p.push(parseAndPrint(text));
  }
  const built = BUILD + 1;
  const walked = b[0][2];
  const parsedOps = walked; // unused; the file's count is below
  const fileOps = (text.match(/^\s*(%[^=]+= )?"/gm) || []).length;
  void parsedOps;
  const node = {
    build: b.map((x) => x[0]), walk: b.map((x) => x[1]), parse: p.map((x) => x[0]), print: p.map((x) => x[1]),
  };
  const [py, source] = pythonFigures(file);
  const rows = [
    ['build (Operation.create + insertion point)', 'build', built],
    ['walk (callback per operation)', 'walk', walked],
    [`parse (${(text.length / 1e6).toFixed(1)} MB file)`, 'parse', fileOps],
    ['print (generic form)', 'print', fileOps],
  ];
  console.log(`bench (Node ${process.version}, omnir ${omnir.version}): ${RUNS} runs, ${BUILD} built ops, `
    + `${fileOps} ops in ${path.relative(repo, file)}; ns/op, best (median)`);
  const fmt = (xs, n) => `${((best(xs) * 1e9) / n).toFixed(0)} (${((median(xs) * 1e9) / n).toFixed(0)})`;
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`  ${pad('work', 44)} ${pad('Node', 16)} ${pad('Python', 16)} Node/Python`);
  for (const [label, key, n] of rows) {
    const nodeCell = fmt(node[key], n);
    let pyCell = '-';
    let ratio = '-';
    if (py) {
      pyCell = fmt(py[key], n);
      ratio = `${(best(node[key]) / best(py[key])).toFixed(2)}x`;
    }
    console.log(`  ${pad(label, 44)} ${pad(nodeCell, 16)} ${pad(pyCell, 16)} ${ratio}`);
  }
  console.log(`  Python figures: ${source}`);
  console.log('  goal: Node/Python <= 1.5x (figures are printed, not asserted; this machine is shared and noisy)');
}

main();
