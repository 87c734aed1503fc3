// 001, "Start of Initiative Step Pile In" (ruling 14), shared by fightphase and waffle: at the
// start of each Initiative step every model striking at that step that is not in base contact
// moves 3" closer (to no less than 0). On a line every model moves straight at the enemy, so
// 001's three orders of moving (into base contact, then near a friend in contact, then as
// close as possible) come to the same thing. If no two enemy models are within 6" of each
// other, both sides' pile-ins together cannot bring them back together: the remaining
// Initiative steps are lost.
//
// On that line a distance is to the nearest living enemy model (docs/rulings.md, ruling 38): each side's
// closest models stand the gap apart (io/places.ts checks it of a scenario). When the enemy's
// closest models die, every model stands further from the enemy by what separated them from
// the enemy's next closest; when a side's closest models pile in, the enemy's stand that much
// closer to them. Both move a side's distances alike, so its order of closeness (ruling 14's
// allocation) never changes.
import { other, type SideId } from '../model.js';
import { blowsStep, casualtiesStep, closestOf, type InitiativeStep, type StepState } from './strike.js';
import type { UnitState } from './state.js';
import type { Slots } from './slots.js';
import type { Log } from './events.js';

/** A distance worked out, to a thousandth of an inch (3.1" piled in 3" is 0.1", not 0.10000000000000009"). */
const inches = (x: number) => Math.round(x * 1000) / 1000;

/** Two pile-ins of 3" each cannot close more than this. */
const REACH = 6;
export const PILE_IN = 3;

/** Every living model of `side` stands `by` inches further from the enemy (closer when negative; never nearer than 0). */
function shift(s: StepState, side: SideId, by: number): void {
  for (let u = 0; u < s.units.n; u++) {
    const unit = s.units.at(u);
    if (unit.side !== side) continue;
    for (let cI = 0; cI < unit.classes.length; cI++) {
      const c = unit.classes[cI]!;
      if (c.count > 0) c.distance = Math.max(0, inches(c.distance + by));
    }
  }
}

/**
 * After one side lost models or units: if its closest models are gone, the gap grew to its next
 * closest, and every enemy model stands that much further from its nearest foe. (Called after
 * each unit's casualties, so only one side has lost models since the sides last stood the gap
 * apart; at each step's start for a charge that failed.)
 */
export function widen(s: StepState): void {
  const a = closestOf(s, 'attacker');
  const d = closestOf(s, 'defender');
  if (a === Infinity || d === Infinity || a === d) return;
  const further: SideId = a > d ? 'defender' : 'attacker';
  const to = Math.max(a, d);
  shift(s, further, Math.abs(a - d));
  s.ctx.log?.push({ type: 'gap', side: other(further), gap: to });
}

/**
 * Losses before the charge move (waffle's Overwatch, 003: the charge is moved once the Reaction
 * is resolved): the charging unit's survivors still move in, its closest to where its closest
 * stood (`before`), the rest behind them as they stood.
 */
export function closeRanks(u: UnitState, before: number): void {
  const now = u.closest();
  if (now === Infinity || now <= before) return;
  for (let cI = 0; cI < u.classes.length; cI++) {
    const c = u.classes[cI]!;
    if (c.count > 0) c.distance = inches(c.distance - (now - before));
  }
}

/** After a pile-in of `side`'s models: if its closest came closer, the enemy's closest stand as close to them. */
function close(s: StepState, side: SideId): void {
  const mine = closestOf(s, side);
  const theirs = closestOf(s, other(side));
  if (mine < theirs && theirs !== Infinity) shift(s, other(side), mine - theirs);
}

