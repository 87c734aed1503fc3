// Hostile input never reaches a stack trace. A generated suite of broken, odd and malicious files
// (test/hostile-cases.ts) is validated in process (its problems formatted, and no Node warning let
// out), then one of each family and every alias and nesting bomb at once by the CLI; special files
// (FIFOs, devices, directories, symlink loops, unreadable folders), files of 4,000 unknown keys
// (under the 20,000 values a file may have), a closed stdout pipe and a full disk are given to the
// spawned CLI (what is about the process: its memory capped, a hang killed); rosters that cannot be
// read and unwritable --junit/--update targets to the CLI in process (test/cli-in-process.ts: what
// a command prints and exits with). Every one must end with exit 2 (or a quiet exit for a
// closed pipe) and a located message `file:line:col: message`, never a stack trace, a hang or an
// out-of-memory crash. --junit and --html into a folder not there yet make it. The newer formats
// on the command line (in process): edition words with terminal escapes print none, `edition new` always
// writes a file that validates, and a file of the wrong kind is named by the option that named it.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync, closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateFile } from '../src/validate.js';
import { formatProblems, InputError, MAX_PROBLEMS_COLLECTED, MAX_PROBLEMS_PER_FILE, type Problem } from '../src/errors.js';
import { writeHostileCases, type WrittenCase } from './hostile-cases.js';
import { problemsOf } from './helpers.js';
import { assault, ownCommandLine } from './cli-in-process.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/assault');
const isRoot = process.getuid?.() === 0;
const ROOT_SKIP = 'skipped: running as root, and chmod does not stop root from reading or writing';
const SHIPPED_SCENARIO = join(root, 'rosters/scenarios/tactical-vs-boyz.yaml');

/** A stack trace or an uncaught JavaScript error in CLI output. */
const STACK = /^\s+at \S.*(\(.*\)|:\d+:\d+)$|TypeError|RangeError|ReferenceError|Unhandled 'error' event|^Node\.js v\d/m;
/** A warning Node prints on its own, e.g. `(node:123) Warning: Keys with collection values ...`. */
const NODE_WARNING = /^\(node:\d+\) \w*Warning: /;
/** A located message: file:line:col: message, line and col >= 1. */
const LOCATED = /^.+:[1-9]\d*:[1-9]\d*: \S.*$/m;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const locatedAt = (culprit: string) => new RegExp(`^[^\\n]*${escapeRe(culprit)}[^\\n]*:[1-9]\\d*:[1-9]\\d*: \\S`, 'm');
/** A path that cannot be read at all, named as itself: `path: why` (no line or column: nothing in it was read). */
const namedAt = (culprit: string) => new RegExp(`^[^\\n]*${escapeRe(culprit)}: \\S`, 'm');

// ---- running the CLI: always with a timeout, a memory cap and bounded output capture ----------

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; timedOut: boolean; ms: number }

const CAP = 1 << 20;
function spawnRun(cmd: string, args: string[], opts: { timeoutMs: number; cwd?: string }): Promise<Run> {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd: opts.cwd ?? root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { if (stdout.length < CAP) stdout += d.toString('utf8'); });
    child.stderr.on('data', (d: Buffer) => { if (stderr.length < CAP) stderr += d.toString('utf8'); });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, opts.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, timedOut, ms: Date.now() - t0 });
    });
  });
}

/** `assault ...args`, its address space capped (a file that never ends must not eat the machine's memory). */
function cli(args: string[], opts: { timeoutMs?: number; memKb?: number; cwd?: string } = {}): Promise<Run> {
  const mem = opts.memKb ?? 2_000_000;
  return spawnRun('sh', ['-c', `ulimit -v ${mem} && exec "$0" "$@"`, process.execPath, bin, ...args], { timeoutMs: opts.timeoutMs ?? 20_000, cwd: opts.cwd });
}

/** A shell pipeline; `$NODE` and `$BIN` are set. */
function shell(script: string, timeoutMs = 20_000): Promise<Run> {
  return spawnRun('bash', ['-c', `NODE="$0"; BIN="$1"; ${script}`, process.execPath, bin], { timeoutMs });
}

/**
 * `assault ...args` in this process (test/cli-in-process.ts), for what is about what a command
 * prints and exits with, not about the process (special files, memory caps, pipes stay spawned).
 */
async function inProcessCli(args: string[], opts: { cwd?: string; commandLine?: typeof assault } = {}): Promise<Run> {
  const r = await (opts.commandLine ?? assault)(args, { cwd: opts.cwd ?? root, env: { NO_COLOR: '1' } });
  return { code: r.status, signal: null, stdout: r.stdout, stderr: r.stderr, timedOut: false, ms: 0 };
}

function describeRun(r: Run): string {
  const how = r.timedOut ? `hung (killed after ${r.ms} ms)` : r.signal ? `killed by ${r.signal}` : `exit ${r.code}`;
  return `${how}; stderr: ${r.stderr.slice(0, 600).trim() || '(empty)'}`;
}

/** Why `r` is not a clean refusal (exit 2, located message, no stack), or null. */
function notCleanRefusal(r: Run, located: RegExp = LOCATED): string | null {
  if (r.timedOut) return `hung: killed after ${r.ms} ms`;
  if (r.signal === 'SIGABRT' || /bad_alloc/.test(r.stderr)) return 'ran out of memory: aborted (std::bad_alloc) under the address-space cap';
  if (r.signal) return `killed by ${r.signal}`;
  if (r.code === 134 || /bad_alloc|heap out of memory/i.test(r.stderr)) return `ran out of memory (exit ${r.code})`;
  if (STACK.test(r.stderr)) return `stack trace / uncaught error (exit ${r.code}): ${r.stderr.split('\n').slice(0, 3).join(' | ')}`;
  if (r.code !== 2) return `exit ${r.code}, expected 2; stderr: ${r.stderr.slice(0, 300).trim() || '(empty)'}`;
  if (!located.test(r.stderr)) return `no located message (file:line:col: message) matching ${located}; stderr: ${r.stderr.slice(0, 300).trim() || '(empty)'}`;
  return null;
}

