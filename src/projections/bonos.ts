import type { Projection } from './runner.ts';
import type { BonoEvent } from '../events/bono.ts';

/** Prepaid packs (docs/billing.md "Packs"): what GET /api/pacientes/{id}/bonos reads, and where the charges reactor looks for a pack. */
export const bonosProjection: Projection = {
  name: 'bonos',
  tables: ['bonos', 'bonos_usos'],
  readYourWrites: true,
  handles: ['BonoVendido', 'BonoSesionUsada'],
  async apply(trx, stored) {
    const event = stored as unknown as BonoEvent;
    if (event.type === 'BonoVendido') {
      const d = event.data;
      await trx('bonos').insert({
        id_bono: d.idBono, id_paciente: d.idPaciente, sesiones: d.sesiones, precio_centimos: d.precioCentimos,
        iva_porcentaje: d.iva === 'EXENTO' ? null : d.iva, valido_hasta: d.validoHasta, id_servicio: d.idServicio,
        id_factura: d.idFactura, vendido_en: stored.metadata.occurredAt,
      }).onConflict('id_bono').ignore();
      return;
    }
    if (event.type !== 'BonoSesionUsada') return;
    // One statement (inline read models only write): a use counted once, however often it is applied.
    await trx.raw(
      `with uso as (insert into bonos_usos (id_bono, id_cargo) values (?, ?) on conflict do nothing returning id_bono)
       update bonos set usadas = usadas + 1 where id_bono in (select id_bono from uso)`,
      [event.data.idBono, event.data.idCargo],
    );
  },
};
