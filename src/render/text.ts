// The fight log as text: every die shown, with the target number and how it was found.
import { AUTO_HIT, spreadDigits } from '../dice.js';
import type { ChalkInstance } from 'chalk';
import type { EffectNote, FightEvent, HitCause, ProfileData, SaveGroup, SweepRule, UnitFlags } from '../engine/events.js';
import type { SideId } from '../model.js';
import { painter } from './color.js';
import { DEFAULT_WIDTH, visible, wrap, wrapAll } from './layout.js';
import { plain } from '../plain.js';
import { renderEpicEvent } from './epic.js';
import { renderVehicleEvent, vehicleProfileText } from './vehicle-text.js';
import { added, rerolledText, withMods } from './effects-text.js';

const sideName = (s: SideId) => (s === 'attacker' ? 'attacker' : 'defender');

function dice(rolls: number[], need: number | null, c: ChalkInstance): string {
  if (rolls.length === 0) return '-';
  return rolls.map((r) => (need !== null && need > 0 && r >= need ? c.green(String(r)) : c.dim(String(r)))).join(' ');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const CAUSE: Record<HitCause, string> = { weapon: '', monstrous: 'monstrous creature', rending: 'rending', plain: 'close combat' };
const cause = (g: SaveGroup) => (g.cause === 'weapon' ? g.weapon ?? 'weapon' : CAUSE[g.cause]);

/** Which save a group rolls, and why: 'Sv 3+', 'invulnerable 4+ (Power weapon)', 'no save (rending)'. */
function saveWhy(g: SaveGroup): string {
  switch (g.save) {
    case 'none': return g.special ? `no save (${cause(g)})` : 'no save';
    case 'invulnerable': return g.special ? `invulnerable ${g.need}+ (${cause(g)})` : `invulnerable ${g.need}+`;
    case 'limited': return `Sv ${g.sv}+ limited to ${g.need}+ (${cause(g)})`;
    case 'cover': return `cover ${g.need}+`;
    case 'armour': return `Sv ${g.need}+`;
  }
}

/** Dice this few are set below their head with what they did, rather than tallied. */
const FEW_DICE = 4;

/**
 * A line with its dice: on one line when it fits, else the head with a tally (`60 dice: 41 hits`)
 * and the dice below it, wrapped with an indent; a few dice go below the head with their result.
 */
function withDice(head: string, diceText: string, result: string, width: number, sep = '  '): string[] {
  const one = `${head}${sep}${diceText} -> ${result}`;
  if (visible(one) <= width) return [one];
  if (diceText.split(' ').length <= FEW_DICE) return [head, `      ${diceText} -> ${result}`];
  const n = diceText.split(' ').length;
  return [`${head}${sep}${n} dice: ${result}`, ...wrap(`      ${diceText}`, width, '      ')];
}

/** A line with its dice and their re-rolls (`re`, may be empty): on the same line when it fits, else below the dice (never counted as dice). */
function withRerolls(head: string, diceText: string, re: string, result: string, width: number): string[] {
  const lines = withDice(head, diceText, result, width - visible(re));
  if (!re) return lines;
  if (lines.length === 1) return [lines[0]!.replace(' -> ', `${re} -> `)];
  return [...lines, ...wrap(`      ${re.trim()}`, width, '      ')];
}

function saveLines(g: SaveGroup, c: ChalkInstance, width: number): string[] {
  // no model named: dice rolled with the last ones for hits that found nobody left (fightphase pools)
  const what = g.models.length > 0 ? `${plural(g.count, 'hit')} on ${g.models.join(' or ')}` : `${plural(g.count, 'hit')} past the last model`;
  if (g.need === null) return [`    ${what}: ${saveWhy(g)}: ${c.red(`${g.failed} unsaved`)}`, ...fxLines(g, c, width)];
  const lines = withDice(`    ${what}, ${saveWhy(g)}:`, dice(g.rolls, g.need, c), g.failed > 0 ? c.red(`${g.failed} unsaved`) : 'all saved', width, ' ');
  return [...lines, ...fxLines(g, c, width)];
}

/** What abilities did to a group's saves (abilities.md B13): the saves re-rolled, first rolls to new ones; the Feel No Pain dice and the wounds they ignored. */
function fxLines(g: SaveGroup, c: ChalkInstance, width: number): string[] {
  const out: string[] = [];
  if (g.rerolls && g.rerolls.from.length > 0) {
    out.push(...withDice('      re-rolled:', dice(g.rerolls.from, g.need, c), dice(g.rerolls.to, g.need, c), width, ' '));
  }
  if (g.pain && g.pain.rolls.length > 0) {
    out.push(...withDice(`      Feel No Pain ${g.pain.need}+:`, dice(g.pain.rolls, g.pain.need, c), `${plural(g.pain.ignored, 'wound')} ignored`, width, ' '));
  }
  return out;
}

function profileText(p: ProfileData): string {
  return `WS${p.WS} S${p.S} T${p.T} W${p.W} I${p.I} A${p.A} Ld${p.Ld} Sv${p.Sv ? `${p.Sv}+` : '-'}${p.Inv ? ` Inv${p.Inv}+` : ''}`;
}

function flagsText(f: UnitFlags): string[] {
  return [
    f.charging ? 'charging' : '', f.inCover ? 'in cover' : '', f.firedThisTurn ? 'fired this turn' : '',
    f.inContact !== null ? `${f.inContact} in base contact` : '', f.moved !== undefined ? `moved: ${f.moved}` : '', ...f.rules,
  ].filter(Boolean);
}

function sweepRuleText(rule: SweepRule, fleeDice: number, sweepDice: number): string {
  switch (rule) {
    case 'initiative': return 'D6+Initiative each; the loser escapes only with the higher total';
    case 'distance': return `sweep ${sweepDice}D6 against fall back ${fleeDice}D6; higher holds the loser in combat`;
    case 'cannotSweep': return 'the winners cannot make a sweeping advance';
    case 'stillLocked': return 'the winners are still locked in combat';
    case 'outOfContact': return 'no model of it is left in base contact: it cannot be swept';
  }
}

const withJoined = (unit: string, joined: string[]) => [unit, ...joined].join(' with ');

export function renderEvent(e: FightEvent, c: ChalkInstance, width = DEFAULT_WIDTH): string[] {
  switch (e.type) {
    case 'start': {
      const out = [
        c.bold(`assault: ${e.scenario}`),
        `ruleset ${e.ruleset} (${e.rulesetName}${e.rulesetFile ? `; ${plain(e.rulesetFile)} on ${plain(e.rulesetBase ?? '')}` : ''}), seed ${plain(e.seed)}${e.run !== null ? `, run ${e.run}` : ''}, rounds: ${e.rounds}`,
      ];
      for (const s of e.sides) {
        for (const u of s.units) {
          const notes = flagsText(u.flags);
          out.push(`${s.side === 'attacker' ? 'Attacker' : 'Defender'}: ${c.bold(u.name)}${notes.length ? ` (${notes.join(', ')})` : ''}`);
          for (const m of u.models) out.push(`  ${m.count} x ${m.name}  ${m.vehicle ? vehicleProfileText(m.vehicle, m.profile) : profileText(m.profile)}${m.wargear.length ? `  [${m.wargear.join(', ')}]` : ''}${m.distance !== undefined ? `  ${m.distance}" away` : ''}`);
        }
      }
      return out;
    }
    case 'charge':
      {
        const how = e.roll === 'highest' ? `, difficult terrain: highest of 2D6 (${e.rolls.join(' ')}) = ${e.reach}"`
          : e.roll === 'sum' ? `, 2D6: ${e.rolls.join('+')} = ${e.reach}"${e.difficult ? ' (through difficult terrain)' : ''}` : `, reaches ${e.reach}"`;
        return [`Charge: ${e.unit} needs ${e.distance}"${how} -> ${e.made ? c.green('charge made') : c.red('charge failed')}`];
      }
    case 'phase':
      return ['', c.bold.underline(`Assault phase ${e.phase} (${sideName(e.turn)}'s turn)`) + (e.charging.length ? `  charging: ${e.charging.join(', ')}` : '  nobody charges')];
    case 'step':
      return [c.cyan(`Initiative ${e.initiative}`)];
    case 'attacks': {
      const mods = (what: EffectNote['what']) => (e.mods ?? []).filter((x) => x.what === what);
      const noBonus = mods('chargeBonus').map((x) => `no charge bonus (${x.by})`);
      const why = e.supporting ? `${e.base} (supporting)` : [`A${e.base}`, ...mods('A').map(added), e.twoWeapons ? '+1 two weapons' : '', e.charge ? '+1 charge' : '', ...noBonus, e.slowed ? '-1 stunned or immobilised' : ''].filter(Boolean).join(' ');
      // the Initiative its abilities gave it (the step's header says which it is)
      const init = [...mods('I').map((x) => `I ${added(x)}`), ...mods('strikeAt').map((x) => `strikes at I${x.value} (${x.by})`)];
      // fightphase, waffle: the charge through difficult terrain decided the step over the abilities
      const not = [...mods('I').map((x) => `I ${added(x)}`), ...mods('strikeAt').map((x) => `I${x.value} (${x.by})`)];
      const at = e.terrain ? ` [strikes at I1: charged through difficult terrain, not ${not.join(', ')}]` : init.length > 0 ? ` [${init.join(', ')}]` : '';
      const head = e.finalBlow
        ? `  Final Blow: ${e.model} (${e.unit}) -> ${e.target}: ${plural(e.attacks, 'more attack')}, one for each wound it rolled${e.weapon ? ` with ${e.weapon}` : ''}`
        : `  ${e.count} x ${e.model} (${e.unit}) -> ${e.target}: ${plural(e.attacks, 'attack')} [${why}]${e.weapon ? ` with ${e.weapon}` : ''}${at}`;
      const rend = e.rending > 0 ? `, ${e.rending} rending (6s wound automatically, no armour save)` : '';
      const ws = `WS${e.ws}${mods('WS').length > 0 ? ` (${mods('WS').map(added).join(', ')})` : ''} vs WS${e.targetWs}`;
      if (e.need === 0) return [head, `    to hit ${ws}: WS 0 cannot hit -> 0 hits`];
      if (e.need === AUTO_HIT) return [head, `    to hit ${ws}: A, every attack hits (no roll) -> ${plural(e.hits, 'hit')}`];
      // an ability's roll instead of the chart's (abilities.md B3)
      const how = e.hitOnBy ? `    to hit: hits on ${e.need}+ (${e.hitOnBy.join(', ')})` : `    to hit ${ws}: ${e.need}+`;
      const re = e.hitRerolls && e.hitRerolls.length > 0 ? rerolledText(e.rolls, e.need, e.hitRerolls, e.hitRerollOnes === true, e.hitRerollBy ?? [], c) : '';
      const result = `${plural(e.hits, 'hit')}${rend}`;
      if (!re) return [head, ...withDice(how, dice(e.rolls, e.need, c), result, width)];
      // re-rolls: on the same line when it fits, else below the dice
      const one = withDice(how, dice(e.rolls, e.need, c), result, width - visible(re));
      if (one.length === 1) return [head, one[0]!.replace(' -> ', `${re} -> `)];
      return [head, ...withDice(how, dice(e.rolls, e.need, c), result, width), ...wrap(`      ${re.trim()}`, width, '      ')];
    }
    case 'wounds': {
      const need = e.need > 0 ? e.need : null;
      const rolled = e.need > 0 ? dice(e.rolls, need, c) : '(no roll)';
      // an ability's re-roll shows the dice rolled again and their new faces; a weapon's marks each new die (abilities.md B13)
      const re = e.rerolls.length === 0 ? ''
        : e.rerollBy ? rerolledText(e.rolls, e.need, e.rerolls, e.rerollOnes === true, e.rerollBy, c)
        : `  re-rolled: ${e.rerolls.map((r) => `${r}r`).map((s, i) => (e.rerolls[i]! >= e.need ? c.green(s) : c.dim(s))).join(' ')}`;
      const auto = e.autoWounds > 0 ? ` + ${e.autoWounds} rending` : '';
      const st = `${withMods('S', e.strength, e.strengthBy)} vs T${e.toughness}`;
      const how = e.woundOn !== null && e.need > 0 ? `${e.weapon}: wounds on ${e.woundOn}+` : e.need > 0 ? `${st}: ${e.need}+` : `${st}: cannot wound`;
      if (e.need <= 0 || e.rolls.length === 0) return [`    to wound ${how}  ${rolled}${re} -> ${plural(e.wounds, 'wound')}${auto}`];
      return withRerolls(`    to wound ${how}`, rolled, re, `${plural(e.wounds, 'wound')}${auto}`, width);
    }
    case 'saves':
      return [`  Saves for ${e.unit} against ${plural(e.hits, 'wounding hit')}:`, ...e.groups.flatMap((g) => saveLines(g, c, width))];
    case 'casualties': {
      const parts: string[] = [];
      if (e.killed.length) parts.push(c.red(`killed ${summarize(e.killed)}`));
      if (e.wounded.length) parts.push(`wounded ${e.wounded.map((w) => `${w.model} (${w.left}/${w.of} W left)`).join(', ')}`);
      if (e.instantDeath) parts.push(`${e.instantDeath} instant death`);
      if (e.eternalWarrior) parts.push(`${plural(e.eternalWarrior, 'wound')} not instant death (eternal warrior)`);
      if (e.excess) parts.push(`${plural(e.excess, 'excess wound')} lost`);
      return [`    ${e.unit}: ${plural(e.woundsInflicted, 'wound')} inflicted${parts.length ? `; ${parts.join('; ')}` : ''}`];
    }
    case 'psychic':
      return [`    Force weapon: ${e.model} Psychic test Ld${e.ld}${ldWhy(e)}: ${e.rolls.join('+')} = ${sum(e.rolls)} -> ${e.passed ? (e.slain ? c.red(`passed, ${e.slain} slain outright`) : 'passed, no wounded model left to slay') : 'failed'}`];
    case 'result': {
      const verdict = e.wipedOut ? `${sideName(e.wipedOut)} wiped out: ${e.winner ? `${sideName(e.winner)} wins` : 'both destroyed'}`
        : e.winner ? `${sideName(e.winner)} wins` : 'draw';
      return [c.bold(`Result: attacker inflicted ${e.attacker}, defender inflicted ${e.defender} -> ${verdict}`)];
    }
    case 'morale': {
      const unit = withJoined(e.unit, e.joined);
      if (e.fearless) return [`Morale: ${unit} is fearless${fearlessWhy(e)} -> holds`];
      const why = e.reason === 'wipe-out' ? ' (Wipe Out!)' : '';
      const shock = e.battleshocked ? ', battleshocked' : '';
      if (e.reason === 'useless') return [`Morale: ${unit} cannot hurt the enemy (Our Weapons Are Useless) -> ${c.red(`fails on purpose, falls back${shock}`)}`];
      return [`Morale${why}: ${unit} Ld${e.ld}${ldWhy(e)}${e.penalty ? `-${e.penalty}` : ''}: ${e.rolls.join('+')} = ${sum(e.rolls)} -> ${e.passed ? c.green('passed, holds') : c.red(`failed, falls back${shock}`)}`];
    }
    case 'breakoff': {
      const unit = withJoined(e.unit, e.joined);
      const rule = sweepRuleText(e.rule, e.loserRolls.length, e.winnerRolls.length);
      if (e.outcome === 'noSweep') return [`Break off: ${unit} falls back (${rule})`];
      const loser = `${unit} ${e.loserRolls.join('+')}+${e.loserBonus} = ${sum(e.loserRolls) + e.loserBonus}`;
      const winner = `${withJoined(e.winner, e.winnerJoined)} ${e.winnerRolls.join('+')}+${e.winnerBonus} = ${sum(e.winnerRolls) + e.winnerBonus}`;
      const caught = e.woundsLost !== undefined ? `${unit} is caught: ${plural(e.woundsLost, 'wound')} lost, no saves; it falls back`
        : e.struck ? `${unit} is caught: the winners strike it, then its survivors fall back` : `${unit} is caught and destroyed`;
      const held = e.heldBy ? `${unit} is caught but holds (${e.heldBy}); the combat goes on` : `${unit} is held; the combat goes on`;
      const verdict = e.outcome === 'fellBack' ? c.green(`${unit} falls back`) : e.outcome === 'held' ? c.yellow(held) : c.red(caught);
      return [`Sweeping advance (${rule}): ${loser} vs ${winner} -> ${verdict}`];
    }
    case 'declare': {
      const why: Record<string, string> = {
        ran: 'it ran in the Shooting phase', wentToGround: 'it went to ground', fallingBack: 'it is falling back', firedRapidFire: 'it fired Rapid Fire weapons',
        firedSalvo: 'it fired Salvo weapons', firedHeavy: 'it fired Heavy weapons', firedOrdnance: 'it fired Ordnance weapons', changedFlightMode: 'it changed flight mode this turn',
        outOfReach: 'the enemy is beyond its reach (more than 12")',
      };
      return [c.red(`Charge: ${e.unit} may not declare a charge: ${why[e.barred]}`)];
    }
    case 'reaction': {
      if (e.reaction === 'fallBack') return [`Reaction: ${e.unit} falls back from ${e.to}: ${e.rolls.join('+')} = ${e.move}"`];
      if (e.reaction === 'overwatch') return [`Reaction: ${e.unit} fires Overwatch at ${e.to} (snap shots: 6s hit)`];
      return [`Reaction: ${e.unit} holds (no reaction)`];
    }
    case 'shots': {
      const what = e.kind === 'overwatch' ? 'Overwatch' : 'Fiery Charge';
      const head = `  ${what}: ${e.count} x ${e.model} (${e.unit}) -> ${e.target}: ${plural(e.shots, 'shot')} with ${e.weapon}`;
      const to = e.kind === 'overwatch' ? '    to hit (snap shots): 6' : `    to hit BS${e.bs}: ${e.need}+`;
      if (e.need === 0) return [head, `${to.replace(/: .*$/, '')}: BS 0 cannot hit -> 0 hits`];
      return [head, ...withDice(to, dice(e.rolls, e.need, c), plural(e.hits, 'hit'), width)];
    }
    case 'sweepSpread': {
      const head = `  Sweep: ${e.hits} x ${e.model} (${e.unit}) -> ${e.target}: ${plural(e.hits, 'automatic hit')} (as charging)`;
      if (e.rolls.length === 0) return [`${head}${e.onto.length === 1 ? `, all on ${e.onto[0]!.model}` : ''}`];
      // the models numbered class by class: which numbers are whose
      let from = 1;
      const numbers = e.onto.map((o) => {
        const at = from;
        from += o.count;
        return `${o.model} ${o.count === 1 ? at : `${at}-${from - 1}`}`;
      });
      const m = spreadDigits(e.models);
      const how = `    each on a model at random, ${m === 1 ? 'a die' : `${m} dice`} a hit (${numbers.join(', ')})`;
      const fell = e.onto.filter((o) => o.hits > 0).map((o) => `${o.model} ${o.hits}`).join(', ');
      return [head, ...withDice(how, dice(e.rolls, null, c), fell, width)];
    }
    case 'sweepHits': {
      const st = `${withMods('S', e.strength, e.strengthBy)} vs T${e.toughness}`;
      const how = e.need > 0 ? `${st}: ${e.need}+` : `${st}: cannot wound`;
      const re = e.rerolls.length === 0 ? '' : e.rerollBy ? rerolledText(e.rolls, e.need, e.rerolls, e.rerollOnes === true, e.rerollBy, c) : `  re-rolled: ${e.rerolls.join(' ')}`;
      const head = e.targetModel !== undefined
        ? `  Sweep: ${plural(e.hits, 'hit')} of ${e.model} (${e.unit}) on ${e.targetModel} (${e.target})${e.weapon ? ` with ${e.weapon}` : ''}`
        : `  Sweep: ${e.hits} x ${e.model} (${e.unit}) -> ${e.target}: ${plural(e.hits, 'automatic hit')} (as charging)${e.weapon ? ` with ${e.weapon}` : ''}`;
      if (e.need <= 0) return [head, `    to wound ${how} -> 0 wounds`];
      return [head, ...withRerolls(`    to wound ${how}`, dice(e.rolls, e.need, c), re, plural(e.wounds, 'wound'), width)];
    }
    case 'consolidate':
      return [`Consolidation: ${e.units.join(', ')} (${sideName(e.side)}) may move ${e.d6 ? 'D6"' : '3"'}${e.massacre ? ' (massacre)' : ''}`];
    case 'pileIn':
      return ['Pile in: the combat goes on; every model is engaged next phase'];
    case 'pileInStep': {
      const where = e.to === 0 ? 'base contact' : `${inches(e.to)} away${e.to <= 1 ? ', engaged' : ', not engaged'}`;
      return [`  Pile in: ${e.count} x ${e.model} (${e.unit}) ${inches(e.from)} -> ${where}`];
    }
    case 'gap':
      return [`  The ${sideName(e.side)}'s closest models are gone: the sides now stand ${inches(e.gap)} apart`];
    case 'apart':
      return [`  No models within 6" of the enemy (closest ${inches(e.closest)}): the pile-ins cannot bring the combat together; the remaining Initiative steps are lost`];
    case 'hitAndRun':
      return [`${e.by}: ${withJoined(e.unit, e.joined)} (${e.side}) leaves the combat, not pursued`];
    case 'engageAll':
      return [`${e.by}: ${plural(e.models, 'model')} of ${e.unit} (${e.side}) ${e.models === 1 ? 'moves' : 'move'} into base contact`];
    case 'disengage':
      return [`Consolidation: ${e.unit} (${e.side}) stands ${inches(e.closest)} from the enemy, too far for the pile-ins to bring back: it consolidates and leaves the combat`];
    case 'vehicleAttacks':
    case 'penetration':
    case 'damage':
    case 'vehicleDamage':
    case 'vehicleLeaves':
      return renderVehicleEvent(e, c);
    case 'end': {
      const how: Record<string, string> = { destroyed: 'a side was destroyed', swept: 'the loser was swept away', fellBack: 'the loser fell back', locked: 'still locked in combat', chargeFailed: 'the charge failed', disengaged: 'the sides drew apart, nobody beaten' };
      const w = e.winner ? `${sideName(e.winner)} wins` : 'no winner';
      const s = e.survivors;
      return ['', c.bold(`End after ${plural(e.phase, 'assault phase')}: ${how[e.end]} (${w}). Survivors: attacker ${plural(s.attacker.models, 'model')} (${s.attacker.wounds} W), defender ${plural(s.defender.models, 'model')} (${s.defender.wounds} W)`)];
    }
    default:
      return renderEpicEvent(e, c) ?? [];
  }
}

/** 2.5 -> 2.5", 3 -> 3" */
function inches(d: number): string {
  return `${d}"`;
}

function sum(rolls: number[]): number {
  return rolls.reduce((a, b) => a + b, 0);
}

/** "Ork Boy x3, Nob" */
function summarize(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, k]) => (k > 1 ? `${n} x${k}` : n)).join(', ');
}

