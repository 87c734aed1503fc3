// The run of a fight of several units a side (sim/kernel/multi.ts) compiled for its scenario: the
// same phases, asking the chance the same things in the same order as the kernel's `run`, with
// the scenario's numbers written in: each group's attacks, the rolls it needs against each unit it
// may strike, the unit it chooses by which of them are still there, each save; each unit's side,
// Leadership and Fearless for the assault result and Morale; the radices of the outcome code at
// the end. Taken only for the plainest fights: every unit's models of one wound, one WS and T,
// and one save (sim/kernel/casualties.ts `ALIKE`). The sweep and Hit & Run stay the kernel's code
// (`RunHost`), reading the arrays this code writes. test/kernel.test.ts holds it to the reference
// steps run by run (outcome, dice, code and the models living per side).
import type { Chance } from '../../dice.js';
import { rankOf } from '../../engine/allocate.js';
import { NO_SAVE } from '../../engine/state.js';
import { MAX_SOURCE } from './compile.js';
import { DESTROYED, DRAW, LOCKED, NONE, SWEPT } from './ends.js';
import { pairs } from './figures.js';
import { fearlessSource, leadershipSource } from './morale-source.js';
import { FATES } from '../../report/fates.js';
import { saveNeed, type PhaseTable } from './tables.js';

/**
 * What the compiled run reads and writes of the kernel: per class its living models; per unit
 * its living models, whether it is in the combat, its fate, whether a sweep holds it; per side
 * its units in the combat, the wounds it inflicted this phase and in all; the units that broke;
 * the figures; and the kernel's own code for what comes after a failed Morale check and at the end.
 */
export interface RunHost {
  readonly count: Int32Array;
  readonly unitAlive: Int32Array;
  readonly inCombat: Uint8Array;
  readonly fate: Int8Array;
  readonly held: Uint8Array;
  readonly holding: Int32Array;
  readonly inflicted: Int32Array;
  readonly totalWounds: Int32Array;
  readonly broken: Int32Array;
  readonly tables: readonly [PhaseTable, PhaseTable];
  phases: number;
  moraleTaken: number;
  moraleFailed: number;
  sweepsAttempted: number;
  clearFigures(): void;
  result(phase: number, wipedA: boolean, wipedD: boolean, inflicted: Int32Array): number;
  sweep(t: PhaseTable, phase: number, winner: number, nBroken: number, chance: Chance): void;
  hitAndRun(t: PhaseTable, winner: number): boolean;
  endKind(s: number): number;
  finish(how: number, winner: number): true;
}

/** What the compiled end of a fight writes of the kernel beside `RunHost`: the figures of the outcome and its code (FightFigures). */
export interface EndHost extends RunHost {
  end: number;
  winner: number;
  readonly first: number;
  readonly sweepsCaught: number;
  readonly firstWounds: Int32Array;
  readonly alive: Int32Array;
  readonly unitFates: Int8Array;
  code: number;
}

/** The run compiled, and the end of a fight (MultiKernel `finish`), which the kernel's own code calls too. */
export interface CompiledRun {
  run(k: RunHost, chance: Chance): void;
  finish(k: EndHost, how: number, winner: number): true;
}

/** What the compiler reads of the kernel's fight (MultiKernel). */
export interface MultiShape {
  /** the last phase */
  rounds: number;
  /** per unit: its side; its classes are [from[u], from[u + 1]); its models at the start; the enemy units it is locked with, in order */
  side: Uint8Array;
  from: Int32Array;
  unitSize: Int32Array;
  locked: readonly (readonly number[])[];
  /** per class: its models at the start */
  size: Int32Array;
  /** per unit: save, invulnerable save (every model's) */
  sv: Int32Array;
  inv: Int32Array;
  invAlways: boolean;
  /** per kind of phase (the first, any later one): its steps, each step's groups (key class) and their classes */
  steps: readonly (readonly { groups: readonly { key: number; members: readonly number[] }[] }[])[];
  /** per kind of phase, per class and mask of its unit's locked units still there: the unit it strikes (-1: none) */
  choice: readonly Int32Array[];
  maskRadix: number;
  /** the radices of the outcome's code (MultiKernel `encode`): of the phases, the Morale checks taken and the sweeps attempted (a run that reaches one has none); per side its wounds at the start and one; null: no code (past 2^53) */
  code: { radix: Int32Array; woundsRadix: Int32Array } | null;
}

