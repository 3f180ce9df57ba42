import { FleetError } from '@fleet/core';
import { z } from 'zod';

export interface CaptchaVerifier {
  verify(token: string | undefined, ip: string | undefined): Promise<void>;
}

/** Off by default: every request passes. */
export const noCaptcha: CaptchaVerifier = { verify: () => Promise.resolve() };

const answerSchema = z.object({ success: z.boolean() });

/**
 * A verifier reached by URL, in the shape the common providers share: POST form fields
 * `response` and `remoteip`, answer `{ success }`.
 */
export function createUrlCaptchaVerifier(url: string, timeoutMs = 5_000): CaptchaVerifier {
  return {
    async verify(token, ip) {
      if (!token) throw new FleetError('CAPTCHA__FAILED');
      let answer: unknown;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ response: token, ...(ip ? { remoteip: ip } : {}) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        answer = await response.json();
      } catch (error) {
        throw new FleetError('CAPTCHA__UNAVAILABLE', {}, { cause: error });
      }
      const parsed = answerSchema.safeParse(answer);
      if (!parsed.success || !parsed.data.success) {
        throw new FleetError('CAPTCHA__FAILED');
      }
    },
  };
}
