import type { AddressInfo } from 'node:net';
import { FleetError } from '@fleet/core';

/**
 * Where the links Fleet mails point. Never a request header: whoever sends the request chooses
 * its `Host`, and with it the site an invite would send its reader to.
 *
 * - `FLEET_PUBLIC_URL` when it is set;
 * - else, outside production, the address the server listens on (a wildcard address as
 *   `localhost`), or `http://localhost` before it listens (tests through `inject`);
 * - else (production without a public URL) nothing: the invite is refused, since a link to the
 *   listen address behind a proxy leads nowhere.
 */
export function createInviteLinkBase(context: {
  readonly publicUrl: string | undefined;
  readonly production: boolean;
  readonly listeningAddress: () => AddressInfo | string | null;
}): () => string {
  return () => {
    if (context.publicUrl) return context.publicUrl;
    if (context.production) throw new FleetError('AUTH__NO_PUBLIC_URL');
    return listenOrigin(context.listeningAddress());
  };
}

function listenOrigin(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}
