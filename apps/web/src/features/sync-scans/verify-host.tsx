import { VerifyDialog } from './verify-dialog';
import { closeVerify, useVerifyRequest } from './verify-store';

/** The Verify dialog, mounted once in the app shell for whichever page opened it. */
export function VerifyHost() {
  const request = useVerifyRequest();
  if (!request) return null;
  return <VerifyDialog key={request.id} onClose={closeVerify} />;
}
