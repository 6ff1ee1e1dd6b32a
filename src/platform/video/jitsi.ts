import jwt from 'jsonwebtoken';
import type { JitsiConfig } from './jitsi-config.ts';
import type { AccesoSala, SalaVideo } from './sala-video.ts';

/**
 * The claims of a token as Jitsi's Prosody token plugin reads them (jitsi-meet
 * resources/prosody-plugins/token/util.lib.lua and luajwtjitsi.lib.lua, "jitsi-meet-tokens"):
 * header typ JWT and alg HS256 signed with app_secret; `iss` among asap_accepted_issuers (app_id);
 * `aud` among asap_accepted_audiences; `room` required and compared with the lower-cased MUC room;
 * `sub` the domain checked when enable_domain_verification is on; `nbf` and `exp` numbers of seconds.
 * `context.user` becomes the participant's identity; `moderator: true` is what the token moderation
 * plugins grant moderator rights on (and `affiliation: owner` for jitsi-contrib's token_affiliation).
 */
export interface JitsiClaims {
  iss: string;
  aud: string;
  sub: string;
  room: string;
  nbf: number;
  exp: number;
  context: { user: { id: string; name: string; email?: string; moderator: boolean; affiliation: 'owner' | 'member' } };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class JitsiSalas implements SalaVideo {
  constructor(private readonly config: JitsiConfig) {}

  claims(a: AccesoSala): JitsiClaims {
    const { id, nombre, email, moderador } = a.participante;
    return {
      iss: this.config.appId, aud: this.config.audience, sub: this.config.subject, room: a.sala,
      nbf: seconds(a.abre), exp: seconds(a.cierra),
      context: { user: { id, name: nombre, ...(email ? { email } : {}), moderator: moderador, affiliation: moderador ? 'owner' : 'member' } },
    };
  }

  enlace(a: AccesoSala): string {
    // noTimestamp: the window is nbf/exp; an iat would only tell the time of the request.
    const token = jwt.sign(this.claims(a), this.config.appSecret, { algorithm: 'HS256', noTimestamp: true });
    return `https://${this.config.domain}/${encodeURIComponent(a.sala)}?jwt=${token}`;
  }
}
