import type { StoredEvent } from '../eventstore/port.ts';
import type { SalaCitaAbierta } from '../events/cita.ts';

/**
 * The notice to the patient that their psychologist has opened the video room (docs/care.md
 * "Online sessions"): ids only, never the link (the patient asks GET /api/citas/{id}/sala for
 * their own token). Null for any other event.
 */
export function avisoSalaAbierta(e: StoredEvent): { idUsuario: number; body: string } | null {
  if (e.type !== 'SalaCitaAbierta') return null;
  const d = (e as unknown as SalaCitaAbierta).data;
  return { idUsuario: d.idUsuarioPaciente, body: JSON.stringify({ tipo: 'SALA_ABIERTA', idCita: d.idCita, idPsicologo: d.idPsicologo }) };
}
