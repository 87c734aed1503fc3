// A scenario's fights through the reference steps, tabled as they are fought. Between two atoms
// a combat is a list of numbers (engine/snapshot.ts) that decides everything after it, and what
// an atom does is decided by that state and what its calls of the chance give. So the table
// keeps, for each state met, the calls the steps made from it (kind and arguments: the same
// every time from one state) as a tree: each call's code (all it gave, sim/calls.ts) leads to
// the next call, and the last to the state the stretch left (or, the fight over, its outcome).
// A stretch runs from a state to the end of the first atom that makes a call. The figures the
// steps only add to (sim/tallies.ts: wounds, Morale checks, sweeps...) are kept out of the
// states, so that fights differing only in them meet: each leaf carries what its stretch added,
// and a run's outcome is its last leaf's with the figures of its stretches added up. A stretch
// also ends where a phase starts, and the phases between the first and the last are one in the
// states (saved as phase 2: a step asks whether a phase is the first, never which later one it
// is, and the loop whether it is the last): a run counts its phases itself.
//
// A run walks the table: it makes each call on the real chance with the arguments kept, so the
// dice are those of the reference steps, call for call, and follows the code to the next call
// or state, with no step run and no state saved or loaded. Where the table has no way on (a
// state not met, a code not met) the steps fight that stretch: the state is loaded, the calls
// already made are given back by the recorder (sim/recorder.ts), and the new calls are made,
// kept and added to the table. Every rule is the reference steps'; the table holds only what
// they did. `test/tabled.test.ts` holds it to the reference run by run: outcome and dice.
//
// Its memory is bounded (TABLE_LIMITS): once full, a run that leaves the table fights on with the
// steps and nothing is added. A fight whose runs keep leaving the table (too many ways to fight:
// the table would cost more than it saves) stops using it (`on`), and then `Fights` fights with
// the steps alone.
import type { Chance } from '../dice.js';
import { advance, atPhaseStart, copyOutcome, copyOutcomeInto, startFight, type FightOutcome } from '../engine/fight.js';
import type { Ruleset } from '../engine/ruleset.js';
import { PHASE_AT, PHASES_AT, Snapshots } from '../engine/snapshot.js';
import { FightState } from '../engine/state.js';
import type { Combat } from '../engine/steps.js';
import type { Scenario } from '../model.js';
import { OutcomeIds } from '../report/outcomes.js';
import { grown, StateTable } from '../report/state-table.js';
import { argCount, callOn, codeRange, MAX_CODE, SPREAD } from './calls.js';
import { Recorder } from './recorder.js';
import { Ways } from './ways.js';
import { addTallies, clearTallies, takeTallies, TALLIES } from './tallies.js';

/** What a table may hold (tests make it small). */
export interface TableLimits {
  /** calls and leaves: about 60 bytes each with their arguments and ways on */
  nodes: number;
  /** numbers of saved states: 4 bytes each */
  numbers: number;
  /** distinct outcomes kept (each an object) */
  outcomes: number;
}

/** about 150 MB at most, a table (each thread of a sim has its own) */
export const TABLE_LIMITS: TableLimits = { nodes: 1 << 20, numbers: 1 << 23, outcomes: 1 << 16 };
/**
 * Whether the table pays is measured, window by window: the first two windows of runs are fought
 * with the table (it learns most of what it will learn there, and the steps' code, which learning
 * runs, is compiled and optimised by then: the first thousand runs of a fight's steps take ten
 * times what they take warm), the third (shorter) with the steps alone, as a run that leaves a
 * full table is fought, timed, and each later one with the table, timed: once windows of the
 * table take longer a run than the steps did (SLOWER in a row), the table stops being used.
 * The steps' window is short: their code is still cold then (they have fought only the few
 * thousand stretches the table learned), and a whole run through cold steps costs 50 to 100 us
 * (10 Marines charging 10 Boyz for one phase: 0.05 to 0.1 s for a window of 1,024 runs, a tenth
 * of the whole sim's time, against 4 us a run warm). Their time a run is so a generous yardstick,
 * as it always was: only a table far slower than the steps is stopped.
 * Learning a stretch costs about 20 times fighting it, so a fight with more ways than its runs
 * meet again (several phases of large units under waffle: most of its stretches are new for the
 * first hundred thousand runs) is faster without. The runs are the same either way; only their
 * speed is measured.
 */
export const WINDOW = 4096;
/** the runs of the window that times the steps alone (their time a run varies less than the table's) */
export const STEPS_WINDOW = 256;
/** the window (0, 1, ...) fought by the steps alone */
const STEPS = 2;
/** the table stops being used once SLOWER windows in a row took more than SLOWER_BY times the steps' time a run */
const SLOWER = 3;
const SLOWER_BY = 1.2;
/** where `times` holds when the window started and the steps' time a run */
const SINCE = 0;
const STEPS_RUN = 1;

