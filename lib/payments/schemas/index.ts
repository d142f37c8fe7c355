// The Payment Service's shapes at the boundary: records, lists, events, errors and the inputs this app sends.
export * from "./common";
export * from "./records";
export * from "./billing";
export * from "./lists";
export * from "./events";
export * from "./errors";
export * from "./requests";
