// Multiple combats (ruling 17): the scenario's `lockedWith` and `attackSplit` checked against
// the units of the other side. Locks go both ways, so a unit that names an enemy must be named
// back by it (when it gives a list at all); every unit must be locked with some enemy; and the
// units must form one combat (separate combats are separate scenarios).
import { lockedTogether, lockName, other, SIDES, type SideId, type UnitSpec } from '../model.js';
import type { Problems } from '../errors.js';
import { didYouMean } from '../suggest.js';
import type { YamlFile } from './yamlfile.js';


export function checkLocks(sides: Record<SideId, { units: UnitSpec[] }>, yaml: YamlFile, problems: Problems): void {
  // each stage only when the one before found nothing: an unknown name would be reported again as a missing lock
  const before = problems.list.length;
  const uses = SIDES.some((side) => sides[side].units.some((u) => u.lockedWith || Array.isArray(u.attackSplit)));
  // units by name, the first of each name (what a search in order finds): a search per name made a file of hundreds of units slow
  const firstOf = (units: readonly UnitSpec[]) => {
    const m = new Map<string, { u: UnitSpec; i: number }>();
    units.forEach((u, i) => {
      if (!m.has(lockName(u))) m.set(lockName(u), { u, i });
    });
    return m;
  };
  for (const side of SIDES) {
    const enemies = sides[other(side)].units;
    const names = enemies.map(lockName);
    const own = firstOf(sides[side].units);
    const enemy = firstOf(enemies);
    sides[side].units.forEach((u, i) => {
      const at = [side, 'units', i];
      if (uses && own.get(lockName(u))!.i !== i) {
        problems.add(yaml.problem([...at, 'name'], `two ${side} units are called '${lockName(u)}': lockedWith and attackSplit need each unit's name to be its own`));
      }
      (u.lockedWith ?? []).forEach((n, j) => {
        const e = enemy.get(n)?.u;
        if (!e) problems.add(yaml.problem([...at, 'lockedWith', j], `no ${other(side)} unit '${n}'${didYouMean(n, names)}; ${other(side)} units: ${names.join(', ')}`));
        else if (e.lockedWith && !e.lockedWith.includes(lockName(u))) {
          problems.add(yaml.problem([...at, 'lockedWith', j], `'${lockName(u)}' says it is locked with '${n}', but the lockedWith of '${n}' does not name it: locks go both ways`));
        }
      });
      if (Array.isArray(u.attackSplit)) {
        u.attackSplit.forEach((n, j) => {
          const e = enemy.get(n)?.u;
          if (!e) problems.add(yaml.problem([...at, 'attackSplit', j], `no ${other(side)} unit '${n}'${didYouMean(n, names)}`));
          else if (!lockedTogether(u, e)) problems.add(yaml.problem([...at, 'attackSplit', j], `'${n}' is not locked with '${lockName(u)}' (see lockedWith)`));
        });
      }
      if (problems.list.length === before && !u.nearby && !enemies.some((e) => !e.nearby && lockedTogether(u, e))) {
        problems.add(yaml.problem(u.lockedWith ? [...at, 'lockedWith'] : at, `'${lockName(u)}' is locked with no ${other(side)} unit in the combat`));
      }
    });
  }
  if (problems.list.length > before) return;
  // one combat: every unit reached from the first through locks, breadth first (each unit's
  // locks looked at once: searching the whole set again each time made chained locks cubic)
  const all = SIDES.flatMap((side) => sides[side].units.filter((u) => !u.nearby).map((u) => ({ u, side })));
  if (all.length === 0) return;
  const seen = new Set([all[0]!]);
  const reached = [all[0]!];
  for (let k = 0; k < reached.length; k++) {
    const b = reached[k]!;
    for (const a of all) {
      if (seen.has(a) || a.side === b.side || !lockedTogether(a.u, b.u)) continue;
      seen.add(a);
      reached.push(a);
    }
  }
  const apart = all.filter((a) => !seen.has(a));
  if (apart.length > 0) {
    problems.add(yaml.problem(['attacker', 'units'], `the units form separate combats (${apart.map((a) => `'${lockName(a.u)}'`).join(', ')} fight apart from '${lockName(all[0]!.u)}'): give each combat its own scenario`));
  }
}