/** a node that is not a call: a leaf, the end of a stretch */
const LEAF = -1;
/** the numbers of a node (`rec`): a call's kind, block and arguments (a spread's: where they are), a leaf's */
const R = 8;
const BASE = 1;
const ARG0 = 2;
const SPREAD_AT = 7;
const NEXT = 1;
const ADDS = 2;
const CROSSES = 3;
const MEMO_IN = 4;
const MEMO_OUT = 5;
/** a state whose stretch has not been fought */
const UNKNOWN = -1;

export class TabledFight {
  /** whether to fight with the table (false: it did not pay, fight with the steps alone) */
  on = true;
  /** whether stretches not met are still added (false: the table is full) */
  private learning = true;
  /** the last run's outcome: its number among `outcomes`, or -1 when it is `outcome()` alone */
  code = 0;

  private readonly c: Combat;
  private readonly codec: Snapshots;
  private readonly recorder = new Recorder();
  private readonly buf: number[] = [];
  /** a state to load (copied: a view of the table's arrays would be an object a load) */
  private readonly loaded: number[] = [];
  /** the state the combat stands at (-1: none known), where a stretch learned left it */
  private standing = -1;
  /** the phases the fight may last (the loop's) */
  private readonly rounds: number;
  /**
   * The states met; per state the first node of its stretch (UNKNOWN: not fought yet), whether
   * it stands for every phase between the first and the last (a middle phase), and then the
   * same state in the last phase (UNKNOWN: not made yet).
   */
  private readonly states = new StateTable();
  private numbers = 0;
  private root = new Int32Array(1024).fill(UNKNOWN);
  private middle = new Uint8Array(1024);
  private last = new Int32Array(1024).fill(UNKNOWN);
  private readonly start: number;
  /**
   * The nodes, R numbers each, in one array (a call reads one stretch of memory): a call's kind,
   * where its block of ways starts (-1: the shared table) and its arguments (a spread's, of any
   * length, in `args` from SPREAD_AT); a leaf's LEAF, its state (or ~ the number of the outcome
   * it ends in, among `ends`), the figures its stretch added (their number among `added`, -1:
   * none), whether it ended where a phase starts, and the last number it was given (-1: none
   * yet) with what it gave for it (`run`).
   */
  private rec = new Int32Array(1024 * R);
  private nodes = 0;
  private args = new Int32Array(1024);
  private argEnd = 0;
  /** where a call leads by its code */
  private readonly ways = new Ways();
  /** the codes of the calls of the stretch in progress */
  private pathCode: Int32Array = new Int32Array(256);
  private readonly into: number[] = [];
  private readonly counts: number[] = [];
  /** the figures stretches added, each distinct list numbered once (TALLIES numbers each) */
  private readonly added = new StateTable();
  private addedFigures = new Int32Array(256 * TALLIES);
  /** the outcomes leaves end in (their stretch's figures alone), numbered */
  private readonly endIds = new OutcomeIds();
  private readonly ends: FightOutcome[] = [];
  /** the figures a run has added up so far, each distinct list numbered once (0: none), and the list after adding a leaf's */
  private readonly sums = new StateTable();
  private sumFigures = new Int32Array(256 * TALLIES);
  private readonly plus = new Ways();
  /** the run in progress: its phase and the number of its figures so far */
  private phase = 0;
  private sum = 0;
  /** the outcomes of runs, numbered (`code`): by the outcome of the last leaf, and the figures and phases */
  private readonly finals = new Ways();
  private readonly outcomes: FightOutcome[] = [];
  /** an outcome not kept (too many): the last run's */
  private readonly spare: FightOutcome;
  /** runs in the window in progress, windows ended, windows of the table in a row slower than the steps */
  private runs = 0;
  private windows = 0;
  private slower = 0;
  /**
   * When the window started and the steps' time a run, in an array: a field that turned from a
   * whole number to a fraction would change the object's shape, and every optimised function
   * that reads the object would be thrown away.
   */
  private readonly times = new Float64Array(2);

  /** `clock`: milliseconds (the tests give their own) */
  constructor(scenario: Scenario, ruleset: Ruleset, private readonly limits = TABLE_LIMITS, private readonly clock: () => number = () => performance.now()) {
    this.times[SINCE] = clock();
    const state = new FightState(scenario, ruleset);
    state.reset();
    this.c = startFight(state, ruleset, this.recorder, null);
    this.rounds = this.c.rounds;
    this.codec = new Snapshots(this.c);
    this.spare = copyOutcome(this.c.out);
    clearTallies(this.c.out);
    this.start = this.stateOf(this.codec.save(this.buf), false);
    this.sums.add(this.sumFigures, TALLIES);
  }

