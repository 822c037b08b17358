// The `sally` CLI: `npm run -s sally -- <command> [args]`. Each command lives in lib/cli/<name>.ts.
import { commands } from "@/lib/cli/commands";
import { exitFlushed } from "@/lib/cli/exit";

const HELP = new Set(["--help", "-h", "help"]);

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    const list = Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(20)} ${c.summary}`)
      .join("\n");
    const usage = `Usage: npm run -s sally -- <command> [options]   (<command> --help for its options)\n\nCommands:\n${list}`;
    if (!name || HELP.has(name)) {
      console.log(usage);
      return 0;
    }
    console.error(`Unknown command "${name}".\n\n${usage}`);
    return 2;
  }
  return command.run(args);
}

main().then(exitFlushed, (err: Error) => {
  console.error(`error: ${err.message}`);
  exitFlushed(1);
});
