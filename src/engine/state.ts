// The state of one fight, compiled from the scenario once and reset before each fight: per unit,
// classes of models with how many live and the wounds left on the one that may be wounded; who
// is still in the combat. Nothing here is allocated per run.
import type { HitBatch } from './allocate.js';
import { VehicleState } from './vehicle-state.js';
import { ClassFx, ldOf, UnitFx } from './effects.js';
import { hasRule, lockedTogether, type ModelSpec, type Scenario, type SideId, type UnitSpec, type Weapon } from '../model.js';

/** What a model fights with, worked out once from its wargear (ruling: first special weapon listed). */
export interface Loadout {
  /** the special weapon it strikes with; null: plain attacks at its own Strength */
  weapon: Weapon | null;
  /** two or more usable single-handed weapons (lightning claws only pair with lightning claws) */
  twoWeapons: boolean;
  grenades: { frag: boolean; plasma: boolean; photon: boolean };
  /** casualty preference by the model alone: 0 ordinary, 1 special wargear, 3 characters (ruling 8; a leader by Leadership, 2, is found by `removalOrder`, rules ruling 28) */
  rank: number;
  /** its blows ignore armour saves */
  monstrous: boolean;
  /** the grenade it may use against a vehicle instead of its attacks (vehicles.md V7): melta bombs before krak grenades; null: none */
  antiTank: Weapon | null;
  /** tank hunters: +1 to its penetration rolls (vehicles.md V6), the model's rule or its unit's */
  tankHunters: boolean;
}

/** No save: the roll a model needs when it has none (saves need 2+ to 6+). */
export const NO_SAVE = 7;

/** The save a model makes with `armour` left against a hit and invulnerable save `inv`: the better, or (`always` false, srd4) `inv` only where no armour save is left. */
export function withInvulnerable(armour: number, inv: number, always: boolean): number {
  return always || armour >= NO_SAVE ? Math.min(armour, inv) : armour;
}

/**
 * The compiled state of a fight is counts, not model objects: a unit is a list of model
 * classes in the owner's removal order (ruling 8), each the models of one profile and wargear
 * in one position band (in base contact or not), with how many still live. Wounds and deaths
 * always take the first living model of a class (the one wounded model, if any, is that one),
 * so a class needs only its count and the wounds left on its first model.
 */
export class ModelClass {
  /** living models */
  count: number;
  /** wounds left on the first living model: W unless it is the class's one wounded model */
  front: number;
  /**
   * inches from the nearest enemy model (ruling 14): 0 in base contact, 1 or less engaged. In
   * srd4 and revised4 only 0 (in base contact) and 1 (support) occur.
   */
  distance: number;
  /** how this phase's fighting treats its models, set at the start of each phase */
  initiative = 0;
  attacks = 0;
  special = true;
  /** its place among all the classes of the fight (engine/snapshot.ts) */
  index = 0;
  /**
   * the same number for classes of one unit of the same model (name, profile, wargear and
   * rules): two entries of one roster model, say at two distances, are two classes of one kind,
   * whose attacks are rolled together (engine/strike.ts `alike`); but not force-weapon bearers,
   * whose Psychic tests are one per group (ruling 6)
   */
  kind = 0;
  /**
   * the same number for classes of one unit of the same model, force-weapon bearers included:
   * models alike wherever they stand, so that who of them takes a wound that falls on one of
   * them at random is the owner's choice (waffle's sweep hits, engine/sweep-hits.ts)
   */
  same = 0;
  /** the first class of its unit that fights alike this phase (its attack group), null: none of it fights */
  lead: ModelClass | null = null;
  /** for a lead: the group's models alive when the Initiative step began */
  striking = 0;
  readonly W: number;
  readonly T: number;
  /** armour and invulnerable save needed, NO_SAVE for none */
  readonly sv: number;
  readonly inv: number;
  /** its invulnerable save is taken against every hit (else only where the hit leaves no armour save or the model has none: srd4) */
  invAlways = true;
  /** a force weapon's bearer has taken his Psychic test in this phase (one a phase: 000, Force Weapons; cleared as the next begins) */
  psychicUsed = false;
  /** this phase it makes one grenade attack against a vehicle instead of its attacks (vehicles.md V7: engine/vehicle.ts) */
  grenade: Weapon | null = null;
  /** what its model's abilities do in this phase (engine/effects.ts), refilled as each phase begins */
  readonly fx = new ClassFx();
  constructor(
    readonly spec: ModelSpec,
    readonly unit: UnitState,
    /** what it fights with (a walker's changes as its weapons are wrecked: engine/vehicle.ts) */
    public loadout: Loadout,
    /** models at the start (counted up while the class is built) */
    public size: number,
    readonly distanceAtStart: number,
  ) {
    const p = spec.profile;
    this.W = p.W;
    this.T = p.T;
    this.sv = p.Sv ?? NO_SAVE;
    this.inv = p.Inv ?? NO_SAVE;
    this.count = size;
    this.front = p.W;
    this.distance = distanceAtStart;
  }
  reset(): void {
    this.count = this.size;
    this.front = this.W;
    this.distance = this.distanceAtStart;
    this.psychicUsed = false;
    this.grenade = null;
  }
  /** in base contact with an enemy (the rest of the engaged models are support) */
  get inContact(): boolean {
    return this.distance === 0;
  }
  /** close enough to fight (ruling 14: within 1") */
  get engaged(): boolean {
    return this.distance <= 1;
  }
  /** wounds left on its living models */
  get wounds(): number {
    return this.count === 0 ? 0 : (this.count - 1) * this.W + this.front;
  }
  /** the first living model is removed */
  kill(): void {
    this.count--;
    this.front = this.W;
  }
}

