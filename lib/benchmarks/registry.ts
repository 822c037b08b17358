import { z } from "zod";
import { chartom } from "@/lib/benchmarks/chartom";
import { diamonds } from "@/lib/benchmarks/diamonds";
import { exploretom } from "@/lib/benchmarks/exploretom";
import { fantom } from "@/lib/benchmarks/fantom";
import { generic } from "@/lib/benchmarks/generic";
import { tomato } from "@/lib/benchmarks/tomato";
import { BENCHMARKS, type Adapter, type BenchmarkName } from "@/lib/benchmarks/types";

// A new benchmark is a new folder plus one line here.
export const ADAPTERS: { readonly [K in BenchmarkName]: Adapter } = {
  fantom: fantom as Adapter,
  tomato: tomato as Adapter,
  diamonds: diamonds as Adapter,
  exploretom: exploretom as Adapter,
  chartom: chartom as Adapter,
  generic: generic as Adapter,
};

/** Detection tries the specific benchmarks first and the catch-all generic shape last. */
export const DETECTION_ORDER: readonly BenchmarkName[] = ["fantom", "tomato", "diamonds", "exploretom", "chartom", "generic"];

export function isBenchmarkName(value: string): value is BenchmarkName {
  return (BENCHMARKS as readonly string[]).includes(value);
}

export function getAdapter(name: BenchmarkName): Adapter {
  return ADAPTERS[name];
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
