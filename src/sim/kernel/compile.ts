// The kernel compiled for one scenario: the same fight as sim/kernel/kernel.ts, asking the chance
// the same things in the same order, written out as JavaScript with the scenario's numbers in it
// (each class's models a local variable, each group's rolls to hit and to wound, each save and
// each unit's Leadership as constants) and made a function once: about twice as fast as the
// kernel reading its tables, which is why it exists (docs/performance.md). What is rare and
// intricate it leaves to the kernel's own code, through `Host`: the majority WS and T of a unit
// of several profiles, and the casualties of a unit of several saves or struck by a force
// weapon. test/kernel.test.ts holds it to the reference steps run by run.
import { REROLL_NONE, suffered216, type Chance } from '../../dice.js';
import { rankOf } from '../../engine/allocate.js';
import { NO_SAVE } from '../../engine/state.js';
import { ENDS, FATES } from '../../report/fates.js';
import { saveNeed, type PhaseTable } from './tables.js';
import { blowsOf } from './casualties.js';
import { bestSource, fearlessSource, leadershipSource } from './morale-source.js';

/** What the kernel knows of its fight (sim/kernel/kernel.ts), per class (all units' classes in order) or per unit. */
export interface KernelShape {
  /** the last phase */
  rounds: number;
  /** unit u's classes are [from[u], from[u + 1]) */
  from: Int32Array;
  size: Int32Array;
  W: Int32Array;
  /** per class: the profile's WS and T (Instant Death reads T; the phase tables hold them as modified, `ws`, `t`) */
  WS: Int32Array;
  T: Int32Array;
  I: Int32Array;
  Ld: Int32Array;
  /** per class: save and invulnerable save */
  sv: Int32Array;
  inv: Int32Array;
  /** invulnerable saves against every hit (else only where the hit leaves no armour save or the model has none: srd4) */
  invAlways: boolean;
  /** the first phase's, and any later one's */
  tables: readonly [PhaseTable, PhaseTable];
  /** per unit */
  fleeDice: Int32Array;
  sweepDice: Int32Array;
  bonus: Int32Array;
  /** the fall back and sweep bonus is the best Initiative among the living (else `bonus`) */
  bonusIsInitiative: boolean;
  /** a unit caught by a sweep is held (revised4), not destroyed */
  held: boolean;
  /** the loser tests Morale at Ld less the difference in wounds (ruling 16: fightphase) */
  penalty: boolean;
  /** per class: a living model of it bars its unit's sweep, the loser disengaging with no roll (fightphase's terminators); null: nobody does */
  bars: Uint8Array | null;
  /** per unit: it fails its Morale check on purpose when it cannot wound the enemy (ruling 16: the kernel's `uselessNow`) */
  useless: Uint8Array;
  /** a unit a sweep catches loses the difference in wounds, no save (ruling 9: fightphase), not destroyed */
  loses: boolean;
  /** a unit a sweep catches takes one automatic hit per winning model (waffle, ruling 10: the kernel's `sweepStrike`), not destroyed */
  hits: boolean;
  /** per class: its group may make a Final Blow (waffle, ruling 19: sim/kernel/waffle.ts); null: nobody may */
  finalBlow: Uint8Array | null;
  /** the fight starts with the counts the kernel leaves (after waffle's Overwatch), not the units whole */
  fromHost: boolean;
  /** per class: in base contact at the start, when a loser with none of them left cannot be swept (srd4 step 10); null: any loser may be */
  contact: Uint8Array | null;
  /** per unit: all its models have one WS and one T, in each phase (as modified) */
  alike: readonly boolean[];
  /** per unit: all its models save alike and no force weapon strikes them (sim/kernel/casualties.ts `ALIKE`) */
  savesAlike: readonly boolean[];
  /** wounds form pools (fightphase: sim/kernel/casualties.ts `POOLS`, every model in base contact, no ability on saves) */
  pooled: boolean;
  /** per unit: all its models have one save and one invulnerable save, and no force weapon strikes them */
  oneSave: readonly boolean[];
  /** what the wounds of `Casualties.pend`'s `by` came from and their weapon's name, as a number (pools part by it) */
  kindOf(by: number): number;
}

/**
 * What a compiled fight reads and writes of its kernel: the figures it leaves, as the kernel
 * keeps them (FATES and ENDS numbers; a side, or 2 for nobody), and the kernel's own code for
 * what the compiler leaves to it, which reads the counts from `count`, `front` and `alive`.
 */
