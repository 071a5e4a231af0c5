/** Resolves after the browser's next paint; a hidden tab, which paints nothing, waits 100 ms instead. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}
