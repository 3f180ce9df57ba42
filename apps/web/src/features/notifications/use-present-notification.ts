import { useCallback } from 'react';
import { useToast } from '../../ui/toast';
import { presentNotification, type PresentedNotification } from './present-notification';
import { showBanner, showModal } from './transient-message';

/** `present(kind, notification)` wired to the toast provider and the banner and modal hosts. */
export function usePresentNotification(): (
  kind: string,
  notification: PresentedNotification,
) => boolean {
  const toast = useToast();
  return useCallback(
    (kind, notification) =>
      presentNotification(kind, notification, {
        toast: ({ title, message, severity, txId }) =>
          toast.show({
            title,
            ...(message === undefined ? {} : { description: message }),
            ...(severity === undefined ? {} : { severity }),
            ...(txId === undefined ? {} : { txId }),
          }),
        banner: ({ title, message, severity, durationMs }) =>
          showBanner({
            title,
            message: message ?? '',
            ...(severity === undefined ? {} : { severity }),
            ...(durationMs === undefined ? {} : { durationMs }),
          }),
        modal: ({ title, message, severity }) =>
          showModal({
            title,
            message: message ?? '',
            ...(severity === undefined ? {} : { severity }),
          }),
        warn: (text) => console.warn(text),
      }),
    [toast],
  );
}
