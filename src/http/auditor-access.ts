import type { Rol } from '../platform/roles.ts';
import type { Method } from './routes.ts';

/**
 * What an AUDITOR may call besides the public routes: reads (GET) of the audit log and of the
 * audit export and replay, and the VERI*FACTU records. One list for the whole API, checked right after authentication
 * (src/http/auth.ts), so a route added later is closed to auditors unless it lies here; the
 * route must also name AUDITOR among its roles (`auth: AUDIT_READERS`).
 */
export const AUDITOR_READ_PREFIXES: readonly string[] = ['/audit/v1/', '/api/admin/auditoria/', '/api/admin/facturacion/registros'];

/** The roles of an audit read: `auth: AUDIT_READERS` on the /audit/v1 and /api/admin/auditoria routes. */
export const AUDIT_READERS: Rol[] = ['ADMIN', 'AUDITOR'];

export function auditorMayCall(route: { method: Method; path: string }): boolean {
  return route.method === 'get' && AUDITOR_READ_PREFIXES.some((prefix) => route.path.startsWith(prefix));
}
