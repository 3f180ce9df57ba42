import { useSyncExternalStore } from 'react';
import type { NotificationSeverity } from './notifications';

/**
 * One message on screen at a time (spec 1 §4 banner and modal kinds): a newer message replaces
 * the one showing. A small external store so code outside React (a query's error handler) can
 * raise one; the host component renders it and decides when it goes away.
 */
export interface TransientMessage {
  readonly id: number;
  readonly title?: string;
  readonly message: string;
  readonly severity: NotificationSeverity;
  /** Banners only: how long it stays before hiding itself. */
  readonly durationMs: number;
}

export interface TransientInput {
  readonly title?: string;
  readonly message: string;
  readonly severity?: NotificationSeverity;
  readonly durationMs?: number;
}

export const DEFAULT_BANNER_DURATION_MS = 6000;

export interface TransientSlot {
  readonly show: (input: TransientInput) => void;
  /** Hides the message with this id; a newer message that replaced it stays. */
  readonly dismiss: (id: number) => void;
  readonly current: () => TransientMessage | null;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createTransientSlot(): TransientSlot {
  const listeners = new Set<() => void>();
  let current: TransientMessage | null = null;
  let sequence = 0;
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    show: (input) => {
      sequence += 1;
      current = Object.freeze({
        id: sequence,
        message: input.message,
        severity: input.severity ?? 'info',
        durationMs: input.durationMs ?? DEFAULT_BANNER_DURATION_MS,
        ...(input.title === undefined ? {} : { title: input.title }),
      });
      emit();
    },
    dismiss: (id) => {
      if (current?.id !== id) return;
      current = null;
      emit();
    },
    current: () => current,
    subscribe,
  };
}

export function useTransientMessage(slot: TransientSlot): TransientMessage | null {
  return useSyncExternalStore(slot.subscribe, slot.current);
}

export const bannerSlot = createTransientSlot();
export const modalSlot = createTransientSlot();

export function showBanner(input: TransientInput): void {
  bannerSlot.show(input);
}

export function showModal(input: TransientInput): void {
  modalSlot.show(input);
}
