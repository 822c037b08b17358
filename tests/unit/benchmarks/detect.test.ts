import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detect, detectSource, resolveBenchmark, sniffContainer, wrongBenchmarkMessage } from "@/lib/benchmarks/detect";
import { bytesOf, chunked, fixture } from "./helpers";

const cases = [
  ["fantom/valid.json", "fantom", "json_array"],
  ["tomato/valid.json", "tomato", "json_array"],
  ["diamonds/base-conv-QA.jsonl", "diamonds", "json_array"],
  ["diamonds/distr-conv-QA.jsonl", "diamonds", "jsonl"],
  ["exploretom/valid.csv", "exploretom", "csv"],
  ["chartom/valid.jsonl", "chartom", "jsonl"],
  ["generic/valid.jsonl", "generic", "jsonl"],
] as const;

describe("benchmark detection", () => {
  it.each(cases)("recognises %s from its start", (file, benchmark, container) => {
    const head = readFileSync(fixture(file)).subarray(0, 64 * 1024);
    expect(detect(head, file)).toEqual({ benchmark, container });
  });

  it.each(cases)("recognises %s by reading up to its first record", async (file, benchmark, container) => {
    expect(await detectSource(fixture(file), file)).toEqual({ benchmark, container });
  });

  it("asks for more when the first record does not fit in the head, and detectSource reads on", async () => {
    const bytes = readFileSync(fixture("fantom/valid.json"));
    expect(detect(bytes.subarray(0, 500), "fantom_v1.json")).toMatchObject({ container: "json_array", needMore: true });
    expect(await detectSource(chunked(bytes, 100), "fantom_v1.json")).toEqual({ benchmark: "fantom", container: "json_array" });
  });

  it("tells the containers apart by their first bytes", () => {
    expect(sniffContainer(bytesOf("PAR1xxxx"))).toBe("parquet");
    expect(sniffContainer(bytesOf("\ufeff  [{}]"))).toBe("json_array");
    expect(sniffContainer(bytesOf("\n{}"))).toBe("jsonl");
    expect(sniffContainer(bytesOf("a,b\n1,2"))).toBe("csv");
    expect(sniffContainer(bytesOf(""))).toEqual({ error: "The file is empty" });
    expect(sniffContainer(bytesOf("hello"))).toMatchObject({ error: expect.stringMatching(/not JSON, JSON Lines, CSV or Parquet/) });
  });

  it("reports an explicit choice that contradicts the file, naming the detected benchmark", async () => {
    const detection = await detectSource(fixture("tomato/valid.json"), "tomato.json");
    expect(resolveBenchmark("fantom", detection)).toEqual({
      error: "This file looks like ToMATO (tomato), not FANToM. Use --benchmark tomato or --benchmark auto.",
    });
    expect(resolveBenchmark("tomato", detection)).toEqual({ benchmark: "tomato", container: "json_array" });
    expect(resolveBenchmark("auto", detection)).toEqual({ benchmark: "tomato", container: "json_array" });
    expect(wrongBenchmarkMessage("chartom", "diamonds")).toBe("This file looks like DIAMONDs (diamonds), not CharToM-QA. Use --benchmark diamonds or --benchmark auto.");
    // on the web, in the words of the form
    expect(resolveBenchmark("fantom", detection, "web")).toEqual({ error: "This file looks like ToMATO (tomato), not FANToM. Choose ToMATO, or Detect automatically, as the benchmark." });
  });

  it("trusts an explicit choice when the records match no known shape, but not auto", async () => {
    const detection = await detectSource(chunked(bytesOf('[{"x": 1}]'), 4), "mystery.json");
    expect(detection).toMatchObject({ container: "json_array", error: expect.stringMatching(/do not look like any supported benchmark/) });
    expect(resolveBenchmark("generic", detection)).toEqual({ benchmark: "generic", container: "json_array" });
    expect(resolveBenchmark("auto", detection)).toMatchObject({ error: expect.stringMatching(/--benchmark <name>/) });
    expect(resolveBenchmark("auto", detection, "web")).toMatchObject({ error: expect.stringMatching(/Choose the benchmark in the list\.$/) });
  });

  it("passes read problems on as errors", async () => {
    expect(await detectSource(chunked(bytesOf(""), 4), "empty.json")).toEqual({ error: "The file is empty" });
    expect(await detectSource(chunked(bytesOf('[{"set_id": "0-0-0", "factQA'), 4), "cut.json")).toMatchObject({ error: expect.stringMatching(/truncated/) });
  });
});
