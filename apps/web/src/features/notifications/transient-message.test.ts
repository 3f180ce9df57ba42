import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_DURATION_MS, createTransientSlot } from './transient-message';

describe('one banner or modal at a time', () => {
  it('shows a message with defaults and replaces it with a newer one', () => {
    const slot = createTransientSlot();
    let changes = 0;
    slot.subscribe(() => (changes += 1));
    slot.show({ message: 'first' });
    expect(slot.current()).toMatchObject({
      message: 'first',
      severity: 'info',
      durationMs: DEFAULT_BANNER_DURATION_MS,
    });
    slot.show({ message: 'second', severity: 'warning', durationMs: 100 });
    expect(slot.current()).toMatchObject({
      message: 'second',
      severity: 'warning',
      durationMs: 100,
    });
    expect(changes).toBe(2);
  });

  it('ignores a late dismissal of a message that was already replaced', () => {
    const slot = createTransientSlot();
    slot.show({ message: 'first' });
    const firstId = slot.current()?.id ?? -1;
    slot.show({ message: 'second' });
    slot.dismiss(firstId);
    expect(slot.current()?.message).toBe('second');
    slot.dismiss(slot.current()?.id ?? -1);
    expect(slot.current()).toBeNull();
  });
});
