import type { Knex } from 'knex';
import type { JwkPublica } from '../events/cliente-fhir.ts';
import { localDateTime } from '../platform/time.ts';
import { pageById, type Page, type Paged } from './paging.ts';

/** A SMART Backend Services client as the admin lists it (its keys are not repeated there). */
export interface ClienteFhirView {
  idCliente: number;
  clientId: string;
  nombre: string;
  scopes: string[];
  activo: boolean;
  /** The practice's wall clock (`zone`), as every datetime the API answers. */
  registradoEn: string;
}

/** What the token endpoint and the token check need of an active client. */
export interface ClienteFhirActivo {
  idCliente: number;
  clientId: string;
  nombre: string;
  scopes: string[];
  jwks: { keys: JwkPublica[] };
}

const COLUMNS = ['id_cliente', 'client_id', 'nombre', 'scopes', 'activo', 'registrado_en'];
const viewIn = (zone: string) => (r: Record<string, any>): ClienteFhirView => ({
  idCliente: r.id_cliente, clientId: r.client_id, nombre: r.nombre, scopes: r.scopes, activo: r.activo,
  registradoEn: localDateTime(new Date(r.registrado_en), zone),
});

export function pageClientesFhir(knex: Knex, page: Page, zone: string): Promise<Paged<ClienteFhirView>> {
  return pageById(knex('fhir_clientes').select(COLUMNS), 'id_cliente', page, viewIn(zone));
}

export async function findClienteFhir(knex: Knex, idCliente: number, zone: string): Promise<ClienteFhirView | null> {
  const row = await knex('fhir_clientes').where({ id_cliente: idCliente }).first(COLUMNS);
  return row ? viewIn(zone)(row) : null;
}

/** The active client with that client_id (or, with `idCliente`, that one too); null when unknown or revoked. */
export async function findClienteFhirActivo(knex: Knex, clientId: string, idCliente?: number): Promise<ClienteFhirActivo | null> {
  const q = knex('fhir_clientes').where({ client_id: clientId, activo: true });
  if (idCliente !== undefined) q.where({ id_cliente: idCliente });
  const row = await q.first('id_cliente', 'client_id', 'nombre', 'scopes', 'jwks');
  return row ? { idCliente: row.id_cliente, clientId: row.client_id, nombre: row.nombre, scopes: row.scopes, jwks: row.jwks } : null;
}
