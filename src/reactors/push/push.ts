export interface PushMessage {
  token: string;
  title: string;
  body: string;
  data?: Record<string, string>;
  /** The notice's stable id, sent as `data.idAviso`: the same for a resend after a crash, so an app can drop it. */
  noticeId?: string;
}

export type PushResult = 'sent' | 'unregistered';

/** Push notifications: firebase-admin in production, a recording transport elsewhere. */
export interface PushTransport {
  send(message: PushMessage): Promise<PushResult>;
}

/** Records what would have been sent (no credentials configured, and tests). */
export class RecordingPush implements PushTransport {
  readonly sent: PushMessage[] = [];
  unregistered = new Set<string>();
  async send(message: PushMessage): Promise<PushResult> {
    if (this.unregistered.has(message.token)) return 'unregistered';
    this.sent.push(message);
    return 'sent';
  }
}