// ---- the generated files -----------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'assault-hostile-'));
const cases: WrittenCase[] = writeHostileCases(join(work, 'cases'));

interface Outcome { ok: boolean; why: string }
const inProcess = new Map<string, Outcome>();
const spawned = new Map<string, Outcome>();

const lineCount = new Map<string, number>();
function linesOf(file: string): number {
  if (!lineCount.has(file)) {
    let n = 1;
    try {
      for (const b of readFileSync(file)) if (b === 10) n++;
    } catch { /* not readable: no bound */ n = Infinity; }
    lineCount.set(file, n);
  }
  return lineCount.get(file)!;
}

/** Validate one case file in process and judge the outcome against its expectation. */
function judge(c: WrittenCase): Outcome {
  // CPU time of this process (other work on the machine does not lengthen it)
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const t0 = cpu();
  let problems: Problem[] | null = null;
  let crash: unknown = null;
  try {
    validateFile(c.file);
  } catch (e) {
    if (e instanceof InputError) problems = e.problems;
    else crash = e;
  }
  if (problems !== null) {
    try {
      formatProblems(problems);
    } catch (e) {
      crash = e;
    }
  }
  const ms = cpu() - t0;
  // a synchronous call cannot be interrupted; a case this slow counts as hanging
  if (ms > 10_000) return { ok: false, why: `too slow: took ${Math.round(ms)} ms of CPU (a hang in waiting)` };
  if (crash !== null) {
    const e = crash as Error;
    return { ok: false, why: `threw ${e?.name ?? typeof e}: ${String(e?.message ?? e).split('\n')[0]!.slice(0, 200)}` };
  }
  if (problems === null) {
    return c.expect === 'reject' ? { ok: false, why: 'accepted: expected it to be rejected with a located problem' } : { ok: true, why: 'accepted' };
  }
  if (c.expect === 'accept') return { ok: false, why: `rejected a valid file: ${problems[0] ? `${problems[0].line}:${problems[0].col}: ${problems[0].message}` : '(no problem given)'}` };
  if (problems.length === 0) return { ok: false, why: 'InputError with no problems' };
  const allowed = new Set([c.file, ...c.refFiles].map((f) => resolve(f)));
  for (const p of problems) {
    const where = `${p.file}:${p.line}:${p.col}: ${String(p.message).slice(0, 120)}`;
    if (!allowed.has(resolve(p.file))) return { ok: false, why: `problem located in an unrelated file: ${where}` };
    // line and col 0: the file as a whole could not be read (too big, say), with no key path
    const whole = p.line === 0 && p.col === 0 && p.path === '';
    if (!whole && (!Number.isInteger(p.line) || !Number.isInteger(p.col) || p.line < 1 || p.col < 1)) return { ok: false, why: `unlocated problem (line/col must be >= 1, or both 0 for the whole file): ${where}` };
    if (p.line > linesOf(p.file)) return { ok: false, why: `line ${p.line} is past the end of the file (${linesOf(p.file)} lines): ${where}` };
    if (typeof p.message !== 'string' || p.message.trim() === '') return { ok: false, why: `empty message: ${where}` };
  }
  if (c.says && !problems.some((p) => c.says!.test(`${p.message} (at ${p.path})`))) {
    return { ok: false, why: `rejected, but no problem says ${c.says}: ${problems.map((p) => `${p.message} (at ${p.path})`).join('; ').slice(0, 300)}` };
  }
  return { ok: true, why: `rejected: ${problems.length} problem(s)` };
}

// warnings Node prints on its own (emitted a tick after their cause), while the files are validated in process
const nodeWarnings: string[] = [];
const onWarning = (w: Error) => { nodeWarnings.push(`${w.name}: ${w.message}`); };

describe(`hostile input, in process: validateFile() on ${cases.length} generated files`, () => {
  it('listens for Node warnings', () => { process.on('warning', onWarning); });

  it('the suite has at least 150 files, in every family', () => {
    expect(cases.length).toBeGreaterThanOrEqual(170);
    const families = new Set(cases.map((c) => c.name.split('/')[0]!.replace(/-.*/, '')));
    for (const f of ['base', 'type', 'numbers', 'proto', 'protodef', 'alias', 'deep', 'syntax', 'empty']) expect(families, f).toContain(f);
    // accepted and either cases stay few, and each says why
    const lenient = cases.filter((c) => c.expect !== 'reject');
    expect(lenient.length).toBeLessThan(cases.length / 5);
    for (const c of lenient) expect(c.why, c.name).toBeTruthy();
  });

  for (const c of cases) {
    const label = c.expect === 'reject' ? 'rejected, located' : c.expect === 'accept' ? 'accepted' : 'accepted or rejected cleanly';
    it(`${c.name}: ${label}`, () => {
      const o = judge(c);
      inProcess.set(c.name, o);
      expect(o.ok, `${c.name} (${c.file}): ${o.why}`).toBe(true);
    }, 60_000);
  }

  it('no Node warning was let out while validating them', async () => {
    await new Promise((r) => setTimeout(r, 10));
    process.off('warning', onWarning);
    expect(nodeWarnings).toEqual([]);
  });
});

// The CLI on a sample: what it adds to the above (a process's exit code, its memory capped, its
// output) is the same for every file of a family, but a bomb's memory is its own: the first file
// of each family, and every alias and nesting one.
const family = (c: WrittenCase) => c.name.split('/')[0]!;
const sample = cases.filter((c, i) => ['alias', 'deep'].includes(family(c)) || cases.findIndex((d) => family(d) === family(c)) === i);

