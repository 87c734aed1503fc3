// An edition built on another as data (an edition file, io/edition.ts): the base ruleset with
// its choices (engine/options.ts), charts, armoury and named steps replaced. The result is a
// `Ruleset` like a shipped one, registered in the same registry and fought by the same steps:
// there is no second path. The steps an edition file may name are those the shipped editions'
// procedures have, by name.
import type { Weapon } from '../model.js';
import { withMorale, withOptions, type RuleOptions } from '../engine/options.js';
import type { Chart, Ruleset } from '../engine/ruleset.js';
import type { Procedure, Step } from '../engine/steps.js';
import type { InitiativeStep } from '../engine/strike.js';
import { fightphase } from './fightphase/index.js';
import { revised4 } from './revised4/index.js';
import { srd4 } from './srd4/index.js';
import { waffle } from './waffle/index.js';

/** The three lists of a procedure, by the name an edition file gives them. */
export const STEP_LISTS = ['charge', 'phase', 'initiative'] as const;
export type StepList = (typeof STEP_LISTS)[number];

type Named = Step | InitiativeStep;

/** Every step a shipped edition's procedure has, by list and name (the first edition that has it, in registry order). */
function catalogue(): Record<StepList, Map<string, Named>> {
  const out: Record<StepList, Map<string, Named>> = { charge: new Map(), phase: new Map(), initiative: new Map() };
  for (const r of [srd4, revised4, fightphase, waffle]) {
    for (const list of STEP_LISTS) for (const s of r.procedure[list]) if (!out[list].has(s.name)) out[list].set(s.name, s);
  }
  return out;
}

const CATALOGUE = catalogue();

/** The step names an edition file may list, by list. */
export const STEP_NAMES: Record<StepList, readonly string[]> = {
  charge: [...CATALOGUE.charge.keys()],
  phase: [...CATALOGUE.phase.keys()],
  initiative: [...CATALOGUE.initiative.keys()],
};

/**
 * What a step list must hold to fight and end as the rules say: the steps every list needs, in
 * the order they must come (each after the one before), and where an optional step may stand
 * (after the step `after`, before the step `before`). Every shipped edition's procedure keeps
 * these; an edition file that breaks one is refused (io/edition.ts).
 */
export interface StepOrder {
  /** `why`: what goes wrong without it; `needs`: why it comes after the one before */
  required: readonly { name: string; why: string; needs: string }[];
  /**
   * Steps that may be left out, unless `neededOver` names something the base has (its vehicles,
   * its distances in inches): over such a base the step is needed as a required one is, and
   * `needed` says what goes wrong without it.
   */
  optional: readonly { name: string; after?: string; before?: string; why: string; neededOver?: 'vehicles' | 'inches'; needed?: string }[];
}

export const STEP_ORDER: Partial<Record<StepList, StepOrder>> = {
  charge: { required: [{ name: 'charge', why: 'nobody would charge, nor roll a charge distance', needs: '' }], optional: [] },
  phase: {
    required: [
      { name: 'prepare', why: 'nobody would be gathered to strike', needs: '' },
      { name: 'fight', why: 'a phase with no fight step cannot fight', needs: 'the fight strikes with the units prepare gathered' },
      { name: 'result', why: 'a phase with no result cannot end', needs: 'the result counts the wounds the fight step inflicted' },
      { name: 'massacre', why: 'a side wiped out would never end the combat (rules ruling 6: a unit with no models leaves at once)', needs: 'the massacre ends the combat on the wipe-out the result found' },
      { name: 'morale', why: 'the losing units would never test Morale', needs: 'Morale is tested by the losers the result found, once a wipe-out has ended the combat or not (rules ruling 6)' },
      { name: 'sweep', why: 'a unit that fails Morale would never fall back', needs: 'the sweep moves the units that failed Morale' },
    ],
    optional: [
      { name: 'wipeOut', after: 'result', before: 'massacre', why: 'it tests the units near a side the result found wiped out, before the massacre ends the combat' },
      { name: 'disengage', after: 'sweep', why: 'it ends the combat by who fell back or was swept' },
      { name: 'hitAndRun', after: 'sweep', why: 'units with Hit & Run leave a combat their side lost or drew after the sweeping advances, and it ends the combat by who fell back or was swept (abilities.md B11)' },
      {
        name: 'vehiclesLeave', after: 'sweep', why: 'it ends the combat by who fell back or was swept', neededOver: 'vehicles',
        needed: 'a vehicle that is not a walker would stay locked to the last phase (vehicles.md V10, V18: it is never locked and leaves after the phase)',
      },
      {
        name: 'pileIn', after: 'fight', why: 'a pile-in ends the charge: before the fight, the chargers would strike without it', neededOver: 'inches',
        needed: 'models out of base contact would never close in after the first phase: sides that stand apart would stay locked, striking nobody, to the last phase (rules ruling 6: a continuing combat\'s pile-in engages every model)',
      },
    ],
  },
  initiative: {
    required: [
      { name: 'blows', why: 'an Initiative step with no blows strikes nobody', needs: '' },
      { name: 'casualties', why: 'blows struck would never wound anyone', needs: 'casualties are taken from the blows struck before them (first, every fight would end with no wound)' },
    ],
    optional: [
      { name: 'pileIn', before: 'blows', why: 'models pile in at the start of each Initiative step, before they strike' },
    ],
  },
};

