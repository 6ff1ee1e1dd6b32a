import { ConfigError } from '../config-error.ts';
import { envInt, type Env } from '../env.ts';

// The self-hosted Jitsi Meet of the online sessions (docs/care.md "Online sessions"). All or
// nothing: without JITSI_DOMAIN, JITSI_APP_ID and JITSI_APP_SECRET the feature is off (ONLINE
// bookings answer 409); with only some of them the server does not start.

export interface JitsiConfig {
  /** JITSI_DOMAIN: where participants open the rooms (host, optional :port), e.g. meet.example.com. */
  domain: string;
  /** JITSI_APP_ID: the `iss` of every token; Prosody's app_id (JWT_APP_ID in docker-jitsi-meet). */
  appId: string;
  /** JITSI_APP_SECRET: the HS256 key shared with Prosody's app_secret. Never logged, never in a response. */
  appSecret: string;
  /** JITSI_AUDIENCE: the `aud` (default `jitsi`, what docker-jitsi-meet's JWT_ACCEPTED_AUDIENCES expects). */
  audience: string;
  /** JITSI_SUB: the `sub`, the XMPP domain or tenant Prosody checks with enable_domain_verification (default: JITSI_DOMAIN's host). */
  subject: string;
  /** JITSI_OPEN_MINUTES_BEFORE: how long before the start the room can be entered (default 10). */
  openMinutesBefore: number;
}

const HOST = /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/** Fewest characters of JITSI_APP_SECRET: an HS256 key as long as its hash. */
export const MIN_JITSI_SECRET = 32;

export function loadJitsiConfig(env: Env): JitsiConfig | null {
  const domain = (env.JITSI_DOMAIN ?? '').trim();
  const appId = (env.JITSI_APP_ID ?? '').trim();
  const appSecret = env.JITSI_APP_SECRET ?? '';
  const set = [domain, appId, appSecret].filter((v) => v !== '').length;
  if (set === 0) return null;
  if (set < 3) throw new ConfigError('JITSI_DOMAIN, JITSI_APP_ID and JITSI_APP_SECRET go together: set all three (online sessions) or none');
  if (!HOST.test(domain)) throw new ConfigError('JITSI_DOMAIN must be a host name with an optional port, without scheme or path (e.g. meet.example.com)');
  if (appSecret.length < MIN_JITSI_SECRET) throw new ConfigError(`JITSI_APP_SECRET must have at least ${MIN_JITSI_SECRET} characters`);
  const audience = (env.JITSI_AUDIENCE ?? '').trim() || 'jitsi';
  const subject = (env.JITSI_SUB ?? '').trim() || domain.replace(/:\d+$/, '').toLowerCase();
  return { domain: domain.toLowerCase(), appId, appSecret, audience, subject, openMinutesBefore: envInt(env, 'JITSI_OPEN_MINUTES_BEFORE', 10, 0, 240) };
}
