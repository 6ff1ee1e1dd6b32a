import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';

export function mensajesRoutes(deps: AppDeps): RouteDef[] {
  void deps;
  return [];
}
