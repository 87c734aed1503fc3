// The epic ruleset's rules (rules/epic.md E3-E13), each with scripted dice.
import { describe, expect, it } from 'vitest';
import { EpicFights } from '../src/editions/epic/fight.js';
import { detachment, epicScenario, epicScripted, ofType, type G } from './epic-build.js';

const marines = (n = 2, det = {}, extra: Partial<G> = {}) => detachment('Marines', [{ name: 'Marine', count: n, speed: [10, 20], assault: 4, distance: 0, ...extra }], det);
const orks = (n = 2, det = {}, extra: Partial<G> = {}) => detachment('Orks', [{ name: 'Boy', count: n, speed: [10, 20], assault: 3, ...extra }], det, false);
const far = (n: number, det = {}) => detachment('Marines', [{ name: 'Marine', count: n, speed: [10, 20], assault: 4, distance: 50 }], det);

describe('E3 the Leadership test', () => {
  it('is not taken with no Blast markers', () => {
    const r = epicScripted(epicScenario(far(2), orks()), []);
    expect(ofType(r.events, 'leadership')).toEqual([]);
    expect(r.outcome.end).toBe('chargeFailed');
    expect(r.outcome.epic!.moved).toBe(1);
  });
  it('with 3 Blast markers fails on a 3 and passes on a 4', () => {
    const fail = epicScripted(epicScenario(far(2, { blastMarkers: 3 }), orks()), [3]);
    expect(ofType(fail.events, 'leadership')[0]!.passed).toBe(false);
    expect(ofType(fail.events, 'move')).toEqual([]);
    expect(fail.outcome.end).toBe('chargeFailed');
    expect(fail.outcome.epic!.moved).toBe(0);
    const pass = epicScripted(epicScenario(far(2, { blastMarkers: 3 }), orks()), [4]);
    expect(ofType(pass.events, 'leadership')[0]!.passed).toBe(true);
    expect(pass.outcome.epic!.moved).toBe(1);
  });
  it('with 5 Blast markers fails on a 5; a 6 always passes, even against 7', () => {
    expect(epicScripted(epicScenario(far(2, { blastMarkers: 5 }), orks()), [5]).outcome.epic!.moved).toBe(0);
    expect(epicScripted(epicScenario(far(2, { blastMarkers: 5 }), orks()), [6]).outcome.epic!.moved).toBe(1);
    expect(epicScripted(epicScenario(far(2, { blastMarkers: 7 }), orks()), [6]).outcome.epic!.moved).toBe(1);
  });
  it('adds 1 with 15 units or more', () => {
    expect(epicScripted(epicScenario(far(15, { blastMarkers: 3 }), orks()), [3]).outcome.epic!.moved).toBe(1);
    expect(epicScripted(epicScenario(far(14, { blastMarkers: 3 }), orks()), [3]).outcome.epic!.moved).toBe(0);
  });
});

describe('E4 moves', () => {
  const at = (d: number) => detachment('Marines', [{ name: 'Marine', count: 1, speed: [10, 20], assault: 4, distance: d }]);
  it('reaches at exactly the charge Speed', () => {
    const r = epicScripted(epicScenario(at(20), orks(1)), [4, 1, 6, 1]);
    expect(ofType(r.events, 'move')[0]).toMatchObject({ reaches: true, inContact: 1 });
    expect(r.outcome.epic!.unitsInContact).toBe(1);
  });
  it('misses by 0.1 cm: moves its ordinary Speed; within 15 cm it supports, but not when nobody is in contact (no close combat)', () => {
    const r = epicScripted(epicScenario(at(20.1), orks(1)), []);
    expect(ofType(r.events, 'move')[0]).toMatchObject({ reaches: false, inContact: 0, to: 10.1, supporting: 0 });
    expect(ofType(r.events, 'contact')[0]).toMatchObject({ attacker: [], supporting: { attacker: [], defender: [] } });
    const beside = detachment('Marines', [{ name: 'In', count: 1, speed: [10, 20], assault: 4, distance: 0 }, { name: 'Late', count: 1, speed: [10, 20], assault: 4, distance: 20.1 }]);
    const f = new EpicFights(epicScenario(beside, orks(1)), 'epic', 'Epic');
    expect(f.sides.attacker.groups[1]).toMatchObject({ contact: 0, to: 10.1, support: 1 });
    expect(r.outcome.end).toBe('chargeFailed');
    expect(r.outcome.winner).toBeNull();
    expect(r.outcome.epic).toMatchObject({ moved: 1, unitsInContact: 0, resolutionRolls: 0, supporting: { attacker: 0, defender: 0 } });
  });
  it('uses the Speed of a unit with no split Speed', () => {
    const r = epicScripted(epicScenario(detachment('Tanks', [{ name: 'Tank', count: 1, speed: 20, assault: 2, distance: 20.1 }]), orks(1)), []);
    expect(ofType(r.events, 'move')[0]).toMatchObject({ reaches: false, to: 0.1, supporting: 0 });
  });
});

