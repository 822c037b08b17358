import { z } from "zod";
import { parseAnswer } from "@/lib/benchmarks/diamonds/answer";

// One DIAMONDs record is one numeric question about one conversation (base-/distr-/underspec-conv-QA).
export const diamondsRecord = z
  .object({
    id: z.string(),
    qa_type: z.string(),
    participants: z.array(z.string()).optional(),
    question: z.string().optional(),
    script: z.string(),
    conversation: z.object({ conversation: z.array(z.array(z.record(z.string(), z.string()))) }),
    full_participants: z.array(z.string()).optional(),
    solution_gpt: z.string().optional(),
    solution_claude: z.string().optional(),
    answer: z.union([z.string(), z.number()]),
    conv_access_grp: z.array(z.array(z.string())),
    participant: z.string(),
    final_question: z.string(),
    // only in the distractor and underspecified files
    data_type: z.string().nullish(),
  })
  .superRefine((r, ctx) => {
    const answer = parseAnswer(r.answer);
    if ("error" in answer) ctx.addIssue({ code: "custom", path: ["answer"], message: answer.error });
    if (!r.conversation.conversation.some((segment) => segment.some((turn) => Object.keys(turn).length > 0))) {
      ctx.addIssue({ code: "custom", path: ["conversation", "conversation"], message: "the conversation is empty" });
    }
  });

export type DiamondsRecord = z.infer<typeof diamondsRecord>;
