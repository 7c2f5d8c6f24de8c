/**
 * A static host for browser tests: serves a built site like the preview server (folder
 * index.html, 404.html, the redirect table) and can drop every connection to play "offline".
 */
import type { Server } from "node:http";
import { startPreviewServer, type PreviewServer } from "../../src/dev/index.js";

export interface TestHost {
  url: string;
  /** Paths requested so far. */
  requests: string[];
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function startTestHost(root: string): Promise<TestHost> {
  let online = true;
  const requests: string[] = [];
  const preview: PreviewServer = await startPreviewServer({
    root,
    port: 0,
    intercept: (req) => {
      requests.push(new URL(req.url ?? "/", "http://localhost").pathname);
      if (online) return false;
      req.socket.destroy();
      return true;
    },
  });
  return { url: preview.url, requests, setOnline: (value) => (online = value), close: () => preview.close() };
}

export type { Server };