describe('E5 ganging up', () => {
  it('puts at most two on each enemy unit, the best Assault values in', () => {
    const a = detachment('Mixed', [
      { name: 'Two', count: 1, assault: 2, distance: 0 }, { name: 'Five', count: 2, assault: 5, distance: 0 },
      { name: 'Three', count: 1, assault: 3, distance: 0 }, { name: 'One', count: 1, assault: 1, distance: 0 },
    ]);
    const f = new EpicFights(epicScenario(a, orks(2)), 'epic', 'Epic');
    const s = f.sides.attacker;
    expect(s.groups.map((g) => g.contact)).toEqual([1, 2, 1, 0]);
    expect(s.groups.map((g) => g.support)).toEqual([0, 0, 0, 1]);
    expect(s.contactSum).toBe(2 + 10 + 3);
    expect(s.total).toBe(16);
    expect(f.sides.defender.contact).toBe(2);
  });
  it('spreads one per enemy unit before any second; the defender units in scenario order', () => {
    const f = new EpicFights(epicScenario(marines(3), detachment('Orks', [{ name: 'Boy', count: 2, assault: 3 }, { name: 'Nob', count: 2, assault: 5 }], {}, false)), 'epic', 'Epic');
    expect(f.sides.defender.groups.map((g) => [g.contact, g.support])).toEqual([[2, 0], [1, 1]]);
    expect(f.sides.defender.total).toBe(3 + 3 + 5 + 1);
  });
  it('takes equal Assault values in scenario order', () => {
    const a = detachment('Twins', [{ name: 'X', count: 2, assault: 3, distance: 0 }, { name: 'Y', count: 2, assault: 3, distance: 0 }]);
    const f = new EpicFights(epicScenario(a, orks(1)), 'epic', 'Epic');
    expect(f.sides.attacker.groups.map((g) => g.contact)).toEqual([2, 0]);
  });
});

describe('E6 totals', () => {
  it('adds +1 a supporting unit, Firepower for Close Support, Assault for Close Support in contact; nothing beyond 15 cm', () => {
    const a = detachment('Mixed', [
      { name: 'Marine', count: 2, assault: 4, distance: 0 },
      { name: 'Dread', count: 1, assault: 1, firepower: 5, closeSupport: true, distance: 0 },
      { name: 'Whirlwind', count: 1, assault: 1, firepower: 3, closeSupport: true, speed: 20, distance: 30 },
      { name: 'Scout', count: 1, assault: 2, speed: 10, distance: 25 },
      { name: 'Far', count: 1, assault: 2, speed: 10, distance: 40 },
    ]);
    const f = new EpicFights(epicScenario(a, orks(3)), 'epic', 'Epic');
    const s = f.sides.attacker;
    expect(s.contactSum).toBe(4 + 4 + 1);
    expect(s.supportSum).toBe(3 + 1);
    expect(s.support).toBe(2);
    expect(s.total).toBe(13);
  });
  it('halves a Broken total, rounding up', () => {
    const a = detachment('Marines', [{ name: 'M', count: 1, assault: 7, distance: 0 }], { broken: true });
    const d = detachment('Orks', [{ name: 'B', count: 1, assault: 4 }, { name: 'G', count: 1, assault: 0 }], { broken: true }, false);
    const f = new EpicFights(epicScenario(a, d), 'epic', 'Epic');
    expect(f.sides.attacker.total).toBe(4);
    expect(f.sides.defender.total).toBe(3);
  });
});

