import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveServicio, type Servicio, type ServicioCampos, type ServicioEvent } from '../events/servicio.ts';

export type ServicioCommand =
  | { type: 'CrearServicio'; data: ServicioCampos & { idServicio: number } }
  /** Left-out duracionMinutos, iva and activo keep their current values. */
  | { type: 'ModificarServicio'; data: Pick<ServicioCampos, 'nombre' | 'precioCentimos'> & Partial<ServicioCampos> }
  | { type: 'DesactivarServicio' };

export const servicioNotFound = () => errors.notFound('Servicio', 'Service');

function checked(d: ServicioCampos): ServicioCampos {
  const nombre = d.nombre.trim().replace(/\s+/g, ' ');
  if (!nombre) throw errors.invalid('El nombre no puede estar vacío', 'nombre must not be empty');
  // The schema already says so; a command is also called from scripts, and money must never be fractional.
  if (!Number.isSafeInteger(d.precioCentimos) || d.precioCentimos < 0) {
    throw errors.invalid('precioCentimos: se esperaba un número entero de céntimos mayor o igual que 0', 'precioCentimos: expected a whole number of cents, at least 0');
  }
  return { ...d, nombre };
}

const same = (a: ServicioCampos, b: ServicioCampos) => a.nombre === b.nombre && a.precioCentimos === b.precioCentimos
  && a.duracionMinutos === b.duracionMinutos && a.iva === b.iva && a.activo === b.activo;

export const servicioDecider: Decider<Servicio, ServicioCommand, ServicioEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveServicio,
  decide(command, state) {
    switch (command.type) {
      case 'CrearServicio':
        if (state.status !== 'nuevo') throw errors.conflict('El servicio ya existe', 'Service already exists');
        return [{ type: 'ServicioCreado', data: { ...checked(command.data), idServicio: command.data.idServicio } }];
      case 'ModificarServicio': {
        if (state.status !== 'existente') throw servicioNotFound();
        const d = command.data;
        const next = checked({
          nombre: d.nombre, precioCentimos: d.precioCentimos,
          duracionMinutos: d.duracionMinutos === undefined ? state.duracionMinutos : d.duracionMinutos,
          iva: d.iva ?? state.iva, activo: d.activo ?? state.activo,
        });
        if (same(next, state)) return [];
        return [{ type: 'ServicioModificado', data: { ...next, idServicio: state.idServicio } }];
      }
      case 'DesactivarServicio':
        if (state.status !== 'existente') throw servicioNotFound();
        // Deactivating twice records nothing more (a retried DELETE).
        return state.activo ? [{ type: 'ServicioDesactivado', data: { idServicio: state.idServicio } }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
