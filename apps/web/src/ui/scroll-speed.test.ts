import { describe, expect, it } from 'vitest';
import { createScrollSpeedMeter, FLING_PX_PER_SECOND } from './scroll-speed';

describe('the scroll speed meter', () => {
  it('has no speed at the first sample of a gesture', () => {
    expect(createScrollSpeedMeter().sample(500, 1_000)).toBe(0);
  });

  it('measures pixels a second between samples, in either direction', () => {
    const meter = createScrollSpeedMeter();
    meter.sample(0, 1_000);
    expect(meter.sample(400, 1_016)).toBe(25_000);
    expect(meter.sample(300, 1_026)).toBe(10_000);
  });

  it('tells a fling from a reading scroll at the threshold', () => {
    const meter = createScrollSpeedMeter();
    meter.sample(0, 0);
    expect(meter.sample(100, 16)).toBeLessThan(FLING_PX_PER_SECOND);
    expect(meter.sample(500, 32)).toBeGreaterThan(FLING_PX_PER_SECOND);
  });

  it('keeps the last speed for two samples in the same millisecond', () => {
    const meter = createScrollSpeedMeter();
    meter.sample(0, 0);
    meter.sample(200, 10);
    expect(meter.sample(250, 10)).toBe(20_000);
  });

  it('starts a new gesture after a pause', () => {
    const meter = createScrollSpeedMeter();
    meter.sample(0, 0);
    meter.sample(400, 16);
    expect(meter.sample(5_000, 1_000)).toBe(0);
  });
});
