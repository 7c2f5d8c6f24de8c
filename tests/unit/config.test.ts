import { mkdtemp, mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPartner, listPartners } from "../../src/config/index.js";
import { BuildError } from "../../src/errors/index.js";

const partnersDir = path.resolve("partners");

async function copyPartners(edit: (id: string, json: Record<string, unknown>) => void): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "cb-partners-"));
  for (const id of ["118", "178"]) {
    const json = JSON.parse(await readFile(path.join(partnersDir, id, "partner.json"), "utf8"));
    edit(id, json);
    await mkdir(path.join(dir, id));
    await writeFile(path.join(dir, id, "partner.json"), JSON.stringify(json));
  }
  return dir;
}

describe("partner configuration", () => {
  it("loads and validates every embedded partner", async () => {
    expect(await listPartners(partnersDir)).toEqual(["118", "178"]);
    const loaded = await loadPartner(partnersDir, "178");
    expect(loaded.config.partners[0]).toBe(178);
    expect(loaded.config.ticketing.channel).toBe("dxf");
    expect(loaded.memberService?.endpoints.login).toBe("api/LoginDx");
    expect((await loadPartner(partnersDir, 118)).config.city).toBeTruthy();
  });

  it("fails clearly for an unknown partner, listing the known ones", async () => {
    const error = await loadPartner(partnersDir, "179").catch((e) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect(error.format()).toContain("unknown partner 179");
    expect(error.format()).toContain("118, 178");
    expect(error.format()).toContain("did you mean '178'?");
  });

  it("names the file and field of an invalid configuration", async () => {
    const dir = await copyPartners((id, json) => {
      if (id === "178") (json.ticketing as Record<string, unknown>).host = 42;
    });
    const error = await loadPartner(dir, "178").catch((e) => e);
    expect(error.format()).toMatch(/178\/partner\.json/);
    expect(error.format()).toContain("ticketing.host");
  });

  it("takes the member-service configuration of the first partner id (spec 1)", async () => {
    const dir = await copyPartners((id, json) => {
      if (id === "178") json.partners = [118, 178];
    });
    const loaded = await loadPartner(dir, "178");
    expect(loaded.memberService?.baseUrl).toContain("medlem118");
  });

  it("keeps credentials out of the file: only environment variable names", async () => {
    const text = await readFile(path.join(partnersDir, "178", "partner.json"), "utf8");
    expect(text).not.toMatch(/"(password|secret|clientSecret|username)"\s*:/i);
    expect(text).toContain("passwordEnv");
  });
});
