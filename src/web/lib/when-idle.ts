/** Runs `task` once the main thread has nothing else to do (soon, where the browser cannot say). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 500);
}