describe(`hostile input, CLI: \`assault validate\` on ${sample.length} generated files at once`, () => {
  it('exits 2, prints no stack trace, and names every file', async () => {
    const cases = sample;
    expect(new Set(cases.map(family)).size).toBeGreaterThanOrEqual(20);
    const r = await cli(['validate', ...cases.map((c) => c.file)], { timeoutMs: 60_000, memKb: 4_000_000 });
    const all = `${r.stdout}\n${r.stderr}`;
    // a file is mentioned as ok, or by a problem in it (or in a roster/scenario file it uses)
    const unmentioned = cases.filter((c) => !all.includes(c.file) && !c.refFiles.some((f) => r.stderr.includes(f))).map((c) => c.name);
    const warnings = r.stderr.split('\n').filter((l) => NODE_WARNING.test(l));
    spawned.set('validate a sample of the generated files', {
      ok: !r.timedOut && r.code === 2 && !STACK.test(r.stderr) && unmentioned.length === 0 && warnings.length === 0,
      why: `${r.timedOut ? 'hung; ' : ''}exit ${r.code}${STACK.test(r.stderr) ? '; stack trace' : ''}; ${unmentioned.length} files not mentioned${unmentioned.length ? ` (${unmentioned.slice(0, 12).join(', ')}${unmentioned.length > 12 ? ', ...' : ''})` : ''}; ${warnings.length} Node warnings${warnings.length ? ` (${warnings[0]})` : ''}`,
    });
    expect(r.timedOut, 'validate hung').toBe(false);
    expect(r.stderr.match(STACK)?.[0] ?? null, 'stack trace in stderr').toBeNull();
    expect(r.code, describeRun(r)).toBe(2);
    expect(unmentioned, 'files the output never mentions').toEqual([]);
    expect(warnings, 'Node warnings leaking onto stderr (unlocated noise)').toEqual([]);
  }, 90_000);
});

// ---- special files -----------------------------------------------------------------------------

const special = join(work, 'special');
mkdirSync(special);
const sp = (name: string) => join(special, name);
// node has no mkfifo; the coreutils command does it
const mkfifo = (p: string) => spawnSync('mkfifo', [p], { stdio: 'ignore', timeout: 10_000 }).status === 0;
const haveFifo = mkfifo(sp('fifo.yaml')) && mkfifo(sp('fifo-roster.yaml'));
mkdirSync(sp('a-directory.yaml'));
mkdirSync(sp('dir-roster.yaml'));
symlinkSync(sp('nowhere.yaml'), sp('dangling.yaml'));
symlinkSync(sp('loop-b.yaml'), sp('loop-a.yaml'));
symlinkSync(sp('loop-a.yaml'), sp('loop-b.yaml'));
symlinkSync('/dev/zero', sp('zero-roster.yaml'));
mkdirSync(sp('locked'));
writeFileSync(sp('locked/inside.yaml'), readFileSync(SHIPPED_SCENARIO));
chmodSync(sp('locked'), 0o000);
writeFileSync(sp('unreadable.yaml'), readFileSync(SHIPPED_SCENARIO));
chmodSync(sp('unreadable.yaml'), 0o000);
let haveSparse = true;
try {
  const fd = openSync(sp('sparse-10G.yaml'), 'w');
  ftruncateSync(fd, 10 * 2 ** 30);
  closeSync(fd);
} catch { haveSparse = false; }
const useRoster = (stem: string) => `attacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: ${stem}/boyz\n`;
writeFileSync(sp('uses-fifo-roster.yaml'), useRoster('fifo-roster'));
writeFileSync(sp('uses-dir-roster.yaml'), useRoster('dir-roster'));
writeFileSync(sp('uses-zero-roster.yaml'), useRoster('zero-roster'));
writeFileSync(sp('fifo-scenario.check.yaml'), 'scenario: fifo.yaml\nruns: 10\nexpect:\n  final.winner.attacker: { min: 0 }\n');
writeFileSync(sp('zero-scenario.check.yaml'), 'scenario: /dev/zero\nruns: 10\nexpect:\n  final.winner.attacker: { min: 0 }\n');
writeFileSync(sp('fifo-scenarios-matrix.yaml'), `runs: 10\nscenarios:\n  - ${SHIPPED_SCENARIO}\n  - fifo.yaml\n`);
writeFileSync(sp('zero-scenarios-matrix.yaml'), 'runs: 10\nscenarios:\n  - /dev/zero\n');

type Cmd = 'validate' | 'fight' | 'sim' | 'exact' | 'check' | 'batch';
const ARGS: Record<Cmd, (f: string) => string[]> = {
  validate: (f) => ['validate', f],
  fight: (f) => ['fight', f, '--seed', '1'],
  sim: (f) => ['sim', f, '--runs', '10', '--seed', '1'],
  exact: (f) => ['exact', f, '--budget', '20000'],
  check: (f) => ['check', f],
  batch: (f) => ['batch', f, '--runs', '10'],
};
const SCENARIO_CMDS: Cmd[] = ['validate', 'fight', 'sim', 'exact'];

