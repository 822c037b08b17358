import { z } from "zod";

// One ToMATO record is one 4-option question about one utterance (tomato*.json: a JSON array).
export const tomatoRecord = z
  .object({
    a0: z.string(),
    a1: z.string(),
    a2: z.string(),
    a3: z.string(),
    a_idx: z.number().int(),
    a_str: z.string(),
    big_five: z.string().optional(),
    conversation: z.string(),
    false_belief: z.boolean().optional(),
    mental_state: z.string(),
    order: z.number().int(),
    q: z.string(),
    q_id: z.string(),
    sotopia_agents: z.array(z.string()).optional(),
    sotopia_environment: z.string().optional(),
    u_id: z.union([z.string(), z.number()]).optional(),
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
