import type { DomainEvent } from '../commands/decider.ts';

export type PsicologoRegistrado = DomainEvent<'PsicologoRegistrado', {
  idPsicologo: number;
  idUsuario: number;
  especialidad: string | null;
  experiencia: number;
  descripcion: string | null;
  licencia: string | null;
}>;

export type PsicologoEvent = PsicologoRegistrado;

export type Psicologo = { status: 'nuevo' } | { status: 'activo'; idPsicologo: number; idUsuario: number };

export const psicologoStream = (idPsicologo: number) => `psicologo-${idPsicologo}`;

export function evolvePsicologo(state: Psicologo, event: PsicologoEvent): Psicologo {
  switch (event.type) {
    case 'PsicologoRegistrado':
      return { status: 'activo', idPsicologo: event.data.idPsicologo, idUsuario: event.data.idUsuario };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
