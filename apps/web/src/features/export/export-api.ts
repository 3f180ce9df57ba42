import type { ExportWalletsRequest } from '@fleet/core';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '../../api/http';

/** `POST /api/wallets/export`: the file comes back as a download (Content-Disposition). */
export function exportWallets(request: ExportWalletsRequest): Promise<DownloadedFile> {
  return apiDownload('/api/wallets/export', {
    method: 'POST',
    body: request,
    cache: 'no-store',
  });
}

/** The exported file may hold keys: the mutation is forgotten as soon as nobody uses it. */
export function useExportWallets() {
  return useMutation({ mutationFn: exportWallets, gcTime: 0 });
}
