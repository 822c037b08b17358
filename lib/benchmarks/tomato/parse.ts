import { conversation, parseSpeakerLines } from "@/lib/benchmarks/text";
import type { ParsedRecord } from "@/lib/benchmarks/types";
import type { TomatoRecord } from "@/lib/benchmarks/tomato/schema";

const SCENARIO_ID = /^[A-Z0-9]{5}$/;

/**
 * The scenario id is the five-character upper-case segment of q_id, as in
 * "2nd-order-belief-about-emotion_09V9Q_1" (the last such segment between "_", else between "-" or
 * "_"). For a q_id with no such segment the whole q_id is used, so an unknown format never stops
 * an import; those questions just do not group by scenario.
 */
export function scenarioOf(qId: string): string {
  const found = qId.split("_").findLast((p) => SCENARIO_ID.test(p)) ?? qId.split(/[-_]/).findLast((p) => SCENARIO_ID.test(p));
  return found ?? qId;
}

/**
 * The order tag: "first", "second", or "false_belief". ToMATO reports the false-belief subset
 * as a column of its own beside 1st and 2nd order (Table 3), so a false-belief question is
 * tagged as its own order and stratified sampling by mental_state × order gives the paper's 15
 * subsets. order_raw keeps the file's integer; false_belief stays a tag of its own.
 * migrations/20261123090000_tomato_order_tag applies the same rule to datasets imported before.
 */
export function orderTag(order: number, falseBelief: boolean | undefined): string {
  if (falseBelief === true) return "false_belief";
  if (order === 1) return "first";
  if (order === 2) return "second";
  return String(order);
}

export function toItems(record: TomatoRecord): ParsedRecord {
  const scenario = scenarioOf(record.q_id);
  const turns = parseSpeakerLines(record.conversation, { stripQuotes: true });
  return {
    sourceId: record.q_id,
    contexts: [{ views: { conversation: conversation(turns) }, defaultView: "conversation", title: `${scenario} · ${record.mental_state}` }],
    questions: [
      {
        context: 0,
        kind: "single_choice",
        prompt: record.q,
        options: [record.a0, record.a1, record.a2, record.a3],
        gold: { kind: "single_choice", index: record.a_idx },
        scoring: { type: "exact_option" },
        tags: {
          mental_state: record.mental_state,
          order: orderTag(record.order, record.false_belief),
          order_raw: record.order,
          false_belief: record.false_belief ?? null,
          big_five: record.big_five ?? null,
          u_id: record.u_id ?? null,
          scenario,
          sotopia_environment: record.sotopia_environment ?? null,
          sotopia_agents: record.sotopia_agents ? record.sotopia_agents.join(",") : null,
        },
        groupKeys: { scenario },
        position: 0,
      },
    ],
  };
}