/** The step-by-step log, laid out for `width` columns (long dice lists get a tally and wrap). */
export function renderLog(events: FightEvent[], color = false, width = DEFAULT_WIDTH): string {
  const c = painter(color);
  // an Initiative step in which nothing happened (nobody left to strike) gets no header
  const shown = events.filter((e, i) => e.type !== 'step' || !EMPTY_AFTER.has(events[i + 1]?.type ?? 'end'));
  return wrapAll(shown.flatMap((e) => renderEvent(e, c, width)), width).join('\n') + '\n';
}

/** Events that follow an Initiative step's header only when the step had nothing in it. */
const EMPTY_AFTER: ReadonlySet<FightEvent['type']> = new Set(['step', 'result', 'end']);

/** Why a unit is fearless, when an ability other than Fearless made it so (abilities.md B7, B13): `(12 models: Mob Rule)`. */
function fearlessWhy(e: { fearlessBy?: string; models?: number }): string {
  if (e.fearlessBy === undefined) return '';
  return ` (${e.models !== undefined ? `${plural(e.models, 'model')}: ` : ''}${e.fearlessBy})`;
}

/** Why a test's Leadership is the number of models (abilities.md B8, B13): ` (12 models: Mob Rule)`. */
function ldWhy(e: { ldBy?: string; models?: number }): string {
  return e.ldBy === undefined || e.models === undefined ? '' : ` (${plural(e.models, 'model')}: ${e.ldBy})`;
}
