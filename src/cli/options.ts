import { InvalidArgumentError, Option } from "commander";

/** The partner every command works on; `description` names what it is used for. */
export const partnerOption = (description = "partner (tenant) id, e.g. 178") =>
  new Option("--partner <id>", description).argParser(parsePartnerId).makeOptionMandatory();
export const partnersDirOption = () =>
  new Option("--partners-dir <dir>", "folder holding the partner folders").default("partners");

/** Options shared by the commands that load a partner's data (build, lint). */
export const sourceOption = () =>
  new Option("--source <source>", "where the data comes from: the embedded snapshot or the live APIs")
    .choices(["snapshot", "api"])
    .default("snapshot");
export const nowOption = () =>
  new Option(
    "--now <iso>",
    "reference time deciding what is past, current and upcoming (ISO 8601; without an offset, Oslo time)",
  ).argParser(parseIsoTime);

export function parsePartnerId(value: string): string {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a numeric partner id, e.g. 178");
  return value;
}

/** build's --partner: one id, or several separated by commas (built in one process). */
export function parsePartnerIds(value: string): string {
  if (!value.includes(",")) return parsePartnerId(value);
  if (!/^\d+(,\d+)+$/.test(value))
    throw new InvalidArgumentError("expected numeric partner ids separated by commas, e.g. 178,118");
  return value;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("expected a port number 0–65535");
  return port;
}

export function parseIsoTime(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError("expected an ISO 8601 time, e.g. 2026-11-20T09:00:00+01:00");
  }
  return value;
}

export function parseWorkers(value: string): number {
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new InvalidArgumentError("expected a number of threads, 1–64");
  return workers;
}

export function parseShare(value: string): number {
  const share = Number(value);
  if (value.trim() === "" || !Number.isFinite(share) || share < 0 || share > 1)
    throw new InvalidArgumentError("expected a share between 0 and 1, e.g. 0.5");
  return share;
}
