import type { DomainEvent } from './domain-event.ts';

/** An address as the API shows it; every text field but calle may be null. */
export interface DireccionCampos {
  calle: string;
  ciudad: string | null;
  provincia: string | null;
  codigoPostal: string;
  pais: string | null;
  descripcion: string | null;
}

export type DireccionAnadida = DomainEvent<'DireccionAnadida', DireccionCampos & { idDireccion: number; idPaciente: number }>;
export type DireccionEliminada = DomainEvent<'DireccionEliminada', { idDireccion: number; idPaciente: number }>;

export type DireccionEvent = DireccionAnadida | DireccionEliminada;

// 'nueva' also covers the addresses given at registration: they live in PacienteRegistrado,
// so their own stream starts empty and only ever holds their removal.
export type Direccion =
  | { status: 'nueva' }
  | { status: 'activa'; idDireccion: number; idPaciente: number }
  | { status: 'eliminada'; idDireccion: number; idPaciente: number };

export const direccionStream = (idDireccion: number) => `direccion-${idDireccion}`;

export function evolveDireccion(state: Direccion, event: DireccionEvent): Direccion {
  switch (event.type) {
    case 'DireccionAnadida':
      return { status: 'activa', idDireccion: event.data.idDireccion, idPaciente: event.data.idPaciente };
    case 'DireccionEliminada':
      return { status: 'eliminada', idDireccion: event.data.idDireccion, idPaciente: event.data.idPaciente };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
