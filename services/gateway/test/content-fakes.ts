/** Fakes of the content service for the gateway's blog, contact and ticket route tests (not shipped code). */
import type { contentV1 } from '@mediakit/proto';
import type { ContentApiClient } from '../src/deps.ts';

export const ticket = (overrides: Partial<contentV1.Ticket> = {}): contentV1.Ticket => ({
  id: 't1',
  subject: 'Upload fails',
  status: 'open',
  source: 'account',
  email: 'ada@example.com',
  name: 'Ada',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastMessageAt: '2025-01-01T00:00:00.000Z',
  messageCount: 1,
  messages: [
    {
      id: 'm1',
      author: 'user',
      authorName: 'Ada',
      message: 'It stops.',
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  ...overrides,
});

const unexpected = () => Promise.reject(new Error('not expected in this test'));

export function fakeSupport(): ContentApiClient & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  const record =
    <T>(name: string, answer: () => Promise<T>) =>
    (request: unknown) => {
      calls.push([name, request]);
      return answer();
    };
  return {
    calls,
    getArticle: unexpected,
    listArticles: unexpected,
    createArticle: unexpected,
    updateArticle: unexpected,
    deleteArticle: unexpected,
    submitContact: record('submitContact', async () => ticket({ source: 'contact', messages: [] })),
    createTicket: record('createTicket', async () => ticket()),
    listTickets: record('listTickets', async () => ({ items: [ticket({ messages: [] })], nextCursor: '' })),
    getTicket: record('getTicket', async () => ticket()),
    addTicketMessage: record('addTicketMessage', async () => ({
      id: 'm2',
      author: 'staff',
      authorName: 'Mediakit support',
      message: 'Fixed.',
      createdAt: '2025-01-02T00:00:00.000Z',
    })),
    setTicketStatus: record('setTicketStatus', async () => ticket({ status: 'closed' })),
  };
}
