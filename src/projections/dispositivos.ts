import type { Projection } from './runner.ts';

export const dispositivosProjection: Projection = {
  name: 'dispositivos',
  tables: [],
  async apply() {},
};
