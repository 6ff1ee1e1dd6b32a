import type { DomainEvent } from '../commands/decider.ts';

export type MetodoPago = 'PRESENCIAL' | 'ONLINE';
export type EstadoPago = 'PENDIENTE' | 'PAGADO' | 'FALLIDO' | 'REEMBOLSADO';

export interface DireccionData {
  idDireccion: number;
  calle: string;
  ciudad: string;
  provincia: string;
  codigoPostal: string;
  pais: string;
  descripcion: string | null;
}

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

export type PacienteEvent = PacienteRegistrado | PacienteDadoDeBaja;

export type Paciente =
  | { status: 'nuevo' }
  | { status: 'activo'; idPaciente: number; idUsuario: number }
  | { status: 'baja'; idPaciente: number; idUsuario: number };

export const pacienteStream = (idPaciente: number) => `paciente-${idPaciente}`;

export function evolvePaciente(state: Paciente, event: PacienteEvent): Paciente {
  switch (event.type) {
    case 'PacienteRegistrado':
      return { status: 'activo', idPaciente: event.data.idPaciente, idUsuario: event.data.idUsuario };
    case 'PacienteDadoDeBaja':
      return state.status === 'nuevo' ? state : { ...state, status: 'baja' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
