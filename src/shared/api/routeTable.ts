import type { RouteDef } from './route';
import { userRoutes } from './routes/users';

/** Every API call of the product, keyed by endpoint name. Server registration and client endpoints both walk it. */
export const routeTable = {
  ...userRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;
