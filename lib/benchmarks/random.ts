import { createHash } from "node:crypto";
import { seededRandom as seededByNumber } from "@/lib/metrics/random";

// Deterministic option orders: the same record always gets the same order, on any machine,
// and the order is stored at import so later code never re-draws it.
export function seededRandom(seed: string): () => number {
  return seededByNumber(createHash("sha256").update(seed).digest().readUInt32LE(0));
}

/** Fisher–Yates with a string seed; returns a new array. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const rand = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
