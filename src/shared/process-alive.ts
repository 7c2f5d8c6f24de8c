/**
 * Whether another process with this id is alive: its temporary files and build folders are
 * still being written, so clean-up leaves them (the build folders, the cache's temporary
 * entries, workbox's folder). Our own id is not "another", and EPERM means alive.
 */
export function isOtherProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
