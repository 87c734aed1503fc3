// Text written into a YAML file (render/yaml-string.ts: an imported roster's names, a new edition
// file's name and values) reads back as the same text: with this program's reader (YAML 1.2, the
// core schema: io/yamlfile.ts) in a block, a flow sequence and a flow mapping, and with a YAML 1.1
// reader too; plain where nothing in it can be read otherwise.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlString } from '../src/render/yaml-string.js';
import { YamlFile } from '../src/io/yamlfile.js';

/** Strings that mean something else to YAML, or nearly do. */
const NAMED = [
  '', ' ', '~', 'y', 'Y', 'n', 'N', 'yes', 'Yes', 'NO', 'on', 'Off', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE',
  '0', '-0', '007', '0x1', '0X1f', '0o7', '0b101', '1e3', '1E3', '1.5e+3', '1_000', '1.2.3', '1:20', '190:20:30.15', '.5', '5.', '+1', '-1',
  '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'Infinity', 'NaN', '2001-12-14', '2001-12-14t21:59:43.10-05:00', '2d6', '2d6+initiative', 'E9', 'e+10',
  ' a', 'a ', '  a  ', '\ta', 'a\t', 'a\tb', 'a\nb', 'a\r\nb', '\n', 'a\n', 'a: b', 'a:b', 'a:', ': a', 'a #b', 'a#b', '#a', '- a', '-a', '-', '--',
  '---', '...', '? a', '?a', '[a]', 'a,b', 'a, b', '{a}', '{a: 1}', '&a', '*a', '!a', '!!str', '|a', '>a', '%a', '@a', '`a', "'a", '"a',
  'a"b', "a'b", "'", '"', '\\', 'a\\nb', '<<', '=', '=a', 'a\u2028b', 'a\u2029b', 'a\u0085b', 'a\u007fb', '\ufeffa', 'a\ufeffb',
  '\u0000', 'a\u0000b', '\u0001', '\u001b[31m', 'é', 'Légion', '\u{1F600}', '\ud800', 'a\udfffb', '\ufffe', '\uffff',
  'Boyz', 'Ork Boy', 'Space Marine (Meltagun)', '4th Edition SRD (house rules)', 'Epic 40,000 assault (house rules)', "Nob's Choppa",
  'pile-in', 'rosters/editions/waffle-2d6-sweep.edition.yaml', '../up.edition.yaml', '(1)', 'a/b', 'A!', 'x+y',
];

/** What generated strings are made of: every YAML indicator, spaces and breaks, digits and the letters of numbers, characters YAML escapes. */
const PIECES = [
  'a', 'B', 'z', 'e', 'E', 'x', 'o', 'b', 'n', 'y', 'inf', 'nan', 'null', 'true', 'no', '0', '1', '7', '9', '_', '.', '+', '-',
  ' ', '  ', '\t', '\n', '\r', ':', ': ', ' #', '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '?', '~', '\\',
  '/', '(', ')', '=', '<', 'é', '\u2028', '\u0085', '\ufeff', '\u007f', '\u0000', '\u0001', '\u001b', '\u{1F600}', '\ud800', '---',
];

/** `count` strings of 1 to 8 pieces, the same every run (a fixed linear congruential sequence). */
function generated(count: number): string[] {
  let s = 20261128;
  const next = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + next(8) }, () => PIECES[next(PIECES.length)]!).join(''));
}

const ALL = [...NAMED, ...generated(3000)];

/** `xs` written by yamlString in three places, read back by this program's reader and by a YAML 1.1 reader. */
function readBack(xs: readonly string[]): { block: unknown[]; seq: unknown[]; map: unknown[]; yaml11: unknown[] } {
  const text = [
    'block:',
    ...xs.map((x) => `  - ${yamlString(x)}`),
    `seq: [${xs.map(yamlString).join(', ')}]`,
    `map: { ${xs.map((x, i) => `k${i}: ${yamlString(x)}`).join(', ')} }`,
    '',
  ].join('\n');
  const data = YamlFile.parse('quoted.yaml', text).data as { block: unknown[]; seq: unknown[]; map: Record<string, unknown> };
  const old = parse(text, { version: '1.1' }) as { block: unknown[] };
  return { block: data.block, seq: data.seq, map: xs.map((_, i) => data.map[`k${i}`]), yaml11: old.block };
}

describe('yamlString: text written into YAML reads back as written', () => {
  it(`each of ${ALL.length} awkward strings (named and generated) reads back the same in a block, a flow sequence and a flow mapping, with YAML 1.2 and 1.1`, () => {
    // in files of 500 strings each (a file holds at most 20,000 values and marks)
    for (let i = 0; i < ALL.length; i += 500) {
      const xs = ALL.slice(i, i + 500);
      const got = readBack(xs);
      expect(got.block).toEqual(xs);
      expect(got.seq).toEqual(xs);
      expect(got.map).toEqual(xs);
      expect(got.yaml11).toEqual(xs);
    }
  });

  it('names stay plain; what a reader takes as null, a boolean, a number or a date is quoted; what YAML escapes is escaped', () => {
    for (const s of ['Boyz', 'Ork Boy', 'Space Marine (Meltagun)', '4th Edition SRD (house rules)', "Nob's Choppa", 'pile-in', '2d6', '2d6+initiative', 'x+y', 'rosters/a.edition.yaml', '10 Boyz']) {
      expect(yamlString(s)).toBe(s);
    }
    for (const s of ['~', 'y', 'N', 'yes', 'off', 'Null', 'TRUE', '0x1', '0o7', '0b101', '1e3', '1_000', '1.2.3', '007', 'E9', '2001-12-14', 'a ', 'a, b', 'Epic 40,000 assault (house rules)', '']) {
      expect(yamlString(s)).toBe(JSON.stringify(s));
    }
    expect(yamlString('a\u2028b\u007f\ufeff')).toBe('"a\\u2028b\\u007f\\ufeff"');
    expect(yamlString('a\nb')).toBe('"a\\nb"');
  });
});
