// Edition files that cannot break a fight, read the same whatever was read before them: the steps
// a list must keep over each shipped edition (refused, located, when left out; `rules FILE` marks
// them), the depth limit of 8 in either order of reading, and the one reading of a ruleset name
// for `--rules` and `base:` (and `rules:`), every form in each place. In this process and through
// the built CLI (npm run build first), which exits 2 with the file, line, column and key path.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { loadEditionFile, MAX_EDITION_DEPTH, rulesName } from '../src/io/edition.js';
import { getRuleset, registerRuleset } from '../src/editions/registry.js';
import { deriveEdition } from '../src/editions/derive.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import { loadScenario } from '../src/io/load.js';
import { fight } from '../src/sim/fight.js';
import { modelIn, placed, problemsOf, scenario, scripted, tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;
/** The command line in this process (test/cli-in-process.ts). */
const run = (args: string[], cwd = root, fresh = false) => assault(args, { cwd, env: { NO_COLOR: '1' }, fresh });
const RHINO = join(root, 'rosters/scenarios/vehicles/krak-grenades-vs-parked-rhino.yaml');
const SCENARIO = join(root, 'rosters/scenarios/tactical-vs-boyz.yaml');

/** A temporary folder of edition files; `file(name, id, base, body)` writes one. */
function folder(prefix: string) {
  const { dir, write } = tempFiles(prefix);
  const file = (name: string, id: string, base: string, body = '') => write(name, `edition: ${id}\nname: ${id}\nbase: ${base}\n${body}`);
  return { dir, write, file };
}

// ---- the steps a list must keep ----------------------------------------------------------------

/** Per shipped edition: its phase list, the steps a file over it must keep beyond the six every list needs, and those it may leave out. */
const BASES = {
  srd4: { needs: ['vehiclesLeave'], mayLeave: ['pileIn', 'hitAndRun'] },
  revised4: { needs: ['vehiclesLeave'], mayLeave: ['pileIn', 'wipeOut', 'hitAndRun'] },
  fightphase: { needs: ['pileIn'], mayLeave: ['disengage', 'hitAndRun'] },
  waffle: { needs: ['pileIn'], mayLeave: ['disengage', 'hitAndRun'] },
} as const;
const WHY: Record<string, RegExp> = {
  vehiclesLeave: /no vehiclesLeave step: over \S+ a vehicle that is not a walker would stay locked to the last phase \(vehicles\.md V10, V18.*\(add vehiclesLeave after sweep\) \(at steps\.phase\)$/,
  pileIn: /no pileIn step: over \S+ models out of base contact would never close in .* sides that stand apart would stay locked, striking nobody, to the last phase \(rules ruling 6.*\(add pileIn after fight\) \(at steps\.phase\)$/,
};

describe.each(Object.keys(BASES) as (keyof typeof BASES)[])('the steps a phase list must keep over %s', { timeout: 60_000 }, (base) => {
  const { needs, mayLeave } = BASES[base];
  const { file } = folder(`steps-${base}`);
  const own = getRuleset(base).procedure.phase.map((s) => s.name);
  const without = (...left: string[]) => `steps:\n  phase: [${own.filter((n) => !left.includes(n)).join(', ')}]\n`;

  it.each(needs.map((n) => [n]))('a list without %s is refused at the list, naming the step (validate, in this process)', async (step) => {
    const f = file(`no-${step}.edition.yaml`, `steps-${base}-no-${step}`.toLowerCase(), base, without(step));
    const found = problemsOf(loadEditionFile, f);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${f}:5:10: `));
    expect(found[0]).toMatch(WHY[step]!);
  });

  it.each(needs.map((n) => [n]))('a list without %s: exit 2 and the located problem from validate, fight --rules and rules FILE', async (step) => {
    const f = file(`cli-no-${step}.edition.yaml`, `steps-${base}-cli-no-${step}`.toLowerCase(), base, without(step));
    for (const args of [['validate', f], ['fight', base === 'srd4' || base === 'revised4' ? RHINO : SCENARIO, '--rules', f, '--seed', '1'], ['rules', f]]) {
      const r = await run(args);
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args[0]).toContain(`${f}:5:10: no ${step} step: over ${base} `);
      expect(r.stderr, args[0]).not.toMatch(/\n\s+at /); // no stack trace
    }
  });

  it('the steps whose absence is a fan rule may be left out, each and all together', async () => {
    for (const left of [...mayLeave.map((n) => [n]), [...mayLeave]]) {
      const f = file(`no-${left.join('-')}.edition.yaml`, `steps-${base}-no-${left.join('-')}`.toLowerCase(), base, without(...left));
      expect(problemsOf(loadEditionFile, f), left.join(', ')).toEqual([]);
      expect(loadEditionFile(f).procedure.phase.map((s) => s.name)).toEqual(own.filter((n) => !left.includes(n)));
    }
  });

  it('rules FILE marks the needed steps with *, and leaves the others unmarked', async () => {
    const f = file('marked.edition.yaml', `steps-${base}-marked`, base);
    const r = await run(['rules', f, '--width', '200']);
    expect(r.status, r.stderr).toBe(0);
    const phase = /- steps\.phase: (.*)/.exec(r.stdout)?.[1]?.split(', ');
    const marked = [...['prepare', 'fight', 'result', 'massacre', 'morale', 'sweep'], ...needs];
    expect(phase).toEqual(own.map((n) => (marked.includes(n) ? `${n}*` : n)));
    expect(r.stdout).toContain('- steps.charge: charge*');
    expect(r.stdout).toMatch(/- steps\.initiative: (pileIn, )?blows\*, casualties\*/);
  });
});

describe('with vehiclesLeave kept, the Rhino leaves after the phase (vehicles.md V10)', { timeout: 60_000 }, () => {
  it.each(['srd4', 'revised4'])('a file over %s with its own phase list (no pileIn) ends the fight in one phase', async (base) => {
    const { file } = folder(`rhino-${base}`);
    const own = getRuleset(base).procedure.phase.map((s) => s.name).filter((n) => n !== 'pileIn');
    const f = file('kept.edition.yaml', `rhino-${base}-kept`, base, `steps:\n  phase: [${own.join(', ')}]\n`);
    for (const seed of ['1', '2', '3']) {
      const r = await run(['fight', RHINO, '--rules', f, '--rounds', '20', '--seed', seed, '--json']);
      expect(r.status, r.stderr).toBe(0);
      const { outcome } = JSON.parse(r.stdout) as { outcome: { end: string; phases: number } };
      expect(outcome.phases, `seed ${seed}`).toBe(1);
      expect(['destroyed', 'disengaged'], `seed ${seed}`).toContain(outcome.end);
    }
  });
});

// ---- the depth limit, whatever was read before -------------------------------------------------

/** Ten files in a fresh folder: `d1` on srd4, each next on the one before (`dN` is N files deep). */
function chainOfTen(prefix: string) {
  const { dir, file } = folder(prefix);
  const at = (i: number) => join(dir, `d${i}.edition.yaml`);
  for (let i = 1; i <= 10; i++) file(`d${i}.edition.yaml`, `${prefix}-d${i}`, i === 1 ? 'srd4' : `d${i - 1}.edition.yaml`);
  return { dir, at };
}

const TOO_DEEP = (f: string) => `${f}:3:7: 'd8.edition.yaml' makes a chain of more than ${MAX_EDITION_DEPTH} edition files: build on a shipped edition nearer the top (at base)`;

describe('the depth limit of 8 holds for a file whatever was read before it', { timeout: 60_000 }, () => {
  it('in this process: d7 first, then d10 (d7 read already): d10 refused at d9, as when read first', async () => {
    const { at } = chainOfTen('depth-a');
    expect(problemsOf(loadEditionFile, at(7))).toEqual([]);
    expect(problemsOf(loadEditionFile, at(10))).toEqual([TOO_DEEP(at(9))]);
    expect(problemsOf(loadEditionFile, at(9))).toEqual([TOO_DEEP(at(9))]);
    expect(problemsOf(loadEditionFile, at(8))).toEqual([]);
  });

  it('in this process: d10 first, then d7 and d8: the same verdicts', async () => {
    const { at } = chainOfTen('depth-b');
    expect(problemsOf(loadEditionFile, at(10))).toEqual([TOO_DEEP(at(9))]);
    expect(problemsOf(loadEditionFile, at(7))).toEqual([]);
    expect(problemsOf(loadEditionFile, at(8))).toEqual([]);
    expect(problemsOf(loadEditionFile, at(10))).toEqual([TOO_DEEP(at(9))]);
  });

  it('validate d7 d10, validate d10 d7 and validate d10 alone: d10 refused at d9 every time, exit 2', async () => {
    const { dir, at } = chainOfTen('depth-cli');
    for (const args of [['d7.edition.yaml', 'd10.edition.yaml'], ['d10.edition.yaml', 'd7.edition.yaml'], ['d10.edition.yaml'], ['d8.edition.yaml', 'd9.edition.yaml']]) {
      const r = await run(['validate', ...args], dir);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(TOO_DEEP(at(9)));
    }
    expect((await run(['validate', 'd7.edition.yaml', 'd8.edition.yaml'], dir)).status).toBe(0);
  });

  it('a command: fight --rules d10 (after nothing) and a scenario naming d10: exit 2, located at d9', async () => {
    const { dir, at } = chainOfTen('depth-fight');
    const r = await run(['fight', SCENARIO, '--rules', 'd10.edition.yaml', '--seed', '1'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(TOO_DEEP(at(9)));
    const scenario = join(dir, 'scenario.yaml');
    writeFileSync(scenario, `rules: d10.edition.yaml\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: orks/boyz\n`);
    const s = await run(['fight', scenario, '--seed', '1'], dir);
    expect(s.status).toBe(2);
    expect(s.stderr).toContain(TOO_DEEP(at(9)));
  });
});

// ---- one reading of a ruleset name -------------------------------------------------------------

/**
 * A folder `top` with `house.edition.yaml`, `sub/house.edition.yaml` and `../other/house.edition.yaml`
 * beside it, each a file over srd4 of its own id; `forms(top)` are every way to name a ruleset,
 * each with what it means: the id of the edition it names, or a pattern of its refusal.
 */
function names(prefix: string) {
  const { dir } = folder(prefix);
  const top = join(dir, 'top');
  for (const [d, id] of [['top', 'house'], ['top/sub', 'sub'], ['other', 'other']] as const) {
    mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(join(dir, d, 'house.edition.yaml'), `edition: ${prefix}-${id}\nname: ${id}\nbase: srd4\n`);
  }
  writeFileSync(join(top, 'plain.yaml'), 'not: read\n');
  const forms: [string, string | RegExp][] = [
    ['srd4', 'srd4'],
    ['waffle', 'waffle'],
    ['house.edition.yaml', `${prefix}-house`],
    ['./house.edition.yaml', `${prefix}-house`],
    ['sub/house.edition.yaml', `${prefix}-sub`],
    ['./sub/house.edition.yaml', `${prefix}-sub`],
    ['../other/house.edition.yaml', `${prefix}-other`],
    [join(dir, 'other', 'house.edition.yaml'), `${prefix}-other`],
    ['plain.yaml', /'plain\.yaml' is not an edition file: \w+ is a shipped id (of a 40K edition )?\(srd4, revised4, fightphase, waffle[^)]*\) or a path ending \.edition\.yaml, relative to /],
    ['sub/house', /'sub\/house' is not an edition file/],
    ['house.edition.yml', /'house\.edition\.yml' is not an edition file/],
    ['house', /unknown (ruleset|base) 'house': /],
    ['srd5', /unknown (ruleset|base) 'srd5'; did you mean 'srd4'\? \w+ is a shipped id/],
    ['nowhere.edition.yaml', /no edition file .*nowhere\.edition\.yaml/],
    [`${prefix}-house`, new RegExp(`'${prefix}-house' is the id of the edition file .*house\\.edition\\.yaml: name the file, not its id`)],
  ];
  return { dir, top, forms };
}

/** What the refusal of `epic` says: a 40K edition for a base, any shipped edition for --rules. */
const EPIC_BASE = /'epic' is not a 40K edition .*: base is a shipped id of a 40K edition \(srd4, revised4, fightphase, waffle[^)]*\) or a path/;

describe('--rules and base: read a ruleset name the same way (one function), every form', { timeout: 120_000 }, () => {
  it('rulesName: the same verdict for the command line and for a base, relative to the folder given', async () => {
    const { top, forms } = names('names-unit');
    loadEditionFile(join(top, 'house.edition.yaml')); // its id known: still refused as a name
    for (const [value, means] of forms) {
      for (const where of ['command line', 'base', 'file'] as const) {
        const n = rulesName(value, top, where);
        if (typeof means === 'string') {
          const got = n.kind === 'id' ? n.id : n.kind === 'file' ? loadEditionFile(n.file).id : n.problem;
          expect(got, `${where}: ${value}`).toBe(means);
        } else {
          expect(n.kind === 'problem' ? n.problem : n.kind, `${where}: ${value}`).toMatch(means.source.startsWith('no edition file') ? /^file$/ : means);
        }
      }
    }
    expect(rulesName('epic', top, 'command line')).toEqual({ kind: 'id', id: 'epic' });
    // a library caller's rules option reads a path as --rules does
    expect(() => loadScenario(SCENARIO, { rules: join(top, 'plain.yaml') })).toThrow(/^--rules: '.*plain\.yaml' is not an edition file/);
    expect(loadScenario(SCENARIO, { rules: join(top, 'house.edition.yaml') }).rules).toBe('names-unit-house');
    expect(rulesName('epic', top, 'base')).toMatchObject({ kind: 'problem', problem: expect.stringMatching(EPIC_BASE) });
  });

  it('base: every form, in files read in this process; an unknown base lists the 40K editions only', async () => {
    const { top, forms } = names('names-base');
    loadEditionFile(join(top, 'house.edition.yaml'));
    forms.forEach(([value, means], i) => {
      const f = join(top, `over-${i}.edition.yaml`);
      writeFileSync(f, `edition: names-base-over-${i}\nname: over\nbase: ${JSON.stringify(value)}\n`);
      const found = problemsOf(loadEditionFile, f);
      if (typeof means === 'string') {
        expect(found, value).toEqual([]);
        expect(loadEditionFile(f).file?.baseId, value).toBe(means);
      } else {
        expect(found, value).toHaveLength(1);
        expect(found[0], value).toMatch(new RegExp(`^${f}:3:7: ${means.source.replace(/\(ruleset\|base\)/, 'base')}.*\\(at base\\)$`));
        expect(found[0], value).not.toContain('epic');
      }
    });
    const epic = join(top, 'over-epic.edition.yaml');
    writeFileSync(epic, 'edition: names-base-epic\nname: over\nbase: epic\n');
    expect(problemsOf(loadEditionFile, epic)).toEqual([expect.stringMatching(new RegExp(`^${epic}:3:7: ${EPIC_BASE.source}`))]);
  });

  it('--rules: every form on the command line, relative to the working folder (fight; exit 2 on a refusal)', async () => {
    const { top, forms } = names('names-cli');
    for (const [value, means] of forms) {
      const r = await run(['fight', SCENARIO, '--rules', value, '--seed', '1'], top, true); // as a process starts: no edition file read yet
      if (typeof means === 'string') {
        expect(r.status, `${value}: ${r.stderr}`).toBe(0);
        expect(r.stdout.split('\n').slice(0, 3).join(' '), value).toMatch(new RegExp(`ruleset ${means}\\b`));
      } else if (value.endsWith('-house')) {
        // in a fresh process the file was never read: its id is simply unknown
        expect(r.status, value).toBe(2);
        expect(r.stderr, value).toMatch(/unknown ruleset/);
      } else {
        expect(r.status, value).toBe(2);
        expect(r.stderr, value).toMatch(means.source.startsWith('no edition file') ? /nowhere\.edition\.yaml: no such file/ : new RegExp(means.source.replace(/\(ruleset\|base\)/, 'ruleset')));
        expect(r.stderr, value).not.toMatch(/\n\s+at /);
      }
    }
  });

  it('base: every form through validate, one process for all (exit 2 at each refused file)', async () => {
    const { top, forms } = names('names-validate');
    const files = forms.filter(([v]) => !v.endsWith('-house')).map(([value], i) => {
      writeFileSync(join(top, `over-${i}.edition.yaml`), `edition: names-validate-over-${i}\nname: over\nbase: ${JSON.stringify(value)}\n`);
      return [`over-${i}.edition.yaml`, forms[i]![1]] as const;
    });
    const r = await run(['validate', ...files.map(([f]) => f)], top);
    expect(r.status).toBe(2);
    for (const [f, means] of files) {
      if (typeof means === 'string') expect(r.stdout, f).toContain(`${f}: ok`);
      else expect(r.stderr, f).toMatch(new RegExp(`${join(top, f).replace(/[.]/g, '\\.')}:3:7: `));
    }
  });
});

describe('each refusal through validate and a command: exit 2, file:line:col and key path', { timeout: 120_000 }, () => {
  const { dir, write } = folder('located');
  const rows = (cell: string) => Array.from({ length: 10 }, (_, r) => `  - [${Array.from({ length: 10 }, (_, c) => (r === 9 && c === 0 ? cell : '4')).join(', ')}]`).join('\n');
  const scenarioNaming = (rules: string) => `rules: ${rules}\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: orks/boyz\n`;
  const cases: [string, string, string, RegExp][] = [
    ['an unknown base', 'unknown-base.edition.yaml', 'edition: located-unknown\nname: x\nbase: srd5\n',
      /unknown-base\.edition\.yaml:3:7: unknown base 'srd5'; did you mean 'srd4'\? base is a shipped id of a 40K edition \(srd4, revised4, fightphase, waffle\) or a path ending \.edition\.yaml, relative to this file \(at base\)/],
    ['A in a to-wound cell', 'wound-a.edition.yaml', `edition: located-wound-a\nname: x\nbase: srd4\ntoWound:\n${rows('A')}\n`,
      /wound-a\.edition\.yaml:14:6: "A" is not one of "-": a to-wound cell is 2-6 or "-" \(A, an automatic hit, is for the to-hit chart only\) \(at toWound\[9\]\[0\]\)/],
    ['a scenario naming a plain YAML file', 'plain-rules.yaml', scenarioNaming('plain.yaml'),
      /plain-rules\.yaml:1:8: 'plain\.yaml' is not an edition file: rules is a shipped id \(srd4, revised4, fightphase, waffle, epic\) or a path ending \.edition\.yaml, relative to this file \(at rules\)/],
    ['a scenario naming an unknown ruleset', 'srd5-rules.yaml', scenarioNaming('srd5'), /srd5-rules\.yaml:1:8: unknown ruleset 'srd5'; did you mean 'srd4'\? rules is a shipped id/],
  ];
  write('plain.yaml', 'not: read\n');

  it.each(cases.map((c) => [c[0], c]))('%s', async (_what, [, name, text, says]) => {
    const f = write(name, text);
    const command = name.endsWith('.edition.yaml') ? ['fight', SCENARIO, '--rules', f, '--seed', '1'] : ['fight', f, '--seed', '1'];
    for (const args of [['validate', f], command]) {
      const r = await run(args, dir);
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args[0]).toMatch(says);
      expect(r.stderr, args[0]).not.toMatch(/\n\s+at /);
    }
  });

  it('a scenario naming an edition file by its id, after validate read the file: refused, name the file', async () => {
    const house = write('house.edition.yaml', 'edition: located-house\nname: x\nbase: srd4\n');
    const f = write('by-id.yaml', scenarioNaming('located-house'));
    const r = await run(['validate', house, f], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`by-id\\.yaml:1:8: 'located-house' is the id of the edition file ${house.replace(/[.]/g, '\\.')}: name the file, not its id .*\\(at rules\\)`));
  });
});

// ---- why those steps are needed (last: it registers run-time editions, which the lists of ids above would show) ----

/** `base` with steps left out of its phase and Initiative lists, as a file could not write it (built here, past the file's checks): what a refusal prevents. */
function without(base: string, phase: string[], initiative: string[] = []): Ruleset {
  const b = getRuleset(base);
  const id = `why-${base}-${[...phase, ...initiative].join('-')}`.toLowerCase();
  const names = (list: 'phase' | 'initiative', out: string[]) => b.procedure[list].map((s) => s.name).filter((n) => !out.includes(n));
  const r = deriveEdition(b, { id, name: id, file: `${id}.edition.yaml`, baseAs: base, options: {}, steps: { phase: names('phase', phase), initiative: names('initiative', initiative) } });
  const { file: _file, ...plain } = r;
  registerRuleset(plain);
  return plain;
}

describe('what a needed step prevents (the lists built past the refusal)', () => {
  it.each(['srd4', 'revised4'])('%s without vehiclesLeave: the parked Rhino stays locked after the first phase; with it, it leaves after the first', async (base) => {
    const s = { ...loadScenario(RHINO, { rules: base }), rounds: 20 as const };
    const broken = without(base, ['vehiclesLeave']);
    let survived = 0;
    for (let run = 0; run < 20; run++) {
      const kept = fight(s, { seed: 'why', run }).outcome;
      expect(kept.phases, `run ${run}`).toBe(1);
      expect(['destroyed', 'disengaged']).toContain(kept.end);
      const lost = fight({ ...s, rules: broken.id }, { seed: 'why', run }).outcome;
      // the same dice: the Rhino destroyed in the first phase either way, or else locked on
      if (kept.end === 'destroyed') continue;
      survived++;
      expect(lost.phases, `run ${run}: ${lost.end}`).toBeGreaterThan(1);
    }
    expect(survived).toBeGreaterThan(0);
  });

  describe.each(['fightphase', 'waffle'])('%s: the phase\'s pileIn', (base) => {
    const m = (name: string, p: Parameters<typeof modelIn>[2]) => modelIn(base, name, p, [], []);
    const apart = (inches: number) => scenario(base, [placed('Far', [[m('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8 }), 3, inches]])],
      [placed('Rocks', [[m('Rock', { I: 1, A: 1, Ld: 10 }), 2, inches]])], 20);
    const phases = (rules: string, inches: number) => [0, 1, 2].map((run) => fight({ ...apart(inches), rules }, { seed: 'why', run }).outcome);

    it('without it and without disengage, sides 7" apart stay locked to the 20th phase, striking nobody; without it and the Initiative pile-in, sides 2" apart do', async () => {
      for (const o of phases(without(base, ['pileIn', 'disengage']).id, 7)) expect(o).toMatchObject({ end: 'locked', phases: 20, totalWounds: { attacker: 0, defender: 0 } });
      for (const o of phases(without(base, ['pileIn'], ['pileIn']).id, 2)) expect(o).toMatchObject({ end: 'locked', phases: 20, totalWounds: { attacker: 0, defender: 0 } });
    });

    it('with it, disengage and the Initiative pile-in may each be left out (fan rules): every fight ends, most in two or three phases', async () => {
      for (const [id, inches] of [[without(base, ['disengage']).id, 7], [without(base, [], ['pileIn']).id, 2], [without(base, ['disengage'], ['pileIn']).id, 7]] as const) {
        for (const o of phases(id, inches)) {
          expect(o.end, `${id} ${inches}"`).not.toBe('locked');
          expect(o.phases, `${id} ${inches}"`).toBeLessThan(20);
        }
      }
      expect(phases(base, 7).map((o) => o.end)).toEqual(['disengaged', 'disengaged', 'disengaged']);
    });
  });
});
