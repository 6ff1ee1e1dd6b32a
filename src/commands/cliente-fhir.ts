import { randomBytes } from 'node:crypto';
import type { Actor, Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import {
  clienteFhirStream, evolveClienteFhir, type ClienteFhir, type ClienteFhirEvent,
} from '../events/cliente-fhir.ts';
import { jwksPublico, scopesPermitidos } from './cliente-fhir-rules.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';

export interface RegistroClienteFhir {
  nombre: string;
  jwks: unknown;
  scopes: readonly string[];
}

export type ClienteFhirCommand =
  | { type: 'RegistrarClienteFhir'; data: RegistroClienteFhir & { idCliente: number; clientId: string } }
  | { type: 'RevocarClienteFhir' };

export const clienteFhirNotFound = () => errors.notFound('Cliente FHIR', 'FHIR client');

export const clienteFhirDecider: Decider<ClienteFhir, ClienteFhirCommand, ClienteFhirEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveClienteFhir,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarClienteFhir': {
        if (state.status !== 'nuevo') throw errors.conflict('El cliente FHIR ya existe', 'FHIR client already exists');
        const { idCliente, clientId } = command.data;
        const nombre = command.data.nombre.trim().replace(/\s+/g, ' ');
        if (!nombre) throw errors.invalid('El nombre no puede estar vacío', 'nombre must not be empty');
        const jwks = jwksPublico(command.data.jwks);
        const scopes = scopesPermitidos(command.data.scopes);
        return [{ type: 'ClienteFhirRegistrado', data: { idCliente, clientId, nombre, jwks, scopes, registradoEn: ctx.now.toISOString() } }];
      }
      case 'RevocarClienteFhir':
        // Revoking twice is not found: the client no longer exists as far as the API is concerned.
        if (state.status !== 'activo') throw clienteFhirNotFound();
        return [{ type: 'ClienteFhirRevocado', data: { idCliente: state.idCliente, clientId: state.clientId } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export async function registrarClienteFhir(deps: CommandDeps, actor: Actor, registro: RegistroClienteFhir) {
  const idCliente = await deps.ids('cliente_fhir');
  // 128 random bits: an identifier nobody can guess, though knowing it opens nothing without the key.
  const clientId = randomBytes(16).toString('hex');
  const r = await handleCommand(deps.store, [{
    streamId: clienteFhirStream(idCliente), decider: clienteFhirDecider,
    command: { type: 'RegistrarClienteFhir', data: { ...registro, idCliente, clientId } },
  }], commandContext(deps, actor));
  return { idCliente, position: r.position, events: r.events };
}

export const revocarClienteFhir = (deps: CommandDeps, actor: Actor, idCliente: number) =>
  handleCommand(deps.store, [{ streamId: clienteFhirStream(idCliente), decider: clienteFhirDecider, command: { type: 'RevocarClienteFhir' } }], commandContext(deps, actor));
