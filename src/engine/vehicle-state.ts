// What a vehicle or walker carries through a fight (../shared/rules/vehicles.md): its armour
// struck in close combat, how hard it is to hit, and the damage it has taken (counts and a few
// flags), reset before each fight. engine/vehicle.ts applies the rules to it.
import type { Moved, UnitSpec, VehicleSpec } from '../model.js';
import type { Loadout } from './state.js';

/** The roll needed to hit a vehicle that is not a walker, by how far it moved (V3); 0: automatic, no die. */
export const MOVED_NEED: Readonly<Record<Moved, number>> = { stationary: 0, combat: 4, fast: 6 };

export class VehicleState {
  readonly walker: boolean;
  /** the armour every close combat hit is rolled against: rear, a walker's front (V4, V5) */
  readonly armour: number;
  readonly facing: 'rear' | 'front';
  /** open-topped: +1 on every damage die (V8) */
  readonly shift: number;
  /** to hit it when it is not a walker, by `moved` (V3) */
  readonly movedNeed: number;
  /** its close combat weapons as they are wrecked: [k] with k lost (engine/state.ts `walkerLoadouts`) */
  readonly loadouts: readonly Loadout[];

  /** to hit it this phase (an immobilised vehicle counts as stationary from the next phase: V2) */
  need = 0;
  /** shaken, stunned: 2 when rolled in this phase (it lasts through the next), 1 in the phase it lasts through, 0 none (V8) */
  shaken = 0;
  stunned = 0;
  immobilised = false;
  explodes = false;
  /** gun wrecked results rolled (V14: a count, destroyed vehicles included) */
  gunsWrecked = 0;
  /** glancing and penetrating hits it took */
  glancing = 0;
  penetrating = 0;
  /** a walker's close combat weapons lost, as of the start of this phase */
  lost = 0;
  /** a walker fights one attack fewer this phase (stunned or immobilised: V9), already taken off; `slowedBy`: 1 when it had one to lose */
  slowed = false;
  slowedBy = 0;
  /** this Initiative step's glancing and penetrating hits, whose damage dice are rolled and applied together at its end (V8) */
  pendGlancing = 0;
  pendPenetrating = 0;

  constructor(spec: VehicleSpec, unit: UnitSpec, loadouts: Loadout[]) {
    this.walker = spec.kind === 'walker';
    this.armour = this.walker ? spec.front : spec.rear;
    this.facing = this.walker ? 'front' : 'rear';
    this.shift = spec.types.includes('open-topped') ? 1 : 0;
    this.movedNeed = MOVED_NEED[unit.moved ?? 'stationary'];
    this.loadouts = loadouts;
    this.reset();
  }

  reset(): void {
    this.need = this.movedNeed;
    this.shaken = this.stunned = 0;
    this.immobilised = this.explodes = false;
    this.gunsWrecked = this.glancing = this.penetrating = this.lost = 0;
    this.slowed = false;
    this.slowedBy = 0;
    this.pendGlancing = this.pendPenetrating = 0;
  }
}
