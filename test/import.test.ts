// `assault import`: BattleScribe / New Recruit roster exports (.ros, and .rosz zipped) as assault
// rosters. Lists of four 4th-edition factions, written by hand in the export format (test/fixtures/import/) are imported,
// validated and fought; the same lists zipped; and hostile files of every kind are refused,
// located, with exit 2 and nothing written.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importRoster } from '../src/import/roster.js';
import { renderImport, importNotes } from '../src/render/import.js';
import { InputError, formatProblem } from '../src/errors.js';
import { fight } from '../src/sim/fight.js';
import { loadScenario } from '../src/io/load.js';
import { tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/assault');
const fixtures = join(root, 'test/fixtures/import');
const LISTS = ['orks-waaagh', 'space-marines-strike', 'tyranids-swarm', 'eldar-host'] as const;
const tmp = tempFiles('import');

/** Run the CLI (its own process, killed after 30 s). */
function run(args: string[], cwd = tmp.dir): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** A roster export around `selections` (the XML of its units), of `system`. */
function rosterXml(selections: string, system = 'Warhammer 40,000 4th Edition'): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<roster id="r1" name="Test" gameSystemId="sys-1" gameSystemName="${system}" xmlns="http://www.battlescribe.net/schema/rosterSchema">`,
    '  <forces>',
    '    <force id="f1" name="Standard Mission" catalogueName="Orks (4E)">',
    `      <selections>${selections}</selections>`,
    '    </force>',
    '  </forces>',
    '</roster>',
  ].join('\n');
}

const chars = (c: Record<string, string | number>) => Object.entries(c).map(([k, v]) => `<characteristic name="${k}">${v}</characteristic>`).join('');
const unitProfile = (name: string, c: Record<string, string | number>) => `<profiles><profile name="${name}" typeName="Unit"><characteristics>${chars(c)}</characteristics></profile></profiles>`;
const BOY = { 'Unit Type': 'Infantry', WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, LD: 7, Sv: '6+' };
const model = (id: string, name: string, number: number | string, c: Record<string, string | number> = BOY) =>
  `<selection id="${id}" name="${name}" number="${number}" type="model">${unitProfile(name, c)}<costs><cost name="pts" value="${6 * Number(number) || 0}"/></costs></selection>`;
const unitSel = (id: string, name: string, inner: string) => `<selection id="${id}" name="${name}" number="1" type="unit"><selections>${inner}</selections></selection>`;

function problems(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
}

describe('assault import: lists of four factions', { timeout: 60_000 }, () => {
  it('maps the Ork list: model groups and counts, the Nob upgrade, wargear by name, rules, points, walkers and a vehicle', () => {
    const r = importRoster(join(fixtures, 'orks-waaagh.ros'));
    expect(r.faction).toBe('Orks (4E)');
    expect(r.system).toBe('Warhammer 40,000 4th Edition');
    const byKey = Object.fromEntries(r.models.map((m) => [m.key, m]));
    const units = Object.fromEntries(r.units.map((u) => [u.key, u]));
    // 19 Boyz and one Boy upgraded to a Nob (its profile), marked a character by the list
    expect(units.boyz!.models).toEqual([{ model: 'boy', count: 19 }, { model: 'nob', count: 1 }]);
    expect(byKey.boy!.profile).toEqual({ WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 });
    expect(byKey.boy!.wargear).toEqual(['slugga', 'close-combat-weapon', 'frag-grenades']); // Choppa kept plainly, Stikkbombz as frag grenades
    expect(byKey.boy!.rules).toEqual(['furious-charge', 'mob-rule']);
    expect(byKey.nob!.profile).toMatchObject({ S: 4, W: 2, I: 3, A: 3 });
    expect(byKey.nob!.wargear).toEqual(['power-claw', 'slugga', 'frag-grenades']); // Power Klaw -> power-claw
    expect(byKey.nob!.rules).toEqual(['furious-charge', 'mob-rule', 'character']);
    // the unit's cost with its upgrades: 19 x 6 + 6 + Nob 10 + klaw 25 + bosspole 5
    expect(units.boyz!.points).toBe(19 * 6 + 6 + 10 + 25 + 5);
    expect(byKey.warboss!.rules).toEqual(['independent-character', 'furious-charge']);
    expect(units.warboss!.points).toBe(60 + 25 + 5 + 15);
    // a walker keeps its WS, S, I, A; its gun's ranged profile is written out; a template is not read
    expect(byKey['deff-dread']).toMatchObject({ type: 'walker', vehicle: { WS: 4, BS: 2, S: 5, front: 12, side: 12, rear: 10, I: 2, A: 3 } });
    expect(r.weapons).toContainEqual(['big-shoota', { name: 'Big Shoota', type: 'assault', range: 36, shots: 3, strength: 5, ap: 5 }]);
    // a squadron of three Killa Kans is three units, each a third of the cost
    expect(r.units.filter((u) => u.key.startsWith('killa-kans-')).map((u) => [u.key, u.points])).toEqual([
      ['killa-kans-killa-kan-1', 40], ['killa-kans-killa-kan-2', 40], ['killa-kans-killa-kan-3', 40],
    ]);
    expect(byKey.trukk).toMatchObject({ type: 'vehicle', vehicle: { BS: 2, front: 10, side: 10, rear: 10 }, types: ['fast', 'open-topped'], wargear: [] });
    // odd names: a key made from the name, the name kept whole
    expect(units['da-boyz-ard-and-mean-1-unicode']!.name).toBe('Da Boyz: \'Ard & "Mean" #1 — Ünïcode');
    const notes = importNotes(r);
    expect(notes).toContain(`${join(fixtures, 'orks-waaagh.ros')}:87:13: selection "Boyz" > "Boy": not recognised: Choppa (kept as a close combat weapon)`);
    expect(notes.some((n) => n.includes('"Boyz" > "Boy": not recognised: Waaagh! (a special rule, left out)'))).toBe(true);
    expect(notes.some((n) => n.includes('"Deff Dread": not recognised: Skorcha (a weapon whose range "Template" is not read; left out)'))).toBe(true);
  });

  it('maps the Space Marine, Tyranid and Eldar lists: characters, invulnerable saves, unit types, stat lines written out', () => {
    const sm = importRoster(join(fixtures, 'space-marines-strike.ros'));
    const m = Object.fromEntries(sm.models.map((x) => [x.key, x]));
    expect(m.captain!.profile).toMatchObject({ WS: 6, Sv: 3, Inv: 4 }); // Iron Halo
    expect(m.captain!.wargear).toEqual(['power-weapon', 'bolt-pistol', 'frag-grenades']);
    expect(m['space-marine-sergeant']!.rules).toEqual(['character']);
    expect(m['space-marine-sergeant']!.wargear).toEqual(['power-fist', 'bolt-pistol', 'frag-grenades', 'krak-grenades']);
    expect(m.terminator!).toMatchObject({ rules: ['terminator'], profile: { Sv: 2, Inv: 5 } });
    expect(m['assault-marine']!.rules).toEqual(['jump-infantry']);
    const tactical = sm.units.find((u) => u.key === 'tactical-squad')!;
    expect(tactical.rules).toEqual(['and-they-shall-know-no-fear']);
    // Boltgun 8 and Meltagun 1 among 9 Marines: the one with the meltagun is a group of his own
    expect(tactical.models).toEqual([{ model: 'space-marine-sergeant', count: 1 }, { model: 'space-marine', count: 8 }, { model: 'space-marine-meltagun', count: 1 }]);
    expect(m['space-marine-meltagun']!).toMatchObject({ name: 'Space Marine (Meltagun)', wargear: ['meltagun', 'frag-grenades', 'krak-grenades'] });
    expect(tactical.points).toBe(15 + 25 + 145 + 10); // sergeant, fist, nine Marines, meltagun
    // krak grenades and the dreadnought's weapon are srd4's only: written out so that every edition reads them
    expect(sm.weapons.map(([k]) => k)).toEqual(['krak-grenades', 'meltagun', 'dreadnought-close-combat-weapon']);
    const ty = importRoster(join(fixtures, 'tyranids-swarm.ros'));
    const t = Object.fromEntries(ty.models.map((x) => [x.key, x]));
    expect(t.carnifex!.rules).toEqual(['fearless', 'monstrous-creature']);
    expect(t.genestealer!.wargear).toEqual(['rending']);
    expect(t.hormagaunt!.rules).toEqual(['furious-charge', 'feel-no-pain']);
    expect(t.lictor!.profile!.BS).toBe(0);
    expect(ty.weapons).toContainEqual(['scything-talons', { name: 'Scything Talons', singleHanded: true }]);
    expect(ty.weapons).toContainEqual(['crushing-claws', { name: 'Crushing Claws', strength: '+1', singleHanded: false }]);
    expect(ty.units.find((u) => u.key === 'hormagaunt-brood')!.models).toEqual([{ model: 'hormagaunt', count: 12 }]);
    const notes = importNotes(ty).join('\n');
    expect(notes).toContain('selection "Hormagaunt Brood" > "Hormagaunt": a model count of 0: that model is left out');
    expect(notes).toContain('selection "Lictor": BS written "-": taken as 0');
    expect(notes).toContain('selection "Carnifex": unit type Beast not recognised (fights as infantry)');
    const el = importRoster(join(fixtures, 'eldar-host.ros'));
    expect(el.models.find((x) => x.key === 'exarch')!).toMatchObject({ rules: ['character'], wargear: ['executioner'] });
    expect(el.weapons).toContainEqual(['executioner', { name: 'Executioner', strength: '+2', ap: 3, singleHanded: false }]);
  });

  it('each list imports, validates, fights a short fight, and the same list gives the same bytes', async () => {
    const [cli, again] = await Promise.all([run(['import', join(fixtures, 'orks-waaagh.ros'), '-o', 'orks-waaagh.yaml']), run(['import', join(fixtures, 'orks-waaagh.ros')])]);
    expect(cli.status, cli.stderr).toBe(0);
    for (const l of LISTS.slice(1)) writeFileSync(join(tmp.dir, `${l}.yaml`), renderImport(importRoster(join(fixtures, `${l}.ros`))));
    const text = readFileSync(join(tmp.dir, 'orks-waaagh.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=schemas/roster.schema.json');
    expect(cli.stderr).toContain('not recognised: Choppa (kept as a close combat weapon)');
    expect(text).toContain('# selection "Boyz" > "Boy": not recognised: Choppa (kept as a close combat weapon)');
    // stdout holds the same bytes as -o, and a second import the same again
    expect(again.stdout).toBe(text);
    expect(renderImport(importRoster(join(fixtures, 'orks-waaagh.ros')))).toBe(text);
    // a scenario names imported units as it names any roster unit: one fight spawned, the rest here
    const fights: [string, string][] = [
      ['orks-waaagh/boyz', 'space-marines-strike/tactical-squad'],
      ['space-marines-strike/assault-squad', 'tyranids-swarm/genestealers'],
      ['tyranids-swarm/carnifex', 'eldar-host/howling-banshees'],
      ['eldar-host/howling-banshees', 'orks-waaagh/da-boyz-ard-and-mean-1-unicode'],
      ['space-marines-strike/dreadnought', 'orks-waaagh/trukk'],
    ];
    const files = fights.map(([a, d], i) => tmp.write(`s${i}.yaml`, `rules: srd4\nrounds: 1\nattacker:\n  units: [{ unit: ${a} }]\ndefender:\n  units: [{ unit: ${d} }]\n`));
    const [v, spawned] = await Promise.all([run(['validate', ...LISTS.map((l) => `${l}.yaml`)]), run(['fight', files[0]!, '--seed', '5'])]);
    expect(v.status, v.stderr).toBe(0);
    expect(spawned.status, spawned.stderr).toBe(0);
    expect(spawned.stdout).toContain('End after 1 assault phase');
    for (const f of files) {
      const r = fight(loadScenario(f), { seed: '5' });
      expect(r.events.some((e) => e.type === 'attacks' || e.type === 'vehicleAttacks'), f).toBe(true);
      expect(r.events.some((e) => e.type === 'end')).toBe(true);
    }
  });

  it('batch fights list against list: a roster stem alone is every unit of it', async () => {
    tmp.write('lists.yaml', 'runs: 20\nseed: 2\nrules: srd4\nattackers: [orks-waaagh]\ndefenders: [eldar-host]\n');
    for (const l of ['orks-waaagh', 'eldar-host']) writeFileSync(join(tmp.dir, `${l}.yaml`), renderImport(importRoster(join(fixtures, `${l}.ros`))));
    const r = await run(['batch', 'lists.yaml', '--csv', '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(1);
    // every Ork unit but the Trukk (a vehicle never charges) against each of the three Eldar units
    const attackers = ['warboss', 'boyz', 'da-boyz-ard-and-mean-1-unicode', 'deff-dread', 'killa-kans-killa-kan-1', 'killa-kans-killa-kan-2', 'killa-kans-killa-kan-3'];
    expect(rows).toHaveLength(attackers.length * 3);
    for (const a of attackers) expect(rows.some((row) => row.includes(`orks-waaagh/${a}`))).toBe(true);
  });

  it('a .rosz (each list zipped) imports to the same roster, but for the line naming its source', async () => {
    const ros = readFileSync(join(fixtures, 'tyranids-swarm.ros'));
    const zipped = tmp.write('swarm.rosz', '');
    writeFileSync(zipped, zipSync({ 'tyranids-swarm.ros': new Uint8Array(ros) }));
    const fromZip = await run(['import', 'swarm.rosz']);
    const plainRos = await run(['import', join(fixtures, 'tyranids-swarm.ros')]);
    expect(fromZip.status, fromZip.stderr).toBe(0);
    const body = (s: string) => s.split('\n').filter((l) => !l.startsWith('# Imported by')).join('\n');
    expect(body(fromZip.stdout)).toBe(body(plainRos.stdout));
    expect(fromZip.stdout).toContain('from swarm.rosz (tyranids-swarm.ros)');
    expect(fromZip.stderr).toContain('swarm.rosz (tyranids-swarm.ros):219:13: selection "Hormagaunt Brood" > "Hormagaunt": a model count of 0');
    // every test list, zipped, imports to the roster of its .ros
    for (const l of LISTS) {
      const z = join(tmp.dir, `${l}.rosz`);
      writeFileSync(z, zipSync({ [`${l}.ros`]: new Uint8Array(readFileSync(join(fixtures, `${l}.ros`))) }));
      expect(body(renderImport(importRoster(z)))).toBe(body(renderImport(importRoster(join(fixtures, `${l}.ros`)))));
    }
    // stored (not deflated) too
    writeFileSync(join(tmp.dir, 'stored.rosz'), zipSync({ 'list.ros': new Uint8Array(ros) }, { level: 0 }));
    expect(body((await run(['import', 'stored.rosz'])).stdout)).toBe(body(plainRos.stdout));
  });
});

describe('assault import: bad input', { timeout: 60_000 }, () => {
  const good = model('b1', 'Boy', 10);

  /** The import of `content` (a file named `name`): refused, its problem lines (file names relative to the folder). */
  async function refused(name: string, content: string | Uint8Array): Promise<string> {
    writeFileSync(join(tmp.dir, name), content);
    const lines = problems(() => importRoster(join(tmp.dir, name)));
    expect(lines.length).toBeGreaterThan(0);
    return `${lines.map((l) => l.split(`${tmp.dir}/`).join('')).join('\n')}\n`;
  }

  it('the command line: exit 2, located lines on stderr, no stack trace, nothing written', async () => {
    writeFileSync(join(tmp.dir, 'cli-bad.ros'), 'my army: 20 boyz\n');
    writeFileSync(join(tmp.dir, 'cli-none.rosz'), zipSync({ 'readme.txt': strToU8('hello') }));
    writeFileSync(join(tmp.dir, 'cli-empty.ros'), rosterXml(unitSel('z1', 'Empty Mob', model('z2', 'Boy', 0))));
    const rs = await Promise.all(['cli-bad.ros', 'cli-none.rosz', 'cli-empty.ros', 'no-such-list.ros'].map((f) => run(['import', f, '-o', `${f}.yaml`])));
    for (const [i, r] of rs.entries()) {
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at |Error:/);
      expect(existsSync(join(tmp.dir, `${['cli-bad.ros', 'cli-none.rosz', 'cli-empty.ros', 'no-such-list.ros'][i]}.yaml`))).toBe(false);
    }
    expect(rs[0]!.stderr).toBe('cli-bad.ros:1:1: not a roster: neither XML nor a zip file (a .ros is XML, a .rosz a zip)\n');
    expect(rs[1]!.stderr).toContain('cli-none.rosz:1:1: a zip with no .ros in it');
    expect(rs[2]!.stderr).toContain('cli-empty.ros: no unit of the list can be imported: nothing written');
    expect(rs[3]!.stderr).toContain('no-such-list.ros: no such file');
    // validate names the command that reads an export
    const v = await run(['validate', 'cli-bad.ros']);
    expect([v.status, v.stderr]).toEqual([2, 'cli-bad.ros: a BattleScribe or New Recruit roster export, not an assault file: import it first (assault import cli-bad.ros -o cli-bad.yaml)\n1 problem\n']);
  });

  it('not XML, broken XML, XML of another kind, a catalogue, a game system file, a document type', async () => {
    const [text, broken, other, cat, gst, doctype, bin_] = await Promise.all([
      refused('notes.ros', 'my army: 20 boyz and a warboss\n'),
      refused('broken.ros', '<roster xmlns="http://www.battlescribe.net/schema/rosterSchema">\n  <forces>\n</roster>\n'),
      refused('other.ros', '<?xml version="1.0"?>\n<html><body/></html>\n'),
      refused('orks.cat', '<?xml version="1.0"?>\n<catalogue name="Orks (4E)" xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries/></catalogue>\n'),
      refused('40k.gst', '<?xml version="1.0"?>\n<gameSystem name="Warhammer 40,000 4th Edition" xmlns="http://www.battlescribe.net/schema/gameSystemSchema"/>\n'),
      refused('laughs.ros', '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;">]>\n<roster>&b;</roster>\n'),
      refused('binary.ros', new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81])),
    ]);
    expect(text).toBe('notes.ros:1:1: not a roster: neither XML nor a zip file (a .ros is XML, a .rosz a zip)\n');
    expect(broken).toMatch(/^broken\.ros:3:\d+: not XML: .*forces/);
    expect(other).toContain('other.ros:1:1: XML of another kind (its root element is <html>)');
    expect(cat).toContain('orks.cat:1:1: a BattleScribe catalogue ("Orks (4E)"): a data file of the list builder (.cat), not an army list');
    expect(gst).toContain('40k.gst:1:1: a BattleScribe game system file ("Warhammer 40,000 4th Edition")');
    expect(doctype).toContain('laughs.ros:2:1: an XML document type');
    expect(bin_).toContain('binary.ros:1:1: not a roster');
  });

  it('a byte that is not UTF-8, or a NUL, is refused at its line and column, in a .ros and in the .ros of a .rosz', async () => {
    const xml = rosterXml(unitSel('u1', 'Boyz', good));
    // the bad byte, or the NUL, at the start of the force's name (line 4)
    const i = xml.indexOf('Standard Mission');
    const col = i - xml.lastIndexOf('\n', i);
    const line = xml.slice(0, i).split('\n').length;
    expect(line).toBe(4);
    const withByte = (b: number[]) => Buffer.concat([Buffer.from(xml.slice(0, i)), Buffer.from(b), Buffer.from(xml.slice(i))]);
    const [bad, nul, multi] = await Promise.all([
      refused('bad-byte.ros', withByte([0xff])),
      refused('nul-byte.ros', withByte([0])),
      // a valid two-byte letter before it on the line counts as one column; a truncated sequence is the bad byte
      refused('cut.ros', Buffer.concat([Buffer.from(xml.slice(0, i)), Buffer.from('\u00e9'), Buffer.from([0xc3]), Buffer.from(xml.slice(i))])),
    ]);
    expect(bad).toBe(`bad-byte.ros:${line}:${col}: not a roster: neither XML (it is not UTF-8 text) nor a zip file\n`);
    expect(nul).toBe(`nul-byte.ros:${line}:${col}: not a roster: neither XML (it holds a NUL byte) nor a zip file\n`);
    expect(multi).toBe(`cut.ros:${line}:${col + 1}: not a roster: neither XML (it is not UTF-8 text) nor a zip file\n`);
    writeFileSync(join(tmp.dir, 'bad-byte.rosz'), zipSync({ 'list.ros': new Uint8Array(withByte([0xfe])) }));
    expect(problems(() => importRoster(join(tmp.dir, 'bad-byte.rosz')))).toEqual([`${join(tmp.dir, 'bad-byte.rosz')} (list.ros):${line}:${col}: not a roster: neither XML (it is not UTF-8 text) nor a zip file`]);
  });

  it('a roster of another game system says which, and that its profiles have no WS', async () => {
    const tenth = rosterXml(unitSel('u1', 'Boyz', model('m1', 'Boy', 10, { M: '6"', T: 5, SV: '5+', W: 1, LD: '7+', OC: 2 })), 'Warhammer 40,000 10th Edition');
    const err = await refused('tenth.ros', tenth);
    expect(err).toContain('tenth.ros:1:1: a roster of "Warhammer 40,000 10th Edition": its Unit profiles have M T SV W LD OC and no WS');
    expect(err).toContain('fought WS against WS');
  });

  it('a zip with no .ros, with several, empty, or a zip bomb (refused before it is unzipped)', async () => {
    const none = zipSync({ 'readme.txt': strToU8('hello') });
    const two = zipSync({ 'a.ros': strToU8(rosterXml(good)), 'b.ros': strToU8(rosterXml(good)) });
    const empty = zipSync({});
    // 6 MB of one byte deflates to a few kilobytes: its central directory says 6 MB
    const bomb = zipSync({ 'list.ros': new Uint8Array(6 * 1024 * 1024).fill(0x20) });
    // the same, lying: it says 100 bytes, in the central directory and the local header
    const liar = new Uint8Array(bomb);
    const view = new DataView(liar.buffer);
    for (let o = 0; o < liar.length - 4; o++) {
      const sig = view.getUint32(o, true);
      if (sig === 0x04034b50) view.setUint32(o + 22, 100, true);
      if (sig === 0x02014b50) view.setUint32(o + 24, 100, true);
    }
    const [n, t, e, b, l] = await Promise.all([refused('none.rosz', none), refused('two.rosz', two), refused('empty.rosz', empty), refused('bomb.rosz', bomb), refused('liar.rosz', liar)]);
    expect(n).toContain('none.rosz:1:1: a zip with no .ros in it (it holds "readme.txt")');
    expect(t).toContain('two.rosz:1:1: a zip with 2 .ros files ("a.ros", "b.ros")');
    expect(e).toContain('empty.rosz:1:1: a zip with no .ros in it (it is empty)');
    expect(b).toContain(`bomb.rosz:1:1: "list.ros" unzips to ${6 * 1024 * 1024} bytes: a roster over 4194304 bytes is refused`);
    expect(l).toContain('liar.rosz:1:1: "list.ros" unzips to more than 4194304 bytes (it declared 100)');
  });

  it('a unit with no profile, a model count of 0, characteristics that are not numbers: left out, located, by selection', () => {
    const f = tmp.write('mixed.ros', rosterXml([
      good,
      '\n<selection id="x1" name="Mystery Mob" number="1" type="unit"><selections><selection id="x2" name="Grot" number="3" type="model"/></selections></selection>',
      '\n' + unitSel('x3', 'Empty Mob', model('x4', 'Boy', 0)),
      '\n' + model('x5', 'Dashing Nob', 1, { ...BOY, WS: '-' }),
      '\n' + model('x6', 'Savvy Nob', 1, { ...BOY, WS: '2+' }),
      '\n' + model('x7', 'Lucky Nob', 1, { ...BOY, A: 'D6' }),
      '\n' + model('x8', 'Thin Nob', 1, { ...BOY, T: '-' }),
    ].join('')));
    const r = importRoster(f);
    expect(r.units.map((u) => u.key)).toEqual(['boy', 'dashing-nob']);
    expect(r.models.find((m) => m.key === 'dashing-nob')!.profile!.WS).toBe(0);
    expect(importNotes(r)).toEqual([
      `${at(f, 'x2')}: selection "Mystery Mob" > "Grot": has no Unit, Vehicle or Walker profile: the unit is left out`,
      `${at(f, 'x3')}: selection "Empty Mob": no model left: the unit is left out`,
      `${at(f, 'x4')}: selection "Empty Mob" > "Boy": a model count of 0: that model is left out`,
      `${at(f, 'x5')}: selection "Dashing Nob": WS written "-": taken as 0`,
      `${at(f, 'x6')}: selection "Savvy Nob": Savvy Nob: WS is "2+", not a whole number 0-10: the unit is left out`,
      `${at(f, 'x7')}: selection "Lucky Nob": Lucky Nob: A is "D6", not a whole number 0-10: the unit is left out`,
      `${at(f, 'x8')}: selection "Thin Nob": Thin Nob: T is "-", not a whole number 1-10: the unit is left out`,
    ]);
    const text = renderImport(r);
    expect(text).toContain('# Left out:\n#   selection "Mystery Mob" > "Grot": has no Unit, Vehicle or Walker profile: the unit is left out');
    expect(parse(text).units.boy.models).toEqual([{ model: 'boy', count: 10 }]);
  });

  it('a Nob bought as an upgrade of a mob with no profile of its own is a model group, with his own wargear', () => {
    const klaw = '<selections><selection id="k1" name="Power Klaw" number="1" type="upgrade"><profiles><profile name="Power Klaw" typeName="Melee Weapon"><characteristics><characteristic name="Details">x2</characteristic></characteristics></profile></profiles></selection></selections>';
    const nob = `<selection id="n1" name="Nob" number="1" type="upgrade">${unitProfile('Nob', { ...BOY, S: 4, W: 2, I: 3, A: 3 })}${klaw}</selection>`;
    const grenades = '<selection id="g1" name="Stikkbombz" number="1" type="upgrade"/>';
    const f = tmp.write('mob.ros', rosterXml(unitSel('u1', 'Slugga Boyz', model('b1', 'Boy', 9) + nob + grenades)));
    const r = importRoster(f);
    expect(r.units[0]!.models).toEqual([{ model: 'boy', count: 9 }, { model: 'nob', count: 1 }]);
    expect(r.models.map((m) => [m.key, m.wargear])).toEqual([['boy', ['frag-grenades']], ['nob', ['power-claw', 'frag-grenades']]]);
  });

  it('a list with nothing to import is refused whole, every reason located', async () => {
    const err = await refused('nothing.ros', rosterXml(unitSel('z1', 'Empty Mob', model('z2', 'Boy', 0))));
    expect(err).toContain('selection "Empty Mob" > "Boy": a model count of 0: that model is left out');
    expect(err).toContain('nothing.ros: no unit of the list can be imported: nothing written');
    const noUnits = await refused('nounits.ros', rosterXml(''));
    expect(noUnits).toContain('nounits.ros:1:1: a roster of "Warhammer 40,000 4th Edition" with no units in it');
  });

  it('a device, a folder: refused by what they are, never read', () => {
    expect(problems(() => importRoster('/dev/zero'))).toEqual(['/dev/zero: is not a regular file (a device)']);
    expect(problems(() => importRoster(tmp.dir))).toEqual([`${tmp.dir}: is a directory, not a file`]);
  });

  it('XML nested past the limit is refused at the element that passes it', () => {
    const f = tmp.write('deep.ros', `<roster>${'<a>'.repeat(150)}${'</a>'.repeat(150)}</roster>`);
    expect(problems(() => importRoster(f))).toEqual([`${f}:1:${8 + 99 * 3 + 1}: XML nested more than 100 elements deep: refused (a roster export nests some tens)`]);
  });
});

/** `file:line:col` of the selection with this id in `file`. */
function at(file: string, id: string): string {
  const text = readFileSync(file, 'utf8');
  const i = text.indexOf(`<selection id="${id}"`);
  const before = text.slice(0, i).split('\n');
  return `${file}:${before.length}:${before[before.length - 1]!.length + 1}`;
}