export interface Host {
  end: number;
  winner: number;
  first: number;
  phases: number;
  moraleTaken: number;
  moraleFailed: number;
  sweepsCaught: number;
  sweepWounds: number;
  unswept: number;
  /** waffle's Final Blow attacks */
  finalBlowAttacks: number;
  readonly firstWounds: Int32Array;
  readonly totalWounds: Int32Array;
  readonly alive: Int32Array;
  readonly unitFates: Int8Array;
  /** per class: models living, and wounds left on the first of them (read for a unit of several wounds a model) */
  readonly count: Int32Array;
  readonly front: Int32Array;
  /** the majority WS and T of unit `u`'s living models into `stepWS` and `stepT` (the kernel's `majorities`) */
  majorities(u: number): void;
  /** the WS and T `majorities` reads from now: the first phase's (0) or a later one's (1) */
  phaseOf(p: number): void;
  readonly stepWS: Int32Array;
  readonly stepT: Int32Array;
  /** `n` wounds with no save on unit `u`, each to the model next in line (the kernel's `loseWounds`: counts, fronts and `alive` updated): the wounds lost */
  loseWounds(u: number, n: number): number;
  /** waffle's sweep hits on unit `u`, caught by `sweep` fleeing with `flee` (the kernel's `sweepStrike`: counts, fronts and `alive` updated): the wounds inflicted */
  sweepStrike(u: number, sweep: number, flee: number, firstRound: boolean, chance: Chance): number;
  /** the kernel's casualties (sim/kernel/casualties.ts): wounds pending on a unit, then its casualties from them (the wounds inflicted) */
  readonly casualties: {
    pend(v: number, n: number, strength: number, noArmour: number, maxSave: number, ap: number, force: number, pain?: number, by?: number): void;
    take(v: number, alive: number, wounds: number, chance: Chance): number;
    /** the abilities on saves of the first phase's table (0) or a later one's (1) from now */
    phase(p: number): void;
  };
}

/** One fight from its first phase (a charge rolled for is the kernel's), its figures left in `k`; `rules` is the ruleset (does a sweep of `sweep` catch a fall back of `flee`). */
export type CompiledRun = (k: Host, chance: Chance, rules: { catches(sweep: number, flee: number): boolean; sweepLoss(sweep: number, flee: number): unknown }) => void;

const F = (f: string) => FATES.indexOf(f as (typeof FATES)[number]);
const E = (e: string) => ENDS.indexOf(e as (typeof ENDS)[number]);

/** The classes of unit `u`. */
function classesOf(s: KernelShape, u: number): number[] {
  const out: number[] = [];
  for (let c = s.from[u]!; c < s.from[u + 1]!; c++) out.push(c);
  return out;
}

/** The attack groups of table `t` (engine/strike.ts `phaseGroups`): each key's classes, in the order the groups strike. */
function groupsOf(s: KernelShape, t: PhaseTable): number[][] {
  const byKey = new Map<number, number[]>();
  for (let c = 0; c < s.size.length; c++) {
    if (t.attacks[c]! <= 0) continue;
    const members = byKey.get(t.key[c]!) ?? [];
    members.push(c);
    byKey.set(t.key[c]!, members);
  }
  return [...byKey.values()];
}

/** Why the compiler does not take the kernel's fight of `s`, or null when it does. */
export function compileRefusal(s: KernelShape): string | null {
  for (const t of s.tables) {
    // the groups strike in the order of their first living class: fixed only when no two groups of one step interleave
    const groups = groupsOf(s, t);
    for (const a of groups) {
      for (const b of groups) {
        if (a === b || t.initiative[a[0]!] !== t.initiative[b[0]!]) continue;
        if (a[0]! < b[0]! && a.at(-1)! > b[0]!) return 'two attack groups of one step whose classes interleave';
      }
    }
  }
  return null;
}

/**
 * Compiled functions by their source, the last KEEP of them: a scenario fought again (each sim
 * of it in one process) is compiled once, and warm. They hold no state of any fight.
 */
const COMPILED = new Map<string, CompiledRun>();
const KEEP = 64;

/**
 * The longest source compiled. The larger the function, the longer V8 takes to optimise it and
 * the less it gains: for units of several profiles, saves and wounds a side (a process of its
 * own, to resolution), 4 classes a side (14,442 characters) fought 30,000 runs in 262-313 ms
 * compiled against 229-279 reading the tables, 5 classes (18,370) in 388-522 against 325-398,
 * 8 (35,018) broke even only at 100,000 runs; past 60 KB of bytecode V8 does not optimise it at
 * all (14 classes, 61,639 characters: 2.06 times the tables' time, warm). Every shipped case is
 * shorter (banshees-vs-court 10,516: even with the tables at 10,000 runs, ahead later), and 99%
 * of the matrix matchups (the median 4,176).
 */