interface Special { name: string; file: string; cmds: Cmd[]; culprits: string[]; skip?: string }
const specials: Special[] = [
  { name: 'a FIFO nobody writes to', file: sp('fifo.yaml'), cmds: SCENARIO_CMDS, culprits: ['fifo.yaml'], skip: haveFifo ? undefined : 'skipped: mkfifo is not available' },
  { name: '/dev/zero (a file that never ends)', file: '/dev/zero', cmds: SCENARIO_CMDS, culprits: ['/dev/zero'] },
  { name: '/dev/urandom (endless binary)', file: '/dev/urandom', cmds: ['validate'], culprits: ['/dev/urandom'] },
  { name: 'a directory', file: sp('a-directory.yaml'), cmds: SCENARIO_CMDS, culprits: ['a-directory.yaml'] },
  { name: 'a dangling symlink', file: sp('dangling.yaml'), cmds: SCENARIO_CMDS, culprits: ['dangling.yaml'] },
  { name: 'a symlink loop', file: sp('loop-a.yaml'), cmds: SCENARIO_CMDS, culprits: ['loop-a.yaml'] },
  { name: 'an unreadable folder given as a file', file: sp('locked'), cmds: SCENARIO_CMDS, culprits: ['locked'] },
  { name: 'a file inside an unreadable folder', file: sp('locked/inside.yaml'), cmds: SCENARIO_CMDS, culprits: ['inside.yaml'], skip: isRoot ? ROOT_SKIP : undefined },
  { name: 'an unreadable file', file: sp('unreadable.yaml'), cmds: SCENARIO_CMDS, culprits: ['unreadable.yaml'], skip: isRoot ? ROOT_SKIP : undefined },
  { name: 'a sparse 10 GB file', file: sp('sparse-10G.yaml'), cmds: SCENARIO_CMDS, culprits: ['sparse-10G.yaml'], skip: haveSparse ? undefined : 'skipped: cannot make a sparse file here' },
  { name: 'a scenario whose roster file is a FIFO', file: sp('uses-fifo-roster.yaml'), cmds: SCENARIO_CMDS, culprits: ['fifo-roster.yaml', 'uses-fifo-roster.yaml'], skip: haveFifo ? undefined : 'skipped: mkfifo is not available' },
  { name: 'a scenario whose roster file is a directory', file: sp('uses-dir-roster.yaml'), cmds: SCENARIO_CMDS, culprits: ['dir-roster.yaml', 'uses-dir-roster.yaml'] },
  { name: 'a scenario whose roster file is a symlink to /dev/zero', file: sp('uses-zero-roster.yaml'), cmds: SCENARIO_CMDS, culprits: ['zero-roster.yaml', 'uses-zero-roster.yaml'] },
  { name: 'a check file whose scenario is a FIFO', file: sp('fifo-scenario.check.yaml'), cmds: ['validate', 'check'], culprits: ['fifo.yaml', 'fifo-scenario.check.yaml'], skip: haveFifo ? undefined : 'skipped: mkfifo is not available' },
  { name: 'a check file whose scenario is /dev/zero', file: sp('zero-scenario.check.yaml'), cmds: ['validate', 'check'], culprits: ['/dev/zero', 'zero-scenario.check.yaml'] },
  { name: 'a matrix listing a FIFO as a scenario', file: sp('fifo-scenarios-matrix.yaml'), cmds: ['validate', 'batch'], culprits: ['fifo.yaml', 'fifo-scenarios-matrix.yaml'], skip: haveFifo ? undefined : 'skipped: mkfifo is not available' },
  { name: 'a matrix listing /dev/zero as a scenario', file: sp('zero-scenarios-matrix.yaml'), cmds: ['validate', 'batch'], culprits: ['/dev/zero', 'zero-scenarios-matrix.yaml'] },
];

// concurrent: a file that hangs costs its 20 s once, not once per case; each process is capped
// at 1 GB of address space, so a file that never ends aborts quickly instead of filling the machine
describe.concurrent('hostile input, CLI: special files given as input (exit 2, located message, no hang, no OOM)', () => {
  for (const s of specials) {
    const title = `${s.name} (${s.cmds.join(', ')})${s.skip ? ` (${s.skip})` : ''}`;
    it.skipIf(Boolean(s.skip))(title, async () => {
      const located = new RegExp(s.culprits.flatMap((c) => [locatedAt(c).source, namedAt(c).source]).join('|'), 'm');
      const runs = await Promise.all(s.cmds.map((c) => cli(ARGS[c](s.file), { timeoutMs: 20_000, memKb: 1_000_000 })));
      const bad = runs.map((r, i) => [s.cmds[i]!, notCleanRefusal(r, located)] as const).filter(([, why]) => why !== null);
      spawned.set(`special: ${s.name}`, { ok: bad.length === 0, why: bad.map(([c, why]) => `${c}: ${why}`).join('; ') });
      expect(bad.map(([c, why]) => `assault ${c} ${s.file}: ${why}`)).toEqual([]);
    }, 60_000);
  }
});

// ---- a roster or scenario that cannot be read, named where it is referred to ------------------

const refs = join(work, 'refs');
mkdirSync(join(refs, 'rosters', 'orks.yaml'), { recursive: true }); // a folder where the roster should be
symlinkSync(join(refs, 'nowhere.yaml'), join(refs, 'rosters', 'ghosts.yaml'));
writeFileSync(join(refs, 'dir-roster.yaml'), 'name: x\nrules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - name: X\n      models:\n        - { model: orks/boy, count: 3 }\n');
writeFileSync(join(refs, 'ghost-roster.yaml'), 'attacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: ghosts/boyz\n');
writeFileSync(join(refs, 'dir-roster-matrix.yaml'), 'runs: 10\nattackers: [orks/boyz]\ndefenders: [space-marines]\n');
mkdirSync(join(refs, 'scenario-dir.yaml'));
writeFileSync(join(refs, 'dir-scenario.check.yaml'), 'scenario: scenario-dir.yaml\nruns: 10\nexpect:\n  final.winner.attacker: { min: 0 }\n');
mkdirSync(join(refs, 'locked', 'rosters'), { recursive: true });
writeFileSync(join(refs, 'locked', 'rosters', 'orks.yaml'), readFileSync(join(root, 'rosters/orks.yaml')));
chmodSync(join(refs, 'locked', 'rosters', 'orks.yaml'), 0o000);
writeFileSync(join(refs, 'locked', 'scenario.yaml'), 'name: x\nrules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: space-marines/tactical-squad\n');

