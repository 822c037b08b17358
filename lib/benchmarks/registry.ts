import { z } from "zod";
import * as chartom from "@/lib/benchmarks/chartom";
import * as diamonds from "@/lib/benchmarks/diamonds";
import * as exploretom from "@/lib/benchmarks/exploretom";
import * as fantom from "@/lib/benchmarks/fantom";
import * as generic from "@/lib/benchmarks/generic";
import type { BenchmarkScoring } from "@/lib/benchmarks/scoring";
import * as tomato from "@/lib/benchmarks/tomato";
import { BENCHMARKS, type Adapter, type BenchmarkName } from "@/lib/benchmarks/types";

// A new benchmark is a new folder plus one line in each table here.
export const ADAPTERS: { readonly [K in BenchmarkName]: Adapter } = {
  fantom: fantom.fantom as Adapter,
  tomato: tomato.tomato as Adapter,
  diamonds: diamonds.diamonds as Adapter,
  exploretom: exploretom.exploretom as Adapter,
  chartom: chartom.chartom as Adapter,
  generic: generic.generic as Adapter,
};

/** How each benchmark scores answers and summarizes them, following its official evaluator. */
export const SCORINGS: { readonly [K in BenchmarkName]: BenchmarkScoring } = {
  fantom: fantom.scoring,
  tomato: tomato.scoring,
  diamonds: diamonds.scoring,
  exploretom: exploretom.scoring,
  chartom: chartom.scoring,
  generic: generic.scoring,
};

/** Detection tries the specific benchmarks first and the catch-all generic shape last. */
export const DETECTION_ORDER: readonly BenchmarkName[] = ["fantom", "tomato", "diamonds", "exploretom", "chartom", "generic"];

export function isBenchmarkName(value: string): value is BenchmarkName {
  return (BENCHMARKS as readonly string[]).includes(value);
}

export function getAdapter(name: BenchmarkName): Adapter {
  return ADAPTERS[name];
}

export function scoringOf(name: BenchmarkName): BenchmarkScoring {
  return SCORINGS[name];
}

export function labelOf(name: BenchmarkName): string {
  return ADAPTERS[name].label;
}

/** Keys a record must have: for CSV these are the required header columns. */
export function requiredColumnsOf(adapter: Adapter): string[] {
  const schema: unknown = adapter.recordSchema;
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}
