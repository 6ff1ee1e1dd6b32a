import type { DomainEvent } from './domain-event.ts';

export const CATEGORIAS = ['Emocional', 'Trastorno', 'Relacional', 'Laboral'] as const;
export type Categoria = (typeof CATEGORIAS)[number];

export interface SituacionCampos {
  nombre: string;
  categoria: Categoria;
  descripcion: string | null;
  activo: boolean;
}

export type SituacionCreada = DomainEvent<'SituacionCreada', SituacionCampos & { idSituacion: number }>;
/** `nombreAnterior` lets the append free the old name's reservation when it changes. */
export type SituacionModificada = DomainEvent<'SituacionModificada', SituacionCampos & { idSituacion: number; nombreAnterior: string }>;
export type SituacionEliminada = DomainEvent<'SituacionEliminada', { idSituacion: number; nombre: string }>;

export type SituacionEvent = SituacionCreada | SituacionModificada | SituacionEliminada;

export type Situacion =
  | { status: 'nueva' }
  | ({ status: 'existente'; idSituacion: number } & SituacionCampos)
  | { status: 'eliminada'; idSituacion: number };

export const situacionStream = (idSituacion: number) => `situacion-${idSituacion}`;

export function evolveSituacion(state: Situacion, event: SituacionEvent): Situacion {
  switch (event.type) {
    case 'SituacionCreada':
    case 'SituacionModificada': {
      const { idSituacion, nombre, categoria, descripcion, activo } = event.data;
      return { status: 'existente', idSituacion, nombre, categoria, descripcion, activo };
    }
    case 'SituacionEliminada':
      return { status: 'eliminada', idSituacion: event.data.idSituacion };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The one-off seeding of the catalogue: its stream exists once the first start has seeded it. */
export type CatalogoSituacionesSembrado = DomainEvent<'CatalogoSituacionesSembrado', { idsSituacion: number[] }>;
export type Catalogo = { sembrado: boolean };
export const CATALOGO_STREAM = 'catalogo-situaciones';

export function evolveCatalogo(state: Catalogo, event: CatalogoSituacionesSembrado): Catalogo {
  switch (event.type) {
    case 'CatalogoSituacionesSembrado':
      return { sembrado: true };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

/** Names compare trimmed, with single spaces and case-insensitively ("Duelo" = " duelo "). */
export const normaliseNombre = (nombre: string) => nombre.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