describe('hostile input: a roster or scenario that cannot be read is named at the place that refers to it', () => {
  const problemsIn = (file: string): string[] => problemsOf(validateFile, file);
  const roster = join(refs, 'rosters', 'orks.yaml');
  it('library: a roster that is a folder, referred to by a unit and by a model', () => {
    const f = join(refs, 'dir-roster.yaml');
    expect(problemsIn(f)).toEqual([
      `${f}:5:13: roster ${roster} is a directory, not a file (at attacker.units[0].unit)`,
      `${f}:10:20: roster ${roster} is a directory, not a file (at defender.units[0].models[0].model)`,
    ]);
  });
  it('library: a roster that is a broken symbolic link', () => {
    const f = join(refs, 'ghost-roster.yaml');
    expect(problemsIn(f)).toEqual([`${f}:6:13: roster ${join(refs, 'rosters', 'ghosts.yaml')} cannot be read: a symbolic link to a file that does not exist (at defender.units[0].unit)`]);
  });
  it('library: a matrix entry whose roster is a folder; a check file whose scenario is a folder', () => {
    const m = join(refs, 'dir-roster-matrix.yaml');
    expect(problemsIn(m)).toEqual([`${m}:2:13: roster ${roster} is a directory, not a file (at attackers[0])`]);
    const c = join(refs, 'dir-scenario.check.yaml');
    expect(problemsIn(c)).toEqual([`${c}:1:11: scenario ${join(refs, 'scenario-dir.yaml')} is a directory, not a file (at scenario)`]);
  });
  it('CLI: the roster named as the working folder sees it', async () => {
    const r = await inProcessCli(['fight', 'dir-roster.yaml', '--seed', '1'], { cwd: refs });
    expect(notCleanRefusal(r)).toBeNull();
    expect(r.stderr).toContain('dir-roster.yaml:5:13: roster rosters/orks.yaml is a directory, not a file (at attacker.units[0].unit)');
  }, 60_000);
  it.skipIf(isRoot)(`CLI: a roster with no read permission: validate, fight, sim and exact name it at the unit${isRoot ? ` (${ROOT_SKIP})` : ''}`, async () => {
    for (const cmd of SCENARIO_CMDS) {
      const r = await inProcessCli(ARGS[cmd]('scenario.yaml'), { cwd: join(refs, 'locked') });
      expect(notCleanRefusal(r), cmd).toBeNull();
      expect(r.stderr, cmd).toContain('scenario.yaml:5:13: roster rosters/orks.yaml cannot be read: permission denied (at attacker.units[0].unit)');
    }
  }, 60_000);
});

// ---- --junit and --update into places that cannot be written -----------------------------------

const writes = join(work, 'writes');
mkdirSync(writes);
const small = join(writes, 'small.check.yaml');
writeFileSync(small, `scenario: ${SHIPPED_SCENARIO}\nruns: 50\nseed: 1\nexpect:\n  final.winner.attacker: { min: 0, max: 1 }\n`);
writeFileSync(join(writes, 'a-file'), 'not a folder\n');
const golden = (name: string, log: string, dir = writes) => {
  mkdirSync(dir, { recursive: true });
  const f = join(dir, name);
  writeFileSync(f, `scenario: ${SHIPPED_SCENARIO}\nfight: { seed: 7, log: ${log} }\n`);
  return f;
};
const readOnly = join(writes, 'read-only');
const goldenReadOnly = golden('golden.check.yaml', 'golden.log', readOnly);
chmodSync(readOnly, 0o555);

interface WriteCase { name: string; args: string[]; mention: string; skip?: string }
const writeCases: WriteCase[] = [
  { name: '--junit under a path whose parent is a file', args: ['check', '--junit', join(writes, 'a-file/x.xml'), small], mention: 'a-file' },
  { name: '--junit under a path with a file further up', args: ['check', '--junit', join(writes, 'a-file/deeper/x.xml'), small], mention: 'a-file' },
  { name: '--html of sim under a path whose parent is a file', args: ['sim', SHIPPED_SCENARIO, '--runs', '10', '--html', join(writes, 'a-file/x.html')], mention: 'a-file' },
  { name: '--junit onto a directory', args: ['check', '--junit', writes, small], mention: writes },
  { name: '--junit into a read-only folder', args: ['check', '--junit', join(readOnly, 'x.xml'), small], mention: 'read-only', skip: isRoot ? ROOT_SKIP : undefined },
  { name: '--update a golden log in a folder that does not exist', args: ['check', '--update', golden('missing-dir.check.yaml', 'missing-dir/golden.log')], mention: 'missing-dir' },
  { name: '--update a golden log under a path whose parent is a file', args: ['check', '--update', golden('under-file.check.yaml', 'a-file/golden.log')], mention: 'a-file' },
  { name: '--update a check file whose folder is read-only', args: ['check', '--update', goldenReadOnly], mention: 'read-only', skip: isRoot ? ROOT_SKIP : undefined },
];

describe('hostile input, CLI: --junit and --update into places that cannot be written', () => {
  for (const w of writeCases) {
    it.skipIf(Boolean(w.skip))(`${w.name}: exit 2 with a message${w.skip ? ` (${w.skip})` : ''}`, async () => {
      const r = await inProcessCli(w.args);
      let why: string | null = null;
      if (r.timedOut) why = `hung: killed after ${r.ms} ms`;
      else if (STACK.test(r.stderr)) why = `stack trace (exit ${r.code}): ${r.stderr.split('\n').slice(0, 3).join(' | ')}`;
      else if (r.code !== 2) why = `exit ${r.code}, expected 2; stderr: ${r.stderr.slice(0, 300).trim() || '(empty)'}`;
      else if (!r.stderr.includes(w.mention)) why = `the message does not name ${w.mention}: ${r.stderr.slice(0, 300).trim()}`;
      spawned.set(`write: ${w.name}`, { ok: why === null, why: why ?? '' });
      expect(why, `assault ${w.args.join(' ')}`).toBeNull();
    }, 60_000);
  }
});

// ---- --junit and --html into a folder that is not there yet: made, as pytest's --junitxml does ----

