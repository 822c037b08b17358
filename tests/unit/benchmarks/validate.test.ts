import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkParsed } from "@/lib/benchmarks/check";
import { parseAnswer } from "@/lib/benchmarks/diamonds/answer";
import { relationOf } from "@/lib/benchmarks/exploretom/parse";
import { getAdapter, requiredColumnsOf } from "@/lib/benchmarks/registry";
import { parseSpeakerLines } from "@/lib/benchmarks/text";
import { scenarioOf } from "@/lib/benchmarks/tomato/parse";
import type { BenchmarkName, ImportIssue } from "@/lib/benchmarks/types";
import { formatIssue, IssueCollector, parseRecord } from "@/lib/benchmarks/validate";
import { bytesOf, chunked, fixture, importFile } from "./helpers";

function firstRecord(file: string): Record<string, unknown> {
  const text = readFileSync(fixture(file), "utf8");
  return (text.trimStart().startsWith("[") ? JSON.parse(text)[0] : JSON.parse(text.split("\n")[0]!)) as Record<string, unknown>;
}

function issuesFor(benchmark: BenchmarkName, value: unknown, name = "file.json"): ImportIssue[] {
  const result = parseRecord(getAdapter(benchmark), { index: 4, line: 9, value, raw: JSON.stringify(value) }, { name });
  return result.ok ? [] : result.issues;
}

describe("record validation", () => {
  it("says what was expected and what was found, at the field's path", () => {
    const fantom = firstRecord("fantom/valid.json");
    const beliefs = fantom.beliefQAs as Record<string, unknown>[];
    beliefs[0]!.correct_answer = 42;
    expect(issuesFor("fantom", fantom)).toEqual([{ record: 4, line: 9, path: "beliefQAs.0.correct_answer", message: "expected a string, got a number" }]);

    const binary = firstRecord("fantom/valid.json");
    (binary.infoAccessibilityQAs_binary as Record<string, unknown>[])[1]!.correct_answer = "maybe";
    expect(issuesFor("fantom", binary)).toEqual([
      { record: 4, line: 9, path: "infoAccessibilityQAs_binary.1.correct_answer", message: 'expected one of "yes", "no", "no:long"; got "maybe"' },
    ]);
    expect(issuesFor("tomato", [1, 2])).toEqual([{ record: 4, line: 9, path: "", message: "expected an object, got an array" }]);
  });

  it("reports every problem of a record, not only the first", () => {
    const tomato = firstRecord("tomato/valid.json");
    delete tomato.q;
    tomato.order = "2";
    expect(issuesFor("tomato", tomato).map((i) => [i.path, i.message])).toEqual([
      ["order", "expected a number, got a string"],
      ["q", "is missing (expected a string)"],
    ]);
  });

  it("checks ToMATO's answer key: a_str must be the option a_idx points to", () => {
    const tomato = firstRecord("tomato/valid.json");
    tomato.a_str = "something else";
    expect(issuesFor("tomato", tomato)).toEqual([{ record: 4, line: 9, path: "a_str", message: "a_str does not match a0, the option a_idx 0 points to" }]);
    tomato.a_idx = 1.5;
    expect(issuesFor("tomato", tomato)[0]).toMatchObject({ path: "a_idx", message: "expected an integer, got the number 1.5" });
  });

  it("rejects an empty conversation", () => {
    const fantom = firstRecord("fantom/valid.json");
    fantom.short_context = "  \n ";
    expect(issuesFor("fantom", fantom)).toEqual([{ record: 4, line: 9, path: "short_context", message: "the conversation is empty" }]);
    const diamonds = firstRecord("diamonds/valid.json");
    diamonds.conversation = { conversation: [[], []] };
    expect(issuesFor("diamonds", diamonds)).toEqual([{ record: 4, line: 9, path: "conversation.conversation", message: "the conversation is empty" }]);
    const tomato = firstRecord("tomato/valid.json");
    tomato.conversation = "";
    expect(issuesFor("tomato", tomato)).toMatchObject([{ path: "conversation", message: "the conversation is empty" }]);
  });

  it("accepts a FANToM set whose short context equals its full context (the last sets, 255-2-x)", () => {
    const fantom = firstRecord("fantom/valid.json");
    Object.assign(fantom, { set_id: "255-2-0", part_id: "255-2", conv_id: 255, short_context: fantom.full_context });
    const result = parseRecord(getAdapter("fantom"), { index: 0, value: fantom, raw: "" }, { name: "fantom_v1.json" });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.parsed.contexts[0]!.views.short).toEqual(result.parsed.contexts[0]!.views.full);
      expect(result.parsed.contexts[0]!.title).toBe("Conversation 255, part 2");
    }
  });

  it("checks that every derived question's gold fits its options", () => {
    expect(
      checkParsed({
        sourceId: "x",
        contexts: [{ views: { main: { type: "passage", paragraphs: ["p"] } }, defaultView: "other" }],
        questions: [
          { context: 0, kind: "single_choice", prompt: "?", options: ["a"], gold: { kind: "single_choice", index: 3 }, scoring: { type: "exact_option" }, tags: {}, groupKeys: {}, position: 0 },
          { context: 1, kind: "multi_select", prompt: "?", options: ["a"], gold: { kind: "multi_select", values: ["b"] }, scoring: { type: "set_match" }, tags: {}, groupKeys: {}, position: 1 },
        ],
      }),
    ).toEqual([
      { path: "contexts.0", message: 'the default view "other" is not one of its views' },
      { path: "questions.0.gold", message: "a choice question needs at least 2 options, it has 1" },
      { path: "questions.1.context", message: "the question points to no context" },
      { path: "questions.1.gold", message: "answers not among the options: b" },
    ]);
  });

  it("collects every issue of a file and keeps the first 50", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => JSON.stringify({ id: `g${i}`, context: { type: "passage", paragraphs: ["p"] }, questions: [{ kind: "yes_no", prompt: "?", answer: i % 2 ? "yes" : "perhaps" }] }));
    const imported = await importFile(chunked(bytesOf(lines.join("\n")), 1000), "generic", "jsonl", "items.jsonl");
    expect(imported.records).toHaveLength(60);
    const collector = new IssueCollector(50);
    for (const issue of imported.issues) collector.add(issue);
    expect(collector.summary().total).toBe(60);
    expect(collector.summary().first).toHaveLength(50);
    expect(collector.summary().first[1]).toEqual({ record: 2, line: 3, path: "questions.0.answer", message: 'expected one of "yes", "no"; got "perhaps"' });
    expect(formatIssue(collector.summary().first[1]!)).toBe('record 2, line 3 questions.0.answer: expected one of "yes", "no"; got "perhaps"');
  });

  it("knows which CSV columns ExploreToM requires", () => {
    expect(requiredColumnsOf(getAdapter("exploretom"))).toEqual([
      "story_structure",
      "infilled_story",
      "question",
      "expected_answer",
      "qprop=params",
      "qprop=nth_order",
      "qprop=non_unique_mental_state",
    ]);
  });
});

