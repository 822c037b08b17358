import { describe, expect, it } from "vitest";
import { seededShuffle } from "@/lib/benchmarks/random";
import { fixture, importFile, questionsOf } from "./helpers";

describe("FANToM adapter", () => {
  it("turns each set into its questions in the documented order", async () => {
    const imported = await importFile(fixture("fantom/valid.json"), "fantom", "json_array");
    expect(imported.issues).toEqual([]);
    const [set] = imported.records;
    const families = set!.parsed.questions.map((q) => q.tags.question_family);
    expect(families).toEqual([
      "fact",
      "belief_dist",
      "belief_choice",
      "info_access_list",
      "answerability_list",
      ...Array(3).fill("info_access_binary"),
      ...Array(2).fill("answerability_binary"),
    ]);
    expect(set!.parsed.questions.map((q) => q.position)).toEqual(families.map((_, i) => i));
    expect(set!.parsed.sourceId).toBe("0-0-0");
    expect(set!.parsed.contexts[0]).toMatchObject({ defaultView: "short", title: "Conversation 0, part 0" });
  });

  it("builds the choice, list and yes/no questions with their gold answers", async () => {
    const { records } = await importFile(fixture("fantom/valid.json"), "fantom", "json_array");
    const q = records[0]!.parsed.questions;
    const correct = "Mira does not know what the baker did before.";
    const options = seededShuffle([correct, "Mira believes the baker used to be a chemist."], "0-0-0:2");
    expect(q[2]).toMatchObject({ kind: "single_choice", options, gold: { kind: "single_choice", index: options.indexOf(correct) } });
    // speakers in order of first appearance, then other named characters sorted
    expect(q[3]).toMatchObject({
      kind: "multi_select",
      options: ["Mira", "Tomas", "Odile", "Basil"],
      gold: { kind: "multi_select", values: ["Tomas", "Odile"], exclude: ["Mira", "Basil"] },
      scoring: { type: "set_match" },
    });
    expect(q[5]).toMatchObject({ kind: "yes_no", prompt: "Does Mira know this information?", gold: { kind: "yes_no", value: "no" }, tags: { no_long: false } });
    expect(q[5]!.gold).not.toHaveProperty("raw");
    expect(q[7]).toMatchObject({ prompt: "Does Basil know this information?", gold: { kind: "yes_no", value: "no", raw: "no:long" }, tags: { no_long: true } });
    expect(q[1]!.tags).toEqual({
      question_type: "tom:belief:inaccessible",
      question_family: "belief_dist",
      tom_type: "first-order",
      missed_info_accessibility: "inaccessible",
      full_context_accessibility: "inaccessible",
      joining_speaker: "Mira",
    });
    expect(q[0]!.groupKeys).toEqual({ set_id: "0-0-0", part_id: "0-0", conv_id: "0" });
  });

  it("eval_fantom.py setup_fantom: tags where the full-context run files each question (a list with an unaware character, and Y/N questions of a family not all answered yes, count as inaccessible)", async () => {
    const { records } = await importFile(fixture("fantom/valid.json"), "fantom", "json_array");
    const accessible = records[1]!.parsed.questions;
    const byFamily = (family: string) => accessible.filter((q) => q.tags.question_family === family).map((q) => [q.tags.missed_info_accessibility, q.tags.full_context_accessibility]);
    expect(byFamily("belief_choice")).toEqual([["accessible", "accessible"]]);
    expect(byFamily("info_access_list")).toEqual([["accessible", "inaccessible"]]);
    expect(new Set(byFamily("info_access_binary").map(([, full]) => full))).toEqual(new Set(["inaccessible"]));
    expect(records[0]!.parsed.questions[0]!.tags.full_context_accessibility).toBeNull();
  });

  it("reports a missing correct_answer with its record and field path", async () => {
    const imported = await importFile(fixture("fantom/corrupt.json"), "fantom", "json_array");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toEqual([{ record: 1, line: 86, path: "beliefQAs.0.correct_answer", message: "is missing (expected a string)" }]);
  });
});

