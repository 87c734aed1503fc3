// The command line run inside the test's own process: the built bundle's `main` (what bin/assault
// runs), with its stdout, stderr and exit code captured as a spawned `node bin/assault` would give
// them, without a process's start-up (0.1-0.2 s of CPU each). For tests of what a command prints
// and exits with; what is about the process itself (the exit code as the OS sees it, signals,
// memory caps, a terminal, the start-up) spawns one. test/cli-in-process.test.ts holds the two to
// the same bytes on a sample of commands.
//
// The bundle is loaded once for the test file (its code then optimised for every later call, which
// halves the CPU of a file of commands): what one call reads stays known to the next (edition
// files by path, the folders looked in for ability keys), as in a long-lived program; a call that
// must start from nothing asks for `fresh`, and a series of commands apart from the file's others
// (a reader's tour in a folder of its own) takes an `ownCommandLine()`. Each call works in `cwd` with `env` laid over the
// environment, one at a time: the working folder, the environment and the streams are the
// process's own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle as loadBuilt } from '../bin/load-bundle.mjs';

const root = join(import.meta.dirname, '..');

export type CliRun = { status: number; stdout: string; stderr: string };
export type CliOptions = {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** A bundle loaded for this call alone (40 ms more, and its code not yet optimised): nothing an earlier call read is known. */
  fresh?: boolean;
};

type Bundle = ReturnType<typeof loadBuilt>;

/** The bundle, built first if the sources are newer (so a test never runs a stale command line). */
function loadBundle(): Bundle {
  ensureBuilt();
  return loadBuilt();
}

/** The newest modification time of the files under `dir`, in ms. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

let built = false;

/**
 * What `npm run build` does, when the sources are newer than the bundle: compile, then bundle the
 * command line (bin/assault runs the bundle; its code cache is written last). One build at a time:
 * suites run at once in this folder must not read files another is writing (a directory made
 * atomically is the lock). Looked at once in a test file.
 */
export function ensureBuilt(): void {
  if (built) return;
  const bundle = join(root, 'dist/assault.cache');
  const stale = () => !existsSync(bundle) || newest(join(root, 'src')) > statSync(bundle).mtimeMs;
  if (stale()) {
    const lock = join(root, '.build-lock');
    const wait = new Int32Array(new SharedArrayBuffer(4));
    for (let tries = 0; ; tries++) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        if (tries > 1500) rmSync(lock, { recursive: true, force: true }); // a lock left by a killed run (5 min)
        Atomics.wait(wait, 0, 0, 200);
      }
    }
    try {
      if (stale()) {
        execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', root], { timeout: 120_000 });
        execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { timeout: 60_000 });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  built = true;
}
let queue: Promise<unknown> = Promise.resolve();

/**
 * A command line of its own: one bundle for every call of the function returned (what one call
 * reads is known to the next), none shared with another's.
 */
export function ownCommandLine(): (args: string[], opts?: CliOptions) => Promise<CliRun> {
  let bundle: Bundle | undefined;
  return (args, opts = {}) => {
    const next = queue.then(() => runOnce(args, opts, opts.fresh ? loadBundle() : (bundle ??= loadBundle())));
    queue = next.catch(() => undefined);
    return next;
  };
}

/** `node bin/assault ...args` in this process: its exit status, stdout and stderr (the test file's own). */
export const assault = ownCommandLine();

type Write = typeof process.stdout.write;
const EVENTS: [NodeJS.EventEmitter, string][] = [
  [process.stdout, 'error'],
  [process.stderr, 'error'],
  [process, 'SIGINT'],
];

async function runOnce(args: string[], opts: CliOptions, bundle: Bundle): Promise<CliRun> {
  const { main } = bundle.exports as { main: (argv: string[]) => Promise<void> };
  const out: string[] = [];
  const err: string[] = [];
  const capture = (into: string[]): Write =>
    ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = typeof encoding === 'function' ? encoding : cb;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as Write;
  const saved = {
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write,
    stdoutTTY: Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'),
    stderrTTY: Object.getOwnPropertyDescriptor(process.stderr, 'isTTY'),
    env: new Map(Object.keys(opts.env ?? {}).map((k) => [k, process.env[k]])),
    listeners: EVENTS.map(([emitter, event]) => new Set(emitter.listeners(event))),
  };
  let status: number;
  try {
    if (opts.cwd !== undefined) process.chdir(opts.cwd);
    for (const [k, v] of Object.entries(opts.env ?? {})) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    // piped, as a spawned process's streams are
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true, writable: true });
    Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true, writable: true });
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    process.exitCode = undefined;
    try {
      await main(['node', 'assault', ...args]);
      status = Number(process.exitCode ?? 0);
    } catch (e) {
      // what bin/assault does with an error main lets through
      err.push(`${e && (e as Error).stack ? (e as Error).stack : String(e)}\n`);
      status = 70;
    }
  } finally {
    process.stdout.write = saved.stdoutWrite;
    process.stderr.write = saved.stderrWrite;
    restoreProperty(process.stdout, 'isTTY', saved.stdoutTTY);
    restoreProperty(process.stderr, 'isTTY', saved.stderrTTY);
    process.exitCode = saved.exitCode;
    for (const [k, v] of saved.env) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.chdir(saved.cwd);
    EVENTS.forEach(([emitter, event], i) => {
      for (const l of emitter.listeners(event)) if (!saved.listeners[i]!.has(l)) emitter.removeListener(event, l as (...a: unknown[]) => void);
    });
  }
  return { status, stdout: out.join(''), stderr: err.join('') };
}

function restoreProperty(target: object, key: string, d: PropertyDescriptor | undefined): void {
  if (d) Object.defineProperty(target, key, d);
  else delete (target as Record<string, unknown>)[key];
}
