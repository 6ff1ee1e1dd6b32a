import type { DomainEvent } from './domain-event.ts';

export const METODOS_PAGO = ['PRESENCIAL', 'ONLINE'] as const;
export const ESTADOS_PAGO = ['PENDIENTE', 'PAGADO', 'FALLIDO', 'REEMBOLSADO'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
export type EstadoPago = (typeof ESTADOS_PAGO)[number];

export interface DireccionData {
  idDireccion: number;
  calle: string;
  ciudad: string;
  provincia: string;
  codigoPostal: string;
  pais: string;
  descripcion: string | null;
}

/** Also recorded when an administrator creates the profile of an existing user (no addresses then). */
export type PacienteRegistrado = DomainEvent<'PacienteRegistrado', {
  idPaciente: number;
  idUsuario: number;
  idPsicologo: number | null;
  fechaNacimiento: string;
  genero: string | null;
  telefono: string | null;
  direcciones: DireccionData[];
  metodoPago: MetodoPago | null;
  estadoPago: EstadoPago;
  aceptaTerminos: boolean;
  aceptaVideoconferencia: boolean;
  aceptaComunicacion: boolean;
}>;
export type PacienteDadoDeBaja = DomainEvent<'PacienteDadoDeBaja', { idPaciente: number; idUsuario: number }>;

/** Profile fields a change may carry; an absent field is unchanged, null clears it. */
export interface CambiosPaciente {
  fechaNacimiento?: string;
  genero?: string | null;
  telefono?: string | null;
  metodoPago?: MetodoPago | null;
  estadoPago?: EstadoPago;
}
export type PacienteActualizado = DomainEvent<'PacienteActualizado', { idPaciente: number; idUsuario: number } & CambiosPaciente>;

/** The assignment history: every change of psychologist, with the one before. */
export type PsicologoAsignado = DomainEvent<'PsicologoAsignado', {
  idPaciente: number;
  idPsicologoAnterior: number | null;
  idPsicologo: number;
}>;

/** Erasure (crypto-shredding): the person's identity key is destroyed right after this event. */
export type PacienteEliminado = DomainEvent<'PacienteEliminado', { idPaciente: number; idUsuario: number }>;

export type PacienteEvent = PacienteRegistrado | PacienteDadoDeBaja | PacienteActualizado | PsicologoAsignado | PacienteEliminado;

export type Paciente =
  | { status: 'nuevo' }
  | { status: 'activo' | 'baja' | 'eliminado'; idPaciente: number; idUsuario: number; idPsicologo: number | null };

export const pacienteStream = (idPaciente: number) => `paciente-${idPaciente}`;

export function evolvePaciente(state: Paciente, event: PacienteEvent): Paciente {
  switch (event.type) {
    case 'PacienteRegistrado': {
      const d = event.data;
      return { status: 'activo', idPaciente: d.idPaciente, idUsuario: d.idUsuario, idPsicologo: d.idPsicologo };
    }
    case 'PacienteDadoDeBaja':
      return state.status === 'nuevo' ? state : { ...state, status: 'baja' };
    case 'PacienteActualizado':
      return state;
    case 'PsicologoAsignado':
      return state.status === 'nuevo' ? state : { ...state, idPsicologo: event.data.idPsicologo };
    case 'PacienteEliminado':
      return state.status === 'nuevo' ? state : { ...state, status: 'eliminado' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
