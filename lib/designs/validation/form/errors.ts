// How the validation section's invalid_params names (`config.…`) read in the error summary, and
// what to do where zod's wording is generic.

const NAMES: Record<string, string> = {
  config: "Checks",
  "config.contextChecks.flags": "Context flags",
  "config.labelJudgement.prompt": "Label judgement prompt",
  "config.labelJudgement.labels": "Labels",
  "config.rule.tiePolicy": "Tie policy",
  "config.rule.llmJudge": "LLM judge",
  "config.rule.llmJudge.model": "LLM judge model",
};

export function validationFieldName(name: string): string | null {
  if (NAMES[name]) return NAMES[name]!;
  const flag = /^config\.contextChecks\.flags\.(\d+)\.(\w+)$/.exec(name);
  if (flag) return `Flag ${Number(flag[1]) + 1} ${flag[2]}`;
  const label = /^config\.labelJudgement\.labels\.(\d+)\.(\w+)$/.exec(name);
  if (label) return `Label ${Number(label[1]) + 1} ${label[2]}`;
  return null;
}

const REASONS: Record<string, string> = {
  "config.labelJudgement.prompt": "Enter the question annotators answer.",
  "config.labelJudgement.labels": "Give between 2 and 9 labels.",
  "config.contextChecks.flags": "Give between 1 and 10 flags.",
  "config.rule.llmJudge.model": "Choose the model whose judgements to use.",
  "config.rule.llmJudge": "Choose the model whose judgements to use.",
};

/** Called only for zod's generic wording ("Too small", "Invalid input", ...). */
export function validationReason(name: string): string | null {
  if (REASONS[name]) return REASONS[name]!;
  if (/^config\..*\.label$/.test(name)) return "Enter a label.";
  if (/^config\..*\.key$/.test(name)) return "Enter a key (lower-case letters, digits and _).";
  return null;
}
