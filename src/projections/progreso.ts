import type { Projection } from './runner.ts';

export const progresoProjection: Projection = {
  name: 'progreso',
  tables: [],
  async apply() {},
};
