// The Initiative steps of a fight of several units a side (sim/kernel/multi.ts) compiled for its
// scenario, one function per kind of phase: the same blows and saves, asked of the chance in the
// same order as the kernel's `scheduledSteps` asks them, with the scenario's numbers written in
// (each group's attacks, the rolls it needs against each unit it may strike, the unit it chooses
// by which of them are still there, each save). Taken only for the plainest fights: every unit's
// models of one wound, one WS and T, and one save (sim/kernel/casualties.ts `ALIKE`); the rest is
// the kernel's own code. test/kernel.test.ts holds it to the reference steps run by run.
import type { Chance } from '../../dice.js';
import { rankOf } from '../../engine/allocate.js';
import { NO_SAVE } from '../../engine/state.js';
import { MAX_SOURCE } from './compile.js';
import { saveNeed, type PhaseTable } from './tables.js';

/** What the compiled steps read and write of the kernel: per class its living models; per unit its living models and whether it is in the combat; per side the wounds it inflicted this phase. */
export interface StepsHost {
  readonly count: Int32Array;
  readonly unitAlive: Int32Array;
  readonly inCombat: Uint8Array;
  readonly inflicted: Int32Array;
}

export type CompiledSteps = (k: StepsHost, chance: Chance) => void;

/** What the compiler reads of the kernel's fight (MultiKernel). */
export interface StepsShape {
  /** per unit: its side; its classes are [from[u], from[u + 1]); the enemy units it is locked with, in order */
  side: Uint8Array;
  from: Int32Array;
  locked: readonly (readonly number[])[];
  /** per unit: save, invulnerable save (every model's) */
  sv: Int32Array;
  inv: Int32Array;
  invAlways: boolean;
  /** the steps: each step's groups (key class) and their classes */
  steps: readonly { groups: readonly { key: number; members: readonly number[] }[] }[];
  /** per class and mask of its unit's locked units still there: the unit it strikes (-1: none) */
  choice: Int32Array;
  maskRadix: number;
}

/** The compiled steps of one kind of phase under table `t`, or the length of their source when past MAX_SOURCE. */
export function compileSteps(s: StepsShape, t: PhaseTable): CompiledSteps | number {
  const src = source(s, t);
  if (src.length > MAX_SOURCE) return src.length;
  return (new Function(src) as () => CompiledSteps)();
}

function source(s: StepsShape, t: PhaseTable): string {
  const consts: string[] = [];
  const out: string[] = ['const n = k.count, al = k.unitAlive, inC = k.inCombat, inf = k.inflicted;', 'let m = 0, mask = 0, f = 0, r = 0, q = 0, done = 0;'];
  const unitOf = (c: number) => {
    let u = 0;
    while (c >= s.from[u + 1]!) u++;
    return u;
  };
  const classesOf = (u: number) => Array.from({ length: s.from[u + 1]! - s.from[u]! }, (_, i) => s.from[u]! + i);
  s.steps.forEach((step, si) => {
    out.push(`{ // step ${si}`);
    const gs = step.groups.map((g, i) => ({ ...g, i, u: unitOf(g.key) }));
    out.push(`let ${gs.map((g) => `v${g.i} = -1, w${g.i} = 0, x${g.i} = 0`).join(', ')};`);
    for (const g of gs) {
      const key = g.key;
      const locked = s.locked[g.u]!;
      consts.push(`const ch${si}_${g.i} = Int32Array.of(${Array.from(s.choice.subarray(key * s.maskRadix, key * s.maskRadix + (1 << locked.length))).join(', ')});`);
      const unitsOf = s.side.length;
      const hit = Array.from({ length: unitsOf }, (_, v) => (locked.includes(v) ? t.hit[key * 11 + Math.min(t.ws[s.from[v]!]!, 10)]! : 0));
      const wound = Array.from({ length: unitsOf }, (_, v) => (locked.includes(v) ? t.wound[key * 11 + Math.min(t.t[s.from[v]!]!, 10)]! : 0));
      consts.push(`const hit${si}_${g.i} = Int32Array.of(${hit.join(', ')}), wound${si}_${g.i} = Int32Array.of(${wound.join(', ')});`);
      const strength = t.strength[key]!;
      const auto = t.rending[key] === 1 && strength >= 1;
      const present = locked.map((e, j) => `(inC[${e}] === 1 && al[${e}] > 0 ? ${1 << j} : 0)`).join(' | ');
      out.push(`if (inC[${g.u}] === 1) { m = ${g.members.map((c) => `n[${c}]`).join(' + ')}; if (m > 0) { mask = ${present || '0'}; v${g.i} = ch${si}_${g.i}[mask]; if (v${g.i} >= 0) { w${g.i} = chance.blows(m * ${t.attacks[key]}, hit${si}_${g.i}[v${g.i}], wound${si}_${g.i}[v${g.i}], ${t.rending[key] === 1}, ${strength >= 1}, ${t.reroll[key]}, ${t.rerollHit[key]});${auto ? ` x${g.i} = chance.blow.autoWounds;` : ''} } } }`);
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
      lines.push(`if (f > 0) { r = f < al[${e}] ? f : al[${e}]; inf[${1 - s.side[e]!}] += r; al[${e}] -= r; ${classesOf(e).map((c) => `q = r < n[${c}] ? r : n[${c}]; n[${c}] -= q; r -= q;`).join(' ')} }`);
      return lines.join(' ');
    };
    out.push('done = 0;');
    for (const g of gs) {
      const cases = s.locked[g.u]!.map((e) => `case ${e}: if ((done & ${1 << e}) === 0) { done |= ${1 << e}; ${cas(e)} } break;`);
      out.push(`switch (v${g.i}) { ${cases.join(' ')} }`);
    }
    out.push('}');
  });
  return [...consts, 'return function steps(k, chance) {', ...out, '};'].join('\n');
}
