import type { PushMessage, PushResult, PushTransport } from './push.ts';

/** FCM through firebase-admin, with GOOGLE_APPLICATION_CREDENTIALS (loaded only when configured). */
export async function createFirebasePush(): Promise<PushTransport> {
  const { initializeApp, applicationDefault } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const app = initializeApp({ credential: applicationDefault() }, 'practice-push');
  const messaging = getMessaging(app);
  return {
    async send(m: PushMessage): Promise<PushResult> {
      try {
        const data = m.noticeId ? { ...m.data, idAviso: m.noticeId } : m.data;
        await messaging.send({ token: m.token, notification: { title: m.title, body: m.body }, data });
        return 'sent';
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'messaging/registration-token-not-registered' || code === 'messaging/invalid-registration-token') {
          return 'unregistered';
        }
        throw err;
      }
    },
  };
}
