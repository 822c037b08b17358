// ψ(x) = d/dx ln Γ(x) for x > 0, for the variational M-step of MACE: the recurrence ψ(x) = ψ(x + 1) − 1/x
// up to x ≥ 10, then the asymptotic series ln x − 1/(2x) − Σ B_2n / (2n x^2n) (Abramowitz & Stegun 6.3.18),
// whose first omitted term is below 1e-16 there.
export function digamma(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`digamma needs a finite x > 0, got ${x}`);
  let shift = 0;
  while (x < 10) {
    shift -= 1 / x;
    x += 1;
  }
  const f = 1 / (x * x);
  const series = f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132 - f * (691 / 32760))))));
  return shift + Math.log(x) - 0.5 / x - series;
}
