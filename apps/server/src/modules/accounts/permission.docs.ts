import { ApiErrorSchema, ROLE_PERMISSIONS, ROLES } from '@magazzino/contract';
import type { RouteOptions } from 'fastify';

/**
 * An onRoute hook: a route that declares `config.permission` gets it written into its OpenAPI
 * description, with the roles that hold it, and a 403 answer, so the document says who may call
 * what without every route repeating it.
 */
export function documentPermission(route: RouteOptions): void {
  const permission = route.config?.permission;
  if (permission === undefined || route.schema === undefined) return;
  const roles = ROLES.filter((role) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission));
  const rule = `Permesso richiesto: \`${permission}\` (ruoli: ${roles.join(', ')}).`;
  route.schema.description = route.schema.description ? `${route.schema.description}\n\n${rule}` : rule;
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  if (!('403' in response)) {
    response[403] = ApiErrorSchema.describe(`Il ruolo dell'utente non ha il permesso ${permission}`);
  }
  route.schema.response = response;
}
