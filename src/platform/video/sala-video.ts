// The video service behind ONLINE appointments. Jitsi Meet with JWT authentication is the one
// there is (src/platform/video/jitsi.ts); another provider implements this interface and is chosen
// in salaVideoDe (src/platform/video/index.ts) from its own configuration.

export interface ParticipanteSala {
  /** A stable id of the person for the video service (`usuario-<idUsuario>`): shown to the other participant by Jitsi, so no name or e-mail in it. */
  id: string;
  nombre: string;
  email?: string;
  moderador: boolean;
}

export interface AccesoSala {
  /** The room's room name (also the appointment's `sala`). */
  sala: string;
  /** When entry opens and closes (the token's nbf and exp). */
  abre: Date;
  cierra: Date;
  participante: ParticipanteSala;
}

export interface SalaVideo {
  /** The URL that lets this one participant into this room in that window (a credential: only to that participant). */
  enlace(acceso: AccesoSala): string;
}
