import type { Reactor } from '../reactor.ts';
import type { RegistroFacturacionEvent } from '../../events/factura.ts';
import type { PacienteEliminado } from '../../events/paciente.ts';
import { destinatarioRetenido, type ClaveFacturacionDestruida } from '../../events/retencion-facturacion.ts';
import type { RegistroParaEnvio } from '../../platform/verifactu/suministro-xml.ts';

/**
 * Queues every registro de alta and anulación for AEAT (docs/billing.md "Submission to AEAT"): one
 * row of aeat_registros per event, keyed by its event id, so a redelivered event queues nothing
 * more. Rows follow the log, so an issuer's rows are in its chain's order. A record queued while
 * AEAT is unreachable (the sender's last submission failed) is marked to go with Incidencia = S.
 * An erased patient's name and NIF leave the queue as they leave the log and the invoices' reads:
 * when the retention job destroys their billing key (docs/billing.md "Retention"), or at erasure for
 * a record sealed before that key existed. The record itself never leaves the queue.
 */
export const aeatColaReactor: Reactor = {
  name: 'aeat-registros',
  handles: ['RegistroFacturacionAltaGenerado', 'RegistroFacturacionAnulacionGenerado', 'PacienteEliminado', 'ClaveFacturacionDestruida'],
  async react(trx, stored) {
    const event = stored as unknown as RegistroFacturacionEvent | PacienteEliminado | ClaveFacturacionDestruida;
    if (event.type === 'PacienteEliminado' || event.type === 'ClaveFacturacionDestruida') {
      const rows = trx('aeat_registros').where({ id_paciente: event.data.idPaciente });
      if (event.type === 'PacienteEliminado') rows.where({ destinatario_retenido: false });
      await rows.update({ registro: trx.raw(`registro #- '{registro,destinatario}'`) });
      return;
    }
    const alta = event.type === 'RegistroFacturacionAltaGenerado';
    const id = alta ? event.data.registro.factura : event.data.registro.anulada;
    const registro: RegistroParaEnvio = alta
      ? { tipo: 'alta', registro: { ...event.data.registro, ...(event.data.destinatario ? { destinatario: event.data.destinatario } : {}) } }
      : { tipo: 'anulacion', registro: event.data.registro };
    // An anulación names no issuer name: its invoice's alta, queued before it, does.
    const nombre = alta
      ? event.data.registro.nombreRazonEmisor
      : trx.raw(`(select emisor_nombre from aeat_registros where emisor_nif = ? and operacion = 'Alta' order by seq desc limit 1)`, [id.idEmisor]);
    await trx('aeat_registros').insert({
      id_registro: stored.metadata.eventId, emisor_nif: id.idEmisor, emisor_nombre: nombre, operacion: alta ? 'Alta' : 'Anulacion',
      id_factura: event.data.idFactura, id_paciente: alta ? event.data.idPaciente : null, num_serie: id.numSerie, fecha_expedicion: id.fechaExpedicion, huella: event.data.huella,
      registro: JSON.stringify(registro), destinatario_retenido: alta && destinatarioRetenido(stored),
      incidencia: trx.raw('coalesce((select caida_desde is not null from aeat_envio_estado where id = 1), false)'),
    }).onConflict('id_registro').ignore();
  },
};
