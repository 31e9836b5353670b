import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { seedDemoIfEmpty } from './seedDemo';

export const demoFeature: FeatureManifest = {
  name: 'demo',
  async prepare(deps) {
    if (deps.config.seedDemo) await seedDemoIfEmpty(deps);
  },
};
