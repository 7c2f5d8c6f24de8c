/**
 * User-facing errors (bad CMS data, bad config, failed fetches) carry where they happened, so
 * the message can name partner, file, endpoint, page path, block id and field. Internal bugs
 * are plain Errors and are reported with their stack (see src/cli/report-error.ts).
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

export class BuildError extends Error {
  override readonly name = "BuildError";
  constructor(
    message: string,
    readonly location: ErrorLocation = {},
    options: { hint?: string; cause?: unknown; code?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.hint = options.hint;
    this.code = options.code ?? "E_BUILD";
  }
  readonly hint: string | undefined;
  readonly code: string;

  /** One line: 'partner 178, page /kinoprogram, block 3f2…, field title: message (hint)'. */
  format(): string {
    const where = formatLocation(this.location);
    const hint = this.hint ? ` (${this.hint})` : "";
    return `${where ? `${where}: ` : ""}${this.message}${hint}`;
  }
}

/** Several user errors collected before failing (the build reports every bad route). */
export class BuildErrors extends Error {
  override readonly name = "BuildErrors";
  constructor(readonly errors: BuildError[], summary?: string) {
    const head = summary ?? `${errors.length} error${errors.length === 1 ? "" : "s"}`;
    super([`${head}:`, ...errors.map((error) => `  - ${error.format()}`)].join("\n"));
  }
  format(): string {
    return this.message;
  }
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
