import { describe, expect, it } from 'vitest';
import { createEventStreamParser } from './event-stream';

describe('the event-stream reader', () => {
  it('hands out whole events whatever the chunk boundaries', () => {
    const parser = createEventStreamParser();
    expect(parser.push('event: progress\nda')).toEqual([]);
    expect(parser.push('ta: {"processed":1}\n\nevent: done\r\ndata: {}\r\n')).toEqual([
      { type: 'progress', data: '{"processed":1}' },
    ]);
    expect(parser.push('\r\n')).toEqual([{ type: 'done', data: '{}' }]);
  });

  it('joins multi-line data, skips comments and events without data', () => {
    const parser = createEventStreamParser();
    expect(parser.push(': keep-alive\n\ndata: a\ndata: b\n\nevent: empty\n\n')).toEqual([
      { type: 'message', data: 'a\nb' },
    ]);
  });
});
