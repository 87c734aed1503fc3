// The core of `exact`: one combat whose saved states (engine/snapshot.ts) are put back into it
// and fought one atom at a time with the enumerating chance, once per path of the atom's dice.
// Both ways of driving it use this: `drain` for the charge and the first phase (states merged
// and taken in the order of the procedure) and the graph of the later phases (exact/phases.ts).
import { advance, anyCharge, atPhaseStart, CHARGE_TALLIES, type FightOutcome } from '../engine/fight.js';
import { canonicalize, PHASE_AT, PHASES_AT, Snapshots } from '../engine/snapshot.js';
import type { Combat } from '../engine/steps.js';
import { afterFirstBlows } from '../engine/strike.js';
import { ROLLS_PER_ATOM, scaled, STATE_SIZE, tooLarge } from './budget.js';
import type { EnumChance } from './chance.js';
import type { Limits } from '../report/aggregate.js';
import { CursorQueue } from './cursor-queue.js';
import { StateTable } from '../report/state-table.js';
import { grouped } from '../report/numbers.js';
import { Beside } from './beside.js';
import { Packer, unpack } from './packing.js';

/**
 * Where a path fights on through the states only it reaches (`Enumeration.paths`): `paying`,
 * where that was measured to pay (a ruleset with positions in inches and no Final Blow, a fight
 * with no vehicle: docs/performance.md, "States only one path reaches"); tests set `always` and
 * `never` to compare.
 */
export const marking: { where: 'paying' | 'always' | 'never' } = { where: 'paying' };

/** A state a path went on from (`Enumeration.paths`): saved as it stood, and the path's calls, probability and dice there. */
interface Mark {
  state: number[];
  calls: number;
  prob: number;
  rolled: number;
}

/** Where a combat is within its phase (or the charge), as one number that grows as the procedure goes on. */
export function within(c: Combat): number {
  const s = c.state.step;
  // inside the fight step: the Initiative step, its part (15: the step is over), its atom
  const inside = c.inStep && s ? ((11 - s.init) * 16 + (s.part < 0 ? 15 : s.part + 1)) * 256 + s.atom : 0;
  return (c.stepIndex * 2 + (c.inStep ? 1 : 0)) * 65536 + inside;
}

/** Where a combat is, phases included (states are taken smallest first). */
function cursor(c: Combat): number {
  return (c.part === 0 ? 0 : c.phase) * 128 * 65536 + within(c);
}

/** Expected counts added atom by atom and kept out of the states: Morale checks, sweeps, dice, the sweeps' wounds, waffle's charge figures. */
export const MORALE_TAKEN = 0;
export const MORALE_FAILED = 1;
export const SWEEPS_ATTEMPTED = 2;
export const SWEEPS_CAUGHT = 3;
export const DICE = 4;
export const SWEEP_WOUNDS = 5;
export const CHARGE_AT = 6;
export const TALLIES = CHARGE_AT + CHARGE_TALLIES.length;

/** States waiting at one cursor, with the probability that reaches each. */
class Waiting {
  readonly states = new StateTable();
  readonly p: number[] = [];
  /** probability `q` more for the state packed in `d[0..n)` (exact/packing.ts): whether it is new */
  add(d: Float64Array, n: number, q: number): boolean {
    const id = this.states.add(d, n);
    if (!this.states.added) this.p[id]! += q;
    else this.p.push(q);
    return this.states.added;
  }
}

const newWaiting = () => new Waiting();

/** Where the fights of a `drain` go. */
export interface Sink {
  /** a fight that ended, with its probability */
  end(o: FightOutcome, q: number): void;
  /** the first phase's result and wounds, known as the second phase starts */
  firstPhase(o: FightOutcome, q: number): void;
  /**
   * a state at the start of phase 2, saved in `d[0..n)` with its phase numbers cleared and the
   * figures carried beside folded (what was taken off in `beside.shift`); in a fight without a
   * vehicle also as it was before the totals were folded, in `whole[0..wholeN)`
   */
  phaseStart(d: number[], n: number, q: number, whole: number[] | null, wholeN: number): void;
}

export class Enumeration {
  /** the atoms fought so far */
  atoms = 0;
  /** the rolls (calls of the chance) made so far, over every path */
  rolls = 0;
  /** the state a path left, saved (reused) */
  readonly buf: number[] = [];
  /** the states kept (`drain`'s and the graph's), packed (exact/packing.ts) */
  readonly packer = new Packer();
  /** a kept state unpacked, to be put back into the combat (reused) */
  private readonly state: number[] = [];
  /**
   * the states a path passed through and went on from (`paths`): each saved as it stood, with the
   * path's calls, probability and dice then (reused); null: none (`marking`: where they were
   * measured to cost more than they save, the states after a step's first blows are reached by
   * several paths after all: pre-states that differ only in what the step works out again, or, in
   * a fight with a vehicle, outcomes the figures carried beside fold together)
   */
  private readonly marks: Mark[] | null;
  /** (a fight without a vehicle) a state starting phase 2 with its totals, saved (reused) */
  private readonly whole: number[] = [];
  private readonly codec: Snapshots;
  /** the expected counts added so far */
  readonly tallies = new Float64Array(TALLIES);
  /** the figures carried beside the states of the later phases (exact/beside.ts): `saveNow` folds them, what it took off in `beside.shift` */
  readonly beside: Beside;

