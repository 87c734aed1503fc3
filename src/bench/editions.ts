// `npm run bench`: every edition's speed against its closest shipped edition, as whole `sim`
// processes of RUNS runs on one thread (start-up, loading and a cold JIT included: what a user
// waits for), run in turn round after round so that a change of the machine's load hits them
// alike; the ratio of each to its base is taken within a round, and the medians are given.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';
import { SHIPPED_ROSTERS } from '../io/load.js';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

/**
 * 10 Marines charge 10 Boyz for one phase under srd4, every model written inline (so that no rule
 * a roster gives them comes in), the units given `rules` (abilities.md): the fight with abilities
 * and the same fight without.
 */
export function marinesChargeBoyz(name: string, marineRules: readonly string[], boyzRules: readonly string[]): string {
  const rules = (r: readonly string[]) => (r.length > 0 ? `\n      rules: [${r.join(', ')}]` : '');
  return `name: ${name}
rules: srd4
rounds: 1
attacker:
  units:
    - name: Marines${rules(marineRules)}
      models:
        - { name: Sergeant, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 9, Sv: 3 }, wargear: [bolt-pistol, close-combat-weapon, frag-grenades], count: 1 }
        - { name: Marine, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear: [boltgun, bolt-pistol, frag-grenades], count: 9 }
defender:
  units:
    - name: Boyz${rules(boyzRules)}
      models:
        - { name: Ork Boy, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 }, wargear: [heavy-close-combat-weapon, slugga], count: 10 }
`;
}

/**
 * The abilities of the bench's fights with abilities: the shipped rules of these codexes (the
 * Marines' sweep-proof, the Boyz' Feel No Pain and Mob Rule: on Morale, sweeps and wounds), and
 * the same with the Marines' re-rolls to hit on the charge (Litanies of Hate: on blows).
 */
export const BENCH_ABILITIES = {
  marines: ['and-they-shall-know-no-fear'], boyz: ['feel-no-pain', 'mob-rule'], rerolls: ['and-they-shall-know-no-fear', 'litanies-of-hate'],
} as const;

/** the fights, as scenario files of their own (written for the bench) */
const FILES: Record<string, string> = {
  'one-phase.yaml': `name: 10 Marines charge 10 Boyz, one phase
rules: srd4
rounds: 1
attacker: { units: [ { unit: space-marines/tactical-squad } ] }
defender: { units: [ { unit: orks/boyz-no-nob } ] }
`,
  'two-a-side.yaml': `name: the same, two units of five a side
rules: srd4
rounds: 1
attacker: { units: [ { unit: space-marines/tactical-squad, size: 5, name: Tactical A }, { unit: space-marines/tactical-squad, size: 5, name: Tactical B } ] }
defender: { units: [ { unit: orks/boyz-no-nob, size: 5, name: Boyz A }, { unit: orks/boyz-no-nob, size: 5, name: Boyz B } ] }
`,
  'rhino.yaml': `name: 10 Marines (two weapons) against a parked Rhino, one phase
rules: srd4
rounds: 1
attacker: { units: [ { unit: space-marines/assault-squad, size: 10, charged: false } ] }
defender: { units: [ { unit: vehicles/rhino, moved: stationary } ] }
`,
  'plain.yaml': marinesChargeBoyz('10 Marines charge 10 Boyz, no special rules, one phase', [], []),
  'abilities.yaml': marinesChargeBoyz('the same with abilities', BENCH_ABILITIES.marines, BENCH_ABILITIES.boyz),
  'rerolls.yaml': marinesChargeBoyz('the same with abilities and re-rolls to hit', BENCH_ABILITIES.rerolls, BENCH_ABILITIES.boyz),
  'guardsmen.yaml': `name: 10 Marines (two weapons) against 10 Guardsmen, one phase
rules: srd4
rounds: 1
attacker: { units: [ { unit: space-marines/assault-squad, size: 10, charged: false } ] }
defender: { units: [ { unit: imperial-guard/infantry-squad } ] }
`,
};

