// The `sally` CLI: `npm run -s sally -- <command> [args]`. Each command lives in lib/cli/<name>.ts.
import { commands } from "@/lib/cli/commands";
import { exitFlushed } from "@/lib/cli/exit";

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    const list = Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(20)} ${c.summary}`)
      .join("\n");
    console.error(`${name ? `Unknown command "${name}".\n\n` : ""}Usage: npm run -s sally -- <command> [options]\n\nCommands:\n${list}`);
    return name ? 2 : 0;
  }
  return command.run(args);
}

main().then(exitFlushed, (err: Error) => {
  console.error(`error: ${err.message}`);
  exitFlushed(1);
});
