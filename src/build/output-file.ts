/** One file of the built site, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}