export const pileInAtStep: InitiativeStep = {
  name: 'pileIn',
  begin(s) {
    const log = s.ctx.log;
    // a charge that failed (its unit was the closest) opens the gap as losses do
    widen(s);
    const closest = Math.min(closestOf(s, 'attacker'), closestOf(s, 'defender'));
    if (closest > REACH) {
      s.steps = 0; // the assault is over: no further Initiative step
      s.ctx.stepsLost = true; // and the sides may come apart after its result (engine/disengage.ts)
      log?.push({ type: 'apart', initiative: s.init, closest });
      return 0;
    }
    for (let u = 0; u < s.units.n; u++) {
      const unit = s.units.at(u);
      for (let cI = 0; cI < unit.classes.length; cI++) {
        const c = unit.classes[cI]!;
        if (c.count === 0 || c.distance === 0 || c.initiative !== s.init) continue;
        const from = c.distance;
        c.distance = from > PILE_IN ? inches(from - PILE_IN) : 0;
        log?.push({ type: 'pileInStep', side: unit.side, unit: unit.name, model: c.spec.name, count: c.count, from, to: c.distance });
      }
      close(s, unit.side);
    }
    return 0;
  },
  atom() {},
};

/** Casualties on a line: after each unit struck has taken its casualties, the gap opens if its closest models died. */
const casualtiesOnALine: InitiativeStep = {
  name: casualtiesStep.name,
  begin: casualtiesStep.begin,
  atom(s, k) {
    casualtiesStep.atom(s, k);
    widen(s);
  },
};

/** The Initiative step of fightphase and waffle: pile in, strike, casualties (ruling 14). */
export const LINE_INITIATIVE_STEPS: readonly InitiativeStep[] = [pileInAtStep, blowsStep, casualtiesOnALine];

/**
 * A3: Counter-Attack holds only when every model of the unit has it, its independent characters
 * included: a character who joined it, fighting apart (revised4), and the unit he joined all have
 * it, as for Hit & Run (B11: hit-and-run.ts).
 */
function groupEngages(u: UnitState): boolean {
  const lead = u.partOf !== null && u.partOf.inCombat ? u.partOf : u;
  for (let i = 0; i < lead.moveGroup.length; i++) {
    const m = lead.moveGroup[i]!;
    if (m.inCombat && !m.fx.engageAll) return false;
  }
  return true;
}

/**
 * abilities.md B10, at the start of a phase: every model of a unit with `engageAll` (every one
 * of its models has it, A3) is engaged in base contact. Without inches (srd4, revised4) every
 * model stands in base contact whatever the scenario said; on a line (fightphase, waffle) every
 * model within 6" of the enemy stands at 0", and if the enemy's closest stood further, the
 * enemy's models stand that much closer (as after a pile-in).
 */
export function engageAll(units: Slots<UnitState>, onALine: boolean, log: Log): void {
  for (let uI = 0; uI < units.n; uI++) {
    const u = units.at(uI);
    if (!u.fx.engageAll || !groupEngages(u)) continue;
    let moved = 0;
    for (let cI = 0; cI < u.classes.length; cI++) {
      const c = u.classes[cI]!;
      if (c.count === 0 || c.distance === 0 || (onALine && c.distance > REACH)) continue;
      c.distance = 0;
      moved += c.count;
    }
    if (moved === 0) continue;
    log?.push({ type: 'engageAll', side: u.side, unit: u.name, models: moved, by: u.fx.engageAllBy });
    if (!onALine) continue;
    // its models reached the enemy's closest: those stand in base contact now, the rest as much closer
    let theirs = Infinity;
    for (let eI = 0; eI < units.n; eI++) {
      const e = units.at(eI);
      if (e.side !== u.side) theirs = Math.min(theirs, e.closest());
    }
    if (theirs === Infinity || theirs === 0) continue;
    for (let eI = 0; eI < units.n; eI++) {
      const e = units.at(eI);
      if (e.side === u.side) continue;
      for (let cI = 0; cI < e.classes.length; cI++) {
        const c = e.classes[cI]!;
        if (c.count > 0) c.distance = Math.max(0, inches(c.distance - theirs));
      }
    }
  }
}