  /** the budgets, scaled to the length of the combat's states (budget.ts `scaled`) */
  readonly maxStates: number;
  /** the most nodes in the graph of the later phases */
  readonly maxNodes: number;
  private readonly maxAtoms: number;
  private readonly maxRolls: number;
  /** how they are named when one is outgrown: with the states' length when it scaled them */
  private readonly sized: string;

  constructor(readonly c: Combat, private readonly chance: EnumChance, readonly where: string, budget: { states: number; nodes: number; atoms: number }, limits: Limits) {
    const { states, nodes, atoms } = budget;
    this.codec = new Snapshots(c);
    this.beside = new Beside(c, limits);
    const paying = c.ruleset.inches === true && c.ruleset.finalBlow !== true && !c.state.units.some((u) => u.vehicle);
    this.marks = marking.where === 'always' || (marking.where === 'paying' && paying) ? [] : null;
    const size = this.codec.save(this.buf);
    this.maxStates = scaled(states, size);
    this.maxNodes = scaled(nodes, size);
    this.maxAtoms = scaled(atoms, size);
    this.maxRolls = scaled(atoms * ROLLS_PER_ATOM, size);
    this.sized = size > STATE_SIZE ? `, for states of ${grouped(size)} numbers` : '';
  }

  /** Stop: more than `max` of `what` (a plural, whose first word loses its s for 1). */
  outgrew(max: number, what: string): never {
    tooLarge(this.where, `more than ${grouped(max)} ${max === 1 ? what.replace(/s\b/, '') : what}${this.sized}`);
  }

  /** `buf[0..n)` packed (exact/packing.ts) into `packer.out`; how many numbers */
  pack(n: number): number {
    return this.packer.pack(this.buf, n);
  }

  /** The kept (packed) state `id` of `states` unpacked, ready to be put back by `load`. */
  unpacked(states: StateTable, id: number): number[] {
    const from = states.start(id);
    unpack(states.array(id), from, from + states.length(id), this.state);
    return this.state;
  }

  /** Put the saved state `d` back into the combat, at phase `phase` when its phase numbers were cleared. */
  load(d: number[], phase?: number): void {
    if (phase === undefined) return this.codec.load(d);
    d[PHASE_AT] = d[PHASES_AT] = phase;
    this.codec.load(d);
    d[PHASE_AT] = d[PHASES_AT] = 0;
  }

  /**
   * The state a path left, saved into `buf`: how many numbers; in a phase after the first with
   * its phase numbers cleared and the figures carried beside folded (what was taken off in
   * `beside.shift`).
   */
  saveNow(): number {
    canonicalize(this.c);
    const later = this.c.phase >= 2 && this.c.part !== 0;
    if (later) this.beside.fold(this.c);
    const n = this.codec.save(this.buf);
    if (later) this.buf[PHASE_AT] = this.buf[PHASES_AT] = 0;
    return n;
  }

  /** Fight on from where the combat stands until an atom has made a call past the first `calls`, the combat is over (true) or a phase starts. */
  private onward(calls: number): boolean {
    const { c, chance } = this;
    let over = advance(c);
    while (!over && chance.calls === calls && !atPhaseStart(c)) over = advance(c);
    return over;
  }

  /** The combat stands at the start of its second or a later phase. */
  atLaterPhase(): boolean {
    return this.c.phase >= 2 && atPhaseStart(this.c);
  }

