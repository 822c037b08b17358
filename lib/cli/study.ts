// `sally study create --spec <file.json> [--owner EMAIL] [--json]` and `sally study open|pause|close <id> [--json]`.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { defineCommand } from "@/lib/cli/args";
import { printJson, withDatabase } from "@/lib/cli/db";
import { importOwnerId } from "@/lib/datasets/access";
import { OPERATOR } from "@/lib/datasets/service";
import { AppError } from "@/lib/errors";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";

const USAGE = `Usage: npm run -s sally -- study create --spec <file.json> [--owner EMAIL] [--json]
       npm run -s sally -- study open|pause|close <study id> [--json]
  create  parses the JSON spec (the same fields as POST /api/studies) and creates the study in draft with its units
          frozen; prints {studyId, code, units}. A spec that does not parse is refused with the path of each bad field,
          and nothing is created. Without --owner the study has no owner and only admins see it in the console.
  open    opens a draft or paused study (pause and close likewise).`;

const Args = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), spec: z.string().min(1, "give --spec <file.json>"), owner: z.email().optional(), json: z.boolean(), rest: z.array(z.string()).max(0, "no further arguments") }),
  z.object({ action: z.enum(["open", "pause", "close"]), id: z.uuid("give the study's id"), json: z.boolean(), rest: z.array(z.string()).max(0, "no further arguments") }),
]);

async function readSpec(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new AppError("invalid_input", `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AppError("invalid_input", `${file} is not valid JSON: ${(err as Error).message}.`);
  }
}

const STATE = { open: "open", pause: "paused", close: "closed" } as const;

export const studyCommand = defineCommand({
  summary: "create a study from a JSON spec, or open, pause or close one",
  usage: USAGE,
  options: { spec: { type: "string" }, owner: { type: "string" }, json: { type: "boolean", default: false } },
  schema: Args,
  toInput: (p) => {
    const [action, id, ...rest] = p.positionals;
    return action === "create"
      ? { action, spec: p.values.spec, owner: p.values.owner, json: p.values.json, rest: id === undefined ? rest : [id, ...rest] }
      : { action, id, json: p.values.json, rest };
  },
  async run(input) {
    if (input.action === "create") {
      const raw = await readSpec(input.spec);
      const spec = parseSpec(raw);
      const created = await withDatabase(async () =>
        createStudy({ actor: OPERATOR, spec, ownerId: input.owner ? await importOwnerId(input.owner) : null }),
      );
      const out = { studyId: created.id, code: created.code, units: created.units };
      if (input.json) printJson({ ...out, answers: created.answers, shortStrata: created.shortStrata });
      else {
        console.log(`Created study ${created.id} (link code ${created.code}) with ${created.units} units, ${created.answers} answers needed. It is a draft: open it with  npm run -s sally -- study open ${created.id}`);
        for (const s of created.shortStrata) console.log(`  stratum ${JSON.stringify(s.key)} has only ${s.available} questions`);
      }
      return 0;
    }
    const result = await withDatabase(() => changeStudyState({ actor: OPERATOR, studyId: input.id, to: STATE[input.action] }));
    if (input.json) printJson({ studyId: result.id, state: result.state });
    else console.log(`Study ${result.id} is now ${result.state}.`);
    return 0;
  },
});