/** What a unit's models need to know about the enemy at the start of a phase. */
export interface Foes {
  /** an enemy charged this phase */
  charging: boolean;
  /** an enemy that was charged stands in cover */
  chargedInCover: boolean;
  /** an enemy that was charged carries photon grenades */
  photon: boolean;
  /** an enemy that charged carries plasma grenades on a model in base contact */
  plasma: boolean;
}

export class UnitState {
  /** its models, as classes in the removal order: the first living model of the first class goes first */
  readonly classes: ModelClass[] = [];
  /** still part of the combat (not fallen back, not destroyed, not left behind by a failed charge) */
  inCombat = true;
  /** charged in the current assault phase */
  charging = false;
  /** how it left the combat, if it did */
  fate: 'fellBack' | 'swept' | 'destroyed' | 'chargeFailed' | 'disengaged' | null = null;
  /** a sweeping advance held it in combat in this phase (revised4) */
  held = false;
  /** scratch of the Initiative step being fought (engine/strike.ts): living models, majorities, hits taken */
  stepAlive = 0;
  /** the living models the majorities were last worked out for (models only ever die in a fight) */
  majorityFor = -1;
  stepWS = 0;
  stepT = 0;
  /** the cover save it takes while it is shot at (rules ruling 26: engine/shooting.ts sets it for a volley, then clears it); NO_SAVE otherwise: blows never get one */
  shotCover = NO_SAVE;
  /** the hits that wounded it in this step: the first `nPending` of `pending` (reused step after step) */
  readonly pending: HitBatch[] = [];
  nPending = 0;
  /** its place in the fight's units */
  index = 0;
  /** the unit this one joined (an independent character fighting apart): one unit for the charge, Morale and moving */
  partOf: UnitState | null = null;
  /** the group that moves and tests as one: itself, then the characters that joined it (engine/breakoff.ts) */
  readonly moveGroup: UnitState[] = [this];
  /** the enemy units it is locked with (ruling 17; by default every enemy unit), worked out once */
  readonly locked: UnitState[] = [];
  /** what it knows of the enemy this phase (worked out by the edition at the start of each phase) */
  readonly foes: Foes = { charging: false, chargedInCover: false, photon: false, plasma: false };
  /** some model carries photon grenades; some model in base contact at the start carries plasma grenades (worked out once) */
  photon = false;
  plasma = false;
  /** a vehicle's damage (vehicles.md: engine/vehicle.ts); null: a unit of models of flesh */
  vehicle: VehicleState | null = null;
  /** what its abilities do in this phase (engine/effects.ts), refilled as each phase begins */
  readonly fx = new UnitFx();
  constructor(readonly spec: UnitSpec, readonly side: SideId) {}

