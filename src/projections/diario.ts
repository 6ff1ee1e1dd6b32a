import type { Projection } from './runner.ts';

export const diarioProjection: Projection = {
  name: 'diario',
  tables: [],
  async apply() {},
};
