// The whole state of a combat between two atoms (engine/fight.ts `advance`) as a list of
// numbers: the cursor, this phase's results so far, the outcome's tallies, every unit's flags
// and pending hits, every class's counts. `exact` keeps states this way, merges those that are
// equal and puts one back into the combat to fight its next atom. Scratch that is stale between
// atoms is cleared where it goes stale (the fight step's end, the start of a phase), so equal
// combats give equal lists.
import type { SideId } from '../model.js';
import type { HitCause } from './events.js';
import { NO_WOUNDS } from './fight.js';
import { Slots } from './slots.js';
import type { StepState } from './strike.js';
import type { Combat } from './steps.js';
import type { ModelClass, UnitState } from './state.js';

const SIDES: readonly SideId[] = ['attacker', 'defender'];
const FATES = [null, 'fellBack', 'swept', 'destroyed', 'chargeFailed'] as const;
const CAUSES: readonly HitCause[] = ['weapon', 'monstrous', 'rending', 'plain'];
const RESULTS = ['attacker', 'defender', 'draw'] as const;

/** Saves and loads the states of one combat (its units and classes are numbered once). */
export class Snapshots {
  private readonly classes: ModelClass[] = [];
  private readonly units: UnitState[];
  /** the names of the weapons pending hits can come from, numbered once */
  private readonly names: string[] = [];
  constructor(private readonly c: Combat) {
    this.units = c.state.units;
    for (const u of this.units) this.classes.push(...u.classes);
    for (const k of this.classes) if (k.loadout.weapon && !this.names.includes(k.loadout.weapon.name)) this.names.push(k.loadout.weapon.name);
  }

  /** the state now, as numbers */
  save(): number[] {
    const c = this.c;
    const o: number[] = [c.part, c.stepIndex, c.inStep ? 1 : 0, c.phase, side(c.winner), c.wounds.attacker, c.wounds.defender];
    o.push(c.wiped.n);
    for (let i = 0; i < c.wiped.n; i++) o.push(side(c.wiped.at(i)));
    this.groups(o, c.losers.list());
    this.groups(o, c.broken.list());
    o.push(c.units.n);
    for (let i = 0; i < c.units.n; i++) o.push(this.units.indexOf(c.units.at(i)));
    const out = c.out;
    o.push(out.phases, RESULTS.indexOf(out.firstResult), out.firstWounds.attacker, out.firstWounds.defender,
      out.totalWounds.attacker, out.totalWounds.defender, out.moraleTaken, out.moraleFailed, out.sweepsAttempted, out.sweepsCaught);
    const s = c.state.step;
    if (s) {
      o.push(s.init, s.part, s.atom, s.atoms, s.steps, s.inflicted.attacker, s.inflicted.defender, s.strikers.n);
      for (let i = 0; i < s.strikers.n; i++) o.push(this.classes.indexOf(s.strikers.at(i)));
      o.push(s.struck.n);
      for (let i = 0; i < s.struck.n; i++) o.push(this.units.indexOf(s.struck.at(i)));
    } else o.push(11, -1, 0, 0, 0, 0, 0, 0, 0);
    for (const u of this.units) {
      o.push(u.inCombat ? 1 : 0, u.charging ? 1 : 0, FATES.indexOf(u.fate), u.held ? 1 : 0, u.stepAlive, u.majorityFor, u.stepWS, u.stepT, u.nPending);
      for (let i = 0; i < u.nPending; i++) {
        const b = u.pending[i]!;
        o.push(b.count, b.strength, b.noArmour ? 1 : 0, b.maxSave ?? -1, b.ap ?? -1, b.force ? this.classes.indexOf(b.force) : -1, CAUSES.indexOf(b.cause), this.name(b.weapon));
      }
    }
    for (const k of this.classes) {
      o.push(k.count, k.front, k.inContact ? 1 : 0, k.initiative, k.attacks, k.special ? 1 : 0, k.lead ? this.classes.indexOf(k.lead) : -1, k.striking);
    }
    return o;
  }

