/**
 * Every error cinema-build reports to a user, by code: a title, the message as it is printed
 * (`<…>` marks what the data fills in) and what to do about it. A `BuildError` names its code;
 * docs/errors.md is written from this list by `npm run docs:errors` (scripts/error-docs.ts),
 * and tests/unit/error-catalogue.test.ts fails when the two differ, when a code here is never
 * used, or when the source uses a code that is not here.
 *
 * The printed message itself is made where the error happens (it names the record, the file,
 * the value), so that it can say exactly what was wrong; the hint printed with it is the
 * call's own. Exit codes: 1 for every error here but E_INTERNAL, which is a bug (70).
 */
export interface ErrorEntry {
  /** A short name for the kind of error, for the docs' headings. */
  title: string;
  /** What happened: the message as printed, `<…>` for the parts the data fills in. */
  message: string;
  /** What to do about it. */
  hint: string;
}

export const ERROR_CATALOGUE = {
  // Partner configuration (partners/<id>/partner.json)
  E_PARTNERS_DIR: {
    title: "Partners folder not found",
    message: "partners folder '<dir>' does not exist",
    hint: "Run cinema-build where the partners/ folder is, or pass --partners-dir DIR.",
  },
  E_NO_PARTNERS: {
    title: "No partner in the partners folder",
    message: "no partner in <dir>: no folder there holds a partner.json",
    hint: "Pass the folder that holds partners/<id>/partner.json with --partners-dir (build --all builds each of them).",
  },
  E_PARTNERS_FAILED: {
    title: "Some partners of a build of several failed",
    message: "<n> of <m> partners failed: <ids>",
    hint: "Each failed partner's own error is printed above it; the other partners were built. Fix those and build them again (--partner <ids>).",
  },
  E_PARTNER_ID: {
    title: "Partner id is not a number",
    message: "partner id must be a number, got '<id>'",
    hint: "Pass the partner's numeric id, e.g. --partner 178.",
  },
  E_UNKNOWN_PARTNER: {
    title: "Unknown partner",
    message: "unknown partner <id>; known partners in <dir>: <ids>",
    hint: "Pass one of the listed ids (the hint suggests the closest), or add a folder partners/<id>/ with a partner.json.",
  },
  E_PARTNER_JSON: {
    title: "partner.json is not valid JSON",
    message: "invalid JSON: <parser message>",
    hint: "Fix the JSON syntax at the place the parser names.",
  },
  E_PARTNER_CONFIG: {
    title: "Invalid partner configuration",
    message: "invalid partner configuration: <field>: <problem>; …",
    hint: "Fix each named field of partner.json (docs/data-format.md describes them).",
  },
  E_PARTNER_MISMATCH: {
    title: "partner.json names another partner",
    message: "partner.json says partner <id> but lives in folder <folder>",
    hint: "Make the folder's name and partner.json's `partner` the same id.",
  },
  E_CSP_SOURCE: {
    title: "Unsafe Content-Security-Policy source",
    message: "'<source>' would change the Content-Security-Policy (';', ',', a quote or white space)",
    hint: "Give each host of partner.json as a bare origin, e.g. https://cdn.example.no, without separators or quotes.",
  },
  E_NO_MEMBER_SERVICE: {
    title: "Partner has no member service",
    message: "partner <id> has no member service (partner.json memberService is null)",
    hint: "Start the member server for a partner whose partner.json configures `memberService`, or preview without --with-member-server.",
  },

  // Command line
  E_USAGE: {
    title: "Missing command-line option",
    message: "preview needs --partner <id> or --out <dir>",
    hint: "Add the option the message names; the hint shows an example command.",
  },
  E_NO_SITE: {
    title: "No built site to preview",
    message: "no built site in <dir>",
    hint: "Build the site first (cinema-build --partner <id>), or pass --out with the folder it was built into.",
  },
  E_PORT: {
    title: "Port not available",
    message: "cannot listen on <host>:<port>: the port is in use",
    hint: "Pass --port with another number, or --port 0 for any free port.",
  },
  E_DEV_FIRST_BUILD: {
    title: "The dev server's first build failed",
    message: "the first build failed; fix the error above and run dev again",
    hint: "Fix the error printed above it, then run cinema-build dev again.",
  },
  E_BROKEN_LINKS: {
    title: "Broken internal links under --strict",
    message: "--strict: <n> broken internal links, the first on <page>: <url>",
    hint: "The site was written but should not be deployed; fix the links in the CMS (cinema-build lint names page, block and field).",
  },

  // Fetching from the API (spec 1) and reading a snapshot
  E_API_URL: {
    title: "Invalid API URL",
    message: "the API URL must be http or https, got <protocol>",
    hint: "Pass an http(s) URL without credentials, e.g. --api-url http://127.0.0.1:4100.",
  },
  E_CREDENTIALS: {
    title: "API credentials not set",
    message: "environment variable <name> is not set",
    hint: "Set the variable partner.json names for the API's auth, or use --api-url with the local API server (development credentials).",
  },
  E_AUTH_MODE: {
    title: "Unsupported API authentication method",
    message: "API authentication method (<mode>) not supported.",
    hint: "Set the API's auth.mode in partner.json to one cinema-build supports (docs/data-format.md).",
  },
  E_FETCH: {
    title: "API request failed",
    message: "request failed with <status> (<n> attempts)",
    hint: "Check the network, the API base URL (--api-url) and, for 401 or 403, the credentials; the message names the endpoint.",
  },
  E_FETCH_DATA: {
    title: "API answered data of the wrong shape",
    message: "<record>, field <field>: <problem>",
    hint: "The API's data does not match the expected shape at the named record and field; fix it at the source, or report the API change.",
  },
  E_ENCODING: {
    title: "Text is not valid UTF-8",
    message: "invalid UTF-8 at byte <offset>",
    hint: "Save the file as UTF-8; an API should answer in UTF-8 or declare its charset in Content-Type.",
  },
  E_SNAPSHOT_MISSING: {
    title: "Snapshot file missing",
    message: "snapshot file is missing",
    hint: "Take a snapshot with cinema-build snapshot --partner <id>, or build with --source api.",
  },
  E_SNAPSHOT_JSON: {
    title: "Snapshot file is not valid JSON",
    message: "invalid JSON: <parser message>",
    hint: "Fix the JSON syntax at the place the parser names, or take a new snapshot.",
  },
  E_SNAPSHOT_DATA: {
    title: "Snapshot data of the wrong shape",
    message: "<record>, field <field>: <problem>",
    hint: "Fix the named record and field in the snapshot file (docs/data-format.md), or take a new snapshot.",
  },
  E_SNAPSHOT_SERVE: {
    title: "The local API server cannot serve a snapshot file",
    message: "cannot serve <file>: <reason>",
    hint: "The API server serves a snapshot folder; create one with cinema-build snapshot or the generator.",
  },

  // The data: one partner's site, events, block data and articles
  E_LIMIT: {
    title: "Over a supported size",
    message: "<n> events; at most <max> are supported",
    hint: "Split or shorten the data; the limits keep builds and visitors' downloads bounded (docs/security.md, Limits).",
  },
  E_WRONG_PARTNER: {
    title: "The data belongs to another partner",
    message: "site <id> lists partners <ids>, not partner <id>",
    hint: "Use the data of the partner you build.",
  },
  E_SITE_ID: {
    title: "Site id differs from partner.json",
    message: "site id <id> differs from partner.json siteId <siteId>",
    hint: "Make partner.json's siteId the site's id, or use the data of the right site.",
  },
  E_SNAPSHOT_PARTNER: {
    title: "Snapshot taken for another partner",
    message: "the snapshot was captured for partner <id>, not partner <id>",
    hint: "Copy the snapshot of the right partner, or take a new one.",
  },
  E_DUPLICATE_ID: {
    title: "Duplicate id",
    message: "duplicate event id '<id>'",
    hint: "Give each production, event, block-data record, page and block its own id.",
  },
  E_DUPLICATE_SLUG: {
    title: "Duplicate article slug",
    message: "duplicate article slug '<slug>'",
    hint: "Give each article its own slug: it is the article page's path.",
  },
  E_EVENT_ID: {
    title: "Event id of another partner",
    message: "event id '<id>' does not start with partner id <partner>",
    hint: "Event ids are '<partner>' + zero padding + event number, 13 digits.",
  },
  E_UNKNOWN_PRODUCTION: {
    title: "Showing of an unknown production",
    message: "showing belongs to unknown production '<id>'",
    hint: "Add the production to events.json, or remove the showing.",
  },
  E_MEDIA: {
    title: "Local media file not usable",
    message: "media:<ref> names no file (looked for <path>)",
    hint: "Put the file under the partner's media/ folder or fix the reference (docs/data-format.md, Local media).",
  },

  // Pages, sources and routes (spec 2)
  E_PATH: {
    title: "Page path cannot be a file path",
    message: "<problem> (page id <id>)",
    hint: "Change the page path (or the record value that fills its route parameter) to a path every host can serve.",
  },
  E_ROUTE_PARAMS: {
    title: "More than one route parameter",
    message: "a page path may have one route parameter, found <n>",
    hint: "Keep one parameter in the page path, e.g. '/film/:production'.",
  },
  E_ROUTE_PARAM_SOURCE: {
    title: "No source lists a route parameter's values",
    message: "no non-collection source filters on '@<name>', so the routes of this page cannot be listed",
    hint: "Add a source that filters on the parameter, e.g. a production source with a filter on '@production'.",
  },
  E_ROUTE_PARAM_VALUE: {
    title: "Record without a value for the route parameter",
    message: "record '<record>' has no usable '<property>' for the route parameter '<name>' (got <value>)",
    hint: "Give the record a non-empty value, or filter it out of the page's source.",
  },
  E_ROUTE_PARAM_UNSET: {
    title: "Route parameter not set",
    message: "the route parameter '@<name>' is not set for this page",
    hint: "Route parameters come from the page path, e.g. '/:production'; use only the page's own.",
  },
  E_ROUTE_CONFLICT: {
    title: "Two routes, one path",
    message: "two routes resolve to the same path '<path>': <origin> and <origin>",
    hint: "Change one page's path or the record values that fill it.",
  },
  E_DUPLICATE_SOURCE: {
    title: "Two sources with one name",
    message: "two sources are named '<name>'",
    hint: "Rename one of the page's sources; bindings name them.",
  },
  E_REGEX: {
    title: "Filter regex does not compile",
    message: "the regex does not compile: <reason>",
    hint: "Fix the regular expression of the source's filter.",
  },
  E_UNSAFE_REGEX: {
    title: "Filter regex can backtrack catastrophically",
    message: "the regex '<pattern>' can backtrack catastrophically (nested repetition)",
    hint: "Rewrite it without a repeated group inside a repetition, e.g. '^(a|b)$'; cinema-build lint reports the same.",
  },
  E_SOURCE_NO_RECORD: {
    title: "A detail page's source finds no record",
    message: "source '<name>' finds no <model> for @<param>='<value>'",
    hint: "Check the source's filter against the route parameter's values.",
  },

  // Bindings and rendering (spec 3)
  E_BINDING_SYNTAX: {
    title: "Binding syntax error",
    message: "binding syntax: <problem> (at column <n>)",
    hint: "Fix the binding expression at the column named (docs/bindings.md).",
  },
  E_UNKNOWN_SOURCE: {
    title: "Binding names an unknown source",
    message: "unknown source '<name>'",
    hint: "Name one of the page's sources; the hint lists them or suggests the closest.",
  },
  E_FIELD_TYPE: {
    title: "Bound value of the wrong type",
    message: "<problem> (field type <type>)",
    hint: "Bind the field to a value of its type, or convert it in the binding (docs/bindings.md).",
  },
  E_UNKNOWN_BLOCK_DATA: {
    title: "Block data does not exist",
    message: "block data '<id>' does not exist",
    hint: "Point the block at a record of block-data.json, or add the record.",
  },
  E_UNKNOWN_LAYOUT: {
    title: "Unknown layout",
    message: "unknown layout '<layout>'",
    hint: "Use one of the layouts cinema-build has; the hint suggests the closest.",
  },
  E_UNKNOWN_COMPONENT: {
    title: "Unknown component kind",
    message: "unknown component kind '<component>'",
    hint: "Use one of the block kinds cinema-build has (docs/rendering.md); the hint suggests the closest.",
  },
  E_BLOCK_PLACE: {
    title: "Block outside the page template",
    message: "block is placed at row <row>, column <column>, which the page template does not have",
    hint: "Move the block to an existing row and column or add them to the template.",
  },

  // Redirects, output and hosts
  E_REDIRECT: {
    title: "Invalid redirect",
    message: "<problem>: <from> → <to>",
    hint: "Fix the named entry of site.redirects (docs/redirects.md).",
  },
  E_HOST_LIMIT: {
    title: "Over the host's limit",
    message: "--host <host>: <what> is <n>, over the host's limit of <max>",
    hint: "Build for another host, or make the site smaller (docs/hosts.md).",
  },
  E_SHRINK: {
    title: "The site would shrink",
    message: "the new build has <n> routes, fewer than <share>% of the previous build's <m> (<pages by kind>)",
    hint: "Check the data source; pass --allow-shrink if the site really is meant to shrink.",
  },
  E_OUTPUT_TARGET: {
    title: "Output folder refused",
    message: "--out <dir> is a folder cinema-build did not write (…)",
    hint: "Name a folder of its own (e.g. --out output/<partner>), or pass --force where the hint says so.",
  },
  E_OUTPUT_PATH: {
    title: "Unsafe output path",
    message: "output path '<path>' contains a backslash",
    hint: "A bug or hostile data made a file path outside the site; the message names it.",
  },
  E_OUTPUT_CONFLICT: {
    title: "Two output files, one path",
    message: "two output files have the path '<path>'",
    hint: "A redirect or route writes over another file; change one of them.",
  },
  E_CACHE_TARGET: {
    title: "Build cache folder refused",
    message: "the build cache <dir> is a file, not a folder; refusing to use it",
    hint: "Move it away (cinema-build makes it again), or build with --no-cache.",
  },

  // Not the user's
  E_INTERNAL: {
    title: "Internal error",
    message: "internal error while rendering: <message>",
    hint: "A bug in cinema-build (exit code 70): report it with the stack printed after the message.",
  },
  E_BUILD: {
    title: "Error without a code of its own",
    message: "<message>",
    hint: "Made by a program using cinema-build's API without naming a code; cinema-build's own errors each name theirs.",
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
