// Batch for list builders: variants in the matrix (sizes, cover, other wargear), points and
// per-100-points figures, interval columns, the pivot and the per-attacker summary, and rows
// that replay exactly (a variant row with `batch --row`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatrix, pivotCsv, pivots, runBatch, summaries, summaryCsv, type BatchRow } from '../src/index.js';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'assault-lb-'));
const matrix = join(dir, 'variants.yaml');
writeFileSync(matrix, [
  'runs: 300', 'seed: 4', 'rules: srd4',
  'attackers:',
  '  - space-marines/tactical-squad',
  '  - unit: space-marines/tactical-squad',
  '    name: Fist sergeant',
  '    wargear: { sergeant: [power-fist, pistol, frag-grenades] }',
  '    points: 175',
  '  - { unit: space-marines/tactical-squad, size: 5, name: Combat squad }',
  'defenders:',
  '  - orks/gretchin',
  '  - { unit: orks/boyz, inCover: true, points: 120 }',
  '',
].join('\n'));

describe('batch for list builders', { timeout: 60_000 }, () => {
  it('variants are rows of their own: other wargear, another size, cover', () => {
    const m = loadMatrix(matrix);
    expect(m.matchups.map((x) => x.label)).toEqual([
      'space-marines/tactical-squad vs orks/gretchin', 'space-marines/tactical-squad vs orks/boyz (in cover, 120 pts)',
      'Fist sergeant vs orks/gretchin', 'Fist sergeant vs orks/boyz (in cover, 120 pts)',
      'Combat squad vs orks/gretchin', 'Combat squad vs orks/boyz (in cover, 120 pts)',
    ]);
    const fist = m.matchups[2]!.build('srd4').attacker.units[0]!;
    expect(fist.models.find((g) => g.spec.key === 'sergeant')!.spec.wargear.map((w) => w.key)).toEqual(['power-fist', 'pistol', 'frag-grenades']);
    expect(m.matchups[4]!.build('srd4').attacker.units[0]!.models.reduce((n, g) => n + g.count, 0)).toBe(5);
    expect(m.matchups[1]!.build('srd4').defender.units[0]!.inCover).toBe(true);
  });
  it('variants with the same name stay apart (numbered); a nearby variant and a matrix too big are refused', async () => {
    const same = join(dir, 'same.yaml');
    writeFileSync(same, 'runs: 50\nattackers:\n  - { unit: space-marines/tactical-squad, name: Same }\n  - { unit: space-marines/tactical-squad, name: Same, size: 5 }\ndefenders: [orks/boyz]\n');
    const rows = await runBatch(loadMatrix(same));
    expect(rows.map((r) => r.attacker)).toEqual(['Same', 'Same #2']);
    expect(pivots(rows)[0]!.attackers).toEqual(['Same', 'Same #2']);
    const near = join(dir, 'near.yaml');
    writeFileSync(near, 'attackers:\n  - { unit: space-marines/tactical-squad, nearby: true }\ndefenders: [orks/boyz]\n');
    expect(() => loadMatrix(near)).toThrow(/near\.yaml:2:\d+: a unit of a matchup fights: `nearby` has no place here/);
    // one unit against one: no other unit to be locked with or to split attacks among
    writeFileSync(near, 'attackers:\n  - { unit: space-marines/tactical-squad, lockedWith: [Boyz] }\ndefenders: [orks/boyz]\n');
    expect(() => loadMatrix(near)).toThrow(/near\.yaml:2:\d+: a matchup is one unit against one: `lockedWith` has no place here/);
    const big = join(dir, 'big.yaml');
    writeFileSync(big, `attackers: [${Array(101).fill('orks').join(', ')}]\ndefenders: [${Array(101).fill('orks').join(', ')}]\n`);
    expect(() => loadMatrix(big)).toThrow(/the matrix makes \d+ rows .*at most 10000/);
  });
  it('a variant with a wrong type is told at its own key, as in a scenario; a NUL in a name is stripped', async () => {
    const typed = join(dir, 'typed.yaml');
    writeFileSync(typed, 'attackers:\n  - { unit: space-marines/tactical-squad, size: ten, inCover: 1 }\ndefenders: [orks/boyz]\n');
    expect(() => loadMatrix(typed)).toThrow(/typed\.yaml:2:\d+: expected number, got "ten" \(at attackers\[0\]\.size\)/);
    const nul = join(dir, 'nul.yaml');
    writeFileSync(nul, 'runs: 20\nattackers:\n  - { unit: orks/boyz, name: "a\\0b" }\ndefenders: [orks/gretchin]\n');
    const rows = await runBatch(loadMatrix(nul));
    expect(summaries(rows).map((x) => x.attacker)).toEqual(['ab']);
  });
  it('--html onto a FIFO or a directory is refused at once, not written forever', () => {
    const fifo = join(dir, 'page.fifo');
    spawnSync('mkfifo', [fifo], { timeout: 10_000 });
    const r = spawnSync(process.execPath, [join(root, 'bin/assault'), 'sim', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--runs', '10', '--html', fifo], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot write --html file .*: not a regular file/);
  });
  it('a variant naming a model the unit does not have is a located problem', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'attackers:\n  - { unit: space-marines/tactical-squad, wargear: { sargeant: [power-fist] } }\ndefenders: [orks/boyz]\n');
    expect(() => loadMatrix(bad)).toThrow(/bad\.yaml:2:\d+: no model 'sargeant' in this unit; did you mean 'sergeant'\?/);
  });
  it('a matrix with a malformed entry still has its other entries checked, each located at its own index', () => {
    const bad = join(dir, 'several.yaml');
    writeFileSync(bad, 'attackers:\n  - { unit: orks/constructor }\n  - { unit: space-marines/tactical-squad, size: 0 }\n  - { name: X }\ndefenders: [orks/boyz]\n');
    let messages: string[] = [];
    try {
      loadMatrix(bad);
    } catch (e) {
      messages = (e as { problems: { line: number; path: string; message: string }[] }).problems.map((p) => `${p.line} ${p.path}: ${p.message}`);
    }
    expect(messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/^3 attackers\[1\]\.size: 0 is too small/),
      expect.stringMatching(/^4 attackers\[2\]: a variant needs `unit`/),
      expect.stringMatching(/^2 attackers\[0\]\.unit: no unit 'constructor'/),
    ]));
  });
  it('points: per-100-points figures where both sides cost something known; intervals beside the win shares', async () => {
    const rows = await runBatch(loadMatrix(matrix));
    const fistVsBoyz = rows.find((r) => r.attacker === 'Fist sergeant' && r.defender.startsWith('orks/boyz'))!;
    expect([fistVsBoyz.attackerPoints, fistVsBoyz.defenderPoints]).toEqual([175, 120]);
    expect(fistVsBoyz.attackerWoundsPer100Points).toBeCloseTo((fistVsBoyz.woundsByAttacker / 175) * 100, 3);
    expect(fistVsBoyz.defenderWoundsPer100Points).toBeCloseTo((fistVsBoyz.woundsByDefender / 120) * 100, 3);
    for (const r of rows) {
      expect(r.attackerWinsLow).toBeLessThanOrEqual(r.attackerWins);
      expect(r.attackerWinsHigh).toBeGreaterThanOrEqual(r.attackerWins);
    }
  });
  it('the pivot: attackers down, defenders across, attacker win share; the summary per attacker', async () => {
    const rows = await runBatch(loadMatrix(matrix));
    const [p] = pivots(rows);
    // names in order, whatever the rows' sort
    expect(p!.attackers).toEqual(['Combat squad', 'Fist sergeant', 'space-marines/tactical-squad']);
    expect(p!.defenders).toEqual(['orks/boyz (in cover, 120 pts)', 'orks/gretchin']);
    const cell = rows.find((r) => r.attacker === 'Combat squad' && r.defender === 'orks/gretchin')!.attackerWins;
    expect(p!.cells[0]![1]).toBe(cell);
    expect(pivotCsv(rows).split('\n')[0]).toBe('rules,attacker,"orks/boyz (in cover, 120 pts)",orks/gretchin');
    const s = summaries(rows).find((x) => x.attacker === 'Fist sergeant')!;
    const mine = rows.filter((r) => r.attacker === 'Fist sergeant');
    expect(s.meanWins).toBeCloseTo((mine[0]!.attackerWins + mine[1]!.attackerWins) / 2, 5);
    expect(s.best.wins).toBe(Math.max(...mine.map((r) => r.attackerWins)));
    expect(summaryCsv(rows).split('\n')).toHaveLength(1 + 3 + 1);
    // the best attacker on average first, whatever its best matchup
    const means = summaries(rows).map((x) => x.meanWins);
    expect(means).toEqual([...means].sort((a, b) => b - a));
    const shuffled = [...rows].reverse();
    expect(summaries(shuffled).map((x) => x.attacker)).toEqual(summaries(rows).map((x) => x.attacker));
  });
  it('every row replays exactly: plain references with sim, variants with batch --row', () => {
    const run = (cmd: string) => spawnSync('sh', ['-c', `${cmd.replace(/^assault /, `"${process.execPath}" "${join(root, 'bin/assault')}" `)} --json`], { cwd: tmpdir(), encoding: 'utf8', timeout: 60_000 });
    const rows: BatchRow[] = JSON.parse(run(`assault batch ${matrix}`).stdout);
    const variant = rows.find((r) => r.replay.includes('--row'))!;
    const plain = rows.find((r) => r.replay.includes(' sim '))!;
    const again: BatchRow[] = JSON.parse(run(variant.replay).stdout);
    expect(again).toEqual([variant]);
    const sim = JSON.parse(run(plain.replay).stdout);
    expect(sim.final.winner.attacker).toBe(plain.attackerWins);
  });
});

describe('a shipped matrix: points and the pivot', { timeout: 60_000 }, () => {
  it('rosters/matrix-example.yaml: every row has both sides\' points and its per-100-points figures; the pivot has every attacker and defender', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 100 }));
    for (const r of rows) {
      expect(r.attackerPoints, `${r.attacker}`).toBeGreaterThan(0);
      expect(r.defenderPoints, `${r.defender}`).toBeGreaterThan(0);
      expect(r.attackerWoundsPer100Points).toBeCloseTo((r.woundsByAttacker / r.attackerPoints!) * 100, 3);
    }
    const tac = rows.find((r) => r.attacker === 'space-marines/tactical-squad' && r.defender === 'orks/boyz')!;
    expect([tac.attackerPoints, tac.defenderPoints]).toEqual([175, 155]);
    const p = pivots(rows)[0]!;
    expect(p.cells.flat().filter((c) => c !== null)).toHaveLength(rows.length);
  });
});
