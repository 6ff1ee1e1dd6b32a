import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';

export function progresoRoutes(deps: AppDeps): RouteDef[] {
  void deps;
  return [];
}
