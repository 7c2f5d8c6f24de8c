/** One file of the built site; `path` is relative to the output folder, '/'-separated. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}
