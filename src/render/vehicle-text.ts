// The fight log's words for vehicles and walkers (../shared/rules/vehicles.md): how they are hit,
// every penetration roll, every damage die and what it did.
import type { ChalkInstance } from 'chalk';
import { damageResult, type DamageResult } from '../armour.js';
import type { FightEvent, ProfileData, VehicleData } from '../engine/events.js';
import { rerolledText } from './effects-text.js';
import type { SimReport, VehicleReport } from '../report/aggregate.js';

type VehicleEvent = Extract<FightEvent, { type: 'vehicleAttacks' | 'penetration' | 'damage' | 'vehicleDamage' | 'vehicleLeaves' }>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A damage result in words. */
export const RESULT_WORDS: Readonly<Record<DamageResult, string>> = {
  shaken: 'shaken', stunned: 'stunned', gunWrecked: 'gun wrecked', immobilised: 'immobilised', destroyed: 'destroyed',
  stunnedGunWrecked: 'stunned + gun wrecked', stunnedImmobilised: 'stunned + immobilised', explodes: 'explodes (destroyed)',
};

const MOVED_WORDS: Record<string, string> = {
  stationary: 'it is stationary: every attack hits (no roll)', combat: 'it moved at combat speed: 4+', fast: 'it moved fast: 6',
};

/** A vehicle's profile line in the log's header. */
export function vehicleProfileText(v: VehicleData, p: ProfileData): string {
  const armour = `Armour ${v.front}/${v.side}/${v.rear}`;
  const types = v.types.length > 0 ? ` (${v.types.join(', ')})` : '';
  return v.kind === 'walker' ? `walker WS${p.WS} BS${v.BS} S${p.S} ${armour} I${p.I} A${p.A}${types}` : `vehicle BS${v.BS} ${armour}${types}`;
}

function faces(rolls: number[], c: ChalkInstance, need: number): string {
  return rolls.length === 0 ? '-' : rolls.map((r) => (r >= need ? c.green(String(r)) : c.dim(String(r)))).join(' ');
}

export function renderVehicleEvent(e: VehicleEvent, c: ChalkInstance): string[] {
  switch (e.type) {
    case 'vehicleAttacks': {
      const what = e.grenade ? `1 grenade attack each (${plural(e.attacks, 'attack')}) with ${e.weapon}` : `${plural(e.attacks, 'attack')}${e.weapon ? ` with ${e.weapon}` : ''}`;
      const head = `  ${e.count} x ${e.model} (${e.unit}) -> ${e.target}: ${what}`;
      // the dice an ability had rolled again (abilities.md B2)
      const re = e.hitRerolls ? rerolledText(e.rolls, e.need, e.hitRerolls, e.hitRerollOnes === true, e.hitRerollBy ?? [], c) : '';
      if (e.walker) {
        if (e.need === 0) return [head, `    to hit WS${e.ws} vs WS${e.targetWs}: WS 0 cannot hit -> 0 hits`];
        const how = e.hitOnBy ? `: hits on ${e.need}+ (${e.hitOnBy.join(', ')})` : ` WS${e.ws} vs WS${e.targetWs}: ${e.need}+`;
        return [head, `    to hit${how}  ${faces(e.rolls, c, e.need)}${re} -> ${plural(e.hits, 'hit')}`];
      }
      const how = e.need === 0 && e.moved !== 'stationary' ? 'it is immobilised: every attack hits (no roll)' : MOVED_WORDS[e.moved ?? 'stationary']!;
      return [head, `    to hit a vehicle: ${how}${e.need > 0 ? `  ${faces(e.rolls, c, e.need)}${re}` : ''} -> ${plural(e.hits, 'hit')}`];
    }
    case 'penetration': {
      const dice = `${e.dice === 1 ? 'D6' : `${e.dice}D6`}${e.rending ? ' (rending: +D6 on a 6)' : ''}`;
      const plus = `S${e.strength}${e.tankHunters ? ` +${e.tankHunters} tank hunters` : ''}`;
      const rolls = e.rolls.map((r) => {
        const total = r.reduce((a, b) => a + b, 0) + e.strength + e.tankHunters;
        const mark = total > e.armour ? c.green(`${total} penetrating`) : total === e.armour ? c.yellow(`${total} glancing`) : c.dim(String(total));
        return `${r.join('+')}=${mark}`;
      });
      return [
        `    armour penetration ${dice} + ${plus} vs ${e.facing} armour ${e.armour}: ${rolls.join(', ')}`,
        `      -> ${plural(e.glancing, 'glancing hit')}, ${plural(e.penetrating, 'penetrating hit')}`,
      ];
    }
    case 'damage': {
      const shift = e.shift > 0 ? ` (open-topped: +${e.shift})` : '';
      const dice = e.rolls.map((r, i) => {
        const pen = i >= e.glancing;
        return `${pen ? 'penetrating' : 'glancing'} ${r}${e.shift > 0 ? `+${e.shift}` : ''}: ${RESULT_WORDS[damageResult(r, pen, e.shift)]}`;
      });
      return [`    damage to ${e.unit}${shift}: ${dice.join('; ')}`];
    }
    case 'vehicleDamage': {
      if (e.destroyed) return [c.red(`    ${e.unit}: ${e.explodes ? 'explodes: destroyed' : 'destroyed'}`)];
      const parts = [e.shaken ? 'shaken' : '', e.stunned ? 'stunned' : '', e.gunsWrecked > 0 ? `${plural(e.gunsWrecked, 'gun wrecked result')}` : '', e.immobilised ? 'immobilised' : ''].filter(Boolean);
      return [`    ${e.unit}: ${parts.join(', ')}`];
    }
    case 'vehicleLeaves':
      return [`${e.unit} (${e.side}) is a vehicle, not a walker: never locked in close combat, it drives off and leaves the combat (V10): the result does not beat it, and a fight against it alone ends with no winner unless it is destroyed`];
  }
}

