import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

/**
 * A DNS server on 127.0.0.1 that answers A and AAAA questions from a table, for the tests that
 * prove a public-looking name resolving to a private address is refused. Unknown names: NXDOMAIN.
 */
export async function startDnsStub(records: Record<string, { A?: string[]; AAAA?: string[] }>) {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = packet.decode(message);
    const question = query.questions?.[0];
    const known = question ? records[question.name.toLowerCase()] : undefined;
    const type = question?.type === 'AAAA' ? 'AAAA' : 'A';
    const answers = (known?.[type] ?? []).map((data) => ({
      type,
      name: question?.name ?? '',
      ttl: 60,
      data,
    }));
    const reply = packet.encode({
      type: 'response',
      id: query.id,
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers: answers as packet.Answer[],
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
}
