import { route } from '../route';

/** Placeholder: this area's entries are written with their handlers. */
export const invitationRoutes = {} as const satisfies Record<string, ReturnType<typeof route>>;
