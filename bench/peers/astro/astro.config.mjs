// Static output, one folder per page (`<slug>/index.html`, as the floor and cinema-build write).
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "static",
  integrations: [react()],
  build: { format: "directory" },
  devToolbar: { enabled: false },
});
