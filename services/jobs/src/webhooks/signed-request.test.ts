import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSigningSecret, payloadBody, signedHeaders } from './signed-request.ts';

const job = {
  id: 'job-1',
  tool: 'png-to-jpg',
  status: 'succeeded',
  progress: 100,
  inputs: ['file-1'],
  params: {},
  outputs: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a signed delivery, checked with the Standard Webhooks reference library', () => {
  it('carries the event, its time and the job, and verifies with the secret', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = payloadBody('job.succeeded', '2026-01-01T00:00:05.000Z', job);
    const headers = signedHeaders(secret, 'delivery-1', body, new Date());
    expect(headers['webhook-id']).toBe('delivery-1');
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: 'job.succeeded',
      timestamp: '2026-01-01T00:00:05.000Z',
      data: job,
    });
  });

  it('is refused with another secret, another body, or ten minutes later', () => {
    const secret = newSigningSecret();
    const body = payloadBody('job.failed', '2026-01-01T00:00:05.000Z', { ...job, status: 'failed' });
    const headers = signedHeaders(secret, 'delivery-2', body, new Date());
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow(/signature/i);
    expect(() => new Webhook(secret).verify(body.replace('failed', 'succeeded'), headers)).toThrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/);
  });
});