/** Whether the optional step `o` is needed over `base` (vehicles.md V10, rules ruling 23). */
export function neededOver(o: StepOrder['optional'][number], base: Ruleset): boolean {
  return o.neededOver !== undefined && base[o.neededOver] === true;
}

/** The steps each list of an edition built on `base` must hold, in their order; the others may be left out. */
export function stepsNeeded(base: Ruleset): Record<StepList, string[]> {
  const out = { charge: [], phase: [], initiative: [] } as Record<StepList, string[]>;
  for (const list of STEP_LISTS) {
    const order = STEP_ORDER[list];
    if (!order) continue;
    const names = new Set([...order.required.map((r) => r.name), ...order.optional.filter((o) => neededOver(o, base)).map((o) => o.name)]);
    out[list] = base.procedure[list].map((s) => s.name).filter((n) => names.has(n));
    for (const n of names) if (!out[list].includes(n)) out[list].push(n);
  }
  return out;
}

/** An option group of `RuleOptions` given in part: what an edition file says (the rest is the base's). */
export type OptionsGiven = { [K in keyof RuleOptions]?: RuleOptions[K] extends object ? Partial<RuleOptions[K]> : RuleOptions[K] };

/** What an edition file holds, checked and resolved (io/edition.ts). */
export interface EditionSpec {
  id: string;
  name: string;
  /** the file, and its `base` as written (an id or a path) */
  file: string;
  baseAs: string;
  document?: string;
  summary?: string;
  notes?: readonly string[];
  toHit?: Chart;
  toWound?: Chart;
  armoury?: Readonly<Record<string, Weapon>>;
  options: OptionsGiven;
  steps?: Partial<Record<StepList, readonly string[]>>;
}

/** `base`'s choices with those given put in their place. */
export function mergeOptions(base: RuleOptions, given: OptionsGiven): RuleOptions {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(given)) {
    if (v === undefined) continue;
    const was = (base as unknown as Record<string, unknown>)[k];
    out[k] = v !== null && typeof v === 'object' && was !== null && typeof was === 'object' ? { ...was, ...v } : v;
  }
  return out as unknown as RuleOptions;
}

/** The step of list `list` named `name`: `from`'s own of that name, else the first shipped edition's. */
function stepNamed(from: Procedure, list: StepList, name: string): Named | undefined {
  return from[list].find((s) => s.name === name) ?? CATALOGUE[list].get(name);
}

/** The ruleset an edition file makes over `base` (which has its choices as data: a 40K edition). */
export function deriveEdition(base: Ruleset, spec: EditionSpec): Ruleset {
  const options = mergeOptions(base.options!, spec.options);
  const opted = withOptions(base, options);
  let procedure = opted.procedure;
  if (spec.steps) {
    const pick = <T extends Named>(list: StepList, names: readonly string[] | undefined, was: readonly T[]): T[] =>
      names ? names.map((n) => stepNamed(opted.procedure, list, n) as T) : [...was];
    procedure = withMorale({
      charge: pick<Step>('charge', spec.steps.charge, procedure.charge),
      phase: pick<Step>('phase', spec.steps.phase, procedure.phase),
      initiative: pick<InitiativeStep>('initiative', spec.steps.initiative, procedure.initiative),
    }, options.morale);
  }
  return {
    ...opted,
    id: spec.id,
    name: spec.name,
    document: spec.document ?? base.document,
    summary: spec.summary ?? base.summary,
    notes: spec.notes ? [...spec.notes] : base.notes,
    toHit: spec.toHit ?? base.toHit,
    toWound: spec.toWound ?? base.toWound,
    armoury: spec.armoury ? { ...base.armoury, ...spec.armoury } : base.armoury,
    procedure,
    file: { path: spec.file, base: spec.baseAs, baseId: base.id, root: base.file?.root ?? base.id },
  };
}