export const MAX_SOURCE = 12_000;

/**
 * The kernel's fight of `s` compiled (`compileRefusal(s)` must be null), or the length of its
 * source when that is past MAX_SOURCE. The source is made of numbers and the names above alone:
 * nothing read from a file reaches it as text.
 */
export function compileKernel(s: KernelShape): CompiledRun | number {
  const src = source(s);
  if (src.length > MAX_SOURCE) return src.length;
  let run = COMPILED.get(src);
  if (!run) {
    run = (new Function(src) as () => CompiledRun)();
    if (COMPILED.size >= KEEP) COMPILED.delete(COMPILED.keys().next().value!);
    COMPILED.set(src, run);
  }
  return run;
}

/** The source of a function that makes the fight: the charts it reads, then the fight itself (locals for every figure, one loop over the phases, the figures left in `k` at the end). */
function source(s: KernelShape): string {
  const all = [...s.size.keys()];
  const out: string[] = [];
  // whole, or as the kernel left them (waffle's Overwatch)
  out.push(`let ${all.map((c) => `n${c} = ${s.fromHost ? `k.count[${c}]` : s.size[c]}`).join(', ')};`);
  // the wounds left on the first model of each class of several wounds a model
  const several = all.filter((c) => s.W[c]! > 1);
  if (several.length > 0) out.push(`let ${several.map((c) => `f${c} = ${s.fromHost ? `k.front[${c}]` : s.W[c]}`).join(', ')};`);
  out.push(s.fromHost ? 'let a0 = k.alive[0], a1 = k.alive[1];' : `let a0 = ${sum(s, 0)}, a1 = ${sum(s, 1)};`);
  // waffle's Final Blow attacks
  if (s.finalBlow) out.push('let fb = 0;');
  out.push('let tw0 = 0, tw1 = 0, fw0 = 0, fw1 = 0, first = 2, mt = 0, mf = 0, sc = 0, h0 = 0, h1 = 0;');
  out.push('let phase = 0, end = 0, win = 2, u0 = 0, u1 = 0;');
  // srd4 step 10's loser out of contact (else `k.unswept` is never set: it stays 0)
  if (s.contact || s.bars) out.push('let us = 0;');
  // the wounds sweeps took (ruling 9)
  if (s.loses || s.hits) out.push('let sw = 0;');
  // the WS and T struck against in a unit of several profiles, and the living models they were worked out for
  for (const u of [0, 1]) if (!s.alike[u]) out.push(`let ws${u} = 0, t${u} = 0, m${u} = -1;`);
  out.push('fight: for (;;) {');
  out.push('phase++;');
  out.push('h0 = h1 = 0;');
  out.push('let i0 = 0, i1 = 0;');
  // the charts of the groups that strike a unit of several profiles, by the WS or T struck against
  const charts: string[] = [];
  // WS or T modified in one kind of phase and not the other (B1), in a unit of several profiles: the kernel's `majorities` told which, and worked out again
  const [first, later] = s.tables;
  const mixed = [0, 1].filter((u) => !s.alike[u]);
  const byPhase = (p: number) => (mixed.length > 0 && (first.ws !== later.ws || first.t !== later.t) ? [`k.phaseOf(${p}); ${mixed.map((u) => `m${u} = -1;`).join(' ')}`] : []);
  if (s.rounds > 1) out.push('if (phase === 1) {', ...byPhase(0), ...steps(s, first, charts), '} else {', ...(byPhase(1).length > 0 ? ['if (phase === 2) {', ...byPhase(1), '}'] : []), ...steps(s, later, charts), '}');
  else out.push(...steps(s, s.tables[0], charts));
  out.push(...result(s));
  out.push('}');
  out.push('k.end = end; k.winner = win; k.first = first; k.phases = phase; k.moraleTaken = mt; k.moraleFailed = mf; k.sweepsCaught = sc;');
  if (s.contact || s.bars) out.push('k.unswept = us;');
  if (s.loses || s.hits) out.push('k.sweepWounds = sw;');
  if (s.finalBlow) out.push('k.finalBlowAttacks = fb;');
  out.push('k.firstWounds[0] = fw0; k.firstWounds[1] = fw1; k.totalWounds[0] = tw0; k.totalWounds[1] = tw1;');
  out.push('k.alive[0] = a0; k.alive[1] = a1; k.unitFates[0] = u0; k.unitFates[1] = u1;');
  if (several.length > 0) out.push(all.map((c) => `k.count[${c}] = n${c}; k.front[${c}] = ${s.W[c]! > 1 ? `f${c}` : 1};`).join(' '));
  return [...charts, 'return function fight(k, chance, rules) {', ...out, '};'].join('\n');
}

