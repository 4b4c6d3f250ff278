import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, type DocumentStore } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { UserRepository } from '../user-repository.ts';
import { ExternalUserRepository } from './external-user-repository.ts';
import { ExternalUsers } from './external-users.ts';

/** EnsureExternalUser's rules on the real embedded document store, beside built-in accounts. */

const ISSUER = 'https://kc.example/realms/mediakit';
let dir: string;
let store: DocumentStore;
let builtIn: UserRepository;
let users: ExternalUsers;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-external-users-'));
  store = createEmbeddedDocumentStore(dir);
  builtIn = new UserRepository(store);
  await builtIn.createIndexes();
  const repository = new ExternalUserRepository(store);
  await repository.createIndexes();
  users = new ExternalUsers({ users: repository, issuer: ISSUER, log: createLogger('test', 'silent') });
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const claims = (
  overrides: Partial<authV1.EnsureExternalUserRequest> = {},
): authV1.EnsureExternalUserRequest => ({
  sub: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  email: 'Ann@Example.com',
  emailVerified: true,
  name: 'Ann',
  roles: ['user'],
  ...overrides,
});

async function addBuiltInAccount(email: string) {
  await builtIn.insert({
    _id: 'localAccountId000000001',
    email,
    name: 'Local Ann',
    passwordHash: '$argon2id$...',
    roles: ['user'],
    plan: 'pro',
    createdAt: new Date().toISOString(),
  });
}

describe('EnsureExternalUser', () => {
  test('creates a free account keyed by the sub on first sight, and finds it again after', async () => {
    const first = await users.ensure(claims());
    expect(first).toEqual({
      sub: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      email: 'ann@example.com',
      name: 'Ann',
      plan: 'free',
      roles: ['user'],
    });
    expect(await users.ensure(claims())).toEqual(first);
    // getUser and plans read the same record.
    expect(await builtIn.findById(first.sub)).toMatchObject({ email: 'ann@example.com', passwordHash: '' });
    expect(await users.localIdOf(first.sub)).toBe(first.sub);
  });

  test('two first requests at once make one account', async () => {
    const results = await Promise.all([
      users.ensure(claims()),
      users.ensure(claims()),
      users.ensure(claims()),
    ]);
    expect(new Set(results.map((user) => user.sub)).size).toBe(1);
    expect(await store.collection('users').count({})).toBe(1);
  });

  test('the issuer owns name, email and roles: a change there reaches the account', async () => {
    await users.ensure(claims());
    const changed = await users.ensure(
      claims({ name: 'Ann B.', email: 'ann.b@example.com', roles: ['editor', 'offline_access', 'admin'] }),
    );
    expect(changed).toMatchObject({
      name: 'Ann B.',
      email: 'ann.b@example.com',
      roles: ['user', 'editor', 'admin'],
    });
    expect(await users.ensure(claims({ roles: [] }))).toMatchObject({ roles: ['user'] });
  });

  test('an email change to an address another account has keeps the old address instead of failing', async () => {
    await addBuiltInAccount('taken@example.com');
    await users.ensure(claims());
    expect(await users.ensure(claims({ email: 'taken@example.com', name: 'Ann C.' }))).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann C.',
    });
  });

  test('links a built-in account with the same email when the issuer verified it: id and plan stay', async () => {
    await addBuiltInAccount('ann@example.com');
    const linked = await users.ensure(claims());
    expect(linked).toMatchObject({ sub: 'localAccountId000000001', plan: 'pro', email: 'ann@example.com' });
    expect(await users.localIdOf(claims().sub)).toBe('localAccountId000000001');
    expect(await users.ensure(claims())).toMatchObject({ sub: 'localAccountId000000001' });
  });

  test('refuses to link on an unverified email: anyone can type an address into a sign-up form', async () => {
    await addBuiltInAccount('ann@example.com');
    await expect(users.ensure(claims({ emailVerified: false }))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining(`Verify this email address at ${ISSUER}`),
    });
    expect(await users.localIdOf(claims().sub)).toBeNull();
  });

  test('refuses a second identity for an email already linked to another one', async () => {
    await users.ensure(claims());
    await expect(users.ensure(claims({ sub: 'another-sub' }))).rejects.toMatchObject({ status: 409 });
  });

  test('refuses a sub that equals the id of an account it is not linked to', async () => {
    await addBuiltInAccount('someone@example.com');
    await expect(users.ensure(claims({ sub: 'localAccountId000000001' }))).rejects.toMatchObject({
      status: 409,
    });
  });

  test('an identity without an email is told to add one at the issuer', async () => {
    await expect(users.ensure(claims({ email: '' }))).rejects.toMatchObject({
      status: 403,
      code: 'email_required',
      message: `Your account at ${ISSUER} has no email address. Add one there, then sign in again.`,
    });
  });
});
