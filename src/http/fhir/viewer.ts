import type { Context } from 'koa';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import type { FhirViewer } from '../../queries/fhir/types.ts';

/** A machine client authenticated with SMART Backend Services (src/http/fhir/smart/). */
export interface FhirClient {
  idCliente: number;
  clientId: string;
  nombre: string;
  scopes: string[];
  types: 'all' | Set<string>;
  /** Whether its scopes name DocumentReference (src/http/fhir/smart/scopes.ts). */
  notas: boolean;
}

/** What a person may read, by role, exactly as in the REST API. An AUDITOR reads the audit only. */
export function viewerOfUser(user: AuthUser): FhirViewer {
  const who = { idUsuario: user.idUsuario, rol: user.rol, idCliente: null };
  switch (user.rol) {
    case 'ADMIN':
      return { scope: { kind: 'all' }, notasClinicas: true, types: 'all', who };
    case 'PSICOLOGO':
      if (user.idPsicologo === null) throw errors.forbidden();
      return { scope: { kind: 'psicologo', idPsicologo: user.idPsicologo }, notasClinicas: true, types: 'all', who };
    case 'PACIENTE':
      if (user.idPaciente === null) throw errors.forbidden();
      return { scope: { kind: 'paciente', idPaciente: user.idPaciente }, notasClinicas: false, types: 'all', who };
    case 'AUDITOR':
      throw errors.auditorReadOnly();
    default: {
      const never: never = user.rol;
      return never;
    }
  }
}

/**
 * A system client reads everything its scopes name. Psychotherapy notes only when a scope names
 * DocumentReference itself: `system/*.read` alone does not hand them out (they are the most
 * protected part of the record; the administrator who registers the client decides, and the
 * token endpoint grants DocumentReference only to a registration naming it).
 */
export function viewerOfClient(client: FhirClient): FhirViewer {
  return { scope: { kind: 'all' }, notasClinicas: client.notas, types: client.types, who: { idUsuario: null, rol: 'CLIENTE_FHIR', idCliente: client.idCliente } };
}

export function fhirViewer(ctx: Context): FhirViewer {
  const viewer = ctx.state.fhirViewer as FhirViewer | undefined;
  if (!viewer) throw errors.unauthenticated();
  return viewer;
}

/** 403 when a machine client's scopes do not name this type. */
export function checkTypeAllowed(viewer: FhirViewer, type: string): void {
  if (viewer.types !== 'all' && !viewer.types.has(type)) {
    throw errors.forbidden();
  }
}
