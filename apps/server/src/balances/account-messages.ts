import { z } from 'zod';

/** What one PubSub message said, as far as the live balances care. */
export type AccountMessage =
  | { readonly kind: 'subscribed'; readonly id: number; readonly subscription: number }
  | { readonly kind: 'refused'; readonly id: number; readonly reason: string }
  | {
      readonly kind: 'notification';
      readonly subscription: number;
      readonly slot: bigint;
      readonly lamports: bigint;
    }
  | { readonly kind: 'other' };

const replySchema = z.object({
  id: z.number().int(),
  result: z.unknown().optional(),
  error: z.object({ message: z.string() }).optional(),
});

const notificationSchema = z.object({
  method: z.literal('accountNotification'),
  params: z.object({
    subscription: z.number().int(),
    result: z.object({
      context: z.object({ slot: z.union([z.number(), z.string()]) }),
      value: z.object({ lamports: z.union([z.number(), z.string()]) }),
    }),
  }),
});

// JSON numbers past 2^53 lose digits in JSON.parse; a notification names one slot and one
// lamports, so both are read exactly from the text itself (base64 data cannot hold a quote).
const SLOT = /"slot"\s*:\s*"?(\d+)/;
const LAMPORTS = /"lamports"\s*:\s*"?(\d+)/;

/** Reads one text message of the chain's PubSub socket; anything unexpected is `other`. */
export function readAccountMessage(text: string): AccountMessage {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { kind: 'other' };
  }
  const notification = notificationSchema.safeParse(payload);
  if (notification.success) {
    const slot = SLOT.exec(text)?.[1];
    const lamports = LAMPORTS.exec(text)?.[1];
    if (slot === undefined || lamports === undefined) return { kind: 'other' };
    return {
      kind: 'notification',
      subscription: notification.data.params.subscription,
      slot: BigInt(slot),
      lamports: BigInt(lamports),
    };
  }
  const reply = replySchema.safeParse(payload);
  if (!reply.success) return { kind: 'other' };
  const { id, result, error } = reply.data;
  if (error !== undefined) return { kind: 'refused', id, reason: error.message };
  if (typeof result === 'number' && Number.isInteger(result)) {
    return { kind: 'subscribed', id, subscription: result };
  }
  return { kind: 'other' };
}

export function accountSubscribeRequest(id: number, address: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'accountSubscribe',
    params: [address, { encoding: 'base64', commitment: 'confirmed' }],
  });
}

export function accountUnsubscribeRequest(id: number, subscription: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'accountUnsubscribe',
    params: [subscription],
  });
}
