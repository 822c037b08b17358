import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A hand-written ToMATO file (never the real sample): one question for each of the paper's 15
// subsets, mental state × 1st order / 2nd order / 2nd-order false belief.

export const TOMATO_STATES = ["belief", "intention", "desire", "emotion", "knowledge"];
const ORDERS: { order: number; fb: boolean }[] = [{ order: 1, fb: false }, { order: 2, fb: false }, { order: 2, fb: true }];

/** The options of item `n`, in the file's order; the first (a_idx 0) is the gold answer. */
export const tomatoOptions = (n: number) => [`She feels calm ${n}`, `She feels upset ${n}`, `She feels bored ${n}`, `She feels lost ${n}`];

/** Item n is the o-th order (0: 1st, 1: 2nd, 2: FB) of the s-th mental state: n = 3s + o. */
export const tomatoPrompt = (n: number) => `In item ${n}, what is Ana's ${TOMATO_STATES[Math.floor(n / 3)]}?`;

/** Writes the 15-question file to a fresh temp folder and returns its path. */
export function writeTomato(): string {
  const records = TOMATO_STATES.flatMap((state, s) =>
    ORDERS.map(({ order, fb }, o) => {
      const n = s * 3 + o;
      const options = tomatoOptions(n);
      return {
        a0: options[0], a1: options[1], a2: options[2], a3: options[3], a_idx: 0, a_str: options[0],
        big_five: "Openness to Experience - Low", conversation: `Ana Roe: "Item ${n} begins."\nBo Lin: "And item ${n} goes on."`,
        false_belief: fb, mental_state: state, order, q: tomatoPrompt(n), q_id: `q-${n}`,
        sotopia_agents: ["AGENTA", "AGENTB"], sotopia_environment: "ENV", u_id: String(n),
      };
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tomato-")), "tomato.json");
  writeFileSync(file, JSON.stringify(records));
  return file;
}