  /**
   * Fight the next atom of the kept (packed) state `id` of `states` (and the atoms after it that roll nothing,
   * up to a phase's start), once per path of its dice, adding `p` times the counts each path
   * adds to `tallies`; `then(over, q)` after each path, with the combat where it left it and
   * q = p times the path's probability.
   */
  paths(states: StateTable, id: number, p: number, phase: number | undefined, tallies: Float64Array, then: (over: boolean, q: number) => void): void {
    const { c, chance } = this;
    // unpacked once, put back once a path
    const data = this.unpacked(states, id);
    chance.reset();
    const o = c.out;
    // the counts as the state stood (a path's are what it adds to them)
    let taken = 0;
    let failed = 0;
    let attempted = 0;
    let caught = 0;
    // the marks the last path left (`marks`): how many are still the current path's
    let marks = 0;
    do {
      if (++this.atoms > this.maxAtoms) this.outgrew(this.maxAtoms, 'atoms to fight');
      // the path differs from the last only from its call `changed` on: go on from the last mark before it
      const kept = this.marks;
      while (marks > 0 && kept![marks - 1]!.calls > chance.changed) marks--;
      let from = 0;
      if (marks > 0) {
        const m = kept![marks - 1]!;
        this.codec.load(m.state);
        chance.resume(m.calls, m.prob, m.rolled);
        from = m.calls;
      } else {
        this.load(data, phase);
        chance.restart();
        taken = o.moraleTaken;
        failed = o.moraleFailed;
        attempted = o.sweepsAttempted;
        caught = o.sweepsCaught;
      }
      let over = this.onward(from);
      for (let s = c.state.step; kept !== null && !over && c.inStep && s && afterFirstBlows(s) && !atPhaseStart(c); s = c.state.step) {
        // a state no other path reaches (engine/strike.ts `afterFirstBlows`): not kept, but marked,
        // and its next atom fought on in the same path
        if (++this.atoms > this.maxAtoms) this.outgrew(this.maxAtoms, 'atoms to fight');
        const m = (kept![marks++] ??= { state: [], calls: 0, prob: 1, rolled: 0 });
        this.codec.save(m.state);
        m.calls = chance.calls;
        m.prob = chance.prob;
        m.rolled = chance.rolled;
        over = this.onward(m.calls);
      }
      // a path's cost is its rolls (each path replays its atom's rolls from the first, or from the
      // mark), and the links a Final Blow chain's law took to work out, once
      this.rolls += chance.calls - from + chance.worked;
      chance.worked = 0;
      if (this.rolls > this.maxRolls) this.outgrew(this.maxRolls, 'rolls to make');
      const q = p * chance.prob;
      tallies[MORALE_TAKEN] += q * (o.moraleTaken - taken);
      tallies[MORALE_FAILED] += q * (o.moraleFailed - failed);
      tallies[SWEEPS_ATTEMPTED] += q * (o.sweepsAttempted - attempted);
      tallies[SWEEPS_CAUGHT] += q * (o.sweepsCaught - caught);
      tallies[DICE] += q * chance.rolled;
      // the sweeps' wounds are only summed, as the charge figures
      tallies[SWEEP_WOUNDS] += q * o.sweepWounds;
      o.sweepWounds = 0;
      // waffle's charge figures are only summed: added as each atom adds to them and kept out of the states
      const ch = o.charge;
      if (anyCharge(ch)) for (let k = 0; k < CHARGE_TALLIES.length; k++) {
        const key = CHARGE_TALLIES[k]!;
        if (ch[key] !== 0) {
          tallies[CHARGE_AT + k] += q * ch[key];
          ch[key] = 0;
        }
      }
      // a state keeps only whether there was a check or a sweep, for the "fights with" shares
      o.moraleTaken = Math.min(o.moraleTaken, 1);
      o.moraleFailed = Math.min(o.moraleFailed, 1);
      o.sweepsAttempted = Math.min(o.sweepsAttempted, 1);
      o.sweepsCaught = Math.min(o.sweepsCaught, 1);
      then(over, q);
    } while (chance.nextPath());
  }

  /**
   * Fight the charge and the first phase from the combat as it stands, states merged when equal
   * and taken in the order of the procedure, until every path has ended or reached the start
   * of the second phase (given to the sink).
   */
  drain(sink: Sink): void {
    const { c, buf, maxStates } = this;
    const queue = new CursorQueue<Waiting>();
    let waiting = 0;
    const wait = (n: number, p: number) => {
      const m = this.pack(n);
      if (queue.at(cursor(c), newWaiting).add(this.packer.out, m, p) && ++waiting > maxStates) this.outgrew(maxStates, 'states at once');
    };
    wait(this.codec.save(buf), 1);
    const then = (over: boolean, q: number) => {
      const o = c.out;
      // the path went from the first phase into the second
      if (o.phases >= 2) sink.firstPhase(o, q);
      if (over) return sink.end(o, q);
      const n = this.saveNow();
      if (!this.atLaterPhase()) return wait(n, q);
      if (!this.beside.optional || this.beside.k === 0) return sink.phaseStart(buf, n, q, null, 0);
      // the totals put back, and the state saved as it would be without them folded
      this.beside.unfold(c);
      const w = this.codec.save(this.whole);
      this.whole[PHASE_AT] = this.whole[PHASES_AT] = 0;
      sink.phaseStart(buf, n, q, this.whole, w);
    };
    while (queue.size > 0) {
      const w = queue.take();
      for (let id = 0; id < w.states.size; id++) {
        waiting--;
        this.paths(w.states, id, w.p[id]!, undefined, this.tallies, then);
      }
    }
  }
}
