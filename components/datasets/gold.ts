import { z } from "zod";

// How the console shows a question's gold answer to researchers: marks on the options for
// choice kinds, a line of text for the others. Gold comes from the database as JSON.

const goldSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("single_choice"), index: z.number().int() }),
  z.object({ kind: z.literal("multi_select"), values: z.array(z.string()), exclude: z.array(z.string()).optional() }),
  z.object({ kind: z.literal("yes_no"), value: z.enum(["yes", "no"]), raw: z.string().optional() }),
  z.object({ kind: z.literal("numeric"), value: z.number().optional(), unanswerable: z.literal(true).optional() }),
  z.object({ kind: z.literal("short_text"), value: z.string() }),
  z.object({ kind: z.literal("free_text"), reference: z.string(), bonusPoints: z.array(z.string()).optional(), wrong: z.string().optional() }),
]);

export type OptionMark = "correct" | "wrong" | null;

/** Per option: gold ("correct"), known wrong ("wrong"), or neither (null). */
export function optionMarks(options: string[], gold: unknown): OptionMark[] {
  const g = goldSchema.safeParse(gold);
  if (!g.success) return options.map(() => null);
  const value = g.data;
  switch (value.kind) {
    case "single_choice":
      return options.map((_, i) => (i === value.index ? "correct" : "wrong"));
    case "multi_select": {
      const right = new Set(value.values);
      const wrong = value.exclude ? new Set(value.exclude) : null;
      return options.map((o) => (right.has(o) ? "correct" : !wrong || wrong.has(o) ? "wrong" : null));
    }
    case "yes_no":
      return options.map((o) => (o.trim().toLowerCase() === value.value ? "correct" : "wrong"));
    default:
      return options.map(() => null);
  }
}

export interface GoldLine {
  /** "wrong" is the free-text gold's known wrong answer, shown as a warning */
  kind: "gold" | "reference" | "bonus" | "wrong";
  label: string;
  value: string;
}

/** The words, from the console.datasets.gold catalog entries (a translator of that namespace). */
export type GoldWords = (key: GoldLine["kind"] | "option" | "none" | "yes" | "no" | "source" | "unanswerable", values?: Record<string, string>) => string;

/** The gold answer as text, for kinds the options do not show (or a choice without options). */
export function goldLines(gold: unknown, hasOptions: boolean, words: GoldWords): GoldLine[] {
  const line = (kind: GoldLine["kind"], value: string): GoldLine => ({ kind, label: words(kind), value });
  const g = goldSchema.safeParse(gold);
  if (!g.success) return [line("gold", JSON.stringify(gold))];
  const value = g.data;
  switch (value.kind) {
    case "single_choice":
      return hasOptions ? [] : [line("gold", words("option", { n: String(value.index + 1) }))];
    case "multi_select":
      return hasOptions ? [] : [line("gold", value.values.join(", ") || words("none"))];
    case "yes_no":
      if (hasOptions) return [];
      return [line("gold", `${words(value.value)}${value.raw ? words("source", { raw: value.raw }) : ""}`)];
    case "numeric":
      return [line("gold", value.unanswerable ? words("unanswerable") : String(value.value ?? "—"))];
    case "short_text":
      return [line("gold", value.value)];
    case "free_text":
      return [
        line("reference", value.reference),
        ...(value.bonusPoints?.length ? [line("bonus", value.bonusPoints.join("; "))] : []),
        ...(value.wrong ? [line("wrong", value.wrong)] : []),
      ];
  }
}
