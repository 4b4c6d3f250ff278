import { describe, expect, test } from 'vitest';
import type { WebhookDelivery } from '../api/types.ts';
import { attemptOutcome, deliveryState } from './deliveries.ts';

const attempt = { attempt: 1, at: '2026-03-01T12:00:00Z', durationMs: 12 };
const delivery = (patch: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd',
  jobId: 'j',
  url: 'https://hooks.example/in',
  event: 'job.succeeded',
  status: 'pending',
  attempts: [],
  createdAt: '2026-03-01T12:00:00Z',
  ...patch,
});

describe('the delivery log', () => {
  test.each([
    [{ statusCode: 204 }, 'HTTP 204'],
    [{ statusCode: 500 }, 'HTTP 500'],
    [
      { statusCode: 301, error: 'Webhooks do not follow redirects.' },
      'HTTP 301: Webhooks do not follow redirects.',
    ],
    [
      { error: 'The server at that link took too long to answer.' },
      'The server at that link took too long to answer.',
    ],
  ])('says how an attempt went: %j', (patch, text) => {
    expect(attemptOutcome({ ...attempt, ...patch })).toBe(text);
  });

  test('names the state, and when a retry is due', () => {
    const time = (iso: string) => `at ${iso.slice(11, 16)}`;
    expect(deliveryState(delivery({ status: 'succeeded' }), time)).toEqual({
      label: 'Delivered',
      tone: 'succeeded',
    });
    expect(deliveryState(delivery({ status: 'failed' }), time).label).toBe('Failed');
    expect(deliveryState(delivery({}), time).label).toBe('Sending');
    expect(
      deliveryState(delivery({ attempts: [attempt], nextAttemptAt: '2026-03-01T12:00:30Z' }), time).label,
    ).toBe('Retrying at 12:00');
  });
});
