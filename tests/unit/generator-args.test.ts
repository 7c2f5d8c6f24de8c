/** The generator's command line (scripts/partner-generator/cli-args.ts, docs/generator.md). */
import { describe, expect, it } from "vitest";
import { parseGeneratorArgs, USAGE } from "../../scripts/partner-generator/cli-args.js";
import { DEFAULT_OPTIONS } from "../../scripts/partner-generator/generate.js";

describe("the generator's command line", () => {
  it("gives the committed snapshot's options without arguments", () => {
    expect(parseGeneratorArgs([])).toEqual({
      help: false,
      options: { ...DEFAULT_OPTIONS, out: "partners", filmOnly: false },
    });
  });

  it("seeds another partner by its id unless a seed is given", () => {
    const args = parseGeneratorArgs(["--partner", "9001", "--films", "2000", "--film-only"]);
    expect(args).toMatchObject({ options: { partner: 9001, seed: 9001, films: 2000, filmOnly: true } });
    expect(parseGeneratorArgs(["--partner", "9001", "--seed", "7"])).toMatchObject({ options: { seed: 7 } });
  });

  it("answers --help with the usage, which names every option", () => {
    expect(parseGeneratorArgs(["--help"])).toEqual({ help: true });
    for (const option of [
      "--partner",
      "--out",
      "--films",
      "--culture",
      "--articles",
      "--seed",
      "--captured-at",
      "--film-only",
    ])
      expect(USAGE).toContain(option);
  });

  it("names a mistyped option and a count that is not a whole number", () => {
    expect(parseGeneratorArgs(["--flims", "3"])).toMatchObject({ error: expect.stringContaining("--flims") });
    expect(parseGeneratorArgs(["--films", "ti"])).toEqual({ error: "--films must be a whole number, not 'ti'" });
    expect(parseGeneratorArgs(["--films", "-3"])).toMatchObject({ error: expect.any(String) });
  });
});
