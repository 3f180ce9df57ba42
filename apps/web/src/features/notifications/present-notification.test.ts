import { describe, expect, it } from 'vitest';
import {
  presentNotification,
  type PresentedNotification,
  type Presenters,
} from './present-notification';

function recordingPresenters() {
  const calls: string[] = [];
  const record = (kind: string) => (notification: PresentedNotification) =>
    calls.push(`${kind}:${notification.title}`);
  const presenters: Presenters = {
    toast: record('toast'),
    banner: record('banner'),
    modal: record('modal'),
    warn: (message) => calls.push(`warn:${message}`),
  };
  return { calls, presenters };
}

describe('presenting a notification by kind', () => {
  it('hands toasts, banners and modals to their presenter', () => {
    const { calls, presenters } = recordingPresenters();
    expect(presentNotification('toast', { title: 'a' }, presenters)).toBe(true);
    expect(presentNotification('banner', { title: 'b' }, presenters)).toBe(true);
    expect(presentNotification('modal', { title: 'c' }, presenters)).toBe(true);
    expect(calls).toEqual(['toast:a', 'banner:b', 'modal:c']);
  });

  it('only warns on the console for an unknown kind', () => {
    const { calls, presenters } = recordingPresenters();
    expect(presentNotification('popup', { title: 'x' }, presenters)).toBe(false);
    expect(calls).toEqual(['warn:Unknown notification type "popup": "x" not shown']);
  });
});
