import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { recordToast } from '../features/notifications/notification-store';
import { ToastProvider } from '../ui/toast';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider onShow={recordToast}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
