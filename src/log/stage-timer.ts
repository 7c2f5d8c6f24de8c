import createDebug from "debug";

export interface StageTiming {
  stage: string;
  ms: number;
}

/**
 * Times the build's stages for the final report. Each stage also logs under its own debug
 * namespace (`DEBUG=cinema-build:* cinema-build …`).
 */
export class StageTimer {
  readonly timings: StageTiming[] = [];

  async time<T>(stage: string, run: () => Promise<T> | T): Promise<T> {
    const debug = createDebug(`cinema-build:${stage}`);
    const started = performance.now();
    debug("start");
    try {
      return await run();
    } finally {
      const ms = performance.now() - started;
      this.timings.push({ stage, ms });
      debug("done in %dms", Math.round(ms));
    }
  }

  /** Adds time measured elsewhere (stages that run interleaved, like bind and render). */
  record(stage: string, ms: number): void {
    const existing = this.timings.find((timing) => timing.stage === stage);
    if (existing) existing.ms += ms;
    else this.timings.push({ stage, ms });
  }

  total(): number {
    return this.timings.reduce((sum, timing) => sum + timing.ms, 0);
  }
}

export function debugFor(stage: string): createDebug.Debugger {
  return createDebug(`cinema-build:${stage}`);
}
