import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveDireccion, type Direccion, type DireccionCampos, type DireccionEvent } from '../events/direccion.ts';
import { validateCodigoPostal } from './direccion-rules.ts';

export type DireccionCommand =
  | { type: 'AnadirDireccion'; data: DireccionCampos & { idDireccion: number; idPaciente: number } }
  /** `idPaciente`: the caller's patient; the address must be theirs. */
  | { type: 'EliminarDireccion'; data: { idDireccion: number; idPaciente: number } };

export const direccionNotFound = () => errors.notFound('Dirección', 'Address');
const notFound = direccionNotFound;

export const direccionDecider: Decider<Direccion, DireccionCommand, DireccionEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveDireccion,
  decide(command, state) {
    switch (command.type) {
      case 'AnadirDireccion': {
        const d = command.data;
        if (state.status !== 'nueva') throw errors.conflict('La dirección ya existe', 'Address already exists');
        if (!d.calle.trim()) throw errors.invalid('La calle no puede estar vacía', 'calle must not be empty');
        validateCodigoPostal(d.codigoPostal, d.pais);
        return [{ type: 'DireccionAnadida', data: { ...d, calle: d.calle.trim() } }];
      }
      case 'EliminarDireccion': {
        // 'nueva': an address from the registration, whose owner the service checked on the patient's stream.
        if (state.status === 'eliminada') throw notFound();
        if (state.status === 'activa' && state.idPaciente !== command.data.idPaciente) throw notFound();
        return [{ type: 'DireccionEliminada', data: command.data }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
