// The rules of FANToM's official evaluator (skywalker023/fantom, eval_fantom.py), one function
// each, written to give the same result as the Python on the same strings. Comments name the
// Python function each one mirrors.

// Python's str.split() with no argument splits on runs of these (str.isspace) and drops empties.
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

function pySplit(s: string): string[] {
  return s.split(PY_WHITESPACE).filter((t) => t !== "");
}

/** Python's str.strip() with no argument. */
function pyStrip(s: string): string {
  return s.replace(new RegExp(`^${PY_WHITESPACE.source}|${PY_WHITESPACE.source}$`, "g"), "");
}

/** compute_f1: token F1 over whitespace tokens, counted with multiplicity (Counter &); no
 *  lower-casing or punctuation stripping here (evaluate_fact_q lower-cases both first). */
export function tokenF1(truth: string, response: string): number {
  const gold = pySplit(truth);
  const said = pySplit(response);
  const counts = new Map<string, number>();
  for (const t of gold) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of said) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      same++;
      counts.set(t, left - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / said.length;
  const recall = same / gold.length;
  return (2 * precision * recall) / (precision + recall);
}

/** parse_response: the part after the last "Answer:" (else after "Choose an answer from
 *  above:"), stripped; the response unchanged otherwise. Applied to every response the
 *  official script stores. */
export function parseResponse(response: string): string {
  if (response.includes("Answer:")) return pyStrip(response.split("Answer:").at(-1)!);
  if (response.includes("Choose an answer from above:")) return pyStrip(response.split("Choose an answer from above:").at(-1)!);
  return response;
}

/** evaluate_mc_belief_q: is `letter` ("a", "b") the answer? The lower-cased response starts with
 *  "(a)", "a)", "a.", "a:" or "a,", or holds "(a)" anywhere, or is exactly "a". Note "(a)
 *  anywhere": a response naming both "(a)" and "(b)" passes for either letter. */
export function choiceMatches(response: string, letter: string): boolean {
  const r = response.toLowerCase();
  return ["(" + letter + ")", letter + ")", letter + ".", letter + ":", letter + ","].some((p) => r.startsWith(p)) || r.includes(`(${letter})`) || r === letter;
}

/** evaluate_list_q: a character counts as named when its lower-cased name is a substring of the
 *  lower-cased response (so "Ann" is named by "Joanna"). */
export function namedCharacters(response: string, names: readonly string[]): string[] {
  const r = response.toLowerCase();
  return names.filter((n) => r.includes(n.toLowerCase()));
}

/** Python's str.strip(chars) for a single character. */
function stripChar(s: string, c: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === c) start++;
  while (end > start && s[end - 1] === c) end--;
  return s.slice(start, end);
}

/** map_binary_answer_to_int: 1 for yes, 0 for no, -1 for anything else, tested in this order,
 *  so "No, but she knows it" is 1 (" knows " comes first) and "Not sure" is 0 (starts with "no"). */
export function binaryToInt(response: string): 1 | 0 | -1 {
  const a = stripChar(stripChar(response.toLowerCase(), "'"), '"');
  if (a.includes(" yes,") || a.includes(" yes ") || a.startsWith("yes") || a.includes(" yes.") || a.includes(" knows ") || a.startsWith("true")) return 1;
  if (a.includes(" no,") || a.includes(" no ") || a.startsWith("no") || a.includes(" no.") || a.includes(" does not know ") || a.includes(" doesn't know ") || a.startsWith("false")) return 0;
  return -1;
}

/** yesno_to_int: the gold label as 1/0 ("no:long" is 0). */
export function goldToInt(label: string): 1 | 0 {
  return label === "yes" ? 1 : 0;
}

/**
 * The weighted F1 score_and_analyze reports for Y/N questions: Hugging Face evaluate's "f1" with
 * average="weighted", i.e. scikit-learn's f1_score: per label in the union of truth and
 * predictions, F1 = 2·tp / (2·tp + fp + fn) (0 when undefined), averaged with weights = the
 * label's count in the truth. Unreadable answers (-1) are a label of their own with no weight,
 * so they cost recall only. null for no answers.
 */
export function weightedF1(truth: readonly number[], predicted: readonly number[]): number | null {
  if (truth.length !== predicted.length) throw new Error("weightedF1: truth and predictions differ in length");
  if (truth.length === 0) return null;
  const labels = [...new Set([...truth, ...predicted])];
  let sum = 0;
  for (const label of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (let i = 0; i < truth.length; i++) {
      const t = truth[i] === label;
      const p = predicted[i] === label;
      if (t && p) tp++;
      else if (p) fp++;
      else if (t) fn++;
    }
    const support = tp + fn;
    if (support === 0) continue;
    sum += support * (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));
  }
  return sum / truth.length;
}
