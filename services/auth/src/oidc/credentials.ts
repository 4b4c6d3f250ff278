import { normalizeEmail } from '../credential-rules.ts';
import type { PasswordHasher } from '../password-hasher.ts';
import type { UserDoc, UserRepository } from '../user-repository.ts';

/**
 * Email and password → the user, or null; the same rules as `POST /auth/login` (session-service):
 * an unknown email costs the same argon2 work as a wrong password, so timing tells nothing.
 */
export async function verifyCredentials(
  deps: { users: UserRepository; hasher: PasswordHasher },
  email: string,
  password: string,
): Promise<UserDoc | null> {
  const user = await deps.users.findByEmail(normalizeEmail(email));
  if (!user) {
    await deps.hasher.verifyUnknownUser(password);
    return null;
  }
  return (await deps.hasher.verify(user.passwordHash, password)) ? user : null;
}
