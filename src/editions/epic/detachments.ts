// An epic scenario compiled once: each side's detachment as groups of units, and what the moves
// decide before any die is rolled (E4-E6): who reaches base contact, who supports, the totals.
// Nothing here changes during a fight.
import type { EpicDetachment, EpicProfile, Scenario, SideId } from '../../model.js';
import { GANG_UP, SUPPORT_RANGE } from './tables.js';

export interface EpicGroup {
  name: string;
  count: number;
  p: EpicProfile;
  /** cm to the nearest enemy unit before moving (attacker; the defender's are 0) */
  distance: number;
  /** units of it that reach base contact and go in (E4, E5) */
  reached: number;
  /** units of it in base contact */
  contact: number;
  /** units of it not in contact that support (E6) */
  support: number;
  /** cm to the enemy after moving, for its units not in contact (attacker) */
  to: number;
}

export interface EpicSide {
  side: SideId;
  name: string;
  det: EpicDetachment;
  groups: EpicGroup[];
  units: number;
  contact: number;
  support: number;
  /** the Assault values of the units in contact, the support, and the total after halving (E6) */
  contactSum: number;
  supportSum: number;
  total: number;
  /** psyker units in contact or supporting (E7) */
  psykers: number;
}

export interface EpicSides { attacker: EpicSide; defender: EpicSide }

const NO_DETACHMENT: EpicDetachment = { blastMarkers: 0, broken: false, unbreakable: false, noRetreat: false };

function sideOf(s: Scenario, side: SideId): EpicSide {
  const u = s[side].units[0]!;
  const groups: EpicGroup[] = u.models.map((g) => ({
    name: g.spec.name, count: g.count, p: g.spec.epic!, distance: side === 'attacker' ? (g.distance ?? 0) : 0,
    reached: 0, contact: 0, support: 0, to: 0,
  }));
  return {
    side, name: u.name, det: u.epic ?? NO_DETACHMENT, groups, units: groups.reduce((n, g) => n + g.count, 0),
    contact: 0, support: 0, contactSum: 0, supportSum: 0, total: 0, psykers: 0,
  };
}

/** E4-E6 worked out: the moves, base contact, support and totals. */
export function compileEpic(s: Scenario): EpicSides {
  const a = sideOf(s, 'attacker');
  const d = sideOf(s, 'defender');
  // E4: a unit reaches when its distance is at most its charge Speed
  for (const g of a.groups) g.reached = g.distance <= g.p.chargeSpeed ? g.count : 0;
  // E5: at most two per enemy unit; the best Assault values go in (equal values in scenario order)
  let room = GANG_UP * d.units;
  const byAssault = [...a.groups].sort((x, y) => y.p.assault - x.p.assault);
  for (const g of byAssault) {
    g.contact = Math.min(g.reached, room);
    room -= g.contact;
  }
  a.contact = a.groups.reduce((n, g) => n + g.contact, 0);
  // the others move their ordinary Speed towards the enemy; within 15 cm they support
  for (const g of a.groups) {
    // to a billionth of a cm, so that 25.1 - 10.1 is 15 (not 15.000000000000002), while 15.0000004 stays beyond 15
    g.to = Math.round(Math.max(g.distance - g.p.speed, 0) * 1e9) / 1e9;
    g.support = g.to <= SUPPORT_RANGE ? g.count - g.contact : 0;
  }
  // E5: one attacker per defender unit before any second, defender units in scenario order
  let left = Math.min(a.contact, d.units);
  for (const g of d.groups) {
    g.contact = Math.min(g.count, left);
    left -= g.contact;
    // E6 (no board): every defender unit not in contact is within 15 cm
    g.support = g.count - g.contact;
  }
  d.contact = Math.min(a.contact, d.units);
  for (const side of [a, d]) {
    side.support = side.groups.reduce((n, g) => n + g.support, 0);
    side.contactSum = side.groups.reduce((n, g) => n + g.contact * g.p.assault, 0);
    side.supportSum = side.groups.reduce((n, g) => n + g.support * (g.p.closeSupport ? g.p.firepower : 1), 0);
    const raw = side.contactSum + side.supportSum;
    side.total = side.det.broken ? Math.ceil(raw / 2) : raw;
    side.psykers = side.groups.reduce((n, g) => n + (g.p.psyker ? g.contact + g.support : 0), 0);
  }
  return { attacker: a, defender: d };
}

/** E14: the orders in which hits take a side's groups, as indices into its groups. */
export interface HitOrders {
  /** hits on a loser that will retreat: groups of ordinary Speed above 0 (which the retreat would not destroy) first, then the highest Assault value first */
  clearFirst: number[];
  /** every other hit: the highest Assault value first */
  byAssault: number[];
}

/** E14: `s`'s hit orders; equal groups keep scenario order (the sort is stable). */
export function hitOrder(s: EpicSide): HitOrders {
  const idx = s.groups.map((_, i) => i);
  const assault = (i: number) => s.groups[i]!.p.assault;
  const stays = (i: number) => (s.groups[i]!.p.speed > 0 ? 0 : 1);
  return {
    clearFirst: [...idx].sort((x, y) => stays(x) - stays(y) || assault(y) - assault(x)),
    byAssault: [...idx].sort((x, y) => assault(y) - assault(x)),
  };
}
