// MACE, Multi-Annotator Competence Estimation (Hovy, Berg-Kirkpatrick, Vaswani & Hovy 2013, "Learning Whom
// to Trust with MACE", NAACL-HLT 1120–1130), following the authors' reference code (github.com/dirkhovy/MACE).
// The true label T_u is uniform over the K categories. Rater a knows the answer with probability θ_a
// (competence) and then gives T_u; otherwise a guesses from a strategy ξ_a over the categories:
// P(label l | T = t) = θ_a [l = t] + (1 − θ_a) ξ_a[l]. Fitted from `restarts` random starts; the start with
// the best log marginal likelihood is kept. "vb" (the authors' default): variational Bayes with a Beta(α, β)
// prior on (guess, know) and a symmetric Dirichlet(10) on ξ, so each update is exp ψ(count + prior) /
// exp ψ(total); θ_a is then exp E[log θ_a] (not normalised against the guessing weight), as MACE reports it.
// "em": maximum likelihood with counts smoothed by 0.01/K. A start stops when no parameter moves by more
// than `tolerance` (MACE itself runs a fixed 50 iterations).
import { groupByUnit } from "./counts";
import { digamma } from "./digamma";
import type { CodedRatings } from "./encode";
import { TIE } from "./majority";
import { seededRandom } from "./random";
import { missing, type Label, type Result } from "./types";

export interface MaceOptions {
  method?: "vb" | "em";
  restarts?: number;
  maxIterations?: number;
  tolerance?: number;
  /** Beta prior on (guessing, knowing), vb only: β > α says most raters are reliable. */
  alpha?: number;
  beta?: number;
  /** Dirichlet pseudo-count on each guessing strategy, vb only. */
  strategyPrior?: number;
  /** Added to the expected counts, em only; default 0.01/K. */
  smoothing?: number;
  seed?: number;
  /** Known labels by unit id (MACE's control items). */
  gold?: ReadonlyMap<string, Label>;
}

export interface MaceModel {
  categories: readonly Label[];
  units: readonly string[];
  /** units × K, row-major. */
  posterior: Float64Array;
  /** Most probable category per unit, or TIE. */
  labels: Int32Array;
  /** Entropy (nats) of each unit's posterior: high means the raters disagree in a way MACE cannot resolve. */
  entropy: Float64Array;
  /** Per rater (index as in `raters`): the probability of knowing the answer rather than guessing. */
  competence: Float64Array;
  /** Per rater: the distribution of guesses. */
  strategy: Float64Array[];
  logLikelihood: number;
  iterations: number;
  converged: boolean;
  restarts: number;
  bestRestart: number;
}

interface Data {
  c: CodedRatings;
  K: number;
  offset: Int32Array;
  index: Int32Array;
  gold: Int32Array;
}

/** spam[a*2] = P(guess), spam[a*2+1] = P(know); theta[a*K + l] = ξ_a[l]. */
interface Params {
  spam: Float64Array;
  theta: Float64Array;
}

/** Posteriors into T, expected counts into `know` (R × 2) and `guess` (R × K); returns log P(ratings). */
function eStep(d: Data, p: Params, T: Float64Array, know: Float64Array, guess: Float64Array): number {
  const { c, K } = d;
  know.fill(0);
  guess.fill(0);
  const logM = new Float64Array(K);
  let logLikelihood = 0;
  for (let u = 0; u < c.units.length; u++) {
    logM.fill(-Math.log(K));
    for (let j = d.offset[u]!; j < d.offset[u + 1]!; j++) {
      const i = d.index[j]!;
      const a = c.rater[i]!;
      const l = c.label[i]!;
      const base = p.spam[a * 2]! * p.theta[a * K + l]!;
      for (let t = 0; t < K; t++) logM[t]! += Math.log(t === l ? base + p.spam[a * 2 + 1]! : base);
    }
    const g = d.gold[u]!;
    let max = -Infinity;
    for (let t = 0; t < K; t++) if (g < 0 || t === g) max = Math.max(max, logM[t]!);
    let sum = 0;
    for (let t = 0; t < K; t++) sum += g < 0 || t === g ? Math.exp(logM[t]! - max) : 0;
    logLikelihood += max + Math.log(sum);
    for (let t = 0; t < K; t++) T[u * K + t] = g < 0 || t === g ? Math.exp(logM[t]! - max) / sum : 0;
    for (let j = d.offset[u]!; j < d.offset[u + 1]!; j++) {
      const i = d.index[j]!;
      const a = c.rater[i]!;
      const l = c.label[i]!;
      const base = p.spam[a * 2]! * p.theta[a * K + l]!;
      // P(knew | data) = P(T = l | data) · θ / (guess·ξ[l] + θ); everything else was a guess of l
      const knew = (T[u * K + l]! * p.spam[a * 2 + 1]!) / (base + p.spam[a * 2 + 1]!);
      know[a * 2 + 1]! += knew;
      know[a * 2]! += 1 - knew;
      guess[a * K + l]! += 1 - knew;
    }
  }
  return logLikelihood;
}