/** The models of unit `u` at the start (a number). */
function sum(s: KernelShape, u: number): number {
  return classesOf(s, u).reduce((n, c) => n + s.size[c]!, 0);
}

/** The highest `stat` among unit `u`'s living models, as an expression (engine/state.ts `best`). */
function best(s: KernelShape, u: number, stat: Int32Array): string {
  return bestSource(classesOf(s, u), stat, (c) => `n${c}`);
}

/**
 * A phase's Initiative steps under table `t` (engine/strike.ts; the kernel's `initiativeStep`):
 * at each step, every group with living models strikes a unit still alive, then each unit
 * struck takes its casualties, the attacker's target first.
 */
function steps(s: KernelShape, t: PhaseTable, charts: string[]): string[] {
  const out: string[] = [];
  const groups = groupsOf(s, t);
  const unitOf = (c: number) => (c < s.from[1]! ? 0 : 1);
  // which table: the first phase's or a later one's (`blowsOf`)
  const p = t === s.tables[0] ? 0 : 1;
  // a force weapon's group is led by its first class living as the phase starts (`phaseGroups`): its bearers
  for (const g of groups) if (t.force[g[0]!] === 1) out.push(`const lead${g[0]} = ${g.map((c) => `n${c} > 0 ? ${c} : `).join('')}-1;`);
  for (let init = 10; init >= 1; init--) {
    const at = groups.filter((g) => t.initiative[g[0]!] === init);
    if (at.length === 0) continue;
    out.push(`{ // Initiative ${init}`);
    // the majority WS and T of a unit of several profiles, worked out again when some died (the kernel's `initiativeStep`)
    for (const u of [0, 1]) if (!s.alike[u]) out.push(`if (a${u} > 0 && a${u} !== m${u}) { ${sync(s, u)} k.alive[${u}] = a${u}; k.majorities(${u}); ws${u} = k.stepWS[${u}]; t${u} = k.stepT[${u}]; m${u} = a${u}; }`);
    // each group's wounds and automatic wounds, pending on the unit it strikes
    const batches: Batch[] = [];
    for (const g of at) {
      const lead = g[0]!;
      const v = 1 - unitOf(lead);
      const target = s.from[v]!;
      // the rolls to hit and to wound: known now against a unit of one profile, else read by the WS and T struck against
      const need = (chart: Int32Array, of: Int32Array, now: string) => {
        if (s.alike[v]) return String(chart[lead * 11 + Math.min(of[target]!, 10)]);
        // a chart of the group's, made once with the function (`charts`), not per run
        charts.push(`const chart${charts.length} = Int32Array.of(${Array.from(chart.subarray(lead * 11, lead * 11 + 11)).join(', ')});`);
        return `chart${charts.length - 1}[${now}${v} < 10 ? ${now}${v} : 10]`;
      };
      const strength = t.strength[lead]!;
      const rending = t.rending[lead] === 1;
      const auto = rending && strength >= 1;
      out.push(`let w${lead} = 0${auto ? `, x${lead} = 0` : ''};`);
      const roll = (n: string) => `chance.blows(${n}, ${need(t.hit, t.ws, 'ws')}, ${need(t.wound, t.t, 't')}, ${rending}, ${strength >= 1}, ${t.reroll[lead]}${t.rerollHit[lead] !== REROLL_NONE ? `, ${t.rerollHit[lead]}` : ''})`;
      out.push(`{ const m = ${g.map((c) => `n${c}`).join(' + ')}; if (m > 0 && a${v} > 0) { w${lead} = ${roll(`m * ${t.attacks[lead]}`)};${auto ? ` x${lead} = chance.blow.autoWounds;` : ''}${finalBlow(s, g, 1 - v, lead, auto, roll)} } }`);
      const force = t.force[lead] === 1 ? `lead${lead}` : '-1';
      const hits = { v, strength, force };
      batches.push({ ...hits, name: `w${lead}`, noArmour: t.noArmour[lead]!, maxSave: t.maxSave[lead]!, ap: t.ap[lead]!, pain: t.pain[lead * 2]!, by: blowsOf(lead, p, false) });
      if (auto) batches.push({ ...hits, name: `x${lead}`, noArmour: 1, maxSave: 0, ap: -1, pain: t.pain[lead * 2 + 1]!, by: blowsOf(lead, p, true) });
    }
    for (const v of [1, 0]) {
      const mine = batches.filter((b) => b.v === v);
      if (mine.length > 0) out.push(...casualties(s, t, v, mine, p));
    }
    out.push('}');
  }
  return out;
}