  get name(): string {
    return this.spec.name;
  }
  /** the distance of its closest living model from the enemy (ruling 14); Infinity: none */
  closest(): number {
    let closest = Infinity;
    for (let cI = 0; cI < this.classes.length; cI++) {
      const c = this.classes[cI]!;
      if (c.count > 0 && c.distance < closest) closest = c.distance;
    }
    return closest;
  }
  aliveCount(): number {
    let n = 0;
    for (let cI = 0; cI < this.classes.length; cI++) {
      const c = this.classes[cI]!;
      n += c.count;
    }
    return n;
  }
  /** every wound its living models have left */
  woundsLeft(): number {
    let n = 0;
    for (let cI = 0; cI < this.classes.length; cI++) n += this.classes[cI]!.wounds;
    return n;
  }
  /** the unit or any of its models has this special rule (worked out once: rules never change in a fight) */
  has(rule: Parameters<typeof hasRule>[1]): boolean {
    this.ruleSet ??= new Set([...this.spec.rules, ...this.classes.flatMap((c) => c.spec.rules)]);
    return this.ruleSet.has(rule);
  }
  private ruleSet: Set<string> | null = null;
  /** highest of a characteristic among living models (Leadership, sweeping Initiative) */
  best(stat: 'Ld' | 'I'): number {
    let v = 0;
    for (let cI = 0; cI < this.classes.length; cI++) {
      const c = this.classes[cI]!;
      // Leadership as the phase's abilities modify it (abilities.md B1); a sweep's Initiative is the profile's
      const x = stat === 'Ld' ? ldOf(c) : c.spec.profile.I;
      if (c.count > 0 && x > v) v = x;
    }
    return v;
  }
  /** a pending batch to fill (pooled: nothing allocated once the pool has grown) */
  nextBatch(): HitBatch {
    if (this.nPending === this.pending.length) this.pending.push({ count: 0, strength: 0, noArmour: false, maxSave: null, ap: null, force: null, cause: 'plain', weapon: null, shot: false });
    return this.pending[this.nPending++]!;
  }
  /** `count` wounding hits that share everything that matters to the save, kept until the casualties are worked out */
  pend(count: number, strength: number, noArmour: boolean, maxSave: number | null, ap: number | null, force: ModelClass | null, cause: HitBatch['cause'], weapon: string | null, shot = false): void {
    const b = this.nextBatch();
    b.count = count;
    b.strength = strength;
    b.noArmour = noArmour;
    b.maxSave = maxSave;
    b.ap = ap;
    b.force = force;
    b.cause = cause;
    b.weapon = weapon;
    b.shot = shot;
  }
  /** what an Initiative step (or a volley of shots, a sweep's hits) worked out for it, forgotten */
  clearStep(): void {
    this.nPending = this.stepAlive = this.stepWS = this.stepT = 0;
    this.majorityFor = -1;
  }
  /** every model dies (swept away) */
  removeAll(): void {
    for (let cI = 0; cI < this.classes.length; cI++) {
      const c = this.classes[cI]!;
      c.count = 0;
      c.front = c.W;
    }
  }
  reset(): void {
    // a nearby friend is not in the combat: it only takes Wipe Out! checks (revised4)
    this.inCombat = !this.spec.nearby;
    this.charging = false;
    this.fx.clear();
    this.fate = null;
    this.held = false;
    this.majorityFor = -1;
    this.stepAlive = 0;
    this.nPending = 0;
    this.vehicle?.reset();
    for (let cI = 0; cI < this.classes.length; cI++) {
      const c = this.classes[cI]!;
      c.reset();
    }
    if (this.vehicle) this.classes[0]!.loadout = this.vehicle.loadouts[0]!;
  }
}

/** The classes of the default removal order, first removed first (ruling 8, rules ruling 28). */
export const RANK = { ordinary: 0, special: 1, leader: 2, character: 3 } as const;

const PLAIN = new Set(['close-combat-weapon', 'pistol']);

