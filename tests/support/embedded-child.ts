// Starts an embedded PostgreSQL and then idles, so a test can SIGKILL this process and leave
// an orphaned server behind, as a crashed `npm start` would.
import { startEmbeddedPostgres } from "@/lib/db/embedded";

const [dataDir, port] = process.argv.slice(2);
const server = await startEmbeddedPostgres({ dataDir: dataDir!, port: Number(port), database: "sally" });
process.stdout.write(`ready ${server.url}\n`);
setInterval(() => {}, 1 << 30);
