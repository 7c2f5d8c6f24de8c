#!/usr/bin/env node
// Entry point of the `cinema-build` command. The CLI is compiled to dist/ by `npm install`
// (the `prepare` script); run `npm run compile` after changing src/ or templates/.
// React's development build renders 3–4x slower and is not what a site should be built with.
process.env.NODE_ENV ??= "production";
import("../dist/cli.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    console.error("cinema-build: not compiled yet; run `npm install` (or `npm run compile`) first.");
  } else {
    console.error(error);
  }
  process.exit(2);
});
