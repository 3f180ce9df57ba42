import { X } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../ui/cn';
import type { NotificationSeverity } from './notifications';
import { bannerSlot, useTransientMessage } from './transient-message';

const severityStyles: Record<NotificationSeverity, string> = {
  info: 'border-border bg-surface-raised',
  success: 'border-success bg-success/10',
  warning: 'border-warning bg-warning/10',
  error: 'border-danger bg-danger/10',
};

/**
 * The banner under the header (spec 1 §4): one at a time, hides itself after its duration,
 * Escape or the close button hides it sooner.
 */
export function BannerHost() {
  const banner = useTransientMessage(bannerSlot);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => bannerSlot.dismiss(banner.id), banner.durationMs);
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog or menu that is open handles its own Escape first; the banner takes what is left.
      if (event.key === 'Escape' && !event.defaultPrevented) bannerSlot.dismiss(banner.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [banner]);

  if (!banner) return null;
  return (
    <div
      role={banner.severity === 'error' || banner.severity === 'warning' ? 'alert' : 'status'}
      className={cn(
        'sticky top-14 z-20 border-b-2 px-4 py-2 text-sm',
        severityStyles[banner.severity],
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3">
        <p className="flex-1">
          {banner.title ? <strong className="mr-2">{banner.title}</strong> : null}
          {/* Keeps its case: a message may carry a base58 address. */}
          <span className="normal-case">{banner.message}</span>
        </p>
        <button
          type="button"
          onClick={() => bannerSlot.dismiss(banner.id)}
          aria-label="Close banner"
          className="rounded p-1 text-fg-muted hover:bg-surface-sunken hover:text-fg"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
