// A one-line progress bar on stderr (runs, rate, time left), only on a terminal and only once
// a run has taken more than a moment. A dozen lines did not justify a dependency.

export function progressBar(stream: NodeJS.WriteStream, label: string, afterMs = 500) {
  const start = Date.now();
  let shown = false;
  let last = 0;
  return {
    update(done: number, total: number): void {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - start < afterMs || now - last < 100) return;
      last = now;
      shown = true;
      const secs = (now - start) / 1000;
      const rate = done / secs;
      const left = rate > 0 ? (total - done) / rate : 0;
      const width = 30;
      const filled = Math.round((done / total) * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      stream.write(`\r${label} ${bar} ${done}/${total}  ${Math.round(rate)}/s  ${left.toFixed(1)}s left `);
    },
    done(): void {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