/** `unitRules`: rules the scenario gives the whole unit, which its models have too. */
export function loadoutOf(spec: ModelSpec, unitRules: readonly string[] = []): Loadout {
  const has = (r: Parameters<typeof hasRule>[1]) => hasRule(spec.rules, r) || unitRules.includes(r);
  // in close combat a pistol is a plain single-handed weapon; other guns are nothing
  const fighting = spec.wargear.filter((w) => w.grenade === null && (w.shooting === null || w.shooting.type === 'pistol'));
  const special = fighting.find((w) => !PLAIN.has(w.key) && isSpecial(w)) ?? null;
  const pairing = fighting.find((w) => w.pairsOnlyWith !== null);
  const hands = pairing
    ? fighting.filter((w) => w.key === pairing.pairsOnlyWith).length
    : fighting.filter((w) => w.singleHanded).length;
  const character = has('character') || has('independent-character');
  return {
    weapon: special,
    twoWeapons: hands >= 2,
    grenades: {
      frag: spec.wargear.some((w) => w.grenade === 'frag'),
      plasma: spec.wargear.some((w) => w.grenade === 'plasma'),
      photon: spec.wargear.some((w) => w.grenade === 'photon'),
    },
    rank: character ? RANK.character : special ? RANK.special : RANK.ordinary,
    monstrous: has('monstrous-creature'),
    antiTank: spec.wargear.find((w) => w.grenade === 'melta') ?? spec.wargear.find((w) => w.grenade === 'krak') ?? null,
    tankHunters: has('tank-hunters'),
  };
}

/**
 * A vehicle's loadouts as its close combat weapons are wrecked one by one (vehicles.md V8): [0]
 * whole, [k] with k lost, the Dreadnought close combat weapon first, then the others as listed. A
 * walker has the +1 attack of a second weapon while it has two (V9), whatever their hands. A
 * vehicle that is not a walker has one loadout.
 */
export function walkerLoadouts(spec: ModelSpec, unitRules: readonly string[], whole: Loadout): Loadout[] {
  if (spec.vehicle?.kind !== 'walker') return [whole];
  const melee = (w: Weapon) => w.grenade === null && (w.shooting === null || w.shooting.type === 'pistol');
  const weapons = spec.wargear.filter(melee);
  const order = [...weapons.filter((w) => w.key === 'dreadnought-close-combat-weapon'), ...weapons.filter((w) => w.key !== 'dreadnought-close-combat-weapon')];
  const out: Loadout[] = [];
  for (let lost = 0; lost <= order.length; lost++) {
    const gone = order.slice(0, lost);
    const left = [...weapons];
    for (const g of gone) left.splice(left.indexOf(g), 1);
    const wargear = [...spec.wargear.filter((w) => !melee(w)), ...left];
    out.push({ ...loadoutOf({ ...spec, wargear }, unitRules), twoWeapons: left.length >= 2 });
  }
  return out;
}

function isSpecial(w: Weapon): boolean {
  return w.shooting === null && (
    w.strength.kind !== 'user' || w.ap !== null || w.ignoresArmour || w.initiative !== null ||
    w.woundOn !== null || w.rerollFailedWounds || w.maxSave !== null || w.rending || w.force
  );
}

/**
 * The Leadership of a unit's most numerous model (rules ruling 28): models are counted by key,
 * whatever their wargear or place; when two or more models are equally numerous, the lowest of
 * their Leaderships (the rank and file is the lesser of them: a sergeant beside one trooper leads).
 */
export function rankAndFileLd(unit: UnitSpec): number {
  const count = new Map<string, { n: number; ld: number }>();
  for (const g of unit.models) {
    const c = count.get(g.spec.key);
    if (c) {
      c.n += g.count;
      c.ld = Math.min(c.ld, g.spec.profile.Ld);
    } else count.set(g.spec.key, { n: g.count, ld: g.spec.profile.Ld });
  }
  let best = { n: -1, ld: Infinity };
  for (const c of count.values()) if (c.n > best.n || (c.n === best.n && c.ld < best.ld)) best = c;
  return best.ld;
}