/**
 * Final Blow (waffle, ruling 19; the kernel's `strike`): the group's one model striking, the
 * last of its unit `u`, on its last wound, attacks again for each wound it rolled (`roll` of a
 * number of attacks), and so on; the wounds join the group's. Nothing where it may not.
 */
function finalBlow(s: KernelShape, g: number[], u: number, lead: number, auto: boolean, roll: (n: string) => string): string {
  if (!s.finalBlow || g.every((c) => s.finalBlow![c] !== 1)) return '';
  // the group's one model is the unit's last (`m === 1`, `a === 1`): on its last wound unless of several wounds a model
  const last = g.filter((c) => s.W[c]! > 1).map((c) => ` && (n${c} === 0 || f${c} === 1)`).join('');
  return ` if (m === 1 && a${u} === 1${last}) { let y = w${lead}; while (y > 0) { fb += y; y = ${roll('y')};${auto ? ` x${lead} += chance.blow.autoWounds;` : ''} w${lead} += y; } }`;
}

/** Unit `u`'s counts written into the kernel's (`Host`), for its own code to read. */
function sync(s: KernelShape, u: number): string {
  return classesOf(s, u).map((c) => `k.count[${c}] = n${c};${s.W[c]! > 1 ? ` k.front[${c}] = f${c};` : ''}`).join(' ');
}

/** Wounds pending on unit `v` from one group (`pendWounds`): its variable, the Strength they strike at, how they are saved, the force weapon's bearers (an expression; -1: none). */
interface Batch {
  v: number;
  name: string;
  strength: number;
  noArmour: number;
  maxSave: number;
  ap: number;
  force: string;
  /** the Feel No Pain roll against them (0: none) */
  pain: number;
  /** whose blows they are (sim/kernel/casualties.ts `blowsOf`): wound pools part by it */
  by: number;
}

/** The wounds unit `u`'s living models have left, as an expression (the kernel's `woundsOf`). */
function woundsOf(s: KernelShape, u: number): string {
  return classesOf(s, u).map((c) => (s.W[c]! > 1 ? `(n${c} > 0 ? (n${c} - 1) * ${s.W[c]} + f${c} : 0)` : `n${c}`)).join(' + ');
}

/**
 * Unit `v`'s casualties from its pending `batches` (in the order rolled): each batch's saves one
 * roll (sim/kernel/casualties.ts `alike`). Single-wound models alone: every failure a model,
 * taken in the removal order. Else each failure is taken by the first living model in the
 * removal order (`takeOn`: a blow of at least twice a model's Toughness takes all the wounds it
 * has left). `alike` gives it to the wounded model first, but here that is always the first
 * living: only the first living class ever takes a wound.
 */
