export * from "./partner-schema.js";
export * from "./load-partner.js";
