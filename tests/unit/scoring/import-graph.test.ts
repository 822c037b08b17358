import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./samples";

// The benchmark modules must import each other without cycles, type-only imports included: the
// scoring contract (lib/benchmarks/scoring.ts) sits above report.ts, each benchmark's scorer above
// both, and the registry above the benchmarks.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(repoRoot, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (base === null) return null;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((f) => existsSync(f)) ?? null;
}

/** Every module reachable from lib/benchmarks, with the modules each one imports or re-exports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const todo = sourceFiles(path.join(repoRoot, "lib/benchmarks"));
  while (todo.length) {
    const file = todo.pop()!;
    if (graph.has(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((f) => resolve(file, f.fileName)).filter((f): f is string => f !== null);
    graph.set(file, targets);
    todo.push(...targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => path.relative(repoRoot, f));
  }
  return null;
}

describe("benchmark module graph", () => {
  it("has no import cycle (type-only imports and re-exports included)", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(30);
    expect(graph.get(path.join(repoRoot, "lib/benchmarks/registry.ts"))).toContain(path.join(repoRoot, "lib/benchmarks/fantom/index.ts"));
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle when there is one (the checker itself can fail)", () => {
    const a = path.join(repoRoot, "a.ts");
    const b = path.join(repoRoot, "b.ts");
    expect(findCycle(new Map([[a, [b]], [b, [a]]]))).toEqual(["a.ts", "b.ts", "a.ts"]);
  });
});
