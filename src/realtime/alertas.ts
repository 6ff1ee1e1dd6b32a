import type { Knex } from 'knex';
import type { LiveTail } from '../eventstore/live-tail.ts';
import type { StoredEvent, Subscription } from '../eventstore/port.ts';
import type { AlertaSeguridadEmitida } from '../events/cuestionario.ts';
import type { Logger } from '../platform/logger.ts';
import type { Hub } from './hub.ts';
import { DESTINATIONS } from './options.ts';

/**
 * Safety alerts to the psychologist's open sessions (docs/care.md "Safety alert"), one per server
 * instance: a live subscription to the event log from its head, like the chat's, so an alert
 * reaches a connected psychologist as soon as the answer is committed, whichever instance stored
 * it, and waits for no checkpointed consumer (read models, reactors, outbox). Not checkpointed on
 * purpose: an alert raised while no instance ran is not pushed to sockets later; the mail and push
 * (the reactor's, exactly once through the outbox) and the open-alerts list carry it.
 */
export function startAlertDelivery(tail: LiveTail, hub: Hub, knex: Knex, logger?: Logger): Subscription {
  return tail.follow(
    async (events: StoredEvent[]) => {
      for (const e of events) {
        if (e.type !== 'AlertaSeguridadEmitida') continue;
        const d = (e as unknown as AlertaSeguridadEmitida).data;
        const row = await knex('psicologos').where({ id_psicologo: d.idPsicologo }).first('id_usuario');
        if (!row) continue;
        const body = JSON.stringify({
          tipo: 'AlertaSeguridad', idRespuesta: d.idRespuesta, idAsignacion: d.idAsignacion, idPaciente: d.idPaciente,
          instrumento: d.instrumento, fecha: d.fecha,
        });
        hub.deliverToUser(row.id_usuario, DESTINATIONS.alerts, body);
      }
    },
    { onError: (err) => logger?.error({ err }, 'safety alert delivery failed; retrying') },
  );
}
