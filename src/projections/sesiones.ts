import type { Projection } from './runner.ts';

export const sesionesProjection: Projection = {
  name: 'sesiones',
  tables: [],
  async apply() {},
};
