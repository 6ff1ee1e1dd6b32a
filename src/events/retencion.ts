import type { DomainEvent } from './domain-event.ts';

/** The retention period of an erased patient's clinical records ended: their clinical key is destroyed. */
export type ClaveClinicaDestruida = DomainEvent<'ClaveClinicaDestruida', {
  idPaciente: number;
  ultimaActividad: string;
  retencionAnios: number;
}>;

export type RetencionEvent = ClaveClinicaDestruida;

/** One stream per patient, written once: its expected revision (noStream) makes the job run once. */
export const retencionStream = (idPaciente: number) => `retencion-${idPaciente}`;
