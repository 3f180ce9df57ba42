import { Toast as ToastPrimitive } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cn } from './cn';

export type Severity = 'info' | 'success' | 'warning' | 'error';

export interface ToastMessage {
  readonly title: string;
  readonly description?: string;
  readonly severity?: Severity;
  /** A transaction the toast is about; kept for the inbox's transaction link. */
  readonly txId?: string;
  /**
   * A passing confirmation of what the operator just did (a copy to the clipboard): shown, but not
   * handed to `onShow`, so that the notification inbox does not fill with them.
   */
  readonly transient?: boolean;
  /** How long it stays, when not the provider's four seconds (spec 2 §8's 7 s scan toast). */
  readonly durationMs?: number;
}

/** Whether a toast is also handed to `onShow` (the inbox): every one that is not transient. */
export function isKeptToast(message: ToastMessage): boolean {
  return message.transient !== true;
}

/** A toast's words, fixed in advance (a warning or failure a feature shows by name). */
export type ToastText = Required<Pick<ToastMessage, 'title' | 'description'>>;

interface ToastApi {
  /** Shows a toast; the spec allows one at a time, so a new one replaces the one on screen. */
  show(message: ToastMessage): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const severityStyles: Record<Severity, string> = {
  info: 'border-border',
  success: 'border-success',
  warning: 'border-warning',
  error: 'border-danger',
};

export interface ToastProviderProps {
  readonly children: ReactNode;
  /**
   * Called with every toast shown that is not transient. The app passes the notification inbox here
   * so a toast that vanishes after four seconds can still be read later; a prop keeps this
   * primitive free of feature imports.
   */
  readonly onShow?: (message: ToastMessage) => void;
}

export function ToastProvider({ children, onShow }: ToastProviderProps) {
  const [current, setCurrent] = useState<(ToastMessage & { readonly id: number }) | null>(null);
  // A new key per toast remounts it, which restarts its four seconds; two toasts within one
  // millisecond (a copy and its result) must still get two keys, so a counter, not the clock.
  const lastId = useRef(0);
  const show = useCallback(
    (message: ToastMessage) => {
      lastId.current += 1;
      setCurrent({ ...message, id: lastId.current });
      if (isKeptToast(message)) onShow?.(message);
    },
    [onShow],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider swipeDirection="right" duration={4000}>
        {children}
        {current ? (
          <ToastPrimitive.Root
            key={current.id}
            {...(current.durationMs === undefined ? {} : { duration: current.durationMs })}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            className={cn(
              'rounded-md border-l-4 bg-surface-raised p-4 shadow-xl',
              severityStyles[current.severity ?? 'info'],
            )}
          >
            <ToastPrimitive.Title className="text-sm font-semibold">
              {current.title}
            </ToastPrimitive.Title>
            {current.description ? (
              <ToastPrimitive.Description className="mt-1 text-xs text-fg-muted">
                {current.description}
              </ToastPrimitive.Description>
            ) : null}
          </ToastPrimitive.Root>
        ) : null}
        <ToastPrimitive.Viewport className="fixed right-4 bottom-12 z-[60] flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
