export * from "../model/partner-schema.js";
export * from "./load-partner.js";
export * from "./partner-list.js";
