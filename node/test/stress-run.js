'use strict';
// The stress run (started by stress.test.js as a process of its own): the workload of
// stress-workload.js on the main thread and in `--workers` worker threads at once, each
// with its own context, for `--iterations` iterations, plus a watchdog thread.
//
// The watchdog turns a hang into a failure: when a thread's heartbeat stops for
// `--stall-ms`, it prints which thread is stuck, at which iteration and in which phase,
// asks the main thread for a diagnostic report (process.report: JavaScript and native
// stacks; only if the main thread still answers), then kills the process. It runs on a
// thread of its own, so it works even when the main thread is the one stuck (inside a
// native call, where no JavaScript timer can run).
//
// usage: node --expose-gc stress-run.js [--workers N] [--iterations K] [--stall-ms MS]
//        [--hang THREAD:ITERATION]     (block that thread inside a pass: the watchdog's test)
// Prints one JSON line {ok, threads: [...]} and exits 0 when every thread finished and
// every check held.

const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { Worker } = require('node:worker_threads');
const { run, PHASES, WORDS } = require('./stress-workload');

function args() {
  const a = { workers: 3, iterations: 25, stallMs: 60000, hang: null };
  const v = process.argv.slice(2);
  for (let i = 0; i < v.length; i += 2) {
    const [k, x] = [v[i], v[i + 1]];
    if (k === '--workers') a.workers = Number(x);
    else if (k === '--iterations') a.iterations = Number(x);
    else if (k === '--stall-ms') a.stallMs = Number(x);
    else if (k === '--hang') a.hang = x.split(':').map(Number);
    else throw new Error(`stress-run: unknown argument ${k}`);
  }
  return a;
}

const WATCHDOG = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { progress, names, phases, words, stallMs, t0 } = workerData;
const finished = phases.indexOf('done');
let asked = 0;
parentPort.on('message', (m) => {
  if (m.report) fs.writeSync(2, 'stress watchdog: diagnostic report (main thread) written to ' + m.report + '\\n');
  kill();
});
function kill() {
  fs.writeSync(2, 'stress watchdog: killing the process\\n');
  process.kill(process.pid, 'SIGKILL');
}
setInterval(() => {
  if (asked) {
    // The main thread did not answer in time: it is stuck too.
    if (Date.now() - asked > 10000) kill();
    return;
  }
  const now = Date.now() - t0;
  const rows = names.map((name, t) => ({
    name, iteration: Atomics.load(progress, t * words), phase: phases[Atomics.load(progress, t * words + 1)],
    quiet: now - Atomics.load(progress, t * words + 2),
  }));
  const stuck = rows.filter((r) => r.phase !== 'done' && r.quiet > stallMs);
  if (stuck.length === 0) return;
  const line = (r) => r.name + ': iteration ' + r.iteration + ', phase ' + r.phase
    + (r.phase === 'done' ? '' : ', no progress for ' + r.quiet + ' ms');
  fs.writeSync(2, 'stress watchdog: STUCK: ' + stuck.map((r) => r.name).join(', ')
    + ' (no progress for more than ' + stallMs + ' ms)\\n' + rows.map((r) => '  ' + line(r)).join('\\n') + '\\n');
  asked = Date.now();
  parentPort.postMessage({ stuck: stuck.map((r) => r.name) });
}, 100);
`;

async function main() {
  const a = args();
  const n = 1 + a.workers;
  const names = ['main thread', ...Array.from({ length: a.workers }, (_, i) => `worker ${i + 1}`)];
  const progress = new Int32Array(new SharedArrayBuffer(4 * WORDS * n));
  const t0 = Date.now();
  const hangAt = (t) => (a.hang !== null && a.hang[0] === t ? a.hang[1] : -1);
  const watchdog = new Worker(WATCHDOG, {
    eval: true, workerData: { progress, names, phases: PHASES, words: WORDS, stallMs: a.stallMs, t0 },
  });
  watchdog.unref();
  watchdog.on('message', () => {
    // Answered only while this thread runs JavaScript: the stuck thread is another one.
    // The report's `workers` section may wait for a stuck worker: the watchdog kills the
    // process after 10 s anyway.
    let report = '(not written)';
    try {
      report = process.report.writeReport(path.join(os.tmpdir(), `omnir-stress-report-${process.pid}.json`));
    } catch (e) {
      report = `(failed: ${e.message})`;
    }
    watchdog.postMessage({ report });
  });
  const pkg = require.resolve('..');
  const workload = require.resolve('./stress-workload');
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    const omnir = require(workerData.pkg);
    require(workerData.workload).run(omnir, workerData.options)
      .then((r) => parentPort.postMessage({ ok: r }), (e) => parentPort.postMessage({ error: e.stack || String(e) }));`;
  const workers = [];
  for (let t = 1; t < n; t++) {
    const options = { id: t, iterations: a.iterations, progress, t0, hang: hangAt(t) };
    workers.push(new Promise((resolve, reject) => {
      const w = new Worker(source, { eval: true, workerData: { pkg, workload, options } });
      w.once('message', (m) => (m.error ? reject(new Error(`${names[t]}: ${m.error}`)) : resolve(m.ok)));
      w.once('error', (e) => reject(new Error(`${names[t]}: ${e.stack || e}`)));
      w.once('exit', (code) => reject(new Error(`${names[t]} exited (${code}) before finishing`)));
    }));
  }
  const omnir = require('..');
  const mine = run(omnir, { id: 0, iterations: a.iterations, progress, t0, hang: hangAt(0) })
    .catch((e) => { throw new Error(`${names[0]}: ${e.stack || e}`); });
  const threads = await Promise.all([mine, ...workers]);
  process.stdout.write(`${JSON.stringify({ ok: true, ms: Date.now() - t0, threads })}\n`);
}

main().then(() => process.exit(0), (e) => {
  fs.writeSync(2, `stress: FAILED: ${e.stack || e}\n`);
  process.exit(1);
});