interface Case {
  name: string;
  /** the scenario (a file of FILES, else a path from the package root) and the options */
  args: string[];
  /** the case it is measured against (its index), or -1 for a base */
  base: number;
}

const CASES: Case[] = [
  { name: 'srd4: 10 Marines charge 10 Boyz, one phase', args: ['@one-phase.yaml'], base: -1 },
  { name: 'revised4, the same fight', args: ['@one-phase.yaml', '--rules', 'revised4'], base: 0 },
  { name: 'fightphase, the same fight', args: ['@one-phase.yaml', '--rules', 'fightphase'], base: 0 },
  { name: 'waffle, the same fight', args: ['@one-phase.yaml', '--rules', 'waffle'], base: 0 },
  { name: 'srd4-morale.edition.yaml (srd4 as a file), the same', args: ['@one-phase.yaml', '--rules', join(SHIPPED_ROSTERS, 'editions', 'srd4-morale.edition.yaml')], base: 0 },
  { name: 'srd4, two units of five a side', args: ['@two-a-side.yaml'], base: 0 },
  { name: 'epic: Tactical detachment against Boyz', args: [join(SHIPPED_ROSTERS, 'scenarios', 'epic-tactical-vs-boyz.yaml')], base: 0 },
  { name: 'srd4: 10 Marines against 10 Guardsmen', args: ['@guardsmen.yaml'], base: -1 },
  { name: 'srd4: the same Marines against a parked Rhino', args: ['@rhino.yaml'], base: 7 },
  { name: 'srd4: 10 Marines charge 10 Boyz, no special rules', args: ['@plain.yaml'], base: -1 },
  { name: 'the same with sweep-proof, Feel No Pain, Mob Rule', args: ['@abilities.yaml'], base: 9 },
  { name: 'the same and Litanies of Hate (re-rolls to hit)', args: ['@rerolls.yaml'], base: 9 },
];

/** Whole `sim` processes of `runs` runs, --workers 1, `rounds` rounds: each case's median time and median ratio to its base. */
export function editionRates(runs: number, rounds = 5): void {
  const dir = mkdtempSync(join(os.tmpdir(), 'assault-bench-'));
  try {
    for (const [f, text] of Object.entries(FILES)) writeFileSync(join(dir, f), text);
    const bin = join(packageRoot(), 'bin/assault');
    const argv = (c: Case) => [bin, 'sim', ...c.args.map((a) => (a.startsWith('@') ? join(dir, a.slice(1)) : a)), '--runs', String(runs), '--workers', '1', '--seed', 'bench', '--json'];
    const times = CASES.map(() => [] as number[]);
    const ratios = CASES.map(() => [] as number[]);
    for (let r = 0; r < rounds; r++) {
      const t = CASES.map((c) => {
        const start = performance.now();
        const p = spawnSync(process.execPath, argv(c), { stdio: ['ignore', 'ignore', 'pipe'] });
        if (p.status !== 0) throw new Error(`bench: ${c.name}: ${p.stderr}`);
        return performance.now() - start;
      });
      CASES.forEach((c, i) => {
        times[i]!.push(t[i]!);
        if (c.base >= 0) ratios[i]!.push(t[c.base]! / t[i]!);
      });
    }
    console.log(`each edition against its closest shipped one: whole \`sim\` processes of ${runs} runs, --workers 1 (${rounds} rounds of all in turn; medians; "rate" is the base's time over the case's, taken within a round):`);
    CASES.forEach((c, i) => {
      const against = c.base >= 0 ? `rate ${median(ratios[i]!).toFixed(2)}x of "${CASES[c.base]!.name}"` : 'a base';
      console.log(`  ${c.name.padEnd(56)} ${(median(times[i]!) / 1000).toFixed(2)} s  ${against}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
