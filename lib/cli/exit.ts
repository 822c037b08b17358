// process.exit drops what a pipe has not taken yet (writes to a pipe are asynchronous): a 100 KB
// `report --json` piped into another program lost everything after 64 KB. This exits once both
// streams have handed on everything written before.
export function exitFlushed(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}
