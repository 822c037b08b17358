import { describe, expect, it } from "vitest";
import { doneText, fileProblem, MAX_TAGS_BYTES, tagUploadOutcome } from "@/components/datasets/tag-upload-model";

describe("the tag upload's outcome", () => {
  it("reads a success as rows, questions and tags, in words", () => {
    const o = tagUploadOutcome(200, JSON.stringify({ questions: 2, rows: 3, tags: ["hard", "pool"] }));
    expect(o).toEqual({ kind: "done", questions: 2, rows: 3, tags: ["hard", "pool"] });
    expect(doneText({ questions: 2, rows: 3, tags: ["hard", "pool"] })).toBe("Added 3 rows to 2 questions. Tags touched: hard, pool.");
    expect(doneText({ questions: 1, rows: 1, tags: ["pool"] })).toBe("Added 1 row to 1 question. Tags touched: pool.");
  });

  it("reads a refusal's rows with their lines, and the total beyond the first ones", () => {
    const body = {
      type: "/problems/invalid_input",
      title: "Invalid input",
      status: 422,
      code: "invalid_input",
      detail: "The tags file has invalid rows; nothing was changed.",
      issues: [{ record: 1, line: 3, path: "questionId", message: "Invalid UUID" }],
      total: 60,
      invalid_params: [{ name: "line 3.questionId", reason: "Invalid UUID" }],
    };
    const o = tagUploadOutcome(422, JSON.stringify(body));
    expect(o.kind).toBe("refused");
    if (o.kind !== "refused") return;
    expect(o.problem).toMatchObject({ status: 422, detail: body.detail, total: 60, issues: body.issues });
  });

  it("says something useful for a proxy's error page and for an unreadable success", () => {
    const proxy = tagUploadOutcome(502, "<html>Bad gateway</html>");
    expect(proxy).toMatchObject({ kind: "refused", problem: { status: 502, issues: [] } });
    if (proxy.kind === "refused") expect(proxy.problem.detail).toMatch(/502/);
    expect(tagUploadOutcome(200, "{}")).toMatchObject({ kind: "refused", problem: { detail: expect.stringMatching(/could not be read/) } });
  });

  it("refuses a missing, empty or too large file before sending it", () => {
    expect(fileProblem(null)).toBe("Choose a CSV file.");
    expect(fileProblem({ size: 0, name: "t.csv" })).toBe("t.csv is empty.");
    expect(fileProblem({ size: MAX_TAGS_BYTES + 1, name: "t.csv" })).toMatch(/larger than 5 MB/);
    expect(fileProblem({ size: 10, name: "t.csv" })).toBeNull();
  });
});