/** Row-normalises counts + prior: plainly (em), or as exp ψ(x) / exp ψ(Σ x) (vb). */
function update(counts: Float64Array, width: number, prior: number | ((col: number) => number), vb: boolean, out: Float64Array): number {
  let change = 0;
  for (let row = 0; row * width < counts.length; row++) {
    let total = 0;
    for (let l = 0; l < width; l++) total += counts[row * width + l]! + (typeof prior === "number" ? prior : prior(l));
    for (let l = 0; l < width; l++) {
      const x = counts[row * width + l]! + (typeof prior === "number" ? prior : prior(l));
      const next = vb ? Math.exp(digamma(x) - digamma(total)) : x / total;
      change = Math.max(change, Math.abs(next - out[row * width + l]!));
      out[row * width + l] = next;
    }
  }
  return change;
}

function randomParams(R: number, K: number, random: () => number): Params {
  const draw = (n: number) => {
    const xs = Array.from({ length: n }, () => 1 + 0.5 * random());
    const sum = xs.reduce((s, x) => s + x, 0);
    return xs.map((x) => x / sum);
  };
  const spam = new Float64Array(R * 2);
  const theta = new Float64Array(R * K);
  for (let a = 0; a < R; a++) spam.set(draw(2), a * 2);
  for (let a = 0; a < R; a++) theta.set(draw(K), a * K);
  return { spam, theta };
}

export function mace(c: CodedRatings, options: MaceOptions = {}): Result<MaceModel> {
  const K = c.categories.length;
  const { method = "vb", restarts = 10, maxIterations = 1000, tolerance = 1e-10, alpha = 0.5, beta = 0.5, strategyPrior = 10, seed = 1, gold = new Map<string, Label>() } = options;
  const smoothing = options.smoothing ?? 0.01 / Math.max(K, 1);
  if (!Number.isInteger(restarts) || restarts < 1) throw new RangeError(`restarts must be a positive integer, got ${restarts}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new RangeError(`maxIterations must be a positive integer, got ${maxIterations}`);
  if (!(alpha > 0 && beta > 0 && strategyPrior > 0 && smoothing >= 0)) throw new RangeError("alpha, beta and strategyPrior must be positive, smoothing non-negative");
  if (c.unit.length === 0) return missing("no ratings");
  if (K < 2) return missing("only one category, so there is nothing to estimate");
  const goldOf = new Int32Array(c.units.length).fill(-1);
  for (const [id, label] of gold) {
    const u = c.units.indexOf(id);
    const k = c.categories.indexOf(label);
    if (u < 0) return missing(`gold unit "${id}" has no ratings`);
    if (k < 0) return missing(`gold label "${String(label)}" of unit "${id}" is not one of the categories`);
    goldOf[u] = k;
  }
  const d: Data = { c, K, ...groupByUnit(c), gold: goldOf };
  const R = c.raters.length;
  const vb = method === "vb";
  const random = seededRandom(seed);
  const T = new Float64Array(c.units.length * K);
  const know = new Float64Array(R * 2);
  const guess = new Float64Array(R * K);
  let best: { p: Params; logLikelihood: number; iterations: number; converged: boolean } | null = null;
  let bestRestart = 0;
  for (let r = 0; r < restarts; r++) {
    const p = randomParams(R, K, random);
    let logLikelihood = eStep(d, p, T, know, guess);
    let iterations = 0;
    let converged = false;
    while (iterations < maxIterations && !converged) {
      iterations++;
      const moved = Math.max(
        update(know, 2, vb ? (col) => (col === 0 ? alpha : beta) : smoothing, vb, p.spam),
        update(guess, K, vb ? strategyPrior : smoothing, vb, p.theta),
      );
      logLikelihood = eStep(d, p, T, know, guess);
      converged = moved < tolerance;
    }
    if (best === null || logLikelihood > best.logLikelihood + 1e-9 * Math.max(1, Math.abs(best.logLikelihood))) {
      best = { p, logLikelihood, iterations, converged };
      bestRestart = r;
    }
  }
  const logLikelihood = eStep(d, best!.p, T, know, guess);
  return { value: { ...describe(c, T, best!.p), logLikelihood, iterations: best!.iterations, converged: best!.converged, restarts, bestRestart } };
}

function describe(c: CodedRatings, T: Float64Array, p: Params) {
  const K = c.categories.length;
  const U = c.units.length;
  const labels = new Int32Array(U);
  const entropy = new Float64Array(U);
  for (let u = 0; u < U; u++) {
    let top = 0;
    for (let k = 1; k < K; k++) if (T[u * K + k]! > T[u * K + top]!) top = k;
    let tied = false;
    for (let k = 0; k < K; k++) {
      const x = T[u * K + k]!;
      if (k !== top && T[u * K + top]! - x < 1e-12) tied = true;
      if (x > 0) entropy[u]! -= x * Math.log(x);
    }
    labels[u] = tied ? TIE : top;
  }
  const competence = Float64Array.from({ length: c.raters.length }, (_, a) => p.spam[a * 2 + 1]!);
  const strategy = Array.from({ length: c.raters.length }, (_, a) => p.theta.slice(a * K, (a + 1) * K));
  return { categories: c.categories, units: c.units, posterior: T, labels, entropy, competence, strategy };
}
