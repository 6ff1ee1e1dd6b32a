import type { CargoRegistrado } from '../events/cargo.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { ajustesFacturacion } from '../commands/facturas.ts';
import { facturarCargos } from '../commands/facturar-cargos.ts';
import { AppError } from '../platform/errors.ts';
import { nombresServicios } from '../queries/cargos.ts';
import { destinatarioPaciente } from '../queries/facturas.ts';
import type { Reactor } from './reactor.ts';

// Invoicing each charge as it is recorded (docs/billing.md "Invoicing charges"), when the practice
// chose POR_CARGO. The invoice's own append marks the charge (CargoFacturado, expecting the charge
// stream's revision), so a replay, a second instance or the monthly run racing it never invoices
// a charge twice. A refusal (the issuer's data missing, a simplified invoice over its limit: a
// 409) leaves the charge pending, for the monthly run or a later retry; it never stops the others.

const SISTEMA = { idUsuario: null, rol: 'SYSTEM' };

/** `deps`: the application's, built after the reactors (called only once they run). */
export function facturacionCargosReactor(deps: () => CommandDeps): Reactor {
  return {
    name: 'facturas-cargos',
    handles: ['CargoRegistrado'],
    async react(trx, event) {
      const c = (event as unknown as CargoRegistrado).data;
      if (c.idBono || c.totalCentimos <= 0) return; // a pack covers it, or it costs nothing: no invoice
      const d = deps();
      if ((await ajustesFacturacion(d.store)).facturarCargos !== 'POR_CARGO') return;
      const destinatario = await destinatarioPaciente(trx, c.idPaciente);
      if (!destinatario) return; // the patient was erased meanwhile: nothing to invoice to
      try {
        await facturarCargos(d, SISTEMA, { idPaciente: c.idPaciente, idCargos: [c.idCargo], destinatario, nombresServicio: await nombresServicios(trx, [c.idServicio]) });
      } catch (err) {
        // The service's own refusals (409 missing issuer data, 404 erased patient) leave it pending; anything else is retried by the runner.
        if (!(err instanceof AppError)) throw err;
      }
    },
  };
}
