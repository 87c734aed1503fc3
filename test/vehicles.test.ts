// Vehicles and walkers in close combat (../shared/rules/vehicles.md V1-V15) with scripted dice:
// one body for srd4 and revised4, their expectations differing only where the editions do.
import { describe, expect, it } from 'vitest';
import { eventsOf, model, profile, scenario, scripted, unit, W } from './helpers.js';
import type { ModelSpec, Moved, SpecialRule, VehicleType, Weapon } from '../src/model.js';

type Armour = { front: number; side: number; rear: number };

/** A vehicle that is not a walker, as the loader builds it (vehicles.md V1). */
function vehicle(name: string, a: Armour, types: VehicleType[] = []): ModelSpec {
  return {
    key: name.toLowerCase(), name, profile: profile({ WS: 0, BS: 4, S: 0, T: 10, W: 1, I: 0, A: 0, Ld: 10 }), wargear: [], rules: [],
    vehicle: { kind: 'vehicle', ...a, types },
  };
}

/** A walker: WS, S, I, A in its profile, the walker rule (as the loader gives it). */
function walker(name: string, p: { WS: number; S: number; I: number; A: number }, a: Armour, wargear: Weapon[] = [W['dreadnought-close-combat-weapon']!]): ModelSpec {
  return {
    key: name.toLowerCase(), name, profile: profile({ ...p, BS: 4, T: 10, W: 1, Ld: 10 }), wargear, rules: ['walker'],
    vehicle: { kind: 'walker', ...a, types: [] },
  };
}

const RHINO: Armour = { front: 11, side: 11, rear: 10 };
const DREAD: Armour = { front: 12, side: 12, rear: 10 };
const marine = (wargear: string[] = ['close-combat-weapon'], rules: SpecialRule[] = []) => model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear, rules);
const sergeant = (wargear: string[] = ['power-fist']) => model('Sergeant', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 9, Sv: 3 }, wargear);

/** Attackers that did not charge (no charge bonus in either edition) against one vehicle. */
function against(rules: string, attackers: [ModelSpec, number][], target: ModelSpec, moved?: Moved, rounds: number | 'resolve' = 1) {
  return scenario(rules, [unit('Squad', attackers)], [unit(target.name, [[target, 1]], moved ? { moved } : {})], rounds);
}

