export * from "../model/media-catalogue.js";
export * from "./media-refs.js";
export * from "./plan-media.js";
