import { hkdfSync } from 'node:crypto';
import { open, seal } from './aead.ts';

/**
 * Seals NOTIFY payloads. PostgreSQL lets any login LISTEN on any channel (an analyst's too, and no
 * privilege can stop it), so a payload that names a person travels sealed with a key every instance
 * derives from the master key; servers share one master key (rotation stops them all).
 */
export interface NotificationSeal {
  seal(channel: string, text: string): string;
  /** The text, or null for a payload not sealed with this key (another deployment, tampering). */
  open(channel: string, payload: string): string | null;
}

export function notificationSeal(masterKey: string): NotificationSeal {
  const key = Buffer.from(hkdfSync('sha256', masterKey, 'practice-notify', 'notification-payloads', 32));
  return {
    seal: (channel, text) => seal(key, Buffer.from(text, 'utf8'), channel).toString('base64'),
    open: (channel, payload) => {
      try {
        return open(key, Buffer.from(payload, 'base64'), channel).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
