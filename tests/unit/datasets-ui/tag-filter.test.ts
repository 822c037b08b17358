import { describe, expect, it } from "vitest";
import { describeFilter, exportHref, filterFromSearch, hasStrayTags, knownFilter, pageFromSearch, searchFor } from "@/components/datasets/tag-filter";

describe("filterFromSearch", () => {
  it("reads tag.<key> parameters, repeated keys as alternatives, and ignores the rest and empty values", () => {
    expect(filterFromSearch({ "tag.mental_state": ["belief", "desire", "belief"], "tag.order": "2", "tag.x": "", page: "3", "tag.": "y" })).toEqual({
      mental_state: ["belief", "desire"],
      order: ["2"],
    });
  });

  it("finds the empty and unknown tags the URL still names, so the page can drop them", () => {
    const search = { "tag.pool": "gold", "tag.question_type": "", page: "2" };
    const filter = knownFilter(filterFromSearch(search), { pool: [], question_type: [] });
    expect(hasStrayTags(search, filter)).toBe(true);
    expect(searchFor(filter, 2)).toBe("?tag.pool=gold&page=2");
    expect(hasStrayTags({ "tag.gone": "x" }, knownFilter(filterFromSearch({ "tag.gone": "x" }), {}))).toBe(true);
    expect(hasStrayTags({ "tag.pool": "gold", page: "2" }, { pool: ["gold"] })).toBe(false);
  });

  it("keeps only tags the dataset has", () => {
    expect(knownFilter({ order: ["2"], gone: ["1"] }, { order: [] })).toEqual({ order: ["2"] });
  });
});

describe("pageFromSearch", () => {
  it("clamps to 1..pages and survives garbage", () => {
    expect(pageFromSearch("3", 5)).toBe(3);
    expect(pageFromSearch("9", 5)).toBe(5);
    expect(pageFromSearch("0", 5)).toBe(1);
    expect(pageFromSearch("abc", 5)).toBe(1);
    expect(pageFromSearch(undefined, 0)).toBe(1);
    expect(pageFromSearch(["2", "4"], 5)).toBe(2);
  });
});

describe("searchFor and exportHref", () => {
  it("round-trips a filter through the page URL", () => {
    const filter = { mental_state: ["belief"], "q type": ["a&b=c"] };
    const search = searchFor(filter, 2);
    const params = new URLSearchParams(search);
    expect(params.get("page")).toBe("2");
    expect(filterFromSearch(Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k)])))).toEqual(filter);
    expect(searchFor({}, 1)).toBe("");
  });

  it("passes the filter to the export route as repeated where=<tag>=<value>", () => {
    const href = exportHref("d1", "csv", { mental_state: ["belief", "desire"], order: ["2"] });
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/api/datasets/d1/export");
    expect(url.searchParams.get("format")).toBe("csv");
    expect(url.searchParams.getAll("where")).toEqual(["mental_state=belief", "mental_state=desire", "order=2"]);
  });

  it("describes a filter in words", () => {
    expect(describeFilter({ mental_state: ["belief", "desire"], order: ["2"] })).toBe("mental_state is belief or desire; order is 2");
  });
});
