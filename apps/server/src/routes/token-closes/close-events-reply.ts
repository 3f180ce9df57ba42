import type { FastifyReply, FastifyRequest } from 'fastify';
import { toFleetError } from '../../http/error-handler';
import { httpStatusOf } from '../../http/error-status';

/** Whether the client asked for spec 2 §7's server-sent events. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/** One server-sent event: its name and the JSON of its data (spec 2 §7's close and burn streams). */
export interface StreamEvent {
  readonly event: string;
  readonly data: unknown;
}

/**
 * Answers a close (or a burn) as server-sent events: `work` emits them; a failure before or during
 * it ends the stream with an `error` event. Leaving does not stop the work (it is a job): the
 * client re-attaches with `GET /api/solana/close-tokens/:jobId/events` (or `burn-tokens`) or
 * aborts it by the job's id.
 */
export async function replyWithCloseEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (emit: (event: StreamEvent) => void, signal: AbortSignal) => Promise<unknown>,
): Promise<FastifyReply> {
  const clientGone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const emit = (event: StreamEvent) => {
    if (!reply.raw.writableEnded) {
      reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
    }
  };
  try {
    await work(emit, clientGone.signal);
  } catch (error) {
    if (!clientGone.signal.aborted) {
      const fleetError = toFleetError(error, 0);
      if (httpStatusOf(fleetError) >= 500) request.log.error({ err: error }, 'event stream failed');
      emit({ event: 'error', data: { message: fleetError.message } });
    }
  } finally {
    reply.raw.end();
  }
  return reply;
}
