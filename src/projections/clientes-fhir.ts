import type { Projection } from './runner.ts';
import type { ClienteFhirEvent } from '../events/cliente-fhir.ts';

/**
 * The SMART Backend Services clients: the token endpoint finds a client's keys by its client_id,
 * and every FHIR request checks its client is still active (a revocation stops its tokens at once).
 */
export const clientesFhirProjection: Projection = {
  name: 'clientes-fhir',
  tables: ['fhir_clientes'],
  readYourWrites: true,
  handles: ['ClienteFhirRegistrado', 'ClienteFhirRevocado'],
  async apply(trx, stored) {
    const event = stored as unknown as ClienteFhirEvent;
    switch (event.type) {
      case 'ClienteFhirRegistrado': {
        const d = event.data;
        await trx('fhir_clientes')
          .insert({
            id_cliente: d.idCliente, client_id: d.clientId, nombre: d.nombre, jwks: JSON.stringify(d.jwks), scopes: d.scopes,
            activo: true, registrado_en: d.registradoEn, revocado_en: null,
          })
          .onConflict('id_cliente').merge();
        return;
      }
      case 'ClienteFhirRevocado':
        await trx('fhir_clientes').where({ id_cliente: event.data.idCliente }).update({ activo: false, revocado_en: stored.metadata.occurredAt });
        return;
      default:
        return; // not an event of this read model
    }
  },
};
