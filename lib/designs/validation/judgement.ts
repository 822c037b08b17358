// An LLM judge's verdict as imported: true/false, or words like valid/invalid, yes/no, correct/incorrect.
export function judgement(answer: unknown): boolean | null {
  if (typeof answer === "boolean") return answer;
  if (typeof answer === "number") return answer === 1 ? true : answer === 0 ? false : null;
  if (typeof answer === "string") {
    const a = answer.trim().toLowerCase();
    if (["valid", "yes", "correct", "true", "keep", "1"].includes(a)) return true;
    if (["invalid", "no", "incorrect", "false", "reject", "0"].includes(a)) return false;
  }
  if (answer && typeof answer === "object" && "valid" in answer) return judgement((answer as { valid: unknown }).valid);
  return null;
}
