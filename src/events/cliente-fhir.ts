import type { DomainEvent } from './domain-event.ts';

// A machine client of the FHIR API (SMART Backend Services, docs/fhir.md): registered by an admin
// with its public key set, which signs its token requests. No secret is ever stored: the keys are
// public, and `clientId` is an identifier, not a credential.

/** One public key as a JWK: only the public members are kept (src/commands/cliente-fhir-rules.ts). */
export type JwkPublica = Record<string, string>;

export interface ClienteFhirCampos {
  idCliente: number;
  /** The OAuth client_id: 32 random hex characters. */
  clientId: string;
  nombre: string;
  jwks: { keys: JwkPublica[] };
  /** The scopes it may be granted, e.g. `system/*.read`. */
  scopes: string[];
  registradoEn: string;
}

export type ClienteFhirRegistrado = DomainEvent<'ClienteFhirRegistrado', ClienteFhirCampos>;
export type ClienteFhirRevocado = DomainEvent<'ClienteFhirRevocado', { idCliente: number; clientId: string }>;

export type ClienteFhirEvent = ClienteFhirRegistrado | ClienteFhirRevocado;

export type ClienteFhir =
  | { status: 'nuevo' }
  | { status: 'activo' | 'revocado'; idCliente: number; clientId: string };

export const clienteFhirStream = (idCliente: number) => `cliente-fhir-${idCliente}`;

export function evolveClienteFhir(state: ClienteFhir, event: ClienteFhirEvent): ClienteFhir {
  switch (event.type) {
    case 'ClienteFhirRegistrado':
      return { status: 'activo', idCliente: event.data.idCliente, clientId: event.data.clientId };
    case 'ClienteFhirRevocado':
      return state.status === 'nuevo' ? state : { ...state, status: 'revocado' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