/** Where a model stands in its owner's removal order (ruling 8): a listed model by its place in `casualtyOrder`, then by class. */
function casualtyKey(unit: UnitSpec, spec: ModelSpec, loadout: Loadout, rankAndFile: number): number {
  const listed = unit.casualtyOrder.findIndex((n) => n === spec.key || n === spec.name);
  if (listed >= 0) return listed;
  // a leader by Leadership (rules ruling 28), tagged `character` or not
  const rank = loadout.rank === RANK.character ? RANK.character : spec.profile.Ld > rankAndFile ? RANK.leader : loadout.rank;
  return unit.casualtyOrder.length + rank;
}

/** A unit's models in the owner's removal order (ruling 8): the first is the next casualty. */
export function removalOrder(unit: UnitSpec): { spec: ModelSpec; loadout: Loadout; group: number; distance: number | undefined }[] {
  const members: { spec: ModelSpec; loadout: Loadout; group: number; distance: number | undefined; key: number; seq: number }[] = [];
  const rankAndFile = rankAndFileLd(unit);
  unit.models.forEach((g, group) => {
    const loadout = loadoutOf(g.spec, unit.rules);
    const key = casualtyKey(unit, g.spec, loadout, rankAndFile);
    for (let k = 0; k < g.count; k++) members.push({ spec: g.spec, loadout, group, distance: g.distance, key, seq: members.length });
  });
  members.sort((a, b) => a.key - b.key || a.seq - b.seq);
  return members;
}

/**
 * Working arrays of one fight's steps (majorities, wound allocation), kept with the fight so that
 * no module holds state and nothing is allocated per step.
 */
export class Scratch {
  readonly values: number[] = [];
  readonly counts: number[] = [];
  readonly groupSv: number[] = [];
  readonly groupCount: number[] = [];
  /** the hits' way round a unit: classes in armour-group order, each with its first position */
  readonly seg: ModelClass[] = [];
  readonly segGroup: number[] = [];
  readonly segEnd: number[] = [];
  /** hits of the batch being saved, per class of the way round */
  readonly segHits: number[] = [];
  /** the classes of the way round that save alike with the one rolling (their dice are one roll) */
  readonly segJoined: number[] = [];
  /** failed saves in the order rolled: batch, class that rolled, save needed, how many */
  readonly failedBatch: HitBatch[] = [];
  readonly failedClass: ModelClass[] = [];
  readonly failedNeed: number[] = [];
  readonly failedCount: number[] = [];
  /** models wounded by a force weapon: the bearer's class, the wounded class and model (deaths before it) */
  readonly forceBy: ModelClass[] = [];
  readonly forceClass: ModelClass[] = [];
  readonly forceOrdinal: number[] = [];
  /** the enemy units a group may strike (engine/strike.ts) */
  readonly targets: UnitState[] = [];
  /** waffle's charge sub-phase: how far each unit fell back as its reaction, by unit index */
  readonly fellBack: number[] = [];
  /**
   * a sweep's hits at random (engine/sweep-hits.ts): the caught unit's classes with living models
   * and their counts, the winners' classes striking, and the hits (then the wounds, or with
   * `Chance.sweepUnsaved` the unsaved wounds) of each on each, by striker then caught class;
   * `row` takes one spread
   */
  readonly sweepOnto: ModelClass[] = [];
  readonly sweepLiving: number[] = [];
  readonly sweepBy: ModelClass[] = [];
  readonly sweepShare: number[] = [];
  readonly sweepRow: number[] = [];
  /** (exact) what one striking class needs on each kind: to wound, to save, and the failures that kill them all */
  readonly sweepWound: number[] = [];
  readonly sweepSave: number[] = [];
  readonly sweepRoom: number[] = [];
  /** (exact) each kind's save re-roll and 4 times its Feel No Pain roll against the striking class (abilities.md B2, B4) */
  readonly sweepFx: number[] = [];
}

/** What a model is, as a string (name, profile, wargear, rules), worked out once per spec. */
const modelKeys = new WeakMap<ModelSpec, string>();
function modelKey(spec: ModelSpec): string {
  let k = modelKeys.get(spec);
  if (k === undefined) {
    const { key, name, profile, wargear, rules } = spec;
    modelKeys.set(spec, (k = JSON.stringify([key, name, profile, wargear, rules])));
  }
  return k;
}