  /** The last run's outcome. */
  outcome(): FightOutcome {
    return this.code >= 0 ? this.outcomes[this.code]! : this.spare;
  }

  /** Fight one run on `chance` (already started): its outcome in `code` (and `outcome()`). */
  run(chance: Chance): void {
    if (++this.runs === (this.windows === STEPS ? STEPS_WINDOW : WINDOW)) this.judge();
    this.phase = this.sum = 0;
    let s = this.start;
    // the window that times the steps alone: each run fought by them from the start, as a run
    // that leaves a full table is (through the recorder, so that the steps meet one kind of chance)
    if (this.windows === STEPS) {
      this.learn(s, 0, chance, false);
      return;
    }
    for (;;) {
      let node = this.root[s]!;
      let depth = 0;
      if (node !== UNKNOWN) {
        // (the arrays are read once a walk: only learning replaces them)
        const { rec, args, ways, into, counts, root } = this;
        let path: Int32Array = this.pathCode;
        for (let o = node * R, k = rec[o]!; ; o = node * R, k = rec[o]!) {
          if (k === LEAF) {
            // a leaf whose way on is known without working anything out (the fight goes on, the
            // figures it adds remembered for the run's so far, no last phase to make, the next
            // state's stretch learned) leads straight to the next state's first node; any other
            // is left to the code below the walk, with nothing of it done here
            const t = rec[o + NEXT]!;
            if (t < 0) break;
            const a = rec[o + ADDS]!;
            if (a >= 0 && rec[o + MEMO_IN] !== this.sum) break;
            const crosses = rec[o + CROSSES] === 1;
            if (crosses && this.middle[s] === 1 && this.phase + 1 >= this.rounds) break;
            const first = root[t]!;
            if (first === UNKNOWN) break;
            if (a >= 0) this.sum = rec[o + MEMO_OUT]!;
            if (crosses) this.phase++;
            s = t;
            depth = 0;
            node = first;
            continue;
          }
          const code = k === SPREAD ? callOn(chance, k, args, rec[o + SPREAD_AT]!, into, counts) : callOn(chance, k, rec, o + ARG0, into, counts);
          if (depth === path.length) path = this.growPath();
          path[depth++] = code;
          node = ways.get(node, rec[o + BASE]!, code);
          if (node < 0) break;
        }
      }
      if (node < 0) {
        s = this.learn(s, depth, chance);
        if (s < 0) return;
        continue;
      }
      const rec = this.rec;
      const o = node * R;
      const a = rec[o + ADDS]!;
      const t = rec[o + NEXT]!;
      // a leaf remembers the last number it was given and what it gave for it (the run's figures
      // after its own; the outcome it ends in with the run's phases and figures): most runs that
      // reach it again come with the same
      if (a >= 0) {
        if (rec[o + MEMO_IN] === this.sum) this.sum = rec[o + MEMO_OUT]!;
        else {
          const sum = this.plusOf(this.sum, a);
          rec[o + MEMO_IN] = this.sum;
          rec[o + MEMO_OUT] = this.sum = sum;
        }
      }
      if (t < 0) {
        const key = this.sum * 64 + this.phase;
        if (rec[o + MEMO_IN] === key) {
          this.code = rec[o + MEMO_OUT]!;
          return;
        }
        this.ended(~t);
        if (this.code >= 0 && this.phase < 64 && key <= MAX_CODE) {
          this.rec[o + MEMO_IN] = key;
          this.rec[o + MEMO_OUT] = this.code;
        }
        return;
      }
      s = rec[o + CROSSES] === 1 ? this.crossed(s, t) : t;
    }
  }

  /** A stretch from `s` ended where the phase after the run's starts, in state `t`: the run's next state. */
  private crossed(s: number, t: number): number {
    const phase = ++this.phase;
    return this.middle[s] === 1 && phase >= this.rounds ? this.lastOf(t) : t;
  }

