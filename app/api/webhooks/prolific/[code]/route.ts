import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { applyProlificEvent, prolificEventSchema, verifyProlificSignature } from "@/lib/platforms/prolific";
import { readStudy } from "@/lib/studies/study";

const params = z.object({ code: z.string().min(1).max(100) });

// Prolific's status updates for one study (subscribe with this URL and the secret in
// PROLIFIC_WEBHOOK_SECRET). Unsigned or wrongly signed calls are refused with 401.
export const POST = route({ auth: "public", params, maxBodyBytes: 16 * 1024 }, async ({ req, params }) => {
  const secret = env().PROLIFIC_WEBHOOK_SECRET;
  if (!secret) throw new AppError("not_found", "The Prolific webhook is not configured on this server.");
  const raw = await req.text();
  if (!verifyProlificSignature(secret, req.headers.get("x-prolific-request-timestamp"), req.headers.get("x-prolific-request-signature"), raw)) {
    throw new AppError("unauthenticated", "The request is not signed with this server's Prolific webhook secret.");
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("malformed_json", "The request body is not valid JSON.");
  }
  const event = prolificEventSchema.safeParse(json);
  if (!event.success) throw new AppError("invalid_input", "Not a Prolific webhook event.");
  const study = await readStudy(pool(), { code: params.code });
  if (!study) throw new AppError("not_found", "There is no study at this link.");
  return { result: await applyProlificEvent(study, event.data) };
});
