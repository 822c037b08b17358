import type { Check } from "@/lib/designs";
import { optionLetter } from "@/lib/option-letter";

// Sally's own words in a check (the answer-key rows' questions, "Correct"/"Wrong", "Fine", a
// criterion's "Yes"/"No"), in the page's language. The server writes them in English for the
// console and the exports; the participant's page words them from the check's kind and values.
// A researcher's words (a flag's name, a label, a criterion's prompt) stay as written.

type Translate = (key: string, values?: Record<string, string>) => string;

/** message key of each option, by the check's kind and the option's value */
const OPTION_KEYS: Record<string, Record<string, string>> = {
  marked: { yes: "correct", no: "wrong" },
  reference: { yes: "correct", no: "wrong" },
  other_option: { yes: "wrong", no: "correct" },
  broken: { no: "fine", yes: "broken" },
  flag: { no: "fine" },
  criterion: { yes: "yes", no: "no", partly: "partly", na: "notApplicable" },
};

/** the 1–5 scale's ends, described */
const SCALE_KEYS: Record<string, string> = { "1": "veryPoor", "5": "excellent" };

export function localCheck(check: Check, t: Translate): Check {
  const keys = check.kind ? OPTION_KEYS[check.kind] : undefined;
  if (!keys) return check;
  const options = check.options.map((o) => {
    const label = keys[o.value] ? t(keys[o.value]!) : o.label;
    const described = check.kind === "criterion" && o.description && SCALE_KEYS[o.value];
    return { ...o, label, ...(described ? { description: t(described) } : {}) };
  });
  const letter = check.optionIndex === undefined ? "" : optionLetter(check.optionIndex);
  switch (check.kind) {
    case "marked":
      return { ...check, prompt: t("markedPrompt", { letter }), options };
    case "other_option":
      return { ...check, prompt: t("otherPrompt", { letter }), options };
    case "reference":
      return { ...check, prompt: t("referencePrompt"), options, ...(check.subjectLabel ? { subjectLabel: t("referenceSubject") } : {}) };
    case "broken":
      return { ...check, prompt: t("brokenPrompt"), options };
    default:
      return { ...check, options };
  }
}
