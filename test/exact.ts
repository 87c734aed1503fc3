// Exact probabilities for simple fights, computed from first principles (binomial arithmetic),
// never from the engine: what the Monte Carlo figures and the exact regression checks are held to.

export function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** P(X = k) for k = 0..n, X ~ Binomial(n, p). */
export function binom(n: number, p: number): number[] {
  return Array.from({ length: n + 1 }, (_, k) => choose(n, k) * p ** k * (1 - p) ** (n - k));
}

/** P(2D6 <= ld) */
export function leadershipPass(ld: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= ld) n++;
  return n / 36;
}

/** Mean and variance of min(X, cap) for X with the given pmf. */
export function cappedMoments(pmf: number[], cap: number): { mean: number; variance: number } {
  const mean = pmf.reduce((a, q, k) => a + Math.min(k, cap) * q, 0);
  const variance = pmf.reduce((a, q, k) => a + (Math.min(k, cap) - mean) ** 2 * q, 0);
  return { mean, variance };
}

/**
 * Two units of `n` identical models strike simultaneously, each model one attack that wounds
 * with probability p, no saves; the loser tests Morale on Ld `ld`. One assault phase.
 */
export function simultaneousDuel(n: number, p: number, ld: number) {
  const pmf = binom(n, p);
  const fail = 1 - leadershipPass(ld);
  let firstWin = 0;
  let finalWin = 0;
  let draw = 0;
  for (let a = 0; a <= n; a++) {
    for (let d = 0; d <= n; d++) {
      const q = pmf[a]! * pmf[d]!;
      if (a > d) firstWin += q;
      if (a === d && a < n) draw += q;
      if (a === n && d < n) finalWin += q; // wiped out
      else if (a > d && a < n) finalWin += q * fail; // broke: fell back or swept
    }
  }
  return { firstWin, finalWin, draw };
}
