// What each edition's document holds that assault leaves out, and why (rules ruling 27):
// `assault rules ID` lists it after the charts and notes, for every edition.
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/editions/registry.js';
import { renderRuleset } from '../src/render/rules.js';

const expected: Record<string, RegExp[]> = {
  srd4: [/Movement and Shooting phases/, /Tank Shock, Death or Glory and ramming/, /vehicles\.md/],
  revised4: [/Movement and Shooting phases/, /Tank Shock, Death or Glory and ramming/, /Regrouping/],
  fightphase: [/separate combats/, /Hammer of Wrath/, /several Initiative steps/],
  waffle: [/Shooting Into and out of Close Combat/, /Morale penalty it names has no size/, /Pinning/, /Hammer of Wrath/],
};

describe.each(Object.keys(expected))('%s: assault rules lists what it leaves out, and why', (id) => {
  const ruleset = RULESETS[id]!;
  const text = renderRuleset(ruleset, 1000);

  it('after a heading naming the document, every item', () => {
    const at = text.indexOf(`Left out of ${ruleset.document}, and why:`);
    expect(at).toBeGreaterThan(0);
    for (const item of ruleset.leftOut) expect(text.slice(at)).toContain(`- ${item}`);
  });

  it('the items the rulings name, each with its reason', () => {
    for (const re of expected[id]!) expect(ruleset.leftOut.some((item) => re.test(item))).toBe(true);
    // every item says why: a clause after a colon or a parenthesis
    for (const item of ruleset.leftOut) expect(item).toMatch(/[:(]/);
  });
});