describe.each(['srd4', 'revised4'])('vehicles under %s', (rules) => {
  it('is hit automatically when stationary (no die), on 4+ when it moved at combat speed, on 6 when it moved fast (V3)', () => {
    // stationary: the one attack hits with no die; its penetration die 1: 1+4 < 10
    let r = scripted(against(rules, [[marine(), 1]], vehicle('Rhino', RHINO)), [1]);
    let a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.need, a.rolls, a.hits]).toEqual([0, [], 1]);
    expect(eventsOf(r.events, 'penetration')[0]!.rolls).toEqual([[1]]);
    // combat speed: 3 misses, 4 hits
    r = scripted(against(rules, [[marine(), 1]], vehicle('Rhino', RHINO), 'combat'), [3]);
    expect(eventsOf(r.events, 'vehicleAttacks')[0]!.hits).toBe(0);
    r = scripted(against(rules, [[marine(), 1]], vehicle('Rhino', RHINO), 'combat'), [4, 1]);
    a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.need, a.hits]).toEqual([4, 1]);
    // fast: 5 misses, 6 hits
    r = scripted(against(rules, [[marine(), 1]], vehicle('Rhino', RHINO), 'fast'), [5]);
    expect(eventsOf(r.events, 'vehicleAttacks')[0]!.hits).toBe(0);
    r = scripted(against(rules, [[marine(), 1]], vehicle('Rhino', RHINO), 'fast'), [6, 1]);
    expect(eventsOf(r.events, 'vehicleAttacks')[0]!.hits).toBe(1);
  });

  it('strikes a vehicle\'s rear armour and a walker\'s front; equal glances, more penetrates (V4-V6)', () => {
    // S4 + 6 = 10 against the Land Raider-like front 14 would do nothing; against rear 10 it glances
    const tank = vehicle('Tank', { front: 14, side: 14, rear: 10 });
    let r = scripted(against(rules, [[marine(), 1]], tank), [6, 1]);
    let p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.facing, p.armour, p.glancing, p.penetrating]).toEqual(['rear', 10, 1, 0]);
    // S5: 6 + 5 = 11 > 10 penetrates
    r = scripted(against(rules, [[model('Ogryn', { WS: 4, S: 5, I: 4, A: 1 }), 1]], tank), [6, 1]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.glancing, p.penetrating]).toEqual([0, 1]);
    // a walker: hit on the WS chart (WS4 against WS4: 4+), struck on its front 12: 6 + 6 = 12 glances
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = against(rules, [[model('Ogryn', { WS: 4, S: 6, I: 5, A: 1 }), 1]], dread);
    // I5: the Ogryn hits (4), penetration 6 = 12 glancing, damage 1 shaken; I4: the walker's 2 attacks miss
    r = scripted(s, [4, 6, 1, 1, 1]);
    const a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.walker, a.need]).toEqual([true, 4]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.facing, p.armour, p.glancing, p.penetrating]).toEqual(['front', 12, 1, 0]);
  });

  it('rolls 2D6 for a monstrous creature and a chainfist (V6)', () => {
    const carnifex = model('Carnifex', { WS: 3, S: 6, T: 6, W: 4, I: 1, A: 1 }, [], ['monstrous-creature']);
    let r = scripted(against(rules, [[carnifex, 1]], vehicle('Tank', { front: 14, side: 14, rear: 14 })), [3, 4]);
    let p = eventsOf(r.events, 'penetration')[0]!;
    // 3 + 4 + 6 = 13 < 14; with 3 + 5: 14 glancing (damage 2: shaken)
    expect([p.dice, p.rolls, p.glancing + p.penetrating]).toEqual([2, [[3, 4]], 0]);
    r = scripted(against(rules, [[carnifex, 1]], vehicle('Tank', { front: 14, side: 14, rear: 14 })), [3, 5, 2]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect(p.glancing).toBe(1);
    // a chainfist: S4 doubled to 8, 2D6, at Initiative 1
    r = scripted(against(rules, [[model('Terminator', { WS: 4, S: 4, I: 4, A: 1 }, ['chainfist']), 1]], vehicle('Tank', { front: 14, side: 14, rear: 14 })), [4, 3, 1]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.dice, p.strength, p.penetrating]).toEqual([2, 8, 1]);
    expect(eventsOf(r.events, 'step').map((e) => e.initiative)).toEqual([1]);
  });

  it('adds one D6 for a rending 6, and never a second (V6)', () => {
    const genestealer = model('Genestealer', { WS: 6, S: 4, I: 6, A: 1 }, ['rending']);
    // 6: one more die (6): 4 + 6 + 6 = 16 > 14; the second 6 adds nothing more
    const tank = vehicle('Tank', { front: 14, side: 14, rear: 14 });
    let r = scripted(against(rules, [[genestealer, 1]], tank), [6, 6, 1]);
    let p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.rolls, p.penetrating]).toEqual([[[6, 6]], 1]);
    // no 6: no extra die
    r = scripted(against(rules, [[genestealer, 1]], tank), [5]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.rolls, p.penetrating, p.glancing]).toEqual([[[5]], 0, 0]);
    // a monstrous rending creature with two 6s rolls one extra die, not two
    const lictor = model('Lictor', { WS: 6, S: 6, I: 6, A: 1 }, ['rending'], ['monstrous-creature']);
    r = scripted(against(rules, [[lictor, 1]], vehicle('Tank', { front: 15, side: 15, rear: 15 })), [6, 6, 1, 1]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect(p.rolls).toEqual([[6, 6, 1]]);
    // 6 + 6 + 1 + 6 = 19 > 15: penetrating, damage die 1 stunned
    expect(p.penetrating).toBe(1);
  });

  it('strikes with a power fist at S8 and Initiative 1 (V6)', () => {
    const r = scripted(against(rules, [[sergeant(), 1]], vehicle('Rhino', RHINO)), [1, 1]);
    const p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.strength, p.rolls]).toEqual([8, [[1], [1]]]);
    expect(eventsOf(r.events, 'step').map((e) => e.initiative)).toEqual([1]);
  });

  it('makes one krak grenade attack instead of three normal ones when it is better, at its own Initiative (V7)', () => {
    // A2, two weapons? no: A2 + 1 charge = 3 attacks of S4 against rear 11 (cannot reach); krak: D6 + 6, 5+ does
    const vet = model('Veteran', { WS: 4, S: 4, I: 4, A: 2 }, ['close-combat-weapon', 'krak-grenades']);
    const s = scenario(rules, [unit('Veterans', [[vet, 1]], { charged: true })], [unit('Predator', [[vehicle('Predator', { front: 13, side: 11, rear: 11 }), 1]])]);
    const r = scripted(s, [5, 2]);
    const a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.attacks, a.grenade, a.weapon]).toEqual([1, true, 'Krak grenades']);
    expect(eventsOf(r.events, 'penetration')[0]!.glancing).toBe(1);
    // against rear 10 three S4 attacks (1/6 each: 0.5) tie one krak grenade (1/2): it makes its attacks
    const tie = scenario(rules, [unit('Veterans', [[vet, 1]], { charged: true })], [unit('Rhino', [[vehicle('Rhino', RHINO), 1]])]);
    const t = scripted(tie, [1, 1, 1]);
    expect(eventsOf(t.events, 'vehicleAttacks')[0]!.attacks).toBe(3);
  });

  describe('the damage table (V8)', () => {
    const GLANCING = ['shaken', 'shaken', 'stunned', 'gunWrecked', 'immobilised', 'destroyed'];
    const PENETRATING = ['stunned', 'stunnedGunWrecked', 'stunnedImmobilised', 'destroyed', 'destroyed', 'explodes'];
    /** what the vehicle's end state says after one damage die (S5: penetration 5 glances rear 10, 6 penetrates) */
    const state = (face: number, pen: boolean, types: VehicleType[] = []) => {
      const s = against(rules, [[model('Ogryn', { WS: 4, S: 5, I: 4, A: 1 }), 1]], vehicle('Trukk', RHINO, types));
      const r = scripted(s, [pen ? 6 : 5, face]);
      const d = eventsOf(r.events, 'vehicleDamage')[0]!;
      const v = r.state.units[1]!.vehicle!;
      return { d, v, out: r.outcome };
    };
    const result = (row: number, pen: boolean) => (pen ? PENETRATING : GLANCING)[row - 1]!;
    for (const types of [[], ['open-topped']] as VehicleType[][]) {
      const shift = types.length;
      for (const pen of [false, true]) {
        for (let face = 1; face <= 6; face++) {
          const want = result(Math.min(6, face + shift), pen);
          it(`${pen ? 'penetrating' : 'glancing'} ${face}${shift ? ' open-topped' : ''}: ${want}`, () => {
            const { d, v, out } = state(face, pen, types);
            const destroyed = want === 'destroyed' || want === 'explodes';
            expect(d.destroyed).toBe(destroyed);
            expect(d.explodes).toBe(want === 'explodes');
            expect(d.shaken).toBe(want === 'shaken');
            expect(d.stunned).toBe(want.startsWith('stunned'));
            expect(d.immobilised).toBe(want === 'immobilised' || want === 'stunnedImmobilised');
            expect(d.gunsWrecked).toBe(want === 'gunWrecked' || want === 'stunnedGunWrecked' ? 1 : 0);
            expect(v.glancing + v.penetrating).toBe(1);
            // V10: a vehicle that is not a walker leaves: destroyed, else disengaged with no winner; the first result is the attacker's
            expect(out.end).toBe(destroyed ? 'destroyed' : 'disengaged');
            expect(out.winner).toBe(destroyed ? 'attacker' : null);
            expect(out.firstResult).toBe('attacker');
            expect(out.firstWounds.attacker).toBe(1);
            expect(out.units[1]!.fate).toBe(destroyed ? 'destroyed' : 'disengaged');
          });
        }
      }
    }
  });

  it('applies all the hits of one Initiative step, and a vehicle destroyed at I4 takes no I1 attacks (V8)', () => {
    // two Marines with krak grenades at I4: penetrating (6) stunned (1) and glancing... destroyed (4); the fist at I1 never swings
    const s = against(rules, [[marine(['close-combat-weapon', 'krak-grenades']), 2], [sergeant(), 1]], vehicle('Rhino', RHINO));
    const r = scripted(s, [6, 6, 1, 4]);
    const d = eventsOf(r.events, 'vehicleDamage');
    expect(d).toHaveLength(1);
    expect([d[0]!.destroyed, d[0]!.stunned]).toEqual([true, true]);
    expect(eventsOf(r.events, 'vehicleAttacks').map((e) => e.model)).toEqual(['Marine']);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['destroyed', 'attacker']);
  });

  it('two walkers strike each other at I4 together: both destroyed, nobody wins (V8, V10)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Red', [[dread, 1]], { charged: true })], [unit('Blue', [[dread, 1]])], 1);
    // Red's 3 attacks hit (4 4 4) and penetrate (6 6 6: 16 > 12); Blue's 2 hit (4 4) and penetrate (6 6);
    // then Blue's damage dice (4 4 4: destroyed) and Red's (4 4: destroyed), all applied at the step's end
    const r = scripted(s, [4, 4, 4, 6, 6, 6, 4, 4, 6, 6, 4, 4, 4, 4, 4]);
    expect(eventsOf(r.events, 'vehicleDamage').map((e) => [e.unit, e.destroyed])).toEqual([['Blue', true], ['Red', true]]);
    expect([r.outcome.end, r.outcome.winner, r.outcome.firstWounds.attacker, r.outcome.firstWounds.defender]).toEqual(['destroyed', null, 3, 2]);
  });

  it('takes no Morale test for a walker that loses: it stays locked (V11)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Squad', [[sergeant(), 1]])], [unit('Dreadnought', [[dread, 1]])], 1);
    // I4: the walker's 2 attacks miss; I1: the fist hits twice (4 4), penetration 4 (12 glancing) and 1 (nothing), damage 1: shaken
    const r = scripted(s, [1, 1, 4, 4, 4, 1, 1]);
    expect(eventsOf(r.events, 'result')[0]!.winner).toBe('attacker');
    expect(eventsOf(r.events, 'morale')).toEqual([]);
    expect([r.outcome.end, r.outcome.moraleTaken]).toEqual(['locked', 0]);
  });

  it('a stunned walker swings one attack fewer next phase (V9)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Squad', [[marine(), 4], [sergeant(), 1]])], [unit('Dreadnought', [[dread, 1]])], 2);
    const r = scripted(s, [
      // phase 1, I4: 4 Marines miss (1 1 1 1); the walker's 2 attacks miss (1 1)
      1, 1, 1, 1, 1, 1,
      // I1: the fist hits twice (4 4): penetration 5 (13 penetrating), 1 (nothing); damage 1: stunned
      4, 4, 5, 1, 1,
      // phase 2, I4: the Marines miss; the walker swings once (1); I1: the fist misses twice
      1, 1, 1, 1, 1, 1, 1,
    ]);
    const swings = eventsOf(r.events, 'attacks').filter((e) => e.model === 'Dreadnought').map((e) => e.attacks);
    expect(swings).toEqual([2, 1]);
    expect(r.state.units[1]!.vehicle!.stunned).toBe(1);
  });

  it('a walker stunned in the phase it wins may not sweep: the loser falls back (V12)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Squad', [[marine(), 2], [sergeant(), 1]])], [unit('Dreadnought', [[dread, 1]])], 1);
    const dice = [
      // I4: the Marines miss (1 1); the walker hits twice (6 6) and wounds twice (6 6) with its S10 weapon, no save
      1, 1, 6, 6, 6, 6,
      // I1: the fist hits once (4 1), penetration 4 (12: glancing), damage 3: stunned
      4, 1, 4, 3,
      // the Sergeant loses 2-1 and tests Morale: 6 6 fails
      6, 6,
    ];
    // revised4 rolls the fall back 2D6 anyway (it is the move); srd4 rolls nothing when nobody may sweep
    const r = scripted(s, rules === 'revised4' ? [...dice, 3, 3] : dice);
    expect(eventsOf(r.events, 'wounds').find((e) => e.model === 'Dreadnought')!.strength).toBe(10);
    expect([r.outcome.end, r.outcome.winner, r.outcome.sweepsCaught]).toEqual(['fellBack', 'defender', 0]);
    const b = eventsOf(r.events, 'breakoff')[0]!;
    expect(b.winnerRolls).toEqual([]);
  });

  it('tank hunters add 1 to every penetration roll; melta bombs are S8 with 2D6 (V6, V7)', () => {
    // S4 + 5 + 1 = 10 glances rear 10
    let r = scripted(against(rules, [[marine(['close-combat-weapon'], ['tank-hunters']), 1]], vehicle('Rhino', RHINO)), [5, 1]);
    let p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.tankHunters, p.glancing]).toEqual([1, 1]);
    // only the model with the rule: a plain Marine beside the tank hunter rolls without the +1
    const hunter = { ...marine(['close-combat-weapon'], ['tank-hunters']), key: 'hunter', name: 'Hunter' };
    r = scripted(against(rules, [[hunter, 1], [marine(), 1]], vehicle('Rhino', RHINO)), [5, 5, 1]);
    const rolls = eventsOf(r.events, 'penetration');
    expect(rolls.map((e) => [e.model, e.tankHunters, e.glancing])).toEqual([['Hunter', 1, 1], ['Marine', 0, 0]]);
    // melta bombs against a Land Raider's rear 14: 2D6 + 8 (3 + 4 = 15 penetrates), one attack instead of A1
    r = scripted(against(rules, [[marine(['close-combat-weapon', 'melta-bombs']), 1]], vehicle('Land Raider', { front: 14, side: 14, rear: 14 })), [3, 4, 1]);
    p = eventsOf(r.events, 'penetration')[0]!;
    expect([p.weapon, p.strength, p.dice, p.penetrating]).toEqual(['Melta bombs', 8, 2, 1]);
  });

  it('a walker charging after it fired: +1 attack in both editions (revised4: 000\'s Exception; srd4 ignores firing) (V9)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Dreadnought', [[dread, 1]], { charged: true, firedThisTurn: true })], [unit('Squad', [[marine(), 1]])], 1);
    // I4 both: the walker's 3 attacks miss (1 1 1), the Marine's 1 attack misses (1)
    const r = scripted(s, [1, 1, 1, 1]);
    const a = eventsOf(r.events, 'attacks').find((e) => e.model === 'Dreadnought')!;
    expect([a.attacks, a.charge]).toEqual([3, true]);
  });

  it('supporting models (revised4) strike a vehicle once at their own Strength; srd4 fights every model in full (V6)', () => {
    // 2 Sergeants with power fists, one in base contact: in revised4 the other supports with one S4 attack at I4
    const s = scenario(rules, [unit('Squad', [[sergeant(), 2]], { inContact: 1 })], [unit('Rhino', [[vehicle('Rhino', RHINO), 1]])]);
    const r = scripted(s, rules === 'revised4' ? [1, 1, 1] : [1, 1, 1, 1]);
    const swings = eventsOf(r.events, 'penetration').map((e) => [e.strength, e.rolls.length]);
    expect(swings).toEqual(rules === 'revised4' ? [[4, 1], [8, 2]] : [[8, 4]]);
  });

  it('a Dreadnought close combat weapon: Strength doubled (at most 10), no armour save, at the walker\'s Initiative (V9)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 1 }, DREAD);
    const terminator = model('Terminator', { WS: 4, S: 4, T: 4, I: 1, A: 1, Sv: 2 }, ['close-combat-weapon']);
    const s = scenario(rules, [unit('Dreadnought', [[dread, 1]])], [unit('Terminators', [[terminator, 2]], { rules: ['fearless'] })], 1);
    // I4: 1 attack hits (4), wounds S10 vs T4 on 2+ (2): no save; I1: the survivor misses (1)
    const r = scripted(s, [4, 2, 1]);
    const w = eventsOf(r.events, 'wounds')[0]!;
    expect([w.strength, w.need]).toEqual([10, 2]);
    expect(eventsOf(r.events, 'saves')[0]!.groups[0]!.save).toBe('none');
    expect(eventsOf(r.events, 'step').map((e) => e.initiative)).toEqual([4, 1]);
  });

  it('a walker whose close combat weapon is wrecked strikes at its own Strength from the next phase (V8)', () => {
    const dread = walker('Dreadnought', { WS: 4, S: 6, I: 4, A: 2 }, DREAD);
    const s = scenario(rules, [unit('Squad', [[marine(), 4], [sergeant(), 1]])], [unit('Dreadnought', [[dread, 1]])], 2);
    const r = scripted(s, [
      // phase 1, I4: Marines miss; the walker hits once (4 1) and fails to wound (1: S10 vs T4 needs 2+)
      1, 1, 1, 1, 4, 1, 1,
      // I1: the fist hits once (4 1): penetration 4 (12: glancing), damage 4: gun wrecked
      4, 1, 4, 4,
      // phase 2, I4: Marines miss; the walker hits once (4 1) and wounds at S6 (1: fails, 4+); I1: fist misses
      1, 1, 1, 1, 4, 1, 1, 1, 1,
    ]);
    const strengths = eventsOf(r.events, 'wounds').filter((e) => e.model === 'Dreadnought').map((e) => [e.strength, e.weapon]);
    expect(strengths).toEqual([[10, 'Dreadnought close combat weapon'], [6, null]]);
  });
});

