import { z } from "zod";

// Every setting the app reads, validated once. Documented in README "Configuration".

// 'none', or CSP host sources (scheme://host with an optional * label and port) and 'self';
// nothing that could end the directive (;) or add another
const SOURCE = String.raw`(?:'self'|https?://(?:\*\.)?[a-z0-9.-]+(?::\d+)?)`;
const FRAME_SOURCES = new RegExp(String.raw`^(?:'none'|${SOURCE}(?: +${SOURCE})*)$`, "i");
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().default("0.0.0.0"),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  NEXTAUTH_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10, "use at least 10 characters").optional(),
  SALLY_DATA_DIR: z.string().default(".data"),
  SALLY_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54320),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** how long a request waits for a free pool connection before it fails (and answers 503) */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // true only when a reverse proxy in front sets X-Forwarded-For/-Host/-Proto (lib/http/forwarded.ts)
  TRUST_PROXY: z.stringbool().default(false),
  /** requests per minute one API token may make (a burst of this many, then this many per minute); over it, 429 */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Prolific's webhook secret: status updates (returns, timeouts) are verified with it; unset, the webhook is off */
  PROLIFIC_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** gzip responses in the app (next.config.ts reads it); false when a proxy in front compresses */
  COMPRESS: z.stringbool().default(true),
  /** who to write to about an accessibility barrier, shown on /accessibility when a study names no contact */
  ACCESSIBILITY_CONTACT: z.string().trim().min(1).max(500).optional(),
  // who may frame participant pages (/s/…): CSP frame-ancestors sources, e.g. MTurk's hosts
  FRAME_ANCESTORS: z
    .string()
    .trim()
    .regex(FRAME_SOURCES, "use 'none', 'self' or space-separated sources like https://*.mturk.com")
    .default("'none'"),
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= readEnv();
  return cached;
}
