'use strict';
// Under load (issue 15): the main thread and worker threads, each with its own context on
// the one libomnir, make every kind of call for a fixed number of iterations and check every
// answer (stress-workload.js), in a process of their own (stress-run.js) whose watchdog
// thread turns a hang into a failure naming the stuck thread and phase. The second test
// proves the watchdog: a thread blocked inside a pass must end the run, not hang it.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const RUN = path.join(__dirname, 'stress-run.js');

/** Runs stress-run.js with `args`; resolves to { code, signal, stdout, stderr }. `limit`:
 * a last backstop should even the watchdog fail (SIGKILL after that many ms). */
function stress(args, limit) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', RUN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const backstop = setTimeout(() => child.kill('SIGKILL'), limit);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(backstop);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test('main thread and 3 workers, every kind of call, 150 iterations each: all checks hold, no deadlock', async () => {
  const iterations = 150;
  const r = await stress(['--workers', '3', '--iterations', String(iterations), '--stall-ms', '60000'], 300000);
  assert.equal(r.code, 0, `the stress run failed (code ${r.code}, signal ${r.signal}):\n${r.stderr}`);
  const summary = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(summary.ok, true);
  assert.deepEqual(summary.threads.map((t) => t.id), [0, 1, 2, 3]);
  for (const t of summary.threads) {
    assert.equal(t.iterations, iterations);
    assert.equal(t.passRuns, iterations, 'the JavaScript pass ran once per iteration');
    assert.equal(t.diagnostics, 3 * iterations, 'the handler saw each warning and remark');
    assert.ok(t.verified > iterations, 'the JavaScript verifier ran');
    assert.equal(t.verified, summary.threads[0].verified, 'every thread ran the same calls');
  }
});

test('the watchdog turns a thread stuck inside a pass into a failure naming it', async () => {
  // (4 s: long enough that a slow phase of a healthy thread on a busy machine is not taken
  // for a hang.)
  const r = await stress(['--workers', '2', '--iterations', '4', '--hang', '2:2', '--stall-ms', '4000'], 60000);
  assert.equal(r.signal, 'SIGKILL', `expected the watchdog to kill the run:\n${r.stderr}`);
  assert.match(r.stderr, /stress watchdog: STUCK: worker 2 \(no progress for more than 4000 ms\)/);
  assert.match(r.stderr, /worker 2: iteration 2, phase pass, no progress for \d+ ms/);
  assert.doesNotMatch(r.stderr, /STUCK: [^\n]*(main thread|worker 1)/, 'only the stuck thread is named');
  assert.doesNotMatch(r.stdout, /"ok":true/);
  const report = /report \(main thread\) written to (\S+)/.exec(r.stderr);
  assert.ok(report, `a diagnostic report of the main thread:\n${r.stderr}`);
  const json = JSON.parse(fs.readFileSync(report[1], 'utf8'));
  assert.ok(Array.isArray(json.javascriptStack.stack) && Array.isArray(json.nativeStack), 'with stacks');
  fs.unlinkSync(report[1]);
});
