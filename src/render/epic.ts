// The fight log of an epic fight as text (rules/epic.md E3-E13): the Leadership roll, the moves
// against the charge Speed, base contact and support, the totals and bonuses, every roll-off,
// the result, every hit die, the retreat.
import type { ChalkInstance } from 'chalk';
import type { EpicCount, FightEvent } from '../engine/events.js';
import type { SideId } from '../model.js';
import { plain } from '../plain.js';

const RESULT_NAMES: Record<string, string> = {
  narrowWin: 'Narrow Win', forcedBack: 'Forced Back', drivenOff: 'Driven Off', hurledBack: 'Hurled Back', overwhelmed: 'Overwhelmed',
};

const ENDS: Record<string, string> = {
  swept: 'the loser\'s retreat destroyed it', fellBack: 'the loser retreated', chargeFailed: 'no close combat', disengaged: 'the sides drew apart',
};

/** How an epic fight ended, with who won the resolution roll where that is not who won (E13). */
function endWords(e: Extract<FightEvent, { type: 'epicEnd' }>): string {
  const roll = e.rollWinner;
  if (e.end === 'locked') return `the loser held its ground (no-retreat) after the ${roll} won the resolution roll (no winner)`;
  if (e.end === 'destroyed') {
    if (e.winner === null) return 'the hits destroyed both sides (no winner)';
    if (e.winner === roll) return `the hits destroyed the loser (${e.winner} wins)`;
    return `the ${roll} won the resolution roll, but the hits wiped it out (${e.winner} wins)`;
  }
  return `${ENDS[e.end] ?? e.end} (${e.winner ? `${e.winner} wins` : 'no winner'})`;
}

function units(n: number): string {
  return `${n} ${n === 1 ? 'unit' : 'units'}`;
}

function markers(n: number): string {
  return `${n} Blast ${n === 1 ? 'marker' : 'markers'}`;
}

