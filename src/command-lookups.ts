// The read side's answers to the command side's lookups (src/commands/lookups.ts), wired at the
// composition root so that src/commands depends on its own port, never on src/queries.
import type { Knex } from 'knex';
import type { CommandLookups } from './commands/lookups.ts';
import { citasVivasDesde } from './queries/citas.ts';
import { findDispositivo } from './queries/dispositivos.ts';
import { entradasCon } from './queries/lista-espera.ts';
import { hasWrittenTo } from './queries/mensajes.ts';
import { findUsuarioParaPerfil } from './queries/pacientes.ts';
import { findPerfilDeUsuario } from './queries/psicologos.ts';
import { listSituaciones } from './queries/situaciones.ts';
import { anyAdminExists } from './queries/usuarios.ts';
import { outboxTraceOf, purgeOutbox } from './reactors/outbox-purge.ts';

export function commandLookups(knex: Knex): CommandLookups {
  return {
    anyAdminExists: () => anyAdminExists(knex),
    nombresSituaciones: async () => (await listSituaciones(knex, true)).map((s) => s.nombre),
    pacienteDeUsuario: async (idUsuario) => (await findUsuarioParaPerfil(knex, idUsuario))?.idPaciente ?? null,
    psicologoDeUsuario: async (idUsuario) => (await findPerfilDeUsuario(knex, idUsuario))?.idPsicologo ?? null,
    hasWrittenTo: (from, to) => hasWrittenTo(knex, from, to),
    duenoDispositivo: async (token) => (await findDispositivo(knex, token))?.idUsuario ?? null,
    citasVivasDesde: (idPaciente, desde) => citasVivasDesde(knex, idPaciente, desde),
    entradasEspera: (idPaciente, idPsicologo) => entradasCon(knex, idPaciente, idPsicologo),
    avisosPendientesDe: async (idUsuario) => {
      const trace = await outboxTraceOf(knex, idUsuario);
      return trace && { purge: () => purgeOutbox(knex, trace) };
    },
  };
}