describe('E7 bonuses', () => {
  const totals = (x: number, y: number) => new EpicFights(epicScenario(
    detachment('A', [{ count: 1, assault: x, distance: 0 }]), detachment('D', [{ count: 1, assault: y }], {}, false)), 'epic', 'Epic');
  it.each([[8, 8, 0], [9, 8, 1], [16, 8, 2], [23, 8, 2], [24, 8, 3], [31, 8, 3], [32, 8, 4], [5, 0, 4], [0, 0, 0], [0, 3, 0]])('totals %i against %i: +%i', (x, y, b) => {
    expect(totals(x, y).bonus('attacker', { attacker: 0, defender: 0 }).totals).toBe(b);
  });
  it('+1 against 5 or more Blast markers, +1 against more Blast markers', () => {
    const f = totals(4, 4);
    expect(f.bonus('attacker', { attacker: 0, defender: 5 })).toMatchObject({ enemyMarkers: 1, moreMarkers: 1, bonus: 2 });
    expect(f.bonus('attacker', { attacker: 0, defender: 4 })).toMatchObject({ enemyMarkers: 0, moreMarkers: 1, bonus: 1 });
    expect(f.bonus('attacker', { attacker: 5, defender: 5 })).toMatchObject({ enemyMarkers: 1, moreMarkers: 0, bonus: 1 });
    expect(f.bonus('defender', { attacker: 5, defender: 5 })).toMatchObject({ enemyMarkers: 1, moreMarkers: 0, bonus: 1 });
  });
  it('+1 for more psykers in contact or supporting (none out of range)', () => {
    const a = detachment('A', [{ count: 1, assault: 4, distance: 0 }, { name: 'Librarian', count: 1, assault: 2, psyker: true, distance: 30, speed: 20 }]);
    const f = new EpicFights(epicScenario(a, orks(1)), 'epic', 'Epic');
    expect(f.bonus('attacker', { attacker: 0, defender: 0 }).psykers).toBe(1);
    const away = detachment('A', [{ count: 1, assault: 4, distance: 0 }, { name: 'Librarian', count: 1, assault: 2, psyker: true, distance: 60, speed: 20 }]);
    expect(new EpicFights(epicScenario(away, orks(1)), 'epic', 'Epic').bonus('attacker', { attacker: 0, defender: 0 }).psykers).toBe(0);
    const both = new EpicFights(epicScenario(a, orks(1, {}, { psyker: true })), 'epic', 'Epic');
    expect(both.bonus('attacker', { attacker: 0, defender: 0 }).psykers).toBe(0);
  });
});

describe('E8 ties', () => {
  it('put a Blast marker on each detachment and roll again, the bonuses worked out again: a chain to 5 markers', () => {
    const a = detachment('A', [{ count: 1, assault: 4, distance: 0 }]);
    const d = detachment('D', [{ count: 1, assault: 4 }], {}, false);
    const r = epicScripted(epicScenario(a, d), [3, 3, 2, 2, 4, 4, 1, 1, 6, 6, 5, 2, 4, 2]);
    const rolls = ofType(r.events, 'rolloff');
    expect(rolls.map((x) => x.winner)).toEqual([null, null, null, null, null, 'attacker']);
    expect(rolls[4]!.blastMarkers).toEqual({ attacker: 5, defender: 5 });
    expect(rolls[5]).toMatchObject({ attackerBonus: 1, defenderBonus: 1 });
    expect(rolls[4]).toMatchObject({ attackerBonus: 0, defenderBonus: 0 });
    expect(ofType(r.events, 'closeResult')[0]).toMatchObject({ difference: 3, result: 'drivenOff', blastMarkers: 1 });
    expect(r.outcome.epic).toMatchObject({ resolutionRolls: 6, markersPlaced: { attacker: 5, defender: 6 } });
    expect(r.outcome.end).toBe('destroyed');
    expect(r.outcome.winner).toBe('attacker');
    expect(r.outcome.firstResult).toBe('attacker');
  });
});