/**
 * The compiled run under the phase tables `tables`, or the length of its longest function's
 * source when past MAX_SOURCE (each kind of phase's Initiative steps is a function of its own,
 * which the run calls: V8 optimises a function by its own size).
 */
export function compileRun(s: MultiShape, tables: readonly [PhaseTable, PhaseTable]): CompiledRun | number {
  const consts: string[] = [];
  const kinds = s.rounds > 1 ? [0, 1] : [0];
  const fns = kinds.map((p) => [
    `function steps${p}(k, chance) {`,
    'const n = k.count, al = k.unitAlive, inC = k.inCombat, inf = k.inflicted;',
    'let m = 0, mask = 0, f = 0, r = 0, q = 0, done = 0;',
    ...steps(s, tables[p]!, p, consts),
    '}',
  ].join('\n'));
  const run = runSource(s, tables, kinds);
  const longest = Math.max(run.length, ...fns.map((f) => f.length));
  if (longest > MAX_SOURCE) return longest;
  return (new Function([...consts, ...fns, `return { run: ${run}, finish: ${finishSource(s)} };`].join('\n')) as () => CompiledRun)();
}

const unitsOf = (s: MultiShape) => Array.from(s.side, (_, u) => u);
const classesOf = (s: MultiShape, u: number) => Array.from({ length: s.from[u + 1]! - s.from[u]! }, (_, i) => s.from[u]! + i);

/** MultiKernel `run`, the steps of each of the phase `kinds` fought by its function (`steps0`, `steps1`). */
function runSource(s: MultiShape, tables: readonly [PhaseTable, PhaseTable], kinds: number[]): string {
  const units = unitsOf(s);
  const phaseOf = (p: number) => [`steps${p}(k, chance);`, ...phaseEnd(s, tables[p]!, p)];
  return [
    'function run(k, chance) {',
    'const n = k.count, al = k.unitAlive, inC = k.inCombat, inf = k.inflicted, fate = k.fate, held = k.held, hold = k.holding, tw = k.totalWounds, br = k.broken;',
    'let winner = 0, nb = 0, by = 0;',
    // the run's start (MultiKernel `reset`: single-wound models, every unit alike)
    Array.from(s.size, (z, c) => `n[${c}] = ${z};`).join(' '),
    units.map((u) => `al[${u}] = ${s.unitSize[u]}; inC[${u}] = 1; fate[${u}] = -1;`).join(' '),
    `hold[0] = ${units.filter((u) => s.side[u] === 0).length}; hold[1] = ${units.filter((u) => s.side[u] === 1).length};`,
    'k.clearFigures(); k.sweepsAttempted = 0;',
    'for (let phase = 1; ; phase++) {',
    'k.phases = phase;',
    units.map((u) => `held[${u}] = 0;`).join(' '),
    'inf[0] = 0; inf[1] = 0;',
    ...(kinds.length === 1 ? phaseOf(0) : ['if (phase === 1) {', ...phaseOf(0), '} else {', ...phaseOf(1), '}']),
    // the phases ran out: the losers held by the last sweep are caught (revised4, ruling 20)
    `if (phase >= ${s.rounds}) {`,
    'by = -1;',
    ...units.map((u) => `if (held[${u}] === 1 && inC[${u}] === 1) { fate[${u}] = ${SWEPT}; if (by < 0) by = ${1 - s.side[u]!}; }`),
    `if (by >= 0) k.finish(${SWEPT}, by); else k.finish(${LOCKED}, -1);`,
    'return;',
    '}',
    '}',
    '}',
  ].join('\n');
}

