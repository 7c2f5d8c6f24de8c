/**
 * Numbered checkpoints through the writing of the output, for the crash test (docs/security.md:
 * "kill -9 at 20 points across a build, scripted, never timed"). With
 * CINEMA_BUILD_KILL_AT=N in the environment the process SIGKILLs itself when it reaches the
 * N-th checkpoint, exactly as an operator's kill -9 or a power cut would stop it. Without the
 * variable a checkpoint is a counter increment.
 */
let reached = 0;
const killAt = Number(process.env.CINEMA_BUILD_KILL_AT ?? "0");
/**
 * CINEMA_BUILD_SIGNAL_AT=N:SIGTERM (or SIGINT) sends that signal instead, as an operator's
 * Ctrl-C or `kill` would, to test the clean stop (src/emit/interrupt.ts) at a known point.
 */
const [signalAt, signal] = ((value) => [Number(value[0] ?? "0"), value[1] as NodeJS.Signals | undefined])(
  (process.env.CINEMA_BUILD_SIGNAL_AT ?? "").split(":"),
);

/** Marks one checkpoint; dies here when it is the one CINEMA_BUILD_KILL_AT names. */
export function checkpoint(): void {
  reached += 1;
  if (killAt > 0 && reached === killAt) process.kill(process.pid, "SIGKILL");
  if (signalAt > 0 && reached === signalAt && signal) process.kill(process.pid, signal);
}

/** Checkpoints reached so far in this process (the crash test reads it to spread its kills). */
export function checkpointsReached(): number {
  return reached;
}