const fresh = join(writes, 'fresh');
const makesFolder: { name: string; args: string[]; file: string }[] = [
  { name: 'check --junit', args: ['check', small, '--junit', join(fresh, 'junit/deep/results.xml')], file: join(fresh, 'junit/deep/results.xml') },
  { name: 'sim --html', args: ['sim', SHIPPED_SCENARIO, '--runs', '50', '--seed', '1', '--html', join(fresh, 'sim/page.html')], file: join(fresh, 'sim/page.html') },
  { name: 'exact --html', args: ['exact', SHIPPED_SCENARIO, '--html', join(fresh, 'exact/a/b/page.html')], file: join(fresh, 'exact/a/b/page.html') },
  { name: 'batch --html', args: ['batch', join(root, 'rosters/matrix-example.yaml'), '--runs', '20', '--html', join(fresh, 'batch/page.html')], file: join(fresh, 'batch/page.html') },
];

describe('CLI: --junit and --html into a folder that is not there yet make it (--update keeps to the check file\'s folder)', () => {
  for (const m of makesFolder) {
    it(`${m.name} into a new folder: exit 0, the file written`, async () => {
      const r = await inProcessCli(m.args);
      const why = r.timedOut ? `hung: killed after ${r.ms} ms` : r.code !== 0 ? `exit ${r.code}; stderr: ${r.stderr.slice(0, 300)}` : existsSync(m.file) ? null : `${m.file} not written`;
      spawned.set(`new folder: ${m.name}`, { ok: why === null, why: why ?? '' });
      expect(why).toBeNull();
      expect(readFileSync(m.file, 'utf8').length).toBeGreaterThan(100);
    }, 90_000);
  }
});

// ---- stdout closed early, or on a full disk ----------------------------------------------------

const bigScenario = join(writes, 'big-output.yaml');
const tenUnits = (ref: string) => Array.from({ length: 10 }, () => `    - unit: ${ref}\n      size: 200\n`).join('');
writeFileSync(bigScenario, `attacker:\n  units:\n${tenUnits('orks/boyz')}defender:\n  units:\n${tenUnits('orks/gretchin')}`);

interface OutCase { name: string; script: string; check: (r: Run) => string | null }
/** node's exit status, when the pipeline reports it as `status N` on the last line of stderr. */
const piped = (cmd: string, reader: string) => `"$NODE" "$BIN" ${cmd} | ${reader} >/dev/null; echo "status \${PIPESTATUS[0]}" >&2`;
const quietPipe = (r: Run): string | null => {
  if (r.timedOut) return `hung: killed after ${r.ms} ms`;
  const m = /status (\d+)\s*$/.exec(r.stderr);
  const status = m ? Number(m[1]) : NaN;
  const rest = r.stderr.replace(/status \d+\s*$/, '').trim();
  if (status !== 0 && status !== 141) return `exit ${status}, expected a quiet exit (0, or 141 for SIGPIPE); stderr: ${rest.slice(0, 200)}`;
  if (rest !== '') return `stderr is not empty: ${rest.split('\n').slice(0, 3).join(' | ')}`;
  return null;
};
const fullDisk = (r: Run): string | null => {
  if (r.timedOut) return `hung: killed after ${r.ms} ms`;
  if (STACK.test(r.stderr)) return `stack trace (exit ${r.code}): ${r.stderr.split('\n').slice(0, 3).join(' | ')}`;
  if (r.code !== 2) return `exit ${r.code}, expected 2; stderr: ${r.stderr.slice(0, 200).trim() || '(empty)'}`;
  if (r.stderr.trim() === '') return 'no message on stderr';
  return null;
};
const outCases: OutCase[] = [
  { name: 'fight | head -1 (the shipped scenario)', script: piped(`fight ${SHIPPED_SCENARIO} --seed 7`, 'head -1'), check: quietPipe },
  { name: 'fight --json | head -1 (800 KB of output)', script: piped(`fight ${bigScenario} --seed 7 --json`, 'head -1'), check: quietPipe },
  { name: 'fight | a reader that exits before reading', script: piped(`fight ${bigScenario} --seed 7`, 'true'), check: quietPipe },
  { name: 'sim --json | head -1', script: piped(`sim ${SHIPPED_SCENARIO} --runs 200 --seed 7 --json`, 'head -1'), check: quietPipe },
  { name: 'fight > /dev/full', script: `exec "$NODE" "$BIN" fight ${SHIPPED_SCENARIO} --seed 7 > /dev/full`, check: fullDisk },
  { name: 'fight --json > /dev/full (800 KB)', script: `exec "$NODE" "$BIN" fight ${bigScenario} --seed 7 --json > /dev/full`, check: fullDisk },
  { name: 'validate > /dev/full', script: `exec "$NODE" "$BIN" validate ${join(root, 'rosters/orks.yaml')} > /dev/full`, check: fullDisk },
  { name: 'sim > /dev/full', script: `exec "$NODE" "$BIN" sim ${SHIPPED_SCENARIO} --runs 200 --seed 7 > /dev/full`, check: fullDisk },
];

describe('hostile input, CLI: stdout closed early (quiet exit) or on a full disk (exit 2, a message)', () => {
  for (const o of outCases) {
    it(o.name, async () => {
      const r = await shell(o.script, 20_000);
      const why = o.check(r);
      spawned.set(`output: ${o.name}`, { ok: why === null, why: why ?? '' });
      expect(why).toBeNull();
    }, 60_000);
  }
});

// ---- tens of thousands of problems in one file ----------------------------------------------------

const crowds = join(work, 'crowds');
mkdirSync(crowds);
const UNKNOWN = 4_000;
const unknownKeys = (indent: string) => Array.from({ length: UNKNOWN }, (_, i) => `${indent}colour${i}: red\n`).join('');
const crowdScenario = join(crowds, 'unit-keys.yaml');
writeFileSync(crowdScenario, `attacker:\n  units:\n    - unit: space-marines/tactical-squad\n${unknownKeys('      ')}defender:\n  units:\n    - unit: orks/boyz\n`);
const crowdRoster = join(crowds, 'model-keys.yaml');
writeFileSync(crowdRoster, `faction: Crowd\nmodels:\n  grunt:\n    name: Grunt\n    profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }\n${unknownKeys('    ')}units:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`);
const crowdCheck = join(crowds, 'paths.check.yaml');
writeFileSync(crowdCheck, `scenario: ${SHIPPED_SCENARIO}\nruns: 10\nexpect:\n${Array.from({ length: UNKNOWN }, (_, i) => `  final.winner.atacker${i}: { min: 0 }\n`).join('')}`);
const crowds4MB = [crowdScenario, crowdRoster, crowdCheck];