/** MultiKernel `finish` and `encode`: the combat ends as `how`, won by side `winner` (-1: nobody); each unit's fate, the models living per side, the outcome's code. */
function finishSource(s: MultiShape): string {
  const units = unitsOf(s);
  const c = s.code;
  // (`pair`: sim/kernel/figures.ts)
  const pair = (hi: string, lo: string) => `(${hi}) * (${hi} + 1) / 2 + ${lo}`;
  const code = c === null ? [] : [
    `if (k.phases >= ${c.radix[0]} || k.moraleTaken >= ${c.radix[1]} || k.sweepsAttempted >= ${c.radix[2]}) k.code = -1; else {`,
    `let c = how * 3 + k.winner; c = c * 3 + k.first; c = c * ${c.radix[0]} + k.phases;`,
    `c = c * ${pairs(c.radix[1]!)} + ${pair('k.moraleTaken', 'k.moraleFailed')}; c = c * ${pairs(c.radix[2]!)} + ${pair('k.sweepsAttempted', 'k.sweepsCaught')};`,
    `c = c * ${pairs(c.woundsRadix[1]!)} + ${pair('tw[0]', 'k.firstWounds[0]')}; c = c * ${pairs(c.woundsRadix[0]!)} + ${pair('tw[1]', 'k.firstWounds[1]')};`,
    units.map((u) => `c = c * ${s.unitSize[u]! + 1} + al[${u}]; c = c * ${FATES.length} + uf[${u}];`).join(' '),
    'k.code = c; }',
  ];
  const alive = (x: number) => units.filter((u) => s.side[u] === x).map((u) => `al[${u}]`).join(' + ') || '0';
  return [
    'function finish(k, how, winner) {',
    'const fate = k.fate, inC = k.inCombat, al = k.unitAlive, uf = k.unitFates, tw = k.totalWounds;',
    `k.end = how; k.winner = winner < 0 ? ${DRAW} : winner;`,
    ...units.map((u) => `uf[${u}] = fate[${u}] >= 0 ? fate[${u}] : how === ${LOCKED} && inC[${u}] === 1 ? ${LOCKED} : ${NONE};`),
    `k.alive[0] = ${alive(0)}; k.alive[1] = ${alive(1)};`,
    ...code,
    'return true;',
    '}',
  ].join('\n');
}

/** MultiKernel `phase` after the Initiative steps, under table `t` (the phase kind `p`): who left, the assault result, Morale, the sweep, Hit & Run. */
function phaseEnd(s: MultiShape, t: PhaseTable, p: number): string[] {
  const units = unitsOf(s);
  const sideOf = (x: number) => units.filter((u) => s.side[u] === x);
  const hitAndRun = (w: string) => (units.some((u) => t.hitAndRun[u] === 1) ? [`if (k.hitAndRun(k.tables[${p}], ${w})) return;`] : []);
  return [
    'tw[0] += inf[0]; tw[1] += inf[1];',
    // ruling 6: a unit whose models are all removed leaves at once
    ...units.map((u) => `if (inC[${u}] === 1 && al[${u}] === 0) { inC[${u}] = 0; fate[${u}] = ${DESTROYED}; hold[${s.side[u]}]--; }`),
    '{ const wipedA = hold[0] <= 0, wipedD = hold[1] <= 0;',
    'winner = k.result(phase, wipedA, wipedD, inf);',
    `if (wipedA && wipedD) { k.finish(${DESTROYED}, -1); return; }`,
    'if (wipedA || wipedD) { k.finish(k.endKind(wipedA ? 0 : 1), winner); return; } }',
    'if (winner < 0) {',
    ...hitAndRun('-1'),
    '} else {',
    // Morale: every losing unit in the combat, in the fight's order
    'nb = 0;',
    'if (winner === 1) {',
    ...sideOf(0).map((u) => morale(s, t, u)),
    '} else {',
    ...sideOf(1).map((u) => morale(s, t, u)),
    '}',
    `if (nb > 0) { k.sweep(k.tables[${p}], phase, winner, nb, chance); if (hold[1 - winner] <= 0) { k.finish(k.endKind(1 - winner), winner); return; } }`,
    ...hitAndRun('winner'),
    '}',
  ];
}

/** Unit `u`'s Morale check when its side lost (sim/kernel/morale-source.ts): it breaks into `br`. */
function morale(s: MultiShape, t: PhaseTable, u: number): string {
  const fearless = fearlessSource(t, u, `al[${u}]`);
  if (fearless === 'true') return `if (inC[${u}] === 1) k.moraleTaken++;`;
  const ld = leadershipSource(t, u, classesOf(s, u), (c) => `n[${c}]`, `al[${u}]`);
  const test = `if (!chance.leadership(${ld})) { k.moraleFailed++; br[nb++] = ${u}; }`;
  return `if (inC[${u}] === 1) { k.moraleTaken++; ${fearless === 'false' ? test : `if (!(${fearless})) ${test}`} }`;
}

/**
 * MultiKernel `scheduledSteps` under table `t` (phase kind `p`): at each step, each group with
 * living models strikes the unit it chooses, then each unit struck takes its casualties in the
 * order struck. Its constant tables go into `consts`.
 */
