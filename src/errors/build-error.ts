import type { ErrorCode } from "./catalogue.js";

/**
 * User-facing errors (bad CMS data, bad config, failed fetches) carry where they happened, so
 * the message can name partner, file, endpoint, page path, block id and field. Internal bugs
 * are plain Errors and are reported with their stack (see src/errors/report-error.ts).
 */
export interface ErrorLocation {
  partner?: number | string;
  /** Snapshot or config file. */
  file?: string;
  /** API endpoint (never with credentials). */
  endpoint?: string;
  /** Record inside a file or response, e.g. 'events[12]' or an id. */
  record?: string;
  pagePath?: string;
  blockId?: string;
  component?: string;
  /** Field path, e.g. 'bindings.events.item.title' or 'blocks[3].data.title'. */
  field?: string;
  expression?: string;
}

/** `code` names the error's entry in src/errors/catalogue.ts; every error cinema-build makes names one. */
export interface BuildErrorOptions {
  code?: ErrorCode;
  hint?: string;
  cause?: unknown;
}

export class BuildError extends Error {
  override readonly name = "BuildError";
  constructor(
    message: string,
    readonly location: ErrorLocation = {},
    options: BuildErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.hint = options.hint;
    this.code = options.code ?? "E_BUILD";
  }
  readonly hint: string | undefined;
  readonly code: ErrorCode;

  /** One line: 'partner 178, page /kinoprogram, block 3f2…, field title: message (hint)'. */
  format(): string {
    const where = formatLocation(this.location);
    const hint = this.hint ? ` (${this.hint})` : "";
    return `${where ? `${where}: ` : ""}${this.message}${hint}`;
  }
}

/**
 * Several user errors collected before failing (the build reports every bad route). One bad
 * binding on a detail template fails every route of it: errors that differ only in their page
 * are printed once, with the other pages counted, so the editor sees the one thing to fix.
 * `errors` keeps every one of them.
 */
export class BuildErrors extends Error {
  override readonly name = "BuildErrors";
  constructor(
    readonly errors: BuildError[],
    summary?: string,
  ) {
    const head = summary ?? `${errors.length} error${errors.length === 1 ? "" : "s"}`;
    super([`${head}:`, ...groupByPage(errors).map((group) => `  - ${formatGroup(group)}`)].join("\n"));
  }
  format(): string {
    return this.message;
  }
}

/** Errors equal but for their page, in order of first appearance. */
function groupByPage(errors: BuildError[]): BuildError[][] {
  const groups = new Map<string, BuildError[]>();
  for (const error of errors) {
    const key = `${formatLocation({ ...error.location, pagePath: undefined })}\u0000${error.message}\u0000${error.hint ?? ""}`;
    const group = groups.get(key);
    if (group && error.location.pagePath !== undefined) group.push(error);
    else groups.set(group ? `${key}\u0000${groups.size}` : key, [error]);
  }
  return [...groups.values()];
}

const PAGES_SHOWN = 3;

function formatGroup([first, ...rest]: BuildError[]): string {
  if (rest.length === 0) return first.format();
  const paths = rest
    .slice(0, PAGES_SHOWN)
    .map((error) => error.location.pagePath)
    .join(", ");
  const more = rest.length > PAGES_SHOWN ? ", …" : "";
  return `${first.format()} (the same on ${rest.length} more page${rest.length === 1 ? "" : "s"}: ${paths}${more})`;
}

export function formatLocation(location: ErrorLocation): string {
  const parts: string[] = [];
  if (location.partner !== undefined) parts.push(`partner ${location.partner}`);
  if (location.file) parts.push(location.file);
  if (location.endpoint) parts.push(`endpoint ${location.endpoint}`);
  if (location.record) parts.push(location.record);
  if (location.pagePath) parts.push(`page ${location.pagePath}`);
  if (location.blockId) parts.push(`block ${location.blockId}${location.component ? ` (${location.component})` : ""}`);
  else if (location.component) parts.push(`component ${location.component}`);
  if (location.field) parts.push(`field ${location.field}`);
  if (location.expression) parts.push(`expression '${location.expression}'`);
  return parts.join(", ");
}

export function isBuildError(error: unknown): error is BuildError | BuildErrors {
  return error instanceof BuildError || error instanceof BuildErrors;
}
