import type { Projection } from './runner.ts';

export const historialProjection: Projection = {
  name: 'historial',
  tables: [],
  async apply() {},
};