/** The damage table (002, V8) as `assault rules` prints it. */
export function damageTable(): string[] {
  const rows = [1, 2, 3, 4, 5, 6].map((f) => `${String(f).padStart(4)} | ${RESULT_WORDS[damageResult(f, false, 0)].padEnd(22)}| ${RESULT_WORDS[damageResult(f, true, 0)]}`);
  return ['Vehicle damage table (one D6 for each glancing or penetrating hit; open-topped +1, 6 the highest row)', '  D6 | glancing hit          | penetrating hit', ...rows];
}

/** The vehicle rulings (../shared/rules/vehicles.md V1-V16), for every ruleset that has vehicles. */
export const VEHICLE_RULINGS: readonly string[] = [
  'Vehicles and walkers (../shared/rules/vehicles.md):',
  'V1 A vehicle (type: vehicle) or walker (type: walker) has a vehicle profile { BS, front, side, rear } (a walker adds WS, S, I, A), no T, W, Sv or Ld, and is a unit of its own; types: fast, tank, skimmer change nothing in close combat, open-topped adds 1 to its damage dice.',
  'V2-V3 A vehicle that is not a walker is hit by how far it moved: stationary (the default, or immobilised from the next phase) automatically, combat 4+, fast 6. A walker is hit on the WS chart.',
  'V4-V5 Close combat hits strike a vehicle\'s rear armour and a walker\'s front.',
  'V6 Penetration: D6 + the blow\'s Strength against the armour: more penetrates, equal glances. 2D6 for a monstrous creature, a chainfist and melta bombs; a rending 6 adds one more D6 (never two); tank hunters +1. Power weapons, force weapons and the like change nothing against armour; supporting models strike at their own Strength.',
  'V7 A model with krak grenades (S6) or melta bombs (S8, 2D6) makes one grenade attack at its own Initiative instead of its attacks when that is expected to glance or penetrate more often; on a tie it makes its attacks.',
  'V8 One damage die for each glancing or penetrating hit; the hits of one Initiative step apply together, and a vehicle destroyed in a step takes no more attacks. Shaken and stunned last through the vehicle\'s next assault phase; immobilised and wrecked guns for the rest of the fight. A walker loses a close combat weapon (its Dreadnought close combat weapon first) to each gun wrecked result, from its next phase.',
  'V9 A walker fights as infantry does (charge bonus and second weapon as this ruleset gives them); a Dreadnought close combat weapon doubles its Strength (at most 10) with no armour save; stunned or immobilised, one attack fewer (at least one) from the step after.',
  'V10 Each glancing or penetrating hit on a walker counts as a wound for the assault result. A vehicle that is not a walker is never locked: after the phase the fight ends destroyed (the attackers win) or disengaged (no winner).',
  'V11-V12 Vehicles and walkers take no Morale tests; a walker that loses stays locked. A walker that wins may sweep unless stunned or immobilised; a vehicle is never swept.',
  'V13-V14 A squadron is several units. sim and exact report vehicle.destroyed, explodes, immobilised, stunned, shaken, gunWrecked, unharmed and the glancing, penetrating and gunsWrecked distributions (units.<name>.vehicle with several vehicles).',
];

/** Every vehicle of a report: the one under `vehicle`, or each under its unit. */
export function vehiclesOf(r: SimReport): VehicleReport[] {
  if (r.vehicle) return [r.vehicle];
  return (r.units ?? []).flatMap((u) => (u.vehicle ? [u.vehicle] : []));
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A vehicle's fate in words (the text report and the HTML page). */
export function vehicleFate(v: VehicleReport, exact: boolean): string {
  const states = ([['immobilised', v.immobilised], ['stunned', v.stunned], ['shaken', v.shaken], ['with a gun wrecked', v.gunWrecked]] as const)
    .filter(([, p]) => p > 0).map(([what, p]) => `${what} ${pct(p)}`);
  const how = exact ? 'probability' : 'of the fights';
  return `${v.name} (${v.side}): destroyed ${pct(v.destroyed)}${v.explodes > 0 ? ` (it explodes in ${pct(v.explodes)})` : ''}; ` +
    `${states.length ? `left ${states.join(', ')}; ` : ''}untouched ${pct(v.unharmed)} (${how}). ` +
    `Per fight: ${v.glancing.mean.toFixed(2)} glancing hits, ${v.penetrating.mean.toFixed(2)} penetrating hits, ${v.gunsWrecked.mean.toFixed(2)} gun wrecked results.`;
}
