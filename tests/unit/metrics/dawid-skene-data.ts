// Reference data for the Dawid–Skene tests, typed in by hand.
import { encodeRatings, type Rating } from "@/lib/metrics";

/** Dawid & Skene (1979), Table 1: 45 patients, 5 clinicians, 4 classes of fitness for anaesthesia. One line
 *  per patient: clinician 1's three ratings, then clinicians 2–5. */
const DS_1979 = `111 1 1 1 1|333 4 3 3 4|112 2 1 2 2|222 3 1 2 1|222 3 2 2 2|222 3 3 2 2|122 2 1 1 1|333 3 4 3 3|222 2 2 2 3
232 2 2 2 3|444 4 4 4 4|222 3 3 4 3|111 1 1 1 1|222 3 2 1 2|121 1 1 1 1|111 2 1 1 1|111 1 1 1 1|111 1 1 1 1
222 2 2 2 1|222 1 3 2 2|222 2 2 2 2|222 2 2 2 1|222 3 2 2 2|221 2 2 2 2|111 1 1 1 1|111 1 1 1 1|232 2 2 2 2
111 1 1 1 1|111 1 1 1 1|112 1 1 2 1|111 1 1 1 1|333 3 2 3 3|111 1 1 1 1|222 2 2 2 2|222 3 2 3 2|433 4 3 4 3
221 2 2 3 2|232 3 2 3 3|333 3 4 3 2|111 1 1 1 1|111 1 1 1 1|121 2 1 1 1|232 2 2 2 2|121 1 1 1 1|222 2 2 2 2`;

export function dawidSkene1979(): Rating[] {
  const ratings: Rating[] = [];
  DS_1979.split(/[|\n]/).forEach((patient, i) => {
    const [first, ...others] = patient.split(" ");
    for (const label of first!) ratings.push({ unit: `p${i + 1}`, rater: "c1", label: Number(label) });
    others.forEach((label, j) => ratings.push({ unit: `p${i + 1}`, rater: `c${j + 2}`, label: Number(label) }));
  });
  return ratings;
}

/** crowd-kit's DawidSkene (Toloka/crowd-kit, commit 35f0661) run on the data above until its estimates stop
 *  changing (2000 iterations, no early stop): class priors, a few non-certain posteriors, clinician 3's error
 *  rates (row = true class) and the log-likelihood at those estimates. Its priors round to DS's 0.40, 0.42,
 *  0.11, 0.07. */
export const CROWDKIT_DS_1979 = {
  priors: [0.3995547529, 0.4219833919, 0.1117951885, 0.0666666667],
  posterior: {
    p7: [0.9810203, 0.0189797, 0, 0],
    p30: [0.99914588, 0.00085412, 0, 0],
    p32: [0, 0.00002083, 0.99997917, 0],
    p35: [0, 0.9479952, 0.0520048, 0],
    p38: [0, 0.02120048, 0.97879952, 0],
    p42: [0.99980644, 0.00019356, 0, 0],
  } as Record<string, number[]>,
  c3: [
    [1, 0, 0, 0],
    [0.10637786, 0.7882994, 0.10532273, 0],
    [0, 0.40367141, 0.1987762, 0.39755239],
    [0, 0, 0.66666667, 0.33333333],
  ],
  logLikelihood: -192.8908812179,
  /** Per patient p1..p45. */
  labels: "142222132243121111222222112111131224233111212",
};

/** crowd-kit tests/aggregation/test_ds_aggregation.py, test_dawid_skene_step_by_step: 5 tasks, 5 workers,
 *  and its expected values (2 decimals, compared with atol 0.005) after the first and second iteration. */
export const CROWDKIT_STEP = {
  ratings: "t1 w1 no|t1 w2 yes|t1 w4 yes|t1 w5 no|t2 w1 yes|t2 w2 yes|t2 w3 yes|t2 w4 no|t2 w5 no|t3 w1 yes|t3 w2 no|t3 w3 no|t3 w4 yes|t3 w5 no|t4 w1 yes|t4 w2 yes|t4 w3 yes|t4 w4 yes|t4 w5 yes|t5 w1 yes|t5 w2 no|t5 w3 no|t5 w4 no|t5 w5 no"
    .split("|")
    .map((r) => r.split(" "))
    .map(([unit, rater, label]) => ({ unit: unit!, rater: rater!, label: label! })),
  /** P(no), P(yes) per task after one E-step from the majority vote (probas_iter_1). */
  probas1: [[0.35, 0.65], [0.26, 0.74], [0.87, 0.13], [0, 1], [0.95, 0.05]],
  labels1: ["yes", "yes", "no", "yes", "no"],
  /** Error rates per worker, as [P(no | no), P(no | yes)] (errors_iter_0 from the majority vote, errors_iter_1). */
  errors0: { w1: [0.22, 0.19], w2: [0.61, 0.22], w3: [0.78, 0.27], w4: [0.52, 0.3], w5: [1, 0.63] } as Record<string, number[]>,
  errors1: { w1: [0.14, 0.25], w2: [0.75, 0.07], w3: [0.87, 0.09], w4: [0.5, 0.31], w5: [1, 0.61] } as Record<string, number[]>,
  priors0: [0.46, 0.54],
  priors1: [0.49, 0.51],
};

/** crowd-kit's DawidSkene (same commit, 3000 and 4000 iterations agree) on the seeded 111-unit crowds that
 *  `hardCrowd(seed)` in dawid-skene.test.ts builds (written to CSV and read back with pandas): the label
 *  (0, 1, 2) of u0..u110. */
export const CROWDKIT_HARD_CROWDS: Record<number, string> = {
  4: "020021011122202222112020112001220122001020200002101201210022100010111120101122021022102120120001210120210202220",
  13: "011001221001210220121221101212102222012000001201102221120112101012212211210022112221200101221201000200200210022",
  17: "222101111222120100211110210012022111102212210112212202210202211122211121111220100111102211001211222111212120212",
  27: "021102102112201110011211121211102111111121221122002011011120112122220111202101120102211110111122021122211011010",
  29: "100200000000000002020200200022001012020000100000120002020001000002221000002010012100020010000000100100000002101",
};

export const codedDs1979 = () => encodeRatings(dawidSkene1979(), [], { repeats: true });