describe("ToMATO adapter", () => {
  it("makes one 4-option question per record, grouped by scenario", async () => {
    const imported = await importFile(fixture("tomato/valid.json"), "tomato", "json_array");
    expect(imported.issues).toEqual([]);
    const q = questionsOf(imported);
    expect(q.map((x) => x.groupKeys.scenario)).toEqual(["AB12C", "AB12C", "ZZ9Q1", "first-order-emotion-7"]);
    expect(q[1]).toMatchObject({ kind: "single_choice", gold: { kind: "single_choice", index: 2 }, scoring: { type: "exact_option" } });
    expect(q[1]!.options).toHaveLength(4);
    // a false-belief question is its own order (ToMATO's FB column); the file's integer is kept in order_raw
    expect(q[0]!.tags).toMatchObject({ mental_state: "emotion", order: "false_belief", order_raw: 2, false_belief: true, u_id: "1", scenario: "AB12C", sotopia_agents: "AGENTAAAAAAAAAAAAAAAAAAAAA,AGENTBBBBBBBBBBBBBBBBBBBBB" });
    const context = imported.records[0]!.parsed.contexts[0]!;
    expect(context.title).toBe("AB12C · emotion");
    const view = context.views.conversation!;
    expect(view.type === "conversation" && view.turns[2]).toEqual({ speaker: "Nora Vale", text: "I found the spare key under the plant pot, so I moved it to the drawer." });
  });

  it("reports an a_idx out of range", async () => {
    const imported = await importFile(fixture("tomato/corrupt.json"), "tomato", "json_array");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toEqual([{ record: 1, line: 23, path: "a_idx", message: "a_idx 7 is out of range 0–3" }]);
  });
});

describe("DIAMONDs adapter", () => {
  it("reads a .jsonl file holding one JSON array, with numeric answers and no data_type", async () => {
    const imported = await importFile(fixture("diamonds/base-conv-QA.jsonl"), "diamonds", "jsonl");
    expect(imported.issues).toEqual([]);
    expect(imported.layout?.container).toBe("json_array");
    const q = questionsOf(imported);
    expect(q.map((x) => x.gold)).toEqual([
      { kind: "numeric", value: 58 },
      { kind: "numeric", value: 38 },
      { kind: "numeric", value: 1250.5 },
    ]);
    expect(q[0]!.scoring).toEqual({ type: "numeric", relTol: 0.02, allowUnanswerable: true });
    expect(q[0]!.tags).toMatchObject({ participant: "Oracle", perspective: "omniscient", false_belief: null, data_type: null, variant: "base" });
    expect(q[1]!.tags).toMatchObject({ perspective: "participant", false_belief: true });
    expect(imported.records[1]!.parsed.sourceId).toBe("SCEN000001|c11|Ben|");
    const view = imported.records[0]!.parsed.contexts[0]!.views.conversation!;
    expect(view.type === "conversation" && view.turns.map((t) => t.segment)).toEqual([0, 0, 0, 1, 1]);
  });

  it("reads true JSON Lines too, and unanswerable answers", async () => {
    const distr = await importFile(fixture("diamonds/distr-conv-QA.jsonl"), "diamonds", "jsonl");
    expect(distr.issues).toEqual([]);
    expect(distr.layout?.container).toBe("jsonl");
    expect(questionsOf(distr).map((q) => [q.tags.variant, q.tags.data_type, q.tags.false_belief])).toEqual([
      ["distractor", "c21", null],
      ["distractor", "c22", false],
    ]);
    const under = await importFile(fixture("diamonds/valid.json"), "diamonds", "json_array");
    expect(questionsOf(under).map((q) => q.gold)).toEqual([
      { kind: "numeric", unanswerable: true },
      { kind: "numeric", unanswerable: true },
    ]);
    expect(questionsOf(under)[0]!.tags.variant).toBeNull();
  });

  it("reports an answer that is not a number, naming the value", async () => {
    const imported = await importFile(fixture("diamonds/corrupt.json"), "diamonds", "json_array");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toEqual([{ record: 1, line: 1, path: "answer", message: 'answer "about forty" is neither a number nor "Unanswerable"/"NA"' }]);
  });
});

