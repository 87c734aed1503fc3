// Distinct fight outcomes, numbered once. Fights end in far fewer ways than there are runs (a
// few thousand ways in a million fights of 10 Marines against 10 Boyz), so `sim` counts each
// way once per run and adds it to the statistics with its count (report/aggregate.ts), and `exact`
// sums the probability of each way over a phase (exact/ends.ts). The key is every figure of a
// FightOutcome, so outcomes with one key read alike to every statistic.
import { copyOutcome, type FightOutcome } from '../engine/fight.js';
import { StateTable } from './state-table.js';
import { ENDS, FATES } from './fates.js';

const WINNERS = ['attacker', 'defender', null] as const;
const FIRST = ['attacker', 'defender', 'draw', 'none'] as const;

export class OutcomeIds {
  /** each outcome's key, numbered once */
  private readonly known = new StateTable();
  private readonly key: number[] = [];
  /** an outcome of this fight, to fill from a key (`outcome`): the first seen, copied */
  private shape: FightOutcome | null = null;

  /** `phases`: the phase count is part of the key (exact leaves it out: it sets it for each phase) */
  constructor(private readonly phases = true) {}

  get size(): number {
    return this.known.size;
  }

  /** The number of the outcome `o` (copied when new). */
  id(o: FightOutcome): number {
    const k = this.key;
    let i = 0;
    k[i++] = ENDS.indexOf(o.end);
    k[i++] = WINNERS.indexOf(o.winner);
    k[i++] = FIRST.indexOf(o.firstResult);
    k[i++] = this.phases ? o.phases : 0;
    k[i++] = o.firstWounds.attacker;
    k[i++] = o.firstWounds.defender;
    k[i++] = o.totalWounds.attacker;
    k[i++] = o.totalWounds.defender;
    k[i++] = o.moraleTaken;
    k[i++] = o.moraleFailed;
    k[i++] = o.sweepsAttempted;
    k[i++] = o.sweepsCaught;
    k[i++] = o.sweepWounds;
    k[i++] = o.survivors.attacker.models;
    k[i++] = o.survivors.attacker.wounds;
    k[i++] = o.survivors.defender.models;
    k[i++] = o.survivors.defender.wounds;
    const ch = o.charge;
    k[i++] = ch.overwatchFired;
    k[i++] = ch.fellBack;
    k[i++] = ch.evaded;
    k[i++] = ch.overwatchWounds;
    k[i++] = ch.fieryWounds;
    k[i++] = ch.finalBlowAttacks;
    const units = o.units;
    for (let u = 0; u < units.length; u++) {
      k[i++] = FATES.indexOf(units[u]!.fate);
      k[i++] = units[u]!.survivors;
      const v = units[u]!.vehicle;
      if (v) {
        k[i++] = v.flags;
        k[i++] = v.glancing;
        k[i++] = v.penetrating;
        k[i++] = v.gunsWrecked;
      }
    }
    const t = o.epic;
    if (t) {
      k[i++] = t.moved;
      k[i++] = t.unitsInContact;
      k[i++] = t.supporting.attacker;
      k[i++] = t.supporting.defender;
      k[i++] = t.resolutionRolls;
      k[i++] = t.markersPlaced.attacker;
      k[i++] = t.markersPlaced.defender;
      k[i++] = t.unitsDestroyed.attacker;
      k[i++] = t.unitsDestroyed.defender;
      k[i++] = t.broken.attacker;
      k[i++] = t.broken.defender;
    }
    const id = this.known.add(k, i);
    if (this.known.added) this.shape ??= copyOutcome(o);
    return id;
  }

  /** Outcome `id`, read back from its key into an object of this fight's (the same one each call: use it before the next). */
  outcome(id: number): FightOutcome {
    const k = this.known.view(id);
    const o = this.shape!;
    let i = 0;
    o.end = ENDS[k[i++]!]!;
    o.winner = WINNERS[k[i++]!]!;
    o.firstResult = FIRST[k[i++]!]!;
    o.phases = k[i++]!;
    o.firstWounds.attacker = k[i++]!;
    o.firstWounds.defender = k[i++]!;
    o.totalWounds.attacker = k[i++]!;
    o.totalWounds.defender = k[i++]!;
    o.moraleTaken = k[i++]!;
    o.moraleFailed = k[i++]!;
    o.sweepsAttempted = k[i++]!;
    o.sweepsCaught = k[i++]!;
    o.sweepWounds = k[i++]!;
    o.survivors.attacker.models = k[i++]!;
    o.survivors.attacker.wounds = k[i++]!;
    o.survivors.defender.models = k[i++]!;
    o.survivors.defender.wounds = k[i++]!;
    const ch = o.charge;
    ch.overwatchFired = k[i++]!;
    ch.fellBack = k[i++]!;
    ch.evaded = k[i++]!;
    ch.overwatchWounds = k[i++]!;
    ch.fieryWounds = k[i++]!;
    ch.finalBlowAttacks = k[i++]!;
    const units = o.units;
    for (let u = 0; u < units.length; u++) {
      units[u]!.fate = FATES[k[i++]!]!;
      units[u]!.survivors = k[i++]!;
      const v = units[u]!.vehicle;
      if (v) {
        v.flags = k[i++]!;
        v.glancing = k[i++]!;
        v.penetrating = k[i++]!;
        v.gunsWrecked = k[i++]!;
      }
    }
    const t = o.epic;
    if (t) {
      t.moved = k[i++]!;
      t.unitsInContact = k[i++]!;
      t.supporting.attacker = k[i++]!;
      t.supporting.defender = k[i++]!;
      t.resolutionRolls = k[i++]!;
      t.markersPlaced.attacker = k[i++]!;
      t.markersPlaced.defender = k[i++]!;
      t.unitsDestroyed.attacker = k[i++]!;
      t.unitsDestroyed.defender = k[i++]!;
      t.broken.attacker = k[i++]!;
      t.broken.defender = k[i++]!;
    }
    return o;
  }
}