  /**
   * Fight the stretch from state `s` with the steps, its first `depth` calls (already made) given
   * back: added to the table while it learns. The state it left (to go on from), or -1 when the
   * fight is over (`code` set).
   */
  private learn(s: number, depth: number, chance: Chance, keep = this.learning): number {
    const { c, recorder } = this;
    recorder.begin(chance, keep);
    // the calls made: the nodes the codes led through from the state's first
    let node = this.root[s]!;
    for (let i = 0; i < depth; i++) {
      const o = node * R;
      const kind = this.rec[o]!;
      if (kind === SPREAD) recorder.give(kind, this.args, this.rec[o + SPREAD_AT]!, this.pathCode[i]!);
      else recorder.give(kind, this.rec, o + ARG0, this.pathCode[i]!);
      if (i < depth - 1) node = this.ways.get(node, this.rec[o + BASE]!, this.pathCode[i]!);
    }
    // the combat stands at the state the last stretch learned left, unless a run has moved it since
    if (s !== this.standing) {
      this.states.copy(s, this.loaded);
      this.codec.load(this.loaded);
    }
    this.standing = -1;
    // a middle phase, fought as the run's own (a step fights it as any middle phase)
    if (this.middle[s] === 1) c.phase = c.out.phases = this.phase;
    let over = advance(c);
    while (!over && recorder.calls === 0 && !atPhaseStart(c)) over = advance(c);
    if (!recorder.done) throw new Error('a tabled fight made fewer calls than its table holds');
    if (!recorder.keep) {
      // the table is full, or a call could not be kept: the steps fight this run to its end
      while (!over) over = advance(c);
      this.phase = c.out.phases;
      this.code = -1;
      this.spareFrom(c.out);
      return -1;
    }
    let from = depth > 0 ? node : -1;
    let code = depth > 0 ? this.pathCode[depth - 1]! : 0;
    for (let j = 0; j < recorder.kept; j++) {
      const node = this.node(recorder.keptKind[j]!, recorder.keptArgs, recorder.keptAt[j]!);
      this.link(s, from, code, node);
      from = node;
      code = recorder.keptCode[j]!;
    }
    const leaf = this.node(LEAF);
    this.link(s, from, code, leaf);
    if (over) {
      // the figures stay in the outcome the leaf ends in
      const end = this.endIds.id(c.out);
      if (end === this.ends.length) this.ends.push(copyOutcome(c.out));
      this.rec[leaf * R + NEXT] = ~end;
      this.rec[leaf * R + ADDS] = -1;
      this.ended(end);
      return -1;
    }
    takeTallies(c.out, this.buf, 0);
    const a = (this.rec[leaf * R + ADDS] = this.addedNumber());
    if (a >= 0) this.sum = this.plusOf(this.sum, a);
    const crossed = atPhaseStart(c);
    this.rec[leaf * R + CROSSES] = crossed ? 1 : 0;
    const n = this.codec.save(this.buf);
    if (!crossed) {
      // the same phase: saved as it was loaded (a middle phase as phase 2)
      if (this.middle[s] === 1) this.buf[PHASE_AT] = this.buf[PHASES_AT] = 2;
      const t = this.stateOf(n, this.middle[s] === 1);
      this.rec[leaf * R + NEXT] = t;
      return (this.standing = t);
    }
    // a new phase: one that stands for every middle phase when the state left does, else the run's
    const phase = this.phase + 1;
    const middle = this.middle[s] === 1 || (phase >= 2 && phase < this.rounds);
    this.buf[PHASE_AT] = this.buf[PHASES_AT] = middle ? 2 : phase;
    const t = this.stateOf(n, middle);
    this.rec[leaf * R + NEXT] = t;
    return (this.standing = this.crossed(s, t));
  }

  /** the middle-phase state `t` in the last phase, made when first needed */
  private lastOf(t: number): number {
    if (this.last[t] === UNKNOWN) {
      const n = this.states.copy(t, this.buf);
      // the last phase's number (a program may give phases that are not a whole number)
      this.buf[PHASE_AT] = this.buf[PHASES_AT] = Math.ceil(this.rounds);
      const last = this.stateOf(n, false);
      this.last[t] = last;
    }
    return this.last[t]!;
  }


  /** The run ended in the outcome `end` of a leaf: `code` the number of its outcome with its phases and figures. */
  private ended(end: number): void {
    // the phases (at most MAX_ROUNDS) and the figures as one number
    const key = this.sum * 64 + this.phase;
    let id = this.phase < 64 && key <= MAX_CODE ? this.finals.get(end, -1, key) : -1;
    if (id < 0 && this.phase < 64 && key <= MAX_CODE && this.outcomes.length < this.limits.outcomes) {
      const o = copyOutcome(this.ends[end]!);
      o.phases = this.phase;
      addTallies(o, this.sumFigures, this.sum * TALLIES);
      id = this.outcomes.push(o) - 1;
      this.finals.set(end, -1, key, id);
    }
    this.code = id;
    // too many to keep: the outcome is made for this run alone
    if (id < 0) this.spareFrom(this.ends[end]!);
  }