describe("ExploreToM adapter", () => {
  it("makes one question per row with typed tags and the belief from qprop=params", async () => {
    const imported = await importFile(fixture("exploretom/valid.csv"), "exploretom", "csv");
    expect(imported.issues).toEqual([]);
    const q = questionsOf(imported);
    expect(q.map((x) => [x.kind, x.gold])).toEqual([
      ["short_text", { kind: "short_text", value: "green crate" }],
      ["yes_no", { kind: "yes_no", value: "yes", raw: "Yes" }],
      ["short_text", { kind: "short_text", value: "shoebox" }],
    ]);
    expect(q[0]!.tags).toMatchObject({ nth_order: 1, non_unique_mental_state: true, belief: "true", relation_type: "container_location", "sprop=global_idx": 11, "param=story_type": "tomi", "sprop=story_accuracy_1st_raw": 0.5 });
    expect(q[1]!.tags).toMatchObject({ belief: "false", relation_type: "<knowledge>" });
    expect(q[2]!.tags).toMatchObject({ nth_order: -1, belief: null, relation_type: "memory-container_location", "sprop=story_accuracy_1st_infilled": null });
    expect(imported.records.map((r) => r.parsed.sourceId)).toEqual(["row-0", "row-1", "row-2"]);
    expect(q.map((x) => x.groupKeys.story)).toEqual(["11", "11", "12"]);
    expect(imported.records[0]!.parsed.contexts[0]!.defaultView).toBe("infilled");
    // the third row has no infilled story: its structure is shown first
    expect(imported.records[2]!.parsed.contexts[0]!.defaultView).toBe("structure");
  });

  it("reports a non-numeric nth_order on its row, and missing columns for the file", async () => {
    const imported = await importFile(fixture("exploretom/corrupt.csv"), "exploretom", "csv");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toEqual([{ record: 1, line: 4, path: "qprop=nth_order", message: 'qprop=nth_order must be an integer, got "second"' }]);
    const missing = await importFile(fixture("exploretom/missing-columns.csv"), "exploretom", "csv");
    expect(missing.records).toEqual([]);
    expect(missing.layout).toBeNull();
    expect(missing.issues).toEqual([{ record: null, line: 1, path: "", message: "The CSV file is missing required columns: expected_answer, qprop=nth_order." }]);
  });
});

describe("CharToM-QA adapter", () => {
  it("makes a choice and a generative question per item", async () => {
    const imported = await importFile(fixture("chartom/valid.jsonl"), "chartom", "jsonl");
    expect(imported.issues).toEqual([]);
    const q = questionsOf(imported);
    expect(q).toHaveLength(6);
    const item = imported.records[0]!.parsed;
    const answer = "Elsa feels relieved that her brother is safe.";
    expect(item.questions[0]!.options).toEqual(
      seededShuffle([answer, "Elsa feels angry at her brother.", "Elsa feels bored by the letter.", "Elsa feels afraid of the storm."], "0:How does Elsa feel after reading the letter?"),
    );
    expect(item.questions[0]!.options![(item.questions[0]!.gold as { index: number }).index]).toBe(answer);
    expect(item.questions[1]!.gold).toEqual({ kind: "free_text", reference: answer, bonusPoints: ["Elsa is relieved.", "Her brother is safe."] });
    expect(item.contexts[0]).toMatchObject({ defaultView: "c0" });
    expect(Object.keys(item.contexts[0]!.views)).toEqual(["c0", "c1000", "c2000"]);
    expect(item.questions[0]!.tags).toMatchObject({ book: "The Lighthouse Keeper by A. Nonymous", dimension: "emotion" });
    expect(item.sourceId).toBe("item-0");
  });

  it("reports misleading_choices that is not an array", async () => {
    const imported = await importFile(fixture("chartom/corrupt.jsonl"), "chartom", "jsonl");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toEqual([{ record: 2, line: 3, path: "misleading_choices", message: "expected an array, got a string" }]);
  });
});

describe("generic adapter", () => {
  it("reads Sally's own shape for every question kind", async () => {
    const imported = await importFile(fixture("generic/valid.jsonl"), "generic", "jsonl");
    expect(imported.issues).toEqual([]);
    const q = questionsOf(imported);
    expect(q.map((x) => x.kind)).toEqual(["single_choice", "yes_no", "short_text", "numeric", "numeric", "multi_select", "free_text", "yes_no"]);
    expect(q[3]).toMatchObject({ gold: { kind: "numeric", value: 25 }, scoring: { type: "numeric", relTol: 0.01, allowUnanswerable: false } });
    expect(q[4]).toMatchObject({ gold: { kind: "numeric", unanswerable: true }, scoring: { type: "numeric", relTol: 0, allowUnanswerable: true } });
    expect(imported.records[2]!.parsed.contexts[0]!.defaultView).toBe("short");
    expect(imported.records[0]!.parsed.contexts[0]).toMatchObject({ title: "Marbles", defaultView: "main" });
  });

  it("reports an unknown question kind with its path", async () => {
    const imported = await importFile(fixture("generic/corrupt.jsonl"), "generic", "jsonl");
    expect(imported.records).toHaveLength(2);
    expect(imported.issues).toHaveLength(1);
    expect(imported.issues[0]).toMatchObject({ record: 1, line: 2, path: "questions.2.kind" });
    expect(imported.issues[0]!.message).toMatch(/^unknown kind "rating"; expected one of "single_choice", "multi_select"/);
  });
});