export class FightState {
  readonly units: UnitState[] = [];
  readonly scratch = new Scratch();
  /** the outcome and the steps' view of the fight in progress (engine/fight.ts reuses both run after run) */
  outcome: import('./fight.js').FightOutcome | null = null;
  combat: import('./steps.js').Combat | null = null;
  step: import('./strike.js').StepState | null = null;
  readonly scenario: Scenario;
  /**
   * `ruleset` may reorganise the sides first (revised4: characters fight as units of their own);
   * with `inches` it keeps each model's distance (ruling 14), else only base contact or support.
   */
  constructor(scenario: Scenario, ruleset?: { organize?(s: Scenario): Scenario; inches?: boolean; invulnerableWhenArmourFails?: boolean }) {
    this.scenario = ruleset?.organize ? ruleset.organize(scenario) : scenario;
    scenario = this.scenario;
    for (const side of ['attacker', 'defender'] as const) {
      const first = this.units.length;
      for (const spec of scenario[side].units) {
        const unit = new UnitState(spec, side);
        if (spec.attachedTo !== undefined) unit.partOf = this.units[first + spec.attachedTo] ?? null;
        unit.partOf?.moveGroup.push(unit);
        const members = removalOrder(spec);
        // The player puts leaders and special weapons into base contact first: the models last
        // in the removal order are the ones in contact.
        const support = members.length - (spec.inContact ?? members.length);
        let plasmaInContact = false;
        members.forEach((m, i) => {
          const given = m.distance ?? (i >= support ? 0 : 1);
          if (given === 0 && m.loadout.grenades.plasma) plasmaInContact = true;
          const distance = ruleset?.inches ? given : given > 0 ? 1 : 0;
          const last = unit.classes[unit.classes.length - 1];
          // a force weapon's bearer is a class of its own: each psyker takes his own Psychic test (ruling 6)
          if (last && last.spec === m.spec && last.distanceAtStart === distance && !m.loadout.weapon?.force) last.size++;
          else unit.classes.push(new ModelClass(m.spec, unit, m.loadout, 1, distance));
        });
        const only = unit.classes.length === 1 ? unit.classes[0]! : null;
        if (only?.spec.vehicle) unit.vehicle = new VehicleState(only.spec.vehicle, spec, walkerLoadouts(only.spec, spec.rules, only.loadout));
        unit.index = this.units.length;
        unit.photon = members.some((m) => m.loadout.grenades.photon);
        // grenades are a special close combat attack: only a model in base contact uses them (000)
        unit.plasma = plasmaInContact;
        this.units.push(unit);
      }
    }
    let k = 0;
    for (const u of this.units) {
      if (ruleset?.invulnerableWhenArmourFails) for (const c of u.classes) c.invAlways = false;
      // a class is of the kind of the unit's first class of the same model (kinds are compared
      // within a unit); the whole model is compared only for two of one key from two entries.
      // A force weapon's bearer strikes alone (ruling 6: one Psychic test for each psyker), but
      // is the `same` model as another bearer of his profile
      const byKey = new Map<string, ModelClass[]>();
      for (const c of u.classes) {
        c.index = c.kind = c.same = k++;
        const force = c.loadout.weapon?.force === true;
        const same = byKey.get(c.spec.key);
        const model = same?.find((d) => d.spec === c.spec || modelKey(d.spec) === modelKey(c.spec));
        if (model) c.same = model.same;
        const twin = force ? undefined : model;
        if (twin) c.kind = twin.kind;
        else if (same) same.push(c);
        else byKey.set(c.spec.key, [c]);
      }
    }
    for (const u of this.units) u.locked.push(...this.units.filter((e) => e.side !== u.side && lockedTogether(u.spec, e.spec)));
    this.reset();
  }
  reset(): void {
    for (let uI = 0; uI < this.units.length; uI++) {
      const u = this.units[uI]!;
      u.reset();
    }
  }
}
