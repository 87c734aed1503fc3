// `assault exact`: the whole outcome distribution of a combat, with no sampling. The combat is
// fought by the same steps as `fight` and `sim`, one atom at a time (engine/fight.ts
// `advance`), with the enumerating chance (exact/chance.ts): from each state, the atom is
// replayed once per combination of its dice outcomes (exact/enumeration.ts), and the states
// it leads to are merged when equal (engine/snapshot.ts), carrying the sum of the
// probabilities of the paths to them. States are taken in the order of the procedure (no state
// can lead back to an earlier atom), so each is fought once, with all the probability that
// reaches it. The phases after the first are fought as a graph whose nodes are fought once
// whatever the phase (exact/phases.ts). Fights that end are added to the same aggregate as
// `sim`'s, weighted by their probability.
import { CHARGE_TALLIES, startFight, type FightOutcome } from '../engine/fight.js';
import { FightState } from '../engine/state.js';
import { getEdition, getRuleset } from '../editions/registry.js';
import { ATOM_BUDGET, estimateStates, LATER_STATE_BUDGET, REFUSE_PAST, STATE_BUDGET, TooLarge, TooLargeEstimate, tooLargeText } from './budget.js';
import type { Scenario } from '../model.js';
import { Aggregate, COUNTS, FIRST_PHASE, limitsOf, report, type SimReport } from '../report/aggregate.js';
import { EnumChance } from './chance.js';
import { grouped } from '../report/numbers.js';
import { CHARGE_AT, DICE, Enumeration, MORALE_FAILED, MORALE_TAKEN, SWEEP_WOUNDS, SWEEPS_ATTEMPTED, SWEEPS_CAUGHT } from './enumeration.js';
import { PhaseGraph } from './phases.js';
import { Beside } from './beside.js';
import { Starts } from './starts.js';

export interface ExactOptions {
  /** the most states kept at once in the charge and the first phase (default STATE_BUDGET) */
  states?: number;
  /** the most nodes in the graph of the later phases (default LATER_STATE_BUDGET) */
  nodes?: number;
  /** the most atoms fought (default ATOM_BUDGET) */
  atoms?: number;
}

/** The distribution: the charge and the first phase state by state, the later phases as a graph. */
export function exact(scenario: Scenario, opts: ExactOptions = {}): SimReport {
  // an edition with a fight of its own lists its endings itself (epic: editions/epic/fight.ts)
  const own = getEdition(scenario.rules).ownFights?.(scenario);
  if (own) {
    const agg = new Aggregate(limitsOf(scenario));
    own.enumerate((outcome, p, dice) => agg.add(outcome, 0, p * dice, p));
    return report(agg, { rules: scenario.rules, scenario: scenario.name, seed: null, partial: false, method: 'exact' });
  }
  refuseAtOnce(scenario, opts);
  const ruleset = getRuleset(scenario.rules);
  const state = new FightState(scenario, ruleset);
  const where = scenario.file ?? scenario.name;
  const chance = new EnumChance(where);
  const c = startFight(state, ruleset, chance, null);
  const limits = limitsOf(scenario);
  const e = new Enumeration(c, chance, where, { states: opts.states ?? STATE_BUDGET, nodes: opts.nodes ?? LATER_STATE_BUDGET, atoms: opts.atoms ?? ATOM_BUDGET }, limits);
  const agg = new Aggregate(limits);
  // the charge and the first phase; then the later phases, from the states that start the second
  const starts = new Starts();
  e.drain({
    end: (o, q) => agg.add(o, 0, 0, q, COUNTS | (o.phases >= 2 ? FIRST_PHASE : 0)),
    firstPhase: (o, q) => flushFirstPhase(agg, o, q),
    phaseStart: (d, n, q, whole, wholeN) => starts.add(d, n, q, e.beside.shift, whole, wholeN),
  });
  // a fight without a vehicle carries its totals beside only where that pays (exact/beside.ts)
  const carry = !e.beside.optional || Beside.worthCarrying(starts.folded.size, starts.whole.size);
  if (!carry) e.beside.drop();
  const later = new PhaseGraph(e, agg);
  starts.feed(later, e.beside.shift, carry);
  const tallies = e.tallies;
  later.run(c.rounds, tallies);
  const cells = agg.cells;
  cells.moraleTaken.n += tallies[MORALE_TAKEN]!;
  cells.moraleFailed.n += tallies[MORALE_FAILED]!;
  cells.sweepsAttempted.n += tallies[SWEEPS_ATTEMPTED]!;
  cells.sweepsCaught.n += tallies[SWEEPS_CAUGHT]!;
  cells.dice.n += tallies[DICE]!;
  cells.sweepWounds.n += tallies[SWEEP_WOUNDS]!;
  for (let k = 0; k < CHARGE_TALLIES.length; k++) cells.charge[CHARGE_TALLIES[k]!].n += tallies[CHARGE_AT + k]!;
  return report(agg, { rules: scenario.rules, scenario: scenario.name, seed: null, partial: false, method: 'exact' });
}

/**
 * Refuse before enumerating a combat whose estimated states (budget.ts `estimateStates`) are
 * far past what its budget holds: REFUSE_PAST times the nodes of the later phases' graph (for
 * a fight of one phase, the states at once), and as many times more as a larger budget was given.
 */
function refuseAtOnce(scenario: Scenario, opts: ExactOptions): void {
  const room = Math.max(1, (opts.nodes ?? LATER_STATE_BUDGET) / LATER_STATE_BUDGET, (opts.atoms ?? ATOM_BUDGET) / ATOM_BUDGET, (opts.states ?? STATE_BUDGET) / STATE_BUDGET);
  const budget = (scenario.rounds === 1 ? STATE_BUDGET : LATER_STATE_BUDGET) * room;
  const estimate = estimateStates(scenario);
  if (estimate > REFUSE_PAST * budget) {
    throw new TooLargeEstimate(tooLargeText(scenario.file ?? scenario.name, `about ${grouped(estimate)} states by its size, past the ${grouped(budget)} the budget holds`));
  }
}

/*
 * What a fight adds to the statistics is added as soon as it is known, and left out of the
 * states, so that fights that differ only in it are one state: the first phase's result and
 * wounds when the second phase starts, and the counts of Morale checks and sweeps as each
 * atom adds to them (a state keeps only whether there was one, for the "fights with" shares).
 */
function flushFirstPhase(agg: Aggregate, o: FightOutcome, q: number): void {
  agg.addOnly(o, q, FIRST_PHASE);
  o.firstResult = 'draw';
  o.firstWounds.attacker = o.firstWounds.defender = 0;
}

export { ATOM_BUDGET, estimateStates, LATER_STATE_BUDGET, STATE_BUDGET, TooLarge, TooLargeEstimate };

