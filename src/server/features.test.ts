import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { features } from './features';

describe('the features the app serves', () => {
  it('lists every feature folder once, by its manifest', async () => {
    const folders = readdirSync(join(__dirname, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const manifests = await Promise.all(folders.map(async (folder) => {
      const exported = Object.values(await import(`./features/${folder}/manifest`) as Record<string, { name: string }>);
      return { folder, names: exported.map((manifest) => manifest.name) };
    }));
    expect(manifests.filter(({ folder, names }) => names.length !== 1 || names[0] !== folder)).toEqual([]);
    expect(features.map((feature) => feature.name).sort()).toEqual([...folders].sort());
  });
});
