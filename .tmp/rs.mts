const { loadDataset } = await import("/work/main/src/load.ts");
const { planSiteMedia } = await import("/work/main/src/build/prepare-site.ts");
const { createPageResolver } = await import("/work/main/src/bind/index.ts");
const { StageTimer } = await import("/work/main/src/log/index.ts");
const loaded = await loadDataset({ partner: 178, partnersDir: "/work/main/partners" }, new StageTimer());
const site = await planSiteMedia(loaded, new StageTimer());
for (let r = 0; r < 2; r++) {
const resolver = createPageResolver(site.dataset, { projectRecords: true });
const times: [string, number, number][] = [];
const t0 = performance.now();
for (const page of site.dataset.site.pages) {
  if (page.path.includes(":")) continue;
  const t = performance.now(); const res = resolver.resolveShared({ page, path: page.path, params: {} } as any); times.push([page.path, performance.now() - t, res.blocks.length]);
}
console.log("total", (performance.now() - t0).toFixed(1), "pages", times.length);
if (r === 0) for (const [p, ms, b] of times.sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(ms.toFixed(1).padStart(6), b, p);
}
const { Session } = await import("node:inspector/promises");
const s = new Session(); s.connect(); await s.post("Profiler.enable"); await s.post("Profiler.setSamplingInterval", { interval: 50 }); await s.post("Profiler.start");
for (let r = 0; r < 10; r++) { const resolver = createPageResolver(site.dataset, { projectRecords: true }); for (const page of site.dataset.site.pages) { if (page.path.includes(":")) continue; resolver.resolveShared({ page, path: page.path, params: {} } as any); } }
const { profile } = await s.post("Profiler.stop");
(await import("node:fs")).writeFileSync("/tmp/rs.cpuprofile", JSON.stringify(profile));
