/** The part of a terminal stream the bar uses. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressBar {
  update(done: number): void;
  /** Clears the bar's line, so the summary starts on a clean line. */
  stop(): void;
}

/** Below this many files a run is over before a bar would help. */
export const PROGRESS_BAR_MIN_FILES = 200;

/** Redraws at most this often, so a run over many small files does not spend its time painting. */
const REDRAW_INTERVAL_MS = 80;

/**
 * A one-line bar `label [#####-----] 120/480 files`, redrawn in place with a carriage return. Only for a terminal:
 * the caller decides (stderr is a TTY, more than `PROGRESS_BAR_MIN_FILES` files, not `--json`).
 */
export function createProgressBar(
  stream: ProgressStream,
  total: number,
  label: string,
  now: () => number = Date.now,
): ProgressBar {
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drawn = false;
  const draw = (done: number) => {
    const counter = `${done}/${total} files`;
    const columns = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80; // 0 when the terminal size is unknown
    const width = Math.max(10, Math.min(40, columns - label.length - counter.length - 5));
    const filled = total === 0 ? width : Math.round((done / total) * width);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counter}`);
    drawn = true;
  };
  return {
    update(done) {
      const time = now();
      if (done < total && time - lastDrawn < REDRAW_INTERVAL_MS) return;
      lastDrawn = time;
      draw(done);
    },
    stop() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