  /** `spare` made from `o` with the run's phases and figures */
  private spareFrom(o: FightOutcome): void {
    const spare = copyOutcomeInto(this.spare, o);
    spare.phases = this.phase;
    addTallies(spare, this.sumFigures, this.sum * TALLIES);
  }

  /** the number of the figures `sum` with a leaf's figures `a` added */
  private plusOf(sum: number, a: number): number {
    const known = this.plus.get(sum, -1, a);
    if (known >= 0) return known;
    const f = this.sumFigures;
    for (let k = 0; k < TALLIES; k++) this.buf[k] = f[sum * TALLIES + k]! + this.addedFigures[a * TALLIES + k]!;
    const id = this.sums.add(this.buf, TALLIES);
    if (this.sums.added) {
      if ((id + 1) * TALLIES > f.length) this.sumFigures = grown(f, 2 * (id + 1) * TALLIES);
      for (let k = 0; k < TALLIES; k++) this.sumFigures[id * TALLIES + k] = this.buf[k]!;
    }
    this.plus.set(sum, -1, a, id);
    return id;
  }

  /** the number of the figures in `buf[0..TALLIES)` (-1: all 0), added when new */
  private addedNumber(): number {
    let any = false;
    for (let k = 0; k < TALLIES && !any; k++) any = this.buf[k] !== 0;
    if (!any) return -1;
    const a = this.added.add(this.buf, TALLIES);
    if (this.added.added) {
      if ((a + 1) * TALLIES > this.addedFigures.length) this.addedFigures = grown(this.addedFigures, 2 * (a + 1) * TALLIES);
      for (let k = 0; k < TALLIES; k++) this.addedFigures[a * TALLIES + k] = this.buf[k]!;
    }
    return a;
  }

  /** `node` as the way on from `from` by `code`, or the first node of state `s`'s stretch */
  private link(s: number, from: number, code: number, node: number): void {
    if (from < 0) this.root[s] = node;
    else this.ways.set(from, this.rec[from * R + BASE]!, code, node);
  }

  /** the number of the state saved in `buf[0..n)`, added when new (`middle`: it stands for every middle phase) */
  private stateOf(n: number, middle: boolean): number {
    const t = this.states.add(this.buf, n);
    if (this.states.added) {
      this.numbers += n;
      if (t === this.root.length) {
        this.root = grown(this.root, 2 * t);
        this.root.fill(UNKNOWN, t);
        this.last = grown(this.last, 2 * t);
        this.last.fill(UNKNOWN, t);
        this.middle = grown(this.middle, 2 * t);
      }
      this.middle[t] = middle ? 1 : 0;
      if (this.numbers > this.limits.numbers) this.learning = false;
    }
    return t;
  }

  /** a new node of `kind` (LEAF, or a call whose arguments are `from[at..)`) */
  private node(kind: number, from?: ArrayLike<number>, at = 0): number {
    const id = this.nodes++;
    const o = id * R;
    if (o + R > this.rec.length) this.rec = grown(this.rec, 2 * (o + R));
    const rec = this.rec;
    rec[o] = kind;
    if (from) {
      const n = argCount(kind, from, at);
      if (kind === SPREAD) {
        if (this.argEnd + n > this.args.length) this.args = grown(this.args, 2 * (this.argEnd + n));
        for (let j = 0; j < n; j++) this.args[this.argEnd + j] = from[at + j]!;
        rec[o + SPREAD_AT] = this.argEnd;
        this.argEnd += n;
      } else for (let j = 0; j < n; j++) rec[o + ARG0 + j] = from[at + j]!;
      rec[o + BASE] = this.ways.open(codeRange(kind, from, at));
    } else rec[o + MEMO_IN] = -1;
    if (this.nodes >= this.limits.nodes) this.learning = false;
    return id;
  }

  private growPath(): Int32Array {
    return (this.pathCode = grown(this.pathCode, 2 * this.pathCode.length));
  }

  /** The end of a window: the steps' time a run, or the table stops being used if it took longer. */
  private judge(): void {
    const now = this.clock();
    const perRun = (now - this.times[SINCE]!) / this.runs;
    if (this.windows === STEPS) this.times[STEPS_RUN] = perRun;
    else if (this.windows > STEPS) {
      // a window the machine's load slowed is not enough: SLOWER in a row, each by a margin
      this.slower = perRun > SLOWER_BY * this.times[STEPS_RUN]! ? this.slower + 1 : 0;
      if (this.slower === SLOWER) this.on = false;
    }
    this.windows++;
    this.runs = 0;
    this.times[SINCE] = now;
  }

}