describe('hostile input: 4,000 unknown keys in one mapping (answered at once, the problems counted past the first ones)', () => {
  it('the files are under 4 MB, as every file read must be', () => {
    for (const f of crowds4MB) expect(readFileSync(f).length, f).toBeLessThan(4 * 2 ** 20);
  });

  it.each([['a scenario unit', crowdScenario, 'attacker.units[0].colour0'], ['a roster model', crowdRoster, 'models.grunt.colour0'], ['a check file\'s expect', crowdCheck, 'expect.final.winner.atacker0']])(
    `library: %s: ${MAX_PROBLEMS_COLLECTED} problems collected, located, and one entry counting the rest`, (_what, file, first) => {
      let problems: Problem[] = [];
      try {
        validateFile(file);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problems = e.problems;
      }
      const located = problems.filter((p) => p.more === undefined);
      const counted = problems.filter((p) => p.more !== undefined);
      expect(located.length).toBe(MAX_PROBLEMS_COLLECTED);
      expect(located[0]!.path).toBe(first);
      expect(located.every((p) => resolve(p.file) === resolve(file) && p.line > 1)).toBe(true);
      expect(counted).toHaveLength(1);
      expect(counted[0]!.more).toBe(UNKNOWN - MAX_PROBLEMS_COLLECTED);
      expect(formatProblems(problems).at(-1)).toBe(`${problems[0]!.file}: ${UNKNOWN - MAX_PROBLEMS_PER_FILE} more problems not shown`);
    }, 60_000);

  // the bound catches a hang (it took minutes), not speed
  it.each([['validate', 'unit-keys.yaml', crowdScenario], ['validate', 'model-keys.yaml', crowdRoster], ['fight', 'unit-keys.yaml', crowdScenario], ['check', 'paths.check.yaml', crowdCheck]])('CLI: assault %s %s: exit 2 within 15 s, 50 problems printed and the rest counted', async (cmd, name, file) => {
    const r = await cli([cmd, file], { timeoutMs: 15_000 });
    spawned.set(`crowd: ${cmd} ${name}`, { ok: notCleanRefusal(r) === null, why: notCleanRefusal(r) ?? '' });
    expect(notCleanRefusal(r)).toBeNull();
    expect(r.stderr.split('\n').filter((l) => LOCATED.test(l))).toHaveLength(MAX_PROBLEMS_PER_FILE);
    expect(r.stderr).toContain(`: ${UNKNOWN - MAX_PROBLEMS_PER_FILE} more problems not shown`);
    if (cmd === 'validate') expect(r.stderr).toMatch(new RegExp(`^${UNKNOWN} problems$`, 'm'));
  }, 60_000);
});

// ---- the newer formats on the command line: edition files, epic, vehicles --------------------------

