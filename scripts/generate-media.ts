/** Writes the embedded partner's media pool (scripts/partner-generator/media.ts) into partners/178/media/. */
import path from "node:path";
import { writeMedia } from "./partner-generator/media.js";

const dir = path.resolve(process.argv[2] ?? "partners/178/media");
const files = await writeMedia(dir);
console.log(`wrote ${files.length} files to ${path.relative(process.cwd(), dir) || dir}`);