function casualties(s: KernelShape, t: PhaseTable, v: number, pending: Batch[], p: number): string[] {
  const cs = classesOf(s, v);
  if (s.pooled) {
    if (s.oneSave[v] && cs.every((c) => s.W[c] === 1)) return pools(s, t, v, pending);
    // its abilities on saves, as the phase's table says (the kernel's own code reads them from the table it last used)
    return [`k.casualties.phase(${p});`, ...theKernels(s, v, pending)];
  }
  if (!s.savesAlike[v]) return theKernels(s, v, pending);
  const target = s.from[v]!;
  // its abilities on saves (abilities.md B2, B4, B5), its models alike: a wound ignored is no failure
  const reroll = t.saveReroll[target]!;
  const eternal = t.eternal[target] === 1;
  const saves = (b: Batch & { need: number }, lethal: string) => (b.need < NO_SAVE || b.pain > 0
    ? `chance.saves(${b.name}, ${b.need}, ${lethal}${reroll !== 0 || b.pain !== 0 ? `, ${reroll}, ${b.pain}` : ''})`
    : null);
  const need = (b: Batch) => saveNeed(s.sv[target]!, s.inv[target]!, s.invAlways, b.noArmour === 1, b.ap, b.maxSave);
  // engine/allocate.ts `batchRank` (AP -1 and cap 0: none)
  const rank = (b: Batch) => rankOf(b.noArmour === 1, b.ap >= 0 || b.maxSave !== 0);
  const batches = [...pending].sort((a, b) => rank(a) - rank(b)).map((b) => ({ ...b, need: need(b) }));
  if (cs.every((c) => s.W[c] === 1)) {
    const out = [`{ let f = 0; const alive = a${v};`];
    for (const b of batches) out.push(saves(b, 'alive') !== null ? `if (${b.name} > 0) f += ${saves(b, 'alive')};` : `f += ${b.name};`);
    out.push(`if (f > 0) { let r = f < alive ? f : alive; i${1 - v} += r; a${v} -= r; let q = 0;`);
    for (const c of cs) out.push(`q = r < n${c} ? r : n${c}; n${c} -= q; r -= q;`);
    out.push('} }');
    return out;
  }
  const out = [`{ const wounds = ${woundsOf(s, v)}; let q = 0, j = 0, hurt = 0;`];
  // each batch's failed saves, all rolled before any is taken
  batches.forEach((b, i) => out.push(saves(b, 'wounds') !== null ? `const e${i} = ${b.name} > 0 ? ${saves(b, 'wounds')} : 0;` : `const e${i} = ${b.name};`));
  batches.forEach((b, i) => {
    out.push(`j = e${i};`, 'while (j > 0) {');
    const take = (c: number) => (s.W[c] === 1
      ? `q = j < n${c} ? j : n${c}; n${c} -= q; hurt += q; j -= q;`
      : `${b.strength >= 2 * s.T[c]! && !eternal ? `hurt += f${c}; f${c} = 0;` : `f${c}--; hurt++;`} if (f${c} === 0) { n${c}--; f${c} = ${s.W[c]}; } j--;`);
    out.push(cs.map((c) => `if (n${c} > 0) { ${take(c)} }`).join(' else '), 'else break;', '}');
  });
  out.push(`i${1 - v} += hurt; a${v} = ${cs.map((c) => `n${c}`).join(' + ')}; }`);
  return out;
}

/**
 * Unit `v`'s casualties from wound pools (sim/kernel/casualties.ts `pooled`, engine/pools.ts)
 * for a unit of single-wound models of one save: every model is next in line alike, so each
 * pool is one roll against the wounds left, its failures models in the removal order, and a
 * pool finds nobody once all are dead. The batches' pools and their order are known here: the
 * batches of one kind (Strength, AP, special rules, cause and weapon) in one pool, the pools
 * whose wounds get through most often first, then the higher Strength, then as first struck.
 */
function pools(s: KernelShape, t: PhaseTable, v: number, pending: Batch[]): string[] {
  const cs = classesOf(s, v);
  const target = s.from[v]!;
  // its abilities on saves (abilities.md B2, B4), its models alike: a wound ignored is no failure
  const reroll = t.saveReroll[target]!;
  const need = (b: Batch) => saveNeed(s.sv[target]!, s.inv[target]!, s.invAlways, b.noArmour === 1, b.ap, b.maxSave);
  const kind = (b: Batch) => `${b.strength} ${b.noArmour} ${b.maxSave} ${b.ap} ${b.force} ${s.kindOf(b.by)}`;
  const byKind = new Map<string, Batch[]>();
  for (const b of pending) byKind.set(kind(b), [...(byKind.get(kind(b)) ?? []), b]);
  // a stable sort: ties keep the order first struck
  const through = (b: Batch) => suffered216(need(b), reroll, b.pain);
  const order = [...byKind.values()].sort((x, y) => through(y[0]!) - through(x[0]!) || y[0]!.strength - x[0]!.strength);
  const out = ['{ let r = 0, q = 0;'];
  for (const pool of order) {
    const m = pool.map((b) => b.name).join(' + ');
    const n = need(pool[0]!);
    const pain = pool[0]!.pain;
    out.push(`{ const m = ${m}; if (m > 0 && a${v} > 0) { r = ${n < NO_SAVE || pain !== 0 ? `chance.saves(m, ${n}, a${v}, ${reroll}, ${pain})` : 'm'}; if (r > a${v}) r = a${v}; i${1 - v} += r; a${v} -= r;`);
    for (const c of cs) out.push(`q = r < n${c} ? r : n${c}; n${c} -= q; r -= q;`);
    out.push('} }');
  }
  out.push('}');
  return out;
}

/**
 * Unit `v`'s casualties by the kernel's own code (a unit of several saves, or struck by a force
 * weapon: sim/kernel/casualties.ts `groups` and `reference`): its counts written in, the
 * wounds pended in the order struck, and the counts read back.
 */