function counts(list: EpicCount[]): string {
  return list.length === 0 ? 'none' : list.map((c) => `${c.group} x${c.count}`).join(', ');
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** The lines of an epic event, or null for an event of the 40K steps. */
export function renderEpicEvent(e: FightEvent, c: ChalkInstance): string[] | null {
  switch (e.type) {
    case 'epicStart': {
      const out = [
        c.bold(`assault: ${e.scenario}`),
        `ruleset ${e.ruleset} (${e.rulesetName}), seed ${plain(e.seed)}${e.run !== null ? `, run ${e.run}` : ''}, one close combat`,
      ];
      for (const s of e.sides) {
        const notes = [s.blastMarkers > 0 ? markers(s.blastMarkers) : '', s.broken ? 'Broken' : '', ...s.rules].filter(Boolean);
        out.push(`${s.side === 'attacker' ? 'Attacker' : 'Defender'}: ${c.bold(s.unit)}${notes.length ? ` (${notes.join(', ')})` : ''}`);
        for (const g of s.groups) {
          out.push(`  ${g.count} x ${g.name}  Speed ${g.speed} cm, Assault ${g.assault}, Firepower ${g.firepower}, Armour ${g.armour}+${g.rules.length ? `  [${g.rules.join(', ')}]` : ''}${g.distance !== undefined ? `  ${g.distance} cm away` : ''}`);
        }
      }
      return out;
    }
    case 'leadership': {
      const bonus = e.bonus > 0 ? ` +${e.bonus} (15 or more units) = ${e.roll + e.bonus}` : '';
      return [`Leadership test: ${e.unit} has ${markers(e.blastMarkers)}, needs more than ${e.blastMarkers} (a 6 always passes): D6 ${e.roll}${bonus} -> ${e.passed ? c.green('passed') : c.red('failed: the detachment does not move')}`];
    }
    case 'move': {
      const head = `Move: ${e.count} x ${e.group} ${e.distance} cm away, charge Speed ${e.chargeSpeed} cm`;
      if (e.reaches && e.inContact === e.count) return [`${head} -> ${c.green('reaches base contact')}`];
      const part = e.reaches ? ` -> reaches, but ${e.inContact > 0 ? `only ${e.inContact} may go in` : 'no room to go in'} (two per enemy unit)` : ` -> ${c.red('out of reach')}`;
      const rest = e.count - e.inContact;
      const moved = `; ${units(rest)} move ${e.speed} cm to ${e.to} cm away${e.supporting > 0 ? ', within 15 cm: support' : e.to <= 15 ? ', within 15 cm' : ', too far to support'}`;
      return [`${head}${part}${moved}`];
    }
    case 'contact':
      // nobody reached: no close combat, nobody supports (E13)
      if (e.attacker.length === 0) return ['In base contact: nobody reached the enemy: no close combat'];
      return [
        `In base contact: attacker ${counts(e.attacker)}; defender ${counts(e.defender)}`,
        `Supporting: attacker ${counts(e.supporting.attacker)}; defender ${counts(e.supporting.defender)}`,
      ];
    case 'totals': {
      const raw = e.contact + e.support;
      return [`Assault total, ${e.side} ${e.unit}: ${e.contact} in base contact + ${e.support} support = ${raw}${e.broken ? `, Broken: halved, rounded up = ${e.total}` : ''}`];
    }
    case 'bonus': {
      const parts = [
        e.enemyMarkers ? '+1 enemy has 5 or more Blast markers' : '',
        e.moreMarkers ? '+1 enemy has more Blast markers' : '',
        e.psykers ? '+1 more psykers' : '',
        e.totals ? `+${e.totals} for the totals` : '',
      ].filter(Boolean);
      return [`  ${e.side === 'attacker' ? 'Attacker' : 'Defender'} bonus: ${parts.length ? `${parts.join(', ')} = ` : ''}${signed(e.bonus)}`];
    }
    case 'rolloff': {
      const head = `Resolution roll: attacker ${e.attacker}${signed(e.attackerBonus)} = ${e.attacker + e.attackerBonus}, defender ${e.defender}${signed(e.defenderBonus)} = ${e.defender + e.defenderBonus}`;
      if (e.winner === null) return [`${head} -> tie: a Blast marker on each detachment (attacker ${e.blastMarkers.attacker}, defender ${e.blastMarkers.defender}); roll again`];
      return [`${head} -> ${c.bold(`${e.winner} wins`)}`];
    }
    case 'closeResult':
      return [`Result: ${e.winner} wins by ${e.difference}: ${c.bold(RESULT_NAMES[e.result] ?? e.result)}; the winner hits on ${e.winnerNeeds}+, the loser on ${e.loserNeeds}+; the loser takes ${markers(e.blastMarkers)}${e.blastMarkers < e.difference ? ` (at most ${units(e.cap)} in base contact)` : ''}`];
    case 'hits': {
      const dice = e.rolls.length ? e.rolls.map((r) => (r >= e.need ? c.green(String(r)) : c.dim(String(r)))).join(' ') : '-';
      const lost = e.lost > 0 ? `, ${e.lost} lost (no enemy unit left in base contact)` : '';
      // E14: the side that scores the hits allocates them
      const how = e.clearFirst ? ' (first the units the retreat would not destroy, the highest Assault first)' : ' (the highest Assault first)';
      const allocated = e.hits > 0 ? `, allocated by the ${e.side}${e.destroyed.length > 1 ? how : ''}: ${c.red(counts(e.destroyed))} destroyed` : '';
      return [`Hits: ${e.units} ${e.side} ${e.units === 1 ? 'unit' : 'units'} in base contact need ${e.need}+: ${dice} -> the ${e.side}'s ${e.hits} ${e.hits === 1 ? 'hit' : 'hits'}${allocated}${lost}`];
    }
    case 'retreat': {
      const state = e.broken ? 'is Broken' : e.unbreakable ? 'is unbreakable, not Broken' : 'is not Broken';
      if (e.noRetreat) return [`No retreat: ${e.unit} (${e.side}) ${state} and stands (no-retreat)`];
      const lost = e.destroyed.length ? `; units of Speed 0 left within 15 cm are destroyed: ${c.red(counts(e.destroyed))}` : '; every unit gets clear';
      return [`Retreat: ${e.unit} (${e.side}) ${state} and retreats ${e.move} cm${lost} -> ${units(e.left)} left`];
    }
    case 'epicEnd': {
      const broken = (['attacker', 'defender'] as SideId[]).filter((s) => e.broken[s]);
      return ['', c.bold(`End: ${endWords(e)}. Units left: attacker ${e.survivors.attacker}, defender ${e.survivors.defender}${broken.length ? `. Broken: ${broken.join(', ')}` : ''}`)];
    }
    default:
      return null;
  }
}