describe('E9 the result table', () => {
  const one = () => epicScenario(detachment('A', [{ count: 1, assault: 4, distance: 0 }]), detachment('D', [{ count: 1, assault: 4 }], {}, false));
  it.each([
    [1, 'narrowWin', 4, 4], [2, 'forcedBack', 3, 4], [3, 'drivenOff', 3, 5], [4, 'hurledBack', 2, 5], [5, 'overwhelmed', 2, 6],
  ] as const)('a difference of %i: %s, %i+ / %i+', (d, name, w, l) => {
    // the winner's die misses, the loser's misses: both sides keep their unit, the loser retreats
    const r = epicScripted(one(), [1 + d, 1, w - 1, l - 1]);
    expect(ofType(r.events, 'closeResult')[0]).toMatchObject({ difference: d, result: name, winnerNeeds: w, loserNeeds: l, blastMarkers: 1 });
    expect(ofType(r.events, 'hits').map((h) => h.need)).toEqual([w, l]);
    expect(r.outcome.end).toBe('fellBack');
  });
  it('reads a difference above 5 on row 5, and the loser takes the full difference', () => {
    const a = detachment('A', [{ count: 9, assault: 8, distance: 0 }]);
    const d = detachment('D', [{ count: 9, assault: 2 }], {}, false);
    const r = epicScripted(epicScenario(a, d), [6, 1, ...Array(9).fill(1), ...Array(9).fill(5)]);
    expect(ofType(r.events, 'closeResult')[0]).toMatchObject({ difference: 9, result: 'overwhelmed', winnerNeeds: 2, loserNeeds: 6, blastMarkers: 9 });
    expect(r.outcome.epic!.markersPlaced.defender).toBe(9);
  });
  it('caps the Blast markers at the loser\'s units in base contact; hits past its units in contact are lost', () => {
    const a = detachment('A', [{ count: 3, assault: 4, distance: 0 }]);
    const d = detachment('D', [{ count: 1, assault: 1 }], {}, false);
    const r = epicScripted(epicScenario(a, d), [6, 1, 5, 6, 6]);
    expect(ofType(r.events, 'closeResult')[0]).toMatchObject({ difference: 9, blastMarkers: 1, cap: 1 });
    expect(ofType(r.events, 'hits')[0]).toMatchObject({ hits: 2, lost: 1 });
    expect(r.outcome.epic!.markersPlaced.defender).toBe(1);
    expect(r.outcome.firstWounds.attacker).toBe(1);
    expect(r.outcome.end).toBe('destroyed');
  });
});

