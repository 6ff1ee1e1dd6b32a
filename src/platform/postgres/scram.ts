import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * The SCRAM-SHA-256 secret PostgreSQL stores for `password` (as psql's \password sends it): the
 * statement, which the server may log (log_statement, a failed statement) and an error message may
 * quote, never holds the password itself. Only for printable ASCII, where SASLprep changes nothing;
 * any other password is sent as is and hashed by the server.
 */
export function scramSecret(password: string): string {
  if (!/^[\x20-\x7e]+$/.test(password)) return password;
  const salt = randomBytes(16);
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
