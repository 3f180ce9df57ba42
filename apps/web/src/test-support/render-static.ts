import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../ui/toast';

/**
 * Renders a component to HTML with the app's providers and a query cache filled in advance, so a
 * test can check what a loaded view shows without a server. Queries whose data is given never
 * fetch (the cache never goes stale, as in the app); a query left out stays pending.
 */
export function renderStatic(
  element: ReactElement,
  cache: readonly (readonly [readonly unknown[], unknown])[] = [],
): string {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [key, data] of cache) client.setQueryData(key, data);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, null, createElement(ToastProvider, null, element)),
    ),
  );
}