describe('E10-E11 hits and the loser', () => {
  it('hits go one per unit in contact, both sides roll; a winner wiped out by hits loses', () => {
    const a = detachment('A', [{ count: 1, assault: 4, distance: 0 }]);
    const d = detachment('D', [{ count: 2, assault: 1 }], {}, false);
    // attacker 4+1 (totals 4 against 2: +2) = 6... wins by 4: 2+ / 5+; its die misses, the defender's hits
    const r = epicScripted(epicScenario(a, d), [4, 2, 1, 6]);
    expect(r.outcome.firstResult).toBe('attacker');
    expect(r.outcome.end).toBe('destroyed');
    expect(r.outcome.winner).toBe('defender');
    expect(r.outcome.epic!.broken).toEqual({ attacker: 0, defender: 1 });
  });
  it('the loser\'s units of Speed 0 are destroyed by its retreat; those that can move get clear', () => {
    const d = detachment('Orks', [{ name: 'Boy', count: 1, assault: 3 }, { name: 'Gun', count: 2, assault: 0, speed: 0 }], {}, false);
    // attacker 4 against 3+2: defender +1; 6 against 1+1: attacker by 4
    const r = epicScripted(epicScenario(marines(1), d), [6, 1, 1, 1]);
    expect(ofType(r.events, 'retreat')[0]).toMatchObject({ destroyed: [{ group: 'Gun', count: 2 }], left: 1 });
    expect(r.outcome.end).toBe('fellBack');
    expect(r.outcome.epic!.unitsDestroyed.defender).toBe(2);
    expect(r.outcome.firstWounds.attacker).toBe(0);
    const guns = detachment('Guns', [{ name: 'Gun', count: 2, assault: 0, speed: 0 }], {}, false);
    const s = epicScripted(epicScenario(marines(1), guns), [6, 1, 1, 1]);
    expect(s.outcome.end).toBe('swept');
    expect(s.outcome.winner).toBe('attacker');
    expect(s.outcome.survivors.defender.models).toBe(0);
  });
  it('unbreakable: not Broken, still retreats', () => {
    const d = detachment('Orks', [{ name: 'Boy', count: 1, assault: 3 }, { name: 'Gun', count: 2, assault: 0, speed: 0 }], { unbreakable: true }, false);
    const r = epicScripted(epicScenario(marines(1), d), [6, 1, 1, 1]);
    expect(r.outcome.end).toBe('fellBack');
    expect(r.outcome.epic!.broken.defender).toBe(0);
    expect(r.outcome.epic!.unitsDestroyed.defender).toBe(2);
  });
  it('no-retreat: Broken, stays, loses nothing to a retreat: locked, no winner', () => {
    const d = detachment('Orks', [{ name: 'Boy', count: 1, assault: 3 }, { name: 'Gun', count: 2, assault: 0, speed: 0 }], { noRetreat: true }, false);
    const r = epicScripted(epicScenario(marines(1), d), [6, 1, 1, 1]);
    expect(r.outcome.end).toBe('locked');
    expect(r.outcome.winner).toBeNull();
    expect(r.outcome.firstResult).toBe('attacker');
    expect(r.outcome.epic!.broken.defender).toBe(1);
    expect(r.outcome.epic!.unitsDestroyed.defender).toBe(0);
    const both = detachment('Orks', [{ name: 'Boy', count: 1, assault: 3 }], { noRetreat: true, unbreakable: true }, false);
    const u = epicScripted(epicScenario(marines(1), both), [6, 1, 1, 1]);
    expect(u.outcome.end).toBe('locked');
    expect(u.outcome.epic!.broken.defender).toBe(0);
  });
  it('an attacker that loses: its Speed-0 units in contact or supporting are destroyed, the winner does not move', () => {
    const a = detachment('A', [{ name: 'Marine', count: 1, assault: 1, distance: 0 }, { name: 'Bunker', count: 1, assault: 0, speed: 0, distance: 10 }]);
    const d = detachment('D', [{ count: 1, assault: 4 }], {}, false);
    // 1+1 support = 2 against 4: the defender +2; 1 against 6+2: the defender by 7
    const r = epicScripted(epicScenario(a, d), [1, 6, 1, 1]);
    expect(ofType(r.events, 'retreat')[0]).toMatchObject({ side: 'attacker', destroyed: [{ group: 'Bunker', count: 1 }], left: 1 });
    expect(r.outcome.winner).toBe('defender');
    expect(r.outcome.end).toBe('fellBack');
    expect(r.outcome.epic!.broken.attacker).toBe(1);
  });
});

