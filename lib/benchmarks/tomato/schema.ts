import { z } from "zod";

// One ToMATO record is one 4-option question about one utterance (tomato*.json: a JSON array).
// Per-field caps, in characters, so that a broken or hostile file (one 10 MB prompt) is refused
// with its record and field named instead of being stored. Longest fields in the released sample
// under ../shared/datasets: conversation 5,705, q 620, options 297,
// big_five (a description) 117, ids and labels 41. The caps leave a wide margin
// (lib/benchmarks/generic/README.md, "Field caps").
const CONTEXT_MAX = 200_000;
const TEXT_MAX = 20_000;
const LABEL_MAX = 1_000;
const text = z.string().max(TEXT_MAX);
const label = z.string().max(LABEL_MAX);

export const tomatoRecord = z
  .object({
    a0: text,
    a1: text,
    a2: text,
    a3: text,
    a_idx: z.number().int(),
    a_str: text,
    big_five: text.optional(),
    conversation: z.string().max(CONTEXT_MAX),
    false_belief: z.boolean().optional(),
    mental_state: label,
    order: z.number().int(),
    q: text,
    q_id: label,
    sotopia_agents: z.array(label).optional(),
    sotopia_environment: label.optional(),
    u_id: z.union([label, z.number()]).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.a_idx < 0 || r.a_idx > 3) {
      ctx.addIssue({ code: "custom", path: ["a_idx"], message: `a_idx ${r.a_idx} is out of range 0–3` });
      return;
    }
    const options = [r.a0, r.a1, r.a2, r.a3];
    if (r.a_str !== options[r.a_idx]) {
      ctx.addIssue({ code: "custom", path: ["a_str"], message: `a_str does not match a${r.a_idx}, the option a_idx ${r.a_idx} points to` });
    }
    if (r.conversation.trim() === "") ctx.addIssue({ code: "custom", path: ["conversation"], message: "the conversation is empty" });
  });

export type TomatoRecord = z.infer<typeof tomatoRecord>;