describe("benchmark details", () => {
  it("parses DIAMONDs answers: numbers, numeric strings, unanswerable; errors name the value", () => {
    expect(parseAnswer(12.5)).toEqual({ value: 12.5 });
    expect(parseAnswer(" 1250 ")).toEqual({ value: 1250 });
    expect(parseAnswer("$1,250.50")).toEqual({ value: 1250.5 });
    expect(parseAnswer("-3e2")).toEqual({ value: -300 });
    expect(parseAnswer("NA")).toEqual({ unanswerable: true });
    expect(parseAnswer("unanswerable")).toEqual({ unanswerable: true });
    expect(parseAnswer("12.5%")).toEqual({ error: 'answer "12.5%" is neither a number nor "Unanswerable"/"NA"' });
    expect(parseAnswer("1,5")).toHaveProperty("error");
  });

  it("finds the ToMATO scenario in q_id, and falls back to the whole q_id", () => {
    expect(scenarioOf("2nd-order-belief-about-emotion_09V9Q_1")).toBe("09V9Q");
    expect(scenarioOf("1st-order-belief_K1AMA_3")).toBe("K1AMA");
    expect(scenarioOf("K1AMA-3")).toBe("K1AMA");
    expect(scenarioOf("first-order-emotion-7")).toBe("first-order-emotion-7");
  });

  it("reads the belief and relation from ExploreToM's qprop=params", () => {
    expect(relationOf("(['Maya'], 'jar of honey', 'container_location-False')")).toEqual({ relation_type: "container_location", belief: "false" });
    expect(relationOf("(['A', 'B'], 'x', '<state_update> salted-True')")).toEqual({ relation_type: "<state_update> salted", belief: "true" });
    expect(relationOf("(None, 'silver letter opener', 'memory-container_location')")).toEqual({ relation_type: "memory-container_location", belief: null });
    expect(relationOf("")).toEqual({ relation_type: null, belief: null });
  });

  it("splits speaker lines on the first colon and continues unlabelled lines", () => {
    expect(parseSpeakerLines('Ann: "Hi: there"\nBo: "Yes"\nand more\n\nCy: plain', { stripQuotes: true })).toEqual([
      { speaker: "Ann", text: "Hi: there" },
      { speaker: "Bo", text: "Yes\nand more" },
      { speaker: "Cy", text: "plain" },
    ]);
    expect(parseSpeakerLines("narration first\nAnn: hello")).toEqual([
      { speaker: "", text: "narration first" },
      { speaker: "Ann", text: "hello" },
    ]);
  });
});
