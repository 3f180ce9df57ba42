/**
 * Above this speed a virtual list's entering rows are drawn as placeholders: at 10,000 px/s more
 * than three 44 px rows enter each frame, too many to lay out and paint within one on a 2-core
 * machine, and too fast for a reader. They are drawn whole once the scroll slows or stops.
 */
export const FLING_PX_PER_SECOND = 10_000;

/** A gap this long between two samples starts a new gesture: its first sample has no speed. */
const GESTURE_GAP_MS = 200;

export interface ScrollSpeedMeter {
  /** The speed in pixels a second since the previous sample, from a scroll offset and its time. */
  sample(offset: number, atMs: number): number;
}

export function createScrollSpeedMeter(): ScrollSpeedMeter {
  let last: { readonly offset: number; readonly atMs: number } | null = null;
  let speed = 0;
  return {
    sample(offset, atMs) {
      const previous = last;
      if (previous === null || atMs - previous.atMs > GESTURE_GAP_MS) {
        speed = 0;
      } else if (atMs > previous.atMs) {
        speed = (Math.abs(offset - previous.offset) / (atMs - previous.atMs)) * 1000;
      }
      // Two samples in the same millisecond keep the speed measured before them.
      last = { offset, atMs };
      return speed;
    },
  };
}
