import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { calendarRoutes } from '../../../shared/api/routes/calendar';
import { calendarHandlers, registerCalendarFeed } from './calendarRoutes';
import { calendarUserData } from './calendarUserData';

export const calendarFeature: FeatureManifest = {
  name: 'calendar',
  register(app, deps) {
    registerRoutes(app, calendarRoutes, calendarHandlers(deps));
    registerCalendarFeed(app, deps);
  },
  userData: calendarUserData,
};