  /** put a saved state back into the combat */
  load(d: readonly number[]): void {
    const c = this.c;
    let i = 0;
    const next = () => d[i++]!;
    c.part = next();
    c.stepIndex = next();
    c.inStep = next() === 1;
    c.phase = next();
    c.firstRound = c.phase === 1;
    c.winner = sideOf(next());
    const s = (c.state.step ??= blankStep(c));
    s.inflicted.attacker = next();
    s.inflicted.defender = next();
    c.wounds = s.inflicted;
    c.wiped.clear();
    for (let n = next(); n > 0; n--) c.wiped.push(sideOf(next())!);
    this.loadGroups(next, c.losers);
    this.loadGroups(next, c.broken);
    c.units.clear();
    for (let n = next(); n > 0; n--) c.units.push(this.units[next()]!);
    const out = c.out;
    out.phases = next();
    out.firstResult = RESULTS[next()]!;
    out.firstWounds.attacker = next();
    out.firstWounds.defender = next();
    out.totalWounds.attacker = next();
    out.totalWounds.defender = next();
    out.moraleTaken = next();
    out.moraleFailed = next();
    out.sweepsAttempted = next();
    out.sweepsCaught = next();
    s.ctx = c;
    s.ruleset = c.ruleset;
    s.units = c.units;
    s.init = next();
    s.part = next();
    s.atom = next();
    s.atoms = next();
    s.steps = next();
    const inflictedA = next();
    const inflictedD = next();
    // the phase's wounds so far: in the step state while the fight step runs, kept as c.wounds after it
    if (c.inStep) {
      s.inflicted.attacker = inflictedA;
      s.inflicted.defender = inflictedD;
      c.wounds = NO_WOUNDS;
    }
    s.strikers.clear();
    for (let n = next(); n > 0; n--) s.strikers.push(this.classes[next()]!);
    s.struck.clear();
    for (let n = next(); n > 0; n--) s.struck.push(this.units[next()]!);
    for (const u of this.units) {
      u.inCombat = next() === 1;
      u.charging = next() === 1;
      u.fate = FATES[next()]!;
      u.held = next() === 1;
      u.stepAlive = next();
      u.majorityFor = next();
      u.stepWS = next();
      u.stepT = next();
      const pending = next();
      u.nPending = 0;
      for (let k = 0; k < pending; k++) {
        const b = u.nextBatch();
        b.count = next();
        b.strength = next();
        b.noArmour = next() === 1;
        b.maxSave = orNull(next());
        b.ap = orNull(next());
        const force = next();
        b.force = force >= 0 ? this.classes[force]! : null;
        b.cause = CAUSES[next()]!;
        const name = next();
        b.weapon = name >= 0 ? this.names[name]! : null;
      }
    }
    for (const k of this.classes) {
      k.count = next();
      k.front = next();
      k.inContact = next() === 1;
      k.initiative = next();
      k.attacks = next();
      k.special = next() === 1;
      const lead = next();
      k.lead = lead >= 0 ? this.classes[lead]! : null;
      k.striking = next();
    }
  }

  private name(w: string | null): number {
    return w === null ? -1 : this.names.indexOf(w);
  }

  private groups(o: number[], groups: readonly (readonly UnitState[])[]): void {
    o.push(groups.length);
    for (const g of groups) {
      o.push(g.length);
      for (const u of g) o.push(this.units.indexOf(u));
    }
  }

  private loadGroups(next: () => number, into: Combat['losers']): void {
    into.clear();
    for (let n = next(); n > 0; n--) {
      const g: UnitState[] = [];
      for (let k = next(); k > 0; k--) g.push(this.units[next()]!);
      // the unit's own group when it is that one (as moveGroups gives it), else a group of its own
      const own = g[0]!.moveGroup;
      into.push(own.length === g.length && own.every((u, j) => u === g[j]) ? own : g);
    }
  }
}

const side = (s: SideId | null) => (s === null ? -1 : SIDES.indexOf(s));
const sideOf = (n: number): SideId | null => (n < 0 ? null : SIDES[n]!);
const orNull = (n: number) => (n < 0 ? null : n);

function blankStep(c: Combat): StepState {
  return { ctx: c, ruleset: c.ruleset, units: c.units, init: 11, strikers: new Slots(), struck: new Slots(), steps: 0, part: -1, atom: 0, atoms: 0, inflicted: { attacker: 0, defender: 0 } };
}
