// One-line JSON logs on stderr: greppable by request id, and never sent to a client.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = process.env.LOG_LEVEL as Level | undefined;
  return order[level ?? "info"] ?? order.info;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold()) return;
  const entry: Record<string, unknown> = { t: new Date().toISOString(), level, msg, ...fields };
  if (fields?.err instanceof Error) {
    const err = fields.err;
    entry.err = { name: err.name, message: err.message, stack: err.stack, cause: String(err.cause ?? "") };
  }
  process.stderr.write(JSON.stringify(entry) + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