function steps(s: MultiShape, t: PhaseTable, p: number, consts: string[]): string[] {
  const out: string[] = [];
  const unitOf = (c: number) => {
    let u = 0;
    while (c >= s.from[u + 1]!) u++;
    return u;
  };
  s.steps[p]!.forEach((step, si) => {
    out.push(`{ // step ${si}`);
    const gs = step.groups.map((g, i) => ({ ...g, i, u: unitOf(g.key) }));
    out.push(`let ${gs.map((g) => `v${g.i} = -1, w${g.i} = 0, x${g.i} = 0`).join(', ')};`);
    for (const g of gs) {
      const key = g.key;
      const locked = s.locked[g.u]!;
      const name = `${p}_${si}_${g.i}`;
      const choice = s.choice[p]!;
      consts.push(`const ch${name} = Int32Array.of(${Array.from(choice.subarray(key * s.maskRadix, key * s.maskRadix + (1 << locked.length))).join(', ')});`);
      const unitsOf = s.side.length;
      const hit = Array.from({ length: unitsOf }, (_, v) => (locked.includes(v) ? t.hit[key * 11 + Math.min(t.ws[s.from[v]!]!, 10)]! : 0));
      const wound = Array.from({ length: unitsOf }, (_, v) => (locked.includes(v) ? t.wound[key * 11 + Math.min(t.t[s.from[v]!]!, 10)]! : 0));
      consts.push(`const hit${name} = Int32Array.of(${hit.join(', ')}), wound${name} = Int32Array.of(${wound.join(', ')});`);
      const strength = t.strength[key]!;
      const auto = t.rending[key] === 1 && strength >= 1;
      const present = locked.map((e, j) => `(inC[${e}] === 1 && al[${e}] > 0 ? ${1 << j} : 0)`).join(' | ');
      out.push(`if (inC[${g.u}] === 1) { m = ${g.members.map((c) => `n[${c}]`).join(' + ')}; if (m > 0) { mask = ${present || '0'}; v${g.i} = ch${name}[mask]; if (v${g.i} >= 0) { w${g.i} = chance.blows(m * ${t.attacks[key]}, hit${name}[v${g.i}], wound${name}[v${g.i}], ${t.rending[key] === 1}, ${strength >= 1}, ${t.reroll[key]}, ${t.rerollHit[key]});${auto ? ` x${g.i} = chance.blow.autoWounds;` : ''} } } }`);
    }
    // casualties in the order struck: each unit's pending batches, ranked as engine/allocate.ts ranks them (stable)
    const cas = (e: number): string => {
      const batches: { name: string; g: number; noArmour: boolean; ap: number; maxSave: number }[] = [];
      for (const g of gs) {
        if (!s.locked[g.u]!.includes(e)) continue;
        batches.push({ name: `w${g.i}`, g: g.i, noArmour: t.noArmour[g.key] === 1, ap: t.ap[g.key]!, maxSave: t.maxSave[g.key]! });
        if (t.rending[g.key] === 1 && t.strength[g.key]! >= 1) batches.push({ name: `x${g.i}`, g: g.i, noArmour: true, ap: -1, maxSave: 0 });
      }
      const rank = (b: (typeof batches)[number]) => rankOf(b.noArmour, b.ap >= 0 || b.maxSave !== 0);
      const sorted = batches.map((b, i) => ({ b, i })).sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i).map((x) => x.b);
      const lines = ['f = 0;'];
      for (const b of sorted) {
        const need = saveNeed(s.sv[e]!, s.inv[e]!, s.invAlways, b.noArmour, b.ap, b.maxSave);
        lines.push(`if (v${b.g} === ${e} && ${b.name} > 0) f += ${need < NO_SAVE ? `chance.saves(${b.name}, ${need}, al[${e}])` : b.name};`);
      }
      lines.push(`if (f > 0) { r = f < al[${e}] ? f : al[${e}]; inf[${1 - s.side[e]!}] += r; al[${e}] -= r; ${classesOf(s, e).map((c) => `q = r < n[${c}] ? r : n[${c}]; n[${c}] -= q; r -= q;`).join(' ')} }`);
      return lines.join(' ');
    };
    out.push('done = 0;');
    for (const g of gs) {
      const cases = s.locked[g.u]!.map((e) => `case ${e}: if ((done & ${1 << e}) === 0) { done |= ${1 << e}; ${cas(e)} } break;`);
      out.push(`switch (v${g.i}) { ${cases.join(' ')} }`);
    }
    out.push('}');
  });
  return out;
}
