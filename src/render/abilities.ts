// Abilities in words (abilities.md): each effect as a player says it, an edition's special rules
// as `assault rules ID` lists them (abilities, the rules of code, what is not modelled), and what
// an edition file's abilities change against its base (`rules FILE`, `rules A --diff B`).
import type { Ability, Effect, When } from '../abilities.js';
import { SPECIAL_RULES } from '../model.js';
import { wrap } from './layout.js';

const WHEN_WORDS: Readonly<Record<When, string>> = {
  always: '',
  charging: ' when it charged (first phase)',
  charged: ' when charged (first phase)',
  firstRound: ' in the first phase',
};

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** One effect in words: "+1 S, +1 I when it charged (first phase)", "hits on 3+ (not against ...)". */
export function effectWords(e: Effect): string {
  let what: string;
  switch (e.kind) {
    case 'modify': what = Object.entries(e.modify).map(([k, v]) => `${signed(v!)} ${k}`).join(', '); break;
    case 'reroll': {
      const roll = e.roll === 'hit' ? 'hits' : e.roll === 'wound' ? 'wounds' : 'saves';
      what = e.results === 'ones' ? `re-rolls ${roll} of 1` : `re-rolls failed ${roll}`;
      break;
    }
    case 'hitOn': what = `hits on ${e.n}+ in close combat`; break;
    case 'feelNoPain': what = `ignores an unsaved wound on ${e.n}+`; break;
    case 'eternalWarrior': what = 'never suffers Instant Death'; break;
    case 'chargeBonus': what = 'no +1 attack for charging'; break;
    case 'fearless': what = e.models === null ? 'passes its Morale checks' : `passes its Morale checks while ${e.models} or more models live`; break;
    case 'leadership': what = 'tests on its number of models (at most 10) where that beats its Leadership'; break;
    case 'strikeAt': what = `strikes at Initiative ${e.n}`; break;
    case 'engageAll': what = 'every model engaged in base contact'; break;
    case 'hitAndRun': what = 'leaves the combat at the end of a phase its side lost or drew'; break;
    case 'sweepProof': what = 'held, not destroyed, by a sweeping advance'; break;
  }
  const not = e.notAgainst && e.notAgainst.length > 0 ? ` (not against a unit most of whose models have ${e.notAgainst.join(' or ')})` : '';
  return `${what}${WHEN_WORDS[e.when]}${not}`;
}

/** An ability's effects in words, one sentence. */
export function abilityWords(a: Ability): string {
  return a.effects.map(effectWords).join('; ');
}

/** abilities.md C2: what the effects leave out, and why (`assault rules ID` says so). */
export const NOT_MODELLED: readonly string[] = [
  'Fleet: a move, and there is no board (a charge connects, or is rolled against chargeDistance: ruling 12).',
  "Rage's movement: the move towards the nearest enemy needs a board (waffle's rage reads what it changes in a fight).",
  'Furious Charge in a consolidation: nothing is fought after the consolidation, which is only printed.',
  'Synapse and other auras: they reach units within a range, and there is no board: give the unit fearless (or the effect the aura gives) if it is in range.',
  'No Retreat! (4th edition): its casualties table could not be sourced (abilities.md B12).',
  'Combat Tactics: a 5th-edition rule, outside the 4th-era rules here.',
  'The Dark Eldar combat drugs: the 4th-era table could not be sourced: write the drug rolled as an ability.',
];

/** `assault rules ID`, a 40K edition's special rules: its abilities with their effects and sources, its rules of code, what is not modelled. */
export function specialRulesSection(abilities: Readonly<Record<string, Ability>>, width: number): string[] {
  const list = Object.values(abilities).sort((a, b) => a.key.localeCompare(b.key));
  const coded = SPECIAL_RULES.filter((r) => !Object.hasOwn(abilities, r));
  return [
    '',
    ...wrap('Special rules as abilities (a rules: list names them by key; a roster may define its own under abilities:):', width, ''),
    ...list.flatMap((a) => [
      ...wrap(`- ${a.key} (${a.name}): ${abilityWords(a)}`, width, '    '),
      ...(a.source ? wrap(`    source: ${a.source}`, width, '      ') : []),
    ]),
    '',
    ...wrap(`Special rules of code (the effects cannot express them exactly; this edition's steps read them): ${coded.join(', ')}.`, width, '  '),
    '',
    ...wrap('Not modelled (abilities.md C2), and why:', width, ''),
    ...NOT_MODELLED.map((n) => wrap(`- ${n}`, width, '  ')).flat(),
  ];
}

/** What the abilities of `b` change against those of `a`: added, redefined (old and new effects). One line each. */
export function abilityChanges(a: Readonly<Record<string, Ability>>, b: Readonly<Record<string, Ability>>): string[] {
  const out: string[] = [];
  for (const key of Object.keys(b)) {
    const now = b[key]!;
    const was = Object.hasOwn(a, key) ? a[key] : undefined;
    if (!was) out.push(`ability ${key} added: ${now.name}: ${abilityWords(now)}`);
    else if (was !== now && (was.name !== now.name || abilityWords(was) !== abilityWords(now))) {
      out.push(`ability ${key} redefined: ${was.name}: ${abilityWords(was)} -> ${now.name}: ${abilityWords(now)}`);
    }
  }
  for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) out.push(`ability ${key} removed (${a[key]!.name})`);
  return out;
}
