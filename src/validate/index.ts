export * from "./link-dataset.js";