function theKernels(s: KernelShape, v: number, batches: Batch[]): string[] {
  const cs = classesOf(s, v);
  const out = [`{ ${sync(s, v)}`];
  for (const b of batches) out.push(`if (${b.name} > 0) k.casualties.pend(${v}, ${b.name}, ${b.strength}, ${b.noArmour}, ${b.maxSave}, ${b.ap}, ${b.force}, ${b.pain}, ${b.by});`);
  out.push(`i${1 - v} += k.casualties.take(${v}, a${v}, ${woundsOf(s, v)}, chance);`);
  out.push(cs.map((c) => `n${c} = k.count[${c}];${s.W[c]! > 1 ? ` f${c} = k.front[${c}];` : ''}`).join(' '));
  out.push(`a${v} = ${cs.map((c) => `n${c}`).join(' + ')}; }`);
  return out;
}

/** The end of a phase: the assault result, Morale, the sweeping advance, and the phases running out (the kernel's `phase` and `run`). */
function result(s: KernelShape): string[] {
  const [destroyed, none] = [F('destroyed'), F('none')];
  const out = [
    'tw0 += i0; tw1 += i1;',
    'const wA = a0 === 0, wD = a1 === 0;',
    'const w = wA !== wD ? (wA ? 1 : 0) : wA ? -1 : i0 > i1 ? 0 : i1 > i0 ? 1 : -1;',
    'if (phase === 1) { fw0 = i0; fw1 = i1; first = w < 0 ? 2 : w; }',
    `if (wA || wD) { end = ${E('destroyed')}; win = w < 0 ? 2 : w; u0 = wA ? ${destroyed} : ${none}; u1 = wD ? ${destroyed} : ${none}; break fight; }`,
    'if (w >= 0) {',
    'mt++;',
    'if (w === 0) {', ...morale(s, 1), '} else {', ...morale(s, 0), '}',
    '}',
    ...hitAndRun(s),
    `if (phase === ${s.rounds}) {`,
    `if (h0) { end = ${E('swept')}; win = 1; u0 = ${F('swept')}; u1 = ${none}; break fight; }`,
    `if (h1) { end = ${E('swept')}; win = 0; u0 = ${none}; u1 = ${F('swept')}; break fight; }`,
    `end = ${E('locked')}; win = 2; u0 = u1 = ${F('locked')}; break fight;`,
    '}',
  ];
  return out;
}

/** What table `t` or the other says of a unit, as an expression: the first phase's, or a later one's. */
function byPhase(s: KernelShape, of: (t: PhaseTable) => string): string {
  const [first, later] = [of(s.tables[0]), of(s.tables[1])];
  return first === later || s.rounds === 1 ? first : `(phase === 1 ? ${first} : ${later})`;
}

/**
 * B11 (engine/hit-and-run.ts; the kernel's `hitAndRun`): a unit with Hit & Run whose side lost
 * (it passed its Morale check) or drew, and that no sweep holds, leaves: the combat ends
 * `disengaged`, won by nobody. Nothing when no unit has it.
 */
function hitAndRun(s: KernelShape): string[] {
  const runs = [0, 1].map((u) => byPhase(s, (t) => (t.hitAndRun[u] === 1 ? 'true' : 'false')));
  if (runs.every((r) => r === 'false')) return [];
  const [gone, none] = [F('disengaged'), F('none')];
  return [
    `{ const l0 = ${runs[0]} && w !== 0 && h0 === 0, l1 = ${runs[1]} && w !== 1 && h1 === 0;`,
    `if (l0 || l1) { end = ${E('disengaged')}; win = 2; u0 = l0 ? ${gone} : ${none}; u1 = l1 ? ${gone} : ${none}; break fight; } }`,
  ];
}