describe('E14 the side that scores the hits allocates them', () => {
  // the defender, in every order of its groups: a gun of Speed 0 with the best Assault, a Nob and a Boy that can move
  const gun = { name: 'Gun', count: 1, assault: 5, speed: 0 };
  const nob = { name: 'Nob', count: 1, assault: 4, speed: 10 };
  const boy = { name: 'Boy', count: 1, assault: 3, speed: 10 };
  const orders = [[gun, nob, boy], [gun, boy, nob], [nob, gun, boy], [nob, boy, gun], [boy, gun, nob], [boy, nob, gun]];
  // 3 Marines (12) against 5 + 4 + 3 = 12: no bonus; 6 against 1: the attacker by 5, hits on 2+, the defender's on 6+
  const fightIt = (groups: G[], hitDice: number[], det = {}) =>
    epicScripted(epicScenario(marines(3), detachment('Orks', groups, det, false)), [6, 1, ...hitDice, 1, 1, 1]);
  it.each(orders.map((o) => [o.map((g) => g.name).join(', '), o]))('on a loser that retreats: first the units that would get clear, highest Assault first (%s)', (_, groups) => {
    const one = fightIt(groups, [2, 1, 1]);
    expect(ofType(one.events, 'hits')[0]).toMatchObject({ side: 'attacker', hits: 1, destroyed: [{ group: 'Nob', count: 1 }], clearFirst: true });
    expect(ofType(one.events, 'retreat')[0]).toMatchObject({ destroyed: [{ group: 'Gun', count: 1 }], left: 1 });
    expect(one.outcome.end).toBe('fellBack');
    expect(one.outcome.epic!.unitsDestroyed.defender).toBe(2);
    const two = fightIt(groups, [2, 2, 1]);
    expect(ofType(two.events, 'hits')[0]!.destroyed).toEqual([{ group: 'Nob', count: 1 }, { group: 'Boy', count: 1 }]);
    expect(two.outcome.end).toBe('swept');
    expect(two.outcome.winner).toBe('attacker');
    expect(two.outcome.survivors.defender.models).toBe(0);
    // the third hit takes the gun, which the retreat would have destroyed anyway
    const three = fightIt(groups, [2, 2, 2]);
    expect(ofType(three.events, 'hits')[0]!.destroyed).toEqual([{ group: 'Nob', count: 1 }, { group: 'Boy', count: 1 }, { group: 'Gun', count: 1 }]);
    expect(three.outcome.end).toBe('destroyed');
  });
  it.each(orders.map((o) => [o.map((g) => g.name).join(', '), o]))('on a no-retreat loser: the highest Assault first, whatever its Speed (%s)', (_, groups) => {
    const r = fightIt(groups, [2, 2, 1], { noRetreat: true });
    expect(ofType(r.events, 'hits')[0]).toMatchObject({ destroyed: [{ group: 'Gun', count: 1 }, { group: 'Nob', count: 1 }], clearFirst: false });
    expect(r.outcome.end).toBe('locked');
    expect(r.outcome.survivors.defender.models).toBe(1);
  });
  it.each([['Scout first', true], ['Captain first', false]])('the loser\'s hits on the winner: the highest Assault first (%s)', (_, scoutFirst) => {
    const scout = { name: 'Scout', count: 1, assault: 1, distance: 0, speed: [10, 20] as [number, number] };
    const captain = { name: 'Captain', count: 1, assault: 6, distance: 0, speed: 0 };
    const a = detachment('A', scoutFirst ? [scout, captain] : [captain, scout]);
    // 7 against 6: the attacker +1; 3+1 against 3: the attacker by 1, both hit on 4+; the defender's first die hits
    const r = epicScripted(epicScenario(a, orks(2)), [3, 3, 1, 1, 4, 1]);
    expect(ofType(r.events, 'hits')[1]).toMatchObject({ side: 'defender', hits: 1, destroyed: [{ group: 'Captain', count: 1 }], clearFirst: false });
    expect(r.outcome.winner).toBe('attacker');
    expect(r.outcome.survivors.attacker.models).toBe(1);
  });
  it('units equal in Speed class and Assault are taken in scenario order', () => {
    const r = fightIt([{ name: 'Boy', count: 1, assault: 4, speed: 10 }, { name: 'Grot', count: 1, assault: 4, speed: 5 }, gun], [2, 1, 1]);
    expect(ofType(r.events, 'hits')[0]!.destroyed).toEqual([{ group: 'Boy', count: 1 }]);
  });
});

describe('E12-E13', () => {
  it('one phase; a fight with no close combat reports nothing but the move', () => {
    const r = epicScripted(epicScenario(far(2), orks()), []);
    expect(r.outcome.phases).toBe(0);
    expect(r.outcome.firstResult).toBe('none');
    const s = epicScripted(epicScenario(marines(1), orks(1)), [6, 1, 1, 1]);
    expect(s.outcome.phases).toBe(1);
  });
});
