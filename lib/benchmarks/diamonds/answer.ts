export type DiamondsAnswer = { value: number } | { unanswerable: true } | { error: string };

const PLAIN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// "1,250" and "1,250.50": commas only as thousands separators, so "1,5" is not read as 1.5
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * The README's scorer compares numbers with math.isclose and uses "NA" for unanswerable; the
 * released underspecified file writes "Unanswerable". Numbers and numeric strings (optionally with
 * a leading "$" and thousands commas) are accepted; anything else, "12.5%" included (is it 12.5
 * or 0.125?), is an error naming the value.
 */
export function parseAnswer(answer: string | number): DiamondsAnswer {
  if (typeof answer === "number") return Number.isFinite(answer) ? { value: answer } : { error: `answer ${answer} is not a finite number` };
  const text = answer.trim();
  if (/^(unanswerable|na)$/i.test(text)) return { unanswerable: true };
  const bare = text.replace(/^([+-]?)\$/, "$1");
  if (PLAIN.test(bare)) return { value: Number(bare) };
  if (GROUPED.test(bare)) return { value: Number(bare.replace(/,/g, "")) };
  return { error: `answer ${JSON.stringify(answer)} is neither a number nor "Unanswerable"/"NA"` };
}
