/** Creating accounts directly in the database, for tests that are not about registration. */
import { hashPassword } from '../api/auth/passwords';
import type { Pool } from '../data/pool';
import { insertUser, type NewUser } from '../features/accounts/queries';

export const PASSWORD = 'secret123';

let counter = 0;

export async function createUser(pool: Pool, fields: Partial<Omit<NewUser, 'passwordHash'>> = {}): Promise<{ uid: number; email: string }> {
  counter += 1;
  const email = fields.email ?? `user${counter}@example.com`;
  const uid = await insertUser(pool, {
    name: '测试用户',
    sex: 0,
    birthday: '2000-01-02',
    ...fields,
    email,
    passwordHash: await hashPassword(PASSWORD),
  });
  return { uid, email };
}
