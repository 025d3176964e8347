// A worker thread of test/cli/sigusr1-inspector.test.ts: sends SIGUSR1 to one process after another, from the
// moment that process holds the signal (its test's header says why then). Until tilebar's own listener holds it,
// each signal as soon as Node has answered the last one (its stderr grew: a line saying the inspector failed to
// start, or before the launch flag "Debugger listening"); after, one a millisecond; until told to stop.
// Spoken to through a SharedArrayBuffer only, so that its busy loops never wait for a message:
//   [PID]    the process to signal, set by the test (0: none; -1: end the worker)
//   [STOP]   set by the test: stop signalling (the process's first line or frame has come)
//   [PHASE]  1 watching for the hold, 2 signalling, 3 done, 4 done: the process was gone
//   [SENT]   how many signals were sent to the last process before tilebar's listener held them
//   [AFTER]  and after
import { readFileSync, statSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const cell = new Int32Array(workerData);
const [PID, STOP, PHASE, SENT, AFTER] = [0, 1, 2, 3, 4];
const USR1 = 1n << 9n;
/** Caught by tilebar's listeners (io/run-end.ts holds SIGUSR1 and SIGUSR2 together), never by Node itself. */
const USR2 = 1n << 11n;

/** The signal masks of `pid`, when it is the node the #! line ran (its argv[0] is `node`); 'gone' once it is not there. */
function masks(pid) {
  try {
    if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0', 1)[0] !== 'node') return undefined;
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    if (/^State:\s+Z/m.test(status)) return 'gone';
    const mask = (name) => BigInt(`0x${new RegExp(`^${name}:\\s*([0-9a-f]+)`, 'm').exec(status)?.[1] ?? '0'}`);
    return { blocked: mask('SigBlk'), caught: mask('SigCgt') };
  } catch {
    // A process in the middle of an exec can fail a read: gone only if it is not there at all.
    try {
      process.kill(pid, 0);
      return undefined;
    } catch {
      return 'gone';
    }
  }
}

/** The size of what `pid` has written to its stderr (a file, for this test). */
function stderrSize(pid) {
  try {
    return statSync(`/proc/${pid}/fd/2`).size;
  } catch {
    return -1;
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const stopped = () => Atomics.load(cell, STOP) !== 0;
for (;;) {
  Atomics.wait(cell, PID, 0);
  const pid = Atomics.load(cell, PID);
  if (pid < 0) break;
  Atomics.store(cell, PHASE, 1);
  let held = false;
  let gone = false;
  while (!held && !gone && !stopped()) {
    const m = masks(pid);
    gone = m === 'gone';
    held = typeof m === 'object' && ((m.blocked | m.caught) & USR1) !== 0n;
  }
  let before = 0;
  let after = 0;
  if (held) Atomics.store(cell, PHASE, 2);
  // Before tilebar's listener: the next signal once Node has answered the last, or once the listener is there.
  let listening = false;
  while (held && !gone && !listening && !stopped()) {
    const size = stderrSize(pid);
    try {
      process.kill(pid, 'SIGUSR1');
      before += 1;
    } catch {
      gone = true;
      break;
    }
    for (;;) {
      const m = masks(pid);
      gone = m === 'gone';
      listening = typeof m === 'object' && (m.caught & USR2) !== 0n;
      if (gone || listening || stopped() || stderrSize(pid) > size) break;
    }
  }
  while (held && !gone && !stopped()) {
    try {
      process.kill(pid, 'SIGUSR1');
      after += 1;
    } catch {
      gone = true;
      break;
    }
    Atomics.wait(pause, 0, 0, 1);
  }
  Atomics.store(cell, SENT, before);
  Atomics.store(cell, AFTER, after);
  Atomics.store(cell, PID, 0);
  Atomics.store(cell, PHASE, gone ? 4 : 3);
}
