// bonus_coverage_lexical: a lexical stand-in for CharToM-QA's bonus point coverage (BPC). The
// paper asks GPT-4o which bonus points a response includes "explicitly or implicitly"; Sally has
// no model, so it counts a bonus point as covered when at least `threshold` (default 60%) of the
// point's content words appear in the answer. Words come from Intl.Segmenter (so Chinese is
// split into words too), lower-cased, accents removed, English function words dropped and a few
// English suffixes stripped (-s, -es, -ies, -ed, -ing). It misses paraphrase and negation, so it
// is named a proxy wherever it appears; the judge's own BPC can be imported as a metric instead.

const STOPWORDS = new Set(
  ("a an the and or but if then than so as of at by for from in into on onto to with without about over under after before " +
    "is are was were be been being am do does did doing have has had having will would shall should can could may might must " +
    "i me my mine we us our you your he him his she her hers it its they them their theirs this that these those there here " +
    "who whom whose which what when where why how all any both each few more most other some such no nor not only own same " +
    "too very just also up down out off again further once s t don now very feel feels felt").split(" "),
);

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function contentWords(text: string): string[] {
  const normal = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const words: string[] = [];
  for (const s of segmenter.segment(normal)) {
    if (!s.isWordLike) continue;
    const w = s.segment.replace(/['’]s$/, "");
    if (!STOPWORDS.has(w)) words.push(stem(w));
  }
  return words;
}

/** Per bonus point: covered or not (a point with no content words is left out: null). */
export function coveredPoints(answer: string, points: readonly string[], threshold: number): (boolean | null)[] {
  const present = new Set(contentWords(answer));
  return points.map((p) => {
    const words = [...new Set(contentWords(p))];
    if (words.length === 0) return null;
    return words.filter((w) => present.has(w)).length / words.length >= threshold;
  });
}

/** The share of bonus points covered, or null when the question has none that count. */
export function bonusCoverage(answer: string, points: readonly string[], threshold: number): number | null {
  const judged = coveredPoints(answer, points, threshold).filter((c): c is boolean => c !== null);
  return judged.length ? judged.filter(Boolean).length / judged.length : null;
}

export const COVERAGE_METRIC = "bonus_coverage_lexical";
export const COVERAGE_DESCRIPTION =
  "Sally's lexical proxy for CharToM-QA's bonus point coverage: a point counts as covered when enough of its content words appear in the answer (no LLM judge; misses paraphrase and negation).";
