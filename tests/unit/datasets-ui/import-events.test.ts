import { describe, expect, it } from "vitest";
import { issueWhere, parseEventLine, problemFromBody, takeLines } from "@/components/datasets/import-events";

describe("takeLines", () => {
  it("returns only complete lines and resumes after them, across growing text", () => {
    let text = '{"a":1}\n{"b":';
    const first = takeLines(text, 0);
    expect(first).toEqual({ lines: ['{"a":1}'], next: 8 });
    text += '2}\n';
    const second = takeLines(text, first.next);
    expect(second).toEqual({ lines: ['{"b":2}'], next: text.length });
    expect(takeLines(text, second.next)).toEqual({ lines: [], next: second.next });
  });

  it("takes a last line without a newline once the response has ended, and skips blank lines", () => {
    const text = '{"a":1}\n\n{"b":2}';
    expect(takeLines(text, 0).lines).toEqual(['{"a":1}']);
    expect(takeLines(text, 0, true)).toEqual({ lines: ['{"a":1}', '{"b":2}'], next: text.length });
  });
});

describe("parseEventLine", () => {
  it("reads progress, done and error events", () => {
    expect(parseEventLine('{"type":"progress","phase":"import","bytes":10,"total":40,"records":3}')).toEqual({
      type: "progress",
      phase: "import",
      bytes: 10,
      total: 40,
      records: 3,
    });
    const summary = {
      datasetId: "d1",
      name: "ToMATO FB",
      benchmark: "tomato",
      sourceRecords: 2,
      contexts: 2,
      questions: 2,
      byKind: { single_choice: 2 },
      mainTag: "mental_state",
      byMainTag: { belief: 2 },
    };
    expect(parseEventLine(JSON.stringify({ type: "done", summary }))).toEqual({ type: "done", summary });
    const error = parseEventLine(
      JSON.stringify({
        type: "error",
        problem: { type: "/problems/invalid_input", title: "Import refused", status: 422, detail: "2 problems", code: "invalid_input", issues: [{ record: 0, line: 2, path: "a0", message: "Required" }], total: 2 },
      }),
    );
    expect(error?.type === "error" && error.problem.issues).toEqual([{ record: 0, line: 2, path: "a0", message: "Required" }]);
  });

  it("skips malformed JSON and unknown event types instead of failing", () => {
    expect(parseEventLine("{not json")).toBeNull();
    expect(parseEventLine('{"type":"heartbeat"}')).toBeNull();
    expect(parseEventLine('{"type":"done"}')).toBeNull();
  });
});

describe("problemFromBody", () => {
  it("reads a problem+json answer, keeping its detail", () => {
    const body = JSON.stringify({ type: "/problems/payload_too_large", title: "Payload too large", status: 413, detail: "Use the CLI", code: "payload_too_large" });
    expect(problemFromBody(413, body)).toMatchObject({ status: 413, code: "payload_too_large", detail: "Use the CLI", issues: [] });
  });

  it("stands in for a body that is not a problem", () => {
    expect(problemFromBody(502, "<html>Bad gateway</html>")).toMatchObject({ status: 502, code: "unknown" });
  });
});

describe("issueWhere", () => {
  it("numbers records from 1 and names file-level problems", () => {
    expect(issueWhere({ record: 0, line: 3, path: "q.0.answer", message: "x" })).toEqual({ record: "1", line: "3", field: "q.0.answer" });
    expect(issueWhere({ record: null, path: "", message: "empty" })).toEqual({ record: "Whole file", line: "—", field: "—" });
  });
});