const newer = join(work, 'newer');
mkdirSync(newer);
/** An edition whose words hold terminal escapes: a title change (OSC 0), a bell, a colour, a bidi override. */
const ESCAPES = '\u001b]0;pwned\u0007\u001b[31mRed\u202e';
writeFileSync(join(newer, 'escapes.edition.yaml'), `edition: escapes\nname: ${JSON.stringify(`Evil ${ESCAPES} house`)}\nbase: srd4\nsummary: ${JSON.stringify(`sum ${ESCAPES}`)}\nnotes: [${JSON.stringify(`note ${ESCAPES}`)}]\n`);
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('hostile input, CLI: the newer formats', () => {
  it.each([
    ['rules FILE', ['rules', 'escapes.edition.yaml']],
    ['rules srd4 --diff FILE', ['rules', 'srd4', '--diff', 'escapes.edition.yaml']],
    ['the fight header', ['fight', SHIPPED_SCENARIO, '--rules', 'escapes.edition.yaml', '--seed', '1']],
    ['the sim header', ['sim', SHIPPED_SCENARIO, '--rules', 'escapes.edition.yaml', '--seed', '1', '--runs', '100']],
  ])("an edition's name, summary and notes with terminal escapes: %s prints none of them", async (what, args) => {
    const r = await inProcessCli(args, { cwd: newer });
    const why = r.code !== 0 ? describeRun(r) : CONTROL_CHARS.test(r.stdout) ? `a control character on stdout: ${JSON.stringify(r.stdout.match(new RegExp(`.{0,20}${CONTROL_CHARS.source}.{0,20}`))?.[0])}` : null;
    spawned.set(`newer: escapes in ${what}`, { ok: why === null, why: why ?? '' });
    expect(why).toBeNull();
    // where the name is shown, it is shown without its control characters
    if (/rules FILE|fight/.test(what)) expect(r.stdout).toMatch(/Evil \]0;pwned\[31mRed house/);
  }, 60_000);

  // every shipped 40K edition, the shipped edition files, and files whose id or name would break the template
  const odd: Record<string, string> = {
    'plain-house.edition.yaml': 'edition: house\nname: House\nbase: srd4\n',
    'own-suffix.edition.yaml': 'edition: srd4-house\nname: SRD house\nbase: srd4\n',
    'numbered.edition.yaml': 'edition: waffle-house-2\nname: Waffle house two\nbase: waffle\n',
    'colon-hash.edition.yaml': `edition: colon-hash\nname: ${JSON.stringify('Rules: #1 - the best')}\nbase: fightphase\n`,
    'indicators.edition.yaml': `edition: indicators\nname: ${JSON.stringify("- [odd] {name} & 'quoted' *x* ")}\nbase: revised4\n`,
    'word-name.edition.yaml': 'edition: word-name\nname: "yes"\nbase: srd4\n',
    'escaped-name.edition.yaml': `edition: escaped-name\nname: ${JSON.stringify(`Evil ${ESCAPES}`)}\nbase: srd4\n`,
  };
  for (const [name, text] of Object.entries(odd)) writeFileSync(join(newer, name), text);
  for (const f of ['srd4-morale.edition.yaml', 'waffle-2d6-sweep.edition.yaml']) writeFileSync(join(newer, f), readFileSync(join(root, 'rosters/editions', f)));
  const bases = ['srd4', 'revised4', 'fightphase', 'waffle', 'srd4-morale.edition.yaml', 'waffle-2d6-sweep.edition.yaml', ...Object.keys(odd)];
  // a file of the wrong kind, or a 40K unit under epic, named on the command line: the option that named it and what the file is
  writeFileSync(join(newer, 'army.yaml'), readFileSync(join(root, 'rosters/orks.yaml')));
  writeFileSync(join(newer, 'fight.yaml'), readFileSync(SHIPPED_SCENARIO));
  writeFileSync(join(newer, 'fight.edition.yaml'), readFileSync(SHIPPED_SCENARIO));
  it.each([
    [['sim', 'fight.yaml', '--rules', 'army.yaml'], /^assault: --rules: 'army\.yaml' is a roster file \(faction, models, units\), not an edition file/],
    [['fight', 'fight.yaml', '--rules', 'fight.yaml'], /^assault: --rules: 'fight\.yaml' is a scenario file \(attacker, defender\), not an edition file/],
    [['rules', 'srd4', '--diff', 'army.yaml'], /^assault: --diff: 'army\.yaml' is a roster file/],
    [['exact', 'fight.yaml', '--rules', 'fight.edition.yaml'], /^assault: --rules names fight\.edition\.yaml, a scenario file \(attacker, defender\), where an edition file goes/],
    [['sim', '--attacker', 'epic-orks/boyz-mob', '--defender', 'orks/boyz', '--rules', 'epic'], /^assault: --defender orks\/boyz: 'orks\/boyz' is a 40K unit \(orks\.yaml is a 40K roster/],
    [['sim', 'army.yaml'], /army\.yaml:1:1: army\.yaml is a roster file \(faction, models, units\), not a scenario file/],
  ])('the wrong kind of file named on the command line: %j says which option named what', async (args, says) => {
    const r = await inProcessCli(args as string[], { cwd: newer });
    const why = r.timedOut ? 'hung' : STACK.test(r.stderr) ? 'stack trace' : r.code !== 2 ? describeRun(r) : !says.test(r.stderr.trim()) ? `does not say ${says}: ${r.stderr.slice(0, 300)}`
      : /unknown key|did you mean 'wounds'|is not valid here/.test(r.stderr) ? `says what follows from the mistake: ${r.stderr.slice(0, 300)}` : null;
    spawned.set(`newer: ${(args as string[]).join(' ')}`, { ok: why === null, why: why ?? '' });
    expect(why).toBeNull();
  }, 60_000);

  it.each(bases)('edition new --base %s writes a file that validates', async (base) => {
    // a command line of its own (a program that read the other files would know their ids already)
    const commandLine = ownCommandLine();
    const made = await inProcessCli(['edition', 'new', '--base', base], { cwd: newer, commandLine });
    expect(made.code, describeRun(made)).toBe(0);
    const out = join(newer, `new-from-${base.replace(/\.edition\.yaml$/, '')}.edition.yaml`);
    writeFileSync(out, made.stdout);
    const r = await inProcessCli(['validate', out], { cwd: newer, commandLine });
    spawned.set(`newer: edition new --base ${base}`, { ok: r.code === 0, why: r.code === 0 ? '' : describeRun(r) });
    expect(r.code, `${made.stdout.split('\n').filter((l) => /^(edition|name|base):/.test(l)).join(' | ')}: ${describeRun(r)}`).toBe(0);
    expect(r.stdout).toMatch(/: ok$/m);
  }, 60_000);
});

// ---- the number, printed -----------------------------------------------------------------------

afterAll(() => {
  try { chmodSync(sp('locked'), 0o755); } catch { /* already gone */ }
  try { chmodSync(readOnly, 0o755); } catch { /* already gone */ }
  try { chmodSync(join(refs, 'locked', 'rosters', 'orks.yaml'), 0o644); } catch { /* already gone */ }
  rmSync(work, { recursive: true, force: true });

  const lines: string[] = [];
  const okFiles = [...inProcess.values()].filter((o) => o.ok).length;
  const okSpawned = [...spawned.values()].filter((o) => o.ok).length;
  lines.push(`hostile input: ${okFiles} of ${inProcess.size} files handled cleanly (validateFile in process; ${cases.length} generated)`);
  lines.push(`hostile input: ${okSpawned} of ${spawned.size} CLI runs handled cleanly (a sample of the files at once, special files, unwritable outputs, closed pipes, full disk)`);
  const group = (m: Map<string, Outcome>) => {
    const by = new Map<string, string[]>();
    for (const [name, o] of m) {
      if (o.ok) continue;
      // group by cause: the message with file paths, numbers and quoted names blurred
      const cause = o.why.replace(/\/[^\s:'"]+/g, '<path>').replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N').slice(0, 160);
      by.set(cause, [...(by.get(cause) ?? []), name]);
    }
    return [...by].sort((a, b) => b[1].length - a[1].length);
  };
  for (const [cause, names] of group(inProcess)) lines.push(`  [${names.length}] ${cause}\n      ${names.join('\n      ')}`);
  for (const [name, o] of spawned) if (!o.ok) lines.push(`  CLI: ${name}: ${o.why}`);
  console.log(lines.join('\n'));
});
