import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { AuthConfig } from './env.ts';

export type Argon2Config = Pick<AuthConfig, 'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST' | 'ARGON2_PARALLELISM'>;

// Algorithm is a const enum in @node-rs/argon2's types, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id hashing (PHC strings, so each hash carries its own parameters and verifies even after
 * the configured parameters change). `verifyUnknownUser` hashes against a throwaway hash so that a
 * sign-in with an unknown email costs the same argon2 work as one with a wrong password, and the
 * response time does not tell which emails have accounts.
 */
export class PasswordHasher {
  private readonly options;
  private dummyHash?: Promise<string>;

  constructor(config: Argon2Config) {
    this.options = {
      algorithm: ARGON2ID,
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
      parallelism: config.ARGON2_PARALLELISM,
    };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }

  /** Always false, after the same work as a real verify. */
  async verifyUnknownUser(password: string): Promise<false> {
    // Made once with the current parameters, from a random password nobody knows.
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
