import { z } from "zod";
import { problemFromBody, type ImportProblem } from "@/components/datasets/import-events";

// What the tags route answered, as the dataset page's form shows it. Pure, so it is unit-tested.

/** The route's body limit on the CSV text (app/api/datasets/[id]/tags/route.ts). */
export const MAX_TAGS_BYTES = 5 * 1024 * 1024;

export const TAGS_EXAMPLE = "questionId,tag,value\n3f0c9a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6,pool,gold\n3f0c9a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6,indirect,true";

const doneSchema = z.object({ questions: z.number().int(), rows: z.number().int(), tags: z.array(z.string()) });

export type TagUploadOutcome = { kind: "done"; questions: number; rows: number; tags: string[] } | { kind: "refused"; problem: ImportProblem };

export function tagUploadOutcome(status: number, body: string): TagUploadOutcome {
  if (status >= 200 && status < 300) {
    let value: unknown = null;
    try {
      value = JSON.parse(body);
    } catch {
      // not JSON: reported below
    }
    const done = doneSchema.safeParse(value);
    if (done.success) return { kind: "done", ...done.data };
    return { kind: "refused", problem: { title: "Unexpected answer", status, detail: "The server's answer could not be read. Reload the page to see whether the tags were added.", code: "unknown", issues: [] } };
  }
  const problem = problemFromBody(status, body);
  return { kind: "refused", problem: problem.code === "unknown" && !problem.detail ? { ...problem, detail: `The server answered ${status}. No tags were added.` } : problem };
}

/** The file refused before it is sent: empty, or over the route's limit. */
export function fileProblem(file: { size: number; name: string } | null): string | null {
  if (!file) return "Choose a CSV file.";
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_TAGS_BYTES) return `${file.name} is larger than 5 MB; split it, or use the command line (sally tag-questions).`;
  return null;
}

export function doneText(o: { questions: number; rows: number; tags: string[] }): string {
  const rows = `${o.rows.toLocaleString("en")} ${o.rows === 1 ? "row" : "rows"}`;
  const questions = `${o.questions.toLocaleString("en")} ${o.questions === 1 ? "question" : "questions"}`;
  return `Added ${rows} to ${questions}. Tags touched: ${o.tags.join(", ")}.`;
}
