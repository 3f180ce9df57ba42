/**
 * A reader of `text/event-stream` bodies (the server-sent events format): chunks in, whole events
 * out, whatever the chunk boundaries. Only `event:` and `data:` lines matter to Fleet; comments
 * and other fields are skipped.
 */
export interface StreamEvent {
  readonly type: string;
  readonly data: string;
}

export interface EventStreamParser {
  /** Feeds decoded text; returns the events it completed. */
  push(text: string): StreamEvent[];
}

export function createEventStreamParser(): EventStreamParser {
  let buffer = '';
  return {
    push(text) {
      buffer += text.replace(/\r\n?/g, '\n');
      const events: StreamEvent[] = [];
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) type = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length > 0) events.push({ type, data: data.join('\n') });
        end = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}
