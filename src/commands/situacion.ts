import type { Decider } from './decider.ts';
import type { Reservation } from '../eventstore/port.ts';
import { errors } from '../platform/errors.ts';
import {
  evolveCatalogo, evolveSituacion, normaliseNombre,
  type Catalogo, type CatalogoSituacionesSembrado, type Situacion, type SituacionCampos, type SituacionEvent,
} from '../events/situacion.ts';

export type SituacionCommand =
  | { type: 'CrearSituacion'; data: SituacionCampos & { idSituacion: number } }
  /** Left-out descripcion and activo keep their current values. */
  | { type: 'ModificarSituacion'; data: Omit<SituacionCampos, 'descripcion' | 'activo'> & Partial<SituacionCampos> }
  | { type: 'EliminarSituacion' };

export const situacionNotFound = () => errors.notFound('Situación', 'Situation');
const notFound = situacionNotFound;

function checked(d: SituacionCampos): SituacionCampos {
  const nombre = d.nombre.trim().replace(/\s+/g, ' ');
  if (!nombre) throw errors.invalid('El nombre no puede estar vacío', 'nombre must not be empty');
  return { ...d, nombre };
}

export const situacionDecider: Decider<Situacion, SituacionCommand, SituacionEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveSituacion,
  decide(command, state) {
    switch (command.type) {
      case 'CrearSituacion':
        if (state.status !== 'nueva') throw errors.conflict('La situación ya existe', 'Situation already exists');
        return [{ type: 'SituacionCreada', data: { ...checked(command.data), idSituacion: command.data.idSituacion } }];
      case 'ModificarSituacion': {
        if (state.status !== 'existente') throw notFound();
        const d = command.data;
        const next = checked({ ...d, descripcion: d.descripcion === undefined ? state.descripcion : d.descripcion, activo: d.activo ?? state.activo });
        const same = next.nombre === state.nombre && next.categoria === state.categoria
          && next.descripcion === state.descripcion && next.activo === state.activo;
        if (same) return [];
        return [{ type: 'SituacionModificada', data: { ...next, idSituacion: state.idSituacion, nombreAnterior: state.nombre } }];
      }
      case 'EliminarSituacion':
        if (state.status !== 'existente') throw notFound();
        return [{ type: 'SituacionEliminada', data: { idSituacion: state.idSituacion, nombre: state.nombre } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The name reservations an append of these events takes and frees (only when the name really changes). */
export function nombreReservations(events: SituacionEvent[], key: (nombre: string) => string): Reservation[] {
  const out: Reservation[] = [];
  for (const e of events) {
    if (e.type === 'SituacionCreada') out.push({ scope: 'situacion', key: key(normaliseNombre(e.data.nombre)) });
    if (e.type === 'SituacionEliminada') out.push({ scope: 'situacion', key: key(normaliseNombre(e.data.nombre)), release: true });
    if (e.type === 'SituacionModificada' && normaliseNombre(e.data.nombre) !== normaliseNombre(e.data.nombreAnterior)) {
      out.push({ scope: 'situacion', key: key(normaliseNombre(e.data.nombreAnterior)), release: true });
      out.push({ scope: 'situacion', key: key(normaliseNombre(e.data.nombre)) });
    }
  }
  return out;
}

export type CatalogoCommand = { type: 'SembrarCatalogo'; data: { idsSituacion: number[] } };

/** Seeds once: a second seeding (another process got there first) is a conflict the caller ignores. */
export const catalogoDecider: Decider<Catalogo, CatalogoCommand, CatalogoSituacionesSembrado> = {
  initialState: () => ({ sembrado: false }),
  evolve: evolveCatalogo,
  decide(command, state) {
    if (state.sembrado) throw errors.conflict('El catálogo ya está sembrado', 'Catalogue already seeded');
    return [{ type: 'CatalogoSituacionesSembrado', data: command.data }];
  },
};
