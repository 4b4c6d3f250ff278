import { describe, expect, test } from 'vitest';
import { createSseParser } from './sse.ts';

describe('the job event stream parser', () => {
  test('events split across chunks come out whole, comments are dropped', () => {
    const parse = createSseParser();
    expect(parse(': keep-alive\n\nevent: progress\ndata: {"status":"queued",')).toEqual([]);
    expect(
      parse(
        '"progress":0,"queuePosition":2}\n\nevent: progress\r\ndata: {"status":"running","progress":40}\r\n\r\n',
      ),
    ).toEqual([
      { event: 'progress', data: '{"status":"queued","progress":0,"queuePosition":2}' },
      { event: 'progress', data: '{"status":"running","progress":40}' },
    ]);
    expect(parse('event: succeeded\ndata: {"id":"j1"}\n\n')).toEqual([
      { event: 'succeeded', data: '{"id":"j1"}' },
    ]);
  });

  test('an event without a name is a message; several data lines join with a newline', () => {
    const parse = createSseParser();
    expect(parse('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
