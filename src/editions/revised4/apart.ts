// revised4's sides reorganised before a fight (000, Characters in Assaults): independent
// characters fight as units of their own, attached to the unit they joined; monstrous creatures
// "always count as being a unit in their own right", a unit of several of them as many units.
// Who is in base contact is decided for the whole unit first (the last `inContact` models in the
// removal order, ruling 8), then each part keeps its own.
import { hasRule, lockName, type Scenario, type UnitSpec } from '../../model.js';
import { removalOrder } from '../../engine/state.js';

type Group = UnitSpec['models'][number];

const monstrous = (u: UnitSpec, g: Group) => hasRule(g.spec.rules, 'monstrous-creature') || hasRule(u.rules, 'monstrous-creature');
const apart = (u: UnitSpec, g: Group) => hasRule(g.spec.rules, 'independent-character') || monstrous(u, g);

/** The scenario with its characters and monstrous creatures split off as units of their own. */
export function organize(scenario: Scenario): Scenario {
  const split = (units: UnitSpec[]): UnitSpec[] => {
    // every name a unit of this side has, so that a split-off unit never takes one (beside a unit
    // "Brood 2" the second creature of "Brood" is "Brood 3")
    const taken = new Set(units.map((u) => u.name));
    const fresh = (name: string) => {
      let n = taken.has(name) ? 2 : 1;
      while (taken.has(n === 1 ? name : `${name} ${n}`)) n++;
      const got = n === 1 ? name : `${name} ${n}`;
      taken.add(got);
      return got;
    };
    const out: UnitSpec[] = [];
    for (const u of units) {
      const loners = u.models.filter((g) => apart(u, g));
      const monsters = u.models.every((g) => monstrous(u, g)) && u.models.reduce((n, g) => n + g.count, 0) > 1;
      if (loners.length === 0 || (loners.length === u.models.length && !monsters)) {
        out.push(u);
        continue;
      }
      const order = removalOrder(u);
      const touching = u.models.map(() => [] as boolean[]);
      order.forEach((m, i) => touching[m.group]!.push(m.distance !== undefined ? m.distance === 0 : u.inContact === null || i >= order.length - u.inContact));
      /** one model of `g` as a unit of its own, named `name` */
      const alone = (g: Group, contact: boolean, name: string): UnitSpec => ({
        ...u, ref: null, name, alias: lockName(u), casualtyOrder: [],
        models: [{ spec: g.spec, count: 1, ...(g.distance !== undefined ? { distance: g.distance } : {}) }],
        inContact: u.inContact === null ? null : contact ? 1 : 0,
      });
      if (monsters) {
        // each creature a unit: those in base contact first, the first keeping the unit's name; one
        // not in contact is near the combat, not in it (its charge ended short of the enemy)
        const each = u.models.flatMap((g, gI) => touching[gI]!.map((contact) => ({ g, contact })));
        each.sort((a, b) => Number(b.contact) - Number(a.contact));
        each.forEach(({ g, contact }, i) => {
          const self = alone(g, contact, i === 0 ? u.name : fresh(u.name));
          if (i === 0) self.ref = u.ref;
          if (!contact) Object.assign(self, { nearby: true, chargeDistance: null });
          out.push(self);
        });
        continue;
      }
      const inContact = (groups: UnitSpec['models']) =>
        u.inContact === null ? null : groups.reduce((n, g) => n + touching[u.models.indexOf(g)]!.filter(Boolean).length, 0);
      const rest = u.models.filter((g) => !apart(u, g));
      const at = out.length;
      out.push({ ...u, models: rest, inContact: inContact(rest) });
      for (const g of loners) {
        touching[u.models.indexOf(g)]!.forEach((contact) => {
          const self = alone(g, contact, fresh(g.spec.name));
          // an independent character charges, tests and moves with his unit; a monstrous creature is a
          // unit in its own right, so one not in base contact supports nobody: it is an unengaged
          // friend near the combat (it only takes Wipe Out! checks)
          if (monstrous(u, g)) {
            if (!contact) Object.assign(self, { nearby: true, chargeDistance: null });
          } else self.attachedTo = at;
          out.push(self);
        });
      }
    }
    return out;
  };
  return { ...scenario, attacker: { units: split(scenario.attacker.units) }, defender: { units: split(scenario.defender.units) } };
}
