// What the dice of a fight cost by themselves: the chance's calls of some fights recorded, then
// made again on dice stream 2 with no kernel around them. Their time a fight is the least a
// fight can take, so it bounds the dice/bare ratio a faster kernel could ever reach (README,
// Performance).
import type { Chance } from '../dice.js';
import { CountChance } from '../counts.js';
import type { Scenario } from '../model.js';
import { getRuleset } from '../editions/registry.js';
import { kernelFor } from '../sim/kernel/kernel.js';

/** The calls recorded, by number, with up to six arguments each. */
const CALLS = ['blows', 'saves', 'test', 'leadership', 'race', 'sum', 'die', 'highest', 'saveUntil'] as const;
type Call = (typeof CALLS)[number];
const ARGS = 7;

/** The calls the kernel makes in runs 1..`runs` of `s`, each as its number and arguments; the first call of each run. */
function record(s: Scenario, runs: number): { calls: Float64Array; starts: Int32Array } | null {
  const kernel = kernelFor(s, getRuleset(s.rules));
  if (!kernel) return null;
  const chance = new CountChance('draws');
  const calls: number[] = [];
  const starts: number[] = [];
  const recorder = new Proxy(chance, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function' || !CALLS.includes(key as Call)) return v;
      return (...args: (number | boolean)[]) => {
        calls.push(CALLS.indexOf(key as Call), ...Array.from({ length: ARGS - 1 }, (_, i) => Number(args[i] ?? 0)));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Chance;
  for (let run = 1; run <= runs; run++) {
    chance.start(run);
    starts.push(calls.length / ARGS);
    kernel.run(recorder);
  }
  starts.push(calls.length / ARGS);
  return { calls: Float64Array.from(calls), starts: Int32Array.from(starts) };
}

/** The recorded calls of every run made again, each run's dice started as `sim` starts them: a number that depends on every draw. */
function replay(chance: CountChance, calls: Float64Array, starts: Int32Array): number {
  let sink = 0;
  for (let run = 1; run < starts.length; run++) {
    chance.start(run);
    for (let i = starts[run - 1]! * ARGS; i < starts[run]! * ARGS; i += ARGS) {
      const a = calls[i + 1]!;
      const b = calls[i + 2]!;
      const c = calls[i + 3]!;
      switch (calls[i]) {
        case 0: sink += chance.blows(a, b, c, calls[i + 4] === 1, calls[i + 5] === 1, calls[i + 6] === 1); break;
        case 1: sink += chance.saves(a, b, c); break;
        case 2: sink += chance.test(a, b, c === 1); break;
        case 3: sink += chance.leadership(a) ? 1 : 0; break;
        case 4: sink += chance.race(a, b); break;
        case 5: sink += chance.sum(a); break;
        case 6: sink += chance.die(); break;
        case 7: sink += chance.highest(a); break;
        default: sink += chance.saveUntil(a, b, c);
      }
    }
  }
  return sink;
}

/**
 * The time a fight of `s` takes in its draws alone, in seconds (the median of `rounds` replays
 * of 5,000 fights' calls, after a warm-up), or null when the kernel does not take `s`.
 */
export function drawsAlone(s: Scenario, rounds = 9): number | null {
  const rec = record(s, 5000);
  if (!rec) return null;
  const chance = new CountChance('draws');
  const runs = rec.starts.length - 1;
  for (let i = 0; i < 20; i++) replay(chance, rec.calls, rec.starts);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    replay(chance, rec.calls, rec.starts);
    times.push((performance.now() - t) / 1000 / runs);
  }
  return times.sort((x, y) => x - y)[Math.floor(rounds / 2)]!;
}