/** The Morale check of the losing unit `l`, and if it fails, its fall back and the winner's sweep. */
function morale(s: KernelShape, l: number): string[] {
  const w = 1 - l;
  const none = F('none');
  const bonus = (u: number) => (s.bonusIsInitiative ? best(s, u, s.I) : String(s.bonus[u]));
  const fd = s.fleeDice[l]!;
  const sd = s.sweepDice[w]!;
  const ends = (how: string) => `end = ${E(how)}; win = ${w}; u${l} = ${F(how)}; u${w} = ${none}; break fight;`;
  // B7, B8 (the kernel's `fearlessNow` and `testLd`), as the phase's table says: the first phase's, or a later one's
  const fearless = byPhase(s, (t) => fearlessSource(t, l, `a${l}`));
  const ld = byPhase(s, (t) => leadershipSource(t, l, classesOf(s, l), (c) => `n${c}`, `a${l}`));
  // ruling 16: at Ld less the difference in wounds
  const test = s.penalty ? `chance.leadership(${ld} - (i${w} - i${l}))` : `chance.leadership(${ld})`;
  const fails = fearless === 'true' ? 'false' : fearless === 'false' ? `!${test}` : `!(${fearless}) && !${test}`;
  // Our Weapons Are Useless (ruling 16): no living model that strikes can wound a living enemy: it fails on purpose, with no roll
  const useless = s.useless[l] === 1 ? byPhase(s, (t) => {
    const n = s.size.length;
    const hurt = classesOf(s, l).filter((c) => t.attacks[c]! > 0).map((c) => {
      if (t.hurtsAny[c] === 1) return `n${c} > 0`;
      const foes = classesOf(s, w).filter((x) => t.hurts[c * n + x] === 1).map((x) => `n${x} > 0`);
      return foes.length === 0 ? 'false' : `(n${c} > 0 && (${foes.join(' || ')}))`;
    }).filter((x) => x !== 'false');
    return hurt.length === 0 ? 'true' : `!(${hurt.join(' || ')})`;
  }) : 'false';
  const out = [useless === 'false' ? (fails === 'false' ? 'if (false) {' : `if (${fails}) {`) : `if (${useless} || ${fails === 'false' ? 'false' : `(${fails})`}) {`, 'mf++;'];
  if (s.contact) {
    // srd4 step 10: with no model left in base contact it falls back, and nobody may sweep it
    const touching = classesOf(s, l).filter((c) => s.contact![c] === 1).map((c) => `n${c} > 0`);
    out.push(`if (phase === 1 && !(${touching.join(' || ') || 'false'})) { us = 1; ${ends('fellBack')} }`);
  }
  const barring = s.bars ? classesOf(s, w).filter((c) => s.bars![c] === 1).map((c) => `n${c} > 0`) : [];
  // a living terminator bars the winner's sweep: the loser disengages with no roll (the kernel's `barred`)
  if (barring.length > 0) out.push(`if (${barring.join(' || ')}) { us = 1; ${ends('fellBack')} }`);
  if (fd > 0 && sd > 0) out.push(`const flee = chance.race(${fd}, ${sd}) + ${bonus(l)};`, `const sweep = chance.second + ${bonus(w)};`);
  else out.push(`const flee = chance.sum(${fd}) + ${bonus(l)};`, `const sweep = ${sd > 0 ? `chance.sum(${sd}) + ${bonus(w)}` : '-1'};`);
  out.push('if (sweep >= 0 && rules.catches(sweep, flee)) {', 'sc++;');
  // B12: a sweep that would destroy a sweep-proof unit holds it
  const proof = byPhase(s, (t) => (t.sweepProof[l] === 1 ? 'true' : 'false'));
  if (s.held) out.push(`h${l} = 1;`);
  else {
    if (proof !== 'false') out.push(`if (${proof} && rules.sweepLoss(sweep, flee) === 'destroyed') { h${l} = 1; } else {`);
    if (s.loses) {
      // ruling 9: the difference in wounds, no save, by the kernel's own code (rare: a sweep that catches)
      const cs = classesOf(s, l);
      out.push(sync(s, l), `sw += k.loseWounds(${l}, sweep - flee);`, cs.map((c) => `n${c} = k.count[${c}];${s.W[c]! > 1 ? ` f${c} = k.front[${c}];` : ''}`).join(' '), `a${l} = k.alive[${l}];`, ends('swept'));
    } else if (s.hits) {
      // waffle (ruling 10, rules ruling 25): one automatic hit per winning model, by the kernel's own code (rare: a sweep that catches)
      const cs = classesOf(s, l);
      out.push(sync(s, 0), sync(s, 1), `sw += k.sweepStrike(${l}, sweep, flee, phase === 1, chance);`, cs.map((c) => `n${c} = k.count[${c}];${s.W[c]! > 1 ? ` f${c} = k.front[${c}];` : ''}`).join(' '), `a${l} = k.alive[${l}];`, ends('swept'));
    } else out.push(...classesOf(s, l).map((c) => (s.W[c]! > 1 ? `n${c} = 0; f${c} = ${s.W[c]};` : `n${c} = 0;`)), `a${l} = 0;`, ends('swept'));
    if (proof !== 'false') out.push('}');
  }
  out.push('} else {', ends('fellBack'), '}', '}');
  return out;
}
