/**
 * Numbered checkpoints through the writing of the output, for the crash test (issue 10:
 * "kill -9 at 20 points across a build, scripted, never timed"). With
 * CINEMA_BUILD_KILL_AT=N in the environment the process SIGKILLs itself when it reaches the
 * N-th checkpoint, exactly as an operator's kill -9 or a power cut would stop it. Without the
 * variable a checkpoint is a counter increment.
 */
let reached = 0;
const killAt = Number(process.env.CINEMA_BUILD_KILL_AT ?? "0");

/** Marks one checkpoint; dies here when it is the one CINEMA_BUILD_KILL_AT names. */
export function checkpoint(): void {
  reached += 1;
  if (killAt > 0 && reached === killAt) process.kill(process.pid, "SIGKILL");
}

/** Checkpoints reached so far in this process (the crash test reads it to spread its kills). */
export function checkpointsReached(): number {
  return reached;
}