describe('revised4 Wipe Out! (V11)', () => {
  it('a vehicle near a destroyed unit takes no Wipe Out! check', () => {
    const grot = model('Gretchin', { WS: 2, S: 2, T: 2, I: 2, A: 1, Ld: 5 });
    const s = scenario('revised4', [unit('Squad', [[marine(), 1]])], [unit('Grots', [[grot, 1]]), unit('Trukk', [[vehicle('Trukk', { front: 10, side: 10, rear: 10 }, ['open-topped']), 1]], { nearby: true })]);
    // I4: the Marine hits (4) and wounds (4); the Gretchin has no save: destroyed before it strikes
    const r = scripted(s, [4, 4]);
    expect(eventsOf(r.events, 'morale')).toEqual([]);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['destroyed', 'attacker']);
  });
});

describe('a vehicle beside a unit that breaks (srd4, V10)', () => {
  it('the combat ends as the broken unit\'s fate says, won by the winner, once the vehicle has left', () => {
    const grot = model('Gretchin', { WS: 2, S: 2, T: 2, I: 2, A: 1, Ld: 5 });
    const s = scenario('srd4', [
      unit('Squad A', [[marine(), 1]], { lockedWith: ['Grots'] }),
      unit('Squad B', [[marine(), 1]], { lockedWith: ['Rhino'] }),
    ], [unit('Grots', [[grot, 2]], { lockedWith: ['Squad A'] }), unit('Rhino', [[vehicle('Rhino', RHINO), 1]], { lockedWith: ['Squad B'] })]);
    // I4: Squad A hits (3) and wounds (2) a Gretchin; Squad B's hit on the Rhino does nothing (1);
    // I2: the last Gretchin misses (1); the Grots lose and fail Morale (6 6); swept: 1 + 2 against 6 + 4
    const r = scripted(s, [3, 2, 1, 1, 6, 6, 1, 6]);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['swept', 'attacker']);
    expect(r.outcome.units.map((u) => u.fate)).toEqual(['none', 'none', 'swept', 'disengaged']);
  });
});
