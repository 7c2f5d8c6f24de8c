export * from "./snapshot-reader.js";
