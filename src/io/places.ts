// Where models stand (rules ruling 14), checked against the ruleset. A distance is to the nearest
// enemy model, so the closest model of each side stands at the same distance: the gap between
// the sides. In fightphase and waffle a gap of more than 6" could never close (two pile-ins of
// 3"), so the fight could not begin; in srd4 and revised4 a unit needs a model in base contact,
// as `inContact` says.
import { SIDES, type SideId, type UnitSpec } from '../model.js';
import type { Problems } from '../errors.js';
import type { YamlFile } from './yamlfile.js';


const nearest = (u: UnitSpec) => Math.min(...u.models.map((g) => g.distance ?? 0));

export function checkPlaces(sides: Record<SideId, { units: UnitSpec[] }>, yaml: YamlFile, problems: Problems, inches: boolean): void {
  if (!SIDES.some((side) => sides[side].units.some((u) => u.models.some((g) => g.distance !== undefined)))) return;
  if (!inches) {
    for (const side of SIDES) {
      sides[side].units.forEach((u, i) => {
        if (!u.nearby && nearest(u) > 0) {
          problems.add(yaml.problem([side, 'units', i], `no model of '${u.name}' is in base contact (distance 0): under this ruleset a unit needs one to be in the combat (fightphase and waffle pile in)`));
        }
      });
    }
    return;
  }
  const gap = SIDES.map((side) => Math.min(...sides[side].units.filter((u) => !u.nearby).map(nearest)));
  if (gap[0] !== gap[1]) {
    problems.add(yaml.problem(['defender', 'units'], `the closest attacker model stands ${gap[0]}" from the enemy but the closest defender model ${gap[1]}": a distance is to the nearest enemy model, so the two must be the same`));
  } else if (gap[0]! > 6) {
    problems.add(yaml.problem(['attacker', 'units'], `no model stands within 6" of the enemy (the closest ${gap[0]}"): two pile-ins of 3" cannot bring the sides together, so the fight could not begin`));
  }
}
