import { after } from "next/server";

// What a page's or a route's read keeps for later reads is written once the response is sent
// (lib/studies/results.ts, Keeper). A handler called outside Next (the integration tests call
// route handlers directly) has no response to wait for: there the write runs at once, and the
// read waits for it as a script's does.
export function afterResponse(write: () => Promise<void>): void | Promise<void> {
  try {
    after(write);
  } catch (err) {
    if (err instanceof Error && err.message.includes("outside a request scope")) return write();
    throw err;
  }
}
