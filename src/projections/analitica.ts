import type { Projection } from './runner.ts';

export const analiticaProjection: Projection = {
  name: 'analitica',
  tables: [],
  async apply() {},
};
