export { startDnsStub } from './dns-stub.ts';
