// What `exact` says beside a refusal made before enumerating: sim's runs and time for the same question.
import { grouped } from '../report/numbers.js';

/** A refusal's message with `sim`'s runs and time for a standard error `se` on the attacker's win share beside it. */
export function withSimTime(message: string, runs: number, seconds: number, se: number): string {
  const time = seconds < 0.1 ? 'under 0.1 s' : `about ${seconds.toFixed(1)} s`;
  return `${message} (it needs about ${grouped(runs)} runs for a standard error of ${se} on the attacker's win share: ${time} on one thread here)`;
}
