// Node flags for the processes that stream and aggregate a study's rows: the web server `npm start`
// runs, the `sally` CLI and the benchmarks that time them.
//
// V8's young generation is 16 MB by default. An export or a results page at a million answers
// allocates rows faster than a scavenge can retire them, so every scavenge copies a batch still in
// use and most of the process's CPU went to it: a million-line JSONL export took 15 s of Node CPU
// with 16 MB, 8.3 s with 32, 6.3 s with 64 and 6.6 s with 128, at 239, 176, 267 and 396 MB peak RSS
// (docs/benchmarks.md, "Young generation").
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"] as const;
