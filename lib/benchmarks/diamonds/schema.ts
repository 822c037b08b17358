import { z } from "zod";
import { parseAnswer } from "@/lib/benchmarks/diamonds/answer";

// One DIAMONDs record is one numeric question about one conversation (base-/distr-/underspec-conv-QA).
// Per-field caps, in characters, so that a broken or hostile file (one 10 MB prompt) is refused
// with its record and field named instead of being stored. Longest fields in the released sample
// under ../shared/datasets: script 4,009, solution_gpt 2,596, final_question 326,
// one utterance 197, names and ids 12. The caps leave a wide margin
// (lib/benchmarks/generic/README.md, "Field caps").
const CONTEXT_MAX = 200_000;
const TEXT_MAX = 20_000;
const LABEL_MAX = 1_000;
const long = z.string().max(CONTEXT_MAX);
const text = z.string().max(TEXT_MAX);
const label = z.string().max(LABEL_MAX);

export const diamondsRecord = z
  .object({
    id: label,
    qa_type: label,
    participants: z.array(label).optional(),
    question: text.optional(),
    script: long,
    // segments of {speaker: utterance}
    conversation: z.object({ conversation: z.array(z.array(z.record(label, text))) }),
    full_participants: z.array(label).optional(),
    solution_gpt: long.optional(),
    solution_claude: long.optional(),
    answer: z.union([label, z.number()]),
    conv_access_grp: z.array(z.array(label)),
    participant: label,
    final_question: text,
    // only in the distractor and underspecified files
    data_type: label.nullish(),
  })
  .superRefine((r, ctx) => {
    const answer = parseAnswer(r.answer);
    if ("error" in answer) ctx.addIssue({ code: "custom", path: ["answer"], message: answer.error });
    if (!r.conversation.conversation.some((segment) => segment.some((turn) => Object.keys(turn).length > 0))) {
      ctx.addIssue({ code: "custom", path: ["conversation", "conversation"], message: "the conversation is empty" });
    }
  });

export type DiamondsRecord = z.infer<typeof diamondsRecord>;
